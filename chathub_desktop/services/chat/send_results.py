"""The immutable results of one send (issue 31; APP-1, CMP-11, issue 12).

Each stream step returns a :class:`StreamResult` (what one request produced for its
reply row, exactly as it is stored); the send's :class:`SendOutcome` is built once from
the last reply's result and the send's :class:`Tries`. Stop or quit after a reply's stream
began raises :class:`StreamStopped`: the reply stored what arrived, so the send keeps the
row; a plain ``asyncio.CancelledError`` means the reply never began and its placeholder
is dropped (Stop) or stored ``interrupted`` (quit, APP-8).
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
from collections.abc import Awaitable
from dataclasses import dataclass
from typing import TypeVar

from chathub_desktop.core.messages import MessageStatus, ToolCall, Usage
from chathub_desktop.core.overflow import is_length_stop
from chathub_desktop.core.reasons import QT_TRANSLATE_NOOP, Reason
from chathub_desktop.core.token_estimate import (
    INPUT_TRUNCATED,
    silently_truncated,
    truncation_reason,
)
from chathub_desktop.services.errors import ServiceError

log = logging.getLogger(__name__)

_T = TypeVar("_T")

#: The longest failure reason a reply row stores (characters).
FAILURE_MAX = 300

#: The notice of a complete reply the model ended at its output token limit (the window
#: shows none: the row's footer says it beside Continue, walk54 #2).
LENGTH_NOTICE = QT_TRANSLATE_NOOP("ServiceReasons", "the reply was cut at the model's output token limit (max tokens)")
#: The notice of a complete reply whose server read only part of its request (REF-27).
_WARNING_NOTICE = QT_TRANSLATE_NOOP("ServiceReasons", "warning — %1")


@dataclass(frozen=True)
class StreamResult:
    """One reply row's result: its final ``status``, ``text`` and tool ``calls``, the
    provider's ``usage`` (tokens) and ``finish_reason``, an ``error`` with its kind
    (``ErrorKind`` value or ``INPUT_TRUNCATED``), a one-line ``notice`` for a reply that
    ended early without failing, the ``retry_after_s`` seconds the provider asked for, and
    the context ``receipt`` of the request posted (``None`` when none was, issue 19)."""

    reply_id: int
    status: MessageStatus
    text: str = ""
    calls: tuple[ToolCall, ...] = ()
    usage: Usage = Usage()
    finish_reason: str | None = None
    error: str | None = None
    error_kind: str | None = None
    notice: str | None = None
    #: ``error`` as a typed reason (issue 27), stored beside it for the window.
    why: Reason | None = None
    retry_after_s: float | None = None
    receipt: dict[str, object] | None = None
    #: ``notice`` as a typed reason, said in the interface language (walk54 #2).
    notice_why: Reason | None = None

    @property
    def empty(self) -> bool:
        """True when neither text nor a tool call arrived (a rescue or retry may resend)."""
        return not self.text and not self.calls

    def settled(self) -> StreamResult:
        """The result as stored: a complete reply cut at the output token limit carries
        :data:`LENGTH_NOTICE` (over any other notice)."""
        if self.status == MessageStatus.COMPLETE and is_length_stop(self.finish_reason):
            return dataclasses.replace(self, notice=LENGTH_NOTICE, notice_why=Reason(LENGTH_NOTICE))
        return self

    def silently_cut(self, sent_tokens: int, exact: bool, *, self_hosted: bool) -> StreamResult:
        """A complete reply whose local/self-hosted server (``self_hosted``, issue 24)
        reported far less input than the ``sent_tokens`` this process counted (``exact``:
        no image allowances) keeps status ``complete`` but carries a visible warning
        (``error_kind`` :data:`INPUT_TRUNCATED`): the server cut the prompt silently, so
        its report is neither an anchor nor a correction sample (REF-27). A hosted
        vendor's report is what it billed: never marked, whatever our count says (TOK-3)."""
        reported = self.usage.input_tokens
        if not (self_hosted and self.status == MessageStatus.COMPLETE
                and silently_truncated(reported, sent_tokens, exact)):
            return self
        assert reported is not None
        why = truncation_reason(reported, sent_tokens)
        warning = why.english()
        log.warning("provider reported %s input tokens for a request counted at %s: %s",
                    reported, sent_tokens, warning)
        notice = Reason(_WARNING_NOTICE, (why,))
        return dataclasses.replace(self, error_kind=INPUT_TRUNCATED, error=warning, notice=notice.english(),
                                   notice_why=notice,
                                   why=why)


