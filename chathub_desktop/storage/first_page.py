"""The window's first page read with the standard library alone (issue 29: the last
topic's rows within 0.5 s). SQLAlchemy and its ORM mapping take ~0.7 s of CPU to load
(the rows waited for them); this reads the default SQLite store's file read-only with
``sqlite3`` instead: the first assistant by name (the window's selection at start), its
first listed topic (the order of ``topic_rows.topic_listing``: pinned first, then most
recently active, never a running import's staged rows nor an archived topic) and that
topic's newest page, as the same :class:`MessageRecord` rows ``topic_rows.message_page``
gives. The ORM store opens after it and reads the page again.

Nothing here writes: the file is opened with ``mode=ro``, and a store that is missing,
locked past the wait, or older than the columns read here gives None (the window then
waits for the ORM store, as before).
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from chathub_desktop.core.messages import MessageStatus, Role
from chathub_desktop.storage.listed_topic import ListedTopic
from chathub_desktop.storage.message_records import MESSAGE_COLUMNS, MessageRecord

__all__ = ["LISTED_ROWS", "STAGED_PREFIX", "STORE_FILE", "FirstPageRows", "read_first_page"]

#: The default SQLite store's file name in the data dir (``database.sqlite_url_for``).
STORE_FILE = "chathub.sqlite3"
#: ``topic.source`` of a running import's staged topic starts with this (issue 10).
STAGED_PREFIX = "staged:"
#: Milliseconds the read waits for a writer's lock before giving up (None: the ORM read).
BUSY_MS = 200
#: Topics of the list read with the first page: more than a tall window shows (issue 29).
LISTED_ROWS = 60

_JSON = frozenset({"tool_calls", "error_reason", "receipt", "attachments"})
_TIMES = frozenset({"created_at", "edited_at"})


@dataclass(frozen=True, slots=True)
class FirstPageRows:
    """The first page as stored: ``assistant_id`` (the first by name, with its ``assistant_name``
    and ``assistant_avatar``, None: its initial), ``topic_id`` (its
    first listed topic; None: it has none), ``total`` (the topic's message count),
    ``first_offset`` (the position of ``rows[0]`` in the topic, 0-based) and ``rows``
    (at most ``page_size`` of the newest messages, oldest first); ``topics``: the
    assistant's topic list, its first :data:`LISTED_ROWS` rows in the list's order."""

    assistant_id: int
    assistant_name: str
    assistant_avatar: str | None
    topic_id: int | None
    total: int
    first_offset: int
    rows: tuple[MessageRecord, ...]
    topics: tuple[ListedTopic, ...] = ()


def _time(value: object) -> datetime | None:
    """A stored time as an aware UTC datetime (``models.UTCDateTime``'s reading)."""
    if value is None:
        return None
    when = value if isinstance(value, datetime) else datetime.fromisoformat(str(value))
    return when.replace(tzinfo=UTC) if when.tzinfo is None else when.astimezone(UTC)


def _record(row: sqlite3.Row) -> MessageRecord:
    values: dict[str, object] = {}
    for name in MESSAGE_COLUMNS:
        value = row[name]
        if name in _JSON:
            value = None if value is None else json.loads(value)
        elif name in _TIMES:
            value = _time(value)
        values[name] = value
    values["role"] = Role(str(values["role"]))
    values["status"] = MessageStatus(str(values["status"]))
    values["pinned"] = bool(values["pinned"])
    return MessageRecord(**values)  # type: ignore[arg-type]  # each column's type as the ORM reads it


def read_first_page(path: Path, page_size: int, assistant_id: int | None = None,
                    topic_id: int | None = None) -> FirstPageRows | None:
    """The first page of the SQLite store at ``path`` (see the module's note), or None
    when the file is missing, has no assistant, or cannot be read as it is (locked past
    :data:`BUSY_MS`, an older schema, damaged). ``page_size``: most rows, > 0;
    ``assistant_id`` / ``topic_id``: the ones open at the last quit, taken when they
    still exist (the topic only as that assistant's, listed). Raises ``ValueError`` for a
    role or status word no enum has."""
    if not path.is_file():
        return None
    try:
        conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, timeout=BUSY_MS / 1000,
                               check_same_thread=False)
    except sqlite3.Error:
        return None
    try:
        conn.row_factory = sqlite3.Row
        return _read(conn, page_size, assistant_id, topic_id)
    except sqlite3.Error:
        return None
    finally:
        conn.close()


def _read(conn: sqlite3.Connection, page_size: int, resume_assistant: int | None,
          resume_topic: int | None) -> FirstPageRows | None:
    conn.execute("BEGIN")  # one snapshot for the listing, the count and the page
    first = None
    if resume_assistant is not None:
        first = conn.execute("SELECT id, name, avatar FROM assistant WHERE id = ?", (resume_assistant,)).fetchone()
    if first is None:
        first = conn.execute("SELECT id, name, avatar FROM assistant ORDER BY name LIMIT 1").fetchone()
    if first is None:
        return None
    assistant_id, name, avatar = int(first[0]), str(first[1]), first[2]
    listed = (" FROM topic WHERE assistant_id = ? AND archived = 0"
              " AND (source IS NULL OR substr(source, 1, ?) != ?)")
    listed_args = (assistant_id, len(STAGED_PREFIX), STAGED_PREFIX)
    topic = None
    if resume_topic is not None:
        topic = conn.execute("SELECT id" + listed + " AND id = ?", (*listed_args, resume_topic)).fetchone()  # noqa: S608 - fixed text
    order = " ORDER BY pinned DESC, updated_at DESC, id DESC"
    if topic is None:
        topic = conn.execute("SELECT id" + listed + order + " LIMIT 1", listed_args).fetchone()  # noqa: S608 - fixed text
    if topic is None:
        return FirstPageRows(assistant_id, name, avatar, None, 0, 0, ())
    topics = tuple(_listed(r) for r in conn.execute(
        "SELECT id, assistant_id, title, (SELECT count(*) FROM message WHERE message.topic_id = topic.id),"  # noqa: S608 - fixed text
        " created_at, updated_at, pinned, archived, private, untitled" + listed + order + " LIMIT ?",
        (*listed_args, LISTED_ROWS)))
    topic_id = int(topic[0])
    total = int(conn.execute("SELECT count(*) FROM message WHERE topic_id = ?", (topic_id,)).fetchone()[0])
    offset = max(0, total - page_size)
    rows = conn.execute(f"SELECT {', '.join(MESSAGE_COLUMNS)} FROM message WHERE topic_id = ?"  # noqa: S608 - fixed names
                        " ORDER BY seq LIMIT ? OFFSET ?", (topic_id, page_size, offset)).fetchall()
    conn.execute("COMMIT")
    return FirstPageRows(assistant_id, name, avatar, topic_id, total, offset, tuple(_record(r) for r in rows), topics)


def _listed(row: sqlite3.Row) -> ListedTopic:
    created, updated = _time(row[4]), _time(row[5])
    assert created is not None and updated is not None  # NOT NULL columns
    return ListedTopic(int(row[0]), int(row[1]), str(row[2]), int(row[3]), created, updated, bool(row[6]),
                       bool(row[7]), bool(row[8]), bool(row[9]))
