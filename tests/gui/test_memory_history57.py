"""History's Revert does what the row picked promises (issue 18, issue 30; walk57 #1, #4,
#6). Reverting an old deletion rolled the whole memory back to before it — the entries
added since vanished — while the question read "Undo “You deleted entry #50”? 93
entries … go back": now "Undo only this change" puts back that one entry and keeps every
later one, and "Restore to before it" says by kind what it does. After a Revert a status
line says what happened and offers Undo (also Ctrl+Z), the new change is selected at the
top, and its row is not "You reverted “You reverted “…””". Rows sharing a minute say
their seconds.

``CHATHUB_SHOTS=/dir`` saves the History panel in both themes."""

from __future__ import annotations

import re
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from chathub_desktop.gui.dialogs import confirm
from chathub_desktop.gui.memory.history_rows import WhenRole
from chathub_desktop.services.container import Services
from tests.gui.helpers import shown_memory_page
from tests.gui.shot_harness import shots_in_both_themes

FIRST = ["Name is Ana", "Lives in Lisbon", "Plays the cello", "Drinks tea"]
LATER = ["Walks to work", "Reads sci-fi", "Keeps a garden"]


@pytest.fixture
def aid(services: Services) -> int:
    """Four entries, #2 deleted, then three more added (the walk: one deletion among
    many later changes)."""
    a = services.assistants.create("Helper").id
    for text in FIRST:
        services.memory.add(a, text)
    services.memory.delete(a, 2)
    for text in LATER:
        services.memory.add(a, text)
    return a


def _texts(services: Services, aid: int) -> list[str]:
    return [e.text for e in services.memory.entries(aid)]


def _history(page: Any, qtbot: Any, rows: int) -> Any:
    history = page.open_history()
    qtbot.waitUntil(lambda: history.list.count() == rows and history.detail is not None, timeout=5000)
    return history


def _select(history: Any, qtbot: Any, text: str) -> None:
    row = next(i for i in range(history.list.count()) if history.list.item(i).text() == text)
    history.list.setCurrentRow(row)
    want = history.changes[row].id
    qtbot.waitUntil(lambda: history.detail is not None and history.detail.change.id == want, timeout=5000)


def _asked(monkeypatch: pytest.MonkeyPatch, pick: int | None) -> list[tuple[str, list[str]]]:
    """The Revert questions asked (text and buttons), each answered with ``pick``."""
    asked: list[tuple[str, list[str]]] = []

    def choose(_parent: Any, _title: str, text: str, actions: list[str]) -> int | None:
        asked.append((text, list(actions)))
        return pick

    monkeypatch.setattr(confirm, "choose", choose)
    return asked


def _idle(history: Any, qtbot: Any) -> None:
    qtbot.waitUntil(lambda: not history.ops.busy and not history.runner.pending(), timeout=5000)


