"""The app survives a long run of event-loop callbacks on any PySide6 (issue 9).

PySide6 6.12.0 on CPython 3.11 drops a reference to ``None`` on each wrapped ``void``
call; without :func:`~chathub_desktop.gui.qt_binding.protect_singletons` the process
below dies with ``Fatal Python error: none_dealloc`` long before it ends.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from chathub_desktop.gui.qt_binding import binding_slips

ROOT = Path(__file__).resolve().parents[2]
CALLBACKS = 60_000  # about twice what empties None's count in a bare app

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


def test_many_loop_callbacks_then_exit_cleanly() -> None:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONFAULTHANDLER": "1",
           "PYTHONPATH": os.pathsep.join(p for p in (str(ROOT), os.environ.get("PYTHONPATH")) if p)}
    proc = subprocess.run([sys.executable, "-c", SPIN], capture_output=True, text=True,
                          env=env, timeout=60, cwd=ROOT)
    assert "Fatal Python error" not in proc.stderr, proc.stderr[-2000:]
    assert proc.returncode == 0 and proc.stdout.strip() == "spun", proc.stderr[-2000:]


def test_only_the_slipping_combination_is_patched() -> None:
    assert binding_slips((3, 11), "6.12.0")
    assert binding_slips((3, 11), "6.13.1")  # no fixed release known yet
    assert not binding_slips((3, 11), "6.11.3")
    assert not binding_slips((3, 12), "6.12.0")  # None, True and False are immortal there
    assert not binding_slips((3, 11), "dev")
