"""Does a 2 MB paste freeze the window? (walk37 #3: 4.7 s in the draft box)

    QT_QPA_PLATFORM=offscreen python benchmarks/bench_paste_stall.py [--mb 2] [--repeat 5]

A bare :class:`~chathub_desktop.gui.chat.composer.Composer` on an offscreen ``QApplication``;
a 5 ms ``QTimer`` (``benchmarks/stall_probe.py``) records the longest gap between ticks
minus its period while a paste of ``--mb`` MB of text (51,234 lines of 40 bytes for 2 MB)
is handled, plus 200 ms. Cases, each ``--repeat`` times:

1. **idle**: the loop doing nothing for the same time (this machine's floor right now);
2. **into the draft box (before)**: ``QPlainTextEdit.insertFromMimeData``, what Ctrl+V did;
3. **as a chip (now)**: ``DraftEdit.insertFromMimeData``: over 20,000 characters the
   text becomes a "Pasted text" chip and is never laid out.

Prints the median and worst stall of each and the ratio to case 2. (The badge's recount
of the pasted text runs on a worker in the window and is not part of this figure.)

2026-12-03, 2 cores at load 12-20 (seven other engineers' test runs), 5 runs each::

    2 MB paste (52,429 lines)      stall ms median     max  × before
    idle                                     35.0    68.5    0.005
    into the draft box (before)            7215.8  9011.4    1.000
    as a chip (now)                         128.5   154.2    0.018

What is left in "now" is Qt handing the 2 MB text to Python and the
chip's label (UTF-8 size, lines counted on bytes).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from benchmarks.stall_probe import StallProbe  # noqa: E402

SETTLE_S = 0.2


def _measure(app: object, probe: StallProbe, action: Callable[[], None]) -> float:
    """The longest stall (ms) while ``action`` runs from the event loop, plus settling."""
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    assert isinstance(app, QApplication)
    probe.start()
    end = time.perf_counter() + SETTLE_S
    QTimer.singleShot(20, action)
    done = False

    def finish() -> None:
        nonlocal done
        done = True

    QTimer.singleShot(20, lambda: QTimer.singleShot(int(SETTLE_S * 1000), finish))
    while not done or time.perf_counter() < end:
        app.processEvents()
        time.sleep(0.001)
    return probe.stop()


def main() -> int:
    """Run the cases and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mb", type=float, default=2.0)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    from PySide6.QtCore import QMimeData
    from PySide6.QtWidgets import QApplication, QPlainTextEdit

    from chathub_desktop.gui.chat.composer import Composer

    app = QApplication.instance() or QApplication([])
    lines = round(args.mb * 1024 * 1024 / 40)
    text = "\n".join(f"{i:06d} " + "x" * 33 for i in range(lines))
    probe = StallProbe()
    results: dict[str, list[float]] = {"idle": [], "into the draft box (before)": [], "as a chip (now)": []}
    for _ in range(args.repeat):
        for case in results:
            composer = Composer()
            composer.resize(900, 200)
            composer.show()
            app.processEvents()
            mime = QMimeData()
            mime.setText(text)
            if case == "idle":
                def action() -> None:
                    return None
            elif case.startswith("into"):
                def action(c: Composer = composer, m: QMimeData = mime) -> None:
                    QPlainTextEdit.insertFromMimeData(c.draft, m)
            else:
                def action(c: Composer = composer, m: QMimeData = mime) -> None:
                    c.draft.insertFromMimeData(m)
            results[case].append(_measure(app, probe, action))
            if case == "as a chip (now)":
                assert composer.draft.toPlainText() == "" and composer.text() == text
            composer.close()
            composer.deleteLater()
            app.processEvents()
    base = statistics.median(results["into the draft box (before)"])
    print(f"{args.mb:g} MB paste ({lines:,} lines)      stall ms median     max  × before")
    for case, values in results.items():
        med = statistics.median(values)
        print(f"{case:<33}{med:>12.1f}{max(values):>8.1f}{med / base:>9.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
