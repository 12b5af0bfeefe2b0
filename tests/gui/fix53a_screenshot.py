"""Screenshots of fix53a (walk53 #1, #2, #5, #6; issue 29) — a script, not a test.

    QT_QPA_PLATFORM=offscreen python -m tests.gui.fix53a_screenshot [OUT_DIR]

Writes into OUT_DIR (default ``/tmp/chathub-shots``) at 1366×768: ``links-<theme>-…``
(a reply with a link opened in light, then switched live to dark and back: the link in
the current theme's colour each time), ``failed-<theme>`` (a server that was down and a
connection dropped mid-reply, said plainly with Details…), ``details-<theme>`` (the box
Details… opens), ``copied-<theme>`` (the hover bar's Copy as a check, "Copied") and, in
简体中文 and 日本語, ``<lang>-<theme>-memory`` (an entry from a memory file: its chip
said whole). Each shot prints the design audit's line.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from chathub_desktop.core.messages import MessageStatus, Role
from chathub_desktop.core.reasons import reason_data
from chathub_desktop.gui.chat.link_policy import DETAILS_HREF
from chathub_desktop.gui.chat.message_action_bar import MessageAction
from chathub_desktop.providers.base import ErrorKind, ProviderError, TransportFault
from chathub_desktop.providers.fault_words import fault_reason
from tests.gui.shot_harness import (
    audited,
    grab,
    offscreen_services,
    open_window,
    play,
    run,
    shoot_languages,
)

LINKED = "Start with [the official tutorial](https://docs.python.org/3/tutorial/) — it takes an afternoon."


def _fault(fault: TransportFault, raw: str, kept: bool) -> dict[str, object]:
    exc = ProviderError(ErrorKind.NETWORK, raw, fault=fault, address="127.0.0.1:8080")
    why = fault_reason(exc, "llama.cpp", kept_text=kept)
    assert why is not None
    return {"error": raw, "error_kind": "network", "error_reason": reason_data(why), "model": "smollm2-135m"}


def _seed(svc: Any) -> int:
    a = svc.assistants.create("Helper")
    tid = svc.topics.create("Helper", "Learning Python").id
    svc.chat.append_row(tid, Role.USER, "Where should I start learning Python?")
    svc.chat.append_row(tid, Role.ASSISTANT, LINKED, model="smollm2-135m")
    svc.chat.append_row(tid, Role.USER, "Tell me a long story about a lighthouse keeper.")
    svc.chat.append_row(tid, Role.ASSISTANT, "The keeper climbed the stairs at dusk,", status=MessageStatus.ERROR,
                        **_fault(TransportFault.DROPPED, "stream ended early: connection from 127.0.0.1 lost (peer "
                                 "closed connection without sending complete message body (incomplete chunked read))",
                                 True))
    svc.chat.append_row(tid, Role.USER, "Are you there?")
    svc.chat.append_row(tid, Role.ASSISTANT, "", status=MessageStatus.ERROR,
                        **_fault(TransportFault.UNREACHABLE, "could not connect to http://127.0.0.1:8080/v1/chat/"
                                 "completions (All connection attempts failed)", False))
    other = svc.assistants.create("Notes")
    svc.memory.add(other.id, "Ana's timezone is Europe/Lisbon.")
    preview = svc.memory_files.preview_import(a.id, svc.memory_files.export(other.id).encode(), name="notes.json")
    svc.memory_files.apply_import(preview)
    return tid


def main(out_dir: Path) -> int:
    """Build the window over a seeded store and grab each state."""
    bad = 0
    with offscreen_services("chathub-fix53a-") as (loop, svc):
        topic = _seed(svc)

        async def shoot() -> None:
            nonlocal bad
            w = await open_window(svc, topic, (1366, 768))
            view = w.message_view
            for step, theme in enumerate(("light", "dark", "light", "dark")):
                w.view.theme_actions[theme].trigger()  # live, as View → Theme
                view.scroll_to_end()
                await grab(w, out_dir / f"links-{theme}-{step}.png", 0.6)
                bad += not audited(w, f"links-{theme}-{step}", theme)
                if step >= 2:
                    await grab(w, out_dir / f"failed-{theme}.png", 0.1)
                    view.follow_link(w.message_model.index(5), DETAILS_HREF)
                    await asyncio.sleep(0.4)
                    box = view.findChild(object, "errorDetailsBox")
                    if box is not None:
                        await grab(box, out_dir / f"details-{theme}.png", 0.2)
                        bad += not audited(box, f"details-{theme}", theme)
                        box.close()
                    await asyncio.sleep(0.3)
                    view.show_bar(w.message_model.index(1))
                    view.action_bar.buttons[MessageAction.COPY].click()
                    await grab(w, out_dir / f"copied-{theme}.png", 0.2)
                    bad += not audited(w, f"copied-{theme}", theme)
            await w.shutdown()
            w.close()

        play(loop, shoot)

        async def memory(window: Any, theme: str, shot: Any) -> None:
            window.pages.open_memory()
            await asyncio.sleep(0.8)
            shot(window, "memory")

        bad += shoot_languages(loop, svc, out_dir, (1366, 768), memory)
    return 1 if bad else 0


if __name__ == "__main__":
    run(main)
