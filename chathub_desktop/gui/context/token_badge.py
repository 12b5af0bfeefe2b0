"""The token badge under the draft box (TOK-1..TOK-6).

The badge is a compact ring with a percentage (issue 29): the share of the input budget
that the estimate of the NEXT request fills — the estimate the same assembler as Send
produced, anchored on the provider's own input count when a trusted one exists (TOK-3,
TOK-4), followed by the word "context" while the composer's row has room (walk52b: "an
unlabeled '52%'"; :mod:`chathub_desktop.gui.chat.composer_fit`). The ring's arc is that share; the figures themselves (``2,056 of 12,000 input
tokens``) are in its tooltip, accessible description and popover. At or above the high
watermark the ring and text turn amber, over the input budget red (theme colours, on
the badge alone). Clicking it opens the
"Context usage & compaction" popover (``gui.context.usage_popover``), whose rows add up to the
badge's figure.

The numbers come from ``EstimateService.estimate`` (an :class:`EstimateView`); this
module only shows them. The window owns the runs: :meth:`TokenBadge.bind_controller`
hands the popover its ``compact`` / ``view summary`` / ``is compacting`` / ``outcome``
callables.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6 import QtCore  # Qt as QtCore.Qt: its namespace loads after first paint
from PySide6.QtCore import (
    QCoreApplication,
    QEvent,
    QLocale,
    QRectF,
    QSize,
    Signal,
)
from PySide6.QtGui import QColor, QIcon, QPainter, QPen, QPixmap
from PySide6.QtWidgets import QToolButton, QWidget

from chathub_desktop.gui.chat.composer_fit import folded_minimum, text_width
from chathub_desktop.gui.design import current_colours
from chathub_desktop.gui.design.tokens import IconSize
from chathub_desktop.gui.shell.i18n import QT_TRANSLATE_NOOP, fill

if TYPE_CHECKING:  # types only: the views module loads after first paint, the popover when opened
    from chathub_desktop.gui.context.usage_popover import EstimatePopover
    from chathub_desktop.services.views import EstimateView


TOOLTIP = QT_TRANSLATE_NOOP(
    "TokenBadge",
    "<p><b>Estimated tokens of the next request</b>: instructions, tools, memory, the "
    "topic summary, the history window and your draft, as Send will post them — anchored "
    "on the provider's own input count when this session sent the last reply — against "
    "the input budget (context window minus the reply reserve). Click for the breakdown.</p>"
)


#: The badge's text without an estimate (no topic open): none, the empty ring alone
#: (walk51 #6: "○ —" read as broken).
NO_ESTIMATE = ""
#: The widest text the badge makes room for whatever it shows, so nothing beside it
#: moves when the first figure comes (walk51 #6).
WIDEST_TEXT = "100%"
#: The ring's figure and its word while the composer's row has room (walk52b: "an
#: unlabeled '52%'"): "52% context". Without a figure (no topic yet) the empty ring
#: stands alone, its tooltip saying why (walk53c #7: "context" alone named no value).
WORDED_TEXT = QT_TRANSLATE_NOOP("TokenBadge", "%1 context")
#: The tooltip's line while no topic is open.
NO_TOPIC_TIP = QT_TRANSLATE_NOOP("TokenBadge", "No topic yet: the count shows once your first message starts one.")
#: The ring's stroke, px (at :data:`~chathub_desktop.gui.design.tokens.IconSize.SM`).
RING_STROKE = 2.5


def ring_text(e: EstimateView | None) -> str:
    """The badge's text: the share of the input budget in whole percent, as the popover's
    budget line says it (``17%``); "" (:data:`NO_ESTIMATE`) without an estimate or a
    budget."""
    if e is None:  # before the import: the badge is built before the first paint
        return NO_ESTIMATE
    from chathub_desktop.services.context.meter_rows import (
        budget_percent,  # loads after first paint
    )

    return budget_percent(e) or NO_ESTIMATE


def ring_icon(share: float, arc: QColor, track: QColor, dpr: float = 1.0) -> QIcon:
    """The ring: a ``track`` circle with an ``arc`` over ``share`` of it (0..1, clockwise
    from 12 o'clock), :data:`IconSize.SM` px at device pixel ratio ``dpr``."""
    side = int(IconSize.SM)
    pix = QPixmap(QSize(round(side * dpr), round(side * dpr)))
    pix.setDevicePixelRatio(dpr)
    pix.fill(QtCore.Qt.GlobalColor.transparent)
    p = QPainter(pix)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    box = QRectF(RING_STROKE / 2, RING_STROKE / 2, side - RING_STROKE, side - RING_STROKE)
    p.setPen(QPen(track, RING_STROKE))
    p.drawEllipse(box)
    span = round(360 * 16 * max(0.0, min(1.0, share)))
    if span:
        pen = QPen(arc, RING_STROKE)
        pen.setCapStyle(QtCore.Qt.PenCapStyle.RoundCap)
        p.setPen(pen)
        p.drawArc(box, 90 * 16, -span)
    p.end()
    return QIcon(pix)


class TokenBadge(QToolButton):
    """Flat button: the ring and ``N%`` of the input budget (:func:`ring_text`); ``show_estimate`` updates it, a click pops the
    breakdown up. ``estimate`` holds the last :class:`EstimateView` shown.
    ``card_window_requested(TruncationView)`` is the popover's "Set the window" button
    (REF-27): the window's estimate controller saves the card and recounts."""

    card_window_requested = Signal(object)
    #: The popover's fallback note asks for the card editor (an ``EstimateView``, issue 28).
    card_edit_requested = Signal(object)
    #: The popover's "Choose History Compress model…" (issue 28).
    choose_summarizer_requested = Signal()
    #: Whether the shown topic is compacting now (a run started or ended, or another
    #: topic is shown); the composer's over-budget line follows it (walk53 #3).
    compacting_changed = Signal(bool)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("tokenBadge")
        self.setAutoRaise(True)
        self.setIconSize(QSize(IconSize.SM, IconSize.SM))
        self.estimate: EstimateView | None = None
        self._popover: EstimatePopover | None = None
        #: :meth:`bind_controller`'s arguments, handed to the popover when it is built.
        self._controller: tuple[Any, ...] | None = None
        self.clicked.connect(self.open_popover)
        #: The ring is drawn from :meth:`bind_services` on: painting it loads PySide6's Qt
        #: namespace, which waits for the window's first paint.
        self._ring = False
        #: The ring's word is folded away (:meth:`set_folded`: the composer's row is narrow).
        self._folded = True
        self._share = NO_ESTIMATE  # the figure shown, without its word
        self._describe(None)

    @property
    def popover(self) -> EstimatePopover:
        """The breakdown popover, built on first use (not before the window's first paint)."""
        if self._popover is None:
            # imported here: the popover's module and its words load when it opens (issue 29)
            from chathub_desktop.gui.context.usage_popover import EstimatePopover

            self._popover = EstimatePopover(self)
            self._popover.card_window_requested.connect(self.card_window_requested)
            self._popover.card_edit_requested.connect(self.card_edit_requested)
            self._popover.choose_summarizer_requested.connect(self.choose_summarizer_requested)
            if self._controller is not None:
                self._popover.bind_controller(*self._controller)
        return self._popover

    def sync_popover(self) -> None:
        """Re-read the compaction state in the popover, when it was built (a run started
        or ended; a popover built later reads it as it opens)."""
        if self._popover is not None:
            self._popover.sync()
        self.compacting_changed.emit(self.compacting())

    def compacting(self) -> bool:
        """True while the shown topic compacts (asked of the bound controller; CMP-6)."""
        e, c = self.estimate, self._controller
        return e is not None and e.topic_id is not None and c is not None and bool(c[2](e.topic_id))

    def compact_now(self) -> None:
        """Compact the shown topic now through the bound controller (the popover's Compact
        now, from the composer's over-budget line; walk53 #3); nothing without either."""
        e, c = self.estimate, self._controller
        if e is not None and e.topic_id is not None and c is not None and not self.compacting():
            c[0](e.topic_id)
            self.sync_popover()

    def bind_services(self, services: Any) -> None:
        """The window's services are wired: the badge shows a pointing hand, as it opens
        the breakdown, and its percentage beside the ring. (The popover reads nothing from them: its figures come with each
        estimate, its actions go through the bound controller.)"""
        self.setCursor(QtCore.Qt.CursorShape.PointingHandCursor)
        self.setToolButtonStyle(QtCore.Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self._ring = True
        self._restyle()

    def bind_controller(self, compact: Callable[[int], object], summary: Callable[[int], object],
                        is_compacting: Callable[[int], bool], outcome: Callable[[int], str | None],
                        needs_summarizer: Callable[[int], bool] | None = None) -> None:
        """See :meth:`EstimatePopover.bind_controller`; kept for the popover, which is
        built on its first open (issue 29: about 7 ms less of every window's start)."""
        self._controller = (compact, summary, is_compacting, outcome, needs_summarizer)
        if self._popover is not None:
            self._popover.bind_controller(*self._controller)

    def show_estimate(self, e: EstimateView | None) -> None:
        """Show ``e`` (None: no topic)."""
        self.estimate = e
        self._describe(e)
        self._restyle()
        self.compacting_changed.emit(self.compacting())
        if e is None:
            return
        if self._popover is not None and self._popover.isVisible():
            self._popover.fill(e)

    def _describe(self, e: EstimateView | None) -> None:
        """The text, tooltip and accessible texts for ``e``, in the interface language
        (numbers grouped as the locale groups them)."""
        translate = QCoreApplication.translate
        share = self._share = ring_text(e)
        self.setText(self.shown_text(share, self._folded))
        # the ring's figure said (chatlook52, walk52 #8: "51%" alone named nothing)
        self.setAccessibleName(fill(translate("TokenBadge", "%1 of the input budget — details"), share) if share
                               else translate("TokenBadge", "Token estimate"))
        if e is None:
            self.setToolTip(translate("TokenBadge", TOOLTIP) + f"<p>{translate('TokenBadge', NO_TOPIC_TIP)}</p>")
            self.setAccessibleDescription(translate("TokenBadge", NO_TOPIC_TIP))
            return
        num = QLocale().toString
        figures = fill(translate("TokenBadge", "%1 of %2 input tokens (%3; context window %4)"),
                       num(e.total), num(e.input_budget), ring_text(e), num(e.context_window))
        said = fill(translate("TokenBadge", "Next request: %1"), figures)
        over = None
        if e.input_budget and e.total > e.input_budget:  # walk51b #7: what a red figure means, in words
            from chathub_desktop.gui.context.meter_words import over_budget_words

            over = over_budget_words(e)
        self.setToolTip(translate("TokenBadge", TOOLTIP) + f"<p>{figures}.</p>" + (f"<p><b>{html.escape(over)}</b></p>" if over else ""))
        self.setAccessibleDescription(f"{said}. {over}" if over else said)

    def figure(self) -> str:
        """The figure shown (``17%``; "" without an estimate), without its word."""
        return self._share

    def shown_text(self, share: str, folded: bool) -> str:
        """The badge's text for the figure ``share``: with its word (:data:`WORDED_TEXT`)
        once the ring shows, unless ``folded``; "" without a figure (walk53c #7)."""
        if folded or not self._ring or not share:
            return share
        return fill(QCoreApplication.translate("TokenBadge", WORDED_TEXT), share).strip()

    def set_folded(self, folded: bool) -> None:
        """Show the figure alone (True) or with its word (the composer's row fit)."""
        if folded != self._folded:
            self._folded = folded
            self.setText(self.shown_text(self._share, folded))

    def width_at(self, folded: bool) -> int:
        """Px wide with the word folded or not (see :meth:`sizeHint`); changes nothing."""
        hint = super().sizeHint().width()
        if not self._ring:
            return hint
        bare = hint - text_width(self, self.text())
        return bare + max(text_width(self, self.shown_text(self._share, folded)),
                          text_width(self, self.shown_text(WIDEST_TEXT, folded)))

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt override
        """Qt's hint, widened to the room of :data:`WIDEST_TEXT` (and the word, when it
        shows) once the ring shows: the empty ring and every figure up to ``100%`` take
        one width, so the model chip beside the badge never moves (walk51 #6). The ring
        stays at the left."""
        hint = super().sizeHint()
        return QSize(self.width_at(self._folded), hint.height())

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt override
        """The ring and its figure: the composer's row may narrow until its word folds."""
        return folded_minimum(self, super().minimumSizeHint())

    def level_colour(self) -> QColor | None:
        """The theme's error colour over the input budget, its warning colour at or above
        the high watermark, else None (the ring takes the accent, the text its usual colour)."""
        e, c = self.estimate, current_colours()
        if e is None or not e.input_budget:
            return None
        if e.total > e.input_budget:
            return QColor(c.error)
        if e.total >= e.high_watermark * e.input_budget:
            return QColor(c.warning)
        return None

    def _restyle(self) -> None:
        """Colour the text by level and draw the ring in the theme in effect."""
        colour, c = self.level_colour(), current_colours()
        over = self.estimate is not None and self.estimate.total > self.estimate.input_budget > 0
        # a selector, so the colour stays on the badge and never reaches the popover's text
        sheet = (f"QToolButton#tokenBadge {{ color: {colour.name()};{' font-weight: bold;' if over else ''} }}"
                 if colour is not None else "")
        if sheet != self.styleSheet():  # a new sheet repolishes: only when it changes
            self.setStyleSheet(sheet)
        if not self._ring:
            return
        share = 0.0
        track = QColor(c.text_muted)  # alone, the empty ring is the badge: 3:1 at least (walk51 #6)
        if self.estimate is not None:
            from chathub_desktop.services.context.meter_rows import budget_share

            share, track = budget_share(self.estimate), QColor(c.border_strong)
        self.setIcon(ring_icon(share, colour or QColor(c.accent), track, self.devicePixelRatioF()))

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        """The theme changed: the ring and the level colour follow it; the language
        changed: the texts follow it (issue 27)."""
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange and self._ring:
            self._restyle()
        elif event.type() == QEvent.Type.LanguageChange:
            self._describe(self.estimate)

    def open_popover(self) -> None:
        """Pop the breakdown up."""
        self.popover.show_estimate(self.estimate, self)
