"""What the Memory page's empty dream card list says (walkthrough F1; DRM-2, DRM-3):
past days waiting in the day chooser first (walk50 #7: a user with imported chats was sent
to tomorrow while three days waited beside Dream now), else exactly when today's chats
can first become a card under the stored schedule, said as the schedule row says its
next dream ("tomorrow at 03:00 in Berlin (02:00 UTC)"). The
list shows two short lines (:func:`empty_line`, walk45 #8: four centred lines were too
many); its tooltip is the whole explanation (:func:`empty_text`)."""

from __future__ import annotations

from datetime import UTC, datetime, tzinfo

from PySide6.QtCore import QCoreApplication

from chathub_desktop.core.dream_schedule import Schedule, first_slot_reading
from chathub_desktop.gui.memory.dream_words import when_words
from chathub_desktop.gui.shell.day_format import format_day
from chathub_desktop.gui.shell.i18n import QT_TRANSLATE_NOOP, fill

translate = QCoreApplication.translate

EMPTY_TEXT = QT_TRANSLATE_NOOP("MemoryPage", "No dream cards yet.")
#: The empty list's last line: what Dream now is for (a past day, never today: DRM-3).
DREAM_NOW_NOTE = QT_TRANSLATE_NOOP("MemoryPage", "Dream now (Ctrl+Shift+D) reads a past day you chatted on.")


def dreamable_line(days: int) -> str:
    """What the empty list says while ``days`` (> 0) past days wait in the day chooser."""
    return translate("MemoryPage", "%n past day(s) can be dreamed now — choose one and press Dream now.", None, days)


def empty_line(schedule: Schedule | None, now: datetime, zone: tzinfo, place: str, dreamable: int = 0,
               *, dreaming: bool = False) -> str:
    """The empty card list's two short lines: "No dream cards yet." and, while a dream
    runs (``dreaming``), that its card comes here (walk52 #11: it still said "press Dream
    now"); else while ``dreamable`` past days wait in the day chooser, that they can be
    dreamed now; else when today's chats first become a card under ``schedule`` (as
    :func:`empty_text`, which says why), or that the schedule is off; only the first
    line while ``schedule`` is None and no day waits."""
    today = now.astimezone(UTC).date()
    empty = translate("MemoryPage", EMPTY_TEXT)
    if dreaming:
        return "\n".join((empty, translate("MemoryPage", "Dreaming now — its card appears here when the dream is "
                                                          "done.")))
    if dreamable > 0:
        return "\n".join((empty, dreamable_line(dreamable)))
    if schedule is None:
        return empty
    if not schedule.enabled:
        return "\n".join((empty, translate("MemoryPage", "The schedule is off: choose Daily above and Save.")))
    slot = first_slot_reading(schedule, today)
    if slot is None:  # not reached: an enabled schedule always has a next slot
        return empty
    when = when_words(slot.fire_at, now, zone, place)  # as the schedule row says it
    if slot.history_day != today:
        return "\n".join((empty, fill(translate("MemoryPage", "The next Weekly run, %1, reads %2."), when,
                                      format_day(slot.history_day))))
    return "\n".join((empty, fill(translate("MemoryPage", "Today's chats become a card %1."), when)))


def empty_text(schedule: Schedule | None, now: datetime, zone: tzinfo, place: str, dreamable: int = 0) -> str:
    """The empty card list's text (walkthrough F1): the past days waiting in the chooser
    (``dreamable``, as :func:`empty_line`), then exactly when today's chats can first
    become a card under ``schedule`` (None: not loaded yet), at ``now`` (aware), with the
    time in ``zone`` (called ``place``) beside the UTC one.

    A card covers one finished UTC day: a run reads the UTC day before it fires (DRM-3;
    the seed: "reads the topics that were active on the previous UTC calendar day"), so
    today cannot be dreamed before 00:00 UTC tomorrow; a partial day is never dreamed,
    since the day's one run (DRM-6) would then miss the rest of it."""
    today = now.astimezone(UTC).date()
    empty, note = translate("MemoryPage", EMPTY_TEXT), translate("MemoryPage", DREAM_NOW_NOTE)
    if dreamable > 0:
        empty = "\n".join((empty, dreamable_line(dreamable)))
    if schedule is None:
        return empty
    if not schedule.enabled:
        return "\n".join((empty, fill(translate("MemoryPage", "A card covers one finished UTC day, so today's chats "
                                                             "(%1) can become one from 00:00 UTC tomorrow at the "
                                                             "earliest."), format_day(today)),
                          translate("MemoryPage", "The schedule is off: choose Daily above and Save."), note))
    slot = first_slot_reading(schedule, today)
    if slot is None:  # not reached: an enabled schedule always has a next slot
        return empty
    when = when_words(slot.fire_at, now, zone, place)  # as the schedule row says it
    if slot.history_day != today:  # Weekly: its run reads only the day before its weekday
        first = fill(translate("MemoryPage", "A card covers one finished UTC day, and a Weekly run reads only the "
                                             "day before it: the next one, %1, reads %2. Choose Daily above for a "
                                             "card from today's chats."),
                     when, format_day(slot.history_day))
    else:
        first = fill(translate("MemoryPage", "A card covers one finished UTC day: today's chats (%1) get theirs "
                                             "%2."), format_day(today), when)
        if schedule.time_utc != "00:00":
            first += translate("MemoryPage", " The earliest possible is 00:00 UTC: set that time above to get it "
                                             "then.")
    return "\n".join((empty, first, translate("MemoryPage", "ChatHub has to be open then, in its window or the "
                                                            "tray; a run missed while it is closed happens at the "
                                                            "next start."), note))
