"""The memory history (issue 18): every write path of fixed memory (MEM-2, MEM-3, MEM-4)
and dynamic memory (DRM-7, DRM-8, DRM-9, DRM-15), an import and a revert is recorded in
its own transaction with the right author, and Revert puts back the exact previous
bytes; retention; the reverse-order revert property."""

from __future__ import annotations

import json
from datetime import date, timedelta

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import func, select, update

from chathub_desktop.core import dynamic_memory as dm
from chathub_desktop.core.memory_authors import EntriesAdded
from chathub_desktop.core.messages import Role, ToolCall
from chathub_desktop.services.container import Services
from chathub_desktop.services.errors import InvalidInput, NotFound, StaleDocument
from chathub_desktop.services.memory.memory_history_service import RevertConflict
from chathub_desktop.storage import memory_history as mh
from chathub_desktop.storage.models import (
    AppSetting,
    DynamicMemoryDocument,
    FixedMemoryDocument,
    MemoryChange,
)
from tests.cases import cases
from tests.fakes.vendor_server import FakeVendor
from tests.integration.test_dream import AT, DAY, card, run, say, setup


@pytest.fixture
def summ():  # type: ignore[no-untyped-def]
    with FakeVendor() as vendor:
        yield vendor


def fixed(svc: Services) -> str:
    return svc.memory.document("Helper")


def dynamic(svc: Services) -> str:
    return svc.dreams.document("Helper")


def newest(svc: Services):  # type: ignore[no-untyped-def]
    return svc.history.changes("Helper", 1)[0]


def check_recorded(svc: Services, document: str, before: str, author: str, *, detail: str | None = None,
                   who: str | None = None) -> None:
    """The newest change is ``document``'s by ``author``; its before is ``before``; Revert
    puts those exact bytes back and is itself recorded."""
    ch = newest(svc)
    assert (ch.document, ch.author) == (document, author)
    if detail is not None:
        assert ch.author_detail == detail
    if who is not None:
        assert ch.who == who
    current = fixed(svc) if document == "fixed" else dynamic(svc)
    d = svc.history.detail("Helper", ch.id)
    assert (d.before, d.after) == (before, current)
    svc.history.revert("Helper", ch.id)
    assert (fixed(svc) if document == "fixed" else dynamic(svc)) == before
    back = newest(svc)
    assert (back.author, back.author_detail, back.document) == ("revert", str(ch.id), document)


@pytest.fixture
def helper(services: Services) -> Services:
    services.assistants.create("Helper")
    return services


# --- fixed memory: the user's editor, the raw save, the model's tools -----------------------

def test_owner_add_edit_delete_and_raw_save_are_recorded_and_revertible(helper: Services) -> None:
    svc = helper
    svc.memory.add("Helper", "prefers dark mode")
    check_recorded(svc, "fixed", "", "owner", who="you")
    svc.memory.add("Helper", "prefers dark mode")
    svc.memory.add("Helper", "lives in Berlin")
    before = fixed(svc)
    svc.memory.edit("Helper", 2, "lives in Hamburg")
    assert newest(svc).action == "edited entry #2"
    check_recorded(svc, "fixed", before, "owner")
    svc.memory.delete("Helper", 1)
    check_recorded(svc, "fixed", before, "owner")
    raw = "# Notes  \r\n#9: a\r\nfree  line\r\n"
    svc.memory.save_raw("Helper", raw)
    check_recorded(svc, "fixed", before, "owner")  # the CRLF document comes back byte for byte
    svc.memory.save_raw("Helper", raw)
    stored = fixed(svc)
    n = len(svc.history.changes("Helper"))
    svc.memory.save_raw("Helper", stored)  # MEM-3: saving twice changes nothing — and records nothing
    assert len(svc.history.changes("Helper")) == n


