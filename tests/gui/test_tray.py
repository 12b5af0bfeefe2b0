"""The in-process dream timer and the system tray (APP-4, DRM-6).

Offscreen there is no system tray, so the tray menu's actions are exercised directly;
one test stands in a tray (``QSystemTrayIcon.isSystemTrayAvailable`` → True) to check
that closing the window hides it there while Quit still quits.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from datetime import UTC, datetime
from datetime import time as dtime

import pytest
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QSystemTrayIcon, QWidget

from chathub_desktop.core.app_settings import DREAMS_PAUSED
from chathub_desktop.core.messages import Role
from chathub_desktop.gui.memory.dream_runs import yesterday_utc
from chathub_desktop.gui.shell import tray as tray_module
from chathub_desktop.gui.shell.task_runner import TaskRunner
from chathub_desktop.gui.shell.tray import DreamRunner, TrayController
from chathub_desktop.services.container import Services
from tests.fakes.assistant_age import existing_since
from tests.fakes.vendor_server import FakeVendor, Reply
from tests.gui.helpers import reload_assistants


@pytest.fixture
def summ() -> Iterator[FakeVendor]:
    """The History Compress model's own server."""
    with FakeVendor() as vendor:
        yield vendor


def due_helper(services: Services, summ: FakeVendor) -> int:
    """Assistant "Helper" with a daily 00:00 UTC schedule (so today's slot, over
    yesterday, is due now) and a topic active yesterday; one card reply is scripted."""
    services.providers.add("Summ", "openai", summ.base_url, api_key="sk-summ")
    services.settings.set("history-compress-model", "Summ/gpt-5-mini")
    aid = services.assistants.create("Helper", provider="Summ", model="gpt-4o").id
    existing_since(services, aid)  # the 00:00 slot is a catch-up, not before its time (DRM-6)
    services.dreams.set_schedule(aid, "daily", "00:00")
    topic = services.topics.create(aid, title="Yesterday").id
    services.chat.append_row(topic, role=Role.USER, content="Always answer with a table",
                          created_at=datetime.combine(yesterday_utc(), dtime(12, 0, tzinfo=UTC)))
    summ.script(Reply(text_chunks=["- Likes tables"]))
    return aid


def paused_read(dreams: DreamRunner, qtbot) -> bool:  # type: ignore[no-untyped-def]
    """The stored Pause dreams state, as the runner reads it on its worker thread."""
    task = asyncio.get_running_loop().create_task(dreams.load_paused())
    qtbot.waitUntil(task.done)
    return task.result()


@pytest.fixture
def task_runner(qloop, qtbot) -> Iterator[TaskRunner]:  # type: ignore[no-untyped-def]
    runner = TaskRunner(None)
    yield runner
    done: list[bool] = []
    qloop.create_task(runner.shutdown()).add_done_callback(lambda _t: done.append(True))
    qtbot.waitUntil(lambda: bool(done), timeout=30000)


def test_runner_runs_a_due_dream_once_and_not_again(services, summ, task_runner, qtbot):  # type: ignore[no-untyped-def]
    """DRM-6: the timer runs the due slot (caught up on its first tick) exactly once."""
    aid = due_helper(services, summ)
    dreams = DreamRunner(services, task_runner, interval_ms=25, first_delay_ms=0)
    assert paused_read(dreams, qtbot) is False
    first = dreams.tick()
    assert first is not None and dreams.tick() is None  # never two at once
    dreams.start()
    qtbot.waitUntil(lambda: dreams.runs == 1 and not dreams.running, timeout=30000)
    assert [o.status for o in dreams.last_outcomes] == ["appended"]
    assert [c.tag for c in services.dreams.cards(aid)] == [yesterday_utc().isoformat()]
    ticks = dreams.ticks
    qtbot.waitUntil(lambda: dreams.ticks >= ticks + 6 and not dreams.running, timeout=30000)
    assert dreams.runs == 1 and len(summ.requests) == 1 and len(services.dreams.cards(aid)) == 1
    last = services.dreams.settings(aid).last_run
    assert last is not None and last.status == "appended"  # recorded as the scheduled run
    dreams.stop()
    assert not dreams.active


