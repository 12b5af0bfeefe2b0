"""The notice at the top of a card editor when the card changed elsewhere (MEM-3, DRM-8;
issues 10 and 30, walk57 #2): what the card says now, in the editor beside the user's
draft, and the choice — Keep mine (Enter: the draft is saved over it, with a fresh
version check) or Use theirs (Esc: the draft is dropped, the newer card shown); for a
card deleted elsewhere, Add as new entry (a dream card: Copy my text) or Drop. The
buttons are the mouse's Enter and Esc: they emit the editor's own signals. A
component of :class:`~chathub_desktop.gui.memory.card_editor.CardTextEdit`."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from chathub_desktop.gui.design import Space, Tone, set_tone
from chathub_desktop.gui.shell.i18n import QT_TRANSLATE_NOOP, fill

__all__ = ["EditNotice", "NoticeKind", "NoticeStrip", "THEIRS_SHOWN"]

translate = QCoreApplication.translate

#: Characters of the newer text the notice quotes (its tooltip holds it whole).
THEIRS_SHOWN = 240


class NoticeKind(enum.Enum):
    """What the notice says (MEM-3, DRM-8)."""

    ENTRY_CHANGED = "entry-changed"
    ENTRY_DELETED = "entry-deleted"
    ENTRY_SAME = "entry-same"  # the memory changed, this entry did not: Enter saves as meant
    CARD_CHANGED = "card-changed"
    CARD_DELETED = "card-deleted"
    CARD_SAME = "card-same"


#: kind → (the line, with %1 the card's name and %2 the newer text; Enter's button and
#: its tooltip; Esc's button and its tooltip; the footer's key hint). "" for no button.
_WORDS: dict[NoticeKind, tuple[str, str, str, str, str, str]] = {
    NoticeKind.ENTRY_CHANGED: (
        QT_TRANSLATE_NOOP("MemoryPage", "Changed elsewhere while you were editing — %1 now says: “%2”"),
        QT_TRANSLATE_NOOP("MemoryPage", "Keep mine"),
        QT_TRANSLATE_NOOP("MemoryPage", "Save your text over the newer one (Enter)"),
        QT_TRANSLATE_NOOP("MemoryPage", "Use theirs"),
        QT_TRANSLATE_NOOP("MemoryPage", "Drop your text and show the newer one (Esc)"),
        QT_TRANSLATE_NOOP("MemoryPage", "Enter keeps mine · Shift+Enter new line · Esc uses theirs")),
    NoticeKind.ENTRY_DELETED: (
        QT_TRANSLATE_NOOP("MemoryPage", "Deleted elsewhere while you were editing: %1 is no longer in the "
                                        "memory."),
        QT_TRANSLATE_NOOP("MemoryPage", "Add as new entry"),
        QT_TRANSLATE_NOOP("MemoryPage", "Add your text at the end of the memory (Enter)"),
        QT_TRANSLATE_NOOP("MemoryPage", "Drop"),
        QT_TRANSLATE_NOOP("MemoryPage", "Drop your text (Esc)"),
        QT_TRANSLATE_NOOP("MemoryPage", "Enter adds it as a new entry · Esc drops it")),
    NoticeKind.ENTRY_SAME: (
        QT_TRANSLATE_NOOP("MemoryPage", "The memory changed elsewhere, but not %1: Enter saves your text."),
        "", "", "", "", ""),
    NoticeKind.CARD_DELETED: (
        QT_TRANSLATE_NOOP("MemoryPage", "Deleted elsewhere, or merged into a range card, while you were "
                                        "editing: %1 is gone."),
        QT_TRANSLATE_NOOP("MemoryPage", "Copy my text"),
        QT_TRANSLATE_NOOP("MemoryPage", "Copy your text to the clipboard and close the editor (Enter)"),
        QT_TRANSLATE_NOOP("MemoryPage", "Drop"),
        QT_TRANSLATE_NOOP("MemoryPage", "Drop your text (Esc)"),
        QT_TRANSLATE_NOOP("MemoryPage", "Enter copies your text · Esc drops it")),
    NoticeKind.CARD_SAME: (
        QT_TRANSLATE_NOOP("MemoryPage", "The cards changed elsewhere, but not %1: Enter saves your text."),
        "", "", "", "", ""),
}
_WORDS[NoticeKind.CARD_CHANGED] = _WORDS[NoticeKind.ENTRY_CHANGED]  # a dream card changed: the same words


@dataclass(frozen=True, slots=True)
class EditNotice:
    """A notice for a card editor: its ``kind``, the card's ``name`` as the page says it
    (``#4``, ``the card for 29 Nov 2026``), for a changed card the newer text ``theirs``;
    ``refused``: said after a save was refused (it starts "Nothing was saved.")."""

    kind: NoticeKind
    name: str
    theirs: str = ""
    refused: bool = False

    @property
    def conflict(self) -> bool:
        """True when the user chooses (Keep mine / Use theirs, Add / Drop)."""
        return bool(_WORDS[self.kind][1])

    def line(self) -> str:
        """The notice's line in the interface language (the newer text quoted, cut at
        :data:`THEIRS_SHOWN` characters, its lines joined)."""
        shown = " ".join(self.theirs.split())
        if len(shown) > THEIRS_SHOWN:
            shown = shown[:THEIRS_SHOWN].rstrip() + "…"
        line = fill(translate("MemoryPage", _WORDS[self.kind][0]), self.name, shown)
        return fill(translate("MemoryPage", "Nothing was saved. %1"), line) if self.refused else line

    def hint(self) -> str:
        """The footer's key hint while the notice shows ("": the editor's own)."""
        words = _WORDS[self.kind][5]
        return translate("MemoryPage", words) if words else ""


class NoticeStrip(QWidget):
    """The notice's strip (see the module docstring): the line, wrapped, in the warning
    tone (a same-card notice muted), and its two buttons under it at the right. ``keep``
    and ``drop`` are the buttons' clicks."""

    keep = Signal()
    drop = Signal()

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("cardEditorNotice")
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        self._notice: EditNotice | None = None
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(Space.XS)
        self.label = QLabel()
        self.label.setObjectName("cardEditorNoticeText")
        self.label.setWordWrap(True)
        self.label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.label.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # selecting the newer text leaves the caret in the draft
        lay.addWidget(self.label)
        row = QHBoxLayout()
        row.setSpacing(Space.SM)
        row.addStretch(1)
        self.keep_button = QPushButton()
        self.keep_button.setObjectName("cardNoticeKeep")
        self.drop_button = QPushButton()
        self.drop_button.setObjectName("cardNoticeDrop")
        for b, signal in ((self.keep_button, self.keep), (self.drop_button, self.drop)):
            b.setAutoDefault(False)
            b.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # the caret stays in the draft: Enter and Esc still choose
            b.clicked.connect(lambda _c=False, s=signal: s.emit())
            row.addWidget(b)
        lay.addLayout(row)
        self.hide()

    @property
    def notice(self) -> EditNotice | None:
        """The notice shown (None: hidden)."""
        return self._notice

    def show_notice(self, notice: EditNotice | None) -> None:
        """Say ``notice`` (None hides the strip)."""
        self._notice = notice
        self.setVisible(notice is not None)
        self.say()

    def say(self) -> None:
        """(Re)say the notice in the interface language (a language switch calls it)."""
        notice = self._notice
        if notice is None:
            return
        words = _WORDS[notice.kind]
        self.label.setText(notice.line())
        self.label.setToolTip(notice.theirs if len(" ".join(notice.theirs.split())) > THEIRS_SHOWN else "")
        set_tone(self.label, Tone.WARNING if notice.conflict else Tone.MUTED)
        for b, text, tip in ((self.keep_button, words[1], words[2]), (self.drop_button, words[3], words[4])):
            b.setVisible(bool(text))
            b.setText(translate("MemoryPage", text) if text else "")
            b.setToolTip(translate("MemoryPage", tip) if tip else "")

    def height_at(self, width: int) -> int:
        """The strip's height (px) at ``width`` px: the wrapped line, and the buttons' row
        when it has buttons (0 when hidden)."""
        if self._notice is None:
            return 0
        h = self.label.heightForWidth(max(10, width))
        if self._notice.conflict:
            h += Space.XS + max(self.keep_button.sizeHint().height(), self.drop_button.sizeHint().height())
        return h
