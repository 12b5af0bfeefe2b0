"""A leading ``[overflow:v1]`` is hidden only when it is ChatHub's real framing for that
range card: ``[date:…]`` headings below it that rebuild exactly the card's range (seed 000;
DRM-10, REF-14). Old bare ``[YYYY-MM-DD]`` headings under it do not make it framing, so
the user's line stays visible and the card is kept as it is (issue 24)."""

from __future__ import annotations

from chathub_desktop.core import dynamic_memory as dm
from chathub_desktop.core.dynamic_memory import Card

BODY = "[overflow:v1]\n[2026-08-01]\na\n\n[2026-08-02]\nb"
CARD = Card("2026-08-01..2026-08-02", BODY)


def test_v1_over_bare_headings_is_ordinary_visible_text() -> None:
    assert dm.framing(CARD) is None and dm.is_opaque(CARD)
    assert dm.visible_body(CARD) == BODY  # first line shown, headings not rewritten
    assert dm.copy_text([CARD]) == "#1 [2026-08-01 – 2026-08-02]:\n" + BODY


def test_v1_over_bare_headings_is_not_rewritten_or_stored_as_framing_by_the_next_cap() -> None:
    assert dm.in_current_layout(CARD) == CARD
    assert dm.cap_card(CARD) == CARD
    stored = dm.render_document(dm.enforce_caps([CARD], 14))
    assert stored == "#1 [2026-08-01..2026-08-02]:\n" + BODY
    again = dm.parse_document(stored)[0]
    assert dm.framing(again) is None and dm.visible_body(again) == BODY


def test_saving_the_editor_text_back_keeps_every_line_visible() -> None:
    """Display → save → display is lossless (DRM-12): the shown marker lines stay text."""
    saved = Card(CARD.tag, dm.stored_body(dm.visible_body(CARD), keep_framing_of=CARD))
    assert dm.framing(saved) is None
    assert dm.visible_body(saved) == BODY


def test_the_same_range_with_date_headings_is_real_framing() -> None:
    framed = Card(CARD.tag, "[overflow:v1]\n[date:2026-08-01]\na\n\n[date:2026-08-02]\nb")
    assert dm.framing(framed) == "v1"
    assert dm.visible_body(framed) == "[date:2026-08-01]\na\n\n[date:2026-08-02]\nb"
