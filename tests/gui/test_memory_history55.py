"""History tells a user what happened, in their terms (issue 30, walk55): an entry edited in
place reads as that entry changed — not "Added" (the new text) above "Removed" (the old);
pausing an entry (issue 18) is a change of its own with its Revert; an accepted dream
proposal is the user's ("You accepted the dream's card for 30 Nov 2026"); and the Revert
question counts entries (or dream cards), lines only for notes.

``CHATHUB_SHOTS=/dir`` saves the History panel in both themes."""

from __future__ import annotations

from datetime import date

from chathub_desktop.core.clock import utcnow
from chathub_desktop.gui.dialogs import confirm
from chathub_desktop.storage.dream_rows import StoredProposal, add_proposal
from tests.gui.shot_harness import shots_in_both_themes
from tests.gui.test_dream_panel import helper, idle, open_page, summ  # noqa: F401

ENTRIES = ("Name is Ana", "Lives in Lisbon, Portugal", "Plays the cello", "Drinks tea")
LONGER = "Lives in Lisbon, Portugal, near the Alfama district; walks everywhere and rarely drives"


def _walk(services, aid: int) -> None:  # type: ignore[no-untyped-def]
    """The walk's steps: four entries, #2 edited in place, #3 paused."""
    for text in ENTRIES:
        services.memory.add(aid, text)
    services.memory.edit(aid, 2, LONGER)
    services.memory.set_paused(aid, 3, True)


def _history(page, qtbot, rows: int):  # type: ignore[no-untyped-def]
    history = page.open_history()
    qtbot.waitUntil(lambda: history.list.count() == rows and history.detail is not None, timeout=5000)
    return history


def _select(history, qtbot, row: int) -> str:  # type: ignore[no-untyped-def]
    """Select ``row`` and wait for its detail; the detail's text."""
    history.list.setCurrentRow(row)
    want = history.changes[row].id
    qtbot.waitUntil(lambda: history.detail is not None and history.detail.change.id == want, timeout=5000)
    return str(history.diff.toPlainText())


def test_an_entry_edited_in_place_reads_as_that_entry_changed_old_then_new(  # type: ignore[no-untyped-def]
        open_page, services, helper, qtbot, monkeypatch):  # noqa: F811
    """walk55 #1: "You edited entry #2" showed "Added" (the new text) above "Removed" (the
    old): the edit is one Changed row, the old text (its dropped words struck) then the new
    (its new words marked); a real addition still reads Added. Its Revert counts the
    entry (walk55 #4)."""
    _walk(services, helper)
    page = open_page(helper)
    history = _history(page, qtbot, 6)
    assert history.list.item(1).text() == "You edited entry #2"
    text = _select(history, qtbot, 1)
    assert text.endswith(f"Changed\n#2 Lives in Lisbon, Portugal\n→ {LONGER}"), text
    assert "Added" not in text and "Removed" not in text
    markup = history.diff.toHtml()
    assert "line-through" in markup  # "Portugal" (now "Portugal,") struck in the old text
    shots_in_both_themes(page, "hist55-edit")
    asked: list[str] = []
    monkeypatch.setattr(confirm, "ask", lambda _p, _t, text, _a="", **_k: asked.append(text) or False)
    assert history.revert_selected()
    qtbot.waitUntil(lambda: bool(asked) and not history.ops.busy, timeout=5000)
    # walk55 #4: the entry, not "1 line"; the pause after the edit is no change a revert overwrites
    assert asked == ["Undo “You edited entry #2”? 1 entry of fixed memory goes back to how it was."]
    assert _select(history, qtbot, 2).endswith("Added\nDrinks tea")  # "You added entry #4"
    history.closed.emit()
    idle(qtbot, page.dream_panel)


def test_a_pause_is_a_history_row_and_its_revert_resumes_the_entry(  # type: ignore[no-untyped-def]
        open_page, services, helper, qtbot, monkeypatch):  # noqa: F811
    """walk55 #2: pausing entry #3 (it stops being sent to the model) left no trace in
    History. It is a row of its own saying what the pause does; Revert asks in words and
    resumes the entry, itself a row; resuming from the page is a row too."""
    _walk(services, helper)
    page = open_page(helper)
    history = _history(page, qtbot, 6)
    assert history.list.item(0).text() == "You paused entry #3"
    text = _select(history, qtbot, 0)
    assert text.endswith("Paused: this entry stays in memory but is no longer sent to the model.\n"
                         "#3 Plays the cello"), text
    assert "characters" not in text  # the document's size did not change; no "108 → 108 characters"
    shots_in_both_themes(page, "hist55-pause")
    asked: list[str] = []
    monkeypatch.setattr(confirm, "ask", lambda _p, _t, text, _a="", **_k: asked.append(text) or True)
    with qtbot.waitSignal(history.reverted, timeout=5000):
        assert history.revert_selected()
    assert asked == ["Undo “You paused entry #3”? The entry is sent to the model again."]
    qtbot.waitUntil(lambda: history.list.count() == 7, timeout=5000)
    assert history.list.item(0).text() == "You reverted “You paused entry #3”"
    assert not services.memory.entry_views(helper)[2].paused
    assert "Plays the cello" in services.memory.injection_block(helper)
    assert _select(history, qtbot, 0).endswith("Resumed: this entry is sent to the model again.\n#3 Plays the cello")
    history.closed.emit()
    page.select_number(1)
    page.entry_actions.toggle_pause_current()
    qtbot.waitUntil(lambda: page.model.entry(0) is not None and page.model.entry(0).paused, timeout=5000)
    page.entry_actions.toggle_pause_current()
    qtbot.waitUntil(lambda: not page.model.entry(0).paused, timeout=5000)
    history = _history(page, qtbot, 9)
    assert [history.list.item(i).text() for i in range(2)] == ["You resumed entry #1", "You paused entry #1"]
    history.closed.emit()
    idle(qtbot, page.dream_panel)


