"""Regenerate, edit-and-resend and switching between versions (issue 14).

A topic's ``message`` rows are the branch in view; every other tail lives in
``message_branch`` (:mod:`storage.message_branches`). At a fork position (a ``seq``)
the versions are the stashed tails that start there plus the tail in view, oldest
first: "‹ 2 / 3 ›" on the message at that position.

- **Regenerate** (the topic's last reply: the assistant message and its tool calls and
  tool results after the last user message): one write transaction stashes that reply
  and claims a new streaming one at the same position, then the reply is asked for on
  the send path (``ChatService.start_claimed``); the previous reply stays a version.
- **Resend** (an edited user message): the tail from that message is stashed, the edited
  message and a new streaming reply start a new branch there.
- **Switch**: one write transaction stashes the tail in view from the position and puts
  the chosen version back, with its original ids and seqs. The compaction cursor and
  summary follow the branch in view: a state stashed with the incoming tail is restored
  (when the rows before the fork are unchanged), else CMP-15 clears a summary whose
  cursor left the view with the outgoing tail.

Every step refuses while a reply is being written in the topic (by this or another
live process: APP-8), so a stream never loses its row.
"""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

from chathub_desktop.core.clock import utcnow
from chathub_desktop.core.compaction import SummaryOnSwitch
from chathub_desktop.core.messages import MessageStatus, Role
from chathub_desktop.core.reasons import QT_TRANSLATE_NOOP, Reason
from chathub_desktop.services.chat.chat_service import ChatService, ReplyClaim
from chathub_desktop.services.chat.process_identity import PROCESS_ID, stream_is_orphaned
from chathub_desktop.services.chat.reply_store import refuse_foreign_stream
from chathub_desktop.services.chat.send_results import SendOutcome
from chathub_desktop.services.errors import (
    EMPTY_EDITED,
    InvalidInput,
    NotFound,
    found,
    no_message,
    refused,
)
from chathub_desktop.services.events import EventBus, TopicChanged, TopicMessagesChanged
from chathub_desktop.services.input_rules import check_record_id
from chathub_desktop.services.topics.topic_model import ModelPick
from chathub_desktop.services.topics.topic_service import TopicService
from chathub_desktop.storage.compaction_state import compaction_state
from chathub_desktop.storage.database import Database
from chathub_desktop.storage.message_branches import (
    BranchCorrupt,
    alternatives,
    insert_message,
    restore_branch,
    stash_tail,
    stashed_rows,
)
from chathub_desktop.storage.session import Session
from chathub_desktop.storage.topic_repository import streaming_rows
from chathub_desktop.storage.topic_rows import (
    last_user_message,
    message_position,
    message_row,
    rows_after,
    tail_head,
    topic_facts,
)

log = logging.getLogger(__name__)

#: Characters of a version's first message ``topic versions`` shows.
PREVIEW_CHARS = 80
_BUSY = QT_TRANSLATE_NOOP("ServiceReasons", "a reply is still being written in this topic; press Stop first")
_ROLES = frozenset(r.value for r in Role)


@dataclass(frozen=True)
class VersionPoint:
    """A position of the branch in view that has versions: the message in view there
    (``message_id``, at ``seq``), which version it is (``index``, from 1, oldest first)
    of ``total``."""

    seq: int
    message_id: int
    index: int
    total: int

    @property
    def label(self) -> str:
        """``"2 / 3"``."""
        return f"{self.index} / {self.total}"


@dataclass(frozen=True)
class VersionSummary:
    """One version at a fork: its number (``index``, from 1), whether it is in view, how
    many messages its tail has, the first one's role (None: unknown, a damaged stash) and
    text (at most :data:`PREVIEW_CHARS` characters) and when it was first written (UTC)."""

    index: int
    in_view: bool
    messages: int
    role: Role | None
    preview: str
    created_at: datetime

    def to_json(self) -> dict[str, object]:
        """JSON for ``topic versions --json`` (``"role"`` is null when it is unknown)."""
        return {"version": self.index, "in_view": self.in_view, "messages": self.messages,
                "role": None if self.role is None else self.role.value,
                "preview": self.preview, "created_at": self.created_at.isoformat()}


