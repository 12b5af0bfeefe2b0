"""Compaction's History Compress server that is down said plainly (walk53c #1, issue 29):
the outcome names the provider, its address and what to do, as a reply's error line does,
not the raw "could not connect to …/chat/completions (All connection attempts failed)".
Through the real local HTTP stand-in: a port where nothing listens."""

from __future__ import annotations

import asyncio
import socket

import pytest

from chathub_desktop.core.compaction_kinds import CompactionPhase
from chathub_desktop.core.messages import Role
from chathub_desktop.services.container import Services
from chathub_desktop.services.events import CompactionProgress
from chathub_desktop.services.fault_place import fault_provider
from tests.fakes.vendor_server import FakeVendor


@pytest.fixture(autouse=True)
def small_window(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COMPACT_CONTEXT_WINDOW_LOCAL", "4000")


def _free_port() -> int:
    with socket.socket() as s:  # bound then closed: nothing listens there
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _finished_names(heard: list[object]) -> str | None:
    """The provider the finished compaction event's reason names (bits54: the window's
    box for an automatic run's failure reads it from the event)."""
    done = [e for e in heard if isinstance(e, CompactionProgress) and e.phase == CompactionPhase.FINISHED]
    assert len(done) == 1
    return fault_provider(done[0].why)


def test_a_compaction_whose_server_is_down_says_so(services: Services, fake_vendor: FakeVendor) -> None:
    port = _free_port()
    services.providers.add("Chat", "openai_compatible", fake_vendor.base_url, api_key="sk-chat")
    services.providers.add("llama.cpp", "openai_compatible", f"http://127.0.0.1:{port}/v1", api_key="sk-x")
    services.settings.set("history-compress-model", "llama.cpp/smol")
    services.assistants.create("Helper", provider="Chat", model="local-llm")
    topic = services.topics.create("Helper").id
    for k in range(1, 7):
        services.chat.append_row(topic, role=Role.USER, content=f"u{k}" + " lorem" * 200)
        services.chat.append_row(topic, role=Role.ASSISTANT, content=f"a{k}" + " lorem" * 200)
    assert services.compaction is not None
    heard: list[object] = []
    services.bus.subscribe(heard.append)
    out = asyncio.run(services.compaction.compact(topic))
    assert out.status == "failed"
    assert _finished_names(heard) == "llama.cpp"
    assert out.message.endswith(f"ChatHub can't reach llama.cpp at 127.0.0.1:{port} — is the server running? "
                                "Retry, or check Settings → Providers.")
    assert "could not connect" not in out.message


def test_a_threshold_compaction_whose_server_is_down_says_so(services: Services,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """NUM-8's summary by the chat model itself: its server down is said the same way,
    naming the provider (not "the chat model failed: could not connect …")."""
    for var in ("COMPACT_ENABLED", "DISABLE_AUTO_COMPACT", "COMPACT_BUFFER_TOKENS", "COMPACT_KEEP_RECENT"):
        monkeypatch.delenv(var, raising=False)
    port = _free_port()
    services.providers.add("Local", "openai_compatible", f"http://127.0.0.1:{port}/v1")
    services.assistants.create("Numi", provider="Local", model="local-llm")
    for key, value in (("compact-enabled", "on"), ("compact-buffer-tokens", "1024"), ("compact-keep-recent", "6")):
        services.settings.set(key, value)
    topic = services.topics.create("Numi").id
    for k in range(12):
        services.chat.append_row(topic, role=Role.USER, content=f"question {k} " + "q" * 450)
        services.chat.append_row(topic, role=Role.ASSISTANT, content=f"answer {k} " + "a" * 450)
    heard: list[object] = []
    services.bus.subscribe(heard.append)
    asyncio.run(services.chat.send(topic, "next"))
    assert _finished_names(heard) == "Local"  # the window's box offers Settings → Providers (bits54)
    assert services.compaction is not None
    last = services.compaction.summary(topic).debug_log[-1]
    assert last["result"] == "failed"
    assert last["message"] == (f"threshold compaction failed: ChatHub can't reach Local at 127.0.0.1:{port} — is "
                               "the server running? Retry, or check Settings → Providers.")
