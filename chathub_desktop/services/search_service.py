"""Search everything (issue 14): every topic's messages, and memory entries and dream
cards, from one query.

Messages: on SQLite the FTS5 trigram index of migration 0006 (``storage.search_schema``)
finds the messages holding the terms of three or more characters; terms of one or two
characters (short CJK words) are matched by ``LIKE`` on those — or, when the query has
no longer term, by a ``LIKE`` scan. The index is filled behind the writes by
:meth:`SearchService.catch_up`; messages it has not reached yet are scanned, so results
are always complete. On PostgreSQL every term is a condition the ``pg_trgm`` GIN index
serves (a case-insensitive regular expression of the literal term, or a plain ``LIKE``
for a term without case, such as CJK), asked in id windows from the newest message down
(``SearchService._newest_matches``: a short walk answers common terms, the index ANDed
with a window sized from it the rest); when the extension could not be created the same
query runs as a plain scan and :attr:`SearchResults.note` says so (logged once per process).

Ranking, the same on both engines: the newest :data:`RANKED_POOL` matches are scored
by ``core.search_text.rank_score`` (BM25's term-frequency and length parts) and the
best come back, ties newest first. FTS5's own ``bm25()`` is not used: it first counts
every match of every phrase in the whole index (~30 ms for a common word at 200,000
messages), while walking matches newest first stops after the pool (~1 ms). Streaming replies are not
found until they finish (they are indexed on completion). Hidden rows (reasoning) and
the staged rows of a running import are never found.

Calls run on the caller's thread: the GUI calls them through ``Database.run``.
"""

from __future__ import annotations

import logging
from dataclasses import asdict, dataclass, field
from datetime import datetime

from sqlalchemy import Row, text
from sqlalchemy.orm import Session

from chathub_desktop.core import fixed_memory as fm
from chathub_desktop.core.request_assembly import NEVER_SENT_CONTENT_TYPES
from chathub_desktop.core.search_text import (
    TRIGRAM,
    Snippet,
    caseless,
    holds_all,
    index_terms,
    like_pattern,
    query_terms,
    rank_score,
    regex_literal,
    scan_terms,
    snippet,
)
from chathub_desktop.services.dream_service import dynamic_entries
from chathub_desktop.services.import_staging import STAGED_PREFIX
from chathub_desktop.storage.database import Database
from chathub_desktop.storage.models import Assistant, DynamicMemoryDocument, FixedMemoryDocument
from chathub_desktop.storage.search_schema import (
    PG_TRGM_INDEX,
    SQLITE_FTS_STATE,
    SQLITE_FTS_TABLE,
    STREAMING,
)

log = logging.getLogger(__name__)

#: Results a search returns by default, and the most it ever returns.
DEFAULT_LIMIT = 50
MAX_LIMIT = 500
#: Roles whose messages are searched (tool output and system rows are not).
SEARCHED_ROLES = ("user", "assistant")
#: The newest this many matches are ranked (see the module docstring).
RANKED_POOL = 400
#: Messages :meth:`SearchService.catch_up` indexes per write transaction (~0.1–0.4 s).
CATCH_UP_BATCH = 1000
#: A search says the index is still being built when more messages than this wait.
LAG_NOTE_ROWS = 20_000
#: Newest messages a PostgreSQL search first walks in id order, and the id windows
#: sized from what it found (``SearchService._newest_matches``).
PG_WALK_ROWS = 1500
PG_WINDOW_MARGIN = 1.3
PG_WINDOWS = 3
#: What a PostgreSQL store without ``pg_trgm`` says once.
NO_TRGM_NOTE = ("the pg_trgm extension is not installed in this database, so search scans every "
                "message (slower); an administrator can run CREATE EXTENSION pg_trgm")


