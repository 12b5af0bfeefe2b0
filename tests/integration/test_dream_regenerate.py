"""Regenerate shows the new card before it replaces the old one, and a card that is the
prompt echoed back is refused (issue 28, walk40: SmolLM2-135M's ↻ card was its prompt,
and it replaced the old card unseen; DRM-8, REF-17)."""

from __future__ import annotations

from datetime import timedelta

import pytest

from chathub_desktop.core import dream_prompt as dp
from chathub_desktop.core.messages import Role
from chathub_desktop.core.prompt_echo import echoes_prompt
from chathub_desktop.services.container import Services
from chathub_desktop.services.dream.dream_cards import RegenDraft
from chathub_desktop.services.errors import StaleDocument
from tests.fakes.vendor_server import FakeVendor
from tests.integration.test_dream import AT, DAY, card, run, say, seed_cards, setup, summ

__all__ = ["summ"]  # the History Compress model's fixture

#: What SmolLM2-135M answered after ↻ (walk40): the prompt's headings and rules.
ECHO = "\n".join([
    f"Conversations on {DAY.isoformat()}:",
    "## Conversation 1: Lisbon trip (excerpt)",
    "- tone and language they prefer, and how they react to answers;",
    "- the format they want (length, structure, code style, citations, …);",
    "- tools and workflows they rely on;",
    "Rules:",
    "- Use only what the material shows; add nothing that is not there. Skip one-off details.",
])


def _day_with_a_card(services: Services, summ: FakeVendor):  # type: ignore[no-untyped-def]
    dreams = setup(services, summ)
    seed_cards(services, [DAY - timedelta(days=1), DAY])
    say(services, services.topics.create("Helper", title="Lisbon trip").id, Role.USER, "plan Lisbon in a table", AT)
    return dreams


def test_regenerate_drafts_first_and_writes_only_on_commit(services: Services, summ: FakeVendor) -> None:
    dreams = _day_with_a_card(services, summ)
    before = dreams.document("Helper")
    summ.script(card("- Wants trip plans as tables"))
    draft = run(dreams.draft_regenerate("Helper", 2))
    assert isinstance(draft, RegenDraft)
    assert (draft.number, draft.old, draft.body) == (2, "Prefers answers about theme 30 in tables",
                                                     "- Wants trip plans as tables")
    assert dreams.document("Helper") == before  # the old card stays until the user chooses
    out = run(dreams.commit_regenerate(draft))
    assert out.status == "regenerated" and out.message == f"the card for {DAY.isoformat()} was regenerated"
    assert dreams.cards("Helper")[1].text == "- Wants trip plans as tables"


def test_keeping_the_old_card_writes_nothing(services: Services, summ: FakeVendor) -> None:
    dreams = _day_with_a_card(services, summ)
    before = dreams.document("Helper")
    summ.script(card("- Wants trip plans as tables"))
    draft = run(dreams.draft_regenerate("Helper", 2))
    assert isinstance(draft, RegenDraft)
    out = dreams.keep_old_card(draft)
    assert out.message == f"{DAY.isoformat()}: the old card was kept"
    assert dreams.document("Helper") == before


def test_a_card_changed_while_the_preview_showed_is_not_overwritten(services: Services, summ: FakeVendor) -> None:
    dreams = _day_with_a_card(services, summ)
    summ.script(card("- Wants trip plans as tables"))
    draft = run(dreams.draft_regenerate("Helper", 2))
    assert isinstance(draft, RegenDraft)
    dreams.edit_card("Helper", 2, "Edited by hand meanwhile")
    with pytest.raises(StaleDocument):
        run(dreams.commit_regenerate(draft))
    assert dreams.cards("Helper")[1].text == "Edited by hand meanwhile"


def test_a_regenerated_card_that_echoes_the_prompt_is_refused_and_the_old_card_kept(
        services: Services, summ: FakeVendor) -> None:
    dreams = _day_with_a_card(services, summ)
    before = dreams.document("Helper")
    summ.script(card(ECHO))
    out = run(dreams.regenerate("Helper", 2))
    assert out.status == "failed"
    assert out.message == ("the History Compress model repeated its instructions instead of writing a card; "
                           "nothing was changed")
    assert dreams.document("Helper") == before


