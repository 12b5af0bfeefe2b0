"""Scrolling a long topic: event-loop stalls at any depth (issue 29, "Long topics at any depth").

    QT_QPA_PLATFORM=offscreen python benchmarks/bench_scroll.py [--sizes 20000,200000] [--pages 60] [--full]
        [--switch-interval SECONDS] [--theme light|dark|none]

A topic of N messages (bulk-inserted with SQLAlchemy Core into SQLite in a temp dir) is
shown in a :class:`MessageListView` over its windowed model, with :class:`TopicJumps` on a
qasync loop and the GUI's :class:`TaskRunner` (store reads and Markdown rendering on its
worker threads, as in the window), 1000×700. A 5 ms ``QTimer`` records every gap between
two ticks minus the 5 ms period while each operation runs (a frame is 16 ms); printed are
the largest gap, the 99th percentile and how many gaps exceeded a frame.

- **page steps within the window**: one page up and down again, 60 frames (no store read,
  no rendering on a worker: the view's own cost);
- **scroll up from the newest**: page-up steps at one per frame from the newest message
  through ``--pages`` older-page loads (``--full``: to the first message);
- **scroll up at mid-depth**: the same after a jump to the topic's middle;
- **scroll down at mid-depth**: page-down steps through ``--pages`` newer-page loads;
- **drag the scroll bar**: the topic scroll bar set to 20 positions across the topic, one
  per frame as a drag does, then each shown at the view's top;
- **Ctrl+Home** / **Ctrl+End**: the first / newest message shown.

PySide6 6.12.0 returns None from every void method (``QPainter.save``, ``setPen``, …) without
owning it, so on Python 3.11 None's reference count falls by about 20 per painted row and
the process aborts ("deallocating None") after some 20,000 row paints; on Python < 3.12
this benchmark detects that and raises None's count once at start so the run can finish
(printed); the product does not (6.11.3 does not leak).

Floors, in the same run: a **bare list** (``QListView`` over a ``QStringListModel`` of 40
rows, default delegate) stepping a page per frame; and the **old shape**, the same bare
list prepending 40-row pages to a growing model (what scrolling up did before: each prepend
lays out every row again), with the largest gap of its first and last 10 pages.

Measured 2026-12-02 (2 cores shared with ~8 engineers, load average 8-11, SQLite,
``--pages 20``; largest / p99 stall ms, so read them against the floors of the same run)::

    operation                                   20,000 msgs    200,000 msgs
    floor: bare list, a page step per frame       5.9 / 4.6      (same run)
    old shape: bare list prepending 40-row pages  9.9 ms per page at first, 215 ms after 150 pages
    page steps within the window                 15.0 / 14.9     40.0 / 19.6
    scroll up from the newest                    64.9 / 31.4     30.5 / 20.3
    scroll up at mid-depth                       57.8 / 35.4     54.1 / 37.7
    scroll down at mid-depth                    227.5 / 44.6    122.3 / 59.2
    drag the scroll bar (20 stops)                26.8            22.7
    Ctrl+End / Ctrl+Home                    17.8 / 8.2      15.1 / 9.9
    rows held at most                             164             164

Measured 2026-12-03 (perf40, unchanged code; 2 cores shared, load average 2.5-4,
``--pages 20``; largest / p99 stall ms)::

    operation                                   20,000 msgs    200,000 msgs
    floor: bare list, a page step per frame       2.2 / 2.0      (same run)
    old shape: bare list prepending 40-row pages  17.7 ms per page at first, 283.6 ms after 150 pages
    page steps within the window                 23.6 / 23.6     23.6 / 23.6
    scroll up from the newest                    58.4 / 52.3     85.0 / 70.2
    scroll up at mid-depth                      102.3 / 49.2    105.9 / 77.2
    scroll down at mid-depth                     54.1 / 44.4     35.0 / 32.1
    drag the scroll bar (20 stops)                50.6            68.1
    Ctrl+End / Ctrl+Home                    45.1 / 28.3     15.2 / 26.0

Still no growth with depth, and still not under a frame: a page step with nothing read
costs the view ~10× the bare list's (its rows' documents painted), before any page load.

Measured 2026-12-03 (scroll41: each row's layout kept and reused by paint, size hint and
hit tests, one ``RowFace`` read per row, fonts made once; load average 6.6-7, ``--pages 10``,
the code before and after back to back; largest / p99 stall ms)::

    operation                                   before: 20,000 / 200,000    after: 20,000 / 200,000
    floor: bare list, a page step per frame       25.9 / 25.0 (same run)      22.6 / 18.5 (same run)
    page steps within the window                 100.8 / 100.8  86.5 / 86.5   29.7 / 29.7  19.7 / 17.9
    scroll up from the newest                    266.9 / 241.4 172.1 / 135.2 100.2 / 78.8  57.9 / 47.6
    scroll up at mid-depth                       177.5 / 162.4 146.4 / 138.9 267.9 / 125.8 62.9 / 53.6
    scroll down at mid-depth                     147.4 / 147.4 208.9 / 160.9  97.6 / 87.4  50.0 / 49.5
    drag the scroll bar (20 stops)               193.6         217.7         110.1         327.3
    Ctrl+End / Ctrl+Home                    24.5 / 5.1    32.0 / 13.5   48.6 / 19.0   6.7 / 5.5

A page step within the loaded rows now stalls as the bare list does under the same load
(ticks over a frame: 58 of 67 → 13 of 72 at 20,000, 60 of 65 → 4 of 129 at 200,000); its
GUI-thread CPU time (``time.thread_time`` around a step and a synchronous repaint, 160
rows, 2 runs) fell from 12.0-16.4 to 7.3-8.7 ms, and a re-layout of the 160 rows from
7.0-9.3 to 4.9-9.6 ms (Qt's own ~300 ``rowCount`` calls a pass remain). Steps with page
loads stay above a frame at this load: the worker rendering the next page holds the GIL.
A second run of the final code (load 5): floor 12.2 / 11.7; page steps 21.5 / 21.5 at
20,000 and 29.1 / 23.4 at 200,000; scroll up from the newest 82.6 / 53.6 and 47.4 / 41.2.

The stall no longer grows with depth (200,000 as 20,000; the old shape grows 20-fold in
150 pages); under this load it is not yet under a frame while pages come in: a step of 4
rows costs 3-4 ms of GUI thread on a quiet machine, the rest is the load and the GIL held
by the worker rendering the next step (``--switch-interval`` showed no clear effect here).

Measured 2026-12-03 (scroll45; load average 4.8-4.9, ``--pages 10 --why``, d367d25 and
this code back to back; the benchmark now runs as the window does: 1 ms GIL switch
interval, heap frozen, and counts page loads by rows that came in). Largest stall, then
the GUI thread's own CPU in its busiest gap (``--why``; the stall beyond it was the GUI
thread waiting for a core: 60-75 % of every stall over a frame at this load, while its
wait for the interpreter lock held by a worker summed to about 0)::

    operation                          before: 20,000 / 200,000        after: 20,000 / 200,000
    floor: bare list                     19.8 (5.4 CPU)  (same run)      14.1 (5.3 CPU)  (same run)
    page steps within the window         17.0 (13.3)     18.3 (8.1)      21.4 (8.8)      15.3 (8.6)
    scroll up from the newest            52.6 (22.4)     95.8 (22.5)     34.0 (16.6)     29.2 (17.5)
    scroll up at mid-depth               82.5 (24.6)     76.3 (20.9)     63.2 (15.8)     97.6 (15.7)
    scroll down at mid-depth             99.9 (26.3)    107.3 (22.6)     35.9 (18.5)     70.0 (17.0)
    drag the scroll bar (20 stops)      137.5 (48.4)     33.2 (32.4)     31.4 (9.0)      29.9 (6.9)
    Ctrl+End / Ctrl+Home            65.2 / 20.3      9.7 / 3.3       27.7 / 1.2      8.8 / 3.3

What changed: a page that replaces the window (a jump, the topic bar, a topic opened)
shows the ~12 rows in view first and the rest in steps; a step's Markdown is rendered on
a worker and its rows laid out one per turn before the turn that shows them; the width,
theme, fonts and language are read once per layout pass and paint; a paint draws text only
where it redraws. Largest stalls swing 2-5x between runs at this load; the GUI thread's own
work per gap is the steadier figure: still 15-18 ms while pages come in (a full-page step's
repaint plus a step's re-layout of 160 rows).

Measured 2026-12-03 (scroll46; load average 5.0-6.3, ``--pages 10 --why --old-pages 20``,
a5d14b0 and this code back to back with this benchmark). The GUI thread's own CPU in its
busiest gap while pages come in, then (second line of each) what each page's inserts cost
it and how many paints of the whole viewport the run made::

    operation                    before: 20,000 / 200,000       after: 20,000 / 200,000
    page steps (nothing read)    11.3           12.3            8.6            7.5
    scroll up from the newest    15.8           16.8            9.4            8.6
      inserts                    100, 31.2 ms a page            10, 2.9 ms a page
      whole-viewport paints      112 for 98 steps               49 for 59 steps
    scroll up at mid-depth       15.2           14.3            9.1           11.1
    scroll down at mid-depth     19.5           19.9            9.6           10.2

What changed: a page's rows are shown in one insert once each row's document is laid out
(one re-layout of the window's 160 rows a page, ~4 ms, instead of ten); rows that come in
above the viewport, or leave above it, repaint nothing (the view keeps its pixels while it
scrolls back by their height). The busiest gap is now a page step's own repaint, as with
nothing read. ``rows held`` reads 200 for a moment: a page is inserted before the far end
of the window leaves, both before the one layout.

Measured 2026-12-03 (paint47; load average 4.9-6.1, ``--pages 10 --why --old-pages 20``,
1595502 and this code alternated twice with this benchmark, which now runs under the app's
light theme, stylesheet included, as the window does; before, it ran without the sheet and
missed that every scroll step repainted the whole viewport). A wheel's line step (24 px)
within the window, 20,000 / 200,000 messages, two runs each::

                                        before                        after
    viewport painted per line step      100 %                         8 %
    line steps over a frame             9, 3 / 3, 35 (of 72-126)      2, 0 / 0, 0 (of 179-205)
    GUI CPU in its busiest gap (p99)    8.0, 9.1 / 8.9, 12.3 ms       4.4, 4.0 / 8.0, 6.7 ms
    whole-viewport paints, scroll up    59 for 59 page steps          49 for 59 page steps

What changed: no stylesheet rule draws the message list (a background or border rule on
a scroll area makes Qt's sheet style turn its viewport's autoFillBackground off, and
``QWidget::scroll`` moves pixels only in an opaque viewport), so a scroll step paints the
strip it exposes. A page's insert lays out the window's 160 rows once as before, a little
cheaper per row (the re-layout's GUI CPU 2.9-3.5 -> 2.6-2.8 ms in alternated micro-measures at
load 6.7-7.4: a size hint reads one plain tuple per row); the GUI thread's busiest
gap while pages come in stays 8-13 ms in both, and it is a page step's repaint of the
whole viewport (its rows' text drawn by Qt), which no blit can save.

Measured 2026-12-04 (look49; load average 12-12.8, ``--pages 10 --why --sizes 20000
--old-pages 20``). Why a page step still paints the whole viewport: the step is the
viewport's height (700 px of 700 px, printed), so no pixel on screen stays to be moved;
the steps that did not repaint whole (49 of 59) are those stopped by the window's edge
while its next page came in. What that paint costs, the new line under each page-step
row (GUI CPU of one synchronous repaint after a step, 40 steps)::

                                        median   p90
    bare list (floor, same run)         1.33     2.48 ms
    the message list, 20,000 messages   2.10     2.89 ms   (1.6x the floor)

So the whole-viewport paint is cheap (an eighth of a frame); the stalls over a frame in
this run were waits for a core (core wait 525 of 518 ms over a frame for the page steps,
GUI CPU 72), not the paint.
"""

