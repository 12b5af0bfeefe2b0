"""Where the window's memory goes (issue 29, "Quiet and light at rest"): the real window
opened on a store whose only topic has N messages, measured once its start-up work has
ended, in a fresh offscreen subprocess.

    QT_QPA_PLATFORM=offscreen python benchmarks/rss_breakdown.py [N_MESSAGES] [--store DIR]

Printed: VmRSS / VmHWM; ``/proc/self/smaps_rollup`` (anonymous against file-backed); the
resident MB of each mapped file (shared libraries, fonts, the tokenizer files) and of the
anonymous mappings; the Python heap by module that allocated it (``tracemalloc``, started
before the first import: slower, so read its content time as the probe's, not the app's);
the packages imported (count of modules per top-level package) and the ten largest
counts of live objects by type. ``--store DIR`` reuses a data dir made by an earlier
``--store DIR`` run (a missing one is made there and kept; without it the store is a
scratch dir removed at exit); a run that did not settle says so;
``--trace`` adds the tracemalloc run (``BENCH_TRACE_FRAMES``/``BENCH_TRACE_WHO=<file part>``
print the callers of what that file allocated).

Measured 2026-12-03 (20,000 messages, recall fill paused, 2 cores shared, load 4-5)::

                                  VmRSS   anon   file-backed   modules
    before (fea956a)              278 MB  213 MB   65 MB        870
    after (perf40)                198-202 MB  144-148 MB   54 MB  861

What went: PySide6's ``__feature__`` check had kept the source lines of every module
imported after it in ``linecache`` (tracemalloc: 27.7 MB under ``linecache.py``; found
with ``BENCH_TRACE_WHO=linecache``), and the secret detector's compiled rules (44 MB:
12.8 MB of its library mapped, the rest its databases) no longer load at rest. What
stays: the o200k tokenizer's native tables (45.8 MB, measured alone), the Python heap
(~60 MB: 25.6 MB of code objects for ~860 modules, 12.6 MB allocated by SQLAlchemy,
the 20,000 history rows the badge planned from, 8.1 MB), Qt's libraries (~30 MB mapped).

rss49 (9568c77 against this tree, load 7.8-7.9): VmRSS at rest 254 -> 198 MB (load 13:
250 -> 197 MB). The Memory
page made ahead at idle (issue 30) had compiled the secret detector's rules (kingfisher,
~44 MB with its library); its open compiles them now. keyring (~4 MB, 50 modules) loads
at the first key read.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
from benchmarks.scratch_dirs import scratch_dir  # noqa: E402

PROBE = r"""
import tracemalloc, os, sys, time, json
if os.environ.get("BENCH_TRACEMALLOC") == "1":
    tracemalloc.start(int(os.environ.get("BENCH_TRACE_FRAMES", "1")))
from collections import Counter
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QAbstractItemView

def mappings():
    out, cur = Counter(), None
    for line in open("/proc/self/smaps"):
        parts = line.split()
        if not parts:
            continue
        if not parts[0].endswith(":") or "-" in parts[0]:
            cur = parts[5] if len(parts) > 5 else "[anon]"
        elif parts[0] == "Rss:":
            out[cur] += int(parts[1])
    return out

def rollup():
    return {p[0].rstrip(":"): int(p[1]) for p in (l.split() for l in open("/proc/self/smaps_rollup"))
            if len(p) == 3}

def status():
    return {p[0].rstrip(":"): int(p[1]) for p in (l.split() for l in open("/proc/self/status"))
            if len(p) == 3 and p[2] == "kB"}

