"""Desktop notifications (issue 16), against a fake notifier: a reply that finishes
while the window is away, scheduled dream outcomes, the off switch, and a desktop
without a notification service."""

from __future__ import annotations

import logging
from datetime import date

from chathub_desktop.gui.shell.notifications import dream_notice, reply_notice
from chathub_desktop.services.dream.dream_service import DUPLICATE, FAILED, NOTHING, DreamOutcome
from tests.fakes.vendor_server import Reply
from tests.gui.helpers import add_fake_provider, reload_assistants


class FakeNotifier:
    def __init__(self, fail: bool = False) -> None:
        self.sent: list[tuple[str, str]] = []
        self.fail = fail

    async def send(self, title: str, message: str) -> str:
        if self.fail:
            raise ConnectionError("no session bus")
        self.sent.append((title, message))
        return "id"


def _send_hidden(window, services, fake_vendor, qtbot) -> None:  # type: ignore[no-untyped-def]
    fake_vendor.script(Reply(text_chunks=["Done."]))
    _pid, aid = add_fake_provider(services, fake_vendor.base_url)
    reload_assistants(window, qtbot, aid)
    window.sending.send_message("Plan my week")
    window.hide()  # in the tray, say
    qtbot.waitUntil(lambda: window.message_model.rowCount() == 2
                    and window.message_model.message_at(1).status == "complete", timeout=15000)


def test_a_reply_finished_while_the_window_is_away_is_notified(window, services, fake_vendor, qtbot):  # type: ignore[no-untyped-def]
    fake = FakeNotifier()
    window.notifier._backend = fake
    _send_hidden(window, services, fake_vendor, qtbot)
    qtbot.waitUntil(lambda: bool(fake.sent), timeout=3000)
    title, body = fake.sent[0]
    assert body == "The reply is ready."
    assert title == window.topic_model.topic_at(0).title


def test_switched_off_sends_nothing(window, services, fake_vendor, qtbot):  # type: ignore[no-untyped-def]
    fake = FakeNotifier()
    window.notifier._backend = fake
    window.view.notifications_action.setChecked(False)
    _send_hidden(window, services, fake_vendor, qtbot)
    qtbot.wait(200)
    assert fake.sent == []


def test_no_notification_service_is_logged_once_and_nothing_breaks(window, services, fake_vendor, qtbot, caplog):  # type: ignore[no-untyped-def]
    window.notifier._backend = FakeNotifier(fail=True)
    with caplog.at_level(logging.INFO, logger="chathub_desktop.gui.shell.notifications"):
        _send_hidden(window, services, fake_vendor, qtbot)
        qtbot.waitUntil(lambda: not window.notifier.available, timeout=3000)
        window.notifier.notify("again", "not tried")
        qtbot.wait(100)
    lines = [r.message for r in caplog.records if "notifications are unavailable" in r.message]
    assert len(lines) == 1 and "no session bus" in lines[0]


def test_scheduled_dream_outcomes_are_notified(window, services, qtbot):  # type: ignore[no-untyped-def]
    fake = FakeNotifier()
    window.notifier._backend = fake
    a = services.assistants.create("Helper")
    reload_assistants(window, qtbot, a.id)
    day = date(2026, 11, 30)
    window.dream_runner.run_finished.emit([
        DreamOutcome(a.id, day, "appended", "added card #3", card_number=3),
        DreamOutcome(a.id, day, DUPLICATE, "a near-duplicate"),
        DreamOutcome(a.id, day, FAILED, "the History Compress model is unreachable"),
    ])
    qtbot.waitUntil(lambda: len(fake.sent) == 2, timeout=3000)
    assert sorted(fake.sent) == sorted([
        ("Memory dream · Helper", "It added card #3 for 2026-11-30."),
        ("Memory dream · Helper", "The dream for 2026-11-30 failed: the History Compress model is unreachable"),
    ])


def test_notice_texts() -> None:
    assert reply_notice("Trip", "error", "429 Too Many Requests") == ("Trip", "The reply failed: 429 Too Many Requests")
    assert reply_notice("", "interrupted", "") == ("ChatHub Desktop", "The reply ended early; what arrived is kept.")
    assert reply_notice("Trip", "cancelled", "") is None  # the user pressed Stop
    nothing = DreamOutcome(1, date(2026, 11, 30), NOTHING, "no active topics")
    assert dream_notice(nothing, "") == ("Memory dream", "Nothing new to remember from 2026-11-30.")


def test_the_real_notifier_on_a_broken_bus_logs_one_line_and_no_traceback(window, qtbot, caplog, monkeypatch):  # type: ignore[no-untyped-def]
    """desktop-notifier itself only logs a failed send (with a traceback): that record
    becomes our one line, and notifications stop (issue 16)."""
    monkeypatch.setenv("DBUS_SESSION_BUS_ADDRESS", "unix:path=/nonexistent/chathub-test-bus")
    window.notifier._backend = None  # the real desktop-notifier
    with caplog.at_level(logging.DEBUG):
        window.notifier.notify("Title", "Body")
        qtbot.waitUntil(lambda: not window.notifier.available, timeout=5000)
    assert not [r for r in caplog.records if r.getMessage() == "Notification failed"]
    ours = [r.getMessage() for r in caplog.records if "notifications are unavailable" in r.getMessage()]
    assert len(ours) == 1 and window.notifier.sent == 0


def test_no_session_bus_is_known_before_any_send(window, qtbot, caplog, monkeypatch):  # type: ignore[no-untyped-def]
    import sys

    if not sys.platform.startswith("linux"):
        return
    from chathub_desktop.gui.shell import notifications

    monkeypatch.delenv("DBUS_SESSION_BUS_ADDRESS", raising=False)
    monkeypatch.setattr(notifications.Path, "exists", lambda self: False)
    window.notifier._backend = None
    with caplog.at_level(logging.INFO, logger="chathub_desktop.gui.shell.notifications"):
        window.notifier.notify("Title", "Body")
        qtbot.waitUntil(lambda: not window.notifier.available, timeout=3000)
    assert any("no D-Bus session bus" in r.getMessage() for r in caplog.records)


def test_nothing_is_sent_for_replies_the_quit_stops(window, services, qtbot):  # type: ignore[no-untyped-def]
    fake = FakeNotifier()
    window.notifier._backend = fake
    window.notifier.closing = True
    window.notifier.notify("Trip", "The reply ended early; what arrived is kept.")
    qtbot.wait(100)
    assert fake.sent == []
