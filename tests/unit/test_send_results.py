"""Issue 31: a send's results are immutable and built once (APP-1, CMP-11, issue 12)."""

from __future__ import annotations

import asyncio
import dataclasses

import pytest
from hypothesis import given
from hypothesis import strategies as st

from chathub_desktop.core.messages import MessageStatus, ToolCall, Usage
from chathub_desktop.core.reasons import Reason
from chathub_desktop.services.chat.send_results import (
    FAILURE_MAX,
    LENGTH_NOTICE,
    SendOutcome,
    StreamResult,
    StreamStopped,
    Tries,
    failure_line,
    failure_reason,
    finish_anyway,
)
from chathub_desktop.services.errors import InvalidInput


def test_a_send_outcome_cannot_be_changed_after_it_is_built() -> None:
    reply = StreamResult(7, MessageStatus.COMPLETE, "hello", usage=Usage(input_tokens=12, output_tokens=3))
    out = SendOutcome.of(3, reply, Tries(rescued=True), Reason("stopped after %1 rounds", ("3",)))
    assert (out.user_message_id, out.reply_message_id, out.status, out.text) == (3, 7, "complete", "hello")
    assert out.rescued and not out.auto_retried and out.notice == "stopped after 3 rounds"  # the CLI's line
    assert out.notice_why == Reason("stopped after %1 rounds", ("3",))  # the window's, typed (walk54 #2)
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
    assert cut.settled().notice_why == Reason(LENGTH_NOTICE)  # marked for translation (walk54 #2)
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


def test_a_failed_send_reason_is_the_refusals_line_or_names_the_failure() -> None:
    """A reply row that failed shows a refusal's own first line, else ``the send failed: …``."""
    assert failure_line(InvalidInput("an attachment of this topic is missing\nmore")) == (
        "an attachment of this topic is missing")
    assert failure_line(OSError("disk full")) == "the send failed: disk full"
    assert failure_line(RuntimeError()) == "the send failed: RuntimeError"


@given(st.text(max_size=5000), st.booleans())
def test_a_failed_send_reason_is_one_bounded_line(text: str, refusal: bool) -> None:
    """Whatever text a failure carries, the stored reason is one non-empty line of at most FAILURE_MAX."""
    line = failure_line(InvalidInput(text) if refusal else ValueError(text))
    assert line and len(line) <= FAILURE_MAX and len(line.splitlines()) == 1


def test_a_row_being_ended_is_ended_though_the_task_is_cancelled_again() -> None:
    """finish_anyway: a second cancel while a row is being ended waits for the end; the
    task still ends cancelled."""
    ended: list[str] = []

    async def end_row() -> None:
        await asyncio.sleep(0.05)
        ended.append("ended")

    async def send() -> None:
        try:
            await asyncio.sleep(60)
        except asyncio.CancelledError:
            await finish_anyway(end_row())
            raise

    async def scenario() -> None:
        task = asyncio.ensure_future(send())
        await asyncio.sleep(0)
        task.cancel()
        for _ in range(3):
            await asyncio.sleep(0)
        task.cancel()  # the second Stop
        with pytest.raises(asyncio.CancelledError):
            await task
        assert ended == ["ended"]

    asyncio.run(scenario())


def test_a_failed_sends_line_is_typed_for_the_window() -> None:
    """Issue 27: the row's failure line is stored typed too, so the window says it in its
    language: a refusal's own reason, or "the send failed: %1" with the error's words as
    data; in English each is exactly the stored line."""
    from chathub_desktop.core.reasons import QT_TRANSLATE_NOOP, Reason

    typed = Reason(QT_TRANSLATE_NOOP("ServiceReasons", "topic title must not be empty"))
    assert failure_reason(InvalidInput(typed)) is typed
    why = failure_reason(OSError("disk full\nmore"))
    assert why.template == "the send failed: %1" and why.args == ("disk full",)
    assert why.english() == failure_line(OSError("disk full\nmore")) == "the send failed: disk full"
    plain = failure_reason(InvalidInput("a refusal without a typed reason"))
    assert plain.english() == "a refusal without a typed reason"
