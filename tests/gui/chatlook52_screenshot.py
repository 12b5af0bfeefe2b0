"""Screenshots of chatlook52's chat corners (issue 29, walk52 #8, #9, #11), light and
dark, at 1366×768 and 800×560; a script, not a test.

    QT_QPA_PLATFORM=offscreen python -m tests.gui.chatlook52_screenshot [OUT_DIR]

Writes into OUT_DIR (default ``/tmp/chathub-shots``), each ``<W>x<H>-<theme>-…``:
``chat`` (a reply at rest: no ⓘ on it; a user message with its "‹ 2 / 2 ›" arrows; a
failed reply whose kept text is reply text), ``hover`` (the last reply's action bar with
its ⓘ), ``keyboard`` (the list tabbed into: the current row outlined, no frame round the
list), ``empty-topics`` (an assistant without topics) and, at 1366×768, ``wizard`` (the
provider step listing a llama.cpp server with its "L" mark).
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from chathub_desktop.core.messages import MessageStatus, Role
from tests.gui.shot_harness import (
    SIZES,
    audited,
    grab,
    offscreen_services,
    play,
    run,
    themed_windows,
)

REPLY = ("A generator expression is a concise way to make values one at a time.\n\n"
         "It looks like a list comprehension in round brackets:\n\n```python\nsquares = (x * x for x in range(6))\n"
         "```\n\nNothing is computed until you iterate over it, so it uses little memory.")


def _seed(svc: Any) -> tuple[int, int]:
    """Two assistants: "Helper" with one topic (a question, a reply, another question
    and a failed reply with kept text), "Empty" with none; returns (topic id, Empty's id)."""
    svc.assistants.create("Helper")
    empty = svc.assistants.create("Empty").id
    svc.providers.add("llama.cpp server", "openai_compatible", "http://localhost:8080/v1")
    tid = svc.topics.create("Helper", "Generators").id
    svc.chat.append_row(tid, Role.USER, "What is a generator expression?")
    svc.chat.append_row(tid, Role.ASSISTANT, REPLY, model="smollm2-135m")
    svc.chat.append_row(tid, Role.USER, "hello garbage")
    svc.chat.append_row(tid, Role.ASSISTANT, "spam1 spam2", status=MessageStatus.ERROR, model="hostile-1",
                        error="the provider sent a stream event that is not JSON")
    return tid, empty


def main(out_dir: Path) -> int:
    """Build the window over a seeded store and grab every state in both themes."""
    from PySide6.QtCore import Qt

    bad = 0
    with offscreen_services("chathub-chatlook52-") as (loop, svc):
        topic, empty = _seed(svc)

        async def shoot() -> None:
            nonlocal bad
            async for w, theme, tag in themed_windows(svc, topic):
                w.reload_assistants(svc.topics.get(topic).assistant_id)
                await asyncio.sleep(0.5)
                w.select_topic(topic)
                await asyncio.sleep(0.5)
                model, view = w.message_model, w.message_view
                for _ in range(50):  # the topic's rows, read on a worker
                    if model.rowCount() == 4:
                        break
                    await asyncio.sleep(0.1)
                model.set_versions(topic, {model.message_at(0).id: (2, 2)})
                view.scroll_to_end()
                await grab(w, out_dir / f"{tag}-chat.png")
                bad += not audited(w, f"{tag}-chat", theme)
                view.show_bar(model.index(1))
                await grab(w, out_dir / f"{tag}-hover.png")
                w.activateWindow()
                view.setFocus(Qt.FocusReason.TabFocusReason)
                view.setCurrentIndex(model.index(1))
                await grab(w, out_dir / f"{tag}-keyboard.png")
                w.composer.draft.setFocus()
                w.reload_assistants(empty)  # an assistant without topics
                await asyncio.sleep(0.8)
                await grab(w.sidebar, out_dir / f"{tag}-empty-topics.png")
                bad += not audited(w, f"{tag}-empty-topics", theme)
                if tag.startswith(f"{SIZES[0][0]}x{SIZES[0][1]}-"):
                    wizard = w.pages.open_setup()
                    await asyncio.sleep(0.3)
                    wizard.next()
                    await asyncio.sleep(0.8)
                    await grab(wizard, out_dir / f"{tag}-wizard.png")
                    wizard.reject()

        play(loop, shoot)
    return 1 if bad else 0


if __name__ == "__main__":
    run(main)
