"""The message list's page reads (APP-8, issue 29 "Long topics at any depth"): the
newest page of a topic, its oldest, the page around a position, and the pages before
and after the rows shown. Each is a blocking store read, called on a worker thread (the
window's :class:`~chathub_desktop.gui.chat.message_jump.TopicJumps`, the topic opener,
search); the :class:`~chathub_desktop.gui.chat.message_list_model.MessageListModel`
then shows what it returns on the GUI thread. Split from the model (rail51): it holds
the topic service and the summary cursor's look-up, nothing of the rows.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from chathub_desktop.gui.topics.late_topics import LateTopics
from chathub_desktop.services.topics.first_page import PAGE_ROWS
from chathub_desktop.services.views import MessageView

#: Messages loaded when a topic opens and per older or newer page.
PAGE_SIZE = PAGE_ROWS


@dataclass(frozen=True)
class TopicPage:
    """A page of a topic as fetched off the GUI thread: ``first_offset`` is the position of
    ``views[0]`` in the topic; ``cursor_id`` the summary's cursor; ``total`` the topic's
    message count when read; ``focus`` the position to show at the view's top (None: the
    newest message at the bottom)."""

    topic_id: int
    first_offset: int
    views: tuple[MessageView, ...]
    cursor_id: int | None
    #: False when newer messages follow the page (a jump into the topic, issue 29).
    at_end: bool = True
    total: int = 0
    focus: int | None = None


class TopicPages:
    """Reads pages of a topic through ``topics`` (bound once the store opened). Every
    method blocks on the store: call it on a worker thread. ``cursor_lookup`` (``topic_id
    → the summary cursor's message id or None``, CMP-2) is asked with each whole page;
    None: no cursor."""

    def __init__(self, topics: LateTopics) -> None:
        self._topics = topics
        #: ``topic_id → cursor message id or None``, asked when a topic opens.
        self.cursor_lookup: Callable[[int], int | None] | None = None

    def _cursor(self, topic_id: int) -> int | None:
        return self.cursor_lookup(topic_id) if self.cursor_lookup is not None else None

    def fetch_page(self, topic_id: int) -> TopicPage:
        """Read the newest page of ``topic_id`` and its summary cursor (the model's
        ``show_page`` then shows it)."""
        count = self._topics.get().message_count(topic_id)
        first = max(0, count - PAGE_SIZE)
        views = self._topics.get().messages(topic_id, offset=first, limit=PAGE_SIZE)
        return TopicPage(topic_id, first, tuple(views), self._cursor(topic_id), total=count)

    def fetch_first_page(self, topic_id: int) -> TopicPage:
        """Read the OLDEST page of ``topic_id`` (issue 29, jump to the start): one
        :data:`PAGE_SIZE` read by seq, never the rows between."""
        return self.fetch_around(topic_id, 0)

    def fetch_around(self, topic_id: int, position: int) -> TopicPage:
        """Read the page that shows the message at ``position`` (0-based, clamped to the
        topic) at the view's top: :data:`PAGE_SIZE` rows before it for scrolling up and
        :data:`PAGE_SIZE` from it (issue 29, the topic scroll bar)."""
        count = self._topics.get().message_count(topic_id)
        focus = max(0, min(position, count - 1))
        first = max(0, focus - PAGE_SIZE // 2)
        views = self._topics.get().messages(topic_id, offset=first, limit=focus - first + PAGE_SIZE)
        return TopicPage(topic_id, first, tuple(views), self._cursor(topic_id),
                         at_end=first + len(views) >= count, total=count, focus=focus)

    def fetch_older(self, topic_id: int, end: int) -> tuple[int, list[MessageView]]:
        """The page of ``topic_id`` before position ``end`` (the first loaded row) and
        where it starts (the model's ``prepend`` shows it)."""
        start = max(0, end - PAGE_SIZE)
        return start, self._topics.get().messages(topic_id, offset=start, limit=end - start)

    def fetch_newer(self, topic_id: int, start: int) -> list[MessageView]:
        """The page of ``topic_id`` from position ``start`` (the one after the last loaded
        row; the model's ``append_newer`` shows it)."""
        return self._topics.get().messages(topic_id, offset=start, limit=PAGE_SIZE)
