"""A topic's unsent draft outlives a quit (walk45 #1): New topic, a draft, quit, start:
the draft is back in that topic; emptied, the unused topic goes at the next quit. And
New topic owns the composer from the click on (walk45 #2): text typed in the same
instant lands in the new topic, not the one left."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt

from chathub_desktop.core.messages import Role
from chathub_desktop.gui.shell.main_window import MainWindow
from tests.gui.helpers import new_topic, reload_assistants, settled


def _start(services: Any, qtbot: Any, ini: Any) -> MainWindow:
    w = MainWindow(services, settings_file=ini)
    qtbot.addWidget(w)
    w.show()
    qtbot.waitUntil(lambda: w.current_topic_id is not None and w.takes_input, timeout=10000)
    settled(w, qtbot)
    return w


def _quit(qloop: Any, qtbot: Any, w: MainWindow) -> None:
    task = qloop.create_task(w.shutdown())  # what Quit runs before the store closes
    qtbot.waitUntil(task.done, timeout=10000)
    assert task.exception() is None
    w.close()


def test_a_draft_is_back_after_a_restart_and_an_emptied_one_lets_the_topic_go(
        qloop: Any, services: Any, qtbot: Any, tmp_path: Any) -> None:
    ini = tmp_path / "window.ini"
    a = services.assistants.create("Helper")
    kept = services.topics.create(a.id, "Trip to Lisbon").id
    services.topics.append_message(kept, Role.USER, "Where should I stay?")
    w = _start(services, qtbot, ini)
    drafted = new_topic(w, qtbot)
    qtbot.keyClicks(w.composer.draft, "half a question")  # typed, never sent
    _quit(qloop, qtbot, w)
    assert drafted in {t.id for t in services.topics.list(a.id)}  # kept for its draft

    again = _start(services, qtbot, ini)
    assert again.current_topic_id == drafted  # the topic open at quit
    assert again.composer.draft.toPlainText() == "half a question"  # and its draft with it
    assert again.composer.draft.textCursor().position() == len("half a question")  # typing goes on (walk49 #1)
    again.select_topic(kept)
    qtbot.waitUntil(lambda: again.current_topic_id == kept, timeout=10000)
    assert again.composer.draft.toPlainText() == ""
    again.select_topic(drafted)
    qtbot.waitUntil(lambda: again.current_topic_id == drafted, timeout=10000)
    assert again.composer.draft.toPlainText() == "half a question"
    again.composer.draft.selectAll()
    qtbot.keyClick(again.composer.draft, Qt.Key.Key_Delete)  # the user empties it
    _quit(qloop, qtbot, again)
    assert [t.id for t in services.topics.list(a.id)] == [kept]  # an unused topic again: gone at quit
    assert services.topics.drafts(a.id) == []


def test_text_typed_as_new_topic_is_clicked_lands_in_the_new_topic(window: Any, services: Any, qtbot: Any) -> None:
    a = services.assistants.create("Helper")
    old = services.topics.create(a.id, "Trip to Lisbon").id
    services.topics.append_message(old, Role.USER, "Where should I stay?")
    reload_assistants(window, qtbot, a.id)
    qtbot.waitUntil(lambda: window.current_topic_id == old, timeout=10000)
    button = window.sidebar.new_topic_button
    assert button.isVisible()
    with qtbot.waitSignal(window.topic_created, timeout=10000) as created:
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
        qtbot.keyClicks(window.composer.draft, "typed at once")  # the same turn: the store has not answered
        assert window.current_topic_id is None and window.composer.draft.toPlainText() == "typed at once"
    new = int(created.args[0])
    assert window.current_topic_id == new
    assert window.composer.draft.toPlainText() == "typed at once"
    assert window.composer.draft.textCursor().position() == len("typed at once")  # typing goes on at the end
    window.select_topic(old)
    qtbot.waitUntil(lambda: window.current_topic_id == old, timeout=10000)
    assert window.composer.draft.toPlainText() == ""  # the topic left holds nothing of it
    window.select_topic(new)
    qtbot.waitUntil(lambda: window.current_topic_id == new, timeout=10000)
    assert window.composer.draft.toPlainText() == "typed at once"


def test_a_quit_right_after_new_topic_keeps_what_was_typed(qloop: Any, services: Any, qtbot: Any,
                                                            tmp_path: Any) -> None:
    a = services.assistants.create("Helper")
    services.topics.append_message(services.topics.create(a.id, "Trip to Lisbon").id, Role.USER, "Where?")
    w = _start(services, qtbot, tmp_path / "window.ini")
    w.new_topic_action.trigger()
    qtbot.keyClicks(w.composer.draft, "typed, then Quit")  # before the store made the topic
    _quit(qloop, qtbot, w)
    assert [text for _t, text, _p in services.topics.drafts(a.id)] == ["typed, then Quit"]