@dataclass(frozen=True, slots=True)
class SearchHit:
    """One matched message: where it is (assistant, topic, message id), its role and
    time (UTC), the snippet with the matches' character spans, and its ``rank``
    (``core.search_text.rank_score``: higher is better)."""

    message_id: int
    topic_id: int
    topic_title: str
    assistant_id: int
    assistant_name: str
    role: str
    created_at: datetime
    snippet: Snippet
    rank: float

    def to_json(self) -> dict[str, object]:
        """JSON-ready dict (ISO 8601 UTC time; ``spans`` as ``[start, end]`` pairs)."""
        return {
            "message_id": self.message_id, "topic_id": self.topic_id, "topic_title": self.topic_title,
            "assistant_id": self.assistant_id, "assistant": self.assistant_name, "role": self.role,
            "created_at": self.created_at.isoformat(), "snippet": self.snippet.text,
            "spans": [list(s) for s in self.snippet.spans], "rank": self.rank,
        }


@dataclass(frozen=True, slots=True)
class MemoryHit:
    """One matched memory entry (``kind`` ``"memory"``) or dream card (``"dream"``) of an
    assistant, by its number (1-based) in that document, with its snippet."""

    assistant_id: int
    assistant_name: str
    kind: str
    number: int
    snippet: Snippet

    def to_json(self) -> dict[str, object]:
        """JSON-ready dict."""
        d = asdict(self)
        d["snippet"] = self.snippet.text
        d["spans"] = [list(s) for s in self.snippet.spans]
        return d


@dataclass(frozen=True, slots=True)
class SearchResults:
    """Hits best first, the ``mode`` that answered (SQLite: ``fts`` — the index — or
    ``like``; PostgreSQL: ``trgm`` — the index — or ``scan``) and a one-line ``note``
    for the user, if any."""

    query: str
    hits: list[SearchHit] = field(default_factory=list)
    mode: str = "none"
    note: str | None = None

    def to_json(self) -> dict[str, object]:
        """JSON-ready dict."""
        return {"query": self.query, "mode": self.mode, "note": self.note,
                "hits": [h.to_json() for h in self.hits]}


@dataclass(frozen=True, slots=True)
class SearchScope:
    """Which topics a message search reads: only ``assistant_id``'s when set, never
    ``exclude_topic``, and no private topic when ``skip_private`` (the recall tools,
    issue 26)."""

    assistant_id: int | None = None
    exclude_topic: int | None = None
    skip_private: bool = False


def _clamp(limit: int) -> int:
    return max(1, min(int(limit), MAX_LIMIT))


