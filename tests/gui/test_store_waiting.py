"""Busy waits instead of crashes, in the window (issue 10): while a write of this
window waits for another ChatHub process the status bar says so, and a store that
stays busy is a user error (a warning with one line), never a crash box."""

from __future__ import annotations

import sqlite3
import threading

from PySide6.QtWidgets import QMessageBox

from chathub_desktop.gui.shell.error_presenter import ErrorPresenter, is_user_error
from chathub_desktop.storage.database import StoreBusy


def test_status_bar_shows_waiting_while_another_process_writes(window, services, qtbot):  # type: ignore[no-untyped-def]
    label = window.store_wait_label
    assert not label.isVisible()
    other = sqlite3.connect(services.database_url.split("///", 1)[1], isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # another process holds the store's write lock
    done = threading.Event()

    def write() -> None:  # a change of this window, on a worker thread
        services.settings.set("compact-keep-recent", 7)
        done.set()

    worker = threading.Thread(target=write)
    worker.start()
    try:
        qtbot.waitUntil(label.isVisible, timeout=5000)
        assert "Waiting for the store" in label.text() and "another ChatHub process" in label.text()
        assert not done.is_set()
    finally:
        other.execute("ROLLBACK")
        other.close()
    qtbot.waitUntil(lambda: done.is_set() and not label.isVisible(), timeout=5000)
    worker.join(5)
    assert services.settings.get("compact-keep-recent") == 7


def test_a_busy_store_is_a_user_error_not_a_crash(qtbot):  # type: ignore[no-untyped-def]
    from sqlalchemy.exc import OperationalError

    presenter = ErrorPresenter(None)
    locked = OperationalError("INSERT INTO topic ...", {}, sqlite3.OperationalError("database is locked"))
    for exc in (StoreBusy("the store is busy: another ChatHub process has been writing for 120 s; "
                          "nothing was changed, try again when it is done"), locked):
        assert is_user_error(exc)
        presenter.present(exc, context="Save")
        box = presenter.open_boxes()[-1]
        assert box.icon() == QMessageBox.Icon.Warning and not box.detailedText()
        assert "busy" in box.text() and "\n" not in box.text() and "INSERT" not in box.text()
        box.close()
