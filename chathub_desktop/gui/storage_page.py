"""Settings → Storage (issue 13): which store this window uses and how to move it.

Shows the store's URL (a password is masked, never shown), whether it is a file on
this machine or a shared server, that other processes' changes show live, and the
commands that copy the store to PostgreSQL (or back) and switch to it. No business
rules: the figures come from ``Services.store_description``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtGui import QFontDatabase, QGuiApplication, QTextOption
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

if TYPE_CHECKING:
    from chathub_desktop.gui.vector_fill import VectorFill
    from chathub_desktop.services.container import Services

NEW_PG = "postgresql+psycopg://USER@HOST/chathub"
NEW_SQLITE = "sqlite:////path/to/chathub.sqlite3"


class StoragePage(QWidget):
    """Settings → Storage: ``url_label`` (selectable), ``kind_label``, the copy command
    (``command_text``, in ``command_box``, wrapped anywhere so a long path never widens
    the page, issue 29) with a Copy button (``copy_button``)."""

    def __init__(self, services: Services, parent: QWidget | None = None, *,
                 vector_fill: VectorFill | None = None) -> None:
        super().__init__(parent)
        d = services.store_description()
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel("<b>This window's store</b>"))
        self.url_label = _code_box(d.url)
        self.url_label.setObjectName("storeUrl")
        layout.addWidget(self.url_label)
        kind = ("An SQLite file on this computer." if d.is_sqlite else
                "A shared PostgreSQL database: other computers can use the same store.")
        self.kind_label = QLabel(kind + " Changes made elsewhere — the command line, cron, another window"
                                 + ("" if d.is_sqlite else ", another computer")
                                 + " — show here within about a second.")
        self.kind_label.setWordWrap(True)
        layout.addWidget(self.kind_label)
        layout.addSpacing(12)
        layout.addWidget(QLabel("<b>Move to another store</b>"))
        target = NEW_PG if d.is_sqlite else NEW_SQLITE
        self.command_text = f"chathub-desktop db copy --from '{d.url}' --to '{target}'"
        steps = QLabel(
            "1. Quit ChatHub (and stop <code>dream serve</code>, if you run it).<br>"
            "2. Copy everything into a new, empty database (it refuses one that holds data, "
            "checks every row count and memory checksum, and writes nothing if anything fails):")
        steps.setWordWrap(True)
        layout.addWidget(steps)
        self.command_box = _code_box(self.command_text)
        self.command_box.setObjectName("storeCommand")
        layout.addWidget(self.command_box)
        steps = QLabel(
            ("(*** stands for the password, which is never shown here.)<br>" if "***" in d.url else "")
            +
            "3. Start ChatHub with <code>--database-url NEW_URL</code>, or set "
            "<code>CHATHUB_DATABASE_URL=NEW_URL</code> for the app, the commands and the dream service.")
        steps.setWordWrap(True)
        steps.setTextInteractionFlags(steps.textInteractionFlags() | steps.textInteractionFlags().TextSelectableByMouse)
        layout.addWidget(steps)
        row = QHBoxLayout()
        row.addStretch(1)
        self.copy_button = QPushButton("Copy command")
        self.copy_button.setToolTip("Copy the db copy command; replace the target URL with yours")
        self.copy_button.clicked.connect(self._copy)
        row.addWidget(self.copy_button)
        layout.addLayout(row)
        self.recall_panel: QWidget | None = None
        if vector_fill is not None:
            from chathub_desktop.gui.vector_fill import RecallVectorsPanel

            layout.addSpacing(12)
            self.recall_panel = RecallVectorsPanel(vector_fill)
            layout.addWidget(self.recall_panel)
        layout.addStretch(1)

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
            QTimer.singleShot(0, self._fit)
        return False
