"""The memory dream and dynamic memory of an assistant (DRM-2 … DRM-16, REF-8 … REF-17).

- **Schedule** (DRM-2, REF-17): Off / Daily / Weekly at a UTC time (and weekday), stored
  on the assistant. :meth:`DreamService.run_due` runs the latest due slot of every
  assistant whose memory is on; a slot missed while the app was closed is caught up
  once (DRM-6). Each scheduled run first *claims* its (assistant, period stamp) row in
  ``dream_run`` — an insert guarded by a unique constraint, or a conditional update of
  a failed or dead attempt — so a day is dreamt at most once even with two processes
  on one database. A failed attempt retries with back-off (REF-17). A claimed run
  heart-beats while it runs (every :data:`HEARTBEAT_EVERY`, ``CHATHUB_DREAM_HEARTBEAT_S``);
  one silent for 8 heartbeats (2 minutes) stopped without finishing (its process was
  killed) and the next due check takes it over and says so (issue 10). The claims,
  heartbeats and recorded outcomes are
  :class:`~chathub_desktop.services.dream.dream_run_ledger.ScheduledRuns`.
- **A run for history day D** (DRM-3/4/14/16, REF-17) reads the assistant's topics with
  user/assistant messages on D (at most 30, most recent first): the compaction
  summary when there is one, else a 1,200-character excerpt of D's messages. It never
  writes to topics. One History Compress call returns a card body or ``NO_CHANGES``;
  a day that already has a card makes no call; a near-duplicate of a card or of a
  fixed entry is not appended. The prompt fits that model's window, fixed memory and
  the cards shown as already known, newest topics first; the outcome says how many
  topics were left out (:mod:`~chathub_desktop.services.dream.dream_calls`).
- **Caps** (DRM-13): every write of the document (edit, delete, clear, Keep N, a run's
  commit, regenerate, restore) stores it within the per-card and document caps.
- **Retention** (DRM-7, DRM-9, REF-10 … REF-12): with more single-day cards than
  Keep N, the oldest extra ones fold into the range card: a re-summary under
  6,400 characters, at most one "shorter" rewrite, else the concatenation fallback.
  Saving Keep N folds by concatenation only, in the same transaction as the setting.
- **Cards** (DRM-8, DRM-15): list, edit, delete, clear, regenerate one day's card,
  Copy, and Restore the one previous version (every change keeps the version before);
  the reads and edits live in :class:`~chathub_desktop.services.dream.dream_cards.DreamCards`.

Document writes are one ``Database.write()`` each: the store's write lock is taken
first and the document is re-read inside it, so concurrent writers (another window, a
``dream`` command, a scheduled run) serialize and nothing is lost (issue 10). Editors
pass the version token of the document they showed; a save over a newer document
raises :class:`StaleDocument`. Model calls run outside transactions. Times are aware UTC; days are UTC days.
Assistants are referenced by id or name; errors are :class:`InvalidInput` /
:class:`NotFound` with one-line messages and write nothing.
"""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta

from chathub_desktop.core import dream_prompt as dp
from chathub_desktop.core import dynamic_memory as dm
from chathub_desktop.core import fixed_memory as fm
from chathub_desktop.core.clock import utcnow
from chathub_desktop.core.document_version import document_version
from chathub_desktop.core.dream_schedule import (
    CatchUpWill,
    DreamPhase,
    DreamStatus,
    Schedule,
    Slot,
    is_due,
    latest_slot,
    next_slot,
)
from chathub_desktop.core.memory_actions import ActionKind, ChangeAction
from chathub_desktop.core.memory_authors import ChangeAuthor
from chathub_desktop.core.reasons import QT_TRANSLATE_NOOP, Day, Reason
from chathub_desktop.core.secret_redaction import Redaction
from chathub_desktop.core.summarizer_problem import SummarizerProblem
from chathub_desktop.core.topic_titles import plain_title
from chathub_desktop.providers.catalog import ModelCatalog
from chathub_desktop.services.assistants.assistant_service import AssistantService
from chathub_desktop.services.assistants.settings_service import SettingsService
from chathub_desktop.services.compaction.summarizer import (
    Summarizer,
    SummarizerFailed,
    SummarizerUnavailable,
    for_assistant,
    resolve_summarizer,
)
from chathub_desktop.services.dream import dream_calls as calls
from chathub_desktop.services.dream.dream_cards import CardsSnapshot as CardsSnapshot
from chathub_desktop.services.dream.dream_cards import CardView as CardView
from chathub_desktop.services.dream.dream_cards import DreamCards, RegenDraft
from chathub_desktop.services.dream.dream_days import ActiveDay, active_days, read_titles_notes
from chathub_desktop.services.dream.dream_reasons import (
    DreamReason,
    day_reason,
    fold_note,
    redacted_note,
)
from chathub_desktop.services.dream.dream_review import DreamReview
from chathub_desktop.services.dream.dream_run_ledger import HEARTBEAT_ENV as HEARTBEAT_ENV
from chathub_desktop.services.dream.dream_run_ledger import LastRun as LastRun
from chathub_desktop.services.dream.dream_run_ledger import ScheduledRuns, heartbeat_from_env
from chathub_desktop.services.dream.proposal_plan import covered, covered_reason, with_day_card
from chathub_desktop.services.errors import InvalidInput, NotFound, StaleDocument, refused
from chathub_desktop.services.events import DreamProgress, EventBus, SettingsChanged
from chathub_desktop.services.memory.secret_scan import redact_secrets
from chathub_desktop.services.providers.provider_service import ProviderService
from chathub_desktop.storage.assistant_rows import AssistantRecord, update_assistant
from chathub_desktop.storage.compaction_state import compaction_state
from chathub_desktop.storage.database import Database
from chathub_desktop.storage.dream_rows import (
    day_excerpt_rows,
    day_proposal,
    day_topics,
    latest_scheduled_run,
)
from chathub_desktop.storage.memory_change_queries import dynamic_row
from chathub_desktop.storage.memory_history import Author, authored
from chathub_desktop.storage.session import Session

