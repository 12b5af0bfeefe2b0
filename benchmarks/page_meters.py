"""Meters for the Memory page's bench (``bench_memory_page.py``, issue 30): the largest gap
between a 5 ms timer's ticks, the GUI thread's CPU per turn of the event loop, the cyclic
collector's runs and the page's idle build steps; and the host's pauses of this machine.

The host pauses (scroll53). This machine is a virtual one: a few times a minute, whatever
runs on it or not, its host stops it for 40–110 ms (``steal`` in ``/proc/stat`` rises by
~10 ticks at once; 6–9 such pauses a minute measured 2026-12-05 with nothing of ours
running). The guest charges that time to the thread that was on a core: a pure-Python
loop of 0.8 ms chunks measured one chunk at 97.6 ms of ``thread_time`` (120 ms wall, 10
ticks of steal), and ``perf record`` of the bench shows no sample of any of its threads
through each of the scroll's 86–98 ms "turns of GUI CPU", then one at an arbitrary
instruction (a raster fill, ``QWidget::window``) on the way out of a reschedule interrupt.
So a turn or a gap in which the host paused the machine says nothing of the page: the
meters note the host's steal in each (read from ``/proc/stat``, 7 µs a read) and print the
largest turns and gaps without one beside those with one.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable
from typing import Any

GOAL_MS = 16.0
#: Seconds after a turn or gap ends within which the host's steal is still its own: the
#: guest counts steal at its next scheduler tick (250 Hz here) after the pause.
STEAL_LAG_S = 0.005


class HostSteal:
    """The CPU time the host took from this machine (all its cores), in ms, read from the
    ``steal`` column of ``/proc/stat`` (0 where there is none). :meth:`close` it."""

    def __init__(self) -> None:
        try:
            self._fd = os.open("/proc/stat", os.O_RDONLY)
        except OSError:
            self._fd = -1
        self._tick_ms = 1000 / os.sysconf("SC_CLK_TCK")

    def ms(self) -> float:
        """Steal since boot, ms (a ``pread`` of the file's first line)."""
        if self._fd < 0:
            return 0.0
        head = os.pread(self._fd, 160, 0).split(maxsplit=9)
        return int(head[8]) * self._tick_ms

    def close(self) -> None:
        """Close the file (idempotent)."""
        if self._fd >= 0:
            os.close(self._fd)
            self._fd = -1


class _Marks:
    """Boundaries ``(wall s, steal ms)`` of turns or gaps, to tell whether the host paused
    the machine within one (or :data:`STEAL_LAG_S` after it ended)."""

    def __init__(self, steal: HostSteal) -> None:
        self.steal = steal
        self.marks: list[tuple[float, float]] = []

    def mark(self, wall: float) -> float:
        """Note the host's steal now as at ``wall``; returns it (ms)."""
        s = self.steal.ms()
        self.marks.append((wall, s))
        return s

    def paused(self, start: float, end: float, steal_at_start: float) -> float:
        """Host steal ms from ``start`` to the first mark at or after ``end`` + lag."""
        import bisect

        k = bisect.bisect_left(self.marks, (end + STEAL_LAG_S, -1.0))
        after = self.marks[k][1] if k < len(self.marks) else self.steal.ms()
        return after - steal_at_start


class ThreadTimes:
    """Each thread's time on a core and waiting for one (ns), from
    ``/proc/self/task/<tid>/schedstat``, read at every tick of a :class:`StallMeter` with
    ``--why`` (~10 µs a thread). A stall whose GUI thread neither ran nor waited for a core
    was blocked — on the interpreter lock while another thread ran Python or held it in C."""

    def __init__(self) -> None:
        self._gui = threading.get_native_id()
        self.last: dict[int, tuple[int, int]] = self.snapshot()

    @staticmethod
    def snapshot() -> dict[int, tuple[int, int]]:
        out = {}
        for tid in os.listdir("/proc/self/task"):
            try:
                with open(f"/proc/self/task/{tid}/schedstat", "rb") as f:
                    run, wait, _n = f.read().split()
            except (OSError, ValueError):
                continue
            out[int(tid)] = (int(run), int(wait))
        return out

    @staticmethod
    def name(tid: int) -> str:
        for t in threading.enumerate():
            if t.native_id == tid:
                return t.name
        try:
            with open(f"/proc/self/task/{tid}/comm") as f:
                return f.read().strip()
        except OSError:
            return str(tid)

    def gap(self) -> str:
        """What each thread did since the last call: the GUI thread's ms on a core and
        waiting for one, then the three other threads that ran most (ms on a core)."""
        now = self.snapshot()
        moved = {tid: (run - self.last.get(tid, (0, 0))[0], wait - self.last.get(tid, (0, 0))[1])
                 for tid, (run, wait) in now.items()}
        self.last = now
        gui_run, gui_wait = moved.pop(self._gui, (0, 0))
        others = sorted(moved.items(), key=lambda kv: -kv[1][0])[:3]
        said = ", ".join(f"{self.name(tid)} {run / 1e6:.1f}" for tid, (run, _w) in others if run > 100_000)
        return f"GUI ran {gui_run / 1e6:.1f} ms, waited for a core {gui_wait / 1e6:.1f} ms; others ran: {said or 'none'}"

    def skip(self) -> None:
        """Start the next gap now."""
        self.last = self.snapshot()


class StallMeter:
    """A 5 ms timer; :meth:`worst_ms` is the largest gap between two ticks since :meth:`reset`."""

    def __init__(self, steal: HostSteal, why: bool = False, over_ms: float = GOAL_MS) -> None:
        from PySide6.QtCore import QTimer

        #: A gap longer than this (ms) is a stall (recorded, and explained with ``why``).
        self.over_ms = over_ms

        #: With ``why``: each stall's threads (:class:`ThreadTimes`), beside :attr:`stalls`.
        self.threads = ThreadTimes() if why else None
        self.why: list[str] = []
        self._marks = _Marks(steal)
        self._steal0 = 0.0  # the host's steal at the gap's start
        #: Every gap ``(start, end, GUI CPU s, steal ms at start)``, since :meth:`reset`.
        self.gaps: list[tuple[float, float, float, float]] = []
        self._timer = QTimer()
        self._timer.setInterval(5)
        self._timer.timeout.connect(self._tick)
        self._last = time.perf_counter()
        self._cpu = time.thread_time()
        self.worst = 0.0
        #: The GUI thread's CPU seconds in the worst gap (the rest of it, it waited).
        self.worst_cpu = 0.0
        #: The most CPU the GUI thread spent between two ticks (the page's own worst turn,
        #: whatever the machine's load made of it: on a busy machine a gap is mostly waiting).
        self.most_cpu = 0.0
        #: Every gap over the goal, ``(start, end)`` in perf_counter seconds (for ``--sample``).
        self.stalls: list[tuple[float, float]] = []
        #: The GUI thread's CPU seconds in each of :attr:`stalls` (the rest it waited: for
        #: the interpreter lock or for a core).
        self.stall_cpu: list[float] = []

    def _tick(self) -> None:
        now = time.perf_counter()
        cpu = time.thread_time()
        if now - self._last > self.worst:
            self.worst = now - self._last
            self.worst_cpu = cpu - self._cpu
        self.most_cpu = max(self.most_cpu, cpu - self._cpu)
        if now - self._last > self.over_ms / 1000:
            self.stalls.append((self._last, now))
            self.stall_cpu.append(cpu - self._cpu)
            if self.threads is not None:
                self.why.append(f"{1000 * (now - self._last):.1f} ms: {self.threads.gap()}")
        elif self.threads is not None:
            self.threads.skip()
        self.gaps.append((self._last, now, cpu - self._cpu, self._steal0))
        self._steal0 = self._marks.mark(now)
        self._last = now
        self._cpu = cpu

    def reset(self) -> None:
        self._last = time.perf_counter()
        self._cpu = time.thread_time()
        self._marks.marks.clear()
        self._steal0 = self._marks.mark(self._last)
        self.gaps.clear()
        self.worst = 0.0
        self.most_cpu = 0.0
        self._timer.start()

    def clear(self) -> tuple[float, float, int]:
        """Over the gaps in which the host did not pause the machine: the largest gap and
        the most GUI CPU in one (ms), and how many gaps over the goal had a host pause."""
        worst = most = 0.0
        paused = 0
        for a, b, c, s0 in self.gaps:
            if self._marks.paused(a, b, s0) > 0:
                paused += (b - a) * 1000 > GOAL_MS
                continue
            worst, most = max(worst, 1000 * (b - a)), max(most, 1000 * c)
        return worst, most, paused

    def worst_ms(self) -> float:
        self._timer.stop()
        return 1000 * self.worst


class GcMeter:
    """The cyclic collector's runs between :meth:`start` and :meth:`stop`: how many per
    generation, and the CPU each held the interpreter lock for, on the GUI thread or a
    worker (a worker's collection stalls the window as much: its thread waits for the
    lock). CPU, not wall time, so a loaded machine moves it little."""

    def __init__(self) -> None:
        import threading

        self._main = threading.main_thread()
        self._threading = threading
        self._t0 = 0.0
        self.runs: list[tuple[int, float, bool]] = []  # (generation, CPU s, on the GUI thread)
        self._on = False

    def _cb(self, phase: str, info: dict[str, int]) -> None:
        if not self._on:
            return
        if phase == "start":
            self._t0 = time.thread_time()
        else:
            gui = self._threading.current_thread() is self._main
            self.runs.append((info["generation"], time.thread_time() - self._t0, gui))

    def start(self) -> None:
        import gc

        self.runs.clear()
        if self._cb not in gc.callbacks:
            gc.callbacks.append(self._cb)
        self._on = True

    def stop(self) -> None:
        self._on = False

    def report(self) -> str:
        """Collections by generation, their CPU in all and the largest, by thread."""
        by_gen = {g: sum(1 for r in self.runs if r[0] == g) for g in (0, 1, 2)}
        parts = []
        for name, gui in (("GUI thread", True), ("workers", False)):
            cpus = [1000 * c for _g, c, on_gui in self.runs if on_gui is gui]
            parts.append(f"{name} {sum(cpus):.1f} ms in all, largest {max(cpus, default=0.0):.1f} ms")
        return f"{len(self.runs)} collections (gen 0/1/2: {by_gen[0]}/{by_gen[1]}/{by_gen[2]}); " + "; ".join(parts)


class TurnMeter:
    """The GUI thread's CPU per turn of the event loop (``aboutToBlock`` to ``aboutToBlock``
    of Qt's event dispatcher) between :meth:`start` and :meth:`stop` (``--turns``)."""

    def __init__(self, steal: HostSteal, profile: bool = False) -> None:
        self.turns: list[tuple[float, float, float]] = []  # (wall start, wall end, GUI CPU s)
        self._marks = _Marks(steal)
        self._steal0 = 0.0  # the host's steal at the turn's start
        self._turn_steal: list[float] = []  # per turn: the host's steal at its start, ms
        self._on = False
        self._wall = time.perf_counter()
        self._cpu = time.thread_time()
        self._profile = profile
        self._prof: Any = None  # the running turn's cProfile (``--turn-profile``)
        #: The largest turns' GUI CPU (s) and their cProfile, largest first (``--turn-profile``).
        #: Each with its turn ``(wall start, wall end, steal ms at start)``.
        self.profiles: list[tuple[float, Any, tuple[float, float, float]]] = []

    def install(self) -> None:
        from PySide6.QtCore import QAbstractEventDispatcher

        QAbstractEventDispatcher.instance().aboutToBlock.connect(self._block)

    def _block(self) -> None:
        wall, cpu = time.perf_counter(), time.thread_time()
        if self._prof is not None:
            self._prof.disable()
        if self._on:
            self.turns.append((self._wall, wall, cpu - self._cpu))
            turn = (self._wall, wall, self._steal0)
            self._turn_steal.append(self._steal0)
            self._steal0 = self._marks.mark(wall)
            if self._prof is not None:
                self.profiles = sorted([*self.profiles, (cpu - self._cpu, self._prof, turn)], key=lambda p: -p[0])[:3]
        self._prof = None
        if self._on and self._profile:
            import cProfile

            self._prof = cProfile.Profile(time.thread_time)  # CPU: a loaded machine's waits left out
            self._prof.enable()
        self._wall, self._cpu = time.perf_counter(), time.thread_time()

    def start(self) -> None:
        self.turns.clear()
        self._turn_steal.clear()
        self._marks.marks.clear()
        self._wall, self._cpu = time.perf_counter(), time.thread_time()
        self._steal0 = self._marks.mark(self._wall)
        self._on = True

    def stop(self) -> None:
        self._on = False
        if self._prof is not None:
            self._prof.disable()
            self._prof = None

    def print_profiles(self, lines: int = 25) -> None:
        """The largest turns' cProfile (cumulative), largest first (``--turn-profile``)."""
        import pstats

        for cpu, prof, turn in self.profiles:
            stats: Any = pstats.Stats(prof)  # total_tt: set by Stats, not in its stubs
            steal = self._marks.paused(*turn)
            print(f"--- a turn of {1000 * cpu:.1f} ms GUI CPU under cProfile, {1000 * stats.total_tt:.1f} ms of it in "
                  "calls from Python (the rest Qt's own, outside any)"
                  + (f"; the host paused the machine in it ({steal:.0f} ms of steal): not the page's" if steal > 0 else ""))
            stats.sort_stats("cumulative").print_stats(lines)

    def report(self, top: int = 6) -> str:
        """The largest turns' GUI CPU (ms) in which the host did not pause the machine, how
        many turns there were and how many over the goal; then the turns with a host pause
        (GUI CPU ms / the host's steal ms, all cores), which say nothing of the page."""
        clear: list[float] = []
        paused: list[tuple[float, float]] = []
        for (a, b, c), s0 in zip(self.turns, self._turn_steal, strict=True):
            s = self._marks.paused(a, b, s0)
            if s > 0:
                paused.append((1000 * c, s))
            else:
                clear.append(1000 * c)
        clear.sort(reverse=True)
        paused.sort(reverse=True)
        over = sum(1 for c in clear if c >= GOAL_MS)
        return (f"{len(self.turns)} turns; without a host pause {over} at or over {GOAL_MS:.0f} ms of GUI CPU, "
                "largest: " + ", ".join(f"{c:.1f}" for c in clear[:top]) + f"; in all {sum(clear):.0f} ms; "
                f"{len(paused)} with a host pause (GUI CPU / host steal ms): "
                + (", ".join(f"{c:.1f}/{s:.0f}" for c, s in paused[:top]) or "none"))


class StepMeter:
    """The GUI thread's CPU in each idle step of the page made ahead (``PagePrep`` and the
    page's own ``BuildSteps``), by kind of step (``--turns``)."""

    def __init__(self) -> None:
        self.steps: list[tuple[str, float]] = []  # (kind, GUI CPU s)

    def install(self) -> None:
        from chathub_desktop.gui.memory.page_prepare import PagePrep
        from chathub_desktop.gui.shell.after_paint import BuildSteps

        meter = self

        def timed(fn: Callable[[Any], None], label: Callable[[Any], str]) -> Callable[[Any], None]:
            def run(obj: Any) -> None:
                c0 = time.thread_time()
                fn(obj)
                meter.steps.append((label(obj), time.thread_time() - c0))
            return run

        from chathub_desktop.gui.memory.fixed_page import MemoryPage

        part = [""]  # the page's build step running
        last = [""]  # the page's build step that ran last

        def named(fn: Callable[[Any], None], name: str) -> Callable[[Any], None]:
            def run(obj: Any) -> None:
                outer = part[0]
                part[0] = outer or name  # the group's step makes the panel when it was not
                try:
                    fn(obj)
                finally:
                    part[0] = outer
                    last[0] = outer or name
            return run

        for name in ("_build_dream_panel", "_make_dreaming", "_build_dreaming", "_build_schedule"):  # the page's build steps
            if hasattr(MemoryPage, name):
                setattr(MemoryPage, name, named(getattr(MemoryPage, name), name.removeprefix("_build_").lstrip("_")))

        parts = ("dream panel", "Dream now's bar", "group made", "group placed", "schedule made", "schedule placed")

        def label(p: Any) -> str:
            name = getattr(p, "step_name", "prep step")
            if name != "page step":
                return name
            page = getattr(p, "page", None)
            left = len(page.steps._steps) if page is not None else -1  # the page's steps not run yet
            return f"{name} ({parts[len(parts) - 1 - left]})" if 0 <= left < len(parts) else f"{name} ({last[0]})"

        PagePrep._step = timed(PagePrep._step, label)  # type: ignore[method-assign,assignment]
        BuildSteps._next = timed(BuildSteps._next, lambda _s: "page build step")  # type: ignore[method-assign,assignment]

    def report(self) -> str:
        """How many steps, the largest (kind and GUI CPU ms) and how many over the goal."""
        big = sorted(self.steps, key=lambda s: -s[1])
        over = sum(1 for _k, c in big if 1000 * c >= GOAL_MS)
        return (f"{len(big)} steps, {over} at or over {GOAL_MS:.0f} ms; largest: "
                + ", ".join(f"{k} {1000 * c:.1f}" for k, c in big[:8]))
