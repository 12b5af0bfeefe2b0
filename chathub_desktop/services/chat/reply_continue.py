"""Continue a reply the provider stopped at its output token limit (walk53b #4; peers:
Cherry Studio's and LobeHub's "Continue").

The topic's newest reply, complete and stopped at the length limit (REF-12's set,
``core.overflow.is_length_stop``), is re-opened by this process in one write transaction
that checks it is still the reply the user saw (:func:`claim_continue`); the request is
the topic's plan as a send makes it, with the cut reply as its last assistant turn and
:data:`CONTINUE_INSTRUCTION` as a user turn that is never stored; the new text is
appended to the same row (:meth:`ChatService.continue_reply`).
"""

from __future__ import annotations

from dataclasses import dataclass

from chathub_desktop.core.messages import MessageStatus, Role, Usage
from chathub_desktop.core.overflow import is_length_stop
from chathub_desktop.core.reasons import QT_TRANSLATE_NOOP, Reason
from chathub_desktop.services.chat.process_identity import PROCESS_ID
from chathub_desktop.services.errors import InvalidInput
from chathub_desktop.storage.database import Database
from chathub_desktop.storage.session import Session
from chathub_desktop.storage.topic_repository import update_reply
from chathub_desktop.storage.topic_rows import last_message, message_row

__all__ = ["CONTINUE_INSTRUCTION", "INSTRUCTION_PART", "RECEIPT_KEY", "ContinueClaim", "claim_continue", "continued_receipt",
           "continued_usage", "not_continuable", "put_back_unchanged"]

#: The turn sent after the cut reply (to the model, in English; never stored nor shown).
CONTINUE_INSTRUCTION = ("Your previous reply was cut off at the output token limit. Continue it exactly where it "
                        "stopped, mid-word or mid-sentence if need be, without repeating anything already written "
                        "and without any preamble.")
#: The receipt's count of continuations of its reply (absent: none).
RECEIPT_KEY = "continued"
#: The receipt's part the instruction turn took (the assembler counts it as a draft).
INSTRUCTION_PART = "instruction"

_NOT_CONTINUABLE = QT_TRANSLATE_NOOP(
    "ServiceReasons", "only the topic's newest reply can be continued, and only when it stopped at the length limit "
                      "and has not changed since")
_COVERED = QT_TRANSLATE_NOOP(
    "ServiceReasons", "this reply is covered by the topic summary, so it can't be continued; regenerate it instead")


def not_continuable(covered: bool = False) -> InvalidInput:
    """The refusal for a reply that cannot be continued (``covered``: the topic summary
    covers it, so the plan would not send it)."""
    return InvalidInput(Reason(_COVERED if covered else _NOT_CONTINUABLE))


@dataclass(frozen=True)
class ContinueClaim:
    """A reply re-opened for its continuation: its ``text`` and ``usage`` so far, the
    ``finish_reason`` and ``receipt`` it had (restored when nothing was asked after all)."""

    reply_id: int
    text: str
    usage: Usage
    finish_reason: str | None
    receipt: dict[str, object] | None


def claim_continue(s: Session, topic_id: int, reply_id: int, seen_chars: int | None, model: str,
                   provider_id: int) -> ContinueClaim:
    """In write session ``s``: re-open reply ``reply_id`` of ``topic_id`` as ``streaming``
    by this process for ``model`` of ``provider_id``, its text kept. It must be the topic's
    last message, an assistant reply ``complete`` without tool calls and stopped at the
    length limit (REF-12), and — the version check — hold ``seen_chars`` characters, the
    text the user saw (``None``: not checked). Else :class:`InvalidInput`, nothing changed."""
    last = last_message(s, topic_id)
    if (last is None or last.id != reply_id or last.role != Role.ASSISTANT or last.status != MessageStatus.COMPLETE
            or last.tool_calls or not is_length_stop(last.finish_reason)
            or (seen_chars is not None and len(last.content) != seen_chars)):
        raise not_continuable()
    update_reply(s, reply_id, {"status": MessageStatus.STREAMING.value, "model": model, "provider_id": provider_id,
                               "sent_by_process": PROCESS_ID, "token_count": None})
    usage = Usage(last.input_tokens, last.output_tokens, last.cached_tokens, last.cache_write_tokens,
                  last.reasoning_tokens)
    return ContinueClaim(reply_id, last.content, usage, last.finish_reason, last.receipt)


def put_back_unchanged(db: Database, claim: ContinueClaim) -> int | None:
    """In one write transaction of ``db``: a continuation stopped (or cut by quit) before
    anything arrived leaves its reply as it was — complete, its finish reason, usage and
    receipt — so Continue is offered again; a reply that gained text or a tool call, or
    ended otherwise, is left as stored. Returns its topic id when it was put back, else
    None. Worker thread."""
    with db.write() as s:
        row = message_row(s, claim.reply_id)
        if (row is None or row.status not in (MessageStatus.CANCELLED, MessageStatus.INTERRUPTED)
                or row.tool_calls or row.content != claim.text):
            return None
        return _restore(s, claim)


def _restore(s: Session, claim: ContinueClaim) -> int | None:
    """Write ``claim``'s reply back as it was before its continuation was asked."""
    u = claim.usage
    return update_reply(s, claim.reply_id, {
        "status": MessageStatus.COMPLETE.value, "finish_reason": claim.finish_reason, "receipt": claim.receipt,
        "error": None, "error_kind": None, "error_reason": None, "input_tokens": u.input_tokens,
        "output_tokens": u.output_tokens, "cached_tokens": u.cached_tokens,
        "cache_write_tokens": u.cache_write_tokens, "reasoning_tokens": u.reasoning_tokens})


def continued_usage(before: Usage, after: Usage) -> Usage:
    """The reply's usage once continued: output (and reasoning) tokens of both requests
    added up; input and cache figures are the continuation's, the request last sent."""
    def added(a: int | None, b: int | None) -> int | None:
        return b if a is None else a if b is None else a + b

    return Usage(after.input_tokens, added(before.output_tokens, after.output_tokens), after.cached_tokens,
                 after.cache_write_tokens, added(before.reasoning_tokens, after.reasoning_tokens))


def continued_receipt(receipt: dict[str, object], before: dict[str, object] | None) -> dict[str, object]:
    """The continuation request's ``receipt`` recording that it continued a reply: its
    :data:`RECEIPT_KEY` is one more than the ``before`` receipt's (1 for a first), and
    the instruction's tokens are its :data:`INSTRUCTION_PART` part, not a draft's."""
    done = before.get(RECEIPT_KEY, 0) if before else 0
    parts = receipt.get("parts")
    if isinstance(parts, dict) and "draft" in parts:
        parts = {(INSTRUCTION_PART if k == "draft" else k): v for k, v in parts.items()}
    return {**receipt, "parts": parts, RECEIPT_KEY: (done if isinstance(done, int) else 0) + 1}
