"""Assistant → Memory → Dreaming memory: the schedule form, Dream now with progress and
Stop, and the dynamic-memory cards (DRM-2, DRM-5, DRM-7, DRM-8, DRM-15, APP-6, APP-7).

The History Compress model is a scripted fake vendor on 127.0.0.1 (its own server, as
in tests/integration/test_dream.py); cards are seeded straight into the document.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterator
from datetime import UTC, date, datetime, timedelta
from datetime import time as dtime
from zoneinfo import ZoneInfo

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication, QTextCursor
from PySide6.QtWidgets import QApplication, QDialog, QLabel, QPushButton, QToolButton

from chathub_desktop.core import dynamic_memory as dm
from chathub_desktop.core.dream_schedule import DreamFrequency
from chathub_desktop.core.messages import Role
from chathub_desktop.gui.design.tokens import ChipKind
from chathub_desktop.gui.dialogs import confirm
from chathub_desktop.gui.memory import change_preview
from chathub_desktop.gui.memory.card_editor import CardTextEdit
from chathub_desktop.gui.memory.dream_cards import card_copy_text
from chathub_desktop.gui.memory.dream_panel import FAILURE_HINT, DreamPanel
from chathub_desktop.gui.memory.dream_runs import yesterday_utc
from chathub_desktop.gui.memory.fixed_page import MemoryPage
from chathub_desktop.gui.shell.day_format import format_day
from chathub_desktop.services.container import Services
from chathub_desktop.storage.models import DynamicMemoryDocument, utcnow
from tests.fakes.assistant_age import existing_since
from tests.fakes.vendor_server import FakeVendor, Reply, openai_error


@pytest.fixture
def summ() -> Iterator[FakeVendor]:
    """The History Compress model's own server."""
    with FakeVendor() as vendor:
        yield vendor


@pytest.fixture
def helper(services: Services, summ: FakeVendor) -> int:
    """Assistant "Helper" whose summarizer is ``summ``."""
    services.providers.add("Summ", "openai", summ.base_url, api_key="sk-summ")
    services.settings.set("history-compress-model", "Summ/gpt-5-mini")
    aid = services.assistants.create("Helper", provider="Summ", model="gpt-4o").id
    existing_since(services, aid)  # its latest scheduled slot is a catch-up (DRM-6), not before its time
    return aid


def seed_cards(services: Services, aid: int, days: list[date]) -> None:
    """Single-day cards for ``days`` written straight into the document."""
    cards: list[dm.Card] = []
    for d in days:
        cards = dm.append_day_card(cards, d, f"Prefers answers about theme {d.day} in tables\nand short intros")
    with services.db.write() as s:
        s.merge(DynamicMemoryDocument(assistant_id=aid, body=dm.render_document(cards), updated_at=utcnow()))


def active_yesterday(services: Services, aid: int) -> date:
    """A topic with a user message at noon of yesterday (UTC); returns that day."""
    day = yesterday_utc()
    topic = services.topics.create(aid, title="Yesterday").id
    services.chat.append_row(topic, role=Role.USER, content="Please answer in bullet points, no prose",
                          created_at=datetime.combine(day, dtime(12, 0, tzinfo=UTC)))
    return day


@pytest.fixture
def open_page(qloop, services, qtbot) -> Iterator[Callable[[int], MemoryPage]]:  # type: ignore[no-untyped-def]
    pages: list[MemoryPage] = []

    def make(aid: int) -> MemoryPage:
        p = MemoryPage(services, aid)  # closed below: qtbot.addWidget would delete it before detach()
        p.show()
        qtbot.waitUntil(lambda: p.loads >= 1 and p.dream_panel.loads >= 1 and not p.runner.pending(),
                        timeout=5000)
        pages.append(p)
        return p

    yield make
    for p in pages:
        p.detach()
        qtbot.waitUntil(lambda p=p: not p.runner.pending(), timeout=3000)
        p.close()
        p.deleteLater()


def idle(qtbot, panel: DreamPanel) -> None:  # type: ignore[no-untyped-def]
    qtbot.waitUntil(lambda: not panel.busy and not panel.runs.dreaming and not panel.runner.pending(), timeout=5000)


def cards(panel: DreamPanel) -> list[tuple[int, str, str]]:
    return [(c.number, c.kind, c.display_tag) for c in panel.model.cards()]


