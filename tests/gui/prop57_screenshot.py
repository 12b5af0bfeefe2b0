"""Grabs the Proposals tab (issue 30, walk56 #12 and #3; DRM-8, DRM-9) — a script, not a test.

    QT_QPA_PLATFORM=offscreen python -m tests.gui.prop57_screenshot [OUT_DIR]

12 dream cards (3, 4 and 6–15 Nov 2026) and three proposals — 2 Nov, 5 Nov and 20 Nov —
then Keep N lowered to 9 while they wait: 3, 4 and 6 Nov fold into the range card
3 Nov – 6 Nov, so 2 Nov lies before the range and 5 Nov in it (both can't be added, each
with its own reason) and 20 Nov folds older cards. In English, 日本語 and 简体中文 at
1366×768 and 800×560, light then dark: ``prop57-<lang>-<W>x<H>-<theme>-refused.png`` (2 Nov
selected: its reason, only Discard offered), ``…-addable.png`` (20 Nov selected: what
accepting adds), ``…-discarded.png`` (2 Nov discarded: "Discarded … · Undo") and
``…-undone.png`` (Undo: it is back). Prints the design audit lines into OUT_DIR (default
``/tmp/chathub-shots``); exit code 1 when an audit failed."""

from __future__ import annotations

import asyncio
from datetime import date
from pathlib import Path

from tests.fakes.assistant_age import existing_since
from tests.gui import shot_harness as harness

CARDS = [3, 4, *range(6, 16)]
PROPOSALS = ((2, "Asked how to keep a sourdough starter alive over a two-week holiday; wants feeding times "
                 "as a table."),
             (5, "## Pets\n- Booked the vet for Miso on Friday"),
             (20, "- Asks for type hints in every example, and for **pytest** over unittest"))


def main(out_dir: Path) -> int:
    """Write the PNG files into ``out_dir``; 1 when a design audit failed."""
    from chathub_desktop.core.ui_language import UiLanguage

    shot = harness.Shots(out_dir)
    with harness.offscreen_services("chathub-prop57-") as (loop, svc):
        a = svc.assistants.create("Helper", model="gpt-4o-mini").id
        existing_since(svc, a)
        for k in range(31):
            svc.memory.add(a, f"Fact number {k}: prefers short answers with code first")
        harness.store_day_cards(svc, a, [(date(2026, 11, d), f"- Talked about topic {d}") for d in CARDS])
        svc.dreams.review.set_enabled(a, True)
        for d, text in PROPOSALS:
            assert svc.dreams.review.propose(a, date(2026, 11, d), text, None, None) is not None
        svc.dreams.set_keep(a, 9)  # lowered while they wait

        async def scenario() -> None:
            window = await harness.shown_window(svc)
            page = await harness.open_memory(window)
            panel = page.dream_panel
            await harness.until(lambda: not page.runner.pending())
            async for theme, tag in harness.languages_sizes_themes(window, (UiLanguage.ENGLISH, UiLanguage.JAPANESE,
                                                                            UiLanguage.CHINESE_SIMPLIFIED)):
                name = f"prop57-{tag}"
                section = panel.show_proposals()
                await harness.until(lambda s=section: s.list.count() == 3 and not s.ops.busy)
                for row, what in ((0, "refused"), (2, "addable")):
                    section.list.setCurrentRow(row)
                    await asyncio.sleep(0.5)
                    shot(window, f"{name}-{what}", theme)
                section.list.setCurrentRow(0)
                section.discard_current()
                await harness.until(lambda s=section: s.list.count() == 2 and not s.ops.busy)
                await asyncio.sleep(0.5)
                shot(window, f"{name}-discarded", theme)
                section.undo_discard()
                await harness.until(lambda s=section: s.list.count() == 3 and not s.ops.busy)
                await asyncio.sleep(0.5)
                shot(window, f"{name}-undone", theme)
                panel.tabs.setCurrentIndex(0)
                await asyncio.sleep(0.3)
            await harness.until(lambda: not page.runner.pending() and not page.busy)
            await harness.close_window(window)

        loop.run_until_complete(scenario())
    return shot.exit_code


if __name__ == "__main__":
    harness.run(main)
