"""How a message reads (issue 29, walk29 #3, #4, #24): Markdown on the design tokens, a
reply as plain text under its header line, the streaming caret. Screenshots:
``tests/gui/message_look_screenshot.py``."""

from __future__ import annotations

import re

from PySide6.QtCore import QPoint
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QImage, QPalette, QTextDocument

from chathub_desktop.gui.chat.markdown_render import render_markdown, render_markdown_parts
from chathub_desktop.gui.chat.message_action_bar import MessageAction
from chathub_desktop.gui.chat.message_documents import doc_css
from chathub_desktop.gui.chat.sliced_document import HANG_CHARS, SlicedDocument
from chathub_desktop.gui.design.prose import DARK_PROSE, HEADING_SCALE, LIGHT_PROSE
from tests.fakes.vendor_server import Reply
from tests.gui.helpers import add_fake_provider, reload_assistants

CODE = "```python\ndef f(x):\n    if x:\n        return x\n```\n"


def _doc(html: str, width: float = 600) -> QTextDocument:
    doc = QTextDocument()
    doc.setDefaultFont(QFont("DejaVu Sans", 10))
    doc.setDefaultStyleSheet(doc_css(10.0))
    sliced = SlicedDocument([html], lambda: doc, width)
    assert sliced.advance(10.0)
    return doc


def _blocks(doc: QTextDocument) -> dict[str, float]:
    """Each block's text -> its text size, pt."""
    out = {}
    block = doc.begin()
    while block.isValid():
        if block.text():
            out[block.text().strip()] = block.begin().fragment().charFormat().font().pointSizeF()
        block = block.next()
    return out


def test_headings_have_a_type_scale(qapp) -> None:  # type: ignore[no-untyped-def]
    """walk29 #3: "### Notes" was body size; h1..h3 are 1.5, 1.3 and 1.15 times the body."""
    sizes = _blocks(_doc(render_markdown("# One\n\n## Two\n\n### Three\n\nbody text")))
    assert sizes["body text"] == 10.0
    assert [sizes[t] for t in ("One", "Two", "Three")] == [10.0 * HEADING_SCALE[n] for n in (1, 2, 3)]
    assert HEADING_SCALE == {1: 1.5, 2: 1.3, 3: 1.15}


def test_a_code_block_has_a_header_bar_and_current_colours() -> None:
    """walk29 #3: the language and Copy sit in a header bar over the block; keywords are
    coloured, never bold; light and dark take their own token colours."""
    for prose in (LIGHT_PROSE, DARK_PROSE):
        html = render_markdown("Try:\n\n" + CODE, dark=prose.dark)
        header, body = html.split("</tr>", 1)
        assert f"background-color:{prose.code_header_bg}" in header
        assert ">python</td>" in header and 'href="chathub-copy:0"' in header
        assert f"background-color:{prose.code_bg}" in body and "<pre" in body
        assert "font-weight: bold" not in body and '<span style="color:' in body
    light, dark = render_markdown(CODE), render_markdown(CODE, dark=True)
    assert "#cf222e" in light.lower() and "#c678dd" in dark.lower()  # keywords: GitHub red, one-dark purple


def test_a_long_code_line_wraps_with_a_hanging_indent(qapp) -> None:  # type: ignore[no-untyped-def]
    """walk29 #3: a wrapped line went back to the left edge; its continuation now starts
    HANG_CHARS characters right of the line's own indentation."""
    text = "```python\n    total = " + " + ".join(f"value_{i}" for i in range(30)) + "\n```\n"
    doc = _doc(render_markdown(text), width=300)
    block = next(b for b in (doc.findBlock(i) for i in range(doc.characterCount())) if "total" in b.text())
    layout = block.layout()
    assert layout.lineCount() > 2
    char = QFontMetricsF(block.charFormat().font()).horizontalAdvance(" ")
    first, second = layout.lineAt(0).x(), layout.lineAt(1).x()
    assert round(second - first) == round((4 + HANG_CHARS) * char)


def test_quotes_and_tables_use_the_prose_tokens() -> None:
    """walk29 #3: a quote is a side bar with muted text (no indented <blockquote> after a
    gap); a table's header row is shaded, with a rule under each row (walk36 #2: no grid)."""
    for prose in (LIGHT_PROSE, DARK_PROSE):
        html = render_markdown("> quoted words\n\n| a | b |\n|---|--:|\n| 1 | 2 |\n", dark=prose.dark)
        assert "<blockquote" not in html
        assert f'<td width="3" style="background-color:{prose.quote_bar}"></td>' in html
        assert f"color:{prose.quote_text}" in html.split("quoted words")[0]
        assert f"border-bottom:1px solid {prose.table_rule}" in html
        heads = re.findall(r"<th[ >][^>]*>?", html)
        assert len(heads) == 2 and all(f"background-color:{prose.table_header_bg}" in h for h in heads)
        assert "text-align:right" in heads[1]  # the column's alignment kept


def test_a_cut_code_block_keeps_one_header(qapp) -> None:  # type: ignore[no-untyped-def]
    parts = render_markdown_parts("```python\n" + "x = 1\n" * 1500 + "```\n")
    html = "".join(parts)
    assert html.count(">python</td>") == 1
    assert html.count('href="chathub-copy:0"') == 1


