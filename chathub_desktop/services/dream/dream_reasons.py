"""What a dream run says it did or why it stopped, as typed reasons (issue 27): each
template is the English the CLI prints, marked for the window's translation in the
``ServiceReasons`` context (``core.reasons``; the window says them through
``gui.shell.service_reasons.said``). Dates are ISO days, numbers as the English line
shows them."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from datetime import date
from enum import StrEnum

from chathub_desktop.core.dream_prompt import CapSource
from chathub_desktop.core.dynamic_memory import FoldMethod
from chathub_desktop.core.reasons import QT_TRANSLATE_NOOP, Day, Reason
from chathub_desktop.core.secret_redaction import Redaction

__all__ = ["DreamReason", "bounded_note", "cut_reason", "fold_note", "read_titles_note", "redacted_note"]


class DreamReason(StrEnum):
    """The templates of a dream run's outcome line and its notes (``%n``: its values). A
    written card is named by its day, not its ``#N`` (its place, which moves as older days
    come in: walk52b #2); the number stays among the values."""

    HAS_CARD = QT_TRANSLATE_NOOP("ServiceReasons", "%1 already has a dream card (#%2)")
    FOLDED_INTO = QT_TRANSLATE_NOOP("ServiceReasons", "%1 is already folded into range card #%2 [%3]")
    #: walk56 #12: a day older than the range card is not "already folded into" it
    BEFORE_RANGE = QT_TRANSLATE_NOOP("ServiceReasons", "%1 comes before range card #%2 [%3], which keeps the "
                                                       "oldest days")
    #: Accept of a proposal whose day is covered (%1: why, one of the three above)
    CANT_ACCEPT = QT_TRANSLATE_NOOP("ServiceReasons", "%1; this proposal can't be added")
    #: Undo of a Discard when that day got another proposal meanwhile
    PROPOSAL_BACK_TAKEN = QT_TRANSLATE_NOOP("ServiceReasons", "the discarded card for %1 cannot come back: "
                                                              "another proposal for that day waits (#%2)")
    WAITS_REVIEW = QT_TRANSLATE_NOOP("ServiceReasons", "the card for %1 waits for review (proposal #%2)")
    NO_TOPICS = QT_TRANSLATE_NOOP("ServiceReasons", "no topic had messages on %1")
    NO_TOPICS_ANY_MORE = QT_TRANSLATE_NOOP("ServiceReasons", "no topic has messages on %1 any more")
    NOTHING_NEW = QT_TRANSLATE_NOOP("ServiceReasons", "%1 showed nothing new about how you work")
    NOTHING_NEW_KEPT = QT_TRANSLATE_NOOP("ServiceReasons", "%1 showed nothing new; its card was kept")
    REPEATED = QT_TRANSLATE_NOOP("ServiceReasons", "the card for %1 repeated %2")
    NOT_WRITTEN = QT_TRANSLATE_NOOP("ServiceReasons", "nothing was written for %1: %2")
    GOT_CARD_MEANWHILE = QT_TRANSLATE_NOOP("ServiceReasons", "%1 got a dream card meanwhile")
    GOT_CARD_OR_PROPOSAL = QT_TRANSLATE_NOOP("ServiceReasons", "%1 got a card or a proposal meanwhile")
    ADDED = QT_TRANSLATE_NOOP("ServiceReasons", "added the card for %2")
    REGENERATED = QT_TRANSLATE_NOOP("ServiceReasons", "the card for %2 was regenerated")
    OLD_CARD_KEPT = QT_TRANSLATE_NOOP("ServiceReasons", "%1: the old card was kept")
    CANCELLED = QT_TRANSLATE_NOOP("ServiceReasons", "the card for %1 was not added (cancelled)")
    PROPOSED = QT_TRANSLATE_NOOP("ServiceReasons", "proposed a card for %1 (proposal #%2%3); accept or discard it")
    STOPPED = QT_TRANSLATE_NOOP("ServiceReasons", "stopped before it finished")
    # walk50 #2: say which limit stopped it — the answer's output cap or the window
    CUT_AT_OUTPUT_CAP = QT_TRANSLATE_NOOP("ServiceReasons", "the History Compress model stopped at its output cap "
                                                            "(%1 tokens, %2) before one complete line of the card; "
                                                            "raise Max output in its model card (Settings → "
                                                            "Models) or choose another History Compress model")
    CUT_AT_WINDOW = QT_TRANSLATE_NOOP("ServiceReasons", "the History Compress model's %1-token window left only %2 "
                                                        "tokens for the answer beside the day's chats, and it "
                                                        "stopped there before it completed one line of the card; "
                                                        "choose a History Compress model with a larger window")
    CAP_FROM_CARD = QT_TRANSLATE_NOOP("ServiceReasons", "its model card's max output")
    CAP_FROM_CARD_SIZE = QT_TRANSLATE_NOOP("ServiceReasons", "the dream's card size")
    CAP_FROM_WINDOW = QT_TRANSLATE_NOOP("ServiceReasons", "a quarter of its %1-token window")
    EMPTY_ANSWER = QT_TRANSLATE_NOOP("ServiceReasons", "the History Compress model returned an empty answer")
    ECHOED_PROMPT = QT_TRANSLATE_NOOP("ServiceReasons", "the History Compress model repeated its instructions "
                                                        "instead of writing a card; nothing was changed")
    REPEATS_ITSELF = QT_TRANSLATE_NOOP("ServiceReasons", "the History Compress model wrote the same line over "
                                                         "and over (%1 of %2 lines nearly repeat another) instead "
                                                         "of a card; nothing was changed")
    DEGENERATE = QT_TRANSLATE_NOOP("ServiceReasons", "the card for %1 mostly repeats itself, so it was not added; "
                                                     "Dream now shows it for review, or choose a larger History "
                                                     "Compress model")
    DEGENERATE_KEPT = QT_TRANSLATE_NOOP("ServiceReasons", "the new card for %1 mostly repeats itself, so the old "
                                                          "card was kept; Regenerate on the Memory page shows it for "
                                                          "review, or choose a larger History Compress model")
    #: The warning over a previewed card that mostly repeats itself: the window's Dream now
    #: and Regenerate previews and ``dream run --preview`` (session 51) say the same words
    DEGENERATE_PREVIEW = QT_TRANSLATE_NOOP("ServiceReasons", "This card mostly repeats itself — try Regenerate or "
                                                             "a larger model")
    CHATTED = QT_TRANSLATE_NOOP("ServiceReasons", "the History Compress model wrote to you instead of a card "
                                                  "about how you work; nothing was changed")
    WINDOW_TOO_SMALL = QT_TRANSLATE_NOOP("ServiceReasons", "the History Compress model's %1-token window is too "
                                                           "small to read any topic of the day; choose a model "
                                                           "with a larger window")
    NOT_OVER = QT_TRANSLATE_NOOP("ServiceReasons", "%1 is not over yet (UTC); a dream reads a finished day")
    MEMORY_OFF = QT_TRANSLATE_NOOP("ServiceReasons", "memory is off for %1; turn it on (Assistant → Memory) to dream")
    # notes, each with its own leading separator
    FOLDED_BY_MODEL = QT_TRANSLATE_NOOP("ServiceReasons", "; older cards folded (model)")
    FOLDED_CONCATENATED = QT_TRANSLATE_NOOP("ServiceReasons", "; older cards folded (concatenated)")
    WITH_FOLD_BY_MODEL = QT_TRANSLATE_NOOP("ServiceReasons", "; with a fold of older cards (model)")
    WITH_FOLD_CONCATENATED = QT_TRANSLATE_NOOP("ServiceReasons", "; with a fold of older cards (concatenated)")
    CARD_SHORTENED = QT_TRANSLATE_NOOP("ServiceReasons", "; the model's %1 characters were shortened to %2")
    REDACTED = QT_TRANSLATE_NOOP("ServiceReasons", "; Redacted from the dream card: %1 (likely secrets are never "
                                                   "remembered).")
    LEFT_OUT = QT_TRANSLATE_NOOP("ServiceReasons", "; %1 of %2 topics were left out to fit the History Compress "
                                                   "model's %3-token window")
    SHORTENED = QT_TRANSLATE_NOOP("ServiceReasons", "; %1 shortened to fit the History Compress model's %2-token "
                                                    "window")
    LEFT_OUT_AND_SHORTENED = QT_TRANSLATE_NOOP("ServiceReasons", "; %1 of %2 topics were left out and %3 shortened "
                                                                 "to fit the History Compress model's %4-token "
                                                                 "window")
    COMPLETE_LINES_KEPT = QT_TRANSLATE_NOOP("ServiceReasons", "; the card may be missing its end: the History "
                                                              "Compress model reached its token limit, so its "
                                                              "unfinished last line was left out")
    READ = QT_TRANSLATE_NOOP("ServiceReasons", "; read %1")
    READ_AND_MORE = QT_TRANSLATE_NOOP("ServiceReasons", "; read %1 and %2 more")


