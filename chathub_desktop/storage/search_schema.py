"""Names and DDL of the message search index (issue 14), shared by the migration that
builds it, the search service that queries it, and the schema checks that must ignore
it (it is not part of the ORM models: FTS5 tables and trigram indexes have no
SQLAlchemy form).

Which rows are indexed: every message whose ``status`` is not ``streaming``. The
triggers decide from the old and new row alone, so the index always holds exactly the
non-streaming rows' current content (the external-content FTS5 ``delete`` must be given
the values that were indexed, which is why the rule depends on nothing else).
"""

from __future__ import annotations

#: The FTS5 table on SQLite (external content: the ``message`` table, rowid = message id).
SQLITE_FTS_TABLE = "message_fts"
#: The GIN trigram index on PostgreSQL.
PG_TRGM_INDEX = "ix_message_content_trgm"
#: A message with this status is not indexed yet (its text still changes).
STREAMING = "streaming"


def sqlite_search_ddl() -> list[str]:
    """Statements that create the FTS5 table, its three triggers, and index every
    existing non-streaming message (run once, by migration 0006)."""
    t, s = SQLITE_FTS_TABLE, STREAMING
    return [
        f"CREATE VIRTUAL TABLE {t} USING fts5(content, content='message', content_rowid='id', "
        "tokenize='trigram')",
        f"CREATE TRIGGER message_fts_ai AFTER INSERT ON message WHEN new.status != '{s}' BEGIN "
        f"INSERT INTO {t}(rowid, content) VALUES (new.id, new.content); END",
        f"CREATE TRIGGER message_fts_ad AFTER DELETE ON message WHEN old.status != '{s}' BEGIN "
        f"INSERT INTO {t}({t}, rowid, content) VALUES ('delete', old.id, old.content); END",
        # Only a change of the text or of streaming-ness touches the index: checkpoints of
        # a streaming reply (old and new both streaming) and bookkeeping updates
        # (token counts, usage) cost nothing.
        f"CREATE TRIGGER message_fts_au AFTER UPDATE OF content, status ON message "
        f"WHEN (old.status != '{s}' OR new.status != '{s}') AND "
        f"(old.content IS NOT new.content OR (old.status = '{s}') != (new.status = '{s}')) BEGIN "
        f"INSERT INTO {t}({t}, rowid, content) SELECT 'delete', old.id, old.content "
        f"WHERE old.status != '{s}'; "
        f"INSERT INTO {t}(rowid, content) SELECT new.id, new.content WHERE new.status != '{s}'; END",
        f"INSERT INTO {t}(rowid, content) SELECT id, content FROM message WHERE status != '{s}'",
    ]


def is_search_object(name: str | None) -> bool:
    """True for the search index's own tables and indexes (``message_fts`` and its
    FTS5 shadow tables, the trigram index): schema comparisons skip them."""
    return bool(name) and (name == PG_TRGM_INDEX or str(name).startswith(SQLITE_FTS_TABLE))


def include_name(name: str | None, type_: str, _parents: object) -> bool:
    """Alembic ``include_name`` hook: leave the search index's tables and index out of
    schema comparisons (autogenerate would otherwise propose dropping them)."""
    return not (type_ in ("table", "index") and is_search_object(name))
