"""Dynamic memory document: cards, framing, escaping, caps, retention
(DRM-7 … DRM-14, REF-8 … REF-16)."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from chathub_desktop.core import dynamic_memory as dm
from chathub_desktop.core.dynamic_memory import Card
from tests.cases import cases

D1 = date(2024, 3, 1)


def day(n: int) -> date:
    return D1 + timedelta(days=n - 1)


def tag(n: int) -> str:
    return day(n).isoformat()


def rtag(a: int, b: int) -> str:
    return f"{tag(a)}..{tag(b)}"


def days_cards(count: int, text: str = "Day {n}: prefers tables and short answers.") -> list[Card]:
    cards: list[Card] = []
    for n in range(1, count + 1):
        cards = dm.append_day_card(cards, day(n), text.format(n=n))
    return cards


def payload_of(body: str) -> str:
    return body.split("\n", 1)[1]


FAST = settings(max_examples=cases(100), deadline=None, suppress_health_check=[HealthCheck.too_slow])


# --- REF-8: the document -----------------------------------------------------------------


def test_ref8_headers_bodies_and_tag_kinds() -> None:
    """REF-8: '#N [TAG]:' on its own line, body on the following lines; numbers as written
    are ignored; the four tag kinds and their properties (DRM-8 chips, Regenerate)."""
    doc = (
        "#7 [2024-03-01]:\nLikes tables.\nSecond line.\n\n"
        "#2 [2024-02-01..2024-02-10]:\nrange text\n\n"
        "#9 [legacy]:\nold blob\n\n"
        "#1 [my notes]:\nfree"
    )
    cards = dm.parse_document(doc)
    assert cards == [
        Card("2024-03-01", "Likes tables.\nSecond line."),
        Card("2024-02-01..2024-02-10", "range text"),
        Card("legacy", "old blob"),
        Card("my notes", "free"),
    ]
    assert [c.kind for c in cards] == ["day", "range", "legacy", "custom"]
    assert cards[0].day == date(2024, 3, 1) and cards[0].span is None
    assert cards[1].span == (date(2024, 2, 1), date(2024, 2, 10)) and cards[1].day is None
    assert [c.regenerable for c in cards] == [True, False, False, False]
    assert [c.display_tag for c in cards] == ["2024-03-01", "2024-02-01 – 2024-02-10", "legacy", "my notes"]
    assert dm.render_document(cards) == doc.replace("#7 [", "#1 [").replace("#2 [", "#2 [").replace(
        "#9 [", "#3 [").replace("#1 [my", "#4 [my")


def test_ref8_impossible_dates_and_reversed_ranges_are_custom() -> None:
    """REF-8: only real dates make day/range tags; a reversed range or '2024-02-30' is custom."""
    assert Card("2024-02-30", "").kind == "custom"
    assert Card("2024-03-05..2024-03-01", "").kind == "custom"
    assert Card("2024-03-01..2024-03-01", "").kind == "range"
    assert Card("Legacy", "").kind == "custom"
    with pytest.raises(ValueError):
        Card("two\nlines", "x")


def test_ref8_document_without_headers_is_one_legacy_card() -> None:
    """REF-8: no header → one #1 [legacy]: card (outer newlines dropped); blank → no cards."""
    assert dm.parse_document("\nSome old dynamic memory\n#not a header\n\n") == [
        Card("legacy", "Some old dynamic memory\n#not a header")
    ]
    assert dm.render_document(dm.parse_document("old text")) == "#1 [legacy]:\nold text"
    assert dm.parse_document("") == [] and dm.parse_document(" \n\t\n") == []
    assert dm.render_document([]) == ""


def test_ref8_text_before_the_first_header_becomes_legacy() -> None:
    """REF-8: a preamble is kept as a legacy card; a blank one is dropped."""
    assert dm.parse_document("intro\n#1 [2024-03-01]:\nx") == [Card("legacy", "intro"), Card("2024-03-01", "x")]
    assert dm.parse_document("\n\n#1 [2024-03-01]:\nx") == [Card("2024-03-01", "x")]


def test_ref8_renumbering_and_blank_line_separation() -> None:
    """REF-8: render numbers 1..n and separates cards by exactly one blank line."""
    cards = [Card(tag(2), "b"), Card(tag(1), "a"), Card("legacy", "")]
    assert dm.render_document(cards) == "#1 [2024-03-02]:\nb\n\n#2 [2024-03-01]:\na\n\n#3 [legacy]:\n"


def test_ref8_header_shaped_body_line_does_not_split_the_card() -> None:
    """REF-8: a body line that reads like a header is shielded by one backslash on render."""
    cards = [Card(tag(1), "before\n#2 [2024-03-09]:\n\\#3 [x]:\nafter"), Card(tag(2), "next")]
    doc = dm.render_document(cards)
    assert "\n\\#2 [2024-03-09]:\n\\\\#3 [x]:\n" in doc
    assert dm.parse_document(doc) == cards


