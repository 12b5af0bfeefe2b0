"""The topic list marks a topic whose reply is streaming, also in the background
(issue 28): a loader icon in the accent hue at icon contrast (the tokens' ``link``, issue
29) from the first delta to the reply's end, and a tooltip line."""

from __future__ import annotations

from typing import Any

from PySide6.QtGui import QColor, QImage

from chathub_desktop.core.messages import MessageStatus
from chathub_desktop.gui.design.palette import tokens_of
from chathub_desktop.gui.topics.topic_list_model import STREAMING_TIP, StreamingRole
from chathub_desktop.services.events import ReplyDelta, ReplyFinished
from tests.gui.helpers import reload_assistants


def _row_image(window: Any, row: int) -> QImage:
    lst = window.topic_list
    rect = lst.visualRect(window.topic_model.index(row))
    return lst.viewport().grab(rect).toImage()


def _has_colour(image: QImage, colour: QColor) -> bool:
    return any(abs(QColor(image.pixel(x, y)).red() - colour.red()) < 12
               and abs(QColor(image.pixel(x, y)).green() - colour.green()) < 12
               and abs(QColor(image.pixel(x, y)).blue() - colour.blue()) < 12
               for x in range(image.width()) for y in range(image.height()))


def test_a_background_reply_marks_its_topic(window: Any, services: Any, qtbot: Any) -> None:
    services.assistants.create("Helper")
    busy = services.topics.create("Helper", "Long story").id
    other = services.topics.create("Helper", "Other").id
    reload_assistants(window, qtbot)
    window.select_topic(other)  # the user reads another topic meanwhile
    model = window.topic_model
    row = model.row_of(busy)
    assert row is not None and not model.index(row).data(StreamingRole)
    accent = QColor(tokens_of(window.topic_list.palette()).link)
    assert not _has_colour(_row_image(window, row), accent)

    window.events.reply_delta.emit(ReplyDelta(busy, 7, "Once upon"))
    row = model.row_of(busy)
    assert model.index(row).data(StreamingRole)
    assert model.index(row).data(0x03).endswith(STREAMING_TIP)  # ToolTipRole
    qtbot.waitUntil(lambda: _has_colour(_row_image(window, model.row_of(busy)), accent), timeout=3000)
    assert not model.index(model.row_of(other)).data(StreamingRole)

    window.events.reply_finished.emit(ReplyFinished(busy, 7, MessageStatus.COMPLETE))
    row = model.row_of(busy)
    assert not model.index(row).data(StreamingRole)
    assert not model.index(row).data(0x03).endswith(STREAMING_TIP)
