"""walk51b #3 and #6 (issues 30, 27): the Memory page's dynamic-memory icons were split over
two rows, and a failed dream (which leaves no card selected) hid Regenerate and greyed
Edit and Delete, so the icons jumped; now they are one row and a button that does not
apply is greyed in place and says why. In 简体中文 every heading lost its bold: headings
were weight 600, and Qt synthesizes a bold for a face with none (the CJK fallback
WenQuanYi Micro Hei) only from 700; the fallback also took over the Latin text."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from datetime import time as dtime
from typing import Any

import pytest
from PySide6.QtCore import QModelIndex, QPoint
from PySide6.QtGui import QColor, QFont, QFontInfo, QImage, QPainter
from PySide6.QtWidgets import QApplication, QLabel

from chathub_desktop.core.messages import Role
from chathub_desktop.core.ui_language import UiLanguage
from chathub_desktop.gui.memory import change_preview
from tests.fakes.vendor_server import Reply
from tests.gui.helpers import add_fake_provider, reload_assistants
from tests.gui.test_dream_panel import helper, idle, open_page, seed_cards, summ  # noqa: F401  (fixtures)

#: An answer stopped at the token limit before its first complete line: the dream fails.
CUT = Reply(text_chunks=["The person worked with the assistant and asked"], finish_reason="length")


def _icons(panel: Any) -> list[Any]:
    return [panel.regenerate_button, panel.edit_button, panel.delete_button, panel.more_button]


def _places(panel: Any) -> list[tuple[int, int]]:
    """Each icon's top-left in the panel, and all of them shown."""
    assert all(b.isVisibleTo(panel) for b in _icons(panel))
    return [(p.x(), p.y()) for p in (b.mapTo(panel, QPoint(0, 0)) for b in _icons(panel))]


def _settled_places(panel: Any, qtbot: Any) -> list[tuple[int, int]]:
    """:func:`_places` once the page's layout has settled (a resize relays the schedule's
    wrapped lines and the toolbar's labels over a few turns): the same twice 200 ms apart."""
    last: list[tuple[int, int]] = []
    for _ in range(25):
        qtbot.wait(200)
        now = _places(panel)
        if now == last:
            return now
        last = now
    raise AssertionError(f"the Dynamic memory row kept moving: {last}")


@pytest.mark.parametrize("width", [1366, 800])
def test_the_card_icons_are_one_row_and_stay_put_after_a_failed_dream(
        open_page, services, helper, summ, qtbot, monkeypatch, width: int) -> None:  # type: ignore[no-untyped-def]  # noqa: F811
    """walk51b #3: the row's buttons share one row at 1366 and 800 px, and their places are the
    same with a card selected, after a failed dream with none selected, and back from
    Proposals (where the cards' buttons hide without moving the tabs)."""
    monkeypatch.setattr(change_preview, "ask", lambda *_a: "add")
    services.models.set("gpt-5-mini", 8192, provider="Summ", max_output=600)
    day = datetime.now(UTC).date() - timedelta(days=1)
    topic = services.topics.create(helper, title="Yesterday's chat").id
    services.chat.append_row(topic, role=Role.USER, content="Short answers please",
                             created_at=datetime.combine(day, dtime(9, 0, tzinfo=UTC)))
    seed_cards(services, helper, [day - timedelta(days=3)])
    page = open_page(helper)
    page.resize(width, 700)
    panel = page.dream_panel
    qtbot.waitUntil(lambda: panel.model.rowCount() == 1 and panel.day_picker.count() == 1
                    and not panel.runner.pending(), timeout=5000)
    panel.select_number(1)
    body = page.body_scroll  # the page settled at its width first (memlook52: the column is centred in it)
    qtbot.waitUntil(lambda: body.widget().width() == body.viewport().width(), timeout=3000)
    before = _settled_places(panel, qtbot)
    assert len({y for _x, y in before}) == 1  # one row
    assert all(b.isEnabled() for b in _icons(panel))
    assert not panel.restore_action.isEnabled()  # in the overflow menu: nothing to restore yet
    summ.script(CUT)
    assert panel.runs.dream_now() is not None
    qtbot.waitUntil(lambda: bool(panel.failure_bar.summary), timeout=15000)
    idle(qtbot, panel)
    panel.list.setCurrentIndex(QModelIndex())  # no card selected, as after walk51b's failed dream
    assert _places(panel) == before
    for b in (panel.regenerate_button, panel.edit_button, panel.delete_button):
        assert not b.isEnabled() and b.toolTip().endswith("\nOpen the Cards tab and select a card first.")
    tabs_at = panel.tabs.mapTo(panel, QPoint(0, 0))
    panel.show_proposals()  # the cards' own buttons hide there (walk52 #4); nothing moves
    assert all(b.isHidden() for b in (panel.regenerate_button, panel.edit_button, panel.delete_button))
    assert panel.tabs.mapTo(panel, QPoint(0, 0)) == tabs_at
    panel.tabs.setCurrentIndex(0)
    panel.select_number(1)
    assert _places(panel) == before and panel.edit_button.isEnabled() and "\n" not in panel.edit_button.toolTip()


def _ink(font: QFont, text: str) -> int:
    """How much black ``text`` in ``font`` paints on white (the sum of 255 − red)."""
    image = QImage(600, 80, QImage.Format.Format_ARGB32)
    image.fill(QColor("white"))
    p = QPainter(image)
    p.setFont(font)
    p.setPen(QColor("black"))
    p.drawText(8, 50, text)
    p.end()
    return sum(255 - QColor(image.pixel(x, y)).red() for x in range(600) for y in range(80))


def test_headings_keep_their_bold_in_chinese(window: Any, services: Any, fake_vendor: Any, qtbot: Any) -> None:
    """walk51b #6: in 简体中文 the chat header's title, the assistant's name and the section
    headings are bold (700) and paint darker than regular, Latin and CJK alike."""
    _pid, aid = add_fake_provider(services, fake_vendor.base_url)
    reload_assistants(window, qtbot, aid)
    latin = QFontInfo(QApplication.font()).family()
    try:
        window.view.language_actions[UiLanguage.CHINESE_SIMPLIFIED].trigger()
        qtbot.waitUntil(lambda: window.composer.send_button.text() != "Send", timeout=3000)
        names = ("chatHeaderTitle", "assistantTitle", "sectionLabel", "pageTitle")
        heads = [w for w in window.findChildren(QLabel) if w.objectName() in names]
        assert {w.objectName() for w in heads} >= {"chatHeaderTitle", "assistantTitle", "sectionLabel"}
        for label in heads:
            label.ensurePolished()
            bold = label.font()
            regular = QFont(bold)
            regular.setWeight(QFont.Weight.Normal)
            assert bold.weight() == QFont.Weight.Bold, label.objectName()
            for text in ("记忆话题", "Assistant"):  # each painted heavier than its regular (it was equal)
                assert _ink(bold, text) > 1.3 * _ink(regular, text), (label.objectName(), text)
            assert QFontInfo(bold).family() == latin  # Latin in the UI face, CJK from the fallback
    finally:
        window.view.language.apply(UiLanguage.SYSTEM)
