"""An import Merge finds duplicates with an index (issue 18, REF-16): it must answer
exactly what the one-by-one rule answers — equal after case and whitespace
normalization, else token-set Jaccard ≥ 0.8 — for any texts, in the order added."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from chathub_desktop.core.memory_diff import DuplicateIndex, duplicate_of
from tests.cases import cases

# Few distinct words, so near-duplicates (and exact repeats with other case/spacing) are common.
WORD = st.sampled_from(["tea", "Tea", "code", "tables", "lisbon", "dark", "mode", "metric", "units", "東京", "x"])
TEXT = st.lists(WORD, min_size=0, max_size=7).map(lambda ws: "  ".join(ws) if len(ws) % 2 else " ".join(ws))


@settings(max_examples=cases(300), deadline=None)
@given(st.lists(TEXT, max_size=12), st.lists(TEXT, min_size=1, max_size=12))
def test_the_index_answers_like_the_rule(existing: list[str], incoming: list[str]) -> None:
    pairs = list(enumerate(existing, 1))
    index = DuplicateIndex(existing + incoming)
    for number, text in pairs:
        index.add(number, text)
    for text in incoming:
        want = duplicate_of(text, pairs)
        assert index.find(text) == want, (text, pairs)
        if want is None and text.strip():  # Merge adds it: later texts are checked against it too
            pairs.append((len(pairs) + 1, text))
            index.add(len(pairs), text)


def test_reworded_and_respaced_repeats() -> None:
    index = DuplicateIndex()
    index.add(1, "Prefers concise answers with tables and code")
    index.add(2, "Likes tea")
    assert index.find("  LIKES   tea ") == 2
    assert index.find("Prefers concise answers with tables and code examples") == 1  # 7/8 ≥ 0.8
    assert index.find("Prefers long answers") is None