def test_a_scheduled_run_over_a_day_without_chats_says_nothing(services, summ, task_runner, qtbot):  # type: ignore[no-untyped-def]
    """walk40: right after setup armed the schedule, its catch-up over a day before the
    install found nothing and the status line said "Memory dream: No topic had messages
    on …"; walk49 #7: "Memory dream running…" still showed seconds after setup. A
    scheduled run over a day without history says nothing at all; the Memory page still
    shows it as the last scheduled run (DRM-4, DRM-5)."""
    services.providers.add("Summ", "openai", summ.base_url, api_key="sk-summ")
    services.settings.set("history-compress-model", "Summ/gpt-5-mini")
    aid = services.assistants.create("Helper", provider="Summ", model="gpt-4o").id
    existing_since(services, aid)  # the 00:00 slot is a catch-up, not before its time (DRM-6)
    services.dreams.set_schedule(aid, "daily", "00:00")
    messages: list[str] = []
    dreams = DreamRunner(services, task_runner, status=lambda text, _ms: messages.append(text),
                         interval_ms=25, first_delay_ms=0)
    paused_read(dreams, qtbot)
    dreams.start()
    qtbot.waitUntil(lambda: dreams.runs == 1 and not dreams.running, timeout=30000)
    assert [o.status for o in dreams.last_outcomes] == ["nothing"]
    assert messages == []  # neither "Memory dream running…" nor a cleared line over another
    last = services.dreams.settings(aid).last_run
    assert last is not None and last.status == "nothing"
    assert summ.requests == []
    dreams.stop()


def test_run_due_now_over_a_day_without_chats_still_reports(services, summ, task_runner, qtbot):  # type: ignore[no-untyped-def]
    """walk49 #7: the quiet run is only the scheduled one; a run the user started (tray →
    Run due dreams now) says it is running and what it found."""
    services.providers.add("Summ", "openai", summ.base_url, api_key="sk-summ")
    services.settings.set("history-compress-model", "Summ/gpt-5-mini")
    aid = services.assistants.create("Helper", provider="Summ", model="gpt-4o").id
    existing_since(services, aid)  # the 00:00 slot is a catch-up, not before its time (DRM-6)
    services.dreams.set_schedule(aid, "daily", "00:00")
    messages: list[str] = []
    dreams = DreamRunner(services, task_runner, status=lambda text, _ms: messages.append(text),
                         interval_ms=25, first_delay_ms=0)
    paused_read(dreams, qtbot)
    task = dreams.run_now()
    assert task is not None
    qtbot.waitUntil(task.done, timeout=30000)
    assert [o.status for o in dreams.last_outcomes] == ["nothing"]
    assert messages[0] == "Memory dream running…"
    assert messages[-1].startswith("Memory dream: ")


def test_pause_stops_scheduled_dreams_until_resumed(services, summ, task_runner, qtbot):  # type: ignore[no-untyped-def]
    """APP-4: Pause dreams (tray menu) is stored in ``dreams-paused``; while on, ticks run
    nothing; after resuming, the due dream runs."""
    aid = due_helper(services, summ)
    window = QWidget()
    qtbot.addWidget(window)
    quit_action = QAction("&Quit", window)
    messages: list[str] = []
    dreams = DreamRunner(services, task_runner, status=lambda text, _ms: messages.append(text),
                         interval_ms=25, first_delay_ms=0)
    paused_read(dreams, qtbot)
    tray = TrayController(window, dreams, quit_action)
    assert tray.icon is None  # offscreen: no system tray, the actions still work
    assert [a.text() for a in tray.menu.actions() if not a.isSeparator()] == [
        "&Open ChatHub", "&Run due dreams now", "&Pause dreams", "&Quit"]
    assert all(a.toolTip() for a in (tray.open_action, tray.run_due_action, tray.pause_action))
    tray.pause_action.trigger()
    qtbot.waitUntil(lambda: dreams.paused)
    assert tray.pause_action.isChecked()
    assert services.settings.value(DREAMS_PAUSED) is True
    assert "paused" in messages[-1]
    dreams.start()
    qtbot.waitUntil(lambda: dreams.ticks >= 6 and not dreams.running, timeout=30000)
    assert dreams.runs == 0 and summ.requests == [] and services.dreams.cards(aid) == []
    # the pause is remembered across restarts
    again = DreamRunner(services, task_runner)
    assert paused_read(again, qtbot) is True
    tray.pause_action.trigger()
    qtbot.waitUntil(lambda: not dreams.paused)
    assert services.settings.value(DREAMS_PAUSED) is False
    qtbot.waitUntil(lambda: dreams.runs == 1 and not dreams.running, timeout=30000)
    assert len(services.dreams.cards(aid)) == 1
    assert "Added the card for " in tray.tooltip()
    dreams.stop()
    tray.shutdown()


