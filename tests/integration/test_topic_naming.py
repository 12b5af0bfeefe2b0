"""Issue 28 (APP-10): what a naming request carries — example chats and their titles
before the message, temperature 0 where the model accepts it — and that a private
topic is never sent for naming."""

from __future__ import annotations

import asyncio

import pytest

from chathub_desktop.core.topic_titles import NAMING_EXAMPLES, title_from_text
from chathub_desktop.services.container import Services
from chathub_desktop.services.topics.topic_naming import TopicNamer
from tests.fakes.vendor_server import FakeVendor, Reply

TEXT = "How do I parse JSON in Rust without serde?"


def _name(services: Services, vendor: FakeVendor, model: str, *, private: bool = False) -> int:
    """Name a new topic of ``TEXT`` with ``model`` on ``vendor``; returns the topic id."""
    if not services.providers.list():
        services.providers.add("Namer", "openai", vendor.base_url, api_key="sk-n")
        services.assistants.create("Helper", provider="Namer", model="gpt-4o")
    services.settings.set("topic-naming-model", f"Namer/{model}")
    topic = services.topics.create("Helper", title_from_text(TEXT), private=private).id
    namer = TopicNamer(services.db, services.bus, services.providers, services.settings, services.catalog)
    asyncio.run(namer.name(topic, TEXT))
    return topic


def test_the_request_shows_examples_at_temperature_0(services: Services, fake_vendor: FakeVendor) -> None:
    fake_vendor.script(Reply(text_chunks=["Rust JSON", " parsing"]))
    topic = _name(services, fake_vendor, "gpt-4o-mini")
    assert services.topics.get(topic).title == "Rust JSON parsing"
    body = fake_vendor.last_request.body
    assert body is not None and body["temperature"] == 0.0 and body["max_tokens"] == 32
    assert "reasoning_effort" not in body and "thinking" not in body
    messages = body["messages"]
    assert isinstance(messages, list) and len(messages) == 2 + 2 * len(NAMING_EXAMPLES)
    assert [m["role"] for m in messages[:3]] == ["system", "user", "assistant"]
    assert messages[-1] == {"role": "user", "content": f'Message: "{TEXT}"\nWhat is the topic of this message? '
                                                       "Answer with a title of 2 to 4 words."}


def test_a_reasoning_model_thinks_least_with_room_for_it(services: Services, fake_vendor: FakeVendor) -> None:
    """gpt-5-mini: its default temperature (gpt-5 and the o-series refuse any other), its
    lowest effort, and 2,048 more tokens: its thoughts count against the cap (32 tokens
    of thinking left no title, REF-21's rule)."""
    fake_vendor.script(Reply(text_chunks=["Rust JSON parsing"]))
    topic = _name(services, fake_vendor, "gpt-5-mini")
    assert services.topics.get(topic).title == "Rust JSON parsing"
    body = fake_vendor.last_request.body
    assert body is not None and "temperature" not in body
    assert body["max_completion_tokens"] == 32 + 2048 and body["reasoning_effort"] == "minimal"


def test_a_private_topic_is_never_sent_for_naming(services: Services, fake_vendor: FakeVendor,
                                                  caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level("INFO", logger="chathub_desktop.services.topics.topic_naming")
    fake_vendor.script(Reply(text_chunks=["Rust JSON parsing"]))
    topic = _name(services, fake_vendor, "gpt-4o-mini", private=True)
    assert fake_vendor.requests == []
    assert services.topics.get(topic).title == "How do I parse JSON in Rust without…"
    assert f"topic {topic} keeps its first-words title: it is private or gone" in caplog.text
