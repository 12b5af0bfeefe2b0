"""The Memory page in the window at 1366×768 and 800×560, light and dark (a script, not a test).

    QT_QPA_PLATFORM=offscreen python -m tests.gui.memory_walk36_screenshot OUT_DIR

Writes ``memory-<empty|filled|status>-<W>x<H>-<theme>.png``: an empty fixed memory, three
entries with dream cards, and the same with a dream status line shown (the page scrolled to it). Prints where
Dream now sits (window y, and whether it is inside the visible part of the page) before
and after the status line (walk36 #7: it must be visible without scrolling at 1366×768
and stay put).
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from tests.gui.shot_harness import offscreen_services, play, run


def main(out: Path) -> int:
    """Grab every state into ``out``; returns 0."""
    from PySide6.QtCore import QPoint
    from PySide6.QtWidgets import QApplication

    from chathub_desktop.gui.shell.main_window import MainWindow
    from tests.gui.screenshot import seed_memory

    out.mkdir(parents=True, exist_ok=True)
    with offscreen_services("chathub-memshot-") as (loop, svc):
        app = QApplication.instance()
        a = svc.assistants.create("Coder", model="gpt-4o-mini")
        window = MainWindow(svc)
        window.show()

        async def settle(page) -> None:  # type: ignore[no-untyped-def]
            n, m = page.loads, page.dream_panel.loads
            page.schedule_reload()
            page.dream_panel.schedule_reload()
            while page.loads <= n or page.dream_panel.loads <= m:
                await asyncio.sleep(0.05)
            await asyncio.sleep(0.4)

        def where(page) -> str:  # type: ignore[no-untyped-def]
            b = page.dream_panel.dream_now_button
            y = b.mapTo(window, QPoint(0, 0)).y()
            vp = page.body_scroll.viewport()
            top = b.mapTo(vp, QPoint(0, 0)).y()
            seen = 0 <= top and top + b.height() <= vp.height()
            return f"Dream now at window y={y} ({'visible' if seen else 'NOT visible'} without scrolling)"

        async def scenario() -> None:
            await window.load_assistants()
            page = window.pages.open_memory()
            assert page is not None
            for state in ("empty", "filled", "status"):
                if state == "filled":
                    seed_memory(svc, a.id)
                for w, h in ((1366, 768), (800, 560)):
                    window.resize(w, h)
                    for theme in ("light", "dark"):
                        window.view.prefs.set_theme(theme)
                        if state == "status":
                            page.dream_panel.show_status("", 0)
                            await asyncio.sleep(0.3)
                            before = where(page)
                            page.dream_panel.show_status("Dreamed 2026-11-30: one card from 3 topics", 0)
                            page.body_scroll.ensureWidgetVisible(page.dream_panel.action_bar)  # the line, seen
                        else:
                            await settle(page)
                        await asyncio.sleep(0.3)
                        app.processEvents()
                        name = f"memory-{state}-{w}x{h}-{theme}.png"
                        window.grab().save(str(out / name))
                        print(name, where(page), f"(before the line: {before})" if state == "status" else "")
            await window.shutdown()

        play(loop, scenario)
        return 0


if __name__ == "__main__":
    run(main, Path("/tmp/chathub-memshots"))
