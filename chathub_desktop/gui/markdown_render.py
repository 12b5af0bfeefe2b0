"""Markdown → HTML for message bubbles, with Pygments-highlighted code blocks (APP-10)
and TeX math (issue 16).

Math: ``$…$`` inline and ``$$…$$`` display (``mdit-py-plugins``' dollarmath rules, so
``$5 and $10`` stays prose), typeset by ``ziamath`` into SVG and embedded as a data URI
image that ``QTextDocument`` draws. A formula ziamath cannot typeset, or one longer
than :data:`MATH_MAX_CHARS`, is shown as its TeX source in code style.

Pure functions, no Qt: the delegate feeds the HTML into a ``QTextDocument``. Colours are
inline styles (Pygments ``noclasses=True``) because ``QTextDocument`` supports only a
small CSS subset and no external stylesheets. Raw HTML in a message is shown as text
(``html=False``), so a message can never inject markup into the view.
"""

from __future__ import annotations

import base64
import html
import threading
from functools import lru_cache

from markdown_it import MarkdownIt
from mdit_py_plugins.dollarmath import dollarmath_plugin
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


#: Link scheme of a code block's Copy link: ``chathub-copy:N`` copies block N (0-based,
#: in the order of :func:`code_blocks`).
COPY_SCHEME = "chathub-copy"


def code_blocks(text: str) -> list[str]:
    """The fenced and indented code blocks of Markdown ``text``, in order (what the
    Copy links of :func:`render_markdown` copy)."""
    return [t.content for t in _parser(False).parse(text, {}) if t.type in ("fence", "code_block")]


def highlight_code(code: str, lang: str = "", *, dark: bool = False, copy_index: int | None = None) -> str:
    """HTML for one fenced code block: a one-cell table (``QTextDocument`` paints a cell
    background reliably) holding a ``pre-wrap`` ``<pre>`` of Pygments-coloured spans,
    under a caption row with the language and, with ``copy_index``, a Copy link
    (``chathub-copy:<copy_index>``).

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
    caption = html.escape(name or (lexer.name.lower() if lexer is not None else ""))
    copy = (f'<a href="{COPY_SCHEME}:{copy_index}" style="color:#8a8f98">Copy</a>'
            if copy_index is not None else "")
    label = (
        '<table width="100%" cellspacing="0" cellpadding="0" style="margin:0"><tr>'
        f'<td style="color:#8a8f98; font-size:small">{caption}</td>'
        f'<td align="right" style="font-size:small">{copy}</td></tr></table>'
        if caption or copy
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


#: The longest formula typeset (characters of TeX); longer ones are shown as source.
MATH_MAX_CHARS = 2000
#: The most formulas typeset in one message; the rest are shown as source (each takes
#: about 20 ms).
MATH_MAX_PER_MESSAGE = 200
#: Text colours the formulas are drawn in (the themes' text colours).
_MATH_COLOR = {False: "#1f2328", True: "#e8eaed"}
#: Point sizes of inline and display formulas.
_MATH_SIZE = {False: 15.0, True: 18.0}
_math_lock = threading.Lock()  # ziamath keeps module-level state; pages render on workers


_math_ready = threading.Event()
_math_loading = threading.Lock()


def load_math() -> None:
    """Load the typesetter and its math font now (blocking, ~0.4 s the first time)."""
    with _math_loading:
        if not _math_ready.is_set():
            _typeset("x^2", False, False)
            _math_ready.set()


def render_math(tex: str, *, display: bool = False, dark: bool = False) -> str:
    """HTML for one formula: an ``<img>`` with the typeset SVG as a data URI, or, when
    ziamath cannot typeset ``tex`` (or it is over :data:`MATH_MAX_CHARS`), the source in
    a ``<code>`` span. Never raises.

    Loading the typesetter and its math font takes ~0.4 s. On a worker thread (pages
    are rendered there) the first call waits for it; on the GUI thread (a streaming
    reply) it never waits: the load starts on a worker and the formula shows as source
    until the next repaint after it is done."""
    if not _math_ready.is_set():
        if threading.current_thread() is threading.main_thread():
            if not _math_loading.locked():
                threading.Thread(target=load_math, name="math-font", daemon=True).start()
            return render_math_source(tex.strip(), display=display, dark=dark)
        load_math()
    return _typeset(tex.strip(), display, dark)


@lru_cache(maxsize=512)
def _typeset(tex: str, display: bool, dark: bool) -> str:
    svg = ""
    if tex and len(tex) <= MATH_MAX_CHARS:
        try:
            from ziamath import config
            from ziamath.zmath import Latex

            with _math_lock:
                config.svg2 = False  # plain SVG 1.1: Qt's renderer draws it
                svg = Latex(tex, size=_MATH_SIZE[display], color=_MATH_COLOR[dark], inline=not display).svg()
        except Exception:  # malformed TeX of any kind: show the source instead
            svg = ""
    if not svg:
        return render_math_source(tex, display=display, dark=dark)
    data = base64.b64encode(svg.encode("utf-8")).decode("ascii")
    img = f'<img src="data:image/svg+xml;base64,{data}" alt="{html.escape(tex, quote=True)}" align="middle">'
    return f'<p align="center">{img}</p>' if display else img


def render_math_source(tex: str, *, display: bool = False, dark: bool = False) -> str:
    """A formula shown as its TeX source between its dollar signs, in code style."""
    source = f"${tex}$" if not display else f"$${tex}$$"
    return f'<code style="background-color:{_INLINE_CODE_BG[dark]}">{html.escape(source)}</code>'


@lru_cache(maxsize=2)
def _parser(dark: bool) -> MarkdownIt:
    md = MarkdownIt("commonmark", {"html": False, "breaks": True})
    md.enable(["table", "strikethrough"])
    md.use(dollarmath_plugin, allow_space=False, allow_digits=False, double_inline=True)

    def _math(tokens, idx, env, display: bool) -> str:  # type: ignore[no-untyped-def]
        env["math"] = env.get("math", 0) + 1
        tex = tokens[idx].content
        if env["math"] > MATH_MAX_PER_MESSAGE:
            return render_math_source(tex, display=display, dark=dark)
        return render_math(tex, display=display, dark=dark)

    def math_inline(self, tokens, idx, options, env):  # type: ignore[no-untyped-def]
        return _math(tokens, idx, env, False)

    def math_block(self, tokens, idx, options, env):  # type: ignore[no-untyped-def]
        return _math(tokens, idx, env, True)

    for rule in ("math_inline", "math_inline_double"):
        md.add_render_rule(rule, math_inline)
    for rule in ("math_block", "math_block_label"):
        md.add_render_rule(rule, math_block)

    def _copy_index(env) -> int:  # type: ignore[no-untyped-def]
        env["code"] = env.get("code", -1) + 1
        return int(env["code"])

    def fence(self, tokens, idx, options, env):  # type: ignore[no-untyped-def]
        token = tokens[idx]
        return highlight_code(token.content, token.info, dark=dark, copy_index=_copy_index(env))

    def code_block(self, tokens, idx, options, env):  # type: ignore[no-untyped-def]
        return highlight_code(tokens[idx].content, "", dark=dark, copy_index=_copy_index(env))

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
    html_out = _parser(dark).render(text, {})
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
