"""The message list of the open topic: a windowed ``QAbstractListModel`` over the topic's
positions (APP-8, APP-10, issue 29 "Long topics at any depth").

The model holds a window of at most :data:`MAX_ROWS` consecutive messages of the topic,
``first_offset`` being the position (0-based, in ``seq`` order) of its first row, and knows
the topic's size (:attr:`MessageListModel.total`, a count read with each page). Opening a
topic shows its newest :data:`PAGE_SIZE` messages; scrolling to the window's top prepends
the previous page and scrolling to its bottom appends the next one (both read on a store
worker by :class:`~chathub_desktop.gui.chat.message_jump.TopicJumps`); a window grown past
:data:`MAX_ROWS` drops the rows at its far end, so the view lays out a bounded number of
rows at any depth. (Rows are not the topic's size: ``QListView`` lays out every row again
on each insert or height change, about 4.5 µs a row: 90 ms at 20,000 rows.) A jump to the
start, to the end or to any position (the topic scroll bar) replaces the window with the
page there (read by :attr:`MessageListModel.pages`, a
:class:`~chathub_desktop.gui.chat.topic_pages.TopicPages`); new messages then wait for the last page. New
messages are appended on ``message_added``; streamed deltas show in their row once per
frame (the text the event bridge keeps, up to what the window shows) with a
``dataChanged`` of :data:`CONTENT_ROLES` only; ``reply_finished`` refreshes
the row from the store (status, error, usage). Events for other topics are ignored
here; their replies keep streaming in the service and the stored/overlaid text shows
when the topic is opened again.

The row of the last message the topic summary covers (the compaction cursor, CMP-2)
answers :data:`CoveredBoundaryRole` True; the delegate draws the "Covered by summary"
marker under it. The window sets the cursor (:meth:`MessageListModel.set_summary_cursor`)
or gives its pages a ``cursor_lookup`` asked when a topic opens.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol, TypeVar

from PySide6.QtCore import (
    QAbstractListModel,
    QCoreApplication,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
    QTimer,
    Signal,
)

from chathub_desktop.core.messages import RETRYABLE_STATUSES, MessageStatus, Role
from chathub_desktop.gui.chat.streamed_text import DISPLAY_LIMIT_CHARS
from chathub_desktop.gui.chat.topic_pages import PAGE_SIZE as PAGE_SIZE
from chathub_desktop.gui.chat.topic_pages import TopicPage as TopicPage
from chathub_desktop.gui.chat.topic_pages import TopicPages
from chathub_desktop.gui.shell.chat_events import ChatEvents
from chathub_desktop.gui.topics.late_topics import LateTopics
from chathub_desktop.services.errors import NotFound
from chathub_desktop.services.events import MessageAdded, ReplyDelta, ReplyFinished
from chathub_desktop.services.views import MessageView

if TYPE_CHECKING:  # types only: keeps SQLAlchemy off the window's start-up path
    import asyncio

    from chathub_desktop.services.topics.topic_service import TopicService

T = TypeVar("T")


class RowReads(Protocol):
    """Where the model reads a row that an event names (issue 29: never on the GUI
    thread); the window's ``TaskRunner`` is one."""

    def run(self, name: str, coro: Coroutine[Any, Any, T], *, context: str = "",
            quiet: bool = False) -> asyncio.Task[T]:
        """Start ``coro`` as the task ``name``."""
        ...

    async def run_in_thread(self, fn: Callable[..., T], *args: Any) -> T:
        """Await ``fn(*args)`` on a worker thread."""
        ...

#: Milliseconds between repaints of a streaming reply (deltas arriving meanwhile are shown together).
DELTA_FRAME_MS = 50
#: ...and of one streaming past the display limit, whose only change is its note's count
#: (huge51: repainting a screenful of its text 20 times a second was most of the
#: window's work while a 16 MB reply streamed).
CUT_FRAME_MS = 250
#: Most rows the window holds: past it, the far end of the window is dropped (issue 29).
MAX_ROWS = 4 * PAGE_SIZE

