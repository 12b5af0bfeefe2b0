"""Loads what the assembler needs for a topic, from the store, with cached token counts.

Both send and the token badge go through :func:`load_context` and
``core.request_assembly.assemble_request`` so they can never disagree (DESIGN.md).

Topic compaction (CMP-2, CMP-10, CMP-14, CMP-16): in a regular topic the rolling
summary (wrapped, with archive excerpts when enabled) becomes
``AssemblyInput.summary_block``; rows at or before the summary's cursor stay in the
topic but are not sent (``TopicContext.covered_ids``); the history limit is anchored on
the latest user turn with a 20-message tail cap (``capped_ids``) and may be expanded on
large windows (``window``).
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Protocol

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from chathub_desktop.core import threshold_compaction as tc
from chathub_desktop.core.budget import input_budget
from chathub_desktop.core.compaction import (
    LARGE_WINDOW_BUDGET,
    HistoryIndex,
    HistoryWindow,
    archive_lines,
    history_window,
    summary_block,
)
from chathub_desktop.core.messages import ChatMessage, MessageStatus, Role, ToolCall, ToolSpec
from chathub_desktop.core.provider_kinds import ProviderKind
from chathub_desktop.core.request_assembly import (
    FRAMING_TOKENS_PER_MESSAGE,
    NEVER_SENT_CONTENT_TYPES,
    AssemblyInput,
    HistoryMessage,
    message_tokens,
    template_overhead,
    tools_tokens,
)
from chathub_desktop.providers.catalog import ModelCardInfo, ModelCatalog
from chathub_desktop.services.errors import InvalidInput
from chathub_desktop.services.model_card_service import resolve_card
from chathub_desktop.services.tool_registry import ToolRegistry
from chathub_desktop.storage.database import Database
from chathub_desktop.storage.models import (
    AppSetting,
    Assistant,
    Message,
    Provider,
    Topic,
    TopicCompaction,
)
from chathub_desktop.tokens.counter import TokenCounter


@dataclass(frozen=True)
class TopicContext:
    """A snapshot of everything that shapes a topic's next request.

    ``history`` carries per-row token counts for ``counter.encoding_name`` — the whole
    topic, covered rows included; ``base_input.history`` is what the assembler sees
    (rows after the cursor, tail cap applied). ``context_window``/``input_budget`` are
    tokens; ``provider_kind`` is ``None`` when the assistant has no provider yet.

    Compaction fields (CMP-1, CMP-2, CMP-10, CMP-14, REF-19):

    - ``topic_kind``: only ``regular`` topics inject a summary or compact (CMP-16).
    - ``summary`` / ``summary_model`` / ``cursor_message_id``: the rolling summary in
      force (``""`` / ``None`` when there is none or its cursor no longer exists —
      ``stale_cursor`` is then True and the next run rebuilds from scratch, REF-19).
    - ``covered_ids``: rows not sent because the summary covers them ("dropped by cursor").
    - ``capped_ids``: rows of the latest turn's tail left out by the 20-message cap.
    - ``window``: positions (into ``history``) of the cursor slice and the history limit;
      ``window.effective_limit > window.configured_limit`` means "expanded to N".
    - ``index``: prefix sums over ``history`` for the compaction planner.
    - ``archives_enabled`` / ``archives``: CMP-20 archive excerpts and their switch.
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
    base_input: AssemblyInput
    topic_kind: str = "regular"
    summary: str = ""
    summary_model: str | None = None
    cursor_message_id: int | None = None
    stale_cursor: bool = False
    covered_ids: tuple[int, ...] = ()
    capped_ids: tuple[int, ...] = ()
    window: HistoryWindow | None = None
    index: HistoryIndex | None = None
    summarize_history: bool = False
    compact_preset: str = "balanced"
    auto_compact: bool = True
    high_watermark: float = 0.8
    archives_enabled: bool = False
    archives: tuple[dict[str, str], ...] = ()
    fixed_tokens: int = 0
    #: The threshold compaction policy (NUM-1): when enabled, it replaces the watermark
    #: triggers and the summary is sent as a recap turn (NUM-7).
    threshold: tc.ThresholdConfig = tc.ThresholdConfig()

    @property
    def regular(self) -> bool:
        """True for a regular topic chat (the only kind that uses compaction, CMP-16)."""
        return self.topic_kind == "regular"

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
        return replace(self.base_input, draft=draft)


