"""Per-test CPU of the suite (issue 28: the suite on a loaded 2-core machine), opt-in::

    CHATHUB_CPU_PROBE=/tmp/cpu python -m pytest -p tests.cpu_probe ...
    python -m tests.cpu_probe /tmp/cpu        # the sums by folder, file and phase

Each worker appends one JSON line per test phase to ``$CHATHUB_CPU_PROBE/<worker>.jsonl``:
the node id, the phase (setup / call / teardown), its wall seconds, the CPU seconds
(user + sys) of the worker process and of its child processes (reaped meanwhile, or still
running: a fork server's forks count when it reaps them), and
the CPU seconds spent in Alembic migrations on the worker (``mig``). Wall time is noise on
a shared machine; CPU is what a busy second core takes away.
"""

from __future__ import annotations

import json
import os
import resource
import sys
import time
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

_MIGRATION_CPU = [0.0]


_TICK = os.sysconf("SC_CLK_TCK")


def _live_children() -> dict[int, float]:
    """CPU seconds of each live child process (its own and its reaped children's): a
    long-lived child such as the CLI fork server reaps its forks itself."""
    me, out = os.getpid(), {}
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            with open(f"/proc/{entry.name}/stat", "rb") as f:
                fields = f.read().rsplit(b")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == me:
            out[int(entry.name)] = sum(int(x) for x in fields[11:15]) / _TICK
    return out


def _cpu() -> tuple[float, float, dict[int, float]]:
    me = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime, kids.ru_utime + kids.ru_stime, _live_children()


def _wrap_migrations() -> None:
    from alembic import command

    upgrade = command.upgrade
    if getattr(upgrade, "__probed__", False):
        return

    def probed(*args: Any, **kwargs: Any) -> Any:
        start = time.thread_time()
        try:
            return upgrade(*args, **kwargs)
        finally:
            _MIGRATION_CPU[0] += time.thread_time() - start

    probed.__probed__ = True  # type: ignore[attr-defined]
    command.upgrade = probed


def _out() -> Path | None:
    folder = os.environ.get("CHATHUB_CPU_PROBE")
    if not folder:
        return None
    path = Path(folder)
    path.mkdir(parents=True, exist_ok=True)
    return path / f"{os.environ.get('PYTEST_XDIST_WORKER', 'main')}.jsonl"


def _phase(item: pytest.Item, phase: str) -> Iterator[None]:
    out = _out()
    if out is None:
        yield
        return
    wall, (me, kids, live), mig = time.perf_counter(), _cpu(), _MIGRATION_CPU[0]
    yield
    me2, kids2, live2 = _cpu()
    # live children: what they used meanwhile (a child that ended was counted when reaped)
    kids2 += sum(cpu - live.get(pid, 0.0) for pid, cpu in live2.items())
    kids2 -= sum(cpu for pid, cpu in live.items() if pid not in live2)  # counted before, reaped since
    row = {"id": item.nodeid, "phase": phase, "wall": round(time.perf_counter() - wall, 4),
           "cpu": round(me2 - me, 4), "kids": round(kids2 - kids, 4), "mig": round(_MIGRATION_CPU[0] - mig, 4)}
    with out.open("a", encoding="utf-8") as f:
        f.write(json.dumps(row) + "\n")


def pytest_configure(config: pytest.Config) -> None:
    """Time the migrations when the probe is on."""
    if os.environ.get("CHATHUB_CPU_PROBE"):
        _wrap_migrations()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_setup(item: pytest.Item) -> Iterator[None]:
    """CPU of the set-up phase."""
    yield from _phase(item, "setup")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Iterator[None]:
    """CPU of the test body."""
    yield from _phase(item, "call")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_teardown(item: pytest.Item) -> Iterator[None]:
    """CPU of the teardown phase."""
    yield from _phase(item, "teardown")


def report(folder: Path, top: int = 40) -> str:
    """The probe's rows in ``folder`` summed by folder, phase and file (CPU seconds)."""
    rows = [json.loads(line) for f in sorted(folder.glob("*.jsonl")) for line in f.read_text().splitlines()]
    by: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    for r in rows:
        path = r["id"].split("::", 1)[0]
        total = r["cpu"] + r["kids"]
        for key in (f"folder {path.split('/')[1]}", f"phase {r['phase']}", f"file {path}", "all"):
            by[key]["cpu"] += total
            by[key]["kids"] += r["kids"]
            by[key]["mig"] += r["mig"]
            by[key]["wall"] += r["wall"]
        by[f"test {r['id']}"]["cpu"] += total
    lines = []
    for prefix, limit in (("all", 1), ("phase ", 3), ("folder ", 10), ("file ", top), ("test ", top)):
        keys = sorted((k for k in by if k.startswith(prefix)), key=lambda k: -by[k]["cpu"])[:limit]
        for k in keys:
            v = by[k]
            lines.append(f"{v['cpu']:8.1f} cpu {v.get('kids', 0):7.1f} kids {v.get('mig', 0):6.1f} mig "
                         f"{v.get('wall', 0):8.1f} wall  {k}")
        lines.append("")
    return "\n".join(lines)


if __name__ == "__main__":
    print(report(Path(sys.argv[1]), int(sys.argv[2]) if len(sys.argv) > 2 else 40))
