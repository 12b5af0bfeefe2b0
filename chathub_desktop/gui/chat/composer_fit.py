"""Words on the composer's toolbar while it has room (issue 29, walk52b: "the composer's
icons are still bare — an eye-off icon for 'Private topic', an unlabeled '52%'"; walk53c
#7: the paper clip and the eye-off icon were still bare).

Each control says what it is on screen at a wide window: the paper clip reads "Attach",
the ring "52% context", the model chip names the model (and "(assistant default)" when
the topic has no own choice), the private toggle offers "Go private" and, once the topic
is private, is a tinted chip saying "Private". As the row narrows, :class:`RowFit` folds
those words one control at a time — the model chip's suffix first (bits54: "(assistant
default)" is the least needed), then "Attach", "Go private", the ring's word, and a
private topic's "Private" last — as the Memory page's dream
toolbar does (:mod:`chathub_desktop.gui.memory.tool_labels`); tooltips and accessible
names stay.

Nothing here names PySide6's ``Qt`` namespace: the row is fitted before the window's
first paint, and the namespace loads after it (about 20 ms).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Protocol

from PySide6.QtCore import QEvent, QObject, QSize
from PySide6.QtGui import QActionEvent
from PySide6.QtWidgets import QBoxLayout, QLayout, QToolButton, QWidget

__all__ = ["MNEMONIC", "Foldable", "PrivateToggle", "RowFit", "Squeezable", "WordedButton", "folded_minimum",
           "squeezed_text", "text_width"]

#: ``Qt.TextFlag.TextShowMnemonic``'s value: a tool button measures its text with it.
MNEMONIC = 0x0800
#: ``Qt.ToolButtonStyle``'s values: the icon alone, the text beside it.
ICON_ONLY, TEXT_BESIDE_ICON = 0, 2


def folded_minimum(fold: Foldable, hint: QSize) -> QSize:
    """``hint`` (a tool button's minimum size: Qt's is its size hint) as wide as ``fold``
    folded, so a row is never held at its words' width (:class:`RowFit` folds them)."""
    return QSize(min(hint.width(), fold.width_at(True)), hint.height())


def text_width(widget: QWidget, text: str) -> int:
    """Px ``text`` takes in ``widget``'s font as a tool button measures it (0 for "")."""
    return widget.fontMetrics().size(MNEMONIC, text).width() if text else 0


def squeezed_text(widget: QWidget, text: str, most: int) -> str:
    """``text`` cut short with "…" (before a closing " ▾", which stays) until ``widget``
    shows it in ``most`` px; its first character and "…" at least."""
    if text_width(widget, text) <= most:
        return text
    tail = " ▾" if text.endswith(" ▾") else ""
    head = text[: len(text) - len(tail)].rstrip("…")
    cut = next((n for n in range(len(head) - 1, 1, -1) if text_width(widget, head[:n] + "…" + tail) <= most), 1)
    return head[:cut] + "…" + tail


class Foldable(Protocol):
    """A toolbar control whose words can fold away (:class:`RowFit`)."""

    def width_at(self, folded: bool) -> int:
        """Px its size hint would be with its words folded (True) or shown, as it is now
        otherwise; changes nothing."""

    def set_folded(self, folded: bool) -> None:
        """Fold its words away (True) or show them."""


class Squeezable(Foldable, Protocol):
    """A foldable control whose folded text can be cut shorter still."""

    def squeeze(self, px: int) -> None:
        """Show the folded text ``px`` narrower than :meth:`width_at` (True) says (0: whole)."""


def _words(widget: QWidget, text: str) -> int:
    """Px ``text`` adds beside a tool button's icon (Qt's tool button: 4 px, the text,
    two spaces); 0 for ""."""
    return text_width(widget, text) + 2 * widget.fontMetrics().horizontalAdvance(" ") + 4 if text else 0


class _Worded(QToolButton):
    """A composer tool button with a word beside its icon unless folded (:meth:`label`
    says which word); its name and tooltip stay whatever shows."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._folded = False
        self._labelled = False  # the word shows beside the icon

    def label(self) -> str:
        """The word beside the icon while not folded ("" for the icon alone)."""
        return self.text()

    def labelled(self) -> bool:
        """True while its word shows beside the icon."""
        return self._labelled

    def width_at(self, folded: bool) -> int:
        """See :meth:`Foldable.width_at`: the icon's width, plus the word unless folded."""
        bare = self.sizeHint().width() - (_words(self, self.text()) if self._labelled else 0)
        return bare + (0 if folded else _words(self, self.label()))

    def set_folded(self, folded: bool) -> None:
        """See :meth:`Foldable.set_folded`."""
        self._folded = folded
        self._fit()

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt override
        """The icon alone: the row may narrow until :class:`RowFit` folds the word."""
        return folded_minimum(self, super().minimumSizeHint())

    def _fit(self) -> None:
        word = "" if self._folded else self.label()
        if word and self.text() != word:
            self.setText(word)
        if bool(word) != self._labelled:
            self._labelled = bool(word)
            self.setProperty("toolButtonStyle", TEXT_BESIDE_ICON if word else ICON_ONLY)


