"""memerr54 offscreen screenshots (a helper script, not a test), light and dark theme:

- ``dream-down-<theme>.png``: Dream now with the History Compress server down — the
  failure bar's plain sentence with "Settings → Providers" as a link (walk53c #1);
- ``import-merge-<theme>.png``: the import preview's Merge, its summary lines in plain
  words and Import the default (walk53c #4);
- ``revert-ask-<theme>.png``: Revert's question without the "?" icon (walk53c #5);
- ``compact-down-<theme>.png``: the window after Compact now with the History Compress
  server down — the status bar's short line and its "Settings → Providers" button.

``python -m tests.gui.memerr54_screenshot [OUT_DIR]``; each shot is audited (contrast,
clipping) and the exit code is 1 when an audit failed."""

from __future__ import annotations

import asyncio
import socket
from datetime import UTC, datetime, timedelta
from datetime import time as dtime
from pathlib import Path
from typing import Any

from chathub_desktop.core.messages import Role
from tests.gui.shot_harness import (
    Shots,
    dispose_window,
    offscreen_services,
    run,
    store_day_cards,
    until,
    window_in_theme,
)

IMPORT_MD = "- Ana's timezone is Europe/Lisbon.\n- Ana drinks her coffee black.\n- Use metric units.\n- Ana is learning Rust.\n"


def _grab_modal_soon(shot: Shots, name: str, theme: str) -> None:
    """Once a modal dialog is up, grab and audit it as ``name``, then cancel it."""
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication, QDialog

    def look() -> None:
        dlg = QApplication.activeModalWidget()
        if not isinstance(dlg, QDialog) or not dlg.isVisible():
            QTimer.singleShot(50, look)
            return
        for _ in range(10):
            QApplication.processEvents()
        shot(dlg, name, theme)
        dlg.reject()

    QTimer.singleShot(300, look)


def main(out_dir: Path) -> int:
    """Write the eight PNG files into ``out_dir``; 1 when a design audit failed."""
    from PySide6.QtWidgets import QApplication

    from chathub_desktop.gui.design.theme import apply_theme
    from chathub_desktop.gui.memory.fixed_page import MemoryPage

    shot = Shots(out_dir, "{name}-{theme}")
    with socket.socket() as s:  # bound then closed: nothing listens there
        s.bind(("127.0.0.1", 0))
        port = int(s.getsockname()[1])
    source = out_dir / "import.md"
    source.write_text(IMPORT_MD, encoding="utf-8")
    with offscreen_services("chathub-memerr54-") as (loop, svc):
        svc.providers.add("llama.cpp", "openai_compatible", f"http://127.0.0.1:{port}/v1", api_key="sk-x")
        svc.settings.set("history-compress-model", "llama.cpp/smollm2-135m")
        day = datetime.now(UTC).date() - timedelta(days=1)

        async def page_of(theme: str) -> Any:
            a = svc.assistants.create(f"Assistant {theme}", provider="llama.cpp", model="smollm2-135m")
            for text in ("Ana writes Python and prefers short answers.", "Ana's timezone is Europe/Lisbon. "
                         "(UTC+0 in winter)", "Use metric units."):
                svc.memory.add(a.id, text)
            store_day_cards(svc, a.id, [(day - timedelta(days=30), "Ana planned a trip to Porto.")])
            topic = svc.topics.create(a.id, title="Yesterday").id
            svc.chat.append_row(topic, role=Role.USER, content="what is a joke",
                                created_at=datetime.combine(day, dtime(12, tzinfo=UTC)))
            apply_theme(QApplication.instance(), theme)  # type: ignore[arg-type]
            page = MemoryPage(svc, a.id)
            page.resize(1366, 740)
            page.show()
            await until(lambda: page.dream_panel.day_picker.count() >= 1 and not page.runner.pending())
            return page

        async def shoot(theme: str) -> None:
            page = await page_of(theme)
            panel = page.dream_panel
            panel.runs.dream_now()
            await until(lambda: panel.failure_bar.isVisible() and not panel.runs.dreaming)
            await asyncio.sleep(0.3)
            shot(page, "dream-down", theme)
            _grab_modal_soon(shot, "import-merge", theme)
            finished: list[bool] = []
            page.transfer.import_finished.connect(finished.append)
            page.transfer.import_from(source)
            await until(lambda: bool(finished))
            finished.clear()
            page.transfer.import_from(source, confirmed=True)  # a real change to revert
            await until(lambda: bool(finished) and not page.runner.pending())
            history = page.open_history()
            await until(lambda: history.list.count() >= 4 and history.detail is not None)
            _grab_modal_soon(shot, "revert-ask", theme)
            history.revert_selected()
            await asyncio.sleep(1.5)
            history.closed.emit()
            page.detach()
            page.close()
            await page.runner.shutdown()

        async def compact_down(theme: str) -> None:
            a = svc.assistants.create(f"Long {theme}", provider="llama.cpp", model="smollm2-135m")
            topic = svc.topics.create(a.id, title="Trip plans").id
            for k in range(3):
                svc.chat.append_row(topic, role=Role.USER, content=f"question {k} " + "lorem " * 200)
                svc.chat.append_row(topic, role=Role.ASSISTANT, content=f"answer {k} " + "ipsum " * 200)
            w = await window_in_theme(svc, (1366, 768), theme)
            w.reload_assistants(a.id)
            await until(lambda: w.current_assistant_id() == a.id and w.topic_model.rowCount() >= 1)
            w.select_topic(topic)
            await asyncio.sleep(0.5)
            w.compaction.compact_topic()
            await until(lambda: w.compaction.providers_button.isVisible())
            await asyncio.sleep(0.3)
            shot(w, "compact-down", theme)
            await dispose_window(w)

        async def scenario() -> None:
            for theme in ("light", "dark"):
                await shoot(theme)
                await compact_down(theme)

        loop.run_until_complete(scenario())
    return shot.exit_code


if __name__ == "__main__":
    run(main)
