"""Settings → Storage (issue 13, walk36 #12): where this window's data lives, in words.

In front: the location as a path with Show in folder (SQLite) or the server and database
(PostgreSQL), the size of the store's files, the engine in words, and that changes made
elsewhere show live. Behind **Advanced** (closed by default): the store's URL (a password
is masked, never shown) and the steps and command that copy the store to PostgreSQL (or
back) and switch to it. No business rules: the facts come from
``Services.store_description``; the size is read on the runner's worker. Texts are in
the ``StoragePage`` translation context, re-said on a language switch (issue 27).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

import shiboken6
from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt, QTimer, QUrl
from PySide6.QtGui import QDesktopServices, QFontDatabase, QGuiApplication, QTextOption
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QSizePolicy,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from chathub_desktop.core.imported_chat import human_size
from chathub_desktop.gui.design import Space, Tone, set_tone
from chathub_desktop.gui.design.icons import Icon, icon
from chathub_desktop.gui.design.tokens import Width
from chathub_desktop.gui.settings.setting_rows import SettingGroup, SettingRow
from chathub_desktop.gui.shell.i18n import QT_TRANSLATE_NOOP, Texts, fill

if TYPE_CHECKING:
    from chathub_desktop.gui.shell.task_runner import TaskRunner
    from chathub_desktop.gui.shell.vector_fill import VectorFill
    from chathub_desktop.services.container import Services, StoreDescription

NEW_PG = "postgresql+psycopg://USER@HOST/chathub"
NEW_SQLITE = "sqlite:////path/to/chathub.sqlite3"

#: The engine in words, by ``is_sqlite``.
ENGINE_TEXT = {True: QT_TRANSLATE_NOOP("StoragePage", "SQLite — a single file on this computer"),
               False: QT_TRANSLATE_NOOP("StoragePage", "PostgreSQL — a shared database server; other computers can "
                                                       "use the same store")}

translate = QCoreApplication.translate


def store_files_size(path: str) -> int:
    """Bytes of the SQLite store at ``path`` with its ``-wal`` and ``-shm`` files (missing
    ones count 0). File I/O: call it on a worker thread."""
    total = 0
    for name in (path, path + "-wal", path + "-shm"):
        try:
            total += os.stat(name).st_size
        except OSError:
            continue
    return total


def server_words(url: str) -> str:
    """``database on host:port`` from a (masked) server URL, or the URL when it has no host
    (in the interface language)."""
    parts = urlsplit(url)
    database = parts.path.lstrip("/") or translate("StoragePage", "default database")
    host = parts.hostname or ""
    if not host:
        return url
    return fill(translate("StoragePage", "“%1” on %2"), database, host + (f":{parts.port}" if parts.port else ""))


class StoragePage(QWidget):
    """Settings → Storage (module docstring). In front: ``location_label``,
    ``show_folder_button`` (SQLite only), ``size_label`` (SQLite only, read on ``runner``),
    ``engine_label``, ``kind_label``. Behind ``advanced_button`` (checkable, closed):
    ``advanced`` with ``url_label`` (selectable), the copy command (``command_text``, in
    ``command_box``, wrapped anywhere so a long path never widens the page, issue 29) and
    ``copy_button``."""

    def __init__(self, services: Services, parent: QWidget | None = None, *,
                 runner: TaskRunner | None = None, vector_fill: VectorFill | None = None) -> None:
        super().__init__(parent)
        d = services.store_description()
        self._description = d
        self.texts = t = Texts(self)
        self.setMaximumWidth(Width.SETTINGS)  # walk51: rows as the other settings pages
        layout = QVBoxLayout(self)
        layout.setSpacing(Space.XL)
        lead = QLabel()
        t.bind(lead.setText, lambda: translate("StoragePage", "Your topics, assistants and memory are kept in this "
                                                              "store."))
        lead.setWordWrap(True)
        set_tone(lead, Tone.MUTED)
        layout.addWidget(lead)
        store = SettingGroup(t)
        layout.addWidget(store)
        self.location_label = QLabel()
        t.bind(self.location_label.setText, lambda: d.path if d.is_sqlite and d.path else server_words(d.url))
        self.location_label.setObjectName("storeLocation")
        self.location_label.setWordWrap(True)
        self.location_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.show_folder_button: QPushButton | None = None
        self.size_label: QLabel | None = None
        if d.is_sqlite and d.path:
            self.show_folder_button = QPushButton(icon(Icon.FOLDER), "")
            t.bind(self.show_folder_button.setText, lambda: translate("StoragePage", "Show in folder"))
            self.show_folder_button.setObjectName("storeShowFolder")
            t.bind(self.show_folder_button.setToolTip, lambda: translate(
                "StoragePage", "Open the folder that holds the store in the file manager"))
            self.show_folder_button.clicked.connect(self.show_folder)
        store.add(SettingRow(self.show_folder_button, lambda: translate("StoragePage", "Location"), t, note=self.location_label))
        if d.is_sqlite and d.path:
            self.size_label = QLabel("…")
            self.size_label.setObjectName("storeSize")
            store.add(SettingRow(self.size_label, lambda: translate("StoragePage", "Size"), t,
                                 description=lambda: translate("StoragePage", "The store's files on disk, with their "
                                                                              "journal.")))
        self.engine_label = QLabel()
        t.bind(self.engine_label.setText, lambda: translate("StoragePage", ENGINE_TEXT[d.is_sqlite]))
        self.engine_label.setObjectName("storeEngine")
        self.engine_label.setWordWrap(True)
        store.add(SettingRow(None, lambda: translate("StoragePage", "Engine"), t, note=self.engine_label))
        self.advanced_button = QToolButton()
        self.advanced_button.setObjectName("storeAdvanced")
        self.advanced_button.setProperty("disclosure", True)
        t.bind(self.advanced_button.setText, lambda: translate("StoragePage", "Advanced: the database URL and moving "
                                                                              "the store"))
        self.advanced_button.setCheckable(True)
        self.advanced_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.advanced_button.setIcon(icon(Icon.FOLDED))
        self.advanced_button.toggled.connect(self._show_advanced)
        self.advanced = self._advanced_box(d)
        self.advanced.hide()
        folded = QWidget()
        fl = QVBoxLayout(folded)
        fl.setContentsMargins(Space.MD, Space.SM, Space.XL, Space.LG)
        fl.addWidget(self.advanced_button, 0, Qt.AlignmentFlag.AlignLeft)
        fl.addWidget(self.advanced)
        store.add(folded)
        self.kind_label = QLabel()
        t.bind(self.kind_label.setText, lambda: translate(
            "StoragePage", "Changes made elsewhere — the command line, cron, another window — show here within about "
                           "a second.") if d.is_sqlite else translate(
            "StoragePage", "Changes made elsewhere — the command line, cron, another window, another computer — show "
                           "here within about a second."))
        self.kind_label.setWordWrap(True)
        set_tone(self.kind_label, Tone.MUTED)
        layout.addWidget(self.kind_label)
        self.recall_panel: QWidget | None = None
        if vector_fill is not None:
            from chathub_desktop.gui.shell.vector_fill import RecallVectorsPanel

            recall = SettingGroup(t)
            self.recall_panel = RecallVectorsPanel(vector_fill)
            inset = QWidget()
            il = QVBoxLayout(inset)
            il.setContentsMargins(Space.XL, Space.LG, Space.XL, Space.LG)
            il.addWidget(self.recall_panel)
            recall.add(inset)
            layout.addWidget(recall)
        layout.addStretch(1)
        self._runner = runner
        if self.size_label is not None and d.path and runner is not None:
            runner.run(f"store-size:{id(self)}", self._read_size(d.path), context="Storage", quiet=True)

    def _label(self, text: str, rich: bool = False) -> QLabel:
        """A label saying ``text`` (a ``StoragePage`` source) in the interface language;
        ``rich``: in bold."""
        label = QLabel()
        self.texts.bind(label.setText, lambda: f"<b>{translate('StoragePage', text)}</b>" if rich
                        else translate("StoragePage", text))
        return label

    def _advanced_box(self, d: StoreDescription) -> QWidget:
        box = QWidget()
        box.setObjectName("storeAdvancedBox")
        lay = QVBoxLayout(box)
        lay.setContentsMargins(Space.XL, 0, 0, 0)
        lay.addWidget(self._label(QT_TRANSLATE_NOOP("StoragePage", "Database URL"), rich=True))
        self.url_label = _code_box(d.url)
        self.url_label.setObjectName("storeUrl")
        lay.addWidget(self.url_label)
        lay.addSpacing(Space.MD)
        lay.addWidget(self._label(QT_TRANSLATE_NOOP("StoragePage", "Move to another store"), rich=True))
        target = NEW_PG if d.is_sqlite else NEW_SQLITE
        self.command_text = f"chathub-desktop db copy --from '{d.url}' --to '{target}'"
        steps = self._label(QT_TRANSLATE_NOOP(
            "StoragePage", "1. Quit ChatHub (and stop <code>dream serve</code>, if you run it).<br>2. Copy everything "
                           "into a new, empty database (it refuses one that holds data, checks every row count and "
                           "memory checksum, and writes nothing if anything fails):"))
        steps.setWordWrap(True)
        lay.addWidget(steps)
        self.command_box = _code_box(self.command_text)
        self.command_box.setObjectName("storeCommand")
        lay.addWidget(self.command_box)
        steps = QLabel()
        masked = "***" in d.url
        self.texts.bind(steps.setText, lambda: (
            translate("StoragePage", "(*** stands for the password, which is never shown here.)") + "<br>"
            if masked else "") + translate(
            "StoragePage", "3. Start ChatHub with <code>--database-url NEW_URL</code>, or set "
                           "<code>CHATHUB_DATABASE_URL=NEW_URL</code> for the app, the commands and the dream "
                           "service."))
        steps.setWordWrap(True)
        steps.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        lay.addWidget(steps)
        row = QHBoxLayout()
        row.addStretch(1)
        self.copy_button = QPushButton(icon(Icon.COPY), "")
        self.texts.bind(self.copy_button.setText, lambda: translate("StoragePage", "Copy command"))
        self.texts.bind(self.copy_button.setToolTip, lambda: translate(
            "StoragePage", "Copy the db copy command; replace the target URL with yours"))
        self.copy_button.clicked.connect(self._copy)
        row.addWidget(self.copy_button)
        lay.addLayout(row)
        return box

    def _show_advanced(self, shown: bool) -> None:
        self.advanced.setVisible(shown)
        self.advanced_button.setIcon(icon(Icon.DROP_DOWN if shown else Icon.FOLDED))

    async def _read_size(self, path: str) -> None:
        assert self._runner is not None and self.size_label is not None
        size = await self._runner.run_in_thread(store_files_size, path)
        if not shiboken6.isValid(self.size_label):
            return  # the page closed meanwhile
        self.size_label.setText(human_size(size))

    def reading_size(self) -> bool:
        """True while the store's size is read on the worker (tests wait on it)."""
        return self._runner is not None and self._runner.is_running(f"store-size:{id(self)}")

    def show_folder(self) -> bool:
        """Open the folder holding the SQLite store in the file manager; False when the
        system refused (or the store is not a file)."""
        if not self._description.path:
            return False
        return QDesktopServices.openUrl(QUrl.fromLocalFile(str(Path(self._description.path).parent)))

    def _copy(self) -> None:
        QGuiApplication.clipboard().setText(self.command_text)


