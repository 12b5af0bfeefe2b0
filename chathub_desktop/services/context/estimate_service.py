"""The token badge's number: the next request's estimate, through the one assembler.

What it does (TOK-1..TOK-6, REF-26..REF-31):

- The draft-free part of a topic's request (the "base") is assembled once per topic
  change and cached; typing only re-counts the draft (TOK-2), so a 20,000-message topic
  never re-tokenizes per keystroke.
- When this process sends a request, ``ChatService`` hands :meth:`record_sent` the
  context and plan it posts; what was sent — the rows, their digests and local counts,
  the window shape, the fixed overhead and the topic summary in force — is kept in
  memory (:class:`core.token_estimate.SentPrefix`). That record is what makes a later
  provider report a trusted anchor (REF-28); a fresh process has none.
- On a completed reply (``ReplyFinished``) whose request was recorded and carried no
  images, the per-(provider, model) correction factor learns ``reported ÷ local`` and
  is persisted in ``correction_factor`` (REF-27). Typing or streaming never reloads it.
- The cache block comes from the newest settled reply that reported a cache counter
  (TOK-6); it is independent of the estimate and of compaction.

Thread model: ``estimate`` and ``record_sent`` run on worker threads; bus events
arrive on the asyncio thread and only invalidate or hand work to the store's workers.
Shared maps are guarded by one lock that is never held while counting.
"""

from __future__ import annotations

import hashlib
import logging
import threading
from dataclasses import dataclass, replace
from datetime import datetime

from chathub_desktop.core import threshold_compaction as tc
from chathub_desktop.core.attachments import Attachment
from chathub_desktop.core.compaction import CompactionStatus, HistoryWindow, watermarks
from chathub_desktop.core.messages import ChatMessage, MessageStatus, Role
from chathub_desktop.core.request_assembly import (
    FRAMING_TOKENS_PER_MESSAGE,
    AssemblyInput,
    RequestPart,
    RequestPlan,
    apply_template,
    assemble_request,
    draft_tokens,
    message_image_tokens,
    template_overhead,
)
from chathub_desktop.core.request_plan import PendingTurn
from chathub_desktop.core.token_estimate import (
    INPUT_TRUNCATED,
    AnchorJudgement,
    AnchorReason,
    CacheReport,
    CompactionMark,
    Correction,
    EstimateMode,
    ReplyUsage,
    SentPrefix,
    WindowNow,
    anchored_total,
    cache_help,
    cache_line,
    judge_anchor,
    learn,
    newest_cache_report,
    reported_input,
    scale,
    select_anchor,
)
from chathub_desktop.services.context.request_context import ContextLoader, TopicContext
from chathub_desktop.services.events import (
    ChatEvent,
    EventBus,
    MessageAdded,
    ReplyFinished,
    SettingsChanged,
    TopicChanged,
)
from chathub_desktop.services.views import (
    AnchorView,
    CacheView,
    EstimateView,
    HistoryWindowView,
    TruncationView,
)
from chathub_desktop.storage.assistant_rows import assistant_record
from chathub_desktop.storage.bulk_loading import gc_paused, release_free_memory
from chathub_desktop.storage.compaction_state import compaction_state
from chathub_desktop.storage.database import Database
from chathub_desktop.storage.estimate_rows import (
    chat_models,
    correction_rows,
    put_correction,
    topic_totals,
    usage_rows,
)
from chathub_desktop.storage.provider_lookup import provider_row
from chathub_desktop.storage.topic_repository import with_texts
from chathub_desktop.storage.topic_rows import message_row
from chathub_desktop.tokens.counter import TokenCounter

log = logging.getLogger(__name__)

#: Parts that do not depend on the history window ("fixed overhead", REF-28).
FIXED_PARTS = (RequestPart.INSTRUCTIONS, RequestPart.TOOLS, RequestPart.MEMORY, RequestPart.SUMMARY,
               RequestPart.PINNED, RequestPart.KNOWLEDGE)
#: Newest replies with usage read per estimate. The history window is a suffix of the
#: topic, so the anchor (the newest reported reply in it) and the cache block (the
#: newest settled report) are always among them; older ones can never be either.
_USAGE_ROWS = 64
#: Send records kept per topic (the anchor is the newest reported reply).
_SENT_PER_TOPIC = 3
#: Debug-log keys a compaction run may use for the newest message id at run time.
_THROUGH_KEYS = ("through_message_id", "latest_message_id", "max_message_id", "newest_message_id",
                 "last_message_id")
