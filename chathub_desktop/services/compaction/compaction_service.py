"""Topic compaction: the rolling summary, its cursor, manual Compact, auto-compact and
overflow rescue (CMP-1…CMP-20, REF-18…REF-25, NUM-8).

The GUI and the CLI call :class:`CompactionService`:

- ``await compact(topic_id)`` — Compact now (manual; the longest eligible prefix).
- ``in_flight(topic_id)`` — True while a run is going (the button reads "Compacting…").
- ``summary(topic_id)`` — the viewer's :class:`~chathub_desktop.services.views.SummaryView`.
- ``export_summary(topic_id)`` — Markdown text for Export (CMP-18).
- ``clear_for_edit(topic_id, message_id)`` — called when a message is edited/deleted (CMP-15).

:class:`~chathub_desktop.services.chat.chat_service.ChatService` calls :meth:`before_send`
(message count, then token threshold, ≤ 3 batches, cancellable), :meth:`rescue` (one
compaction after a context overflow) and :meth:`after_reply` (token auto-compact).

A run plans in ``core.compaction`` from the cached per-message token counts, sends each
batch to the History Compress model (``services.compaction.summarizer``) and writes the new summary,
cursor, archives and debug log in ONE transaction at the end; a cancelled run writes
nothing (CMP-13). Raw messages are never deleted (CMP-2).
"""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Protocol

from chathub_desktop.core import compaction as cc
from chathub_desktop.core import compaction_gain as cg
from chathub_desktop.core.clock import utcnow
from chathub_desktop.core.compaction import CompactionPhase, CompactionStatus
from chathub_desktop.core.messages import ChatMessage
from chathub_desktop.core.reasons import QT_TRANSLATE_NOOP, Reason
from chathub_desktop.core.request_assembly import RequestPart, assemble_request, template_overhead
from chathub_desktop.providers.catalog import ModelCatalog
from chathub_desktop.services.assistants.settings_service import SettingsService
from chathub_desktop.services.compaction.compaction_outcome import (
    ALL_SUMMARIZED,
    BELOW_LOW,
    COMPACTED,
    FAILED,
    NOTHING_ELIGIBLE,
    SHORT_TOPIC,
    STATUS_TEXT,
    UNREACHABLE,
    CompactionInProgress,
    CompactionOutcome,
    PreSendResult,
)
from chathub_desktop.services.compaction.compaction_outcome import CompactionReason as Why
from chathub_desktop.services.compaction.compaction_records import CompactionRecords, fingerprint
from chathub_desktop.services.compaction.compaction_threshold import ThresholdCompaction
from chathub_desktop.services.compaction.summarizer import (
    Summarizer,
    SummarizerFailed,
    SummarizerTarget,
    SummarizerUnavailable,
    for_assistant,
    resolve_summarizer,
)
from chathub_desktop.services.context.request_context import ContextLoader, TopicContext
from chathub_desktop.services.errors import InvalidInput
from chathub_desktop.services.events import (
    CompactionProgress,
    EventBus,
)
from chathub_desktop.services.providers.provider_service import ProviderService
from chathub_desktop.services.views import SummaryView
from chathub_desktop.storage.database import Database

log = logging.getLogger(__name__)


@dataclass
class _Run:
    """Book-keeping of one run in flight."""

    task: asyncio.Task[object] | None
    done: asyncio.Event = field(default_factory=asyncio.Event)


@dataclass(frozen=True)
class _Measured:
    """What one run measured and planned before any summarizer call: the topic's
    ``ctx``, the run's ``trigger`` and watermarks (``high``/``low``, fractions), the
    request figure ``before`` (tokens; the badge's, CMP-7), the summary ``cap``, the
    History Compress ``target`` (None: ``missing`` says why) and its ``budget``, the
    summary part now and projected, the summary block's ``wrapper``, the archive allowance and the input template's
    per-user overhead (tokens), and the core ``plan``."""

    ctx: TopicContext
    trigger: cc.CompactionTrigger
    high: float
    low: float
    before: int
    cap: int
    target: SummarizerTarget | None
    missing: SummarizerUnavailable | None
    budget: cc.SummarizerBudget
    summary_part: int
    projected_summary: int
    wrapper: int
    archive_allowance: int
    user_overhead: int
    plan: cc.CompactionPlan

    @property
    def model(self) -> str | None:
        """The History Compress model's label, None without one."""
        return self.target.label if self.target is not None else None

    def outcome(self, **fields: Any) -> CompactionOutcome:
        """This run's :class:`CompactionOutcome`: its topic, trigger, input budget and
        watermarks, and ``fields``."""
        return CompactionOutcome(topic_id=self.ctx.topic_id, trigger=self.trigger, input_budget=self.ctx.input_budget,
                                 high=self.high, low=self.low, **fields)


