"""Memlook52 (issue 30): the Memory page reads as a page of setting cards, not a
configuration form — the memory switch and Topic snippets as switch rows, the dream
schedule described in words with its local time (DRM-2), Save and Cancel at the card's
foot only while the form differs from what is stored, one readable column."""

from __future__ import annotations

from datetime import UTC, datetime
from zoneinfo import ZoneInfo

import pytest

from chathub_desktop.gui.design.tokens import Width
from chathub_desktop.gui.settings.setting_rows import SettingRow


def idle(qtbot, p) -> None:  # type: ignore[no-untyped-def]
    qtbot.waitUntil(lambda: not p.runner.pending() and not p.busy and not p.refresh.timer.isActive(), timeout=5000)


def test_the_switches_are_setting_rows_with_the_switch_at_the_right(page, qtbot):  # type: ignore[no-untyped-def]
    """MEM-1, DRM-1, APP-6: the memory switch and Topic snippets are rows — the title
    (the memory switch's says its state: "Memory on") and its ``?`` over what it does,
    the switch at the right of the row."""
    qtbot.waitUntil(page.memory_switch.isVisible, timeout=5000)
    for row, switch, title, name in ((page.switch.row, page.memory_switch, "Memory on", "Assistant memory"),
                                     (page.dreaming.snippets_row, page.snippets_switch, "Topic snippets",
                                      "Topic snippets")):
        assert isinstance(row, SettingRow) and row.title.text().replace("&", "") == title
        assert switch.accessibleName() == name and not switch.text()  # the row names it, not a box's label
        assert row.description is not None and row.description.text()
        assert switch.mapTo(row, switch.rect().center()).x() > row.width() * 3 // 4  # at the right
    assert page.switch_help.isVisible() and page.dreaming.snippets_help.isVisible()


def test_the_page_is_one_readable_column(page, qtbot):  # type: ignore[no-untyped-def]
    """Memlook52: on a wide window the content is a column of the Settings pages' width,
    centred (not hugging the left edge across 1,300 px)."""
    page.resize(1366, 740)
    qtbot.waitUntil(lambda: page.switch.card.width() <= Width.SETTINGS, timeout=5000)
    card = page.switch.card
    left = card.mapTo(page, card.rect().topLeft()).x()
    right = page.width() - (left + card.width())
    assert abs(left - right) <= page.body_scroll.verticalScrollBar().width() + 2  # centred


def test_the_schedule_says_what_it_does_in_words_and_save_shows_only_for_a_change(page, services, assistant,
                                                                                  qtbot):  # type: ignore[no-untyped-def]
    """DRM-2: stored Daily 02:00 UTC reads "Every day at 02:00 UTC — 03:00 in Berlin. Next
    dream: tomorrow at 03:00 in Berlin (02:00 UTC)"; Save and Cancel show at the card's
    foot only while the form differs from what is stored, and Cancel puts the stored schedule back, writing nothing."""
    services.dreams.set_schedule(assistant, "daily", "02:00", 0)
    panel = page.dream_panel
    form = panel.schedule
    form.local_zone = (ZoneInfo("Europe/Berlin"), "Berlin")
    form.clock = lambda: datetime(2026, 12, 2, 13, 20, tzinfo=UTC)
    panel.schedule_reload()
    qtbot.waitUntil(lambda: form.view is not None and form.view.schedule.frequency == "daily", timeout=5000)
    idle(qtbot, page)
    text = form.next_label.text()
    assert text.startswith("Every day at 02:00 UTC — 03:00 in Berlin. Next dream: "), text
    assert form.foot.isHidden() and not form.save_button.isVisible()  # nothing to save: no Save in sight
    form.frequency_combo.setCurrentIndex(form.frequency_combo.findData("weekly"))
    form.time_edit.setText("03:30")
    assert form.foot.isVisible() and form.save_button.isEnabled() and form.cancel_button.isEnabled()
    form.cancel_button.click()
    assert form.frequency_combo.currentData() == "daily" and form.time_edit.text() == "02:00"
    assert form.foot.isHidden() and form.next_label.text() == text
    assert services.dreams.settings(assistant).schedule.time_utc == "02:00"  # nothing was written


