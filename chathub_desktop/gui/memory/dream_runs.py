"""The dream panel's runs (DRM-3, APP-7): Dream now over the chosen day, Regenerate one
card, the phases of a run on the status line, Stop (also for a scheduled run of the
same assistant). A component of :class:`~chathub_desktop.gui.memory.dream_panel.DreamPanel`,
given it as a :class:`RunsHost` (issue 30).

Dream now asks first (issue 18): the model's card is drafted without writing
(``DreamService.draft_day``), the preview shows the card that will be added and the
cards folded into which range (``MemoryPreviews.dream_day``), and only Add writes it,
with the previewed version token — a document changed meanwhile (another window or
process) is refused with one line and nothing is written. With dream review on
(issue 19) the draft goes straight to a proposal: that writes no memory."""

from __future__ import annotations

import asyncio
import enum
from collections.abc import Awaitable, Callable, Sequence
from datetime import UTC, date, datetime, timedelta, tzinfo
from functools import partial
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QCoreApplication, QLocale, QObject, QTimer
from PySide6.QtWidgets import QWidget

from chathub_desktop.core.dream_schedule import DreamPhase, DreamStatus
from chathub_desktop.core.dynamic_memory import RANGE_CARD_MAX, SINGLE_CARD_MAX
from chathub_desktop.core.memory_diff import EntryChanges
from chathub_desktop.core.reasons import Reason
from chathub_desktop.gui.memory import change_preview
from chathub_desktop.gui.memory.change_preview import PreviewOption
from chathub_desktop.gui.memory.dream_failure import card_fixes
from chathub_desktop.gui.memory.dream_status import proposed_lines
from chathub_desktop.gui.memory.dream_words import when_words
from chathub_desktop.gui.settings.card_field import CardField
from chathub_desktop.gui.settings.summarizer_choice import missing_text
from chathub_desktop.gui.shell.day_format import format_day, format_iso_day
from chathub_desktop.gui.shell.i18n import QT_TRANSLATE_NOOP, fill
from chathub_desktop.gui.shell.service_reasons import said, said_error
from chathub_desktop.services.dream.dream_cards import RegenDraft
from chathub_desktop.services.dream.dream_reasons import DreamReason
from chathub_desktop.services.dream.dream_service import FAILED, PROPOSED, DreamDraft, DreamOutcome
from chathub_desktop.services.errors import ServiceError, StaleDocument
from chathub_desktop.services.events import DreamProgress
from chathub_desktop.services.fault_place import fault_provider
from chathub_desktop.services.memory.memory_preview import ChangePreview

if TYPE_CHECKING:
    from chathub_desktop.gui.shell.task_runner import TaskRunner
    from chathub_desktop.services.container import Services
    from chathub_desktop.services.dream.dream_service import CardView

#: TaskRunner name of the dream timer's run (tray.DreamRunner); Stop here cancels it.
RUN_DUE_TASK = "dreams-run-due"

translate = QCoreApplication.translate

#: Status-line text of each ``DreamProgress`` phase (``%1``: the history day; translated where shown).
PHASE_TEXT: dict[DreamPhase, str] = {
    DreamPhase.STARTED: QT_TRANSLATE_NOOP("MemoryPage", "Dreaming over %1…"),
    DreamPhase.READING: QT_TRANSLATE_NOOP("MemoryPage", "Reading the topics of %1…"),
    DreamPhase.DREAMING: QT_TRANSLATE_NOOP("MemoryPage", "Asking the History Compress model about %1…"),
    DreamPhase.FOLDING: QT_TRANSLATE_NOOP("MemoryPage", "Merging older cards into a range card…"),
}
#: Added to a refused Dream now write (issue 18).
DREAM_STALE_HINT = QT_TRANSLATE_NOOP("MemoryPage", "Dream now again to see what it would add to the memory as it "
                                                   "is now.")
#: The failure bar's Details for a manual run, and for a scheduled one (DRM-5: retried next cycle).
MANUAL_FAILED_NOTE = QT_TRANSLATE_NOOP("MemoryPage", "Nothing was written. Retry dreams over the same day again now.")
SCHEDULED_FAILED_NOTE = QT_TRANSLATE_NOOP("MemoryPage", "Nothing was written. The schedule tries this day again at "
                                                        "its next cycle; Retry dreams over it now as a manual run "
                                                        "(it is not shown as a scheduled run).")
