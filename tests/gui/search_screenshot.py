"""Screenshots of Search everything and of the organized topic list (issue 14); a
script, not a test.

    QT_QPA_PLATFORM=offscreen python -m tests.gui.search_screenshot [--shots DIR]

Writes ``docs/screenshot-search.png`` (the Search page of the window over several topics, CJK
included) and ``docs/screenshot-topics.png`` (the window after Enter: pinned and dated
topics, an archived one shown, the hit scrolled to and highlighted). With ``--shots``,
instead the Search page at 1366×768 and 800×560 in both themes, with results grouped
by topic, a Markdown reply read as plain text, a filter set and the memory tab, into DIR.
"""

from __future__ import annotations

import asyncio
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

from PySide6.QtWidgets import QApplication

from tests.gui.shot_harness import REPO, offscreen_services, play

TOPICS = [  # title, days ago, pinned, archived, messages
    ("**Kyoto** autumn trip", 0, True, False, [
        ("user", "Where can we see the autumn leaves near Kyoto without the crowds?"),
        ("assistant", "Try the **Kurama to Kibune** trail early in the morning; Ohara and Takao are "
                      "quieter than Arashiyama. Mid-November is usually the peak for autumn leaves."),
        ("user", "And a ryokan near Kibune?"),
        ("assistant", "Several riverside inns serve *kawadoko* dinners on platforms over the stream.")]),
    ("Retry helper in `asyncio`", 0, False, False, [
        ("user", "Write a retry helper with exponential backoff."),
        ("assistant", "Here is `retry(fn, attempts=5, base=0.5)`: the delay doubles each time, "
                      "with jitter so the clients do not retry in lockstep."),
        ("assistant", "A small **retry** helper for any `async` callable:\n\n```python\nimport asyncio\n"
                      "import random\n\nasync def retry(fn, attempts=5):\n    ...\n```\n")]),
    ("Weekend walk", 1, False, False, [  # CJK text; the title stays Latin (no CJK font offscreen)
        ("user", "周末天气好的话，我们去公园散步，顺便看看秋天的红叶。"),
        ("assistant", "好主意！京都的秋天红叶很美，公园里人也不多。")]),
    ("Dinner plans", 3, False, False, [
        ("user", "Something warm for an autumn evening? Pumpkin soup maybe."),
        ("assistant", "Roast the pumpkin first: autumn squash gets sweeter in the oven.")]),
    ("# Budget spreadsheet", 12, False, False, [
        ("user", "How do I sum a column only where another column says 'travel'?"),
        ("assistant", "Use `SUMIF(B:B, \"travel\", C:C)`.")]),
    ("Old travel notes", 60, False, True, [
        ("user", "Notes from last year's autumn trip: Kyoto was busy in the first week of December.")]),
]


def seed(svc, now: datetime) -> int:  # type: ignore[no-untyped-def]
    """The assistant, its topics (dated, one pinned, one archived) and memory."""
    from sqlalchemy import update

    from chathub_desktop.core.messages import Role
    from chathub_desktop.storage.models import DynamicMemoryDocument, Message, Topic

    a = svc.assistants.create("Travel buddy")
    target = 0
    for title, days, pinned, archived, msgs in TOPICS:
        t = svc.topics.create(a.id, title).id
        for role, text in msgs:
            svc.topics.append_message(t, Role(role), text)
        when = now - timedelta(days=days, hours=1)
        with svc.db.write() as s:
            s.execute(update(Topic).where(Topic.id == t).values(updated_at=when, created_at=when,
                                                                pinned=pinned, archived=archived))
            s.execute(update(Message).where(Message.topic_id == t).values(created_at=when))
        if title.startswith("**Kyoto"):
            target = t
    svc.memory.add(a.id, "Likes quiet hiking trails; visited Kyoto in autumn 2025")
    with svc.db.write() as s:
        s.add(DynamicMemoryDocument(assistant_id=a.id,
                                    body="#1 [2026-11-30]: Planning an autumn trip to Kyoto, wants few crowds\n"))
    return target


def main() -> int:
    """Build the window, search, open the hit; save the two screenshots (or, with
    ``--shots DIR``, the Search page's states)."""

    from chathub_desktop.gui.shell.main_window import MainWindow

    with offscreen_services("chathub-search-shot-") as (loop, svc):
        app = QApplication.instance()
        seed(svc, datetime.now(UTC))
        window = MainWindow(svc)
        window.view.prefs.set_theme("light")
        window.resize(1280, 800)
        window.show()

        shots = Path(sys.argv[sys.argv.index("--shots") + 1]) if "--shots" in sys.argv else None

        async def query(dlg, text: str) -> None:  # type: ignore[no-untyped-def]
            done = len(dlg.shown_queries)
            dlg.box.setText(text)
            while len(dlg.shown_queries) <= done:
                await asyncio.sleep(0.05)
            await asyncio.sleep(0.2)
            app.processEvents()

        async def page_shots() -> None:
            assert shots is not None
            shots.mkdir(parents=True, exist_ok=True)
            await asyncio.sleep(0.3)
            dlg = window.search.open()
            for theme in ("light", "dark"):
                window.view.prefs.set_theme(theme)
                for w, h in ((1366, 768), (800, 560)):
                    window.resize(w, h)
                    dlg.role_filter.setCurrentIndex(0)
                    dlg.tabs.setCurrentIndex(0)
                    await query(dlg, "retry" if dlg.box.text() != "retry" else "retry ")
                    window.grab().save(str(shots / f"search-{w}x{h}-{theme}.png"))
                    done = len(dlg.shown_queries)
                    dlg.role_filter.setCurrentIndex(1)
                    await query(dlg, "autumn")
                    while len(dlg.shown_queries) <= done:
                        await asyncio.sleep(0.05)
                    window.grab().save(str(shots / f"search-filtered-{w}x{h}-{theme}.png"))
                    dlg.tabs.setCurrentIndex(1)
                    app.processEvents()
                    window.grab().save(str(shots / f"search-memory-{w}x{h}-{theme}.png"))
            await window.shutdown()

        async def scenario() -> None:
            if shots is not None:
                await page_shots()
                return
            await asyncio.sleep(0.3)
            window.topic_actions.show_archived(True)
            dlg = window.search.open()
            dlg.box.setText("autumn")
            while not dlg.shown_queries:
                await asyncio.sleep(0.05)
            await asyncio.sleep(0.3)
            app.processEvents()
            window.grab().save(str(REPO / "docs" / "screenshot-search.png"))
            dlg.box.setText("Kibune trail")
            while len(dlg.shown_queries) < 2:
                await asyncio.sleep(0.05)
            dlg.open_current()
            while window.message_model.highlight_id is None:
                await asyncio.sleep(0.05)
            await asyncio.sleep(0.5)
            app.processEvents()
            window.grab().save(str(REPO / "docs" / "screenshot-topics.png"))
            await window.shutdown()

        play(loop, scenario)
        if shots is not None:
            print(shots)
            return 0
        print(REPO / "docs" / "screenshot-search.png")
        print(REPO / "docs" / "screenshot-topics.png")
        return 0


if __name__ == "__main__":
    sys.exit(main())
