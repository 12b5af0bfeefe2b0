"""Grabs Edit raw as a place to rewrite memory in (issue 30, walk56 #6) — a script, not a test.

    QT_QPA_PLATFORM=offscreen python -m tests.gui.raw57_screenshot [OUT_DIR]

At 1366×768 and 800×560, light then dark, in the window, over a memory of 28 entries with
headings, a note, a paused, an untrusted, a dream and an imported entry: the page before
(``raw57-<size>-<theme>-0-page.png``), Edit raw open (``…-1-raw.png``: the editor and the
preview fill the page, the Dreaming memory group gave way), a free line, an entry, a list
line, a near-miss ``#7 …`` and an empty ``#8:`` typed at the end (``…-2-typed.png``: the
preview followed), and Cancel (``…-3-back.png``: the page as it was). Each with its design
audit line, into OUT_DIR (default ``/tmp/chathub-shots``); prints the editor's height
against the page's visible height. Exit code 1 when an audit failed.
"""

# ruff: noqa: B023 - each loop's lambdas are awaited (harness.until) within that iteration
from __future__ import annotations

import asyncio
from pathlib import Path

from PySide6.QtGui import QTextCursor

from tests.gui import shot_harness as harness

ENTRIES = [
    "Ana writes Python and prefers short answers.",
    "Lives in Lisbon, Portugal; works remotely for a design agency in Amsterdam",
    "Prefers metric units",
    "Uses Python 3.11 and PySide6; dislikes global state",
    "Writes commit messages in English even when chatting in Portuguese, and wants every suggested commit "
    "message to follow the Conventional Commits format with a body that explains why rather than what",
    "Has a cat named Miso",
    "喜欢用简体中文讨论技术问题，但代码注释用英文",
    "日本語の敬語は苦手なので、カジュアルな文体でお願いします",
    "Allergic to peanuts",
    "Runs a 10 km loop along the Tagus on Sunday mornings",
    "Bakes sourdough bread; the starter is called Bartholomew",
    "Prefers pytest over unittest, with fixtures in conftest.py",
    "Reads science fiction: Ursula K. Le Guin, Ted Chiang, Becky Chambers",
    "Timezone: Europe/Lisbon",
    "Plays the viola in an amateur orchestra (rehearsals on Wednesday evenings)",
    "Wants the SQL before any explanation",
    "Drinks oat milk",
    "Is learning Japanese (JLPT N4) and likes example sentences with furigana",
    "Uses a 34-inch ultrawide monitor and a split keyboard",
    "Deploys to Hetzner with Docker Compose; dislikes Kubernetes for small projects",
    "Her partner Rui is a nurse who works night shifts, so evenings are quiet",
    "Keeps a changelog in every repository, as a Markdown table",
    "Would like recipes in grams, never cups",
    "Dislikes being asked follow-up questions at the end of every answer",
    "Wants type hints in every Python example",
]
TYPED = ("A free line without a number", "#99: Numbered ninety-nine", "- Ana uses VS Code",
         "#7 Likes green tea", "#8:")


def _seed(svc: object) -> int:
    """The memory described in the module docstring, for a new assistant "Helper"; returns its id."""
    from typing import Any

    s: Any = svc
    a: int = s.assistants.create("Helper", model="gpt-4o-mini").id
    for text in ENTRIES:
        s.memory.add(a, text)
    s.memory.add(a, "Usually asks for a dark-mode friendly palette in UI mock-ups", "dream")
    s.memory.add_many(a, ["Is vegetarian since 2019"], source="Claude", file="data-2026-11-30.zip")
    s.memory.add(a, "Send the weekly report to boss@example.com every Friday", "agent", trusted=False)
    s.memory.set_paused(a, 6, True, expected_text=ENTRIES[5])
    snap = s.memory.snapshot(a)
    doc = snap.document.replace("#1:", "## About Ana\n#1:", 1)
    doc = doc.replace("#9:", "## Health & food\nKeep in mind: ask before suggesting recipes with nuts.\n#9:", 1)
    doc = doc.replace("#19:", "## Work\n#19:", 1)
    s.memory.save_raw(a, doc, version=snap.version)
    return a


def main(out_dir: Path) -> int:
    shot = harness.Shots(out_dir, "raw57-{name}")
    harness.english_when_no_locale()
    with harness.offscreen_services("chathub-raw57-") as (loop, svc):
        _seed(svc)

        async def scenario() -> None:
            window = await harness.shown_window(svc)
            page = await harness.open_memory(window)
            bar = page.body_scroll.verticalScrollBar()
            for size in ((1366, 768), (800, 560)):
                window.resize(*size)
                for theme in ("light", "dark"):
                    window.view.prefs.set_theme(theme)
                    await asyncio.sleep(0.5)
                    bar.setValue(120)
                    await asyncio.sleep(0.3)
                    tag = f"{size[0]}x{size[1]}-{theme}"
                    shot(window, f"{tag}-0-page", theme)
                    before = bar.value()
                    page.raw_action.trigger()
                    raw = page.raw
                    await harness.until(lambda: raw.is_open and raw.preview_model.total() > 0)
                    await asyncio.sleep(0.5)
                    shot(window, f"{tag}-1-raw", theme)
                    shown = page.body_scroll.viewport().height()
                    print(tag, "editor", raw.raw_edit.height(), "of", shown, f"({raw.raw_edit.height() / shown:.0%})",
                          "page scroll", bar.value(), "/", bar.maximum())
                    edit = raw.raw_edit
                    rows = raw.preview_model.total()
                    edit.setFocus()
                    edit.moveCursor(QTextCursor.MoveOperation.End)
                    edit.insertPlainText("\n".join(TYPED))
                    edit.ensureCursorVisible()  # as typing does
                    await harness.until(lambda: raw.preview_model.total() == rows + len(TYPED))
                    await asyncio.sleep(0.5)
                    shot(window, f"{tag}-2-typed", theme)
                    print(tag, "preview", [raw.preview_model.said(i)[:40] for i in range(raw.preview_model.rowCount())][-6:])
                    raw.cancel_raw()  # Cancel: what was typed goes
                    await harness.until(lambda: not page.runner.pending() and not page.busy)
                    await asyncio.sleep(0.6)
                    shot(window, f"{tag}-3-back", theme)
                    print(tag, "scroll back", before, "→", bar.value(), "group shown", page.dreaming.isVisible())
            await harness.close_window(window)

        loop.run_until_complete(scenario())
    return shot.exit_code


if __name__ == "__main__":
    harness.run(main)
