"""Topic titles (APP-10): the fallback title from a message's first words, the request
that asks a naming model for a title (:func:`naming_messages`), and the clean-up of the
title it wrote (:func:`clean_model_title`)."""

from __future__ import annotations

import re
from collections import Counter

from chathub_desktop.core.messages import ChatMessage, Role

MAX_TITLE_CHARS = 60
MAX_TITLE_WORDS = 8
#: Most words a naming model's title may have (a longer line is an answer, not a title).
MAX_MODEL_TITLE_WORDS = 12
DEFAULT_TITLE = "New topic"
#: End punctuation dropped before the ``…`` of a cut title (Latin and CJK).
_CUT_END = ".,;:!?-–— 。，、；：！？"


_LINK = re.compile(r"!?\[([^\]]*)\]\([^)]*\)")
_HEADING = re.compile(r"(?m)^\s{0,3}(#{1,6}|>+|[-*+]\s|\d+[.)]\s)\s*")
_MARKS = re.compile(r"(\*\*|__|~~|`+)")
_EMPHASIS = re.compile(r"(?<![\w*])\*(?=\S)([^*]+?)(?<=\S)\*(?![\w*])")


def plain_title(text: str) -> str:
    """``text`` without Markdown markup, for a title shown or generated (issue 14):
    links and images become their text; heading, quote and list markers at line starts,
    ``**``, ``__``, ``~~``, backticks and ``*emphasis*`` markers go; whitespace runs
    become one space. Text that is only markup is returned trimmed as it was."""
    plain = _LINK.sub(r"\1", text)
    plain = _HEADING.sub("", plain)
    plain = _MARKS.sub("", plain)
    plain = _EMPHASIS.sub(r"\1", plain)
    plain = " ".join(plain.split())
    return plain or " ".join(text.split())


def title_from_text(text: str) -> str:
    """First words of ``text`` without Markdown markup (:func:`plain_title`; at most 8
    words / 60 characters, ``…`` when cut, replacing the cut part's own end punctuation
    so no ``.…`` shows, walk42 #1); ``"New topic"`` for blank text."""
    words = plain_title(text).split() if text.strip() else []
    if not words:
        return DEFAULT_TITLE
    title = " ".join(words[:MAX_TITLE_WORDS])
    cut = len(words) > MAX_TITLE_WORDS
    if len(title) > MAX_TITLE_CHARS:
        title = title[:MAX_TITLE_CHARS].rstrip()
        cut = True
    return f"{title.rstrip(_CUT_END) or title}…" if cut else title


#: Most characters of the first message sent to the naming model.
NAMING_MESSAGE_CHARS = 2000
#: Example chats and their titles shown to the naming model before the real message
#: (issue 28): SmolLM2-135M asked for a title answered the message instead (walk42 #1);
#: shown a few messages and titles, it names the next one. A greeting, a translation
#: and a French message are there so that such chats are named too, in their language.
NAMING_EXAMPLES: tuple[tuple[str, str], ...] = (
    ("Can you help me fix a KeyError in my pandas dataframe code? It happens when I select a column.",
     "Pandas KeyError fix"),
    ("Hello there!", "Greeting"),
    ("Translate 'thank you very much' into German.", "Thanks in German"),
    ("What should I pack for a week of hiking in Iceland in July?", "Iceland hiking packing list"),
    ("Je cherche un bon restaurant italien à Lyon pour samedi soir.", "Restaurant italien à Lyon"),
    ("I need help writing a thank-you email to my manager after a job interview.",
     "Thank-you email after interview"),
    ("Write a short poem about autumn leaves falling in the park.", "Autumn leaves poem"),
    ("Explain the difference between TCP and UDP, with examples of when to use each.", "TCP vs UDP"),
)
_NAMING_SYSTEM = "You write short titles for chats, in the language of the message."


def _naming_question(text: str) -> str:
    return f'Message: "{text}"\nWhat is the topic of this message? Answer with a title of 2 to 4 words.'


