"""Walk40's critique of the Memory page (issues 29 and 30): the helper lines moved into the
titles' ``?`` help (APP-6), the dream schedule is a segmented control, Save sits beside
the fields it saves, dream cards show their Markdown rendered (DRM-8) while the editor
keeps the stored text."""

from __future__ import annotations

from datetime import date

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QComboBox, QLabel, QToolButton

from chathub_desktop.core import dynamic_memory as dm
from chathub_desktop.gui.memory.card_markdown import HEADING_MARK, is_heading
from chathub_desktop.gui.memory.dream_schedule_form import KEEP_HELP, SCHEDULE_HELP
from chathub_desktop.gui.memory.dreaming_group import DREAMING_HELP, SNIPPETS_HELP
from chathub_desktop.gui.memory.fixed_page import FIXED_MEMORY_HELP, MEMORY_SWITCH_HELP
from chathub_desktop.gui.memory.page_common import HelpMark
from chathub_desktop.storage.models import DynamicMemoryDocument, utcnow
from tests.gui.helpers import shown_memory_page

#: A card as SmolLM2 wrote it on walk40's machine: headings, a list, emphasis.
MARKDOWN_CARD = ("# How the user works\n\n## Conversation 1\n- Wants **short** answers\n- Uses `pytest`\n"
                 "The user asks about [Lisbon](https://example.org).")


@pytest.fixture
def page(qloop, services, assistant, qtbot):  # type: ignore[no-untyped-def]
    with shown_memory_page(services, assistant, qtbot) as p:
        p.resize(1310, 740)
        yield p


def _idle(qtbot, page) -> None:  # type: ignore[no-untyped-def]
    qtbot.waitUntil(lambda: not page.runner.pending() and not page.dream_panel.runner.pending(), timeout=10000)


def test_the_titles_carry_their_help_and_no_helper_line_comes_before_the_first_card(page, services, assistant,
                                                                                    qtbot):  # type: ignore[no-untyped-def]
    """Walk40: "about nine lines of helper text and status before the first card". Each
    title and switch has a ``?`` whose tooltip is its APP-6 help; between the header and
    the first fixed card the page shows the titles, the switch's row (its name and one line,
    memlook52) and at most one short line."""
    services.memory.add(assistant, "Prefers metric units")
    page.schedule_reload()
    qtbot.waitUntil(lambda: page.model.total() == 1, timeout=5000)
    _idle(qtbot, page)
    marks = {b.objectName(): b for b in page.findChildren(QToolButton) if isinstance(b, HelpMark)}
    want = {"memorySwitchHelp": MEMORY_SWITCH_HELP, "fixedMemoryHelp": FIXED_MEMORY_HELP,
            "dreamingHelp": DREAMING_HELP, "topicSnippetsHelp": SNIPPETS_HELP,
            "dreamScheduleHelp": SCHEDULE_HELP, "keepDreamCardsHelp": KEEP_HELP}
    assert set(want) | {"dynamicMemoryHelp"} <= set(marks)
    for name, tip in want.items():
        assert marks[name].toolTip() == tip and marks[name].isVisible(), name
        assert marks[name].accessibleName() == "Help" and marks[name].accessibleDescription(), name
    assert "no Add" in marks["dynamicMemoryHelp"].toolTip()
    first_card = page.list.visualRect(page.model.index(0, 0)).topLeft()
    card_top = page.list.viewport().mapTo(page, first_card).y()
    above = [lb for lb in page.findChildren(QLabel)
             if lb.isVisible() and lb.text().strip() and lb.mapTo(page, QPoint(0, 0)).y() < card_top]
    # memlook52: the switch is a setting row — its name and one line of what it does, as Settings'
    row = page.switch.row
    assert row.description is not None and row.description.height() < 2 * row.description.fontMetrics().lineSpacing()
    rest = [lb.text() for lb in above if lb.text() not in ("Fixed memory", "Memory · Helper")
            and lb not in (row.title, row.description)]
    assert len(rest) <= 1 and all(len(text) < 40 for text in rest), rest  # at most one short line ("1 entry")


