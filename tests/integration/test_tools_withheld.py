"""A llama.cpp server whose chat template takes no tools (walkthrough F3, issues 24/28):
its ``/props`` says ``chat_template_caps.supports_tools: false``, Test connection keeps
that beside the windows, and the one request plan then offers no tool — the posted body
has no ``tools``, the badge's Tools part is 0 and its figure is the plan's, the memory
block is still injected (MEM-4 read-only), and the popover and the receipt say why."""

from __future__ import annotations

import asyncio

import pytest

from chathub_desktop.core.context_receipt import TOOLS_WITHHELD_NOTE, receipt_lines
from chathub_desktop.core.memory_tools import MEMORY_TOOL_NAMES
from chathub_desktop.services.container import Services
from chathub_desktop.services.context.meter_rows import meter_rows
from tests.fakes.vendor_server import FakeVendor, Reply

MODEL = "smollm2-135m"


def _llama_topic(services: Services, vendor: FakeVendor, supports_tools: object, *,
                 tested: bool = True) -> tuple[int, int]:
    vendor.models = [MODEL]
    vendor.model_fields = {MODEL: {"owned_by": "llamacpp", "meta": {"n_ctx_train": 8192}}}
    vendor.props = {"default_generation_settings": {"n_ctx": 2048},
                    "chat_template_caps": {"supports_tools": supports_tools, "supports_tool_calls": False}}
    p = services.providers.add("Local", "openai_compatible", vendor.base_url)
    if tested:
        result = asyncio.run(services.provider_models.test(p.id))
        assert result.ok, result.message
    services.assistants.create("A", provider="Local", model=MODEL, instructions="Be brief.")
    services.memory.add("A", "The user's name is Ada.")
    return p.id, services.topics.create("A").id


def test_a_server_without_tool_support_gets_no_tools_and_the_badge_counts_none(
        services: Services, fake_vendor: FakeVendor) -> None:
    pid, topic = _llama_topic(services, fake_vendor, False)
    assert services.provider_models.takes_no_tools(pid, MODEL)
    badge = services.estimates.estimate(topic, "hello")
    assert badge.parts.get("tools", 0) == 0 and badge.parts.get("memory", 0) > 0
    tools_row = next(r for r in meter_rows(badge) if r.key == "tools")
    assert tools_row.tokens == 0
    assert tools_row.note == "None offered — this server's chat template doesn't accept tools."
    fake_vendor.script(Reply(text_chunks=["hi"]))
    out = asyncio.run(services.chat.send(topic, "hello"))
    assert out.status == "complete"
    body = fake_vendor.last_request.body
    assert body is not None and "tools" not in body
    assert "Ada" in str(body["messages"])  # the memory block still goes (MEM-4 read-only)
    assert out.receipt is not None and out.receipt["tools"] == [] and out.receipt["tools_withheld"] is True
    # the badge counted the request that was sent (its draft became the history part)
    assert badge.total == out.receipt["local_tokens"]
    assert ("Tools: " + TOOLS_WITHHELD_NOTE) in receipt_lines(out.receipt)
    assert TOOLS_WITHHELD_NOTE == "none — this server's chat template doesn't accept tools"


@pytest.mark.parametrize("supports_tools", [True, "false", 0, None])
def test_only_a_real_false_withholds_the_tools(services: Services, fake_vendor: FakeVendor,
                                               supports_tools: object) -> None:
    pid, topic = _llama_topic(services, fake_vendor, supports_tools)
    assert not services.provider_models.takes_no_tools(pid, MODEL)
    badge = services.estimates.estimate(topic, "hello")
    assert badge.parts["tools"] > 0 and not badge.tools_withheld
    fake_vendor.script(Reply(text_chunks=["hi"]))
    asyncio.run(services.chat.send(topic, "hello"))
    body = fake_vendor.last_request.body
    assert body is not None and {t["function"]["name"] for t in body["tools"]} >= MEMORY_TOOL_NAMES  # type: ignore[index, union-attr]


def test_a_later_test_connection_that_says_tools_offers_them_again(
        services: Services, fake_vendor: FakeVendor) -> None:
    pid, topic = _llama_topic(services, fake_vendor, False)
    fake_vendor.props = {"chat_template_caps": {"supports_tools": True}}
    assert asyncio.run(services.provider_models.test(pid)).ok
    assert not services.provider_models.takes_no_tools(pid, MODEL)
    assert services.estimates.estimate(topic, "hello").parts["tools"] > 0


def test_the_first_send_to_an_untested_local_server_asks_it_first(
        services: Services, fake_vendor: FakeVendor) -> None:
    """Walkthrough follow-up: no Test connection needed. The first send to a self-hosted
    server that was never tested reads its /models and /props first (once), so the very
    first request already offers no tools; the window it serves is kept too."""
    pid, topic = _llama_topic(services, fake_vendor, False, tested=False)
    assert services.provider_models.cached(pid) == ()
    fake_vendor.script(Reply(text_chunks=["hi"]), Reply(text_chunks=["again"]))
    out = asyncio.run(services.chat.send(topic, "hello"))
    assert out.status == "complete"
    body = fake_vendor.last_request.body
    assert body is not None and "tools" not in body
    assert out.receipt is not None and out.receipt["tools_withheld"] is True
    assert services.provider_models.cached(pid) == (MODEL,)
    assert services.provider_models.windows(pid) == {MODEL: 2048}
    fake_vendor.props = None  # asked once per process: the next send does not ask again
    asyncio.run(services.chat.send(topic, "more"))
    assert services.provider_models.takes_no_tools(pid, MODEL)
