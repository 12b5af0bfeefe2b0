"""Continue end to end (walk53b #4): the real small local model (SmolLM2-135M under
llama.cpp) stops a reply at a small ``max_tokens`` (``length``, REF-12); Continue asks it
again with the cut reply and the instruction and appends what it writes to the same
stored reply. Proves the plumbing, not quality. Skipped like ``test_local_model`` when
the model is missing."""

from __future__ import annotations

import asyncio

import pytest

from chathub_desktop.core.messages import MessageStatus
from chathub_desktop.services.container import Services
from tests.e2e.local_model import MODEL_ALIAS, LocalModelServer

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(300)]


def test_a_reply_cut_at_max_tokens_is_continued_into_the_same_reply(
        services: Services, local_model: LocalModelServer) -> None:
    services.providers.add("Local", "openai_compatible", local_model.base_url, api_key=None)
    services.assistants.create("Helper", provider="Local", model=MODEL_ALIAS, max_tokens=12,
                               max_tokens_enabled=True)
    topic = services.topics.create("Helper").id
    first = asyncio.run(services.chat.send(topic, "Write a long story about a lighthouse keeper."))
    assert first.status == MessageStatus.COMPLETE and first.finish_reason == "length", first
    cut = services.topics.messages(topic)[-1]
    assert cut.cut_off and cut.content
    out = asyncio.run(services.chat.continue_reply(topic, cut.id, len(cut.content)))
    assert out.status == MessageStatus.COMPLETE, out
    msgs = services.topics.messages(topic)
    assert len(msgs) == 2  # no user message stored for the instruction
    m = msgs[-1]
    assert m.id == cut.id and m.content.startswith(cut.content) and len(m.content) > len(cut.content)
    assert m.output_tokens is not None and m.output_tokens > (cut.output_tokens or 0)
    assert m.receipt is not None and m.receipt["continued"] == 1
