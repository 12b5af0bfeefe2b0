"""Dream now's preview in the service and headless (issue 18 "Preview before replace"):
``draft_day`` runs the dream and writes nothing; ``commit_draft`` writes exactly the
drafted card with the version token the preview showed, and refuses a document changed
since (issue 10); ``dream run --preview`` prints the card and its fold and writes
nothing, while plain ``dream run`` stays headless (no prompt).

Real SQLite, real HTTP to the fake History Compress model.
"""

from __future__ import annotations

import asyncio
import json

import pytest

from chathub_desktop.core import dynamic_memory as dm
from chathub_desktop.services.container import Services
from chathub_desktop.services.dream.dream_service import APPENDED, DreamDraft
from chathub_desktop.services.errors import StaleDocument
from chathub_desktop.services.memory.memory_preview import MemoryPreviews
from tests.fakes.vendor_server import FakeVendor, Reply
from tests.integration.test_dream_review import DAY, _dreams

CARD = "- Wants answers as tables"


def _cards(dreams) -> list[tuple[str, str]]:  # type: ignore[no-untyped-def]
    return [(c.tag, dm.visible_body(c)) for c in dm.parse_document(dreams.document("Helper"))]


def test_a_draft_writes_nothing_and_its_commit_writes_the_previewed_card(services: Services,
                                                                          fake_vendor: FakeVendor) -> None:
    dreams = _dreams(services, fake_vendor)
    fake_vendor.script(Reply(text_chunks=[CARD]))
    draft = asyncio.run(dreams.draft_day("Helper", DAY))
    assert isinstance(draft, DreamDraft) and draft.body == CARD and not draft.review
    assert dreams.document("Helper") == ""
    preview = MemoryPreviews(services.db).dream_day("Helper", DAY, draft.body, draft.fold_body)
    assert preview.changes.added == [f"[{DAY.isoformat()}] {CARD}"] and (preview.before, preview.after) == (0, 1)
    out = asyncio.run(dreams.commit_draft(draft, version=preview.version))
    assert out.status == APPENDED and out.card_number == 1
    assert _cards(dreams) == [(DAY.isoformat(), CARD)]


def test_a_commit_over_a_changed_document_is_refused_and_writes_nothing(services: Services,
                                                                        fake_vendor: FakeVendor) -> None:
    dreams = _dreams(services, fake_vendor)
    fake_vendor.script(Reply(text_chunks=["- Older habit"]), Reply(text_chunks=[CARD]))
    older = DAY.replace(day=DAY.day - 1)
    assert asyncio.run(dreams.run_day("Helper", older)).status == APPENDED
    draft = asyncio.run(dreams.draft_day("Helper", DAY))
    assert isinstance(draft, DreamDraft)
    preview = MemoryPreviews(services.db).dream_day("Helper", DAY, draft.body)
    dreams.edit_card("Helper", 1, "Edited in another window")  # after the preview was shown
    with pytest.raises(StaleDocument):
        asyncio.run(dreams.commit_draft(draft, version=preview.version))
    assert _cards(dreams) == [(older.isoformat(), "Edited in another window")]


def test_the_preview_names_the_fold_with_the_models_range_body(services: Services,
                                                               fake_vendor: FakeVendor) -> None:
    dreams = _dreams(services, fake_vendor)
    older = DAY.replace(day=DAY.day - 1)
    fake_vendor.script(Reply(text_chunks=["- Older habit"]), Reply(text_chunks=[CARD]),
                       Reply(text_chunks=["Condensed older habits"]))
    asyncio.run(dreams.run_day("Helper", older))
    dreams.set_keep("Helper", 1)
    draft = asyncio.run(dreams.draft_day("Helper", DAY))
    assert isinstance(draft, DreamDraft) and draft.fold is not None
    preview = MemoryPreviews(services.db).dream_day("Helper", DAY, draft.body, draft.fold_body)
    assert preview.folds == (f"fold: 1 card (#1 [{older.isoformat()}]) into a new range card, which then "
                             f"covers {older.isoformat()} – {older.isoformat()}",)
    assert any("Condensed older habits" in t for t in preview.changes.added)
    assert dreams.document("Helper").count("[") == 1  # still only the older card


def test_cli_dream_run_preview_writes_nothing_and_plain_run_stays_headless(
        services: Services, fake_vendor: FakeVendor, capsys: pytest.CaptureFixture[str]) -> None:
    from chathub_desktop.cli import main

    url = services.database_url
    dreams = _dreams(services, fake_vendor)
    fake_vendor.script(Reply(text_chunks=[CARD]), Reply(text_chunks=[CARD]))
    assert main(["dream", "run", "--assistant", "Helper", "--day", DAY.isoformat(), "--preview", "--json",
                 "--database-url", url]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert shown["card"] == CARD and shown["written"] is False
    assert shown["added"] == [f"[{DAY.isoformat()}] {CARD}"] and shown["summary"][0].endswith("0 cards → 1 card")
    assert dreams.document("Helper") == ""
    assert main(["dream", "run", "--assistant", "Helper", "--day", DAY.isoformat(), "--database-url", url]) == 0
    assert capsys.readouterr().out.startswith(f"appended: added the card for {DAY.isoformat()}")
    assert _cards(dreams) == [(DAY.isoformat(), CARD)]


def test_the_fold_is_planned_once_for_draft_preview_and_commit(services: Services, fake_vendor: FakeVendor,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 31: Dream now plans its fold once; the preview shows that plan (the same
    lines as a fresh preview of the day) and the commit writes exactly the previewed
    document."""
    dreams = _dreams(services, fake_vendor)
    older = DAY.replace(day=DAY.day - 1)
    fake_vendor.script(Reply(text_chunks=["- Older habit"]), Reply(text_chunks=[CARD]),
                       Reply(text_chunks=["Condensed older habits"]))
    asyncio.run(dreams.run_day("Helper", older))
    dreams.set_keep("Helper", 1)
    plans: list[int] = []
    planner = dm.plan_retention

    def counted(cards: list[dm.Card], keep: int) -> dm.FoldPlan | None:
        plans.append(keep)
        return planner(cards, keep)

    monkeypatch.setattr(dm, "plan_retention", counted)
    draft = asyncio.run(dreams.draft_day("Helper", DAY))
    assert isinstance(draft, DreamDraft) and "Condensed older habits" in (draft.fold_body or "")
    preview = MemoryPreviews.dream_draft(draft)
    so_far = len(plans)
    fresh = MemoryPreviews(services.db).dream_day("Helper", DAY, draft.body, draft.fold_body)  # plans on its own
    del plans[so_far:]
    assert (preview.lines(), preview.changes, preview.version) == (fresh.lines(), fresh.changes, fresh.version)
    assert asyncio.run(dreams.commit_draft(draft, version=preview.version)).status == APPENDED
    assert plans == [1]
    assert len(_cards(dreams)) == preview.after == 2
    assert _cards(dreams)[1] == (DAY.isoformat(), CARD) and "Condensed older habits" in _cards(dreams)[0][1]
