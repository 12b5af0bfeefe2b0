"""Screenshots of badge51 #4 (issue 29; a script, not a test): the main window right
after it opened a topic — the keyboard in the composer's draft (its caret and focus
ring), not on the rail's avatar — in the light and the dark theme; each shot is run
through the design audit (contrast, clipping) and its line printed.

    QT_QPA_PLATFORM=offscreen python -m tests.gui.focus51_screenshot [OUT_DIR]
"""

from __future__ import annotations

from pathlib import Path

from tests.gui.shot_harness import audited, grab, offscreen_services, play, run, themed_windows


def main(out: Path) -> int:
    """Open a topic in each theme, grab and audit it; returns 1 when an audit failed."""
    from PySide6.QtWidgets import QApplication

    from chathub_desktop.core.messages import Role

    failed = 0
    with offscreen_services("chathub-focus51-") as (loop, svc):
        aid = svc.assistants.create("Assistant").id
        topic = svc.topics.create(aid, "Lisbon in three days").id
        svc.chat.append_row(topic, Role.USER, "Plan three days in Lisbon, one line a day.")
        svc.chat.append_row(topic, Role.ASSISTANT, "Day 1: Alfama and the castle. Day 2: Belém. Day 3: Sintra.")

        async def shoot() -> None:
            nonlocal failed
            async for w, theme, tag in themed_windows(svc, topic, sizes=((1366, 768),), settle_s=0.6):
                w.activateWindow()
                w.opener.focus_draft()  # what opening the topic does (the harness opens it before showing)
                focused = QApplication.focusWidget()
                print(f"{tag}: focus on {type(focused).__name__} {focused.objectName() if focused else ''}")
                await grab(w, out / f"focus-at-start-{tag}.png", 0.3)
                failed += not audited(w, f"focus-at-start-{tag}", theme)

        play(loop, shoot)
    return 1 if failed else 0


if __name__ == "__main__":
    run(main)
