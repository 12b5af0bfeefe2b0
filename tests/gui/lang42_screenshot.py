"""Screenshots of what lang42 put into the interface language (issue 27; a script, not a
test): a failed reply's bubble (a proxy's 502 page, its host kept), Import chats refusing
a file that is not an export, and the change preview of a memory import with its Merge /
Replace choices, in Simplified Chinese and Japanese, light and dark, with the design
audit's verdict for each.

    QT_QPA_PLATFORM=offscreen python -m tests.gui.lang42_screenshot [OUT_DIR]

Writes ``<lang>-<theme>-error-bubble.png``, ``<lang>-<theme>-import-refused.png`` and
``<lang>-<theme>-change-preview.png``; prints one audit line per shot.
"""

from __future__ import annotations

import asyncio
import tempfile
from pathlib import Path
from typing import Any

from tests.gui.shot_harness import Shot, offscreen_services, run, shoot_languages, shot_dialog


def main(out: Path) -> int:
    """Open each state per language and theme, grab and audit; returns 0 when every
    audit passed, else 1."""
    from PySide6.QtCore import QCoreApplication

    from chathub_desktop.core.memory_diff import EntryChanges
    from chathub_desktop.core.messages import MessageStatus, Role
    from chathub_desktop.core.reasons import reason_data
    from chathub_desktop.gui.dialogs.import_dialog import ImportDialog
    from chathub_desktop.gui.memory.change_preview import (
        ChangePreviewDialog,
        PreviewOption,
        said_lines,
    )
    from chathub_desktop.gui.shell.i18n import fill
    from chathub_desktop.gui.shell.nav_rail import AssistantItem
    from chathub_desktop.providers.errors import error_from_response
    from chathub_desktop.services.memory.memory_preview import ChangePreview

    notes = Path(tempfile.mkdtemp(prefix="chathub-shot-lang42-file-")) / "notes.txt"
    notes.write_text("hello there\n", encoding="utf-8")
    failure = error_from_response(502, "<html><head><title>502 Bad Gateway</title></head></html>",
                                  url="https://gateway.example.com/v1/chat/completions")
    assert failure.why is not None
    translate = QCoreApplication.translate
    with offscreen_services("chathub-shot-lang42-") as (loop, svc):
        aid = svc.assistants.create("Helper").id
        topic = svc.topics.create(aid, title="Kyoto trip").id
        svc.chat.append_row(topic, Role.USER, "Plan the Kyoto trip in a table")
        svc.chat.append_row(topic, Role.ASSISTANT, "", status=MessageStatus.ERROR, error=failure.message,
                         error_kind=failure.kind.value, error_reason=reason_data(failure.why))

        async def scene(window: Any, theme: str, shot: Shot) -> None:
            await window.load_assistants()
            window.select_topic(topic)
            await asyncio.sleep(1.0)
            shot(window, "error-bubble")
            imp = ImportDialog(svc, window.runner, [AssistantItem(aid, "Helper")], aid, window)
            imp.path_edit.setText(str(notes))
            imp.show()
            imp.start()
            while not imp.status_label.text():
                await asyncio.sleep(0.1)
            await asyncio.sleep(0.3)
            shot(imp, "import-refused")
            imp.reject()
            merge = ChangePreview(aid, "Helper", "fixed", "Merge", 2, 3, EntryChanges(added=["Lives in Kyoto"]), "v")
            replace = ChangePreview(aid, "Helper", "fixed", "Replace", 2, 1,
                                    EntryChanges(added=["Lives in Kyoto"], removed=["Likes tables", "Prefers trains"]),
                                    "v")
            options = [
                PreviewOption("merge", lambda: translate(
                    "MemoryPage", "Merge: add the file's fixed entries to the current ones"),
                    said_lines(merge), merge.changes),
                PreviewOption("replace", lambda: translate(
                    "MemoryPage", "Replace: the file's memory instead of the current one"),
                    said_lines(replace), replace.changes),
            ]
            dlg = ChangePreviewDialog(window, lambda: translate("MemoryPage", "Import memory"),
                                      lambda: fill(translate("MemoryPage", "Import %1 into %2's memory?"),
                                                        "memory.json", "Helper"),
                                      options, lambda: translate("MemoryPage", "Import"))
            await shot_dialog(shot, dlg, "change-preview")

        return shoot_languages(loop, svc, out, (1366, 768), scene)


if __name__ == "__main__":
    run(main, Path("/tmp/chathub-lang42"))
