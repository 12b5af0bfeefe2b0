"""Read-only views services hand to the GUI and the CLI (no ORM objects cross the layer).

Times are timezone-aware UTC; token counts are tokens.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from datetime import datetime


@dataclass(frozen=True)
class ProviderView:
    """A configured provider. ``key_source`` is ``keyring``, ``env:VAR`` or ``none``."""

    id: int
    name: str
    kind: str
    base_url: str
    key_source: str

    def to_json(self) -> dict[str, object]:
        """JSON-ready dict."""
        return asdict(self)


@dataclass(frozen=True)
class AssistantView:
    """An assistant and its chat settings (APP-9) and Chat Preference (CMP-1)."""

    id: int
    name: str
    provider_id: int | None
    provider_name: str | None
    model: str
    instructions: str
    input_template: str
    max_tokens: int | None
    max_tokens_enabled: bool
    memory_enabled: bool
    history_limit_enabled: bool
    history_limit: int

    def to_json(self) -> dict[str, object]:
        """JSON-ready dict."""
        return asdict(self)


@dataclass(frozen=True)
class TopicView:
    """A topic row for lists."""

    id: int
    assistant_id: int
    title: str
    message_count: int
    created_at: datetime
    updated_at: datetime

    def to_json(self) -> dict[str, object]:
        """JSON-ready dict (ISO 8601 UTC times)."""
        d = asdict(self)
        d["created_at"] = self.created_at.isoformat()
        d["updated_at"] = self.updated_at.isoformat()
        return d


@dataclass(frozen=True)
class MessageView:
    """One message for display: content (characters), tool calls (list of
    ``{"id","name","arguments"}``), status, error, and the usage the provider reported."""

    id: int
    topic_id: int
    seq: int
    role: str
    content: str
    content_type: str
    status: str
    created_at: datetime
    tool_name: str | None = None
    tool_call_id: str | None = None
    tool_calls: tuple[dict[str, str], ...] = ()
    error: str | None = None
    error_kind: str | None = None
    model: str | None = None
    input_tokens: int | None = None
    output_tokens: int | None = None
    cached_tokens: int | None = None
    cache_write_tokens: int | None = None

    def to_json(self) -> dict[str, object]:
        """JSON-ready dict (ISO 8601 UTC time)."""
        d = asdict(self)
        d["created_at"] = self.created_at.isoformat()
        d["tool_calls"] = list(self.tool_calls)
        return d


@dataclass(frozen=True)
class EstimateView:
    """The token badge figure and its breakdown (issue #2 item 7; TOK-1 later).

    ``parts``: part name → tokens; ``total``: what the next request carries, tokens;
    ``context_window`` and ``input_budget`` in tokens; ``included``/``dropped``: history
    rows sent / left out; ``encoding``: tokenizer used.
    """

    topic_id: int | None
    parts: dict[str, int]
    total: int
    context_window: int
    input_budget: int
    included: int
    dropped: int
    encoding: str

    def to_json(self) -> dict[str, object]:
        """JSON-ready dict."""
        return asdict(self)
