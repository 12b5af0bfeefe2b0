"""Screenshots of polish51 (issue 29, walk51b #4, #5, #7), light and dark: the model card
editor opened on Max output with its title line, System Agent's Save/Cancel (the same
place in both themes), the Models table at 800×560 with a 20-character model id whole,
and the badge over its input budget with its tooltip in words. A helper, not a test:
``QT_QPA_PLATFORM=offscreen python -m tests.gui.polish51_screenshot [OUT_DIR]``."""

from __future__ import annotations

import asyncio
import dataclasses
from pathlib import Path
from typing import Any

from tests.gui.shot_harness import audited, close_window, offscreen_services, open_window, play, run

#: A model id of 20 characters (walk51b #5 saw "smoll…-135m" at 800 px).
MODEL = "qwen2.5-coder-7b-q4k"


def main(out: Path) -> int:
    """Shoot every state in both themes into ``out``; 1 when an audit failed."""
    from PySide6.QtWidgets import QApplication, QToolTip

    from chathub_desktop.gui.settings.card_field import CardField
    from chathub_desktop.gui.settings.model_card_dialog import ModelCardDialog
    from chathub_desktop.gui.settings.settings_page import SettingsSection
    from chathub_desktop.services.views import EstimateView

    bad = 0
    with offscreen_services("polish51-shots") as (loop, svc):
        local = svc.providers.add("llama.cpp server", "openai_compatible", "http://127.0.0.1:8083/v1")
        svc.provider_models.remember(local.id, [MODEL], {MODEL: 2048})
        for name in ("h-forever", "h-garbage", "h-huge"):
            other = svc.providers.add(name, "openai_compatible", "http://127.0.0.1:8084/v1")
            svc.provider_models.remember(other.id, ["hostile-1"], {})
        svc.models.set(MODEL, 2048, provider="llama.cpp server", max_output=12)
        assistant = svc.assistants.list()[0] if svc.assistants.list() else svc.assistants.create("Helper")
        topic = svc.topics.create(assistant.id, title="Imported").id

        def shot(widget: Any, name: str, theme: str) -> None:
            nonlocal bad
            QApplication.processEvents()
            widget.grab().save(str(out / f"{theme}-{name}.png"))
            bad += not audited(widget, f"{theme}-{name}", theme)

        async def scene() -> None:
            for theme in ("light", "dark"):
                w = await open_window(svc, topic, (1366, 768))
                w.view.prefs.set_theme(theme)
                await asyncio.sleep(0.5)
                card = next(c for c in svc.models.list() if c.model == MODEL)
                dlg = ModelCardDialog(svc.models, svc.providers.list(), w.runner, w.presenter, model=MODEL,
                                      card=card, focus=CardField.MAX_OUTPUT, parent=w)
                dlg.show()
                await asyncio.sleep(0.5)
                print(theme, "card dialog focus:", type(dlg.focusWidget()).__name__,
                      repr(dlg.max_output_spin.lineEdit().selectedText()))
                shot(dlg, "model-card-max-output", theme)
                dlg.reject()
                settings = w.pages.open_system_agent()
                await asyncio.sleep(0.8)
                save = settings.system_page.save_button
                print(theme, "System Agent Save at", save.mapTo(w, save.rect().topLeft()))
                shot(w, "system-agent", theme)
                w.resize(800, 560)
                settings.show_section(SettingsSection.MODELS)
                await asyncio.sleep(0.8)
                shot(w, "models-800", theme)
                w.back_action.trigger()
                w.resize(1366, 768)
                await asyncio.sleep(0.5)
                badge = w.composer.badge
                plan = EstimateView(topic_id=topic, parts={"history": 84_240}, total=84_240, context_window=16_000,
                                    input_budget=12_000, included=4, dropped=0, encoding="o200k_base",
                                    local_total=84_240)
                for tag, e in (("badge-over", plan),
                               ("badge-over-threshold", dataclasses.replace(plan, threshold_trigger=10_000))):
                    badge.show_estimate(e)
                    QToolTip.showText(badge.mapToGlobal(badge.rect().topLeft()), badge.toolTip(), badge)
                    await asyncio.sleep(0.4)
                    tips = [t for t in QApplication.topLevelWidgets()
                            if t.metaObject().className() == "QTipLabel" and t.isVisible()]
                    print(theme, tag, "accessible:", badge.accessibleDescription())
                    shot(w.composer, tag, theme)
                    if tips:
                        tips[0].grab().save(str(out / f"{theme}-{tag}-tooltip.png"))
                    QToolTip.hideText()
                await close_window(w)

        play(loop, scene)
    return 1 if bad else 0


if __name__ == "__main__":
    run(main, Path("/work/wt/_shots/polish51"))
