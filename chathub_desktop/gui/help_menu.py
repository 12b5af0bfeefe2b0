"""Help → About, Open data folder and Keyboard shortcuts (issue 16).

- :class:`AboutDialog`: version, data dir, database URL without secrets and where API
  keys are kept (:meth:`Services.about`, read on a worker thread), with Copy and Open
  data folder.
- :func:`open_data_folder`: the data dir in the desktop's file manager.
- :class:`ShortcutsDialog`: every keyboard shortcut of the window and of the pages open
  now, read from their actions (so the list cannot drift from what the keys do).
"""

from __future__ import annotations

import html
from collections.abc import Iterable
from pathlib import Path

from PySide6.QtCore import Qt, QUrl
from PySide6.QtGui import QAction, QDesktopServices, QGuiApplication, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QMenu,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from chathub_desktop import __version__
from chathub_desktop.services.app_info import AppInfo

__all__ = ["AboutDialog", "ShortcutsDialog", "open_data_folder", "shortcut_rows"]


def open_data_folder(path: Path) -> bool:
    """Show ``path`` in the file manager (created first if missing). False when the
    desktop has no handler for folders."""
    path.mkdir(parents=True, exist_ok=True)
    return QDesktopServices.openUrl(QUrl.fromLocalFile(str(path)))


class AboutDialog(QDialog):
    """Help → About. Shows the version and "Reading…" until :meth:`set_info` gets the
    facts (before the store is open, that is all it shows)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("aboutDialog")
        self.setWindowTitle("About ChatHub Desktop")
        self.info: AppInfo | None = None
        lay = QVBoxLayout(self)
        self.label = QLabel(f"<h3>ChatHub Desktop {html.escape(__version__)}</h3><p>Reading…</p>")
        self.label.setObjectName("aboutText")
        self.label.setTextFormat(Qt.TextFormat.RichText)
        self.label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.label.setWordWrap(True)
        lay.addWidget(self.label)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.copy_button = self.buttons.addButton("&Copy", QDialogButtonBox.ButtonRole.ActionRole)
        self.copy_button.setToolTip("Copy these details (for a bug report)")
        self.copy_button.clicked.connect(self.copy)
        self.folder_button = self.buttons.addButton("Open &data folder", QDialogButtonBox.ButtonRole.ActionRole)
        self.folder_button.setToolTip("Show the data folder in your file manager")
        self.folder_button.clicked.connect(lambda: self.info and open_data_folder(self.info.data_dir))
        self.buttons.rejected.connect(self.reject)
        lay.addWidget(self.buttons)
        self.copy_button.setEnabled(False)
        self.folder_button.setEnabled(False)
        self.resize(560, 300)

    def set_info(self, info: AppInfo) -> None:
        """Show ``info``."""
        self.info = info
        rows = "".join(f"<tr><td><b>{html.escape(k)}</b>&nbsp;&nbsp;</td><td>{html.escape(v)}</td></tr>"
                       for k, v in self.details())
        self.label.setText(
            f"<h3>ChatHub Desktop {html.escape(info.version)}</h3>"
            "<p>A local-first chat client for your own API keys, built around assistant memory "
            "and context compaction. Conversations stay in your own database.</p>"
            f"<table>{rows}</table>")
        self.copy_button.setEnabled(True)
        self.folder_button.setEnabled(True)

    def details(self) -> list[tuple[str, str]]:
        """``(label, value)`` rows: version, data folder, database, API keys, and where
        each provider's key lives."""
        if self.info is None:
            return []
        i = self.info
        return [("Version", i.version), ("Data folder", str(i.data_dir)),
                ("Database", i.database_url), ("API keys", i.keys),
                *((f"Key of {name}", where) for name, where in i.provider_keys)]  # issue 28

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
    order of ``sections``, then by place and name. ``keys`` in the platform's own text
    (``Ctrl+Shift+K``), alternatives joined by ", "."""
    rows: list[tuple[str, str, str]] = []
    for section, root in sections:
        found: dict[tuple[str, str], str] = {}
        for action in [*root.actions(), *root.findChildren(QAction)]:
            keys = ", ".join(k.toString(QKeySequence.SequenceFormat.NativeText)
                             for k in action.shortcuts() if not k.isEmpty())
            name = _label(action)
            if keys and name:
                found.setdefault((_menu_path(action) or section, name), keys)
        rows += [(where, what, found[where, what])
                 for where, what in sorted(found, key=lambda k: (k[0].casefold(), k[1].casefold()))]
    return rows


class ShortcutsDialog(QDialog):
    """Help → Keyboard shortcuts: a read-only table of :func:`shortcut_rows`."""

    def __init__(self, sections: Iterable[tuple[str, QWidget]], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("shortcutsDialog")
        self.setWindowTitle("Keyboard shortcuts")
        self.rows = shortcut_rows(sections)
        lay = QVBoxLayout(self)
        self.table = QTableWidget(len(self.rows), 3)
        self.table.setObjectName("shortcutsTable")
        self.table.setHorizontalHeaderLabels(["Where", "Action", "Keys"])
        self.table.verticalHeader().hide()
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        for r, row in enumerate(self.rows):
            for c, text in enumerate(row):
                self.table.setItem(r, c, QTableWidgetItem(text))
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)
        lay.addWidget(self.table)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        lay.addWidget(buttons)
        self.resize(620, 520)
