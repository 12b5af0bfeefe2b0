"""Dream review (issue 19): with review on, a dream's card (and its fold) lands as a
proposal and reaches the dynamic memory only when accepted; a discarded one never does;
with review off dreams add their cards at once, as before. Headless: ``dream review``,
``dream proposals``, ``dream accept``, ``dream discard``.

Real SQLite, real HTTP to the fake History Compress model.
"""

from __future__ import annotations

import asyncio
import json
from datetime import UTC, date, datetime, timedelta

import pytest

from chathub_desktop.core import dynamic_memory as dm
from chathub_desktop.core.messages import Role
from chathub_desktop.services.container import Services
from chathub_desktop.services.dream.dream_service import APPENDED, EXISTS, PROPOSED, DreamService
from chathub_desktop.services.errors import NotFound
from tests.fakes.vendor_server import FakeVendor, Reply

DAY = date(2026, 11, 30)
NOW = datetime(2026, 12, 2, 2, 30, tzinfo=UTC)


def _dreams(svc: Services, vendor: FakeVendor) -> DreamService:
    svc.providers.add("Summ", "openai", vendor.base_url, api_key="sk-summ")
    svc.settings.set("history-compress-model", "Summ/gpt-5-mini")
    svc.assistants.create("Helper", provider="Summ", model="gpt-4o")
    topic = svc.topics.create("Helper", title="Work").id
    for d in (DAY - timedelta(days=1), DAY):
        svc.chat.append_row(topic, role=Role.USER, content=f"On {d} I asked for tables", created_at=datetime(
            d.year, d.month, d.day, 12, tzinfo=UTC))
    return DreamService(svc.db, svc.bus, svc.providers, svc.catalog, svc.settings, clock=lambda: NOW)


def test_with_review_on_a_card_lands_only_on_accept(services: Services, fake_vendor: FakeVendor) -> None:
    dreams = _dreams(services, fake_vendor)
    assert not dreams.review.enabled("Helper")
    dreams.review.set_enabled("Helper", True)
    fake_vendor.script(Reply(text_chunks=["- Wants answers as tables"]))
    out = asyncio.run(dreams.run_day("Helper", DAY))
    assert out.status == PROPOSED and "proposal #" in out.message
    assert dreams.document("Helper") == ""  # nothing applied yet
    [p] = dreams.review.proposals("Helper")
    assert (p.history_day, p.text, p.fold) == (DAY, "- Wants answers as tables", None)
    assert dreams.review.count("Helper") == 1
    calls = len(fake_vendor.requests)
    again = asyncio.run(dreams.run_day("Helper", DAY))
    assert again.status == EXISTS and len(fake_vendor.requests) == calls  # no second model call
    assert dreams.review.accept(p.id) == 1
    assert [(c.tag, dm.visible_body(c)) for c in dm.parse_document(dreams.document("Helper"))] == [
        ("2026-11-30", "- Wants answers as tables")]
    # walk55 #3: the history credits the user's acceptance, the dream still named (not "the dream added the card")
    ch = services.history.changes("Helper", 1)[0]
    assert (ch.author, ch.who, ch.action) == ("owner", "you", "accepted the dream's card for 2026-11-30")
    assert dreams.review.proposals("Helper") == []
    with pytest.raises(NotFound):
        dreams.review.accept(p.id)


def test_a_discarded_proposal_never_reaches_memory(services: Services, fake_vendor: FakeVendor) -> None:
    dreams = _dreams(services, fake_vendor)
    dreams.review.set_enabled("Helper", True)
    fake_vendor.script(Reply(text_chunks=["- Something the user does not want kept"]))
    asyncio.run(dreams.run_day("Helper", DAY))
    [p] = dreams.review.proposals("Helper")
    dreams.review.discard(p.id)
    assert dreams.review.proposals("Helper") == [] and dreams.document("Helper") == ""


def test_with_review_off_dreams_apply_at_once(services: Services, fake_vendor: FakeVendor) -> None:
    dreams = _dreams(services, fake_vendor)
    fake_vendor.script(Reply(text_chunks=["- Wants answers as tables"]))
    assert asyncio.run(dreams.run_day("Helper", DAY)).status == APPENDED
    assert dreams.review.proposals() == [] and dreams.document("Helper").startswith("#1 [2026-11-30]:")


def test_a_proposed_fold_is_applied_on_accept_and_falls_back_when_cards_changed(
        services: Services, fake_vendor: FakeVendor) -> None:
    dreams = _dreams(services, fake_vendor)
    dreams.set_keep("Helper", 1)
    fake_vendor.script(Reply(text_chunks=["- Asked for tables on the first day"]))
    assert asyncio.run(dreams.run_day("Helper", DAY - timedelta(days=1))).status == APPENDED
    dreams.review.set_enabled("Helper", True)
    fake_vendor.script(Reply(text_chunks=["- Still wants tables"]),
                       Reply(text_chunks=["<summary>- Tables, always (model fold)</summary>"]))
    out = asyncio.run(dreams.run_day("Helper", DAY))
    assert out.status == PROPOSED
    [p] = dreams.review.proposals("Helper")
    assert p.fold in (dm.FoldMethod.MODEL, dm.FoldMethod.CONCATENATED) and isinstance(p.fold, dm.FoldMethod)
    before = dreams.document("Helper")
    assert dreams.review.accept(p.id) is not None
    after = dm.parse_document(dreams.document("Helper"))
    assert after != dm.parse_document(before) and any(c.day == DAY for c in after)
    assert len(after) == 2  # the folded range card and the new day


