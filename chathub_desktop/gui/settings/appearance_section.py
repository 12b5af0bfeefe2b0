"""Settings → Appearance (issue 29, walk51): the View menu's choices as rows of a modern
settings page — the name and a one-line description at the left, a compact control at
the right (theme and text size as segmented controls, the language in a drop-down, on/off
choices as check boxes), grouped on cards. The controls trigger the window's actions and
follow their state, so the menu and the page always show one state (walk51: "radio groups
in grey boxes, ordered Larger / Smaller / Default").
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QCheckBox, QComboBox, QPushButton, QVBoxLayout, QWidget

from chathub_desktop.gui.design.icons import Icon, icon
from chathub_desktop.gui.design.segmented import SegmentedControl
from chathub_desktop.gui.design.tokens import Space
from chathub_desktop.gui.settings.setting_rows import SettingGroup, SettingRow
from chathub_desktop.gui.shell.i18n import Texts, said

__all__ = ["ActionGroup", "AppearanceSection", "Choice"]


class Choice(enum.Enum):
    """How a row offers its actions: ``SEGMENTED`` (a few exclusive choices side by side),
    ``COMBO`` (exclusive choices in a drop-down), ``SWITCHES`` (each checkable action its
    own row with a check box at the right; a plain action a button)."""

    SEGMENTED = "segmented"
    COMBO = "combo"
    SWITCHES = "switches"


@dataclass(frozen=True)
class ActionGroup:
    """One row of Appearance over window actions (``SWITCHES``: one row per action, named
    by its text and described by its tooltip). ``title``, ``description``, ``heading``
    (the card it sits on: neighbours with one heading share a card) and ``labels`` (short
    segment names, one per action; none: the actions' texts) are English sources of
    ``SettingsPage`` texts (marked with ``QT_TRANSLATE_NOOP``); ``icons`` one per segment."""

    title: str
    actions: Sequence[QAction]
    description: str = ""
    choice: Choice = Choice.SWITCHES
    heading: str = ""
    labels: Sequence[str] = ()
    icons: Sequence[Icon] = ()


def _plain(action: QAction) -> str:
    """``action``'s text without its ``&`` shortcut marks."""
    return action.text().replace("&", "")


def _tip(action: QAction) -> str:
    """``action``'s tooltip (when it says more than its text) and its shortcut."""
    keys = action.shortcut().toString()
    tip = action.toolTip() if action.toolTip().replace("&", "") != _plain(action) else ""
    return " ".join(p for p in (tip, f"({keys})" if keys else "") if p)


def _follow(action: QAction, on: bool) -> None:
    """Trigger ``action`` when its checked state differs from ``on`` (a control's click)."""
    if action.isChecked() != on:
        action.trigger()


class AppearanceSection(QWidget):
    """Settings → Appearance: a :class:`SettingRow` per :class:`ActionGroup` (per action
    for ``SWITCHES``), on cards by heading. ``controls[action]`` is the widget that shows
    and sets ``action``: its segment, its check box, or the group's drop-down."""

    def __init__(self, groups: Sequence[ActionGroup], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("appearanceSection")
        lay = QVBoxLayout(self)
        lay.setSpacing(Space.XL)
        self.texts = Texts(self)
        self.controls: dict[QAction, QWidget] = {}
        self.rows: list[SettingRow] = []
        card: SettingGroup | None = None
        heading: str | None = None
        for group in groups:
            if card is None or group.heading != heading:
                heading = group.heading
                card = SettingGroup(self.texts, said("SettingsPage", heading) if heading else None)
                lay.addWidget(card)
            for row in self._rows(group):
                card.add(row)
                self.rows.append(row)
        lay.addStretch(1)

    def _rows(self, group: ActionGroup) -> list[SettingRow]:
        title, description = said("SettingsPage", group.title), said("SettingsPage", group.description)
        desc = description if group.description else None
        if group.choice is Choice.SEGMENTED:
            return [SettingRow(self._segmented(group), title, self.texts, description=desc)]
        if group.choice is Choice.COMBO:
            return [SettingRow(self._combo(group), title, self.texts, description=desc)]
        return [self._switch(action) for action in group.actions]

    def _segmented(self, group: ActionGroup) -> SegmentedControl:
        seg = SegmentedControl()
        for i, action in enumerate(group.actions):
            seg.addItem("", action, icon(group.icons[i]) if i < len(group.icons) else None)
            button = seg.button(i)
            self.controls[action] = button

            def say(b: QPushButton = button, a: QAction = action, i: int = i) -> None:
                b.setText(QCoreApplication.translate("SettingsPage", group.labels[i]) if i < len(group.labels)
                          else _plain(a))
                b.setToolTip(_tip(a))
                b.setAccessibleName(b.text())

            self.texts.call(say)
            action.changed.connect(say)
            action.toggled.connect(lambda on, i=i: seg.setCurrentIndex(i if on else seg.currentIndex()))
            if action.isChecked():
                seg.setCurrentIndex(i)
        seg.currentIndexChanged.connect(lambda i: _follow(group.actions[i], True))
        return seg

    def _combo(self, group: ActionGroup) -> QComboBox:
        combo = QComboBox()
        combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        for i, action in enumerate(group.actions):
            combo.addItem(_plain(action), action)
            self.controls[action] = combo

            def say(a: QAction = action, i: int = i) -> None:
                combo.setItemText(i, _plain(a))

            action.changed.connect(say)
            action.toggled.connect(lambda on, i=i: combo.setCurrentIndex(i if on else combo.currentIndex()))
            if action.isChecked():
                combo.setCurrentIndex(i)
        combo.activated.connect(lambda i: _follow(group.actions[i], True))
        return combo

    def _switch(self, action: QAction) -> SettingRow:
        control: QCheckBox | QPushButton
        if action.isCheckable():
            control = QCheckBox()
            control.setChecked(action.isChecked())
            action.toggled.connect(control.setChecked)
            control.clicked.connect(lambda on: _follow(action, on))
        else:
            control = QPushButton()
            control.clicked.connect(action.trigger)
            self.texts.call(lambda: control.setText(_plain(action)))
        control.setEnabled(action.isEnabled())
        action.enabledChanged.connect(control.setEnabled)
        self.controls[action] = control
        row = SettingRow(control, lambda: _plain(action), self.texts, description=lambda: action.toolTip())

        def say() -> None:  # the window re-says its actions on a language switch (issue 27)
            row.title.setText(_plain(action))
            if row.description is not None:
                row.description.setText(action.toolTip())
            control.setAccessibleName(_plain(action))
            control.setToolTip(_tip(action))

        say()
        action.changed.connect(say)
        return row
