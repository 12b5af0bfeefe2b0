"""The token badge's number: the next request's estimate, through the one assembler.

The topic's history part is assembled once per topic change and cached; typing only
re-counts the draft (TOK-2), so a 20,000-message topic never re-tokenizes per keystroke.
"""

from __future__ import annotations

from dataclasses import dataclass

from chathub_desktop.core.request_assembly import assemble_request, draft_tokens
from chathub_desktop.providers.catalog import ModelCatalog
from chathub_desktop.services.events import (
    ChatEvent,
    EventBus,
    MessageAdded,
    ReplyFinished,
    TopicChanged,
)
from chathub_desktop.services.request_context import MemoryBlockSource, TopicContext, load_context
from chathub_desktop.services.tool_registry import ToolRegistry
from chathub_desktop.services.views import EstimateView
from chathub_desktop.storage.database import Database


@dataclass(frozen=True)
class _Base:
    ctx: TopicContext
    parts: dict[str, int]
    included: int
    dropped: int


class EstimateService:
    """Computes :class:`EstimateView` for a topic and a draft; caches the draft-free part."""

    def __init__(
        self,
        db: Database,
        bus: EventBus,
        catalog: ModelCatalog,
        tools: ToolRegistry | None = None,
        memory: MemoryBlockSource | None = None,
    ) -> None:
        self._db = db
        self._memory = memory
        self._tools = tools or ToolRegistry()
        self._catalog = catalog
        self._cache: dict[int, _Base] = {}
        bus.subscribe(self._on_event)

    def _on_event(self, event: ChatEvent) -> None:
        if isinstance(event, TopicChanged) and event.topic_id == 0:
            self._cache.clear()  # assistant settings changed
        elif isinstance(event, MessageAdded | ReplyFinished):
            self._cache.pop(event.topic_id, None)

    def invalidate(self, topic_id: int | None = None) -> None:
        """Forget cached bases (all when ``topic_id`` is None)."""
        if topic_id is None:
            self._cache.clear()
        else:
            self._cache.pop(topic_id, None)

    def _base(self, topic_id: int) -> _Base:
        base = self._cache.get(topic_id)
        if base is None:
            ctx = load_context(self._db, self._catalog, topic_id, self._memory, self._tools)
            plan = assemble_request(ctx.base_input, ctx.counter.count)
            base = _Base(
                ctx=ctx,
                parts={p.name: p.tokens for p in plan.parts},
                included=len(plan.included_ids),
                dropped=len(plan.dropped_ids),
            )
            self._cache[topic_id] = base
        return base

    def estimate(self, topic_id: int, draft: str = "") -> EstimateView:
        """Tokens the next request of ``topic_id`` carries with ``draft`` as the new user
        message. Only the draft is counted when the topic is unchanged since the last call.
        Raises ``services.errors.NotFound`` for an unknown topic."""
        base = self._base(topic_id)
        parts = dict(base.parts)
        if draft:
            parts["draft"] = draft_tokens(draft, base.ctx.base_input.input_template, base.ctx.counter.count)
        return EstimateView(
            topic_id=topic_id,
            parts=parts,
            total=sum(parts.values()),
            context_window=base.ctx.context_window,
            input_budget=base.ctx.input_budget,
            included=base.included,
            dropped=base.dropped,
            encoding=base.ctx.counter.encoding_name,
        )
