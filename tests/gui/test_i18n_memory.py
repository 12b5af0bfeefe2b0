"""The Memory page speaks the interface language (issue 27): the master switch, the fixed
list and its toolbar and menus, the raw editor, History, the Dreaming memory group with
its schedule form, Dream now bar, cards and proposals. Under a pseudo-locale installed
after the page was built every text it shows comes back marked (a text shown without
⟦⟧ was never marked, or is not re-said on a switch); Chinese and Japanese re-say it at
once, counts and weekdays included, and English comes back."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from PySide6.QtWidgets import QApplication, QComboBox

from chathub_desktop.core.ui_language import UiLanguage
from chathub_desktop.gui.shell.error_presenter import user_message
from chathub_desktop.gui.shell.nav_rail import RailEntry
from chathub_desktop.services.errors import StaleDocument
from tests.gui.test_i18n import _Pseudo
from tests.gui.test_i18n_pages import shown_texts, unmarked

#: Shown as they are in every language: the time standard's name and the time field's
#: example value.
UNTRANSLATED = frozenset({"UTC"})
#: Qt's own widgets inside ours (the tab bar's scroll arrows): qtbase's translations name
#: them, installed with ours by the language switcher.
QT_OWN = ("ScrollLeftButton", "ScrollRightButton")


def _open(window: Any, services: Any, qtbot: Any) -> Any:
    """The Memory page of a new assistant "Helper" with two fixed entries, loaded."""
    from tests.gui.helpers import reload_assistants

    aid = services.assistants.create("Helper").id
    services.memory.add(aid, "Prefers metric units")
    services.memory.add(aid, "Answers in short paragraphs")
    reload_assistants(window, qtbot, aid)
    page = window.pages.open_memory()
    qtbot.waitUntil(lambda: page.loads >= 1 and page.dream_panel.loads >= 1 and page.dream_panel.proposals.loads >= 1,
                    timeout=10000)
    qtbot.waitUntil(lambda: not window.runner.pending(), timeout=10000)
    return page


def _page_texts(page: Any) -> dict[str, str]:
    """Every text of the page: its widgets, combo items, tabs, actions and menus."""
    texts = {k: v for k, v in shown_texts(page).items() if v not in UNTRANSLATED and not any(q in k for q in QT_OWN)}
    panel = page.dream_panel
    for combo in page.findChildren(QComboBox):
        if combo is panel.schedule.weekday_combo:  # the locale's own day names (QLocale)
            continue
        texts |= {f"{combo.objectName()} {i}": combo.itemText(i) for i in range(combo.count())}
    texts |= {f"tab {i}": panel.tabs.tabText(i) for i in range(panel.tabs.count())}
    texts |= {f"tab {i} tip": panel.tabs.tabToolTip(i) for i in range(panel.tabs.count()) if panel.tabs.tabToolTip(i)}
    actions = [*page.actions(), *page.list.actions(), *panel.actions(), *panel.list.actions(),
               *page.transfer.more_menu.actions(), *panel.proposals.list.actions()]
    for n, a in enumerate(a for a in actions if not a.isSeparator()):
        texts[f"action {n} {a.text()!r}"] = a.text()
        if a.toolTip() != a.text().replace("&", ""):  # Qt's default tooltip is the text
            texts[f"action {n} tip"] = a.toolTip()
    return texts


def test_every_text_of_the_memory_page_is_marked_and_re_said_live(window: Any, services: Any, qtbot: Any) -> None:
    """Issue 27: the Memory page, built in English and then switched to a pseudo-locale,
    shows only marked texts: fixed memory with its toolbar, overflow menu and card
    actions, the raw editor and History, the Dreaming memory group (schedule, Dream now,
    cards, proposals)."""
    page = _open(window, services, qtbot)
    history = page.open_history()
    qtbot.waitUntil(lambda: history.loads >= 1, timeout=5000)
    history.back_button.click()
    pseudo = _Pseudo()
    QApplication.instance().installTranslator(pseudo)  # type: ignore[union-attr]
    try:
        qtbot.waitUntil(lambda: page.fixed_title.text() == "⟦Fixed memory⟧", timeout=3000)
        texts = _page_texts(page)
        assert texts["tab 0"] == "⟦&Cards⟧" and "⟦Dream now⟧" in texts.values()
        assert page.header.title.text() == "⟦Memory · %1⟧".replace("%1", "Helper")
        assert page.count_label.text() == "⟦2 entry(ies)⟧"
        assert "⟦Revert this change…⟧" in texts.values()
        assert page.dream_panel.schedule.next_label.text().startswith("⟦")
        assert not unmarked(texts), unmarked(texts)
    finally:
        QApplication.instance().removeTranslator(pseudo)  # type: ignore[union-attr]
    qtbot.waitUntil(lambda: page.fixed_title.text() == "Fixed memory", timeout=3000)
    assert page.count_label.text() == "2 entries"


def test_the_memory_page_follows_a_switch_to_chinese_and_japanese(window: Any, services: Any, qtbot: Any) -> None:
    """Issue 27: the open Memory page follows View → Language at once — titles, buttons,
    the schedule's frequencies and weekdays, the counts — and English comes back."""
    page = _open(window, services, qtbot)
    panel = page.dream_panel
    try:
        window.view.language_actions[UiLanguage.CHINESE_SIMPLIFIED].trigger()
        qtbot.waitUntil(lambda: page.fixed_title.text() == "固定记忆", timeout=3000)
        assert page.header.title.text() == "记忆 · Helper" and page.count_label.text() == "2 条"
        assert page.switch.row.title.text() == "记忆已开启" and page.add_action.text() == "添加记忆"
        assert panel.dream_now_button.text() == "立即做梦" and panel.count_label.text() == "0 张卡片"
        assert panel.tabs.tabText(1) == "提议" and page.dreaming.title.text() == "梦境记忆"
        form = panel.schedule
        # walk55 #1: one word per concept — the group, the run, the cards, the document
        assert (form.schedule_row.title.text(), form.keep_row.title.text(), panel.cards_title.text()) == (
            "定时做梦", "保留梦境卡片数", "动态记忆")
        assert all(f"<b>{w}</b>" in page.dreaming.title.toolTip() for w in ("梦境记忆", "做梦", "梦境卡片", "动态记忆"))
        assert [form.frequency_combo.itemText(i) for i in range(3)] == ["关闭", "每天", "每周"]
        assert form.weekday_combo.itemText(0) == "星期日"
        # the schedule typed, not saved: the local time beside the UTC one and the next-dream line
        form.local_zone = (ZoneInfo("Europe/Berlin"), "Berlin")
        form.clock = lambda: datetime(2026, 12, 2, 13, 20, tzinfo=UTC)
        form.frequency_combo.setCurrentIndex(1)  # Daily at 02:00 UTC
        assert form.local_label.text() == "(Berlin 03:00)"
        assert form.next_label.text() == "尚未保存：点击下方的“保存”即可使用此计划。"
        # a service's fixed reason reaches the page's error line in the language too
        assert user_message(StaleDocument()) == "打开后记忆已在另一个窗口或命令中被更改；未保存任何内容"
        window.view.language_actions[UiLanguage.JAPANESE].trigger()
        qtbot.waitUntil(lambda: page.fixed_title.text() == "固定メモリ", timeout=3000)
        assert page.count_label.text() == "2 件" and panel.dream_now_button.text() == "今すぐドリーム"
        assert (page.dreaming.title.text(), form.schedule_row.title.text(), form.keep_row.title.text(),
                panel.cards_title.text()) == ("ドリームメモリ", "予定ドリーム", "残すドリームカード数", "動的メモリ")
        assert all(f"<b>{w}</b>" in page.dreaming.title.toolTip()
                   for w in ("ドリームメモリ", "ドリーム", "ドリームカード", "動的メモリ"))
        assert form.frequency_combo.itemText(1) == "毎日" and form.weekday_combo.itemText(1) == "月曜日"
        assert form.local_label.text() == "(Berlin で 03:00)" and form.next_label.text().startswith("まだ保存していません")
    finally:
        window.view.language.apply(UiLanguage.ENGLISH)
        qtbot.waitUntil(lambda: window.rail.buttons[RailEntry.CHATS].accessibleName() == "Chats", timeout=3000)
        window.view.language.apply(UiLanguage.SYSTEM)
    qtbot.waitUntil(lambda: page.fixed_title.text() == "Fixed memory", timeout=3000)
    assert page.count_label.text() == "2 entries" and panel.count_label.text() == "0 cards"
    assert panel.schedule.frequency_combo.itemText(1) == "Daily"
    assert panel.schedule.local_label.text() == "(03:00 in Berlin)"


