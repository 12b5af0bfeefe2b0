"""Stashing and restoring a topic's tails (issue 14 "Regenerate and edit-and-resend").

The ``message`` table holds only the branch in view, so search, the request plan, the
badge, compaction, export and the dream see exactly what the user sees. A tail that is
not in view lives in one ``message_branch`` row: every column of its message rows
(generically from the table, so columns added later travel with no code change),
zlib-compressed JSON. Every function here takes a session of ``Database.write()`` (the
store's write lock is held) and works with SQLAlchemy Core on the ``message`` table, so
the ORM identity map never holds a row that was swapped out.

Deleting and re-inserting message rows fires the message triggers: the search index
and the change log stay right with no extra step.
"""

from __future__ import annotations

import base64
import json
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any, cast

from sqlalchemy import (
    JSON,
    Date,
    DateTime,
    LargeBinary,
    Table,
    delete,
    func,
    insert,
    select,
    text,
    update,
)
from sqlalchemy.orm import Session

from chathub_desktop.core.clock import utcnow
from chathub_desktop.core.reasons import QT_TRANSLATE_NOOP, Reason, ReasonError
from chathub_desktop.storage.models import Message, MessageBranch, Topic, TopicCompaction

_MESSAGE = cast(Table, Message.__table__)
#: Stashed rows above this many bytes of JSON are refused as corrupt on restore.
MAX_STASH_BYTES = 256 * 1024 * 1024
#: ``topic_compaction`` columns that follow the branch in view (the rest, the circuit
#: breaker and the debug log, stay with the topic).
_FOLLOWING = ("summary", "cursor_message_id", "model", "archives", "unreachable_fingerprint",
              "summary_edited", "updated_at")


class BranchCorrupt(ReasonError):
    """A stashed tail cannot be read back (its bytes are damaged); nothing was changed."""


@dataclass(frozen=True)
class Alternative:
    """One version at a fork position: ``branch_id`` (``None``: the tail in view),
    ``first_created_at`` (UTC, orders the versions) and, for the tail in view, the id of
    its first message."""

    branch_id: int | None
    first_created_at: datetime
    message_id: int | None = None


def _encode_value(value: object) -> object:
    if isinstance(value, datetime | date):
        return value.isoformat()
    if isinstance(value, bytes):
        return base64.b64encode(value).decode("ascii")
    return value


def _decode_value(column: Any, value: object) -> object:
    if value is None:
        return None
    if isinstance(column.type, JSON):
        return value
    if isinstance(column.type, DateTime) or isinstance(getattr(column.type, "impl", None), DateTime):
        return datetime.fromisoformat(str(value))
    if isinstance(column.type, Date):
        return date.fromisoformat(str(value))
    if isinstance(column.type, LargeBinary):
        return base64.b64decode(str(value))
    return value


def encode_rows(rows: Sequence[dict[str, object]]) -> bytes:
    """``rows`` (column name → value, every column of ``message``) as stored in
    ``message_branch.rows``: zlib-compressed UTF-8 JSON."""
    data = [{k: _encode_value(v) for k, v in r.items()} for r in rows]
    return zlib.compress(json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8"))


def decode_rows(blob: bytes) -> list[dict[str, object]]:
    """The message rows of a stash, typed for the current ``message`` table: columns the
    table no longer has are dropped, columns it gained since are left to their defaults.
    Raises :class:`BranchCorrupt` for damaged bytes or more than :data:`MAX_STASH_BYTES`."""
    try:
        d = zlib.decompressobj()
        raw = d.decompress(blob, MAX_STASH_BYTES)
        if d.unconsumed_tail:
            raise BranchCorrupt(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "a stashed branch is larger than the store "
                                                                           "allows")))
        data = json.loads(raw.decode("utf-8"))
    except (zlib.error, UnicodeDecodeError, ValueError) as exc:
        raise BranchCorrupt(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "a stashed branch cannot be read: %1"),
                                   (str(exc),))) from exc
    if not isinstance(data, list) or not all(isinstance(r, dict) for r in data):
        raise BranchCorrupt(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "a stashed branch is not a list of "
                                                                       "messages")))
    cols = _MESSAGE.columns
    return [{k: _decode_value(cols[k], v) for k, v in r.items() if k in cols} for r in data]


def _listed(value: object) -> list[object]:
    return value if isinstance(value, list) else []


def tail_rows(s: Session, topic_id: int, fork_seq: int) -> list[dict[str, object]]:
    """Every column of the topic's rows from ``fork_seq`` on, in ``seq`` order."""
    q = select(_MESSAGE).where(_MESSAGE.c.topic_id == topic_id, _MESSAGE.c.seq >= fork_seq)
    return [dict(r._mapping) for r in s.execute(q.order_by(_MESSAGE.c.seq))]