def _code_box(text: str) -> QPlainTextEdit:
    """``text`` read-only in a monospace box that wraps anywhere (a long path breaks
    instead of widening the page) and is as tall as its lines."""
    box = QPlainTextEdit(text)
    box.setReadOnly(True)
    box.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
    box.setWordWrapMode(QTextOption.WrapMode.WrapAtWordBoundaryOrAnywhere)
    box.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    box.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
    box.setMinimumWidth(0)

    def fit() -> None:
        lines = max(1.0, box.document().documentLayout().documentSize().height())  # in lines (plain layout)
        box.setFixedHeight(int(lines * box.fontMetrics().lineSpacing()) + 2 * int(box.document().documentMargin()) + 4)

    box.document().documentLayout().documentSizeChanged.connect(lambda _s: fit())
    box.installEventFilter(_RefitOnResize(box, fit))  # a narrower page wraps into more lines
    fit()
    return box


class _RefitOnResize(QObject):
    """Calls ``fit`` after each resize of the box it filters (the wrap width changed)."""

    def __init__(self, box: QPlainTextEdit, fit: Callable[[], None]) -> None:
        super().__init__(box)
        self._fit = fit

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt name
        """Refit a moment after a resize (the document re-wraps first)."""
        if event.type() == QEvent.Type.Resize:
            QTimer.singleShot(0, self, self._fit)  # dropped if the box is gone first
        return False
