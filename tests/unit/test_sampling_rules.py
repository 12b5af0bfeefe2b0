"""The sampling rule and the receipt line (issue 28): which setting each wire format
carries, the vendor constraints named in one line, and a stored receipt of any shape
read without an exception (fuzz)."""

from __future__ import annotations

import os

from hypothesis import given, settings
from hypothesis import strategies as st

from chathub_desktop.core.context_receipt import receipt_lines, receipt_sampling
from chathub_desktop.core.provider_kinds import WireProtocol
from chathub_desktop.core.sampling import Sampling, sampling_line, sampling_problem
from tests.cases import cases

SCALE = int(os.environ.get("CHATHUB_FUZZ_SCALE", "1"))


def test_each_wire_format_carries_its_own_fields() -> None:
    s = Sampling(0.5, 0.9, "low", 2048)
    assert s.sent(WireProtocol.OPENAI_CHAT) == Sampling(0.5, 0.9, "low", None)
    assert s.sent(WireProtocol.OPENAI_RESPONSES) == Sampling(0.5, 0.9, "low", None)
    assert s.sent(WireProtocol.ANTHROPIC_MESSAGES) == Sampling(0.5, 0.9, None, 2048)


def test_the_vendor_constraints() -> None:
    assert sampling_problem(Sampling(), None) is None
    assert sampling_problem(Sampling(thinking_budget=1024), 4096) is None
    assert "needs max tokens on" in str(sampling_problem(Sampling(thinking_budget=1024), None))
    assert "below max tokens" in str(sampling_problem(Sampling(thinking_budget=4096), 4096))
    assert "at least 1,024" in str(sampling_problem(Sampling(thinking_budget=1000), 4096))
    assert "temperature" in str(sampling_problem(Sampling(temperature=1.0, thinking_budget=1024), 4096))
    # whatever the provider: a topic may send to another provider's model
    assert "reasoning models" in str(sampling_problem(Sampling(top_p=0.3, reasoning_effort="low"), None))
    assert "between 0 and 2" in str(sampling_problem(Sampling(temperature=float("nan")), None))


def test_the_receipt_line() -> None:
    assert sampling_line(Sampling()) == "Sampling: provider defaults"
    assert sampling_line(Sampling(0.7, None, "high", None)) == "Sampling: temperature 0.7, reasoning effort high"
    assert sampling_line(Sampling(thinking_budget=24_000)) == "Sampling: thinking budget 24,000 tokens"


_json = st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
                     lambda c: st.lists(c, max_size=3) | st.dictionaries(st.text(max_size=8), c, max_size=3),
                     max_leaves=10)


@settings(max_examples=cases(100) * SCALE, deadline=None)
@given(st.dictionaries(st.sampled_from(["sampling", "parts", "temperature"]), _json, max_size=3)
       | st.fixed_dictionaries({"sampling": st.dictionaries(
           st.sampled_from(["temperature", "top_p", "reasoning_effort", "thinking_budget"]), _json)}))
def test_fuzz_a_stored_receipt_of_any_shape_reads(receipt: dict[str, object]) -> None:
    s = receipt_sampling(receipt)
    assert s.thinking_budget is None or isinstance(s.thinking_budget, int)
    assert receipt_lines(receipt)[-1].startswith("Sampling: ")
