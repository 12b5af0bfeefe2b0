"""Assistants with a face (issue 29; walk42: "Every assistant is still a purple 'A'"): the
editor offers a grid of emoji, a new assistant starts with one no other assistant shows,
the first assistant gets a friendly default, and the letter colours of assistants made
one after the other never look alike. Both themes keep an emoji's patch readable."""

from __future__ import annotations

import colorsys

import pytest

from chathub_desktop.core.avatars import (
    AVATAR_CHOICES,
    DEFAULT_AVATAR,
    clean_avatar,
    first_free_avatar,
)
from chathub_desktop.gui.design.contrast import contrast_ratio, rgb
from chathub_desktop.gui.design.tokens import (
    AVATAR_COLOURS,
    AVATAR_TEXT,
    AVATAR_TINT_ALPHA,
    DARK,
    LIGHT,
    Colours,
    emoji_patch,
)


def test_the_picker_offers_two_dozen_faces_each_storable_and_the_default_is_no_letter() -> None:
    assert len(AVATAR_CHOICES) == 24 and len(set(AVATAR_CHOICES)) == 24
    assert all(clean_avatar(a) == a for a in AVATAR_CHOICES)  # each is stored as picked
    assert DEFAULT_AVATAR in AVATAR_CHOICES and not DEFAULT_AVATAR.isalnum()


def test_a_new_assistant_gets_the_first_face_no_other_shows() -> None:
    assert first_free_avatar([]) == AVATAR_CHOICES[0]
    assert first_free_avatar([None, "🤖", "W"]) == AVATAR_CHOICES[1]  # letters and none take no face
    assert first_free_avatar(["🙂", "🤖"], ("🤖", "🙂", "🧠")) == "🧠"
    assert first_free_avatar(["🤖", "🙂", "🤖"], ("🤖", "🙂")) == "🙂"  # all taken: the one taken least
    assert first_free_avatar(["🤖"], ()) is None  # nothing this machine can draw: the initial


def _hue(colour: str) -> float:
    r, g, b = (c / 255 for c in rgb(colour))
    return colorsys.rgb_to_hsv(r, g, b)[0] * 360


def test_assistants_made_one_after_the_other_never_share_a_look() -> None:
    """Ids n and n+1 (and the last colour beside the first) are 60° of hue apart or more:
    the old order put blue beside violet (27°)."""
    n = len(AVATAR_COLOURS)
    for i in range(n):
        a, b = _hue(AVATAR_COLOURS[i]), _hue(AVATAR_COLOURS[(i + 1) % n])
        assert min(abs(a - b), 360 - abs(a - b)) >= 60, (AVATAR_COLOURS[i], AVATAR_COLOURS[(i + 1) % n])
    assert all(contrast_ratio(AVATAR_TEXT, c) >= 4.5 for c in AVATAR_COLOURS)  # the letter: 3:1 asked, 4.5 kept


@pytest.mark.parametrize("colours", [LIGHT, DARK], ids=["light", "dark"])
def test_an_emoji_sits_on_a_light_soft_tint_in_both_themes(colours: Colours) -> None:
    """Issue 29: an emoji's disc is its colour at :data:`AVATAR_TINT_ALPHA` over the light
    ``emoji_tile`` in both themes: a tint (not a saturated sticker) on which a letter keeps
    4.5:1, and in dark a light disc, so a dark emoji (🎵, its ink near the dark surfaces)
    reads (its disc once measured 2.53:1 for 🎵 in the chat header)."""
    for colour in AVATAR_COLOURS:
        patch = emoji_patch(colour, colours)
        assert contrast_ratio(colours.emoji_tile_text, patch) >= 4.5, colour
        assert contrast_ratio(patch, colours.emoji_tile) < 2.0  # a tint, not a saturated disc
        assert contrast_ratio(patch, DARK.raised) >= 4.5, colour  # a dark emoji's ink reads on it
    assert emoji_patch("#000000", colours) == "#" + "".join(
        f"{round(c * (1 - AVATAR_TINT_ALPHA)):02x}" for c in rgb(colours.emoji_tile))