@dataclass(frozen=True)
class ForkView:
    """A fork position (``seq``) and its versions, oldest first."""

    seq: int
    versions: tuple[VersionSummary, ...]


@dataclass(frozen=True)
class SwitchResult:
    """A switch at ``seq`` of ``topic_id`` to version ``index`` of ``total``;
    ``summary`` says what the topic summary did (:class:`SummaryOnSwitch`)."""

    topic_id: int
    seq: int
    index: int
    total: int
    summary: SummaryOnSwitch


class ReplyVersions:
    """Versions of replies and branches of a topic (issue 14). ``chat`` runs the replies
    Regenerate and Resend ask for; ``on_change(topic_id)`` runs after a switch or claim
    (the container drops the badge's estimate and the warm history)."""

    def __init__(self, db: Database, bus: EventBus, chat: ChatService,
                 on_change: Callable[[int], None] | None = None) -> None:
        self._db = db
        self._bus = bus
        self._chat = chat
        self._on_change = on_change

    # --- reading ------------------------------------------------------------------------
    def points(self, topic_id: int) -> dict[int, VersionPoint]:
        """Message id in view → its :class:`VersionPoint`, for every message in view that
        has other versions (blocking store read: call it on a worker)."""
        with self._db.read() as s:
            out: dict[int, VersionPoint] = {}
            for seq, alts in alternatives(s, topic_id).items():
                for i, a in enumerate(alts, 1):
                    if a.branch_id is None and a.message_id is not None:
                        out[a.message_id] = VersionPoint(seq, a.message_id, i, len(alts))
            return out

    def forks(self, topic_id: int) -> list[ForkView]:
        """Every fork position of the branch in view with its versions, oldest first
        (``topic versions``). Raises :class:`NotFound` for an unknown topic."""
        with self._db.read() as s:
            TopicService.row(s, check_record_id(topic_id, "topic"))
            out: list[ForkView] = []
            for seq, alts in sorted(alternatives(s, topic_id).items()):
                versions: list[VersionSummary] = []
                for i, a in enumerate(alts, 1):
                    count, role, text = _tail_summary(s, topic_id, seq, a.branch_id)
                    versions.append(VersionSummary(i, a.branch_id is None, count, role,
                                                   " ".join(text.split())[:PREVIEW_CHARS], a.first_created_at))
                out.append(ForkView(seq, tuple(versions)))
            return out

    # --- switching ------------------------------------------------------------------------
    def switch(self, topic_id: int, seq: int, index: int) -> SwitchResult:
        """Show version ``index`` (from 1) at position ``seq`` of ``topic_id``: one write
        transaction (module docstring). Switching to the version in view changes nothing.
        Raises :class:`NotFound` (no topic), :class:`InvalidInput` (no such version, a
        reply still being written, a damaged stash; nothing changes)."""
        with self._db.write() as s:
            TopicService.row(s, check_record_id(topic_id, "topic"))
            _refuse_any_stream(s, topic_id)
            alts = alternatives(s, topic_id).get(seq, [])
            if not 1 <= index <= len(alts):
                raise InvalidInput(Reason(QT_TRANSLATE_NOOP(
                    "ServiceReasons", "position %1 of topic %2 has no version %3 (it has %4)"),
                                          (str(seq), str(topic_id), str(index), str(len(alts)))))
            target = alts[index - 1].branch_id
            if target is None:
                return SwitchResult(topic_id, seq, index, len(alts), SummaryOnSwitch.KEPT)
            had = _cursor(s, topic_id)
            stash_tail(s, topic_id, seq)
            try:
                restored = restore_branch(s, target)
                assert restored is not None  # listed by alternatives() in this transaction
            except BranchCorrupt as exc:
                raise InvalidInput(refused(exc)) from exc
            now = _cursor(s, topic_id)
        summary = (SummaryOnSwitch.KEPT if now == had
                   else SummaryOnSwitch.CLEARED if now is None else SummaryOnSwitch.RESTORED)
        self._changed(topic_id)
        return SwitchResult(topic_id, seq, index, len(alts), summary)

    def step(self, topic_id: int, message_id: int, delta: int) -> SwitchResult:
        """The arrows on message ``message_id``: the previous (``delta`` -1) or next (+1)
        version at its position. Raises as :meth:`switch`; :class:`InvalidInput` past
        the first or last version."""
        point = self.points(topic_id).get(message_id)
        if point is None:
            raise InvalidInput(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "this message has no other versions")))
        target = point.index + delta
        if not 1 <= target <= point.total:
            raise InvalidInput(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "there is no version %1 of %2"),
                                      (str(target), str(point.total))))
        return self.switch(topic_id, point.seq, target)

    # --- regenerate and resend ------------------------------------------------------------
    def start_regenerate(self, topic_id: int, reply_id: int | None = None,
                         override: ModelPick | None = None) -> asyncio.Task[SendOutcome]:
        """Regenerate the topic's last reply (``reply_id``: one of its rows, when given),
        with the topic's model or ``override`` for this reply only ("Regenerate with
        another model"): the previous reply becomes a version, a new one streams on the
        send path. Returns
        the chat task (its result is the :class:`SendOutcome`). Raises
        :class:`InvalidInput` at once when this topic is sending; the claim's own
        refusals (no finished reply to regenerate, another process streaming, no
        provider) come from the task and change nothing."""
        task = self._chat.start_claimed(
            topic_id, functools.partial(self._claim_regenerate, topic_id, reply_id), "regenerate", override)
        task.add_done_callback(functools.partial(self._after_reply, topic_id))
        return task

    def start_resend(self, message_id: int, text: str, *, topic_id: int | None = None) -> asyncio.Task[SendOutcome]:
        """Edit-and-resend: start a new branch at user message ``message_id`` with
        ``text`` and ask for a reply; the old branch stays a version at that position.
        ``topic_id``: the message's topic when the caller knows it (the window: then
        nothing is read on the caller's thread, issue 29; the claim refuses a message of
        another topic with :class:`NotFound`). Raises :class:`InvalidInput` (empty text,
        this topic sending) / :class:`NotFound` at once; the claim's refusals come from
        the task and change nothing."""
        if not text.strip():
            raise InvalidInput(EMPTY_EDITED)
        check_record_id(message_id, "message")
        if topic_id is None:
            with self._db.read() as s:
                place = message_position(s, message_id)
            topic_id = found(place, no_message(message_id))[0]
        task = self._chat.start_claimed(
            topic_id, functools.partial(self._claim_resend, message_id, text, topic_id), "resend")
        task.add_done_callback(functools.partial(self._after_reply, topic_id))
        return task

    def _claim_regenerate(self, topic_id: int, reply_id: int | None, pick: ModelPick) -> ReplyClaim:
        """One write transaction: stash the last reply (rows after the last user
        message), claim a streaming reply at its position, asked with ``pick``'s model.
        :class:`InvalidInput` / :class:`NotFound` change nothing."""
        with self._db.write() as s:
            topic, _assistant, model, provider_id = self._chat.sendable(s, topic_id, pick)
            refuse_foreign_stream(s, topic_id)
            _refuse_any_stream(s, topic_id)
            user = last_user_message(s, topic_id)
            reply = rows_after(s, topic_id, user.seq if user is not None else 0)
            if user is None or not reply or (reply_id is not None and reply_id not in {rid for rid, _seq in reply}):
                raise InvalidInput(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "only the topic's last reply can be "
                                                                              "regenerated")))
            fork = reply[0][1]
            stash_tail(s, topic_id, fork)
            new_id = _streaming_reply(s, topic.id, fork, model, provider_id)
            claim = ReplyClaim(user.id, new_id, provider_id, model, False)
        self._note(topic_id)  # before the request is planned from the new branch
        return claim

    def _claim_resend(self, message_id: int, text: str, topic_id: int, pick: ModelPick) -> ReplyClaim:
        """One write transaction: stash the tail from user message ``message_id`` (of
        ``topic_id``), store ``text`` at its position and claim a streaming reply after
        it (``pick``'s model)."""
        with self._db.write() as s:
            row = message_row(s, message_id)
            if row is None or row.topic_id != topic_id:
                raise NotFound(no_message(message_id))
            if row.role != Role.USER:
                raise InvalidInput(Reason(QT_TRANSLATE_NOOP(
                    "ServiceReasons", "only your own messages can be edited and resent")))
            topic, _assistant, model, provider_id = self._chat.sendable(s, row.topic_id, pick)
            refuse_foreign_stream(s, topic.id)
            _refuse_any_stream(s, topic.id)
            fork = row.seq
            stash_tail(s, topic.id, fork)
            user_id = insert_message(s, topic.id, fork, role=Role.USER.value, content=text)
            new_id = _streaming_reply(s, topic.id, fork + 1, model, provider_id)
            claim = ReplyClaim(user_id, new_id, provider_id, model, False)
        self._note(topic.id)
        return claim

    def _after_reply(self, topic_id: int, task: asyncio.Task[SendOutcome]) -> None:
        """A regenerate or resend ended: refresh the figures; a reply stopped before it
        began (its placeholder dropped) gives its position back to the previous version,
        so no reply is ever left unreachable."""
        self._changed(topic_id)
        if task.cancelled():  # only a Stop before the request drops the placeholder
            self._db.submit(self._heal, topic_id)

    def _heal(self, topic_id: int) -> None:
        """Where a stash has no message in view at its position (the regenerated reply
        was dropped), put the newest such version back (one write transaction)."""
        try:
            with self._db.write() as s:
                if topic_facts(s, topic_id) is None or _live_stream(s, topic_id):
                    return
                orphans = [(seq, alts[-1].branch_id) for seq, alts in alternatives(s, topic_id).items()
                           if all(a.branch_id is not None for a in alts)]
                for _seq, bid in orphans:
                    if bid is not None:
                        restore_branch(s, bid)
                if not orphans:
                    return
        except Exception:  # healing is best effort; the version stays stashed and listed
            log.warning("could not restore the previous version in topic %s", topic_id, exc_info=True)
            return
        self._changed(topic_id)
        self._bus.publish(TopicMessagesChanged(topic_id))

    def _note(self, topic_id: int) -> None:
        """The rows in view changed: drop the caches built from them (any thread)."""
        if self._on_change is not None:
            self._on_change(topic_id)

    def _changed(self, topic_id: int) -> None:
        self._note(topic_id)
        self._bus.publish(TopicChanged(topic_id))