def test_tray_actions_in_the_window_and_close_quits_without_a_tray(window, services, summ, qtbot):  # type: ignore[no-untyped-def]
    """Run due dreams now from the (tray) menu; the Memory page's last-run line follows.
    Without a system tray, closing the window still ends the app."""
    aid = due_helper(services, summ)
    reload_assistants(window, qtbot, aid)
    assert window.tray is not None and window.tray.icon is None
    assert window.tray.run_due_action in window.assistant_menu.actions()
    assert window.tray.pause_action in window.assistant_menu.actions()
    assert window.tray.quit_action is window.quit_action  # one Quit (Ctrl+Q)
    page = window.pages.open_memory()
    panel = page.dream_panel
    qtbot.waitUntil(lambda: panel.loads >= 1 and not window.runner.pending(), timeout=30000)
    assert "none yet" in panel.schedule.last_run_label.text()
    window.tray.run_due_action.trigger()
    qtbot.waitUntil(lambda: window.dream_runner.runs == 1 and not window.dream_runner.running, timeout=30000)
    # the Memory page in view says it; the status bar does not repeat it (walk42 #4)
    qtbot.waitUntil(lambda: "Added the card for " in panel.status_label.text(), timeout=30000)
    assert window.status_line.currentMessage() == ""
    qtbot.waitUntil(lambda: "added a card" in panel.schedule.last_run_label.text(), timeout=30000)
    assert panel.model.rowCount() == 1
    window.tray.run_due_action.trigger()  # nothing is due any more
    qtbot.waitUntil(lambda: not window.dream_runner.running, timeout=30000)
    assert window.status_line.currentMessage() == "No memory dream is due" and window.dream_runner.runs == 1
    with qtbot.waitSignal(window.quit_requested, timeout=1000):
        window.close()


class _TrayHere(QSystemTrayIcon):
    """A desktop that has a system tray."""

    @staticmethod
    def isSystemTrayAvailable() -> bool:  # noqa: N802 - Qt name
        return True


def test_close_hides_to_the_tray_and_quit_really_quits(qloop, services, qtbot, monkeypatch):  # type: ignore[no-untyped-def]
    """APP-4: with a tray, closing the window hides it there (the dream timer keeps
    going); Open ChatHub shows it again; Quit (Ctrl+Q / the tray's Quit) ends the app."""
    from chathub_desktop.gui.shell.main_window import MainWindow

    monkeypatch.setattr(tray_module, "QSystemTrayIcon", _TrayHere)
    w = MainWindow(services)
    w.show()
    qtbot.waitExposed(w)
    quits: list[bool] = []
    w.quit_requested.connect(lambda: quits.append(True))
    try:
        assert w.tray is not None and w.tray.icon is not None and w.tray.hides_on_close
        assert w.quit_action in w.tray.menu.actions()
        w.close()
        assert not w.isVisible() and quits == []
        assert w.dream_runner is not None and w.dream_runner.active  # dreams keep firing
        w.tray.open_action.trigger()
        qtbot.waitUntil(w.isVisible, timeout=3000)
        w.close()
        assert not w.isVisible() and quits == []
        w.tray.quit_action.trigger()  # the tray's Quit, with the window hidden
        assert quits == [True]
    finally:
        done: list[bool] = []
        qloop.create_task(w.shutdown()).add_done_callback(lambda _t: done.append(True))
        qtbot.waitUntil(lambda: bool(done), timeout=30000)
        assert w.dream_runner is not None and not w.dream_runner.active
        w.deleteLater()


