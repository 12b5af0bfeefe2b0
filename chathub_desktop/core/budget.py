"""Input budget of a request (CMP-8, REF-30)."""

from __future__ import annotations


def completion_reserve(
    context_window: int, max_tokens: int | None, max_tokens_enabled: bool, card_max_output: int | None
) -> int:
    """Tokens held back for the reply.

    The max-tokens value when its switch is on (capped at ``window − 1``); otherwise the
    model card's listed max output when it is below the window; otherwise 0. A saved
    max-tokens value with the switch off is neither reserved nor sent (CMP-8).
    """
    if max_tokens_enabled and max_tokens is not None and max_tokens > 0:
        return min(max_tokens, max(context_window - 1, 0))
    if card_max_output is not None and 0 < card_max_output < context_window:
        return card_max_output
    return 0


def input_budget(
    context_window: int, max_tokens: int | None, max_tokens_enabled: bool, card_max_output: int | None
) -> int:
    """``max(1, window − reserve)`` tokens (REF-30)."""
    reserve = completion_reserve(context_window, max_tokens, max_tokens_enabled, card_max_output)
    return max(1, context_window - reserve)