def report(app, content_at):
    import gc
    out = {"content_at": content_at, "settled": built(app) and not busy(app), "status": status(), "rollup": rollup(),
           "maps": mappings().most_common(40)}
    pk = Counter(m.split(".")[0] for m in list(sys.modules))
    out["packages"] = pk.most_common(60)
    out["modules"] = len(sys.modules)
    out["types"] = Counter(type(o).__name__ for o in gc.get_objects()).most_common(15)
    if tracemalloc.is_tracing():
        snap = tracemalloc.take_snapshot()
        by = Counter()
        for st in snap.statistics("filename"):
            f = st.traceback[0].filename
            key = f.split("site-packages/")[-1].split("/")[0] if "site-packages" in f else \
                ("chathub:" + f.split("chathub_desktop/")[-1].rsplit("/", 1)[0] if "chathub_desktop" in f else
                 ("stdlib:" + f.rsplit("/", 1)[-1] if "python3" in f else f))
            by[key] += st.size
        out["pyheap"] = [(k, v // 1024) for k, v in by.most_common(30)]
        out["pyheap_total"] = sum(by.values()) // 1024
        who = os.environ.get("BENCH_TRACE_WHO")  # the callers of allocations in files containing this
        if who:
            calls = Counter()
            for st in snap.statistics("traceback"):
                if who in st.traceback[0].filename:
                    calls[" <- ".join(f"{f.filename.rsplit('/', 2)[-1]}:{f.lineno}" for f in st.traceback[:12])] += st.size
            out["who"] = [(k, v // 1024) for k, v in calls.most_common(8)]
    print("BENCH_RSS " + json.dumps(out), flush=True)
    app.closeAllWindows(); app.quit()

def shown(app):
    for w in app.allWidgets():
        if isinstance(w, QAbstractItemView) and w.isVisible() and w.model() is not None \
                and type(w.model()).__name__ == "MessageListModel" and w.model().rowCount() > 0:
            return True
    return False

def busy(app):
    return sorted(t.get_name() for w in app.topLevelWidgets() if hasattr(w, "runner")
                  for t in w.runner.pending() if t.get_name() != "gui:recall-vectors")

def built(app):
    # the first page is shown before the store opens (walk45 #4): settled needs the
    # services attached too, else a loaded machine reported before they were built
    return any(getattr(w, "takes_input", False) for w in app.topLevelWidgets())

def settle(app, content_at):
    if (busy(app) or not built(app)) and time.time() - content_at < 120:
        QTimer.singleShot(250, lambda: settle(app, content_at)); return
    QTimer.singleShot(int(float(os.environ.get("BENCH_SETTLE_S", "3")) * 1000), lambda: report(app, content_at))

def poll(app):
    if shown(app):
        content_at = time.time()
        QTimer.singleShot(3000, lambda: settle(app, content_at)); return
    QTimer.singleShot(5, lambda: poll(app))

from chathub_desktop.app_bootstrap import make_application, run_gui
from pathlib import Path
app = make_application()
QTimer.singleShot(0, lambda: poll(app))
sys.exit(run_gui(data_dir=Path(sys.argv[1]), new_instance=True))
"""


def _store(n: int, into: Path | None = None) -> Path:
    from chathub_desktop.services.container import open_services
    from chathub_desktop.services.transfer.chatgpt_import import import_chatgpt_export
    from tests.gui.helpers import conversation, write_export

    data = scratch_dir("rss") if into is None else into
    data.mkdir(mode=0o700, parents=True, exist_ok=True)  # private, as the app asks of a data folder
    svc = open_services(None, data)
    try:
        a = svc.assistants.create("Bench")
        text = "Message {i}: a reply with **bold**, `code` and a list:\n\n- one\n- two\n"
        turns = [("user" if i % 2 == 0 else "assistant", text.format(i=i)) for i in range(n)]
        export = write_export(data / "conversations.json", [conversation("Big topic", turns, "bench-rss")])
        import_chatgpt_export(svc.db, a.id, export)
    finally:
        svc.close()
    return data


def run(data: Path, *, trace: bool) -> dict[str, object]:
    """One probe run on ``data``: the BENCH_RSS result (with ``content_s``)."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "CHATHUB_RECALL_FILL": "paused",
           "BENCH_TRACEMALLOC": "1" if trace else "0",
           "PYTHONPATH": os.pathsep.join(p for p in (str(REPO), os.environ.get("PYTHONPATH")) if p)}
    env.pop("CHATHUB_DATABASE_URL", None)
    start = time.time()
    proc = subprocess.run([sys.executable, "-c", PROBE, str(data)], capture_output=True, text=True,
                          env=env, timeout=300, cwd=REPO)
    line = next((ln for ln in proc.stdout.splitlines() if ln.startswith("BENCH_RSS ")), None)
    if line is None:
        raise SystemExit(f"no result (exit {proc.returncode}):\n{proc.stderr[-3000:]}")
    result: dict[str, object] = json.loads(line.split(" ", 1)[1])
    result["content_s"] = float(result["content_at"]) - start  # type: ignore[arg-type]
    return result


def show(r: dict[str, object]) -> None:
    """Print one probe result."""
    st: dict[str, int] = r["status"]  # type: ignore[assignment]
    ro: dict[str, int] = r["rollup"]  # type: ignore[assignment]
    if not r.get("settled"):
        print("NOT SETTLED: the services were not built or work was pending after 120 s; the figures are early")
    print(f"content {float(r['content_s']):.2f} s · VmRSS {st['VmRSS'] / 1024:.0f} MB · "  # type: ignore[arg-type]
          f"VmHWM {st['VmHWM'] / 1024:.0f} MB · anon {ro.get('Anonymous', 0) / 1024:.0f} MB · "
          f"file {(ro.get('Rss', 0) - ro.get('Anonymous', 0)) / 1024:.0f} MB · modules {r['modules']}")
    print("mappings (resident MB):")
    for name, kb in r["maps"]:  # type: ignore[attr-defined]
        if kb >= 1024:
            print(f"  {kb / 1024:7.1f}  {name}")
    print("packages (modules):", ", ".join(f"{k} {v}" for k, v in r["packages"]))  # type: ignore[attr-defined]
    print("live objects:", ", ".join(f"{k} {v}" for k, v in r["types"]))  # type: ignore[attr-defined]
    if "pyheap" in r:
        print(f"python heap (tracemalloc) {int(r['pyheap_total']) / 1024:.1f} MB by allocating file:")  # type: ignore[call-overload]
        for name, kb in r["pyheap"]:  # type: ignore[attr-defined]
            print(f"  {kb / 1024:7.1f}  {name}")
    for stack, kb in r.get("who", []):  # type: ignore[attr-defined]
        print(f"  {kb / 1024:7.1f} MB  {stack}")


def main() -> None:
    """Build (or reuse) the store, then print one plain and one tracemalloc run."""
    args = sys.argv[1:]
    data = Path(args[args.index("--store") + 1]) if "--store" in args else None
    n = int(args[0]) if args and args[0].isdigit() else 20_000
    if data is None or not (data / "chathub.sqlite3").exists():
        kept = data is not None
        data = _store(n, data)
        run(data, trace=False)  # a first session: the search index catches up
        print(f"store: {data}" + (" (kept for --store)" if kept else " (removed at exit; --store DIR makes a kept one)"))
    print(f"load average {os.getloadavg()[0]:.1f}")
    show(run(data, trace=False))
    if "--trace" in args:
        show(run(data, trace=True))


if __name__ == "__main__":
    main()
