"""Issue 30, walk2 findings on the Memory page: Add memory is an inline multi-line editor at
the top of the list (Enter adds, Shift+Enter new line, Esc cancels), the in-place card
editor is multi-line, and fixed memory gets the room of the page (the Dreaming memory
group folds to its title row); and the page's reads hold off
the cycle collector (the first-open stall)."""

from __future__ import annotations

from datetime import date

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QTextCursor
from PySide6.QtWidgets import QApplication, QDialog

from chathub_desktop.core import dynamic_memory as dm
from chathub_desktop.gui.memory.card_editor import CardTextEdit
from chathub_desktop.gui.memory.fixed_page import MemoryPage
from chathub_desktop.services.container import Services
from chathub_desktop.storage.models import DynamicMemoryDocument, utcnow
from tests.gui.helpers import dream_now_at_rest, shown_memory_page


def idle(qtbot, p: MemoryPage) -> None:  # type: ignore[no-untyped-def]
    qtbot.waitUntil(lambda: not p.runner.pending() and not p.busy and not p.refresh.timer.isActive(), timeout=5000)


def no_dialog() -> bool:
    return not any(isinstance(w, QDialog) and w.isVisible() for w in QApplication.topLevelWidgets())


def test_add_memory_is_an_inline_multiline_editor(page, services, assistant, qtbot):  # type: ignore[no-untyped-def]
    """Ctrl+N / the + button opens an editor above the list, not a dialog: Shift+Enter
    starts a new line, Enter adds (the entry is one line, REF-1) and keeps the editor open
    for the next (walk56 #16), Esc drops the text and closes it."""
    services.memory.add(assistant, "Lives in Berlin")
    qtbot.waitUntil(lambda: page.model.total() == 1, timeout=5000)
    page.add_button.click()
    ed = page.entry_actions.add_editor
    qtbot.waitUntil(ed.isVisible, timeout=3000)
    assert no_dialog() and ed.hasFocus()
    assert ed.geometry().bottom() < page.cards_stack.geometry().top()  # at the top of the list
    assert "Enter adds · Shift+Enter new line · Esc closes" in ed.footer.text()
    qtbot.keyClicks(ed, "Prefers metric units,")
    qtbot.keyClick(ed, Qt.Key.Key_Return, Qt.KeyboardModifier.ShiftModifier)
    assert ed.isVisible() and ed.toPlainText() == "Prefers metric units,\n"
    qtbot.keyClicks(ed, "and ISO dates")
    qtbot.keyClick(ed, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: page.model.total() == 2 and ed.toPlainText() == "", timeout=5000)
    assert ed.isVisible() and ed.hasFocus()
    assert [e.text for e in services.memory.entries(assistant)] == [
        "Lives in Berlin", "Prefers metric units, and ISO dates"]
    assert page.current_entry() is not None and page.current_entry().number == 2
    # Esc closes: nothing is added, and the next Add starts empty
    ed = page.entry_actions.add_memory()
    qtbot.keyClicks(ed, "dropped")
    qtbot.keyClick(ed, Qt.Key.Key_Escape)
    assert not ed.isVisible() and ed.toPlainText() == ""
    idle(qtbot, page)
    assert len(services.memory.entries(assistant)) == 2


def test_an_add_the_service_refuses_keeps_the_text(page, services, assistant, qtbot, monkeypatch):  # type: ignore[no-untyped-def]
    """A refused add says why on the page and the editor keeps what was typed."""
    from chathub_desktop.services.errors import InvalidInput

    def refuse(*_a: object, **_k: object) -> None:
        raise InvalidInput("the memory is full")

    monkeypatch.setattr(services.memory, "add", refuse)
    ed = page.entry_actions.add_memory()
    qtbot.keyClicks(ed, "one more fact")
    qtbot.keyClick(ed, Qt.Key.Key_Return)
    qtbot.waitUntil(page.error_label.isVisible, timeout=5000)
    assert "the memory is full" in page.error_label.text()
    assert ed.isVisible() and ed.toPlainText() == "one more fact"


