"""Runs the real app and quits it while a reply streams (issue 9; used by
``tests/gui/test_quit_while_streaming.py``, one process per run).

``python -m tests.gui.quit_driver DATA_DIR DATABASE_URL CHARS`` builds the window
exactly as the product does (:func:`chathub_desktop.app_bootstrap.run_gui`); a timer
waits for the window to attach to the store, types a message into the composer and
clicks Send, and once ``CHARS`` characters of the reply have arrived it triggers the
window's Quit action (what Ctrl+Q does). Characters, not events: the stream publishes
the pieces arriving within 8 ms as one event (stream50), so a loaded machine sees fewer
events, and a count of events could stay short of its mark until the reply ended and
the app never quit (issue 28: a 60 s timeout at -n 3 beside a CPU burner). The exit code is run_gui's. It prints
``QUIT_AT <characters of reply text received>`` before quitting.
"""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication

from chathub_desktop.app_bootstrap import make_application, run_gui
from chathub_desktop.services.events import ReplyDelta

MESSAGE = "Tell me a long story"
POLL_MS = 10


def _drive(app: QApplication, chars_before_quit: int) -> None:
    """Poll until the window has its services, then send and arrange the quit."""
    from chathub_desktop.gui.shell.main_window import MainWindow

    window = next((w for w in app.topLevelWidgets() if isinstance(w, MainWindow)), None)
    if window is None or not hasattr(window, "events") or not window.composer.send_button.isEnabled():
        QTimer.singleShot(POLL_MS, lambda: _drive(app, chars_before_quit))
        return
    received = [0]  # characters so far; the quit once

    def on_delta(event: ReplyDelta) -> None:
        before = received[0]
        received[0] += len(event.text)
        if before < chars_before_quit <= received[0]:
            print(f"QUIT_AT {received[0]}", flush=True)
            window.quit_action.trigger()

    window.events.reply_delta.connect(on_delta)
    window.composer.draft.setPlainText(MESSAGE)
    window.composer.send_button.click()


def main(argv: list[str]) -> int:
    """Entry point: ``DATA_DIR DATABASE_URL CHARS``; returns run_gui's exit code."""
    data_dir, database_url, chars = Path(argv[0]), argv[1], int(argv[2])
    app = make_application()
    QTimer.singleShot(0, lambda: _drive(app, chars))
    return run_gui(data_dir=data_dir, database_url=database_url)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