def chat_message(m: Message) -> ChatMessage:
    """Domain message for a stored row (tool calls parsed from their JSON list)."""
    calls = tuple(
        ToolCall(id=str(c.get("id", "")), name=str(c.get("name", "")), arguments=_args(c.get("arguments")))
        for c in (m.tool_calls or ())
    )
    return ChatMessage(
        role=Role(m.role),
        content=m.content,
        tool_calls=calls,
        tool_call_id=m.tool_call_id,
        tool_name=m.tool_name,
    )


def _args(value: object) -> str:
    if isinstance(value, str):
        return value
    return json.dumps(value if value is not None else {})


def is_sendable(m: Message) -> bool:
    """Rows shown but never sent: error bubbles, empty cancelled replies, hidden reasoning."""
    if m.content_type in NEVER_SENT_CONTENT_TYPES or m.role == Role.SYSTEM.value:
        return False
    if m.status == MessageStatus.ERROR.value:
        return False
    if m.status == MessageStatus.STREAMING.value:
        return False
    return bool(m.content or m.tool_calls or m.role == Role.TOOL.value)


class MemoryBlockSource(Protocol):
    """Where the injected memory text comes from (``MemoryService``, MEM-6..MEM-8)."""

    def injection_block(self, assistant: int | str, count: Callable[[str], int] | None = None) -> str:
        """Memory text for the system message; ``""`` when memory is off or empty."""
        ...


#: App setting that turns archive excerpts under the summary on (CMP-20).
ARCHIVES_SETTING = "compaction-archives"


def load_context(
    db: Database,
    catalog: ModelCatalog,
    topic_id: int,
    memory: MemoryBlockSource | None = None,
    tools: ToolRegistry | None = None,
) -> TopicContext:
    """Snapshot the topic, its assistant, its history, its compaction state, its injected
    memory and the tools offered; count and cache (one transaction) any row whose token
    count is missing for the model's encoding. Send and the badge both assemble from
    this snapshot, so the badge counts the summary block and the cursor-sliced window
    exactly as send sends them.

    Raises ``services.errors.NotFound`` for an unknown topic.
    """
    from chathub_desktop.services.topic_service import TopicService

    with db.write() as s:
        topic = TopicService.row(s, topic_id)
        assistant = s.get(Assistant, topic.assistant_id)
        assert assistant is not None
        provider = s.get(Provider, assistant.provider_id) if assistant.provider_id else None
        kind = ProviderKind(provider.kind) if provider else None
        card = resolve_card(s, catalog, provider, assistant.model or "")
        counter = TokenCounter.for_model(assistant.model or "")
        history = _history(s, topic, counter)
        budget = input_budget(
            card.context_window, assistant.max_tokens, assistant.max_tokens_enabled, card.max_output
        )
        state = s.get(TopicCompaction, topic.id) if topic.kind == "regular" else None
        archives_row = s.get(AppSetting, ARCHIVES_SETTING)
        archives_on = bool(archives_row.value) if archives_row is not None else False
        threshold = threshold_config(s)
        ctx = TopicContext(
            topic_id=topic.id,
            assistant_id=assistant.id,
            assistant_name=assistant.name,
            provider_id=provider.id if provider else None,
            provider_kind=kind,
            model=assistant.model,
            max_tokens=assistant.max_tokens if assistant.max_tokens_enabled else None,
            card=card,
            input_budget=budget,
            counter=counter,
            history=history,
            base_input=AssemblyInput(instructions=assistant.instructions,
                                     input_template=assistant.input_template,
                                     model=assistant.model or ""),
            topic_kind=topic.kind,
            summary=state.summary if state is not None else "",
            summary_model=state.model if state is not None else None,
            cursor_message_id=state.cursor_message_id if state is not None else None,
            summarize_history=assistant.summarize_history,
            compact_preset=assistant.compact_preset,
            auto_compact=assistant.auto_compact,
            high_watermark=assistant.high_watermark,
            archives_enabled=archives_on,
            archives=tuple(dict(a) for a in (state.archives or ()) if isinstance(a, dict))
            if state is not None else (),
            threshold=threshold,
        )
        limit = assistant.history_limit if assistant.history_limit_enabled else None
    block = memory.injection_block(ctx.assistant_id, counter.count) if memory is not None else ""
    specs = tools.specs(ctx.assistant_id) if tools is not None else ()
    try:
        max_messages, max_chars = tc.history_bounds(os.environ)
    except ValueError as exc:
        raise InvalidInput(str(exc)) from None
    bound = tc.bounded_limit([h.message.content for h in ctx.history if h.sendable], max_messages, max_chars)
    if bound is not None:  # NUM-11: the environment bounds the history sent
        limit = bound if limit is None else min(limit, bound)
    return _with_window(ctx, limit, block, specs)


