"""The "‹ 2 / 3 ›" arrows of a message with versions (issue 14 "Regenerate and
edit-and-resend"): geometry and painting for :class:`~chathub_desktop.gui.chat.message_delegate.MessageDelegate`.

They sit on the footer line under the bubble: after the usage text of a reply, at the
right edge under a user message. ``‹`` shows the previous version, ``›`` the next; an
arrow at the first or last version is drawn muted and does nothing. Each arrow is a
:data:`HIT` px square hit target (chatlook52: the pill was ~10 px tall, walk52 #8); the
list names them in a tooltip ("Previous version", "Next version").
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QRect, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetrics, QPainter

from chathub_desktop.gui.design.tokens import Radius, Space
from chathub_desktop.gui.shell.i18n import QT_TRANSLATE_NOOP

PREV, NEXT = "‹", "›"
#: The arrows' names: their tooltips and the row's accessible description (the menu's words).
PREV_TIP = QT_TRANSLATE_NOOP("MessageList", "Previous version")
NEXT_TIP = QT_TRANSLATE_NOOP("MessageList", "Next version")
#: Pixels between the usage text and the arrows.
GAP = 12
#: An arrow's least side, px: a hit target a pointer finds (WCAG 2.5.8's 24 px).
HIT = int(Space.XXL)


@dataclass(frozen=True)
class ArrowRects:
    """Row-coordinate rectangles of ``‹``, the ``"2 / 3"`` label and ``›``; ``index`` and
    ``total`` (from 1) say which arrows do something."""

    prev: QRect
    label: QRect
    next: QRect
    index: int
    total: int

    @property
    def text(self) -> str:
        """``"2 / 3"``."""
        return f"{self.index} / {self.total}"

    def hit(self, x: int, y: int) -> int:
        """-1 on an active ``‹``, +1 on an active ``›``, 0 elsewhere (row coordinates)."""
        side = self.side(x, y)
        return side if (side < 0 and self.index > 1) or (side > 0 and self.index < self.total) else 0

    def side(self, x: int, y: int) -> int:
        """-1 on ``‹``, +1 on ``›`` (active or not), 0 elsewhere (row coordinates)."""
        if self.prev.contains(x, y):
            return -1
        return 1 if self.next.contains(x, y) else 0


def arrow_rects(fm: QFontMetrics, bubble: QRect, footer: str, right_aligned: bool,
                versions: tuple[int, int]) -> ArrowRects:
    """Where the arrows of ``versions`` (``(index, total)``) go on the footer line under
    ``bubble``: after ``footer``'s text, or ending at the bubble's right edge when
    ``right_aligned`` (user messages). ``fm``: the footer font's metrics."""
    index, total = versions
    arrow_w = max(fm.horizontalAdvance(PREV) + 12, HIT)
    label_w = fm.horizontalAdvance(f"{total} / {total}") + 8
    h = line_height(fm)
    y = bubble.bottom() + 3
    width = 2 * arrow_w + label_w
    if right_aligned:
        x = bubble.right() - width
    else:
        used = fm.horizontalAdvance(footer.strip())
        x = bubble.left() + 2 + (used + GAP if used else 0)
    return ArrowRects(QRect(x, y, arrow_w, h), QRect(x + arrow_w, y, label_w, h),
                      QRect(x + arrow_w + label_w, y, arrow_w, h), index, total)


def line_height(fm: QFontMetrics) -> int:
    """The footer line's height (px) when it carries the arrows: :data:`HIT` at least."""
    return max(fm.height() + 2, HIT)


def paint_arrows(painter: QPainter, rects: ArrowRects, active: QColor, muted: QColor, bg: QColor) -> None:
    """Draw ``‹ 2 / 3 ›`` on a ``bg`` pill (the painter's font is the footer font; the
    arrows are drawn bold, an arrow with nothing beyond it in ``muted``)."""
    whole = rects.prev.united(rects.next)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(bg)
    painter.drawRoundedRect(QRectF(whole).adjusted(0.5, 0.5, -0.5, -0.5), Radius.LG, Radius.LG)
    painter.setPen(muted)
    painter.drawText(rects.label, Qt.AlignmentFlag.AlignCenter, rects.text)
    bold = QFont(painter.font())
    bold.setBold(True)
    painter.setFont(bold)
    painter.setPen(active if rects.index > 1 else muted)
    painter.drawText(rects.prev, Qt.AlignmentFlag.AlignCenter, PREV)
    painter.setPen(active if rects.index < rects.total else muted)
    painter.drawText(rects.next, Qt.AlignmentFlag.AlignCenter, NEXT)
