"""Screenshots of issue 28's one bidi rule in labels (a script, not a test): a search
result and a receipt whose outside text holds a lone U+202E RIGHT-TO-LEFT OVERRIDE (left
out, with a note) and one closed on its line (kept), in light and dark at 1366x768.

    QT_QPA_PLATFORM=offscreen python -m tests.gui.bidi50_screenshot [OUT_DIR]
"""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime
from pathlib import Path

from chathub_desktop.core.messages import Role
from tests.gui import shot_harness as shots

RLO, PDF = "\u202e", "\u202c"


def main(out_dir: Path) -> int:
    """Grab the search page and the receipt in both themes into ``out_dir``; 1 when an
    audit failed."""
    from chathub_desktop.gui.context.receipt_dialog import ReceiptDialog
    from chathub_desktop.services.views import MessageView

    bad = 0
    with shots.offscreen_services("chathub-bidi50shot-") as (loop, svc):
        a = svc.assistants.create("Helper")
        lone = svc.topics.create(a.id, f"Invoice {RLO}fdp.exe and the rest of the title").id
        svc.topics.append_message(lone, Role.USER, f"the lighthouse report {RLO}is here, then more words")
        closed = svc.topics.create(a.id, f"Attachment {RLO}txt.exe{PDF} closed on its line").id
        svc.topics.append_message(closed, Role.USER, f"the lighthouse keeper {RLO}gol{PDF} reads on")
        reply = MessageView(id=9, topic_id=lone, seq=2, role=Role.ASSISTANT, content="x", content_type="text",
                            status="complete", created_at=datetime(2026, 12, 4, tzinfo=UTC),
                            model=f"gpt{RLO}-4o-mini",
                            receipt={"v": 1, "recalled": [{"topic_id": lone, "title": f"Plans {RLO}for May"},
                                                          {"topic_id": closed, "title": f"Keep {RLO}kept{PDF} ok"}]})

        async def scene() -> None:
            nonlocal bad
            w = await shots.open_window(svc, lone, (1366, 768))
            for theme in ("light", "dark"):
                w.view.prefs.set_theme(theme)
                await asyncio.sleep(0.3)
                page = w.search.open()
                page.box.setText("lighthouse")
                while page.messages.count() < 4:  # two topic headers, two hits
                    await asyncio.sleep(0.05)
                await shots.grab(w, out_dir / f"bidi-search-{theme}.png")
                bad += not shots.audited(w, "search", theme)
                d = ReceiptDialog(reply, w, open_topic=lambda _t: None)
                d.show()
                await shots.grab(d, out_dir / f"bidi-receipt-{theme}.png")
                bad += not shots.audited(d, "receipt", theme)
                d.close()
            await shots.close_window(w)

        shots.play(loop, scene)
    return 1 if bad else 0


if __name__ == "__main__":
    shots.run(main)