#: Custom item roles (``Qt.UserRole`` + n).
MessageRole = Qt.ItemDataRole.UserRole + 1  # MessageView with the current text
ContentRole = Qt.ItemDataRole.UserRole + 2  # str: content (markdown) incl. streamed text
StatusRole = Qt.ItemDataRole.UserRole + 3  # MessageStatus
AuthorRole = Qt.ItemDataRole.UserRole + 4  # Role
ExpandedRole = Qt.ItemDataRole.UserRole + 5  # bool: a collapsible row is expanded
MessageIdRole = Qt.ItemDataRole.UserRole + 6  # int
CoveredBoundaryRole = Qt.ItemDataRole.UserRole + 7  # bool: last message the summary covers
HighlightRole = Qt.ItemDataRole.UserRole + 8  # bool: the message a search result opened
VersionRole = Qt.ItemDataRole.UserRole + 9  # (index, total) of a message with versions, else None

#: Roles a streamed delta changes.
CONTENT_ROLES = [ContentRole, Qt.ItemDataRole.DisplayRole, MessageRole]

ModelIndex = QModelIndex | QPersistentModelIndex


def role_value(index: ModelIndex, role: int) -> Any:
    """``index.data(role)`` read straight from the index's Python model, for roles that
    may answer None (:data:`VersionRole`): PySide6 6.12 hands an invalid ``QVariant`` back
    to Python as a None it does not own, so each such read lowers None's reference count
    by one and Python 3.11 aborts ("deallocating None") after some ten thousand of them
    (a long scroll; issue 29)."""
    model = index.model()
    return model.data(index, role) if model is not None else None


@dataclass
class _Row:
    view: MessageView
    expanded: bool = False


class RowFace(NamedTuple):
    """Everything the delegate draws a row from, read in one call (issue 29: a row's
    paint and size hint asked the model six times through Qt, ~45,000 calls a scroll;
    a named tuple: made for every row of every layout pass, a third the cost of a frozen
    dataclass).

    ``view``: the message with its streamed text; ``expanded``: a collapsible row is open;
    ``boundary``: the last message the summary covers (CMP-2); ``highlight``: the message a
    search result opened; ``versions``: ``(index, total)`` of a message with versions or
    None; ``last``: the topic's newest row is loaded and this is it (the Retry pill's row)."""

    view: MessageView
    expanded: bool
    boundary: bool
    highlight: bool
    versions: tuple[int, int] | None
    last: bool


