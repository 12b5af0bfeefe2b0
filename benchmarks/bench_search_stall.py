"""How long hostile search results freeze the window (issue 32: the invisible-character
bound of the message view applies to search results too).

    QT_QPA_PLATFORM=offscreen python benchmarks/bench_search_stall.py [--repeat N]

The real Search page (800×600, offscreen) is given 40 message hits and 40 memory hits
whose topic titles hold 10,000 characters that take no room (bidi controls, zero-width
spaces, stacked accents; an imported topic's title is anyone's text) and whose
snippets are 160 such characters, then painted (each tab once). Figure: the largest gap
between the ticks of a 5 ms ``QTimer`` meanwhile (and, as the baseline, the same results of
plain text), and the most GUI-thread processor time
between two ticks (``tests/gui/render_probe.StallMeter``). "before" switches the bound
off (``MAX_MARK_RUN`` and ``MAX_FORMAT_CHARS`` unbounded) and builds the rows' rich
text on the GUI thread, as the page did; "after" builds it first (the page does it on
its worker) with the bound on. The title cut (``WHERE_PART_CHARS``) is in both, so
"before" is lower than the old page's. Interleaved, ``--repeat`` times each, median
printed.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

HOSTILE = "\u202e\u2066\u200b\u0301\u200d\ufeff\u0300\u2069"


def _results(bad: str = HOSTILE) -> tuple[Any, list[Any]]:
    """40 message hits and 40 memory hits of ``bad`` text (8 characters repeated)."""
    from chathub_desktop.core.memory_search import MemoryHitKind
    from chathub_desktop.core.search_text import Snippet
    from chathub_desktop.services.search.search_service import MemoryHit, SearchHit, SearchResults

    title = "Plans " + bad * 1250
    snip = Snippet("lighthouse a" + bad * 18 + "…", ((0, 10),))
    when = datetime(2026, 12, 2, tzinfo=UTC)
    hits = [SearchHit(i, 1, title, 1, "Helper" + bad * 20, "user", when, snip, 1.0) for i in range(40)]
    mem = [MemoryHit(1, "Helper" + bad * 20, MemoryHitKind.MEMORY, i + 1, snip) for i in range(40)]
    return SearchResults("lighthouse", hits, "fts"), mem


def _once(page: Any, res: Any, mem: list[Any], on_gui_thread: bool) -> tuple[float, float]:
    from PySide6.QtCore import QEventLoop, QTimer

    from chathub_desktop.gui.search.search_page import result_rows
    from tests.gui.render_probe import StallMeter

    rows = None if on_gui_thread else result_rows(res, mem)  # the window's worker does this

    meter = StallMeter()
    loop = QEventLoop()
    QTimer.singleShot(30, loop.quit)
    loop.exec()
    meter.reset()
    page.fill(res, mem, rows or result_rows(res, mem))
    for tab in (0, 1):
        page.tabs.setCurrentIndex(tab)
        page.grab()
    QTimer.singleShot(30, loop.quit)
    loop.exec()
    return meter.worst(), meter.worst_cpu()


def main() -> int:
    """Run before and after interleaved and print the figures."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    from PySide6.QtWidgets import QApplication

    from chathub_desktop.core import invisible_text as it
    from chathub_desktop.gui.search.search_page import SearchPage

    app = QApplication.instance() or QApplication(sys.argv[:1])  # noqa: F841
    page = SearchPage(runner=None, search=lambda _q, _f: None, search_memory=lambda _q, _f, _m: [])  # type: ignore[arg-type]
    page.resize(800, 600)
    page.show()
    res, mem = _results()
    plain = _results("The fox ")
    bounds = {"before": (sys.maxsize, sys.maxsize), "after": (it.MAX_MARK_RUN, it.MAX_FORMAT_CHARS)}
    figures: dict[str, list[tuple[float, float]]] = {"before": [], "after": [], "plain": []}
    for _ in range(args.repeat):
        for label, (run, formats) in bounds.items():
            it.MAX_MARK_RUN, it.MAX_FORMAT_CHARS = run, formats
            figures[label].append(_once(page, res, mem, on_gui_thread=label == "before"))
        figures["plain"].append(_once(page, *plain, on_gui_thread=False))
    it.MAX_MARK_RUN, it.MAX_FORMAT_CHARS = bounds["after"]
    med = {k: (statistics.median(g for g, _ in v), statistics.median(c for _, c in v)) for k, v in figures.items()}
    (gb, cb), (ga, ca), (gp, cp) = med["before"], med["after"], med["plain"]
    print("80 hostile results (titles of 10,000 invisible characters, snippets of 160), filled and painted:")
    print(f"largest 5 ms timer gap: before {gb * 1000:.1f} ms, after {ga * 1000:.1f} ms ({ga / gb:.2f}×)")
    print(f"most GUI-thread CPU at once: before {cb * 1000:.1f} ms, after {ca * 1000:.1f} ms ({ca / cb:.2f}×)")
    print(f"baseline, the same 80 results of plain text (after): gap {gp * 1000:.1f} ms, CPU {cp * 1000:.1f} ms; "
          f"after / baseline: gap {ga / gp:.2f}×, CPU {ca / cp:.2f}×")
    page.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
