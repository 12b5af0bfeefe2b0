"""One message's rendering as a stack of small ``QTextDocument`` slices, laid out a few
at a time (issue 32: rendering any single message never stalls the window).

Qt lays a document out in one call on the GUI thread (1 µs to 3 µs per character of
HTML; a 100,000-character reply held the window 0.2 s to 2 s), and PySide6 keeps the
interpreter lock during that call, so a worker thread would stall the window just the
same. A :class:`SlicedDocument` is built from the HTML slices of
:func:`~chathub_desktop.gui.chat.markdown_render.render_markdown_parts`; :meth:`advance`
builds and lays out slices, in order, until its time budget is spent, and the message
delegate calls it again on later turns of the event loop until :attr:`complete`. Until
then the row shows the slices done so far. The slices of an earlier rendering with the
same HTML (a streaming reply's unchanged start) are reused as they are.

Images from data URLs are decoded by :func:`decoded` on the worker that made the HTML
(Qt's decoder lets go of the interpreter lock; a 12-megapixel PNG takes 0.6 s) and
handed to the slices as resources under short names (``chathub-image:<digest>``, put
in the slice's HTML as it is built; the cached HTML keeps the data URLs), so laying a
slice out decodes nothing and Qt's HTML import never reads a data URL.
"""

from __future__ import annotations

import hashlib
import html
import re
import time
from collections.abc import Callable, Iterator, Mapping, Sequence

from PySide6.QtCore import QPointF, QRectF, QUrl
from PySide6.QtGui import (
    QAbstractTextDocumentLayout,
    QFont,
    QFontMetricsF,
    QImage,
    QPainter,
    QPalette,
    QTextCursor,
    QTextDocument,
    QTextFrame,
    QTextLength,
    QTextTable,
)

from chathub_desktop.gui.chat.rounded_frames import (
    Corner,
    clip_corners,
    paint_corners,
    rounded_corners,
)
from chathub_desktop.gui.chat.safe_document import decode_shown

__all__ = ["HANG_CHARS", "IMAGE_SCHEME", "Decoded", "SlicedDocument", "decoded", "fit_cut_tables", "fitted_width",
           "hang_code_lines"]

#: HTML slices and the images of their data URLs, decoded (``src`` -> image).
Decoded = tuple[tuple[str, ...], dict[str, QImage]]

_IMG_SRC = re.compile(r'<img src="(data:[^"]*)"')
_IMAGE = int(QTextDocument.ResourceType.ImageResource.value)


#: Scheme of the short name a data-URL image is handed to a slice under.
IMAGE_SCHEME = "chathub-image"


def decoded(parts: tuple[str, ...]) -> Decoded:
    """``parts`` with every data-URL image they show decoded at its shown size (the
    ones :func:`~chathub_desktop.gui.chat.safe_document.decode_shown` refuses are left out:
    the document draws them blank). Run it on a worker thread."""
    images: dict[str, QImage] = {}
    for part in parts:
        for m in _IMG_SRC.finditer(part):
            src = html.unescape(m.group(1))
            if src not in images:
                image = decode_shown(src)
                if image is not None:
                    images[src] = image
    return parts, images


def _tables(frame: QTextFrame) -> Iterator[QTextTable]:
    """The tables under ``frame``, in document order."""
    for child in frame.childFrames():
        if isinstance(child, QTextTable):
            yield child
        yield from _tables(child)


#: A cut table's column is given its longest text plus one character, in characters
#: of the bold font's average width times this, so a header or wide letters do not wrap
#: ("Region" in bold is 7.8 px a letter where the regular average is 6.1 px).
_CHAR_SLACK = 1.2


