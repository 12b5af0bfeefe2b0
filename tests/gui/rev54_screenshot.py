"""rev54 offscreen screenshots (a helper script, not a test), light and dark theme:

- ``schedule-<theme>.png``: the Dreaming card's next-dream line with the user in Berlin —
  "Next dream: tomorrow at 06:30 in Berlin (05:30 UTC)." (audit54b #6);
- ``schedule-zh-800-<theme>.png``: the same in 简体中文 at 800×560 — "明天" on one line;
- ``history-revert-<theme>.png`` / ``history-revert-zh-<theme>.png``: History after an
  imported file was reverted — the Revert row quotes the import's own row (audit54b #3).

``python -m tests.gui.rev54_screenshot [OUT_DIR]``; each shot is audited (contrast,
clipping) and the exit code is 1 when an audit failed."""

from __future__ import annotations

import asyncio
import tempfile
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

from tests.gui.memlang54_screenshot import _chinese
from tests.gui.shot_harness import Shots, close_page, offscreen_services, run, until


def main(out_dir: Path) -> int:
    """Write the eight PNG files into ``out_dir``; 1 when a design audit failed."""
    from PySide6.QtCore import QCoreApplication
    from PySide6.QtWidgets import QApplication

    from chathub_desktop.gui.design.theme import apply_theme
    from chathub_desktop.gui.memory.fixed_page import MemoryPage

    shot = Shots(out_dir, "{name}-{theme}")
    with offscreen_services("chathub-rev54-") as (loop, svc), tempfile.TemporaryDirectory() as folder:
        async def page_of(aid: int, theme: str, size: tuple[int, int]) -> Any:
            apply_theme(QApplication.instance(), theme)  # type: ignore[arg-type]
            page = MemoryPage(svc, aid)
            page.resize(*size)
            page.show()
            await until(lambda: page.loads >= 1 and page.dream_panel.loads >= 1 and not page.runner.pending())
            return page

        async def close(page: Any) -> None:
            await close_page(page)

        async def schedule(theme: str) -> None:
            a = svc.assistants.create(f"Planner {theme}").id
            svc.memory.add(a, "Lives in Lisbon.")
            svc.dreams.set_schedule(a, "daily", "05:30", 0)
            for size, name in (((1366, 740), "schedule"), ((800, 560), "schedule-zh-800")):
                page = await page_of(a, theme, size)
                form = page.dream_panel.schedule
                form.local_zone = (ZoneInfo("Europe/Berlin"), "Berlin")
                view = form.view
                assert view is not None
                form.clock = lambda: datetime(2026, 12, 5, 7, 30, tzinfo=UTC)
                form.view = type(view)(**{**view.__dict__, "next_at": datetime(2026, 12, 6, 5, 30, tzinfo=UTC)})
                form.set_memory_enabled(True)
                zh = _chinese() if "zh" in name else None
                if zh is not None:
                    await until(lambda form=form: "下次做梦" in form.next_label.text())
                page.body_scroll.ensureWidgetVisible(form.next_label)
                await asyncio.sleep(0.3)
                print(name, theme, repr(form.next_label.text()))
                shot(page, name, theme)
                if zh is not None:
                    QCoreApplication.removeTranslator(zh)
                await close(page)

        async def revert(theme: str) -> None:
            a = svc.assistants.create(f"Importer {theme}").id
            svc.memory.add(a, "Lives in Lisbon.")
            file = Path(folder) / "import.md"
            file.write_text("- Has a cat named Miso\n- Plays the viola\n- Walks to work\n", encoding="utf-8")
            svc.memory_files.apply_import(svc.memory_files.preview_import(a, file))
            imported = svc.history.changes(a)[0]
            svc.history.revert(a, imported.id)
            for name in ("history-revert", "history-revert-zh"):
                zh = _chinese() if "zh" in name else None
                page = await page_of(a, theme, (1366, 740))
                history = page.open_history()
                await until(lambda h=history: h.loads >= 1 and h.detail is not None)
                await asyncio.sleep(0.4)
                print(name, theme, [history.list.item(i).text() for i in range(history.list.count())])
                shot(page, name, theme)
                history.closed.emit()
                if zh is not None:
                    QCoreApplication.removeTranslator(zh)
                await close(page)

        async def scenario() -> None:
            for theme in ("light", "dark"):
                await schedule(theme)
                await revert(theme)

        loop.run_until_complete(scenario())
    return shot.exit_code


if __name__ == "__main__":
    run(main)
