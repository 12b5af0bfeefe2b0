"""The token popover's rows add up to Total Used in every state (issue 24; TOK-1, TOK-3,
TOK-4, REF-26, REF-27): the parts without their framing, one framing row, and one
signed row for the provider's count or the learned correction."""

from __future__ import annotations

import re

import pytest

from chathub_desktop.services.container import Services
from chathub_desktop.services.context.meter_rows import MeterRowKind, budget_share, meter_rows
from tests import meter_states
from tests.fakes.vendor_server import FakeVendor

TOK1 = ["Instructions", "Tools", "Memory", "Topic summary", "Chat messages", "Draft", "Images", "Knowledge"]


def _figure(text: str, label: str) -> int:
    """The signed figure written as ``<label> 1,234`` / ``−1,234`` / ``+26`` in ``text``."""
    m = re.search(re.escape(label) + r" ([+−]?[\d,]+)", text)
    assert m, (label, text)
    return int(m.group(1).replace(",", "").replace("−", "-").replace("+", ""))


@pytest.mark.parametrize("state", list(meter_states.STATES))
def test_rows_sum_to_total_used(services: Services, fake_vendor: FakeVendor, state: str) -> None:
    topic, draft, attachments = meter_states.STATES[state](services, fake_vendor)
    e = services.estimates.estimate(topic, draft, attachments)
    rows = meter_rows(e)
    assert sum(r.tokens for r in rows) == e.total
    labels = [r.label for r in rows]
    assert [x for x in labels if x in TOK1] == TOK1  # every TOK-1 part listed, in order
    framing = [r for r in rows if r.kind is MeterRowKind.FRAMING]
    assert len(framing) == 1 and framing[0].tokens > 0 and framing[0].tokens % 3 == 0
    adjustments = [r for r in rows if r.kind is MeterRowKind.ADJUSTMENT]
    assert len(adjustments) == (0 if e.total == e.local_total else 1)
    assert sum(r.tokens for r in rows if r.kind is not MeterRowKind.ADJUSTMENT) == e.local_total


def test_the_llama_cpp_case_shows_the_report_and_what_came_after(
        services: Services, fake_vendor: FakeVendor) -> None:
    """Report 37 for a request whose parts count ~800: the rows still add up, and the
    anchor row says 37 + what was counted after it = Total Used."""
    topic, draft, attachments = meter_states.report_below_parts(services, fake_vendor)
    e = services.estimates.estimate(topic, draft, attachments)
    assert e.anchor.mode == "anchored" and e.anchor.reported_input == 37
    rows = meter_rows(e)
    parts = sum(r.tokens for r in rows if r.kind is not MeterRowKind.ADJUSTMENT)
    assert parts == e.local_total > 500 > e.total
    (anchor,) = [r for r in rows if r.kind is MeterRowKind.ADJUSTMENT]
    assert anchor.tokens == e.total - parts < 0
    assert "reported 37 for the last request" in anchor.note
    assert 37 + _figure(anchor.note, ";") == e.total  # "...; +26 counted after it"


def test_anchor_row_with_a_tail(services: Services, fake_vendor: FakeVendor) -> None:
    topic, draft, attachments = meter_states.anchored_with_tail(services, fake_vendor)
    e = services.estimates.estimate(topic, draft, attachments)
    assert e.anchor.mode == "anchored" and e.parts["draft"] > 0
    (anchor,) = [r for r in meter_rows(e) if r.kind is MeterRowKind.ADJUSTMENT]
    after = _figure(anchor.note, ";")
    assert after >= e.parts["draft"] and e.anchor.reported_input + after == e.total


def test_correction_row_explains_the_9312_vs_9548_gap(services: Services, fake_vendor: FakeVendor) -> None:
    topic, draft, attachments = meter_states.corrected(services, fake_vendor)
    e = services.estimates.estimate(topic, draft, attachments)
    assert e.correction == pytest.approx(1.025) and e.total > e.local_total
    (row,) = [r for r in meter_rows(e) if r.kind is MeterRowKind.ADJUSTMENT]
    assert row.label == "Learned correction × 1.025" and "102.5% of our local count" in row.note
    assert row.tokens == e.total - e.local_total


def test_over_the_budget_only_when_over(services: Services, fake_vendor: FakeVendor) -> None:
    """The over-budget state the badge and the popover word (their words: tests/gui/
    test_usage_popover.py) is the estimate's share of the input budget above 1."""
    topic, draft, attachments = meter_states.over_budget(services, fake_vendor)
    e = services.estimates.estimate(topic, draft, attachments)
    assert e.input_budget == 4000 and e.total > 4000
    assert budget_share(e) == e.total / 4000 > 1
    topic2 = meter_states.make_topic(services, fake_vendor, 4, name="B")
    assert budget_share(services.estimates.estimate(topic2)) <= 1