#: The preview's group titles when the new card folds older ones.
FOLD_TITLES = (QT_TRANSLATE_NOOP("MemoryPage", "Added"), QT_TRANSLATE_NOOP("MemoryPage", "Folded into the range card"),
               QT_TRANSLATE_NOOP("MemoryPage", "Range card rewritten"))


class DreamRun(enum.Enum):
    """Which run a line names: Dream now (DRM-3), a scheduled run (DRM-5) or Regenerate
    (DRM-15); the value is its English name, said by :func:`said_run`."""

    DREAM_NOW = QT_TRANSLATE_NOOP("MemoryPage", "Dream now")
    SCHEDULED = QT_TRANSLATE_NOOP("MemoryPage", "Scheduled dream")
    REGENERATE = QT_TRANSLATE_NOOP("MemoryPage", "Regenerate")


#: A scheduled run's name opening its failure Details.
SCHEDULED_OPENING = QT_TRANSLATE_NOOP("MemoryPage", "The scheduled dream")


def _repeats_warning() -> str:
    """The preview's first line over a card that mostly repeats itself (walk50 #2), in
    the words ``dream run --preview`` prints too."""
    return said(Reason(DreamReason.DEGENERATE_PREVIEW))


def said_run(what: DreamRun) -> str:
    """A run's name (``Dream now``, ``Regenerate``, ``Scheduled dream``) in the interface
    language; the lines around it name the day (a card's number moves, walk52b #2)."""
    return translate("MemoryPage", what.value)


def phase_text(phase: DreamPhase, day: str) -> str | None:
    """The status line of a ``DreamProgress`` phase over ``day`` (None: not said)."""
    text = PHASE_TEXT.get(phase)
    return fill(translate("MemoryPage", text), format_iso_day(day)) if text is not None else None

#: What a run's coroutine ends with: an outcome, or a draft to preview (Dream now, Regenerate).
RunResult = DreamOutcome | tuple[DreamDraft, ChangePreview] | RegenDraft


def yesterday_utc(now: datetime | None = None) -> date:
    """The UTC calendar day before ``now`` (aware; default: the current time) — the
    history day of Dream now (DRM-3)."""
    now = now or datetime.now(UTC)
    return (now.astimezone(UTC) - timedelta(days=1)).date()


def outcome_text(status: DreamStatus | None, message: str) -> str:
    """The status line for a finished run (``DreamOutcome.status`` / ``message``; a
    ``DreamProgress`` may carry no status)."""
    if status == DreamStatus.FAILED:
        return fill(translate("MemoryPage", "Dream failed: %1"), message) if message \
            else translate("MemoryPage", "Dream failed")
    return message[:1].upper() + message[1:] if message else str(status or "")


def failure_line(what: DreamRun, day: str, message: str) -> str:
    """The failure bar's one line: ``Dream now over 1 Dec 2026 failed: <reason>`` (``day`` ISO)."""
    return fill(translate("MemoryPage", "%1 over %2 failed: %3"), said_run(what), format_iso_day(day), message) if message \
        else fill(translate("MemoryPage", "%1 over %2 failed"), said_run(what), format_iso_day(day))


def failure_details(what: DreamRun, day: str, message: str, at: datetime, zone: tzinfo, place: str, *,
                    raw: str = "", next_step: str = "", now: datetime | None = None) -> str:
    """The Details text of a failed run: what ran over which UTC ``day``, when (``at``,
    aware: in the user's ``zone``, called ``place``, with UTC beside it, as the schedule
    row says a time — walk55: it was UTC only), the whole reason and what happens next
    (walkthrough F2) — ``next_step`` when given (the last-run line's: when it is tried
    again; it has no Retry), else the failure bar's; ``raw``: the provider's own words
    behind a plain ``message``, under it (walk53c #1); ``now``: when it is said (``at``
    unless given: the bar says a failure as it happens)."""
    reason = message or translate("MemoryPage", "the History Compress model gave no reason")
    reason = f"{reason}\n{raw}" if raw and raw != reason else reason
    scheduled = what is DreamRun.SCHEDULED
    note = next_step or translate("MemoryPage", SCHEDULED_FAILED_NOTE if scheduled else MANUAL_FAILED_NOTE)
    name = translate("MemoryPage", SCHEDULED_OPENING) if scheduled else said_run(what)
    return "\n\n".join((fill(translate("MemoryPage", "%1 over %2 (UTC) failed %3.",
                                        "%3: when, e.g. today at 22:24 in Berlin (21:24 UTC)"), name,
                              format_iso_day(day), when_words(at, now or at, zone, place)),
                         fill(translate("MemoryPage", "Reason: %1"), reason), note))


