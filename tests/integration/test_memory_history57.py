"""Undo one change on its own (issue 18 "History" Revert; issue 30, walk57 #1, #6; MEM-2,
MEM-3, DRM-8). Reverting an old change put back the whole document as it was before it,
so the entries added since vanished; :meth:`MemoryHistory.undo` undoes only that change on
the memory as it is now — by the entry's text, not its number — in one write
transaction with the version check, and refuses with nothing written when an entry the
change wrote was edited or deleted since. History's diff of a raw save that rewrote
entries pairs them by number ("OK" → "OK — rewritten in the raw editor")."""

from __future__ import annotations

import json
from datetime import date

import pytest
from sqlalchemy import func, select

from chathub_desktop.core import dynamic_memory as dm
from chathub_desktop.core.memory_undo import UndoStatus
from chathub_desktop.services.container import Services
from chathub_desktop.services.errors import InvalidInput, StaleDocument
from chathub_desktop.services.memory.memory_history_service import UndoConflict
from chathub_desktop.storage import memory_history as mh
from chathub_desktop.storage.models import DynamicMemoryDocument, MemoryChange

FIRST = ["Name is Ana", "Walk57 throwaway 70", "Plays the cello", "Drinks tea"]
LATER = ["Walks to work", "Reads sci-fi", "Keeps a garden"]


@pytest.fixture
def helper(services: Services) -> Services:
    services.assistants.create("Helper")
    return services


def _texts(svc: Services) -> list[str]:
    return [e.text for e in svc.memory.entries("Helper")]


def _rows(svc: Services) -> int:
    with svc.db.read() as s:
        return int(s.scalar(select(func.count()).select_from(MemoryChange)) or 0)


def _deleted_then_added(svc: Services) -> int:
    """Four entries, #2 deleted, three added after: the deletion's change id."""
    for text in FIRST:
        svc.memory.add("Helper", text)
    svc.memory.delete("Helper", 2)
    deleted = svc.history.changes("Helper", 1)[0].id
    for text in LATER:
        svc.memory.add("Helper", text)
    return deleted


def test_undo_of_an_old_deletion_puts_back_only_that_entry_and_keeps_the_ones_added_since(helper: Services) -> None:
    """walk57 #1: the deleted entry comes back at its place (#2), the three entries added
    since stay (7 entries, not the 4 a whole-document revert left); the undo is a change
    of its own, and the preview said what it would do."""
    svc = helper
    deleted = _deleted_then_added(svc)
    preview = svc.history.revert_preview("Helper", deleted)
    assert preview.later == 3 and preview.undo is not None and preview.undo.status is UndoStatus.APPLIES
    assert (preview.undo.entries.added, preview.undo.entries.removed, preview.undo.entries.edited) == (
        ["Walk57 throwaway 70"], [], [])
    # the restore (whole document) would remove the three and put one back
    assert (len(preview.entries.removed), len(preview.entries.added), len(preview.entries.edited)) == (3, 1, 0)
    view = svc.history.undo("Helper", deleted, version=preview.version)
    assert _texts(svc) == [*FIRST, *LATER]
    assert svc.memory.document("Helper") == "".join(f"#{n}: {t}\n" for n, t in enumerate([*FIRST, *LATER], 1))
    assert (view.author, view.author_detail, view.action) == ("revert", str(deleted),
                                                              f"undid change #{deleted} (deleted entry #2)")
    # itself undoable byte for byte: a revert of the undo puts the memory back as it was
    svc.history.revert("Helper", view.id)
    assert _texts(svc) == [FIRST[0], *FIRST[2:], *LATER]


def test_undo_of_an_edit_and_of_an_add_matches_the_entry_by_its_text_not_its_number(helper: Services) -> None:
    """Later deletes shifted the numbers: the edit is undone on the entry with the text it
    wrote, and an added entry is taken out wherever it stands now."""
    svc = helper
    for text in FIRST:
        svc.memory.add("Helper", text)
    svc.memory.edit("Helper", 3, "Plays the cello and the piano")
    edited = svc.history.changes("Helper", 1)[0].id
    svc.memory.add("Helper", "Likes jazz")
    added = svc.history.changes("Helper", 1)[0].id
    svc.memory.delete("Helper", 1)  # every number shifts
    svc.memory.add("Helper", "Walks to work")
    svc.history.undo("Helper", edited)
    assert _texts(svc) == [FIRST[1], "Plays the cello", FIRST[3], "Likes jazz", "Walks to work"]
    svc.history.undo("Helper", added)
    assert _texts(svc) == [FIRST[1], "Plays the cello", FIRST[3], "Walks to work"]