def test_when_words_names_yesterday_today_and_tomorrow_where_the_user_is() -> None:
    """Memlook52 ("Next: tonight"): a dream's time says yesterday, today or tomorrow by the
    user's own calendar, else only its day, in the user's time with UTC beside it
    (audit54b #6); neither the day nor "(… UTC)" wraps inside (walk55); a weekly plan
    names its weekday and local day."""
    from chathub_desktop.core.dream_schedule import Schedule
    from chathub_desktop.gui.memory.dream_words import plan_words, weekday_name, when_words

    berlin = ZoneInfo("Europe/Berlin")
    now = datetime(2026, 12, 2, 22, 30, tzinfo=UTC)  # 23:30 in Berlin
    # audit54b #6: the user's time first, UTC beside it
    assert when_words(datetime(2026, 12, 2, 22, 45, tzinfo=UTC), now, berlin, "Berlin") == (
        "today at 23:45 in Berlin (22:45\u00a0UTC)")
    assert when_words(datetime(2026, 12, 2, 23, 0, tzinfo=UTC), now, berlin, "Berlin") == (
        "tomorrow at 00:00 in Berlin (23:00\u00a0UTC)")  # tomorrow there, though today in UTC
    assert when_words(datetime(2026, 12, 5, 2, 0, tzinfo=UTC), now, berlin, "Berlin") == (
        "5\u00a0Dec\u00a02026 at 03:00 in Berlin (02:00\u00a0UTC)")  # the day never wraps inside
    assert when_words(datetime(2026, 12, 1, 21, 24, tzinfo=UTC), now, berlin, "Berlin") == (
        "yesterday at 22:24 in Berlin (21:24\u00a0UTC)")  # a run that was (walk55: the last run)
    assert when_words(datetime(2026, 12, 1, 23, 30, tzinfo=UTC), now, berlin, "Berlin") == (
        "today at 00:30 in Berlin (23:30\u00a0UTC)")  # yesterday in UTC, today there
    assert when_words(datetime(2026, 12, 3, 2, 0, tzinfo=UTC), now, UTC, "UTC") == "tomorrow at 02:00 UTC"
    weekly = Schedule("weekly", "23:30", 0)  # Sunday 23:30 UTC is Monday 00:30 in Berlin
    assert plan_words(weekly, datetime(2026, 12, 6, 23, 30, tzinfo=UTC), berlin, "Berlin") == (
        f"Every {weekday_name(0)} at 23:30 UTC — {weekday_name(1)} 00:30 in Berlin")  # the interface's day names
    assert plan_words(Schedule("daily", "02:00"), datetime(2026, 12, 3, 2, 0, tzinfo=UTC), UTC, "UTC") == (
        "Every day at 02:00 UTC")


def test_the_page_scrolls_over_the_dream_cards_as_one(page, services, assistant, qtbot):  # type: ignore[no-untyped-def]
    """Memlook52: the dream list is as tall as its cards — no scroll of its own inside the
    page's — and a card made current (its keys, Select) is brought into the page's view;
    the fixed list keeps its own view (10,000 entries stay virtualised)."""
    from tests.gui.test_memory_page_walk29 import seed

    seed(services, assistant, 12)
    page.resize(1366, 740)
    panel = page.dream_panel
    panel.schedule_reload()
    page.schedule_reload()
    qtbot.waitUntil(lambda: panel.model.rowCount() == 12 and page.model.total() == 12, timeout=5000)
    cards = panel.list
    qtbot.waitUntil(lambda: cards.height() >= panel.grow.content_height()
                    and cards.verticalScrollBar().maximum() == 0, timeout=5000)
    bar = page.body_scroll.verticalScrollBar()
    qtbot.waitUntil(lambda: bar.maximum() > 0, timeout=3000)  # the page scrolls (its range follows the layout)
    assert bar.value() == 0  # from its top
    panel.select_number(1)  # the oldest: the last row (newest first, walk56 #8)

    def whole() -> bool:  # card #1 whole in the page's view, once the page's layout has settled
        rect = cards.visualRect(panel.model.index(11))
        top = cards.viewport().mapTo(page.body_scroll.viewport(), rect.topLeft()).y()
        return bar.value() > 0 and 0 <= top and top + rect.height() <= page.body_scroll.viewport().height()

    qtbot.waitUntil(whole, timeout=3000)