def test_model_tool_writes_are_recorded_as_the_model_in_that_topic(helper: Services) -> None:
    svc = helper
    topic = svc.topics.create("Helper", title="Trip plans").id

    def call(name: str, **args: object) -> dict[str, object]:
        return json.loads(svc.memory.execute_tool("Helper", topic, ToolCall("c", name, json.dumps(args))))

    assert call("add", text="likes trains")["ok"]
    check_recorded(svc, "fixed", "", "model", detail=str(topic), who="the model in topic “Trip plans”")
    call("add", text="likes trains")
    before = fixed(svc)
    assert call("update", number=1, match="trains", new_text="likes night trains")["ok"]
    assert newest(svc).action == "updated entry #1"
    check_recorded(svc, "fixed", before, "model", detail=str(topic))
    assert call("delete", number=1, match="trains")["ok"]
    check_recorded(svc, "fixed", before, "model")
    n = len(svc.history.changes("Helper"))
    call("searchMemory", query="trains")
    assert len(svc.history.changes("Helper")) == n  # reads record nothing


# --- dynamic memory: dream card, fold, Keep N, edit/delete/clear, restore ------------------

def test_dream_card_and_fold_are_recorded_as_the_dream_for_that_day(services: Services, summ: FakeVendor) -> None:
    dreams = setup(services, summ)
    svc = services
    svc.dreams = dreams  # the same store; the test clock
    cards: list[dm.Card] = []
    for d in (DAY - timedelta(days=i) for i in range(20, 6, -1)):
        cards = dm.append_day_card(cards, d, f"Prefers answers about theme {d.day} in tables")
    with svc.db.write() as s:
        mh.authored(s, mh.Author("owner", None, "seeded"))
        s.add(DynamicMemoryDocument(assistant_id=svc.assistants.get("Helper").id,
                                    body=dm.render_document(cards), backup_body=""))
    before = dynamic(svc)
    topic = svc.topics.create("Helper", title="Day").id
    say(svc, topic, Role.USER, "Always cite sources with links please", AT)
    summ.script(card("Wants sources cited with links"), card("A folded summary of the older days"))
    out = run(dreams.run_day("Helper", DAY))
    assert out.status == "appended" and out.fold is not None
    ch = newest(svc)
    assert "folded" in ch.action
    check_recorded(svc, "dynamic", before, "dream", detail=DAY.isoformat(), who=f"the dream for {DAY}")


def test_keep_edit_delete_clear_and_restore_of_cards_are_recorded(services: Services, summ: FakeVendor) -> None:
    dreams = setup(services, summ)
    svc = services
    cards: list[dm.Card] = []
    for i in range(6):
        cards = dm.append_day_card(cards, date(2026, 11, 1 + i), f"Card body number {i} about habit {i}")
    with svc.db.write() as s:
        s.add(DynamicMemoryDocument(assistant_id=svc.assistants.get("Helper").id,
                                    body=dm.render_document(cards), backup_body=""))
    assert newest(svc).author == "system"  # a write that names no author is still recorded
    before = dynamic(svc)
    dreams.set_keep("Helper", 3)
    assert newest(svc).action == "set Keep dream cards to 3"
    check_recorded(svc, "dynamic", before, "owner")
    dreams.edit_card("Helper", 2, "Rewritten card text")
    check_recorded(svc, "dynamic", before, "owner")
    dreams.delete_card("Helper", 1)
    check_recorded(svc, "dynamic", before, "owner")
    dreams.clear("Helper")
    assert newest(svc).action == "cleared dynamic memory"
    check_recorded(svc, "dynamic", before, "owner")
    dreams.clear("Helper")
    dreams.restore("Helper")
    assert newest(svc).action == "restored the previous version"
    assert dynamic(svc) == before
    check_recorded(svc, "dynamic", "", "owner")  # the restore went "" → before; its revert puts "" back


# --- import and revert ---------------------------------------------------------------------

def test_import_is_recorded_as_the_import_of_that_file(helper: Services, tmp_path) -> None:  # type: ignore[no-untyped-def]
    svc = helper
    svc.memory.add("Helper", "old entry")
    before_fixed = fixed(svc)
    path = tmp_path / "notes.md"
    path.write_text("#1: imported entry\n#2: another one\n", encoding="utf-8")
    svc.memory_files.apply_import(svc.memory_files.preview_import("Helper", path))
    check_recorded(svc, "fixed", before_fixed, "import", detail="notes.md", who="import of notes.md")


