"""The message list of the open topic: a lazily paged ``QAbstractListModel`` (APP-8, APP-10).

Opening a topic loads only its newest :data:`PAGE_SIZE` messages; older pages are
prepended when the user scrolls to the top (``canFetchMore``/``fetchMore``). A jump to
the start (issue 29) shows the OLDEST page instead (:meth:`MessageListModel.fetch_first_page`,
``at_end`` False) and appends the next pages as the user scrolls down
(:meth:`~MessageListModel.append_newer`); new messages then wait for the last page. New
messages are appended on ``message_added``; a streamed delta appends text to its row
and emits ``dataChanged`` with :data:`CONTENT_ROLES` only; ``reply_finished`` refreshes
the row from the store (status, error, usage). Events for other topics are ignored
here; their replies keep streaming in the service and the stored/overlaid text shows
when the topic is opened again.

The row of the last message the topic summary covers (the compaction cursor, CMP-2)
answers :data:`CoveredBoundaryRole` True; the delegate draws the "Covered by summary"
marker under it. The window sets the cursor (:meth:`MessageListModel.set_summary_cursor`)
or gives a ``cursor_lookup`` the model asks when a topic opens.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import (
    QAbstractListModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
    QTimer,
    Signal,
)

from chathub_desktop.gui.chat_events import ChatEvents
from chathub_desktop.services.errors import NotFound
from chathub_desktop.services.events import MessageAdded, ReplyDelta, ReplyFinished
from chathub_desktop.services.views import MessageView

if TYPE_CHECKING:  # types only: keeps SQLAlchemy off the window's start-up path
    from chathub_desktop.services.topic_service import TopicService

#: Milliseconds between repaints of a streaming reply (deltas arriving meanwhile are shown together).
DELTA_FRAME_MS = 50
#: Messages loaded when a topic opens and per older page.
PAGE_SIZE = 40

#: Custom item roles (``Qt.UserRole`` + n).
MessageRole = Qt.ItemDataRole.UserRole + 1  # MessageView with the current text
ContentRole = Qt.ItemDataRole.UserRole + 2  # str: content (markdown) incl. streamed text
StatusRole = Qt.ItemDataRole.UserRole + 3  # str: complete/streaming/cancelled/interrupted/error
AuthorRole = Qt.ItemDataRole.UserRole + 4  # str: user/assistant/tool/system
ExpandedRole = Qt.ItemDataRole.UserRole + 5  # bool: a collapsible row is expanded
MessageIdRole = Qt.ItemDataRole.UserRole + 6  # int
CoveredBoundaryRole = Qt.ItemDataRole.UserRole + 7  # bool: last message the summary covers
HighlightRole = Qt.ItemDataRole.UserRole + 8  # bool: the message a search result opened
VersionRole = Qt.ItemDataRole.UserRole + 9  # (index, total) of a message with versions, else None

#: Roles a streamed delta changes.
CONTENT_ROLES = [ContentRole, Qt.ItemDataRole.DisplayRole, MessageRole]

ModelIndex = QModelIndex | QPersistentModelIndex


@dataclass
class _Row:
    view: MessageView
    expanded: bool = False


@dataclass(frozen=True)
class TopicPage:
    """The newest page of a topic as fetched off the GUI thread: ``first_offset`` is the
    position of ``views[0]`` in the topic; ``cursor_id`` the summary's cursor."""

    topic_id: int
    first_offset: int
    views: tuple[MessageView, ...]
    cursor_id: int | None
    #: False when newer messages follow the page (a jump to the topic's start, issue 29).
    at_end: bool = True


