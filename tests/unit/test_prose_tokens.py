"""The colours of rendered message text reach WCAG 2.1 contrast (issue 29, walk29 #3):
4.5:1 for every text pair of code blocks, quotes, tables and inline code, and for every
token colour of both code styles on the code background; no code token is bold."""

from __future__ import annotations

import pytest

from chathub_desktop.gui.design.contrast import contrast_ratio
from chathub_desktop.gui.design.prose import DARK_PROSE, LIGHT_PROSE, Prose
from chathub_desktop.gui.design.tokens import colours_for


@pytest.mark.parametrize("prose", [LIGHT_PROSE, DARK_PROSE], ids=["light", "dark"])
def test_every_prose_text_pair_reaches_wcag_aa(prose: Prose) -> None:
    theme = colours_for(prose.dark)
    pairs = {
        "code text": (prose.code_text, prose.code_bg),
        "code header": (prose.code_header_text, prose.code_header_bg),
        "quote on the page": (prose.quote_text, theme.surface),
        "table header": (theme.text, prose.table_header_bg),
        "inline code": (theme.text, prose.inline_code_bg),
    }
    failures = [f"{k}: {fg} on {bg} = {contrast_ratio(fg, bg):.2f}" for k, (fg, bg) in pairs.items()
                if contrast_ratio(fg, bg) < 4.5]
    assert not failures, "\n".join(failures)
    assert contrast_ratio(prose.caret, theme.surface) >= 3.0  # a mark, not text


@pytest.mark.parametrize("prose", [LIGHT_PROSE, DARK_PROSE], ids=["light", "dark"])
def test_code_token_colours_are_readable_and_never_bold(prose: Prose) -> None:
    low = [(str(token), style["color"]) for token, style in prose.code_style
           if style["color"] and contrast_ratio(f"#{style['color'].lower()}", prose.code_bg) < 4.5]
    assert not low
    code_tokens = [str(t) for t, s in prose.code_style if s["bold"] and not str(t).startswith("Token.Generic")]
    assert not code_tokens  # walk29 #3: no bold green keywords
