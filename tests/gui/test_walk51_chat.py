"""walk51's chat-window defects (issue 29): a user message that starts with right-to-left
text was an empty bubble (its document was laid out wider than the bubble, so a
right-aligned line lay right of it); after PySide dropped the Python object of the
message list's viewport, every caret blink raised "Internal C++ object (QWidget) already
deleted"; an assistant's name beside an emoji avatar was cut ("Assistar") and a code
block's Copy was English in every language; a stopped reply's status line stayed on a
fresh New topic; the error Details ran off the dialog's right edge."""

from __future__ import annotations

from typing import Any

import pytest
import shiboken6
from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QColor, QGuiApplication, QImage, QPainter
from PySide6.QtWidgets import QApplication, QStyleOptionViewItem

from chathub_desktop.gui.chat.markdown_render import render_markdown
from chathub_desktop.gui.chat.message_colors import row_colors
from chathub_desktop.gui.chat.send_controller import STOPPED_TEXT
from chathub_desktop.gui.shell.error_bar import ErrorDetailsDialog
from tests.fakes.vendor_server import Reply
from tests.gui.helpers import add_fake_provider, new_topic, reload_assistants
from tests.gui.test_i18n_service_texts import _language

HEBREW, ARABIC = "שלום", "مرحبا بك hello"
MIXED = "שלום مرحبا 👩‍👩‍👧‍👦 日本語テキスト 简体中文 done ｱｲｳ 🇯🇵"
CODE = "```python\nprint(1)\n```\n"


@pytest.fixture
def restore_look(qapp: Any) -> Any:
    """The saved look (light, the default font) again after a test that switched theme."""
    from chathub_desktop.gui.design.theme import ViewPrefs

    yield
    ViewPrefs(qapp, None).apply()


def _chat(window: Any, services: Any, fake_vendor: Any, qtbot: Any, texts: list[str], *,
          avatar: str | None = None, reply: str = "ok") -> Any:
    """``texts`` sent in turn into a new topic, each answered with ``reply``; the model."""
    _pid, aid = add_fake_provider(services, fake_vendor.base_url)
    if avatar is not None:
        services.assistants.update(aid, avatar=avatar)
    reload_assistants(window, qtbot, aid)
    window.resize(1200, 760)
    model = window.message_model
    for i, text in enumerate(texts):
        fake_vendor.script(Reply(text_chunks=[reply]))
        window.sending.send_message(text)
        qtbot.waitUntil(lambda i=i: model.rowCount() == 2 * i + 2
                        and model.message_at(2 * i + 1).status == "complete", timeout=10_000)
        qtbot.waitUntil(window.composer.send_button.isEnabled, timeout=5000)
    return model


def _far(a: QColor, b: QColor) -> bool:
    return abs(a.red() - b.red()) + abs(a.green() - b.green()) + abs(a.blue() - b.blue()) > 90


def _ink_columns(image: QImage, band: QRect, page: QColor, fill: QColor) -> list[int]:
    """The x of every pixel in ``band`` unlike both the page and the bubble's fill: text."""
    xs = []
    for y in range(band.top(), band.bottom() + 1):
        for x in range(max(0, band.left()), min(image.width(), band.right() + 1)):
            c = QColor(image.pixel(x, y))
            if _far(c, page) and _far(c, fill):
                xs.append(x)
    return xs


def _text_inside_bubbles(window: Any, qtbot: Any, model: Any) -> None:
    view = window.message_view
    qtbot.waitUntil(lambda: view.delegate.settled, timeout=5000)
    for row in range(0, model.rowCount(), 2):
        view.scrollTo(model.index(row))
        qtbot.waitUntil(lambda: view.delegate.settled, timeout=5000)
        view.viewport().repaint()
        image = view.viewport().grab().toImage()
        bubble = view.delegate.bubble_rect(model.index(row))
        assert bubble.height() > 0
        y = bubble.center().y()
        page, fill = QColor(image.pixel(2, y)), QColor(image.pixel(bubble.left() + 3, y))
        band = QRect(0, bubble.top() + 4, image.width(), bubble.height() - 8)
        xs = _ink_columns(image, band, page, fill)
        text = model.message_at(row).content
        assert xs, f"no text painted for {text!r}"
        assert bubble.left() < min(xs) and max(xs) < bubble.right(), (text, bubble, min(xs), max(xs))


