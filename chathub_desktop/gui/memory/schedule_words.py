"""What saving the dream schedule form will do, in one sentence (DRM-4, DRM-6, issue 30,
walk56 #9): a schedule whose latest slot was missed catches up on Save — it starts a
dream at once over the day that run reads — unless that day already has a card, one
waiting for review, or no messages. Walk56 #9: the notice read "Saving dreams nothing
now: 5 Dec 2026 (UTC), the day the missed run would read, has a card waiting for
review." A plain function of its arguments (no widgets), beside :mod:`.dream_words`,
whose :func:`~.dream_words.when_words` says the missed run in the user's time."""

from __future__ import annotations

from datetime import datetime, tzinfo

from PySide6.QtCore import QCoreApplication

from chathub_desktop.core.dream_schedule import CatchUpWill, Slot
from chathub_desktop.gui.memory.dream_words import keep_together, when_words
from chathub_desktop.gui.shell.day_format import format_day
from chathub_desktop.gui.shell.i18n import QT_TRANSLATE_NOOP, fill

translate = QCoreApplication.translate

#: Why a save starts no dream now, by what the catch-up found (``%1``: the day it reads).
NO_DREAM: dict[CatchUpWill, str] = {
    CatchUpWill.HAS_CARD: QT_TRANSLATE_NOOP("MemoryPage", "Saving won't start a dream now: %1 already has a card."),
    CatchUpWill.WAITS_REVIEW: QT_TRANSLATE_NOOP("MemoryPage", "Saving won't start a dream now: %1 already has a "
                                                              "card waiting for review."),
    CatchUpWill.NO_MESSAGES: QT_TRANSLATE_NOOP("MemoryPage", "Saving won't start a dream now: %1 has no messages "
                                                             "to dream over."),
}


def catch_up_words(slot: Slot, will: CatchUpWill, now: datetime, zone: tzinfo, place: str) -> str:
    """What Save does about the missed ``slot``, at ``now`` for the user in ``zone``
    called ``place``, in one sentence: ``Saving starts a dream now over 4 Dec 2026, for
    the run missed today at 03:00 in Berlin (02:00 UTC).`` when it ``will`` dream, else
    why not — ``Saving won't start a dream now: 5 Dec 2026 already has a card waiting for
    review.`` The day is the one the missed run reads, in the page's date style, never
    broken by a wrap."""
    day = keep_together(format_day(slot.history_day))
    if will in NO_DREAM:
        return fill(translate("MemoryPage", NO_DREAM[will]), day)
    return fill(translate("MemoryPage", "Saving starts a dream now over %1, for the run missed %2.",
                          "%1 the day it reads; %2 the missed run, as 'today at 03:00 in Berlin (02:00 UTC)'"),
                day, when_words(slot.fire_at, now, zone, place))
