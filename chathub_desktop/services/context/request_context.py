"""Loads what the planner needs for a topic, from the store, and plans its next request.

Send, the token badge and compaction all go through :func:`load_context`, which reads
one snapshot of the topic (rows from the warm :class:`TopicHistoryCache` when given)
and hands it to ``core.request_plan.plan_request`` — the one place the history window
is chosen (cursor, summary block or recap turns, NUM-5 fit, NUM-11 bound, history
limit with its tail cap, large-window expansion). The plan's assembly is what
``core.request_assembly.assemble_request`` builds the posted body from, so the badge can
never count a request other than the one that is sent (DESIGN.md, issue 9).
"""

from __future__ import annotations

import contextlib
import functools
import os
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Protocol

from chathub_desktop.core import threshold_compaction as tc
from chathub_desktop.core.app_settings import COMPACTION_ARCHIVES
from chathub_desktop.core.base_urls import is_self_hosted
from chathub_desktop.core.budget import input_budget
from chathub_desktop.core.compaction import HistoryIndex, HistoryWindow
from chathub_desktop.core.messages import ChatMessage, Role, TopicKind
from chathub_desktop.core.model_cards import ModelSource
from chathub_desktop.core.provider_kinds import ProviderKind
from chathub_desktop.core.reasons import QT_TRANSLATE_NOOP, Reason
from chathub_desktop.core.request_assembly import AssemblyInput, HistoryMessage
from chathub_desktop.core.request_plan import (
    PendingTurn,
    PlanInputs,
    RequestWindowPlan,
    plan_request,
    threshold_prefix,
)
from chathub_desktop.core.sampling import UNSET, Sampling
from chathub_desktop.providers.catalog import ModelCardInfo, ModelCatalog
from chathub_desktop.services.chat.tool_registry import ToolRegistry
from chathub_desktop.services.errors import InvalidInput, refused
from chathub_desktop.services.topics.topic_model import ModelPick, topic_resolution
from chathub_desktop.services.topics.topic_snapshots import TopicHistoryCache
from chathub_desktop.storage.app_settings import raw_values, setting_value
from chathub_desktop.storage.bulk_loading import gc_paused
from chathub_desktop.storage.database import Database, StoreBusy
from chathub_desktop.storage.mcp_repository import servers_off
from chathub_desktop.storage.plan_state import plan_compaction
from chathub_desktop.storage.provider_model_lists import takes_no_tools
from chathub_desktop.storage.session import Session
from chathub_desktop.storage.topic_repository import load_rows, store_counts
from chathub_desktop.tokens.counter import TokenCounter


