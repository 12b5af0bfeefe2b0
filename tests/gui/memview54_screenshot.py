"""Screenshots of the Memory page read as a page (issue 30, memview54; walk53c #2, #3, #5)
in the main window at 1366×768, light and dark, with the design audit's line for each —
a script, not a test.

    QT_QPA_PLATFORM=offscreen python -m tests.gui.memview54_screenshot [OUT_DIR]

Writes ``memview54-{name}-{theme}.png``: ``on`` (the switch's row "Memory on" and the
quiet line in the day chooser's place: every day with messages has a card; ``on-800``
at 800×560), ``off`` (the
row "Memory off"), ``history`` (one back control in view; the import's row with its new entries), ``range-en`` / ``range-zh``
(an expanded range card's day headings, before and after a live switch to 简体中文),
``top-zh`` (the switch's row and the day line in 简体中文) and
``search-zh`` (Search's tabs in 简体中文).
"""

from __future__ import annotations

import asyncio
import tempfile
from datetime import UTC, datetime, timedelta
from datetime import time as dtime
from pathlib import Path

from chathub_desktop.core import memory_export as mx
from chathub_desktop.core.messages import Role
from tests.gui import shot_harness as harness

THEMES = ("light", "dark")


def main(out_dir: Path) -> int:
    """Seed one assistant (entries, carded days with messages, a range card), open the
    Memory page in the window and grab each state in both themes; 1 when an audit failed."""
    from PySide6.QtWidgets import QApplication

    from chathub_desktop.core.ui_language import UiLanguage
    from chathub_desktop.gui.shell.main_window import MainWindow

    out_dir.mkdir(parents=True, exist_ok=True)
    shot = harness.Shots(out_dir, "memview54-{name}-{theme}")
    with harness.offscreen_services("chathub-memview54shot-") as (loop, svc):
        harness.english_when_no_locale()
        app = QApplication.instance()
        assert isinstance(app, QApplication)
        a = svc.assistants.create("Helper", model="gpt-4o")
        for text in ("Ana writes Python and prefers short answers.", "Ana's timezone is Europe/Lisbon."):
            svc.memory.add(a.id, text)
        today = datetime.now(UTC).date()
        days = [today - timedelta(days=k) for k in (5, 4, 3, 2)]
        topic = svc.topics.create(a.id, title="Trip").id
        for d in days:  # every day with messages has its card: nothing left to dream
            svc.chat.append_row(topic, role=Role.USER, content=f"Plan day {d.day} of the trip",
                                created_at=datetime.combine(d, dtime(12, tzinfo=UTC)))
        harness.store_day_cards(svc, a.id, [(d, f"Ana plans a trip; day {d.day} in a table.\nShort answers.")
                                            for d in days])
        svc.dreams.set_keep(a.id, 2)  # the two oldest fold into one range card
        with tempfile.TemporaryDirectory() as tmp:  # a Merge import: History says what it brought
            notes = Path(tmp) / "import.md"
            notes.write_text("- Ana drinks her coffee black.\n- Ana is learning Rust.\n", encoding="utf-8")
            svc.memory_files.apply_import(svc.memory_files.preview_import(a.id, notes, mode=mx.ImportMode.MERGE))
        window = MainWindow(svc)
        window.resize(1366, 768)
        window.show()

        async def both(name: str) -> None:
            for theme in THEMES:
                window.view.prefs.set_theme(theme)
                await asyncio.sleep(0.4)
                shot(window, name, theme)
            window.view.prefs.set_theme("light")

        async def scenario() -> None:
            await asyncio.sleep(0.5)
            window.memory_action.trigger()
            page = window.dialogs["memory"]
            panel = page.dream_panel
            await harness.until(lambda: page.loads >= 1 and panel.loads >= 1 and panel.day_picker.loads >= 1
                                and not page.runner.pending())
            await both("on")
            window.resize(800, 560)  # the day line wraps beside Dream now; nothing wider than the window
            await asyncio.sleep(0.4)
            page.body_scroll.ensureWidgetVisible(panel.dream_now_button)
            await both("on-800")
            window.resize(1366, 768)
            page.memory_switch.click()
            await harness.until(lambda: not page.runner.pending() and page.switch.warns())
            await both("off")
            page.memory_switch.click()
            await harness.until(lambda: not page.runner.pending() and not page.switch.warns())
            history = page.open_history()
            await harness.until(lambda: history.list.count() >= 2)
            await both("history")
            history.closed.emit()
            await harness.until(lambda: panel.model.rowCount() == 3)
            panel.model.toggle_fold(panel.model.row_of(1) or 0)
            panel.list.setCurrentIndex(panel.model.index(panel.model.row_of(1) or 0))
            bar = page.body_scroll.verticalScrollBar()
            bar.setValue(bar.maximum())
            await both("range-en")
            window.view.language_actions[UiLanguage.CHINESE_SIMPLIFIED].trigger()
            await asyncio.sleep(0.5)
            bar.setValue(bar.maximum())
            await both("range-zh")
            bar.setValue(0)
            await both("top-zh")
            search = window.search.open()
            search.box.setText("Lisbon")
            await asyncio.sleep(1.0)
            await both("search-zh")
            window.view.language.apply(UiLanguage.SYSTEM)
            await window.shutdown()
            window.close()

        harness.play(loop, scenario)
        return shot.exit_code


if __name__ == "__main__":
    harness.run(main)
