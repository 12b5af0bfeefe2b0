"""markdown_render: highlighted fences, tables, escaping (APP-10)."""

from __future__ import annotations

import re

import pytest

from chathub_desktop.gui.chat.markdown_render import highlight_code, load_math, render_markdown
from chathub_desktop.gui.design.tokens import HEADING_WEIGHT


def test_fenced_python_block_gets_coloured_spans() -> None:
    html = render_markdown("Intro\n\n```python\ndef f(x):\n    return x + 1\n```\n")
    assert "<pre" in html
    pre = html[html.index("<pre"):html.index("</pre>")]
    assert '<span style="color:' in pre
    assert "def" in pre and "return" in pre
    assert "class=" not in pre  # inline styles only: QTextDocument has no stylesheet


def test_unknown_language_is_escaped_monospace() -> None:
    html = highlight_code("<b>not bold</b>", "nosuchlang")
    assert "&lt;b&gt;not bold&lt;/b&gt;" in html
    assert "<pre" in html


def test_raw_html_is_not_interpreted() -> None:
    html = render_markdown("<script>alert(1)</script> **bold**")
    assert "<script>" not in html
    assert "<strong>bold</strong>" in html


def test_tables_render_with_row_rules_and_no_grid() -> None:
    """walk36 #2: no full grid; a rule under each row and comfortable cell padding."""
    html = render_markdown("| a | b |\n|---|---|\n| 1 | 2 |\n")
    assert '<table border="0"' in html
    cells = re.findall(r"<t[dh][ >][^>]*>", html)
    assert len(cells) == 4
    assert all("padding:6px 12px 6px 12px" in c and "border-bottom:1px solid" in c for c in cells)
    assert not any("border-left" in c or "border-right" in c for c in cells)


def test_single_newlines_are_line_breaks() -> None:
    assert "<br" in render_markdown("line one\nline two")


# --- math and code captions (issue 16) -------------------------------------------------
@pytest.fixture(autouse=True)
def _math_loaded() -> None:
    load_math()  # these tests run on the main thread, which never waits for the font


