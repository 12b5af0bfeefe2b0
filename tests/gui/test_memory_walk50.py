"""The Memory page as walk50 found it (issue 30): a card edited in place opens with the
caret at the end and nothing selected (the first key wiped a 2,452-character card), the
editor covers the card's body, and an empty card list points at the past days waiting in
the chooser before it names tomorrow's run (DRM-3, DRM-8, MEM-3)."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

from PySide6.QtCore import Qt

from chathub_desktop.core.messages import Role
from chathub_desktop.gui.memory.card_delegate import CARD_MARGIN_X, CARD_PAD
from chathub_desktop.gui.memory.card_editor import CardTextEdit
from tests.gui.test_dream_panel import (  # noqa: F401  (fixtures)
    card_editor,
    helper,
    idle,
    open_page,
    seed_cards,
    summ,
)

LONG = "The user wants the diff first and a short explanation after it. " * 38  # ~2,450 characters


def _open_long_card(open_page, services, helper, qtbot):  # type: ignore[no-untyped-def]  # noqa: F811
    seed_cards(services, helper, [date(2026, 11, 30)])
    services.dreams.edit_card(helper, 1, LONG.strip())
    page = open_page(helper)
    panel = page.dream_panel
    qtbot.waitUntil(lambda: panel.model.rowCount() == 1 and panel.model.cards()[0].text == LONG.strip(), timeout=5000)
    return panel


def test_typing_after_edit_adds_to_the_card_and_esc_restores_it(open_page, services, helper, qtbot):  # type: ignore[no-untyped-def]  # noqa: F811
    """Walk50 #1: Edit opens the 2,400-character card with the caret after its last
    character and nothing selected, so a key typed adds to it; Esc leaves the card as stored."""
    panel = _open_long_card(open_page, services, helper, qtbot)
    stored = LONG.strip()
    ed = panel.card_actions.edit_card(1)
    assert ed is not None and ed.toPlainText() == stored
    cursor = ed.textCursor()
    assert not cursor.hasSelection() and cursor.atEnd()
    qtbot.keyClicks(ed, " Z")
    assert ed.toPlainText() == stored + " Z"
    assert ed.footer.text().startswith(f"{len(stored) + 2:,} / 3,200 characters")
    qtbot.keyClick(ed, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: card_editor(panel) is None or not card_editor(panel).isVisible(), timeout=3000)
    idle(qtbot, panel)
    assert services.dreams.cards(helper)[0].text == stored
    assert panel.model.cards()[0].text == stored


def test_the_editor_covers_the_cards_body_and_its_count_line_sits_inside_it(open_page, services, helper, qtbot):  # type: ignore[no-untyped-def]  # noqa: F811
    """Walk50 #1: the editor lay over part of its row (the card's text showed under it and
    the count line was drawn over that text). It now covers the card's body, inside the
    row, and the count line is its own last strip under the text."""
    panel = _open_long_card(open_page, services, helper, qtbot)
    ed = panel.card_actions.edit_card(1)
    assert ed is not None
    idx = panel.model.index(0)

    def fitted() -> bool:
        return ed.geometry() == _clamped(panel, idx)

    def settled() -> bool:  # the editor fitted, and its count line placed under its text (a turn later)
        return fitted() and ed.viewport().geometry().bottom() < ed.footer.geometry().top()

    qtbot.waitUntil(settled, timeout=3000)
    row = panel.list.visualRect(idx)
    assert row.contains(ed.geometry())
    footer = ed.footer.geometry()
    assert footer.bottom() < ed.height() and footer.top() >= ed.height() - ed.footer_height() - ed.frameWidth()
    assert ed.viewport().geometry().bottom() < footer.top()  # the text ends above the count line
    qtbot.keyClicks(ed, "Z")  # the row follows the editor: still covered
    qtbot.waitUntil(fitted, timeout=3000)
    assert panel.list.visualRect(idx).contains(ed.geometry())


def _clamped(panel, idx):  # type: ignore[no-untyped-def]
    body = panel.delegate.body_rect(panel.list.visualRect(idx))
    body.setWidth(min(body.width(), panel.list.viewport().width() - 2 * CARD_MARGIN_X - 2 * CARD_PAD + 6))
    return body


def test_a_stale_edit_typed_at_the_end_is_refused_and_comes_back_at_the_end(open_page, services, helper, qtbot):  # type: ignore[no-untyped-def]  # noqa: F811
    """Issue 10 still applies: the card changed elsewhere while its editor was open;
    Enter is refused, and the editor opens again with the user's text, caret at its end."""
    panel = _open_long_card(open_page, services, helper, qtbot)
    ed = panel.card_actions.edit_card(1)
    assert ed is not None
    from chathub_desktop.services.container import open_services

    other = open_services(services.database_url)  # another process: its events never reach this page
    other.dreams.edit_card(helper, 1, "Written by the other window")
    other.close()
    qtbot.keyClicks(ed, " Mine")
    qtbot.keyClick(ed, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: panel.model.cards()[0].text == "Written by the other window"
                    and card_editor(panel) is not None and card_editor(panel).isVisible(), timeout=5000)
    assert services.dreams.cards(helper)[0].text == "Written by the other window"
    again = card_editor(panel)
    assert again is not None and again.toPlainText() == LONG.strip() + " Mine"
    assert again.notice.label.text().startswith("Nothing was saved. Changed elsewhere")  # beside it (walk57 #2)
    assert again.textCursor().atEnd() and not again.textCursor().hasSelection()
    qtbot.keyClick(again, Qt.Key.Key_Escape)
    idle(qtbot, panel)


