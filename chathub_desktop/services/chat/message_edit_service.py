"""Editing and deleting stored messages, keeping the topic summary honest (CMP-15, REF-25).

When the edited or deleted message is at or before the compaction cursor, the derived
summary, cursor, archives and topic snippet are cleared (the next run rebuilds them
from the raw history, which is never deleted by compaction, CMP-2).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from chathub_desktop.core.clock import utcnow
from chathub_desktop.core.messages import MessageStatus
from chathub_desktop.core.reasons import QT_TRANSLATE_NOOP, Reason
from chathub_desktop.services.compaction.compaction_service import CompactionService
from chathub_desktop.services.errors import EMPTY_EDITED, InvalidInput, NotFound, no_message
from chathub_desktop.services.events import EventBus, TopicChanged
from chathub_desktop.services.input_rules import check_record_id
from chathub_desktop.services.topics.first_page import message_view
from chathub_desktop.services.views import MessageView
from chathub_desktop.storage.database import Database
from chathub_desktop.storage.topic_repository import update_reply
from chathub_desktop.storage.topic_rows import message_position, message_row, remove_message


class MessageEditService:
    """``edit_message`` / ``delete_message`` for the message list's Edit and Delete."""

    def __init__(
        self,
        db: Database,
        bus: EventBus,
        compaction: CompactionService,
        on_change: Callable[[int], None] | None = None,
    ) -> None:
        self._db = db
        self._bus = bus
        self._compaction = compaction
        self._on_change = on_change

    def _locate(self, message_id: int) -> tuple[int, int]:
        with self._db.read() as s:
            place = message_position(s, check_record_id(message_id, "message"))
        if place is None:
            raise NotFound(no_message(message_id))
        return place

    def edit_message(self, message_id: int, text: str) -> MessageView:
        """Replace a message's text (its cached token count is dropped; ``edited_at`` set).
        Clears the topic summary when the summary covers the message (CMP-15). Raises
        :class:`NotFound` / :class:`InvalidInput` (empty text, a reply still streaming)."""
        if not text.strip():
            raise InvalidInput(EMPTY_EDITED)
        topic_id, seq = self._locate(message_id)
        self._compaction.clear_for_edit(topic_id, message_id, position_seq=seq)
        with self._db.write() as s:
            row = message_row(s, message_id)
            if row is None:
                raise NotFound(no_message(message_id))
            if row.status == MessageStatus.STREAMING:
                raise InvalidInput(Reason(QT_TRANSLATE_NOOP(
                    "ServiceReasons", "this reply is still being written; press Stop first")))
            edited = replace(row, content=text, token_count=None, token_encoding=None, edited_at=utcnow())
            update_reply(s, message_id, {"content": text, "token_count": None, "token_encoding": None,
                                         "edited_at": edited.edited_at})
            view = message_view(edited)
        self._changed(topic_id)
        return view

    def delete_message(self, message_id: int) -> None:
        """Delete one message (one transaction). Clears the topic summary when the summary
        covers it (CMP-15, REF-25). Raises :class:`NotFound`."""
        topic_id, seq = self._locate(message_id)
        self._compaction.clear_for_edit(topic_id, message_id, position_seq=seq)
        with self._db.write() as s:
            if not remove_message(s, message_id):
                raise NotFound(no_message(message_id))
        self._changed(topic_id)

    def _changed(self, topic_id: int) -> None:
        if self._on_change is not None:
            self._on_change(topic_id)
        self._bus.publish(TopicChanged(topic_id))
