"""Screenshots of issue 28's settings (a script, not a test): the assistant dialog's
sampling card with a refused combination, the token popover's fallback note with its
card button, the model card editor and Settings → Models, each in light and dark.

    QT_QPA_PLATFORM=offscreen python -m tests.gui.sampling_screenshot [OUT_DIR]
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from tests.gui import shot_harness as shots


def main(out_dir: Path) -> int:
    from PySide6.QtWidgets import QApplication

    from chathub_desktop.gui.design.theme import apply_theme
    from chathub_desktop.gui.settings.assistant_dialog import AssistantDialog
    from chathub_desktop.gui.settings.models_page import ModelsPage

    with shots.offscreen_services("chathub-samplingshot-") as (loop, svc):
        svc.providers.add("Local", "openai_compatible", "http://127.0.0.1:9/v1")
        svc.providers.add("Claude", "anthropic", "http://127.0.0.1:9/v1", api_key="sk-x")
        a = svc.assistants.create("Planner", provider="Local", model="acme-local-7b", instructions="Be brief.")
        svc.assistants.update("Planner", temperature=0.7, top_p=0.9)
        svc.models.set("gpt-4o-mini", 128_000, max_output=16_384)
        topic = svc.topics.create(a.id, "Plans").id
        app = QApplication.instance()

        async def scenario() -> None:
            w = await shots.open_window(svc, topic, (1100, 760))
            for _ in range(100):  # the first estimate runs on a worker
                if w.composer.badge.estimate is not None:
                    break
                await asyncio.sleep(0.1)
            for theme in ("light", "dark"):
                apply_theme(app, theme, hint=False)  # type: ignore[arg-type]
                d = AssistantDialog(svc.assistants, svc.providers, w.runner, svc.assistants.get("Planner").id, parent=w)
                while not d.is_loaded():  # read on a worker (issue 29)
                    await asyncio.sleep(0.02)
                d.ui.tabs.setCurrentWidget(d.ui.modelTab)
                d.ui.effortCheck.setChecked(True)  # refused: effort with temperature
                d.show()
                await shots.grab(d, out_dir / f"assistant_sampling_{theme}.png")
                print("assistant dialog", theme, d.size().width(), "x", d.size().height())
                d.close()
                await shots.grab_popover(w, out_dir / f"popover_fallback_{theme}.png")
                w.estimate.card_dialog = None
                w.estimate.edit_card(w.composer.badge.estimate)
                while w.estimate.card_dialog is None:  # it opens once the providers are read
                    await asyncio.sleep(0.05)
                editor = w.estimate.card_dialog
                await shots.grab(editor, out_dir / f"model_card_editor_{theme}.png")
                editor.close()
                page = ModelsPage(svc, w.runner, w.presenter)
                page.resize(640, 320)
                page.show()
                await shots.grab(page, out_dir / f"settings_models_{theme}.png")
                page.close()
            await shots.close_window(w)

        loop.run_until_complete(scenario())
    return 0


if __name__ == "__main__":
    shots.run(main)
