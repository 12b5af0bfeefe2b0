"""Fuzzing the CLI's argument handling (issue 12 "CLI values"): hypothesis builds argv
for every command from the real parser — ids far beyond what an engine stores, huge and
negative numbers, broken URLs, over-long names, NUL and lone surrogates, flag-like
strings, paths that do not exist — and runs ``main`` in-process against one store that
lives through the run (so commands meet what earlier ones created).

Every case must end in an exit code (0, 1, 2 or 130) with no exception escaping, no
Python traceback and no "internal error" (a bug caught by the last-resort handler), at
most one line on stderr for a refusal (exit 1), and a refused command must leave the
store byte-for-byte unchanged — except the commands whose refusal is itself a stored
outcome (a reply stored as an error, a failed compaction or dream in its log).

The network is shut: every HTTP proxy variable points at a closed local port, so a
provider on any URL fails at once. ``CHATHUB_FUZZ_CLI_EXAMPLES`` sets the cases per
engine (default 75 × ``CHATHUB_FUZZ_SCALE`` on SQLite, a third of that on PostgreSQL);
the figures are printed.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import io
import os
import resource
import socket
import sys
import threading
import time
import traceback
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import Engine, create_engine, inspect, text

from chathub_desktop.cli import build_parser, main
from tests.fuzz.harness import SCALE

pytestmark = pytest.mark.slow

#: 75 in CI (issue 28: 150 cases were 17 s of CPU, the largest fuzz cost); unseeded, so
#: each run tries new argv; ``CHATHUB_FUZZ_SCALE=20`` (tests/run.sh) makes it 1,500.
EXAMPLES = int(os.environ.get("CHATHUB_FUZZ_CLI_EXAMPLES", str(75 * SCALE)))
#: Commands whose refusal stores an outcome by design (exempt from "writes nothing").
RECORDS_OUTCOME = {("chat", "send"), ("chat", "retry"), ("topic", "compact"), ("dream", "run"),
                   ("dream", "run-due"), ("dream", "regenerate")}
#: Long-running commands (they end only when told to): the window and the dream service.
SKIP = {("gui",), ("dream", "serve")}
CASE_LIMIT_S = 30.0

HUGE = [2**31 - 1, 2**31, 2**53 + 1, 2**63 - 1, 2**63, 2**64, 10**30, -(2**63) - 1]
NASTY = ["", " ", "\x00", "a\x00b", "\ud800", "x\udcff", "-1", "--json", "-", "—", "\u202e", "é" * 3,
         "😀" * 10, "a" * 121, "b" * 501, "c" * 5000, "{{text}}", "%s%n", "'; DROP TABLE topic; --",
         "\n", "line\nbreak", "\t", "null", "NaN", "inf", "1e3", "0x10", "٣", "１２"]
URLS = ["http://[::1", "http://[::1]:99999/v1", "https://user:pw@h/v1", "http://h/v1?api_key=sk-1",
        "ftp://h", "http://", "//h/v1", "http://h:-1", "http://h:0/v1", "http://127.0.0.1:9/v1",
        "http://exa mple.com", "http://" + "a" * 600 + ".com", "http://\ud800.com", "https://h/v1#frag"]
POOL = ["P", "A", "Helper", "Local", "fake-model", "gpt-4o"]


def _numbers() -> st.SearchStrategy[str]:
    return st.one_of(st.integers(-3, 12).map(str), st.sampled_from(HUGE).map(str),
                     st.sampled_from(NASTY), st.text(max_size=8))


def _words() -> st.SearchStrategy[str]:
    return st.one_of(st.sampled_from(POOL), st.sampled_from(NASTY), st.text(max_size=40))


def _value(action: argparse.Action, paths: list[str]) -> st.SearchStrategy[str]:
    """A hostile or plausible value for ``action`` (chosen by its type and name)."""
    kind = getattr(action.type, "__name__", "")
    dest = action.dest
    if action.choices is not None:
        return st.one_of(st.sampled_from([str(c) for c in action.choices]), st.sampled_from(NASTY))
    if kind in ("int", "record_id") or dest in ("number", "topic_id", "topic"):
        return _numbers()
    if kind == "Path" or dest in ("path", "output"):
        return st.sampled_from(paths)
    if dest == "base_url":
        return st.one_of(st.sampled_from(URLS), st.text(max_size=30))
    if dest == "kind":
        return st.one_of(st.sampled_from(["openai", "openai_compatible", "anthropic", "openai-responses"]),
                         st.sampled_from(NASTY))
    if dest == "key":
        return st.sampled_from(["stream-silence-seconds", "compact-enabled", "history-compress-model",
                                "max-tokens", "model", "name", "memory-budget", "history-limit", "nope", ""])
    if dest in ("time", "day", "if_version"):
        return st.one_of(st.sampled_from(["02:00", "25:61", "2026-02-30", "2026-01-05", "v1", "0"]),
                         st.sampled_from(NASTY))
    return _words()


def _subparsers(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


def _commands() -> list[tuple[tuple[str, ...], argparse.ArgumentParser]]:
    out = []
    for group, gp in _subparsers(build_parser()).items():
        actions = _subparsers(gp)
        if not actions:
            if (group,) not in SKIP:
                out.append(((group,), gp))
            continue
        out.extend(((group, name), ap) for name, ap in actions.items() if (group, name) not in SKIP)
    return out


COMMON = {"help", "data_dir", "database_url", "json", "verbose"}


@st.composite
def argv_for(draw: st.DrawFn, paths: list[str]) -> tuple[tuple[str, ...], list[str]]:
    """``(command, argv)``: positionals in order, required options, some optional ones,
    sometimes a stray extra argument or ``--json``."""
    command, parser = draw(st.sampled_from(_commands()))
    argv = list(command)
    for action in parser._actions:
        if action.dest in COMMON or isinstance(action, argparse._SubParsersAction):
            continue
        if not action.option_strings:
            argv.append(draw(_value(action, paths)))
        elif action.required or draw(st.booleans()):
            argv.append(action.option_strings[0])
            if action.nargs != 0:
                argv.append(draw(_value(action, paths)))
    if draw(st.integers(0, 9)) == 0:
        argv.append("--json")
    if draw(st.integers(0, 19)) == 0:
        argv.insert(draw(st.integers(0, len(argv))), draw(_words()))
    return command, argv


@dataclass
class Figures:
    """What a run saw (printed at the end)."""

    cases: int = 0
    by_code: dict[int, int] = field(default_factory=dict)
    slowest_s: float = 0.0
    slowest: list[str] = field(default_factory=list)
    cases_s: float = 0.0  # wall seconds inside the commands, all cases
    digest_s: float = 0.0  # wall seconds hashing the store before and after them


def _tables(engine: Engine) -> list[str]:
    """The store's tables but the change log (``store_change``, issue 13), which only
    records that writes happened (an import's staged chunks discarded after a refusal
    too). Read once a run: the schema is at its head before the first case."""
    with engine.connect() as conn:
        return sorted(set(inspect(conn).get_table_names()) - {"store_change"})


def _digest(engine: Engine, tables: list[str]) -> str:
    """A hash of every row of ``tables``: equal digests = nothing was written.
    ``engine``: the test's own, kept for the run (a new engine and a schema read per
    digest were most of the run's time on PostgreSQL)."""
    h = hashlib.sha256()
    with engine.connect() as conn:
        for table in tables:
            rows = conn.execute(text(f'SELECT * FROM "{table}"')).all()
            h.update(table.encode())
            for row in sorted(repr(tuple(r)) for r in rows):
                h.update(row.encode("utf-8", "backslashreplace"))
    return h.hexdigest()


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextlib.contextmanager
def _no_network(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    proxy = f"http://127.0.0.1:{_closed_port()}"
    for var in ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "https_proxy", "all_proxy"):
        monkeypatch.setenv(var, proxy)
    for var in ("NO_PROXY", "no_proxy"):
        monkeypatch.delenv(var, raising=False)
    yield


