"""Markdown → HTML for message bubbles, with Pygments-highlighted code blocks (APP-10)
and TeX math (issue 16).

Math: ``$…$`` inline and ``$$…$$`` display (``mdit-py-plugins``' dollarmath rules, so
``$5 and $10`` stays prose), typeset by ``ziamath`` into SVG and embedded as a data URI
image that ``QTextDocument`` draws. A formula ziamath cannot typeset, or one longer
than :data:`MATH_MAX_CHARS`, is shown as its TeX source in code style.

Pure functions (of Qt only the translation of a code block's Copy): the delegate feeds
the HTML into a ``QTextDocument``. Colours are
inline styles (Pygments ``noclasses=True``) because ``QTextDocument`` supports only a
small CSS subset and no external stylesheets. Raw HTML in a message is shown as text
(``html=False``), so a message can never inject markup into the view.

Bounds (issue 32): an image is drawn only from a data URL that
:func:`~chathub_desktop.gui.chat.image_sources.data_image` accepts, any other source becomes
a link-like placeholder with its text (:func:`image_placeholder`); Markdown nested
deeper than :data:`MAX_NESTING`, or with more link/autolink openers than
:data:`MAX_OPENERS`, renders as plain text (:func:`render_as_text`); a formula nested
deeper than :data:`MATH_MAX_DEPTH` braces, typeset larger than :data:`MATH_MAX_PX`, or
past :data:`MATH_BUDGET_S` of typesetting in one message shows as its source.
"""

from __future__ import annotations

import base64
import html
import re
import sys
import threading
import time
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from markdown_it import MarkdownIt
from mdit_py_plugins.dollarmath import dollarmath_plugin
from pygments import highlight
from pygments.formatters import HtmlFormatter
from pygments.lexers import get_lexer_by_name
from pygments.util import ClassNotFound
from PySide6.QtCore import QCoreApplication

from chathub_desktop.gui.chat.image_sources import add_typeset
from chathub_desktop.gui.design.icons import Icon, icon_svg
from chathub_desktop.gui.design.prose import prose_for
from chathub_desktop.gui.design.tokens import HEADING_WEIGHT, colours_for
from chathub_desktop.gui.shell.i18n import QT_TRANSLATE_NOOP

#: The style a code block's ``<pre>`` carries and plain text's (tool output, a refused
#: rendering) does not: only code gets a hanging indent
#: (:func:`~chathub_desktop.gui.chat.sliced_document.hang_code_lines`), so hostile text shown
#: plain costs no more to lay out.
CODE_FONT = "font-family:monospace"
#: Space above and below a code block, px.
CODE_MARGIN_TOP, CODE_MARGIN_BOTTOM = 4, 10


@lru_cache(maxsize=4)
def _formatter(dark: bool) -> HtmlFormatter:
    return HtmlFormatter(noclasses=True, nowrap=True, style=prose_for(dark).code_style)


#: Link scheme of a code block's Copy link: ``chathub-copy:N`` copies block N (0-based,
#: in the order of :func:`code_blocks`).
COPY_SCHEME = "chathub-copy"


def code_blocks(text: str) -> list[str]:
    """The fenced and indented code blocks of Markdown ``text``, in order (what the
    Copy links of :func:`render_markdown` copy)."""
    return [t.content for t in _parser(False).parse(text, {}) if t.type in ("fence", "code_block")]


#: Longest run of a code block's characters in one table (one slice), characters.
CODE_PART_CHARS = 2000
#: Marks where a long code block may be cut into slices (a NUL never reaches the
#: renderer: the parser replaces it); :func:`render_markdown_parts` cuts there.
SLICE_MARK = "\x00"


#: The side of the copy icon in a code block's header, px.
COPY_ICON_PX = 14
#: The word after it (walk51 #4: it was English in every language), said when rendered.
COPY_LABEL = QT_TRANSLATE_NOOP("MessageList", "Copy")
#: The caption of a block whose fence names no language (walk53b #6: its header was an
#: empty grey bar with only Copy in it); a neutral word, never a guessed language.
PLAIN_CAPTION = QT_TRANSLATE_NOOP("MessageList", "text")


def copy_icon_url(colour: str) -> str:
    """The bundled Lucide copy icon in ``colour`` (``#rrggbb``) as an SVG data URL of
    :data:`COPY_ICON_PX` px, registered as one the renderer made (the document draws only
    such SVGs, :func:`~chathub_desktop.gui.chat.image_sources.typeset_svg`). Thread-safe."""
    url = _copy_icon_url(colour)
    add_typeset(url)  # again each time: a long run of formulas may have pushed it out
    return url


