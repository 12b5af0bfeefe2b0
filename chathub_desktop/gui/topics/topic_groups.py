"""The topic list's groups by last activity (walk51 #6): pinned topics first, then
Today, Yesterday, Previous 7 days and Older, each under a header, as ChatGPT, Claude
and Cherry Studio list chats; and each group's one way of writing a row's date — the
time for Today and Yesterday, the weekday for the previous 7 days, the day (in the
interface language, :func:`~chathub_desktop.gui.shell.day_format.format_day`) before.
A pinned row shows no date: its place is not by time (its tooltip says when it was last
active).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta

from PySide6.QtCore import QCoreApplication, QLocale

from chathub_desktop.gui.shell.day_format import format_day, interface_locale
from chathub_desktop.gui.shell.i18n import QT_TRANSLATE_NOOP
from chathub_desktop.services.views import TopicView

__all__ = ["DayEdges", "RowHeights", "TopicGroup", "day_edges", "group_of", "group_title", "local_today",
           "row_date"]


class TopicGroup(enum.Enum):
    """A section of the topic list, in list order."""

    PINNED = QT_TRANSLATE_NOOP("TopicList", "Pinned")
    TODAY = QT_TRANSLATE_NOOP("TopicList", "Today")
    YESTERDAY = QT_TRANSLATE_NOOP("TopicList", "Yesterday")
    WEEK = QT_TRANSLATE_NOOP("TopicList", "Previous 7 days")
    OLDER = QT_TRANSLATE_NOOP("TopicList", "Older")


#: The most days ago a topic's last activity may be to sit under "Previous 7 days".
WEEK_DAYS = 7


@dataclass(frozen=True)
class RowHeights:
    """The topic list's row heights in px for the list's font: ``plain`` a row, ``first``
    the list's first row with its group's header over it, ``header`` a later group's
    first row (a gap above its header). The delegate measures them, the model answers
    them as each row's size hint: Qt reads them without calling into Python's painter
    for each of 2,000 rows (walk51 #6: the list stays fast)."""

    plain: int
    first: int
    header: int


def local_today() -> date:
    """Today in the desktop's time zone."""
    return datetime.now().astimezone().date()


@dataclass(frozen=True)
class DayEdges:
    """The local midnights that split the groups on ``today``: ``today`` (Today from it
    on), ``yesterday`` and ``week`` (the start of the 7th day before today), each an
    aware datetime, so a row's group is three comparisons (2,000 rows in a few ms)."""

    today: datetime
    yesterday: datetime
    week: datetime


def day_edges(today: date) -> DayEdges:
    """The :class:`DayEdges` of ``today`` (local) in the desktop's time zone."""

    def midnight(day: date) -> datetime:
        return datetime.combine(day, time()).astimezone()

    return DayEdges(midnight(today), midnight(today - timedelta(days=1)), midnight(today - timedelta(days=WEEK_DAYS)))


def group_of(t: TopicView, edges: DayEdges) -> TopicGroup:
    """The group of topic ``t`` between ``edges`` (:func:`day_edges` of the local day):
    pinned, else by the local day of its last activity — today (also a time after
    today: a clock ahead elsewhere), yesterday, 2 to 7 days ago, older."""
    if t.pinned:
        return TopicGroup.PINNED
    when = t.updated_at
    if when >= edges.today:
        return TopicGroup.TODAY
    if when >= edges.yesterday:
        return TopicGroup.YESTERDAY
    return TopicGroup.WEEK if when >= edges.week else TopicGroup.OLDER


def group_title(group: TopicGroup) -> str:
    """The header of ``group`` in the interface language ("Today", "今天")."""
    return QCoreApplication.translate("TopicList", group.value)


def row_date(t: TopicView, group: TopicGroup) -> str:
    """Topic ``t``'s date as its row in ``group`` writes it: "14:05" today and yesterday,
    "Wednesday" in the previous 7 days, "3 Nov 2025" before (the interface language's
    words and order), "" when pinned."""
    local = t.updated_at.astimezone()
    if group is TopicGroup.PINNED:
        return ""
    if group in (TopicGroup.TODAY, TopicGroup.YESTERDAY):
        return f"{local:%H:%M}"
    if group is TopicGroup.WEEK:
        return interface_locale().dayName(local.isoweekday(), QLocale.FormatType.LongFormat)
    return format_day(local.date())
