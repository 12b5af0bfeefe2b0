"""Previews before memory is replaced (issue 18) on a real Memory page: Import offers
Replace and Merge with what each changes, a raw save that removes entries, Clear of fixed
memory and of the dream cards, and a Keep N that folds show what goes, and write only
after the user goes ahead — refused when memory moved on meanwhile. The real preview
dialog is shown for each; each test saves an offscreen screenshot under ``tmp_path``
(``CHATHUB_SCREENSHOT_DIR`` keeps them elsewhere)."""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt

from chathub_desktop.core import dynamic_memory as dm
from chathub_desktop.gui.dialogs import confirm
from chathub_desktop.gui.memory import change_preview
from chathub_desktop.gui.memory.change_preview import (
    ChangePreviewDialog,
    PreviewOption,
    Said,
    said_text,
)
from chathub_desktop.gui.memory.change_rows import FULL_TEXT, RowGroup
from chathub_desktop.services.container import Services
from chathub_desktop.storage.models import DynamicMemoryDocument, utcnow
from tests.gui.helpers import on_worker, shown_memory_page
from tests.gui.shot_harness import shots_in_both_themes
from tests.integration.test_memory_previews import CURRENT, FILE, NEW_WORDS

DAYS = [date(2026, 11, 26) + timedelta(days=i) for i in range(4)]


class Answer:
    """Answers the preview with the real dialog: shows it, records what it lists, saves a
    screenshot, then picks ``choose`` (None: Cancel) after ``before_answer`` runs."""

    def __init__(self, qtbot: Any, tmp_path: Path) -> None:
        self.qtbot, self.tmp_path = qtbot, tmp_path
        self.choose: str | None = None
        self.option: str | None = None  # the radio button to click first
        self.shot = "preview.png"
        self.before_answer: Callable[[], None] | None = None
        self.tick: dict[int, bool] = {}  # choice row → ticked, clicked before answering
        self.seen: list[dict[str, Any]] = []

    def __call__(self, parent: Any, title: Said, heading: Said, options: Sequence[PreviewOption],
                 action: Said, ticked: list[bool] | None = None) -> str | None:
        dlg = ChangePreviewDialog(parent, title, heading, options, action)
        self.qtbot.addWidget(dlg)
        dlg.show()
        self.qtbot.waitExposed(dlg)
        default = dlg.current().key  # the option checked when the preview opens
        enter_goes_ahead = self._enter_goes_ahead(dlg)  # as it opens: Enter imports (True) or cancels
        if self.option is not None:
            dlg.findChild(object, f"previewOption_{self.option}").click()
        self.seen.append({"title": dlg.windowTitle(), "heading": said_text(heading), "summary": dlg.summary.text(), "default": default,
                          "keys": [o.key for o in options], "added": dlg.rows(RowGroup.ADDED),
                          "removed": dlg.rows(RowGroup.REMOVED), "edited": dlg.rows(RowGroup.EDITED),
                          "folded": dlg.rows(RowGroup.FOLDED),
                          "choices": [(it.data(0, FULL_TEXT), it.checkState(0) == Qt.CheckState.Checked,
                                       bool(it.flags() & Qt.ItemFlag.ItemIsEnabled)) for it in dlg.choice_items()],
                          "action": dlg.action_button.text(),
                          "enter_goes_ahead": enter_goes_ahead, "enter_goes_ahead_on_option": self._enter_goes_ahead(dlg)})
        self.seen[-1].update(self._ticks_said(dlg))
        for row, on in self.tick.items():
            dlg.choice_items()[row].setCheckState(0, Qt.CheckState.Checked if on else Qt.CheckState.Unchecked)
        self.seen[-1]["after_ticks"] = self._ticks_said(dlg)
        out = Path(os.environ.get("CHATHUB_SCREENSHOT_DIR", self.tmp_path)) / self.shot
        assert dlg.grab().save(str(out))
        shots_in_both_themes(dlg, out.stem)  # with CHATHUB_SHOTS=/dir: light and dark (walk56 #5, #9)
        if self.before_answer is not None:
            on_worker(self.before_answer)  # another window or process writes while the preview is open
        if self.choose is None:
            dlg.reject()
        else:
            assert self.choose == dlg.current().key
            dlg.action_button.click()
        if ticked is not None and dlg.chosen is not None:
            ticked[:] = dlg.ticks[dlg.chosen]
        return dlg.chosen

    @staticmethod
    def _ticks_said(dlg: ChangePreviewDialog) -> dict[str, Any]:
        """The choices' group title, whether the action is on, and the line beside it."""
        title = dlg.tree.topLevelItem(0).text(0) if dlg.choice_items() else None
        return {"title": title, "action_on": dlg.action_button.isEnabled(),
                "note": dlg.action_note.text() if dlg.action_note.isVisible() else None}

    @staticmethod
    def _enter_goes_ahead(dlg: ChangePreviewDialog) -> bool:
        """The action, not Cancel, is the dialog's default button (Enter)."""
        return dlg.action_button.isDefault() and not (dlg.cancel_button is not None and dlg.cancel_button.isDefault())


