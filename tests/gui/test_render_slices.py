"""A long message is rendered off the GUI thread and laid out slice by slice (issue 32:
rendering any single message never stalls the window; the figures are in
``benchmarks/bench_render_stall.py``)."""

from __future__ import annotations

import re
import sys
import threading

from hypothesis import given, settings
from hypothesis import strategies as st
from PySide6.QtCore import QRectF
from PySide6.QtGui import QImage, QPainter, QTextDocument
from PySide6.QtWidgets import QApplication

from chathub_desktop.core.invisible_text import MAX_FORMAT_CHARS, MAX_MARK_RUN, thin_invisible
from chathub_desktop.core.messages import Role
from chathub_desktop.gui.chat import markdown_render, message_documents
from chathub_desktop.gui.chat.markdown_render import (
    CODE_PART_CHARS,
    IMAGE_CHARS,
    MAX_CELL_CHARS,
    MAX_COLUMNS,
    PART_CHARS,
    TABLE_SLICE_CELLS,
    WORD_CHARS,
    render_markdown,
    render_markdown_parts,
)
from chathub_desktop.gui.chat.message_documents import SYNC_RENDER_CHARS
from chathub_desktop.gui.chat.message_list_model import MessageListModel
from chathub_desktop.gui.chat.message_list_view import MessageListView
from chathub_desktop.gui.chat.safe_document import SafeTextDocument
from chathub_desktop.gui.chat.sliced_document import IMAGE_SCHEME, SlicedDocument, decoded
from chathub_desktop.gui.shell.chat_events import ChatEvents
from tests.cases import cases
from tests.gui.image_urls import data_url, qt_png

_TAGS = re.compile(r"<[^>]*>")


def _shown_view(services, qtbot):  # type: ignore[no-untyped-def]
    events = ChatEvents(services.bus)
    model = MessageListModel(services.topics, events)
    view = MessageListView(model)
    qtbot.addWidget(view)
    view.resize(800, 600)
    view.show()
    qtbot.waitExposed(view)
    return events, model, view