def test_at_rest_the_runner_sleeps_until_the_next_slot_and_a_new_schedule_wakes_it(  # type: ignore[no-untyped-def]
        services, task_runner, qtbot):
    """Issue 29, quiet at rest: after its check the runner sleeps until the next slot
    (at most an hour), not a minute; saving a schedule (SettingsChanged) wakes it for a
    check that arms the new slot (DRM-6)."""
    from datetime import timedelta

    from chathub_desktop.gui.shell.chat_events import ChatEvents

    aid = services.assistants.create("Sleeper", model="gpt-4o").id
    slot = (datetime.now(UTC) + timedelta(minutes=30)).strftime("%H:%M")
    services.dreams.set_schedule(aid, "daily", slot)
    events = ChatEvents(services.bus)
    dreams = DreamRunner(services, task_runner, first_delay_ms=0, changes=(events.settings_changed,))
    dreams.start()
    qtbot.waitUntil(lambda: dreams.ticks == 1 and dreams.next_check_ms is not None, timeout=5000)
    assert 28 * 60_000 < dreams.next_check_ms <= 30 * 60_000  # the 30-minute slot, not a 60 s tick
    sooner = (datetime.now(UTC) + timedelta(minutes=10)).strftime("%H:%M")
    services.dreams.set_schedule(aid, "daily", sooner)
    qtbot.waitUntil(lambda: dreams.ticks == 2 and dreams.next_check_ms is not None
                    and dreams.next_check_ms <= 10 * 60_000, timeout=5000)
    assert dreams.next_check_ms > 8 * 60_000
    dreams.stop()
    assert dreams.next_check_ms is None and not dreams.active
    events.detach()


def test_an_outcome_said_on_the_memory_page_in_view_is_not_repeated_in_the_status_bar(
        services, summ, task_runner, qtbot) -> None:  # type: ignore[no-untyped-def]
    """walk42 #4: a scheduled run's "Added card #1 …" showed on the Memory page's status
    line and again in the window's status bar (issue 30)."""
    aid = due_helper(services, summ)
    messages: list[str] = []
    dreams = DreamRunner(services, task_runner, status=lambda text, _ms: messages.append(text),
                         interval_ms=25, first_delay_ms=0, on_page=lambda shown: shown == aid)
    paused_read(dreams, qtbot)
    dreams.start()
    qtbot.waitUntil(lambda: dreams.runs == 1 and not dreams.running, timeout=30000)
    assert [o.status for o in dreams.last_outcomes] == ["appended"]
    assert messages[-1] == ""  # "Memory dream running…" cleared; the page says what it did
    dreams.stop()


def test_shutdown_after_the_menu_was_deleted(services, task_runner, qtbot):  # type: ignore[no-untyped-def]
    """Rail51: a sweep of top-level widgets may delete the parentless tray menu before the
    app quits; shutting the tray down then raised ('QMenu already deleted')."""
    import shiboken6

    window = QWidget()
    qtbot.addWidget(window)
    tray = TrayController(window, DreamRunner(services, task_runner), QAction("&Quit", window))
    shiboken6.delete(tray.menu)
    tray.shutdown()  # no RuntimeError
    assert not shiboken6.isValid(tray.menu)


def test_a_check_that_ends_after_the_runner_was_deleted_says_nothing(services, task_runner, qtbot):  # type: ignore[no-untyped-def]
    """ci54a: a window closed while its dream check ran on a worker; the check then re-armed
    the runner's deleted timer ('QTimer already deleted' in the event loop). It ends quietly."""
    import shiboken6

    parent = QWidget()
    qtbot.addWidget(parent)
    dreams = DreamRunner(services, task_runner, first_delay_ms=0)
    dreams.setParent(parent)
    dreams.start()
    task = dreams.tick()
    assert task is not None
    shiboken6.delete(parent)  # the window (and with it the runner's timers) is gone mid-check
    qtbot.waitUntil(task.done, timeout=30000)
    assert task.exception() is None
