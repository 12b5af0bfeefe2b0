"""Real CLI processes on a shared SQLite store, killed with SIGKILL (issue 10 "Nothing
lost" crash tests).

- :class:`CliStore` runs ``python -m chathub_desktop.cli ...`` against one SQLite file
  (``PYTHONPATH`` points at this checkout), to completion (:meth:`CliStore.run`) or
  killed after a delay (:meth:`CliStore.kill_after`); :meth:`CliStore.integrity` is
  ``PRAGMA integrity_check``; :meth:`CliStore.save` / :meth:`CliStore.restore` reset the
  store between kills.
- :func:`kill_points` gives the seeded random delays; :func:`crash_kills` how many kills
  per operation (``CHATHUB_CRASH_KILLS``, default 2 in CI: one at a random delay, one aimed
  inside the write; 50 for the issue's full count by hand).
- :func:`crash_loop` is the whole procedure for one operation over one or more
  :class:`Lane` (store copies, each with its own fake vendor): reset, run, SIGKILL (at
  each random delay, and aimed: inside the write under test), ``PRAGMA
  integrity_check``, count what is visible (old, new, or partial), run the same command
  again to completion, check the result; it returns a :class:`Report` whose
  :meth:`Report.check` fails on any partial state, any re-run that did not end in the
  new state, or too few kills inside the write.
- Processes are forks of a pre-imported interpreter (``tests/fakes/cli_fork.py``: a
  separate process with its own pid, killed as any other; without ~1 s of imports each).
- Processes run through ``tests.integration.cli_child``, which marks each commit of the
  tables under test (``begin n`` / ``end n`` lines in a file) and can hold one commit
  open before its COMMIT: a kill is classified as before, inside or after the write from
  those marks, never assumed.
- :meth:`CliStore.kill_during_stream` is for a streaming ``chat send``: it kills the
  process once it has printed a given number of reply characters and returns what it
  printed, so a test can compare the stored (checkpointed) reply with what the user saw.
"""

from __future__ import annotations

import math
import os
import random
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from tests.fakes import cli_fork
from tests.fakes.vendor_server import FakeVendor

ROOT = Path(__file__).resolve().parents[2]
KILLS_ENV = "CHATHUB_CRASH_KILLS"
#: Seconds an aimed run holds the write under test open before its COMMIT.
HOLD_S = 1.5
#: Share of each operation's kills that must land inside the write under test.
INSIDE_SHARE = 0.5


def _read(path: Path) -> str:
    try:
        return path.read_text()
    except FileNotFoundError:
        return ""


def landed(marks: Path) -> str:
    """Where a killed run was, from its marks file: ``inside`` (a write under test had
    begun and not ended), ``after`` (at least one such write ended, none open),
    ``before`` (none had begun)."""
    began, ended = set(), set()
    for line in _read(marks).splitlines():
        word, _, rest = line.partition(" ")
        n = rest.split(" ")[0]
        (began if word == "begin" else ended).add(n)
    if began - ended:
        return "inside"
    return "after" if began else "before"


def writes(marks: Path) -> int:
    """How many writes under test a whole run committed (its ``end`` marks)."""
    return sum(line.startswith("end ") for line in _read(marks).splitlines())


def crash_kills(default: int = 2) -> int:
    """Kills per operation: ``CHATHUB_CRASH_KILLS`` when set (e.g. 50), else ``default``
    (2: one at a random delay and one aimed inside the write, one lane each; issue 28
    bounds the CI run, the full count is for a run by hand)."""
    raw = os.environ.get(KILLS_ENV, "").strip()
    return max(1, int(raw)) if raw.isdigit() else default


def kill_points(seed: int, n: int, start_s: float, end_s: float) -> list[float]:
    """``n`` seeded random delays in seconds, uniform in [start_s, end_s]."""
    rng = random.Random(seed)
    return [round(rng.uniform(start_s, end_s), 3) for _ in range(n)]


