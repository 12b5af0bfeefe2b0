"""Tab in the order a part is laid out on screen (issue 30, walk55b #6; STYLE.md: every
control reachable with Tab): Qt's focus chain follows the order widgets were made and
re-parented, so a part built over several turns — the Memory page's Dreaming memory
group, its schedule form made after the dynamic-memory cards — took Tab through the
cards before the schedule above them.

:func:`follow_layout` re-chains the Tab stops under a widget in the order of its layouts:
depth first, each box layout's items in their order (top to bottom, left to right — or
right to left, as a right-to-left language mirrors them and reads them), every page of a
stacked layout or tab widget (the tab widget, standing for its tab bar, first), a
splitter's panes, a scroll area's content. A widget in no
layout keeps its place in the chain; a compound widget (a spin box, a list) is one stop.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractScrollArea,
    QLayout,
    QScrollArea,
    QSplitter,
    QTabWidget,
    QWidget,
)

__all__ = ["follow_layout", "layout_order"]


def layout_order(root: QWidget) -> list[QWidget]:
    """The widgets under ``root`` (itself included) that take the focus, in the order of
    its layouts (see the module docstring); shown or not, enabled or not, by Tab or by a
    click only — Tab skips the hidden, disabled and click-only ones itself, and they keep
    their place for when that changes (a segmented control's other segments take Tab once
    chosen)."""
    out: list[QWidget] = []
    _walk(root, out, {})
    return out


def follow_layout(root: QWidget) -> list[QWidget]:
    """Put the Tab stops under ``root`` one after the other in :func:`layout_order`, after
    the first of them (which keeps its place in the window's chain); returns them."""
    order = layout_order(root)
    for first, second in zip(order, order[1:], strict=False):
        QWidget.setTabOrder(first, second)
    return order


def _walk(w: QWidget, out: list[QWidget], seen: dict[int, QWidget]) -> None:
    key = id(w)
    if key in seen:
        return
    seen[key] = w  # held: an id is unique only while its object lives
    proxy = w.focusProxy()
    if w.focusPolicy() != Qt.FocusPolicy.NoFocus and (proxy is None or w.isAncestorOf(proxy)):
        # a tab widget stands for its tab bar (its focus proxy): chained as one, Qt moves the
        # tab bar with it; the tab bar alone left the tab widget behind, a stop that led back
        out.append(w)
        if proxy is not None:
            seen[id(proxy)] = proxy
    if isinstance(w, QTabWidget):
        _walk(w.tabBar(), out, seen)  # its own stop when the tab widget is none
        for i in range(w.count()):
            page = w.widget(i)
            if page is not None:
                _walk(page, out, seen)
        return
    if isinstance(w, QSplitter):  # its panes in order, as its own layout places them
        for i in range(w.count()):
            pane = w.widget(i)
            if pane is not None:
                _walk(pane, out, seen)
        return
    if isinstance(w, QScrollArea):
        inner = w.widget()
        if inner is not None:
            _walk(inner, out, seen)
        return
    if isinstance(w, QAbstractScrollArea):
        return  # a list or text view: one stop (its editors come and go with it)
    lay = w.layout()
    if lay is not None:
        _walk_layout(lay, out, seen)


def _walk_layout(lay: QLayout, out: list[QWidget], seen: dict[int, QWidget]) -> None:
    for i in range(lay.count()):
        item = lay.itemAt(i)
        if item is None:
            continue
        child = item.widget()
        if child is not None:
            _walk(child, out, seen)
            continue
        inner = item.layout()
        if inner is not None:
            _walk_layout(inner, out, seen)
