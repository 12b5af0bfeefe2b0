"""Undo one change on the memory as it is now (issue 30, walk57 #1): entries found by
their text, not their number; a deleted entry goes back where it stood; a change whose
entry was edited since does not apply; one already undone is ALREADY."""

from __future__ import annotations

from datetime import date

from chathub_desktop.core import dynamic_memory as dm
from chathub_desktop.core.memory_undo import UndoStatus, undo_cards, undo_fixed


def doc(*texts: str, head: str = "") -> str:
    return head + "".join(f"#{n}: {t}\n" for n, t in enumerate(texts, 1))


def test_a_deleted_entry_goes_back_where_it_stood_and_later_entries_stay() -> None:
    before, after = doc("a", "b", "c"), doc("a", "c")
    got = undo_fixed(before, after, doc("x", "a", "c", "d", "e"))
    assert got.status is UndoStatus.APPLIES
    assert got.document == doc("x", "a", "b", "c", "d", "e")
    assert (got.entries.added, got.entries.removed, got.entries.edited) == (["b"], [], [])


def test_an_edit_and_an_add_are_undone_by_the_entry_s_text() -> None:
    got = undo_fixed(doc("a", "b"), doc("a", "B2"), doc("z", "a", "B2", "q"))
    assert got.document == doc("z", "a", "b", "q") and got.entries.edited == [("B2", "b")]
    got = undo_fixed(doc("a"), doc("a", "new"), doc("new", "a", "x"))
    assert got.document == doc("a", "x") and got.entries.removed == ["new"]


def test_notes_and_line_endings_are_kept() -> None:
    head = "# About Ana\r\n\r\n"
    before = head + "#1: a\r\n#2: b\r\n"
    got = undo_fixed(before, head + "#1: a\r\n", head + "#1: a\r\n#2: c")
    assert got.document == head + "#1: a\r\n#2: b\r\n#3: c"


def test_a_change_whose_entry_was_edited_since_does_not_apply() -> None:
    current = doc("a", "B3")
    got = undo_fixed(doc("a", "b"), doc("a", "B2"), current)
    assert (got.status, got.blocked, got.document) == (UndoStatus.CONFLICT, "B2", current)


def test_an_entry_already_back_is_not_put_back_twice() -> None:
    got = undo_fixed(doc("a", "b"), doc("a"), doc("a", "b", "c"))
    assert got.status is UndoStatus.ALREADY


def test_a_card_edit_is_undone_and_a_later_card_kept() -> None:
    one = dm.append_day_card([], date(2026, 11, 29), "Likes tables")
    edited = dm.replace_body(one, 0, "Likes short tables")
    later = dm.append_day_card(edited, date(2026, 11, 30), "Writes Python")
    got = undo_cards(dm.render_document(one), dm.render_document(edited), dm.render_document(later),
                     lambda c: f"[{c.tag}] {dm.visible_body(c)}")
    assert got.status is UndoStatus.APPLIES
    assert [dm.visible_body(c) for c in dm.parse_document(got.document)] == ["Likes tables", "Writes Python"]
    assert got.entries.edited == [("[2026-11-29] Likes short tables", "[2026-11-29] Likes tables")]
