"""The status line and the error bar float over the chat; they move nothing (walk51 #5:
the status line pushed the composer up 35 px, the error bar the whole column down 38
px). Screenshots: ``tests/gui/chat51_screenshot.py``."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QEvent, QPoint, QRect
from PySide6.QtWidgets import QApplication, QWidget

from chathub_desktop.core.messages import Role
from tests.gui.helpers import layout_at_rest, reload_assistants, wait_shown

STOPPED = "Stopped — the text so far is kept"


def _in_window(window: Any, part: QWidget) -> QRect:
    return QRect(part.mapTo(window, QPoint(0, 0)), part.size())


def _geometry(window: Any) -> list[QRect]:
    """Where the composer, its card, the message list and the chat header sit, after
    the pending layouts ran."""
    QApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
    QApplication.processEvents()
    return [_in_window(window, p) for p in (window.composer, window.composer.card, window.message_view,
                                             window.chat_header)]


@pytest.mark.parametrize("size", [(1366, 768), (800, 560)])
def test_a_status_or_an_error_moves_nothing_and_covers_neither_header_nor_composer(  # type: ignore[no-untyped-def]
        window, services, qtbot, size) -> None:
    """A passing status floats over the messages, centred over the composer's card and
    above it; the error bar floats under the chat header as wide as the card. The
    composer, its card, the message list and the header keep their exact geometry when
    either comes or goes; each is said to screen readers (its accessible name) and the
    error's Details… and × are Tab stops."""
    aid = services.assistants.create("Helper").id
    tid = services.topics.create(aid, "Weekend walk").id
    services.topics.append_message(tid, Role.USER, "Shall we walk in the park this weekend?")
    window.resize(*size)
    reload_assistants(window, qtbot, aid)
    window.select_topic(tid)
    wait_shown(window, qtbot, tid)
    layout_at_rest(window, qtbot)
    before = _geometry(window)
    card, header = _in_window(window, window.composer.card), _in_window(window, window.chat_header)

    window.show_status(STOPPED, 0)
    qtbot.waitUntil(window.status_line.isVisible)
    assert _geometry(window) == before
    status = _in_window(window, window.status_line)
    assert status.bottom() < card.top() and card.left() <= status.left() and status.right() <= card.right()
    assert abs(status.center().x() - card.center().x()) <= 1  # centred over the card
    assert window.status_line.accessibleName() == STOPPED

    window.error_bar.show_error("Something went wrong.", "Traceback (most recent call last): …")
    qtbot.waitUntil(window.error_bar.isVisible)
    assert _geometry(window) == before
    error = _in_window(window, window.error_bar)
    assert error.top() > header.bottom() and error.bottom() < status.top()
    assert (error.left(), error.width()) == (card.left(), card.width())
    assert window.error_bar.accessibleName() == "Something went wrong."
    stops = window.focus_chain.stops()
    assert window.error_bar.details_button in stops and window.error_bar.close_button in stops

    window.error_bar.dismiss()
    window.status_line.clearMessage()
    assert not window.error_bar.isVisible() and not window.status_line.isVisible()
    assert _geometry(window) == before


def test_on_another_page_the_status_floats_at_its_bottom(window, qtbot) -> None:  # type: ignore[no-untyped-def]
    """Off the chat page (Settings) a status that stays (a write waiting for another
    ChatHub process, issue 10) floats centred at the page's bottom, inside the window."""
    window.pages.open_settings()
    window.store_wait_label.setText("Waiting for another ChatHub window to finish writing…")
    window.store_wait_label.show()
    qtbot.waitUntil(window.status_line.isVisible)
    host = _in_window(window, window.page_host)
    line = _in_window(window, window.status_line)
    assert host.contains(line) and host.bottom() - line.bottom() < 2 * line.height()
    assert abs(line.center().x() - host.center().x()) <= 1
    window.store_wait_label.hide()
    assert not window.status_line.isVisible()


@pytest.mark.parametrize("size", [(1366, 768), (800, 560)])
@pytest.mark.parametrize("theme", ["light", "dark"])
def test_the_status_toast_is_raised_and_never_hides_the_newest_line(  # type: ignore[no-untyped-def]
        window, services, qtbot, size, theme) -> None:
    """polish52: the toast had no shadow and covered the last lines of the newest message.
    It casts the TOAST_ELEVATION shadow in the theme's shadow colour, and while it shows
    the list keeps room below its last row: at the end of a long topic the newest
    message's last line stays above the toast; when it goes, the room goes too."""
    from PySide6.QtGui import QColor
    from PySide6.QtWidgets import QGraphicsDropShadowEffect

    from chathub_desktop.gui.design.theme import apply_theme
    from chathub_desktop.gui.design.tokens import TOAST_ELEVATION, colours_for

    apply_theme(QApplication.instance(), theme, hint=False)
    aid = services.assistants.create("Helper").id
    tid = services.topics.create(aid, "Long walk").id
    for i in range(12):
        services.topics.append_message(tid, Role.USER if i % 2 == 0 else Role.ASSISTANT,
                                       f"Message {i}: " + "a line of the walk we planned " * 12 + f"END{i}")
    window.resize(*size)
    reload_assistants(window, qtbot, aid)
    window.select_topic(tid)
    wait_shown(window, qtbot, tid)
    layout_at_rest(window, qtbot)
    view = window.message_view
    view.scroll_to_end()
    qtbot.waitUntil(view.is_at_bottom)
    last = view.model().index(view.model().rowCount() - 1, 0)

    def last_bottom() -> int:
        rect = view.visualRect(last)
        return view.viewport().mapTo(window, QPoint(0, rect.bottom())).y()

    effect = window.status_line.graphicsEffect()
    assert isinstance(effect, QGraphicsDropShadowEffect)
    c = colours_for(theme == "dark")
    assert effect.blurRadius() == TOAST_ELEVATION.blur and effect.yOffset() == TOAST_ELEVATION.offset
    assert effect.color().name() == QColor(c.shadow).name() and effect.color().alphaF() == pytest.approx(
        TOAST_ELEVATION.dark_alpha if c.dark else TOAST_ELEVATION.alpha, abs=0.01)
    window.show_status(STOPPED, 0)
    qtbot.waitUntil(window.status_line.isVisible)
    status = _in_window(window, window.status_line)
    qtbot.waitUntil(lambda: last_bottom() < status.top())  # the newest line above the toast
    assert view.is_at_bottom()
    window.status_line.clearMessage()
    qtbot.waitUntil(lambda: view.viewport().mapTo(window, QPoint(0, view.viewport().height())).y()
                    >= status.bottom())  # the room goes with the toast
    qtbot.waitUntil(view.is_at_bottom)