@dataclass(frozen=True)
class TopicContext:
    """A snapshot of everything that shapes a topic's next request, and its plan.

    ``history`` carries per-row token counts for ``counter.encoding_name`` — the whole
    topic, covered rows included; ``plan`` is ``core.request_plan``'s choice of window
    for it (``base_input`` is its assembly input: rows after the cursor, tail cap
    applied). ``context_window``/``input_budget`` are tokens; ``provider_kind`` is
    ``None`` when the assistant has no provider yet. ``topic_kind``: only ``regular``
    topics inject a summary or compact (CMP-16). ``stored_summary`` is the summary
    text as stored (the plan's ``summary`` is empty when its cursor is gone, REF-19).
    """

    topic_id: int
    assistant_id: int
    assistant_name: str
    provider_id: int | None
    provider_kind: ProviderKind | None
    model: str
    max_tokens: int | None
    card: ModelCardInfo
    input_budget: int
    counter: TokenCounter
    history: tuple[HistoryMessage, ...]
    plan: RequestWindowPlan
    #: What ``plan`` was made from (:meth:`replanned` makes it again for a draft).
    inputs: PlanInputs
    topic_kind: str = TopicKind.REGULAR
    #: The provider is a local/self-hosted server (``core.base_urls.is_self_hosted``): only
    #: its far smaller input report means a silently cut prompt (REF-27, issue 24).
    self_hosted: bool = False
    #: The provider's name as configured ("llama.cpp"): a transport failure names it (walk53 #2).
    provider_name: str = ""
    #: A private topic: planned without memory block and memory tools (issue 19).
    private: bool = False
    #: The provider said this model's chat template takes no tools (llama.cpp ``/props``,
    #: walkthrough F3): planned without any tool; the memory block stays (MEM-4 read-only).
    tools_withheld: bool = False
    #: Configured MCP servers switched off for this assistant: their tools are not
    #: offered (walk37 #2; the popover says so).
    tools_off: tuple[str, ...] = ()
    #: The user edited the stored summary: the next merge keeps it (issue 19).
    summary_edited: bool = False
    summarize_history: bool = False
    compact_preset: str = "balanced"
    auto_compact: bool = True
    #: Check each new summary with probe questions before storing it (issue 26).
    probe_summaries: bool = False
    #: The assistant's language for summaries (issue 27, ``core.card_language`` word; None: unset).
    card_language: str | None = None
    high_watermark: float = 0.8
    #: The assistant's sampling settings (issue 28); :attr:`sent_sampling` is what is posted.
    sampling: Sampling = UNSET
    archives_enabled: bool = False
    archives: tuple[dict[str, str], ...] = ()
    #: The threshold compaction policy (NUM-1): when enabled, it replaces the watermark
    #: triggers and the summary is sent as a recap turn (NUM-7).
    threshold: tc.ThresholdConfig = tc.ThresholdConfig()
    #: Where ``model`` came from (``services.topics.topic_model``: override, topic, assistant)
    #: and why a topic's own choice is not used (``""`` normally), issue 14.
    model_source: ModelSource = ModelSource.ASSISTANT
    model_note: str = ""
    #: The per-request model override this context was loaded with; a reload of the
    #: same request (tool rounds, a rescue) passes it again.
    override: ModelPick | None = None
    #: Every history row carries its text. False (the badge's count, issue 29): only tool
    #: results do; the plan and its counts are the same, but nothing may send, summarize
    #: or digest these rows.
    texts: bool = True

    @property
    def weighs_characters(self) -> bool:
        """The window depends on the characters of the user turn that ends the request:
        the threshold policy (NUM-5) or a NUM-11 bound is on (issue 29)."""
        return self.threshold.enabled or self.inputs.history_bounds != (None, None)

    def replanned(self, pending: PendingTurn) -> TopicContext:
        """This context planned for ``pending`` as the user turn not stored yet (the
        badge's draft; pure, no store read): the window a send of it chooses."""
        return replace(self, plan=plan_request(self.inputs, self.counter.count, pending_user=True,
                                               pending=pending))

    @property
    def sent_sampling(self) -> Sampling:
        """The sampling settings this context's wire format carries (issue 28): the
        request and its receipt both read this."""
        return self.sampling.sent(self.provider_kind.protocol if self.provider_kind else None)

    @property
    def base_input(self) -> AssemblyInput:
        """The plan's assembly input, without a draft."""
        return self.plan.assembly

    @property
    def summary(self) -> str:
        """The rolling summary in force (``""`` when none or its cursor is gone)."""
        return self.plan.summary

    @property
    def summary_model(self) -> str | None:
        """The model that wrote the summary in force."""
        return self.plan.summary_model

    @property
    def cursor_message_id(self) -> int | None:
        """The last row the summary covers (CMP-2), ``None`` when none."""
        return self.plan.cursor_message_id

    @property
    def stale_cursor(self) -> bool:
        """True when the stored cursor no longer exists: the next run rebuilds (REF-19)."""
        return self.plan.stale_cursor

    @property
    def covered_ids(self) -> tuple[int, ...]:
        """Sendable rows the summary covers ("dropped by cursor")."""
        return self.plan.covered_ids

    @property
    def capped_ids(self) -> tuple[int, ...]:
        """Rows of the latest turn's tail left out by the 20-message cap (CMP-10)."""
        return self.plan.capped_ids

    @property
    def window(self) -> HistoryWindow:
        """The chosen window (positions into ``history``)."""
        return self.plan.window

    @property
    def index(self) -> HistoryIndex:
        """Prefix sums over ``history`` for the compaction planner."""
        return self.plan.index

    @property
    def fixed_tokens(self) -> int:
        """The fixed overhead the large-window expansion weighed, tokens."""
        return self.plan.fixed_tokens

    @property
    def start(self) -> int:
        """Position of the first row after the cursor."""
        return self.plan.window.start

    @property
    def threshold_estimate(self) -> int | None:
        """NUM-4 heuristic size with the whole history after the cursor (policy on)."""
        return self.plan.threshold_estimate

    @property
    def regular(self) -> bool:
        """True for a regular topic chat (the only kind that uses compaction, CMP-16)."""
        return self.topic_kind == TopicKind.REGULAR

    @property
    def last_message_id(self) -> int | None:
        """Id of the newest row of the topic, or ``None`` for an empty topic."""
        return self.history[-1].id if self.history else None

    @property
    def context_window(self) -> int:
        """The model's context window, tokens."""
        return self.card.context_window

    def with_draft(self, draft: str | None) -> AssemblyInput:
        """The assembly input for this snapshot plus ``draft``."""
        return self.plan.with_draft(draft)

    def threshold_parts(self) -> tuple[list[ChatMessage], list[ChatMessage]]:
        """``(system + recap turns, sendable history after the cursor)`` as the
        threshold policy weighs them (NUM-4, NUM-5)."""
        prefix = threshold_prefix(self.base_input.instructions, self.base_input.memory_block,
                                  self.base_input.summary_turns, self.base_input.pinned)
        rows = [h.message for h in self.history[self.start:] if h.sendable and h.message.role is not Role.SYSTEM]
        return prefix, rows


