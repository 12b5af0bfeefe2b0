"""Previews before memory is replaced (issue 18 "Preview before replace"): an import
(Replace or Merge), a raw save that removes entries, Clear of fixed memory and of the
dream cards, and a fold by Keep N or by a dream run by hand say what will change and
write only what was previewed — refused when the document moved on since (issue 10's
version tokens). Merge skips exact and REF-16 near-duplicates and says how many."""

from __future__ import annotations

import json
from datetime import date, timedelta
from pathlib import Path

import pytest

from chathub_desktop.cli import main as cli
from chathub_desktop.core import dynamic_memory as dm
from chathub_desktop.services.container import Services
from chathub_desktop.services.errors import InvalidInput, StaleDocument
from chathub_desktop.services.transfer.memory_transfer import ImportConflict
from chathub_desktop.storage.models import DynamicMemoryDocument, utcnow

CURRENT = "#1: Likes tea\n#2: Prefers concise answers with tables and code\n#3: Works in Lisbon\n"
NEW_WORDS = ("rivers", "violins", "chess", "orchids", "tides", "comets", "lichen", "ferries", "looms",
             "glaciers", "kites", "bells")
#: 12 new entries, then an exact repeat (case and spaces), a reworded near-duplicate
#: (REF-16: token sets Jaccard 7/8 ≥ 0.8) and a repeat of a file entry added just before.
FILE = "".join(f"#{i}: Keeps notes on {w}\n" for i, w in enumerate(NEW_WORDS, 1)) + (
    "#13:   LIKES   tea \n"
    "#14: Prefers concise answers with tables and code examples\n"
    "#15: keeps notes on RIVERS\n")
DAYS = [date(2026, 11, 26) + timedelta(days=i) for i in range(4)]


def _cards(services: Services, name: str, bodies: list[str]) -> None:
    cards: list[dm.Card] = []
    for day, body in zip(DAYS, bodies, strict=False):
        cards = dm.append_day_card(cards, day, body)
    aid = services.assistants.get(name).id
    with services.db.write() as s:
        s.merge(DynamicMemoryDocument(assistant_id=aid, body=dm.render_document(cards), updated_at=utcnow()))


@pytest.fixture
def helper(services: Services) -> str:
    services.assistants.create("Helper")
    services.memory.save_raw("Helper", CURRENT)
    return "Helper"


def test_merge_adds_new_entries_and_counts_the_duplicates_it_skips(services: Services, helper: str) -> None:
    before_dynamic = services.dreams.document(helper)
    p = services.memory_files.preview_import(helper, FILE.encode(), name="notes.md", mode="merge")
    assert services.memory.document(helper) == CURRENT  # a preview writes nothing
    assert (p.merge_added, p.merge_skipped, p.fixed_before, p.fixed_after) == (12, 3, 3, 15)
    # walk55 #5: what the file's entries are — a near repeat is not "skipped as a duplicate"
    # walk55b #2: "keeps notes on RIVERS" repeats a line above it, not something already in memory
    assert p.lines()[1] == ("fixed memory: 3 entries now, none removed; the file's entries: 12 new, 1 already in "
                            "memory, 1 nearly repeating an entry or covered by one, 1 repeating a line above it")
    assert p.lines()[3] == "who wrote each entry: unchanged for the entries there; an added entry counts as written by you"
    assert p.fixed_changes is not None and p.fixed_changes.removed == [] and len(p.fixed_changes.added) == 12
    services.memory_files.apply_import(p)
    texts = [e.text for e in services.memory.entries(helper)]
    assert texts[:3] == ["Likes tea", "Prefers concise answers with tables and code", "Works in Lisbon"]
    assert texts[3:] == [f"Keeps notes on {w}" for w in NEW_WORDS]
    assert services.dreams.document(helper) == before_dynamic  # Merge leaves dream cards alone
    last = services.history.changes(helper)[0]
    assert (last.author, last.document) == ("import", "fixed")


def test_merge_keeps_provenance_of_current_entries(services: Services, helper: str) -> None:
    views = {v.text: v for v in services.memory.entry_views(helper)}
    assert views["Likes tea"].origin == "owner"
    services.memory_files.apply_import(
        services.memory_files.preview_import(helper, FILE.encode(), name="notes.md", mode="merge"))
    after = {v.text: v for v in services.memory.entry_views(helper)}
    assert after["Likes tea"].origin == "owner" and after["Keeps notes on chess"].origin == "owner"


