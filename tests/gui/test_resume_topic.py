"""The next start opens the assistant and topic that were open at quit (walk45 #11: a
topic another process made while the app was closed, newer in the list, was opened
instead; APP-10's topic list keeps its newest-first order)."""
from __future__ import annotations

from chathub_desktop.core.messages import Role
from chathub_desktop.gui.shell.main_window import MainWindow
from tests.gui.helpers import settled


def _shut_down(qloop, qtbot, w) -> None:  # type: ignore[no-untyped-def]
    task = qloop.create_task(w.shutdown())
    qtbot.waitUntil(task.done, timeout=5000)
    w.close()


def test_the_next_start_opens_the_topic_open_at_quit(qloop, services, qtbot, tmp_path) -> None:  # type: ignore[no-untyped-def]
    ini = tmp_path / "window.ini"
    first = services.assistants.create("First")
    second = services.assistants.create("Second")
    older = services.topics.create(second.id, "Trip to Lisbon")
    services.topics.append_message(older.id, Role.USER, "Where should I stay?")
    newer = services.topics.create(second.id, "Groceries")
    services.topics.append_message(newer.id, Role.USER, "Milk")
    services.topics.create(first.id, "Other")
    w = MainWindow(services, settings_file=ini)
    qtbot.addWidget(w)
    w.show()
    qtbot.waitUntil(lambda: w.current_topic_id is not None and w.takes_input, timeout=10000)
    settled(w, qtbot)
    w.reload_assistants(second.id)
    qtbot.waitUntil(lambda: w.current_assistant_id() == second.id and w.current_topic_id == newer.id, timeout=10000)
    w.select_topic(older.id)
    qtbot.waitUntil(lambda: w.current_topic_id == older.id, timeout=10000)
    _shut_down(qloop, qtbot, w)
    made_meanwhile = services.topics.create(second.id, "Made by the CLI")  # newest in the list
    services.topics.append_message(made_meanwhile.id, Role.USER, "hello from a script")
    again = MainWindow(services, settings_file=ini)
    qtbot.addWidget(again)
    again.show()
    qtbot.waitUntil(lambda: again.current_topic_id is not None, timeout=10000)
    assert again.current_assistant_id() == second.id
    assert again.current_topic_id == older.id
    settled(again, qtbot)
    _shut_down(qloop, qtbot, again)
