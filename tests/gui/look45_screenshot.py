"""Screenshots of look45 (issue 29; a script, not a test): assistants with a face — the
rail, its menu, the chat's header and an empty topic's greeting with an emoji avatar and
a letter one, the
New assistant dialog with its avatar grid open — and Settings → Models with a long model
id, at 1366×768 and 800×560 in the light and the dark theme; each shot is run through
the design audit (contrast, clipping) and its line printed.

    QT_QPA_PLATFORM=offscreen python -m tests.gui.look45_screenshot [OUT_DIR]
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from tests.gui.shot_harness import audited, grab, offscreen_services, play, run, themed_windows

LONG_ID = "meta-llama/Meta-Llama-3.1-405B-Instruct-Turbo-128k-preview-2024-09-30"


def main(out: Path) -> int:
    """Open each state on a small store, grab and audit it; returns 1 when an audit failed."""
    from chathub_desktop.core.avatars import DEFAULT_AVATAR
    from chathub_desktop.core.messages import Role
    from chathub_desktop.gui.settings.settings_page import SettingsSection

    failed = 0
    with offscreen_services("chathub-look45-") as (loop, svc):
        local = svc.providers.add("llama.cpp server", "openai_compatible", "http://localhost:8083/v1")
        svc.provider_models.remember(local.id, ["smollm2-135m", "qwen2.5-7b-instruct-q4_k_m"],
                                     {"smollm2-135m": 2048, "qwen2.5-7b-instruct-q4_k_m": 32768})
        svc.models.set(LONG_ID, 131072, max_output=16384, encoding="cl100k_base")
        svc.models.set("gpt-4.1", 1_047_576, provider="llama.cpp server", max_output=32768)
        aid = svc.assistants.create("Assistant", provider="llama.cpp server", model="smollm2-135m",
                                    avatar=DEFAULT_AVATAR).id
        svc.assistants.create("Travel planner", avatar="🗺️")
        svc.assistants.create("Reviewer")  # no face picked: its initial
        topic = svc.topics.create(aid, "Lisbon in three days").id
        svc.chat.append_row(topic, Role.USER, "Plan three days in Lisbon, one line a day.")
        svc.chat.append_row(topic, Role.ASSISTANT, "Day 1: Alfama and the castle. Day 2: Belém. Day 3: Sintra.")
        empty = svc.topics.create(aid, "Packing list").id  # the greeting: the assistant's face, large

        async def shoot() -> None:
            nonlocal failed

            async def shot(widget: object, name: str, theme: str, settle_s: float = 0.4) -> None:
                nonlocal failed
                await grab(widget, out / f"{name}.png", settle_s)
                failed += not audited(widget, name, theme)

            async for w, theme, tag in themed_windows(svc, topic, settle_s=0.6):
                await shot(w, f"window-{tag}", theme)
                w.select_topic(empty)
                await shot(w, f"greeting-{tag}", theme, 0.6)
                w.select_topic(topic)
                rail = w.rail
                rail.menu.popup(rail.avatar.mapToGlobal(rail.avatar.rect().bottomRight()))
                await grab(rail.menu, out / f"rail-menu-{tag}.png")
                rail.menu.hide()
                dlg = w.pages.open_new_assistant()
                while not dlg.is_loaded():
                    await asyncio.sleep(0.05)
                await shot(dlg, f"new-assistant-{tag}", theme)
                dlg.ui.avatarCombo.showPopup()
                await asyncio.sleep(0.4)
                popup = dlg.ui.avatarCombo.view().window()
                await grab(popup, out / f"avatar-grid-{tag}.png")
                dlg.ui.avatarCombo.hidePopup()
                dlg.reject()
                settings = w.pages.open_settings()
                settings.show_section(SettingsSection.MODELS)
                await shot(w, f"models-{tag}", theme, 0.8)
                w.back_action.trigger()

        play(loop, shoot)
    return 1 if failed else 0


if __name__ == "__main__":
    run(main)