def test_seeded_cards_show_number_chip_and_body_and_no_add(open_page, services, helper):  # type: ignore[no-untyped-def]
    """DRM-8: ``#N``, a date chip and the body per card; no Add button."""
    seed_cards(services, helper, [date(2026, 11, 28), date(2026, 11, 29), date(2026, 11, 30)])
    panel = open_page(helper).dream_panel
    assert cards(panel) == [(1, "day", "2026-11-28"), (2, "day", "2026-11-29"), (3, "day", "2026-11-30")]
    assert panel.count_label.text() == "3 cards"
    assert panel.cards_stack.currentWidget() is panel.list
    idx = panel.model.index(1)
    assert panel.delegate.chips(idx) == [("29 Nov 2026", ChipKind.DREAM)]  # the page's one date style (walk50 #6)
    assert idx.data() == "Prefers answers about theme 29 in tables\nand short intros"
    lines = panel.delegate._lines(2, idx.data(), 400)
    assert lines == ["Prefers answers about theme 29 in tables", "and short intros"]  # line breaks kept
    assert not [b for b in panel.findChildren(QPushButton) if "add" in b.text().lower()]
    panel.select_number(3)
    assert panel.regenerate_button.isEnabled() and panel.regenerate_action.isVisible()


def test_saving_keep_folds_cards_visibly_and_hides_regenerate_on_range(open_page, services, helper, qtbot,  # type: ignore[no-untyped-def]
                                                                       monkeypatch):
    """DRM-7: Save stores Keep N and folds at once (after its preview, issue 18); DRM-8:
    no Regenerate on a range card."""
    days = [date(2026, 11, 26) + timedelta(days=k) for k in range(4)]
    seed_cards(services, helper, days)
    monkeypatch.setattr(change_preview, "ask", lambda *_a: "fold")
    panel = open_page(helper).dream_panel
    assert not panel.schedule.save_button.isEnabled()  # nothing changed yet
    panel.schedule.keep_spin.setValue(2)
    assert panel.schedule.save_button.isEnabled()
    panel.schedule.save_button.click()
    qtbot.waitUntil(lambda: panel.model.rowCount() == 3, timeout=5000)
    idle(qtbot, panel)
    assert cards(panel) == [(1, "range", "2026-11-26 – 2026-11-27"), (2, "day", "2026-11-28"),
                            (3, "day", "2026-11-29")]
    assert services.dreams.settings(helper).keep == 2
    assert "keep 2 cards" in panel.schedule.saved_label.text()  # said at the form's foot (walk52b #3)
    assert panel.delegate.chips(panel.model.index(2)) == [("26 Nov 2026 – 27 Nov 2026", ChipKind.RANGE)]  # the last row
    panel.select_number(1)
    assert not panel.regenerate_button.isEnabled() and not panel.regenerate_action.isVisible()
    assert panel.regenerate_button.isVisible()  # greyed in place, saying why (walk51b #3)
    assert panel.regenerate_button.toolTip().endswith("only a single day's card can.")
    assert panel.runs.regenerate(1) is None  # not even by number
    panel.select_number(2)
    assert panel.regenerate_button.isEnabled()
    assert panel.restore_action.isEnabled()


def test_copy_puts_exactly_the_visible_text_on_the_clipboard(open_page, services, helper, qtbot):  # type: ignore[no-untyped-def]
    """DRM-8/DRM-10: Copy is the cards as shown, never the range card's framing line."""
    seed_cards(services, helper, [date(2026, 11, 28), date(2026, 11, 29), date(2026, 11, 30)])
    services.dreams.set_keep(helper, 1)
    assert "[overflow:" in services.dreams.document(helper)
    panel = open_page(helper).dream_panel
    shown = panel.model.cards()
    assert panel.model.toggle_fold(panel.model.row_of(1))  # the range card, expanded: its text as shown (issue 30)
    QGuiApplication.clipboard().setText("")
    panel.copy_all_action.trigger()  # the overflow menu's item; the text is read on a worker (issue 29)
    qtbot.waitUntil(lambda: QGuiApplication.clipboard().text() != "", timeout=5000)
    text = QGuiApplication.clipboard().text()
    assert text == card_copy_text(shown)
    assert text == "\n\n".join(f"#{c.number} [{c.display_tag}]:\n{panel.model.index(panel.model.row_of(c.number)).data()}"
                               for c in shown)
    assert text.startswith("#1 [2026-11-28 – 2026-11-29]:\n") and "[overflow:" not in text
    panel.select_number(2)
    panel.copy_card_action.trigger()
    assert QGuiApplication.clipboard().text() == shown[1].text


