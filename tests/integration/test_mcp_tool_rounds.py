"""A long tool loop inside one send (issue 25; CMP-7, CMP-9, CMP-10, CMP-19).

The model calls the probe server's ``echo`` round after round: with the history limit
on, each request keeps the latest user message and only the newest 20 messages of its
assistant/tool tail (CMP-10), never a result without its call; with token auto-compact
on, a round whose results push the next request over the high watermark gets the older
turns summarized before that request (CMP-7), and the running turn stays verbatim
(CMP-9)."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from typing import Any

import pytest

from chathub_desktop.core.compaction import TAIL_CAP_MESSAGES
from chathub_desktop.core.mcp_config import ToolApproval
from chathub_desktop.core.messages import Role, ToolCall, Usage
from chathub_desktop.services.container import Services
from tests.fakes.mcp_probe_tools import IN_PROCESS_PROBE, InProcessServers
from tests.fakes.vendor_server import FakeVendor, Reply

#: Rounds in the long loop: past the 10 rounds whose 20 messages fill the tail cap.
ROUNDS = 14

@pytest.fixture
def mcp_connector() -> InProcessServers:
    """The probe server runs in this process (no child process)."""
    return InProcessServers()


@pytest.fixture
def summ() -> Iterator[FakeVendor]:
    """The History Compress model's own server."""
    with FakeVendor() as vendor:
        yield vendor


def _setup(services: Services, chat: FakeVendor, summ: FakeVendor) -> int:
    services.providers.add("Chat", "openai_compatible", chat.base_url, api_key="sk-chat")
    services.providers.add("Summ", "openai", summ.base_url, api_key="sk-summ")
    services.settings.set("history-compress-model", "Summ/gpt-5-mini")
    services.assistants.create("Helper", provider="Chat", model="local-llm", instructions="Be brief.")
    services.mcp.add(IN_PROCESS_PROBE)
    services.mcp.set_server_enabled("Helper", "probe", True)
    services.mcp.set_approval("Helper", "probe", "echo", ToolApproval.ALWAYS)
    return services.topics.create("Helper").id


def _echo_round(r: int, text: str, usage: Usage | None = None) -> Reply:
    return Reply(text_chunks=[], usage=usage, tool_calls=[ToolCall(f"r{r}", "probe__echo", json.dumps({"text": text}))])


def _pairs_hold(messages: list[dict[str, Any]]) -> None:
    """Every tool result follows the assistant message that made its call."""
    seen: set[str] = set()
    for m in messages:
        for c in m.get("tool_calls") or ():
            seen.add(c["id"])
        if m["role"] == "tool":
            assert m["tool_call_id"] in seen


def test_a_long_tool_loop_keeps_the_newest_twenty_tail_messages(
        services: Services, fake_vendor: FakeVendor, summ: FakeVendor) -> None:
    """CMP-10 inside one tool loop: from round 11 on each request carries the latest user
    message and exactly the newest 20 tail messages, so the newest result is always sent;
    the loop is not stopped before it (MAX_TOOL_ROUNDS)."""
    topic = _setup(services, fake_vendor, summ)
    services.assistants.update("Helper", history_limit_enabled=True, history_limit=4, auto_compact=False)
    services.chat.append_row(topic, role=Role.USER, content="u1 earlier question")
    services.chat.append_row(topic, role=Role.ASSISTANT, content="a1 earlier answer")
    usage = Usage(input_tokens=1400, output_tokens=10)  # about what the requests hold
    fake_vendor.script(*[_echo_round(r, f"result {r}", usage) for r in range(ROUNDS)],
                       Reply(text_chunks=["Done."], usage=usage))
    out = asyncio.run(services.chat.send(topic, "loop please"))
    assert out.status == "complete" and out.text == "Done." and out.notice is None
    assert len(fake_vendor.requests) == ROUNDS + 1
    for n, req in enumerate(fake_vendor.requests):
        msgs: list[dict[str, Any]] = req.body["messages"]  # type: ignore[index, assignment]
        _pairs_hold(msgs)
        users = [i for i, m in enumerate(msgs) if m["role"] == "user"]
        tail = msgs[users[-1] + 1:]
        assert msgs[users[-1]]["content"] == "loop please"
        assert len(tail) == min(2 * n, TAIL_CAP_MESSAGES)
        if n:
            assert tail[-1] == {"role": "tool", "tool_call_id": f"r{n - 1}", "content": f"result {n - 1}"}
    last: list[dict[str, Any]] = fake_vendor.last_request.body["messages"]  # type: ignore[index, assignment]
    assert [m["tool_call_id"] for m in last if m["role"] == "tool"] == [f"r{r}" for r in range(ROUNDS - 10, ROUNDS)]
    assert not summ.requests
    stored = [m for m in services.topics.messages(topic) if m.role == "tool"]
    assert len(stored) == ROUNDS  # raw rows are all kept (CMP-2)


