"""Search sees the versions not in view (issue 29/30, walk52 #1: after Edit in place +
Resend the old turn, one ‹ 1/2 › click away, gave "No results"). On SQLite and
PostgreSQL: a stashed message's words are found, marked with which version holds them;
opening it can switch to that version; a restored version or a deleted topic leaves no
index row; migration 0032 records the stashes already stored, and a stash that cannot
be read (damaged, or above the stash bound) writes nothing."""

from __future__ import annotations

import zlib
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import delete, func, select, text

from chathub_desktop.core.clock import utcnow
from chathub_desktop.core.messages import Role
from chathub_desktop.services.container import Services, open_services
from chathub_desktop.services.search.search_service import OtherVersion, SearchResults
from chathub_desktop.storage import branch_text, message_branches
from chathub_desktop.storage.message_branches import stash_tail
from chathub_desktop.storage.models import MessageBranch, MessageBranchText
from chathub_desktop.storage.search_schema import INDEXED_CHARS
from tests.integration.store_migrations import migrate, store_url_fixture

store_url = store_url_fixture("versions.sqlite3")


@pytest.fixture
def svc(store_url: str) -> Iterator[Services]:
    s = open_services(store_url)
    yield s
    s.close()


def _texts(svc: Services) -> int:
    with svc.db.read() as s:
        return int(s.scalar(select(func.count()).select_from(MessageBranchText)) or 0)


def _edited_topic(svc: Services) -> tuple[int, int, int]:
    """walk52's steps in the store: three turns, then turn 2 edited and resent (its old
    text and reply become version 1 of 2). Returns (topic, old reply id, new user id)."""
    svc.assistants.create("Helper")
    tid = svc.topics.create("Helper", "Python").id
    for q, a in (("What is a list?", "A list holds items."),
                 ("Show a generator expression", "A generator expression: (x * x for x in range(3))"),
                 ("Thanks", "You are welcome.")):
        svc.topics.append_message(tid, Role.USER, q)
        svc.topics.append_message(tid, Role.ASSISTANT, a)
    old_reply = svc.topics.messages(tid)[3].id
    with svc.db.write() as s:
        stash_tail(s, tid, svc_seq(svc, tid, 2))
    new_q = svc.topics.append_message(tid, Role.USER, "Show a list comprehension").id
    svc.topics.append_message(tid, Role.ASSISTANT, "A comprehension: [x * x for x in range(3)]")
    return tid, old_reply, new_q


def svc_seq(svc: Services, tid: int, position: int) -> int:
    """The ``seq`` of the message at 0-based ``position`` in view."""
    return svc.topics.messages(tid)[position].seq


def _find(svc: Services, query: str, **kw: Any) -> SearchResults:
    """The Search page's search (the versions not in view included)."""
    return svc.search.search(query, other_versions=True, **kw)


def _catch_up(svc: Services) -> None:
    while svc.search.catch_up() > 0:
        pass


def test_the_old_turn_is_found_on_another_version_and_opens_there(svc: Services) -> None:
    tid, old_reply, new_q = _edited_topic(svc)
    _catch_up(svc)
    hits = _find(svc, "generator expression").hits
    assert [(h.message_id, h.version) for h in hits if h.role == Role.ASSISTANT] == [(old_reply, OtherVersion(1, 2))]
    assert all(h.version == OtherVersion(1, 2) for h in hits) and len(hits) == 2  # the old question too
    assert _find(svc, "comprehension").hits[0].version is None  # the turn in view
    place = svc.search.version_of(old_reply)
    assert place is not None and (place.topic_id, place.index, place.total) == (tid, 1, 2)
    svc.versions.switch(tid, place.seq, place.index)  # what opening the hit does
    assert old_reply in [m.id for m in svc.topics.messages(tid)]
    assert svc.search.version_of(old_reply) is None  # in view now: no index row of it is left
    assert [h.version for h in _find(svc, "generator expression").hits] == [None, None]
    assert [h.version for h in _find(svc, "comprehension").hits] == [OtherVersion(2, 2)] * 2
    assert svc.search.version_of(new_q) is not None