def test_clear_asks_and_restore_brings_the_cards_back(open_page, services, helper, qtbot, monkeypatch):  # type: ignore[no-untyped-def]
    """DRM-8 Clear (after a confirmation) and DRM-15 Restore previous version."""
    seed_cards(services, helper, [date(2026, 11, 29), date(2026, 11, 30)])
    panel = open_page(helper).dream_panel
    assert panel.copy_all_action.isEnabled() and panel.clear_action.isEnabled()
    assert not panel.restore_action.isEnabled()  # nothing to restore yet: greyed in place (walk51b #3)
    monkeypatch.setattr(change_preview, "ask", lambda *_a: None)
    panel.clear_action.trigger()
    idle(qtbot, panel)
    assert panel.model.rowCount() == 2  # declined: nothing happened
    monkeypatch.setattr(change_preview, "ask", lambda *_a: "clear")
    panel.clear_action.trigger()
    qtbot.waitUntil(lambda: panel.model.rowCount() == 0, timeout=5000)
    idle(qtbot, panel)
    assert services.dreams.cards(helper) == []
    assert panel.cards_stack.currentWidget() is panel.empty_label
    assert panel.more_button.isVisible() and panel.restore_action.isVisible() and panel.restore_action.isEnabled()
    # with 0 cards Copy, Clear, Edit and Delete are greyed in place, saying why (walk51b #3)
    assert not any(b.isEnabled() for b in (panel.copy_all_action, panel.clear_action, panel.edit_button,
                                           panel.delete_button))
    assert panel.copy_all_action.toolTip().endswith("\nThere is no dream card yet.")
    panel.restore_action.trigger()
    qtbot.waitUntil(lambda: panel.model.rowCount() == 2, timeout=5000)
    idle(qtbot, panel)
    assert [c.tag for c in services.dreams.cards(helper)] == ["2026-11-29", "2026-11-30"]
    assert "Restored" in panel.status_label.text()


def test_invalid_time_shows_an_error_and_saves_nothing(open_page, services, helper, qtbot):  # type: ignore[no-untyped-def]
    """DRM-2: a time that is not HH:MM is refused next to its field (walk56 #4): the row's
    line says how to type it, Save is off with that reason, Save / Enter store nothing —
    neither the schedule nor Keep N. A valid daily schedule then shows its next slot and its
    (empty) last run."""
    panel = open_page(helper).dream_panel
    assert panel.schedule.form_values()[0] is DreamFrequency.OFF and panel.schedule.keep_spin.value() == 14
    assert "schedule is off" in panel.schedule.next_label.text() and not panel.schedule.last_run_label.isVisible()
    panel.schedule.frequency_combo.setCurrentIndex(panel.schedule.frequency_combo.findData(DreamFrequency.WEEKLY))
    assert panel.schedule.weekday_combo.isVisible()
    panel.schedule.frequency_combo.setCurrentIndex(panel.schedule.frequency_combo.findData(DreamFrequency.DAILY))
    assert not panel.schedule.weekday_combo.isVisible()
    # walk2: the stored "schedule is off" line no longer contradicts the Daily typed above it
    assert panel.schedule.next_label.text() == "Not saved yet: press Save below to use this schedule."
    panel.schedule.time_edit.setText("25:99")
    panel.schedule.keep_spin.setValue(5)
    hint = "Type the time as HH:MM in 24-hour UTC, e.g. 02:00."
    assert panel.schedule.next_label.text() == hint  # not "The schedule is off" (walk56 #4)
    assert not panel.schedule.save_button.isEnabled() and panel.schedule.save_button.toolTip() == hint
    panel.schedule.save_button.click()
    panel.schedule.time_edit.returnPressed.emit()  # Enter saves nothing either
    qtbot.wait(100)
    idle(qtbot, panel)
    assert not panel.error_label.isVisible()  # nothing said far below, under the toolbar
    view = services.dreams.settings(helper)
    assert (view.schedule.frequency, view.schedule.time_utc, view.keep) == ("off", "02:00", 14)
    panel.schedule.time_edit.setText("03:30")
    panel.schedule.time_edit.returnPressed.emit()  # Enter saves (after the Keep N preview, on a 0 ms timer)
    qtbot.waitUntil(lambda: services.dreams.settings(helper).keep == 5, timeout=10000)
    idle(qtbot, panel)
    assert not panel.error_label.isVisible()
    view = services.dreams.settings(helper)
    assert (view.schedule.frequency, view.schedule.time_utc, view.keep) == ("daily", "03:30", 5)
    assert "Next dream:" in panel.schedule.next_label.text() and "03:30 UTC" in panel.schedule.next_label.text()
    assert panel.schedule.last_run_label.isVisible() and "none yet" in panel.schedule.last_run_label.text()
    assert not panel.schedule.save_button.isEnabled()


