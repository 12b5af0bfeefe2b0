"""The raw editor's "Your text" (MEM-3; issue 30, walk57 #7): Reload over a memory changed
elsewhere shows the newer document in the editor and keeps the user's text beside it,
read-only in the preview's place — the newer memory on the left to edit, what the user
had typed on the right to copy from — instead of asking to discard it. A checkable
"Your text" button switches the right-hand side between that text and the preview of
what saving gives; the text is kept until the raw editor closes. A component of
:class:`~chathub_desktop.gui.memory.raw_editor.RawEditor`."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QObject, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QPlainTextEdit, QPushButton, QStackedWidget, QWidget

from chathub_desktop.gui.shell.i18n import Texts

__all__ = ["RawAside"]

translate = QCoreApplication.translate


class RawAside(QObject):
    """The user's text kept aside beside the raw editor (see the module docstring):
    ``stack`` holds ``preview`` and the read-only :attr:`edit` (in ``font``, its text
    ``margin`` px in as the editor's); :attr:`button` (checked: the kept text shows)
    switches them. ``shown(bool)``: the kept text is shown (True) or the preview (False)."""

    shown = Signal(bool)

    def __init__(self, preview: QWidget, texts: Texts, font: QFont, margin: float, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._preview = preview
        self._kept: str | None = None
        self.stack = QStackedWidget()
        self.stack.setObjectName("rawSide")
        self.stack.addWidget(preview)
        self.edit = QPlainTextEdit()
        self.edit.setObjectName("rawAside")
        self.edit.setReadOnly(True)
        self.edit.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        self.edit.setFont(font)
        self.edit.document().setDocumentMargin(margin)
        texts.bind(self.edit.setAccessibleName, lambda: translate("MemoryPage", "Your text before Reload"))
        self.stack.addWidget(self.edit)
        self.button = QPushButton()
        self.button.setObjectName("rawAsideButton")
        self.button.setCheckable(True)
        self.button.setAutoDefault(False)
        self._texts = texts
        self.button.toggled.connect(self._show)
        self._say(False)
        self.button.hide()

    @property
    def text(self) -> str | None:
        """The text kept aside (None: none)."""
        return self._kept

    def keep(self, text: str) -> None:
        """Keep ``text`` (the user's, before Reload) and show it beside the editor."""
        self._kept = text
        self.edit.setPlainText(text)
        self.button.show()
        if self.button.isChecked():
            self._show(True)
        else:
            self.button.setChecked(True)

    def drop(self) -> None:
        """Forget the kept text (the raw editor closed): the preview again."""
        self._kept = None
        self.button.setChecked(False)
        self.button.hide()
        self.edit.clear()

    def _show(self, on: bool) -> None:
        self.stack.setCurrentWidget(self.edit if on else self._preview)
        self._say(on)
        self.shown.emit(on)

    def _say(self, on: bool) -> None:
        """The button says what a click shows."""
        if on:
            self._texts.bind(self.button.setText, lambda: translate("MemoryPage", "Show the preview"))
            self._texts.bind(self.button.setToolTip, lambda: translate(
                "MemoryPage", "Show what saving gives in place of your text before Reload"))
        else:
            self._texts.bind(self.button.setText, lambda: translate("MemoryPage", "Show your text"))
            self._texts.bind(self.button.setToolTip, lambda: translate(
                "MemoryPage", "Show the text you had before Reload beside the newer memory, to copy from"))
