"""Topics' message rows as the planner sees them, and safe appends (issues 9 and 10).

The functions take an open session and return core dataclasses
(``core.request_assembly.HistoryMessage``), so services stop issuing their own queries
for a topic's history. :func:`append_message` allocates the next ``seq``; it must run
inside ``Database.write()``, whose lock serializes appends across processes, so two
senders never collide on ``UNIQUE(topic_id, seq)``.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from itertools import chain
from typing import Any, cast

from sqlalchemy import Table, bindparam, case, func, inspect, or_, select, update
from sqlalchemy.orm import Session, defer

from chathub_desktop.core.attachments import FILE, attachments_of
from chathub_desktop.core.clock import utcnow
from chathub_desktop.core.messages import ChatMessage, MessageStatus, Role, ToolCall
from chathub_desktop.core.request_assembly import (
    NEVER_SENT_CONTENT_TYPES,
    HistoryMessage,
    message_tokens,
)
from chathub_desktop.core.threshold_compaction import message_chars
from chathub_desktop.storage.attachment_blobs import with_data
from chathub_desktop.storage.bulk_loading import gc_paused
from chathub_desktop.storage.message_branches import next_message_id
from chathub_desktop.storage.message_records import MessageRecord, message_record
from chathub_desktop.storage.models import Message, Topic

#: The column names of a stored message (what :func:`append_message` takes as fields).
MESSAGE_FIELDS: frozenset[str] = frozenset(c.key for c in inspect(Message).column_attrs)


def _args(value: object) -> str:
    if isinstance(value, str):
        return value
    return json.dumps(value if value is not None else {})


@dataclass(frozen=True, slots=True)
class HistoryVersion:
    """Cheap fingerprint of a topic's rows: ``count`` rows, the newest id ``max_id``
    (0 when empty) and the newest ``edited_at`` (UTC, ``None`` when nothing was edited).
    Edits and deletions change it; appends raise ``max_id``."""

    count: int
    max_id: int
    edited: datetime | None


def history_version(s: Session, topic_id: int) -> HistoryVersion:
    """The topic's :class:`HistoryVersion` (one indexed aggregate query)."""
    n, top, edited = s.execute(
        select(func.count(Message.id), func.coalesce(func.max(Message.id), 0), func.max(Message.edited_at))
        .where(Message.topic_id == topic_id)
    ).one()
    return HistoryVersion(int(n or 0), int(top or 0), edited)


@dataclass(frozen=True, slots=True)
class LoadedRows:
    """Rows for the planner, oldest first (:func:`load_rows`): ``history``, and the ids of
    those still streaming (their text and status may still change). One object for
    the rows, not one per row (issue 29: ~1.6 MB less for 20,000 rows)."""

    history: list[HistoryMessage]
    streaming: frozenset[int]


#: Rows :func:`load_rows` fetches and converts at a time: the ORM's default buffers every
#: raw row and its converted copy of a 20,000-message topic at once, and those tuples,
#: interleaved with the rows kept, stayed resident (issue 29: ~4 MB of the start-up's RSS).
LOAD_BATCH_ROWS = 1000

#: The columns the planner reads (:func:`load_rows`): a Core select of these instead of
#: ORM objects keeps loading a 20,000-message topic from peaking about 60 MB above what
#: it keeps (issue 29).
_PLAN_COLUMNS = (Message.id, Message.role, Message.content, Message.content_type,
                 Message.tool_calls, Message.tool_call_id, Message.tool_name, Message.attachments,
                 Message.status, Message.token_count, Message.token_encoding, Message.pinned)


