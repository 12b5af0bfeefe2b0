"""Grabs the Memory page's dreaming group in its three languages (walk55; issue 30) — a
script, not a test.

    QT_QPA_PLATFORM=offscreen python -m tests.gui.lang55_screenshot [OUT_DIR]

For English, 简体中文 and 日本語, at 1366×768 and the smallest window, light then dark:
the page scrolled to the Dreaming memory group (``lang55-<lang>-<W>x<H>-<theme>-group.png``:
its one word per concept — the group, the schedule's memory dream, Keep dream cards, the
Dynamic memory title — and the card count beside Keep, "4 single-day cards + 1 range card",
over a folded range card that says "click or press Space") and the range card opened
(``…-open.png``). Each with its design audit line, into OUT_DIR (default
``/tmp/chathub-shots``). Exit code 1 when an audit failed.
"""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from pathlib import Path

from tests.gui import shot_harness as harness


def main(out_dir: Path) -> int:
    from PySide6.QtCore import QPoint

    from chathub_desktop.core.ui_language import UiLanguage

    shot = harness.Shots(out_dir, "lang55-{name}")
    with harness.offscreen_services("chathub-lang55-") as (loop, svc):
        a = svc.assistants.create("Helper", model="gpt-4o-mini")
        for text in ("Prefers metric units", "Lives in Lisbon, Portugal", "Uses Python 3.11 and PySide6"):
            svc.memory.add(a.id, text)
        today = datetime.now(UTC).date()
        harness.store_day_cards(svc, a.id, [(today - timedelta(days=k), text) for k, text in (
            (7, "Likes changelogs as tables"), (6, "Wants the version in every heading"),
            (5, "Asks for type hints"), (4, "Prefers pytest"), (3, "Wants the SQL before any explanation"),
            (2, "Keeps answers under ten lines"), (1, "Writes commit messages in the imperative"))])
        svc.dreams.set_keep(a.id, 4)  # the three oldest days fold into one range card
        svc.dreams.set_schedule(a.id, "daily", "02:00", 0)

        async def scenario() -> None:
            window = await harness.shown_window(svc)
            page = window.pages.open_memory()
            assert page is not None
            panel = page.dream_panel
            await harness.until(lambda: panel.model.rowCount() == 5 and page.loads >= 1 and not page.runner.pending())
            bar = page.body_scroll.verticalScrollBar()
            languages = (UiLanguage.ENGLISH, UiLanguage.CHINESE_SIMPLIFIED, UiLanguage.JAPANESE)
            async for theme, tag in harness.languages_sizes_themes(window, languages):
                await asyncio.sleep(0.4)
                bar.setValue(page.dreaming.mapTo(page.body_scroll.widget(), QPoint(0, 0)).y() - 8)
                await asyncio.sleep(0.4)
                shot(window, f"{tag}-group", theme)
                panel.list.setCurrentIndex(panel.model.index(panel.model.row_of(1) or 0))
                panel.card_actions.toggle_fold()
                await asyncio.sleep(0.4)
                shot(window, f"{tag}-open", theme)
                panel.card_actions.toggle_fold()
            await harness.close_window(window)

        loop.run_until_complete(scenario())
    return shot.exit_code


if __name__ == "__main__":
    harness.run(main)