def threshold_config(s: Session) -> tc.ThresholdConfig:
    """The threshold policy's settings (``compact-*`` app settings), overridden by the
    ``COMPACT_*`` / ``DISABLE_AUTO_COMPACT`` environment variables (NUM-1). Raises
    :class:`InvalidInput` naming a bad value."""
    keys = ("compact-enabled", "compact-buffer-tokens", "compact-keep-recent", "compact-max-failures")
    stored = {k: row.value for k in keys if (row := s.get(AppSetting, k)) is not None}
    try:
        return tc.config_from(os.environ, stored)
    except ValueError as exc:
        raise InvalidInput(f"threshold compaction: {exc}") from None


def threshold_prefix(ctx: TopicContext, memory_block: str, turns: Sequence[ChatMessage]) -> list[ChatMessage]:
    """What the threshold policy always sends before the history: the system message
    (instructions and memory) and the recap turns (NUM-7)."""
    system = "\n\n".join(p for p in (ctx.base_input.instructions.strip(), memory_block) if p)
    return [*([ChatMessage(Role.SYSTEM, system)] if system else []), *turns]


def threshold_parts(ctx: TopicContext) -> tuple[list[ChatMessage], list[ChatMessage]]:
    """``(system + recap turns, sendable history after the cursor)`` of a loaded
    snapshot, as the threshold policy weighs them (NUM-4, NUM-5)."""
    prefix = threshold_prefix(ctx, ctx.base_input.memory_block, ctx.base_input.summary_turns)
    start = 0
    if ctx.cursor_message_id is not None and ctx.index is not None:
        pos = ctx.index.position(ctx.cursor_message_id)
        start = pos + 1 if pos is not None else 0
    rows = [h.message for h in ctx.history[start:] if h.sendable and h.message.role is not Role.SYSTEM]
    return prefix, rows


def threshold_estimate(ctx: TopicContext) -> int:
    """NUM-4: the heuristic size of the next request with the whole history after the
    cursor (before NUM-5 leaves older turns out), tokens: about one token per three
    characters, JSON keys counted, 4,096 per image."""
    prefix, rows = threshold_parts(ctx)
    return tc.estimate_tokens([*prefix, *rows], ctx.base_input.tools)


def _fit_limit(ctx: TopicContext, rows: Sequence[HistoryMessage], memory_block: str,
               turns: Sequence[ChatMessage], specs: Sequence[ToolSpec], limit: int | None) -> int | None:
    """The history limit that makes the request fit ``max(1, window − buffer)`` by the
    NUM-4 estimate (NUM-5); ``limit`` unchanged when it already fits or when even the
    latest turn does not (the send is then refused before any request)."""
    sent = [h.message for h in rows if h.sendable]
    budget = tc.threshold(ctx.card.context_window, ctx.threshold.buffer_tokens)
    try:
        kept = len(tc.fit_history(threshold_prefix(ctx, memory_block, turns), sent, specs, budget))
    except tc.RequestTooLarge:
        return limit
    if kept >= len(sent):
        return limit
    return kept if limit is None else min(limit, kept)


