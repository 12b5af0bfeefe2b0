"""Issue 30, walk29 #14 and #15 on the Memory page: a "← Memory · <assistant>" header like
Settings and Search (Back returns to the chats), the Enable switch in the first row with
its label, both card lists with room for three cards in an 800×560 window (the page
scrolls as a whole), and (walk40) a "?" beside each title with the full help (APP-6) as
its tooltip."""

from __future__ import annotations

from datetime import date

import pytest
from PySide6.QtCore import QPoint
from PySide6.QtWidgets import QLabel, QToolButton

from chathub_desktop.core import dynamic_memory as dm
from chathub_desktop.gui.memory.dream_schedule_form import KEEP_HELP, SCHEDULE_HELP
from chathub_desktop.gui.memory.dreaming_group import DREAMING_HELP, SNIPPETS_HELP
from chathub_desktop.gui.memory.fixed_page import FIXED_MEMORY_HELP, MEMORY_SWITCH_HELP
from chathub_desktop.gui.memory.page_common import HelpMark
from chathub_desktop.gui.memory.raw_editor import RAW_EDIT_HELP
from chathub_desktop.gui.shell.nav_rail import PageId
from chathub_desktop.services.container import Services
from chathub_desktop.storage.models import DynamicMemoryDocument, utcnow
from tests.gui.helpers import reload_assistants

#: The page in an 800×560 window, less the rail.
SMALL = (744, 560)


def seed(services: Services, aid: int, n: int) -> None:
    """``n`` fixed entries and ``n`` single-day dream cards."""
    for i in range(n):
        services.memory.add(aid, f"fact {i}")
    cards: list[dm.Card] = []
    for k in range(n):
        cards = dm.append_day_card(cards, date(2026, 11, 1 + k), f"Prefers answers about theme {k}")
    with services.db.write() as s:
        s.merge(DynamicMemoryDocument(assistant_id=aid, body=dm.render_document(cards), updated_at=utcnow()))


def test_the_header_says_whose_memory_it_is_and_back_goes_to_the_chats(window, services, qtbot):  # type: ignore[no-untyped-def]
    """Walk29 #15: "← Memory · Helper" on top, as Settings and Search; the page does not
    open on a bare checkbox (the switch comes after the header, with its label and what it
    does); Back shows the chats."""
    a = services.assistants.create("Helper", model="gpt-4o-mini")
    reload_assistants(window, qtbot, a.id)
    window.memory_action.trigger()
    page = window.dialogs["memory"]
    qtbot.waitUntil(lambda: page.loads > 0 and not window.runner.pending(), timeout=5000)
    assert page.header.title.text() == "Memory · Helper"
    assert page.header.back_button.accessibleName() == "Back to chats"
    switch_top = page.memory_switch.mapTo(page, QPoint(0, 0)).y()
    assert switch_top >= page.header.geometry().bottom()
    assert page.switch.row.title.text().replace("&", "") == "Memory on"  # its state (memview54)
    assert page.memory_switch.accessibleName() == "Assistant memory"  # its name, the title says its state
    assert page.switch_help.isVisible() and page.switch_help.accessibleDescription().startswith("Off: no memory")
    page.header.back_button.click()
    assert window.page_host.current_page_id() is PageId.CHATS and window.chat_page.isVisible()


