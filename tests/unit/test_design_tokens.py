"""The design tokens reach WCAG 2.1 contrast (issue 29): 4.5:1 for text, 3:1 for large
text and icons, for every text/background pair the stylesheet and the painters use, in
the light and the dark theme."""

from __future__ import annotations

import pytest

from chathub_desktop.gui.design.contrast import contrast_ratio, relative_luminance, rgb
from chathub_desktop.gui.design.stylesheet import build_stylesheet, chip_pairs, painted_pairs
from chathub_desktop.gui.design.tokens import (
    AVATAR_COLOURS,
    DARK,
    LIGHT,
    ChipKind,
    Colours,
    emoji_patch,
)


def test_contrast_ratio_matches_the_wcag_examples() -> None:
    assert contrast_ratio("#000000", "#ffffff") == pytest.approx(21.0)
    assert contrast_ratio("#ffffff", "#ffffff") == pytest.approx(1.0)
    assert contrast_ratio("#767676", "#ffffff") == pytest.approx(4.54, abs=0.01)  # the classic AA grey
    assert contrast_ratio("#ffffff", "#767676") == contrast_ratio("#767676", "#ffffff")
    assert relative_luminance((255, 255, 255)) == pytest.approx(1.0)


@pytest.mark.parametrize("bad", ["red", "#fff", "#gggggg", ""])
def test_rgb_refuses_what_is_not_rrggbb(bad: str) -> None:
    with pytest.raises(ValueError):
        rgb(bad)


@pytest.mark.parametrize("colours", [LIGHT, DARK], ids=["light", "dark"])
def test_every_stylesheet_text_pair_reaches_wcag_aa(colours: Colours) -> None:
    sheet = build_stylesheet(colours, 10.0)
    pairs = sheet.pairs + painted_pairs(colours)
    assert len(sheet.pairs) > 20  # the sheet records what it paints
    failures = []
    for p in pairs:
        need = 3.0 if p.large else 4.5
        ratio = contrast_ratio(getattr(colours, p.fg), getattr(colours, p.bg))
        if ratio < need:
            failures.append(f"{p.where}: {p.fg} on {p.bg} = {ratio:.2f} < {need}")
    assert not failures, "\n".join(failures)


@pytest.mark.parametrize("colours", [LIGHT, DARK], ids=["light", "dark"])
def test_memory_chips_reach_wcag_aa(colours: Colours) -> None:
    # every ChipKind has its own pair in this theme (no kind borrows another's), text >= 4.5:1 on it
    assert set(colours.chips) == set(ChipKind)
    low = [(k, round(contrast_ratio(fg, bg), 2)) for k, fg, bg in chip_pairs(colours)
           if contrast_ratio(fg, bg) < 4.5]
    assert not low


def test_the_sheet_names_no_colour_outside_the_tokens() -> None:
    import re

    for colours in (LIGHT, DARK):
        text = build_stylesheet(colours, 10.0).text
        tokens = {v for v in vars(colours).values() if isinstance(v, str)} | set(AVATAR_COLOURS)
        tokens |= {emoji_patch(c, colours) for c in AVATAR_COLOURS}  # derived from two tokens (issue 29)
        assert set(re.findall(r"#[0-9a-fA-F]{6}", text)) <= tokens
