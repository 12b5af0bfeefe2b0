"""The token badge under the draft box (TOK-1..TOK-6).

The badge reads ``Used 1,234``: the estimate of the NEXT request that the same
assembler as Send produced, anchored on the provider's own input count when a trusted
one exists (TOK-3, TOK-4). At or above the high watermark it turns amber, over the
input budget red (theme colours, on the badge alone). Clicking it opens the
"Context usage & compaction" popover (``gui.usage_popover``), whose rows add up to the
badge's figure.

The numbers come from ``EstimateService.estimate`` (an :class:`EstimateView`); this
module only shows them. The window owns the runs: :meth:`TokenBadge.bind_controller`
hands the popover its ``compact`` / ``view summary`` / ``is compacting`` / ``outcome``
callables.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6 import QtCore  # Qt as QtCore.Qt: its namespace loads after first paint
from PySide6.QtCore import Signal
from PySide6.QtWidgets import QToolButton, QWidget

from chathub_desktop.gui.design.palette import error_color
from chathub_desktop.gui.meter_colors import caution_color
from chathub_desktop.gui.usage_popover import EstimatePopover

if TYPE_CHECKING:  # types only: the views module loads after first paint
    from chathub_desktop.services.views import EstimateView


TOOLTIP = (
    "<p><b>Estimated tokens of the next request</b>: instructions, tools, memory, the "
    "topic summary, the history window and your draft, as Send will post them — anchored "
    "on the provider's own input count when this session sent the last reply — against "
    "the input budget (context window minus the reply reserve). Click for the breakdown.</p>"
)


class TokenBadge(QToolButton):
    """Flat button reading ``Used N``; ``show_estimate`` updates it, a click pops the
    breakdown up. ``estimate`` holds the last :class:`EstimateView` shown.
    ``card_window_requested(TruncationView)`` is the popover's "Set the window" button
    (REF-27): the window's estimate controller saves the card and recounts."""

    card_window_requested = Signal(object)
    #: The popover's fallback note asks for the card editor (an ``EstimateView``, issue 28).
    card_edit_requested = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("tokenBadge")
        self.setAutoRaise(True)
        self.setToolTip(TOOLTIP)
        self.setAccessibleName("Token estimate")
        self.estimate: EstimateView | None = None
        self._popover: EstimatePopover | None = None
        self.clicked.connect(self.open_popover)
        self.setText("Used —")

    @property
    def popover(self) -> EstimatePopover:
        """The breakdown popover, built on first use (not before the window's first paint)."""
        if self._popover is None:
            self._popover = EstimatePopover(self)
            self._popover.card_window_requested.connect(self.card_window_requested)
            self._popover.card_edit_requested.connect(self.card_edit_requested)
        return self._popover

    def bind_services(self, services: Any) -> None:
        """The window's services are wired: the badge shows a pointing hand, as it opens
        the breakdown. (The popover reads nothing from them: its figures come with each
        estimate, its actions go through the bound controller.)"""
        self.setCursor(QtCore.Qt.CursorShape.PointingHandCursor)

    def bind_controller(self, compact: Callable[[int], object], summary: Callable[[int], object],
                        is_compacting: Callable[[int], bool], outcome: Callable[[int], str | None],
                        needs_summarizer: Callable[[int], bool] | None = None) -> None:
        """See :meth:`EstimatePopover.bind_controller`."""
        self.popover.bind_controller(compact, summary, is_compacting, outcome, needs_summarizer)

    def show_estimate(self, e: EstimateView | None) -> None:
        """Show ``e`` (None: no topic)."""
        self.estimate = e
        if e is None:
            self.setText("Used —")
            self.setStyleSheet("")
            return
        self.setText(f"Used {e.total:,}")
        over = e.input_budget and e.total > e.input_budget
        high = e.input_budget and e.total >= e.high_watermark * e.input_budget
        # a selector, so the colour stays on the badge and never reaches the popover's text
        pal = self.palette()
        self.setStyleSheet(
            f"QToolButton#tokenBadge {{ color: {error_color(pal).name()}; font-weight: bold; }}" if over else
            f"QToolButton#tokenBadge {{ color: {caution_color(pal).name()}; }}" if high else "")
        self.setToolTip(TOOLTIP + f"<p>{e.total:,} of {e.input_budget:,} input tokens "
                        f"(context window {e.context_window:,}).</p>")
        if self._popover is not None and self._popover.isVisible():
            self._popover.fill(e)

    def open_popover(self) -> None:
        """Pop the breakdown up."""
        self.popover.show_estimate(self.estimate, self)