def test_the_card_editor_is_multiline_and_the_card_grows_round_it(page, services, assistant, qtbot):  # type: ignore[no-untyped-def]
    """Enter on a card opens a multi-line editor (not a line edit) over it, the card grows
    to hold it; Shift+Enter breaks the line, Enter saves (as one line, REF-1)."""
    services.memory.add(assistant, "Short fact")
    services.memory.add(assistant, "Another")
    qtbot.waitUntil(lambda: page.model.total() == 2, timeout=5000)
    page.select_number(1)
    before = page.list.visualRect(page.model.index(0)).height()
    page.entry_actions.edit_current()
    ed = page.list.findChild(CardTextEdit, "memoryCardEditor")
    assert ed is not None and ed.isVisible() and ed.toPlainText() == "Short fact"
    qtbot.waitUntil(lambda: page.list.visualRect(page.model.index(0)).height() > before, timeout=3000)
    card = page.list.visualRect(page.model.index(0))
    assert card.contains(ed.geometry().bottomLeft())  # the editor, footer and all, inside its card
    ed.moveCursor(QTextCursor.MoveOperation.End)
    qtbot.keyClick(ed, Qt.Key.Key_Return, Qt.KeyboardModifier.ShiftModifier)
    qtbot.keyClicks(ed, "on two lines")
    assert page.list.findChild(CardTextEdit, "memoryCardEditor") is ed and ed.toPlainText() == "Short fact\non two lines"
    n = page.loads
    qtbot.keyClick(ed, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: page.loads > n and not page.runner.pending(), timeout=5000)
    assert services.memory.entries(assistant)[0].text == "Short fact on two lines"
    qtbot.waitUntil(lambda: page.list.visualRect(page.model.index(0)).height() == before, timeout=3000)


def seed_cards(services: Services, aid: int, n: int) -> None:
    cards: list[dm.Card] = []
    for k in range(n):
        cards = dm.append_day_card(cards, date(2026, 11, 1 + k), f"Prefers answers about theme {k}")
    with services.db.write() as s:
        s.merge(DynamicMemoryDocument(assistant_id=aid, body=dm.render_document(cards), updated_at=utcnow()))


def test_fixed_memory_gets_the_room_and_dreaming_folds(page, services, assistant, qtbot):  # type: ignore[no-untyped-def]
    """Walk2: at 1366×740 the fixed list had about 140 px (2½ cards); now it keeps room
    for three cards beside the Dreaming memory group (walk29: the page scrolls as a whole
    rather than squeezing either list; memfit52: twelve are shown whole), and folding the
    group leaves its title row with a summary. The page fits 800×560."""
    for i in range(12):
        services.memory.add(assistant, f"fact {i}")
    seed_cards(services, assistant, 4)
    page.dream_panel.schedule_reload()
    qtbot.waitUntil(lambda: page.model.total() == 12 and page.dream_panel.model.rowCount() == 4, timeout=5000)
    page.resize(1366, 740)
    qtbot.waitUntil(lambda: page.list.height() >= page.delegate.rows_height(3), timeout=3000)
    at_rest(qtbot, page)
    unfolded = page.list.height()
    assert page.dream_panel.isVisible() and page.dreaming.fold_button.accessibleName() == "Fold dreaming memory"
    page.dreaming.fold_button.click()
    qtbot.waitUntil(lambda: not page.dream_panel.isVisible(), timeout=3000)
    assert page.dreaming.summary.isVisible() and page.dreaming.summary.text() == "Dream: Off · 4 cards"
    assert page.dreaming.fold_button.accessibleName() == "Show dreaming memory"
    # memfit52: twelve cards are shown whole either way (no scroll bar of their own)
    at_rest(qtbot, page)
    assert page.list.height() == unfolded and page.list.verticalScrollBar().maximum() == 0
    page.dreaming.fold_button.click()
    qtbot.waitUntil(page.dream_panel.isVisible, timeout=3000)
    assert not page.dreaming.summary.isVisible()
    at_rest(qtbot, page)
    assert page.list.height() == unfolded
    # the page in an 800×560 window (less the rail): nothing forces it larger
    hint = page.minimumSizeHint()
    assert hint.width() <= 744 and hint.height() <= 520