log = logging.getLogger(__name__)

#: Messages of one topic's history day read for its excerpt (newest first).
EXCERPT_ROWS = 200

#: ``DreamOutcome.status`` values (:class:`~chathub_desktop.core.dream_schedule.DreamStatus`).
APPENDED, NOTHING, DUPLICATE, EXISTS = DreamStatus.APPENDED, DreamStatus.NOTHING, DreamStatus.DUPLICATE, DreamStatus.EXISTS
REGENERATED, FAILED, PROPOSED = DreamStatus.REGENERATED, DreamStatus.FAILED, DreamStatus.PROPOSED


@dataclass(frozen=True)
class DreamOutcome:
    """The result of one run: ``status`` (module constants), the ``history_day``, the
    card number appended or regenerated, how it folded (``fold``, None without a fold), ``topics_left_out`` (newest topics are read first; the message says how many
    did not fit) and a one-line ``message`` for the user."""

    assistant_id: int
    history_day: date
    status: DreamStatus
    message: str
    card_number: int | None = None
    fold: dm.FoldMethod | None = None
    #: Topics active on the day that did not fit the History Compress model's window.
    topics_left_out: int = 0
    #: Titles of the topics the dream read, newest activity first (issue 14).
    topics_read: tuple[str, ...] = ()
    #: Set when no History Compress model can run (issue 28: the panel offers the choice).
    summarizer_problem: SummarizerProblem | None = None
    #: ``message`` as a typed reason the window says in its language (issue 27); None:
    #: a reason only the provider or the model words (shown as ``message``).
    why: Reason | None = None


def _outcome(aid: int, day: date, status: DreamStatus, why: Reason, card_number: int | None = None,
             fold: dm.FoldMethod | None = None, topics_left_out: int = 0, topics_read: tuple[str, ...] = ()) -> DreamOutcome:
    """A :class:`DreamOutcome` whose ``message`` is ``why``'s English (issue 27)."""
    return DreamOutcome(aid, day, status, why.english(), card_number, fold, topics_left_out, topics_read, why=why)


def _failed(aid: int, day: date, exc: SummarizerFailed) -> DreamOutcome:
    """A failed run's outcome: the summarizer's typed reason when it has one."""
    return DreamOutcome(aid, day, FAILED, str(exc), why=exc.why)


@dataclass(frozen=True)
class _DaySnapshot:
    """What drafting a card for ``day`` reads, in one read transaction (issue 31): the
    assistant (id, name, Keep N, whether dream ``review`` is on), its cards and fixed
    entries (``cards`` parsed from the document whose version token is ``version``), the
    proposal already ``pending`` for that day, and the day's ``materials`` (read only for
    a finished day with neither a card nor a proposal, else empty)."""

    assistant_id: int
    name: str
    keep: int
    review: bool
    cards: list[dm.Card]
    version: str
    fixed: list[fm.Entry]
    pending: int | None
    materials: list[dp.TopicMaterial]


@dataclass(frozen=True)
class DreamDraft:
    """A dream over ``history_day`` that ran but wrote nothing yet (issue 18): the new
    card's ``body`` (secrets redacted, ``red`` says which), Keep N, the fold ``plan`` and
    its ``fold`` (range body, how) when one is needed, the run's note on what it
    ``read``, topics left out and read, and whether dream ``review`` is on (then the
    commit stores a proposal, issue 19).

    ``before`` are the cards the draft was made on and ``version`` that document's
    version token (issue 31: the fold is planned once, on that document; the preview
    shows that plan and the commit applies it while the document is still that one)."""

    assistant_id: int
    history_day: date
    body: str
    keep: int
    plan: dm.FoldPlan | None
    fold: tuple[str, dm.FoldMethod] | None
    red: Redaction
    read: tuple[Reason, ...]
    topics_left_out: int
    topics_read: tuple[str, ...]
    review: bool
    assistant_name: str
    before: tuple[dm.Card, ...]
    version: str
    #: The card mostly repeats itself (walk50 #2): the preview warns and offers Discard
    #: first; a headless run (scheduled, ``run_day``) does not append it.
    degenerate: bool = False

    @property
    def fold_body(self) -> str | None:
        """The range card's body the fold will store, None without a fold."""
        return None if self.fold is None else self.fold[0]


