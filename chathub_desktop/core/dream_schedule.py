"""When the memory dream is due (DRM-2, DRM-3, DRM-5, DRM-6, REF-17). Pure, no I/O.

All times are timezone-aware UTC :class:`~datetime.datetime` values; days are UTC
calendar days (:class:`~datetime.date`).

- A schedule fires Daily at ``HH:MM`` UTC, or Weekly on one weekday (0 = Sunday … 6 =
  Saturday) at ``HH:MM`` UTC. Each firing is a *slot*. A slot's history day is the UTC
  day before the slot fires (Weekly too, DRM-3).
- Only the latest slot at or before *now* is ever due: a slot missed while the app was
  closed is caught up once, older missed slots are not (DRM-6). A slot that fired before
  the assistant existed was not missed and never runs (walk50 #7: a first launch at
  18:45 "caught up" the 02:00 run over the day before the user arrived).
- A slot's period stamp (REF-17) is its history day ``YYYY-MM-DD`` for Daily and the
  ISO week ``YYYY-Www`` of the firing day for Weekly; a scheduled run is unique per
  (assistant, period stamp), which is what makes it happen at most once.
- A failed attempt is retried after ``min(10 min × 2^(attempts − 1), 6 h)`` (REF-17), as
  long as its slot is still the latest one.
- A running attempt heart-beats about every :data:`HEARTBEAT_EVERY`; one whose last
  heartbeat is older than :data:`STALE_HEARTBEAT` stopped without finishing (its process
  was killed or crashed) and is taken over by the next due check (issue 10).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta, tzinfo
from enum import StrEnum

from chathub_desktop.core.reasons import QT_TRANSLATE_NOOP, Reason, ReasonError


class DreamFrequency(StrEnum):
    """How often an assistant dreams (DRM-2); the value is what ``assistant.dream_frequency``
    stores."""

    OFF = "off"
    DAILY = "daily"
    WEEKLY = "weekly"

    @classmethod
    def parse(cls, text: DreamFrequency | str) -> DreamFrequency:
        """The frequency ``text`` names (exact stored value). Raises :class:`ValueError`
        with a one-line reason for any other text."""
        try:
            return cls(text)
        except ValueError:
            raise ReasonError(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "dream frequency must be one of %1, not %2"),
                                     (", ".join(FREQUENCIES), repr(text)))) from None


#: The stored values, in the order the forms offer them.
FREQUENCIES: tuple[str, ...] = tuple(f.value for f in DreamFrequency)
#: Weekday names in the order of the stored number (REF-17: 0 = Sunday).
WEEKDAYS = ("Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday")
DEFAULT_TIME = "02:00"
RETRY_BASE = timedelta(minutes=10)
RETRY_MAX = timedelta(hours=6)
#: A "running" attempt with no heartbeat recorded (written by an older version) that is
#: older than this is taken to have died with its process.
STALE_RUN = timedelta(minutes=30)
#: How often a running attempt records that it is alive.
HEARTBEAT_EVERY = timedelta(seconds=15)
#: A running attempt silent for this long stopped without finishing: 8 missed heartbeats.
STALE_HEARTBEAT = 8 * HEARTBEAT_EVERY

_TIME_RE = re.compile(r"^([01]\d|2[0-3]):([0-5]\d)$")


@dataclass(frozen=True, init=False)
class Schedule:
    """One assistant's dream schedule (DRM-2): ``frequency`` ``off``/``daily``/``weekly``,
    ``time_utc`` ``HH:MM`` (24 h, UTC) and ``weekday`` 0–6 (0 = Sunday; used by Weekly).

    Raises :class:`ValueError` with a one-line reason for an unknown frequency, a time
    that is not ``HH:MM`` or a weekday outside 0–6.
    """

    frequency: DreamFrequency
    time_utc: str
    weekday: int

    def __init__(self, frequency: DreamFrequency | str = DreamFrequency.OFF, time_utc: str = DEFAULT_TIME,
                 weekday: int = 0) -> None:
        # a stored or typed frequency arrives as text: it becomes the enum here, or is refused
        object.__setattr__(self, "frequency", DreamFrequency.parse(frequency))
        object.__setattr__(self, "time_utc", time_utc)
        object.__setattr__(self, "weekday", weekday)
        if not _TIME_RE.match(self.time_utc):
            raise ReasonError(Reason(QT_TRANSLATE_NOOP(
                "ServiceReasons", "dream time must be HH:MM in 24-hour UTC (e.g. 02:00), not %1"),
                (repr(self.time_utc),)))
        if not 0 <= self.weekday <= 6:
            raise ReasonError(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "dream weekday must be 0 (Sunday) to 6 "
                                                                          "(Saturday), not %1"), (str(self.weekday),)))

    @property
    def enabled(self) -> bool:
        """True unless the frequency is ``off``."""
        return self.frequency is not DreamFrequency.OFF

    @property
    def fire_time(self) -> time:
        """The time of day of each slot (UTC)."""
        hours, minutes = self.time_utc.split(":")
        return time(int(hours), int(minutes), tzinfo=UTC)

    def describe(self) -> str:
        """Human text, e.g. ``Daily at 02:00 UTC`` or ``Weekly on Sunday at 02:00 UTC``."""
        if self.frequency is DreamFrequency.DAILY:
            return f"Daily at {self.time_utc} UTC"
        if self.frequency is DreamFrequency.WEEKLY:
            return f"Weekly on {WEEKDAYS[self.weekday]} at {self.time_utc} UTC"
        return "Off"


@dataclass(frozen=True)
class Slot:
    """One firing of a schedule: ``fire_at`` (UTC), the ``history_day`` it reads (the UTC
    day before ``fire_at``) and its ``period_stamp`` (REF-17)."""

    fire_at: datetime
    history_day: date
    period_stamp: str


def period_stamp(frequency: DreamFrequency, fire_day: date) -> str:
    """REF-17: the history day (``YYYY-MM-DD``) for ``daily``, the ISO week of the firing
    day (``YYYY-Www``) for ``weekly``. Raises :class:`ValueError` for ``off``."""
    if frequency == DreamFrequency.DAILY:
        return (fire_day - timedelta(days=1)).isoformat()
    if frequency == DreamFrequency.WEEKLY:
        year, week, _ = fire_day.isocalendar()
        return f"{year}-W{week:02d}"
    raise ValueError("an off schedule has no period")


def _slot(schedule: Schedule, fire_day: date) -> Slot:
    fire_at = datetime.combine(fire_day, schedule.fire_time)
    return Slot(fire_at, fire_day - timedelta(days=1), period_stamp(schedule.frequency, fire_day))


def latest_slot(schedule: Schedule, now: datetime) -> Slot | None:
    """The latest slot at or before ``now`` (aware UTC), or None when the schedule is off.

    Raises :class:`ValueError` for a naive ``now``.
    """
    if now.tzinfo is None:
        raise ValueError("now must be timezone-aware (UTC)")
    if not schedule.enabled:
        return None
    now = now.astimezone(UTC)
    day = now.date()
    if schedule.frequency is DreamFrequency.DAILY:
        fire_day = day if now >= datetime.combine(day, schedule.fire_time) else day - timedelta(days=1)
        return _slot(schedule, fire_day)
    # Python: Monday = 0 … Sunday = 6; ours: Sunday = 0 … Saturday = 6
    back = (day.weekday() + 1 - schedule.weekday) % 7
    fire_day = day - timedelta(days=back)
    if now < datetime.combine(fire_day, schedule.fire_time):
        fire_day -= timedelta(days=7)
    return _slot(schedule, fire_day)


def next_slot(schedule: Schedule, now: datetime) -> Slot | None:
    """The first slot strictly after ``now`` (for "next dream at …" and the timer)."""
    latest = latest_slot(schedule, now)
    if latest is None:
        return None
    step = timedelta(days=1 if schedule.frequency is DreamFrequency.DAILY else 7)
    return _slot(schedule, latest.fire_at.date() + step)


def first_slot_reading(schedule: Schedule, day: date) -> Slot | None:
    """The first slot whose history day is ``day`` or later: when the chats of ``day``
    can first be dreamed by the schedule (walkthrough F1). A card covers one finished UTC
    day (DRM-3: D = the UTC day before the run), so for Daily this fires on the day after
    ``day``; a Weekly slot reads only the day before its weekday, so its history day may
    be later than ``day``. None when the schedule is off."""
    start = datetime.combine(day + timedelta(days=1), time(0, tzinfo=UTC))
    latest = latest_slot(schedule, start)
    if latest is None:
        return None
    return latest if latest.fire_at == start else next_slot(schedule, start)


def local_equivalent(schedule: Schedule, at: datetime, zone: tzinfo, place: str) -> str:
    """The schedule's UTC time beside the user's, for the firing at ``at`` (aware; the
    zone's offset on that day, so a DST change moves it): ``02:00 UTC — 03:00 in Berlin``;
    for Weekly with the weekday when it differs locally (``Sunday 23:30 UTC — Monday 01:30
    in Berlin``). DRM-2, issue 30. Raises :class:`ValueError` for a naive ``at``."""
    if at.tzinfo is None:
        raise ValueError("at must be timezone-aware")
    utc = datetime.combine(at.astimezone(UTC).date(), schedule.fire_time)
    local = utc.astimezone(zone)
    if schedule.frequency is DreamFrequency.WEEKLY:
        utc_day = WEEKDAYS[(utc.weekday() + 1) % 7]
        local_day = WEEKDAYS[(local.weekday() + 1) % 7]
        return f"{utc_day} {utc:%H:%M} UTC — {local_day + ' ' if local_day != utc_day else ''}{local:%H:%M} in {place}"
    return f"{utc:%H:%M} UTC — {local:%H:%M} in {place}"


def zone_place(key: str) -> str:
    """A zone's place for people: ``Europe/Berlin`` → ``Berlin``, ``America/New_York`` →
    ``New York``; ``UTC``/empty → ``UTC``."""
    tail = key.rsplit("/", 1)[-1].replace("_", " ").strip()
    return tail or "UTC"


def retry_delay(attempts: int) -> timedelta:
    """REF-17: wait ``min(10 min × 2^(attempts − 1), 6 h)`` after the ``attempts``-th
    failure (``attempts`` ≥ 1)."""
    n = min(max(1, attempts), 10)  # 10 min × 2^9 is already past the cap
    delay: timedelta = RETRY_BASE * (2 ** (n - 1))
    return min(delay, RETRY_MAX)


class DreamStatus(StrEnum):
    """A dream run's status (DRM-3, DRM-6): ``RUNNING`` while an attempt is under way,
    then how it ended; stored as is in ``dream_run.status``."""

    RUNNING = "running"
    #: A new card was added (maybe with a fold).
    APPENDED = "appended"
    #: No active topic with messages on the day, or the model answered NO_CHANGES.
    NOTHING = "nothing"
    #: The new card paraphrased an existing one; not appended.
    DUPLICATE = "duplicate"
    #: The day already has a card; no model call.
    EXISTS = "exists"
    #: One card's body was replaced.
    REGENERATED = "regenerated"
    #: The model could not be used or failed; retried later (REF-17).
    FAILED = "failed"
    #: Dream review is on: the card waits for accept or discard (issue 19).
    PROPOSED = "proposed"


class DreamPhase(StrEnum):
    """Where a memory dream run is (progress events, DRM-3)."""

    STARTED = "started"
    READING = "reading"
    DREAMING = "dreaming"
    FOLDING = "folding"
    FINISHED = "finished"


@dataclass(frozen=True)
class RunState:
    """What is recorded for one slot's period: ``status`` (``running``, ``failed`` or a
    finished status), ``attempts``, ``started_at``, ``next_retry_at`` and the running
    attempt's last ``heartbeat_at`` (UTC; None for a row written without heartbeats)."""

    status: DreamStatus
    attempts: int
    started_at: datetime
    next_retry_at: datetime | None
    heartbeat_at: datetime | None = None


