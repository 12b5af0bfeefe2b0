"""Topics of the selected assistant, pinned first, then most recently active first (a
``QAbstractListModel``), grouped by last activity (walk51 #6: Pinned, Today, Yesterday,
Previous 7 days, Older; :mod:`~chathub_desktop.gui.topics.topic_groups`): each row's
group and, on a group's first row, its header are roles the delegate paints.

Rows are :class:`~chathub_desktop.services.views.TopicView`; ``topic_changed`` events
refresh one row's title in place (APP-10: the generated title appears without a reload).
Titles show without Markdown markup (issue 14); archived topics are listed only while
:attr:`TopicListModel.show_archived` is on.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from datetime import UTC, datetime, time, timedelta
from typing import TYPE_CHECKING, Any, TypeVar

from PySide6.QtCore import (
    QAbstractListModel,
    QCoreApplication,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QSize,
    Qt,
    QTimer,
    Signal,
)

from chathub_desktop.gui.shell.chat_events import ChatEvents
from chathub_desktop.gui.shell.day_format import format_day_time
from chathub_desktop.gui.shell.i18n import QT_TRANSLATE_NOOP, fill
from chathub_desktop.gui.shell.service_reasons import said_error
from chathub_desktop.gui.topics.late_topics import LateTopics
from chathub_desktop.gui.topics.topic_groups import (
    RowHeights,
    TopicGroup,
    day_edges,
    group_of,
    group_title,
    local_today,
)
from chathub_desktop.gui.topics.topic_title import shown_title
from chathub_desktop.services.errors import NotFound, ServiceError
from chathub_desktop.services.events import MessageAdded, ReplyDelta, ReplyFinished, TopicChanged
from chathub_desktop.services.views import TopicView

if TYPE_CHECKING:  # types only: keeps SQLAlchemy off the window's start-up path
    from chathub_desktop.gui.shell.task_runner import TaskRunner
    from chathub_desktop.services.topics.topic_service import TopicService

TopicRole = Qt.ItemDataRole.UserRole + 1  # TopicView
#: What a screen reader says for a private topic's row (issue 19, walk53c: it said "🔒 …";
#: the painted row shows the private icon before the title).
PRIVATE_SAID = QT_TRANSLATE_NOOP("TopicList", "Private topic: %1")
TopicIdRole = Qt.ItemDataRole.UserRole + 2  # int
#: True while a reply streams into the topic, e.g. in the background (issue 28).
StreamingRole = Qt.ItemDataRole.UserRole + 3  # bool
#: The line the tooltip of such a topic ends with.
STREAMING_TIP = QT_TRANSLATE_NOOP("TopicList", "A reply is being written")
#: The row's :class:`~chathub_desktop.gui.topics.topic_groups.TopicGroup` (walk51 #6).
GroupRole = Qt.ItemDataRole.UserRole + 4
#: The group's header when the row is the first of its group, else "".
HeaderRole = Qt.ItemDataRole.UserRole + 5

ModelIndex = QModelIndex | QPersistentModelIndex
T = TypeVar("T")


class TopicListModel(QAbstractListModel):
    """Topic rows of one assistant (:meth:`fetch` on a worker, then :meth:`show`);
    editable titles call ``TopicService.rename`` (F2 in the list). Store work runs on
    ``runner``'s worker threads (issue 29); a refused title is said by ``rename_refused``."""

    #: A title the service refused: the one-line reason.
    rename_refused = Signal(str)

    def __init__(self, topics: TopicService | LateTopics | None, events: ChatEvents, runner: TaskRunner,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._topics = LateTopics.of(topics)  # bound once the store opened (issue 29)
        self._runner = runner
        self._rows: list[TopicView] = []
        self._assistant_id: int | None = None
        #: List archived topics too (Topic → Show archived, issue 14).
        self.show_archived = False
        #: Topics deleted in this window but still undoable: never listed.
        self.hidden: set[int] = set()
        #: Topics a reply is streaming into (from the first delta to the reply's end).
        self.streaming: set[int] = set()
        #: Rows this window added or dropped itself (New topic, a delete, a discard);
        #: :meth:`settled_read` reads again when it changed during a read (issue 28).
        self.edits = 0
        #: Each row's group by last activity (walk51 #6), between :attr:`_edges` (the
        #: day's midnights); the groups move on at the next local midnight (:attr:`_day_timer`).
        self._groups: list[TopicGroup] = []
        self._edges = day_edges(local_today())
        self._day_timer = QTimer(self)
        self._day_timer.setSingleShot(True)
        self._day_timer.timeout.connect(self.regroup)
        self._sizes: tuple[QSize, QSize, QSize] | None = None  # set_row_heights
        events.topic_changed.connect(self._on_topic_changed)
        events.message_added.connect(self._on_message_added)
        events.reply_delta.connect(self._on_reply_delta)
        events.reply_finished.connect(self._on_reply_finished)

    @property
    def assistant_id(self) -> int | None:
        """The assistant whose topics are listed."""
        return self._assistant_id

    def fetch(self, assistant_id: int) -> list[TopicView]:
        """Read ``assistant_id``'s topics as this list shows them (archived ones too while
        :attr:`show_archived`); store work: call it on a worker thread."""
        return self._topics.get().list(assistant_id, archived=self.show_archived)

    async def settled_read(self, read: Callable[[], T]) -> T:
        """``read()`` (a listing for :meth:`show`, with anything read beside it) on a store
        worker, run again while this window added or dropped a row meanwhile
        (:attr:`edits`). A listing read before New topic's write but shown after its row
        was inserted lacks the new topic: showing it closed the topic the user was typing
        in and emptied the composer, so the Send that followed did nothing (issue 28: the
        wizard's Send race). Raises what ``read`` raises."""
        while True:
            edits = self.edits
            result = await self._runner.run_in_thread(read)
            if self.edits == edits:
                return result

    def show(self, assistant_id: int | None, rows: list[TopicView]) -> None:
        """List ``rows`` (read on a worker thread) as ``assistant_id``'s topics."""
        self.beginResetModel()
        self._assistant_id = assistant_id
        self._rows = [t for t in rows if t.id not in self.hidden]
        self._regroup(relayout=False)
        self.endResetModel()
        self._wake_at_midnight()

    def rowCount(self, parent: ModelIndex = QModelIndex()) -> int:  # noqa: B008 - Qt signature
        """Number of topics."""
        return 0 if parent.isValid() else len(self._rows)

    def data(self, index: ModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """Title (Display/Edit), what a screen reader says ("Private topic: <title>" for a
        private one), tooltip with counts, the view and id roles."""
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        if role == Qt.ItemDataRole.SizeHintRole:  # first: Qt asks it of every row at each layout
            return self._size_hint(index.row())
        t = self._rows[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:  # the title alone: type-ahead finds a private topic too
            return shown_title(t)
        if role == Qt.ItemDataRole.AccessibleTextRole:
            return fill(QCoreApplication.translate("TopicList", PRIVATE_SAID), shown_title(t)) if t.private \
                else shown_title(t)
        if role == Qt.ItemDataRole.EditRole:
            return shown_title(t) if t.untitled else t.title
        if role == Qt.ItemDataRole.ToolTipRole:
            return self._tooltip(t)
        if role == TopicRole:
            return t
        if role == StreamingRole:
            return t.id in self.streaming
        if role == TopicIdRole:
            return t.id
        if role in (GroupRole, HeaderRole, Qt.ItemDataRole.AccessibleDescriptionRole):
            return self._group_data(index.row(), role)
        return None

    def set_row_heights(self, heights: RowHeights) -> None:
        """The list's row heights (the delegate measures them for the list's font): each
        row's size hint from now on; the views lay the rows out again when they changed."""
        sizes = (QSize(0, heights.plain), QSize(0, heights.first), QSize(0, heights.header))
        if sizes == self._sizes:
            return
        self._sizes = sizes
        if self._rows:
            self.layoutAboutToBeChanged.emit()
            self.layoutChanged.emit()

    def _size_hint(self, row: int) -> QSize | None:
        """``row``'s size: no width of its own (walk37 #5: a width taken from the first
        layout stayed the list's content width, with a horizontal scroll bar), the
        height of a plain row or of a group's first one (None: no heights given yet)."""
        if self._sizes is None:
            return None
        plain, first, header = self._sizes
        if row == 0:
            return first
        return plain if self._groups[row - 1] is self._groups[row] else header

    def _group_data(self, row: int, role: int) -> Any:
        """The group roles of ``row``: the group, its header on the group's first row
        ("" on the others), the group's title as the row's accessible description (a
        screen reader says "Weekend walk, Today")."""
        group = self._groups[row]
        if role == GroupRole:
            return group
        if role == HeaderRole and row > 0 and self._groups[row - 1] is group:
            return ""
        return group_title(group)

    def _regroup(self, *, relayout: bool = True) -> None:
        """Group every row by its last activity as of today; when a header came, went or
        moved and ``relayout``, the views lay the rows out again (a row with a header is
        taller) without any row moving."""
        self._edges = edges = day_edges(local_today())
        groups = [group_of(t, edges) for t in self._rows]
        changed = groups != self._groups
        self._groups = groups
        if changed and relayout:
            self.layoutAboutToBeChanged.emit()
            self.layoutChanged.emit()

    def _wake_at_midnight(self) -> None:
        """Regroup at the next local midnight (Today's rows become Yesterday's)."""
        now = datetime.now().astimezone()
        midnight = datetime.combine(now.date() + timedelta(days=1), time(), now.tzinfo)
        self._day_timer.start(max(1000, int((midnight - now).total_seconds() * 1000) + 1000))

    def regroup(self) -> None:
        """A new local day began (the timer at midnight): group every row again ("Today"'s
        rows are now "Yesterday"'s) and repaint their dates in their new groups' format."""
        self._regroup()
        if self._rows:
            self.dataChanged.emit(self.index(0), self.index(len(self._rows) - 1), [GroupRole, HeaderRole])
        self._wake_at_midnight()


    def _tooltip(self, t: TopicView) -> str:
        """The row's tooltip in the interface language: title, message count (plural
        forms), last activity in the one date style in the desktop's zone (issue 29), states."""
        translate = QCoreApplication.translate
        when = format_day_time(t.updated_at, None, "")
        n = t.message_count  # a plain name: lupdate cannot read an attribute as the plural's n
        lines = [shown_title(t),
                 fill(translate("TopicList", "%Ln message(s) · last active %1", None, n), when)
                 + (translate("TopicList", " · pinned") if t.pinned else "") + (translate("TopicList", " · archived") if t.archived else "")]
        if t.private:
            lines.append(translate("TopicList", "Private: no memory is used here and the dream never reads it"))
        if t.id in self.streaming:
            lines.append(translate("TopicList", STREAMING_TIP))
        return "\n".join(lines)
    def flags(self, index: ModelIndex) -> Qt.ItemFlag:
        """Selectable and editable (rename in place)."""
        base = super().flags(index)
        return base | Qt.ItemFlag.ItemIsEditable if index.isValid() else base

    def setData(self, index: ModelIndex, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        """Rename through the service on a worker thread: the row shows the stored title
        once saved; a refused title leaves it unchanged (``rename_refused``). Returns
        whether a rename started."""
        if role != Qt.ItemDataRole.EditRole or not index.isValid():
            return False
        t = self._rows[index.row()]
        title = str(value).strip()
        if not title or title == (shown_title(t) if t.untitled else t.title):
            return False
        self._runner.run(f"rename-topic:{t.id}", self._rename(t.id, title), context="Rename topic")
        return True

    async def _rename(self, topic_id: int, title: str) -> None:
        try:
            view = await self._runner.run_in_thread(self._topics.get().rename, topic_id, title)
        except ServiceError as exc:
            self.rename_refused.emit(said_error(exc))
            return
        self._replace(view)

    def row_of(self, topic_id: int) -> int | None:
        """Row of ``topic_id`` or None."""
        for i, t in enumerate(self._rows):
            if t.id == topic_id:
                return i
        return None

    def topic_at(self, row: int) -> TopicView | None:
        """The topic on ``row``."""
        return self._rows[row] if 0 <= row < len(self._rows) else None

    def insert_first(self, topic: TopicView) -> int:
        """Add a just-created topic at the top of the unpinned topics; returns its row
        (its row as it is when a listing read after its write already shows it)."""
        listed = self.row_of(topic.id)
        if listed is not None:
            return listed
        top = sum(1 for t in self._rows if t.pinned)
        self.edits += 1
        self.beginInsertRows(QModelIndex(), top, top)
        self._rows.insert(top, topic)
        self._groups.insert(top, group_of(topic, self._edges))
        self.endInsertRows()
        self._regroup()
        return top

    def retranslate(self) -> None:
        """Say every row again in the interface language (an untitled topic's "New topic",
        the tooltips' counts and dates; issue 27): the views and the chat header re-read."""
        if self._rows:
            self.dataChanged.emit(self.index(0), self.index(len(self._rows) - 1))

    def remove(self, topic_id: int) -> None:
        """Drop a deleted topic's row."""
        row = self.row_of(topic_id)
        if row is None:
            return
        self.edits += 1
        self.beginRemoveRows(QModelIndex(), row, row)
        del self._rows[row]
        del self._groups[row]
        self.endRemoveRows()
        self._regroup()

    def _on_topic_changed(self, event: TopicChanged) -> None:
        if self.row_of(event.topic_id) is not None:
            self._runner.run(f"topic-row:{event.topic_id}", self._reread(event.topic_id), context="Topics",
                             quiet=True)

    async def _reread(self, topic_id: int) -> None:
        try:
            view = await self._runner.run_in_thread(self._topics.get().get, topic_id)
        except NotFound:
            return
        self._replace(view)

    def _replace(self, view: TopicView) -> None:
        """Show the re-read ``view`` in its row (an archived one leaves the list unless
        archived topics are shown)."""
        row = self.row_of(view.id)
        if row is None:
            return
        if view.archived and not self.show_archived:  # archived through the service, not this list
            self.remove(view.id)
            return
        self._rows[row] = view
        idx = self.index(row)
        self.dataChanged.emit(idx, idx, [Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.AccessibleTextRole,
                                         Qt.ItemDataRole.ToolTipRole])
        self._regroup()  # a pin or a new last activity may move it to another group

    def _on_reply_delta(self, event: ReplyDelta) -> None:
        if event.topic_id not in self.streaming:
            self.streaming.add(event.topic_id)
            self._restyle(event.topic_id)

    def _on_reply_finished(self, event: ReplyFinished) -> None:
        if event.topic_id in self.streaming:
            self.streaming.discard(event.topic_id)
            self._restyle(event.topic_id)

    def _restyle(self, topic_id: int) -> None:
        """Repaint ``topic_id``'s row for a changed streaming mark."""
        row = self.row_of(topic_id)
        if row is not None:
            idx = self.index(row)
            self.dataChanged.emit(idx, idx, [StreamingRole, Qt.ItemDataRole.ToolTipRole])

    def _on_message_added(self, event: MessageAdded) -> None:
        """A topic with new activity moves to the top (the list is most recent first);
        the selection follows it because Qt moves persistent indexes with the row."""
        topic_id = event.topic_id
        row = self.row_of(topic_id)
        if row is None:
            return
        # its time and count follow at once (the row shows "updated" as Today 19:01, …)
        t = self._rows[row]
        self._rows[row] = replace(t, updated_at=datetime.now(UTC), message_count=t.message_count + 1)
        self.dataChanged.emit(self.index(row), self.index(row))
        # to the top of its section: pinned topics stay above the others (issue 14)
        top = 0 if t.pinned else sum(1 for r in self._rows if r.pinned)
        if row > top:
            self.beginMoveRows(QModelIndex(), row, row, QModelIndex(), top)
            self._rows.insert(top, self._rows.pop(row))
            self._groups.insert(top, self._groups.pop(row))
            self.endMoveRows()
        self._regroup()  # now under Today
