"""The message list as a window over a long topic (issue 29, "Long topics at any depth";
APP-10): the model knows the topic's size, holds at most MAX_ROWS rows at any depth,
keeps the message the user reads in place while pages come in and leave, and the topic
scroll bar shows any position of the topic after one page read."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint

from chathub_desktop.gui.chat.message_jump import TopicJumps
from chathub_desktop.gui.chat.message_list_model import MAX_ROWS, PAGE_SIZE, MessageListModel
from chathub_desktop.gui.chat.message_list_view import JumpTarget, MessageListView
from chathub_desktop.gui.shell.chat_events import ChatEvents
from chathub_desktop.gui.shell.task_runner import TaskRunner
from tests.gui.helpers import imported_store, imported_topic, on_worker

N = 3_000


@pytest.fixture(scope="module")
def _long_store(migrated_sqlite_template, tmp_path_factory):  # type: ignore[no-untyped-def]
    """A store holding the N-message topic, imported once for the module (issue 28)."""
    turns = [("user" if i % 2 == 0 else "assistant", f"Message {i}: a line of *text*.") for i in range(N)]
    return imported_store(migrated_sqlite_template, tmp_path_factory.mktemp("long"), "Long", turns, "w")


@pytest.fixture
def store_template(request, migrated_sqlite_template):  # type: ignore[no-untyped-def]
    """Tests of the long topic start from a copy of :func:`_long_store`."""
    return request.getfixturevalue("_long_store") if "long_topic" in request.fixturenames else migrated_sqlite_template


@pytest.fixture
def long_topic(services):  # type: ignore[no-untyped-def]
    """The N-message topic, imported from a ChatGPT export (a copy of :func:`_long_store`)."""
    return imported_topic(services, "Long")


@pytest.fixture
def shown(services, long_topic, qtbot, qloop):  # type: ignore[no-untyped-def]
    """(model, view) of the long topic at its newest message, with the window's jumps."""
    events = ChatEvents(services.bus)
    model = MessageListModel(services.topics, events)
    view = MessageListView(model)
    runner = TaskRunner(None)
    jumps = TopicJumps(model, view, runner)
    qtbot.addWidget(view)
    view.resize(800, 600)
    view.show()
    qtbot.waitExposed(view)
    model.open_topic(long_topic.id)
    qtbot.waitUntil(lambda: model.rowCount() == PAGE_SIZE and view.is_at_bottom(), timeout=5000)
    yield model, view
    assert jumps is not None
    for task in runner.pending():  # a page still coming in: stop it before the view goes
        task.cancel()
    qtbot.waitUntil(lambda: not runner.pending(), timeout=5000)
    events.detach()