# ruff: noqa: B023 - each lambda is awaited within its loop turn
from __future__ import annotations

import argparse
import asyncio
import os
import sys
import threading
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
from benchmarks.scratch_dirs import scratch_dir  # noqa: E402
from benchmarks.seeded_store import seed_messages  # noqa: E402

FRAME_MS = 16.0
TEXT = "Message {i}: a reply with **bold**, `code` and a list:\n\n- one\n- two\n"


def _sched() -> tuple[float, float]:
    """The calling thread's (CPU, run-queue wait) so far in ms from the kernel's
    schedstat; (CPU, 0) where the file is missing."""
    try:
        with open(f"/proc/self/task/{threading.get_native_id()}/schedstat") as f:
            cpu, wait, _slices = f.read().split()
        return int(cpu) / 1e6, int(wait) / 1e6
    except OSError:
        return time.thread_time() * 1000, 0.0


class Gaps:
    """Every gap between the ticks of a 5 ms timer, minus the period (ms), and what the GUI
    thread did meanwhile (:attr:`parts`: its CPU, its wait for a core, and the rest: a
    wait for the interpreter lock held by a worker, or sleep)."""

    def __init__(self) -> None:
        from PySide6.QtCore import QElapsedTimer, Qt, QTimer

        self.gaps: list[float] = []
        self.parts: list[tuple[float, float]] = []
        self.ends: list[float] = []  # perf_counter seconds at each tick
        self._sched = (0.0, 0.0)
        self._clock = QElapsedTimer()
        self._last = 0
        self._timer = QTimer()
        self._timer.setInterval(5)
        self._timer.setTimerType(Qt.TimerType.PreciseTimer)
        self._timer.timeout.connect(self._tick)

    def _tick(self) -> None:
        now, sched = self._clock.nsecsElapsed(), _sched()
        self.gaps.append((now - self._last) / 1e6 - 5)
        self.parts.append((sched[0] - self._sched[0], sched[1] - self._sched[1]))
        self.ends.append(time.perf_counter())
        self._last, self._sched = now, sched

    async def during(self, work: Callable[[], Awaitable[None]]) -> list[float]:
        """The gaps while ``work()`` runs (and the paint after it)."""
        self.gaps, self.parts, self.ends = [], [], []
        self._clock.start()
        self._last, self._sched = self._clock.nsecsElapsed(), _sched()
        self._timer.start()
        await asyncio.sleep(0.02)
        self.gaps, self.parts, self.ends = [], [], []
        await work()
        await asyncio.sleep(0.03)
        self._timer.stop()
        return self.gaps

    def why(self) -> str:
        """Where the stalls over a frame of the last :meth:`during` went, summed (ms): the
        GUI thread's CPU, its wait for a core, and the rest (the interpreter lock)."""
        over = [(g, p) for g, p in zip(self.gaps, self.parts, strict=True) if g > FRAME_MS]
        total = sum(g for g, _ in over)
        cpu = sum(p[0] for _, p in over)
        queued = sum(p[1] for _, p in over)
        own = sorted(p[0] for p in self.parts) or [0.0]
        line = (f"over a frame: {total:.0f} ms = GUI CPU {cpu:.0f} + core wait {queued:.0f} + other "
                f"{total - cpu - queued:.0f}; GUI CPU in one gap: largest {own[-1]:.1f}, "
                f"p99 {own[min(len(own) - 1, int(len(own) * 0.99))]:.1f}")
        if SAMPLER[0] is not None:  # --profile
            spans = [(end - (g + 5) / 1000, end) for g, end in zip(self.gaps, self.ends, strict=True) if g > FRAME_MS]
            line += "\n" + SAMPLER[0].report(spans, top=8)
        return line