class SearchService:
    """Searches messages (:meth:`search`) and memory (:meth:`search_memory`)."""

    def __init__(self, db: Database) -> None:
        self._db = db
        self._pg_index: bool | None = None

    def search(self, query: str, *, assistant_id: int | None = None, limit: int = DEFAULT_LIMIT,
               mode: str | None = None, scope: SearchScope | None = None) -> SearchResults:
        """Messages holding every term of ``query`` (``core.search_text.query_terms``),
        best first, at most ``limit`` (1..:data:`MAX_LIMIT`); only ``assistant_id``'s
        topics when given, only the topics ``scope`` allows when given (it wins over
        ``assistant_id``). ``mode="like"`` forces the plain scan on SQLite (the
        benchmark's baseline). A blank query finds nothing."""
        scope = scope or SearchScope(assistant_id)
        terms = query_terms(query)
        if not terms:
            return SearchResults(query)
        limit = _clamp(limit)
        with self._db.read() as s:
            if self._db.is_sqlite:
                rows, used, note = self._sqlite(s, terms, scope, limit, force_like=mode == "like")
            else:
                rows, used, note = self._postgres(s, terms, scope, limit)
        average = sum(len(r.content) for r in rows) / len(rows) if rows else 1.0
        scored = sorted(((rank_score(r.content, terms, average), r) for r in rows),
                        key=lambda sr: (-sr[0], -sr[1].id))[:limit]
        hits = [
            SearchHit(r.id, r.topic_id, r.title, r.assistant_id, r.name, r.role, _utc(r.created_at),
                      snippet(r.content, terms), score)
            for score, r in scored
        ]
        return SearchResults(query, hits, used, note)

    @staticmethod
    def _filters(params: dict[str, object], scope: SearchScope, alias: str = "m") -> str:
        hidden = ", ".join(f"'{c}'" for c in sorted(NEVER_SENT_CONTENT_TYPES))
        roles = ", ".join(f"'{r}'" for r in SEARCHED_ROLES)
        sql = (f" AND {alias}.role IN ({roles}) AND {alias}.content_type NOT IN ({hidden})"
               f" AND {alias}.status != '{STREAMING}'"
               " AND (t.source IS NULL OR substr(t.source, 1, :staged_len) != :staged)")
        params["staged"] = STAGED_PREFIX
        params["staged_len"] = len(STAGED_PREFIX)
        if scope.assistant_id is not None:
            sql += " AND +t.assistant_id = :aid"  # unary +: the planner walks the index, not the topics
            params["aid"] = scope.assistant_id
        if scope.exclude_topic is not None:
            sql += " AND t.id != :not_topic"
            params["not_topic"] = scope.exclude_topic
        if scope.skip_private:
            sql += " AND t.private = :public"
            params["public"] = False
        return sql

    _COLUMNS = ("SELECT m.id, m.topic_id, m.role, m.created_at, m.content, t.title, "
                "t.assistant_id, a.name FROM ")
    _JOINS = " JOIN topic t ON t.id = m.topic_id JOIN assistant a ON a.id = t.assistant_id "

    def _sqlite(self, s: Session, terms: list[str], scope: SearchScope, limit: int,
                *, force_like: bool) -> tuple[list[Row[tuple[object, ...]]], str, str | None]:
        params: dict[str, object] = {"pool": max(limit, RANKED_POOL)}
        indexed = [] if force_like else index_terms(terms)
        where = self._filters(params, scope)
        if not indexed:  # nothing the index can look up: the newest matches by a scan
            sql = (f"{self._COLUMNS}message m{self._JOINS}WHERE 1=1{self._likes(params, terms, 'LIKE')}"
                   f"{where} ORDER BY m.id DESC LIMIT :pool")
            return list(s.execute(text(sql), params)), "like", None
        mark = self._mark(s)
        params["mark"] = mark
        f = SQLITE_FTS_TABLE
        scanned = self._likes(params, scan_terms(terms), "LIKE")
        via_index = ""
        for i, term in enumerate(indexed):
            via_index += f" AND {f}.content LIKE :fts{i}"
            params[f"fts{i}"] = f"%{term}%"
        # the indexed part: the index walks its matches newest first and stops at the pool
        rows = list(s.execute(text(
            f"{self._COLUMNS}{f} JOIN message m ON m.id = {f}.rowid{self._JOINS}"
            f"WHERE {f}.rowid <= :mark{via_index}{scanned}{where} ORDER BY {f}.rowid DESC LIMIT :pool"), params))
        # messages the indexer has not reached yet (normally the last few): a scan
        tail = list(s.execute(text(
            f"{self._COLUMNS}message m{self._JOINS}WHERE m.id > :mark"
            f"{self._likes(params, terms, 'LIKE', 'tail')}{where} ORDER BY m.id DESC LIMIT :pool"), params))
        note = None
        lag = self._lag(s, mark)
        if lag > LAG_NOTE_ROWS:
            note = f"the search index is still being built ({lag:,} messages to go): results are complete but slower"
        return tail + rows, "fts", note

    @staticmethod
    def _mark(s: Session) -> int:
        return int(s.execute(text(f"SELECT indexed_through FROM {SQLITE_FTS_STATE} WHERE id = 1")).scalar() or 0)

    @staticmethod
    def _lag(s: Session, mark: int) -> int:
        return int(s.execute(text("SELECT count(*) FROM message WHERE id > :m"), {"m": mark}).scalar() or 0)

    def index_lag(self) -> int:
        """Messages the SQLite index has not reached yet (0 on PostgreSQL, whose trigram
        index PostgreSQL keeps itself)."""
        if not self._db.is_sqlite:
            return 0
        with self._db.read() as s:
            return self._lag(s, self._mark(s))

    def catch_up(self, batch: int = CATCH_UP_BATCH) -> int:
        """Index the next ``batch`` messages past the mark in one write transaction
        (streaming ones are left to the update trigger, which indexes them when they
        finish); returns how many messages are still unindexed. Blocking — the GUI runs
        it on the store's workers, one batch at a time, so the write lock is never held
        for long. A no-op (0) on PostgreSQL."""
        if not self._db.is_sqlite:
            return 0
        with self._db.write() as s:
            mark = self._mark(s)
            top = s.execute(text("SELECT max(id) FROM (SELECT id FROM message WHERE id > :m ORDER BY id LIMIT :n)"),
                            {"m": mark, "n": max(1, batch)}).scalar()
            if top is None:
                return 0
            s.execute(text(f"INSERT INTO {SQLITE_FTS_TABLE}(rowid, content) SELECT id, content FROM message "
                           f"WHERE id > :m AND id <= :top AND status != '{STREAMING}'"), {"m": mark, "top": top})
            s.execute(text(f"UPDATE {SQLITE_FTS_STATE} SET indexed_through = :top WHERE id = 1"), {"top": top})
            return self._lag(s, int(top))

    @staticmethod
    def _likes(params: dict[str, object], terms: list[str], op: str, name: str = "like") -> str:
        sql = ""
        for i, term in enumerate(terms):
            sql += f" AND m.content {op} :{name}{i} ESCAPE '\\'"
            params[f"{name}{i}"] = like_pattern(term)
        return sql

    def _has_trgm_index(self, s: Session) -> bool:
        if self._pg_index is None:
            self._pg_index = bool(s.execute(
                text("SELECT 1 FROM pg_indexes WHERE indexname = :n"), {"n": PG_TRGM_INDEX}).first())
            if not self._pg_index:
                log.warning("search: %s", NO_TRGM_NOTE)
        return self._pg_index

    def _postgres(self, s: Session, terms: list[str], scope: SearchScope,
                  limit: int) -> tuple[list[Row[tuple[object, ...]]], str, str | None]:
        pool = max(limit, RANKED_POOL)
        params: dict[str, object] = {}
        where = self._pg_terms(params, terms) + self._filters(params, scope)
        if not self._has_trgm_index(s):
            sql = f"{self._COLUMNS}message m{self._JOINS}WHERE TRUE{where} ORDER BY m.id DESC LIMIT :n"
            return list(s.execute(text(sql), {**params, "n": pool})), "scan", NO_TRGM_NOTE
        return self._newest_matches(s, where, params, pool, any(len(t) >= TRIGRAM for t in terms)), "trgm", None

    @staticmethod
    def _pg_terms(params: dict[str, object], terms: list[str]) -> str:
        """One condition per term, each one the trigram index serves: a plain ``LIKE``
        for a term without case (CJK, digits), else a case-insensitive regular
        expression of the literal term (``~*``: about twice as fast per row as
        ``ILIKE``, which lower-cases every text it checks)."""
        sql = ""
        for i, term in enumerate(terms):
            if caseless(term):
                sql += f" AND m.content LIKE :pg{i} ESCAPE '\\'"
                params[f"pg{i}"] = like_pattern(term)
            else:
                sql += f" AND m.content ~* :pg{i}"
                params[f"pg{i}"] = regex_literal(term)
        return sql

    def _newest_matches(self, s: Session, where: str, params: dict[str, object], pool: int,
                        indexable: bool) -> list[Row[tuple[object, ...]]]:
        """The newest ``pool`` matches, newest first, in id windows walked down from the
        newest message:

        1. the newest :data:`PG_WALK_ROWS` messages in id order (cheap, and enough when
           the terms are common: the trigram index would hand back most of the table);
        2. the trigram index ANDed with an id window below, sized from the density of
           the matches seen so far for the ones still missing (× :data:`PG_WINDOW_MARGIN`),
           so the index's candidates are rechecked only in that window and not over the
           whole table before the newest are picked (which cost 100+ ms for two common
           words at 200,000 messages); repeated, at most :data:`PG_WINDOWS` times, then
           everything older.

        Without a term of three or more characters the index cannot help: the walk goes
        on to the oldest message."""
        top = int(s.execute(text("SELECT coalesce(max(id), 0) FROM message")).scalar() or 0)
        if not indexable:
            return self._window(s, where, params, 0, top, pool, walk=True)
        low = max(0, top - PG_WALK_ROWS)
        rows = self._window(s, where, params, low, top, pool, walk=True)
        for step in range(PG_WINDOWS + 1):
            if len(rows) >= pool or low <= 0:
                break
            density = len(rows) / max(1, top - low)
            size = (pool - len(rows)) / density * PG_WINDOW_MARGIN if density and step < PG_WINDOWS else low
            below = max(0, low - max(1, int(size)))
            rows += self._window(s, where, params, below, low, pool - len(rows), walk=False)
            low = below
        return rows

    def _window(self, s: Session, where: str, params: dict[str, object], low: int, high: int, n: int,
                *, walk: bool) -> list[Row[tuple[object, ...]]]:
        """At most ``n`` matches with ``low < id <= high``, newest first: by walking the
        id index (``walk``) or through the trigram index ANDed with the id range. The
        planner is told which (``SET LOCAL`` in a savepoint, always rolled back; a
        sequential scan is ruled out too, which a store not analyzed yet would pick)."""
        sql = (f"{self._COLUMNS}message m{self._JOINS}WHERE m.id > :low AND m.id <= :high{where} "
               "ORDER BY m.id DESC LIMIT :n")
        sp = s.begin_nested()
        try:
            s.execute(text(f"SELECT set_config('{'enable_bitmapscan' if walk else 'enable_indexscan'}', 'off', true), "
                           "set_config('enable_seqscan', 'off', true)"))  # SET LOCAL, one round trip
            return list(s.execute(text(sql), {**params, "low": low, "high": high, "n": n}))
        finally:
            sp.rollback()

    def search_memory(self, query: str, *, assistant_id: int | None = None,
                      limit: int = DEFAULT_LIMIT) -> list[MemoryHit]:
        """Fixed-memory entries and dream cards holding every term of ``query``
        (case-insensitive), assistant by assistant, memory before dream cards, in
        document order; at most ``limit``."""
        terms = query_terms(query)
        if not terms:
            return []
        limit = _clamp(limit)
        hits: list[MemoryHit] = []
        with self._db.read() as s:
            q = s.query(Assistant.id, Assistant.name).order_by(Assistant.name)
            if assistant_id is not None:
                q = q.filter(Assistant.id == assistant_id)
            fixed = {a: b for a, b in s.query(FixedMemoryDocument.assistant_id, FixedMemoryDocument.body)}
            dream = {a: b for a, b in s.query(DynamicMemoryDocument.assistant_id, DynamicMemoryDocument.body)}
            for aid, name in q:
                for kind, entries in (("memory", fm.entries(fixed.get(aid, ""))),
                                      ("dream", dynamic_entries(dream.get(aid, "")))):
                    for e in entries:
                        if holds_all(e.text, terms):
                            hits.append(MemoryHit(aid, name, kind, e.number, snippet(e.text, terms)))
                            if len(hits) >= limit:
                                return hits
        return hits


