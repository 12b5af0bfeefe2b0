"""Help → About, Open data folder and Keyboard shortcuts (issue 16).

- :class:`AboutDialog`: the app icon, version, links, where API keys are kept, and the
  data dir, database URL without secrets and log file behind Details
  (:meth:`Services.about`, read on a worker thread), with Copy details and Open data
  folder (walk29 #22).
- :func:`open_data_folder`: the data dir in the desktop's file manager.
- :class:`ShortcutsDialog`: every keyboard shortcut of the window and of the pages open
  now, read from their actions (so the list cannot drift from what the keys do).
"""

from __future__ import annotations

import html
from collections.abc import Iterable
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QSize, Qt, QUrl
from PySide6.QtGui import QAction, QDesktopServices, QGuiApplication, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QMenu,
    QTableWidget,
    QTableWidgetItem,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from chathub_desktop import __version__
from chathub_desktop.gui.design import Tone, set_tone
from chathub_desktop.gui.design.app_icon import app_icon
from chathub_desktop.gui.design.tokens import IconSize, Space
from chathub_desktop.gui.shell.i18n import QT_TRANSLATE_NOOP, Texts, fill
from chathub_desktop.gui.shell.screen_room import fitted_to_screen
from chathub_desktop.gui.shell.service_reasons import said as said_reason
from chathub_desktop.logging_setup import LOG_FILE_NAME
from chathub_desktop.services.assistants.app_info import AppInfo

__all__ = ["AboutDialog", "ShortcutsDialog", "open_data_folder", "project_links", "shortcut_rows"]

#: The app icon's side in About, px.
ABOUT_ICON = IconSize.APP
#: About's width, px (its height follows its content).
ABOUT_WIDTH = 560
#: The href of the links line's "Log file".
LOG_LINK = "chathub:log"


def open_data_folder(path: Path) -> bool:
    """Show ``path`` in the file manager (created first if missing). False when the
    desktop has no handler for folders."""
    path.mkdir(parents=True, exist_ok=True)
    return QDesktopServices.openUrl(QUrl.fromLocalFile(str(path)))


#: The licence the package ships under (pyproject ``license``).
LICENCE = "MIT"
#: What ChatHub Desktop is, in one line under its name (translated where shown).
TAGLINE = QT_TRANSLATE_NOOP("AboutDialog", "A local-first chat client for your own API keys, built around "
                            "assistant memory and context compaction. Conversations stay in your own database.")
#: The labels of About's details (translated where shown; Copy details keeps the English
#: a bug report wants).
DETAIL_LABELS = (QT_TRANSLATE_NOOP("AboutDialog", "Version"), QT_TRANSLATE_NOOP("AboutDialog", "Data folder"),
                 QT_TRANSLATE_NOOP("AboutDialog", "Database"), QT_TRANSLATE_NOOP("AboutDialog", "API keys"),
                 QT_TRANSLATE_NOOP("AboutDialog", "Log file"), QT_TRANSLATE_NOOP("AboutDialog", "Keyring backend"))


def project_links() -> list[tuple[str, str]]:
    """``(label, url)`` of the package's project URLs (``[project.urls]`` in pyproject:
    website, source…); empty when the installed metadata has none."""
    from importlib import metadata

    try:
        entries = metadata.metadata("chathub-desktop").get_all("Project-URL") or []
    except metadata.PackageNotFoundError:
        return []
    links = []
    for entry in entries:
        label, _, url = entry.partition(",")
        if url.strip().startswith(("https://", "http://")):
            links.append((label.strip(), url.strip()))
    return links


