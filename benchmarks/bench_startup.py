"""Start-up time: process start → first paint of the main window, against a bare
PySide6 QMainWindow, each in a fresh subprocess (offscreen). Median of 5 runs.

    QT_QPA_PLATFORM=offscreen python benchmarks/bench_startup.py [RUNS] [--base=CHECKOUT] [--content]
        [--threshold] [--bounds]

``--base=CHECKOUT`` runs another checkout's app (e.g. a clone at the commit before a
change) on the same stores right after each run of this tree's (the existing store's
first paint, and the 20,000-message store), so both columns come from the same minutes; ``--content`` runs only that variant, ``--paint`` all but it, ``--phases`` the content
variant's start-up phase by phase (:func:`phases`). ``--threshold`` runs every app with the
threshold compaction policy on (``COMPACT_ENABLED=1``, NUM-1), ``--bounds`` with a NUM-11
history bound (``PROMPT_MAX_HISTORY_CHARS``): both rules count characters, which the
badge's rows keep instead of their texts (issue 29).

The app prints ``CHATHUB_WINDOW_SHOWN`` at its first paint when
``CHATHUB_BENCH_STARTUP=1`` (see ``chathub_desktop.app_bootstrap``); the wall time is
measured here, from ``Popen`` to that line. Each app run uses a fresh temp data dir
(so it includes creating and migrating the SQLite store) and a second "warm" variant
re-uses one store. Goal: ≤ 1.5× the bare window.

A third variant (issue 29) opens a store whose last topic has 20,000 messages and waits
(``CHATHUB_BENCH_STARTUP=content``) for its rows and the token badge's figure; it prints
both times and the process's peak RSS beside the bare window's. Goals: content within
0.5 s, peak RSS under 200 MB.

Measured 2026-12-03 (3 runs each, base and change in the same window, 2 cores shared,
load average 2-3; seconds from interpreter start)::

                                  before (fea956a)   after (perf40)   floor / goal
    window painted                0.40 s             0.35 s           bare window 0.17-0.29 s
    last topic's rows shown       2.39 s             1.56 s           goal 0.5 s
    token badge figure            4.87 s             3.14 s
    peak RSS (VmHWM at the badge) 324 MB             244 MB           bare 55 MB, goal 200 MB

start45 (issue 29), ``--base`` at d367d25, 5 runs, same minutes, load average 5.0-5.6 (the
other helpers' tests running; wall times ~2.5x an idle machine's)::

                                  base (d367d25)   after (start45)
    window painted                0.73 s           0.72 s
    last topic's rows shown       3.99 s           3.01 s         goal 0.5 s
    CPU used by the rows          2.45 s           1.91 s
    token badge figure            6.51 s           6.64 s
    peak RSS (VmHWM at the badge) 235 MB           212 MB         bare 55 MB, goal 200 MB

The rows now wait only for the store stack (``open_store``: SQLAlchemy, its ORM mapping
of ``storage.models``, the assistants and topics services; ~0.7 s of CPU at load 5) and
the chat column; every other service is built after they painted. The peak lost the
recall vectors' model, which loaded beside the badge's read of the whole topic; what is
left above 200 MB is mostly the o200k tokenizer's load (+54 MB: its Python merge table
lives beside the native copy while that is built).

rows46 (issue 29), ``--base`` at a5d14b0, 5 runs, same minutes, load average 12.9-13.9
(every helper's tests and the lead's CI on 2 cores: wall times ~5x an idle machine's;
the CPU figures are the ones to read)::

                                  base (a5d14b0)   after (rows46)
    window painted                4.24 s           3.94 s
    last topic's rows shown       14.43 s          6.83 s         goal 0.5 s
    CPU used by the rows          2.27 s           1.26 s
    token badge figure            25.68 s          22.35 s
    peak RSS (VmHWM at the badge) 213 MB           212 MB         bare 55 MB, goal 200 MB

Again minutes later, 3 runs, load average 4.7-4.8::

                                  base (a5d14b0)   after (rows46)
    window painted                0.92 s           0.71 s
    last topic's rows shown       3.12 s           1.43 s         goal 0.5 s
    CPU used by the rows          1.90 s           1.17 s
    token badge figure            7.12 s           6.67 s
    peak RSS (VmHWM at the badge) 213 MB           212 MB

The rows no longer wait for SQLAlchemy: the last topic's newest page is read with
``sqlite3`` alone (``storage.first_page``) and painted before the store opens. What they
wait for now is the window's own path after its first paint: the loop machinery, the
Markdown renderer's import and the chat column's build, and the first page's render.

start47 (issue 29), ``--phases``, 5 runs each, base (1595502 with the same marks
patched in) then this tree, load average 4.3-5.5 (other helpers' tests: wall ~2x idle;
read the CPU column, every thread's, seconds)::

                                  base (1595502)   after (start47)
    CPU before the root's import  0.245            0.235
    main window's imports         0.253            0.187   asyncio, the export parsers after paint
    window built                  0.166            0.163
    first paint                   0.028            0.013
    event loop ready              0.054            0.077   asyncio's import moved here
    page read waited for          0.045            0.002
    chat column built             0.155            0.135
    first rows rendered           0.133            0.113
    rows painted                  0.052            0.031
    CPU to the rows (sum)         0.91             0.74    (-0.17 s)
    wall to the rows              2.10             1.13

Again 10 minutes later (after, then base; load 6.5-7.6): CPU to the rows 0.96 against
1.00 s (-0.04 s), the window painted at 0.95 against 1.27 s, the rows at 2.16 against
2.40 s. So the saving is 0.04-0.17 s of CPU: a reading on an idle machine is still owed.

The content variant in the same minutes (--base, load 4.9-5.7) could not tell the two
apart: rows 1.06 / 1.03 s, peak RSS 212 / 211 MB. The peak is the o200k table's load:
its Python dict (~25 MB, tiktoken's constructor needs it whole) beside its native copy
(~46 MB), on top of a steady ~205 MB that the badge's 20,000 history rows reach after it.

rss49 (issue 29), ``--base`` at 9568c77 (a scratch clone), 5 runs each, same minutes::

                                  load 8.7-9.5             2 burners more, load 7.4-9.1
                                  base     after (rss49)   base     after (rss49)
    window painted                0.38 s   0.39 s          0.98 s   1.15 s
    last topic's rows shown       0.91 s   0.93 s          2.70 s   2.52 s
    CPU used by the rows          0.50 s   0.50 s          0.67 s   0.62 s
    token badge figure            3.74 s   3.54 s          7.14 s   8.07 s
    peak RSS (VmHWM at the badge) 211 MB   196 MB          212 MB   196 MB

With the history index's arrays too (cd0cc3c), load 10.5-12.8: rows 1.11 / 0.93 s, badge
4.54 / 4.57 s, peak RSS 212 / 195 MB.

The peak was the o200k table's build (its Python dict beside its native copy, +71 MB
for a moment) on top of every service: it is now built once the first page's rows
painted, before the store opens, while the process is smallest; the badge's 20,000 rows
are read in batches (the ORM had buffered every raw row and its converted copy) and
kept without a wrapper object per row; keyring loads at the first key read. The window
takes input ~0.17 s later (``--phases``' ``services_attached``, idle: 1.67 -> 1.84 s;
the table's build, ~0.3 s of CPU, now precedes the services instead of following them).
Under load the rows wait for nothing but the CPU: ``--phases`` with the burners (load
7.6-8.2) puts 0.60 s of CPU (0.13 before the composition root) into 2.16 s of wall, every
phase's wall 3-6x its CPU, no phase waiting on a lock or a read.

rows50 (issue 29), ``--content --base`` at e212c81 (a scratch clone), 5 runs each, same
minutes, load average 13.8-15.3 (six other helpers' tests: read the CPU rows)::

                                  base (e212c81)   after (rows50)
    window painted                1.64 s           1.24 s
    last topic's rows shown       3.38 s           2.99 s         goal 0.5 s
    CPU used by the rows          0.93 s           0.90 s
    token badge figure           13.95 s          13.04 s
    CPU used by the badge         3.32 s           3.12 s
    peak RSS (VmHWM at the badge) 195 MB           190 MB         bare 55 MB, goal 200 MB

Again 15 minutes later (load 13.8-16.8): rows 1.47 / 1.74 s, their CPU 0.57 / 0.59 s (the
rows' path is not measurably cheaper at this load), badge CPU 2.27 / 1.99 s, peak RSS
195 / 190 MB. An idle reading is still owed.

The badge's first count alone (``EstimateService.estimate`` on the same store, CPU of its
thread, median of 5 fresh processes, load 9-11): 0.34-0.39 s -> 0.20 s, the same figure;
the rows are read as plain Core rows in fetched batches. The warm rows it counts keep no
user or assistant text (Python memory held after the count: 8.3 -> 5.4 MB), and httpx is
no longer imported by the services (it loads with the first request).

badge51 (issue 29), ``--base`` at 69935b3 (a scratch clone), same minutes; first with
``--threshold`` (3 runs, load 6.2-6.4), then the default (5 runs, load 6.1-6.4), then
the default with one ``yes > /dev/null`` burner (5 runs, load 5.3-5.9)::

                                  --threshold      default          burner
                                  base   after     base   after     base   after
    window painted                0.22   0.22 s    0.24   0.15 s    0.29   0.15 s
    last topic's rows shown       0.50   0.73 s    0.65   0.51 s    0.51   0.40 s
    CPU used by the rows          0.48   0.51 s    0.48   0.48 s    0.50   0.48 s
    token badge figure            3.03   2.97 s    2.69   3.29 s    2.09   2.53 s
    CPU used by the badge         2.00   1.80 s    1.64   1.68 s    1.90   1.88 s
    peak RSS                      196    190 MB    190    191 MB    190    191 MB

With the threshold policy (or a NUM-11 bound) on, the badge's rows keep the characters
those rules count instead of their texts. The window paints ~25 ms of CPU sooner
(``--phases``, load 4: the main window's imports 0.084 -> 0.051 s; the planner, the
events and the titles now load after the paint, in ``loop_ready`` 0.037 -> 0.070 s,
so the rows' path costs the same CPU).

boot52 (issue 29: the first paint within 1.5x a bare window), ``--paint --base`` at
8821eab (a scratch clone, the marker's CPU field patched in), 9 runs each, same minutes;
the machine shared with seven helpers' tests, so the wall times wait for the other
processes (this tree's run after the base's); read the CPU columns::

                                  load 5.8-7.6            load 8.6-10.2
                                  base     after (boot52) base     after (boot52)
    bare window, CPU to paint     128 ms                  130 ms
    existing store, CPU to paint  270 ms   255 ms         280 ms   262 ms
      ratio to the bare window    2.10x    1.99x          2.16x    2.02x
    existing store, wall          541 ms   636 ms         1018 ms  968 ms

At load 2.4-2.9 (11 runs each, CPU at the paint mark): 260-271 -> 239-250 ms against the
bare window's 111 ms. The content variant (--base, 5 runs, load 9.0-10.6): rows shown
2.17 -> 1.68 s, their CPU 0.72 -> 0.60 s, badge CPU 2.43 -> 2.10 s, peak RSS 191 / 191 MB.

What was cut (~20 ms of CPU): the cyclic garbage collector paused from ``cmd_gui`` to the
first paint (it walked the ~100,000 objects of the imports and widgets again and again,
~12 ms; ``startup_gc``: the heap is frozen when it restarts), OpenSSL's load for the
single-instance name (Qt's SHA-256, same digest), the MCP configuration, ctypes and
``QAccessible``'s enums after the paint, the welcome panel's rich text when it first shows.

Where the remaining ~130 ms of CPU above the bare window go (each measured alone):
~55 ms importing the window's modules, of which PySide6 building the Python enums of each
Qt class first named (Python 3.11's enum creation: 269 enum classes against the bare
window's 46, ~25 ms more) and 20 dataclasses (~10 ms); ~45 ms building the window, of which
the theme's style and sheet reaching widgets already built ~15 ms (applied before them, the
same cost moves into their construction: measured) and ~10 ms PySide6 resolving the
Python type of a scroll area's viewport: ``ThemedStyle.drawPrimitive`` is a Python override,
so PySide6 wraps the widget Qt passes (the draft's viewport, made in C++), and to find its
type it loads every QWidget subclass of QtWidgets with its enums; ``styleHint``'s option
argument loads every QStyleOption subclass the same way (~3 ms). A custom viewport made in
Python (so already wrapped) crashed Qt. style52 paints the check and radio indicators with
style-sheet images from the tokens (no ``drawPrimitive`` override: no Python per paint);
``styleHint`` stays (the Alt-only shortcut underline has no sheet, palette or hint
setting, and PySide6 fixes once per style object whether a method is overridden). Its
share, measured as this tree against a copy without the override (9 runs, load 6.5):
CPU to the first paint 251 -> 240 ms.

open53 (issue 29: type53's reading size, 1.125x the app font), ``--content --base`` at a
scratch clone of integ53 268f0dd with the reading rule set back to the app font, 7 runs
each, same minutes, load 6.1-7.4: window painted 0.36 / 0.30 s (base / reading size),
rows shown 1.01 / 0.88 s, CPU used by the rows 0.49 / 0.48 s, badge 3.93 / 3.72 s, its
CPU 1.67 / 1.70 s, peak RSS 193 / 193 MB: no change the runs can tell.

The package's bytecode is compiled first and the children may read it, as after any
``pip install`` (pip compiles on install). Without this, a ``PYTHONDONTWRITEBYTECODE``
environment makes every run recompile ChatHub's modules (about 30 ms) while the bare
window only loads PySide6, which is always compiled.
"""

