"""Try a dream on any past day (issue 14): the day chooser next to Dream now. It lists
the finished UTC days that had activity and no card yet, newest first ("Yesterday ·
30 Nov 2026 · 3 topics, 41 messages"), read on a worker thread; Dream now dreams over the
chosen day. A day that already has a card (or a proposal) is not offered (walk40 #6: it
was, and Dream now then refused it). With no day to offer the chooser is hidden and one
quiet status line (:attr:`DreamDayPicker.note`) says why in its place (walk53c #5: the
chooser doubled as that message beside a greyed Dream now): every day has a card, so ↻
Regenerate dreams one again; or today has messages and can be dreamt tomorrow (walk42
#4: today is not over, so it cannot be dreamt yet); or no finished day has messages.
"""

from __future__ import annotations

from datetime import UTC, date, datetime
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QSize
from PySide6.QtWidgets import QComboBox, QLabel, QSizePolicy, QWidget

from chathub_desktop.gui.design import Tone, set_tone
from chathub_desktop.gui.shell.day_format import format_day, interface_locale
from chathub_desktop.gui.shell.i18n import Texts, fill

translate = QCoreApplication.translate

if TYPE_CHECKING:
    from chathub_desktop.services.dream.dream_days import ActiveDay


def day_text(d: ActiveDay, today: date) -> str:
    """A chooser line in the interface language: the day written once, in the page's
    one style, after a relative name when there is one ("Yesterday · 3 Dec 2026 · 1
    topic, 6 messages"; "1 May 2024 · 1 topic, 6 messages": walk50 #6 saw the date twice)."""
    ago = (today - d.day).days
    if ago == 1:
        name = translate("MemoryPage", "Yesterday")
    else:
        name = interface_locale().dayName(d.day.isoweekday()) if ago < 7 else ""
    topics, messages = d.topics, d.messages  # plain names: lupdate reads no attribute as the count
    held = (translate("MemoryPage", "%n topic(s)", None, topics), translate("MemoryPage", "%Ln message(s)", None, messages))
    if name:
        return fill(translate("MemoryPage", "%1 · %2 · %3, %4"), name, format_day(d.day), *held)
    return fill(translate("MemoryPage", "%1 · %2, %3"), format_day(d.day), *held)


#: The picker's narrowest width, in characters (the text elides below its wish).
MIN_CHARS = 24


class DreamDayPicker(QComboBox):
    """The day chooser; :meth:`show_days` fills it from the days the panel's read brought.
    Its owner lays out :attr:`note` beside it: shown instead of the chooser when no day is
    offered."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("dreamDayPicker")
        self.days: list[ActiveDay] = []
        #: Days with activity that already have a card (not offered).
        self.dreamt = 0
        #: Today (UTC) has messages: it can be dreamt once it is over (walk42 #4).
        self.today_waits = False
        #: Proposals waiting for review (memlang54: the note said "Nothing to dream yet"
        #: beside one); the panel sets it through :meth:`set_waiting`.
        self.waiting = 0
        #: Finished reads (the chooser and :attr:`note` say the days read).
        self.loads = 0
        #: Why no day is offered, in the muted tone; shown in the chooser's place (walk53c #5).
        self.note = QLabel(parent)
        self.note.setObjectName("dreamDayNote")
        self.note.setWordWrap(True)
        self.note.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        set_tone(self.note, Tone.MUTED)
        self.note.hide()
        self.texts = Texts(self)
        self._today = datetime.now(UTC).date()
        self.texts.call(self._say)
        self.texts.bind(self.setToolTip, lambda: translate(
            "MemoryPage", "The finished UTC day Dream now reads (days with messages and no card yet, newest "
                          "first)"))
        self.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.setEnabled(False)
        self.hide()  # until the first read says which days it offers (no empty box on the page's open)

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt override
        """At most :data:`MIN_CHARS` characters wide (walk42 #7: a long "every day …
        Regenerate one" made the Memory page wider than the window at 800×560, its
        right-hand buttons under the scrollbar); narrower than its text, it elides."""
        hint = super().minimumSizeHint()
        return QSize(min(hint.width(), self.fontMetrics().averageCharWidth() * MIN_CHARS), hint.height())

    def show_days(self, active: list[ActiveDay]) -> None:
        """Offer the days of ``active`` (read on a worker with the panel's data,
        :meth:`~chathub_desktop.services.dream.dream_service.DreamService.active_days`),
        keeping the chosen one when it is still offered."""
        keep = self.selected_day()
        self._today = datetime.now(UTC).date()
        days = [d for d in active if d.finished and not d.dreamt]
        self.dreamt = sum(d.dreamt for d in active if d.finished)
        self.today_waits = any(not d.finished for d in active)
        self.days = days
        self.clear()
        for d in days:
            self.addItem("", d.day)
        self._say()
        # walk50 #2: findData compares a Python date by identity, so a re-read (after a
        # failed Dream now) lost the day that was tried and Retry named another one
        self.setCurrentIndex(next((i for i, d in enumerate(days) if d.day == keep), 0))
        self.setEnabled(bool(days))
        self.setVisible(bool(days))
        self.note.setVisible(not days)
        self.loads += 1

    def set_waiting(self, n: int) -> None:
        """``n`` proposals wait for review: :attr:`note` says so first (memlang54)."""
        self.waiting = n
        self._say()

    def _say(self) -> None:
        """Each offered day's line and :attr:`note` (why none is offered), in the interface
        language (again after each switch): a waiting proposal first, then whether every
        finished day has a card and today's chats wait for tomorrow (walk54 #4: "Nothing
        to dream yet" beside three cards and a proposal)."""
        for i, d in enumerate(self.days[:self.count()]):
            self.setItemText(i, day_text(d, self._today))
        waiting = self.waiting  # a plain name: lupdate reads no attribute as the count
        if waiting:  # and why Dream now is off, in words (walk56 #16: only its tooltip said it)
            self.note.setText(self._waiting_text(waiting))
            return
        self.note.setText(translate("MemoryPage", "Every finished day has a card; today's chats can be dreamt "
                                                  "tomorrow.") if self.dreamt and self.today_waits
                          else translate("MemoryPage", "Nothing to dream yet: today's chats can be dreamt tomorrow.")
                          if self.today_waits
                          else translate("MemoryPage", "Every day with messages has a card. To dream a day again, "
                                                       "use ↻ Regenerate on its card.") if self.dreamt
                          else translate("MemoryPage", "No finished day has messages yet."))

    def _waiting_text(self, waiting: int) -> str:
        """:attr:`note` while ``waiting`` proposals wait: they come first, then why no day
        is offered — every other day has a card (days with a proposal are not offered
        either), or today's chats wait for tomorrow."""
        cards = self.dreamt > waiting  # days with a card, not only those with a proposal
        if self.today_waits:
            return translate("MemoryPage", "%n proposal(s) wait(s) for review. Every other finished day has a card; "
                                           "today's chats can be dreamt tomorrow.", None, waiting) if cards \
                else translate("MemoryPage", "%n proposal(s) wait(s) for review. Today's chats can be dreamt "
                                             "tomorrow.", None, waiting)
        return translate("MemoryPage", "%n proposal(s) wait(s) for review. Every other day with messages has a card; "
                                       "to dream one again, use ↻ Regenerate on its card.", None, waiting) if cards \
            else translate("MemoryPage", "%n proposal(s) wait(s) for review. No other finished day has messages.",
                           None, waiting)

    def selected_day(self) -> date | None:
        """The chosen day, or None when none is offered."""
        value = self.currentData()
        return value if isinstance(value, date) else None
