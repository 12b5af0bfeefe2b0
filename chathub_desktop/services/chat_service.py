"""Sending a message and streaming the reply into its own topic (APP-1, APP-8, APP-10).

Flow (DESIGN.md): store the user message → pre-send compaction (message count, then
token threshold; ≤ 3 batches; Stop cancels it) → assemble through the one assembler →
stream from the provider → store the reply with its usage → token auto-compact check.
A context overflow (or an empty reply at the window ceiling) triggers one compaction
with the History Compress model and one resend rebuilt from the current topic (CMP-11). Every event names its topic,
so a reply keeps streaming when the user switches topics. Stop cancels the task at
once and keeps what arrived (status ``cancelled``); quitting stores ``interrupted``.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
from dataclasses import dataclass, field

from sqlalchemy import func, select

from chathub_desktop.core.messages import (
    ChatMessage,
    MessageStatus,
    Role,
    ToolCall,
    Usage,
)
from chathub_desktop.core.overflow import is_empty_reply_at_ceiling, is_length_stop
from chathub_desktop.core.request_assembly import assemble_request
from chathub_desktop.core.topic_titles import clean_model_title, title_from_text
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
from chathub_desktop.providers.catalog import ModelCatalog
from chathub_desktop.services.compaction_service import COMPACTED, UNREACHABLE, CompactionService
from chathub_desktop.services.errors import InvalidInput, ServiceError
from chathub_desktop.services.events import (
    EventBus,
    MessageAdded,
    ReplyDelta,
    ReplyFinished,
    TopicChanged,
)
from chathub_desktop.services.process_identity import PROCESS_ID, stream_is_orphaned
from chathub_desktop.services.provider_service import ProviderService
from chathub_desktop.services.request_context import (
    MemoryBlockSource,
    load_context,
    require_sendable,
)
from chathub_desktop.services.settings_service import SettingsService
from chathub_desktop.services.tool_registry import ToolRegistry
from chathub_desktop.services.topic_service import TopicService
from chathub_desktop.storage.database import Database
from chathub_desktop.storage.models import Message, Provider, Topic, utcnow

log = logging.getLogger(__name__)

#: Model round trips allowed after tool results before the loop stops.
MAX_TOOL_ROUNDS = 8
#: Seconds a topic-naming model may take before the first-words fallback is used.
TITLE_TIMEOUT_S = 20.0

_CONTEXT_ERROR_TEXT = (
    "The model returned an empty reply for a request that fills its context window "
    "({input_tokens} of {window} tokens). Compact the topic or start a new one."
)


@dataclass
class SendOutcome:
    """Result of one send: the stored ids, final status, reply text and usage (tokens)."""

    user_message_id: int
    reply_message_id: int
    status: str
    text: str = ""
    usage: Usage = field(default_factory=Usage)
    error: str | None = None
    error_kind: str | None = None
    #: True when a context overflow was rescued by one compaction and a resend (CMP-11).
    rescued: bool = False
    #: The provider's finish reason of the last reply (``stop``, ``length``, ...).
    finish_reason: str | None = None
    #: A one-line note for the user about a reply that ended early but is not an error:
    #: cut at the token limit, or the tool loop stopped after MAX_TOOL_ROUNDS rounds.
    notice: str | None = None


class ChatService:
    """Sends messages; one reply per topic at a time; Stop cancels that topic's reply."""

    def __init__(
        self,
        db: Database,
        bus: EventBus,
        providers: ProviderService,
        catalog: ModelCatalog,
        settings: SettingsService,
        tools: ToolRegistry | None = None,
        memory: MemoryBlockSource | None = None,
        compaction: CompactionService | None = None,
    ) -> None:
        self._db = db
        self._memory = memory
        self._compaction = compaction
        self._tools = tools or ToolRegistry()
        self._bus = bus
        self._providers = providers
        self._catalog = catalog
        self._settings = settings
        self._tasks: dict[int, asyncio.Task[SendOutcome]] = {}
        self._cancel_status: dict[int, MessageStatus] = {}
        self._side_tasks: set[asyncio.Task[None]] = set()

    # --- task management -------------------------------------------------------------
    def is_sending(self, topic_id: int) -> bool:
        """True while a reply for ``topic_id`` is in flight."""
        task = self._tasks.get(topic_id)
        return task is not None and not task.done()

    def start_send(self, topic_id: int, text: str) -> asyncio.Task[SendOutcome]:
        """Start :meth:`send` as a task owned by the service (needs a running loop).
        Raises :class:`InvalidInput` when that topic is already sending."""
        if self.is_sending(topic_id):
            raise InvalidInput("a reply is still being written in this topic; press Stop first")
        task = asyncio.get_running_loop().create_task(self.send(topic_id, text), name=f"send:{topic_id}")
        self._tasks[topic_id] = task
        task.add_done_callback(functools.partial(self._forget, topic_id))
        return task

    def _forget(self, topic_id: int, task: asyncio.Task[SendOutcome]) -> None:
        if self._tasks.get(topic_id) is task:
            del self._tasks[topic_id]
        exc = None if task.cancelled() else task.exception()
        if exc is not None and not isinstance(exc, ServiceError):  # refusals are the caller's to show
            log.error("send task for topic %s failed", topic_id, exc_info=exc)

    def stop(self, topic_id: int) -> bool:
        """Cancel the reply streaming into ``topic_id``; what arrived is kept. Returns
        whether anything was running."""
        task = self._tasks.get(topic_id)
        if task is None or task.done():
            return False
        self._cancel_status[topic_id] = MessageStatus.CANCELLED
        task.cancel()
        return True

    async def shutdown(self) -> None:
        """Quit: cancel every reply (stored as ``interrupted``, APP-8) and side task."""
        tasks = [t for t in self._tasks.values() if not t.done()]
        for tid, task in list(self._tasks.items()):
            self._cancel_status[tid] = MessageStatus.INTERRUPTED
            task.cancel()
        for side in list(self._side_tasks):
            side.cancel()
        await asyncio.gather(*tasks, *self._side_tasks, return_exceptions=True)

    # --- sending ---------------------------------------------------------------------
    def _append(self, topic_id: int, **fields: object) -> int:
        with self._db.write() as s:
            topic = TopicService.row(s, topic_id)
            seq = (s.scalar(select(func.max(Message.seq)).where(Message.topic_id == topic_id)) or 0) + 1
            row = Message(topic_id=topic_id, seq=seq, **fields)
            s.add(row)
            topic.updated_at = utcnow()
            s.flush()
            message_id = row.id
        self._bus.publish(MessageAdded(topic_id, message_id))
        return message_id

    async def send(self, topic_id: int, text: str) -> SendOutcome:
        """Store ``text`` as a user message in ``topic_id`` and stream the reply.

        When the model calls tools offered by the tool registry, each
        result is stored as a tool message and the model is asked again, at most
        :data:`MAX_TOOL_ROUNDS` times; Stop ends the loop. Returns the :class:`SendOutcome`
        of the last reply; provider failures are stored on the reply as an error (status
        ``error``) and returned, not raised. Raises :class:`InvalidInput` before storing
        anything when the text is empty or the assistant has no provider, model or usable
        key; ``asyncio.CancelledError`` after storing what arrived.
        """
        if not text.strip():
            raise InvalidInput("the message is empty")
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:
            raise InvalidInput("the message contains bytes that are not valid UTF-8") from None
        self._refuse_if_streaming_elsewhere(topic_id)
        ctx = load_context(self._db, self._catalog, topic_id, self._memory, self._tools)
        require_sendable(ctx)
        assert ctx.provider_id is not None
        client = self._providers.client(ctx.provider_id)  # raises InvalidInput for a missing key
        try:
            user_id = self._append(topic_id, role=Role.USER.value, content=text)
            self._maybe_title(topic_id, text, ctx.provider_id)
            out = SendOutcome(user_id, 0, MessageStatus.STREAMING.value)
            try:
                if self._compaction is not None and await self._pre_send_blocked(topic_id, out):
                    return out
                for round_ in range(MAX_TOOL_ROUNDS + 1):
                    calls = await self._one_reply(topic_id, client, out)
                    if not calls or out.status != MessageStatus.COMPLETE.value:
                        break
                    if round_ == MAX_TOOL_ROUNDS:
                        out.notice = (f"stopped after {MAX_TOOL_ROUNDS} tool rounds: the model kept calling "
                                      "tools; send a message to let it go on")
                    for call in calls:
                        self._append(
                            topic_id,
                            role=Role.TOOL.value,
                            content=self._tools.execute(ctx.assistant_id, topic_id, call),
                            tool_call_id=call.id,
                            tool_name=call.name,
                        )
                if self._compaction is not None and out.status == MessageStatus.COMPLETE.value:
                    await self._after_reply(topic_id)
            except asyncio.CancelledError:
                self._cancel_status.pop(topic_id, None)
                raise
            return out
        finally:
            await client.aclose()

    def _refuse_if_streaming_elsewhere(self, topic_id: int) -> None:
        """Raise :class:`InvalidInput` when another live ChatHub process (another window,
        a ``chat send``) is still writing a reply in ``topic_id``: a second request now
        would go out without that reply (APP-8)."""
        with self._db.read() as s:
            rows = s.execute(
                select(Message.sent_by_process, Message.created_at)
                .where(Message.topic_id == topic_id, Message.status == MessageStatus.STREAMING.value)
            ).all()
        now = utcnow()
        if any(by != PROCESS_ID and not stream_is_orphaned(by, at, now) for by, at in rows):
            raise InvalidInput("another ChatHub window or command is still writing a reply in this topic; "
                               "wait for it or stop it there")

    async def _pre_send_blocked(self, topic_id: int, out: SendOutcome) -> bool:
        """CMP-13 pre-send compaction; when REF-23 blocks the send, store a context-length
        error reply (no provider call) and return True."""
        assert self._compaction is not None
        pre = await self._compaction.before_send(topic_id)
        if not pre.blocked:
            return False
        out.reply_message_id = self._append(
            topic_id, role=Role.ASSISTANT.value, content="", status=MessageStatus.STREAMING.value,
        )
        out.status = MessageStatus.ERROR.value
        out.error = pre.message
        out.error_kind = ErrorKind.CONTEXT_OVERFLOW.value
        self._finish(out, [], [], None)
        return True

    async def _after_reply(self, topic_id: int) -> None:
        """CMP-7 token auto-compact once the reply is stored; its failure never fails the send."""
        assert self._compaction is not None
        try:
            await self._compaction.after_reply(topic_id)
        except ServiceError as exc:
            log.info("auto-compact after the reply of topic %s skipped: %s", topic_id, exc)

    async def _rescue(self, topic_id: int, out: SendOutcome, before_tokens: int) -> bool:
        """CMP-11: one compaction with the History Compress model, once per send. True
        when it reclaimed tokens (the caller resends, rebuilt from the current topic)."""
        if self._compaction is None or out.rescued:
            return False
        out.rescued = True
        try:
            result = await self._compaction.rescue(topic_id)
        except ServiceError as exc:
            log.info("overflow rescue for topic %s not possible: %s", topic_id, exc)
            return False
        if result.status not in (COMPACTED, UNREACHABLE) or result.after_tokens is None:
            return False
        return result.after_tokens < before_tokens

    async def _one_reply(self, topic_id: int, client: ChatClient, out: SendOutcome) -> list[ToolCall]:
        """Assemble from the current topic, stream one reply into a new assistant row,
        store it; returns the tool calls it made. Updates ``out`` in place.

        A context overflow (provider error or an empty reply at the ceiling, CMP-12) runs
        one rescue compaction and re-streams into the same row from a request rebuilt
        from the current topic, at most once per send (CMP-11); the error is stored only
        when compaction could not reclaim enough."""
        ctx = load_context(self._db, self._catalog, topic_id, self._memory, self._tools)
        out.reply_message_id = reply_id = self._append(
            topic_id,
            role=Role.ASSISTANT.value,
            content="",
            status=MessageStatus.STREAMING.value,
            model=ctx.model,
            provider_id=ctx.provider_id,
            sent_by_process=PROCESS_ID,
        )
        while True:
            parts: list[str] = []
            calls: list[ToolCall] = []
            finish: str | None = None
            tools = ctx.base_input.tools
            plan = assemble_request(ctx.base_input, ctx.counter.count)
            request = ChatRequest(model=ctx.model, messages=plan.messages, max_tokens=ctx.max_tokens, tools=tools)
            finish = await self._stream(topic_id, reply_id, client, request, ctx.context_window, out, parts, calls)
            if (
                out.error_kind == ErrorKind.CONTEXT_OVERFLOW.value
                and not parts and not calls
                and await self._rescue(topic_id, out, plan.total_tokens)
            ):
                ctx = load_context(self._db, self._catalog, topic_id, self._memory, self._tools)
                continue
            break
        self._finish(out, parts, calls, finish)
        return calls

    async def _stream(
        self,
        topic_id: int,
        reply_id: int,
        client: ChatClient,
        request: ChatRequest,
        window: int,
        out: SendOutcome,
        parts: list[str],
        calls: list[ToolCall],
    ) -> str | None:
        """Stream one request into ``parts``/``calls``/``out``; returns the finish reason.
        Provider failures land in ``out`` (status ``error``); Stop stores what arrived
        and re-raises ``CancelledError``."""
        out.status, out.error, out.error_kind, out.usage = MessageStatus.STREAMING.value, None, None, Usage()
        reasoning: list[str] = []  # seen live, never stored (CMP-3)
        finish: str | None = None
        try:
            async with contextlib.aclosing(client.stream(request)) as events:
                async for ev in events:
                    if isinstance(ev, TextDelta):
                        parts.append(ev.text)
                        self._bus.publish(ReplyDelta(topic_id, reply_id, ev.text))
                    elif isinstance(ev, ReasoningDelta):
                        reasoning.append(ev.text)
                    elif isinstance(ev, ToolCallEvent):
                        calls.append(ev.call)
                    elif isinstance(ev, UsageEvent):
                        out.usage = out.usage.merged(ev.usage)
                    elif isinstance(ev, FinishEvent):
                        finish = ev.finish_reason
            out.status = MessageStatus.COMPLETE.value
            if is_empty_reply_at_ceiling(
                "".join(parts), calls, "".join(reasoning), out.usage.output_tokens, out.usage.input_tokens,
                window,
            ):  # CMP-12
                out.status = MessageStatus.ERROR.value
                out.error_kind = ErrorKind.CONTEXT_OVERFLOW.value
                out.error = _CONTEXT_ERROR_TEXT.format(
                    input_tokens=f"{out.usage.input_tokens:,}", window=f"{window:,}"
                )
        except asyncio.CancelledError:
            out.status = self._cancel_status.pop(topic_id, MessageStatus.INTERRUPTED).value
            self._finish(out, parts, calls, finish)
            raise
        except ProviderError as exc:
            out.status = MessageStatus.ERROR.value
            out.error = exc.message or str(exc)
            out.error_kind = exc.kind.value
        except Exception as exc:  # a transport or library failure the client did not classify
            log.warning("reply for topic %s failed", topic_id, exc_info=True)
            out.status = MessageStatus.ERROR.value
            out.error = f"the request failed: {exc}"
            out.error_kind = ErrorKind.NETWORK.value
        return finish

    def _finish(self, out: SendOutcome, parts: list[str], calls: list[ToolCall], finish: str | None) -> None:
        out.text = "".join(parts)
        out.finish_reason = finish
        if out.status == MessageStatus.COMPLETE.value and is_length_stop(finish):
            out.notice = "the reply was cut at the model's output token limit (max tokens)"
        u = out.usage
        with self._db.write() as s:
            row = s.get(Message, out.reply_message_id)
            if row is not None:
                row.content = out.text
                row.status = out.status
                row.error = out.error
                row.error_kind = out.error_kind
                row.finish_reason = finish
                row.tool_calls = [{"id": c.id, "name": c.name, "arguments": c.arguments} for c in calls] or None
                row.input_tokens = u.input_tokens
                row.output_tokens = u.output_tokens
                row.cached_tokens = u.cached_tokens
                row.cache_write_tokens = u.cache_write_tokens
                row.reasoning_tokens = u.reasoning_tokens
                row.token_count = None
                topic_id = row.topic_id
            else:
                return
        self._bus.publish(ReplyFinished(topic_id, out.reply_message_id, out.status, out.error))

    # --- titles (APP-10) -------------------------------------------------------------
    def _maybe_title(self, topic_id: int, text: str, provider_id: int) -> None:
        with self._db.write() as s:
            topic = s.get(Topic, topic_id)
            if topic is None or topic.title_generated:
                return
            fallback = title_from_text(text)
            topic.title = fallback
            topic.title_generated = True
        self._bus.publish(TopicChanged(topic_id))
        naming = self._settings.get("topic-naming-model")
        if isinstance(naming, str) and "/" in naming:
            with contextlib.suppress(RuntimeError):
                task = asyncio.get_running_loop().create_task(self._model_title(topic_id, text, naming, fallback))
                self._side_tasks.add(task)
                task.add_done_callback(self._side_tasks.discard)

    async def _model_title(self, topic_id: int, text: str, naming: str, fallback: str) -> None:
        """Ask the System Agent topic-naming model for a title; keep the first-words
        title on any failure or if the user renamed the topic meanwhile (APP-10)."""
        provider_name, model = naming.split("/", 1)
        with self._db.read() as s:
            provider = s.scalar(select(Provider).where(Provider.name == provider_name))
            if provider is None:
                return
            provider_id = provider.id
        request = ChatRequest(
            model=model,
            messages=(
                ChatMessage(Role.SYSTEM, "Write a short title (at most 6 words) for a chat that starts "
                            "with the user's message below. Answer with the title only."),
                ChatMessage(Role.USER, text[:2000]),
            ),
            max_tokens=32,
        )
        try:
            client = self._providers.client(provider_id)
        except InvalidInput:
            return
        pieces: list[str] = []
        try:
            async with asyncio.timeout(TITLE_TIMEOUT_S):
                async with contextlib.aclosing(client.stream(request)) as events:
                    async for ev in events:
                        if isinstance(ev, TextDelta):
                            pieces.append(ev.text)
        except (ProviderError, TimeoutError):
            return
        finally:
            await client.aclose()
        title = clean_model_title("".join(pieces))
        if not title:
            return
        with self._db.write() as s:
            topic = s.get(Topic, topic_id)
            if topic is None or topic.title != fallback:  # renamed meanwhile: the user wins
                return
            topic.title = title
        self._bus.publish(TopicChanged(topic_id))
