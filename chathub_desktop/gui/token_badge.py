"""The token badge under the draft box and its breakdown popover (TOK-1, TOK-2).

The badge reads ``Used 1,234``: the estimate of the NEXT request (instructions +
history window + draft) that the same assembler as Send produced. Clicking it opens a
small popup listing the parts, the history rows included/dropped, the context window,
the input budget and the encoding. The numbers come from
``EstimateService.estimate``; this widget only shows them.
"""

from __future__ import annotations

import html

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QFrame, QLabel, QToolButton, QVBoxLayout, QWidget

from chathub_desktop.services.views import EstimateView

TOOLTIP = (
    "<p><b>Estimated tokens of the next request</b>: instructions + the history window "
    "+ your draft, counted with the model's tokenizer, against the input budget (context "
    "window minus the reply reserve). Click for the breakdown.</p>"
)

_PART_LABELS = {
    "instructions": "Instructions",
    "system": "Instructions",
    "history": "History",
    "draft": "Draft",
    "tools": "Tools",
    "memory": "Memory",
    "summary": "Summary",
    "images": "Images",
    "framing": "Message framing",
}


def part_label(name: str) -> str:
    """Human label for an ``EstimateView.parts`` key."""
    return _PART_LABELS.get(name, name.replace("_", " ").capitalize())


def breakdown_html(e: EstimateView) -> str:
    """Rich text of the popover for ``e`` (all figures tokens)."""
    rows = "".join(
        f"<tr><td>{html.escape(part_label(k))}</td><td align='right'>{v:,}</td></tr>"
        for k, v in e.parts.items()
    )
    pct = f"{e.total / e.input_budget:.0%}" if e.input_budget else "—"
    over = ""
    if e.input_budget and e.total > e.input_budget:
        over = "<p style='color:#c0262d'><b>Over the input budget</b>: older history will not fit.</p>"
    dropped = ""
    if e.dropped:
        dropped = (f"<p style='color:#b35c00'>{e.dropped:,} older history messages are left out "
                   "of the request (no summary yet).</p>")
    return (
        "<p><b>Next request estimate</b></p>"
        f"<table cellspacing='0' cellpadding='2'>{rows}"
        f"<tr><td><b>Total</b></td><td align='right'><b>{e.total:,}</b></td></tr></table>"
        f"<p>History window: {e.included:,} messages included, {e.dropped:,} dropped<br>"
        f"Input budget: {e.input_budget:,} ({pct} used)<br>"
        f"Context window: {e.context_window:,}<br>"
        f"Encoding: {html.escape(e.encoding)}</p>{dropped}{over}"
    )


class EstimatePopover(QFrame):
    """A popup frame (closes on outside click) showing one :class:`EstimateView`."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Popup)
        self.setObjectName("estimatePopover")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(12, 10, 12, 10)
        self.label = QLabel()
        self.label.setTextFormat(Qt.TextFormat.RichText)
        self.label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout.addWidget(self.label)

    def show_estimate(self, e: EstimateView | None, anchor: QWidget) -> None:
        """Fill with ``e`` and pop up above ``anchor``."""
        self.label.setText(breakdown_html(e) if e else "<p>No estimate yet: open or create a topic.</p>")
        self.adjustSize()
        pos = anchor.mapToGlobal(QPoint(0, 0)) - QPoint(0, self.sizeHint().height() + 4)
        self.move(pos)
        self.show()


class TokenBadge(QToolButton):
    """Flat button reading ``Used N``; ``show_estimate`` updates it, a click pops the
    breakdown up. ``estimate`` holds the last :class:`EstimateView` shown."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("tokenBadge")
        self.setAutoRaise(True)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setToolTip(TOOLTIP)
        self.setAccessibleName("Token estimate")
        self.estimate: EstimateView | None = None
        self.popover = EstimatePopover(self)
        self.clicked.connect(self.open_popover)
        self.setText("Used —")

    def show_estimate(self, e: EstimateView | None) -> None:
        """Show ``e`` (None: no topic)."""
        self.estimate = e
        if e is None:
            self.setText("Used —")
            self.setStyleSheet("")
            return
        self.setText(f"Used {e.total:,}")
        over = e.input_budget and e.total > e.input_budget
        self.setStyleSheet("color: #c0262d; font-weight: bold;" if over else "")
        self.setToolTip(TOOLTIP + f"<p>{e.total:,} of {e.input_budget:,} input tokens "
                        f"(context window {e.context_window:,}).</p>")
        if self.popover.isVisible():
            self.popover.label.setText(breakdown_html(e))

    def open_popover(self) -> None:
        """Pop the breakdown up."""
        self.popover.show_estimate(self.estimate, self)
