"""Which limit stopped a dream card (walk50 #2): SmolLM2's card was cut at its 512-token
output cap, and the error told the user to choose a model "with a larger window"."""

from __future__ import annotations

from chathub_desktop.core.dream_prompt import CapSource, answer_cap, dream_budget
from chathub_desktop.services.dream.dream_reasons import DreamReason, cut_reason


def test_without_a_max_output_a_small_window_caps_the_answer_at_a_quarter_of_it() -> None:
    assert answer_cap(dream_budget(2048), None, user_card=False) == (512, CapSource.WINDOW)
    assert answer_cap(dream_budget(128_000), None, user_card=False) == (1600, CapSource.CARD_SIZE)


def test_a_max_output_set_in_the_users_card_is_the_cap_so_the_card_editor_can_raise_it() -> None:
    assert answer_cap(dream_budget(2048), 1024, user_card=True) == (1024, CapSource.CARD)
    # a catalog's large max output does not ask for more than the card size …
    assert answer_cap(dream_budget(128_000), 128_000, user_card=False) == (1600, CapSource.CARD_SIZE)
    # … but a catalog's smaller one lowers it
    assert answer_cap(dream_budget(128_000), 300, user_card=False) == (300, CapSource.CARD)


def test_a_cut_at_the_output_cap_names_the_cap_and_where_it_comes_from_not_the_window() -> None:
    why = cut_reason(512, CapSource.WINDOW, room=1100, window=2048)
    assert why.template == DreamReason.CUT_AT_OUTPUT_CAP
    assert why.english() == ("the History Compress model stopped at its output cap (512 tokens, a quarter of its "
                             "2,048-token window) before one complete line of the card; raise Max output in its "
                             "model card (Settings → Models) or choose another History Compress model")
    assert "(1,024 tokens, its model card's max output)" in cut_reason(1024, CapSource.CARD, 1100, 2048).english()


def test_a_cut_where_the_window_ran_out_says_the_window() -> None:
    why = cut_reason(512, CapSource.WINDOW, room=300, window=2048)
    assert why.template == DreamReason.CUT_AT_WINDOW
    assert why.english().startswith("the History Compress model's 2,048-token window left only 300 tokens for the "
                                    "answer beside the day's chats")
    assert why.english().endswith("choose a History Compress model with a larger window")
