"""The chat window's last dated corners (issue 29, chatlook52 after walk52 #8, #9, #11):
no frame around the whole message list after a Resend or Regenerate (the draft keeps the
keyboard, as after a send), the keyboard's row outlined instead when the user tabs in."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QApplication

from chathub_desktop.gui.chat.message_action_bar import MessageAction
from chathub_desktop.gui.design.tokens import DARK, LIGHT
from tests.fakes.vendor_server import Reply
from tests.gui.test_inline_edit import editing  # noqa: F401  (fixture)
from tests.gui.test_message_action_bar import hover, replied  # noqa: F401  (fixture)


def _focused(qtbot, widget) -> None:  # type: ignore[no-untyped-def]
    qtbot.waitUntil(lambda: QApplication.focusWidget() is widget, timeout=3000)


def test_after_a_resend_the_draft_has_the_keyboard_and_no_row_is_outlined(  # type: ignore[no-untyped-def]
        editing, fake_vendor, qtbot):  # noqa: F811
    fake_vendor.script(Reply(text_chunks=["Lisbon: ", "three days."]))
    qtbot.keyClicks(editing.inline_editor.box, " to Lisbon")
    qtbot.keyClick(editing.inline_editor.box, Qt.Key.Key_Return)
    _focused(qtbot, editing.composer.draft)
    assert editing.message_view.delegate.focused_id is None
    qtbot.waitUntil(editing.composer.send_button.isEnabled, timeout=15000)


def test_after_regenerate_the_draft_has_the_keyboard(replied, fake_vendor, qtbot):  # type: ignore[no-untyped-def]  # noqa: F811
    view = replied.message_view
    replied.activateWindow()
    view.setFocus(Qt.FocusReason.MouseFocusReason)  # the user clicked into the list first
    _focused(qtbot, view)
    fake_vendor.script(Reply(text_chunks=["Another plan."]))
    hover(view, 1)
    view.action_bar.buttons[MessageAction.REGENERATE].click()
    _focused(qtbot, replied.composer.draft)
    qtbot.waitUntil(replied.composer.send_button.isEnabled, timeout=15000)


def _inked(view, row: int, colour: QColor) -> bool:  # type: ignore[no-untyped-def]
    """True when a pixel of row ``row``'s left margin is ``colour`` (within 12 a channel)."""
    view.viewport().repaint()
    image = view.viewport().grab().toImage()
    rect, bubble = view.visualRect(view.model().index(row)), view.delegate.bubble_rect(view.model().index(row))
    ratio = image.devicePixelRatio()
    for x in range(max(0, bubble.left() - 16), bubble.left()):  # the outline runs left of the text
        for y in range(rect.top() + 4, rect.bottom() - 4):
            p = image.pixelColor(int(x * ratio), int(y * ratio))
            if max(abs(p.red() - colour.red()), abs(p.green() - colour.green()), abs(p.blue() - colour.blue())) <= 12:
                return True
    return False


def test_tab_into_the_list_outlines_the_current_row_a_click_does_not(replied, qtbot):  # type: ignore[no-untyped-def]  # noqa: F811
    view = replied.message_view
    ring = QColor((DARK if view.palette().base().color().lightness() < 128 else LIGHT).focus)
    replied.activateWindow()
    view.setFocus(Qt.FocusReason.MouseFocusReason)
    _focused(qtbot, view)
    view.setCurrentIndex(view.model().index(1))
    assert view.delegate.focused_id is None and not _inked(view, 1, ring)  # the pointer's focus: no outline
    replied.composer.draft.setFocus()
    _focused(qtbot, replied.composer.draft)
    view.setFocus(Qt.FocusReason.TabFocusReason)
    _focused(qtbot, view)
    current = view.currentIndex().row()
    assert view.delegate.focused_id == view.model().message_at(current).id
    assert _inked(view, current, ring)  # the keyboard's row wears the focus colour
    replied.composer.draft.setFocus()
    _focused(qtbot, replied.composer.draft)
    assert view.delegate.focused_id is None


