"""Walk55b #3 (issue 30, DRM-2): Off / Daily / Weekly stays where it is — its segments
had moved ~100 px sideways under the mouse as "on Sunday" and "(15:30 in Berlin)" came
and went beside them, and again when the local time said another place. A user in
Berlin with a fixed clock, on a page as wide as a 1366- and an 800-pixel window's, in
English and in 日本語. And the last scheduled run (DRM-5) at 800 px: a failure with a long
reason was ~12 lines beside Weekly; it is at most three, its reason behind Details…."""

from __future__ import annotations

import contextlib
import html
import re
from dataclasses import replace
from datetime import UTC, date, datetime
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QPushButton

from chathub_desktop.core.dream_schedule import DreamStatus
from chathub_desktop.gui.design.audit import audit_window
from chathub_desktop.services.dream.dream_run_ledger import LastRun
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


#: A reason as long as a provider's error body (walk55b: ~12 lines beside Weekly at 800 px).
LONG_REASON = ("the History Compress model failed: HTTP 500: upstream exploded while reading the response body "
               "(request id 7f3a9c2e-51b4-4d0e-9a61-3c2b8e0f4d17); the provider said: The server had an error "
               "while processing your request. Sorry about that!")


def test_a_failed_run_is_one_short_line_at_800_px_with_its_reason_behind_details(
        page: Any, services: Any, assistant: int, qtbot: Any) -> None:
    """DRM-5 at 800 px with Weekly stored: the last run says when, the day, "failed", its
    reason's first 80 characters and when it is tried again in at most three lines, nothing
    cut (the design audit); Details… shows the whole reason, as the tooltip does."""
    services.dreams.set_schedule(assistant, "weekly", "14:30", 3)
    form = page.dream_panel.schedule
    form.local_zone = BERLIN
    page.dream_panel.schedule_reload()
    qtbot.waitUntil(lambda: form.view is not None and form.view.schedule.frequency.value == "weekly", timeout=5000)
    qtbot.waitUntil(lambda: not page.runner.pending(), timeout=5000)
    assert form.view is not None
    form.clock = lambda: datetime(2026, 12, 3, 9, 0, tzinfo=UTC)  # Thursday, 10:00 in Berlin
    failed = LastRun(date(2026, 12, 1), DreamStatus.FAILED, datetime(2026, 12, 2, 14, 30, tzinfo=UTC),
                     datetime(2026, 12, 2, 14, 31, tzinfo=UTC), LONG_REASON,
                     datetime(2026, 12, 9, 14, 30, tzinfo=UTC))
    form.view = replace(form.view, last_run=failed, next_at=datetime(2026, 12, 9, 14, 30, tzinfo=UTC))
    form.set_memory_enabled(True)  # says the lines again
    page.resize(800 - 56, 1000)  # an 800-pixel window's page, tall enough to show the whole form
    layout_at_rest(page, qtbot)
    line = form.last_run_label
    said = html.unescape(re.sub(r"<[^>]+>", "", line.text()))
    assert said == (
        "Last scheduled run: yesterday at 15:30 in Berlin (14:30\u00a0UTC), over 1\u00a0Dec\u00a02026 (UTC) — "
        f"failed: {LONG_REASON[:79]}… It is tried again from 9\u00a0Dec\u00a02026 at 15:30 in Berlin "
        "(14:30\u00a0UTC). Details…")
    assert line.height() <= 3 * line.fontMetrics().lineSpacing() + 4, line.height()  # three lines at most
    assert audit_window(page, "light").clipped == []
    assert LONG_REASON in line.toolTip()
    assert line.focusPolicy() == Qt.FocusPolicy.StrongFocus  # Tab reaches Details…
    line.linkActivated.emit("details")  # Details…
    dialog = line.details_dialog
    assert dialog is not None and dialog.isVisible()
    details = dialog.text.toPlainText()  # its no-break spaces read as spaces
    assert details.startswith("The scheduled dream over 1 Dec 2026 (UTC) failed yesterday at 15:30 in Berlin "
                              "(14:30 UTC).")
    assert f"Reason: {LONG_REASON}" in details
    assert details.endswith("It is tried again from 9 Dec 2026 at 15:30 in Berlin (14:30 UTC).")
    dialog.close()
