"""The Memory page's loose ends after walk52b (issue 30): a dream card is named by its day
in every confirmation, and shown and marked after a save or an Accept (its ``#N`` is its
place: accepting an older day made the "Saved #1" card #2, DRM-8); Regenerate's preview
names the day once; the fixed-memory toolbar says its names when the row has room, as the
dream toolbar does; History is a timeline of two-line rows with no horizontal scrollbar."""

from __future__ import annotations

from datetime import UTC, date, datetime

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel

from chathub_desktop.core.messages import Role
from chathub_desktop.gui.memory import change_preview
from chathub_desktop.gui.memory.change_preview import ChangePreviewDialog, PreviewOption
from chathub_desktop.gui.memory.history_rows import WhenRole
from chathub_desktop.gui.shell.day_format import format_day, format_day_time
from tests.fakes.vendor_server import Reply
from tests.gui.shot_harness import shots_in_both_themes
from tests.gui.test_dream_panel import active_yesterday, helper, idle, open_page, seed_cards, summ  # noqa: F401

OLDER, LATER = date(2026, 11, 28), date(2026, 11, 29)



def test_an_accepted_card_is_named_by_its_day_shown_and_marked(  # type: ignore[no-untyped-def]
        open_page, services, helper, summ, qtbot, qloop):  # noqa: F811
    """walk52b #2: "Added as card #1", and the card the user had saved as #1 became #2 —
    the number is the card's place (DRM-8). Accept names the day; the new card is the
    selected one, marked until the Cards tab has shown it a moment."""
    seed_cards(services, helper, [LATER])
    topic = services.topics.create(helper, "Work").id
    services.chat.append_row(topic, role=Role.USER, content="tables please", created_at=datetime(
        OLDER.year, OLDER.month, OLDER.day, 12, tzinfo=UTC))
    services.dreams.review.set_enabled(helper, True)
    summ.script(Reply(text_chunks=["- Wants tables"]))
    task = qloop.create_task(services.dreams.run_day(helper, OLDER))
    qtbot.waitUntil(task.done, timeout=8000)
    assert task.result().status == "proposed"
    page = open_page(helper)
    page.resize(1100, 700)
    panel = page.dream_panel
    panel.mark.timer.setInterval(600_000)  # the mark's moment, long enough for a loaded machine
    panel.select_number(1)  # the later day's card, #1 until the older day comes in before it
    section = panel.show_proposals()
    qtbot.waitUntil(lambda: section.list.count() == 1, timeout=5000)
    assert section.accept_current()
    qtbot.waitUntil(lambda: section.status.text() == "Added the card for 28 Nov 2026 · nothing else waits",
                    timeout=5000)
    qtbot.waitUntil(lambda: panel.model.rowCount() == 2 and panel.model.marked() == OLDER.isoformat(), timeout=5000)
    idle(qtbot, panel)
    current = panel.current_card()
    assert current is not None and current.tag == OLDER.isoformat() and current.number == 1
    faces = [panel.model.face(row) for row in range(2)]
    assert [f.marked for f in faces if f is not None] == [False, True]  # the older day: the last row (walk56 #8)
    assert not panel.mark.timer.isActive()  # out of sight on the Proposals tab: still marked
    panel.tabs.setCurrentIndex(0)
    qtbot.waitUntil(panel.mark.timer.isActive, timeout=3000)
    button = panel.dream_now_button  # the Cards tab laid out again
    qtbot.waitUntil(lambda: button.height() >= button.sizeHint().height(), timeout=3000)
    shots_in_both_themes(page, "cards53-accepted-marked")
    panel.mark.timer.start(1)  # its moment, made short
    qtbot.waitUntil(lambda: panel.model.marked() is None, timeout=3000)
    idle(qtbot, panel)


