"""Grabs the Memory page as a page of setting cards (memlook52; issue 30) — a script, not a test.

    QT_QPA_PLATFORM=offscreen python -m tests.gui.memlook52_screenshot [OUT_DIR]

For English, 简体中文 and 日本語, at 1366×768 and 800×560, light then dark, in the window: the
page with a Daily schedule stored (``memory-<lang>-<W>x<H>-<theme>-page.png``: the switch
row, fixed memory, the Dreaming memory card, a long one-line dream card wrapped at the
card's width), the schedule changed but not saved (``…-changed.png``: the card's foot with
Cancel and Save) and the page scrolled to its end (``…-end.png``). Each with its design
audit line, into OUT_DIR (default ``/tmp/chathub-shots``). Exit code 1 when an audit failed.
The README's ``docs/screenshot-memory-page-zh_CN.png`` and ``-ja-dark.png`` are this
script's ``memory-zh_CN-1366x768-light-page.png`` and ``memory-ja-1366x768-dark-page.png``.
The same script runs on the base (the attributes it uses are older than memlook52).
"""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

from tests.gui import shot_harness as harness


def main(out_dir: Path) -> int:
    from chathub_desktop.core.ui_language import UiLanguage

    shot = harness.Shots(out_dir)
    with harness.offscreen_services("chathub-memlook52-") as (loop, svc):
        a = svc.assistants.create("Assistant", model="gpt-4o-mini")
        for text in ("Lives in Berlin, works remotely for a design agency in Amsterdam",
                     "Prefers short answers with code first, explanation after",
                     "Uses Python 3.11 and PySide6 6.10 widgets; dislikes global state"):
            svc.memory.add(a.id, text)
        today = datetime.now(UTC).date()
        harness.store_day_cards(svc, a.id, [(today - timedelta(days=k), text) for k, text in (
            (3, "Likes short answers and tables, with the code before any explanation and the "
                "version number in every heading; asks for type hints in each example"),
            (2, "Wants the SQL before any explanation"),
            (1, "Keeps answers under ten lines"))])
        svc.dreams.set_schedule(a.id, "daily", "02:00", 0)

        async def scenario() -> None:
            window = await harness.shown_window(svc)
            page = window.pages.open_memory()
            assert page is not None
            panel = page.dream_panel
            await harness.until(lambda: panel.model.rowCount() >= 3 and page.loads >= 1 and not page.runner.pending())
            form = panel.schedule
            form.local_zone = (ZoneInfo("Europe/Berlin"), "Berlin")
            form.show_settings(form.view, False)  # said again in Berlin's time
            bar = page.body_scroll.verticalScrollBar()
            languages = (UiLanguage.ENGLISH, UiLanguage.CHINESE_SIMPLIFIED, UiLanguage.JAPANESE)
            async for theme, tag in harness.languages_sizes_themes(window, languages):
                name = f"memory-{tag}"
                bar.setValue(0)
                await asyncio.sleep(0.4)
                shot(window, f"{name}-page", theme)
                form.frequency_combo.setCurrentIndex(form.frequency_combo.findData("weekly"))
                form.time_edit.setText("03:30")
                await asyncio.sleep(0.5)
                shot(window, f"{name}-changed", theme)
                form.frequency_combo.setCurrentIndex(form.frequency_combo.findData("daily"))
                form.time_edit.setText("02:00")
                bar.setValue(bar.maximum())
                await asyncio.sleep(0.4)
                shot(window, f"{name}-end", theme)
            await harness.close_window(window)

        loop.run_until_complete(scenario())
    return shot.exit_code


if __name__ == "__main__":
    harness.run(main)