@lru_cache(maxsize=8)
def _copy_icon_url(colour: str) -> str:
    svg = icon_svg(Icon.COPY).replace(b"currentColor", colour.encode("ascii"))
    svg = svg.replace(b'width="24"', f'width="{COPY_ICON_PX}"'.encode(), 1)
    svg = svg.replace(b'height="24"', f'height="{COPY_ICON_PX}"'.encode(), 1)
    return "data:image/svg+xml;base64," + base64.b64encode(svg).decode("ascii")


def highlight_code(code: str, lang: str = "", *, dark: bool = False, copy_index: int | None = None) -> str:
    """HTML for one fenced code block (walk29 #3): a header bar with the language on the
    left and, with ``copy_index``, a Copy link (``chathub-copy:<copy_index>``) on the
    right, over a ``pre-wrap`` ``<pre>`` of Pygments-coloured spans on the block
    background, all in a table (``QTextDocument`` paints cell backgrounds and cell
    borders reliably), colours from :func:`~chathub_desktop.gui.design.prose.prose_for`.
    Long lines wrap; each wrapped line keeps its indentation plus a hanging indent
    (:func:`~chathub_desktop.gui.chat.sliced_document.hang_code_lines`).

    ``lang`` is the fence's info string (first word used); a block with no language or
    an unknown one is shown uncoloured (still monospace, escaped): never guessed, as
    Pygments' guess named Python "scdoc" and bolded random lines (walk49 #5, issue 29);
    with no language its header says :data:`PLAIN_CAPTION` ("text", walk53b #6), an
    unknown one is named as written.

    A block longer than :data:`CODE_PART_CHARS` is one table per run of lines of about
    that size, with :data:`SLICE_MARK` between them, stacked without a gap (issue 32: Qt
    lays a table cell out in one go; 90,000 characters in one took 37 ms).
    """
    lexer = None
    name = (lang or "").strip().split(" ", 1)[0].lower()
    if name:
        try:
            lexer = get_lexer_by_name(name)
        except ClassNotFound:
            lexer = None
    p = prose_for(dark)
    line = f"1px solid {p.code_border}"
    caption = html.escape(name or QCoreApplication.translate("MessageList", PLAIN_CAPTION))
    # walk36 #3: the theme's copy icon and a word, not a bare underlined "Copy"; the
    # language at body size (the corners are rounded where it is drawn: gui.rounded_frames),
    # at the headings' weight (600 painted regular with a CJK fallback font: polish52)
    copy = (f'<a href="{COPY_SCHEME}:{copy_index}" style="color:{p.code_header_text}; text-decoration:none">'
            f'<img src="{copy_icon_url(p.code_header_text)}" width="{COPY_ICON_PX}" height="{COPY_ICON_PX}" '
            f'style="vertical-align:middle">&nbsp;{html.escape(QCoreApplication.translate("MessageList", COPY_LABEL))}</a>'
            if copy_index is not None else "")
    head = f"background-color:{p.code_header_bg}; padding:5px 12px 5px 12px; border-top:{line}"
    header = (
        f'<tr><td style="{head}; color:{p.code_header_text}; font-weight:{HEADING_WEIGHT}; border-left:{line}">{caption}</td>'
        f'<td align="right" style="{head}; border-right:{line}">{copy}</td></tr>'
    )
    runs = _line_runs(code, CODE_PART_CHARS)
    pieces = []
    for i, run in enumerate(runs):
        body = (html.escape(run) if lexer is None else highlight(run, lexer, _formatter(dark))).rstrip("\n")
        pre = (f'<pre style="white-space:pre-wrap; margin:0; {CODE_FONT}; color:{p.code_text}">'
               f"{body}</pre>")
        first, last = i == 0, i == len(runs) - 1
        edges = [f"border-left:{line}", f"border-right:{line}"]
        if last:
            edges.append(f"border-bottom:{line}")
        cell = (f'background-color:{p.code_bg}; padding-left:10px; padding-right:10px; '
                f'padding-top:{8 if first else 0}px; padding-bottom:{8 if last else 0}px; ' + "; ".join(edges))
        pieces.append(
            f'<table width="100%" cellspacing="0" cellpadding="0" border="0" style="border-collapse:collapse; '
            f'margin-top:{CODE_MARGIN_TOP if first else 0}px; margin-bottom:{CODE_MARGIN_BOTTOM if last else 0}px">'
            f'{header if first else ""}<tr><td colspan="2" style="{cell}">{pre}</td></tr></table>\n'
        )
    return SLICE_MARK.join(pieces)