def test_saving_pausing_and_copying_a_card_name_its_day(open_page, services, helper, qtbot):  # type: ignore[no-untyped-def]  # noqa: F811
    """walk52b #2: "Saved #3" named a place, not a card. The lines name the day, and a
    saved card is selected and marked."""
    seed_cards(services, helper, [OLDER, LATER, date(2026, 11, 30)])
    page = open_page(helper)
    page.resize(1100, 760)
    panel = page.dream_panel
    panel.mark.timer.setInterval(600_000)  # the mark's moment, long enough for a loaded machine
    assert panel.card_actions.save_edit(3, "Prefers answers in tables")
    qtbot.waitUntil(lambda: panel.status_label.text() == "Saved the card for 30 Nov 2026", timeout=5000)
    qtbot.waitUntil(lambda: panel.model.marked() == "2026-11-30", timeout=5000)
    idle(qtbot, panel)
    current = panel.current_card()
    assert current is not None and current.text == "Prefers answers in tables"
    assert panel.mark.timer.isActive()  # in sight: its moment runs
    shots_in_both_themes(page, "cards53-saved-marked")
    panel.mark.timer.start(1)
    qtbot.waitUntil(lambda: panel.model.marked() is None, timeout=3000)
    panel.select_number(1)
    panel.card_actions.toggle_pause()
    qtbot.waitUntil(lambda: panel.status_label.text() == "Paused the card for 28 Nov 2026: kept, not sent",
                    timeout=5000)
    idle(qtbot, panel)
    panel.select_number(2)
    panel.card_actions.copy_card()
    assert panel.status_label.text() == "Copied the text of the card for 29 Nov 2026"


def test_the_regenerate_preview_says_the_day_once(open_page, services, helper, summ, qtbot, monkeypatch):  # type: ignore[no-untyped-def]  # noqa: F811
    """walk52b #9: "Card #1 for 1 May 2024 was dreamt again…" then "Replaces the card for
    1 May 2024…": one heading names the day (not the card's number), the panes the rest."""
    day = active_yesterday(services, helper)
    seed_cards(services, helper, [day])
    calls: list[tuple[object, list[PreviewOption]]] = []
    monkeypatch.setattr(change_preview, "ask", lambda _p, _t, heading, options, _a: calls.append(
        (heading, list(options))))
    panel = open_page(helper).dream_panel
    summ.script(Reply(text_chunks=["- Wants tables\n- No prose"]))
    panel.runs.regenerate(1)
    qtbot.waitUntil(lambda: bool(calls) and not panel.runs.dreaming, timeout=5000)
    idle(qtbot, panel)
    heading, options = calls[0]
    dlg = ChangePreviewDialog(None, "Regenerate", heading, options, "Use the new card")  # type: ignore[arg-type]
    qtbot.addWidget(dlg)
    dlg.resize(900, 600)
    dlg.show()
    said = [w.text() for w in dlg.findChildren(QLabel) if w.isVisible() and w.text()]
    assert said[0] == f"The card for {format_day(day)} was dreamt again. Use the new card, or keep the old one?"
    assert sum(format_day(day) in text for text in said) == 1, said
    assert not any("#" in text for text in said), said
    shots_in_both_themes(dlg, "cards53-regenerate-preview")
    dlg.close()


def test_the_fixed_memory_tools_say_their_names_when_the_row_has_room(  # type: ignore[no-untyped-def]
        open_page, services, helper, qtbot):  # noqa: F811
    """walk52b #8 for the fixed memory: Add, Edit raw, Search and History were bare icons
    beside the labelled dream row. Their names show whenever the row has room; the
    overflow menu stays an icon; a narrow page has icons alone."""
    services.memory.add(helper, "Prefers short answers")
    page = open_page(helper)
    page.resize(1366, 768)
    beside, bare = Qt.ToolButtonStyle.ToolButtonTextBesideIcon, Qt.ToolButtonStyle.ToolButtonIconOnly
    named = page.toolbar.buttons()
    qtbot.waitUntil(lambda: all(b.toolButtonStyle() == beside for b in named), timeout=5000)
    assert [b.text() for b in named] == ["Add memory", "Edit raw", "Search memory", "History…"]
    assert page.more_button.toolButtonStyle() == bare
    qtbot.waitUntil(lambda: all(b.width() >= b.sizeHint().width() for b in named), timeout=5000)  # no word cut
    shots_in_both_themes(page, "cards53-fixed-tools-1366")
    page.resize(800, 560)
    section = page._fixed_section
    qtbot.waitUntil(lambda: (named[0].toolButtonStyle() == beside) == (section.width() >= page.tool_labels.needed()),
                    timeout=5000)
    shots_in_both_themes(page, "cards53-fixed-tools-800")
    page.resize(520, 560)
    qtbot.waitUntil(lambda: all(b.toolButtonStyle() == bare for b in named), timeout=5000)
    idle(qtbot, page.dream_panel)