def test_a_stale_undo_refuses_and_writes_nothing(helper: Services) -> None:
    """walk57 #1: the entry the change wrote was edited since: the preview says the undo
    does not apply and names it; the undo raises and writes nothing (no row, same bytes).
    A version token of an older document is refused too (issue 10)."""
    svc = helper
    for text in FIRST:
        svc.memory.add("Helper", text)
    svc.memory.edit("Helper", 3, "Plays the cello and the piano")
    first_edit = svc.history.changes("Helper", 1)[0].id
    old_version = svc.history.revert_preview("Helper", first_edit).version
    svc.memory.edit("Helper", 3, "Plays the piano")
    preview = svc.history.revert_preview("Helper", first_edit)
    assert preview.undo is not None and preview.undo.status is UndoStatus.CONFLICT
    assert preview.undo.blocked == "Plays the cello and the piano"
    before, rows = svc.memory.document("Helper"), _rows(svc)
    with pytest.raises(UndoConflict, match="“Plays the cello and the piano” was changed or deleted after change"):
        svc.history.undo("Helper", first_edit)
    with pytest.raises(StaleDocument, match="changed again since the revert was shown"):
        svc.history.undo("Helper", svc.history.changes("Helper", 1)[0].id, version=old_version)
    assert svc.memory.document("Helper") == before and _rows(svc) == rows


def test_an_undo_already_done_is_refused(helper: Services) -> None:
    """The deleted entry was added again since: nothing to undo, nothing written."""
    svc = helper
    deleted = _deleted_then_added(svc)
    svc.memory.add("Helper", "Walk57 throwaway 70")
    rows = _rows(svc)
    with pytest.raises(InvalidInput, match="already holds what change"):
        svc.history.undo("Helper", deleted)
    assert _rows(svc) == rows


def test_undo_of_a_dream_card_edit_keeps_the_cards_added_since(helper: Services) -> None:
    """Dream cards too (DRM-8): an edit of card #1 undone on its own; the card the dream
    added after it stays."""
    svc = helper
    a = svc.assistants.get("Helper").id
    cards = dm.append_day_card([], date(2026, 11, 29), "Likes answers as tables")
    with svc.db.write() as s:
        mh.authored(s, mh.Author("dream", "2026-11-29", "seeded"))
        s.add(DynamicMemoryDocument(assistant_id=a, body=dm.render_document(cards), backup_body=""))
    svc.dreams.edit_card("Helper", 1, "Likes answers as short tables")
    edited = svc.history.changes("Helper", 1)[0].id
    with svc.db.write() as s:
        svc.dreams.commit_card_in(s, a, date(2026, 11, 30), "Writes Python with pytest", 3, None, None)
    view = svc.history.undo("Helper", edited)
    bodies = [dm.visible_body(c) for c in dm.parse_document(svc.dreams.document("Helper"))]
    assert bodies == ["Likes answers as tables", "Writes Python with pytest"]
    assert view.document == "dynamic" and view.action.startswith(f"undid change #{edited} (")


def test_the_diff_of_a_raw_save_pairs_rewritten_entries_by_number(helper: Services) -> None:
    """walk57 #6: a raw save that rewrote every entry showed the short ones ("OK") as an
    unrelated Added and Removed: each entry kept its number, so each is one change."""
    svc = helper
    texts = ["Prefers metric units", "OK", "Allergic to peanuts", "Writes Python and prefers short answers."]
    for text in texts:
        svc.memory.add("Helper", text)
    doc = svc.memory.document("Helper")
    svc.memory.save_raw("Helper", doc.replace("\n", " — rewritten in the raw editor\n"))
    d = svc.history.detail("Helper", svc.history.changes("Helper", 1)[0].id)
    assert d.entries.added == [] and d.entries.removed == []
    assert d.entries.edited == [(t, f"{t} — rewritten in the raw editor") for t in texts]
    assert ("OK", "OK — rewritten in the raw editor") in d.entries.edited


def test_cli_revert_only_undoes_that_change(capsys: pytest.CaptureFixture[str]) -> None:
    """``memory revert --only CHANGE_ID``: the targeted form (walk57 #1); the plain
    refusal names it."""
    from chathub_desktop.cli import main

    def cli(*argv: str) -> tuple[int, str, str]:
        code = main(list(argv))
        out, err = capsys.readouterr()
        return code, out, err

    assert cli("provider", "add", "X", "--kind", "openai", "--base-url", "http://127.0.0.1:9", "--no-key")[0] == 0
    assert cli("assistant", "create", "Helper", "--provider", "X", "--model", "m")[0] == 0
    for text in ("likes tea", "likes jazz", "likes rain"):
        assert cli("memory", "add", "--assistant", "Helper", text)[0] == 0
    assert cli("memory", "delete", "--assistant", "Helper", "2")[0] == 0
    assert cli("memory", "add", "--assistant", "Helper", "likes snow")[0] == 0
    rows = json.loads(cli("memory", "history", "--assistant", "Helper", "--json")[1])
    deleted = next(r["id"] for r in rows if r["action"] == "deleted entry #2")
    code, _out, err = cli("memory", "revert", "--assistant", "Helper", str(deleted))
    assert code != 0 and "memory revert --only" in err
    code, out, _err = cli("memory", "revert", "--assistant", "Helper", str(deleted), "--only")
    assert code == 0 and out.startswith(f"undid change #{deleted} (fixed memory), later changes kept")
    assert cli("memory", "export", "--assistant", "Helper")[1] == (
        "#1: likes tea\n#2: likes jazz\n#3: likes rain\n#4: likes snow\n")
    with pytest.raises(SystemExit):  # one or the other
        cli("memory", "revert", "--assistant", "Helper", str(deleted), "--only", "--overwrite")