def _files(tmp: Path) -> list[str]:
    (tmp / "dir").mkdir(exist_ok=True)
    (tmp / "empty.json").write_bytes(b"")
    (tmp / "junk.json").write_bytes(b"\xff\xfe{[\x00 not json")
    (tmp / "memory.md").write_text("#1: Likes tea\n#2: Uses vim\n")
    # Deep, huge and undecodable file *contents* are the importer fuzz suite's cases.
    return [str(tmp / n) for n in ("dir", "empty.json", "junk.json", "memory.md",
                                   "missing.json", "out/deeper/x.md")] + ["", "-", "\x00", "\ud800.json"]


#: A case still running after this many seconds is reported as hung (inside the
#: suite's 120 s timeout, which would end the run without saying why).
HANG_REPORT_S = CASE_LIMIT_S


def _hang_report(url: str, argv: list[str]) -> str:
    """Why a case hangs: its argv, every thread's stack and, on PostgreSQL, the sessions
    and locks of the test's database (a transaction left open holds the write lock)."""
    lines = [f"CLI fuzz case still running after {HANG_REPORT_S:.0f} s: argv={argv!r}"]
    names = {t.ident: t.name for t in threading.enumerate()}
    for ident, frame in sys._current_frames().items():
        lines.append(f"--- thread {names.get(ident, ident)}")
        lines.extend(line.rstrip() for line in traceback.format_stack(frame))
    if url.startswith("postgresql"):
        engine = create_engine(url)
        try:
            with engine.connect() as conn:
                for query in ("SELECT pid, state, xact_start, state_change, wait_event_type, wait_event, "
                              "left(query, 200) FROM pg_stat_activity WHERE datname = current_database()",
                              "SELECT l.pid, l.locktype, l.objid, l.mode, l.granted FROM pg_locks l "
                              "JOIN pg_database d ON d.oid = l.database WHERE d.datname = current_database()"):
                    lines.append(f"--- {query.split(' FROM ')[1].split()[0]}")
                    lines.extend(repr(tuple(r)) for r in conn.execute(text(query)))
        except Exception as exc:  # noqa: BLE001 - a report must not hide the hang
            lines.append(f"(could not read the server: {exc})")
        finally:
            engine.dispose()
    return "\n".join(lines)


