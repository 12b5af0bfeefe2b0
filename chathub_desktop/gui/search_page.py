"""Search everything (issue 14): the box over every topic's messages, with a second tab
for memory entries and dream cards.

:class:`SearchPage` is a page of the window (issue 29: no dialog over the chat), with a
Back header; typing waits :data:`DEBOUNCE_MS` after the
last key, then runs the query on a worker thread (``runner.run_in_thread``); a newer
query cancels the older one's task and an older result that still arrives is dropped
(each query has a generation number). Rows show topic · assistant · date and the
snippet with the matched text in bold. Enter (or a double-click) emits
``open_message(topic_id, message_id)`` / ``open_memory(assistant_id)``.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QRectF, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QAbstractTextDocumentLayout, QKeyEvent, QPainter, QPalette, QTextDocument
from PySide6.QtWidgets import (
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from chathub_desktop.core.invisible_text import hidden_note, isolated, shown_line, thin_spans
from chathub_desktop.core.search_text import Snippet
from chathub_desktop.core.topic_titles import plain_title
from chathub_desktop.gui.design import current_colours
from chathub_desktop.gui.design.tokens import Space
from chathub_desktop.gui.page_header import PageHeader
from chathub_desktop.gui.safe_document import SafeTextDocument
from chathub_desktop.gui.topic_list_delegate import day_label

if TYPE_CHECKING:
    from chathub_desktop.gui.task_runner import TaskRunner
    from chathub_desktop.services.search_service import MemoryHit, SearchResults

#: Milliseconds after the last key before the query runs.
DEBOUNCE_MS = 180
#: Item role holding the hit (``SearchHit`` or ``MemoryHit``).
HitRole = Qt.ItemDataRole.UserRole + 1
_HtmlRole = Qt.ItemDataRole.UserRole + 2
#: Most characters of a topic title or assistant name shown in a result's "where" line
#: (an imported title is anyone's text: 40 of 10,000 characters took 120 ms to thin).
WHERE_PART_CHARS = 120
_WHERE = "where"  # the class of the muted topic/date line, coloured at paint time


def snippet_html(s: Snippet) -> str:
    """The snippet as HTML with every match in bold (text escaped), without the
    invisible characters past the display bounds and a muted note of how many were
    left out (issue 32:
    :func:`~chathub_desktop.core.invisible_text.thin_spans`)."""
    text, spans, hidden = thin_spans(s.text, s.spans)
    out, at = [], 0
    for start, end in spans:
        out.append(html.escape(text[at:start]))
        out.append(f"<b>{html.escape(text[start:end])}</b>")
        at = end
    out.append(html.escape(text[at:]))
    if isolated(text) != text:  # a bidi override left open would reverse the note too
        out = ["\u2068", *out, "\u2069"]
    if hidden:
        out.append(f" <span class='{_WHERE}'>({hidden_note(hidden)})</span>")
    return "".join(out)


def _where(*parts: str) -> str:
    """The "where" line of a result (muted at paint time): ``parts`` (outside text: titles,
    names) cut at :data:`WHERE_PART_CHARS` with "…", thinned like a snippet, escaped
    and joined by " · "."""
    joined = " · ".join(html.escape(shown_line(p if len(p) <= WHERE_PART_CHARS else p[:WHERE_PART_CHARS - 1] + "…"))
                        for p in parts)
    return f"<span class='{_WHERE}'>{joined}</span>"


def result_rows(res: SearchResults, mem: list[MemoryHit]) -> tuple[list[str], list[str]]:
    """The rich text of every message hit and of every memory hit (where, then the
    snippet; the muted parts carry a class the delegate colours). Pure Python, run on a worker:
    thinning an imported topic's title of 10,000 characters takes about 3 ms."""
    messages = [f"{_where(plain_title(h.topic_title[:4 * WHERE_PART_CHARS]), h.assistant_name, h.role, day_label(h.created_at))}"
                f"<br>{snippet_html(h.snippet)}" for h in res.hits]
    memory = [f"{_where(m.assistant_name, ('Memory' if m.kind == 'memory' else 'Dream card') + f' #{m.number}')}"
              f"<br>{snippet_html(m.snippet)}" for m in mem]
    return messages, memory


