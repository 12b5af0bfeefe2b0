"""Loads what the assembler needs for a topic, from the store, with cached token counts.

Both send and the token badge go through :func:`load_context` and
``core.request_assembly.assemble_request`` so they can never disagree (DESIGN.md).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Protocol

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from chathub_desktop.core.budget import input_budget
from chathub_desktop.core.messages import ChatMessage, MessageStatus, Role, ToolCall
from chathub_desktop.core.provider_kinds import ProviderKind
from chathub_desktop.core.request_assembly import (
    NEVER_SENT_CONTENT_TYPES,
    AssemblyInput,
    HistoryMessage,
    message_tokens,
)
from chathub_desktop.providers.catalog import ModelCardInfo, ModelCatalog
from chathub_desktop.services.errors import InvalidInput
from chathub_desktop.services.tool_registry import ToolRegistry
from chathub_desktop.storage.database import Database
from chathub_desktop.storage.models import Assistant, Message, Provider, Topic
from chathub_desktop.tokens.counter import TokenCounter


@dataclass(frozen=True)
class TopicContext:
    """A snapshot of everything that shapes a topic's next request.

    ``history`` carries per-row token counts for ``counter.encoding_name``;
    ``context_window``/``input_budget`` are tokens; ``provider_kind`` is ``None`` when the
    assistant has no provider yet.
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


def load_context(
    db: Database,
    catalog: ModelCatalog,
    topic_id: int,
    memory: MemoryBlockSource | None = None,
    tools: ToolRegistry | None = None,
) -> TopicContext:
    """Snapshot the topic, its assistant, its history, its injected memory and the tools
    offered; count and cache (one transaction) any row whose token count is missing for
    the model's encoding. Send and the badge both assemble from this snapshot.

    Raises ``services.errors.NotFound`` for an unknown topic.
    """
    from chathub_desktop.services.topic_service import TopicService

    with db.transaction() as s:
        topic = TopicService.row(s, topic_id)
        assistant = s.get(Assistant, topic.assistant_id)
        assert assistant is not None
        provider = s.get(Provider, assistant.provider_id) if assistant.provider_id else None
        kind = ProviderKind(provider.kind) if provider else None
        card = catalog.card(assistant.model or "", kind or ProviderKind.OPENAI_COMPATIBLE,
                            base_url=provider.base_url if provider else None)
        counter = TokenCounter.for_model(assistant.model or "")
        history = _history(s, topic, counter)
        budget = input_budget(
            card.context_window, assistant.max_tokens, assistant.max_tokens_enabled, card.max_output
        )
        base = AssemblyInput(
            instructions=assistant.instructions,
            input_template=assistant.input_template,
            history=history,
            history_limit=assistant.history_limit if assistant.history_limit_enabled else None,
        )
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
            base_input=base,
        )
    block = memory.injection_block(ctx.assistant_id, counter.count) if memory is not None else ""
    specs = tools.specs(ctx.assistant_id) if tools is not None else ()
    return replace(ctx, base_input=replace(base, memory_block=block, tools=specs))


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