@dataclass(frozen=True)
class Killed:
    """One killed (or already finished) process: ``killed`` False when it exited before
    the kill; its ``returncode``, ``stdout``, ``stderr`` and seconds it ran."""

    killed: bool
    returncode: int
    stdout: str
    stderr: str
    seconds: float


class CliStore:
    """An SQLite store at ``root/store.sqlite3`` shared by the test and CLI processes.

    ``env`` adds environment variables for every process (API key variables, …).
    """

    def __init__(self, root: Path, env: dict[str, str] | None = None) -> None:
        self.root = root
        self.path = root / "store.sqlite3"
        self.url = f"sqlite:///{self.path}"
        self.extra_env = dict(env or {})
        (root / "data").mkdir(parents=True, exist_ok=True)

    def env(self) -> dict[str, str]:
        """The environment of a CLI process: this checkout first on ``PYTHONPATH``, its
        own data dir, test doubles allowed, plus :attr:`extra_env`."""
        env = dict(os.environ)
        env.update({"PYTHONPATH": str(ROOT), "CHATHUB_DATA_DIR": str(self.root / "data"),
                    "PYTHONUNBUFFERED": "1", "CHATHUB_ALLOW_TEST_DOUBLES": "1"})
        env.pop("CHATHUB_DATABASE_URL", None)
        env.update(self.extra_env)
        return env

    def argv(self, *args: str) -> list[str]:
        """The command line of ``chathub-desktop ARGS`` on this store (through the
        timing-only instruments of ``tests.integration.cli_child``)."""
        return [sys.executable, "-m", "tests.integration.cli_child", *args, "--database-url", self.url]

    def start(self, *args: str, env: dict[str, str] | None = None) -> subprocess.Popen[bytes]:
        """Start ``chathub-desktop ARGS`` (stdout and stderr piped); ``env`` adds variables."""
        return cli_fork.Popen(self.argv(*args), env={**self.env(), **(env or {})}, cwd=self.root,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE)

    def run(self, *args: str, timeout: float = 60.0, env: dict[str, str] | None = None,
            ) -> subprocess.CompletedProcess[str]:
        """Run ``chathub-desktop ARGS`` to completion."""
        return cli_fork.run(self.argv(*args), env={**self.env(), **(env or {})}, cwd=self.root,
                            capture_output=True, text=True, timeout=timeout)

    def kill_after(self, delay_s: float, *args: str, env: dict[str, str] | None = None) -> Killed:
        """Start ``chathub-desktop ARGS`` and SIGKILL it ``delay_s`` seconds later (unless
        it already exited)."""
        t0 = time.monotonic()
        proc = self.start(*args, env=env)
        try:
            proc.wait(timeout=delay_s)
            killed = False
        except subprocess.TimeoutExpired:
            proc.send_signal(signal.SIGKILL)
            killed = True
        out, err = proc.communicate(timeout=30)
        return Killed(killed, proc.returncode, out.decode(errors="replace"), err.decode(errors="replace"),
                      time.monotonic() - t0)

    def kill_inside(self, marks: Path, commit: int, into_s: float, *args: str,
                    env: dict[str, str] | None = None, timeout: float = 60.0) -> Killed:
        """Start ``chathub-desktop ARGS`` with its ``commit``-th write under test held open
        for :data:`HOLD_S` before its COMMIT, wait until the marks file says that write
        began, and SIGKILL it ``into_s`` seconds later (``into_s`` < :data:`HOLD_S`).
        Whether the kill really landed inside is read back from the marks afterwards."""
        t0 = time.monotonic()
        proc = self.start(*args, env={**(env or {}), "CHATHUB_CRASH_SLOW_AT": str(commit),
                                      "CHATHUB_CRASH_SLOW_S": str(HOLD_S)})
        while f"begin {commit} " not in _read(marks) and proc.poll() is None:
            if time.monotonic() - t0 > timeout:
                proc.kill()
                proc.communicate(timeout=30)
                raise TimeoutError(f"write {commit} never began in {timeout} s")
            time.sleep(0.005)
        killed = False
        if proc.poll() is None:
            time.sleep(into_s)
            if proc.poll() is None:
                proc.send_signal(signal.SIGKILL)
                killed = True
        out, err = proc.communicate(timeout=30)
        return Killed(killed, proc.returncode, out.decode(errors="replace"), err.decode(errors="replace"),
                      time.monotonic() - t0)

    def kill_during_stream(self, after_chars: int, *args: str, timeout: float = 30.0) -> tuple[str, Killed]:
        """Start ``chathub-desktop ARGS`` (e.g. ``chat send --topic 1 hi``), read its
        stdout until it printed at least ``after_chars`` characters, SIGKILL it there.
        Returns (the text it printed, the :class:`Killed` record); raises
        ``TimeoutError`` when it never printed that much."""
        t0 = time.monotonic()
        proc = self.start(*args)
        assert proc.stdout is not None
        seen = b""
        os.set_blocking(proc.stdout.fileno(), False)
        try:
            while len(seen.decode(errors="ignore")) < after_chars:
                if time.monotonic() - t0 > timeout:
                    raise TimeoutError(f"printed only {len(seen)} bytes in {timeout} s")
                try:
                    chunk = os.read(proc.stdout.fileno(), 65536)
                except BlockingIOError:
                    chunk = None
                if chunk:
                    seen += chunk
                elif chunk == b"" or proc.poll() is not None:
                    break  # it ended before printing that much
                else:
                    time.sleep(0.005)
        finally:
            killed = proc.poll() is None
            if killed:
                proc.send_signal(signal.SIGKILL)
            os.set_blocking(proc.stdout.fileno(), True)
            rest, err = proc.communicate(timeout=30)
        text = seen.decode(errors="replace")
        return text, Killed(killed, proc.returncode, text + rest.decode(errors="replace"),
                            err.decode(errors="replace"), time.monotonic() - t0)

    def integrity(self) -> str:
        """``PRAGMA integrity_check`` of the store (``"ok"`` when sound)."""
        conn = sqlite3.connect(self.path)
        try:
            return "; ".join(str(r[0]) for r in conn.execute("PRAGMA integrity_check"))
        finally:
            conn.close()

    def save(self, name: str) -> Path:
        """A consistent copy of the store (SQLite's backup API) under ``name``."""
        dest = self.root / f"{name}.sqlite3"
        dest.unlink(missing_ok=True)
        src, dst = sqlite3.connect(self.path), sqlite3.connect(dest)
        try:
            src.backup(dst)
        finally:
            src.close()
            dst.close()
        return dest

    def restore(self, saved: Path) -> None:
        """Put a :meth:`save` copy back as the store (dropping any WAL of a killed run)."""
        for suffix in ("-wal", "-shm"):
            Path(f"{self.path}{suffix}").unlink(missing_ok=True)
        shutil.copyfile(saved, self.path)


