"""How long one hostile message freezes the window, against a bare label (issue 32).

    QT_QPA_PLATFORM=offscreen python benchmarks/bench_render_stall.py [--repeat N]

Each text is shown as an assistant reply in the real message view (offscreen, 800×600,
the probe of ``tests/gui/render_probe.py`` in this process); the event loop runs until
every slice of it is laid out and painted. The figure per case is the largest gap
between the ticks of a 5 ms ``QTimer`` meanwhile (how long the window was frozen at
once), and the time until it was all shown. The floor, measured in the same run: the
same timer while a bare ``QLabel`` gets a short text and is painted. The budget: no
message freezes the window longer than :data:`BUDGET_S` (a frame or three). Prints one
line per case (median of ``--repeat`` runs, default 3) and the worst.

Recorded 2026-12-02 (2 shared cores, ``--repeat 3``): before the slices (commit 5290d29)
the worst froze the window 889 ms ("emphasis 12k"; 11 of 19 cases over 300 ms; floor
8.0 ms); after, the worst was 64 ms ("bidi + zero-width"; floor 6.9 ms) and 86 ms under
a heavier load (floor 13.5 ms); every other case 20 ms to 56 ms.
"""

from __future__ import annotations

import argparse
import base64
import contextlib
import io
import json
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

#: The budget: the longest any one message may freeze the window, seconds.
BUDGET_S = 0.050


def _cases() -> dict[str, str]:
    n = 100_000
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice
    from PySide6.QtGui import QColor, QImage

    img = QImage(64, 64, QImage.Format.Format_RGB32)
    img.fill(QColor(20, 120, 220))
    data = QByteArray()
    buf = QBuffer(data)
    buf.open(QIODevice.OpenModeFlag.WriteOnly)
    img.save(buf, "PNG")
    tiny_png = base64.b64encode(bytes(data.data())).decode()
    return {
        "baseline: plain prose 100k": ("The quick brown fox jumps over the lazy dog. " * 2300)[:n],
        "plain single line 100k": "x" * n,
        "1 MB single line": "x" * 1_000_000,
        "[ x 200k": "[" * 200_000,
        "![ x 100k": "![" * 100_000,
        "<a x 100k": "<a" * 100_000,
        "`a x 100k": "`a" * 100_000,
        "$x x 100k": "$x" * 100_000,
        "table 20k rows": "|a|b|\n|-|-|\n" + "|x|y|\n" * 20_000,
        "code fences 20k": "```\nx\n```\n" * 20_000,
        "headings 25k": "# h\n" * 25_000,
        "quotes 5000 deep": ">" * 5000 + " deep",
        "emphasis 12k": "*a **b " * 12_000,
        "path images 2000": "\n".join(f"![i{i}](/dev/zero)" for i in range(2000)),
        "data images 500": " ".join(f"![p](data:image/png;base64,{tiny_png})" for _ in range(500)),
        "formulas 300": "$x^2+y^2$ " * 300,
        "deep superscripts": "$$" + "x^{" * 12 + "y" + "}" * 12 + "$$",
        "bidi + zero-width": ("\u202e\u2066\u200b\u200d\ufeff" * 20_000),
        "links 14k": "[a](https://example.org) " * 14_000,
    }


def _label_floor(repeat: int) -> float:
    """The largest 5 ms timer gap while a bare ``QLabel`` is given a short text and
    painted, median of ``repeat`` runs (s): what this machine's event loop allows."""
    from PySide6.QtCore import QEventLoop, QTimer
    from PySide6.QtWidgets import QLabel

    from tests.gui.render_probe import StallMeter

    label = QLabel()
    label.resize(800, 600)
    label.show()
    meter = StallMeter()
    gaps = []
    for i in range(max(3, repeat)):
        loop = QEventLoop()
        QTimer.singleShot(40, loop.quit)
        meter.reset()
        label.setText(f"The quick brown fox {i}")
        label.grab()
        loop.exec()
        gaps.append(meter.worst())
    label.close()
    return statistics.median(gaps)


def main() -> int:
    """Run the cases and print the figures."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    from PySide6.QtWidgets import QApplication

    from tests.gui import render_probe

    app = QApplication.instance() or QApplication(sys.argv[:1])  # noqa: F841 - the probe's
    floor = _label_floor(args.repeat)
    cases = _cases()
    names = list(cases)
    texts = [cases[k] for k in names] * args.repeat
    with tempfile.TemporaryDirectory() as tmp:
        cases_file = Path(tmp) / "cases.json"
        cases_file.write_text(json.dumps(texts), encoding="utf-8")
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            render_probe.main(str(cases_file), tmp)
    rows = [json.loads(line) for line in out.getvalue().splitlines() if '"case"' in line]
    stall: dict[str, list[float]] = {k: [] for k in names}
    total: dict[str, list[float]] = {k: [] for k in names}
    for row in rows:
        stall[names[row["case"] % len(names)]].append(row["stall_s"])
        total[names[row["case"] % len(names)]].append(row["total_s"])
    print(f"floor: a bare QLabel's largest 5 ms timer gap {floor * 1000:.1f} ms")
    print(f"{'case':32s} {'stall ms':>9s} {'× floor':>8s} {'shown s':>8s}")
    for name in names:
        t = statistics.median(stall[name])
        print(f"{name:32s} {t * 1000:9.1f} {t / floor:8.1f} {statistics.median(total[name]):8.3f}")
    worst = max(names, key=lambda k: statistics.median(stall[k]))
    w = statistics.median(stall[worst])
    print(f"worst: {worst} froze the window {w * 1000:.1f} ms = {w / floor:.1f}× the label floor "
          f"({floor * 1000:.1f} ms); budget {BUDGET_S * 1000:.0f} ms — {'within' if w <= BUDGET_S else 'OVER'}; "
          f"peak RSS {max(r['rss_mb'] for r in rows):.0f} MB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