def _line_runs(code: str, part_chars: int) -> list[str]:
    """``code`` cut after a line break into runs of about ``part_chars`` characters (a
    longer line is cut inside); one run for a short block."""
    runs: list[str] = []
    pos = 0
    while len(code) - pos > part_chars:
        end = code.rfind("\n", pos, pos + part_chars) + 1
        end = end if end > pos else pos + part_chars
        runs.append(code[pos:end])
        pos = end
    return [*runs, code[pos:]]


#: The longest formula typeset (characters of TeX); longer ones are shown as source.
MATH_MAX_CHARS = 2000
#: The deepest brace nesting typeset: the typesetter's time grows about 2.5× per level
#: of nested superscripts (4 levels: ~40 ms; 12: ~30 s).
MATH_MAX_DEPTH = 4
#: The largest typeset formula drawn, px per edge (a ``\\rule{1e5pt}{1e5pt}`` is source).
MATH_MAX_PX = 4000
#: Typesetting time one message may spend, seconds; later formulas show as source.
MATH_BUDGET_S = 0.25
#: The most formulas typeset in one message; the rest are shown as source (each takes
#: about 20 ms).
MATH_MAX_PER_MESSAGE = 200
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
    src = _typeset(tex.strip(), display, dark)
    if not src:
        return render_math_source(tex.strip(), display=display, dark=dark)
    add_typeset(src)  # the one SVG a document draws (issue 32)
    img = f'<img src="{src}" alt="{html.escape(tex.strip(), quote=True)}" align="middle">'
    return f'<p align="center">{img}</p>' if display else img


@lru_cache(maxsize=512)
def _typeset(tex: str, display: bool, dark: bool) -> str:
    """The SVG data URL of ``tex`` typeset, ``""`` when it is not (malformed, too
    long, too deep or too large)."""
    svg = ""
    if tex and len(tex) <= MATH_MAX_CHARS and brace_depth(tex) <= MATH_MAX_DEPTH:
        try:
            from ziamath import config  # type: ignore[attr-defined]  # the package's Config instance
            from ziamath.zmath import Latex

            with _math_lock:
                config.svg2 = False  # plain SVG 1.1: Qt's renderer draws it
                svg = Latex(tex, size=_MATH_SIZE[display], color=colours_for(dark).text, inline=not display).svg()
        except Exception:  # malformed TeX of any kind: show the source instead
            svg = ""
    if not svg or not _svg_fits(svg):
        return ""
    return "data:image/svg+xml;base64," + base64.b64encode(svg.encode("utf-8")).decode("ascii")


def brace_depth(tex: str) -> int:
    """The deepest ``{`` nesting of ``tex`` (escaped braces ``\\{`` do not count)."""
    depth = deepest = 0
    escaped = False
    for c in tex:
        if escaped:
            escaped = False
        elif c == "\\":
            escaped = True
        elif c == "{":
            depth += 1
            deepest = max(deepest, depth)
        elif c == "}":
            depth = max(0, depth - 1)
    return deepest


_SVG_SIZE = re.compile(r'<svg[^>]*?\swidth="([0-9.]+)[a-z]*"[^>]*?\sheight="([0-9.]+)[a-z]*"')


def _svg_fits(svg: str) -> bool:
    m = _SVG_SIZE.search(svg[:2000])
    return m is not None and float(m.group(1)) <= MATH_MAX_PX and float(m.group(2)) <= MATH_MAX_PX


def render_math_source(tex: str, *, display: bool = False, dark: bool = False) -> str:
    """A formula shown as its TeX source between its dollar signs, in code style."""
    source = f"${tex}$" if not display else f"$${tex}$$"
    return f'<code style="background-color:{prose_for(dark).inline_code_bg}">{html.escape(source)}</code>'


