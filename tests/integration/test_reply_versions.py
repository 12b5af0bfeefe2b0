"""Regenerate, edit-and-resend and versions of a reply (issue 14 "Regenerate and
edit-and-resend"; CMP-15 for the summary; TOK-2 / REF-26 for the badge), against the
fake vendor on 127.0.0.1.

Every test runs on SQLite; those marked :data:`BOTH_ENGINES` run on PostgreSQL too: the
stash and restore SQL (rows, columns, nesting, cascades, a damaged stash), another
process's stream and switch, and a Stop racing the claim's write transaction. The flows
that only pass through the store (badge, summary, search, checkpoints) add nothing on
PostgreSQL that those do not cover (issue 28: the suite on a loaded 2-core machine)."""

from __future__ import annotations

import argparse
import asyncio
import os
import socket
import threading
import time
from datetime import UTC, datetime
from pathlib import Path

import pytest
from sqlalchemy import func, select

from chathub_desktop.cli.versions import cmd_topic_versions
from chathub_desktop.core.compaction import SummaryOnSwitch
from chathub_desktop.core.messages import Role, Usage
from chathub_desktop.services.container import Services, open_services
from chathub_desktop.services.context import request_context
from chathub_desktop.services.errors import InvalidInput, NotFound
from chathub_desktop.services.events import MessageAdded, MessageChanged, TopicChanged
from chathub_desktop.storage.message_branches import decode_rows
from chathub_desktop.storage.models import Message, MessageBranch, TopicCompaction
from tests.fakes.vendor_server import FakeVendor, Reply
from tests.integration.test_estimate_service import count_posted_body

#: Runs a test on SQLite and PostgreSQL (the ``svc`` fixture's engine; SQLite without it).
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


def _topic(svc: Services, vendor: FakeVendor) -> int:
    svc.providers.add("Fake", "openai", vendor.base_url, api_key="sk-test")
    svc.assistants.create("Helper", provider="Fake", model="gpt-4o", instructions="Be brief.")
    return svc.topics.create("Helper").id


def _rows(svc: Services, topic: int) -> list[dict[str, object]]:
    """Every column of the topic's rows in view, in seq order."""
    with svc.db.read() as s:
        return [{c.name: getattr(m, c.name) for c in Message.__table__.columns}
                for m in s.scalars(select(Message).where(Message.topic_id == topic).order_by(Message.seq))]


async def _send(svc: Services, topic: int, text: str) -> None:
    await svc.chat.send(topic, text)


async def _regenerate(svc: Services, topic: int, reply_id: int | None = None) -> object:
    return await svc.versions.start_regenerate(topic, reply_id)


async def _resend(svc: Services, message_id: int, text: str) -> object:
    return await svc.versions.start_resend(message_id, text)


def _contents(svc: Services, topic: int) -> list[tuple[str, str]]:
    return [(m.role, m.content) for m in svc.topics.messages(topic)]


def test_regenerate_keeps_the_old_reply_as_version_1(svc: Services, fake_vendor: FakeVendor) -> None:
    """Issue 14: Regenerate asks again with the same context; the previous reply is
    version 1 and the new one version 2 ("2 / 2"), and the request carried the same
    history as the first one."""
    topic = _topic(svc, fake_vendor)
    fake_vendor.script(Reply(text_chunks=["First ", "answer"], usage=Usage(input_tokens=40, output_tokens=2)))
    asyncio.run(_send(svc, topic, "What is a fjord?"))
    first_body = fake_vendor.last_request.body
    fake_vendor.script(Reply(text_chunks=["Second answer"]))
    out = asyncio.run(_regenerate(svc, topic))
    assert getattr(out, "status", None) == "complete"
    assert fake_vendor.last_request.body == first_body  # same context
    assert _contents(svc, topic) == [("user", "What is a fjord?"), ("assistant", "Second answer")]
    reply = svc.topics.messages(topic)[1]
    points = svc.versions.points(topic)
    assert points[reply.id].label == "2 / 2"
    res = svc.versions.switch(topic, reply.seq, 1)
    assert (res.index, res.total) == (1, 2)
    assert _contents(svc, topic) == [("user", "What is a fjord?"), ("assistant", "First answer")]
    old = svc.topics.messages(topic)[1]
    assert (old.input_tokens, old.output_tokens) == (40, 2)
    assert svc.versions.points(topic)[old.id].label == "1 / 2"


