"""Names and DDL of the message search index (issue 14), shared by the migration that
builds it, the search service that fills and queries it, and the schema checks that
must ignore it (FTS5 tables and trigram indexes have no SQLAlchemy form).

SQLite: ``message_fts`` is an FTS5 table with the trigram tokenizer over external
content ``message`` (no second copy of the text; ``detail=none``: about a quarter of the
index a ``detail=full`` one needs and 1.6× faster to build, while FTS5 still checks a
``LIKE`` against the text, so matches are exact). It is filled **behind the writes**:
``message_fts_state.indexed_through`` is the highest message id the indexer
(``SearchService.catch_up``) has walked past, in small write transactions off the
GUI thread. Rows above it are found by a plain ``LIKE`` on the few newest messages, so
search is always complete, while appends and imports pay nothing for the index (an
indexing trigger would make a ChatGPT import about four times slower and hold the write
lock ten times longer). Triggers keep the walked part exact: a row at or below the mark
is (re)indexed when its text or streaming-ness changes and dropped when it is deleted;
an insert at or below the mark (SQLite may reuse the highest id after a delete) is
indexed at once. Which rows are indexed: every walked message whose ``status`` is not
``streaming`` (the ``delete`` command of an external-content table must be given the
values that were indexed, which is why the rule depends on the row alone). Only the
first :data:`INDEXED_CHARS` characters of a message are indexed (huge51; migration 0031):
a word past them is found while its message is above the mark or by its own trigrams
in that start, not through the index.
"""

from __future__ import annotations

#: The FTS5 table on SQLite (external content: the ``message`` table, rowid = message id).
SQLITE_FTS_TABLE = "message_fts"
#: One row (``id`` 1): ``indexed_through``, the highest message id walked by the indexer.
SQLITE_FTS_STATE = "message_fts_state"
#: The GIN trigram index on PostgreSQL.
PG_TRGM_INDEX = "ix_message_content_trgm"
#: The GIN trigram index over the stashed versions' text (``storage.branch_text``, migration 0032).
PG_BRANCH_TRGM_INDEX = "ix_message_branch_text_trgm"
#: A message with this status is not indexed yet (its text still changes).
STREAMING = "streaming"

#: Characters of a message the SQLite index holds, from its start (huge51): trigram-indexing
#: a 16 MB reply cut at the reply limit held the indexer's write transaction 2.2 s and
#: took 18 MB more memory; its first 1,000,000 characters take 0.13 s and 2 MB (words of
#: text, SQLite 3.40, one core). What the window shows of a message is its first 100,000
#: characters, so every word a search result can point at on screen is indexed.
INDEXED_CHARS = 1_000_000
#: Names of the triggers that keep the index up to date.
SQLITE_TRIGGERS = ("message_fts_ai", "message_fts_ad", "message_fts_au")

_MARK = f"(SELECT indexed_through FROM {SQLITE_FTS_STATE} WHERE id = 1)"


def indexed_text(row: str, chars: int | None = INDEXED_CHARS) -> str:
    """The SQL expression of what the index holds of ``row``'s text (``row``: ``new``,
    ``old`` or a table alias): its first ``chars`` characters, all of it for ``None``."""
    return f"{row}.content" if chars is None else f"substr({row}.content, 1, {chars})"


def sqlite_search_ddl() -> list[str]:
    """Statements that create the FTS5 table, its state row (nothing walked yet) and
    the triggers (run once, by migration 0006; the indexer then fills the index)."""
    return [
        f"CREATE VIRTUAL TABLE {SQLITE_FTS_TABLE} USING fts5(content, content='message', content_rowid='id', "
        "tokenize='trigram', detail=none)",
        f"CREATE TABLE {SQLITE_FTS_STATE} (id INTEGER PRIMARY KEY CHECK (id = 1), "
        "indexed_through INTEGER NOT NULL)",
        f"INSERT INTO {SQLITE_FTS_STATE} (id, indexed_through) VALUES (1, 0)",
        *sqlite_trigger_ddl(),
    ]


def sqlite_trigger_ddl(chars: int | None = INDEXED_CHARS) -> list[str]:
    """The statements that create the index's triggers, indexing each row's first
    ``chars`` characters (``None``: its whole text, as before migration 0031)."""
    t, s, mark = SQLITE_FTS_TABLE, STREAMING, _MARK
    new, old = indexed_text("new", chars), indexed_text("old", chars)
    return [
        f"CREATE TRIGGER message_fts_ai AFTER INSERT ON message "
        f"WHEN new.status != '{s}' AND new.id <= {mark} BEGIN "
        f"INSERT INTO {t}(rowid, content) VALUES (new.id, {new}); END",
        f"CREATE TRIGGER message_fts_ad AFTER DELETE ON message "
        f"WHEN old.status != '{s}' AND old.id <= {mark} BEGIN "
        f"INSERT INTO {t}({t}, rowid, content) VALUES ('delete', old.id, {old}); END",
        # Only a change of the text or of streaming-ness touches the index: checkpoints of
        # a streaming reply (old and new both streaming) and bookkeeping updates (token
        # counts, usage) cost nothing.
        f"CREATE TRIGGER message_fts_au AFTER UPDATE OF content, status ON message "
        f"WHEN old.id <= {mark} AND (old.status != '{s}' OR new.status != '{s}') AND "
        f"(old.content IS NOT new.content OR (old.status = '{s}') != (new.status = '{s}')) BEGIN "
        f"INSERT INTO {t}({t}, rowid, content) SELECT 'delete', old.id, {old} "
        f"WHERE old.status != '{s}'; "
        f"INSERT INTO {t}(rowid, content) SELECT new.id, {new} WHERE new.status != '{s}'; END",
    ]


def is_search_object(name: str | None) -> bool:
    """True for the search index's own tables and indexes (``message_fts``, its FTS5
    shadow tables and state row, the trigram index): schema comparisons skip them."""
    return bool(name) and (name in (PG_TRGM_INDEX, PG_BRANCH_TRGM_INDEX) or str(name).startswith(SQLITE_FTS_TABLE))


def include_name(name: str | None, type_: str, _parents: object) -> bool:
    """Alembic ``include_name`` hook: leave the search index's tables and index out of
    schema comparisons (autogenerate would otherwise propose dropping them)."""
    return not (type_ in ("table", "index") and is_search_object(name))
