"""Grabs and measures the reading text (type53; issue 29, walk52b: "body and meta text are
still small") — a script, not a test.

    QT_QPA_PLATFORM=offscreen python -m tests.gui.type53_screenshot [OUT_DIR]

``CHATHUB_SHOT_FONT_PT`` (e.g. ``10``, a KDE or GNOME desktop's UI font) sets the app's font
size first; unset, the platform's stays. Prints the px size of what the app paints — reply
text, the meta line (time, model chip), the topic list's titles and dates, a memory card's
text and chips, a Settings description, the draft — then, at 1366×768 and 800×560, light and
dark, writes ``type53-<W>x<H>-<theme>-{chat,memory,settings}.png`` into OUT_DIR with each
one's design audit line. Exit code 1 when an audit failed. Runs on the base too (it reads
nothing type53 added), for before/after pairs.
"""

from __future__ import annotations

import asyncio
import os
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from tests.gui.shot_harness import (
    SIZES,
    audited,
    close_window,
    offscreen_services,
    open_window,
    play,
    run,
)

QUESTION = "How do I keep a long-running Python service's memory from growing over a week?"
REPLY = ("Memory that grows slowly over days usually comes from one of three places.\n\n"
         "**Caches without a bound.** A dictionary used as a cache keeps every key it ever saw. "
         "Give it a size with `functools.lru_cache(maxsize=...)` or an explicit eviction policy, "
         "and log its length once an hour so a leak shows as a line going up.\n\n"
         "**Reference cycles holding large objects.** The cyclic collector frees them, but only when "
         "it runs; a frozen heap or a disabled collector keeps them for good. Check with "
         "`gc.get_stats()` and `tracemalloc` snapshots taken an hour apart:\n\n"
         "```python\nimport tracemalloc\ntracemalloc.start(25)\nbefore = tracemalloc.take_snapshot()\n```\n\n"
         "**Fragmentation.** CPython's allocator returns arenas to the system only when they are "
         "completely empty, so a long-lived object in each arena pins it. Restarting workers after "
         "a fixed number of jobs is the usual remedy.\n\n"
         "Start with the snapshots: comparing the top twenty lines by size usually names the culprit "
         "within a day.")
TOPICS = ("Trip to Lisbon", "Quarterly report outline", "SQL window functions", "Fixing the CI cache",
          "Birthday gift ideas", "Rust lifetimes, again")
FACTS = ("Lives in Berlin, works remotely for a design agency in Amsterdam",
         "Prefers short answers with code first, explanation after",
         "Uses Python 3.11 and PySide6; dislikes global state")


def _px(font: Any) -> str:
    """``font``'s size in px on the primary screen (pt × dpi / 72), one decimal."""
    from PySide6.QtGui import QGuiApplication

    dpi = QGuiApplication.primaryScreen().logicalDotsPerInchY()
    return f"{font.pointSizeF() * dpi / 72:.1f}px"


def _seed(svc: Any) -> int:
    """An assistant with topics over a week, one holding a long reply; fixed memory and
    three dream cards. Returns the long topic's id."""
    from chathub_desktop.core import dynamic_memory as dm
    from chathub_desktop.core.messages import Role
    from chathub_desktop.storage.models import DynamicMemoryDocument, utcnow

    a = svc.assistants.create("Helper", model="gpt-4o-mini")
    for title in TOPICS:
        svc.topics.create("Helper", title)
    tid = svc.topics.create("Helper", "A service's memory over a week").id
    svc.chat.append_row(tid, Role.USER, QUESTION)
    svc.chat.append_row(tid, Role.ASSISTANT, REPLY, model="gpt-4o-mini")
    for text in FACTS:
        svc.memory.add(a.id, text)
    today = datetime.now(UTC).date()
    cards: list[dm.Card] = []
    for k, text in ((3, "Likes short answers and tables, with the code before any explanation"),
                    (2, "Wants the SQL before any explanation"), (1, "Keeps answers under ten lines")):
        cards = dm.append_day_card(cards, today - timedelta(days=k), text)
    with svc.db.write() as s:
        s.merge(DynamicMemoryDocument(assistant_id=a.id, body=dm.render_document(cards), updated_at=utcnow()))
    return int(tid)


def _sizes(w: Any, page: Any) -> None:
    """Print the px sizes the window paints its text at."""
    from PySide6.QtWidgets import QApplication, QLabel

    from chathub_desktop.gui.topics.topic_list_delegate import _small

    fonts = w.message_view.delegate._fonts()  # noqa: SLF001 - a measuring script
    card = page.list.font()
    chip = page.delegate._font_set()[1]  # noqa: SLF001 - the chip font
    described = [lbl for lbl in w.findChildren(QLabel) if lbl.property("textSize") == "caption"]
    small_topic = _small(w.topic_list.font())
    print("app font", QApplication.font().family(), _px(QApplication.font()))
    print("reply/user text", _px(fonts.base), "meta (time, model chip)", _px(fonts.small),
          "draft", _px(w.composer.draft.font()))
    print("topic list", _px(w.topic_list.font()), "topic dates", _px(small_topic))
    print("memory card", _px(card), "card chips", _px(chip))
    if described:
        print("captions/descriptions", _px(described[0].font()))


def main(out_dir: Path) -> int:
    """Seed, measure, grab every state in both themes at both sizes."""
    from PySide6.QtWidgets import QApplication

    bad = 0
    with offscreen_services("chathub-type53-") as (loop, svc):
        if pt := os.environ.get("CHATHUB_SHOT_FONT_PT"):
            font = QApplication.font()
            font.setPointSizeF(float(pt))
            QApplication.setFont(font)
        topic = _seed(svc)

        async def shoot() -> None:
            nonlocal bad
            measured = False
            for size in SIZES:
                for theme in ("light", "dark"):
                    tag = f"type53-{size[0]}x{size[1]}-{theme}"
                    w = await open_window(svc, topic, size)
                    w.view.prefs.set_theme(theme)
                    for _ in range(50):  # the topic's rows, read on a worker
                        if w.message_model.rowCount() == 2:
                            break
                        await asyncio.sleep(0.1)
                    w.message_view.scroll_to_end()
                    await asyncio.sleep(0.6)
                    w.grab().save(str(out_dir / f"{tag}-chat.png"))
                    bad += not audited(w, f"{tag}-chat", theme)
                    page = w.pages.open_memory()
                    for _ in range(80):
                        if page.loads >= 1 and page.dream_panel.model.rowCount() >= 3 and not page.runner.pending():
                            break
                        await asyncio.sleep(0.1)
                    await asyncio.sleep(0.5)
                    w.grab().save(str(out_dir / f"{tag}-memory.png"))
                    bad += not audited(w, f"{tag}-memory", theme)
                    settings = w.pages.open_settings()
                    await asyncio.sleep(0.6)
                    w.grab().save(str(out_dir / f"{tag}-settings.png"))
                    bad += not audited(w, f"{tag}-settings", theme)
                    if not measured:
                        measured = True
                        _sizes(w, page)
                    del settings
                    await close_window(w)

        play(loop, shoot)
    return 1 if bad else 0


if __name__ == "__main__":
    run(main)
