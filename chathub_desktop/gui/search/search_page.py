"""Search everything (issue 14): the box over every topic's messages, with a second tab
for memory entries and dream cards.

:class:`SearchPage` is a page of the window (issue 29: no dialog over the chat), with a
Back header; typing waits :data:`DEBOUNCE_MS` after the
last key, then runs the query on a worker thread (``runner.run_in_thread``); a newer
query cancels the older one's task and an older result that still arrives is dropped
(each query has a generation number). Filters (assistant, date, who wrote it) run the
query again at once. Message hits come grouped by topic under a header (title ·
assistant · day), each hit with who wrote it and when, then its snippet: the message
read as plain text (no Markdown marks; code in the fixed-width font) with the matched
text in bold. Hits that hold the query's words come first; those found only by meaning
follow under their own heading, each marked with a "similar" tag whose tooltip says
why it was found (session 51: 9 of "Messages (11)" were by meaning, unmarked). Up/Down
move from hit to hit over the headers; Enter (or a double-click) emits
``open_message(topic_id, message_id)`` / ``open_memory(assistant_id)``. The memory tab
is ranked again by meaning after the keyword results show, when the embedding model is
there (issue 26). Before the first query and when nothing matches,
an empty state stands in for the tabs (walk37 #9): what Search looks through, or that
nothing matched, with Clear filters while a filter narrows the search.
"""

from __future__ import annotations

