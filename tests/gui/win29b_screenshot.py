"""Screenshots of issue 29's composer and view states, light and dark (a script, not a
test): text size Larger and Smaller (walk29 #24), the composer's Private toggle off and on
and the model menu searching (walk29 #7),
an assistant's emoji avatar in the rail and the greeting and the editor's avatar field
(walk29 #23), and a provider turned off in Settings → Providers.

    QT_QPA_PLATFORM=offscreen python -m tests.gui.win29b_screenshot OUT_DIR
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from tests.gui.shot_harness import close_window, grab, offscreen_services, open_window, run

THEMES = ("light", "dark")


def main(out: Path) -> int:
    """Build the window and grab each state in both themes; returns 0."""
    from chathub_desktop.core.messages import MessageStatus, Role
    from chathub_desktop.gui.design.tokens import TextSize

    with offscreen_services("chathub-shot-win29b-") as (loop, svc):
        p = svc.providers.add("OpenAI", "openai", "http://127.0.0.1:9/v1", api_key="sk-demo")
        svc.providers.add("Local", "openai_compatible", "http://127.0.0.1:8/v1", api_key="sk-l")
        svc.provider_models.remember(p.id, ["gpt-4o", "gpt-4o-mini", "gpt-4.1", "o4-mini"])
        svc.provider_models.remember(svc.providers.get("Local").id, ["llama-3.1-8b", "qwen2.5-7b"])
        a = svc.assistants.create("Writer", provider=p.id, model="gpt-4o-mini")
        svc.assistants.update(a.id, avatar="☕")
        topic = svc.topics.create(a.id, "Edit my intro").id
        svc.topics.append_message(topic, Role.USER, "Can you tighten this paragraph for a conference bio?")
        svc.topics.append_message(topic, Role.ASSISTANT, "Here is a tighter version:\n\n**Ana Lima** builds "
                                  "local-first tools for writers. She spoke at *PyCon* about offline sync.",
                                  status=MessageStatus.COMPLETE, model="gpt-4o-mini")

        async def scenario() -> None:
            w = await open_window(svc, topic, (1100, 720))
            await asyncio.sleep(1.0)
            w.composer.set_text("Make it one sentence shorter")
            for theme in THEMES:
                w.view.prefs.set_theme(theme)
                for size in (TextSize.LARGER, TextSize.SMALLER):
                    w.view.prefs.set_text_size(size)
                    await grab(w, out / f"text-{size.value}-{theme}.png", 0.6)
                w.view.prefs.set_text_size(TextSize.DEFAULT)
                toggle = w.context_controls.privacy.composer_toggle
                for state in ("off", "on"):
                    if toggle.isChecked() != (state == "on"):
                        toggle.click()
                    await grab(w.composer, out / f"composer-private-{state}-{theme}.png", 0.6)
                picker = w.model_picker.picker
                picker.menu_.popup(picker.mapToGlobal(picker.rect().bottomLeft()))
                await asyncio.sleep(0.3)
                assert picker.search is not None
                picker.search.setText("4o")
                await grab(picker.menu_, out / f"model-search-{theme}.png", 0.3)
                picker.menu_.hide()
            await w.create_topic()  # an empty topic: the greeting
            for theme in THEMES:
                w.view.prefs.set_theme(theme)
                await grab(w, out / f"avatar-greeting-{theme}.png", 0.6)
                dlg = w.pages.open_edit_assistant()
                while not dlg.is_loaded():
                    await asyncio.sleep(0.05)
                await grab(dlg, out / f"avatar-editor-{theme}.png", 0.4)
                dlg.reject()
            svc.providers.set_enabled("Local", False)
            settings = w.pages.open_settings()
            page = settings.providers_page
            await asyncio.sleep(0.5)
            page.list.setCurrentRow(0)
            for theme in THEMES:
                w.view.prefs.set_theme(theme)
                await grab(w, out / f"provider-off-{theme}.png", 0.6)
            w.view.prefs.set_theme("light")
            await close_window(w)

        loop.run_until_complete(scenario())
    return 0


if __name__ == "__main__":
    run(main)