from __future__ import annotations

import compileall
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from benchmarks.scratch_dirs import scratch_dir  # noqa: E402

MARKER = "CHATHUB_WINDOW_SHOWN"

BARE = f"""
import sys, time
from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication, QMainWindow, QLabel
app = QApplication(sys.argv[:1])
w = QMainWindow(); w.setWindowTitle("bare"); w.setCentralWidget(QLabel("hello")); w.resize(1280, 800)
class F(QObject):
    done = False
    def eventFilter(self, o, e):
        if not self.done and e.type() in (QEvent.Type.Paint, QEvent.Type.Expose):
            self.done = True; print("{MARKER}", 0, time.process_time(), flush=True); QTimer.singleShot(0, app.quit)
        return False
f = F(); w.installEventFilter(f); w.show(); app.exec()
"""

BARE_RSS = BARE.replace(f'print("{MARKER}", 0, time.process_time(), flush=True)',
                        f'print("{MARKER}", [int(x.split()[1]) // 1024 for x in open("/proc/self/status") '
                        'if x.startswith("VmHWM:")][0], flush=True)')
BIG_TOPIC = 20_000

APP = "import sys; from chathub_desktop.cli import main; sys.exit(main([]))"  # the real entry point


def time_to_marker(code: str, env: dict[str, str], repo: Path = REPO) -> tuple[float, float]:
    """Seconds from Popen to the marker line, and the CPU seconds the child had used by
    then (every thread; what a loaded machine changes least: the marker's own figure, read
    from ``/proc`` in 10 ms steps for a tree whose marker has none); the child is then left
    to exit. ``repo``: the tree whose ``chathub_desktop`` the child imports."""
    env = {**env, "PYTHONPATH": str(repo)}
    t0 = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                            text=True, env=env, cwd=repo)
    assert proc.stdout is not None
    for line in proc.stdout:
        if line.startswith(MARKER):
            elapsed = time.perf_counter() - t0
            fields = line.split()
            cpu = float(fields[2]) if len(fields) > 2 else _cpu_s(proc.pid)
            break
    else:
        raise RuntimeError("the child exited without printing the marker")
    proc.wait(timeout=30)
    return elapsed, cpu