def test_a_pasted_import_says_its_count_in_the_right_plural(helper: Services) -> None:
    """Issue 30: "added 1 entry from Claude", never "1 entries"; the history types it."""
    svc = helper
    svc.memory.add_many("Helper", ["Ana is a nurse."], source="Claude")
    one = newest(svc)
    assert (one.action, one.who, one.added) == ("added 1 entry from Claude", "import of Claude",
                                                 EntriesAdded(1, "Claude"))
    svc.memory.add_many("Helper", ["Works nights.", "Likes tea", "Ana is a nurse."], source="ChatGPT")
    assert newest(svc).action == "added 2 entries from ChatGPT"
    with svc.db.write() as s:  # a row written before the fix reads the same
        s.execute(update(MemoryChange).where(MemoryChange.id == one.id).values(action="added 1 entries from Claude"))
    assert svc.history.detail("Helper", one.id).change.added == EntriesAdded(1, "Claude")


def test_a_revert_of_a_document_that_moved_on_is_refused_unless_the_overwrite_was_shown(helper: Services) -> None:
    """Issue 10's stale-document rule applied to Revert."""
    svc = helper
    svc.memory.add("Helper", "one")
    first = newest(svc).id
    svc.memory.add("Helper", "two")
    doc = fixed(svc)
    with pytest.raises(RevertConflict, match="changed 1 time after change"):
        svc.history.revert("Helper", first)
    assert fixed(svc) == doc
    preview = svc.history.revert_preview("Helper", first)
    assert preview.moved_on and preview.current == doc and preview.target == ""
    assert [ln.text for ln in preview.diff if ln.kind == "-"] == ["#1: one", "#2: two"]
    svc.memory.add("Helper", "three")  # moved again after the preview
    with pytest.raises(StaleDocument):
        svc.history.revert("Helper", first, version=preview.version)
    svc.history.revert("Helper", first, version=svc.history.revert_preview("Helper", first).version)
    assert fixed(svc) == ""
    with pytest.raises(InvalidInput, match="already"):
        svc.history.revert("Helper", first)


def test_revert_of_fixed_memory_brings_entries_back_as_the_owners(helper: Services) -> None:
    svc = helper
    topic = svc.topics.create("Helper").id
    svc.memory.execute_tool("Helper", topic, ToolCall("c", "add", json.dumps({"text": "from the model"})))
    svc.memory.delete("Helper", 1)
    svc.history.revert("Helper", newest(svc).id)
    assert [(v.text, v.origin) for v in svc.memory.entry_views("Helper")] == [("from the model", "owner")]


def test_a_pause_and_a_resume_are_recorded_and_their_revert_sets_the_pause_back(helper: Services) -> None:
    """walk55 #2: pausing an entry (issue 18) left no trace in History. A pause or resume is
    recorded as the user's change of the document it leaves as it is; its Revert resumes
    (or pauses again) that entry, and a revert of the revert undoes that."""
    svc = helper
    for text in ("Name is Ana", "Lives in Lisbon", "Plays the cello"):
        svc.memory.add("Helper", text)
    doc = fixed(svc)
    svc.memory.set_paused("Helper", 3, True)
    ch = newest(svc)
    assert (ch.document, ch.author, ch.who, ch.action) == ("fixed", "owner", "you", "paused entry #3")
    d = svc.history.detail("Helper", ch.id)
    assert (d.before, d.after, d.diff) == (doc, doc, [])
    assert d.pause is not None and (d.pause.number, d.pause.text, d.pause.paused) == (3, "Plays the cello", True)
    n = len(svc.history.changes("Helper"))
    svc.memory.set_paused("Helper", 3, True)  # already paused: nothing happened, nothing recorded
    assert len(svc.history.changes("Helper")) == n
    preview = svc.history.revert_preview("Helper", ch.id)
    assert not preview.moved_on and preview.diff == [] and preview.pause is not None and not preview.pause.paused
    svc.history.revert("Helper", ch.id)
    assert fixed(svc) == doc and not svc.memory.entry_views("Helper")[2].paused
    assert "Plays the cello" in svc.memory.injection_block("Helper")
    back = newest(svc)
    assert (back.author, back.author_detail, back.action) == ("revert", str(ch.id), f"reverted change #{ch.id} "
                                                                                    "(paused entry #3)")
    assert svc.history.detail("Helper", back.id).pause.paused is False  # type: ignore[union-attr]
    with pytest.raises(InvalidInput, match="already sent to the model"):
        svc.history.revert("Helper", ch.id)
    svc.history.revert("Helper", back.id)  # the revert undone: paused again
    assert svc.memory.entry_views("Helper")[2].paused and fixed(svc) == doc
    svc.memory.set_paused("Helper", 3, False)
    assert newest(svc).action == "resumed entry #3"


