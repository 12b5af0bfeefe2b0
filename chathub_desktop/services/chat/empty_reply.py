"""What the user reads when a provider ends a reply with nothing in it (issue 32).

A reply with no visible text and no tool call is not a success: it is stored as an
error (the window's error bubble with Retry; ``chat send`` exits non-zero with one line),
worded by what the stream showed. An empty reply from a request that filled the context
window is the context-window error of CMP-12 instead; the caller checks that first.
"""

from __future__ import annotations

from chathub_desktop.core.overflow import is_length_stop
from chathub_desktop.core.reasons import QT_TRANSLATE_NOOP, Reason


def is_empty_reply(parts: list[str], calls: int) -> bool:
    """True when the reply's text ``parts`` are blank (whitespace only) and it made no
    tool call (``calls`` is their number). No part is copied (``str.strip`` copied a
    huge reply that ends with a space)."""
    return not calls and all(p.isspace() for p in parts if p)


def empty_reply_error(finish_reason: str | None, reasoned: bool, unread_events: int) -> str:
    """One line saying why a reply is empty (the English of :func:`empty_reply_reason`)."""
    return empty_reply_reason(finish_reason, reasoned, unread_events).english()


def empty_reply_reason(finish_reason: str | None, reasoned: bool, unread_events: int) -> Reason:
    """Why a reply is empty, typed (issue 27: the window says it in its language):

    - ``unread_events`` > 0: the stream's events were not in the provider kind's shape
      (often a provider added with the wrong kind);
    - a length stop (``finish_reason`` ``length`` / ``max_tokens`` / …): the output token
      limit was reached before any text (spent on reasoning when ``reasoned``);
    - ``reasoned``: the model reasoned but wrote no answer;
    - else the provider answered with nothing.
    """
    if unread_events:
        return Reason(QT_TRANSLATE_NOOP("ServiceReasons", "the provider's answer had no text the app could read (%1 event "
                                                          "not in the shape of its provider kind); check the provider's "
                                                          "kind and base URL") if unread_events == 1 else
                      QT_TRANSLATE_NOOP("ServiceReasons", "the provider's answer had no text the app could read (%1 events "
                                                          "not in the shape of its provider kind); check the provider's "
                                                          "kind and base URL"), (f"{unread_events:,}",))
    if is_length_stop(finish_reason):
        return Reason(QT_TRANSLATE_NOOP("ServiceReasons", "the model reached its output token limit (max tokens), all "
                                                          "spent on reasoning before writing any text") if reasoned else
                      QT_TRANSLATE_NOOP("ServiceReasons", "the model reached its output token limit (max tokens) before "
                                                          "writing any text"))
    if reasoned:
        return Reason(QT_TRANSLATE_NOOP("ServiceReasons", "the model reasoned but wrote no answer"))
    return Reason(QT_TRANSLATE_NOOP("ServiceReasons", "the provider sent an empty reply"))
