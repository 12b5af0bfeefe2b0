"""The question before memory is replaced (issue 18 "Preview before replace"): what an
import (Replace or Merge), a raw save that removes entries, Clear or a fold will change —
counts, then the entries (cards) added, removed and edited, and the folds — and a button
that does it. Nothing is written unless the user picks it.

The previews are computed by the services on the page's worker thread
(:mod:`chathub_desktop.services.memory.memory_preview`, ``MemoryTransfer.preview_import``); this
module only shows them. :func:`ask` is the one entry point, so tests can replace it like
:func:`chathub_desktop.gui.dialogs.confirm.ask`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from PySide6.QtCore import (
    QCoreApplication,
    QEvent,
    QLocale,
    QModelIndex,
    QPersistentModelIndex,
    QRectF,
    QSize,
    Qt,
)
from PySide6.QtGui import QBrush, QColor, QPainter, QResizeEvent, QShowEvent
from PySide6.QtWidgets import (
    QButtonGroup,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QPushButton,
    QRadioButton,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from chathub_desktop.core.memory_diff import EntryChanges
from chathub_desktop.gui.design import current_colours, repolish, set_tone
from chathub_desktop.gui.design.tokens import Radius, Space, Tone
from chathub_desktop.gui.memory.card_delegate import layout_lines
from chathub_desktop.gui.memory.card_panes import CardPanes, fitted_size
from chathub_desktop.gui.shell.i18n import QT_TRANSLATE_NOOP, Texts, fill
from chathub_desktop.gui.shell.service_reasons import said
from chathub_desktop.services.memory.memory_preview import ChangePreview
from chathub_desktop.services.transfer.memory_transfer import ImportPreview

translate = QCoreApplication.translate

#: A text the dialog shows: a maker called again on each language switch (it holds the
#: caller's ``translate`` call and values, issue 27), or a fixed text shown as it is.
Said = Callable[[], str] | str


def _maker(text: Said) -> Callable[[], str]:
    return text if callable(text) else (lambda: text)


def said_lines(preview: ChangePreview | ImportPreview) -> Callable[[], list[str]]:
    """A maker of ``preview``'s summary lines in the interface language (issue 27: its
    counts, changes and folds typed)."""
    folds = preview.fold_reasons if isinstance(preview, ChangePreview) else ()
    return lambda: [said(r) for r in (*preview.line_reasons(), *folds)]


def said_text(text: Said) -> str:
    """``text`` as shown now (a maker called, a fixed text as it is)."""
    return text() if callable(text) else text

#: Rows listed at most per kind of change (the counts above are always whole).
MAX_ROWS = 200
#: Lines a row's text line wraps to at most (the last elided; the tooltip has it all).
ROW_LINES = 4
#: Px of a row's width that is not text: the item's margins, and a checkbox's room.
ROW_INSET = 2 * Space.MD + Space.XS + Space.XS  # a card's padding and inset, and air
CHECK_ROOM = 28
#: The item role holding a row's unwrapped text.
FULL_TEXT = Qt.ItemDataRole.UserRole + 1


class RowGroup(StrEnum):
    """A group of rows in the preview's list (kept on its top row; :meth:`ChangePreviewDialog.rows`)."""

    ADDED = "added"
    REMOVED = "removed"
    EDITED = "edited"
    #: An import Merge's file entries, each ticked or not (issue 30).
    CHOICES = "choices"


def _diff_colour(group: RowGroup) -> str:
    """Row background of an added / removed / edited entry (diff tokens); choices are added ones."""
    c = current_colours()
    return {RowGroup.ADDED: c.diff_added, RowGroup.CHOICES: c.diff_added,
            RowGroup.REMOVED: c.diff_removed}.get(group, c.diff_edited)


@dataclass(frozen=True)
class PreviewChoice:
    """A row the user may tick or untick (an import Merge's file entry, issue 30): its
    ``text``, what it ``repeats`` (named; None when new), whether it comes ``ticked`` and
    whether it can be ticked at all (``enabled``: an exact repeat cannot); ``covered``: all
    its words are in the entry it repeats, which says more."""

    text: str
    repeats: str | None
    ticked: bool
    enabled: bool = True
    covered: bool = False