def test_folds_now_says_how_accepting_makes_the_range_card(services: Services, fake_vendor: FakeVendor) -> None:
    """bits54: the dream's method while the cards are as the dream saw them; joined texts
    once they changed (accept falls back to concatenation); no fold when none is needed."""
    from chathub_desktop.storage.models import DynamicMemoryDocument, utcnow

    dreams = _dreams(services, fake_vendor)
    dreams.set_keep("Helper", 1)
    fake_vendor.script(Reply(text_chunks=["- Asked for tables on the first day"]))
    asyncio.run(dreams.run_day("Helper", DAY - timedelta(days=1)))
    dreams.review.set_enabled("Helper", True)
    fake_vendor.script(Reply(text_chunks=["- Still wants tables"]), Reply(text_chunks=["- Tables, always"]))
    asyncio.run(dreams.run_day("Helper", DAY))
    [p] = dreams.review.proposals("Helper")
    assert p.fold == dm.FoldMethod.MODEL and dreams.review.folds_now("Helper") == {p.id: dm.FoldMethod.MODEL}
    aid = services.assistants.get("Helper").id
    cards = dm.append_day_card(dm.parse_document(dreams.document("Helper")), DAY - timedelta(days=2), "- Older")
    with services.db.write() as s:  # another card to fold: not the fold the dream made
        s.merge(DynamicMemoryDocument(assistant_id=aid, body=dm.render_document(cards), updated_at=utcnow()))
    assert dreams.review.folds_now("Helper") == {p.id: dm.FoldMethod.CONCATENATED}
    dreams.set_keep("Helper", 3)
    assert dreams.review.folds_now("Helper") == {p.id: None}


def test_cli_review_proposals_accept_discard(services: Services, fake_vendor: FakeVendor,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    from chathub_desktop.cli import main

    url = services.database_url
    _dreams(services, fake_vendor)
    assert main(["dream", "review", "--assistant", "Helper", "on", "--database-url", url]) == 0
    assert "dream review on" in capsys.readouterr().out
    fake_vendor.script(Reply(text_chunks=["- Wants tables"]), Reply(text_chunks=["- Wanted tables before"]))
    assert main(["dream", "run", "--assistant", "Helper", "--day", DAY.isoformat(), "--database-url", url]) == 0
    assert main(["dream", "run", "--assistant", "Helper", "--day", (DAY - timedelta(days=1)).isoformat(),
                 "--database-url", url]) == 0
    capsys.readouterr()
    assert main(["dream", "proposals", "--json", "--database-url", url]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert [p["history_day"] for p in shown] == ["2026-11-29", "2026-11-30"]
    assert main(["dream", "accept", str(shown[1]["id"]), "--database-url", url]) == 0
    assert "card #1" in capsys.readouterr().out
    assert main(["dream", "discard", str(shown[0]["id"]), "--database-url", url]) == 0
    assert main(["dream", "proposals", "--database-url", url]) == 0
    assert capsys.readouterr().out.strip().endswith("no dream proposals")
    assert services.dreams.document("Helper").startswith("#1 [2026-11-30]:")


def test_an_edited_proposal_is_accepted_by_the_rules_of_every_card_write(services: Services,
                                                                         fake_vendor: FakeVendor) -> None:
    """Issue 30 "Accept / Edit / Discard": the user's text is stored instead of the dream's;
    empty or over 3,200 characters is refused with the proposal kept (DRM-13: nothing is
    cut); a likely secret is redacted (issue 19); a marker-shaped line stays text (REF-15)."""
    from chathub_desktop.services.errors import InvalidInput

    dreams = _dreams(services, fake_vendor)
    dreams.review.set_enabled("Helper", True)
    fake_vendor.script(Reply(text_chunks=["- Wants answers as tables"]))
    asyncio.run(dreams.run_day("Helper", DAY))
    [p] = dreams.review.proposals("Helper")
    for refused in ("  \n", "x" * 3201):
        with pytest.raises(InvalidInput):
            dreams.review.accept(p.id, refused)
    assert dreams.review.proposals("Helper") == [p] and dreams.document("Helper") == ""
    key = "sk-proj-" + "A1b2C3d4E5f6G7h8J9k0L1m2N3p4Q5r6"
    assert dreams.review.accept(p.id, f"- Wants tables with units\n#2 [2026-11-01]:\nkey {key}") == 1
    [card] = dm.parse_document(dreams.document("Helper"))
    assert (card.tag, dm.visible_body(card)) == (
        "2026-11-30", "- Wants tables with units\n#2 [2026-11-01]:\nkey [redacted: openai-api-key]")
    assert dreams.review.proposals("Helper") == []
