"""Sending through the services against a real HTTP vendor on 127.0.0.1 (APP-1, APP-2, APP-8, APP-10)."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from chathub_desktop.core.messages import MessageStatus, Role, ToolCall, ToolSpec, Usage
from chathub_desktop.services.container import Services, open_services
from chathub_desktop.services.errors import InvalidInput
from chathub_desktop.services.events import ChatEvent, MessageAdded, ReplyDelta, ReplyFinished
from chathub_desktop.storage.models import Message
from tests.fakes.memory_keyring import MemoryKeyring
from tests.fakes.vendor_server import FakeVendor, Reply, openai_error

SECRET = "sk-test-SECRET-value-123"


def setup_chat(svc: Services, vendor: FakeVendor, kind: str = "openai", model: str = "gpt-4o") -> int:
    svc.providers.add("Fake", kind, vendor.base_url, api_key=SECRET)
    svc.assistants.create("Helper", provider="Fake", model=model, instructions="Be brief.")
    return svc.topics.create("Helper").id


def collect(svc: Services) -> list[ChatEvent]:
    events: list[ChatEvent] = []
    svc.bus.subscribe(events.append)
    return events


@pytest.mark.parametrize(
    ("kind", "path"),
    [("openai", "/v1/chat/completions"), ("openai_responses", "/v1/responses"),
     ("anthropic", "/v1/messages")],
)
def test_send_streams_and_stores_reply_with_usage(
    services: Services, fake_vendor: FakeVendor, kind: str, path: str
) -> None:
    """APP-1: the reply streams in several deltas (50 ms apart: deltas closer than
    ``STREAM_SLICE_S`` are published as one, stream50); usage incl. cached and
    cache-write is stored."""
    topic = setup_chat(services, fake_vendor, kind)
    fake_vendor.script(Reply(
        text_chunks=["Hel", "lo", " there", "!"], chunk_delay_s=0.05,
        usage=Usage(input_tokens=1200, output_tokens=4, cached_tokens=1000, cache_write_tokens=100),
    ))
    events = collect(services)
    out = asyncio.run(services.chat.send(topic, "Say hello"))
    assert out.status == "complete" and out.text == "Hello there!"
    deltas = [e.text for e in events if isinstance(e, ReplyDelta)]
    assert deltas == ["Hel", "lo", " there", "!"]
    assert fake_vendor.last_request.path == path
    msgs = services.topics.messages(topic)
    assert [(m.role, m.content) for m in msgs] == [("user", "Say hello"), ("assistant", "Hello there!")]
    reply = msgs[1]
    assert (reply.input_tokens, reply.output_tokens, reply.cached_tokens) == (1200, 4, 1000)
    if kind == "anthropic":
        assert reply.cache_write_tokens == 100
    assert isinstance(events[-1], ReplyFinished) and events[-1].status == "complete"


@pytest.mark.parametrize("kind", ["openai", "openai_responses", "anthropic"])
def test_a_surrogate_pair_split_over_two_deltas_is_one_character_and_the_reply_is_kept(
    services: Services, fake_vendor: FakeVendor, kind: str
) -> None:
    """APP-3: a vendor counting in UTF-16 may split an emoji over two deltas (each valid
    JSON); the reply is stored whole with the emoji, and a lone surrogate becomes U+FFFD
    instead of losing the reply."""
    topic = setup_chat(services, fake_vendor, kind)
    fake_vendor.script(Reply(text_chunks=["smile \ud83d", "\ude00 done, bad \udc00 one"]))
    events = collect(services)
    out = asyncio.run(services.chat.send(topic, "emoji please"))
    assert out.status == "complete"
    assert services.topics.messages(topic)[1].content == "smile \U0001f600 done, bad \ufffd one"
    assert "".join(e.text for e in events if isinstance(e, ReplyDelta)) == "smile \U0001f600 done, bad \ufffd one"


def test_request_carries_instructions_template_history_and_the_key(
    services: Services, fake_vendor: FakeVendor
) -> None:
    """APP-9: instructions as system role; the input template wraps every user message;
    max tokens sent only when its switch is on (CMP-8)."""
    topic = setup_chat(services, fake_vendor)
    services.assistants.update("Helper", input_template="Answer: {{text}}", max_tokens=77)
    asyncio.run(services.chat.send(topic, "first"))
    asyncio.run(services.chat.send(topic, "second"))
    req = fake_vendor.last_request
    assert req.headers["authorization"] == f"Bearer {SECRET}"
    body = req.body
    assert body is not None
    msgs = body["messages"]
    assert msgs[0] == {"role": "system", "content": "Be brief."}
    users = [m["content"] for m in msgs if m["role"] == "user"]
    assert users == ["Answer: first", "Answer: second"]
    assert "max_tokens" not in body and "max_completion_tokens" not in body
    services.assistants.update("Helper", max_tokens_enabled=True)
    asyncio.run(services.chat.send(topic, "third"))
    body = fake_vendor.last_request.body
    assert body is not None
    assert body.get("max_tokens", body.get("max_completion_tokens")) == 77


def test_key_never_reaches_the_database(
    tmp_path: Path, fake_vendor: FakeVendor, isolated_env: MemoryKeyring
) -> None:
    """APP-2: the key lives in the keyring; the SQLite file never contains it."""
    db_file = tmp_path / "k.sqlite3"
    svc = open_services(f"sqlite:///{db_file}")
    try:
        topic = setup_chat(svc, fake_vendor)
        asyncio.run(svc.chat.send(topic, "hi"))
    finally:
        svc.close()
    assert ("chathub-desktop", "provider:Fake") in isolated_env.passwords
    for f in tmp_path.glob("k.sqlite3*"):
        assert SECRET.encode() not in f.read_bytes()


def test_key_from_environment_variable(
    services: Services, fake_vendor: FakeVendor, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FAKE_KEY", "sk-env-456")
    services.providers.add("Env", "openai_compatible", fake_vendor.base_url, api_key_env="FAKE_KEY")
    services.assistants.create("A", provider="Env", model="llama3")
    topic = services.topics.create("A").id
    asyncio.run(services.chat.send(topic, "hi"))
    assert fake_vendor.last_request.headers["authorization"] == "Bearer sk-env-456"
    monkeypatch.delenv("FAKE_KEY")
    with pytest.raises(InvalidInput, match="FAKE_KEY is not set"):
        asyncio.run(services.chat.send(topic, "again"))
    assert services.topics.message_count(topic) == 2  # nothing stored for the refused send


def test_unusable_keyring_is_reported_not_silently_replaced(
    services: Services, monkeypatch: pytest.MonkeyPatch
) -> None:
    """APP-2: with no keyring backend, storing a key fails with a reason; nothing is stored."""
    import keyring
    import keyring.backends.fail

    keyring.set_keyring(keyring.backends.fail.Keyring())
    assert not services.providers.keyring_status().usable
    with pytest.raises(InvalidInput, match="environment variable"):
        services.providers.add("X", "openai", "https://api.example.test/v1", api_key="sk-1")
    assert services.providers.list() == []


@pytest.mark.parametrize(
    ("status", "body", "kind", "text"),
    [
        (401, openai_error("Incorrect API key provided", "invalid_request_error", "invalid_api_key"),
         "auth", "Incorrect API key provided"),
        (429, openai_error("Rate limit reached for gpt-4o", "requests", "rate_limit_exceeded"),
         "rate_limit", "Rate limit reached"),
        (500, openai_error("The server had an error", "server_error"), "server", "server had an error"),
        (400, openai_error("This model's maximum context length is 128000 tokens.",
                           "invalid_request_error", "context_length_exceeded"),
         "context_overflow", "maximum context length"),
    ],
)
def test_provider_errors_become_error_bubbles_and_lose_nothing(
    services: Services, fake_vendor: FakeVendor, status: int, body: dict[str, object], kind: str, text: str
) -> None:
    """Issue #2 item 4: the provider's message is shown; stored history is kept."""
    topic = setup_chat(services, fake_vendor)
    asyncio.run(services.chat.send(topic, "earlier"))
    fake_vendor.script(Reply(error_status=status, error_body=body))
    out = asyncio.run(services.chat.send(topic, "now"))
    assert out.status == "error" and out.error_kind == kind
    assert text in (out.error or "")
    msgs = services.topics.messages(topic)
    assert [m.content for m in msgs[:3]] == ["earlier", "Hello from the fake.", "now"]
    assert msgs[3].status == "error" and text in (msgs[3].error or "")
    # the error bubble is not sent back to the model next time
    asyncio.run(services.chat.send(topic, "retry"))
    sent = fake_vendor.last_request.body
    assert sent is not None
    assert all(text not in str(m.get("content")) for m in sent["messages"])  # type: ignore[union-attr]


