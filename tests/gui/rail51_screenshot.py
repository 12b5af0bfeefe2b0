"""Screenshots of rail51 (issue 29; a script, not a test): the main window with an emoji
avatar (🎵) in the rail and a pinned topic over Today's (two group headers), at the app
font of 10 pt and of 12.5 pt (a 125 % font DPI), light and dark; each shot is run through
the design audit (contrast, clipping) and its line printed.

    QT_QPA_PLATFORM=offscreen python -m tests.gui.rail51_screenshot [OUT_DIR]
"""

from __future__ import annotations

from pathlib import Path

from tests.gui.shot_harness import audited, grab, offscreen_services, play, run, themed_windows


def main(out: Path) -> int:
    """Grab and audit the window at each font size and theme; returns 1 when an audit failed."""
    from PySide6.QtWidgets import QApplication

    from chathub_desktop.core.messages import Role

    failed = 0
    with offscreen_services("chathub-rail51-") as (loop, svc):
        aid = svc.assistants.create("Assistant", avatar="🎵").id
        svc.topics.set_pinned(svc.topics.create(aid, "Project conventions").id, True)
        svc.topics.create(aid, "Old release notes")
        topic = svc.topics.create(aid, "Lisbon in three days").id
        svc.chat.append_row(topic, Role.USER, "Plan three days in Lisbon, one line a day.")
        svc.chat.append_row(topic, Role.ASSISTANT, "Day 1: Alfama and the castle. Day 2: Belém. Day 3: Sintra.")

        async def shoot() -> None:
            nonlocal failed
            for points in (10.0, 12.5):
                font = QApplication.font()
                font.setPointSizeF(points)
                QApplication.setFont(font)
                async for w, theme, tag in themed_windows(svc, topic, sizes=((1366, 768),), settle_s=0.6):
                    name = f"rail-{points:g}pt-{tag}"
                    print(f"{name}: avatar {w.rail.avatar.width()} px, needs {w.rail.avatar.sizeHint().width()}")
                    await grab(w, out / f"{name}.png", 0.3)
                    failed += not audited(w, name, theme)

        play(loop, shoot)
    return 1 if failed else 0


if __name__ == "__main__":
    run(main)