def test_folded_summary_gives_the_users_time_beside_utc(page, services, assistant, qtbot):  # type: ignore[no-untyped-def]
    """DRM-2 (walk56 follow-up): folded, the group's line said "Dream: Daily at 02:00 UTC"
    only, while the schedule form beside it gives the user's time; now it says both."""
    from zoneinfo import ZoneInfo

    services.dreams.set_schedule(assistant, "daily", "02:00")
    page.dream_panel.schedule.local_zone = (ZoneInfo("Europe/Berlin"), "Berlin")
    page.dream_panel.schedule_reload()
    qtbot.waitUntil(lambda: page.dream_panel.view is not None
                    and page.dream_panel.view.schedule.enabled, timeout=5000)
    page.dreaming.fold_button.click()
    qtbot.waitUntil(page.dreaming.summary.isVisible, timeout=3000)
    text = page.dreaming.summary.text()
    fire = page.dream_panel.view.next_at
    berlin = "03:00" if fire.astimezone(ZoneInfo("Europe/Berlin")).utcoffset().total_seconds() == 3600 else "04:00"
    assert text.startswith(f"Dream: Daily at 02:00 UTC — {berlin} in Berlin"), text


def at_rest(qtbot, page: MemoryPage) -> None:  # type: ignore[no-untyped-def]
    """Wait until the page's layout is at rest (:func:`dream_now_at_rest`) and both card
    lists have laid out their shown rows at the heights their delegates ask for (a card
    grows round its editor on a queued relayout)."""
    from PySide6.QtWidgets import QStyleOptionViewItem

    def rows_fit(view) -> bool:  # type: ignore[no-untyped-def]
        model, delegate = view.model(), view.itemDelegate()
        for row in range(min(model.rowCount(), 20)):
            index = model.index(row, 0)
            rect = view.visualRect(index)
            if rect.isValid() and delegate.sizeHint(QStyleOptionViewItem(), index).height() > rect.height() + 1:
                return False
        return True

    dream_now_at_rest(qtbot, page)
    qtbot.waitUntil(lambda: rows_fit(page.list) and rows_fit(page.dream_panel.list), timeout=5000)
    dream_now_at_rest(qtbot, page)


@pytest.mark.parametrize("theme", ["dark", "light"])
@pytest.mark.parametrize("size", [(1366, 740), (744, 520)])
def test_the_new_states_pass_the_audit(qloop, services, assistant, qtbot, theme, size):  # type: ignore[no-untyped-def]
    """The Add editor, a card edited in place (its footer), a dream card edited with its
    count and the folded group's summary: 4.5:1 contrast, nothing cut, both themes, at
    1366×768 and in an 800×560 window (walk2; the audit of the window issue)."""
    from chathub_desktop.gui.design.audit import audit_window
    from chathub_desktop.gui.design.theme import apply_theme

    app = QApplication.instance()
    services.memory.add(assistant, "Prefers short answers")
    seed_cards(services, assistant, 2)
    apply_theme(app, theme)
    try:
        with shown_memory_page(services, assistant, qtbot) as page:
            page.resize(*size)
            page.dream_panel.schedule_reload()
            qtbot.waitUntil(lambda: page.model.total() == 1 and page.dream_panel.model.rowCount() == 2, timeout=5000)
            page.entry_actions.add_memory().setPlainText("A new fact")
            page.select_number(1)
            page.entry_actions.edit_current()
            at_rest(qtbot, page)  # a condition, not 50 ms: under load the layout was not done
            for report in (audit_window(page, theme),):
                assert report.ok, report.line() + "".join(f"\n{f.what}: {f.detail}"
                                                          for f in report.contrast + report.clipped)
            page.entry_actions.add_editor.cancelled.emit()
            page.list.closePersistentEditor(page.list.currentIndex())
            page.dream_panel.card_actions.edit_card(1)
            at_rest(qtbot, page)
            editor = page.dream_panel.list.findChild(CardTextEdit)
            assert editor is not None
            page.body_scroll.ensureWidgetVisible(editor)  # in view, as the user who opened it sees it
            at_rest(qtbot, page)
            report = audit_window(page, theme)
            assert report.ok, report.line() + "".join(f"\n{f.what}: {f.detail}" for f in report.contrast + report.clipped)
            page.dream_panel.card_actions.close_editor()
            page.dreaming.set_shown(False)
            at_rest(qtbot, page)
            report = audit_window(page, theme)
            assert report.ok, report.line() + "".join(f"\n{f.what}: {f.detail}" for f in report.contrast + report.clipped)
    finally:
        apply_theme(app, "light")


