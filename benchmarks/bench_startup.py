"""Start-up time: process start → first paint of the main window, against a bare
PySide6 QMainWindow, each in a fresh subprocess (offscreen). Median of 5 runs.

    QT_QPA_PLATFORM=offscreen python benchmarks/bench_startup.py [RUNS]

The app prints ``CHATHUB_WINDOW_SHOWN`` at its first paint when
``CHATHUB_BENCH_STARTUP=1`` (see ``chathub_desktop.app_bootstrap``); the wall time is
measured here, from ``Popen`` to that line. Each app run uses a fresh temp data dir
(so it includes creating and migrating the SQLite store) and a second "warm" variant
re-uses one store. Goal: ≤ 1.5× the bare window.

The package's bytecode is compiled first and the children may read it, as after any
``pip install`` (pip compiles on install). Without this, a ``PYTHONDONTWRITEBYTECODE``
environment makes every run recompile ChatHub's modules (about 30 ms) while the bare
window only loads PySide6, which is always compiled.
"""

from __future__ import annotations

import compileall
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
MARKER = "CHATHUB_WINDOW_SHOWN"

BARE = f"""
import sys
from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication, QMainWindow, QLabel
app = QApplication(sys.argv[:1])
w = QMainWindow(); w.setWindowTitle("bare"); w.setCentralWidget(QLabel("hello")); w.resize(1280, 800)
class F(QObject):
    done = False
    def eventFilter(self, o, e):
        if not self.done and e.type() in (QEvent.Type.Paint, QEvent.Type.Expose):
            self.done = True; print("{MARKER}", flush=True); QTimer.singleShot(0, app.quit)
        return False
f = F(); w.installEventFilter(f); w.show(); app.exec()
"""

APP = "import sys; from chathub_desktop.cli import main; sys.exit(main([]))"  # the real entry point


def time_to_marker(code: str, env: dict[str, str]) -> float:
    """Seconds from Popen to the marker line (the child is then left to exit)."""
    t0 = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                            text=True, env=env, cwd=REPO)
    assert proc.stdout is not None
    for line in proc.stdout:
        if line.startswith(MARKER):
            elapsed = time.perf_counter() - t0
            break
    else:
        raise RuntimeError("the child exited without printing the marker")
    proc.wait(timeout=30)
    return elapsed


def main(runs: int = 5) -> None:
    """Print medians (ms) for the bare window, the app on a fresh store and on a warm one."""
    base_env = {**os.environ, "QT_QPA_PLATFORM": os.environ.get("QT_QPA_PLATFORM", "offscreen"),
                "CHATHUB_BENCH_STARTUP": "1", "PYTHONPATH": str(REPO)}
    base_env.pop("CHATHUB_DATABASE_URL", None)
    base_env.pop("PYTHONDONTWRITEBYTECODE", None)
    compileall.compile_dir(REPO / "chathub_desktop", quiet=1)
    bare, fresh, warm = [], [], []
    warm_dir = tempfile.mkdtemp(prefix="chathub-bench-warm-")
    time_to_marker(APP, {**base_env, "CHATHUB_DATA_DIR": warm_dir})  # create + migrate once
    for _ in range(runs):
        bare.append(time_to_marker(BARE, base_env))
        fresh.append(time_to_marker(APP, {**base_env, "CHATHUB_DATA_DIR": tempfile.mkdtemp(prefix="chathub-bench-")}))
        warm.append(time_to_marker(APP, {**base_env, "CHATHUB_DATA_DIR": warm_dir}))
    b, f, w = (statistics.median(x) * 1000 for x in (bare, fresh, warm))
    print(f"runs: {runs} (median, wall time from process start to first paint, offscreen)")
    print(f"bare PySide6 QMainWindow : {b:7.0f} ms")
    print(f"ChatHub, existing store  : {w:7.0f} ms  ratio {w / b:4.2f}x  (goal <= 1.5x)")
    print(f"ChatHub, new store       : {f:7.0f} ms  ratio {f / b:4.2f}x  (includes creating + migrating SQLite)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 5)
