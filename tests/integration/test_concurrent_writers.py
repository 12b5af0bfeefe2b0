"""Concurrent writers on one store lose nothing (issue 10, "Nothing lost"), with real
processes on SQLite and PostgreSQL.

- two writer processes × every document kind × ``CHATHUB_STRESS_ROUNDS`` rounds: every
  write is still there afterwards, no process printed a traceback;
- a ``memory import`` of a generated memory file (``CHATHUB_STRESS_MEMORY_ENTRIES``
  entries, the real CLI) racing ``memory add`` commands: each add lands wholly before or
  wholly after the import, fixed memory and its provenance are intact;
- a writer and the real CLI keep working during a long ChatGPT import: they wait (and
  say so) instead of dying with "database is locked".

The counts each test measured are printed (``pytest -s``).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from datetime import date
from pathlib import Path

import pytest
from sqlalchemy import func, select

from chathub_desktop.core import dynamic_memory as dm
from chathub_desktop.core import fixed_memory as fm
from chathub_desktop.services.container import Services, open_services
from chathub_desktop.storage.models import DynamicMemoryDocument, MemoryProvenance, utcnow
from tests.fakes import cli_fork
from tests.integration.concurrency_workers import KINDS

ROOT = Path(__file__).resolve().parents[2]
#: Rounds per writer and document kind: 10 in CI (issue 28: PostgreSQL took 24-33 s at
#: 50; on SQLite 20 rounds were 15.3 s of CPU, 10 rounds 11.2 s, still with 35 stale
#: writes refused and retried, so the writers do collide); the issue's full count by hand
#: with ``CHATHUB_STRESS_ROUNDS=50``.
ROUNDS = int(os.environ.get("CHATHUB_STRESS_ROUNDS", "10"))
#: Entries of the memory file the import race generates; the issue's full run is
#: ``CHATHUB_STRESS_MEMORY_ENTRIES=150000`` (about 30 s per store on two cores).
IMPORT_ENTRIES = int(os.environ.get("CHATHUB_STRESS_MEMORY_ENTRIES", "20000"))
#: Megabytes of the ChatGPT export the writers wait for and the kill interrupts: 8 in CI
#: (about 5,000 messages, 3 chunks of ``MESSAGE_CHUNK_ROWS``: a kill still lands after a
#: committed chunk, and the other writer, writing without a pause, still meets the
#: import's chunks); 15 took twice the import's CPU and the busy writer's beside it
#: (issue 28). ``CHATHUB_STRESS_EXPORT_MB=15`` or more by hand.
EXPORT_MB = int(os.environ.get("CHATHUB_STRESS_EXPORT_MB", "8"))


def _env(**extra: str) -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), env.get("PYTHONPATH", "")]).rstrip(os.pathsep)
    env.pop("CHATHUB_DATABASE_URL", None)
    env.update(extra)
    return env


def _python(*args: str, **extra: str) -> subprocess.Popen[str]:
    return cli_fork.Popen([sys.executable, *args], cwd=ROOT, env=_env(**extra), text=True,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def _cli(url: str, *args: str) -> subprocess.Popen[str]:
    return _python("-m", "chathub_desktop.cli", "--database-url", url, *args)


#: The real CLI's ``main``, loaded and started early, run when ``TRIGGER`` appears (so
#: it acts within milliseconds of a moment the test picks).
_ON_TRIGGER = """
import pathlib, sys, time
from chathub_desktop.cli import main
trigger = pathlib.Path(sys.argv[1])
while not trigger.exists():
    time.sleep(0.002)
raise SystemExit(main(sys.argv[2:]))
"""


def _cli_on(trigger: Path, url: str, *args: str) -> subprocess.Popen[str]:
    return _python("-c", _ON_TRIGGER, str(trigger), "--database-url", url, *args)


def _finish(proc: subprocess.Popen[str], timeout: float = 300) -> tuple[int, str, str]:
    out, err = proc.communicate(timeout=timeout)
    return proc.returncode, out, err


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def store_url(request: pytest.FixtureRequest) -> str:
    if request.param == "sqlite":
        return request.getfixturevalue("migrated_sqlite")("shared.sqlite3")
    return str(request.getfixturevalue("migrated_postgres_url"))


# --- two writers × every document kind ----------------------------------------------------

def _prepare(svc: Services) -> None:
    for kind in KINDS:
        a = svc.assistants.create(f"A-{kind}").id
        if kind in ("memory_tool", "append"):
            svc.topics.create(a, title="shared")
        if kind == "entry_edit":
            svc.memory.save_raw(a, "#1: w0 start\n#2: w1 start\n")
        if kind == "card_edit":
            cards = dm.append_day_card(dm.append_day_card([], date(2026, 11, 1), "w0 start"),
                                       date(2026, 11, 2), "w1 start")
            with svc.db.write() as s:
                s.add(DynamicMemoryDocument(assistant_id=a, body=dm.render_document(cards), backup_body="",
                                            updated_at=utcnow()))


def _tags(n: int) -> set[str]:
    return {f"w{me} r{i}" for me in (0, 1) for i in range(n)}


def _in_writer_order(texts: list[str], n: int) -> bool:
    """Each writer's own rounds appear in the order it wrote them."""
    return all([t for t in texts if t.startswith(f"w{me} ")] == [f"w{me} r{i}" for i in range(n)]
               for me in (0, 1))