def last_sign_of_life(state: RunState) -> datetime:
    """When a running attempt was last known alive: its heartbeat, else its start."""
    return state.heartbeat_at or state.started_at


def is_stalled(state: RunState | None, now: datetime, stale_after: timedelta = STALE_HEARTBEAT) -> bool:
    """True when ``state`` is a running attempt that stopped without finishing: its last
    heartbeat is at least ``stale_after`` old (or, with no heartbeat recorded, it started
    :data:`STALE_RUN` ago)."""
    if state is None or state.status != DreamStatus.RUNNING:
        return False
    if state.heartbeat_at is None:
        return now - state.started_at >= STALE_RUN
    return now - state.heartbeat_at >= stale_after


def before_existence(slot: Slot, since: datetime | None, now: datetime) -> bool:
    """True when ``slot`` fired before ``since`` (when the assistant was created, aware):
    nobody was there to miss it, so it is no catch-up (DRM-6: a run *missed while the app
    was closed*). A ``since`` later than ``now`` (a clock set back) says nothing."""
    return since is not None and slot.fire_at < since <= now


def is_due(slot: Slot | None, state: RunState | None, now: datetime,
           stale_after: timedelta = STALE_HEARTBEAT, *, since: datetime | None = None) -> bool:
    """True when ``slot`` should run now: nothing is recorded for its period (and it did
    not fire before ``since``, the assistant's creation: :func:`before_existence`), or its
    last attempt failed and the retry delay has passed, or a running attempt stopped
    without finishing (:func:`is_stalled` with ``stale_after``)."""
    if slot is None:
        return False
    if state is None:
        return not before_existence(slot, since, now)
    if state.status == DreamStatus.FAILED:
        return state.next_retry_at is None or now >= state.next_retry_at
    if state.status == DreamStatus.RUNNING:
        return is_stalled(state, now, stale_after)
    return False