@lru_cache(maxsize=2)
def _parser(dark: bool) -> MarkdownIt:
    md = MarkdownIt("commonmark", {"html": False, "breaks": True, "maxNesting": MAX_NESTING + 2})
    md.enable(["table", "strikethrough"])
    md.use(dollarmath_plugin, allow_space=False, allow_digits=False, double_inline=True)

    def _math(tokens, idx, env, display: bool) -> str:
        env["math"] = env.get("math", 0) + 1
        tex = tokens[idx].content
        spent = env.get("math_s", 0.0)
        if env["math"] > MATH_MAX_PER_MESSAGE or spent > MATH_BUDGET_S:
            return render_math_source(tex, display=display, dark=dark)
        start = time.perf_counter()
        out = render_math(tex, display=display, dark=dark)
        env["math_s"] = spent + time.perf_counter() - start
        return out

    def math_inline(self, tokens, idx, options, env):
        return _math(tokens, idx, env, False)

    def math_block(self, tokens, idx, options, env):
        return _math(tokens, idx, env, True)

    for rule in ("math_inline", "math_inline_double"):
        md.add_render_rule(rule, math_inline)
    for rule in ("math_block", "math_block_label"):
        md.add_render_rule(rule, math_block)

    def _copy_index(env) -> int:
        env["code"] = env.get("code", -1) + 1
        return int(env["code"])

    def fence(self, tokens, idx, options, env):
        token = tokens[idx]
        return highlight_code(token.content, token.info, dark=dark, copy_index=_copy_index(env))

    def code_block(self, tokens, idx, options, env):
        return highlight_code(tokens[idx].content, "", dark=dark, copy_index=_copy_index(env))

    prose = prose_for(dark)

    def code_inline(self, tokens, idx, options, env):
        return (
            f'<code style="background-color:{prose.inline_code_bg}">'
            f"{html.escape(tokens[idx].content)}</code>"
        )

    def blockquote_open(self, tokens, idx, options, env):
        depth = env.get("quote_depth", 0)
        env["quote_depth"] = depth + 1
        if depth >= QUOTE_BARS:  # nested tables cost layout time that grows with depth (issue 32)
            return '<blockquote style="margin-left:12px; margin-right:0px">'
        # Qt draws no side border on a block: a bar cell beside the quote's cell
        return (f'<table width="100%" cellspacing="0" cellpadding="0" style="margin-top:2px; margin-bottom:8px">'
                f'<tr><td width="3" style="background-color:{prose.quote_bar}"></td>'
                f'<td style="padding-left:12px; color:{prose.quote_text}">')

    def blockquote_close(self, tokens, idx, options, env):
        env["quote_depth"] = depth = max(0, env.get("quote_depth", 1) - 1)
        return "</blockquote>\n" if depth >= QUOTE_BARS else "</td></tr></table>\n"

    def heading_open(self, tokens, idx, options, env):
        # a paragraph of class hN (message_documents.doc_css sizes it): Qt's <hN>
        # carries a size step that no font-size overrides (walk29 #3)
        return f'<p class="{tokens[idx].tag}">'

    def heading_close(self, tokens, idx, options, env):
        return "</p>\n"

    def th_open(self, tokens, idx, options, env):
        return _cell(self, tokens[idx], f"{TABLE_CELL}; text-align:left; background-color:{prose.table_header_bg}; "
                                        f"border-bottom:1px solid {prose.table_rule}", options, env)

    def td_open(self, tokens, idx, options, env):
        return _cell(self, tokens[idx], f"{TABLE_CELL}; border-bottom:1px solid {prose.table_rule}", options, env)

    def image(self, tokens, idx, options, env):
        token = tokens[idx]
        return image_html(str(token.attrGet("src") or ""), self.renderInlineAsText(token.children or [], options, env),
                          env.get("stored"))

    md.add_render_rule("image", image)
    md.add_render_rule("fence", fence)
    md.add_render_rule("code_block", code_block)
    md.add_render_rule("code_inline", code_inline)
    md.add_render_rule("blockquote_open", blockquote_open)
    md.add_render_rule("blockquote_close", blockquote_close)
    md.add_render_rule("th_open", th_open)
    md.add_render_rule("td_open", td_open)
    md.add_render_rule("heading_open", heading_open)
    md.add_render_rule("heading_close", heading_close)
    return md


#: Quote levels drawn with a side bar (a two-cell table each); deeper levels are indented
#: only: an 11-deep quote of bars took 150 ms of layout (issue 32's render fuzz).
QUOTE_BARS = 2
#: Deepest Markdown nesting rendered (block quotes, lists, inline spans); deeper text is
#: shown as plain text (the parser would drop what lies past its limit).
MAX_NESTING = 16
#: Most ``[`` (and most ``<``) in one message rendered as Markdown: the parser's link
#: and autolink scans grow with their square (100,000 ``[``: 3.5 s), and a screenful of
#: 4,000 one-letter links took 10 ms to paint, each time.
MAX_OPENERS = 2000
#: Longest HTML laid out for one message, characters (Qt lays out about 1 µs to 15 µs
#: per character on the GUI thread); a longer rendering is shown as plain text.
MAX_HTML_CHARS = 600_000
#: Most table cells plus inline code spans in one message (each is a text frame or a
#: format Qt lays out slowly: 18,000 table rows took 8 s).
MAX_CELLS = 4000
#: Most lines in one message rendered as Markdown (the parser spends 20 µs to 200 µs a
#: line: 25,000 heading lines took 1.9 s; a long code reply has 2,000 to 3,000).
MAX_LINES = 6000

