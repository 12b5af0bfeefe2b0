"""Screenshots of the assistant editor as setting cards (a script, not a test; issue 29,
walk52b): each of its four groups, light and dark, at the size it opens at on a
1366×768 screen, squeezed to 984×496 (1280×720 at 125 %) and to 760×520 (over an
800×560 window); then each group in 简体中文 and 日本語. Every shot is run through the
design audit (contrast, text cut); the exit code is 1 when one failed.

    QT_QPA_PLATFORM=offscreen python -m tests.gui.assistant_editor_screenshot [OUT_DIR]
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from tests.gui import shot_harness as shots

#: (tag, window size, dialog size), pixels: 720×640 is the size the dialog opens at on a
#: 1366×768 screen (the offscreen screen is smaller).
SIZES = (("1366", (1366, 768), (720, 640)), ("125pct", (1024, 576), (984, 496)), ("800", (800, 560), (760, 520)))
#: The groups' file names, in tab order.
GROUPS = ("prompt", "model", "memory", "advanced")


def main(out_dir: Path) -> int:
    from chathub_desktop.core.ui_language import UiLanguage
    from chathub_desktop.gui.settings.assistant_dialog import AssistantDialog

    with shots.offscreen_services("chathub-asst53shot-") as (loop, svc):
        svc.providers.add("llama.cpp server", "openai_compatible", "http://127.0.0.1:9/v1")
        a = svc.assistants.create("Assistant", provider="llama.cpp server", model="smollm2-135m",
                                  instructions="You are a careful writing partner. Answer briefly; ask before "
                                               "rewriting whole paragraphs.", max_tokens=512, max_tokens_enabled=True)
        svc.assistants.update(a.id, avatar="🤖", temperature=0.7, history_limit_enabled=True, summarize_history=True)
        topic = svc.topics.create(a.id, "Plans").id
        bad = 0

        async def open_dialog(w: Any) -> Any:
            d = AssistantDialog(svc.assistants, svc.providers, w.runner, a.id, parent=w,
                                provider_models=svc.provider_models)
            while not d.is_loaded():  # read on a worker (issue 29)
                await asyncio.sleep(0.02)
            return d

        async def groups(d: Any, prefix: str, theme: str) -> None:
            nonlocal bad
            d.show()
            for i, group in enumerate(GROUPS):
                d.ui.tabs.setCurrentIndex(i)
                name = f"{prefix}-{group}"
                await shots.grab(d, out_dir / f"{name}.png", 0.4)
                bad += not shots.audited(d, name, theme)
                if group == "memory":  # its end, scrolled down
                    bar = d.ui.chatPrefTab.verticalScrollBar()
                    if bar.maximum() > 0:
                        bar.setValue(bar.maximum())
                        await shots.grab(d, out_dir / f"{name}-end.png", 0.3)
                        bad += not shots.audited(d, f"{name}-end", theme)
            print(prefix, d.width(), "x", d.height())
            d.reject()

        async def scenario() -> None:
            for tag, window_size, dialog_size in SIZES:
                w = await shots.open_window(svc, topic, window_size)
                for theme in ("light", "dark"):
                    w.view.prefs.set_theme(theme)
                    await asyncio.sleep(0.4)
                    d = await open_dialog(w)
                    d.resize(*dialog_size)
                    await groups(d, f"en-{tag}-{theme}", theme)
                if tag == "1366":
                    w.view.prefs.set_theme("light")
                    for lang in (UiLanguage.CHINESE_SIMPLIFIED, UiLanguage.JAPANESE):
                        w.view.language_actions[lang].trigger()
                        await asyncio.sleep(0.4)
                        d = await open_dialog(w)
                        d.resize(*dialog_size)
                        await groups(d, f"{lang.value}-{tag}-light", "light")
                    w.view.language.apply(UiLanguage.SYSTEM)
                await shots.close_window(w)

        shots.play(loop, scenario)
    return 1 if bad else 0


if __name__ == "__main__":
    shots.run(main)
