"""The Dynamic memory timeline after walk56 (issue 30): newest first (#8: the newest dream
was the page's last card, ~1,100 px down), a scheduled run's news that does not move the
cards the user works on (#10), and the Dream now bar's reason said in words (#16)."""

from __future__ import annotations

from datetime import UTC, date, datetime

from PySide6.QtCore import QPoint, Qt

from chathub_desktop.core.messages import Role
from tests.fakes.vendor_server import Reply
from tests.gui.test_dream_panel import helper, idle, open_page, seed_cards, summ  # noqa: F401

OLDER, LATER, LAST = date(2026, 11, 28), date(2026, 11, 29), date(2026, 11, 30)


def test_the_timeline_lists_the_newest_card_first(open_page, services, helper, qtbot):  # type: ignore[no-untyped-def]  # noqa: F811
    """Walk56 #8 (DRM-8): the top row is the newest card, the oldest range card the last;
    each card keeps its ``#N`` (its place in the stored document, oldest first), and the
    number still finds its card: selection, Down, Edit act on the card shown. A card
    written meanwhile comes in at the top, the selected card stays selected."""
    seed_cards(services, helper, [date(2026, 11, 26), date(2026, 11, 27), OLDER, LATER])
    services.dreams.set_keep(helper, 2)  # 26–27 Nov fold into range card #1
    page = open_page(helper)
    page.resize(1100, 760)
    panel = page.dream_panel
    model, view = panel.model, panel.list
    qtbot.waitUntil(lambda: model.rowCount() == 3, timeout=5000)
    faces = [model.face(row) for row in range(3)]
    assert [(f.number, f.tag) for f in faces if f is not None] == [
        (3, "29 Nov 2026"), (2, "28 Nov 2026"), (1, "26 Nov 2026 – 27 Nov 2026")]
    tops = [view.visualRect(model.index(row)).top() for row in range(3)]
    assert tops == sorted(tops) and tops[0] == min(tops)  # row 0 is drawn at the top
    assert [c.number for c in model.cards()] == [1, 2, 3]  # the document's order, as stored (SPEC)
    panel.select_number(3)
    assert view.currentIndex().row() == 0 and panel.current_card().tag == LATER.isoformat()  # type: ignore[union-attr]
    view.setFocus()
    qtbot.waitUntil(view.hasFocus, timeout=3000)
    qtbot.keyClick(view, Qt.Key.Key_Down)  # the next card down is the older day
    assert panel.current_card() is not None and panel.current_card().number == 2  # type: ignore[union-attr]
    editor = panel.card_actions.edit_card()
    assert editor is not None and view.currentIndex().row() == 1 and "theme 28" in editor.toPlainText()
    panel.card_actions.close_editor()
    idle(qtbot, panel)
    seed_cards(services, helper, [date(2026, 11, 26), date(2026, 11, 27), OLDER, LATER, LAST])  # written meanwhile
    services.dreams.set_keep(helper, 3)  # 26–27 Nov in the range card again
    panel.schedule_reload()
    qtbot.waitUntil(lambda: model.card(0) is not None and model.card(0).tag == LAST.isoformat(), timeout=5000)  # type: ignore[union-attr]
    assert panel.current_card() is not None and panel.current_card().tag == OLDER.isoformat()  # type: ignore[union-attr]
    assert view.currentIndex().row() == 2  # the same card, one row down
    idle(qtbot, panel)


