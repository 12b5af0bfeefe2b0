"""Provider faults a user can act on (issue 12, APP-1, APP-8): each fault class comes from
the fake vendor over real HTTP, through the wire client and ``ChatService``, and the test
asserts what the user reads — the message stored on the reply (the error bubble and
``chat send`` show it), or the event the window turns into a notice.

- an HTML 502 page from a proxy → its title / the status in words, never markup;
- 429 with ``Retry-After: 30`` → "retry in 30 s" and no second request; a short wait
  (≤ ``AUTO_RETRY_MAX_S``) is waited out and the request sent once more, never twice;
- a server silent before its headers or in the middle of a stream → ``ReplyStalled``
  ("no data from <host> for N s") while the stream keeps waiting; Stop keeps the text,
  Retry requests the reply again into the same row;
- refused connections and cut streams name the URL / host.
"""

from __future__ import annotations

import asyncio
import socket
import time
from contextlib import aclosing

import pytest

from chathub_desktop.core.provider_kinds import ProviderKind
from chathub_desktop.providers import factory
from chathub_desktop.providers.base import ErrorKind, ProviderError
from chathub_desktop.providers.errors import parse_retry_after, wait_words
from chathub_desktop.services.chat.chat_service import AUTO_RETRY_MAX_S
from chathub_desktop.services.container import Services
from chathub_desktop.services.errors import InvalidInput
from chathub_desktop.services.events import ReplyRetrying, ReplyStalled
from tests.fakes.vendor_server import FakeVendor, Reply, html_error_page, openai_error
from tests.integration.stream_helpers import user_request
from tests.integration.test_streams_closed import Leaks, leaks, run_strict  # noqa: F401 (fixture)

KINDS = ("openai_compatible", "openai_responses", "anthropic")


def _topic(svc: Services, vendor: FakeVendor, kind: str = "openai_compatible", base_url: str | None = None) -> int:
    name = f"Fake {kind}"
    svc.providers.add(name, kind, base_url or vendor.base_url, api_key="sk-test-key")
    svc.assistants.create(f"Helper {kind}", provider=name, model="fake-model")
    return svc.topics.create(f"Helper {kind}").id


async def _wire_error(kind: str, base_url: str) -> ProviderError:
    client = factory.make_client(ProviderKind(kind), base_url, "sk-test-key")
    try:
        with pytest.raises(ProviderError) as caught:
            async with aclosing(client.stream(user_request())) as events:  # type: ignore[type-var]
                async for _ in events:
                    pass
        return caught.value
    finally:
        await client.aclose()


@pytest.mark.parametrize("kind", KINDS)
def test_html_502_page_is_shown_by_its_title_not_as_markup(fake_vendor: FakeVendor, kind: str) -> None:
    """A proxy's ``<!DOCTYPE html>`` 502 page reads "HTTP 502 Bad Gateway from <host>"."""
    fake_vendor.script(Reply(error_status=502, error_body=html_error_page("502 Bad Gateway"),
                             error_content_type="text/html"))
    error = asyncio.run(_wire_error(kind, fake_vendor.base_url))
    assert error.kind is ErrorKind.SERVER and error.status == 502
    assert error.message == "HTTP 502 Bad Gateway from 127.0.0.1 (an HTML error page)"
    assert "<" not in error.message


def test_html_page_title_that_differs_from_the_status_is_quoted(
    services: Services, fake_vendor: FakeVendor
) -> None:
    """A 503 page titled "Site under maintenance" shows the status in words and the title;
    the reply stored in the topic carries exactly that message."""
    topic = _topic(services, fake_vendor)
    fake_vendor.script(Reply(error_status=503, error_content_type="text/html; charset=utf-8",
                             error_body=html_error_page("Site under maintenance &amp; upgrade")))
    out = asyncio.run(services.chat.send(topic, "hello"))
    assert out.status == "error" and out.error_kind == "server"
    expected = "HTTP 503 Service Unavailable from 127.0.0.1 (an HTML error page: Site under maintenance & upgrade)"
    assert out.error == expected
    assert services.topics.messages(topic)[-1].error == expected


@pytest.mark.parametrize("kind", KINDS)
def test_429_with_a_long_retry_after_names_the_wait_and_is_not_retried(
    services: Services, fake_vendor: FakeVendor, kind: str
) -> None:
    """``Retry-After: 30`` → "… retry in 30 s" on the stored reply; one request only."""
    topic = _topic(services, fake_vendor, kind)
    fake_vendor.script(Reply(error_status=429, error_body="Too Many Requests", error_content_type="text/plain",
                             error_headers={"Retry-After": "30"}))
    before = len(fake_vendor.requests)
    out = asyncio.run(services.chat.send(topic, "hello"))
    assert out.status == "error" and out.error_kind == "rate_limit"
    assert out.error == "Too Many Requests — the server asks to retry in 30 s"
    assert out.retry_after_s == 30
    assert len(fake_vendor.requests) - before == 1


