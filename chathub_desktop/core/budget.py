"""Input budget of a request (CMP-8, REF-30)."""

from __future__ import annotations

from chathub_desktop.core.reasons import QT_TRANSLATE_NOOP, Reason


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


#: A context window this small or smaller gets a default max output (issue 28), tokens.
SMALL_WINDOW = 16_384
#: The share of a small window a default max output takes.
DEFAULT_OUTPUT_SHARE = 4


def default_max_output(context_window: int | None, card_max_output: int | None = None) -> int | None:
    """The max output (tokens) a new assistant on a model with a small window starts with,
    switched on so it is reserved and sent (CMP-8, issue 28: SmolLM2 with a 2,048-token
    window rambled 262 s to the window's end): a quarter of a window of at most
    :data:`SMALL_WINDOW` tokens (2,048 → 512), or the card's listed max output when that
    is lower. None for a larger or unknown window (``None`` or < 1)."""
    if context_window is None or not 0 < context_window <= SMALL_WINDOW:
        return None
    share = max(1, context_window // DEFAULT_OUTPUT_SHARE)
    return min(share, card_max_output) if card_max_output is not None and card_max_output > 0 else share


#: Highest percentage the badge writes; above it the ring reads ``>999%`` (walk37 #3:
#: a 2 MB draft read "17,589 %").
MOST_PERCENT = 999


def message_too_long(tokens: int, context_window: int, budget: int) -> str | None:
    """The English of :func:`message_too_long_reason` (what the CLI prints), or ``None``."""
    why = message_too_long_reason(tokens, context_window, budget)
    return why.english() if why is not None else None


def message_too_long_reason(tokens: int, context_window: int, budget: int) -> Reason | None:
    """The one line saying a message can never be sent to this model, typed (issue 27),
    or ``None``.

    ``tokens``: the new user message alone (its text, inlined files, template and
    framing, as the request counts it); ``context_window`` and ``budget`` (the input
    budget, CMP-8) in tokens. Over the window: ``This message alone is longer than the
    model's context window (41,200 tokens > 32,000)``; over the budget only, the line
    names the budget. No compaction can help (CMP-9 protects the latest user turn and
    CMP-11 rescues history, not a message that cannot fit), so nothing is sent."""
    if budget <= 0 or tokens <= budget:
        return None
    if tokens > context_window > 0:
        return Reason(QT_TRANSLATE_NOOP("ServiceReasons", "This message alone is longer than the model's context "
                                                          "window (%1 tokens > %2)"),
                      (f"{tokens:,}", f"{context_window:,}"))
    return Reason(QT_TRANSLATE_NOOP("ServiceReasons", "This message alone is longer than the model's input budget "
                                                      "(%1 tokens > %2, the context window less the reply reserve)"),
                  (f"{tokens:,}", f"{budget:,}"))