@dataclass(frozen=True)
class DreamSettingsView:
    """An assistant's dream settings: the :class:`Schedule`, Keep N, the latest
    scheduled run, the next slot (UTC), whether a previous version can be restored, and
    the day of a run due now."""

    assistant_id: int
    schedule: Schedule
    keep: int
    last_run: LastRun | None
    next_at: datetime | None
    can_restore: bool
    #: The history day of a scheduled run that is due now (a catch-up or a retry whose
    #: time has come), None when nothing is due; always None while memory is off.
    due_day: date | None = None


@dataclass(frozen=True)
class CatchUp:
    """The catch-up a save would run at once (DRM-6): its ``slot`` and what it ``will``
    do with the slot's history day (issue 30, walk55b #1: the form promised a dream over
    a day that already had a card)."""

    slot: Slot
    will: CatchUpWill


def _materials_in(s: Session, aid: int, day: date) -> list[dp.TopicMaterial]:
    """:meth:`DreamService.materials` of assistant ``aid`` inside session ``s``."""
    start, end = _day_bounds(day)
    out: list[dp.TopicMaterial] = []
    for topic_id, title in day_topics(s, aid, start, end, dp.MAX_TOPICS):
        comp = compaction_state(s, topic_id)
        if comp is not None and comp.summary.strip():
            out.append(dp.TopicMaterial(title, summary=comp.summary.strip()))
            continue
        excerpt = dp.day_excerpt(day_excerpt_rows(s, topic_id, start, end, EXCERPT_ROWS))
        if excerpt:
            out.append(dp.TopicMaterial(title, excerpt=excerpt))
    return out


def _day_bounds(day: date) -> tuple[datetime, datetime]:
    start = datetime.combine(day, time(0, tzinfo=UTC))
    return start, start + timedelta(days=1)


def _covering(cards: Sequence[dm.Card], day: date) -> Reason | None:
    """Why ``day`` cannot get a new card: it has one, or it is on or before the end of
    the range card (folded days stay folded; an older day would reorder the range) —
    :func:`~chathub_desktop.services.dream.proposal_plan.covered`, the one rule every
    writer asks (walk56 #12), in words."""
    cover = covered(cards, day)
    return None if cover is None else covered_reason(cover, day)


def dynamic_entries(document: str) -> list[fm.Entry]:
    """The cards of a stored dynamic document as numbered entries with their visible
    text, for searchMemory (REF-3: dream cards are searched too)."""
    return [fm.Entry(i, dm.visible_body(c)) for i, c in enumerate(dm.parse_document(document), 1)]


def dynamic_text(document: str) -> str:
    """What the model is shown of a stored dynamic document: the cards' visible text,
    never framing lines (MEM-6, DRM-10)."""
    return dm.copy_text(dm.parse_document(document))


