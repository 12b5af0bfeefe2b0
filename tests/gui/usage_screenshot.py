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
import os
import sys
import tempfile
from datetime import UTC, datetime, timedelta
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("CHATHUB_ALLOW_TEST_DOUBLES", "1")

REPO = Path(__file__).resolve().parents[2]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

ROW = "The migration plan covers the schema, the backfill, the rollback and step {i}. " * 10


def main(out_dir: Path) -> int:
    import keyring
    import qasync
    from sqlalchemy import insert

    from chathub_desktop.app_bootstrap import make_application
    from chathub_desktop.core.messages import Usage
    from chathub_desktop.gui.main_window import MainWindow
    from chathub_desktop.gui.task_runner import install_asyncgen_hooks
    from chathub_desktop.services.container import open_services
    from chathub_desktop.storage.models import Message
    from tests.fakes.memory_keyring import MemoryKeyring
    from tests.fakes.vendor_server import FakeVendor, Reply, beside_cache_usage

    keyring.set_keyring(MemoryKeyring())
    out_dir.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix="chathub-usageshot-"))
    app = make_application()
    loop = qasync.QEventLoop(app)
    asyncio.set_event_loop(loop)
    install_asyncgen_hooks(loop)
    svc = open_services(f"sqlite:///{tmp / 'store.sqlite3'}")
    with FakeVendor() as chat:
        try:
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
                w = MainWindow(svc)
                w.resize(1100, 760)
                w.show()
                await asyncio.sleep(0.3)
                w.select_topic(topic)
                await asyncio.sleep(0.3)
                for text in ("Add step 60 after the backfill.", "Which step is the rollback?"):
                    task = w.sending.send_message(text)
                    if task is not None:
                        await task
                    await asyncio.sleep(0.4)
                w.message_view.scroll_to_end()
                await asyncio.sleep(0.5)
                w.grab().save(str(out_dir / "truncated_reply.png"))
                w.composer.badge.open_popover()
                await asyncio.sleep(0.4)
                w.composer.badge.popover.grab().save(str(out_dir / "popover_truncation.png"))
                w.composer.badge.popover.hide()
                await w.shutdown()
                w.close()

            loop.run_until_complete(scenario())
        finally:
            svc.close()
    print(out_dir)
    return 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path("/tmp/chathub-shots")))
