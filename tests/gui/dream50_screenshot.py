"""Grabs walk50 #2's states (issues 28, 30) — a script, not a test.

    QT_QPA_PLATFORM=offscreen python -m tests.gui.dream50_screenshot [OUT_DIR]

Writes, for the light and the dark theme, ``dream-cut-<theme>.png`` (Dream now on the
older day stopped at the History Compress model's output cap: the bar names the cap and
where it comes from, the History Compress choice beside Retry, the chooser still on the
day tried), ``dream-degenerate-<theme>.png`` (the preview of a card that mostly repeats
itself: its warning line, Discard the default) and ``models-max-output-<theme>.png``
(Settings → Models: the cap a dream card gets for a model no card gives a max output)
into OUT_DIR (default ``/tmp/chathub-shots``). The History Compress model is the
scripted fake vendor.
"""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from datetime import time as dtime
from pathlib import Path

from chathub_desktop.core.messages import Role
from tests.gui.shot_harness import offscreen_services, run
from tests.unit.test_card_degenerate import WALK50_CARD


def main(out_dir: Path) -> int:
    from PySide6.QtWidgets import QApplication

    from chathub_desktop.gui.design.theme import apply_theme
    from chathub_desktop.gui.memory import change_preview
    from chathub_desktop.gui.memory.fixed_page import MemoryPage
    from chathub_desktop.gui.settings.models_page import ModelsPage
    from chathub_desktop.gui.shell.error_presenter import ErrorPresenter
    from chathub_desktop.gui.shell.task_runner import TaskRunner
    from tests.fakes.vendor_server import FakeVendor, Reply

    out_dir.mkdir(parents=True, exist_ok=True)
    with offscreen_services("chathub-dream50-") as (loop, svc), FakeVendor() as vendor:
        svc.providers.add("Summ", "openai", vendor.base_url, api_key="sk-summ")
        svc.settings.set("history-compress-model", "Summ/smollm2-135m")
        svc.models.set("smollm2-135m", 2048, provider="Summ")
        a = svc.assistants.create("Assistant", provider="Summ", model="smollm2-135m")
        today = datetime.now(UTC).date()
        for ago, text in ((4, "what is a joke"), (1, "ok")):
            topic = svc.topics.create(a.id, title=f"Chat {ago}").id
            svc.chat.append_row(topic, role=Role.USER, content=text,
                                created_at=datetime.combine(today - timedelta(days=ago), dtime(12, tzinfo=UTC)))

        async def scenario() -> None:
            for theme in ("light", "dark"):
                apply_theme(QApplication.instance(), theme)  # type: ignore[arg-type]
                page = MemoryPage(svc, a.id)
                page.resize(1366, 740)
                page.show()
                panel = page.dream_panel
                while panel.day_picker.count() < 2 or page.runner.pending():
                    await asyncio.sleep(0.05)
                panel.day_picker.setCurrentIndex(1)
                vendor.script(Reply(text_chunks=["The person worked with the assistant and asked"],
                                    finish_reason="length"))
                panel.runs.dream_now()
                while not panel.failure_bar.isVisible() or panel.runs.dreaming:
                    await asyncio.sleep(0.05)
                await asyncio.sleep(0.3)
                page.grab().save(str(out_dir / f"dream-cut-{theme}.png"))

                def ask(parent, title, heading, options, action, theme=theme):  # type: ignore[no-untyped-def]
                    dlg = change_preview.ChangePreviewDialog(parent, title, heading, options, action)
                    dlg.show()
                    for _ in range(10):
                        QApplication.processEvents()
                    dlg.grab().save(str(out_dir / f"dream-degenerate-{theme}.png"))
                    dlg.close()
                    return None

                change_preview.ask = ask
                vendor.script(Reply(text_chunks=[WALK50_CARD]))
                panel.runs.dream_now()
                while panel.runs.dreaming:
                    await asyncio.sleep(0.05)
                page.detach()
                page.close()
                await page.runner.shutdown()
                presenter = ErrorPresenter(None)
                runner = TaskRunner(presenter)
                models = ModelsPage(svc, runner, presenter)
                models.resize(900, 360)
                models.show()
                models.reload()
                while models.table.rowCount() < 1 or runner.pending():
                    await asyncio.sleep(0.05)
                await asyncio.sleep(0.3)
                models.grab().save(str(out_dir / f"models-max-output-{theme}.png"))
                models.close()
                await runner.shutdown()

        loop.run_until_complete(scenario())
    for name in ("dream-cut", "dream-degenerate", "models-max-output"):
        for theme in ("light", "dark"):
            print(out_dir / f"{name}-{theme}.png")
    return 0


if __name__ == "__main__":
    run(main)