def _tail_summary(s: Session, topic_id: int, seq: int, branch_id: int | None) -> tuple[int, Role | None, str]:
    """``(messages, first role, first text)`` of the tail in view from ``seq`` (``branch_id``
    None) or of a stashed one (a damaged stash: no messages, role None)."""
    if branch_id is None:
        return tail_head(s, topic_id, seq)
    try:
        rows = stashed_rows(s, branch_id)
    except BranchCorrupt:
        rows = []
    head = rows[0] if rows else {}
    role = head.get("role")
    return len(rows), (Role(role) if role in _ROLES else None), str(head.get("content") or "")


def _cursor(s: Session, topic_id: int) -> int | None:
    st = compaction_state(s, topic_id)
    return st.cursor_message_id if st is not None else None


def _live_stream(s: Session, topic_id: int) -> bool:
    now = utcnow()
    return any(not stream_is_orphaned(by, at, now)
               for by, at, _edited in streaming_rows(s, topic_id))


def _refuse_any_stream(s: Session, topic_id: int) -> None:
    """:class:`InvalidInput` while any live process (this one too) writes a reply here."""
    if _live_stream(s, topic_id):
        raise InvalidInput(Reason(_BUSY))


def _streaming_reply(s: Session, topic_id: int, seq: int, model: str, provider_id: int) -> int:
    """The id of the streaming placeholder of a regenerate or resend at ``seq``, with an
    id above every stashed one; touches the topic."""
    return insert_message(s, topic_id, seq, role=Role.ASSISTANT.value, content="",
                          status=MessageStatus.STREAMING.value, model=model, provider_id=provider_id,
                          sent_by_process=PROCESS_ID)
