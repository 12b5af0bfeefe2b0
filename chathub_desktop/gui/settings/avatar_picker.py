"""The assistant editor's avatar field as a picker (issue 29): its editable drop-down opens
a grid of emoji (:data:`~chathub_desktop.core.avatars.AVATAR_CHOICES`, only those the
installed fonts draw: walk37 #8) instead of a long list; typing any emoji or one or two
letters still works, and an empty field shows the name's initial (its placeholder).
"""

from __future__ import annotations

import math

from PySide6.QtCore import QEvent, QItemSelectionModel, QObject, QSize, Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QComboBox, QListView

from chathub_desktop.core.avatars import AVATAR_CHOICES
from chathub_desktop.gui.design.avatar import drawable
from chathub_desktop.gui.design.tokens import IconSize, Space, TypeScale

__all__ = ["GRID_COLUMNS", "install_avatar_grid", "mark_current", "offered_avatars"]

#: Emoji per row of the picker's grid.
GRID_COLUMNS = 6
#: A cell of the grid, px: an emoji at the heading size with room to point at it, inside
#: the cell's tile margin and ring (walk45 #9).
_CELL = IconSize.AVATAR + Space.LG


def offered_avatars() -> list[str]:
    """The suggestions this machine can draw whole (no tofu boxes, walk37 #8)."""
    return [c for c in AVATAR_CHOICES if drawable(c)]


class _MarkCurrent(QObject):
    """When the grid opens, the field's emoji is the grid's current cell (walk45 #9: the
    grid marked nothing, or the first cell, whatever was chosen); none when typed."""

    def __init__(self, combo: QComboBox, view: QListView) -> None:
        super().__init__(combo)
        self._combo, self._view = combo, view
        view.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        """On the grid's Show, select the cell of the field's text."""
        if event.type() == QEvent.Type.Show:
            mark_current(self._combo, self._view)
        return False


def mark_current(combo: QComboBox, view: QListView) -> None:
    """Make the cell holding ``combo``'s text the grid's current, selected one (no cell
    when the text is none of them)."""
    row = combo.findText(combo.currentText().strip(), Qt.MatchFlag.MatchExactly)
    selection = view.selectionModel()
    if row < 0:
        selection.clear()
        return
    selection.setCurrentIndex(combo.model().index(row, 0), QItemSelectionModel.SelectionFlag.ClearAndSelect)


def install_avatar_grid(combo: QComboBox) -> QListView:
    """Fill the editable ``combo`` with :func:`offered_avatars` and make its pop-up a grid
    of :data:`GRID_COLUMNS` per row (rows as many as needed, all in view, no scroll bar);
    returns the grid's view. The field stays as wide as a few characters."""
    offered = offered_avatars()
    combo.addItems(offered)
    combo.setMinimumContentsLength(3)
    combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
    view = QListView(combo)
    view.setObjectName("avatarGrid")
    view.setViewMode(QListView.ViewMode.IconMode)
    view.setFlow(QListView.Flow.LeftToRight)
    view.setWrapping(True)
    view.setMovement(QListView.Movement.Static)
    view.setResizeMode(QListView.ResizeMode.Adjust)
    view.setUniformItemSizes(True)
    view.setGridSize(QSize(_CELL, _CELL))
    view.setSpacing(0)
    view.setTextElideMode(Qt.TextElideMode.ElideNone)  # an emoji is never cut to "…"
    font = QFont(combo.font())
    font.setPointSizeF(font.pointSizeF() * TypeScale.HEADING.value)
    view.setFont(font)
    combo.setView(view)
    # the pop-up sizes a list by its rows' heights; the grid says its own size instead,
    # every cell in view and no scroll bar
    view.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    rows = max(1, math.ceil(len(offered) / GRID_COLUMNS))
    frame = 2 * (view.frameWidth() + Space.XS)
    view.setMinimumSize(GRID_COLUMNS * _CELL + frame, rows * _CELL + frame)
    combo.setMaxVisibleItems(rows)  # the pop-up as tall as the grid: no empty rows below (walk45 #9)
    _MarkCurrent(combo, view)
    return view
