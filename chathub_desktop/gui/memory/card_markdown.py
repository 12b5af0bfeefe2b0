"""A dream card's Markdown as the timeline shows it (DRM-8; walk40: cards showed raw
``# …`` / ``## Conversation 1``): headings become bold lines, list items get a bullet,
emphasis, inline code and link markup are dropped, and runs of blank lines fold to one.
The in-place editor still edits the stored text; only the painted face changes.

Pure text work on a string of at most the card cap (6,400 characters, DRM-13), linear in
its length; anything it does not recognise is shown as written.
"""

from __future__ import annotations

import re
from functools import lru_cache

from chathub_desktop.core.invisible_text import thin_invisible
from chathub_desktop.gui.shell.day_format import format_iso_day
from chathub_desktop.gui.shell.invisible_note import hidden_note

__all__ = ["HEADING_MARK", "card_shown", "entry_shown", "is_heading", "plain_line"]

#: Starts a shown line that was a Markdown heading: the delegate paints it bold and never
#: shows the mark (U+2063 INVISIBLE SEPARATOR: never typed in a card's text).
HEADING_MARK = "\u2063"

_HEADING = re.compile(r"^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$")
_BULLET = re.compile(r"^(\s*)[-*+]\s+(?:\[( |x|X)\]\s+)?(.*)$")
_RULE = re.compile(r"^\s{0,3}([-*_])(\s*\1){2,}\s*$")
_FENCE = re.compile(r"^\s{0,3}(```|~~~)")
_QUOTE = re.compile(r"^\s{0,3}>\s?(.*)$")
# a range card's day marker (DRM-13: "[date:2026-11-24]" before each folded day's text)
_DAY_MARK = re.compile(r"^\s*\[date:(\d{4}-\d{2}-\d{2})\]\s*$")
_OVERFLOW_MARK = re.compile(r"^\s*\[overflow:v\d+\]\s*$")  # a range's format tag: nothing to read
# inline markup: links and images keep their text; bold/italic/code lose their marks
_IMAGE_OR_LINK = re.compile(r"!?\[([^\]\n]*)\]\([^)\n]*\)")
_STRONG = re.compile(r"(\*\*|__)(?=\S)(.+?)(?<=\S)\1")
_EMPHASIS = re.compile(r"(?<![\w*])([*_])(?=\S)(.+?)(?<=\S)\1(?![\w*])")
_CODE = re.compile(r"`([^`\n]+)`")


def plain_line(line: str) -> str:
    """``line`` without inline Markdown marks: ``**b**`` → ``b``, ``*i*`` → ``i``,
    `` `c` `` → ``c``, ``[t](url)`` → ``t``."""
    line = _IMAGE_OR_LINK.sub(r"\1", line)
    line = _CODE.sub(r"\1", line)
    line = _STRONG.sub(r"\2", line)
    return _EMPHASIS.sub(r"\2", line)


def is_heading(line: str) -> bool:
    """True for a shown line that was a heading (it starts with :data:`HEADING_MARK`)."""
    return line.startswith(HEADING_MARK)


def _heading_text(line: str) -> str | None:
    """The text of ``line`` as a heading ("" for an empty one), None when it is no
    heading; nested marks (``## ## x``, or ``#`` that dropping inline marks uncovered)
    are peeled too, at most six times."""
    if _HEADING.match(line) is None:
        return None
    for _ in range(6):
        m = _HEADING.match(line)
        if m is None:
            break
        line = plain_line(m.group(1)).strip()
    return line.lstrip("#").strip() if _HEADING.match(line) else line


def card_shown(text: str) -> str:
    """The face of a card whose stored body is ``text``: one shown line per source line,
    headings as :data:`HEADING_MARK` + their text, ``- item`` as ``• item`` (``☐``/``☑``
    for task items), a range card's ``[date:…]`` day marks as headings of their day in
    the page's date style (``24 Nov 2026``, memcards53: they read "2026-11-24"),
    quotes without ``>``, rules and fences dropped, blank runs folded, leading and
    trailing blank lines removed. First the one display rule of outside text (issue 28,
    walk50b: a lone U+202E reversed the card's line): what it leaves out (a bidi control
    not closed on its line…) is said in brackets after the face; the editor keeps it all."""
    text, hidden = thin_invisible(text.replace(HEADING_MARK, ""))
    out: list[str] = []
    for raw in text.replace("\r\n", "\n").split("\n"):
        if _FENCE.match(raw) or _RULE.match(raw) or _OVERFLOW_MARK.match(raw):
            continue
        if (m := _QUOTE.match(raw)) is not None:
            raw = m.group(1)
        if (m := _BULLET.match(raw)) is not None:
            box = {" ": "☐ ", "x": "☑ ", "X": "☑ "}.get(m.group(2) or "", "")
            out.append(f"{m.group(1)}• {box}{plain_line(m.group(3))}")
            continue
        day = _DAY_MARK.match(raw)
        line = format_iso_day(day.group(1)) if day is not None else plain_line(raw).rstrip()
        head = line if day is not None else _heading_text(line)
        if head is None:
            if line or (out and out[-1]):
                out.append(line)
        elif head:
            if out and out[-1]:
                out.append("")  # a heading starts a block, as it does when rendered
            out.append(HEADING_MARK + head)
    while out and not out[-1]:
        out.pop()
    if hidden:
        out.append(f"[{hidden_note(hidden)}]")
    return "\n".join(out)


def entry_shown(text: str) -> str:
    """The face of a fixed-memory entry whose stored text is ``text``: the text as written
    by the one display rule of outside text (issue 28, walk50b), what it leaves out said
    on a line of its own as :func:`card_shown` does (in the interface language now)."""
    shown, hidden = _thinned(text)
    return f"{shown}\n[{hidden_note(hidden)}]" if hidden else shown


@lru_cache(maxsize=16384)
def _thinned(text: str) -> tuple[str, int]:
    """:func:`thin_invisible` of ``text``, cached: the delegate asks it of every row it
    measures (10,000 entries), and a text is read the same each time (the note's words,
    which follow the language, are not cached)."""
    return thin_invisible(text)
