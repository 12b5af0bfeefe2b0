"""rep55 offscreen screenshots (a helper script, not a test), light and dark theme, in
English and in 简体中文 (``-zh``):

- ``paste-<lang>-<theme>.png``: Import from another assistant… with a pasted answer whose
  facts nearly repeat an entry ("You have a cat named Miso." beside "Has a cat named
  Miso"), are covered by one, repeat one word for word, or are new — listed as the Merge
  lists a file's entries (walk55 #1–#3);
- ``paste-none-<lang>-<theme>.png``: the same with every fact unticked: Add is off and
  says why (walk55 #4);
- ``merge-<lang>-<theme>.png``: Import's Merge of a file with the same kinds of entries —
  the summary says what the file's entries are, the title counts the ticks (walk55 #4, #5);
- ``merge-none-<lang>-<theme>.png``: the same with nothing ticked: Import is off and says why.

``python -m tests.gui.rep55_screenshot [OUT_DIR]``; each shot is audited (contrast,
clipping) and the exit code is 1 when an audit failed."""

from __future__ import annotations

import asyncio
import tempfile
from pathlib import Path
from typing import Any

from tests.gui.memlang54_screenshot import _chinese
from tests.gui.shot_harness import (
    Shots,
    close_page,
    english_when_no_locale,
    offscreen_services,
    run,
    until,
)

ENTRIES = ("Prefers metric units", "Lives in Lisbon, Portugal, near the Alfama district", "Has a cat named Miso",
           "Plays the viola")
PASTE = ("Here's what I remember about you:\n\n- You prefer metric units.\n- You live in Lisbon.\n"
         "- You have a cat named Miso.\n- Plays the viola\n- You play the viola on weekends.\n"
         "- You like concise answers.\n")
FILE = ("- You prefer metric units\n- Lives in Lisbon.\n- Has a cat named Miso\n- Plays the viola\n"
        "- Likes concise answers\n")


def main(out_dir: Path) -> int:
    """Write the sixteen PNG files into ``out_dir``; 1 when a design audit failed."""
    from PySide6.QtCore import QCoreApplication, Qt
    from PySide6.QtWidgets import QApplication

    from chathub_desktop.gui.design.theme import apply_theme
    from chathub_desktop.gui.memory import change_preview
    from chathub_desktop.gui.memory.fixed_page import MemoryPage

    english_when_no_locale()
    shot = Shots(out_dir, "{name}-{theme}")
    with offscreen_services("chathub-rep55-") as (loop, svc), tempfile.TemporaryDirectory() as folder:
        file = Path(folder) / "claude-memory.md"
        file.write_text(FILE, encoding="utf-8")

        async def scene(theme: str, lang: str) -> None:
            apply_theme(QApplication.instance(), theme)  # type: ignore[arg-type]
            zh = _chinese() if lang == "zh" else None
            a = svc.assistants.create(f"Helper {theme} {lang}").id
            for text in ENTRIES:
                svc.memory.add(a, text)
            page = MemoryPage(svc, a)
            page.resize(1366, 740)
            page.show()
            await until(lambda: page.loads >= 1 and page.dream_panel.loads >= 1 and not page.runner.pending())
            dlg = page.transfer.open_paste_import()
            await until(lambda: dlg._fixed is not None)
            dlg.paste_edit.setPlainText(PASTE)
            await until(lambda: len(dlg.fact_list.choice_items()) == 6)
            await asyncio.sleep(0.4)
            print("paste", lang, theme, [it.text(0) for it in dlg.fact_list.choice_items()])
            shot(dlg, f"paste-{lang}", theme)
            for it in dlg.fact_list.choice_items():
                if it.flags() & Qt.ItemFlag.ItemIsEnabled:
                    it.setCheckState(0, Qt.CheckState.Unchecked)
            await asyncio.sleep(0.2)
            shot(dlg, f"paste-none-{lang}", theme)
            dlg.reject()
            shown = asyncio.get_event_loop().create_future()

            def ask(parent: Any, title: Any, heading: Any, options: Any, action: Any, ticked: Any = None) -> None:
                d = change_preview.ChangePreviewDialog(parent, title, heading, options, action)
                d.show()
                QApplication.processEvents()
                d.resize(d.size())  # the rows wrap at the shown width
                for _ in range(3):
                    QApplication.processEvents()
                print("merge", lang, theme, d.summary.text().splitlines(), d.tree.topLevelItem(0).text(0))
                shot(d, f"merge-{lang}", theme)
                for it in d.choice_items():
                    it.setCheckState(0, Qt.CheckState.Unchecked)
                QApplication.processEvents()
                shot(d, f"merge-none-{lang}", theme)
                d.reject()
                shown.set_result(True)
                return None

            change_preview.ask = ask  # type: ignore[assignment]
            page.transfer.import_from(file)
            await asyncio.wait_for(shown, 20)
            await until(lambda: not page.ops.busy and not page.runner.pending())
            if zh is not None:
                QCoreApplication.removeTranslator(zh)
            await close_page(page)

        async def scenario() -> None:
            for lang in ("en", "zh"):
                for theme in ("light", "dark"):
                    await scene(theme, lang)

        loop.run_until_complete(scenario())
    return shot.exit_code


if __name__ == "__main__":
    run(main)
