"""Screenshot of a reply with versions (issue 14 "Regenerate and edit-and-resend"); a
script, not a test.

    QT_QPA_PLATFORM=offscreen python -m tests.gui.versions_screenshot

Writes ``docs/screenshot-versions.png``: a topic whose last reply was regenerated twice,
showing version "‹ 2 / 3 ›", and an earlier user message that
was edited and resent ("‹ 2 / 2 ›").
"""

from __future__ import annotations

import asyncio
import sys
from datetime import UTC, datetime, timedelta

from tests.gui.shot_harness import REPO, grab, offscreen_services, shoot_light_window

FIRST = [("user", "Suggest a name for a small bakery by the sea."),
         ("assistant", "How about **Salt & Crumb**? It hints at the sea air and fresh bread.")]
EDITED = ("user", "Suggest a name for a small bakery by the sea, in Portuguese.")
QUESTION = ("user", "And a one-line slogan for it?")
REPLIES = ["*Bread with a view of the tide.*",
           "*Baked at dawn, by the waves.*",
           "*Where the sea breeze meets the oven.*"]


def seed(svc, now: datetime) -> int:  # type: ignore[no-untyped-def]
    """A topic with an edited-and-resent first message and three versions of its last
    reply (the second in view), written as the services write them."""
    from chathub_desktop.storage.message_branches import next_message_id, stash_tail
    from chathub_desktop.storage.models import Message

    a = svc.assistants.create("Copywriter")
    t = svc.topics.create(a.id, "Bakery name").id
    at = now - timedelta(minutes=30)

    def add(s, seq: int, role: str, text: str, usage: tuple[int, int] | None = None) -> None:  # type: ignore[no-untyped-def]
        nonlocal at
        at += timedelta(minutes=1)
        s.add(Message(id=next_message_id(s), topic_id=t, seq=seq, role=role, content=text, created_at=at,
                      model="gpt-4o" if role == "assistant" else None,
                      input_tokens=usage[0] if usage else None, output_tokens=usage[1] if usage else None))
        s.flush()

    with svc.db.write() as s:
        add(s, 1, *FIRST[0])
        add(s, 2, *FIRST[1], usage=(48, 21))
        stash_tail(s, t, 1)  # edit-and-resend of the first message
        add(s, 1, *EDITED)
        add(s, 2, "assistant", "**Sal & Miolo** — salt and the soft heart of the bread.", usage=(52, 18))
        add(s, 3, *QUESTION)
        for i, text in enumerate(REPLIES):
            if i:
                stash_tail(s, t, 4)  # Regenerate
            add(s, 4, "assistant", text, usage=(96, 12 + i))
    seq_of_reply = 4
    svc.versions.switch(t, seq_of_reply, 2)
    return t


def main() -> int:
    """Build the window, open the topic, save the screenshot."""
    from chathub_desktop.gui.chat.message_list_model import VersionRole

    out = REPO / "docs" / "screenshot-versions.png"
    with offscreen_services("chathub-versions-shot-") as (loop, svc):
        topic = seed(svc, datetime.now(UTC))

        async def scene(window) -> None:  # type: ignore[no-untyped-def]
            window.open_topic(topic)
            model = window.message_model
            while model.rowCount() < 4 or model.index(3).data(VersionRole) is None:
                await asyncio.sleep(0.05)
            await grab(window, out, 0.4)

        shoot_light_window(loop, svc, (1100, 640), scene)
    print(out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
