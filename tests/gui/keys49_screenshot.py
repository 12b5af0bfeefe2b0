"""Screenshots of keys49 (walk49 #3, #4, #9; a script, not a test): the focus ring on a
stop of each region of the main window — a rail button, New topic, the topic list, the
chat header's toggle, the messages (the action bar), the model chip, Send — the window asked for 640×480 (it keeps
800×560), and the setup wizard's welcome, in the light and the dark theme; each shot is
run through the design audit (contrast, clipping) and its line printed.

    QT_QPA_PLATFORM=offscreen python -m tests.gui.keys49_screenshot [OUT_DIR]
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from tests.gui.shot_harness import audited, grab, offscreen_services, play, run, themed_windows


def main(out: Path) -> int:
    """Open each state on a small store, grab and audit it; returns 1 when an audit failed."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QWidget

    from chathub_desktop.core.messages import Role

    failed = 0
    with offscreen_services("chathub-keys49-") as (loop, svc):
        local = svc.providers.add("llama.cpp server", "openai_compatible", "http://localhost:8083/v1")
        svc.provider_models.remember(local.id, ["smollm2-135m"], {"smollm2-135m": 2048})
        aid = svc.assistants.create("Assistant", provider="llama.cpp server", model="smollm2-135m").id
        topic = svc.topics.create(aid, "Lisbon in three days").id
        svc.chat.append_row(topic, Role.USER, "Plan three days in Lisbon, one line a day.")
        svc.chat.append_row(topic, Role.ASSISTANT, "Day 1: Alfama and the castle. Day 2: Belém. Day 3: Sintra.")

        async def shoot() -> None:
            nonlocal failed
            async for w, theme, tag in themed_windows(svc, topic, sizes=((1366, 768),), settle_s=0.6):
                w.activateWindow()
                stops = {"rail": w.rail.findChildren(QWidget, "railButton")[0],
                         "new-topic": w.sidebar.findChild(QWidget, "newTopicButton"),
                         "topic-list": w.topic_list, "header-toggle": w.chat_header.toggle,
                         "messages": w.message_view,  # the action bar on the newest row in view
                         "model-chip": w.model_picker.picker, "send": w.composer.send_button}
                w.composer.draft.setPlainText("Which day is best for Sintra?")  # Send enabled
                for name, stop in stops.items():
                    stop.setFocus(Qt.FocusReason.TabFocusReason)
                    await grab(w, out / f"focus-{name}-{tag}.png", 0.3)
                failed += not audited(w, f"focus-send-{tag}", theme)
                w.composer.draft.setPlainText("")
                w.resize(640, 480)
                await grab(w, out / f"asked-640x480-{tag}.png", 0.5)
                print(f"asked 640x480 -> {w.width()}x{w.height()}")
                w.resize(1366, 768)
                wizard = w.pages.open_setup()
                await asyncio.sleep(0.5)
                await grab(wizard, out / f"wizard-welcome-{tag}.png", 0.3)
                failed += not audited(wizard, f"wizard-welcome-{tag}", theme)
                wizard.reject()

        play(loop, shoot)
    return 1 if failed else 0


if __name__ == "__main__":
    run(main)
