"""Issue 30, "no key does two different things in the window and on the page" (walk56 #2):
with the Memory page shown, the chats page's keys never reach the hidden chat — Ctrl+Shift+A
archived the open topic, Ctrl+Shift+P pinned it, F2 put the focus in the hidden rename box,
Ctrl+Shift+N made a private topic, Ctrl+R ran the hidden chat's Regenerate reply (a paid
request) — and Ctrl+R on a selected dream card is the card's Regenerate (DRM-8), not Qt's
"Ambiguous shortcut overload" that ran neither. Back on the chats page the keys work again."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, time, timedelta

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QWidget

from chathub_desktop.core.messages import Role
from chathub_desktop.gui.memory import change_preview
from chathub_desktop.gui.shell.nav_rail import PageId
from tests.fakes.assistant_age import existing_since
from tests.fakes.vendor_server import FakeVendor, Reply
from tests.gui.helpers import add_fake_provider, reload_assistants, wait_shown
from tests.gui.test_dream_panel import active_yesterday, seed_cards

CTRL, SHIFT = Qt.KeyboardModifier.ControlModifier, Qt.KeyboardModifier.ShiftModifier


@pytest.fixture
def summ() -> Iterator[FakeVendor]:
    """The dream's own model server (History Compress model), apart from the chat's."""
    with FakeVendor() as vendor:
        yield vendor


def topics(services, aid: int) -> list[tuple[str, bool, bool]]:  # type: ignore[no-untyped-def]
    """(title, pinned, archived) of every topic of ``aid``, archived ones too, by title."""
    return sorted((t.title, t.pinned, t.archived) for t in services.topics.list(aid, archived=True))


def press(widget: QWidget, key: Qt.Key, modifiers: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier) -> None:
    """``key`` typed with the focus in ``widget``, as a user does (the window's shortcuts see it)."""
    widget.setFocus()
    QTest.keyClick(widget, key, modifiers)


def test_the_chats_keys_never_reach_the_hidden_chat_and_ctrl_r_regenerates_the_card(  # type: ignore[no-untyped-def]
        window, services, fake_vendor, summ, qtbot, monkeypatch):
    _pid, aid = add_fake_provider(services, fake_vendor.base_url)
    services.providers.add("Summ", "openai", summ.base_url, api_key="sk-summ")
    services.settings.set("history-compress-model", "Summ/gpt-5-mini")
    existing_since(services, aid)
    day = active_yesterday(services, aid)  # a topic with yesterday's message: the card's day can be dreamt again
    seed_cards(services, aid, [day - timedelta(days=1), day])
    open_id = services.topics.create(aid, title="Orchestra schedule").id
    at = datetime.combine(day + timedelta(days=1), time(9, 0, tzinfo=UTC))
    services.chat.append_row(open_id, role=Role.USER, content="When is the concert?", created_at=at)
    services.chat.append_row(open_id, role=Role.ASSISTANT, content="Friday at eight", created_at=at)
    reload_assistants(window, qtbot, aid)
    row = window.topic_model.row_of(open_id)
    assert row is not None
    window.topic_list.setCurrentIndex(window.topic_model.index(row))  # the open topic, selected
    wait_shown(window, qtbot, open_id)
    before = topics(services, aid)
    assert before == [("Orchestra schedule", False, False), ("Yesterday", False, False)]
    window.memory_action.trigger()  # Ctrl+M
    page = window.dialogs["memory"]
    panel = page.dream_panel
    qtbot.waitUntil(lambda: page.loads >= 1 and panel.loads >= 1 and panel.model.rowCount() == 2
                    and not window.runner.pending(), timeout=5000)
    assert window.page_host.current_page_id() is PageId.MEMORY
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window, timeout=3000)
    keys = [(Qt.Key.Key_A, CTRL | SHIFT), (Qt.Key.Key_P, CTRL | SHIFT), (Qt.Key.Key_F2, Qt.KeyboardModifier.NoModifier),
            (Qt.Key.Key_N, CTRL | SHIFT), (Qt.Key.Key_S, CTRL | SHIFT), (Qt.Key.Key_B, CTRL),
            (Qt.Key.Key_R, CTRL)]
    sidebar_shown = window.view.sidebar_action.isChecked()
    for key, modifiers in keys:  # on the fixed list, the page's first list
        press(page.list, key, modifiers)
        assert QApplication.activeModalWidget() is None, key  # no summary, no "no provider" question
        focused = QApplication.focusWidget()
        assert focused is not None and page.isAncestorOf(focused), (key, focused)  # not in the hidden rename box
    qtbot.wait(300)
    qtbot.waitUntil(lambda: not window.runner.pending(), timeout=5000)
    assert topics(services, aid) == before  # none archived, pinned, renamed or added
    assert window.view.sidebar_action.isChecked() is sidebar_shown
    assert window.page_host.current_page_id() is PageId.MEMORY and fake_vendor.requests == []
    # Ctrl+R on a selected dream card: that card's Regenerate (its tooltip's key)
    asked: list[str] = []

    def ask(_parent, title, *_a):  # type: ignore[no-untyped-def]
        asked.append(change_preview.said_text(title))
        return None  # keep the old card
    monkeypatch.setattr(change_preview, "ask", ask)
    summ.script(Reply(text_chunks=["- Regenerated: wants bullet points"]))
    panel.select_number(2)
    press(panel.list, Qt.Key.Key_R, CTRL)
    qtbot.waitUntil(lambda: len(summ.requests) == 1 and bool(asked) and not panel.runs.dreaming, timeout=10000)
    qtbot.waitUntil(lambda: not panel.busy and not panel.runner.pending(), timeout=5000)
    assert fake_vendor.requests == [] and topics(services, aid) == before
    # back on the chats page the keys are the chat's again
    window.page_host.show_page(PageId.CHATS)
    press(window.topic_list, Qt.Key.Key_P, CTRL | SHIFT)
    qtbot.waitUntil(lambda: ("Orchestra schedule", True, False) in topics(services, aid), timeout=5000)
    qtbot.waitUntil(lambda: not window.runner.pending(), timeout=5000)
