"""Issue 27: the history's stored English lines read back as the typed action the
Memory page translates — every kind, and lines not of the set stay untyped."""

from __future__ import annotations

import pytest

from chathub_desktop.core.memory_actions import ActionKind, ChangeAction, ChangeWho, WhoKind

ARGS = {"{n}": "12", "{s}": "2026-01-02"}


@pytest.mark.parametrize("kind", list(ActionKind))
def test_every_stored_action_reads_back_as_its_kind(kind: ActionKind) -> None:
    args = tuple(ARGS[slot] for slot in ("{n}", "{s}") for _ in range(kind.value.count(slot)))
    if kind is ActionKind.ADDED_CARD_FOLDED:
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


@pytest.mark.parametrize("line", ["edited entry #x", "added", "something else", ""])
def test_a_line_not_of_the_set_is_not_typed(line: str) -> None:
    assert ChangeAction.read(line) is None
