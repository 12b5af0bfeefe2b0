"""A scheduled dream never appends a card that mostly repeats itself (walk50 #2): the run
fails with that hint (DRM-5: retried at the next cycle), as DRM-14 keeps a paraphrase out;
a healthy card after transcript lines are dropped is appended clean."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from chathub_desktop.core.messages import Role
from chathub_desktop.services.container import Services
from tests.fakes.vendor_server import FakeVendor, Reply
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


def test_dream_run_preview_flags_a_card_that_mostly_repeats_itself_as_the_window_does(
        services: Services, fake_vendor: FakeVendor, capsys: pytest.CaptureFixture[str]) -> None:
    """Session 51: ``dream run --preview --json`` printed the looping card with no word of
    it; it now carries the flag and the window's warning, and a healthy card neither."""
    import json

    from chathub_desktop.cli import main
    from tests.integration.test_dream_review import DAY, _dreams

    dreams = _dreams(services, fake_vendor)
    fake_vendor.script(Reply(text_chunks=[WALK50_CARD]), Reply(text_chunks=[WALK50_CARD]),
                       Reply(text_chunks=[HEALTHY]))
    args = ["dream", "run", "--assistant", "Helper", "--day", DAY.isoformat(), "--preview",
            "--database-url", services.database_url]
    assert main([*args, "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert shown["repeats_itself"] is True and shown["written"] is False
    assert shown["warning"] == "This card mostly repeats itself — try Regenerate or a larger model"
    assert main(args) == 0
    assert capsys.readouterr().out.startswith(
        "warning: This card mostly repeats itself — try Regenerate or a larger model\n")
    assert main([*args, "--json"]) == 0
    healthy = json.loads(capsys.readouterr().out)
    assert healthy["repeats_itself"] is False and healthy["warning"] is None
    assert dreams.document("Helper") == ""


def test_a_headless_regenerate_keeps_the_old_card_over_one_that_mostly_repeats_itself(
        services: Services, fake_vendor: FakeVendor) -> None:
    """``dream regenerate`` (no one reviews the card there) replaces nothing with a card
    that mostly repeats itself and says why, as a headless run appends none."""
    import asyncio

    from tests.integration.test_dream_review import DAY, _dreams

    dreams = _dreams(services, fake_vendor)
    fake_vendor.script(Reply(text_chunks=[HEALTHY]), Reply(text_chunks=[WALK50_CARD]))
    assert asyncio.run(dreams.run_day("Helper", DAY)).status == "appended"
    out = asyncio.run(dreams.regenerate("Helper", 1))
    assert out.status == "failed"
    assert out.message == (f"the new card for {DAY.isoformat()} mostly repeats itself, so the old card was kept; "
                           "Regenerate on the Memory page shows it for review, or choose a larger History "
                           "Compress model")
    assert [c.text for c in dreams.cards("Helper")] == [HEALTHY]
