"""Attachment thumbnails under a message bubble (issue 14): the strip's layout, its
painting, and a cache of decoded thumbnails loaded off the GUI thread.

Images show as thumbnails at most :data:`THUMB` px; files as a chip with their name.
The message delegate asks :func:`strip_size` for the room to keep under the bubble and
calls :func:`paint_strip`; :func:`hit` maps a click to the attachment under it.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable

from PySide6.QtCore import QObject, QRect, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFontMetrics, QImage, QPainter, QPalette, QPixmap

from chathub_desktop.core.attachments import AttachmentKind
from chathub_desktop.services.views import MessageView

#: Longest edge of a thumbnail, px.
THUMB = 96
#: Height of a file chip, px.
CHIP_H = 26
#: Gap between items and above the strip, px.
GAP = 6
#: Thumbnails kept decoded.
CACHE_SIZE = 200


def file_icon() -> str:
    """📄, or ``≡`` where no installed font has it."""
    from chathub_desktop.gui.chat.message_documents import (
        symbol,  # the delegate imports this module
    )

    return symbol("📄", "≡")


def _thumb_size(meta: dict[str, object]) -> QSize:
    w, h = meta.get("width"), meta.get("height")
    if not (isinstance(w, int) and isinstance(h, int) and w > 0 and h > 0):
        return QSize(THUMB, THUMB)
    f = min(1.0, THUMB / max(w, h))
    return QSize(max(16, round(w * f)), max(16, round(h * f)))


def item_rects(m: MessageView, fm: QFontMetrics, max_width: int) -> list[tuple[QRect, dict[str, object]]]:
    """Each attachment's rectangle relative to the strip's top-left (wrapping at
    ``max_width`` px) with its metadata dict."""
    out: list[tuple[QRect, dict[str, object]]] = []
    x = y = row_h = 0
    for meta in m.attachments:
        if meta.get("kind") == AttachmentKind.IMAGE:
            size = _thumb_size(meta)
        else:
            name = str(meta.get("name", "file"))
            size = QSize(min(max_width, fm.horizontalAdvance(f"{file_icon()} {name}") + 20), CHIP_H)
        if x and x + size.width() > max_width:
            x, y, row_h = 0, y + row_h + GAP, 0
        out.append((QRect(x, y, size.width(), size.height()), meta))
        x += size.width() + GAP
        row_h = max(row_h, size.height())
    return out


def strip_size(m: MessageView, fm: QFontMetrics, max_width: int) -> QSize:
    """Room the strip needs (0×0 without attachments), px."""
    rects = item_rects(m, fm, max_width)
    if not rects:
        return QSize(0, 0)
    return QSize(max(r.right() for r, _ in rects) + 1, max(r.bottom() for r, _ in rects) + 1)


def hit(m: MessageView, fm: QFontMetrics, max_width: int, origin_x: int, origin_y: int,
        x: int, y: int) -> dict[str, object] | None:
    """The metadata of the attachment at ``(x, y)`` for a strip whose top-left is at
    ``(origin_x, origin_y)``, or ``None``."""
    for rect, meta in item_rects(m, fm, max_width):
        if rect.translated(origin_x, origin_y).contains(x, y):
            return meta
    return None


class ThumbnailCache(QObject):
    """Decoded thumbnails by SHA-256. :meth:`pixmap` returns one or starts loading it
    (``load(sha) -> QImage`` runs on a worker thread via ``start``) and emits
    :attr:`changed` when it arrives, so the view repaints."""

    changed = Signal()

    def __init__(self, start: Callable[[str], None], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._start = start
        self._pixmaps: OrderedDict[str, QPixmap] = OrderedDict()
        self._pending: set[str] = set()
        self._failed: set[str] = set()

    def pixmap(self, sha: str) -> QPixmap | None:
        """The thumbnail of ``sha`` when decoded, else ``None`` (loading starts once)."""
        pm = self._pixmaps.get(sha)
        if pm is not None:
            self._pixmaps.move_to_end(sha)
            return pm
        if sha not in self._pending and sha not in self._failed:
            self._pending.add(sha)
            self._start(sha)
        return None

    def deliver(self, sha: str, image: QImage | None) -> None:
        """A thumbnail decoded on a worker (``None``/null: unreadable); GUI thread."""
        self._pending.discard(sha)
        if image is None or image.isNull():
            self._failed.add(sha)
            return
        self._pixmaps[sha] = QPixmap.fromImage(image)
        while len(self._pixmaps) > CACHE_SIZE:
            self._pixmaps.popitem(last=False)
        self.changed.emit()


def paint_strip(painter: QPainter, m: MessageView, left: int, top: int, max_width: int,
                fm: QFontMetrics, pal: QPalette, cache: ThumbnailCache | None) -> None:
    """Draw the attachments of ``m`` with the strip's top-left at ``(left, top)``."""
    border = pal.color(QPalette.ColorRole.Mid)
    for rect, meta in item_rects(m, fm, max_width):
        r = rect.translated(left, top)
        if meta.get("kind") == AttachmentKind.IMAGE:
            pm = cache.pixmap(str(meta.get("sha256", ""))) if cache is not None else None
            if pm is not None:
                painter.drawPixmap(r, pm)
            else:
                painter.setPen(Qt.PenStyle.NoPen)
                painter.setBrush(QColor(128, 128, 128, 50))
                painter.drawRoundedRect(r, 6, 6)
            painter.setPen(border)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(r.adjusted(0, 0, -1, -1), 6, 6)
        else:
            painter.setPen(border)
            painter.setBrush(pal.color(QPalette.ColorRole.AlternateBase))
            painter.drawRoundedRect(r.adjusted(0, 0, -1, -1), 8, 8)
            painter.setPen(pal.color(QPalette.ColorRole.Text))
            label = fm.elidedText(f"{file_icon()} {meta.get('name', 'file')}", Qt.TextElideMode.ElideMiddle,
                                  r.width() - 16)
            painter.drawText(r.adjusted(8, 0, -8, 0), Qt.AlignmentFlag.AlignVCenter, label)
