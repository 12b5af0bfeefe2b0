"""Grabs Dream now's preview and the Memory page's Proposals tab (issues 18, 19, 15) — a
script, not a test.

    QT_QPA_PLATFORM=offscreen python -m tests.gui.dream_review_screenshot [OUT_DIR]

Writes ``screenshot-dream-preview.png`` (Dream now's preview: the drafted card and the
fold of an older card into a range card, before anything is written) and
``screenshot-proposals.png`` (the Memory page with an entry imported from Claude — its
"from Claude" chip — and two dream proposals in the Proposals tab, the count on the tab)
into OUT_DIR (default ``docs``). The History Compress model is the scripted fake vendor.
"""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from datetime import time as dtime
from pathlib import Path

from chathub_desktop.core.messages import Role
from tests.gui.shot_harness import REPO, offscreen_services, play, run


def main(out_dir: Path) -> int:
    from PySide6.QtWidgets import QApplication, QScrollArea

    from chathub_desktop.gui.design.theme import apply_theme
    from chathub_desktop.gui.memory import change_preview
    from chathub_desktop.gui.memory.fixed_page import MemoryPage
    from tests.fakes.vendor_server import FakeVendor, Reply

    out_dir.mkdir(parents=True, exist_ok=True)
    with offscreen_services("chathub-dreamshot-") as (loop, svc):
        app = QApplication.instance()
        assert isinstance(app, QApplication)
        apply_theme(app, "light")  # the design system's look, as the window applies it (issue 29)
        today = datetime.now(UTC).date()
        days = [today - timedelta(days=k) for k in (4, 3, 2, 1)]
        with FakeVendor() as vendor:
            svc.providers.add("Summ", "openai", vendor.base_url, api_key="sk-summ")
            svc.settings.set("history-compress-model", "Summ/gpt-5-mini")
            a = svc.assistants.create("Coder", provider="Summ", model="gpt-4o")
            svc.memory.add(a.id, "Prefers short answers with code first, explanation after")
            svc.memory.add_many(a.id, ["Works as a night-shift nurse in Lisbon", "Is learning Japanese"],
                                source="Claude", file="data-2026-11-30.zip")
            topic = svc.topics.create(a.id, title="Release notes").id
            for d, text in zip(days, ("Write the changelog as a table", "Give me the SQL first",
                                      "Keep answers under ten lines", "Bullet points, no prose"), strict=True):
                svc.chat.append_row(topic, role=Role.USER, content=text, created_at=datetime.combine(d, dtime(12, tzinfo=UTC)))

            async def dream(day, *chunks: str) -> None:  # type: ignore[no-untyped-def]
                vendor.script(*(Reply(text_chunks=[c]) for c in chunks))
                await svc.dreams.run_day(a.id, day)

            async def scenario() -> None:
                await dream(days[0], "- Likes changelogs as tables\n- Wants the version in every heading")
                svc.dreams.set_keep(a.id, 1)
                page = MemoryPage(svc, a.id)
                page.resize(820, 900)
                page.show()
                while page.loads < 1 or page.dream_panel.loads < 1:
                    await asyncio.sleep(0.05)

                def ask(parent, title, heading, options, action):  # type: ignore[no-untyped-def]
                    dlg = change_preview.ChangePreviewDialog(parent, title, heading, options, action)
                    dlg.show()
                    for _ in range(10):
                        QApplication.processEvents()
                    dlg.grab().save(str(out_dir / "screenshot-dream-preview.png"))
                    dlg.close()
                    return None  # Cancel: nothing is written

                change_preview.ask = ask
                vendor.script(Reply(text_chunks=["- Wants the SQL before any explanation\n- Reads diffs, not prose"]),
                              Reply(text_chunks=["Likes changelogs as tables with the version in every heading"]))
                picker = page.dream_panel.day_picker
                while days[1] not in [picker.itemData(i) for i in range(picker.count())]:
                    await asyncio.sleep(0.05)  # the active days load after the cards
                picker.setCurrentIndex([picker.itemData(i) for i in range(picker.count())].index(days[1]))
                page.dream_panel.runs.dream_now()
                while page.dream_panel.runs.dreaming:
                    await asyncio.sleep(0.05)
                svc.dreams.review.set_enabled(a.id, True)
                await dream(days[2], "- Keeps answers under ten lines", "Condensed: changelogs as tables")
                await dream(days[3], "- Bullet points, no prose\n- Short intros only", "Condensed again")
                section = page.dream_panel.show_proposals()
                while section.list.count() < 2:
                    await asyncio.sleep(0.05)
                page.select_number(2)
                await asyncio.sleep(0.3)
                for area in page.findChildren(QScrollArea):  # the page's foot: Accept / Edit / Discard whole
                    area.verticalScrollBar().setValue(area.verticalScrollBar().maximum())
                await asyncio.sleep(0.1)
                page.grab().save(str(out_dir / "screenshot-proposals.png"))
                page.detach()
                page.close()
                await page.runner.shutdown()

            play(loop, scenario)
        print(out_dir / "screenshot-dream-preview.png")
        print(out_dir / "screenshot-proposals.png")
        return 0


if __name__ == "__main__":
    run(main, REPO / "docs")
