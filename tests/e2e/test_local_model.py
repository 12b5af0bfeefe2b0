"""APP-1 / REF-22 / CMP-11 end to end: our OpenAI-compatible client against a real local
model (llama.cpp server from ``xllamacpp`` serving SmolLM2-135M with a 2048-token window).

Proves the plumbing, not quality (PLATFORM.md): streaming, usage, Stop closing the
connection, and the real window's overflow error classified CONTEXT_OVERFLOW.
Skipped when the model or xllamacpp is missing, unless ``CHATHUB_REQUIRE_E2E`` is set
(CI sets it to 1), in which case absence fails.
"""

from __future__ import annotations

import asyncio
import time
from contextlib import aclosing

import pytest

from chathub_desktop.core.messages import ChatMessage, Role
from chathub_desktop.core.provider_kinds import ProviderKind
from chathub_desktop.providers.base import (
    ChatRequest,
    ErrorKind,
    FinishEvent,
    ProviderError,
    TextDelta,
    UsageEvent,
)
from chathub_desktop.providers.catalog import ModelCatalog
from chathub_desktop.providers.factory import make_client
from chathub_desktop.services.dream.dream_reasons import DreamReason
from chathub_desktop.services.errors import InvalidInput
from tests.e2e.local_model import MODEL_ALIAS, N_CTX, LocalModelServer, wait_idle

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(60)]

KIND = ProviderKind.OPENAI_COMPATIBLE


def _request(text: str, max_tokens: int | None = 48, **extra: object) -> ChatRequest:
    return ChatRequest(
        model=MODEL_ALIAS,
        messages=(
            ChatMessage(Role.SYSTEM, "You are a helpful assistant."),
            ChatMessage(Role.USER, text),
        ),
        max_tokens=max_tokens,
        temperature=0.0,
        extra=dict(extra),
    )


async def _collect(base_url: str, request: ChatRequest) -> list[object]:
    client = make_client(KIND, base_url, None, timeout_s=30)
    events: list[object] = []
    try:
        async with aclosing(client.stream(request)) as stream:
            async for event in stream:
                events.append(event)
    finally:
        await client.aclose()
    return events


def test_streams_several_deltas_and_reports_usage(local_model: LocalModelServer) -> None:
    events = asyncio.run(
        _collect(local_model.base_url, _request("List five colours, one per line."))
    )
    deltas = [e for e in events if isinstance(e, TextDelta)]
    assert len(deltas) >= 3, events
    assert "".join(d.text for d in deltas).strip()
    assert isinstance(events[-1], FinishEvent)
    assert events[-1].finish_reason in ("stop", "length")
    finish_at = len(events) - 1
    assert all(events.index(d) < finish_at for d in deltas)
    usage = [e.usage for e in events if isinstance(e, UsageEvent)]
    assert len(usage) == 1
    assert usage[0].input_tokens is not None and usage[0].input_tokens > 0
    assert usage[0].output_tokens is not None and usage[0].output_tokens > 0


def test_test_connection_reads_the_window_the_real_server_serves(local_model: LocalModelServer, services) -> None:  # type: ignore[no-untyped-def]
    """Issue 28: Test connection against the real llama.cpp server takes the window it
    serves (``/props``: 2048) for its model, and that is the card's window."""
    from chathub_desktop.core.model_cards import WindowSource

    p = services.providers.add("Local", "openai_compatible", local_model.base_url)
    result = asyncio.run(services.provider_models.test(p.id))
    assert result.ok and result.windows == ((MODEL_ALIAS, N_CTX),), result
    card = services.provider_models.card(p.id, MODEL_ALIAS)
    assert card.context_window == N_CTX and card.window_source is WindowSource.PROVIDER


def test_the_real_server_without_tool_support_is_offered_no_tools(local_model: LocalModelServer, services) -> None:  # type: ignore[no-untyped-def]
    """Walkthrough F3: SmolLM2's chat template takes no tools (``/props``
    ``chat_template_caps.supports_tools: false``), so Test connection keeps that and the
    plan offers none: Tools 0 on the badge, the memory block still sent, and the reply's
    receipt says why."""
    from chathub_desktop.core.context_receipt import TOOLS_WITHHELD_NOTE, receipt_lines

    p = services.providers.add("Local", "openai_compatible", local_model.base_url)
    result = asyncio.run(services.provider_models.test(p.id))
    assert result.ok and result.no_tools == (MODEL_ALIAS,), result
    services.assistants.create("Small", provider="Local", model=MODEL_ALIAS, instructions="Be brief.",
                               max_tokens=8, max_tokens_enabled=True)
    services.memory.add("Small", "The user's name is Ada.")
    topic = services.topics.create("Small").id
    badge = services.estimates.estimate(topic, "Hi.")
    assert badge.parts.get("tools", 0) == 0 and badge.parts["memory"] > 0 and badge.tools_withheld
    out = asyncio.run(services.chat.send(topic, "Hi."))
    assert out.status == "complete" and out.receipt is not None, out
    assert out.receipt["tools"] == [] and "Tools: " + TOOLS_WITHHELD_NOTE in receipt_lines(out.receipt)


