"""A bidi control left open in outside text reverses no more than its line (walk49):
``contained_bidi`` leaves out what is not closed on its own line, keeps what is."""

from __future__ import annotations

from chathub_desktop.core.invisible_text import contained_bidi

RLO, LRE, PDF, RLI, FSI, PDI = "\u202e", "\u202a", "\u202c", "\u2067", "\u2068", "\u2069"


def test_a_lone_override_and_stray_closers_are_left_out() -> None:
    assert contained_bidi(f"abc{RLO}def") == ("abcdef", 1)
    assert contained_bidi(f"one{RLO}\ntwo{PDF}{PDI}") == ("one\ntwo", 3)  # closed on another line: not paired
    assert contained_bidi(f"a{RLI}b\u2029c") == ("ab\u2029c", 1)  # a paragraph separator ends the line too


def test_controls_closed_on_their_line_are_kept() -> None:
    paired = f"file {RLO}txt.exe{PDF} and {RLI}שלום{PDI}, {LRE}x{FSI}y{PDI}{PDF}"
    assert contained_bidi(paired) == (paired, 0)
    # a PDI ends the embedding opened inside its isolate (UAX #9 BD9): both kept
    inside = f"{FSI}a{RLO}b{PDI} c"
    assert contained_bidi(inside) == (inside, 0)


def test_right_to_left_text_needs_no_control_and_is_untouched() -> None:
    text = "مرحبا بالعالم\nשלום עולם\u200f and English"
    shown, left_out = contained_bidi(text)
    assert shown is text and left_out == 0