def test_at_800x560_both_card_lists_have_room_for_three_cards(page, services, assistant, qtbot):  # type: ignore[no-untyped-def]
    """Walk29 #15: in an 800×560 window the Dreaming memory cards had no height at all. The
    dream list now keeps room for three one-line cards and the page scrolls as a whole; the
    cards can be scrolled into view and are drawn there. The fixed list keeps at least one
    card (memfit52: its four, whole)."""
    seed(services, assistant, 4)
    page.dream_panel.schedule_reload()
    qtbot.waitUntil(lambda: page.model.total() == 4 and page.dream_panel.model.rowCount() == 4, timeout=5000)
    page.resize(*SMALL)
    three = page.dream_panel.delegate.rows_height(3)
    assert three >= 3 * 2 * page.fontMetrics().lineSpacing()  # three cards of a title line and a text line
    qtbot.waitUntil(lambda: page.dream_panel.list.height() >= three
                    and page.list.height() >= page.delegate.rows_height(1), timeout=3000)
    assert page.minimumSizeHint().height() <= SMALL[1] and page.minimumSizeHint().width() <= SMALL[0]
    bar = page.body_scroll.verticalScrollBar()
    qtbot.waitUntil(lambda: bar.maximum() > 0, timeout=3000)  # the page scrolls, no list is squeezed
    cards = page.dream_panel.list

    def cards_in_view() -> bool:
        # scrolled again at each check: a layout still settling (the fixed list's fit, the
        # cards' heights) moves the cards after one scroll, and a wait on that one never ended
        page.body_scroll.ensureWidgetVisible(cards, 0, 0)
        return cards.visibleRegion().boundingRect().height() >= three

    qtbot.waitUntil(cards_in_view, timeout=3000)
    # the first three cards are laid out inside what is shown
    for row in range(3):
        rect = cards.visualRect(page.dream_panel.model.index(row))
        assert rect.height() > 0 and cards.visibleRegion().boundingRect().contains(rect), row


def test_no_page_scroll_bar_for_an_empty_dream_list_at_1366x768(window, services, qtbot):  # type: ignore[no-untyped-def]
    """Issue 30: three entries and no dream card in a 1366×768 window showed a scroll bar
    over the whole page for one pixel: the dream list kept room for three cards behind its
    empty line. With no card the page fits; with cards the list keeps its three rows."""
    a = services.assistants.create("Helper", model="gpt-4o-mini").id
    for text in ("Prefers short answers with code first", "Works in Berlin (CET)", "Writes Python 3.11"):
        services.memory.add(a, text)
    window.resize(1366, 768)
    reload_assistants(window, qtbot, a)
    page = window.pages.open_memory()
    assert page is not None
    panel = page.dream_panel
    qtbot.waitUntil(lambda: page.loads >= 1 and panel.loads >= 1 and page.model.total() == 3, timeout=5000)
    bar = page.body_scroll.verticalScrollBar()
    qtbot.waitUntil(lambda: panel.empty_label.isVisible() and panel.list.minimumHeight() == 0, timeout=3000)
    qtbot.waitUntil(lambda: bar.maximum() == 0 and not bar.isVisible(), timeout=3000)
    assert page.body_scroll.widget().minimumSizeHint().height() <= page.body_scroll.viewport().height()
    with services.db.write() as s:
        s.merge(DynamicMemoryDocument(assistant_id=a, body=dm.render_document(dm.append_day_card(
            [], date(2026, 11, 30), "Keeps answers under ten lines")), updated_at=utcnow()))
    panel.schedule_reload()
    qtbot.waitUntil(lambda: panel.model.rowCount() == 1 and panel.list.isVisible(), timeout=5000)
    assert panel.list.minimumHeight() == panel.delegate.rows_height(3)  # room for three cards again


