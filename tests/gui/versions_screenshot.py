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
import tempfile
from datetime import UTC, datetime, timedelta
from pathlib import Path

from tests.gui.shot_harness import REPO

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
    import keyring
    import qasync

    from chathub_desktop.app_bootstrap import make_application
    from chathub_desktop.gui.chat.message_list_model import VersionRole
    from chathub_desktop.gui.shell.main_window import MainWindow
    from chathub_desktop.gui.shell.task_runner import install_asyncgen_hooks
    from chathub_desktop.services.container import open_services
    from tests.fakes.memory_keyring import MemoryKeyring

    keyring.set_keyring(MemoryKeyring())
    tmp = Path(tempfile.mkdtemp(prefix="chathub-versions-shot-"))
    app = make_application()
    loop = qasync.QEventLoop(app)
    asyncio.set_event_loop(loop)
    install_asyncgen_hooks(loop)
    svc = open_services(f"sqlite:///{tmp / 'store.sqlite3'}")
    topic = seed(svc, datetime.now(UTC))
    window = MainWindow(svc)
    window.view.prefs.set_theme("light")
    window.resize(1100, 640)
    window.show()
    out = REPO / "docs" / "screenshot-versions.png"

    async def scenario() -> None:
        await asyncio.sleep(0.3)
        window.open_topic(topic)
        model = window.message_model
        while model.rowCount() < 4 or model.index(3).data(VersionRole) is None:
            await asyncio.sleep(0.05)
        await asyncio.sleep(0.4)
        app.processEvents()
        window.grab().save(str(out))
        await window.shutdown()

    try:
        loop.run_until_complete(scenario())
    finally:
        svc.close()
    print(out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