class WordedButton(_Worded):
    """The paper clip with its word ("Attach", :meth:`set_word`) beside it while the row
    has room (walk53c #7: a bare icon)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._word = ""

    def set_word(self, word: str) -> None:
        """The word beside the icon (in the interface language)."""
        self._word = word
        self._fit()

    def label(self) -> str:
        """See :meth:`_Worded.label`."""
        return self._word


class PrivateToggle(_Worded):
    """The composer's private-topic toggle (issue 19): while the topic is private, a chip
    tinted as a state (the stylesheet's ``:checked``) saying the toggle action's icon text
    ("Private"); while it is not, the eye-off icon with an offer in words ("Go private",
    :meth:`set_offer`; walk53c #7: the bare icon named nothing) — a verb, so it never
    reads as "on". Folded, the icon alone."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._offer = ""
        self.toggled.connect(lambda _on: self._fit())

    def set_offer(self, text: str) -> None:
        """The word shown while the topic is not private (in the interface language)."""
        self._offer = text
        self._fit()

    def label(self) -> str:
        """See :meth:`_Worded.label`: the action's icon text while checked, else the offer."""
        action = self.defaultAction()
        if self.isChecked():
            return action.iconText() if action is not None else ""
        return self._offer

    def actionEvent(self, event: QActionEvent) -> None:  # noqa: N802 - Qt override
        """The toggle action changed (its text on a language switch, its check): the
        button took the action's text, so label it again."""
        super().actionEvent(event)
        self._fit()


class RowFit(QObject):
    """Fits ``row`` (a layout of ``card``) to the card's width: folds the words of
    ``folds`` (first to fold first) one control at a time until the row's controls, at
    their size hints, fit; unfolds them as the card widens. Fitted again whenever the
    card is resized or a control's size hint changes (the card's layout request)."""

    def __init__(self, card: QWidget, row: QBoxLayout, folds: Sequence[Foldable]) -> None:
        super().__init__(card)
        self._card, self._row = card, row
        self._folds: list[Foldable] = list(folds)
        self.folded = 0  # how many of the folds are folded
        self._squeezed: Squeezable | None = None
        card.installEventFilter(self)

    def count(self) -> int:
        """How many folds the row has."""
        return len(self._folds)

    def index(self, fold: Foldable) -> int:
        """Where ``fold`` is in the folding order (0: it folds first)."""
        return self._folds.index(fold)

    def move(self, fold: Foldable, at: int) -> None:
        """Fold ``fold`` as the ``at``-th from now on (e.g. the private toggle's word folds
        early while it is only an offer, last while it says the topic is private)."""
        if self._folds.index(fold) != at:
            self._folds.remove(fold)
            self._folds.insert(at, fold)
            self.fit()

    def insert(self, at: int, fold: Foldable, *, squeezed: Squeezable | None = None) -> None:
        """Fold ``fold`` as the ``at``-th (a control added to the row later); ``squeezed``
        (``fold`` itself, the model chip) takes what is still over once everything folded."""
        self._folds.insert(at, fold)
        self._squeezed = squeezed
        self.fit()

    def room(self) -> int:
        """Px the row has: the card's content width less its layout's side margins."""
        layout = self._card.layout()
        margins = layout.contentsMargins() if layout is not None else None
        sides = margins.left() + margins.right() if margins is not None else 0
        return self._card.contentsRect().width() - sides

    def needed(self, folded: int) -> int:
        """Px the row's shown controls need with the first ``folded`` folds folded."""
        folds = {id(f): (f, n < folded) for n, f in enumerate(self._folds)}
        groups = 0
        total = 0
        for widgets, spacing in _groups(self._row):
            parts = [folds[id(w)][0].width_at(folds[id(w)][1]) if id(w) in folds else w.sizeHint().width()
                     for w in widgets if not w.isHidden()]
            if parts:
                total += sum(parts) + (len(parts) - 1) * spacing
                groups += 1
        return total + max(0, groups - 1) * max(0, self._row.spacing())

    def fit(self) -> None:
        """Fold as few words as the card's width allows; past every fold, cut the
        squeezed control's text by what is still over."""
        room = self.room()
        folded = next((n for n in range(len(self._folds)) if self.needed(n) <= room), len(self._folds))
        self.folded = folded
        for n, fold in enumerate(self._folds):
            fold.set_folded(n < folded)
        if self._squeezed is not None:
            self._squeezed.squeeze(max(0, self.needed(folded) - room) if folded == len(self._folds) else 0)

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        """Qt: the card resized, or a control's size hint changed → fit again."""
        if obj is self._card and event.type() in (QEvent.Type.Resize, QEvent.Type.LayoutRequest):
            self.fit()
        return False


def _groups(row: QLayout) -> Iterator[tuple[list[QWidget], int]]:
    """``row``'s items as widget groups and the px between them: a widget alone, a nested
    layout's widgets together (spacers, which take no spacing, are left out)."""
    for i in range(row.count()):
        item = row.itemAt(i)
        if item is None:
            continue
        widget, nested = item.widget(), item.layout()
        if widget is not None:
            yield [widget], 0
        elif nested is not None:
            yield [w for j in range(nested.count()) if (it := nested.itemAt(j)) is not None
                   and (w := it.widget()) is not None], max(0, nested.spacing())
