"""Runs the real app to leave a draft and quit, or to start and report the draft it
shows (walk45 #1; used by ``tests/gui/test_draft_quit.py``, one process per step).

``python -m tests.gui.draft_quit_driver DATA_DIR DATABASE_URL leave|show`` builds the
window exactly as the product does (:func:`chathub_desktop.app_bootstrap.run_gui`).
``leave``: once the window takes input, New topic, type ``DRAFT`` into its composer and
Quit at once (Ctrl+Q's action: before the draft's write delay, so the quit writes it).
``show``: once the window has opened a topic, print ``SHOWN <topic id> <draft>`` and
Quit. The exit code is run_gui's.
"""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication

from chathub_desktop.app_bootstrap import make_application, run_gui

DRAFT = "half a question I will finish tomorrow"
POLL_MS = 10


def _drive(app: QApplication, step: str) -> None:
    """Poll until the window takes input with a topic open, then do ``step``."""
    from chathub_desktop.gui.shell.main_window import MainWindow

    window = next((w for w in app.topLevelWidgets() if isinstance(w, MainWindow)), None)
    if window is None or not window.takes_input or window.current_topic_id is None:
        QTimer.singleShot(POLL_MS, lambda: _drive(app, step))
        return
    if step == "show":
        print(f"SHOWN {window.current_topic_id} {window.composer.draft.toPlainText()}", flush=True)
        window.quit_action.trigger()
        return

    def typed(topic_id: int) -> None:
        window.composer.draft.insertPlainText(DRAFT)
        print(f"LEFT {topic_id}", flush=True)
        window.quit_action.trigger()

    window.topic_created.connect(typed)
    window.new_topic_action.trigger()


def main(argv: list[str]) -> int:
    """Entry point: ``DATA_DIR DATABASE_URL leave|show``; returns run_gui's exit code."""
    data_dir, database_url, step = Path(argv[0]), argv[1], argv[2]
    app = make_application()
    QTimer.singleShot(0, lambda: _drive(app, step))
    return run_gui(data_dir=data_dir, database_url=database_url)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