_SRC_SHOWN = 120  # characters of a refused image's source shown in its placeholder
_HREF_MAX = 2048  # a longer refused source is shown without a link


def image_html(src: str, alt: str, stored: Mapping[str, tuple[int, int]] | None = None) -> str:
    """An ``<img>`` for a source :func:`~chathub_desktop.gui.chat.image_sources.data_image`
    accepts, or for a stored attachment's source (``chathub-attachment:<sha256>``) whose
    hash is in ``stored`` (hash -> shown size, px), sized to fit a bubble;
    :func:`image_placeholder` for any other."""
    from chathub_desktop.gui.chat.image_sources import data_image, stored_hash

    sha = stored_hash(src)
    if sha is not None and stored and sha in stored:
        w, h = stored[sha]
        return f'<img src="{html.escape(src, quote=True)}" alt="{html.escape(alt, quote=True)}" width="{w}" height="{h}">'
    found = data_image(src) if sha is None else None
    if found is None:
        return image_placeholder(src, alt)
    w, h = found.shown
    return f'<img src="{html.escape(src, quote=True)}" alt="{html.escape(alt, quote=True)}" width="{w}" height="{h}">'


def image_placeholder(src: str, alt: str) -> str:
    """A refused image: ``[image: ALT · SOURCE]`` drawn as a link in the theme's link
    colour (hovering shows the source, a click goes through the link policy); the
    source is cut to 120 characters, and one over 2,048 is not a link at all."""
    from mdurl import decode

    shown = decode(src) if len(src) <= _HREF_MAX else src[:_SRC_SHOWN]
    if len(shown) > _SRC_SHOWN:
        shown = shown[:_SRC_SHOWN - 1] + "…"
    label = html.escape(f"[image: {alt} · {shown}]" if alt else f"[image: {shown}]")
    if len(src) > _HREF_MAX or not src:
        return f"<u>{label}</u>"
    return f'<a href="{html.escape(src, quote=True)}">{label}</a>'


def render_as_text(text: str, reason: str) -> str:
    """``text`` escaped, wrapped and monospace (:func:`render_plain`: Qt lays a ``<pre>``
    out line by line, several times faster than one paragraph of many lines), under an
    italic line saying why it is not rendered as Markdown."""
    return "".join(_as_text_parts(text, reason, sys.maxsize))


def _as_text_parts(text: str, reason: str, part_chars: int) -> list[str]:
    parts = render_plain_parts(text, part_chars)
    parts[0] = f"<p><i>{html.escape(reason)}</i></p>" + parts[0]
    return parts


def _too_deep(tokens: list) -> bool:  # type: ignore[type-arg]
    for t in tokens:
        if t.level > MAX_NESTING:
            return True
        if t.children and any(c.level > MAX_NESTING for c in t.children):
            return True
    return False


def _cells(tokens: list) -> int:  # type: ignore[type-arg]
    n = 0
    for t in tokens:
        if t.type in ("td_open", "th_open"):
            n += 1
        elif t.children:
            n += sum(1 for c in t.children if c.type in ("code_inline", "math_inline", "math_inline_double"))
    return n


#: Largest slice of one message's HTML laid out in one go, characters (issue 32): Qt lays
#: out 1 µs to 3 µs per character, so one slice keeps the GUI thread about 5 ms to 20 ms.
PART_CHARS = 2000


def render_markdown(text: str, *, dark: bool = False, stored: Mapping[str, tuple[int, int]] | None = None) -> str:
    """HTML body for ``text`` (CommonMark + tables + strikethrough; single newlines kept
    as line breaks, as chat users expect). Fenced code blocks are highlighted with inline
    colours; ``dark`` picks the dark code theme. Images, nesting, size and formulas are
    bounded as the module docstring says; ``stored``: the stored attachments an image
    may show (:func:`image_html`). Never raises for any input string."""
    return "".join(render_markdown_parts(text, dark=dark, part_chars=sys.maxsize, stored=stored))