def _cpu_s(pid: int) -> float:
    """CPU seconds (user + system, every thread) process ``pid`` has used so far."""
    with open(f"/proc/{pid}/stat", encoding="ascii") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def markers(code: str, env: dict[str, str], repo: Path = REPO) -> dict[str, list[str]]:
    """Each ``CHATHUB_*`` line the child prints → its fields, then the child's CPU
    seconds when it printed it (the child runs to its end); ``repo``: the tree whose
    ``chathub_desktop`` the child imports. CPU time is what a loaded machine changes
    least: the wall times of both trees wait alike for the other processes."""
    env = {**env, "PYTHONPATH": str(repo)}
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                            text=True, env=env, cwd=repo)
    assert proc.stdout is not None
    out: dict[str, list[str]] = {}
    for line in proc.stdout:
        if line.startswith("CHATHUB_"):
            cpu = _cpu_s(proc.pid)
            name, *fields = line.split()
            out[name] = [*fields, f"{cpu:.3f}"]
    proc.wait(timeout=300)
    return out


def big_store(into: Path | None = None) -> str:
    """A data dir whose only topic has :data:`BIG_TOPIC` messages (imported once): a scratch
    dir removed at exit, or ``into`` (an empty or new folder), which is kept."""
    from benchmarks.bench_topic_open import _export
    from chathub_desktop.services.container import open_services
    from chathub_desktop.services.transfer.chatgpt_import import import_chatgpt_export

    if into is not None:
        into.mkdir(mode=0o700, parents=True, exist_ok=True)  # private, as the app asks of a data folder
    data = scratch_dir("big") if into is None else into
    svc = open_services(f"sqlite:///{data / 'chathub.sqlite3'}")
    a = svc.assistants.create("Bench")
    import_chatgpt_export(svc.db, a.id, _export(data / "conversations.json"))
    svc.close()
    return str(data)


