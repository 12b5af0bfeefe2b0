"""CPU of a window's first show and paint under the app's theme (issue 28, style52): a
draft (a ``QPlainTextEdit``, whose viewport Qt makes in C++), a check box and a list,
shown and painted in a fresh process, against another checkout's (``--base``) in the
same minutes, alternating. Median of RUNS (default 7).

    QT_QPA_PLATFORM=offscreen python benchmarks/bench_first_paint.py [RUNS] [--base=CHECKOUT]

``bench_startup.py`` stops its clock at the window's first Expose, before anything is
painted; this one covers the paint. A Python ``drawPrimitive`` on the app's style made
PySide6 wrap the draft's viewport at the first paint and, to find its type, build every
QWidget subclass of QtWidgets.

Measured 2026-12-05 (7 runs each, alternating, load average 4.6): integ52 31.5 ms,
style52 (indicators from the sheet, no ``drawPrimitive``) 8.0 ms: 0.25x.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]

CHILD = """
import os, time
from PySide6.QtWidgets import QApplication, QCheckBox, QListView, QPlainTextEdit, QVBoxLayout, QWidget
from chathub_desktop.gui.design.theme import apply_theme
app = QApplication([])
apply_theme(app, "light", hint=False)
w = QWidget()
lay = QVBoxLayout(w)
for x in (QPlainTextEdit("draft"), QCheckBox("Keep archive excerpts"), QListView()):
    lay.addWidget(x)
t = time.process_time()
w.resize(600, 400)
w.show()
app.processEvents()
w.repaint()
w.grab()
print((time.process_time() - t) * 1000)
"""


def first_paint_ms(repo: Path) -> float:
    """CPU milliseconds of the window's show and first paint in a fresh process importing ``repo``."""
    env = {**os.environ, "PYTHONPATH": str(repo), "QT_QPA_PLATFORM": os.environ.get("QT_QPA_PLATFORM", "offscreen")}
    out = subprocess.run([sys.executable, "-c", CHILD], env=env, cwd=repo, capture_output=True, text=True,
                         check=True, timeout=120)
    return float(out.stdout.split()[-1])


def main(runs: int, base: Path | None) -> None:
    """Print the median of ``runs`` for this tree, and for ``base`` (alternating) with the ratio."""
    trees = [REPO] if base is None else [REPO, base]
    times: dict[Path, list[float]] = {t: [] for t in trees}
    for _ in range(runs):
        for tree in trees:
            times[tree].append(first_paint_ms(tree))
    load = os.getloadavg()[0]
    print(f"runs: {runs} (median CPU of show + first paint; offscreen; load average {load:.1f})")
    mine = statistics.median(times[REPO])
    print(f"this tree : {mine:7.1f} ms")
    if base is not None:
        theirs = statistics.median(times[base])
        print(f"base      : {theirs:7.1f} ms   this / base {mine / theirs:.2f}x  ({base})")


if __name__ == "__main__":
    count = [a for a in sys.argv[1:] if not a.startswith("--")]
    bases = [a.split("=", 1)[1] for a in sys.argv[1:] if a.startswith("--base=")]
    main(int(count[0]) if count else 7, Path(bases[0]) if bases else None)