_TAGS = st.one_of(
    st.dates(date(2000, 1, 1), date(2100, 1, 1)).map(date.isoformat),
    st.tuples(st.dates(date(2000, 1, 1), date(2050, 1, 1)), st.integers(0, 400)).map(
        lambda t: f"{t[0].isoformat()}..{(t[0] + timedelta(days=t[1])).isoformat()}"
    ),
    st.just("legacy"),
    st.text(st.characters(blacklist_characters="\r\n"), max_size=12),
)
_LINE = st.one_of(
    st.text(max_size=20),
    st.sampled_from(["", "#1 [2024-01-01]:", "\\#2 [x]:", "#3 [a]: ]:\r", "[overflow:v1]", "[date:2024-03-01]",
                     "\\[date:2024-03-02]", "\\\\[2024-03-01]", "[overflow:opaque-v2]", "\r", "  "]),
)
_BODY = st.lists(_LINE, max_size=8).map("\n".join)


@FAST
@given(st.lists(st.builds(Card, _TAGS, st.one_of(_BODY, st.text())), max_size=5))
def test_ref8_parse_render_round_trip_for_any_bodies(cards: list[Card]) -> None:
    """REF-8: parse_document(render_document(cards)) == cards for arbitrary bodies."""
    assert dm.parse_document(dm.render_document(cards)) == cards


# --- REF-13: the opaque envelope ------------------------------------------------------------


def test_ref13_examples_exactly() -> None:
    """REF-13: payload 'hello' → n=5 crc=4f9f2cab; an empty payload has crc=811c9dc5."""
    assert dm.fnv1a32(b"hello") == 0x4F9F2CAB and dm.fnv1a32(b"") == 0x811C9DC5
    assert dm.opaque_body("hello") == "[overflow:opaque-v3 n=5 crc=4f9f2cab]\nhello"
    assert dm.opaque_body("") == "[overflow:opaque-v3 n=0 crc=811c9dc5]\n"


def test_ref13_n_counts_utf16_code_units() -> None:
    """REF-13: n is the payload's UTF-16 length (an emoji counts 2), crc over its UTF-8 bytes."""
    body = dm.opaque_body("a😀")
    crc = dm.fnv1a32("a😀".encode())
    assert body == f"[overflow:opaque-v3 n=3 crc={crc:08x}]\na😀"
    assert dm.framing(Card(rtag(1, 2), body)) == "v3"


def test_ref13_valid_v3_header_is_hidden_on_a_range_card() -> None:
    """REF-13 / DRM-10: a matching v3 header (after blank lines, with CRLF payload lines) is framing."""
    card = Card(rtag(1, 3), "\n" + dm.opaque_body("line one\nline two"))
    assert dm.framing(card) == "v3" and dm.visible_body(card) == "line one\nline two"
    crlf = Card(rtag(1, 3), dm.opaque_body("a\nb").split("\n")[0] + "\r\na\r\nb\r")
    assert dm.visible_body(crlf) == "a\nb"


@pytest.mark.parametrize(
    "first",
    [
        "[overflow:opaque-v3 n=6 crc=4f9f2cab]",  # wrong n
        "[overflow:opaque-v3 n=5 crc=4f9f2cac]",  # wrong crc
        "[overflow:opaque-v3 n=5 crc=4F9F2CAB]",  # crc must be lowercase
        "[overflow:opaque-v1]",
        "[overflow:opaque-v2]",
    ],
)
def test_drm10_failing_or_old_opaque_lines_stay_visible(first: str) -> None:
    """DRM-10: a v3 line with wrong n or crc, opaque-v1 and opaque-v2 are ordinary text even
    as the first line of a range card."""
    card = Card(rtag(1, 3), first + "\nhello")
    assert dm.framing(card) is None
    assert dm.visible_body(card) == first + "\nhello"
    assert first in dm.copy_text([card])


def test_drm10_v3_header_on_a_day_card_is_text() -> None:
    """DRM-10: framing exists only on range cards."""
    body = dm.opaque_body("hello")
    assert dm.visible_body(Card(tag(1), body)) == body


def test_ref13_opaque_body_cuts_to_fit_the_range_cap() -> None:
    """REF-13 / DRM-13: the envelope plus payload stay ≤ 6400; a payload up to
    SUMMARY_BODY_MAX is never cut."""
    exact = "y" * dm.SUMMARY_BODY_MAX
    assert payload_of(dm.opaque_body(exact)) == exact
    long = ("A sentence about habits. " * 400).strip()
    body = dm.opaque_body(long)
    assert len(body) <= 6400
    card = Card(rtag(1, 9), body)
    assert dm.framing(card) == "v3" and long.startswith(dm.visible_body(card))
    assert dm.visible_body(card).endswith(".")  # REF-9 sentence cut


def test_ref13_opaque_body_escapes_marker_lines_of_the_summary() -> None:
    """REF-15: a re-summary line shaped like a marker is stored one level up, shown as written."""
    card = Card(rtag(1, 2), dm.opaque_body("[overflow:v1]\n[2024-03-01]\nkeeps notes"))
    assert payload_of(card.body) == "\\[overflow:v1]\n\\[2024-03-01]\nkeeps notes"
    assert dm.visible_body(card) == "[overflow:v1]\n[2024-03-01]\nkeeps notes"


# --- REF-14: v1 framing ---------------------------------------------------------------------


V1_BODY = "[overflow:v1]\n[date:2024-03-01]\nfirst\n\n[date:2024-03-03]\nthird"