@dataclass(frozen=True)
class _Summarized:
    """The batches a run summarized: the new ``summary``, the history row it covers up to
    (``done_end``, exclusive), how many batches were ``processed``, the first batch's
    ``failure`` (None: all went through), the topic's edit ``generation`` when the
    run began summarizing, and how many summaries were ``cut`` at the model's token limit."""

    summary: str
    done_end: int
    processed: int
    failure: str | Reason | None
    generation: int
    cut: int = 0


class SummaryGate(Protocol):
    """Checks a new summary before it is stored (issue 26: ``services.compaction.summary_probes``)."""

    async def gate(self, topic_id: int, target: SummarizerTarget, messages: Sequence[ChatMessage],
                   summary: str) -> Reason | None:
        """None to store ``summary``; else why the old state is kept (a typed reason)."""


class CompactionService:
    """Per-topic compaction (see the module docstring for the API the GUI uses)."""

    def __init__(
        self,
        db: Database,
        bus: EventBus,
        providers: ProviderService,
        catalog: ModelCatalog,
        settings: SettingsService,
        loader: ContextLoader,
        *,
        on_change: Callable[[int], None] | None = None,
        estimator: Callable[[TopicContext], int] | None = None,
        clock: Callable[[], datetime] = utcnow,
        gate: SummaryGate | None = None,
    ) -> None:
        self._db = db
        self._gate = gate
        self._estimator = estimator
        self._bus = bus
        self._providers = providers
        self._catalog = catalog
        self._settings = settings
        self._loader = loader
        self._clock = clock
        self._runs: dict[int, _Run] = {}
        self._records = CompactionRecords(db, bus, clock, on_change)
        self._threshold = ThresholdCompaction(db, bus, providers, self._records,
                                              lambda ctx: self._load(ctx.topic_id, like=ctx), clock)

    # --- state ------------------------------------------------------------------------
    def in_flight(self, topic_id: int) -> bool:
        """True while a compaction of ``topic_id`` runs (CMP-6: Compact is disabled)."""
        return topic_id in self._runs

    def cancel(self, topic_id: int) -> bool:
        """Cancel the task running a compaction of ``topic_id`` (a send's task when the
        run is its pre-send step). Nothing of a cancelled run is stored (CMP-13)."""
        run = self._runs.get(topic_id)
        if run is None or run.task is None or run.task.done():
            return False
        run.task.cancel()
        return True

    async def _load(self, topic_id: int, *, pending_user: bool = False, like: TopicContext | None = None) -> TopicContext:
        """The topic's snapshot and plan, as send and the badge see it, loaded on the
        store's workers; ``like``: a context of the same request, whose model override
        (issue 14) the reload keeps."""
        override = like.override if like is not None else None
        return await self._loader.aload(topic_id, pending_user=pending_user, override=override)

    @staticmethod
    def estimate(ctx: TopicContext) -> int:
        """The local count of a planned context's next request without a draft, tokens
        (blocking: a worker thread)."""
        return assemble_request(ctx.base_input, ctx.counter.count).total_tokens

    def trigger_estimate(self, ctx: TopicContext) -> int:
        """The figure the token trigger compares with ``high × budget`` (CMP-7): the
        anchored, corrected total of ``ctx``'s plan when an ``estimator`` was given
        (TOK-3: a provider report beats the local count), else :meth:`estimate`.
        Blocking: a worker thread."""
        if self._estimator is not None:
            return self._estimator(ctx)
        return self.estimate(ctx)

    async def _trigger(self, ctx: TopicContext) -> int:
        return await self._db.run(self.trigger_estimate, ctx)

    # --- public runs ------------------------------------------------------------------
    async def compact(self, topic_id: int, trigger: cc.CompactionTrigger = cc.TRIGGER_MANUAL, *,
                      focus: str = "") -> CompactionOutcome:
        """Compact now: summarize every completed turn after the cursor and before the
        latest user message (REF-19 "manual: the longest"). ``focus``: the user's
        instructions for what the summary must keep (issue 19; one line, at most 2,000
        characters are used).

        Returns a :class:`CompactionOutcome`; a summarizer failure is an outcome with
        status ``failed`` (summary and cursor unchanged), not an exception. Raises
        :class:`CompactionInProgress` when this topic is already compacting (CMP-6),
        :class:`InvalidInput` for a topic that is not a regular chat (CMP-16) or an
        unknown trigger, ``NotFound`` for an unknown topic.
        """
        if trigger not in cc.TRIGGERS:
            raise InvalidInput(Reason(QT_TRANSLATE_NOOP(
                "ServiceReasons", "unknown compaction trigger %1"), (repr(trigger),)))
        run_trigger = cc.CompactionTrigger(trigger)
        if self.in_flight(topic_id):
            raise CompactionInProgress("this topic is already compacting; wait for that run to finish")
        ctx = await self._load(topic_id)
        if not ctx.regular:
            raise InvalidInput(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "only regular topic chats use topic "
                                                                          "compaction")))
        return await self._guarded(topic_id, run_trigger, max_batches=None, focus=focus)

    async def rescue(self, topic_id: int, like: TopicContext | None = None) -> CompactionOutcome:
        """Overflow rescue (CMP-11): one run with the History Compress model over the
        longest eligible prefix, even with the routine switches off and the circuit
        breaker open. Waits for a run already in flight first. ``like``: the send's
        context, whose model override (issue 14) the run plans with."""
        await self._wait_idle(topic_id)
        return await self._guarded(topic_id, cc.TRIGGER_OVERFLOW, max_batches=None, like=like)

    async def after_reply(self, topic_id: int) -> CompactionOutcome | None:
        """Token auto-compact after a completed reply (CMP-7): when auto-compact is on and
        the next-request estimate is at or above ``high × budget``, compact to the low
        watermark. ``None`` when nothing was needed or allowed."""
        await self._wait_idle(topic_id)
        ctx = await self._load(topic_id, pending_user=True)  # the badge's next request
        if not (ctx.regular and ctx.auto_compact):
            return None
        high, _low = cc.watermarks(ctx.high_watermark)
        figure = await self._trigger(ctx)
        if figure < high * ctx.input_budget:
            return None
        return await self._automatic(ctx, cc.TRIGGER_TOKEN, max_batches=None, figure=figure)

    async def between_rounds(self, ctx: TopicContext) -> TopicContext:
        """Token auto-compact inside one tool loop (CMP-7, CMP-9; issue 25), called once
        every call of a round has its stored result, so a run never separates a call
        from its result. When auto-compact is on and the next round's request (``ctx``,
        reloaded after the results) is at or above ``high × budget``, the oldest
        completed turns are summarized toward ``low × budget``, at most
        :data:`~chathub_desktop.core.compaction.MAX_PRESEND_BATCHES` batches; the running
        turn (its user message, calls and results) stays verbatim. A failed or
        unreachable run does not stop the loop: the provider's answer decides, and an
        overflow still takes the one rescue (CMP-11). Returns the context to send next
        (reloaded only when a run changed the topic)."""
        if not (ctx.regular and ctx.auto_compact) or ctx.threshold.enabled:
            return ctx
        if self._runs.get(ctx.topic_id) is not None:  # a manual Compact goes first
            await self._wait_idle(ctx.topic_id)
            ctx = await self._load(ctx.topic_id, like=ctx)
        high, _low = cc.watermarks(ctx.high_watermark)
        figure = await self._trigger(ctx)
        if figure < high * ctx.input_budget:
            return ctx
        out = await self._automatic(ctx, cc.TRIGGER_TOKEN, max_batches=cc.MAX_PRESEND_BATCHES, figure=figure)
        if out is not None and (out.status == COMPACTED or out.batches):
            return await self._load(ctx.topic_id, like=ctx)
        return ctx

    async def before_send(self, ctx: TopicContext) -> PreSendResult:
        """Pre-send compaction (CMP-13) of the send planned in ``ctx`` (its user message
        stored): by message count when the history limit would drop settled turns (needs
        Limit history + Summarize history), then by token threshold (needs auto-compact),
        at most 3 batches in all; cancellable (Stop).

        ``blocked`` is True when a failed or unreachable run leaves the estimate at or
        above ``high × budget`` (REF-23); the caller shows a context-length error then.
        ``ctx`` of the result is the context to send (reloaded only when a run changed it).
        """
        topic_id = ctx.topic_id
        if self._runs.get(topic_id) is not None:
            await self._wait_idle(topic_id)
            ctx = await self._load(topic_id, like=ctx)
        if not ctx.regular:
            return PreSendResult(ctx=ctx)
        if ctx.threshold.enabled:
            return await self._threshold.before_send(ctx)
        outcomes: list[CompactionOutcome] = []
        left = cc.MAX_PRESEND_BATCHES
        window = ctx.window
        if (
            ctx.summarize_history
            and window is not None
            and window.configured_limit is not None
            and window.send_from > window.start
        ):
            out = await self._automatic(ctx, cc.TRIGGER_MESSAGE_COUNT, max_batches=left)
            if out is not None:
                outcomes.append(out)
                left -= out.batches
                if out.status == COMPACTED or out.batches:
                    ctx = await self._load(topic_id, like=ctx)
        high, _low = cc.watermarks(ctx.high_watermark)
        estimate = await self._trigger(ctx)
        if ctx.auto_compact and estimate >= high * ctx.input_budget:
            if left > 0:
                out = await self._automatic(ctx, cc.TRIGGER_TOKEN, max_batches=left, figure=estimate)
                if out is not None:
                    outcomes.append(out)
                    if out.status == COMPACTED or out.batches:
                        ctx = await self._load(topic_id, like=ctx)
                        estimate = await self._trigger(ctx)
        bad = any(o.status in (FAILED, UNREACHABLE) for o in outcomes)
        blocked = bad and cc.send_blocked(estimate, ctx.input_budget, high)
        message = ""
        if blocked:
            last = next(o for o in reversed(outcomes) if o.status in (FAILED, UNREACHABLE))
            message = (
                "Too long for the model's context window: "
                f"the next request needs about {estimate:,} of {ctx.input_budget:,} input tokens "
                f"({estimate / max(ctx.input_budget, 1):.0%}), at or above the {high:.0%} high watermark, "
                f"and compaction {last.status_text}: {last.message.rstrip('.')}. "
                "Compact the topic, shorten the message or start a new topic."
            )
        return PreSendResult(tuple(outcomes), blocked, message, estimate, ctx.input_budget, ctx)

    # --- summary viewer (CMP-18, CMP-17, CMP-20) ----------------------------------------
    def summary(self, topic_id: int) -> SummaryView:
        """The topic's summary for the read-only viewer: text, model, cursor, update time,
        debug log (newest last) and archives. Raises ``NotFound`` for an unknown topic."""
        return self._records.summary(topic_id)

    def edit_summary(self, topic_id: int, text: str, *, expected: str | None = None) -> SummaryView:
        """The user's own summary text (issue 19): stored as the topic's summary (cursor
        kept), marked as edited, and from then on the base the next compaction merges
        new turns into — never rewritten from scratch. Likely secrets are stored as
        ``[redacted: KIND]`` (a :class:`SecretsRedacted` event says which).

        ``expected``: the summary text the editor showed; when the stored one differs
        (a compaction finished meanwhile) raises :class:`StaleDocument` and writes
        nothing. A compaction running now fails instead of overwriting the edit.
        Raises :class:`InvalidInput` for a topic that is not a regular chat (CMP-16),
        ``NotFound`` for an unknown topic."""
        self._records.edit(topic_id, text, expected=expected)
        return self.summary(topic_id)

    def export_summary(self, topic_id: int) -> str:
        """The summary as Markdown for Export (CMP-18): a title line, the model that wrote
        it, the covered-through message id, then the text. ``""`` when there is none."""
        view = self.summary(topic_id)
        if not view.text:
            return ""
        when = view.updated_at.isoformat(timespec="seconds") if view.updated_at else "unknown time"
        return (
            f"# Topic summary (topic {topic_id})\n\n"
            f"- Model: {view.model or 'unknown'}\n"
            f"- Covers messages through id {view.cursor_message_id}\n"
            f"- Updated: {when}\n\n{view.text}\n"
        )

    # --- edits (CMP-15, REF-25) ---------------------------------------------------------
    def note_history_change(self, topic_id: int) -> None:
        """Record that the topic's stored history changed (a run in flight then aborts
        instead of storing a summary of old text)."""
        self._records.note_history_change(topic_id)

    def clear_for_edit(self, topic_id: int, message_id: int, *, position_seq: int | None = None) -> bool:
        """A message is being edited or deleted: when the summary covers it (it is at or
        before the cursor), clear the summary, the cursor, the archives and the topic
        snippet so the next run rebuilds them (CMP-15, REF-25). Returns whether anything
        was cleared. ``position_seq`` is the message's ``seq`` when the caller already
        deleted the row."""
        return self._records.clear_for_edit(topic_id, message_id, position_seq)

    # --- internals ----------------------------------------------------------------------
    async def _wait_idle(self, topic_id: int) -> None:
        run = self._runs.get(topic_id)
        if run is not None and run.task is not asyncio.current_task():
            await run.done.wait()

    async def _automatic(self, ctx: TopicContext, trigger: cc.CompactionTrigger, max_batches: int | None,
                         figure: int | None = None) -> CompactionOutcome | None:
        """An automatic run with the NUM-8 breaker and the CMP-7 unreachable memory;
        ``figure``: the trigger's estimate (tokens), which the planner then uses (CMP-7)."""
        high, low = cc.watermarks(ctx.high_watermark)
        count, until, remembered = await self._db.run(self._records.breaker_state, ctx.topic_id)
        now = self._clock()
        if cc.breaker_open(count, until.timestamp() if until else None, now.timestamp()):
            paused = Reason(Why.PAUSED, (str(count), until.isoformat(timespec='seconds') if until else '?'))
            return CompactionOutcome(
                ctx.topic_id, trigger, FAILED, paused.english(),
                before_tokens=await self._db.run(self.estimate, ctx), input_budget=ctx.input_budget,
                high=high, low=low, cursor_message_id=ctx.cursor_message_id, reason="cooldown", why=paused,
            )
        if trigger == cc.TRIGGER_TOKEN and remembered and remembered == fingerprint(ctx):
            return CompactionOutcome(
                ctx.topic_id, trigger, UNREACHABLE, Why.OUT_OF_REACH.value,
                before_tokens=await self._db.run(self.estimate, ctx), input_budget=ctx.input_budget,
                high=high, low=low, cursor_message_id=ctx.cursor_message_id, reason="unchanged",
                why=Reason(Why.OUT_OF_REACH),
            )
        return await self._guarded(ctx.topic_id, trigger, max_batches=max_batches, figure=figure, like=ctx)

    async def _guarded(self, topic_id: int, trigger: cc.CompactionTrigger, max_batches: int | None,
                       figure: int | None = None, focus: str = "",
                       like: TopicContext | None = None) -> CompactionOutcome:
        if topic_id in self._runs:
            raise CompactionInProgress("this topic is already compacting; wait for that run to finish")
        run = _Run(task=asyncio.current_task())
        self._runs[topic_id] = run
        self._bus.publish(CompactionProgress(topic_id, trigger, CompactionPhase.STARTED))
        out: CompactionOutcome | None = None
        try:
            out = await self._run(topic_id, trigger, max_batches, figure, focus, like)
            return out
        finally:
            del self._runs[topic_id]
            run.done.set()
            self._bus.publish(CompactionProgress(
                topic_id, trigger, CompactionPhase.FINISHED,
                status=out.status if out else CompactionStatus.CANCELLED, why=out.why if out else None))

    def _resolve_target(self) -> tuple[SummarizerTarget | None, SummarizerUnavailable | None]:
        try:
            return resolve_summarizer(self._db, self._settings, self._catalog), None
        except SummarizerUnavailable as exc:  # only a failure if there is something to summarize
            return None, exc

    async def _run(self, topic_id: int, trigger: cc.CompactionTrigger, max_batches: int | None,
                   figure: int | None = None, focus: str = "", like: TopicContext | None = None) -> CompactionOutcome:
        """One run: measure and plan (:meth:`_measure`), stop before any summarizer call
        when it cannot help (:meth:`_refused`), summarize the batches (:meth:`_summarize`),
        then store the new summary or keep the old one (:meth:`_settle`)."""
        ctx = await self._load(topic_id, like=like)
        if not ctx.regular:
            high, low = cc.watermarks(ctx.high_watermark)
            return CompactionOutcome(status=NOTHING_ELIGIBLE, reason="not_regular", message=Why.NOT_REGULAR.value,
                                     why=Reason(Why.NOT_REGULAR), topic_id=topic_id, trigger=trigger,
                                     input_budget=ctx.input_budget, high=high, low=low)
        m = await self._measure(ctx, trigger, max_batches, figure)
        refused = await self._refused(m)
        if refused is not None:
            return refused
        assert m.target is not None  # _refused answers a run without one
        done = await self._summarize(m, m.target, focus)
        if done.processed == 0:
            return await self._records.failed(ctx, trigger, done.failure or Reason(Why.NO_BATCH), m.before,
                                              "summarizer", m.target.label, m.high, m.low, m.plan)
        return await self._settle(m, m.target, done)

    async def _measure(self, ctx: TopicContext, trigger: cc.CompactionTrigger, max_batches: int | None,
                       figure: int | None) -> _Measured:
        """The figures a run plans with and its core plan (see :class:`_Measured`);
        ``figure``: the token trigger's figure when the caller has it."""
        high, low = cc.watermarks(ctx.high_watermark)
        count = ctx.counter.count
        plan_req = await self._db.run(assemble_request, ctx.base_input, count)
        if figure is None or trigger != cc.TRIGGER_TOKEN:
            figure = await self._trigger(ctx)  # the badge's figure: one source (TOK-3)
        before = figure  # CMP-7: plan against the figure the user sees and the trigger reads
        cap = cc.summary_cap(ctx.compact_preset)
        target, missing = await self._db.run(self._resolve_target)
        if target is not None:  # issue 27: the assistant's card language, when it sets one
            target = for_assistant(target, ctx.card_language)
        budget = (await self._db.run(target.budget, cap) if target is not None
                  else cc.summarizer_budget(cc.UNKNOWN_SUMMARIZER_WINDOW, cap))
        wrapper = count(cc.summary_block("x")) - 1
        archive_allowance = (cc.ARCHIVE_EXCERPT_CHARS // 3 + 8) if ctx.archives_enabled else 0
        summary_part = plan_req.part(RequestPart.SUMMARY)
        projected_summary = max(summary_part, wrapper + cap + archive_allowance)
        user_overhead = template_overhead(ctx.base_input.input_template, count)
        plan = await self._db.run(functools.partial(
            cc.plan_compaction,
            ctx.index, ctx.window,
            trigger=trigger,
            total_tokens=before,
            summary_tokens=summary_part,
            projected_summary_tokens=projected_summary,
            budget=ctx.input_budget,
            low=low,
            batch_budget=budget.batch,
            user_overhead=user_overhead,
            max_batches=max_batches,
        ))
        return _Measured(ctx, trigger, high, low, before, cap, target, missing, budget, summary_part,
                         projected_summary, wrapper, archive_allowance, user_overhead, plan)

    async def _refused(self, m: _Measured) -> CompactionOutcome | None:
        """The outcome of a run that stops before any summarizer call (nothing eligible,
        nothing to gain, no History Compress model, its window too small), recorded; None
        when the batches are to be summarized."""
        ctx, plan, before = m.ctx, m.plan, m.before
        if plan.status is not cc.PlanStatus.READY:
            status, why = NOTHING_ELIGIBLE, Reason(
                BELOW_LOW if plan.status is not cc.PlanStatus.NOTHING_ELIGIBLE
                else SHORT_TOPIC if ctx.cursor_message_id is None else ALL_SUMMARIZED
            )
            if m.trigger in (cc.TRIGGER_TOKEN, cc.TRIGGER_OVERFLOW) and not plan.reachable:
                status, why = UNREACHABLE, Reason(Why.FIXED_TOO_LARGE, (f"{plan.low_target:,}",))
            out = m.outcome(status=status, message=why.english(), why=why, before_tokens=before, after_tokens=before,
                            cursor_message_id=ctx.cursor_message_id, model=m.model)
            await self._records.arecord(ctx, out, plan, remember_unreachable=status == UNREACHABLE)
            return out
        removed = cc.removed_request_tokens(ctx.index, ctx.window.send_from, plan.covered_end, m.user_overhead)
        expected = max(m.summary_part, m.wrapper + m.archive_allowance + cg.expected_summary_tokens(
            removed, max(0, m.summary_part - m.wrapper - m.archive_allowance), m.cap))  # walk40: not the cap itself
        if cg.cannot_gain(m.trigger, before, cg.projected_after(before, removed, m.summary_part, expected)):
            why = cg.too_short_reason(plan.covered_end - plan.start, removed, m.summary_part, expected)  # walk37 #12
            out = m.outcome(status=NOTHING_ELIGIBLE, reason=cg.NOTHING_TO_GAIN, before_tokens=before,
                            after_tokens=before, cursor_message_id=ctx.cursor_message_id,
                            message=why.english(), why=why, model=m.model)
            await self._records.arecord(ctx, out, plan)
            return out
        if m.target is None:
            assert m.missing is not None
            return await self._records.failed(ctx, m.trigger, m.missing.why or str(m.missing), before, "no_summarizer",
                                              m.missing.model or None, m.high, m.low, problem=m.missing.problem)
        if m.budget.too_small:  # CMP-4: said once, not a placeholder per turn
            return await self._records.failed(
                ctx, m.trigger, Reason(Why.WINDOW_TOO_SMALL, (f"{m.budget.window:,}",)), before, "summarizer_window",
                m.target.label, m.high, m.low, plan)
        return None

    async def _summarize(self, m: _Measured, target: SummarizerTarget, focus: str) -> _Summarized:
        """Send the plan's batches to the History Compress ``target`` (one client for
        every batch, issue 28), a placeholder batch added locally; stops at the first
        failing batch."""
        ctx, plan = m.ctx, m.plan
        generation = self._records.generation(ctx.topic_id)
        summary = ctx.summary
        done_end = plan.start
        processed = 0
        failure: str | Reason | None = None
        async with Summarizer(self._providers, target) as summarizer:
            for batch in plan.batches:
                if batch.placeholder:
                    summary = cc.append_placeholder(summary, cc.placeholder_text(batch.role_counts))
                else:
                    messages = [h.message for h in ctx.history[batch.start:batch.end] if h.sendable]
                    log.info("compaction of topic %s: batch %d/%d, messages %d-%d, %d tokens of turns "
                             "(batch budget %d, summarizer window %d)", ctx.topic_id, processed + 1,
                             len(plan.batches), batch.start, batch.end - 1, batch.tokens, m.budget.batch,
                             m.budget.window)
                    try:
                        summary = await summarizer.summarize(summary, messages, m.cap, focus=focus,
                                                             edited=ctx.summary_edited)
                    except SummarizerFailed as exc:
                        failure = exc.why or str(exc)
                        break
                done_end = batch.end
                processed += 1
                self._bus.publish(CompactionProgress(
                    ctx.topic_id, m.trigger, CompactionPhase.BATCH, processed, len(plan.batches)))
        return _Summarized(summary, done_end, processed, failure, generation, summarizer.cut)

    async def _settle(self, m: _Measured, target: SummarizerTarget, done: _Summarized) -> CompactionOutcome:
        """Keep the old state (nothing gained, the probes lost a fact, the topic or its
        summary changed meanwhile) or store the new summary and cursor in one
        transaction; the run's recorded outcome, measured again after a store."""
        ctx, plan, before, trigger = m.ctx, m.plan, m.before, m.trigger
        failure, processed, done_end = done.failure, done.processed, done.done_end
        cursor_id = ctx.history[done_end - 1].id
        removed = cc.removed_request_tokens(ctx.index, ctx.window.send_from, done_end, m.user_overhead)
        new_part = await self._db.run(ctx.counter.count, cc.summary_block(done.summary))
        gain_after = cg.projected_after(before, removed, m.summary_part, new_part + m.archive_allowance)
        if not cg.earns_its_call(trigger, before, gain_after):  # issue 28: keep the old state
            why = cg.nothing_to_gain_reason(done_end - plan.start, before, gain_after)
            out = m.outcome(status=NOTHING_ELIGIBLE, reason=cg.NOTHING_TO_GAIN, before_tokens=before,
                            after_tokens=before, cursor_message_id=ctx.cursor_message_id,
                            message=why.english(), why=why, model=target.label)
            await self._records.arecord(ctx, out, plan)
            return out
        if ctx.probe_summaries and self._gate is not None and failure is None:  # issue 26
            turns = [h.message for h in ctx.history[plan.start:done_end] if h.sendable]
            lost = await self._gate.gate(ctx.topic_id, target, turns, done.summary)
            if lost is not None:
                return await self._records.failed(ctx, trigger, lost, before, "probes", target.label, m.high, m.low,
                                                  plan)
        if self._records.generation(ctx.topic_id) != done.generation:
            return await self._records.failed(ctx, trigger, Reason(Why.EDITED),
                                              before, "changed", target.label, m.high, m.low, plan)
        covered = done_end - plan.start
        committed = await asyncio.shield(self._db.run(self._records.commit, ctx, done.summary, cursor_id, target,
                                                      failure is None))
        if not committed:
            return await self._records.failed(ctx, trigger, Reason(Why.SUMMARY_CHANGED),
                                              before, "changed", target.label, m.high, m.low, plan)
        after_ctx = await self._load(ctx.topic_id, like=ctx)
        # the next request as the badge and the send weigh it: a recount, since the
        # pre-run report is no anchor after the run (TOK-4), never that stale report
        after = await self._trigger(after_ctx)
        if failure is not None:
            status = FAILED
            why = Reason(Why.PARTLY_FAILED, (str(processed), str(len(plan.batches)), failure))
        elif (trigger != cc.TRIGGER_MESSAGE_COUNT and not plan.reachable and plan.complete
              and after > plan.low_target):
            status = UNREACHABLE
            why = Reason(Why.STILL_ABOVE, (str(covered), f"{plan.low_target:,}"))
        else:
            status = COMPACTED
            rest = (() if plan.complete else (Reason(Why.MORE_REMAIN),)) + (
                (Reason(Why.SUMMARY_CUT),) if done.cut else ())  # issue 28: say it was cut
            why = Reason(Why.COMPACTED if processed != 1 else Why.COMPACTED_ONE_BATCH, (str(covered), str(processed)),
                         rest)
        out = m.outcome(status=status, message=why.english(), why=why, before_tokens=before, after_tokens=after,
                        cursor_message_id=cursor_id, batches=processed, covered_messages=covered, model=target.label,
                        reason="summarizer" if failure else None)
        await self._records.arecord(after_ctx, out, plan, remember_unreachable=status == UNREACHABLE,
                                    failed=failure is not None)
        return out


__all__ = [
    "COMPACTED",
    "FAILED",
    "NOTHING_ELIGIBLE",
    "STATUS_TEXT",
    "UNREACHABLE",
    "CompactionInProgress",
    "CompactionOutcome",
    "CompactionService",
    "PreSendResult",
]

