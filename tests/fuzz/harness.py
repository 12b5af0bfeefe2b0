"""What every fuzz case must hold (issue 12, APP-5), and the figures a run reports.

A case runs one importer on one file and ends in exactly one of: an import, or a
refusal with the importer's own error class and a one-line message. It fails on any
other exception (a traceback), on a log record carrying a traceback, on any change to
the store after a refusal, on more than :data:`CASE_SECONDS` seconds, or on more than
:data:`CASE_RSS_MB` MB of resident memory.

Case counts are bounded for CI: ``CHATHUB_FUZZ_SCALE`` (default 1) multiplies every
``max_examples``; ``CHATHUB_FUZZ_SCALE=20`` is a long run. ``CHATHUB_FUZZ_RECORD=1``
records failures in the figures instead of failing (to measure a tree that fails them).
"""

from __future__ import annotations

import hashlib
import json
import logging
import marshal
import os
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from hypothesis import HealthCheck, settings

from chathub_desktop.storage.database import Database
from chathub_desktop.storage.models import Base

CASE_SECONDS = 30.0
CASE_RSS_MB = 500
SCALE = max(1, int(os.environ.get("CHATHUB_FUZZ_SCALE", "1")))
RECORD_ONLY = os.environ.get("CHATHUB_FUZZ_RECORD") == "1"


def fuzz_settings(examples: int) -> settings:
    """Hypothesis settings of one fuzz test: ``examples × CHATHUB_FUZZ_SCALE`` cases,
    no per-example deadline (the harness times each case against CASE_SECONDS)."""
    return settings(max_examples=examples * SCALE, deadline=None, derandomize=SCALE == 1,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture,
                                           HealthCheck.data_too_large, HealthCheck.large_base_example])


@dataclass
class Figures:
    """Totals of a run: cases, imports, refusals, tracebacks, hangs, memory blow-ups,
    writes after a refusal, the peak RSS growth of one in-process case and the peak RSS
    of a case run in its own process (MB)."""

    cases: int = 0
    imported: int = 0
    refused: int = 0
    tracebacks: int = 0
    hangs: int = 0
    over_memory: int = 0
    writes_after_refusal: int = 0
    peak_rss_mb: float = 0.0
    isolated_peak_rss_mb: float = 0.0
    slowest_s: float = 0.0
    failures: list[str] = field(default_factory=list)

    def line(self) -> str:
        """The figures as one line for the terminal summary."""
        return (f"fuzz: {self.cases} cases ({self.imported} imported, {self.refused} refused), "
                f"{self.tracebacks} tracebacks, {self.hangs} hangs (>{CASE_SECONDS:.0f} s), "
                f"{self.over_memory} over {CASE_RSS_MB} MB, {self.writes_after_refusal} writes after a refusal; "
                f"peak RSS growth per case {self.peak_rss_mb:.0f} MB, peak RSS of an isolated heavy case "
                f"{self.isolated_peak_rss_mb:.0f} MB, slowest case {self.slowest_s:.2f} s")


FIGURES = Figures()


def store_digest(db: Database) -> str:
    """sha256 of every row of every table: equal digests mean the store did not change.
    The change log (``store_change``, issue 13) is left out: it records that writes
    happened — an import's staged chunks, discarded after a refusal, included — and
    holds no content. Rows are read as the driver gives them, in primary-key order, and
    serialized with ``marshal`` (version 2: no back-references, so equal rows give equal
    bytes); a value marshal cannot write (a PostgreSQL date) goes through ``repr``. The
    digest runs twice per fuzz case over a store that grows with what earlier cases
    imported: through the ORM and ``repr`` it was half a case's CPU (issue 28)."""
    h = hashlib.sha256()
    with db.read() as s:
        conn = s.connection()
        for table in Base.metadata.sorted_tables:
            if table.name == "store_change":
                continue
            h.update(table.name.encode())
            order = ", ".join(f'"{c.name}"' for c in table.primary_key.columns)
            rows = [tuple(r) for r in conn.exec_driver_sql(f'SELECT * FROM "{table.name}" ORDER BY {order}')]
            try:
                h.update(marshal.dumps(rows, 2))
            except ValueError:  # a type marshal does not know
                h.update(repr(rows).encode("utf-8", "surrogatepass"))
    return h.hexdigest()


