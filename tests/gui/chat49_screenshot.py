"""Screenshots of the walk49 fixes, light and dark (issues 29, 30; a script, not a test).

    QT_QPA_PLATFORM=offscreen python -m tests.gui.chat49_screenshot [OUT_DIR]

At 1366x768: a reply with the walk's untagged Python block (plain, no "scdoc"), a reply
holding a lone U+202E followed by an Arabic and a Hebrew reply (``chat-*``), and Dream
now's preview with "Add card" the primary action (``dream-preview-*``), each audited.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from tests.gui import shot_harness as shots
from tests.gui.test_change_preview_cards import CARD
from tests.gui.test_markdown_render import WALK49_SNIPPET

MESSAGES = (
    ("user", "How do I build a list of squares?"),
    ("assistant", f"With nested for loops:\n\n```\n{WALK49_SNIPPET}```\n\nThat is all."),
    ("user", "And this?"),
    ("assistant", "abc\u202edef\nThe next line reads normally, left to right."),
    ("assistant", "مرحبا بالعالم — هذا سطر عربي.\n\nשלום עולם — זו שורה בעברית."),
)


def main(out_dir: Path) -> int:
    """Grab each state in both themes into ``out_dir``; 1 when an audit failed."""
    from datetime import UTC, datetime, timedelta

    from sqlalchemy import insert

    from chathub_desktop.core.memory_diff import EntryChanges
    from chathub_desktop.gui.memory.change_preview import ChangePreviewDialog, PreviewOption
    from chathub_desktop.storage.models import Message

    out_dir.mkdir(parents=True, exist_ok=True)
    bad = 0
    with shots.offscreen_services("chathub-chat49shot-") as (loop, svc):
        a = svc.assistants.create("Coder")
        topic = svc.topics.create(a.id, "Squares").id
        now = datetime.now(UTC) - timedelta(minutes=5)
        with svc.db.write() as s:
            s.execute(insert(Message), [{"topic_id": topic, "seq": i + 1, "role": role, "created_at": now,
                                         "content": text} for i, (role, text) in enumerate(MESSAGES)])

        async def scenario() -> None:
            nonlocal bad
            async for w, theme, tag in shots.themed_windows(svc, topic, sizes=((1366, 768),), settle_s=1.0):
                w.message_view.scroll_to_end()
                await shots.grab(w, out_dir / f"chat-{tag}.png", 0.8)
                bad += not shots.audited(w, f"chat-{tag}", theme)
                option = PreviewOption("add", "Add", ["Adds a card for 29 Nov"], EntryChanges(added=[CARD]),
                                       panes=(("New card", CARD),), primary=True)
                dlg = ChangePreviewDialog(w, "Dream now", "Add the dream card for Saturday, November 29, 2026?",
                                          [option], "Add card")
                dlg.show()
                await asyncio.sleep(0.5)
                dlg.grab().save(str(out_dir / f"dream-preview-{tag}.png"))
                bad += not shots.audited(dlg, f"dream-preview-{tag}", theme)
                dlg.reject()

        shots.play(loop, scenario)
    return 1 if bad else 0


if __name__ == "__main__":
    shots.run(main)
