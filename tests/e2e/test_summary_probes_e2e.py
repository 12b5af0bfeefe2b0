"""Issue 26 end to end: the probe check of a summary against the real small local model
(SmolLM2-135M under llama.cpp, 2,048-token window). Checks the mechanism — two probes,
four requests through one client, answers stored with the topic — not the score.
Skipped like ``test_local_model`` when the model is missing."""

from __future__ import annotations

import asyncio

import pytest

from chathub_desktop.core.messages import Role
from chathub_desktop.services.container import Services
from chathub_desktop.storage.models import TopicCompaction
from tests.e2e.local_model import MODEL_ALIAS, LocalModelServer

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(400)]  # 4 calls; one took 65 s at load 16


def test_probe_check_runs_against_the_real_model(services: Services, local_model: LocalModelServer,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COMPACT_CONTEXT_WINDOW_LOCAL", "2048")
    services.providers.add("Local", "openai_compatible", local_model.base_url, api_key=None)
    services.settings.set("history-compress-model", f"Local/{MODEL_ALIAS}")
    services.assistants.create("Helper", provider="Local", model=MODEL_ALIAS)
    topic = services.topics.create("Helper").id
    services.chat.append_row(topic, role=Role.USER, content="Save the report to docs/report.md please.")
    last = services.chat.append_row(topic, role=Role.ASSISTANT, content="Done. The row limit is 250 rows.")
    services.chat.append_row(topic, role=Role.USER, content="Thanks.")
    with services.db.write() as s:
        s.add(TopicCompaction(topic_id=topic, summary="The user asked for a report; the limit is 250 rows.",
                              cursor_message_id=last, debug_log=[], archives=[], failure_count=0))
    plan = asyncio.run(services.probes.plan_topic(topic, 2))
    assert [p.expected for p in plan.probes] == ["docs/report.md", "250"]
    assert plan.requests == 4 and plan.max_tokens == 48
    report = asyncio.run(services.probes.run_and_store(topic, plan))
    assert len(report.answers) == 2 and report.requests == 4
    assert report.model == f"Local/{MODEL_ALIAS}"
    assert all(len(a.with_turns) <= 400 and len(a.with_summary) <= 400 for a in report.answers)
    assert services.probes.report(topic) == report
    assert report.verdict()  # the score itself may be anything with a 135M model