def content(runs: int, base_env: dict[str, str], base_repo: Path | None = None) -> None:
    """The 20,000-message variant: content and badge times and peak RSS, beside the bare
    window; with ``base_repo`` (another checkout, e.g. the commit before a change), its
    app runs on the same store right after each of this tree's runs, and both columns print."""
    data = big_store()
    env = {**base_env, "CHATHUB_BENCH_STARTUP": "content", "CHATHUB_DATA_DIR": data}
    markers(APP, env)  # first open: counts cached on the rows, as after any earlier session
    trees = {"this tree": REPO} if base_repo is None else {"base": base_repo, "this tree": REPO}
    bare_rss: list[float] = []
    figures: dict[str, dict[str, list[float]]] = {
        name: {"shown": [], "rows": [], "badge": [], "rss": [], "rows_cpu": [], "badge_cpu": []} for name in trees}
    loads: list[float] = []
    for _ in range(runs):
        bare_rss.append(float(markers(BARE_RSS, base_env)[MARKER][0]))
        loads.append(os.getloadavg()[0])
        for name, repo in trees.items():
            m = markers(APP, env, repo)
            f = figures[name]
            f["shown"].append(float(m[MARKER][0]))
            f["rows"].append(float(m["CHATHUB_CONTENT_SHOWN"][0]))
            f["badge"].append(float(m["CHATHUB_BADGE_READY"][0]))
            f["rss"].append(float(m["CHATHUB_BADGE_READY"][1]))
            f["rows_cpu"].append(float(m["CHATHUB_CONTENT_SHOWN"][-1]))
            f["badge_cpu"].append(float(m["CHATHUB_BADGE_READY"][-1]))
    med = statistics.median
    print(f"last topic of {BIG_TOPIC:,} messages (seconds from interpreter start; median of {runs}; "
          f"load average {min(loads):.1f}-{max(loads):.1f})")
    rules = [f"{k}={v}" for env_vars in RULES_ENV.values() for k in env_vars if (v := base_env.get(k))]
    if rules:
        print(f"  with {' '.join(rules)}")
    print(f"  {'':24s}" + "".join(f"{name:>12s}" for name in trees))
    print(f"  {'window painted':24s}" + "".join(f"{med(f['shown']):10.2f} s" for f in figures.values()))
    print(f"  {'its rows shown':24s}" + "".join(f"{med(f['rows']):10.2f} s" for f in figures.values())
          + "   (goal <= 0.5 s)")
    print(f"  {'CPU used by the rows':24s}" + "".join(f"{med(f['rows_cpu']):10.2f} s" for f in figures.values()))
    print(f"  {'token badge figure':24s}" + "".join(f"{med(f['badge']):10.2f} s" for f in figures.values()))
    print(f"  {'CPU used by the badge':24s}" + "".join(f"{med(f['badge_cpu']):10.2f} s" for f in figures.values()))
    print(f"  {'peak RSS':24s}" + "".join(f"{med(f['rss']):9.0f} MB" for f in figures.values())
          + f"   bare window {med(bare_rss):.0f} MB  (goal < 200 MB)")


