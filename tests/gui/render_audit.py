"""Render message texts in a probe process and audit what it opened (issue 32).

:func:`render_audited` runs :mod:`tests.gui.render_probe` on a list of texts and
reports, per case: the render time, the RSS, every forbidden path the process tried to
open (any result, ENOENT included: an attempt is a fault) and every network connection.
A case that does not finish within ``case_timeout_s`` is a hang: the process is killed
and the case named.

The audit is ``strace`` (open/openat/openat2/connect/socket of every thread, split by
the probe's per-case marker opens) when it is installed; otherwise the probe's
``/proc/<pid>/fd`` table is polled every millisecond, which sees every long open
(a device read without end, a FIFO waiting for a writer, a socket) but can miss a
short open of a regular file.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
_MARK = re.compile(r'"[^"]*/case-(\d+)"')
_PATH = re.compile(r'^\s*(\d+)\s+(?:open|openat|openat2)\((?:AT_FDCWD|\d+[^,]*), "((?:[^"\\]|\\.)*)"')
_NET = re.compile(r"^\s*\d+\s+(connect|socket)\((.*)")


@dataclass
class Audit:
    """What one probe run did. ``seconds`` (the longest the window froze at once),
    ``total_s`` (show to fully laid out and painted), ``cpu_s`` (the most GUI-thread
    processor time between two timer ticks) and ``rss_mb``: per finished case; ``opened``:
    ``(case, path)`` of forbidden opens; ``network``: ``(case, call)``; ``hung``: the
    case that did not finish (``None``: all did), ``exit_code``: the probe's (negative: the
    signal that ended it); ``ready_rss_mb``: RSS before the first
    case; ``mode``: ``strace`` or ``fd-poll``."""

    seconds: list[float] = field(default_factory=list)
    total_s: list[float] = field(default_factory=list)
    cpu_s: list[float] = field(default_factory=list)
    rss_mb: list[float] = field(default_factory=list)
    opened: list[tuple[int, str]] = field(default_factory=list)
    network: list[tuple[int, str]] = field(default_factory=list)
    hung: int | None = None
    exit_code: int | None = None
    ready_rss_mb: float = 0.0
    mode: str = "strace"
    stderr: str = ""

    @property
    def worst_s(self) -> float:
        """The longest stall of a finished case, seconds."""
        return max(self.seconds, default=0.0)

    @property
    def rss_growth_mb(self) -> float:
        """Peak RSS over the cases minus the RSS when the probe was ready, MB."""
        return max(self.rss_mb, default=self.ready_rss_mb) - self.ready_rss_mb


def _forbidden(path: str, cwd: Path, forbidden: Sequence[Path]) -> bool:
    p = Path(path)
    p = Path(os.path.normpath(p if p.is_absolute() else cwd / p))
    return any(p == f or f in p.parents for f in forbidden)


def _parse_strace(log: str, cwd: Path, forbidden: Sequence[Path], audit: Audit) -> None:
    case = -1
    for line in log.splitlines():
        mark = _MARK.search(line)
        if mark and "case-" in line and "/markers/" in line:
            case = int(mark.group(1))
            continue
        if case < 0:
            continue
        m = _PATH.match(line)
        if m:
            path = m.group(2).encode().decode("unicode_escape", errors="replace")
            if _forbidden(path, cwd, forbidden):
                audit.opened.append((case, path))
            continue
        n = _NET.match(line)
        if n and not n.group(2).startswith("AF_UNIX") and "resumed" not in line:
            audit.network.append((case, f"{n.group(1)}({n.group(2)[:80]}"))


def _poll_fds(pid: int, cwd: Path, forbidden: Sequence[Path], audit: Audit, current: list[int],
              stop: threading.Event) -> None:
    base: set[str] | None = None
    fd_dir = Path(f"/proc/{pid}/fd")
    while not stop.is_set():
        try:
            targets = {os.readlink(fd_dir / n) for n in os.listdir(fd_dir)}
        except OSError:
            targets = set()
        if current[0] < 0:
            base = targets
        elif base is not None:
            for t in targets - base:
                if t.startswith("socket:"):
                    audit.network.append((current[0], t))
                elif _forbidden(t, cwd, forbidden):
                    audit.opened.append((current[0], t))
        time.sleep(0.001)


def render_audited(texts: Sequence[str], work: Path, *, forbidden: Sequence[Path], cwd: Path | None = None,
                   case_timeout_s: float = 30.0) -> Audit:
    """Render ``texts`` in a probe process (working directory ``cwd``, default ``work``)
    and audit it; ``forbidden``: paths (files or folders) it must not try to open. The
    probe's files live in ``work``."""
    work.mkdir(parents=True, exist_ok=True)
    (work / "markers").mkdir(exist_ok=True)
    cases = work / "cases.json"
    cases.write_text(json.dumps(list(texts)), encoding="utf-8")
    cwd = cwd or work
    cmd = [sys.executable, "-m", "tests.gui.render_probe", str(cases), str(work / "markers")]
    audit = Audit()
    strace = shutil.which("strace")
    log = work / "strace.txt"
    if strace:
        cmd = [strace, "-f", "-qq", "-s", "4096", "--seccomp-bpf", "-o", str(log),
               "-e", "trace=open,openat,openat2,connect,socket", *cmd]
    else:
        audit.mode = "fd-poll"
    env = {**os.environ, "PYTHONPATH": str(REPO), "QT_QPA_PLATFORM": "offscreen", "PYTHONFAULTHANDLER": "1"}
    proc = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)
    current = [-1]
    stop = threading.Event()
    lines: list[str] = []
    got_line = threading.Event()

    def read() -> None:
        assert proc.stdout is not None
        for line in proc.stdout:
            lines.append(line)
            got_line.set()

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    poller = None
    if not strace:
        poller = threading.Thread(target=_poll_fds, args=(proc.pid, cwd, forbidden, audit, current, stop),
                                  daemon=True)
        poller.start()
    seen = 0
    deadline = time.monotonic() + case_timeout_s + 30  # start-up included
    try:
        while True:
            got_line.wait(0.05)
            got_line.clear()
            while seen < len(lines):
                rec = json.loads(lines[seen])
                seen += 1
                if rec.get("ready"):
                    audit.ready_rss_mb = rec["rss_mb"]
                    current[0] = 0
                elif "case" in rec:
                    audit.seconds.append(rec["stall_s"])
                    audit.total_s.append(rec["total_s"])
                    audit.cpu_s.append(rec["cpu_s"])
                    audit.rss_mb.append(rec["rss_mb"])
                    current[0] = rec["case"] + 1
                deadline = time.monotonic() + case_timeout_s
            if proc.poll() is not None and not reader.is_alive():
                break
            if time.monotonic() > deadline:
                audit.hung = max(0, current[0])
                os.killpg(proc.pid, signal.SIGKILL)  # the probe and strace, nothing else
                break
    finally:
        proc.wait(10)
        stop.set()
        reader.join(5)
        if poller is not None:
            poller.join(5)
        audit.stderr = proc.stderr.read()[-4000:] if proc.stderr is not None else ""
        for pipe in (proc.stdout, proc.stderr):
            if pipe is not None:
                pipe.close()
    audit.exit_code = proc.returncode
    if audit.hung is None and proc.returncode != 0:
        audit.hung = max(0, current[0])
    if strace and log.exists():
        _parse_strace(log.read_text(errors="replace"), cwd, forbidden, audit)
    return audit
