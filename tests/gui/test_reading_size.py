"""Text people read all day (type53; issue 29, walk52b: "body and meta text are still
small (13px/11px) next to Claude"): replies, user bubbles, the draft and the memory cards
at the reading size (:attr:`TypeScale.READING` of the app's font, 15 px on a 10 pt desktop
font), following View → Text size; the chrome (the topic list) at the app's font; meta
(a row's time and model chip, a card's chips, the topic list's dates, Settings'
descriptions) never under 12 px at the default text size."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtGui import QFont, QGuiApplication
from PySide6.QtWidgets import QApplication, QLabel

from chathub_desktop.core.messages import Role
from chathub_desktop.gui.design.theme import ViewPrefs
from chathub_desktop.gui.design.tokens import TextSize, TypeScale
from tests.gui.helpers import reload_assistants, shown_memory_page, wait_shown


@pytest.fixture
def restore_look(qapp: Any) -> Iterator[None]:
    font = QApplication.font()
    yield
    QApplication.setFont(font)
    ViewPrefs(qapp, None).apply()  # the default text size and the platform's theme again


def _px(font: QFont) -> float:
    """``font``'s size in logical px on the screen (pt × dpi / 72)."""
    return font.pointSizeF() * QGuiApplication.primaryScreen().logicalDotsPerInchY() / 72


def test_replies_the_draft_and_memory_cards_read_at_the_reading_size_and_follow_view_text_size(
        window: Any, services: Any, qtbot: Any, restore_look: None) -> None:
    """Replies, the draft and both card lists are READING × the app's font; View → Larger
    grows all of them (and lays the rows and cards out again), the topic list keeps the
    app's font, and the rows' meta stays at caption size of the app's font."""
    aid = services.assistants.create("Helper").id
    topic = services.topics.create("Helper").id
    services.topics.append_message(topic, Role.ASSISTANT, "A reply long enough to wrap at a larger size. " * 4)
    services.memory.add(aid, "Prefers metric units and answers with the code first")
    reload_assistants(window, qtbot, aid)
    window.resize(1200, 760)
    wait_shown(window, qtbot, topic)
    app = QApplication.font().pointSizeF()
    reading = app * TypeScale.READING.value
    with shown_memory_page(services, aid, qtbot) as page:
        page.resize(1000, 700)
        qtbot.waitUntil(lambda: page.model.total() == 1, timeout=5000)
        readers = {"replies": window.message_view, "draft": window.composer.draft, "fixed cards": page.list,
                   "dream cards": page.dream_panel.list}
        for name, widget in readers.items():
            assert widget.font().pointSizeF() == pytest.approx(reading, abs=0.1), name
        assert reading > app
        assert window.topic_list.font().pointSizeF() == pytest.approx(app)  # the chrome stays compact
        meta = window.message_view.delegate._fonts().small  # noqa: SLF001 - what the rows paint meta in
        assert meta.pointSizeF() == pytest.approx(max(9.0, app * TypeScale.CAPTION.value), abs=0.1)
        row = window.message_model.index(0)
        qtbot.waitUntil(lambda: window.message_view.visualRect(row).height() > 0)
        reply_h = window.message_view.visualRect(row).height()
        card_h = page.list.visualRect(page.model.index(0)).height()

        window.view.larger_action.trigger()
        for name, widget in readers.items():
            assert widget.font().pointSizeF() == pytest.approx(reading * TextSize.LARGER.factor, abs=0.1), name
        assert window.topic_list.font().pointSizeF() == pytest.approx(app)
        qtbot.waitUntil(lambda: window.message_view.visualRect(row).height() > reply_h)  # laid out again
        qtbot.waitUntil(lambda: page.list.visualRect(page.model.index(0)).height() > card_h)


@pytest.mark.parametrize("desktop_pt", [9.0, 10.0, 11.0])  # Windows' Segoe UI, KDE's Noto Sans, GNOME's Cantarell
def test_meta_text_is_12_px_or_more_at_the_default_text_size(window: Any, services: Any, qtbot: Any,
                                                           restore_look: None, desktop_pt: float) -> None:
    """A message row's time and model chip, a memory card's chips, the topic list's dates and
    Settings' descriptions are 12 px or more (walk52b: 11 px), and reply text 13.5 px or more
    (Cherry Studio and LobeHub: 14 px; Claude: 16 px), on every common desktop font size."""
    font = QApplication.font()
    font.setPointSizeF(desktop_pt)
    QApplication.setFont(font)
    window.view.prefs.apply(hint=False)  # the sheet for the new size, as at start-up
    aid = services.assistants.create("Helper").id
    services.topics.create("Helper")
    services.memory.add(aid, "Prefers metric units")
    reload_assistants(window, qtbot, aid)
    settings = window.pages.open_settings()
    described = [lbl for lbl in settings.findChildren(QLabel) if lbl.property("textSize") == "caption"]
    assert described
    described[0].ensurePolished()
    from chathub_desktop.gui.topics.topic_list_delegate import _small

    with shown_memory_page(services, aid, qtbot) as page:
        metas = {"row meta": window.message_view.delegate._fonts().small,  # noqa: SLF001
                 "card chips": page.delegate._font_set()[1],  # noqa: SLF001 - the chip font
                 "topic dates": _small(window.topic_list.font()),
                 "descriptions": described[0].font()}
        for name, meta in metas.items():
            assert _px(meta) >= 12 - 0.05, f"{name} at {_px(meta):.1f} px on a {desktop_pt} pt desktop font"
        assert _px(window.message_view.font()) >= 13.5 - 0.05


def test_the_in_place_editor_shows_no_scroll_bar_for_text_it_has_room_for(window: Any, services: Any,
                                                                          qtbot: Any) -> None:
    """At the reading size (a fractional pt size: lines are laid out whole px high) the
    in-place editor of a user message is as tall as its lines, 1 to 3 of them, with no
    scroll bar (it showed one from two lines on, on the base too)."""
    services.assistants.create("Helper")
    topic = services.topics.create("Helper").id
    services.topics.append_message(topic, Role.USER, "line 1\nline 2")
    reload_assistants(window, qtbot)
    window.resize(1000, 700)
    wait_shown(window, qtbot, topic)
    qtbot.waitUntil(lambda: window.message_model.rowCount() == 1)
    editor = window.inline_editor
    heights = []
    for text in ("one", "line 1\nline 2", "a\nb\nc"):
        editor.begin(window.message_model.message_at(0))
        editor.box.setPlainText(text)
        qtbot.waitUntil(lambda: editor.box.isVisible() and editor.box.height() > 0)
        lines = text.count("\n") + 1
        qtbot.waitUntil(lambda lines=lines: editor.box.document().size().height() == lines)
        qtbot.waitUntil(lambda: not editor.box.verticalScrollBar().isVisible(), timeout=3000)  # laid out
        heights.append(editor.box.height())
        editor.cancel()
    assert heights[0] <= heights[1] < heights[2]
