"""A returning user never sees the first-run welcome while the store opens (issue 28):
the window shows "Opening your chats…" until it is attached; then the welcome only when
there is no assistant."""

from __future__ import annotations

from typing import Any


def test_no_welcome_before_the_store_is_open_and_none_for_a_returning_user(
        qloop: Any, services: Any, qtbot: Any) -> None:
    from chathub_desktop.gui.shell.main_window import MainWindow

    services.assistants.create("Helper")  # a returning user
    w = MainWindow(None)  # as run_gui shows it, before the store is open
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    assert w.stack.currentWidget() is not w.welcome
    assert "Opening your chats…" in w.stack.currentWidget().text()
    w.attach(services)
    qtbot.waitUntil(lambda: w.stack.currentWidget() is w.chat_page, timeout=5000)  # the header and the messages
    done: list[bool] = []
    qloop.create_task(w.shutdown()).add_done_callback(lambda _t: done.append(True))
    qtbot.waitUntil(lambda: bool(done), timeout=5000)


def test_a_new_user_gets_the_welcome_once_attached(window: Any) -> None:
    assert window.stack.currentWidget() is window.welcome
