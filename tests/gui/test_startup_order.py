"""Opening the window shows the last topic before background work starts (issue 29:
the search index catch-up and the recall vectors took the CPU from the first page)."""

from __future__ import annotations

from typing import Any

import pytest

from chathub_desktop.core.messages import Role
from chathub_desktop.gui.search.search_controller import SearchController
from chathub_desktop.gui.shell.main_window import MainWindow
from tests.gui.helpers import settled


def test_background_work_starts_after_the_last_topics_rows_are_shown(qloop, services, qtbot,
                                                                     monkeypatch) -> None:  # type: ignore[no-untyped-def]
    a = services.assistants.create("Helper")
    t = services.topics.create(a.id, "Long topic")
    for i in range(30):
        services.topics.append_message(t.id, Role.USER if i % 2 == 0 else Role.ASSISTANT, f"message {i}")
    started: list[tuple[int, int]] = []
    real = SearchController.index_now

    def record(self: SearchController) -> None:
        window: Any = self._w
        started.append((window.message_model.rowCount(), window.estimate.shown))
        real(self)

    monkeypatch.setattr(SearchController, "index_now", record)
    w = MainWindow(services)
    w.show()
    qtbot.waitExposed(w)
    settled(w, qtbot)
    qtbot.waitUntil(lambda: bool(started), timeout=10000)
    rows, _badge = started[0]
    assert rows == 30  # the page was on screen before the first catch-up began
    qtbot.waitUntil(lambda: w.estimate.shown > 0, timeout=10000)
    done: list[bool] = []
    qloop.create_task(w.shutdown()).add_done_callback(lambda _t: done.append(True))
    qtbot.waitUntil(lambda: bool(done), timeout=5000)
    w.close()
    w.deleteLater()


def test_with_no_topic_background_work_still_starts(qloop, services, qtbot,
                                                     monkeypatch) -> None:  # type: ignore[no-untyped-def]
    started: list[bool] = []
    monkeypatch.setattr(SearchController, "index_now", lambda self: started.append(True))
    w = MainWindow(services)  # no assistant, so no topic to show
    w.show()
    qtbot.waitExposed(w)
    qtbot.waitUntil(lambda: bool(started), timeout=10000)
    assert w.current_topic_id is None
    done: list[bool] = []
    qloop.create_task(w.shutdown()).add_done_callback(lambda _t: done.append(True))
    qtbot.waitUntil(lambda: bool(done), timeout=5000)
    w.close()
    w.deleteLater()


def test_tokenizers_load_after_the_last_topics_rows_are_shown(qloop, services, qtbot, tmp_path,
                                                              monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Issue 29 (content of the last topic within 0.5 s of start): opening the store
    loads no tokenizer (~0.35 s) and runs no full GC collection (0.1-0.5 s, it freed
    nothing); the window loads the tokenizers on a worker once the rows show."""
    import gc

    from chathub_desktop import app_bootstrap
    from chathub_desktop.services.context.estimate_service import EstimateService

    warmed: list[int] = []
    window: list[MainWindow] = []
    monkeypatch.setattr(EstimateService, "warm_up",
                        lambda self: warmed.append(window[0].message_model.rowCount() if window else -1))
    heap: list[str] = []

    def collect(*_a: object) -> int:
        heap.append("collect")
        return 0

    with pytest.MonkeyPatch.context() as m:  # not this test process's heap
        m.setattr(gc, "collect", collect)
        m.setattr(gc, "freeze", lambda: heap.append("freeze"))
        opened = app_bootstrap._open_services(f"sqlite:///{tmp_path / 'other.sqlite3'}", tmp_path)
    opened.close()
    assert warmed == []
    assert heap == ["freeze"]  # start-up objects leave the GC's reach without a full collection first
    a = services.assistants.create("Helper")
    t = services.topics.create(a.id, "Long topic")
    for i in range(30):
        services.topics.append_message(t.id, Role.USER if i % 2 == 0 else Role.ASSISTANT, f"message {i}")
    w = MainWindow(services)
    window.append(w)
    w.show()
    qtbot.waitExposed(w)
    qtbot.waitUntil(lambda: bool(warmed), timeout=10000)
    assert warmed == [30]  # the page was on screen before the tokenizers began to load
    settled(w, qtbot)
    done: list[bool] = []
    qloop.create_task(w.shutdown()).add_done_callback(lambda _t: done.append(True))
    qtbot.waitUntil(lambda: bool(done), timeout=5000)
    w.close()
    w.deleteLater()


def test_secret_rules_compile_when_something_may_be_remembered_not_at_start(qloop, services, qtbot,
                                                                           monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Issue 29 (RSS under 200 MB at rest): the secret detector's rules (about 44 MB)
    are not compiled while the window only shows a topic; a stored message (a reply
    may call the memory tool, a compaction may follow) and opening the Memory page,
    where a save redacts (issue 19), start them."""
    from chathub_desktop.services.context.estimate_service import EstimateService
    from chathub_desktop.services.memory import secret_scan

    secret: list[bool] = []
    monkeypatch.setattr(secret_scan, "warm_up", lambda: secret.append(True))
    warmed: list[bool] = []
    monkeypatch.setattr(EstimateService, "warm_up", lambda self: warmed.append(True))
    a = services.assistants.create("Helper")
    t = services.topics.create(a.id, "Topic")
    services.topics.append_message(t.id, Role.USER, "hello")
    w = MainWindow(services)
    w.show()
    qtbot.waitExposed(w)
    qtbot.waitUntil(lambda: bool(warmed), timeout=10000)  # the start-up background work has begun
    settled(w, qtbot)
    assert secret == []
    services.topics.append_message(t.id, Role.USER, "remember that I like tea")
    qtbot.waitUntil(lambda: secret == [True], timeout=10000)
    w.pages.open_memory()
    assert secret == [True, True]
    settled(w, qtbot)
    done: list[bool] = []
    qloop.create_task(w.shutdown()).add_done_callback(lambda _t: done.append(True))
    qtbot.waitUntil(lambda: bool(done), timeout=5000)
    w.close()
    w.deleteLater()
