"""What a memory change did (issue 18, walk55 #1): an entry rewritten where it stood is
one edit however different its words — History said "Added" (the new text) above
"Removed" (the old) for an in-place edit — while real additions and removals stay so."""

from __future__ import annotations

from chathub_desktop.core.memory_diff import EntryChanges, entry_changes

BEFORE = ["Name is Ana", "Lives in Lisbon, Portugal", "Plays the cello", "Drinks tea"]
LONGER = "Lives in Lisbon, Portugal, near the Alfama district; walks everywhere and rarely drives"


def test_an_entry_rewritten_in_place_is_one_edit_however_different() -> None:
    after = [BEFORE[0], LONGER, *BEFORE[2:]]
    assert entry_changes(BEFORE, after) == EntryChanges([], [], [(BEFORE[1], LONGER)])
    # the first and the last entry too (one neighbour is the list's end), and two at once
    last = [*BEFORE[:3], "Prefers coffee over anything"]
    assert entry_changes(BEFORE, last).edited == [("Drinks tea", "Prefers coffee over anything")]
    two = ["Goes by Nina", BEFORE[1], "Collects stamps", BEFORE[3]]
    assert entry_changes(BEFORE, two) == EntryChanges([], [], [("Name is Ana", "Goes by Nina"),
                                                               ("Plays the cello", "Collects stamps")])


def test_real_additions_and_removals_stay_added_and_removed() -> None:
    # an entry deleted and another added at the end: the places shifted, nothing was rewritten
    moved = [BEFORE[0], *BEFORE[2:], "Walks to work"]
    assert entry_changes(BEFORE, moved) == EntryChanges(["Walks to work"], [BEFORE[1]], [])
    assert entry_changes(BEFORE, [*BEFORE, "Walks to work"]) == EntryChanges(["Walks to work"], [], [])
    assert entry_changes(BEFORE, BEFORE[:3]) == EntryChanges([], ["Drinks tea"], [])
    # a card folded into a range while a new day's card came: neither neighbour stayed, so no edit
    cards = ["[2026-11-01 – 2026-11-03] Older habits", "[2026-11-04] Likes tables"]
    later = ["[2026-11-01 – 2026-11-04] Older habits and tables", "[2026-11-05] Writes Python"]
    got = entry_changes(cards, later)
    assert ("[2026-11-04] Likes tables", "[2026-11-05] Writes Python") not in got.edited
    assert "[2026-11-05] Writes Python" in got.added


def test_a_similar_entry_elsewhere_still_pairs_as_an_edit() -> None:
    after = [BEFORE[0], *BEFORE[2:], "Lives in Lisbon, Portugal now"]
    assert entry_changes(BEFORE, after) == EntryChanges([], [], [(BEFORE[1], "Lives in Lisbon, Portugal now")])


def test_numbered_entries_rewritten_where_they_stood_pair_by_number() -> None:
    """walk57 #6: a raw save rewrote every entry; the short ones ("OK" → "OK — rewritten in
    the raw editor", 1/6 of the words shared) read as an unrelated Added and Removed. Each
    kept its number: numbered, they pair in order; in a run that also lost an entry, by
    the words one keeps of the other."""
    before = ["Prefers metric units", "OK", "Allergic to peanuts"]
    after = [f"{t} — rewritten in the raw editor" for t in before]
    assert entry_changes(before, after, numbered=True) == EntryChanges([], [], list(zip(before, after, strict=True)))
    assert ("OK", after[1]) not in entry_changes(before, after).edited  # cards (not numbered): as before
    shorter = [after[0], after[2]]  # "OK" gone, the others rewritten
    assert entry_changes(before, shorter, numbered=True) == EntryChanges(
        [], ["OK"], [(before[0], after[0]), (before[2], after[2])])