def rows(store: CliStore, sql: str, *args: object) -> list[tuple[object, ...]]:
    """One query on a fresh connection (the file is swapped between kills)."""
    conn = sqlite3.connect(store.path)
    try:
        return list(conn.execute(sql, args))
    finally:
        conn.close()


@dataclass
class Lane:
    """One store copy (and the fake vendor it talks to) that a share of the kills uses."""

    store: CliStore
    template: Path
    vendor: FakeVendor | None = None

    def reset(self) -> None:
        """Back to the state before the operation; point the store's providers at this
        lane's vendor."""
        self.store.restore(self.template)
        if self.vendor is not None:
            conn = sqlite3.connect(self.store.path)
            with conn:
                conn.execute("UPDATE provider SET base_url = ?", (self.vendor.base_url,))
            conn.close()


@dataclass
class Report:
    """What one operation's kills saw, each counted from what was observed: where each
    kill landed (before / inside / after the write under test, from the child's marks,
    or the run had finished first), the state visible after it (``old``, ``new``, ...,
    or ``partial`` with the observer's complaint in :attr:`partial_notes`), and the
    re-runs that completed cleanly in the new state."""

    name: str
    tables: tuple[str, ...]
    runs: int = 0
    kills: int = 0
    finished_first: int = 0
    landed: Counter[str] = field(default_factory=Counter)
    outcomes: Counter[str] = field(default_factory=Counter)
    partial_notes: list[str] = field(default_factory=list)
    reruns_ok: int = 0
    rerun_notes: list[str] = field(default_factory=list)
    #: ``(how, delay or seconds into the write, where it landed, what was visible)`` per run
    runs_seen: list[tuple[str, float, str, str]] = field(default_factory=list)

    @property
    def partial(self) -> int:
        """Kills after which a partial state was visible."""
        return self.outcomes["partial"]

    @property
    def required_inside(self) -> int:
        """Kills that must land inside the write under test (:data:`INSIDE_SHARE`)."""
        return max(1, math.ceil(INSIDE_SHARE * self.runs))

    def line(self) -> str:
        """One line for the test log."""
        seen = ", ".join(f"{k} {v}" for k, v in sorted(self.outcomes.items()))
        where = ", ".join(f"{k} {self.landed[k]}" for k in ("before", "inside", "after"))
        return (f"{self.name}: {self.runs} runs, {self.kills} kills landed ({where} the write to "
                f"{'/'.join(self.tables)}; {self.landed['inside']} inside, required >= {self.required_inside}), "
                f"{self.finished_first} runs finished first; visible after the kill: {seen}; "
                f"{self.partial} partial; {self.reruns_ok} of {self.runs} re-runs completed cleanly")

    def check(self) -> None:
        """Fail on a partial state, a re-run that did not reach the new state, or fewer
        kills inside the write under test than required."""
        assert self.partial == 0, f"{self.line()}\n" + "\n".join(self.partial_notes)
        assert self.reruns_ok == self.runs, f"{self.line()}\n" + "\n".join(self.rerun_notes)
        assert self.landed["inside"] >= self.required_inside, self.line()


