"""Screenshots of walk42's dream-preview and Memory-page fixes (issue 30; a script, not a
test), in the light and the dark theme:

- ``empty-today-<theme>.png``: the Memory page with no card and messages only today;
- ``dreamnow-preview-<theme>.png``: Dream now's preview, the card's Markdown rendered;
- ``after-add-<theme>.png``: the page (800 px) with a long status line wrapped under the bar;
- ``regen-preview-<theme>.png``: Regenerate's old and new card side by side (780×540).

    QT_QPA_PLATFORM=offscreen python -m tests.gui.dream43_screenshot [OUT_DIR]
"""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from datetime import time as dtime
from pathlib import Path

from tests.gui.shot_harness import close_window, grab, offscreen_services, open_window, play, run

CARD = ("## Trip\n- Your name is **Johnny** and you plan a trip to **Lisbon** in May\n"
        "- Prefers plans as *tables* with prices in euros\n- Wants `short` intros")
NEW = "- Wants trip plans as **tables** with prices\n- Asks for the way back separately\n- Travels with Alex"


def main(out_dir: Path) -> int:
    """Open each state on a small store and grab it in both themes."""
    from PySide6.QtWidgets import QApplication

    from chathub_desktop.core import dynamic_memory as dm
    from chathub_desktop.core.messages import Role
    from chathub_desktop.gui.memory import change_preview
    from chathub_desktop.gui.memory.fixed_page import MemoryPage
    from chathub_desktop.storage.models import DynamicMemoryDocument, utcnow
    from tests.fakes.vendor_server import FakeVendor, Reply

    with offscreen_services("chathub-dream43-") as (loop, svc), FakeVendor() as vendor:
        svc.providers.add("Fake", "openai_compatible", vendor.base_url)
        svc.settings.set("history-compress-model", "Fake/fake-model")
        fresh = svc.assistants.create("Fresh", provider="Fake", model="fake-model")
        today_chat = svc.topics.create(fresh.id, title="Today").id
        svc.chat.append_row(today_chat, Role.USER, "Plan Lisbon in a table")
        a = svc.assistants.create("Planner", provider="Fake", model="fake-model")
        yesterday = datetime.now(UTC).date() - timedelta(days=1)
        for day, title in ((yesterday, "Lisbon trip"), (yesterday - timedelta(days=1), "Porto")):
            chat = svc.topics.create(a.id, title=title).id
            svc.chat.append_row(chat, Role.USER, f"Plan {title} in a table",
                                created_at=datetime.combine(day, dtime(12, tzinfo=UTC)))
        cards = dm.append_day_card([], yesterday - timedelta(days=1), "- Prefers plans as tables\n- Short intros")
        with svc.db.write() as s:
            s.merge(DynamicMemoryDocument(assistant_id=a.id, body=dm.render_document(cards), updated_at=utcnow()))

        def grabbing(name: str, answer: str | None, size: tuple[int, int] | None = None):  # type: ignore[no-untyped-def]
            def ask(parent, title, heading, options, action, *_t):  # type: ignore[no-untyped-def]
                dlg = change_preview.ChangePreviewDialog(parent, title, heading, options, action)
                if size is not None:
                    dlg.resize(*size)
                dlg.show()
                for _ in range(10):
                    QApplication.processEvents()
                dlg.grab().save(str(out_dir / name))
                dlg.close()
                return answer
            return ask

        async def page_of(aid: int) -> MemoryPage:
            page = MemoryPage(svc, aid)
            page.resize(800, 640)
            page.show()
            while page.loads < 1 or page.dream_panel.loads < 1 or page.dream_panel.runner.pending():
                await asyncio.sleep(0.05)
            return page

        async def done(page: MemoryPage) -> None:
            page.detach()
            page.close()
            await page.runner.shutdown()

        async def shoot() -> None:
            for theme in ("light", "dark"):
                w = await open_window(svc, today_chat, (1000, 700))
                w.view.prefs.set_theme(theme)
                await asyncio.sleep(0.5)
                page = await page_of(fresh.id)
                await grab(page, out_dir / f"empty-today-{theme}.png", 0.4)
                await done(page)
                page = await page_of(a.id)
                panel = page.dream_panel
                change_preview.ask = grabbing(f"dreamnow-preview-{theme}.png", None)
                vendor.script(Reply(text_chunks=[CARD]))
                panel.runs.dream_now()
                while panel.runs.dreaming or panel.runner.pending():
                    await asyncio.sleep(0.05)
                await asyncio.sleep(0.5)
                panel.show_status("Added card #2 for " + yesterday.isoformat() + "; the History Compress model "
                                  "stopped at its token limit (512 tokens), so the card keeps its complete lines "
                                  "only; read “Lisbon trip”", 0)
                await grab(page, out_dir / f"after-add-{theme}.png", 0.4)
                change_preview.ask = grabbing(f"regen-preview-{theme}.png", None, (780, 540))
                vendor.script(Reply(text_chunks=[NEW]))
                panel.runs.regenerate(1)
                while panel.runs.dreaming:
                    await asyncio.sleep(0.05)
                await done(page)
                await close_window(w)

        return play(loop, shoot)


if __name__ == "__main__":
    run(main)