def fit_cut_tables(doc: QTextDocument, part: str, width: float) -> None:
    """Give each slice of a cut table in ``doc`` (made from the HTML ``part``) its
    columns' natural widths, px, when they fit in ``width`` px (issue 32: a cut table
    otherwise stretched to the full width), else widths in proportion to them; the
    lengths come from the slice's ``data-chars`` (``markdown_render.TABLE_CHARS_ATTR``),
    the same in every slice, so the slices keep lining up. Nothing changes when
    ``part``'s tables and ``doc``'s do not match one to one."""
    from chathub_desktop.gui.chat.markdown_render import TABLE_CHARS_ATTR, TABLE_PAD_X

    tags = re.findall(r"<table\b[^>]*>", part)
    if not any(TABLE_CHARS_ATTR in t for t in tags):
        return
    tables = list(_tables(doc.rootFrame()))
    if len(tables) != len(tags):
        return
    bold = QFont(doc.defaultFont())
    bold.setBold(True)
    char_px = QFontMetricsF(bold).averageCharWidth() * _CHAR_SLACK
    lengths = re.compile(TABLE_CHARS_ATTR + r'="([0-9,]+)"')
    for tag, table in zip(tags, tables, strict=True):
        m = lengths.search(tag)
        chars = [int(c) for c in m.group(1).split(",")] if m else []
        if not chars or len(chars) != table.columns():
            continue
        fmt = table.format()
        pad = 2 * max(fmt.cellPadding(), TABLE_PAD_X) + fmt.border()  # the cells' own padding
        px = [(c + 1) * char_px + pad for c in chars]
        if sum(px) + fmt.border() <= width:
            widths = [QTextLength(QTextLength.Type.FixedLength, w) for w in px]
        else:
            widths = [QTextLength(QTextLength.Type.PercentageLength, 100 * w / sum(px)) for w in px]
        fmt.setColumnWidthConstraints(widths)
        table.setFormat(fmt)


#: How much further than its own indentation a wrapped code line's continuation starts,
#: in characters (walk29 #3: a wrapped line went back to the left edge).
HANG_CHARS = 4
#: Lines this long or shorter get no hanging indent: they fit a code block of any width
#: the view lays out (200 px and up), so setting one would only cost time (a slice of
#: hostile text is hundreds of short lines).
HANG_MIN_CHARS = 24


_TAG = re.compile(r"<[^>]*>")


def _long_line(part: str) -> bool:
    """Whether the text of ``part`` (its tags left out) has a line longer than
    :data:`HANG_MIN_CHARS` characters."""
    return any(len(line) > HANG_MIN_CHARS for line in _TAG.sub("", part).split("\n"))


def hang_code_lines(doc: QTextDocument) -> None:
    """Give every monospace line of ``doc`` (a code block's ``<pre>`` line; the caller
    skips slices without ``markdown_render.CODE_FONT``) a hanging indent: its wrapped continuation starts :data:`HANG_CHARS`
    characters right of the line's own leading spaces (tabs count 4; lines up to
    :data:`HANG_MIN_CHARS` characters are left alone), so a long line
    wraps without losing its place in the code (walk29 #3). Qt's HTML import drops a
    negative ``text-indent``, hence the block formats set here."""
    undo = doc.isUndoRedoEnabled()
    doc.setUndoRedoEnabled(False)  # an undo step per line doubled the time
    space: dict[str, float] = {}  # font key -> width of a space, px
    block = doc.begin()
    while block.isValid():
        text = block.text()
        if len(text) > HANG_MIN_CHARS:
            fmt = block.charFormat()
            if "monospace" in (fmt.fontFamilies() or ()):
                font = fmt.font()
                key = font.key()
                if key not in space:
                    space[key] = QFontMetricsF(font).horizontalAdvance(" ")
                lead = len(text) - len(text.lstrip(" \t"))
                hang = (sum(4 if c == "\t" else 1 for c in text[:lead]) + HANG_CHARS) * space[key]
                shape = block.blockFormat()
                shape.setLeftMargin(shape.leftMargin() + hang)
                shape.setTextIndent(-hang)
                QTextCursor(block).setBlockFormat(shape)
        block = block.next()
    doc.setUndoRedoEnabled(undo)


def _short_name(escaped_src: str) -> str:
    return f"{IMAGE_SCHEME}:{hashlib.blake2b(escaped_src.encode(), digest_size=12).hexdigest()}"


def fitted_width(room: float, ideal: float) -> int:
    """The width of a user's bubble text (px, walk51 #1): its widest line ``ideal`` with
    2 px to spare, at most ``room``; the lines laid out at ``room`` break the same there."""
    return int(min(room, int(ideal) + 2))


