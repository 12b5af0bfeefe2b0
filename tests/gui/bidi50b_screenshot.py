"""Screenshots of the one bidi rule where walk50b found it missing (a script, not a
test): a topic titled with a lone U+202E RIGHT-TO-LEFT OVERRIDE in the topic list and the
chat header, beside one closed on its line; the Memory page with a dream card and a
fixed-memory entry holding such an override, light and dark at 1366x768.

    QT_QPA_PLATFORM=offscreen python -m tests.gui.bidi50b_screenshot [OUT_DIR]
"""

from __future__ import annotations

import asyncio
from datetime import date
from pathlib import Path

from tests.gui import shot_harness as shots

RLO, PDF = "\u202e", "\u202c"


def main(out_dir: Path) -> int:
    """Grab the chat and the Memory page in both themes into ``out_dir``; 1 when an
    audit failed."""
    from chathub_desktop.core import dynamic_memory as dm
    from chathub_desktop.storage.models import DynamicMemoryDocument, utcnow

    bad = 0
    with shots.offscreen_services("chathub-bidi50bshot-") as (loop, svc):
        a = svc.assistants.create("Helper")
        svc.topics.create(a.id, f"Attachment {RLO}txt.exe{PDF} closed on its line")
        lone = svc.topics.create(a.id, f"Invoice {RLO}fdp.exe check").id
        svc.memory.add(a.id, f"Sends invoices as {RLO}fdp.exe files")
        svc.memory.add(a.id, f"Closed: {RLO}txt.exe{PDF} on its line")
        cards = dm.append_day_card([], date(2026, 12, 3), f"Bidi: live and {RLO}open fdp.exe\nThe next line reads on.")
        with svc.db.write() as s:
            s.merge(DynamicMemoryDocument(assistant_id=a.id, body=dm.render_document(cards), updated_at=utcnow()))

        async def scene() -> None:
            nonlocal bad
            w = await shots.open_window(svc, lone, (1366, 768))
            for theme in ("light", "dark"):
                w.view.prefs.set_theme(theme)
                await asyncio.sleep(0.3)
                await shots.grab(w, out_dir / f"bidi-title-{theme}.png")
                bad += not shots.audited(w, "title", theme)
            while w.pages.prepared is None:
                await asyncio.sleep(0.05)
            page = w.pages.open_memory()
            assert page is not None
            while page.loads < 1 or page.dream_panel.loads < 1:
                await asyncio.sleep(0.05)
            for theme in ("light", "dark"):
                w.view.prefs.set_theme(theme)
                await asyncio.sleep(0.3)
                await shots.grab(w, out_dir / f"bidi-memory-{theme}.png")
                bad += not shots.audited(w, "memory", theme)
            await shots.close_window(w)

        shots.play(loop, scene)
    return 1 if bad else 0


if __name__ == "__main__":
    shots.run(main)