def _losses(svc: Services, kind: str, n: int) -> int:
    """Writes of ``kind`` that are missing or wrong after both writers' ``n`` rounds."""
    a = f"A-{kind}"
    last = n - 1
    if kind in ("memory_add", "memory_tool", "raw_save"):
        views = svc.memory.entry_views(a)
        texts = [v.text for v in views]
        origin = "agent" if kind == "memory_tool" else "owner"
        lost = len(_tags(n) - set(texts)) + abs(len(texts) - 2 * n)
        lost += sum(1 for v in views if v.origin != origin)  # provenance of every entry kept
        return lost + (0 if _in_writer_order(texts, n) else 1)
    if kind == "entry_edit":
        return sum(x != y for x, y in zip([e.text for e in svc.memory.entries(a)],
                                          [f"w0 v{last}", f"w1 v{last}"], strict=True))
    if kind == "card_edit":
        return sum(x != y for x, y in zip([c.text for c in svc.dreams.cards(a)],
                                          [f"w0 v{last}", f"w1 v{last}"], strict=True))
    if kind == "dream_settings":
        view = svc.dreams.settings(a)
        return (int(view.schedule.time_utc != f"{last % 24:02d}:{last % 60:02d}")
                + int(view.keep != 1 + last % 90))
    if kind == "settings":
        return int(svc.settings.get("compact-buffer-tokens") != n) + int(svc.settings.get("compact-keep-recent") != n)
    if kind == "assistant":
        view = svc.assistants.get(a)
        return int(view.instructions != f"w0 r{last}") + int(view.input_template != f"w1 r{last}: {{{{text}}}}")
    if kind == "model_card":
        return len({f"m{me}-{i}" for me in (0, 1) for i in range(n)} - {c.model for c in svc.models.list()})
    if kind == "provider":
        return len({f"P{me}-{i}" for me in (0, 1) for i in range(n)} - {p.name for p in svc.providers.list()})
    if kind == "topic":
        titles = [t.title for t in svc.topics.list(a)]
        return len(_tags(n) - set(titles)) + abs(len(titles) - 2 * n)
    if kind == "append":
        topic = next(t.id for t in svc.topics.list(a) if t.title == "shared")
        rows = svc.topics.messages(topic)
        lost = len(_tags(n) - {m.content for m in rows}) + abs(len(rows) - 2 * n)
        lost += int([m.seq for m in rows] != list(range(1, len(rows) + 1)))
        return lost + (0 if _in_writer_order([m.content for m in rows], n) else 1)
    raise AssertionError(kind)


@pytest.mark.slow
def test_two_writers_lose_no_write_of_any_document_kind(store_url: str, tmp_path: Path) -> None:
    svc = open_services(store_url)
    try:
        _prepare(svc)
        barrier = tmp_path / "barrier"
        barrier.mkdir()
        procs = [_python("-m", "tests.integration.concurrency_workers", store_url, str(me), str(ROUNDS),
                         ",".join(KINDS), str(barrier)) for me in (0, 1)]
        results = [_finish(p) for p in procs]
        for rc, _out, err in results:
            assert "Traceback" not in err and rc == 0, err[-3000:]
        stale = {k: 0 for k in KINDS}
        for _rc, out, _err in results:
            for line in out.splitlines():
                row = json.loads(line)
                stale[row["kind"]] += row["stale"]
        losses = {kind: _losses(svc, kind, ROUNDS) for kind in KINDS}
    finally:
        svc.close()
    print(f"\n[{store_url.split(':')[0]}] 2 writers × {len(KINDS)} kinds × {ROUNDS} rounds = "
          f"{2 * len(KINDS) * ROUNDS} writes; losses {sum(losses.values())}; stale refusals retried "
          f"{sum(stale.values())} {stale}")
    assert losses == {kind: 0 for kind in KINDS}


# --- a huge memory import racing memory add ---------------------------------------------

def _memory_file(path: Path, n: int) -> Path:
    with path.open("w", encoding="utf-8") as fh:
        fh.write("# Imported memory\n\nNotes kept as typed.\n")
        for i in range(1, n + 1):
            fh.write(f"#{i}: imported fact {i} about how the user works\n")
    return path


