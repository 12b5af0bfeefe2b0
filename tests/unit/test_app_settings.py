"""Typed settings declarations (issue 31): one declaration per setting, defaults as the
SPEC states them, unknown keys and out-of-range values refused in one line."""

from __future__ import annotations

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from chathub_desktop.core import app_settings as aps
from chathub_desktop.core.app_settings import SettingRefused


def test_defaults_are_the_spec_literals() -> None:
    """NUM-1 off, NUM-3 13000, NUM-6 12, NUM-8 3; the History Compress model gpt-5-mini."""
    assert aps.COMPACT_ENABLED.default is False
    assert aps.COMPACT_BUFFER_TOKENS.default == 13000
    assert aps.COMPACT_KEEP_RECENT.default == 12
    assert aps.COMPACT_MAX_FAILURES.default == 3
    assert aps.HISTORY_COMPRESS_MODEL.default == "gpt-5-mini"
    assert aps.TOPIC_NAMING_MODEL.default is None
    assert aps.STREAM_SILENCE_SECONDS.default == 60
    assert aps.DREAMS_PAUSED.default is False and aps.COMPACTION_ARCHIVES.default is False


def test_every_setting_is_declared_once_by_its_key() -> None:
    assert all(key == setting.key for key, setting in aps.SETTINGS.items())
    assert aps.declared("compact-keep-recent") is aps.COMPACT_KEEP_RECENT


def test_unknown_key_is_refused_in_one_line() -> None:
    with pytest.raises(SettingRefused, match=r"^unknown setting 'bogus'; known: card-language, compact-buffer-tokens, ") as info:
        aps.declared("bogus")
    assert "\n" not in str(info.value)


@pytest.mark.parametrize(("setting", "value", "message"), [
    (aps.COMPACT_KEEP_RECENT, "0", "compact-keep-recent must be between 1 and 10,000, got 0"),
    (aps.COMPACT_BUFFER_TOKENS, 10_000_001, "compact-buffer-tokens must be between 0 and 10,000,000, got 10,000,001"),
    (aps.STREAM_SILENCE_SECONDS, "3601", "stream-silence-seconds must be between 1 and 3,600, got 3,601"),
    (aps.COMPACT_MAX_FAILURES, "lots", "compact-max-failures expects a whole number, got 'lots'"),
    (aps.COMPACT_MAX_FAILURES, True, "compact-max-failures expects a whole number, got True"),
    (aps.COMPACT_ENABLED, "maybe", "compact-enabled expects on/off, got 'maybe'"),
    (aps.COMPACT_ENABLED, 1, "compact-enabled expects on/off, got 1"),
    (aps.HISTORY_COMPRESS_MODEL, "OpenAI/", "history-compress-model expects PROVIDER/MODEL"),
    (aps.HISTORY_COMPRESS_MODEL, "  ", "history-compress-model expects PROVIDER/MODEL"),
    (aps.TOPIC_NAMING_MODEL, "gpt-4o-mini", "topic-naming-model expects PROVIDER/MODEL"),
])
def test_bad_values_are_refused_in_one_line(setting: aps.Setting[object], value: object, message: str) -> None:
    with pytest.raises(SettingRefused) as info:
        setting.parse(value)
    assert str(info.value).startswith(message)
    assert "\n" not in str(info.value)


def test_text_is_parsed_by_the_declaration() -> None:
    assert aps.COMPACT_BUFFER_TOKENS.parse(" 16,000 ") == 16000
    assert aps.COMPACT_ENABLED.parse("ON") is True and aps.DREAMS_PAUSED.parse("no") is False
    assert aps.HISTORY_COMPRESS_MODEL.parse(" Summ/gpt-5-mini ") == "Summ/gpt-5-mini"
    assert aps.HISTORY_COMPRESS_MODEL.parse("gpt-5-mini") == "gpt-5-mini"  # a bare id: first OpenAI provider
    assert aps.TOPIC_NAMING_MODEL.parse("") is None  # blank: naming off
    assert aps.COMPACT_KEEP_RECENT.parse(None) == 12  # None: the default


def test_a_bad_stored_value_reads_as_the_default() -> None:
    assert aps.COMPACT_KEEP_RECENT.stored("x") == 12
    assert aps.MEMORY_HISTORY_CHANGES.stored(0) == 500
    assert aps.STREAM_SILENCE_SECONDS.stored(15) == 15


@given(st.one_of(st.text(max_size=40), st.integers(), st.booleans(), st.none(), st.floats(), st.lists(st.integers())))
@example("¹")  # a superscript digit: isdigit() but not int() (fix50 found it)
@example("+-5")
def test_parsing_any_input_gives_a_typed_value_or_a_one_line_refusal(value: object) -> None:
    for setting in aps.SETTINGS.values():
        try:
            parsed = setting.parse(value)
        except SettingRefused as exc:
            assert "\n" not in str(exc) and setting.key in str(exc)
            continue
        assert parsed is None or isinstance(parsed, type(setting.default) if setting.default is not None else str)


def test_a_refusal_echoes_a_long_value_cut_short() -> None:
    with pytest.raises(SettingRefused) as info:
        aps.COMPACT_ENABLED.parse("x" * 10_000)
    assert len(str(info.value)) < 120
    with pytest.raises(SettingRefused, match="got a number too large"):
        aps.COMPACT_KEEP_RECENT.parse(10**5000)


def test_a_choice_is_one_of_its_words_and_anything_else_is_refused_in_one_line() -> None:
    """A window preference (issue 31): the stored word names the member; another word is
    refused naming the key and the words it accepts, and reads as the default."""
    from chathub_desktop.core.ui_language import LANGUAGE_SETTING, UiLanguage

    assert LANGUAGE_SETTING.parse(" ja ") is UiLanguage.JAPANESE
    assert LANGUAGE_SETTING.parse(UiLanguage.ENGLISH) is UiLanguage.ENGLISH
    assert LANGUAGE_SETTING.shown(UiLanguage.CHINESE_SIMPLIFIED) == "zh_CN"
    with pytest.raises(SettingRefused, match=r"^view/language expects one of system, en, zh_CN, ja, got 'klingon'$"):
        LANGUAGE_SETTING.parse("klingon")
    assert LANGUAGE_SETTING.stored(3) is UiLanguage.SYSTEM
