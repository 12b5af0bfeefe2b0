"""Markdown → HTML for message bubbles, with Pygments-highlighted code blocks (APP-10).

Pure functions, no Qt: the delegate feeds the HTML into a ``QTextDocument``. Colours are
inline styles (Pygments ``noclasses=True``) because ``QTextDocument`` supports only a
small CSS subset and no external stylesheets. Raw HTML in a message is shown as text
(``html=False``), so a message can never inject markup into the view.
"""

from __future__ import annotations

import html
from functools import lru_cache

from markdown_it import MarkdownIt
from pygments import highlight
from pygments.formatters import HtmlFormatter
from pygments.lexers import get_lexer_by_name, guess_lexer
from pygments.util import ClassNotFound

#: Pygments style used on light and dark palettes.
LIGHT_STYLE = "default"
DARK_STYLE = "monokai"

_CODE_BG = {False: "#f1f3f6", True: "#272822"}
_CODE_BORDER = {False: "#dde1e6", True: "#3e3d32"}
_CODE_FG = {False: "#1f2328", True: "#f8f8f2"}
_INLINE_CODE_BG = {False: "#eceef1", True: "#3a3d41"}


@lru_cache(maxsize=4)
def _formatter(dark: bool) -> HtmlFormatter:
    return HtmlFormatter(noclasses=True, nowrap=True, style=DARK_STYLE if dark else LIGHT_STYLE)


def highlight_code(code: str, lang: str = "", *, dark: bool = False) -> str:
    """HTML for one fenced code block: a one-cell table (``QTextDocument`` paints a cell
    background reliably) holding a ``pre-wrap`` ``<pre>`` of Pygments-coloured spans.

    ``lang`` is the fence's info string (first word used); an unknown or empty language
    is guessed for longer snippets, else shown uncoloured (still monospace, escaped).
    """
    lexer = None
    name = (lang or "").strip().split(" ", 1)[0].lower()
    if name:
        try:
            lexer = get_lexer_by_name(name)
        except ClassNotFound:
            lexer = None
    if lexer is None and len(code) > 40:
        try:
            lexer = guess_lexer(code)
            if lexer.name == "Text only":
                lexer = None
        except ClassNotFound:
            lexer = None
    if lexer is None:
        body = html.escape(code)
    else:
        body = highlight(code, lexer, _formatter(dark))
    body = body.rstrip("\n")
    label = (
        f'<p style="margin:0; color:#8a8f98; font-size:small">{html.escape(name)}</p>'
        if name
        else ""
    )
    return (
        f'<table width="100%" cellspacing="0" cellpadding="8" border="1" '
        f'style="background-color:{_CODE_BG[dark]}; border-color:{_CODE_BORDER[dark]}; '
        f'border-style:solid; border-collapse:collapse; margin-top:4px; margin-bottom:8px">'
        f"<tr><td>{label}"
        f'<pre style="white-space:pre-wrap; margin:0; color:{_CODE_FG[dark]}">{body}</pre>'
        f"</td></tr></table>\n"
    )


@lru_cache(maxsize=2)
def _parser(dark: bool) -> MarkdownIt:
    md = MarkdownIt("commonmark", {"html": False, "breaks": True})
    md.enable(["table", "strikethrough"])

    def fence(self, tokens, idx, options, env):  # type: ignore[no-untyped-def]
        token = tokens[idx]
        return highlight_code(token.content, token.info, dark=dark)

    def code_block(self, tokens, idx, options, env):  # type: ignore[no-untyped-def]
        return highlight_code(tokens[idx].content, "", dark=dark)

    def code_inline(self, tokens, idx, options, env):  # type: ignore[no-untyped-def]
        return (
            f'<code style="background-color:{_INLINE_CODE_BG[dark]}">'
            f"{html.escape(tokens[idx].content)}</code>"
        )

    md.add_render_rule("fence", fence)
    md.add_render_rule("code_block", code_block)
    md.add_render_rule("code_inline", code_inline)
    return md


def render_markdown(text: str, *, dark: bool = False) -> str:
    """HTML body for ``text`` (CommonMark + tables + strikethrough; single newlines kept
    as line breaks, as chat users expect). Fenced code blocks are highlighted with inline
    colours; ``dark`` picks the dark code theme. Never raises for any input string."""
    html_out = _parser(dark).render(text)
    # QTextDocument draws table borders only from attributes, not CSS.
    border = _CODE_BORDER[dark] if not dark else "#55585c"
    return html_out.replace(
        "<table>",
        f'<table border="1" cellspacing="0" cellpadding="5" style="border-collapse:collapse; '
        f'border-color:{border}; border-style:solid; margin-bottom:6px">',
    )


def render_plain(text: str) -> str:
    """HTML for text that must not be interpreted as Markdown (tool output): escaped,
    monospace, wrapped."""
    return f'<pre style="white-space:pre-wrap; margin:0">{html.escape(text)}</pre>'
