"""Domain shapes shared by every layer: roles, tool calls, chat messages, usage records.

These are plain frozen dataclasses so that ``core`` functions (assembler, importer
parsing, compaction planning) stay pure and easy to property-test.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from chathub_desktop.core.attachments import Attachment


class Role(StrEnum):
    """Author of a message, in the vocabulary every wire format maps onto."""

    SYSTEM = "system"
    USER = "user"
    ASSISTANT = "assistant"
    TOOL = "tool"


class MessageStatus(StrEnum):
    """Life cycle of a stored message (APP-8: a reply cut by quitting is ``interrupted``)."""

    COMPLETE = "complete"
    STREAMING = "streaming"
    CANCELLED = "cancelled"
    INTERRUPTED = "interrupted"
    ERROR = "error"
    #: The reply passed a stream limit (the reply-size limit above all, stream50): the
    #: text up to the limit is kept and shown with a note; never sent back to the model.
    CUT = "cut"


#: Reply statuses Retry may re-request: the reply ended without its whole answer (issue 12).
RETRYABLE_STATUSES: frozenset[MessageStatus] = frozenset(
    {MessageStatus.ERROR, MessageStatus.CANCELLED, MessageStatus.INTERRUPTED, MessageStatus.CUT})


class TopicKind(StrEnum):
    """What a topic is (CMP-16: only ``regular`` topic chats use compaction and summary
    injection); stored in ``topic.kind``."""

    REGULAR = "regular"


@dataclass(frozen=True, slots=True)
class ToolCall:
    """One tool call requested by the model.

    ``arguments`` is the raw JSON text the model produced (never re-serialized, so
    the request we resend is byte-identical to what the provider saw).
    """

    id: str
    name: str
    arguments: str = "{}"


@dataclass(frozen=True, slots=True)
class ChatMessage:
    """One message as the request assembler and the providers see it.

    - ``content``: the text (characters), already stripped of hidden reasoning.
    - ``tool_calls``: calls made by an assistant message.
    - ``tool_call_id`` / ``tool_name``: set on a ``tool`` message carrying a tool result.
    - ``images``: data URLs (``data:image/png;base64,...``) attached to a user message.
    - ``attachments``: stored image/file attachments of a user message (issue 14); the
      request assembler turns loaded ones into ``images`` and inlined file text, so a
      message as posted carries none.
    """

    role: Role
    content: str
    tool_calls: tuple[ToolCall, ...] = ()
    tool_call_id: str | None = None
    tool_name: str | None = None
    images: tuple[str, ...] = field(default=())
    attachments: tuple[Attachment, ...] = field(default=())


@dataclass(frozen=True, slots=True)
class ToolSpec:
    """A tool offered to the model: name, description, JSON-schema ``parameters``."""

    name: str
    description: str
    parameters: dict[str, object]


@dataclass(frozen=True, slots=True)
class Usage:
    """Token usage reported by a provider for one reply (APP-1), all counts in tokens.

    ``input_tokens`` is the total input the provider billed, cached and cache-written
    tokens included (Anthropic reports those separately; the client adds them up).
    ``None`` means the provider did not report that field.
    """

    input_tokens: int | None = None
    output_tokens: int | None = None
    cached_tokens: int | None = None
    cache_write_tokens: int | None = None
    reasoning_tokens: int | None = None

    def merged(self, other: Usage) -> Usage:
        """Return a usage where fields reported by ``other`` replace this one's."""
        return Usage(
            input_tokens=other.input_tokens if other.input_tokens is not None else self.input_tokens,
            output_tokens=other.output_tokens if other.output_tokens is not None else self.output_tokens,
            cached_tokens=other.cached_tokens if other.cached_tokens is not None else self.cached_tokens,
            cache_write_tokens=(
                other.cache_write_tokens
                if other.cache_write_tokens is not None
                else self.cache_write_tokens
            ),
            reasoning_tokens=(
                other.reasoning_tokens if other.reasoning_tokens is not None else self.reasoning_tokens
            ),
        )
