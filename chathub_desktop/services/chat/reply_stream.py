"""Streaming one planned request into its reply row, and storing how the reply ended
(APP-10, issue 12, issue 32): the step :class:`~chathub_desktop.services.chat.chat_service.ChatService`
repeats for every request of a send (a rescue's resend, a short ``Retry-After``, each
tool round).

The text is published as it arrives (:class:`ReplyDelta`, the deltas of
:data:`STREAM_SLICE_S` as one) and checkpointed
(``services.chat.reply_store``); a server silent for ``stream-silence-seconds`` is
reported (``services.chat.silence_watch``); an empty answer at the window ceiling
(CMP-12) or with no text and no tool call (issue 32) becomes an error the user sees.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import functools
import logging
import time
from dataclasses import dataclass
from typing import Any

from chathub_desktop.core.messages import MessageStatus, ToolCall, Usage
from chathub_desktop.core.overflow import is_empty_reply_at_ceiling
from chathub_desktop.core.reasons import QT_TRANSLATE_NOOP, Reason
from chathub_desktop.core.stored_text import StreamText
from chathub_desktop.providers.base import (
    ChatClient,
    ChatRequest,
    ErrorKind,
    FinishEvent,
    ProviderError,
    ReasoningDelta,
    TextDelta,
    ToolCallEvent,
    UsageEvent,
)
from chathub_desktop.providers.fault_words import fault_reason
from chathub_desktop.services.chat.empty_reply import empty_reply_reason, is_empty_reply
from chathub_desktop.services.chat.heap_trim import TRIM_AFTER_CHARS, trim_heap
from chathub_desktop.services.chat.reply_store import (
    Checkpointer,
    storable_call,
    store_checkpoint,
    store_finish,
)
from chathub_desktop.services.chat.reply_tasks import ReplyTasks
from chathub_desktop.services.chat.reply_text import ReplyText
from chathub_desktop.services.chat.send_results import StreamResult, StreamStopped, finish_anyway
from chathub_desktop.services.chat.silence_watch import watch_silence
from chathub_desktop.services.events import EventBus, ReplyDelta, ReplyFinished
from chathub_desktop.storage.database import Database

__all__ = ["PlannedRequest", "ReplyStreamer"]

log = logging.getLogger(__name__)

#: A reply left empty by a request that fills the window (CMP-12); values: the input
#: and the window in tokens, grouped.
_CONTEXT_ERROR = QT_TRANSLATE_NOOP(
    "ServiceReasons", "The model returned an empty reply for a request that fills its context window "
                      "(%1 of %2 tokens). Compact the topic or start a new one.")
#: A send that failed before its reply began, and a failure no client classified.
_REQUEST_FAILED = QT_TRANSLATE_NOOP("ServiceReasons", "the request failed: %1")


#: Longest stretch the stream loop runs without letting the event loop turn, seconds
#: (stream50: a fast server keeps the socket's buffer full, so reading never suspends and
#: a huge reply froze the window for as long as it streamed); also the longest a delta
#: waits to be published with the ones after it.
STREAM_SLICE_S = 0.008


class _Deltas:
    """Publishes a reply's text deltas as :class:`ReplyDelta` events, those arriving within
    :data:`STREAM_SLICE_S` of each other as one (stream50: a fast server sends thousands
    of deltas a second; each event costs the window a signal)."""

    def __init__(self, bus: EventBus, topic_id: int, reply_id: int) -> None:
        self._bus = bus
        self._topic_id = topic_id
        self._reply_id = reply_id
        self._unsent: list[str] = []
        self._timer: asyncio.TimerHandle | None = None

    def add(self, text: str) -> None:
        """Publish ``text`` within :data:`STREAM_SLICE_S`, with what arrives meanwhile."""
        self._unsent.append(text)
        if self._timer is None:
            self._timer = asyncio.get_running_loop().call_later(STREAM_SLICE_S, self.flush)

    def flush(self) -> None:
        """Publish what is waiting now (before the reply's end is announced)."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if self._unsent:
            text = "".join(self._unsent)
            self._unsent.clear()
            self._bus.publish(ReplyDelta(self._topic_id, self._reply_id, text))


@dataclass(frozen=True)
class PlannedRequest:
    """One request ready to post: its body, local total (tokens), context receipt
    (issue 19) and the ``stream-silence-seconds`` limit (seconds, issue 12)."""

    request: ChatRequest
    total: int
    receipt: dict[str, object]
    silence_s: float


class ReplyStreamer:
    """Streams planned requests into reply rows of ``db`` and stores how each ended,
    announcing both on ``bus``; ``sends`` says whether a cut was Stop or quit."""

    def __init__(self, db: Database, bus: EventBus, sends: ReplyTasks) -> None:
        self._db = db
        self._bus = bus
        self._sends = sends

    async def stream(self, topic_id: int, reply_id: int, client: ChatClient, planned: PlannedRequest,
                     window: int, provider: str = "", prefix: str = "") -> StreamResult:
        """Stream one ``planned`` request into ``reply_id``; returns what it produced
        (``window``: the model's context window, tokens). Provider failures come back as
        a result with status ``error`` (a transport failure said plainly, naming
        ``provider``, the raw text kept as the error's detail: walk53 #2); Stop or quit stores what arrived and raises
        :class:`StreamStopped`. The text so far is checkpointed about every
        :data:`CHECKPOINT_S` seconds and at every tool call. ``prefix``: the text the row
        already holds (a reply continued, walk53b #4): what arrives is appended to it, and
        it is published first, so the window's text of the row is the whole reply."""
        text = ReplyText()  # chunks of 64 K characters, not one string per delta (huge51)
        calls: list[ToolCall] = []
        usage = Usage()
        reasoned = False  # any reasoning arrived (never stored, CMP-3; not kept: issue 32)
        unread = 0  # events the client could not read (issue 32)
        finish: str | None = None
        checkpoint = Checkpointer(self._db, functools.partial(store_checkpoint, self._db, reply_id))
        clean = StreamText()  # a surrogate pair split over two deltas, a lone one or a NUL
        deltas = _Deltas(self._bus, topic_id, reply_id)
        if prefix:
            text.add(prefix)
            deltas.add(prefix)

        def result(status: MessageStatus, **failure: Any) -> StreamResult:
            deltas.flush()
            if tail := clean.flush():
                text.add(tail)
            # the chunks go as the whole text is made (a huge reply is held once, then twice
            # only while it is joined)
            return StreamResult(reply_id, status, text.whole(), tuple(calls), usage, finish,
                                receipt=planned.receipt, **failure)

        watch = asyncio.get_running_loop().create_task(
            watch_silence(self._bus, topic_id, reply_id, client.activity, planned.silence_s),
            name=f"silence:{topic_id}")
        try:
            async with contextlib.aclosing(client.stream(planned.request)) as events:
                turn = time.perf_counter()
                async for ev in events:
                    if time.perf_counter() - turn > STREAM_SLICE_S:  # let the window paint and the timers fire
                        await asyncio.sleep(0)
                        turn = time.perf_counter()
                    if isinstance(ev, TextDelta):
                        if piece := clean.feed(ev.text):
                            text.add(piece)
                            deltas.add(piece)
                            checkpoint.maybe(text, calls)
                    elif isinstance(ev, ReasoningDelta):
                        reasoned = reasoned or bool(ev.text.strip())
                    elif isinstance(ev, ToolCallEvent):
                        deltas.flush()
                        calls.append(storable_call(ev.call))
                        checkpoint.now(text, calls)
                    elif isinstance(ev, UsageEvent):
                        usage = usage.merged(ev.usage)
                    elif isinstance(ev, FinishEvent):
                        finish, unread = ev.finish_reason, ev.unread_events
            done = result(MessageStatus.COMPLETE)
            if is_empty_reply_at_ceiling(
                done.text, calls, "reasoned" if reasoned else "", usage.output_tokens,
                usage.input_tokens, window,
            ):  # CMP-12
                why = Reason(_CONTEXT_ERROR, (f"{usage.input_tokens:,}", f"{window:,}"))
                done = dataclasses.replace(
                    done, status=MessageStatus.ERROR, error_kind=ErrorKind.CONTEXT_OVERFLOW.value,
                    error=why.english(), why=why)
            elif is_empty_reply([done.text], len(calls)):  # issue 32: an empty answer is an error
                why = empty_reply_reason(finish, reasoned, unread)
                done = dataclasses.replace(
                    done, status=MessageStatus.ERROR, error_kind=ErrorKind.BAD_RESPONSE.value,
                    error=why.english(), why=why)
        except asyncio.CancelledError as exc:
            stopped = result(self._sends.take_cut(topic_id, MessageStatus.INTERRUPTED))
            await checkpoint.settled()
            await finish_anyway(self.finish(stopped))
            raise StreamStopped(*exc.args) from exc
        except ProviderError as exc:  # past a stream limit: the text so far is kept, cut (stream50)
            plain = fault_reason(exc, provider, kept_text=bool(text.chars) or bool(calls))
            done = result(MessageStatus.CUT if exc.kind is ErrorKind.TOO_LARGE else MessageStatus.ERROR,
                          error=exc.message or str(exc), error_kind=exc.kind.value,
                          retry_after_s=exc.retry_after_s, why=plain or exc.why)
        except Exception as exc:  # a transport or library failure the client did not classify
            log.warning("reply for topic %s failed", topic_id, exc_info=True)
            why = Reason(_REQUEST_FAILED, (str(exc),))
            done = result(MessageStatus.ERROR, error=why.english(), error_kind=ErrorKind.NETWORK.value, why=why)
        finally:
            deltas.flush()  # (a path that made no result: nothing waits past the stream)
            watch.cancel()
            await asyncio.gather(watch, return_exceptions=True)
        await checkpoint.settled()
        return done

    async def finish(self, result: StreamResult) -> StreamResult:
        """Store ``result`` as the reply's final state (:meth:`StreamResult.settled`) and
        announce it; returns what was stored."""
        stored = result.settled()
        topic_id = await self._db.run(store_finish, self._db, stored)
        if len(stored.text) >= TRIM_AFTER_CHARS:  # its buffers are freed now: give them back (huge51)
            self._db.submit(trim_heap)
        if topic_id is not None:
            self._bus.publish(ReplyFinished(topic_id, stored.reply_id, stored.status, stored.error, stored.why))
        return stored