def test_ref14_real_v1_framing_is_hidden_in_editor_and_copy() -> None:
    """REF-14 / DRM-8 / DRM-10: [overflow:v1] whose [date:] headings rebuild the span is hidden."""
    card = Card(rtag(1, 3), V1_BODY)
    assert dm.framing(card) == "v1"
    assert dm.visible_body(card) == "[date:2024-03-01]\nfirst\n\n[date:2024-03-03]\nthird"
    assert dm.copy_text([card]) == (
        "#1 [2024-03-01 – 2024-03-03]:\n[date:2024-03-01]\nfirst\n\n[date:2024-03-03]\nthird"
    )


@pytest.mark.parametrize(
    "card",
    [
        Card(rtag(1, 5), V1_BODY),  # older card: headings end at 03-03, span at 03-05
        Card(rtag(2, 3), V1_BODY),  # headings start before the span
        Card(tag(1), V1_BODY),  # not a range card
        Card(rtag(1, 3), "[overflow:v1]\nundated\n[date:2024-03-01]\nx\n[date:2024-03-03]\ny"),
        Card(rtag(1, 3), "[overflow:v1]\n[date:2024-03-03]\nx\n[date:2024-03-01]\ny"),  # out of order
        Card(rtag(1, 3), "[overflow:v1]\n[date:2024-03-01]\nx\n[date:2024-02-30]\n[date:2024-03-03]\ny"),
        Card(rtag(1, 3), "[overflow:v1]"),
    ],
)
def test_ref14_literal_v1_line_that_does_not_rebuild_the_span_stays_visible(card: Card) -> None:
    """REF-14 / DRM-10: a literal [overflow:v1] copy stays visible and the card is opaque."""
    assert dm.framing(card) is None
    assert dm.visible_body(card).startswith("[overflow:v1]")
    assert "[overflow:v1]" in dm.copy_text([card])
    if card.kind == "range":
        assert dm.is_opaque(card)


def test_ref14_both_grammars_rebuilding_is_ambiguous_and_opaque() -> None:
    """REF-14: when the old bare [YYYY-MM-DD] grammar also rebuilds the span, it is not framing."""
    body = "[overflow:v1]\n[date:2024-03-01]\n[2024-03-01]\nx\n\n[date:2024-03-03]\n[2024-03-03]\ny"
    card = Card(rtag(1, 3), body)
    assert dm.framing(card) is None and dm.is_opaque(card)
    assert dm.visible_body(card) == body
    # An escaped bare line is text, so it does not make the card ambiguous.
    assert dm.framing(Card(rtag(1, 3), body.replace("\n[2024-03-01]", "\n\\[2024-03-01]"))) == "v1"


# --- DRM-12 / REF-15: escaping ------------------------------------------------------------


@pytest.mark.parametrize("marker", ["[2024-03-01]", "[overflow:v1]", "[overflow:opaque-v1]", "[overflow:opaque-v2]",
                                    "[overflow:opaque-v3 n=5 crc=4f9f2cab]"])
@pytest.mark.parametrize("slashes", [0, 1, 2])
def test_drm12_marker_lines_are_ordinary_text_at_every_backslash_level(marker: str, slashes: int) -> None:
    """DRM-12 / REF-15: stored text carries one more backslash than shown; the editor shows
    exactly what the model or user wrote, saving adds the level back, round trip lossless."""
    line = "\\" * slashes + marker
    stored = dm.escape_body(f"note\n{line}\nend")
    assert stored == f"note\n\\{line}\nend"
    card = Card(rtag(1, 2), stored)
    assert dm.framing(card) is None
    assert dm.visible_body(card) == f"note\n{line}\nend"
    assert dm.stored_body(dm.visible_body(card), keep_framing_of=card) == stored


@pytest.mark.parametrize("slashes", [0, 1, 2])
def test_drm12_date_lines_that_are_text_show_with_their_backslash(slashes: int) -> None:
    """DRM-12 / REF-15: an ordinary-text [date:D] line is shown as \\[date:D] (stored form), so
    saving the editor text does not turn it into a heading."""
    line = "\\" * slashes + "[date:2024-03-01]"
    stored = dm.escape_body(f"{line}\ntext")
    assert stored == f"\\{line}\ntext"
    card = Card(tag(1), stored)
    shown = dm.visible_body(card)
    assert shown == f"\\{line}\ntext"
    assert dm.stored_body(shown) == stored
    assert dm.visible_body(Card(tag(1), dm.stored_body(shown))) == shown


def test_drm12_raw_unescaped_marker_shows_as_is_and_saves_escaped() -> None:
    """DRM-12: a stored marker line without a backslash (old data) shows as is; saving it
    escapes it and the display does not change."""
    card = Card(tag(1), "[2024-03-01]\n[overflow:v1]")
    shown = dm.visible_body(card)
    assert shown == "[2024-03-01]\n[overflow:v1]"
    saved = dm.stored_body(shown, keep_framing_of=card)
    assert saved == "\\[2024-03-01]\n\\[overflow:v1]"
    assert dm.visible_body(Card(tag(1), saved)) == shown


def test_ref15_a_typed_marker_never_becomes_framing() -> None:
    """REF-15 / DRM-10: typing framing lines into a range card's editor stores them as text."""
    for typed in ("[overflow:v1]\n[date:2024-03-01]\na\n\n[date:2024-03-03]\nb",
                  "[overflow:opaque-v3 n=5 crc=4f9f2cab]\nhello"):
        out = dm.replace_body([Card(rtag(1, 3), "old")], 0, typed)[0]
        assert dm.framing(out) is None
        assert dm.visible_body(out) == typed


