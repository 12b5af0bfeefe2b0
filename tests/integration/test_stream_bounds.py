"""A hostile provider cannot exhaust memory, and what it sends reads as one line (issue 32).

Each payload comes from the fake vendor over real HTTP, for each wire format (Chat
Completions, Responses, Anthropic), through a real ``chat send`` process with the stream
limits set low through their environment variables (so a run takes seconds):

- an endless stream of fast 64 KB text deltas → stops at the reply limit;
- one endless SSE line with no newline → stops at the line limit;
- a 2 GB gzip bomb as the SSE body → stops at the decompression bound.

Each ends with exit 1 and one stderr line naming the limit and its variable, the user
message and what arrived kept in the store (the reply marked ``error`` / ``too_large``),
and a peak RSS (the child's own ``VmHWM``, ``tests.integration.child_rss``) under 300 MB.
"""

from __future__ import annotations

import asyncio
import sqlite3
import zlib
from collections.abc import Iterator
from pathlib import Path

import pytest

from chathub_desktop.core.messages import ToolCall
from chathub_desktop.services.container import Services, open_services
from tests.fakes.hostile_bodies import KINDS, endless_deltas, endless_line, gzip_bomb, unread_shapes
from tests.fakes.vendor_server import FakeVendor, Reply
from tests.integration.child_rss import run_cli_child
from tests.integration.test_streams_closed import Leaks, leaks, run_strict  # noqa: F401 (fixture)

#: Peak RSS a ``chat send`` may reach on any hostile payload (MB, issue 32).
PEAK_RSS_MB = 300
LOW_LIMITS = {"CHATHUB_LIMIT_REPLY_MB": "1", "CHATHUB_LIMIT_SSE_LINE_MB": "2",
              "CHATHUB_LIMIT_SSE_EVENT_MB": "2"}


def _store(tmp_path: Path, vendor: FakeVendor, kind: str, topics: int) -> str:
    """An SQLite store with provider F (key from FAKE_KEY), assistant A and ``topics`` topics."""
    url = f"sqlite:///{tmp_path / 'store.sqlite3'}"
    svc = open_services(url)
    try:
        svc.providers.add("F", kind, vendor.base_url, api_key_env="FAKE_KEY")
        svc.assistants.create("A", provider="F", model="fake-model")
        for _ in range(topics):
            svc.topics.create("A")
    finally:
        svc.close()
    return url


def _rows(tmp_path: Path) -> list[tuple[int, str, str, str | None, str | None, int, str]]:
    """``(topic, role, status, error_kind, error, length of content, first 20 characters)``
    per message, in order."""
    with sqlite3.connect(tmp_path / "store.sqlite3") as db:
        return list(db.execute("SELECT topic_id, role, status, error_kind, error, length(content), "
                               "substr(content, 1, 20) FROM message ORDER BY id"))


#: (payload, the limit's words, its variable, the fewest and most characters kept)
PAYLOADS = [
    (endless_deltas, "the reply passed the reply limit of 1 MB", "CHATHUB_LIMIT_REPLY_MB (in MB)",
     (1 << 20) - (64 << 10), 1 << 20),
    (endless_line, "the provider sent an SSE line longer than the line limit of 2 MB",
     "CHATHUB_LIMIT_SSE_LINE_MB (in MB)", 0, 0),
    (None, "the provider's compressed answer expanded past the decompression limit of 500 times its "
     "compressed size", "CHATHUB_LIMIT_INFLATE_RATIO", 0, 0),
]


