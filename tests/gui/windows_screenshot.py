"""Screenshots of issue 28's provider step and model lists (a script, not a test): the
setup wizard's provider step with its preset list open (an icon per preset), the
provider form a preset opens, and the assistant dialog's model list and the topic's
model menu with the windows the provider reported, each in light and dark.

    QT_QPA_PLATFORM=offscreen python -m tests.gui.windows_screenshot [OUT_DIR]
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from tests.gui import shot_harness as shots

SERVED = ["llama-3.1-8b-instruct", "qwen2.5-coder-32b-instruct", "smollm2-135m", "nomic-embed-text"]
WINDOWS = {"llama-3.1-8b-instruct": 131_072, "qwen2.5-coder-32b-instruct": 32_768, "smollm2-135m": 8192}


def main(out_dir: Path) -> int:
    from PySide6.QtWidgets import QApplication

    from chathub_desktop.gui.design.theme import apply_theme

    with shots.offscreen_services("chathub-windowsshot-") as (loop, svc):
        p = svc.providers.add("Local llama.cpp", "openai_compatible", "http://127.0.0.1:8080/v1")
        svc.provider_models.remember(p.id, SERVED, WINDOWS)
        a = svc.assistants.create("Helper", provider="Local llama.cpp", model="smollm2-135m")
        topic = svc.topics.create(a.id, "Plans").id
        app = QApplication.instance()

        async def scenario() -> None:
            w = await shots.open_window(svc, topic, (1100, 760))
            for theme in ("light", "dark"):
                apply_theme(app, theme, hint=False)  # type: ignore[arg-type]
                wizard = w.pages.open_setup()
                wizard.next()
                page = wizard.provider_page
                names = [page.presets.item(i).text() for i in range(page.presets.count())]
                page.presets.setCurrentRow(names.index("OpenRouter"))
                await shots.grab(wizard, out_dir / f"wizard_provider_step_{theme}.png")
                page.presets.setCurrentRow(names.index("llama.cpp server"))
                form = page.add_provider()
                await shots.grab(form, out_dir / f"provider_form_preset_{theme}.png")
                form.reject()
                wizard.reject()
                dlg = w.pages.open_edit_assistant()
                while not dlg.is_loaded():  # read on a worker (issue 29)
                    await asyncio.sleep(0.02)
                for _ in range(50):
                    if not dlg.model_choices.pending():
                        break
                    await asyncio.sleep(0.1)
                await shots.grab(dlg, out_dir / f"assistant_model_hint_{theme}.png")
                dlg.ui.modelCombo.showPopup()
                await shots.grab(dlg.ui.modelCombo.view().window(), out_dir / f"model_list_windows_{theme}.png")
                dlg.ui.modelCombo.hidePopup()
                dlg.reject()
                picker = w.model_picker.picker
                w.model_picker.sync()
                for _ in range(50):
                    if any(g.windows for g in picker.groups):
                        break
                    await asyncio.sleep(0.1)
                picker.menu_.popup(picker.mapToGlobal(picker.rect().topLeft()))
                await shots.grab(picker.menu_, out_dir / f"topic_model_menu_windows_{theme}.png")
                picker.menu_.hide()
            await shots.close_window(w)

        loop.run_until_complete(scenario())
    return 0


if __name__ == "__main__":
    shots.run(main)
