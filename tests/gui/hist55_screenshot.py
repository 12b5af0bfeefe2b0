"""walk55 offscreen screenshots of Memory → History (a helper script, not a test), light
and dark theme, English and 简体中文 (``-zh``):

- ``history-edit[-zh]-<theme>.png``: "You edited entry #2" — one Changed row, old then new
  with the words marked (it read Added above Removed);
- ``history-pause[-zh]-<theme>.png``: "You paused entry #3" — a row of its own;
- ``history-accepted[-zh]-<theme>.png``: "You accepted the dream's card for 30 Nov 2026";
- ``revert-pause[-zh]-<theme>.png`` / ``revert-edit[-zh]-<theme>.png``: the Revert
  questions — "The entry is sent to the model again.", "1 entry of fixed memory goes back".

``python -m tests.gui.hist55_screenshot [OUT_DIR]``; each shot is audited (contrast,
clipping) and the exit code is 1 when an audit failed."""

from __future__ import annotations

import asyncio
from datetime import date
from pathlib import Path
from typing import Any

from tests.gui.memerr54_screenshot import _grab_modal_soon
from tests.gui.memlang54_screenshot import _chinese
from tests.gui.shot_harness import Shots, close_page, offscreen_services, run, until

ENTRIES = ("Name is Ana", "Lives in Lisbon, Portugal", "Plays the cello", "Drinks tea")
LONGER = "Lives in Lisbon, Portugal, near the Alfama district; walks everywhere and rarely drives"


def main(out_dir: Path) -> int:
    """Write the twenty PNG files into ``out_dir``; 1 when a design audit failed."""
    from PySide6.QtCore import QCoreApplication
    from PySide6.QtWidgets import QApplication

    from chathub_desktop.core.clock import utcnow
    from chathub_desktop.gui.design.theme import apply_theme
    from chathub_desktop.gui.memory.fixed_page import MemoryPage
    from chathub_desktop.storage.dream_rows import StoredProposal, add_proposal

    shot = Shots(out_dir, "{name}-{theme}")
    with offscreen_services("chathub-hist55-") as (loop, svc):
        def walk(theme: str, lang: str) -> int:
            a = svc.assistants.create(f"Walker {theme} {lang}").id
            for text in ENTRIES:
                svc.memory.add(a, text)
            svc.memory.edit(a, 2, LONGER)
            with svc.db.write() as s:
                pid = add_proposal(s, StoredProposal(0, a, date(2026, 11, 30), "- Wants answers as tables\n"
                                                     "- Short ones, with the code first", None, None, None, utcnow()))
            svc.dreams.review.accept(pid)
            svc.memory.set_paused(a, 3, True)
            return a

        async def history_of(a: int, theme: str) -> tuple[Any, Any]:
            apply_theme(QApplication.instance(), theme)  # type: ignore[arg-type]
            page = MemoryPage(svc, a)
            page.resize(1366, 740)
            page.show()
            await until(lambda: page.loads >= 1 and page.dream_panel.loads >= 1 and not page.runner.pending())
            history = page.open_history()
            await until(lambda: history.loads >= 1 and history.detail is not None)
            return page, history

        async def select(history: Any, row: int) -> None:
            history.list.setCurrentRow(row)
            want = history.changes[row].id
            await until(lambda: history.detail is not None and history.detail.change.id == want)
            await asyncio.sleep(0.3)

        async def shots(theme: str, lang: str) -> None:
            zh = _chinese() if lang == "zh" else None
            tail = "-zh" if zh is not None else ""
            page, history = await history_of(walk(theme, lang), theme)
            for row, name in ((2, "history-edit"), (0, "history-pause"), (1, "history-accepted")):
                await select(history, row)
                print(name + tail, theme, history.list.item(row).text(), "|", history.diff.toPlainText().splitlines()[-1])
                shot(page, name + tail, theme)
            for row, name in ((0, "revert-pause"), (2, "revert-edit")):
                await select(history, row)
                _grab_modal_soon(shot, name + tail, theme)
                history.revert_selected()
                await asyncio.sleep(1.5)
            history.closed.emit()
            if zh is not None:
                QCoreApplication.removeTranslator(zh)
            await close_page(page)

        async def scenario() -> None:
            for theme in ("light", "dark"):
                for lang in ("en", "zh"):
                    await shots(theme, lang)

        loop.run_until_complete(scenario())
    return shot.exit_code


if __name__ == "__main__":
    run(main)
