"""The last topic's rows before the store opens (issue 29: content within 0.5 s): the
window shows the page read without SQLAlchemy, and the store's read keeps those rows
when it is the same page, or replaces them when the topic changed meanwhile."""

from __future__ import annotations

from chathub_desktop.core.messages import Role
from chathub_desktop.gui.chat.message_jump import FIRST_ROWS
from chathub_desktop.gui.chat.message_list_model import ContentRole
from chathub_desktop.gui.shell.main_window import MainWindow
from chathub_desktop.services.topics.first_page import FirstPage
from tests.gui.helpers import settled


def _topic(services) -> tuple[int, int]:  # type: ignore[no-untyped-def]
    a = services.assistants.create("Helper")
    t = services.topics.create(a.id, "Long topic")
    for i in range(30):
        services.topics.append_message(t.id, Role.USER if i % 2 == 0 else Role.ASSISTANT, f"message {i}")
    return a.id, t.id


def _read(services, assistant_id: int, topic_id: int) -> FirstPage:  # type: ignore[no-untyped-def]
    views = tuple(services.topics.messages(topic_id))
    return FirstPage(assistant_id, topic_id, 0, views, len(views))


def _close(w: MainWindow, qloop, qtbot) -> None:  # type: ignore[no-untyped-def]
    done: list[bool] = []
    qloop.create_task(w.shutdown()).add_done_callback(lambda _t: done.append(True))
    qtbot.waitUntil(lambda: bool(done), timeout=5000)
    w.close()
    w.deleteLater()


def test_the_first_page_shows_before_the_store_and_its_rows_stay(qloop, services, qtbot) -> None:  # type: ignore[no-untyped-def]
    """issue 29: the page read before the store opened paints its rows in view with no
    store at all; opening the store shows the same topic without resetting them."""
    aid, tid = _topic(services)
    page = _read(services, aid, tid)
    w = MainWindow(None)
    w.show()
    qtbot.waitExposed(w)
    painted: list[int] = []
    w.first_page_shown.connect(lambda: painted.append(w.message_model.rowCount()))
    w.show_first_page(page, services.store.bus)
    qtbot.waitUntil(lambda: bool(painted), timeout=10000)
    assert len(painted) == 1 and painted[0] >= FIRST_ROWS  # the rows in view painted
    assert not hasattr(w, "store")  # before the store opened
    assert w.message_view.isVisible() and w.stack.currentWidget() is w.chat_page  # on screen, not behind "Opening"
    qtbot.waitUntil(lambda: w.message_model.rowCount() == 30, timeout=10000)
    resets: list[bool] = []
    w.message_model.modelReset.connect(lambda: resets.append(True))
    opened: list[bool] = []
    w.opening_shown.connect(lambda: opened.append(True))
    w.attach_store(services.store)
    qtbot.waitUntil(lambda: bool(opened), timeout=10000)
    assert w.current_topic_id == tid
    assert resets == [] and w.message_model.rowCount() == 30  # the same page: its rows stayed
    w.attach(services)
    assert w.model_picker.picker.text() != "No topic"  # a topic is open: its model is being read
    qtbot.waitUntil(lambda: w.estimate.shown > 0, timeout=10000)  # the badge counts as before
    settled(w, qtbot)
    # the composer's model chip names the open topic's model, not "No topic" (start47)
    qtbot.waitUntil(lambda: w.model_picker.picker.view is not None, timeout=10000)
    assert w.model_picker.picker.view.topic_id == tid
    assert w.model_picker.picker.isEnabled()
    _close(w, qloop, qtbot)


def test_a_first_page_the_topic_outgrew_is_replaced_by_the_stores(qloop, services, qtbot) -> None:  # type: ignore[no-untyped-def]
    """issue 29: a message stored after the early read (another window, a CLI) shows once
    the store opens: its page replaces the early one."""
    aid, tid = _topic(services)
    page = _read(services, aid, tid)
    services.topics.append_message(tid, Role.USER, "written meanwhile")
    w = MainWindow(None)
    w.show()
    qtbot.waitExposed(w)
    w.show_first_page(page, services.store.bus)
    qtbot.waitUntil(lambda: w.message_model.rowCount() == 30, timeout=10000)
    w.attach_store(services.store)
    model = w.message_model
    qtbot.waitUntil(lambda: model.rowCount() == 31, timeout=10000)
    assert model.index(30).data(ContentRole) == "written meanwhile"
    w.attach(services)
    settled(w, qtbot)
    _close(w, qloop, qtbot)


def test_the_first_stage_shows_the_assistant_and_its_topics_and_nothing_moves_at_attach(
        qloop, services, qtbot) -> None:  # type: ignore[no-untyped-def]
    """issue 29, walk45 #4: before the store opens the window shows the assistant's name
    and face (not "No assistant" and a "+"), its topic list with the open topic
    selected and a labelled New topic button, all disabled until every service is
    attached; the composer's tool row keeps its height when its tools arrive, so the
    rows do not shift."""
    from PySide6.QtCore import Qt

    a = services.assistants.create("Helper", avatar="🦉")
    services.topics.create(a.id, "Older topic")
    t = services.topics.create(a.id, "Long topic")
    for i in range(30):
        services.topics.append_message(t.id, Role.USER if i % 2 == 0 else Role.ASSISTANT, f"message {i}")
    views = tuple(services.topics.messages(t.id))
    page = FirstPage(a.id, t.id, 0, views, len(views), "Helper", "🦉", tuple(services.topics.list(a.id)))
    w = MainWindow(None)
    w.show()
    qtbot.waitExposed(w)
    assert w.rail.avatar.text() == "" and w.assistant_title.text() == ""  # nothing said before the read
    assert w.sidebar.new_topic_button.toolButtonStyle() == Qt.ToolButtonStyle.ToolButtonTextBesideIcon
    assert w.sidebar.new_topic_button.text() == "New topic"
    painted: list[bool] = []
    w.first_page_shown.connect(lambda: painted.append(True))
    w.show_first_page(page, services.store.bus)
    qtbot.waitUntil(lambda: bool(painted), timeout=10000)
    assert w.assistant_title.text() == "Helper" and w.switcher.face.isVisibleTo(w)
    assert w.rail.avatar.text() == "🦉"
    assert [w.topic_model.topic_at(r).title for r in range(w.topic_model.rowCount())] == ["Long topic", "Older topic"]
    assert w.topic_list.currentIndex().row() == 0 and w.chat_header.title.text() == "Long topic"
    assert not w.new_topic_action.isEnabled() and not w.topic_list.isEnabled()  # shown, not usable yet
    face = w.switcher.face.grab().toImage()  # the header's avatar in its colours, not greyed while disabled
    qtbot.waitUntil(lambda: w.message_model.rowCount() == 30, timeout=10000)
    before = w.composer.height()
    opened: list[bool] = []
    w.opening_shown.connect(lambda: opened.append(True))
    w.attach_store(services.store)
    qtbot.waitUntil(lambda: bool(opened), timeout=10000)
    w.attach(services)
    qtbot.waitUntil(lambda: w.estimate.shown > 0, timeout=10000)
    settled(w, qtbot)
    assert w.new_topic_action.isEnabled() and w.topic_list.isEnabled()
    assert w.composer.height() == before  # the tools took the room kept for them
    assert w.switcher.face.grab().toImage() == face
    _close(w, qloop, qtbot)
