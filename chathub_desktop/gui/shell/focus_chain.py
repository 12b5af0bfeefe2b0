"""The main window's keyboard order (walk49 #3): Tab walks the regions as they sit on
screen — the rail, the topic list, the chat's header, the messages (and any bar over
them), the composer and its buttons — and wraps; Shift+Tab walks back; F6 / Shift+F6
jump to the first stop of the next / previous region, as desktop apps do.

Qt's own chain follows the order widgets were made and re-parented, which put the
composer before the rail and lost the rail once a page was hosted again. Here the stops
are Qt's chain (every visible, enabled widget that takes Tab focus) sorted, stably, by
the region holding it, so a region's own order stays the one its builder gave it.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QApplication, QWidget

__all__ = ["FocusChain"]


class FocusChain:
    """The Tab stops of ``window`` by region (:meth:`set_regions`). Its F6 and Shift+F6
    shortcuts are made here."""

    def __init__(self, window: QWidget, regions: Sequence[QWidget], rest: QWidget) -> None:
        self.window = window
        self.regions: tuple[QWidget, ...] = ()
        self.rest = 0
        self.set_regions(regions, rest)
        # by text: the window is made before its first paint, and PySide6's Qt namespace
        # costs ~20 ms to build (test_startup); Qt is imported where a key is pressed
        forward = QShortcut(QKeySequence("F6"), window)
        forward.activated.connect(lambda: self.jump_region(True))
        back = QShortcut(QKeySequence("Shift+F6"), window)
        back.activated.connect(lambda: self.jump_region(False))

    def set_regions(self, regions: Sequence[QWidget], rest: QWidget) -> None:
        """``regions``: containers in screen order; a stop inside none of them belongs to
        ``rest`` (one of them: where the pages and the bars over the messages sit). A stop
        inside several belongs to the innermost (the page host holds the chat header)."""
        self.regions = tuple(regions)
        self.rest = self.regions.index(rest)

    def region_of(self, widget: QWidget) -> int:
        """The index of the innermost region holding ``widget`` (``rest`` when none)."""
        best, depth = self.rest, -1
        for i, region in enumerate(self.regions):
            if region is widget or region.isAncestorOf(widget):
                d = _depth(region)
                if d > depth:
                    best, depth = i, d
        return best

    def stops(self) -> list[QWidget]:
        """Every widget Tab stops at now, in order: Qt's chain sorted by region."""
        found: list[QWidget] = []
        # PySide makes each widget returned the child of the one asked (its return-value
        # heuristic): deleting a widget of this chain drops the Python objects of the
        # Qt-made widgets after it (a viewport lives on); never keep one (walk51 #2)
        w = self.window.nextInFocusChain()
        while w is not None and w is not self.window and len(found) < 10_000:
            if _takes_tab(w, self.window):
                found.append(w)
            w = w.nextInFocusChain()
        return sorted(found, key=self.region_of)

    def step(self, forward: bool) -> bool:
        """Move the focus to the next (``forward``) or previous stop, wrapping; False when
        the focused widget is no stop nor inside one (Qt's own chain then decides)."""
        stops = self.stops()
        here = _current(stops)
        if here is None:
            return False
        n = len(stops)
        target = stops[(here + (1 if forward else -1)) % n]
        from PySide6.QtCore import Qt

        target.setFocus(Qt.FocusReason.TabFocusReason if forward else Qt.FocusReason.BacktabFocusReason)
        return True

    def jump_region(self, forward: bool) -> None:
        """F6 / Shift+F6: focus the first stop of the next (previous) region that has one."""
        stops = self.stops()
        if not stops:
            return
        here = _current(stops)
        firsts: dict[int, QWidget] = {}
        for w in stops:
            firsts.setdefault(self.region_of(w), w)
        order = sorted(firsts)
        now = self.region_of(stops[here]) if here is not None else order[-1 if forward else 0]
        later = [r for r in order if (r > now if forward else r < now)]
        region = (later[0] if forward else later[-1]) if later else (order[0] if forward else order[-1])
        from PySide6.QtCore import Qt

        firsts[region].setFocus(Qt.FocusReason.ShortcutFocusReason)


def _depth(widget: QWidget) -> int:
    n = 0
    parent = widget.parentWidget()
    while parent is not None:
        n, parent = n + 1, parent.parentWidget()
    return n


def _takes_tab(widget: QWidget, window: QWidget) -> bool:
    """True when Tab may stop at ``widget``: in ``window``, shown, enabled, Tab-focusable,
    not standing in for another (a focus proxy)."""
    from PySide6.QtCore import Qt

    return (bool(widget.focusPolicy() & Qt.FocusPolicy.TabFocus) and widget.isVisible() and widget.isEnabled()
            and widget.focusProxy() is None and widget.window() is window)


def _current(stops: list[QWidget]) -> int | None:
    """The index in ``stops`` of the focused widget or of the stop holding it."""
    w: QWidget | None = QApplication.focusWidget()
    while w is not None:
        if w in stops:
            return stops.index(w)
        w = w.parentWidget()
    return None