class SlicedDocument:
    """The HTML ``parts`` of one message as documents made by ``make`` (an empty
    document with the view's font and style sheet), laid out at ``width`` px; the slices
    of ``reuse`` whose HTML is the same are taken over; ``images``: decoded data-URL
    images by source (:func:`decoded`).

    ``shrink`` (a user's bubble, walk51 #1): once every slice is laid out at ``width``,
    they are laid out again at :func:`fitted_width` (their widest line), the width of the
    bubble drawn around them, so a right-to-left paragraph, aligned to the layout's
    right edge, lies inside the bubble; the lines break where they did."""

    def __init__(self, parts: Sequence[str], make: Callable[[], QTextDocument], width: float,
                 reuse: SlicedDocument | None = None, images: Mapping[str, QImage] | None = None,
                 *, shrink: bool = False) -> None:
        self._parts = tuple(parts) or ("",)
        self._images = dict(images or {})
        self._make = make
        self.shrink = shrink
        self._room = float(width)  # the width asked for (setTextWidth)
        self._width = float(width)  # the width laid out at: the room, or a shrunk one's fitted width
        self._fitted = not shrink  # laid out at its fitted width once laid out at the room
        self._docs: list[QTextDocument | None] = [None] * len(self._parts)
        self._laid: list[float] = [-1.0] * len(self._parts)
        self._corners: list[tuple[Corner, ...]] = [()] * len(self._parts)  # rounded, per slice
        self._height: float | None = None  # :meth:`height` until a slice is laid out again
        if reuse is not None:
            for i, part in enumerate(self._parts[:len(reuse._parts)]):
                if reuse._parts[i] != part:
                    break
                self._docs[i], self._laid[i] = reuse._docs[i], reuse._laid[i]
                self._corners[i] = reuse._corners[i]

    @property
    def parts(self) -> int:
        """How many slices the message has."""
        return len(self._parts)

    def last_top(self) -> float:
        """The top of the last slice built (document coordinates, px; 0 with none): a
        failed reply's error line starts its last slice (chatlook52)."""
        top = 0.0
        for _i, _doc, y in self._placed():
            top = y
        return top

    @property
    def chars(self) -> int:
        """Characters of HTML in all slices."""
        return sum(map(len, self._parts))

    @property
    def complete(self) -> bool:
        """Every slice is built and laid out at the current width (a ``shrink`` one: at
        its fitted width)."""
        return self._fitted and all(w == self._width for w in self._laid)

    def advance(self, budget_s: float) -> bool:
        """Build or re-lay out slices in order until ``budget_s`` seconds are spent (at
        least one slice per call); :attr:`complete` after it."""
        from chathub_desktop.gui.chat.markdown_render import CODE_FONT

        start = time.perf_counter()
        while True:
            for i, part in enumerate(self._parts):
                if self._laid[i] == self._width:
                    continue
                doc = self._docs[i]
                if doc is None:
                    doc = self._make()
                    doc.setHtml(self._with_resources(doc, part))
                    if CODE_FONT in part and _long_line(part):  # a code block's, not plain text's
                        hang_code_lines(doc)
                    self._docs[i] = doc
                self._lay_out(i, doc)
                if time.perf_counter() - start >= budget_s:
                    break
            if self._fitted or not all(w == self._width for w in self._laid):
                break
            self._fitted = True  # every slice at the room: now at its widest line's width
            self._width = fitted_width(self._room, self.idealWidth())
            if time.perf_counter() - start >= budget_s:
                break
        if all(d is not None for d in self._docs):
            self._images = {}  # each slice holds its own images now
        return self.complete

    def _lay_out(self, i: int, doc: QTextDocument) -> None:
        """Lay slice ``i`` (built: ``doc``) out at the current width."""
        if "<table" in self._parts[i]:
            fit_cut_tables(doc, self._parts[i], self._width)
        doc.setTextWidth(self._width)
        doc.size()  # the layout, now rather than at the first paint
        self._laid[i] = self._width
        self._height = None
        self._corners[i] = rounded_corners(doc) if "<table" in self._parts[i] else ()

    def _with_resources(self, doc: QTextDocument, part: str) -> str:
        """``part`` with each data-URL image renamed ``chathub-image:<digest>`` (Qt's
        HTML import never reads the data URL; a refused one gets no resource and is
        drawn blank), and ``doc`` given the images it shows."""
        def rename(m: re.Match[str]) -> str:
            name = _short_name(m.group(1))
            image = self._images.get(html.unescape(m.group(1)))
            if image is not None:
                doc.addResource(_IMAGE, QUrl(name), image)
            return f'<img src="{name}"'

        for src, image in self._images.items():  # stored attachments: short names already
            if not src.startswith("data:") and f'"{html.escape(src, quote=True)}"' in part:
                doc.addResource(_IMAGE, QUrl(src), image)
        return _IMG_SRC.sub(rename, part)

    def _shown(self) -> list[QTextDocument]:
        return [d for d in self._docs if d is not None]

    def _placed(self) -> Iterator[tuple[int, QTextDocument, float]]:
        """``(index, slice, top y)`` of each built slice, in order. Qt drops a document's
        first top margin and last bottom margin, and between blocks keeps the larger of
        the two; so the gap between two slices is what one document would have put
        between those paragraphs (without it, paragraphs met at each cut)."""
        y = 0.0
        before: QTextDocument | None = None
        for i, doc in enumerate(self._docs):
            if doc is None:
                continue
            if before is not None:
                y += max(before.lastBlock().blockFormat().bottomMargin(),
                         doc.firstBlock().blockFormat().topMargin())
            yield i, doc, y
            y += doc.size().height()
            before = doc

    def textWidth(self) -> float:  # noqa: N802 - the QTextDocument name it stands in for
        """The width asked for (:meth:`setTextWidth`), px; a ``shrink`` document's
        slices may be laid out narrower (:attr:`laid_width`)."""
        return self._room

    @property
    def laid_width(self) -> float:
        """The width the slices are (being) laid out at, px: the room, or a ``shrink``
        document's fitted width once it was laid out at the room."""
        return self._width

    def setTextWidth(self, width: float) -> None:  # noqa: N802 - as QTextDocument
        """Lay the slices out at ``width`` px from the next :meth:`advance` on (until
        then they keep their old layout); the same width again changes nothing."""
        if float(width) == self._room:
            return
        self._room = self._width = float(width)
        self._fitted = not self.shrink

    def idealWidth(self) -> float:  # noqa: N802 - as QTextDocument
        """The widest line of the slices built so far, px."""
        return max((d.idealWidth() for d in self._shown()), default=0.0)

    def height(self) -> float:
        """The height of the slices built so far with the gaps between them, px (kept
        until a slice is laid out: huge51, a streaming reply's rows asked it about 80
        times a second, each walking its slices)."""
        if self._height is None:
            bottom = 0.0
            for _i, doc, y in self._placed():
                bottom = y + doc.size().height()
            self._height = bottom
        return self._height

    def toPlainText(self) -> str:  # noqa: N802 - as QTextDocument
        """The text of the slices built so far, one line break between slices."""
        return "\n".join(d.toPlainText() for d in self._shown())

    def draw(self, painter: QPainter, palette: QPalette, visible: QRectF) -> None:
        """Paint the slices that meet ``visible`` (document coordinates) with the
        painter's origin at the document's top-left. A shown slice still laid out at an
        older width is laid out at the current one first (one slice, a few ms): drawn as
        it was, its lines ran past the new width and were cut there (walk37 #7: "Copy
        message (Ctrl+C) copies all o" after the window narrowed)."""
        for i, doc, y in self._placed():
            box = QRectF(0, y, self._width + 1, doc.size().height() + 1)
            if box.intersects(visible) and self._laid[i] != self._width:
                self._lay_out(i, doc)
            h = doc.size().height()
            box = QRectF(0, y, self._width + 1, h + 1)
            if box.intersects(visible):
                ctx = QAbstractTextDocumentLayout.PaintContext()
                ctx.palette = palette
                ctx.clip = box.intersected(visible).translated(0, -y)
                painter.save()
                painter.translate(0, y)
                painter.setClipRect(ctx.clip)
                corners = self._corners[i]
                if corners:  # code blocks and tables with round corners
                    clip_corners(painter, ctx.clip, corners)
                # cells on whole device pixels: two shaded cells meeting at a fractional x
                # (125 %) each blended half a pixel over the page, a lighter seam between
                # them (walk51 #7); the corners are antialiased by their clip and fill
                painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
                doc.documentLayout().draw(painter, ctx)
                if corners:
                    painter.setClipRect(ctx.clip)
                    paint_corners(painter, corners)
                painter.restore()
            if y + h > visible.bottom():
                return

    def end_rect(self) -> QRectF:
        """Where the text ends (document coordinates): a rectangle of no width and one
        line's height right after the last laid-out character; empty before any slice
        is built (the streaming caret sits here, walk29 #24)."""
        found = QRectF()
        for _i, doc, y in self._placed():
            block = doc.lastBlock()
            while block.isValid() and (not block.text() or block.layout().lineCount() == 0):
                block = block.previous()
            if block.isValid():
                layout = block.layout()
                line = layout.lineAt(layout.lineCount() - 1)
                top = layout.position().y() + line.y()
                found = QRectF(layout.position().x() + line.x() + line.naturalTextWidth(), y + top, 0, line.height())
        return found

    def anchor_at(self, pos: QPointF) -> str:
        """The link at ``pos`` (document coordinates), ``""`` for none."""
        for _i, doc, y in self._placed():
            if y <= pos.y() < y + doc.size().height():
                return str(doc.documentLayout().anchorAt(pos - QPointF(0, y)))
        return ""