def _top(view: MessageListView) -> tuple[str, int]:
    """(text, viewport y) of the message at the view's top."""
    index = view.indexAt(QPoint(view.viewport().width() // 2, 0))
    m = view.model().message_at(index.row()) if index.isValid() else None  # type: ignore[attr-defined]
    return (m.content if m is not None else ""), view.visualRect(index).top()


def test_the_model_passes_the_item_model_tester(services, long_topic, qtmodeltester, qtbot, qloop):  # type: ignore[no-untyped-def]
    events = ChatEvents(services.bus)
    model = MessageListModel(services.topics, events)
    qtmodeltester.check(model)  # empty
    model.open_topic(long_topic.id)
    qtmodeltester.check(model)
    model.prepend(long_topic.id, *on_worker(model.pages.fetch_older, long_topic.id, model.first_offset))
    qtmodeltester.check(model)
    model.show_page(on_worker(model.pages.fetch_around, long_topic.id, 1500))
    for _ in range(5):  # past MAX_ROWS: rows leave the window's top
        model.append_newer(long_topic.id, model.next_offset,
                           on_worker(model.pages.fetch_newer, long_topic.id, model.next_offset))
    qtmodeltester.check(model)
    events.detach()


def _scroll_until(qtbot, view: MessageListView, *, up: bool, done) -> None:  # type: ignore[no-untyped-def]
    """Scroll to the window's top (``up``) or bottom again and again, as a user keeps
    scrolling, until ``done()``; each time the message at the top must stay in place
    while rows come in and leave."""
    sb = view.verticalScrollBar()
    model = view.model()
    for _ in range(300):
        if done():
            return
        edge = (model.first_offset, model.next_offset)  # type: ignore[attr-defined]
        sb.setValue(sb.minimum() if up else sb.maximum())
        before = _top(view)
        qtbot.waitUntil(lambda e=edge: (model.first_offset, model.next_offset) != e, timeout=5000)  # type: ignore[attr-defined]
        qtbot.wait(10)
        assert _top(view) == before, "the message read moved"
        assert model.rowCount() <= MAX_ROWS
    raise AssertionError("not done after 300 scrolls")


def test_scrolling_up_a_long_way_keeps_the_window_bounded_and_the_row_in_place(shown, qtbot):  # type: ignore[no-untyped-def]
    model, view = shown
    assert model.total == N
    _scroll_until(qtbot, view, up=True, done=lambda: model.first_offset <= N - 7 * PAGE_SIZE)
    assert not model.at_end  # the newest rows left the window
    assert view.newest_button.isVisible()


def test_scrolling_down_from_the_start_drops_the_oldest_rows_and_keeps_the_row_in_place(shown, qtbot):  # type: ignore[no-untyped-def]
    model, view = shown
    view.jump_requested.emit(JumpTarget.START)
    qtbot.waitUntil(lambda: _top(view)[0].startswith("Message 0:"), timeout=5000)
    _scroll_until(qtbot, view, up=False, done=lambda: model.first_offset >= 2 * PAGE_SIZE)
    assert model.next_offset - model.first_offset == model.rowCount() <= MAX_ROWS


def test_the_topic_scroll_bar_shows_any_position_after_one_page(shown, qtbot):  # type: ignore[no-untyped-def]
    model, view = shown
    bar = view.topic_bar
    assert bar.isVisible() and bar.value() == bar.maximum()
    fetched = model.fetched
    bar.setValue(1234)  # what a drag to there does
    qtbot.waitUntil(lambda: _top(view)[0].startswith("Message 1234:"), timeout=5000)
    assert model.rowCount() <= 2 * PAGE_SIZE and model.fetched - fetched <= 2 * PAGE_SIZE
    assert not model.at_end and abs(bar.value() - 1234) <= 1
    bar.setValue(0)
    qtbot.waitUntil(lambda: _top(view)[0].startswith("Message 0:"), timeout=5000)
    bar.setValue(bar.maximum())
    qtbot.waitUntil(lambda: model.at_end and view.is_at_bottom(), timeout=5000)
    assert model.message_at(model.rowCount() - 1).content.startswith(f"Message {N - 1}:")


def test_laying_out_rows_leaves_none_alone(shown, qtbot):  # type: ignore[no-untyped-def]
    """PySide6 6.12 returns an invalid QVariant to Python as a None it does not own: the
    size hints of rows without versions must not read their VersionRole that way, or
    each layout of the window lowers None's reference count by a row count and a long
    scroll aborts Python 3.11 with "deallocating None" (issue 29)."""
    import sys

    _model, view = shown
    before = sys.getrefcount(None)
    for _ in range(20):
        view.scheduleDelayedItemsLayout()
        view.executeDelayedItemsLayout()  # every row's size hint
    assert sys.getrefcount(None) >= before - 3 * 20  # a few void calls per layout, not one per row


def test_the_wheel_scrolls_the_list_under_the_topic_bar(shown, qtbot):  # type: ignore[no-untyped-def]
    from PySide6.QtCore import QPointF, Qt
    from PySide6.QtGui import QWheelEvent
    from PySide6.QtWidgets import QApplication

    _model, view = shown
    sb, bar = view.verticalScrollBar(), view.topic_bar
    assert not sb.isVisible() and bar.isVisible()  # one bar shown: the topic's
    value, position = sb.value(), bar.value()
    vp = view.viewport()
    pos = QPointF(vp.width() / 2, vp.height() / 2)
    QApplication.sendEvent(vp, QWheelEvent(pos, QPointF(vp.mapToGlobal(pos.toPoint())), QPoint(0, 0),
                                           QPoint(0, 360), Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier,
                                           Qt.ScrollPhase.NoScrollPhase, False))
    qtbot.waitUntil(lambda: sb.value() < value, timeout=3000)
    assert bar.value() < position  # the topic bar follows


def test_a_jump_shows_a_viewport_of_rows_first_and_renders_a_step_per_worker_task(shown, qtbot, monkeypatch):  # type: ignore[no-untyped-def]
    """Issue 29: a page shown in place of the window (Ctrl+Home, the topic bar) builds
    the documents of the rows in view first and the rest in steps, and its Markdown is
    rendered on a worker a step at a time, so no turn of the GUI thread builds a page of
    documents and no worker holds the interpreter lock for a page."""
    from chathub_desktop.gui.chat.message_jump import FIRST_ROWS, ROWS_PER_STEP

    model, view = shown
    rendered: list[int] = []
    make = view.delegate.page_renderer
    monkeypatch.setattr(view.delegate, "page_renderer", lambda views: rendered.append(len(views)) or make(views))
    at_reset: list[int] = []
    inserted: list[int] = []
    model.modelReset.connect(lambda: at_reset.append(model.rowCount()))
    model.rowsInserted.connect(lambda _p, first, last: inserted.append(last - first + 1))
    view.jump_requested.emit(JumpTarget.START)
    qtbot.waitUntil(lambda: _top(view)[0].startswith("Message 0:") and model.rowCount() == PAGE_SIZE, timeout=5000)
    assert at_reset == [FIRST_ROWS]  # the rows in view, then the rest of the page in one insert
    assert inserted == [PAGE_SIZE - FIRST_ROWS]
    assert rendered and max(rendered) <= ROWS_PER_STEP
    assert _top(view)[0].startswith("Message 0:")  # still at the top after the rows came in
    bar = view.topic_bar
    bar.setValue(1234)
    qtbot.waitUntil(lambda: _top(view)[0].startswith("Message 1234:") and model.rowCount() >= FIRST_ROWS + 20,
                    timeout=5000)
    assert at_reset[-1] == FIRST_ROWS and max(rendered) <= ROWS_PER_STEP
    qtbot.waitUntil(lambda: model.rowCount() == PAGE_SIZE + PAGE_SIZE // 2, timeout=5000)  # fetch_around's page
    assert _top(view)[0].startswith("Message 1234:")  # the rows before it came in above it


def test_an_older_page_comes_in_with_one_insert_and_one_layout_of_laid_out_rows(shown, qtbot, monkeypatch):  # type: ignore[no-untyped-def]
    """Issue 29: each message of a page coming in is laid out in a turn of its own once
    its HTML arrives from the worker, and the page is then inserted at once: the turn
    that shows it builds no document and lays the window's rows out once (ten 4-row
    inserts laid them out ten times a page)."""
    model, view = shown
    built_while_showing: list[int] = []
    before: list[int] = []
    inserted: list[int] = []
    layouts = [0]
    model.rowsAboutToBeInserted.connect(lambda *_: before.append(view.delegate.renders))
    model.rowsAboutToBeInserted.connect(lambda _p, first, last: inserted.append(last - first + 1))
    model.older_loaded.connect(lambda _n: built_while_showing.append(view.delegate.renders - before[-1]))
    one_pass = view.delegate.one_pass  # a layout pass of the rows (a paint passes its rect)
    monkeypatch.setattr(view.delegate, "one_pass", lambda exposed=None: (
        exposed is None and layouts.__setitem__(0, layouts[0] + 1)) or one_pass(exposed))
    model.rowsAboutToBeInserted.connect(lambda *_: layouts.__setitem__(0, 0))
    first = model.first_offset
    view.verticalScrollBar().setValue(view.verticalScrollBar().minimum())
    qtbot.waitUntil(lambda: model.first_offset == first - PAGE_SIZE, timeout=5000)
    assert inserted == [PAGE_SIZE] and built_while_showing == [0]
    assert layouts[0] == 1


def _on_screen(view: MessageListView):  # type: ignore[no-untyped-def]
    """What the offscreen screen shows of the viewport (its backing store), after the
    paints pending now."""
    from PySide6.QtWidgets import QApplication

    for _ in range(3):
        QApplication.processEvents()
    vp = view.viewport()
    return view.screen().grabWindow(view.window().winId(), vp.mapTo(view.window(), QPoint(0, 0)).x(),
                                    vp.mapTo(view.window(), QPoint(0, 0)).y(), vp.width(), vp.height()).toImage()


@pytest.mark.parametrize("up", [True, False], ids=["older page above", "newer page, oldest rows leave above"])
def test_rows_coming_in_or_leaving_above_repaint_nothing_and_the_screen_stays_right(shown, qtbot, up):  # type: ignore[no-untyped-def]
    """Issue 29: rows that come in above the viewport (an older page; the newest rows
    leave below) or leave above it (a newer page came in below) leave what it shows
    where it was: the view keeps its pixels instead of repainting the whole viewport
    (about 5 ms a page), and what the screen shows is a fresh paint's."""
    from PySide6.QtCore import QEvent, QObject

    model, view = shown

    class Paints(QObject):
        def __init__(self) -> None:
            super().__init__()
            self.heights: list[int] = []

        def eventFilter(self, _o, e):  # type: ignore[no-untyped-def]  # noqa: N802 - Qt override
            if e.type() == QEvent.Type.Paint:
                self.heights.append(e.rect().height())
            return False

    sb = view.verticalScrollBar()
    if not up:
        view.jump_requested.emit(JumpTarget.START)
        qtbot.waitUntil(lambda: _top(view)[0].startswith("Message 0:") and model.rowCount() == PAGE_SIZE, timeout=5000)
    _scroll_until(qtbot, view, up=up, done=lambda: model.rowCount() == MAX_ROWS)  # the window is full
    paints = Paints()
    view.viewport().installEventFilter(paints)
    first = model.first_offset
    if up:
        model.older_loaded.connect(lambda _n: paints.heights.clear())
    else:
        model.rowsRemoved.connect(lambda *_: paints.heights.clear())  # the last change: the oldest rows left
    sb.setValue(sb.minimum() if up else sb.maximum())
    top = _top(view)  # the page is read and laid out in later turns
    qtbot.waitUntil(lambda: model.first_offset == first + (-PAGE_SIZE if up else PAGE_SIZE), timeout=5000)
    after = _on_screen(view)
    view.viewport().removeEventFilter(paints)
    assert model.rowCount() == MAX_ROWS and not model.at_end  # the newest rows left below
    assert not [h for h in paints.heights if h > view.viewport().height() // 2], "the viewport was repainted"
    assert _top(view) == top  # the message read stays where it was
    view.viewport().repaint()
    assert _on_screen(view) == after  # the pixels kept are what a paint draws


@pytest.fixture
def app_sheet(qapp):  # type: ignore[no-untyped-def]
    """The app's light theme, stylesheet included, as the window has it."""
    from chathub_desktop.gui.design.theme import apply_theme

    before = qapp.styleSheet()
    apply_theme(qapp, "light")
    yield
    qapp.setStyleSheet(before)


@pytest.mark.parametrize("focused", [False, True], ids=["unfocused", "focused, a row outlined"])
def test_a_scroll_of_a_few_lines_draws_the_text_of_the_exposed_strip_only(  # type: ignore[no-untyped-def]
        app_sheet, shown, qtbot, monkeypatch, focused):
    """Issue 29: scrolling moves the pixels already drawn and repaints the strip that
    comes into view; the rows' text is drawn for that strip, not for the whole viewport,
    under the app's stylesheet as the window has it, and what the screen then shows is
    what a paint of the whole viewport draws. A focused list (its current row outlined,
    chatlook52) scrolls the same way."""
    from PySide6.QtCore import Qt

    from chathub_desktop.gui.chat.sliced_document import SlicedDocument

    _model, view = shown
    if focused:
        view.activateWindow()
        view.setFocus(Qt.FocusReason.TabFocusReason)
        qtbot.waitUntil(lambda: view.delegate.focused_id is not None, timeout=3000)
    heights: list[float] = []
    draw = SlicedDocument.draw
    monkeypatch.setattr(SlicedDocument, "draw", lambda self, p, pal, visible: heights.append(visible.height())
                        or draw(self, p, pal, visible))
    sb = view.verticalScrollBar()
    smallest: list[float] = []
    for _attempt in range(3):  # a loaded machine may merge the scroll's paint with a pending full repaint
        for _ in range(50):  # until the view is at rest
            heights.clear()
            qtbot.wait(60)
            if not heights:
                break
        sb.setValue(sb.value() - 24)
        qtbot.waitUntil(lambda: bool(heights), timeout=3000)
        qtbot.wait(20)
        smallest.append(min(heights))
        if smallest[-1] < view.viewport().height() / 2:
            break
    assert min(smallest) < view.viewport().height() / 2, smallest
    moved = _on_screen(view)
    view.viewport().repaint()
    assert _on_screen(view) == moved


def test_the_page_that_reaches_the_end_says_so_before_the_view_hears_of_its_rows(services, long_topic, qtbot,
                                                                                 qloop):  # type: ignore[no-untyped-def]
    """Issue 29 (a burner CI run): after Ctrl+End the newest arrow stayed shown at the
    newest message. The last page's rows came in while the model still said it was not
    at the end, and nothing told the view afterwards; the view placed its arrows from
    that. Now a page that ends the topic says so when its rows are announced, and a page
    that brings no new row announces the end as a new total."""
    events = ChatEvents(services.bus)
    model = MessageListModel(services.topics, events)
    model.show_page(on_worker(model.pages.fetch_around, long_topic.id, N - 200))
    assert not model.at_end
    heard: list[bool] = []  # at_end as the view finds it at each signal it hears
    model.rowsInserted.connect(lambda *_: heard.append(model.at_end))
    model.total_changed.connect(lambda _n: heard.append(model.at_end))
    for _ in range(20):
        if model.at_end:
            break
        model.append_newer(long_topic.id, model.next_offset,
                           on_worker(model.pages.fetch_newer, long_topic.id, model.next_offset))
    assert model.at_end and heard[-1] is True and not any(heard[:-1])
    events.detach()


def test_the_newest_arrow_hides_when_the_last_page_is_in(shown, long_topic, qtbot):  # type: ignore[no-untyped-def]
    """Issue 29: Ctrl+End brings the last page, the view is at its bottom, and the newest
    arrow is gone without any further scroll."""
    from PySide6.QtCore import Qt

    model, view = shown
    view.jump_start_button.click()
    qtbot.waitUntil(lambda: model.first_offset == 0 and view.newest_button.isVisible(), timeout=5000)
    view.setFocus()
    qtbot.keyClick(view, Qt.Key.Key_End, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: model.at_end and view.is_at_bottom(), timeout=5000)
    qtbot.waitUntil(lambda: not view.newest_button.isVisible(), timeout=1000)
