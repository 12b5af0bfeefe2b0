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
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date

from chathub_desktop.core.messages import ChatMessage, Role

NO_CHANGES = "NO_CHANGES"
EXCERPT_CHARS = 1200
MAX_TOPICS = 30
#: A new card aims at about this many tokens (REF-9).
CARD_TARGET_TOKENS = 800


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
        if role not in ("user", "assistant") or not text.strip():
            continue
        line = f"{'User' if role == 'user' else 'Assistant'}: {' '.join(text.split())}"
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
- The profile cards already kept are listed below; do not repeat what they say.
- If the day shows nothing new about how the person works, answer exactly {NO_CHANGES}.
- Answer with the bullet points only (or {NO_CHANGES}), without a heading or a date."""


def dream_request(assistant: str, day: date, topics: Sequence[TopicMaterial],
                  existing_cards: str) -> list[ChatMessage]:
    """The messages for one dream run over history day ``day`` (DRM-3): a system prompt
    and one user message holding the kept cards' visible text and each topic's
    material (titles included), at most :data:`MAX_TOPICS` topics."""
    parts = []
    for i, t in enumerate(topics[:MAX_TOPICS], 1):
        kind = "summary" if t.summary else "excerpt"
        parts.append(f"## Conversation {i}: {t.title} ({kind})\n{t.text.strip()}")
    user = (
        f"Profile cards already kept:\n{existing_cards.strip() or '(none yet)'}\n\n"
        f"Conversations on {day.isoformat()}:\n\n" + "\n\n".join(parts)
    )
    return [ChatMessage(Role.SYSTEM, _DREAM_SYSTEM.format(assistant=assistant, day=day.isoformat())),
            ChatMessage(Role.USER, user)]


def read_dream_answer(text: str) -> str | None:
    """The new card body from the model's answer, or None for ``NO_CHANGES`` or an
    empty answer (REF-17). Surrounding whitespace and a wrapping code fence are removed."""
    body = text.strip()
    if len(body) >= 6 and body.startswith("```") and body.endswith("```"):
        inner = body[3:-3]
        body = (inner.split("\n", 1)[1] if "\n" in inner else inner).strip()  # drop a language tag line
    if not body or body.strip("`*. ").upper() == NO_CHANGES:
        return None
    return body


_FOLD_SYSTEM = """You merge dated profile notes about how one person works with an AI assistant into one note.
The notes cover {start} to {end} (UTC days). Sections start with a line like [date:YYYY-MM-DD]; an older merged note may come first without dates.

Rules:
- Keep lasting preferences, habits, formats, tools and constraints; drop one-off details and repetitions.
- When a newer note contradicts an older one, keep the newer.
- Write in the language the notes are written in. Short bullet points, no date headings.
- The whole answer must be under {limit} characters. Answer with the merged note only."""


def fold_request(material: str, start: date, end: date, limit: int) -> list[ChatMessage]:
    """The range card re-summary (DRM-9, REF-12): merge ``material`` (the folded cards'
    text) into one note of under ``limit`` characters."""
    system = _FOLD_SYSTEM.format(start=start.isoformat(), end=end.isoformat(), limit=limit)
    return [ChatMessage(Role.SYSTEM, system), ChatMessage(Role.USER, material)]


def shorter_request(material: str, draft: str, start: date, end: date, limit: int) -> list[ChatMessage]:
    """The one follow-up after a draft that was too long or cut at the token limit
    (REF-12): a complete, shorter rewrite under ``limit`` characters."""
    return [
        *fold_request(material, start, end, limit),
        ChatMessage(Role.ASSISTANT, draft),
        ChatMessage(Role.USER, f"That is {len(draft)} characters or was cut off. Rewrite the whole merged "
                               f"note, complete and shorter, under {limit} characters."),
    ]


def read_fold_answer(text: str, limit: int) -> str | None:
    """The merged note, or None when the answer is empty, ``NO_CHANGES`` or longer than
    ``limit`` characters (REF-12: then ask for a shorter rewrite or fall back)."""
    body = text.strip()
    if not body or body.upper() == NO_CHANGES or len(body) > limit:
        return None
    return body
