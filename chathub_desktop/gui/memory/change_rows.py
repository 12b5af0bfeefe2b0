"""The list of entries a memory change shows (issues 18 and 30): groups of rows — added,
removed, edited, or entries to tick — each row a card wrapped in the list's width, under
a bold group title.

:class:`ChangeRows` is the one list both the change preview (an import's Merge, a raw
save, Clear, a fold) and "Import from another assistant…" use, so a pasted fact and a
Merge's file entry look the same: its text, and under it what it repeats ("— nearly
repeats fixed memory #1 “Prefers metric units”", said in the interface language from
the typed :class:`~chathub_desktop.core.memory_repeats.Repeat`); new ones tinted as
added; an exact repeat greyed and not tickable; the group title counting the ticks as
they change (walk55 #3, #4).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from PySide6.QtCore import (
    QCoreApplication,
    QLocale,
    QModelIndex,
    QPersistentModelIndex,
    QRectF,
    QSize,
    Qt,
    Signal,
)
from PySide6.QtGui import QBrush, QColor, QPainter, QResizeEvent, QShowEvent
from PySide6.QtWidgets import (
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTreeWidget,
    QTreeWidgetItem,
    QWidget,
)

from chathub_desktop.core.memory_repeats import Repeat, RepeatKind
from chathub_desktop.gui.design import current_colours
from chathub_desktop.gui.design.tokens import Radius, Space
from chathub_desktop.gui.memory.card_lines import layout_lines
from chathub_desktop.gui.shell.i18n import fill
from chathub_desktop.gui.shell.service_reasons import said

translate = QCoreApplication.translate

#: Rows listed at most per group (the counts above are always whole).
MAX_ROWS = 200
#: Lines a row's text line wraps to at most (the last elided; the tooltip has it all).
ROW_LINES = 4
#: Px of a row's width that is not text: the item's margins, and a checkbox's room.
ROW_INSET = 2 * Space.MD + Space.XS + Space.XS  # a card's padding and inset, and air
CHECK_ROOM = 28
#: The item role holding a row's unwrapped text.
FULL_TEXT = Qt.ItemDataRole.UserRole + 1
#: The item role holding the lines each of a worded row's text lines wraps to at most
#: (a card: its day on one line, its words on :data:`WORD_LINES`; walk56 #5).
LINE_LIMITS = Qt.ItemDataRole.UserRole + 2
#: Lines a worded row's last text line (a card's words) wraps to at most.
WORD_LINES = 2
#: A card's lines shown at most, and its characters (walk36 #14: a card reads as a card,
#: line by line, not one line cut by "…"; the tooltip has it all).
CARD_LINES = 12
CARD_CHARS = 1500


class RowGroup(StrEnum):
    """A group of rows in the list (kept on its top row; :meth:`ChangeRows.rows`)."""

    ADDED = "added"
    REMOVED = "removed"
    EDITED = "edited"
    #: Dream cards a fold joins into a range card: kept, not removed (walk56 #5).
    FOLDED = "folded"
    #: Entries to tick: an import Merge's file entries, a paste's facts (issue 30).
    CHOICES = "choices"


def _diff_colour(group: RowGroup) -> str:
    """Row background of an added / removed / edited entry (diff tokens); choices are added
    ones, folded cards neutral (their text stays, in the range card)."""
    c = current_colours()
    return {RowGroup.ADDED: c.diff_added, RowGroup.CHOICES: c.diff_added, RowGroup.REMOVED: c.diff_removed,
            RowGroup.FOLDED: c.diff_context}.get(group, c.diff_edited)


@dataclass(frozen=True)
class PreviewChoice:
    """A row the user may tick or untick (a Merge's file entry or a pasted fact, issue
    30): its ``text``, the entry it ``repeats`` (None when new) and whether it comes
    ``ticked``. An exact repeat cannot be ticked (:attr:`enabled`)."""

    text: str
    repeats: Repeat | None
    ticked: bool

    @property
    def enabled(self) -> bool:
        """False for an exact repeat: the same text is never added twice."""
        return self.repeats is None or not self.repeats.exact


def repeat_note(repeat: Repeat) -> str:
    """What a row repeats, in the interface language (issue 30, walk55 #2): "already in
    memory as fixed memory #1 “…”", "already covered by …" or "nearly repeats …"; of an
    earlier line of the same paste or file, "repeats “…” above", "covered by “…” above"
    or "nearly repeats “…” above" (walk55b: that line is not in memory yet)."""
    if repeat.earlier:
        how = {RepeatKind.EXACT: translate("MemoryPaste", "repeats %1"),
               RepeatKind.COVERED: translate("MemoryPaste", "covered by %1")}.get(
            repeat.kind, translate("MemoryPaste", "nearly repeats %1"))
    else:
        how = {RepeatKind.EXACT: translate("MemoryPaste", "already in memory as %1"),
               RepeatKind.COVERED: translate("MemoryPaste", "already covered by %1")}.get(
            repeat.kind, translate("MemoryPaste", "nearly repeats %1"))
    return fill(how, said(repeat.reason()))


def short(text: str, limit: int = 160) -> str:
    """``text`` on one line, its spaces folded, cut to ``limit`` characters with "…"."""
    one = " ".join(text.split())
    return one if len(one) <= limit else one[: limit - 1] + "…"


def choice_text(c: PreviewChoice) -> str:
    """A choice's row: the text and, for a repeat, what it repeats on a second line."""
    if c.repeats is None:
        return short(c.text)
    return f"{short(c.text)}\n— " + repeat_note(c.repeats)


def card_text(text: str) -> str:
    """``text`` (an entry or a card) as the lines it is written in, each with its runs of
    spaces folded, at most :data:`CARD_LINES` lines and :data:`CARD_CHARS` characters."""
    lines = [" ".join(ln.split()) for ln in text.splitlines() if ln.strip()]
    shown = "\n".join(lines[:CARD_LINES])
    if len(lines) > CARD_LINES or len(shown) > CARD_CHARS:
        shown = shown[: CARD_CHARS - 1].rstrip() + "…"
    return shown


class _CardRows(QStyledItemDelegate):
    """Paints a change row as a card (walk36 #14): its diff colour as a rounded tint inset
    from the list's edges, the wrapped text inside with padding; group titles in bold."""

    def sizeHint(self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex) -> QSize:  # noqa: N802 - Qt
        """The text's size plus the card's padding (a group title: its line plus air above)."""
        size = super().sizeHint(option, index)
        return size + QSize(0, 2 * Space.SM if index.parent().isValid() else Space.MD)

    def paint(self, painter: QPainter, option: QStyleOptionViewItem,
              index: QModelIndex | QPersistentModelIndex) -> None:
        """The tint, then the text (the list's own selection look is not drawn); tickable
        rows keep the style's look, check box included."""
        self.initStyleOption(option, index)
        if option.features & QStyleOptionViewItem.ViewItemFeature.HasCheckIndicator:
            super().paint(painter, option, index)
            return
        painter.save()
        if index.parent().isValid():
            brush = index.data(Qt.ItemDataRole.BackgroundRole)
            if isinstance(brush, QBrush):
                painter.setRenderHint(QPainter.RenderHint.Antialiasing)
                painter.setPen(Qt.PenStyle.NoPen)
                painter.setBrush(brush)
                painter.drawRoundedRect(QRectF(option.rect).adjusted(0, Space.XXS, -Space.XS, -Space.XXS),
                                        Radius.MD, Radius.MD)
            text_rect = option.rect.adjusted(Space.MD, Space.SM, -Space.MD, -Space.SM)
        else:
            option.font.setBold(True)
            text_rect = option.rect.adjusted(0, Space.MD, 0, 0)
        painter.setFont(option.font)
        painter.setPen(QColor(current_colours().text))
        painter.drawText(text_rect, int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter), option.text)
        painter.restore()