def render_markdown_parts(text: str, *, dark: bool = False, part_chars: int = PART_CHARS,
                          stored: Mapping[str, tuple[int, int]] | None = None) -> list[str]:
    """:func:`render_markdown` of ``text`` as a list of HTML slices of about
    ``part_chars`` characters each (at least one), cut between top-level blocks; a
    paragraph longer than ``part_chars`` is cut between its inline spans into paragraphs
    without a gap, so the cut shows as a line break at most (issue 32: each slice is
    laid out on its own, within one frame). Never raises for any input string."""
    if text.count("[") > MAX_OPENERS or text.count("<") > MAX_OPENERS:
        return _as_text_parts(text, f"Shown as plain text: more than {MAX_OPENERS:,} brackets.", part_chars)
    if text.count("|") > 2 * MAX_CELLS or text.count("\n") > MAX_LINES:
        return _as_text_parts(text, f"Shown as plain text: more than {MAX_LINES:,} lines or {MAX_CELLS:,} "
                                    "table cells.", part_chars)
    md = _parser(dark)
    env: dict[str, object] = {"stored": stored}
    tokens = md.parse(text, env)
    if _too_deep(tokens):
        return _as_text_parts(text, f"Shown as plain text: nested deeper than {MAX_NESTING} levels.", part_chars)
    columns, longest, nested = _table_shape(tokens)
    if columns > MAX_COLUMNS or longest > MAX_CELL_CHARS or nested > TABLE_SLICE_CELLS:
        return _as_text_parts(text, f"Shown as plain text: a table of more than {MAX_COLUMNS} columns, a cell of "
                                    f"more than {MAX_CELL_CHARS:,} characters or a table of more than "
                                    f"{TABLE_SLICE_CELLS} cells in a quote or list.", part_chars)
    if _cells(tokens) > MAX_CELLS:
        return _as_text_parts(text, f"Shown as plain text: more than {MAX_CELLS:,} table cells and code spans.",
                              part_chars)
    blocks: list[str] = []
    start = 0
    for i, t in enumerate(tokens):
        if t.level == 0 and t.nesting <= 0:
            group = tokens[start:i + 1]
            start = i + 1
            if (len(group) == 3 and group[0].type == "paragraph_open" and group[1].children
                    and len(group[1].content) > part_chars):
                blocks += _paragraph_slices(md, group[1].children, env, part_chars)
            elif group[0].type == "table_open":
                blocks += _table_slices(md, group, env)
            else:
                blocks += md.renderer.render(group, md.options, env).split(SLICE_MARK)
    if sum(map(len, blocks)) > MAX_HTML_CHARS:
        return _as_text_parts(text, "Shown as plain text: too large to lay out as Markdown.", part_chars)
    # No grid (walk36 #2): a rule under each row and the header row shaded, drawn by the
    # cells themselves (th_open, td_open); the header's corners are rounded where it is
    # drawn (gui.rounded_frames).
    table = (f'<table border="0" cellspacing="0" cellpadding="0" style="border-collapse:collapse; '
             f'{_TABLE_MARGINS}">')
    cut = {mark: table.replace(_TABLE_MARGINS, style).removesuffix(">") for mark, style in _TABLE_CUT.items()}
    return [breakable(_table_styles(p, table, cut)) for p in _pack(blocks, part_chars)]


def _table_styles(part: str, table: str, cut: dict[str, str]) -> str:
    """``part`` with every table's opening tag styled: ``table`` for a whole one,
    ``cut[mark]`` for a slice of a cut one (:data:`_TABLE_CUT`)."""
    part = part.replace("<table>", table)
    for mark, styled in cut.items():
        part = part.replace(mark, styled)
    return part


#: A table cell's padding left and right, and above and below, px (walk36 #2: comfortable).
TABLE_PAD_X, TABLE_PAD_Y = 12, 6
TABLE_CELL = f"padding:{TABLE_PAD_Y}px {TABLE_PAD_X}px {TABLE_PAD_Y}px {TABLE_PAD_X}px"


def _cell(renderer: Any, token: Any, look: str, options: Any, env: Any) -> str:
    """A ``th``/``td`` opening tag with ``look`` before the cell's own alignment style."""
    token = token.copy()
    style = token.attrGet("style")
    token.attrSet("style", f"{look}; {style}" if style else look)
    return str(renderer.renderToken([token], 0, options, env))


#: Most cells of a table in one slice (Qt lays a table out in one go, about 50 µs a
#: cell: 3,900 cells took 170 ms; 80 cells of 1,000 characters, 19 ms); a longer table
#: is several tables of whole rows stacked without a gap, their columns given the same
#: widths.
TABLE_SLICE_CELLS = 80
#: Most characters of cell text in one table slice.
TABLE_SLICE_CHARS = 2000
#: Longest text of one table cell rendered as a table (a cell is laid out in one go),
#: characters; a message with a longer one is plain text.
MAX_CELL_CHARS = 2000
#: Most columns of a table rendered as one: Qt paints a collapsed-border cell in about
#: 50 µs, so a screenful of a 12-column table takes 13 ms (60 columns of 60 rows took
#: 220 ms to lay out and 50 ms to paint); a message with a wider table is plain text.
MAX_COLUMNS = 12
#: The slices of a cut table: the first, a middle one, the last. A table of row rules is
#: laid out 1 px taller than its rows (a gridded one was 4 px taller); a slice followed
#: by another is pulled up over it, so every row is as far from the next across slices.
TABLE_CUT_OVERLAP_PX = 1
_TABLE_MARGINS = "margin-top:2px; margin-bottom:8px"
_TABLE_CUT = {"<table data-cut=first": f"margin-top:2px; margin-bottom:-{TABLE_CUT_OVERLAP_PX}px",
              "<table data-cut=mid": f"margin-top:0px; margin-bottom:-{TABLE_CUT_OVERLAP_PX}px",
              "<table data-cut=last": "margin-top:0px; margin-bottom:8px"}
