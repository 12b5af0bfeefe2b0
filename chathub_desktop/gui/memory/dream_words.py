"""The dream schedule's words (DRM-2, DRM-5, issue 30): how the Memory page says a
schedule, a time something runs and the latest scheduled run, in the interface language
and the user's time — the user's time first with UTC beside it for a moment
(:func:`when_words`: "tomorrow at 03:00 in Berlin (02:00 UTC)"), a schedule the other way
round, as stored (:func:`with_local`: "Every day at 02:00 UTC — 03:00 in Berlin"). Plain
functions of their arguments (no widgets), shared by the schedule form
(:mod:`.dream_schedule_form`), the dream runs' lines, the empty card list and the setup
wizard's dream choice."""

from __future__ import annotations

import functools
from datetime import UTC, datetime, tzinfo
from typing import TYPE_CHECKING
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import tzlocal
from PySide6.QtCore import QCoreApplication

from chathub_desktop.core.dream_schedule import (
    DreamFrequency,
    DreamStatus,
    RunNote,
    Schedule,
    zone_place,
)
from chathub_desktop.gui.shell.day_format import format_day, interface_locale
from chathub_desktop.gui.shell.i18n import QT_TRANSLATE_NOOP, fill

if TYPE_CHECKING:
    from chathub_desktop.services.dream.dream_run_ledger import LastRun

translate = QCoreApplication.translate

#: How the latest scheduled run ended (``dream_run.status``), for DRM-5 (translated where shown).
RUN_STATUS_TEXT: dict[DreamStatus, str] = {
    DreamStatus.APPENDED: QT_TRANSLATE_NOOP("MemoryPage", "added a card"),
    DreamStatus.NOTHING: QT_TRANSLATE_NOOP("MemoryPage", "found nothing new"),
    DreamStatus.DUPLICATE: QT_TRANSLATE_NOOP("MemoryPage", "skipped a card that repeated an existing one"),
    DreamStatus.EXISTS: QT_TRANSLATE_NOOP("MemoryPage", "the day already had a card"),
    DreamStatus.FAILED: QT_TRANSLATE_NOOP("MemoryPage", "failed"),
    DreamStatus.RUNNING: QT_TRANSLATE_NOOP("MemoryPage", "running…"),
}




def _as_utc(dt: datetime) -> datetime:
    return dt.replace(tzinfo=UTC) if dt.tzinfo is None else dt.astimezone(UTC)


@functools.cache
def system_zone() -> tuple[tzinfo, str]:
    """The system's time zone and its place (``Europe/Berlin`` → ``Berlin``), from the
    OS's IANA id (``TZ``, then the zone files, through ``tzlocal``); UTC when it has none
    Python knows. Read once per process, on the dream panel's worker (issue 30). Not
    through Qt: ``QTimeZone.systemTimeZoneId`` held the interpreter lock ~4.7 ms (17 ms
    on a cold disk) while the window's thread waited; ``tzlocal`` reads files with it
    released."""
    try:
        key = tzlocal.get_localzone_name() or ""
        return ZoneInfo(key), zone_place(key)
    except (ZoneInfoNotFoundError, ValueError, LookupError, OSError):
        return UTC, "UTC"


def describe_schedule(s: Schedule, at: datetime | None = None, zone: tzinfo = UTC, place: str = "UTC") -> str:
    """``Daily at 02:00 UTC``, ``Weekly on Sunday at 02:00 UTC`` or ``Off``, in the
    interface language (the core's ``Schedule.describe`` stays English for the CLI); with
    the user's time beside it for the firing at ``at`` (aware) when ``place`` is not UTC,
    as the schedule row says it: ``Daily at 02:00 UTC — 03:00 in Berlin`` (DRM-2; walk55:
    the foot's "Saved: …" was UTC only)."""
    if s.frequency is DreamFrequency.DAILY:
        utc = fill(translate("MemoryPage", "Daily at %1 UTC"), s.time_utc)
    elif s.frequency is DreamFrequency.WEEKLY:
        utc = fill(translate("MemoryPage", "Weekly on %1 at %2 UTC"), weekday_name(s.weekday), s.time_utc)
    else:
        return translate("MemoryPage", "Off")
    return utc if at is None else with_local(utc, s, at, zone, place)


def weekday_name(weekday: int) -> str:
    """The name of ``weekday`` (0 Sunday … 6 Saturday, as :data:`WEEKDAYS`) in the
    interface language."""
    return interface_locale().dayName(weekday or 7)


def local_time(schedule: Schedule, at: datetime, zone: tzinfo, place: str) -> tuple[str, str]:
    """``(local, both)`` for the firing at ``at`` (aware): the user's time of the
    schedule's UTC time (``03:00 in Berlin``; for Weekly with the weekday when it differs
    locally) and ``02:00 UTC — 03:00 in Berlin``, in the interface language (DRM-2, as
    :func:`~chathub_desktop.core.dream_schedule.local_equivalent`)."""
    utc = datetime.combine(at.astimezone(UTC).date(), schedule.fire_time)
    local = utc.astimezone(zone)
    weekly = schedule.frequency is DreamFrequency.WEEKLY
    utc_text = f"{weekday_name((utc.weekday() + 1) % 7) + ' ' if weekly else ''}{utc:%H:%M} UTC"
    if weekly and local.weekday() != utc.weekday():
        mine = fill(translate("MemoryPage", "%1 %2 in %3"), weekday_name((local.weekday() + 1) % 7),
                    f"{local:%H:%M}", place)
    else:
        mine = fill(translate("MemoryPage", "%1 in %2"), f"{local:%H:%M}", place)
    return mine, f"{utc_text} — {mine}"


