"""The "Context usage & compaction" popover of the token badge (TOK-1..TOK-6, CMP-6).

Top to bottom:

- Total Used and how it was reached (counted locally, or anchored on the provider's
  own count, TOK-3, TOK-4);
- a stacked bar of the parts against the input budget with the high watermark (or the
  threshold policy's trigger, NUM-3) as a tick, and one caption line under it: the
  input budget as context window minus the reply reserve (CMP-8);
- the rows (``services.context.meter_rows``): every TOK-1 part, the message framing, and one
  signed row for the provider's count or the learned correction — they add up to
  Total Used, which closes the table;
- one warning line when Total Used is over the input budget (nothing else turns red);
- the compaction policy, and a Details line that opens on the tokenizer's encoding;
  the history window (included / dropped, configured limit, "expanded to N", whole
  topic, last compaction, a warning when older turns are dropped with no summary);
- the prompt cache of the latest reply that reported one, with a ``?`` naming the model
  that reported it (TOK-6);
- when the last reply's server read only part of its request, that warning and a button
  that sets the model card's window to the size the server reported (REF-27);
- in a footer that stays in view while the rest scrolls (walk29 #8): Compact now / View
  topic summary and the last outcome (CMP-6).

Every figure comes from the one :class:`EstimateView` of the plan Send posts; this
module only lays it out. The popover grows with its content (its layout never lets the
window be smaller than what it holds), so no text lands on the bar in any state.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6 import QtCore
from PySide6.QtCore import QCoreApplication, QLocale, QPoint, QRectF, QSize, Signal
from PySide6.QtGui import QPainter, QPaintEvent, QPalette, QPen, QResizeEvent
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLayout,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from chathub_desktop.gui.context.meter_words import (
    budget_line,
    cache_help,
    cache_text,
    details_line,
    group_title,
    history_html,
    mode_line,
    over_budget_words,
    policy_line,
    row_label,
    row_note,
    tick_text,
    tools_line,
)
from chathub_desktop.gui.design import mark_help
from chathub_desktop.gui.design.meter_colors import caution_color, muted_color, part_color
from chathub_desktop.gui.design.palette import error_color
from chathub_desktop.gui.settings.summarizer_choice import choose_button
from chathub_desktop.gui.shell.i18n import QT_TRANSLATE_NOOP, fill
from chathub_desktop.gui.shell.invisible_note import shown_line

if TYPE_CHECKING:  # types only: the views module loads after first paint
    from chathub_desktop.services.context.meter_rows import MeterRow
    from chathub_desktop.services.views import EstimateView, TruncationView

#: Width of the popover, pixels (fixed, so wrapped labels get their full height).
POPOVER_WIDTH = 460
#: The least height the popover takes when the window leaves less room above the badge, px.
POPOVER_MIN_HEIGHT = 160
_MARGIN_H, _MARGIN_V = 14, 12
_SWATCH = 10
#: Text of Compact now while a run is in flight (CMP-6).
COMPACTING_TEXT = QT_TRANSLATE_NOOP("UsagePopover", "Compacting…")
COMPACT_TEXT = QT_TRANSLATE_NOOP("UsagePopover", "Compact now")
translate = QCoreApplication.translate


def _tinted(label: QLabel, color: Any, tone: str) -> None:
    """Give ``label`` a text colour from the theme (its palette, no style sheet) and the
    ``tone`` property that names it (``muted`` / ``warning`` / ``error``), the vocabulary
    an app stylesheet can style labels by."""
    label.setProperty("tone", tone)
    pal = label.palette()
    pal.setColor(QPalette.ColorRole.WindowText, color)
    label.setPalette(pal)


class WrappedLabel(QLabel):
    """A word-wrapped label that asks for the height its text needs at the width it is
    given, so a layout never squeezes its lines onto a neighbour (the bar)."""

    def __init__(self, text: str = "", name: str = "") -> None:
        super().__init__(text)
        self.setWordWrap(True)
        if name:
            self.setObjectName(name)
        #: The width the layout gives this label, pixels, when the owner knows it (0: its
        #: current width) — so its height is right before the first layout pass.
        self.fit_width = 0

    def fit_height(self) -> bool:
        """Minimum height = the text's height at its width; True if it changed."""
        need = max(0, self.heightForWidth(self.fit_width or self.width())) if self.text() else 0
        if need == self.minimumHeight():
            return False
        self.setMinimumHeight(need)
        return True

    def setText(self, text: str) -> None:  # noqa: N802 (Qt)
        """Set the text and the height it needs."""
        super().setText(text)
        self.fit_height()

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 (Qt)
        super().resizeEvent(event)
        self.fit_height()