def failure_texts(what: DreamRun, day: str, why: Reason | None, raw: str,
                  zone: tuple[tzinfo, str]) -> tuple[Callable[[], str], Callable[[], str]]:
    """The failure bar's line and Details of a failed run over ``day`` (ISO) as builders,
    said again after a language switch (memlang54: the line stayed English in 简体中文):
    ``why``, the run's typed reason, is said in the language of the moment; without one,
    ``raw`` (the service's words) as it is. The time of failure is now, said in the
    user's ``zone`` (``(tzinfo, place)``)."""
    at = datetime.now(UTC)

    def reason() -> str:
        return said(why) if why is not None else raw

    return (lambda: failure_line(what, day, reason()),
            lambda: failure_details(what, day, reason(), at, *zone, raw=raw))


#: Failures another History Compress model (or its model card) fixes: a limit it hit, or
#: a card it could not write (walk50 #2: the bar offered Retry only).
MODEL_FIXES = frozenset({DreamReason.CUT_AT_OUTPUT_CAP, DreamReason.CUT_AT_WINDOW, DreamReason.WINDOW_TOO_SMALL,
                         DreamReason.REPEATS_ITSELF, DreamReason.ECHOED_PROMPT, DreamReason.CHATTED,
                         DreamReason.DEGENERATE})


def model_fixes(why: Reason | None) -> bool:
    """``why`` (a run's typed reason, its nested reasons too) is one :data:`MODEL_FIXES`
    names, so the failure bar offers the History Compress choice beside Retry."""
    if why is None:
        return False
    return why.template in MODEL_FIXES or any(isinstance(a, Reason) and model_fixes(a) for a in why.args)



def _count_title(what: Callable[[], str], n: int, cap: int) -> Callable[[], str]:
    """A pane title maker: ``what`` · ``n`` / ``cap`` characters (re-said on a language switch)."""
    return lambda: fill(translate("MemoryPage", "%1 · %2"), what(), fill(
        translate("MemoryPage", "%1 / %2 characters"), QLocale().toString(n), QLocale().toString(cap)))


def preview_panes(day: date, day_chars: int, span: tuple[date, date] | None,
                  added: Sequence[str]) -> tuple[tuple[Callable[[], str], str], ...]:
    """Dream now's panes: each added card (``"[tag] text"``, as the preview lists them)
    under its own title, count and cap (DRM-13) — the new card for ``day``
    (``day_chars`` characters against 3,200), and the range card of a fold over
    ``span`` (its text's characters against 6,400; audit53 #9: both panes said the day
    card's "63 / 3,200")."""
    out: list[tuple[Callable[[], str], str]] = []
    for text in added:
        if text.startswith(f"[{day.isoformat()}]") or span is None:
            title = _count_title(lambda: translate("MemoryPage", "New card"), day_chars, SINGLE_CARD_MAX)
        else:
            shown = text.split("] ", 1)[1] if text.startswith("[") and "] " in text else text
            start, end = span
            title = _count_title(partial(_range_title, start, end), len(shown.rstrip()), RANGE_CARD_MAX)
        out.append((title, text))
    return tuple(out)


def _range_title(start: date, end: date) -> str:
    """A fold preview's range pane title, said now: "Range card <start> – <end>"."""
    return fill(translate("MemoryPage", "Range card %1 – %2"), format_day(start), format_day(end))


