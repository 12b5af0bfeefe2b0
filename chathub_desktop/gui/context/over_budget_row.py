"""The composer's over-budget line (walk53 #3): what a red figure on the badge means and
what Send will do about it, with Compact now one click away.

The words are :func:`~chathub_desktop.gui.context.meter_words.over_budget_words` of the
plan Send posts (the badge's figure); the row only shows them. Compact now emits
``compact_requested``; whoever owns the runs (the badge's bound controller) starts one
and says, through :meth:`OverBudgetRow.set_compacting`, while it runs (CMP-6).
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent, Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QSizePolicy, QWidget

from chathub_desktop.gui.design import Tone, set_tone
from chathub_desktop.gui.design.tokens import Space
from chathub_desktop.gui.shell.i18n import QT_TRANSLATE_NOOP

#: The button's words, the popover's own (context ``UsagePopover``; CMP-6).
COMPACT_TEXT = QT_TRANSLATE_NOOP("UsagePopover", "Compact now")
COMPACTING_TEXT = QT_TRANSLATE_NOOP("UsagePopover", "Compacting…")


class OverBudgetRow(QWidget):
    """One wrapped line in the error tone and a Compact now button; hidden while the
    next request fits its input budget (:meth:`set_line` with ``None``)."""

    compact_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("overBudgetRow")
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.setSpacing(Space.SM)
        self.line = QLabel()
        self.line.setObjectName("overBudgetLine")
        self.line.setWordWrap(True)
        self.line.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        row.addWidget(self.line, 1)
        self.compact_button = QPushButton()
        self.compact_button.setObjectName("overBudgetCompact")
        self.compact_button.clicked.connect(self.compact_requested)
        row.addWidget(self.compact_button)
        self._compacting = False
        self._say()
        self.hide()

    def _say(self) -> None:
        translate = QCoreApplication.translate
        self.compact_button.setText(translate("UsagePopover", COMPACTING_TEXT if self._compacting else COMPACT_TEXT))
        self.compact_button.setToolTip(translate("UsagePopover", "Summarize the completed turns before your latest "
                                                                 "message now (History Compress model; Ctrl+Shift+K)"))

    def set_line(self, text: str | None) -> None:
        """Show ``text`` (the over-budget words), or hide the row (``None`` or ``""``)."""
        if text:
            set_tone(self.line, Tone.ERROR)
        self.line.setText(text or "")
        self.setVisible(bool(text))

    def set_compacting(self, busy: bool) -> None:
        """A compaction of the open topic runs (``busy``): the button says "Compacting…"
        and is disabled, so a second click cannot start another (CMP-6)."""
        self._compacting = busy
        self.compact_button.setEnabled(not busy)
        self._say()

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        """Re-say the button on a language switch (the line is re-said by its binder)."""
        super().changeEvent(event)
        if event.type() == QEvent.Type.LanguageChange:
            self._say()
