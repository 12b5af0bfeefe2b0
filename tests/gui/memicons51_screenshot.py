"""Grabs the Memory page's card icons and the 简体中文 headings (walk51b #3, #6; issues 30,
27) — a script, not a test.

    QT_QPA_PLATFORM=offscreen python -m tests.gui.memicons51_screenshot [OUT_DIR]

For English and 简体中文, at 1366×768 and 800×560, light then dark: the Memory page with
a dream card selected (``memory-<lang>-<W>x<H>-<theme>-selected.png``) and after a dream
cut at the History Compress model's output cap, no card selected (``…-failed.png``): the
six icons in one row, in the same places; then the chat page in 简体中文
(``chat-zh_CN-<theme>.png``: the bold topic title and assistant name). Each with its
design audit line, into OUT_DIR (default ``/tmp/chathub-shots``). Exit code 1 when an
audit failed.
"""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from datetime import time as dtime
from pathlib import Path

from chathub_desktop.core.messages import Role
from tests.gui import shot_harness as harness


def main(out_dir: Path) -> int:
    from PySide6.QtCore import QModelIndex

    from chathub_desktop.core.ui_language import UiLanguage
    from chathub_desktop.gui.shell.nav_rail import RailEntry
    from tests.fakes.vendor_server import FakeVendor, Reply

    shot = harness.Shots(out_dir)
    with harness.offscreen_services("chathub-memicons51-") as (loop, svc), FakeVendor() as vendor:
        svc.providers.add("Summ", "openai", vendor.base_url, api_key="sk-summ")
        svc.settings.set("history-compress-model", "Summ/smollm2-135m")
        svc.models.set("smollm2-135m", 2048, provider="Summ", max_output=12)
        a = svc.assistants.create("Assistant", provider="Summ", model="smollm2-135m")
        day = datetime.now(UTC).date() - timedelta(days=1)
        topic = svc.topics.create(a.id, title="List comprehension short").id
        svc.chat.append_row(topic, role=Role.USER, content="What is a list comprehension?",
                            created_at=datetime.combine(day, dtime(12, tzinfo=UTC)))
        harness.store_day_cards(svc, a.id, [(day - timedelta(days=3), "Likes short answers\nand tables")])

        async def scenario() -> None:
            window = await harness.shown_window(svc)
            page = window.pages.open_memory()
            assert page is not None
            panel = page.dream_panel
            await harness.until(lambda: panel.day_picker.count() >= 1 and panel.model.rowCount() >= 1
                        and not page.runner.pending())
            async for theme, tag in harness.languages_sizes_themes(window, (UiLanguage.ENGLISH, UiLanguage.CHINESE_SIMPLIFIED)):
                panel.hide_failure()
                panel.select_number(1)
                await asyncio.sleep(0.4)
                name = f"memory-{tag}"
                shot(window, f"{name}-selected", theme)
                vendor.script(Reply(text_chunks=["The person worked with the assistant and asked"],
                                    finish_reason="length"))
                panel.runs.dream_now()
                await harness.until(lambda: panel.failure_bar.isVisible() and not panel.runs.dreaming)
                panel.list.setCurrentIndex(QModelIndex())
                await asyncio.sleep(0.4)
                shot(window, f"{name}-failed", theme)
            window.view.language_actions[UiLanguage.CHINESE_SIMPLIFIED].trigger()
            window.resize(*harness.SIZES[0])
            window.rail.buttons[RailEntry.CHATS].click()
            await asyncio.sleep(0.5)
            for theme in ("light", "dark"):
                window.view.prefs.set_theme(theme)
                await asyncio.sleep(0.4)
                shot(window, f"chat-zh_CN-{theme}", theme)
            window.view.language.apply(UiLanguage.SYSTEM)
            await harness.close_window(window)

        loop.run_until_complete(scenario())
    return shot.exit_code


if __name__ == "__main__":
    harness.run(main)
