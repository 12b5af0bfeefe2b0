"""History as a view of its own (issue 30, walk53b #1): it was a five-row box inside the
fixed-memory section with the dream settings under it, opened with its heading scrolled
off-screen, its revert rows said the change twice ("revert of change #8: reverted change
#8 …") and its Revert question said "removes 3 line(s)"."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt

from chathub_desktop.gui.dialogs import confirm
from tests.gui.shot_harness import shots_in_both_themes
from tests.gui.test_dream_panel import helper, idle, open_page, summ  # noqa: F401

#: The Memory page's part of a 1366×768 window (the window less its navigation rail).
PAGE_SIZE = (1310, 768)



def test_history_takes_the_page_with_its_heading_in_view_and_back_returns(  # type: ignore[no-untyped-def]
        open_page, services, helper, qtbot):  # noqa: F811
    """walk53b #1: History opens as the page's view — its heading and Back in view, not
    below the scrolled sections — with at least eight changes readable at 1366×768; Back
    and Esc return to the page scrolled where it was."""
    for i in range(12):
        services.memory.add(helper, f"fact number {i}")
    page = open_page(helper)
    page.resize(*PAGE_SIZE)
    qtbot.waitUntil(lambda: page.model.total() == 12, timeout=5000)
    bar = page.body_scroll.verticalScrollBar()
    qtbot.waitUntil(lambda: bar.maximum() > 0 and not page.runner.pending(), timeout=5000)
    bar.setValue(bar.maximum() // 2)  # mid-page: a later settling of the page's height keeps it
    where = bar.value()
    assert where > 0
    history = page.open_history()
    qtbot.waitUntil(lambda: history.list.count() == 12 and history.detail is not None, timeout=5000)
    row = history.list.sizeHintForRow(0)
    assert history.list.viewport().height() >= 8 * row, (history.list.viewport().height(), row)
    assert not page.body_scroll.isVisible() and not page.dream_panel.isVisible()  # no sections around it
    for w in (history.heading, history.back_button):  # whole inside the page, under its header
        top = w.mapTo(page, QPoint(0, 0))
        assert w.isVisible() and page.header.height() <= top.y() and top.y() + w.height() <= page.height()
    assert history.heading.text() == "Memory history" and history.back_button.text() == "Back to memory"
    shots_in_both_themes(page, "hist53-history-1366")
    history.back_button.click()
    assert not page.history_open and page.body_scroll.isVisible()
    qtbot.waitUntil(lambda: bar.value() == where, timeout=5000)
    page.open_history()
    qtbot.keyClick(history.list, Qt.Key.Key_Escape)
    assert not page.history_open
    qtbot.waitUntil(lambda: bar.value() == where, timeout=5000)
    page.resize(800, 560)
    page.open_history()
    qtbot.waitUntil(lambda: history.split.orientation() == Qt.Orientation.Vertical, timeout=5000)
    shots_in_both_themes(page, "hist53-history-800")
    history.closed.emit()
    idle(qtbot, page.dream_panel)


def test_a_revert_row_names_the_change_once_and_its_question_counts_lines(  # type: ignore[no-untyped-def]
        open_page, services, helper, qtbot, monkeypatch):  # noqa: F811
    """walk53b #1: "revert of change #2: reverted change #2 (added entry #2)" said the change
    twice; the question said "removes 1 line(s)". The row names the change once and what it
    undid; each count has its plural form."""
    services.memory.add(helper, "first fact")
    services.memory.add(helper, "second fact")
    page = open_page(helper)
    history = page.open_history()
    qtbot.waitUntil(lambda: history.list.count() == 2 and history.detail is not None, timeout=5000)
    asked: list[tuple[str, str, bool]] = []
    monkeypatch.setattr(confirm, "ask", lambda _p, _t, text, action, *, icon=True: asked.append((text, action, icon))
                        or True)
    reverted = history.changes[0].id
    with qtbot.waitSignal(history.reverted, timeout=5000):
        assert history.revert_selected()
    qtbot.waitUntil(lambda: history.list.count() == 3, timeout=5000)
    # audit54b #3: the row quotes the undone change as that change's own row says it
    assert history.list.item(0).text() == "You reverted “You added entry #2”"
    assert history.changes[1].id == reverted and history.list.item(1).text() == "You added entry #2"
    # walk53c #5: one plain sentence, a named Revert, no "?" icon
    # walk55 #4: it counts the entry, not the lines
    assert asked[0] == ("Undo “You added entry #2”? 1 entry of fixed memory goes back to how it was.", "Revert",
                        False), asked[0]
    history.closed.emit()
    idle(qtbot, page.dream_panel)


def test_history_rows_are_sentences_and_an_import_names_its_file_once(  # type: ignore[no-untyped-def]
        open_page, services, helper, qtbot, monkeypatch):  # noqa: F811
    """walk53c #3: rows read like a log ("import of import.md: imported the file", a
    lower-case "you: edited entry #2"). Each row is a capitalised sentence, an imported
    file is named once, and the Revert question names the change the same way."""
    from dataclasses import replace

    from chathub_desktop.core.memory_actions import ActionKind, ChangeAction, ChangeWho, WhoKind
    from chathub_desktop.gui.memory.change_words import change_line

    services.memory.add(helper, "first fact")
    services.memory.edit(helper, 1, "first fact, edited")
    page = open_page(helper)
    history = page.open_history()
    qtbot.waitUntil(lambda: history.list.count() == 2 and history.detail is not None, timeout=5000)
    assert [history.list.item(i).text() for i in range(2)] == ["You edited entry #1", "You added entry #1"]
    imported = replace(history.changes[0], by=ChangeWho(WhoKind.IMPORT_OF, ("import.md",)),
                       did=ChangeAction(ActionKind.IMPORTED, ("import.md",)))
    assert change_line(imported) == "Imported import.md"
    # memview54: fixed memory's row of a file that brought entries says how many; its dynamic row does not
    counted = replace(imported, did=ChangeAction(ActionKind.IMPORTED_ENTRIES, ("import.md", "3")), document="fixed")
    assert change_line(counted) == "Imported import.md — 3 new entries"
    assert change_line(replace(counted, did=ChangeAction(ActionKind.IMPORTED_ENTRIES, ("import.md", "1")))) == (
        "Imported import.md — 1 new entry")
    assert change_line(replace(counted, document="dynamic")) == "Imported import.md"
    # audit54b #3: a revert of it quotes its row as it is, not "undid “imported import.md (3 new entries)”"
    stored = ChangeAction(ActionKind.IMPORTED_ENTRIES, ("import.md", "3")).english()  # as the revert stores it
    revert = replace(history.changes[0], id=counted.id + 1, by=ChangeWho(WhoKind.REVERT_OF, (str(counted.id),)),
                     did=ChangeAction(ActionKind.REVERTED, (str(counted.id), stored)))
    assert change_line(revert, {counted.id: counted}) == "You reverted “Imported import.md — 3 new entries”"
    assert change_line(revert) == "You reverted “Imported import.md (3 new entries)”"  # not listed: its action
    asked: list[str] = []
    monkeypatch.setattr(confirm, "ask", lambda _p, _t, text, _a="", **_k: asked.append(text) or False)
    assert history.revert_selected()
    qtbot.waitUntil(lambda: bool(asked), timeout=5000)
    assert asked[0] == "Undo “You edited entry #1”? 1 entry of fixed memory goes back to how it was.", asked[0]
    history.closed.emit()
    idle(qtbot, page.dream_panel)


def test_the_page_headers_back_arrow_leaves_history_first(  # type: ignore[no-untyped-def]
        open_page, services, helper, qtbot):  # noqa: F811
    """walk53c #3, memview54: History showed two back arrows, the page header's ← going to
    the chats past History. While History shows, "← Back to memory" is the one back control
    in view (the header's ← hidden, its place kept so the title does not move); the
    header's ← still closes History first if triggered (as "Back to memory" and Esc do);
    only on the page itself does it leave for the chats, shown again."""
    services.memory.add(helper, "first fact")
    page = open_page(helper)
    title_x = page.header.title.x()
    history = page.open_history()
    qtbot.waitUntil(lambda: history.list.count() == 1, timeout=5000)
    assert history.back_button.isVisible() and not page.header.back_button.isVisible()
    assert page.header.title.x() == title_x
    left: list[bool] = []
    page.back_requested.connect(lambda: left.append(True))
    page.header.back_button.click()
    assert not page.history_open and page.body_scroll.isVisible() and not left
    assert page.header.back_button.isVisible()
    page.header.back_button.click()
    assert left == [True]
    idle(qtbot, page.dream_panel)