@dataclass(frozen=True)
class PreviewOption:
    """One way to go ahead: ``key`` returned by :func:`ask`, ``label`` of its radio button
    (when there are several; a maker is called again on a language switch, issue 27), the
    summary ``lines`` and the entry ``changes`` it makes
    (None: no entry list), and the ``titles`` of its groups."""

    key: str
    label: Said
    lines: Sequence[str] | Callable[[], Sequence[str]]
    changes: EntryChanges | None = None
    #: Titles of the added / removed / edited groups (a fold's removed cards are folded).
    titles: tuple[str, str, str] = (QT_TRANSLATE_NOOP("MemoryPage", "Added"), QT_TRANSLATE_NOOP("MemoryPage", "Removed"),
                                    QT_TRANSLATE_NOOP("MemoryPage", "Edited"))
    #: Rows to tick instead of the Added group (a Merge's file entries, repeats unticked).
    choices: tuple[PreviewChoice, ...] = ()
    #: Cards shown side by side instead of the entry list, each ``(title, stored text)``
    #: with its Markdown rendered as the timeline does (a dream's card; Regenerate's old
    #: and new card, walk42 #2).
    panes: tuple[tuple[Said, str], ...] = ()
    #: The Cancel button's label (None: Cancel), e.g. "Keep the old card".
    cancel: Said | None = None
    #: Going ahead is what the preview is for (a dream's new card, walk49 #2b): the action
    #: is the accent-filled primary button and the default on Enter; else Cancel is the
    #: default and the action looks secondary (a preview of a removal or a replacement).
    primary: bool = False
    #: A line shown above the summary in the warning tone (walk50 #2: "This card mostly
    #: repeats itself …"); None: no warning.
    warning: Said | None = None

    def shown_lines(self) -> list[str]:
        """The summary lines as shown now (a maker called: the interface language)."""
        return list(self.lines() if callable(self.lines) else self.lines)


def choice_text(c: PreviewChoice) -> str:
    """A choice's row: the text and, for a repeat, what it repeats on a second line."""
    if c.repeats is None:
        return _short(c.text)
    return f"{_short(c.text)}\n— " + fill(repeat_how(exact=not c.enabled, covered=c.covered), str(c.repeats))


def repeat_how(*, exact: bool, covered: bool) -> str:
    """How a row names what it repeats (``%1``: the entry), in the interface language:
    "already in memory as %1", "already covered by %1" (issue 30) or "nearly repeats %1"."""
    if exact:
        return translate("MemoryPaste", "already in memory as %1")
    if covered:
        return translate("MemoryPaste", "already covered by %1")
    return translate("MemoryPaste", "nearly repeats %1")


#: A card's lines shown at most, and its characters (walk36 #14: a card reads as a card,
#: line by line, not one line cut by "…"; the tooltip has it all).
CARD_LINES = 12
CARD_CHARS = 1500


def _card(text: str) -> str:
    """``text`` (an entry or a card) as the lines it is written in, each with its runs of
    spaces folded, at most :data:`CARD_LINES` lines and :data:`CARD_CHARS` characters."""
    lines = [" ".join(ln.split()) for ln in text.splitlines() if ln.strip()]
    shown = "\n".join(lines[:CARD_LINES])
    if len(lines) > CARD_LINES or len(shown) > CARD_CHARS:
        shown = shown[: CARD_CHARS - 1].rstrip() + "…"
    return shown


class _CardRows(QStyledItemDelegate):
    """Paints a change row as a card (walk36 #14): its diff colour as a rounded tint inset
    from the tree's edges, the wrapped text inside with padding; group titles in bold."""

    def sizeHint(self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex) -> QSize:  # noqa: N802 - Qt
        """The text's size plus the card's padding (a group title: its line plus air above)."""
        size = super().sizeHint(option, index)
        return size + QSize(0, 2 * Space.SM if index.parent().isValid() else Space.MD)

    def paint(self, painter: QPainter, option: QStyleOptionViewItem,
              index: QModelIndex | QPersistentModelIndex) -> None:
        """The tint, then the text (the tree's own selection look is not drawn); a Merge's
        tickable rows keep the style's look, check box included."""
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


def _short(text: str, limit: int = 160) -> str:
    one = " ".join(text.split())
    return one if len(one) <= limit else one[: limit - 1] + "…"