class MemoryBlockSource(Protocol):
    """Where the injected memory text comes from (``MemoryService``, MEM-6..MEM-8)."""

    def injection_block(self, assistant: int | str, count: Callable[[str], int] | None = None) -> str:
        """Memory text for the system message; ``""`` when memory is off or empty."""
        ...


def load_context(
    db: Database,
    catalog: ModelCatalog,
    topic_id: int,
    memory: MemoryBlockSource | None = None,
    tools: ToolRegistry | None = None,
    *,
    history_cache: TopicHistoryCache | None = None,
    pending_user: bool = False,
    override: ModelPick | None = None,
    texts: bool = True,
    continuing: int | None = None,
) -> TopicContext:
    """Snapshot the topic — its assistant, history, compaction state, injected memory
    and tools — and plan its next request with ``core.request_plan.plan_request``.

    The model, provider and card are ``services.topics.topic_model.resolve_model``'s: the
    per-request ``override`` when given (e.g. "Regenerate with another model"), else the
    topic's own model, else the assistant's (issue 14).

    Blocking (store reads, tokenizing): call it on the store's worker threads
    (``Database.run``). Rows come from ``history_cache`` when given (a warm topic costs
    one aggregate query plus its new rows); missing token counts are cached on their
    rows in a short write transaction. ``pending_user``: plan for a user turn not
    stored yet (the badge's draft) rather than for the stored latest user message (a
    send). Raises ``services.errors.NotFound`` for an unknown topic (or an override's
    unknown provider), ``InvalidInput`` for a bad NUM-11 / threshold environment value.

    ``texts`` False (the badge, issue 29): the rows come without their texts (tool results
    keep theirs); with a NUM-11 bound or the threshold policy on (both weigh characters)
    they carry the characters those rules count (``load_rows``' ``sizes``), so the plan
    is the one the rows with their texts make. ``TopicContext.texts`` says which.

    ``continuing``: the id of a reply re-opened for its continuation (walk53b #4): though
    marked streaming, its stored text is history sent as the last assistant turn.
    """
    try:
        bounds = tc.history_bounds(os.environ)
    except ValueError as exc:
        raise InvalidInput(refused(exc)) from None
    with db.read() as s:
        topic, assistant, resolved = topic_resolution(s, catalog, topic_id, override)
        provider, model, card = resolved.provider, resolved.model, resolved.card
        # a user card's tokenizer beats the by-id choice (issue 28)
        counter = TokenCounter(card.encoding) if card.encoding else TokenCounter.for_model(model)
        threshold = threshold_config(s)
        # NUM-4, NUM-5 and NUM-11 count characters: rows without their texts carry them
        sizes = not texts and (bounds != (None, None) or threshold.enabled)
        if history_cache is not None:
            history, stale = history_cache.history(s, topic.id, counter, texts=texts, sizes=sizes)
        else:
            rows, stale = load_rows(s, topic.id, counter.count, counter.encoding_name, texts=texts, sizes=sizes)
            history = tuple(rows.history)
        if continuing is not None:
            history = tuple(replace(h, sendable=bool(h.message.content)) if h.id == continuing else h
                            for h in history)
        budget = input_budget(
            card.context_window, assistant.max_tokens, assistant.max_tokens_enabled, card.max_output
        )
        state = plan_compaction(s, topic.id) if topic.kind == TopicKind.REGULAR else None
        archives_on = setting_value(s, COMPACTION_ARCHIVES)
        archives = state.archives if state is not None else ()
        withheld = provider is not None and takes_no_tools(s, provider.id, model)
        inputs = PlanInputs(
            history=history,
            instructions=assistant.instructions,
            input_template=assistant.input_template,
            model=model,
            history_limit=assistant.history_limit if assistant.history_limit_enabled else None,
            input_budget=budget,
            context_window=card.context_window,
            regular=topic.kind == TopicKind.REGULAR,
            summary=state.summary if state is not None else "",
            summary_model=state.model if state is not None else None,
            cursor_message_id=state.cursor_message_id if state is not None else None,
            archives_enabled=archives_on,
            archives=archives,
            threshold=threshold,
            history_bounds=bounds,
            memory_block=(memory.injection_block(assistant.id, counter.count)
                          if memory is not None and not topic.private else ""),
            tools=tools.specs(assistant.id) if tools is not None and not withheld else (),
            private=topic.private,
        )
        ctx = TopicContext(
            topic_id=topic.id,
            assistant_id=assistant.id,
            assistant_name=assistant.name,
            provider_id=provider.id if provider else None,
            provider_kind=ProviderKind(provider.kind) if provider else None,
            model=model,
            max_tokens=assistant.max_tokens if assistant.max_tokens_enabled else None,
            card=card,
            input_budget=budget,
            counter=counter,
            history=history,
            plan=plan_request(inputs, counter.count, pending_user=pending_user),
            inputs=inputs,
            topic_kind=topic.kind,
            self_hosted=(provider is not None
                         and is_self_hosted(ProviderKind(provider.kind), provider.base_url)),
            provider_name=provider.name if provider else "",
            private=topic.private,
            tools_withheld=withheld,
            tools_off=tuple(servers_off(s, assistant.id)) if tools is not None else (),
            summary_edited=bool(state is not None and state.summary_edited),
            summarize_history=assistant.summarize_history,
            compact_preset=assistant.compact_preset,
            auto_compact=assistant.auto_compact,
            probe_summaries=assistant.probe_summaries,
            card_language=assistant.card_language,
            sampling=Sampling(assistant.temperature, assistant.top_p, assistant.reasoning_effort,
                              assistant.thinking_budget),
            high_watermark=assistant.high_watermark,
            archives_enabled=archives_on,
            archives=archives,
            threshold=threshold,
            model_source=resolved.source,
            model_note=resolved.note,
            override=override,
            texts=texts,
        )
    if stale:
        with contextlib.suppress(StoreBusy):  # only a cache: missing counts are recounted next time
            with db.write() as w:
                store_counts(w, stale)
    return ctx