@BOTH_ENGINES
def test_switching_back_and_forth_gives_the_exact_rows_back(svc: Services, fake_vendor: FakeVendor) -> None:
    """Issue 14: a switch restores every column of every row: ids, seqs, content,
    usage, the context receipt, times."""
    topic = _topic(svc, fake_vendor)
    fake_vendor.script(Reply(text_chunks=["one"], usage=Usage(input_tokens=30, output_tokens=1, cached_tokens=8)))
    asyncio.run(_send(svc, topic, "Q1"))
    before = _rows(svc, topic)
    assert before[1]["receipt"] is not None
    fake_vendor.script(Reply(text_chunks=["two"]))
    asyncio.run(_regenerate(svc, topic))
    regenerated = _rows(svc, topic)
    assert regenerated[1]["id"] != before[1]["id"] and regenerated[1]["seq"] == before[1]["seq"]
    seq = int(str(before[1]["seq"]))
    svc.versions.switch(topic, seq, 1)
    assert _rows(svc, topic) == before
    svc.versions.switch(topic, seq, 2)
    assert _rows(svc, topic) == regenerated
    with svc.db.read() as s:
        assert s.scalar(select(func.count(MessageBranch.id))) == 1


def test_a_third_version_and_the_order_of_versions(svc: Services, fake_vendor: FakeVendor) -> None:
    """Issue 14 "2 / 3": versions are ordered by when they were first written."""
    topic = _topic(svc, fake_vendor)
    for text in ("A", "B", "C"):
        fake_vendor.script(Reply(text_chunks=[text]))
        if text == "A":
            asyncio.run(_send(svc, topic, "Q"))
        else:
            asyncio.run(_regenerate(svc, topic))
    seq = svc.topics.messages(topic)[1].seq
    shown = []
    for i in (1, 2, 3):
        svc.versions.switch(topic, seq, i)
        m = svc.topics.messages(topic)[1]
        shown.append((m.content, svc.versions.points(topic)[m.id].label))
    assert shown == [("A", "1 / 3"), ("B", "2 / 3"), ("C", "3 / 3")]
    svc.versions.switch(topic, seq, 2)
    m = svc.topics.messages(topic)[1]
    assert svc.versions.step(topic, m.id, +1).index == 3
    with pytest.raises(InvalidInput):
        svc.versions.step(topic, svc.topics.messages(topic)[1].id, +1)


@BOTH_ENGINES
def test_edit_and_resend_forks_at_the_message(svc: Services, fake_vendor: FakeVendor) -> None:
    """Issue 14: Resend starts a new branch at the edited user message with its new text
    and a new reply; the old branch (the message and everything after it) is "1 / 2"."""
    topic = _topic(svc, fake_vendor)
    for q, a in (("Q1", "A1"), ("Q2", "A2"), ("Q3", "A3")):
        fake_vendor.script(Reply(text_chunks=[a]))
        asyncio.run(_send(svc, topic, q))
    q2 = svc.topics.messages(topic)[2]
    fake_vendor.script(Reply(text_chunks=["A2 edited"]))
    asyncio.run(_resend(svc, q2.id, "Q2 edited"))
    posted = [m["content"] for m in fake_vendor.last_request.body["messages"] if m["role"] != "system"]
    assert posted == ["Q1", "A1", "Q2 edited"]
    assert _contents(svc, topic) == [("user", "Q1"), ("assistant", "A1"), ("user", "Q2 edited"),
                                     ("assistant", "A2 edited")]
    new_q = svc.topics.messages(topic)[2]
    assert svc.versions.points(topic)[new_q.id].label == "2 / 2"
    svc.versions.switch(topic, new_q.seq, 1)
    assert [c for _r, c in _contents(svc, topic)] == ["Q1", "A1", "Q2", "A2", "Q3", "A3"]
    assert svc.versions.points(topic)[q2.id].label == "1 / 2"


