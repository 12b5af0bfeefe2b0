"""Continue a reply cut at the length limit (walk53b #4, REF-12) through the services,
against the local HTTP vendor stand-in in all three wire formats."""

from __future__ import annotations

import asyncio

import pytest

from chathub_desktop.core.context_receipt import receipt_lines
from chathub_desktop.core.messages import MessageStatus, Usage
from chathub_desktop.services.chat.reply_continue import CONTINUE_INSTRUCTION, not_continuable
from chathub_desktop.services.container import Services
from chathub_desktop.services.errors import InvalidInput
from chathub_desktop.services.events import ChatEvent, ReplyDelta
from tests.fakes.vendor_server import FakeVendor, Reply
from tests.integration.test_chat_service import setup_chat
from tests.wait_scale import scale

#: Each format's own word for "stopped at the output limit" (REF-12's set).
FORMATS = [("openai", "length"), ("openai_responses", "max_output_tokens"), ("anthropic", "max_tokens")]


def turns(body: dict[str, object]) -> list[tuple[str, str]]:
    """``(role, text)`` of a request body's conversation turns, in any of the three formats."""
    items = body.get("messages", body.get("input"))
    assert isinstance(items, list)
    out = []
    for m in items:
        content = m.get("content")
        if isinstance(content, list):
            content = "".join(str(p.get("text", "")) for p in content if isinstance(p, dict))
        out.append((str(m.get("role")), str(content)))
    return out


def cut_topic(svc: Services, vendor: FakeVendor, kind: str, finish: str) -> tuple[int, int]:
    """A topic whose reply "The first half" stopped at the length limit; (topic, reply id)."""
    topic = setup_chat(svc, vendor, kind)
    vendor.script(Reply(text_chunks=["The first", " half"], finish_reason=finish,
                        usage=Usage(input_tokens=50, output_tokens=40)))
    out = asyncio.run(svc.chat.send(topic, "Write a long story"))
    assert out.finish_reason == finish
    return topic, out.reply_message_id


@pytest.mark.parametrize(("kind", "finish"), FORMATS)
def test_continue_appends_to_the_same_reply_after_the_cut_reply_and_the_instruction(
        services: Services, fake_vendor: FakeVendor, kind: str, finish: str) -> None:
    """The request ends with the cut reply as the assistant turn and the instruction as
    the user turn; the new text is appended to the same stored reply, no user message
    is stored, usage adds up the output, the receipt counts the continuation."""
    topic, reply = cut_topic(services, fake_vendor, kind, finish)
    assert services.topics.messages(topic)[-1].cut_off
    fake_vendor.script(Reply(text_chunks=[" and", " the end."], usage=Usage(input_tokens=90, output_tokens=3)))
    out = asyncio.run(services.chat.continue_reply(topic, reply, len("The first half")))
    assert out.status == MessageStatus.COMPLETE and out.reply_message_id == reply
    sent = turns(fake_vendor.last_request.body or {})
    assert sent[-2:] == [("assistant", "The first half"), ("user", CONTINUE_INSTRUCTION)]
    assert sent[-3] == ("user", "Write a long story")
    msgs = services.topics.messages(topic)
    assert [(m.role, m.content) for m in msgs] == [("user", "Write a long story"),
                                                   ("assistant", "The first half and the end.")]
    m = msgs[-1]
    assert m.id == reply and not m.cut_off and m.status == MessageStatus.COMPLETE
    assert (m.input_tokens, m.output_tokens) == (90, 43)
    assert m.receipt is not None and m.receipt["continued"] == 1
    parts = m.receipt["parts"]
    assert isinstance(parts, dict) and parts["instruction"] > 0 and "draft" not in parts
    assert ("Continued: the reply so far was sent back with an instruction to go on (continuation 1)"
            in receipt_lines(m.receipt))


def test_a_second_cut_can_be_continued_again(services: Services, fake_vendor: FakeVendor) -> None:
    """Stopped at the limit again, the reply is still cut off and continues once more."""
    topic, reply = cut_topic(services, fake_vendor, "openai", "length")
    fake_vendor.script(Reply(text_chunks=[" second"], finish_reason="length"), Reply(text_chunks=[" third."]))
    asyncio.run(services.chat.continue_reply(topic, reply))
    m = services.topics.messages(topic)[-1]
    assert m.content == "The first half second" and m.cut_off
    asyncio.run(services.chat.continue_reply(topic, reply))
    assert turns(fake_vendor.last_request.body or {})[-2] == ("assistant", "The first half second")
    m = services.topics.messages(topic)[-1]
    assert m.content == "The first half second third." and not m.cut_off
    assert m.receipt is not None and m.receipt["continued"] == 2


