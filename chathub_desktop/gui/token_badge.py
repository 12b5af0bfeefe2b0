"""The token badge under the draft box and its "Context usage & compaction" popover
(TOK-1..TOK-6).

The badge reads ``Used 1,234``: the estimate of the NEXT request that the same
assembler as Send produced, anchored on the provider's own input count when a trusted
one exists (TOK-3, TOK-4). Clicking it opens a popover with:

- the Next request estimate / Total Used and how it was reached (anchored, counted…),
- the parts (instructions, tools, memory, summary wrapper, history, draft, images,
  knowledge) with a small stacked bar of the parts against the input budget and the
  high watermark marked (:class:`PartsBar`),
- the history window (included / dropped by limit or cursor, configured limit,
  "expanded to N", whole-topic estimate, last compaction, a warning when older turns
  are dropped with no summary),
- the most recent reported cache with a ``?`` naming the model that reported it (TOK-6),
- when the last reply's server read only part of its request, that warning and a button
  that sets the model card's window to the size the server reported (REF-27),
- Compact now / View topic summary, shown only when the services offer compaction.
  While a run is in flight for the topic, Compact now is disabled and reads
  "Compacting…"; the outcome of the last run shows under the buttons (CMP-6).

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
from PySide6.QtCore import QPoint, QRectF, QSize, Signal
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPalette, QPen
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from chathub_desktop.gui.design import Tone, set_tone

if TYPE_CHECKING:  # types only: the views module loads after first paint
    from chathub_desktop.services.views import EstimateView


TOOLTIP = (
    "<p><b>Estimated tokens of the next request</b>: instructions, tools, memory, the "
    "topic summary, the history window and your draft, as Send will post them — anchored "
    "on the provider's own input count when this session sent the last reply — against "
    "the input budget (context window minus the reply reserve). Click for the breakdown.</p>"
)

_PART_LABELS = {
    "instructions": "Instructions",
    "system": "Instructions",
    "tools": "Tools",
    "memory": "Memory",
    "summary": "History summary",
    "pinned": "Pinned messages (kept verbatim)",
    "history": "Chat messages",
    "draft": "Draft",
    "images": "Images",
    "knowledge": "Knowledge",
    "framing": "Message framing",
}
#: Order and colours of the parts in the table and the bar.
PART_COLORS = {
    "instructions": "#5b8def",
    "tools": "#9b6bd6",
    "memory": "#2fa39a",
    "summary": "#e0a030",
    "pinned": "#c9782b",
    "history": "#7a8699",
    "draft": "#3fae55",
    "images": "#d65f8a",
    "knowledge": "#b07d48",
}
_OTHER_COLOR = "#a0a0a0"
#: Width of the popover, pixels (fixed, so wrapped labels get their full height).
POPOVER_WIDTH = 460
_WATERMARK_COLOR = "#c0262d"

_MODE_TEXT = {
    "anchored": "Anchored on the provider's reported input of message #{mid} ({rep:,}) "
                "+ {tail:,} counted since",
    "fallback": "Larger of the whole-window count and the provider's report for #{mid} ({rep:,}) "
                "+ {tail:,} counted since",
    "recounted": "Whole next request counted locally",
    "counted": "Whole next request counted locally",
}


def part_label(name: str) -> str:
    """Human label for an ``EstimateView.parts`` key."""
    return _PART_LABELS.get(name, name.replace("_", " ").capitalize())


def part_color(name: str) -> str:
    """Colour of a part in the table swatch and the stacked bar."""
    return PART_COLORS.get(name, _OTHER_COLOR)


def ordered_parts(parts: dict[str, int]) -> list[tuple[str, int]]:
    """Parts in display order (known parts first), zero parts kept."""
    order = list(PART_COLORS)
    return sorted(parts.items(), key=lambda kv: order.index(kv[0]) if kv[0] in order else len(order))


def anchor_text(e: EstimateView) -> str:
    """One line on how the total was reached (TOK-3, TOK-4)."""
    a = e.anchor
    text = _MODE_TEXT.get(a.mode, _MODE_TEXT["counted"]).format(
        mid=a.message_id or 0, rep=a.reported_input or 0, tail=a.tail_tokens)
    if a.reason and a.mode != "anchored":
        text += f" ({a.reason})"
    if e.correction != 1.0:
        text += f"; local counts × {e.correction:.2f} learned correction"
    return text + "."


def history_lines(e: EstimateView) -> list[str]:
    """The history-window lines of the popover (plain text)."""
    h = e.history
    limit = "off" if h.configured_limit is None else f"{h.configured_limit:,}"
    if h.expanded_to is not None:
        limit += f" (expanded to {h.expanded_to:,})"
    dropped = []
    if h.dropped_by_cursor:
        dropped.append(f"{h.dropped_by_cursor:,} covered by the summary")
    if h.dropped_by_limit:
        dropped.append(f"{h.dropped_by_limit:,} beyond the history limit")
    lines = [
        f"{h.included:,} of {h.topic_messages:,} topic messages included"
        + (f"; dropped: {', '.join(dropped)}" if dropped else ""),
        f"History limit: {limit}",
        f"Whole topic: about {h.topic_tokens:,} tokens",
        f"Last compaction: {h.last_compaction or 'never'}",
    ]
    return lines


def breakdown_html(e: EstimateView, muted: str = "#555") -> str:
    """Rich text of the estimate section for ``e`` (all figures tokens); ``muted``: the
    colour of the secondary line (the theme's placeholder-text colour)."""
    rows = "".join(
        f"<tr><td><span style='color:{part_color(k)}'>■</span> {html.escape(part_label(k))}</td>"
        f"<td align='right'>{v:,}</td></tr>"
        for k, v in ordered_parts(e.parts)
    )
    pct = f"{e.total / e.input_budget:.0%}" if e.input_budget else "—"
    local = ""
    if e.local_total != e.total:
        local = f"<tr><td><i>Counted locally</i></td><td align='right'><i>{e.local_total:,}</i></td></tr>"
    over = ""
    guess = "" if e.window_known else " (a fallback: this model is not in the catalog or your model cards)"
    if e.threshold_trigger is not None:  # NUM-3: the threshold policy replaces the watermarks
        policy = (f"threshold compaction above {e.threshold_trigger:,} estimated tokens "
                  f"(now about {e.threshold_estimate or 0:,})")
    else:
        policy = f"high watermark {e.high_watermark:.0%}, low {e.low_watermark:.0%}"
    if e.input_budget and e.total > e.input_budget:
        over = "<p style='color:#c0262d'><b>Over the input budget</b>: older history will not fit.</p>"
    return (
        f"<p style='font-size:large'><b>Next request estimate: {e.total:,}</b></p>"
        f"<p style='color:{muted}'>{html.escape(anchor_text(e))}</p>"
        f"<table cellspacing='0' cellpadding='2' width='100%'>{rows}{local}"
        f"<tr><td><b>Total Used</b></td><td align='right'><b>{e.total:,}</b></td></tr></table>"
        f"<p>Input budget: {e.input_budget:,} ({pct} used) · "
        f"{policy}<br>"
        f"Context window: {e.context_window:,}{guess} · Encoding: {html.escape(e.encoding)}</p>{over}"
    )


def history_html(e: EstimateView) -> str:
    """Rich text of the history-window section."""
    body = "<br>".join(html.escape(line) for line in history_lines(e))
    warn = ""
    if e.history.warning:
        warn = ("<p style='color:#b35c00'><b>Older turns are left out with no usable summary.</b> "
                "Compact the topic to keep them as a summary.</p>")
    return f"<p><b>History window</b><br>{body}</p>{warn}"


def tick_text(e: EstimateView) -> str:
    """What the bar's red tick marks: the high watermark, or the threshold policy's
    trigger when that policy is on (NUM-3)."""
    if e.threshold_trigger is not None:
        return f"threshold compaction at {e.threshold_trigger:,} estimated tokens"
    return f"{e.high_watermark:.0%} high watermark (auto-compact)"


class PartsBar(QWidget):
    """A thin stacked bar: each part's tokens as a share of the input budget, with the
    high watermark drawn as a red tick. Overflow past the budget is clipped at the end."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("partsBar")
        self.setMinimumHeight(14)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.parts: list[tuple[str, int]] = []
        self.scale_total = 0
        self.budget = 1
        self.high = 0.8

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt)
        return QSize(320, 14)

    def set_estimate(self, e: EstimateView) -> None:
        """Show ``e``'s parts, scaled so they sum to ``e.total``, against its budget."""
        self.parts = [(k, v) for k, v in ordered_parts(e.parts) if v > 0]
        self.scale_total = e.total
        self.budget = max(1, e.input_budget)
        self.high = min(1.0, e.threshold_trigger / self.budget) if e.threshold_trigger else e.high_watermark
        self.setToolTip(f"{e.total:,} of {e.input_budget:,} input tokens; red tick: {tick_text(e)}")
        self.update()

    def segments(self, width: float) -> list[tuple[str, float, float]]:
        """``(part, x, w)`` pixel segments for a bar ``width`` pixels wide."""
        local = sum(v for _k, v in self.parts) or 1
        factor = self.scale_total / local if self.scale_total else 1.0
        x = 0.0
        out: list[tuple[str, float, float]] = []
        for k, v in self.parts:
            w = width * v * factor / self.budget
            w = min(w, max(0.0, width - x))
            if w > 0:
                out.append((k, x, w))
            x += w
        return out

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 (Qt)
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        r = QRectF(self.rect()).adjusted(0.5, 2.5, -0.5, -2.5)
        pal = self.palette()  # the empty track follows the theme (issue 16)
        p.setPen(QPen(pal.color(QPalette.ColorRole.Mid), 1))
        p.setBrush(pal.color(QPalette.ColorRole.AlternateBase))
        p.drawRoundedRect(r, 3, 3)
        p.setPen(QtCore.Qt.PenStyle.NoPen)
        for k, x, w in self.segments(r.width()):
            p.setBrush(QColor(part_color(k)))
            p.drawRect(QRectF(r.left() + x, r.top(), w, r.height()))
        hx = r.left() + r.width() * self.high
        p.setPen(QPen(QColor(_WATERMARK_COLOR), 2))
        p.drawLine(int(hx), int(r.top()) - 2, int(hx), int(r.bottom()) + 2)
        p.end()


#: Text of Compact now while a run is in flight (CMP-6).
COMPACTING_TEXT = "Compacting…"
COMPACT_TEXT = "Compact now"


class EstimatePopover(QFrame):
    """The Context usage & compaction popup (closes on outside click).

    With a controller bound (:meth:`bind_controller`) the buttons emit
    ``compact_requested(topic_id)`` / ``summary_requested(topic_id)`` through it and the
    popover asks it whether the topic is compacting and for the last outcome text."""

    compact_requested = Signal(int)
    summary_requested = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent, QtCore.Qt.WindowType.Popup)
        self.setObjectName("estimatePopover")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setFixedWidth(POPOVER_WIDTH)
        self.services: Any = None
        self.estimate: EstimateView | None = None
        self._is_compacting: Callable[[int], bool] | None = None
        self._outcome: Callable[[int], str | None] | None = None
        self._controlled = False
        layout = QVBoxLayout(self)
        layout.setContentsMargins(14, 12, 14, 12)
        layout.setSpacing(6)
        title = QLabel("<b>Context usage &amp; compaction</b>")
        title.setObjectName("popoverTitle")
        layout.addWidget(title)
        self.label = QLabel()
        self.label.setTextFormat(QtCore.Qt.TextFormat.RichText)
        self.label.setWordWrap(True)
        self.label.setTextInteractionFlags(QtCore.Qt.TextInteractionFlag.TextSelectableByMouse)
        layout.addWidget(self.label)
        self.bar = PartsBar()
        layout.addWidget(self.bar)
        self.bar_caption = QLabel()
        self.bar_caption.setObjectName("barCaption")
        set_tone(self.bar_caption, Tone.MUTED)  # the caption: muted text token (issue 29)
        self.bar_caption.setWordWrap(True)
        layout.addWidget(self.bar_caption)
        self.history_label = QLabel()
        self.history_label.setTextFormat(QtCore.Qt.TextFormat.RichText)
        self.history_label.setWordWrap(True)
        layout.addWidget(self.history_label)
        cache_row = QHBoxLayout()
        self.cache_title = QLabel("<b>Most recent reported cache</b>")
        self.cache_help = QToolButton()
        self.cache_help.setText("?")
        self.cache_help.setObjectName("cacheHelp")
        self.cache_help.setAutoRaise(True)
        self.cache_help.setAccessibleName("About the reported cache")
        self.cache_help.clicked.connect(self._show_cache_help)
        cache_row.addWidget(self.cache_title)
        cache_row.addWidget(self.cache_help)
        cache_row.addStretch(1)
        layout.addLayout(cache_row)
        self.cache_label = QLabel()
        self.cache_label.setObjectName("cacheLine")
        layout.addWidget(self.cache_label)
        # REF-27: the server silently read only part of the last request
        self.truncation_label = QLabel()
        self.truncation_label.setObjectName("truncationWarning")
        self.truncation_label.setWordWrap(True)
        self.truncation_label.setStyleSheet("color: #c0262d;")
        self.truncation_label.hide()
        layout.addWidget(self.truncation_label)
        self.set_window_button = QPushButton()
        self.set_window_button.setObjectName("setCardWindow")
        self.set_window_button.setToolTip("Save a model card with the window the server really reads, so the "
                                          "estimate, compaction and the history fit it")
        self.set_window_button.clicked.connect(self._set_card_window)
        self.set_window_button.hide()
        layout.addWidget(self.set_window_button)
        buttons = QHBoxLayout()
        self.compact_button = QPushButton(COMPACT_TEXT)
        self.compact_button.setObjectName("compactNow")
        self.compact_button.setToolTip("Summarize the completed turns before your latest message now "
                                       "(History Compress model; Ctrl+Shift+K)")
        self.compact_button.clicked.connect(self._compact)
        self.summary_button = QPushButton("View topic summary")
        self.summary_button.setObjectName("viewSummary")
        self.summary_button.setToolTip("The topic's rolling summary, its model, Copy / Export and the "
                                       "debug log (Ctrl+Shift+S)")
        self.summary_button.clicked.connect(self._summary)
        buttons.addWidget(self.compact_button)
        buttons.addWidget(self.summary_button)
        buttons.addStretch(1)
        layout.addLayout(buttons)
        self.status = QLabel()
        self.status.setObjectName("compactionOutcome")
        self.status.setWordWrap(True)
        self.status.hide()
        layout.addWidget(self.status)
        self.summary_text = QLabel()
        self.summary_text.setWordWrap(True)
        self.summary_text.setTextInteractionFlags(QtCore.Qt.TextInteractionFlag.TextSelectableByMouse)
        self.summary_text.hide()
        layout.addWidget(self.summary_text)
        self._sync_buttons()

    # --- content ------------------------------------------------------------------------
    def fill(self, e: EstimateView | None) -> None:
        """Show ``e`` (``None``: no topic open)."""
        self.estimate = e
        if e is None:
            self.label.setText("<p>No estimate yet: open or create a topic.</p>")
            self.bar.hide()
            self.bar_caption.clear()
            self.history_label.clear()
            self.cache_label.setText("")
            self.truncation_label.hide()
            self.set_window_button.hide()
            self._sync_buttons()
            return
        self.label.setText(breakdown_html(e, self.palette().placeholderText().color().name()))
        self.bar.show()
        self.bar.set_estimate(e)
        self.bar_caption.setText(f"Parts of the {e.input_budget:,}-token input budget; red tick: {tick_text(e)}")
        self.history_label.setText(history_html(e))
        self.cache_label.setText(e.cache.line)
        self.cache_help.setToolTip(e.cache.help)
        t = e.truncation
        self.truncation_label.setVisible(t is not None)
        self.set_window_button.setVisible(t is not None and self.services is not None)
        if t is not None:
            self.truncation_label.setText(f"⚠ Last reply: {t.warning}.")
            self.set_window_button.setText(f"Set {t.model}'s window to {t.reported:,} tokens")
        inner = POPOVER_WIDTH - 28  # layout margins
        for label in (self.label, self.history_label, self.bar_caption):
            label.setMinimumHeight(label.heightForWidth(inner))  # wrapped rich text gets its full height
        self._sync_buttons()

    def _set_card_window(self) -> None:
        """Save a model card with the reported window for the truncated reply's model
        (``ModelCardService.set``, in a worker thread); the badge recounts after it."""
        e = self.estimate
        svc = self.services
        if e is None or e.truncation is None or svc is None:
            return
        t = e.truncation
        import functools

        async def save() -> object:  # a store write: on the store's workers
            return await svc.db.run(functools.partial(svc.models.set, t.model, t.reported, provider=t.provider))

        def saved(_result: object) -> None:
            self.set_window_button.setEnabled(True)
            self.set_window_button.setText(f"Saved: {t.model} reads {t.reported:,} tokens")
            schedule = getattr(owner, "schedule_estimate", None)
            if callable(schedule):
                schedule(invalidate=True)

        self.set_window_button.setEnabled(False)
        parent = self.parentWidget()
        owner = parent.window() if parent is not None else self.window()
        runner = getattr(owner, "runner", None)
        if runner is not None:
            async def wait() -> None:
                saved(await save())

            runner.run("popover-set-window", wait(), context="Set the model card's window")
        else:
            saved(svc.models.set(t.model, t.reported, provider=t.provider))

    def _compaction(self) -> Any:
        svc = self.services
        return getattr(svc, "compaction", None) if svc is not None and hasattr(svc, "compaction") else None

    def bind_controller(self, compact: Callable[[int], object], summary: Callable[[int], object],
                        is_compacting: Callable[[int], bool], outcome: Callable[[int], str | None]) -> None:
        """Route the buttons to the window: ``compact(topic_id)`` / ``summary(topic_id)``;
        ``is_compacting(topic_id)`` and ``outcome(topic_id)`` (last result text) drive the
        button state and the outcome line."""
        self._controlled = True
        self.compact_requested.connect(compact)
        self.summary_requested.connect(summary)
        self._is_compacting = is_compacting
        self._outcome = outcome

    def sync(self) -> None:
        """Re-read the compaction state (a run started or ended)."""
        self._sync_buttons()

    def _sync_buttons(self) -> None:
        available = self._compaction() is not None and self.estimate is not None \
            and self.estimate.topic_id is not None
        self.compact_button.setVisible(available)
        self.summary_button.setVisible(available)
        if not available or self.estimate is None or self.estimate.topic_id is None:
            return
        tid = self.estimate.topic_id
        busy = self._is_compacting(tid) if self._is_compacting is not None else \
            not self.compact_button.isEnabled() and self.compact_button.text() == COMPACTING_TEXT
        self.compact_button.setEnabled(not busy)
        self.compact_button.setText(COMPACTING_TEXT if busy else COMPACT_TEXT)
        self.summary_button.setToolTip(
            "The topic's rolling summary, its model, Copy / Export and the debug log (Ctrl+Shift+S)"
            if self.estimate.has_summary else
            "No summary yet: the viewer shows the debug log of past runs (Ctrl+Shift+S)")
        if self._outcome is not None:
            text = self._outcome(tid)
            self.status.setText(text or "")
            self.status.setVisible(bool(text))

    def show_estimate(self, e: EstimateView | None, anchor: QWidget) -> None:
        """Fill with ``e`` and pop up above ``anchor``."""
        self.fill(e)
        self.adjustSize()
        pos = anchor.mapToGlobal(QPoint(0, 0)) - QPoint(0, self.sizeHint().height() + 4)
        self.move(pos)
        self.show()

    def _show_cache_help(self) -> None:
        from PySide6.QtWidgets import QToolTip

        QToolTip.showText(self.cache_help.mapToGlobal(QPoint(0, self.cache_help.height())),
                          self.cache_help.toolTip(), self.cache_help)

    # --- compaction actions (compaction service, when present) ---------------------------
    def _run(self, fn: Callable[[int], Any], label: str, done: Callable[[Any], None]) -> None:
        e = self.estimate
        if e is None or e.topic_id is None:
            return
        result = fn(e.topic_id)
        import inspect  # only when a button is wired to a coroutine

        if inspect.isawaitable(result):
            window = self.window() if self.parentWidget() is None else self.parentWidget().window()
            runner = getattr(window, "runner", None)

            async def wait() -> None:
                done(await result)

            if runner is not None:
                self.compact_button.setEnabled(False)
                self.compact_button.setText("Compacting…" if label == "compact" else self.compact_button.text())
                runner.run(f"popover-{label}", wait(), context=label.capitalize())
            else:
                import asyncio

                done(asyncio.run(result))  # type: ignore[arg-type]
        else:
            done(result)

    def _compact(self) -> None:
        e = self.estimate
        if self._controlled:
            if e is not None and e.topic_id is not None:
                self.compact_requested.emit(e.topic_id)
                self._sync_buttons()
            return
        c = self._compaction()
        if c is not None:
            self._run(c.compact, "compact", self._compacted)

    def _compacted(self, outcome: Any) -> None:
        self.compact_button.setEnabled(True)
        self.compact_button.setText("Compact now")
        text = getattr(outcome, "status_text", None)
        self.status.setText(str(text() if callable(text) else text or outcome))
        self.status.show()
        window = self.parentWidget().window() if self.parentWidget() is not None else None
        schedule = getattr(window, "schedule_estimate", None)
        if callable(schedule):
            schedule(invalidate=True)

    def _summary(self) -> None:
        e = self.estimate
        if self._controlled:
            if e is not None and e.topic_id is not None:
                self.hide()
                self.summary_requested.emit(e.topic_id)
            return
        c = self._compaction()
        if c is not None:
            self._run(c.summary, "summary", self._show_summary)

    def _show_summary(self, view: Any) -> None:
        text = getattr(view, "text", None) or "This topic has no summary yet."
        model = getattr(view, "model", None)
        self.summary_text.setText(f"{text}\n\n— {model}" if model else text)
        self.summary_text.setVisible(True)
        self.adjustSize()