#: Characters of a row's text encoded at a time for its digest.
_DIGEST_SLICE = 1 << 20


def row_digest(m: ChatMessage) -> str:
    """Stable digest of what a history row sends (role, content, tool calls/result ids)."""
    h = hashlib.blake2b(digest_size=12)
    h.update(m.role.value.encode())
    h.update(b"\0")
    for i in range(0, len(m.content), _DIGEST_SLICE):  # a huge row is never copied whole (issue 32)
        h.update(m.content[i:i + _DIGEST_SLICE].encode("utf-8", "surrogatepass"))
    for c in m.tool_calls:
        h.update(f"\0{c.id}\0{c.name}\0{c.arguments}".encode("utf-8", "surrogatepass"))
    h.update(f"\0{m.tool_call_id or ''}".encode())
    return h.hexdigest()


def _compaction_key(summary_block: str, cursor: int | None) -> str:
    if not summary_block and cursor is None:
        return ""
    return f"{cursor}:{hashlib.blake2b(summary_block.encode('utf-8', 'surrogatepass'), digest_size=8).hexdigest()}"


def _pinned_key(inp: AssemblyInput) -> str:
    """The summary block plus the ids of the pinned rows it keeps verbatim (issue 19):
    pinning a covered message changes the fixed prefix like a new summary does."""
    return inp.summary_block + "".join(f"\0{h.id}" for h in inp.pinned)


@dataclass(frozen=True)
class _Meta:
    """Small reads beside ``load_context``: settings, compaction, usage rows, totals."""

    high_watermark: float | None
    configured_limit: int | None
    cursor_id: int | None
    compaction_updated: datetime | None
    last_debug: dict[str, object] | None
    #: The newest debug entry of a run that covered messages (moved the cursor); a run
    #: that found nothing eligible or failed before a batch does not end an anchor (CMP-7).
    last_covering_debug: dict[str, object] | None
    has_compaction_summary: bool
    usage_rows: tuple[tuple[int, int, str, int | None, int | None, int | None, str | None, str | None,
                            datetime | None, int | None, str | None, str | None], ...]
    topic_messages: int
    topic_tokens: int
    #: Name of the provider of the newest silently truncated reply, if any.
    truncated_provider: str | None = None


@dataclass(frozen=True)
class _Base:
    ctx: TopicContext
    inp: AssemblyInput
    parts: dict[str, int]
    included: tuple[int, ...]
    dropped: tuple[int, ...]
    whole_local: int
    correction: Correction
    anchor: ReplyUsage | None
    judgement: AnchorJudgement | None
    anchor_reason: AnchorReason
    tail_local: int
    history: HistoryWindowView
    cache: CacheView
    high: float
    low: float
    #: The threshold policy's heuristic estimate (NUM-4) when that policy is on, tokens.
    threshold_estimate: int | None = None
    truncation: TruncationView | None = None
    #: Part name → framing tokens inside that part (REF-26), for the popover's rows.
    framing: dict[str, int] | None = None