@contextlib.contextmanager
def _hang_watch(url: str, argv: list[str]) -> Iterator[list[str]]:
    """Yields a list that holds a :func:`_hang_report` when the case outlives
    :data:`HANG_REPORT_S`; the report also goes to the real stderr at once, so a run the
    suite's timeout ends still says why."""
    reports: list[str] = []

    def report() -> None:
        reports.append(_hang_report(url, argv))
        print(reports[-1], file=sys.__stderr__, flush=True)

    timer = threading.Timer(HANG_REPORT_S, report)
    timer.daemon = True
    timer.start()
    try:
        yield reports
    finally:
        timer.cancel()


def _run_case(argv: list[str], url: str) -> tuple[int, str, BaseException | None]:
    out, err = io.StringIO(), io.StringIO()
    code: int = -1
    escaped: BaseException | None = None
    stdin = sys.stdin
    sys.stdin = io.StringIO("")  # `provider add` without a key source reads one
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = main([*argv, "--database-url", url])
            except SystemExit as exc:  # argparse: usage error or --help
                code = exc.code if isinstance(exc.code, int) else 2
            except BaseException as exc:  # noqa: BLE001 - that is the failure we look for
                escaped = exc
    finally:
        sys.stdin = stdin
    return code, err.getvalue(), escaped


def _fuzz(url: str, tmp: Path, monkeypatch: pytest.MonkeyPatch, examples: int) -> Figures:
    figures = Figures()
    paths = _files(tmp)
    assert main(["provider", "add", "P", "--kind", "openai_compatible", "--no-key",
                 "--base-url", "http://127.0.0.1:9/v1", "--database-url", url]) == 0
    assert main(["assistant", "create", "A", "--provider", "P", "--model", "fake-model",
                 "--database-url", url]) == 0
    assert main(["topic", "create", "--assistant", "A", "--database-url", url]) == 0

    @settings(max_examples=examples, deadline=None, database=None,
              suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow,
                                     HealthCheck.data_too_large])
    @given(case=argv_for(paths))
    def one(case: tuple[tuple[str, ...], list[str]]) -> None:
        command, argv = case
        hashed = time.monotonic()
        before = _digest(engine, tables)
        started = time.monotonic()
        figures.digest_s += started - hashed
        with _hang_watch(url, argv) as hung:
            code, err, escaped = _run_case(argv, url)
        took = time.monotonic() - started
        figures.cases += 1
        figures.cases_s += took
        figures.by_code[code] = figures.by_code.get(code, 0) + 1
        if took > figures.slowest_s:
            figures.slowest_s, figures.slowest = took, argv
        shown = f"argv={argv!r}\nstderr={err!r}"
        assert not hung, hung[0]
        assert escaped is None, f"{type(escaped).__name__}: {escaped}\n{shown}"
        assert code in (0, 1, 2, 130), shown
        assert "Traceback" not in err and "internal error" not in err, shown
        assert took < CASE_LIMIT_S, shown
        if code == 1:
            assert len(err.strip().splitlines()) == 1, shown
        if code != 0 and command not in RECORDS_OUTCOME:
            hashed = time.monotonic()
            after = _digest(engine, tables)
            figures.digest_s += time.monotonic() - hashed
            assert after == before, f"a refused command wrote to the store\n{shown}"

    engine = create_engine(url)
    tables = _tables(engine)
    try:
        with _no_network(monkeypatch):
            one()
    finally:
        engine.dispose()
    return figures


def _report(engine: str, figures: Figures) -> None:
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"\nCLI fuzz on {engine}: {figures.cases} cases, exit codes {dict(sorted(figures.by_code.items()))}, "
          f"0 tracebacks, {figures.cases_s:.1f} s in commands, {figures.digest_s:.1f} s hashing the store, slowest {figures.slowest_s:.2f} s ({figures.slowest[:4]}…), "
          f"peak RSS of the test process {peak_mb:.0f} MB")


def test_cli_arguments_never_end_in_a_traceback_sqlite(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    figures = _fuzz(f"sqlite:///{tmp_path / 'fuzz.sqlite3'}", tmp_path, monkeypatch, EXAMPLES)
    _report("SQLite", figures)
    assert figures.cases >= min(EXAMPLES, 50)


@pytest.mark.postgres
def test_cli_arguments_never_end_in_a_traceback_postgresql(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, migrated_postgres_url: str
) -> None:
    examples = max(20, EXAMPLES // 3)
    figures = _fuzz(migrated_postgres_url, tmp_path, monkeypatch, examples)
    _report("PostgreSQL", figures)
    assert figures.cases >= min(examples, 20)
