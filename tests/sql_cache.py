"""One compiled-SQL cache for every store a test process opens (issue 28: the suite on a
loaded 2-core machine).

SQLAlchemy caches the SQL it compiles per engine, keyed by the engine's dialect object.
The app opens one store and compiles each statement once; the suite opens a new store
(a new engine) in almost every test, so every test compiled every statement it ran
again: 14 % of the samples of an integration run were in the SQL compiler, and
tests/integration/test_compaction.py with test_chat_service.py took 34.8 s of CPU against
26.3 s with this (``tests/cpu_probe.py``; user + sys, ``-n 0``).

:func:`install` makes ``open_database`` hand each new engine the dialect object and the
compiled cache of the first engine it made with the same dialect, driver and arguments:
the same SQL, compiled once per test process. The engine's own connections, pool and
events are its own (each connection is still set up by its own dialect's listeners).
``CHATHUB_TEST_SHARED_SQL_CACHE=0`` turns it off.
"""

from __future__ import annotations

import os
from typing import Any

#: ``0`` gives every engine its own dialect and cache, as the app has.
SWITCH_ENV = "CHATHUB_TEST_SHARED_SQL_CACHE"

_SHARED: dict[tuple[object, ...], tuple[Any, Any]] = {}


def install() -> None:
    """Wrap ``chathub_desktop.storage.database.create_engine`` once per process."""
    if os.environ.get(SWITCH_ENV, "1") == "0":
        return
    from chathub_desktop.storage import database

    real = database.create_engine  # type: ignore[attr-defined]
    if getattr(real, "__shared_sql_cache__", False):
        return

    def create_engine(url: Any, **kwargs: Any) -> Any:
        engine = real(url, **kwargs)
        key = (type(engine.dialect), engine.url.drivername, repr(sorted(kwargs.items())))
        if key not in _SHARED:
            _offer(engine, key)
            return engine
        dialect, cache = _SHARED[key]
        engine.dialect = dialect
        engine.pool._dialect = dialect
        engine._compiled_cache = cache
        return engine

    create_engine.__shared_sql_cache__ = True  # type: ignore[attr-defined]
    database.create_engine = create_engine  # type: ignore[attr-defined]


def _offer(engine: Any, key: tuple[object, ...]) -> None:
    """Share ``engine``'s dialect and cache once its first connection has set the dialect
    up (the server's version, its default schema). An engine that never connected (a
    refused URL: tests/integration/test_store.py's unreachable server) never sets its dialect up:
    shared, it failed every later PostgreSQL store of the process with
    ``'>=' not supported between 'NoneType' and 'tuple'`` (its ``server_version_info``)."""
    from sqlalchemy import event

    dialect, cache = engine.dialect, engine._compiled_cache
    # after the engine's own first-connect listener, which sets up ``dialect``; not run when it failed
    event.listen(engine.pool, "connect", lambda *_: _SHARED.setdefault(key, (dialect, cache)), once=True)
