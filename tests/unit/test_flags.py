"""One reading of on/off words (issue 31: the word list existed in five copies)."""

from __future__ import annotations

import pytest

from chathub_desktop.core.flags import env_flag, parse_flag
from chathub_desktop.core.threshold_compaction import config_from


@pytest.mark.parametrize("word", ["1", "true", "YES", " on "])
def test_on_words(word: str) -> None:
    assert parse_flag(word) is True


@pytest.mark.parametrize("word", ["0", "False", "no", "OFF"])
def test_off_words(word: str) -> None:
    assert parse_flag(word) is False


@pytest.mark.parametrize("word", ["", "enabled", "2", "y"])
def test_other_words_are_neither(word: str) -> None:
    assert parse_flag(word) is None
    assert env_flag({"X": word}, "X") is False


def test_disable_auto_compact_takes_only_the_three_spec_words() -> None:
    """NUM-1: DISABLE_AUTO_COMPACT=1|true|yes overrides COMPACT_ENABLED; "on" does not."""
    assert config_from({"COMPACT_ENABLED": "true", "DISABLE_AUTO_COMPACT": "yes"}).enabled is False
    assert config_from({"COMPACT_ENABLED": "true", "DISABLE_AUTO_COMPACT": "on"}).enabled is True
