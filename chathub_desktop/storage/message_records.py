"""A stored message as it leaves the store (issue 31): :class:`MessageRecord`, a frozen
copy of one ``message`` row, so no service or widget holds an ORM object that a later
attribute write would turn into an UPDATE, or that a closed session would leave
unreadable. The repositories in ``topic_rows``, ``topic_repository`` and
``topic_copies`` return it."""

from __future__ import annotations

from dataclasses import dataclass, fields
from datetime import datetime
from typing import TYPE_CHECKING

from chathub_desktop.core.messages import MessageStatus, Role

if TYPE_CHECKING:  # issue 29: the first page reads records with no SQLAlchemy loaded
    from chathub_desktop.storage.models import Message

__all__ = ["MESSAGE_COLUMNS", "MessageRecord", "message_record"]


@dataclass(frozen=True, slots=True)
class MessageRecord:
    """Every column of one ``message`` row (``storage.models.Message`` documents each):
    ``role`` a :class:`Role`, ``status`` a :class:`MessageStatus` (the stored words), ``tool_calls`` the
    JSON list of ``{"id", "name", "arguments"}``, ``attachments`` attachment metadata
    dicts, ``receipt`` a reply's context receipt, token figures in tokens, times UTC."""

    id: int
    topic_id: int
    seq: int
    role: Role
    content: str
    content_type: str
    tool_calls: list[dict[str, str]] | None
    tool_call_id: str | None
    tool_name: str | None
    status: MessageStatus
    error: str | None
    error_kind: str | None
    error_reason: dict[str, object] | None
    model: str | None
    provider_id: int | None
    finish_reason: str | None
    input_tokens: int | None
    output_tokens: int | None
    cached_tokens: int | None
    cache_write_tokens: int | None
    reasoning_tokens: int | None
    sent_by_process: str | None
    tool_elapsed_ms: int | None
    token_count: int | None
    token_encoding: str | None
    source_id: str | None
    created_at: datetime
    edited_at: datetime | None
    pinned: bool
    receipt: dict[str, object] | None
    attachments: list[dict[str, object]] | None


#: The column names, in the order of :class:`MessageRecord`'s fields.
MESSAGE_COLUMNS = tuple(f.name for f in fields(MessageRecord))
_NAMES = MESSAGE_COLUMNS


def message_record(row: Message) -> MessageRecord:
    """The frozen copy of loaded row ``row`` (``role`` and ``status`` as their enums,
    ``pinned`` as a bool). Raises ``ValueError`` for a role or status word no enum has."""
    values = {name: getattr(row, name) for name in _NAMES}
    values["role"] = Role(values["role"])
    values["status"] = MessageStatus(values["status"])
    values["pinned"] = bool(values["pinned"])
    return MessageRecord(**values)
