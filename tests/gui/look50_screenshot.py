"""Screenshots of look50 (issue 29; a script, not a test): the window walked with the
design audit — the chats page with a stopped and an interrupted reply (their tags), the
message list focused (its ring and the action bar), a bar button focused, each section of
Settings opened from the rail, Search and Memory — at 1366×768 and 800×560, light and
dark; run again with ``QT_SCALE_FACTOR=1.25`` it shoots a 1280×720 screen at 125 % (a
1024×576 window, 1280×720 pixels). Each shot is run through the audit (contrast,
clipping) and its line printed.

    QT_QPA_PLATFORM=offscreen python -m tests.gui.look50_screenshot [OUT_DIR]
    QT_SCALE_FACTOR=1.25 QT_QPA_PLATFORM=offscreen python -m tests.gui.look50_screenshot [OUT_DIR]
"""

from __future__ import annotations

import os
from pathlib import Path

from tests.gui.shot_harness import audited, grab, offscreen_services, play, run, themed_windows


def main(out: Path) -> int:
    """Open each state on a small store, grab and audit it; returns 1 when an audit failed."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QApplication

    from chathub_desktop.core.messages import MessageStatus, Role
    from chathub_desktop.gui.chat.message_action_bar import MessageAction
    from chathub_desktop.gui.settings.settings_page import SettingsSection
    from chathub_desktop.gui.shell.nav_rail import RailEntry
    from tests.gui.test_message_action_bar import hover

    scaled = os.environ.get("QT_SCALE_FACTOR", "1") not in ("", "1")
    sizes = ((1024, 576),) if scaled else ((1366, 768), (800, 560))  # 1280×720 px at 125 %
    failed = 0
    with offscreen_services("chathub-look50-") as (loop, svc):
        local = svc.providers.add("llama.cpp server", "openai_compatible", "http://localhost:8083/v1")
        svc.provider_models.remember(local.id, ["smollm2-135m"], {"smollm2-135m": 2048})
        aid = svc.assistants.create("Assistant", provider="llama.cpp server", model="smollm2-135m").id
        topic = svc.topics.create(aid, "Lisbon in three days").id
        svc.chat.append_row(topic, Role.USER, "Plan three days in Lisbon, one line a day.")
        svc.chat.append_row(topic, Role.ASSISTANT, "Day 1: Alfama and the castle. Day 2: Belém.",
                            status=MessageStatus.CANCELLED, model="smollm2-135m")
        svc.chat.append_row(topic, Role.USER, "And a day for Sintra?")
        svc.chat.append_row(topic, Role.ASSISTANT, "Day 3: Sintra — Pena Palace early, then Regaleira.",
                            status=MessageStatus.INTERRUPTED, model="smollm2-135m")

        async def shoot() -> None:
            nonlocal failed

            async def shot(widget: object, name: str, theme: str, settle_s: float = 0.4) -> None:
                nonlocal failed
                await grab(widget, out / f"{name}.png", settle_s)
                failed += not audited(widget, name, theme)

            async for w, theme, tag in themed_windows(svc, topic, sizes=sizes, settle_s=0.8):
                w.activateWindow()
                await shot(w, f"window-{tag}", theme)
                view = w.message_view
                view.setFocus(Qt.FocusReason.TabFocusReason)
                await shot(w, f"focus-messages-{tag}", theme)
                hover(view, view.model().rowCount() - 1)
                view.action_bar.buttons[MessageAction.COPY].setFocus(Qt.FocusReason.TabFocusReason)
                await shot(w, f"focus-bar-button-{tag}", theme)
                w.composer.draft.setFocus()
                w.rail.buttons[RailEntry.SETTINGS].click()
                await grab(w, out / f"settings-{tag}.png", 0.8)
                focused = QApplication.focusWidget()
                print(f"settings-{tag} focus:", type(focused).__name__ if focused else None,
                      focused.accessibleName() if focused else "")
                page = w.page_host.currentWidget()
                for section in SettingsSection:
                    if section in page.pages:
                        page.show_section(section)
                        await shot(w, f"settings-{section.name.lower()}-{tag}", theme, 0.6)
                w.rail.buttons[RailEntry.SEARCH].click()
                await shot(w, f"search-{tag}", theme, 0.6)
                w.rail.buttons[RailEntry.MEMORY].click()
                await shot(w, f"memory-{tag}", theme, 1.5)
                w.rail.buttons[RailEntry.CHATS].click()
                await grab(w, out / f"back-{tag}.png", 0.4)

        play(loop, shoot)
    return 1 if failed else 0


if __name__ == "__main__":
    run(main)