def test_each_title_has_a_question_mark_with_its_help(page, qtbot):  # type: ignore[no-untyped-def]
    """Walk40 (reversing walk29 #14's lines): no muted description line under the titles;
    each title has a ``?`` whose tooltip is its APP-6 help and whose accessible
    description is the one-line summary. The raw editor keeps its one line."""
    page.resize(1310, 740)
    assert page.raw is not None  # the raw editor is built on first use (issue 30)
    qtbot.wait(50)
    want = {"memorySwitchHelp": MEMORY_SWITCH_HELP, "fixedMemoryHelp": FIXED_MEMORY_HELP,
            "dreamingHelp": DREAMING_HELP, "topicSnippetsHelp": SNIPPETS_HELP,
            "dreamScheduleHelp": SCHEDULE_HELP, "keepDreamCardsHelp": KEEP_HELP}
    marks = {b.objectName(): b for b in page.findChildren(QToolButton) if b.objectName().endswith("Help")}
    assert set(want) | {"dynamicMemoryHelp"} == set(marks)
    for name, tip in want.items():
        assert marks[name].toolTip() == tip and isinstance(marks[name], HelpMark), name  # walk53: an info glyph
    assert "no Add" in marks["dynamicMemoryHelp"].toolTip()
    lines = {lb.objectName(): lb for lb in page.findChildren(QLabel) if lb.objectName().endswith("Help")}
    assert set(lines) == {"rawEditHelp"} and lines["rawEditHelp"].toolTip() == RAW_EDIT_HELP


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_import_preview_rows_wrap_in_the_640_px_dialog(qapp, qtbot, theme):  # type: ignore[no-untyped-def]
    """Walk29: a Merge row's "nearly repeats …" line was cut at 640 px. Every row wraps in
    the dialog's width: its whole text is shown (none is elided or clipped), the tooltip
    holds it too, and the dialog passes the audit in both themes."""
    from PySide6.QtWidgets import QStyleOptionViewItem

    from chathub_desktop.core.memory_diff import EntryChanges
    from chathub_desktop.core.memory_documents import FIXED
    from chathub_desktop.core.memory_repeats import Repeat
    from chathub_desktop.gui.design.audit import audit_window
    from chathub_desktop.gui.design.theme import apply_theme
    from chathub_desktop.gui.memory.change_preview import ChangePreviewDialog, PreviewOption
    from chathub_desktop.gui.memory.change_rows import PreviewChoice

    long = "You prefer short answers with code first and the explanation after it, with tables for comparisons"
    repeats = Repeat(FIXED, 2, long.replace("You prefer", "Prefers"))
    choices = (PreviewChoice(long, repeats, False), PreviewChoice("Plays the cello", None, True))
    removed = ["Works on a desktop chat application in Python with PySide6 widgets and SQLAlchemy 2 " * 2]
    apply_theme(qapp, theme)
    try:
        dlg = ChangePreviewDialog(None, "Import memory", "Import claude.md into Coder's memory?",
                                  [PreviewOption("merge", "Merge", ["fixed memory: 1 added"],
                                                 EntryChanges(["Plays the cello"], removed, []), choices=choices),
                                   PreviewOption("replace", "Replace", ["…"], None)], "Import")
        qtbot.addWidget(dlg)
        dlg.resize(640, 460)
        dlg.show()
        qtbot.waitExposed(dlg)
        tree = dlg.tree
        rows = [(top.child(j), top) for i in range(tree.topLevelItemCount())
                if (top := tree.topLevelItem(i)) is not None for j in range(top.childCount())]
        assert len(rows) == 3
        line = tree.fontMetrics().lineSpacing()
        for item, _top in rows:
            index = tree.indexFromItem(item)
            rect = tree.visualRect(index)
            option = QStyleOptionViewItem()
            option.initFrom(tree)
            option.rect = rect
            option.features |= QStyleOptionViewItem.ViewItemFeature.WrapText
            need = tree.itemDelegate().sizeHint(option, index).height()
            assert rect.right() <= tree.viewport().width() and need <= rect.height() + 1, item.text(0)
            assert item.toolTip(0).startswith(item.text(0).split("\n")[0][:40])
        first = tree.visualRect(tree.indexFromItem(rows[0][0]))
        assert first.height() >= 3 * line  # the entry and the line naming what it repeats, wrapped
        report = audit_window(dlg, theme)
        assert report.ok, report.line() + "".join(f"\n{f.what}: {f.detail}" for f in report.contrast + report.clipped)
        dlg.reject()
    finally:
        apply_theme(qapp, "light")
