"""Grabs Edit on a dream proposal and Dream now's preview over a fold (issue 30, audit53 #5
and #9), in both themes — a script, not a test.

    QT_QPA_PLATFORM=offscreen python -m tests.gui.memgaps53_screenshot [OUT_DIR]

Writes ``memgaps53-{name}-{theme}.png`` into OUT_DIR, each with its audit line printed:
``fold-preview`` (Dream now's preview: the range card's pane with its span and count
against 6,400 beside the new card's against 3,200), ``proposal-edit`` (the Proposals tab,
the selected proposal's text open in place with its count) and ``proposal-too-long`` (the
same editor over 3,200 characters: the count in the error tone).
"""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from datetime import time as dtime
from pathlib import Path

from chathub_desktop.core.messages import Role
from tests.gui import shot_harness as harness

THEMES = ("light", "dark")


def main(out_dir: Path) -> int:
    from PySide6.QtWidgets import QApplication

    from chathub_desktop.gui.design.theme import apply_theme
    from chathub_desktop.gui.memory import change_preview
    from chathub_desktop.gui.memory.fixed_page import MemoryPage
    from tests.fakes.vendor_server import FakeVendor, Reply

    out_dir.mkdir(parents=True, exist_ok=True)
    shot = harness.Shots(out_dir, "memgaps53-{name}-{theme}")
    with harness.offscreen_services("chathub-memgaps53shot-") as (loop, svc):
        harness.english_when_no_locale()
        app = QApplication.instance()
        assert isinstance(app, QApplication)
        today = datetime.now(UTC).date()
        days = [today - timedelta(days=k) for k in (4, 3, 2)]
        with FakeVendor() as vendor:
            svc.providers.add("Summ", "openai", vendor.base_url, api_key="sk-summ")
            svc.settings.set("history-compress-model", "Summ/gpt-5-mini")
            a = svc.assistants.create("Coder", provider="Summ", model="gpt-4o")
            topic = svc.topics.create(a.id, title="Release notes").id
            for d, text in zip(days, ("Write the changelog as a table", "Give me the SQL first",
                                      "Keep answers under ten lines"), strict=True):
                svc.chat.append_row(topic, role=Role.USER, content=text,
                                    created_at=datetime.combine(d, dtime(12, tzinfo=UTC)))

            def shoot_both(widget, name: str) -> None:  # type: ignore[no-untyped-def]
                for theme in THEMES:
                    apply_theme(app, theme)
                    for _ in range(10):
                        QApplication.processEvents()
                    shot(widget, name, theme)
                apply_theme(app, "light")

            async def scenario() -> None:
                vendor.script(Reply(text_chunks=["- Likes changelogs as tables\n- Wants the version in every heading"]))
                await svc.dreams.run_day(a.id, days[0])
                svc.dreams.set_keep(a.id, 1)
                apply_theme(app, "light")
                page = MemoryPage(svc, a.id)
                page.resize(1000, 768)
                page.show()
                await harness.until(lambda: page.loads >= 1 and page.dream_panel.loads >= 1)

                def ask(parent, title, heading, options, action):  # type: ignore[no-untyped-def]
                    dlg = change_preview.ChangePreviewDialog(parent, title, heading, options, action)
                    dlg.show()
                    shoot_both(dlg, "fold-preview")
                    dlg.close()
                    return None  # Cancel: nothing is written

                change_preview.ask = ask
                vendor.script(Reply(text_chunks=["- Wants the SQL before any explanation\n- Reads diffs, not prose"]),
                              Reply(text_chunks=["Likes changelogs as tables with the version in every heading. "
                                                 "Release notes go out on Fridays."]))
                picker = page.dream_panel.day_picker
                await harness.until(lambda: days[1] in [picker.itemData(i) for i in range(picker.count())])
                picker.setCurrentIndex([picker.itemData(i) for i in range(picker.count())].index(days[1]))
                page.dream_panel.runs.dream_now()
                await harness.until(lambda: not page.dream_panel.runs.dreaming)
                svc.dreams.review.set_enabled(a.id, True)
                vendor.script(Reply(text_chunks=["- Keeps answers under ten lines\n- Likes a table per release"]),
                              Reply(text_chunks=["Condensed: changelogs as tables"]))
                await svc.dreams.run_day(a.id, days[2])
                section = page.dream_panel.show_proposals()
                await harness.until(lambda: section.list.count() == 1)
                await asyncio.sleep(0.3)
                section.list.setFocus()
                section.edit_current()
                section.editor.insertPlainText("\n- Wants the release date in the title")
                await asyncio.sleep(0.3)
                shoot_both(page, "proposal-edit")
                section.editor.set_text("A long card. " * 250)
                await asyncio.sleep(0.2)
                shoot_both(page, "proposal-too-long")
                section.cancel_edit()
                page.detach()
                page.close()
                await page.runner.shutdown()

            harness.play(loop, scenario)
        return shot.exit_code


if __name__ == "__main__":
    harness.run(main)