def test_a_click_on_the_segmented_control_changes_the_schedule(page, services, assistant, qtbot):  # type: ignore[no-untyped-def]
    """Walk40: "native combo boxes … a far-right Save". Off / Daily / Weekly is one
    segmented control (no drop-down); a click on Weekly shows the weekday, Save shows at the
    card's foot under the rows it stores (memlook52; not on Keep's row, walk51 #6), and Save
    stores the weekly schedule (DRM-2)."""
    form = page.dream_panel.schedule
    seg = form.frequency_combo
    assert not isinstance(seg, QComboBox) and seg.property("segmented") is True
    assert [seg.itemText(i) for i in range(seg.count())] == ["Off", "Daily", "Weekly"]
    assert seg.button(0).isChecked() and not form.weekday_combo.isVisible()
    qtbot.mouseClick(seg.button(2), Qt.MouseButton.LeftButton)
    assert seg.currentData() == "weekly" and seg.button(2).isChecked() and not seg.button(0).isChecked()
    # Save waits for a read of the panel still under way (a burner run clicked before it ended)
    qtbot.waitUntil(lambda: form.weekday_combo.isVisible() and form.save_button.isEnabled(), timeout=5000)
    # memlook52: Save (and Cancel) at the card's foot, under the rows they store, once there is a change
    assert form.save_button.isVisible() and form.cancel_button.isVisible()
    keep_bottom = form.keep_spin.mapTo(form, form.keep_spin.rect().bottomLeft()).y()
    assert form.save_button.mapTo(form, form.save_button.rect().topLeft()).y() > keep_bottom
    qtbot.mouseClick(form.save_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: services.dreams.settings(assistant).schedule.frequency == "weekly", timeout=10000)
    _idle(qtbot, page)
    qtbot.mouseClick(seg.button(1), Qt.MouseButton.LeftButton)
    assert seg.currentData() == "daily" and not form.weekday_combo.isVisible()


def test_dream_cards_show_their_markdown_rendered_and_edit_the_stored_text(page, services, assistant,
                                                                           qtbot):  # type: ignore[no-untyped-def]
    """Walk40: "Cards show raw Markdown ('# …', '## Conversation 1')". A card's face
    has no ``#`` heading marks, ``**`` or link markup: headings are bold lines, items
    bulleted; the in-place editor still gets the stored Markdown (DRM-8)."""
    cards = dm.append_day_card([], date(2026, 12, 3), MARKDOWN_CARD)
    with services.db.write() as s:
        s.merge(DynamicMemoryDocument(assistant_id=assistant, body=dm.render_document(cards), updated_at=utcnow()))
    panel = page.dream_panel
    panel.schedule_reload()
    qtbot.waitUntil(lambda: panel.model.rowCount() == 1, timeout=5000)
    face = panel.model.face(0)
    assert face is not None
    lines = face.text.split("\n")
    assert "#" not in face.text and "**" not in face.text and "](" not in face.text and "`" not in face.text
    assert [ln[1:] for ln in lines if is_heading(ln)] == ["How the user works", "Conversation 1"]
    assert "• Wants short answers" in lines and "• Uses pytest" in lines
    assert "The user asks about Lisbon." in lines
    index = panel.model.index(0, 0)
    assert index.data(Qt.ItemDataRole.EditRole).startswith("# How the user works")  # the editor edits the source
    assert "#" not in index.data(Qt.ItemDataRole.AccessibleTextRole).split("]: ", 1)[1]
    assert HEADING_MARK not in index.data(Qt.ItemDataRole.AccessibleTextRole)
    image = panel.list.viewport().grab()  # paints without error, the bold heading included
    assert not image.isNull()


def test_a_section_heading_of_fixed_memory_shows_as_a_bold_note(page, services, assistant, qtbot):  # type: ignore[no-untyped-def]
    """Walk40 (raw Markdown on the page): a "## Work" line of the raw document is a note
    painted as a heading, not "## Work"; the raw editor keeps the line."""
    services.memory.add(assistant, "Prefers metric units")
    snap = services.memory.snapshot(assistant)
    services.memory.save_raw(assistant, "## Work\n" + snap.document, version=snap.version)
    page.schedule_reload()
    qtbot.waitUntil(lambda: page.model.rowCount() == 2, timeout=5000)
    face = page.model.face(0)
    assert face is not None and face.note and face.text == HEADING_MARK + "Work"
    assert services.memory.snapshot(assistant).document.startswith("## Work\n")

