"""The memory dream's prompts and the reading of its answers (DRM-3, DRM-9, REF-12, REF-17).

Pure text functions. Lengths are in characters.

- :func:`day_excerpt` turns one topic's user/assistant messages of the history day into
  ``User:`` / ``Assistant:`` lines: newest first up to 1,200 characters, then put back
  in time order (REF-17).
- :func:`dream_request` asks the History Compress model what the day shows about *how
  the user works* with the assistant (tone, format, tool habits, standing preferences),
  not what was discussed; it answers with one card body or exactly ``NO_CHANGES``.
- :func:`fold_request` / :func:`shorter_request` re-summarize folded cards into one
  range card under a character limit, and ask once for a shorter complete rewrite.
- What a dream reads is bounded by the History Compress model's own window
  (:func:`dream_budget`): the prompt holds fixed memory and the kept cards as "already
  known" (DRM-14) and the topics newest first, each cut to its share; topics that do
  not fit are left out and counted (:class:`DreamPrompt`).
- :func:`clean_answer` removes what small, chatty models wrap a card in: a surrounding
  Markdown code fence and a short first line announcing the memory that ends in a
  colon (English, Chinese, Japanese); the rest is kept as it is.
- :func:`read_cut_dream_answer` reads a new card the provider stopped at its token limit
  (issue 28: a 135M model rambles to any limit): its complete lines, each said once.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date
from enum import StrEnum

from chathub_desktop.core.compaction_prompt import complete_part, in_language, without_repeats
from chathub_desktop.core.dynamic_cards import cut_to_cap
from chathub_desktop.core.messages import ChatMessage, Role

NO_CHANGES = "NO_CHANGES"
EXCERPT_CHARS = 1200
MAX_TOPICS = 30
#: A new card aims at about this many tokens (REF-9).
CARD_TARGET_TOKENS = 800
#: Output tokens asked for a new card and for a range re-summary, at most.
CARD_MAX_TOKENS = 1600
FOLD_MAX_TOKENS = 2600
#: Shares of the History Compress model's window (tokens): the prompt may fill half
#: (the rest is for the answer and for the gap between our tokenizer and the model's),
#: the answer at most a quarter.
PROMPT_WINDOW_SHARE = 0.5
ANSWER_WINDOW_SHARE = 0.25
#: A topic shown at all gets at least this many tokens of its text.
MIN_TOPIC_TOKENS = 60
#: Tokens counted for each message's role and framing besides its text.
MESSAGE_OVERHEAD_TOKENS = 8
#: The longest first line :func:`clean_answer` takes for an announcement, characters.
ANNOUNCE_MAX_CHARS = 100


@dataclass(frozen=True)
class TopicMaterial:
    """What one topic active on the history day gives the dream: its ``title`` and
    either its compaction ``summary`` or an ``excerpt`` of that day (DRM-3)."""

    title: str
    summary: str | None = None
    excerpt: str = ""

    @property
    def text(self) -> str:
        """The summary when there is one, else the excerpt."""
        return self.summary if self.summary else self.excerpt


def day_excerpt(messages: Sequence[tuple[str, str]], limit: int = EXCERPT_CHARS) -> str:
    """REF-17 excerpt of ``(role, text)`` pairs in time order (roles other than ``user``
    and ``assistant`` are skipped): lines are taken newest first while they fit in
    ``limit`` characters (the newest line is cut to fit when it alone is longer), then
    returned oldest first, joined by newlines. Empty when nothing qualifies."""
    lines: list[str] = []
    used = 0
    for role, text in reversed(messages):
        if role not in (Role.USER, Role.ASSISTANT) or not text.strip():
            continue
        line = f"{'User' if role == Role.USER else 'Assistant'}: {' '.join(text.split())}"
        cost = len(line) + (1 if lines else 0)
        if used + cost > limit:
            if not lines:
                lines.append(line[:limit])
            break
        lines.append(line)
        used += cost
    return "\n".join(reversed(lines))


_DREAM_SYSTEM = f"""You keep a short profile of how one person works with an AI assistant named "{{assistant}}".
You receive what happened in their conversations on one day ({{day}}, UTC): a summary of each conversation, or an excerpt of its messages.