def test_dream_now_adds_a_card_for_yesterday(open_page, services, helper, summ, qtbot,  # type: ignore[no-untyped-def]
                                             monkeypatch):
    """DRM-3 manual run over yesterday (UTC), against the scripted summarizer; added
    once its preview is answered Add (issue 18)."""
    monkeypatch.setattr(change_preview, "ask", lambda *_a: "add")
    day = active_yesterday(services, helper)
    panel = open_page(helper).dream_panel
    summ.script(Reply(text_chunks=["- Wants bullet points\n", "- No prose"]))
    task = panel.runs.dream_now()
    assert task is not None and panel.runs.dreaming and panel.stop_button.isVisible()
    assert panel.runs.dream_now() is None  # one at a time
    qtbot.waitUntil(lambda: not panel.runs.dreaming and panel.model.rowCount() == 1, timeout=5000)
    idle(qtbot, panel)
    assert cards(panel) == [(1, "day", day.isoformat())]
    assert panel.model.cards()[0].text == "- Wants bullet points\n- No prose"
    # the day in the interface language's long date, as the rest of the page (issue 30; the CLI keeps ISO)
    assert panel.status_label.text().startswith(f"Added the card for {format_day(day)}")
    assert day.isoformat() not in panel.status_label.text()
    assert not panel.stop_button.isVisible()
    assert len(summ.requests) == 1 and "bullet points" in str(summ.last_request.body)
    assert panel.current_card() is not None and panel.current_card().number == 1
    assert services.dreams.settings(helper).last_run is None  # a manual run is not a scheduled one


def test_stop_cancels_a_slow_dream(open_page, services, helper, summ, qtbot):  # type: ignore[no-untyped-def]
    """APP-7: Stop (and Esc on the page) really cancels the run; nothing is written."""
    active_yesterday(services, helper)
    page = open_page(helper)
    panel = page.dream_panel
    summ.script(Reply(text_chunks=["- too late"], delay_s=5.0), Reply(text_chunks=["- too late"], delay_s=5.0))
    panel.dream_now_button.click()
    qtbot.waitUntil(lambda: "History Compress model" in panel.status_label.text(), timeout=3000)
    qtbot.waitUntil(lambda: len(summ.requests) == 1, timeout=3000)
    t0 = time.monotonic()
    panel.stop_button.click()
    qtbot.waitUntil(lambda: not panel.runs.dreaming, timeout=2000)
    assert time.monotonic() - t0 < 1.5
    assert "stopped" in panel.status_label.text() and panel.model.rowCount() == 0
    assert services.dreams.cards(helper) == []
    idle(qtbot, panel)
    # Esc on the page stops a run too, and leaves the page open
    panel.runs.dream_now()
    qtbot.waitUntil(lambda: len(summ.requests) == 2, timeout=3000)
    page.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is page, timeout=3000)
    qtbot.keyClick(page, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not panel.runs.dreaming, timeout=2000)
    assert page.isVisible() and services.dreams.cards(helper) == []
    idle(qtbot, panel)


def card_editor(panel: DreamPanel) -> CardTextEdit | None:
    return panel.list.findChild(CardTextEdit, "memoryCardEditor")


def test_edit_and_delete_a_card(open_page, services, helper, qtbot, monkeypatch):  # type: ignore[no-untyped-def]
    """DRM-8 edit in place (multi-line: Shift+Enter breaks the line, Enter saves; an empty
    text is refused and the editor opens again with it) and delete (issue 30)."""
    seed_cards(services, helper, [date(2026, 11, 29), date(2026, 11, 30)])
    panel = open_page(helper).dream_panel
    assert panel.edit_button.text() == "Edit"
    panel.select_number(1)
    panel.list.setFocus()
    qtbot.keyClick(panel.list, Qt.Key.Key_Return)
    ed = card_editor(panel)
    assert ed is not None and ed.isVisible() and ed.toPlainText().startswith("Prefers answers about theme 29")
    assert QApplication.activeModalWidget() is None and not any(  # no dialog over the page
        isinstance(w, QDialog) and w.isVisible() for w in QApplication.topLevelWidgets())
    ed.setPlainText("   ")
    qtbot.keyClick(ed, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: panel.error_label.isVisible(), timeout=5000)
    assert "cannot be empty" in panel.error_label.text()
    qtbot.waitUntil(lambda: card_editor(panel) is not None and card_editor(panel).isVisible(), timeout=5000)
    ed = card_editor(panel)
    assert ed.toPlainText() == "   "
    ed.setPlainText("Edited")
    ed.moveCursor(QTextCursor.MoveOperation.End)
    qtbot.keyClick(ed, Qt.Key.Key_Return, Qt.KeyboardModifier.ShiftModifier)  # a new line, not a save
    assert card_editor(panel) is ed and ed.toPlainText() == "Edited\n"
    ed.insertPlainText("[2026-01-01]\nstill text")
    qtbot.keyClick(ed, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: panel.model.cards()[0].text == "Edited\n[2026-01-01]\nstill text", timeout=5000)
    idle(qtbot, panel)
    assert services.dreams.cards(helper)[0].text == "Edited\n[2026-01-01]\nstill text"  # DRM-12 lossless
    # Esc cancels: nothing written
    panel.select_number(2)
    ed = panel.card_actions.edit_card()
    assert ed is not None
    ed.setPlainText("dropped")
    qtbot.keyClick(ed, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: card_editor(panel) is None or not card_editor(panel).isVisible(), timeout=3000)
    assert services.dreams.cards(helper)[1].text.startswith("Prefers answers about theme 30")
    monkeypatch.setattr(confirm, "ask", lambda *_a: True)
    panel.select_number(1)
    panel.delete_button.click()
    qtbot.waitUntil(lambda: panel.model.rowCount() == 1, timeout=5000)
    idle(qtbot, panel)
    assert cards(panel) == [(1, "day", "2026-11-30")]


