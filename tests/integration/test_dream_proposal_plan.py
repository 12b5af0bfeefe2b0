"""What the Proposals tab says accepting does and what Accept does agree (issue 30, walk56
#12; DRM-3, DRM-9): a proposal whose day is covered — it has a card, it lies in the range
card's days, or before them (Keep N lowered while it waited) — is shown as refused with
its own reason and Accept refuses it with the same words, writing nothing and keeping
it; the old preview said "Accepting adds the card for 20 Nov 2026 and folds it into the
range …" and Accept then dropped it with "That day already had a card". Discard returns
what it dropped and Restore brings it back exactly (the tab's Undo)."""

from __future__ import annotations

from datetime import date, timedelta

import pytest

from chathub_desktop.core import dynamic_memory as dm
from chathub_desktop.services.container import Services
from chathub_desktop.services.dream.proposal_plan import DayCover
from chathub_desktop.services.errors import InvalidInput
from chathub_desktop.storage.models import DynamicMemoryDocument, utcnow

NOV = date(2026, 11, 1)


def _day(n: int) -> date:
    return NOV + timedelta(days=n - 1)


def _cards(services: Services, aid: int, days: list[int]) -> None:
    cards: list[dm.Card] = []
    for d in days:
        cards = dm.append_day_card(cards, _day(d), f"- Habit of {d} Nov")
    with services.db.write() as s:
        s.merge(DynamicMemoryDocument(assistant_id=aid, body=dm.render_document(cards), updated_at=utcnow()))


@pytest.fixture
def aid(services: Services) -> int:
    return services.assistants.create("Helper").id


def test_a_covered_day_is_refused_by_the_preview_and_by_accept_alike(services: Services, aid: int) -> None:
    review = services.dreams.review
    _cards(services, aid, [22, 24, 25, 26])
    ids = {d: review.propose(aid, _day(d), f"- Proposed for {d} Nov", None, None) for d in (20, 23, 27)}
    assert None not in ids.values()
    services.dreams.set_keep(aid, 2)  # 22–24 fold into a range card while the proposals wait
    cards = dm.parse_document(services.dreams.document(aid))
    assert [c.display_tag for c in cards] == ["2026-11-22 – 2026-11-24", "2026-11-25", "2026-11-26"]
    with services.db.write() as s:  # 27 Nov got a card meanwhile (another window, the CLI)
        s.merge(DynamicMemoryDocument(assistant_id=aid, body=dm.render_document(
            dm.append_day_card(cards, _day(27), "- Written by hand")), updated_at=utcnow()))
    doc = services.dreams.document(aid)
    seen = {o.proposal.history_day.day: o for o in review.outlooks(aid)}
    assert {d: (o.cover, o.refused.english() if o.refused else None, o.after, o.fold) for d, o in seen.items()} == {
        20: (DayCover.BEFORE_RANGE, "2026-11-20 comes before range card #1 [2026-11-22 – 2026-11-24], which keeps the "
                                    "oldest days; this proposal can't be added", 4, None),
        23: (DayCover.IN_RANGE, "2026-11-23 is already folded into range card #1 [2026-11-22 – 2026-11-24]; this "
                                "proposal can't be added", 4, None),
        27: (DayCover.HAS_CARD, "2026-11-27 already has a dream card (#4); this proposal can't be added", 4, None)}
    for d, o in seen.items():  # Accept says exactly what the preview said, writes nothing and keeps the proposal
        with pytest.raises(InvalidInput) as got:
            review.accept(ids[d])
        assert got.value.why == o.refused and str(got.value) == o.refused.english()
    assert services.dreams.document(aid) == doc
    assert sorted(p.id for p in review.proposals(aid)) == sorted(ids.values())
    assert review.folds_now(aid) == {pid: None for pid in ids.values()}


def test_an_accepted_proposal_stores_the_cards_its_preview_counted(services: Services, aid: int) -> None:
    review = services.dreams.review
    _cards(services, aid, [22, 24, 25])
    pid = review.propose(aid, _day(26), "- Proposed for 26 Nov", None, None)
    services.dreams.set_keep(aid, 2)
    [o] = review.outlooks(aid)
    assert (o.refused, o.before, o.after, o.proposal.fold) == (None, 3, 3, dm.FoldMethod.CONCATENATED)
    assert o.fold is not None and o.fold.folded == ("2026-11-24",) and o.fold.into == "2026-11-22 – 2026-11-22"
    assert pid is not None and review.accept(pid) == 3
    after = dm.parse_document(services.dreams.document(aid))
    assert len(after) == o.after and [c.display_tag for c in after] == ["2026-11-22 – 2026-11-24", "2026-11-25",
                                                                        "2026-11-26"]


def test_a_discarded_proposal_comes_back_exactly(services: Services, aid: int) -> None:
    review = services.dreams.review
    pid = review.propose(aid, _day(20), "- Keep me", None, None)
    assert pid is not None
    [before] = review.proposals(aid)
    gone = review.discard(pid)
    assert review.proposals(aid) == [] and review.count(aid) == 0
    assert review.restore(gone) == pid
    assert review.proposals(aid) == [before] and review.count(aid) == 1
    gone = review.discard(pid)
    other = review.propose(aid, _day(20), "- Another dream of that day", None, None)
    with pytest.raises(InvalidInput, match="another proposal for that day waits"):
        review.restore(gone)
    assert [p.id for p in review.proposals(aid)] == [other]
