"""Rounded corners for a message's code blocks and tables (issue 29): ``QTextDocument``
draws a table's cells with square corners and has no radius, so the corners are rounded
around the document's own drawing. A table whose first row is shaded (a code block's
header or body, a Markdown table's header row) and that stands apart at the top (a top
margin: not the continuation of a block cut into slices) gets rounded top corners; the
same at the bottom with its last row. The document is drawn clipped to those corners (what
lies behind shows there), then each corner is filled again antialiased in its cell's
colour and, when the cell has a border, its arc is stroked in the border's colour.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QAbstractTextDocumentLayout,
    QColor,
    QPainter,
    QPainterPath,
    QPen,
    QTextDocument,
    QTextFrame,
    QTextTable,
)

from chathub_desktop.gui.design.tokens import Radius

__all__ = ["RADIUS", "Corner", "clip_corners", "paint_corners", "rounded_corners"]

#: The corner radius of a code block or table, px (the cells' padding keeps text clear of it).
RADIUS = float(Radius.LG)


@dataclass(frozen=True, slots=True)
class Corner:
    """One rounded corner: ``square`` is the ``RADIUS``-sided square of the table's
    corner (document coordinates), ``centre`` the centre of its arc, ``fill`` the corner
    cell's background, ``border`` its border colour (None: no border)."""

    square: QRectF
    centre: QPointF
    fill: QColor
    border: QColor | None


def _tables(frame: QTextFrame) -> Iterator[QTextTable]:
    for child in frame.childFrames():
        if isinstance(child, QTextTable):
            yield child
        yield from _tables(child)


def _corners_of(rect: QRectF, row: QTextTable, r: int, top: bool) -> list[Corner]:
    """The two corners of ``rect`` on the top (``top``) or bottom edge, taken from row
    ``r``'s first and last cells; none when those cells are not shaded."""
    found = []
    for col, left in ((0, True), (row.columns() - 1, False)):
        cell = row.cellAt(r, col).format().toTableCellFormat()
        if cell.background().style() == Qt.BrushStyle.NoBrush:
            return []
        width = cell.leftBorder() if left else cell.rightBorder()
        border = (cell.leftBorderBrush() if left else cell.rightBorderBrush()).color() if width > 0 else None
        x = rect.left() if left else rect.right() - RADIUS
        y = rect.top() if top else rect.bottom() - RADIUS
        square = QRectF(x, y, RADIUS, RADIUS)
        centre = QPointF(x + RADIUS if left else x, y + RADIUS if top else y)
        found.append(Corner(square, centre, cell.background().color(), border))
    return found


def _outer_rect(layout: QAbstractTextDocumentLayout, table: QTextTable) -> QRectF:
    """Where ``table`` is painted, its cells' borders included. Qt's frame rectangle of a
    table starts at its first cell's text (past that cell's padding and one and a half
    borders, the collapsed border model) and is as wide as the table less half of each
    side border; the bottom is the last row's text, padding and border."""
    frame = layout.frameBoundingRect(table)
    first = table.cellAt(0, 0).format().toTableCellFormat()
    right = table.cellAt(0, table.columns() - 1).format().toTableCellFormat()
    left = frame.left() - first.leftPadding() - 1.5 * first.leftBorder()
    top = frame.top() - first.topPadding() - 1.5 * first.topBorder()
    width = frame.width() - (first.leftBorder() + right.rightBorder()) / 2
    bottom = top
    for col in range(table.columns()):
        cell = table.cellAt(table.rows() - 1, col)
        f = cell.format().toTableCellFormat()
        text = layout.blockBoundingRect(cell.lastCursorPosition().block())
        bottom = max(bottom, text.bottom() + f.bottomPadding() + f.bottomBorder())
    return QRectF(left, top, width, bottom - top)


def rounded_corners(doc: QTextDocument) -> tuple[Corner, ...]:
    """The corners of ``doc``'s tables to round (laid-out document coordinates)."""
    layout = doc.documentLayout()
    corners: list[Corner] = []
    for table in _tables(doc.rootFrame()):
        fmt = table.format()
        rect = _outer_rect(layout, table)
        if rect.width() < 3 * RADIUS or rect.height() < 2 * RADIUS or table.rows() == 0:
            continue
        if fmt.topMargin() > 0:
            corners += _corners_of(rect, table, 0, True)
        if fmt.bottomMargin() > 0:
            corners += _corners_of(rect, table, table.rows() - 1, False)
    return tuple(corners)


def _outside(c: Corner) -> QPainterPath:
    """The part of ``c``'s square outside its arc."""
    square = QPainterPath()
    square.addRect(c.square)
    circle = QPainterPath()
    circle.addEllipse(c.centre, RADIUS, RADIUS)
    return square.subtracted(circle)


def clip_corners(painter: QPainter, area: QRectF, corners: tuple[Corner, ...]) -> None:
    """Clip ``painter`` (within ``area``) to leave out the outside of each corner."""
    path = QPainterPath()
    path.addRect(area)
    for c in corners:
        if c.square.intersects(area):
            path = path.subtracted(_outside(c))
    painter.setClipPath(path, Qt.ClipOperation.IntersectClip)


def paint_corners(painter: QPainter, corners: tuple[Corner, ...]) -> None:
    """Fill each corner's inside again, antialiased, and stroke its border arc (after
    the document was drawn through :func:`clip_corners`)."""
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    for c in corners:
        inside = QPainterPath()
        inside.addRect(c.square)
        inside = inside.subtracted(_outside(c))
        painter.fillPath(inside, c.fill)
        if c.border is not None:
            arc = QPainterPath()
            box = QRectF(c.centre.x() - RADIUS + 0.5, c.centre.y() - RADIUS + 0.5, 2 * RADIUS - 1, 2 * RADIUS - 1)
            start = {(True, True): 90.0, (False, True): 0.0, (True, False): 180.0, (False, False): 270.0}[
                (c.centre.x() > c.square.left(), c.centre.y() > c.square.top())]
            arc.arcMoveTo(box, start)
            arc.arcTo(box, start, 90.0)
            painter.strokePath(arc, QPen(c.border, 1.0))
    painter.restore()
