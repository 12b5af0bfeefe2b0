"""Where the parts of a message row go (APP-10): the geometry
:class:`~chathub_desktop.gui.chat.message_delegate.MessageDelegate` paints and hit-tests.

:func:`layout_row` lays one row out at a width — its header texts, the bubble (none
under a plain reply, walk29 #4) with its document or one-line label, the attachment
strip (issue 14), the footer line and the "covered by summary" marker (CMP-2) —
:func:`header_places` places the header line's parts and :func:`caret_of` the
streaming caret (walk29 #24). Sizes are px; nothing here paints or caches.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QRect
from PySide6.QtGui import QFontMetrics, QPalette

from chathub_desktop.core.messages import RETRYABLE_STATUSES, MessageStatus, Role
from chathub_desktop.gui.chat import attachment_thumbs as thumbs
from chathub_desktop.gui.chat.message_colors import row_colors as _colors
from chathub_desktop.gui.chat.message_documents import MessageDocuments, symbol
from chathub_desktop.gui.chat.message_texts import (
    collapsed_label,
    cut_off_text,
    said,
    stats_text,
    time_text,
)
from chathub_desktop.gui.chat.row_env import AVATAR, RowFonts
from chathub_desktop.gui.chat.sliced_document import SlicedDocument, fitted_width
from chathub_desktop.gui.chat.version_arrows import line_height
from chathub_desktop.gui.design.tokens import Width
from chathub_desktop.gui.shell.i18n import QT_TRANSLATE_NOOP
from chathub_desktop.services.views import MessageView

MARGIN_X = 16  # px, row edge to bubble
MARGIN_Y = 6  # px, between rows
PAD = 10  # px, inside a bubble
PLAIN_PAD_Y = 2  # px, above and below a reply drawn without a bubble (walk29 #4)
HEADER_GAP = 3  # px, header line to bubble
CHIP_PAD = 6  # px, left and right inside the model chip
CARET_W = 2  # px, the streaming caret's width (walk29 #24)
FOOTER_GAP = 3  # px, bubble to footer line
MAX_BUBBLE = 900  # px, widest bubble
USER_FRACTION = 0.8  # of the row width, for user bubbles
READING_WIDTH = Width.READING  # px, the conversation's column; a wider list centres it
MARKER_H = 24  # px, the "covered by summary" marker under the cursor row

COLLAPSIBLE_TYPES = frozenset({"thoughts", "reasoning_recap"})
#: Before the header of a pinned message (issue 19).
PIN_EMOJI, PIN_FALLBACK = "📌", QT_TRANSLATE_NOOP("MessageList", "[pinned]")
#: A reply's status tag (``MessageList`` sources, translated where drawn).
STATUS_TAGS: dict[MessageStatus, str] = {
    MessageStatus.CANCELLED: QT_TRANSLATE_NOOP("MessageList", "stopped"),
    MessageStatus.INTERRUPTED: QT_TRANSLATE_NOOP("MessageList", "interrupted"),
    MessageStatus.STREAMING: QT_TRANSLATE_NOOP("MessageList", "writing…"),
    MessageStatus.ERROR: QT_TRANSLATE_NOOP("MessageList", "error"),
    MessageStatus.CUT: QT_TRANSLATE_NOOP("MessageList", "cut"),
}
#: The author shown before the time on rows that are not replies.
AUTHORS: dict[Role, str] = {Role.USER: QT_TRANSLATE_NOOP("MessageList", "You"),
                            Role.TOOL: QT_TRANSLATE_NOOP("MessageList", "Tool"),
                            Role.SYSTEM: QT_TRANSLATE_NOOP("MessageList", "System")}


def is_collapsible(m: MessageView) -> bool:
    """Tool results and hidden reasoning are drawn as one clickable line."""
    return m.role == Role.TOOL or m.content_type in COLLAPSIBLE_TYPES


def is_plain(m: MessageView) -> bool:
    """A reply drawn as text on the page, without a bubble (walk29 #4): an assistant
    reply that is not an error nor a collapsible row."""
    return m.role == Role.ASSISTANT and m.status != MessageStatus.ERROR and not is_collapsible(m)


def keeps_text(m: MessageView) -> bool:
    """A failed reply with text that came before the failure: the text is set as a
    plain reply's, only its error line boxed (chatlook52, walk52 #9)."""
    return m.role == Role.ASSISTANT and m.status == MessageStatus.ERROR and bool(m.content.strip())


@dataclass(frozen=True)
class RowHeader:
    """Row-coordinate places of a header line's parts; an empty rectangle: not shown."""

    avatar: QRect
    name: QRect
    chip: QRect
    time: QRect
    tag: QRect


@dataclass
class RowLayout:
    """A message row laid out (:func:`layout_row`); places in row coordinates, px."""

    header: str  # user, tool and system rows: "You · 12:34"; replies: the time
    tag: str
    footer: str
    bubble: QRect  # in row coordinates
    doc: SlicedDocument | None
    label: str  # collapsed one-liner ("" for document rows)
    height: int
    marker_y: int = -1  # top of the summary marker in row coordinates (-1: none)
    strip: QRect = QRect()  # attachment thumbnails under the bubble (issue 14), row coordinates
    pad: tuple[int, int] = (PAD, PAD)  # px inside the bubble: left and right, top and bottom
    stats: str = ""  # the stats line, drawn while the row is hovered or current (walk39)
    column: tuple[int, int] = (0, 0)  # the reading column's left and right edges, row coordinates


def layout_row(m: MessageView, expanded: bool, width: int, pal: QPalette, fonts: RowFonts, docs: MessageDocuments,
               gutter: int, boundary: bool = False, footer_line: bool = False) -> RowLayout:
    """Row ``m`` laid out in a list ``width`` px wide in ``pal``'s theme with ``fonts``:
    its header texts, bubble and document (from ``docs``; a collapsible row
    ``expanded`` or not), attachment strip, footer line (``footer_line``: one for the
    version arrows even when there is no other footer) and the summary marker under it
    (``boundary``). The reading column is centred under the whole chat, the right
    ``gutter`` (px, the jump buttons') included."""
    colors, dark = _colors(pal)
    small, fm = fonts.sfm, fonts.fm
    room = max(120, width - 2 * MARGIN_X)
    avail = min(room, READING_WIDTH)  # a centred reading column on a wide window (walk36 #1)
    # centred under the whole chat, the jump buttons' gutter and the topic bar included,
    # so it lines up with the composer's card (issue 29); never into the gutter
    extra = room - avail
    left = MARGIN_X + min(extra, (extra + gutter) // 2)
    # a reply's name and model are drawn apart (header_places); its text part is the time
    author = said(AUTHORS.get(m.role, ""))
    header = f"{author} · {time_text(m.created_at)}" if author else time_text(m.created_at)
    if m.pinned:
        header = f"{symbol(PIN_EMOJI, said(PIN_FALLBACK))} {header}"
    tag = said(STATUS_TAGS.get(m.status, ""))
    reply = m.role == Role.ASSISTANT and not is_collapsible(m)
    footer, stats = (cut_off_text(m), stats_text(m)) if reply else ("", "")
    if stats and not footer:
        footer = " "  # the stats' line: the same height hovered or not
    if m.role == Role.ASSISTANT and m.status in RETRYABLE_STATUSES and not footer:
        footer = " "  # the line the Retry pill sits on (same height on every row)
    if footer_line and not footer:
        footer = " "  # the line of the version arrows (issue 14)
    y = MARGIN_Y + fonts.header_h + HEADER_GAP
    max_w = min(MAX_BUBBLE, avail if m.role != Role.USER else int(avail * USER_FRACTION))
    pad_x, pad_y = pad = (0, PLAIN_PAD_Y) if is_plain(m) else (0, PAD) if keeps_text(m) else (PAD, PAD)
    doc: SlicedDocument | None = None
    label = ""
    if is_collapsible(m) and not expanded:
        label = collapsed_label(m, expanded)
        w = min(max_w, fm.horizontalAdvance(label) + 2 * pad_x + 4)
        h = fm.height() + 2 * 6
    else:
        if is_collapsible(m):
            label = collapsed_label(m, expanded)
        doc = docs.document(m, dark, colors, max_w - 2 * pad_x)
        doc_w = max_w - 2 * pad_x
        if m.role == Role.USER:
            # a bubble as wide as its widest line, the width its document is laid out at
            # (walk51 #1: laid out wider, a right-to-left line lay right of the bubble)
            doc_w = fitted_width(doc_w, doc.idealWidth())
        w = max(doc_w, fm.horizontalAdvance(label) if label else 0) + 2 * pad_x
        h = int(doc.height()) + 2 * pad_y + (fm.height() + 6 if label else 0)
    strip = QRect()
    if m.attachments:  # thumbnails and file chips inside the bubble, under its text (issue 14)
        size = thumbs.strip_size(m, fm, max_w - 2 * pad_x)
        w = max(w, size.width() + 2 * pad_x)
        strip = QRect(pad_x, h - pad_y + thumbs.GAP, size.width(), size.height())  # bubble coordinates
        h += thumbs.GAP + size.height()
    x = left + (avail - w if m.role == Role.USER else 0)
    bubble = QRect(x, y, w, h)
    if m.attachments:
        strip = strip.translated(x, y)
    line = footer_height(m, footer_line, small)
    height = y + h + (FOOTER_GAP + line if footer else 0) + MARGIN_Y
    marker_y = -1
    if boundary:
        marker_y = height
        height += MARKER_H
    return RowLayout(header, tag, footer, bubble, doc, label, height, marker_y, strip, pad, stats,
                     (left, left + avail))


#: The summary divider's tooltip (walk52b #6; CMP-2: the summary replaces those messages).
MARKER_TIP = QT_TRANSLATE_NOOP("MessageList", "The model gets the topic summary instead of the messages above "
                                              "this line. Click to read the summary (Ctrl+Shift+S).")
#: The Retry pill's tooltip and, on its row, the accessible description's words (walk52b #7).
RETRY_TIP = QT_TRANSLATE_NOOP("MessageList", "Retry: ask for this reply again")
#: The Continue pill's label, tooltip and, on its row, the accessible description's words (walk53b #4).
CONTINUE_LABEL = QT_TRANSLATE_NOOP("MessageList", "Continue")
CONTINUE_TIP = QT_TRANSLATE_NOOP("MessageList", "Continue: the model writes on where this reply stopped, "
                                                "into the same reply")


def footer_height(m: MessageView, footer_line: bool, small: QFontMetrics) -> int:
    """The footer line's height (px, ``small``: its font's metrics): tall enough for a hit
    target (:func:`~chathub_desktop.gui.chat.version_arrows.line_height`) when it carries the
    version arrows (``footer_line``), a failed, stopped or cut reply's Retry pill
    (walk52b #7: the pill was ~11 px high) or a reply's Continue (walk53b #4), else one
    line of text."""
    pill = m.role == Role.ASSISTANT and m.status in RETRYABLE_STATUSES or m.continuable  # Retry or Continue
    return line_height(small) if footer_line or pill else small.height()


def header_places(m: MessageView, lay: RowLayout, fonts: RowFonts, assistant_name: str) -> RowHeader:
    """Where the parts of ``m``'s header line go (row coordinates): a reply's round
    initial, name, model chip, time, status tag and receipt icon from the left; a user
    message's "You · 12:34" and tag at the bubble's right edge; another row's at its
    left (walk29 #4). ``assistant_name``: the name a reply's header shows."""
    sfm, hh = fonts.sfm, fonts.header_h
    ty = MARGIN_Y + (hh - sfm.height()) // 2
    tag_w = sfm.horizontalAdvance(lay.tag) + 12 if lay.tag else 0
    none = QRect()
    if m.role != Role.ASSISTANT:
        header_w = sfm.horizontalAdvance(lay.header)
        total_w = header_w + (tag_w + 6 if lay.tag else 0)
        hx = lay.bubble.right() - total_w + 1 if m.role == Role.USER else lay.bubble.left() + 2
        tag = QRect(hx + header_w + 6, ty, tag_w, sfm.height()) if lay.tag else none
        return RowHeader(none, none, none, QRect(hx, ty, header_w + 2, sfm.height()), tag)
    x = lay.bubble.left()
    avatar = QRect(x, MARGIN_Y + (hh - AVATAR) // 2, AVATAR, AVATAR)
    name_w = fonts.bold_fm.horizontalAdvance(assistant_name) + 2
    name = QRect(avatar.right() + 1 + 8, ty, name_w, sfm.height())
    x = name.right() + 1 + 6
    chip = none
    if m.model:
        chip = QRect(x, ty, sfm.horizontalAdvance(m.model) + 2 * CHIP_PAD, sfm.height())
        x = chip.right() + 1 + 6
    time = QRect(x, ty, sfm.horizontalAdvance(lay.header) + 2, sfm.height())
    x = time.right() + 1 + 6
    tag = QRect(x, ty, tag_w, sfm.height()) if lay.tag else none
    return RowHeader(avatar, name, chip, time, tag)


def caret_of(lay: RowLayout) -> QRect:
    """The caret of ``lay``'s text end (row coordinates): a bar of :data:`CARET_W` px."""
    if lay.doc is None:
        return QRect()
    end = lay.doc.end_rect()
    if end.height() <= 0:
        return QRect()
    x = lay.bubble.left() + lay.pad[0] + round(end.x()) + 2
    y = lay.bubble.top() + lay.pad[1] + round(end.y()) + 2
    return QRect(x, y, CARET_W, max(4, round(end.height()) - 4))