def cut_reason(cap: int, source: CapSource, room: int, window: int) -> Reason:
    """Why a card answer cut before its first complete line was refused (walk50 #2): the
    ``window`` (tokens) left only ``room`` for it, below its ``cap`` from ``source``, or
    that output cap itself stopped it."""
    if room < cap:
        return Reason(DreamReason.CUT_AT_WINDOW, (f"{window:,}", f"{max(room, 1):,}"))
    where = Reason(DreamReason.CAP_FROM_CARD) if source is CapSource.CARD \
        else Reason(DreamReason.CAP_FROM_WINDOW, (f"{window:,}",)) if source is CapSource.WINDOW \
        else Reason(DreamReason.CAP_FROM_CARD_SIZE)
    return Reason(DreamReason.CUT_AT_OUTPUT_CAP, (f"{cap:,}", where))


def day_reason(template: DreamReason, day: date, *args: str | Day | Reason) -> Reason:
    """``template`` about ``day`` (first: ISO for the CLI, the locale's date in the window) and ``args``."""
    return Reason(template, (Day(day), *args))


def fold_note(how: FoldMethod, *, proposed: bool = False) -> Reason:
    """``"; older cards folded (model)"`` (``how`` the fold was made); with ``proposed``,
    the proposal's ``"; with a fold of older cards (…)"``."""
    by_model = how is FoldMethod.MODEL
    if proposed:
        return Reason(DreamReason.WITH_FOLD_BY_MODEL if by_model else DreamReason.WITH_FOLD_CONCATENATED)
    return Reason(DreamReason.FOLDED_BY_MODEL if by_model else DreamReason.FOLDED_CONCATENATED)


