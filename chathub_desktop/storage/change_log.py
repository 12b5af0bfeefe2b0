"""The store's change log: what every write transaction changed, for other processes
(issue 13 "Live refresh").

Triggers on the watched tables append one small row per changed row to
``store_change`` inside the writer's own transaction, so the log can never disagree
with the data, whoever wrote it (the window, the CLI, cron, another machine on
PostgreSQL). A row names a *kind* (what changed: ``message``, ``topic``, ``compaction``,
``fixed``, ``dynamic``, ``dream``, ``assistant``, ``setting``, ``branch``: a topic's
stashed versions and branches, issue 14; ``tools``: MCP servers and what each assistant
may use, issue 25), a *scope id* (the topic of
a message, the assistant of a topic or of memory; 0 for settings), the changed row's id
and the operation (``i``/``u``/``d``). ``seq`` grows with every row; writes are
serialised by the store's write lock, so a reader that has seen ``seq`` N has seen
everything committed before it.

The log keeps about :data:`KEEP_ROWS` rows: an insert whose ``seq`` is a multiple of
:data:`PRUNE_EVERY` deletes rows older than that. A reader that fell further behind sees
the gap and refreshes everything.

On PostgreSQL each trigger also calls ``pg_notify(`` :data:`NOTIFY_CHANNEL` ``, '')``:
delivered once at commit (duplicates in one transaction collapse), so a listener wakes
only when something was committed.

Updates of message columns that only cache derived figures (``token_count``,
``token_encoding``) are not logged: they change nothing a user sees.

A migration that recreates a watched table (SQLite batch mode copies the table and
drops its triggers) must call :func:`create_triggers` for it again; so must one that
adds a column to an ``update_cols`` list (drop that table's triggers first). A trigger
names only the listed columns the table has when it is created, so an older migration
that creates triggers keeps working when a later one adds columns to the list.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from sqlalchemy import inspect
from sqlalchemy.engine import Connection
from sqlalchemy.orm import Session

from chathub_desktop.core.change_kinds import ChangeKind, ChangeOp

#: Name of the log table.
TABLE = "store_change"
#: PostgreSQL NOTIFY channel of committed changes.
NOTIFY_CHANNEL = "chathub_change"
#: Rows the log keeps (about).
KEEP_ROWS = 4096
#: Every this many rows, the insert trigger deletes rows older than :data:`KEEP_ROWS`.
PRUNE_EVERY = 256


@dataclass(frozen=True)
class Watched:
    """One watched table: ``kind`` logged, the column giving the scope id (None: 0),
    the column giving the row id (None: NULL) and, for updates, the columns whose change
    is logged (None: any)."""

    table: str
    kind: ChangeKind
    scope_col: str | None
    id_col: str | None
    update_cols: tuple[str, ...] | None = None


#: Every watched table (the message update columns are the ones a user sees).
WATCHED: tuple[Watched, ...] = (
    Watched("message", ChangeKind.MESSAGE, "topic_id", "id",
            ("content", "status", "error", "error_kind", "tool_calls", "edited_at", "role",
             "input_tokens", "output_tokens", "cached_tokens", "finish_reason", "seq")),
    Watched("topic", ChangeKind.TOPIC, "assistant_id", "id",
            ("title", "assistant_id", "kind", "snippet", "pinned", "archived", "private", "model",
             "model_provider_id")),
    Watched("topic_compaction", ChangeKind.COMPACTION, "topic_id", "topic_id"),
    Watched("fixed_memory_document", ChangeKind.FIXED, "assistant_id", "assistant_id"),
    Watched("memory_provenance", ChangeKind.FIXED, "assistant_id", "id"),
    Watched("memory_pause", ChangeKind.FIXED, "assistant_id", "id"),
    Watched("dynamic_memory_document", ChangeKind.DYNAMIC, "assistant_id", "assistant_id"),
    Watched("dream_run", ChangeKind.DREAM, "assistant_id", "id"),
    Watched("dream_proposal", ChangeKind.DREAM, "assistant_id", "id"),  # issue 19: proposals on the Memory page
    Watched("message_branch", ChangeKind.BRANCH, "topic_id", "id"),  # issue 14: versions and branches
    Watched("assistant", ChangeKind.ASSISTANT, "id", "id"),
    Watched("provider", ChangeKind.SETTING, None, "id"),
    Watched("model_card", ChangeKind.SETTING, None, "id"),
    Watched("correction_factor", ChangeKind.SETTING, None, "id"),
    Watched("app_setting", ChangeKind.SETTING, None, None),
    # issue 25: MCP servers (scope 0) and an assistant's switches and approvals
    Watched("mcp_server", ChangeKind.TOOLS, None, "id"),
    Watched("assistant_mcp_server", ChangeKind.TOOLS, "assistant_id", "server_id"),
    Watched("assistant_mcp_tool", ChangeKind.TOOLS, "assistant_id", "server_id"),
)

#: Watched tables whose triggers a later migration adds (0009: ``message_branch``, 0012:
#: ``dream_proposal``, 0018: the MCP tables); the ``tables=None`` default of the functions below leaves them
#: out, so migration 0005 creates and drops exactly what it did when it was written.
LATER_TABLES: tuple[str, ...] = ("message_branch", "dream_proposal", "mcp_server", "assistant_mcp_server",
                                  "assistant_mcp_tool")

_OPS = ((ChangeOp.INSERT, "INSERT"), (ChangeOp.UPDATE, "UPDATE"), (ChangeOp.DELETE, "DELETE"))


def _chosen(tables: Sequence[str] | None) -> list[Watched]:
    return [w for w in WATCHED if (w.table in tables if tables is not None else w.table not in LATER_TABLES)]


@dataclass(frozen=True)
class Change:
    """One logged change: ``seq``, ``kind``, ``scope_id``, ``row_id`` (None when the
    table has no integer id) and ``op``."""

    seq: int
    kind: str
    scope_id: int
    row_id: int | None
    op: ChangeOp


def _values(w: Watched, ref: str, op: ChangeOp) -> str:
    scope = f"{ref}.{w.scope_col}" if w.scope_col else "0"
    row = f"{ref}.{w.id_col}" if w.id_col else "NULL"
    return f"'{w.kind}', {scope}, {row}, '{op}'"


def _event(w: Watched, verb: str, columns: Collection[str] | None) -> str:
    if verb == "UPDATE" and w.update_cols:
        cols = [c for c in w.update_cols if columns is None or c in columns]
        return f"UPDATE OF {', '.join(cols)}"
    return verb


def trigger_statements(dialect: str, tables: Sequence[str] | None = None,
                       columns: Mapping[str, Collection[str]] | None = None) -> list[str]:
    """DDL creating the log triggers of ``tables`` (when None: every watched table but
    :data:`LATER_TABLES`, plus the log's own pruning trigger) for ``dialect``
    (``sqlite`` or ``postgresql``). ``columns``: the columns each table has now; an
    update trigger names only the listed ones it has (all listed ones when a table is
    not in it)."""
    chosen = _chosen(tables)
    out: list[str] = []
    insert = f"INSERT INTO {TABLE} (kind, scope_id, row_id, op) VALUES"
    for w in chosen:
        have = columns.get(w.table) if columns is not None else None
        for op, verb in _OPS:
            ref = "OLD" if op == ChangeOp.DELETE else "NEW"
            name = f"chg_{w.table}_{op}"
            if dialect == "sqlite":
                out.append(f"CREATE TRIGGER {name} AFTER {_event(w, verb, have)} ON {w.table} "
                           f"BEGIN {insert} ({_values(w, ref, op)}); END")
            else:
                out.append(
                    f"CREATE OR REPLACE FUNCTION {name}() RETURNS trigger LANGUAGE plpgsql AS $$ "
                    f"BEGIN {insert} ({_values(w, ref, op)}); "
                    f"PERFORM pg_notify('{NOTIFY_CHANNEL}', ''); RETURN NULL; END $$")
                out.append(f"CREATE TRIGGER {name} AFTER {_event(w, verb, have)} ON {w.table} "
                           f"FOR EACH ROW EXECUTE FUNCTION {name}()")
    if tables is None:
        prune = f"DELETE FROM {TABLE} WHERE seq <= NEW.seq - {KEEP_ROWS}"
        if dialect == "sqlite":
            out.append(f"CREATE TRIGGER chg_prune AFTER INSERT ON {TABLE} "
                       f"WHEN NEW.seq % {PRUNE_EVERY} = 0 BEGIN {prune}; END")
        else:
            out.append("CREATE OR REPLACE FUNCTION chg_prune() RETURNS trigger LANGUAGE plpgsql AS $$ "
                       f"BEGIN {prune}; RETURN NULL; END $$")
            out.append(f"CREATE TRIGGER chg_prune AFTER INSERT ON {TABLE} FOR EACH ROW "
                       f"WHEN (mod(NEW.seq, {PRUNE_EVERY}) = 0) EXECUTE FUNCTION chg_prune()")
    return out


def drop_statements(dialect: str, tables: Sequence[str] | None = None) -> list[str]:
    """DDL dropping what :func:`trigger_statements` creates (same arguments)."""
    chosen = _chosen(tables)
    out: list[str] = []
    names = [(f"chg_{w.table}_{op}", w.table) for w in chosen for op, _verb in _OPS]
    if tables is None:
        names.append(("chg_prune", TABLE))
    for name, table in names:
        if dialect == "sqlite":
            out.append(f"DROP TRIGGER IF EXISTS {name}")
        else:
            out.append(f"DROP TRIGGER IF EXISTS {name} ON {table}")
            out.append(f"DROP FUNCTION IF EXISTS {name}()")
    return out


def create_triggers(conn: Connection, tables: Sequence[str] | None = None) -> None:
    """Create the log triggers of ``tables`` (all when None) on ``conn``'s store; for a
    migration that recreated a watched table or listed new columns (module docstring).
    Update triggers name only the listed columns the tables have now."""
    chosen = [w.table for w in _chosen(tables)]
    insp = inspect(conn)
    columns = {t: {c["name"] for c in insp.get_columns(t)} for t in chosen}
    for sql in trigger_statements(conn.dialect.name, tables, columns):
        conn.exec_driver_sql(sql)


def latest_seq_sql() -> str:
    """SQL of the newest ``seq`` (0 for an empty log)."""
    return f"SELECT coalesce(max(seq), 0) FROM {TABLE}"


def latest_seq(s: Session) -> int:
    """The log's newest ``seq`` in session ``s`` (0 for an empty log): where a reader
    that starts later catches up from (issue 29: the window's watcher starts after the
    rows it shows were read)."""
    return int(s.connection().exec_driver_sql(latest_seq_sql()).scalar() or 0)


def changes_sql(placeholder: str, limit: int) -> str:
    """SQL of at most ``limit`` changes after a ``seq`` (one positional parameter written
    ``placeholder``: ``?`` for sqlite3, ``%s`` for psycopg), oldest first, each with the
    log's oldest ``seq`` (to see a gap)."""
    return (f"SELECT seq, kind, scope_id, row_id, op, (SELECT min(seq) FROM {TABLE}) "
            f"FROM {TABLE} WHERE seq > {placeholder} ORDER BY seq LIMIT {int(limit)}")
