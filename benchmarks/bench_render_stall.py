"""How long one hostile message freezes the window, against a bare label (issue 32).

    QT_QPA_PLATFORM=offscreen python benchmarks/bench_render_stall.py [--repeat N]

Each text is shown as an assistant reply in the real message view (offscreen, 800×600,
the probe of ``tests/gui/render_probe.py`` in this process); the event loop runs until
every slice of it is laid out and painted. Two figures per case: the largest gap
between the ticks of a 5 ms ``QTimer`` meanwhile (how long the window was frozen at
once, wall clock), and the most GUI-thread processor time between two ticks (the same
without the time other processes had the core: on a loaded machine the gap is this
divided by the share of a core the window gets). The floor, measured in the same run:
the same timer while a bare ``QLabel`` gets a short text and is painted.

Before and after run interleaved in the same process, ``--repeat`` times each (median
printed): "before" switches the bounds added last (:data:`BEFORE`: invisible
characters, opener count, image weight, code and table slices, table columns and
cells, the 12 ms layout budget, the interpreter's default switch interval) off by their
knobs; the short image names and the formula fix are in both.

The budgets: no message takes more than :data:`CPU_BUDGET_S` (a 60 Hz frame) of
GUI-thread time at once, nor freezes the window longer than :data:`BUDGET_S` on an idle
machine.

Recorded 2026-12-02 on 2 shared cores at load 12 (``--repeat 3``, floor 11.8 ms):
before, the worst was "table 60 columns", 773 ms (224 ms of GUI-thread CPU at once;
"table 1,300 rows × 3" 672 ms / 167 ms); after, every case took at most 12.7 ms of
GUI-thread CPU at once ("emoji sequences 100k") and froze the window at most 50 ms
(4.2× the floor, "table 1,300 rows × 3"). On the idle machine earlier the same day,
before these bounds, the worst was 37 ms ("bidi + zero-width", floor 5.2 ms).
Again at load 13 to 18 (``--repeat 1``, floor 10.1 ms): before, "table 60 columns"
1,316 ms (325 ms of CPU); after, the most GUI-thread CPU at once 17.7 ms and the longest
freeze 72.7 ms, both "emoji sequences 100k" (four more runs: 16 to 26 ms of CPU). That
case is its paint of a screenful of colour emoji, not its layout: slices of 500
characters instead of 2,000 took the same. Plain prose at the 100,000-character display
limit: 9.8 ms of CPU at once, 34.5 ms frozen (it held the window 1.2 s to 2 s before the
slices).
"""

from __future__ import annotations

import argparse
import base64
import contextlib
import io
import json
import random
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

#: The budget: the longest any one message may freeze the window, seconds.
BUDGET_S = 0.050
#: The most processor time the GUI thread may spend on one message at once, seconds (a
#: frame at 60 Hz): what holds on a loaded machine, where the wall-clock gap is this
#: times the share of a core the window gets.
CPU_BUDGET_S = 0.016


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
        "bidi/zero-width Markdown 18k": _mixed(),
        "stacked marks 92k": ("a" + "\u0301\u0316\u0334" * 30 + " ") * 1000,
        "table 1,300 rows × 3": "| Name | Value | Note |\n|---|--:|---|\n" + "| item | 42 | ok |\n" * 1300,
        "table 40 rows of 1,000-char cells": "|a|b|\n|-|-|\n" + ("|" + "word " * 199 + "|" + "more " * 199 + "|\n") * 40,
        "table 60 columns": "|" + "a|" * 60 + "\n|" + "-|" * 60 + "\n" + ("|" + "xy|" * 60 + "\n") * 60,
        "code block 90k (a pasted log)": "```\n" + "plain line of text in a fence\n" * 3000 + "```",
        "emoji sequences 100k": ("\U0001f468\u200d\U0001f469\u200d\U0001f467 " * 20_000)[:n],
    }


def _mixed() -> str:
    """The render fuzz's worst shape: bidi, zero-width and Markdown punctuation at random
    (formulas of garbage included), six paragraphs of 3,000 characters."""
    rng = random.Random(32)
    alphabet = "\u202e\u2066\u2067\u2068\u2069\u200f\u200e\u061c\u200b\u200c\u200d\ufeff\u2060\u034fab[]()!*_`<>$"
    return "\n\n".join("".join(rng.choice(alphabet) for _ in range(3000)) for _ in range(6))


#: The settings before issue 32's last bounds (the same code, those bounds off): the
#: probe's interpreter switch interval was Python's default, not the app's.
BEFORE = {"switch_s": 0.005, "MAX_MARK_RUN": sys.maxsize, "MAX_FORMAT_CHARS": sys.maxsize,
          "MAX_OPENERS": 5000, "IMAGE_CHARS": 0, "CODE_PART_CHARS": sys.maxsize, "TABLE_SLICE_CELLS": sys.maxsize,
          "TABLE_SLICE_CHARS": sys.maxsize, "MAX_CELL_CHARS": sys.maxsize, "MAX_COLUMNS": sys.maxsize,
          "LAYOUT_BUDGET_S": 0.012}


