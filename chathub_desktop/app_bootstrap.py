"""Composition root of the window: QApplication, the qasync loop, services, shutdown.

``run_gui`` opens the store, shows :class:`~chathub_desktop.gui.main_window.MainWindow`
and runs the Qt/asyncio loop until the window closes or Quit is chosen (with a system
tray, closing the window only hides it there and memory dreams keep running, APP-4;
Quit ends the app); it then awaits
``ChatService.shutdown`` (a streaming reply is stored as interrupted, APP-8) and closes
the services. The tokenizer (~0.35 s to load) is not on this path: the first token
estimate runs in a worker thread after the window is shown.

``CHATHUB_BENCH_STARTUP=1`` (benchmarks/bench_startup.py): print
``CHATHUB_WINDOW_SHOWN <seconds since process start>`` at the window's first paint,
then quit.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication, QMessageBox

from chathub_desktop import __version__
from chathub_desktop.paths import default_data_dir

APP_NAME = "ChatHub Desktop"
DESKTOP_FILE = "io.chathub.Desktop"
ORGANIZATION = "ChatHub"
ORGANIZATION_DOMAIN = "chathub.io"
BENCH_ENV = "CHATHUB_BENCH_STARTUP"
BENCH_MARKER = "CHATHUB_WINDOW_SHOWN"

_T0 = time.perf_counter()


class _FirstPaint(QObject):
    """Prints the startup-benchmark marker on the window's first paint, then quits it."""

    def __init__(self, window: QObject) -> None:
        super().__init__(window)
        self._done = False
        window.installEventFilter(self)
        self._window = window

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        """Watch for the first Paint/Expose of the window."""
        if not self._done and event.type() in (QEvent.Type.Paint, QEvent.Type.Expose):
            self._done = True
            print(f"{BENCH_MARKER} {time.perf_counter() - _T0:.4f}", flush=True)
            QTimer.singleShot(0, self._window.close)  # type: ignore[attr-defined]
        return False


def make_application(argv: list[str] | None = None) -> QApplication:
    """The QApplication with ChatHub's names (reuses an existing instance). Guards
    against PySide6 6.12's reference-count slip on CPython 3.11 first
    (:mod:`chathub_desktop.gui.qt_binding`)."""
    from chathub_desktop.gui.qt_binding import protect_singletons

    protect_singletons()
    app = QApplication.instance()
    if not isinstance(app, QApplication):
        app = QApplication(argv if argv is not None else sys.argv[:1])
    app.setApplicationName(APP_NAME)
    app.setApplicationDisplayName(APP_NAME)
    app.setApplicationVersion(__version__)
    app.setOrganizationName(ORGANIZATION)
    app.setOrganizationDomain(ORGANIZATION_DOMAIN)
    app.setDesktopFileName(DESKTOP_FILE)
    app.setQuitOnLastWindowClosed(False)  # we quit when the main window asks to
    return app


def run_gui(data_dir: Path | None = None, database_url: str | None = None) -> int:
    """Open the window and run until it quits. Returns the exit code: 0, or 1 when the
    store cannot be opened (the reason is shown in a message box).

    The window is shown first and the store is opened on a worker thread meanwhile
    (SQLAlchemy, migrations and the catalog take ~0.5 s), so the window appears about as
    fast as a bare Qt window and then fills in.
    """
    from chathub_desktop.gui.main_window import MainWindow

    app = make_application()
    settings_file = (data_dir or default_data_dir()) / "window.ini"
    window = MainWindow(None, settings_file=settings_file)
    if os.environ.get(BENCH_ENV) == "1":
        _FirstPaint(window)
    window.show()
    app.processEvents()  # paint the window before the loop machinery loads

    import asyncio

    import qasync

    from chathub_desktop.gui.task_runner import install_asyncgen_hooks

    loop = qasync.QEventLoop(app)
    asyncio.set_event_loop(loop)
    install_asyncgen_hooks(loop)
    exit_code = 0
    services = None

    async def main() -> None:
        nonlocal exit_code, services
        quit_event = asyncio.Event()
        window.quit_requested.connect(quit_event.set)
        app.aboutToQuit.connect(quit_event.set)
        if not window.isVisible():  # closed before the loop ran
            quit_event.set()
        try:
            services = await asyncio.to_thread(_open_services, database_url, data_dir)
        except StoreUnavailable as exc:
            QMessageBox.critical(window, APP_NAME, f"Cannot open the ChatHub database:\n{exc}")
            exit_code = 1
            return
        if not quit_event.is_set():
            window.attach(services)
            await quit_event.wait()
        window.hide()
        await window.shutdown()

    try:
        with loop:
            loop.run_until_complete(main())
    finally:
        if services is not None:
            services.close()
    return exit_code


class StoreUnavailable(Exception):
    """The store cannot be opened; the message is the one-line reason."""


def _open_services(database_url: str | None, data_dir: Path | None):  # type: ignore[no-untyped-def]
    from chathub_desktop.services.container import open_services
    from chathub_desktop.storage.database import DatabaseError

    try:
        return open_services(database_url, data_dir)
    except (DatabaseError, OSError) as exc:
        raise StoreUnavailable(str(exc)) from exc


def main() -> int:
    """Entry point of the ``chathub-desktop-gui`` script (no arguments; use the CLI's
    ``--data-dir`` / ``--database-url`` for those)."""
    return run_gui()


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
