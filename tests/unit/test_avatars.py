"""An assistant's chosen avatar (walk29 #23): one emoji or up to two letters; anything
else is refused in one line (core.avatars)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chathub_desktop.core.avatars import AVATAR_MAX_CHARS, AvatarRefused, clean_avatar
from tests.cases import cases


@pytest.mark.parametrize(("typed", "stored"), [
    ("🦊", "🦊"), (" ab ", "AB"), ("w", "W"), ("字", "字"), ("👩\u200d💻", "👩\u200d💻"), ("🇫🇷", "🇫🇷"),
    ("👍🏽", "👍🏽"), ("", None), ("   ", None), (None, None),
])
def test_an_emoji_or_letters_are_kept(typed: str | None, stored: str | None) -> None:
    assert clean_avatar(typed) == stored


@pytest.mark.parametrize(("typed", "why"), [
    ("abc", "an avatar is one emoji or up to 2 letters"),
    ("🦊🦊", "an avatar is one emoji, not several"),
    ("a b", "an avatar is one emoji or up to 2 letters; spaces, punctuation and control characters cannot be shown"),
    ("\x00", "an avatar is one emoji or up to 2 letters; spaces, punctuation and control characters cannot be shown"),
    ("🦊" * 9, "an avatar is one emoji or up to 2 letters, not 9 characters"),
])
def test_anything_else_is_refused_in_one_line(typed: str, why: str) -> None:
    with pytest.raises(AvatarRefused) as refused:
        clean_avatar(typed)
    assert str(refused.value) == why


@settings(max_examples=cases(300), deadline=None)
@given(st.text(max_size=40))
def test_fuzz_every_text_is_kept_within_bounds_or_refused_in_one_line(text: str) -> None:
    try:
        kept = clean_avatar(text)
    except AvatarRefused as exc:
        assert "\n" not in str(exc) and str(exc)
        return
    assert kept is None or (0 < len(kept) <= AVATAR_MAX_CHARS and kept == kept.strip())
