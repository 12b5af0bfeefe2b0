"""Stop and quit between two requests of one send (issue 31 "results instead of
out-parameters"; APP-8, CMP-11, issue 12): during the automatic-retry wait, during the
overflow rescue, and while a later tool round's placeholder is stored or its request
planned. No reply row is left ``streaming``: a reply that began ends ``cancelled``
(Stop) or ``interrupted`` (quit) with what it stored; a later round's placeholder that
never began is dropped (Stop) or stored ``interrupted`` (quit), as the first round's is.

Real SQLite, real HTTP to the fake vendors on 127.0.0.1.
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Awaitable, Callable, Iterator

import pytest

from chathub_desktop.core.messages import MessageStatus, Role, ToolCall
from chathub_desktop.services.container import Services
from chathub_desktop.services.errors import InvalidInput
from chathub_desktop.services.events import ReplyFinished, ReplyRetrying
from chathub_desktop.storage.models import AttachmentBlob
from tests.fakes.images import png
from tests.fakes.vendor_server import FakeVendor, Reply, openai_error
from tests.integration.test_chat_service import EchoTools, setup_chat
from tests.integration.test_compaction import WINDOW, add_turns
from tests.integration.test_compaction import setup as setup_compaction

HOW = ("stop", "quit")
ENDED = {"stop": MessageStatus.CANCELLED, "quit": MessageStatus.INTERRUPTED}
#: What the tool topics keep of their first round: the question, the tool call, its result.
FIRST_ROUND = [(Role.USER, MessageStatus.COMPLETE), (Role.ASSISTANT, MessageStatus.COMPLETE),
               (Role.TOOL, MessageStatus.COMPLETE)]


@pytest.fixture
def summ() -> Iterator[FakeVendor]:
    """The History Compress model's own server."""
    with FakeVendor() as vendor:
        yield vendor


async def _until(cond: Callable[[], bool]) -> None:
    """Wait (at most 30 s) until ``cond()`` holds."""
    async with asyncio.timeout(30):
        while not cond():
            await asyncio.sleep(0.01)


def _cut(svc: Services, topic: int, how: str, ready: Callable[[asyncio.Task[object]], Awaitable[None]]) -> None:
    """Send into ``topic``, wait for ``ready``, then Stop or quit (``how``); the task ends cancelled."""

    async def scenario() -> None:
        task = svc.chat.start_send(topic, "please answer")
        await ready(task)
        if how == "stop":
            assert svc.chat.stop(topic)
        else:
            await svc.chat.shutdown()
        with pytest.raises(asyncio.CancelledError):
            await task

    asyncio.run(scenario())
    assert not svc.chat.is_sending(topic)


def _tool_round_topic(svc: Services, vendor: FakeVendor) -> int:
    """A topic whose model first calls the echo tool, then would answer "never sent"
    (the second round, which the tests cut before it is posted)."""
    svc.tools.add(EchoTools())
    topic = setup_chat(svc, vendor)
    vendor.script(Reply(text_chunks=[], tool_calls=[ToolCall("call_1", "echo", '{"text": "ping"}')]),
                  Reply(text_chunks=["never sent"]))
    return topic


def _held_placeholder_insert(svc: Services, monkeypatch: pytest.MonkeyPatch
                             ) -> tuple[threading.Event, threading.Event, threading.Event]:
    """Hold the insert of a later round's streaming placeholder (the only streaming row a
    tool send appends) on its worker: ``(inserting, release, inserted)`` — set when the
    insert is reached, to set to let it go on, set once it is written."""
    inserting, release, inserted = threading.Event(), threading.Event(), threading.Event()
    append = svc.chat.append_row

    def held(topic_id: int, role: Role, content: str = "", **fields: object) -> int:
        if fields.get("status") is not MessageStatus.STREAMING:
            return append(topic_id, role, content, **fields)  # type: ignore[arg-type]
        inserting.set()
        release.wait(60)
        try:
            return append(topic_id, role, content, **fields)  # type: ignore[arg-type]
        finally:
            inserted.set()

    monkeypatch.setattr(svc.chat, "append_row", held)
    return inserting, release, inserted


def _finished(svc: Services) -> list[tuple[int, MessageStatus]]:
    seen: list[tuple[int, MessageStatus]] = []
    svc.bus.subscribe(lambda e: seen.append((e.message_id, e.status)) if isinstance(e, ReplyFinished) else None)
    return seen