def _rss_mb() -> float:
    """Resident memory now (MB), from /proc (0 when unavailable)."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def _peak_mb() -> float:
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def _reset_peak() -> bool:
    """Reset this process's peak RSS (Linux ``clear_refs`` 5); False when it cannot."""
    try:
        Path("/proc/self/clear_refs").write_text("5")
        return True
    except OSError:
        return False


class _TracebackLog(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        if record.exc_info:
            self.records.append(record)


@contextmanager
def _captured_tracebacks() -> Iterator[_TracebackLog]:
    handler = _TracebackLog()
    root = logging.getLogger()
    root.addHandler(handler)
    try:
        yield handler
    finally:
        root.removeHandler(handler)


def _fail(kind: str, label: str, detail: str) -> None:
    FIGURES.failures.append(f"{kind}: {label}: {detail[:300]}")
    if not RECORD_ONLY:
        raise AssertionError(f"{kind} in fuzz case {label}: {detail}")


def check_case(label: str, db: Database, run: Callable[[], object],
               refusal: type[BaseException] | tuple[type[BaseException], ...]) -> str:
    """Run one case (``run`` imports one file) and check it (see the module doc).

    Returns ``"imported"`` or the refusal message. A refusal must be an instance of
    ``refusal`` with a one-line message; anything else is a traceback."""
    before = store_digest(db)
    base = _rss_mb()
    measured = _reset_peak()
    start = time.monotonic()
    FIGURES.cases += 1
    outcome = "imported"
    with _captured_tracebacks() as logged:
        try:
            run()
        except refusal as exc:
            outcome = str(exc)
            FIGURES.refused += 1
            if len(outcome.splitlines()) != 1 or not outcome.strip():
                FIGURES.tracebacks += 1
                _fail("multi-line refusal", label, repr(outcome))
            if store_digest(db) != before:
                FIGURES.writes_after_refusal += 1
                _fail("write after a refusal", label, outcome)
        except Exception as exc:  # noqa: BLE001 - a traceback is what this counts
            FIGURES.tracebacks += 1
            _fail("traceback", label, f"{type(exc).__name__}: {exc}")
            outcome = f"{type(exc).__name__}: {exc}"
        else:
            FIGURES.imported += 1
    seconds = time.monotonic() - start
    FIGURES.slowest_s = max(FIGURES.slowest_s, seconds)
    if logged.records:
        FIGURES.tracebacks += 1
        _fail("traceback logged", label, logged.records[0].getMessage())
    if seconds > CASE_SECONDS:
        FIGURES.hangs += 1
        _fail("hang", label, f"{seconds:.1f} s")
    if measured:
        grown = max(0.0, _peak_mb() - base)
        FIGURES.peak_rss_mb = max(FIGURES.peak_rss_mb, grown)
        if grown > CASE_RSS_MB:
            FIGURES.over_memory += 1
            _fail("memory", label, f"{grown:.0f} MB")
    return outcome


def write_figures(path: Path) -> None:
    """Write :data:`FIGURES` as JSON (``CHATHUB_FUZZ_REPORT``)."""
    path.write_text(json.dumps(FIGURES.__dict__, indent=2))


@dataclass(frozen=True)
class IsolatedResult:
    """What a case run in its own process did: ``outcome`` (``imported`` / ``refused`` /
    ``traceback`` / ``hang`` / ``memory``), the message, whether the store was unchanged
    after a refusal, its peak RSS (MB, the whole process) and wall seconds."""

    outcome: str
    message: str
    store_unchanged: bool
    peak_rss_mb: float
    seconds: float


def _status_kb(pid: int, key: str) -> int:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith(key):
                return int(line.split()[1])
    except (OSError, ValueError, IndexError):
        pass
    return 0


def _watch_worker(cases: list[tuple[str, Path]], store: Path) -> list[IsolatedResult]:
    """Run ``cases`` in one ``tests.fuzz.case_worker`` until they are done or one is
    killed (past :data:`CASE_SECONDS` or :data:`CASE_RSS_MB` resident MB); returns the
    results so far, the killed case last."""
    import subprocess
    import sys
    import tempfile

    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(root), os.environ.get("PYTHONPATH", "")])}
    args = [str(a) for kind, file in cases for a in (kind, file)]
    results: list[IsolatedResult] = []
    with tempfile.NamedTemporaryFile() as out:
        proc = subprocess.Popen([sys.executable, "-m", "tests.fuzz.case_worker", str(store), *args],
                                stdout=out, stderr=subprocess.DEVNULL, env=env, cwd=root)
        case_start, done, killed = time.monotonic(), 0, ""
        while True:
            finished = proc.poll() is not None
            lines = Path(out.name).read_text(errors="replace").splitlines()
            complete = lines if finished else lines[:-1] if lines and not lines[-1].endswith("}") else lines
            for line in complete[done:]:
                try:
                    data = json.loads(line)
                except ValueError:
                    data = {"outcome": "traceback", "message": line[-300:]}
                results.append(IsolatedResult(str(data["outcome"]), str(data.get("message", "")),
                                              bool(data.get("store_unchanged", True)),
                                              float(data.get("peak_rss_mb", 0.0)), float(data.get("seconds", 0.0))))
                done += 1
                case_start = time.monotonic()
            if finished:
                break
            rss_mb = _status_kb(proc.pid, "VmRSS:") / 1024
            seconds = time.monotonic() - case_start
            if rss_mb > CASE_RSS_MB:
                killed = "memory"
            elif seconds > CASE_SECONDS:
                killed = "hang"
            if killed:
                peak = max(rss_mb, _status_kb(proc.pid, "VmHWM:") / 1024)
                proc.kill()
                proc.wait()
                results.append(IsolatedResult(killed, f"killed after {seconds:.1f} s at {peak:.0f} MB", False,
                                              peak, seconds))
                break
            time.sleep(0.02)
    if not killed and len(results) < len(cases):  # the worker died without a word
        results.append(IsolatedResult("traceback", f"the worker exited with {proc.returncode}", False, 0.0, 0.0))
    return results