def test_resend_with_another_topics_id_changes_nothing(svc: Services, fake_vendor: FakeVendor) -> None:
    """Issue 29: the window passes the open topic with a Resend (nothing read on the GUI
    thread); a message of another topic is refused in one line and nothing is stored."""
    topic = _topic(svc, fake_vendor)
    other = svc.topics.create("Helper").id
    fake_vendor.script(Reply(text_chunks=["A1"]))
    asyncio.run(_send(svc, topic, "Q1"))
    q1 = svc.topics.messages(topic)[0]
    before = _rows(svc, topic)

    async def resend() -> object:
        return await svc.versions.start_resend(q1.id, "Q1 edited", topic_id=other)

    with pytest.raises(NotFound, match=f"no message {q1.id}"):
        asyncio.run(resend())
    assert _rows(svc, topic) == before and svc.topics.messages(other) == []


@BOTH_ENGINES
def test_nested_alternatives_travel_with_their_tail(svc: Services, fake_vendor: FakeVendor) -> None:
    """Issue 14: versions of a reply inside a branch that is switched away come back with
    it, and do not show on the other branch."""
    topic = _topic(svc, fake_vendor)
    fake_vendor.script(Reply(text_chunks=["A1"]))
    asyncio.run(_send(svc, topic, "Q1"))
    fake_vendor.script(Reply(text_chunks=["A2"]))
    asyncio.run(_send(svc, topic, "Q2"))
    fake_vendor.script(Reply(text_chunks=["A2 again"]))
    asyncio.run(_regenerate(svc, topic))  # versions at the reply to Q2
    q1 = svc.topics.messages(topic)[0]
    fake_vendor.script(Reply(text_chunks=["B1"]))
    asyncio.run(_resend(svc, q1.id, "Q1 other"))
    assert [c for _r, c in _contents(svc, topic)] == ["Q1 other", "B1"]
    assert len(svc.versions.points(topic)) == 1  # only the fork at Q1; the reply versions travelled
    svc.versions.switch(topic, q1.seq, 1)
    assert [c for _r, c in _contents(svc, topic)] == ["Q1", "A1", "Q2", "A2 again"]
    labels = sorted(p.label for p in svc.versions.points(topic).values())
    assert labels == ["1 / 2", "2 / 2"]  # Q1 is 1 of 2; the reply to Q2 is 2 of 2
    reply = svc.topics.messages(topic)[3]
    svc.versions.switch(topic, reply.seq, 1)
    assert [c for _r, c in _contents(svc, topic)] == ["Q1", "A1", "Q2", "A2"]


def _set_summary(svc: Services, topic: int, cursor_id: int, text: str) -> None:
    with svc.db.write() as s:
        st = s.get(TopicCompaction, topic) or TopicCompaction(topic_id=topic)
        st.summary, st.cursor_message_id, st.model = text, cursor_id, "gpt-4o"
        s.add(st)


def _summary(svc: Services, topic: int) -> tuple[str, int | None]:
    with svc.db.read() as s:
        st = s.get(TopicCompaction, topic)
        return (st.summary, st.cursor_message_id) if st is not None else ("", None)


def test_the_summary_follows_the_branch_in_view(svc: Services, fake_vendor: FakeVendor) -> None:
    """CMP-15 with branches: a cursor inside the tail that leaves the view clears the
    summary; switching back restores that summary and cursor; a summary that covers
    only the rows before the fork is kept."""
    topic = _topic(svc, fake_vendor)
    for q in ("Q1", "Q2"):
        fake_vendor.script(Reply(text_chunks=[f"answer to {q}"]))
        asyncio.run(_send(svc, topic, q))
    rows = svc.topics.messages(topic)
    _set_summary(svc, topic, rows[3].id, "Summary of all four.")
    fake_vendor.script(Reply(text_chunks=["new answer"]))
    asyncio.run(_regenerate(svc, topic))
    assert _summary(svc, topic) == ("", None)  # it covered the replaced reply
    res = svc.versions.switch(topic, rows[3].seq, 1)
    assert res.summary is SummaryOnSwitch.RESTORED
    assert _summary(svc, topic) == ("Summary of all four.", rows[3].id)
    res = svc.versions.switch(topic, rows[3].seq, 2)
    assert res.summary is SummaryOnSwitch.CLEARED and _summary(svc, topic) == ("", None)
    svc.versions.switch(topic, rows[3].seq, 1)
    _set_summary(svc, topic, rows[1].id, "Summary of the first turn.")
    res = svc.versions.switch(topic, rows[3].seq, 2)  # the cursor lies before the fork
    assert res.summary is SummaryOnSwitch.KEPT and _summary(svc, topic) == ("Summary of the first turn.", rows[1].id)


