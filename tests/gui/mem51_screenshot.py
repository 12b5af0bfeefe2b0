"""Grabs a dream cut at the History Compress model's output cap on the Memory page of the
window (issue 30) — a script, not a test.

    QT_QPA_PLATFORM=offscreen python -m tests.gui.mem51_screenshot [OUT_DIR]

For English, 简体中文 and 日本語, at 1366×768 and 800×560, light then dark: the window's
Memory page after Dream now failed at the cap — the whole reason wrapped in the bar (it
was cut at "(Settings → Mo…"), Edit model card… and Choose History Compress model… under
its Retry — as ``cut-<lang>-<W>x<H>-<theme>.png``, each with its design audit line; then
the model card editor Edit model card… opens (``card-editor-<theme>.png``) into OUT_DIR
(default ``/tmp/chathub-shots``). The History Compress model is the scripted fake vendor.
Exit code 1 when an audit failed.
"""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from datetime import time as dtime
from pathlib import Path

from chathub_desktop.core.messages import Role
from tests.gui.shot_harness import SIZES, audited, offscreen_services, run


def main(out_dir: Path) -> int:
    from chathub_desktop.core.ui_language import UiLanguage
    from chathub_desktop.gui.shell.main_window import MainWindow
    from tests.fakes.vendor_server import FakeVendor, Reply

    bad = 0
    with offscreen_services("chathub-mem51-") as (loop, svc), FakeVendor() as vendor:
        svc.providers.add("Summ", "openai", vendor.base_url, api_key="sk-summ")
        svc.settings.set("history-compress-model", "Summ/smollm2-135m")
        svc.models.set("smollm2-135m", 2048, provider="Summ")
        a = svc.assistants.create("Assistant", provider="Summ", model="smollm2-135m")
        day = datetime.now(UTC).date() - timedelta(days=1)
        topic = svc.topics.create(a.id, title="Chat").id
        svc.chat.append_row(topic, role=Role.USER, content="what is a joke",
                            created_at=datetime.combine(day, dtime(12, tzinfo=UTC)))

        async def scenario() -> None:
            nonlocal bad
            window = MainWindow(svc)
            window.show()
            await window.load_assistants()
            await asyncio.sleep(0.5)
            page = window.pages.open_memory()
            assert page is not None
            panel = page.dream_panel
            while panel.day_picker.count() < 1 or page.runner.pending():
                await asyncio.sleep(0.05)
            for lang in (UiLanguage.ENGLISH, UiLanguage.CHINESE_SIMPLIFIED, UiLanguage.JAPANESE):
                window.view.language_actions[lang].trigger()
                for size in SIZES:
                    window.resize(*size)
                    for theme in ("light", "dark"):
                        window.view.prefs.set_theme(theme)
                        vendor.script(Reply(text_chunks=["The person worked with the assistant and asked"],
                                            finish_reason="length"))
                        panel.runs.dream_now()  # said in the language shown (the bar keeps its words)
                        while not panel.failure_bar.isVisible() or panel.runs.dreaming:
                            await asyncio.sleep(0.05)
                        await asyncio.sleep(0.5)
                        page.body_scroll.ensureWidgetVisible(panel.failure)
                        await asyncio.sleep(0.2)
                        name = f"cut-{lang.value}-{size[0]}x{size[1]}-{theme}"
                        window.grab().save(str(out_dir / f"{name}.png"))
                        bad += not audited(window, name, theme)
            window.view.language.apply(UiLanguage.SYSTEM)
            window.resize(*SIZES[0])
            for theme in ("light", "dark"):
                window.view.prefs.set_theme(theme)
                panel.card_button.click()
                while (cards := panel.failure.cards) is None or cards.dialog is None or not cards.dialog.isVisible():
                    await asyncio.sleep(0.05)
                dialog = cards.dialog
                await asyncio.sleep(0.4)
                dialog.grab().save(str(out_dir / f"card-editor-{theme}.png"))
                bad += not audited(dialog, f"card-editor-{theme}", theme)
                dialog.reject()
                cards.dialog = None
            await window.shutdown()
            window.close()

        loop.run_until_complete(scenario())
    return 1 if bad else 0


if __name__ == "__main__":
    run(main)
