"""Grabs the Proposals tab with two proposals (walk56 #3) and the dream schedule's typed
time refused next to its field (walk56 #4) — issue 30, SPEC DM-REVIEW / DRM-2; a script,
not a test.

    QT_QPA_PLATFORM=offscreen python -m tests.gui.prop56_screenshot [OUT_DIR]

31 fixed entries, 12 dream cards and 2 proposals, in the window in English, 日本語 and 简体中文
at 1366×768 and 800×560,
light then dark: ``prop56-<lang>-<W>x<H>-<theme>-proposals.png`` (the first proposal selected: its
buttons in view), ``…-edit.png`` (Edit: the editor with its text in view),
``…-badtime.png`` (Daily, "25:99" typed: the hint says how to type it, Save off) and
``…-goodtime.png`` ("02:00" typed). Prints the design audit lines into OUT_DIR (default
``/tmp/chathub-shots``); exit code 1 when an audit failed."""

from __future__ import annotations

import asyncio
from datetime import date, timedelta
from pathlib import Path

from tests.fakes.assistant_age import existing_since
from tests.gui import shot_harness as harness


def main(out_dir: Path) -> int:
    """Write the PNG files into ``out_dir``; 1 when a design audit failed."""
    from chathub_desktop.core.ui_language import UiLanguage

    shot = harness.Shots(out_dir)
    with harness.offscreen_services("chathub-prop56-") as (loop, svc):
        a = svc.assistants.create("Helper", model="gpt-4o-mini").id
        existing_since(svc, a)
        for k in range(31):
            svc.memory.add(a, f"Fact number {k}: prefers short answers with code first")
        harness.store_day_cards(svc, a, [(date(2026, 11, 1) + timedelta(days=k), f"- Talked about topic {k}")
                                         for k in range(12)])
        svc.dreams.review.set_enabled(a, True)
        svc.dreams.review.propose(a, date(2026, 11, 20), "## Pets\n- Booked the vet for Miso on Friday", None, None)
        svc.dreams.review.propose(a, date(2026, 11, 21), "- Asks for type hints in every example", None, None)

        async def scenario() -> None:
            window = await harness.shown_window(svc)
            page = await harness.open_memory(window)
            panel = page.dream_panel
            await harness.until(lambda: not page.runner.pending())
            async for theme, tag in harness.languages_sizes_themes(window, (UiLanguage.ENGLISH, UiLanguage.JAPANESE,
                                                                            UiLanguage.CHINESE_SIMPLIFIED)):
                name = f"prop56-{tag}"
                section = panel.show_proposals()
                await harness.until(lambda s=section: s.list.count() == 2)
                await asyncio.sleep(0.5)
                shot(window, f"{name}-proposals", theme)
                section.edit_current()
                await asyncio.sleep(0.5)
                shot(window, f"{name}-edit", theme)
                section.cancel_edit()
                panel.tabs.setCurrentIndex(0)
                form = panel.schedule
                form.frequency_combo.setCurrentIndex(form.frequency_combo.findData("daily"))
                for typed, what in (("25:99", "badtime"), ("02:00", "goodtime")):
                    form.time_edit.setText(typed)
                    page.body_scroll.ensureWidgetVisible(form.time_edit, 0, 120)
                    await asyncio.sleep(0.4)
                    shot(window, f"{name}-{what}", theme)
                form.cancel_changes()
                await asyncio.sleep(0.3)
            await harness.until(lambda: not page.runner.pending() and not page.busy)
            await harness.close_window(window)

        loop.run_until_complete(scenario())
    return shot.exit_code


if __name__ == "__main__":
    harness.run(main)