def _clock_text(at: datetime, now: datetime) -> str:
    at = at.astimezone(UTC)
    return f"{at:%H:%M} UTC" if at.date() == now.astimezone(UTC).date() else f"{at:%Y-%m-%d %H:%M} UTC"


class CatchUpWill(StrEnum):
    """What the catch-up a save would run at once does with its history day (issue 30,
    walk55b #1; DRM-4, DRM-6): it ``DREAMS`` (a model call), or it adds nothing because
    the day ``HAS_CARD`` (or lies in the range card), its card ``WAITS_REVIEW`` as a
    proposal, or it has ``NO_MESSAGES``."""

    DREAMS = "dreams"
    HAS_CARD = "has_card"
    WAITS_REVIEW = "waits_review"
    NO_MESSAGES = "no_messages"


class RunNote(StrEnum):
    """What the schedule says of a scheduled attempt beside its status (issue 10): it
    ``STOPPED`` without finishing (its process ended; the next due check retries it), it
    is ``SILENT`` (heartbeats missing; taken over if it stays so), or it ``RETRIED`` one
    that stopped. The window says each in its language (walk55); :func:`stopped_note` and
    :func:`silent_note` are the English of the CLI."""

    STOPPED = "stopped"
    SILENT = "silent"
    RETRIED = "retried"


def silent_note(last_alive: datetime, takeover_at: datetime, now: datetime) -> str:
    """What the schedule says about a running attempt that has missed heartbeats but is
    not yet taken over, e.g. ``no sign of life since 14:02 UTC; taken over from 14:04 UTC
    if it stays silent``."""
    return (f"no sign of life since {_clock_text(last_alive, now)}; taken over from "
            f"{_clock_text(takeover_at, now)} if it stays silent")


def stopped_note(stopped_at: datetime, now: datetime, *, retried: bool) -> str:
    """What the schedule says about an attempt that stopped without finishing at
    ``stopped_at`` (its last heartbeat): ``retried`` when a later attempt took it over,
    e.g. ``the previous run stopped without finishing at 14:02 UTC; retried``."""
    when = _clock_text(stopped_at, now)
    if retried:
        return f"the previous run stopped without finishing at {when}; retried"
    return f"it stopped without finishing at {when} (its process ended); the next due check retries it"