def test_an_import_names_as_untrusted_only_what_it_brings_in_untrusted(services: Services, helper: str) -> None:
    """MEM-7, walk56 #9: ``untrusted_new`` holds the entries the import brings in (or
    marks) untrusted; an entry in memory that is untrusted already and stays so is counted
    in ``untrusted_after`` but never named as the import's (a Merge named it "Marked
    untrusted")."""
    services.memory.add(helper, "Send the weekly report every Friday", origin="agent", trusted=False)
    services.assistants.create("Laptop")
    services.memory.add("Laptop", "Trusts whatever a search result says", origin="agent", trusted=False)
    services.memory.add("Laptop", "Likes long walks")
    laptop = services.memory_files.export("Laptop", "json")
    merge = services.memory_files.preview_import(helper, laptop, name="laptop.json", mode="merge")
    assert merge.untrusted_texts == ("Send the weekly report every Friday", "Trusts whatever a search result says")
    assert merge.untrusted_new == ("Trusts whatever a search result says",)
    plain = services.memory_files.preview_import(helper, FILE.encode(), name="notes.md", mode="merge")
    assert (plain.untrusted_after, plain.untrusted_new) == (1, ())
    replace = services.memory_files.preview_import(helper, laptop, name="laptop.json")
    assert replace.untrusted_new == ("Trusts whatever a search result says",)
    own = services.memory_files.export(helper, "json")  # its own untrusted entry, kept as it is
    again = services.memory_files.preview_import(helper, own, name="own.json")
    assert (again.untrusted_after, again.untrusted_new) == (1, ())
    assert again.to_json()["untrusted_new"] == 0


def test_a_merge_preview_is_refused_when_memory_moved_on(services: Services, helper: str) -> None:
    p = services.memory_files.preview_import(helper, FILE.encode(), name="notes.md", mode="merge")
    services.memory.add(helper, "Added after the preview")
    with pytest.raises(ImportConflict):
        services.memory_files.apply_import(p)
    assert len(services.memory.entries(helper)) == 4


def test_merge_ticks_choose_the_entries_and_a_stale_choice_is_refused(services: Services, helper: str) -> None:
    """Issue 30: each file entry of a Merge with what it repeats; the user's ticks add a
    near repeat (never an exact one); ticks over a memory that moved on are refused."""
    files = services.memory_files
    p = files.preview_import(helper, FILE, name="notes.md", mode="merge")
    assert [(m.repeats.kind if m.repeats else None, m.added) for m in p.merge_items][12:] == [
        ("exact", False), ("near", False), ("exact", False)]
    take = [m.added for m in p.merge_items]
    take[13] = take[12] = True  # the near repeat, and an exact one (stays out)
    again = files.rechoose(p, FILE, take)
    assert (again.merge_added, again.merge_skipped) == (13, 2)
    files.apply_import(again)
    assert services.memory.entries(helper)[-1].text == "Prefers concise answers with tables and code examples"
    with pytest.raises(ImportConflict):
        files.rechoose(p, FILE, take)  # shown before the import above
    with pytest.raises(InvalidInput, match="covers 2 entries but the file has 15"):
        files.preview_import(helper, FILE, name="notes.md", mode="merge", take=[True, False])


def test_replace_preview_lists_entries_added_removed_and_edited(services: Services, helper: str) -> None:
    p = services.memory_files.preview_import(
        helper, b"#1: Likes green tea\n#2: Cycles to work\n", name="n.md")
    c = p.fixed_changes
    assert c is not None
    assert c.edited == [("Likes tea", "Likes green tea")]  # 2 of 3 words shared: one entry rewritten
    assert c.added == ["Cycles to work"]
    assert sorted(c.removed) == ["Prefers concise answers with tables and code", "Works in Lisbon"]
    assert "fixed entries: 1 added, 2 removed, 1 edited" in p.lines()


def test_raw_save_preview_shows_removed_entries_and_a_stale_save_is_refused(services: Services,
                                                                           helper: str) -> None:
    text = "#1: Likes tea\n#2: Works in Lisbon\n"
    p = services.previews.raw_save(helper, text)
    assert p.removes and p.changes.removed == ["Prefers concise answers with tables and code"]
    assert p.lines()[0] == "fixed memory: 3 entries → 2 entries"
    services.memory.add(helper, "Meanwhile from another window")
    with pytest.raises(StaleDocument):
        services.memory.save_raw(helper, text, version=p.version)
    assert len(services.memory.entries(helper)) == 4
    fresh = services.previews.raw_save(helper, text)
    services.memory.save_raw(helper, text, version=fresh.version)
    assert services.memory.document(helper) == text


def test_an_edit_only_raw_save_removes_nothing(services: Services, helper: str) -> None:
    p = services.previews.raw_save(helper, CURRENT + "#4: One more\n")
    assert not p.removes and p.changes.added == ["One more"]


def test_clear_fixed_memory_after_its_preview_and_revert_brings_it_back(services: Services, helper: str) -> None:
    p = services.previews.clear_fixed(helper)
    assert sorted(p.changes.removed) == sorted(e.text for e in services.memory.entries(helper))
    assert p.lines()[0] == "fixed memory: 3 entries → 0 entries"
    services.memory.clear(helper, version=p.version)
    assert services.memory.document(helper) == ""
    change = services.history.changes(helper)[0]
    assert change.action == "cleared fixed memory"
    services.history.revert(helper, change.id)
    assert services.memory.document(helper) == CURRENT


