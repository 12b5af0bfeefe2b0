"""Screenshots of a card edited while the memory changes elsewhere (issue 30, walk57 #2 and
#7), light and dark, 1366×768 and 800×560: the newer text said in the open editor above
the draft, an entry deleted elsewhere (in the editor, then offered in the Add editor after
a refused Enter), a dream card changed elsewhere, the raw editor with Save off, and the
raw editor after Reload with the user's text beside the newer memory. The other writer is
a second ``Services`` on the same store (another process), heard by the store watcher.

Run: ``python -m tests.gui.stale57_screenshot OUT_DIR`` (default /tmp/stale57)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from tests.gui import shot_harness as harness

ENTRIES = [
    "Prefers metric units",
    "Uses Python 3.11 and PySide6; dislikes global state",
    "Has a cat named Miso",
    "Writes commit messages in English even when chatting in Portuguese, and wants every suggested commit "
    "message to follow the Conventional Commits format with a body that explains why rather than what",
    "NEVER USE EMOJI IN ANSWERS",
    "喜欢用简体中文讨论技术问题，但代码注释用英文",
    "Allergic to peanuts",
    "Runs a 10 km loop along the Tagus on Sunday mornings",
    "Bakes sourdough bread; the starter is called Bartholomew",
    "Prefers pytest over unittest, with fixtures in conftest.py",
]
SIZES = ((1366, 768), (800, 560))


async def until(ready: Any, limit: float = 20.0) -> None:
    """:func:`harness.until`, failing after ``limit`` seconds (a state that never came)."""
    await asyncio.wait_for(harness.until(ready), limit)


def seed(svc: Any) -> int:
    aid = svc.assistants.create("Helper", model="gpt-4o-mini").id
    svc.topics.create(aid, title="Chat")
    svc.memory.save_raw(aid, "".join(f"#{i}: {t}\n" for i, t in enumerate(ENTRIES, 1)))
    return aid


def reseed(svc: Any, aid: int) -> None:
    from chathub_desktop.core import dynamic_memory as dm
    from chathub_desktop.storage.models import DynamicMemoryDocument, utcnow

    svc.memory.save_raw(aid, "".join(f"#{i}: {t}\n" for i, t in enumerate(ENTRIES, 1)))
    cards: list[Any] = []
    from datetime import date

    for d in (date(2026, 11, 28), date(2026, 11, 29), date(2026, 11, 30)):
        cards = dm.append_day_card(cards, d, f"Asked about theme {d.day}: prefers tables and short intros")
    with svc.db.write() as s:
        s.merge(DynamicMemoryDocument(assistant_id=aid, body=dm.render_document(cards), updated_at=utcnow()))


async def scene(out: Path, svc: Any, aid: int, size: tuple[int, int], theme: str) -> None:
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    from chathub_desktop.gui.memory.card_editor import CardTextEdit
    from chathub_desktop.services.container import open_services

    reseed(svc, aid)
    tag = f"{size[0]}x{size[1]}-{theme}"
    w = await harness.window_in_theme(svc, size, theme)
    page = await harness.open_memory(w)
    await until(lambda: page.steps.done and not w.runner.pending())
    await asyncio.sleep(0.6)

    def shot(name: str) -> None:
        w.grab().save(str(out / f"{tag}-{name}.png"))
        harness.audited(w, f"{tag}-{name}", theme)

    def editor() -> Any:
        return next((e for e in page.list.findChildren(CardTextEdit, "memoryCardEditor") if e.isVisible()), None)

    other = open_services(svc.database_url)
    try:
        # 1 the CLI rewrites #4 while it is edited: said at once in the editor
        page.select_number(4)
        page.entry_actions.edit_current()
        await asyncio.sleep(0.4)
        ed = editor()
        QTest.keyClicks(ed, " (typed in the window)")
        other.memory.edit(aid, 4, "CLI rewrote this entry from a terminal")
        await until(lambda: ed.notice.isVisible())
        await asyncio.sleep(0.6)
        shot("01-entry-changed-live")
        QTest.keyClick(ed, Qt.Key.Key_Escape)  # Use theirs
        await until(lambda: editor() is None and not w.runner.pending())
        await asyncio.sleep(0.8)
        shot("02-used-theirs")
        # 2 deleted while edited
        page.select_number(3)
        page.entry_actions.edit_current()
        await asyncio.sleep(0.4)
        ed = editor()
        ed.insertPlainText(" and a dog named Pão")
        other.memory.delete(aid, 3)
        await until(lambda: ed.notice.isVisible())
        await asyncio.sleep(0.6)
        shot("03-entry-deleted-live")
        QTest.keyClick(ed, Qt.Key.Key_Escape)
        await until(lambda: editor() is None and not w.runner.pending())
        await asyncio.sleep(0.6)
        # 3 refused Enter (the watcher did not hear it yet): the draft offered in the Add editor
        svc.watcher.stop()
        page.select_number(2)
        page.entry_actions.edit_current()
        await asyncio.sleep(0.4)
        ed = editor()
        QTest.keyClicks(ed, " (mine)")
        other.memory.delete(aid, 2)
        QTest.keyClick(ed, Qt.Key.Key_Return)
        add = None

        def offered() -> bool:
            nonlocal add
            add = page.entry_actions.add_editor_if_made
            return add is not None and add.isVisible() and add.notice.isVisible()

        await until(offered)
        await asyncio.sleep(0.8)
        shot("04-deleted-add-offer")
        QTest.keyClick(add, Qt.Key.Key_Escape)
        svc.watcher.start()
        await until(lambda: not w.runner.pending())
        await asyncio.sleep(0.5)
        # 4 a dream card rewritten elsewhere while edited
        panel = page.dream_panel
        ced = panel.card_actions.edit_card(2)
        await asyncio.sleep(0.4)
        QTest.keyClicks(ced, " (window)")
        other.dreams.edit_card(aid, 2, "The CLI rewrote this card: prefers answers with a table first.")
        await until(lambda: ced.notice.isVisible())
        await asyncio.sleep(0.8)
        shot("05-card-changed-live")
        QTest.keyClick(ced, Qt.Key.Key_Escape)
        await until(lambda: not w.runner.pending())
        await asyncio.sleep(0.5)
        # 5 the raw editor: Save off while changed elsewhere; Reload keeps the text beside
        page.raw_button.click()
        await until(lambda: page.raw.is_open)
        await asyncio.sleep(0.6)
        raw = page.raw
        raw.raw_edit.moveCursor(raw.raw_edit.textCursor().MoveOperation.End)
        raw.raw_edit.insertPlainText("#99: typed in the raw editor\n")
        other.memory.add(aid, "Added from a terminal while the raw editor is open")
        await until(lambda: raw.raw_notice.isVisible())
        await asyncio.sleep(0.8)
        shot("06-raw-stale-save-off")
        raw.raw_reload_button.click()
        await until(lambda: raw.aside.text is not None and not w.runner.pending())
        await asyncio.sleep(0.8)
        shot("07-raw-reloaded-your-text")
        raw.cancel_raw()
        await asyncio.sleep(0.4)
    finally:
        other.close()
    await harness.dispose_window(w)


def main(out: Path) -> int:
    with harness.offscreen_services("chathub-stale57-") as (loop, svc):
        harness.english_when_no_locale()
        aid = seed(svc)
        for size in SIZES:
            for theme in ("light", "dark"):
                harness.play(loop, lambda size=size, theme=theme: scene(out, svc, aid, size, theme))
    return 0


if __name__ == "__main__":
    harness.run(main, Path("/tmp/stale57"))