def test_a_code_block_header_has_no_seam_at_125_percent(qapp) -> None:  # type: ignore[no-untyped-def]
    """walk51 #7: at 125 % the header's two cells (the language, Copy) met at a
    fractional x and each blended half a pixel over the page: a lighter line between
    them. Drawn on a painter scaled 1.25 with antialiasing on, as the message view
    draws, every pixel across the header is the header's colour, in both themes and at
    widths that put the cells' edge on fractions of a pixel."""
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QPainter

    for prose in (LIGHT_PROSE, DARK_PROSE):
        for width in (611.7, 700.0, 853.0, 859.0):
            doc = QTextDocument()
            doc.setDefaultFont(QFont("DejaVu Sans", 10))
            doc.setDefaultStyleSheet(doc_css(10.0))
            sliced = SlicedDocument([render_markdown(CODE, dark=prose.dark)], lambda doc=doc: doc, width)
            assert sliced.advance(10.0)
            img = QImage(int(width * 1.25) + 2, 120, QImage.Format.Format_ARGB32)
            page = QColor("#000000" if prose.dark else "#ffffff")
            img.fill(page)
            painter = QPainter(img)
            painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            painter.scale(1.25, 1.25)
            sliced.draw(painter, QPalette(), QRectF(0, 0, width + 1, 96))
            painter.end()
            y = round(16 * 1.25)  # through the header, between the language and Copy
            row = {img.pixelColor(x, y).name() for x in range(int(width * 0.3), int(width * 1.25 * 0.8))}
            header = QColor(prose.code_header_bg).name()
            assert header in row and not [c for c in row if _between(QColor(c), QColor(header), page)], \
                (prose.dark, width, row)


def _between(c: QColor, header: QColor, page: QColor) -> bool:
    """True for a pixel blended between the header's colour and the page's: a seam."""
    return c != header and all(min(a, b) <= x <= max(a, b) for x, a, b in (
        (c.red(), header.red(), page.red()), (c.green(), header.green(), page.green()),
        (c.blue(), header.blue(), page.blue())))


def _stream(window, services, fake_vendor, qtbot, chunks, delay):  # type: ignore[no-untyped-def]
    fake_vendor.script(Reply(text_chunks=chunks, chunk_delay_s=delay))
    _pid, aid = add_fake_provider(services, fake_vendor.base_url)
    reload_assistants(window, qtbot, aid)
    window.show()
    qtbot.waitExposed(window)
    window.sending.send_message("Tell me")
    model = window.message_model
    qtbot.waitUntil(lambda: model.rowCount() == 2, timeout=5000)
    return model


def test_a_reply_is_text_on_the_page_under_a_header_line(window, services, fake_vendor, qtbot):  # type: ignore[no-untyped-def]
    """walk29 #4: no bordered box around a reply: the text sits on the page background,
    under a round initial; the receipt is the hover bar's ⓘ, not on every reply; a user message keeps its
    tinted bubble."""
    model = _stream(window, services, fake_vendor, qtbot, ["A plain answer."], 0.0)
    qtbot.waitUntil(lambda: model.message_at(1).status == "complete" and model.message_at(1).receipt is not None,
                    timeout=5000)
    view = window.message_view
    qtbot.waitUntil(lambda: view.delegate.settled, timeout=5000)
    view.action_bar.dismiss()  # as at rest, the pointer elsewhere
    view.viewport().repaint()
    image: QImage = view.viewport().grab().toImage()
    page = QColor(image.pixel(2, 2))
    reply, user = view.delegate.bubble_rect(model.index(1)), view.delegate.bubble_rect(model.index(0))
    edge = [QColor(image.pixel(reply.right() - dx, reply.center().y())) for dx in range(0, 3)]
    assert all(c == page for c in edge)  # no border, no fill
    assert QColor(image.pixel(user.left() + 4, user.center().y())) != page  # the user's bubble
    head = view.delegate.header_rect(model.index(1))
    inked = [x for x in range(head.right() + 2, reply.right()) for y in range(head.top(), head.bottom())
             if QColor(image.pixel(x, y)) != page]
    assert not inked  # nothing after the time at rest: the receipt's ⓘ is on the hover bar (chatlook52)
    assert MessageAction.RECEIPT in view.bar.row_actions(1)
    avatar = QPoint(reply.left() + 10, view.visualRect(model.index(1)).top() + 6 + 10)
    assert QColor(image.pixel(avatar)) != page  # the round initial


def test_a_streaming_reply_shows_a_blinking_caret_that_stops_at_rest(window, services, fake_vendor, qtbot):  # type: ignore[no-untyped-def]
    """walk29 #24: a caret where the streamed text ends, blinking while the reply is
    written; its timer stops when nothing streams (the window stays quiet at rest)."""
    view = window.message_view
    assert not view.caret_timer.isActive()
    model = _stream(window, services, fake_vendor, qtbot, [f"w{i} " for i in range(20)], 0.05)
    qtbot.waitUntil(lambda: model.message_at(1).status == "streaming" and len(model.message_at(1).content) > 6,
                    timeout=5000)
    assert view.caret_timer.isActive()
    qtbot.waitUntil(lambda: not view.delegate.caret_rect(model.index(1)).isEmpty(), timeout=3000)
    caret = view.delegate.caret_rect(model.index(1))
    text = view.delegate.bubble_rect(model.index(1))
    assert text.left() < caret.left() < text.right()
    qtbot.waitUntil(lambda: model.message_at(1).status == "complete", timeout=10_000)
    assert not view.caret_timer.isActive()
    assert view.delegate.caret_rect(model.index(1)).isEmpty()
