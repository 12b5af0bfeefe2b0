"""Screenshots of the Search page finding the versions not in view and marking the
memory tab's by-meaning entries (issue 29/30, walk52 #1 and #2); a script, not a test.

    QT_QPA_PLATFORM=offscreen python -m tests.gui.search52_screenshot [OUT_DIR]

walk52's steps in the store (three turns, turn 2 edited and resent), then for the light
and the dark theme: ``search52-1-version-<theme>.png`` ("generator expression": the old
turn tagged "on another version · 1 / 2"), ``search52-2-opened-<theme>.png`` (Enter: the
turn switched to that version, the hit highlighted), and ``search52-3-memory-<theme>.png``
("日本語 مرحبا 😀" on the memory tab: no entry holds a word of it) and
``search52-4-memory-<theme>.png`` ("what kind of dog do I have": an entry found by meaning,
marked "≈ similar" and counted apart; with the local embedding model).
"""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path

from PySide6.QtWidgets import QApplication

from tests.gui.shot_harness import offscreen_services, play, run


def main(out_dir: Path) -> int:
    """Seed, search in both themes and save the window."""
    from chathub_desktop.core.messages import Role
    from chathub_desktop.gui.shell.main_window import MainWindow
    from chathub_desktop.storage.message_branches import stash_tail

    with offscreen_services("chathub-search52-shot-") as (loop, svc):
        app = QApplication.instance()
        svc.assistants.create("Helper")
        for text in ("Prefers answers in Python with type hints", "Lives in Lisbon and works remotely",
                     "Has a beagle puppy named Rufus"):
            svc.memory.add("Helper", text)
        tid = svc.topics.create("Helper", "Python generators").id
        turns = (("What is a list?", "A list holds items in order."),
                 ("Show a generator expression", "A generator expression: `(x * x for x in range(3))` makes "
                                                 "values lazily."),
                 ("Thanks", "You are welcome."))
        for q, a in turns:
            svc.topics.append_message(tid, Role.USER, q)
            svc.topics.append_message(tid, Role.ASSISTANT, a)
        with svc.db.write() as s:
            stash_tail(s, tid, svc.topics.messages(tid)[2].seq)
        svc.topics.append_message(tid, Role.USER, "Show a list comprehension")
        svc.topics.append_message(tid, Role.ASSISTANT, "A comprehension: `[x * x for x in range(3)]`.")
        if svc.semantic is not None:
            svc.semantic.backfill(threading.Event())
        window = MainWindow(svc)
        window.resize(1366, 768)
        window.show()

        async def shown(page: object, text: str) -> None:
            done = len(page.shown_queries)  # type: ignore[attr-defined]
            page.box.setText(text)  # type: ignore[attr-defined]
            while len(page.shown_queries) <= done:  # type: ignore[attr-defined]
                await asyncio.sleep(0.05)
            await asyncio.sleep(0.2)
            app.processEvents()

        async def scenario() -> None:
            await asyncio.sleep(0.3)
            for theme in ("light", "dark"):
                window.view.prefs.set_theme(theme)
                page = window.search.open()
                page.tabs.setCurrentIndex(0)
                await shown(page, "generator expression")
                window.grab().save(str(out_dir / f"search52-1-version-{theme}.png"))
                page.open_current()
                for _ in range(100):
                    await asyncio.sleep(0.05)
                    if window.message_model.highlight_id is not None:
                        break
                await asyncio.sleep(0.4)
                app.processEvents()
                window.grab().save(str(out_dir / f"search52-2-opened-{theme}.png"))
                svc.versions.switch(tid, svc.topics.messages(tid)[2].seq, 2)  # back to the edited turn
                window.reload_topic()
                page = window.search.open()
                for n, query in ((3, "日本語 مرحبا 😀"), (4, "what kind of dog do I have")):
                    await shown(page, query)
                    page.tabs.setCurrentIndex(1)
                    await asyncio.sleep(0.2)
                    app.processEvents()
                    window.grab().save(str(out_dir / f"search52-{n}-memory-{theme}.png"))
                page.box.setText("")
            await window.shutdown()

        play(loop, scenario)
    print(out_dir)
    return 0


if __name__ == "__main__":
    run(main)
