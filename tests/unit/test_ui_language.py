"""Which interface language a choice shows (issue 27): "System" follows the desktop's
preferred languages to a shipped translation; a stored word nobody knows is System."""

from __future__ import annotations

import pytest

from chathub_desktop.core.ui_language import UiLanguage, parse_language, resolve_language


@pytest.mark.parametrize(("desktop", "shown"), [
    (["zh-Hans-CN", "en-US"], UiLanguage.CHINESE_SIMPLIFIED),
    (["zh_CN"], UiLanguage.CHINESE_SIMPLIFIED),
    (["zh-TW", "ja-JP"], UiLanguage.JAPANESE),  # no Traditional Chinese yet: the next preference
    (["zh-Hant-HK"], UiLanguage.ENGLISH),
    (["ja_JP"], UiLanguage.JAPANESE),
    (["fr-FR", "en-GB"], UiLanguage.ENGLISH),
    (["de-DE"], UiLanguage.ENGLISH),
    ([], UiLanguage.ENGLISH),
])
def test_system_follows_the_desktops_preferences(desktop: list[str], shown: UiLanguage) -> None:
    assert resolve_language(UiLanguage.SYSTEM, desktop) is shown


def test_an_explicit_choice_wins_over_the_desktop() -> None:
    assert resolve_language(UiLanguage.JAPANESE, ["zh-CN"]) is UiLanguage.JAPANESE


@pytest.mark.parametrize(("stored", "choice"), [
    ("zh_CN", UiLanguage.CHINESE_SIMPLIFIED), (" ja ", UiLanguage.JAPANESE), ("en", UiLanguage.ENGLISH),
    ("system", UiLanguage.SYSTEM), ("klingon", UiLanguage.SYSTEM), (None, UiLanguage.SYSTEM),
    (3, UiLanguage.SYSTEM), ("x" * 10_000, UiLanguage.SYSTEM),
])
def test_a_stored_choice_is_read_and_anything_else_is_system(stored: object, choice: UiLanguage) -> None:
    assert parse_language(stored) is choice


def test_each_language_names_itself() -> None:
    assert [lang.native_name for lang in UiLanguage] == ["System", "English", "简体中文", "日本語"]
