"""The threshold compaction policy (NUM-1 … NUM-10; issue 31 split it out of
``compaction_service``): before a send whose estimate passes ``max(1, window − buffer)``,
the older complete turns are summarized with the chat model itself and the recent ones
kept; a latest turn that cannot fit even alone blocks the send.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from datetime import datetime

from chathub_desktop.core import compaction as cc
from chathub_desktop.core import threshold_compaction as tc
from chathub_desktop.core.compaction import CompactionPhase
from chathub_desktop.core.compaction_prompt import read_cut_summary
from chathub_desktop.core.messages import Role
from chathub_desktop.core.reasons import QT_TRANSLATE_NOOP, Reason
from chathub_desktop.providers.fault_words import FAULT_TEMPLATES
from chathub_desktop.services.compaction.compaction_outcome import (
    COMPACTED,
    FAILED,
    CompactionOutcome,
    PreSendResult,
)
from chathub_desktop.services.compaction.compaction_records import CompactionRecords
from chathub_desktop.services.compaction.summarizer import (
    FailureReason,
    Summarizer,
    SummarizerFailed,
    SummarizerTarget,
)
from chathub_desktop.services.context.request_context import TopicContext
from chathub_desktop.services.events import CompactionProgress, EventBus
from chathub_desktop.services.providers.provider_service import ProviderService
from chathub_desktop.storage.database import Database

__all__ = ["ThresholdCompaction"]


#: A History Compress failure said of the chat model, which writes the threshold
#: compaction's summary (NUM-6; issue 27: typed, the values kept).
_AS_CHAT_MODEL = {
    FailureReason.UNUSABLE: QT_TRANSLATE_NOOP("ServiceReasons", "the chat model cannot be used: %1"),
    FailureReason.CUT_AT_LIMIT: QT_TRANSLATE_NOOP("ServiceReasons", "the chat model stopped at its token limit "
                                                                    "before completing one sentence of the summary"),
    FailureReason.EMPTY: QT_TRANSLATE_NOOP("ServiceReasons", "the chat model returned an empty summary"),
    FailureReason.TIMEOUT: QT_TRANSLATE_NOOP("ServiceReasons", "the chat model did not answer within %1 s"),
    FailureReason.TOO_LONG: QT_TRANSLATE_NOOP("ServiceReasons", "the chat model rejected the batch as too long for "
                                                                "its context window: %1"),
    FailureReason.FAILED: QT_TRANSLATE_NOOP("ServiceReasons", "the chat model failed: %1"),
    FailureReason.REQUEST_FAILED: QT_TRANSLATE_NOOP("ServiceReasons", "the chat model request failed: %1"),
    FailureReason.TOOL_CALL: QT_TRANSLATE_NOOP("ServiceReasons", "the chat model answered with a tool call instead "
                                                                 "of text"),
    FailureReason.REASONING_ONLY: QT_TRANSLATE_NOOP("ServiceReasons", "the chat model answered with reasoning only, "
                                                                      "no text"),
}


def _as_chat_model(exc: SummarizerFailed) -> Reason | str:
    """``exc``'s reason said of the chat model (typed when its template has a chat-model
    twin; a transport fault said plainly as it is), else its English with the model named so."""
    why = exc.why
    if why is not None and why.template in FAULT_TEMPLATES:  # names the provider, not a model (walk53c #1)
        return why
    if why is not None and why.template in _AS_CHAT_MODEL:
        return Reason(_AS_CHAT_MODEL[FailureReason(why.template)], why.args, why.notes)
    return str(exc).replace("History Compress model", "chat model")

class ThresholdCompaction:
    """The NUM policy's pre-send step. ``load(ctx)`` reloads a context of the same
    request after a run changed the topic; ``records`` stores the runs; ``clock`` is UTC."""

    def __init__(self, db: Database, bus: EventBus, providers: ProviderService, records: CompactionRecords,
                 load: Callable[[TopicContext], Awaitable[TopicContext]], clock: Callable[[], datetime]) -> None:
        self._db = db
        self._bus = bus
        self._providers = providers
        self._records = records
        self._load = load
        self._clock = clock

    def too_large(self, ctx: TopicContext, limit: int) -> Reason | None:
        """NUM-5: why even the latest turn cannot be sent within ``limit`` (typed, issue
        27), else None."""
        prefix, rows = ctx.threshold_parts()
        try:
            tc.fit_history(prefix, rows, ctx.base_input.tools, limit)
        except tc.RequestTooLarge as exc:
            window, buffer = ctx.card.context_window, ctx.threshold.buffer_tokens
            if buffer >= window:
                return Reason(QT_TRANSLATE_NOOP(
                    "ServiceReasons", "The threshold compaction buffer (%1 tokens) is not smaller than the model's "
                                      "context window (%2), which leaves no room for a request: lower "
                                      "compact-buffer-tokens (Settings → System Agent) or COMPACT_BUFFER_TOKENS."),
                    (f"{buffer:,}", f"{window:,}"))
            return exc.reason
        return None

    async def before_send(self, ctx: TopicContext) -> PreSendResult:
        """NUM-3: when the estimate is above ``max(1, window − buffer)``, summarize the
        older complete turns with the chat model (NUM-6, NUM-9, NUM-10) and keep the
        recent ones (NUM-7); the request then leaves out older turns until it fits
        (NUM-5, in the history window). A latest turn that cannot fit even alone blocks
        the send before any request."""
        cfg = ctx.threshold
        limit = tc.threshold(ctx.card.context_window, cfg.buffer_tokens)
        estimate = ctx.threshold_estimate or 0
        refusal = self.too_large(ctx, limit)
        if refusal is not None:
            return PreSendResult((), True, refusal.english(), estimate, limit, ctx, why=refusal)
        outcomes: list[CompactionOutcome] = []
        if estimate > limit:
            out = await self._run(ctx, limit, estimate)
            if out is not None:
                outcomes.append(out)
                if out.status == COMPACTED:
                    ctx = await self._load(ctx)
                    estimate = ctx.threshold_estimate or 0
        return PreSendResult(tuple(outcomes), False, "", estimate, limit, ctx)

    async def _run(self, ctx: TopicContext, limit: int, estimate: int) -> CompactionOutcome | None:
        """One threshold compaction (NUM-6 … NUM-10), guarded by the breaker (NUM-8);
        None when the breaker is open or nothing can be split off."""
        cfg = ctx.threshold
        count, until, _remembered = await self._db.run(self._records.breaker_state, ctx.topic_id)
        now = self._clock()
        if cc.breaker_open(count, until.timestamp() if until else None, now.timestamp(), cfg.max_failures):
            return None
        rows = [h for h in ctx.history[ctx.start:] if h.sendable and h.message.role is not Role.SYSTEM]
        split = tc.split_point([h.message for h in rows], cfg.keep_recent)
        base = dict(topic_id=ctx.topic_id, trigger=cc.TRIGGER_THRESHOLD, input_budget=limit, high=1.0, low=1.0)
        if split is None or split == 0 or ctx.provider_id is None or ctx.provider_kind is None:
            return None
        older = rows[:split]
        # the summarizer is the chat model: its prompt must fit the same budget (newest first)
        room = max(1, limit - tc.estimate_tokens(tc.summary_request("", ctx.summary or None)))
        try:
            fitting = tc.fit_history([], [h.message for h in older], (), room)
        except tc.RequestTooLarge:
            fitting = [older[-1].message]
        shown = [h.message for h in older][len(older) - len(fitting):]
        provider_name = await self._db.run(self._records.provider_name, ctx.provider_id)
        target = SummarizerTarget(provider_id=ctx.provider_id, provider_name=provider_name, kind=ctx.provider_kind,
                                  model=ctx.model, card=ctx.card, window=ctx.card.context_window)
        messages = tc.summary_request(tc.shortened_view(shown), ctx.summary or None)
        max_tokens = max(256, min(tc.SUMMARY_MAX_TOKENS, ctx.card.context_window // 4))
        self._bus.publish(CompactionProgress(ctx.topic_id, cc.TRIGGER_THRESHOLD, CompactionPhase.STARTED))
        summary: str | None = None
        why: Reason | str = ""
        try:
            done = await Summarizer(self._providers, target).complete(messages, max_tokens)
            summary = tc.extract_summary(done.text)
            if done.truncated and summary:  # still a summary up to its last complete sentence (CMP-5)
                summary = read_cut_summary(summary) or None
            why = Reason(QT_TRANSLATE_NOOP("ServiceReasons", "the model stopped at its token limit before completing "
                                                             "one sentence") if done.truncated
                         else QT_TRANSLATE_NOOP("ServiceReasons", "the model returned an empty summary"))
        except SummarizerFailed as exc:
            why = _as_chat_model(exc)
        finally:
            status = COMPACTED if summary else FAILED
            self._bus.publish(CompactionProgress(ctx.topic_id, cc.TRIGGER_THRESHOLD, CompactionPhase.FINISHED,
                                                 status=status, why=None if summary or isinstance(why, str) else why))
        if summary is None:
            failed = Reason(QT_TRANSLATE_NOOP("ServiceReasons", "threshold compaction failed: %1"), (why,))
            out = CompactionOutcome(status=FAILED, message=failed.english(), why=failed,
                                    before_tokens=estimate, after_tokens=estimate,
                                    cursor_message_id=ctx.cursor_message_id, model=target.label, reason="summarizer",
                                    **base)  # type: ignore[arg-type]
            await self._records.arecord(ctx, out, None, failed=True, max_failures=cfg.max_failures)
            return out
        if not await self._db.run(self._records.commit, ctx, summary, older[-1].id, target, True):
            return None
        after = (await self._load(ctx)).threshold_estimate
        done_why = Reason(QT_TRANSLATE_NOOP("ServiceReasons", "summarized %1 older messages with the chat model"),
                          (str(len(older)),))
        out = CompactionOutcome(status=COMPACTED, message=done_why.english(), why=done_why,
                                before_tokens=estimate, after_tokens=after, cursor_message_id=older[-1].id,
                                batches=1, covered_messages=len(older), model=target.label, **base)  # type: ignore[arg-type]
        await self._records.arecord(ctx, out, None)
        return out