#: A choices group's title from (ticked, all): "From the file: ticked entries are added (1 of 5)".
TitleMaker = Callable[[int, int], str]


class ChangeRows(QTreeWidget):
    """The rows of a change, grouped under bold titles, each wrapped in the list's width
    (no horizontal scrolling; at most :data:`ROW_LINES` a text line, the tooltip has it
    all). :meth:`add_group` lists entries; :meth:`set_choices` lists entries to tick and
    keeps their ticks; ``ticks_changed(ticked)`` says how many are ticked after each
    change, and the group's title counts them (walk55 #4)."""

    ticks_changed = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setHeaderHidden(True)
        # rows wrap in the list's width rather than being cut (walk29: a Merge's "nearly
        # repeats …" line was elided at 640 px); each row's tooltip keeps the whole text
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        # cards under bold group titles, not a grey tree (walk36 #14)
        self.setRootIsDecorated(False)
        self.setItemsExpandable(False)
        self.setIndentation(0)
        self.setItemDelegate(_CardRows(self))
        self._wrapped_at = 0
        self._choices: tuple[PreviewChoice, ...] = ()
        self._title: TitleMaker = lambda _ticked, _all: ""
        self._choice_top: QTreeWidgetItem | None = None
        #: The ticks of the choices listed (those beyond :data:`MAX_ROWS` keep their default).
        self.ticks: list[bool] = []
        self.itemChanged.connect(self._on_item_changed)

    def clear_rows(self) -> None:
        """Remove every group (the choices' ticks with them)."""
        self._choice_top = None
        self._choices, self.ticks = (), []
        self.clear()
        self._wrapped_at = 0

    def add_group(self, kind: RowGroup, title: str, rows: Sequence[str], tips: Sequence[str] | None = None) -> None:
        """A group ``title (n)`` of ``rows`` (at most :data:`MAX_ROWS`, then "… and n more"),
        each tinted by ``kind``; an edited row is one line, another keeps its lines. With
        ``tips`` (one per row: its whole text) the rows are worded already — a dream card's
        day, then its words (walk56 #5) —: each text line but the last on one line, the
        last on :data:`WORD_LINES`, elided."""
        top = QTreeWidgetItem([f"{title} ({QLocale().toString(len(rows))})"])
        top.setData(0, Qt.ItemDataRole.UserRole, kind)
        brush = QBrush(QColor(_diff_colour(kind)))
        for i, text in enumerate(rows[:MAX_ROWS]):
            shown = text if tips is not None else short(text) if kind == RowGroup.EDITED else card_text(text)
            item = QTreeWidgetItem([shown])
            item.setData(0, FULL_TEXT, shown)
            if tips is not None:
                item.setData(0, LINE_LIMITS, (1,) * shown.count("\n") + (WORD_LINES,))
            item.setToolTip(0, text if tips is None else tips[i])
            item.setBackground(0, brush)
            top.addChild(item)
        if len(rows) > MAX_ROWS:
            top.addChild(QTreeWidgetItem([fill(translate("MemoryPage", "… and %1 more"),
                                               QLocale().toString(len(rows) - MAX_ROWS))]))
        self._add_top(top)

    def add_note(self, text: str) -> None:
        """A line of its own, e.g. "No entry changes."."""
        self.addTopLevelItem(QTreeWidgetItem([text]))

    def set_choices(self, choices: Sequence[PreviewChoice], ticks: list[bool] | None, title: TitleMaker,
                    more: str = "") -> None:
        """List ``choices`` to tick under ``title(ticked, all)`` (the other groups stay):
        at most :data:`MAX_ROWS`, then ``more`` with how many (``%1``); new ones tinted as
        added, an exact repeat greyed and not tickable, a repeat's second line naming what
        it repeats. ``ticks`` (one per choice; None: each choice's default) is kept and
        changed in place as the user ticks."""
        self._choices = tuple(choices)
        self.ticks = ticks if ticks is not None else [c.ticked and c.enabled for c in self._choices]
        self._title = title
        top = QTreeWidgetItem([""])
        top.setData(0, Qt.ItemDataRole.UserRole, RowGroup.CHOICES)
        brush = QBrush(QColor(_diff_colour(RowGroup.CHOICES)))
        for i, ch in enumerate(self._choices[:MAX_ROWS]):
            item = QTreeWidgetItem([""])
            flags = item.flags() | Qt.ItemFlag.ItemIsUserCheckable
            if not ch.enabled:
                flags &= ~Qt.ItemFlag.ItemIsEnabled
            item.setFlags(flags)
            item.setCheckState(0, Qt.CheckState.Checked if self.ticks[i] else Qt.CheckState.Unchecked)
            item.setData(0, Qt.ItemDataRole.UserRole, i)
            if ch.repeats is None:
                item.setBackground(0, brush)
            top.addChild(item)
        if len(self._choices) > MAX_ROWS:
            top.addChild(QTreeWidgetItem([fill(more, QLocale().toString(len(self._choices) - MAX_ROWS))]))
        self._choice_top = top
        self._add_top(top)
        self.resay_choices()

    def resay_choices(self) -> None:
        """The choices' texts, tooltips and title in the interface language now (after a
        language switch too); the ticks stay."""
        top = self._choice_top
        if top is None:
            return
        top.setText(0, self._title(self.ticked(), len(self._choices)))
        for i, ch in enumerate(self._choices[:MAX_ROWS]):
            item = top.child(i)
            if item is None:
                continue
            item.setData(0, FULL_TEXT, choice_text(ch))
            item.setText(0, choice_text(ch))
            item.setToolTip(0, ch.text if ch.repeats is None
                            else f"{ch.text}\n\n" + fill(translate("MemoryPage", "Repeats %1"), said(ch.repeats.reason())))
        self._wrapped_at = 0
        self.wrap_rows()

    def ticked(self) -> int:
        """How many choices are ticked (those not listed count with their default)."""
        return sum(self.ticks)

    def _add_top(self, top: QTreeWidgetItem) -> None:
        self.addTopLevelItem(top)
        top.setExpanded(True)
        self._wrapped_at = 0
        self.wrap_rows()

    def _on_item_changed(self, item: QTreeWidgetItem, _column: int) -> None:
        parent, i = item.parent(), item.data(0, Qt.ItemDataRole.UserRole)
        if parent is None or parent.data(0, Qt.ItemDataRole.UserRole) != RowGroup.CHOICES or not isinstance(i, int):
            return
        on = item.checkState(0) == Qt.CheckState.Checked
        if self.ticks[i] == on:
            return  # a text change (wrapping, a language switch), not a tick
        self.ticks[i] = on
        parent.setText(0, self._title(self.ticked(), len(self._choices)))
        self.ticks_changed.emit(self.ticked())

    def wrap_rows(self) -> None:
        """Break each row's text into the lines that fit the list's width now (at most
        :data:`ROW_LINES` a text line, the last elided; the tooltip has it all)."""
        width = self.viewport().width() - 2 * self.indentation() - ROW_INSET
        if width == self._wrapped_at or width < 40:
            return
        self._wrapped_at = width
        font = self.font()
        for i in range(self.topLevelItemCount()):
            top = self.topLevelItem(i)
            for j in range(top.childCount() if top is not None else 0):
                item = top.child(j) if top is not None else None
                full = item.data(0, FULL_TEXT) if item is not None else None
                if item is None or not isinstance(full, str):
                    continue
                room = width - (CHECK_ROOM if item.flags() & Qt.ItemFlag.ItemIsUserCheckable else 0)
                parts = full.split("\n")
                limits = item.data(0, LINE_LIMITS)
                if not isinstance(limits, tuple) or len(limits) != len(parts):
                    limits = (ROW_LINES,) * len(parts)
                item.setText(0, "\n".join(ln for part, most in zip(parts, limits, strict=True)
                                          for ln in layout_lines(part, font, room, most)))

    def choice_items(self) -> list[QTreeWidgetItem]:
        """The tickable rows shown (tests, screenshots)."""
        top = self._choice_top
        rows = [top.child(j) for j in range(top.childCount())] if top is not None else []
        return [r for r in rows if r is not None and r.flags() & Qt.ItemFlag.ItemIsUserCheckable]

    def rows(self, kind: RowGroup) -> list[str]:
        """The texts listed under ``kind`` (added / removed / edited / choices), unwrapped."""
        for i in range(self.topLevelItemCount()):
            top = self.topLevelItem(i)
            if top is not None and top.data(0, Qt.ItemDataRole.UserRole) == kind:
                rows = [top.child(j) for j in range(top.childCount())]
                return [str(r.data(0, FULL_TEXT) or r.text(0)) for r in rows if r is not None]
        return []

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt override
        """Qt: the rows wrap again at the new width."""
        super().resizeEvent(event)
        self.wrap_rows()

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 - Qt override
        """Qt: the rows wrap at the width the list is shown with."""
        super().showEvent(event)
        self.wrap_rows()