class _HtmlDelegate(QStyledItemDelegate):
    """Paints an item's :data:`_HtmlRole` rich text (two lines: where, then snippet),
    wrapped at the width of ``view``'s viewport: the option a list asks a size hint with
    may carry another width, and a row measured at one width and painted at another
    overlapped the next row."""

    def __init__(self, view: QListWidget) -> None:
        super().__init__(view)
        self._view = view

    def _doc(self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex,
             selected: bool = False) -> QTextDocument:
        doc = SafeTextDocument()
        doc.setDefaultFont(option.font)
        # The "where" line's colour is chosen now, not when the row was filled: the theme may
        # have changed since, and on the selection colour muted grey read 1.3:1.
        where = (option.palette.color(QPalette.ColorRole.HighlightedText).name() if selected
                 else current_colours().text_muted)
        doc.setDefaultStyleSheet(f".{_WHERE} {{ color: {where}; }}")
        doc.setHtml(str(index.data(_HtmlRole) or ""))
        doc.setTextWidth(max(100, self._view.viewport().width() - 12))
        return doc

    def paint(self, painter: QPainter, option: QStyleOptionViewItem,
              index: QModelIndex | QPersistentModelIndex) -> None:
        """Selection background, then the document."""
        self.initStyleOption(option, index)
        style = option.widget.style() if option.widget else None
        text = option.text
        option.text = ""
        if style is not None:
            style.drawControl(QStyle.ControlElement.CE_ItemViewItem, option, painter, option.widget)
        option.text = text
        selected = bool(option.state & QStyle.StateFlag.State_Selected)
        doc = self._doc(option, index, selected)
        ctx = QAbstractTextDocumentLayout.PaintContext()
        role = QPalette.ColorRole.HighlightedText if selected else QPalette.ColorRole.Text
        ctx.palette.setColor(QPalette.ColorRole.Text, option.palette.color(role))
        painter.save()
        painter.translate(option.rect.left() + 6, option.rect.top() + 4)
        painter.setClipRect(QRectF(0, 0, option.rect.width() - 6, option.rect.height() - 4))
        doc.documentLayout().draw(painter, ctx)
        painter.restore()

    def sizeHint(self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex) -> QSize:
        """The document's height plus padding."""
        self.initStyleOption(option, index)
        doc = self._doc(option, index)
        return QSize(int(doc.idealWidth()) + 12, int(doc.size().height()) + 8)