class AboutDialog(QDialog):
    """Help → About (walk29 #22): the app icon, name, version and what it is; links (the
    project's URLs when the package names any, the licence, the data folder, the log
    file); where keys live in a user's words; the technical facts (data folder, database,
    log, keyring backend, each provider's key) behind **Details**. Shows "Reading…" until
    :meth:`set_info` gets the facts (before the store is open, that is all it shows)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("aboutDialog")
        self.info: AppInfo | None = None
        translate = QCoreApplication.translate
        lay = QVBoxLayout(self)
        lay.setSpacing(Space.MD)
        head = QHBoxLayout()
        head.setSpacing(Space.LG)
        self.icon_label = QLabel()
        self.icon_label.setObjectName("aboutIcon")
        self.icon_label.setPixmap(app_icon().pixmap(QSize(ABOUT_ICON, ABOUT_ICON)))
        self.icon_label.setFixedSize(ABOUT_ICON, ABOUT_ICON)
        head.addWidget(self.icon_label, 0, Qt.AlignmentFlag.AlignTop)
        titles = QVBoxLayout()
        titles.setSpacing(Space.XS)
        title = QLabel("ChatHub Desktop")
        title.setObjectName("pageTitle")
        titles.addWidget(title)
        self.version_label = QLabel()
        self.version_label.setObjectName("aboutVersion")
        self.version_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        set_tone(self.version_label, Tone.MUTED)
        titles.addWidget(self.version_label)
        titles.addStretch(1)
        head.addLayout(titles, 1)
        lay.addLayout(head)
        self.label = QLabel()
        self.label.setObjectName("aboutText")
        self.label.setTextFormat(Qt.TextFormat.RichText)
        self.label.setWordWrap(True)
        lay.addWidget(self.label)
        self.links = QLabel()
        self.links.setObjectName("aboutLinks")
        self.links.setTextFormat(Qt.TextFormat.RichText)
        self.links.setWordWrap(True)
        self.links.linkActivated.connect(self.open_link)
        lay.addWidget(self.links)
        self.details_button = QToolButton()
        self.details_button.setObjectName("aboutDetailsToggle")
        self.details_button.setCheckable(True)
        self.details_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.details_button.setArrowType(Qt.ArrowType.RightArrow)
        self.details_button.toggled.connect(self._show_details)
        self.details_button.setEnabled(False)
        lay.addWidget(self.details_button, 0, Qt.AlignmentFlag.AlignLeft)
        self.details_label = QLabel()
        self.details_label.setObjectName("aboutDetails")
        self.details_label.setTextFormat(Qt.TextFormat.RichText)
        self.details_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.details_label.setWordWrap(True)
        self.details_label.hide()
        lay.addWidget(self.details_label)
        lay.addStretch(1)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.copy_button = self.buttons.addButton("", QDialogButtonBox.ButtonRole.ActionRole)
        self.copy_button.clicked.connect(self.copy)
        self.folder_button = self.buttons.addButton("", QDialogButtonBox.ButtonRole.ActionRole)
        self.folder_button.clicked.connect(lambda: self.info and open_data_folder(self.info.data_dir))
        self.buttons.rejected.connect(self.reject)
        lay.addWidget(self.buttons)
        self.copy_button.setEnabled(False)
        self.folder_button.setEnabled(False)
        self.texts = t = Texts(self)  # re-said on a language switch (issue 27)
        t.bind(self.setWindowTitle, lambda: translate("AboutDialog", "About ChatHub Desktop"))
        t.bind(self.details_button.setText, lambda: translate("AboutDialog", "Details"))
        t.bind(self.details_button.setToolTip, lambda: translate(
            "AboutDialog", "Data folder, database, log file, keyring backend and each provider's key"))
        t.bind(self.copy_button.setText, lambda: translate("AboutDialog", "&Copy details"))
        t.bind(self.copy_button.setToolTip, lambda: translate("AboutDialog", "Copy the details (for a bug report)"))
        t.bind(self.folder_button.setText, lambda: translate("AboutDialog", "Open &data folder"))
        t.bind(self.folder_button.setToolTip, lambda: translate(
            "AboutDialog", "Show the data folder, where the log file is too, in your file manager"))
        t.call(self._show_info)
        self.setMinimumWidth(ABOUT_WIDTH)  # Details grows it downwards, never narrower
        self.adjustSize()

    def set_info(self, info: AppInfo) -> None:
        """Show ``info``."""
        self.info = info
        self._show_info()
        self.details_button.setEnabled(True)
        self._fit_height()
        self.copy_button.setEnabled(True)
        self.folder_button.setEnabled(True)

    def _show_info(self) -> None:
        """The version, tagline, keys line, details and links in the interface language
        (the facts themselves as the service gave them)."""
        translate = QCoreApplication.translate
        tagline = html.escape(translate("AboutDialog", TAGLINE))
        version = self.info.version if self.info is not None else __version__
        self.version_label.setText(fill(translate("AboutDialog", "Version %1"), version))
        if self.info is None:
            reading = translate("AboutDialog", "Reading…")
            self.label.setText(f"<p>{tagline}</p><p>{html.escape(reading)}</p>")
        else:
            said_keys = said_reason(self.info.keys_why) if self.info.keys_why is not None else self.info.keys
            keys = said_keys[:1].lower() + said_keys[1:]
            line = fill(translate("AboutDialog", "API keys: %1"), keys)
            self.label.setText(f"<p>{tagline}</p><p>{html.escape(line)}</p>")
            rows = "".join(f"<tr><td><b>{html.escape(k)}</b>&nbsp;&nbsp;</td><td>{html.escape(v)}</td></tr>"
                           for k, v in self.details(said=True))
            self.details_label.setText(f"<table>{rows}</table>")
        parts = [f'<a href="{html.escape(url)}">{html.escape(label)}</a>' for label, url in project_links()]
        parts.append(html.escape(fill(translate("AboutDialog", "%1 licence"), LICENCE)))
        if self.info is not None:
            log = translate("AboutDialog", "Log file")
            parts.append(f'<a href="{LOG_LINK}">{html.escape(log)}</a>')
        self.links.setText(" · ".join(parts))

    def open_link(self, href: str) -> bool:
        """Open a link of the links line: the log file in the desktop's viewer, else the URL."""
        if href == LOG_LINK:
            return self.info is not None and QDesktopServices.openUrl(
                QUrl.fromLocalFile(str(self.info.data_dir / LOG_FILE_NAME)))
        return QDesktopServices.openUrl(QUrl(href))

    def _show_details(self, shown: bool) -> None:
        self.details_label.setVisible(shown)
        self.details_button.setArrowType(Qt.ArrowType.DownArrow if shown else Qt.ArrowType.RightArrow)
        self._fit_height()

    def _fit_height(self) -> None:
        """As tall as the content at the current width (wrapped lines included)."""
        lay = self.layout()
        assert lay is not None
        lay.activate()
        self.resize(self.width(), max(lay.totalMinimumSize().height(), lay.totalHeightForWidth(self.width())))

    def details(self, *, said: bool = False) -> list[tuple[str, str]]:
        """``(label, value)`` rows: version, data folder, database, API keys, the log file,
        the keyring backend and where each provider's key lives. Labels in English (what
        Copy details puts in a bug report), or with ``said`` in the interface language."""
        if self.info is None:
            return []
        i = self.info
        version, folder, database, keys, log, keyring = (
            QCoreApplication.translate("AboutDialog", x) if said else x for x in DETAIL_LABELS)
        key_of = QCoreApplication.translate("AboutDialog", "Key of %1") if said else "Key of %1"
        rows = [(version, i.version), (folder, str(i.data_dir)),
                (database, i.database_url),
                (keys, said_reason(i.keys_why) if said and i.keys_why is not None else i.keys),
                (log, str(i.data_dir / LOG_FILE_NAME)),
                *(((keyring, i.keyring_backend),) if i.keyring_backend else ()),
                *((fill(key_of, name), where) for name, where in i.provider_keys)]  # issue 28
        if said and i.provider_keys_why:  # issue 27: where each key lives, in the interface language
            rows = rows[:len(rows) - len(i.provider_keys)] + [(fill(key_of, name), said_reason(where))
                                                               for name, where in i.provider_keys_why]
        return rows

    def copy(self) -> None:
        """The details as plain text to the clipboard."""
        QGuiApplication.clipboard().setText("\n".join(f"{k}: {v}" for k, v in self.details()))