def redacted_note(red: Redaction) -> tuple[Reason, ...]:
    """``"; Redacted from the dream card: 1 openai-api-key …"``, or nothing when ``red``
    kept every word (the English of ``Redaction.notice("the dream card")``)."""
    if not red.kinds:
        return ()
    listed = ", ".join(f"{n} {kind}" for kind, n in Counter(red.kinds).items())
    return (Reason(DreamReason.REDACTED, (listed,)),)


def bounded_note(left_out: int, total: int, shortened: int, window: int) -> tuple[Reason, ...]:
    """How a dream's material was bounded to the model's ``window`` (tokens): ``left_out``
    of ``total`` topics left out, ``shortened`` shortened; nothing when neither."""
    w = f"{window:,}"
    if left_out and shortened:
        return (Reason(DreamReason.LEFT_OUT_AND_SHORTENED, (str(left_out), str(total), str(shortened), w)),)
    if left_out:
        return (Reason(DreamReason.LEFT_OUT, (str(left_out), str(total), w)),)
    if shortened:
        return (Reason(DreamReason.SHORTENED, (str(shortened), w)),)
    return ()


def read_titles_note(titles: Sequence[str], shown: int) -> tuple[Reason, ...]:
    """``"; read “A”, “B” and 3 more"`` (the first ``shown`` titles); nothing for none."""
    if not titles:
        return ()
    listed = ", ".join(f"“{t}”" for t in titles[:shown])
    more = len(titles) - shown
    return (Reason(DreamReason.READ_AND_MORE, (listed, str(more))) if more > 0 else Reason(DreamReason.READ, (listed,)),)