def with_local(utc: str, schedule: Schedule, at: datetime, zone: tzinfo, place: str) -> str:
    """``utc`` (a schedule said in UTC) with the user's time of the firing at ``at`` beside
    it — ``Every day at 02:00 UTC — 03:00 in Berlin`` — or alone when ``place`` is UTC."""
    return utc if place == "UTC" else f"{utc} — {local_time(schedule, at, zone, place)[0]}"


def run_note(run: LastRun, now: datetime, zone: tzinfo, place: str) -> str | None:
    """What the schedule says of ``run`` beside its status (issue 10), in the interface
    language and the user's time (walk55: the service's English, in UTC): it stopped
    without finishing, it is silent, or it retried one that stopped; None for none."""
    at = run.note_at
    if run.note_kind is None or at is None:
        return None
    when = when_words(at, now, zone, place)
    if run.note_kind is RunNote.STOPPED:
        return fill(translate("MemoryPage", "it stopped without finishing %1 (its process ended); the next check "
                                            "retries it", "%1: when, e.g. today at 15:02 in Berlin (14:02 UTC)"), when)
    if run.note_kind is RunNote.SILENT and run.takeover_at is not None:
        return fill(translate("MemoryPage", "no sign of life since %1; taken over from %2 if it stays silent"),
                    when, when_words(run.takeover_at, now, zone, place))
    return fill(translate("MemoryPage", "the previous run stopped without finishing %1; retried"), when)


def plan_words(schedule: Schedule, at: datetime, zone: tzinfo, place: str) -> str:
    """What an enabled ``schedule`` does, in words, with the user's time for the firing at
    ``at`` (aware): ``Every day at 02:00 UTC — 03:00 in Berlin``, ``Every Sunday at 02:00
    UTC — Sunday 03:00 in Berlin`` (DRM-2: stored and shown in UTC, the local time beside;
    memlook52); the UTC part alone when ``place`` is UTC."""
    if schedule.frequency is DreamFrequency.WEEKLY:
        utc = fill(translate("MemoryPage", "Every %1 at %2 UTC"), weekday_name(schedule.weekday), schedule.time_utc)
    else:
        utc = fill(translate("MemoryPage", "Every day at %1 UTC"), schedule.time_utc)
    return with_local(utc, schedule, at, zone, place)


def keep_together(text: str) -> str:
    """``text`` that a wrapping label never breaks inside: spaces made non-breaking and a
    word joiner (U+2060) between characters where either is not ASCII — CJK text may
    otherwise break between any two characters (audit54b #6: "（明|天）")."""
    joined = "".join(ch if i == 0 or " " in (ch, text[i - 1]) or (ch.isascii() and text[i - 1].isascii())
                     else "\u2060" + ch for i, ch in enumerate(text))
    return joined.replace(" ", "\u00a0")


def when_words(at: datetime, now: datetime, zone: tzinfo, place: str) -> str:
    """The instant ``at`` in the user's time with UTC beside it, its day said as
    yesterday, today or tomorrow where the user is (at ``now``), else the local date:
    ``tomorrow at 03:00 in Berlin (02:00 UTC)``, ``8 Dec 2026 at 03:00 in Berlin (02:00
    UTC)``; ``tomorrow at 02:00 UTC`` when ``place`` is UTC. The page's one way to say
    when a dream runs or ran (memlook52 "Next: tonight"; audit54b #6 and walk55: the next
    dream, the last run, its retry and a catch-up were UTC only or mixed). The day and the
    UTC part never wrap inside (:func:`keep_together`; walk55: "（UTC | 14:30）" in 日本語).
    DRM-2, DRM-5."""
    utc = _as_utc(at)
    local = utc.astimezone(zone)
    days = (local.date() - _as_utc(now).astimezone(zone).date()).days
    word = {-1: translate("MemoryPage", "yesterday"), 0: translate("MemoryPage", "today"),
            1: translate("MemoryPage", "tomorrow")}.get(days)
    day = keep_together(format_day(local.date()) if word is None else word)
    if place == "UTC":
        return fill(translate("MemoryPage", "%1 at %2 UTC", "a dream's time: its day (yesterday, today, tomorrow "
                                                            "or a date), then the UTC time"), day, f"{utc:%H:%M}")
    beside = keep_together(fill(translate("MemoryPage", "(%1 UTC)", "the UTC time beside the user's"),
                                f"{utc:%H:%M}"))
    return fill(translate("MemoryPage", "%1 at %2 in %3 %4", "a dream's time: its day (yesterday, today, tomorrow "
                                                             "or a date), the user's time and place, then the UTC "
                                                             "time in brackets, e.g. (02:00 UTC)"),
                day, f"{local:%H:%M}", place, beside)
