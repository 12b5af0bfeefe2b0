"""What the dream reads and how its answers are read (issue 11): the prompt bounded by
the History Compress model's window, fixed memory as already known and skipped as a
near duplicate (DRM-3, DRM-14, REF-16, REF-17), and model answers cleaned of their
wrapping."""

from __future__ import annotations

from datetime import date

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from chathub_desktop.core import dream_prompt as dp
from chathub_desktop.core import dynamic_memory as dm
from chathub_desktop.core.memory_documents import DYNAMIC, FIXED
from chathub_desktop.core.memory_repeats import Repeat, RepeatKind
from chathub_desktop.tokens.counter import TokenCounter
from tests.cases import cases

DAY = date(2026, 11, 30)
COUNT = TokenCounter.for_model("gpt-4o").count


def tokens(messages: list) -> int:  # type: ignore[type-arg]
    return sum(COUNT(m.content) + dp.MESSAGE_OVERHEAD_TOKENS for m in messages)


def long_topics(n: int = 30, chars: int = 12_000) -> list[dp.TopicMaterial]:
    line = "The user asked for terse answers with code first and British spelling. "
    return [dp.TopicMaterial(f"Topic {i}", summary=f"Summary {i}: " + (line * (chars // len(line) + 1))[:chars])
            for i in range(n)]


# --- the budget --------------------------------------------------------------------------


def test_budget_follows_the_models_window() -> None:
    """Half the window for the prompt, at most a quarter for the answer (1,600 / 2,600
    caps on a large window)."""
    small = dp.dream_budget(2048)
    assert (small.prompt_tokens, small.answer_tokens, small.fold_answer_tokens) == (1024, 512, 512)
    large = dp.dream_budget(128_000)
    assert (large.prompt_tokens, large.answer_tokens, large.fold_answer_tokens) == (64_000, 1600, 2600)
    with pytest.raises(ValueError):
        dp.dream_budget(0)


def test_30_long_summaries_fit_a_2048_token_window_newest_first() -> None:
    """30 topics with 12,000-character summaries: the request stays within the prompt
    budget of a 2,048-token model; the newest topics are in it, the rest counted out."""
    topics = long_topics()
    prompt = dp.dream_request("Helper", DAY, topics, prompt_tokens=1024, count=COUNT)
    assert tokens(prompt.messages) <= 1024
    assert prompt.topics_total == 30 and 0 < prompt.topics_shown < 30
    assert prompt.topics_left_out == 30 - prompt.topics_shown
    user = prompt.messages[1].content
    shown = [t.title for t in topics if f": {t.title} (summary)" in user]
    assert shown == [t.title for t in topics[: prompt.topics_shown]]  # newest first, no gaps
    assert prompt.topics_shortened == prompt.topics_shown  # every 12,000-character summary was cut


def test_each_topic_gets_an_even_share() -> None:
    """On a large window no single summary takes the room of the others: each is cut to
    about an even share of the prompt budget."""
    topics = long_topics(4, 40_000)
    prompt = dp.dream_request("Helper", DAY, topics, prompt_tokens=8000, count=COUNT)
    assert prompt.topics_shown == 4 and tokens(prompt.messages) <= 8000
    parts = prompt.messages[1].content.split("## Conversation ")[1:]
    assert all(COUNT(p) <= 8000 // 4 for p in parts)


def test_unbounded_request_keeps_everything() -> None:
    topics = long_topics(3, 500)
    prompt = dp.dream_request("Helper", DAY, topics, ["#1 [2026-11-29]:\nold card"], ["#1: likes tea"])
    assert prompt.topics_left_out == 0 and prompt.topics_shortened == 0 and prompt.known_left_out == 0
    assert all(t.text in prompt.messages[1].content for t in topics)


# --- DRM-14: fixed memory is already known ------------------------------------------------


def test_fixed_memory_is_shown_as_already_known_before_the_cards() -> None:
    prompt = dp.dream_request("Helper", DAY, long_topics(1, 200), ["#1 [2026-11-29]:\n- wants tables"],
                              ["#1: Always use British spelling", "#2: Lives in Berlin"],
                              prompt_tokens=4000, count=COUNT)
    user = prompt.messages[1].content
    assert user.index("#1: Always use British spelling") < user.index("#2: Lives in Berlin") < user.index(
        "- wants tables") < user.index("Conversations on 2026-11-30")
    assert "Already known" in user and "already known" in prompt.messages[0].content.lower()


def test_a_huge_fixed_memory_takes_a_bounded_part_of_the_prompt() -> None:
    fixed = [f"#{i}: fact number {i} about something the user said" for i in range(1, 5001)]
    prompt = dp.dream_request("Helper", DAY, long_topics(2, 300), [], fixed, prompt_tokens=3000, count=COUNT)
    assert tokens(prompt.messages) <= 3000 and prompt.topics_shown == 2
    assert 0 < prompt.known_left_out < 5000
    assert f"{prompt.known_left_out:,} more entries not shown" in prompt.messages[1].content


def test_ref16_a_card_repeating_a_fixed_entry_is_a_near_duplicate() -> None:
    """DRM-14 / REF-16: Jaccard ≥ 0.8 with a fixed entry counts like one with a card."""
    fixed = ["Lives in Berlin", "Always use British spelling: colour, not color"]
    found = dm.near_duplicate_of("- Always use British spelling (colour, not color).", [], fixed)
    assert found == Repeat(FIXED, 2, "Always use British spelling: colour, not color", RepeatKind.NEAR)
    assert found is not None and found.place_reason().english() == "fixed memory #2"
    assert dm.near_duplicate_of("- Prefers tables for comparisons", [], fixed) is None
    card = dm.Card("2026-11-29", "Prefers tables for comparisons")
    found = dm.near_duplicate_of("prefers tables for comparisons", [card], fixed)
    assert found == Repeat(DYNAMIC, 1, "Prefers tables for comparisons") and found.place_reason().english() == "card #1"
    assert dm.near_duplicate_of("東京で寿司を食べるのが好き", [], ["東京で寿司を食べるのが好き。"]) == Repeat(
        FIXED, 1, "東京で寿司を食べるのが好き。")


# --- cleaning the model's answer ---------------------------------------------------------

BODY = "- Prefers short answers  \n- Code first, then the explanation\n\n  - nested: kept as is"


@pytest.mark.parametrize("answer", [
    f"```\n{BODY}\n```",
    f"```markdown\n{BODY}\n```",
    f"~~~~\n{BODY}\n~~~~",
    f"Here is the updated assistant memory:\n{BODY}",
    f"Here is the updated assistant memory:\n\n```md\n{BODY}\n```\n",
    f"```\nHere's the card:\n{BODY}\n```",
    f"**Updated memory:**\n\n{BODY}",
    f"以下是更新后的助手记忆：\n{BODY}",
    f"更新されたアシスタントメモリ：\n{BODY}",
    f"  \n{BODY}\n\n",
    f"<summary>\n{BODY}\n</summary>",  # issue 30: the tags a model wrapped the card in
    f"<SUMMARY>{BODY}</SUMMARY>",
    f"```\n<summary>\n{BODY}\n</summary>\n```",
    f"Here is the updated memory:\n<memory>\n{BODY}\n</memory>",
])
def test_a_fence_and_an_announcing_line_are_stripped_and_the_rest_kept_byte_for_byte(answer: str) -> None:
    assert dp.read_dream_answer(answer) == BODY
    assert dp.read_fold_answer(answer, 6000) == BODY


@pytest.mark.parametrize("answer", [
    "Preferences:\n- tea",  # a heading of the card, not an announcement
    "- Here is a list item:\n- tea",  # a list item
    "```\nA\n```\n\ntext\n\n```\nB\n```",  # two code blocks, not one fence around all
    "Here is the updated assistant memory:",  # nothing after it
    "x" * 120 + " memory:\n- tea",  # too long for an announcement
    "<summary>a</summary> and <summary>b</summary>",  # tags inside the text, not around it
    "Uses <summary> tags in HTML reports",
])
def test_other_text_is_kept(answer: str) -> None:
    assert dp.clean_answer(answer) == answer.strip()


def test_no_changes_inside_a_fence_is_still_no_changes() -> None:
    assert dp.read_dream_answer("```\nNO_CHANGES\n```") is None
    assert dp.read_fold_answer("Here is the memory:\nNO_CHANGES", 100) is None


@settings(max_examples=cases(80), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(st.characters(blacklist_categories=("Cs",)), max_size=200))
def test_property_cleaning_only_removes_wrapping(text: str) -> None:
    """Whatever the answer, the cleaned text is a piece of it (nothing is rewritten)."""
    out = dp.clean_answer(text)
    assert out in text


# --- issue 28: a new card the provider cut at its token limit ----------------------------------

RAMBLE = ("Here is the profile:\n```\n- Prefers short answers.\n- Uses British spelling\n"
          "- prefers short answers\n* Uses British spelling.\n\n\n1. Prefers short answers!\n- Wants code bef")


def test_a_cut_card_keeps_its_complete_lines_each_said_once() -> None:
    """A 135M model loops over the same bullets until the limit (walk39): the card keeps
    each complete line once; the unfinished last line and the unclosed fence go."""
    assert dp.read_cut_dream_answer(RAMBLE) == "- Prefers short answers.\n- Uses British spelling"


def test_a_cut_card_does_not_end_on_a_lead_in_to_what_was_cut() -> None:
    """walk40: SmolLM2's card ended on a dangling "Conversations:" (the list under it cut)."""
    answer = "- Prefers short answers.\n- Plans trips to Lisbon.\n\n## Details\nConversations:\n- Lisbon in Dec"
    assert dp.read_cut_dream_answer(answer) == "- Prefers short answers.\n- Plans trips to Lisbon."


@pytest.mark.parametrize("answer", ["- Prefers answers in tab", "", "```\n- half a li", "NO_CHANGES\n- and more te",
                                    "Conversations:\n- Lisbon in Dec"])
def test_a_cut_card_with_nothing_complete_is_none(answer: str) -> None:
    assert dp.read_cut_dream_answer(answer) is None


def test_a_cut_single_paragraph_keeps_its_complete_sentences() -> None:
    assert dp.read_cut_dream_answer("Prefers tables. Writes in English. Asks for sou") == \
        "Prefers tables. Writes in English."


@settings(max_examples=cases(200), suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(st.text(alphabet=st.sampled_from("-* ab.\n`~#:1)"), max_size=400))
def test_property_a_cut_card_is_made_only_of_lines_of_the_answer(text: str) -> None:
    """Fuzz (house rule): any cut answer reads to None or a body whose every line is a line
    (or a line's start) of the answer, none repeated."""
    body = dp.read_cut_dream_answer(text)
    if body is None:
        return
    lines = [line for line in body.split("\n") if line.strip()]
    assert all(any(src.rstrip().startswith(line.rstrip()) or line.strip() in src for src in text.split("\n"))
               for line in lines)
    assert len(body) <= len(text)