def test_a_fixed_card_edited_in_place_keeps_its_text_when_typing(open_page, services, helper, qtbot):  # type: ignore[no-untyped-def]  # noqa: F811
    """MEM-3 in place: the fixed-memory card opens as the dream card does, caret at the
    end; what is typed is added, and Enter saves that."""
    services.memory.add(helper, "Prefers short answers")
    page = open_page(helper)
    qtbot.waitUntil(lambda: page.model.rowCount() == 1, timeout=5000)
    page.select_number(1)
    page.entry_actions.edit_current()
    ed = page.list.findChild(CardTextEdit, "memoryCardEditor")
    assert ed is not None and not ed.textCursor().hasSelection() and ed.textCursor().atEnd()
    qtbot.keyClicks(ed, " with code first")
    qtbot.keyClick(ed, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: [e.text for e in services.memory.entries(helper)] == ["Prefers short answers with code first"],
                    timeout=5000)


def test_an_empty_list_points_at_the_days_waiting_beside_dream_now(open_page, services, helper, qtbot):  # type: ignore[no-untyped-def]  # noqa: F811
    """Walk50 #7: three imported past days waited in the chooser while the list said
    "Today's chats become a card at … 02:00 UTC". With days to dream, it says so (with
    none it names the next run: test_dream_panel's
    test_empty_list_says_when_todays_chats_become_a_card)."""
    services.dreams.set_schedule(helper, "daily", "02:00")
    for k, when in enumerate((datetime(2024, 5, 1, 9, tzinfo=UTC), datetime(2024, 1, 7, 9, tzinfo=UTC),
                              datetime(2023, 11, 20, 9, tzinfo=UTC))):
        topic = services.topics.create(helper, title=f"Imported {k}").id
        services.chat.append_row(topic, role=Role.USER, content="an old question", created_at=when)
    page = open_page(helper)
    panel = page.dream_panel
    qtbot.waitUntil(lambda: len(panel.day_picker.days) == 3, timeout=5000)
    # the chooser does not take the keyboard: Ctrl+M lands at the page's top (test_memory_focus54)
    assert panel.cards_stack.currentWidget() is panel.empty_label
    assert panel.empty_label.text() == ("No dream cards yet.\n3 past days can be dreamed now — choose one and press "
                                        "Dream now.")
    assert panel.day_picker.itemText(0) == "1 May 2024 · 1 topic, 1 message"  # the day written once (walk50 #6)


def test_the_schedule_lines_write_days_in_the_one_style(open_page, services, helper, qtbot):  # type: ignore[no-untyped-def]  # noqa: F811
    """Walk50 #6: "Next dream: Sat 12/5/26 02:00 UTC" beside "2024-05-01" chips: the next
    run and the card chip now both say "5 Dec 2026"-style days; UTC stays said (DRM-2)."""
    services.dreams.set_schedule(helper, "daily", "02:00")
    seed_cards(services, helper, [date(2024, 5, 1)])
    panel = open_page(helper).dream_panel
    qtbot.waitUntil(lambda: panel.model.rowCount() == 1, timeout=5000)
    face = panel.model.face(0)
    assert face is not None and face.tag == "1 May 2024"
    next_at = panel.view.next_at if panel.view is not None else None
    assert next_at is not None
    panel.schedule.local_zone = (UTC, "UTC")
    panel.schedule.clock = lambda: next_at - timedelta(days=3)  # not today or tomorrow: the day is said
    panel.schedule.set_memory_enabled(True)  # says the line again
    assert f"Next dream: {next_at.day}\u00a0{next_at:%b}\u00a0{next_at:%Y} at 02:00 UTC" in panel.schedule.next_label.text()
