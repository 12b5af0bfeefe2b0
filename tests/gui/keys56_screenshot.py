"""Help → Keyboard shortcuts opened on the chats page and on the Memory page (issue 30,
walk56 #2: off the chats page its topic keys are not live, so they are not listed), light
and dark at 1366×768, with the design audit's line. A helper, not a test:
``python -m tests.gui.keys56_screenshot [OUT_DIR]``."""

from __future__ import annotations

import asyncio
from pathlib import Path

from tests.gui.shot_harness import (
    audited,
    close_window,
    offscreen_services,
    open_memory,
    open_window,
    play,
    run,
)


def main(out: Path) -> int:
    bad = 0
    with offscreen_services("keys56-") as (loop, svc):
        aid = svc.assistants.create("Helper", model="gpt-4o-mini").id
        topic = svc.topics.create(aid, title="Orchestra schedule").id
        svc.memory.add(aid, "Prefers metric units")

        async def scene() -> None:
            nonlocal bad
            from chathub_desktop.gui.shell.nav_rail import PageId

            for theme in ("light", "dark"):
                w = await open_window(svc, topic, (1366, 768))
                w.view.prefs.set_theme(theme)
                await asyncio.sleep(0.4)
                for where in ("chats", "memory"):
                    if where == "memory":
                        await open_memory(w)
                        await asyncio.sleep(0.4)
                    dlg = w.pages.open_shortcuts()
                    await asyncio.sleep(0.5)
                    name = f"keys56-{theme}-{where}-shortcuts"
                    dlg.grab().save(str(out / f"{name}.png"))
                    bad += not audited(dlg, name, theme)
                    print(where, [row for row in dlg.rows if row[0] != "Memory"])
                    dlg.reject()
                    await asyncio.sleep(0.2)
                w.page_host.show_page(PageId.CHATS)
                w.pages.open_settings()
                await asyncio.sleep(0.4)
                print("Settings: Show sidebar tip:", w.view.sidebar_action.toolTip(),
                      [a.toString() for a in w.view.sidebar_action.shortcuts()])
                await close_window(w)

        play(loop, scene)
    return 1 if bad else 0


if __name__ == "__main__":
    run(main)
