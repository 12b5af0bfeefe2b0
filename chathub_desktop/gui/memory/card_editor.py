"""The multi-line text editor of the Memory page (issue 30, walk2): the in-place editor of a
fixed-memory card and of a dream card, and the inline Add memory editor. Enter saves,
Shift+Enter starts a new line, Esc cancels; a footer inside the editor says so and, given
a cap, counts the characters against it (DRM-13: 3,200 for a single-day card, 6,400 for a
range card). The text opens with the caret at its end and nothing selected (walk50 #1: a
card opened all selected, and the first key replaced 2,452 characters with one); the
editor paints its whole rectangle, footer strip included (the stylesheet's
``#memoryCardEditor`` background), so nothing of the card shows through. When the card
changed elsewhere, a notice above the text says what it says now and offers the choice
(:mod:`.card_notice`; walk57 #2)."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent, QLocale, Qt, Signal
from PySide6.QtGui import QFontMetrics, QKeyEvent, QResizeEvent, QTextCursor
from PySide6.QtWidgets import QLabel, QPlainTextEdit, QWidget

from chathub_desktop.gui.design import Tone, set_tone
from chathub_desktop.gui.memory.card_notice import EditNotice, NoticeStrip
from chathub_desktop.gui.shell.i18n import QT_TRANSLATE_NOOP, fill

#: The footer's key hint (the same on every editor of the page).
KEYS_HINT = QT_TRANSLATE_NOOP("MemoryPage", "Enter saves · Shift+Enter new line · Esc cancels")
#: The Add editor's key hint: Esc closes it, as it stays open after Enter for the next entry (walk56 #16).
ADD_KEYS_HINT = QT_TRANSLATE_NOOP("MemoryPage", "Enter adds · Shift+Enter new line · Esc closes")
#: Lines shown at least / at most before the editor scrolls.
MIN_LINES = 2
MAX_LINES = 10
FOOTER_GAP = 2  # px between the text and the footer
NOTICE_GAP = 4  # px between the notice and the text


class CardTextEdit(QPlainTextEdit):
    """A plain-text editor that emits ``submitted`` on Enter (Return or keypad Enter without
    Shift) and ``cancelled`` on Esc; Shift+Enter inserts a line break. Enter and Esc are
    claimed before any shortcut (the list's Enter = Edit, the page's Esc). ``cap`` > 0
    shows ``n / cap characters`` in the footer (the error tone past it); ``hint``
    replaces :data:`KEYS_HINT`. :meth:`set_notice` shows a notice above the text (its
    buttons emit ``submitted`` and ``cancelled`` too); ``notice_resized`` says the editor's
    height for its lines changed with it."""

    submitted = Signal()
    cancelled = Signal()
    notice_resized = Signal()

    def __init__(self, parent: QWidget | None = None, *, cap: int = 0, hint: str = KEYS_HINT) -> None:
        super().__init__(parent)
        self.setTabChangesFocus(True)
        self.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)  # it wraps; a bar hid the footer
        self._cap = cap
        self._hint = hint
        self._footer_texts = ("", "")  # the whole footer, and the count alone for a narrow editor
        self.footer = QLabel(self)
        self.footer.setObjectName("cardEditorFooter")
        set_tone(self.footer, Tone.MUTED)
        self.notice = NoticeStrip(self)
        self.notice.keep.connect(self.submitted)
        self.notice.drop.connect(self.cancelled)
        self._notice_h = 0  # the notice's height as last placed
        self.textChanged.connect(self._show_footer)
        self._show_footer()

    def set_notice(self, notice: EditNotice | None) -> None:
        """Show ``notice`` above the text (None: no notice); its key hint replaces the
        footer's while it shows (MEM-3, walk57 #2)."""
        self.notice.show_notice(notice)
        self._show_footer()
        self.notice_resized.emit()

    def _notice_width(self) -> int:
        return max(10, self.width() - 2 * self.frameWidth() - 8)

    def notice_height(self) -> int:
        """Px the notice takes above the text (0 without one)."""
        h = self.notice.height_at(self._notice_width())
        return h + NOTICE_GAP if h else 0

    def set_text(self, text: str) -> None:
        """Show ``text`` with the caret after its last character and nothing selected, the
        end in view: typing adds to it, never replaces it."""
        self.setPlainText(text)
        self.moveCursor(QTextCursor.MoveOperation.End)
        self.ensureCursorVisible()

    def footer_height(self) -> int:
        """The footer line's height in px."""
        return QFontMetrics(self.footer.font()).height() + FOOTER_GAP

    def height_for(self, lines: int) -> int:
        """The editor's height (px) showing ``lines`` lines of text (clamped to
        :data:`MIN_LINES`..:data:`MAX_LINES`) and the footer."""
        n = max(MIN_LINES, min(MAX_LINES, lines))
        fm = QFontMetrics(self.font())
        frame = 2 * self.frameWidth() + int(2 * self.document().documentMargin())
        return n * fm.lineSpacing() + frame + self.footer_height() + 2 + self.notice_height()

    def too_long(self) -> bool:
        """True when the text is over the cap (the count is then an error)."""
        return bool(self._cap) and len(self.toPlainText().rstrip()) > self._cap

    def _show_footer(self) -> None:
        translate = QCoreApplication.translate
        text = short = self.notice.notice.hint() if self.notice.notice is not None else ""
        text = short = text or translate("MemoryPage", self._hint)
        if self._cap:
            n = len(self.toPlainText().rstrip())
            short = fill(translate("MemoryPage", "%1 / %2 characters"), QLocale().toString(n),
                         QLocale().toString(self._cap)) + (
                translate("MemoryPage", " — too long to save") if n > self._cap else "")
            text = f"{short}  ·  {text}"
        self._footer_texts = (text, short)
        self.footer.setToolTip(text)
        self.setToolTip(translate("MemoryPage", self._hint))
        set_tone(self.footer, Tone.ERROR if self.too_long() else Tone.MUTED)
        self._place_footer()

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        """Qt: the footer follows a language switch (issue 27) and its new font's height
        (a switch to 日本語 brings a taller fallback font; walk50 #1)."""
        super().changeEvent(event)
        if event.type() in (QEvent.Type.LanguageChange, QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self.notice.say()
            self._show_footer()
            self.notice_resized.emit()

    def _place_footer(self) -> None:
        """The footer right under the text's viewport, wherever the style put that (after a
        language switch the sheet's frame and ``frameWidth()`` differed by a pixel, and the
        text ran 1 px into the footer: walk50 #1); the count alone when the whole line
        does not fit (its tooltip keeps the keys; memgaps53: "too long to save" clipped)."""
        h = self.footer_height()
        fw = self.frameWidth()
        width = max(10, self.width() - 2 * fw - 8)
        above = self.notice_height()
        self.setViewportMargins(0, above, 0, h)
        if above:
            self.notice.setGeometry(fw + 4, fw + 2, width, above - NOTICE_GAP)
        resized = above != self._notice_h
        self._notice_h = above
        top = self.viewport().geometry().bottom() + 1
        self.footer.setGeometry(fw + 4, top, width, h - FOOTER_GAP)
        text, short = self._footer_texts
        fits = QFontMetrics(self.footer.font()).horizontalAdvance(text) <= width
        self.footer.setText(text if fits else short)
        if resized:  # wrapped to another height at this width: the card re-fits round it
            self.notice_resized.emit()

    def resizeEvent(self, e: QResizeEvent) -> None:
        """Qt: keep the footer along the bottom edge and the caret in view (the editor
        opens, and grows, after :meth:`set_text` put the caret at the end)."""
        super().resizeEvent(e)
        self._place_footer()
        self.ensureCursorVisible()

    def event(self, e: QEvent) -> bool:
        """Qt: claim Enter/Return/Esc before any shortcut sees them."""
        if e.type() == QEvent.Type.ShortcutOverride and isinstance(e, QKeyEvent) and e.key() in (
                Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Escape):
            e.accept()
            return True
        return super().event(e)

    def keyPressEvent(self, e: QKeyEvent) -> None:
        """Qt: Enter submits, Shift+Enter breaks the line, Esc cancels."""
        if e.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            if e.modifiers() & Qt.KeyboardModifier.ShiftModifier:
                self.insertPlainText("\n")
            else:
                self.submitted.emit()
            e.accept()
            return
        if e.key() == Qt.Key.Key_Escape:
            self.cancelled.emit()
            e.accept()
            return
        super().keyPressEvent(e)
