"""The installed PySide6 keeps Python's reference counts (issue 9, issue 31).

PySide6/shiboken6 6.12.0 on CPython 3.11 returns ``None`` from every wrapped ``void`` call
without taking a reference; qasync makes such a call per loop callback, so the count of
``None`` reached zero within seconds of a streamed reply (``Fatal Python error:
none_dealloc``). pyproject.toml pins ``<6.12`` on CPython before 3.12 (where ``None`` is
not immortal). These tests fail if an upgrade brings the slip back.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CALLBACKS = 60_000  # about twice what emptied None's count in a bare app on 6.12.0

SPIN = f"""
import asyncio, sys
from chathub_desktop.app_bootstrap import make_application
import qasync
app = make_application()
loop = qasync.QEventLoop(app)
async def spin():
    for _ in range({CALLBACKS}):
        await asyncio.sleep(0)
with loop:
    loop.run_until_complete(spin())
print("spun")
"""

VOID_CALLS = """
import sys
from PySide6.QtCore import QCoreApplication, QObject
app = QCoreApplication([])
o = QObject()
flag = True
before = sys.getrefcount(None), sys.getrefcount(True)
for _ in range(10_000):
    o.setObjectName("x")
    o.blockSignals(flag)
after = sys.getrefcount(None), sys.getrefcount(True)
print(after[0] - before[0], after[1] - before[1])
"""


def _run(code: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONFAULTHANDLER": "1",
           "PYTHONPATH": os.pathsep.join(p for p in (str(ROOT), os.environ.get("PYTHONPATH")) if p)}
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env=env, timeout=60, cwd=ROOT)


def test_many_loop_callbacks_then_exit_cleanly() -> None:
    proc = _run(SPIN)
    assert "Fatal Python error" not in proc.stderr, proc.stderr[-2000:]
    assert proc.returncode == 0 and proc.stdout.strip() == "spun", proc.stderr[-2000:]


def test_void_calls_leave_the_counts_of_none_and_true_unchanged() -> None:
    """10,000 ``setObjectName`` and ``blockSignals`` calls: on 6.12.0 with CPython 3.11 the
    first lowered None's count by 10,000 (and the process died at zero)."""
    proc = _run(VOID_CALLS)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert proc.stdout.split() == ["0", "0"]