import functools
import html
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import (
    QCoreApplication,
    QEvent,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QRectF,
    QSize,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import (
    QAbstractTextDocumentLayout,
    QColor,
    QKeyEvent,
    QPainter,
    QPalette,
    QTextDocument,
)
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QStackedWidget,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from chathub_desktop.core.invisible_text import thin_spans
from chathub_desktop.core.memory_search import MemoryHitKind
from chathub_desktop.core.messages import Role
from chathub_desktop.core.search_text import Snippet
from chathub_desktop.core.topic_titles import plain_title
from chathub_desktop.gui.chat.safe_document import SafeTextDocument
from chathub_desktop.gui.design import current_colours
from chathub_desktop.gui.design.icons import Icon
from chathub_desktop.gui.design.tokens import ChipKind, Radius, Space
from chathub_desktop.gui.shell.empty_state import EmptyState
from chathub_desktop.gui.shell.i18n import QT_TRANSLATE_NOOP, Texts, fill, said
from chathub_desktop.gui.shell.invisible_note import hidden_note, shown_line
from chathub_desktop.gui.shell.page_header import PageHeader
from chathub_desktop.gui.topics.topic_list_delegate import day_label
from chathub_desktop.gui.topics.topic_title import untitled_title
from chathub_desktop.services.search.search_service import (
    HitMatch,
    MemoryHit,
    SearchFilters,
    SearchHit,
    SearchPeriod,
    SearchRole,
)

if TYPE_CHECKING:
    from chathub_desktop.gui.shell.task_runner import TaskRunner
    from chathub_desktop.services.search.search_service import SearchResults

#: The empty state before the first query, and when nothing matched (walk37 #9).
START_TITLE = QT_TRANSLATE_NOOP("SearchPage", "Search everything")
START_TEXT = QT_TRANSLATE_NOOP("SearchPage", "Words from any topic's messages, memory entries and dream cards. "
                               "Up and Down move between results; Enter opens one.")
#: The search box's tooltip: how words match (polish52; ``core.search_text.starts_a_word``).
SEARCH_TIP = QT_TRANSLATE_NOOP(
    "SearchPage", "Finds what holds every word. A word matches at the start of a word: “car” finds car, cars, "
                  "car-sharing and carrying, not scar. Chinese and Japanese match anywhere. Put words in double "
                  "quotes to find them together.")
NO_RESULTS_TITLE = QT_TRANSLATE_NOOP("SearchPage", "No results")
NO_RESULTS_TEXT = QT_TRANSLATE_NOOP("SearchPage", "Nothing matches these words. Try other words, or fewer of them.")
NO_RESULTS_FILTERED = QT_TRANSLATE_NOOP(
    "SearchPage", "Nothing matches these words within the filters. Try other words, or clear the filters.")
CLEAR_FILTERS = QT_TRANSLATE_NOOP("SearchPage", "Clear filters")

#: Milliseconds after the last key before the query runs.
DEBOUNCE_MS = 180
#: Item role holding the hit (``SearchHit`` or ``MemoryHit``).
HitRole = Qt.ItemDataRole.UserRole + 1
_HtmlRole = Qt.ItemDataRole.UserRole + 2
_IndentRole = Qt.ItemDataRole.UserRole + 3  # px a hit row is indented under its group header
#: Most characters of a topic title or assistant name shown in a result's "where" line
#: (an imported title is anyone's text: 40 of 10,000 characters took 120 ms to thin).
WHERE_PART_CHARS = 120
_WHERE = "where"  # the class of the muted topic/date line, coloured at paint time
_SIMILAR = "similar"  # the class of a by-meaning hit's tag, coloured at paint time (ChipKind.SIMILAR)
#: A by-meaning hit's tag and its tooltip (session 51).
SIMILAR_TAG = QT_TRANSLATE_NOOP("SearchPage", "similar")
SIMILAR_TIP = QT_TRANSLATE_NOOP("SearchPage", "Found by meaning: this message is close to what you typed but does not "
                                              "hold all of its words")
SIMILAR_HEADING = QT_TRANSLATE_NOOP("SearchPage", "Similar in meaning")
SIMILAR_MEMORY_TIP = QT_TRANSLATE_NOOP("SearchPage", "Found by meaning: this entry is close to what you typed but "
                                                     "does not hold all of its words")
_VERSION = "version"  # the class of a hit-on-another-version tag (ChipKind.RANGE's colours)
#: The tag of a hit on a version not in view (issue 29/30), with its ‹ n / m › when the
#: turn's switcher reaches it, and its tooltip.
VERSION_TAG = QT_TRANSLATE_NOOP("SearchPage", "on another version")
VERSION_AT_TAG = QT_TRANSLATE_NOOP("SearchPage", "on another version · %1 / %2")
VERSION_TIP = QT_TRANSLATE_NOOP("SearchPage", "This message is on a version the topic does not show now: opening it "
                                              "switches that turn to this version")


def version_tag(hit: SearchHit) -> str:
    """The plain text of ``hit``'s "on another version" tag ("" for a hit in view)."""
    v = hit.version
    if v is None:
        return ""
    if v.index:
        return fill(translate("SearchPage", VERSION_AT_TAG), str(v.index), str(v.total))
    return translate("SearchPage", VERSION_TAG)


def snippet_html(s: Snippet) -> str:
    """The snippet as HTML with every match in bold and its code in ``<code>`` (the
    theme's fixed-width font; text escaped), without the invisible characters past the
    display bounds or a bidi control not closed on its line, and a muted note of how
    many were left out (issues 32, 28: :func:`~chathub_desktop.core.invisible_text.thin_spans`)."""
    text, moved, hidden = thin_spans(s.text, (*s.spans, *s.code))
    spans, code = moved[:len(s.spans)], moved[len(s.spans):]
    cuts = sorted({0, len(text), *(i for span in moved for i in span)})
    out = []
    for a, b in zip(cuts, cuts[1:], strict=False):
        piece = html.escape(text[a:b])
        if any(x <= a and b <= y for x, y in code):
            piece = f"<code>{piece}</code>"
        if any(x <= a and b <= y for x, y in spans):
            piece = f"<b>{piece}</b>"
        out.append(piece)
    if hidden:
        out.append(f" <span class='{_WHERE}'>({hidden_note(hidden)})</span>")
    return "".join(out)


def _part(text: str) -> str:
    """Outside text (a title, a name) cut at :data:`WHERE_PART_CHARS` with "…",
    thinned like a snippet and escaped."""
    return html.escape(shown_line(text if len(text) <= WHERE_PART_CHARS else text[:WHERE_PART_CHARS - 1] + "…"))


def _where(*parts: str, lead: str = "") -> str:
    """The muted "where" line of a result (coloured at paint time): ``parts``
    (:func:`_part` each) joined by " · ", after ``lead``."""
    return f"<span class='{_WHERE}'>{lead}{' · '.join(_part(p) for p in parts)}</span>"


@dataclass(frozen=True, slots=True)
class TopicGroup:
    """A group header of the Messages tab: the topic (its id) whose ``hits`` follow."""

    topic_id: int
    hits: int


@dataclass(frozen=True, slots=True)
class MeaningHeading:
    """The heading over the Messages tab's hits found only by meaning (``hits`` of them)."""

    hits: int


@dataclass(frozen=True, slots=True)
class NoMatches:
    """The muted line of a tab that found nothing while the other tab found something
    (search53b, walk53b #3: the memory tab was blank white)."""


#: A tab's line when it found nothing (search53b).
NO_MATCHES = QT_TRANSLATE_NOOP("SearchPage", "No matches")


def no_matches_rows() -> list[Row]:
    """The one row of a tab that found nothing: "No matches", muted."""
    said = translate("SearchPage", NO_MATCHES)
    return [(NoMatches(), _where(said), said)]


#: One row of a results list: the hit it opens (a :class:`TopicGroup` for a header),
#: its rich text and its plain text for screen readers.
Row = tuple[Any, str, str]


def group_by_topic(hits: list[SearchHit]) -> list[list[SearchHit]]:
    """``hits`` (best first) in groups by topic: the groups of the hits holding the
    query's words first, then those of the hits found only by meaning (a topic may have
    a group in each); the groups in the order of their best hit, a group's hits best first."""
    groups: dict[tuple[bool, int], list[SearchHit]] = {}
    for h in hits:
        groups.setdefault((h.match is HitMatch.MEANING, h.topic_id), []).append(h)
    return [g for _key, g in sorted(groups.items(), key=lambda kg: kg[0][0])]


#: The filters' choices as shown (``SearchPage`` sources; the enums' values are English).
PERIOD_TEXT = {SearchPeriod.ANY: QT_TRANSLATE_NOOP("SearchPage", "Any time"),
               SearchPeriod.WEEK: QT_TRANSLATE_NOOP("SearchPage", "Past week"),
               SearchPeriod.MONTH: QT_TRANSLATE_NOOP("SearchPage", "Past month"),
               SearchPeriod.YEAR: QT_TRANSLATE_NOOP("SearchPage", "Past year")}
ROLE_TEXT = {SearchRole.ANY: QT_TRANSLATE_NOOP("SearchPage", "Anyone"), SearchRole.USER: QT_TRANSLATE_NOOP(
    "SearchPage", "You"), SearchRole.ASSISTANT: QT_TRANSLATE_NOOP("SearchPage", "Assistant")}
translate = QCoreApplication.translate


def _speaker(hit: SearchHit) -> str:
    return translate("SearchPage", "You") if hit.role == Role.USER else hit.assistant_name


def message_rows(res: SearchResults) -> list[Row]:
    """The Messages tab's rows: per topic (:func:`group_by_topic`) a header (title,
    assistant, the day of its newest hit), then each hit (who wrote it and when, then
    the snippet; the muted parts carry a class the delegate colours); "No matches" for
    none. Pure Python, run
    on a worker: thinning an imported topic's title of 10,000 characters takes ~3 ms."""
    rows: list[Row] = []
    similar = sum(h.match is HitMatch.MEANING for h in res.hits)
    tag = f" <span class='{_SIMILAR}'>&nbsp;≈ {html.escape(translate('SearchPage', SIMILAR_TAG))}&nbsp;</span>"
    for group in group_by_topic(res.hits):
        first, newest = group[0], max(h.created_at for h in group)
        meaning = first.match is HitMatch.MEANING
        if meaning and not any(isinstance(r[0], MeaningHeading) for r in rows):  # the first by-meaning group
            heading = translate("SearchPage", SIMILAR_HEADING)
            rows.append((MeaningHeading(similar), f"<b>≈ {html.escape(heading)}</b>"
                         f"{_where(translate('SearchPage', '%n message(s)', '', similar), lead=' · ')}", heading))
        title = _part(untitled_title() if first.topic_untitled else plain_title(first.topic_title[:4 * WHERE_PART_CHARS]))
        day = day_label(newest)
        rows.append((TopicGroup(first.topic_id, len(group)),
                     f"<b>{title}</b>{_where(first.assistant_name, day, lead=' · ')}",
                     f"{html.unescape(title)}, {first.assistant_name}, {day}"))
        said_tag = f", {translate('SearchPage', SIMILAR_TIP)}" if meaning else ""
        rows.extend((h, f"{_where(_speaker(h), day_label(h.created_at))}{tag if meaning else ''}{_version_html(h)}<br>"
                        f"{snippet_html(h.snippet)}",
                     f"{_speaker(h)}, {day_label(h.created_at)}{said_tag}{_version_said(h)}: {h.snippet.text}")
                    for h in group)
    return rows or no_matches_rows()


def _version_html(hit: SearchHit) -> str:
    tag = version_tag(hit)
    return f" <span class='{_VERSION}'>&nbsp;{html.escape(tag)}&nbsp;</span>" if tag else ""


def _version_said(hit: SearchHit) -> str:
    tag = version_tag(hit)
    return f", {tag}" if tag else ""


def memory_rows(mem: list[MemoryHit]) -> list[Row]:
    """The memory tab's rows: where (assistant, entry), then the snippet; "No matches"
    (:func:`no_matches_rows`) for none."""
    rows: list[Row] = []
    for m in mem:
        entry = fill(translate("SearchPage", "Memory #%1") if m.kind == MemoryHitKind.MEMORY
                     else translate("SearchPage", "Dream card #%1"), str(m.number))
        meaning = m.match is HitMatch.MEANING  # marked as on the Messages tab (issue 29/30)
        tag = f" <span class='{_SIMILAR}'>&nbsp;≈ {html.escape(translate('SearchPage', SIMILAR_TAG))}&nbsp;</span>"
        said_tag = f", {translate('SearchPage', SIMILAR_MEMORY_TIP)}" if meaning else ""
        rows.append((m, f"{_where(m.assistant_name, entry)}{tag if meaning else ''}<br>{snippet_html(m.snippet)}",
                     f"{m.assistant_name}, {entry}{said_tag}: {m.snippet.text}"))
    return rows or no_matches_rows()


def result_rows(res: SearchResults, mem: list[MemoryHit]) -> tuple[list[Row], list[Row]]:
    """:func:`message_rows` and :func:`memory_rows` (run on a worker)."""
    return message_rows(res), memory_rows(mem)


class _HtmlDelegate(QStyledItemDelegate):
    """Paints an item's :data:`_HtmlRole` rich text (a group header, or two lines:
    where, then snippet), indented by its :data:`_IndentRole`, wrapped at the width of
    ``view``'s viewport: the option a list asks a size hint with may carry another
    width, and a row measured at one width and painted at another overlapped the next row."""

    def __init__(self, view: QListWidget) -> None:
        super().__init__(view)
        self._view = view

    def _doc(self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex,
             selected: bool = False) -> QTextDocument:
        doc = SafeTextDocument()
        doc.setDefaultFont(option.font)
        # The "where" line's colour is chosen now, not when the row was filled: the theme may
        # have changed since, and on the selection colour muted grey read 1.3:1.
        colours = current_colours()
        where = colours.selected_text if selected else colours.text_muted
        tag_bg, tag_fg = colours.chip(ChipKind.SIMILAR)
        version_bg, version_fg = colours.chip(ChipKind.RANGE)
        doc.setDefaultStyleSheet(f".{_WHERE} {{ color: {where}; }} "
                                 f".{_SIMILAR} {{ color: {tag_fg}; background-color: {tag_bg}; }} "
                                 f".{_VERSION} {{ color: {version_fg}; background-color: {version_bg}; }}")
        doc.setHtml(str(index.data(_HtmlRole) or ""))
        indent = int(index.data(_IndentRole) or 0)
        doc.setTextWidth(max(100, self._view.viewport().width() - 2 * Space.LG - indent))
        return doc

    def paint(self, painter: QPainter, option: QStyleOptionViewItem,
              index: QModelIndex | QPersistentModelIndex) -> None:
        """A soft tint under a selected or hovered hit (walk36 #8: not the accent's full
        bar), rounded and inset from the list's edges, then the document."""
        self.initStyleOption(option, index)
        selected = bool(option.state & QStyle.StateFlag.State_Selected)
        hovered = bool(option.state & QStyle.StateFlag.State_MouseOver) and index.data(_IndentRole) is not None
        colours = current_colours()
        if selected or hovered:
            painter.save()
            painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QColor(colours.selected if selected else colours.hover))
            painter.drawRoundedRect(QRectF(option.rect).adjusted(Space.XS, 1, -Space.XS, -1), Radius.MD, Radius.MD)
            painter.restore()
        doc = self._doc(option, index, selected)
        ctx = QAbstractTextDocumentLayout.PaintContext()
        ctx.palette.setColor(QPalette.ColorRole.Text, QColor(colours.selected_text if selected else colours.text))
        left = Space.SM + int(index.data(_IndentRole) or 0)
        top = Space.MD if index.data(_IndentRole) is None and index.row() else Space.XS  # air above a group
        painter.save()
        painter.translate(option.rect.left() + left, option.rect.top() + top)
        painter.setClipRect(QRectF(0, 0, option.rect.width() - left, option.rect.height() - top))
        doc.documentLayout().draw(painter, ctx)
        painter.restore()

    def sizeHint(self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex) -> QSize:
        """The document's height plus padding (more above a group header)."""
        self.initStyleOption(option, index)
        doc = self._doc(option, index)
        top = Space.MD if index.data(_IndentRole) is None and index.row() else Space.XS
        return QSize(int(doc.idealWidth()) + 2 * Space.LG, int(doc.size().height()) + top + Space.XS)


