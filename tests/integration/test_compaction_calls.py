"""Compaction that earns its call (issue 28): a run that would not make the next
request smaller keeps the old state and says "nothing to gain" (before any summarizer
call when the planner's projection already shows it, walk37 #12); every batch of a run
goes through ONE provider client, closed when the run ends on every path (REF-20:
≤ 40 messages per batch)."""

from __future__ import annotations

import asyncio

import pytest

from chathub_desktop.core.messages import Role
from chathub_desktop.services.container import Services
from tests.fakes.vendor_server import FakeVendor, Reply, openai_error
from tests.integration.test_compaction import add_turns, compact, setup, state, summ, summary_reply

__all__ = ["summ"]  # the History Compress model's fixture


@pytest.fixture(autouse=True)
def small_window(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COMPACT_CONTEXT_WINDOW_LOCAL", "4000")


def test_compact_now_on_a_short_topic_says_nothing_to_gain_without_calling_the_summarizer(
        services: Services, fake_vendor: FakeVendor, summ: FakeVendor) -> None:
    """walk37 #12: Compact now on 4 short turns took 22.6 s on a local model only to say
    "nothing to gain". The projection (the turns leave, a summary of its expected size, at
    least ``SUMMARY_FLOOR`` tokens, takes their place) decides it before any summarizer request."""
    topic = setup(services, fake_vendor, summ)
    add_turns(services, topic, 1, 4, size=3)
    services.chat.append_row(topic, role=Role.USER, content="latest")
    out = compact(services, topic)
    assert out.status == "nothing_eligible" and out.reason == "nothing_to_gain"
    assert out.message.startswith("nothing to gain: these 8 messages take ")
    assert out.message.endswith("; nothing was summarized")
    assert out.after_tokens == out.before_tokens
    assert state(services, topic) == ("", None)  # no summary, no cursor
    assert len(summ.requests) == 0


def test_a_summary_longer_than_the_turns_keeps_the_old_state(
        services: Services, fake_vendor: FakeVendor, summ: FakeVendor) -> None:
    """Turns long enough to earn the call, a summary longer than them anyway: before,
    the request grew (9,312 → 9,581); now nothing is stored and the outcome says there was
    nothing to gain."""
    topic = setup(services, fake_vendor, summ)
    add_turns(services, topic, 1, 4, size=120)
    services.chat.append_row(topic, role=Role.USER, content="latest")
    summ.script(summary_reply("a long summary" + " lorem ipsum" * 800))
    out = compact(services, topic)
    assert out.status == "nothing_eligible" and out.reason == "nothing_to_gain"
    assert out.message.startswith("nothing to gain: a summary of these 8 messages would not make the next "
                                  "request smaller")
    assert out.after_tokens == out.before_tokens
    assert state(services, topic) == ("", None)  # the old state: no summary, no cursor
    assert len(summ.requests) == 1


def test_a_summary_shorter_than_the_turns_is_kept(
        services: Services, fake_vendor: FakeVendor, summ: FakeVendor) -> None:
    topic = setup(services, fake_vendor, summ)
    add_turns(services, topic, 1, 4, size=80)
    services.chat.append_row(topic, role=Role.USER, content="latest")
    summ.script(summary_reply("u1 to u4 talked about lorem"))
    out = compact(services, topic)
    assert out.status == "compacted"
    assert out.after_tokens is not None and out.before_tokens is not None
    assert out.after_tokens < out.before_tokens
    assert state(services, topic)[0] == "u1 to u4 talked about lorem"


def test_compact_now_on_six_short_turns_of_a_2k_window_compacts(
        services: Services, fake_vendor: FakeVendor, summ: FakeVendor, monkeypatch: pytest.MonkeyPatch) -> None:
    """walk40 (SmolLM2-135M, 2,048-token window): Compact now on 6 short turns said
    "Nothing to gain" (587 tokens against a summary of the whole 600-token cap), so only
    auto-compact ever summarized. A summary of ~560 tokens of turns is expected at about
    half their size, not at the cap: the summarizer is asked, and its short summary kept."""
    monkeypatch.setenv("COMPACT_CONTEXT_WINDOW_LOCAL", "2048")
    topic = setup(services, fake_vendor, summ)
    add_turns(services, topic, 1, 6, size=40)
    services.chat.append_row(topic, Role.USER, "latest")
    summ.script(summary_reply("u1 to u6 asked about lorem; a1 to a6 answered with lorem"))
    out = compact(services, topic)
    assert out.status == "compacted", out.message
    assert len(summ.requests) == 1
    assert out.after_tokens is not None and out.before_tokens is not None
    assert out.after_tokens < out.before_tokens
    assert state(services, topic)[0] == "u1 to u6 asked about lorem; a1 to a6 answered with lorem"


def test_compact_now_on_a_topic_that_fills_a_2k_window_compacts(
        services: Services, fake_vendor: FakeVendor, summ: FakeVendor, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COMPACT_CONTEXT_WINDOW_LOCAL", "2048")
    topic = setup(services, fake_vendor, summ)
    add_turns(services, topic, 1, 6, size=110)
    services.chat.append_row(topic, Role.USER, "latest")
    summ.script(summary_reply("u1 to u6 asked about lorem"))
    out = compact(services, topic)
    assert out.status == "compacted", out.message
    assert out.after_tokens is not None and out.before_tokens is not None and out.after_tokens < out.before_tokens


class _Clients:
    """Counts the provider clients a run builds and closes."""

    def __init__(self, services: Services, monkeypatch: pytest.MonkeyPatch) -> None:
        self.built = 0
        self.closed = 0
        original = services.providers.aclient

        async def counted(ref):  # type: ignore[no-untyped-def]
            client = await original(ref)
            self.built += 1
            close = client.aclose

            async def aclose() -> None:
                self.closed += 1
                await close()

            client.aclose = aclose  # type: ignore[method-assign]
            return client

        monkeypatch.setattr(services.providers, "aclient", counted)


def test_one_client_for_every_batch(services: Services, fake_vendor: FakeVendor, summ: FakeVendor,
                                    monkeypatch: pytest.MonkeyPatch) -> None:
    topic = setup(services, fake_vendor, summ)
    add_turns(services, topic, 1, 50, size=1)  # 100 short messages: 3 batches of ≤ 40 (REF-20)
    services.chat.append_row(topic, role=Role.USER, content="latest")
    summ.script(*(summary_reply(f"s{i}") for i in range(3)))
    clients = _Clients(services, monkeypatch)
    out = compact(services, topic)
    assert out.status == "compacted" and out.batches == 3
    assert len(summ.requests) == 3
    assert (clients.built, clients.closed) == (1, 1)


def test_the_client_is_closed_when_a_batch_fails_or_the_run_is_stopped(
        services: Services, fake_vendor: FakeVendor, summ: FakeVendor, monkeypatch: pytest.MonkeyPatch) -> None:
    topic = setup(services, fake_vendor, summ)
    add_turns(services, topic, 1, 50, size=1)
    services.chat.append_row(topic, role=Role.USER, content="latest")
    summ.script(summary_reply("s0"), Reply(error_status=500, error_body=openai_error("boom", "server_error")))
    clients = _Clients(services, monkeypatch)
    out = compact(services, topic)
    assert out.status == "failed"
    assert (clients.built, clients.closed) == (1, 1)

    summ.script(summary_reply("s0"), Reply(text_chunks=["<summary>slow"], hang=True))
    seen = len(summ.requests)

    async def stopped() -> None:
        assert services.compaction is not None
        task = asyncio.ensure_future(services.compaction.compact(topic))
        while len(summ.requests) < seen + 2:  # the second batch is waiting for its answer
            await asyncio.sleep(0.02)
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task

    asyncio.run(stopped())
    assert (clients.built, clients.closed) == (2, 2)