def test_reads_run_with_the_cycle_collector_paused(page, services, assistant, qtbot, monkeypatch):  # type: ignore[no-untyped-def]
    """Issue 30: a reload of 10,000 entries set off a full cycle collection holding the
    interpreter lock (~460 ms frozen window); the page's reads on its workers now run
    with the collector paused, it runs again afterwards, and the entries read stay in its
    reach (a read runs at every change: freezing after each would leak every cycle of
    garbage alive at that moment, for the rest of the session)."""
    import gc

    services.memory.add(assistant, "Lives in Berlin")
    qtbot.waitUntil(lambda: page.model.total() == 1, timeout=5000)
    seen: list[tuple[str, bool]] = []
    fixed, dreams = services.memory.snapshot, services.dreams.snapshot
    monkeypatch.setattr(services.memory, "snapshot", lambda a: seen.append(("fixed", gc.isenabled())) or fixed(a))
    monkeypatch.setattr(services.dreams, "snapshot", lambda a: seen.append(("dream", gc.isenabled())) or dreams(a))
    n, m = page.loads, page.dream_panel.loads
    page.schedule_reload()
    page.dream_panel.schedule_reload()
    qtbot.waitUntil(lambda: page.loads > n and page.dream_panel.loads > m, timeout=5000)
    assert ("fixed", False) in seen and ("dream", False) in seen
    assert not [s for s in seen if s[1]]
    # and it runs again (another worker's read or rendering may still hold it a moment)
    qtbot.waitUntil(gc.isenabled, timeout=5000)
    import chathub_desktop.gui.memory.dream_reads as dream_reads
    import chathub_desktop.gui.memory.fixed_reads as fixed_reads
    from chathub_desktop.services.collector_pause import collector_paused

    freezes: list[bool] = []

    def paused(*, keep: bool = False):  # type: ignore[no-untyped-def]
        freezes.append(keep)
        return collector_paused(keep=keep)

    monkeypatch.setattr(fixed_reads, "collector_paused", paused)
    monkeypatch.setattr(dream_reads, "collector_paused", paused)
    services.memory.add(assistant, "Works in Munich")
    qtbot.waitUntil(lambda: page.model.total() == 2, timeout=5000)
    assert freezes and not any(freezes)  # the reload froze nothing


def test_a_card_pauses_and_resumes_from_its_toggle(page, services, assistant, qtbot):  # type: ignore[no-untyped-def]
    """Issue 30: a paused entry is greyed "with its toggle": a click on the card's pause
    toggle pauses it (kept, not sent), another click sends it again; a note has none."""
    from chathub_desktop.gui.design.icons import Icon
    from chathub_desktop.gui.memory.fixed_cards import FixedCardDelegate

    services.memory.add(assistant, "Lives in Berlin")
    services.memory.add(assistant, "Prefers metric units")
    qtbot.waitUntil(lambda: page.model.total() == 2, timeout=5000)
    delegate = page.list.itemDelegate()
    assert isinstance(delegate, FixedCardDelegate)

    def click_toggle(row: int) -> None:
        box = delegate.toggle_rect(page.list.visualRect(page.model.index(row)))
        qtbot.mouseClick(page.list.viewport(), Qt.MouseButton.LeftButton, pos=box.center())

    n = page.loads
    click_toggle(1)
    qtbot.waitUntil(lambda: page.loads > n and page.model.entry(1).paused, timeout=5000)
    assert [e.paused for e in services.memory.entry_views(assistant)] == [False, True]
    assert "paused" in page.status_label.text()
    # walk56 #11: the paused entry's toggle shows resume (▶), the other's pause (⏸)
    assert [delegate.toggle_glyph(page.model.face(r)) for r in range(2)] == [Icon.PAUSE, Icon.RESUME]
    n = page.loads
    click_toggle(1)
    qtbot.waitUntil(lambda: page.loads > n and not page.model.entry(1).paused, timeout=5000)
    assert [e.paused for e in services.memory.entry_views(assistant)] == [False, False]
