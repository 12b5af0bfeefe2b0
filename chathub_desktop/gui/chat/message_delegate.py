"""Paints message rows as chat bubbles (APP-10): no widget per message.

Each row is one rendered document (Markdown → HTML with highlighted code, see
:mod:`chathub_desktop.gui.chat.markdown_render`, as slices made and cached by
:mod:`chathub_desktop.gui.chat.message_documents`) plus a header (author · time · tag) and,
for assistant replies, a footer line: "⚠ cut off at max tokens" at all times, the usage
stats ("in 366 · out 1,682") at its right end only while the reply is hovered or current
(:attr:`MessageDelegate.revealed_id`, set by the view; walk39). A width change only re-lays out the SAME
document, so scrolling and resizing always reuse the highlighted rendering (never a
plain-text fallback). ``sizeHint`` reads the cached document's height; only the part of
a row inside the viewport is painted.

Row kinds: user (a tinted bubble on the right), assistant (plain text on the page under
a header line of the assistant's round avatar, the name, a model chip and the time:
walk29 #4; its receipt ⓘ is on the hover action bar, chatlook52), tool (collapsed to one line, click to expand), ``thoughts``/``reasoning_recap`` (collapsed "Thought process"), error (red,
with the provider's message), cancelled/interrupted (a small tag). A reply that ended
that way gets a footer line; on the topic's last row it carries a "↻ Retry" pill
(:meth:`MessageDelegate.retry_rect`, clicked through the view; issue 12; a finished
reply is regenerated from the hover bar, walk29 #6); a finished last reply cut at the
length limit carries a "Continue" pill beside its note (:meth:`MessageDelegate.continue_rect`,
walk53b #4), and a message with versions the
"‹ 2 / 3 ›" arrows (:meth:`MessageDelegate.version_hit`,
:mod:`chathub_desktop.gui.chat.version_arrows`; issue 14).

A reply being written gets a caret after its last character (:meth:`MessageDelegate.caret_rect`,
blinked by the view: walk29 #24).

The row of the last message the topic summary covers gets a thin dashed marker line
under it, "Messages above are sent as the topic summary · View summary" (CMP-2): extra
height on that one row, no extra widget or row; a click on it shows the summary.

Where each part of a row goes is :mod:`~chathub_desktop.gui.chat.message_layout`'s;
this module keeps the laid-out rows and paints them.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass

from PySide6.QtCore import (
    QModelIndex,
    QPersistentModelIndex,
    QPoint,
    QPointF,
    QRect,
    QRectF,
    QSize,
    Qt,
)
from PySide6.QtGui import (
    QColor,
    QPainter,
    QPalette,
    QPen,
)
from PySide6.QtWidgets import QListView, QStyledItemDelegate, QStyleOptionViewItem

from chathub_desktop.core.messages import MessageStatus, Role
from chathub_desktop.gui.chat import attachment_thumbs as thumbs
from chathub_desktop.gui.chat.attachment_thumbs import ThumbnailCache
from chathub_desktop.gui.chat.footer_pills import (
    PILL_GAP,
    continue_pill,
    offers_continue,
    offers_retry,
    paint_continue,
    paint_retry,
    retry_pill,
)
from chathub_desktop.gui.chat.message_colors import RowColors as _Colors
from chathub_desktop.gui.chat.message_colors import row_colors as _colors
from chathub_desktop.gui.chat.message_documents import MessageDocuments, RenderedPage, key_of
from chathub_desktop.gui.chat.message_layout import (
    FOOTER_GAP,
    MARKER_H,
    RowHeader,
    RowLayout,
    caret_of,
    footer_height,
    header_places,
    is_collapsible,
    layout_row,
)
from chathub_desktop.gui.chat.message_list_model import (
    CoveredBoundaryRole,
    ExpandedRole,
    HighlightRole,
    MessageListModel,
    MessageRole,
    RowFace,
    VersionRole,
    role_value,
)
from chathub_desktop.gui.chat.message_row_paint import bubble_box, paint_focus, paint_marker
from chathub_desktop.gui.chat.message_texts import said, usage_text
from chathub_desktop.gui.chat.row_env import RowEnvironment, RowFonts
from chathub_desktop.gui.chat.version_arrows import (
    ArrowRects,
    arrow_rects,
    paint_arrows,
)
from chathub_desktop.gui.design.avatar import avatar_fill, avatar_ink, avatar_text, is_emoji
from chathub_desktop.gui.design.prose import prose_for
from chathub_desktop.gui.shell.i18n import QT_TRANSLATE_NOOP
from chathub_desktop.services.views import MessageView

#: Row heights kept (a re-layout of every loaded row, e.g. after an older page is
#: loaded, then needs no document at all).
HEIGHT_CACHE_SIZE = 100_000
#: Rows whose layout (bubble, header, document) is kept, so paint and a re-layout of
#: the window's rows reuse it (issue 29); more than the model's window holds.
LAYOUT_CACHE_SIZE = 1000

#: The divider under the last message the topic summary covers: what it means for the next
#: request (CMP-2) and that a click shows the summary (walk52b #6: it read as "the summary
#: is above", and the summary itself could not be seen from the chat).
MARKER_TEXT = QT_TRANSLATE_NOOP("MessageList", "Messages above are sent as the topic summary · View summary")


@dataclass(frozen=True)
class _Laid:
    """A row laid out: the message it was laid out for (compared by identity: a
    ``MessageView`` is frozen and replaced on change), the rest of its state, its layout
    and header places."""

    view: MessageView
    state: tuple[object, ...]
    lay: RowLayout
    head: RowHeader


class MessageDelegate(QStyledItemDelegate):
    """Bubble painter for :class:`~chathub_desktop.gui.chat.message_list_model.MessageListModel`.

    ``view``: the list view (its viewport width drives the layout).
    ``assistant_name``: shown in assistant headers. The documents come from
    :attr:`docs` (:class:`~chathub_desktop.gui.chat.message_documents.MessageDocuments`:
    rendered off the GUI thread, laid out slice by slice; a row grows as they arrive).
    """

    def __init__(self, view: QListView) -> None:
        super().__init__(view)
        self._view = view
        #: The rows' rendered documents (issue 32: made off the GUI thread, laid out in slices).
        self.docs = MessageDocuments(view.font, self)
        self.docs.grown.connect(self._on_grown)
        self.sizeHintChanged.connect(self._lay_out_rows_soon)
        docs = self.docs
        view.destroyed.connect(lambda *_: docs.close())
        self._heights: OrderedDict[tuple[object, ...], int] = OrderedDict()
        self._laid: OrderedDict[int, _Laid] = OrderedDict()  # message id → its row laid out
        self._rows_model: MessageListModel | None = None  # the model whose rows were last asked for
        #: What every row is laid out in, read once per layout pass and paint (issue 29).
        self._rows_env = RowEnvironment(view, lambda: self.assistant_name)
        self._text_pals: dict[int, QPalette] = {}
        self.assistant_name = "Assistant"
        #: Decoded attachment thumbnails (issue 14); set by the attachments controller.
        self.thumbs: ThumbnailCache | None = None
        #: Whether a streaming reply's caret is drawn now (the view blinks it, walk29 #24).
        self.caret_on = True
        #: (message id, px): the bubble of that row is at least this tall (the editor in
        #: place lies over it, issue 29); None: no row is being edited.
        self._reserved: tuple[int, int] | None = None
        #: The message whose stats line shows (hovered or current; the view sets it).
        self.revealed_id: int | None = None
        #: The keyboard's row: outlined while the list has the keyboard focus (the view
        #: sets it; chatlook52: the row, not a frame around the whole list).
        self.focused_id: int | None = None
        #: The assistant's id and chosen avatar: its replies' round mark (walk39).
        self.assistant_id: int | None = None
        self.assistant_avatar: str | None = None

    @property
    def reserved_id(self) -> int | None:
        """The message whose bubble :meth:`reserve` grows, or None."""
        return self._reserved[0] if self._reserved is not None else None

    def reserve(self, message_id: int | None, height: int = 0) -> None:
        """Make the bubble of ``message_id`` at least ``height`` px tall, so the row grows
        under an editor laid over it and the rows after it move down (issue 29);
        ``None`` gives the row its own height back. The caller asks the view to re-lay out."""
        self._reserved = None if message_id is None else (message_id, max(0, height))

    # --- documents ---------------------------------------------------------------------
    @property
    def renders(self) -> int:
        """Documents built so far (tests check that scrolling reuses them)."""
        return self.docs.renders

    @property
    def settled(self) -> bool:
        """No message is waiting for its HTML or the rest of its layout."""
        return self.docs.settled

    def page_renderer(self, views: tuple[MessageView, ...]) -> Callable[[], RenderedPage]:
        """A function that renders the HTML of ``views`` (Markdown and highlighted code,
        pure Python: run it on a worker thread) for :meth:`add_rendered`. The palette is
        read here, on the GUI thread."""
        colors, dark = _colors(self._view.palette())
        return self.docs.page_renderer(views, dark, colors)

    def add_rendered(self, rendered: RenderedPage) -> None:
        """Keep HTML rendered by :meth:`page_renderer` for the documents built next."""
        self.docs.add_rendered(rendered)

    def prepare(self, view: MessageView) -> None:
        """Lay ``view``'s row out now (its document built from the HTML given to
        :meth:`add_rendered`) before the row is shown, so the turn that shows a page's rows
        only places them (issue 29: one document of about 1 ms a turn, not four)."""
        self._laid_out(RowFace(view, False, False, False, None, False), self._view.palette())

    def _on_grown(self, message_id: int) -> None:
        model = self._view.model()
        if not isinstance(model, MessageListModel):
            return
        self._laid.pop(message_id, None)
        row = model.row_of(message_id)
        if row is not None:
            self.sizeHintChanged.emit(model.index(row))

    def _lay_out_rows_soon(self, _index: QModelIndex) -> None:
        """A row's height changed: the view lays its rows out again before it next reads a
        row's place or paints (issue 29). Qt answers ``sizeHintChanged`` with a queued
        ``doItemsLayout`` that ``visualRect`` and a paint run before it know nothing of;
        they read the row's new height at its old place, and a reply that grew by a line
        (a slice laid out at a new width) was drawn over the next message. A delayed
        layout, which both run first, closes that gap (the queued one, when it comes first,
        cancels it)."""
        self._view.scheduleDelayedItemsLayout()

    def clear_cache(self) -> None:
        """Drop every cached document, rendering and row height (palette or font changed)."""
        self.docs.clear()
        self._heights.clear()
        self._laid.clear()
        self._rows_env.clear()

    # --- layout ------------------------------------------------------------------------
    def one_pass(self, exposed: QRect | None = None) -> AbstractContextManager[None]:
        """The rows' width, theme, fonts and language read once inside the ``with`` block
        (:meth:`RowEnvironment.one_pass`: the view's layout pass and paint)."""
        return self._rows_env.one_pass(exposed)

    def _fonts(self) -> RowFonts:
        return self._rows_env.fonts()

    def _width(self) -> int:
        """The width rows are laid out at, px."""
        return self._rows_env.env(self._view.palette()).width

    def _face(self, index: QModelIndex | QPersistentModelIndex) -> RowFace | None:
        """Row ``index``'s :class:`RowFace`: one call into a :class:`MessageListModel`,
        the roles one by one from another model."""
        model = index.model()
        if model is self._rows_model or isinstance(model, MessageListModel):
            self._rows_model = model  # the identity check is ~100x cheaper (a row's layout asks each pass)
            return model.face(index.row())
        m = index.data(MessageRole)
        if m is None or model is None:
            return None
        versions = role_value(index, VersionRole)
        return RowFace(m, bool(index.data(ExpandedRole)), bool(index.data(CoveredBoundaryRole)),
                       bool(index.data(HighlightRole)), versions if isinstance(versions, tuple) else None,
                       index.row() == model.rowCount() - 1)

    def _laid_out(self, face: RowFace, pal: QPalette) -> _Laid:
        """Row ``face`` laid out at the current width in ``pal``'s theme, reused while
        nothing it depends on changed (issue 29: paint and every re-layout of the window's
        rows asked for it again); a row whose document is still coming is not kept."""
        m, env = face.view, self._rows_env.env(pal)
        state = (face.expanded, face.boundary, face.versions is not None, env)
        found = self._laid.get(m.id)
        if found is not None and found.view is m and found.state == state:
            return found
        width, dark = env.width, env.dark
        lay = self._layout(m, face.expanded, width, pal, face.boundary, face.versions is not None)
        laid = _Laid(m, state, lay, self._header(m, lay))
        if lay.doc is None or self.docs.final(m, dark, lay.doc):
            self._laid[m.id] = laid
            self._laid.move_to_end(m.id)
            while len(self._laid) > LAYOUT_CACHE_SIZE:
                self._laid.popitem(last=False)
        return laid

    def _row_at(self, index: QModelIndex) -> tuple[MessageView, RowLayout] | None:
        """Row ``index``'s message and layout (in the view's palette), None for no row."""
        face = self._face(index)
        if face is None:
            return None
        return face.view, self._laid_out(face, self._view.palette()).lay

    def _layout(self, m: MessageView, expanded: bool, width: int, pal: QPalette,
                boundary: bool = False, footer_line: bool = False) -> RowLayout:
        """Row ``m`` laid out at ``width`` px in ``pal``'s theme (:func:`layout_row`)."""
        return layout_row(m, expanded, width, pal, self._fonts(), self.docs, self._view.viewportMargins().right(),
                          boundary, footer_line)

    def _header(self, m: MessageView, lay: RowLayout) -> RowHeader:
        """Where the parts of ``m``'s header line go (:func:`header_places`)."""
        return header_places(m, lay, self._fonts(), self.assistant_name)

    def sizeHint(self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex) -> QSize:
        """Row size: viewport width × the laid-out bubble height (px)."""
        model = index.model()
        if self._reserved is None and (model is self._rows_model or isinstance(model, MessageListModel)):
            self._rows_model = model  # the common case, a row laid out before, read in one plain tuple
            sized = model.size_key(index.row())
            if sized is None:
                return QSize(0, 0)
            env = self._rows_env.in_pass() or self._rows_env.env(option.palette)
            found = self._laid.get(sized[0].id)
            if found is not None and found.view is sized[0] and found.state == (sized[1], sized[2], sized[3], env):
                return QSize(env.width, found.lay.height)
        face = self._face(index)
        if face is None:
            return QSize(0, 0)
        m, env = face.view, self._rows_env.in_pass() or self._rows_env.env(option.palette)
        width = env.width
        if self._reserved is not None and self._reserved[0] == m.id:  # under the editor
            lay = self._laid_out(face, option.palette).lay
            return QSize(width, lay.height + max(0, self._reserved[1] - lay.bubble.height()))
        found = self._laid.get(m.id)
        if found is not None and found.view is m:  # the common case: laid out before
            if found.state == (face.expanded, face.boundary, face.versions is not None, env):
                return QSize(width, found.lay.height)  # as _laid_out finds it, without asking again
            return QSize(width, self._laid_out(face, option.palette).lay.height)
        # a row laid out long ago: its height without building its document again
        footer_line, dark = face.versions is not None, _colors(option.palette)[1]
        key = (key_of(m, dark), width, face.expanded, face.boundary, footer_line, m.pinned, m.status,
               usage_text(m), len(m.attachments or ()), self._view.font().key(), self.assistant_name)
        height = self._heights.get(key)
        if height is None:
            lay = self._laid_out(face, option.palette).lay
            height = lay.height
            if lay.doc is not None and not self.docs.final(m, dark, lay.doc):
                return QSize(width, height)  # grows as its HTML and slices arrive
            self._heights[key] = height
            while len(self._heights) > HEIGHT_CACHE_SIZE:
                self._heights.popitem(last=False)
        return QSize(width, height)

    def _stats_rect(self, face: RowFace, lay: RowLayout, arrows: ArrowRects | None) -> QRect:
        """Where the stats line goes (row coordinates): on the footer line, ending at the
        bubble's right edge, after the warning, version arrows and Retry pill."""
        sfm = self._fonts().sfm
        used = lay.footer.strip()
        end = lay.bubble.left() + 2 + (sfm.horizontalAdvance(used) if used else 0)
        if arrows is not None:
            end = max(end, arrows.next.right() + 1)
        if offers_retry(face):
            end = max(end, retry_pill(sfm, lay, arrows).right() + 1)
        if offers_continue(face):
            end = max(end, continue_pill(sfm, lay, arrows).right() + 1)
        left = max(end + PILL_GAP, lay.bubble.right() + 1 - sfm.horizontalAdvance(lay.stats) - 2)
        line = footer_height(face.view, arrows is not None, sfm)  # drawn centred on the line
        return QRect(left, lay.bubble.bottom() + FOOTER_GAP, max(0, lay.bubble.right() + 1 - left), line)

    def stats_rect(self, index: QModelIndex) -> QRect:
        """Where row ``index``'s stats line is drawn when it is hovered or current, in
        viewport coordinates; empty for a row without stats (walk39)."""
        face = self._face(index)
        if face is None:
            return QRect()
        lay = self._laid_out(face, self._view.palette()).lay
        if not lay.stats:
            return QRect()
        arrows = self._arrows(face.view, lay, face.versions)
        return self._stats_rect(face, lay, arrows).translated(self._view.visualRect(index).topLeft())

    def marker_rect(self, index: QModelIndex) -> QRect:
        """The "Covered by summary" marker's band under row ``index`` in viewport
        coordinates: the reading column's width (walk39 #5); empty when the row has none."""
        face = self._face(index)
        if face is None or not face.boundary:
            return QRect()
        lay = self._laid_out(face, self._view.palette()).lay
        left, right = lay.column
        return QRect(left, lay.marker_y, right - left, MARKER_H).translated(self._view.visualRect(index).topLeft())

    def _arrows(self, m: MessageView, lay: RowLayout, versions: object) -> ArrowRects | None:
        if not isinstance(versions, tuple):
            return None
        return arrow_rects(self._fonts().sfm, lay.bubble, lay.footer, m.role == Role.USER, versions)

    def version_hit(self, index: QModelIndex, pos: QPoint) -> int:
        """-1 / +1 when viewport point ``pos`` is on an active ``‹`` / ``›`` of row
        ``index``'s version arrows, else 0 (issue 14)."""
        face = self._face(index)
        if face is None:
            return 0
        lay = self._laid_out(face, self._view.palette()).lay
        arrows = self._arrows(face.view, lay, face.versions)
        if arrows is None:
            return 0
        local = pos - self._view.visualRect(index).topLeft()
        return arrows.hit(local.x(), local.y())

    def version_side(self, index: QModelIndex, pos: QPoint) -> int:
        """-1 / +1 when viewport point ``pos`` is on row ``index``'s ``‹`` / ``›`` (active
        or not: its tooltip names it), else 0 (chatlook52)."""
        face = self._face(index)
        if face is None:
            return 0
        lay = self._laid_out(face, self._view.palette()).lay
        arrows = self._arrows(face.view, lay, face.versions)
        local = pos - self._view.visualRect(index).topLeft()
        return arrows.side(local.x(), local.y()) if arrows is not None else 0

    def retry_rect(self, index: QModelIndex) -> QRect:
        """The Retry pill's rectangle in viewport coordinates; empty unless ``index`` is the
        topic's last row and a reply that failed, was stopped or was interrupted."""
        face = self._face(index)
        if face is None or not offers_retry(face):
            return QRect()
        lay = self._laid_out(face, self._view.palette()).lay
        arrows = self._arrows(face.view, lay, face.versions)
        return retry_pill(self._fonts().sfm, lay, arrows).translated(self._view.visualRect(index).topLeft())

    def continue_rect(self, index: QModelIndex) -> QRect:
        """The Continue pill's rectangle in viewport coordinates; empty unless ``index`` is
        the topic's last row and a finished reply cut at the length limit (walk53b #4)."""
        face = self._face(index)
        if face is None or not offers_continue(face):
            return QRect()
        lay = self._laid_out(face, self._view.palette()).lay
        return continue_pill(self._fonts().sfm, lay, self._arrows(face.view, lay, face.versions)).translated(
            self._view.visualRect(index).topLeft())

    def tag_rect(self, index: QModelIndex) -> QRect:
        """The status tag ("stopped", "interrupted", "writing…", "error") after a reply's
        header, in viewport coordinates; empty when the row has none."""
        row = self._row_at(index)
        if row is None:
            return QRect()
        m, lay = row
        return self._header(m, lay).tag.translated(self._view.visualRect(index).topLeft())

    def caret_rect(self, index: QModelIndex) -> QRect:
        """The streaming caret's rectangle after the end of row ``index``'s text, in
        viewport coordinates; empty unless the row is a reply being written (walk29 #24)."""
        row = self._row_at(index)
        if row is None or row[0].status != MessageStatus.STREAMING or row[0].role != Role.ASSISTANT:
            return QRect()
        lay = row[1]
        return caret_of(lay).translated(self._view.visualRect(index).topLeft())

    def bubble_rect(self, index: QModelIndex) -> QRect:
        """The bubble's rectangle in viewport coordinates (for clicks)."""
        row = self._row_at(index)
        if row is None:
            return QRect()
        m, lay = row
        return lay.bubble.translated(self._view.visualRect(index).topLeft())

    def text_rect(self, index: QModelIndex) -> QRect:
        """Where row ``index``'s text lies: its bubble less the padding, in viewport
        coordinates (the action bar never covers it, walk36)."""
        row = self._row_at(index)
        if row is None:
            return QRect()
        m, lay = row
        pad_x, pad_y = lay.pad
        return lay.bubble.adjusted(pad_x, pad_y, -pad_x, -pad_y).translated(self._view.visualRect(index).topLeft())

    def header_rect(self, index: QModelIndex) -> QRect:
        """The header line's drawn parts (initial, name, chip, time, tag) united, in
        viewport coordinates; empty for an invalid row."""
        row = self._row_at(index)
        if row is None:
            return QRect()
        m, lay = row
        h = self._header(m, lay)
        out = QRect()
        for part in (h.avatar, h.name, h.chip, h.time, h.tag):
            if not part.isEmpty():
                out = out.united(part)
        return out.translated(self._view.visualRect(index).topLeft())

    def attachment_at(self, index: QModelIndex, pos: QPoint) -> dict[str, object] | None:
        """The attachment metadata under viewport point ``pos`` in row ``index`` (issue
        14), or ``None``."""
        row = self._row_at(index)
        if row is None or not row[0].attachments:
            return None
        m, lay = row
        origin = self._view.visualRect(index).topLeft() + lay.strip.topLeft()
        return thumbs.hit(m, self._fonts().fm, lay.strip.width(),
                          origin.x(), origin.y(), pos.x(), pos.y())

    def anchor_at(self, index: QModelIndex, pos: QPoint) -> str:
        """The link under viewport point ``pos`` in row ``index``'s text (``""`` for
        none): a code block's ``chathub-copy:N`` or a link of the message."""
        row = self._row_at(index)
        if row is None:
            return ""
        m, lay = row
        if lay.doc is None:
            return ""
        top = lay.bubble.top() + (self._fonts().fm.height() + 6 if lay.label else 0)
        origin = self._view.visualRect(index).topLeft() + QPoint(lay.bubble.left() + lay.pad[0], top + lay.pad[1])
        return lay.doc.anchor_at(QPointF(pos - origin))

    # --- painting ----------------------------------------------------------------------
    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionViewItem,
        index: QModelIndex | QPersistentModelIndex,
    ) -> None:
        """Draw header, bubble (document or one-line label), tag and usage footer."""
        face = self._face(index)
        if face is None:
            return
        m, pal = face.view, option.palette
        colors, dark = _colors(pal)
        # the width sizeHint laid the row out at (a row rect may lag behind a resize)
        laid = self._laid_out(face, pal)
        lay = laid.lay
        top_left = option.rect.topLeft()
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.translate(top_left)
        fonts = self._fonts()
        small, sfm, fm = fonts.small, fonts.sfm, fonts.fm
        painter.setFont(small)
        if m.id == self.focused_id:
            paint_focus(painter, lay, colors.focus)
        self._paint_header(painter, m, lay, laid.head, colors)
        # bubble: none under a plain reply (walk29 #4)
        if m.status == MessageStatus.ERROR:
            bg, border = colors.error_bg, colors.error_border
        elif m.role == Role.USER:
            bg, border = colors.user_bg, colors.user_bg
        elif is_collapsible(m):
            bg, border = colors.pill_bg, colors.border
        else:
            bg = border = QColor(0, 0, 0, 0)
        if bg.alpha():
            painter.setPen(border)
            painter.setBrush(bg)
            painter.drawRoundedRect(QRectF(bubble_box(m, lay)).adjusted(0.5, 0.5, -0.5, -0.5), 9, 9)
        if face.highlight:  # the message a search result opened (issue 14)
            painter.setPen(QPen(pal.color(QPalette.ColorRole.Highlight), 2.5))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(QRectF(lay.bubble).adjusted(-2, -2, 2, 2), 11, 11)
        painter.setFont(fonts.base)
        y = lay.bubble.top()
        if lay.label:
            painter.setPen(colors.muted)
            label_rect = QRect(lay.bubble.left() + lay.pad[0], y + 6, lay.bubble.width() - 2 * lay.pad[0], fm.height())
            painter.drawText(
                label_rect,
                Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                fm.elidedText(lay.label, Qt.TextElideMode.ElideRight, label_rect.width()),
            )
            y += fm.height() + 6
        if lay.doc is not None:
            origin = QPoint(lay.bubble.left() + lay.pad[0], y + lay.pad[1])
            text_pal = self._text_palette(pal, colors)
            # only the part of the row the paint redraws is drawn (a long reply is tall)
            exposed = self._rows_env.exposed
            shown = exposed if exposed is not None else self._view.viewport().rect()
            visible = QRectF(shown).translated(-QPointF(top_left + origin))
            painter.translate(origin)
            lay.doc.draw(painter, text_pal, visible)
            painter.translate(-origin)
        if m.status == MessageStatus.STREAMING and m.role == Role.ASSISTANT and self.caret_on:
            caret = caret_of(lay)
            if not caret.isEmpty():
                painter.setPen(Qt.PenStyle.NoPen)
                painter.setBrush(QColor(prose_for(dark).caret))
                painter.drawRoundedRect(QRectF(caret), 1, 1)
        if not lay.strip.isEmpty():
            thumbs.paint_strip(painter, m, lay.strip.left(), lay.strip.top(), lay.strip.width(),
                               fm, pal, self.thumbs)
        arrows = self._arrows(m, lay, face.versions)
        if lay.footer.strip():  # the cut-off warning: always shown (walk39)
            painter.setFont(small)
            painter.setPen(colors.warning)
            fy = lay.bubble.bottom() + FOOTER_GAP
            painter.drawText(
                QRect(lay.bubble.left() + 2, fy, lay.bubble.width(), footer_height(m, arrows is not None, sfm)),
                Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                lay.footer,
            )
        if lay.stats and m.id == self.revealed_id:
            painter.setFont(small)
            painter.setPen(colors.muted)
            where = self._stats_rect(face, lay, arrows)
            painter.drawText(where, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                             sfm.elidedText(lay.stats, Qt.TextElideMode.ElideLeft, where.width()))
        if offers_retry(face):
            painter.setFont(small)
            paint_retry(painter, retry_pill(sfm, lay, arrows), colors, m.status)
        if offers_continue(face):
            painter.setFont(small)
            paint_continue(painter, continue_pill(sfm, lay, arrows), colors, sfm)
        if arrows is not None:
            painter.setFont(small)
            paint_arrows(painter, arrows, pal.color(QPalette.ColorRole.Link), colors.tag_text, colors.tag_bg)
        if lay.marker_y >= 0:
            paint_marker(painter, lay.marker_y, lay.column, small, pal, said(MARKER_TEXT))
        painter.restore()

    def _text_palette(self, pal: QPalette, colors: _Colors) -> QPalette:
        """``pal`` with the Text role of a row's document, made once per palette (a failed
        reply's kept text too: only its error line, coloured in its own HTML, is the
        error's colour; chatlook52, walk52 #9)."""
        key = pal.cacheKey()
        found = self._text_pals.get(key)
        if found is None:
            if len(self._text_pals) > 8:
                self._text_pals.clear()
            found = self._text_pals[key] = QPalette(pal)
            found.setColor(QPalette.ColorRole.Text, colors.text)
        return found

    def _paint_header(self, painter: QPainter, m: MessageView, lay: RowLayout, head: RowHeader,
                      colors: _Colors) -> None:
        """The header line (``head``, :meth:`_header`): a reply's round initial, name in the
        text colour, model chip, time and tag; another row's "You · 12:34"."""
        small = self._fonts().small
        left = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
        if not head.avatar.isEmpty():  # the assistant's own avatar: its colour, emoji or initial (walk39)
            painter.setPen(Qt.PenStyle.NoPen)
            own = self.assistant_id is not None
            glyph = avatar_text(self.assistant_name, self.assistant_avatar)
            painter.setBrush(avatar_fill(self.assistant_id, glyph) if self.assistant_id is not None
                             else colors.accent)
            painter.drawEllipse(QRectF(head.avatar))
            painter.setFont(self._fonts().emoji if is_emoji(glyph) else self._fonts().bold)
            painter.setPen(avatar_ink(glyph) if own else colors.on_accent)
            painter.drawText(head.avatar, Qt.AlignmentFlag.AlignCenter, glyph)
            painter.setFont(self._fonts().bold)  # the font head.name was measured in (walk51 #4:
            painter.setPen(colors.text)  # drawn in an emoji avatar's larger one, "Assistant" was cut)
            painter.drawText(head.name, left, self.assistant_name)
            painter.setFont(small)
        if not head.chip.isEmpty() and m.model:
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(colors.tag_bg)
            painter.drawRoundedRect(QRectF(head.chip), 6, 6)
            painter.setPen(colors.text)
            painter.drawText(head.chip, Qt.AlignmentFlag.AlignCenter, m.model)
        painter.setPen(colors.muted)
        painter.drawText(head.time, left, lay.header)
        if not head.tag.isEmpty():
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(colors.error_bg if m.status == MessageStatus.ERROR else colors.tag_bg)
            painter.drawRoundedRect(head.tag, 6, 6)
            painter.setPen(colors.error_text if m.status == MessageStatus.ERROR else colors.tag_text)
            painter.drawText(head.tag, Qt.AlignmentFlag.AlignCenter, lay.tag)