def _wrapped(text: str = "", name: str = "") -> WrappedLabel:
    return WrappedLabel(text, name)


class Swatch(QWidget):
    """A small square in a part's colour (the bar's legend)."""

    def __init__(self, part: str) -> None:
        super().__init__()
        self.part = part
        self.setFixedSize(_SWATCH, _SWATCH)

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 (Qt)
        p = QPainter(self)
        p.fillRect(self.rect(), part_color(self.part))
        p.end()


class PartsBar(QWidget):
    """A thin stacked bar: each part's tokens as a share of the input budget, with the
    high watermark drawn as a tick. Overflow past the budget is clipped at the end."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("partsBar")
        self.setFixedHeight(14)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.parts: list[tuple[str, int]] = []
        self.scale_total = 0
        self.budget = 1
        self.high = 0.8

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt)
        return QSize(320, 14)

    def set_estimate(self, e: EstimateView, rows: tuple[MeterRow, ...]) -> None:
        """Show the positive part rows of ``e`` scaled so they sum to ``e.total``, against
        its budget."""
        from chathub_desktop.services.context.meter_rows import MeterRowKind

        self.parts = [(r.key, r.tokens) for r in rows if r.kind is not MeterRowKind.ADJUSTMENT and r.tokens > 0]
        self.scale_total = e.total
        self.budget = max(1, e.input_budget)
        self.high = min(1.0, e.threshold_trigger / self.budget) if e.threshold_trigger else e.high_watermark
        self.setToolTip(fill(translate("UsagePopover", "%1 of %2 input tokens; tick: %3"), QLocale().toString(e.total),
                             QLocale().toString(e.input_budget), tick_text(e)))
        self.update()

    def segments(self, width: float) -> list[tuple[str, float, float]]:
        """``(part, x, w)`` pixel segments for a bar ``width`` pixels wide."""
        local = sum(v for _k, v in self.parts) or 1
        factor = self.scale_total / local if self.scale_total else 1.0
        x = 0.0
        out: list[tuple[str, float, float]] = []
        for k, v in self.parts:
            w = min(width * v * factor / self.budget, max(0.0, width - x))
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
            p.setBrush(part_color(k))
            p.drawRect(QRectF(r.left() + x, r.top(), w, r.height()))
        hx = r.left() + r.width() * self.high
        p.setPen(QPen(error_color(pal), 2))
        p.drawLine(int(hx), int(r.top()) - 2, int(hx), int(r.bottom()) + 2)
        p.end()


#: The popover's groups of rows (walk36 #13): key, title, and the part keys each holds
#: (a part not named here goes to Conversation; the adjustment row stands alone).
GROUPS: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("instructions", "Instructions & framing", ("instructions", "framing")),
    ("memory", "Memory", ("memory", "knowledge")),
    ("conversation", "Conversation", ("summary", "pinned", "history", "draft", "images")),
    ("tools", "Tools", ("tools",)),
)


def group_of(key: str) -> str:
    """The :data:`GROUPS` key row ``key`` is listed under (``adjustment`` alone)."""
    if key == "adjustment":
        return key
    return next((g for g, _t, keys in GROUPS if key in keys), "conversation")


class GroupSwatch(QWidget):
    """A group's legend: its parts' colours side by side, each as wide as its share."""

    def __init__(self, parts: list[tuple[str, int]]) -> None:
        super().__init__()
        self.parts = parts
        self.setFixedSize(_SWATCH, _SWATCH)

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 (Qt)
        p = QPainter(self)
        total = sum(n for _k, n in self.parts)
        x = 0.0
        for key, n in self.parts:
            w = self.width() * n / total if total else self.width() / len(self.parts)
            p.fillRect(QRectF(x, 0, w, self.height()), part_color(key))
            x += w
        p.end()


class MeterTable(QWidget):
    """The rows that add up (walk36 #13: grouped): one line per group — legend, title,
    its figure (labels named ``meterGroup``, property ``meterKey``: the group's key) —
    with an arrow that opens its rows: swatch, label and figure per part (``meterValue``,
    ``meterKey``: the part's key) and the notes; then Total Used (``meterTotal``). The
    groups' figures add up to Total Used, and each group's rows to its figure.
    ``opened`` when a group's arrow opens or closes it (the popover fits its height)."""

    opened = Signal()

    def __init__(self, width: int) -> None:
        super().__init__()
        self.setObjectName("meterTable")
        self._width = width
        self.grid = QGridLayout(self)
        self.grid.setContentsMargins(0, 0, 0, 0)
        self.grid.setHorizontalSpacing(8)
        self.grid.setVerticalSpacing(2)
        self.grid.setColumnStretch(2, 1)
        self.values: list[QLabel] = []
        self.groups: list[QLabel] = []
        #: Each group's arrow and the widgets it shows (its rows and notes), by group key.
        self.expanders: dict[str, tuple[QToolButton, list[QWidget]]] = {}
        self._open: set[str] = set()
        self.total = QLabel()

    def _clear(self) -> None:
        while self.grid.count():
            item = self.grid.takeAt(0)
            w = item.widget() if item is not None else None
            if w is not None:
                w.deleteLater()
        self.values = []
        self.groups = []
        self.expanders = {}

    def set_open(self, group: str, on: bool) -> None:
        """Show or hide ``group``'s rows (kept across refills while the popover lives)."""
        found = self.expanders.get(group)
        if found is None:
            return
        (self._open.add if on else self._open.discard)(group)
        arrow, shown = found
        arrow.setArrowType(QtCore.Qt.ArrowType.DownArrow if on else QtCore.Qt.ArrowType.RightArrow)
        title = str(arrow.property("groupTitle"))
        arrow.setAccessibleName(fill(translate("UsagePopover", "Hide the rows of %1") if on
                                     else translate("UsagePopover", "Show the rows of %1"), title))
        for w in shown:
            w.setVisible(on)

    def _toggle(self, group: str) -> None:
        self.set_open(group, group not in self._open)
        self.opened.emit()

    def set_rows(self, rows: tuple[MeterRow, ...], e: EstimateView, muted: Any) -> None:
        """Lay out ``rows`` of ``e`` grouped, and its total (tokens), in the interface
        language; notes and zero rows in ``muted``."""
        from chathub_desktop.services.context.meter_rows import MeterRowKind, signed

        self._clear()
        total = e.total
        titles = {g: group_title(g) for g, _t, _k in GROUPS} | {"adjustment": ""}
        order = [g for g, _t, _k in GROUPS] + ["adjustment"]
        grouped: dict[str, list[MeterRow]] = {}
        for row in rows:
            grouped.setdefault(group_of(row.key), []).append(row)
        r = 0
        for g in (g for g in order if g in grouped):
            members = grouped[g]
            tokens = sum(m.tokens for m in members)
            adjustment = g == "adjustment"
            arrow = QToolButton()
            arrow.setObjectName("meterGroupArrow")
            arrow.setAutoRaise(True)
            arrow.setArrowType(QtCore.Qt.ArrowType.RightArrow)
            arrow.setProperty("groupTitle", row_label(members[0], e) if adjustment else titles[g])
            arrow.setFocusPolicy(QtCore.Qt.FocusPolicy.TabFocus)
            arrow.clicked.connect(lambda _c=False, key=g: self._toggle(key))
            self.grid.addWidget(arrow, r, 0, QtCore.Qt.AlignmentFlag.AlignVCenter)
            if not adjustment:
                self.grid.addWidget(GroupSwatch([(m.key, max(0, m.tokens)) for m in members]), r, 1,
                                    QtCore.Qt.AlignmentFlag.AlignVCenter)
            name = QLabel(row_label(members[0], e) if adjustment else titles[g])
            value = QLabel(signed(tokens) if adjustment else f"{tokens:,}")
            value.setObjectName("meterGroup")
            value.setProperty("meterKey", g)
            value.setAlignment(QtCore.Qt.AlignmentFlag.AlignRight | QtCore.Qt.AlignmentFlag.AlignVCenter)
            if tokens == 0:
                _tinted(name, muted, "muted")
                _tinted(value, muted, "muted")
            self.grid.addWidget(name, r, 2)
            self.grid.addWidget(value, r, 3)
            self.groups.append(value)
            r += 1
            shown: list[QWidget] = []
            for row in members:
                if not adjustment:
                    swatch = Swatch(row.key)
                    self.grid.addWidget(swatch, r, 1, QtCore.Qt.AlignmentFlag.AlignVCenter)
                    part = QLabel(row_label(row, e))
                    figure = QLabel(signed(row.tokens) if row.kind is MeterRowKind.ADJUSTMENT else f"{row.tokens:,}")
                    figure.setObjectName("meterValue")
                    figure.setProperty("meterKey", row.key)
                    figure.setAlignment(QtCore.Qt.AlignmentFlag.AlignRight | QtCore.Qt.AlignmentFlag.AlignVCenter)
                    _tinted(part, muted, "muted")
                    _tinted(figure, muted, "muted")
                    self.grid.addWidget(part, r, 2)
                    self.grid.addWidget(figure, r, 3)
                    self.values.append(figure)
                    shown += [swatch, part, figure]
                    r += 1
                if row.note:
                    note = _wrapped("", "meterNote")
                    note.fit_width = self._width - 2 * _SWATCH - 2 * self.grid.horizontalSpacing()
                    note.setText(shown_line(row_note(row, e)))
                    _tinted(note, muted, "muted")
                    self.grid.addWidget(note, r, 2, 1, 2)
                    shown.append(note)
                    r += 1
            if adjustment:
                self.values.append(value)  # the adjustment is its own row too
            if shown:
                self.expanders[g] = (arrow, shown)
                self.set_open(g, g in self._open)
            else:
                arrow.setEnabled(False)
                arrow.setArrowType(QtCore.Qt.ArrowType.NoArrow)
        rule = QFrame()
        rule.setFrameShape(QFrame.Shape.HLine)
        rule.setFrameShadow(QFrame.Shadow.Sunken)
        self.grid.addWidget(rule, r, 0, 1, 4)
        r += 1
        name = QLabel("<b>" + html.escape(translate("UsagePopover", "Total Used")) + "</b>")
        self.total = QLabel(f"<b>{total:,}</b>")
        self.total.setObjectName("meterTotal")
        self.total.setAlignment(QtCore.Qt.AlignmentFlag.AlignRight | QtCore.Qt.AlignmentFlag.AlignVCenter)
        self.grid.addWidget(name, r, 2)
        self.grid.addWidget(self.total, r, 3)


class EstimatePopover(QFrame):
    """The Context usage & compaction popup (closes on outside click).

    Compact now / View topic summary show once a controller is bound
    (:meth:`bind_controller`): they emit ``compact_requested(topic_id)`` /
    ``summary_requested(topic_id)`` through it, and the popover asks it whether the topic
    is compacting and for the last outcome text."""

    compact_requested = Signal(int)
    summary_requested = Signal(int)
    #: Set the model card's window to what the server read (a ``TruncationView``, REF-27).
    card_window_requested = Signal(object)
    #: Open the model card editor for the estimate's model (an ``EstimateView``; issue 28).
    card_edit_requested = Signal(object)
    #: "Choose History Compress model…" was pressed (issue 28): open Settings → System Agent.
    choose_summarizer_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent, QtCore.Qt.WindowType.Popup)
        self.setObjectName("estimatePopover")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setFixedWidth(POPOVER_WIDTH)
        self.estimate: EstimateView | None = None
        self._is_compacting: Callable[[int], bool] | None = None
        self._outcome: Callable[[int], str | None] | None = None
        self._needs_summarizer: Callable[[int], bool] | None = None
        self._controlled = False
        #: Global y the popover's bottom edge keeps while open (just above the badge).
        self._bottom: int | None = None
        #: Height the popover may take above the badge, px (the window's top down to it).
        self._room: int | None = None
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        #: The content, in a scroll area: taller than the room above the badge, it scrolls
        #: inside the popover (issue 29: it fits an 800×560 window).
        self.body = QWidget()
        self.body.setObjectName("popoverBody")
        self.body_scroll = QScrollArea(self)
        self.body_scroll.setObjectName("popoverScroll")
        self.body_scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.body_scroll.setHorizontalScrollBarPolicy(QtCore.Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.body_scroll.setWidget(self.body)
        self.body_scroll.viewport().setAutoFillBackground(False)
        self.body.setAutoFillBackground(False)
        outer.addWidget(self.body_scroll)
        layout = QVBoxLayout(self.body)
        layout.setContentsMargins(_MARGIN_H, _MARGIN_V, _MARGIN_H, _MARGIN_V)
        self._inner = POPOVER_WIDTH - 2 * (_MARGIN_H + self.frameWidth())  # the column's width
        layout.setSpacing(6)
        # the window is never smaller than its content: nothing can be squeezed onto the bar
        layout.setSizeConstraint(QLayout.SizeConstraint.SetMinimumSize)
        self.title = title = QLabel()
        title.setObjectName("popoverTitle")
        layout.addWidget(title)
        self.headline = QLabel()
        self.headline.setObjectName("meterHeadline")
        layout.addWidget(self.headline)
        self.mode_label = _wrapped(name="meterMode")
        layout.addWidget(self.mode_label)
        self.bar = PartsBar()
        # holds the popover at its width under the size constraint
        self.bar.setMinimumWidth(self._inner)
        layout.addWidget(self.bar)
        self.budget_label = _wrapped(name="barCaption")
        layout.addWidget(self.budget_label)
        self.table = MeterTable(self._inner)
        self.table.opened.connect(self._fit)
        layout.addWidget(self.table)
        self.warning_label = _wrapped(name="budgetWarning")
        self.warning_label.hide()
        layout.addWidget(self.warning_label)
        self.tools_label = _wrapped(name="toolsWithheld")  # walk37 #2: not only in the Tools row
        self.tools_label.hide()
        layout.addWidget(self.tools_label)
        self.policy_label = _wrapped(name="policyLine")
        layout.addWidget(self.policy_label)
        # walk29 #8: the tokenizer's name only for who asks
        self.details_button = QToolButton()
        self.details_button.setObjectName("popoverDetails")

        self.details_button.setAutoRaise(True)
        self.details_button.setToolButtonStyle(QtCore.Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.details_button.setArrowType(QtCore.Qt.ArrowType.RightArrow)

        self.details_label = _wrapped(name="detailsLine")
        self.details_label.hide()
        self.details_open = False  # the Details line is open (a plain toggle: no "checked" fill)
        self.details_button.clicked.connect(lambda: self._show_details(not self.details_open))
        layout.addWidget(self.details_button)
        layout.addWidget(self.details_label)
        self.history_label = _wrapped(name="historyWindow")
        self.history_label.setTextFormat(QtCore.Qt.TextFormat.RichText)
        layout.addWidget(self.history_label)
        self.history_warning = _wrapped("", "historyWarning")
        self.history_warning.hide()
        layout.addWidget(self.history_warning)
        cache_row = QHBoxLayout()
        self.cache_title = QLabel()
        self.cache_help = QToolButton()
        self.cache_help.setText("?")
        self.cache_help.setObjectName("cacheHelp")
        self.cache_help.setAutoRaise(True)
        mark_help(self.cache_help)

        self.cache_help.clicked.connect(self._show_cache_help)
        cache_row.addWidget(self.cache_title)
        cache_row.addWidget(self.cache_help)
        cache_row.addStretch(1)
        layout.addLayout(cache_row)
        self.cache_label = _wrapped(name="cacheLine")  # wraps: a long line would widen the popover past its edge
        layout.addWidget(self.cache_label)
        # REF-27: the server silently read only part of the last request
        self.truncation_label = _wrapped(name="truncationWarning")
        self.truncation_label.setTextFormat(QtCore.Qt.TextFormat.PlainText)
        self.truncation_label.hide()
        layout.addWidget(self.truncation_label)
        self.set_window_button = QPushButton()
        self.set_window_button.setObjectName("setCardWindow")

        self.set_window_button.clicked.connect(self._set_card_window)
        self.set_window_button.hide()
        layout.addWidget(self.set_window_button)
        # issue 28: the fallback note opens the card editor
        self.edit_card_button = QPushButton()
        self.edit_card_button.setObjectName("editModelCard")

        self.edit_card_button.clicked.connect(self._edit_card)
        self.edit_card_button.hide()
        layout.addWidget(self.edit_card_button)
        # walk29 #8: the actions stay in view under the scrolling content (a sticky footer)
        self.footer = QWidget()
        self.footer.setObjectName("popoverFooter")
        foot = QVBoxLayout(self.footer)
        foot.setContentsMargins(_MARGIN_H, _MARGIN_V // 2, _MARGIN_H, _MARGIN_V)
        foot.setSpacing(6)
        outer.addWidget(self.footer)
        buttons = QHBoxLayout()
        self.compact_button = QPushButton()
        self.compact_button.setObjectName("compactNow")
        self.compact_button.clicked.connect(self._compact)
        self.summary_button = QPushButton()
        self.summary_button.setObjectName("viewSummary")
        self.summary_button.clicked.connect(self._summary)
        buttons.addWidget(self.compact_button)
        buttons.addWidget(self.summary_button)
        buttons.addStretch(1)
        foot.addLayout(buttons)
        self.status = _wrapped(name="compactionOutcome")
        self.status.hide()
        foot.addWidget(self.status)
        self.choose_summarizer_button = choose_button("popoverChooseSummarizer")
        self.choose_summarizer_button.clicked.connect(self._choose_summarizer)
        foot.addWidget(self.choose_summarizer_button)
        self._say()
        self._sync_buttons()

    def _say(self) -> None:
        """The popover's own texts in the interface language (issue 27)."""
        self.title.setText("<b>" + html.escape(translate("UsagePopover", "Context usage & compaction")) + "</b>")
        self.details_button.setText(translate("UsagePopover", "Details"))
        self.details_button.setAccessibleName(translate("UsagePopover", "Show how tokens are counted"))
        self.history_warning.setText(translate("UsagePopover", "Older turns are left out with no usable summary: compact the topic to keep "
                                       "them as one."))
        self.cache_title.setText("<b>" + html.escape(translate("UsagePopover", "Prompt cache")) + "</b>")
        self.cache_help.setAccessibleName(translate("UsagePopover", "About the reported cache"))
        self.set_window_button.setToolTip(translate("UsagePopover", "Save a model card with the window the server really reads, so the "
                                            "estimate, compaction and the history fit it"))
        self.edit_card_button.setToolTip(translate("UsagePopover", "Give this model a card: its context window, max output and tokenizer"))
        self.compact_button.setToolTip(translate("UsagePopover", "Summarize the completed turns before your latest message now (History "
                                         "Compress model; Ctrl+Shift+K)"))
        self.summary_button.setText(translate("UsagePopover", "View topic summary"))

    def changeEvent(self, event: QtCore.QEvent) -> None:  # noqa: N802 - Qt override
        """Qt: a language switch re-says the popover, its figures included (issue 27)."""
        super().changeEvent(event)
        if event.type() == QtCore.QEvent.Type.LanguageChange:
            self._say()
            self.fill(self.estimate)

    # --- content ------------------------------------------------------------------------
    def fill(self, e: EstimateView | None) -> None:
        """Show ``e`` (``None``: no topic open)."""
        from chathub_desktop.services.context.meter_rows import meter_rows

        self.estimate = e
        pal = self.palette()
        muted, warning = muted_color(pal), error_color(pal)
        for label in (self.mode_label, self.budget_label, self.policy_label, self.details_label):
            _tinted(label, muted, "muted")
        for label in (self.warning_label, self.truncation_label):
            _tinted(label, warning, "error")
        _tinted(self.history_warning, caution_color(pal), "warning")  # advice, not the budget warning
        _tinted(self.tools_label, caution_color(pal), "warning")
        if e is None:
            self.headline.setText(translate("UsagePopover", "No estimate yet: open or create a topic."))
            for w in (self.mode_label, self.bar, self.budget_label, self.table, self.warning_label,
                      self.policy_label, self.history_label, self.history_warning, self.truncation_label,
                      self.tools_label,
                      self.set_window_button, self.edit_card_button, self.details_button, self.details_label):
                w.hide()
            self.cache_label.setText("")
            self._sync_buttons()
            return
        rows = meter_rows(e)
        n = QLocale().toString
        self.headline.setText(fill(translate("UsagePopover", "<b>Next request estimate: %1</b> of %2 input tokens"),
                                   n(e.total), n(e.input_budget)))
        self.mode_label.setText(mode_line(e))
        self.bar.set_estimate(e, rows)
        # the policy line below says the percentages (walk45 #10: they were said twice)
        self.budget_label.setText(fill(translate("UsagePopover", "%1 The red mark shows where compaction starts."),
                                       budget_line(e)))
        self.table.set_rows(rows, e, muted)
        over = over_budget_words(e)  # the badge's words (one source)
        self.warning_label.setText(f"⚠ {over}" if over else "")
        self.warning_label.setVisible(over is not None)
        tools = tools_line(e)
        self.tools_label.setText(tools)
        self.tools_label.setVisible(bool(tools))
        self.policy_label.setText(policy_line(e))
        self.details_label.setText(details_line(e))
        self.history_label.setText(history_html(e))
        self.history_warning.setVisible(e.history.warning)
        self.cache_label.setText(cache_text(e.cache))
        self.cache_help.setToolTip(cache_help(e.cache))
        t = e.truncation
        self.truncation_label.setVisible(t is not None)
        # offered until the card reads what the server reported
        self.set_window_button.setVisible(t is not None and t.reported != e.context_window)
        if t is not None:
            # the warning and model ids come from the server (issue 32)
            self.truncation_label.setText(fill(translate("UsagePopover", "⚠ Last reply: %1."), shown_line(t.warning)))
            self.set_window_button.setText(fill(translate("UsagePopover", "Set %1's window to %2 tokens"),
                                                shown_line(t.model), n(t.reported)))
        self.edit_card_button.setVisible(not e.window_known and bool(e.model))
        self.edit_card_button.setText(fill(translate("UsagePopover", "Set %1's window…"), shown_line(e.model)))
        for w in (self.mode_label, self.bar, self.budget_label, self.table, self.policy_label, self.details_button):
            w.show()
        self._show_details(self.details_open)
        self._sync_buttons()

    def _fit(self) -> None:
        """Size the popover to its content (a status line after a run adds height while
        it is open), at most the room above the badge: past that the content scrolls
        inside, the popover one scroll bar wider. An open popover keeps its bottom edge,
        above the badge. Labels are measured at the column's width, known before layout."""
        layout = self.body.layout()
        for label in self.findChildren(WrappedLabel):
            if label.objectName() != "meterNote":
                label.fit_width = self._inner
            label.fit_height()
        if layout is not None:
            layout.activate()  # now, not at the next event: the move below needs the final height
        self.body.adjustSize()
        footer = self.footer.layout()
        if footer is not None:
            footer.activate()
        foot = self.footer.sizeHint().height() if self.footer.isVisibleTo(self) else 0
        frame = 2 * self.frameWidth()
        need = self.body.height() + foot + frame
        room = self._room if self._room is not None else need
        scrolls = need > room
        bar = self.body_scroll.verticalScrollBar().sizeHint().width() if scrolls else 0
        self.body_scroll.setVerticalScrollBarPolicy(QtCore.Qt.ScrollBarPolicy.ScrollBarAlwaysOn if scrolls
                                               else QtCore.Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setFixedSize(POPOVER_WIDTH + bar, min(need, room))
        if self._bottom is not None and self.isVisible():
            self.move(self.x(), self._bottom - self.height())

    def _show_details(self, on: bool) -> None:
        """Open or close the details line (the tokenizer, walk29 #8)."""
        self.details_open = on
        self.details_button.setArrowType(QtCore.Qt.ArrowType.DownArrow if on else QtCore.Qt.ArrowType.RightArrow)
        shown = on and self.estimate is not None
        # walk36 #13: the tokenizer, the history window and the prompt cache are details
        for w in (self.details_label, self.history_label, self.cache_title, self.cache_help, self.cache_label):
            w.setVisible(shown)
        self._fit()

    def _set_card_window(self) -> None:
        """Ask for a model card with the window the server reported for the truncated
        reply's model (``card_window_requested``); whoever saves it calls
        :meth:`card_window_saved`."""
        e = self.estimate
        if e is None or e.truncation is None:
            return
        self.set_window_button.setEnabled(False)
        self.card_window_requested.emit(e.truncation)

    def _edit_card(self) -> None:
        """Ask for the card editor on the estimate's model (``card_edit_requested``)."""
        if self.estimate is not None:
            self.hide()  # a popup: the editor takes the focus
            self.card_edit_requested.emit(self.estimate)

    def card_window_saved(self, t: TruncationView) -> None:
        """The card for ``t.model`` now reads ``t.reported`` tokens: say so on the button."""
        self.set_window_button.setEnabled(True)
        self.set_window_button.setText(fill(translate("UsagePopover", "Saved: %1 reads %2 tokens"), t.model,
                                            QLocale().toString(t.reported)))

    def bind_controller(self, compact: Callable[[int], object], summary: Callable[[int], object],
                        is_compacting: Callable[[int], bool], outcome: Callable[[int], str | None],
                        needs_summarizer: Callable[[int], bool] | None = None) -> None:
        """Route the buttons to the window: ``compact(topic_id)`` / ``summary(topic_id)``;
        ``is_compacting(topic_id)`` and ``outcome(topic_id)`` (last result text) drive the
        button state and the outcome line; ``needs_summarizer(topic_id)`` shows "Choose
        History Compress model…" under it (issue 28)."""
        self._controlled = True
        self.compact_requested.connect(compact)
        self.summary_requested.connect(summary)
        self._is_compacting = is_compacting
        self._outcome = outcome
        self._needs_summarizer = needs_summarizer

    def sync(self) -> None:
        """Re-read the compaction state (a run started or ended)."""
        self._sync_buttons()

    def _sync_buttons(self) -> None:
        available = self._controlled and self.estimate is not None and self.estimate.topic_id is not None
        self.compact_button.setVisible(available)
        self.summary_button.setVisible(available)
        if available and self.estimate is not None and self.estimate.topic_id is not None:
            tid = self.estimate.topic_id
            busy = self._is_compacting is not None and self._is_compacting(tid)
            self.compact_button.setEnabled(not busy)
            self.compact_button.setText(translate("UsagePopover", COMPACTING_TEXT if busy else COMPACT_TEXT))
            self.summary_button.setToolTip(translate(
                "UsagePopover", "The topic's rolling summary, its model, Copy / Export and the debug log (Ctrl+Shift+S)")
                if self.estimate.has_summary else translate(
                "UsagePopover", "No summary yet: the viewer shows the debug log of past runs (Ctrl+Shift+S)"))
            if self._outcome is not None:
                text = self._outcome(tid)
                self.status.setText(text or "")
                self.status.setVisible(bool(text))
            self.choose_summarizer_button.setVisible(
                self._needs_summarizer is not None and self._needs_summarizer(tid))
        else:
            self.choose_summarizer_button.hide()
            self.status.hide()
        self.footer.setVisible(available)
        self._fit()

    def _choose_summarizer(self) -> None:
        self.hide()
        self.choose_summarizer_requested.emit()

    def show_estimate(self, e: EstimateView | None, anchor: QWidget) -> None:
        """Fill with ``e`` and pop up above ``anchor``."""
        top = anchor.mapToGlobal(QPoint(0, 0))
        self._bottom = top.y() - 4
        screen = anchor.screen().availableGeometry().top()
        self._room = max(POPOVER_MIN_HEIGHT, self._bottom - max(screen, anchor.window().geometry().top()))
        self.fill(e)
        self.move(top.x(), self._bottom - self.height())
        self.show()

    def _show_cache_help(self) -> None:
        from PySide6.QtWidgets import QToolTip

        QToolTip.showText(self.cache_help.mapToGlobal(QPoint(0, self.cache_help.height())),
                          self.cache_help.toolTip(), self.cache_help)

    # --- compaction actions (through the bound controller) --------------------------------
    def _compact(self) -> None:
        e = self.estimate
        if self._controlled and e is not None and e.topic_id is not None:
            self.compact_requested.emit(e.topic_id)
            self._sync_buttons()

    def _summary(self) -> None:
        e = self.estimate
        if self._controlled and e is not None and e.topic_id is not None:
            self.hide()
            self.summary_requested.emit(e.topic_id)
