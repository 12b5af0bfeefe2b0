"""Screenshots of the Memory page's Dynamic memory area (issue 30, walk55b #8 and #20) in
the main window at 1366×768 and 800×560, light and dark, with the design audit's line
for each — a script, not a test.

    QT_QPA_PLATFORM=offscreen python -m tests.gui.dyn56_screenshot [OUT_DIR]

Writes ``dyn56-{size}-{name}-{theme}.png``: ``folded`` (the range card folded, its chevron
pointing right; the row's Regenerate, Edit, Delete and … buttons with a single-day card
selected), ``open`` (the range card opened by a click, its chevron pointing down) and
``menu`` (the row's overflow menu: Copy all dream cards, Restore previous version, Clear
all dream cards…).
"""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from datetime import time as dtime
from pathlib import Path

from chathub_desktop.core.messages import Role
from tests.gui import shot_harness as harness

THEMES = ("light", "dark")
SIZES = ((1366, 768), (800, 560))


def main(out_dir: Path) -> int:
    """Seed one assistant (entries, a range card and two single-day cards), open the Memory
    page in the window and grab each state at both sizes in both themes; 1 when an audit failed."""
    from PySide6.QtCore import QPoint, Qt
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication

    from chathub_desktop.gui.design.theme import apply_theme

    out_dir.mkdir(parents=True, exist_ok=True)
    shot = harness.Shots(out_dir, "dyn56-{name}-{theme}")
    with harness.offscreen_services("chathub-dyn56shot-") as (loop, svc):
        harness.english_when_no_locale()
        app = QApplication.instance()
        assert isinstance(app, QApplication)
        a = svc.assistants.create("Helper", model="gpt-4o")
        for text in ("Ana writes Python and prefers short answers.", "Ana's timezone is Europe/Lisbon."):
            svc.memory.add(a.id, text)
        today = datetime.now(UTC).date()
        days = [today - timedelta(days=k) for k in (5, 4, 3, 2)]
        topic = svc.topics.create(a.id, title="Trip").id
        for d in days:
            svc.chat.append_row(topic, role=Role.USER, content=f"Plan day {d.day} of the trip",
                                created_at=datetime.combine(d, dtime(12, tzinfo=UTC)))
        harness.store_day_cards(svc, a.id, [(d, f"Ana plans a trip; day {d.day} in a table.\nShort answers.")
                                            for d in days])
        svc.dreams.set_keep(a.id, 2)  # the two oldest fold into one range card

        async def scenario(size: tuple[int, int], theme: str) -> None:
            window = await harness.window_in_theme(svc, size, theme)
            page = await harness.open_memory(window)
            panel = page.dream_panel
            await harness.until(lambda: panel.model.rowCount() == 3 and page.steps.done
                                and not window.runner.pending())
            tag = f"{size[0]}x{size[1]}"
            bar = page.body_scroll.verticalScrollBar()

            async def to_cards() -> None:  # the Dynamic memory title row at the top of the page's view
                await asyncio.sleep(0.3)
                top = panel.cards_title.mapTo(page.body_scroll.widget(), QPoint(0, 0)).y()
                bar.setValue(min(bar.maximum(), max(0, top - 12)))
                await asyncio.sleep(0.3)

            panel.select_number(2)
            await to_cards()
            shot(window, f"{tag}-folded", theme)
            view = panel.list
            rect = view.visualRect(panel.model.index(panel.model.row_of(1) or 0))
            QTest.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())  # a click opens it
            await harness.until(lambda: not panel.model.is_folded(panel.model.row_of(1) or 0))
            await to_cards()
            shot(window, f"{tag}-open", theme)
            header = panel.delegate.header_rect(view.visualRect(panel.model.index(panel.model.row_of(1) or 0)))
            QTest.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=header.center())  # its header folds it
            await harness.until(lambda: panel.model.is_folded(panel.model.row_of(1) or 0))
            panel.more_menu.popup(panel.more_button.mapToGlobal(QPoint(0, panel.more_button.height())))
            await asyncio.sleep(0.4)
            shot(panel.more_menu, f"{tag}-menu", theme)
            panel.more_menu.close()
            await harness.dispose_window(window)
            apply_theme(app, "light")

        for size in SIZES:
            for theme in THEMES:
                harness.play(loop, lambda size=size, theme=theme: scenario(size, theme))
    return shot.exit_code


if __name__ == "__main__":
    harness.run(main)
