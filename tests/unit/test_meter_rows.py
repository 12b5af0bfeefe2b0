"""The popover's rows from hand-made estimates (issue 24; TOK-3, TOK-4, REF-26, REF-27):
they sum to Total Used whatever the anchor did, and the anchor's note adds up too."""

from __future__ import annotations

from chathub_desktop.services.context.meter_rows import (
    MeterRowKind,
    budget_line,
    meter_rows,
    signed,
)
from chathub_desktop.services.views import AnchorView, EstimateView

PARTS = {"instructions": 13, "tools": 753, "memory": 49, "history": 1_200}
FRAMING = {"instructions": 3, "tools": 15, "history": 60}


def view(total: int, anchor: AnchorView | None = None, correction: float = 1.0) -> EstimateView:
    return EstimateView(topic_id=1, parts=dict(PARTS), total=total, context_window=32_000, input_budget=30_000,
                        included=20, dropped=0, encoding="o200k_base", local_total=sum(PARTS.values()),
                        correction=correction, anchor=anchor or AnchorView(), framing=dict(FRAMING))


def test_parts_without_framing_plus_one_framing_row() -> None:
    rows = meter_rows(view(2_015))
    by_key = {r.key: r.tokens for r in rows}
    assert by_key["history"] == 1_140 and by_key["tools"] == 738 and by_key["framing"] == 78
    assert by_key["summary"] == by_key["draft"] == by_key["images"] == by_key["knowledge"] == 0
    assert sum(by_key.values()) == 2_015
    assert not [r for r in rows if r.kind is MeterRowKind.ADJUSTMENT]


def test_anchor_with_rows_slid_out_of_the_window() -> None:
    """report 1,500 − 300 slid out + 45 counted after = 1,245, against a local 2,015."""
    a = AnchorView(mode="anchored", used=True, message_id=9, reported_input=1_500, tail_tokens=45,
                   slid_out=300, counted_after=45)
    rows = meter_rows(view(1_245, a))
    assert sum(r.tokens for r in rows) == 1_245
    (row,) = [r for r in rows if r.kind is MeterRowKind.ADJUSTMENT]
    assert row.tokens == -770 and signed(row.tokens) == "−770"
    assert "reported 1,500 for the last request; −300 of it has left the window since; " \
           "+45 counted after it." in row.note


def test_a_difference_no_rule_explains_still_gets_its_own_row() -> None:
    rows = meter_rows(view(2_020))
    assert sum(r.tokens for r in rows) == 2_020
    assert [(r.label, r.tokens) for r in rows if r.kind is MeterRowKind.ADJUSTMENT] == [
        ("Difference from the local count", 5)]


def test_budget_line_names_window_and_reserve() -> None:
    assert budget_line(view(2_015)) == "Input budget 30,000 = context window 32,000 − 2,000 kept for the reply · 7% used"


def test_the_provider_count_row_is_named_in_plain_words() -> None:
    """walk37 #11: the row that uses the provider's count of the last request reads as a
    correction to that count, not "Provider's count instead of ours" (TOK-4)."""
    a = AnchorView(mode="anchored", used=True, message_id=9, reported_input=1_500, tail_tokens=45,
                   slid_out=0, counted_after=45)
    (row,) = [r for r in meter_rows(view(1_545, a)) if r.kind is MeterRowKind.ADJUSTMENT]
    assert row.label == "Corrected to the provider's own count"


def test_the_ring_text_is_capped() -> None:
    """walk37 #3: a 2 MB draft made the ring read "17,589 %" (the words for it:
    tests/gui/test_usage_popover.py)."""
    from dataclasses import replace

    from chathub_desktop.services.context.meter_rows import budget_percent

    huge = replace(view(5_276_700), parts={**PARTS, "draft": 5_274_685})
    assert budget_percent(huge) == ">999%"
    assert budget_percent(view(300_000)) == ">999%" and budget_percent(view(299_700)) == "999%"