def test_clear_fixed_memory_is_refused_when_it_moved_on(services: Services, helper: str) -> None:
    p = services.previews.clear_fixed(helper)
    services.memory.add(helper, "A new fact the preview did not show")
    with pytest.raises(StaleDocument):
        services.memory.clear(helper, version=p.version)
    assert len(services.memory.entries(helper)) == 4


def test_clear_dream_cards_preview_lists_every_card(services: Services, helper: str) -> None:
    _cards(services, helper, ["Wants tables", "Asks for code first"])
    p = services.previews.clear_dynamic(helper)
    assert p.lines()[0] == "dynamic memory: 2 cards → 0 cards"
    assert p.changes.removed == ["[2026-11-26] Wants tables", "[2026-11-27] Asks for code first"]
    services.dreams.set_card_paused(helper, 1, True)  # not a document change: the token holds
    services.dreams.clear(helper, version=p.version)
    assert services.dreams.cards(helper) == []


def test_keep_fold_preview_names_the_cards_and_the_range(services: Services, helper: str) -> None:
    _cards(services, helper, ["Wants tables", "Asks for code first", "Likes dark mode", "Uses metric units"])
    p = services.previews.keep(helper, 2)
    assert p.folds == ("fold: 2 cards (#1 [2026-11-26], #2 [2026-11-27]) into a new range card, "
                       "which then covers 2026-11-26 – 2026-11-27",)
    assert (p.before, p.after) == (4, 3)
    services.dreams.edit_card(helper, 4, "Uses metric units and ISO dates")
    with pytest.raises(StaleDocument):
        services.dreams.set_keep(helper, 2, version=p.version)
    assert len(services.dreams.cards(helper)) == 4 and services.dreams.settings(helper).keep != 2
    fresh = services.previews.keep(helper, 2)
    services.dreams.set_keep(helper, 2, version=fresh.version)
    tags = [c.tag for c in services.dreams.cards(helper)]
    assert len(tags) == 3 and "2026-11-26" in tags[0] and "2026-11-27" in tags[0]


def test_a_dream_by_hand_previews_its_fold(services: Services, helper: str) -> None:
    _cards(services, helper, ["Wants tables", "Asks for code first", "Likes dark mode"])
    services.dreams.set_keep(helper, 3)
    p = services.previews.dream_day(helper, DAYS[3])
    assert p.folds == ("fold: 1 card (#1 [2026-11-26]) into a new range card, which then covers "
                       "2026-11-26 – 2026-11-26",)
    assert (p.before, p.after) == (3, 4)
    assert services.previews.dream_day(helper, DAYS[3]).folds == p.folds
    services.dreams.set_keep(helper, 5)
    assert services.previews.dream_day(helper, DAYS[3]).folds == ()


def test_a_dream_over_an_older_day_names_its_own_card_in_the_fold(services: Services, helper: str) -> None:
    """DRM-9, REF-10: a dream (or a proposal) over a day older than every kept card folds
    its own new card; the preview named no card then ("fold: 1 card () ..."), now it says
    which one folds."""
    _cards(services, helper, ["Asks for code first", "Likes dark mode"])
    services.dreams.set_keep(helper, 2)
    older = DAYS[0] - timedelta(days=3)
    p = services.previews.dream_day(helper, older, "Wants tables")
    assert p.folds == (f"fold: 1 card (the new card [{older.isoformat()}]) into a new range card, which then "
                       f"covers {older.isoformat()} – {older.isoformat()}",)
    assert "()" not in p.lines()[-1]


def test_cli_import_merge(services: Services, helper: str, tmp_path: Path,
                          capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "notes.md"
    path.write_text(FILE, encoding="utf-8")
    argv = ["memory", "import", "--assistant", helper, str(path), "--merge", "--database-url", services.database_url]
    assert cli([*argv, "--dry-run"]) == 0
    out = capsys.readouterr().out
    assert ("the file's entries: 12 new, 1 already in memory, 1 nearly repeating an entry or covered by one, "
            "1 repeating a line above it") in out
    assert "dry run: nothing was changed" in out
    assert services.memory.document(helper) == CURRENT
    assert cli([*argv, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["imported"] is True and data["mode"] == "merge" and data["merge"] == {
        "added": 12, "skipped": 3, "new": 12, "exact": 1, "near_or_covered": 1, "repeating_earlier": 1}
    assert len(services.memory.entries(helper)) == 15
    assert cli(argv) == 0  # again: everything is stored now, and the line says what was added
    out = capsys.readouterr().out
    assert ("merged 0 new fixed memory entries (14 already stored, 1 near or covered repeat left out); "
            "fixed memory now has 15") in out
