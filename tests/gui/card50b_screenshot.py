"""Grabs the Memory page states walk50b found wrong (issue 30) — a script, not a test.

    QT_QPA_PLATFORM=offscreen python -m tests.gui.card50b_screenshot [OUT_DIR]

In an 800×560 window, light and dark: ``card50b-<theme>-editor-open`` (a dream card
edited, " draft" typed: the page scrolled the editor whole into view, count line
included, #5), ``-draft-kept`` (then Tab: the editor stays open and unsaved, #3), ``card50b-<theme>-saved-ja`` (Enter saved it, then 日本語: the status line says
it in Japanese, #4). Each prints its design audit line.
"""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from tests.gui.shot_harness import audited, offscreen_services, run


def main(out_dir: Path) -> int:
    from PySide6.QtCore import QLocale, Qt
    from PySide6.QtGui import QKeyEvent
    from PySide6.QtWidgets import QApplication, QWidget

    from chathub_desktop.core import dynamic_memory as dm
    from chathub_desktop.core.ui_language import UiLanguage
    from chathub_desktop.gui.shell.main_window import MainWindow
    from chathub_desktop.storage.models import DynamicMemoryDocument, utcnow

    out_dir.mkdir(parents=True, exist_ok=True)
    failures = 0

    def shot(w: QWidget, name: str, theme: str) -> None:
        nonlocal failures
        QApplication.processEvents()
        w.grab().save(str(out_dir / f"card50b-{name}.png"))
        failures += not audited(w, name, theme)

    def key(widget: QWidget, k: Qt.Key) -> None:
        for kind in (QKeyEvent.Type.KeyPress, QKeyEvent.Type.KeyRelease):
            QApplication.sendEvent(widget, QKeyEvent(kind, k, Qt.KeyboardModifier.NoModifier))

    with offscreen_services("chathub-card50bshot-") as (loop, svc):
        if QLocale.system().language() == QLocale.Language.C:
            QLocale.setDefault(QLocale("en"))
        a = svc.assistants.create("Coder", model="gpt-4o-mini")
        for text in ("Prefers short answers with code first", "Works in Berlin (CET)"):
            svc.memory.add(a.id, text)
        today = datetime.now(UTC).date()
        cards: list[dm.Card] = []
        for k in (4, 3, 2):
            cards = dm.append_day_card(cards, today - timedelta(days=k), f"Asked about theme {k} in tables; "
                                       "wants the diff first and a short explanation after it")
        with svc.db.write() as s:
            s.merge(DynamicMemoryDocument(assistant_id=a.id, body=dm.render_document(cards), updated_at=utcnow()))

        async def open_page(w: MainWindow) -> Any:
            while w.pages.prepared is None:
                await asyncio.sleep(0.05)
            page = w.pages.open_memory()
            assert page is not None
            while page.loads < 1 or page.dream_panel.loads < 1 or page.dream_panel.model.rowCount() < 3:
                await asyncio.sleep(0.05)
            await asyncio.sleep(0.3)
            return page

        async def scenario() -> None:
            w = MainWindow(svc)
            w.resize(800, 560)
            w.show()
            await w.load_assistants()
            w.view.language.apply(UiLanguage.ENGLISH)
            page = await open_page(w)
            panel = page.dream_panel
            for theme in ("light", "dark"):
                w.view.language.apply(UiLanguage.ENGLISH)
                w.view.prefs.set_theme(theme)
                await asyncio.sleep(0.3)
                stored = svc.dreams.cards(a.id)[2].text
                editor = panel.card_actions.edit_card(3)
                assert editor is not None
                editor.insertPlainText(" draft")
                await asyncio.sleep(0.5)
                shot(w, f"{theme}-editor-open", theme)  # the page scrolled it whole into view (#5)
                key(editor, Qt.Key.Key_Tab)  # focus moves on: the draft stays, unsaved
                await asyncio.sleep(0.5)
                assert editor.isVisible() and svc.dreams.cards(a.id)[2].text == stored
                shot(w, f"{theme}-draft-kept", theme)
                editor.setFocus()
                key(editor, Qt.Key.Key_Return)
                while not panel.status_label.text().startswith("Saved the card for "):
                    await asyncio.sleep(0.05)
                w.view.language_actions[UiLanguage.JAPANESE].trigger()
                await asyncio.sleep(0.5)
                shot(w, f"{theme}-saved-ja", theme)
            w.view.language.apply(UiLanguage.SYSTEM)
            await w.shutdown()
            w.close()

        loop.run_until_complete(scenario())
    return 1 if failures else 0


if __name__ == "__main__":
    run(main)