def phases(runs: int, base_env: dict[str, str]) -> None:
    """The 20,000-message variant's start-up by phase (``CHATHUB_BENCH_PHASES``, issue 29):
    per phase the median wall time it ended at and its own wall and CPU (every thread)
    since the phase before, from ``runs`` fresh processes, and the CPU used before the
    composition root's import (the interpreter, ``cli`` and its imports)."""
    data = big_store()
    env = {**base_env, "CHATHUB_BENCH_STARTUP": "content", "CHATHUB_DATA_DIR": data, "CHATHUB_BENCH_PHASES": "1"}
    markers(APP, env)  # first open: counts cached on the rows
    ends: dict[str, list[float]] = {}
    cpus: dict[str, list[float]] = {}
    loads: list[float] = []
    for _ in range(runs):
        loads.append(os.getloadavg()[0])
        for field in markers(APP, env)["CHATHUB_PHASES"][:-1]:
            name, times = field.split("=")
            wall_s, cpu_s = times.split("/")
            ends.setdefault(name, []).append(float(wall_s))
            cpus.setdefault(name, []).append(float(cpu_s))
    med = statistics.median
    print(f"start-up phases, last topic of {BIG_TOPIC:,} messages (median of {runs}; "
          f"load average {min(loads):.1f}-{max(loads):.1f}; seconds since the composition root's import)")
    print(f"  CPU before it (interpreter, the command line's imports): {med(cpus.pop('before')):.3f} s")
    ends.pop("before")
    print(f"  {'phase ends':22s}{'at':>8s}{'wall':>8s}{'CPU':>8s}")
    prev_at, prev_cpu = 0.0, 0.0
    for name in sorted(ends, key=lambda n: med(ends[n])):
        at, cpu = med(ends[name]), med(cpus[name])
        print(f"  {name:22s}{at:8.3f}{at - prev_at:8.3f}{cpu - prev_cpu:8.3f}")
        prev_at, prev_cpu = at, cpu


