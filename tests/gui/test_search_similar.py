"""Search marks what it found by meaning (session 51: "Messages (11)" for "invoice", 9 of
them recall-vector matches with nothing to tell them from word matches): the hits that
hold the query's words come first, those found only by meaning follow under their own
heading, each with a "similar" tag (a design-token chip) and a tooltip saying why it was
found, and the counts say how many are which."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from PySide6.QtCore import Qt

from chathub_desktop.core.messages import Role
from chathub_desktop.gui.search.search_page import HitRole, MeaningHeading, TopicGroup
from chathub_desktop.services.container import Services
from chathub_desktop.services.search.search_service import (
    HitMatch,
    SearchFilters,
    SearchHit,
    SearchResults,
)
from tests.gui.helpers import reload_assistants


def _topics(svc: Services) -> dict[str, int]:
    svc.assistants.create("Helper")
    ids = {}
    for title, text in (("Billing", "the invoice for March is overdue"),
                        ("Accounts", "please send me the bill for last month"),
                        ("Supplier", "the invoice number goes in the reference field")):
        t = svc.topics.create("Helper", title).id
        ids[title] = svc.topics.append_message(t, Role.USER, text).id
    return ids


def test_word_matches_come_first_and_meaning_matches_are_tagged(window: Any, services: Services,
                                                                qtbot: Any) -> None:
    ids = _topics(services)
    reload_assistants(window, qtbot)
    page = window.search.open()
    words = services.search.search("invoice")
    assert {h.message_id for h in words.hits} == {ids["Billing"], ids["Supplier"]}
    bill = services.search.search("bill").hits[0]

    def by_meaning(query: str, _filters: SearchFilters) -> SearchResults:
        """The keyword hits with a paraphrase ranked between them (as a fusion may)."""
        found = services.search.search(query)
        near = replace(bill, match=HitMatch.MEANING)
        return SearchResults(query, [found.hits[0], near, *found.hits[1:]], found.mode)

    page._by_meaning, page._search_by_meaning = True, by_meaning
    page.box.setText("invoice")
    qtbot.waitUntil(lambda: page.shown_queries == ["invoice"], timeout=10000)
    rows = [page.messages.item(i) for i in range(page.messages.count())]
    kinds = [r.data(HitRole) for r in rows]
    hits = [k for k in kinds if isinstance(k, SearchHit)]
    assert [h.match for h in hits] == [HitMatch.WORDS, HitMatch.WORDS, HitMatch.MEANING]
    assert hits[2].message_id == ids["Accounts"]
    heading = next(i for i, k in enumerate(kinds) if isinstance(k, MeaningHeading))
    assert all(isinstance(k, (TopicGroup, MeaningHeading)) or k.match is HitMatch.WORDS for k in kinds[:heading])
    assert not rows[heading].flags() & Qt.ItemFlag.ItemIsSelectable  # Up/Down skip it
    assert "Similar in meaning" in rows[heading].data(Qt.ItemDataRole.UserRole + 2)
    tagged = rows[kinds.index(hits[2])]
    assert "class='similar'" in tagged.data(Qt.ItemDataRole.UserRole + 2) and "≈ similar" in \
        tagged.data(Qt.ItemDataRole.UserRole + 2)
    tip = "Found by meaning: this message is close to what you typed but does not hold all of its words"
    assert tagged.data(Qt.ItemDataRole.ToolTipRole) == tip
    assert tip in tagged.data(Qt.ItemDataRole.AccessibleTextRole)
    assert all(rows[kinds.index(h)].data(Qt.ItemDataRole.ToolTipRole) is None for h in hits[:2])
    assert "class='similar'" not in rows[kinds.index(hits[0])].data(Qt.ItemDataRole.UserRole + 2)
    assert page.tabs.tabText(0) == "Messages (2 + 1 similar)"
    assert page.status.text().startswith("2 messages in 2 topics, ") and \
        page.status.text().endswith("; 1 more message similar in meaning")
    page.step(1), page.step(1)  # the arrows reach the tagged hit over the heading
    assert page.messages.currentItem() is tagged


def test_messages_holding_some_of_the_words_are_counted_as_messages(window: Any, services: Services,
                                                                   qtbot: Any) -> None:
    """Issue 29 (walk51b): "automobile fuel" gave "0 messages; 9 similar" though 4 held
    "fuel", and "日本語 مرحبا 😀" gave "0 messages" though messages held 日本語 or مرحبا."""
    services.assistants.create("Helper")
    t = services.topics.create("Helper", "Van").id
    for text in ("What is the fuel consumption of a vw transporter?", "The fuel consumption is about 8 l/100 km.",
                 "שלום مرحبا 日本語 done", "مرحبا بك hello", "stream please"):
        services.topics.append_message(t, Role.USER, text)
    reload_assistants(window, qtbot)
    page = window.search.open()
    for query, count in (("automobile fuel", 2), ("日本語 مرحبا 😀", 2)):
        page.box.setText(query)
        qtbot.waitUntil(lambda query=query: page.shown_queries[-1:] == [query], timeout=10000)
        hits = [k for k in (page.messages.item(i).data(HitRole) for i in range(page.messages.count()))
                if isinstance(k, SearchHit)]
        assert [h.match for h in hits] == [HitMatch.WORDS] * count
        assert page.tabs.tabText(0) == f"Messages ({count})"
        assert page.status.text().startswith(f"{count} messages in 1 topic")
