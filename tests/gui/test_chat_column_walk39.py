"""What walk39 (a Cherry Studio / LobeHub user) found dated in the chat column (issue 29).

- #3: a user message's hover bar sat about 150 px left of its bubble, and once it was
  pinned at the viewport's top over a long reply's first line. The bar belongs to the
  row under the pointer, on that row's header line, ending at the user bubble's right
  end, inside the viewport and never over a message's text.
- #5: the "Covered by summary above this line" rule ran past the message column.
- Each reply's stats line ("in 366 · out 1,682 · cached 341") showed at all times; it
  now shows while the reply is hovered or current, and a reply cut off at max tokens
  still says so at all times (a warning, not a stat).
- Every reply's mark was a letter on the accent colour: it is the assistant's avatar.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QEvent, QPoint, QPointF, QRect, Qt
from PySide6.QtGui import QColor, QHelpEvent, QImage, QMouseEvent
from PySide6.QtWidgets import QApplication, QToolTip

from chathub_desktop.core.messages import Usage
from chathub_desktop.gui.design.avatar import avatar_colour
from chathub_desktop.gui.design.tokens import Space
from tests.fakes.vendor_server import Reply
from tests.gui.helpers import add_fake_provider, new_topic, reload_assistants, wait_shown

SIZES = [(1366, 768), (800, 560)]
LONG_REPLY = "\n\n".join(f"Day {i}: walk the old town, then a long lunch by the river and a museum." for i in range(40))


def hover_at(view, pos: QPoint) -> None:  # type: ignore[no-untyped-def]
    """A synthetic mouse move to viewport point ``pos`` (offscreen has no cursor)."""
    vp = view.viewport()
    QApplication.sendEvent(vp, QMouseEvent(QEvent.Type.MouseMove, QPointF(pos), QPointF(vp.mapToGlobal(pos)),
                                           Qt.MouseButton.NoButton, Qt.MouseButton.NoButton,
                                           Qt.KeyboardModifier.NoModifier))


def ink(image: QImage, rect: QRect, background: QColor) -> int:
    """How many pixels of ``rect`` differ clearly from ``background``."""
    count = 0
    for y in range(max(0, rect.top()), min(image.height(), rect.bottom() + 1)):
        for x in range(max(0, rect.left()), min(image.width(), rect.right() + 1)):
            c = image.pixelColor(x, y)
            if abs(c.red() - background.red()) + abs(c.green() - background.green()) \
                    + abs(c.blue() - background.blue()) > 60:
                count += 1
    return count


@pytest.fixture
def trip(window, services, fake_vendor, qtbot):  # type: ignore[no-untyped-def]
    """The window with "Plan my trip" and a long reply that stopped at max tokens with
    its usage; returns (window, assistant id)."""
    _pid, aid = add_fake_provider(services, fake_vendor.base_url)
    reload_assistants(window, qtbot, aid)
    topic = new_topic(window, qtbot)
    wait_shown(window, qtbot, topic)
    fake_vendor.script(Reply(text_chunks=[LONG_REPLY], finish_reason="length",
                             usage=Usage(input_tokens=366, output_tokens=1682, cached_tokens=341)))
    window.composer.set_text("Plan my trip")
    window.composer.send_button.click()
    m = window.message_model
    qtbot.waitUntil(lambda: m.rowCount() == 2 and m.message_at(1).status == "complete"
                    and m.message_at(1).output_tokens == 1682, timeout=15000)
    qtbot.waitUntil(window.composer.send_button.isEnabled, timeout=5000)
    return window, aid


def _at_size(window, qtbot, size: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    window.resize(*size)
    view = window.message_view
    qtbot.waitUntil(lambda: view.delegate.settled, timeout=5000)
    view.executeDelayedItemsLayout()


@pytest.mark.parametrize("size", SIZES, ids=["1366x768", "800x560"])
def test_the_bar_sits_on_its_own_row_at_the_user_bubble_s_end_and_never_over_text(  # type: ignore[no-untyped-def]
        trip, qtbot, size):
    window, _aid = trip
    _at_size(window, qtbot, size)
    view, model = window.message_view, window.message_model
    view.scrollToTop()
    qtbot.waitUntil(lambda: view.visualRect(model.index(0)).top() == 0, timeout=3000)
    user = model.index(0)
    bubble, header = view.delegate.bubble_rect(user), view.delegate.header_rect(user)
    hover_at(view, bubble.center())
    bar = view.action_bar
    qtbot.waitUntil(lambda: bar.message_id == model.message_at(0).id, timeout=3000)
    g = bar.geometry()
    assert view.viewport().rect().contains(g), (size, g)
    # right-aligned with its bubble: the bar, then "You · 12:34" at the bubble's right end
    assert g.right() < header.left() <= header.right() <= bubble.right() + 2, (size, g, header, bubble)
    assert header.left() - g.right() <= Space.MD, (size, g, header)
    assert not g.intersects(bubble) and not g.intersects(header)
    assert not g.intersects(view.delegate.text_rect(model.index(1)))
    # a long reply with its header scrolled away: no bar over its text
    reply = model.index(1)
    sb = view.verticalScrollBar()
    sb.setValue(sb.value() + view.visualRect(reply).top() + 80)
    qtbot.waitUntil(lambda: view.visualRect(reply).top() < -40, timeout=3000)
    hover_at(view, QPoint(view.delegate.bubble_rect(reply).center().x(), 60))
    if bar.isVisible():
        assert not bar.geometry().intersects(view.delegate.text_rect(reply)), (size, bar.geometry())
        assert view.viewport().rect().contains(bar.geometry())


@pytest.mark.parametrize("size", SIZES, ids=["1366x768", "800x560"])
def test_the_stats_line_shows_on_hover_or_focus_and_the_cut_off_warning_always(  # type: ignore[no-untyped-def]
        trip, qtbot, size):
    window, _aid = trip
    _at_size(window, qtbot, size)
    view, model = window.message_view, window.message_model
    view.scroll_to_end()
    qtbot.waitUntil(view.is_at_bottom, timeout=3000)
    reply = model.index(1)
    stats = view.delegate.stats_rect(reply)
    assert view.viewport().rect().contains(stats), (size, stats)
    background = view.viewport().grab().toImage().pixelColor(2, stats.center().y())
    footer = QRect(view.delegate.bubble_rect(reply).left(), stats.top(), stats.left() - 10
                   - view.delegate.bubble_rect(reply).left(), stats.height())
    image = view.viewport().grab().toImage()  # at rest: no row hovered or current
    assert ink(image, stats, background) == 0, size  # no stats
    assert ink(image, footer, background) > 0, size  # "⚠ Stopped at the length limit" is always there
    hover_at(view, QPoint(stats.center().x(), stats.top() - 30))  # the pointer over the reply
    qtbot.waitUntil(lambda: ink(view.viewport().grab().toImage(), stats, background) > 0, timeout=3000)
    # walk53c #2: the figures' tooltip says what they are
    tip = QHelpEvent(QEvent.Type.ToolTip, stats.center(), view.viewport().mapToGlobal(stats.center()))
    QApplication.sendEvent(view.viewport(), tip)
    assert QToolTip.isVisible() and QToolTip.text().startswith("Tokens the provider counted for this reply")
    QToolTip.hideText()
    sb = view.verticalScrollBar()
    sb.setValue(sb.value() - 1)  # a scroll leaves the hovered row
    stats = view.delegate.stats_rect(reply)
    qtbot.waitUntil(lambda: ink(view.viewport().grab().toImage(), stats, background) == 0, timeout=3000)
    # screen readers hear them with the row, and its Continue pill (walk53b #4); keyboard
    # users see them on the current row
    assert reply.data(Qt.ItemDataRole.AccessibleDescriptionRole) == (
        "366 tokens in · 1,682 out · 341 cached · cut off at max tokens · Continue: the model writes on where "
        "this reply stopped, into the same reply")
    view.setFocus()
    view.setCurrentIndex(reply)  # shows the reply's top
    view.scroll_to_end()
    qtbot.waitUntil(view.is_at_bottom, timeout=3000)
    stats = view.delegate.stats_rect(reply)
    qtbot.waitUntil(lambda: ink(view.viewport().grab().toImage(), stats, background) > 0, timeout=3000)


def test_the_covered_by_summary_rule_stays_inside_the_message_column(trip, qtbot):  # type: ignore[no-untyped-def]
    window, _aid = trip
    _at_size(window, qtbot, SIZES[0])
    view, model = window.message_view, window.message_model
    view.scrollToTop()
    model.set_summary_cursor(model.message_at(0).id)
    qtbot.waitUntil(lambda: not view.delegate.marker_rect(model.index(0)).isEmpty(), timeout=3000)
    view.executeDelayedItemsLayout()
    marker = view.delegate.marker_rect(model.index(0))
    column = view.delegate.bubble_rect(model.index(1))  # a reply's text spans the column
    assert column.left() <= marker.left() and marker.right() <= column.right(), (marker, column)
    assert view.viewport().rect().contains(marker)
    image = view.viewport().grab().toImage()
    background = image.pixelColor(2, marker.center().y())
    band = QRect(0, marker.top(), view.viewport().width(), marker.height())
    outside = [QRect(0, band.top(), column.left(), band.height()),
               QRect(column.right() + 1, band.top(), band.width() - column.right() - 1, band.height())]
    assert all(ink(image, part, background) == 0 for part in outside), "the rule runs past the column"
    assert ink(image, marker, background) > 0


def test_a_reply_s_mark_is_its_assistant_s_avatar(trip, qtbot):  # type: ignore[no-untyped-def]
    """Walk39: every assistant was a letter on the accent colour; a reply's mark has its
    assistant's own colour, as in the rail."""
    window, aid = trip
    view, model = window.message_view, window.message_model
    view.scrollToTop()
    qtbot.waitUntil(lambda: view.visualRect(model.index(1)).top() >= 0, timeout=3000)
    header = view.delegate.header_rect(model.index(1))
    pixel = view.viewport().grab().toImage().pixelColor(header.left() + 4, header.center().y())
    assert pixel.name() == QColor(avatar_colour(aid)).name()