_CUT_FIRST, _CUT_MID, _CUT_LAST = _TABLE_CUT
#: Attribute of a cut table's slice: the length its columns are given, characters,
#: comma-separated (Qt's HTML import ignores it;
#: :class:`~chathub_desktop.gui.chat.sliced_document.SlicedDocument` reads it).
TABLE_CHARS_ATTR = "data-chars"


def _table_shape(tokens: list) -> tuple[int, int, int]:  # type: ignore[type-arg]
    """The most columns of any table in ``tokens``, the longest text of one cell, and
    the most cells of a table inside a quote or list (only a top-level table is cut
    into slices)."""
    most = n = longest = nested = cells = 0
    inside = False
    for t in tokens:
        if t.type == "table_open":
            inside, cells = t.level > 0, 0
        elif t.type == "tr_open":
            n = 0
        elif t.type in ("th_open", "td_open"):
            n += 1
            cells += 1
            most = max(most, n)
            nested = max(nested, cells if inside else 0)
        elif t.type == "inline" and n:
            longest = max(longest, len(t.content))
        elif t.type == "table_close":
            n = 0
    return most, longest, nested


def _table_slices(md: MarkdownIt, group: list, env: dict[str, object]) -> list[str]:  # type: ignore[type-arg]
    """One top-level table's tokens as HTML tables of whole rows, each up to
    :data:`TABLE_SLICE_CELLS` cells or about :data:`TABLE_SLICE_CHARS` characters of
    text (the header in the first), one table for a small one; the columns of a cut
    table get widths in proportion to their longest text (at most 60 characters
    counted) so the slices line up, and each slice names those lengths in its
    :data:`TABLE_CHARS_ATTR` (the document gives a narrow table its natural width)."""
    rows: list[list] = []  # type: ignore[type-arg]
    head: list = []  # type: ignore[type-arg]
    current: list | None = None  # type: ignore[type-arg]
    for t in group[1:-1]:
        if t.type == "tr_open":
            current = [t]
        elif current is not None:
            current.append(t)
            if t.type == "tr_close":
                if not head:
                    head = current
                else:
                    rows.append(current)
                current = None
    columns = max(1, sum(1 for t in head if t.type == "th_open"))
    chunks: list[list] = [[]]  # type: ignore[type-arg]
    cells = chars = 0
    for row in rows:  # whole rows, up to TABLE_SLICE_CELLS cells or TABLE_SLICE_CHARS of text
        if chunks[-1] and (cells + columns > TABLE_SLICE_CELLS or chars > TABLE_SLICE_CHARS):
            chunks.append([])
            cells = chars = 0
        chunks[-1].append(row)
        cells += columns
        chars += sum(len(t.content) for t in row)
    thead = [t for t in group if t.type in ("thead_open", "thead_close")]
    tbody = [t for t in group if t.type in ("tbody_open", "tbody_close")]
    if len(chunks) == 1 or len(thead) != 2 or len(tbody) != 2:
        return [md.renderer.render(group, md.options, env)]
    widths = [3] * columns
    for row in [head, *rows]:
        texts = [t for t in row if t.type == "inline"]
        for i, cell in enumerate(texts[:columns]):
            widths[i] = max(widths[i], min(60, len(cell.content)))
    total = sum(widths)
    lengths = ",".join(map(str, widths))
    for row in [head] + [chunk[0] for chunk in chunks]:
        for i, t in enumerate(t for t in row if t.type in ("th_open", "td_open")):
            if i < columns:
                t.attrSet("width", f"{max(1, round(100 * widths[i] / total))}%")
    table_open, table_close = group[0], group[-1]
    out = []
    for k, chunk in enumerate(chunks):
        body = [tok for row in chunk for tok in row]
        first, last = k == 0, k == len(chunks) - 1
        tokens = [table_open, *([thead[0], *head, thead[1]] if first else []), tbody[0], *body, tbody[1], table_close]
        piece = md.renderer.render(tokens, md.options, env)
        mark = _CUT_FIRST if first else _CUT_LAST if last else _CUT_MID
        out.append(piece.replace("<table>", f'{mark} {TABLE_CHARS_ATTR}="{lengths}">', 1))
    return out