def test_a_right_to_left_message_lies_inside_its_bubble_in_both_themes(  # type: ignore[no-untyped-def]
        window, services, fake_vendor, qtbot, restore_look):
    """walk51 #1: "שלום", "مرحبا بك hello" and a mixed Hebrew/Arabic/emoji/CJK line were
    empty bubbles, their text right of them; a left-to-right one stays as it was."""
    model = _chat(window, services, fake_vendor, qtbot, [HEBREW, ARABIC, MIXED, "hello world"])
    for theme in ("light", "dark"):
        window.view.theme_actions[theme].trigger()
        _text_inside_bubbles(window, qtbot, model)
    view = window.message_view
    for row in range(0, 8, 2):  # each bubble as wide as its text, the document laid out there
        lay = view.delegate._row_at(model.index(row))[1]
        assert lay.doc.laid_width == lay.bubble.width() - 2 * lay.pad[0]


def test_an_open_override_in_a_users_message_follows_the_one_rule(  # type: ignore[no-untyped-def]
        window, services, fake_vendor, qtbot):
    """The user's own text follows the one bidi rule of replies (walk51 #1): a U+202E left
    open is left out of the bubble and the title made from it, and said; a pair closed on
    its line is kept, as in a reply; the stored text is as typed."""
    model = _chat(window, services, fake_vendor, qtbot, ["abc \u202eopen end", "\u202eevil-rtl\u202c done"])
    doc = window.message_view.delegate._row_at(model.index(0))[1].doc
    assert "abc open end" in doc.toPlainText() and "\u202e" not in doc.toPlainText()
    assert "Shown without 1 invisible character" in doc.toPlainText()
    assert model.message_at(0).content == "abc \u202eopen end"
    closed = window.message_view.delegate._row_at(model.index(2))[1].doc
    assert "\u202eevil-rtl\u202c done" in closed.toPlainText()
    title = window.topic_model.index(window.topic_model.row_of(window.current_topic_id), 0).data()
    assert title == "abc open end [1 invisible character not shown]"


def test_the_caret_blinks_on_after_pyside_drops_the_viewports_python_object(  # type: ignore[no-untyped-def]
        window, services, fake_vendor, qtbot):
    """walk51 #2: PySide let go of the Python object of the list's viewport while the
    widget lived on (the focus-chain walk, on Tab or when Stop hid with the focus, had made
    it a child of a widget before it, and an assistant switch deleted that one: the Memory
    page made ahead); the caret kept it, and each blink of every later reply raised and
    counted up in the error bar."""
    _pid, aid = add_fake_provider(services, fake_vendor.base_url)
    reload_assistants(window, qtbot, aid)
    fake_vendor.script(Reply(text_chunks=[f"w{i} " for i in range(60)], chunk_delay_s=0.05))
    view, model = window.message_view, window.message_model
    window.sending.send_message("Tell me")
    qtbot.waitUntil(lambda: model.rowCount() == 2 and model.message_at(1).status == "streaming", timeout=5000)
    shiboken6.invalidate(view.viewport())  # what PySide did in the walk
    blinks: list[bool] = []
    view.caret_timer.timeout.connect(lambda: blinks.append(view.delegate.caret_on))
    qtbot.waitUntil(lambda: len(blinks) >= 3, timeout=10_000)
    assert len(set(blinks)) == 2  # on and off
    assert not window.error_bar.isVisible() and window.error_bar.count == 0
    qtbot.waitUntil(lambda: model.message_at(1).status == "complete", timeout=15_000)


def _header_image(window: Any, row: int) -> QImage:
    view = window.message_view
    index = window.message_model.index(row)
    option = QStyleOptionViewItem()
    option.initFrom(view.viewport())
    rect = view.visualRect(index)
    option.rect = QRect(0, 0, rect.width(), rect.height())
    image = QImage(rect.size(), QImage.Format.Format_ARGB32)
    image.fill(view.palette().base().color())
    painter = QPainter(image)
    view.itemDelegate().paint(painter, option, index)
    painter.end()
    return image