def test_ref15_editing_a_framed_card_keeps_its_framing() -> None:
    """REF-15 / DRM-10: saving a v1 card keeps v1 when the headings still rebuild the span,
    else wraps the text in a valid v3 envelope; the editor text is what was typed."""
    card = Card(rtag(1, 3), V1_BODY)
    edited = dm.visible_body(card).replace("first", "first, edited")
    same = dm.replace_body([card], 0, edited)[0]
    assert same.body.startswith("[overflow:v1]\n") and dm.visible_body(same) == edited
    broken = "no headings any more\n[2024-03-01]"
    wrapped = dm.replace_body([card], 0, broken)[0]
    assert dm.framing(wrapped) == "v3" and dm.visible_body(wrapped) == broken
    v3 = Card(rtag(1, 3), dm.opaque_body("hello"))
    again = dm.replace_body([v3], 0, "hello, world")[0]
    assert again.body == dm.opaque_body("hello, world")


_EDITOR_LINE = st.one_of(
    st.text(max_size=15),
    st.sampled_from(["", "[2024-03-01]", "\\[2024-03-01]", "[date:2024-03-01]", "\\[date:2024-03-03]",
                     "[date:2024-03-03]", "[overflow:v1]", "\\\\[overflow:v1]", "[overflow:opaque-v1]",
                     "\\[overflow:opaque-v2]", "[overflow:opaque-v3 n=0 crc=811c9dc5]", "x\r", "[2024-03-01]\r"]),
)
_STORED = st.one_of(
    st.lists(_EDITOR_LINE, max_size=8).map("\n".join),
    st.lists(_EDITOR_LINE, max_size=6).map(lambda ls: V1_BODY + "\n" + "\n".join(ls)),
    st.lists(_EDITOR_LINE, max_size=6).map(lambda ls: dm.frame_opaque("\n".join(ls))),
    st.lists(_EDITOR_LINE, max_size=6).map(lambda ls: "[overflow:v1]\n" + "\n".join(ls)),
)


@FAST
@given(st.sampled_from([tag(1), rtag(1, 3), "legacy", "custom"]), _STORED)
def test_drm12_display_save_display_is_lossless(card_tag: str, stored: str) -> None:
    """DRM-12 / REF-15: visible → stored_body → visible returns the same text, for every stored
    state (framed or not), and real framing stays hidden."""
    card = Card(card_tag, stored)
    shown = dm.visible_body(card)
    again = Card(card_tag, dm.stored_body(shown, keep_framing_of=card))
    assert dm.visible_body(again) == shown
    if dm.framing(card) is not None:
        assert dm.framing(again) is not None


@FAST
@given(st.lists(_EDITOR_LINE, max_size=8).map("\n".join))
def test_ref15_escape_then_show_is_the_written_text_except_date_lines(text: str) -> None:
    """REF-15: a model's text shows as written, except [date:] lines, which show one level up."""
    shown = dm.visible_body(Card(tag(1), dm.escape_body(text)))
    expected = "\n".join("\\" + ln if ln.lstrip("\\").startswith("[date:") and ln.endswith("]") else ln
                         for ln in text.split("\n"))
    assert shown == expected


# --- REF-9 / DRM-13: caps --------------------------------------------------------------------


def test_ref9_cut_at_a_newline_at_or_after_65_percent() -> None:
    """REF-9: the last newline within the cap at index ≥ 65% of it → cut there."""
    text = "a" * 65 + "\n" + "b" * 100
    assert dm.cut_to_cap(text, 100) == "a" * 65
    text = "a" * 64 + "\n" + "b" * 100
    assert dm.cut_to_cap(text, 100) == text[:100]  # newline at 64 < 65: hard cut


def test_ref9_cut_at_a_sentence_end_past_65_percent() -> None:
    """REF-9: else at the last '. ' or '。' past 65%, keeping the stop."""
    text = "x" * 10 + "\n" + "y" * 60 + ". " + "z" * 100
    assert dm.cut_to_cap(text, 100) == text[: 10 + 1 + 60 + 1]
    cjk = "字" * 70 + "。" + "字" * 100
    assert dm.cut_to_cap(cjk, 100) == "字" * 70 + "。"
    early = "y" * 30 + ". " + "z" * 200
    assert dm.cut_to_cap(early, 100) == early[:100]  # stop before 65%: hard cut
    assert dm.cut_to_cap("short", 100) == "short"
    with pytest.raises(ValueError):
        dm.cut_to_cap("x", -1)


@FAST
@given(st.text(alphabet="ab .\n。", max_size=300), st.integers(0, 200))
def test_ref9_cut_is_a_prefix_within_the_cap(text: str, cap: int) -> None:
    """REF-9: the cut is always a prefix of at most cap characters."""
    out = dm.cut_to_cap(text, cap)
    assert len(out) <= cap and text.startswith(out)
    if len(text) <= cap:
        assert out == text


def test_drm13_single_day_card_is_cut_to_3200() -> None:
    """DRM-13: a new card and an edited single-day card are at most 3200 characters."""
    long = "Prefers detail. " * 400
    card = dm.append_day_card([], D1, long)[0]
    assert len(card.body) <= 3200
    assert len(card.body) >= 0.65 * 3200
    edited = dm.replace_body([card], 0, "w" * 5000)[0]
    assert edited.body == "w" * 3200


