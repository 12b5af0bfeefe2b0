"""Topics in the token popover's states (issue 24), built through the real services: the
estimate each returns is the figure of the plan Send posts. Shared by the service test
(``tests/integration/test_meter_rows.py``) and the popover tests (``tests/gui``).

Each builder returns ``(topic id, draft, attachments)`` to pass to
``services.estimates.estimate``.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from datetime import UTC, datetime, timedelta

from sqlalchemy import insert

from chathub_desktop.core.attachments import Attachment, image_attachment
from chathub_desktop.core.messages import Usage
from chathub_desktop.services.container import Services
from chathub_desktop.storage.models import CorrectionFactor, Message, TopicCompaction
from tests.fakes.vendor_server import FakeVendor, Reply

State = tuple[int, str, tuple[Attachment, ...]]
ROW = "The migration plan covers the schema, the backfill and the rollback of step {i}. "


def make_topic(svc: Services, vendor: FakeVendor | None, rows: int, *, name: str = "A",
           model: str = "gpt-4o", repeat: int = 3) -> int:
    """A topic of ``rows`` alternating messages on an assistant with instructions, one
    memory entry (memory and the memory tools ride along) and a hosted OpenAI provider."""
    if not svc.providers.list():
        svc.providers.add("F", "openai", vendor.base_url if vendor else "http://127.0.0.1:9/v1",
                          api_key="sk-x")
    svc.assistants.create(name, provider="F", model=model, instructions="Be brief and exact.")
    svc.assistants.update(name, auto_compact=False)
    svc.memory.add(name, "prefers metric units")
    topic = svc.topics.create(name).id
    now = datetime.now(UTC) - timedelta(hours=2)
    if not rows:
        return topic
    with svc.db.write() as s:
        s.execute(insert(Message), [
            {"topic_id": topic, "seq": i + 1, "role": "user" if i % 2 == 0 else "assistant",
             "content": ROW.format(i=i) * repeat, "created_at": now} for i in range(rows)])
    return topic


def _send(svc: Services, vendor: FakeVendor, topic: int, text: str, input_tokens: int) -> int:
    vendor.script(Reply(text_chunks=["Noted", "."], usage=Usage(input_tokens=input_tokens, output_tokens=2)))
    out = asyncio.run(svc.chat.send(topic, text))
    assert out.status == "complete"
    return out.reply_message_id


def counted(svc: Services, vendor: FakeVendor) -> State:
    """No reply reports usage: the whole next request counted locally."""
    return make_topic(svc, vendor, 12), "", ()


def anchored_with_tail(svc: Services, vendor: FakeVendor) -> State:
    """This run sent the last request and the provider reported a little more than our
    count; a draft is typed after it (the tail)."""
    topic = make_topic(svc, vendor, 12)
    local = svc.estimates.estimate(topic, "What is step 12?").local_total
    _send(svc, vendor, topic, "What is step 12?", local + 40)
    return topic, "And the rollback?", ()


def report_below_parts(svc: Services, vendor: FakeVendor) -> State:
    """The llama.cpp case: the provider reported 37 for a request our parts count at
    about 800 (anchored: total = 37 + what came after)."""
    topic = make_topic(svc, vendor, 0)
    _send(svc, vendor, topic, "Short?", 37)
    return topic, "", ()


def with_images(svc: Services, vendor: FakeVendor) -> State:
    """A draft with an 800×600 PNG attached (counted from its size, TOK-5)."""
    topic = make_topic(svc, vendor, 4)
    png = image_attachment("plan.png", b"\x89PNG\r\n\x1a\n" + b"\0" * 64, "image/png", 800, 600)
    return topic, "What does this diagram show?", (png,)


def with_summary(svc: Services, vendor: FakeVendor) -> State:
    """A topic summary covers the first 8 rows (the summary wrapper part)."""
    topic = make_topic(svc, vendor, 12)
    ids = [m.id for m in svc.topics.messages(topic)]
    with svc.db.write() as s:
        s.add(TopicCompaction(topic_id=topic, summary="The user plans a schema migration in steps.",
                              cursor_message_id=ids[7]))
    svc.estimates.invalidate(topic)
    return topic, "", ()


def corrected(svc: Services, vendor: FakeVendor) -> State:
    """No anchor, and a learned correction of 1.025 for the model (REF-27): the 9,312 →
    9,548 case of issue 24."""
    topic = make_topic(svc, vendor, 12)
    provider = svc.providers.list()[0].id
    with svc.db.write() as s:
        s.add(CorrectionFactor(provider_id=provider, model="gpt-4o", ratio=1.025, samples=12))
    return topic, "", ()  # no estimate ran yet: the first one reads the stored factor


def fallback_report(svc: Services, vendor: FakeVendor) -> State:
    """A report this run did not send (an earlier run): the larger of the local count and
    report + tail is used (TOK-4)."""
    topic = make_topic(svc, vendor, 12)
    local = svc.estimates.estimate(topic).local_total
    with svc.db.write() as s:
        last = max((m for m in s.query(Message).filter_by(topic_id=topic)), key=lambda m: m.seq)
        last.input_tokens, last.status, last.model = local + 500, "complete", "gpt-4o"
        last.provider_id = svc.providers.list()[0].id
    svc.estimates.invalidate(topic)
    return topic, "", ()


def over_budget(svc: Services, vendor: FakeVendor) -> State:
    """A 4,000-token model card under a topic of about 5,600 tokens."""
    topic = make_topic(svc, vendor, 40, model="tiny-model", repeat=6)
    svc.models.set("tiny-model", 4000)
    svc.estimates.invalidate()
    return topic, "", ()


def limited(svc: Services, vendor: FakeVendor) -> State:
    """A history limit of 4 drops older turns and no summary keeps them (the history
    window's warning, TOK-1)."""
    topic = make_topic(svc, vendor, 12)
    svc.assistants.update("A", history_limit_enabled=True, history_limit=4)
    svc.estimates.invalidate()
    return topic, "", ()


def tools_withheld(svc: Services, vendor: FakeVendor) -> State:
    """A llama.cpp server whose chat template takes no tools (its ``/props``, walkthrough
    F3): Test connection keeps that, and the plan offers no tool (Tools 0, with why)."""
    vendor.models = ["smollm2-135m"]
    vendor.model_fields = {"smollm2-135m": {"owned_by": "llamacpp", "meta": {"n_ctx_train": 8192}}}
    vendor.props = {"default_generation_settings": {"n_ctx": 2048},
                    "chat_template_caps": {"supports_tools": False, "supports_tool_calls": False}}
    pid = svc.providers.add("F", "openai_compatible", vendor.base_url).id
    assert asyncio.run(svc.provider_models.test(pid)).ok
    return make_topic(svc, vendor, 4, model="smollm2-135m", repeat=1), "hello", ()


STATES: dict[str, Callable[[Services, FakeVendor], State]] = {
    "counted": counted,
    "anchored_with_tail": anchored_with_tail,
    "report_below_parts": report_below_parts,
    "with_images": with_images,
    "with_summary": with_summary,
    "corrected": corrected,
    "fallback_report": fallback_report,
    "over_budget": over_budget,
    "limited": limited,
    "tools_withheld": tools_withheld,
}