def row(name: str, gaps: list[float], extra: str = "") -> str:
    """One printed line: largest gap, p99, gaps over a frame."""
    xs = sorted(gaps) or [0.0]
    p99 = xs[min(len(xs) - 1, int(len(xs) * 0.99))]
    over = sum(1 for g in xs if g > FRAME_MS)
    return f"{name:46} {xs[-1]:9.1f} {p99:7.1f} {over:6d} {len(xs):7d}  {extra}"


def repaint_cost(view: Any, steps: int = 40) -> str:
    """What one paint of the whole viewport costs the GUI thread right after a page step
    (``time.thread_time`` around a synchronous ``repaint``, ms; alternately up and down
    within the rows held): a page step scrolls by the viewport's height, so none of the
    pixels on screen stay and Qt repaints it whole; the line says the step and the height."""
    sb, vp = view.verticalScrollBar(), view.viewport()
    cpu: list[float] = []
    for k in range(steps):
        sb.triggerAction(sb.SliderAction.SliderPageStepSub if k % 2 == 0 else sb.SliderAction.SliderPageStepAdd)
        start = time.thread_time()
        vp.repaint()
        cpu.append((time.thread_time() - start) * 1000)
    cpu.sort()
    return (f"one whole-viewport repaint after a page step: GUI CPU median {cpu[len(cpu) // 2]:.2f} ms, "
            f"p90 {cpu[int(len(cpu) * 0.9)]:.2f} (page step {sb.pageStep()} px, viewport {vp.height()} px)")


