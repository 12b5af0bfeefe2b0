"""The Memory page's first card (MEM-1, APP-6): the assistant's memory switch as a setting
row — a title that says the state it is in ("Memory on" / "Memory off", as Cherry and
LobeHub label the switch in their header; walk53c #2: a ticked box read "Off: …") and its
``?`` over what that state means at the left, the switch at the right, as Settings lays
out a choice (memlook52: a bare check box read as a form); off, its line is the page's one
warning of what off means, in the warning tone (bits54: an amber "Memory is off: …" under
the card said it a second time). A component of
:class:`~chathub_desktop.gui.memory.fixed_page.MemoryPage` (issue 30), given the page's
layout, texts, write queue and the store call.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, QObject
from PySide6.QtWidgets import QCheckBox, QVBoxLayout

from chathub_desktop.gui.design import Tone, set_tone
from chathub_desktop.gui.memory.page_common import help_mark, tight
from chathub_desktop.gui.memory.page_texts import (
    MEMORY_OFF_TITLE,
    MEMORY_ON_TITLE,
    MEMORY_SWITCH_HELP,
    MEMORY_SWITCH_LINE,
    MEMORY_SWITCH_OFF_LINE,
    MEMORY_SWITCH_ON_LINE,
    MEMORY_SWITCH_UNREAD_LINE,
    MEMORY_UNREAD_TITLE,
)
from chathub_desktop.gui.settings.setting_rows import SettingGroup, SettingRow
from chathub_desktop.gui.shell.i18n import Texts
from chathub_desktop.gui.shell.service_ops import ServiceOps

translate = QCoreApplication.translate


class MemorySwitch(QObject):
    """:attr:`row` (the title with its :attr:`help`, the description — a warning while off
    — and :attr:`switch` at the right) on :attr:`card`, added to ``layout``. Unseen until
    :meth:`show_read` (walk45 #3: an unticked box and "Memory is off" before the read were
    wrong for most users). The user's click is stored by
    ``store(on)`` through ``ops`` (one change at a time); the row's title says the new state
    (memview54: no "Memory on" status beside it as well)."""

    def __init__(self, layout: QVBoxLayout, texts: Texts, ops: ServiceOps, store: Callable[[bool], object],
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._ops, self._store = ops, store
        self.switch = QCheckBox()
        self.switch.setObjectName("memorySwitch")
        self._read = False  # the stored state is shown (show_read): the row may say it
        # its name stays put while the title says the state (a reader hears "Assistant memory, checked")
        texts.bind(self.switch.setAccessibleName, lambda: translate("MemoryPage", "Assistant memory"))
        texts.bind(self.switch.setToolTip, lambda: translate("MemoryPage", MEMORY_SWITCH_HELP))
        self.switch.toggled.connect(self._on_toggled)
        #: The switch's help: a ``?`` beside its name (APP-6; walk40: no helper lines before the cards).
        self.help = help_mark(MEMORY_SWITCH_LINE, MEMORY_SWITCH_HELP, "memorySwitchHelp", texts)
        #: The switch's row: its state as its title (the switch's buddy: Alt+E toggles it) and what it means.
        self.row = SettingRow(self.switch, self._title, texts,
                              description=self._line, aside=self.help,
                              name="memorySwitchRow")
        self.card = SettingGroup(texts, name="memorySwitchCard")
        self.card.add(tight(self.row))
        layout.addWidget(self.card)
        for unread in (self.switch, self.help):  # its ? too: not alone where the switch goes
            policy = unread.sizePolicy()
            policy.setRetainSizeWhenHidden(True)  # holds its place unseen until the read
            unread.setSizePolicy(policy)
            unread.hide()

    def show_read(self, on: bool) -> None:
        """Show the stored switch (no store call), its ``?`` and what its state means."""
        self._read = True
        self._set(on)
        self.switch.show()
        self.help.show()

    def warns(self) -> bool:
        """True while the row's line is the off warning (read, and memory off)."""
        return self._read and not self.switch.isChecked()

    def _title(self) -> str:
        """The switch's state as the row's title, in the interface language ("Memory on";
        "Memory" before the read)."""
        said = MEMORY_UNREAD_TITLE if not self._read else MEMORY_ON_TITLE if self.switch.isChecked() \
            else MEMORY_OFF_TITLE
        return translate("MemoryPage", said)

    def _line(self) -> str:
        """What the switch's current state means, in the interface language (walk53c #2)."""
        said = MEMORY_SWITCH_UNREAD_LINE if not self._read else MEMORY_SWITCH_ON_LINE if self.switch.isChecked() \
            else MEMORY_SWITCH_OFF_LINE
        return translate("MemoryPage", said)

    def _say_state(self) -> None:
        self.row.title.setText(self._title())
        if self.row.description is not None:
            self.row.description.setText(self._line())
            set_tone(self.row.description, Tone.WARNING if self.warns() else Tone.MUTED)

    def _set(self, on: bool) -> None:
        self.switch.blockSignals(True)
        self.switch.setChecked(on)
        self.switch.blockSignals(False)
        self._say_state()

    def _on_toggled(self, on: bool) -> None:
        """The user's click (MEM-1): stored on a worker; a refused or queued-behind change
        puts the switch back."""
        self._say_state()
        if not self._ops.start("Memory switch", lambda: self._store(on), on_fail=lambda: self._set(not on)):
            self._set(not on)