def test_the_gui_thread_never_waits_for_the_math_font(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Before the typesetter is loaded, a formula rendered on the GUI thread (a
    streaming reply) shows its source at once and the load runs on a worker."""
    import threading

    from chathub_desktop.gui.chat import markdown_render

    monkeypatch.setattr(markdown_render, "_math_ready", threading.Event())
    started = []
    monkeypatch.setattr(markdown_render.threading, "Thread",
                        lambda **kw: started.append(kw["name"]) or type("T", (), {"start": lambda self: None})())
    assert "<img" not in render_markdown("$y^3$") and "$y^3$" in render_markdown("$y^3$")
    assert started and started[0] == "math-font"
    out: list[str] = []
    monkeypatch.undo()
    t = threading.Thread(target=lambda: out.append(render_markdown("$y^3$")))
    t.start()
    t.join()
    assert "<img" in out[0]  # a page rendered on a worker waits for the font


def _svg_images(html: str) -> list[str]:
    import base64
    import re

    return [base64.b64decode(b).decode() for b in re.findall(r'src="data:image/svg\+xml;base64,([^"]+)"', html)]


def test_inline_and_display_math_are_typeset() -> None:
    html = render_markdown("Euler: $e^{i\\pi} + 1 = 0$\n\n$$\\int_0^1 x\\,dx = \\frac{1}{2}$$\n")
    images = _svg_images(html)
    assert len(images) == 2 and all(svg.startswith("<svg") and "<path" in svg for svg in images)
    assert 'alt="\\int_0^1 x\\,dx = \\frac{1}{2}"' in html  # \, reaches the typesetter intact
    assert "$" not in html.split("<img", 1)[0]  # no raw TeX before the first formula


def test_dollar_amounts_stay_prose() -> None:
    html = render_markdown("It costs $5 and $10 a month.")
    assert "<img" not in html and "$5 and $10" in html


def test_formula_that_cannot_be_typeset_shows_its_source() -> None:
    from chathub_desktop.gui.chat.markdown_render import MATH_MAX_CHARS

    html = render_markdown("Broken: $\\frac{1}{$ here")
    assert "<img" not in html
    too_long = render_markdown("$" + "x+" * MATH_MAX_CHARS + "x$")
    assert "<img" not in too_long and "<code" in too_long


def test_math_is_drawn_in_the_theme_text_colour() -> None:
    light, dark = _svg_images(render_markdown("$x^2$"))[0], _svg_images(render_markdown("$x^2$", dark=True))[0]
    assert "#1f2328" in light and "#e8eaed" in dark


def test_code_block_caption_names_the_language_and_offers_copy() -> None:
    from chathub_desktop.gui.chat.markdown_render import code_blocks

    text = "A\n\n```python\nprint(1)\n```\n\nB\n\n```\nplain\n```\n"
    html = render_markdown(text)
    assert ">python</td>" in html
    assert 'href="chathub-copy:0"' in html and 'href="chathub-copy:1"' in html
    assert code_blocks(text) == ["print(1)\n", "plain\n"]


def test_a_code_block_s_language_caption_is_painted_at_the_headings_weight(qapp) -> None:  # type: ignore[no-untyped-def]
    """polish52: the caption was weight 600, which a CJK fallback font (no bold face)
    paints regular; it takes HEADING_WEIGHT (700, a synthesized bold), as QTextDocument
    reads it."""
    from PySide6.QtGui import QTextDocument

    doc = QTextDocument()
    doc.setHtml(render_markdown("```python\nprint(1)\n```\n"))
    found = doc.find("python")
    assert not found.isNull()
    assert found.charFormat().fontWeight() == HEADING_WEIGHT == 700


WALK49_SNIPPET = (  # the untagged Python a small model sent in walk49 (#5)
    "# example with nested for loops\n"
    "squares = []\n"
    "for (x, y) in [(1, 2), (3, 4)] + [(x, y):]:\n"
    "    squares.append((x, y * y))\n"
    "print(squares)\n"
    "# this is a list comprehension with nested list comprehension\n"
    "squares = [x * y for x, y in zip(range(1, 11), range(1, 11))]\n"
    "print(squares)\n"
    "# this is a list comprehension with nested list comprehension\n"
)


@pytest.mark.parametrize("dark", [False, True])
def test_an_untagged_code_block_is_plain_text_never_a_guessed_language(dark: bool) -> None:
    """walk49 #5: Pygments guessed the walk's Python as "scdoc" and bolded random lines;
    a block with no language shows its text as sent: no language named, no styling; its
    header says "text" beside Copy, never an empty bar (walk53b #6)."""
    html = render_markdown(f"You can do it so:\n\n```\n{WALK49_SNIPPET}```\n", dark=dark)
    assert "scdoc" not in html
    header = html[:html.index("<pre")]
    assert 'href="chathub-copy:0"' in header
    captions = re.findall(rf"font-weight:{HEADING_WEIGHT}[^>]*>([^<]*)</td>", header)
    assert captions == ["text"]  # a neutral word, not a guessed language, not empty
    pre = html[html.index("<pre"):html.index("</pre>")]
    assert "<span" not in pre and "<b>" not in pre and "font-weight" not in pre
    assert "squares = [x * y for x, y in zip(range(1, 11), range(1, 11))]" in pre
    tagged = render_markdown(f"```python\n{WALK49_SNIPPET}```\n", dark=dark)  # named: coloured
    assert ">python</td>" in tagged and '<span style="color:' in tagged


# --- bounds (issue 32) -------------------------------------------------------------------
def test_markdown_nested_deeper_than_the_bound_is_shown_as_text() -> None:
    html = render_markdown(">" * 40 + " the deepest words")
    assert "<blockquote>" not in html
    assert "the deepest words" in html  # the parser alone would drop them


def test_absurd_formulas_show_their_source() -> None:
    for tex in (r"\rule{100000pt}{100000pt}", "x" + "^{x" * 12 + "}" * 12):
        html = render_markdown(f"$${tex}$$")
        assert "<img" not in html and "<code" in html


def test_a_refused_image_keeps_its_text_and_source() -> None:
    html = render_markdown("![the chart](http://example.org/chart.png)")
    assert "<img" not in html
    assert '<a href="http://example.org/chart.png">[image: the chart · http://example.org/chart.png]</a>' in html


def test_a_code_block_s_copy_control_shows_the_theme_s_copy_icon() -> None:
    """walk36 #3: the Copy control is the Lucide copy icon in the header's text colour
    beside the word, not a bare underlined link; the language label is body size."""
    from chathub_desktop.gui.chat.image_sources import typeset_svg
    from chathub_desktop.gui.chat.markdown_render import copy_icon_url
    from chathub_desktop.gui.design.prose import DARK_PROSE, LIGHT_PROSE

    for prose in (LIGHT_PROSE, DARK_PROSE):
        html = render_markdown("```python\nx = 1\n```\n", dark=prose.dark)
        url = copy_icon_url(prose.code_header_text)
        assert f'<a href="chathub-copy:0" style="color:{prose.code_header_text}; text-decoration:none"><img src="{url}"' in html
        svg = typeset_svg(url)  # a document draws it
        assert svg is not None and prose.code_header_text.encode() in svg and b"currentColor" not in svg
        assert "font-size:small" not in html.split(">python<")[0].rsplit("<td", 1)[1]
