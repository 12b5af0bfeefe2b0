"""Dynamic memory, exact (issue 11): per-card caps on every write (DRM-13, REF-9), older
range grammars (REF-14), the fold trim order (REF-11), and properties over them."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from chathub_desktop.core import dynamic_memory as dm
from chathub_desktop.core.dynamic_memory import Card
from tests.cases import cases

BOUNDED = settings(max_examples=cases(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
D0 = date(2026, 8, 1)


def d(n: int) -> date:
    return D0 + timedelta(days=n)


def rtag(a: int, b: int) -> str:
    return f"{d(a).isoformat()}..{d(b).isoformat()}"


def lines(n_chars: int, width: int = 100) -> str:
    """``n_chars`` characters of ``width``-character lines (newline included)."""
    unit = "a" * (width - 1) + "\n"
    return (unit * (n_chars // width + 1))[:n_chars]


# --- DRM-13: per-card caps ----------------------------------------------------------------


def test_drm13_a_20000_character_day_card_is_cut_to_3200_by_ref9() -> None:
    """A single-day card of 20,000 characters (an older export, a hand edit) is cut to
    3,200: the last newline within the cap (index 3,199 ≥ 65 % of 3,200) is the cut."""
    body = lines(20_000)
    out = dm.cap_card(Card(d(0).isoformat(), body))
    assert out.body == ("a" * 99 + "\n") * 31 + "a" * 99
    assert len(out.body) == 3199


def test_drm13_a_15000_character_opaque_range_card_keeps_its_newest_6400() -> None:
    """An opaque range card of 15,000 characters becomes ≤ 6,400 with framing, in a valid
    opaque-v3 envelope holding the newest tail (REF-13); the tag does not change."""
    body = "".join(f"note {i:05} " + "o" * 88 + "\n" for i in range(150))  # 15,000 characters
    card = Card(rtag(0, 9), body)
    assert dm.is_opaque(card) and len(body) == 15_000
    out = dm.cap_card(card)
    assert len(out.body) <= 6400 and out.tag == card.tag
    assert dm.framing(out) == "v3"
    shown = dm.visible_body(out)
    assert body.rstrip("\n").endswith(shown.rstrip("\n")) and shown.startswith("note ")
    assert "note 00149" in shown and "note 00000" not in shown


def test_drm13_a_dated_range_over_6400_drops_its_oldest_days() -> None:
    """A dated range over 6,400 keeps its newest days whole and drops the oldest (REF-11),
    with its tag narrowed to the kept days (REF-14 still rebuilds it)."""
    sections = [(d(k), f"day {k} " + "x" * 2994) for k in range(5)]  # 3,000 characters a day
    card = Card(rtag(0, 4), dm.V1_LINE + dm.render_sections(sections))
    out = dm.cap_card(card)
    # 18 + 3,000 per day, 2 between days, 14 of framing: two days (6,052) fit, three (9,072) do not.
    assert out.tag == rtag(3, 4)
    assert out.body == dm.V1_LINE + dm.render_sections(sections[3:])
    assert dm.framing(out) == "v1"


def test_drm13_with_keep_1_an_oversized_newest_day_does_not_push_the_range_out() -> None:
    """Keep 1: an oversized newest day is cut to its own cap first, so the range card and
    its newest days stay and the document is within 1 × 3,200 + 6,400."""
    rng = Card(rtag(0, 1), dm.V1_LINE + dm.render_sections([(d(0), "older habit"), (d(1), "newer habit " * 400)]))
    big = Card(d(2).isoformat(), lines(20_000))
    out = dm.enforce_caps([rng, big], 1)
    assert [c.tag for c in out] == [rtag(0, 1), d(2).isoformat()]
    assert out[0] == rng
    assert len(out[1].body) <= 3200
    assert len(dm.render_document(out)) <= 1 * 3200 + 6400


def test_drm13_the_document_cap_takes_the_oldest_content_first() -> None:
    """After the per-card caps the whole document stays ≤ N × 3,200 + 6,400: the legacy
    card (oldest in REF-10 order) is shortened before any dated card."""
    legacy = Card("legacy", lines(12_000))
    days = [Card(d(k).isoformat(), lines(3200)) for k in range(2)]
    out = dm.enforce_caps([legacy, *days], 2)
    assert len(dm.render_document(out)) <= 2 * 3200 + 6400
    assert out[1:] == days
    assert out[0].kind == "legacy" and legacy.body.startswith(out[0].body) and len(out[0].body) < 6400


def test_drm13_apply_retention_caps_before_it_folds() -> None:
    """The Keep-N fold sees capped cards: an oversized old day folds as its REF-9 head."""
    cards = [Card(d(0).isoformat(), lines(20_000)), Card(d(1).isoformat(), "kept")]
    out = dm.apply_retention(cards, 1)
    assert [c.kind for c in out] == ["range", "day"]
    assert out[0].body == dm.V1_LINE + "[date:2026-08-01]\n" + ("a" * 99 + "\n") * 31 + "a" * 99


# --- REF-14: older range grammars ---------------------------------------------------------

OLD_BARE = "[2026-08-01]\nold text\n\n[2026-08-03]\nnewer text"
CURRENT = "[overflow:v1]\n[date:2026-08-01]\nold text\n\n[date:2026-08-03]\nnewer text"


@pytest.mark.parametrize("body", [
    OLD_BARE,  # the old bare-day heading grammar
    "[date:2026-08-01]\nold text\n\n[date:2026-08-03]\nnewer text",  # [date:] without [overflow:v1]
    "\n" + OLD_BARE.replace("\n", "\r\n"),  # a leading blank line, CRLF endings
])
def test_ref14_older_grammars_are_dated_ranges_written_back_in_the_current_layout(body: str) -> None:
    doc = f"#1 [2026-08-01..2026-08-03]:\n{body}"
    card = dm.parse_document(doc)[0]
    assert dm.framing(card) == "v1" and not dm.is_opaque(card)
    assert dm.visible_body(card).replace("\r", "") == "[date:2026-08-01]\nold text\n\n[date:2026-08-03]\nnewer text"
    assert dm.in_current_layout(card).body.replace("\r", "") == CURRENT
    stored = dm.render_document(dm.enforce_caps([card], 14))
    assert stored.replace("\r", "") == "#1 [2026-08-01..2026-08-03]:\n" + CURRENT


def test_ref14_a_cap_drops_the_oldest_days_of_an_old_grammar_range() -> None:
    """The older grammar is read as days, so its cap drops the oldest days rather than
    keeping an arbitrary tail."""
    body = "\n\n".join(f"[{d(k).isoformat()}]\nday {k} " + "y" * 2994 for k in range(5))
    out = dm.cap_card(Card(rtag(0, 4), body))
    assert out.tag == rtag(3, 4)
    assert out.body == dm.V1_LINE + "\n\n".join(f"[date:{d(k).isoformat()}]\nday {k} " + "y" * 2994 for k in (3, 4))


@pytest.mark.parametrize("body", [
    "[2026-08-01]\nx\n[date:2026-08-01]\n\n[2026-08-03]\ny\n[date:2026-08-03]",  # both grammars rebuild it
    "[2026-08-02]\nx\n\n[2026-08-03]\ny",  # starts after the span's first day
    "intro\n[2026-08-01]\nx\n\n[2026-08-03]\ny",  # undated text first
    "[2026-08-03]\nx\n\n[2026-08-01]\ny",  # out of order
])
def test_ref14_a_range_no_grammar_rebuilds_unambiguously_stays_opaque(body: str) -> None:
    card = Card("2026-08-01..2026-08-03", body)
    assert dm.framing(card) is None and dm.is_opaque(card)
    assert dm.visible_body(card) == body and dm.in_current_layout(card) == card


def test_ref14_text_lines_of_an_old_grammar_stay_text_in_the_current_layout() -> None:
    """An unescaped [date:] line inside an old bare-grammar day (it does not rebuild the
    span) stays text when written back: it gets its escape backslash (REF-15)."""
    body = "[2026-08-01]\n[date:2026-08-02]\nx\n\n[2026-08-03]\ny"
    out = dm.in_current_layout(Card("2026-08-01..2026-08-03", body))
    assert out.body == "[overflow:v1]\n[date:2026-08-01]\n\\[date:2026-08-02]\nx\n\n[date:2026-08-03]\ny"
    assert [s[0] for s in dm.card_shape(out.tag, out.body).sections or ()] == [d(0), d(2)]


# --- REF-11: the trim order of a fold -------------------------------------------------------


def test_ref11_fold_drops_whole_old_days_and_tags_from_the_first_kept_day() -> None:
    cards = [Card(d(k).isoformat(), f"day {k} " + "z" * 2994) for k in range(4)] + [Card(d(9).isoformat(), "new")]
    plan = dm.plan_retention(cards, 1)
    assert plan is not None
    out = dm.apply_fold(cards, plan, dm.concat_fold_body(plan))
    assert out[0].tag == rtag(2, 3)  # not a cut-off 2026-08-02 kept in front
    assert dm.visible_body(out[0]) == dm.render_sections([(d(2), cards[2].body), (d(3), cards[3].body)])


# --- properties -----------------------------------------------------------------------------

_UNITS = st.sampled_from(["a", "word ", "line\n", "end. ", "。", "[date:2026-08-05]\n", "[2026-08-05]\n", "\\[x]\n"])
_TEXT = st.tuples(st.integers(0, 9000), _UNITS).map(lambda t: (t[1] * (t[0] // len(t[1]) + 1))[: t[0]])


@st.composite
def _card(draw: st.DrawFn) -> Card:
    kind = draw(st.sampled_from(["day", "v1", "bare", "date", "opaque", "v3", "legacy", "custom"]))
    start = draw(st.integers(0, 40))
    if kind == "day":
        return Card(d(start).isoformat(), draw(_TEXT))
    if kind in ("legacy", "custom"):
        return Card(kind if kind == "legacy" else "notes", draw(_TEXT))
    n = draw(st.integers(1, 4))
    days = [d(start + 2 * k) for k in range(n)]
    texts = [draw(_TEXT) for _ in days]
    tag = f"{days[0].isoformat()}..{days[-1].isoformat()}"
    if kind == "opaque":
        return Card(tag, draw(_TEXT))
    if kind == "v3":
        return Card(tag, dm.frame_opaque(draw(_TEXT)))
    plain = [t.replace("[", "(") for t in texts]
    if kind == "v1":
        return Card(tag, dm.V1_LINE + dm.render_sections(list(zip(days, plain, strict=True))))
    head = "[{}]" if kind == "bare" else "[date:{}]"
    return Card(tag, "\n\n".join(head.format(x.isoformat()) + "\n" + t for x, t in zip(days, plain, strict=True)))


def _within_caps(cards: list[Card], keep: int) -> None:
    for c in cards:
        if c.kind == "day":
            assert len(c.body) <= 3200
        if c.kind == "range":
            assert len(c.body) <= 6400
    assert len(dm.render_document(cards)) <= keep * 3200 + 6400


@BOUNDED
@given(st.lists(_card(), max_size=6), st.integers(1, 4), st.sampled_from(["caps", "retention", "edit", "append"]),
       st.data())
def test_property_after_any_write_every_card_and_the_document_are_within_their_caps(
        cards: list[Card], keep: int, path: str, data: st.DataObject) -> None:
    """DRM-13: whatever a document held, after a write path no single-day card is over
    3,200, no range card over 6,400 and the document not over N × 3,200 + 6,400."""
    if path == "caps":  # import, restore, delete, clear
        out = dm.enforce_caps(cards, keep)
    elif path == "retention":  # a Keep N change
        out = dm.apply_retention(cards, keep)
    elif path == "edit" and cards:
        i = data.draw(st.integers(0, len(cards) - 1))
        out = dm.enforce_caps(dm.replace_body(cards, i, data.draw(_TEXT) or "x"), keep)
    else:  # a dream commit: append, fold by concatenation, caps
        day = d(60)
        grown = dm.append_day_card(cards, day, data.draw(_TEXT) or "x") if all(c.day != day for c in cards) else cards
        plan = dm.plan_retention(grown, keep)
        out = dm.enforce_caps(grown if plan is None else dm.apply_fold(grown, plan, dm.concat_fold_body(plan)), keep)
    _within_caps(out, keep)
    assert dm.enforce_caps(out, keep) == out  # already within: nothing more changes


@BOUNDED
@given(st.lists(st.tuples(st.integers(0, 7000), _UNITS), min_size=2, max_size=6),
       st.sampled_from(["none", "v1", "opaque"]))
def test_property_folding_never_loses_the_newest_day(sizes: list[tuple[int, str]], old: str) -> None:
    """REF-11 / DRM-9: the newest folded day is always in the range card, with its text
    whole when it fits (else its REF-9 head)."""
    cards: list[Card] = []
    if old == "v1":
        cards.append(Card(rtag(0, 1), dm.V1_LINE + dm.render_sections([(d(0), "a"), (d(1), "b" * 6000)])))
    elif old == "opaque":
        cards.append(Card(rtag(0, 1), "free text " * 700))
    for k, (size, unit) in enumerate(sizes):
        cards = dm.append_day_card(cards, d(10 + k), "h " + unit * max(1, size // len(unit)))
    plan = dm.plan_retention(cards, 1)
    assert plan is not None
    newest = plan.folded[-1]
    body = dm.concat_fold_body(plan)
    assert len(body) <= 6400
    folded = dm.apply_fold(cards, plan, body)[0]
    shown = dm.visible_body(folded)
    heading = f"[date:{newest.day.isoformat() if newest.day else ''}]\n"
    assert heading in shown
    kept = shown.split(heading, 1)[1]
    assert kept == dm.visible_body(newest) or dm.visible_body(newest).startswith(kept)
    assert folded.span is not None and folded.span[1] == newest.day


_SECTION_TEXT = st.lists(st.sampled_from(["x", "two words", "", "\\[date:2026-08-09]", "\\[2026-08-09]",
                                          "#3 [y]:", "end。"]), max_size=4).map("\n".join)


@BOUNDED
@given(st.lists(_SECTION_TEXT, min_size=1, max_size=4),
       st.sampled_from(["current", "date", "bare", "v3"]))
def test_property_parse_render_parse_is_the_identity_for_every_accepted_grammar(
        texts: list[str], grammar: str) -> None:
    """REF-8 / REF-14: a card in any grammar the parser accepts, once read, renders and
    reads back to the same cards, sections and visible text (older grammars in the
    current layout)."""
    days = [d(3 * k) for k in range(len(texts))]
    tag = f"{days[0].isoformat()}..{days[-1].isoformat()}"
    date_secs = dm.render_sections(list(zip(days, texts, strict=True)))
    bare_secs = "\n\n".join(f"[{x.isoformat()}]\n{t}" for x, t in zip(days, texts, strict=True))
    body = {"current": dm.V1_LINE + date_secs, "date": date_secs, "bare": bare_secs,
            "v3": dm.frame_opaque(date_secs)}[grammar]
    first = dm.parse_document(dm.render_document([Card(tag, body)]))
    assert dm.framing(first[0]) == ("v3" if grammar == "v3" else "v1")
    written = [dm.in_current_layout(c) for c in first]
    again = dm.parse_document(dm.render_document(written))
    assert again == written
    assert dm.visible_body(again[0]) == dm.visible_body(first[0])
    if grammar != "v3":
        assert dm.card_shape(again[0].tag, again[0].body).sections == tuple(zip(days, texts, strict=True))
