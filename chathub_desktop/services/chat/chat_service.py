"""Sending a message and streaming the reply into its own topic (APP-1, APP-8, APP-10).

Flow (DESIGN.md): store the user message → pre-send compaction (message count, then
token threshold; ≤ 3 batches; Stop cancels it) → assemble through the one assembler →
stream from the provider → store the reply with its usage → token auto-compact check.
A context overflow (or an empty reply at the window ceiling) triggers one compaction
with the History Compress model and one resend rebuilt from the current topic (CMP-11). Every event names its topic,
so a reply keeps streaming when the user switches topics. Stop cancels the task at
once and keeps what arrived (status ``cancelled``); quitting stores ``interrupted``.

Provider faults the user can act on (issue 12): a server silent for
``stream-silence-seconds`` (60 s by default) publishes :class:`ReplyStalled` — the
stream keeps waiting (a reasoning model may think that long before its first token)
until the user presses Stop or Retry, or the HTTP read timeout (600 s) ends it; a
``Retry-After`` of at most :data:`AUTO_RETRY_MAX_S` seconds is waited out and the
request sent once more (:class:`ReplyRetrying`); a longer one is stored in the error
("retry in 30 s") and :meth:`ChatService.start_retry` re-requests the last reply.

Each request streams through ``services.chat.reply_stream``: an answer with no text and
no tool call is stored as an error the user sees, with Retry (``services.chat.empty_reply``;
issue 32); a runaway answer stops at a stream limit (``providers.stream_limits``) with
what arrived kept.
"""

from __future__ import annotations

import asyncio
import dataclasses
import functools
import logging
from collections.abc import Callable
from dataclasses import dataclass

from chathub_desktop.core.app_settings import REPLY_LIMIT_MB, STREAM_SILENCE_SECONDS
from chathub_desktop.core.attachments import Attachment
from chathub_desktop.core.context_receipt import build_receipt, mark_untitled, recalled_topics
from chathub_desktop.core.messages import (
    RETRYABLE_STATUSES,
    ChatMessage,
    MessageStatus,
    Role,
    ToolCall,
)
from chathub_desktop.core.reasons import QT_TRANSLATE_NOOP, Reason, reason_data
from chathub_desktop.core.request_assembly import assemble_request
from chathub_desktop.core.request_plan import PendingTurn
from chathub_desktop.core.token_estimate import RATIO_MIN
from chathub_desktop.core.topic_titles import title_from_text
from chathub_desktop.providers.base import (
    ChatClient,
    ChatRequest,
    ErrorKind,
)
from chathub_desktop.services.assistants.settings_service import SettingsService
from chathub_desktop.services.chat.attachment_service import AttachmentService
from chathub_desktop.services.chat.process_identity import PROCESS_ID
from chathub_desktop.services.chat.reply_continue import (
    CONTINUE_INSTRUCTION,
    ContinueClaim,
    claim_continue,
    continued_receipt,
    continued_usage,
    not_continuable,
    put_back_unchanged,
)
from chathub_desktop.services.chat.reply_store import (
    refuse_foreign_stream,
    store_end,
)
from chathub_desktop.services.chat.reply_stream import PlannedRequest, ReplyStreamer
from chathub_desktop.services.chat.reply_tasks import ReplyTasks
from chathub_desktop.services.chat.send_results import (
    SendOutcome,
    StreamResult,
    StreamStopped,
    Tries,
    failure_line,
    failure_reason,
    finish_anyway,
)
from chathub_desktop.services.chat.tool_registry import ToolRegistry
from chathub_desktop.services.compaction.compaction_service import (
    COMPACTED,
    UNREACHABLE,
    CompactionService,
)
from chathub_desktop.services.context.estimate_service import EstimateService
from chathub_desktop.services.context.request_context import ContextLoader, TopicContext
from chathub_desktop.services.errors import InvalidInput, ServiceError
from chathub_desktop.services.events import (
    EventBus,
    MessageAdded,
    ReplyFinished,
    ReplyRetrying,
    ToolServerDown,
    TopicChanged,
    TopicMessagesChanged,
)
from chathub_desktop.services.providers.provider_models import ProviderModels
from chathub_desktop.services.providers.provider_service import ProviderService
from chathub_desktop.services.topics.topic_model import ModelPick, topic_resolution
from chathub_desktop.services.topics.topic_naming import TopicNamer
from chathub_desktop.services.topics.topic_service import TopicService
from chathub_desktop.storage.assistant_rows import AssistantRecord
from chathub_desktop.storage.attachment_blobs import hydrate, store_blobs
from chathub_desktop.storage.bulk_loading import gc_paused
from chathub_desktop.storage.database import Database
from chathub_desktop.storage.session import Session
from chathub_desktop.storage.topic_repository import append_message, update_reply
from chathub_desktop.storage.topic_rows import (
    TopicRecord,
    last_message,
    last_user_message,
    remove_message,
    untitled_among,
    update_topic,
)

log = logging.getLogger(__name__)

#: Model round trips allowed after tool results before the loop stops. Long enough for an
#: agent's tool loop to pass the 20-message tail cap (CMP-10), which keeps each request bounded.
MAX_TOOL_ROUNDS = 30
#: The notice of a send whose model kept calling tools for :data:`MAX_TOOL_ROUNDS` rounds.
_TOOL_ROUNDS_NOTICE = QT_TRANSLATE_NOOP("ServiceReasons", "stopped after %1 tool rounds: the model kept calling "
                                                          "tools; send a message to let it go on")