def test_429_with_a_short_retry_after_is_retried_once(services: Services, fake_vendor: FakeVendor) -> None:
    """A wait of 1 s (≤ AUTO_RETRY_MAX_S) is waited out and the request sent once more;
    the reply then completes in the same row, and the user was told about the wait."""
    assert AUTO_RETRY_MAX_S >= 1
    topic = _topic(services, fake_vendor)
    seen: list[ReplyRetrying] = []
    services.bus.subscribe(lambda e: seen.append(e) if isinstance(e, ReplyRetrying) else None)
    fake_vendor.script(
        Reply(error_status=429, error_body=openai_error("Rate limit reached", "rate_limit_error"),
              error_headers={"Retry-After": "1"}),
        Reply(text_chunks=["second", " try"]),
    )
    started = time.monotonic()
    out = asyncio.run(services.chat.send(topic, "hello"))
    assert time.monotonic() - started >= 1.0
    assert out.status == "complete" and out.text == "second try" and out.auto_retried
    assert [(e.message_id, e.wait_s) for e in seen] == [(out.reply_message_id, 1.0)]
    assert "retry in 1 s" in seen[0].reason
    assert [m.status for m in services.topics.messages(topic)] == ["complete", "complete"]


def test_a_second_short_429_is_not_retried_again(services: Services, fake_vendor: FakeVendor) -> None:
    """At most one automatic retry per reply: the second 429 is stored with its wait."""
    topic = _topic(services, fake_vendor)
    refusal = Reply(error_status=429, error_body=openai_error("Rate limit reached", "rate_limit_error"),
                    error_headers={"Retry-After": "1"})
    fake_vendor.script(refusal, refusal, Reply())
    before = len(fake_vendor.requests)
    out = asyncio.run(services.chat.send(topic, "hello"))
    assert out.status == "error" and out.error == "Rate limit reached — the server asks to retry in 1 s"
    assert len(fake_vendor.requests) - before == 2


def test_retry_after_as_an_http_date() -> None:
    """RFC 9110 allows an HTTP date; a date 90 s ahead is a 90 s wait ("90 s")."""
    from datetime import UTC, datetime

    now = datetime(2026, 1, 5, 12, 0, 0, tzinfo=UTC)
    assert parse_retry_after("Mon, 05 Jan 2026 12:01:30 GMT", now=now) == 90
    assert parse_retry_after("soon", now=now) is None
    assert wait_words(90) == "90 s" and wait_words(600) == "10 min"


def _silence(services: Services, seconds: int) -> list[ReplyStalled]:
    services.settings.set("stream-silence-seconds", seconds)
    seen: list[ReplyStalled] = []
    services.bus.subscribe(lambda e: seen.append(e) if isinstance(e, ReplyStalled) else None)
    return seen


@pytest.mark.parametrize("kind", KINDS)
def test_server_silent_before_its_headers_is_reported_and_the_stream_waits(
    services: Services, fake_vendor: FakeVendor, kind: str
) -> None:
    """No status line for 1.6 s with a 1 s silence setting: "no data from 127.0.0.1 for
    1 s" is published, the stream keeps waiting and the reply completes; data clears it."""
    seen = _silence(services, 1)
    topic = _topic(services, fake_vendor, kind)
    fake_vendor.script(Reply(delay_s=1.6, text_chunks=["late", " but", " here"]))
    out = asyncio.run(services.chat.send(topic, "hello"))
    assert out.status == "complete" and out.text == "late but here"
    assert [(e.message_id, e.host, e.silent_s) for e in seen] == [
        (out.reply_message_id, "127.0.0.1", 1.0), (out.reply_message_id, "127.0.0.1", 0.0)]


def test_server_silent_mid_stream_then_stop_keeps_the_text(services: Services, fake_vendor: FakeVendor) -> None:
    """A stream that hangs after two chunks: the stall is reported for that reply; Stop
    then stores what arrived as ``cancelled``."""
    seen = _silence(services, 1)
    topic = _topic(services, fake_vendor)
    fake_vendor.script(Reply(text_chunks=["first", " second", " never"], hang=True, hang_after=2))

    async def body() -> None:
        task = services.chat.start_send(topic, "hello")
        deadline = time.monotonic() + 10
        while not seen and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        assert seen and seen[0].silent_s == 1.0 and seen[0].host == "127.0.0.1"
        services.chat.stop(topic)
        with pytest.raises(asyncio.CancelledError):
            await task

    asyncio.run(body())
    reply = services.topics.messages(topic)[-1]
    assert (reply.status, reply.content) == ("cancelled", "first second")
    assert fake_vendor.client_gone.wait(5)


