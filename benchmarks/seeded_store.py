"""A store filled with many plain messages, fast, for the benchmarks that need a large
history (``bench_scroll``, ``bench_recall_costs``): bulk inserts of 20,000 rows a
statement instead of one service call per message."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta


def seed_messages(url: str, n: int, text: str, *, topics: int = 1, days_ago: int = 30) -> list[int]:
    """``n`` messages spread round-robin over ``topics`` new topics of one new assistant
    ("Bench") in the store at ``url``, alternating user and assistant turns within each
    topic, ``text.format(i=i)`` each, one second apart from ``days_ago`` days back.
    Returns the topic ids."""
    from sqlalchemy import insert

    from chathub_desktop.services.container import open_services
    from chathub_desktop.storage.models import Message

    svc = open_services(url)
    try:
        a = svc.assistants.create("Bench")
        ids = [svc.topics.create(a.id).id for _ in range(topics)]
        t0 = datetime.now(UTC) - timedelta(days=days_ago)
        with svc.db.write() as s:
            for start in range(0, n, 20_000):
                s.execute(insert(Message), [
                    {"topic_id": ids[i % topics], "seq": i // topics + 1,
                     "role": "user" if (i // topics) % 2 == 0 else "assistant",
                     "content": text.format(i=i), "created_at": t0 + timedelta(seconds=i)}
                    for i in range(start, min(n, start + 20_000))])
        return ids
    finally:
        svc.close()