class DreamService(DreamCards, ScheduledRuns):
    """Dream schedule, runs and dynamic-memory cards (see the module docstring).

    ``clock`` returns the current aware UTC time (tests pass a fixed one).
    """

    def __init__(self, db: Database, bus: EventBus, providers: ProviderService, catalog: ModelCatalog,
                 settings: SettingsService, *, clock: Callable[[], datetime] = utcnow,
                 heartbeat: timedelta | None = None) -> None:
        self._db = db
        self._bus = bus
        self._providers = providers
        self._catalog = catalog
        self._settings = settings
        self._clock = clock
        #: Time between heartbeats of a claimed run; 8 missed ones make it stale.
        self.heartbeat = heartbeat if heartbeat is not None else heartbeat_from_env()
        self.stale_after = 8 * self.heartbeat
        #: Dream review (issue 19): proposals waiting for accept or discard.
        self.review = DreamReview(self)

    # --- settings --------------------------------------------------------------------

    def settings(self, assistant: int | str) -> DreamSettingsView:
        """The assistant's schedule, Keep N, last scheduled run and next slot (DRM-2, DRM-5)."""
        with self._db.read() as s:
            a = AssistantService.row(s, assistant)
            schedule = Schedule(a.dream_frequency, a.dream_time_utc, a.dream_weekday)
            run = latest_scheduled_run(s, a.id)
            now = self._clock()
            last = None if run is None else self._last_run(run, now)
            nxt = next_slot(schedule, now) if a.memory_enabled else None
            row = dynamic_row(s, a.id)
            can_restore = row is not None and row.backup_body is not None and row.backup_body != row.body
            slot = latest_slot(schedule, now) if a.memory_enabled else None
            due_day = slot.history_day if slot is not None and is_due(
                slot, self._state(s, a.id, slot), now, self.stale_after, since=a.created_at) else None
            return DreamSettingsView(a.id, schedule, a.keep_dream_cards, last,
                                     nxt.fire_at if nxt else None, can_restore, due_day)

    def catch_up_on_save(self, assistant: int | str, frequency: str, time_utc: str, weekday: int = 0) -> CatchUp | None:
        """The run a save of this schedule would make at once (its latest slot has no run
        yet: the catch-up of DRM-6) and what it would do with its day — dream, or add
        nothing as the day has a card, a proposal or no messages (DRM-4; walk55b #1) —
        None when nothing would run now or memory is off. Issue 30: the form says so
        before Save. Reads the store (call it off the GUI thread). Raises
        :class:`InvalidInput` like :meth:`set_schedule`."""
        try:
            schedule = Schedule(frequency, time_utc, weekday)
        except ValueError as exc:
            raise InvalidInput(refused(exc)) from exc
        with self._db.read() as s:
            a = AssistantService.row(s, assistant)
            if not a.memory_enabled:
                return None
            now = self._clock()
            slot = latest_slot(schedule, now)
            state = self._state(s, a.id, slot) if slot else None
            if slot is None or not is_due(slot, state, now, self.stale_after, since=a.created_at):
                return None
            day = slot.history_day
            if _covering(dm.parse_document(self._body(s, a.id)), day) is not None:
                return CatchUp(slot, CatchUpWill.HAS_CARD)
            if day_proposal(s, a.id, day) is not None:
                return CatchUp(slot, CatchUpWill.WAITS_REVIEW)
            return CatchUp(slot, CatchUpWill.DREAMS if _materials_in(s, a.id, day) else CatchUpWill.NO_MESSAGES)

    def set_schedule(self, assistant: int | str, frequency: str, time_utc: str, weekday: int = 0) -> DreamSettingsView:
        """Store the schedule (DRM-2) and publish :class:`SettingsChanged`. Raises :class:`InvalidInput` for an unknown
        frequency, a time that is not ``HH:MM`` or a weekday outside 0–6."""
        try:
            schedule = Schedule(frequency.strip().lower(), time_utc.strip(), int(weekday))
        except ValueError as exc:
            raise InvalidInput(refused(exc)) from None
        with self._db.write() as s:
            a = AssistantService.row(s, assistant)
            update_assistant(s, a.id, {"dream_frequency": schedule.frequency.value, "dream_time_utc": schedule.time_utc,
                                       "dream_weekday": schedule.weekday})
            aid = a.id
        self._bus.publish(SettingsChanged())  # the dream timers sleep until the next slot: wake them
        return self.settings(aid)

    def set_keep(self, assistant: int | str, keep: int, *, version: str | None = None) -> DreamSettingsView:
        """Store Keep N and apply retention in the same transaction (DRM-7): extra
        single-day cards fold into the range card by concatenation (no model call; the
        next dream may re-summarize). ``version``: the token of the document the fold's
        preview showed (issue 18); a newer one raises :class:`StaleDocument` and writes
        nothing. Raises :class:`InvalidInput` outside 1–90."""
        if not dm.KEEP_MIN <= keep <= dm.KEEP_MAX:
            raise InvalidInput(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "keep dream cards must be %1–%2, not %3"),
                                      (str(dm.KEEP_MIN), str(dm.KEEP_MAX), str(keep))))
        with self._db.write() as s:
            a = AssistantService.row(s, assistant)
            if version is not None and document_version(self._body(s, a.id)) != version:
                raise StaleDocument()
            update_assistant(s, a.id, {"keep_dream_cards": keep})
            authored(s, Author(ChangeAuthor.OWNER, None, ChangeAction(ActionKind.SET_KEEP, (str(keep),)).english()))
            cards = dm.apply_retention(dm.parse_document(self._body(s, a.id)), keep)
            changed, _cards = self._store(s, a.id, cards, keep)
            aid = a.id
        if changed:
            self._changed(aid)
        return self.settings(aid)

    # --- reading a day ---------------------------------------------------------------

    def materials(self, assistant: int | str, day: date) -> list[dp.TopicMaterial]:
        """What history day ``day`` gives the dream (DRM-3, REF-17): per topic with
        user/assistant messages on that UTC day (at most 30, latest activity first) its
        compaction summary, else an excerpt of that day's messages. Private topics are
        never read (issue 19). Read-only (DRM-16)."""
        with self._db.read() as s:
            return _materials_in(s, AssistantService.row(s, assistant).id, day)

    def active_days(self, assistant: int | str, limit: int = 60, *, include_today: bool = False) -> list[ActiveDay]:
        """The finished UTC days with activity Dream now offers, newest first, and with
        ``include_today`` today's too, not ``finished``
        (:func:`~chathub_desktop.services.dream.dream_days.active_days`, issue 14)."""
        return active_days(self._db, assistant, self._clock().date(), limit, include_today=include_today)

    # --- runs ------------------------------------------------------------------------

    def _summarizer(self, assistant_id: int) -> Summarizer:
        """The History Compress model, asked in assistant ``assistant_id``'s card
        language when it sets one (issue 27). Raises ``SummarizerUnavailable``."""
        target = resolve_summarizer(self._db, self._settings, self._catalog)
        with self._db.read() as s:
            language = AssistantService.row(s, assistant_id).card_language
        return Summarizer(self._providers, for_assistant(target, language))

    def _progress(self, aid: int, day: date, phase: DreamPhase, status: DreamStatus | None = None,
                  message: str = "", why: Reason | None = None) -> None:
        self._bus.publish(DreamProgress(aid, day.isoformat(), phase, status, message, why))

    async def run_day(self, assistant: int | str, day: date, *, version: str | None = None) -> DreamOutcome:
        """Dream over history day ``day`` now (not as a scheduled run): append the new
        card, fold by Keep N, store both in one transaction. Returns the outcome; raises
        :class:`NotFound` for an unknown assistant and :class:`InvalidInput` when its
        memory is off (MEM-1). ``version``: the token of the document the fold's preview
        showed (issue 18); a newer one raises :class:`StaleDocument` before the model is
        called. ``asyncio.CancelledError`` passes through (Stop) and nothing is written.
        A card that mostly repeats itself is not appended: the run fails with that hint
        (walk50 #2; DRM-5 retries it at the next cycle).
        Store reads and writes run on the store's workers. The headless form of
        :meth:`draft_day` followed by :meth:`commit_draft`."""
        if version is not None and document_version(await self._db.run(self.document, assistant)) != version:
            raise StaleDocument()
        draft = await self.draft_day(assistant, day)
        if isinstance(draft, DreamOutcome):
            return draft
        if draft.degenerate:  # walk50 #2: no one reviews it here, so it is not appended (as DRM-14)
            return self._finish(_outcome(draft.assistant_id, day, FAILED,
                                         day_reason(DreamReason.DEGENERATE, day).with_notes(*draft.read),
                                         topics_left_out=draft.topics_left_out, topics_read=draft.topics_read))
        return await self.commit_draft(draft)

    async def draft_day(self, assistant: int | str, day: date) -> DreamOutcome | DreamDraft:
        """Everything of :meth:`run_day` but the write (issue 18 "Dream now asks with a
        preview"): the model's card for ``day`` (secrets redacted) and the fold it needs,
        as a :class:`DreamDraft` to show and then :meth:`commit_draft` or
        :meth:`discard_draft`; or the finished outcome when there is nothing to add
        (``exists``, ``nothing``, ``duplicate``, ``failed``). Writes nothing; raises as
        :meth:`run_day`."""
        snap = await self._db.run(self._day_snapshot, assistant, day)
        aid, name, keep, cards, fixed = snap.assistant_id, snap.name, snap.keep, snap.cards, snap.fixed
        if day >= self._clock().date():
            raise InvalidInput(day_reason(DreamReason.NOT_OVER, day))
        self._progress(aid, day, DreamPhase.STARTED)
        covered = _covering(cards, day)
        if covered is not None:
            return self._finish(_outcome(aid, day, EXISTS, covered))
        if snap.pending is not None:  # issue 19: that day's card waits for review
            return self._finish(_outcome(aid, day, EXISTS, day_reason(DreamReason.WAITS_REVIEW, day, str(snap.pending))))
        self._progress(aid, day, DreamPhase.READING)
        materials = snap.materials
        if not materials:
            return self._finish(_outcome(aid, day, NOTHING, day_reason(DreamReason.NO_TOPICS, day)))
        try:
            summarizer = await self._db.run(self._summarizer, aid)
            self._progress(aid, day, DreamPhase.DREAMING)
            answer = await calls.new_card_body(summarizer, name, day, materials, cards, fixed)
        except SummarizerUnavailable as exc:
            return self._finish(DreamOutcome(aid, day, FAILED, str(exc), summarizer_problem=exc.problem))
        except SummarizerFailed as exc:
            return self._finish(_failed(aid, day, exc))
        titles = tuple(plain_title(m.title) for m in materials[:answer.prompt.topics_shown])
        read = answer.read_note() + read_titles_notes(titles)
        left_out = answer.prompt.topics_left_out
        body = answer.body
        if body is None:
            return self._finish(_outcome(aid, day, NOTHING, day_reason(DreamReason.NOTHING_NEW, day).with_notes(*read),
                                         topics_left_out=left_out, topics_read=titles))
        repeated = dm.near_duplicate_of(body, cards, [e.text for e in fixed])
        if repeated is not None:  # DRM-14: not appended; a scheduled run still records its marker
            return self._finish(_outcome(aid, day, DUPLICATE,
                                         day_reason(DreamReason.REPEATED, day, repeated.place_reason()).with_notes(*read),
                                         topics_left_out=left_out, topics_read=titles))
        red = await self._db.run(redact_secrets, body)  # issue 19: no secret becomes a card
        body = red.text
        grown = dm.append_day_card(cards, day, body)
        plan = dm.plan_retention(grown, keep)
        fold: tuple[str, dm.FoldMethod] | None = None
        if plan is not None:
            self._progress(aid, day, DreamPhase.FOLDING)
            fold = await calls.fold_body(summarizer, plan)
            folded = await self._db.run(redact_secrets, fold[0])
            fold = (folded.text, fold[1])
            red = Redaction(body, red.kinds + folded.kinds)
        return DreamDraft(aid, day, body, keep, plan, fold, red, read, left_out, titles, snap.review, name,
                          tuple(cards), snap.version, answer.degenerate)

    async def commit_draft(self, draft: DreamDraft, *, version: str | None = None) -> DreamOutcome:
        """Write ``draft`` (from :meth:`draft_day`): its card and fold in one write
        transaction (or, with dream review on, as a proposal, issue 19). ``version``: the
        token of the document the user's preview showed; checked under the write lock, a
        newer document raises :class:`StaleDocument` and writes nothing (issue 18)."""
        aid, day, body, fold = draft.assistant_id, draft.history_day, draft.body, draft.fold
        if draft.review:  # issue 19: applied only when accepted
            return self._finish(await self.review.propose_run(aid, day, body, draft.plan, fold, draft.red,
                                                              draft.read, draft.topics_left_out))
        try:
            written, number = await asyncio.shield(self._db.run(self._commit_card, aid, day, body, draft.keep,
                                                                draft.plan, fold, version, draft.version))
        except StaleDocument as exc:
            self._finish(_outcome(aid, day, NOTHING, day_reason(DreamReason.NOT_WRITTEN, day, exc.why or str(exc))))
            raise
        if not written:
            return self._finish(_outcome(aid, day, EXISTS, day_reason(DreamReason.GOT_CARD_MEANWHILE, day)))
        how = (() if fold is None else (fold_note(fold[1]),)) + draft.read
        if len(body.strip()) > dm.SINGLE_CARD_MAX:
            how += (Reason(DreamReason.CARD_SHORTENED, (f"{len(body.strip()):,}", f"{dm.SINGLE_CARD_MAX:,}")),)
        self._redacted(aid, draft.red)
        how += redacted_note(draft.red)
        added = Reason(DreamReason.ADDED, ("" if number is None else str(number), Day(day)), how)
        return self._finish(_outcome(aid, day, APPENDED, added, number, None if fold is None else fold[1],
                                     draft.topics_left_out, draft.topics_read))

    def discard_draft(self, draft: DreamDraft) -> DreamOutcome:
        """The user cancelled ``draft``'s preview: nothing is written; the run ends."""
        return self._finish(_outcome(draft.assistant_id, draft.history_day, NOTHING,
                                     day_reason(DreamReason.CANCELLED, draft.history_day)))

    def _dream_state(self, assistant: int | str) -> tuple[int, str, int, list[dm.Card], list[fm.Entry]]:
        """``(assistant id, name, Keep N, current cards, fixed entries)``; :class:`InvalidInput`
        when its memory is off (MEM-1), :class:`NotFound` for an unknown assistant."""
        with self._db.read() as s:
            a = AssistantService.row(s, assistant)
            if not a.memory_enabled:
                raise InvalidInput(Reason(DreamReason.MEMORY_OFF, (a.name,)))
            return (a.id, a.name, a.keep_dream_cards, dm.parse_document(self._body(s, a.id)),
                    calls.fixed_entries(s, a.id))

    def _day_snapshot(self, assistant: int | str, day: date) -> _DaySnapshot:
        """Everything :meth:`draft_day` reads for ``day``, in one read transaction (a
        card, a proposal or a topic written meanwhile cannot mix two states). Raises as
        :meth:`_dream_state`."""
        with self._db.read() as s:
            a = self._dreaming(s, assistant)
            body = self._body(s, a.id)
            cards = dm.parse_document(body)
            pending = day_proposal(s, a.id, day)
            to_read = day < self._clock().date() and _covering(cards, day) is None and pending is None
            return _DaySnapshot(a.id, a.name, a.keep_dream_cards, bool(a.dream_review), cards,
                                document_version(body), calls.fixed_entries(s, a.id), pending,
                                _materials_in(s, a.id, day) if to_read else [])

    @staticmethod
    def _dreaming(s: Session, assistant: int | str) -> AssistantRecord:
        a = AssistantService.row(s, assistant)
        if not a.memory_enabled:
            raise InvalidInput(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "memory is off for %1; turn it on (Assistant "
                                                                          "→ Memory) to dream"), (a.name,)))
        return a

    def _commit_card(self, aid: int, day: date, body: str, keep: int, plan: dm.FoldPlan | None,
                     fold: tuple[str, dm.FoldMethod] | None, version: str | None = None,
                     planned_on: str | None = None) -> tuple[bool, int | None]:
        """Append and fold in one transaction. The document is re-read under the write lock; if
        the user changed it meanwhile, the card goes onto the new text and a fold that
        no longer matches falls back to concatenation. Returns whether the card was
        written — not when the day got a card (or the range card reached it) meanwhile —
        and its number (None: Keep N folded it straight into the range card; walk56 #12's
        sibling: that was said as "got a dream card meanwhile").
        ``version`` given and not the stored document's: :class:`StaleDocument`.
        ``planned_on``: as :meth:`commit_card_in`."""
        with self._db.write() as s:
            body_now = self._body(s, aid)
            if version is not None and document_version(body_now) != version:
                raise StaleDocument()
            if covered(dm.parse_document(body_now), day) is not None:
                return False, None
            number = self.commit_card_in(s, aid, day, body, keep, plan, fold, planned_on)
        self._changed(aid)
        return True, number

    def commit_card_in(self, s: Session, aid: int, day: date, body: str, keep: int,
                       plan: dm.FoldPlan | None, fold: tuple[str, dm.FoldMethod] | None,
                       planned_on: str | None = None, *, accepted: bool = False) -> int | None:
        """:meth:`_commit_card` inside the caller's write transaction ``s`` (the caller
        publishes the change); returns the new card's number, None when the day is covered
        (:func:`~chathub_desktop.services.dream.proposal_plan.covered`; nothing written) or
        Keep N folded the new card straight into the range card.
        ``planned_on``: the version token of the document ``plan`` was made on (with
        ``keep``); while the stored document is still that one the plan is applied as it
        is (issue 31: planned once), else the fold is planned again on the stored text.
        ``accepted``: the user accepted the dream's proposal — the history credits them
        ("You accepted the dream's card for 30 Nov 2026", walk55 #3), not the dream."""
        stored = self._body(s, aid)
        cards = dm.parse_document(stored)
        if _covering(cards, day) is not None:
            return None
        one, folding = ((ActionKind.ACCEPTED_CARD, ActionKind.ACCEPTED_CARD_FOLDED) if accepted
                        else (ActionKind.ADDED_CARD, ActionKind.ADDED_CARD_FOLDED))
        added = (ChangeAction(one, (day.isoformat(),)) if plan is None else
                 ChangeAction(folding, (day.isoformat(), str(len(plan.folded)))))
        authored(s, Author(ChangeAuthor.OWNER, None, added.english()) if accepted
                 else Author(ChangeAuthor.DREAM, day.isoformat(), added.english()))
        current = planned_on is not None and document_version(stored) == planned_on
        cards, _now_plan = with_day_card(cards, day, body, keep, plan, fold, current)
        _changed, cards = self._store(s, aid, cards, keep)
        return next((i for i, c in enumerate(cards, 1) if c.day == day), None)

    def _finish(self, outcome: DreamOutcome) -> DreamOutcome:
        self._progress(outcome.assistant_id, outcome.history_day, DreamPhase.FINISHED, outcome.status,
                       outcome.message, outcome.why)
        log.info("dream %s for assistant %s day %s: %s", outcome.status, outcome.assistant_id,
                 outcome.history_day, outcome.message)
        return outcome

    async def regenerate(self, assistant: int | str, number: int) -> DreamOutcome:
        """Re-run the dream for single-day card ``number``'s day and replace that card's
        body (the CLI: :meth:`draft_regenerate` then :meth:`commit_regenerate`). A new
        card that mostly repeats itself replaces nothing: no one reviews it here, so the
        run fails with that hint and the old card stays (walk50 #2, as :meth:`run_day`)."""
        got = await self.draft_regenerate(assistant, number)
        if isinstance(got, DreamOutcome):
            return got
        if got.degenerate:
            return self._finish(_outcome(got.assistant_id, got.history_day, FAILED,
                                         day_reason(DreamReason.DEGENERATE_KEPT, got.history_day, str(number))))
        return await self.commit_regenerate(got)

    async def draft_regenerate(self, assistant: int | str, number: int) -> DreamOutcome | RegenDraft:
        """Re-run the dream for single-day card ``number``'s day without writing (DRM-8,
        REF-17; issue 28: the window shows the new card beside the old one first): a
        :class:`RegenDraft`, or the outcome when there is no new card (``nothing``;
        ``failed``, e.g. an answer that echoes the prompt — the old card stays). Raises
        :class:`NotFound` for a missing card, :class:`InvalidInput` for a range or legacy card."""
        aid, name, _keep, cards, fixed = await self._db.run(self._dream_state, assistant)  # store work off the loop
        card = cards[self._index(cards, number)]
        if not card.regenerable or card.day is None:
            raise InvalidInput(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "card #%1 [%2] covers no single day and "
                                                                          "cannot be regenerated"),
                                      (str(number), card.display_tag)))
        day = card.day
        self._progress(aid, day, DreamPhase.STARTED)
        materials = await self._db.run(self.materials, aid, day)
        if not materials:
            return self._finish(_outcome(aid, day, NOTHING, day_reason(DreamReason.NO_TOPICS_ANY_MORE, day)))
        others = [c for c in cards if c is not card]
        try:
            summarizer = await self._db.run(self._summarizer, aid)
            self._progress(aid, day, DreamPhase.DREAMING)
            answer = await calls.new_card_body(summarizer, name, day, materials, others, fixed)
        except SummarizerUnavailable as exc:
            return self._finish(DreamOutcome(aid, day, FAILED, str(exc), summarizer_problem=exc.problem))
        except SummarizerFailed as exc:
            return self._finish(_failed(aid, day, exc))
        body = answer.body
        if body is None:
            return self._finish(_outcome(aid, day, NOTHING, day_reason(DreamReason.NOTHING_NEW_KEPT, day, str(number))))
        red = await self._db.run(redact_secrets, body)  # issue 19
        return RegenDraft(aid, day, number, dm.visible_body(card), red.text, red, answer.degenerate)

    async def commit_regenerate(self, draft: RegenDraft) -> DreamOutcome:
        """Replace the card of ``draft``'s day with its new body, in one write transaction,
        while that card still shows the text the preview showed beside it; else
        :class:`StaleDocument` and nothing is written (issue 10, issue 28)."""
        aid, day, body = draft.assistant_id, draft.history_day, draft.body

        def change(current: list[dm.Card]) -> list[dm.Card]:
            now = next((c for c in current if c.day == day), None)
            if now is None:
                raise NotFound(Reason(QT_TRANSLATE_NOOP(
                    "ServiceReasons", "the card for %1 was deleted meanwhile"), (Day(day),)))
            if dm.visible_body(now) != draft.old:
                raise StaleDocument()
            return dm.replace_day_card(current, day, body)
        views = await asyncio.shield(self._db.run(
            self._edit, aid, change, None,
            Author(ChangeAuthor.DREAM, day.isoformat(), ChangeAction(ActionKind.REGENERATED_CARD, (day.isoformat(),)).english())))
        number = next(v.number for v in views if v.tag == day.isoformat())
        self._redacted(aid, draft.red)
        done = Reason(DreamReason.REGENERATED, (str(number), Day(day)), redacted_note(draft.red))
        return self._finish(_outcome(aid, day, REGENERATED, done, number))

    def keep_old_card(self, draft: RegenDraft) -> DreamOutcome:
        """The user kept the old card over ``draft``'s new one: nothing is written."""
        return self._finish(_outcome(draft.assistant_id, draft.history_day, NOTHING,
                                     day_reason(DreamReason.OLD_CARD_KEPT, draft.history_day, str(draft.number))))

    async def run_due(self, now: datetime | None = None, *, even_if_paused: bool = False) -> list[DreamOutcome]:
        """Run every due slot once (DRM-6): claim it, dream over its history day, record
        the outcome. A failure is recorded with its retry time (REF-17). Cancelling
        (Stop, quitting) records the run as failed, retried after the same back-off, and
        re-raises. Nothing runs while dreams are paused, unless ``even_if_paused``."""
        outcomes: list[DreamOutcome] = []
        for aid, slot in await self._db.run(functools.partial(self.due, now, even_if_paused=even_if_paused)):
            claimed = await self._db.run(self._claim, aid, slot, now)
            if claimed is None:
                continue
            run_id, attempt = claimed
            stop = self._heartbeat(run_id, attempt)
            try:
                outcome = await self.run_day(aid, slot.history_day)
            except asyncio.CancelledError:
                stop.set()
                await asyncio.shield(self._db.run(self._record, run_id, _outcome(
                    aid, slot.history_day, FAILED, Reason(DreamReason.STOPPED)), attempt))
                raise
            except Exception as exc:  # a bug must not leave the run claimed
                log.exception("dream run failed")
                outcome = DreamOutcome(aid, slot.history_day, FAILED, f"unexpected error: {exc}")
            finally:
                stop.set()  # a beat still under way updates nothing once the run is recorded
            await asyncio.shield(self._db.run(self._record, run_id, outcome, attempt))
            outcomes.append(outcome)
        return outcomes
