"""Grabs the dream schedule form of walk55b (issue 30; DRM-2, DRM-3, DRM-4, DRM-6) — a
script, not a test.

    QT_QPA_PLATFORM=offscreen python -m tests.gui.sched55b_screenshot [OUT_DIR]

A user in Berlin with the schedule Off, no messages, and a card for the day a catch-up
would read; for English and 简体中文, at 1366×768 and 800×560, light then dark:
``sched55b-<lang>-<W>x<H>-<theme>-off.png`` (stored Off; Ctrl+Shift+D pressed while Dream
now is greyed: nothing runs), ``…-daily.png`` (Daily at the time two hours ago typed: the
foot says Save dreams nothing, the day has a card; the local time beside, Off / Daily /
Weekly where it was) and ``…-weekly.png`` (Weekly on today's weekday: the same place).
Each with its design audit line, into OUT_DIR (default ``/tmp/chathub-shots``); exit
code 1 when an audit failed."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

from tests.fakes.assistant_age import existing_since
from tests.gui import shot_harness as harness


def main(out_dir: Path) -> int:
    """Write the PNG files into ``out_dir``; 1 when a design audit failed."""
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    from chathub_desktop.core.dream_schedule import Schedule, latest_slot
    from chathub_desktop.core.ui_language import UiLanguage

    shot = harness.Shots(out_dir)
    with harness.offscreen_services("chathub-sched55b-") as (loop, svc):
        a = svc.assistants.create("Helper", model="gpt-4o-mini").id
        existing_since(svc, a)
        svc.memory.add(a, "Prefers short answers with code first, explanation after")
        now = datetime.now(UTC)
        typed = (now - timedelta(hours=2)).strftime("%H:%M")  # today's slot has passed
        slot = latest_slot(Schedule("daily", typed), now)
        assert slot is not None
        harness.store_day_cards(svc, a, [(slot.history_day, "Wants answers in tables, code first")])

        async def scenario() -> None:
            window = await harness.shown_window(svc)
            page = window.pages.open_memory()
            assert page is not None
            panel = page.dream_panel
            await harness.until(lambda: page.loads >= 1 and panel.loads >= 1 and not page.runner.pending())
            form = panel.schedule
            form.local_zone = (ZoneInfo("Europe/Berlin"), "Berlin")
            async for theme, tag in harness.languages_sizes_themes(window, (UiLanguage.ENGLISH,
                                                                            UiLanguage.CHINESE_SIMPLIFIED)):
                name = f"sched55b-{tag}"
                form.cancel_changes()
                page.body_scroll.ensureWidgetVisible(panel.dream_now_button, 0, 200)
                QTest.keyClick(window, Qt.Key.Key_D, Qt.KeyboardModifier.ControlModifier
                               | Qt.KeyboardModifier.ShiftModifier)
                await asyncio.sleep(0.4)
                print(name, "dream now on:", panel.dream_now_button.isEnabled(), "running:", panel.runs.running,
                      "status shown:", panel.status_label.isVisible(), "x:", form.frequency_combo.x())
                shot(window, f"{name}-off", theme)
                form.frequency_combo.setCurrentIndex(form.frequency_combo.findData("daily"))
                form.time_edit.setText(typed)
                await harness.until(form.catch_up_label.isVisible)
                page.body_scroll.ensureWidgetVisible(form.catch_up_label, 0, 60)
                await asyncio.sleep(0.4)
                print(name, repr(form.catch_up_label.text()), "x:", form.frequency_combo.x())
                shot(window, f"{name}-daily", theme)
                form.frequency_combo.setCurrentIndex(form.frequency_combo.findData("weekly"))
                form.weekday_combo.setCurrentIndex(now.isoweekday() % 7)
                await asyncio.sleep(0.6)
                print(name, repr(form.catch_up_label.text()), "x:", form.frequency_combo.x())
                shot(window, f"{name}-weekly", theme)
            form.cancel_changes()
            await harness.until(lambda: not page.runner.pending() and not page.busy)
            await harness.close_window(window)

        loop.run_until_complete(scenario())
    return shot.exit_code


if __name__ == "__main__":
    harness.run(main)