#: The result stored for a tool call Stop ended (a call without a result is refused by
#: every wire format).
STOPPED_TOOL_RESULT = '{"error": "stopped by the user before the tool finished"}'
#: A ``Retry-After`` up to this many seconds is waited out and the request sent once more.
AUTO_RETRY_MAX_S = 10.0

@dataclass
class ReplyClaim:
    """What a claim stored (:meth:`ChatService._claim`, a retry's, a regenerate's): the
    user message, the reply placeholder that marks the topic as being answered by this
    process, and the provider and model it is asked with."""

    user_id: int
    reply_id: int
    provider_id: int
    model: str
    first_message: bool

    @property
    def pick(self) -> ModelPick:
        """The claimed provider and model: every request of this send uses them (issue 14)."""
        return ModelPick(self.provider_id, self.model)


class ChatService:
    """Sends messages; one reply per topic at a time; Stop cancels that topic's reply.

    Every store read and write, tokenizing and planning of a send runs on the store's
    worker threads (``Database.run``); the event loop only streams and publishes events
    (issue 9). While a reply streams its text is checkpointed about once a second and on
    every tool call, so a crash loses at most the last second of it (issue 10).
    """

    def __init__(
        self,
        db: Database,
        bus: EventBus,
        providers: ProviderService,
        settings: SettingsService,
        loader: ContextLoader,
        tools: ToolRegistry | None = None,
        compaction: CompactionService | None = None,
        estimates: EstimateService | None = None,
        attachments: AttachmentService | None = None,
        provider_models: ProviderModels | None = None,
    ) -> None:
        self._db = db
        self._provider_models = provider_models
        self._attachments = attachments or AttachmentService(db, loader.catalog)
        self._loader = loader
        self._compaction = compaction
        self._estimates = estimates
        self._tools = tools or ToolRegistry()
        self._bus = bus
        self._providers = providers
        self._settings = settings
        self._sends = ReplyTasks()  # each topic's reply task, Stop and quit
        self._streamer = ReplyStreamer(db, bus, self._sends)  # each request's stream, and how it ended
        self._namer = TopicNamer(db, bus, providers, settings, loader.catalog)

    # --- task management (``services.chat.reply_tasks``) -----------------------------
    def is_sending(self, topic_id: int) -> bool:
        """True while a reply for ``topic_id`` is in flight."""
        return self._sends.is_sending(topic_id)

    def start_send(self, topic_id: int, text: str,
                   attachments: tuple[Attachment, ...] = ()) -> asyncio.Task[SendOutcome]:
        """Start :meth:`send` as a task owned by the service (needs a running loop).
        Raises :class:`InvalidInput` when that topic is already sending."""
        self._sends.refuse_if_sending(topic_id)
        return self._sends.own(topic_id, self.send(topic_id, text, attachments), "send")

    def start_retry(self, topic_id: int, reply_id: int | None = None) -> asyncio.Task[SendOutcome]:
        """Retry (issue 12): stop the reply still streaming in ``topic_id``, if any, and
        request the topic's last reply again, as :meth:`retry`, in a task owned by the
        service (needs a running loop)."""
        return self._sends.own(topic_id, self._restart(topic_id, reply_id, self._sends.current(topic_id)), "retry")

    def start_claimed(self, topic_id: int, claim: Callable[[ModelPick], ReplyClaim], name: str,
                      override: ModelPick | None = None) -> asyncio.Task[SendOutcome]:
        """Start a reply whose claim another service makes (Regenerate, Resend; issue 14,
        ``services.chat.reply_versions``): ``claim(pick)`` is one write transaction run on a
        worker that stores the streaming placeholder for the model ``pick`` (the topic's,
        or ``override`` for this reply only); then the same reply path as a send. Raises
        :class:`InvalidInput` when that topic is already sending (needs a running loop)."""
        self._sends.refuse_if_sending(topic_id)
        return self._sends.own(topic_id, self._claimed(topic_id, claim, override), name)

    def start_continue(self, topic_id: int, reply_id: int,
                       seen_chars: int | None = None) -> asyncio.Task[SendOutcome]:
        """Start :meth:`continue_reply` as the topic's reply task (needs a running loop).
        Raises :class:`InvalidInput` when that topic is already sending."""
        self._sends.refuse_if_sending(topic_id)
        return self._sends.own(topic_id, self.continue_reply(topic_id, reply_id, seen_chars), "continue")

    def stop(self, topic_id: int) -> bool:
        """Cancel the reply streaming into ``topic_id``; what arrived is kept. Returns
        whether anything was running."""
        return self._sends.stop(topic_id)

    async def shutdown(self) -> None:
        """Quit: cancel every reply (stored as ``interrupted``, APP-8) and side task."""
        await self._sends.shutdown()

    async def _claimed(self, topic_id: int, claim: Callable[[ModelPick], ReplyClaim],
                       override: ModelPick | None) -> SendOutcome:
        with self._sends.uncut_on_cancel(topic_id):  # a Stop before the claim: nothing stored
            pick = await self._db.run(self._pick, topic_id, override)
            assert pick.provider_id is not None  # _pick resolves a sendable provider
            client = await self._client(pick.provider_id)
        try:
            c = await self._settled_claim(topic_id, functools.partial(claim, pick))
            self._bus.publish(TopicMessagesChanged(topic_id))  # rows left the view: read it again
            self._bus.publish(MessageAdded(topic_id, c.reply_id))
            return await self._respond(topic_id, c, client)
        finally:
            await client.aclose()

    async def _settled_claim(self, topic_id: int, claim: Callable[[], ReplyClaim]) -> ReplyClaim:
        """Run ``claim`` (one write transaction storing a ``streaming`` placeholder) on a
        worker. Cut meanwhile (Stop, quit), it waits for the transaction and ends that row
        as a reply that never began (:meth:`_unbegun`), then raises: nothing is left
        ``streaming`` and no cut status outlives the reply (APP-8)."""
        run = asyncio.ensure_future(self._db.run(claim))
        try:
            return await asyncio.shield(run)
        except asyncio.CancelledError:
            why = self._sends.take_cut(topic_id)  # the first cut decides
            try:
                made: ReplyClaim | None = await finish_anyway(run)
            except Exception:  # refused in its transaction: nothing was stored
                made = None
            if made is not None:
                await finish_anyway(self._unbegun(topic_id, made.reply_id, why))
                self._bus.publish(TopicMessagesChanged(topic_id))  # rows came and went: read again
            raise

    async def _restart(self, topic_id: int, reply_id: int | None,
                       old: asyncio.Task[SendOutcome] | None) -> SendOutcome:
        await self._sends.stopped(topic_id, old)
        return await self.retry(topic_id, reply_id)

    # --- store steps (worker threads) ---------------------------------------------------
    def _claim(self, topic_id: int, text: str, pick: ModelPick,
               attachments: tuple[Attachment, ...] = ()) -> ReplyClaim:
        """One write transaction: refuse when the model ``pick`` (:meth:`_pick`) cannot
        send or another live ChatHub process is writing a reply in this topic (APP-8),
        else store the user message (its attachments' bytes once per hash, issue 14) and
        the reply placeholder (recording ``pick``'s model and provider) that marks the
        topic as answered here. Nothing is stored when it
        raises :class:`InvalidInput` / ``NotFound``."""
        with self._db.write() as s:
            topic, _assistant, model, provider_id = self.sendable(s, topic_id, pick)
            refuse_foreign_stream(s, topic_id)
            first = not topic.title_generated
            if attachments:
                store_blobs(s, attachments)
            user = append_message(s, topic_id, role=Role.USER.value, content=text,
                                  attachments=[a.meta() for a in attachments] or None)
            reply = append_message(s, topic_id, role=Role.ASSISTANT.value, content="",
                                   status=MessageStatus.STREAMING.value, model=model,
                                   provider_id=provider_id, sent_by_process=PROCESS_ID)
            if first:
                update_topic(s, topic.id, {"title": title_from_text(text or ", ".join(a.name for a in attachments)),
                                           "title_generated": True, "untitled": False})
            return ReplyClaim(user.id, reply.id, provider_id, model, first)

    def _claim_retry(self, topic_id: int, reply_id: int | None, pick: ModelPick) -> ReplyClaim:
        """One write transaction: the topic's last message must be an assistant reply
        that ended unfinished (``core.messages.RETRYABLE_STATUSES``; ``reply_id`` when given), and
        no other live process may be writing here; it is emptied and marked streaming
        by this process again. :class:`InvalidInput` / ``NotFound`` change nothing."""
        with self._db.write() as s:
            _topic, _assistant, model, provider_id = self.sendable(s, topic_id, pick)
            refuse_foreign_stream(s, topic_id)  # first: it names the way out (issue 32)
            last = last_message(s, topic_id)
            if (last is None or last.role != Role.ASSISTANT or last.status not in RETRYABLE_STATUSES
                    or (reply_id is not None and last.id != reply_id)):
                raise InvalidInput(Reason(QT_TRANSLATE_NOOP(
                    "ServiceReasons", "only the topic's last reply can be retried, and only when it failed, was stopped "
                                      "or was interrupted")))
            user = last_user_message(s, topic_id)
            update_reply(s, last.id, {
                "content": "", "status": MessageStatus.STREAMING.value, "error": None, "error_kind": None,
                "error_reason": None,
                "finish_reason": None, "tool_calls": None, "token_count": None,
                "input_tokens": None, "output_tokens": None, "cached_tokens": None,
                "cache_write_tokens": None, "reasoning_tokens": None, "receipt": None,
                "model": model, "provider_id": provider_id, "sent_by_process": PROCESS_ID,
            })
            return ReplyClaim(user.id if user is not None else 0, last.id, provider_id, model, False)

    def append_row(self, topic_id: int, role: Role, content: str = "", *,
                   status: MessageStatus = MessageStatus.COMPLETE, **fields: object) -> int:
        """Store one message of ``role`` at the end of topic ``topic_id`` as given (no
        request is sent) and return its id: a tool result, a later round's placeholder,
        or a topic a test or benchmark seeds. ``fields``: other message columns (model,
        tool calls, created_at, …). ``TypeError`` for a role or status that is not the
        enum; ``NotFound`` for an unknown topic. Worker thread."""
        if not isinstance(role, Role) or not isinstance(status, MessageStatus):
            raise TypeError(f"append_row takes Role and MessageStatus, not {role!r} / {status!r}")
        with self._db.write() as s:
            TopicService.row(s, topic_id)
            return append_message(s, topic_id, role=role.value, content=content, status=status.value,
                                  **fields).id

    def _drop(self, message_id: int) -> None:
        with self._db.write() as s:
            remove_message(s, message_id)

    def _plan(self, ctx: TopicContext, reply_id: int, turn: str | None = None) -> PlannedRequest:
        """Assemble the request of a planned context (the one body that is posted),
        record it for the badge's anchor (REF-28) and build its context receipt (issue
        19); returns them with its local total and the silence limit, in one worker hop.
        ``turn``: a user turn sent last but never stored (a continuation's instruction)."""
        inp = ctx.base_input if turn is None else ctx.with_draft(turn)
        if any(h.message.attachments for h in (*inp.history, *inp.pinned)):
            with self._db.read() as s:  # only the rows this request posts (issue 14)
                inp = hydrate(s, inp)
        with gc_paused():
            plan = assemble_request(inp, ctx.counter.count)
            if any(m.attachments for m in plan.messages):
                raise InvalidInput(Reason(QT_TRANSLATE_NOOP(
                    "ServiceReasons", "an attachment of this topic is missing from the store; remove that message or "
                                      "attach the file again")))
            if self._estimates is not None:
                self._estimates.record_sent(reply_id, ctx, plan)
        sampling = ctx.sent_sampling  # one source: the body and its receipt (issue 28)
        receipt = build_receipt(ctx.plan, plan, private=ctx.private, sampling=sampling,
                                tools_withheld=ctx.tools_withheld)
        if recalled := recalled_topics(receipt):  # the window says an untitled one's title (issue 27)
            with self._db.read() as s:
                mark_untitled(receipt, untitled_among(s, [tid for tid, _title in recalled]))
        request = ChatRequest(model=ctx.model, messages=plan.messages, max_tokens=ctx.max_tokens,
                              tools=ctx.base_input.tools, temperature=sampling.temperature,
                              top_p=sampling.top_p, reasoning_effort=sampling.reasoning_effort,
                              thinking_budget=sampling.thinking_budget)
        return PlannedRequest(request, plan.total_tokens, receipt, self._silence_limit())

    # --- sending ---------------------------------------------------------------------
    async def send(self, topic_id: int, text: str, attachments: tuple[Attachment, ...] = (), *,
                   override: ModelPick | None = None) -> SendOutcome:
        """Store ``text`` (with loaded ``attachments``, issue 14) as a user message in
        ``topic_id`` and stream the reply.

        The reply goes to the topic's model (``services.topics.topic_model``, issue 14), or to
        ``override`` for this send only; every request of the send uses that model.

        When the model calls tools offered by the tool registry, each
        result is stored as a tool message and the model is asked again, at most
        :data:`MAX_TOOL_ROUNDS` times; Stop ends the loop. Returns the :class:`SendOutcome`
        of the last reply; provider failures are stored on the reply as an error (status
        ``error``) and returned, not raised. Raises :class:`InvalidInput` before storing
        anything when the text is empty, the assistant has no provider, model or usable
        key, or another process is answering in this topic, or an attachment (or the set),
        or the message alone, is above the model's input budget; ``asyncio.CancelledError`` after storing what
        arrived; ``StoreBusy`` when the store stayed locked.
        """
        if not text.strip() and not attachments:
            raise InvalidInput(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "the message is empty")))
        if any(not a.loaded for a in attachments):
            raise InvalidInput(Reason(QT_TRANSLATE_NOOP(
                "ServiceReasons", "an attachment has no bytes; attach it again")))
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:
            raise InvalidInput(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "the message contains bytes that are not "
                                                                          "valid UTF-8"))) from None
        with self._sends.uncut_on_cancel(topic_id):  # a Stop before the claim: nothing stored
            pick = await self._db.run(self._pick_for_message, topic_id, override, text, attachments)
            assert pick.provider_id is not None  # _pick resolves a sendable provider
            client = await self._client(pick.provider_id)  # InvalidInput: no key
        try:
            claim = await self._settled_claim(topic_id, functools.partial(
                self._claim, topic_id, text, pick, attachments))
            self._bus.publish(MessageAdded(topic_id, claim.user_id))
            self._bus.publish(MessageAdded(topic_id, claim.reply_id))
            if claim.first_message:
                self._bus.publish(TopicChanged(topic_id))
            outcome = await self._respond(topic_id, claim, client)
            # after a whole reply: a local server serves one request at a time
            if claim.first_message and text.strip() and outcome.status == MessageStatus.COMPLETE:
                self._name_topic(topic_id, text, (pick.provider_id, pick.model))
            return outcome
        finally:
            await client.aclose()

    def _pick_for_message(self, topic_id: int, override: ModelPick | None, text: str,
                          attachments: tuple[Attachment, ...]) -> ModelPick:
        """:meth:`_pick`, then refuse an attachment or the set over that model's input
        budget (naming the file), or the message alone (walk37 #3), in one worker hop
        (each hop costs on a loaded machine)."""
        pick = self._pick(topic_id, override)
        if attachments:
            self._attachments.check_budget(topic_id, attachments, text, pick)
        self._attachments.check_message(topic_id, text, attachments, pick)
        return pick

    async def retry(self, topic_id: int, reply_id: int | None = None, *,
                    override: ModelPick | None = None) -> SendOutcome:
        """Request the topic's last reply again (Retry, issue 12): it must have ended
        ``error``, ``cancelled`` or ``interrupted`` (and be ``reply_id`` when given); its
        row is emptied and streamed into again from the current topic, like a send
        without a new user message. Raises :class:`InvalidInput` (nothing changes) when
        there is no such reply, the assistant cannot send, or another process is writing
        here; ``asyncio.CancelledError`` after storing what arrived. ``override``: as for
        :meth:`send`."""
        pick = await self._db.run(self._pick, topic_id, override)
        assert pick.provider_id is not None
        client = await self._client(pick.provider_id)
        try:
            claim = await self._db.run(self._claim_retry, topic_id, reply_id, pick)
            self._bus.publish(MessageAdded(topic_id, claim.reply_id))  # the row re-opened
            return await self._respond(topic_id, claim, client)
        finally:
            await client.aclose()

    async def continue_reply(self, topic_id: int, reply_id: int, seen_chars: int | None = None) -> SendOutcome:
        """Continue reply ``reply_id``, which the provider stopped at its output limit
        (walk53b #4, REF-12), into the same row (``services.chat.reply_continue``): it is
        re-opened in one write transaction checking it is the topic's newest reply,
        complete, cut at the length limit and still ``seen_chars`` long; the request is the
        topic's plan as a send makes it (memory, summary, cursor, input budget) with the cut
        reply as its last assistant turn and the instruction turn after it; what arrives is
        appended, the finish reason, usage (output tokens added up) and receipt (with its
        continuation count) stored in the one final write.

        Provider failures are stored on the row as an error with its text kept, as a
        send's; Stop keeps the text (``cancelled``). Refused before the request was
        posted, or stopped before a word of it arrived, the row is as it was. Raises :class:`InvalidInput` (nothing changes)
        when the reply cannot be continued or the assistant cannot send."""
        with self._sends.uncut_on_cancel(topic_id):
            pick = await self._db.run(self._pick, topic_id, None)
            assert pick.provider_id is not None
            client = await self._client(pick.provider_id)
        try:
            claim = await self._continue_claim(topic_id, reply_id, seen_chars, pick)
            self._bus.publish(MessageAdded(topic_id, reply_id))  # the row re-opened
            streamed = False
            try:
                ctx = await self._loader.aload(topic_id, pending_user=True, override=pick, continuing=reply_id)
                ctx = ctx.replanned(PendingTurn.of(ChatMessage(Role.USER, CONTINUE_INSTRUCTION)))
                if not ctx.base_input.history or ctx.base_input.history[-1].id != reply_id:
                    raise not_continuable(covered=True)
                planned = await self._db.run(self._plan, ctx, reply_id, CONTINUE_INSTRUCTION)
                planned = dataclasses.replace(planned, receipt=continued_receipt(planned.receipt, claim.receipt))
                streamed = True
                result = await self._streamer.stream(topic_id, reply_id, client, planned, ctx.context_window,
                                                     ctx.provider_name, prefix=claim.text)
            except asyncio.CancelledError:  # once streamed, the stream step stored what arrived
                await finish_anyway(self._put_back(topic_id, claim, streamed=streamed))
                raise
            except Exception as exc:
                await finish_anyway(self._failed(topic_id, reply_id, exc, planned.receipt) if streamed
                                    else self._put_back(topic_id, claim))
                raise
            stored = await finish_anyway(self._streamer.finish(dataclasses.replace(  # no row left streaming
                result, usage=continued_usage(claim.usage, result.usage))))
            if self._compaction is not None and stored.status == MessageStatus.COMPLETE:
                await self._after_reply(topic_id)
            return SendOutcome.of(0, stored, Tries(), stored.notice_why)
        finally:
            await client.aclose()

    async def _continue_claim(self, topic_id: int, reply_id: int, seen_chars: int | None,
                              pick: ModelPick) -> ContinueClaim:
        """Run :func:`claim_continue` on a worker; cut meanwhile, the row it re-opened is
        put back as it was, and the cut raised."""
        def claim() -> ContinueClaim:
            with self._db.write() as s:
                _topic, _assistant, model, provider_id = self.sendable(s, topic_id, pick)
                refuse_foreign_stream(s, topic_id)
                return claim_continue(s, topic_id, reply_id, seen_chars, model, provider_id)

        run = asyncio.ensure_future(self._db.run(claim))
        try:
            return await asyncio.shield(run)
        except asyncio.CancelledError:
            self._sends.take_cut(topic_id)  # the first cut decides
            try:
                made: ContinueClaim | None = await finish_anyway(run)
            except Exception:  # refused in its transaction: nothing changed
                made = None
            if made is not None:
                await finish_anyway(self._put_back(topic_id, made))
            raise

    async def _put_back(self, topic_id: int, claim: ContinueClaim, *, streamed: bool = False) -> None:
        """A continuation that got nothing (Stop or quit before a word, or refused while
        planning; ``streamed``: its stream step already stored it as stopped): its reply
        as it was — complete, cut at the length limit, Continue offered again."""
        if streamed:
            if await self._db.run(put_back_unchanged, self._db, claim) is not None:
                self._bus.publish(ReplyFinished(topic_id, claim.reply_id, MessageStatus.COMPLETE, None))
            return
        self._sends.take_cut(topic_id)
        await self._end_streaming(topic_id, claim.reply_id, MessageStatus.COMPLETE, claim.receipt,
                                  finish=claim.finish_reason)

    async def _respond(self, topic_id: int, claim: ReplyClaim, client: ChatClient) -> SendOutcome:
        """Everything after the claim: pre-send compaction, the reply (and tool rounds)
        streamed into ``claim.reply_id``, the after-reply check. Returns the outcome, built
        once from the last reply's result.

        Stop before the reply began (no stream step ended yet) drops the placeholder;
        quit then stores it ``interrupted``; a failure (not a cancellation) ends it as an
        error with its one-line reason (:meth:`_failed`). Once a reply began
        (:class:`StreamStopped`, or a round returned) its row stays as stored."""
        began = False
        try:
            if self._provider_models is not None and claim.pick.provider_id is not None:
                # a self-hosted server never tested: learn its windows and tool support first
                await self._provider_models.ensure_tested(claim.pick.provider_id)
            ctx = await self._loader.aload(topic_id, override=claim.pick)
            prepared = await self._tools.prepare(ctx.assistant_id)  # servers started, tool lists fresh
            for server in prepared.down:  # the send goes on without its tools; the user is told
                self._bus.publish(ToolServerDown(topic_id, server.name, server.reason, server.why))
            if prepared.changed:
                ctx = await self._loader.aload(topic_id, override=claim.pick)
            tries = Tries()
            if self._compaction is not None:
                pre = await self._compaction.before_send(ctx)
                if pre.blocked:  # REF-23: a context-length error reply, no provider call
                    began = True
                    blocked = await self._streamer.finish(StreamResult(
                        claim.reply_id, MessageStatus.ERROR, error=pre.message,
                        error_kind=ErrorKind.CONTEXT_OVERFLOW.value, why=pre.why))
                    return SendOutcome.of(claim.user_id, blocked, tries, blocked.notice_why)
                ctx = pre.ctx or ctx
                ctx, tries = await self._rescue_known_overflow(ctx, pre.estimate, tries)
            reply_id: int | None = claim.reply_id
            notice: Reason | None = None  # a round's notice stays unless a later one replaces it
            for round_ in range(MAX_TOOL_ROUNDS + 1):
                reply, tries = await self._one_reply(ctx, reply_id, client, tries)
                began = True
                notice = reply.notice_why or notice
                if not reply.calls or reply.status != MessageStatus.COMPLETE:
                    break
                if round_ == MAX_TOOL_ROUNDS:
                    notice = Reason(_TOOL_ROUNDS_NOTICE, (str(MAX_TOOL_ROUNDS),))
                    break
                await self._run_tools(ctx, topic_id, reply.calls)
                ctx = await self._loader.aload(topic_id, override=ctx.override)
                if self._compaction is not None:  # every call of the round has its result now
                    ctx = await self._compaction.between_rounds(ctx)
                reply_id = None
            if self._compaction is not None and reply.status == MessageStatus.COMPLETE:
                await self._after_reply(topic_id)
            return SendOutcome.of(claim.user_id, reply, tries, notice)
        except asyncio.CancelledError as exc:
            why = self._sends.take_cut(topic_id)
            if not began and not isinstance(exc, StreamStopped):
                await finish_anyway(self._unbegun(topic_id, claim.reply_id, why))
            raise
        except Exception as exc:  # never leave the placeholder streaming
            await finish_anyway(self._failed(topic_id, claim.reply_id, exc))
            raise

    async def _unbegun(self, topic_id: int, reply_id: int, why: MessageStatus | None) -> None:
        """The placeholder ``reply_id`` of a reply cancelled before it began: quit
        (``why`` interrupted, e.g. during the pre-send compaction, walk37 #3) stores it
        ``interrupted`` with Retry, as a reply cut mid-stream; Stop drops it."""
        if why is MessageStatus.INTERRUPTED:
            await self._streamer.finish(StreamResult(reply_id, MessageStatus.INTERRUPTED))
        else:
            await self._db.run(self._drop, reply_id)
            self._bus.publish(TopicChanged(topic_id))
            self._bus.publish(TopicMessagesChanged(topic_id))  # walk52b #5: its "…" stayed in the list

    async def _placeholder(self, ctx: TopicContext) -> int:
        """Store and announce a later tool round's reply row (``streaming``); its id.
        Cancelled while the row is being stored, it waits for the insert and ends the
        row as :meth:`_unbegun` says (a second cancel meanwhile too: :func:`finish_anyway`),
        so no placeholder is left ``streaming``."""
        insert = asyncio.ensure_future(self._db.run(functools.partial(
            self.append_row, ctx.topic_id, Role.ASSISTANT,
            status=MessageStatus.STREAMING, model=ctx.model, provider_id=ctx.provider_id,
            sent_by_process=PROCESS_ID)))
        try:
            reply_id = await asyncio.shield(insert)
        except asyncio.CancelledError:
            why = self._sends.take_cut(ctx.topic_id)  # the first cut decides
            reply_id = await finish_anyway(insert)
            self._bus.publish(MessageAdded(ctx.topic_id, reply_id))
            await finish_anyway(self._unbegun(ctx.topic_id, reply_id, why))
            raise
        self._bus.publish(MessageAdded(ctx.topic_id, reply_id))
        return reply_id

    async def _end_streaming(self, topic_id: int, reply_id: int, why: MessageStatus,
                             receipt: dict[str, object] | None, error: str | None = None,
                             error_kind: ErrorKind | None = None, reason: Reason | None = None,
                             finish: str | None = None) -> None:
        """End reply ``reply_id`` while it is still ``streaming`` (else change nothing):
        stopped (``why``) between two of its requests, or failed (``error``, one line;
        ``reason``: the same typed, for the window, issue 27).
        It keeps the text it stored, carries the ``receipt`` of the last request posted
        (``None``: none was), and is announced as finished. ``finish``: its finish reason
        (a continuation that never asked keeps its ``length``)."""
        fields: dict[str, object] = {"status": why, "receipt": receipt, "token_count": None, "error": error,
                                     "error_kind": None if error_kind is None else error_kind.value,
                                     "error_reason": None if reason is None else reason_data(reason)}
        if finish is not None:
            fields["finish_reason"] = finish
        if await self._db.run(store_end, self._db, reply_id, fields) is not None:
            self._bus.publish(ReplyFinished(topic_id, reply_id, why, error))

    async def _failed(self, topic_id: int, reply_id: int, exc: Exception,
                      receipt: dict[str, object] | None = None) -> None:
        """End reply ``reply_id``, still ``streaming`` when its send failed with ``exc``
        (not a cancellation; e.g. an attachment gone from the store, issue 14), as an
        error: a refusal's own message, else ``the send failed: …`` (one line)."""
        kind = ErrorKind.BAD_REQUEST if isinstance(exc, ServiceError) else ErrorKind.NETWORK
        await self._end_streaming(topic_id, reply_id, MessageStatus.ERROR, receipt, failure_line(exc), kind,
                                  failure_reason(exc))

    async def _run_tools(self, ctx: TopicContext, topic_id: int, calls: tuple[ToolCall, ...]) -> None:
        """Run one round's tool ``calls`` and store each result as a tool message; Stop
        during a call (or its approval) stores :data:`STOPPED_TOOL_RESULT` for it and every
        call left, since vendors refuse a call without a result."""
        for n, call in enumerate(calls):
            try:
                result = await self._tools.aexecute(ctx.assistant_id, topic_id, call, self._db.run)
            except asyncio.CancelledError:
                for left in calls[n:]:
                    await finish_anyway(self._tool_row(topic_id, left, STOPPED_TOOL_RESULT))
                raise
            await self._tool_row(topic_id, call, result.text, result.elapsed_s)

    async def _tool_row(self, topic_id: int, call: ToolCall, result: str, elapsed_s: float | None = None) -> None:
        """Store ``result`` as the tool message answering ``call`` (with how long a server
        took, ``elapsed_s`` seconds, kept in ms: issue 25) and announce it."""
        elapsed_ms = None if elapsed_s is None else round(elapsed_s * 1000)
        tool_id = await self._db.run(functools.partial(
            self.append_row, topic_id, Role.TOOL, result,
            tool_call_id=call.id, tool_name=call.name, tool_elapsed_ms=elapsed_ms))
        self._bus.publish(MessageAdded(topic_id, tool_id))

    def sendable(self, s: Session, topic_id: int, pick: ModelPick | None) -> tuple[TopicRecord, AssistantRecord, str, int]:
        """``(topic, assistant, model, provider id)`` a request of ``topic_id`` goes to
        (``services.topics.topic_model.resolve_model``, with ``pick`` as the override when
        given); :class:`InvalidInput` when there is no provider or model, ``NotFound``."""
        topic, assistant, resolved = topic_resolution(s, self._loader.catalog, topic_id, pick)
        return topic, assistant, resolved.model, resolved.sendable(assistant)

    def _pick(self, topic_id: int, override: ModelPick | None) -> ModelPick:
        """The provider and model a send of ``topic_id`` uses (``override`` when given);
        :class:`InvalidInput` when there is none (nothing is stored)."""
        with self._db.read() as s:
            _topic, _assistant, model, provider_id = self.sendable(s, topic_id, override)
            return ModelPick(provider_id, model)

    def _name_topic(self, topic_id: int, text: str, chat_model: tuple[int, str]) -> None:
        """Ask the topic-naming model (else ``chat_model``) for a better title in the
        background (APP-10, walk29 #2)."""
        self._sends.side(self._namer.name(topic_id, text, chat_model))

    async def _after_reply(self, topic_id: int) -> None:
        """CMP-7 token auto-compact once the reply is stored; its failure never fails the send."""
        assert self._compaction is not None
        try:
            await self._compaction.after_reply(topic_id)
        except ServiceError as exc:
            log.info("auto-compact after the reply of topic %s skipped: %s", topic_id, exc)

    async def _rescue_known_overflow(self, ctx: TopicContext, estimate: int | None,
                                     tries: Tries) -> tuple[TopicContext, Tries]:
        """CMP-11 before the request instead of after its rejection: when pre-send
        compaction (at most 3 batches, CMP-13) left the next request so far above the
        input budget that no tokenizer difference can make it fit — above budget ÷ 0.6,
        the lowest provider/local ratio REF-27 admits — the one overflow rescue (every
        eligible turn) runs now and the request is rebuilt. A request merely near the
        budget is sent: the provider's own count decides (CMP-11). Not for the threshold
        policy, whose NUM-5 fit leaves older turns out instead. Returns the context to
        send and the send's tries."""
        if (estimate is None or estimate * RATIO_MIN <= ctx.input_budget or ctx.threshold.enabled
                or not ctx.regular):
            return ctx, tries
        reclaimed, tries = await self._rescue(ctx, tries, estimate)
        if reclaimed:
            return await self._loader.aload(ctx.topic_id, override=ctx.override), tries
        return ctx, tries

    async def _rescue(self, ctx: TopicContext, tries: Tries, before_tokens: int) -> tuple[bool, Tries]:
        """CMP-11: one compaction with the History Compress model, once per send (``tries``).
        Returns whether it reclaimed tokens (the caller resends, rebuilt from the current
        topic) and the tries, with the rescue spent when one ran."""
        if self._compaction is None or tries.rescued:
            return False, tries
        tries = dataclasses.replace(tries, rescued=True)
        try:
            result = await self._compaction.rescue(ctx.topic_id, like=ctx)
        except ServiceError as exc:
            log.info("overflow rescue for topic %s not possible: %s", ctx.topic_id, exc)
            return False, tries
        if result.status not in (COMPACTED, UNREACHABLE) or result.after_tokens is None:
            return False, tries
        return result.after_tokens < before_tokens, tries

    async def _one_reply(self, ctx: TopicContext, reply_id: int | None, client: ChatClient,
                         tries: Tries) -> tuple[StreamResult, Tries]:
        """Stream one reply of the planned ``ctx`` into ``reply_id`` (a new placeholder
        when ``None``) and store it; returns its stored result (its tool calls included)
        and the send's tries.

        A context overflow (provider error or an empty reply at the ceiling, CMP-12) runs
        one rescue compaction and re-streams into the same row from a request rebuilt
        from the current topic, at most once per send (CMP-11); the error is stored only
        when compaction could not reclaim enough. A short ``Retry-After`` is waited out
        once per send (issue 12).

        Cancelled once the first stream step began, it raises :class:`StreamStopped` (the
        row is this reply's, not the caller's to drop): a stream step stores what arrived
        itself; between two requests of the reply (the retry wait, the rescue, planning the
        resend) the row keeps what it stored and ends ``cancelled`` (Stop) or
        ``interrupted`` (quit). Cancelled before its first request, a placeholder made here
        (a later tool round's) is dropped (Stop) or stored ``interrupted`` (quit); the
        caller's own placeholder is the caller's. A failure (not a cancellation) ends the
        row as an error with its one-line reason (:meth:`_failed`) once it began or when
        it was made here, and is raised."""
        topic_id = ctx.topic_id
        made = reply_id is None
        if reply_id is None:
            reply_id = await self._placeholder(ctx)
        began = False
        receipt: dict[str, object] | None = None
        try:
            while True:
                planned = await self._db.run(self._plan, ctx, reply_id)
                began, receipt = True, planned.receipt
                result = await self._streamer.stream(topic_id, reply_id, client, planned, ctx.context_window,
                                                     ctx.provider_name)
                result = result.silently_cut(planned.total, not any(m.images for m in planned.request.messages),
                                             self_hosted=ctx.self_hosted)
                if result.error_kind == ErrorKind.CONTEXT_OVERFLOW.value and result.empty:
                    reclaimed, tries = await self._rescue(ctx, tries, planned.total)
                    if reclaimed:
                        ctx = await self._loader.aload(topic_id, override=ctx.override)
                        continue
                wait = result.retry_after_s
                if (result.status == MessageStatus.ERROR and wait is not None and wait <= AUTO_RETRY_MAX_S
                        and result.empty and not tries.auto_retried):  # issue 12: once
                    tries = dataclasses.replace(tries, auto_retried=True)
                    self._bus.publish(ReplyRetrying(topic_id, reply_id, wait, result.error or "", result.why))
                    await asyncio.sleep(wait)
                    continue
                return await self._streamer.finish(result), tries
        except asyncio.CancelledError as exc:
            if isinstance(exc, StreamStopped):  # the stream step stored what arrived
                raise
            if began:  # between two requests of this reply
                why = self._sends.take_cut(topic_id, MessageStatus.INTERRUPTED)
                await finish_anyway(self._end_streaming(topic_id, reply_id, why, receipt))
                raise StreamStopped(*exc.args) from exc
            if made:
                await finish_anyway(self._unbegun(topic_id, reply_id, self._sends.take_cut(topic_id)))
            raise
        except Exception as exc:  # e.g. planning a later round or a resend was refused
            if began or made:
                await finish_anyway(self._failed(topic_id, reply_id, exc, receipt))
            raise

    async def _client(self, provider_id: int) -> ChatClient:
        """A chat client for ``provider_id`` whose replies stop at the ``reply-limit-mb``
        setting (stream50; ``CHATHUB_LIMIT_REPLY_MB`` wins when set), built on a worker."""
        reply_mb = await self._db.run(self._settings.value, REPLY_LIMIT_MB)
        return await self._providers.aclient(provider_id, reply_mb=reply_mb)

    def _silence_limit(self) -> float:
        """The ``stream-silence-seconds`` setting in seconds (60 by default)."""
        return self._settings.value(STREAM_SILENCE_SECONDS)