def next_message_id(s: Session) -> int | None:
    """On SQLite, an id above every message id in view and in every stash: pass it as
    ``id`` to a row appended after a stash (SQLite hands out the highest id in the table
    plus one, which may be a stashed message's). ``None`` on PostgreSQL, whose sequence
    never hands out an id twice (an explicit id would not advance it)."""
    if s.get_bind().dialect.name != "sqlite":
        return None
    top = s.scalar(select(func.max(_MESSAGE.c.id))) or 0
    stashed = s.scalar(select(func.max(MessageBranch.top_id))) or 0
    return max(int(top), int(stashed)) + 1


def _fresh_id(s: Session) -> int:
    """A message id no row in view or in a stash has (for a restored row whose id was
    taken meanwhile)."""
    sqlite_id = next_message_id(s)
    if sqlite_id is not None:
        return sqlite_id
    return int(s.execute(text("SELECT nextval(pg_get_serial_sequence('message', 'id'))")).scalar_one())


def _prefix_mark(s: Session, topic_id: int, fork_seq: int) -> list[object]:
    """A fingerprint of the rows before ``fork_seq`` (count, newest id, newest edit): a
    stashed summary is restored only over the prefix it was written for."""
    n, top, edited = s.execute(
        select(func.count(_MESSAGE.c.id), func.coalesce(func.max(_MESSAGE.c.id), 0), func.max(_MESSAGE.c.edited_at))
        .where(_MESSAGE.c.topic_id == topic_id, _MESSAGE.c.seq < fork_seq)).one()
    if isinstance(edited, str):  # SQLite aggregates come back as text
        edited = datetime.fromisoformat(edited)
    return [int(n or 0), int(top or 0), edited.isoformat() if edited is not None else None]


def stash_tail(s: Session, topic_id: int, fork_seq: int) -> MessageBranch | None:
    """Move the rows from ``fork_seq`` on out of view into a new ``message_branch`` row
    (``None`` when there are none). Branches that fork inside the tail go with it; when
    the compaction cursor lies inside the tail, the compaction state goes with it too and
    the topic's is cleared as CMP-15 asks (the summary covered rows that left the view)."""
    rows = tail_rows(s, topic_id, fork_seq)
    if not rows:
        return None
    ids = {int(str(r["id"])) for r in rows}
    st = s.get(TopicCompaction, topic_id)
    stashed_state: dict[str, object] | None = None
    if st is not None and st.cursor_message_id in ids:
        topic = s.get(Topic, topic_id)
        stashed_state = {k: _encode_value(getattr(st, k)) for k in _FOLLOWING}
        stashed_state["snippet"] = topic.snippet if topic is not None else None
        stashed_state["prefix"] = _prefix_mark(s, topic_id, fork_seq)
        clear_summary(s, topic_id)
    created = rows[0]["created_at"]
    assert isinstance(created, datetime)
    refs = sorted({str(a["sha256"]) for r in rows for a in _listed(r.get("attachments"))
                   if isinstance(a, dict) and a.get("sha256")})
    branch = MessageBranch(topic_id=topic_id, fork_seq=fork_seq, rows=encode_rows(rows),
                           compaction=stashed_state, top_id=max(ids), first_created_at=created,
                           attachment_refs=" ".join(refs) or None)
    s.add(branch)
    s.flush()
    from chathub_desktop.storage.branch_text import record_branch  # it imports this module

    record_branch(s, branch.id, topic_id, rows)  # the stash stays searchable (issue 29/30)
    s.execute(update(MessageBranch)
              .where(MessageBranch.topic_id == topic_id, MessageBranch.parent_id.is_(None),
                     MessageBranch.fork_seq > fork_seq)
              .values(parent_id=branch.id), execution_options={"synchronize_session": False})
    s.execute(delete(_MESSAGE).where(_MESSAGE.c.topic_id == topic_id, _MESSAGE.c.seq >= fork_seq))
    return branch


