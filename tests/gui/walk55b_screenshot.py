"""Grabs the two dialogs that list repeats (issue 30, walk55b), in both themes and, for
the paste, in 简体中文 — a script, not a test.

    QT_QPA_PLATFORM=offscreen python -m tests.gui.walk55b_screenshot [OUT_DIR]

Writes ``walk55b-{name}-{theme}.png`` into OUT_DIR, each with its audit line printed:
``paste`` / ``paste-zh`` (Import from another assistant: "Plays the viola" unticked as a
near repeat of "You play the viola." above, and a repeat of the paused entry #7 said
paused) and ``merge`` (a file's Merge: its lines repeating lines above named so and
counted apart from "already in memory").
"""

from __future__ import annotations

import asyncio
import tempfile
from pathlib import Path

from tests.gui import shot_harness as harness
from tests.gui.memlang54_screenshot import _chinese

THEMES = ("light", "dark")
ENTRIES = ["Likes tea", "Prefers metric units", "Lives in Lisbon, Portugal", "Works as a data engineer",
           "Prefers concise answers", "Walks to work", "Has a cat named Miso", "Reads science fiction",
           "Learns Japanese", "Bakes bread on Sundays"]
LINES = ["You play the viola.", "Plays the viola", "You drink oat milk.", "Drinks oat milk",
         "you play the viola.", "You have a cat named Miso."]


def main(out_dir: Path) -> int:
    """Write the six PNG files into ``out_dir``; 1 when a design audit failed."""
    from PySide6.QtCore import QCoreApplication
    from PySide6.QtWidgets import QApplication

    from chathub_desktop.gui.design.theme import apply_theme
    from chathub_desktop.gui.memory import change_preview
    from chathub_desktop.gui.memory.fixed_page import MemoryPage
    from chathub_desktop.gui.memory.memory_paste_dialog import PasteMemoryDialog

    out_dir.mkdir(parents=True, exist_ok=True)
    shot = harness.Shots(out_dir, "walk55b-{name}-{theme}")
    with harness.offscreen_services("chathub-walk55bshot-") as (loop, svc), tempfile.TemporaryDirectory() as folder:
        harness.english_when_no_locale()
        app = QApplication.instance()
        assert isinstance(app, QApplication)
        a = svc.assistants.create("Helper").id
        for text in ENTRIES:
            svc.memory.add(a, text)
        svc.memory.set_paused(a, 7, True)
        path = Path(folder) / "notes.md"
        path.write_text("".join(f"#{i}: {t}\n" for i, t in enumerate(LINES, 1)), encoding="utf-8")

        async def scenario(theme: str) -> None:
            apply_theme(app, theme)  # before the dialogs are made: their row tints are the theme's
            page = MemoryPage(svc, a)
            page.resize(1366, 740)
            page.show()
            await harness.until(lambda: page.loads >= 1)
            dlg = PasteMemoryDialog(svc, page.runner, a, page)
            dlg.show()
            await harness.until(lambda: dlg._fixed is not None)
            dlg.paste_edit.setPlainText("\n".join(LINES))
            await harness.until(lambda: len(dlg.fact_list.choice_items()) == 5)
            await asyncio.sleep(0.3)
            shot(dlg, "paste", theme)
            zh = _chinese()
            await asyncio.sleep(0.3)
            shot(dlg, "paste-zh", theme)
            QCoreApplication.removeTranslator(zh)
            dlg.reject()

            def ask(parent, title, heading, options, action, ticked=None):  # type: ignore[no-untyped-def]
                preview = change_preview.ChangePreviewDialog(parent, title, heading, options, action)
                preview.show()
                for _ in range(10):
                    QApplication.processEvents()
                shot(preview, "merge", theme)
                preview.close()
                return None  # Cancel: nothing is written

            change_preview.ask = ask
            assert page.transfer.import_from(path)
            await harness.until(lambda: not page.runner.pending())
            await asyncio.sleep(0.3)
            await harness.close_page(page)

        for theme in THEMES:
            harness.play(loop, lambda theme=theme: scenario(theme))
    return shot.exit_code


if __name__ == "__main__":
    harness.run(main)
