"""memhist54 (issue 30 polish, audit54 walk #4–#6): the Proposals preview says what
accepting does as a user reads it, History's detail says a folded day was folded (not
removed) and shows a raw save as entries changed, in local time, and the import summary
names its untrusted entry."""

from __future__ import annotations

from datetime import date

from chathub_desktop.core import dynamic_memory as dm
from chathub_desktop.core.dynamic_cards import Card
from chathub_desktop.core.memory_diff import EntryChanges
from chathub_desktop.gui.memory.proposals_section import accept_lines
from chathub_desktop.services.memory.memory_preview import ChangePreview, fold_summary

RANGE = Card("2026-11-26..2026-11-27", "Wants tables")
LATER = [Card("2026-12-01", "Asks for code first"), Card("2026-12-02", "Plays the cello")]


def _preview(cards: list[Card], day: date, keep: int) -> ChangePreview:
    grown = dm.append_day_card(cards, day, "New card")
    plan = dm.plan_retention(grown, keep)
    after = dm.apply_retention(grown, keep)
    return ChangePreview(1, "Ana", "dynamic", "Dream", len(cards), len(after), EntryChanges(), "v", (), (),
                         fold_summary(cards, plan))


def test_accepting_a_card_that_folds_into_the_range_says_so_in_days(qapp) -> None:  # type: ignore[no-untyped-def]
    """audit54 walk #4: "fold: 1 card (the new card [2026-11-30]) into range card #1
    [2026-11-26 – 2026-11-27]" reads as the page's days, with the range's span after."""
    lines = accept_lines(date(2026, 11, 30), _preview([RANGE, *LATER], date(2026, 11, 30), 2))
    assert lines == ["Accepting adds the card for 30 Nov 2026 and folds it into the range 26 Nov 2026 – 27 Nov 2026 "
                     "(now 26 Nov 2026 – 30 Nov 2026).", "The dynamic memory keeps 3 cards."]


def test_accepting_names_the_older_cards_it_folds_with_their_count(qapp) -> None:  # type: ignore[no-untyped-def]
    lines = accept_lines(date(2026, 12, 3), _preview([RANGE, *LATER], date(2026, 12, 3), 1))
    assert lines == ["Accepting adds the card for 3 Dec 2026. 2 older cards (1 Dec 2026, 2 Dec 2026) fold into the "
                     "range 26 Nov 2026 – 27 Nov 2026 (now 26 Nov 2026 – 2 Dec 2026).",
                     "The dynamic memory goes from 3 to 2 cards."]
    plain = accept_lines(date(2026, 12, 3), _preview(LATER, date(2026, 12, 3), 5))
    assert plain == ["Accepting adds the card for 3 Dec 2026.", "The dynamic memory goes from 2 to 3 cards."]