def test_empty_reply_at_the_window_is_a_context_error(services: Services, fake_vendor: FakeVendor) -> None:
    """CMP-12: no text, 0 output tokens, input at the window → a context-window error."""
    topic = setup_chat(services, fake_vendor, model="smollm2-135m")
    fake_vendor.script(Reply(text_chunks=[], usage=Usage(input_tokens=2040, output_tokens=0)))
    out = asyncio.run(services.chat.send(topic, "huge"))
    assert out.status == "error" and out.error_kind == "context_overflow"
    assert "2,040" in (out.error or "")


def test_stop_cancels_at_once_and_keeps_what_arrived(services: Services, fake_vendor: FakeVendor) -> None:
    """Issue #2 item 4: Stop ends the stream at once; the partial reply is stored as cancelled."""
    topic = setup_chat(services, fake_vendor)
    fake_vendor.script(Reply(text_chunks=["part one", " part two"], hang=True, hang_after=1))
    got_first = asyncio.Event()

    async def scenario() -> float:
        loop = asyncio.get_running_loop()
        services.bus.subscribe(lambda e: got_first.set() if isinstance(e, ReplyDelta) else None)
        task = services.chat.start_send(topic, "go")
        await asyncio.wait_for(got_first.wait(), 5)
        t0 = loop.time()
        assert services.chat.stop(topic)
        with pytest.raises(asyncio.CancelledError):
            await task
        return loop.time() - t0

    elapsed = asyncio.run(scenario())
    assert elapsed < 1.0
    reply = services.topics.messages(topic)[-1]
    assert reply.status == "cancelled" and reply.content == "part one"
    assert not services.chat.is_sending(topic)


