"""The row pattern of the Settings pages (issue 29, walk51): each setting is a row with its
name and a one-line muted description at the left and a compact control at the right, the
rows of one topic on a rounded card under a heading, as Cherry Studio and LobeHub lay out
their settings (walk51: "radio groups in grey boxes", "a half-width form").

- :class:`SettingRow`: title + description + control (the control under the text when
  ``stacked``, for a wide one such as a model chooser).
- :class:`SettingGroup`: an optional heading over a card of rows split by thin lines.
- :class:`Disclosure`: "Advanced" knobs folded away under a button with a chevron.

The look is the stylesheet's ``QFrame#settingGroup`` / ``QFrame#settingDivider`` /
``QToolButton#disclosure`` rules (design tokens only); texts are callables said again
on a language switch through the owner's :class:`~chathub_desktop.gui.shell.i18n.Texts`.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QFrame,
    QHBoxLayout,
    QLabel,
    QRadioButton,
    QSizePolicy,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from chathub_desktop.gui.design import Space, Tone, TypeScale, set_text_size, set_tone
from chathub_desktop.gui.design.icons import Icon, icon
from chathub_desktop.gui.design.indicators import BARE_INDICATOR
from chathub_desktop.gui.design.tokens import IconSize
from chathub_desktop.gui.shell.help_button import FieldNote
from chathub_desktop.gui.shell.i18n import Texts

__all__ = ["Disclosure", "SettingGroup", "SettingRow", "divider", "row_box"]

#: A text said in the interface language (called again after each language switch).
Said = Callable[[], str]


def row_box(*widgets: QWidget, stretch_first: bool = False, steady: bool = False) -> QWidget:
    """``widgets`` side by side in one plain widget (a row's control made of several, e.g.
    a model chooser and its Default button); ``stretch_first``: the first takes the room;
    ``steady``: the row is as tall as its tallest widget, shown or hidden, so a part that
    comes and goes (the dream schedule's weekday) changes neither its height nor the other
    parts' (walk55b #3)."""
    box = _SteadyBox(widgets) if steady else QWidget()
    lay = QHBoxLayout(box)
    lay.setContentsMargins(0, 0, 0, 0)
    lay.setSpacing(Space.SM)
    for i, w in enumerate(widgets):
        lay.addWidget(w, 1 if stretch_first and i == 0 else 0)
    lay.addStretch(0)  # a capped first one leaves its room here, not to the others
    return box


class _SteadyBox(QWidget):
    """:func:`row_box`'s ``steady`` row: its height is its tallest part's, hidden ones too
    (asked of each part at every layout pass: a theme or font change is followed)."""

    def __init__(self, parts: tuple[QWidget, ...]) -> None:
        super().__init__()
        self._parts = parts
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)

    def _tallest(self, hint: QSize) -> QSize:
        return QSize(hint.width(), max(hint.height(), *(w.sizeHint().height() for w in self._parts)))

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt override
        """The row's own hint, as tall as its tallest part."""
        return self._tallest(super().sizeHint())

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt override
        """The row's own least size, as tall as its tallest part."""
        return self._tallest(super().minimumSizeHint())


class SettingRow(QFrame):
    """One setting: ``title`` (``QLabel#settingTitle``, the buddy of ``buddy`` or the
    control, so its ``&`` key focuses it) over a muted ``description`` at the left,
    ``control`` at the right, vertically centred (none: a fact with no control);
    ``stacked``: the control under the text at the row's width. ``note`` (a ready label,
    e.g. a field note with "More", or a value such as a path) stands in for
    ``description``. The control's accessible name is the title when it has none. ``aside``:
    a small widget on the title's line, right after it (the Memory page's ``?`` marks, APP-6).
    ``under``: lines under a stacked row's control, for what the value chosen does (the
    dream schedule's next firing, walk55b #3) — the control then sits right under the
    title, where no length of those lines moves it.
    """

    def __init__(self, control: QWidget | None, title: Said, texts: Texts, *, description: Said | None = None,
                 note: QLabel | None = None, stacked: bool = False, buddy: QWidget | None = None,
                 name: str = "", aside: QWidget | None = None, under: QWidget | None = None) -> None:
        super().__init__()
        self.setObjectName(name or "settingRow")
        self.control = control
        if isinstance(control, (QCheckBox, QRadioButton)) and not control.text():
            control.setProperty(BARE_INDICATOR, True)  # the title is its label: no room for one beside it
        self.title = QLabel()
        self.title.setObjectName("settingTitle")
        texts.bind(self.title.setText, title)
        target = buddy or control
        if target is not None:
            self.title.setBuddy(target)
            if not target.accessibleName():
                texts.bind(target.setAccessibleName, lambda: title().replace("&", ""))
        self.description: QLabel | None = note
        if note is None and description is not None:
            self.description = FieldNote()
            self.description.setObjectName("settingDescription")
            self.description.setWordWrap(True)
            set_tone(self.description, Tone.MUTED)
            set_text_size(self.description, TypeScale.CAPTION)  # as the field notes
            texts.bind(self.description.setText, description)
        #: The title and the description, one over the other (an owner may add a line under them).
        self.text_column = text = QVBoxLayout()
        text.setContentsMargins(0, 0, 0, 0)
        text.setSpacing(Space.XXS)
        if aside is None:
            text.addWidget(self.title)
        else:
            line = QHBoxLayout()
            line.setSpacing(Space.XS)
            line.addWidget(self.title)
            line.addWidget(aside)
            line.addStretch(1)
            text.addLayout(line)
        if self.description is not None:
            self.description.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
            text.addWidget(self.description)
        lay: QVBoxLayout | QHBoxLayout = QVBoxLayout(self) if stacked else QHBoxLayout(self)
        lay.setContentsMargins(Space.XL, Space.LG, Space.XL, Space.LG)
        lay.setSpacing(Space.SM if stacked else Space.XXL)
        lay.addLayout(text, 1)
        if control is not None and stacked:
            lay.addWidget(control)
            if under is not None:
                lay.addWidget(under)
        elif control is not None:
            lay.addWidget(control, 0, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)


