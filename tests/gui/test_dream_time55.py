"""Walk55 (issue 30, DRM-2, DRM-5): the dream schedule says every time one way — the
user's time first, UTC beside it, as the next-dream line ("tomorrow at 15:30 in Berlin
(14:30 UTC)"): the last scheduled run and its retry, the catch-up notice before Save;
and the foot's "Saved: …" adds the local time as the schedule row does. A user in
Berlin with a fixed clock, on both sides of the change to summer time (29 March 2026,
01:00 UTC)."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from dataclasses import replace
from datetime import UTC, date, datetime
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from chathub_desktop.core.dream_schedule import CatchUpWill, DreamStatus, RunNote, Slot
from chathub_desktop.services.container import Services
from chathub_desktop.services.dream.dream_run_ledger import LastRun
from chathub_desktop.services.dream.dream_service import CatchUp
from tests.gui.helpers import shown_memory_page
from tests.gui.shot_harness import shots_in_both_themes

BERLIN = (ZoneInfo("Europe/Berlin"), "Berlin")


@pytest.fixture
def assistant(services: Services) -> int:
    return services.assistants.create("Helper", model="gpt-4o-mini").id


@pytest.fixture
def page(qloop: Any, services: Services, assistant: int, qtbot: Any) -> Iterator[Any]:
    with shown_memory_page(services, assistant, qtbot) as p:
        yield p


def _plain(label_text: str) -> str:
    """A rich-text label's words (its tags dropped, entities read)."""
    return html.unescape(re.sub(r"<[^>]+>", "", label_text))


def _stored_daily(page: Any, services: Services, assistant: int, qtbot: Any, time_utc: str) -> Any:
    services.dreams.set_schedule(assistant, "daily", time_utc, 0)
    form = page.dream_panel.schedule
    form.local_zone = BERLIN
    page.dream_panel.schedule_reload()
    qtbot.waitUntil(lambda: form.view is not None and form.view.schedule.time_utc == time_utc, timeout=5000)
    qtbot.waitUntil(lambda: not page.runner.pending(), timeout=5000)
    return form


def test_the_last_run_says_its_time_as_the_next_dream_does(page: Any, services: Services, assistant: int,
                                                           qtbot: Any) -> None:
    """DRM-5, walk55: "Last scheduled run: 5 Dec 2026, 21:24 UTC, over 4 Dec 2026" was
    UTC only. It says the run's time as the next-dream line does — the user's day and
    time, UTC beside — and the UTC day it read; a failed run's retry the same way, each
    on its own day's clock (summer time starts between the run and its retry)."""
    form = _stored_daily(page, services, assistant, qtbot, "14:30")
    assert form.view is not None
    form.clock = lambda: datetime(2026, 12, 5, 21, 30, tzinfo=UTC)  # 22:30 in Berlin
    run = LastRun(date(2026, 12, 4), DreamStatus.EXISTS, datetime(2026, 12, 5, 21, 24, tzinfo=UTC),
                  datetime(2026, 12, 5, 21, 25, tzinfo=UTC), None, None)
    form.view = replace(form.view, last_run=run, next_at=datetime(2026, 12, 6, 14, 30, tzinfo=UTC))
    form.set_memory_enabled(True)  # says the lines again
    assert _plain(form.last_run_label.text()) == (
        "Last scheduled run: today at 22:24 in Berlin (21:24\u00a0UTC), over 4\u00a0Dec\u00a02026 (UTC) — the day "
        "already had a card")
    assert form.next_label.text() == ("Every day at 14:30 UTC — 15:30 in Berlin. Next dream: tomorrow at 15:30 in "
                                      "Berlin (14:30\u00a0UTC).")
    form.clock = lambda: datetime(2026, 3, 29, 12, 0, tzinfo=UTC)  # 14:00 in Berlin, summer time since 03:00
    failed = LastRun(date(2026, 3, 27), DreamStatus.FAILED, datetime(2026, 3, 28, 14, 30, tzinfo=UTC), None,
                     "upstream exploded", datetime(2026, 3, 29, 14, 30, tzinfo=UTC))
    form.view = replace(form.view, last_run=failed, next_at=datetime(2026, 3, 29, 14, 30, tzinfo=UTC))
    form.set_memory_enabled(True)
    assert _plain(form.last_run_label.text()) == (
        "Last scheduled run: yesterday at 15:30 in Berlin (14:30\u00a0UTC), over 27\u00a0Mar\u00a02026 (UTC) — "
        "failed: upstream exploded. It is tried again from today at 16:30 in Berlin (14:30\u00a0UTC). Details…")