def test_results_that_cross_the_high_watermark_compact_between_rounds(
        services: Services, fake_vendor: FakeVendor, summ: FakeVendor, monkeypatch: pytest.MonkeyPatch) -> None:
    """CMP-7 between tool rounds: the round whose result takes the next request over
    high × budget has the earlier turns summarized first; that request opens with the
    summary and still carries the running turn whole (CMP-9, CMP-19)."""
    monkeypatch.setenv("COMPACT_CONTEXT_WINDOW_LOCAL", "4000")
    topic = _setup(services, fake_vendor, summ)
    for k in range(1, 4):
        services.chat.append_row(topic, role=Role.USER, content=f"u{k} " + " lorem" * 300)
        services.chat.append_row(topic, role=Role.ASSISTANT, content=f"a{k} " + " ipsum" * 300)
    chunk = " dolor" * 500
    fake_vendor.script(*[_echo_round(r, f"part {r}" + chunk) for r in range(3)], Reply(text_chunks=["Done."]))
    summ.script(Reply(text_chunks=["<summary>Three earlier questions.</summary>"]))
    out = asyncio.run(services.chat.send(topic, "read the parts"))
    assert out.status == "complete" and out.text == "Done."
    assert len(summ.requests) == 1  # one run, between two rounds, not before the send
    texts = [json.dumps(r.body["messages"]) for r in fake_vendor.requests]  # type: ignore[index]
    assert "u1 " in texts[0] and "Three earlier questions." not in texts[0]
    turn = next(i for i, t in enumerate(texts) if "Three earlier questions." in t)
    assert 0 < turn < len(texts)
    after: list[dict[str, Any]] = fake_vendor.requests[turn].body["messages"]  # type: ignore[index, assignment]
    assert "u1 " not in json.dumps(after)
    _pairs_hold(after)
    assert [m["tool_call_id"] for m in after if m["role"] == "tool"] == [f"r{r}" for r in range(turn)]
    assert all(m["content"].endswith(chunk) for m in after if m["role"] == "tool")  # whole (CMP-19)


def test_an_unreachable_tail_is_logged_once_per_turn(
        services: Services, fake_vendor: FakeVendor, summ: FakeVendor, monkeypatch: pytest.MonkeyPatch) -> None:
    """CMP-17 debug log in a long tool loop (issue 25): once the running turn alone is past
    the low watermark, every later round's run is unreachable; the log keeps ONE entry for
    the turn, counting the runs, so the 20 kept entries are not all the same line
    (``tests/unit/test_compaction_plan.py``: a new turn gets an entry of its own)."""
    monkeypatch.setenv("COMPACT_CONTEXT_WINDOW_LOCAL", "4000")
    topic = _setup(services, fake_vendor, summ)
    for k in range(1, 3):
        services.chat.append_row(topic, role=Role.USER, content=f"u{k} " + " lorem" * 300)
        services.chat.append_row(topic, role=Role.ASSISTANT, content=f"a{k} " + " ipsum" * 300)
    chunk = " dolor" * 400
    fake_vendor.script(*[_echo_round(r, f"part {r}" + chunk) for r in range(5)], Reply(text_chunks=["Done."]))
    summ.script(Reply(text_chunks=["<summary>Two earlier questions.</summary>"]))
    out = asyncio.run(services.chat.send(topic, "read the parts"))
    assert out.status == "complete" and out.text == "Done."
    log = services.compaction.summary(topic).debug_log
    unreachable = [e for e in log if e["result"] == "unreachable"]
    assert len(unreachable) == 1, [(e["result"], e.get("repeats")) for e in log]
    repeats = unreachable[0]["repeats"]
    assert isinstance(repeats, int) and repeats >= 2
    from chathub_desktop.gui.context.summary_dialog import debug_row

    assert f" · {repeats} runs this turn, the first at " in debug_row(dict(unreachable[0]))[-1]