@pytest.mark.slow
@pytest.mark.parametrize("kind", KINDS)
def test_hostile_streams_end_with_one_line_what_arrived_kept_and_bounded_memory(
    tmp_path: Path, fake_vendor: FakeVendor, kind: str
) -> None:
    """Issue 32's provider payloads — endless 64 KB deltas, an endless SSE line, a 2 GB
    gzip bomb — each through ``chat send``: exit 1 and one line naming the limit and how
    to raise it; the user message and the text that fit (up to 1 MB) kept, the reply
    ``error`` / ``too_large``; peak RSS under 300 MB."""
    for make, *_ in PAYLOADS:
        fake_vendor.script(Reply(raw_body=make(kind)) if make is not None
                           else Reply(raw_body=gzip_bomb(), raw_headers={"Content-Encoding": "gzip"}))
    url = _store(tmp_path, fake_vendor, kind, len(PAYLOADS))
    run = run_cli_child(tmp_path, [["chat", "send", "--topic", str(n), "hello", "--database-url", url]
                                   for n in range(1, len(PAYLOADS) + 1)],
                        {**LOW_LIMITS, "FAKE_KEY": "sk-fake-key-1234", "CHATHUB_DATA_DIR": str(tmp_path / "data")})
    rows = _rows(tmp_path)
    assert run.codes == [1] * len(PAYLOADS)
    peak_mb = run.peak_mb
    for topic, ((_make, words, env_var, fewest, most), err) in enumerate(zip(PAYLOADS, run.stderr, strict=True), 1):
        line = f"stopped: {words}; set the environment variable {env_var} to raise it"
        assert [ln for ln in err.splitlines() if ln.strip()] == [f"chathub-desktop: error: {line}"], err[-2000:]
        user, reply = [r[1:] for r in rows if r[0] == topic]
        assert (user[:2], user[5]) == (("user", "complete"), "hello")
        assert reply[:4] == ("assistant", "cut", "too_large", line)
        assert fewest <= reply[4] <= most
    print(f"{kind}: peak RSS of the chat send process {peak_mb:.0f} MB")
    assert peak_mb < PEAK_RSS_MB, f"peak RSS {peak_mb:.0f} MB"


def _topic(svc: Services, vendor: FakeVendor, kind: str) -> int:
    svc.providers.add(f"F {kind}", kind, vendor.base_url, api_key="sk-test-key-1234")
    svc.assistants.create(f"A {kind}", provider=f"F {kind}", model="fake-model")
    return svc.topics.create(f"A {kind}").id


@pytest.mark.parametrize("kind", KINDS)
def test_a_redirect_names_where_it_points(services: Services, fake_vendor: FakeVendor, kind: str) -> None:
    """A 307 is not "expected a streamed answer": it names the address (a key in its query
    redacted) and is stored as the reply's error."""
    topic = _topic(services, fake_vendor, kind)
    fake_vendor.script(Reply(error_status=307, error_body="", error_content_type="text/plain",
                             error_headers={"Location": "https://api.example.com/v1/chat?api_key=sk-secret-123456"}))
    out = asyncio.run(services.chat.send(topic, "hello"))
    assert (out.status, out.error_kind) == ("error", "bad_request")
    assert out.error == ("the server redirected to https://api.example.com/v1/chat?api_key=[redacted] "
                         "(HTTP 307 Temporary Redirect); put that address in the provider's base URL")


@pytest.mark.parametrize("kind", KINDS)
def test_a_gzip_bombed_error_body_reads_as_one_short_line(services: Services, fake_vendor: FakeVendor,
                                                           kind: str) -> None:
    """A 500 whose gzip body inflates to 1 GB of ``A``: one line of at most 160
    characters, and nothing near the whole body read."""
    topic = _topic(services, fake_vendor, kind)

    def bomb() -> Iterator[bytes]:
        z = zlib.compressobj(9, zlib.DEFLATED, 31)
        block = b"A" * (1 << 20)
        for _ in range(1024):
            yield z.compress(block)
        yield z.flush()

    fake_vendor.script(Reply(raw_body=bomb, raw_status=500,
                             raw_headers={"Content-Type": "text/plain", "Content-Encoding": "gzip"}))
    out = asyncio.run(services.chat.send(topic, "hello"))
    assert (out.status, out.error_kind) == ("error", "server")
    assert out.error == "A" * 159 + "…"


