"""The topic list shows each topic's states as icons (issue 29): a pin (accent hue) and a
crossed eye before the title of pinned and private topics, an archive box and, while a
reply streams into the topic, a spinner (accent hue) before the date."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from PySide6.QtGui import QColor

from chathub_desktop.gui.design.icons import Icon
from chathub_desktop.gui.design.palette import tokens_of
from chathub_desktop.gui.topics.topic_list_delegate import row_marks
from chathub_desktop.services.views import TopicView
from tests.gui.helpers import reload_assistants
from tests.gui.test_topic_streaming_mark import _has_colour, _row_image


def _topic(**flags: bool) -> TopicView:
    now = datetime(2026, 12, 2, 9, 0, tzinfo=UTC)
    return TopicView(1, 1, "Trip", 0, now, now, **flags)


def test_each_state_has_its_icon() -> None:
    plain = row_marks(_topic(), streaming=False)
    assert (plain.before_title, plain.before_date) == ((), ())
    every = row_marks(_topic(pinned=True, private=True, archived=True), streaming=True)
    assert every.before_title == (Icon.PIN, Icon.PRIVATE)
    assert every.before_date == (Icon.ARCHIVE, Icon.STREAMING)
    assert every.accented == {Icon.PIN, Icon.STREAMING}


def test_a_pinned_topic_shows_its_pin_in_the_accent_hue(window: Any, services: Any, qtbot: Any) -> None:
    a = services.assistants.create("Helper")
    pinned = services.topics.create(a.id, "Conventions").id
    services.topics.set_pinned(pinned, True)
    plain = services.topics.create(a.id, "Other").id
    reload_assistants(window, qtbot, a.id)
    window.select_topic(plain)
    model = window.topic_model
    accent = QColor(tokens_of(window.topic_list.palette()).link)
    qtbot.waitUntil(lambda: _has_colour(_row_image(window, model.row_of(pinned)), accent), timeout=3000)
    assert not _has_colour(_row_image(window, model.row_of(plain)), accent)


def test_a_long_title_is_elided_after_the_list_narrows(window: Any, services: Any, qtbot: Any) -> None:
    """Walk37 #5: after a relaunch (the list laid out wide, then the kept splitter
    narrowed it) a long title ran past the list's edge, not elided, with a horizontal
    scrollbar. Every row spans the list's visible width whatever width it had first."""
    a = services.assistants.create("Helper")
    long = services.topics.create(a.id, "A rather long topic title about planning the summer trip to Lisbon").id
    reload_assistants(window, qtbot, a.id)
    window.resize(1200, 700)
    window.splitter.setSizes([600, 600])
    lst = window.topic_list
    qtbot.waitUntil(lambda: lst.viewport().width() > 500, timeout=3000)
    row = window.topic_model.index(window.topic_model.row_of(long), 0)

    def spans_the_list() -> bool:  # from edge to edge, less the list's spacing
        rect = lst.visualRect(row)
        return rect.left() >= 0 and rect.right() < lst.viewport().width() and rect.width() >= lst.viewport().width() - 4

    assert spans_the_list()
    window.splitter.setSizes([220, 980])
    qtbot.waitUntil(lambda: lst.viewport().width() < 300, timeout=3000)
    qtbot.wait(20)  # any pending relayout of the list
    assert spans_the_list(), (lst.visualRect(row), lst.viewport().width())
    assert lst.horizontalScrollBar().maximum() == 0
