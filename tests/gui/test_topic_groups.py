"""The topic list is grouped by last activity (walk51 #6: no Today / Earlier groups, and
"21:32" next to "2024-05-01"): Pinned, Today, Yesterday, Previous 7 days, Older, each
under a header, one date format per group; the model still passes Qt's item model
tester through every change."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from PySide6.QtWidgets import QAbstractItemDelegate, QLineEdit

from chathub_desktop.gui.shell.day_format import format_day
from chathub_desktop.gui.topics import topic_list_model
from chathub_desktop.gui.topics.topic_groups import TopicGroup, day_edges, group_of, row_date
from chathub_desktop.gui.topics.topic_list_model import GroupRole, HeaderRole
from chathub_desktop.services.events import MessageAdded
from chathub_desktop.services.views import TopicView

#: 2 Dec 2026, a Wednesday, 15:00 local (the tests set TZ-independent ages from it).
NOW = datetime(2026, 12, 2, 15, 0).astimezone()


def _topic(tid: int, ago: timedelta, *, pinned: bool = False, title: str = "") -> TopicView:
    when = (NOW - ago).astimezone(UTC)
    return TopicView(tid, 1, title or f"Topic {tid}", 2, when, when, pinned=pinned)


#: Newest first, as the store lists them (pinned first).
ROWS = [_topic(1, timedelta(days=30), pinned=True), _topic(2, timedelta(hours=1)), _topic(3, timedelta(hours=14)),
        _topic(4, timedelta(days=1)), _topic(5, timedelta(days=3)), _topic(6, timedelta(days=7)),
        _topic(7, timedelta(days=8)), _topic(8, timedelta(days=400))]


def test_each_topic_has_its_group_and_its_group_s_date(qapp) -> None:  # type: ignore[no-untyped-def]
    """By the local day of the last activity: today, yesterday, 2-7 days ago, older;
    pinned first whatever its age. Today and Yesterday write the time, the previous 7
    days the weekday, Older the day in the interface language, a pinned row nothing."""
    edges = day_edges(NOW.date())
    assert [group_of(t, edges) for t in ROWS] == [
        TopicGroup.PINNED, TopicGroup.TODAY, TopicGroup.TODAY, TopicGroup.YESTERDAY, TopicGroup.WEEK,
        TopicGroup.WEEK, TopicGroup.OLDER, TopicGroup.OLDER]
    assert group_of(_topic(9, -timedelta(hours=3)), edges) is TopicGroup.TODAY  # a clock ahead elsewhere
    local = [(t.updated_at.astimezone()) for t in ROWS]
    assert row_date(ROWS[0], TopicGroup.PINNED) == ""
    assert row_date(ROWS[1], TopicGroup.TODAY) == f"{local[1]:%H:%M}"
    assert row_date(ROWS[3], TopicGroup.YESTERDAY) == f"{local[3]:%H:%M}"
    assert row_date(ROWS[4], TopicGroup.WEEK) == "Sunday"  # 29 Nov 2026
    assert row_date(ROWS[7], TopicGroup.OLDER) == format_day(local[7].date()) == "28 Oct 2025"


@pytest.fixture
def listed(window: Any, monkeypatch: pytest.MonkeyPatch, qtmodeltester: Any) -> Any:
    """The window's topic model showing :data:`ROWS` on :data:`NOW`'s day, under Qt's
    item model tester from then on."""
    monkeypatch.setattr(topic_list_model, "local_today", lambda: NOW.date())
    model = window.topic_model
    model.show(model.assistant_id, list(ROWS))
    qtmodeltester.check(model)
    return model


def _headers(model: Any) -> list[str]:
    return [model.index(r).data(HeaderRole) for r in range(model.rowCount())]


def test_a_header_opens_each_group_and_follows_the_rows(window: Any, listed: Any,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """The first row of each group carries the group's header (the others none) and the
    group's title as its accessible description; a reply in an older topic brings it
    under Today, and at midnight Today's rows move under Yesterday — the tester checks
    every change."""
    from PySide6.QtCore import Qt

    model = listed
    assert _headers(model) == ["Pinned", "Today", "", "Yesterday", "Previous 7 days", "", "Older", ""]
    assert model.index(2).data(Qt.ItemDataRole.AccessibleDescriptionRole) == "Today"
    monkeypatch.setattr(topic_list_model, "datetime", _Clock)
    window.events.message_added.emit(MessageAdded(topic_id=8, message_id=99))  # a message in the oldest topic
    assert [model.topic_at(r).id for r in range(model.rowCount())] == [1, 8, 2, 3, 4, 5, 6, 7]
    assert _headers(model) == ["Pinned", "Today", "", "", "Yesterday", "Previous 7 days", "", "Older"]
    monkeypatch.setattr(topic_list_model, "local_today", lambda: NOW.date() + timedelta(days=1))
    model.regroup()  # midnight
    assert _headers(model) == ["Pinned", "Yesterday", "", "", "Previous 7 days", "", "Older", ""]
    assert model.index(1).data(GroupRole) is TopicGroup.YESTERDAY
    model.remove(1)
    assert _headers(model)[0] == "Yesterday"


class _Clock(datetime):
    """``datetime`` whose ``now`` is :data:`NOW` (a message added "now")."""

    @classmethod
    def now(cls, tz: Any = None) -> Any:  # type: ignore[override]
        return NOW.astimezone(tz) if tz is not None else NOW.replace(tzinfo=None)


def test_a_group_s_first_row_is_taller_by_its_header(window: Any, listed: Any, qtbot: Any) -> None:  # type: ignore[no-untyped-def]
    """The list paints a header over each group's first row: that row is taller by it,
    the others all one height, and the title's editor (F2) never covers the header."""
    view = window.topic_list
    heights = [view.visualRect(listed.index(r)).height() for r in range(listed.rowCount())]
    plain = heights[2]
    assert [h > plain for h in heights] == [bool(h) for h in _headers(listed)]
    assert len({h for h, head in zip(heights, _headers(listed), strict=True) if not head}) == 1
    view.edit(listed.index(1))  # F2 on "Today"'s first row
    qtbot.waitUntil(lambda: view.state() == view.State.EditingState)
    (editor,) = [e for e in view.viewport().findChildren(QLineEdit) if e.isVisible()]
    assert editor.geometry().top() >= view.visualRect(listed.index(1)).top() + heights[1] - plain
    view.closeEditor(editor, QAbstractItemDelegate.EndEditHint.RevertModelCache)


def test_a_click_on_a_group_s_header_selects_nothing(window: Any, listed: Any, qtbot: Any) -> None:  # type: ignore[no-untyped-def]
    """Rail51: the header is painted inside its group's first row, and a click on "Today"
    selected (and opened) Today's first topic; a click or a double click on a header now
    does nothing, a click on the row under it selects it, and the keyboard walks the rows
    as before (Down from "Pinned"'s row lands on "Today"'s first)."""
    from PySide6.QtCore import QPoint, Qt

    view = window.topic_list
    view.setCurrentIndex(listed.index(0))
    first_today = view.visualRect(listed.index(1))
    on_header = QPoint(first_today.center().x(), first_today.top() + 3)
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=on_header)
    qtbot.mouseDClick(view.viewport(), Qt.MouseButton.LeftButton, pos=on_header)
    assert view.currentIndex().row() == 0 and view.state() != view.State.EditingState
    on_row = QPoint(first_today.center().x(), first_today.bottom() - 3)
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=on_row)
    assert view.currentIndex().row() == 1
    view.setCurrentIndex(listed.index(0))
    view.setFocus()
    qtbot.keyClick(view, Qt.Key.Key_Down)
    assert view.currentIndex().row() == 1
