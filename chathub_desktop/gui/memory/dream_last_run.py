"""The schedule form's line about the latest scheduled run (DRM-5, issue 30): when it ran
and the UTC day it read, in the user's time with UTC beside it, and how it ended. A failure
says its reason short — its first :data:`REASON_CHARS` characters, the hint why — and when
it is tried again, then **Details…**: the failure bar's dialog with the whole reason,
selectable, and Copy details; the whole reason is the line's tooltip too. So the line stays
short at 800 px (sched56: a provider's long reason made it ~12 lines beside Weekly). A
component of :class:`~chathub_desktop.gui.memory.dream_schedule_form.ScheduleForm`."""

from __future__ import annotations

import html
from datetime import datetime, tzinfo
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QLabel, QWidget

from chathub_desktop.core.dream_schedule import DreamStatus
from chathub_desktop.gui.design import Tone, TypeScale, current_colours, set_text_size, set_tone
from chathub_desktop.gui.memory.dream_failure import FAILURE_HINT
from chathub_desktop.gui.memory.dream_runs import DreamRun, failure_details, failure_line
from chathub_desktop.gui.memory.dream_words import (
    RUN_STATUS_TEXT,
    keep_together,
    run_note,
    when_words,
)
from chathub_desktop.gui.shell.day_format import format_day
from chathub_desktop.gui.shell.error_bar import ErrorDetailsDialog, one_line
from chathub_desktop.gui.shell.i18n import QT_TRANSLATE_NOOP, fill

if TYPE_CHECKING:
    from chathub_desktop.services.dream.dream_run_ledger import LastRun

translate = QCoreApplication.translate

#: Characters of a failed run's reason the line says (its first line; cut with "…").
REASON_CHARS = 80
#: The line's tooltip (the whole reason under it when the run failed).
LINE_TIP = QT_TRANSLATE_NOOP("MemoryPage", "The latest scheduled dream: when it ran, how it ended and, if it "
                                           "failed, why (it is retried later)")
#: The href of the line's Details… link.
DETAILS_HREF = "details"
#: A hint that ends so needs no full stop after it.
_ENDED = ("…", ".", "!", "?", "。", "！", "？")


def reason_hint(reason: str) -> str:
    """``reason``'s first line cut at :data:`REASON_CHARS` characters with "…", ending in
    a full stop unless it ends a sentence already (walk: "Sorry about that!." was said)."""
    hint = one_line(reason, REASON_CHARS)
    return hint if hint.endswith(_ENDED) else f"{hint}."


def retry_words(run: LastRun, now: datetime, zone: tzinfo, place: str) -> str:
    """When a failed ``run`` is tried again, one sentence: ``It is tried again from today at
    01:50 in Berlin (00:50 UTC).`` or ``… on the next cycle.`` (DRM-5)."""
    if run.next_retry_at is None:
        return translate("MemoryPage", " It is tried again on the next cycle.").strip()
    return fill(translate("MemoryPage", " It is tried again from %1."),
                when_words(run.next_retry_at, now, zone, place)).strip()


def last_run_html(run: LastRun | None, now: datetime, zone: tzinfo, place: str) -> str:
    """The line about ``run`` (None: none yet) as rich text, at ``now`` for the user in
    ``zone`` called ``place``: ``Last scheduled run: yesterday at 22:50 in Berlin (21:50
    UTC), over 4 Dec 2026 (UTC) — added a card``; a stopped run's note and a failure in the
    warning colour, a failure as :func:`reason_hint` and :func:`retry_words`, then a
    Details… link (DRM-5)."""
    if run is None:
        return html.escape(translate("MemoryPage", "Last scheduled run: none yet."))
    warning = current_colours().warning
    what = html.escape(translate("MemoryPage", RUN_STATUS_TEXT.get(run.status, run.status)))
    body = html.escape(fill(translate("MemoryPage", "Last scheduled run: %1, over %2 (UTC) — ",
                                      "%1 when it ran, as 'today at 15:30 in Berlin (14:30 UTC)'; %2 the "
                                      "UTC day it read"),
                            when_words(run.started_at, now, zone, place), keep_together(format_day(run.history_day))))
    note = run_note(run, now, zone, place)
    if run.stalled:  # issue 10: a killed run, taken over at the next check
        note = note or translate("MemoryPage", "stopped")
        return body + f"<span style='color:{warning}'><b>{html.escape(note)}</b>.</span>"
    if run.status == DreamStatus.FAILED:
        hint = html.escape(reason_hint(run.error or translate("MemoryPage", "no reason was recorded")))
        retry = html.escape(retry_words(run, now, zone, place))
        details = html.escape(translate("ErrorBar", "Details…"))
        body += (f"<span style='color:{warning}'><b>{what}</b>: {hint} {retry}</span> "
                 f"<a href='{DETAILS_HREF}'>{details}</a>")
    else:
        body += what
    return body + (f" ({html.escape(note)})." if note else "")


class LastRunLine(QLabel):
    """The latest scheduled run's line (see the module docstring): :meth:`show_run` says
    a run; its Details… link (or :meth:`open_details`) opens a failure's whole reason."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("lastDreamRunLabel")
        self.setWordWrap(True)
        self.setTextFormat(Qt.TextFormat.RichText)
        self.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        set_tone(self, Tone.MUTED)
        set_text_size(self, TypeScale.CAPTION)
        self.linkActivated.connect(lambda _href: self.open_details())
        #: The Details dialog last opened (one at a time).
        self.details_dialog: ErrorDetailsDialog | None = None
        self._failure: tuple[str, str] | None = None  # (summary, details) of the failure said

    def show_run(self, run: LastRun | None, now: datetime, zone: tzinfo, place: str) -> None:
        """Say ``run`` (None: none yet) at ``now`` for the user in ``zone`` called
        ``place``; a failure keeps its summary and details for Details…, and its whole
        reason is the tooltip."""
        self.setText(last_run_html(run, now, zone, place))
        tip = translate("MemoryPage", LINE_TIP)
        self._failure = None
        if run is not None and run.status == DreamStatus.FAILED and not run.stalled:
            reason = run.error or translate("MemoryPage", "no reason was recorded")
            day = run.history_day.isoformat()
            self._failure = (failure_line(DreamRun.SCHEDULED, day, reason_hint(reason)),
                             failure_details(DreamRun.SCHEDULED, day, reason, run.started_at, zone, place,
                                             next_step=retry_words(run, now, zone, place), now=now))
            why = fill(translate("MemoryPage", "Reason: %1"), reason)
            tip = f"{tip}\n\n{why}"
        self.setToolTip(tip)
        flags = Qt.TextInteractionFlag.TextSelectableByMouse
        if self._failure is not None:  # Details… by mouse or Tab: a stop only while it shows
            flags |= Qt.TextInteractionFlag.LinksAccessibleByMouse | Qt.TextInteractionFlag.LinksAccessibleByKeyboard
        self.setTextInteractionFlags(flags)

    def open_details(self) -> ErrorDetailsDialog | None:
        """Details…: the failure said in a dialog, whole and selectable, with Copy details
        (non-modal; a second one replaces the first); None when the line says no failure."""
        if self._failure is None:
            return None
        if self.details_dialog is not None:
            self.details_dialog.close()
            self.details_dialog.deleteLater()
        summary, details = self._failure
        self.details_dialog = ErrorDetailsDialog(summary, details, self.window(), hint=FAILURE_HINT)
        self.details_dialog.show()
        return self.details_dialog
