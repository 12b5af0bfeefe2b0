"""The question before memory is replaced (issue 18 "Preview before replace"): what an
import (Replace or Merge), a raw save that removes entries, Clear or a fold will change —
counts, then the entries (cards) added, removed and edited, and the folds — and a button
that does it. Nothing is written unless the user picks it.

The previews are computed by the services on the page's worker thread
(:mod:`chathub_desktop.services.memory_preview`, ``MemoryTransfer.preview_import``); this
module only shows them. :func:`ask` is the one entry point, so tests can replace it like
:func:`chathub_desktop.gui.confirm.ask`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QButtonGroup,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QPushButton,
    QRadioButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from chathub_desktop.core.memory_diff import EntryChanges
from chathub_desktop.gui.design import current_colours

#: Rows listed at most per kind of change (the counts above are always whole).
MAX_ROWS = 200


def _diff_colour(kind: str) -> str:
    """Row background of an added / removed / edited entry (diff tokens)."""
    c = current_colours()
    return {"added": c.diff_added, "removed": c.diff_removed}.get(kind, c.diff_edited)


@dataclass(frozen=True)
class PreviewOption:
    """One way to go ahead: ``key`` returned by :func:`ask`, ``label`` of its radio button
    (when there are several), the summary ``lines`` and the entry ``changes`` it makes
    (None: no entry list), and the ``titles`` of its groups."""

    key: str
    label: str
    lines: Sequence[str]
    changes: EntryChanges | None = None
    #: Titles of the added / removed / edited groups (a fold's removed cards are folded).
    titles: tuple[str, str, str] = ("Added", "Removed", "Edited")


def _short(text: str, limit: int = 160) -> str:
    one = " ".join(text.split())
    return one if len(one) <= limit else one[: limit - 1] + "…"


class ChangePreviewDialog(QDialog):
    """The preview: a heading, the chosen option's summary and its changes as a tree
    (Added / Removed / Edited, each at most :data:`MAX_ROWS` rows), radio buttons when
    there are several options, the ``action`` button and Cancel (the default)."""

    def __init__(self, parent: QWidget | None, title: str, heading: str, options: Sequence[PreviewOption],
                 action: str) -> None:
        super().__init__(parent)
        self.setObjectName("changePreviewDialog")
        self.setWindowTitle(title)
        self.resize(640, 460)
        self.options = list(options)
        self.chosen: str | None = None
        lay = QVBoxLayout(self)
        head = QLabel(heading)
        head.setObjectName("previewHeading")
        head.setWordWrap(True)
        head.setStyleSheet("font-weight: bold;")
        lay.addWidget(head)
        self.radios = QButtonGroup(self)
        for i, opt in enumerate(self.options if len(self.options) > 1 else []):
            rb = QRadioButton(opt.label)
            rb.setObjectName(f"previewOption_{opt.key}")
            self.radios.addButton(rb, i)
            lay.addWidget(rb)
        self.summary = QLabel()
        self.summary.setObjectName("previewSummary")
        self.summary.setWordWrap(True)
        self.summary.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        lay.addWidget(self.summary)
        self.tree = QTreeWidget()
        self.tree.setObjectName("previewChanges")
        self.tree.setHeaderHidden(True)
        self.tree.setAccessibleName("What will change")
        lay.addWidget(self.tree, 1)
        box = QDialogButtonBox()
        self.action_button = QPushButton(action)
        self.action_button.setObjectName("previewAction")
        box.addButton(self.action_button, QDialogButtonBox.ButtonRole.AcceptRole)
        cancel = box.addButton(QDialogButtonBox.StandardButton.Cancel)
        cancel.setDefault(True)
        self.action_button.setAutoDefault(False)
        box.accepted.connect(self._accept)
        box.rejected.connect(self.reject)
        lay.addWidget(box)
        self.radios.idClicked.connect(self.show_option)
        if self.radios.buttons():
            self.radios.buttons()[0].setChecked(True)
        self.show_option(0)

    def current(self) -> PreviewOption:
        """The option shown (the checked radio button, or the only one)."""
        i = self.radios.checkedId()
        return self.options[i if i >= 0 else 0]

    def show_option(self, i: int) -> None:
        """Show option ``i``'s summary and changes."""
        opt = self.options[i]
        self.summary.setText("\n".join(opt.lines))
        self.tree.clear()
        c = opt.changes
        if c is None:
            self.tree.hide()
            return
        self.tree.show()
        groups: list[tuple[str, str, list[str]]] = [
            ("added", opt.titles[0], list(c.added)), ("removed", opt.titles[1], list(c.removed)),
            ("edited", opt.titles[2], [f"{_short(a, 70)}  →  {_short(b, 70)}" for a, b in c.edited])]
        for kind, title, rows in groups:
            if not rows:
                continue
            top = QTreeWidgetItem([f"{title} ({len(rows):,})"])
            top.setData(0, Qt.ItemDataRole.UserRole, kind)
            brush = QBrush(QColor(_diff_colour(kind)))
            for text in rows[:MAX_ROWS]:
                item = QTreeWidgetItem([_short(text)])
                item.setToolTip(0, text)
                item.setBackground(0, brush)
                top.addChild(item)
            if len(rows) > MAX_ROWS:
                top.addChild(QTreeWidgetItem([f"… and {len(rows) - MAX_ROWS:,} more"]))
            self.tree.addTopLevelItem(top)
            top.setExpanded(True)
        if c.empty:
            self.tree.addTopLevelItem(QTreeWidgetItem(["No entry changes."]))

    def rows(self, kind: str) -> list[str]:
        """The texts listed under ``kind`` (``added`` / ``removed`` / ``edited``)."""
        for i in range(self.tree.topLevelItemCount()):
            top = self.tree.topLevelItem(i)
            if top is not None and top.data(0, Qt.ItemDataRole.UserRole) == kind:
                return [top.child(j).text(0) for j in range(top.childCount())]
        return []

    def _accept(self) -> None:
        self.chosen = self.current().key
        self.accept()


def ask(parent: QWidget | None, title: str, heading: str, options: Sequence[PreviewOption],
        action: str) -> str | None:
    """Show the preview modally; the key of the option the user went ahead with, or
    None (Cancel / Esc)."""
    dlg = ChangePreviewDialog(parent, title, heading, options, action)
    dlg.exec()
    return dlg.chosen
