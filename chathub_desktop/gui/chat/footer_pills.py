"""The pills on a reply's footer line (split from ``message_delegate``): **↻ Retry** on
the topic's last reply that failed, was stopped or was interrupted (issue 12, walk52b
#7) and **Continue** on its last reply cut at the length limit (walk53b #4). Where each
goes (beside the note and version arrows, not at the far edge: walk36) and how it is
painted; the delegate asks, the view hit-tests their rectangles."""

from __future__ import annotations

from PySide6.QtCore import QRect, QRectF, Qt
from PySide6.QtGui import QColor, QFontMetrics, QPainter, QPen

from chathub_desktop.core.messages import RETRYABLE_STATUSES, MessageStatus, Role
from chathub_desktop.gui.chat.message_colors import RowColors
from chathub_desktop.gui.chat.message_layout import CONTINUE_LABEL, FOOTER_GAP, RowLayout
from chathub_desktop.gui.chat.message_list_model import RowFace
from chathub_desktop.gui.chat.message_texts import said
from chathub_desktop.gui.chat.version_arrows import HIT, ArrowRects, line_height
from chathub_desktop.gui.design.icons import Icon, icon
from chathub_desktop.gui.design.tokens import IconSize, Radius, Space
from chathub_desktop.gui.shell.i18n import QT_TRANSLATE_NOOP

__all__ = ["PILL_GAP", "RETRY_LABEL", "continue_pill", "offers_continue", "offers_retry", "paint_continue",
           "paint_retry", "retry_pill"]

PILL_GAP = 10  # px, the note or version arrows to a pill
RETRY_LABEL = QT_TRANSLATE_NOOP("MessageList", "↻ Retry")


def offers_retry(face: RowFace) -> bool:
    """The row is the topic's last, a reply that failed, was stopped or was interrupted."""
    m = face.view
    return m.role == Role.ASSISTANT and m.status in RETRYABLE_STATUSES and face.last


def offers_continue(face: RowFace) -> bool:
    """The row is the topic's last, a finished reply cut at the length limit (REF-12)."""
    return face.last and face.view.role == Role.ASSISTANT and face.view.continuable


def _place(sfm: QFontMetrics, lay: RowLayout, arrows: ArrowRects | None, width: int) -> QRect:
    """A pill ``width`` px wide on the footer line (row coordinates; ``sfm``: the footer
    font's metrics): after the note, or after the version arrows on their line; as tall
    as a hit target (walk52b #7)."""
    used = sfm.horizontalAdvance(lay.footer.strip())
    x = lay.bubble.left() + 2 + (used + PILL_GAP if used else 0)
    if arrows is not None:
        x = arrows.next.right() + 1 + PILL_GAP
    return QRect(x, lay.bubble.bottom() + FOOTER_GAP, max(width, HIT), line_height(sfm))


def retry_pill(sfm: QFontMetrics, lay: RowLayout, arrows: ArrowRects | None) -> QRect:
    """Where the Retry pill goes (row coordinates)."""
    return _place(sfm, lay, arrows, sfm.horizontalAdvance(said(RETRY_LABEL)) + 2 * int(Space.LG))


def continue_pill(sfm: QFontMetrics, lay: RowLayout, arrows: ArrowRects | None) -> QRect:
    """Where the Continue pill (icon and word) goes (row coordinates)."""
    return _place(sfm, lay, arrows,
                  IconSize.SM + Space.XS + sfm.horizontalAdvance(said(CONTINUE_LABEL)) + 2 * int(Space.LG))


def _pill(painter: QPainter, pill: QRect, border: QColor, colors: RowColors) -> None:
    """A tag-coloured pill at ``pill`` with a ``border``-coloured outline."""
    painter.setPen(QPen(border, 1))
    painter.setBrush(colors.tag_bg)
    painter.drawRoundedRect(QRectF(pill).adjusted(0.5, 0.5, -0.5, -0.5), Radius.LG, Radius.LG)


def paint_retry(painter: QPainter, pill: QRect, colors: RowColors, status: MessageStatus) -> None:
    """The Retry pill at ``pill`` (the painter's font is the footer font): a failed
    reply's in the error colours."""
    failed = status == MessageStatus.ERROR
    _pill(painter, pill, colors.error_border if failed else colors.border, colors)
    painter.setPen(colors.error_text if failed else colors.text)
    painter.drawText(pill, Qt.AlignmentFlag.AlignCenter, said(RETRY_LABEL))


def paint_continue(painter: QPainter, pill: QRect, colors: RowColors, sfm: QFontMetrics) -> None:
    """The Continue pill at ``pill``: its icon and word centred (the painter's font is
    the footer font, ``sfm`` its metrics)."""
    label = said(CONTINUE_LABEL)
    _pill(painter, pill, colors.border, colors)
    text_w = sfm.horizontalAdvance(label)
    x = pill.left() + (pill.width() - (IconSize.SM + Space.XS + text_w)) // 2
    icon(Icon.CONTINUE).paint(painter, QRect(x, pill.center().y() - IconSize.SM // 2, IconSize.SM, IconSize.SM))
    painter.setPen(colors.text)
    painter.drawText(QRect(x + IconSize.SM + Space.XS, pill.top(), text_w + 2, pill.height()),
                     Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, label)
