"""The window appears before the store is open, then fills in (issue #2 benchmark (a))."""

from __future__ import annotations

import subprocess
import sys


def test_window_shows_first_and_fills_in_on_attach(qloop, services, qtbot) -> None:  # type: ignore[no-untyped-def]
    from chathub_desktop.gui.main_window import MainWindow

    services.assistants.create("Helper")
    w = MainWindow(None)
    w.show()
    qtbot.waitExposed(w)
    assert not w.centralWidget().isEnabled()
    assert "Opening" in w.statusBar().currentMessage()
    w.attach(services)
    assert w.centralWidget().isEnabled()
    assert w.assistant_combo.currentText() == "Helper"
    done: list[bool] = []
    qloop.create_task(w.shutdown()).add_done_callback(lambda _t: done.append(True))
    qtbot.waitUntil(lambda: bool(done), timeout=5000)
    w.close()


def test_window_module_does_not_load_the_store_stack() -> None:
    """Importing the entry point and the window must not import SQLAlchemy, Alembic or
    httpx (they load on a worker thread after the window is shown)."""
    code = (
        "import sys, chathub_desktop.cli, chathub_desktop.gui.main_window;"
        "print(sorted(m for m in ('sqlalchemy', 'alembic', 'httpx', 'tiktoken') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
