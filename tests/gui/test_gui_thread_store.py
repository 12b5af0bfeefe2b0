"""No store work on the GUI thread, enforced over the GUI suite (issue 29 "How it is built")."""

from __future__ import annotations

import threading
from typing import Any

import pytest

from chathub_desktop.core.messages import Role
from chathub_desktop.services.container import Services
from tests.gui.conftest import GuiThreadStoreCall
from tests.gui.helpers import new_topic, reload_assistants


def test_window_code_reading_the_store_on_the_gui_thread_is_refused_and_named(
        window: Any, services: Services, gui_thread_store_calls: list[str]) -> None:
    aid = services.assistants.create("Helper").id
    services.topics.create(aid, "Kept")  # a test's own set-up may use the store directly
    with pytest.raises(GuiThreadStoreCall, match=r"topic_list_model\.py:\d+ fetch"):
        window.topic_model.fetch(aid)  # window code: its store read belongs on a worker
    assert [site.split(":")[0] for site in gui_thread_store_calls] == ["topic_list_model.py"]
    gui_thread_store_calls.clear()  # seen: this test provoked it on purpose
    assert [t.title for t in services.topics.list(aid)] == ["Kept"]  # from the test: allowed


def test_a_topic_page_read_by_window_code_on_the_gui_thread_is_refused(
        window: Any, services: Services, gui_thread_store_calls: list[str]) -> None:
    """The page read the window does on a worker (opening a topic, a jump) is refused on
    the GUI thread: only the model's blocking ``open_topic``, called by a test, may read."""
    aid = services.assistants.create("Helper").id
    tid = services.topics.create(aid, "Kept").id
    services.topics.append_message(tid, Role.USER, "Hello")
    with pytest.raises(GuiThreadStoreCall, match=r"topic_pages\.py:\d+ fetch_page"):
        window.message_model.pages.fetch_page(tid)
    assert [site.split(":")[0] for site in gui_thread_store_calls] == ["topic_pages.py"]
    gui_thread_store_calls.clear()  # seen: this test provoked it on purpose
    window.message_model.open_topic(tid)  # the tests' blocking entry, from the test: allowed
    assert window.message_model.rowCount() == 1 and gui_thread_store_calls == []


def test_the_same_read_on_a_worker_thread_is_allowed(window: Any, services: Services,
                                                     gui_thread_store_calls: list[str]) -> None:
    aid = services.assistants.create("Helper").id
    services.topics.create(aid, "Kept")
    titles: list[str] = []
    worker = threading.Thread(target=lambda: titles.extend(t.title for t in window.topic_model.fetch(aid)))
    worker.start()
    worker.join()
    assert titles == ["Kept"] and gui_thread_store_calls == []


def test_assistants_and_topics_load_and_a_topic_is_created_off_the_gui_thread(
        window: Any, services: Services, qtbot: Any, gui_thread_store_calls: list[str]) -> None:
    """reload_assistants, the topic list and New topic read and write on workers; their
    results come back as signals (``topics_listed``, ``topic_created``)."""
    aid = services.assistants.create("Helper").id
    services.topics.create(aid, "First")
    reload_assistants(window, qtbot, aid)
    assert window.assistant_combo.currentText() == "Helper"
    assert window.topic_model.topic_at(0).title == "First"
    created = new_topic(window, qtbot)
    assert window.current_topic_id == created and window.topic_model.topic_at(0).title == "New topic"
    assert gui_thread_store_calls == []
