"""Grabs the Memory page's fixed list in a window (memfit52, walk52b #1), in both themes —
a script, not a test.

    QT_QPA_PLATFORM=offscreen python -m tests.gui.memfit52_screenshot [OUT_DIR]

Writes ``memfit52-{state}-{size}-{theme}.png`` into OUT_DIR, each with its audit line
printed: ``three`` (three entries, shown whole), ``edit2`` (#2 edited in place, the list
grown round it, the page scrolled to the editor) and ``long`` (forty entries: a box most of
the page high), at 800×560 and 1366×768.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from tests.gui import shot_harness as harness

TEXTS = ("Prefers short answers with code first", "Works in Berlin (CET)", "Writes Python 3.11")
SIZES = ((800, 560), (1366, 768))


def main(out_dir: Path) -> int:
    from chathub_desktop.gui.memory.fixed_page import MemoryPage
    from chathub_desktop.gui.shell.main_window import MainWindow

    shot = harness.Shots(out_dir, "memfit52-{name}-{theme}")
    with harness.offscreen_services("chathub-memfit52shot-") as (loop, svc):
        harness.english_when_no_locale()
        a = svc.assistants.create("Coder", model="gpt-4o-mini")
        b = svc.assistants.create("Archivist", model="gpt-4o-mini")
        for text in TEXTS:
            svc.memory.add(a.id, text)
        for i in range(40):
            svc.memory.add(b.id, f"Fact number {i}: kept for the long list")
        svc.topics.create(a.id, "Release notes")
        svc.topics.create(b.id, "Notes")

        async def settle() -> None:
            await asyncio.sleep(0.4)

        async def memory_of(w: MainWindow, aid: int) -> MemoryPage:
            w.reload_assistants(aid)
            await harness.until(lambda: w.current_assistant_id() == aid)
            page: MemoryPage = await harness.open_memory(w)
            await settle()
            return page

        async def scenario() -> None:
            for theme in ("light", "dark"):
                for width, height in SIZES:
                    size = f"{width}x{height}"
                    w = await harness.window_in_theme(svc, (width, height), theme)
                    page = await memory_of(w, a.id)
                    shot(w, f"three-{size}", theme)
                    page.select_number(2)
                    page.entry_actions.edit_current()
                    await settle()
                    shot(w, f"edit2-{size}", theme)
                    page.list.closePersistentEditor(page.list.currentIndex())
                    await memory_of(w, b.id)
                    shot(w, f"long-{size}", theme)
                    await harness.dispose_window(w)

        loop.run_until_complete(scenario())
    return shot.exit_code


if __name__ == "__main__":
    harness.run(main)