def test_a_card_s_pause_is_recorded_and_a_later_pause_is_no_change_a_revert_overwrites(
        services: Services, summ: FakeVendor, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """walk55 #2: a card's pause too (``memory history --diff`` says it by the card's day);
    a revert of an earlier change of the text does not count a pause after it among the
    changes it would overwrite (it overwrites none)."""
    dreams = setup(services, summ)
    svc = services
    cards = dm.append_day_card([], date(2026, 11, 29), "Likes answers as tables")
    with svc.db.write() as s:
        mh.authored(s, mh.Author("owner", None, "seeded"))
        s.add(DynamicMemoryDocument(assistant_id=svc.assistants.get("Helper").id, body=dm.render_document(cards),
                                    backup_body=""))
    dreams.set_card_paused("Helper", 1, True)
    assert (newest(svc).document, newest(svc).action) == ("dynamic", "paused card #1")
    from chathub_desktop.cli import main

    monkeypatch.setenv("CHATHUB_DATABASE_URL", svc.database_url)  # the command on this store
    assert main(["memory", "history", "--assistant", "Helper", "--diff", str(newest(svc).id)]) == 0
    assert capsys.readouterr().out == "paused card #1: [2026-11-29] Likes answers as tables\n"
    svc.memory.add("Helper", "one")
    first = newest(svc).id
    svc.memory.set_paused("Helper", 1, True)
    svc.history.revert("Helper", first)  # only the pause came after: nothing to overwrite
    assert fixed(svc) == ""
    svc.memory.add("Helper", "one")
    again = newest(svc).id
    svc.memory.set_paused("Helper", 1, False)
    svc.memory.add("Helper", "two")
    with pytest.raises(RevertConflict, match="changed 1 time after change"):
        svc.history.revert("Helper", again)
    assert svc.history.revert_preview("Helper", again).later == 1


# --- storage: compact rows, one row per transaction, retention ----------------------------

def test_a_change_stores_its_before_only_when_the_chain_does_not_have_it(helper: Services) -> None:
    svc = helper
    for text in ("a", "b", "c"):
        svc.memory.add("Helper", text)
    with svc.db.read() as s:
        rows = list(s.scalars(select(MemoryChange).order_by(MemoryChange.id)))
    assert [r.before is None for r in rows] == [False, True, True]
    aid = svc.assistants.get("Helper").id
    with svc.db.write() as s:  # two flushes of one document in one transaction: one row
        mh.authored(s, mh.Author("owner", None, "twice"))
        row = s.get(FixedMemoryDocument, aid)
        assert row is not None
        row.body = "#1: x\n"
        s.flush()
        row.body = "#1: y\n"
    with svc.db.read() as s:
        assert s.scalar(select(func.count()).select_from(MemoryChange)) == 4
    assert svc.history.detail("Helper", newest(svc).id).after == "#1: y\n"


def test_retention_keeps_the_last_n_changes_and_90_days_and_the_oldest_stays_revertible(helper: Services) -> None:
    """Issue 18: kept for 90 days or the last N changes (here N = 5), pruned in the write."""
    svc = helper
    with svc.db.write() as s:
        s.add(AppSetting(key=mh.CHANGES_SETTING, value=5))
    for i in range(8):
        svc.memory.add("Helper", f"entry {i}")
    changes = svc.history.changes("Helper")
    assert len(changes) == 5
    oldest = svc.history.detail("Helper", changes[-1].id)  # the 4th add: its before survived the prune
    assert (oldest.before, oldest.after) == ("".join(f"#{i + 1}: entry {i}\n" for i in range(3)),
                                             "".join(f"#{i + 1}: entry {i}\n" for i in range(4)))
    svc.history.revert("Helper", changes[-1].id, version=svc.history.revert_preview("Helper", changes[-1].id).version)
    assert fixed(svc) == oldest.before
    aid = svc.assistants.get("Helper").id
    kept = svc.history.changes("Helper")
    with svc.db.write() as s:  # all but the newest two are older than 90 days
        s.execute(update(MemoryChange).where(MemoryChange.assistant_id == aid, MemoryChange.id < kept[1].id)
                  .values(at=kept[0].at - timedelta(days=91)))
    svc.memory.add("Helper", "newest")
    assert [c.id for c in svc.history.changes("Helper")][1:] == [kept[0].id, kept[1].id]


# --- the property: reverting every change in reverse order gives back the originals --------

_OPS = st.lists(st.one_of(
    st.tuples(st.just("add"), st.text(st.characters(codec="utf-8", exclude_categories=["Cs", "Cc"]),
                                      min_size=1, max_size=12)),
    st.tuples(st.just("edit"), st.integers(1, 4)),
    st.tuples(st.just("delete"), st.integers(1, 4)),
    st.tuples(st.just("raw"), st.text(max_size=40)),
    st.tuples(st.just("card"), st.integers(0, 20)),
    st.tuples(st.just("clear"), st.none()),
    st.tuples(st.just("pause"), st.integers(1, 4)),  # walk55 #2: a pause is a change too
), min_size=1, max_size=8)


@settings(max_examples=cases(15), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(ops=_OPS)
def test_any_changes_reverted_in_reverse_order_give_back_the_original_documents(services: Services, ops) -> None:  # type: ignore[no-untyped-def]
    svc = services
    name = f"P{len(svc.assistants.list())}"
    svc.assistants.create(name)
    svc.memory.add(name, "start entry")
    original = (svc.memory.document(name), svc.dreams.document(name))
    first = svc.history.changes(name, 1)[0].id
    for op, arg in ops:
        try:
            if op == "add":
                svc.memory.add(name, arg)
            elif op == "edit":
                svc.memory.edit(name, arg, f"edited {arg}")
            elif op == "delete":
                svc.memory.delete(name, arg)
            elif op == "raw":
                svc.memory.save_raw(name, arg)
            elif op == "pause":
                paused = svc.memory.entry_views(name)[arg - 1].paused if arg <= len(
                    svc.memory.entry_views(name)) else False
                svc.memory.set_paused(name, arg, not paused)
            elif op == "card":
                aid = svc.assistants.get(name).id
                cards = dm.parse_document(svc.dreams.document(name))
                cards = dm.append_day_card(cards, date(2026, 1, 1) + timedelta(days=arg + len(cards) * 30),
                                           f"card {arg}")
                with svc.db.write() as s:
                    mh.authored(s, mh.Author("dream", "2026-01-01", "card"))
                    s.merge(DynamicMemoryDocument(assistant_id=aid, body=dm.render_document(cards)))
            else:
                svc.dreams.clear(name)
        except (InvalidInput, NotFound):  # a refused op writes nothing
            pass
    made = [c for c in svc.history.changes(name) if c.id > first]
    for change in made:  # newest first
        svc.history.revert(name, change.id)
    assert (svc.memory.document(name), svc.dreams.document(name)) == original
    assert not any(v.paused for v in svc.memory.entry_views(name))


def test_history_rows_go_with_their_assistant(helper: Services) -> None:
    svc = helper
    svc.memory.add("Helper", "x")
    svc.assistants.delete("Helper")
    with svc.db.read() as s:
        assert s.scalar(select(func.count()).select_from(MemoryChange)) == 0


# --- the CLI -----------------------------------------------------------------------------

def test_cli_history_and_revert(capsys: pytest.CaptureFixture[str]) -> None:
    """``memory history --assistant NAME [--json]`` and ``memory revert --assistant NAME
    CHANGE_ID`` (issue 18), with the moved-on refusal and ``--overwrite``."""
    from chathub_desktop.cli import main

    def cli(*argv: str) -> tuple[int, str, str]:
        code = main(list(argv))
        out, err = capsys.readouterr()
        return code, out, err

    assert cli("provider", "add", "X", "--kind", "openai", "--base-url", "http://127.0.0.1:9", "--no-key")[0] == 0
    assert cli("assistant", "create", "Helper", "--provider", "X", "--model", "m")[0] == 0
    assert cli("memory", "add", "--assistant", "Helper", "likes tea")[0] == 0
    assert cli("memory", "add", "--assistant", "Helper", "likes jazz")[0] == 0
    code, out, _ = cli("memory", "history", "--assistant", "Helper", "--json")
    rows = json.loads(out)
    assert code == 0 and [(r["author"], r["who"], r["action"]) for r in rows] == [
        ("owner", "you", "added entry #2"), ("owner", "you", "added entry #1")]
    code, out, _ = cli("memory", "history", "--assistant", "Helper")
    assert out.splitlines()[0].startswith(f"#{rows[0]['id']}  ") and "you: added entry #2" in out
    code, out, _ = cli("memory", "history", "--assistant", "Helper", "--diff", str(rows[0]["id"]))
    assert "+ #2: likes jazz" in out.splitlines()
    code, _out, err = cli("memory", "revert", "--assistant", "Helper", str(rows[1]["id"]))
    assert code != 0 and "changed 1 time after change" in err
    code, out, _ = cli("memory", "export", "--assistant", "Helper")
    assert out == "#1: likes tea\n#2: likes jazz\n"
    code, out, err = cli("memory", "revert", "--assistant", "Helper", str(rows[1]["id"]), "--overwrite")
    assert code == 0 and "- #2: likes jazz" in err.splitlines()
    assert cli("memory", "export", "--assistant", "Helper")[1] == ""


def test_cli_diff_of_a_pause_and_a_resume_says_what_happened(capsys: pytest.CaptureFixture[str]) -> None:
    """``memory history --diff`` of a pause or resume row (walk55 #2 records them; the
    document stays as it is) printed "no line changed". It says what happened to which
    entry, from the change's pause as History shows it — also for the revert of a pause —
    and ``--json`` carries that pause; a SQLite store in the data dir, as the command uses."""
    from chathub_desktop.cli import main
    from chathub_desktop.services.container import open_services

    def cli(*argv: str) -> tuple[int, str]:
        code = main(list(argv))
        return code, capsys.readouterr().out

    assert cli("provider", "add", "X", "--kind", "openai", "--base-url", "http://127.0.0.1:9", "--no-key")[0] == 0
    assert cli("assistant", "create", "Helper", "--provider", "X", "--model", "m")[0] == 0
    for text in ("likes tea", "plays the cello"):
        assert cli("memory", "add", "--assistant", "Helper", text)[0] == 0
    svc = open_services()  # no command pauses an entry: the window's switch, on the same store
    try:
        assert svc.database_url.startswith("sqlite")
        svc.memory.set_paused("Helper", 2, True)
        paused = newest(svc).id
        svc.memory.set_paused("Helper", 2, False)
        resumed = newest(svc).id
        reverted = svc.history.revert("Helper", resumed).id  # paused again
    finally:
        svc.close()
    said = {change: cli("memory", "history", "--assistant", "Helper", "--diff", str(change))
            for change in (paused, resumed, reverted)}
    assert said == {paused: (0, "paused entry #2: plays the cello\n"),
                    resumed: (0, "resumed entry #2: plays the cello\n"),
                    reverted: (0, "paused entry #2: plays the cello\n")}
    code, out = cli("memory", "history", "--assistant", "Helper", "--diff", str(resumed), "--json")
    row = json.loads(out)
    assert code == 0 and row["diff"] == [] and row["action"] == "resumed entry #2"
    assert row["pause"] == {"document": "fixed", "number": 2, "text": "plays the cello", "paused": False}
    first = cli("memory", "history", "--assistant", "Helper", "--json")[1]
    added = json.loads(first)[-1]["id"]
    code, out = cli("memory", "history", "--assistant", "Helper", "--diff", str(added), "--json")
    assert json.loads(out)["pause"] is None  # a change of the text has none