@pytest.mark.parametrize("kind", KINDS)
def test_an_empty_answer_is_an_error_with_retry(services: Services, fake_vendor: FakeVendor, kind: str) -> None:
    """An ordinary empty answer (finish reason, no text) is stored as an error, not as a
    blank success; Retry then gets the reply into the same row."""
    topic = _topic(services, fake_vendor, kind)
    fake_vendor.script(Reply(text_chunks=[]), Reply(text_chunks=["now", " it", " talks"]))
    out = asyncio.run(services.chat.send(topic, "hello"))
    assert (out.status, out.error_kind, out.error) == ("error", "bad_response", "the provider sent an empty reply")
    again = asyncio.run(services.chat.retry(topic))
    assert (again.reply_message_id, again.status, again.text) == (out.reply_message_id, "complete", "now it talks")


@pytest.mark.parametrize("kind", KINDS)
def test_events_in_no_readable_shape_are_an_error_that_says_so(services: Services, fake_vendor: FakeVendor,
                                                               kind: str) -> None:
    """A stream of JSON the client cannot read (an array, an object without the format's
    fields) that ends normally: an error counting them, pointing at the provider's kind."""
    topic = _topic(services, fake_vendor, kind)
    fake_vendor.script(Reply(raw_body=unread_shapes(kind)))
    out = asyncio.run(services.chat.send(topic, "hello"))
    n = 3 if kind == "openai_compatible" else 2
    assert (out.status, out.error_kind) == ("error", "bad_response")
    assert out.error == (f"the provider's answer had no text the app could read ({n} events not in the shape "
                         "of its provider kind); check the provider's kind and base URL")


def test_only_reasoning_up_to_max_tokens_says_so(services: Services, fake_vendor: FakeVendor) -> None:
    """A thinking model that spent its whole output budget on reasoning: the error says so."""
    topic = _topic(services, fake_vendor, "openai_compatible")
    fake_vendor.script(Reply(text_chunks=[], reasoning_chunks=["hmm"], finish_reason="length"))
    out = asyncio.run(services.chat.send(topic, "hello"))
    assert out.error == ("the model reached its output token limit (max tokens), all spent on reasoning "
                         "before writing any text")


