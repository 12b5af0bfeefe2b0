"""Grabs the model choosers' headings (issue 28, walkthrough F7) — a script, not a test.

    QT_QPA_PLATFORM=offscreen python -m tests.gui.model_headings_screenshot [OUT_DIR]

For the light and the dark theme writes ``chooser-combo-<theme>.png`` (the assistant
dialog's model list: "Served by Local", the bundled catalog, the free-text line),
``chooser-picker-<theme>.png`` (the topic's picker menu), ``chooser-regenerate-<theme>.png``
(Regenerate with) and ``chooser-refused-<theme>.png`` (System Agent refusing a model it
cannot run) into OUT_DIR (default ``/tmp/chathub-shots``).
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from chathub_desktop.core.messages import Role
from tests.gui import shot_harness as shots


def main(out_dir: Path) -> int:
    from PySide6.QtWidgets import QApplication

    from chathub_desktop.gui.design.theme import apply_theme

    with shots.offscreen_services("chathub-headings-") as (loop, svc):
        p = svc.providers.add("Local", "openai_compatible", "http://127.0.0.1:9/v1")
        svc.providers.add("Anthropic", "anthropic", "https://api.anthropic.com", api_key="sk-ant")
        svc.provider_models.remember(p.id, ["smollm2-135m", "llama-3.1-8b-instruct"])
        a = svc.assistants.create("Helper", provider=p.id, model="smollm2-135m")
        topic = svc.topics.create(a.id, "First chat").id
        svc.chat.append_row(topic, role=Role.USER, content="Hello")
        svc.chat.append_row(topic, role=Role.ASSISTANT, content="Hi! How can I help?")

        async def scenario() -> None:
            for theme in ("light", "dark"):
                apply_theme(QApplication.instance(), theme, hint=False)  # type: ignore[arg-type]
                w = await shots.open_window(svc, topic, (1100, 720))
                apply_theme(QApplication.instance(), theme, hint=False)  # type: ignore[arg-type]  # the window kept its own
                await asyncio.sleep(0.2)
                dlg = w.pages.open_edit_assistant()
                while not dlg.is_loaded():  # read on a worker (issue 29)
                    await asyncio.sleep(0.02)
                while dlg.model_choices.pending():
                    await asyncio.sleep(0.05)
                combo = dlg.ui.modelCombo
                combo.showPopup()
                await shots.grab(combo.view().window(), out_dir / f"chooser-combo-{theme}.png")
                combo.hidePopup()
                providers = dlg.ui.providerCombo
                providers.setCurrentIndex(providers.findText("Anthropic"))
                await asyncio.sleep(0.1)
                while dlg.model_choices.pending():
                    await asyncio.sleep(0.05)
                combo.showPopup()
                await shots.grab(combo.view().window(), out_dir / f"chooser-combo-catalog-{theme}.png")
                combo.hidePopup()
                dlg.reject()
                picker = w.model_picker.picker
                while not picker.groups:
                    await asyncio.sleep(0.05)
                picker.menu_.popup(picker.mapToGlobal(picker.rect().topLeft()))
                await shots.grab(picker.menu_, out_dir / f"chooser-picker-{theme}.png")
                picker.menu_.hide()
                menu = w.versions.regenerate_with_menu
                menu.popup(w.mapToGlobal(w.rect().center()))
                await shots.grab(menu, out_dir / f"chooser-regenerate-{theme}.png")
                menu.hide()
                sdlg = w.pages.open_system_agent()
                page = sdlg.system_page
                cp = page.compress_picker
                cp.provider_combo.setCurrentIndex(0)  # the first OpenAI provider: there is none
                cp.model_combo.setCurrentText("gpt-5-mini")
                page.save()
                while not page.error_label.isVisible():
                    await asyncio.sleep(0.05)
                await shots.grab(sdlg, out_dir / f"chooser-refused-{theme}.png")
                sdlg.reject()
                await shots.close_window(w)

        loop.run_until_complete(scenario())
    return 0


if __name__ == "__main__":
    shots.run(main)