def test_card_editor_counts_against_the_cap_and_enter_refuses_a_longer_text(open_page, services, helper, qtbot):  # type: ignore[no-untyped-def]
    """The in-place editor counts against the DRM-13 cap of a single-day card, 3,200
    characters, and Enter over it keeps the editor and the text (refused, never cut)."""
    seed_cards(services, helper, [date(2026, 11, 30)])
    panel = open_page(helper).dream_panel
    ed = panel.card_actions.edit_card(1)
    assert ed is not None
    ed.setPlainText("x" * 3200)
    assert ed.footer.text().startswith("3,200 / 3,200 characters")
    ed.setPlainText("x" * 3201)
    assert ed.footer.text().startswith("3,201 / 3,200 characters — too long to save")
    qtbot.keyClick(ed, Qt.Key.Key_Return)
    assert card_editor(panel) is ed and ed.isVisible() and ed.toPlainText() == "x" * 3201
    idle(qtbot, panel)
    assert services.dreams.cards(helper)[0].text.startswith("Prefers answers about theme 30")


def test_a_stale_card_edit_is_refused_and_reopened_with_the_text(open_page, services, helper, qtbot):  # type: ignore[no-untyped-def]
    """Issue 10: the card changed in another process while its editor was open: Enter is
    refused (nothing written, the newer text kept), the list shows the newer card and the
    editor opens again holding the user's text; Enter then saves over what is shown."""
    seed_cards(services, helper, [date(2026, 11, 29), date(2026, 11, 30)])
    page = open_page(helper)
    panel = page.dream_panel
    ed = panel.card_actions.edit_card(2)
    assert ed is not None
    from chathub_desktop.services.container import open_services

    other = open_services(services.database_url)  # another process: its events never reach this window
    other.dreams.edit_card(helper, 2, "Written by the other window")
    other.close()
    ed.setPlainText("Mine")
    qtbot.keyClick(ed, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: panel.model.cards()[1].text == "Written by the other window"
                    and card_editor(panel) is not None and card_editor(panel).isVisible(), timeout=5000)
    assert services.dreams.cards(helper)[1].text == "Written by the other window"
    ed = card_editor(panel)
    assert ed.toPlainText() == "Mine"
    # the newer text is said in the editor, beside the draft (walk57 #2); Enter keeps mine
    assert ed.notice.isVisible() and ed.notice.label.text().startswith("Nothing was saved. Changed elsewhere")
    assert "“Written by the other window”" in ed.notice.label.text()
    ed.setPlainText("Mine, after reading theirs")
    qtbot.keyClick(ed, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: services.dreams.cards(helper)[1].text == "Mine, after reading theirs", timeout=5000)
    idle(qtbot, panel)


def _regenerate_by_icon(panel, qtbot, row: int) -> None:  # type: ignore[no-untyped-def]
    rect = panel.list.visualRect(panel.model.index(row))
    qtbot.mouseClick(panel.list.viewport(), Qt.MouseButton.LeftButton, pos=panel.delegate.regen_rect(rect).center())


