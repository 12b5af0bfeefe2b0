"""The window's first page before the store opens (issue 29: the last topic's rows within
0.5 s): :func:`first_page` reads it from the default SQLite store with the standard
library alone (``storage.first_page``), as the same :class:`MessageView` rows
``TopicService.messages`` gives (:func:`message_view`, their one conversion), so one
page means one thing whichever read made it. A PostgreSQL store (a database URL given
or in ``CHATHUB_DATABASE_URL``) has none: the window waits for the store's read."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

from chathub_desktop.core.attachments import attachments_of
from chathub_desktop.core.reasons import reason_from_data
from chathub_desktop.services.views import MessageView, TopicView
from chathub_desktop.storage.first_page import STORE_FILE, read_first_page
from chathub_desktop.storage.message_records import MessageRecord

__all__ = ["PAGE_ROWS", "FirstPage", "ResumeIds", "first_page", "message_view"]

#: Messages in a page of a topic: the window's pages (``MessageListModel``) and the first.
PAGE_ROWS = 40


def message_view(m: MessageRecord) -> MessageView:
    """The view of stored message ``m`` (what the window and the CLI read)."""
    return MessageView(
        id=m.id,
        topic_id=m.topic_id,
        seq=m.seq,
        role=m.role,
        content=m.content,
        content_type=m.content_type,
        status=m.status,
        created_at=m.created_at,
        tool_name=m.tool_name,
        tool_call_id=m.tool_call_id,
        tool_calls=tuple(m.tool_calls or ()),
        error=m.error,
        error_kind=m.error_kind,
        model=m.model,
        input_tokens=m.input_tokens,
        output_tokens=m.output_tokens,
        cached_tokens=m.cached_tokens,
        cache_write_tokens=m.cache_write_tokens,
        finish_reason=m.finish_reason,
        receipt=m.receipt if isinstance(m.receipt, dict) else None,
        pinned=bool(m.pinned),
        attachments=tuple(a.meta() for a in attachments_of(m.attachments)),
        tool_elapsed_ms=m.tool_elapsed_ms,
        error_why=reason_from_data(m.error_reason) if m.error_reason is not None else None,
    )


@dataclass(frozen=True, slots=True)
class FirstPage:
    """The page the window shows first: ``assistant_id`` (the first by name, the
    switcher's selection at start; its ``assistant_name`` and ``assistant_avatar``, None:
    its initial, for the replies' headers), ``topic_id`` (its first listed topic, None: none),
    ``first_offset`` (position of ``views[0]``, 0-based), ``views`` (oldest first) and
    ``total`` (the topic's message count); ``topics``: the first rows of the assistant's
    topic list, as ``TopicService.list`` gives them."""

    assistant_id: int
    topic_id: int | None
    first_offset: int
    views: tuple[MessageView, ...]
    total: int
    assistant_name: str = "Assistant"
    assistant_avatar: str | None = None
    topics: tuple[TopicView, ...] = ()


class ResumeIds(NamedTuple):
    """The assistant and topic open when the window last quit (walk45 #11), each None when
    none was remembered; the window opens them again when they still exist."""

    assistant_id: int | None
    topic_id: int | None


#: No assistant or topic remembered (a first start, or no window settings).
NOTHING_TO_RESUME = ResumeIds(None, None)


def first_page(database_url: str | None, data_dir: Path, page_size: int,
               resume: ResumeIds = NOTHING_TO_RESUME) -> FirstPage | None:
    """The first page of the default SQLite store in ``data_dir`` (``page_size`` newest
    rows at most; of ``resume``'s topic when it is still listed), or None: a
    ``database_url`` or ``CHATHUB_DATABASE_URL`` names another store, or the file cannot
    be read as it is (the store's own read follows either way). Blocking file reads:
    call it on a worker thread."""
    if database_url or os.environ.get("CHATHUB_DATABASE_URL"):
        return None
    rows = read_first_page(data_dir / STORE_FILE, page_size, resume.assistant_id, resume.topic_id)
    if rows is None:
        return None
    return FirstPage(rows.assistant_id, rows.topic_id, rows.first_offset,
                     tuple(message_view(m) for m in rows.rows), rows.total, rows.assistant_name, rows.assistant_avatar,
                     rows.topics)
