"""The title the window shows for a topic (issue 27): a topic nobody has titled yet
(``TopicView.untitled``) reads "New topic" in the interface language; its stored title
is the English one the CLI and the model read. A titled topic's title is shown by the one
display rule of outside text (issue 28, walk50b: a lone U+202E reversed it in the topic
list and the chat header)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication

from chathub_desktop.gui.shell.invisible_note import shown_line

if TYPE_CHECKING:
    from chathub_desktop.services.views import TopicView

__all__ = ["shown_title", "untitled_title"]


def shown_title(t: TopicView) -> str:
    """``t``'s title as the window shows it: without Markdown (``plain_title``) and by
    the one display rule (``shown_line``: a bidi control not closed in it is left out,
    with "[N invisible characters not shown]" after it), or "New topic" in the interface
    language when nobody has titled it."""
    # not before the window's first paint, which shows no title (issue 29)
    from chathub_desktop.core.topic_titles import plain_title

    return untitled_title() if t.untitled else shown_line(plain_title(t.title))


def untitled_title() -> str:
    """"New topic" in the interface language: the title the window shows for a topic
    nobody has titled (the topic list, search results, receipts)."""
    return QCoreApplication.translate("TopicList", "New topic")
