"""Shared fixtures: every test gets its own data dir and an in-memory keyring.

Nothing here touches the user's real data dir or OS keyring.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import keyring
import pytest
from hypothesis import HealthCheck, settings

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from tests.fakes.fixtures import fake_vendor  # noqa: E402,F401  (fixture)
from tests.fakes.memory_keyring import MemoryKeyring  # noqa: E402
from tests.logfail import fail_on_logging  # noqa: E402,F401  (autouse fixture)
from tests.sql_cache import install as install_shared_sql_cache  # noqa: E402
from tests.wait_scale import install as install_wait_scale  # noqa: E402

install_wait_scale()
install_shared_sql_cache()
# Hypothesis times each example against 200 ms by default: a wall-clock check that fails
# a property test on a loaded 2-core machine (issue 28: test_stream_text 843 ms at load 17)
# while the property holds. Speed goals live in benchmarks/; the hang guard is pytest's timeout.
settings.register_profile("chathub", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("chathub")


@pytest.fixture(autouse=True)
def isolated_env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[MemoryKeyring]:
    """Point the data dir at ``tmp_path``, drop any database URL from the environment, keep
    the chat model from naming topics and install an in-memory keyring for the test's
    duration."""
    monkeypatch.setenv("CHATHUB_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.delenv("CHATHUB_DATABASE_URL", raising=False)
    # the scripted fake providers count requests: the chat model names no topic (APP-10)
    monkeypatch.setenv("CHATHUB_TOPIC_NAMING_CHAT_MODEL", "off")
    previous = keyring.get_keyring()
    backend = MemoryKeyring()
    keyring.set_keyring(backend)
    yield backend
    keyring.set_keyring(previous)


@pytest.fixture(scope="session")
def _embedding_lane() -> Iterator[object]:
    """One passage-embedding thread for the test process at normal CPU priority
    (``chathub_desktop.services.search.embedder``), shut down at the end."""
    from concurrent.futures import ThreadPoolExecutor

    lane = ThreadPoolExecutor(1, thread_name_prefix="test-embedder")
    yield lane
    lane.shutdown()


@pytest.fixture(autouse=True)
def embedding_at_normal_priority(_embedding_lane: object, monkeypatch: pytest.MonkeyPatch) -> None:
    """Passages are embedded on a thread at normal CPU priority in tests (issue 28). The
    app's thread runs at the lowest (Linux ``SCHED_IDLE``: only when a core is idle,
    issue 26), and with a CPU burner on one core and the other pytest worker on the
    other it got a core only now and then: the recall tests waited seconds each for a
    few vectors, at no CPU. That priority is a unit test's
    (tests/unit/test_embedder_priority.py, which builds the app's own thread)."""
    from chathub_desktop.services.search import embedder

    monkeypatch.setattr(embedder, "_lane", _embedding_lane)


@pytest.fixture(scope="session")
def migrated_sqlite_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An empty SQLite store at the newest schema, migrated once per test process;
    :func:`services` starts from a copy of it instead of running every Alembic
    migration again for each test (the same file a fresh store migrates to)."""
    from chathub_desktop.storage.database import open_database

    path = tmp_path_factory.mktemp("template") / "store.sqlite3"
    open_database(f"sqlite:///{path}").engine.dispose()  # the last close folds the WAL into the file
    return path


@pytest.fixture
def mcp_connector() -> object:
    """The ``McpConnector`` the :func:`services` fixture builds its MCP clients with:
    none (every server through its own transport). A test module that needs no child
    process overrides it with ``tests.fakes.mcp_probe_tools.InProcessServers()`` (issue 25)."""
    return None


@pytest.fixture
def store_template(migrated_sqlite_template: Path) -> Path:
    """The SQLite file :func:`migrated_sqlite` copies: the migrated empty store. A module
    whose tests each start from the same large store (a 20,000-message topic) overrides
    it with a module-scoped copy holding that data, built once instead of per test
    (issue 28; ``tests.gui.helpers.imported_store``)."""
    return migrated_sqlite_template


@pytest.fixture
def migrated_sqlite(tmp_path: Path, store_template: Path) -> Callable[[str], str]:
    """``migrated_sqlite(name)``: the URL of a new SQLite store ``tmp_path/name`` at the
    newest schema, a copy of :func:`store_template` (what opening a new file makes,
    without running every migration again; issue 28)."""
    import shutil

    def make(name: str) -> str:
        store = tmp_path / name
        shutil.copyfile(store_template, store)
        store.chmod(0o600)
        return f"sqlite:///{store}"

    return make


@pytest.fixture
def services(migrated_sqlite: Callable[[str], str], mcp_connector):  # type: ignore[no-untyped-def]
    """Services over a fresh SQLite store in ``tmp_path`` (a copy of the migrated
    template: a new store at the newest schema), with ``mcp_connector``'s MCP servers."""
    from chathub_desktop.services.container import open_services

    svc = open_services(migrated_sqlite("store.sqlite3"), mcp_connector=mcp_connector)
    yield svc
    svc.close()


def _postgres_base() -> str:
    """``CHATHUB_TEST_POSTGRES_URL``; skips the test without it unless ``CI`` is set,
    where a missing server is a failure."""
    base = os.environ.get("CHATHUB_TEST_POSTGRES_URL")
    if not base:
        if os.environ.get("CI"):
            pytest.fail("CHATHUB_TEST_POSTGRES_URL is not set in CI")
        pytest.skip("CHATHUB_TEST_POSTGRES_URL not set (no PostgreSQL server)")
    return base


@contextmanager
def _postgres_database(base: str, template: str | None = None) -> Iterator[str]:
    """A new PostgreSQL database on ``base``'s server (a copy of ``template`` when
    given, else empty), dropped afterwards; yields its URL."""
    import uuid

    from sqlalchemy import create_engine, text
    from sqlalchemy.engine import make_url

    name = f"chathub_test_{uuid.uuid4().hex[:12]}"
    admin = create_engine(base, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"' + (f' TEMPLATE "{template}"' if template else "")))
    try:
        yield make_url(base).set(database=name).render_as_string(hide_password=False)
    finally:
        with admin.connect() as conn:
            conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


@pytest.fixture
def postgres_url() -> Iterator[str]:
    """A fresh, empty PostgreSQL database for one test, dropped afterwards.

    Needs ``CHATHUB_TEST_POSTGRES_URL`` (``.ci/run`` starts a server and sets it);
    skipped without it unless ``CI`` is set, where a missing server is a failure.
    """
    with _postgres_database(_postgres_base()) as url:
        yield url


@pytest.fixture(scope="session")
def _migrated_postgres_template() -> Iterator[str]:
    """The name of a PostgreSQL database migrated to the newest schema once per test
    process (no connection left open: ``CREATE DATABASE ... TEMPLATE`` needs none)."""
    from sqlalchemy.engine import make_url

    from chathub_desktop.storage.database import open_database

    with _postgres_database(_postgres_base()) as url:
        open_database(url).engine.dispose()
        yield str(make_url(url).database)


@pytest.fixture
def migrated_postgres_url(_migrated_postgres_template: str) -> Iterator[str]:
    """A fresh PostgreSQL database at the newest schema for one test, dropped afterwards:
    a copy of a database migrated once per test process, what ``open_services`` on an
    empty :func:`postgres_url` would make, without running every migration again
    (issue 28). Tests of migrating an empty or older database use :func:`postgres_url`."""
    with _postgres_database(_postgres_base(), _migrated_postgres_template) as url:
        yield url


#: Marks of the files that take longest, in the order their files start (issue 28).
_LONG_FIRST = ("e2e", "slow", "postgres")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Start the longest files first: whole files holding an ``e2e``, then a ``slow``,
    then a ``postgres`` test move to the front, each file kept together and in its own
    order (its module fixtures are set up once). With ``--dist worksteal`` (tests/run.sh)
    the other workers take the short tests meanwhile, so no long test starts at the end
    while the others are idle."""

    def rank(item: pytest.Item) -> int:
        return next((i for i, mark in enumerate(_LONG_FIRST) if item.get_closest_marker(mark)), len(_LONG_FIRST))

    file_rank: dict[str, int] = {}
    for item in items:
        path = item.nodeid.split("::", 1)[0]
        file_rank[path] = min(file_rank.get(path, len(_LONG_FIRST)), rank(item))
    order = {path: n for n, path in enumerate(file_rank)}
    items.sort(key=lambda item: (file_rank[item.nodeid.split("::", 1)[0]], order[item.nodeid.split("::", 1)[0]]))