class SettingGroup(QWidget):
    """``heading`` (``QLabel#formSection``; none: no heading) over a rounded card
    (``QFrame#settingGroup``) of rows added with :meth:`add`, a thin line between two."""

    def __init__(self, texts: Texts, heading: Said | None = None, name: str = "") -> None:
        super().__init__()
        if name:
            self.setObjectName(name)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(Space.SM)
        self.heading: QLabel | None = None
        if heading is not None:
            self.heading = QLabel()
            self.heading.setObjectName("formSection")
            texts.bind(self.heading.setText, heading)
            lay.addWidget(self.heading)
        self.card = QFrame()
        self.card.setObjectName("settingGroup")
        self._rows = QVBoxLayout(self.card)
        self._rows.setContentsMargins(0, 0, 0, 0)
        self._rows.setSpacing(0)
        lay.addWidget(self.card)
        self.rows: list[QWidget] = []

    def add(self, row: QWidget) -> QWidget:
        """Append ``row`` (a :class:`SettingRow` or any widget, e.g. a :class:`Disclosure`)
        under a thin line when it is not the first; returns it."""
        if self.rows:
            self._rows.addWidget(divider())
        self._rows.addWidget(row)
        self.rows.append(row)
        return row

    def insert_first(self, row: QWidget) -> QWidget:
        """Put ``row`` above the others (a thin line under it when there are some), for a
        row whose owner is built after the card's other rows; returns it."""
        if self.rows:
            self._rows.insertWidget(0, divider())
        self._rows.insertWidget(0, row)
        self.rows.insert(0, row)
        return row


def divider() -> QFrame:
    """The thin line between two rows of a card (``QFrame#settingDivider``)."""
    line = QFrame()
    line.setObjectName("settingDivider")
    line.setFixedHeight(1)
    return line


class Disclosure(QWidget):
    """A folded part of a card: ``button`` (``QToolButton#disclosure``, checkable, a
    chevron beside ``title``) over ``body``, shown while the button is checked (closed at
    first). ``toggled(open)`` when it opens or closes."""

    toggled = Signal(bool)

    def __init__(self, title: Said, texts: Texts, name: str = "disclosure") -> None:
        super().__init__()
        self.button = QToolButton()
        self.button.setObjectName(name)
        self.button.setProperty("disclosure", True)
        self.button.setCheckable(True)
        self.button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.button.setIconSize(QSize(IconSize.SM, IconSize.SM))
        self.button.setIcon(icon(Icon.FOLDED))
        texts.bind(self.button.setText, title)
        self.body = QWidget()
        self.body.setObjectName(f"{name}Body")
        self.body_layout = QVBoxLayout(self.body)
        self.body_layout.setContentsMargins(0, 0, 0, 0)
        self.body_layout.setSpacing(0)
        self.body.hide()
        lay = QVBoxLayout(self)
        lay.setContentsMargins(Space.MD, Space.SM, Space.MD, Space.SM)
        lay.setSpacing(0)
        lay.addWidget(self.button, 0, Qt.AlignmentFlag.AlignLeft)
        lay.addWidget(self.body)
        self.button.toggled.connect(self._show)

    def add(self, row: QWidget) -> None:
        """Put ``row`` in the folded part (a thin line above it when not the first)."""
        if self.body_layout.count():
            self.body_layout.addWidget(divider())
        self.body_layout.addWidget(row)

    def is_open(self) -> bool:
        """True while the folded part shows."""
        return self.button.isChecked()

    def set_open(self, shown: bool) -> None:
        """Open or close the folded part (as a click on the button does)."""
        self.button.setChecked(shown)

    def _show(self, shown: bool) -> None:
        self.body.setVisible(shown)
        self.button.setIcon(icon(Icon.DROP_DOWN if shown else Icon.FOLDED))
        self.toggled.emit(shown)
