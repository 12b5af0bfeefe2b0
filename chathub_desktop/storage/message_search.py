"""SQL of Search everything (issue 14, issue 31): the messages holding every term (each at
a word start where ``core.search_text.starts_a_word``: an SQL function or a regular
expression checked after the index's candidates, polish52), on
SQLite through the FTS5 trigram index (``storage.search_schema``) and on PostgreSQL
through the ``pg_trgm`` GIN index; the SQLite indexer's batches; memory documents and a
message's place in its topic. ``services.search.search_service`` ranks what these return and
explains the strategy. Every function takes the caller's session.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Row, func, select, text
from sqlalchemy.orm import Session

from chathub_desktop.core.messages import Role
from chathub_desktop.core.request_assembly import NEVER_SENT_CONTENT_TYPES
from chathub_desktop.core.search_text import (
    TRIGRAM,
    caseless,
    holds_word,
    index_terms,
    like_pattern,
    regex_literal,
    scan_terms,
    starts_a_word,
    word_start_regex,
)
from chathub_desktop.storage.import_staging_rows import STAGED_PREFIX
from chathub_desktop.storage.models import (
    Assistant,
    DynamicMemoryDocument,
    FixedMemoryDocument,
    Message,
    Topic,
)
from chathub_desktop.storage.search_schema import (
    PG_TRGM_INDEX,
    SQLITE_FTS_STATE,
    SQLITE_FTS_TABLE,
    STREAMING,
    indexed_text,
)

__all__ = [
    "PG_WALK_ROWS", "PG_WINDOWS", "PG_WINDOW_MARGIN", "SEARCHED_ROLES", "MatchRow", "has_trgm_index",
    "index_batch", "index_lag", "memory_documents", "message_position", "postgres_matches", "register_functions",
    "sqlite_matches",
]

#: Roles whose messages are searched (tool output and system rows are not).
SEARCHED_ROLES = (Role.USER, Role.ASSISTANT)
#: Newest messages a PostgreSQL search first walks in id order, and the id windows
#: sized from what it found (:func:`_newest_matches`).
PG_WALK_ROWS = 1500
PG_WINDOW_MARGIN = 1.3
PG_WINDOWS = 3


@dataclass(frozen=True, slots=True)
class MatchRow:
    """One message holding every term: its ``id``, topic, role, time (aware UTC), text,
    its topic's ``title`` and the topic's assistant (``assistant_id``, ``name``);
    ``untitled``: nobody has titled the topic (issue 27: the window says its own words)."""

    id: int
    topic_id: int
    role: Role
    created_at: datetime
    content: str
    title: str
    assistant_id: int
    name: str
    untitled: bool = False


_COLUMNS = ("SELECT m.id, m.topic_id, m.role, m.created_at, m.content, t.title, "
            "t.assistant_id, a.name, t.untitled FROM ")
_JOINS = " JOIN topic t ON t.id = m.topic_id JOIN assistant a ON a.id = t.assistant_id "


def _matches(rows: list[Row[Any]]) -> list[MatchRow]:
    return [MatchRow(r.id, r.topic_id, Role(r.role), _utc(r.created_at), r.content, r.title, r.assistant_id, r.name,
                     bool(r.untitled)) for r in rows]


@dataclass(frozen=True, slots=True)
class SearchScope:
    """Which messages a search reads: only ``assistant_id``'s topics when set, never
    ``exclude_topic``, no private topic when ``skip_private`` (the recall tools,
    issue 26); only messages written at ``since`` (aware) or later, and only of
    ``role`` (``Role.USER`` or ``Role.ASSISTANT``), when set (the Search page's filters)."""

    assistant_id: int | None = None
    exclude_topic: int | None = None
    skip_private: bool = False
    since: datetime | None = None
    role: Role | None = None


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
    if scope.since is not None:  # text both engines compare right: SQLite's stored text, PostgreSQL's timestamptz
        sql += f" AND {alias}.created_at >= :since"
        params["since"] = scope.since.astimezone(UTC).strftime("%Y-%m-%d %H:%M:%S+00:00")
    if scope.role is not None:
        sql += f" AND {alias}.role = :only_role"
        params["only_role"] = scope.role.value
    return sql


def _likes(params: dict[str, object], terms: list[str], op: str, name: str = "like") -> str:
    sql = ""
    for i, term in enumerate(terms):
        sql += f" AND m.content {op} :{name}{i} ESCAPE '\\'"
        params[f"{name}{i}"] = like_pattern(term)
    return sql


def _word_starts(params: dict[str, object], terms: list[str], *, sqlite: bool) -> str:
    """One condition per term that must start a word (polish52): on SQLite the
    ``holds_word`` SQL function (:func:`register_functions`), on PostgreSQL a
    case-insensitive regular expression of the same rule (``word_start_regex``). They come
    after the index's and ``LIKE``'s conditions, which pick the candidates."""
    sql = ""
    for i, term in enumerate(terms):
        if sqlite and starts_a_word(term):
            sql += f" AND holds_word(m.content, :ws{i})"
            params[f"ws{i}"] = term
        elif not sqlite and (pattern := word_start_regex(term)) is not None:
            sql += f" AND m.content ~* :ws{i}"
            params[f"ws{i}"] = pattern
    return sql


def _holds_word(text: str | None, term: str) -> bool:
    return text is not None and holds_word(text, term)


def register_functions(dbapi_connection: Any) -> None:
    """Give an SQLite connection the ``holds_word(text, term)`` function search's
    word-start rule needs (``core.search_text.holds_word``; NULL text holds nothing)."""
    dbapi_connection.create_function("holds_word", 2, _holds_word, deterministic=True)


def sqlite_matches(s: Session, terms: list[str], scope: SearchScope, pool: int,
                   *, force_like: bool) -> tuple[list[MatchRow], str, int]:
    """The newest ``pool`` messages holding every term (fewer may come back; the
    unindexed tail is added on top), from the topics ``scope`` allows, and
    the mode that answered: ``fts`` (the index, plus a scan of the messages it has not
    reached) or ``like`` (a scan: ``force_like``, or no term of three characters). The
    third value is the index's lag in messages (0 for ``like``)."""
    params: dict[str, object] = {"pool": pool}
    indexed = [] if force_like else index_terms(terms)
    where = _filters(params, scope)
    starts = _word_starts(params, terms, sqlite=True)
    if not indexed:  # nothing the index can look up: the newest matches by a scan
        sql = (f"{_COLUMNS}message m{_JOINS}WHERE 1=1{_likes(params, terms, 'LIKE')}{starts}"
               f"{where} ORDER BY m.id DESC LIMIT :pool")
        return _matches(list(s.execute(text(sql), params))), "like", 0
    mark = _mark(s)
    params["mark"] = mark
    f = SQLITE_FTS_TABLE
    scanned = _likes(params, scan_terms(terms), "LIKE")
    via_index = ""
    for i, term in enumerate(indexed):
        via_index += f" AND {f}.content LIKE :fts{i}"
        params[f"fts{i}"] = f"%{term}%"
    # the indexed part: the index walks its matches newest first and stops at the pool
    rows = list(s.execute(text(
        f"{_COLUMNS}{f} JOIN message m ON m.id = {f}.rowid{_JOINS}"
        f"WHERE {f}.rowid <= :mark{via_index}{scanned}{starts}{where} ORDER BY {f}.rowid DESC LIMIT :pool"), params))
    # messages the indexer has not reached yet (normally the last few): a scan
    tail = list(s.execute(text(
        f"{_COLUMNS}message m{_JOINS}WHERE m.id > :mark"
        f"{_likes(params, terms, 'LIKE', 'tail')}{starts}{where} ORDER BY m.id DESC LIMIT :pool"), params))
    return _matches(tail + rows), "fts", _lag(s, mark)


def _mark(s: Session) -> int:
    return int(s.execute(text(f"SELECT indexed_through FROM {SQLITE_FTS_STATE} WHERE id = 1")).scalar() or 0)


def _lag(s: Session, mark: int) -> int:
    return int(s.execute(text("SELECT count(*) FROM message WHERE id > :m"), {"m": mark}).scalar() or 0)


def index_lag(s: Session) -> int:
    """Messages the SQLite index has not reached yet (SQLite only)."""
    return _lag(s, _mark(s))


def index_batch(s: Session, batch: int) -> int:
    """Index the next ``batch`` messages past the SQLite index's mark (streaming ones are
    left to the update trigger; of each, its first ``INDEXED_CHARS`` characters) and move
    the mark; returns the messages still unindexed. Call inside ``Database.write()``
    (SQLite only)."""
    mark = _mark(s)
    top = s.execute(text("SELECT max(id) FROM (SELECT id FROM message WHERE id > :m ORDER BY id LIMIT :n)"),
                    {"m": mark, "n": max(1, batch)}).scalar()
    if top is None:
        return 0
    s.execute(text(f"INSERT INTO {SQLITE_FTS_TABLE}(rowid, content) SELECT id, {indexed_text('message')} "
                   f"FROM message WHERE id > :m AND id <= :top AND status != '{STREAMING}'"), {"m": mark, "top": top})
    s.execute(text(f"UPDATE {SQLITE_FTS_STATE} SET indexed_through = :top WHERE id = 1"), {"top": top})
    return _lag(s, int(top))


def has_trgm_index(s: Session) -> bool:
    """Whether the PostgreSQL store has the ``pg_trgm`` index of migration 0006."""
    return bool(s.execute(text("SELECT 1 FROM pg_indexes WHERE indexname = :n"), {"n": PG_TRGM_INDEX}).first())


def postgres_matches(s: Session, terms: list[str], scope: SearchScope, pool: int,
                     *, indexed: bool) -> list[MatchRow]:
    """The newest ``pool`` messages holding every term, newest first,
    from the topics ``scope`` allows: through the trigram index when
    ``indexed`` (:func:`_newest_matches`), else by a plain scan."""
    params: dict[str, object] = {}
    where = _pg_terms(params, terms) + _word_starts(params, terms, sqlite=False) + _filters(params, scope)
    if not indexed:
        sql = f"{_COLUMNS}message m{_JOINS}WHERE TRUE{where} ORDER BY m.id DESC LIMIT :n"
        return _matches(list(s.execute(text(sql), {**params, "n": pool})))
    return _matches(_newest_matches(s, where, params, pool, any(len(t) >= TRIGRAM for t in terms)))


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


def _newest_matches(s: Session, where: str, params: dict[str, object], pool: int,
                    indexable: bool) -> list[Row[Any]]:
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
        return _window(s, where, params, 0, top, pool, walk=True)
    low = max(0, top - PG_WALK_ROWS)
    rows = _window(s, where, params, low, top, pool, walk=True)
    for step in range(PG_WINDOWS + 1):
        if len(rows) >= pool or low <= 0:
            break
        density = len(rows) / max(1, top - low)
        size = (pool - len(rows)) / density * PG_WINDOW_MARGIN if density and step < PG_WINDOWS else low
        below = max(0, low - max(1, int(size)))
        rows += _window(s, where, params, below, low, pool - len(rows), walk=False)
        low = below
    return rows


def _window(s: Session, where: str, params: dict[str, object], low: int, high: int, n: int,
            *, walk: bool) -> list[Row[Any]]:
    """At most ``n`` matches with ``low < id <= high``, newest first: by walking the
    id index (``walk``) or through the trigram index ANDed with the id range. The
    planner is told which (``SET LOCAL`` in a savepoint, always rolled back; a
    sequential scan is ruled out too, which a store not analyzed yet would pick)."""
    sql = (f"{_COLUMNS}message m{_JOINS}WHERE m.id > :low AND m.id <= :high{where} "
           "ORDER BY m.id DESC LIMIT :n")
    sp = s.begin_nested()
    try:
        s.execute(text(f"SELECT set_config('{'enable_bitmapscan' if walk else 'enable_indexscan'}', 'off', true), "
                       "set_config('enable_seqscan', 'off', true)"))  # SET LOCAL, one round trip
        return list(s.execute(text(sql), {**params, "low": low, "high": high, "n": n}))
    finally:
        sp.rollback()


def memory_documents(s: Session, assistant_id: int | None) -> list[tuple[int, str, str, str]]:
    """``(assistant id, name, fixed memory body, dynamic memory body)`` of every
    assistant by name (only ``assistant_id`` when given); ``""`` for a missing body."""
    q = s.query(Assistant.id, Assistant.name).order_by(Assistant.name)
    if assistant_id is not None:
        q = q.filter(Assistant.id == assistant_id)
    fixed = {a: b for a, b in s.query(FixedMemoryDocument.assistant_id, FixedMemoryDocument.body)}
    dream = {a: b for a, b in s.query(DynamicMemoryDocument.assistant_id, DynamicMemoryDocument.body)}
    return [(aid, name, fixed.get(aid, ""), dream.get(aid, "")) for aid, name in q]


def message_position(s: Session, message_id: int) -> tuple[int, int, int] | None:
    """``(topic id, assistant id, 0-based position in seq order)`` of ``message_id``,
    None when it is gone."""
    row = s.execute(select(Message.topic_id, Message.seq, Topic.assistant_id)
                    .join(Topic, Topic.id == Message.topic_id).where(Message.id == message_id)).first()
    if row is None:
        return None
    before = s.scalar(select(func.count()).select_from(Message)
                      .where(Message.topic_id == row.topic_id, Message.seq < row.seq)) or 0
    return int(row.topic_id), int(row.assistant_id), int(before)


def _utc(value: object) -> datetime:
    """A raw-SQL timestamp as an aware UTC datetime (SQLite hands back text)."""
    if isinstance(value, str):
        value = datetime.fromisoformat(value)
    assert isinstance(value, datetime)
    return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


#: The pieces of the message search that the search over stashed versions
#: (``storage.branch_text``, aliasing its table ``m``) shares, so both follow one rule.
search_filters = _filters
like_terms = _likes
pg_terms = _pg_terms
word_starts = _word_starts
match_rows_of = _matches
