"""Topics and their messages: create, list, rename, delete, paged reads (APP-10, issue #2 item 6)."""

from __future__ import annotations

import builtins
import dataclasses
import logging
from collections.abc import Iterable
from dataclasses import replace

from chathub_desktop.core.clock import utcnow
from chathub_desktop.core.messages import MessageStatus, Role
from chathub_desktop.core.reasons import QT_TRANSLATE_NOOP, Reason
from chathub_desktop.core.topic_titles import DEFAULT_TITLE
from chathub_desktop.services.assistants.assistant_service import AssistantService
from chathub_desktop.services.chat.process_identity import PROCESS_ID, stream_is_orphaned
from chathub_desktop.services.chat.reply_store import refuse_foreign_stream
from chathub_desktop.services.errors import InvalidInput, NotFound, no_message, no_topic
from chathub_desktop.services.events import (
    EventBus,
    MessageAdded,
    TopicChanged,
    TopicMessagesChanged,
)
from chathub_desktop.services.input_rules import MAX_TITLE_CHARS, check_record_id, check_text
from chathub_desktop.services.topics.first_page import message_view
from chathub_desktop.services.views import MessageView, TopicView
from chathub_desktop.storage import attachment_blobs
from chathub_desktop.storage.database import Database, StoreBusy
from chathub_desktop.storage.errors import OperationalError
from chathub_desktop.storage.session import Session
from chathub_desktop.storage.topic_drafts import (
    StoredDraft as StoredDraft,  # the drafts window code reads
)
from chathub_desktop.storage.topic_drafts import put_drafts, topic_drafts
from chathub_desktop.storage.topic_repository import (
    MESSAGE_FIELDS,
    append_message,
    unanswered_tool_calls,
    update_reply,
)
from chathub_desktop.storage.topic_rows import (
    TopicRecord,
    add_topic,
    delete_if_untouched,
    delete_topic,
    foreign_streams,
    mark_interrupted,
    message_count,
    message_page,
    message_row,
    message_start,
    streaming_claims,
    topic_listing,
    topic_maker,
    topic_record,
    unused_window_topics,
    update_topic,
)

log = logging.getLogger(__name__)

#: The result stored at start-up for a tool call whose process died before it finished
#: (issue 25): every wire format refuses a call without its result.
#: A rename to nothing but spaces (a typed reason, issue 27).
EMPTY_TITLE = Reason(QT_TRANSLATE_NOOP("ServiceReasons", "topic title must not be empty"))
#: Characters of one topic's draft (text and pastes) kept for the next start (walk45 #1):
#: five of the largest pastes a message takes as chips.
MAX_DRAFT_CHARS = 10_000_000
INTERRUPTED_TOOL_RESULT = '{"error": "the app closed before the tool finished; it may have run in part"}'


