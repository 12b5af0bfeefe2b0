"""A card whose lines nearly repeat each other is told from a card (issue 30, walk42 #2:
a regenerated card of ten near-identical lines was offered without complaint; REF-16's
near-duplicate rule among a card's own lines)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from chathub_desktop.core.card_repeats import MAX_LINES, repeated_lines

#: walk42's regenerated card (SmolLM2-135M), abridged.
LOOP = """1. What did I just hear? The user asked how the person works with the assistant.
2. The user asks about the style of the work, which was requested, and asked to provide a summary about the style of their work.
3. The user asks about their style, which was requested, and asked to provide a summary about their style.
4. The user asks about their style, which was requested, and asked to provide a summary of their style.
5. The user asks about the style of their work, which was requested, and asked to provide a summary of their style.
19."""  # noqa: E501 - the model's lines as it wrote them


def test_a_card_of_near_identical_lines_repeats_itself() -> None:
    assert repeated_lines(LOOP) == (4, 5)  # "19." has no words: not a line of the card
    assert repeated_lines("- Prefers tables\n- prefers tables.\n* Prefers TABLES") == (3, 3)


def test_a_card_of_different_lines_does_not() -> None:
    card = ("- Prefers plans as tables\n- Writes in Portuguese; answers in English\n"
            "- Planning a trip to Lisbon in May\n- Prefers tables for prices too")
    assert repeated_lines(card) is None
    assert repeated_lines("- Prefers tables\n- Prefers tables") is None  # two lines: too few to judge
    assert repeated_lines("") is None


@settings(max_examples=100, deadline=None)
@given(st.text(max_size=6400))
def test_any_text_is_judged_within_bounds(text: str) -> None:
    got = repeated_lines(text)
    assert got is None or 0 < got[0] <= got[1] <= MAX_LINES