def test_an_accepted_card_comes_in_at_the_top_selected_and_in_view(  # type: ignore[no-untyped-def]
        open_page, services, helper, summ, qtbot, qloop):  # noqa: F811
    """Walk56 #8: accepting yesterday's proposal puts its card at the top of the timeline,
    selected and marked, and the page shows it when the Cards tab is back (it was the last
    card, at the page's end)."""
    seed_cards(services, helper, [date(2026, 11, 20 + k) for k in range(8)])  # a timeline taller than the view
    topic = services.topics.create(helper, "Work").id
    services.chat.append_row(topic, role=Role.USER, content="tables please",
                             created_at=datetime(LATER.year, LATER.month, LATER.day, 12, tzinfo=UTC))
    services.dreams.review.set_enabled(helper, True)
    summ.script(Reply(text_chunks=["- Wants tables"]))
    task = qloop.create_task(services.dreams.run_day(helper, LATER))
    qtbot.waitUntil(task.done, timeout=8000)
    assert task.result().status == "proposed"
    page = open_page(helper)
    page.resize(1100, 700)
    panel = page.dream_panel
    panel.mark.timer.setInterval(600_000)  # the mark's moment, long enough for a loaded machine
    section = panel.show_proposals()
    qtbot.waitUntil(lambda: section.list.count() == 1, timeout=5000)
    assert section.accept_current()
    qtbot.waitUntil(lambda: panel.model.rowCount() == 9 and panel.model.marked() == LATER.isoformat(), timeout=5000)
    idle(qtbot, panel)
    assert panel.list.currentIndex().row() == 0  # the top row
    top = panel.model.card(0)
    assert top is not None and top.tag == LATER.isoformat() and top.number == 9
    assert panel.current_card() is top
    panel.tabs.setCurrentIndex(0)
    scroll = page.body_scroll

    def in_view() -> bool:
        rect = panel.list.visualRect(panel.model.index(0))
        at = panel.list.viewport().mapTo(scroll.viewport(), QPoint(0, rect.top())).y()
        return rect.height() > 0 and 0 <= at and at + rect.height() <= scroll.viewport().height()

    qtbot.waitUntil(in_view, timeout=3000)
    panel.mark.timer.start(1)
    qtbot.waitUntil(lambda: panel.model.marked() is None, timeout=3000)
    idle(qtbot, panel)


def _y(widget, page) -> int:  # type: ignore[no-untyped-def]
    """``widget``'s top in the page's scrolled content."""
    return widget.mapTo(page.body_scroll.widget(), QPoint(0, 0)).y()


def test_a_scheduled_runs_news_moves_no_card(open_page, services, helper, qtbot):  # type: ignore[no-untyped-def]  # noqa: F811
    """Walk56 #10: a scheduled run's line ("Scheduled dream: … already has a dream card")
    came up under Dream now while a card was being edited and pushed the tab bar and the
    cards ~20 px down. The line has its room kept: the tab bar and the first card stay
    where they were — a long line too, said on one line cut with "…", whole in its
    tooltip — and it times out."""
    from chathub_desktop.core.dream_schedule import DreamPhase, DreamStatus
    from chathub_desktop.services.events import DreamProgress
    from tests.gui.test_dream_panel import active_yesterday

    day = active_yesterday(services, helper)
    seed_cards(services, helper, [OLDER, LATER, day])
    page = open_page(helper)
    page.resize(800, 560)
    panel = page.dream_panel
    qtbot.waitUntil(lambda: panel.model.rowCount() == 3, timeout=5000)
    idle(qtbot, panel)
    panel.select_number(2)
    editor = panel.card_actions.edit_card()  # the user is at work on a card
    assert editor is not None
    status = panel.status_label
    assert not status.isVisible()

    def where() -> tuple[int, int, int]:
        return _y(panel.tabs.tabBar(), page), _y(panel.list, page), _y(editor, page)

    seen: list[tuple[int, int, int]] = []

    def settled() -> bool:  # the page laid out at its size: the same three times in a row
        seen.append(where())
        qtbot.wait(30)
        return len(seen) >= 3 and seen[-1] == seen[-2] == seen[-3]

    qtbot.waitUntil(settled, timeout=5000)
    before = where()
    # the scheduler's run over a day that has its card, as the tray's timer reports it
    news = f"{day.day} {day:%b %Y} already has a dream card (#3)"
    panel.events.dream_progress.emit(DreamProgress(helper, day.isoformat(), DreamPhase.STARTED))
    assert status.isVisible()  # its phase
    panel.events.dream_progress.emit(DreamProgress(helper, day.isoformat(), DreamPhase.FINISHED,
                                                   DreamStatus.EXISTS, news))
    assert status.isVisible() and status.text() == f"Scheduled dream: {news[:1].upper()}{news[1:]}"
    qtbot.wait(50)  # the layout's turn
    assert where() == before
    long = "found nothing new: " + "every topic of the day repeats what the cards already say " * 6
    panel.events.dream_progress.emit(DreamProgress(helper, day.isoformat(), DreamPhase.STARTED))
    panel.events.dream_progress.emit(DreamProgress(helper, day.isoformat(), DreamPhase.FINISHED,
                                                   DreamStatus.NOTHING, long))
    qtbot.waitUntil(lambda: status.text().endswith("…"), timeout=3000)
    qtbot.wait(50)
    assert status.toolTip() == "Scheduled dream: " + long[:1].upper() + long[1:]  # the whole line
    assert status.height() < 2 * status.fontMetrics().lineSpacing()  # one line
    assert status.fontMetrics().horizontalAdvance(status.text()) <= status.contentsRect().width()  # not clipped
    assert where() == before
    for cjk in ("定时做梦：2026年12月4日 已有梦境卡片（#3）", "スケジュールのドリーム：2026年12月4日 にはドリームカードがあります"):
        for quiet in (True, False):  # a CJK line, news or the user's own: no taller than the room kept
            panel.show_status(cjk, 15000, quiet=quiet)
            qtbot.wait(50)
            assert where() == before
    status._timer.timeout.emit()  # its time is over
    assert not status.isVisible()
    qtbot.wait(50)
    assert where() == before
    panel.card_actions.close_editor()
    idle(qtbot, panel)


