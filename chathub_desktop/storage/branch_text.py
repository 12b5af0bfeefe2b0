"""Search over the versions not in view (issue 29/30: text one ‹ › click away gave "No
results"). A stashed tail's rows are compressed in ``message_branch.rows``; the text of
its user and assistant rows (the first :data:`~storage.search_schema.INDEXED_CHARS`
characters, like the message index) is kept in ``message_branch_text``
(:class:`~storage.models.MessageBranchText`), written by :func:`record_branch` in the
stash's own transaction and deleted with its branch (``ON DELETE CASCADE``: a restored
version, a deleted topic leave no row).

SQLite: ``message_fts_branch``, an FTS5 trigram table (``detail=none``) over external
content ``message_branch_text``, kept exact by an insert and a delete trigger (a cascade
fires them too); stashes are written one at a time, so no indexer walks behind them.
PostgreSQL: a GIN trigram index on its ``content`` when ``pg_trgm`` is there (else a scan).
Migration 0032 creates both and fills them from the stashes already stored
(:func:`backfill`). Every function takes the caller's session.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import cast

from sqlalchemy import Table, insert, select, text
from sqlalchemy.orm import Session

from chathub_desktop.core.request_assembly import NEVER_SENT_CONTENT_TYPES
from chathub_desktop.core.search_text import index_terms, scan_terms
from chathub_desktop.storage import message_search as ms
from chathub_desktop.storage.message_branches import BranchCorrupt, alternatives, decode_rows
from chathub_desktop.storage.models import Message, MessageBranch, MessageBranchText, Topic
from chathub_desktop.storage.search_schema import INDEXED_CHARS, PG_BRANCH_TRGM_INDEX, STREAMING

__all__ = [
    "BRANCH_FTS_TABLE", "BRANCH_TRGM_INDEX", "VersionPlace", "backfill", "branch_matches", "drop_ddl",
    "record_branch", "search_ddl", "version_numbers", "version_place",
]

log = logging.getLogger(__name__)

_TEXT = cast(Table, MessageBranchText.__table__)
#: The SQLite FTS5 table (its name starts with ``message_fts``: schema checks skip it).
BRANCH_FTS_TABLE = "message_fts_branch"
#: The PostgreSQL GIN trigram index on ``message_branch_text.content``.
BRANCH_TRGM_INDEX = PG_BRANCH_TRGM_INDEX
_TRIGGERS = ("message_fts_branch_ai", "message_fts_branch_ad")


def search_ddl(dialect: str) -> list[str]:
    """The statements that make the branch text searchable on ``dialect`` (``sqlite``:
    the FTS5 table and its triggers; ``postgresql``: the trigram index, which needs
    ``pg_trgm``; the caller runs it in a savepoint)."""
    if dialect == "postgresql":
        return [f"CREATE INDEX IF NOT EXISTS {BRANCH_TRGM_INDEX} ON message_branch_text "
                "USING gin (content gin_trgm_ops)"]
    f = BRANCH_FTS_TABLE
    return [
        f"CREATE VIRTUAL TABLE {f} USING fts5(content, content='message_branch_text', content_rowid='id', "
        "tokenize='trigram', detail=none)",
        f"CREATE TRIGGER {_TRIGGERS[0]} AFTER INSERT ON message_branch_text BEGIN "
        f"INSERT INTO {f}(rowid, content) VALUES (new.id, new.content); END",
        f"CREATE TRIGGER {_TRIGGERS[1]} AFTER DELETE ON message_branch_text BEGIN "
        f"INSERT INTO {f}({f}, rowid, content) VALUES ('delete', old.id, old.content); END",
    ]


def drop_ddl(dialect: str) -> list[str]:
    """The statements that undo :func:`search_ddl`."""
    if dialect == "postgresql":
        return [f"DROP INDEX IF EXISTS {BRANCH_TRGM_INDEX}"]
    return [*(f"DROP TRIGGER IF EXISTS {t}" for t in _TRIGGERS), f"DROP TABLE IF EXISTS {BRANCH_FTS_TABLE}"]


def _searchable(row: dict[str, object]) -> bool:
    """A shown text row with the fields an index row needs (a stash read back may be
    anyone's bytes: a row missing one is left out)."""
    return (row.get("role") in ms.SEARCHED_ROLES and row.get("content_type") not in NEVER_SENT_CONTENT_TYPES
            and isinstance(row.get("status"), str) and row.get("status") != STREAMING
            and isinstance(row.get("content"), str) and bool(row.get("content"))
            and all(type(row.get(k)) is int for k in ("id", "seq")) and isinstance(row.get("created_at"), datetime))


def record_branch(s: Session, branch_id: int, topic_id: int, rows: Sequence[dict[str, object]]) -> int:
    """Write the searchable text of stash ``branch_id`` (``rows``: its message rows as
    :func:`~storage.message_branches.tail_rows` or ``decode_rows`` give them): one row per
    user or assistant text message that is not streaming, its first ``INDEXED_CHARS``
    characters. Returns how many were written. Write session."""
    out = [{"branch_id": branch_id, "topic_id": topic_id, "message_id": int(str(r["id"])), "seq": int(str(r["seq"])),
            "role": str(r["role"]), "content_type": str(r["content_type"]), "status": str(r["status"]),
            "created_at": r["created_at"], "content": str(r["content"])[:INDEXED_CHARS]}
           for r in rows if _searchable(r)]
    if out:
        s.execute(insert(_TEXT), out)
    return len(out)


def backfill(s: Session) -> tuple[int, int]:
    """Record every stash that has no text rows yet (migration 0032), one at a time;
    a stash that cannot be read (damaged, or above ``MAX_STASH_BYTES``) writes nothing
    and is logged. Returns ``(stashes recorded, stashes refused)``. Write session."""
    done = refused = 0
    have = select(_TEXT.c.branch_id)
    for bid, tid in s.execute(select(MessageBranch.id, MessageBranch.topic_id)
                              .where(MessageBranch.id.not_in(have)).order_by(MessageBranch.id)).all():
        blob = s.scalar(select(MessageBranch.rows).where(MessageBranch.id == bid))
        try:
            rows = decode_rows(blob or b"")
        except (BranchCorrupt, ValueError) as exc:  # ValueError: a damaged date or number in a row
            log.warning("search: stashed branch %s not indexed (%s)", bid, exc)
            refused += 1
            continue
        record_branch(s, int(bid), int(tid), rows)
        done += 1
    return done, refused


_COLUMNS = ("SELECT m.message_id AS id, m.topic_id, m.role, m.created_at, m.content, t.title, "
            "t.assistant_id, a.name, t.untitled FROM ")
_JOINS = " JOIN topic t ON t.id = m.topic_id JOIN assistant a ON a.id = t.assistant_id "


def branch_matches(s: Session, terms: list[str], scope: ms.SearchScope, pool: int) -> list[ms.MatchRow]:
    """The newest ``pool`` stashed messages (newest stash row first) of the topics
    ``scope`` allows holding every term: on SQLite through ``message_fts_branch`` when a
    term has three characters (else a scan), on PostgreSQL by the conditions the trigram
    index serves (a scan without the extension)."""
    params: dict[str, object] = {"pool": pool}
    where = ms.search_filters(params, scope)
    order = " ORDER BY m.id DESC LIMIT :pool"
    if s.get_bind().dialect.name != "sqlite":
        sql = (f"{_COLUMNS}message_branch_text m{_JOINS}WHERE TRUE{ms.pg_terms(params, terms)}"
               f"{ms.word_starts(params, terms, sqlite=False)}{where}")
    else:
        starts = ms.word_starts(params, terms, sqlite=True)  # the word-start rule (polish52)
        indexed = index_terms(terms)
        if indexed:
            f = BRANCH_FTS_TABLE
            via = "".join(f" AND {f}.content LIKE :fts{i}" for i in range(len(indexed)))
            params.update({f"fts{i}": f"%{t}%" for i, t in enumerate(indexed)})
            sql = (f"{_COLUMNS}{f} JOIN message_branch_text m ON m.id = {f}.rowid{_JOINS}"
                   f"WHERE 1=1{via}{ms.like_terms(params, scan_terms(terms), 'LIKE')}{starts}{where}")
            order = f" ORDER BY {f}.rowid DESC LIMIT :pool"  # the index walks its matches newest first
        else:
            sql = (f"{_COLUMNS}message_branch_text m{_JOINS}WHERE 1=1{ms.like_terms(params, terms, 'LIKE')}"
                   f"{starts}{where}")
    return ms.match_rows_of(list(s.execute(text(sql + order), params)))


@dataclass(frozen=True, slots=True)
class VersionPlace:
    """Where a stashed message is: its topic and the topic's assistant, the fork
    position ``seq``, and which version it is there (``index`` of ``total``, from 1) when
    the version switcher in view reaches it; ``index`` 0 when it hangs off another
    stashed version (that version must be shown first). ``shown_id``: the message in
    view whose switcher leads towards it (at the fork position of the outermost stash
    holding it, or the last one before), None in an empty view."""

    message_id: int
    topic_id: int
    assistant_id: int
    seq: int
    index: int
    total: int
    shown_id: int | None = None


#: Most stashes walked up from a nested one to the one hanging off the view.
_MAX_DEPTH = 1000


def version_place(s: Session, message_id: int) -> VersionPlace | None:
    """The :class:`VersionPlace` of stashed message ``message_id`` (None: no stash
    holds it, e.g. it is in view now or its version was deleted)."""
    row = s.execute(select(_TEXT.c.branch_id, _TEXT.c.topic_id, MessageBranch.fork_seq, MessageBranch.parent_id,
                           Topic.assistant_id)
                    .join(MessageBranch, MessageBranch.id == _TEXT.c.branch_id)
                    .join(Topic, Topic.id == _TEXT.c.topic_id)
                    .where(_TEXT.c.message_id == message_id).order_by(_TEXT.c.id.desc()).limit(1)).first()
    if row is None:
        return None
    topic_id, seq, outer_seq, parent = int(row.topic_id), int(row.fork_seq), int(row.fork_seq), row.parent_id
    for _ in range(_MAX_DEPTH):
        if parent is None:
            break
        up = s.execute(select(MessageBranch.fork_seq, MessageBranch.parent_id).where(MessageBranch.id == parent)).first()
        if up is None:
            break
        outer_seq, parent = int(up.fork_seq), up.parent_id
    shown = s.scalar(select(Message.id).where(Message.topic_id == topic_id, Message.seq <= outer_seq)
                     .order_by(Message.seq.desc()).limit(1))
    index = total = 0
    if row.parent_id is None:
        versions = alternatives(s, topic_id).get(seq, [])
        index = next((i for i, a in enumerate(versions, 1) if a.branch_id == row.branch_id), 0)
        total = len(versions) if index else 0
    return VersionPlace(message_id, topic_id, int(row.assistant_id), seq, index, total,
                        None if shown is None else int(shown))


def version_numbers(s: Session, message_ids: list[int]) -> dict[int, tuple[int, int]]:
    """Stashed message id → ``(index, total)`` as :func:`version_place` gives them, for
    many hits in three queries (a search tags up to 500: one :func:`version_place` each
    cost ~1 ms a hit). Ids no stash holds are left out."""
    if not message_ids:
        return {}
    rows = s.execute(select(_TEXT.c.message_id, _TEXT.c.branch_id, _TEXT.c.topic_id, MessageBranch.fork_seq,
                            MessageBranch.parent_id)
                     .join(MessageBranch, MessageBranch.id == _TEXT.c.branch_id)
                     .where(_TEXT.c.message_id.in_(message_ids))).all()
    forks = {(int(r.topic_id), int(r.fork_seq)) for r in rows if r.parent_id is None}
    topics, seqs = sorted({t for t, _q in forks}), sorted({q for _t, q in forks})
    versions: dict[tuple[int, int], list[tuple[datetime, bool, int]]] = {f: [] for f in forks}
    if forks:
        for bid, tid, seq, first in s.execute(
                select(MessageBranch.id, MessageBranch.topic_id, MessageBranch.fork_seq, MessageBranch.first_created_at)
                .where(MessageBranch.topic_id.in_(topics), MessageBranch.fork_seq.in_(seqs),
                       MessageBranch.parent_id.is_(None))):
            if (tid, seq) in versions:
                versions[(tid, seq)].append((first, False, int(bid)))
        for tid, seq, created in s.execute(select(Message.topic_id, Message.seq, Message.created_at)
                                           .where(Message.topic_id.in_(topics), Message.seq.in_(seqs))):
            if (tid, seq) in versions:
                versions[(tid, seq)].append((created, True, 0))  # the tail in view, ordered as alternatives()
    out: dict[int, tuple[int, int]] = {}
    for r in rows:
        if r.parent_id is not None:
            out[int(r.message_id)] = (0, 0)
            continue
        order = sorted(versions[(int(r.topic_id), int(r.fork_seq))])
        index = next((i for i, (_at, in_view, bid) in enumerate(order, 1) if not in_view and bid == r.branch_id), 0)
        out[int(r.message_id)] = (index, len(order) if index else 0)
    return out