#: The Search page's period and role filters, in their combo boxes' order.
PERIODS = tuple(SearchPeriod)
ROLES = tuple(SearchRole)


class SearchPage(QWidget):
    """The Search everything page (see the module docstring). ``search(query,
    filters)``, ``search_memory(query, filters, by_meaning)`` and ``assistants()``
    (``(id, name)`` pairs) are blocking service calls run on ``runner``'s threads;
    with ``by_meaning`` the memory tab is ranked again by meaning once the keyword
    results are shown, and so is the Messages tab with ``search_by_meaning(query,
    filters)`` (issue 26). ``back_requested`` when its Back button is clicked."""

    open_message = Signal(int, int)  # topic id, message id
    open_memory = Signal(int)  # assistant id
    back_requested = Signal()

    def __init__(self, runner: TaskRunner, search: Callable[[str, SearchFilters], SearchResults],
                 search_memory: Callable[[str, SearchFilters, bool], list[MemoryHit]],
                 assistants: Callable[[], list[tuple[int, str]]] = list, *, by_meaning: bool = False,
                 search_by_meaning: Callable[[str, SearchFilters], SearchResults] | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("searchPage")
        self.texts = t = Texts(self)
        t.bind(self.setWindowTitle, lambda: translate("SearchPage", "Search everything"))
        self._runner = runner
        self._search = search
        self._search_memory = search_memory
        self._assistants = assistants
        self._by_meaning = by_meaning
        self._search_by_meaning = search_by_meaning
        self._generation = 0
        #: Queries that ran to completion and were shown (tests read it).
        self.shown_queries: list[str] = []
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.setSpacing(0)
        self.header = PageHeader("")
        t.bind(self.header.title.setText, lambda: translate("SearchPage", "Search"))
        self.header.back_requested.connect(self.back_requested)
        outer.addWidget(self.header)
        lay = QVBoxLayout()
        lay.setContentsMargins(Space.LG, 0, Space.LG, Space.LG)
        lay.setSpacing(Space.MD)
        outer.addLayout(lay, 1)
        self.box = QLineEdit()
        t.bind(self.box.setAccessibleName, lambda: translate("SearchPage", "Search"))
        self.box.setObjectName("searchBox")
        t.bind(self.box.setPlaceholderText, lambda: translate(
            "SearchPage", "Search every topic's messages, memory and dream cards…"))
        t.bind(self.box.setToolTip, lambda: translate("SearchPage", SEARCH_TIP))
        self.box.setClearButtonEnabled(True)
        self.box.textChanged.connect(self._on_text)
        self.box.returnPressed.connect(self.open_current)
        self.box.installEventFilter(self)
        lay.addWidget(self.box)
        lay.addLayout(self._filter_row())
        self.tabs = QTabWidget()
        self.tabs.setObjectName("searchTabs")  # underline tabs (walk36 #8)
        self.tabs.setDocumentMode(True)
        self.messages = self._list("searchMessages")
        self.memory = self._list("searchMemory")
        self.tabs.addTab(self.messages, "")
        self.tabs.addTab(self.memory, "")
        #: This query may still show the tab with the hits (walk53c #6): once, and never
        #: after the user picked a tab for it.
        self._may_switch = True
        self._switching = False  # the page itself is switching tabs
        self.tabs.currentChanged.connect(self._on_tab)
        self._counts: tuple[int, int] | None = None  # the tabs' counts (None: no search shown)
        self._similar = 0  # of the Messages tab's count, the hits found only by meaning
        self._similar_memory = 0  # of the memory tab's count, the entries found only by meaning
        t.call(self._say_tabs)
        self.empty = EmptyState(START_TEXT, "", "searchEmpty", glyph=Icon.SEARCH, title=START_TITLE,
                                context="SearchPage")
        self.empty.button.clicked.connect(self.clear_filters)
        self.stack = QStackedWidget()  # the tabs, or the empty state in their place
        self.stack.addWidget(self.tabs)
        self.stack.addWidget(self.empty)
        self._show_empty(START_TITLE, START_TEXT)
        lay.addWidget(self.stack, 1)
        self.status = QLabel()
        self._say_idle()
        self.status.setObjectName("searchStatus")
        self.status.setWordWrap(True)
        lay.addWidget(self.status)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(DEBOUNCE_MS)
        self._timer.timeout.connect(self._start)

    def _filter_row(self) -> QHBoxLayout:
        row = QHBoxLayout()
        row.setSpacing(Space.MD)
        self.assistant_filter = self._combo("searchAssistant", QT_TRANSLATE_NOOP("SearchPage", "Assistant"),
                                            [QT_TRANSLATE_NOOP("SearchPage", "All assistants")])
        self.assistant_filter.setItemData(0, None)
        self.period_filter = self._combo("searchPeriod", QT_TRANSLATE_NOOP("SearchPage", "Date"),
                                         [PERIOD_TEXT[p] for p in PERIODS])
        self.role_filter = self._combo("searchRole", QT_TRANSLATE_NOOP("SearchPage", "Written by"),
                                       [ROLE_TEXT[r] for r in ROLES])
        for combo in (self.assistant_filter, self.period_filter, self.role_filter):
            row.addWidget(combo)
        row.addStretch(1)
        return row

    def _combo(self, name: str, accessible: str, items: list[str]) -> QComboBox:
        """A filter named ``accessible`` offering ``items`` (``SearchPage`` sources, said
        in the interface language now and after each switch)."""
        combo = QComboBox()
        combo.setObjectName(name)
        self.texts.bind(combo.setAccessibleName, lambda: translate("SearchPage", accessible))
        self.texts.bind(combo.setToolTip, lambda: translate("SearchPage", accessible))
        combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        for i, item in enumerate(items):
            combo.addItem("")
            self.texts.bind(functools.partial(combo.setItemText, i), said("SearchPage", item))
        combo.currentIndexChanged.connect(self._on_filter)
        return combo

    def filters(self) -> SearchFilters:
        """The filters chosen on the page."""
        return SearchFilters(self.assistant_filter.currentData(), PERIODS[max(0, self.period_filter.currentIndex())],
                             ROLES[max(0, self.role_filter.currentIndex())])

    def refresh_assistants(self) -> None:
        """List the assistants in the assistant filter again (read on a worker; the
        chosen one stays chosen while it exists)."""
        self._runner.run("search-assistants", self._load_assistants(), context="Search", quiet=True)

    async def _load_assistants(self) -> None:
        self.set_assistants(await self._runner.run_in_thread(self._assistants))

    def set_assistants(self, assistants: list[tuple[int, str]]) -> None:
        """Fill the assistant filter with ``(id, name)`` pairs after "All assistants"."""
        chosen = self.assistant_filter.currentData()
        self.assistant_filter.blockSignals(True)
        try:
            while self.assistant_filter.count() > 1:
                self.assistant_filter.removeItem(1)
            for aid, name in assistants:
                self.assistant_filter.addItem(_plain_part(name), aid)
            at = self.assistant_filter.findData(chosen) if chosen is not None else 0
            self.assistant_filter.setCurrentIndex(max(0, at))
        finally:
            self.assistant_filter.blockSignals(False)
        if chosen is not None and self.assistant_filter.currentData() != chosen:
            self._on_filter()  # the chosen assistant is gone: all of them now

    def _list(self, name: str) -> QListWidget:
        w = QListWidget()
        w.setObjectName(name)
        w.setItemDelegate(_HtmlDelegate(w))
        w.setMouseTracking(True)  # the hovered hit's tint
        w.setUniformItemSizes(False)
        w.setWordWrap(True)
        w.itemActivated.connect(self.open_item)
        w.installEventFilter(self)
        return w

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Up/Down (in the box or a list) move from hit to hit of the shown tab, over
        the group headers."""
        if (event.type() == QEvent.Type.KeyPress and isinstance(event, QKeyEvent)
                and event.key() in (Qt.Key.Key_Down, Qt.Key.Key_Up)
                and event.modifiers() in (Qt.KeyboardModifier.NoModifier, Qt.KeyboardModifier.KeypadModifier)):
            self.step(1 if event.key() == Qt.Key.Key_Down else -1)
            return True
        return super().eventFilter(watched, event)

    def step(self, delta: int) -> None:
        """Select the next (``delta`` 1) or previous (-1) hit of the shown tab; at
        either end the selection stays."""
        lst = self.current_list()
        row = lst.currentRow() + delta
        while 0 <= row < lst.count():
            if _is_hit(lst.item(row)):
                lst.setCurrentRow(row)
                lst.scrollToItem(lst.item(row))
                return
            row += delta
        if delta < 0 and lst.currentRow() > 0:  # the first hit: show its header too
            lst.scrollToTop()

    def current_list(self) -> QListWidget:
        """The list of the shown tab."""
        return self.memory if self.tabs.currentIndex() == 1 else self.messages

    def _on_text(self, _text: str) -> None:
        self._generation += 1  # whatever is running now is stale
        self._runner.cancel("search")
        self._timer.start()

    def _on_filter(self, _index: int = 0) -> None:
        self._timer.stop()
        self._runner.cancel("search")
        self._start()

    def _on_tab(self, _index: int) -> None:
        """The user picked a tab: the results of this query leave it shown."""
        if not self._switching:
            self._may_switch = False

    def _start(self) -> None:
        query = self.box.text()
        self._generation += 1
        self._may_switch = True  # a new query (or filters): its results may show the tab with hits once
        gen = self._generation
        if not query.strip():
            self.messages.clear()
            self.memory.clear()
            self._counts = None
            self._say_tabs()
            self._say_idle()
            self._show_empty(START_TITLE, START_TEXT)
            return
        self.texts.bind(self.status.setText, lambda: translate("SearchPage", "Searching…"))
        self._runner.run("search", self._run(gen, query, self.filters()), context="Search")

    async def _run(self, gen: int, query: str, filters: SearchFilters) -> None:
        res = await self._runner.run_in_thread(self._search, query, filters)
        mem = await self._runner.run_in_thread(self._search_memory, query, filters, False)
        rows = await self._runner.run_in_thread(result_rows, res, mem)
        if gen != self._generation:
            return  # a newer query was typed meanwhile
        self.fill(res, mem, rows)
        if self._by_meaning:  # keyword results first; both tabs ranked by meaning after
            if self._search_by_meaning is not None:
                res = await self._runner.run_in_thread(self._search_by_meaning, query, filters)
            mem = await self._runner.run_in_thread(self._search_memory, query, filters, True)
            rows = await self._runner.run_in_thread(result_rows, res, mem)
            if gen != self._generation:
                return
            self.fill(res, mem, rows)
        self.shown_queries.append(query)

    def fill(self, res: SearchResults, mem: list[MemoryHit], rows: tuple[list[Row], list[Row]]) -> None:
        """Show ``res`` and ``mem`` with their ``rows`` (:func:`result_rows`); when the
        shown tab found nothing and the other did, show that one — once per query, and not
        after the user picked a tab for it (walk53c #6); the tabs keep their counts."""
        self._refill(self.messages, rows[0])
        self._similar = sum(h.match is HitMatch.MEANING for h in res.hits)
        self._counts = (len(res.hits), self._counts[1] if self._counts else 0)
        self.fill_memory(mem, rows[1])
        self._show_status(res, mem)
        if res.hits or mem:
            self.stack.setCurrentWidget(self.tabs)
            here = self.tabs.currentIndex()
            if self._may_switch and self._counts is not None and not self._counts[here] and self._counts[1 - here]:
                self._may_switch = False  # once: a later fill of this query (by meaning) keeps the tab
                self._switching = True
                try:
                    self.tabs.setCurrentIndex(1 - here)  # the tab with the hits (walk53c #6: not "Messages (0)")
                finally:
                    self._switching = False
        else:
            narrowed = self.filters() != SearchFilters()
            self._show_empty(NO_RESULTS_TITLE, NO_RESULTS_FILTERED if narrowed else NO_RESULTS_TEXT,
                             CLEAR_FILTERS if narrowed else "")

    def _show_empty(self, title: str, text: str, action: str = "") -> None:
        """The empty state in place of the tabs, saying ``title`` and ``text`` (source
        strings, said in the current language), with ``action`` (Clear filters) as its
        button or none."""
        self.empty.set_title(title)
        self.empty.set_text(text)
        self.empty.set_action(action)
        self.stack.setCurrentWidget(self.empty)

    def clear_filters(self) -> None:
        """Every filter back to its first choice (all assistants, any date, anyone),
        then the query again."""
        for combo in (self.assistant_filter, self.period_filter, self.role_filter):
            combo.blockSignals(True)
            combo.setCurrentIndex(0)
            combo.blockSignals(False)
        self._on_filter()

    def fill_memory(self, mem: list[MemoryHit], rows: list[Row]) -> None:
        """Show ``mem`` in the memory tab with its ``rows`` (:func:`memory_rows`)."""
        self._refill(self.memory, rows)
        self._counts = (self._counts[0] if self._counts else 0, len(mem))
        self._similar_memory = sum(m.match is HitMatch.MEANING for m in mem)
        self._say_tabs()

    def _say_tabs(self) -> None:
        """Name the tabs, with their counts once a search was shown: the Messages tab's as
        "2 + 9 similar" when some were found only by meaning."""
        names = (translate("SearchPage", "Messages"), translate("SearchPage", "Memory && dream cards"))
        for i, name in enumerate(names):
            if self._counts is None:
                self.tabs.setTabText(i, name)
            elif similar := (self._similar, self._similar_memory)[i]:
                self.tabs.setTabText(i, fill(translate("SearchPage", "%1 (%2 + %3 similar)"), name,
                                             str(self._counts[i] - similar), str(similar)))
            else:
                self.tabs.setTabText(i, f"{name} ({self._counts[i]})")

    def _say_idle(self) -> None:
        self.texts.bind(self.status.setText, lambda: translate(
            "SearchPage", "Type to search. Enter opens the selected result."))

    def _show_status(self, res: SearchResults, mem: list[MemoryHit]) -> None:
        words = [h for h in res.hits if h.match is HitMatch.WORDS]
        topics, hits, note = len({h.topic_id for h in words}), len(words), res.note
        similar = len(res.hits) - hits
        near = sum(m.match is HitMatch.MEANING for m in mem)
        entries = len(mem) - near

        def line() -> str:
            found = fill(translate("SearchPage", "%1 in %2, %3"),
                         translate("SearchPage", "%n message(s)", "", hits),
                         translate("SearchPage", "%n topic(s)", "", topics),
                         translate("SearchPage", "%n memory entries and cards", "", entries))
            if similar:
                found = fill(translate("SearchPage", "%1; %2"), found,
                             translate("SearchPage", "%n more message(s) similar in meaning", "", similar))
            if near:
                found = fill(translate("SearchPage", "%1; %2"), found,
                             translate("SearchPage", "%n more memory entries and cards similar in meaning", "", near))
            return f"{found} — {note}" if note else found  # the service's note is English (a store detail)

        self.texts.bind(self.status.setText, line)

    @staticmethod
    def _refill(lst: QListWidget, rows: list[Row]) -> None:
        lst.clear()
        for hit, rich, spoken in rows:
            item = QListWidgetItem()
            item.setData(HitRole, hit)
            item.setData(_HtmlRole, rich)
            item.setData(Qt.ItemDataRole.AccessibleTextRole, spoken)
            if isinstance(hit, (TopicGroup, MeaningHeading, NoMatches)):  # a header: not selectable, hits below it
                item.setFlags(Qt.ItemFlag.ItemIsEnabled)
            elif isinstance(hit, SearchHit):
                item.setData(_IndentRole, Space.XL)
                if hit.match is HitMatch.MEANING:
                    item.setData(Qt.ItemDataRole.ToolTipRole, translate("SearchPage", SIMILAR_TIP))
                elif hit.version is not None:
                    item.setData(Qt.ItemDataRole.ToolTipRole, translate("SearchPage", VERSION_TIP))
            elif isinstance(hit, MemoryHit) and hit.match is HitMatch.MEANING:
                item.setData(Qt.ItemDataRole.ToolTipRole, translate("SearchPage", SIMILAR_MEMORY_TIP))
            lst.addItem(item)
        first = next((i for i in range(lst.count()) if _is_hit(lst.item(i))), None)
        if first is not None:
            lst.setCurrentRow(first)

    def open_current(self) -> None:
        """Open the selected result of the shown tab (the first when none is selected)."""
        self.open_item(self.current_list().currentItem())

    def open_item(self, item: QListWidgetItem | None) -> None:
        """Open ``item``'s hit; a group header opens its first hit, no item the list's first."""
        lst = item.listWidget() if item is not None else self.current_list()
        row = lst.row(item) if item is not None else 0
        while 0 <= row < lst.count() and not _is_hit(lst.item(row)):
            row += 1
        hit = lst.item(row).data(HitRole) if 0 <= row < lst.count() else None
        if isinstance(hit, SearchHit):
            self.open_message.emit(hit.topic_id, hit.message_id)
        elif hit is not None:  # a MemoryHit
            self.open_memory.emit(hit.assistant_id)


def _is_hit(item: QListWidgetItem | None) -> bool:
    return item is not None and not isinstance(item.data(HitRole), (TopicGroup, MeaningHeading, NoMatches))


def _plain_part(text: str) -> str:
    """An assistant's name as a combo box item shows it: cut and thinned like a where part."""
    return shown_line(text if len(text) <= WHERE_PART_CHARS else text[:WHERE_PART_CHARS - 1] + "…")

