"""Memview54 (issue 30, walk53c): the Memory page's texts follow a language switch where
they did not — a range card's day headings kept the old language until the next reload —
and Search's "Memory & dream cards" tab reads as one name with no ``&&`` in zh_CN / ja."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest
import shiboken6
from PySide6.QtCore import QLocale, QObject
from PySide6.QtWidgets import QApplication

from chathub_desktop.core.ui_language import UiLanguage
from chathub_desktop.gui.memory.card_markdown import HEADING_MARK
from chathub_desktop.gui.shell.day_format import format_day
from chathub_desktop.gui.shell.i18n import LanguageSwitcher
from tests.gui.test_dream_panel import helper, idle, open_page, seed_cards, summ  # noqa: F401


@pytest.mark.parametrize("lang", ["zh_CN", "ja"])
def test_a_range_cards_day_headings_follow_a_language_switch(  # type: ignore[no-untyped-def]
        open_page, services, helper, qtbot, lang):  # noqa: F811
    """Memview54: an expanded range card's day headings ("20 Nov 2026") are said in the
    new language's date style right after a switch (they kept English until a reload),
    and in English again after switching back; the stored ``[date:…]`` marks are kept."""
    seed_cards(services, helper, [date(2026, 11, 20 + k) for k in range(4)])
    services.dreams.set_keep(helper, 2)  # the two oldest fold into one range card
    page = open_page(helper)
    panel = page.dream_panel
    qtbot.waitUntil(lambda: panel.model.rowCount() == 3, timeout=5000)
    rng = panel.model.row_of(1)  # the range card, #1: the last row (newest first, walk56 #8)
    assert panel.model.toggle_fold(rng)  # expanded, as Space does
    assert panel.model.face(rng).text.split("\n")[0] == HEADING_MARK + "20 Nov 2026"  # type: ignore[union-attr]
    owner = QObject()
    switcher = LanguageSwitcher(owner, QApplication.instance(), None)
    try:
        switcher.apply(UiLanguage(lang))
        said = format_day(date(2026, 11, 20))
        assert said != "20 Nov 2026" and "2026" in said  # the language's own date style
        first = lambda: panel.model.face(rng).text.split("\n")[0]  # type: ignore[union-attr]  # noqa: E731
        qtbot.waitUntil(lambda: first() == HEADING_MARK + said, timeout=3000)  # the switch's event is posted
        assert HEADING_MARK + format_day(date(2026, 11, 21)) in panel.model.face(rng).text  # type: ignore[union-attr]
        switcher.apply(UiLanguage.ENGLISH)
        qtbot.waitUntil(lambda: first() == HEADING_MARK + "20 Nov 2026", timeout=3000)
    finally:
        shiboken6.delete(owner)
        QLocale.setDefault(QLocale("en"))
    assert "[date:2026-11-20]" in services.dreams.document(helper)  # display only
    idle(qtbot, panel)


@pytest.mark.parametrize(("lang", "name"), [(UiLanguage.CHINESE_SIMPLIFIED, "记忆与梦境卡片"),
                                            (UiLanguage.JAPANESE, "メモリとドリームカード")])
def test_searchs_memory_tab_reads_as_one_name_in_chinese_and_japanese(
        window: Any, qtbot: Any, lang: UiLanguage, name: str) -> None:
    """Memview54: the Memory tab's name is "Memory && dream cards" in the source (``&&``:
    a literal "&" in a tab); its zh_CN / ja names join the words in the language and hold
    no "&" at all, so no stray "&&" or mnemonic can show; English shows "Memory & dream cards"."""
    page = window.search.open()
    try:
        window.view.language_actions[lang].trigger()
        qtbot.waitUntil(lambda: page.tabs.tabText(1) == name, timeout=3000)
        assert "&" not in page.tabs.tabText(1)
    finally:
        window.view.language.apply(UiLanguage.SYSTEM)
        QLocale.setDefault(QLocale("en"))
    qtbot.waitUntil(lambda: page.tabs.tabText(1) == "Memory && dream cards", timeout=3000)