def load_rows(
    s: Session,
    topic_id: int,
    count: Callable[[str], int],
    encoding: str,
    *,
    ids: Iterable[int] = (),
    after_id: int | None = None,
    texts: bool = True,
    sizes: bool = False,
) -> tuple[LoadedRows, list[dict[str, object]]]:
    """Rows of ``topic_id`` in ``seq`` order — all of them, or only ``ids`` and those with
    an id above ``after_id`` — with token counts of ``encoding`` (REF-26). Returns
    ``(rows, stale)``: ``stale`` lists ``{"id", "token_count", "token_encoding"}`` for rows
    whose cached count was missing or of another encoding, counted now with ``count``;
    store them with :func:`store_counts` in a write transaction.

    ``texts`` False (issue 29: the badge's warm rows): only tool results keep their text
    (a result sent without its call is counted again as a user turn); every other row's
    ``content`` is ``""``, its count and ``sendable`` taken from the stored text first (a
    row whose count is cached, without ``sizes``: from its first character only).
    :func:`with_texts` puts the texts back. ``sizes`` (with ``texts`` False): each such row
    carries what the NUM-4 estimate and the NUM-11 bound count of its text instead
    (``HistoryMessage.chars`` / ``text_chars``), so a plan with the threshold policy or
    a history bound on is the plan of the rows with their texts.

    The select runs on the session's connection as plain Core (issue 29: the ORM's result
    layer and a named look-up per column took about a third of the badge's first count of
    a 20,000-message topic); each row is unpacked once."""
    columns: tuple[Any, ...] = _PLAN_COLUMNS
    if not texts and not sizes:
        # a row whose count is cached is read by its first character (is it empty?): the
        # badge reading a topic with a 16 MB reply held all of it in Python (issue 29)
        needed = or_(Message.token_count.is_(None), Message.token_encoding.is_distinct_from(encoding),
                     Message.role == _TOOL)
        columns = (Message.id, Message.role, case((needed, Message.content), else_=func.substr(Message.content, 1, 1)),
                   *_PLAN_COLUMNS[3:])
    q = select(*columns).where(Message.topic_id == topic_id)
    wanted = list(ids)
    if after_id is not None:
        cond = Message.id > after_id
        q = q.where(or_(cond, Message.id.in_(wanted)) if wanted else cond)
    elif wanted:
        q = q.where(Message.id.in_(wanted))
    history: list[HistoryMessage] = []
    streaming: set[int] = set()
    stale: list[dict[str, object]] = []
    add = history.append
    with gc_paused():
        result = s.connection().execution_options(yield_per=LOAD_BATCH_ROWS).execute(q.order_by(Message.seq))
        for (mid, role, content, content_type, calls, call_id, tool_name, attached, status, tokens,
             token_encoding, pinned) in chain.from_iterable(result.partitions()):
            msg = ChatMessage(
                _ROLES[role], content if texts or role == _TOOL else "",
                tuple(ToolCall(id=str(c.get("id", "")), name=str(c.get("name", "")), arguments=_args(c.get("arguments")))
                      for c in calls) if calls else (),
                call_id, tool_name,
                attachments=attachments_of(attached) if attached else (),
            )
            live = status == _STREAMING
            if live:
                streaming.add(mid)
            if tokens is None or token_encoding != encoding:
                tokens = _count_row(s, msg if texts or role == _TOOL else replace(msg, content=content), count)
                if not live:
                    stale.append({"id": mid, "token_count": tokens, "token_encoding": encoding})
            # shown but never sent: hidden reasoning, system rows, error bubbles, replies still
            # streaming, empty cancelled replies
            sendable = (content_type not in NEVER_SENT_CONTENT_TYPES and role != _SYSTEM and status not in _UNSENT
                        and bool(content or calls or role == _TOOL or attached))
            if sizes and not texts and role != _TOOL:
                add(HistoryMessage(mid, msg, tokens, sendable, bool(pinned), message_chars(msg, content),
                                   len(content)))
            else:
                add(HistoryMessage(mid, msg, tokens, sendable, bool(pinned)))
    return LoadedRows(history, frozenset(streaming)), stale


def with_texts(s: Session, topic_id: int, rows: Sequence[HistoryMessage]) -> tuple[HistoryMessage, ...]:
    """``rows`` of ``topic_id`` read with ``texts`` False (:func:`load_rows`), each with its
    stored text again (one query over the topic's rows that are not tool results); a row
    gone meanwhile keeps ``""``. Counts, ``sendable`` and ``pinned`` are the rows' own."""
    found = dict(s.connection().execute(
        select(Message.id, Message.content).where(Message.topic_id == topic_id, Message.role != _TOOL)).all())
    return tuple(h if h.message.role is Role.TOOL or h.id not in found
                 else HistoryMessage(h.id, replace(h.message, content=found[h.id]), h.tokens, h.sendable, h.pinned)
                 for h in rows)


#: Stored role word → :class:`Role`, and the words :func:`load_rows` compares with.
_ROLES: dict[str, Role] = {r.value: r for r in Role}
_SYSTEM, _TOOL = Role.SYSTEM.value, Role.TOOL.value
_STREAMING = MessageStatus.STREAMING.value
#: Rows shown but never sent: error bubbles, replies still streaming, replies cut at a stream limit (stream50).
_UNSENT = frozenset({MessageStatus.ERROR.value, MessageStatus.STREAMING.value, MessageStatus.CUT.value})


def _count_row(s: Session, msg: ChatMessage, count: Callable[[str], int]) -> int:
    """Tokens of a row whose cached count is missing (REF-26): inlined file text counts
    (issue 14), so those files' text is read first."""
    counted = msg
    if any(a.kind == FILE for a in msg.attachments):
        counted = replace(msg, attachments=with_data(s, msg.attachments, kinds=frozenset({FILE})))
        counted = replace(counted, attachments=tuple(a for a in counted.attachments if a.loaded
                                                     or a.kind != FILE))
    return message_tokens(counted, count)


def store_counts(s: Session, stale: Sequence[dict[str, object]]) -> None:
    """Cache counted token counts on their rows (``{"id", "token_count", "token_encoding"}``
    each; one executemany UPDATE by primary key). A row deleted since it was counted (by
    another window or process) is skipped: the ORM's bulk form raised ``StaleDataError``
    then and failed the estimate that only wanted to keep a cache (REF-26)."""
    if stale:
        t = cast(Table, Message.__table__)
        s.execute(
            update(t).where(t.c.id == bindparam("row_id"))
            .values(token_count=bindparam("count"), token_encoding=bindparam("encoding")),
            [{"row_id": r["id"], "count": r["token_count"], "encoding": r["token_encoding"]} for r in stale],
        )