def test_drm13_range_card_is_cut_to_6400_framing_included() -> None:
    """DRM-13: a range card may hold up to 6400 characters, its framing line included."""
    v1 = Card(rtag(1, 3), V1_BODY)
    edited = dm.replace_body([v1], 0, dm.visible_body(v1) + "\n" + "z" * 9000)[0]
    assert len(edited.body) <= 6400
    assert dm.framing(edited) is not None  # still hidden
    plain = dm.replace_body([Card(rtag(1, 3), "x")], 0, "q" * 9000)[0]
    assert plain.body == "q" * 6400
    legacy = dm.replace_body([Card("legacy", "x")], 0, "q" * 9000)[0]
    assert legacy.body == "q" * 9000  # legacy and custom cards only meet the document cap


def test_drm13_document_cap_values() -> None:
    """DRM-13 / DRM-7: the whole document is capped at N × 3200 + 6400; N is 1..90."""
    assert dm.document_cap(14) == 14 * 3200 + 6400 == 51200
    assert dm.document_cap(1) == 9600 and dm.document_cap(90) == 294400
    for bad in (0, 91, -1):
        with pytest.raises(ValueError):
            dm.document_cap(bad)
    assert (dm.KEEP_DEFAULT, dm.KEEP_MIN, dm.KEEP_MAX) == (14, 1, 90)


def test_drm13_enforce_document_cap_shortens_oldest_first() -> None:
    """DRM-13: an over-cap document (headers included) is shortened oldest first: the legacy
    blob goes first, the newest cards stay whole."""
    days = [Card(tag(n), f"day {n} " + "d" * 3100) for n in range(1, 4)]
    cards = [Card("legacy", "L" * 8000), *days]
    out = dm.enforce_document_cap(cards, 1)
    assert len(dm.render_document(out)) <= dm.document_cap(1)
    assert out[-3:] == days  # the days are untouched
    assert out[0].kind == "legacy" and out[0].body == "L" * len(out[0].body)
    # Nothing to do under the cap.
    assert dm.enforce_document_cap(days, 14) == days


def test_drm13_enforce_document_cap_drops_whole_cards_and_keeps_range_framing() -> None:
    """DRM-13: when the oldest card must go entirely it is removed; a shortened range keeps
    valid framing (v1 drops its oldest days, opaque keeps its newest tail)."""
    v1_body = dm.V1_LINE + "\n\n".join(f"[date:{tag(n)}]\n" + f"r{n} " * 500 for n in range(1, 4))
    cards = [Card("legacy", "L" * 100), Card(rtag(1, 3), v1_body),
             *[Card(tag(n), "d" * 3200) for n in range(10, 12)]]
    out = dm.enforce_document_cap(cards, 1)
    assert len(dm.render_document(out)) <= dm.document_cap(1)
    assert [c.kind for c in out] == ["range", "day", "day"]
    assert dm.framing(out[0]) == "v1" and out[0].span is not None and out[0].span[1] == day(3)
    opaque = Card(rtag(1, 3), dm.opaque_body("\n".join(f"line {i} " + "o" * 40 for i in range(110))))
    out = dm.enforce_document_cap([opaque, *[Card(tag(n), "d" * 3150) for n in range(10, 12)]], 1)
    assert len(dm.render_document(out)) <= dm.document_cap(1)
    assert dm.framing(out[0]) == "v3" and dm.visible_body(out[0]).endswith("line 109 " + "o" * 40)


# --- REF-16 / DRM-14: near duplicates ------------------------------------------------------


def test_ref16_english_paraphrase_is_a_near_duplicate() -> None:
    """REF-16: Jaccard of REF-3 token sets ≥ 0.8 against any existing card → duplicate."""
    old = "User prefers concise answers in English with code examples in Python."
    new = "The user prefers concise answers in English, with Python code examples."
    other = "Likes long-form essays about medieval history and rarely asks for code."
    assert dm.jaccard(old, new) == pytest.approx(10 / 11)
    cards = days_cards(2, other) + [Card(tag(5), dm.escape_body(old))]
    assert dm.is_near_duplicate(new, cards)
    assert not dm.is_near_duplicate(new, days_cards(2, other))
    assert not dm.is_near_duplicate("   ", cards)


def test_ref16_cjk_paraphrase_is_caught_by_bigrams() -> None:
    """REF-16 / DRM-14: CJK text is compared by character bigrams, not whitespace words."""
    old = "用户喜欢简洁明了的回答并且代码示例使用Python"
    new = "用户喜欢简洁明了的回答，并且代码的示例使用Python"
    assert dm.jaccard(old, new) >= 0.8
    assert dm.is_near_duplicate(new, [Card(tag(1), old)])
    assert not dm.is_near_duplicate("用户希望回答详细并附上历史背景。", [Card(tag(1), old)])


def test_ref16_compares_against_the_visible_text_of_range_cards() -> None:
    """REF-16: framing does not hide a duplicate inside a range card."""
    text = "Wants every answer to end with a short summary list of next steps."
    card = Card(rtag(1, 2), dm.opaque_body(text))
    assert dm.is_near_duplicate(text.upper(), [card])


