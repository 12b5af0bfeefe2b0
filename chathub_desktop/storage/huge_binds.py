"""A SQLite connection that wrote a huge value is closed when it goes back to the pool
(huge51, issue 29).

SQLite copies a bound text (Python's ``sqlite3`` binds with ``SQLITE_TRANSIENT``) and
keeps the copy in the prepared statement until the statement is bound again; Python
keeps up to 128 prepared statements per connection. So after a 16 MB reply was stored,
its connection held another 16 MB for as long as that statement was not used again
(measured: +18 MB after the commit, back to +2 MB once the connection closed). A
statement is marked when one of its values is :data:`HUGE_BIND_CHARS` or longer, and
its connection is closed at its check-in (the pool opens a new one when it is needed:
about a millisecond). PostgreSQL keeps nothing of the kind: only SQLite engines listen.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from sqlalchemy import event
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.pool import ConnectionPoolEntry

__all__ = ["HUGE_BIND_CHARS", "release_huge_binds"]

#: A bound text or blob this long (characters or bytes) or longer makes its connection
#: close at check-in.
HUGE_BIND_CHARS = 1 << 20
_MARK = "chathub_huge_bind"


def release_huge_binds(engine: Engine) -> None:
    """Close each of ``engine``'s connections that bound a huge value when it is checked
    in (module doc)."""
    event.listen(engine, "before_cursor_execute", _note)
    event.listen(engine, "checkin", _release)


def _huge(values: object) -> bool:
    items: Iterable[Any] = values.values() if isinstance(values, Mapping) else (
        values if isinstance(values, list | tuple) else ())
    return any(len(v) >= HUGE_BIND_CHARS if isinstance(v, str | bytes | bytearray | memoryview)
               else isinstance(v, Mapping | list | tuple) and _huge(v) for v in items)


def _note(conn: Connection, _cursor: object, _statement: str, parameters: object, _context: object,
          _executemany: bool) -> None:
    if _huge(parameters):
        conn.connection.info[_MARK] = True


def _release(_dbapi_connection: object, record: ConnectionPoolEntry) -> None:
    if record.info.pop(_MARK, False):
        record.invalidate()  # closed now; the pool connects again at the next check-out
