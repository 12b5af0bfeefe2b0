"""What the user reads when a provider ends a reply with nothing in it (issue 32).

A reply with no visible text and no tool call is not a success: it is stored as an
error (the window's error bubble with Retry; ``chat send`` exits non-zero with one line),
worded by what the stream showed. An empty reply from a request that filled the context
window is the context-window error of CMP-12 instead; the caller checks that first.
"""

from __future__ import annotations

from chathub_desktop.core.overflow import is_length_stop


def is_empty_reply(parts: list[str], calls: int) -> bool:
    """True when the reply's text ``parts`` are blank (whitespace only) and it made no
    tool call (``calls`` is their number)."""
    return not calls and not any(p.strip() for p in parts)


def empty_reply_error(finish_reason: str | None, reasoned: bool, unread_events: int) -> str:
    """One line saying why a reply is empty:

    - ``unread_events`` > 0: the stream's events were not in the provider kind's shape
      (often a provider added with the wrong kind);
    - a length stop (``finish_reason`` ``length`` / ``max_tokens`` / …): the output token
      limit was reached before any text (spent on reasoning when ``reasoned``);
    - ``reasoned``: the model reasoned but wrote no answer;
    - else the provider answered with nothing.
    """
    if unread_events:
        s = "" if unread_events == 1 else "s"
        return (f"the provider's answer had no text the app could read ({unread_events:,} event{s} "
                "not in the shape of its provider kind); check the provider's kind and base URL")
    if is_length_stop(finish_reason):
        spent = ", all spent on reasoning" if reasoned else ""
        return f"the model reached its output token limit (max tokens){spent} before writing any text"
    if reasoned:
        return "the model reasoned but wrote no answer"
    return "the provider sent an empty reply"