# --- DRM-8: cards, Copy, editing ---------------------------------------------------------


def test_drm8_copy_is_the_visible_text_with_display_tags() -> None:
    """DRM-8: Copy = '#N [display tag]:' + visible body per card, blank line between, no framing."""
    cards = [Card(rtag(1, 3), V1_BODY), Card(rtag(4, 5), dm.opaque_body("merged")),
             Card(tag(6), dm.escape_body("[overflow:v1]\nkeep"))]
    assert dm.copy_text(cards) == (
        "#1 [2024-03-01 – 2024-03-03]:\n[date:2024-03-01]\nfirst\n\n[date:2024-03-03]\nthird\n\n"
        "#2 [2024-03-04 – 2024-03-05]:\nmerged\n\n"
        "#3 [2024-03-06]:\n[overflow:v1]\nkeep"
    )
    assert "[overflow:opaque" not in dm.copy_text(cards)


def test_drm3_append_day_card_rules() -> None:
    """DRM-3 / REF-17: a new card is appended last with the day's tag, trimmed and escaped; a
    day that has a card is refused, and so is an empty body."""
    cards = dm.append_day_card([Card("legacy", "x")], D1, "  \n- likes tables\n[2024-03-01]\n ")
    assert cards == [Card("legacy", "x"), Card("2024-03-01", "- likes tables\n\\[2024-03-01]")]
    with pytest.raises(ValueError):
        dm.append_day_card(cards, D1, "again")
    with pytest.raises(ValueError):
        dm.append_day_card(cards, day(2), " \n ")


def test_ref17_regenerate_replaces_one_day_body_only() -> None:
    """REF-17: Regenerate replaces that single-day card's body; other cards are untouched."""
    cards = days_cards(3)
    out = dm.replace_day_card(cards, day(2), "new habit\n[overflow:v1]")
    assert out[0] == cards[0] and out[2] == cards[2]
    assert out[1] == Card(tag(2), "new habit\n\\[overflow:v1]")
    with pytest.raises(ValueError):
        dm.replace_day_card(cards, day(9), "x")


def test_drm8_edit_and_delete_by_index() -> None:
    """DRM-8: edit and delete single cards; indexes are 0-based; bad ones raise IndexError."""
    cards = days_cards(3)
    assert dm.replace_body(cards, 1, "edited")[1] == Card(tag(2), "edited")
    assert dm.delete_card(cards, 0) == cards[1:]
    for bad in (-1, 3):
        with pytest.raises(IndexError):
            dm.replace_body(cards, bad, "x")
        with pytest.raises(IndexError):
            dm.delete_card(cards, bad)


def test_ref17_no_changes_sentinel() -> None:
    """REF-17: the model's NO_CHANGES answer means no card."""
    assert dm.NO_CHANGES == "NO_CHANGES" and dm.is_no_changes(" NO_CHANGES\n")
    assert not dm.is_no_changes("NO_CHANGES, but ...")


# --- DRM-7 / DRM-9 / REF-10 / REF-11: retention -------------------------------------------


def test_drm7_plan_retention_bounds_and_no_fold_within_keep() -> None:
    """DRM-7: keep must be 1..90; no plan while single-day cards ≤ keep (others do not count)."""
    cards = [Card("legacy", "x"), Card(rtag(1, 2), "r"), *days_cards(3)]
    assert dm.plan_retention(cards, 3) is None
    for bad in (0, 91):
        with pytest.raises(ValueError):
            dm.plan_retention(cards, bad)


def test_ref10_fold_order_span_and_renumbering() -> None:
    """REF-10: after a fold: legacy, custom, the range card, then the kept single days by date,
    numbered 1..n; the span runs over the old range and the folded days."""
    days = {n: Card(tag(n), f"habit {n}") for n in range(10, 15)}
    old_range = Card(rtag(1, 5), dm.opaque_body("older habits"))
    cards = [days[13], Card("notes", "custom"), days[10], old_range, days[14], Card("legacy", "blob"),
             days[12], days[11]]
    plan = dm.plan_retention(cards, 2)
    assert plan is not None
    assert plan.folded == (days[10], days[11], days[12])
    assert plan.existing_range == old_range and plan.span == (day(1), day(12))
    out = dm.apply_fold(cards, plan, dm.opaque_body("merged summary"))
    assert [(c.kind, c.tag) for c in out] == [
        ("legacy", "legacy"), ("custom", "notes"), ("range", rtag(1, 12)), ("day", tag(13)), ("day", tag(14))]
    doc = dm.render_document(out)
    assert [line for line in doc.split("\n") if line.startswith("#")] == [
        "#1 [legacy]:", "#2 [notes]:", f"#3 [{rtag(1, 12)}]:", f"#4 [{tag(13)}]:", f"#5 [{tag(14)}]:"]
    assert dm.visible_body(out[2]) == "merged summary"


def test_ref10_apply_fold_refuses_a_stale_plan_or_bad_body() -> None:
    """REF-10: a plan whose cards left the document, or an over-cap / blank body, is refused."""
    cards = days_cards(3)
    plan = dm.plan_retention(cards, 1)
    assert plan is not None
    with pytest.raises(ValueError):
        dm.apply_fold(cards[1:], plan, "x")
    with pytest.raises(ValueError):
        dm.apply_fold(cards, plan, "x" * 6401)
    with pytest.raises(ValueError):
        dm.apply_fold(cards, plan, " \n")