Write down what this day shows about HOW the person works with the assistant, so that future conversations go better:
- tone and language they prefer, and how they react to answers;
- the format they want (length, structure, code style, citations, …);
- tools and workflows they rely on;
- standing preferences, constraints and recurring goals.

Rules:
- This is not a recap of the day: do not list topics discussed or answers given, except where they reveal a lasting preference.
- Use only what the material shows; add nothing that is not there. Skip one-off details.
- Write in the language the person mainly uses.
- Short bullet points, at most about {CARD_TARGET_TOKENS} tokens.
- What is already known is listed first: the person's fixed memory and the profile cards already kept. Do not repeat anything they say.
- If the day shows nothing new about how the person works, answer exactly {NO_CHANGES}.
- Answer with the bullet points only (or {NO_CHANGES}), without a heading or a date."""


@dataclass(frozen=True)
class DreamBudget:
    """Token budgets of one dream call, from the History Compress model's window
    (:func:`dream_budget`): ``prompt_tokens`` for the request, ``answer_tokens`` asked as
    the completion of a new card, ``fold_answer_tokens`` of a range re-summary."""

    window: int
    prompt_tokens: int
    answer_tokens: int
    fold_answer_tokens: int


def dream_budget(window: int) -> DreamBudget:
    """The budgets for a History Compress model with a ``window``-token context (its model
    card's, as compaction uses): the prompt gets ``floor(0.5 × window)`` tokens, a card's
    answer ``min(1600, floor(0.25 × window))`` and a re-summary's ``min(2600, floor(0.25 ×
    window))`` (at least 1 each). Raises ``ValueError`` for a window < 1."""
    if window < 1:
        raise ValueError(f"a context window holds at least 1 token, not {window}")
    answer = max(1, int(ANSWER_WINDOW_SHARE * window))
    return DreamBudget(window, max(1, int(PROMPT_WINDOW_SHARE * window)), min(CARD_MAX_TOKENS, answer),
                       min(FOLD_MAX_TOKENS, answer))


class CapSource(StrEnum):
    """Where a card answer's output cap comes from (walk50 #2: the cap, not the window,
    had stopped SmolLM2, and the error blamed the window)."""

    CARD = "model card"  # the model card's max output
    WINDOW = "window share"  # a quarter of the window (:data:`ANSWER_WINDOW_SHARE`)
    CARD_SIZE = "card size"  # the dream's own :data:`CARD_MAX_TOKENS`


def answer_cap(budget: DreamBudget, max_output: int | None, user_card: bool) -> tuple[int, CapSource]:
    """The output cap (tokens) of a new card's answer and where it comes from: a max
    output the user set in the model card (``user_card``) wins, so the card editor can
    raise it; otherwise ``budget.answer_tokens`` (min of 1,600 and a quarter of the
    window), lowered to a catalog ``max_output`` below it. The caller still bounds it by
    what the window leaves beside the prompt."""
    if max_output is not None and max_output > 0 and (user_card or max_output < budget.answer_tokens):
        return max_output, CapSource.CARD
    share = budget.answer_tokens < CARD_MAX_TOKENS
    return budget.answer_tokens, CapSource.WINDOW if share else CapSource.CARD_SIZE


@dataclass(frozen=True)
class DreamPrompt:
    """One dream request and what it had to leave out to fit its budget.

    ``messages``: system prompt + one user message. ``topics_shown`` of ``topics_total``
    topics are in it (the newest ones), ``topics_shortened`` of them cut to their share;
    ``known_left_out``: fixed entries and kept cards not shown for lack of room."""

    messages: list[ChatMessage]
    topics_total: int
    topics_shown: int
    topics_shortened: int
    known_left_out: int

    @property
    def topics_left_out(self) -> int:
        """Topics not in the prompt at all."""
        return self.topics_total - self.topics_shown


def _cut_tokens(text: str, cap: int, count: Callable[[str], int]) -> str:
    """``text`` cut (REF-9) to at most ``cap`` tokens by ``count``, with `` […]`` marking
    the cut; ``""`` when not even a few characters fit."""
    if count(text) <= cap:
        return text
    chars = len(text) * cap // max(1, count(text))
    while chars > 0:
        cut = cut_to_cap(text, chars).rstrip() + " […]"
        if count(cut) <= cap:
            return cut
        chars = chars * 9 // 10
    return ""


def _fit_lines(lines: Sequence[str], budget: int, count: Callable[[str], int]) -> tuple[list[str], int]:
    """The first of ``lines`` whose tokens (plus one per line break) fit ``budget``, and
    how many tokens they take."""
    kept: list[str] = []
    used = 0
    for line in lines:
        cost = count(line) + 1
        if used + cost > budget:
            break
        kept.append(line)
        used += cost
    return kept, used


#: The rules that set a card's and a merged note's language (swapped by ``language``).
DREAM_LANGUAGE_RULE = "- Write in the language the person mainly uses."
FOLD_LANGUAGE_RULE = "- Write in the language the notes are written in."


def dream_request(assistant: str, day: date, topics: Sequence[TopicMaterial], existing_cards: Sequence[str] = (),
                  fixed_entries: Sequence[str] = (), *, prompt_tokens: int | None = None,
                  count: Callable[[str], int] | None = None, language: str | None = None) -> DreamPrompt:
    """The request of one dream run over history day ``day`` (DRM-3, DRM-14): a system
    prompt and one user message holding what is already known — ``fixed_entries``
    (``#N: text`` lines of fixed memory) and ``existing_cards`` (each kept card's visible
    ``#N [tag]:`` block, oldest first) — then each topic's material (titles included),
    at most :data:`MAX_TOPICS` topics, in the given order (newest first).

    With ``prompt_tokens`` (and ``count``, tokens of a text) the whole request stays
    within that many tokens: the known part gets at most a third of the room (fixed
    entries first, up to half of that; then the newest cards that fit whole), the topics
    the rest, each cut (REF-9) to an even share of what is left (at least
    :data:`MIN_TOPIC_TOKENS`), newest first; topics that do not fit are left out.
    ``language``: the card's language (issue 27; ``None``: the person's, as always)."""
    system = in_language(_DREAM_SYSTEM.format(assistant=assistant, day=day.isoformat()), DREAM_LANGUAGE_RULE,
                         language)
    topics = list(topics[:MAX_TOPICS])
    unbounded = prompt_tokens is None or count is None
    tally: Callable[[str], int] = count if count is not None else len
    intro_fixed = "Already known, fixed memory (the person's own entries):"
    intro_cards = "Already known, profile cards kept:"
    intro_topics = f"Conversations on {day.isoformat()}:"
    room = (10**12 if unbounded or prompt_tokens is None else prompt_tokens) - 2 * MESSAGE_OVERHEAD_TOKENS - tally(
        system) - tally(intro_fixed) - tally(intro_cards) - tally(intro_topics) - 8
    known_room = room if unbounded else max(0, room // 3)
    fixed_lines, fixed_used = _fit_lines(fixed_entries, known_room if unbounded else known_room // 2, tally)
    newest_cards, cards_used = _fit_lines(list(reversed(existing_cards)), known_room - fixed_used, tally)
    cards = list(reversed(newest_cards))
    left_known = len(fixed_entries) - len(fixed_lines) + len(existing_cards) - len(cards)
    room -= fixed_used + cards_used
    parts: list[str] = []
    shortened = 0
    for i, t in enumerate(topics, 1):
        kind = "summary" if t.summary else "excerpt"
        heading = f"## Conversation {i}: {t.title} ({kind})"
        text = t.text.strip()
        if not unbounded:
            cap = min(max(MIN_TOPIC_TOKENS, room // (len(topics) - i + 1)), room) - tally(heading) - 2
            cut = _cut_tokens(text, cap, tally) if cap > 0 else ""
            if not cut or (cut != text and cap < MIN_TOPIC_TOKENS // 2):
                break  # this topic and the older ones do not fit
            shortened += cut != text
            text = cut
        part = f"{heading}\n{text}"
        room -= tally(part) + 2
        parts.append(part)
    known = []
    if fixed_entries:
        more = len(fixed_entries) - len(fixed_lines)
        known.append(intro_fixed + "\n" + "\n".join(fixed_lines)
                     + (f"\n(… {more:,} more entries not shown)" if more else ""))
    more = len(existing_cards) - len(cards)
    known.append(intro_cards + "\n" + ("\n\n".join(c.strip() for c in cards) or "(none yet)")
                 + (f"\n(… {more:,} older cards not shown)" if more else ""))
    user = "\n\n".join(known) + f"\n\n{intro_topics}\n\n" + "\n\n".join(parts)
    return DreamPrompt([ChatMessage(Role.SYSTEM, system), ChatMessage(Role.USER, user)],
                       len(topics), len(parts), shortened, left_known)


_FENCE_OPEN_RE = re.compile(r"(`{3,}|~{3,})[^`\n]*")
_ANNOUNCE_WORDS_RE = re.compile(
    r"memor|profile|\bcards?\b|^here(?:'s|\s+(?:is|are)\b)|以下|记忆|記憶|档案|檔案|卡片|备忘|備忘|メモリ|プロフィール|カード",
    re.IGNORECASE,
)
_LIST_ITEM_RE = re.compile(r"[-*+•]\s|[0-9]+[.)]\s")


def _without_fence(text: str) -> str:
    """``text`` without a Markdown code fence around all of it (CommonMark: an opening
    run of 3+ backticks or tildes with an optional info string, a closing run of the
    same character at least as long, no closing run in between); else ``text``."""
    lines = text.split("\n")
    m = _FENCE_OPEN_RE.fullmatch(lines[0].rstrip()) if lines[0].startswith(("```", "~~~")) else None
    if m is None or len(lines) < 2:
        return text
    fence = m.group(1)

    def closes(line: str) -> bool:
        bare = line.strip()
        return len(bare) >= len(fence) and bare == fence[0] * len(bare)

    if not closes(lines[-1]) or any(closes(line) for line in lines[1:-1]):
        return text
    return "\n".join(lines[1:-1])


def _without_announcement(text: str) -> str:
    """``text`` without a first line that only announces the memory: at most
    :data:`ANNOUNCE_MAX_CHARS` characters, not a list item, ending in ``:`` or ``：``
    (Markdown bold/heading marks aside) and naming the memory, a card or the profile, or
    opening with "Here is" / 以下 (English, Chinese, Japanese), with more text after it."""
    first, sep, rest = text.partition("\n")
    line = first.strip().strip("*_").strip()
    line = line.lstrip("#").strip().strip("*_").strip()
    if (not sep or len(first.strip()) > ANNOUNCE_MAX_CHARS or not line.endswith((":", "：")) or
            _LIST_ITEM_RE.match(first.strip()) or not _ANNOUNCE_WORDS_RE.search(line)):
        return text
    while rest and not rest.split("\n", 1)[0].strip():  # the blank lines after it
        rest = rest.split("\n", 1)[1] if "\n" in rest else ""
    return rest if rest.strip() else text


_TAG_WRAP_RE = re.compile(r"<(summary|memory|card)>\s*(.*?)\s*</\1>", re.DOTALL | re.IGNORECASE)


def _without_tags(text: str) -> str:
    """``text`` without ``<summary>``/``<memory>``/``<card>`` tags wrapping all of it
    (issue 30: a card kept the model's raw ``<summary>`` tags); else ``text``."""
    m = _TAG_WRAP_RE.fullmatch(text)
    if m is None or f"</{m.group(1).lower()}>" in m.group(2).lower():  # two blocks, not one around all
        return text
    return m.group(2)


def clean_answer(text: str) -> str:
    """A model's answer without its wrapping (DRM-3, DRM-9): surrounding whitespace, a
    Markdown code fence around the whole answer, ``<summary>`` (or ``<memory>``,
    ``<card>``) tags around all of it, and a short first line announcing the memory
    ("Here is the updated assistant memory:", "以下是更新后的助手记忆：",
    "更新されたアシスタントメモリ：") are removed, in any order; every other character is
    kept as it is."""
    body = text.strip()
    for _ in range(3):
        body = _without_tags(_without_fence(_without_announcement(body).strip()).strip()).strip()
    return body


def read_dream_answer(text: str) -> str | None:
    """The new card body from the model's answer (:func:`clean_answer`), or None for
    ``NO_CHANGES`` or an empty answer (REF-17)."""
    body = clean_answer(text)
    if not body or body.strip("`*. ").upper() == NO_CHANGES:
        return None
    return body


def read_cut_dream_answer(text: str) -> str | None:
    """The new card body from an answer the provider stopped at its token limit (issue
    28; the seed and DRM-9 forbid keeping a *cut* range re-summary, which has the
    concatenation to fall back on; a new day's card has nothing else): the answer cut back
    to its last complete line or sentence (``core.compaction_prompt.complete_part``),
    :func:`clean_answer`, an unclosed opening code fence dropped, then every repeated
    line and every line of punctuation alone dropped (a small model loops over the same
    bullets until the limit), and trailing lead-ins with nothing under them ("Conversations:",
    a bare heading) dropped (walk40: a card ended on one). None when nothing complete is
    left or it says ``NO_CHANGES``."""
    body = clean_answer(complete_part(text))
    first, sep, rest = body.partition("\n")
    fence = first.strip()
    if fence.startswith(("```", "~~~")) and _FENCE_OPEN_RE.fullmatch(fence) and not any(
            line.strip().startswith(fence[:3]) for line in rest.split("\n")):
        body = rest  # its closing fence was never written
    return read_dream_answer(_without_dangling_lead_ins(without_repeats(body)))


def _without_dangling_lead_ins(body: str) -> str:
    """``body`` without its last lines while they only lead in to what was cut: a line
    ending with a colon, or a Markdown heading (blank lines between them dropped too)."""
    lines = body.rstrip().split("\n")
    while lines and (not lines[-1].strip() or lines[-1].rstrip().endswith((":", "：")) or
                     lines[-1].lstrip().startswith("#")):
        lines.pop()
    return "\n".join(lines)


_FOLD_SYSTEM = """You merge dated profile notes about how one person works with an AI assistant into one note.
The notes cover {start} to {end} (UTC days). Sections start with a line like [date:YYYY-MM-DD]; an older merged note may come first without dates.

Rules:
- Keep lasting preferences, habits, formats, tools and constraints; drop one-off details and repetitions.
- When a newer note contradicts an older one, keep the newer.
- Write in the language the notes are written in. Short bullet points, no date headings.
- The whole answer must be under {limit} characters. Answer with the merged note only."""


def fold_request(material: str, start: date, end: date, limit: int, language: str | None = None) -> list[ChatMessage]:
    """The range card re-summary (DRM-9, REF-12): merge ``material`` (the folded cards'
    text) into one note of under ``limit`` characters; ``language`` as in
    :func:`dream_request`."""
    system = in_language(_FOLD_SYSTEM.format(start=start.isoformat(), end=end.isoformat(), limit=limit),
                         FOLD_LANGUAGE_RULE, language)
    return [ChatMessage(Role.SYSTEM, system), ChatMessage(Role.USER, material)]


def shorter_request(material: str, draft: str, start: date, end: date, limit: int,
                    language: str | None = None) -> list[ChatMessage]:
    """The one follow-up after a draft that was too long or cut at the token limit
    (REF-12): a complete, shorter rewrite under ``limit`` characters."""
    return [
        *fold_request(material, start, end, limit, language),
        ChatMessage(Role.ASSISTANT, draft),
        ChatMessage(Role.USER, f"That is {len(draft)} characters or was cut off. Rewrite the whole merged "
                               f"note, complete and shorter, under {limit} characters."),
    ]


def read_fold_answer(text: str, limit: int) -> str | None:
    """The merged note (:func:`clean_answer`), or None when it is empty, ``NO_CHANGES`` or
    longer than ``limit`` characters (REF-12: then ask for a shorter rewrite or fall back)."""
    body = clean_answer(text)
    if not body or body.upper() == NO_CHANGES or len(body) > limit:
        return None
    return body