def test_stop_mid_stream_closes_the_connection(local_model: LocalModelServer) -> None:
    """ignore_eos + 1000 tokens: left alone the server keeps writing for (1000 − got) ×
    its time per token. The time per token is measured in this run (between the first
    and the third delta), so a slot going idle within a quarter of what was left proves
    the server saw the connection close, on an idle or a loaded machine (issue 28)."""
    request = _request(
        "Tell me a very long story about a dragon.", max_tokens=1000, ignore_eos=True
    )

    async def main() -> tuple[int, float, bool, float, float, float]:
        client = make_client(KIND, local_model.base_url, None, timeout_s=30)
        arrivals: list[float] = []
        three = asyncio.Event()

        async def consume() -> None:
            async with aclosing(client.stream(request)) as stream:
                async for event in stream:
                    if isinstance(event, TextDelta):
                        arrivals.append(time.monotonic())
                        if len(arrivals) >= 3:
                            three.set()

        task = asyncio.create_task(consume())
        try:
            await asyncio.wait_for(three.wait(), timeout=40)
            generating_before = await asyncio.to_thread(local_model.is_generating)
            per_token = (arrivals[2] - arrivals[0]) / 2
            left_alone = (1000 - len(arrivals)) * per_token  # seconds it would keep writing
            started = time.monotonic()
            task.cancel()
            with pytest.raises(asyncio.CancelledError):
                await asyncio.wait_for(task, timeout=5)
            cancel_took = time.monotonic() - started
            idle_after = -1.0
            while time.monotonic() - started < min(left_alone / 2, 40.0):
                if not await asyncio.to_thread(local_model.is_generating):
                    idle_after = time.monotonic() - started
                    break
                await asyncio.sleep(0.05)
            return len(arrivals), cancel_took, generating_before, idle_after, left_alone, per_token
        finally:
            await client.aclose()

    got, cancel_took, generating_before, idle_after, left_alone, per_token = asyncio.run(main())
    assert got >= 3
    assert generating_before, "the server was not generating when we pressed Stop"
    # Stop returns within a second, or within 20 of this run's tokens when a loaded
    # machine makes a token slower than 50 ms (issue 28: no fixed seconds alone)
    assert cancel_took < max(1.0, 20 * per_token), (cancel_took, per_token)
    assert 0 <= idle_after < left_alone / 4, (
        f"the server kept generating after Stop (idle after {idle_after:.2f} s; left alone it would "
        f"have written for {left_alone:.1f} s more)")
    # and the next request still works
    events = asyncio.run(_collect(local_model.base_url, _request("Say hi.", max_tokens=8)))
    assert any(isinstance(e, TextDelta) for e in events)
    assert isinstance(events[-1], FinishEvent)


def test_prompt_over_the_2048_window_is_context_overflow(local_model: LocalModelServer) -> None:
    assert [slot["n_ctx"] for slot in local_model.slots()] == [N_CTX]
    assert ModelCatalog.load().card(MODEL_ALIAS, KIND, local_model.base_url).context_window == N_CTX
    too_long = "hello world " * 1600  # ≈ 3,200 tokens for SmolLM2's tokenizer
    with pytest.raises(ProviderError) as info:
        asyncio.run(_collect(local_model.base_url, _request(too_long)))
    error = info.value
    # llama.cpp: HTTP 400 {"error": {"code": 400, "message": "request (N tokens) exceeds
    # the available context size (2048 tokens), try increasing it",
    # "type": "exceed_context_size_error", ...}}
    assert error.kind is ErrorKind.CONTEXT_OVERFLOW, error
    assert error.status == 400
    assert "exceeds the available context size" in error.message
    assert "2048" in error.message


