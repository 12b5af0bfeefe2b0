"""Grabs the Memory page's fixed memory as compact rows (memdense53; walk53 #2, #4, #9, #11)
— a script, not a test.

    QT_QPA_PLATFORM=offscreen python -m tests.gui.memdense53_screenshot [OUT_DIR]

English at 1366×768 and 800×560 and 简体中文 at 1366×768, light then dark, in the window:
the page (``dense-<tag>-page.png``: six entries, one paused, three imported, a bullet
note, the first selected so "Delete #1" shows), #2 edited in place (``…-editing.png``), a failed dream beside Dream now
(``…-failure.png``), the raw editor's preview of a bullet line (``…-raw.png``), and (an
empty memory) the Add editor with nothing under it (``…-adding.png``). Each with its
design audit line, into OUT_DIR (default ``/tmp/chathub-shots``). Exit code 1 when an
audit failed.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from tests.gui import shot_harness as harness


def main(out_dir: Path) -> int:
    from chathub_desktop.core.ui_language import UiLanguage

    shot = harness.Shots(out_dir)
    with harness.offscreen_services("chathub-memdense53-") as (loop, svc):
        a = svc.assistants.create("Assistant", model="gpt-4o-mini")
        svc.memory.save_raw(a.id, "#1: Ana writes Python and prefers short answers.\n"
                                  "#2: Ana's timezone is Europe/Lisbon. (UTC+0 in winter)\n"
                                  "#3: Use metric units.\n- Ana uses VS Code.\n")
        svc.memory.set_paused(a.id, 3, True)
        svc.memory.add_many(a.id, ["Ana's timezone is Europe/Lisbon.", "Ana drinks her coffee black.",
                                   "Ana is learning Rust, reading the book a chapter a week and doing the "
                                   "exercises in a small repository she pushes every Sunday evening."],
                            source="a memory file")

        async def scenario() -> None:
            window = await harness.shown_window(svc)
            page = window.pages.open_memory()
            assert page is not None
            await harness.until(lambda: page.model.entry_count() >= 6 and not page.runner.pending())
            page.list.setCurrentIndex(page.model.index(0, 0))
            bar = page.body_scroll.verticalScrollBar()
            sizes = ((UiLanguage.ENGLISH, (1366, 768)), (UiLanguage.ENGLISH, (800, 560)),
                     (UiLanguage.CHINESE_SIMPLIFIED, (1366, 768)))
            for language, size in sizes:
                lang = language.value
                window.view.language_actions[language].trigger()
                window.resize(*size)
                for theme in ("light", "dark"):
                    window.view.prefs.set_theme(theme)
                    tag = f"{lang}-{size[0]}x{size[1]}-{theme}"
                    bar.setValue(0)
                    await asyncio.sleep(0.5)
                    shot(window, f"dense-{tag}-page", theme)
                    page.dream_panel.show_failure("The dream failed: the model repeated its instructions.",
                                                  "SmolLM2 repeated its instructions.", lambda: None)
                    page.dream_panel.action_bar.setFocus()
                    bar.setValue(page.dream_panel.action_bar.mapTo(page.body_scroll.widget(),
                                                                   page.dream_panel.action_bar.rect().topLeft()).y())
                    await asyncio.sleep(0.4)
                    shot(window, f"dense-{tag}-failure", theme)
                    page.dream_panel.hide_failure()
                    if size[0] == 1366 and language is UiLanguage.ENGLISH:  # #2 edited in place
                        bar.setValue(0)
                        page.list.edit(page.model.index(1, 0))
                        await asyncio.sleep(0.4)
                        shot(window, f"dense-{tag}-editing", theme)
                        editor = page.list.indexWidget(page.model.index(1, 0))
                        if editor is not None:
                            QTest.keyClick(editor, Qt.Key.Key_Escape)  # Esc cancels
                        await asyncio.sleep(0.3)
                    if language is not UiLanguage.ENGLISH or size[0] != 1366:
                        continue
                    bar.setValue(0)
                    page.raw_action.trigger()
                    await harness.until(lambda: page.raw is not None and page.raw.preview_model.total() >= 7)
                    await asyncio.sleep(0.3)
                    shot(window, f"dense-{tag}-raw", theme)
                    page.raw.cancel_raw_button.click()
                    await asyncio.sleep(0.3)
            window.view.language.apply(UiLanguage.SYSTEM)
            window.resize(1366, 768)
            svc.memory.clear(a.id)
            page.schedule_reload()
            await harness.until(lambda: page.model.total() == 0 and not page.runner.pending())
            for theme in ("light", "dark"):
                window.view.prefs.set_theme(theme)
                page.add_memory()
                await asyncio.sleep(0.4)
                shot(window, f"dense-en-1366x768-{theme}-adding", theme)
            await harness.close_window(window)

        loop.run_until_complete(scenario())
    return shot.exit_code


if __name__ == "__main__":
    harness.run(main)
