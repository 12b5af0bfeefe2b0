"""Issue 27: the history's stored English lines read back as the typed action the
Memory page translates — every kind, and lines not of the set stay untyped."""

from __future__ import annotations

import pytest

from chathub_desktop.core.memory_actions import (
    ActionKind,
    ChangeAction,
    ChangeWho,
    WhoKind,
    pause_action,
)
from chathub_desktop.core.memory_documents import MemoryDocument

ARGS = {"{n}": "12", "{s}": "2026-01-02"}


@pytest.mark.parametrize("kind", list(ActionKind))
def test_every_stored_action_reads_back_as_its_kind(kind: ActionKind) -> None:
    args = tuple(ARGS[slot] for slot in ("{n}", "{s}") for _ in range(kind.value.count(slot)))
    if kind in (ActionKind.ADDED_CARD_FOLDED, ActionKind.ACCEPTED_CARD_FOLDED):
        args = ("2026-01-02", "3")
    if kind is ActionKind.REVERTED:
        args = ("4", "edited entry #2")
    if kind is ActionKind.IMPORTED_ENTRIES:
        args = ("notes (old).md", "3")
    stored = ChangeAction(kind, args).english()
    assert ChangeAction.read(stored) == ChangeAction(kind, args)


def test_the_stored_lines_are_the_english_the_cli_prints() -> None:
    assert ChangeAction(ActionKind.EDITED_ENTRY, ("3",)).english() == "edited entry #3"
    assert ChangeAction(ActionKind.ADDED_CARD_FOLDED, ("2026-01-02", "2")).english() == (
        "added the card for 2026-01-02; folded 2 older card(s) into a range")
    assert ChangeAction.read("reverted change #4 (reverted change #2 (deleted entry #1))") == ChangeAction(
        ActionKind.REVERTED, ("4", "reverted change #2 (deleted entry #1)"))
    assert ChangeAction.read("imported a memory file") == ChangeAction(ActionKind.IMPORTED_UNNAMED)
    assert ChangeAction.read("imported notes.md") == ChangeAction(ActionKind.IMPORTED, ("notes.md",))
    assert ChangeAction.read("imported notes.md (3 new fixed entry(ies))") == ChangeAction(
        ActionKind.IMPORTED_ENTRIES, ("notes.md", "3"))  # memview54: the count it brought
    assert ChangeWho(WhoKind.MODEL_IN_TOPIC, ("Trip",)).english() == "the model in topic “Trip”"
    # walk55 #3: an accepted proposal is the user's, the dream still named
    assert ChangeAction.read("accepted the dream's card for 2026-11-30; folded 2 older card(s) into a range") == (
        ChangeAction(ActionKind.ACCEPTED_CARD_FOLDED, ("2026-11-30", "2")))


def test_a_pause_and_a_resume_are_stored_as_lines_of_their_own() -> None:
    """walk55 #2: pausing an entry (issue 18) left no trace in History."""
    assert pause_action(MemoryDocument.FIXED, 3, True).english() == "paused entry #3"
    assert pause_action(MemoryDocument.FIXED, 3, False).english() == "resumed entry #3"
    assert pause_action(MemoryDocument.DYNAMIC, 2, True).english() == "paused card #2"
    assert ChangeAction.read("resumed card #2") == ChangeAction(ActionKind.RESUMED_CARD, ("2",))


@pytest.mark.parametrize("line", ["edited entry #x", "added", "something else", ""])
def test_a_line_not_of_the_set_is_not_typed(line: str) -> None:
    assert ChangeAction.read(line) is None