@dataclass(frozen=True, slots=True)
class MessageLocation:
    """Where a message is: its topic, that topic's assistant, and its position
    (0-based, in ``seq`` order) among the topic's messages."""

    message_id: int
    topic_id: int
    assistant_id: int
    position: int


def locate(db: Database, message_id: int) -> MessageLocation:
    """Where ``message_id`` is (for opening a search result). Raises
    ``services.errors.NotFound`` when it is gone."""
    from sqlalchemy import func, select

    from chathub_desktop.services.errors import NotFound
    from chathub_desktop.storage.models import Message, Topic

    with db.read() as s:
        row = s.execute(select(Message.topic_id, Message.seq, Topic.assistant_id)
                        .join(Topic, Topic.id == Message.topic_id).where(Message.id == message_id)).first()
        if row is None:
            raise NotFound(f"no message {message_id} (it was deleted)")
        before = s.scalar(select(func.count()).select_from(Message)
                          .where(Message.topic_id == row.topic_id, Message.seq < row.seq)) or 0
        return MessageLocation(message_id, row.topic_id, row.assistant_id, int(before))


def _utc(value: object) -> datetime:
    """A raw-SQL timestamp as an aware UTC datetime (SQLite hands back text)."""
    from datetime import UTC

    if isinstance(value, str):
        value = datetime.fromisoformat(value)
    assert isinstance(value, datetime)
    return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)