#: The sampling profiler of ``--profile`` (benchmarks/gui_sampler.py), or None.
SAMPLER: list[Any] = [None]
#: Freeze the heap once the topic is open, as the window does after start-up (``--no-freeze``: not).
FREEZE = [True]
#: Print after each line where its stalls over a frame went (``--why``).
WHY = [False]


def add(lines: list[str], gaps: Gaps, line: str) -> None:
    """Append ``line`` and, with ``--why``, where its stalls went."""
    lines.append(line)
    if WHY[0]:
        lines.append(f"{'':46} {gaps.why()}")


def seed(url: str, n: int) -> int:
    """A topic of ``n`` alternating user/assistant messages; returns its id."""
    return seed_messages(url, n, TEXT, topics=1, days_ago=30)[0]


async def floors(gaps: Gaps, old_pages: int) -> list[str]:
    """The bare list's page step and the old prepend shape."""
    from PySide6.QtCore import QStringListModel
    from PySide6.QtWidgets import QAbstractItemView, QListView

    lines: list[str] = []
    model = QStringListModel([TEXT.format(i=i) for i in range(40)])
    view = QListView()
    view.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
    view.setModel(model)
    view.resize(1000, 700)
    view.show()
    await asyncio.sleep(0.05)
    sb = view.verticalScrollBar()

    async def steps() -> None:
        for k in range(60):
            sb.triggerAction(sb.SliderAction.SliderPageStepSub if k % 20 < 10 else sb.SliderAction.SliderPageStepAdd)
            await asyncio.sleep(FRAME_MS / 1000)

    add(lines, gaps, row("floor: bare list, a page step per frame", await gaps.during(steps)))
    lines.append(f"{'':46} {repaint_cost(view)}")
    per_page: list[float] = []

    async def prepend() -> None:
        for p in range(old_pages):
            mark = len(gaps.gaps)
            model.insertRows(0, 40)
            for r in range(40):
                model.setData(model.index(r), TEXT.format(i=-40 * (p + 1) + r))
            sb.setValue(sb.minimum() + 1)
            await asyncio.sleep(FRAME_MS / 1000)
            per_page.append(max(gaps.gaps[mark:], default=0.0))

    g = await gaps.during(prepend)
    first, last = max(per_page[:10]), max(per_page[-10:])
    add(lines, gaps, row(f"old shape: bare list prepending {old_pages} pages", g,
                     f"first 10 pages {first:.1f} ms, last 10 {last:.1f} ms ({model.rowCount():,} rows)"))
    view.close()
    view.deleteLater()
    return lines


