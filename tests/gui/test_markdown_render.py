"""markdown_render: highlighted fences, tables, escaping (APP-10)."""

from __future__ import annotations

from chathub_desktop.gui.markdown_render import highlight_code, render_markdown


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


def test_tables_render_with_borders() -> None:
    html = render_markdown("| a | b |\n|---|---|\n| 1 | 2 |\n")
    assert '<table border="1"' in html
    assert "<td>1</td>" in html


def test_single_newlines_are_line_breaks() -> None:
    assert "<br" in render_markdown("line one\nline two")
