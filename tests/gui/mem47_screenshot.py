"""Grabs the Memory page's first open in a window, its empty Proposals tab and the tab with
a proposal (issue 30, walk45 #8), in both themes — a script, not a test.

    QT_QPA_PLATFORM=offscreen python -m tests.gui.mem47_screenshot [OUT_DIR]

Writes ``mem47-first-open-{theme}.png`` (the window, 1366×768, the Memory page made ahead
and opened through the rail's entry, no dream card yet), ``mem47-proposals-empty-{theme}.png``
and ``mem47-proposals-one-{theme}.png`` into OUT_DIR, each with its audit line printed.
"""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from pathlib import Path

from tests.gui import shot_harness as harness


def main(out_dir: Path) -> int:
    from chathub_desktop.core.messages import Role

    shot = harness.Shots(out_dir, "mem47-{name}-{theme}")
    with harness.offscreen_services("chathub-mem47shot-") as (loop, svc):
        harness.english_when_no_locale()
        a = svc.assistants.create("Coder", model="gpt-4o-mini")
        for text in ("Prefers short answers with code first", "Works in Berlin (CET)", "Writes Python 3.11"):
            svc.memory.add(a.id, text)
        topic = svc.topics.create(a.id, "Release notes").id
        svc.topics.append_message(topic, Role.USER, "Write the changelog as a table")
        today = datetime.now(UTC).date()

        async def one_theme(theme: str) -> None:
            for p in svc.dreams.review.proposals(a.id):
                svc.dreams.review.discard(p.id)
            w = await harness.window_in_theme(svc, (1366, 768), theme)
            w.select_topic(topic)
            await harness.until(lambda: w.pages.prepared is not None)  # made ahead once the window is idle
            page = await harness.open_memory(w)
            await asyncio.sleep(0.3)
            shot(w, "first-open", theme)
            section = page.dream_panel.show_proposals()
            await harness.until(lambda: section.loads >= 1)
            await asyncio.sleep(0.2)
            shot(w, "proposals-empty", theme)
            svc.dreams.review.propose(a.id, today - timedelta(days=2), "- Asks for type hints in every example",
                                      None, None)
            section.schedule_reload()
            await harness.until(lambda: section.list.count() >= 1)
            await asyncio.sleep(0.2)
            shot(w, "proposals-one", theme)
            await harness.dispose_window(w)

        async def scenario() -> None:
            for theme in ("light", "dark"):
                await one_theme(theme)

        loop.run_until_complete(scenario())
    return shot.exit_code


if __name__ == "__main__":
    harness.run(main)
