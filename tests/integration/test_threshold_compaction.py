"""The threshold compaction policy (Numi Chat rules, NUM-1 … NUM-10) through the send
path, against the fake vendor over real HTTP on 127.0.0.1: the chat model itself
writes the summary, and the next request is system, recap, acknowledgement, recent turns."""

from __future__ import annotations

import asyncio

import pytest

from chathub_desktop.core import threshold_compaction as tc
from chathub_desktop.core.messages import Role
from chathub_desktop.services.container import Services
from chathub_desktop.services.errors import InvalidInput
from tests.fakes.vendor_server import FakeVendor, Reply, openai_error

WINDOW = 4096  # the seed's small local model: threshold 4096 − 1024 = 3072 estimated tokens


@pytest.fixture(autouse=True)
def small_local_window(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COMPACT_CONTEXT_WINDOW_LOCAL", str(WINDOW))
    for var in ("COMPACT_ENABLED", "DISABLE_AUTO_COMPACT", "COMPACT_BUFFER_TOKENS", "COMPACT_KEEP_RECENT",
                "COMPACT_MAX_FAILURES"):
        monkeypatch.delenv(var, raising=False)


def setup(svc: Services, vendor: FakeVendor, turns: int = 12) -> tuple[int, list[int]]:
    """A local model with the policy on (buffer 1024, keep 6) and ``turns`` long turns."""
    svc.providers.add("Local", "openai_compatible", vendor.base_url)
    svc.assistants.create("Numi", provider="Local", model="local-llm", instructions="Be brief.")
    for key, value in (("compact-enabled", "on"), ("compact-buffer-tokens", "1024"), ("compact-keep-recent", "6")):
        svc.settings.set(key, value)
    topic = svc.topics.create("Numi").id
    ids = []
    for k in range(turns):
        ids.append(svc.chat.append_row(topic, role=Role.USER, content=f"question {k} " + "q" * 450))
        ids.append(svc.chat.append_row(topic, role=Role.ASSISTANT, content=f"answer {k} " + "a" * 450))
    return topic, ids


def fake_vendor_messages(vendor: FakeVendor, i: int):  # type: ignore[no-untyped-def]
    from chathub_desktop.core.messages import ChatMessage, Role

    return [ChatMessage(Role(r), c) for r, c in contents(vendor, i)]


def contents(vendor: FakeVendor, i: int) -> list[tuple[str, str]]:
    body = vendor.requests[i].body
    assert body is not None
    return [(str(m["role"]), str(m.get("content") or "")) for m in body["messages"]]  # type: ignore[union-attr,index]


def test_over_the_threshold_the_chat_model_summarizes_older_turns(services: Services, fake_vendor: FakeVendor) -> None:
    topic, ids = setup(services, fake_vendor)
    from chathub_desktop.storage.models import Message

    with services.db.write() as s:  # one long older message: the summarizer sees it cut (NUM-10)
        row = s.get(Message, ids[16])
        assert row is not None
        row.content, row.token_count = "question 8 " + "q" * 5000, None
    fake_vendor.script(Reply(text_chunks=["<summary>The user asks numbered questions.</summary>"]),
                       Reply(text_chunks=["Here is answer 12."]))
    out = asyncio.run(services.chat.send(topic, "question 12"))
    assert out.status == "complete" and out.text == "Here is answer 12."
    assert len(fake_vendor.requests) == 2
    summary_body = fake_vendor.requests[0].body or {}
    assert "tools" not in summary_body  # NUM-9: no tools
    prompt = "\n".join(c for _r, c in contents(fake_vendor, 0))
    assert "question 8" in prompt and "<summary>" in prompt
    assert tc.estimate_tokens(fake_vendor_messages(fake_vendor, 0)) <= tc.threshold(WINDOW, 1024)  # fits
    assert "q" * 2900 in prompt and "q" * 3001 not in prompt  # NUM-10: ≤ 3,000 characters per message
    sent = contents(fake_vendor, 1)
    assert sent[0][0] == "system"
    assert sent[1] == ("user", f"{tc.SUMMARY_PREFIX}\nThe user asks numbered questions.")  # NUM-7
    assert sent[2] == ("assistant", tc.ACKNOWLEDGEMENT)
    recent = [c.split()[1] for r, c in sent[3:-1]]
    assert recent and recent[0] == recent[1]  # starts on a complete turn (NUM-6)
    assert len(sent[3:-1]) >= 6 and "question 0" not in "".join(c for _r, c in sent[3:])
    assert sent[-1] == ("user", "question 12")
    view = services.compaction.summary(topic)
    assert view.text == "The user asks numbered questions." and view.cursor_message_id in ids
    assert view.model == "Local/local-llm"
    est = services.estimates.estimate(topic)
    assert est.has_summary and est.parts["summary"] > 0  # the badge counts the recap turns
    assert est.threshold_trigger == tc.threshold(WINDOW, 1024)  # the popover names the policy's trigger
    assert est.threshold_estimate is not None and 0 < est.threshold_estimate <= est.threshold_trigger


def test_a_summary_cut_at_the_token_limit_is_kept_to_its_last_complete_sentence(
        services: Services, fake_vendor: FakeVendor) -> None:
    """NUM-9 / CMP-5 (issue 24): a summary cut by the completion cap is still a summary —
    stored up to its last complete sentence, the send goes on with it."""
    topic, _ids = setup(services, fake_vendor)
    fake_vendor.script(Reply(text_chunks=["<summary>The user asks numbered questions. Question 7 is ab"],
                             finish_reason="length"),
                       Reply(text_chunks=["Here is answer 12."]))
    out = asyncio.run(services.chat.send(topic, "question 12"))
    assert out.status == "complete" and out.text == "Here is answer 12."
    assert services.compaction.summary(topic).text == "The user asks numbered questions."
    assert contents(fake_vendor, 1)[1] == ("user", f"{tc.SUMMARY_PREFIX}\nThe user asks numbered questions.")


def test_under_the_threshold_or_switched_off_nothing_is_summarized(
        services: Services, fake_vendor: FakeVendor, monkeypatch: pytest.MonkeyPatch) -> None:
    topic, _ids = setup(services, fake_vendor, turns=3)
    asyncio.run(services.chat.send(topic, "short"))
    assert len(fake_vendor.requests) == 1  # 3 turns are far below 3,072 tokens
    topic2, _ = setup_second(services)
    services.assistants.update("Numi", auto_compact=False)  # the watermark policy stays out of it
    monkeypatch.setenv("DISABLE_AUTO_COMPACT", "yes")  # NUM-1: beats compact-enabled
    asyncio.run(services.chat.send(topic2, "question"))
    assert len(fake_vendor.requests) == 2 and services.compaction.summary(topic2).text == ""


def setup_second(svc: Services) -> tuple[int, list[int]]:
    topic = svc.topics.create("Numi").id
    for k in range(12):
        svc.chat.append_row(topic, role=Role.USER, content=f"q{k} " + "q" * 450)
        svc.chat.append_row(topic, role=Role.ASSISTANT, content=f"a{k} " + "a" * 450)
    return topic, []


def test_failures_open_the_circuit_breaker(services: Services, fake_vendor: FakeVendor) -> None:
    """NUM-8: after max-failures failed summaries, no more attempts during the cooldown;
    the chat still answers."""
    topic, _ids = setup(services, fake_vendor)
    services.settings.set("compact-max-failures", "2")
    for _ in range(2):
        fake_vendor.script(Reply(error_status=500, error_body=openai_error("busy", "server_error")),
                           Reply(text_chunks=["still answering"]))
        out = asyncio.run(services.chat.send(topic, "next"))
        assert out.text == "still answering"
    assert services.compaction.summary(topic).failure_count == 2
    assert services.compaction.summary(topic).cooldown_until is not None
    before = len(fake_vendor.requests)
    fake_vendor.script(Reply(text_chunks=["no summary attempt"]))
    asyncio.run(services.chat.send(topic, "again"))
    assert len(fake_vendor.requests) == before + 1  # the reply only


def test_a_latest_turn_too_large_for_the_budget_is_refused(services: Services, fake_vendor: FakeVendor) -> None:
    """NUM-5: when the latest turn alone exceeds the budget, no request goes out and the
    error asks for fewer attachments or a model with a larger context window."""
    topic, _ids = setup(services, fake_vendor, turns=0)
    out = asyncio.run(services.chat.send(topic, "x" * 12_000))
    assert out.status == "error" and "larger context window" in (out.error or "")
    assert fake_vendor.requests == []


def test_when_a_summary_fails_older_turns_are_still_left_out_to_fit(
        services: Services, fake_vendor: FakeVendor) -> None:
    """NUM-5: context limits apply even when summarization fails: the request drops the
    oldest complete turns until its estimate is within window − buffer."""
    topic, _ids = setup(services, fake_vendor)
    fake_vendor.script(Reply(error_status=500, error_body=openai_error("busy", "server_error")),
                       Reply(text_chunks=["answered anyway"]))
    out = asyncio.run(services.chat.send(topic, "next"))
    assert out.text == "answered anyway"
    body = fake_vendor.requests[-1].body or {}
    from chathub_desktop.core.messages import ChatMessage, Role

    sent = [ChatMessage(Role(m["role"]), str(m.get("content") or "")) for m in body["messages"]]  # type: ignore[index,union-attr]
    assert tc.estimate_tokens(sent) <= tc.threshold(WINDOW, 1024) + 200  # tools are counted too
    assert len(sent) < 26 and sent[-1].content == "next" and sent[1].role is Role.USER  # whole turns
    assert services.estimates.estimate(topic).history.dropped_by_limit > 0  # the badge shows it


def test_a_buffer_as_large_as_the_window_says_so(services: Services, fake_vendor: FakeVendor) -> None:
    topic, _ids = setup(services, fake_vendor, turns=2)
    services.settings.set("compact-buffer-tokens", str(WINDOW))
    out = asyncio.run(services.chat.send(topic, "hello"))
    assert out.status == "error" and "compact-buffer-tokens" in (out.error or "")
    assert fake_vendor.requests == []


def test_bad_settings_are_refused(services: Services, fake_vendor: FakeVendor,
                                  monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(InvalidInput):
        services.settings.set("compact-keep-recent", "0")
    with pytest.raises(InvalidInput):
        services.settings.set("compact-buffer-tokens", "lots")
    with pytest.raises(InvalidInput, match="between"):
        services.settings.set("compact-buffer-tokens", "99999999999999999999")
    topic, _ids = setup(services, fake_vendor, turns=1)
    monkeypatch.setenv("COMPACT_BUFFER_TOKENS", "-5")
    with pytest.raises(InvalidInput, match="COMPACT_BUFFER_TOKENS"):
        asyncio.run(services.chat.send(topic, "hi"))


def test_environment_bounds_the_history_sent(services: Services, fake_vendor: FakeVendor,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """NUM-11: PROMPT_MAX_HISTORY_MESSAGES bounds what is sent, like a history limit."""
    topic, _ids = setup(services, fake_vendor, turns=3)
    services.settings.set("compact-enabled", "off")
    monkeypatch.setenv("PROMPT_MAX_HISTORY_MESSAGES", "3")
    asyncio.run(services.chat.send(topic, "latest"))
    sent = [r for r, _c in contents(fake_vendor, 0) if r != "system"]
    assert 1 < len(sent) <= 4 and contents(fake_vendor, 0)[-1] == ("user", "latest")
    assert services.estimates.estimate(topic).history.dropped_by_limit > 0  # the badge agrees
