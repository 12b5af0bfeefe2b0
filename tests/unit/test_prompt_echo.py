"""An answer that is its prompt echoed back is told from a card (issue 28, walk40: after ↻
SmolLM2-135M's card was its prompt), and a summary cut at its token limit keeps each of
its complete lines and sentences once (walk40: it looped and ended mid-word)."""

from __future__ import annotations

from collections import Counter
from datetime import date

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from chathub_desktop.core import dream_prompt as dp
from chathub_desktop.core.compaction_prompt import read_cut_summary
from chathub_desktop.core.prompt_echo import echoes_prompt

PROMPT = dp.dream_request("Helper", date(2026, 12, 2), [dp.TopicMaterial("Lisbon trip", excerpt="User: plan Lisbon")])
SYSTEM, USER = (m.content for m in PROMPT.messages)


def test_rules_and_headings_echoed_back_are_an_echo() -> None:
    assert echoes_prompt("Rules:\n- tools and workflows they rely on;\n- Skip one-off details.", SYSTEM, [SYSTEM, USER])
    assert echoes_prompt("Conversations on 2026-12-02:\n## Conversation 1: Lisbon trip (excerpt)", SYSTEM,
                         [SYSTEM, USER])
    assert echoes_prompt("Conversations on 2026-12-02:\n\n## Preferences:", SYSTEM, [SYSTEM, USER])  # lead-ins only


def test_a_card_is_not_an_echo() -> None:
    assert not echoes_prompt("- Prefers plans as tables\n- Writes in Portuguese", SYSTEM, [SYSTEM, USER])
    assert not echoes_prompt("- Short bullet points for every plan\n- Wants prices in euros", SYSTEM, [SYSTEM, USER])
    assert not echoes_prompt("", SYSTEM, [SYSTEM, USER])


def test_a_looping_cut_summary_keeps_each_complete_line_and_sentence_once() -> None:
    loop = "A trip to Lisbon. A trip to Lisbon. Wants tables.\n" + "- Prefers tables\n" * 5 + "- Prefers ta"
    assert read_cut_summary(loop) == "A trip to Lisbon. Wants tables.\n- Prefers tables"
    assert read_cut_summary("half a sum") == ""


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(alphabet=st.sampled_from("-* ab.!?:#\n。"), max_size=300))
def test_any_answer_is_read_without_error_and_nothing_is_invented(text: str) -> None:
    """Fuzz: outside text never raises; a cut summary's lines all come from the answer."""
    assert isinstance(echoes_prompt(text, SYSTEM, [SYSTEM, USER], known=[text[:20]]), bool)
    kept = read_cut_summary(text)
    assert not Counter(kept) - Counter(text)  # only the answer's own characters, none added
