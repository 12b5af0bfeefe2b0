"""Issue 31: a send's results are immutable and built once (APP-1, CMP-11, issue 12)."""

from __future__ import annotations

import asyncio
import dataclasses

import pytest

from chathub_desktop.core.messages import MessageStatus, ToolCall, Usage
from chathub_desktop.services.chat.send_results import (
    LENGTH_NOTICE,
    SendOutcome,
    StreamResult,
    StreamStopped,
    Tries,
)


def test_a_send_outcome_cannot_be_changed_after_it_is_built() -> None:
    reply = StreamResult(7, MessageStatus.COMPLETE, "hello", usage=Usage(input_tokens=12, output_tokens=3))
    out = SendOutcome.of(3, reply, Tries(rescued=True), "a notice")
    assert (out.user_message_id, out.reply_message_id, out.status, out.text) == (3, 7, "complete", "hello")
    assert out.rescued and not out.auto_retried and out.notice == "a notice"
    assert out.usage.input_tokens == 12
    with pytest.raises(dataclasses.FrozenInstanceError):
        out.status = MessageStatus.ERROR  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        reply.text = "changed"  # type: ignore[misc]


def test_only_a_complete_reply_cut_at_the_length_stop_gets_the_max_tokens_notice() -> None:
    """REF-12: ``length`` on a complete reply is a notice (over a truncation warning);
    a stopped reply carries none."""
    cut = StreamResult(1, MessageStatus.COMPLETE, "partial", finish_reason="length", notice="warning — x")
    assert cut.settled().notice == "the reply was cut at the model's output token limit (max tokens)"
    assert cut.settled().notice == LENGTH_NOTICE
    stopped = StreamResult(1, MessageStatus.CANCELLED, "partial", finish_reason="length")
    assert stopped.settled() is stopped and stopped.notice is None
    whole = StreamResult(1, MessageStatus.COMPLETE, "done", finish_reason="stop")
    assert whole.settled() is whole


def test_empty_means_no_text_and_no_tool_call() -> None:
    assert StreamResult(1, MessageStatus.ERROR).empty
    assert not StreamResult(1, MessageStatus.ERROR, "x").empty
    assert not StreamResult(1, MessageStatus.COMPLETE, calls=(ToolCall("c1", "f", "{}"),)).empty


def test_a_stream_stopped_after_it_began_still_ends_its_task_cancelled() -> None:
    """Stop keeps the task's contract: the caller sees a cancelled task (APP-8)."""

    async def stopped() -> None:
        raise StreamStopped()

    async def main() -> bool:
        task = asyncio.get_running_loop().create_task(stopped())
        await asyncio.gather(task, return_exceptions=True)
        return task.cancelled()

    assert asyncio.run(main())
