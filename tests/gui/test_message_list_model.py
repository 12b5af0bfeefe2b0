"""Lazy paging of a 20,000-message topic in the message view (APP-10)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint

from chathub_desktop.core.messages import Role
from chathub_desktop.gui.chat.message_list_model import PAGE_SIZE, MessageListModel
from chathub_desktop.gui.chat.message_list_view import MessageListView
from chathub_desktop.gui.shell.chat_events import ChatEvents
from tests.gui.helpers import imported_store, imported_topic, on_worker

N = 20_000


@pytest.fixture(scope="module")
def _big_store(migrated_sqlite_template, tmp_path_factory):  # type: ignore[no-untyped-def]
    """A store holding the N-message topic, imported once for the module (issue 28)."""
    turns = [("user" if i % 2 == 0 else "assistant", f"Message {i}: some *markdown* text.") for i in range(N)]
    return imported_store(migrated_sqlite_template, tmp_path_factory.mktemp("big"), "Big", turns, "big")


@pytest.fixture
def store_template(request, migrated_sqlite_template):  # type: ignore[no-untyped-def]
    """Tests of the big topic start from a copy of :func:`_big_store`."""
    return request.getfixturevalue("_big_store") if "big_topic" in request.fixturenames else migrated_sqlite_template


@pytest.fixture
def big_topic(services):  # type: ignore[no-untyped-def]
    """The N-message topic, imported from a ChatGPT export (a copy of :func:`_big_store`)."""
    topic = imported_topic(services, "Big")
    assert topic.message_count == N
    return topic


def _shown_view(services, qtbot, reads=None):  # type: ignore[no-untyped-def]
    """Chat events, a message list model (its rows read by ``reads``, else at once) and
    its shown 800×600 view."""
    events = ChatEvents(services.bus)
    model = MessageListModel(services.topics, events, reads=reads)
    view = MessageListView(model)
    qtbot.addWidget(view)
    view.resize(800, 600)
    view.show()
    qtbot.waitExposed(view)
    return events, model, view


def test_opening_fetches_one_page_and_scrolling_up_fetches_more(services, big_topic, qtbot, qloop):  # type: ignore[no-untyped-def]
    from chathub_desktop.gui.chat.message_jump import TopicJumps
    from chathub_desktop.gui.shell.task_runner import TaskRunner

    events, model, view = _shown_view(services, qtbot)
    runner = TaskRunner(None)
    jumps = TopicJumps(model, view, runner)
    model.open_topic(big_topic.id)
    qtbot.wait(50)
    assert model.rowCount() == PAGE_SIZE
    assert model.fetched == PAGE_SIZE
    assert model.message_at(PAGE_SIZE - 1).content.startswith(f"Message {N - 1}:")
    assert view.is_at_bottom()
    renders = view.delegate.renders
    # scrolling within the page re-uses the rendered documents (no re-render)
    sb = view.verticalScrollBar()
    sb.setValue(sb.maximum() // 2)
    qtbot.wait(20)
    sb.setValue(sb.maximum())
    qtbot.wait(20)
    assert view.delegate.renders == renders
    # to the top: the previous page is prepended, and the view stays where it was
    sb.setValue(sb.minimum())
    qtbot.waitUntil(lambda: model.rowCount() == 2 * PAGE_SIZE, timeout=3000)
    assert model.fetched == 2 * PAGE_SIZE
    assert model.message_at(0).content.startswith(f"Message {N - 2 * PAGE_SIZE}:")
    qtbot.wait(20)
    top = view.indexAt(QPoint(20, 5))
    assert top.row() >= PAGE_SIZE - 2  # the old first row is still near the top
    assert jumps is not None
    events.detach()


def test_streamed_delta_changes_one_row(services, qtbot):  # type: ignore[no-untyped-def]
    from chathub_desktop.services.events import ReplyDelta

    a = services.assistants.create("Small")
    t = services.topics.create(a.id)
    events = ChatEvents(services.bus)
    model = MessageListModel(services.topics, events)
    model.open_topic(t.id)
    changed = []
    model.dataChanged.connect(lambda tl, br, roles: changed.append((tl.row(), br.row(), list(roles))))
    services.bus.publish(ReplyDelta(t.id + 999, 1, "ignored"))  # other topic: ignored
    assert changed == []
    assert events.streaming_text(1) == "ignored"  # but remembered for when it is opened
    events.detach()


def test_scrolling_far_up_lays_rows_out_from_cached_heights(services, big_topic, qtbot, monkeypatch):  # type: ignore[no-untyped-def]
    """Issue 9 "Long topics stay fluid": once more rows are loaded than documents are
    cached, loading an older page lays every loaded row out again; that must come from
    the cached row heights and renderings, not a Markdown pass per row on the GUI thread."""
    from chathub_desktop.gui.chat import markdown_render, message_documents

    monkeypatch.setattr(message_documents, "DOC_CACHE_SIZE", 60)  # fewer than the rows loaded below
    events, model, view = _shown_view(services, qtbot)
    model.open_topic(big_topic.id)
    qtbot.waitUntil(lambda: model.rowCount() == PAGE_SIZE, timeout=3000)
    sb = view.verticalScrollBar()
    for pages in range(2, 5):  # as scrolling to the top does: the view re-lays out every row
        model.prepend(big_topic.id, *on_worker(model.pages.fetch_older, big_topic.id, model.first_offset))
        qtbot.waitUntil(lambda n=pages: model.rowCount() == n * PAGE_SIZE, timeout=3000)
        qtbot.wait(20)
    passes: list[int] = []
    real = markdown_render.render_markdown_parts
    monkeypatch.setattr(markdown_render, "render_markdown_parts",
                        lambda *a, **k: (passes.append(1), real(*a, **k))[1])
    view.executeDelayedItemsLayout()
    view.scheduleDelayedItemsLayout()  # every loaded row's size hint again, as an older page does
    view.executeDelayedItemsLayout()
    sb.setValue(sb.maximum())
    qtbot.wait(20)
    sb.setValue(sb.minimum() + 10)
    qtbot.wait(20)
    assert model.rowCount() >= 4 * PAGE_SIZE and passes == []
    events.detach()


def test_a_huge_message_is_shown_cut_with_a_note_and_copied_whole(services, qtbot, qloop):  # type: ignore[no-untyped-def]
    """A multi-megabyte reply would take Qt seconds to lay out on the GUI thread: the
    bubble shows its first DISPLAY_LIMIT_CHARS characters and says so; Copy message
    copies all of it (read on a worker: the list keeps only the shown start, huge51)."""
    from PySide6.QtWidgets import QApplication

    from chathub_desktop.gui.chat.message_documents import DISPLAY_LIMIT_CHARS
    from chathub_desktop.gui.shell.task_runner import TaskRunner

    a = services.assistants.create("Huge")
    t = services.topics.create(a.id)
    text = "word " * (DISPLAY_LIMIT_CHARS // 2)  # 2.5 × the limit
    services.topics.append_message(t.id, Role.ASSISTANT, text)
    events, model, view = _shown_view(services, qtbot, reads=TaskRunner(None))
    model.open_topic(t.id)
    qtbot.waitUntil(lambda: model.rowCount() == 1, timeout=3000)
    qtbot.waitUntil(lambda: view.delegate.settled and view.delegate.docs.latest(model.message_at(0).id) is not None,
                    timeout=10_000)
    shown = view.delegate.docs.latest(model.message_at(0).id).toPlainText()
    assert f"Shown: the first {DISPLAY_LIMIT_CHARS:,} of {len(text):,} characters" in shown
    assert len(shown) < DISPLAY_LIMIT_CHARS + 500
    assert model.message_at(0).full_chars == len(text)  # the list keeps only the shown start (huge51)
    view.copy_row(0)  # read whole from the store
    qtbot.waitUntil(lambda: QApplication.clipboard().text() == text, timeout=10_000)
    events.detach()


def test_invisible_characters_past_the_bound_are_left_out_with_a_note_and_copied_whole(services, qtbot):  # type: ignore[no-untyped-def]
    """Issue 32: 100,000 bidi controls and zero-width characters froze the window 37 ms
    (a screenful holds all of them: 15 ms a paint); the bubble leaves out those past
    the bounds and says how many (the 4 unpaired bidi controls within them are left out
    too, so none can turn the rest of the message around); Copy message copies the text
    as it was."""
    from PySide6.QtWidgets import QApplication

    a = services.assistants.create("Bidi")
    t = services.topics.create(a.id)
    text = "Hello " + "\u202e\u2066\u200b\u200d\ufeff" * 19_000 + " world"
    services.topics.append_message(t.id, Role.ASSISTANT, text)
    events, model, view = _shown_view(services, qtbot)
    model.open_topic(t.id)
    qtbot.waitUntil(lambda: model.rowCount() == 1, timeout=3000)
    qtbot.waitUntil(lambda: view.delegate.settled and view.delegate.docs.latest(model.message_at(0).id) is not None,
                    timeout=10_000)
    shown = view.delegate.docs.latest(model.message_at(0).id).toPlainText()
    assert "Shown without 94,996 invisible characters (stacked marks, bidi controls, zero-width)." in shown
    assert "Hello" in shown and "world" in shown and len(shown) < 400
    view.copy_row(0)
    assert QApplication.clipboard().text() == text
    events.detach()


@pytest.mark.parametrize("budget_s", [None, 0.0], ids=["idle", "loaded"])
def test_page_steps_and_relayouts_reuse_each_rows_layout(services, qtbot, monkeypatch, budget_s):  # type: ignore[no-untyped-def]
    """Issue 29 "Long topics at any depth": a page step within the loaded rows and a
    re-layout of every loaded row (what each older page causes) lay no row out again (a
    row's layout was ~1 ms of each paint); a width change lays the rows out again.
    ``loaded``: every document's first layout runs past its wall-clock budget, as on a
    loaded machine (stall53: a user's bubble, laid out again at its widest line's width,
    was finished on a later turn, so its row was laid out again in the page steps)."""
    from chathub_desktop.gui.chat import message_documents
    from chathub_desktop.gui.chat.message_delegate import MessageDelegate

    if budget_s is not None:
        monkeypatch.setattr(message_documents, "LAYOUT_BUDGET_S", budget_s)
    a = services.assistants.create("Rows")
    t = services.topics.create(a.id)
    for i in range(30):
        services.topics.append_message(t.id, Role.USER if i % 2 == 0 else Role.ASSISTANT, f"Message {i}: some *markdown*.")
    events, model, view = _shown_view(services, qtbot)
    model.open_topic(t.id)
    qtbot.waitUntil(lambda: model.rowCount() == 30 and view.delegate.settled, timeout=5000)
    sb = view.verticalScrollBar()
    view.executeDelayedItemsLayout()  # the heights of the rendered documents
    for action in (sb.SliderAction.SliderPageStepSub, sb.SliderAction.SliderPageStepAdd):
        sb.triggerAction(action)
        view.viewport().grab()  # painted now
    # the documents of the rows just painted are finished on later turns (within budget)
    qtbot.waitUntil(lambda: view.delegate.settled, timeout=5000)
    view.executeDelayedItemsLayout()
    for action in (sb.SliderAction.SliderPageStepSub, sb.SliderAction.SliderPageStepAdd):
        sb.triggerAction(action)
        view.viewport().grab()  # each row laid out with its whole document
    laid: list[int] = []
    real_layout = MessageDelegate._layout
    monkeypatch.setattr(MessageDelegate, "_layout", lambda self, *a, **k: (laid.append(1), real_layout(self, *a, **k))[1])
    for k in range(6):
        sb.triggerAction(sb.SliderAction.SliderPageStepSub if k % 2 == 0 else sb.SliderAction.SliderPageStepAdd)
        view.viewport().grab()  # painted now
    view.scheduleDelayedItemsLayout()
    view.executeDelayedItemsLayout()
    view.viewport().grab()  # painted now
    assert laid == []
    view.resize(640, 600)
    view.executeDelayedItemsLayout()
    assert len(laid) >= 1
    events.detach()
