"""The dream cards' list model and delegate (DRM-8, DRM-15): :class:`DreamCardModel` holds
the dynamic-memory cards, :class:`DreamCardDelegate` paints them like fixed-memory
cards with a date chip and, on single-day cards, a refresh icon (Regenerate); on a range
card, a chevron saying whether it is open, its header a click target that folds and
opens it (walk55b #8)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import date
from operator import attrgetter

from PySide6.QtCore import (
    QAbstractListModel,
    QCoreApplication,
    QEvent,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QPoint,
    QRect,
    Qt,
    Signal,
)
from PySide6.QtGui import (
    QHelpEvent,
    QMouseEvent,
    QPainter,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QListView,
    QStyleOptionViewItem,
    QToolTip,
)

from chathub_desktop.core.dynamic_cards import CardKind
from chathub_desktop.core.dynamic_memory import RANGE_CARD_MAX, SINGLE_CARD_MAX
from chathub_desktop.gui.design.icons import Icon, icon
from chathub_desktop.gui.design.tokens import ChipKind
from chathub_desktop.gui.memory.card_delegate import (
    CARD_PAD,
    HEADER_GAP,
    CardFace,
    MemoryCardDelegate,
    NumberRole,
    PausedRole,
    TrustedRole,
)
from chathub_desktop.gui.memory.card_markdown import HEADING_MARK, card_shown
from chathub_desktop.gui.memory.page_common import role_data
from chathub_desktop.gui.shell.day_format import format_iso_day
from chathub_desktop.gui.shell.i18n import QT_TRANSLATE_NOOP, fill
from chathub_desktop.services.dream.dream_service import (
    CardView,
)

translate = QCoreApplication.translate

#: The chip colour of a card's kind; the others are :attr:`ChipKind.LEGACY`.
CHIP_OF_KIND: dict[CardKind, ChipKind] = {CardKind.DAY: ChipKind.DREAM, CardKind.RANGE: ChipKind.RANGE}
#: What a click on a range card does, said by its tooltip (walk55b #8: only Space or the
#: context menu folded an opened range card, and nothing said so): on the folded card, on
#: the header of an opened one, and on the body of an opened one.
OPEN_TIP = QT_TRANSLATE_NOOP("MemoryPage", "Click to open: show the days folded into this card (Space)")
FOLD_TIP = QT_TRANSLATE_NOOP("MemoryPage", "Click to fold: the days back into one line (Space)")
FOLD_HEADER_TIP = QT_TRANSLATE_NOOP("MemoryPage", "Click the card's header to fold it again (Space)")
KIND_TIPS: dict[CardKind, str] = {
    CardKind.DAY: QT_TRANSLATE_NOOP("MemoryPage", "One UTC day"),
    CardKind.RANGE: QT_TRANSLATE_NOOP("MemoryPage", "Older days merged into one card"),
    CardKind.LEGACY: QT_TRANSLATE_NOOP("MemoryPage", "Text from before dated cards"),
    CardKind.CUSTOM: QT_TRANSLATE_NOOP("MemoryPage", "A card with an unusual tag"),
}

TagRole = Qt.ItemDataRole.UserRole + 11
KindRole = Qt.ItemDataRole.UserRole + 12
RegenerableRole = Qt.ItemDataRole.UserRole + 13


def card_copy_text(cards: Sequence[CardView]) -> str:
    """What the list shows, as text: ``#N [date chip]:`` and the body per card, one blank
    line apart — the same text ``DreamService.copy_text`` exports (DRM-8)."""
    return "\n\n".join(f"#{c.number} [{c.display_tag}]:\n{c.text}" for c in cards)


def _card_tooltip(c: CardView, folded: bool | None = None) -> str:
    """A card's tooltip: its number, tag and kind, what a click does on a range card
    (``folded``: whether it is shown folded; None: not a range card), the keys."""
    kind = translate("MemoryPage", KIND_TIPS[c.kind]) if c.kind in KIND_TIPS else ""
    tip = f"#{c.number} [{c.display_tag}] · {kind}\n"
    if folded is not None:
        tip += translate("MemoryPage", OPEN_TIP if folded else FOLD_HEADER_TIP) + "\n"
    tip += translate("MemoryPage", "Enter or double-click to edit, Del to delete")
    if c.regenerable:
        tip += "\n" + translate("MemoryPage", "Ctrl+R or the refresh icon: dream over this day again")
    return tip


#: What each role shows of a card (dream cards are always trusted).
_ROLES: dict[int, Callable[[CardView], object]] = {
    int(Qt.ItemDataRole.DisplayRole): attrgetter("text"),
    int(Qt.ItemDataRole.EditRole): attrgetter("text"),
    int(NumberRole): attrgetter("number"),
    int(TagRole): attrgetter("display_tag"),
    int(KindRole): attrgetter("kind"),
    int(RegenerableRole): attrgetter("regenerable"),
    int(TrustedRole): lambda _c: True,
    int(PausedRole): attrgetter("paused"),
    int(Qt.ItemDataRole.AccessibleTextRole): lambda c: f"#{c.number} [{c.display_tag}]: "
                                                       f"{card_shown(c.text).replace(HEADING_MARK, '')}"
                                                       + (translate("MemoryPage", " (paused)") if c.paused else ""),
    int(Qt.ItemDataRole.ToolTipRole): _card_tooltip,
}


def range_days(display_tag: str) -> int | None:
    """How many days a range card spans, from its ``2026-11-23 – 2026-11-24`` tag (both
    ends counted); None when the tag is not such a range."""
    first, sep, last = display_tag.partition(" – ")
    try:
        return (date.fromisoformat(last.strip()) - date.fromisoformat(first.strip())).days + 1 if sep else None
    except ValueError:
        return None


def chip_text(display_tag: str) -> str:
    """A card's date chip: its day (or both ends of a range) in the page's one date style
    (``1 May 2024``, ``1 May 2024 – 3 May 2024``; walk50 #6); a tag that is no date as it is.
    The stored tag (``2024-05-01``, DRM-8) stays in the card's tooltip and in Copy. A range
    of one day (``2026-11-27 – 2026-11-27``) says that day once (memlang54)."""
    first, sep, last = (part.strip() for part in display_tag.partition(" – "))
    if not sep or first == last:
        return format_iso_day(first if sep else display_tag)
    return f"{format_iso_day(first)} – {format_iso_day(last)}"


def card_name(card: CardView) -> str:
    """How a status or a question names ``card``: by its day or span, never its ``#N``
    (issue 30, walk52b #2: card numbers are positions — an older day accepted after
    "Saved #1" made that card #2): ``the card for 1 May 2024``, ``the card for 1 May 2024
    – 3 May 2024``; an older card without a date ``the older card``, a custom tag
    ``the card “tag”``."""
    if card.kind in (CardKind.DAY, CardKind.RANGE):
        return fill(translate("MemoryPage", "the card for %1"), chip_text(card.display_tag))
    if card.kind == CardKind.LEGACY:
        return translate("MemoryPage", "the older card")
    return fill(translate("MemoryPage", "the card “%1”"), card.display_tag)


def folded_text(card: CardView) -> str:
    """What a folded range card shows instead of its body (issue 30: the timeline folds
    ranges; a click or Space expands — walk55 #5: "Space" alone told mouse users nothing);
    the card's chevron says it is folded (walk55b #8: no "▸" before the line as well)."""
    days = range_days(card.display_tag)
    what = translate("MemoryPage", "%n day(s)", None, days) if days else translate("MemoryPage", "Several days")
    return fill(translate("MemoryPage", "%1 folded into one card — click or press Space to show them"), what)


def count_text(cards: Sequence[CardView]) -> str:
    """The card count beside the Dynamic memory title: ``5 cards``; with a range or an
    older card, the single-day cards apart, as Keep dream cards counts only those (DRM-7,
    walk55 #4: "Keep dream cards: 4" beside "5 cards" read as one card too many):
    ``4 single-day cards + 1 range card``, ``+ 1 older card`` (legacy or custom tag)."""
    days = sum(c.kind == CardKind.DAY for c in cards)
    ranges = sum(c.kind == CardKind.RANGE for c in cards)
    older = len(cards) - days - ranges
    if days in (0, len(cards)):
        return translate("MemoryPage", "%Ln card(s)", None, len(cards))
    parts = [translate("MemoryPage", "%Ln single-day card(s)", None, days)]
    if ranges:
        parts.append(translate("MemoryPage", "%Ln range card(s)", None, ranges))
    if older:
        parts.append(translate("MemoryPage", "%Ln older card(s)", None, older))
    return " + ".join(parts)


class DreamCardModel(QAbstractListModel):
    """The dynamic-memory cards (:class:`CardView`) of one assistant, a timeline, edited in
    place (issue 30): ``setData`` hands the text to ``edit_handler(number, text)``, which
    stores it through the service (True: started). Newest first (DRM-8; issue 30, walk56
    #8: "what did it dream last night?" was the page's last card): row 0 is the document's
    last card, each card keeps its ``#N`` (its place in the stored document, oldest first,
    as the CLI numbers it) — :meth:`row_of` finds a number's row, :meth:`cards` gives the
    document's order. Roles: display = the visible body (a
    range card is folded to one line until :meth:`toggle_fold`), edit = the whole visible
    text, ``NumberRole``, ``TagRole`` (the stored tag; the chip writes it with :func:`chip_text`), ``KindRole``, ``RegenerableRole``."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._cards: list[CardView] = []
        self._shown: list[str] = []  # each card's body as rendered Markdown (walk40), made once per load
        self.edit_handler: Callable[[int, str], bool] | None = None
        self._open: set[str] = set()  # tags of the range cards the user expanded
        self._marked: str | None = None  # tag of the card a confirmation just named (walk52b #2)

    def is_folded(self, row: int) -> bool:
        """True for a range card shown folded."""
        c = self.card(row)
        return c is not None and c.kind == CardKind.RANGE and c.tag not in self._open

    def toggle_fold(self, row: int) -> bool:
        """Expand a folded range card, or fold it again; False for any other card."""
        c = self.card(row)
        if c is None or c.kind != CardKind.RANGE:
            return False
        self._open.symmetric_difference_update({c.tag})
        idx = self.index(row)
        self.dataChanged.emit(idx, idx)
        return True

    def set_cards(self, cards: Sequence[CardView], shown: Sequence[str] | None = None) -> None:
        """Replace every card; ``shown``: their faces (:func:`card_shown` of each text), when
        a worker made them already (issue 30: 90 long cards took ~10 ms on the GUI thread)."""
        self.beginResetModel()
        self._cards = list(reversed(cards))  # newest first (walk56 #8)
        self._shown = list(reversed(shown)) if shown is not None and len(shown) == len(self._cards) \
            else [card_shown(c.text) for c in self._cards]
        self.endResetModel()

    def resay_days(self) -> bool:
        """Make again the faces that say days — a range card's ``[date:…]`` headings, in the
        interface language's date style (memview54: they kept the old language until the
        next load) — and tell the view; True when any face changed (its height may too).
        Linear in those cards' text (≤ 6,400 characters each, DRM-13); run on a switch."""
        rows = [i for i, c in enumerate(self._cards) if "[date:" in c.text and i < len(self._shown)]
        changed = []
        for i in rows:
            face = card_shown(self._cards[i].text)
            if face != self._shown[i]:
                self._shown[i] = face
                changed.append(i)
        for i in changed:
            self.dataChanged.emit(self.index(i), self.index(i))
        return bool(changed)

    def marked(self) -> str | None:
        """The tag of the card painted marked (:class:`~.card_mark.CardMark`), or None."""
        return self._marked

    def set_marked(self, tag: str | None) -> None:
        """Paint the card of ``tag`` marked (None: no card)."""
        rows = [i for i, c in enumerate(self._cards) if c.tag in (tag, self._marked) and c.tag is not None]
        self._marked = tag
        for row in rows:
            self.dataChanged.emit(self.index(row), self.index(row))

    def cards(self) -> list[CardView]:
        """Every card (a copy), in document order (oldest first; the rows are newest first)."""
        return self._cards[::-1]

    def card(self, row: int) -> CardView | None:
        """The card on ``row`` (row 0: the newest), or None."""
        return self._cards[row] if 0 <= row < len(self._cards) else None

    def row_of(self, number: int | None = None, tag: str | None = None) -> int | None:
        """The row showing card ``number`` (its ``#N``) — without one, the card of
        ``tag``; None when no row does."""
        return next((i for i, c in enumerate(self._cards)
                     if (c.number == number if number is not None else c.tag == tag)), None)

    def face(self, row: int) -> CardFace | None:
        """What the delegate paints of ``row`` (the shown text: the body's Markdown
        rendered — headings bold, bullets — or a folded range card's one line), or None."""
        c = self.card(row)
        if c is None:
            return None
        folded = c.kind == CardKind.RANGE and c.tag not in self._open
        return CardFace(c.number, folded_text(c) if folded else self._shown[row], paused=c.paused,
                        tag=chip_text(c.display_tag), kind=c.kind, regenerable=c.regenerable,
                        marked=self._marked is not None and c.tag == self._marked, folded=folded)

    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008
        """Qt: every card is a row (a flat list)."""
        return 0 if parent.isValid() else len(self._cards)

    def data(self, index: QModelIndex | QPersistentModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        """Qt: the roles listed in the class docstring, plus accessible text and a tooltip."""
        if role == Qt.ItemDataRole.DisplayRole and index.isValid():
            c = self.card(index.row())
            return None if c is None else folded_text(c) if self.is_folded(index.row()) else c.text
        if role == Qt.ItemDataRole.ToolTipRole and index.isValid():
            c = self.card(index.row())
            return None if c is None else _card_tooltip(c, self.is_folded(index.row()) if c.kind == CardKind.RANGE
                                                        else None)
        return role_data(self.card(index.row()) if index.isValid() else None, role, _ROLES)

    def flags(self, index: QModelIndex | QPersistentModelIndex) -> Qt.ItemFlag:
        """Qt: selectable and enabled; editable in place unless it is a folded range card."""
        base = super().flags(index)
        if not index.isValid() or self.is_folded(index.row()):
            return base
        return base | Qt.ItemFlag.ItemIsEditable

    def setData(self, index: QModelIndex | QPersistentModelIndex, value: object,
                role: int = Qt.ItemDataRole.EditRole) -> bool:
        """Qt: an in-place edit; the card changes when the stored text is read back."""
        c = self.card(index.row()) if index.isValid() else None
        if c is None or role != Qt.ItemDataRole.EditRole or self.edit_handler is None or str(value) == c.text:
            return False
        return self.edit_handler(c.number, str(value))


# --- the delegate -------------------------------------------------------------------------

DREAM_BODY_LINES = 8  # a longer card is elided; the in-place editor shows it all
#: An opened range card shows every line (walk55 #8: 4 folded days cut after the third):
#: its 6,400 characters (DRM-13) at the narrowest card stay under this.
RANGE_OPEN_LINES = 400


class DreamCardDelegate(MemoryCardDelegate):
    """Paints a dream card like a fixed-memory card (``#N``, a chip, the wrapped body)
    with the date chip coloured by kind and, at the top right, a refresh icon on
    single-day cards or, on a range card, a chevron: right while it is folded, down while
    it is open (walk55b #8). A click on the refresh icon emits ``regenerate_clicked(number)``;
    a click on a folded range card, or on the header of an opened one (its ``#N``, chip
    and chevron: the body stays a place to select the card), emits ``fold_requested``
    (the press made it current), the pointer a hand there, the tooltip saying what a
    click does; a double-click elsewhere emits ``edit_requested(number)``. Body line
    breaks are kept. The in-place editor counts against the card's DRM-13 cap (3,200 / 6,400)."""

    regenerate_clicked = Signal(int)
    edit_requested = Signal(int)
    fold_requested = Signal()
    max_lines = DREAM_BODY_LINES

    def __init__(self, view: QListView, faces: Callable[[int], CardFace | None]) -> None:
        super().__init__(view, faces)
        #: One icon each for every card: the style's standard icon was looked up on each
        #: card's paint (the icon's engine keeps a pixmap per palette colour, so a theme
        #: switch still applies).
        self._regen_icon = icon(Icon.REGENERATE)
        self._chevrons = {True: icon(Icon.FOLDED), False: icon(Icon.DROP_DOWN)}  # folded → its chevron
        self._hand = False  # the pointer is a hand over a fold target

    def editor_cap(self, index: QModelIndex | QPersistentModelIndex) -> int:
        """DRM-13: 3,200 characters for a single-day card, 6,400 for a range or older card."""
        return SINGLE_CARD_MAX if index.data(KindRole) == CardKind.DAY else RANGE_CARD_MAX

    def face_chips(self, face: CardFace) -> list[tuple[str, ChipKind]]:
        """One chip: the card's date (or range) in the dream colour; range and legacy
        cards get their own colours."""
        colour = CHIP_OF_KIND.get(face.kind, ChipKind.LEGACY) if face.kind is not None else ChipKind.LEGACY
        chips = [(face.tag or translate("MemoryPage", "no date"), colour)]
        if face.paused:
            chips.append((translate("MemoryPage", "paused"), ChipKind.PAUSED))
        return chips

    def line_cap(self, face: CardFace) -> int:
        """A range card shows all of its days once opened (its folded face is one line);
        any other card at most :data:`DREAM_BODY_LINES` lines (issue 30: "range cards
        folded with their span (expand to read)")."""
        return RANGE_OPEN_LINES if face.kind == CardKind.RANGE else self.max_lines

    def regen_rect(self, rect: QRect) -> QRect:
        """Where the refresh icon sits in a row's ``rect`` (top right of the card); a range
        card's chevron sits there too."""
        return self.corner_rect(rect)

    def header_rect(self, rect: QRect) -> QRect:
        """The header of the card in a row's ``rect``: its top padding, the ``#N`` and chip
        line with the chevron, down to the body — an opened range card's fold target."""
        card = self.card_rect(rect)
        return QRect(card.left(), card.top(), card.width(), CARD_PAD + self._header_height() + HEADER_GAP)

    def fold_target(self, face: CardFace | None, rect: QRect, pos: QPoint) -> bool:
        """True when a click at ``pos`` folds or opens ``face``'s card: anywhere on a folded
        range card, on the header of an opened one."""
        if face is None or face.kind != CardKind.RANGE:
            return False
        return self.card_rect(rect).contains(pos) if face.folded else self.header_rect(rect).contains(pos)

    def paint_face(self, painter: QPainter, option: QStyleOptionViewItem, face: CardFace) -> None:
        """The card as a fixed-memory card, plus the refresh icon on single-day cards or the
        chevron on range cards."""
        super().paint_face(painter, option, face)
        rect: QRect = option.rect
        if face.regenerable:
            self._regen_icon.paint(painter, self.regen_rect(rect).adjusted(1, 1, -1, -1))
        elif face.kind == CardKind.RANGE:
            self._chevrons[face.folded].paint(painter, self.regen_rect(rect).adjusted(1, 1, -1, -1))

    def editorEvent(self, event: QEvent, model: QAbstractListModel,  # type: ignore[override]
                    option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex) -> bool:
        """Qt: a click on the refresh icon regenerates, a click on a fold target (:meth:`fold_target`)
        folds or opens the range card (the press made it current), a double-click elsewhere
        edits; the pointer is a hand over a fold target."""
        kind = event.type()
        rect: QRect = option.rect
        if isinstance(event, QMouseEvent) and kind == QEvent.Type.MouseMove:
            self._point(self.fold_target(self._faces(index.row()), rect, event.position().toPoint()))
        if isinstance(event, QMouseEvent) and event.button() == Qt.MouseButton.LeftButton and kind in (
                QEvent.Type.MouseButtonRelease, QEvent.Type.MouseButtonDblClick):
            pos = event.position().toPoint()
            on_icon = bool(index.data(RegenerableRole)) and self.regen_rect(rect).contains(pos)
            number = int(index.data(NumberRole) or 0)
            if kind == QEvent.Type.MouseButtonRelease and on_icon:
                self.regenerate_clicked.emit(number)
                return True
            if kind == QEvent.Type.MouseButtonRelease and self.fold_target(self._faces(index.row()), rect, pos):
                self.fold_requested.emit()
                return True
            if kind == QEvent.Type.MouseButtonDblClick:
                if not on_icon:
                    self.edit_requested.emit(number)
                return True
        return super().editorEvent(event, model, option, index)

    def _point(self, hand: bool) -> None:
        """The pointer a hand over a fold target, else the list's own."""
        if hand != self._hand:
            self._hand = hand
            if hand:
                self._view.viewport().setCursor(Qt.CursorShape.PointingHandCursor)
            else:
                self._view.viewport().unsetCursor()

    def helpEvent(self, event: QHelpEvent, view: QAbstractItemView, option: QStyleOptionViewItem,
                  index: QModelIndex | QPersistentModelIndex) -> bool:
        """Qt: the refresh icon and an opened range card's header have their own tooltips
        (Regenerate; :data:`FOLD_TIP`); elsewhere the card's (a folded range card's says
        :data:`OPEN_TIP`)."""
        rect: QRect = option.rect
        if event.type() == QEvent.Type.ToolTip and index.data(RegenerableRole) and \
                self.regen_rect(rect).contains(event.pos()):
            QToolTip.showText(event.globalPos(), fill(translate("MemoryPage", "Regenerate: dream over %1 again "
                                                                              "(Ctrl+R)"), chip_text(str(index.data(TagRole)))),
                              view)
            return True
        face = self._faces(index.row())
        if event.type() == QEvent.Type.ToolTip and face is not None and not face.folded and \
                self.fold_target(face, rect, event.pos()):
            QToolTip.showText(event.globalPos(), translate("MemoryPage", FOLD_TIP), view)
            return True
        return super().helpEvent(event, view, option, index)
