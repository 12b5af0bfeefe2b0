"""Grabs the Memory page states walk50 found wrong (issue 30) — a script, not a test.

    QT_QPA_PLATFORM=offscreen python -m tests.gui.card50_screenshot [OUT_DIR]

In the window (1366×768), English light and dark, then 日本語 dark: ``card50-<lang>-<theme>-empty``
(no card yet, three imported past days waiting: the list points at the chooser, #7),
``-dream-edit`` (a 2,400-character dream card just opened for editing: the caret at the
end, nothing selected, the editor covering the row, #1), ``-dream-typed`` (after typing
" Z": appended) and ``-fixed-edit`` (a fixed-memory card edited in place). The ja shots
are taken with the editor left open across the theme and language switch. Every date on
them is in the one medium style (#6). Each prints its design audit line.
"""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

from tests.gui.shot_harness import audited, offscreen_services, run

LONG = ("The user works in short loops: a question, a small code change, a test run, then the next question. "
        "They want the diff first and the explanation after it, in a few plain sentences. ") * 13


def main(out_dir: Path) -> int:
    from PySide6.QtCore import QLocale
    from PySide6.QtWidgets import QApplication, QWidget

    from chathub_desktop.core import dynamic_memory as dm
    from chathub_desktop.core.messages import Role
    from chathub_desktop.core.ui_language import UiLanguage
    from chathub_desktop.gui.shell.main_window import MainWindow
    from chathub_desktop.storage.models import DynamicMemoryDocument, utcnow

    out_dir.mkdir(parents=True, exist_ok=True)
    failures = 0

    def shot(w: QWidget, name: str, theme: str) -> None:
        nonlocal failures
        QApplication.processEvents()
        w.grab().save(str(out_dir / f"card50-{name}.png"))
        failures += not audited(w, name, theme)

    with offscreen_services("chathub-card50shot-") as (loop, svc):
        if QLocale.system().language() == QLocale.Language.C:
            QLocale.setDefault(QLocale("en"))
        a = svc.assistants.create("Coder", model="gpt-4o-mini")
        svc.dreams.set_schedule(a.id, "daily", "02:00")
        for text in ("Prefers short answers with code first", "Works in Berlin (CET)"):
            svc.memory.add(a.id, text)
        for when, title in ((datetime(2024, 5, 1, 9, tzinfo=UTC), "Trip"), (datetime(2024, 1, 7, 9, tzinfo=UTC), "Cello"),
                            (datetime(2023, 11, 20, 9, tzinfo=UTC), "Taxes")):  # imported days
            topic = svc.topics.create(a.id, title).id
            svc.chat.append_row(topic, role=Role.USER, content=f"About {title}", created_at=when)
            svc.chat.append_row(topic, role=Role.ASSISTANT, content="Sure.", created_at=when + timedelta(minutes=1))

        async def open_page(w: MainWindow) -> Any:
            while w.pages.prepared is None:
                await asyncio.sleep(0.05)
            page = w.pages.open_memory()
            assert page is not None
            while page.loads < 1 or page.dream_panel.loads < 1 or not page.dream_panel.day_picker.isEnabled():
                await asyncio.sleep(0.05)
            await asyncio.sleep(0.3)
            return page

        async def edit_states(w: MainWindow, page: Any, prefix: str, theme: str) -> None:
            panel = page.dream_panel
            bar = page.body_scroll.verticalScrollBar()
            editor = panel.card_actions.edit_card(1)
            bar.setValue(bar.maximum())
            await asyncio.sleep(0.4)
            shot(w, f"{prefix}-dream-edit", theme)
            editor.insertPlainText(" Z")  # as typed at the caret
            await asyncio.sleep(0.3)
            shot(w, f"{prefix}-dream-typed", theme)
            panel.card_actions.close_editor()
            bar.setValue(0)
            page.select_number(1)
            page.entry_actions.edit_current()
            await asyncio.sleep(0.3)
            shot(w, f"{prefix}-fixed-edit", theme)
            page.list.setFocus()

        async def scenario() -> None:
            w = MainWindow(svc)
            w.resize(1366, 768)
            w.show()
            await w.load_assistants()
            w.view.language.apply(UiLanguage.ENGLISH)
            page = await open_page(w)
            page.dream_panel.schedule.local_zone = (ZoneInfo("Europe/Berlin"), "Berlin")  # the user's time beside UTC
            n = page.dream_panel.loads
            page.dream_panel.schedule_reload()
            while page.dream_panel.loads <= n:
                await asyncio.sleep(0.05)
            for theme in ("light", "dark"):
                w.view.prefs.set_theme(theme)
                await asyncio.sleep(0.4)
                shot(w, f"en-{theme}-empty", theme)
            # a long dream card (the walk's was 2,452 characters), then the edit states
            today = datetime.now(UTC).date()
            cards = dm.append_day_card([], today - timedelta(days=3), LONG[:2400])
            with svc.db.write() as s:
                s.merge(DynamicMemoryDocument(assistant_id=a.id, body=dm.render_document(cards), updated_at=utcnow()))
            n = page.dream_panel.loads
            page.dream_panel.schedule_reload()
            while page.dream_panel.loads <= n or page.dream_panel.model.rowCount() < 1:
                await asyncio.sleep(0.05)
            for theme in ("light", "dark"):
                w.view.prefs.set_theme(theme)
                await asyncio.sleep(0.3)
                await edit_states(w, page, f"en-{theme}", theme)
            # the editor left open while the user switches language and theme (walk50 #1)
            w.view.prefs.set_theme("light")
            editor = page.dream_panel.card_actions.edit_card(1)
            bar = page.body_scroll.verticalScrollBar()
            bar.setValue(bar.maximum())
            await asyncio.sleep(0.3)
            w.view.language_actions[UiLanguage.JAPANESE].trigger()
            w.view.prefs.set_theme("dark")
            await asyncio.sleep(0.6)
            assert editor.textCursor().atEnd() and not editor.textCursor().hasSelection()
            shot(w, "ja-dark-dream-edit-kept", "dark")
            page.dream_panel.card_actions.close_editor()
            with svc.db.write() as s:
                s.merge(DynamicMemoryDocument(assistant_id=a.id, body="", updated_at=utcnow()))
            n = page.dream_panel.loads
            page.dream_panel.schedule_reload()
            while page.dream_panel.loads <= n or page.dream_panel.model.rowCount():
                await asyncio.sleep(0.05)
            bar.setValue(0)
            await asyncio.sleep(0.4)
            shot(w, "ja-dark-empty", "dark")
            w.view.language.apply(UiLanguage.SYSTEM)
            await w.shutdown()
            w.close()

        loop.run_until_complete(scenario())
    return 1 if failures else 0


if __name__ == "__main__":
    run(main)