def test_an_accepted_proposal_is_the_users_and_a_cards_revert_counts_cards(  # type: ignore[no-untyped-def]
        open_page, services, helper, qtbot, monkeypatch):  # noqa: F811
    """walk55 #3: after Accept, History said "The dream for 30 Nov 2026 added the card": it
    credits the user, the dream still named. walk55 #4: its Revert question counts the
    dream card, not "3 lines"."""
    with services.db.write() as s:
        pid = add_proposal(s, StoredProposal(0, helper, date(2026, 11, 30), "- Wants answers as tables\n- Short ones",
                                             None, None, None, utcnow()))
    services.dreams.review.accept(pid)
    page = open_page(helper)
    history = _history(page, qtbot, 1)
    assert history.list.item(0).text() == "You accepted the dream's card for 30 Nov 2026"
    assert "Added\n30 Nov 2026\n" in history.diff.toPlainText()
    shots_in_both_themes(page, "hist55-accepted")
    asked: list[str] = []
    monkeypatch.setattr(confirm, "ask", lambda _p, _t, text, _a="", **_k: asked.append(text) or False)
    assert history.revert_selected()
    qtbot.waitUntil(lambda: bool(asked), timeout=5000)
    assert asked == ["Undo “You accepted the dream's card for 30 Nov 2026”? 1 dream card goes back to how it was."]
    history.closed.emit()
    idle(qtbot, page.dream_panel)


def test_the_revert_question_counts_entries_and_lines_only_for_notes(  # type: ignore[no-untyped-def]
        open_page, services, helper, qtbot, monkeypatch):  # noqa: F811
    """walk55 #4: "3 lines of fixed memory go back" for one imported entry. The question
    says entries when entries go back, and the notes' lines beside them; lines alone only
    when only notes change. A pause after the change is not one it overwrites."""
    _walk(services, helper)
    services.memory.save_raw(helper, services.memory.document(helper) + "\n## Later\n- a note\n#5: Walks to work\n")
    services.memory.save_raw(helper, services.memory.document(helper).replace("- a note", "- a longer note"))
    page = open_page(helper)
    history = _history(page, qtbot, 8)
    asked: list[str] = []
    monkeypatch.setattr(confirm, "ask", lambda _p, _t, text, _a="", **_k: asked.append(text) or False)
    monkeypatch.setattr(confirm, "choose", lambda _p, _t, text, actions: asked.append(f"{text}\n{actions}") and None)

    def question(row: int) -> str:
        _select(history, qtbot, row)
        asked.clear()
        assert history.revert_selected()
        qtbot.waitUntil(lambda: bool(asked) and not history.ops.busy, timeout=5000)
        return asked[0]

    assert question(0) == "Undo “You saved the raw Markdown”? 1 line of fixed memory goes back to how it was."
    # walk57 #1: a change the document moved on from is undone on its own, or the memory
    # restored to before it, said by kind; the raw save's note was changed since, so only
    # the restore is offered
    assert question(1) == ("“You saved the raw Markdown” cannot be undone on its own: “- a note” was changed or "
                           "deleted since.\n\nRestore fixed memory to before this change? 1 entry added since will be "
                           "removed; 2 lines of notes go back.\n['Restore to before it']")
    # the edit's entry undone on its own (the raw saves after it kept); the pause between is no change it overwrites
    assert question(3) == ("Undo only “You edited entry #2”? “Lives in Lisbon, Portugal, near the Alfama district; walks "
                           "everywhere and rarely…” goes back to “Lives in Lisbon, Portugal”; the 2 changes made after "
                           "it stay.\n\nOr restore fixed memory to before this change: 1 entry added since will be "
                           "removed; 1 entry changed back; 2 lines of notes go back.\n"
                           "['Undo only this change', 'Restore to before it']")
    history.closed.emit()
    idle(qtbot, page.dream_panel)
