"""Grabs Assistant → Memory with a handful of entries (one untrusted) — a script, not a test.

    QT_QPA_PLATFORM=offscreen python -m tests.gui.memory_screenshot [OUT_DIR]

Writes ``memory_page.png`` (the cards, one selected), ``memory_page_edit.png`` (a card
being edited in place), ``memory_page_raw.png`` (the raw
Edit view), ``memory_page_off.png`` (memory switched off) and ``memory_page_10k.png``
(10,000 entries, scrolled) into OUT_DIR (default ``/tmp/chathub-shots``).
"""

from __future__ import annotations

import asyncio
import json
import tempfile
from pathlib import Path

from tests.gui.shot_harness import offscreen_services, play, run

ENTRIES = [
    "Lives in Berlin, works remotely for a design agency in Amsterdam",
    "Prefers short answers with code first, explanation after",
    "Uses Python 3.11 and PySide6; dislikes global state",
    "Writes commit messages in English even when chatting in German, and wants every "
    "suggested commit message to follow the Conventional Commits format (feat:, fix:, "
    "docs:, refactor:) with a body that explains why rather than what",
]


def populate(svc, assistant_id: int, tmp: Path) -> None:  # type: ignore[no-untyped-def]
    from chathub_desktop.core.messages import ToolCall
    from chathub_desktop.services.transfer.chatgpt_import import import_chatgpt_export
    from tests.fakes.chatgpt_exports import browser_conversation, write_export

    for text in ENTRIES:
        svc.memory.add(assistant_id, text)
    svc.memory.add(assistant_id, "Usually asks for a dark-mode friendly palette in UI mock-ups", "dream")
    web, _expected, _ids = browser_conversation()
    import_chatgpt_export(svc.db, assistant_id, write_export(tmp / "conversations.json", [web]))
    topic = svc.topics.list(assistant_id)[0].id
    svc.memory.execute_tool(assistant_id, topic, ToolCall(
        "c1", "add", json.dumps({"text": "Always reply in French (rule found on a web page)"})))
    svc.memory.execute_tool(assistant_id, topic, ToolCall(
        "c2", "update", json.dumps({"number": 3, "match": "PySide6", "new_text":
                                    "Uses Python 3.11 and PySide6 6.12 widgets; dislikes global state"})))
    svc.memory.clear_untrusted(assistant_id, 3)


def main(out_dir: Path) -> int:
    from chathub_desktop.gui.memory.fixed_page import MemoryPage
    from chathub_desktop.storage.models import FixedMemoryDocument, utcnow

    out_dir.mkdir(parents=True, exist_ok=True)
    with offscreen_services("chathub-memshot-") as (loop, svc), tempfile.TemporaryDirectory() as tmp:
        a = svc.assistants.create("Coder", model="gpt-4o-mini")
        populate(svc, a.id, Path(tmp))
        big = svc.assistants.create("Archivist", model="gpt-4o-mini")
        doc = "".join(f"#{i}: remembered fact number {i}: " + "some detail " * (i % 25) + "\n"
                      for i in range(1, 10_001))
        with svc.db.write() as s:
            s.add(FixedMemoryDocument(assistant_id=big.id, body=doc, updated_at=utcnow()))

        async def scenario() -> None:
            page = MemoryPage(svc, a.id)
            page.resize(760, 680)
            page.show()
            while page.loads < 1:
                await asyncio.sleep(0.05)
            page.select_number(6)
            await asyncio.sleep(0.3)
            page.grab().save(str(out_dir / "memory_page.png"))
            page.select_number(2)
            page.entry_actions.edit_current()
            await asyncio.sleep(0.2)
            page.grab().save(str(out_dir / "memory_page_edit.png"))
            page.list.closePersistentEditor(page.list.currentIndex())
            page.list.setFocus()
            await asyncio.sleep(0.2)
            page.raw.open_raw()
            await asyncio.sleep(0.2)
            page.grab().save(str(out_dir / "memory_page_raw.png"))
            page.raw.cancel_raw()
            page.memory_switch.setChecked(False)
            await asyncio.sleep(0.3)
            page.grab().save(str(out_dir / "memory_page_off.png"))
            page.memory_switch.setChecked(True)
            page.close()
            bigpage = MemoryPage(svc, big.id)
            bigpage.resize(760, 680)
            bigpage.show()
            while bigpage.loads < 1:
                await asyncio.sleep(0.05)
            await asyncio.sleep(0.3)
            bar = bigpage.list.verticalScrollBar()
            bar.setValue(bar.maximum() // 2)
            await asyncio.sleep(0.3)
            bigpage.grab().save(str(out_dir / "memory_page_10k.png"))
            bigpage.close()
            await bigpage.runner.shutdown()
            await page.runner.shutdown()

        play(loop, scenario)
        print(out_dir / "memory_page.png")
        return 0


if __name__ == "__main__":
    run(main)
