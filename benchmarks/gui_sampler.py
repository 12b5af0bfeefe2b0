"""A sampling profiler for the benchmarks' stalls: what the GUI thread (and the workers)
ran while the window was frozen (issue 30: "profile first").

A daemon thread looks at every thread's Python stack every ``interval_s`` and keeps
``(time, thread name, innermost frames)``; :meth:`Sampler.report` prints, for given
stall windows, the GUI thread's most frequent innermost frames in them and what the
other threads ran meanwhile. A look needs the interpreter lock, so while the GUI thread
runs Python the samples come about a switch interval apart: enough to name the frames
that take tens of milliseconds, which is what a stall is made of.
"""

from __future__ import annotations

import sys
import threading
import time
from collections import Counter
from collections.abc import Iterable
from types import FrameType

DEPTH = 6  # frames kept per sample, innermost first


def _frames(frame: FrameType | None, depth: int) -> tuple[str, ...]:
    out: list[str] = []
    while frame is not None and len(out) < depth:
        code = frame.f_code
        out.append(f"{code.co_filename.rsplit('/', 2)[-1]}:{frame.f_lineno} {code.co_name}")
        frame = frame.f_back
    return tuple(out)


class Sampler:
    """Samples every thread's stack every ``interval_s`` seconds between :meth:`start` and :meth:`stop`."""

    def __init__(self, interval_s: float = 0.001) -> None:
        self._interval = interval_s
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self.samples: list[tuple[float, str, tuple[str, ...]]] = []
        self._main = threading.main_thread().ident

    def start(self) -> None:
        """Start sampling (a daemon thread)."""
        self._stop.clear()
        self._thread = threading.Thread(target=self._run, name="gui-sampler", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        """Stop sampling and wait for the thread."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join()

    def _run(self) -> None:
        me = threading.get_ident()
        names = {t.ident: t.name for t in threading.enumerate()}
        while not self._stop.wait(self._interval):
            now = time.perf_counter()
            for ident, frame in sys._current_frames().items():
                if ident == me:
                    continue
                if ident not in names:
                    names = {t.ident: t.name for t in threading.enumerate()}
                name = "GUI" if ident == self._main else names.get(ident, str(ident))
                self.samples.append((now, name, _frames(frame, DEPTH)))

    def report(self, windows: Iterable[tuple[float, float]], top: int = 12) -> str:
        """The GUI thread's and the other threads' most frequent stacks inside ``windows``
        (``(start, end)`` perf_counter seconds), as text."""
        spans = sorted(windows)
        gui: Counter[tuple[str, ...]] = Counter()
        other: Counter[tuple[str, tuple[str, ...]]] = Counter()
        for t, name, frames in self.samples:
            if not any(a <= t <= b for a, b in spans):
                continue
            if name == "GUI":
                gui[frames[:4]] += 1
            elif frames and "threading.py" not in frames[0] and "queue.py" not in frames[0]:
                other[(name, frames[:3])] += 1
        lines = [f"{len(spans)} stall(s), {sum(b - a for a, b in spans) * 1000:.0f} ms in all; GUI thread samples:"]
        for frames, n in gui.most_common(top):
            lines.append(f"  {n:5d}  " + "  <  ".join(frames))
        lines.append("other threads meanwhile (busy samples):")
        for (name, frames), n in other.most_common(top):
            lines.append(f"  {n:5d}  {name}: " + "  <  ".join(frames))
        return "\n".join(lines)