@pytest.mark.timeout(600)  # a hang guard only: the waits below scale with this run's own first reply
def test_app_send_path_streams_stores_usage_and_stops(local_model: LocalModelServer, services) -> None:  # type: ignore[no-untyped-def]
    """The same ChatService the window uses, against the real model: a streamed reply is
    stored with the usage llama.cpp reported; Stop keeps what arrived; a prompt over the
    real 2048-token window becomes an error bubble, and history is kept (APP-1, APP-8).
    Replies are capped at 256 tokens; the waits are multiples of the first reply's time
    (the baseline of this run, issue 28), not fixed seconds."""
    from chathub_desktop.services.events import ReplyDelta

    services.providers.add("Local", "openai_compatible", local_model.base_url)
    services.assistants.create("Small", provider="Local", model=MODEL_ALIAS, instructions="Be brief.",
                               max_tokens=256, max_tokens_enabled=True)
    topic = services.topics.create("Small").id
    deltas: list[str] = []
    services.bus.subscribe(lambda e: deltas.append(e.text) if isinstance(e, ReplyDelta) else None)

    started = time.monotonic()
    out = asyncio.run(services.chat.send(topic, "Name three colours."))
    baseline = max(time.monotonic() - started, 0.5)  # one short reply on this machine, now
    assert out.status == "complete" and out.text.strip()
    assert len(deltas) > 1 and "".join(deltas) == out.text
    reply = services.topics.messages(topic)[-1]
    assert reply.input_tokens and reply.input_tokens > 0
    assert reply.output_tokens and reply.output_tokens > 0
    assert services.catalog.card(MODEL_ALIAS, KIND).context_window == N_CTX

    async def stop_mid_reply() -> None:
        first = asyncio.Event()
        services.bus.subscribe(lambda e: first.set() if isinstance(e, ReplyDelta) else None)
        task = services.chat.start_send(topic, "Write a very long story about a lighthouse keeper.")
        await asyncio.wait_for(first.wait(), 10 * baseline)
        services.chat.stop(topic)
        with pytest.raises(asyncio.CancelledError):
            await task

    asyncio.run(stop_mid_reply())
    stopped = services.topics.messages(topic)[-1]
    assert stopped.status == "cancelled" and stopped.content
    wait_idle(local_model, 10 * baseline)  # the one slot may still be winding the stopped reply down

    before = [m.content for m in services.topics.messages(topic)]
    with pytest.raises(InvalidInput, match="longer than the model's context window"):
        asyncio.run(services.chat.send(topic, "lighthouse " * 3000))  # refused before it is stored
    assert [m.content for m in services.topics.messages(topic)] == before
    # a card that overstates the window lets it through: the server's own limit answers
    services.models.set(MODEL_ALIAS, 16_384, provider="Local")
    out = asyncio.run(services.chat.send(topic, "lighthouse " * 3000))
    assert out.status == "error" and out.error_kind == "context_overflow"
    assert "context" in (out.error or "")
    contents = [m.content for m in services.topics.messages(topic)]
    assert contents[0] == "Name three colours."


#: What a 135M model's botched card is refused for, in one line, writing nothing: its prompt written
#: back (walk40 #1), one line over and over (walk42 #2), or a ramble to its token limit with no
#: complete line (stop 42's CI: 512 tokens without a line break), or chat with its reader instead
#: of a card (walk45 #6: "I have nothing to edit or improve. Please go ahead and share…"), or a card
#: that mostly repeats itself (walk50 #2).
MODEL_QUALITY_REFUSALS = (DreamReason.ECHOED_PROMPT, DreamReason.REPEATS_ITSELF, DreamReason.CUT_AT_OUTPUT_CAP,
                          DreamReason.CUT_AT_WINDOW, DreamReason.CHATTED, DreamReason.DEGENERATE)


#: walk39's first day with SmolLM2 (its replies shortened): the day its dream failed twice.
WALK39_DAY = [
    (Role.USER, "Hi! I'm planning a weekend trip to Lisbon. Can you suggest three things to do?"),
    (Role.ASSISTANT, "Certainly! Here are three exciting things to do in Lisbon:\n\n1. Visit the Lisbon Cathedral: "
                       "This stunning Gothic church is a must-see.\n2. Ride tram 28 through Alfama.\n3. Watch the "
                       "sunset from the Miradouro da Senhora do Monte."),
    (Role.USER, "I prefer short answers as bullet lists, please. What should I eat there?"),
    (Role.ASSISTANT, "- Pastéis de nata\n- Grilled sardines\n- Bacalhau à Brás\n- Bifana"),
    (Role.USER, "Great. How do I get from the airport to the city centre?"),
    (Role.ASSISTANT, "Take the red metro line from the airport and change at Alameda, or the Aerobus to the centre."),
]


