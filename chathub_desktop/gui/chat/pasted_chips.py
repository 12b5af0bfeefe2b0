"""The composer's chips for long pastes (walk37 #3; rules in ``core.pasted_text``).

:class:`PastedChip` shows "Pasted text · 2.0 MB · 51,234 lines"; a click opens a
read-only view of its first :data:`~chathub_desktop.core.pasted_text.PREVIEW_CHARS`
characters, × removes it. :class:`PastedRow` holds the chips in paste order.
"""

from __future__ import annotations

from PySide6 import QtCore
from PySide6.QtCore import QCoreApplication, QLocale, QSize, Signal
from PySide6.QtWidgets import (
    QDialog,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from chathub_desktop.core.pasted_text import PREVIEW_CHARS, line_count
from chathub_desktop.gui.design import Tone, set_tone
from chathub_desktop.gui.design.icons import Icon, icon
from chathub_desktop.gui.design.tokens import Space
from chathub_desktop.gui.shell.i18n import Texts, fill
from chathub_desktop.gui.shell.screen_room import fitted_to_screen


def said_size(size: int) -> str:
    """``size`` bytes in the locale (issue 27): ``2.0 MB`` / ``48 KB`` through
    ``QLocale.formattedDataSize`` (its decimal mark and 1,024-based units, one decimal
    from a MB), ``900 B`` under a KB; the same steps as ``core.pasted_text.size_text``."""
    if size < 1024:
        return fill(QCoreApplication.translate("Composer", "%1 B", "a size in bytes"), QLocale().toString(size))
    return QLocale().formattedDataSize(size, 1 if size >= 1024 * 1024 else 0,
                                       QLocale.DataSizeFormat.DataSizeTraditionalFormat)


def said_label(text: str) -> str:
    """``Pasted text · 2.0 MB · 51,234 lines`` in the interface language (issue 27; the
    figures as ``core.pasted_text.chip_label`` counts them)."""
    data = text.encode("utf-8")
    lines = line_count(text, data)
    return fill(QCoreApplication.translate("Composer", "Pasted text · %1 · %2", "size, lines"), said_size(len(data)),
                QCoreApplication.translate("Composer", "%Ln line(s)", None, lines))


class PastedChip(QWidget):
    """One long paste: its label (a button that opens the text) and ×."""

    remove_requested = Signal(object)
    open_requested = Signal(object)

    def __init__(self, text: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.text = text
        self.setObjectName("attachmentChip")  # the attachment chips' look
        self.setAttribute(QtCore.Qt.WidgetAttribute.WA_StyledBackground, True)
        row = QHBoxLayout(self)
        row.setContentsMargins(Space.XS, Space.XXS, Space.XXS, Space.XXS)
        row.setSpacing(Space.XS)
        translate = QCoreApplication.translate
        self.texts = t = Texts(self)  # re-said on a language switch (issue 27)
        self.label = QToolButton()
        self.label.setObjectName("pastedText")
        self.label.setAutoRaise(True)
        self.label.setIcon(icon(Icon.PASTE_IMPORT))
        self.label.setToolButtonStyle(QtCore.Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        t.bind(self.label.setText, lambda: said_label(text))
        t.bind(self.label.setToolTip, lambda: translate("Composer", "Sent as part of your message; click to read it"))
        self.label.clicked.connect(lambda: self.open_requested.emit(self))
        row.addWidget(self.label)
        self.remove = QToolButton()
        self.remove.setIcon(icon(Icon.CLEAR))
        self.remove.setAutoRaise(True)
        t.bind(self.remove.setToolTip, lambda: translate("Composer", "Remove the pasted text"))
        t.bind(self.remove.setAccessibleName, lambda: translate("Composer", "Remove the pasted text"))
        self.remove.clicked.connect(lambda: self.remove_requested.emit(self))
        row.addWidget(self.remove)


class PastedView(QDialog):
    """A read-only look at a pasted text: its first :data:`PREVIEW_CHARS` characters
    (laying out 2 MB would freeze the window as the draft box did)."""

    def __init__(self, text: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("pastedView")
        self.texts = t = Texts(self)  # re-said on a language switch (issue 27)
        t.bind(self.setWindowTitle, lambda: said_label(text))
        lay = QVBoxLayout(self)
        self.note: QLabel | None = None
        if len(text) > PREVIEW_CHARS:
            self.note = note = QLabel()
            t.bind(note.setText, lambda: fill(QCoreApplication.translate(
                "Composer", "The first %1 of %2 characters; all of them are sent."),
                f"{PREVIEW_CHARS:,}", f"{len(text):,}"))
            note.setWordWrap(True)
            set_tone(note, Tone.MUTED)
            lay.addWidget(note)
        box = QPlainTextEdit(text[:PREVIEW_CHARS])
        box.setReadOnly(True)
        lay.addWidget(box)
        self.resize(fitted_to_screen(QSize(720, 520), self))  # a small screen too (issue 29)


class PastedRow(QWidget):
    """The long pastes of the draft, in paste order; ``changed`` when one comes or goes."""

    changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("pastedRow")
        self._lay = QHBoxLayout(self)
        self._lay.setContentsMargins(0, 0, 0, 0)
        self._lay.setSpacing(Space.SM)
        self._lay.addStretch(1)
        self.chips: list[PastedChip] = []
        self.viewer: PastedView | None = None
        self.hide()

    def texts(self) -> tuple[str, ...]:
        """The pasted texts, in paste order."""
        return tuple(c.text for c in self.chips)

    def add(self, text: str) -> PastedChip:
        """A chip for ``text`` after the others."""
        chip = PastedChip(text)
        chip.remove_requested.connect(self.remove)
        chip.open_requested.connect(self.open)
        self._lay.insertWidget(len(self.chips), chip)
        self.chips.append(chip)
        self.show()
        self.changed.emit()
        return chip

    def remove(self, chip: PastedChip) -> None:
        """Drop ``chip`` (its text is no longer sent)."""
        if chip in self.chips:
            self.chips.remove(chip)
            self._lay.removeWidget(chip)
            chip.deleteLater()
            self.setVisible(bool(self.chips))
            self.changed.emit()

    def set_texts(self, texts: tuple[str, ...]) -> None:
        """Replace every chip by ``texts`` (a topic's parked draft, a refused send)."""
        for chip in list(self.chips):
            self.chips.remove(chip)
            self._lay.removeWidget(chip)
            chip.deleteLater()
        for t in texts:
            self.add(t)
        self.setVisible(bool(self.chips))
        self.changed.emit()

    def open(self, chip: PastedChip) -> None:
        """Show ``chip``'s text (its first characters) in a window."""
        self.viewer = PastedView(chip.text, self.window())
        self.viewer.show()
