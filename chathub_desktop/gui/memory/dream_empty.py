"""What the Memory page's empty dream card list says (walkthrough F1; DRM-2, DRM-3):
exactly when today's chats can first become a card under the stored schedule, in UTC and
in the user's time, and what Dream now is for. The list shows two short lines
(:func:`empty_line`, walk45 #8: four centred lines were too many); its tooltip is the whole
explanation (:func:`empty_text`)."""

from __future__ import annotations

from datetime import UTC, datetime, tzinfo

from PySide6.QtCore import QCoreApplication

from chathub_desktop.core.dream_schedule import Schedule, first_slot_reading
from chathub_desktop.gui.memory.dream_schedule_form import format_utc, local_time
from chathub_desktop.gui.memory.page_dates import long_date
from chathub_desktop.gui.shell.i18n import QT_TRANSLATE_NOOP, fill

translate = QCoreApplication.translate

EMPTY_TEXT = QT_TRANSLATE_NOOP("MemoryPage", "No dream cards yet.")
#: The empty list's last line: what Dream now is for (a past day, never today: DRM-3).
DREAM_NOW_NOTE = QT_TRANSLATE_NOOP("MemoryPage", "Dream now (Ctrl+Shift+D) reads a past day you chatted on.")


def empty_line(schedule: Schedule | None, now: datetime, zone: tzinfo, place: str) -> str:
    """The empty card list's two short lines: "No dream cards yet." and when today's chats
    first become a card under ``schedule`` (as :func:`empty_text`, which says why), or
    that the schedule is off; only the first line while ``schedule`` is None."""
    today = now.astimezone(UTC).date()
    empty = translate("MemoryPage", EMPTY_TEXT)
    if schedule is None:
        return empty
    if not schedule.enabled:
        return "\n".join((empty, translate("MemoryPage", "The schedule is off: choose Daily above and Save.")))
    slot = first_slot_reading(schedule, today)
    if slot is None:  # not reached: an enabled schedule always has a next slot
        return empty
    local = "" if place == "UTC" else f" ({local_time(schedule, slot.fire_at, zone, place)[0]})"
    when = f"{format_utc(slot.fire_at)}{local}"
    if slot.history_day != today:
        return "\n".join((empty, fill(translate("MemoryPage", "The next Weekly run, %1, reads %2."), when,
                                      long_date(slot.history_day))))
    return "\n".join((empty, fill(translate("MemoryPage", "Today's chats become a card at %1."), when)))


def empty_text(schedule: Schedule | None, now: datetime, zone: tzinfo, place: str) -> str:
    """The empty card list's text (walkthrough F1): exactly when today's chats can first
    become a card under ``schedule`` (None: not loaded yet), at ``now`` (aware), with the
    time in ``zone`` (called ``place``) beside the UTC one.

    A card covers one finished UTC day: a run reads the UTC day before it fires (DRM-3;
    the seed: "reads the topics that were active on the previous UTC calendar day"), so
    today cannot be dreamed before 00:00 UTC tomorrow; a partial day is never dreamed,
    since the day's one run (DRM-6) would then miss the rest of it."""
    today = now.astimezone(UTC).date()
    empty, note = translate("MemoryPage", EMPTY_TEXT), translate("MemoryPage", DREAM_NOW_NOTE)
    if schedule is None:
        return empty
    if not schedule.enabled:
        return "\n".join((empty, fill(translate("MemoryPage", "A card covers one finished UTC day, so today's chats "
                                                             "(%1) can become one from 00:00 UTC tomorrow at the "
                                                             "earliest."), long_date(today)),
                          translate("MemoryPage", "The schedule is off: choose Daily above and Save."), note))
    slot = first_slot_reading(schedule, today)
    if slot is None:  # not reached: an enabled schedule always has a next slot
        return empty
    local = "" if place == "UTC" else f" ({local_time(schedule, slot.fire_at, zone, place)[0]})"
    when = f"{format_utc(slot.fire_at)}{local}"
    if slot.history_day != today:  # Weekly: its run reads only the day before its weekday
        first = fill(translate("MemoryPage", "A card covers one finished UTC day, and a Weekly run reads only the "
                                             "day before it: the next one, %1, reads %2. Choose Daily above for a "
                                             "card from today's chats."),
                     when, long_date(slot.history_day))
    else:
        first = fill(translate("MemoryPage", "A card covers one finished UTC day: today's chats (%1) get theirs at "
                                             "%2."), long_date(today), when)
        if schedule.time_utc != "00:00":
            first += translate("MemoryPage", " The earliest possible is 00:00 UTC: set that time above to get it "
                                             "then.")
    return "\n".join((empty, first, translate("MemoryPage", "ChatHub has to be open then, in its window or the "
                                                            "tray; a run missed while it is closed happens at the "
                                                            "next start."), note))
