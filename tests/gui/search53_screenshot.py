"""Screenshots of the Search page's memory tab for a code query and for a paraphrase
(search53, walk52b #2: "range(1, 11)" listed "Use metric units." as "≈ similar"); a
script, not a test.

    QT_QPA_PLATFORM=offscreen python -m tests.gui.search53_screenshot [OUT_DIR]

walk52b's memory and two of its replies, with the local embedding model; for the light
and the dark theme, at 1366×768: ``search53-code-memory-<theme>.png`` ("range(1, 11)" on
the memory tab: "No matches" (search53b), since no entry holds it and code is not looked
up by meaning), ``search53-stopwords-<theme>.png`` ("of using the", search53b: "No matches"
on the memory tab, since no entry holds all three and stop words are not looked up by meaning),
``search53-code-messages-<theme>.png`` (the same query on the Messages tab, whose rule
is unchanged: the reply holding it) and ``search53-meaning-memory-<theme>.png``
("kilometres": "Use metric units." marked "≈ similar"). Each with its design audit line.
"""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path
from typing import Any

from tests.gui.shot_harness import Shots, offscreen_services, play, run, until

REPLIES = ("Here's a one-liner: `square_numbers = [x**2 for x in range(1, 11) if x % 2 == 0]`",
           "One example of list comprehension with squares of 1 through 5 is: `[x**2 for x in range(6)]`",
           "To find the point where all intervals intersect, take the largest start and the smallest end.")


def main(out_dir: Path) -> int:
    """Seed, search in both themes and save the window."""
    from chathub_desktop.core.messages import Role
    from chathub_desktop.gui.shell.main_window import MainWindow

    shot = Shots(out_dir, "search53-{name}-{theme}")
    with offscreen_services("chathub-search53-shot-") as (loop, svc):
        svc.assistants.create("Assistant")
        for text in ("Ana writes Python and prefers short answers.", "Ana's timezone is Europe/Lisbon.",
                     "Use metric units."):
            svc.memory.add("Assistant", text)
        tid = svc.topics.create("Assistant", "Python list comprehension").id
        for text in REPLIES:
            svc.topics.append_message(tid, Role.USER, "Show me")
            svc.topics.append_message(tid, Role.ASSISTANT, text)
        if svc.semantic is not None:
            svc.semantic.backfill(threading.Event())
        window = MainWindow(svc)
        window.resize(1366, 768)
        window.show()

        async def shown(page: Any, text: str, tab: int) -> None:
            done = len(page.shown_queries)
            page.box.setText(text)
            await until(lambda: len(page.shown_queries) > done)
            page.tabs.setCurrentIndex(tab)
            await asyncio.sleep(0.3)

        async def scenario() -> None:
            await window.load_assistants()
            for theme in ("light", "dark"):
                window.view.prefs.set_theme(theme)
                page = window.search.open()
                await shown(page, "range(1, 11)", 1)
                shot(window, "code-memory", theme)
                page.tabs.setCurrentIndex(0)
                await asyncio.sleep(0.3)
                shot(window, "code-messages", theme)
                await shown(page, "of using the", 1)
                shot(window, "stopwords", theme)
                await shown(page, "kilometres", 1)
                shot(window, "meaning-memory", theme)
                page.box.setText("")
            await window.shutdown()

        play(loop, scenario)
    return shot.exit_code


if __name__ == "__main__":
    run(main)