def test_a_stashed_summary_is_not_restored_over_an_edited_prefix(svc: Services, fake_vendor: FakeVendor) -> None:
    """CMP-15: a message before the fork was edited while the branch was stashed; its
    summary covered the old text, so switching back clears instead of restoring."""
    topic = _topic(svc, fake_vendor)
    fake_vendor.script(Reply(text_chunks=["A1"]))
    asyncio.run(_send(svc, topic, "Q1"))
    rows = svc.topics.messages(topic)
    _set_summary(svc, topic, rows[1].id, "Covers Q1 and A1.")
    fake_vendor.script(Reply(text_chunks=["A1b"]))
    asyncio.run(_regenerate(svc, topic))
    svc.messages.edit_message(rows[0].id, "Q1 changed")
    res = svc.versions.switch(topic, rows[1].seq, 1)
    assert res.summary is SummaryOnSwitch.KEPT and _summary(svc, topic) == ("", None)


def test_search_finds_the_branch_in_view_and_marks_the_other_versions(svc: Services, fake_vendor: FakeVendor) -> None:
    """Issue 14, issue 29/30: search (FTS5 / pg_trgm) finds the branch in view as it is,
    and the versions one ‹ › click away marked with which version they are, before and
    after a switch."""
    topic = _topic(svc, fake_vendor)
    fake_vendor.script(Reply(text_chunks=["the zeppelin answer"]))
    asyncio.run(_send(svc, topic, "Tell me a word"))
    fake_vendor.script(Reply(text_chunks=["the walrus answer"]))
    asyncio.run(_regenerate(svc, topic))

    def where(word: str) -> list[tuple[int, int] | None]:
        while svc.search.catch_up() > 0:
            pass
        return [None if h.version is None else (h.version.index, h.version.total)
                for h in svc.search.search(word, other_versions=True).hits]

    assert (where("zeppelin"), where("walrus")) == ([(1, 2)], [None])
    svc.versions.switch(topic, svc.topics.messages(topic)[1].seq, 1)
    assert (where("zeppelin"), where("walrus")) == ([None], [(2, 2)])


def test_the_badge_after_a_switch_equals_the_posted_body(svc: Services, fake_vendor: FakeVendor) -> None:
    """TOK-2 / REF-26: after switching versions, the badge counts what the next send
    posts (within the framing allowance per row), so nothing of the stashed branch leaks.
    Replies report no usage here, so the badge counts locally (no REF-28 anchor)."""
    topic = _topic(svc, fake_vendor)
    fake_vendor.script(Reply(text_chunks=["short"], raw_usage={}))
    asyncio.run(_send(svc, topic, "Q1"))
    fake_vendor.script(Reply(text_chunks=["a much longer second version " * 20], raw_usage={}))
    asyncio.run(_regenerate(svc, topic))
    for version in (1, 2):
        svc.versions.switch(topic, svc.topics.messages(topic)[1].seq, version)
        est = svc.estimates.estimate(topic, "next question")
        assert est.anchor.mode == "counted"
        fake_vendor.script(Reply(text_chunks=["ok"], raw_usage={}))
        sent = len(fake_vendor.requests)
        asyncio.run(_send(svc, topic, "next question"))
        body = fake_vendor.requests[sent].body
        ctx = request_context.load_context(svc.db, svc.catalog, topic)
        posted, rows = count_posted_body(body, ctx.counter.count)
        assert abs(est.total - posted) <= 3 * rows
        second = [m["content"] for m in body["messages"] if m["role"] == "assistant"][0]
        assert second == ("short" if version == 1 else "a much longer second version " * 20)
        svc.messages.delete_message(svc.topics.messages(topic)[-1].id)  # back to two rows
        svc.messages.delete_message(svc.topics.messages(topic)[-1].id)


