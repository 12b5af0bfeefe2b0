"""Screenshots of walk52 #3 (issue 29): the status toast says its whole message — light
and dark, at 1366×768 and 800×560, in English, 简体中文 and 日本語; a script, not a test.

    QT_QPA_PLATFORM=offscreen python -m tests.gui.toast52_screenshot [OUT_DIR]

Writes into OUT_DIR (default ``/tmp/chathub-shots``), each ``<lang>-<W>x<H>-<theme>-…``:
``stopped`` (the one-line "Stopped" toast over the end of a long reply), ``compacted``
(the worst real compaction result: more turns remain and the summary was cut),
``imported`` (an import with updates, skips and other branches) and ``details`` (a
message past three lines: cut there, with Details…); ``en-<W>x<H>-<theme>-details-box``
is the Details box. Each shot prints the design audit's line.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication

from chathub_desktop.core.messages import MessageStatus, Role
from chathub_desktop.core.ui_language import UiLanguage
from chathub_desktop.gui.chat.send_controller import STOPPED_TEXT
from tests.gui.shot_harness import (
    SIZES,
    audited,
    close_window,
    grab,
    offscreen_services,
    open_window,
    play,
    run,
)

#: The interface languages shot, by file-name prefix.
LANGUAGES = (("en", UiLanguage.SYSTEM), ("zh", UiLanguage.CHINESE_SIMPLIFIED), ("ja", UiLanguage.JAPANESE))


def _seed(svc: Any) -> int:
    """A topic ending in a long reply (the toast floats over its end); its id."""
    svc.assistants.create("Helper")
    tid = svc.topics.create("Helper", "Python list comprehension").id
    svc.topics.append_message(tid, Role.USER, "Write a long essay about the history of Python.")
    svc.topics.append_message(tid, Role.ASSISTANT, "\n\n".join(
        f"Paragraph {i}: Python grew from a hobby project into one of the most used languages; "
        "its readable syntax and batteries-included library won teachers and scientists alike." for i in range(12)),
        status=MessageStatus.CANCELLED)
    return tid


def compacted_text() -> str:
    """The longest compaction result the window says (CMP-6), in the interface language."""
    from chathub_desktop.core.compaction import TRIGGER_MANUAL, CompactionStatus
    from chathub_desktop.core.reasons import Reason
    from chathub_desktop.gui.context.compaction_controller import outcome_text
    from chathub_desktop.services.compaction.compaction_outcome import CompactionOutcome
    from chathub_desktop.services.compaction.compaction_outcome import CompactionReason as Why

    why = Reason(Why.COMPACTED, ("6", "2"), (Reason(Why.MORE_REMAIN), Reason(Why.SUMMARY_CUT)))
    return outcome_text(CompactionOutcome(topic_id=1, trigger=TRIGGER_MANUAL,
                                          status=CompactionStatus.COMPACTED, message=why.english(), why=why,
                                          before_tokens=1025, after_tokens=465))


def imported_text() -> str:
    """A long import result (updates, skips, other branches), in the interface language."""
    from chathub_desktop.gui.dialogs.import_dialog import result_text
    from chathub_desktop.services.transfer.chat_import import ImportResult

    return result_text(ImportResult(topics_created=3, topics_skipped=1, messages_imported=25, topics_updated=2,
                                    branch_messages_skipped=5))


def main(out_dir: Path) -> int:
    """Build the window over a seeded store and grab every toast in both themes."""
    bad = 0
    with offscreen_services("chathub-toast52-") as (loop, svc):
        topic = _seed(svc)

        async def shoot() -> None:
            nonlocal bad
            for size in SIZES:
                w = await open_window(svc, topic, size)
                for prefix, lang in LANGUAGES:
                    w.view.language_actions[lang].trigger()
                    for theme in ("light", "dark"):
                        tag = f"{prefix}-{size[0]}x{size[1]}-{theme}"
                        w.view.prefs.set_theme(theme)
                        await asyncio.sleep(0.5)
                        w.message_view.scroll_to_end()
                        stopped = QCoreApplication.translate("SendController", STOPPED_TEXT)
                        shots = (("stopped", stopped), ("compacted", compacted_text()),
                                 ("imported", imported_text()), ("details", " ".join([imported_text()] * 3)))
                        for name, text in shots:
                            w.show_status(text, 0)
                            await grab(w, out_dir / f"{tag}-{name}.png", 0.5)
                            bad += not audited(w, f"{tag}-{name}", theme)
                            print(tag, name, len(w.status_line.lines()), "lines")
                        if prefix == "en":
                            box = w.status_line.open_details()
                            await grab(box, out_dir / f"{tag}-details-box.png", 0.4)
                            box.close()
                        w.status_line.clearMessage()
                w.view.language.apply(UiLanguage.SYSTEM)
                await close_window(w)

        play(loop, shoot)
    return 1 if bad else 0


if __name__ == "__main__":
    run(main)
