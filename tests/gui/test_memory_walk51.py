"""The Memory page as walk51 #6 found it (issue 30): the dream cards' actions are icon
buttons as the fixed memory's toolbar, with Dream now the one labelled action; the schedule
form has one Save, beside both its rows (not Keep dream cards' own); a theme or language
switch keeps the selected fixed entry and dream card and where each list was scrolled
(MEM-2, DRM-2, DRM-7, DRM-8)."""

from __future__ import annotations

from datetime import date, timedelta
from typing import Any

from PySide6.QtWidgets import QPushButton, QToolButton

from chathub_desktop.core import dynamic_memory as dm
from chathub_desktop.core.ui_language import UiLanguage
from chathub_desktop.gui.shell.nav_rail import RailEntry
from chathub_desktop.storage.models import DynamicMemoryDocument, utcnow
from tests.gui.helpers import layout_at_rest
from tests.gui.test_dream_panel import (  # noqa: F401  (fixtures)
    helper,
    idle,
    open_page,
    seed_cards,
    summ,
)


def _open(window: Any, services: Any, qtbot: Any) -> Any:
    """The Memory page of "Helper" with 30 fixed entries (a list that scrolls inside,
    memfit52: twelve are shown whole) and 12 dream cards, loaded."""
    from tests.gui.helpers import reload_assistants

    aid = services.assistants.create("Helper").id
    services.memory.add_many(aid, [f"Fact number {i} about the user's work and habits" for i in range(1, 31)],
                             source="ChatGPT")
    cards: list[dm.Card] = []
    for k in range(12):
        cards = dm.append_day_card(cards, date(2026, 11, 1) + timedelta(days=k), f"Dreamed day {k + 1}")
    with services.db.write() as s:
        s.merge(DynamicMemoryDocument(assistant_id=aid, body=dm.render_document(cards), updated_at=utcnow()))
    services.dreams.set_keep(aid, 30)
    reload_assistants(window, qtbot, aid)
    page = window.pages.open_memory()
    qtbot.waitUntil(lambda: page.loads >= 1 and page.dream_panel.loads >= 1 and page.model.rowCount() == 30
                    and page.dream_panel.model.rowCount() == 12, timeout=10000)
    qtbot.waitUntil(lambda: not window.runner.pending(), timeout=10000)
    return page


def _state(page: Any) -> tuple[Any, ...]:
    panel = page.dream_panel
    entry = page.current_entry()
    card = panel.current_card()
    # the dream cards have no scroll of their own (memlook52): the page's scroll shows card #10
    return (entry.number if entry else None, card.number if card else None,
            page.list.verticalScrollBar().value(), page.body_scroll.verticalScrollBar().value())


def test_theme_and_language_switches_keep_the_selected_entry_and_card(window: Any, services: Any, qtbot: Any) -> None:
    """Walk51 #6 (shots 54, 57): after dark theme, 日本語 and back the entry #20 and card #10
    are still selected and both lists are scrolled where they were."""
    page = _open(window, services, qtbot)
    panel = page.dream_panel
    page.select_number(20)
    panel.select_number(10)
    qtbot.waitUntil(lambda: page.list.verticalScrollBar().value() > 0
                    and page.body_scroll.verticalScrollBar().value() > 0, timeout=5000)
    layout_at_rest(page, qtbot)  # the page's later steps placed and the card shown, on a loaded machine too
    before = _state(page)
    assert before[:2] == (20, 10)
    try:
        window.view.theme_actions["dark"].trigger()
        qtbot.waitUntil(lambda: not window.runner.pending(), timeout=5000)
        assert _state(page) == before
        window.view.language_actions[UiLanguage.JAPANESE].trigger()
        qtbot.waitUntil(lambda: page.fixed_title.text() == "固定メモリ", timeout=3000)
        qtbot.waitUntil(lambda: not window.runner.pending(), timeout=5000)
        assert _state(page) == before
    finally:
        window.view.language.apply(UiLanguage.ENGLISH)
        qtbot.waitUntil(lambda: window.rail.buttons[RailEntry.CHATS].accessibleName() == "Chats", timeout=3000)
        window.view.language.apply(UiLanguage.SYSTEM)
        window.view.theme_actions["light"].trigger()
    qtbot.waitUntil(lambda: not window.runner.pending(), timeout=5000)
    assert _state(page) == before


