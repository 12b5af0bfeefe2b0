"""memlang54 offscreen screenshots (a helper script, not a test), light and dark theme:

- ``regen-down-<theme>.png``: Regenerate with the History Compress server down — the
  failure bar in English (walk54 #3);
- ``regen-down-zh-<theme>.png`` and ``regen-down-zh-800-<theme>.png``: the same page after
  a switch to 简体中文 — the bar's line said again in Chinese, at 1366 and 800×560;
- ``proposed-<theme>.png`` / ``proposed-zh-<theme>.png``: Dream now with review on and an
  answer cut at the token limit — the short status line, its quiet note, and the day
  line "1 proposal waits for review." (walk54 #4).

``python -m tests.gui.memlang54_screenshot [OUT_DIR]``; each shot is audited (contrast,
clipping) and the exit code is 1 when an audit failed."""

from __future__ import annotations

import asyncio
import socket
from datetime import UTC, datetime, timedelta
from datetime import time as dtime
from pathlib import Path
from typing import Any

from chathub_desktop.core.messages import Role
from tests.gui.shot_harness import Shots, offscreen_services, run, store_day_cards, until


def _chinese() -> Any:
    """The zh_CN translator, installed (the app then sends LanguageChange to every widget)."""
    from PySide6.QtCore import QCoreApplication, QTranslator

    from chathub_desktop.gui.shell.i18n import translations_dir

    t = QTranslator()
    assert t.load("chathub_zh_CN", translations_dir())
    QCoreApplication.installTranslator(t)
    return t


def main(out_dir: Path) -> int:
    """Write the ten PNG files into ``out_dir``; 1 when a design audit failed."""
    from PySide6.QtCore import QCoreApplication
    from PySide6.QtWidgets import QApplication

    from chathub_desktop.gui.design.theme import apply_theme
    from chathub_desktop.gui.memory.fixed_page import MemoryPage
    from tests.fakes.vendor_server import FakeVendor, Reply

    shot = Shots(out_dir, "{name}-{theme}")
    with socket.socket() as s:  # bound then closed: nothing listens there
        s.bind(("127.0.0.1", 0))
        port = int(s.getsockname()[1])
    with offscreen_services("chathub-memlang54-") as (loop, svc), FakeVendor() as vendor:
        svc.providers.add("llama.cpp", "openai_compatible", f"http://127.0.0.1:{port}/v1", api_key="sk-x")
        svc.providers.add("Summ", "openai", vendor.base_url, api_key="sk-summ")
        today = datetime.now(UTC).date()
        day = today - timedelta(days=1)

        def talk(aid: int, when: Any, text: str) -> None:
            topic = svc.topics.create(aid, title="Conversation 2").id
            svc.chat.append_row(topic, role=Role.USER, content=text, created_at=datetime.combine(when, dtime(12, tzinfo=UTC)))

        async def page_of(aid: int, theme: str, size: tuple[int, int]) -> Any:
            apply_theme(QApplication.instance(), theme)  # type: ignore[arg-type]
            page = MemoryPage(svc, aid)
            page.resize(*size)
            page.show()
            await until(lambda: page.loads >= 1 and page.dream_panel.loads >= 1 and not page.runner.pending())
            return page

        async def close(page: Any) -> None:
            page.detach()
            page.close()
            await page.runner.shutdown()

        async def regen_down(theme: str) -> None:
            svc.settings.set("history-compress-model", "llama.cpp/smollm2-135m")
            a = svc.assistants.create(f"Assistant {theme}", provider="llama.cpp", model="smollm2-135m")
            for text in ("Ana writes Python and prefers short answers.", "Use metric units."):
                svc.memory.add(a.id, text)
            store_day_cards(svc, a.id, [(day, "Ana asked about the Volkswagen's fuel use.")])
            talk(a.id, day, "What does a 2014 Transporter use per 100 km?")
            for size, zh_name in (((1366, 740), "regen-down-zh"), ((800, 560), "regen-down-zh-800")):
                page = await page_of(a.id, theme, size)
                panel = page.dream_panel
                panel.runs.regenerate(1)
                await until(lambda panel=panel: panel.failure_bar.isVisible() and not panel.runs.dreaming)
                await asyncio.sleep(0.3)
                if size[0] == 1366:
                    shot(page, "regen-down", theme)
                zh = _chinese()
                await until(lambda panel=panel: panel.failure_bar.retry_button.text() == "重试")
                page.body_scroll.ensureWidgetVisible(panel.failure_bar)
                await asyncio.sleep(0.3)
                shot(page, zh_name, theme)
                QCoreApplication.removeTranslator(zh)
                await close(page)

        async def proposed(theme: str) -> None:
            svc.settings.set("history-compress-model", "Summ/gpt-5-mini")
            a = svc.assistants.create(f"Reviewer {theme}", provider="Summ", model="gpt-4o")
            svc.dreams.review.set_enabled(a.id, True)
            store_day_cards(svc, a.id, [(day - timedelta(days=3), "Ana planned a trip to Porto.")])
            talk(a.id, day, "Short answers please, and the code first.")
            talk(a.id, today, "Today's chat")
            page = await page_of(a.id, theme, (1366, 740))
            panel = page.dream_panel
            await until(lambda: panel.day_picker.count() == 1)
            vendor.script(Reply(text_chunks=["- Prefers short answers\n- Wants the code first\n- Asks about"],
                                finish_reason="length"))
            panel.runs.dream_now()
            await until(lambda: panel.proposal_count() == 1 and not panel.runs.dreaming
                        and panel.day_picker.note.isVisible())
            page.body_scroll.ensureWidgetVisible(panel.status_label.note)
            await asyncio.sleep(0.3)
            shot(page, "proposed", theme)
            zh = _chinese()
            await until(lambda: panel.dream_now_button.text() == "立即做梦")
            await asyncio.sleep(0.3)
            shot(page, "proposed-zh", theme)
            QCoreApplication.removeTranslator(zh)
            await close(page)

        async def scenario() -> None:
            for theme in ("light", "dark"):
                await regen_down(theme)
                await proposed(theme)

        loop.run_until_complete(scenario())
    return shot.exit_code


if __name__ == "__main__":
    run(main)