class RunsHost(Protocol):
    """What Dream now, Regenerate and Stop are given by their panel."""

    svc: Services
    assistant_id: int
    runner: TaskRunner
    memory_enabled: bool

    def show_status(self, message: str | Callable[[], str], ms: int = 8000, *, until_reviewed: bool = False,
                    note: Callable[[], str] | None = None, quiet: bool = False) -> None:
        """The panel's status line (``ms`` 0: kept; a callable is re-said on a language
        switch; ``until_reviewed``: a proposal's line, cleared once a proposal is accepted
        or discarded; ``note``: a quiet line under it; ``quiet``: news of a run the user
        did not start, on one line that moves nothing, walk56 #10)."""

    def show_error(self, message: str) -> None:
        """An inline error ("" hides it)."""

    def show_failure(self, summary: str | Callable[[], str], details: str | Callable[[], str],
                     retry: Callable[[], object] | None, provider: str | None = None) -> None:
        """A failed run's bar: ``summary`` kept until dismissed, ``details`` behind
        Details…, Retry calls ``retry`` (walkthrough F2); ``provider``: the one a transport
        fault names, its "Settings → Providers" a link there (memerr54); builders are said
        again after a language switch (memlang54)."""

    def hide_failure(self) -> None:
        """Hide the failed run's bar (a new run starts)."""

    def schedule_reload(self) -> None:
        """Re-read the settings and cards soon."""

    def sync(self) -> None:
        """Fit the panel's buttons to what runs now."""

    def card(self, number: int | None) -> CardView | None:
        """Card ``number``, or the selected one for None."""

    def current_number(self, card: CardView) -> int:
        """The number ``card`` has now (worker thread; raises NotFound when it changed)."""

    def select_number(self, number: int) -> None:
        """Select card ``number`` now."""

    def mark_after_load(self, tag: str) -> None:
        """Once the next load is shown: select the card of ``tag``, scroll to it and mark it."""

    def selected_day(self) -> date | None:
        """The day chosen for Dream now (None: yesterday)."""

    def offer_summarizer_choice(self, on: bool) -> None:
        """Show (or hide) the button that chooses a History Compress model (issue 28)."""

    def offer_model_card(self, field: CardField | None) -> None:
        """Show the button that edits the History Compress model's card, opening on
        ``field`` (issue 30, walk51b #4); None hides it."""