def test_history_is_a_timeline_without_a_horizontal_bar(open_page, services, helper, qtbot):  # type: ignore[no-untyped-def]  # noqa: F811
    """walk52b #6: History's list was a cramped table with a horizontal scrollbar and cut
    rows, and its detail said "(108 → 126 characters)" beside an edit it showed. Each
    change is who did what, then when and where; the detail goes under the list on a
    narrow page; sizes only where no entry shows the change."""
    long = "Ana writes Python, prefers short answers and tables, lives in Lisbon (UTC+0 in winter) " * 3
    services.memory.add(helper, long.strip())
    services.memory.edit(helper, 1, "Ana's timezone is Europe/Lisbon. (UTC+0 in winter)")
    page = open_page(helper)
    _history_at(page, qtbot, (800, 560), narrow=True)
    _history_at(page, qtbot, (1366, 768), narrow=False)
    idle(qtbot, page.dream_panel)


def _history_at(page, qtbot, size: tuple[int, int], *, narrow: bool) -> None:  # type: ignore[no-untyped-def]
    page.resize(*size)
    history = page.open_history()
    qtbot.waitUntil(lambda: history.list.count() == 2 and history.detail is not None, timeout=5000)
    qtbot.waitUntil(lambda: (history.split.orientation() == Qt.Orientation.Vertical) == narrow, timeout=5000)
    row = history.list.item(0)
    assert row.text() == "You edited entry #1"
    # audit54: the row's day and time are the desktop's; the tooltip adds the time in UTC
    at = history.changes[0].at
    local = at.replace(tzinfo=UTC).astimezone() if at.tzinfo is None else at.astimezone()
    assert row.data(WhenRole).startswith(format_day(local.date()) + ", ")
    # walk57 #4: a row sharing its minute with a neighbour says its seconds too
    other = history.changes[1].at
    other_local = other.replace(tzinfo=UTC).astimezone() if other.tzinfo is None else other.astimezone()
    shown = f"{local:%H:%M:%S}" if f"{local:%Y%m%d%H%M}" == f"{other_local:%Y%m%d%H%M}" else f"{local:%H:%M}"
    assert row.data(WhenRole).endswith(f", {shown} · Fixed memory")
    assert row.toolTip() == f"{row.text()}\n{row.data(WhenRole)}\n{format_day_time(at, seconds=True)}"
    assert row.toolTip().endswith(" UTC")
    assert history.list.isVisible() and not history.list.horizontalScrollBar().isVisible()
    rect = history.list.visualRect(history.list.model().index(1, 0))
    assert rect.width() <= history.list.viewport().width()  # no row wider than the list
    text = history.diff.toPlainText()
    assert text.startswith("You edited entry #1\nFixed memory · ") and "characters" not in text, text
    shots_in_both_themes(page, f"cards53-history-{size[0]}")
    history.closed.emit()