class TopicService:
    """Topics of an assistant and paged access to their messages."""

    def __init__(self, db: Database, bus: EventBus) -> None:
        self._db = db
        self._bus = bus

    @staticmethod
    def row(s: Session, topic_id: int) -> TopicRecord:
        """The stored topic. Raises :class:`NotFound` (also for an id no engine can hold)."""
        row = topic_record(s, check_record_id(topic_id, "topic"))
        if row is None:
            raise NotFound(no_topic(topic_id))
        return row

    def _view(self, s: Session, t: TopicRecord) -> TopicView:
        count = message_count(s, t.id)
        return TopicView(
            id=t.id,
            assistant_id=t.assistant_id,
            title=t.title,
            message_count=count,
            created_at=t.created_at,
            updated_at=t.updated_at,
            pinned=bool(t.pinned),
            archived=bool(t.archived),
            private=t.private,
            untitled=t.untitled,
        )

    def create(self, assistant: int | str, title: str | None = None, *, private: bool = False,
               by_window: bool = False) -> TopicView:
        """New topic. Without ``title`` it is titled from the first message (APP-10).
        ``private``: its requests carry no memory and the dream never reads it (issue 19).
        ``by_window``: the window's New topic made it; left untouched, it goes when the
        user leaves it (:meth:`leave`)."""
        with self._db.write() as s:
            a = AssistantService.row(s, assistant)
            t = add_topic(
                s,
                assistant_id=a.id,
                title=" ".join(check_text(title or "", "the topic title").split())[:MAX_TITLE_CHARS]
                or DEFAULT_TITLE,
                title_generated=bool(title and title.strip()),
                private=private,
                untitled=not (title and title.strip()),
                made_by=PROCESS_ID if by_window else None,
            )
            return self._view(s, t)

    def list(self, assistant: int | str | None = None, *, archived: bool = False) -> list[TopicView]:
        """Topics, pinned first, then most recently active first; all assistants when
        ``assistant`` is None. Archived topics only with ``archived=True`` (issue 14)."""
        with self._db.read() as s:
            aid = AssistantService.row(s, assistant).id if assistant is not None else None
            return [TopicView(tid, aid, title, count, created, updated, bool(pinned), bool(arch), private=bool(priv),
                              untitled=bool(untitled))
                    for tid, aid, title, count, created, updated, pinned, arch, priv, untitled
                    in topic_listing(s, aid, archived=archived)]

    def set_pinned(self, topic_id: int, pinned: bool) -> TopicView:
        """Pin (listed first) or unpin a topic (issue 14). Raises :class:`NotFound`."""
        return self._set_flag(topic_id, "pinned", pinned)

    def set_archived(self, topic_id: int, archived: bool) -> TopicView:
        """Archive (hidden from the list unless "Show archived") or restore a topic
        (issue 14); its messages stay and search still finds them. Raises :class:`NotFound`."""
        return self._set_flag(topic_id, "archived", archived)

    def _set_flag(self, topic_id: int, name: str, value: bool) -> TopicView:
        with self._db.write() as s:
            t = update_topic(s, self.row(s, topic_id).id, {name: bool(value)})
            view = self._view(s, t)
        self._bus.publish(TopicChanged(topic_id))
        return view

    def get(self, topic_id: int) -> TopicView:
        """One topic. Raises :class:`NotFound`."""
        with self._db.read() as s:
            return self._view(s, self.row(s, topic_id))

    def rename(self, topic_id: int, title: str) -> TopicView:
        """Rename a topic (marks the title as the user's, so it is never regenerated).
        Whitespace runs, newlines included, become one space."""
        title = " ".join(check_text(title, "the topic title").split())
        if not title:
            raise InvalidInput(EMPTY_TITLE)
        with self._db.write() as s:
            t = update_topic(s, self.row(s, topic_id).id, {"title": title[:MAX_TITLE_CHARS], "title_generated": True,
                                                         "untitled": False})
            view = self._view(s, t)
        self._bus.publish(TopicChanged(topic_id))
        return view

    def set_private(self, topic_id: int, private: bool) -> TopicView:
        """Mark a topic private or not (issue 19). From its next request on, a private
        topic carries no memory block and no memory tools, and the dream no longer
        reads it; what earlier requests or dreams took from it stays where it is.
        Raises :class:`NotFound`."""
        with self._db.write() as s:
            t = update_topic(s, self.row(s, topic_id).id, {"private": bool(private)})
            view = self._view(s, t)
        self._bus.publish(TopicChanged(topic_id))
        return view

    def set_message_pinned(self, message_id: int, pinned: bool) -> MessageView:
        """Pin a message (or unpin it, issue 19): once the summary covers it, every
        request still carries it verbatim, after the summary and before the recent
        history, and its tokens count against the input budget (the ``pinned`` part).
        Only user and assistant text messages can be pinned. Raises :class:`NotFound`,
        :class:`InvalidInput` for a tool message or a tool call."""
        with self._db.write() as s:
            m = message_row(s, check_record_id(message_id, "message"))
            if m is None:
                raise NotFound(no_message(message_id))
            if pinned and (m.role not in (Role.USER, Role.ASSISTANT) or m.tool_calls):
                raise InvalidInput(Reason(QT_TRANSLATE_NOOP(
                    "ServiceReasons", "only your messages and the assistant's text replies can be pinned")))
            if m.pinned != pinned:  # the topic's history version moves: every cache rereads it
                update_reply(s, m.id, {"pinned": pinned, "edited_at": utcnow()})
                m = replace(m, pinned=pinned)
            view, topic_id = message_view(m), m.topic_id
        self._bus.publish(TopicChanged(topic_id))
        return view

    def delete(self, topic_id: int) -> None:
        """Delete a topic and all its messages (one transaction), and the attachment
        blobs only they referred to (issue 14). Raises :class:`InvalidInput` (nothing is
        deleted) while another live ChatHub process is writing a reply in it (APP-8: its
        reply would be stored nowhere while it reports success)."""
        with self._db.write() as s:
            self.row(s, topic_id)
            refuse_foreign_stream(s, topic_id, deleting=True)
            hashes = attachment_blobs.topic_hashes(s, topic_id)
            delete_topic(s, topic_id)
            attachment_blobs.sweep(s, hashes)

    def discard_if_empty(self, topic_id: int, *, draft_emptied: bool = False) -> bool:
        """Delete ``topic_id`` when it is still as created: no message, default title,
        not pinned, archived or private, no own model, no summary, no unsent draft (one write
        transaction, so a send that stored its first message meanwhile keeps it). The
        window calls it for a topic it created and left unused, as ChatGPT and LobeHub
        drop an unused new chat (issue 28, walk42 #3). True when deleted; a gone topic
        is False. ``draft_emptied``: the window emptied its draft, whose removal may not
        be written yet: it is removed first, in the same transaction (walk45 #1)."""
        with self._db.write() as s:
            return delete_if_untouched(s, topic_id, drop_draft=draft_emptied)

    def leave(self, topic_id: int) -> bool:
        """The user left ``topic_id``: delete it when it is still as created
        (:meth:`discard_if_empty`'s rule) and the window's New topic made it, in this
        process or in one that has ended (a crash or a kill kept it past its run; walk42
        #3: an unused new topic does not pile up). A topic another running window made, or
        one made elsewhere (the CLI, an import), stays. One write transaction; True when
        deleted, False for a gone topic."""
        with self._db.write() as s:
            maker = topic_maker(s, topic_id)
            if maker is None or maker[0] is None:
                return False
            made_by, made_at = maker
            # another window's topic only once that process is gone (the reply sweep's test)
            if made_by != PROCESS_ID and not stream_is_orphaned(made_by, made_at, utcnow()):
                return False
            return delete_if_untouched(s, topic_id)

    def drafts(self, assistant_id: int) -> builtins.list[StoredDraft]:
        """The unsent drafts of ``assistant_id``'s topics (walk45 #1): ``(topic id, the
        box's text, the long pastes)``, by topic id."""
        with self._db.read() as s:
            return topic_drafts(s, assistant_id)

    def save_drafts(self, drafts: Iterable[StoredDraft]) -> builtins.list[int]:
        """Keep each topic's unsent draft (walk45 #1) in one write transaction; an empty
        one removes it. NUL characters and lone surrogates (which no engine stores) become
        U+FFFD; a draft over :data:`MAX_DRAFT_CHARS` in all is not kept (it stays in the
        window until quit; logged). A topic deleted meanwhile is skipped. Nothing is
        published: a draft changes no request and no listing. Returns the ids written."""
        kept: builtins.list[StoredDraft] = []
        for topic_id, text, pasted in drafts:
            if len(text) + sum(len(p) for p in pasted) > MAX_DRAFT_CHARS:
                log.info("topic %s: its draft is over %d characters; not kept for the next start",
                         topic_id, MAX_DRAFT_CHARS)
                continue
            kept.append((check_record_id(topic_id, "topic"), _storable(text), tuple(_storable(p) for p in pasted)))
        if not kept:
            return []
        with self._db.write() as s:
            return put_drafts(s, kept)

    def message_count(self, topic_id: int) -> int:
        """Number of messages in the topic."""
        with self._db.read() as s:
            return message_count(s, topic_id)

    def messages(self, topic_id: int, offset: int = 0, limit: int | None = None) -> builtins.list[MessageView]:
        """Messages in order; ``offset``/``limit`` page by position (0-based) for lazy lists."""
        with self._db.read() as s:
            self.row(s, topic_id)
            return [message_view(m) for m in message_page(s, topic_id, offset, limit)]

    def append_message(self, topic_id: int, role: Role, content: str = "", *,
                       status: MessageStatus = MessageStatus.COMPLETE, **fields: object) -> MessageView:
        """Store a message (``role``, ``status``; stored as their values) after the topic's
        last one and return it; ``fields`` are further ``Message`` columns
        (``content_type``, ``tool_name``, ...).

        ``seq`` is allocated inside the write transaction that inserts the row, which
        holds the store's write lock from its first statement: two processes appending
        to one topic serialize and never collide on (topic, seq) (issue 10). The topic's
        ``updated_at`` moves to now; ``MessageAdded`` is published after the commit.
        Raises :class:`NotFound` for an unknown topic, :class:`InvalidInput` for an
        unknown column."""
        bad = sorted(k for k in fields if k in ("id", "topic_id", "seq") or k not in MESSAGE_FIELDS)
        if bad:
            raise InvalidInput(Reason(QT_TRANSLATE_NOOP(
                "ServiceReasons", "not a message field: %1"), (", ".join(bad),)))
        with self._db.write() as s:
            self.row(s, topic_id)
            view = message_view(append_message(s, topic_id, role=role.value, content=content,
                                                 status=status.value, **fields))
        self._bus.publish(MessageAdded(topic_id, view.id))
        return view

    def message(self, message_id: int, *, shown_chars: int | None = None) -> MessageView:
        """One message; with ``shown_chars``, only its first ``shown_chars`` characters of
        text are read, and ``full_chars`` holds its length when it is longer (the window's
        rows: huge52). Raises :class:`NotFound`."""
        mid = check_record_id(message_id, "message")
        with self._db.read() as s:
            if shown_chars is None:
                m, length = message_row(s, mid), None
            else:
                m, length = message_start(s, mid, shown_chars) or (None, None)
            if m is None:
                raise NotFound(no_message(message_id))
            view = message_view(m)
            return view if length is None else dataclasses.replace(view, full_chars=length)

    def interrupt_streams(self, topic_id: int) -> builtins.list[int]:
        """Mark as ``interrupted`` the replies in ``topic_id`` that another window or
        command claimed and left ``streaming`` (issue 32): the user's way out when that
        owner no longer answers. What arrived is kept, and Send, Retry and Delete work
        again. A reply this process is writing is left alone (Stop it instead). Returns
        the ids marked. Raises :class:`InvalidInput` when no such reply exists,
        :class:`NotFound` for the topic."""
        with self._db.write() as s:
            self.row(s, topic_id)
            ids = foreign_streams(s, topic_id, PROCESS_ID)
            if not ids:
                raise InvalidInput(Reason(QT_TRANSLATE_NOOP(
                    "ServiceReasons", "no reply in topic %1 is being written by another window or command"),
                    (str(topic_id),)))
            mark_interrupted(s, ids, utcnow())
        log.info("topic %s: marked %d reply(ies) interrupted by the user's request", topic_id, len(ids))
        self._bus.publish(TopicMessagesChanged(topic_id))
        return ids

    def mark_stale_streams_interrupted(self) -> int:
        """At start-up: replies left ``streaming`` by a crashed process become
        ``interrupted`` (APP-8); a reply another live process is still streaming is left
        alone. Returns how many rows changed; a read-only store changes nothing (0)."""
        now = utcnow()
        try:
            with self._db.read() as s:  # the usual case, nothing to mark: no write lock taken
                if not any(stream_is_orphaned(by, at, now) for _mid, by, at in streaming_claims(s)):
                    return 0
            with self._db.write() as s:
                stale = [mid for mid, by, at in streaming_claims(s) if stream_is_orphaned(by, at, now)]
                if stale:
                    mark_interrupted(s, stale, now)
                return len(stale)
        except (OperationalError, StoreBusy) as exc:  # e.g. a read-only store: reading still works
            log.warning("could not mark interrupted replies: %s", str(exc).splitlines()[0])
            return 0

    def discard_left_new_topics(self) -> builtins.list[int]:
        """At start-up: delete the new topics a window left unused when it ended without
        quitting (a crash, SIGABRT, kill -9; session 51: an empty "New topic" survived
        the restart), as its Quit would have (issue 27, :meth:`leave`'s rule): made by a
        window's New topic in a process that is gone (the reply sweep's test), untitled,
        no message and no draft, and nothing else of :meth:`discard_if_empty`'s rule
        kept. A topic another running window or the CLI made, or one with a draft, stays.
        Returns the ids deleted; a read-only store deletes nothing."""
        now = utcnow()
        try:
            with self._db.read() as s:  # the usual case, nothing left: no write lock taken
                if not any(stream_is_orphaned(by, at, now) for _tid, by, at in unused_window_topics(s)):
                    return []
            with self._db.write() as s:  # read again under the lock: a draft written meanwhile keeps one
                gone = [tid for tid, by, at in unused_window_topics(s)
                        if stream_is_orphaned(by, at, now) and delete_if_untouched(s, tid)]
        except (OperationalError, StoreBusy) as exc:
            log.warning("could not discard the new topics a closed window left: %s", str(exc).splitlines()[0])
            return []
        if gone:
            log.info("discarded %d unused new topic(s) a window left when it ended: %s", len(gone), gone)
        return gone

    def answer_interrupted_calls(self) -> int:
        """At start-up: a tool call left without a result by a process that died mid-call
        (kill -9, power loss; issue 25) gets :data:`INTERRUPTED_TOOL_RESULT` stored as its
        result, so the topic can be sent again. Calls a live process is still running,
        and imported calls (no sender), are left alone. Returns how many results were
        stored; a read-only store changes nothing (0)."""
        now = utcnow()
        try:
            with self._db.read() as s:  # the usual case, nothing open: no write lock taken
                if not any(o.sent_by and stream_is_orphaned(o.sent_by, o.created_at, now)
                           for o in unanswered_tool_calls(s)):
                    return 0
            stored = 0
            with self._db.write() as s:  # read again under the lock: a late result wins
                for o in unanswered_tool_calls(s):
                    if not (o.sent_by and stream_is_orphaned(o.sent_by, o.created_at, now)):
                        continue
                    for call_id, name in o.calls:
                        append_message(s, o.topic_id, role=Role.TOOL.value, content=INTERRUPTED_TOOL_RESULT,
                                       tool_call_id=call_id, tool_name=name)
                        stored += 1
            return stored
        except (OperationalError, StoreBusy) as exc:
            log.warning("could not close interrupted tool calls: %s", str(exc).splitlines()[0])
            return 0


def _storable(text: str) -> str:
    """``text`` as both engines store it: NUL and lone surrogates as U+FFFD."""
    return text.replace("\x00", "\ufffd").encode("utf-8", "surrogatepass").decode("utf-8", "replace")