def test_the_version_arrows_are_24_px_targets_named_in_tooltips(editing, fake_vendor, qtbot):  # type: ignore[no-untyped-def]  # noqa: F811
    """walk52 #8: "‹ 2/2 ›" was a ~10 px pill with no names."""
    from PySide6.QtCore import QEvent, QPoint
    from PySide6.QtGui import QHelpEvent
    from PySide6.QtWidgets import QToolTip

    from chathub_desktop.gui.chat.message_list_model import VersionRole

    fake_vendor.script(Reply(text_chunks=["Lisbon: three days."]))
    qtbot.keyClicks(editing.inline_editor.box, " to Lisbon")
    qtbot.keyClick(editing.inline_editor.box, Qt.Key.Key_Return)
    model, view = editing.message_model, editing.message_view
    qtbot.waitUntil(lambda: model.index(0).data(VersionRole) == (2, 2), timeout=15000)
    qtbot.waitUntil(editing.composer.send_button.isEnabled, timeout=15000)
    index = model.index(0)
    qtbot.waitUntil(lambda: view.visualRect(index).height() > 0, timeout=3000)
    rect = view.visualRect(index)
    sides = {(x, y): view.delegate.version_side(index, QPoint(x, y))
             for x in range(rect.left(), rect.right(), 2) for y in range(rect.top(), rect.bottom() + 1)}
    for side in (-1, 1):
        ys = [y for (_x, y), s in sides.items() if s == side]
        xs = [x for (x, _y), s in sides.items() if s == side]
        assert max(ys) - min(ys) + 1 >= 24 and max(xs) - min(xs) + 2 >= 24, side
    tips = {}
    for side in (-1, 1):
        spot = next(p for p, s in sides.items() if s == side)
        pos = QPoint(*spot)
        QApplication.sendEvent(view.viewport(), QHelpEvent(QEvent.Type.ToolTip, pos, view.viewport().mapToGlobal(pos)))
        tips[side] = QToolTip.text()
    assert tips == {-1: "Previous version", 1: "Next version"}
    said = index.data(Qt.ItemDataRole.AccessibleDescriptionRole)
    assert said.startswith("Version 2 of 2; Previous version and Next version in its menu")


def test_the_ring_and_the_private_toggle_say_what_they_are(replied, qtbot):  # type: ignore[no-untyped-def]  # noqa: F811
    """walk52 #8: the eye-slash and the "51%" ring had no words for a screen reader."""
    import re

    from chathub_desktop.gui.topics.topic_privacy import PRIVATE_OFF_TIP

    badge, toggle = replied.composer.badge, replied.context_controls.privacy.composer_toggle
    qtbot.waitUntil(lambda: bool(badge.figure()), timeout=5000)
    assert re.fullmatch(r"<?\d+% of the input budget — details", badge.accessibleName())
    assert badge.accessibleName().startswith(badge.figure())
    assert toggle.accessibleName() == "Private topic"
    assert toggle.accessibleDescription() == PRIVATE_OFF_TIP == toggle.toolTip()


def test_a_failed_reply_keeps_its_text_out_of_the_error_box(window, services, qtbot):  # type: ignore[no-untyped-def]
    """walk52 #9: the text that came before the failure is reply text in the text colour;
    only the error line sits in the error box, in the error colour."""
    from chathub_desktop.core.messages import MessageStatus, Role
    from chathub_desktop.gui.chat.message_colors import row_colors
    from tests.gui.helpers import add_fake_provider, reload_assistants, wait_shown

    _p, a = add_fake_provider(services, "http://127.0.0.1:9/v1")
    topic = services.topics.create(a, "Garbage").id
    services.chat.append_row(topic, Role.USER, "hello garbage")
    services.chat.append_row(topic, Role.ASSISTANT, "spam1 spam2", status=MessageStatus.ERROR,
                             error="the provider sent a stream event that is not JSON")
    reload_assistants(window, qtbot, a)
    window.resize(1100, 720)
    window.show()
    window.select_topic(topic)
    wait_shown(window, qtbot, topic)
    view = window.message_view
    index = window.message_model.index(1)
    qtbot.waitUntil(lambda: view.delegate.settled and view.delegate.text_rect(index).height() > 30, timeout=5000)
    colors, _dark = row_colors(view.palette())
    view.viewport().repaint()
    image = view.viewport().grab().toImage()
    text = view.delegate.text_rect(index)
    line = view.fontMetrics().height()

    def near(p: QColor, c: QColor, tol: int = 40) -> bool:
        return max(abs(p.red() - c.red()), abs(p.green() - c.green()), abs(p.blue() - c.blue())) <= tol

    first = [image.pixelColor(x, y) for x in range(text.left(), text.left() + 120)
             for y in range(text.top(), text.top() + line)]
    last = [image.pixelColor(x, y) for x in range(text.left(), text.right())
            for y in range(text.bottom() - line, text.bottom())]
    assert not any(near(p, colors.error_bg, 2) for p in first)  # "spam1 spam2" is not in the box
    assert any(near(p, colors.text) for p in first) and not any(near(p, colors.error_text, 30) for p in first)
    assert any(near(p, colors.error_bg, 2) for p in last)  # the error line is
    assert any(near(p, colors.error_text, 30) for p in last)