def test_the_catch_up_notice_is_one_sentence_in_the_users_time(page: Any, qtbot: Any) -> None:
    """Issue 30, walk55: the notice before a Save that dreams at once mixed "the 5 Dec
    2026, 14:30 UTC run", "(now, 22:24 in Berlin)" and "over 4 Dec 2026 (UTC)". It is one
    sentence: the day it dreams over and the run it makes up for, in the user's time with
    UTC beside it (walk56 #9: "Saving starts a dream now over …"); the missed run on
    winter time, now on summer time."""
    form = page.dream_panel.schedule
    form.local_zone = BERLIN
    form.clock = lambda: datetime(2026, 12, 5, 21, 24, tzinfo=UTC)
    missed = Slot(datetime(2026, 12, 5, 14, 30, tzinfo=UTC), date(2026, 12, 4), "2026-12-04")
    assert form.catch_up_text(missed) == (
        "Saving starts a dream now over 4\u00a0Dec\u00a02026, for the run missed today at 15:30 in Berlin "
        "(14:30\u00a0UTC).")
    form.clock = lambda: datetime(2026, 3, 29, 12, 0, tzinfo=UTC)
    missed = Slot(datetime(2026, 3, 29, 0, 30, tzinfo=UTC), date(2026, 3, 28), "2026-03-28")
    assert form.catch_up_text(missed) == (
        "Saving starts a dream now over 28\u00a0Mar\u00a02026, for the run missed today at 01:30 in Berlin "
        "(00:30\u00a0UTC).")
    form.local_zone = (UTC, "UTC")  # the user's clock is UTC: the UTC time alone
    assert form.catch_up_text(missed) == (
        "Saving starts a dream now over 28\u00a0Mar\u00a02026, for the run missed today at 00:30 UTC.")


