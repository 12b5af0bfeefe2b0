"""Screenshots of keyboard focus on the Memory page (issue 30, walk56 #7): the fixed list,
the dream card list and the Cards/Proposals tab bar each focused by Tab, light and dark at
1366×768, with the design audit's line — a script, not a test.

    QT_QPA_PLATFORM=offscreen python -m tests.gui.focus56_screenshot [OUT_DIR]

Writes ``focus56-{name}-{theme}.png`` for ``fixed``, ``dream`` and ``tabs``.
"""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from pathlib import Path

from tests.gui import shot_harness as harness


def main(out_dir: Path) -> int:
    """Seed entries and dream cards, open the Memory page and grab each focused state; 1
    when an audit failed."""
    from PySide6.QtCore import QPoint, Qt

    out_dir.mkdir(parents=True, exist_ok=True)
    shot = harness.Shots(out_dir, "focus56-{name}-{theme}")
    with harness.offscreen_services("chathub-focus56shot-") as (loop, svc):
        harness.english_when_no_locale()
        a = svc.assistants.create("Helper", model="gpt-4o")
        for text in ("Ana writes Python and prefers short answers.", "Ana's timezone is Europe/Lisbon."):
            svc.memory.add(a.id, text)
        today = datetime.now(UTC).date()
        harness.store_day_cards(svc, a.id, [(today - timedelta(days=k), f"Ana plans a trip; day {k}.")
                                            for k in (3, 2)])

        async def scenario(theme: str) -> None:
            window = await harness.window_in_theme(svc, (1366, 768), theme)
            page = await harness.open_memory(window)
            panel = page.dream_panel
            await harness.until(lambda: panel.model.rowCount() == 2 and page.steps.done
                                and not window.runner.pending())
            bar = page.body_scroll.verticalScrollBar()

            async def show(widget: object, name: str) -> None:
                widget.setFocus(Qt.FocusReason.TabFocusReason)  # type: ignore[attr-defined]
                await asyncio.sleep(0.2)
                top = widget.mapTo(page.body_scroll.widget(), QPoint(0, 0)).y()  # type: ignore[attr-defined]
                bar.setValue(min(bar.maximum(), max(0, top - 120)))
                await asyncio.sleep(0.3)
                shot(window, name, theme)

            await show(page.list, "fixed")
            await show(panel.list, "dream")
            await show(panel.tabs.tabBar(), "tabs")
            await harness.dispose_window(window)

        async def scene() -> None:
            for theme in ("light", "dark"):
                await scenario(theme)

        harness.play(loop, scene)
    return shot.exit_code


if __name__ == "__main__":
    harness.run(main)