class ChangePreviewDialog(QDialog):
    """The preview: a heading, the chosen option's summary and its changes as a tree
    (Added / Removed / Edited, each at most :data:`MAX_ROWS` rows), radio buttons when
    there are several options, the ``action`` button and Cancel (the default, unless the
    option shown is :attr:`PreviewOption.primary`)."""

    def __init__(self, parent: QWidget | None, title: Said, heading: Said, options: Sequence[PreviewOption],
                 action: Said) -> None:
        super().__init__(parent)
        self.setObjectName("changePreviewDialog")
        self.texts = t = Texts(self)  # title, heading and action re-said on a switch (issue 27)
        t.bind(self.setWindowTitle, _maker(title))
        self.resize(640, 460)
        self.options = list(options)
        self.chosen: str | None = None
        #: The user's ticks per option key (its choices', in order; issue 30).
        self.ticks: dict[str, list[bool]] = {o.key: [c.ticked and c.enabled for c in o.choices]
                                             for o in self.options}
        self._shown_key = ""
        lay = QVBoxLayout(self)
        head = QLabel()
        t.bind(head.setText, _maker(heading))
        head.setObjectName("previewHeading")
        head.setWordWrap(True)
        head.setStyleSheet("font-weight: bold;")
        lay.addWidget(head)
        self.radios = QButtonGroup(self)
        for i, opt in enumerate(self.options if len(self.options) > 1 else []):
            rb = QRadioButton()
            t.bind(rb.setText, _maker(opt.label))
            rb.setObjectName(f"previewOption_{opt.key}")
            self.radios.addButton(rb, i)
            lay.addWidget(rb)
        self.warning = QLabel()
        self.warning.setObjectName("previewWarning")
        self.warning.setWordWrap(True)
        set_tone(self.warning, Tone.WARNING)
        lay.addWidget(self.warning)
        self.summary = QLabel()
        self.summary.setObjectName("previewSummary")
        self.summary.setWordWrap(True)
        self.summary.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        lay.addWidget(self.summary)
        self.tree = QTreeWidget()
        self.tree.setObjectName("previewChanges")
        self.tree.setHeaderHidden(True)
        self.tree.setAccessibleName(translate("MemoryPage", "What will change"))
        # rows wrap in the tree's width rather than being cut (walk29: a Merge's "nearly
        # repeats …" line was elided at 640 px); each row's tooltip keeps the whole text
        self.tree.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        # cards under bold group titles, not a grey tree (walk36 #14)
        self.tree.setRootIsDecorated(False)
        self.tree.setItemsExpandable(False)
        self.tree.setIndentation(0)
        self.tree.setItemDelegate(_CardRows(self.tree))
        self._wrapped_at = 0
        self.tree.itemChanged.connect(self._on_item_changed)
        lay.addWidget(self.tree, 1)
        #: The cards side by side (an option with :attr:`PreviewOption.panes`).
        self.panes = CardPanes(self.texts, [(p[0], p[1]) for o in self.options[:1] for p in o.panes])
        lay.addWidget(self.panes, 1)
        self.panes.setVisible(bool(self.panes.browsers))
        if self.panes.browsers:
            self.resize(fitted_size(parent))
        box = QDialogButtonBox()
        self.action_button = QPushButton()
        t.bind(self.action_button.setText, _maker(action))
        self.action_button.setObjectName("previewAction")
        box.addButton(self.action_button, QDialogButtonBox.ButtonRole.AcceptRole)
        cancel = box.addButton(QDialogButtonBox.StandardButton.Cancel)
        if cancel is not None and self.options and self.options[0].cancel is not None:
            t.bind(cancel.setText, _maker(self.options[0].cancel))
        self.cancel_button = cancel
        box.accepted.connect(self._accept)
        box.rejected.connect(self.reject)
        lay.addWidget(box)
        self.radios.idClicked.connect(self.show_option)
        if self.radios.buttons():
            self.radios.buttons()[0].setChecked(True)
        self.show_option(0)

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        """A language switch re-says the change list (its group titles and notes; the
        ticks stay); :attr:`texts` re-says the title, heading and action."""
        super().changeEvent(event)
        if event.type() == QEvent.Type.LanguageChange and self._shown_key:
            self.tree.setAccessibleName(translate("MemoryPage", "What will change"))
            self.show_option(max(0, self.radios.checkedId()))

    def _say_default(self, primary: bool) -> None:
        """The shown option's default button (fix53b: Merge's Import, not Cancel): the
        action, accent-filled, when going ahead is the point; else Cancel."""
        self.action_button.setProperty("primary", primary)
        repolish(self.action_button)
        self.action_button.setDefault(primary)
        self.action_button.setAutoDefault(primary)
        if self.cancel_button is not None:
            self.cancel_button.setDefault(not primary)
            self.cancel_button.setAutoDefault(not primary)

    def current(self) -> PreviewOption:
        """The option shown (the checked radio button, or the only one)."""
        i = self.radios.checkedId()
        return self.options[i if i >= 0 else 0]

    def show_option(self, i: int) -> None:
        """Show option ``i``'s summary and changes."""
        opt = self.options[i]
        self._say_default(opt.primary)
        self._shown_key = ""  # no tick is recorded while the rows are rebuilt
        self.summary.setText("\n".join(opt.shown_lines()))
        self.summary.setVisible(bool(self.summary.text()))  # no blank line under the heading
        self.warning.setText(_maker(opt.warning)() if opt.warning is not None else "")
        self.warning.setVisible(opt.warning is not None)
        self.tree.clear()
        c = opt.changes
        if c is None or opt.panes:
            self.tree.hide()
            return
        self.tree.show()
        if opt.choices:
            self._show_choices(opt)
        groups: list[tuple[RowGroup, str, list[str]]] = [
            (RowGroup.ADDED, opt.titles[0], [] if opt.choices else list(c.added)),
            (RowGroup.REMOVED, opt.titles[1], list(c.removed)),
            (RowGroup.EDITED, opt.titles[2], [f"{_short(a, 70)}  →  {_short(b, 70)}" for a, b in c.edited])]
        for kind, title, rows in groups:
            if not rows:
                continue
            top = QTreeWidgetItem([f"{translate('MemoryPage', title)} ({QLocale().toString(len(rows))})"])
            top.setData(0, Qt.ItemDataRole.UserRole, kind)
            brush = QBrush(QColor(_diff_colour(kind)))
            for text in rows[:MAX_ROWS]:
                shown = _short(text) if kind == RowGroup.EDITED else _card(text)
                item = QTreeWidgetItem([shown])
                item.setData(0, FULL_TEXT, shown)
                item.setToolTip(0, text)
                item.setBackground(0, brush)
                top.addChild(item)
            if len(rows) > MAX_ROWS:
                top.addChild(QTreeWidgetItem([fill(translate("MemoryPage", "… and %1 more"),
                                                   QLocale().toString(len(rows) - MAX_ROWS))]))
            self.tree.addTopLevelItem(top)
            top.setExpanded(True)
        if c.empty and not opt.choices:
            self.tree.addTopLevelItem(QTreeWidgetItem([translate("MemoryPage", "No entry changes.")]))
        self._wrapped_at = 0
        self._wrap_rows()
        self._shown_key = opt.key

    def _wrap_rows(self) -> None:
        """Break each row's text into the lines that fit the tree's width now (at most
        :data:`ROW_LINES` a text line, the last elided; the tooltip has it all)."""
        width = self.tree.viewport().width() - 2 * self.tree.indentation() - ROW_INSET
        if width == self._wrapped_at or width < 40:
            return
        self._wrapped_at = width
        font = self.tree.font()
        self._shown_key, key = "", self._shown_key  # a text change is no tick
        for i in range(self.tree.topLevelItemCount()):
            top = self.tree.topLevelItem(i)
            for j in range(top.childCount() if top is not None else 0):
                item = top.child(j) if top is not None else None
                full = item.data(0, FULL_TEXT) if item is not None else None
                if item is None or not isinstance(full, str):
                    continue
                room = width - (CHECK_ROOM if item.flags() & Qt.ItemFlag.ItemIsUserCheckable else 0)
                item.setText(0, "\n".join(ln for part in full.split("\n")
                                          for ln in layout_lines(part, font, room, ROW_LINES)))
        self._shown_key = key

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt override
        """Qt: the rows wrap again at the new width."""
        super().resizeEvent(event)
        self._wrap_rows()

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 - Qt override
        """Qt: the rows wrap at the width the dialog is shown with."""
        super().showEvent(event)
        self._wrap_rows()

    def _show_choices(self, opt: PreviewOption) -> None:
        """The option's choices as checkable rows (at most :data:`MAX_ROWS`; the rest keep
        their default), repeats unticked with what they repeat named."""
        ticks = self.ticks[opt.key]
        top = QTreeWidgetItem([fill(translate("MemoryPage", "From the file: ticked entries are added (%1)"),
                                    QLocale().toString(len(opt.choices)))])
        top.setData(0, Qt.ItemDataRole.UserRole, RowGroup.CHOICES)
        brush = QBrush(QColor(_diff_colour(RowGroup.CHOICES)))
        for i, ch in enumerate(opt.choices[:MAX_ROWS]):
            item = QTreeWidgetItem([choice_text(ch)])
            item.setData(0, FULL_TEXT, choice_text(ch))
            item.setToolTip(0, ch.text if ch.repeats is None
                            else f"{ch.text}\n\n" + fill(translate("MemoryPage", "Repeats %1"), str(ch.repeats)))
            flags = item.flags() | Qt.ItemFlag.ItemIsUserCheckable
            if not ch.enabled:
                flags &= ~Qt.ItemFlag.ItemIsEnabled
            item.setFlags(flags)
            item.setCheckState(0, Qt.CheckState.Checked if ticks[i] else Qt.CheckState.Unchecked)
            item.setData(0, Qt.ItemDataRole.UserRole, i)
            if ch.repeats is None:
                item.setBackground(0, brush)
            top.addChild(item)
        if len(opt.choices) > MAX_ROWS:
            top.addChild(QTreeWidgetItem([fill(translate("MemoryPage", "… and %1 more (new ones added, repeats left "
                                                                       "out)"),
                                               QLocale().toString(len(opt.choices) - MAX_ROWS))]))
        self.tree.addTopLevelItem(top)
        top.setExpanded(True)

    def _on_item_changed(self, item: QTreeWidgetItem, _column: int) -> None:
        parent = item.parent()
        if not self._shown_key or parent is None or parent.data(0, Qt.ItemDataRole.UserRole) != RowGroup.CHOICES:
            return
        i = item.data(0, Qt.ItemDataRole.UserRole)
        if isinstance(i, int):
            self.ticks[self._shown_key][i] = item.checkState(0) == Qt.CheckState.Checked

    def choice_items(self) -> list[QTreeWidgetItem]:
        """The checkable rows shown (tests, screenshots)."""
        for i in range(self.tree.topLevelItemCount()):
            top = self.tree.topLevelItem(i)
            if top is not None and top.data(0, Qt.ItemDataRole.UserRole) == RowGroup.CHOICES:
                rows = [top.child(j) for j in range(top.childCount())]
                return [r for r in rows if r is not None and r.flags() & Qt.ItemFlag.ItemIsUserCheckable]
        return []

    def rows(self, kind: RowGroup) -> list[str]:
        """The texts listed under ``kind`` (added / removed / edited), unwrapped."""
        for i in range(self.tree.topLevelItemCount()):
            top = self.tree.topLevelItem(i)
            if top is not None and top.data(0, Qt.ItemDataRole.UserRole) == kind:
                rows = [top.child(j) for j in range(top.childCount())]
                return [str(r.data(0, FULL_TEXT) or r.text(0)) for r in rows if r is not None]
        return []

    def _accept(self) -> None:
        self.chosen = self.current().key
        self.accept()


def ask(parent: QWidget | None, title: Said, heading: Said, options: Sequence[PreviewOption],
        action: Said, ticked: list[bool] | None = None) -> str | None:
    """Show the preview modally; the key of the option the user went ahead with, or
    None (Cancel / Esc). ``title``, ``heading`` and ``action`` are makers (re-said while
    the dialog is open) or fixed texts. ``ticked`` (when given) receives the chosen option's ticks, one
    per :attr:`PreviewOption.choices`."""
    dlg = ChangePreviewDialog(parent, title, heading, options, action)
    dlg.exec()
    if ticked is not None and dlg.chosen is not None:
        ticked[:] = dlg.ticks[dlg.chosen]
    return dlg.chosen