#: Longest run of characters without a break opportunity in rendered text: Qt wraps a
#: longer word character by character in quadratic time when the column is narrow (a
#: 100,000-character word ten quotes deep: over a minute; issue 32).
WORD_CHARS = 64
_BETWEEN_TAGS = re.compile(r">([^<]+)")
_LONG_RUN = re.compile(rf"(?:&#?[0-9a-zA-Z]+;|[^\s&<>]){{{WORD_CHARS + 1},}}")
_UNIT = re.compile(r"&#?[0-9a-zA-Z]+;|.", re.DOTALL)


def _split_run(m: re.Match[str]) -> str:
    units = _UNIT.findall(m.group(0))
    return "\u200b".join("".join(units[i:i + WORD_CHARS]) for i in range(0, len(units), WORD_CHARS))


def breakable(html_text: str) -> str:
    """``html_text`` with a zero-width space after every :data:`WORD_CHARS` characters of
    a longer unbroken run in its text (never inside a tag, an attribute or an entity), so
    Qt can wrap it in linear time. The message's own text (Copy) is not changed."""
    return _BETWEEN_TAGS.sub(lambda m: ">" + _LONG_RUN.sub(_split_run, m.group(1)), html_text)


def _pack(blocks: list[str], part_chars: int) -> list[str]:
    """``blocks`` joined into parts of at most ``part_chars`` characters where they fit."""
    parts: list[str] = []
    current = ""
    for b in blocks:
        if current and len(current) + len(b) > part_chars:
            parts.append(current)
            current = ""
        current += b
    return [*parts, current] if current or not parts else parts


def _text_runs(text: str, part_chars: int) -> list[str]:
    """``text`` in runs of at most ``part_chars`` characters, each cut after a space when
    one is in its last tenth (a word is not cut in two), else at the limit."""
    runs: list[str] = []
    pos = 0
    while len(text) - pos > part_chars:
        end = pos + part_chars
        space = text.rfind(" ", end - part_chars // 10, end)
        end = space + 1 if space > pos else end
        runs.append(text[pos:end])
        pos = end
    return [*runs, text[pos:]]


#: What one image counts for when a paragraph is cut into slices, characters: Qt's
#: HTML import spends about 60 µs on each ``<img>`` (500 in one slice: 30 ms), about
#: what 30 to 60 characters of text take to lay out.
IMAGE_CHARS = 200


def _paragraph_slices(md: MarkdownIt, children: list, env: dict[str, object],  # type: ignore[type-arg]
                      part_chars: int) -> list[str]:
    """One long paragraph's inline tokens as paragraphs of about ``part_chars`` source
    characters, cut where no span is open (a long text run is cut inside)."""
    pieces: list[list] = [[]]  # type: ignore[type-arg]
    depth = size = 0
    for c in children:
        runs = [c]
        if c.type == "text" and len(c.content) > part_chars:
            runs = [c.copy(content=run) for run in _text_runs(c.content, part_chars)]
        for r in runs:
            if depth == 0 and size >= part_chars:
                pieces.append([])
                size = 0
            pieces[-1].append(r)
            depth += r.nesting
            size += (IMAGE_CHARS if r.type == "image" else len(r.content)) + 1
    last = len(pieces) - 1
    return [("<p>" if i == last else '<p style="margin-bottom:0px">')
            + md.renderer.renderInline(p, md.options, env) + "</p>\n"  # type: ignore[attr-defined]
            for i, p in enumerate(pieces)]


def render_plain(text: str) -> str:
    """HTML for text that must not be interpreted as Markdown (tool output): escaped,
    monospace, wrapped."""
    return f'<pre style="white-space:pre-wrap; margin:0">{html.escape(text)}</pre>'


def render_plain_parts(text: str, part_chars: int = PART_CHARS) -> list[str]:
    """:func:`render_plain` of ``text`` in slices of at most ``part_chars`` characters
    of text (at least one), cut at a line break where one is near, else inside the line
    (issue 32)."""
    parts: list[str] = []
    pos = 0
    while True:
        end = min(len(text), pos + part_chars)
        nl = text.rfind("\n", pos, end) if end < len(text) else -1
        if nl > pos:
            end = nl
        parts.append(breakable(render_plain(text[pos:end])))
        pos = end + 1 if end == nl else end
        if pos >= len(text):
            return parts
