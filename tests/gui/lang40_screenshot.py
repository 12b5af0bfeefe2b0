"""Screenshots of the assistant dialog's Chat Preference tab with "Language of summaries
and dream cards", and of a dream outcome said on the Memory page, in Simplified Chinese
and Japanese, light and dark, with the design audit's verdict for each (issue 27; a
script, not a test).

    QT_QPA_PLATFORM=offscreen python -m tests.gui.lang40_screenshot [OUT_DIR]

Writes ``<lang>-<theme>-assistant.png`` and ``<lang>-<theme>-dream-outcome.png``; prints
one audit line per shot.
"""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from datetime import time as dtime
from pathlib import Path
from typing import Any

from chathub_desktop.core.messages import Role
from tests.gui.shot_harness import Shot, offscreen_services, run, shoot_languages


def main(out: Path) -> int:
    """Open the dialog and the Memory page per language and theme, grab and audit;
    returns 0 when every audit passed, else 1."""
    from chathub_desktop.gui.memory import change_preview
    from tests.fakes.vendor_server import FakeVendor, Reply

    change_preview.ask = lambda *_a, **_k: "add"  # type: ignore[assignment]  # Dream now's preview: go ahead
    with FakeVendor() as summ, offscreen_services("chathub-shot-lang40-") as (loop, svc):
        svc.providers.add("Summ", "openai", summ.base_url, api_key="sk-summ")
        svc.settings.set("history-compress-model", "Summ/gpt-5-mini")
        aid = svc.assistants.create("Helper", provider="Summ", model="gpt-4o").id
        svc.assistants.update(aid, card_language="ja")
        day = datetime.now(UTC).date() - timedelta(days=1)
        topic = svc.topics.create(aid, title="Kyoto trip").id
        svc.chat.append_row(topic, role=Role.USER, content="Plan the Kyoto trip in a table",
                         created_at=datetime.combine(day, dtime(9, 0, tzinfo=UTC)))

        async def scene(window: Any, theme: str, shot: Shot) -> None:
            dlg = window.pages.open_edit_assistant()
            assert dlg is not None
            while not dlg.is_loaded():
                await asyncio.sleep(0.1)
            dlg.open_chat_preference()
            await asyncio.sleep(0.4)
            shot(dlg, "assistant")
            dlg.reject()
            page = window.pages.open_memory()
            panel = page.dream_panel
            while panel.day_picker.count() == 0 or panel.runner.pending():
                await asyncio.sleep(0.1)
            summ.script(Reply(text_chunks=["NO_CHANGES"]))
            panel.runs.dream_now()
            while panel.runs.dreaming or not panel.status_label.text():
                await asyncio.sleep(0.1)
            await asyncio.sleep(0.4)
            print("status:", panel.status_label.text())
            shot(window, "dream-outcome")

        return shoot_languages(loop, svc, out, (1366, 768), scene)


if __name__ == "__main__":
    run(main, Path("/tmp/chathub-lang40"))
