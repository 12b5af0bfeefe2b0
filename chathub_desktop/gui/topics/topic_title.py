"""The title the window shows for a topic (issue 27): a topic nobody has titled yet
(``TopicView.untitled``) reads "New topic" in the interface language; its stored title
is the English one the CLI and the model read."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from chathub_desktop.core.topic_titles import plain_title
from chathub_desktop.services.views import TopicView

__all__ = ["shown_title", "untitled_title"]


def shown_title(t: TopicView) -> str:
    """``t``'s title without Markdown (``plain_title``), or "New topic" in the
    interface language when nobody has titled it."""
    return untitled_title() if t.untitled else plain_title(t.title)


def untitled_title() -> str:
    """"New topic" in the interface language: the title the window shows for a topic
    nobody has titled (the topic list, search results, receipts)."""
    return QCoreApplication.translate("TopicList", "New topic")
