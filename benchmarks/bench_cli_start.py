"""CPU time of one CLI process (issue 28): the crash, concurrency, live-refresh and store
tests start hundreds of them, so their import cost is a large share of the suite's CPU.

    python benchmarks/bench_cli_start.py [RUNS] [--baseline-src DIR]

Each run is a fresh ``python -m chathub_desktop topic list`` on one migrated SQLite store
(the common case: an existing store, no migration), measured as the child's user + system
CPU seconds (``RUSAGE_CHILDREN``, not wall time: the machine is shared). The floor is a
bare ``python -c "import sqlalchemy.orm"`` (the store stack every command needs), run
alternately in the same loop. With ``--baseline-src DIR`` (e.g. ``git archive main | tar
-x -C DIR``) the same command from that checkout runs alternately too, so before and
after are compared under the same load. Prints medians and ratios to the floor.
"""

from __future__ import annotations

import compileall
import os
import resource
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def _cpu(argv: list[str], cwd: Path, env: dict[str, str]) -> float:
    """User + system CPU seconds of one child process running ``argv`` to completion."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(argv, cwd=cwd, env=env, check=True, stdout=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    """Run the comparison and print one line per variant."""
    args = sys.argv[1:]
    baseline = None
    if "--baseline-src" in args:
        i = args.index("--baseline-src")
        baseline = Path(args[i + 1]).resolve()
        del args[i:i + 2]
    runs = int(args[0]) if args else 15
    sources = {"cli": REPO} | ({"cli (baseline)": baseline} if baseline else {})
    for src in sources.values():
        compileall.compile_dir(src / "chathub_desktop", quiet=1)  # as after pip install
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite:///{Path(tmp) / 'store.sqlite3'}"
        cli = [sys.executable, "-m", "chathub_desktop", "topic", "list", "--database-url", url]
        _cpu(cli, REPO, {**env, "PYTHONPATH": str(REPO)})  # creates and migrates the store
        times: dict[str, list[float]] = {"floor": [], **{name: [] for name in sources}}
        for _ in range(runs):
            times["floor"].append(_cpu([sys.executable, "-c", "import sqlalchemy.orm"], REPO, env))
            for name, src in sources.items():
                times[name].append(_cpu(cli, src, {**env, "PYTHONPATH": str(src)}))
    floor = statistics.median(times["floor"])
    print(f"load average {os.getloadavg()[0]:.1f}; median CPU of {runs} runs each")
    for name, values in times.items():
        median = statistics.median(values)
        print(f"{name:>15}: {median * 1000:6.0f} ms CPU  ({median / floor:.2f}x the floor)")


if __name__ == "__main__":
    main()
