"""The card delegate shared by the fixed-memory cards and the dream cards (MEM-2, MEM-7,
DRM-8): one painted card per row — ``#N``, chips, the wrapped text — with a multi-line
in-place editor (:class:`~chathub_desktop.gui.memory.card_editor.CardTextEdit`), and
:func:`layout_lines`, the wrapping both lists use."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from PySide6.QtCore import (
    QAbstractListModel,
    QCoreApplication,
    QEvent,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QRect,
    QRectF,
    QSize,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetrics,
    QPainter,
    QPalette,
    QPen,
)
from PySide6.QtWidgets import (
    QListView,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QWidget,
)

from chathub_desktop.core.dynamic_cards import CardKind
from chathub_desktop.core.memory_authors import EntryOrigin
from chathub_desktop.gui.design.tokens import ChipKind, Space, colours_for, meta_pt
from chathub_desktop.gui.memory.card_editor import CardTextEdit
from chathub_desktop.gui.memory.card_lines import LineMeasure, layout_lines
from chathub_desktop.gui.memory.card_markdown import is_heading
from chathub_desktop.gui.memory.source_words import source_chip
from chathub_desktop.gui.shell.i18n import QT_TRANSLATE_NOOP

#: The origin chips of an entry (``MemoryEntryView.origin``), in the interface language; the
#: owner's entries, the default, have none (walk52 #5: an "owner" chip on every entry was noise;
#: the entry's tooltip and accessible description still say who wrote it).
ORIGIN_CHIPS: dict[EntryOrigin, tuple[str, ChipKind]] = {
    EntryOrigin.DREAM: (QT_TRANSLATE_NOOP("MemoryPage", "dream"), ChipKind.DREAM),
    EntryOrigin.AGENT: (QT_TRANSLATE_NOOP("MemoryPage", "agent"), ChipKind.AGENT)}

# --- item roles both card models fill -----------------------------------------------------


NumberRole = Qt.ItemDataRole.UserRole + 1
OriginRole = Qt.ItemDataRole.UserRole + 2
TrustedRole = Qt.ItemDataRole.UserRole + 3
#: True for an entry or card the user paused (issue 18): greyed, with a "paused" chip.
PausedRole = Qt.ItemDataRole.UserRole + 4
#: The assistant an imported entry came from (issue 15), e.g. ``"Claude"``; None otherwise.
SourceRole = Qt.ItemDataRole.UserRole + 5
#: True for a note: a free-form run of the raw document shown between entries (issue 30).
NoteRole = Qt.ItemDataRole.UserRole + 6


@dataclass(frozen=True, slots=True)
class CardFace:
    """What the card delegate measures and paints of one row, read in one Python call of
    its model (``face(row)``, given to the delegate), not through ``index.data``: each
    ``data`` call goes from Python through Qt back into Python — tens of µs, and while a
    worker thread runs Python each crossing waits for the interpreter lock (up to the 1 ms
    switch interval); a paint asked ~11 roles per card (issue 30). The models' roles
    (``NumberRole``…) stay for everything else that reads a row.

    ``number``: ``#N`` (0 for a note); ``text``: the body shown (a folded range card's
    one line); ``note``: a free-form run of the raw document (no card, no chips);
    ``origin`` / ``source`` (the assistant an import came from) / ``trusted`` / ``paused``:
    the fixed entry's marks (MEM-7, issues 15 and 18); ``tag`` / ``kind`` /
    ``regenerable``: a dream card's date chip, :class:`CardKind` value and whether
    Regenerate applies (DRM-8, DRM-15); ``marked``: the card a confirmation just named,
    painted with a stronger tint for a moment (walk52b #2); ``folded``: a range card shown
    folded to one line (its chevron says so, walk55b #8)."""

    number: int
    text: str
    note: bool = False
    origin: EntryOrigin | None = None
    source: str | None = None
    trusted: bool = True
    paused: bool = False
    tag: str | None = None
    kind: CardKind | None = None
    regenerable: bool = False
    marked: bool = False
    folded: bool = False


# --- the delegate -------------------------------------------------------------------------

CARD_MARGIN_X = 1  # px, view edge to card (cards line up with the title row)
CARD_MARGIN_Y = 4  # px, between cards
CARD_PAD = 10  # px, inside a card
HEADER_GAP = 4  # px, header row to body text
MAX_BODY_LINES = 6  # a longer entry is elided (edit or the raw view shows it all)
CHIP_PAD_X = 6
CHIP_GAP = 6
ROW_MARGIN_Y = 2  # px, between compact rows (fixed memory, walk53 #9)
ROW_PAD_Y = 6  # px, above and below a compact row's text
# A compact row's first line box is max(line spacing, corner button) — max(_font_metrics()[2:]) —
# the text centred in it.
GUTTER_DIGITS = 3  # a compact row's "#N" column fits "#999", so the texts line up
GUTTER_GAP = 10  # px, "#N" to the text


def _mix(a: QColor, b: QColor, t: float) -> QColor:
    return QColor(
        round(a.red() * (1 - t) + b.red() * t),
        round(a.green() * (1 - t) + b.green() * t),
        round(a.blue() * (1 - t) + b.blue() * t),
    )


#: Px radius of a card's corners.
CARD_RADIUS = 8


def _draw_card(painter: QPainter, fill: QRect, outline: QRectF, bg: QColor, border: QColor) -> None:
    """A rounded card: ``fill`` (whole pixels) filled with ``bg`` as two plain rectangles
    and four corner discs, then its ``outline`` (half-pixel inset, so each side is one
    crisp pixel) in ``border`` as four one-pixel rectangles and four antialiased corner
    arcs. One antialiased rounded rectangle the width of the window cost ~2 ms — most of
    a card's paint (issue 30); plain fills and small discs and arcs cost a fraction."""
    r = CARD_RADIUS
    x, y, w, h = fill.x(), fill.y(), fill.width(), fill.height()
    painter.fillRect(QRect(x + r, y, max(0, w - 2 * r), h), bg)
    painter.fillRect(QRect(x, y + r, w, max(0, h - 2 * r)), bg)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(bg)
    for cx, cy in ((x, y), (x + w - 2 * r, y), (x, y + h - 2 * r), (x + w - 2 * r, y + h - 2 * r)):
        painter.drawEllipse(QRectF(cx, cy, 2 * r, 2 * r))
    # the sides: the pixel rows and columns the half-pixel outline runs through
    painter.fillRect(QRect(x + r, y, max(0, w - 2 * r), 1), border)
    painter.fillRect(QRect(x + r, y + h - 1, max(0, w - 2 * r), 1), border)
    painter.fillRect(QRect(x, y + r, 1, max(0, h - 2 * r)), border)
    painter.fillRect(QRect(x + w - 1, y + r, 1, max(0, h - 2 * r)), border)
    painter.setPen(border)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    left, top, right, bottom = outline.left(), outline.top(), outline.right(), outline.bottom()
    d = 2 * r
    for ax, ay, start in ((left, top, 90), (right - d, top, 0), (left, bottom - d, 180), (right - d, bottom - d, 270)):
        painter.drawArc(QRectF(ax, ay, d, d), start * 16, 90 * 16)


#: Px width of the ring on the card the keyboard is on: the app's focus ring (its buttons').
FOCUS_RING = Space.XXS


def _draw_focus_ring(painter: QPainter, fill: QRect, colour: QColor) -> None:
    """The app's focus ring (``FOCUS_RING`` px in the theme's ``focus`` token) over the edge
    of the card filling ``fill``: the card Enter, Del and Ctrl+P act on while its list has
    the keyboard (MEM-2, DRM-8; walk56 #7: Tab into a list showed nothing)."""
    half = FOCUS_RING / 2
    painter.setPen(QPen(colour, FOCUS_RING))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawRoundedRect(QRectF(fill).adjusted(half, half, -half, -half), CARD_RADIUS - half, CARD_RADIUS - half)


def _chip_colors(kind: ChipKind, dark: bool) -> tuple[QColor, QColor]:
    """(background, text) of a chip."""
    bg, fg = colours_for(dark).chip(kind)  # the design tokens' chip pairs (issue 29)
    return QColor(bg), QColor(fg)


def _draw_chip(painter: QPainter, r: QRectF, text: str, kind: ChipKind, dark: bool) -> None:
    """One rounded chip of colour ``kind`` in ``r``."""
    cbg, cfg = _chip_colors(kind, dark)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(cbg)
    painter.drawRoundedRect(r, r.height() / 2, r.height() / 2)
    painter.setPen(cfg)
    painter.drawText(r, int(Qt.AlignmentFlag.AlignCenter), text)


def _chips_width(cfm: QFontMetrics, chips: list[tuple[str, ChipKind]]) -> int:
    """Px the chips take in a row (``cfm``: the chip font's metrics), a gap after each."""
    return sum(cfm.horizontalAdvance(text) + 2 * CHIP_PAD_X + CHIP_GAP for text, _kind in chips)


class MemoryCardDelegate(QStyledItemDelegate):
    """Paints a card: ``#N`` and the chips (origin, ``untrusted``) on top, the text below
    (wrapped, at most :data:`MAX_BODY_LINES` lines). Line layouts are cached per
    ``(number, text, width)``; the editor is a multi-line :class:`CardTextEdit` over the text (Enter saves,
    Shift+Enter breaks the line, Esc cancels), the card growing round it while it is open.
    ``faces(row)``: the :class:`CardFace` of a row of ``view``'s model (None: no such row).

    One save rule (issue 30, walk50b #3): only Enter saves and Esc cancels; focus moving
    elsewhere (a click on a button, Tab) keeps the draft open and unsaved, as leaving the
    page does. ``editor_shown(editor)`` is emitted after the open editor is placed, and
    each time it grows or moves, so the page can scroll it fully into view (walk50b #5)."""

    editor_shown = Signal(QWidget)

    def __init__(self, view: QListView, faces: Callable[[int], CardFace | None]) -> None:
        super().__init__(view)
        self._view = view
        self._faces = faces
        self._cache: dict[tuple[int, str, int, int], list[str]] = {}
        self._metrics: tuple[float, float, int, int] | None = None
        #: How many lines a text takes (estimated, or laid out near a wrap), cached.
        self.lines = LineMeasure(self._body_font)
        #: The head and chip fonts and the three fonts' metrics, made once per font (a
        #: paint made them per card: tens of Qt calls, each waiting for the interpreter
        #: lock while a worker reads, issue 30).
        self._fonts: tuple[QFont, QFont, QFontMetrics, QFontMetrics, QFontMetrics] | None = None
        #: digits of "#N" → px of a compact row's number column, and of all beside its text
        self._gutters: dict[int, tuple[int, int]] = {}
        self._editing: QPersistentModelIndex | None = None  # the row whose editor is open
        self._editor: CardTextEdit | None = None
        self._edit_lines = 0
        self._saving = False  # True only while Enter's commit runs: nothing else writes
        self._closing: CardTextEdit | None = None  # the editor Enter or Esc is closing

    #: The most body lines a card shows (a longer text is elided; the editor shows it all).
    max_lines = MAX_BODY_LINES
    #: One compact row per card (walk53 #9: a one-line entry was a ~60 px card with "#1" on
    #: its own line): the quiet "#N" leading the text, the chips and the corner button
    #: beside its first line; a longer text grows the row. False: "#N" and chips on top.
    compact = False

    def clear_cache(self) -> None:
        """Forget the laid-out lines and the font's metrics (the entries or the font changed)."""
        self._cache.clear()
        self.lines.clear()
        self._gutters.clear()
        self._metrics = None
        self._fonts = None

    def _font_metrics(self) -> tuple[float, float, int, int]:
        """``(px per narrow character, px per wide character, line spacing, header
        height)`` of the list's font, measured once per font."""
        if self._metrics is None:
            narrow, wide, _upper, spacing = self.lines.widths()
            _head, _chip, hfm, cfm, _bfm = self._font_set()
            header = max(hfm.height(), cfm.height() + 4)
            self._metrics = (narrow, wide, spacing, header)
        return self._metrics

    def rows_height(self, rows: int) -> int:
        """Px that ``rows`` one-line cards take in the list (its usable minimum, walk29 #15)."""
        line, header = self._font_metrics()[2:]
        if self.compact:
            return rows * (2 * ROW_MARGIN_Y + 2 * ROW_PAD_Y + max(self._font_metrics()[2:]))
        return rows * (2 * CARD_MARGIN_Y + 2 * CARD_PAD + header + HEADER_GAP + line)

    def _gutter(self, number: int) -> tuple[int, int]:
        """``(number column, all beside the text)`` px of a compact row for ``#number``:
        the column with its gap, and that plus the corner button (one measure per digit
        count: sizeHint stays cheap for 10,000 rows)."""
        digits = len(str(number))
        hit = self._gutters.get(digits)
        if hit is None:
            bfm = self._font_set()[4]
            w = bfm.horizontalAdvance("#" + "0" * max(GUTTER_DIGITS, digits)) + GUTTER_GAP
            hit = self._gutters[digits] = (w, w + self._header_height() + CHIP_GAP)
        return hit

    def text_width(self, face: CardFace, card_width: int | None = None) -> int:
        """Px the body text of ``face``'s card wraps in: the card's inside (``card_width``:
        :meth:`_card_width`, when the caller has it), less (compact) the number column,
        the chips and the corner button beside it."""
        inner = (self._card_width() if card_width is None else card_width) - 2 * CARD_PAD
        if not self.compact or face.note:
            return inner
        side = self._gutter(face.number)[1]
        if face.source or not face.trusted or face.paused or (face.origin and face.origin != EntryOrigin.OWNER):
            side += _chips_width(self._font_set()[3], self.face_chips(face))
        return max(40, inner - side)

    def line_cap(self, face: CardFace) -> int:
        """The most body lines ``face``'s card shows: :attr:`max_lines` here (a subclass
        lets a card the user opened to read show all of it)."""
        return self.max_lines

    # geometry
    def _body_font(self) -> QFont:
        return self._view.font()

    def _font_set(self) -> tuple[QFont, QFont, QFontMetrics, QFontMetrics, QFontMetrics]:
        """``(head font, chip font, head metrics, chip metrics, body metrics)`` of the
        list's font, made once per font (:meth:`clear_cache` forgets them)."""
        if self._fonts is None:
            head = QFont(self._view.font())
            head.setBold(True)
            chip = QFont(self._view.font())
            chip.setPointSizeF(meta_pt(chip.pointSizeF()))
            self._fonts = (head, chip, QFontMetrics(head), QFontMetrics(chip), QFontMetrics(self._view.font()))
        return self._fonts

    def _card_width(self) -> int:
        return max(120, self._view.viewport().width() - 2 * CARD_MARGIN_X)

    def _lines(self, number: int, text: str, width: int, cap: int | None = None) -> list[str]:
        """The lines painted for ``text`` at ``width``: laid out (line breaks kept), at most
        :meth:`LineMeasure.count` of them (up to ``cap``, default :attr:`max_lines`), the last
        elided when the text goes on."""
        max_lines = self.lines.count(text, width, self.max_lines if cap is None else cap)
        key = (number, text, width, max_lines)
        hit = self._cache.get(key)
        if hit is not None:
            return hit
        if len(self._cache) > 4000:
            self._cache.clear()
        # U+2028 makes QTextLayout break the line where the text has a newline
        flat = (text or " ").replace("\r\n", "\n").replace("\n", "\u2028")
        lines = [ln.replace("\u2028", " ") for ln in layout_lines(flat, self._body_font(), width, max_lines)]
        self._cache[key] = lines
        return lines

    def _header_height(self) -> int:
        return self._font_metrics()[3]

    def sizeHint(self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex) -> QSize:
        """Qt: the row's height from :meth:`LineMeasure.count` of its :class:`CardFace` text (no
        ``data`` call; the line count is cached per text and width)."""
        width = self._card_width()
        face = self._faces(index.row())
        if not isinstance(face, CardFace):
            face = CardFace(0, "")
        spacing = self._font_metrics()[2]
        lines = self.lines.count(face.text, self.text_width(face, width), self.line_cap(face))
        body = lines * spacing
        if face.note:  # a note: its lines, no card
            return QSize(width + 2 * CARD_MARGIN_X, 2 * CARD_MARGIN_Y + body)
        if self._editor is not None and self._editing is not None and self._editing == index:
            # the body is the editor's height exactly (body_rect adds its 6 px back): it
            # covers the row's body, whatever the card's own text measured (walk50 #1)
            body = self._editor.height_for(self._edit_lines) - 6
        if self.compact:
            box = max(self._font_metrics()[2:])
            lead = (box - spacing) // 2
            return QSize(width + 2 * CARD_MARGIN_X, 2 * ROW_MARGIN_Y + 2 * ROW_PAD_Y + max(box, 2 * lead + body))
        h = 2 * CARD_MARGIN_Y + 2 * CARD_PAD + self._header_height() + HEADER_GAP + body
        return QSize(width + 2 * CARD_MARGIN_X, h)

    def card_rect(self, rect: QRect) -> QRect:
        """The card inside a row's rect."""
        my = ROW_MARGIN_Y if self.compact else CARD_MARGIN_Y
        return rect.adjusted(CARD_MARGIN_X, my, -CARD_MARGIN_X, -my)

    def corner_rect(self, rect: QRect) -> QRect:
        """The header-high square at the top right of the card in a row's ``rect``, where
        a card's one icon button sits (fixed memory's pause toggle, a dream card's
        Regenerate)."""
        card = self.card_rect(rect)
        s = self._header_height()
        top = card.top() + (ROW_PAD_Y + (max(self._font_metrics()[2:]) - s) // 2 if self.compact else CARD_PAD)
        return QRect(card.right() - CARD_PAD - s + 2, top, s, s)

    def body_rect(self, rect: QRect, face: CardFace | None = None) -> QRect:
        """The text area inside a row's rect (where the editor opens); a compact row's
        beside its number column, as wide as ``face``'s text."""
        card = self.card_rect(rect)
        least = QFontMetrics(self._body_font()).height() + 8
        if self.compact and face is not None:
            top = card.top() + ROW_PAD_Y + (max(self._font_metrics()[2:]) - self._font_metrics()[2]) // 2
            left = card.left() + CARD_PAD + self._gutter(face.number)[0]
            return QRect(left - 3, top - 3, self.text_width(face) + 6,
                         max(least, card.bottom() - ROW_PAD_Y - top + 6))
        top = card.top() + CARD_PAD + self._header_height() + HEADER_GAP
        return QRect(card.left() + CARD_PAD - 3, top - 3, card.width() - 2 * CARD_PAD + 6,
                     max(least, card.bottom() - CARD_PAD - top + 6))

    # painting
    def chips(self, index: QModelIndex | QPersistentModelIndex) -> list[tuple[str, ChipKind]]:
        """The header chips of the card on ``index`` (see :meth:`face_chips`)."""
        face = self._faces(index.row())
        return self.face_chips(face) if face is not None else []

    def face_chips(self, face: CardFace) -> list[tuple[str, ChipKind]]:
        """The header chips of a card as ``(text, colour kind)`` pairs: the entry's origin
        unless it is the owner (the default: no chip), ``from <assistant>`` for an
        imported one (issue 15), then ``untrusted`` and ``paused`` when it is."""
        out: list[tuple[str, ChipKind]] = []
        translate = QCoreApplication.translate
        origin_chip = ORIGIN_CHIPS.get(face.origin) if face.origin is not None else None
        if origin_chip is not None:
            out.append((translate("MemoryPage", origin_chip[0]), origin_chip[1]))
        if face.source:
            out.append((source_chip(face.source), ChipKind.IMPORTED))
        if not face.trusted:
            out.append((translate("MemoryPage", "⚠ untrusted"), ChipKind.UNTRUSTED))
        if face.paused:
            out.append((translate("MemoryPage", "paused"), ChipKind.PAUSED))
        return out

    def paint(self, painter: QPainter, option: QStyleOptionViewItem,
              index: QModelIndex | QPersistentModelIndex) -> None:
        """Qt: the row's :class:`CardFace` (one Python call, no ``data``) painted by
        :meth:`paint_face`; the edited row without its body (walk50 #1: the card's text
        showed round and under the editor)."""
        face = self._faces(index.row())
        if face is not None:
            if self._editor is not None and self._editing == index:
                face = replace(face, text="")  # the editor holds the text: none painted under it
            self.paint_face(painter, option, face)

    def paint_face(self, painter: QPainter, option: QStyleOptionViewItem, face: CardFace) -> None:
        """A card (``#N``, the chips, the wrapped body) or a note, in ``option.rect``;
        subclasses add their corner button after it."""
        pal: QPalette = option.palette
        rect: QRect = option.rect
        if face.note:
            self._paint_note(painter, pal, rect, face.text)
            return
        state = option.state
        number = face.number
        trusted = face.trusted
        base = pal.color(QPalette.ColorRole.Base)
        fg = pal.color(QPalette.ColorRole.Text)
        accent = pal.color(QPalette.ColorRole.Highlight)
        dark = base.lightness() < 128
        selected = bool(state & QStyle.StateFlag.State_Selected)
        hover = bool(state & QStyle.StateFlag.State_MouseOver)

        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        card = QRectF(self.card_rect(rect)).adjusted(0.5, 0.5, -0.5, -0.5)
        bg = _mix(base, fg, 0.045 if not dark else 0.08)
        if face.marked:
            bg = _mix(bg, accent, 0.24)
        elif selected:
            bg = _mix(bg, accent, 0.14)
        elif hover:
            bg = _mix(bg, fg, 0.03)
        border = accent if selected or face.marked else _mix(base, fg, 0.18)
        if not trusted and not selected:
            border = _chip_colors(ChipKind.UNTRUSTED, dark)[1]
        _draw_card(painter, self.card_rect(rect), card, bg, border)
        if state & QStyle.StateFlag.State_HasFocus:  # the keyboard's card (walk56 #7)
            _draw_focus_ring(painter, self.card_rect(rect), QColor(colours_for(dark).focus))
        if self.compact:
            self._paint_row(painter, face, self.card_rect(rect), fg, base, dark)
            painter.restore()
            return

        # header: "#N" then chips
        x = int(card.left()) + CARD_PAD
        top = int(card.top()) + CARD_PAD
        hh = self._header_height()
        head_font, cfont, hfm, cfm, bfm = self._font_set()
        painter.setFont(head_font)
        painter.setPen(_mix(fg, accent, 0.35))
        label = f"#{number}"
        painter.drawText(QRect(x, top, hfm.horizontalAdvance(label) + 2, hh),
                         int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter), label)
        cx = x + hfm.horizontalAdvance(label) + 10
        chips = self.face_chips(face)
        painter.setFont(cfont)
        for chip_text, kind in chips:
            w = cfm.horizontalAdvance(chip_text) + 2 * CHIP_PAD_X
            ch = cfm.height() + 2
            _draw_chip(painter, QRectF(cx, top + (hh - ch) / 2, w, ch), chip_text, kind, dark)
            cx += w + CHIP_GAP

        # body (a paused item is greyed: kept, not sent)
        body_font = self._body_font()
        painter.setFont(body_font)
        painter.setPen(_mix(fg, base, 0.55) if face.paused else fg)
        self._draw_body(painter, face, x, top + hh + HEADER_GAP, int(card.width()) - 2 * CARD_PAD)
        painter.restore()

    def _paint_row(self, painter: QPainter, face: CardFace, card: QRect, fg: QColor, base: QColor,
                   dark: bool) -> None:
        """A compact row's inside (walk53 #9): the quiet ``#N``, the text beside it, the
        chips at the right of its first line, before the corner button."""
        _head, cfont, _hfm, cfm, bfm = self._font_set()
        box = max(self._font_metrics()[2:])
        top = card.top() + ROW_PAD_Y
        text_top = top + (box - bfm.lineSpacing()) // 2
        x = card.left() + CARD_PAD
        painter.setFont(self._body_font())
        painter.setPen(QColor(colours_for(dark).text_muted))
        painter.drawText(x, text_top + bfm.ascent(), f"#{face.number}")
        chips = self.face_chips(face)
        cx = card.right() - CARD_PAD - self._header_height() - _chips_width(cfm, chips)
        painter.setFont(cfont)
        for chip_text, kind in chips:
            w = cfm.horizontalAdvance(chip_text) + 2 * CHIP_PAD_X
            ch = cfm.height() + 2
            _draw_chip(painter, QRectF(cx, top + (box - ch) / 2, w, ch), chip_text, kind, dark)
            cx += w + CHIP_GAP
        painter.setFont(self._body_font())
        painter.setPen(_mix(fg, base, 0.55) if face.paused else fg)
        self._draw_body(painter, face, x + self._gutter(face.number)[0], text_top, self.text_width(face))

    def _draw_body(self, painter: QPainter, face: CardFace, x: int, y: int, width: int) -> None:
        """The card's text wrapped to ``width`` px from ``(x, y)``, in the pen set."""
        body_font = self._body_font()
        bfm = self._font_set()[4]
        for line in self._lines(face.number, face.text, width, self.line_cap(face)):
            if is_heading(line):  # a rendered Markdown heading (walk40): bold, never wider than the card
                bold = QFont(body_font)
                bold.setBold(True)
                painter.setFont(bold)
                shown = QFontMetrics(bold).elidedText(line[1:], Qt.TextElideMode.ElideRight, max(10, width))
                painter.drawText(x, y + bfm.ascent(), shown)
                painter.setFont(body_font)
            else:
                painter.drawText(x, y + bfm.ascent(), line)
            y += bfm.lineSpacing()

    def _paint_note(self, painter: QPainter, pal: QPalette, rect: QRect, text: str) -> None:
        """A note: its lines in the muted text colour, italic, without a card."""
        base = pal.color(QPalette.ColorRole.Base)
        painter.save()
        font = QFont(self._body_font())
        font.setItalic(True)
        painter.setFont(font)
        painter.setPen(QColor(colours_for(base.lightness() < 128).text_muted))
        bfm = self._font_set()[4]
        x = rect.left() + CARD_MARGIN_X + CARD_PAD
        y = rect.top() + CARD_MARGIN_Y
        for line in self._lines(0, text, self._card_width() - 2 * CARD_PAD):
            if is_heading(line):  # a "## Work" section line (walk40): a bold upright heading, not "##"
                head = QFont(self._body_font())
                head.setBold(True)
                painter.setFont(head)
                painter.drawText(x, y + bfm.ascent(), line[1:])
                painter.setFont(font)
            else:
                painter.drawText(x, y + bfm.ascent(), line)
            y += bfm.lineSpacing()
        painter.restore()

    # editing
    def editor_cap(self, index: QModelIndex | QPersistentModelIndex) -> int:
        """The character cap the in-place editor counts against (0: none; dream cards override)."""
        return 0

    def createEditor(self, parent: QWidget, option: QStyleOptionViewItem,
                     index: QModelIndex | QPersistentModelIndex) -> QWidget:
        """Qt: a multi-line :class:`CardTextEdit` over the card's text (Enter saves,
        Shift+Enter breaks the line, Esc cancels); the card grows round it."""
        ed = CardTextEdit(parent, cap=self.editor_cap(index))
        ed.setObjectName("memoryCardEditor")
        ed.submitted.connect(lambda: self._finish(ed, commit=True))
        ed.cancelled.connect(lambda: self._finish(ed, commit=False))
        ed.textChanged.connect(lambda: self._grow(ed))
        ed.notice_resized.connect(lambda: self._grow(ed, force=True))  # a notice came, went or re-wrapped
        self._editing = QPersistentModelIndex(index)
        self._editor = ed
        self._edit_lines = self.lines.estimate(str(index.data(Qt.ItemDataRole.EditRole) or ""),
                                               self._edit_width(index.row()), self.max_lines)
        self.sizeHintChanged.emit(index)
        edited = self._editing
        QTimer.singleShot(0, ed, lambda: self._view.scrollTo(self._view.model().index(edited.row(), 0))
                          if edited.isValid() else None)  # once the grown card is laid out
        return ed

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        """Qt: the card editor handles its own keys (Enter saves, Esc cancels, Tab moves
        on) and losing the focus neither saves nor closes it (issue 30, walk50b #3): Qt's
        default saved on focus out and on Tab, and queued a second save after Enter (the
        "commitData called with an editor that does not belong to this view" warning)."""
        if isinstance(obj, CardTextEdit):
            return False
        return super().eventFilter(obj, event)

    def _finish(self, editor: CardTextEdit, *, commit: bool) -> None:
        if editor is not self._editor or editor is self._closing:
            return  # a second Enter or Esc on an editor already closing
        if commit:
            if editor.too_long():
                return  # the footer says why; the text stays
            self._saving = True
            try:
                self.commitData.emit(editor)
            finally:
                self._saving = False
        self._closing = editor  # a repeated key does nothing
        self.closeEditor.emit(editor, QStyledItemDelegate.EndEditHint.NoHint)

    def _grow(self, editor: CardTextEdit, *, force: bool = False) -> None:
        """Re-fit the edited card to the editor's text (up to the editor's line limit);
        ``force``: its notice changed the editor's height (walk57 #2)."""
        if editor is not self._editor or self._editing is None or not self._editing.isValid():
            return
        lines = self.lines.estimate(editor.toPlainText(), self._edit_width(self._editing.row()), self.max_lines)
        if lines != self._edit_lines or force:
            self._edit_lines = lines
            self.sizeHintChanged.emit(self._view.model().index(self._editing.row(), 0))

    def _edit_width(self, row: int) -> int:
        """Px the text of the card on ``row`` wraps in (the editor's lines are counted at it)."""
        face = self._faces(row)
        return self.text_width(face) if face is not None else self._card_width() - 2 * CARD_PAD

    def destroyEditor(self, editor: QWidget, index: QModelIndex | QPersistentModelIndex) -> None:
        """Qt: the card shrinks back to its text."""
        if editor is self._editor:
            self._editor = None
            self._editing = None
            if index.isValid():
                self.sizeHintChanged.emit(index)
        super().destroyEditor(editor, index)

    def setEditorData(self, editor: QWidget, index: QModelIndex | QPersistentModelIndex) -> None:
        """Qt: the card's text, the caret at its end and nothing selected (walk50 #1)."""
        if isinstance(editor, CardTextEdit):
            editor.set_text(str(index.data(Qt.ItemDataRole.EditRole) or ""))

    def setModelData(self, editor: QWidget, model: QAbstractListModel,  # type: ignore[override]
                     index: QModelIndex | QPersistentModelIndex) -> None:
        """Qt: store the editor's text through the model (its edit handler writes it):
        for Enter, and when the view closes the editor because another card became
        current (a click on another card: the draft is saved, never dropped). Focus
        leaving never gets here (:meth:`eventFilter`), nor an editor Esc or Enter is
        already closing (issue 30, walk50b #3)."""
        if not isinstance(editor, CardTextEdit):
            return
        moved_on = editor is self._editor and editor is not self._closing and not editor.too_long()
        if self._saving or moved_on:
            model.setData(index, editor.toPlainText(), Qt.ItemDataRole.EditRole)

    def updateEditorGeometry(self, editor: QWidget, option: QStyleOptionViewItem,
                             index: QModelIndex | QPersistentModelIndex) -> None:
        """Qt: the editor covers the card's body, never wider than a card of the viewport
        as it is now (a page scroll bar that appears narrows the list before its rows are
        laid out again)."""
        rect: QRect = option.rect
        body = self.body_rect(rect, self._faces(index.row()))
        body.setWidth(min(body.width(), self._card_width() - 2 * CARD_PAD + 6))
        moved = editor.geometry() != body
        editor.setGeometry(body)
        if moved and editor is self._editor:  # placed, grown or moved: the page keeps it in view
            QTimer.singleShot(0, editor, lambda: self.editor_shown.emit(editor))