def test_chat_send_of_an_empty_answer_exits_1_with_one_line(fake_vendor: FakeVendor,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    """The CLI: an empty answer is exit 1 and one error line, not exit 0 and nothing."""
    from chathub_desktop.cli import main

    assert main(["provider", "add", "F", "--kind", "openai_compatible", "--no-key",
                 "--base-url", fake_vendor.base_url]) == 0
    assert main(["assistant", "create", "A", "--provider", "F", "--model", "fake-model"]) == 0
    assert main(["topic", "create", "--assistant", "A"]) == 0
    capsys.readouterr()
    fake_vendor.script(Reply(text_chunks=[]))
    assert main(["chat", "send", "--topic", "1", "hello"]) == 1
    assert capsys.readouterr().err.strip() == "chathub-desktop: error: the provider sent an empty reply"


def test_the_model_list_is_bounded_too(fake_vendor: FakeVendor, monkeypatch: pytest.MonkeyPatch) -> None:
    """Test connection: a gzip bomb, a list over its limit and a redirect each give one line."""
    from chathub_desktop.services.providers.connection_check import check_endpoint

    def check() -> str:
        return asyncio.run(check_endpoint("F", "openai_compatible", fake_vendor.base_url, None)).message

    url = f"{fake_vendor.base_url}/models"
    fake_vendor.models_reply = Reply(raw_body=gzip_bomb(), raw_headers={"Content-Type": "application/json",
                                                                        "Content-Encoding": "gzip"})
    assert check() == (f"{url}: stopped: the provider's compressed answer expanded past the decompression limit "
                       "of 500 times its compressed size; set the environment variable "
                       "CHATHUB_LIMIT_INFLATE_RATIO to raise it")
    monkeypatch.setenv("CHATHUB_LIMIT_MODEL_LIST_MB", "0.5")
    fake_vendor.models_reply = Reply(raw_body=lambda: iter([b" " * 4096] * 1000),
                                     raw_headers={"Content-Type": "application/json"})
    assert check() == (f"{url}: stopped: the model list passed its limit of 512 KB; set the environment "
                       "variable CHATHUB_LIMIT_MODEL_LIST_MB (in MB) to raise it")
    fake_vendor.models_reply = Reply(raw_body=lambda: iter([b""]), raw_status=301,
                                     raw_headers={"Location": "https://elsewhere.example/v1/models"})
    assert check() == (f"{url}: the server redirected to https://elsewhere.example/v1/models (HTTP 301 Moved "
                       "Permanently); put that address in the provider's base URL")


def test_every_limit_ending_closes_its_streams_and_clients(
    leaks: Leaks, services: Services, fake_vendor: FakeVendor, monkeypatch: pytest.MonkeyPatch  # noqa: F811
) -> None:
    """Under test_streams_closed's strict watch, for each format: the reply limit, the
    line limit, the decompression bound, a gzip-bombed error body and a redirect each end
    their request with every response, generator and HTTP client closed."""
    for name, value in LOW_LIMITS.items():
        monkeypatch.setenv(name, value)
    topics = {kind: _topic(services, fake_vendor, kind) for kind in KINDS}

    async def body() -> list[str]:
        kinds: list[str] = []
        for kind, topic in topics.items():
            fake_vendor.script(
                Reply(raw_body=endless_deltas(kind)), Reply(raw_body=endless_line(kind)),
                Reply(raw_body=gzip_bomb(), raw_headers={"Content-Encoding": "gzip"}),
                Reply(raw_body=gzip_bomb(64 << 20), raw_status=502, raw_headers={"Content-Encoding": "gzip"}),
                Reply(error_status=307, error_body="", error_headers={"Location": "https://x.example/v1"}))
            for _ in range(5):
                kinds.append(str((await services.chat.send(topic, "hello")).error_kind))
        return kinds

    assert run_strict(leaks, body()) == ["too_large", "too_large", "too_large", "server", "bad_request"] * 3
    leaks.assert_clean()


@pytest.mark.parametrize("kind", KINDS)
def test_tool_call_arguments_count_toward_the_reply_limit(services: Services, fake_vendor: FakeVendor,
                                                          kind: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A tool call whose arguments pass the reply limit (2 MB of them with a 1 MB limit)
    ends the reply like runaway text: one line, the text before it kept."""
    monkeypatch.setenv("CHATHUB_LIMIT_REPLY_MB", "1")
    topic = _topic(services, fake_vendor, kind)
    fake_vendor.script(Reply(text_chunks=["calling"], arg_fragment_chars=64 << 10,
                             tool_calls=[ToolCall("call_1", "write", '{"x": "' + "y" * (2 << 20) + '"}')]))
    out = asyncio.run(services.chat.send(topic, "hello"))
    assert (out.status, out.error_kind, out.text) == ("cut", "too_large", "calling")
    assert out.error == ("stopped: the reply passed the reply limit of 1 MB; set the environment variable "
                         "CHATHUB_LIMIT_REPLY_MB (in MB) to raise it")


def test_a_model_list_that_trickles_ends_at_the_check_deadline(fake_vendor: FakeVendor) -> None:
    """Test connection takes at most its deadline as a whole, not per read: a server
    sending one byte every 0.2 s is cut off after 1 s with one line."""
    import time

    from chathub_desktop.services.providers.connection_check import check_endpoint

    def trickle() -> Iterator[bytes]:
        while True:
            time.sleep(0.2)
            yield b" "

    fake_vendor.models_reply = Reply(raw_body=trickle, raw_headers={"Content-Type": "application/json"})
    started = time.monotonic()
    result = asyncio.run(check_endpoint("F", "openai_compatible", fake_vendor.base_url, None, timeout_s=1))
    assert result.message == f"no answer from {fake_vendor.base_url}/models within 1 s"
    assert time.monotonic() - started < 5