@pytest.mark.parametrize("lang", ["en", "zh_CN", "ja"])
def test_the_switch_row_says_what_its_current_state_means(page, qtbot, lang):  # type: ignore[no-untyped-def]
    """MEM-1, walk53c #2, memview54: under a ticked switch the row's title says "Memory on"
    and its line what that means, not "Off: …"; a click to off says "Memory off" and the Off
    line at once; both in the interface language after a switch."""
    import shiboken6
    from PySide6.QtCore import QCoreApplication, QLocale, QObject
    from PySide6.QtWidgets import QApplication

    from chathub_desktop.core.ui_language import UiLanguage
    from chathub_desktop.gui.shell.i18n import LanguageSwitcher

    qtbot.waitUntil(page.memory_switch.isVisible, timeout=5000)
    owner = QObject()
    app = QApplication.instance()
    try:
        LanguageSwitcher(owner, app, None).apply(UiLanguage(lang))
        on, off, on_title, off_title = (QCoreApplication.translate("MemoryPage", t) for t in (
            "Your fixed memory and dream cards are sent with every chat; the dream runs and the model may use its "
            "memory tools.",
            "Nothing is sent with your chats, no dream runs and the model gets no memory tools. Your entries stay "
            "here.", "M&emory on", "M&emory off"))
        assert lang == "en" or (on_title.startswith(("记忆已开启", "メモリ：オン")) and on != off)
        description, title = page.switch.row.description, page.switch.row.title
        assert page.memory_switch.isChecked()
        qtbot.waitUntil(lambda: description.text() == on and title.text() == on_title, timeout=5000)  # re-said
        page.memory_switch.click()
        assert description.text() == off and title.text() == off_title
        idle(qtbot, page)
        assert not page.memory_switch.isChecked() and description.text() == off and title.text() == off_title
    finally:
        shiboken6.delete(owner)
        QLocale.setDefault(QLocale("en"))


def test_the_next_dream_day_never_wraps_inside(qtbot) -> None:  # type: ignore[no-untyped-def]
    """Audit54b #6: in 简体中文 at 800×560 the next-dream line broke inside "（明|天）".
    The day is kept together: at any width Qt lays the line out, no line starts inside
    "明天" nor inside a date ("30 Mar 2026")."""
    from PySide6.QtGui import QFont, QTextLayout

    from chathub_desktop.gui.memory.dream_words import keep_together

    for day in ("明天", "2026年3月30日", "30 Mar 2026"):
        kept = keep_together(day)
        assert kept.replace("\u2060", "").replace("\u00a0", " ") == day
        text = "每天 UTC 02:00 — Berlin 03:00。下次做梦：" + kept + " Berlin 03:00（UTC 02:00）。"
        start, end = text.index(kept), text.index(kept) + len(kept)
        for width in range(20, 400, 7):
            layout = QTextLayout(text, QFont())
            layout.beginLayout()
            starts = []
            while (line := layout.createLine()).isValid():
                line.setLineWidth(width)
                starts.append(line.textStart())
            layout.endLayout()
            assert not [s for s in starts if start < s < end], (day, width, starts)