def test_drm9_material_lists_the_range_then_folded_days() -> None:
    """DRM-9: the re-summary material is the range's visible text, then each folded day as
    [date:D] + its visible body, oldest first."""
    cards = [Card(rtag(1, 2), dm.opaque_body("old")), *days_cards(3)]
    plan = dm.plan_retention(cards, 1)
    assert plan is not None
    assert plan.material() == (
        "old\n\n[date:2024-03-01]\nDay 1: prefers tables and short answers.\n\n"
        "[date:2024-03-02]\nDay 2: prefers tables and short answers."
    )


def test_ref11_concatenation_layout() -> None:
    """REF-11 / DRM-9: '[overflow:v1]', then '[date:D]' + body per day, one blank line between,
    oldest first; the result is real framing, hidden in Copy."""
    cards = days_cards(3, "habit {n}")
    plan = dm.plan_retention(cards, 1)
    assert plan is not None
    body = dm.concat_fold_body(plan)
    assert body == "[overflow:v1]\n[date:2024-03-01]\nhabit 1\n\n[date:2024-03-02]\nhabit 2"
    out = dm.apply_fold(cards, plan, body)
    assert out[0] == Card(rtag(1, 2), body) and dm.framing(out[0]) == "v1"
    assert "[overflow:" not in dm.copy_text(out)


def test_ref11_concatenation_extends_an_existing_v1_range() -> None:
    """REF-11: the existing range's dated sections and the folded days form one sequence."""
    cards = [Card(rtag(1, 3), V1_BODY), *[Card(tag(n), f"habit {n}") for n in (4, 5)]]
    plan = dm.plan_retention(cards, 1)
    assert plan is not None and plan.span == (day(1), day(4))
    body = dm.concat_fold_body(plan)
    assert body == V1_BODY + "\n\n[date:2024-03-04]\nhabit 4"
    assert dm.framing(dm.apply_fold(cards, plan, body)[0]) == "v1"


def test_drm11_folded_day_with_heading_shaped_lines_stays_text() -> None:
    """DRM-11 / DRM-12: a folded day's [date:]/[YYYY-MM-DD]/[overflow:v1] lines cannot become
    headings or framing of the range card."""
    raw = Card(tag(1), "[date:2024-03-09]\n[2024-03-01]\n[overflow:v1]\ntext")  # e.g. typed in the editor
    cards = [raw, Card(tag(2), "b"), Card(tag(3), "c")]
    plan = dm.plan_retention(cards, 1)
    assert plan is not None
    out = dm.apply_fold(cards, plan, dm.concat_fold_body(plan))
    assert out[0].tag == rtag(1, 2) and dm.framing(out[0]) == "v1"
    assert dm.visible_body(out[0]) == (
        "[date:2024-03-01]\n\\[date:2024-03-09]\n[2024-03-01]\n[overflow:v1]\ntext\n\n[date:2024-03-02]\nb")


def test_ref11_concatenation_drops_the_oldest_days_first() -> None:
    """REF-11 / DRM-9 (issue 11): over 6400, whole oldest days go until the rest fits; no
    cut-off old day is kept, so the tag starts at the first whole kept day."""
    cards = [Card(tag(n), f"day {n} " + "x" * 2500) for n in range(1, 7)]
    plan = dm.plan_retention(cards, 1)
    assert plan is not None and plan.span == (day(1), day(5))
    body = dm.concat_fold_body(plan)
    # 5 days of 18 + 2,506 characters: 3 of them (7,576 + framing) exceed 6,400, 2 fit.
    assert body == "[overflow:v1]\n[date:2024-03-04]\n" + cards[3].body + "\n\n[date:2024-03-05]\n" + cards[4].body
    out = dm.apply_fold(cards, plan, body)
    assert out[0].tag == rtag(4, 5) and dm.framing(out[0]) == "v1"
    assert [c.tag for c in out[1:]] == [tag(6)]


def test_ref11_only_a_single_too_long_day_is_shortened() -> None:
    """REF-11 (issue 11): the newest day is shortened only when it alone exceeds the
    budget; it is never dropped (folding never loses the newest day)."""
    old = Card(rtag(1, 2), "[overflow:v1]\n[date:2024-03-01]\na\n\n[date:2024-03-02]\n" + "y " * 4000)
    cards = [old, Card(tag(3), "b"), Card(tag(4), "kept")]
    plan = dm.plan_retention(cards, 1)
    assert plan is not None
    body = dm.concat_fold_body(plan)
    assert body == "[overflow:v1]\n[date:2024-03-03]\nb"  # the whole newest day; older ones dropped
    big = Card(rtag(1, 1), "[overflow:v1]\n[date:2024-03-01]\n" + "z\n" * 4000)
    plan = dm.plan_retention([big, Card(tag(2), "q" * 3200), Card(tag(3), "kept")], 1)
    assert plan is not None
    body = dm.concat_fold_body(plan)
    assert body.startswith("[overflow:v1]\n[date:2024-03-02]\n") and body.endswith("q" * 3200)


