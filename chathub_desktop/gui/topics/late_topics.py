"""The topic service as the window's list models reach it (issue 29): given once the
store opened, as the window shows its first page before; until then nothing reads
through it. One holder the topic list, the message list and the drafts share."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # types only: keeps SQLAlchemy off the window's start-up path
    from chathub_desktop.services.topics.topic_service import TopicService


class LateTopics:
    """A :class:`TopicService` bound late (:meth:`bind`); :meth:`get` raises
    ``RuntimeError`` before."""

    def __init__(self, topics: TopicService | None = None) -> None:
        self._topics = topics

    @classmethod
    def of(cls, topics: TopicService | LateTopics | None) -> LateTopics:
        """``topics`` as a holder: a holder as it is, a service (or None) in a new one."""
        return topics if isinstance(topics, LateTopics) else cls(topics)

    def bind(self, topics: TopicService) -> None:
        """The store opened: reads go to ``topics`` from now on."""
        self._topics = topics

    def get(self) -> TopicService:
        """The bound service. Raises ``RuntimeError`` while the store is not open yet."""
        if self._topics is None:
            raise RuntimeError("the store is not open yet")
        return self._topics
