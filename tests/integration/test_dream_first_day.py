"""A scheduled run is caught up only when it was missed (DRM-5, DRM-6; issue 30, walk50
#7): minutes after a first launch at 18:45 the page said "Last scheduled run: … over
12/3/26 — found nothing new", a catch-up of the 02:00 run over a day before the user
existed. A slot that fired before the assistant was created never runs; the next one does."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from chathub_desktop.core.dream_schedule import (
    Schedule,
    Slot,
    before_existence,
    is_due,
    latest_slot,
)
from chathub_desktop.core.messages import Role
from chathub_desktop.services.container import Services
from chathub_desktop.storage.models import Assistant
from tests.fakes.vendor_server import FakeVendor
from tests.integration.test_dream import AT, DAY, NOW, Clock, card, run, say, setup, summ  # noqa: F401  (fixture)


def created_at(svc: Services, when: datetime) -> None:
    """Say "Helper" was created at ``when``."""
    with svc.db.write() as s:
        row = s.query(Assistant).filter_by(name="Helper").one()
        row.created_at = when


def test_a_slot_before_the_assistant_existed_is_no_catch_up(services: Services, summ: FakeVendor) -> None:  # noqa: F811
    """NOW is 02:30 after the 02:00 slot over DAY. Created at 02:10 (after that slot):
    nothing is due, nothing runs, nothing is recorded, the form has no catch-up to announce;
    the next day's 02:00 slot runs as scheduled."""
    clock = Clock(NOW)
    dreams = setup(services, summ, clock)
    created_at(services, NOW - timedelta(minutes=20))
    say(services, services.topics.create("Helper").id, Role.USER, "an imported chat on DAY", AT)
    assert dreams.due() == [] and run(dreams.run_due()) == []
    settings = dreams.settings("Helper")
    assert settings.last_run is None and settings.due_day is None
    assert dreams.catch_up_on_save("Helper", "daily", "02:00") is None
    clock.now = NOW + timedelta(days=1)  # the next slot fired while the assistant existed
    summ.script(card("- Wants answers in tables"))
    outs = run(dreams.run_due())
    assert [(o.status, o.history_day) for o in outs] == [("nothing", DAY + timedelta(days=1))]


def test_a_slot_missed_while_the_app_was_closed_is_still_caught_up(services: Services, summ: FakeVendor) -> None:  # noqa: F811
    """DRM-6: created the day before, the assistant's 02:00 slot was missed (the app was
    closed): it is caught up once."""
    clock = Clock(NOW)
    dreams = setup(services, summ, clock)
    created_at(services, NOW - timedelta(days=1))
    say(services, services.topics.create("Helper").id, Role.USER, "I like tables", AT)
    summ.script(card("- Wants answers in tables"))
    assert [(o.status, o.history_day) for o in run(dreams.run_due())] == [("appended", DAY)]
    assert run(dreams.run_due()) == []


def test_before_existence_is_pure_and_a_clock_set_back_says_nothing() -> None:
    slot = latest_slot(Schedule("daily", "02:00"), NOW)
    assert isinstance(slot, Slot) and slot.fire_at == datetime(2026, 12, 1, 2, tzinfo=UTC)
    assert before_existence(slot, NOW - timedelta(minutes=20), NOW)
    assert not before_existence(slot, slot.fire_at, NOW)  # created as it fired: it was there
    assert not before_existence(slot, None, NOW)
    assert not before_existence(slot, NOW + timedelta(days=3), NOW)  # a creation "in the future"
    assert not is_due(slot, None, NOW, since=NOW - timedelta(minutes=20))
    assert is_due(slot, None, NOW, since=NOW - timedelta(days=1))


def test_the_catch_up_a_save_would_run_says_what_it_does_with_its_day(
        services: Services, summ: FakeVendor) -> None:  # noqa: F811
    """Walk55b #1 (DRM-4, DRM-6; issue 30): the form promised "Saving dreams over 4 Dec
    right away" though 4 Dec had a card, and the run then said "the day already had a
    card". The service says, before Save, what the catch-up will do with DAY: nothing
    without messages, a dream once it has some, nothing once it has a card — and the run
    after the save does just that."""
    from chathub_desktop.core import dynamic_memory as dm
    from chathub_desktop.core.dream_schedule import CatchUpWill
    from chathub_desktop.storage.models import DynamicMemoryDocument, utcnow

    clock = Clock(NOW)
    dreams = setup(services, summ, clock)
    created_at(services, NOW - timedelta(days=1))
    got = dreams.catch_up_on_save("Helper", "daily", "02:00")
    assert got is not None and got.slot.history_day == DAY and got.will is CatchUpWill.NO_MESSAGES
    say(services, services.topics.create("Helper").id, Role.USER, "I like tables", AT)
    got = dreams.catch_up_on_save("Helper", "daily", "02:00")
    assert got is not None and got.will is CatchUpWill.DREAMS
    aid = services.assistants.get("Helper").id
    with services.db.write() as s:
        s.merge(DynamicMemoryDocument(assistant_id=aid, updated_at=utcnow(), body=dm.render_document(
            dm.append_day_card([], DAY, "Wants answers in tables"))))
    got = dreams.catch_up_on_save("Helper", "daily", "02:00")
    assert got is not None and got.will is CatchUpWill.HAS_CARD
    dreams.set_schedule("Helper", "daily", "02:00")
    assert [(o.status, o.history_day) for o in run(dreams.run_due())] == [("exists", DAY)]
    assert len(dm.parse_document(dreams.document("Helper"))) == 1
