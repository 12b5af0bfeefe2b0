"""Grabs the issue-17 usage figures offscreen — a script, not a test.

    QT_QPA_PLATFORM=offscreen python -m tests.gui.usage_screenshot [OUT_DIR]

Writes into OUT_DIR (default ``/tmp/chathub-shots``): ``truncated_reply.png`` (a reply
whose server read only part of the request, with its warning) and
``popover_truncation.png`` (the token popover: the local figure, the llama.cpp-style
cache line and the offer to set the model card's window). The chat model is a local
fake vendor.
"""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from pathlib import Path

from tests.gui import shot_harness as shots

ROW = "The migration plan covers the schema, the backfill, the rollback and step {i}. " * 10


def main(out_dir: Path) -> int:
    from sqlalchemy import insert

    from chathub_desktop.core.messages import Usage
    from chathub_desktop.storage.models import Message
    from tests.fakes.vendor_server import FakeVendor, Reply, beside_cache_usage

    with shots.offscreen_services("chathub-usageshot-") as (loop, svc), FakeVendor() as chat:
        svc.providers.add("Ollama", "openai_compatible", chat.base_url)
        svc.models.set("llama3.1-8b", 32_000, provider="Ollama")
        a = svc.assistants.create("Planner", provider="Ollama", model="llama3.1-8b", instructions="Be brief.")
        topic = svc.topics.create(a.id, "Migration plan").id
        now = datetime.now(UTC) - timedelta(hours=1)
        with svc.db.write() as s:
            s.execute(insert(Message), [
                {"topic_id": topic, "seq": i + 1, "role": "user" if i % 2 == 0 else "assistant",
                 "content": ROW.format(i=i), "created_at": now} for i in range(60)])
        chat.script(Reply(text_chunks=["Noted: step 60 follows the backfill."],
                          raw_usage=beside_cache_usage(1200, 9000, 9)),
                    Reply(text_chunks=["The rollback is step 3."], usage=Usage(input_tokens=2048, output_tokens=7)))

        async def scenario() -> None:
            w = await shots.open_window(svc, topic, (1100, 760))
            for text in ("Add step 60 after the backfill.", "Which step is the rollback?"):
                task = w.sending.send_message(text)
                if task is not None:
                    await task
                await asyncio.sleep(0.4)
            w.message_view.scroll_to_end()
            await shots.grab(w, out_dir / "truncated_reply.png", 0.5)
            await shots.grab_popover(w, out_dir / "popover_truncation.png", 0.4)
            await shots.close_window(w)

        loop.run_until_complete(scenario())
    return 0


if __name__ == "__main__":
    shots.run(main)