def test_walk56_a_schedule_typed_over_a_saved_one_says_once_what_save_does(
        page: Any, services: Services, assistant: int, qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Walk56 #9: with a saved schedule, typing another time stacked "Not saved yet: press
    Save below…", "Last scheduled run: … over 4 Dec 2026 (UTC) — the day already had a
    card" and "Saving dreams nothing now: 5 Dec 2026 (UTC), the day the missed run would
    read, has a card waiting for review." Now the foot says in one sentence what Save will
    do, naming the day; the row says only that the form is not saved, and the stored
    schedule's last run comes back with Cancel."""
    form = _stored_daily(page, services, assistant, qtbot, "01:05")
    assert form.view is not None
    form.clock = lambda: datetime(2026, 12, 5, 23, 40, tzinfo=UTC)
    run = LastRun(date(2026, 12, 4), DreamStatus.EXISTS, datetime(2026, 12, 5, 1, 5, tzinfo=UTC),
                  datetime(2026, 12, 5, 1, 6, tzinfo=UTC), None, None)
    form.view = replace(form.view, last_run=run)
    form.set_memory_enabled(True)
    assert form.last_run_label.isVisibleTo(form)
    missed = Slot(datetime(2026, 12, 5, 23, 35, tzinfo=UTC), date(2026, 12, 5), "2026-12-05")
    monkeypatch.setattr(services.dreams, "catch_up_on_save",
                        lambda *_a, **_k: CatchUp(missed, CatchUpWill.WAITS_REVIEW))
    form.time_edit.setText("23:35")
    qtbot.waitUntil(lambda: form.catch_up_label.isVisibleTo(form), timeout=5000)
    notice = form.catch_up_label.text()
    assert notice == "Saving won't start a dream now: 5\u00a0Dec\u00a02026 already has a card waiting for review."
    assert form.next_label.text() == "Not saved yet."
    assert not form.last_run_label.isVisibleTo(form)  # the stored schedule's run, not the one typed
    shown = [w.text() for w in (form.next_label, form.catch_up_label) if w.isVisibleTo(form)]
    assert len(shown) == 2 and "Save" not in shown[0]  # what Save does is said once
    shots_in_both_themes(form, "walk56-catch-up-waits-review")
    monkeypatch.setattr(services.dreams, "catch_up_on_save",
                        lambda *_a, **_k: CatchUp(missed, CatchUpWill.DREAMS))
    form.time_edit.setText("23:3")
    form.time_edit.setText("23:35")
    qtbot.waitUntil(lambda: form.catch_up_label.text().startswith("Saving starts"), timeout=5000)
    assert form.catch_up_label.text() == ("Saving starts a dream now over 5\u00a0Dec\u00a02026, for the run missed "
                                          "today at 00:35 in Berlin (23:35\u00a0UTC).")
    form.cancel_changes()
    assert form.last_run_label.isVisibleTo(form) and not form.catch_up_label.isVisibleTo(form)
    assert form.next_label.text().startswith("Every day at 01:05 UTC")
    qtbot.waitUntil(lambda: not page.runner.pending(), timeout=5000)


def test_saved_says_the_local_time_as_the_schedule_row_does(page: Any, services: Services, assistant: int,
                                                            qtbot: Any) -> None:
    """DRM-2, walk55: the foot said "Saved: Daily at 14:30 UTC" after Save, while the
    schedule row says the Berlin time beside it; it adds the local time of the next firing
    (15:30 on winter time, 16:30 once summer time has begun)."""
    form = page.dream_panel.schedule
    form.local_zone = BERLIN
    form.clock = lambda: datetime(2026, 12, 5, 21, 24, tzinfo=UTC)
    form.frequency_combo.setCurrentIndex(form.frequency_combo.findData("daily"))
    form.time_edit.setText("14:30")
    form.save_button.click()
    qtbot.waitUntil(form.saved_label.isVisible, timeout=5000)
    assert form.saved_label.text() == "Saved: Daily at 14:30 UTC — 15:30 in Berlin · keep 14 cards"
    form.clock = lambda: datetime(2026, 3, 28, 18, 0, tzinfo=UTC)  # the next firing is on summer time
    form.time_edit.setText("14:00")
    form.save_button.click()
    qtbot.waitUntil(lambda: form.saved_label.isVisible() and "14:00" in form.saved_label.text(), timeout=5000)
    assert form.saved_label.text() == "Saved: Daily at 14:00 UTC — 16:00 in Berlin · keep 14 cards"
    assert services.dreams.settings(assistant).schedule.time_utc == "14:00"
    qtbot.waitUntil(lambda: not page.runner.pending() and not page.busy, timeout=5000)


@pytest.mark.parametrize(("language", "utc_part"), [("ja", "（UTC 14:30）"), ("zh_CN", "（UTC 14:30）")])
def test_the_utc_time_beside_never_wraps_inside(qtbot: Any, language: str, utc_part: str) -> None:
    """Walk55: in 日本語 the next-dream line broke inside "（UTC | 14:30）". The UTC part
    is kept together like the day: at any width Qt lays the line out, no line starts
    inside it (日本語 and 简体中文)."""
    from PySide6.QtCore import QCoreApplication, QTranslator
    from PySide6.QtGui import QFont, QTextLayout

    from chathub_desktop.gui.memory.dream_words import when_words
    from chathub_desktop.gui.shell.i18n import translations_dir

    translator = QTranslator()
    assert translator.load(f"chathub_{language}", translations_dir())
    QCoreApplication.installTranslator(translator)
    try:
        said = when_words(datetime(2026, 12, 6, 14, 30, tzinfo=UTC), datetime(2026, 12, 5, 21, 24, tzinfo=UTC),
                          *BERLIN)
    finally:
        QCoreApplication.removeTranslator(translator)
    plain = said.replace("\u2060", "").replace("\u00a0", " ")
    assert plain == {"ja": "明日 Berlin で 15:30（UTC 14:30）", "zh_CN": "明天 Berlin 15:30（UTC 14:30）"}[language]
    text = f"每天 UTC 14:30 — Berlin 15:30。下次做梦：{said}。"
    kept = said[said.index("（"):]
    assert kept.replace("\u2060", "").replace("\u00a0", " ") == utc_part
    start, end = text.index(kept), text.index(kept) + len(kept)
    for width in range(20, 400, 7):
        layout = QTextLayout(text, QFont())
        layout.beginLayout()
        starts = []
        while (line := layout.createLine()).isValid():
            line.setLineWidth(width)
            starts.append(line.textStart())
        layout.endLayout()
        assert not [s for s in starts if start < s < end], (width, starts)


def test_a_stopped_run_is_said_in_the_users_time_and_language(page: Any, services: Services, assistant: int,
                                                               qtbot: Any) -> None:
    """Issue 10's notes (a run that stopped without finishing, one gone silent, one
    retried) came from the service in English and UTC only (walk55): the schedule row says
    them in the interface language, in the user's time with UTC beside it."""
    from tests.gui.test_i18n_service_texts import _language

    form = _stored_daily(page, services, assistant, qtbot, "14:30")
    assert form.view is not None
    form.clock = lambda: datetime(2026, 12, 5, 14, 40, tzinfo=UTC)  # 15:40 in Berlin
    started = datetime(2026, 12, 5, 14, 30, tzinfo=UTC)
    stopped = LastRun(date(2026, 12, 4), DreamStatus.RUNNING, started, None, None, None,
                      datetime(2026, 12, 5, 14, 32, tzinfo=UTC), True, None,
                      "it stopped without finishing at 14:32 UTC (its process ended); the next due check retries it",
                      RunNote.STOPPED, datetime(2026, 12, 5, 14, 32, tzinfo=UTC))
    form.view = replace(form.view, last_run=stopped)
    form.set_memory_enabled(True)
    assert _plain(form.last_run_label.text()).endswith(
        "it stopped without finishing today at 15:32 in Berlin (14:32\u00a0UTC) (its process ended); the next check "
        "retries it.")
    silent = replace(stopped, stalled=False, note_kind=RunNote.SILENT, takeover_at=datetime(2026, 12, 5, 14, 40,
                                                                                               tzinfo=UTC))
    form.view = replace(form.view, last_run=silent)
    form.set_memory_enabled(True)
    assert "(no sign of life since today at 15:32 in Berlin (14:32\u00a0UTC); taken over from today at 15:40 in " \
           "Berlin (14:40\u00a0UTC) if it stays silent)." in _plain(form.last_run_label.text())
    retried = replace(stopped, status=DreamStatus.APPENDED, stalled=False, note_kind=RunNote.RETRIED)
    form.view = replace(form.view, last_run=retried)
    with _language("zh_CN"):
        form.set_memory_enabled(True)
        said = _plain(form.last_run_label.text())
    assert "上一次运行于今\u2060天 Berlin 15:32" in said and "未完成就停止了；已重试" in said, said
    assert "stopped" not in said