def test_a_short_hostile_message_is_rendered_on_the_worker_too(qapp, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Issue 32 (bounds32): a message under SYNC_RENDER_CHARS was turned into HTML and
    laid out on the GUI thread at once, 19 ms for the render fuzz's worst short case;
    one with many markup or invisible characters, or quoted or listed deep, goes to the
    worker (the row shows "…" meanwhile); ordinary prose stays at once."""
    from datetime import UTC, datetime

    from PySide6.QtGui import QColor, QFont

    from chathub_desktop.services.views import MessageView

    threads: list[bool] = []
    real = markdown_render.render_markdown_parts

    def spy(*args, **kwargs):  # type: ignore[no-untyped-def]
        threads.append(threading.current_thread() is threading.main_thread())
        return real(*args, **kwargs)

    class Colors:
        muted = QColor("#777777")
        error_text = QColor("#aa0000")

    monkeypatch.setattr(markdown_render, "render_markdown_parts", spy)
    docs = message_documents.MessageDocuments(QFont)
    hostile = {"brackets": "[" * 1400, "deep quote": ">" * 19 + " ![q](x)",
               "deep list": "".join("  " * i + "- x\n" for i in range(10)),
               "invisible": "ok " + "\u202e\u200b\u0301" * 80, "links": "[a](b) " * 60}
    prose = ("An ordinary answer with a [link](https://example.org), **bold** text and a list:\n\n"
             + "- one item\n" * 5 + "\nالسلام عليكم, Tiếng Việt, naïve. " * 20)
    for i, text in enumerate([*hostile.values(), prose]):
        assert len(text) < SYNC_RENDER_CHARS and "$" not in text
        m = MessageView(id=i + 1, topic_id=1, seq=i, role=Role.ASSISTANT, content=text, content_type="text",
                        status="complete", created_at=datetime(2026, 12, 2, tzinfo=UTC))
        threads.clear()
        doc = docs.document(m, False, Colors(), 600)
        if text is prose:  # once on the GUI thread (a worker may still be on an earlier message)
            assert threads.count(True) == 1 and "ordinary answer" in doc.toPlainText()  # at once
        else:
            assert True not in threads and doc.toPlainText() == "…", text[:20]  # not on the GUI thread
    docs.close()


def test_parts_join_to_the_whole_rendering() -> None:
    text = "# Title\n\nSome *text* and `code`.\n\n" + "- item\n" * 50 + "\n```python\nx = 1\n```\n" * 40
    parts = render_markdown_parts(text, part_chars=500)
    assert len(parts) > 5
    assert "".join(parts) == render_markdown(text)  # cut between blocks only


def test_a_long_paragraph_is_cut_into_slices_that_keep_every_character() -> None:
    text = "x" * 50_000 + " and *more* " + "y" * 20_000
    parts = render_markdown_parts(text)
    assert len(parts) >= 35
    assert all(len(p) <= PART_CHARS + 200 for p in parts)
    shown = "".join(_TAGS.sub("", p).replace("\n", "").replace("\u200b", "") for p in parts)
    assert shown == text.replace("*more*", "more")


def test_a_long_unbroken_word_gets_break_opportunities_outside_tags() -> None:
    """Qt wraps an unbroken word in a narrow column in quadratic time (a 100,000-character
    word ten quotes deep did not finish in a minute): rendered text never holds a run of
    more than WORD_CHARS characters without a break opportunity; tags keep theirs."""
    src = "data:image/png;base64," + "A" * 300
    text = ">" * 10 + " " + "B" * 5000 + f" [x](http://h/{'c' * 200}) ![q]({src}) " + "&" * 300
    for part in render_markdown_parts(text):
        words = re.split(r"[\s\u200b]+", _TAGS.sub(" ", part).replace("&amp;", "&"))
        assert max(map(len, words)) <= WORD_CHARS
    shown = render_markdown(text)
    assert f'href="http://h/{"c" * 200}"' in shown and "&amp;" * 64 + "\u200b" in shown


@settings(max_examples=cases(200), deadline=None)
@given(st.text(alphabet="ab *_`[]()!#>-|$\n\u202e\u200b<", max_size=400), st.integers(1, 60))
def test_any_text_renders_to_bounded_parts(text: str, part_chars: int) -> None:
    parts = render_markdown_parts(text, part_chars=part_chars)
    assert parts and all(isinstance(p, str) for p in parts)
    assert "".join(render_markdown_parts(text, part_chars=sys.maxsize)) == render_markdown(text)


def test_a_new_rendering_keeps_the_slices_that_did_not_change(qtbot) -> None:  # type: ignore[no-untyped-def]
    made: list[QTextDocument] = []

    def make() -> QTextDocument:
        made.append(QTextDocument())
        return made[-1]

    first = SlicedDocument(("<p>a</p>", "<p>b</p>", "<p>c</p>"), make, 300)
    assert first.advance(10.0) and len(made) == 3
    second = SlicedDocument(("<p>a</p>", "<p>b</p>", "<p>c d</p>", "<p>e</p>"), make, 300, reuse=first)
    assert second.advance(10.0)
    assert len(made) == 5  # the streamed tail only
    assert second.toPlainText() == "a\nb\nc d\ne"


def test_a_long_reply_is_rendered_on_a_worker_and_laid_out_over_several_turns(services, qtbot, monkeypatch):  # type: ignore[no-untyped-def]
    threads: list[bool] = []
    real = markdown_render.render_markdown_parts

    def spy(*args, **kwargs):  # type: ignore[no-untyped-def]
        threads.append(threading.current_thread() is threading.main_thread())
        return real(*args, **kwargs)

    monkeypatch.setattr(markdown_render, "render_markdown_parts", spy)
    monkeypatch.setattr(message_documents, "LAYOUT_BUDGET_S", 0.0)  # one slice per turn of the loop
    a = services.assistants.create("Long")
    t = services.topics.create(a.id)
    text = "first line\n\n" + "".join(f"Paragraph {i} with *some* text.\n\n" for i in range(600)) + "THE END"
    assert len(text) > SYNC_RENDER_CHARS
    services.topics.append_message(t.id, Role.ASSISTANT, text)
    events, model, view = _shown_view(services, qtbot)
    grew: list[int] = []
    view.delegate.sizeHintChanged.connect(lambda index: grew.append(index.row()))
    model.open_topic(t.id)
    qtbot.waitUntil(lambda: model.rowCount() == 1, timeout=3000)
    view.executeDelayedItemsLayout()
    assert not view.delegate.settled  # nothing of it is done in one go
    qtbot.waitUntil(lambda: view.delegate.settled, timeout=20_000)
    assert threads and not any(threads)  # Markdown → HTML only on the worker
    doc = view.delegate.docs.latest(model.message_at(0).id)
    assert doc is not None
    assert len(grew) >= doc.parts  # its HTML arrived, then the row grew slice by slice
    assert doc.parts > 10
    shown = doc.toPlainText()
    assert shown.startswith("first line") and shown.rstrip().endswith("THE END")
    view.executeDelayedItemsLayout()
    assert view.visualRect(model.index(0)).height() > doc.height()  # the row holds all of it
    events.detach()


def test_invisible_characters_past_the_bounds_are_left_out_of_the_display() -> None:
    """Issue 32: text of characters that take no room (bidi controls, zero-width, stacked
    marks) is laid out about 5× slower and a screenful holds all of it; past
    MAX_MARK_RUN in a row or MAX_FORMAT_CHARS in all they are not shown."""
    hostile = "\u202e\u2066\u200b\u200d\ufeff" * 20_000
    shown, hidden = thin_invisible(hostile)
    # of the MAX_MARK_RUN kept, the 4 overrides and isolates never closed go too (walk49)
    assert shown == "\u200b\u200d\ufeff\u200b" and hidden == 100_000 - 4
    zalgo = ("a" + "\u0301" * 90 + " ") * 100
    shown, hidden = thin_invisible(zalgo)
    assert shown == ("a" + "\u0301" * MAX_MARK_RUN + " ") * 100 and hidden == 82 * 100
    mixed = "ab\u202e\u200b" * 3000  # short runs, many in all
    shown, hidden = thin_invisible(mixed)
    # the kept half of MAX_FORMAT_CHARS that are overrides is never closed either
    assert hidden == 6000 - MAX_FORMAT_CHARS // 2 and shown.count("ab") == 3000 and "\u202e" not in shown
    real = ("👨\u200d👩\u200d👧 " * 2000 + "مرحبا\u200f بالعالم " * 200 + "नमस्ते दुनिया " * 300
            + "Tiếng Việt " * 300 + "résumé naïve")
    assert thin_invisible(real) == (real, 0)  # emoji sequences, RTL marks, Indic and accents kept


def test_data_url_images_reach_the_slices_decoded_under_short_names(qtbot) -> None:  # type: ignore[no-untyped-def]
    """Issue 32: Qt's HTML import spent 30 ms on 500 small images in one slice (their
    data URLs and one ``<img>`` each); a paragraph of images is cut into slices of
    about PART_CHARS / IMAGE_CHARS images, and each slice gets the decoded images under
    ``chathub-image:`` names, never a data URL; the HTML kept for a later rendering
    still names the data URLs."""
    text = " ".join(f"![p{i % 2}]({data_url(qt_png(8 + i % 2, 8))})" for i in range(500))
    parts, images = decoded(tuple(render_markdown_parts(text)))
    assert len(parts) >= 500 * IMAGE_CHARS // PART_CHARS
    assert sum(p.count('<img src="data:') for p in parts) == 500 and len(images) == 2
    made: list[SafeTextDocument] = []

    def make() -> QTextDocument:
        made.append(SafeTextDocument())
        return made[-1]

    doc = SlicedDocument(parts, make, 600, images=images)
    assert doc.advance(10.0)
    html = "".join(d.toHtml() for d in made)
    assert "data:" not in html and html.count(f'src="{IMAGE_SCHEME}:') == 500
    for d in made:
        d.setTextWidth(600)
        img = QImage(600, int(d.size().height()) + 1, QImage.Format.Format_RGB32)
        painter = QPainter(img)
        d.drawContents(painter)
        painter.end()
    assert sum(d.refused for d in made) == 0  # every image came as a resource


def test_a_long_code_block_is_cut_into_slices_and_copied_whole(qtbot) -> None:  # type: ignore[no-untyped-def]
    """Issue 32: Qt lays a table cell out in one go (a 90,000-character log in one code
    block: 37 ms on the GUI thread); a long block is one borderless table per run of
    lines, one Copy link on the first, and Copy still copies the whole block."""
    log = "".join(f"line {i}: plain text of a pasted log\n" for i in range(3000))
    text = "Here:\n\n```\n" + log + "```\n\nDone."
    parts = render_markdown_parts(text)
    assert len(parts) >= len(log) // CODE_PART_CHARS
    assert all(len(p) <= 2 * CODE_PART_CHARS for p in parts)
    joined = "".join(parts)
    assert joined.count('href="chathub-copy:0"') == 1 and "\x00" not in joined
    doc = SlicedDocument(parts, QTextDocument, 700)
    assert doc.advance(10.0)
    shown = doc.toPlainText()
    assert all(f"line {i}: plain text" in shown for i in (0, 1499, 2999)) and shown.rstrip().endswith("Done.")
    assert markdown_render.code_blocks(text) == [log]


def test_a_long_table_is_cut_into_aligned_slices_of_whole_rows() -> None:
    """Issue 32: Qt lays a table out in one go (3,900 cells: 170 ms on the GUI thread);
    a long table is several tables of at most TABLE_SLICE_CELLS cells of whole rows, the
    header in the first, every column the same width in each."""
    text = "| Name | Value | Note |\n|---|--:|---|\n" + "".join(f"| item {i} | {i * 7} | ok |\n" for i in range(1300))
    parts = render_markdown_parts(text)
    tables = [t for p in parts for t in p.split("<table")[1:]]
    assert len(tables) == -(-1300 // (TABLE_SLICE_CELLS // 3))
    assert sum(t.count("<tr>") for t in tables) == 1301 and len(re.findall(r"<th[ >]", "".join(parts))) == 3
    widths = {tuple(re.findall(r'width="(\d+)%"', t)[:3]) for t in tables}
    assert len(widths) == 1 and sum(map(int, widths.pop())) in (99, 100, 101)
    shown = _TAGS.sub(" ", "".join(parts))
    assert all(f"item {i} " in shown for i in (0, 650, 1299))
    small = render_markdown_parts("|a|b|\n|-|-|\n|1|2|\n")
    assert "".join(small).count("<table") == 1 and "width=" not in small[0].split("<table", 1)[1].split(">", 1)[1]


def _table_lines(parts: list[str], width: int) -> tuple[list[int], float]:
    """The rows (y, px) where the slices of ``parts`` laid out at ``width`` px draw a
    horizontal line 3 px right of the table's left edge, and their ideal width."""
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QColor, QPalette

    from chathub_desktop.gui.chat.message_documents import doc_css

    def make() -> QTextDocument:
        doc = QTextDocument()
        doc.setDocumentMargin(0)
        doc.setDefaultStyleSheet(doc_css(10.0))
        return doc

    sliced = SlicedDocument(parts, make, width)
    assert sliced.advance(10.0)
    image = QImage(width + 2, int(sliced.height()) + 2, QImage.Format.Format_RGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    sliced.draw(painter, QPalette(), QRectF(0, 0, image.width(), image.height()))
    painter.end()
    return [y for y in range(image.height()) if QColor(image.pixel(3, y)).lightness() < 240], sliced.idealWidth()


def test_a_cut_table_has_no_gap_between_slices_and_keeps_its_natural_width(qapp) -> None:  # type: ignore[no-untyped-def]
    """Issue 32 (bounds32): the slices of a cut table showed a 3 px gap every 20 to 26
    rows and stretched to the full width; every row is now as far from the next across
    slice ends, and a narrow table is as wide as its text (at a narrow width, its columns
    keep their proportions inside it)."""
    text = "| Region | Month | Note |\n|---|:-:|---|\n" + "".join(
        f"| {['North', 'South'][i % 2]} | {1 + i % 12:02d} | {'checked' if i % 3 else 'late'} |\n" for i in range(120))
    parts = render_markdown_parts(text)
    assert "".join(parts).count("<table") > 3  # cut
    lines, ideal = _table_lines(parts, 760)
    wide_bottom = lines[-1]
    assert len(lines) == 121  # a rule under each of 121 rows, the header's included (no grid: walk36 #2)
    assert len({b - a for a, b in zip(lines, lines[1:], strict=False)}) == 1  # the same step across slice ends
    assert ideal < 760 / 2
    lines, ideal = _table_lines(parts, 150)  # 3 columns of 24 px padding each (walk36 #2) and some text
    assert ideal <= 152 and lines[-1] > wide_bottom  # wrapped inside the width, not past it


def test_a_table_of_more_than_max_columns_is_shown_as_plain_text() -> None:
    """Issue 32: a screenful of collapsed-border cells costs 50 µs each to paint (60
    columns: 50 ms a frame), one cell is laid out in one go, and only a top-level table
    is cut into slices; a wider table, a cell over MAX_CELL_CHARS or a long table in a
    quote or list is shown as its text with a one-line note."""
    wide = "|" + "a|" * (MAX_COLUMNS + 1) + "\n|" + "-|" * (MAX_COLUMNS + 1) + "\n|" + "x|" * (MAX_COLUMNS + 1) + "\n"
    shown = "".join(render_markdown_parts(wide))
    note = (f"Shown as plain text: a table of more than {MAX_COLUMNS} columns, a cell of more than "
            f"{MAX_CELL_CHARS:,} characters or a table of more than {TABLE_SLICE_CELLS} cells in a quote or list.")
    assert note in shown and "<td" not in shown
    huge_cell = "".join(render_markdown_parts("|a|b|\n|-|-|\n|" + "word " * 500 + "|x|\n"))
    assert note in huge_cell and "<td" not in huge_cell
    quoted = "".join(render_markdown_parts("> |a|b|\n> |-|-|\n" + "> |x|y|\n" * (TABLE_SLICE_CELLS // 2)))
    assert note in quoted and "<td" not in quoted
    assert "<td" in "".join(render_markdown_parts("> |a|b|\n> |-|-|\n> |x|y|\n"))
    fits = wide.replace("a|" * (MAX_COLUMNS + 1), "a|" * MAX_COLUMNS).replace("-|" * (MAX_COLUMNS + 1), "-|" * MAX_COLUMNS)
    assert "<td" in "".join(render_markdown_parts(fits.replace("x|" * (MAX_COLUMNS + 1), "x|" * MAX_COLUMNS)))


def test_a_shown_slice_follows_a_narrower_width_before_its_turn(qtbot) -> None:  # type: ignore[no-untyped-def]
    """Walk37 #7: after the window narrowed, a long message's last slice (its "Copy
    message (Ctrl+C) copies all of it" footer) was drawn with its old, wider layout and
    cut at the new width ("copies all o") until the slices before it had been laid out
    again. A slice that is drawn is laid out at the current width first: it paints as a
    slice laid out at that width from the start does."""
    footer = "<p><i>Shown: the first 100,000 of 100,089 characters. Copy message (Ctrl+C) copies all of it.</i></p>"
    parts = ("<p>" + "log line " * 40 + "</p>", footer)

    def painted(doc: SlicedDocument, height: int) -> QImage:
        image = QImage(600, height, QImage.Format.Format_ARGB32)
        image.fill(0xFFFFFFFF)
        painter = QPainter(image)
        doc.draw(painter, QApplication.palette(), QRectF(0, 0, 600, image.height()))
        painter.end()
        return image

    narrowed = SlicedDocument(parts, QTextDocument, 500)
    assert narrowed.advance(10.0)
    narrowed.setTextWidth(220)  # the window narrowed; no relayout turn yet
    fresh = SlicedDocument(parts, QTextDocument, 220)
    assert fresh.advance(10.0)
    height = int(fresh.height()) + 40
    assert painted(narrowed, height) == painted(fresh, height)


def test_code_blocks_and_tables_have_round_corners(qtbot) -> None:  # type: ignore[no-untyped-def]
    """Issue 29 (Claude app, Cherry Studio): a code block's outline and a table's shaded
    header row had square corners (QTextDocument cannot round a table). Drawn through the
    sliced document, the outermost corner pixel shows what lies behind (the page), the
    middle of the top edge the block's own border or shade; a code block cut into slices
    is rounded at its top and bottom only."""
    from chathub_desktop.gui.chat.rounded_frames import RADIUS, rounded_corners
    from chathub_desktop.gui.design.prose import prose_for

    text = ("Here:\n\n```python\nfor a in b:\n    c()\n```\n\n| Rows | Time |\n|---|---|\n| 1 | 2 |\n\nlong:\n\n```\n"
            + "x = 1\n" * (CODE_PART_CHARS // 3) + "```\n")
    doc = SlicedDocument(render_markdown_parts(text), QTextDocument, 500)
    assert doc.advance(10.0)
    page = "#ffffff"
    image = QImage(520, int(doc.height()) + 10, QImage.Format.Format_RGB32)
    image.fill(0xFFFFFFFF)
    painter = QPainter(image)
    doc.draw(painter, QApplication.palette(), QRectF(0, 0, 520, image.height()))
    painter.end()
    p = prose_for(False)
    found, top = [], 0  # each slice's corners, at the slice's place on the image
    for d in doc._shown():  # noqa: SLF001 - the slices as drawn
        found.append([(c, top) for c in rounded_corners(d)])
        top += int(d.size().height())
    corners = [c for per_slice in found for c in per_slice]
    (code, code_y), (table, table_y) = corners[0], corners[4]
    assert (code.fill.name(), table.fill.name()) == (p.code_header_bg, p.table_header_bg)
    for c, dy in ((code, code_y), (table, table_y)):
        x, y = int(c.square.left()), int(c.square.top()) + dy
        assert image.pixelColor(x, y).name() == page  # the very corner: rounded away
        assert image.pixelColor(x + int(RADIUS) + 20, y).name() != page  # the top edge itself is drawn
    edge = image.pixelColor(int(code.square.left()) + int(RADIUS) + 20, int(code.square.top()) + code_y)
    assert edge.name() == p.code_border
    long_block = [per_slice for per_slice in found if per_slice][2:]  # the long block's slices with corners
    assert [len(per_slice) for per_slice in long_block] == [2, 2]  # its top and its bottom; none between


def test_paragraphs_keep_their_spacing_across_a_slice_cut(qtbot) -> None:  # type: ignore[no-untyped-def]
    """look40: 'Day 24' and 'Day 25' of a long reply touched where the reply was cut into
    slices: Qt drops a document's last bottom margin and first top margin, so the gap a
    single document puts between two paragraphs vanished at each cut."""
    from chathub_desktop.gui.chat.message_documents import doc_css

    def make() -> QTextDocument:
        doc = QTextDocument()
        doc.setDocumentMargin(0)
        doc.setDefaultStyleSheet(doc_css(10.0))
        return doc

    text = "\n\n".join(f"Day {i}: walk the old town, then a long lunch by the river." for i in range(30))
    parts = render_markdown_parts(text, part_chars=600)
    assert len(parts) >= 3
    sliced = SlicedDocument(parts, make, 500)
    assert sliced.advance(10.0)
    whole = make()
    whole.setHtml("".join(parts))
    whole.setTextWidth(500)
    whole.size()  # lay it out
    tops = [y + b.layout().position().y() for _i, doc, y in sliced._placed()
            for b in _blocks(doc) if b.text()]
    whole_tops = [b.layout().position().y() for b in _blocks(whole) if b.text()]
    assert len(tops) == len(whole_tops) == 30
    assert tops == whole_tops  # every paragraph where one document would put it
    assert sliced.height() == whole.size().height()


def _blocks(doc: QTextDocument):  # type: ignore[no-untyped-def]
    block = doc.begin()
    while block.isValid():
        yield block
        block = block.next()