@dataclass(frozen=True)
class FullRun:
    """A run without a kill: its seconds (sets the kill window) and how many writes under
    test it committed (the aimed kills pick one of them)."""

    seconds: float
    writes: int


def _marks_env(lane: Lane, tables: tuple[str, ...]) -> tuple[Path, dict[str, str]]:
    marks = lane.store.root / "marks.txt"
    marks.unlink(missing_ok=True)
    return marks, {"CHATHUB_CRASH_MARKS": str(marks), "CHATHUB_CRASH_TABLES": ",".join(tables)}


def crash_loop(name: str, lanes: list[Lane], argv: tuple[str, ...], delays: list[float],
               observe: Callable[[CliStore], str], script: Callable[[Lane, bool], None] | None = None,
               *, tables: tuple[str, ...], full: FullRun, aimed: int | None = None, seed: int = 0,
               ) -> Report:
    """One run per delay, split over ``lanes``: the last ``aimed`` of them (default half,
    at least one) are aimed kills instead of random delays. Each run: reset the
    lane, run ``argv`` and SIGKILL it (after the delay, or inside a seeded one of the
    ``full.writes`` writes to ``tables``, taken in turn), check integrity, record what ``observe`` sees
    (it raises on anything partial: counted as ``partial``) and where the kill landed,
    then run ``argv`` again to completion and record whether it reached the new state.
    ``script(lane, fast)`` queues the vendor's replies before each run (slow ones for the
    run that is killed). Returns the :class:`Report`; call :meth:`Report.check`."""
    report = Report(name, tables)
    rng = random.Random(seed)
    n_aimed = max(1, len(delays) // 2) if aimed is None else aimed
    assert full.writes >= 1, f"a whole {name} run committed no write to {tables}"
    plan: list[tuple[str, float, int]] = [("delay", d, 0) for d in delays[: max(0, len(delays) - n_aimed)]]
    # aimed kills take the writes in turn (1, 2, …), each at a seeded moment of its hold
    plan += [("aimed", round(rng.uniform(0.1, 0.6) * HOLD_S, 3), i % full.writes + 1) for i in range(n_aimed)]

    def one(lane: Lane, how: str, at: float, commit: int) -> tuple[str, float, bool, str, str, str, str]:
        lane.reset()
        if script is not None:
            script(lane, False)
        marks, env = _marks_env(lane, tables)
        if how == "delay":
            killed = lane.store.kill_after(at, *argv, env=env)
        else:
            killed = lane.store.kill_inside(marks, commit, at, *argv, env=env)
        if not killed.killed:
            assert killed.returncode == 0, killed.stderr
        where = landed(marks) if killed.killed else "finished"
        assert lane.store.integrity() == "ok"
        note = ""
        try:
            seen = observe(lane.store)
        except AssertionError as exc:
            seen, note = "partial", f"{how} {at} (write {commit}): {exc}"
        if script is not None:
            script(lane, True)
        again = lane.store.run(*argv)
        problem = ""
        if again.returncode != 0 or "Traceback" in again.stderr:
            problem = f"{how} {at}: re-run exit {again.returncode}: {again.stderr[-500:]}"
        elif lane.store.integrity() != "ok":
            problem = f"{how} {at}: integrity after the re-run: {lane.store.integrity()}"
        else:
            try:
                after = observe(lane.store)
            except AssertionError as exc:
                after = f"partial ({exc})"
            if after != "new":
                problem = f"{how} {at}: the re-run left {after}"
        label = f"{how} {at} s" + (f" into write {commit} of {full.writes}" if how == "aimed" else "")
        return label, at, killed.killed, where, seen, note, problem

    def lane_work(i: int) -> list[tuple[str, float, bool, str, str, str, str]]:
        return [one(lanes[i], *step) for step in plan[i::len(lanes)]]

    with ThreadPoolExecutor(len(lanes)) as pool:
        results = [r for part in pool.map(lane_work, range(len(lanes))) for r in part]
    for how, at, killed, where, seen, note, problem in results:
        report.runs_seen.append((how, at, where, seen))
        report.runs += 1
        report.kills += killed
        report.finished_first += not killed
        if killed:
            report.landed[where] += 1
        report.outcomes[seen] += 1
        if note:
            report.partial_notes.append(note)
        if problem:
            report.rerun_notes.append(problem)
        else:
            report.reruns_ok += 1
    print("\n" + report.line())
    for how, _at, where, seen in report.runs_seen:
        print(f"  kill {how}: {where}, {seen} visible")
    return report


def timed_full_run(lanes: list[Lane], argv: tuple[str, ...], script: Callable[[Lane, bool], None] | None = None,
                   *, tables: tuple[str, ...]) -> FullRun:
    """A run without a kill, in every lane at once as the kills will be (its seconds set
    the kill window; its marks count the writes to ``tables``); afterwards each lane
    holds the state a whole run leaves."""
    def one(lane: Lane) -> tuple[float, int]:
        lane.reset()
        if script is not None:
            script(lane, False)
        marks, env = _marks_env(lane, tables)
        t0 = time.monotonic()
        out = lane.store.run(*argv, env=env)
        assert out.returncode == 0, out.stderr
        return time.monotonic() - t0, writes(marks)

    with ThreadPoolExecutor(len(lanes)) as pool:
        done = list(pool.map(one, lanes))
    return FullRun(max(t for t, _ in done), min(w for _, w in done))


def kill_window(full: float) -> tuple[float, float]:
    """Kill delays in seconds: from about when the process has started (0.35 s) to the
    end of a whole run (``full``), so some kills land after the commit, while the
    process is exiting."""
    return 0.35, full
