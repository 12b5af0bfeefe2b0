"""Grabs the dream schedule's times said one way (walk55; issue 30, DRM-2, DRM-5) — a
script, not a test.

    QT_QPA_PLATFORM=offscreen python -m tests.gui.time55_screenshot [OUT_DIR]

A user in Berlin with a Daily schedule stored (two hours before now, UTC) whose run today
failed, in the window;
for English, 简体中文 and 日本語, at 1366×768 and 800×560, light then dark:
``time55-<lang>-<W>x<H>-<theme>-lastrun.png`` (the schedule row: the next dream, the last
run and its retry in the user's time with UTC beside), ``…-catchup.png`` (Weekly on
today's weekday typed, not saved: the catch-up notice at the card's foot) and
``…-saved.png`` (the time moved 15 minutes and saved: "Saved: Daily at 19:45 UTC — 20:45 in
Berlin · keep 14 cards").
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
    from chathub_desktop.core.dream_schedule import DreamStatus, Schedule, latest_slot
    from chathub_desktop.core.ui_language import UiLanguage
    from chathub_desktop.storage.models import DreamRun

    shot = harness.Shots(out_dir)
    with harness.offscreen_services("chathub-time55-") as (loop, svc):
        a = svc.assistants.create("Helper", model="gpt-4o-mini").id
        existing_since(svc, a)
        for text in ("Lives in Berlin, works remotely for a design agency in Amsterdam",
                     "Prefers short answers with code first, explanation after"):
            svc.memory.add(a, text)
        now = datetime.now(UTC)
        stored = (now - timedelta(hours=2)).strftime("%H:%M")  # today's slot has passed
        svc.dreams.set_schedule(a, "daily", stored, 0)
        slot = latest_slot(Schedule("daily", stored), now)
        assert slot is not None
        with svc.db.write() as s:  # today's run failed; it is retried in an hour
            s.add(DreamRun(assistant_id=a, history_day=slot.history_day, period_stamp=slot.period_stamp,
                           scheduled=True, status=DreamStatus.FAILED.value, attempts=1,
                           error="the History Compress model failed: HTTP 500: upstream exploded",
                           started_at=slot.fire_at, finished_at=slot.fire_at + timedelta(seconds=40),
                           next_retry_at=(now + timedelta(hours=1)).replace(second=0, microsecond=0)))

        async def scenario() -> None:
            window = await harness.shown_window(svc)
            page = await harness.open_memory(window)
            panel = page.dream_panel
            await harness.until(lambda: not page.runner.pending())
            form = panel.schedule
            form.local_zone = (ZoneInfo("Europe/Berlin"), "Berlin")
            languages = (UiLanguage.ENGLISH, UiLanguage.CHINESE_SIMPLIFIED, UiLanguage.JAPANESE)
            async for theme, tag in harness.languages_sizes_themes(window, languages):
                name = f"time55-{tag}"
                await harness.until(form.saved_label.isHidden)  # the last round's "Saved: …" has gone
                svc.dreams.set_schedule(a, "daily", stored, 0)
                loads = panel.loads
                panel.schedule_reload()
                await harness.until(lambda n=loads: panel.loads > n and not page.runner.pending())
                form.cancel_changes()
                page.body_scroll.ensureWidgetVisible(form.last_run_label, 0, 160)
                await asyncio.sleep(0.4)
                print(name, repr(form.next_label.text()), repr(form.last_run_label.text()))
                shot(window, f"{name}-lastrun", theme)
                form.frequency_combo.setCurrentIndex(form.frequency_combo.findData("weekly"))
                form.weekday_combo.setCurrentIndex(now.isoweekday() % 7)  # today: its slot has passed, no run
                await harness.until(form.catch_up_label.isVisible)
                page.body_scroll.ensureWidgetVisible(form.catch_up_label, 0, 60)
                await asyncio.sleep(0.4)
                print(name, repr(form.catch_up_label.text()))
                shot(window, f"{name}-catchup", theme)
                form.cancel_changes()
                form.time_edit.setText((now - timedelta(hours=2, minutes=-15)).strftime("%H:%M"))
                form.save_button.click()
                await harness.until(form.saved_label.isVisible)
                page.body_scroll.ensureWidgetVisible(form.saved_label, 0, 60)
                await asyncio.sleep(0.4)
                print(name, repr(form.saved_label.text()))
                shot(window, f"{name}-saved", theme)
                await harness.until(lambda: not page.runner.pending() and not page.busy)
            await harness.close_window(window)

        loop.run_until_complete(scenario())
    return shot.exit_code


if __name__ == "__main__":
    harness.run(main)