def test_a_regenerated_card_that_repeats_one_line_is_refused_in_one_line(services: Services,
                                                                         summ: FakeVendor) -> None:
    """walk42 #2: a card of near-identical lines was offered as a card (issue 30, REF-16)."""
    dreams = _day_with_a_card(services, summ)
    before = dreams.document("Helper")
    summ.script(card("\n".join(f"- The user asks about their style, which was requested, and asked for a summary {i}"
                                for i in range(6))))
    out = run(dreams.draft_regenerate("Helper", 2))
    assert not isinstance(out, RegenDraft) and out.status == "failed"
    assert out.message == ("the History Compress model wrote the same line over and over (6 of 6 lines nearly "
                           "repeat another) instead of a card; nothing was changed")
    assert dreams.document("Helper") == before


def test_dream_now_refuses_a_card_of_framing_headings_only(services: Services, summ: FakeVendor) -> None:
    dreams = setup(services, summ)
    say(services, services.topics.create("Helper", title="Lisbon trip").id, Role.USER, "plan Lisbon in a table", AT)
    summ.script(card(f"Conversations on {DAY.isoformat()}:\n\n## Conversation 1: Lisbon trip (excerpt)\n"
                     "User: plan Lisbon in a table"))
    got = run(dreams.draft_day("Helper", DAY))
    assert got.status == "failed" and "repeated its instructions" in got.message  # type: ignore[union-attr]
    assert dreams.cards("Helper") == []


def test_a_real_card_is_not_an_echo() -> None:
    """The rule's other side: a card in the prompt's words where it must be is kept."""
    prompt = dp.dream_request("Helper", DAY, [dp.TopicMaterial("Lisbon trip", excerpt="User: plan Lisbon")])
    system, user = (m.content for m in prompt.messages)
    kept = "- Prefers short bullet points and tables for plans\n- Writes in Portuguese; answers in English"
    assert not echoes_prompt(kept, system, [system, user])
    repeated = "Prefers answers about theme 30 in tables"  # a near-duplicate, judged elsewhere
    assert not echoes_prompt(repeated, system, [system, user + "\n" + repeated], known=[repeated])
    assert echoes_prompt(ECHO, system, [system, user])


def test_dream_now_refuses_a_card_that_is_the_model_chatting(services: Services, summ: FakeVendor) -> None:
    """walk45 #6: "I have nothing to edit or improve. Please go ahead and share…" was stored
    as a card; it is refused in one line and nothing is written (DRM-3: a card says how
    the person works)."""
    dreams = setup(services, summ)
    say(services, services.topics.create("Helper", title="Lisbon trip").id, Role.USER, "plan Lisbon in a table", AT)
    summ.script(card("I have nothing to edit or improve. Please go ahead and share the text you'd like me to "
                     "help with."))
    got = run(dreams.draft_day("Helper", DAY))
    assert got.status == "failed"  # type: ignore[union-attr]
    assert got.message == ("the History Compress model wrote to you instead of a card about how you work; "  # type: ignore[union-attr]
                           "nothing was changed")
    assert dreams.cards("Helper") == []


@pytest.mark.parametrize("body", ["- Prefers trip plans as tables; asks \"would you like me to\" questions be skipped",
                                  "- 用户喜欢用表格列出行程\n- 我没有需要编辑的内容",
                                  "- 旅行の計画は表で欲しい\n- 「何かお手伝いできますか」は不要"])
def test_a_regenerated_card_about_the_person_is_kept_in_any_language(services: Services, summ: FakeVendor,
                                                                     body: str) -> None:
    dreams = _day_with_a_card(services, summ)
    summ.script(card(body))
    draft = run(dreams.draft_regenerate("Helper", 2))
    assert isinstance(draft, RegenDraft) and draft.body == body