class MessageListModel(QAbstractListModel):
    """Messages of one topic, oldest first.

    ``topics``: the topic service (paged reads); ``events``: the chat-event bridge.
    ``fetched`` counts message rows read from the store since construction (tests and
    benchmarks check that opening reads one page). Older pages load only once the view
    has armed fetching (:meth:`arm_fetch_older`) — Qt's own automatic ``fetchMore`` fires
    whenever the LAST row is visible, which in a chat is always.
    """

    topic_opened = Signal(int)
    older_loaded = Signal(int)  # rows prepended

    def __init__(self, topics: TopicService, events: ChatEvents, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._topics = topics
        self._events = events
        self._rows: list[_Row] = []
        self._by_id: dict[int, int] = {}
        self._topic_id: int | None = None
        self._first_offset = 0
        self._armed = False
        self._at_end = True
        self._cursor_id: int | None = None
        self._highlight_id: int | None = None
        self._versions: dict[int, tuple[int, int]] = {}
        #: ``topic_id → cursor message id or None``, asked when a topic opens.
        self.cursor_lookup: Callable[[int], int | None] | None = None
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

    def fetch_page(self, topic_id: int) -> TopicPage:
        """Read the newest page of ``topic_id`` and its summary cursor (blocking store
        reads: call it on a worker thread, :meth:`show_page` then shows it)."""
        count = self._topics.message_count(topic_id)
        first = max(0, count - PAGE_SIZE)
        views = self._topics.messages(topic_id, offset=first, limit=PAGE_SIZE)
        cursor = self.cursor_lookup(topic_id) if self.cursor_lookup is not None else None
        return TopicPage(topic_id, first, tuple(views), cursor)

    def fetch_first_page(self, topic_id: int) -> TopicPage:
        """Read the OLDEST page of ``topic_id`` (issue 29, jump to the start): one
        :data:`PAGE_SIZE` read by seq, never the rows between (blocking: worker thread)."""
        count = self._topics.message_count(topic_id)
        views = self._topics.messages(topic_id, offset=0, limit=PAGE_SIZE)
        cursor = self.cursor_lookup(topic_id) if self.cursor_lookup is not None else None
        return TopicPage(topic_id, 0, tuple(views), cursor, at_end=len(views) >= count)

    def fetch_newer(self, topic_id: int, start: int) -> list[MessageView]:
        """The page of ``topic_id`` from position ``start`` (the one after the last loaded
        row; blocking: worker thread, :meth:`append_newer` shows it)."""
        return self._topics.messages(topic_id, offset=start, limit=PAGE_SIZE)

    def show_page(self, page: TopicPage | None) -> None:
        """Show a fetched page (None clears the view); emits ``topic_opened``."""
        self.beginResetModel()
        self._changed_ids.clear()
        if page is None or page.topic_id != self._topic_id:
            self._versions = {}
        self._topic_id = page.topic_id if page is not None else None
        self._rows = []
        self._first_offset = page.first_offset if page is not None else 0
        self._armed = False
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
        """Fetch and show ``topic_id`` at once (None clears): the newest page only."""
        self.show_page(self.fetch_page(topic_id) if topic_id is not None else None)

    def _overlay(self, view: MessageView) -> MessageView:
        if view.status == "streaming":
            text = self._events.streaming_text(view.id)
            if text is not None:
                return replace(view, content=text)
        return view

    def _reindex(self) -> None:
        self._by_id = {r.view.id: i for i, r in enumerate(self._rows)}

    # --- Qt model API ------------------------------------------------------------------
    def rowCount(self, parent: ModelIndex = QModelIndex()) -> int:  # noqa: B008 - Qt signature
        """Rows loaded so far (not the topic's total)."""
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
        return None

    def flags(self, index: ModelIndex) -> Qt.ItemFlag:
        """Rows are enabled but not selectable (the bubble is the whole interaction)."""
        return Qt.ItemFlag.ItemIsEnabled

    def canFetchMore(self, parent: ModelIndex = QModelIndex()) -> bool:  # noqa: B008
        """True when older messages exist and the view asked for them (scrolled to top)."""
        return not parent.isValid() and self._armed and self._first_offset > 0

    def fetchMore(self, parent: ModelIndex = QModelIndex()) -> None:  # noqa: B008
        """Prepend the previous page (``beginInsertRows(0, k-1)``)."""
        if parent.isValid() or self._topic_id is None or self._first_offset <= 0:
            return
        self._armed = False
        start = max(0, self._first_offset - PAGE_SIZE)
        views = self._topics.messages(self._topic_id, offset=start, limit=self._first_offset - start)
        self.prepend(self._topic_id, start, views)

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
        self.older_loaded.emit(len(views))

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

    def append_newer(self, topic_id: int, start: int, views: list[MessageView]) -> None:
        """Append ``views``, the topic's messages from position ``start`` (read on a
        worker after a jump to the start); a short page means the end is reached.
        Ignored for another topic or a stale position."""
        if topic_id != self._topic_id or start != self.next_offset or self._at_end:
            return
        self.fetched += len(views)
        fresh = [v for v in views if v.id not in self._by_id]
        if fresh:
            pos = len(self._rows)
            self.beginInsertRows(QModelIndex(), pos, pos + len(fresh) - 1)
            self._rows.extend(_Row(self._overlay(v)) for v in fresh)
            self._reindex()
            self.endInsertRows()
        if len(views) < PAGE_SIZE:
            self._at_end = True

    def has_older(self) -> bool:
        """True when the topic has messages before the first loaded row."""
        return self._first_offset > 0

    def arm_fetch_older(self) -> None:
        """Allow the next ``fetchMore`` (the view calls this when scrolled to the top)."""
        self._armed = True

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
        """Ask ``cursor_lookup`` again for the open topic (after a compaction or an edit)."""
        if self._topic_id is not None and self.cursor_lookup is not None:
            self.set_summary_cursor(self.cursor_lookup(self._topic_id))

    # --- edits ---------------------------------------------------------------------------
    def refresh_message(self, message_id: int) -> None:
        """Re-read one row from the store (after an edit)."""
        row = self._by_id.get(message_id)
        if row is None:
            return
        try:
            self._rows[row].view = self._topics.message(message_id)
        except NotFound:
            self.remove_message(message_id)
            return
        idx = self.index(row)
        self.dataChanged.emit(idx, idx, [*CONTENT_ROLES, StatusRole])

    def remove_message(self, message_id: int) -> None:
        """Drop one row (after a delete)."""
        row = self._by_id.get(message_id)
        if row is None:
            return
        self.beginRemoveRows(QModelIndex(), row, row)
        del self._rows[row]
        self._reindex()
        self.endRemoveRows()

    # --- row helpers ---------------------------------------------------------------------
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
        if topic_id != self._topic_id or not self._at_end:  # not at the end: a later page brings it
            return
        if message_id in self._by_id:  # a reply emptied for Retry (issue 12)
            self._changed_ids.discard(message_id)
            self.refresh_message(message_id)
            return
        try:
            view = self._topics.message(message_id)
        except NotFound:
            return
        pos = len(self._rows)
        self.beginInsertRows(QModelIndex(), pos, pos)
        self._rows.append(_Row(self._overlay(view)))
        self._by_id[message_id] = pos
        self.endInsertRows()

    def _on_reply_delta(self, event: ReplyDelta) -> None:
        topic_id, message_id, text = event.topic_id, event.message_id, event.text
        if topic_id != self._topic_id:
            return
        row = self._by_id.get(message_id)
        if row is None:
            return
        r = self._rows[row]
        r.view = replace(r.view, content=r.view.content + text)
        self._changed_ids.add(message_id)  # shown at the next frame, not per delta
        if not self._flush.isActive():
            self._flush.start()

    def _flush_deltas(self) -> None:
        """Tell the view about the rows streamed into since the last frame: each change
        re-lays out and re-renders the whole reply, so once per
        :data:`DELTA_FRAME_MS` instead of once per delta."""
        ids, self._changed_ids = self._changed_ids, set()
        for message_id in ids:
            row = self._by_id.get(message_id)
            if row is not None:
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
        try:
            self._rows[row].view = self._topics.message(message_id)
        except NotFound:
            return
        idx = self.index(row)
        self.dataChanged.emit(idx, idx, [*CONTENT_ROLES, StatusRole])
