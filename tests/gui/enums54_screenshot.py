"""Grabs what enums54 changed on the Memory page (issue 30) — a script, not a test.

    QT_QPA_PLATFORM=offscreen python -m tests.gui.enums54_screenshot [OUT_DIR]

For English, 简体中文 and 日本語, at 1366×768 and 800×560, light then dark, in the window:
the page just opened with Ctrl+M, the keyboard in the fixed memory's filter box
(``enums54-<lang>-<W>x<H>-<theme>-ctrl-m.png``, with the entries' chips: dream, agent,
untrusted, paused), and the schedule changed but not saved,
its line saying where Save is (``…-unsaved.png``). Each with its design audit line, into
OUT_DIR (default ``/tmp/chathub-shots``). Exit code 1 when an audit failed.
"""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from pathlib import Path

from tests.gui import shot_harness as harness


def main(out_dir: Path) -> int:
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QApplication

    from chathub_desktop.core.dream_schedule import DreamFrequency
    from chathub_desktop.core.ui_language import UiLanguage

    shot = harness.Shots(out_dir)
    with harness.offscreen_services("chathub-enums54-") as (loop, svc):
        a = svc.assistants.create("Assistant", model="gpt-4o-mini")
        for text in ("Lives in Berlin, works remotely for a design agency in Amsterdam",
                     "Prefers short answers with code first, explanation after"):
            svc.memory.add(a.id, text)
        # a chip of each entry kind (ChipKind): dream, agent + untrusted, paused
        svc.memory.add(a.id, "Wants the SQL before any explanation", origin="dream")
        svc.memory.add(a.id, "Reads the docs in Japanese", origin="agent", trusted=False)
        svc.memory.set_paused(a.id, 1, True)
        today = datetime.now(UTC).date()
        harness.store_day_cards(svc, a.id, [(today - timedelta(days=1), "Keeps answers under ten lines")])
        svc.dreams.set_schedule(a.id, "daily", "02:00", 0)

        async def scenario() -> None:
            window = await harness.shown_window(svc)
            window.activateWindow()
            await harness.until(lambda: QApplication.activeWindow() is window)
            window.memory_action.trigger()  # Ctrl+M
            page = window.dialogs["memory"]
            await harness.until(lambda: page.loads >= 1 and page.dream_panel.loads >= 1 and not page.runner.pending())
            await harness.until(lambda: QApplication.focusWidget() is page.filter_edit)
            form = page.dream_panel.schedule
            bar = page.body_scroll.verticalScrollBar()
            languages = (UiLanguage.ENGLISH, UiLanguage.CHINESE_SIMPLIFIED, UiLanguage.JAPANESE)
            async for theme, tag in harness.languages_sizes_themes(window, languages):
                name = f"enums54-{tag}"
                bar.setValue(0)
                page.filter_edit.setFocus(Qt.FocusReason.ShortcutFocusReason)
                await asyncio.sleep(0.4)
                shot(window, f"{name}-ctrl-m", theme)
                form.frequency_combo.setCurrentIndex(form.frequency_combo.findData(DreamFrequency.WEEKLY))
                await asyncio.sleep(0.3)
                page.body_scroll.ensureWidgetVisible(form.save_button, 0, 8)
                await asyncio.sleep(0.4)
                shot(window, f"{name}-unsaved", theme)
                form.cancel_changes()
            await harness.close_window(window)

        loop.run_until_complete(scenario())
    return shot.exit_code


if __name__ == "__main__":
    harness.run(main)