def test_reply_keeps_streaming_into_its_own_topic(services: Services, fake_vendor: FakeVendor) -> None:
    """APP-8: two topics stream at once; each reply lands in the topic it was sent from."""
    topic_a = setup_chat(services, fake_vendor)
    topic_b = services.topics.create("Helper").id
    fake_vendor.script(
        Reply(text_chunks=["A1", "A2", "A3"], chunk_delay_s=0.05),
        Reply(text_chunks=["B1", "B2"], chunk_delay_s=0.01),
    )
    events = collect(services)

    async def both() -> None:
        # B is sent once A's first delta arrived: the vendor answers requests in arrival
        # order, so B must not overtake A's request on a loaded machine
        a_streaming = asyncio.Event()
        services.bus.subscribe(
            lambda e: a_streaming.set() if isinstance(e, ReplyDelta) and e.topic_id == topic_a else None)
        ta = services.chat.start_send(topic_a, "to A")
        await asyncio.wait_for(a_streaming.wait(), 30)
        tb = services.chat.start_send(topic_b, "to B")
        await asyncio.gather(ta, tb)

    asyncio.run(both())
    assert services.topics.messages(topic_a)[-1].content == "A1A2A3"
    assert services.topics.messages(topic_b)[-1].content == "B1B2"
    by_topic = {
        t: "".join(e.text for e in events if isinstance(e, ReplyDelta) and e.topic_id == t)
        for t in (topic_a, topic_b)
    }
    assert by_topic == {topic_a: "A1A2A3", topic_b: "B1B2"}


def test_quit_stores_the_cut_reply_as_interrupted(services: Services, fake_vendor: FakeVendor) -> None:
    """APP-8: quitting mid-reply stores what arrived as interrupted."""
    topic = setup_chat(services, fake_vendor)
    fake_vendor.script(Reply(text_chunks=["so far"], hang=True, hang_after=1))

    async def scenario() -> None:
        first = asyncio.Event()
        services.bus.subscribe(lambda e: first.set() if isinstance(e, ReplyDelta) else None)
        services.chat.start_send(topic, "go")
        await asyncio.wait_for(first.wait(), 5)
        await services.chat.shutdown()

    asyncio.run(scenario())
    reply = services.topics.messages(topic)[-1]
    assert (reply.status, reply.content) == ("interrupted", "so far")


def test_a_crash_left_streaming_row_is_marked_interrupted_at_start(
    tmp_path: Path, fake_vendor: FakeVendor
) -> None:
    url = f"sqlite:///{tmp_path / 'c.sqlite3'}"
    svc = open_services(url)
    topic = setup_chat(svc, fake_vendor)
    svc.chat.append_row(topic, role=Role.ASSISTANT, content="half", status=MessageStatus.STREAMING)  # as a crash leaves it
    svc.close()
    svc = open_services(url)
    try:
        assert svc.topics.messages(topic)[-1].status == "interrupted"
    finally:
        svc.close()