def _label(action: QAction) -> str:
    return action.text().replace("&&", "\0").replace("&", "").replace("\0", "&").rstrip(".…")


def _menu_path(action: QAction) -> str:
    """``Assistant`` or ``File → Import`` for an action in the menu bar, else ""."""
    for owner in action.associatedObjects():
        if isinstance(owner, QMenu):
            path: list[str] = []
            menu: QMenu | None = owner
            while menu is not None:
                path.append(menu.title().replace("&", ""))
                parent = menu.parent()
                menu = parent if isinstance(parent, QMenu) else None
            return " → ".join(reversed(path))
    return ""


def shortcut_rows(sections: Iterable[tuple[str, QWidget]]) -> list[tuple[str, str, str]]:
    """``(where, what, keys)`` for every action with a shortcut under each root widget:
    ``where`` is its menu (``Assistant``, ``File → Import``) or the section's name; in the
    order of ``sections``, then by place and name; an action under a section's root that
    another section's root holds (a page hosted in the window) is listed under that one
    only. ``keys`` in the platform's own text (``Ctrl+Shift+K``), alternatives joined by ", "."""
    rows: list[tuple[str, str, str]] = []
    sections = list(sections)
    roots = [root for _section, root in sections]
    for section, root in sections:
        found: dict[tuple[str, str], str] = {}
        # a page hosted in the window is a section of its own: its actions once, there (walk55b #10)
        inner = [r for r in roots if r is not root and root.isAncestorOf(r)]
        for action in [*root.actions(), *root.findChildren(QAction)]:
            owner = action.parent()
            if inner and isinstance(owner, QWidget) and any(r is owner or r.isAncestorOf(owner) for r in inner):
                continue
            # Return and Enter can read the same once translated ("Ctrl+回车" twice): said once
            keys = ", ".join(dict.fromkeys(k.toString(QKeySequence.SequenceFormat.NativeText)
                                           for k in action.shortcuts() if not k.isEmpty()))
            name = _label(action)
            if keys and name:
                found.setdefault((_menu_path(action) or section, name), keys)
        rows += [(where, what, found[where, what])
                 for where, what in sorted(found, key=lambda k: (k[0].casefold(), k[1].casefold()))]
    return rows


