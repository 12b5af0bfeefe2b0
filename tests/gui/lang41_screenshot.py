"""Screenshots of the Topic summary dialog (its Summary tab, an edited summary) and the
Import chats dialog (a result said with its figures) in Simplified Chinese and Japanese,
light and dark, with the design audit's verdict for each (issue 27; a script, not a test).

    QT_QPA_PLATFORM=offscreen python -m tests.gui.lang41_screenshot [OUT_DIR]

Writes ``<lang>-<theme>-summary.png``, ``<lang>-<theme>-probes.png`` and
``<lang>-<theme>-import.png``; prints one audit line per shot.
"""

from __future__ import annotations

import asyncio
import functools
from pathlib import Path
from typing import Any

from chathub_desktop.core.messages import Role
from tests.gui.shot_harness import Shot, offscreen_services, run, shoot_languages, shot_dialog


def main(out: Path) -> int:
    """Open both dialogs per language and theme, grab and audit; returns 0 when every
    audit passed, else 1."""
    from chathub_desktop.gui.dialogs.import_dialog import ImportDialog, result_text
    from chathub_desktop.gui.shell.nav_rail import AssistantItem
    from chathub_desktop.services.transfer.chat_import import ImportResult

    with offscreen_services("chathub-shot-lang41-") as (loop, svc):
        aid = svc.assistants.create("Helper").id
        topic = svc.topics.create(aid, title="Kyoto trip").id
        svc.chat.append_row(topic, role=Role.USER, content="Plan the Kyoto trip in a table")
        svc.compaction.edit_summary(topic, "The user plans a three-day Kyoto trip in April; keep a table of "
                                    "temples, trains and costs.", expected="")

        async def scene(window: Any, theme: str, shot: Shot) -> None:
            dlg = window.compaction.open_summary(topic)
            assert dlg is not None
            while not dlg.is_loaded():
                await asyncio.sleep(0.1)
            await asyncio.sleep(0.3)
            shot(dlg, "summary")
            dlg.tabs.setCurrentIndex(dlg.probes_index)
            await asyncio.sleep(0.5)
            shot(dlg, "probes")
            dlg.reject()
            imp = ImportDialog(svc, window.runner, [AssistantItem(aid, "Helper")], aid, window)
            imp.path_edit.setText("/home/me/Downloads/chatgpt-export.zip")
            result = ImportResult(12, 3, 480, topics_updated=2, branch_messages_skipped=7)
            imp._show(functools.partial(result_text, result))  # what a finished import shows
            await shot_dialog(shot, imp, "import")

        return shoot_languages(loop, svc, out, (1366, 768), scene)


if __name__ == "__main__":
    run(main, Path("/tmp/chathub-lang41"))