def main(runs: int = 5, base_repo: Path | None = None, *, content_only: bool = False,
         paint_only: bool = False, phases_only: bool = False) -> None:
    """Print medians (ms) for the bare window, the app on a fresh store and on a warm one,
    then the 20,000-message variant (:func:`content`; ``base_repo`` beside it)."""
    base_env = {**os.environ, "QT_QPA_PLATFORM": os.environ.get("QT_QPA_PLATFORM", "offscreen"),
                "CHATHUB_BENCH_STARTUP": "1", "PYTHONPATH": str(REPO)}
    base_env.pop("CHATHUB_DATABASE_URL", None)
    base_env.pop("PYTHONDONTWRITEBYTECODE", None)
    for repo in (REPO, base_repo) if base_repo is not None else (REPO,):
        compileall.compile_dir(repo / "chathub_desktop", quiet=1)
    if content_only:
        content(runs, base_env, base_repo)
        return
    if phases_only:
        phases(runs, base_env)
        return
    bare, fresh, warm, base_warm = [], [], [], []
    loads: list[float] = []
    warm_dir = str(scratch_dir("warm"))
    warm_env = {**base_env, "CHATHUB_DATA_DIR": warm_dir}
    time_to_marker(APP, warm_env)  # create + migrate once
    for _ in range(runs):
        loads.append(os.getloadavg()[0])
        bare.append(time_to_marker(BARE, base_env))
        fresh.append(time_to_marker(APP, {**base_env, "CHATHUB_DATA_DIR": str(scratch_dir("fresh"))}))
        warm.append(time_to_marker(APP, warm_env))
        if base_repo is not None:  # the other checkout's app on the same store, in the same minutes
            base_warm.append(time_to_marker(APP, warm_env, base_repo))
    med = statistics.median
    print(f"runs: {runs} (median; wall time from process start to first paint, and the CPU the process "
          f"used by then; offscreen; load average {min(loads):.1f}-{max(loads):.1f})")
    b, b_cpu = med(t for t, _c in bare) * 1000, med(c for _t, c in bare) * 1000
    rows = [("ChatHub, existing store", warm, "(goal <= 1.5x)"),
            ("ChatHub, new store", fresh, "(includes creating + migrating SQLite)")]
    if base_warm:
        rows.insert(1, ("base, existing store", base_warm, f"({base_repo})"))
    print(f"{'bare PySide6 QMainWindow':26s}: {b:7.0f} ms         CPU {b_cpu:5.0f} ms")
    for name, times, note in rows:
        w, w_cpu = med(t for t, _c in times) * 1000, med(c for _t, c in times) * 1000
        print(f"{name:26s}: {w:7.0f} ms {w / b:4.2f}x   CPU {w_cpu:5.0f} ms {w_cpu / b_cpu:4.2f}x  {note}")
    if not paint_only:
        content(runs, base_env, base_repo)


#: ``--threshold`` / ``--bounds``: the environment the apps run with (issue 29).
RULES_ENV = {"--threshold": {"COMPACT_ENABLED": "1"}, "--bounds": {"PROMPT_MAX_HISTORY_CHARS": "1000000"}}

if __name__ == "__main__":
    for flag, rule_env in RULES_ENV.items():
        if flag in sys.argv:
            os.environ.update(rule_env)
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    base = next((Path(a.split("=", 1)[1]) for a in sys.argv[1:] if a.startswith("--base=")), None)
    main(int(args[0]) if args else 5, base, content_only="--content" in sys.argv, paint_only="--paint" in sys.argv,
         phases_only="--phases" in sys.argv)