class TokenBadge(QToolButton):
    """Flat button reading ``Used N``; ``show_estimate`` updates it, a click pops the
    breakdown up. ``estimate`` holds the last :class:`EstimateView` shown."""

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
        return self._popover

    def bind_services(self, services: Any) -> None:
        """Give the popover the services (for Compact now / View topic summary); the
        badge then shows a pointing hand, as it opens the breakdown."""
        self.popover.services = services
        self.setCursor(QtCore.Qt.CursorShape.PointingHandCursor)

    def bind_controller(self, compact: Callable[[int], object], summary: Callable[[int], object],
                        is_compacting: Callable[[int], bool], outcome: Callable[[int], str | None]) -> None:
        """See :meth:`EstimatePopover.bind_controller`."""
        self.popover.bind_controller(compact, summary, is_compacting, outcome)

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
        self.setStyleSheet("color: #c0262d; font-weight: bold;" if over else
                           "color: #b35c00;" if high else "")
        self.setToolTip(TOOLTIP + f"<p>{e.total:,} of {e.input_budget:,} input tokens "
                        f"(context window {e.context_window:,}).</p>")
        if self._popover is not None and self._popover.isVisible():
            self._popover.fill(e)

    def open_popover(self) -> None:
        """Pop the breakdown up."""
        if self.popover.services is None:
            self.popover.services = getattr(self.window(), "svc", None)
        self.popover.show_estimate(self.estimate, self)