class EstimateService:
    """Computes :class:`EstimateView` for a topic and a draft; caches the draft-free part,
    records what this process sent, and learns the correction factor."""

    def __init__(self, db: Database, bus: EventBus, loader: ContextLoader) -> None:
        self._db = db
        self._loader = loader
        self._lock = threading.RLock()
        self._cache: dict[int, _Base] = {}
        #: Per topic, the base last made for a draft that changes the window (:meth:`_drafted`).
        self._drafted_bases: dict[int, tuple[tuple[tuple[int, int], HistoryWindow], _Base]] = {}
        self._generation: dict[int, int] = {}
        self._sent: dict[int, SentPrefix] = {}
        self._sent_by_topic: dict[int, list[int]] = {}
        self._factors: dict[tuple[int | None, str], Correction] | None = None
        bus.subscribe(self._on_event)

    def warm_up(self) -> None:
        """Load the tokenizer of every assistant's and topic's chat model now. Building one holds the
        GIL for about 0.1 s in a single native call (tiktoken's BPE table), which would
        freeze the window if it happened at the first keystroke's estimate; the window calls
        this on a worker once its last topic is shown (issues 9, 29). Blocking."""
        with self._db.read() as s:
            models = chat_models(s)
        for model in models | {""}:
            TokenCounter.for_model(model)
        release_free_memory()  # the merge tables' Python copies (issue 29)

    # --- events -------------------------------------------------------------------------
    def _on_event(self, event: ChatEvent) -> None:
        if isinstance(event, SettingsChanged):
            self.invalidate(None)
        elif isinstance(event, TopicChanged):
            self.invalidate(event.topic_id)
        elif isinstance(event, MessageAdded):
            self.invalidate(event.topic_id)
        elif isinstance(event, ReplyFinished):
            self.invalidate(event.topic_id)
            if event.status == MessageStatus.COMPLETE:  # a small write: on the store's workers, never here
                self._db.submit(self._guarded, self._learn, event.message_id)

    @staticmethod
    def _guarded(fn: object, *args: int) -> None:
        try:
            fn(*args)  # type: ignore[operator]
        except Exception:  # never break a send because the badge could not keep up
            log.warning("token estimate bookkeeping failed", exc_info=True)

    def invalidate(self, topic_id: int | None = None) -> None:
        """Forget cached bases (all when ``topic_id`` is None)."""
        with self._lock:
            if topic_id is None:
                self._cache.clear()
                self._drafted_bases.clear()
                for k in self._generation:
                    self._generation[k] += 1
                self._generation[-1] = self._generation.get(-1, 0) + 1
            else:
                self._cache.pop(topic_id, None)
                self._drafted_bases.pop(topic_id, None)
                self._generation[topic_id] = self._generation.get(topic_id, 0) + 1

    def _gen(self, topic_id: int) -> tuple[int, int]:
        return self._generation.get(topic_id, 0), self._generation.get(-1, 0)

    # --- send records (REF-28) ------------------------------------------------------------
    def record_sent(self, reply_id: int, ctx: TopicContext, plan: RequestPlan) -> None:
        """Remember what the request answered by ``reply_id`` carried: ``plan`` is the
        assembled request of ``ctx`` that ``ChatService`` posts (REF-28). Blocking-free
        (no store access); runs on the sender's worker thread."""
        inp = self._input(ctx)
        rows = self._row_records(ctx, inp, plan.included_ids)
        parts = {p.name: p.tokens for p in plan.parts}
        has_images = bool(parts.get(RequestPart.IMAGES)) or any(m.images or m.attachments for m in plan.messages)
        configured, expanded = _limits(ctx.window, inp)
        record = SentPrefix(
            rows=rows,
            input_template=inp.input_template,
            history_limit=configured,
            expanded_to=expanded,
            fixed_overhead=sum(parts.get(k, 0) for k in FIXED_PARTS),
            compaction_key=_compaction_key(_pinned_key(inp), ctx.cursor_message_id),
            local_total=plan.total_tokens,
            has_images=has_images,
        )
        with self._lock:
            self._sent[reply_id] = record
            ids = self._sent_by_topic.setdefault(ctx.topic_id, [])
            ids.append(reply_id)
            while len(ids) > _SENT_PER_TOPIC:
                self._sent.pop(ids.pop(0), None)

    def sent_record(self, message_id: int) -> SentPrefix | None:
        """What this process recorded when sending the request ``message_id`` answers."""
        with self._lock:
            return self._sent.get(message_id)

    # --- correction factor (REF-27) -----------------------------------------------------
    def _load_factors(self) -> dict[tuple[int | None, str], Correction]:
        with self._lock:
            if self._factors is None:
                with self._db.read() as s:
                    self._factors = {(pid, model): Correction(ratio, samples)
                                     for pid, model, ratio, samples in correction_rows(s)}
            return self._factors

    def correction(self, provider_id: int | None, model: str) -> Correction:
        """The learned correction for ``(provider_id, model)`` (1.0 / 0 samples if none)."""
        return self._load_factors().get((provider_id, model), Correction())

    def _learn(self, message_id: int) -> None:
        record = self.sent_record(message_id)
        if record is None or record.has_images:
            return  # inputs not fully known to this process: skip (REF-27)
        with self._db.write() as s:
            row = message_row(s, message_id)
            if row is None or not row.input_tokens or row.status != MessageStatus.COMPLETE:
                return
            if row.error_kind == INPUT_TRUNCATED:  # a local server read only part of it (REF-27)
                return
            key = (row.provider_id, row.model or "")
            factors = self._load_factors()
            updated = learn(factors.get(key, Correction()), row.input_tokens, record.local_total)
            put_correction(s, key[0], key[1], updated.ratio, updated.samples)
        with self._lock:
            factors[key] = updated
            self._cache.clear()

    # --- the base -----------------------------------------------------------------------
    def _load(self, topic_id: int) -> TopicContext:
        """The badge's context: rows without their texts when the plan needs none (issue
        29: the warm rows kept at rest hold counts, not 3.5 MB and more of text)."""
        return self._loader.load(topic_id, pending_user=True, texts=False)

    @staticmethod
    def _input(ctx: TopicContext) -> AssemblyInput:
        inp = ctx.base_input
        return inp if inp.model else replace(inp, model=ctx.model or "")

    @staticmethod
    def _row_tokens(ctx: TopicContext, inp: AssemblyInput, included: tuple[int, ...]) -> list[tuple[int, int]]:
        """``(id, tokens as sent)`` of each included row: cached count + template + images."""
        overhead = template_overhead(inp.input_template, ctx.counter.count)
        wanted = set(included)
        out: list[tuple[int, int]] = []
        for h in ctx.history:
            if h.id not in wanted:
                continue
            tokens = h.tokens if h.tokens is not None else 0
            if h.message.role is Role.USER:
                tokens += overhead
            tokens += message_image_tokens(h.message, inp.model)
            out.append((h.id, tokens))
        return out

    def _row_records(self, ctx: TopicContext, inp: AssemblyInput,
                     included: tuple[int, ...]) -> tuple[tuple[int, str, int], ...]:
        """``(id, digest of what is sent, tokens as sent)`` of each included row (REF-28);
        the rows' texts are read for it when ``ctx`` was loaded without them."""
        history = ctx.history
        if not ctx.texts:
            with self._db.read() as s:
                history = with_texts(s, ctx.topic_id, history)
        by_id = {h.id: h.message for h in history}
        return tuple(
            (i, row_digest(_sent_message(by_id[i], inp.input_template)), t)
            for i, t in self._row_tokens(ctx, inp, included)
        )

    def _meta(self, ctx: TopicContext) -> _Meta:
        with self._db.read() as s:
            a = assistant_record(s, ctx.assistant_id)
            comp = compaction_state(s, ctx.topic_id)
            usage = usage_rows(s, ctx.topic_id, _USAGE_ROWS)
            n, tokens = topic_totals(s, ctx.topic_id)
            log_entries = list(comp.debug_log or ()) if comp is not None else []
            newest = next((r for r in reversed(usage) if r[2] != MessageStatus.STREAMING), None)
            truncated_provider = None
            if newest is not None and newest[10] == INPUT_TRUNCATED and newest[9] is not None:
                provider = provider_row(s, newest[9])
                truncated_provider = provider.name if provider is not None else None
            return _Meta(
                high_watermark=a.high_watermark if a is not None else None,
                configured_limit=(a.history_limit if a is not None and a.history_limit_enabled else None),
                cursor_id=comp.cursor_message_id if comp is not None else None,
                compaction_updated=comp.updated_at if comp is not None else None,
                last_debug=log_entries[-1] if log_entries and isinstance(log_entries[-1], dict) else None,
                last_covering_debug=next((e for e in reversed(log_entries) if _covered(e)), None),
                has_compaction_summary=bool(comp is not None and comp.summary),
                usage_rows=usage,
                topic_messages=int(n or 0),
                topic_tokens=int(tokens or 0),
                truncated_provider=truncated_provider,
            )

    def _base(self, topic_id: int) -> _Base:
        with self._lock:
            base = self._cache.get(topic_id)
            gen = self._gen(topic_id)
        if base is not None:
            return base
        with gc_paused():
            base = self._compute(self._load(topic_id))
        release_free_memory()  # what reading the rows and planning freed (issue 29)
        with self._lock:
            if self._gen(topic_id) == gen:  # nothing changed while counting
                self._cache[topic_id] = base
        return base

    def _compute(self, ctx: TopicContext) -> _Base:
        from chathub_desktop.services.chat.process_identity import PROCESS_ID

        inp, window = self._input(ctx), ctx.window
        plan = assemble_request(inp, ctx.counter.count)
        meta = self._meta(ctx)
        parts = {p.name: p.tokens for p in plan.parts}
        correction = self.correction(ctx.provider_id, ctx.model or "")
        fixed = sum(parts.get(k, 0) for k in FIXED_PARTS)

        # a report of a silently truncated request is no anchor: the local figure stays (REF-27)
        replies = [
            ReplyUsage(message_id=r[0], seq=r[1], status=MessageStatus(r[2]),
                       input_tokens=(None if r[10] == INPUT_TRUNCATED or r[3] is None
                                     else reported_input(r[3], r[4])),
                       sent_here=r[6] == PROCESS_ID)
            for r in meta.usage_rows
        ]
        mark = _mark(meta)
        anchor, reason = select_anchor(replies, plan.included_ids, mark)
        configured, expanded = _limits(window, inp)
        judgement: AnchorJudgement | None = None
        tail = 0
        if anchor is not None:
            row_tokens = self._row_tokens(ctx, inp, plan.included_ids)
            pos = next(i for i, (mid, _t) in enumerate(row_tokens) if mid == anchor.message_id)
            tail = sum(t for _mid, t in row_tokens[pos:])
            record = self.sent_record(anchor.message_id)
            prefix: tuple[tuple[int, str, int], ...] = ()
            if record is not None and anchor.sent_here:
                prefix = self._row_records(ctx, inp, tuple(mid for mid, _t in row_tokens[:pos]))
            now = WindowNow(
                prefix=prefix,
                input_template=inp.input_template,
                history_limit=configured,
                expanded_to=expanded,
                fixed_overhead=fixed,
                compaction_key=_compaction_key(_pinned_key(inp), meta.cursor_id),
            )
            row = next(r for r in meta.usage_rows if r[0] == anchor.message_id)
            changed = (row[9], row[7] or "") != (ctx.provider_id, ctx.model or "")  # issue 14
            judgement = judge_anchor(record, now, anchor.sent_here, model_changed=changed)
            reason = judgement.reason
        elif mark is not None and reason is AnchorReason.PREDATES_COMPACTION:
            judgement = AnchorJudgement(EstimateMode.RECOUNTED, reason)

        covered = ctx.covered_ids
        capped = len(window.capped)
        dropped_by_limit = len(set(plan.dropped_ids) - set(covered)) + capped
        has_summary = bool(inp.summary_block or inp.summary_turns)
        history = HistoryWindowView(
            included=len(plan.included_ids),
            dropped_by_limit=dropped_by_limit,
            dropped_by_cursor=len(covered),
            configured_limit=meta.configured_limit,
            expanded_to=expanded,
            topic_messages=meta.topic_messages,
            topic_tokens=meta.topic_tokens,
            last_compaction=_compaction_status(meta),
            warning=dropped_by_limit > 0 and not has_summary,
        )
        reports = [
            CacheReport(message_id=r[0], model=r[7], input_tokens=r[3], cached=r[4], cache_write=r[5])
            for r in meta.usage_rows if r[2] != MessageStatus.STREAMING
        ]
        cache = newest_cache_report(reports)
        cache_view = CacheView(
            line=cache_line(cache), help=cache_help(cache),
            message_id=cache.message_id if cache else None, model=cache.model if cache else None,
            input_tokens=cache.input_tokens if cache else None,
            cached_tokens=cache.cached if cache else None,
            cache_write_tokens=cache.cache_write if cache else None,
        )
        settled = [r for r in meta.usage_rows if r[2] != MessageStatus.STREAMING]
        newest = settled[-1] if settled else None
        truncation = (TruncationView(message_id=newest[0], reported=newest[3] or 0, warning=newest[11] or "",
                                     model=newest[7] or ctx.model or "", provider=meta.truncated_provider)
                      if newest is not None and newest[10] == INPUT_TRUNCATED else None)
        high, low = watermarks(meta.high_watermark)
        return _Base(
            ctx=ctx, inp=inp, parts=parts, included=plan.included_ids, dropped=plan.dropped_ids,
            whole_local=plan.total_tokens, correction=correction, anchor=anchor, judgement=judgement,
            anchor_reason=reason, tail_local=tail, history=history, cache=cache_view, high=high, low=low,
            threshold_estimate=ctx.threshold_estimate, truncation=truncation,
            framing={p.name: p.framing for p in plan.parts if p.framing},
        )

    # --- the figure ---------------------------------------------------------------------
    def estimate(self, topic_id: int, draft: str = "",
                 attachments: tuple[Attachment, ...] = ()) -> EstimateView:
        """Tokens the next request of ``topic_id`` carries with ``draft`` and its loaded
        ``attachments`` as the new user message (TOK-1; files count in the draft part,
        images in the images part, issue 14), anchored on a trusted provider report when
        there is one (TOK-3, TOK-4). Only the draft is counted when the topic is unchanged
        since the last call (TOK-2). Raises ``services.errors.NotFound`` for an unknown
        topic."""
        return self._view(self._drafted(self._base(topic_id), draft, attachments), draft, attachments)

    def _drafted(self, base: _Base, draft: str, attachments: tuple[Attachment, ...]) -> _Base:
        """``base`` for ``draft``: with the threshold policy or a NUM-11 bound on, the window
        depends on the draft's characters as on any row's (NUM-5, NUM-11), so it is planned
        again for it (issue 29: the figure counts the request a send of this draft posts);
        computed again only when that window differs, and kept until the topic changes."""
        ctx = base.ctx
        if not ctx.weighs_characters:
            return base
        pending = PendingTurn.of(ChatMessage(Role.USER, draft, attachments=attachments))
        if pending == ctx.plan.pending:
            return base
        replanned = ctx.replanned(pending)
        window = replanned.window
        if window == ctx.window:
            return base
        with self._lock:
            gen = self._gen(ctx.topic_id)
            kept = self._drafted_bases.get(ctx.topic_id)
        if kept is not None and kept[0] == (gen, window):
            return kept[1]
        with gc_paused():
            drafted = self._compute(replanned)
        with self._lock:
            if self._gen(ctx.topic_id) == gen:
                self._drafted_bases[ctx.topic_id] = ((gen, window), drafted)
        return drafted

    def estimate_for(self, ctx: TopicContext, draft: str = "") -> EstimateView:
        """The :meth:`estimate` of an already loaded and planned context (the plan a send
        or a compaction holds), so they weigh exactly the request they will send. Blocking:
        call it on a worker thread."""
        with gc_paused():
            return self._view(self._compute(ctx), draft)

    def _view(self, base: _Base, draft: str, attachments: tuple[Attachment, ...] = ()) -> EstimateView:
        ctx = base.ctx
        topic_id = ctx.topic_id
        parts = dict(base.parts)
        framing = dict(base.framing or {})
        d = 0
        if draft or attachments:
            d = draft_tokens(draft, base.inp.input_template, ctx.counter.count, attachments)
            parts[RequestPart.DRAFT] = d
            framing[RequestPart.DRAFT] = FRAMING_TOKENS_PER_MESSAGE
        if attachments:
            images = message_image_tokens(ChatMessage(Role.USER, draft, attachments=attachments),
                                          base.inp.model)
            if images:
                parts[RequestPart.IMAGES] = parts.get(RequestPart.IMAGES, 0) + images
                d += images
        local_total = base.whole_local + d
        factor = base.correction.factor
        j = base.judgement
        mode = j.mode if j is not None else EstimateMode.COUNTED
        report = (base.anchor.input_tokens or 0) if base.anchor is not None else 0
        total = anchored_total(
            mode, local_total, report, base.tail_local + d, factor,
            overhead_delta=j.overhead_delta if j else 0, slid_out=j.slid_out if j else 0,
        )
        used = mode is EstimateMode.ANCHORED or (
            mode is EstimateMode.FALLBACK and total > scale(local_total, factor))
        slid = scale(j.slid_out, factor) if used and j is not None else 0
        anchor = AnchorView(
            mode=mode.value,
            used=used,
            message_id=base.anchor.message_id if base.anchor else None,
            reported_input=base.anchor.input_tokens if base.anchor else None,
            tail_tokens=base.tail_local + d if base.anchor else 0,
            reason=base.anchor_reason,
            slid_out=slid,
            counted_after=total - report + slid if used else 0,
        )
        return EstimateView(
            topic_id=topic_id,
            parts=parts,
            total=total,
            context_window=ctx.context_window,
            input_budget=ctx.input_budget,
            included=len(base.included),
            dropped=len(base.dropped),
            encoding=ctx.counter.encoding_name,
            local_total=local_total,
            high_watermark=base.high,
            low_watermark=base.low,
            correction=factor,
            correction_samples=base.correction.samples,
            history=base.history,
            anchor=anchor,
            cache=base.cache,
            has_summary=bool(base.inp.summary_block or base.inp.summary_turns),
            window_known=ctx.card.known,
            model=ctx.model,
            provider_id=ctx.provider_id,
            tools_withheld=ctx.tools_withheld,
            tools_off=ctx.tools_off,
            auto_compact=ctx.regular and ctx.auto_compact,
            threshold_trigger=(tc.threshold(ctx.card.context_window, ctx.threshold.buffer_tokens)
                               if ctx.threshold.enabled else None),
            threshold_estimate=None if base.threshold_estimate is None else base.threshold_estimate + (
                tc.estimate_tokens([ChatMessage(Role.USER, draft)]) if draft else 0),
            truncation=base.truncation,
            framing=framing,
        )

    def next_request_tokens(self, ctx: TopicContext) -> int:
        """The anchored, corrected total of ``ctx``'s next request — the figure token
        auto-compact compares with ``high × input budget`` (CMP-7, TOK-3), tokens."""
        return self.estimate_for(ctx).total

    def recount(self, topic_id: int, draft: str = "") -> int:
        """Full local recount of the next request: reload the topic and tokenize every
        window row afresh (no cached counts), tokens. For checks and benchmarks."""
        return self.count_window(self._loader.load(topic_id, pending_user=True), draft)

    def count_window(self, ctx: TopicContext, draft: str = "") -> int:
        """Local count of ``ctx``'s next request with every history row tokenized afresh.

        Every row's cached count is dropped, so the assembler tokenizes each one again
        (REF-26 rules), exactly as for a row never counted before.
        """
        plan = assemble_request(replace(self._input(ctx), draft=draft or None), ctx.counter.count,
                                use_cached=False)
        return plan.total_tokens