def threshold_config(s: Session) -> tc.ThresholdConfig:
    """The threshold policy's settings (``compact-*`` app settings), overridden by the
    ``COMPACT_*`` / ``DISABLE_AUTO_COMPACT`` environment variables (NUM-1). Raises
    :class:`InvalidInput` naming a bad value."""
    stored = raw_values(s, tc.THRESHOLD_SETTINGS)
    try:
        return tc.config_from(os.environ, stored)
    except ValueError as exc:
        raise InvalidInput(Reason(QT_TRANSLATE_NOOP(
            "ServiceReasons", "threshold compaction: %1"), (refused(exc),))) from None


class ContextLoader:
    """:func:`load_context` bound to one store, catalog, memory, tools and history cache:
    what send, the badge and compaction share (issue 9)."""

    def __init__(self, db: Database, catalog: ModelCatalog, memory: MemoryBlockSource | None = None,
                 tools: ToolRegistry | None = None, history_cache: TopicHistoryCache | None = None) -> None:
        self.db = db
        self.catalog = catalog
        self.memory = memory
        self.tools = tools
        self.history_cache = history_cache

    def load(self, topic_id: int, *, pending_user: bool = False,
             override: ModelPick | None = None, texts: bool = True, continuing: int | None = None) -> TopicContext:
        """Blocking :func:`load_context` (call it on a store worker thread), with the
        cyclic GC held off while its rows become objects (``gc_paused``). ``override``:
        a ``(provider id, model)`` for this request only (issue 14); ``texts`` False: the
        badge's count, rows without their texts (issue 29); ``continuing``: a reply
        re-opened for its continuation (:func:`load_context`)."""
        with gc_paused():
            return load_context(self.db, self.catalog, topic_id, self.memory, self.tools,
                                history_cache=self.history_cache, pending_user=pending_user,
                                override=override, texts=texts, continuing=continuing)

    async def aload(self, topic_id: int, *, pending_user: bool = False,
                    override: ModelPick | None = None, continuing: int | None = None) -> TopicContext:
        """:meth:`load` on the store's worker threads."""
        return await self.db.run(functools.partial(self.load, topic_id, pending_user=pending_user,
                                                   override=override, continuing=continuing))