def restore_branch(s: Session, branch_id: int) -> list[int] | None:
    """Put ``branch``'s rows back in view (their original ids and seqs; the tail in view
    from its ``fork_seq`` must already be stashed), make the branches that travelled with
    it hang off the view again and delete the stash; restore its compaction state when it
    has one and the rows before the fork are still the ones it summarised (CMP-15: a
    summary of rows that changed is never brought back). Returns the restored ids in ``seq`` order. A stashed id that
    a message in view took meanwhile (only possible after a bulk import on SQLite) gets
    a fresh id. None when there is no stash ``branch_id``. Raises :class:`BranchCorrupt`
    (the caller's transaction rolls back)."""
    branch = s.get(MessageBranch, branch_id)
    if branch is None:
        return None
    rows = decode_rows(branch.rows)
    wanted = [int(str(r["id"])) for r in rows]
    taken = set(s.scalars(select(_MESSAGE.c.id).where(_MESSAGE.c.id.in_(wanted)))) if wanted else set()
    remap: dict[int, int] = {}
    for r in rows:
        if r["id"] in taken:
            fresh = max(remap.values()) + 1 if remap and s.get_bind().dialect.name == "sqlite" else _fresh_id(s)
            r["id"] = remap[int(str(r["id"]))] = fresh
    for r in rows:
        r["topic_id"] = branch.topic_id
    if rows:
        s.execute(insert(_MESSAGE), rows)
    s.execute(update(MessageBranch).where(MessageBranch.parent_id == branch.id).values(parent_id=None),
              execution_options={"synchronize_session": False})
    state = branch.compaction
    # a stale one (a row before the fork changed since) is dropped: the topic's own
    # state is already right for the incoming tail (cleared, or covering the prefix only)
    if isinstance(state, dict) and state.get("prefix") == _prefix_mark(s, branch.topic_id, branch.fork_seq):
        _apply_state(s, branch.topic_id, state, remap)
    s.delete(branch)
    s.flush()
    return [int(str(r["id"])) for r in rows]


def _apply_state(s: Session, topic_id: int, state: dict[str, object], remap: dict[int, int]) -> None:
    st = s.get(TopicCompaction, topic_id)
    if st is None:
        st = TopicCompaction(topic_id=topic_id)
        s.add(st)
    cols = TopicCompaction.__table__.columns
    for k in _FOLLOWING:
        if k in state and k in cols:
            setattr(st, k, _decode_value(cols[k], state[k]))
    if st.cursor_message_id in remap:
        st.cursor_message_id = remap[st.cursor_message_id]
    topic = s.get(Topic, topic_id)
    if topic is not None:
        snippet = state.get("snippet")
        topic.snippet = snippet if isinstance(snippet, str) else None


def clear_summary(s: Session, topic_id: int) -> bool:
    """CMP-15 inside the caller's transaction: clear the summary, cursor, archives and
    topic snippet (the next compaction rebuilds them from the messages), as
    ``CompactionService.clear_for_edit`` does. Returns whether there was a cursor."""
    st = s.get(TopicCompaction, topic_id)
    if st is None or st.cursor_message_id is None:
        return False
    st.summary = ""
    st.cursor_message_id = None
    st.model = None
    st.archives = []
    st.unreachable_fingerprint = None
    st.updated_at = utcnow()
    topic = s.get(Topic, topic_id)
    if topic is not None:
        topic.snippet = None
    return True


def alternatives(s: Session, topic_id: int) -> dict[int, list[Alternative]]:
    """Fork position (``seq``) → its versions oldest first, for every position of the
    branch in view that has a stashed alternative; the tail in view is one of them
    (``branch_id`` None) when a message in view sits at that position."""
    stashes = s.execute(select(MessageBranch.id, MessageBranch.fork_seq, MessageBranch.first_created_at)
                        .where(MessageBranch.topic_id == topic_id, MessageBranch.parent_id.is_(None))).all()
    if not stashes:
        return {}
    out: dict[int, list[Alternative]] = {}
    for bid, seq, first in stashes:
        out.setdefault(int(seq), []).append(Alternative(int(bid), first))
    heads = s.execute(select(_MESSAGE.c.seq, _MESSAGE.c.id, _MESSAGE.c.created_at)
                      .where(_MESSAGE.c.topic_id == topic_id, _MESSAGE.c.seq.in_(list(out)))).all()
    for seq, mid, created in heads:
        out[int(seq)].append(Alternative(None, created, int(mid)))
    for versions in out.values():
        versions.sort(key=lambda a: (a.first_created_at, a.branch_id is None, a.branch_id or 0))
    return out



def stashed_rows(s: Session, branch_id: int) -> list[dict[str, object]]:
    """The rows stash ``branch_id`` holds, in ``seq`` order (none when it is gone).
    Raises :class:`BranchCorrupt` for a stash that cannot be read."""
    branch = s.get(MessageBranch, branch_id)
    return decode_rows(branch.rows) if branch is not None else []


def insert_message(s: Session, topic_id: int, seq: int, **fields: object) -> int:
    """Add a message at position ``seq`` of ``topic_id`` (the tail from there must be
    stashed), with an id above every stashed one (issue 14), and touch the topic's
    ``updated_at``; the new id. Write session."""
    row = Message(id=next_message_id(s), topic_id=topic_id, seq=seq, **fields)
    s.add(row)
    topic = s.get(Topic, topic_id)
    if topic is not None:
        topic.updated_at = utcnow()
    s.flush()
    return row.id
