"""A dream card's Markdown face (DRM-8; walk40: cards showed raw '# …'): what
:func:`card_shown` makes of headings, lists, emphasis and links, and a fuzz test of its
bounds on any text a model may write."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from chathub_desktop.core.invisible_text import thin_invisible
from chathub_desktop.gui.memory.card_markdown import HEADING_MARK, card_shown, plain_line
from chathub_desktop.gui.shell.invisible_note import hidden_note


def test_headings_become_marked_lines_and_lists_get_bullets() -> None:
    shown = card_shown("# Title\n## Conversation 1\n- a **b**\n* [x] done\n1. first\n> quoted\n---\n```\ncode\n```")
    assert shown.split("\n") == [HEADING_MARK + "Title", "", HEADING_MARK + "Conversation 1", "• a b", "• ☑ done",
                                 "1. first", "quoted", "code"]


def test_a_range_cards_day_marks_become_headings_in_the_page_date_style() -> None:
    """memcards53: the days inside a range card read "2026-11-24" beside chips saying
    "24 Nov 2026"; they are said as the rest of the page says days (display only)."""
    assert card_shown("[date:2026-11-24]\nLikes tables\n\n[date:2026-11-25]\nWants versions").split("\n") == [
        HEADING_MARK + "24 Nov 2026", "Likes tables", "", HEADING_MARK + "25 Nov 2026", "Wants versions"]


def test_inline_marks_are_dropped_and_plain_text_is_kept() -> None:
    assert plain_line("see [docs](http://x) and `f()` *now* or __then__") == "see docs and f() now or then"
    assert card_shown("#hashtag stays\n5 * 3 = 15") == "#hashtag stays\n5 * 3 = 15"
    assert card_shown("\n\n\nA\n\n\n\nB\n\n") == "A\n\nB"


_HEADING = re.compile(r"^\s{0,3}#{1,6}\s+\S")


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=st.sampled_from("#-*_`[]()>! \nab1x.~"), max_size=400) | st.text(max_size=300))
def test_any_text_gives_a_bounded_face_without_heading_marks(text: str) -> None:
    """Fuzz: never raises, never longer than twice the input (plus one mark per line,
    and the line saying what the one display rule left out), and no shown line is a
    Markdown heading any more."""
    shown = card_shown(text)
    hidden = thin_invisible(text.replace(HEADING_MARK, ""))[1]
    assert len(shown) <= 2 * len(text) + text.count("\n") + 2 + (len(hidden_note(hidden)) + 3 if hidden else 0)
    assert not any(_HEADING.match(line) for line in shown.split("\n"))


def test_an_override_left_open_is_left_out_and_said() -> None:
    """Issue 28 / walk50b: a lone U+202E in a card turned the rest of its line around; the
    face leaves it out and says so on a last line; a pair closed on its line is kept."""
    assert card_shown("# Plan\nlive and \u202eopen fdp.exe") == (
        HEADING_MARK + f"Plan\nlive and open fdp.exe\n[{hidden_note(1)}]")  # its words: tests/gui/test_invisible_note.py
    assert card_shown("a \u202eb\u202c c") == "a \u202eb\u202c c"