def test_drm11_opaque_range_keeps_its_newest_tail() -> None:
    """DRM-11 / REF-13: folding into an opaque range keeps the old content's newest tail plus
    the new days in a valid v3 envelope, even when the new day looks like headings."""
    old_lines = [f"old line {i:03} " + "o" * 50 for i in range(150)]  # ~9.6k characters
    old = Card(rtag(1, 5), dm.frame_opaque("\n".join(old_lines)[:6300]))
    assert dm.is_opaque(old)
    new_day = Card(tag(6), dm.escape_body("[date:2024-03-06]\n[2024-03-06]\nnew habit"))
    tricky = Card(tag(7), "[date:2024-03-07]\n[2024-03-07]\nraw heading-like lines")
    cards = [old, new_day, tricky, Card(tag(8), "kept")]
    plan = dm.plan_retention(cards, 1)
    assert plan is not None and plan.existing_range == old
    body = dm.concat_fold_body(plan)
    assert len(body) <= 6400
    card = dm.apply_fold(cards, plan, body)[0]
    assert card.tag == rtag(1, 7) and dm.framing(card) == "v3"
    shown = dm.visible_body(card)
    assert shown.endswith(
        "[date:2024-03-06]\n\\[date:2024-03-06]\n[2024-03-06]\nnew habit\n\n"
        "[date:2024-03-07]\n\\[date:2024-03-07]\n[2024-03-07]\nraw heading-like lines")
    old_text = dm.visible_body(old)
    kept_old = shown.split("\n\n[date:2024-03-06]", 1)[0]
    assert old_text.endswith(kept_old) and kept_old.startswith("old line ")  # whole first line
    assert len(old_text) > len(kept_old) > 5000


def test_drm11_unframed_and_failing_ranges_are_opaque_too() -> None:
    """DRM-11 / REF-14: a range with no valid framing is kept (tail) rather than dropped."""
    for body in ("free summary text", "[overflow:v1]\n[date:2024-03-02]\nnot my span",
                 "[overflow:opaque-v3 n=1 crc=00000000]\nbad"):
        old = Card(rtag(1, 3), body)
        cards = [old, Card(tag(4), "a"), Card(tag(5), "b")]
        plan = dm.plan_retention(cards, 1)
        assert plan is not None
        card = dm.apply_fold(cards, plan, dm.concat_fold_body(plan))[0]
        assert dm.framing(card) == "v3"
        assert dm.visible_body(card) == body + "\n\n[date:2024-03-04]\na"


def test_ref13_keep_tail_partial_first_line_rule() -> None:
    """REF-13: a partial first line is dropped when a newline falls in the first 35% of the tail."""
    for k, dropped in ((34, True), (35, False)):
        text = "A" * 200 + "\n" + "C" * (99 - k)  # the tail of 100 has its newline at index k
        tail = dm.keep_tail(text, 100)
        assert tail == ("C" * (99 - k) if dropped else text[-100:])
    no_newline = "A" * 300
    assert dm.keep_tail(no_newline, 100) == "A" * 100
    assert dm.keep_tail("ab\ncd", 2) == "cd"  # the cut lands on a line start
    assert dm.keep_tail("abc", 0) == "" and dm.keep_tail("abc", 9) == "abc"


@settings(max_examples=cases(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.integers(0, 3500), st.sampled_from(["x", "line\n", "[date:2024-01-01]\n", "。"])),
                min_size=2, max_size=6),
       st.sampled_from(["none", "v1", "v3", "plain"]))
def test_drm9_concat_always_fits_and_frames(sizes: list[tuple[int, str]], old_kind: str) -> None:
    """DRM-9 / DRM-13: every concatenation fits 6400 and its framing is real (hidden)."""
    cards: list[Card] = []
    for n, (size, unit) in enumerate(sizes, 10):
        cards = dm.append_day_card(cards, day(n), "h " + unit * max(1, size // len(unit)))
    if old_kind == "v1":
        cards.append(Card(rtag(1, 3), V1_BODY))
    elif old_kind == "v3":
        cards.append(Card(rtag(1, 3), dm.opaque_body("q\n" * 3000)))
    elif old_kind == "plain":
        cards.append(Card(rtag(1, 3), "p" * 6400))
    plan = dm.plan_retention(cards, 1)
    assert plan is not None
    body = dm.concat_fold_body(plan)
    assert len(body) <= 6400
    card = dm.apply_fold(cards, plan, body)[0]
    assert dm.framing(card) is not None
    assert "[overflow:" not in dm.copy_text([card]).split("\n", 1)[1]


def test_drm7_apply_retention_without_a_model() -> None:
    """DRM-7: a Keep N form save folds by concatenation and meets the document cap."""
    out = dm.apply_retention(days_cards(4), 2)
    assert [c.kind for c in out] == ["range", "day", "day"] and out[0].tag == rtag(1, 2)
    assert dm.apply_retention(days_cards(2), 2) == days_cards(2)


def test_a_card_for_an_older_day_goes_in_date_order() -> None:
    """Found by a fresh-user trial: a dream over an older day is not appended after
    newer cards."""
    from datetime import date

    from chathub_desktop.core import dynamic_memory as dm

    cards = dm.append_day_card([], date(2026, 11, 30), "newest")
    cards = dm.append_day_card(cards, date(2026, 11, 26), "older")
    cards = dm.append_day_card(cards, date(2026, 11, 27), "middle")
    assert [c.tag for c in cards] == ["2026-11-26", "2026-11-27", "2026-11-30"]