@pytest.mark.parametrize("state", ["anchored_with_tail", "corrected", "over_budget", "tools_withheld"])
def test_every_text_of_the_token_popover_is_marked(qtbot: Any, services: Any, fake_vendor: Any, state: str) -> None:
    """Issue 27: the token popover — its title, headline, rows (group titles, part labels,
    the adjustment's label and note), budget, policy, history and tools lines, buttons —
    is said in the interface language; under a pseudo-locale installed while it is open
    every text it shows comes back marked (the provider's own words excepted)."""
    from chathub_desktop.gui.context.token_badge import TokenBadge
    from tests import meter_states

    topic, draft, attachments = meter_states.STATES[state](services, fake_vendor)
    e = services.estimates.estimate(topic, draft, attachments)
    badge = TokenBadge()
    qtbot.addWidget(badge)
    badge.bind_services(services)
    badge.bind_controller(lambda _t: None, lambda _t: None, lambda _t: False, lambda _t: None)
    badge.show()
    badge.show_estimate(e)
    badge.open_popover()
    pop = badge.popover
    qtbot.waitExposed(pop)
    for g in list(pop.table.expanders):
        pop.table.set_open(g, True)
    pop._show_details(True)
    pseudo = _Pseudo()
    QApplication.instance().installTranslator(pseudo)  # type: ignore[union-attr]
    try:
        qtbot.waitUntil(lambda: pop.summary_button.text() == "⟦View topic summary⟧", timeout=3000)

        def popover_texts() -> dict[str, str]:
            texts = {k: v for k, v in shown_texts(pop).items() if not k.endswith(" tip") or "cacheHelp" not in k}
            texts.pop(next((k for k in texts if "cacheLine" in k), ""), None)  # the provider's cache report
            return {k: v for k, v in texts.items() if re.search(r"[A-Za-z]", re.sub(r"<[^>]+>", "", v))}  # figures

        # the refilled rows replace the old ones once their deleteLater has run
        qtbot.waitUntil(lambda: not unmarked(popover_texts()), timeout=3000)
        texts = popover_texts()
        assert any(v.startswith("⟦<b>Next request estimate") for v in texts.values())
        assert not unmarked(texts), unmarked(texts)
    finally:
        QApplication.instance().removeTranslator(pseudo)  # type: ignore[union-attr]
    qtbot.waitUntil(lambda: pop.summary_button.text() == "View topic summary", timeout=3000)
    assert "Total Used" in pop.table.grid.itemAtPosition(pop.table.grid.rowCount() - 1, 2).widget().text()