def test_retry_during_a_stall_requests_the_reply_again(services: Services, fake_vendor: FakeVendor) -> None:
    """Retry on a stalled reply stops it and streams a fresh answer into the same row."""
    seen = _silence(services, 1)
    topic = _topic(services, fake_vendor)
    fake_vendor.script(Reply(text_chunks=["stuck"], hang=True, hang_after=1), Reply(text_chunks=["fresh"]))

    async def body() -> tuple[int, str, str]:
        services.chat.start_send(topic, "hello")
        deadline = time.monotonic() + 10
        while not seen and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        assert seen
        out = await services.chat.start_retry(topic, seen[0].message_id)
        return out.reply_message_id, out.status, out.text

    reply_id, status, text = asyncio.run(body())
    assert (reply_id, status, text) == (seen[0].message_id, "complete", "fresh")
    messages = services.topics.messages(topic)
    assert [(m.role, m.status, m.content) for m in messages] == [
        ("user", "complete", "hello"), ("assistant", "complete", "fresh")]


def test_retry_after_an_error_and_what_cannot_be_retried(services: Services, fake_vendor: FakeVendor) -> None:
    """Retry re-requests a failed last reply; a completed one is refused, unchanged."""
    topic = _topic(services, fake_vendor)
    fake_vendor.script(Reply(error_status=500, error_body={"error": {"message": "upstream exploded"}}),
                       Reply(text_chunks=["ok", " now"]))
    first = asyncio.run(services.chat.send(topic, "hello"))
    assert first.status == "error" and first.error == "upstream exploded"
    again = asyncio.run(services.chat.retry(topic, first.reply_message_id))
    assert (again.reply_message_id, again.status, again.text) == (first.reply_message_id, "complete", "ok now")
    with pytest.raises(InvalidInput, match="only the topic's last reply can be retried"):
        asyncio.run(services.chat.retry(topic))
    assert [m.content for m in services.topics.messages(topic)] == ["hello", "ok now"]


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.mark.parametrize("kind", KINDS)
def test_connection_refused_names_the_url(services: Services, fake_vendor: FakeVendor, kind: str) -> None:
    """Nobody listens: "could not connect to http://127.0.0.1:PORT/v1/<endpoint> (…)"."""
    port = _closed_port()
    topic = _topic(services, fake_vendor, kind, base_url=f"http://127.0.0.1:{port}/v1")
    out = asyncio.run(services.chat.send(topic, "hello"))
    endpoint = {"openai_compatible": "chat/completions", "openai_responses": "responses",
                "anthropic": "messages"}[kind]
    assert out.status == "error" and out.error_kind == "network"
    assert out.error is not None
    assert out.error.startswith(f"could not connect to http://127.0.0.1:{port}/v1/{endpoint} (")


@pytest.mark.parametrize("kind", KINDS)
def test_cut_stream_names_the_host(services: Services, fake_vendor: FakeVendor, kind: str) -> None:
    """A stream dropped mid-body says who dropped it, and the text so far is kept."""
    topic = _topic(services, fake_vendor, kind)
    fake_vendor.script(Reply(text_chunks=["a", "b", "c", "d"], cut_after=2))
    out = asyncio.run(services.chat.send(topic, "hello"))
    assert out.status == "error" and out.error_kind == "network" and out.text == "ab"
    assert out.error is not None and "127.0.0.1" in out.error and out.error.startswith("stream ended early")


def test_every_fault_ending_closes_its_streams_and_clients(
    leaks: Leaks, services: Services, fake_vendor: FakeVendor  # noqa: F811 (the fixture)
) -> None:
    """Under the strict watch of test_streams_closed (unfinished async generators,
    unraisable errors, ResourceWarning, open HTTP clients): an HTML 502, a long and a
    short ``Retry-After``, a stall then Stop, a stall then Retry, and a refused
    connection leave nothing open (issue 9 house rule)."""
    _silence(services, 1)
    topic = _topic(services, fake_vendor)
    refused = _topic(services, fake_vendor, "anthropic", base_url=f"http://127.0.0.1:{_closed_port()}/v1")
    stalls: list[ReplyStalled] = []
    services.bus.subscribe(lambda e: stalls.append(e) if isinstance(e, ReplyStalled) and e.silent_s else None)

    async def until_stalled(count: int) -> None:
        deadline = time.monotonic() + 10
        while len(stalls) < count and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        assert len(stalls) == count

    async def body() -> list[str]:
        ends: list[str] = []
        fake_vendor.script(Reply(error_status=502, error_body=html_error_page("502 Bad Gateway"),
                                 error_content_type="text/html"))
        ends.append((await services.chat.send(topic, "a")).status)
        fake_vendor.script(Reply(error_status=429, error_body="slow down", error_headers={"Retry-After": "30"}))
        ends.append((await services.chat.send(topic, "b")).status)
        fake_vendor.script(Reply(error_status=429, error_body="slow down", error_headers={"Retry-After": "1"}),
                           Reply())
        ends.append((await services.chat.send(topic, "c")).status)
        fake_vendor.script(Reply(text_chunks=["x", "y"], hang=True, hang_after=1))
        task = services.chat.start_send(topic, "d")
        await until_stalled(1)
        services.chat.stop(topic)
        with pytest.raises(asyncio.CancelledError):
            await task
        ends.append(services.topics.messages(topic)[-1].status)
        fake_vendor.script(Reply(text_chunks=["x"], hang=True, hang_after=1), Reply())
        services.chat.start_send(topic, "e")
        await until_stalled(2)
        ends.append((await services.chat.start_retry(topic)).status)
        ends.append((await services.chat.send(refused, "f")).status)
        return ends

    assert run_strict(leaks, body()) == ["error", "error", "complete", "cancelled", "complete", "error"]
    leaks.assert_clean()