class ShortcutsDialog(QDialog):
    """Help → Keyboard shortcuts: a read-only table of :func:`shortcut_rows`, re-read
    from the actions (and its title and headers re-said) on a language switch (issue 27)."""

    def __init__(self, sections: Iterable[tuple[str, QWidget]], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("shortcutsDialog")
        self._sections = list(sections)
        self.rows = shortcut_rows(self._sections)
        lay = QVBoxLayout(self)
        self.table = QTableWidget(len(self.rows), 3)
        self.table.setObjectName("shortcutsTable")
        self.table.verticalHeader().hide()
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.texts = t = Texts(self)
        t.bind(self.setWindowTitle, lambda: QCoreApplication.translate("HelpMenu", "Keyboard shortcuts"))
        t.call(self._fill)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)
        lay.addWidget(self.table)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        lay.addWidget(buttons)
        self.resize(fitted_to_screen(QSize(620, 520), self))  # 1280×720 at 125 % too (issue 29)

    def _fill(self) -> None:
        """The headers and one row per shortcut, in the interface language."""
        translate = QCoreApplication.translate
        self.table.setHorizontalHeaderLabels([translate("HelpMenu", "Where"), translate("HelpMenu", "Action"),
                                              translate("HelpMenu", "Keys")])
        self.rows = shortcut_rows(self._sections)
        self.table.setRowCount(len(self.rows))
        for r, row in enumerate(self.rows):
            for c, text in enumerate(row):
                self.table.setItem(r, c, QTableWidgetItem(text))