def test_a_range_cards_days_read_as_the_page_dates(open_page, services, helper, qtbot):  # type: ignore[no-untyped-def]  # noqa: F811
    """memcards53: the days folded into a range card read "2026-11-20" under a chip saying
    "20 Nov 2026 – 21 Nov 2026"; they are said in the page's date style (the stored text
    keeps its ``[date:2026-11-20]`` marks)."""
    from chathub_desktop.gui.memory.card_markdown import HEADING_MARK

    seed_cards(services, helper, [date(2026, 11, 20 + k) for k in range(4)])
    services.dreams.set_keep(helper, 2)  # the two oldest fold into one range card
    page = open_page(helper)
    page.resize(1100, 760)
    panel = page.dream_panel
    qtbot.waitUntil(lambda: panel.model.rowCount() == 3, timeout=5000)
    rng = panel.model.row_of(1)  # the range card, #1: the last row (newest first, walk56 #8)
    assert panel.model.toggle_fold(rng)  # expanded, as Space does
    face = panel.model.face(rng)
    assert face is not None and face.tag == "20 Nov 2026 – 21 Nov 2026"
    assert face.text.split("\n")[0] == HEADING_MARK + "20 Nov 2026" and HEADING_MARK + "21 Nov 2026" in face.text
    assert "[date:2026-11-20]" in services.dreams.document(helper)  # display only
    shots_in_both_themes(page, "cards53-range-days")
    idle(qtbot, panel)


def test_an_opened_range_card_shows_every_day_it_folds(open_page, services, helper, qtbot):  # type: ignore[no-untyped-def]  # noqa: F811
    """walk55 #8 (issue 30: range cards "expand to read"): a range card folding four days
    said "4 days" but, opened, showed three and "…"; opened, its row is tall enough for
    every line of its text — four days of two lines, each under its date heading."""
    from PySide6.QtWidgets import QStyleOptionViewItem

    seed_cards(services, helper, [date(2026, 11, 20 + k) for k in range(5)])
    services.dreams.set_keep(helper, 1)  # the four oldest fold into one range card
    page = open_page(helper)
    page.resize(1100, 760)
    panel = page.dream_panel
    qtbot.waitUntil(lambda: panel.model.rowCount() == 2, timeout=5000)
    rng = panel.model.row_of(1)  # the range card, #1: the last row (newest first, walk56 #8)
    folded = panel.delegate.sizeHint(QStyleOptionViewItem(), panel.model.index(rng)).height()
    assert panel.model.toggle_fold(rng)
    face = panel.model.face(rng)
    assert face is not None and face.text.count("theme") == 4
    lines = face.text.count("\n") + 1  # 4 × (date, two lines) and the gaps between: 15
    assert lines >= 15
    spacing = panel.list.fontMetrics().lineSpacing()
    opened = panel.delegate.sizeHint(QStyleOptionViewItem(), panel.model.index(rng)).height()
    assert opened - folded >= (lines - 1) * spacing
    shots_in_both_themes(page, "cards55-range-open")
    idle(qtbot, panel)


def test_the_dream_list_taking_the_keyboard_acts_on_no_card_it_does_not_show(  # type: ignore[no-untyped-def]
        open_page, services, helper, qtbot):  # noqa: F811
    """walk55b #7: Tab into the dream cards gave the list a current row without selecting
    it: no card highlighted, yet Edit and Delete were on and named a card. They act on a
    card painted selected only. (Since walk56, the keyboard coming into the list selects the
    card it rings: test_memory_list57; a current row left unselected still offers nothing.)"""
    from PySide6.QtCore import QItemSelectionModel

    seed_cards(services, helper, [date(2026, 11, 20), date(2026, 11, 21)])
    page = open_page(helper)
    panel = page.dream_panel
    qtbot.waitUntil(lambda: panel.model.rowCount() == 2, timeout=5000)
    idle(qtbot, panel)
    panel.list.selectionModel().setCurrentIndex(panel.model.index(0, 0), QItemSelectionModel.SelectionFlag.NoUpdate)
    panel.sync()
    assert panel.list.currentIndex().isValid() and panel.current_card() is None
    assert not panel.edit_button.isEnabled() and not panel.delete_button.isEnabled()
    panel.select_number(2)
    qtbot.waitUntil(lambda: panel.delete_button.isEnabled(), timeout=3000)
    card = panel.current_card()
    assert card is not None and card.number == 2
    idle(qtbot, panel)