def test_refresh_icon_regenerates_that_days_card(open_page, services, helper, summ, qtbot,  # type: ignore[no-untyped-def]
                                                 monkeypatch):
    """DRM-8 Regenerate from the card's refresh icon: only that day's body changes, once
    the user chose the new card shown beside the old one (issue 28, walk40: ↻ replaced
    it unseen)."""
    day = active_yesterday(services, helper)
    seed_cards(services, helper, [day - timedelta(days=1), day])
    panel = open_page(helper).dream_panel
    old = panel.model.cards()[1].text
    shown: list[change_preview.PreviewOption] = []

    def ask(_parent, _title, _heading, options, _action):  # type: ignore[no-untyped-def]
        shown.extend(options)
        assert panel.model.cards()[1].text == old  # the list still shows the old card while it asks
        return "new"
    monkeypatch.setattr(change_preview, "ask", ask)
    summ.script(Reply(text_chunks=["- Regenerated: wants bullet points"]))
    _regenerate_by_icon(panel, qtbot, 0)  # #2, the newest: the top row (walk56 #8)
    qtbot.waitUntil(lambda: not panel.runs.dreaming and panel.model.cards()[1].text.startswith("- Regenerated"),
                    timeout=5000)
    idle(qtbot, panel)
    assert shown[0].changes is not None
    assert shown[0].changes.added == ["- Regenerated: wants bullet points"] and shown[0].changes.removed == [old]
    # walk42 #2: old and new side by side, both in view at 800×560, the buttons say what each keeps
    dlg = change_preview.ChangePreviewDialog(None, "Regenerate", "Use?", shown, "Use the new card")
    qtbot.addWidget(dlg)
    dlg.resize(780, 540)
    dlg.show()
    qtbot.waitExposed(dlg)
    (left, right), titles = dlg.panes.browsers, dlg.panes.titles
    assert [t.text() for t in titles] == ["Old card", "New card"] and right.toPlainText() == "• Regenerated: wants bullet points"
    assert left.isVisible() and right.isVisible() and dlg.tree.isHidden()
    assert left.mapTo(dlg, left.rect().topLeft()).y() == right.mapTo(dlg, right.rect().topLeft()).y()
    assert right.mapTo(dlg, right.rect().bottomRight()).x() <= dlg.width() and left.height() > 100
    assert dlg.cancel_button is not None and dlg.cancel_button.text() == "Keep the old card"
    assert dlg.action_button.text() == "Use the new card"
    dlg.close()
    assert panel.model.cards()[0].text.startswith("Prefers answers about theme")
    assert "was regenerated" in panel.status_label.text()
    assert services.dreams.settings(helper).last_run is None  # never shown as a scheduled run (DRM-5)


def test_regenerate_cancelled_keeps_the_old_card(open_page, services, helper, summ, qtbot,  # type: ignore[no-untyped-def]
                                                monkeypatch):
    """Issue 28: Cancel on the preview keeps the old card and writes nothing."""
    day = active_yesterday(services, helper)
    seed_cards(services, helper, [day])
    panel = open_page(helper).dream_panel
    before = services.dreams.cards(helper)
    monkeypatch.setattr(change_preview, "ask", lambda *_a: None)
    summ.script(Reply(text_chunks=["- Regenerated: wants bullet points"]))
    _regenerate_by_icon(panel, qtbot, 0)
    qtbot.waitUntil(lambda: not panel.runs.dreaming and len(summ.requests) == 1, timeout=5000)
    idle(qtbot, panel)
    assert services.dreams.cards(helper) == before
    assert panel.status_label.text() == f"{format_day(day)}: the old card was kept"


def test_last_scheduled_run_shows_its_failure_hint(open_page, services, helper, summ, qtbot, qloop):  # type: ignore[no-untyped-def]
    """DRM-5: with the schedule on, the latest scheduled run shows; a failure with its
    hint and retry time. The run's progress shows in the panel while it goes."""
    day = active_yesterday(services, helper)
    services.dreams.set_schedule(helper, "daily", "00:00")
    panel = open_page(helper).dream_panel
    seen: list[str] = []
    panel.events.dream_progress.connect(lambda *_a: seen.append(panel.status_label.text()))
    summ.script(Reply(error_status=500, error_body=openai_error("upstream exploded", "server_error")))
    task = qloop.create_task(services.dreams.run_due())
    qtbot.waitUntil(task.done, timeout=5000)
    assert [o.status for o in task.result()] == ["failed"]
    assert any("Asking the History Compress model" in s for s in seen)
    panel.schedule_reload()  # a load already going may show the run as running: wait for the next
    qtbot.waitUntil(lambda: "upstream exploded" in panel.schedule.last_run_label.text(), timeout=5000)
    idle(qtbot, panel)
    text = panel.schedule.last_run_label.text()
    assert "failed" in text and "upstream exploded" in text and "tried again" in text
    # walkthrough F2: the failure stays (no timer) with Retry and Details, not a 15 s status line
    assert panel.failure_bar.isVisible() and not panel.status_label.isVisible()
    assert panel.failure_bar.label.text() == f"Scheduled dream over {day.day} {day:%b %Y} failed: the History Compress model failed: HTTP 500: upstream exploded"
    assert panel.failure_bar.retry_button.isVisible()
    details = panel.failure_bar.open_details()
    assert "Reason: the History Compress model failed: HTTP 500: upstream exploded" in details.text.toPlainText()
    assert "tries this day again at its next cycle" in details.text.toPlainText()
    details.close()
    assert not panel.stop_button.isVisible()


