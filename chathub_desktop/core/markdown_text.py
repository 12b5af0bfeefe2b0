"""Markdown as plain text for search snippets (walk29 #16): what a reader sees, without
``**``, backticks or fences. Pure, no I/O.

The text is parsed by markdown-it (the parser ``gui.chat.markdown_render`` draws bubbles
with, same rules: CommonMark, tables, strikethrough, dollar math) and its tokens are
read back as text: emphasis and link markup drop, a link keeps its words, an image its
alt text, a formula its TeX; code (inline, fenced or indented) keeps its text and is
marked as code. Whitespace runs, line ends and block breaks become one space.

Bounds: a text longer than :data:`PARSE_CHARS` characters is parsed only in a window
of that size around ``focus`` (where the first match is), cut at line starts; when the
window starts inside a fenced block the fence is reopened, so code stays code. The
parser's nesting is capped at :data:`MAX_NESTING` (deeper markup is left as text).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from markdown_it import MarkdownIt
from mdit_py_plugins.dollarmath import dollarmath_plugin

__all__ = ["MAX_NESTING", "PARSE_CHARS", "PARSE_LEAD", "PlainText", "plain_text"]

#: Most characters parsed for one snippet, and how many of them come before ``focus``:
#: markdown-it takes ~2–5 µs a character and a search shows up to 50 snippets of 160
#: characters, so a reply of 7,000 characters is parsed in its 1,200 around the match.
PARSE_CHARS = 1200
PARSE_LEAD = 400
#: Deepest nesting the parser follows.
MAX_NESTING = 20

_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})", re.MULTILINE)
_CODE_TOKENS = frozenset({"fence", "code_block"})
_TEX_TOKENS = frozenset({"math_block", "math_block_label"})
_INLINE_TEXT = frozenset({"text", "math_inline", "math_inline_double", "image", "html_inline"})


@dataclass(frozen=True, slots=True)
class PlainText:
    """Markdown read as plain text: ``text`` (one space between words and blocks, no
    leading or trailing space) and ``code``, the ``(start, end)`` character spans of
    ``text`` that were code, sorted and not overlapping."""

    text: str
    code: tuple[tuple[int, int], ...]


@lru_cache(maxsize=1)
def _parser() -> MarkdownIt:
    md = MarkdownIt("commonmark", {"html": False, "maxNesting": MAX_NESTING})
    md.enable(["table", "strikethrough"])
    md.use(dollarmath_plugin, allow_space=False, allow_digits=False, double_inline=True)
    return md


def _window(markdown: str, focus: int) -> str:
    """At most :data:`PARSE_CHARS` characters of ``markdown`` around ``focus``, cut at a
    line start, with an open fence reopened (module doc)."""
    if len(markdown) <= PARSE_CHARS:
        return markdown
    focus = max(0, min(focus, len(markdown)))
    start = max(0, focus - PARSE_LEAD)
    start = markdown.rfind("\n", 0, start) + 1 if start else 0
    if focus - start > PARSE_CHARS // 2:  # one very long line: cut inside it
        start = focus - PARSE_LEAD
    part = markdown[start:start + PARSE_CHARS]
    opened = len(_FENCE.findall(markdown, 0, start)) % 2 == 1
    return f"```\n{part}" if opened else part


class _Builder:
    """Joins text pieces with single spaces and records the code spans."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.size = 0
        self.code: list[tuple[int, int]] = []
        self.gap = False

    def add(self, text: str, *, code: bool = False) -> None:
        words = text.split()
        if not words:
            self.gap = self.gap or bool(text)
            return
        if self.size and (self.gap or text[:1].isspace()):
            self.parts.append(" ")
            self.size += 1
        flat = " ".join(words)
        if code:
            self.code.append((self.size, self.size + len(flat)))
        self.parts.append(flat)
        self.size += len(flat)
        self.gap = text[-1:].isspace()

    def brk(self) -> None:
        self.gap = True


def _inline(out: _Builder, children: list[Any]) -> None:
    for child in children:
        if child.type in _INLINE_TEXT:
            out.add(child.content)
        elif child.type == "code_inline":
            out.add(child.content, code=True)
        elif child.type in ("softbreak", "hardbreak"):
            out.brk()


def plain_text(markdown: str, focus: int = 0) -> PlainText:
    """``markdown`` as :class:`PlainText` (module doc); only a window around the
    character offset ``focus`` when it is longer than :data:`PARSE_CHARS`."""
    source = _window(markdown, focus)
    out = _Builder()
    for token in _parser().parse(source):
        if token.type == "inline":
            _inline(out, token.children or [])
        elif token.type in _CODE_TOKENS:
            out.brk()
            out.add(token.content, code=True)
            out.brk()
        elif token.type in _TEX_TOKENS:
            out.brk()
            out.add(token.content)
            out.brk()
        elif token.nesting != 0 or token.type == "hr":
            out.brk()
    return PlainText("".join(out.parts), tuple(out.code))
