"""Run CLI commands in a child process and measure its own peak RSS (issue 32 tests).

The peak is the child's ``VmHWM`` from ``/proc/self/status``, read by the child as it
ends: ``ru_maxrss`` from ``wait4`` is no good here, as Linux folds into it the memory of
the parent the child was forked from (a pytest process holding a 50 MB test row reads as
a 500 MB child).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
#: Seconds a child may run before it is killed (bounded payloads end in seconds).
CHILD_TIMEOUT_S = 180

#: Runs each command line through the CLI's own entry point, one after another; writes
#: the exit codes and the process's VmHWM (kB) as JSON; "--" on stderr after each.
_DRIVER = """
import json, sys
from chathub_desktop.cli import main
out_path, commands = sys.argv[1], json.loads(sys.argv[2])
codes = []
for argv in commands:
    codes.append(main(argv))
    print("--", file=sys.stderr, flush=True)
hwm = next(int(line.split()[1]) for line in open("/proc/self/status") if line.startswith("VmHWM:"))
open(out_path, "w").write(json.dumps({"codes": codes, "hwm_kb": hwm}))
"""


@dataclass(frozen=True)
class ChildRun:
    """Exit codes of the commands, what each wrote on stderr, all stdout, peak RSS (MB)."""

    codes: list[int]
    stderr: list[str]
    stdout: str
    peak_mb: float


def run_cli_child(tmp_path: Path, commands: list[list[str]], env: dict[str, str]) -> ChildRun:
    """``chathub-desktop ARGV`` for each of ``commands`` in one child process with
    ``env`` added to this environment (``PYTHONPATH`` = this checkout)."""
    full = {**os.environ, "PYTHONPATH": str(ROOT), **env}
    result = tmp_path / "child.json"
    with open(tmp_path / "out", "wb") as out, open(tmp_path / "err", "wb") as err:
        proc = subprocess.Popen([sys.executable, "-c", _DRIVER, str(result), json.dumps(commands)],
                                env=full, stdout=out, stderr=err)
        watchdog = threading.Timer(CHILD_TIMEOUT_S, proc.kill)  # a stream that never ends fails, not hangs
        watchdog.start()
        try:
            proc.wait()
        finally:
            watchdog.cancel()
    errs = (tmp_path / "err").read_text(errors="replace").split("--\n")
    assert proc.returncode == 0 and result.exists(), errs[-1][-3000:]
    data = json.loads(result.read_text())
    return ChildRun(data["codes"], errs[:len(commands)], (tmp_path / "out").read_text(errors="replace"),
                    data["hwm_kb"] / 1024)