@pytest.mark.parametrize("how", HOW)
def test_a_cut_during_the_automatic_retry_wait_ends_the_reply(services: Services, fake_vendor: FakeVendor,
                                                              how: str) -> None:
    """Issue 12: a short ``Retry-After`` is being waited out; Stop (quit) then ends the
    reply ``cancelled`` (``interrupted``) at once, with Retry, and nothing is resent."""
    topic = setup_chat(services, fake_vendor)
    fake_vendor.script(Reply(error_status=429, error_body=openai_error("Rate limit reached", "rate_limit_error"),
                             error_headers={"Retry-After": "10"}), Reply(text_chunks=["never sent"]))
    waiting: list[ReplyRetrying] = []
    services.bus.subscribe(lambda e: waiting.append(e) if isinstance(e, ReplyRetrying) else None)
    finished = _finished(services)

    async def ready(_task: asyncio.Task[object]) -> None:
        await _until(lambda: bool(waiting))

    _cut(services, topic, how, ready)
    user, reply = services.topics.messages(topic)
    assert (user.role, reply.role) == (Role.USER, Role.ASSISTANT)
    assert (reply.status, reply.content) == (ENDED[how], "")
    assert finished == [(reply.id, ENDED[how])] and len(fake_vendor.requests) == 1


@pytest.mark.parametrize("how", HOW)
def test_a_cut_during_the_overflow_rescue_ends_the_reply(services: Services, fake_vendor: FakeVendor,
                                                         summ: FakeVendor, monkeypatch: pytest.MonkeyPatch,
                                                         how: str) -> None:
    """CMP-11: the provider refused the request as too long and the one rescue
    compaction runs; Stop (quit) during it ends the reply ``cancelled``
    (``interrupted``), leaves no summary and resends nothing."""
    monkeypatch.setenv("COMPACT_CONTEXT_WINDOW_LOCAL", str(WINDOW))
    topic = setup_compaction(services, fake_vendor, summ)
    services.assistants.update("Helper", auto_compact=False)
    add_turns(services, topic, 1, 6, size=25)
    fake_vendor.script(Reply(error_status=400, error_body=openai_error(
        "This model's maximum context length is 4000 tokens.", code="context_length_exceeded")),
        Reply(text_chunks=["never sent"]))
    summ.script(Reply(hang=True))
    finished = _finished(services)

    async def ready(_task: asyncio.Task[object]) -> None:
        await _until(lambda: bool(summ.requests))

    _cut(services, topic, how, ready)
    reply = services.topics.messages(topic)[-1]
    assert (reply.role, reply.status, reply.content) == (Role.ASSISTANT, ENDED[how], "")
    assert finished == [(reply.id, ENDED[how])] and len(fake_vendor.requests) == 1
    assert services.compaction is not None and services.compaction.summary(topic).text == ""


@pytest.mark.parametrize("how", HOW)
def test_a_cut_while_a_later_tool_round_is_planned_ends_its_placeholder(
        services: Services, fake_vendor: FakeVendor, monkeypatch: pytest.MonkeyPatch, how: str) -> None:
    """The model called a tool, its result is stored, and the next round's request is
    being planned: Stop drops that round's empty placeholder (quit stores it
    ``interrupted``), as for a first reply that never began; the first round's reply
    and the tool result stay."""
    topic = _tool_round_topic(services, fake_vendor)
    planning, release = threading.Event(), threading.Event()
    plan = services.chat._plan
    planned: list[int] = []

    def held(ctx: object, reply_id: int) -> object:  # the second round's planning waits
        planned.append(reply_id)
        if len(planned) == 2:
            planning.set()
            release.wait(60)
        return plan(ctx, reply_id)  # type: ignore[arg-type]

    monkeypatch.setattr(services.chat, "_plan", held)

    async def ready(_task: asyncio.Task[object]) -> None:
        await _until(planning.is_set)

    try:
        _cut(services, topic, how, ready)
    finally:
        release.set()
    msgs = services.topics.messages(topic)
    kept = [(m.role, m.status) for m in msgs]
    if how == "stop":
        assert kept == FIRST_ROUND
        assert planned[1] not in [m.id for m in msgs]
    else:
        assert kept == [*FIRST_ROUND, (Role.ASSISTANT, MessageStatus.INTERRUPTED)] and msgs[-1].id == planned[1]
    assert len(fake_vendor.requests) == 1


@pytest.mark.parametrize("how", HOW)
def test_a_cut_while_a_later_rounds_placeholder_is_stored_ends_it(
        services: Services, fake_vendor: FakeVendor, monkeypatch: pytest.MonkeyPatch, how: str) -> None:
    """The cut lands while the next round's placeholder row is being written (a worker
    finishes that insert whatever the caller does): the row still ends as a reply that
    never began, never ``streaming``."""
    topic = _tool_round_topic(services, fake_vendor)
    inserting, release, inserted = _held_placeholder_insert(services, monkeypatch)

    async def ready(_task: asyncio.Task[object]) -> None:
        await _until(inserting.is_set)
        asyncio.get_running_loop().call_soon(release.set)  # once the cut below is made

    try:
        _cut(services, topic, how, ready)
    finally:
        release.set()
    assert inserted.wait(60)
    kept = [(m.role, m.status) for m in services.topics.messages(topic)]
    assert kept == (FIRST_ROUND if how == "stop" else [*FIRST_ROUND, (Role.ASSISTANT, MessageStatus.INTERRUPTED)])