class MessageListModel(QAbstractListModel):
    """Messages of one topic, oldest first.

    ``topics``: the topic service, or the window's :class:`LateTopics` holder bound once
    the store opened (paged reads, called by :attr:`pages` on a worker
    thread); ``events``: the chat-event bridge. ``fetched`` counts message rows shown
    from store reads since construction (tests and benchmarks check that opening
    reads one page). Qt's automatic ``fetchMore`` is not used: it fires whenever the last
    row is visible, which in a chat is always.
    """

    topic_opened = Signal(int)
    older_loaded = Signal(int)  # rows prepended
    #: Rows are about to leave the window's top (a newer page is coming in): their count.
    top_trimming = Signal(int)
    #: The topic's size changed outside the window (a message added after it).
    total_changed = Signal(int)

    def __init__(self, topics: TopicService | LateTopics | None, events: ChatEvents, parent: QObject | None = None, *,
                 reads: RowReads | None = None) -> None:
        super().__init__(parent)
        self._topics = LateTopics.of(topics)  # bound once the store opened (issue 29)
        #: Rows named by events are read here, in event order (None: at once, on the
        #: caller's thread — tests and benchmarks that drive the model by hand).
        self._reads = reads
        self._pending: deque[tuple[int, int, Callable[[MessageView | None], None], bool]] = deque()
        self._draining = False
        self._events = events
        self._rows: list[_Row] = []
        self._by_id: dict[int, int] = {}
        self._topic_id: int | None = None
        self._first_offset = 0
        self._total = 0
        self._focus: int | None = None
        self._at_end = True
        self._cursor_id: int | None = None
        self._highlight_id: int | None = None
        self._versions: dict[int, tuple[int, int]] = {}
        #: The page reads (blocking: worker thread) the window, search and jumps call.
        self.pages = TopicPages(self._topics)
        self.fetched = 0
        self._changed_ids: set[int] = set()
        self._flush = QTimer(self)
        self._flush.setSingleShot(True)
        self._flush.setInterval(DELTA_FRAME_MS)
        self._flush.timeout.connect(self._flush_deltas)
        events.message_added.connect(self._on_message_added)
        events.reply_delta.connect(self._on_reply_delta)
        events.reply_finished.connect(self._on_reply_finished)

    # --- topic -----------------------------------------------------------------------
    @property
    def topic_id(self) -> int | None:
        """The open topic, or None."""
        return self._topic_id

    def show_page(self, page: TopicPage | None) -> None:
        """Show a fetched page (None clears the view); emits ``topic_opened``."""
        self.beginResetModel()
        self._changed_ids.clear()
        if page is None or page.topic_id != self._topic_id:
            self._versions = {}
        self._topic_id = page.topic_id if page is not None else None
        self._rows = []
        self._first_offset = page.first_offset if page is not None else 0
        self._total = max(page.total, page.first_offset + len(page.views)) if page is not None else 0
        self._focus = page.focus if page is not None else None
        self._at_end = page.at_end if page is not None else True
        self._cursor_id = page.cursor_id if page is not None else None
        self._highlight_id = None
        if page is not None:
            self.fetched += len(page.views)
            self._rows = [_Row(self._overlay(v)) for v in page.views]
        self._reindex()
        self.endResetModel()
        if page is not None:
            self.topic_opened.emit(page.topic_id)

    def open_topic(self, topic_id: int | None) -> None:
        """Fetch and show ``topic_id`` at once (None clears): the newest page only
        (blocking: tests and benchmarks; the window reads the page on a worker)."""
        self.show_page(self.pages.fetch_page(topic_id) if topic_id is not None else None)

    @property
    def total(self) -> int:
        """Messages in the open topic (the window holds :data:`MAX_ROWS` of them at most)."""
        return self._total

    @property
    def focus_row(self) -> int | None:
        """The row the view shows at its top after the last page was shown (a jump into
        the topic), or None (the newest message at the bottom)."""
        return None if self._focus is None else self._focus - self._first_offset

    def _overlay(self, view: MessageView) -> MessageView:
        """``view`` with what arrived of it so far when it is a reply streaming here: its
        shown start and, past the display limit, its length (stream50). Any other text
        past the display limit is kept only up to it, with its length (huge51: a stored
        16 MB reply held 16 MB here for as long as its topic was open, and each layout of
        its row read it whole); :meth:`whole_text` reads the rest when it is asked for."""
        if view.status == MessageStatus.STREAMING:
            stream = self._events.streamed(view.id)
            if stream is not None:
                return replace(view, content=stream.shown(), full_chars=stream.chars if stream.cut else None)
        if view.full_chars is None and len(view.content) > DISPLAY_LIMIT_CHARS:
            return replace(view, content=view.content[:DISPLAY_LIMIT_CHARS], full_chars=len(view.content))
        return view

    def whole_text(self, message_id: int, then: Callable[[str], None]) -> None:
        """Hand ``then`` the whole text of the shown message ``message_id`` (Copy
        message, Edit): at once when the row holds all of it, else once a worker has
        read it (not at all when the message is gone or the topic changed meanwhile)."""
        row, topic_id = self._by_id.get(message_id), self._topic_id
        if row is None or topic_id is None:
            return
        view = self._rows[row].view
        if view.full_chars is None:
            then(view.content)
            return
        self._read(topic_id, message_id, lambda whole: then(whole.content) if whole is not None else None,
                   whole=True)

    def _reindex(self) -> None:
        self._by_id = {r.view.id: i for i, r in enumerate(self._rows)}

    # --- Qt model API ------------------------------------------------------------------
    def rowCount(self, parent: ModelIndex = QModelIndex()) -> int:  # noqa: B008 - Qt signature
        """Rows in the window (at most :data:`MAX_ROWS` after a page; :attr:`total` is the topic's size)."""
        return 0 if parent.isValid() else len(self._rows)

    def data(self, index: ModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """Row data for the named roles; DisplayRole is the raw markdown."""
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        row = self._rows[index.row()]
        v = row.view
        if role in (Qt.ItemDataRole.DisplayRole, ContentRole):
            return v.content
        if role == MessageRole:
            return v
        if role == StatusRole:
            return v.status
        if role == AuthorRole:
            return v.role
        if role == ExpandedRole:
            return row.expanded
        if role == MessageIdRole:
            return v.id
        if role == CoveredBoundaryRole:
            return self._cursor_id is not None and v.id == self._cursor_id
        if role == HighlightRole:
            return self._highlight_id is not None and v.id == self._highlight_id
        if role == VersionRole:
            return self._versions.get(v.id)
        if role == Qt.ItemDataRole.ToolTipRole:
            return None
        if role == Qt.ItemDataRole.AccessibleDescriptionRole:  # the stats a hover shows (walk39)
            from chathub_desktop.gui.chat.message_texts import usage_text, versions_text

            said = [t for t in (versions_text(self._versions.get(v.id)), usage_text(v)) if t]
            if v.role == Role.ASSISTANT and v.status in RETRYABLE_STATUSES and self._at_end \
                    and index.row() == len(self._rows) - 1:  # the row's Retry pill (walk52b #7)
                from chathub_desktop.gui.chat.message_layout import RETRY_TIP

                said.append(QCoreApplication.translate("MessageList", RETRY_TIP))
            if v.continuable and self._at_end and index.row() == len(self._rows) - 1:  # its Continue pill
                from chathub_desktop.gui.chat.message_layout import CONTINUE_TIP

                said.append(QCoreApplication.translate("MessageList", CONTINUE_TIP))
            return " · ".join(said) or None
        return None

    def flags(self, index: ModelIndex) -> Qt.ItemFlag:
        """Rows are enabled but not selectable (the bubble is the whole interaction)."""
        return Qt.ItemFlag.ItemIsEnabled if index.isValid() else Qt.ItemFlag.NoItemFlags

    @property
    def first_offset(self) -> int:
        """Position (0-based) in the topic of the first loaded row."""
        return self._first_offset

    def prepend(self, topic_id: int, start: int, views: list[MessageView]) -> None:
        """Prepend ``views``, the topic's messages from position ``start`` up to the first
        loaded row (read on a worker thread); ignored when another topic is shown."""
        if topic_id != self._topic_id or start >= self._first_offset:
            return
        self.fetched += len(views)
        if not views:
            self._first_offset = 0
            return
        self.beginInsertRows(QModelIndex(), 0, len(views) - 1)
        self._rows[:0] = [_Row(self._overlay(v)) for v in views]
        self._first_offset = start
        self._reindex()
        self.endInsertRows()
        if len(self._rows) > MAX_ROWS:  # the newest rows leave the window (issue 29)
            self._drop_rows(MAX_ROWS, len(self._rows))
            self._at_end = False
        self.older_loaded.emit(len(views))  # after both changes: the view lays out once

    def set_highlight(self, message_id: int | None) -> None:
        """Mark ``message_id`` as the one a search result opened (None clears)."""
        old, self._highlight_id = self._highlight_id, message_id
        for mid in (old, message_id):
            row = self._by_id.get(mid) if mid is not None else None
            if row is not None:
                idx = self.index(row)
                self.dataChanged.emit(idx, idx, [HighlightRole])

    def set_versions(self, topic_id: int, versions: dict[int, tuple[int, int]]) -> None:
        """Message id → ``(index, total)`` of the open topic's messages with versions
        (issue 14; read on a worker); only rows whose arrows changed are repainted."""
        if topic_id != self._topic_id:
            return
        old, self._versions = self._versions, dict(versions)
        for mid in {*old, *versions}:
            row = self._by_id.get(mid)
            if row is not None and old.get(mid) != versions.get(mid):
                idx = self.index(row)
                self.dataChanged.emit(idx, idx, [VersionRole])

    @property
    def highlight_id(self) -> int | None:
        """The highlighted message, if any."""
        return self._highlight_id

    @property
    def at_end(self) -> bool:
        """True when the last loaded row is the topic's newest message (False after a
        jump to the start until the pages after it are loaded, issue 29)."""
        return self._at_end

    @property
    def next_offset(self) -> int:
        """Position in the topic of the message after the last loaded row."""
        return self._first_offset + len(self._rows)

    def append_newer(self, topic_id: int, start: int, views: list[MessageView], *,
                     reaches_end: bool | None = None) -> None:
        """Append ``views``, the topic's messages from position ``start`` (read on a
        worker after a jump into the topic); ``reaches_end``: they end the topic (None:
        when fewer than :data:`PAGE_SIZE`). Ignored for another topic or a stale position."""
        if topic_id != self._topic_id or start != self.next_offset or self._at_end:
            return
        self.fetched += len(views)
        ends = len(views) < PAGE_SIZE if reaches_end is None else reaches_end
        fresh = [v for v in views if v.id not in self._by_id]
        drop = len(self._rows) + len(fresh) - MAX_ROWS
        if drop > 0:  # the view notes the row it shows before anything moves
            self.top_trimming.emit(drop)
        if fresh:
            pos = len(self._rows)
            self.beginInsertRows(QModelIndex(), pos, pos + len(fresh) - 1)
            self._rows.extend(_Row(self._overlay(v)) for v in fresh)
            self._reindex()
            if ends:  # said before the view hears of the rows: its newest arrow reads at_end
                self._at_end, self._total = True, self.next_offset
            self.endInsertRows()
        if ends and not self._at_end:  # nothing new came: the view hears it as a new total
            self._at_end, self._total = True, self.next_offset
            self.total_changed.emit(self._total)
        if drop > 0:  # the oldest rows leave the window (issue 29)
            self._drop_rows(0, drop)
            self._first_offset += drop

    def _drop_rows(self, first: int, end: int) -> None:
        """Remove rows ``first``..``end - 1`` from the window (not from the topic)."""
        self.beginRemoveRows(QModelIndex(), first, end - 1)
        del self._rows[first:end]
        self._reindex()
        self.endRemoveRows()

    def has_older(self) -> bool:
        """True when the topic has messages before the first loaded row."""
        return self._first_offset > 0

    # --- summary cursor (CMP-2) ------------------------------------------------------------
    @property
    def summary_cursor(self) -> int | None:
        """The last message the topic summary covers (None: no summary)."""
        return self._cursor_id

    def set_summary_cursor(self, message_id: int | None) -> None:
        """Move the "Covered by summary" marker under ``message_id`` (None hides it);
        only the old and the new row change."""
        if message_id == self._cursor_id:
            return
        old, self._cursor_id = self._cursor_id, message_id
        for mid in (old, message_id):
            row = self._by_id.get(mid) if mid is not None else None
            if row is not None:
                idx = self.index(row)
                self.dataChanged.emit(idx, idx, [CoveredBoundaryRole])

    def refresh_cursor(self) -> None:
        """Ask the pages' ``cursor_lookup`` again for the open topic (after a compaction or an edit)."""
        lookup = self.pages.cursor_lookup
        if self._topic_id is not None and lookup is not None:
            self.set_summary_cursor(lookup(self._topic_id))

    # --- edits ---------------------------------------------------------------------------
    def refresh_message(self, message_id: int) -> None:
        """Re-read one row from the store (after an edit; a row deleted meanwhile goes)."""
        if message_id in self._by_id and self._topic_id is not None:
            self._read(self._topic_id, message_id, lambda view: self._replace(message_id, view, drop_missing=True))

    def _replace(self, message_id: int, view: MessageView | None, *, drop_missing: bool) -> None:
        row = self._by_id.get(message_id)
        if row is None:
            return
        if view is None:
            if drop_missing:
                self.remove_message(message_id)
            return
        self._rows[row].view = self._overlay(view)
        idx = self.index(row)
        self.dataChanged.emit(idx, idx, [*CONTENT_ROLES, StatusRole])

    def _read(self, topic_id: int, message_id: int, apply: Callable[[MessageView | None], None], *,
              whole: bool = False) -> None:
        """Read ``message_id`` (None when it is gone) and hand it to ``apply`` — on a
        worker, after every read asked before it, and only while ``topic_id`` is open.
        Its text is read up to the display limit (huge52), all of it when ``whole``."""
        if self._reads is None:
            apply(self._message(message_id, whole))
            return
        self._pending.append((topic_id, message_id, apply, whole))
        if not self._draining:
            self._draining = True
            self._reads.run(f"message-rows-{id(self)}", self._drain(), context="Messages", quiet=True)

    def _message(self, message_id: int, whole: bool = False) -> MessageView | None:
        try:
            return self._topics.get().message(message_id, shown_chars=None if whole else DISPLAY_LIMIT_CHARS)
        except NotFound:
            return None

    async def _drain(self) -> None:
        assert self._reads is not None
        try:
            while self._pending:
                topic_id, message_id, apply, whole = self._pending.popleft()
                if topic_id != self._topic_id:
                    continue
                view = await self._reads.run_in_thread(self._message, message_id, whole)
                if topic_id == self._topic_id:
                    apply(view)
        finally:
            self._draining = False

    def remove_message(self, message_id: int) -> None:
        """Drop one row (after a delete)."""
        row = self._by_id.get(message_id)
        if row is None:
            return
        self.beginRemoveRows(QModelIndex(), row, row)
        del self._rows[row]
        self._total = max(0, self._total - 1)
        self._reindex()
        self.endRemoveRows()

    # --- row helpers ---------------------------------------------------------------------
    def face(self, row: int) -> RowFace | None:
        """What the delegate draws ``row`` from (:class:`RowFace`), None outside the window."""
        if not 0 <= row < len(self._rows):
            return None
        r = self._rows[row]
        v = r.view
        return RowFace(v, r.expanded, v.id == self._cursor_id, v.id == self._highlight_id,
                       self._versions.get(v.id), self._at_end and row == len(self._rows) - 1)

    def size_key(self, row: int) -> tuple[MessageView, bool, bool, bool] | None:
        """``(message, expanded, boundary, has versions)`` of ``row``: what its height
        depends on besides the view's width, theme and fonts, as a plain tuple (a size hint
        reads it for every row of every layout pass, issue 29); None outside the window."""
        if not 0 <= row < len(self._rows):
            return None
        r = self._rows[row]
        v = r.view
        return v, r.expanded, v.id == self._cursor_id, v.id in self._versions

    def message_at(self, row: int) -> MessageView | None:
        """The message on ``row`` (with streamed text so far)."""
        return self._rows[row].view if 0 <= row < len(self._rows) else None

    def row_of(self, message_id: int) -> int | None:
        """Row of ``message_id`` when loaded."""
        return self._by_id.get(message_id)

    def toggle_expanded(self, row: int) -> None:
        """Expand/collapse a tool or thoughts row."""
        if 0 <= row < len(self._rows):
            r = self._rows[row]
            r.expanded = not r.expanded
            idx = self.index(row)
            self.dataChanged.emit(idx, idx, [ExpandedRole])

    # --- events ----------------------------------------------------------------------------
    def _on_message_added(self, event: MessageAdded) -> None:
        topic_id, message_id = event.topic_id, event.message_id
        if topic_id != self._topic_id:
            return
        if not self._at_end:  # not at the end: a later page brings it
            self._total += 1
            self.total_changed.emit(self._total)
            return
        if message_id in self._by_id:  # a reply emptied for Retry (issue 12)
            self._changed_ids.discard(message_id)
            self.refresh_message(message_id)
            return
        self._read(topic_id, message_id, self._append)

    def _append(self, view: MessageView | None) -> None:
        """A row named by ``message_added`` arrives from its read."""
        if view is None or not self._at_end:
            return
        if view.id in self._by_id:  # the page shown meanwhile had it
            self._replace(view.id, self._overlay(view), drop_missing=False)
            return
        pos = len(self._rows)
        self.beginInsertRows(QModelIndex(), pos, pos)
        self._rows.append(_Row(self._overlay(view)))
        self._by_id[view.id] = pos
        self._total = max(self._total + 1, self.next_offset)
        self.endInsertRows()

    def _on_reply_delta(self, event: ReplyDelta) -> None:
        topic_id, message_id = event.topic_id, event.message_id
        if topic_id != self._topic_id:
            return
        if message_id not in self._by_id:
            return
        self._changed_ids.add(message_id)  # the text is taken at the next frame, not per delta
        if not self._flush.isActive():
            stream = self._events.streamed(message_id)
            shown_all = (stream is not None and stream.cut
                         and self._rows[self._by_id[message_id]].view.full_chars is not None)
            self._flush.start(CUT_FRAME_MS if shown_all else DELTA_FRAME_MS)

    def _flush_deltas(self) -> None:
        """Show the rows streamed into since the last frame: their text so far (the
        event bridge keeps it, up to what is shown: stream50) and one ``dataChanged``
        each, since each change re-lays out and re-renders the reply: once per
        :data:`DELTA_FRAME_MS` (:data:`CUT_FRAME_MS` past the display limit) instead of
        once per delta."""
        ids, self._changed_ids = self._changed_ids, set()
        for message_id in ids:
            row = self._by_id.get(message_id)
            if row is not None:
                r = self._rows[row]
                r.view = self._overlay(r.view)
                idx = self.index(row)
                self.dataChanged.emit(idx, idx, CONTENT_ROLES)

    def _on_reply_finished(self, event: ReplyFinished) -> None:
        topic_id, message_id = event.topic_id, event.message_id
        if topic_id != self._topic_id:
            return
        row = self._by_id.get(message_id)
        if row is None:
            return
        self._changed_ids.discard(message_id)  # the final text is shown now
        self._read(topic_id, message_id, lambda view: self._replace(message_id, view, drop_missing=False))