def test_the_tab_bars_base_line_runs_whole_under_the_tabs(open_page, services, helper, qtbot):  # type: ignore[no-untyped-def]  # noqa: F811
    """Walk56 #16: the Cards / Proposals line was drawn over the tabs' top, broken by each
    tab ("Proposals (2)" sat in a gap). In both themes one line in the border colour runs
    the tab widget's whole width just under the tabs, the pill of the current tab clear of it."""
    from PySide6.QtGui import QColor
    from PySide6.QtWidgets import QApplication

    from chathub_desktop.gui.design import current_colours
    from chathub_desktop.gui.design.theme import apply_theme

    seed_cards(services, helper, [OLDER, LATER])
    page = open_page(helper)
    page.resize(1100, 700)
    panel = page.dream_panel
    qtbot.waitUntil(lambda: panel.model.rowCount() == 2, timeout=5000)
    tabs, bar = panel.tabs, panel.tabs.tabBar()
    app = QApplication.instance()
    try:
        for theme in ("light", "dark"):
            apply_theme(app, theme, hint=False)  # type: ignore[arg-type]
            for _ in range(3):
                QApplication.processEvents()
            border = QColor(current_colours().border).rgb()
            img = tabs.grab().toImage()
            whole = [y for y in range(img.height() // 2)
                     if all(img.pixelColor(x, y).rgb() == border for x in range(img.width()))]
            assert whole, theme  # one line, whole
            pill = bar.tabRect(bar.currentIndex())
            assert all(y >= pill.bottom() for y in whole), theme  # under the tabs, not through them
    finally:
        apply_theme(app, "light", hint=False)  # type: ignore[arg-type]
    idle(qtbot, panel)


def test_a_disabled_dream_now_says_why_in_words_beside_it(open_page, services, helper, qtbot):  # type: ignore[no-untyped-def]  # noqa: F811
    """Walk56 #16: with every day carded or proposed, Dream now was off and the line in the
    chooser's place said only "2 proposals wait for review." — why Dream now was off was
    in its tooltip alone. The line says both, whole, at 1366×768 and 800×560."""
    from datetime import timedelta

    from tests.gui.test_dream_days import _talk

    today = datetime.now(UTC).date()
    for k in (4, 3, 2, 1):
        _talk(services, helper, f"Day {k}", k, f"Notes of day {k}")
    seed_cards(services, helper, [today - timedelta(days=4), today - timedelta(days=3)])
    for k in (2, 1):
        services.dreams.review.propose(helper, today - timedelta(days=k), f"- proposed for day {k}", None, None)
    page = open_page(helper)
    panel = page.dream_panel
    note = panel.day_picker.note
    for size in ((1366, 768), (800, 560)):
        page.resize(*size)
        qtbot.waitUntil(lambda: note.isVisible() and panel.proposal_count() == 2, timeout=5000)
        qtbot.wait(50)
        assert not panel.dream_now_button.isEnabled()
        assert note.text() == ("2 proposals wait for review. Every other day with messages has a card; to dream one "
                               "again, use ↻ Regenerate on its card.")
        assert note.height() >= note.heightForWidth(note.width())  # whole, not cut
        right = note.mapTo(panel, QPoint(note.width(), 0)).x()
        assert right <= panel.width()
    idle(qtbot, panel)