def test_the_badge_anchors_on_the_reply_in_view(svc: Services, fake_vendor: FakeVendor) -> None:
    """REF-28 with versions: the provider report the badge anchors on is the one of the
    reply in view, never of a stashed version."""
    topic = _topic(svc, fake_vendor)
    fake_vendor.script(Reply(text_chunks=["one"], usage=Usage(input_tokens=900, output_tokens=1)))
    asyncio.run(_send(svc, topic, "Q1"))
    fake_vendor.script(Reply(text_chunks=["two"], usage=Usage(input_tokens=950, output_tokens=1)))
    asyncio.run(_regenerate(svc, topic))
    for version, reported in ((1, 900), (2, 950)):
        svc.versions.switch(topic, svc.topics.messages(topic)[1].seq, version)
        est = svc.estimates.estimate(topic, "")
        assert est.anchor.message_id == svc.topics.messages(topic)[1].id
        assert est.anchor.reported_input == reported


def test_a_failed_regenerate_leaves_the_previous_version(svc: Services, fake_vendor: FakeVendor) -> None:
    """Issue 14 "no lost reply": a regenerate the provider refuses keeps the previous
    reply as version 1 (the failed one is version 2, with Retry)."""
    topic = _topic(svc, fake_vendor)
    fake_vendor.script(Reply(text_chunks=["good answer"]))
    asyncio.run(_send(svc, topic, "Q"))
    fake_vendor.script(Reply(error_status=500, error_body={"error": {"message": "boom", "type": "server_error"}}))
    out = asyncio.run(_regenerate(svc, topic))
    assert getattr(out, "status", None) == "error"
    failed = svc.topics.messages(topic)[1]
    assert svc.versions.points(topic)[failed.id].label == "2 / 2"
    svc.versions.switch(topic, failed.seq, 1)
    assert svc.topics.messages(topic)[1].content == "good answer"


def test_a_stopped_regenerate_leaves_the_previous_version(svc: Services, fake_vendor: FakeVendor) -> None:
    """Issue 14 "no lost reply": Stop while the regenerated reply streams keeps what
    arrived (CMP stream-safety: status ``cancelled``) as version 2; version 1 is intact."""
    topic = _topic(svc, fake_vendor)
    fake_vendor.script(Reply(text_chunks=["kept answer"]))
    asyncio.run(_send(svc, topic, "Q"))

    async def stop_early() -> None:
        fake_vendor.script(Reply(text_chunks=["never"], delay_s=5.0))
        task = svc.versions.start_regenerate(topic)
        for _ in range(3000):  # Stop once the regenerate's request reached the vendor
            if len(fake_vendor.requests) >= 2:
                break
            await asyncio.sleep(0.01)
        assert svc.chat.stop(topic)
        await asyncio.gather(task, return_exceptions=True)

    asyncio.run(stop_early())
    stopped = svc.topics.messages(topic)[1]
    assert stopped.status == "cancelled"
    assert svc.versions.points(topic)[stopped.id].label == "2 / 2"
    svc.versions.switch(topic, stopped.seq, 1)
    assert _contents(svc, topic) == [("user", "Q"), ("assistant", "kept answer")]