def test_the_wizard_lists_a_provider_with_its_presets_mark(window, services, qtbot):  # type: ignore[no-untyped-def]
    """walk52 #11: the llama.cpp server made from its preset showed a plug, not its "L"."""
    from chathub_desktop.gui.design.vendor_marks import VENDOR_MARKS, vendor_icon

    services.providers.add("llama.cpp server", "openai_compatible", "http://localhost:8080/v1")
    wizard = window.pages.open_setup()
    qtbot.waitExposed(wizard)
    try:
        wizard.next()
        page = wizard.provider_page
        qtbot.waitUntil(lambda: page.list.count() == 1, timeout=5000)  # read on a worker
        side = page.list.iconSize().width()
        shown = page.list.item(0).icon().pixmap(side).toImage()
        assert shown == vendor_icon(VENDOR_MARKS["llama.cpp server"], side).pixmap(side).toImage()
    finally:
        wizard.reject()


def test_an_assistant_without_topics_gets_a_line_and_one_new_topic_button(window, services, qtbot):  # type: ignore[no-untyped-def]
    """walk52 #11: the empty topic list was a bare grey box. walk53 #10: the empty chat
    offered New topic three times; the sidebar's button is now the only one."""
    from PySide6.QtWidgets import QAbstractButton

    from tests.gui.helpers import reload_assistants

    aid = services.assistants.create("Helper").id
    window.resize(1100, 720)
    window.show()
    reload_assistants(window, qtbot, aid)
    side = window.sidebar
    qtbot.waitUntil(lambda: side.empty_state is not None and side.empty_state.isVisible(), timeout=5000)
    state = side.empty_state
    assert state.label.text() == "No topics yet. Your conversations with this assistant are listed here."
    assert side.topic_list.viewport().rect().contains(state.geometry())
    offers = [b for b in window.findChildren(QAbstractButton) if b.isVisible() and b.text() in ("New topic", "Start a chat")]
    assert [b.text() for b in offers] == ["New topic"]
    offers[0].click()
    qtbot.waitUntil(lambda: window.topic_model.rowCount() == 1, timeout=5000)
    assert not state.isVisible()


def test_replies_breathe_and_a_users_bubble_keeps_tight_lines(qapp) -> None:  # type: ignore[no-untyped-def]
    """walk52 #8: body text was dense. A reply's lines are READING_LINE_HEIGHT % of the
    font's and its paragraphs PARAGRAPH_GAP px apart (more than the 8 px before); a user's
    bubble keeps the font's own line height (Qt puts the extra under each line)."""
    from PySide6.QtGui import QFont, QFontMetricsF, QTextDocument

    from chathub_desktop.gui.chat.message_documents import doc_css
    from chathub_desktop.gui.design.tokens import PARAGRAPH_GAP, READING_LINE_HEIGHT

    def laid(airy: bool) -> QTextDocument:
        doc = QTextDocument()
        doc.setDefaultFont(QFont(QFont().family(), 10))
        doc.setDefaultStyleSheet(doc_css(10.0, airy=airy))
        doc.setHtml("<p>One line.</p><p>Another line.</p>")
        doc.setTextWidth(600)
        return doc

    def step(doc: QTextDocument) -> float:
        """From the first paragraph's top to the second's, px."""
        layout = doc.documentLayout()
        return layout.blockBoundingRect(doc.firstBlock().next()).top() - layout.blockBoundingRect(doc.firstBlock()).top()

    line = QFontMetricsF(QFont(QFont().family(), 10)).height()
    tight, airy = step(laid(False)), step(laid(True))
    assert tight >= line + PARAGRAPH_GAP - 1  # the gap, 12 px (it was 8)
    assert airy - tight >= line * (READING_LINE_HEIGHT - 100) / 100 - 1.5  # each line taller by the token
    assert PARAGRAPH_GAP > 8 and READING_LINE_HEIGHT > 100