class DreamRuns(QObject):
    """Dream now, Regenerate and Stop for ``host``; dialogs open over ``parent``.
    ``dreaming``: this panel's own run is going; ``external_day``: the history day of a
    scheduled run of the same assistant that is going (None when none)."""

    def __init__(self, host: RunsHost, parent: QWidget, local_zone: Callable[[], tuple[tzinfo, str]]) -> None:
        super().__init__(parent)
        self._host = host
        self._zone = local_zone  # where the user is, for a failure's time (the schedule form's)
        self._parent = parent
        self._dream_task = f"dream-run-{id(self)}"
        self._dreaming: DreamRun | None = None  # this panel's own run (Dream now, Regenerate)
        self.external_day: str | None = None

    @property
    def dreaming(self) -> bool:
        """True while this panel's own Dream now / Regenerate runs."""
        return self._dreaming is not None

    @property
    def running(self) -> bool:
        """True while any run of this assistant is going (this panel's or a scheduled one)."""
        return self._dreaming is not None or self.external_day is not None

    def cancel(self) -> None:
        """Cancel this panel's own run (the panel closes)."""
        self._host.runner.cancel(self._dream_task)

    def dream_now(self) -> asyncio.Task[None] | None:
        """Dream now (Ctrl+Shift+D): dream over the chosen day (default yesterday, UTC) as a manual run; returns its
        task, or None when a run is going or memory is off."""
        return self.dream_over(self._host.selected_day() or yesterday_utc())

    def dream_over(self, day: date) -> asyncio.Task[None] | None:
        """Dream now over UTC ``day`` (a manual run, previewed before it writes); None
        when a run is going or memory is off."""
        if not self._host.memory_enabled or self._dreaming is not None or self.external_day is not None:
            return None
        aid, dreams = self._host.assistant_id, self._host.svc.dreams

        async def draft() -> RunResult:
            got = await dreams.draft_day(aid, day)
            if isinstance(got, DreamOutcome):
                return got
            if got.review:  # issue 19: a proposal writes no memory; it is reviewed on the page
                return await dreams.commit_draft(got)
            preview = await self._host.runner.run_in_thread(self._host.svc.previews.dream_draft, got)
            return got, preview

        return self._start_dream(DreamRun.DREAM_NOW, day.isoformat(), draft)

    def _confirm_dream(self, what: DreamRun, draft: DreamDraft, preview: ChangePreview) -> None:
        """Dream now's preview (outside any coroutine: it runs a modal dialog): Add writes
        the drafted card with the previewed version token; Cancel writes nothing. Over a
        card that mostly repeats itself the first line says so and Discard, not Add, is
        the default (walk50 #2)."""
        day = format_day(draft.history_day)
        self._host.show_status(fill(translate("MemoryPage", "%1: the card for %2 is ready — nothing is written until "
                                                            "you add it"), said_run(what), day), 0)
        folds, fold = preview.folds, preview.fold
        older = fold is None or any(t != fold.new for t in fold.folded)  # bits54: else only its own card folds

        def heading() -> str:
            if not folds:
                return fill(translate("MemoryPage", "Add the dream card for %1?"), day)
            return fill(translate("MemoryPage", "Add the dream card for %1? It folds older cards into a range card:")
                        if older else translate("MemoryPage", "Add the dream card for %1? It folds into a range card:"),
                        day)
        titles = FOLD_TITLES if preview.folds else (QT_TRANSLATE_NOOP("MemoryPage", "Added"),
                                                    QT_TRANSLATE_NOOP("MemoryPage", "Removed"),
                                                    QT_TRANSLATE_NOOP("MemoryPage", "Edited"))
        looping = draft.degenerate  # walk50 #2: a card that mostly repeats itself is not the default

        def lines() -> list[str]:  # walk42 #2: the change in plain words, not the card counts
            return [said(r) for r in preview.fold_reasons]  # the heading names the day (walk52b #9: said twice)

        span = draft.plan.span if draft.plan is not None else None
        panes = preview_panes(draft.history_day, len(draft.body.rstrip()), span, preview.changes.added)
        key = change_preview.ask(self._parent, lambda: said_run(DreamRun.DREAM_NOW), heading,
                                 [PreviewOption("add", translate("MemoryPage", "Add"), lines, preview.changes,
                                                (translate("MemoryPage", titles[0]), translate("MemoryPage", titles[1]),
                                                 translate("MemoryPage", titles[2])), panes=panes,
                                                cancel=(lambda: translate("MemoryPage", "Discard")) if looping
                                                else None,
                                                warning=_repeats_warning if looping else None,
                                                primary=not looping)],  # adding the card is the point (walk49 #2b)
                                 lambda: translate("MemoryPage", "Add card"))
        if key is None:
            self._host.svc.dreams.discard_draft(draft)
            self._dreaming = None
            self._host.show_status(fill(translate("MemoryPage", "%1 cancelled — nothing was written"), said_run(what)))
            self._host.sync()
            return
        self._host.runner.run(self._dream_task, self._dream(
            what, lambda: self._host.svc.dreams.commit_draft(draft, version=preview.version)),
            context=said_run(what))

    def _confirm_regenerate(self, what: DreamRun, draft: RegenDraft) -> None:
        """Regenerate's preview (issue 28, walk40: ↻ replaced the card unseen): the new
        card beside the old one; "Use the new card" writes it (refused when the card
        changed meanwhile), Cancel keeps the old card and writes nothing. Cancel is the
        default; over a new card that mostly repeats itself the first line says so, as Dream
        now's preview does (walk50 #2, session 51)."""
        day = format_day(draft.history_day)
        self._host.show_status(fill(translate("MemoryPage", "%1: the new card for %2 is ready — the old one stays "
                                                            "until you choose the new one"), said_run(what), day), 0)
        titles = (translate("MemoryPage", "New card"), translate("MemoryPage", "Old card"),
                  translate("MemoryPage", "Edited"))
        when = draft.history_day
        # walk42 #2: old and new side by side, rendered; the buttons say what each keeps. The
        # heading names the day once (walk52b #9), by its day, not its number (walk52b #2)
        key = change_preview.ask(
            self._parent, lambda: said_run(what),
            lambda: fill(translate("MemoryPage", "The card for %1 was dreamt again. Use the new card, or keep the "
                                                 "old one?"), format_day(when)),
            [PreviewOption("new", translate("MemoryPage", "Use the new card"),
                           lambda: [translate("MemoryPage", "Nothing is written until you choose.")],
                           EntryChanges(added=[draft.body], removed=[draft.old]), titles,
                           panes=((lambda: translate("MemoryPage", "Old card"), draft.old),
                                  (lambda: translate("MemoryPage", "New card"), draft.body)),
                           cancel=lambda: translate("MemoryPage", "Keep the old card"),
                           warning=_repeats_warning if draft.degenerate else None)],
            lambda: translate("MemoryPage", "Use the new card"))
        if key is None:
            outcome = self._host.svc.dreams.keep_old_card(draft)
            self._dreaming = None
            self._host.show_status(lambda: outcome_text(outcome.status, said(outcome.why) if outcome.why
                                                        else outcome.message))
            self._host.sync()
            return
        self._host.runner.run(self._dream_task, self._dream(
            what, lambda: self._host.svc.dreams.commit_regenerate(draft), day), context=said_run(what))

    def regenerate(self, number: int | None = None) -> asyncio.Task[None] | None:
        """Regenerate card ``number`` (default: the selected one): dream over its day
        again and show the new card beside the old one; only "Use the new card" replaces
        it (Ctrl+R, the refresh icon). Only single-day cards; returns the task, or None
        when nothing started."""
        card = self._host.card(number)
        if card is None or not card.regenerable or not self._host.memory_enabled or self._dreaming is not None \
                or self.external_day is not None:
            return None
        self._host.select_number(card.number)

        async def go() -> RunResult:
            current = await self._host.runner.run_in_thread(self._host.current_number, card)
            return await self._host.svc.dreams.draft_regenerate(self._host.assistant_id, current)

        return self._start_dream(DreamRun.REGENERATE, card.tag, go)

    def _start_dream(self, what: DreamRun, day: str, make: Callable[[], Awaitable[RunResult]]) -> asyncio.Task[None]:
        self._dreaming = what
        self._host.show_error("")
        self._host.hide_failure()  # and the fixes it named
        self._host.show_status(phase_text(DreamPhase.STARTED, day) or "", 0)
        self._host.sync()
        retry = (lambda: self.dream_over(date.fromisoformat(day))) if what is DreamRun.DREAM_NOW \
            else (lambda: self._again(what, day, make))
        return self._host.runner.run(self._dream_task, self._dream(what, make, day, retry), context=said_run(what))

    def _again(self, what: DreamRun, day: str, make: Callable[[], Awaitable[RunResult]]) -> asyncio.Task[None] | None:
        """Retry of a failed Regenerate: the same run again, unless one is going."""
        if not self._host.memory_enabled or self.running:
            return None
        return self._start_dream(what, day, make)

    async def _dream(self, what: DreamRun, make: Callable[[], Awaitable[RunResult]], day: str = "",
                     retry: Callable[[], object] | None = None) -> None:
        asking = False  # a draft waits for the preview: the run is not over yet
        try:
            try:
                outcome = await make()
            except asyncio.CancelledError:
                self._host.show_status(fill(translate("MemoryPage", "%1 stopped — nothing was written"),
                                            said_run(what)))
                raise
            except StaleDocument as exc:  # issue 18: never a silent overwrite
                self._host.show_status("")
                self._host.show_error(fill(translate("MemoryPage", "%1: %2. %3"), said_run(what), said_error(exc),
                                           translate("MemoryPage", DREAM_STALE_HINT)))
                self._host.schedule_reload()
                return
            except ServiceError as exc:
                self._host.show_status("")
                self._host.show_error(f"{said_run(what)}: {said_error(exc)}")
                return
            if isinstance(outcome, tuple):
                asking = True
                QTimer.singleShot(0, lambda: self._confirm_dream(what, *outcome))
                return
            if isinstance(outcome, RegenDraft):
                asking = True
                QTimer.singleShot(0, lambda: self._confirm_regenerate(what, outcome))
                return
        finally:
            if not asking:
                self._dreaming = None
                self._host.sync()
        if outcome.summarizer_problem is not None:  # issue 28: say it plainly, offer the choice
            self._host.show_status("")
            self._host.show_error(f"{said_run(what)}: {missing_text(outcome.summarizer_problem)}")
            self._host.offer_summarizer_choice(True)
            return
        message = said(outcome.why) if outcome.why is not None else outcome.message  # issue 27
        if outcome.status == FAILED:  # walkthrough F2: kept until dismissed, with Retry and Details
            self._host.show_status("")
            line, details = failure_texts(what, day or outcome.history_day.isoformat(), outcome.why, outcome.message,
                                          self._zone())
            self._host.show_failure(line, details, retry, fault_provider(outcome.why))
            self._host.offer_summarizer_choice(model_fixes(outcome.why))
            self._host.offer_model_card(card_fixes(outcome.why))
            return
        why, status = outcome.why, outcome.status
        proposed = proposed_lines(why) if why is not None else None
        if proposed is not None:  # walk54 #4: in short words, the note on a line of its own
            self._host.show_status(proposed[0], 15000, until_reviewed=True, note=proposed[1])
        else:  # a reason is said again in a new language (issue 30, walk50b #4); a bare message is cleared then
            self._host.show_status((lambda: outcome_text(status, said(why))) if why is not None
                                   else outcome_text(status, message), 15000, until_reviewed=status == PROPOSED)
        if outcome.card_number is not None:  # shown and marked by its day: its number may change (walk52b #2)
            self._host.mark_after_load(outcome.history_day.isoformat())
        self._host.schedule_reload()

    def stop(self) -> bool:
        """Stop (Esc on the page): cancel this panel's run, else the scheduled run that is
        dreaming for this assistant. True when something was stopped."""
        if self._dreaming is not None:
            return self._host.runner.cancel(self._dream_task)
        if self.external_day is not None:
            stopped = self._host.runner.cancel(RUN_DUE_TASK)
            if stopped:
                self.external_day = None
                self._host.show_status(translate("MemoryPage", "Scheduled dream stopped — it is tried again later"))
                self._host.sync()
            return stopped
        return False

    def on_dream_progress(self, event: DreamProgress) -> None:
        """A ``DreamProgress`` event: the phase on the status line; a scheduled run of this
        assistant is followed (and can be stopped)."""
        assistant_id, day, phase = event.assistant_id, event.history_day, event.phase
        status = event.status
        message = said(event.why) if event.why is not None else event.message  # issue 27
        if assistant_id != self._host.assistant_id:
            return
        own = self._dreaming is not None
        if phase == DreamPhase.FINISHED:
            if not own and self.external_day is not None:
                self.external_day = None
                if status == FAILED:  # walkthrough F2: kept until dismissed; Retry is a manual run
                    self._host.show_status("")
                    line, details = failure_texts(DreamRun.SCHEDULED, day, event.why, event.message, self._zone())
                    self._host.show_failure(line, details, lambda: self.dream_over(date.fromisoformat(day)),
                                            fault_provider(event.why))
                    self._host.offer_summarizer_choice(model_fixes(event.why))
                    self._host.offer_model_card(card_fixes(event.why))
                elif (proposed := proposed_lines(event.why) if event.why is not None else None) is not None:
                    line = proposed[0]
                    self._host.show_status(lambda: fill(translate("MemoryPage", "Scheduled dream: %1"), line()), 15000,
                                           until_reviewed=True, note=proposed[1], quiet=True)
                else:  # one line that moves no card and times out (walk56 #10)
                    self._host.show_status(fill(translate("MemoryPage", "Scheduled dream: %1"),
                                                outcome_text(status, message)), 15000,
                                           until_reviewed=status == PROPOSED, quiet=True)
            self._host.sync()
            self._host.schedule_reload()
            return
        if not own:
            self.external_day = day
        text = phase_text(phase, day)
        if text is not None:
            self._host.show_status(text, 0, quiet=not own)
        self._host.sync()