def run_isolated(cases: list[tuple[str, Path, str]], store: Path) -> dict[str, IsolatedResult]:
    """Run heavy cases ``(kind, file, label)`` in worker processes, each case watched:
    killed past :data:`CASE_SECONDS` (a hang) or past :data:`CASE_RSS_MB` resident MB
    (memory); a new worker takes the cases after a killed one. Counts every case in
    :data:`FIGURES` (failing them as :func:`check_case` does, unless recording) and
    returns the results by label."""
    results: dict[str, IsolatedResult] = {}
    pending = list(cases)
    workers = 0
    while pending:
        workers += 1  # each worker its own fresh store
        got = _watch_worker([(k, f) for k, f, _ in pending], store.with_name(f"{store.stem}-{workers}{store.suffix}"))
        for (_kind, _file, label), result in zip(pending, got, strict=False):
            results[label] = result
        pending = pending[len(got):] if got else pending[1:]
    for label, result in results.items():
        FIGURES.cases += 1
        FIGURES.slowest_s = max(FIGURES.slowest_s, result.seconds)
        FIGURES.isolated_peak_rss_mb = max(FIGURES.isolated_peak_rss_mb, result.peak_rss_mb)
        if result.outcome == "hang":
            FIGURES.hangs += 1
        elif result.outcome == "memory" or result.peak_rss_mb > CASE_RSS_MB:
            FIGURES.over_memory += 1
        elif result.outcome == "traceback":
            FIGURES.tracebacks += 1
        elif result.outcome == "refused":
            FIGURES.refused += 1
            if not result.store_unchanged:
                FIGURES.writes_after_refusal += 1
        else:
            FIGURES.imported += 1
        if result.outcome in ("hang", "memory", "traceback") or not result.store_unchanged:
            FIGURES.failures.append(f"{result.outcome}: {label}: {result.message[:300]}")
    return results
