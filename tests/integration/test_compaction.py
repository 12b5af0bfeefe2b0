"""Topic compaction against a scripted summarizer over real HTTP on 127.0.0.1 (CMP-1…CMP-20).

The chat model and the History Compress model run on two separate fake vendors, so
their scripted replies can never interleave.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from types import SimpleNamespace

import pytest

from chathub_desktop.core.messages import Role, ToolCall, Usage
from chathub_desktop.services.compaction.compaction_service import CompactionInProgress
from chathub_desktop.services.container import Services, open_services
from chathub_desktop.services.errors import InvalidInput
from tests.fakes.vendor_server import FakeVendor, Reply, openai_error

WINDOW = 4000  # chat model window (unlisted local model, COMPACT_CONTEXT_WINDOW_LOCAL)


@pytest.fixture
def summ() -> Iterator[FakeVendor]:
    """The History Compress model's own server."""
    with FakeVendor() as vendor:
        yield vendor


@pytest.fixture(autouse=True)
def small_window(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COMPACT_CONTEXT_WINDOW_LOCAL", str(WINDOW))
    monkeypatch.delenv("CHATHUB_COMPACTION_DEBUG", raising=False)


def setup(svc: Services, chat: FakeVendor, summ: FakeVendor, summ_kind: str = "openai") -> int:
    """A chat assistant on an unlisted local model (4,000-token window) and a summarizer."""
    svc.providers.add("Chat", "openai_compatible", chat.base_url, api_key="sk-chat")
    svc.providers.add("Summ", summ_kind, summ.base_url, api_key="sk-summ")
    model = "claude-haiku-4-5" if summ_kind == "anthropic" else "gpt-5-mini"
    svc.settings.set("history-compress-model", f"Summ/{model}")
    svc.assistants.create("Helper", provider="Chat", model="local-llm", instructions="Be brief.")
    return svc.topics.create("Helper").id


def words(tag: str, n: int) -> str:
    """``tag`` and then about ``n`` tokens of filler."""
    return tag + " lorem" * n


def add_turns(svc: Services, topic: int, first: int, last: int, size: int = 200) -> list[int]:
    """Turns ``first``..``last`` (user ``uK`` + assistant ``aK``, about ``size`` tokens
    each); returns the message ids. The default is long enough that a summary shrinks
    the request even for 2 turns (shorter ones stop before the summarizer with "nothing
    to gain", walk37 #12)."""
    ids = []
    for k in range(first, last + 1):
        ids.append(svc.chat.append_row(topic, role=Role.USER, content=f"u{k} " + words(f"u{k}", size)))
        ids.append(svc.chat.append_row(topic, role=Role.ASSISTANT, content=f"a{k} " + words(f"a{k}", size)))
    return ids


def summary_reply(text: str) -> Reply:
    return Reply(text_chunks=[f"<summary>{text}</summary>"])


def summ_transcript(vendor: FakeVendor, i: int = -1) -> str:
    body = vendor.requests[i].body
    assert body is not None
    msgs = body.get("messages") or []
    return "\n".join(str(m.get("content")) for m in msgs)  # type: ignore[union-attr]


def compact(svc: Services, topic: int):  # type: ignore[no-untyped-def]
    assert svc.compaction is not None
    return asyncio.run(svc.compaction.compact(topic))


def state(svc: Services, topic: int) -> tuple[str, int | None]:
    assert svc.compaction is not None
    view = svc.compaction.summary(topic)
    return view.text, view.cursor_message_id


# --- a summary cut at the completion cap (CMP-5, issue 24) ------------------------------
@pytest.mark.parametrize(("kind", "finish"), [("openai", "length"), ("anthropic", "max_tokens")])
def test_a_summary_cut_at_the_token_limit_is_kept_to_its_last_complete_sentence(
    services: Services, fake_vendor: FakeVendor, summ: FakeVendor, kind: str, finish: str
) -> None:
    """CMP-5 names only an empty summary or an over-context rejection as failures: a cut
    summary is stored up to its last complete sentence and the cursor moves past the batch."""
    topic = setup(services, fake_vendor, summ, kind)
    ids = add_turns(services, topic, 1, 3)
    services.chat.append_row(topic, role=Role.USER, content="latest")
    summ.script(Reply(text_chunks=["<summary>The user counts turns. Turn three is ha"], finish_reason=finish))
    out = compact(services, topic)
    assert out.status == "compacted", out.message
    assert state(services, topic) == ("The user counts turns.", ids[-1])
    assert len(summ.requests) == 1


def test_a_looping_summary_cut_at_the_limit_keeps_each_line_once_and_says_it_was_cut(
    services: Services, fake_vendor: FakeVendor, summ: FakeVendor
) -> None:
    """walk40: SmolLM2's topic summary repeated itself until the token limit and was
    stored cut mid-word. Each line and sentence is kept once, the cut tail dropped, and
    the outcome says the summary was cut (issue 28)."""
    topic = setup(services, fake_vendor, summ)
    add_turns(services, topic, 1, 3)
    services.chat.append_row(topic, Role.USER, "latest")
    loop = ("The user plans a trip to Lisbon. The user plans a trip to Lisbon. The user wants tables.\n"
            + "- Prefers tables\n" * 6 + "- The user plans a trip to Lisbon.\n- Prefers ta")
    summ.script(Reply(text_chunks=[f"<summary>{loop}"], finish_reason="length"))
    out = compact(services, topic)
    assert out.status == "compacted", out.message
    assert state(services, topic)[0] == ("The user plans a trip to Lisbon. The user wants tables.\n"
                                         "- Prefers tables")
    assert out.message.endswith("; the summary reached the History Compress model's length limit, so only its "
                                "complete part was kept")


def test_the_prompts_framing_written_back_is_not_stored_in_the_summary(
    services: Services, fake_vendor: FakeVendor, summ: FakeVendor
) -> None:
    """walk40 with SmolLM2: the stored summary held the prompt's framing ("Current
    summary:", "(empty)", "[user]", "[assistant]"). Those lines are dropped; what the
    model wrote besides them is the summary; framing alone is an empty summary (issue 28)."""
    topic = setup(services, fake_vendor, summ)
    ids = add_turns(services, topic, 1, 3)
    services.chat.append_row(topic, Role.USER, "latest")
    summ.script(summary_reply("Current summary:\n(empty)\n\n[user]\n- u1 asked about lorem\n\n[assistant]\n"
                              "- a1 answered"))
    out = compact(services, topic)
    assert out.status == "compacted", out.message
    assert state(services, topic) == ("- u1 asked about lorem\n\n- a1 answered", ids[-1])
    services.chat.append_row(topic, Role.ASSISTANT, "a4 " + words("a4", 200))
    add_turns(services, topic, 5, 6)
    services.chat.append_row(topic, Role.USER, "later")
    summ.script(summary_reply("Current summary:\n[user]\nNext messages:"))
    out = compact(services, topic)
    assert out.status == "failed" and out.message.endswith("the History Compress model returned an empty summary")
    assert state(services, topic) == ("- u1 asked about lorem\n\n- a1 answered", ids[-1])


@pytest.mark.parametrize(("kind", "finish"), [("openai", "length"), ("anthropic", "max_tokens")])
def test_a_cut_summary_with_no_complete_sentence_fails_and_changes_nothing(
    services: Services, fake_vendor: FakeVendor, summ: FakeVendor, kind: str, finish: str
) -> None:
    """Nothing complete in a cut summary is an empty summary: failed once; summary,
    cursor and messages unchanged."""
    topic = setup(services, fake_vendor, summ, kind)
    add_turns(services, topic, 1, 3)
    services.chat.append_row(topic, role=Role.USER, content="latest")
    before = [(m.id, m.content) for m in services.topics.messages(topic)]
    summ.script(Reply(text_chunks=["<summary>half a sum"], finish_reason=finish))
    out = compact(services, topic)
    assert out.status == "failed" and "token limit" in out.message
    assert len(summ.requests) == 1
    assert state(services, topic) == ("", None)
    assert [(m.id, m.content) for m in services.topics.messages(topic)] == before
    body = summ.last_request.body
    assert body is not None and "tools" not in body
    if kind == "anthropic":
        assert body["thinking"] == {"type": "disabled"}  # REF-21
        assert body["max_tokens"] == 600 + 2048


@pytest.mark.parametrize(
    ("reply", "why"),
    [
        (Reply(text_chunks=[], reasoning_chunks=["I think the summary is..."]), "reasoning only"),
        (Reply(text_chunks=[], tool_calls=[ToolCall("c1", "search", "{}")]), "tool call"),
        (Reply(text_chunks=["   ", "\n\t"]), "empty summary"),
        (Reply(text_chunks=["<summary>  </summary>"]), "empty summary"),
    ],
)
def test_unusable_summaries_are_rejected(
    services: Services, fake_vendor: FakeVendor, summ: FakeVendor, reply: Reply, why: str
) -> None:
    topic = setup(services, fake_vendor, summ)
    add_turns(services, topic, 1, 2)
    services.chat.append_row(topic, role=Role.USER, content="latest")
    summ.script(reply)
    out = compact(services, topic)
    assert out.status == "failed" and why in out.message
    assert state(services, topic) == ("", None)
    assert len(summ.requests) == 1  # failed once, no retry loop (CMP-5)


def test_reasoning_never_enters_the_summary(
    services: Services, fake_vendor: FakeVendor, summ: FakeVendor
) -> None:
    """CMP-3: streamed reasoning and inline <think> blocks are dropped; GPT-5 lowest effort."""
    topic = setup(services, fake_vendor, summ)
    add_turns(services, topic, 1, 2)
    services.chat.append_row(topic, role=Role.USER, content="latest")
    summ.script(Reply(reasoning_chunks=["SECRET-REASONING"],
                      text_chunks=["<think>hidden</think>", "<summary>User likes tea.</summary>"]))
    out = compact(services, topic)
    assert out.status == "compacted"
    text, _ = state(services, topic)
    assert text == "User likes tea."
    body = summ.last_request.body
    assert body is not None
    assert body["reasoning_effort"] == "minimal"  # gpt-5-mini card's min_effort
    assert body.get("max_completion_tokens", body.get("max_tokens")) == 600 + 2048  # REF-21


# --- nothing eligible ---------------------------------------------------------------------
def test_nothing_new_is_nothing_eligible_and_keeps_the_summary(
    services: Services, fake_vendor: FakeVendor, summ: FakeVendor
) -> None:
    topic = setup(services, fake_vendor, summ)
    add_turns(services, topic, 1, 3)
    services.chat.append_row(topic, role=Role.USER, content="latest")
    summ.script(summary_reply("S1: turns one to three."))
    assert compact(services, topic).status == "compacted"
    first = state(services, topic)
    out = compact(services, topic)
    assert out.status == "nothing_eligible" and out.status_text == "nothing eligible"
    assert out.message == "every earlier turn is in the summary already"  # walkthrough F11: no cursor jargon
    assert state(services, topic) == first
    assert len(summ.requests) == 1


# --- boundaries: tool calls and results, protected tail -------------------------------------
def test_boundary_keeps_tool_calls_with_their_results(
    services: Services, fake_vendor: FakeVendor, summ: FakeVendor
) -> None:
    """Message 11 is a tool call, 12 its result, the protected tail is 2 messages: the
    cursor lands after 12, never between them."""
    topic = setup(services, fake_vendor, summ)
    ids = add_turns(services, topic, 1, 5)  # messages 1..10
    ids.append(services.chat.append_row(topic, role=Role.ASSISTANT, content="",
                                     tool_calls=[{"id": "c11", "name": "look", "arguments": "{}"}]))
    ids.append(services.chat.append_row(topic, role=Role.TOOL, content="result 12", tool_call_id="c11",
                                     tool_name="look"))
    ids.append(services.chat.append_row(topic, role=Role.USER, content="u13 latest"))
    ids.append(services.chat.append_row(topic, role=Role.ASSISTANT, content="a14"))
    summ.script(summary_reply("S"))
    out = compact(services, topic)
    assert out.status == "compacted" and out.cursor_message_id == ids[11]
    sent = summ_transcript(summ)
    assert "result 12" in sent and "look" in sent and "u13" not in sent


def test_parallel_calls_stay_together_and_a_trailing_call_is_protected(
    services: Services, fake_vendor: FakeVendor, summ: FakeVendor
) -> None:
    topic = setup(services, fake_vendor, summ)
    add_turns(services, topic, 1, 2)
    services.chat.append_row(topic, role=Role.USER, content="u3 run two tools")
    services.chat.append_row(topic, role=Role.ASSISTANT, content="", tool_calls=[
        {"id": "p1", "name": "a", "arguments": "{}"}, {"id": "p2", "name": "b", "arguments": "{}"}])
    services.chat.append_row(topic, role=Role.TOOL, content="r1", tool_call_id="p1", tool_name="a")
    last_parallel = services.chat.append_row(topic, role=Role.TOOL, content="r2", tool_call_id="p2", tool_name="b")
    services.chat.append_row(topic, role=Role.USER, content="u4 latest")
    services.chat.append_row(topic, role=Role.ASSISTANT, content="",
                          tool_calls=[{"id": "t9", "name": "slow", "arguments": "{}"}])  # no result yet
    summ.script(summary_reply("S"))
    out = compact(services, topic)
    assert out.cursor_message_id == last_parallel
    sent = summ_transcript(summ)
    assert "r1" in sent and "r2" in sent and "slow" not in sent and "u4 latest" not in sent


# --- token threshold before a send --------------------------------------------------------
def test_latest_user_message_over_the_high_watermark_is_sent_verbatim(
    services: Services, fake_vendor: FakeVendor, summ: FakeVendor
) -> None:
    """CMP-7/CMP-9/CMP-13: the message that crosses the high watermark triggers a pre-send
    compaction of the oldest turns; it is sent verbatim and never summarized."""
    topic = setup(services, fake_vendor, summ)
    add_turns(services, topic, 1, 10, size=100)  # ≈ 2,100 + 660 tool tokens of 4,000
    big = "NEW " + words("new", 700)
    summ.script(summary_reply("S: the first turns."))
    out = asyncio.run(services.chat.send(topic, big))
    assert out.status == "complete"
    assert len(summ.requests) == 1
    sent_to_summarizer = summ_transcript(summ)
    assert "NEW new" not in sent_to_summarizer and "u1 " in sent_to_summarizer
    body = fake_vendor.last_request.body
    assert body is not None
    msgs = body["messages"]
    assert msgs[-1] == {"role": "user", "content": big}  # type: ignore[index]
    assert "S: the first turns." in msgs[0]["content"]  # type: ignore[index]
    assert "<conversation_summary>" in msgs[0]["content"]  # type: ignore[index]
    assert "u1 " not in json.dumps(msgs[1:])
    view = services.compaction.summary(topic)  # type: ignore[union-attr]
    assert view.debug_log[-1]["trigger"] == "token_threshold"
    # the badge counts what send sent: the summary block and the cursor-sliced history
    est = services.estimates.estimate(topic, "")
    assert est.parts.get("summary", 0) > 0


def test_a_hung_summarizer_fails_after_the_deadline_and_send_works_again(
    services: Services, fake_vendor: FakeVendor, summ: FakeVendor, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CONTEXT_COMPACTION_SUMMARIZER_TIMEOUT_MS", "300")
    topic = setup(services, fake_vendor, summ)
    add_turns(services, topic, 1, 2)
    services.chat.append_row(topic, role=Role.USER, content="latest")
    summ.script(Reply(hang=True))
    out = compact(services, topic)
    assert out.status == "failed" and "did not answer within 0.3 s" in out.message
    assert not services.compaction.in_flight(topic)  # type: ignore[union-attr]
    assert state(services, topic) == ("", None)
    sent = asyncio.run(services.chat.send(topic, "still there?"))
    assert sent.status == "complete"


def test_stop_cancels_pre_send_compaction_and_leaves_no_summary(
    services: Services, fake_vendor: FakeVendor, summ: FakeVendor
) -> None:
    topic = setup(services, fake_vendor, summ)
    add_turns(services, topic, 1, 10, size=100)
    summ.script(Reply(hang=True))

    async def scenario() -> None:
        task = services.chat.start_send(topic, "NEW " + words("new", 500))
        for _ in range(200):
            if services.compaction.in_flight(topic) and summ.requests:  # type: ignore[union-attr]
                break
            await asyncio.sleep(0.01)
        assert services.chat.stop(topic)
        with pytest.raises(asyncio.CancelledError):
            await task

    asyncio.run(scenario())
    assert state(services, topic) == ("", None)
    assert not services.compaction.in_flight(topic)  # type: ignore[union-attr]
    assert services.topics.messages(topic)[-1].role == "user"  # no assistant placeholder
    assert not fake_vendor.requests  # the chat model was never asked


def test_quit_during_pre_send_compaction_leaves_an_interrupted_reply_to_retry(
    services: Services, fake_vendor: FakeVendor, summ: FakeVendor
) -> None:
    """walk37 #3: quitting while the pre-send compaction ran (50 s on a local model) left
    the user message unanswered with no marker. The reply row now stays ``interrupted``
    (as a reply cut by quit mid-stream, APP-8) and Retry asks for it; no summary is kept
    from the cancelled run (CMP-13)."""
    topic = setup(services, fake_vendor, summ)
    add_turns(services, topic, 1, 10, size=100)
    summ.script(Reply(hang=True))

    async def scenario() -> None:
        task = services.chat.start_send(topic, "NEW " + words("new", 500))
        for _ in range(500):
            if services.compaction.in_flight(topic) and summ.requests:  # type: ignore[union-attr]
                break
            await asyncio.sleep(0.01)
        await services.chat.shutdown()  # what quitting the app does
        assert task.cancelled()

    asyncio.run(scenario())
    assert state(services, topic) == ("", None)
    last = services.topics.messages(topic)[-1]
    assert last.role == "assistant" and last.status == "interrupted" and last.content == ""
    assert not fake_vendor.requests  # the chat model was never asked
    summ.clear_script()
    summ.script(summary_reply("turns 1 to 10"))
    fake_vendor.script(Reply(text_chunks=["answered now"]))
    out = asyncio.run(services.chat.retry(topic, last.id))
    assert out.status == "complete" and out.text == "answered now"
    assert services.topics.messages(topic)[-1].id == last.id


# --- successive runs and restart ------------------------------------------------------------
def test_two_successive_compactions_leave_no_gap_and_no_overlap(
    services: Services, fake_vendor: FakeVendor, summ: FakeVendor
) -> None:
    topic = setup(services, fake_vendor, summ)
    first = add_turns(services, topic, 1, 20)
    services.chat.append_row(topic, role=Role.USER, content="u21 " + words("u21", 5))
    services.chat.append_row(topic, role=Role.ASSISTANT, content="a21 " + words("a21", 5))
    # turn 21 is the latest user turn → protected; the first run covers turns 1–20
    summ.script(summary_reply("S1"))
    out1 = compact(services, topic)
    assert out1.cursor_message_id == first[-1]
    t1 = summ_transcript(summ)
    assert "u1 " in t1 and "a20 " in t1 and "u21 " not in t1
    second = add_turns(services, topic, 22, 35)
    services.chat.append_row(topic, role=Role.USER, content="u36 latest")
    summ.script(summary_reply("S2"))
    out2 = compact(services, topic)
    assert out2.cursor_message_id == second[-1]
    t2 = summ_transcript(summ)
    assert "S1" in t2  # merged into the existing summary
    assert "u21 " in t2 and "a35 " in t2 and "a20 " not in t2 and "u36" not in t2
    assert state(services, topic) == ("S2", second[-1])
    archives = services.compaction.summary(topic).archives  # type: ignore[union-attr]
    assert [a["excerpt"] for a in archives] == ["S1", "S2"]


def test_summary_and_cursor_survive_a_restart(
    tmp_path: Path, fake_vendor: FakeVendor, summ: FakeVendor
) -> None:
    url = f"sqlite:///{tmp_path / 'r.sqlite3'}"
    svc = open_services(url)
    try:
        topic = setup(svc, fake_vendor, summ)
        covered = add_turns(svc, topic, 1, 4)
        svc.chat.append_row(topic, role=Role.USER, content="latest question")
        summ.script(summary_reply("REMEMBERED SUMMARY"))
        assert compact(svc, topic).status == "compacted"
    finally:
        svc.close()
    svc = open_services(url)
    try:
        assert state(svc, topic) == ("REMEMBERED SUMMARY", covered[-1])
        asyncio.run(svc.chat.send(topic, "next"))
        body = fake_vendor.last_request.body
        assert body is not None
        msgs = body["messages"]
        assert "REMEMBERED SUMMARY" in msgs[0]["content"]  # type: ignore[index]
        contents = [m["content"] for m in msgs[1:]]  # type: ignore[index]
        assert contents[0] == "latest question" and not any(str(c).startswith("u1 ") for c in contents)
        assert len(svc.topics.messages(topic)) == 11  # raw history kept (CMP-2)
    finally:
        svc.close()


# --- overflow rescue ----------------------------------------------------------------------
def test_overflow_is_rescued_by_one_compaction_and_one_resend(
    services: Services, fake_vendor: FakeVendor, summ: FakeVendor
) -> None:
    """CMP-11: even with every routine switch off, the History Compress model compacts
    once and the message is resent once, rebuilt with the fresh summary."""
    topic = setup(services, fake_vendor, summ)
    services.assistants.update("Helper", auto_compact=False)
    add_turns(services, topic, 1, 6, size=25)
    fake_vendor.script(
        Reply(error_status=400, error_body=openai_error(
            "This model's maximum context length is 4000 tokens.", code="context_length_exceeded")),
        Reply(text_chunks=["fine now"]),
    )
    summ.script(summary_reply("RESCUE SUMMARY"))
    out = asyncio.run(services.chat.send(topic, "please answer"))
    assert out.status == "complete" and out.text == "fine now" and out.rescued
    assert len(fake_vendor.requests) == 2 and len(summ.requests) == 1
    resent = fake_vendor.requests[1].body
    assert resent is not None and "RESCUE SUMMARY" in resent["messages"][0]["content"]  # type: ignore[index]
    msgs = services.topics.messages(topic)
    assert msgs[-1].status == "complete" and not any(m.status == "error" for m in msgs)


def test_a_request_that_cannot_fit_is_rescued_before_it_is_posted(
    services: Services, fake_vendor: FakeVendor, summ: FakeVendor
) -> None:
    """CMP-11 ahead of the rejection: pre-send compaction stops after 3 batches (CMP-13);
    when what is left is still beyond the input budget ÷ 0.6 (no tokenizer difference
    can make it fit, REF-27), the one rescue compacts every eligible turn first and only
    the request that fits is posted."""
    topic = setup(services, fake_vendor, summ)
    add_turns(services, topic, 1, 200, size=30)  # ~25,000 tokens against a 4,000-token window
    before = services.estimates.estimate(topic, "and now?")
    assert before.total * 0.6 > before.input_budget
    summ.script(*[summary_reply(f"S{i}") for i in range(20)])
    fake_vendor.script(Reply(text_chunks=["fits"]))
    out = asyncio.run(services.chat.send(topic, "and now?"))
    assert out.status == "complete" and out.rescued
    assert len(fake_vendor.requests) == 1  # the oversized request was never posted
    posted = fake_vendor.requests[0].body
    assert posted is not None and len(posted["messages"]) <= 4  # type: ignore[arg-type]
    assert len(summ.requests) > 3  # more than the pre-send run's 3 batches


def test_overflow_is_retried_only_once(services: Services, fake_vendor: FakeVendor, summ: FakeVendor,
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """CMP-11: never more than one retry, even when a second rescue could reclaim more.
    After the first real rescue nothing is left to compact, so the rescue is replaced by
    one that always reports it reclaimed tokens: the send must still stop after one."""
    topic = setup(services, fake_vendor, summ)
    add_turns(services, topic, 1, 6, size=25)
    overflow = Reply(error_status=400, error_body=openai_error(
        "maximum context length exceeded", code="context_length_exceeded"))
    fake_vendor.script(overflow, overflow, overflow, overflow)
    summ.script(summary_reply("S"), summary_reply("S again"))
    comp = services.compaction
    assert comp is not None
    real_rescue = comp.rescue
    calls: list[int] = []

    async def always_reclaims(topic_id: int, like=None):  # type: ignore[no-untyped-def]
        calls.append(topic_id)
        out = await real_rescue(topic_id, like=like)
        if len(calls) == 1:
            assert out.status == "compacted"
            return out
        return replace(out, status="compacted", after_tokens=0)  # "a second rescue would work"

    monkeypatch.setattr(comp, "rescue", always_reclaims)
    out = asyncio.run(services.chat.send(topic, "please answer"))
    assert out.status == "error" and out.error_kind == "context_overflow"
    assert calls == [topic]  # one rescue per send
    assert len(fake_vendor.requests) == 2 and len(summ.requests) == 1


def test_empty_reply_at_the_ceiling_is_rescued(
    services: Services, fake_vendor: FakeVendor, summ: FakeVendor
) -> None:
    topic = setup(services, fake_vendor, summ)
    add_turns(services, topic, 1, 6, size=25)
    fake_vendor.script(Reply(text_chunks=[], usage=Usage(input_tokens=WINDOW, output_tokens=0)),
                       Reply(text_chunks=["ok"]))
    summ.script(summary_reply("S"))
    out = asyncio.run(services.chat.send(topic, "hello"))
    assert out.status == "complete" and out.rescued and len(summ.requests) == 1


def test_overflow_without_anything_to_compact_shows_the_error(
    services: Services, fake_vendor: FakeVendor, summ: FakeVendor
) -> None:
    topic = setup(services, fake_vendor, summ)
    fake_vendor.script(Reply(error_status=400, error_body=openai_error(
        "prompt is too long", code="context_length_exceeded")))
    out = asyncio.run(services.chat.send(topic, "first message"))
    assert out.status == "error" and out.error_kind == "context_overflow"
    assert not summ.requests


# --- manual Compact while one runs; edits; settings; CLI; debug ---------------------------
def test_a_second_compact_while_one_runs_is_refused(
    services: Services, fake_vendor: FakeVendor, summ: FakeVendor
) -> None:
    topic = setup(services, fake_vendor, summ)
    add_turns(services, topic, 1, 2)
    services.chat.append_row(topic, role=Role.USER, content="latest")
    summ.script(Reply(text_chunks=["<summary>slow</summary>"], delay_s=1.0))
    comp = services.compaction
    assert comp is not None

    async def scenario() -> None:
        first = asyncio.create_task(comp.compact(topic))
        for _ in range(3000):  # the run registers after its first store read (worker thread)
            if comp.in_flight(topic) or first.done():
                break
            await asyncio.sleep(0.01)
        assert comp.in_flight(topic)
        with pytest.raises(CompactionInProgress, match="already compacting"):
            await comp.compact(topic)
        assert (await first).status == "compacted"
        assert not comp.in_flight(topic)

    asyncio.run(scenario())


def test_editing_a_covered_message_clears_the_summary(
    services: Services, fake_vendor: FakeVendor, summ: FakeVendor
) -> None:
    topic = setup(services, fake_vendor, summ)
    ids = add_turns(services, topic, 1, 3)
    services.assistants.update("Helper", topic_snippets=True)
    services.chat.append_row(topic, role=Role.USER, content="latest")
    summ.script(summary_reply("S"))
    compact(services, topic)
    assert services.compaction.summary(topic).text == "S"  # type: ignore[union-attr]
    assert services.messages is not None
    services.messages.edit_message(ids[-1] + 1, "edited latest")  # not covered: kept
    assert state(services, topic) == ("S", ids[-1])
    services.messages.edit_message(ids[1], "changed answer")
    assert state(services, topic) == ("", None)
    assert services.compaction.summary(topic).archives == ()  # type: ignore[union-attr]
    summ.script(summary_reply("S rebuilt"))
    compact(services, topic)
    assert "changed answer" in summ_transcript(summ)
    services.messages.delete_message(ids[0])
    assert state(services, topic) == ("", None)


def test_history_limit_compacts_dropped_turns_before_the_send(
    services: Services, fake_vendor: FakeVendor, summ: FakeVendor
) -> None:
    """CMP-13: with Limit history + Summarize history on, turns the limit would drop are
    summarized before the send (message count trigger)."""
    topic = setup(services, fake_vendor, summ)
    services.assistants.update("Helper", history_limit_enabled=True, history_limit=4,
                               summarize_history=True)
    ids = add_turns(services, topic, 1, 5)
    summ.script(summary_reply("older turns"))
    asyncio.run(services.chat.send(topic, "new question"))
    view = services.compaction.summary(topic)  # type: ignore[union-attr]
    assert view.text == "older turns" and view.debug_log[-1]["trigger"] == "message_count"
    # the limit of 4 keeps the new turn plus turn 5's tail; turns 1–3 drop → summarized
    assert view.cursor_message_id in ids
    body = fake_vendor.last_request.body
    assert body is not None and "older turns" in body["messages"][0]["content"]  # type: ignore[index]


def test_pre_send_compaction_stops_after_exactly_3_batches(
    services: Services, fake_vendor: FakeVendor, summ: FakeVendor
) -> None:
    """CMP-13 / REF-20: 70 short turns under a history limit of 4 need 4 batches of at
    most 40 messages; the pre-send run does exactly 3 (120 messages), the cursor stops
    at the end of the third, and the rest waits for the next run."""
    topic = setup(services, fake_vendor, summ)
    services.assistants.update("Helper", history_limit_enabled=True, history_limit=4,
                               summarize_history=True, auto_compact=False)
    ids = add_turns(services, topic, 1, 70, size=2)
    summ.script(*[summary_reply(f"S{i}") for i in range(6)])
    out = asyncio.run(services.chat.send(topic, "new question"))
    assert out.status == "complete" and not out.rescued
    assert len(summ.requests) == 3
    view = services.compaction.summary(topic)  # type: ignore[union-attr]
    assert view.text == "S2" and view.debug_log[-1]["trigger"] == "message_count"
    assert view.cursor_message_id == ids[119]  # 3 batches × 40 messages


def test_unreachable_target_is_not_retried_on_an_unchanged_chat(
    services: Services, fake_vendor: FakeVendor, summ: FakeVendor
) -> None:
    """CMP-7/CMP-9: a protected turn above the low watermark → "could not reach the
    target"; REF-23: the send is blocked while usage stays at/above high; the same chat
    is not retried until it changes."""
    topic = setup(services, fake_vendor, summ)
    add_turns(services, topic, 1, 2)
    comp = services.compaction
    assert comp is not None
    summ.script(summary_reply("S"))
    sent = asyncio.run(services.chat.send(topic, "HUGE " + words("huge", 3400)))
    assert sent.status == "error" and sent.error_kind == "context_overflow"
    assert "high watermark" in (sent.error or "") and "could not reach the target" in (sent.error or "")
    assert not fake_vendor.requests  # blocked before the chat model was asked
    assert len(summ.requests) == 1  # turns 1–2 were summarized; the huge turn is protected
    log = comp.summary(topic).debug_log
    assert log[-1]["result"] == "unreachable"
    # what it did comes first, then why the target stays out of reach (walk39 #4)
    assert str(log[-1]["message"]).startswith("compacted 4 messages; the next request is still above the "
                                              "low watermark (")
    from chathub_desktop.gui.context.compaction_controller import outcome_text

    shown = outcome_text(SimpleNamespace(**{k: log[-1][k] for k in ("message", "before_tokens", "after_tokens")},
                                         status=log[-1]["result"], why=None))
    assert shown.startswith("Compacted 4 messages; the next request is still above the low watermark (")
    out = asyncio.run(comp.after_reply(topic))  # the error bubble is a change: re-armed
    assert out is not None and out.status == "unreachable"
    again = asyncio.run(comp.after_reply(topic))
    assert again is not None and again.reason == "unchanged"
    assert len(summ.requests) == 1


def test_circuit_breaker_pauses_automatic_runs(
    services: Services, fake_vendor: FakeVendor, summ: FakeVendor
) -> None:
    """NUM-8: three failures start a 5-minute cooldown that automatic runs respect."""
    topic = setup(services, fake_vendor, summ)
    comp = services.compaction
    assert comp is not None
    add_turns(services, topic, 1, 10, size=150)
    summ.script(*[Reply(error_status=500, error_body=openai_error("down", "server_error"))] * 3)
    for k in range(3):
        services.chat.append_row(topic, role=Role.USER, content=f"q{k}")
        out = asyncio.run(comp.after_reply(topic))
        assert out is not None and out.status == "failed"
    view = comp.summary(topic)
    assert view.failure_count == 3 and view.cooldown_until is not None
    services.chat.append_row(topic, role=Role.USER, content="q3")
    out = asyncio.run(comp.after_reply(topic))
    assert out is not None and out.reason == "cooldown"
    assert len(summ.requests) == 3
    summ.script(summary_reply("manual works"))
    assert compact(services, topic).status in ("compacted", "unreachable")  # manual ignores it


def test_default_summarizer_is_gpt5_mini_on_the_first_openai_provider(
    services: Services, fake_vendor: FakeVendor, summ: FakeVendor
) -> None:
    services.providers.add("Local", "openai_compatible", fake_vendor.base_url, api_key="k")
    services.assistants.create("A", provider="Local", model="local-llm")
    topic = services.topics.create("A").id
    add_turns(services, topic, 1, 2)
    services.chat.append_row(topic, role=Role.USER, content="latest")
    out = compact(services, topic)
    assert out.status == "failed" and "add an OpenAI provider" in out.message
    services.providers.add("OpenAI", "openai", summ.base_url, api_key="k2")
    summ.script(summary_reply("S"))
    out = compact(services, topic)
    assert out.status == "compacted" and out.model == "OpenAI/gpt-5-mini"
    assert summ.last_request.body["model"] == "gpt-5-mini"  # type: ignore[index]
    assert not fake_vendor.requests


def test_settings_and_chat_preference_are_validated(services: Services, fake_vendor: FakeVendor) -> None:
    services.providers.add("P", "openai", fake_vendor.base_url, api_key="k")
    with pytest.raises(InvalidInput, match="no provider named 'Nope'"):
        services.settings.set("history-compress-model", "Nope/gpt-5-mini")
    services.settings.set("history-compress-model", "P/gpt-5-mini")
    assert services.settings.get("history-compress-model") == "P/gpt-5-mini"
    services.assistants.create("A", provider="P", model="gpt-4o")
    for bad in ("1.5", "0.2", "-1"):  # refused, not silently clamped (REF-18 range)
        with pytest.raises(InvalidInput, match="between 0.50 and 0.99"):
            services.assistants.set_from_text("A", "high-watermark", bad)
    view = services.assistants.set_from_text("A", "high-watermark", "0.99")
    assert (view.high_watermark, view.low_watermark) == (0.99, 0.79)
    view = services.assistants.set_from_text("A", "high-watermark", "0.5")
    assert (view.high_watermark, view.low_watermark) == (0.5, 0.3)
    assert services.assistants.set_from_text("A", "compact-preset", "rich").compact_preset == "rich"
    with pytest.raises(InvalidInput, match="compact preset"):
        services.assistants.set_from_text("A", "compact-preset", "huge")
    assert services.assistants.set_from_text("A", "summarize-history", "on").summarize_history
    assert not services.assistants.set_from_text("A", "auto-compact", "off").auto_compact


def test_cli_topic_compact_and_summary(
    tmp_path: Path, fake_vendor: FakeVendor, summ: FakeVendor, capsys: pytest.CaptureFixture[str]
) -> None:
    from chathub_desktop.cli import main

    url = f"sqlite:///{tmp_path / 'cli.sqlite3'}"
    svc = open_services(url)
    try:
        topic = setup(svc, fake_vendor, summ)
        add_turns(svc, topic, 1, 3)
        svc.chat.append_row(topic, role=Role.USER, content="latest")
    finally:
        svc.close()
    summ.script(summary_reply("CLI SUMMARY"))
    assert main(["topic", "compact", str(topic), "--database-url", url]) == 0
    out = capsys.readouterr().out
    assert out.startswith("compacted 6 messages in 1 batch") and "→" in out and "input budget" in out
    assert main(["topic", "summary", str(topic), "--json", "--database-url", url]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["text"] == "CLI SUMMARY" and data["model"] == "Summ/gpt-5-mini"
    assert data["debug_log"][-1]["result"] == "compacted"
    assert main(["topic", "compact", str(topic), "--database-url", url]) == 0
    assert capsys.readouterr().out.startswith("nothing eligible:")
    assert main(["settings", "set", "history-compress-model", "Ghost/x", "--database-url", url]) == 1


def test_debug_switch_emits_planner_settled(
    services: Services, fake_vendor: FakeVendor, summ: FakeVendor,
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture,
) -> None:
    monkeypatch.setenv("CHATHUB_COMPACTION_DEBUG", "1")
    topic = setup(services, fake_vendor, summ)
    ids = add_turns(services, topic, 1, 2)
    services.chat.append_row(topic, role=Role.USER, content="latest")
    summ.script(summary_reply("S"))
    with caplog.at_level(logging.INFO, logger="chathub_desktop.compaction_debug"):
        compact(services, topic)
    events = [json.loads(r.getMessage()) for r in caplog.records if r.name == "chathub_desktop.compaction_debug"]
    assert events and events[-1]["event"] == "planner_settled"
    assert events[-1]["trigger"] == "manual" and events[-1]["status"] == "compacted"
    assert events[-1]["compactedThrough"] == ids[-1] and "ratio" in events[-1]
    entry = services.compaction.summary(topic).debug_log[-1]  # type: ignore[union-attr]
    assert {"trigger", "result", "high", "low", "before_tokens", "after_tokens",
            "compacted_through"} <= set(entry)


def test_only_regular_topics_compact(services: Services, fake_vendor: FakeVendor, summ: FakeVendor) -> None:
    """CMP-16: group/thread topics keep their raw history and get no summary."""
    from chathub_desktop.storage.models import Topic

    topic = setup(services, fake_vendor, summ)
    with services.db.write() as s:
        row = s.get(Topic, topic)
        assert row is not None
        row.kind = "group"
    with pytest.raises(InvalidInput, match="regular"):
        compact(services, topic)


def test_empty_topic_is_nothing_eligible_even_without_a_summarizer(services) -> None:  # type: ignore[no-untyped-def]
    """With nothing to summarize, Compact reports "nothing eligible" — a missing History
    Compress provider only matters when there is work for it (CMP-6)."""
    import asyncio as _asyncio

    services.providers.add("Local", "openai_compatible", "http://127.0.0.1:9/v1")
    services.assistants.create("E", provider="Local", model="gpt-4o")
    topic = services.topics.create("E").id
    out = _asyncio.run(services.compaction.compact(topic))
    assert out.status == "nothing_eligible"
    assert not out.message.startswith("nothing eligible")


def test_history_limit_keeps_whole_turns_and_loses_no_user_message(services, fake_vendor) -> None:  # type: ignore[no-untyped-def]
    """Found by a fresh-user trial: with Limit history 4 + Summarize history, every user
    message is either covered by the summary or sent, and a window never starts with an
    assistant reply whose question was cut off (CMP-10, CMP-13)."""
    import asyncio as _asyncio

    from tests.fakes.vendor_server import FakeVendor as _Fake

    with _Fake() as summ:
        services.providers.add("Chat", "openai", fake_vendor.base_url, api_key="k")
        services.providers.add("Summ", "openai", summ.base_url, api_key="k")
        services.settings.set("history-compress-model", "Summ/gpt-5-mini")
        services.assistants.create("L", provider="Chat", model="gpt-4o")
        services.assistants.set_from_text("L", "history-limit-enabled", "on")
        services.assistants.set_from_text("L", "history-limit", "4")
        services.assistants.set_from_text("L", "summarize-history", "on")
        topic = services.topics.create("L").id
        for i in range(1, 7):
            _asyncio.run(services.chat.send(topic, f"turn {i}: fact {i}"))
            body = fake_vendor.last_request.body
            msgs = [m for m in body["messages"] if m["role"] != "system"]  # type: ignore[index,union-attr]
            assert msgs[0]["role"] == "user", f"turn {i}: window starts with {msgs[0]['role']}"
            state = services.compaction.summary(topic)
            covered = {m.id for m in services.topics.messages(topic) if state.cursor_message_id is not None and m.id <= state.cursor_message_id}
            sent = {m["content"] for m in msgs}
            for m in services.topics.messages(topic):
                if m.role == "user":
                    assert m.id in covered or m.content in sent, f"turn {i}: {m.content!r} was lost"
