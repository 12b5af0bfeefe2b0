"""Walk55b #3 (issue 30, DRM-2): Off / Daily / Weekly stays where it is — its segments
had moved ~100 px sideways under the mouse as "on Sunday" and "(15:30 in Berlin)" came
and went beside them, and again when the local time said another place. A user in
Berlin with a fixed clock, on a page as wide as a 1366- and an 800-pixel window's, in
English and in 日本語."""

from __future__ import annotations

import contextlib
from datetime import UTC, datetime
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from PySide6.QtCore import QPoint
from PySide6.QtWidgets import QPushButton

from tests.gui.helpers import layout_at_rest
from tests.gui.test_i18n_service_texts import _language

BERLIN = (ZoneInfo("Europe/Berlin"), "Berlin")
#: Page widths of a 1366- and an 800-pixel window (the rail beside the page).
WIDTHS = [1366 - 56, 800 - 56]


def _segments(form: Any, page: Any) -> list[tuple[int, int, int, int]]:
    """Each segment of Off / Daily / Weekly as the page has it: x, y, width, height."""
    out = []
    for b in form.frequency_combo.findChildren(QPushButton):
        at = b.mapTo(page, QPoint(0, 0))
        out.append((at.x(), at.y(), b.width(), b.height()))
    return out


@pytest.mark.parametrize("language", ["en", "ja"])
@pytest.mark.parametrize("width", WIDTHS)
def test_off_daily_weekly_stays_put_as_the_texts_beside_it_change(page: Any, qtbot: Any, width: int,
                                                                   language: str) -> None:
    """Off → Daily (the time in Berlin appears) → Weekly on Wednesday (the longest day
    name) → the local time says another place → Off again: each segment keeps its place
    and size on the page; the row fits the page and the local time shows whole."""
    page.resize(width, 700)
    form = page.dream_panel.schedule
    form.local_zone = BERLIN
    form.clock = lambda: datetime(2026, 12, 2, 13, 20, tzinfo=UTC)
    qtbot.waitUntil(lambda: form.view is not None and form.frequency_combo.isVisible(), timeout=5000)
    with _language(language) if language != "en" else contextlib.nullcontext():
        layout_at_rest(page, qtbot)
        assert form.frequency().value == "off" and form.local_label.isHidden() and form.weekday_combo.isHidden()
        off = _segments(form, page)
        assert len(off) == 3
        form.frequency_combo.setCurrentIndex(form.frequency_combo.findData("daily"))
        form.time_edit.setText("14:30")
        layout_at_rest(page, qtbot)
        said = {"en": "(15:30 in Berlin)", "ja": "(Berlin で 15:30)"}[language]
        assert form.local_label.isVisible() and form.local_label.text() == said
        assert _segments(form, page) == off
        form.frequency_combo.setCurrentIndex(form.frequency_combo.findData("weekly"))
        form.weekday_combo.setCurrentIndex(form.weekday_combo.findData(3))  # Wednesday
        layout_at_rest(page, qtbot)
        assert form.weekday_combo.isVisible()
        assert _segments(form, page) == off
        form.local_zone = (ZoneInfo("America/Argentina/Buenos_Aires"), "Buenos Aires")
        layout_at_rest(page, qtbot)
        said = {"en": "(11:30 in Buenos Aires)", "ja": "(Buenos Aires で 11:30)"}[language]
        assert form.local_label.text() == said
        assert _segments(form, page) == off
        label = form.local_label
        assert label.width() >= label.sizeHint().width()  # said whole
        row = form.schedule_row
        assert row.mapTo(page, QPoint(0, 0)).x() + row.width() <= page.width()  # nothing cut at the right
        form.frequency_combo.setCurrentIndex(form.frequency_combo.findData("off"))
        layout_at_rest(page, qtbot)
        assert _segments(form, page) == off