def append_message(s: Session, topic_id: int, **fields: object) -> MessageRecord:
    """Add a row at the end of ``topic_id`` (next ``seq``) and touch the topic's
    ``updated_at``; returns the flushed row's :class:`MessageRecord`. Its id is never one a stashed branch holds
    (issue 14: a message id names one message in every branch). Call inside
    ``Database.write()``. Raises ``LookupError`` for an unknown topic."""
    topic = s.get(Topic, topic_id)
    if topic is None:
        raise LookupError(f"no topic {topic_id}")
    seq = (s.scalar(select(func.max(Message.seq)).where(Message.topic_id == topic_id)) or 0) + 1
    fields.setdefault("id", next_message_id(s))  # SQLite: above every stashed id (issue 14)
    row = Message(topic_id=topic_id, seq=seq, **fields)
    s.add(row)
    topic.updated_at = utcnow()
    s.flush()
    return message_record(row)


def update_reply(s: Session, message_id: int, fields: dict[str, object], *, only_streaming: bool = False) -> int | None:
    """Set ``fields`` (names from :data:`MESSAGE_FIELDS`) on message ``message_id`` in
    write session ``s``: a streaming reply's checkpoint (``only_streaming``: only while it
    is still marked streaming), its final text and usage, or its reset for a retry.
    Returns its topic id; None when the row is gone (or no longer streaming) and
    nothing was written. ``KeyError`` for an unknown field name."""
    # the text it replaces is not read (stream50: a huge reply's checkpoint and final write
    # each held the previous checkpoint's text too)
    row = s.get(Message, message_id, options=[defer(Message.content)])
    if row is None or (only_streaming and row.status != MessageStatus.STREAMING.value):
        return None
    for key, value in fields.items():
        if key not in MESSAGE_FIELDS:
            raise KeyError(key)
        setattr(row, key, value)
    return row.topic_id


def streaming_rows(s: Session, topic_id: int) -> list[tuple[str | None, datetime, datetime | None]]:
    """``(sent_by_process, created_at, edited_at)`` of the topic's replies still marked
    streaming (APP-8: is another process writing into this topic?)."""
    return [tuple(r) for r in s.execute(  # type: ignore[misc]
        select(Message.sent_by_process, Message.created_at, Message.edited_at)
        .where(Message.topic_id == topic_id, Message.status == MessageStatus.STREAMING.value)
    ).all()]


@dataclass(frozen=True, slots=True)
class UnansweredCalls:
    """The newest assistant row of a topic whose tool calls (some or all) have no stored
    result, with only tool results after it: ``calls`` are ``(call id, tool name)`` of
    the unanswered ones, in the order the model made them; ``sent_by`` and
    ``created_at`` say which process made the row and when (issue 25)."""

    topic_id: int
    message_id: int
    sent_by: str | None
    created_at: datetime
    calls: tuple[tuple[str, str], ...]


def unanswered_tool_calls(s: Session) -> list[UnansweredCalls]:
    """Topics that end in tool calls without all their results (a process killed while
    a tool ran, issue 25). One query over each topic's last row, then one over the
    tails (from the last assistant row on) of the topics ending in a tool row or a
    calling assistant row, in chunks of 500 topics."""
    last = (select(Message.topic_id, func.max(Message.seq).label("seq"))
            .group_by(Message.topic_id).subquery())
    tails = s.execute(
        select(Message.topic_id, Message.role, Message.tool_calls)
        .join(last, (Message.topic_id == last.c.topic_id) & (Message.seq == last.c.seq))
        .where(Message.role.in_((Role.ASSISTANT.value, Role.TOOL.value)))
    ).all()
    candidates = [tid for tid, role, calls in tails if role == Role.TOOL.value or calls]
    found: list[UnansweredCalls] = []
    for n in range(0, len(candidates), 500):
        chunk = candidates[n:n + 500]
        caller = (select(Message.topic_id, func.max(Message.seq).label("seq"))
                  .where(Message.topic_id.in_(chunk), Message.role == Role.ASSISTANT.value)
                  .group_by(Message.topic_id).subquery())
        rows = s.execute(
            select(Message.topic_id, Message.id, Message.role, Message.tool_calls, Message.tool_call_id,
                   Message.sent_by_process, Message.created_at)
            .join(caller, (Message.topic_id == caller.c.topic_id) & (Message.seq >= caller.c.seq))
            .order_by(Message.topic_id, Message.seq)
        ).all()
        by_topic: dict[int, list[Any]] = {}
        for r in rows:
            by_topic.setdefault(r.topic_id, []).append(r)
        for topic_id, tail in by_topic.items():
            head, after = tail[0], tail[1:]
            if not head.tool_calls or any(r.role != Role.TOOL.value for r in after):
                continue
            answered = {r.tool_call_id for r in after}
            missing = tuple((str(c.get("id")), str(c.get("name") or "tool")) for c in head.tool_calls
                            if isinstance(c, dict) and c.get("id") not in answered)
            if missing:
                found.append(UnansweredCalls(topic_id, head.id, head.sent_by_process, head.created_at, missing))
    return found