def test_new_topic_is_titled_from_the_first_message(services: Services, fake_vendor: FakeVendor) -> None:
    """APP-10: first words when no naming model is set; a naming model's answer otherwise."""
    topic = setup_chat(services, fake_vendor)
    asyncio.run(services.chat.send(topic, "How do I parse JSON in Rust without serde?"))
    assert services.topics.get(topic).title == "How do I parse JSON in Rust without…"
    asyncio.run(services.chat.send(topic, "second message"))
    assert services.topics.get(topic).title == "How do I parse JSON in Rust without…"

    with FakeVendor() as namer:  # a separate server, so the two requests cannot swap replies
        services.providers.add("Namer", "openai", namer.base_url, api_key="sk-n")
        services.settings.set("topic-naming-model", "Namer/gpt-4o-mini")
        named = services.topics.create("Helper").id
        namer.script(Reply(text_chunks=['"Rust JSON', ' parsing"']))

        async def send_and_wait() -> None:
            await services.chat.send(named, "Parse JSON in Rust please")
            for _ in range(100):
                if services.topics.get(named).title == "Rust JSON parsing":
                    return
                await asyncio.sleep(0.02)

        asyncio.run(send_and_wait())
        assert namer.last_request.body["max_tokens"] == 32  # type: ignore[index]
    assert services.topics.get(named).title == "Rust JSON parsing"


def test_without_a_naming_model_the_chat_model_names_the_topic_after_its_reply(
        services: Services, fake_vendor: FakeVendor, monkeypatch: pytest.MonkeyPatch) -> None:
    """APP-10, walk29 #2: by default a new topic is named by its own chat model once the
    first reply is complete, as in ChatGPT and Claude; topic-naming off keeps the first words."""
    from chathub_desktop.services.topics.topic_naming import CHAT_MODEL_ENV

    monkeypatch.delenv(CHAT_MODEL_ENV)
    topic = setup_chat(services, fake_vendor)
    fake_vendor.script(Reply(text_chunks=["Serde is the usual way."]), Reply(text_chunks=["Title: JSON in Rust."]))

    async def send_and_wait(topic_id: int, title: str) -> None:
        await services.chat.send(topic_id, "How do I parse JSON in Rust without serde?")
        for _ in range(200):
            if services.topics.get(topic_id).title == title:
                return
            await asyncio.sleep(0.02)

    asyncio.run(send_and_wait(topic, "JSON in Rust"))
    assert services.topics.get(topic).title == "JSON in Rust"
    assert fake_vendor.last_request.body["max_tokens"] == 32  # type: ignore[index]
    assert services.topics.messages(topic)[-1].content == "Serde is the usual way."

    services.settings.set("topic-naming", "off")
    plain = services.topics.create("Helper").id
    fake_vendor.script(Reply(text_chunks=["ok"]))
    asyncio.run(services.chat.send(plain, "How do I parse JSON in Rust without serde?"))
    assert services.topics.get(plain).title == "How do I parse JSON in Rust without…"
    assert fake_vendor.last_request.body.get("max_tokens") != 32  # type: ignore[union-attr]


