"""The long-paste rules (walk37 #3): when a paste becomes a chip, what the chip says and
how the message is put together (exactly the pasted text, after the draft)."""

from __future__ import annotations

from chathub_desktop.core.pasted_text import (
    PASTE_CHIP_CHARS,
    chip_label,
    is_long_paste,
    joined,
    line_count,
)


def test_a_paste_over_the_threshold_is_long() -> None:
    assert not is_long_paste("x" * PASTE_CHIP_CHARS) and is_long_paste("x" * (PASTE_CHIP_CHARS + 1))


def test_the_chip_names_size_and_lines() -> None:
    assert chip_label("\n".join("x" * 39 for _ in range(51_234))) == "Pasted text · 2.0 MB · 51,234 lines"
    assert chip_label("a\n") == "Pasted text · 2 B · 1 line"
    assert chip_label("é" * 30_000) == "Pasted text · 59 KB · 1 line"  # UTF-8 bytes
    assert line_count("") == 0 and line_count("a\nb") == 2 and line_count("a\nb\n") == 2


def test_the_message_is_the_draft_then_each_paste_unchanged() -> None:
    assert joined("", ["  pasted\n"]) == "  pasted\n"
    assert joined("Explain:", ["one", "two"]) == "Explain:\n\none\n\ntwo"
    assert joined("just typed", []) == "just typed"