def test_leaving_for_chats_switching_theme_and_coming_back_keeps_them(window: Any, services: Any, qtbot: Any) -> None:
    """Walk51 #6 as the tester went (shots 46 → 53): Memory with a card selected → Chats →
    dark theme → Memory again: the same entry, card and scroll positions."""
    from chathub_desktop.gui.shell.nav_rail import RailEntry as Rail

    page = _open(window, services, qtbot)
    panel = page.dream_panel
    page.select_number(20)
    panel.select_number(10)
    qtbot.waitUntil(lambda: page.list.verticalScrollBar().value() > 0
                    and page.body_scroll.verticalScrollBar().value() > 0, timeout=5000)
    layout_at_rest(page, qtbot)  # the page's later steps placed and the card shown, on a loaded machine too
    before = _state(page)
    loads = (page.loads, panel.loads)
    try:
        window.rail.buttons[Rail.CHATS].click()
        qtbot.waitUntil(lambda: not page.isVisible(), timeout=5000)
        window.view.theme_actions["dark"].trigger()
        window.rail.buttons[Rail.MEMORY].click()
        again = window.pages.memory_page()
        assert again is page  # the same page, read again (it heard no events while away)
        qtbot.waitUntil(lambda: page.isVisible() and page.loads > loads[0] and panel.loads > loads[1]
                        and not window.runner.pending(), timeout=10000)
        assert _state(page) == before
    finally:
        window.view.theme_actions["light"].trigger()


def test_the_dream_card_actions_are_icon_buttons_and_dream_now_is_labelled(open_page, services, helper):  # type: ignore[no-untyped-def]  # noqa: F811
    """Walk51 #6 (shot 43): Copy, Clear, Restore previous version, Regenerate, Edit and Delete
    were six text buttons beside fixed memory's icon toolbar. Now the selected card's are
    icons, named for a screen reader and with their tooltips, and the rest are in the row's
    overflow menu (walk55b #20); the shortcuts stay on the list; Dream now keeps its label."""
    seed_cards(services, helper, [date(2026, 11, 29), date(2026, 11, 30)])
    panel = open_page(helper).dream_panel
    panel.select_number(2)
    buttons = {panel.regenerate_button: "Regenerate", panel.edit_button: "Edit", panel.delete_button: "Delete",
               panel.more_button: "More dream card actions"}
    for b, name in buttons.items():
        assert isinstance(b, QToolButton), name
        assert b.accessibleName() == name and not b.icon().isNull() and b.toolTip(), name
    assert panel.clear_action.icon().cacheKey() != panel.delete_button.icon().cacheKey()  # all cards ≠ this card
    assert isinstance(panel.dream_now_button, QPushButton) and panel.dream_now_button.text() == "Dream now"
    assert [a.shortcut().toString() for a in (panel.edit_action, panel.regenerate_action, panel.delete_action)] == [
        "Return", "Ctrl+R", "Del"]


def test_the_schedule_form_has_one_save_beside_both_rows(open_page, services, helper, qtbot):  # type: ignore[no-untyped-def]  # noqa: F811
    """Walk51 #6: "Keep dream cards has its own Save". The form's one Save sits at the card's
    foot under the schedule row and the Keep row, shown only while something changed
    (memlook52), and it stores a changed Keep N (DRM-7)."""
    page = open_page(helper)
    form = page.dream_panel.schedule
    saves = [b for b in form.findChildren(QPushButton) if b.text() == "Save"]
    assert saves == [form.save_button]
    assert not form.save_button.isEnabled()
    assert not form.foot.isVisible()  # memlook52: nothing to save, no Save in sight
    form.keep_spin.setValue(20)  # more cards kept: nothing folds, no preview
    assert form.save_button.isEnabled() and form.foot.isVisible()
    keep = form.keep_spin.mapTo(form, form.keep_spin.rect().center()).y()
    save = form.save_button.mapTo(form, form.save_button.rect().center()).y()
    assert keep < save  # at the foot of the card, under both rows: not on Keep's
    form.save_button.click()
    qtbot.waitUntil(lambda: services.dreams.settings(helper).keep == 20, timeout=5000)
    idle(qtbot, page.dream_panel)
    # no Save in sight; the foot says "Saved: …" for a few seconds (walk52b #3)
    assert not form.save_button.isEnabled() and not form.save_button.isVisible()