def naming_messages(text: str) -> tuple[ChatMessage, ...]:
    """The messages that ask a naming model for the title of a chat starting with
    ``text`` (APP-10, issue 28): a system line, then each of :data:`NAMING_EXAMPLES` as
    a question and its answer, then the question about ``text`` (its first
    :data:`NAMING_MESSAGE_CHARS` characters). Small local models follow the examples
    where they answered a bare instruction's message; large ones answer alike."""
    messages = [ChatMessage(Role.SYSTEM, _NAMING_SYSTEM)]
    for example, title in NAMING_EXAMPLES:
        messages += [ChatMessage(Role.USER, _naming_question(example)), ChatMessage(Role.ASSISTANT, title)]
    messages.append(ChatMessage(Role.USER, _naming_question(text[:NAMING_MESSAGE_CHARS])))
    return tuple(messages)


#: A line that only leads to the title ("Sure! Here is a title:").
_LEAD_IN = re.compile(r"^[^\"“]{0,60}\btitle\b[^\"“]{0,20}:$", re.IGNORECASE)
#: "The topic of this message is "X"" / "Here's a title: "X"": the quoted part is the title.
_QUOTED = re.compile(r"^(?:here\S*|the|this|a|sure\W*)\b[^\"“]{0,60}\b(?:title|topic)\b[^\"“]{0,40}"
                     r"(?:\bis|:)\s*[\"“](?P<title>[^\"”]+)[\"”]\W*$", re.IGNORECASE)
_PREFIX = re.compile(r"^(?:chat\s+)?title\s*:\s*", re.IGNORECASE)
_EXAMPLE_TITLES = frozenset(t.casefold() for _, t in NAMING_EXAMPLES)
#: How often one word may come back in a title ("Water, water, water" is a model looping).
_MAX_REPEATS = 2


def _folded(text: str) -> str:
    """``text`` casefolded with only its letters and digits, for comparing titles."""
    return "".join(c for c in text.casefold() if c.isalnum())


def _tidy(line: str) -> str:
    """One line without its ``Title:`` label, quotes, Markdown and trailing period."""
    line = plain_title(line.strip())
    line = _PREFIX.sub("", line)
    for _ in range(2):  # quotes around a trailing period, or a period after quotes
        line = line.strip().strip("*#`\"'“”‘’ ").rstrip(".")
    return plain_title(line) if line else line


def clean_model_title(raw: str, message: str = "") -> str | None:
    """The title in a naming model's answer ``raw`` to the chat starting with
    ``message`` (APP-10): its first line that is not a lead-in ("Here is a title:"),
    the quoted part of "The topic of this message is "…"", without a ``Title:`` label,
    quotes, Markdown and a trailing period. ``None`` — the first-words title then stays
    — when nothing is left, when the line is longer than a title (over 60 characters
    or 12 words: a small model answering the message, walk37 #4) or ends with a colon
    (an answer's "Here's a plan:"), when it repeats ``message`` or an example title of
    :data:`NAMING_EXAMPLES`, or when one word comes back more than twice (a model
    looping, issue 28)."""
    for line in raw.splitlines():
        line = line.strip()
        if not line or _LEAD_IN.match(line):
            continue
        if line.endswith(":"):  # "Here's a 3-day plan:": an answer begins
            return None
        quoted = _QUOTED.match(line)
        title = _tidy(quoted.group("title") if quoted else line)
        if not title:
            continue
        words = title.split()
        if len(title) > MAX_TITLE_CHARS or len(words) > MAX_MODEL_TITLE_WORDS:
            return None
        if title.casefold() in _EXAMPLE_TITLES or (message and _folded(title) == _folded(message)):
            return None
        counts = Counter(w for w in (_folded(w) for w in words) if len(w) > 2)
        return None if counts and max(counts.values()) > _MAX_REPEATS else title
    return None