def watch_inserts(model: Any, view: Any) -> Any:
    """Wrap ``model``'s ``prepend`` / ``append_newer`` (the calls that show a page's rows)
    to record the GUI thread's CPU in each (ms, with the re-layout and scroll-back they do
    at once), and count the paints of the whole viewport; returns the record
    (``cpu``, ``full_paints``, ``steps``, ``painted`` px; ``reset()``; ``line(pages)``)."""
    from PySide6.QtCore import QEvent, QObject

    class Inserts(QObject):
        def __init__(self) -> None:
            super().__init__()
            self.cpu: list[float] = []
            self.full_paints = 0
            self.steps = 0
            self.painted = 0  # px of the viewport painted (each paint's region area)

        def reset(self) -> None:
            self.cpu, self.full_paints, self.steps, self.painted = [], 0, 0, 0

        def timed(self, real: Callable[..., None]) -> Callable[..., None]:
            def call(*args: Any, **kwargs: Any) -> None:
                start = time.thread_time()
                real(*args, **kwargs)
                self.cpu.append((time.thread_time() - start) * 1000)
            return call

        def eventFilter(self, _obj: QObject, e: QEvent) -> bool:  # noqa: N802 - Qt override
            if e.type() == QEvent.Type.Paint:
                self.painted += sum(r.width() * r.height() for r in e.region())  # type: ignore[attr-defined]
                if e.rect().height() >= view.viewport().height():  # type: ignore[attr-defined]
                    self.full_paints += 1
            return False

        def line(self, pages: int) -> str:
            cpu = self.cpu or [0.0]
            return (f"{len(self.cpu)} inserts: GUI CPU ≤ {max(cpu):.1f} ms each, {sum(cpu) / max(1, pages):.1f} ms "
                    f"a page; whole-viewport paints {self.full_paints} for {self.steps} page steps")

    inserts = Inserts()
    model.prepend = inserts.timed(model.prepend)
    model.append_newer = inserts.timed(model.append_newer)
    view.viewport().installEventFilter(inserts)
    return inserts


