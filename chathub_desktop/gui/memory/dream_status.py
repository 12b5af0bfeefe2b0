"""The dream panel's status line (issue 30): what the last dream or change did, on a row
of its own under the Dream now bar, wrapped whole (walk42 #4: cut with "…" in the bar),
so the bar's buttons never move, and a quiet note under it (memlang54). A component of
:class:`~chathub_desktop.gui.memory.dream_panel.DreamPanel`, laid out in its
:class:`StatusSlot`: one line's room kept whether or not a line shows (walk56 #10: a
scheduled run's line came up under Dream now while a card was being edited and pushed
the tabs and cards ~20 px down). News of a run the user did not start (a scheduled one)
is said ``quiet``: on that one line, cut with "…" if longer (all of it in the tooltip and
in the schedule's "Last scheduled run" line), so it never moves the cards; it times out.

A run that proposed a card says so in short words (walk54 #4: "Proposed a card for 15
Oct 2023 (proposal #1); accept or discard it; the card may be missing its end: the
History Compress model reached its token limit, …; read “Conversation 2”"): "A card for
15 Oct 2023 waits in Proposals.", and the note "It may be cut short — the model hit its
length limit." when it may be.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, QRect, QSize, Qt, QTimer
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from chathub_desktop.core.reasons import Day, Reason
from chathub_desktop.gui.design import Tone, set_tone
from chathub_desktop.gui.shell.day_format import format_day
from chathub_desktop.gui.shell.i18n import Texts, fill
from chathub_desktop.services.dream.dream_reasons import DreamReason

translate = QCoreApplication.translate


def _has(why: Reason, template: str) -> bool:
    """``why`` or a reason among its values and notes is ``template``."""
    return why.template == template or any(isinstance(r, Reason) and _has(r, template)
                                           for r in (*why.args, *why.notes))


def proposed_lines(why: Reason) -> tuple[Callable[[], str], Callable[[], str]] | None:
    """The status line and quiet note of a run that proposed a card (``why``: its
    ``DreamReason.PROPOSED`` reason), said in the language of the moment: "A card for
    15 Oct 2023 waits in Proposals." and, when the model's answer was cut at its token
    limit, "It may be cut short — the model hit its length limit."; when likely secrets
    were taken out, the note says that too. None for any other reason."""
    day = why.args[0] if why.args else None
    if why.template != DreamReason.PROPOSED or not isinstance(day, Day):
        return None
    cut, redacted = _has(why, DreamReason.COMPLETE_LINES_KEPT), _has(why, DreamReason.REDACTED)

    def note() -> str:
        said = ([translate("MemoryPage", "It may be cut short — the model hit its length limit.")] if cut else []) + \
            ([translate("MemoryPage", "Likely secrets were taken out of it.")] if redacted else [])
        return " ".join(said)

    return (lambda: fill(translate("MemoryPage", "A card for %1 waits in Proposals."), format_day(day.value))), note


#: What one line of the status is measured on: Latin and CJK (a fallback font's line can
#: be taller), so a line in any of the interface's languages fits the room kept for it.
LINE_SAMPLE = "Ag 梦境记忆 ドリームメモリ"


class DreamStatusLine(QLabel):
    """A wrapped, selectable plain-text line, hidden while empty. ``texts``: the panel's
    language bindings (the line is said again on a switch); ``running()``: True while a
    run goes (its phase line is then not cleared by a timer). :attr:`slot` holds it and
    :attr:`note`: its owner lays that out (walk56 #10)."""

    def __init__(self, texts: Texts, running: Callable[[], bool], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("dreamStatusLabel")
        self.setWordWrap(True)
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.hide()
        #: A quiet line under the status (memlang54: "It may be cut short …").
        self.note = QLabel(parent)
        self.note.setObjectName("dreamStatusNote")
        self.note.setWordWrap(True)
        self.note.setTextFormat(Qt.TextFormat.PlainText)
        set_tone(self.note, Tone.MUTED)
        self.note.hide()
        #: The line's place: one line's room kept while nothing shows.
        self.slot = StatusSlot(self)
        self._running = running
        self._make: Callable[[], str] | None = None  # the line's text, re-said on a switch
        self._make_note: Callable[[], str] | None = None
        self._until_reviewed = False  # a proposal's line: stale once one is accepted or discarded
        self._quiet = False  # one line, cut with "…" (walk56 #10)
        self._whole = ""  # the line's whole text (the quiet line shows it cut)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._expire)
        texts.call(self._resay)

    def say(self, message: str | Callable[[], str], ms: int = 8000, *, until_reviewed: bool = False,
            note: Callable[[], str] | None = None, quiet: bool = False) -> None:
        """Show ``message``, cleared after ``ms`` (0: kept). A callable (``lambda:
        translate(…)``) is said again after a language switch; a plain string is cleared
        then instead (issue 30, walk50b #4: it stayed in the old language).
        ``until_reviewed``: the line asks to accept or discard a proposal, and
        :meth:`reviewed` clears it. ``note``: the quiet line under it (cleared with it).
        ``quiet``: news of a run the user did not start (walk56 #10): one line, cut with
        "…" when longer, the whole line and its note in the tooltip."""
        self._make = message if callable(message) else None
        self._make_note = note
        self._until_reviewed = until_reviewed
        self._quiet = quiet
        self._show(message() if callable(message) else message)
        if ms:
            self._timer.start(ms)
        else:
            self._timer.stop()

    def reviewed(self) -> None:
        """A proposal was accepted or discarded: a line still asking for that review is
        cleared (issue 30: "Proposed a card … accept or discard it" stayed after Accept)."""
        if self._until_reviewed and not self._running():
            self._until_reviewed = False
            self._expire()

    def line_height(self) -> int:
        """The height of one line of the status, in any of the interface's languages."""
        fm = self.fontMetrics()
        flags = int(Qt.AlignmentFlag.AlignLeft) | int(Qt.TextFlag.TextWordWrap)
        m = self.contentsMargins()
        return fm.boundingRect(QRect(0, 0, 4000, 400), flags, LINE_SAMPLE).height() + m.top() + m.bottom()

    def heightForWidth(self, width: int) -> int:  # noqa: N802 - Qt override
        """Qt: a quiet line is one line high; any line at least that."""
        return self.line_height() if self._quiet else max(super().heightForWidth(width), self.line_height())

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt override
        """Qt: at least one line high."""
        hint = super().minimumSizeHint()
        return QSize(hint.width(), max(hint.height(), self.line_height()))

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt override
        """Qt: a quiet line is cut again to the new width."""
        super().resizeEvent(event)
        if self._quiet and self._whole:
            self._fit()

    def _show(self, text: str) -> None:
        self._whole = text
        self.setVisible(bool(text))
        if self._quiet:
            self._fit()
        else:
            self.setText(text)
            self.setToolTip("")
        self._say_note()

    def _fit(self) -> None:
        """The quiet line: its text cut to the width with "…", the whole in the tooltip."""
        one = " ".join(self._whole.split())
        width = max(self.contentsRect().width(), 1)
        self.setText(self.fontMetrics().elidedText(one, Qt.TextElideMode.ElideRight, width))
        note = self._make_note() if self._make_note is not None else ""
        self.setToolTip("\n".join(t for t in (self._whole, note) if t))

    def _resay(self) -> None:
        """After a language switch: the line in the new language, or cleared."""
        if self._make is not None:
            self._show(self._make())
        elif self.text():
            self._clear()

    def _say_note(self) -> None:
        text = self._make_note() if self._make_note is not None and self._whole and not self._quiet else ""
        self.note.setText(text)
        self.note.setVisible(bool(text))

    def _clear(self) -> None:
        self._make_note = None
        self._quiet = False
        self._whole = ""
        self.clear()
        self.setToolTip("")
        self.hide()
        self._say_note()

    def _expire(self) -> None:
        if not self._running():
            self._clear()


class StatusSlot(QWidget):
    """The place of a :class:`DreamStatusLine` and its note under the Dream now bar (APP-7,
    DRM-3): at least one line high, shown or not, so a line coming or going moves nothing
    under it (walk56 #10); a longer line (the user's own action) takes the room it needs."""

    def __init__(self, line: DreamStatusLine) -> None:
        super().__init__(line.parentWidget())
        self.setObjectName("dreamStatusSlot")
        self._line = line
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(0)
        lay.addWidget(line)
        lay.addWidget(line.note)

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt override
        """Qt: the lines' own, at least one line high."""
        hint = super().minimumSizeHint()
        return QSize(hint.width(), max(hint.height(), self._line.line_height()))

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt override
        """Qt: the lines' own, at least one line high."""
        hint = super().sizeHint()
        return QSize(hint.width(), max(hint.height(), self._line.line_height()))

    def heightForWidth(self, width: int) -> int:  # noqa: N802 - Qt override
        """Qt: the lines' own height at ``width``, at least one line."""
        return max(super().heightForWidth(width), self._line.line_height())
