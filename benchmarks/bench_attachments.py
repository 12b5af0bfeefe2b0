"""Benchmark: attachments do not slow planning a long topic (issue 14).

A 5,000-message topic where every tenth user message carries an image (250 PNG blobs)
against the same topic without attachments, in the same run:

1. **Planning** (``ContextLoader.load``, what the badge and a send do first, cold cache):
   reads only attachment metadata, never blob bytes — ratio with / without.
2. **Loading the bytes a send posts** (``attachment_blobs.hydrate``): with a history
   limit of 20 only the window's images are read; without a limit, those of the window
   the plan chose to fit the input budget — the cost follows the window, not the topic.

Usage: ``python benchmarks/bench_attachments.py``.
"""

from __future__ import annotations

import os
import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from sqlalchemy import insert  # noqa: E402

from benchmarks.scratch_dirs import scratch_dir  # noqa: E402
from chathub_desktop.core import attachments as att  # noqa: E402
from chathub_desktop.services.container import Services, open_services  # noqa: E402
from chathub_desktop.storage import attachment_blobs  # noqa: E402
from chathub_desktop.storage.models import Message  # noqa: E402

MESSAGES = 5_000
IMAGE_EVERY = 20  # every tenth user message (rows alternate user/assistant)


def _noise_png(i: int) -> bytes:
    from tests.fakes.images import png

    return png(140, 140, rgb=(i % 256, (i * 7) % 256, (i * 13) % 256))


def _topic(svc: Services, name: str, images: bool) -> int:
    a = svc.assistants.create(name, provider="P", model="gpt-4o")
    t = svc.topics.create(a.id).id
    t0 = datetime.now(UTC)
    rows = []
    blobs = []
    for i in range(MESSAGES):
        row: dict[str, object] = {"topic_id": t, "seq": i + 1, "role": "user" if i % 2 == 0 else "assistant",
                                  "content": f"message {i} about trains " * 8,
                                  "created_at": t0 + timedelta(seconds=i)}
        if images and i % IMAGE_EVERY == 0:
            data = _noise_png(i)
            a_ = att.image_attachment(f"{i}.png", data, "image/png", 140, 140)
            blobs.append(a_)
            row["attachments"] = [a_.meta()]
        rows.append(row)
    with svc.db.write() as s:
        attachment_blobs.store_blobs(s, blobs)
        s.execute(insert(Message), rows)
    return t


def _best(fn, runs: int = 3) -> float:  # type: ignore[no-untyped-def]
    best = float("inf")
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t)
    return best


def main() -> int:
    """Build both topics, time planning and byte loading, print the figures."""
    tmp = scratch_dir("attach")
    os.environ.setdefault("CHATHUB_DATA_DIR", str(tmp / "data"))
    svc = open_services(f"sqlite:///{tmp / 'store.sqlite3'}")
    try:
        svc.providers.add("P", "openai", "http://127.0.0.1:9", api_key_env="NOPE")
        plain = _topic(svc, "Plain", images=False)
        pictured = _topic(svc, "Pictured", images=True)
        for t in (plain, pictured):
            svc.loader.load(t)  # token counts cached on the rows once, like any first open

        def plan(topic: int) -> None:
            svc.loader.history_cache.forget()  # cold: every row read again
            svc.loader.load(topic)

        base = _best(lambda: plan(plain))
        with_att = _best(lambda: plan(pictured))
        print(f"planning a {MESSAGES:,}-message topic (cold): without attachments {base * 1000:.1f} ms, "
              f"with {MESSAGES // IMAGE_EVERY} image attachments {with_att * 1000:.1f} ms "
              f"(ratio {with_att / base:.2f})")
        svc.assistants.update("Pictured", history_limit_enabled=True, history_limit=20)
        ctx = svc.loader.load(pictured)
        read: list[int] = []
        real = attachment_blobs.load_blobs

        def counting(s, hashes):  # type: ignore[no-untyped-def]
            out = real(s, hashes)
            read.append(len(out))
            return out

        attachment_blobs.load_blobs = counting  # type: ignore[assignment]
        with svc.db.read() as s:
            windowed = _best(lambda: attachment_blobs.hydrate(s, ctx.base_input))
            limited_reads = read[-1]
        svc.assistants.update("Pictured", history_limit_enabled=False)
        whole_ctx = svc.loader.load(pictured)
        with svc.db.read() as s:
            whole = _best(lambda: attachment_blobs.hydrate(s, whole_ctx.base_input))
            whole_reads = read[-1]
        attachment_blobs.load_blobs = real  # type: ignore[assignment]
        print(f"loading the bytes a send posts: window of 20 rows {windowed * 1000:.2f} ms "
              f"({limited_reads} blobs), no limit (the plan's budget window) {whole * 1000:.1f} ms "
              f"({whole_reads} blobs) "
              f"(ratio {whole / max(windowed, 1e-9):.0f}×)")
    finally:
        svc.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