@pytest.mark.timeout(600)  # a hang guard: one real-model answer took 65 s with the other core busy
def test_a_dream_with_the_real_model_as_history_compress_model(local_model: LocalModelServer, services,  # type: ignore[no-untyped-def]
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """The memory dream end to end (DRM-3, issue 28): a topic chatted today is dreamt "the
    next day" (the dream's clock moved on a day, as walk39 did with faketime) with the
    real SmolLM2 as History Compress model, asked over HTTP: a dated card results. A
    135M model rambles to its token limit (walk39 got "stopped at its token limit" twice
    and no card); the card then keeps its complete lines. The card call is capped at 192
    tokens here so that the limit is reached on most runs, and soon (at 96, one run of the suite
    failed with no line complete). The topic itself is
    unchanged (DRM-16). Checks the mechanism, not the card's quality."""
    from datetime import UTC, datetime, timedelta

    from chathub_desktop.core import dream_prompt
    from chathub_desktop.services.dream.dream_service import DreamService

    monkeypatch.setattr(dream_prompt, "CARD_MAX_TOKENS", 192)

    services.providers.add("Local", "openai_compatible", local_model.base_url)
    services.settings.set("history-compress-model", f"Local/{MODEL_ALIAS}")
    services.assistants.create("Small", provider="Local", model=MODEL_ALIAS)
    topic = services.topics.create("Small", title="Lisbon").id
    now = datetime.now(UTC)
    start = datetime.combine(now.date(), datetime.min.time(), tzinfo=UTC) + timedelta(minutes=1)  # today, UTC
    for i, (role, text) in enumerate(WALK39_DAY):
        services.chat.append_row(topic, role=role, content=text, created_at=start + timedelta(seconds=i))
    before = [(m.id, m.content) for m in services.topics.messages(topic)]
    tomorrow = datetime.combine(now.date() + timedelta(days=1), datetime.min.time(), tzinfo=UTC) + timedelta(hours=9)
    dreams = DreamService(services.db, services.bus, services.providers, services.catalog, services.settings,
                          clock=lambda: tomorrow)
    out = asyncio.run(dreams.run_day("Small", now.date()))
    cards = dreams.cards("Small")
    if out.why is not None and out.why.template in MODEL_QUALITY_REFUSALS:
        # issue 28 (walk40 #1): about 1 run in 5 the 135M model answers with the prompt's own
        # rules and headings, or one line over and over (walk42 #2); that is refused in one
        # line and nothing is written
        assert cards == [], out.message
    else:
        assert out.status == "appended", out.message  # "… its unfinished last line was left out" when cut
        assert [c.tag for c in cards] == [now.date().isoformat()] and cards[0].text.strip()
    assert [(m.id, m.content) for m in services.topics.messages(topic)] == before


@pytest.mark.timeout(600)  # ~1,000 prompt tokens and up to 192 answer tokens: minutes on 2 loaded cores
def test_a_dream_over_30_long_summaries_fits_the_real_2048_token_window(local_model: LocalModelServer, services,  # type: ignore[no-untyped-def]
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 11 / DRM-3: 30 topics active yesterday, each with a 12,000-character
    compaction summary, dream with the real SmolLM2 (2,048 tokens) as History Compress
    model: the prompt is bounded by that window, so the run completes without a context
    error, and the outcome says how many topics were left out. The prompt's budget is
    half the window whatever the card's answer budget; the card call is capped at 192
    tokens as in the test above (issue 28: the 135M model rambled to 512 tokens, 15 s of
    the suite's CPU, a minute with the other core busy, for what this test checks)."""
    from datetime import UTC, datetime, timedelta

    from chathub_desktop.core import dream_prompt
    from chathub_desktop.services.compaction.summarizer import TIMEOUT_ENV
    from chathub_desktop.storage.models import TopicCompaction

    assert dream_prompt.dream_budget(N_CTX).prompt_tokens == N_CTX // 2  # what the cap below leaves alone
    monkeypatch.setattr(dream_prompt, "CARD_MAX_TOKENS", 192)
    monkeypatch.setenv(TIMEOUT_ENV, "570000")  # a loaded machine generates slowly; this is not about speed
    services.providers.add("Local", "openai_compatible", local_model.base_url)
    services.settings.set("history-compress-model", f"Local/{MODEL_ALIAS}")
    services.assistants.create("Small", provider="Local", model=MODEL_ALIAS)
    day = datetime.now(UTC).date() - timedelta(days=1)
    at = datetime.combine(day, datetime.min.time(), tzinfo=UTC) + timedelta(hours=9)
    line = "The user wants short answers, British spelling and code before the explanation. "
    for i in range(30):
        topic = services.topics.create("Small", title=f"Project {i}").id
        services.chat.append_row(topic, role=Role.USER, content=f"Question {i}", created_at=at + timedelta(minutes=i))
        with services.db.write() as s:
            s.add(TopicCompaction(topic_id=topic, summary=(f"Topic {i}. " + line * 160)[:12_000]))
    out = asyncio.run(services.dreams.run_day("Small", day))
    assert "context window" not in out.message and "context size" not in out.message, out.message
    # a 135M model may ramble to its limit: its complete lines are the card (issue 28)
    if out.why is not None and out.why.template in MODEL_QUALITY_REFUSALS:  # walk40 #1, walk42 #2
        return  # the server took the prompt (no context error above); the botched card was refused
    assert out.status in ("appended", "nothing", "duplicate"), out.message
    assert out.topics_left_out > 0
    assert f"{out.topics_left_out} of 30 topics were left out" in out.message
    assert f"to fit the History Compress model's {N_CTX:,}-token window" in out.message


@pytest.mark.timeout(1800)  # two 128-token summaries (≤ 600 s each, below): seconds idle, many minutes busy
def test_the_real_2048_token_model_as_history_compress_model_compacts_in_batches_within_its_window(
        local_model: LocalModelServer, services, caplog: pytest.LogCaptureFixture,  # type: ignore[no-untyped-def]
        monkeypatch: pytest.MonkeyPatch) -> None:
    """CMP-4 / CMP-5 end to end (issues 17, 24): with SmolLM2's real 2,048-token window as
    the History Compress model, the turns a history limit of 4 drops are compacted before
    the send in 2 batches, the second reading the first's summary back — every
    summarizer request within 90% of the window by our count, no context error from the
    server, a summary cut at its cap kept as a summary — and the send goes out
    below the high watermark (0.8). Two batches, not a topic ten times the window: each
    batch is the 135M model writing to its cap, and the three-batch limit of a
    send (CMP-13) is the planner's, checked with a fake summarizer in
    tests/integration/test_compaction.py::test_pre_send_compaction_stops_after_exactly_3_batches
    (issue 28: the suite on a loaded 2-core machine). The summary cap is 128 tokens here,
    a sixteenth of the window instead of CMP-4's eighth (256): the model rambles to its
    cap, and 2 × 256 tokens were most of the suite's longest test (29 s of CPU with the
    other core busy); the batch budget follows the cap (576 tokens instead of 448), and
    the dropped turns still fill more than one batch and at most two (asserted below)."""
    import logging

    from chathub_desktop.core import compaction as cc
    from chathub_desktop.tokens.counter import TokenCounter

    monkeypatch.setattr(cc, "SUMMARY_WINDOW_SHARE", 1 / 16)
    assert cc.summarizer_budget(N_CTX, cc.summary_cap(None)).cap == 128

    # a loaded CI machine runs SmolLM2 at a few tokens per second: no deadline failure
    monkeypatch.setenv("CONTEXT_COMPACTION_SUMMARIZER_TIMEOUT_MS", "600000")

    services.providers.add("Local", "openai_compatible", local_model.base_url)
    services.settings.set("history-compress-model", f"Local/{MODEL_ALIAS}")
    services.assistants.create("Small", provider="Local", model=MODEL_ALIAS, instructions="Be brief.")
    services.assistants.update("Small", history_limit_enabled=True, history_limit=4, summarize_history=True,
                               max_tokens=24, max_tokens_enabled=True)
    topic = services.topics.create("Small").id
    colours = ["red", "green", "blue", "amber", "violet", "teal"]
    for k in range(7):  # ~135 tokens a turn: the 5-6 turns the limit drops fill two 576-token batches
        c = colours[k % len(colours)]
        services.chat.append_row(topic, role=Role.USER, content=f"Note {k}: the {c} train leaves platform {k} at "
                              f"{k % 24:02d}:15. " + "Please remember the timetable details. " * 6)
        services.chat.append_row(topic, role=Role.ASSISTANT, content=f"Noted: the {c} train, platform {k}, "
                              f"{k % 24:02d}:15. " + "I will keep the timetable in mind. " * 8)
    counter = TokenCounter.for_model(MODEL_ALIAS)
    turns = [counter.count(m.content) for m in services.topics.messages(topic)]
    batch = cc.summarizer_budget(N_CTX, cc.summary_cap(None)).batch
    # the 5 (or 6) turns the limit drops fill more than one batch and at most two
    assert batch < sum(turns[:10]) and sum(turns[:12]) < 2 * batch, (turns, batch)
    caplog.set_level(logging.INFO, logger="chathub_desktop.services")
    out = asyncio.run(services.chat.send(topic, "Which platform does the red train use? One short sentence."))
    assert out.status == "complete", out.error
    assert out.error_kind != "context_overflow"
    requests = [r.message for r in caplog.records if "summarizer request to Local/" in r.message]
    batches = [r.message for r in caplog.records if "batch " in r.message and "compaction of topic" in r.message]
    assert requests and batches, "no summarizer batch was sent"
    for line in requests:  # "... N prompt tokens (local count) + M completion tokens, window 2048"
        prompt = int(line.split(": ", 1)[1].split(" prompt", 1)[0])
        completion = int(line.split(" + ", 1)[1].split(" completion", 1)[0])
        assert prompt + completion <= 0.9 * N_CTX, line
    log = services.compaction.summary(topic).debug_log
    run = next(e for e in log if e["trigger"] == "message_count")
    print("message-count compaction before the send:", run["result"], "-", run["message"])
    # a 135M model rambles to its 256-token cap: a cut summary is still a summary (CMP-5)
    assert run["result"] == "compacted", run
    assert run["batches"] == 2, run
    assert "context window" not in str(run["message"]), run
    view = services.compaction.summary(topic)
    assert view.text.strip() and view.cursor_message_id is not None
    est = services.estimates.estimate(topic)
    print(f"next request after the compaction: {est.total:,} of {est.input_budget:,} input tokens")
    assert est.total < 0.8 * est.input_budget


@pytest.mark.timeout(300)  # the autouse idle wait (≤ 60 s) and one capped reply on a loaded machine
def test_an_image_message_reaches_the_real_server_in_its_wire_shape(local_model: LocalModelServer, services) -> None:  # type: ignore[no-untyped-def]
    """Issue 14 against the real llama.cpp server. SmolLM2 is text-only and llama.cpp
    refuses image parts for a model without a vision projector (mmproj) instead of
    ignoring them; that refusal ("image input is not supported") comes only after it
    parsed our OpenAI content parts and recognized the ``image_url`` part — a wrong shape
    is refused as an unsupported content type. So: the image message is stored with its
    image and the server's refusal is the reply's one-line error; a text file, inlined,
    is answered (HTTP 200, a reply stored)."""
    from tests.fakes.images import png

    services.providers.add("Local", "openai_compatible", local_model.base_url)
    services.assistants.create("Small", provider="Local", model=MODEL_ALIAS, instructions="Be brief.")
    topic = services.topics.create("Small").id
    # REF-29 counts an image for an unknown model as 8,192 tokens, over this 2,048-token
    # window: it is refused with the figure, so the test gives the model a larger card
    with pytest.raises(InvalidInput, match=r"^dot.png is ~8,192 tokens; this model's input budget is 2,048$"):
        services.attachments.prepare(topic, "dot.png", png(16, 16))
    services.models.set(MODEL_ALIAS, 16_384)
    # a 135M model answers "which colours…" for hundreds of tokens: minutes on a busy machine
    services.assistants.update("Small", max_tokens=24, max_tokens_enabled=True)
    image = services.attachments.prepare(topic, "dot.png", png(16, 16))
    out = asyncio.run(services.chat.send(topic, "What colour is this image?", (image,)))
    assert out.status == "error" and "image input is not supported" in (out.error or ""), out.error
    assert "unsupported content" not in (out.error or "")
    user = services.topics.messages(topic)[-2]
    assert [a["kind"] for a in user.attachments] == ["image"]
    # the refused image turn stays in the topic; a new topic asks with a text file only
    topic = services.topics.create("Small").id
    notes = services.attachments.prepare(topic, "colours.txt", b"red\ngreen\n")
    out = asyncio.run(services.chat.send(topic, "Which colours are in the file?", (notes,)))
    assert out.status == "complete", out.error
    assert out.text.strip()
    user, reply = services.topics.messages(topic)[-2:]
    assert [a["name"] for a in user.attachments] == ["colours.txt"]
    assert reply.role == "assistant" and reply.status == "complete" and reply.input_tokens
