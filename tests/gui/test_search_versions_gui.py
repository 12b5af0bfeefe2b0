"""Search finds the versions not in view (issue 29/30, walk52 #1): after Edit in place +
Resend, the old turn's words are a hit tagged "on another version · 1 / 2", and Enter
shows that version of the turn (the switcher driven to it) with the hit highlighted, in
the topic that was already open."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt

from chathub_desktop.core.messages import Role
from chathub_desktop.gui.search.search_page import HitRole
from chathub_desktop.services.container import Services
from chathub_desktop.services.search.search_service import OtherVersion, SearchHit
from chathub_desktop.storage.message_branches import stash_tail
from tests.gui.helpers import reload_assistants


def _edited(svc: Services) -> tuple[int, int]:
    """Three turns, then turn 2 edited and resent: (topic, the old turn's reply id)."""
    svc.assistants.create("Helper")
    tid = svc.topics.create("Helper", "Python").id
    for q, a in (("What is a list?", "A list holds items."),
                 ("Show a generator expression", "A generator expression: (x * x for x in range(3))"),
                 ("Thanks", "You are welcome.")):
        svc.topics.append_message(tid, Role.USER, q)
        svc.topics.append_message(tid, Role.ASSISTANT, a)
    old = svc.topics.messages(tid)
    with svc.db.write() as s:
        stash_tail(s, tid, old[2].seq)
    svc.topics.append_message(tid, Role.USER, "Show a list comprehension")
    svc.topics.append_message(tid, Role.ASSISTANT, "A comprehension: [x * x for x in range(3)]")
    return tid, old[3].id


def test_a_hit_on_another_version_is_tagged_and_opens_that_version(window: Any, services: Services,
                                                                   qtbot: Any) -> None:
    tid, old_reply = _edited(services)
    reload_assistants(window, qtbot)
    window.select_topic(tid)
    qtbot.waitUntil(lambda: window.message_model.topic_id == tid and window.message_model.rowCount() == 4,
                    timeout=5000)
    assert window.message_model.row_of(old_reply) is None  # one ‹ › click away
    qtbot.keyClick(window, Qt.Key.Key_K, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: window.search.page is not None and window.search.page.isVisible())
    page = window.search.page
    page.box.setText("generator expression")
    qtbot.waitUntil(lambda: page.shown_queries[-1:] == ["generator expression"], timeout=8000)
    hits = [page.messages.item(i) for i in range(page.messages.count())
            if isinstance(page.messages.item(i).data(HitRole), SearchHit)]
    assert [h.data(HitRole).version for h in hits] == [OtherVersion(1, 2)] * 2
    reply = next(h for h in hits if h.data(HitRole).message_id == old_reply)
    assert "on another version · 1 / 2" in reply.data(Qt.ItemDataRole.AccessibleTextRole)
    assert "switches that turn to this version" in reply.data(Qt.ItemDataRole.ToolTipRole)
    page.messages.setCurrentItem(reply)
    qtbot.keyClick(page.box, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: window.message_model.highlight_id == old_reply, timeout=8000)
    assert [m.content for m in services.topics.messages(tid)][2:4] == [
        "Show a generator expression", "A generator expression: (x * x for x in range(3))"]
    assert window.current_topic_id == tid and window.message_model.row_of(old_reply) is not None


def test_the_memory_tab_marks_entries_found_by_meaning_and_counts_in_plural_forms(
        window: Any, services: Services, qtbot: Any) -> None:
    """walk52 #2: "1 memory entries and cards"; an entry found only by meaning carries
    the "≈ similar" tag and is counted apart, as on the Messages tab."""
    from chathub_desktop.core.memory_search import MemoryHitKind
    from chathub_desktop.core.search_text import Snippet
    from chathub_desktop.services.search.search_service import HitMatch, MemoryHit, SearchResults

    services.assistants.create("Helper")
    services.memory.add("Helper", "Lives in Lisbon")
    reload_assistants(window, qtbot)
    qtbot.keyClick(window, Qt.Key.Key_K, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: window.search.page is not None and window.search.page.isVisible())
    page = window.search.page
    page.box.setText("lisbon")
    qtbot.waitUntil(lambda: page.shown_queries[-1:] == ["lisbon"], timeout=8000)
    assert "0 messages in 0 topics, 1 memory entry or card" in page.status.text()
    near = MemoryHit(1, "Helper", MemoryHitKind.MEMORY, 2, Snippet("Works night shifts", ()), HitMatch.MEANING)
    word = page.memory.item(0).data(HitRole)
    from chathub_desktop.gui.search.search_page import result_rows

    res = SearchResults("lisbon")
    page.fill(res, [word, near], result_rows(res, [word, near]))
    assert page.status.text().endswith("1 memory entry or card; 1 more memory entry or card similar in meaning")
    assert page.tabs.tabText(1) == "Memory && dream cards (1 + 1 similar)"  # &&: a literal &
    assert "Found by meaning" in page.memory.item(1).data(Qt.ItemDataRole.AccessibleTextRole)
    assert "≈" in page.memory.item(1).data(Qt.ItemDataRole.UserRole + 2)