def test_html_without_a_doctype_is_known_by_its_content_type(fake_vendor: FakeVendor) -> None:
    """``Content-Type: text/html`` and a bare ``<h1>`` page: still the status in words."""
    fake_vendor.script(Reply(error_status=504, error_body="<h1>upstream timed out</h1>",
                             error_content_type="text/html"))
    error = asyncio.run(_wire_error("openai_compatible", fake_vendor.base_url))
    assert error.message == "HTTP 504 Gateway Timeout from 127.0.0.1 (an HTML error page)"


def test_chat_send_tells_about_silence_and_chat_retry_asks_again(
    fake_vendor: FakeVendor, capsys: pytest.CaptureFixture[str]
) -> None:
    """The CLI: a 1.6 s silence with a 1 s setting prints "no data from 127.0.0.1 for
    1 s; still waiting …" on stderr while the reply still arrives; a 429 asking for
    120 s is one error line naming the wait ("2 min"), and ``chat retry`` then gets the
    reply."""
    from chathub_desktop.cli import main

    assert main(["provider", "add", "F", "--kind", "openai_compatible", "--no-key",
                 "--base-url", fake_vendor.base_url]) == 0
    assert main(["assistant", "create", "A", "--provider", "F", "--model", "fake-model"]) == 0
    assert main(["topic", "create", "--assistant", "A"]) == 0
    assert main(["settings", "set", "stream-silence-seconds", "1"]) == 0
    capsys.readouterr()
    fake_vendor.script(Reply(delay_s=1.6, text_chunks=["slow", " reply"]))
    assert main(["chat", "send", "--topic", "1", "hello"]) == 0
    out, err = capsys.readouterr()
    assert out.strip() == "slow reply"
    assert err.strip() == ("chathub-desktop: no data from 127.0.0.1 for 1 s; still waiting "
                           "(Ctrl+C stops, `chat retry` asks again)")
    fake_vendor.script(Reply(error_status=429, error_body="Too Many Requests", error_headers={"Retry-After": "120"}),
                       Reply(text_chunks=["after", " the wait"]))
    assert main(["chat", "send", "--topic", "1", "again"]) == 1
    assert capsys.readouterr().err.strip() == ("chathub-desktop: error: Too Many Requests — the server asks "
                                               "to retry in 2 min")
    assert main(["chat", "retry", "--topic", "1"]) == 0
    assert capsys.readouterr().out.strip() == "after the wait"


@pytest.mark.parametrize("kind", KINDS)
def test_a_key_that_is_not_sk_shaped_is_redacted_when_the_vendor_echoes_it(
        services: Services, fake_vendor: FakeVendor, kind: str, caplog: pytest.LogCaptureFixture) -> None:
    """APP-2: a gateway key with no ``sk-`` shape that the vendor echoes in its error
    reaches neither the message the user reads, the stored reply nor a log record (only
    the client's own key is known to be secret here: no pattern can find it)."""
    key = "gw_Q7vL2pX9mR4tK8nB3cW6"
    name = f"Gateway {kind}"
    services.providers.add(name, kind, fake_vendor.base_url, api_key=key)
    services.assistants.create("Helper", provider=name, model="fake-model")
    topic = services.topics.create("Helper").id
    fake_vendor.script(Reply(error_status=401, error_body=openai_error(
        f"Incorrect API key provided: {key}. You can find your key at the gateway.",
        "invalid_request_error", "invalid_api_key")))
    caplog.set_level("DEBUG")
    out = asyncio.run(services.chat.send(topic, "hello"))
    assert out.status == "error" and "Incorrect API key provided" in (out.error or "")
    assert key not in (out.error or "")
    stored = services.topics.messages(topic)[-1]
    assert stored.status == "error" and key not in (stored.error or "") and key not in stored.content
    assert not [r for r in caplog.records if key in r.getMessage()]