def test_the_recall_tools_search_and_the_cli_says_which_version(svc: Services, capsys: pytest.CaptureFixture[str]) -> None:
    """The model's recall (``searchTopics``) reads the branch in view only; the CLI's
    ``search`` finds the other versions and says so, as the Search page tags them."""
    import argparse

    from chathub_desktop.cli.search import cmd_search

    _tid, old_reply, _new = _edited_topic(svc)
    assert svc.search.search("generator expression").hits == []  # the default: the branch in view
    args = argparse.Namespace(query="generator expression", assistant=None, memory=False, limit=50, json=False)
    assert cmd_search(args, svc) == 0
    out = capsys.readouterr().out
    assert f"message {old_reply} (assistant, on another version 1/2)" in out


def test_a_version_inside_another_hidden_version_opens_at_the_outer_turn(svc: Services) -> None:
    """A regenerated reply inside a turn edited away since: no switcher in view reaches
    it, so it is tagged without numbers and opens at the edited turn in view."""
    svc.assistants.create("Helper")
    tid = svc.topics.create("Helper", "Nested").id
    q1 = svc.topics.append_message(tid, Role.USER, "first question").id
    svc.topics.append_message(tid, Role.ASSISTANT, "the original zeppelin reply")
    old = svc.topics.messages(tid)[1]
    with svc.db.write() as s:
        stash_tail(s, tid, old.seq)  # Regenerate: the reply becomes version 1
    svc.topics.append_message(tid, Role.ASSISTANT, "the walrus reply")
    with svc.db.write() as s:
        stash_tail(s, tid, svc_seq(svc, tid, 0))  # the question edited: the whole turn becomes version 1
    edited = svc.topics.append_message(tid, Role.USER, "an edited question").id
    assert [(h.message_id, h.version) for h in _find(svc, "zeppelin").hits] == [(old.id, OtherVersion(0, 0))]
    assert [h.version for h in _find(svc, "walrus").hits] == [OtherVersion(1, 2)]
    place = svc.search.version_of(old.id)
    assert place is not None and (place.index, place.shown_id) == (0, edited) and q1 != edited


def test_filters_apply_to_other_versions(svc: Services) -> None:
    _edited_topic(svc)
    from chathub_desktop.storage.message_search import SearchScope

    assert [h.role for h in _find(svc, "generator", scope=SearchScope(role=Role.ASSISTANT)).hits] == [
        Role.ASSISTANT]
    other = svc.assistants.create("Other").id
    assert _find(svc, "generator", scope=SearchScope(other)).hits == []


def test_a_deleted_topic_leaves_no_index_rows(svc: Services) -> None:
    tid, _old, _new = _edited_topic(svc)
    assert _texts(svc) == 4
    svc.topics.delete(tid)
    assert _texts(svc) == 0
    assert _find(svc, "generator").hits == []
    if svc.db.is_sqlite:  # the FTS5 table's own check: the cascade's deletes reached it
        with svc.db.write() as s:
            s.execute(text(f"INSERT INTO {branch_text.BRANCH_FTS_TABLE}({branch_text.BRANCH_FTS_TABLE}) "
                           "VALUES ('integrity-check')"))


def test_a_stashed_message_is_indexed_by_its_first_million_characters(svc: Services) -> None:
    svc.assistants.create("Helper")
    tid = svc.topics.create("Helper", "Huge").id
    svc.topics.append_message(tid, Role.USER, "q")
    body = "quetzalcoatl " + "x" * INDEXED_CHARS + " axolotlfinale"
    svc.topics.append_message(tid, Role.ASSISTANT, body)
    with svc.db.write() as s:
        stash_tail(s, tid, svc_seq(svc, tid, 1))
        stored = s.scalar(select(func.length(MessageBranchText.content)))
    assert stored == INDEXED_CHARS
    assert len(_find(svc, "quetzalcoatl").hits) == 1
    assert _find(svc, "axolotlfinale").hits == []