def _after() -> dict[str, float]:
    from chathub_desktop.app_bootstrap import GIL_SWITCH_INTERVAL_S
    from chathub_desktop.core import invisible_text as it
    from chathub_desktop.gui.chat import markdown_render as mr
    from chathub_desktop.gui.chat import message_documents as md

    return {"switch_s": GIL_SWITCH_INTERVAL_S, "MAX_MARK_RUN": it.MAX_MARK_RUN,
            "MAX_FORMAT_CHARS": it.MAX_FORMAT_CHARS, "MAX_OPENERS": mr.MAX_OPENERS,
            "IMAGE_CHARS": mr.IMAGE_CHARS, "CODE_PART_CHARS": mr.CODE_PART_CHARS,
            "TABLE_SLICE_CELLS": mr.TABLE_SLICE_CELLS, "TABLE_SLICE_CHARS": mr.TABLE_SLICE_CHARS,
            "MAX_CELL_CHARS": mr.MAX_CELL_CHARS, "MAX_COLUMNS": mr.MAX_COLUMNS, "LAYOUT_BUDGET_S": md.LAYOUT_BUDGET_S}


def _apply(settings: dict[str, float]) -> None:
    """Set the bounds and the switch interval of ``settings`` for the next probe run."""
    from chathub_desktop.core import invisible_text as it
    from chathub_desktop.gui.chat import markdown_render as mr
    from chathub_desktop.gui.chat import message_documents as md

    sys.setswitchinterval(settings["switch_s"])
    for name, value in settings.items():
        for module in (it, mr, md):
            if hasattr(module, name):
                setattr(module, name, value)


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


def _run(texts: list[str], tmp: str) -> list[dict[str, float]]:
    """One probe run over ``texts`` in this process: one row per case."""
    from tests.gui import render_probe

    cases_file = Path(tmp) / "cases.json"
    cases_file.write_text(json.dumps(texts), encoding="utf-8")
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        render_probe.main(str(cases_file), tmp)
    return [json.loads(line) for line in out.getvalue().splitlines() if '"case"' in line]


def main() -> int:
    """Run the cases before and after (interleaved, ``--repeat`` times each) and print
    the figures."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication(sys.argv[:1])  # noqa: F841 - the probe's
    after = _after()
    floor = _label_floor(args.repeat)
    cases = _cases()
    names = list(cases)
    texts = [cases[k] for k in names]
    stall: dict[str, dict[str, list[float]]] = {"before": {k: [] for k in names}, "after": {k: [] for k in names}}
    cpu: dict[str, dict[str, list[float]]] = {"before": {k: [] for k in names}, "after": {k: [] for k in names}}
    total: dict[str, dict[str, list[float]]] = {"before": {k: [] for k in names}, "after": {k: [] for k in names}}
    rss = 0.0
    with tempfile.TemporaryDirectory() as tmp:
        for _ in range(args.repeat):
            for label, settings in (("before", BEFORE), ("after", after)):
                _apply(settings)
                for row in _run(texts, tmp):
                    stall[label][names[row["case"]]].append(row["stall_s"])
                    cpu[label][names[row["case"]]].append(row["cpu_s"])
                    total[label][names[row["case"]]].append(row["total_s"])
                    rss = max(rss, row["rss_mb"])
        _apply(after)
    print(f"floor: a bare QLabel's largest 5 ms timer gap {floor * 1000:.1f} ms")
    print("stall: the largest timer gap (wall clock); cpu: the most GUI-thread processor time between two ticks")
    print(f"{'case':30s} {'stall before':>12s} {'after':>6s} {'ratio':>5s} {'× floor':>7s}"
          f" {'cpu before':>10s} {'after':>6s} {'ratio':>5s} {'shown s':>7s}")
    med = {label: {k: statistics.median(v) for k, v in stall[label].items()} for label in stall}
    cmed = {label: {k: statistics.median(v) for k, v in cpu[label].items()} for label in cpu}
    for name in names:
        b, a = med["before"][name], med["after"][name]
        cb, ca = cmed["before"][name], cmed["after"][name]
        print(f"{name:30s} {b * 1000:12.1f} {a * 1000:6.1f} {a / b:5.2f} {a / floor:7.1f}"
              f" {cb * 1000:10.1f} {ca * 1000:6.1f} {ca / cb:5.2f} {statistics.median(total['after'][name]):7.3f}")
    for label in ("before", "after"):
        worst = max(names, key=lambda k: med[label][k])
        w = med[label][worst]
        cworst = max(names, key=lambda k: cmed[label][k])
        print(f"{label}: worst {worst} froze the window {w * 1000:.1f} ms = {w / floor:.1f}× the label floor "
              f"({floor * 1000:.1f} ms; budget {BUDGET_S * 1000:.0f} ms: {'within' if w <= BUDGET_S else 'OVER'}); "
              f"most GUI-thread CPU at once {cmed[label][cworst] * 1000:.1f} ms ({cworst}; budget "
              f"{CPU_BUDGET_S * 1000:.0f} ms: {'within' if cmed[label][cworst] <= CPU_BUDGET_S else 'OVER'})")
    print(f"peak RSS {rss:.0f} MB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
