"""What each thread runs from process start to the last topic's rows (issue 29, "profile
first"): the app is started as ``bench_startup.py``'s content variant starts it, with a
sampler thread that looks at every thread's Python stack every millisecond; at exit it
prints, per 50 ms slice and thread, the most frequent ChatHub frame (or the innermost
frame) and the markers' times.

    QT_QPA_PLATFORM=offscreen python benchmarks/startup_timeline.py DATA_DIR [--slice-ms 50]

``DATA_DIR`` is a data dir made by ``bench_startup.big_store()``: ``--make`` makes one
that is kept (a new ``/tmp/chathub-timeline-*``, or ``--make DIR``) and prints its path;
remove it when done (~37 MB). A look needs the interpreter lock, so a thread inside one long C
call shows as that call's Python caller.
"""

from __future__ import annotations

import os
import sys
import time

T0 = time.perf_counter()

import threading  # noqa: E402
from collections import Counter, defaultdict  # noqa: E402
from pathlib import Path  # noqa: E402

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))


def _frame_name(frame) -> str:  # type: ignore[no-untyped-def]
    code = frame.f_code
    return f"{code.co_filename.rsplit('/', 1)[-1]}:{frame.f_lineno} {code.co_name}"


def _interesting(frame) -> str:  # type: ignore[no-untyped-def]
    """The innermost frame plus the innermost ChatHub frame above it."""
    inner = _frame_name(frame)
    f = frame
    while f is not None:
        if "chathub_desktop" in f.f_code.co_filename:
            if f is frame:
                return inner
            return f"{_frame_name(f)} > {inner}"
        f = f.f_back
    return inner


class Timeline:
    """Samples every thread's innermost frames every ``interval_s``."""

    def __init__(self, interval_s: float = 0.001) -> None:
        self.samples: list[tuple[float, str, str]] = []
        self._stop = threading.Event()
        self._interval = interval_s
        self._thread = threading.Thread(target=self._run, name="timeline", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        self._thread.join()

    def _run(self) -> None:
        me = threading.get_ident()
        main = threading.main_thread().ident
        names: dict[int, str] = {}
        while not self._stop.wait(self._interval):
            now = time.perf_counter() - T0
            for ident, frame in sys._current_frames().items():
                if ident == me:
                    continue
                if ident not in names:
                    names = {t.ident or 0: t.name for t in threading.enumerate()}
                name = "GUI" if ident == main else names.get(ident, str(ident))
                self.samples.append((now, name, _interesting(frame)))

    def report(self, slice_s: float, until: float | None = None) -> str:
        idle = ("threading.py", "queue.py", "selectors.py", "thread.py:")
        buckets: dict[tuple[int, str], Counter[str]] = defaultdict(Counter)
        for t, name, where in self.samples:
            if until is not None and t > until:
                continue
            buckets[(int(t / slice_s), name)][where] += 1
        lines = []
        for (k, name) in sorted(buckets):
            c = buckets[(k, name)]
            busy = [(w, n) for w, n in c.most_common() if not any(i in w.split(" > ")[-1] for i in idle)]
            if not busy:
                continue
            total = sum(c.values())
            top = "; ".join(f"{n} {w}" for w, n in busy[:3])
            lines.append(f"{k * slice_s:6.2f}s {name[:14]:14s} {sum(n for _w, n in busy):3d}/{total:3d}  {top}")
        return "\n".join(lines)


def main() -> int:
    if "--make" in sys.argv:
        import tempfile
        from pathlib import Path

        from benchmarks.bench_startup import big_store

        at = sys.argv.index("--make") + 1
        into = Path(sys.argv[at]) if at < len(sys.argv) else Path(tempfile.mkdtemp(prefix="chathub-timeline-"))
        print(big_store(into))  # kept: a scratch store was deleted as this process exited
        return 0
    data = sys.argv[1]
    slice_s = 0.05
    if "--slice-ms" in sys.argv:
        slice_s = float(sys.argv[sys.argv.index("--slice-ms") + 1]) / 1000
    os.environ["CHATHUB_BENCH_STARTUP"] = "content"
    os.environ["CHATHUB_DATA_DIR"] = data
    tl = Timeline()
    tl.start()
    from chathub_desktop.cli import main as cli_main

    try:
        cli_main([])
    finally:
        tl.stop()
        print(tl.report(slice_s, until=None))
    return 0


if __name__ == "__main__":
    sys.exit(main())
