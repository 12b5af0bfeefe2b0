"""What most window components use of the window (issue 29): the open topic and the
status line. Each component's host Protocol extends :class:`OpenTopicHost` with what else
it needs; the main window is every one of them."""

from __future__ import annotations

from typing import Protocol

__all__ = ["OpenTopicHost"]


class OpenTopicHost(Protocol):
    """The open topic's id and the status line of the window."""

    @property
    def current_topic_id(self) -> int | None:
        """The open topic."""
        ...

    def show_status(self, text: str, ms: int = 5000, topic_id: int | None = None) -> None:
        """A line in the status bar for ``ms`` milliseconds; one about ``topic_id`` goes
        when another topic opens (walk51 #5)."""
        ...