def test_a_failed_dream_now_stays_until_dismissed_and_retry_dreams_again(open_page, services, helper, summ,  # type: ignore[no-untyped-def]
                                                                         qtbot, monkeypatch):
    """Walkthrough F2 (DRM-3, APP-7): a failed Dream now keeps its line until dismissed,
    with Details (the whole reason) and Retry, which dreams over the same day again."""
    monkeypatch.setattr(change_preview, "ask", lambda *_a: "add")
    day = active_yesterday(services, helper)
    panel = open_page(helper).dream_panel
    panel.schedule.local_zone = (ZoneInfo("Europe/Berlin"), "Berlin")
    summ.script(Reply(error_status=500, error_body=openai_error("upstream exploded", "server_error")),
                Reply(text_chunks=["- Wants bullet points"]))
    panel.runs.dream_now()
    qtbot.waitUntil(lambda: panel.failure_bar.isVisible(), timeout=5000)
    idle(qtbot, panel)
    bar = panel.failure_bar
    assert bar.label.text() == f"Dream now over {day.day} {day:%b %Y} failed: the History Compress model failed: HTTP 500: upstream exploded"
    panel.status_label._timer.timeout.emit()  # what cleared the old 15 s line
    assert bar.isVisible() and bar.retry_button.isVisible() and bar.details_button.isVisible()
    details = bar.open_details()
    text = details.text.toPlainText()
    # walk55: when, in the user's time with UTC beside it, as the schedule row says a time
    assert re.match(rf"Dream now over {day.day} {day:%b %Y} \(UTC\) failed today at \d\d:\d\d in Berlin "
                    r"\(\d\d:\d\d\sUTC\)\.", text), text
    assert "Reason: the History Compress model failed: HTTP 500: upstream exploded" in text
    notes = [label.text() for label in details.findChildren(QLabel)]
    assert FAILURE_HINT in notes and not any("This is a bug" in n for n in notes)
    details.close()
    assert services.dreams.cards(helper) == []
    bar.retry_button.click()
    assert not bar.isVisible()
    qtbot.waitUntil(lambda: panel.model.rowCount() == 1, timeout=5000)
    idle(qtbot, panel)
    assert cards(panel) == [(1, "day", day.isoformat())] and len(summ.requests) == 2
    assert not bar.isVisible()


def test_memory_off_disables_dreaming(open_page, services, helper, qtbot):  # type: ignore[no-untyped-def]
    """MEM-1: no dream runs for an assistant whose memory is off."""
    active_yesterday(services, helper)
    page = open_page(helper)
    panel = page.dream_panel
    qtbot.waitUntil(lambda: panel.day_picker.selected_day() is not None, timeout=5000)
    assert panel.dream_now_button.isEnabled()
    n = page.loads
    page.memory_switch.click()
    qtbot.waitUntil(lambda: page.loads > n and not page.runner.pending(), timeout=5000)
    assert not panel.dream_now_button.isEnabled() and panel.runs.dream_now() is None
    assert "Memory is off" in panel.schedule.next_label.text()


def test_dream_now_waits_for_a_finished_day_and_says_why(open_page, services, helper, qtbot):  # type: ignore[no-untyped-def]
    """Walk39 #2: on day one no finished UTC day has messages, so Dream now is off (it
    read "No topic had messages on …", a day the user never chose) and its tooltip says
    the first card can come tomorrow; once a day has messages it is on."""
    page = open_page(helper)
    panel = page.dream_panel
    qtbot.waitUntil(lambda: panel.day_picker.loads >= 1 and not page.runner.pending(), timeout=5000)
    assert panel.day_picker.note.text() == "No finished day has messages yet." and panel.day_picker.note.isVisible()
    assert not panel.dream_now_button.isEnabled()
    assert "No finished day has messages yet" in panel.dream_now_button.toolTip()
    day = active_yesterday(services, helper)
    panel.schedule_reload()
    qtbot.waitUntil(lambda: panel.day_picker.selected_day() == day, timeout=5000)
    assert panel.dream_now_button.isEnabled() and f"{day.day} {day:%b %Y}" in panel.dream_now_button.toolTip()
    assert panel.day_picker.isVisible() and not panel.day_picker.note.isVisible()  # the chooser back in its place