@pytest.fixture
def answer(qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Answer:  # type: ignore[no-untyped-def]
    a = Answer(qtbot, tmp_path)
    monkeypatch.setattr(change_preview, "ask", a)
    monkeypatch.setattr(confirm, "ask", lambda *_a: True)  # e.g. "discard the raw text?" when a test fails
    return a


@pytest.fixture
def aid(services: Services) -> int:
    a = services.assistants.create("Helper").id
    services.memory.save_raw(a, CURRENT)
    return a


def _seed_cards(services: Services, aid: int, n: int) -> None:
    cards: list[dm.Card] = []
    for day, body in zip(DAYS, ["Wants tables", "Asks for code first", "Likes dark mode", "Uses metric units"][:n],
                         strict=False):
        cards = dm.append_day_card(cards, day, body)
    with services.db.write() as s:
        s.merge(DynamicMemoryDocument(assistant_id=aid, body=dm.render_document(cards), updated_at=utcnow()))


def _idle(qtbot, widget) -> None:  # type: ignore[no-untyped-def]
    qtbot.waitUntil(lambda: not widget.ops.busy and not widget.runner.pending(), timeout=10_000)


def test_import_offers_replace_and_merge_and_merge_skips_duplicates(
        services: Services, aid: int, answer: Answer, qtbot, qloop, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "notes.md"
    path.write_text(FILE, encoding="utf-8")
    with shown_memory_page(services, aid, qtbot) as page:
        answer.option, answer.shot = "replace", "memory_import_replace.png"
        with qtbot.waitSignal(page.transfer.import_finished, timeout=10_000) as done:
            assert page.transfer.import_from(path)
        assert done.args == [False] and services.memory.document(aid) == CURRENT  # cancelled: nothing written
        replace = answer.seen[0]
        # Merge is the default: nothing of the current memory is lost unless Replace is picked (issue 28)
        assert replace["default"] == "merge"
        assert replace["keys"] == ["merge", "replace"] and replace["action"] == "Import"
        # opened on Merge, Import is the default button (fix53b); Replace, which removes, gives it to Cancel
        assert replace["enter_goes_ahead"] and not replace["enter_goes_ahead_on_option"]
        # walk56 #9: sentences, not a log ("fixed memory: 3 entries → 15 entries")
        assert "Fixed memory goes from 3 to 15 entries (13 added, 1 removed, 2 edited)." in replace["summary"]
        assert "Works in Lisbon" in replace["removed"]

        answer.option, answer.choose, answer.shot = "merge", "merge", "memory_import_merge.png"
        with qtbot.waitSignal(page.transfer.import_finished, timeout=10_000) as done:
            assert page.transfer.import_from(path)
        assert done.args == [True]
        merge = answer.seen[1]
        assert merge["enter_goes_ahead"] and merge["enter_goes_ahead_on_option"]
        # walk55 #5: what the file's entries are (a near repeat is not "skipped as a duplicate"),
        # walk56 #9: said in short sentences, not a log ("fixed memory: 3 entries now, none removed; …")
        assert merge["summary"].splitlines()[1:3] == [
            "Adds 12 new entries; nothing is removed.",
            "1 is already in memory; 1 nearly repeats or is covered by an entry you have; 1 repeats a line above "
            "in the file (unticked below)."]
        assert "Dynamic memory: unchanged." in merge["summary"].splitlines()
        assert merge["title"] == "From the file: ticked entries are added (12 of 15)"
        # the file's entries to tick: the new ones ticked, the repeats unticked with what they repeat (issue 30)
        assert merge["choices"][:12] == [(f"Keeps notes on {w}", True, True) for w in NEW_WORDS]
        assert merge["choices"][12:] == [
            ("LIKES tea\n— already in memory as fixed memory #1 “Likes tea”", False, False),
            ("Prefers concise answers with tables and code examples\n— nearly repeats fixed memory #2 "
             "“Prefers concise answers with tables and code”", False, True),
            # walk55b #2: memory holds 3 entries; this repeats the file's line above, said so
            ("keeps notes on RIVERS\n— repeats “Keeps notes on rivers” above", False, False)]
        assert merge["removed"] == []
        texts = [e.text for e in services.memory.entries(aid)]
        assert texts[:3] == ["Likes tea", "Prefers concise answers with tables and code", "Works in Lisbon"]
        assert len(texts) == 15
        qtbot.waitUntil(lambda: page.model.total() == 15, timeout=5000)
        assert "12 added, 3 left out" in page.status_label.text()


def test_import_merge_unticks_near_duplicates_like_paste_and_a_ticked_one_is_added(
        services: Services, aid: int, answer: Answer, qtbot, qloop, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """Issue 30 (REF-16, the paste's rule): "You prefer metric units" in a file repeats
    "Prefers metric units"; Merge shows it unticked with that entry named, and adds it
    only when the user ticks it back."""
    services.memory.add(aid, "Prefers metric units")
    path = tmp_path / "claude.md"
    path.write_text("#1: You prefer metric units\n#2: Plays the cello\n", encoding="utf-8")
    answer.option = answer.choose = "merge"
    with shown_memory_page(services, aid, qtbot) as page:
        with qtbot.waitSignal(page.transfer.import_finished, timeout=10_000) as done:
            assert page.transfer.import_from(path)
        assert done.args == [True]
        assert answer.seen[0]["choices"] == [
            ("You prefer metric units\n— nearly repeats fixed memory #4 “Prefers metric units”", False, True),
            ("Plays the cello", True, True)]
        assert [e.text for e in services.memory.entries(aid)][3:] == ["Prefers metric units", "Plays the cello"]
        _idle(qtbot, page)
        # again, ticking the repeat: it is added too
        services.memory.save_raw(aid, CURRENT + "#4: Prefers metric units\n")
        answer.tick = {0: True}
        with qtbot.waitSignal(page.transfer.import_finished, timeout=10_000) as done:
            assert page.transfer.import_from(path)
        assert done.args == [True]
        assert [e.text for e in services.memory.entries(aid)][3:] == [
            "Prefers metric units", "You prefer metric units", "Plays the cello"]
        qtbot.waitUntil(lambda: "2 added, 0 left out" in page.status_label.text(), timeout=5000)
        # walk55 #4: the title counts the ticks as they change, not the file's entries
        assert answer.seen[1]["title"] == "From the file: ticked entries are added (1 of 2)"
        assert answer.seen[1]["after_ticks"]["title"] == "From the file: ticked entries are added (2 of 2)"


def test_walk55_merge_with_nothing_ticked_cannot_import_and_says_why(
        services: Services, aid: int, answer: Answer, qtbot, qloop, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """walk55 #4: a Merge whose entries all repeat what is there comes with nothing ticked:
    Import is off, "Tick an entry to import it" beside it, and the title says 0 of 3; a
    tick turns Import on and counts 1. When every entry is already there word for word,
    the line says there is nothing to add. Replace, which removes, stays possible."""
    services.memory.add(aid, "Has a cat named Miso")
    services.memory.add(aid, "Lives in Lisbon, Portugal")
    path = tmp_path / "claude.md"
    path.write_text("#1: You have a cat named Miso.\n#2: Lives in Lisbon.\n#3: Likes tea\n", encoding="utf-8")
    answer.option = answer.choose = "merge"
    answer.tick = {0: True}
    answer.shot = "memory_import_merge_repeats.png"
    with shown_memory_page(services, aid, qtbot) as page:
        with qtbot.waitSignal(page.transfer.import_finished, timeout=10_000) as done:
            assert page.transfer.import_from(path)
        assert done.args == [True]
        seen = answer.seen[0]
        assert [c[0] for c in seen["choices"]] == [
            "You have a cat named Miso.\n— nearly repeats fixed memory #4 “Has a cat named Miso”",
            "Lives in Lisbon.\n— already covered by fixed memory #5 “Lives in Lisbon, Portugal”",
            "Likes tea\n— already in memory as fixed memory #1 “Likes tea”"]
        assert (seen["title"], seen["action_on"], seen["note"]) == (
            "From the file: ticked entries are added (0 of 3)", False, "Tick an entry to import it")
        assert seen["after_ticks"] == {"title": "From the file: ticked entries are added (1 of 3)", "action_on": True,
                                       "note": None}
        assert [e.text for e in services.memory.entries(aid)][5:] == ["You have a cat named Miso."]
        qtbot.waitUntil(lambda: "1 added, 2 left out" in page.status_label.text(), timeout=5000)
        _idle(qtbot, page)
        path.write_text("#1: Likes tea\n#2: Works in Lisbon\n", encoding="utf-8")
        answer.tick, answer.choose = {}, None
        with qtbot.waitSignal(page.transfer.import_finished, timeout=10_000):
            assert page.transfer.import_from(path)
        assert (answer.seen[1]["action_on"], answer.seen[1]["note"]) == (
            False, "Nothing to add: each of the file's entries is already in memory")
        _idle(qtbot, page)


def test_import_merge_unticks_an_entry_already_covered_naming_it_and_keeps_a_new_one_ticked(
        services: Services, aid: int, answer: Answer, qtbot, qloop, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """Issue 30: "Lives in Lisbon." in a file says less than "Lives in Lisbon, Portugal"
    (every word already there), as 喜欢喝茶 does beside 我喜欢喝茶和咖啡 (CJK bigrams):
    Merge shows both unticked, "already covered by" the entry; "Likes coffee" beside
    "Likes tea" is new and stays ticked."""
    services.memory.add(aid, "Lives in Lisbon, Portugal")
    services.memory.add(aid, "我喜欢喝茶和咖啡")
    path = tmp_path / "other.md"
    path.write_text("#1: Lives in Lisbon.\n#2: Likes coffee\n#3: 喜欢喝茶\n", encoding="utf-8")
    answer.option = answer.choose = "merge"
    answer.shot = "memory_import_merge_covered.png"
    with shown_memory_page(services, aid, qtbot) as page:
        with qtbot.waitSignal(page.transfer.import_finished, timeout=10_000) as done:
            assert page.transfer.import_from(path)
        assert done.args == [True]
        assert answer.seen[0]["choices"] == [
            ("Lives in Lisbon.\n— already covered by fixed memory #4 “Lives in Lisbon, Portugal”", False, True),
            ("Likes coffee", True, True),
            ("喜欢喝茶\n— already covered by fixed memory #5 “我喜欢喝茶和咖啡”", False, True)]
        assert [e.text for e in services.memory.entries(aid)][3:] == [
            "Lives in Lisbon, Portugal", "我喜欢喝茶和咖啡", "Likes coffee"]
        _idle(qtbot, page)


def test_import_is_refused_when_memory_moved_on_after_the_preview(
        services: Services, aid: int, answer: Answer, qtbot, qloop, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "notes.md"
    path.write_text(FILE, encoding="utf-8")
    answer.option = answer.choose = "merge"
    answer.before_answer = lambda: services.memory.add(aid, "Written by another window meanwhile")
    with shown_memory_page(services, aid, qtbot) as page:
        with qtbot.waitSignal(page.transfer.import_finished, timeout=10_000) as done:
            assert page.transfer.import_from(path)
        assert done.args == [False]
        assert len(services.memory.entries(aid)) == 4
        assert "changed since the file was checked" in page.error_label.text()


def test_a_raw_save_that_removes_entries_shows_them_first(
        services: Services, aid: int, answer: Answer, qtbot, qloop) -> None:  # type: ignore[no-untyped-def]
    with shown_memory_page(services, aid, qtbot) as page:
        page.raw.open_raw()
        qtbot.waitUntil(lambda: page.raw.is_open, timeout=5000)  # read on a worker
        page.raw.raw_edit.setPlainText("#1: Likes green tea\n#2: Works in Lisbon\n")
        answer.shot = "memory_raw_save_preview.png"
        page.raw.save_raw()
        qtbot.waitUntil(lambda: len(answer.seen) == 1, timeout=5000)
        _idle(qtbot, page)
        seen = answer.seen[0]
        assert seen["heading"] == "This save removes 1 entry:"
        assert seen["removed"] == ["Prefers concise answers with tables and code"]
        assert seen["edited"] == ["Likes tea → Likes green tea"]
        assert services.memory.document(aid) == CURRENT and page.stack.currentIndex() == 1  # text kept
        answer.choose = "save"
        page.raw.save_raw()
        qtbot.waitUntil(lambda: services.memory.document(aid) == "#1: Likes green tea\n#2: Works in Lisbon\n",
                        timeout=5000)
        qtbot.waitUntil(lambda: page.stack.currentIndex() == 0, timeout=5000)
        _idle(qtbot, page)
        page.raw.open_raw()  # a save that only adds asks nothing
        qtbot.waitUntil(lambda: page.raw.is_open, timeout=5000)
        page.raw.raw_edit.setPlainText("#1: Likes green tea\n#2: Works in Lisbon\n#3: Cycles\n")
        page.raw.save_raw()
        qtbot.waitUntil(lambda: len(services.memory.entries(aid)) == 3, timeout=5000)
        assert len(answer.seen) == 2
        _idle(qtbot, page)


def test_clear_fixed_memory_lists_what_goes_and_history_reverts_it(
        services: Services, aid: int, answer: Answer, qtbot, qloop) -> None:  # type: ignore[no-untyped-def]
    with shown_memory_page(services, aid, qtbot) as page:
        answer.choose, answer.shot = "clear", "memory_clear_preview.png"
        page.transfer.clear_action.trigger()
        qtbot.waitUntil(lambda: services.memory.document(aid) == "", timeout=5000)
        seen = answer.seen[0]
        assert sorted(seen["removed"]) == sorted(["Likes tea", "Prefers concise answers with tables and code",
                                                  "Works in Lisbon"])
        assert "fixed memory: 3 entries → 0 entries" in seen["summary"]
        qtbot.waitUntil(lambda: page.model.total() == 0, timeout=5000)
        _idle(qtbot, page)
        services.history.revert(aid, services.history.changes(aid)[0].id)
        assert services.memory.document(aid) == CURRENT


def test_clear_fixed_memory_is_refused_when_it_moved_on(
        services: Services, aid: int, answer: Answer, qtbot, qloop) -> None:  # type: ignore[no-untyped-def]
    answer.choose = "clear"
    answer.before_answer = lambda: services.memory.add(aid, "Added while the preview was open")
    with shown_memory_page(services, aid, qtbot) as page:
        page.transfer.clear_action.trigger()
        qtbot.waitUntil(lambda: "changed" in page.error_label.text(), timeout=5000)
        _idle(qtbot, page)
        assert len(services.memory.entries(aid)) == 4


def test_clear_dream_cards_lists_the_cards(
        services: Services, aid: int, answer: Answer, qtbot, qloop) -> None:  # type: ignore[no-untyped-def]
    _seed_cards(services, aid, 2)
    with shown_memory_page(services, aid, qtbot) as page:
        panel = page.dream_panel
        qtbot.waitUntil(lambda: panel.model.rowCount() == 2, timeout=5000)
        answer.choose, answer.shot = "clear", "dream_clear_preview.png"
        panel.clear_action.trigger()  # the Dynamic memory row's overflow menu (walk55b #20)
        qtbot.waitUntil(lambda: services.dreams.cards(aid) == [], timeout=5000)
        # walk56 #5: each card as the page says it, its day in the page's date style
        assert answer.seen[0]["removed"] == ["26 Nov 2026\nWants tables", "27 Nov 2026\nAsks for code first"]
        _idle(qtbot, panel)


def test_a_lower_keep_shows_which_cards_fold_into_which_range(
        services: Services, aid: int, answer: Answer, qtbot, qloop) -> None:  # type: ignore[no-untyped-def]
    _seed_cards(services, aid, 4)
    with shown_memory_page(services, aid, qtbot) as page:
        panel = page.dream_panel
        qtbot.waitUntil(lambda: panel.model.rowCount() == 4, timeout=5000)
        panel.schedule.keep_spin.setValue(2)
        answer.shot = "dream_keep_fold_preview.png"
        assert panel.schedule.save_schedule()
        qtbot.waitUntil(lambda: len(answer.seen) == 1, timeout=5000)
        _idle(qtbot, panel)
        seen = answer.seen[0]
        # walk56 #5: sentences with the page's days, the folded cards said as folded, never removed
        assert seen["summary"].replace("\u00a0", " ") == ("2 older cards (26 Nov 2026, 27 Nov 2026) fold into a new range card for "
                                   "26 Nov 2026 – 27 Nov 2026.\nThe dynamic memory goes from 4 to 3 cards.")
        assert "removed" not in seen["summary"].lower() and "[" not in seen["summary"]
        assert seen["removed"] == []
        assert seen["folded"] == ["26 Nov 2026\nWants tables", "27 Nov 2026\nAsks for code first"]
        assert seen["added"] == ["26 Nov 2026 – 27 Nov 2026\nWants tables · Asks for code first"]  # no [date:…]
        assert len(services.dreams.cards(aid)) == 4 and services.dreams.settings(aid).keep != 2  # cancelled
        answer.choose = "fold"
        assert panel.schedule.save_schedule()
        qtbot.waitUntil(lambda: len(services.dreams.cards(aid)) == 3, timeout=5000)
        assert services.dreams.settings(aid).keep == 2
        _idle(qtbot, panel)


def test_walk55b_merge_says_a_repeat_of_a_line_above_and_a_paused_entry_as_such(
        services: Services, aid: int, answer: Answer, qtbot, qloop, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """walk55b #2: a file whose lines repeat each other was said to repeat "fixed memory
    #4"/"#5" of a memory holding 3 entries, and counted "already in memory"; now it names
    the line above and counts it apart. #3: a repeat of a paused entry says it is paused.
    The paste dialog says both in the same words."""
    services.memory.set_paused(aid, 1, True)  # "Likes tea"
    path = tmp_path / "notes.md"
    path.write_text("#1: You play the viola.\n#2: Plays the viola\n#3: You drink oat milk.\n#4: Drinks oat milk\n"
                    "#5: you play the viola.\n#6: Likes tea\n", encoding="utf-8")
    answer.option, answer.choose, answer.shot = "merge", "merge", "walk55b_merge_repeats.png"
    with shown_memory_page(services, aid, qtbot) as page:
        with qtbot.waitSignal(page.transfer.import_finished, timeout=10_000) as done:
            assert page.transfer.import_from(path)
        assert done.args == [True]
        seen = answer.seen[0]
        assert seen["choices"] == [
            ("You play the viola.", True, True),
            ("Plays the viola\n— nearly repeats “You play the viola.” above", False, True),
            ("You drink oat milk.", True, True),
            ("Drinks oat milk\n— nearly repeats “You drink oat milk.” above", False, True),
            ("you play the viola.\n— repeats “You play the viola.” above", False, False),
            ("Likes tea\n— already in memory as fixed memory #1 “Likes tea” (paused)", False, False)]
        assert ("Adds 2 new entries; nothing is removed.\n1 is already in memory; 3 repeat lines above in the file "
                "(unticked below).") in seen["summary"]
        assert [e.text for e in services.memory.entries(aid)][3:] == ["You play the viola.", "You drink oat milk."]
