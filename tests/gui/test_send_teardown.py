"""Closing the window while a reply's button updates are still queued (issue 28: the
teardown race "Internal C++ object (QPushButton) already deleted" in
``send_controller.sync → composer.set_sending``)."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent

from chathub_desktop.core.messages import MessageStatus
from chathub_desktop.services.events import ReplyFinished
from tests.gui.helpers import settled


def test_queued_button_sync_after_the_window_is_gone(qloop, services, qtbot):  # type: ignore[no-untyped-def]
    from chathub_desktop.gui.shell.main_window import MainWindow

    w = MainWindow(services)
    w.show()
    qtbot.waitExposed(w)
    settled(w, qtbot)
    sending = w.sending
    sending.on_reply_finished(ReplyFinished(12345, 1, MessageStatus.COMPLETE))  # queues sync() at 0 and 100 ms
    done: list[bool] = []
    qloop.create_task(w.shutdown()).add_done_callback(lambda _t: done.append(True))
    qtbot.waitUntil(lambda: bool(done), timeout=5000)
    w.close()
    w.deleteLater()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    qtbot.wait(250)  # the queued syncs would fire now (pytest-qt fails the test on an exception)
    sending.sync()  # a send task's done callback after the window went: nothing to update
