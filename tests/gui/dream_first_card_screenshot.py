"""Grabs the Dreaming memory group of a new user (issue 28, walkthrough F1 and F2) — a
script, not a test.

    QT_QPA_PLATFORM=offscreen python -m tests.gui.dream_first_card_screenshot [OUT_DIR]

Writes, for the light and the dark theme, ``dream-empty-<theme>.png`` (no cards, Daily
at 02:00 UTC: when today's chats first become a card), ``dream-empty-off-<theme>.png``
(the schedule off), ``dream-failed-<theme>.png`` (Dream now failed: the bar with Retry
and Details stays) and ``dream-failed-details-<theme>.png`` into OUT_DIR (default
``/tmp/chathub-shots``). The History Compress model is the scripted fake vendor.
"""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime
from datetime import time as dtime
from pathlib import Path

from chathub_desktop.core.messages import Role
from tests.gui.shot_harness import offscreen_services, run


def main(out_dir: Path) -> int:
    from PySide6.QtWidgets import QApplication

    from chathub_desktop.gui.design.theme import apply_theme
    from chathub_desktop.gui.memory.dream_runs import yesterday_utc
    from chathub_desktop.gui.memory.fixed_page import MemoryPage
    from tests.fakes.vendor_server import FakeVendor, Reply, openai_error

    out_dir.mkdir(parents=True, exist_ok=True)
    with offscreen_services("chathub-firstcard-") as (loop, svc), FakeVendor() as vendor:
        svc.providers.add("Summ", "openai", vendor.base_url, api_key="sk-summ")
        svc.settings.set("history-compress-model", "Summ/gpt-5-mini")
        a = svc.assistants.create("Coder", provider="Summ", model="gpt-4o")
        topic = svc.topics.create(a.id, title="Release notes").id
        svc.chat.append_row(topic, role=Role.USER, content="Bullet points, no prose",
                         created_at=datetime.combine(yesterday_utc(), dtime(12, tzinfo=UTC)))

        async def shown(page: MemoryPage) -> None:
            n = page.dream_panel.loads
            page.dream_panel.schedule_reload()
            while page.dream_panel.loads <= n or page.runner.pending():
                await asyncio.sleep(0.05)
            await asyncio.sleep(0.3)

        async def scenario() -> None:
            for theme in ("light", "dark"):
                apply_theme(QApplication.instance(), theme)  # type: ignore[arg-type]
                svc.dreams.set_schedule(a.id, "off", "02:00")
                page = MemoryPage(svc, a.id)
                page.resize(1366, 740)
                page.show()
                await shown(page)
                page.grab().save(str(out_dir / f"dream-empty-off-{theme}.png"))
                svc.dreams.set_schedule(a.id, "daily", "02:00")
                await shown(page)
                page.grab().save(str(out_dir / f"dream-empty-{theme}.png"))
                vendor.script(Reply(error_status=500, error_body=openai_error("upstream exploded", "server_error")))
                panel = page.dream_panel
                panel.runs.dream_now()
                while not panel.failure_bar.isVisible() or panel.runs.dreaming:
                    await asyncio.sleep(0.05)
                await asyncio.sleep(0.3)
                page.grab().save(str(out_dir / f"dream-failed-{theme}.png"))
                details = panel.failure_bar.open_details()
                await asyncio.sleep(0.3)
                details.grab().save(str(out_dir / f"dream-failed-details-{theme}.png"))
                details.close()
                page.detach()
                page.close()
                await page.runner.shutdown()

        loop.run_until_complete(scenario())
    for name in ("dream-empty-off", "dream-empty", "dream-failed", "dream-failed-details"):
        for theme in ("light", "dark"):
            print(out_dir / f"{name}-{theme}.png")
    return 0


if __name__ == "__main__":
    run(main)
