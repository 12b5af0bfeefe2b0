"""The secret detector's rules (issue 19) compile when something may soon be
remembered, not at start (issue 29, quiet and light at rest: they hold about 44 MB)."""

from __future__ import annotations

import asyncio

import pytest

from chathub_desktop.services.container import Services
from chathub_desktop.services.memory import secret_scan
from tests.fakes.vendor_server import FakeVendor, Reply


def test_a_reply_starts_compiling_the_secret_rules(services: Services, fake_vendor: FakeVendor,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    warmed: list[bool] = []
    monkeypatch.setattr(secret_scan, "warm_up", lambda: warmed.append(True))
    services.providers.add("F", "openai", fake_vendor.base_url, api_key="sk-x")
    services.assistants.create("A", provider="F", model="gpt-4o")
    topic = services.topics.create("A").id
    assert warmed == []  # opening the store and making a topic compile nothing
    fake_vendor.script(Reply(text_chunks=["noted"]))
    out = asyncio.run(services.chat.send(topic, "remember that I like tea"))
    assert out.status == "complete"
    assert warmed  # the reply may call the memory tool; its compaction check may summarize