@BOTH_ENGINES
def test_a_stop_during_the_regenerate_claim_leaves_no_streaming_row(
    svc: Services, fake_vendor: FakeVendor, monkeypatch: pytest.MonkeyPatch
) -> None:
    """APP-8 / issue 14: Stop while the claim's write transaction still runs on its worker
    (a slow store) lets it finish, drops its placeholder and puts the previous reply back;
    no reply stays ``streaming`` without a task, so the next send is not refused. The
    task ends only once the claim did: a claim that outlived it stored its placeholder
    later, and under load after the next send's (that reply then read '')."""
    topic = _topic(svc, fake_vendor)
    fake_vendor.script(Reply(text_chunks=["kept answer"]))
    asyncio.run(_send(svc, topic, "Q"))
    claim = svc.versions._claim_regenerate
    started, claimed = threading.Event(), threading.Event()

    def slow_claim(*args: object) -> object:
        started.set()
        time.sleep(0.5)
        try:
            return claim(*args)  # type: ignore[arg-type]
        finally:
            claimed.set()

    monkeypatch.setattr(svc.versions, "_claim_regenerate", slow_claim)

    async def stop_in_the_claim() -> None:
        task = svc.versions.start_regenerate(topic)
        while not started.is_set():
            await asyncio.sleep(0.01)
        assert svc.chat.stop(topic)
        await asyncio.gather(task, return_exceptions=True)
        assert claimed.is_set() and task.cancelled()
        assert not svc.chat._sends.cut_pending(topic)  # the Stop's status is not left for the next reply
        for _ in range(500):  # the previous version is put back on a store worker
            if len(_contents(svc, topic)) == 2:
                break
            await asyncio.sleep(0.01)

    asyncio.run(stop_in_the_claim())
    assert all(r["status"] != "streaming" for r in _rows(svc, topic))
    assert _contents(svc, topic) == [("user", "Q"), ("assistant", "kept answer")]
    fake_vendor.script(Reply(text_chunks=["next"]))
    asyncio.run(_send(svc, topic, "again"))  # not refused as "still being written"
    assert _contents(svc, topic)[-1] == ("assistant", "next")


def test_a_version_left_without_a_row_in_view_is_put_back(svc: Services, fake_vendor: FakeVendor) -> None:
    """Issue 14 "no lost reply": when a regenerate's placeholder is dropped (stopped
    before its request was sent), the previous version returns to view."""
    topic = _topic(svc, fake_vendor)
    fake_vendor.script(Reply(text_chunks=["kept answer"]))
    asyncio.run(_send(svc, topic, "Q"))
    claim = svc.versions._claim_regenerate(topic, None, svc.chat._pick(topic, None))
    with svc.db.write() as s:  # what ChatService._respond does for a Stop before the request
        s.delete(s.get(Message, claim.reply_id))
    svc.versions._heal(topic)
    assert _contents(svc, topic) == [("user", "Q"), ("assistant", "kept answer")]
    with svc.db.read() as s:
        assert s.scalar(select(func.count(MessageBranch.id))) == 0


@BOTH_ENGINES
def test_regenerate_and_switch_refuse_while_another_process_streams(svc: Services, fake_vendor: FakeVendor) -> None:
    """APP-8: while another live process writes a reply in the topic, Regenerate, a
    switch and deleting the topic refuse and change nothing."""
    topic = _topic(svc, fake_vendor)
    fake_vendor.script(Reply(text_chunks=["A"]))
    asyncio.run(_send(svc, topic, "Q"))
    fake_vendor.script(Reply(text_chunks=["B"]))
    asyncio.run(_regenerate(svc, topic))
    before = _rows(svc, topic)
    with svc.db.write() as s:
        s.add(Message(topic_id=topic, seq=99, role=Role.ASSISTANT, content="", status="streaming",
                      sent_by_process=f"{socket.gethostname()}:{os.getppid()}:abc", created_at=datetime.now(UTC)))
    with pytest.raises(InvalidInput):
        asyncio.run(_regenerate(svc, topic))
    with pytest.raises(InvalidInput):
        svc.versions.switch(topic, int(str(before[1]["seq"])), 1)
    with pytest.raises(InvalidInput, match="before deleting it"):  # its reply would be stored nowhere
        svc.topics.delete(topic)
    assert [r["content"] for r in _rows(svc, topic)][:2] == ["Q", "B"]