def _sent_message(m: ChatMessage, template: str) -> ChatMessage:
    if m.role is Role.USER:
        return replace(m, content=apply_template(template, m.content))
    return m


def _limits(window: HistoryWindow, inp: AssemblyInput) -> tuple[int | None, int | None]:
    """``(configured history limit, expanded-to)`` of a history window: the saved
    setting (``None`` = off) and the large-window effective limit when it exceeds it
    (CMP-14), else ``None``."""
    configured, effective = window.configured_limit, window.effective_limit
    if configured is None or effective is None or effective <= configured:
        return configured, None
    return configured, effective


def _mark(meta: _Meta) -> CompactionMark | None:
    """Which replies predate the latest compaction: ids at or before the cursor, ids at or
    before a through-id the debug log recorded, and rows whose stored time is not after the
    compaction's (timestamps only ever *exclude* an anchor, never revive one)."""
    if meta.cursor_id is None and meta.compaction_updated is None:
        return None
    through = None
    if meta.last_covering_debug:
        for k in _THROUGH_KEYS:
            v = meta.last_covering_debug.get(k)
            if isinstance(v, int):
                through = v
                break
    before: set[int] = set()
    if meta.compaction_updated is not None and meta.has_compaction_summary:
        before = {r[0] for r in meta.usage_rows if r[8] is not None and r[8] <= meta.compaction_updated}
    return CompactionMark(cursor_id=meta.cursor_id, through_id=through, before_ids=frozenset(before))


def _covered(entry: object) -> bool:
    """Whether a debug-log entry is of a run that covered messages: not one that found
    nothing eligible or processed no batch (``batches`` 0)."""
    if not isinstance(entry, dict):
        return False
    batches = entry.get("batches")
    return entry.get("result") != CompactionStatus.NOTHING_ELIGIBLE and not (isinstance(batches, int) and batches <= 0)


def _compaction_status(meta: _Meta) -> str | None:
    """One line about the latest compaction run (from its debug log), or ``None``."""
    d = meta.last_debug
    if d:
        result = d.get("result") or d.get("status") or d.get("outcome") or "ran"
        bits = [str(result)]
        if d.get("trigger"):
            bits.append(f"trigger {d['trigger']}")
        at = d.get("at") or d.get("time") or d.get("finished_at")
        if at:
            bits.append(str(at)[:19].replace("T", " "))
        return " · ".join(bits)
    if meta.has_compaction_summary:
        return f"compacted through message #{meta.cursor_id}" if meta.cursor_id else "compacted"
    return None