async def measure_topic(n: int, pages: int, full: bool, gaps: Gaps) -> list[str]:
    """The lines for a topic of ``n`` messages."""
    from PySide6.QtCore import QPoint, Qt
    from PySide6.QtGui import QKeyEvent
    from PySide6.QtWidgets import QApplication

    from chathub_desktop.gui.chat.message_jump import TopicJumps
    from chathub_desktop.gui.chat.message_list_model import MAX_ROWS, PAGE_SIZE, MessageListModel
    from chathub_desktop.gui.chat.message_list_view import MessageListView
    from chathub_desktop.gui.shell.chat_events import ChatEvents
    from chathub_desktop.gui.shell.task_runner import TaskRunner
    from chathub_desktop.services.container import open_services

    tmp = scratch_dir("scroll")
    url = f"sqlite:///{tmp / 'store.sqlite3'}"
    t0 = time.perf_counter()
    topic = seed(url, n)
    seeded = time.perf_counter() - t0
    svc = open_services(url)
    events = ChatEvents(svc.bus)
    model = MessageListModel(svc.topics, events)
    view = MessageListView(model)
    runner = TaskRunner(None)
    jumps = TopicJumps(model, view, runner)
    view.resize(1000, 700)
    view.show()
    sb = view.verticalScrollBar()
    most_rows = [0]
    inserts = watch_inserts(model, view)
    model.rowsInserted.connect(lambda *_: most_rows.__setitem__(0, max(most_rows[0], model.rowCount())))

    def top_text() -> str:
        index = view.indexAt(QPoint(view.viewport().width() // 2, 0))
        m = model.message_at(index.row()) if index.isValid() else None
        return m.content if m is not None else ""

    def last_text() -> str:
        m = model.message_at(model.rowCount() - 1)
        return m.content if m is not None else ""

    async def until(done: Callable[[], bool], what: str) -> None:
        start = time.perf_counter()
        while not done():
            await asyncio.sleep(0.002)
            if time.perf_counter() - start > 30:
                raise RuntimeError(f"not done after 30 s: {what}")

    async def scroll(up: bool, loads: int) -> None:
        """A page step per frame until ``loads`` pages of rows came in (0: to the topic's edge)."""
        origin = model.first_offset if up else model.next_offset
        action = sb.SliderAction.SliderPageStepSub if up else sb.SliderAction.SliderPageStepAdd
        while loads == 0 or (origin - model.first_offset if up else model.next_offset - origin) < loads * PAGE_SIZE:
            edge = model.first_offset if up else model.next_offset
            sb.triggerAction(action)
            inserts.steps += 1
            await asyncio.sleep(FRAME_MS / 1000)
            at_edge = sb.value() <= sb.minimum() if up else sb.value() >= sb.maximum()
            if not at_edge:
                continue
            if (up and not model.has_older()) or (not up and model.at_end):
                return
            await until(lambda: (model.first_offset if up else model.next_offset) != edge, "a page")

    async def scrolled(up: bool, loads: int) -> None:
        inserts.reset()
        await scroll(up, loads)

    lines = [f"-- topic of {n:,} messages (seeded in {seeded:.1f} s)"]
    model.open_topic(topic)
    await until(lambda: model.rowCount() > 0 and view.is_at_bottom(), "open")
    await asyncio.sleep(0.1)
    if FREEZE[0]:  # as app_bootstrap.freeze_startup_heap once the window is up
        import gc

        gc.freeze()

    async def within() -> None:
        for k in range(60):  # one page up and down again: the window's rows, nothing read
            sb.triggerAction(sb.SliderAction.SliderPageStepSub if k % 2 == 0 else sb.SliderAction.SliderPageStepAdd)
            await asyncio.sleep(FRAME_MS / 1000)

    fetched = model.fetched
    add(lines, gaps, row("page steps within the window (nothing read)", await gaps.during(within),
                     f"rows read meanwhile {model.fetched - fetched}"))
    lines.append(f"{'':46} {repaint_cost(view)}")

    async def lines_within() -> None:
        for k in range(60):  # a wheel's steps of 3 lines (24 px) up and down again, nothing read
            sb.triggerAction(sb.SliderAction.SliderSingleStepSub if k % 20 < 10 else sb.SliderAction.SliderSingleStepAdd)
            await asyncio.sleep(FRAME_MS / 1000)

    inserts.reset()
    g = await gaps.during(lines_within)
    vp = view.viewport()
    add(lines, gaps, row(f"line steps within the window ({sb.singleStep()} px)", g,
                     f"painted {inserts.painted / 60 / (vp.width() * vp.height()):.0%} of the viewport a step"))
    label = "to the first message" if full else f"{pages} pages"
    add(lines, gaps, row(f"scroll up from the newest, {label}", await gaps.during(lambda: scrolled(True, 0 if full else pages)),
                     f"rows held ≤ {most_rows[0]} (MAX_ROWS {MAX_ROWS})"))
    lines.append(f"{'':46} {inserts.line(pages)}")
    mid = n // 2
    view.topic_bar.setValue(mid)
    await until(lambda: top_text().startswith(f"Message {mid}:"), "mid jump")
    await asyncio.sleep(0.1)
    most_rows[0] = model.rowCount()
    add(lines, gaps, row(f"scroll up at mid-depth, {pages} pages", await gaps.during(lambda: scrolled(True, pages)),
                     f"rows held ≤ {most_rows[0]}"))
    lines.append(f"{'':46} {inserts.line(pages)}")
    view.topic_bar.setValue(mid)
    await until(lambda: top_text().startswith(f"Message {mid}:"), "mid jump")
    await asyncio.sleep(0.1)
    most_rows[0] = model.rowCount()
    add(lines, gaps, row(f"scroll down at mid-depth, {pages} pages", await gaps.during(lambda: scrolled(False, pages)),
                     f"rows held ≤ {most_rows[0]}"))
    lines.append(f"{'':46} {inserts.line(pages)}")

    async def drag() -> None:
        bar = view.topic_bar
        bar.setSliderDown(True)
        for k in range(20):
            bar.setValue(round(bar.maximum() * (19 - k) / 19))
            await asyncio.sleep(FRAME_MS / 1000)
        bar.setSliderDown(False)
        target = f"Message {round(view.topic_bar.maximum() * 0)}:"
        await until(lambda: top_text().startswith(target), "drag to the top")

    add(lines, gaps, row("drag the scroll bar across the topic (20 stops)", await gaps.during(drag)))
    ctrl = Qt.KeyboardModifier.ControlModifier

    def key(k: Qt.Key) -> None:
        QApplication.sendEvent(view, QKeyEvent(QKeyEvent.Type.KeyPress, k, ctrl))

    async def end() -> None:
        key(Qt.Key.Key_End)
        await until(lambda: model.at_end and view.is_at_bottom() and last_text().startswith(f"Message {n - 1}:"), "end")

    async def home() -> None:
        key(Qt.Key.Key_Home)
        await until(lambda: top_text().startswith("Message 0:"), "home")

    add(lines, gaps, row("Ctrl+End → newest message", await gaps.during(end)))
    add(lines, gaps, row("Ctrl+Home → first message", await gaps.during(home)))
    await runner.shutdown()
    assert jumps is not None
    view.close()
    view.deleteLater()
    events.detach()
    svc.close()
    return lines


def _binding_leaks_none() -> bool:
    """True when a void Qt call lowers None's reference count (PySide6 6.12.0)."""
    from PySide6.QtGui import QColor, QImage, QPainter

    image = QImage(4, 4, QImage.Format.Format_ARGB32)
    painter = QPainter(image)
    before = sys.getrefcount(None)
    for _ in range(1000):
        painter.setPen(QColor(1, 2, 3))
    leaked = sys.getrefcount(None) < before - 500
    painter.end()
    return leaked


def main() -> None:
    """Print the stall figures for each size beside the bare-list floors."""
    import qasync
    from PySide6.QtWidgets import QApplication

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="20000,200000")
    parser.add_argument("--pages", type=int, default=60, help="page loads per scroll run")
    parser.add_argument("--full", action="store_true", help="scroll up from the newest to the first message")
    parser.add_argument("--old-pages", type=int, default=150, help="pages the old-shape floor prepends")
    parser.add_argument("--switch-interval", type=float, default=None,
                        help="sys.setswitchinterval in seconds (default: the window's, app_bootstrap."
                             "GIL_SWITCH_INTERVAL_S; Python's own is 0.005)")
    parser.add_argument("--no-freeze", action="store_true",
                        help="leave the start-up heap to the cyclic collector (the window freezes it)")
    parser.add_argument("--theme", choices=("light", "dark", "none"), default="light",
                        help="the app's theme, stylesheet included, as the window has it (none: Qt's bare style)")
    parser.add_argument("--why", action="store_true",
                        help="after each line: the GUI thread's CPU, core wait and the rest in its stalls")
    parser.add_argument("--profile", action="store_true",
                        help="with --why: the GUI thread's and the workers' stacks in the stalls over a frame")
    args = parser.parse_args()
    WHY[0] = args.why or args.profile
    if args.profile:
        from benchmarks.gui_sampler import Sampler

        SAMPLER[0] = Sampler(0.001)
        SAMPLER[0].start()
    from chathub_desktop.app_bootstrap import GIL_SWITCH_INTERVAL_S

    # how long the GUI thread may wait for the GIL held by a worker: the window's by default
    sys.setswitchinterval(GIL_SWITCH_INTERVAL_S if args.switch_interval is None else args.switch_interval)
    FREEZE[0] = not args.no_freeze
    print(f"start-up heap frozen as the window's: {'yes' if FREEZE[0] else 'no'}")
    print(f"GIL switch interval {sys.getswitchinterval() * 1000:.1f} ms")
    app = QApplication.instance() or QApplication(sys.argv[:1])
    if sys.version_info < (3, 12) and _binding_leaks_none():  # see the module docstring
        import ctypes

        for singleton in (None, True, False):
            ctypes.c_ssize_t.from_address(id(singleton)).value += 1 << 40
        print("note: this PySide6 leaks None/bool references on Python < 3.12: their counts raised for this run")
    if args.theme != "none" and isinstance(app, QApplication):
        from chathub_desktop.gui.design.theme import apply_theme

        apply_theme(app, args.theme, hint=False)
    print(f"theme: {args.theme}")
    loop = qasync.QEventLoop(app)
    asyncio.set_event_loop(loop)

    async def run() -> None:
        gaps = Gaps()
        lines = await floors(gaps, args.old_pages)
        for n in (int(s) for s in args.sizes.split(",")):
            lines += await measure_topic(n, args.pages, args.full, gaps)
        print(f"stall = gap of a 5 ms timer beyond its period (ms); a frame is {FRAME_MS:.0f} ms")
        print(f"{'operation':46} {'largest':>9} {'p99':>7} {'>frame':>6} {'ticks':>7}")
        for line in lines:
            print(line)

    with loop:
        loop.run_until_complete(run())


if __name__ == "__main__":
    main()