def test_the_name_beside_an_emoji_avatar_is_drawn_in_the_font_it_was_measured_in(  # type: ignore[no-untyped-def]
        window, services, fake_vendor, qtbot):
    """walk51 #4: beside a 🤖 avatar the name was drawn in the avatar's larger font but
    measured in the bold header font, so it was cut at its place's end ("Assistar"). Its
    place now holds the whole name in the bold header font."""
    model = _chat(window, services, fake_vendor, qtbot, ["hi"], avatar="🤖")
    view = window.message_view
    delegate = view.delegate
    assert delegate.assistant_avatar == "🤖"
    name = delegate._header(model.message_at(1), delegate._row_at(model.index(1))[1]).name
    shown = _header_image(window, 1).copy(name)
    expected = QImage(shown.size(), shown.format())
    expected.fill(shown.pixelColor(shown.width() - 1, 0))  # the page behind the name
    painter = QPainter(expected)
    painter.setFont(delegate._fonts().bold)
    painter.setPen(row_colors(view.palette())[0].text)
    painter.drawText(QRect(0, 0, name.width(), name.height()),
                     Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, delegate.assistant_name)
    painter.end()
    assert shown == expected


def test_a_code_blocks_copy_is_said_in_the_interface_language(qapp: Any) -> None:
    """walk51 #4: "Copy" over a code block stayed English in Chinese and Japanese."""
    assert "&nbsp;Copy</a>" in render_markdown(CODE)
    with _language("zh_CN"):
        assert "&nbsp;复制</a>" in render_markdown(CODE)
    with _language("ja"):
        assert "&nbsp;コピー</a>" in render_markdown(CODE)


def test_a_stopped_replys_line_stays_with_its_topic(  # type: ignore[no-untyped-def]
        window, services, fake_vendor, qtbot):
    """walk51 #5: "Stopped — the text so far is kept" stayed on a fresh New topic; it is
    about the topic it was said in. A line about no topic stays."""
    _pid, aid = add_fake_provider(services, fake_vendor.base_url)
    reload_assistants(window, qtbot, aid)
    fake_vendor.script(Reply(text_chunks=[f"w{i} " for i in range(200)], chunk_delay_s=0.05))
    model = window.message_model
    window.sending.send_message("Tell me")
    qtbot.waitUntil(lambda: model.rowCount() == 2 and model.message_at(1).status == "streaming", timeout=5000)
    qtbot.waitUntil(lambda: model.message_at(1).content != "", timeout=10_000)  # text to keep (walk52b #5)
    window.sending.stop_current()
    assert window.status_line.currentMessage() == STOPPED_TEXT
    new_topic(window, qtbot)
    assert window.status_line.currentMessage() == ""
    window.show_status("Imported 3 topics", 0)
    new_topic(window, qtbot)
    assert window.status_line.currentMessage() == "Imported 3 topics"


def test_the_error_details_wrap_within_the_dialog_and_copy_whole(qapp: Any, qtbot: Any) -> None:
    """walk51 #7: a traceback's long path ran off the Details dialog's right edge. It
    wraps at the dialog's width (monospace, no horizontal scroll), the dialog fits
    1366×768, and Copy details puts all of it on the clipboard."""
    path = "/work/wt/walk51/.venv/lib/python3.11/site-packages/chathub_desktop/gui/chat/message_caret.py"
    details = f'Traceback (most recent call last):\n  File "{path}", line 69, in _blink\nRuntimeError: gone'
    dialog = ErrorDetailsDialog("Something went wrong.", details)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    assert dialog.width() <= 1366 and dialog.height() <= 768
    assert dialog.text.font().fixedPitch() or QApplication.font() != dialog.text.font()
    assert dialog.text.horizontalScrollBar().maximum() == 0  # nothing beyond the right edge
    assert dialog.text.document().blockCount() == 3 and dialog.text.blockCount() == 3
    layout = dialog.text.document().findBlockByNumber(1).layout()
    assert layout.lineCount() >= 2  # the path line wrapped
    dialog.copy_button.click()
    assert QGuiApplication.clipboard().text() == "Something went wrong.\n\n" + details
    assert Qt.TextInteractionFlag.TextSelectableByMouse in dialog.text.textInteractionFlags()