def test_undo_only_an_old_deletion_puts_back_that_entry_and_keeps_the_ones_added_since(
        services: Services, aid: int, qtbot: Any, qloop: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """walk57 #1 and #4: Revert of "You deleted entry #2" with three adds after it asks
    "Undo only …? “Lives in Lisbon” is put back; the 3 changes made after it stay." first;
    picking it puts back only that entry, at its place, and keeps the three; the status
    line says so with Undo, and the new change is selected at the top. Undo (the button)
    puts memory back byte for byte, its row not "You reverted “You reverted “…””"."""
    before = services.memory.document(aid)
    asked = _asked(monkeypatch, 0)
    with shown_memory_page(services, aid, qtbot) as page:
        history = _history(page, qtbot, 8)
        _select(history, qtbot, "You deleted entry #2")
        assert history.revert_button.text() == "Revert this change…"
        with qtbot.waitSignal(history.reverted, timeout=5000):
            assert history.revert_selected()
        text, buttons = asked[0]
        assert buttons == ["Undo only this change", "Restore to before it"]
        assert text.startswith("Undo only “You deleted entry #2”? “Lives in Lisbon” is put back; the 3 changes made "
                               "after it stay.\n\n"), text
        # only that entry back, where it stood; the three added since kept
        assert _texts(services, aid) == [FIRST[0], FIRST[1], FIRST[2], FIRST[3], *LATER]
        qtbot.waitUntil(lambda: history.list.count() == 9, timeout=5000)
        assert history.list.item(0).text() == "You undid “You deleted entry #2”"
        assert history.list.currentRow() == 0  # selected at the top (walk57 #4: the view stayed on the old row)
        assert history.status.isVisible() and history.undo_button.isVisible()
        assert history.status.text() == "Undid “You deleted entry #2”; every later change kept."
        assert history.undo_button.text() == "Undo"
        shots_in_both_themes(page, "hist57-undone-only")
        history.undo_button.click()
        qtbot.waitUntil(lambda: history.list.count() == 10, timeout=5000)
        _idle(history, qtbot)
        assert services.memory.document(aid) == before  # byte for byte
        assert history.list.item(0).text() == "You undid a revert of “You deleted entry #2”"
        assert history.list.currentRow() == 0
        assert history.status.text() == "Revert undone: memory is as it was before it."
        assert not history.undo_button.isVisible()
        # the undo row again: memory is already as it was before it — said, nothing asked or written
        _select(history, qtbot, "You undid “You deleted entry #2”")
        assert history.revert_selected()
        _idle(history, qtbot)
        assert len(asked) == 1 and services.memory.document(aid) == before
        assert history.error.text().endswith("fixed memory is already as it was before change "
                                             f"#{history.changes[1].id}; nothing to revert"), history.error.text()
        history.closed.emit()


def test_ctrl_z_on_history_undoes_the_last_revert_made_there(
        services: Services, aid: int, qtbot: Any, qloop: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """walk57 #4: Ctrl+Z on the History panel did nothing after a Revert; it undoes the
    last revert made there, byte for byte."""
    before = services.memory.document(aid)
    _asked(monkeypatch, 0)
    with shown_memory_page(services, aid, qtbot) as page:
        history = _history(page, qtbot, 8)
        _select(history, qtbot, "You deleted entry #2")
        history.activateWindow()
        history.revert_button.setFocus()
        with qtbot.waitSignal(history.reverted, timeout=5000):
            history.revert_button.click()
        qtbot.waitUntil(lambda: history.list.count() == 9, timeout=5000)
        _idle(history, qtbot)
        # the focus back on the list, not sent out of the panel by the disabled Revert button
        assert QApplication.focusWidget() is history.list
        QTest.keyClick(history.list, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
        qtbot.waitUntil(lambda: history.list.count() == 10, timeout=5000)
        _idle(history, qtbot)
        assert services.memory.document(aid) == before
        QTest.keyClick(history.list, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)  # nothing left to undo here
        _idle(history, qtbot)
        assert history.list.count() == 10 and services.memory.document(aid) == before
        history.closed.emit()


def test_the_restore_question_names_what_it_does_by_kind(
        services: Services, aid: int, qtbot: Any, qloop: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """walk57 #1: "93 entries of fixed memory go back to how they were" hid that the
    entries added since are deleted. The restore, the second choice, says it by kind;
    picked, it rolls the whole memory back to before the change."""
    services.memory.edit(aid, 1, "Name is Ana Sousa")  # one more later change: an entry edited
    asked = _asked(monkeypatch, 1)
    with shown_memory_page(services, aid, qtbot) as page:
        history = _history(page, qtbot, 9)
        _select(history, qtbot, "You deleted entry #2")
        with qtbot.waitSignal(history.reverted, timeout=5000):
            assert history.revert_selected()
        text = asked[0][0]
        assert text.endswith("\n\nOr restore fixed memory to before this change: 3 entries added since will be "
                             "removed; 1 entry put back; 1 entry changed back."), text
        assert _texts(services, aid) == FIRST
        qtbot.waitUntil(lambda: history.list.count() == 10, timeout=5000)
        assert history.list.item(0).text() == "You reverted “You deleted entry #2”"
        assert history.status.text() == "Reverted “You deleted entry #2”."
        history.closed.emit()


def test_a_change_edited_since_is_not_undone_on_its_own_and_nothing_is_written(
        services: Services, aid: int, qtbot: Any, qloop: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """walk57 #1: when an entry the change wrote was edited since, one line says so and
    only the restore is offered; Cancel writes nothing."""
    services.memory.edit(aid, 2, "Plays the cello and the piano")
    services.memory.edit(aid, 2, "Plays the piano")
    before = services.memory.document(aid)
    asked = _asked(monkeypatch, None)
    with shown_memory_page(services, aid, qtbot) as page:
        history = _history(page, qtbot, 10)
        _select(history, qtbot, "You edited entry #2")
        history.list.setCurrentRow(1)  # the first edit: the second edited its text since
        qtbot.waitUntil(lambda: history.detail is not None and history.detail.change.id == history.changes[1].id,
                        timeout=5000)
        assert history.revert_selected()
        qtbot.waitUntil(lambda: bool(asked), timeout=5000)
        _idle(history, qtbot)
        text, buttons = asked[0]
        assert buttons == ["Restore to before it"]
        assert text.startswith("“You edited entry #2” cannot be undone on its own: “Plays the cello and the piano” "
                               "was changed or deleted since.\n\nRestore fixed memory to before this change? "), text
        assert services.memory.document(aid) == before and history.list.count() == 10
        assert not history.status.isVisible()
        history.closed.emit()


def test_rows_that_share_a_minute_say_their_seconds(services: Services, aid: int, qtbot: Any, qloop: Any) -> None:
    """walk57 #4: 257 rows all read "6 Dec 2026, 03:49": a row whose minute a neighbour
    shares says the seconds too; one alone in its minute says the minute."""
    from datetime import UTC, datetime, timedelta

    from sqlalchemy import update

    from chathub_desktop.storage.models import MemoryChange

    start = datetime(2026, 12, 6, 3, 49, 5, tzinfo=UTC)
    with services.db.write() as s:  # seven changes in one minute, the newest two minutes later
        for i, change in enumerate(sorted(c.id for c in services.history.changes(aid))):
            at = start + timedelta(seconds=7 * i) if i < 7 else start + timedelta(minutes=2)
            s.execute(update(MemoryChange).where(MemoryChange.id == change).values(at=at))
    with shown_memory_page(services, aid, qtbot) as page:
        history = _history(page, qtbot, 8)
        whens = [history.list.item(i).data(WhenRole) for i in range(history.list.count())]
        day = r"\d{1,2} [A-Z][a-z]{2} \d{4}, "
        assert re.fullmatch(rf"{day}\d\d:51 · Fixed memory", whens[0]), whens
        assert all(re.fullmatch(rf"{day}\d\d:49:\d\d · Fixed memory", w) for w in whens[1:]), whens
        assert len(set(whens[1:])) == 7  # each its own second
        shots_in_both_themes(page, "hist57-seconds")
        history.closed.emit()


def test_undo_goes_when_memory_moved_on_after_the_revert(
        services: Services, aid: int, qtbot: Any, qloop: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """A later write (another window, the CLI) after the revert: Undo would overwrite it,
    so it is no longer offered (issue 10: a stale action never overwrites a newer save)."""
    _asked(monkeypatch, 0)
    with shown_memory_page(services, aid, qtbot) as page:
        history = _history(page, qtbot, 8)
        _select(history, qtbot, "You deleted entry #2")
        with qtbot.waitSignal(history.reverted, timeout=5000):
            assert history.revert_selected()
        qtbot.waitUntil(lambda: history.list.count() == 9 and history.undo_button.isVisible(), timeout=5000)
        services.memory.add(aid, "Written elsewhere")
        qtbot.waitUntil(lambda: history.list.count() == 10, timeout=5000)
        assert not history.undo_button.isVisible() and not history.undo_last_revert()
        assert history.status.text() == "Undid “You deleted entry #2”; every later change kept."
        history.closed.emit()
