"""Screenshots of the Search page counting word hits right and keeping by-meaning hits
few (issue 29); a script, not a test.

    QT_QPA_PLATFORM=offscreen python -m tests.gui.search51_screenshot [OUT_DIR]

Over walk51b's messages (``tests/integration/test_search_words_and_meaning``), each with
its vector, writes ``search51-<n>-<query>-<theme>.png`` for the light and the dark theme:
"automobile fuel" (some words: word hits, none "similar"), "日本語 مرحبا 😀" (a word nothing
holds), "comprehension" (no unrelated rows) and "how much petrol does a van use" (a
paraphrase: by meaning, at most five).
"""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path

from PySide6.QtWidgets import QApplication

from tests.gui.shot_harness import offscreen_services, play, run

QUERIES = [("fuel", "automobile fuel"), ("nothing", "日本語 مرحبا 😀"), ("word", "comprehension"),
           ("meaning", "how much petrol does a van use")]


def main(out_dir: Path) -> int:
    """Seed, embed, search each query in both themes and save the window."""
    from chathub_desktop.core.messages import Role
    from chathub_desktop.gui.shell.main_window import MainWindow
    from tests.integration.test_search_words_and_meaning import FUEL, LISTS, NOISE, WORLD

    with offscreen_services("chathub-search51-shot-") as (loop, svc):
        app = QApplication.instance()
        svc.assistants.create("Helper")
        for title, texts in (("Van", FUEL), ("Python", LISTS), ("Hello", WORLD), ("Hostile", NOISE)):
            topic = svc.topics.create("Helper", title).id
            for i, text in enumerate(texts):
                svc.topics.append_message(topic, Role.ASSISTANT if i % 2 else Role.USER, text)
        assert svc.semantic is not None
        svc.semantic.backfill(threading.Event())
        window = MainWindow(svc)
        window.resize(1366, 768)
        window.show()

        async def scenario() -> None:
            await asyncio.sleep(0.3)
            page = window.search.open()
            for theme in ("light", "dark"):
                window.view.prefs.set_theme(theme)
                for n, (name, text) in enumerate(QUERIES, 1):
                    done = len(page.shown_queries)
                    page.box.setText(text)
                    while len(page.shown_queries) <= done:
                        await asyncio.sleep(0.05)
                    await asyncio.sleep(0.2)
                    app.processEvents()
                    window.grab().save(str(out_dir / f"search51-{n}-{name}-{theme}.png"))
                page.box.setText("")
            await window.shutdown()

        play(loop, scenario)
    print(out_dir)
    return 0


if __name__ == "__main__":
    run(main)