@dataclass(frozen=True)
class Tries:
    """What a send already spent: the one overflow rescue (CMP-11) and the one automatic
    retry after a short ``Retry-After`` (issue 12)."""

    rescued: bool = False
    auto_retried: bool = False


class StreamStopped(asyncio.CancelledError):
    """Stop or quit after a reply's stream began: the reply stores (or stored) what
    arrived; nothing is dropped. The task still ends cancelled."""


def failure_line(exc: Exception) -> str:
    """The one-line reason (at most :data:`FAILURE_MAX` characters) a reply row shows
    for a send that failed with ``exc``, not a cancellation: a refusal's
    (``ServiceError``) own first line, else ``the send failed: …``."""
    first = next((line.strip() for line in str(exc).splitlines() if line.strip()), "")
    if not (isinstance(exc, ServiceError) and first):
        first = f"the send failed: {first or type(exc).__name__}"
    return first[:FAILURE_MAX]


_SEND_FAILED = QT_TRANSLATE_NOOP("ServiceReasons", "the send failed: %1")
_SEND_PREFIX = "the send failed: "


def failure_reason(exc: Exception) -> Reason:
    """:func:`failure_line` as a typed reason the window says in its language (issue 27):
    a refusal's own typed reason, else its line, or ``the send failed: %1`` with the
    error's own words as data."""
    if isinstance(exc, ServiceError) and exc.why is not None:
        return exc.why
    line = failure_line(exc)
    if line.startswith(_SEND_PREFIX) and not isinstance(exc, ServiceError):
        return Reason(_SEND_FAILED, (line[len(_SEND_PREFIX):],))
    return Reason("%1", (line,))


async def finish_anyway(step: Awaitable[_T]) -> _T:
    """Await ``step`` (ending a reply row: storing, dropping or announcing it) to its end
    even when the send's task is cancelled again meanwhile (a second Stop, or quit after
    Stop): the cancellation being handled is the caller's to raise afterwards, so no row
    is left ``streaming``. Returns ``step``'s result; raises what it raises."""
    fut = asyncio.ensure_future(step)
    while True:
        try:
            return await asyncio.shield(fut)
        except asyncio.CancelledError:
            if fut.cancelled():
                raise
            if fut.done():
                return fut.result()


@dataclass(frozen=True)
class SendOutcome:
    """Result of one send: the stored ids, final status, reply text and usage (tokens)."""

    user_message_id: int
    reply_message_id: int
    status: MessageStatus
    text: str = ""
    usage: Usage = Usage()
    error: str | None = None
    error_kind: str | None = None
    #: True when a context overflow was rescued by one compaction and a resend (CMP-11).
    rescued: bool = False
    #: The provider's finish reason of the last reply (``stop``, ``length``, ...).
    finish_reason: str | None = None
    #: A one-line note for the user about a reply that ended early but is not an error:
    #: cut at the token limit, or the tool loop stopped after MAX_TOOL_ROUNDS rounds.
    notice: str | None = None
    #: ``notice`` as a typed reason, said in the interface language (walk54 #2).
    notice_why: Reason | None = None
    #: Seconds the provider asked to wait before a retry (``Retry-After``), when it did.
    retry_after_s: float | None = None
    #: True once the request was sent again after a short ``Retry-After`` (at most once).
    auto_retried: bool = False
    #: The context receipt of the last request posted (``core.context_receipt``), stored
    #: on the reply row; ``None`` when no request was posted (issue 19).
    receipt: dict[str, object] | None = None

    @classmethod
    def of(cls, user_message_id: int, reply: StreamResult, tries: Tries,
           notice: Reason | None) -> SendOutcome:
        """The outcome of a send whose last reply is ``reply`` (``notice`` is the send's,
        kept typed for the window and in English for the CLI)."""
        return cls(user_message_id, reply.reply_id, reply.status, reply.text, reply.usage,
                   reply.error, reply.error_kind, rescued=tries.rescued,
                   finish_reason=reply.finish_reason, notice=notice.english() if notice else None,
                   notice_why=notice,
                   retry_after_s=reply.retry_after_s, auto_retried=tries.auto_retried,
                   receipt=reply.receipt)
