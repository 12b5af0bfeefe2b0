"""Screenshots of the Memory page's History panel in the interface language (issue 27;
a script, not a test): who and what of every kind of change — you, the model in a topic,
the dream for a day (the locale's date), a pasted import named once, a revert, an
unattributed write — in Simplified Chinese and Japanese, light and dark, with the design
audit's verdict for each.

    QT_QPA_PLATFORM=offscreen python -m tests.gui.hist49_screenshot [OUT_DIR]

Writes ``<lang>-<theme>-history.png`` (the window with the History panel open) and
``<lang>-<theme>-history-800.png`` (the window at 800×560).
"""

from __future__ import annotations

import asyncio
import json
from datetime import date
from pathlib import Path
from typing import Any

from tests.gui.shot_harness import Shot, offscreen_services, run, shoot_languages


def main(out: Path) -> int:
    """Seed the changes, open History per language and theme, grab and audit; returns 0
    when every audit passed, else 1."""
    from chathub_desktop.core.messages import ToolCall
    from chathub_desktop.storage.memory_change_queries import put_back
    from chathub_desktop.storage.memory_history import DYNAMIC
    from chathub_desktop.storage.models import utcnow

    with offscreen_services("chathub-shot-hist49-") as (loop, svc):
        aid = svc.assistants.create("Helper", model="gpt-4o").id
        svc.memory.add(aid, "prefers dark mode")
        svc.memory.add(aid, "lives in Berlin")
        topic = svc.topics.create(aid, title="Kyoto trip").id
        svc.memory.execute_tool(aid, topic, ToolCall("c", "update", json.dumps(
            {"number": 2, "match": "Berlin", "new_text": "lives in Hamburg"})))
        svc.history.revert(aid, 3)
        svc.memory.edit(aid, 1, "prefers light mode")
        svc.memory.add_many(aid, ["Works nights.", "Likes tea"], source="Claude")
        with svc.db.write() as s:  # a write no service attributed
            put_back(s, aid, DYNAMIC, "## 2026-11-30\nLikes changelogs as tables\n", utcnow())
        svc.dreams.set_keep(aid, 3)
        with svc.db.write() as s:
            svc.dreams.commit_card_in(s, aid, date(2026, 12, 1), "Keeps answers under ten lines", 3, None, None)

        async def scene(window: Any, theme: str, shot: Shot) -> None:
            page = window.pages.open_memory()
            while page.loads < 1:
                await asyncio.sleep(0.1)
            history = page.open_history()
            while history.loads < 1 or history.detail is None:
                await asyncio.sleep(0.1)
            await asyncio.sleep(0.3)
            shot(window, "history")
            window.resize(800, 560)  # the detail under the list (hist53)
            await asyncio.sleep(0.5)
            shot(window, "history-800")
            window.resize(1366, 768)
            await asyncio.sleep(0.3)
            history.back_button.click()

        return shoot_languages(loop, svc, out, (1366, 768), scene)


if __name__ == "__main__":
    run(main, Path("/work/wt/_shots/hist49"))
