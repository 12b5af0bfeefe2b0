"""How long one hostile message keeps the GUI thread, against plain text (issue 32).

    QT_QPA_PLATFORM=offscreen python benchmarks/bench_render_stall.py [--repeat N]

Each text is shown as an assistant reply in the real message view (offscreen, 800×600,
the probe of ``tests/gui/render_probe.py`` in this process) and timed from the model
reset to the painted view: Markdown → HTML, the document's layout and the paint, all on
the GUI thread (the streaming path; opened pages render their HTML on a worker). The
baseline is plain text at the display limit (100,000 characters): prose, and one line
without spaces (Qt shapes a paragraph as one run: the slowest plain text there is). The
budget: no hostile message costs more than 2× the slower plain baseline. Prints
one line per case (median of ``--repeat`` runs, default 3) and the worst ratio.
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

#: The budget: the worst hostile message over the plain-prose baseline.
BUDGET_RATIO = 2.0


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


def main() -> int:
    """Run the cases and print the figures."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    from PySide6.QtWidgets import QApplication

    from tests.gui import render_probe

    app = QApplication.instance() or QApplication(sys.argv[:1])  # noqa: F841 - the probe's
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
    per: dict[str, list[float]] = {k: [] for k in names}
    for row in rows:
        per[names[row["case"] % len(names)]].append(row["seconds"])
    base = max(statistics.median(per[names[0]]), statistics.median(per[names[1]]))
    print(f"{'case':32s} {'median s':>9s} {'× baseline':>10s}  (baseline: the slower plain text)")
    for name in names:
        t = statistics.median(per[name])
        print(f"{name:32s} {t:9.3f} {t / base:10.2f}")
    worst = max(names[2:], key=lambda k: statistics.median(per[k]))
    ratio = statistics.median(per[worst]) / base
    print(f"worst: {worst} {statistics.median(per[worst]):.3f} s = {ratio:.2f}× the plain-text baseline "
          f"({base:.3f} s); budget {BUDGET_RATIO:.0f}× — {'within' if ratio <= BUDGET_RATIO else 'OVER'}; "
          f"peak RSS {max(r['rss_mb'] for r in rows):.0f} MB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
