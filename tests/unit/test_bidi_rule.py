"""A bidi control left open in outside text reverses no more than its line (walk49), by
one rule for messages and labels (issue 28): ``thin_invisible`` (and so ``shown_line``)
leaves out what is not closed on its own line, keeps what is."""

from __future__ import annotations

from chathub_desktop.core.invisible_text import thin_invisible
from chathub_desktop.gui.shell.invisible_note import shown_line

RLO, LRE, PDF, RLI, FSI, PDI = "\u202e", "\u202a", "\u202c", "\u2067", "\u2068", "\u2069"


def test_a_lone_override_and_stray_closers_are_left_out() -> None:
    assert thin_invisible(f"abc{RLO}def") == ("abcdef", 1)
    assert thin_invisible(f"one{RLO}\ntwo{PDF}{PDI}") == ("one\ntwo", 3)  # closed on another line: not paired
    assert thin_invisible(f"a{RLI}b\u2029c") == ("ab\u2029c", 1)  # a paragraph separator ends the line too


def test_controls_closed_on_their_line_are_kept() -> None:
    paired = f"file {RLO}txt.exe{PDF} and {RLI}שלום{PDI}, {LRE}x{FSI}y{PDI}{PDF}"
    assert thin_invisible(paired) == (paired, 0)
    # a PDI ends the embedding opened inside its isolate (UAX #9 BD9): both kept
    inside = f"{FSI}a{RLO}b{PDI} c"
    assert thin_invisible(inside) == (inside, 0)


def test_right_to_left_text_needs_no_control_and_is_untouched() -> None:
    text = "مرحبا بالعالم\nשלום עולם\u200f and English"
    shown, left_out = thin_invisible(text)
    assert shown is text and left_out == 0


def test_a_label_follows_the_same_rule() -> None:
    """The label's note is the window's words (tests/gui/test_invisible_note.py)."""
    assert thin_invisible(f"gpt{RLO}-4o") == ("gpt-4o", 1)
    assert shown_line(f"file {RLO}txt.exe{PDF}") == f"file {RLO}txt.exe{PDF}"


def test_a_closer_past_the_bound_does_not_close_what_is_shown() -> None:
    """The pairing is of what is shown: a PDF left out by the run bound closes nothing."""
    text = f"a{RLO}b" + "\u200b" * 20 + PDF
    shown, left_out = thin_invisible(text)
    assert shown == "ab" + "\u200b" * 8 and left_out == 12 + 1 + 1


def test_an_override_after_characters_past_the_bound_is_found_where_it_is() -> None:
    text = "a" + "\u0301" * 20 + f"b{RLO}c" + "\u200b" * 12 + f"d{RLI}e"
    assert thin_invisible(text) == ("a" + "\u0301" * 8 + "bc" + "\u200b" * 8 + "de", 12 + 1 + 4 + 1)