def _held_for(url: str, seconds: float, proc: subprocess.Popen[str],
              ready: threading.Event | None = None) -> bool:
    """Wait until another process has held the store's write lock for ``seconds`` in a
    row (a long transaction, not a start-up's short write), counting only once ``ready``
    is set; False if ``proc`` ended first."""
    since: float | None = None
    while proc.poll() is None:
        if (ready is None or ready.is_set()) and _store_is_locked(url):
            since = since or time.monotonic()
            if time.monotonic() - since >= seconds:
                return True
        else:
            since = None
        time.sleep(0.01)
    return False


def _store_is_locked(url: str) -> bool:
    """Whether another process holds the store's write lock right now."""
    if url.startswith("sqlite"):
        import sqlite3

        conn = sqlite3.connect(url.split("///", 1)[1], timeout=0, isolation_level=None)
        try:
            conn.execute("BEGIN IMMEDIATE")
            conn.execute("ROLLBACK")
            return False
        except sqlite3.OperationalError:
            return True
        finally:
            conn.close()
    from sqlalchemy import create_engine, text

    from chathub_desktop.storage import database

    engine = create_engine(url)
    try:
        with engine.connect() as conn:
            key = database._PG_WRITE_LOCK  # the same key Database.write() takes
            return bool(conn.execute(text("SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' "
                                          "AND classid = 0 AND objid = :k AND granted"), {"k": key}).scalar())
    finally:
        engine.dispose()


@pytest.mark.slow
def test_memory_import_racing_memory_add_serializes_both(store_url: str, tmp_path: Path) -> None:
    """One ``memory add`` runs before the import (and is replaced by it, as import
    promises), two start while the import's write transaction holds the store: they
    wait (saying so when it lasts over half a second) and land after it, numbered after
    the imported entries. The import's entries and their provenance are all there."""
    svc = open_services(store_url)
    svc.assistants.create("Racer")
    svc.close()
    path = _memory_file(tmp_path / "memory.md", IMPORT_ENTRIES)
    rc, out, err = _finish(_cli(store_url, "memory", "add", "--assistant", "Racer", "added before"))
    assert (rc, out.strip()) == (0, "added #1: added before"), err
    trigger = tmp_path / "go"
    during = [_cli_on(trigger, store_url, "memory", "add", "--assistant", "Racer", f"added during {i}")
              for i in (0, 1)]
    try:
        importer = _python("-m", "chathub_desktop.cli", "--database-url", store_url, "memory", "import",
                           "--assistant", "Racer", str(path), PYTHONUNBUFFERED="1")
        previewed = threading.Event()  # the preview is printed just before the import's transaction
        lines: list[str] = []

        def read_stdout() -> None:
            assert importer.stdout is not None
            for line in importer.stdout:
                lines.append(line)
                previewed.set()

        reader = threading.Thread(target=read_stdout, daemon=True)
        reader.start()
        assert _held_for(store_url, 0.15, importer, previewed), "the import never held the store"
        trigger.touch()  # both adds start now, inside the import's write transaction
        assert importer.stderr is not None
        err = importer.stderr.read()
        rc = importer.wait(timeout=300)
        reader.join(timeout=30)
        assert importer.stdout is not None
        importer.stdout.close()
        importer.stderr.close()
        out = "".join(lines)
        assert rc == 0 and "Traceback" not in err, err[-3000:]
        assert f"imported {IMPORT_ENTRIES} fixed memory entries" in out
        results = [_finish(p) for p in during]
    finally:  # a failed check above leaves no add waiting for its trigger
        for proc in during:
            if proc.poll() is None:
                proc.kill()
                proc.communicate()
    for add_rc, _out, add_err in results:
        assert add_rc == 0 and "Traceback" not in add_err, add_err[-3000:]
    numbers = sorted(int(o.split("#", 1)[1].split(":", 1)[0]) for _rc, o, _e in results)
    waited = sum("waiting for the store" in e for _rc, _o, e in results)
    svc = open_services(store_url)
    try:
        entries = svc.memory.entries("Racer")
        with svc.db.read() as s:
            aid = svc.assistants.get("Racer").id
            recorded = s.scalar(select(func.count()).select_from(MemoryProvenance)
                                .where(MemoryProvenance.assistant_id == aid))
    finally:
        svc.close()
    imported = [f"imported fact {i} about how the user works" for i in range(1, IMPORT_ENTRIES + 1)]
    assert [e.text for e in entries[:IMPORT_ENTRIES]] == imported
    assert numbers == [IMPORT_ENTRIES + 1, IMPORT_ENTRIES + 2]
    assert sorted(e.text for e in entries[IMPORT_ENTRIES:]) == ["added during 0", "added during 1"]
    assert recorded == len({fm.text_hash(e.text) for e in entries})  # provenance intact, none stale
    print(f"\n[{store_url.split(':')[0]}] memory import of {IMPORT_ENTRIES:,} entries racing 3 memory add: "
          f"1 before it (replaced), 2 during it ({waited} said they waited), kept as "
          f"#{numbers[0]} and #{numbers[1]}; losses 0")