def test_help_buttons_and_tooltips(open_page, helper):  # type: ignore[no-untyped-def]
    """APP-6: the Dreaming memory controls carry their help (the tooltip of a title's
    ``?``, walk40) and tooltips."""
    page = open_page(helper)
    panel = page.dream_panel
    helps = {b.objectName(): b for b in page.findChildren(QToolButton) if b.objectName().endswith("Help")}
    assert {"dreamingHelp", "topicSnippetsHelp", "dreamScheduleHelp", "keepDreamCardsHelp",
            "dynamicMemoryHelp"} <= set(helps)
    assert "UTC" in helps["dreamScheduleHelp"].toolTip() and "tray" in helps["dreamScheduleHelp"].toolTip()
    assert "1–90" in helps["keepDreamCardsHelp"].toolTip()
    assert "no Add" in helps["dynamicMemoryHelp"].toolTip()
    for w in (panel.schedule.frequency_combo, panel.schedule.weekday_combo, panel.schedule.time_edit, panel.schedule.keep_spin, panel.schedule.save_button,
              panel.dream_now_button, panel.stop_button, panel.copy_all_action, panel.clear_action,
              panel.restore_action, panel.more_button, panel.regenerate_button, panel.edit_button,
              panel.delete_button):
        assert w.toolTip(), w.objectName()
    for a in (panel.edit_action, panel.regenerate_action, panel.delete_action):
        assert a.shortcut().toString() and a.toolTip()


def test_empty_list_says_when_todays_chats_become_a_card(open_page, services, helper, qtbot):  # type: ignore[no-untyped-def]
    """Walkthrough F1 (DRM-3): with no cards the list says exactly when today's chats can
    first be dreamed under the stored schedule, in the user's time with UTC beside it."""
    panel = open_page(helper).dream_panel
    panel.schedule.clock = lambda: datetime(2026, 12, 2, 13, 20, tzinfo=UTC)
    panel.schedule.local_zone = (ZoneInfo("Europe/Berlin"), "Berlin")
    reload(qtbot, panel)
    assert panel.cards_stack.currentWidget() is panel.empty_label
    assert "The schedule is off: choose Daily above and Save." in panel.empty_label.text()
    services.dreams.set_schedule(helper, "daily", "02:00")
    reload(qtbot, panel)
    # two short lines (walk45 #8); the whole explanation is the tooltip
    # the schedule row's words for the next dream (rev54), the user's time first
    assert panel.empty_label.text() == ("No dream cards yet.\nToday's chats become a card tomorrow at 03:00 in Berlin "
                                        "(02:00\u00a0UTC).")
    assert "today's chats (2 Dec 2026) get theirs tomorrow at 03:00 in Berlin (02:00\u00a0UTC)." \
        in panel.empty_label.toolTip()


def reload(qtbot, panel: DreamPanel) -> None:  # type: ignore[no-untyped-def]
    """Re-read the panel on its worker and wait until it is shown."""
    n = panel.loads
    panel.schedule_reload()
    qtbot.waitUntil(lambda: panel.loads > n, timeout=5000)
    idle(qtbot, panel)


def test_card_editor_of_a_range_card_counts_against_6400(open_page, services, helper, qtbot):  # type: ignore[no-untyped-def]
    """Issue 30: a range card's in-place editor counts against DRM-13's 6,400 characters
    (a single-day card's is 3,200, above)."""
    days = [date(2026, 11, 26) + timedelta(days=k) for k in range(3)]
    seed_cards(services, helper, days)
    with services.db.write() as s:  # the two oldest folded into one range card
        doc = s.get(DynamicMemoryDocument, helper)
        doc.body = dm.render_document(dm.apply_retention(dm.parse_document(doc.body), 2))
    panel = open_page(helper).dream_panel
    assert cards(panel)[0][1] == "range"
    ed = panel.card_actions.edit_card(1)
    assert ed is not None
    ed.setPlainText("x" * 6400)
    assert ed.footer.text().startswith("6,400 / 6,400 characters")
    ed.setPlainText("x" * 6401)
    assert ed.footer.text().startswith("6,401 / 6,400 characters — too long to save")
    idle(qtbot, panel)


def test_ctrl_shift_d_is_off_while_dream_now_is(open_page, services, helper, qtbot):  # type: ignore[no-untyped-def]
    """Walk55b #2 (DRM-3): with no finished day to read, Dream now is greyed and its
    Ctrl+Shift+D does nothing (it ran and put "… already has a dream card" above the
    tabs); once a day has messages both are on again."""
    page = open_page(helper)
    panel = page.dream_panel
    qtbot.waitUntil(lambda: panel.day_picker.loads >= 1 and not page.runner.pending(), timeout=5000)
    assert not panel.dream_now_button.isEnabled()
    assert panel.dream_action.shortcut().toString() == "Ctrl+Shift+D" and not panel.dream_action.isEnabled()
    page.activateWindow()
    qtbot.keyClick(page, Qt.Key.Key_D, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    panel.dream_action.trigger()
    qtbot.wait(50)
    assert not panel.runs.running and not panel.status_label.isVisible()
    active_yesterday(services, helper)
    panel.schedule_reload()
    qtbot.waitUntil(lambda: panel.dream_now_button.isEnabled(), timeout=5000)
    assert panel.dream_action.isEnabled()
