"""Input budget (CMP-8, REF-30) and topic titles (APP-10)."""

from __future__ import annotations

from chathub_desktop.core.budget import completion_reserve, input_budget
from chathub_desktop.core.topic_titles import clean_model_title, title_from_text


def test_max_tokens_reserved_only_when_its_switch_is_on() -> None:
    """CMP-8: a saved max-tokens value with the switch off is not reserved."""
    assert input_budget(128_000, 4_000, True, 16_384) == 124_000
    assert input_budget(128_000, 4_000, False, 16_384) == 128_000 - 16_384


def test_card_max_output_reserved_only_when_below_the_window() -> None:
    assert completion_reserve(8_192, None, False, 8_192) == 0
    assert input_budget(8_192, None, False, None) == 8_192


def test_reserve_is_capped_and_budget_never_below_one() -> None:
    """REF-30: reserve ≤ window − 1; budget = max(1, window − reserve)."""
    assert completion_reserve(2_048, 10_000, True, None) == 2_047
    assert input_budget(2_048, 10_000, True, None) == 1


def test_title_from_first_words() -> None:
    assert title_from_text("  How do I   parse JSON in Rust?  ") == "How do I parse JSON in Rust?"
    assert title_from_text("one two three four five six seven eight nine") == (
        "one two three four five six seven eight…"
    )
    assert title_from_text("   ") == "New topic"
    assert len(title_from_text("x" * 500)) <= 61
    # walk42 #1: the cut word's own full stop does not stay before the ellipsis (".…")
    assert title_from_text("Hi! I'm planning a weekend trip to Lisbon. Can you suggest three things?") == (
        "Hi! I'm planning a weekend trip to Lisbon…"
    )
    assert title_from_text("一 二 三 四 五 六 七 八。 九") == "一 二 三 四 五 六 七 八…"


def test_model_title_cleanup() -> None:
    assert clean_model_title('Title: "Parsing JSON in Rust".\nmore') == "Parsing JSON in Rust"
    assert clean_model_title("  \n ") is None
    # walk37 #4: a small model's answer instead of a title is refused, not cut mid-word
    assert clean_model_title('SUR QUESTION! I\'m sorry for any confusion, but "capital of France" is Paris.') is None
    assert clean_model_title("Capital cities of Europe") == "Capital cities of Europe"
