"""Real CLI processes on a shared SQLite store, killed with SIGKILL (issue 10 "Nothing
lost" crash tests).

- :class:`CliStore` runs ``python -m chathub_desktop.cli ...`` against one SQLite file
  (``PYTHONPATH`` points at this checkout), to completion (:meth:`CliStore.run`) or
  killed after a delay (:meth:`CliStore.kill_after`); :meth:`CliStore.integrity` is
  ``PRAGMA integrity_check``; :meth:`CliStore.save` / :meth:`CliStore.restore` reset the
  store between kills.
- :func:`kill_points` gives the seeded random delays; :func:`crash_kills` how many kills
  per operation (``CHATHUB_CRASH_KILLS``, default 6; 50 for the issue's full count).
- :func:`crash_loop` is the whole procedure for one operation over one or more
  :class:`Lane` (store copies, each with its own fake vendor): reset, run, SIGKILL at
  each delay, ``PRAGMA integrity_check``, check that nothing partial is visible, run the
  same command again to completion, check the result; it returns a :class:`Report`.
- :meth:`CliStore.kill_during_stream` is for a streaming ``chat send``: it kills the
  process once it has printed a given number of reply characters and returns what it
  printed, so a test can compare the stored (checkpointed) reply with what the user saw.
"""

from __future__ import annotations

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

from tests.fakes.vendor_server import FakeVendor

ROOT = Path(__file__).resolve().parents[2]
KILLS_ENV = "CHATHUB_CRASH_KILLS"


def crash_kills(default: int = 6) -> int:
    """Kills per operation: ``CHATHUB_CRASH_KILLS`` when set (e.g. 50), else ``default``."""
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
        """The command line of ``chathub-desktop ARGS`` on this store."""
        return [sys.executable, "-m", "chathub_desktop.cli", *args, "--database-url", self.url]

    def start(self, *args: str) -> subprocess.Popen[bytes]:
        """Start ``chathub-desktop ARGS`` (stdout and stderr piped)."""
        return subprocess.Popen(self.argv(*args), env=self.env(), cwd=self.root,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE)

    def run(self, *args: str, timeout: float = 60.0) -> subprocess.CompletedProcess[str]:
        """Run ``chathub-desktop ARGS`` to completion."""
        return subprocess.run(self.argv(*args), env=self.env(), cwd=self.root, capture_output=True,
                              text=True, timeout=timeout)

    def kill_after(self, delay_s: float, *args: str) -> Killed:
        """Start ``chathub-desktop ARGS`` and SIGKILL it ``delay_s`` seconds later (unless
        it already exited)."""
        t0 = time.monotonic()
        proc = self.start(*args)
        try:
            proc.wait(timeout=delay_s)
            killed = False
        except subprocess.TimeoutExpired:
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
    """What one operation's kills saw: kills that landed (vs. runs that had finished),
    the visible outcome of each, and the clean re-runs."""

    name: str
    kills: int = 0
    finished_first: int = 0
    outcomes: Counter[str] = field(default_factory=Counter)
    reruns_ok: int = 0

    def line(self) -> str:
        seen = ", ".join(f"{k} {v}" for k, v in sorted(self.outcomes.items()))
        return (f"{self.name}: {self.kills} kills landed, {self.finished_first} runs finished first; "
                f"visible after the kill: {seen}; {self.reruns_ok} re-runs completed cleanly; 0 partial")


def crash_loop(name: str, lanes: list[Lane], argv: tuple[str, ...], delays: list[float],
               observe: Callable[[CliStore], str], script: Callable[[Lane, bool], None] | None = None,
               ) -> Report:
    """For each delay (split over ``lanes``): reset the lane, run ``argv`` and SIGKILL it
    after the delay, check integrity and that ``observe`` (which raises on anything
    partial) sees the old or the new state, then run ``argv`` again to completion and
    check it reaches the new state. ``script(lane, fast)`` queues the vendor's replies
    before each run (slow ones for the run that is killed)."""
    report = Report(name)

    def one(lane: Lane, delay: float) -> tuple[bool, str]:
        lane.reset()
        if script is not None:
            script(lane, False)
        killed = lane.store.kill_after(delay, *argv)
        if not killed.killed:
            assert killed.returncode == 0, killed.stderr
        assert lane.store.integrity() == "ok"
        seen = observe(lane.store)
        if script is not None:
            script(lane, True)
        again = lane.store.run(*argv)
        assert again.returncode == 0 and "Traceback" not in again.stderr, (delay, again.stdout, again.stderr)
        assert lane.store.integrity() == "ok"
        assert observe(lane.store) == "new", delay
        return killed.killed, seen

    def lane_work(i: int) -> list[tuple[bool, str]]:
        return [one(lanes[i], d) for d in delays[i::len(lanes)]]

    with ThreadPoolExecutor(len(lanes)) as pool:
        results = [r for part in pool.map(lane_work, range(len(lanes))) for r in part]
    for killed, seen in results:
        report.kills += killed
        report.finished_first += not killed
        report.outcomes[seen] += 1
        report.reruns_ok += 1
    print("\n" + report.line())
    return report


def timed_full_run(lanes: list[Lane], argv: tuple[str, ...], script: Callable[[Lane, bool], None] | None = None,
                   ) -> float:
    """Seconds of a run without a kill, run in every lane at once as the kills will be
    (it sets the kill window); afterwards each lane holds the state a whole run leaves."""
    def one(lane: Lane) -> float:
        lane.reset()
        if script is not None:
            script(lane, False)
        t0 = time.monotonic()
        out = lane.store.run(*argv)
        assert out.returncode == 0, out.stderr
        return time.monotonic() - t0

    with ThreadPoolExecutor(len(lanes)) as pool:
        return max(pool.map(one, lanes))


def kill_window(full: float) -> tuple[float, float]:
    """Kill delays in seconds: from about when the process has started (0.35 s) to the
    end of a whole run (``full``), so some kills land after the commit, while the
    process is exiting."""
    return 0.35, full
