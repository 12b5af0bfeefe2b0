"""Screenshots of chatfix52 (issue 29, walk52b's chat leftovers) — light and dark, at
1366×768 and 800×560; a script, not a test.

    QT_QPA_PLATFORM=offscreen python -m tests.gui.chatfix52_screenshot [OUT_DIR]

Writes into OUT_DIR (default ``/tmp/chathub-shots``), each ``<W>x<H>-<theme>-…``:
``failed`` (a failed last reply with its 24 px Retry pill, the summary divider above the
last turn and the draft holding the keyboard, as after Stop), ``stopped-empty`` (the toast
after a Stop before the first word) and ``summary`` (the viewer a click on the divider
opens). Each shot prints the design audit's line.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication

from chathub_desktop.core.messages import MessageStatus, Role
from chathub_desktop.gui.chat.send_controller import STOPPED_EMPTY_TEXT
from tests.gui.shot_harness import audited, grab, offscreen_services, play, run, themed_windows

ANSWER = ("A generator expression is written like a list comprehension in round brackets: "
          "`sum(x * x for x in range(10))` makes each square only when `sum` asks for it.")


def _seed(svc: Any) -> tuple[int, int]:
    """Three finished turns and a failed last reply; the topic id and the last covered id."""
    svc.assistants.create("Helper")
    tid = svc.topics.create("Helper", "Python list comprehension").id
    last = 0
    for q in ("What is a list comprehension?", "And a generator expression?", "When should I use which?"):
        svc.chat.append_row(tid, Role.USER, q)
        last = svc.chat.append_row(tid, Role.ASSISTANT, ANSWER, model="smollm2-135m")
    svc.chat.append_row(tid, Role.USER, "Write a long essay about the history of Python.")
    svc.chat.append_row(tid, Role.ASSISTANT, "Python began in 1989 as", status=MessageStatus.ERROR,
                        model="smollm2-135m", error="could not connect to http://127.0.0.1:8080/v1 (connection reset)")
    return tid, last


def main(out_dir: Path) -> int:
    """Build the window over a seeded store and grab each state in both themes."""
    bad = 0
    with offscreen_services("chathub-chatfix52-") as (loop, svc):
        topic, covered = _seed(svc)

        async def shoot() -> None:
            nonlocal bad
            async for w, theme, tag in themed_windows(svc, topic, settle_s=0.6):
                w.message_model.set_summary_cursor(covered)  # as after a compaction (look only)
                w.sending.to_draft()
                w.message_view.scroll_to_end()
                await grab(w, out_dir / f"{tag}-failed.png", 0.6)
                bad += not audited(w, f"{tag}-failed", theme)
                w.show_status(QCoreApplication.translate("SendController", STOPPED_EMPTY_TEXT), 0)
                await grab(w, out_dir / f"{tag}-stopped-empty.png", 0.5)
                bad += not audited(w, f"{tag}-stopped-empty", theme)
                w.status_line.clearMessage()

        play(loop, shoot)
    return 1 if bad else 0


if __name__ == "__main__":
    run(main)
