"""Benchmark: ``db copy`` throughput (issue 13), rows per second.

A store of one assistant with ``--messages`` messages (default 20,000) in 20 topics is
copied SQLite → SQLite, and SQLite → PostgreSQL → SQLite when
``CHATHUB_TEST_POSTGRES_URL`` names a server; every copy includes its checks (row
counts, memory checksums, read back inside the transaction).

Usage: ``python benchmarks/bench_db_copy.py [--messages N]``.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from datetime import UTC, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from sqlalchemy import insert  # noqa: E402

from benchmarks.scratch_postgres import scratch_postgres  # noqa: E402
from chathub_desktop.services.container import open_services  # noqa: E402
from chathub_desktop.storage.models import Message  # noqa: E402
from chathub_desktop.storage.store_copy import copy_store  # noqa: E402


def populate(url: str, messages: int) -> None:
    svc = open_services(url)
    try:
        svc.providers.add("P", "openai", "http://127.0.0.1:9", api_key_env="NOPE")
        a = svc.assistants.create("Bench", provider="P", model="gpt-4o")
        topics = [svc.topics.create(a.id).id for _ in range(20)]
        t0 = datetime.now(UTC)
        per = messages // len(topics)
        with svc.db.write() as s:
            s.execute(insert(Message), [
                {"topic_id": t, "seq": i + 1, "role": "user" if i % 2 == 0 else "assistant",
                 "content": f"message {i} " * 30, "created_at": t0 + timedelta(seconds=i)}
                for t in topics for i in range(per)])
    finally:
        svc.close()


def show(label: str, src: str, dst: str) -> None:
    r = copy_store(src, dst)
    print(f"{label}: {r.total_rows:,} rows in {r.seconds:.2f} s → {r.total_rows / r.seconds:,.0f} rows/s "
          f"({r.documents} documents checked)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--messages", type=int, default=20_000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        first = f"sqlite:///{Path(tmp) / 'first.sqlite3'}"
        populate(first, args.messages)
        show("SQLite → SQLite", first, f"sqlite:///{Path(tmp) / 'second.sqlite3'}")
        with scratch_postgres("SQLite → PostgreSQL") as pg:
            if pg is not None:
                show("SQLite → PostgreSQL", first, pg)
                show("PostgreSQL → SQLite", pg, f"sqlite:///{Path(tmp) / 'back.sqlite3'}")


if __name__ == "__main__":
    main()