def test_stop_keeps_the_text_and_closes_the_stream(services: Services, fake_vendor: FakeVendor) -> None:
    """Stop during a continuation keeps the old text and what arrived (``cancelled``);
    the vendor sees the connection closed."""
    topic, reply = cut_topic(services, fake_vendor, "openai", "length")
    fake_vendor.script(Reply(text_chunks=[" partial", " never"], hang=True, hang_after=1))
    events: list[ChatEvent] = []
    services.bus.subscribe(events.append)

    async def run() -> None:
        task = services.chat.start_continue(topic, reply)
        async with asyncio.timeout(30 * scale()):
            while not "".join(e.text for e in events if isinstance(e, ReplyDelta)).endswith(" partial"):
                await asyncio.sleep(0.01)
        assert services.chat.stop(topic)
        with pytest.raises(asyncio.CancelledError):
            await task
        async with asyncio.timeout(30 * scale()):
            while fake_vendor.disconnects < 1:
                await asyncio.sleep(0.01)

    asyncio.run(run())
    m = services.topics.messages(topic)[-1]
    assert (m.content, m.status) == ("The first half partial", MessageStatus.CANCELLED)
    first = next(e for e in events if isinstance(e, ReplyDelta))
    assert first.text.startswith("The first half")  # the window's text of the row is the whole reply


def test_an_error_keeps_the_text_and_shows_as_a_send_error(services: Services, fake_vendor: FakeVendor) -> None:
    """A provider failure mid-continuation is stored as other send errors are, the text kept."""
    topic, reply = cut_topic(services, fake_vendor, "anthropic", "max_tokens")
    fake_vendor.script(Reply(text_chunks=[" more"], stream_error={"message": "overloaded", "type": "overloaded_error",
                                                                  "code": "overloaded"}))
    out = asyncio.run(services.chat.continue_reply(topic, reply))
    m = services.topics.messages(topic)[-1]
    assert out.status == MessageStatus.ERROR and m.status == MessageStatus.ERROR
    assert m.content == "The first half more" and m.error


def test_only_the_newest_cut_reply_as_seen_can_be_continued(services: Services, fake_vendor: FakeVendor) -> None:
    """A finished reply, a reply changed since it was seen, or an older one: refused,
    nothing sent or changed."""
    topic, reply = cut_topic(services, fake_vendor, "openai", "length")
    asked = len(fake_vendor.requests)
    with pytest.raises(InvalidInput):
        asyncio.run(services.chat.continue_reply(topic, reply, seen_chars=3))
    m = services.topics.messages(topic)[-1]
    assert (m.content, m.status, m.finish_reason) == ("The first half", MessageStatus.COMPLETE, "length")
    asyncio.run(services.chat.send(topic, "another"))
    with pytest.raises(InvalidInput):
        asyncio.run(services.chat.continue_reply(topic, reply))
    newest = services.topics.messages(topic)[-1]
    with pytest.raises(InvalidInput):  # finished at "stop"
        asyncio.run(services.chat.continue_reply(topic, newest.id))
    assert len(fake_vendor.requests) == asked + 1


def test_refused_while_planning_the_reply_is_put_back_as_it_was(
        services: Services, fake_vendor: FakeVendor, monkeypatch: pytest.MonkeyPatch) -> None:
    """A continuation refused after its claim (here: its plan) asks nothing and leaves
    the reply complete and cut at the length limit, so Continue is offered again."""
    topic, reply = cut_topic(services, fake_vendor, "openai", "length")
    asked = len(fake_vendor.requests)

    async def refused(*_a: object, **_k: object) -> None:
        raise not_continuable(covered=True)

    monkeypatch.setattr(services.chat._loader, "aload", refused)
    with pytest.raises(InvalidInput, match="covered by the topic summary"):
        asyncio.run(services.chat.continue_reply(topic, reply))
    m = services.topics.messages(topic)[-1]
    assert (m.content, m.status, m.finish_reason, m.continuable) == (
        "The first half", MessageStatus.COMPLETE, "length", True)
    assert len(fake_vendor.requests) == asked and not services.chat.is_sending(topic)


def test_stop_before_a_word_arrived_puts_the_reply_back(services: Services, fake_vendor: FakeVendor) -> None:
    """Stop once the continuation was asked but before anything arrived: the reply is as
    it was (complete, cut, its usage), so Continue is offered again."""
    topic, reply = cut_topic(services, fake_vendor, "openai", "length")
    fake_vendor.script(Reply(text_chunks=["never"], hang=True, hang_after=0))
    asked = len(fake_vendor.requests)

    async def run() -> None:
        task = services.chat.start_continue(topic, reply)
        async with asyncio.timeout(30 * scale()):
            while len(fake_vendor.requests) == asked:
                await asyncio.sleep(0.01)
        assert services.chat.stop(topic)
        with pytest.raises(asyncio.CancelledError):
            await task

    asyncio.run(run())
    m = services.topics.messages(topic)[-1]
    assert (m.content, m.status, m.finish_reason, m.output_tokens, m.continuable) == (
        "The first half", MessageStatus.COMPLETE, "length", 40, True)