# --- writers during a long ChatGPT import -------------------------------------------------

@pytest.fixture(scope="module")
def big_export(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from tests.fakes.chatgpt_exports import generate_large_export

    path = tmp_path_factory.mktemp("export") / "conversations.json"
    generate_large_export(path, EXPORT_MB * 1_000_000)
    return path


def _staged_rows(url: str) -> tuple[int, int]:
    """(staged topics, visible topics) in the store."""
    from sqlalchemy import create_engine

    from chathub_desktop.services.transfer.import_staging import STAGED_PREFIX, visible_topics
    from chathub_desktop.storage.models import Topic

    engine = create_engine(url)
    try:
        with engine.connect() as conn:
            staged = conn.execute(select(func.count()).select_from(Topic)
                                  .where(Topic.source.startswith(STAGED_PREFIX))).scalar() or 0
            visible = conn.execute(select(func.count()).select_from(Topic).where(visible_topics())).scalar() or 0
            return staged, visible
    finally:
        engine.dispose()


@pytest.mark.slow
def test_writers_wait_for_a_long_chatgpt_import_instead_of_failing(
        store_url: str, tmp_path: Path, big_export: Path) -> None:
    """Issue 10: during a ChatGPT import another process's writes (and the real CLI's
    ``memory add`` / ``topic create``) succeed; they wait for the import's chunks and say
    so, none dies with "database is locked"."""
    svc = open_services(store_url)
    svc.assistants.create("Importer")
    svc.assistants.create("Writer")
    svc.close()
    stop = tmp_path / "stop"
    waiter = _python("-m", "tests.integration.concurrency_workers", "--waiter", store_url, str(stop))
    deadline = time.monotonic() + 60
    while not (tmp_path / "writer.ready").exists() and waiter.poll() is None and time.monotonic() < deadline:
        time.sleep(0.01)
    started = time.monotonic()
    importer = _cli(store_url, "import", "chatgpt", "--assistant", "Importer", str(big_export))
    cli = [_cli(store_url, "memory", "add", "--assistant", "Writer", "from the command line"),
           _cli(store_url, "topic", "create", "--assistant", "Writer", "--title", "from the command line")]
    rc, out, err = _finish(importer)
    seconds = time.monotonic() - started
    stop.touch()
    w_rc, w_out, w_err = _finish(waiter)
    assert rc == 0 and "Traceback" not in err and out.startswith("imported "), err[-3000:]
    assert w_rc == 0 and "Traceback" not in w_err and "OperationalError" not in w_err, w_err[-3000:]
    for proc in cli:
        c_rc, _c_out, c_err = _finish(proc)
        assert c_rc == 0 and "Traceback" not in c_err, c_err[-3000:]
    report = json.loads(w_out.strip().splitlines()[-1])
    print(f"\n[{store_url.split(':')[0]}] ChatGPT import {big_export.stat().st_size / 1e6:.0f} MB in "
          f"{seconds:.1f} s; meanwhile {report['writes']} write rounds by another process, "
          f"{report['waits']} waits reported, longest round {report['longest_ms']} ms; 2 CLI writes ok")
    assert report["writes"] >= 1 and report["waits"] >= 1


def test_a_killed_import_leaves_nothing_visible_and_is_discarded_at_start(
        store_url: str, tmp_path: Path, big_export: Path) -> None:
    """``kill -9`` of ``import chatgpt`` after some chunks were committed: nothing of it
    is visible; the next start deletes its staged rows; the import then re-runs cleanly."""
    import signal

    svc = open_services(store_url)
    svc.assistants.create("Importer")
    svc.close()
    importer = _cli(store_url, "import", "chatgpt", "--assistant", "Importer", str(big_export))
    while importer.poll() is None and _staged_rows(store_url)[0] == 0:
        time.sleep(0.005)
    importer.send_signal(signal.SIGKILL)
    importer.communicate(timeout=30)
    staged, visible = _staged_rows(store_url)
    assert staged > 0 and visible == 0  # chunks were committed, none of them is shown
    svc = open_services(store_url)  # start-up: the dead import's rows go
    try:
        assert _staged_rows(store_url) == (0, 0) and svc.topics.list() == []
        if store_url.startswith("sqlite"):
            with svc.db.read() as s:
                assert s.connection().exec_driver_sql("PRAGMA integrity_check").scalar() == "ok"
    finally:
        svc.close()
    rc, out, err = _finish(_cli(store_url, "import", "chatgpt", "--assistant", "Importer", str(big_export)))
    assert rc == 0 and out.startswith("imported ") and "Traceback" not in err, err[-3000:]
    assert _staged_rows(store_url)[0] == 0
