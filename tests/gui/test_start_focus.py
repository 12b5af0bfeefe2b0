"""Where the keyboard is at start and once a topic opens (issue 29, badge51 #4): in the
composer's draft, as in Cherry Studio or Claude — not on the rail's avatar, the first
Tab stop. A topic clicked or chosen with Enter in the list hands the keyboard to its
draft; the list's arrow keys open topics and stay in the list."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from chathub_desktop.core.messages import Role
from chathub_desktop.gui.shell.main_window import MainWindow
from chathub_desktop.services.topics.first_page import FirstPage
from tests.gui.helpers import settled


def _topics(services) -> tuple[int, list[int]]:  # type: ignore[no-untyped-def]
    """An assistant with three topics of a few messages; the newest is listed first."""
    a = services.assistants.create("Helper")
    ids = []
    for n in range(3):
        t = services.topics.create(a.id, f"Topic {n}")
        for i in range(4):
            services.topics.append_message(t.id, Role.USER if i % 2 == 0 else Role.ASSISTANT, f"message {i}")
        ids.append(t.id)
    return a.id, ids


def _started(services, qtbot, assistant_id: int, topic_id: int) -> MainWindow:  # type: ignore[no-untyped-def]
    """A window started as ``run_gui`` starts it: shown and active, the last topic's page
    before the store, then the store, then every service."""
    views = tuple(services.topics.messages(topic_id))
    w = MainWindow(None)
    w.show()
    w.activateWindow()
    qtbot.waitExposed(w)
    qtbot.waitUntil(w.isActiveWindow, timeout=5000)
    w.show_first_page(FirstPage(assistant_id, topic_id, 0, views, len(views)), services.store.bus)
    with qtbot.waitSignal(w.opening_shown, timeout=10000):
        w.attach_store(services.store)
    w.attach(services)
    settled(w, qtbot)
    return w


def _close(w: MainWindow, qloop, qtbot) -> None:  # type: ignore[no-untyped-def]
    done: list[bool] = []
    qloop.create_task(w.shutdown()).add_done_callback(lambda _t: done.append(True))
    qtbot.waitUntil(lambda: bool(done), timeout=5000)
    w.close()
    w.deleteLater()


def test_at_start_the_keyboard_is_in_the_open_topics_draft(qloop, services, qtbot) -> None:  # type: ignore[no-untyped-def]
    """Typing right after start goes into the last topic's draft, not to the avatar."""
    aid, ids = _topics(services)
    w = _started(services, qtbot, aid, ids[-1])  # the newest is listed first and opens
    try:
        assert w.current_topic_id == ids[-1]
        qtbot.waitUntil(lambda: QApplication.focusWidget() is w.composer.draft, timeout=5000)
        qtbot.keyClicks(QApplication.focusWidget(), "hello")
        assert w.composer.draft.toPlainText() == "hello"
    finally:
        _close(w, qloop, qtbot)


def test_a_topic_clicked_or_chosen_with_enter_takes_the_keyboard_to_its_draft(qloop, services, qtbot) -> None:  # type: ignore[no-untyped-def]
    """A click on a topic opens it and the draft has the keyboard; the arrow keys walk
    the list (each topic opens) and the keyboard stays there; Enter goes to the draft."""
    aid, ids = _topics(services)
    w = _started(services, qtbot, aid, ids[-1])  # the newest is listed first and opens
    try:
        topics = w.topic_list
        rows = {w.topic_model.topic_at(r).id: r for r in range(w.topic_model.rowCount())}  # type: ignore[union-attr]
        other = next(t for t in ids if t != w.current_topic_id)
        rect = topics.visualRect(w.topic_model.index(rows[other]))
        qtbot.mouseClick(topics.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
        qtbot.waitUntil(lambda: w.current_topic_id == other, timeout=5000)
        qtbot.waitUntil(lambda: QApplication.focusWidget() is w.composer.draft, timeout=5000)

        topics.setFocus()
        qtbot.waitUntil(lambda: QApplication.focusWidget() is topics, timeout=5000)
        before = w.current_topic_id
        key = Qt.Key.Key_Down if topics.currentIndex().row() == 0 else Qt.Key.Key_Up
        qtbot.keyClick(topics, key)
        qtbot.waitUntil(lambda: w.current_topic_id != before, timeout=5000)
        assert QApplication.focusWidget() is topics  # still browsing the list

        qtbot.keyClick(topics, Qt.Key.Key_Return)
        qtbot.waitUntil(lambda: QApplication.focusWidget() is w.composer.draft, timeout=5000)
    finally:
        _close(w, qloop, qtbot)