class SearchPage(QWidget):
    """The Search everything page (see the module docstring). ``search(query)`` and
    ``search_memory(query)`` are blocking service calls run on ``runner``'s threads.
    ``back_requested`` when its Back button is clicked."""

    open_message = Signal(int, int)  # topic id, message id
    open_memory = Signal(int)  # assistant id
    back_requested = Signal()

    def __init__(self, runner: TaskRunner, search: Callable[[str], SearchResults],
                 search_memory: Callable[[str], list[MemoryHit]], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("searchPage")
        self.setWindowTitle("Search everything")
        self._runner = runner
        self._search = search
        self._search_memory = search_memory
        self._generation = 0
        #: Queries that ran to completion and were shown (tests read it).
        self.shown_queries: list[str] = []
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.setSpacing(0)
        self.header = PageHeader("Search")
        self.header.back_requested.connect(self.back_requested)
        outer.addWidget(self.header)
        lay = QVBoxLayout()
        lay.setContentsMargins(Space.LG, 0, Space.LG, Space.LG)
        outer.addLayout(lay, 1)
        self.box = QLineEdit()
        self.box.setAccessibleName("Search")
        self.box.setObjectName("searchBox")
        self.box.setPlaceholderText("Search every topic's messages, memory and dream cards…")
        self.box.setClearButtonEnabled(True)
        self.box.textChanged.connect(self._on_text)
        self.box.returnPressed.connect(self.open_current)
        lay.addWidget(self.box)
        self.tabs = QTabWidget()
        self.messages = self._list("searchMessages")
        self.memory = self._list("searchMemory")
        self.tabs.addTab(self.messages, "Messages")
        self.tabs.addTab(self.memory, "Memory && dream cards")
        lay.addWidget(self.tabs, 1)
        self.status = QLabel("Type to search. Enter opens the selected result.")
        self.status.setObjectName("searchStatus")
        self.status.setWordWrap(True)
        lay.addWidget(self.status)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(DEBOUNCE_MS)
        self._timer.timeout.connect(self._start)

    def _list(self, name: str) -> QListWidget:
        w = QListWidget()
        w.setObjectName(name)
        w.setItemDelegate(_HtmlDelegate(w))
        w.setUniformItemSizes(False)
        w.setWordWrap(True)
        w.itemActivated.connect(lambda _item: self.open_current())
        return w

    def keyPressEvent(self, e: QKeyEvent) -> None:
        """Up/Down in the box move through the results of the shown tab."""
        if e.key() in (Qt.Key.Key_Down, Qt.Key.Key_Up) and self.box.hasFocus():
            lst = self.current_list()
            step = 1 if e.key() == Qt.Key.Key_Down else -1
            lst.setCurrentRow(max(0, min(lst.count() - 1, lst.currentRow() + step)))
            return
        super().keyPressEvent(e)

    def current_list(self) -> QListWidget:
        """The list of the shown tab."""
        return self.memory if self.tabs.currentIndex() == 1 else self.messages

    def _on_text(self, _text: str) -> None:
        self._generation += 1  # whatever is running now is stale
        self._runner.cancel("search")
        self._timer.start()

    def _start(self) -> None:
        query = self.box.text()
        self._generation += 1
        gen = self._generation
        if not query.strip():
            self.messages.clear()
            self.memory.clear()
            self.status.setText("Type to search. Enter opens the selected result.")
            return
        self.status.setText("Searching…")
        self._runner.run("search", self._run(gen, query), context="Search")

    async def _run(self, gen: int, query: str) -> None:
        res = await self._runner.run_in_thread(self._search, query)
        mem = await self._runner.run_in_thread(self._search_memory, query)
        rows = await self._runner.run_in_thread(result_rows, res, mem)
        if gen != self._generation:
            return  # a newer query was typed meanwhile
        self.fill(res, mem, rows)
        self.shown_queries.append(query)

    def fill(self, res: SearchResults, mem: list[MemoryHit], rows: tuple[list[str], list[str]]) -> None:
        """Show ``res`` and ``mem`` with their rich text ``rows`` (:func:`result_rows`)."""
        self.messages.clear()
        for h, rich in zip(res.hits, rows[0], strict=True):
            self._add(self.messages, h, rich)
        self.memory.clear()
        for m, rich in zip(mem, rows[1], strict=True):
            self._add(self.memory, m, rich)
        for lst in (self.messages, self.memory):
            if lst.count():
                lst.setCurrentRow(0)
        self.tabs.setTabText(0, f"Messages ({len(res.hits)})")
        self.tabs.setTabText(1, f"Memory && dream cards ({len(mem)})")
        parts = [f"{len(res.hits)} messages, {len(mem)} memory entries and cards"]
        if res.note:
            parts.append(res.note)
        self.status.setText(" — ".join(parts))

    @staticmethod
    def _add(lst: QListWidget, hit: Any, rich: str) -> None:
        item = QListWidgetItem()
        item.setData(HitRole, hit)
        item.setData(_HtmlRole, rich)
        item.setData(Qt.ItemDataRole.AccessibleTextRole, rich)
        lst.addItem(item)

    def open_current(self) -> None:
        """Open the selected result of the shown tab (the first when none is selected)."""
        lst = self.current_list()
        item = lst.currentItem() or lst.item(0)
        hit = item.data(HitRole) if item is not None else None
        if hit is None:
            return
        if hasattr(hit, "message_id"):  # a SearchHit
            self.open_message.emit(hit.topic_id, hit.message_id)
        else:  # a MemoryHit
            self.open_memory.emit(hit.assistant_id)
