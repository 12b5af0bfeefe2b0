"""Screenshots of what lang47 put into the interface language (issue 27; a script, not a
test): the error bar when a tool server did not start before a send (its exit status and
stderr label said, the server's own words kept), and a message edit refused because the
message was deleted meanwhile, in Simplified Chinese and Japanese, light and dark, with
the design audit's verdict for each.

    QT_QPA_PLATFORM=offscreen python -m tests.gui.lang47_screenshot [OUT_DIR]

Writes ``<lang>-<theme>-error-bar-mcp.png`` (the window with the bar) and
``<lang>-<theme>-edit-refused.png`` (the window with the open editor).
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from tests.gui.shot_harness import Shot, offscreen_services, run, shoot_languages


def main(out: Path) -> int:
    """Open each state per language and theme, grab and audit; returns 0 when every
    audit passed, else 1."""
    from chathub_desktop.core.mcp_reasons import STDERR, named
    from chathub_desktop.core.messages import MessageStatus, Role
    from chathub_desktop.core.reasons import Reason
    from chathub_desktop.services.events import ToolServerDown

    with offscreen_services("chathub-shot-lang47-") as (loop, svc):
        aid = svc.assistants.create("Helper", model="gpt-4o").id
        topic = svc.topics.create(aid, title="Kyoto trip").id
        svc.chat.append_row(topic, Role.USER, "Plan the Kyoto trip in a table")
        svc.chat.append_row(topic, Role.ASSISTANT, "Here is the plan.", status=MessageStatus.COMPLETE)
        # one message to edit per language and theme (each scene's is deleted under its editor)
        edited = [svc.chat.append_row(topic, Role.USER, "Add the temples too") for _ in range(4)]
        # the typed line the MCP clients build for a server that exited at once
        why = Reason(STDERR, (named("weather", Reason("the server exited with status %1", ("3",))),
                              "Error: WEATHER_API_KEY is not set"))

        async def scene(window: Any, theme: str, shot: Shot) -> None:
            await window.load_assistants()
            window.select_topic(topic)
            await asyncio.sleep(1.0)
            window.error_bar.dismiss()
            svc.bus.publish(ToolServerDown(topic, "weather", why.english(), why))
            await asyncio.sleep(0.5)
            shot(window, "error-bar-mcp")
            mid = edited.pop()
            assert window.message_actions.edit_message(mid) is not None
            await asyncio.sleep(0.3)
            svc.messages.delete_message(mid)  # another window deletes it meanwhile
            task = window.message_actions.save_text(mid, "Add the temples and the gardens too")
            if task is not None:
                await task
            await asyncio.sleep(0.5)
            shot(window, "edit-refused")
            window.inline_editor.cancel()
            await asyncio.sleep(0.3)

        return shoot_languages(loop, svc, out, (1366, 768), scene)


if __name__ == "__main__":
    run(main, Path("/tmp/chathub-lang47"))