@BOTH_ENGINES
def test_stashed_rows_carry_every_message_column(svc: Services, fake_vendor: FakeVendor) -> None:
    """The stash is generic over ``message``'s columns (a column another change adds,
    e.g. attachments, travels with no code change): every column name is in the stash."""
    topic = _topic(svc, fake_vendor)
    fake_vendor.script(Reply(text_chunks=["A"]))
    asyncio.run(_send(svc, topic, "Q"))
    fake_vendor.script(Reply(text_chunks=["B"]))
    asyncio.run(_regenerate(svc, topic))
    with svc.db.read() as s:
        branch = s.scalars(select(MessageBranch)).one()
        stashed = decode_rows(branch.rows)
    assert set(stashed[0]) == {c.name for c in Message.__table__.columns}


@BOTH_ENGINES
def test_a_damaged_stash_is_listed_with_an_unknown_role(
    svc: Services, fake_vendor: FakeVendor, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 31: a stash whose bytes are damaged still lists as a version, its first
    role unknown (None; null in ``topic versions --json``) and the human listing says
    it cannot be read, never an empty role."""
    topic = _topic(svc, fake_vendor)
    fake_vendor.script(Reply(text_chunks=["A"]))
    asyncio.run(_send(svc, topic, "Q"))
    fake_vendor.script(Reply(text_chunks=["B"]))
    asyncio.run(_regenerate(svc, topic))
    with svc.db.write() as s:
        s.scalars(select(MessageBranch)).one().rows = b"not zlib"
    (fork,) = svc.versions.forks(topic)
    assert [(v.role, v.messages) for v in fork.versions] == [(None, 0), (Role.ASSISTANT, 1)]
    assert fork.versions[0].to_json()["role"] is None
    assert cmd_topic_versions(argparse.Namespace(topic_id=topic, json=False), svc) == 0
    damaged, in_view = capsys.readouterr().out.splitlines()[1:]
    assert damaged.endswith("(unreadable: its stored copy is damaged)")
    assert in_view.endswith("assistant: B")


@BOTH_ENGINES
def test_another_process_sees_a_switch(svc: Services, fake_vendor: FakeVendor) -> None:
    """Issue 13 live refresh for issue 14: a switch made by another process (the CLI as
    a subprocess) reaches this process's bus (the stashed row's MessageChanged, the
    restored row's MessageAdded, TopicChanged for the arrows) and its warm history
    follows the branch in view."""
    from tests.integration.test_live_refresh import Heard, cli

    topic = _topic(svc, fake_vendor)
    fake_vendor.script(Reply(text_chunks=["first"]))
    asyncio.run(_send(svc, topic, "Q"))
    old_id = svc.topics.messages(topic)[1].id
    fake_vendor.script(Reply(text_chunks=["second"]))
    asyncio.run(_regenerate(svc, topic))
    new_id = svc.topics.messages(topic)[1].id
    assert [h.message.content for h in svc.loader.load(topic).history] == ["Q", "second"]
    heard = Heard(svc)
    svc.watcher.start()
    assert svc.watcher.ready.wait(5)
    mark = heard.mark()
    cli(svc.db.engine.url.render_as_string(hide_password=False), "topic", "switch", str(topic),
        "--at", "2", "--to", "1")
    heard.wait_for(TopicChanged(topic), mark)
    heard.wait_for(MessageChanged(topic, new_id, removed=True), mark)
    heard.wait_for(MessageAdded(topic, old_id), mark)
    assert [h.message.content for h in svc.loader.load(topic).history] == ["Q", "first"]


def test_a_store_copy_carries_nested_branches(tmp_path: Path, fake_vendor: FakeVendor, postgres_url: str) -> None:
    """``db copy`` SQLite → PostgreSQL keeps every stashed branch, nested ones too (a
    parent can have a higher id than its child: the FK is checked at commit), and a
    switch works on the copy."""
    from chathub_desktop.storage.store_copy import copy_store

    src = open_services(f"sqlite:///{tmp_path / 'src.sqlite3'}")
    try:
        topic = _topic(src, fake_vendor)
        fake_vendor.script(Reply(text_chunks=["A1"]))
        asyncio.run(_send(src, topic, "Q1"))
        fake_vendor.script(Reply(text_chunks=["A1 again"]))
        asyncio.run(_regenerate(src, topic))
        q1 = src.topics.messages(topic)[0]
        fake_vendor.script(Reply(text_chunks=["B1"]))
        asyncio.run(_resend(src, q1.id, "Q1 other"))
        with src.db.read() as s:
            parents = {b.id: b.parent_id for b in s.scalars(select(MessageBranch))}
        assert any(p is not None and p > b for b, p in parents.items())
    finally:
        src.close()
    report = copy_store(f"sqlite:///{tmp_path / 'src.sqlite3'}", postgres_url)
    assert report.rows["message_branch"] == 2
    dst = open_services(postgres_url)
    try:
        dst.versions.switch(topic, 1, 1)
        assert [c for _r, c in _contents(dst, topic)] == ["Q1", "A1 again"]
    finally:
        dst.close()


def test_a_regenerated_reply_is_checkpointed_while_it_streams(svc: Services, fake_vendor: FakeVendor) -> None:
    """Issue 10's checkpoints hold for a regenerate: while the new reply streams, what
    arrived so far is in the store (a crash loses at most the last second)."""
    topic = _topic(svc, fake_vendor)
    fake_vendor.script(Reply(text_chunks=["old"]))
    asyncio.run(_send(svc, topic, "Q"))
    seen: list[str] = []

    async def watch() -> None:
        fake_vendor.script(Reply(text_chunks=[f"part{i} " for i in range(8)], chunk_delay_s=0.35))
        task = svc.versions.start_regenerate(topic)
        while not task.done():
            await asyncio.sleep(0.2)
            rows = await svc.db.run(_rows, svc, topic)
            if len(rows) == 2 and rows[1]["status"] == "streaming":
                seen.append(str(rows[1]["content"]))
        await task

    asyncio.run(watch())
    assert any(text.startswith("part0 ") for text in seen)  # stored before the reply ended
    assert svc.topics.messages(topic)[1].content == "".join(f"part{i} " for i in range(8))


@BOTH_ENGINES
def test_deleting_a_topic_deletes_its_versions(svc: Services, fake_vendor: FakeVendor) -> None:
    """A deleted topic leaves no stashed branch behind (ON DELETE CASCADE)."""
    topic = _topic(svc, fake_vendor)
    fake_vendor.script(Reply(text_chunks=["A"]))
    asyncio.run(_send(svc, topic, "Q"))
    fake_vendor.script(Reply(text_chunks=["B"]))
    asyncio.run(_regenerate(svc, topic))
    svc.topics.delete(topic)
    with svc.db.read() as s:
        assert s.scalar(select(func.count(MessageBranch.id))) == 0


@BOTH_ENGINES
def test_a_message_id_names_one_message_in_every_branch(svc: Services, fake_vendor: FakeVendor) -> None:
    """Issue 14: after regenerate, a switch back and new sends, no id is shared between
    the branch in view and a stash (SQLite would hand out the highest id in the table
    plus one), and every version still switches in."""
    topic = _topic(svc, fake_vendor)
    fake_vendor.script(Reply(text_chunks=["A"]))
    asyncio.run(_send(svc, topic, "Q"))
    fake_vendor.script(Reply(text_chunks=["B"]))
    asyncio.run(_regenerate(svc, topic))
    svc.versions.switch(topic, 2, 1)
    for q in ("more", "and more"):
        fake_vendor.script(Reply(text_chunks=[q.upper()]))
        asyncio.run(_send(svc, topic, q))
    with svc.db.read() as s:
        stashed = {int(str(r["id"])) for b in s.scalars(select(MessageBranch)) for r in decode_rows(b.rows)}
    in_view = {int(str(r["id"])) for r in _rows(svc, topic)}
    assert stashed and not stashed & in_view
    svc.versions.switch(topic, 2, 2)
    assert [c for _r, c in _contents(svc, topic)] == ["Q", "B"]
    svc.versions.switch(topic, 2, 1)
    assert [c for _r, c in _contents(svc, topic)] == ["Q", "A", "more", "MORE", "and more", "AND MORE"]
