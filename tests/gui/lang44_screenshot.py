"""Screenshots of what lang44 put into the interface language (issue 27; a script, not a
test): the usage popover's prompt-cache line (its ``?`` help is a tooltip) and the Claude
memory zip refused for JSON nested too deep, in Simplified Chinese and Japanese, light
and dark, with the design audit's verdict for each.

    QT_QPA_PLATFORM=offscreen python -m tests.gui.lang44_screenshot [OUT_DIR]

Writes ``<lang>-<theme>-popover-cache.png`` and ``<lang>-<theme>-claude-zip-refused.png``.
"""

from __future__ import annotations

import asyncio
import tempfile
import zipfile
from pathlib import Path
from typing import Any

from tests.gui.shot_harness import Shot, offscreen_services, run, shoot_languages


def main(out: Path) -> int:
    """Open each state per language and theme, grab and audit; returns 0 when every
    audit passed, else 1."""
    from sqlalchemy import update

    from chathub_desktop.core.messages import MessageStatus, Role
    from chathub_desktop.gui.memory.memory_paste_dialog import PasteMemoryDialog
    from chathub_desktop.storage.models import Message

    deep = Path(tempfile.mkdtemp(prefix="chathub-shot-lang44-")) / "claude-export.zip"
    with zipfile.ZipFile(deep, "w") as zf:
        zf.writestr("memories.json", "[" * 200)
    with offscreen_services("chathub-shot-lang44-") as (loop, svc):
        aid = svc.assistants.create("Helper", model="gpt-4o").id
        topic = svc.topics.create(aid, title="Kyoto trip").id
        svc.chat.append_row(topic, Role.USER, "Plan the Kyoto trip in a table")
        reply = svc.chat.append_row(topic, Role.ASSISTANT, "Here is the plan.", status=MessageStatus.COMPLETE)
        with svc.db.write() as s:
            s.execute(update(Message).where(Message.id == reply).values(
                input_tokens=900, cached_tokens=640, model="gpt-4o"))

        async def scene(window: Any, theme: str, shot: Shot) -> None:
            await window.load_assistants()
            window.select_topic(topic)
            await asyncio.sleep(1.0)
            window.composer.badge.open_popover()
            if not window.composer.badge.popover.details_open:  # the cache block is under Details
                window.composer.badge.popover.details_button.click()
            await asyncio.sleep(0.4)
            shot(window.composer.badge.popover, "popover-cache")
            window.composer.badge.popover.hide()
            dlg = PasteMemoryDialog(svc, window.runner, aid, window)
            dlg.show()
            dlg.load_claude_zip(deep)
            while not dlg.summary_label.text():
                await asyncio.sleep(0.1)
            await asyncio.sleep(0.3)
            shot(dlg, "claude-zip-refused")
            dlg.reject()

        return shoot_languages(loop, svc, out, (1366, 768), scene)


if __name__ == "__main__":
    run(main, Path("/tmp/chathub-lang44"))