def test_a_naming_answer_that_is_not_a_title_keeps_the_first_words_and_says_why_in_the_log(
        services: Services, fake_vendor: FakeVendor, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    """APP-10, walk42 #1: a small model that answers the message instead of naming it
    leaves the first-words title and one log line naming the model and why."""
    from chathub_desktop.services.topics.topic_naming import CHAT_MODEL_ENV

    monkeypatch.delenv(CHAT_MODEL_ENV)
    caplog.set_level("INFO", logger="chathub_desktop.services.topics.topic_naming")
    topic = setup_chat(services, fake_vendor)
    fake_vendor.script(Reply(text_chunks=["Sure."]), Reply(text_chunks=[
        "I'm glad you found my chat about Lisbon helpful! Here are some ideas for your chosen items"]))

    async def send_and_wait() -> None:
        await services.chat.send(topic, "Hi! I'm planning a weekend trip to Lisbon. Can you suggest three things?")
        for _ in range(200):
            if "keeps its first-words title" in caplog.text:
                return
            await asyncio.sleep(0.02)

    asyncio.run(send_and_wait())
    assert services.topics.get(topic).title == "Hi! I'm planning a weekend trip to Lisbon…"
    assert "the naming model gpt-4o gave none (its answer (17 words) was not a short title)" in caplog.text


def test_send_refuses_before_storing_when_assistant_is_not_ready(services: Services) -> None:
    services.assistants.create("Bare")
    topic = services.topics.create("Bare").id
    with pytest.raises(InvalidInput, match="no provider"):
        asyncio.run(services.chat.send(topic, "hello"))
    with pytest.raises(InvalidInput, match="empty"):
        asyncio.run(services.chat.send(topic, "   "))
    assert services.topics.message_count(topic) == 0


def test_events_name_the_topic(services: Services, fake_vendor: FakeVendor) -> None:
    topic = setup_chat(services, fake_vendor)
    events = collect(services)
    asyncio.run(services.chat.send(topic, "x"))
    assert {e.topic_id for e in events if isinstance(e, MessageAdded | ReplyDelta | ReplyFinished)} == {topic}


def test_same_flow_on_postgresql(postgres_url: str, fake_vendor: FakeVendor) -> None:
    """APP-3: any SQLAlchemy URL works as a shared store; migrations run on start."""
    svc = open_services(postgres_url)
    try:
        topic = setup_chat(svc, fake_vendor)
        fake_vendor.script(Reply(text_chunks=["pg", " ok"], usage=Usage(input_tokens=9, output_tokens=2)))
        out = asyncio.run(svc.chat.send(topic, "hi"))
        assert out.text == "pg ok"
        msgs = svc.topics.messages(topic)
        assert [m.content for m in msgs] == ["hi", "pg ok"] and msgs[1].input_tokens == 9
        assert msgs[1].created_at.tzinfo is not None
    finally:
        svc.close()


class EchoTools:
    """A test tool provider: one tool, ``echo(text)``, offered to every assistant."""

    def __init__(self) -> None:
        self.calls: list[tuple[int, str]] = []

    def tool_specs(self, assistant_id: int) -> tuple[ToolSpec, ...]:
        return (ToolSpec("echo", "Echo the text back.", {"type": "object", "properties": {"text": {"type": "string"}}}),)

    def execute(self, assistant_id: int, topic_id: int, call: ToolCall) -> str:
        self.calls.append((topic_id, call.arguments))
        return json.dumps({"echo": json.loads(call.arguments)["text"]})


def test_tool_calls_run_and_the_model_is_asked_again(services: Services, fake_vendor: FakeVendor) -> None:
    """The tool-call loop: call → stored tool result → second request carries both → answer."""
    tools = EchoTools()
    services.tools.add(tools)
    topic = setup_chat(services, fake_vendor)
    fake_vendor.script(
        Reply(text_chunks=[], tool_calls=[ToolCall("call_1", "echo", '{"text": "ping"}')]),
        Reply(text_chunks=["pong"]),
    )
    out = asyncio.run(services.chat.send(topic, "use the tool"))
    assert out.status == "complete" and out.text == "pong"
    assert tools.calls == [(topic, '{"text": "ping"}')]
    msgs = services.topics.messages(topic)
    assert [m.role for m in msgs] == ["user", "assistant", "tool", "assistant"]
    assert msgs[1].tool_calls[0]["name"] == "echo" and msgs[2].tool_call_id == "call_1"
    second = fake_vendor.requests[-1].body
    assert second is not None
    assert "echo" in [t["function"]["name"] for t in second["tools"]]  # type: ignore[index,union-attr]
    roles = [m["role"] for m in second["messages"]]  # type: ignore[index]
    assert roles[-2:] == ["assistant", "tool"]
    # the badge counts the same tools the request carries
    est = services.estimates.estimate(topic, "")
    assert est.parts["tools"] > 0


def test_start_up_leaves_another_live_process_stream_alone(tmp_path: Path, fake_vendor: FakeVendor) -> None:
    """Found by a fresh-user trial: running any command must not flip a reply another live
    process is streaming; a reply whose process died becomes interrupted (APP-8)."""
    import os
    import socket

    url = f"sqlite:///{tmp_path / 'live.sqlite3'}"
    svc = open_services(url)
    topic = setup_chat(svc, fake_vendor)
    host = socket.gethostname()
    live = svc.chat.append_row(topic, role=Role.ASSISTANT, content="still going", status=MessageStatus.STREAMING,
                            sent_by_process=f"{host}:{os.getppid()}:abc")
    dead = svc.chat.append_row(topic, role=Role.ASSISTANT, content="cut", status=MessageStatus.STREAMING,
                            sent_by_process=f"{host}:999999999:def")
    svc.close()
    svc = open_services(url)
    try:
        assert svc.topics.message(live).status == "streaming"
        assert svc.topics.message(dead).status == "interrupted"
    finally:
        svc.close()


def test_send_is_refused_while_another_live_process_streams_into_the_topic(
        services: Services, fake_vendor: FakeVendor) -> None:
    """Found by a fresh-user trial: a second ``chat send`` into a topic whose reply
    another process is still writing would go out without that reply (APP-8)."""
    import os
    import socket

    topic = setup_chat(services, fake_vendor)
    live = services.chat.append_row(topic, role=Role.ASSISTANT, content="still going", status=MessageStatus.STREAMING,
                                 sent_by_process=f"{socket.gethostname()}:{os.getppid()}:abc")
    with pytest.raises(InvalidInput, match="still writing a reply"):
        asyncio.run(services.chat.send(topic, "me too"))
    assert [m.id for m in services.topics.messages(topic)] == [live]  # nothing stored
    with services.db.write() as s:
        s.get(Message, live).sent_by_process = f"{socket.gethostname()}:999999999:gone"  # type: ignore[union-attr]
    fake_vendor.script(Reply(text_chunks=["ok"]))
    assert asyncio.run(services.chat.send(topic, "now")).status == "complete"


@pytest.mark.expect_log(r"^could not mark interrupted replies: .*readonly database")
def test_a_read_only_store_still_opens_for_reading(tmp_path: Path, fake_vendor: FakeVendor) -> None:
    """Found by a fresh-user trial: a store that cannot be written (here SQLite's
    ``mode=ro``) still opens and reads; start-up does not fail on its clean-up write."""
    path = tmp_path / "ro.sqlite3"
    svc = open_services(f"sqlite:///{path}")
    topic = setup_chat(svc, fake_vendor)
    svc.chat.append_row(topic, role=Role.ASSISTANT, content="half", status=MessageStatus.STREAMING)
    svc.close()
    ro = open_services(f"sqlite:///file:{path}?mode=ro&uri=true")
    try:
        assert ro.topics.message_count(topic) == 1
        assert ro.topics.messages(topic)[0].status == "streaming"  # nothing could be written
    finally:
        ro.close()


def test_a_turned_off_provider_leaves_the_choices_and_a_send_says_why(
        services: Services, fake_vendor: FakeVendor) -> None:
    """Issue 29: Settings → Providers' switch. Off, the provider's models leave the topic's
    model choices and a send that needs it is refused in one line, storing nothing; on
    again, it sends."""
    topic = setup_chat(services, fake_vendor)
    services.providers.add("Spare", "openai", fake_vendor.base_url, api_key="sk-s")
    assert [g.provider_name for g in services.topic_models.choices(topic)] == ["Fake", "Spare"]
    view = services.providers.set_enabled("Fake", False)
    assert view.enabled is False and services.providers.get("Fake").enabled is False
    assert [g.provider_name for g in services.topic_models.choices(topic)] == ["Spare"]
    with pytest.raises(InvalidInput) as refused:
        asyncio.run(services.chat.send(topic, "hello"))
    assert str(refused.value) == "provider 'Fake' is turned off; turn it on in Settings → Providers"
    assert services.topics.messages(topic) == []
    services.providers.set_enabled("Fake", True)
    fake_vendor.script(Reply(text_chunks=["hi"]))
    asyncio.run(services.chat.send(topic, "hello"))
    assert services.topics.messages(topic)[-1].content == "hi"


def test_append_row_stores_a_typed_row_and_refuses_a_bare_word(services: Services, fake_vendor: FakeVendor) -> None:
    """Issue 31: a message seeded into a topic takes the ``Role``/``MessageStatus`` enums;
    a bare ``"user"`` or ``"streaming"`` is refused (``TypeError``) and stores nothing."""
    topic = setup_chat(services, fake_vendor)
    first = services.chat.append_row(topic, Role.USER, "hello")
    with pytest.raises(TypeError, match="takes Role and MessageStatus"):
        services.chat.append_row(topic, "user", "as a word")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="takes Role and MessageStatus"):
        services.chat.append_row(topic, Role.ASSISTANT, "half", status="streaming")  # type: ignore[arg-type]
    assert [(m.id, m.role, m.status, m.content) for m in services.topics.messages(topic)] == [
        (first, Role.USER, MessageStatus.COMPLETE, "hello")]
