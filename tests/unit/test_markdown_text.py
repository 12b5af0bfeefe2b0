"""Search snippets read Markdown as plain text (walk29 #16, APP-10's Markdown): no ``**``,
backticks or fences; code kept and marked as code; bounded parsing (fuzzed)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from chathub_desktop.core.markdown_text import PARSE_CHARS, plain_text
from chathub_desktop.core.search_text import markdown_snippet, snippet
from tests.cases import cases

REPLY = ("Here is a small **retry** helper with exponential back-off. It works with any `async` callable:\n\n"
         "```python\nimport asyncio\nimport random\n```\n\n"
         "- see [the docs](https://example.com/retry) and ![a diagram](chart.png)\n\n"
         "| name | value |\n|---|---|\n| base | 0.5 |\n\n"
         "> quoted *emphasis* and ~~struck~~ text, $x^2$\n")


def _code(p: object) -> list[str]:
    text, spans = p.text, p.code  # type: ignore[attr-defined]
    return [text[a:b] for a, b in spans]


def test_a_reply_reads_as_the_reader_sees_it() -> None:
    p = plain_text(REPLY)
    assert p.text == ("Here is a small retry helper with exponential back-off. It works with any async callable: "
                      "import asyncio import random see the docs and a diagram name value base 0.5 "
                      "quoted emphasis and struck text, x^2")
    assert _code(p) == ["async", "import asyncio import random"]
    for mark in ("**", "`", "```", "](", "|", "~~", "> "):
        assert mark not in p.text


def test_the_snippet_has_bold_matches_and_code_spans_on_the_plain_text() -> None:
    s = markdown_snippet(REPLY, ["retry"])
    assert s.text.startswith("Here is a small retry helper with exponential back-off.")
    assert [s.text[a:b] for a, b in s.spans] == ["retry"]  # the link's address is not shown
    assert [s.text[a:b] for a, b in s.code] == ["async", "import asyncio import random"]
    assert snippet(REPLY, ["retry"]).text.startswith("Here is a small **retry**")  # the raw one, for contrast


def test_a_long_text_is_parsed_around_its_match_and_an_open_fence_stays_code() -> None:
    text = "intro\n\n```\n" + "line of code\n" * 1000 + "needle()\n" + "more code\n" * 1000 + "```\nafter"
    s = markdown_snippet(text, ["needle"])
    assert "needle()" in s.text and "```" not in s.text
    assert s.code and s.code[0][0] <= s.text.index("needle") < s.code[0][1]


def test_code_spans_stay_inside_the_window_and_clear_of_the_ellipses() -> None:
    text = "x " * 200 + "`" + "code " * 100 + "`" + " y" * 200
    s = markdown_snippet(text, ["code"])
    assert s.text.startswith("…") and s.text.endswith("…")
    assert len(s.code) == 1 and 0 < s.code[0][0] < s.code[0][1] < len(s.text)  # "…" is not code
    assert s.text[s.code[0][0]:s.code[0][1]].strip().startswith("code code")


@settings(max_examples=cases(300), deadline=None)
@given(st.text(alphabet=st.sampled_from(list("`*_~[]()!<>#|-$\\ \n\tabc12界")), max_size=400), st.integers(0, 500))
def test_fuzz_any_markdown_gives_flat_text_with_sorted_code_spans(source: str, focus: int) -> None:
    for text in (source, source * 4):  # whole, and past PARSE_CHARS: a window around focus
        p = plain_text(text, focus * 3)
        assert p.text == " ".join(p.text.split())
        ends = [i for span in p.code for i in span]
        assert ends == sorted(ends) and all(0 <= i <= len(p.text) for i in ends)
        assert all(a < b for a, b in p.code)


def test_a_hostile_text_is_parsed_within_the_bound(monkeypatch: object) -> None:
    """100,000 ``[`` took 3.5 s through markdown-it whole; only PARSE_CHARS around the
    match are handed to the parser."""
    import chathub_desktop.core.markdown_text as mt

    parsed: list[int] = []
    real = mt._window
    monkeypatch.setattr(mt, "_window", lambda text, focus: (parsed.append(len(r := real(text, focus))), r)[1])  # type: ignore[attr-defined]
    hostile = "[" * 100_000 + " needle " + "*_" * 50_000
    s = markdown_snippet(hostile, ["needle"])
    assert "needle" in s.text and len(s.text) <= 162
    assert parsed == [PARSE_CHARS]