def _with_window(
    ctx: TopicContext, limit: int | None, memory_block: str, specs: tuple[ToolSpec, ...]
) -> TopicContext:
    """Apply the cursor (CMP-2, REF-19), the summary block (CMP-20) and the anchored,
    possibly expanded history limit (CMP-10, CMP-14) to a freshly loaded snapshot."""
    history = ctx.history
    index = HistoryIndex(history)
    summary, cursor, model = ctx.summary, ctx.cursor_message_id, ctx.summary_model
    stale = False
    start = 0
    if ctx.regular and cursor is not None:
        pos = index.position(cursor)
        if pos is None:  # REF-19: the covered message is gone; rebuild from scratch
            stale, summary, cursor, model = True, "", None, None
        else:
            start = pos + 1
    if not ctx.regular:
        summary, cursor, model = "", None, None
    lines = archive_lines(ctx.archives, summary) if (ctx.regular and ctx.archives_enabled and not stale) else []
    block = summary_block(summary, lines) if ctx.regular else ""
    turns: tuple[ChatMessage, ...] = ()
    if ctx.threshold.enabled and block and summary.strip():  # NUM-7: system, recap, acknowledgement, recent
        turns, block = tuple(tc.active_history(summary.strip(), ())), ""
    if ctx.threshold.enabled:  # NUM-5: older complete turns are left out until the request fits
        limit = _fit_limit(ctx, history[start:], memory_block, turns, specs, limit)
    count = ctx.counter.count
    template = ctx.base_input.input_template
    fixed = 0
    if limit is not None and ctx.input_budget >= LARGE_WINDOW_BUDGET:
        instructions = ctx.base_input.instructions.strip()
        fixed = (
            (count(f"system:\n{instructions}") + FRAMING_TOKENS_PER_MESSAGE if instructions else 0)
            + (count(memory_block) if memory_block else 0)
            + (count(block) if block else 0)
            + (tools_tokens(specs, count) if specs else 0)
        )
    window = history_window(
        index, start, limit,
        budget=ctx.input_budget, fixed_tokens=fixed,
        user_overhead=template_overhead(template, count) if fixed or limit is not None else 0,
    )
    capped = set(window.capped)
    sent = tuple(h for i, h in enumerate(history[start:], start) if i not in capped) if capped else history[start:]
    base = replace(
        ctx.base_input,
        history=sent,
        history_limit=window.kept,
        memory_block=memory_block,
        summary_block=block,
        summary_turns=turns,
        tools=specs,
    )
    return replace(
        ctx,
        base_input=base,
        summary=summary,
        cursor_message_id=cursor,
        summary_model=model,
        stale_cursor=stale,
        covered_ids=tuple(h.id for h in history[:start] if h.sendable),
        capped_ids=tuple(history[i].id for i in window.capped),
        window=window,
        index=index,
        fixed_tokens=fixed,
    )


def _history(s: Session, topic: Topic, counter: TokenCounter) -> tuple[HistoryMessage, ...]:
    rows = list(s.scalars(select(Message).where(Message.topic_id == topic.id).order_by(Message.seq)))
    counts: dict[int, int] = {}
    stale: list[dict[str, object]] = []
    for m in rows:
        if m.token_count is not None and m.token_encoding == counter.encoding_name:
            counts[m.id] = m.token_count
        else:
            counts[m.id] = message_tokens(chat_message(m), counter.count)
            stale.append({"id": m.id, "token_count": counts[m.id], "token_encoding": counter.encoding_name})
    if stale:
        s.expunge_all()
        s.execute(update(Message), stale)
    return tuple(
        HistoryMessage(id=m.id, message=chat_message(m), tokens=counts[m.id], sendable=is_sendable(m))
        for m in rows
    )


def require_sendable(ctx: TopicContext) -> None:
    """Raise :class:`InvalidInput` when the topic's assistant cannot send yet."""
    if ctx.provider_id is None:
        raise InvalidInput(f"assistant {ctx.assistant_name!r} has no provider; pick one in its settings")
    if not ctx.model:
        raise InvalidInput(f"assistant {ctx.assistant_name!r} has no chat model; set one in its settings")
