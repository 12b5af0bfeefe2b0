"""A scheduled dream never appends a card that mostly repeats itself (walk50 #2): the run
fails with that hint (DRM-5: retried at the next cycle), as DRM-14 keeps a paraphrase out;
a healthy card after transcript lines are dropped is appended clean."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from chathub_desktop.core.messages import Role
from chathub_desktop.services.container import Services
from tests.fakes.vendor_server import FakeVendor
from tests.integration.test_dream import AT, card, run, say, setup, stored_cards
from tests.unit.test_card_degenerate import HEALTHY, WALK50_CARD


@pytest.fixture
def summ() -> Iterator[FakeVendor]:
    """The History Compress model's own server."""
    with FakeVendor() as vendor:
        yield vendor


def test_a_scheduled_run_does_not_append_a_degenerate_card_and_records_why(
        services: Services, summ: FakeVendor) -> None:
    dreams = setup(services, summ)
    say(services, services.topics.create("Helper").id, Role.USER, "what is a joke", AT)
    summ.script(card(WALK50_CARD))
    outs = run(dreams.run_due())
    assert [o.status for o in outs] == ["failed"]
    assert outs[0].message.startswith("the card for ") and "mostly repeats itself, so it was not added" in \
        outs[0].message
    assert stored_cards(services) == []
    view = dreams.settings("Helper")
    assert view.last_run is not None and "mostly repeats itself" in (view.last_run.error or "")


def test_transcript_lines_are_dropped_from_a_healthy_card(services: Services, summ: FakeVendor) -> None:
    dreams = setup(services, summ)
    say(services, services.topics.create("Helper").id, Role.USER, "plan Kyoto", AT)
    summ.script(card(HEALTHY + "\nUser: ok\nAssistant: Sure!"))
    outs = run(dreams.run_due())
    assert [o.status for o in outs] == ["appended"]
    assert [c.text for c in dreams.cards("Helper")] == [HEALTHY]