def test_migration_0032_records_the_stashes_already_stored(svc: Services, store_url: str) -> None:
    tid, old_reply, _new = _edited_topic(svc)
    svc.close()
    migrate(store_url, "0031", down=True)
    migrate(store_url, "head", down=False)
    again = open_services(store_url)
    try:
        assert _texts(again) == 4
        assert [h.message_id for h in _find(again, "generator expression").hits
                if h.role == Role.ASSISTANT] == [old_reply]
    finally:
        again.close()


def _damaged(blob: bytes, cut: int, flip: int) -> bytes:
    """``blob`` cut short at ``cut`` and with byte ``flip`` changed (both bounded by its length)."""
    raw = bytearray(blob[: max(1, cut % len(blob))])
    raw[flip % len(raw)] ^= 0x5A
    return bytes(raw)


def _add_stash(svc: Services, tid: int, blob: bytes) -> int:
    with svc.db.write() as s:
        branch = MessageBranch(topic_id=tid, fork_seq=90, rows=blob, top_id=0, first_created_at=utcnow())
        s.add(branch)
        s.flush()
        return branch.id


@pytest.mark.expect_log(r"^search: stashed branch \d+ not indexed")
def test_a_damaged_or_oversize_stash_writes_nothing(svc: Services, monkeypatch: pytest.MonkeyPatch) -> None:
    """Fuzz-bounded (60 damaged copies of a real stash; the cases that still decode
    are checked to write only what they hold), then a stash above the bound."""
    tid, _old, _new = _edited_topic(svc)
    with svc.db.read() as s:
        good = s.scalar(select(MessageBranch.rows))
    assert good is not None
    with svc.db.write() as s:
        s.execute(delete(MessageBranchText))

    @settings(max_examples=60, deadline=None, database=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
    @given(cut=st.integers(0, 10_000), flip=st.integers(0, 10_000))
    def damaged(cut: int, flip: int) -> None:
        bid = _add_stash(svc, tid, _damaged(good, cut, flip))
        try:
            with svc.db.write() as s:
                done, refused = branch_text.backfill(s)
                wrote = s.scalar(select(func.count()).where(MessageBranchText.branch_id == bid))
                s.execute(delete(MessageBranchText))
            assert (done, refused) in ((1, 1), (2, 0))  # the good stash, and this one read or refused
            if refused:
                assert wrote == 0
        finally:
            with svc.db.write() as s:
                s.execute(delete(MessageBranch).where(MessageBranch.id == bid))

    damaged()
    monkeypatch.setattr(message_branches, "MAX_STASH_BYTES", 64)
    big = zlib.compress(b"[" + b'{"id": 1},' * 100 + b'{"id": 2}]')
    bid = _add_stash(svc, tid, big)
    with svc.db.write() as s:
        s.execute(delete(MessageBranchText))
        assert branch_text.backfill(s) == (0, 2)  # the real stash is above 64 bytes too
        assert s.scalar(select(func.count()).select_from(MessageBranchText)) == 0
        assert s.get(MessageBranch, bid) is not None  # refused, not dropped


def test_other_versions_follow_the_word_start_rule(svc: Services) -> None:
    """polish52's rule holds on other versions too: a term matches at the start of a word
    ("gener" finds "generator"), never inside one ("erator" does not), on both engines
    and through the index (three characters or more) and the scan (fewer)."""
    _edited_topic(svc)
    _catch_up(svc)
    assert [h.version for h in _find(svc, "gener").hits] == [OtherVersion(1, 2)] * 2
    assert _find(svc, "erator").hits == []
    assert [h.version for h in _find(svc, "ge").hits] == [OtherVersion(1, 2)] * 2
    assert _find(svc, "or").hits == []