@pytest.mark.parametrize("how", HOW)
def test_a_second_cut_while_a_later_rounds_placeholder_is_stored_still_ends_it(
        services: Services, fake_vendor: FakeVendor, monkeypatch: pytest.MonkeyPatch, how: str) -> None:
    """Stop (quit), then Stop again while the next round's placeholder is still being
    written: the row ends as a reply that never began (dropped; ``interrupted`` on quit),
    never ``streaming``, and the task ends cancelled only once it is ended."""
    topic = _tool_round_topic(services, fake_vendor)
    inserting, release, inserted = _held_placeholder_insert(services, monkeypatch)

    async def scenario() -> None:
        task = services.chat.start_send(topic, "please answer")
        await _until(inserting.is_set)
        if how == "stop":
            assert services.chat.stop(topic)
        else:
            quitting = asyncio.ensure_future(services.chat.shutdown())
        for _ in range(5):  # the first cut is being handled: the insert is awaited
            await asyncio.sleep(0)
        assert services.chat.stop(topic)  # the second cut
        asyncio.get_running_loop().call_soon(release.set)
        with pytest.raises(asyncio.CancelledError):
            await task
        if how == "quit":
            await quitting

    try:
        asyncio.run(scenario())
    finally:
        release.set()
    assert inserted.wait(60)
    kept = [(m.role, m.status) for m in services.topics.messages(topic)]
    assert kept == (FIRST_ROUND if how == "stop" else [*FIRST_ROUND, (Role.ASSISTANT, MessageStatus.INTERRUPTED)])


def test_a_later_round_refused_while_planned_ends_as_an_error_with_its_reason(
        services: Services, fake_vendor: FakeVendor, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 14: the image the topic's message carries leaves the store while the tool
    runs, so the next round's request is refused before it is posted: that round's row
    ends ``error`` with the refusal's one line (not ``streaming``), announced as finished,
    and the send raises the refusal; the first round and the tool result stay."""
    topic = _tool_round_topic(services, fake_vendor)
    image = services.attachments.prepare(topic, "gone.png", png(10, 10))
    plan = services.chat._plan
    planned: list[int] = []

    def blob_gone(ctx: object, reply_id: int) -> object:  # the second round's image is gone
        planned.append(reply_id)
        if len(planned) == 2:
            with services.db.write() as s:
                s.query(AttachmentBlob).delete()
        return plan(ctx, reply_id)  # type: ignore[arg-type]

    monkeypatch.setattr(services.chat, "_plan", blob_gone)
    finished = _finished(services)
    with pytest.raises(InvalidInput, match="^an attachment of this topic is missing from the store"):
        asyncio.run(services.chat.send(topic, "what is in it?", (image,)))
    msgs = services.topics.messages(topic)
    assert [(m.role, m.status) for m in msgs] == [*FIRST_ROUND, (Role.ASSISTANT, MessageStatus.ERROR)]
    assert msgs[-1].id == planned[1] and msgs[-1].error == (
        "an attachment of this topic is missing from the store; remove that message or attach the file again")
    assert finished[-1] == (planned[1], MessageStatus.ERROR) and len(fake_vendor.requests) == 1


@pytest.mark.parametrize("how", HOW)
def test_a_cut_during_the_sends_claim_ends_its_placeholder(services: Services, fake_vendor: FakeVendor,
                                                           monkeypatch: pytest.MonkeyPatch, how: str) -> None:
    """APP-8: Stop (quit) while the send's claim — the write transaction storing the
    question and the reply's placeholder — still runs on its worker: the task ends once
    that transaction did, the placeholder is dropped (stored ``interrupted``), the
    question stays, and no cut status is left behind for the topic's next reply."""
    topic = setup_chat(services, fake_vendor)
    claiming, claimed = threading.Event(), threading.Event()
    claim = services.chat._claim

    def slow(*args: object) -> object:
        claiming.set()
        time.sleep(0.3)  # the cut lands while the transaction has not begun yet
        try:
            return claim(*args)  # type: ignore[arg-type]
        finally:
            claimed.set()

    monkeypatch.setattr(services.chat, "_claim", slow)

    async def ready(_task: asyncio.Task[object]) -> None:
        await _until(claiming.is_set)

    _cut(services, topic, how, ready)
    assert claimed.is_set() and not services.chat._sends.cut_pending(topic)
    kept = [(m.role, m.status) for m in services.topics.messages(topic)]
    assert kept == [(Role.USER, MessageStatus.COMPLETE)] + (
        [] if how == "stop" else [(Role.ASSISTANT, MessageStatus.INTERRUPTED)])
    assert not fake_vendor.requests
    monkeypatch.setattr(services.chat, "_claim", claim)
    fake_vendor.script(Reply(text_chunks=["next"]))
    assert asyncio.run(services.chat.send(topic, "again")).text == "next"
