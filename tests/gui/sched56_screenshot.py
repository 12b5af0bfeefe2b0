"""Grabs the dream schedule form of walk55b #3 and the last-run line at 800 px (issue 30;
DRM-2, DRM-5) — a script, not a test.

    QT_QPA_PLATFORM=offscreen python -m tests.gui.sched56_screenshot [OUT_DIR]

A user in Berlin with a Weekly schedule stored whose latest run failed with a long
reason, in the window; for English and 日本語, at 1366×768 and 800×560, light then dark:
``sched56-<lang>-<W>x<H>-<theme>-off.png`` (Off chosen, not saved),
``…-daily.png`` (Daily chosen: the time in Berlin beside) and ``…-weekly.png`` (the
stored Weekly: the weekday, the last run said short with its reason behind Details) and
``…-details.png`` (its Details… dialog: the whole reason).
Each prints where Off / Daily / Weekly is (it never moves) and its design audit line, into
OUT_DIR (default ``/tmp/chathub-shots``); exit code 1 when an audit failed."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

from tests.fakes.assistant_age import existing_since
from tests.gui import shot_harness as harness

#: A reason as long as the model client gives (a provider's error body).
REASON = ("the History Compress model failed: HTTP 500: upstream exploded while reading the response body "
          "(request id 7f3a9c2e-51b4-4d0e-9a61-3c2b8e0f4d17); the provider said: The server had an error while "
          "processing your request. Sorry about that!")


def main(out_dir: Path) -> int:
    """Write the PNG files into ``out_dir``; 1 when a design audit failed."""
    from chathub_desktop.core.dream_schedule import DreamStatus, Schedule, latest_slot
    from chathub_desktop.core.ui_language import UiLanguage
    from chathub_desktop.storage.models import DreamRun

    shot = harness.Shots(out_dir)
    with harness.offscreen_services("chathub-sched56-") as (loop, svc):
        a = svc.assistants.create("Helper", model="gpt-4o-mini").id
        existing_since(svc, a)
        svc.memory.add(a, "Prefers short answers with code first, explanation after")
        now = datetime.now(UTC)
        stored = (now - timedelta(hours=2)).strftime("%H:%M")
        weekday = now.isoweekday() % 7  # today: its slot has passed
        svc.dreams.set_schedule(a, "weekly", stored, weekday)
        slot = latest_slot(Schedule("weekly", stored, weekday), now)
        assert slot is not None
        with svc.db.write() as s:  # this week's run failed; it is retried in an hour
            s.add(DreamRun(assistant_id=a, history_day=slot.history_day, period_stamp=slot.period_stamp,
                           scheduled=True, status=DreamStatus.FAILED.value, attempts=1, error=REASON,
                           started_at=slot.fire_at, finished_at=slot.fire_at + timedelta(seconds=40),
                           next_retry_at=(now + timedelta(hours=1)).replace(second=0, microsecond=0)))

        async def scenario() -> None:
            window = await harness.shown_window(svc)
            page = await harness.open_memory(window)
            panel = page.dream_panel
            await harness.until(lambda: not page.runner.pending())
            form = panel.schedule
            form.local_zone = (ZoneInfo("Europe/Berlin"), "Berlin")

            def where() -> tuple[int, int, int, int]:
                r = form.frequency_combo
                p = r.mapTo(page, r.rect().topLeft())
                return p.x(), p.y(), r.width(), r.height()

            async for theme, tag in harness.languages_sizes_themes(window, (UiLanguage.ENGLISH,
                                                                            UiLanguage.JAPANESE)):
                name = f"sched56-{tag}"
                form.cancel_changes()
                page.body_scroll.ensureWidgetVisible(form.last_run_label, 0, 120)
                await asyncio.sleep(0.4)
                for mode in ("off", "daily", "weekly"):
                    if mode == "weekly":
                        form.cancel_changes()  # the stored Weekly, its last run
                    else:
                        form.frequency_combo.setCurrentIndex(form.frequency_combo.findData(mode))
                    await asyncio.sleep(0.4)
                    print(name, mode, "mode at", where(), "last run", form.last_run_label.height(), "px:",
                          repr(form.last_run_label.text()[:80]))
                    shot(window, f"{name}-{mode}", theme)
                dialog = form.last_run_label.open_details()  # Details…: the whole reason
                assert dialog is not None
                await asyncio.sleep(0.3)
                shot(dialog, f"{name}-details", theme)
                dialog.close()
            form.cancel_changes()
            await harness.until(lambda: not page.runner.pending() and not page.busy)
            await harness.close_window(window)

        loop.run_until_complete(scenario())
    return shot.exit_code


if __name__ == "__main__":
    harness.run(main)
