"""Composition root of the window: QApplication, the qasync loop, services, shutdown.

``run_gui`` opens the store, shows :class:`~chathub_desktop.gui.shell.main_window.MainWindow`
and runs the Qt/asyncio loop until the window closes or Quit is chosen (with a system
tray, closing the window only hides it there and memory dreams keep running, APP-4;
Quit ends the app); it then shuts down in order on the running loop (:func:`shut_down`:
replies stored as interrupted, APP-8; tasks, streams, async generators and the store
closed) before the loop and the widgets go (issue 9). The tokenizer (~0.35 s to load) is not on this path: it loads
on a worker thread once the last topic's rows are shown (issue 29).

``chathub-desktop gui --smoke`` (the installed bundle's check, issue 16): open the store,
attach and paint the window, count tokens with a bundled tokenizer, audit the window's
contrast and cut texts in the light and the dark theme (``CHATHUB_AUDIT …`` lines, issue
29), print ``CHATHUB_SMOKE_OK …`` and quit with 0 (1 and ``CHATHUB_SMOKE_FAILED <reason>`` when a
step fails).

``CHATHUB_BENCH_STARTUP=1`` (benchmarks/bench_startup.py): print
``CHATHUB_WINDOW_SHOWN <seconds since process start> <CPU seconds used>`` at the window's first paint,
then quit; with ``CHATHUB_BENCH_STARTUP=content``, quit once the last topic's rows and
the badge's figure are shown.
"""

from __future__ import annotations

import contextlib
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QEvent, QObject, QTimer, SignalInstance
from PySide6.QtWidgets import QApplication, QMessageBox

from chathub_desktop import __version__
from chathub_desktop.gui.shell.startup_marks import mark
from chathub_desktop.paths import default_data_dir
from chathub_desktop.private_files import make_private_file

if TYPE_CHECKING:
    import asyncio

    from chathub_desktop.gui.shell.main_window import MainWindow
    from chathub_desktop.services.container import Services, Store
    from chathub_desktop.services.events import EventBus
    from chathub_desktop.services.topics.first_page import FirstPage, ResumeIds

APP_NAME = "ChatHub Desktop"
DESKTOP_FILE = "io.chathub.Desktop"
ORGANIZATION = "ChatHub"
ORGANIZATION_DOMAIN = "chathub.io"
BENCH_ENV = "CHATHUB_BENCH_STARTUP"
BENCH_MARKER = "CHATHUB_WINDOW_SHOWN"
#: ``CHATHUB_BENCH_STARTUP=content``: the open topic's rows are painted; the badge has
#: its first figure (followed by the process's peak RSS, MB).
CONTENT_MARKER = "CHATHUB_CONTENT_SHOWN"
BADGE_MARKER = "CHATHUB_BADGE_READY"
SMOKE_OK = "CHATHUB_SMOKE_OK"
SMOKE_FAILED = "CHATHUB_SMOKE_FAILED"
#: Seconds the shutdown waits for stray tasks it cancelled.
SHUTDOWN_TASKS_S = 5.0
#: Seconds the rest of the services wait at most for the first page's rows to paint.
OPENING_WAIT_S = 3.0

_T0 = time.perf_counter()


def _no_source_reads_on_import() -> None:
    """Stop PySide6 keeping the source text of every module imported after it (issue 29:
    ~30 MB of the window's RSS, and the time to read and split each file into lines).

    PySide6's ``__feature__`` support checks each importing module for the word
    ``PySide6`` with ``inspect.getsource``, which caches every line of the file in
    ``linecache`` for the life of the process. The same check is made here on the
    file's bytes, read once and not kept; the answer (and so each module's feature
    selection) is unchanged. The lines read before this ran are dropped (a traceback
    reads them again). The standard library's modules (a fifth of those the window imports
    before its first rows) are answered without a read: none of them names PySide6. Does
    nothing when PySide6's support module is not there."""
    feature: Any = sys.modules.get("shibokensupport.feature")  # PySide6's own module, untyped
    if feature is None or not callable(getattr(feature, "_mod_uses_pyside", None)):
        return
    stdlib = os.path.dirname(os.__file__) + os.sep

    def uses_pyside(module: object) -> bool:
        path = getattr(module, "__file__", None)
        if not isinstance(path, str):
            return False  # a built-in or namespace module: inspect.getsource cannot read it either
        if path.startswith(stdlib) and "-packages" not in path:
            return False
        try:
            with open(path, "rb") as f:
                return b"PySide6" in f.read()
        except OSError:
            return False

    feature._mod_uses_pyside = uses_pyside
    import linecache

    linecache.clearcache()  # what it read of the modules imported with PySide6 and this one


_no_source_reads_on_import()


def _peak_rss_mb() -> float:
    """This process's peak resident set size since its exec, MB (``VmHWM``; 0 where
    ``/proc`` has none). ``ru_maxrss`` would also count the parent's pages at fork."""
    try:
        with open("/proc/self/status", encoding="ascii") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


class _FirstPaint(QObject):
    """Prints the startup-benchmark marker on the window's first paint, then closes it.

    With ``content`` (``CHATHUB_BENCH_STARTUP=content``, issue 29) it then waits for the
    open topic's rows (:data:`CONTENT_MARKER`) and the badge's first figure
    (:data:`BADGE_MARKER`, with the peak RSS in MB) before closing."""

    def __init__(self, window: MainWindow, *, content: bool = False) -> None:
        super().__init__(window)
        self._done = False
        self._content = content
        self._rows_seen = False
        window.installEventFilter(self)
        self._window = window
        self._poll = QTimer(self)
        self._poll.setInterval(5)
        self._poll.timeout.connect(self._check)

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        """Watch for the first Paint/Expose of the window."""
        if not self._done and event.type() in (QEvent.Type.Paint, QEvent.Type.Expose):
            self._done = True
            print(f"{BENCH_MARKER} {time.perf_counter() - _T0:.4f} {time.process_time():.4f}", flush=True)
            if not self._content:
                QTimer.singleShot(0, self._window, self._window.close)
        return False

    def attached(self) -> None:
        """The window has its store: in ``content`` mode, watch for the rows and the badge."""
        if self._content:
            self._poll.start()

    def _check(self) -> None:
        w = self._window
        if not self._rows_seen and w.message_model.rowCount() > 0:
            self._rows_seen = True
            w.message_view.viewport().repaint()
            print(f"{CONTENT_MARKER} {time.perf_counter() - _T0:.4f}", flush=True)
        if self._rows_seen and w.estimate.shown > 0:
            from chathub_desktop.gui.shell import startup_marks

            if startup_marks.enabled():
                print(f"CHATHUB_PHASES {startup_marks.report()}", flush=True)
            peak_mb = _peak_rss_mb()
            print(f"{BADGE_MARKER} {time.perf_counter() - _T0:.4f} {peak_mb:.0f}", flush=True)
            self._poll.stop()
            QTimer.singleShot(0, w.close)


#: Seconds a thread may hold the GIL while another waits (CPython's default is 0.005).
#: Store and tokenizer work runs on worker threads; with the default, every Qt → Python
#: call of the GUI thread can wait 5 ms for the GIL, and painting a page makes dozens.
GIL_SWITCH_INTERVAL_S = 0.001


def make_application(argv: list[str] | None = None) -> QApplication:
    """The QApplication with ChatHub's names (reuses an existing instance). Shortens the
    GIL switch interval first so the GUI thread never queues long behind a worker (issue 9)."""
    sys.setswitchinterval(GIL_SWITCH_INTERVAL_S)
    app = QApplication.instance()
    if not isinstance(app, QApplication):
        app = QApplication(argv if argv is not None else sys.argv[:1])
    app.setApplicationName(APP_NAME)
    app.setApplicationDisplayName(APP_NAME)
    app.setApplicationVersion(__version__)
    app.setOrganizationName(ORGANIZATION)
    app.setOrganizationDomain(ORGANIZATION_DOMAIN)
    app.setDesktopFileName(DESKTOP_FILE)
    from chathub_desktop.gui.design.app_icon import app_icon
    from chathub_desktop.gui.shell.i18n import install_english_base

    app.setWindowIcon(app_icon())
    install_english_base(app)  # English plurals in every path, a window or not (issue 27)
    app.setQuitOnLastWindowClosed(False)  # we quit when the main window asks to
    return app


def run_gui(data_dir: Path | None = None, database_url: str | None = None, *,
            smoke: bool = False, new_instance: bool = False, argv: list[str] | None = None) -> int:
    """Open the window and run until it quits. Returns the exit code: 0, or 1 when the
    store cannot be opened (the reason is shown in a message box, or printed with
    ``smoke``). ``smoke``: check the window and quit at once (:func:`smoke_check`).

    One window per data dir (issue 13): when an app already runs on this data dir, its
    window is brought to the front with ``argv`` (this launch's arguments), a line says
    so on stdout and 0 is returned at once; ``new_instance`` opens a window regardless.

    The window is shown first and fills in in stages (issue 29): on the default SQLite
    store, the last topic's newest page is read with ``sqlite3`` alone and shown
    (``MainWindow.show_first_page``); once its rows painted (at once without such a
    page), the store (SQLAlchemy, migrations, the assistants and topics services:
    ``open_store``) opens on a worker and the window lists its assistants and topics on
    it, keeping those rows when the store's page is the same (``MainWindow.attach_store``);
    once they painted, the other services are built on a worker (``build_services``: the
    catalog, MCP, dreams, search, transfer…) and attached, and only then does the window
    take input. So neither their imports nor the GIL they hold delay the first page.
    """
    mark("bootstrap_imported")
    from chathub_desktop.gui.shell.main_window import MainWindow

    mark("window_imported")
    app = make_application()
    mark("app_made")
    data = data_dir or default_data_dir()
    instance = None
    if not (new_instance or smoke):  # a smoke check runs beside the user's open window
        from chathub_desktop.gui.shell.single_instance import NotAnswering, claim

        try:
            instance = claim(data, list(argv or []))
        except NotAnswering as exc:
            print(f"{APP_NAME}: {exc}", file=sys.stderr, flush=True)
            return 1
        except OSError:  # an unusable data dir: opening the store says why
            instance = None
        else:
            if instance is None:
                print(f"{APP_NAME} is already open for {data}: its window was brought to the front "
                      "(--new-instance opens another window)", flush=True)
                return 0
    settings_file = data / "window.ini"
    with contextlib.suppress(OSError):  # QSettings keeps the mode of a file that exists (walkthrough F4)
        make_private_file(settings_file)
    mark("instance_claimed")
    window = MainWindow(None, settings_file=settings_file)
    mark("window_built")
    first_paint: _FirstPaint | None = None
    if os.environ.get(BENCH_ENV) in ("1", "content"):
        first_paint = _FirstPaint(window, content=os.environ.get(BENCH_ENV) == "content")
    window.show()
    app.processEvents()  # paint the window before the loop machinery loads
    mark("window_painted")
    from chathub_desktop import startup_gc

    startup_gc.resume()  # paused by the entry point until now (issue 29)
    from chathub_desktop.logging_setup import configure_logging

    configure_logging(data_dir)  # issue 12: chathub.log in the data dir (and stderr when asked)
    from chathub_desktop.services.chat.heap_trim import return_large_blocks

    return_large_blocks()  # a freed large block goes back to the system (huge51); ctypes after the paint
    import concurrent.futures
    import threading

    from chathub_desktop.services.events import EventBus

    # the first page is read with sqlite3 alone while the loop machinery loads (issue 29:
    # the rows waited ~0.7 s of CPU for SQLAlchemy); the store opens once its rows painted
    # (importing SQLAlchemy beside them took the GIL from their layout), at once when
    # there is none; not before the first paint, which would then wait for the GIL
    bus = EventBus()
    page_painted = threading.Event()
    opener = concurrent.futures.ThreadPoolExecutor(max_workers=1, thread_name_prefix="chathub-open")
    page_read = opener.submit(_first_page, database_url, data_dir, window.remembered.resume_ids())

    def open_store_after_page() -> Store:
        page = page_read.result()
        if page is not None and page.topic_id is not None:
            page_painted.wait(OPENING_WAIT_S)
            _load_tokenizer()
        return _open_store(database_url, data_dir, bus)

    store_opened = opener.submit(open_store_after_page)
    opener.shutdown(wait=False)

    import asyncio

    import qasync

    from chathub_desktop.gui.shell.error_presenter import UnhandledErrors
    from chathub_desktop.gui.shell.task_runner import install_asyncgen_hooks

    loop = qasync.QEventLoop(app)
    # plain threads for to_thread/getaddrinfo: qasync's default executor starts QThreads
    loop.set_default_executor(
        concurrent.futures.ThreadPoolExecutor(max_workers=4, thread_name_prefix="chathub-loop")
    )
    asyncio.set_event_loop(loop)
    old_hooks = install_asyncgen_hooks(loop)
    mark("loop_ready")
    exit_code = 0
    services = None
    quit_event = asyncio.Event()

    def request_quit() -> None:
        quit_event.set()

    async def main() -> None:
        nonlocal exit_code, services
        window.quit_requested.connect(request_quit)
        app.aboutToQuit.connect(request_quit)
        if not window.isVisible():  # closed before the loop ran
            quit_event.set()
        store = None
        page = await asyncio.wrap_future(page_read)
        mark("page_read")
        if page is not None and not quit_event.is_set():
            window.first_page_shown.connect(page_painted.set)
            window.first_page_shown.connect(lambda: mark("rows_painted"))
            window.show_first_page(page, bus)
            mark("column_built")
            if first_paint is not None:
                first_paint.attached()
        else:
            page_painted.set()
        try:
            # the first page needs the store alone; every other service is built once it
            # painted (issue 29), so their imports neither delay it nor take the GIL from it
            store = await asyncio.wrap_future(store_opened)
            if not quit_event.is_set():
                opened = asyncio.Event()
                window.opening_shown.connect(opened.set)
                window.attach_store(store)
                if first_paint is not None and page is None:
                    first_paint.attached()
                with contextlib.suppress(TimeoutError):  # a failed read said so: build the rest anyway
                    await asyncio.wait_for(_first_of(opened, quit_event), OPENING_WAIT_S)
            if instance is not None and not quit_event.is_set():
                # once the first rows painted (QtNetwork takes ~20 ms to load): a launch
                # meanwhile keeps trying to reach this one (single_instance.REACH_S)
                instance.listen().activated.connect(window.bring_to_front)
            if not quit_event.is_set():
                services = await asyncio.to_thread(_build_services, store)
        except StoreUnavailable as exc:
            if smoke:
                print(f"{SMOKE_FAILED} store: {exc}", flush=True)
            else:
                from PySide6.QtCore import QCoreApplication

                QMessageBox.critical(window, APP_NAME, QCoreApplication.translate(
                    "App", "Cannot open the ChatHub database:") + f"\n{exc}")  # the window's language (issue 27)
            exit_code = 1
        else:
            if not quit_event.is_set() and services is not None:
                window.attach(services)
                mark("services_attached")  # the window takes input from here
                if smoke:
                    exit_code = await smoke_check(window, services)
                    quit_event.set()
                await quit_event.wait()
        await shut_down(app, window, services)
        if services is None and store is not None:  # quit before the rest was built
            await asyncio.to_thread(store.db.dispose)

    errors = UnhandledErrors(window.error_bar.show_error)  # issue 28: every bug shows and is logged
    from chathub_desktop.gui.shell.caret_rest import CaretRest

    caret_rest = CaretRest(app)  # the caret stops blinking 10 s after the last input (issue 29: quiet at rest)
    try:
        with loop, errors.installed(loop):
            task = loop.create_task(main(), name="chathub-main")
            try:
                loop.run_until_complete(task)
            except RuntimeError:
                if task.done():
                    raise
                # Qt's event loop ended first (the session asked the app to quit):
                # run the ordered shutdown before the loop closes
                quit_event.set()
                loop.run_until_complete(task)
    finally:
        sys.set_asyncgen_hooks(*old_hooks)  # type: ignore[arg-type]
        asyncio.set_event_loop(None)
        _disconnect(window.quit_requested, request_quit)
        _disconnect(app.aboutToQuit, request_quit)
        caret_rest.close()
        if services is not None:
            services.close()  # done already unless the shutdown failed; idempotent
        if instance is not None:
            instance.close()
        _delete_widgets(app)
    return exit_code


async def smoke_check(window: MainWindow, services: Services) -> int:
    """The bundle's start-up check (issue 16): the window painted a non-empty image with
    the app icon set, a bundled tokenizer counts tokens and the math typesetter finds its
    font (both on a worker thread). Prints
    one line, ``CHATHUB_SMOKE_OK version=… tokens=… math=… size=W×H`` or ``CHATHUB_SMOKE_FAILED
    <step>: <reason>``; returns the exit code (0 or 1)."""
    import asyncio

    from chathub_desktop.tokens.counter import TokenCounter

    app = QApplication.instance()
    assert isinstance(app, QApplication)
    await asyncio.sleep(0.2)  # the loop paints the window; the attach's first page and badge land
    image = window.grab().toImage()
    if image.isNull() or image.width() < 100 or image.height() < 100:
        print(f"{SMOKE_FAILED} paint: the window painted no image", flush=True)
        return 1
    if app.windowIcon().isNull():
        print(f"{SMOKE_FAILED} icon: no app icon was found in the bundle", flush=True)
        return 1
    try:
        tokens = await asyncio.to_thread(lambda: TokenCounter.for_model("").count("ChatHub smoke test"))
    except Exception as exc:  # the one line is the check's whole report
        print(f"{SMOKE_FAILED} tokenizer: {exc}", flush=True)
        return 1
    def typeset() -> str:
        from ziamath.zmath import Latex

        return str(Latex("x^2").svg())

    try:
        await asyncio.to_thread(typeset)  # the bundled math font loads
    except Exception as exc:  # the one line is the check's whole report
        print(f"{SMOKE_FAILED} math: {type(exc).__name__}: {exc}", flush=True)
        return 1
    seeded = await smoke_assistant(window, services)
    try:
        audited = await audit_themes(window)
    finally:
        if seeded is not None:  # the smoke leaves nothing behind in the store it was given
            window.pages.detach_memory()
            await asyncio.to_thread(services.assistants.delete, seeded)
    if not audited:
        print(f"{SMOKE_FAILED} audit: low contrast or cut text (the CHATHUB_AUDIT lines above)", flush=True)
        return 1
    print(f"{SMOKE_OK} version={__version__} tokens={tokens} math=ok size={image.width()}x{image.height()}",
          flush=True)
    return 0


#: The smoke's own assistant on a store with none (deleted after the audit), its fixed
#: entries and its one dream card: the Memory page shows cards, not its empty state.
SMOKE_ASSISTANT = "Smoke check"
SMOKE_ENTRIES = ("Prefers short answers with code first", "Works in Berlin (CET)", "Writes Python 3.11")
SMOKE_CARD = "- Asked for the changelog as a table\n- Wants the SQL before any explanation"


async def smoke_assistant(window: MainWindow, services: Services) -> int | None:
    """On a store with no assistant (a fresh data dir: the bundle build's, the tests'),
    make :data:`SMOKE_ASSISTANT` with :data:`SMOKE_ENTRIES` and a dream card for
    yesterday (UTC) through the services, and show it, so that the tour audits a Memory
    page with cards (audit53 #6); returns its id, for the caller to delete. None, with
    nothing written, when the store has assistants: the tour opens the Memory page of
    the one in view."""
    import asyncio
    from datetime import UTC, datetime, timedelta

    def seed() -> int | None:
        if services.assistants.list():
            return None
        aid = services.assistants.create(SMOKE_ASSISTANT).id
        services.memory.add_many(aid, list(SMOKE_ENTRIES), source="ChatHub")
        day = datetime.now(UTC).date() - timedelta(days=1)
        pid = services.dreams.review.propose(aid, day, SMOKE_CARD, None, None)
        if pid is not None:
            services.dreams.review.accept(pid)
        return aid

    aid = await asyncio.to_thread(seed)
    if aid is not None:
        await window.load_assistants(aid)
    return aid


def page_tour(window: MainWindow) -> list[Callable[[], object]]:
    """Calls that show, in turn, each section of the window's Settings page, its
    Search page and the Memory page of the assistant in view, when there is one (issue
    29: pages of the window, audited like the rest; audit53 #6). The Memory page's call
    returns the page (it reads on a worker)."""
    from chathub_desktop.gui.settings.settings_page import SettingsSection
    settings = window.pages.open_settings()

    def section(s: SettingsSection) -> Callable[[], object]:
        def show() -> None:
            window.pages.open_settings()
            settings.show_section(s)
        return show

    memory = [window.pages.open_memory] if window.current_assistant_id() is not None else []
    return [*(section(s) for s in settings.pages), window.search.open, *memory]


async def audit_themes(window: MainWindow) -> bool:
    """Open the setup wizard over the running window, switch to the light and then the
    dark theme (live, issue 29), audit what the window and every window open over it
    paint in each, with the wizard on its first and on its last page, then the window's
    Settings sections, Search page and Memory page, read (:func:`page_tour`;
    :func:`~chathub_desktop.gui.design.audit.audit_windows`)
    and print one ``CHATHUB_AUDIT`` line per theme, each failure on stderr; then the kept
    theme again. True when both themes have no contrast failure and no cut text."""
    import asyncio

    from chathub_desktop.gui.design.audit import AuditReport, audit_windows
    from chathub_desktop.gui.design.theme import apply_theme

    app = QApplication.instance()
    assert isinstance(app, QApplication)
    ok = True
    from chathub_desktop.gui.shell.setup_wizard import SetupWizard

    shown = window.dialogs.get("setup")  # the first run's, or a new one: what a first launch shows
    wizard = shown if isinstance(shown, SetupWizard) and shown.isVisible() else window.pages.open_setup()
    pages = wizard.pageIds()
    reports = {theme: AuditReport(theme) for theme in ("light", "dark")}
    for theme, report in reports.items():
        apply_theme(app, theme)
        for page in (pages[0], pages[-1]):  # the welcome, and the check boxes of the last page
            wizard.setStartId(page)
            wizard.restart()
            await asyncio.sleep(0.15)  # the repaint of every widget
            report.add(audit_windows(app.topLevelWidgets(), theme))  # the window and each dialog over it
    wizard.hide()  # not closed: closing would mark a user's first-run setup as seen
    for theme, report in reports.items():  # the window's own pages (issue 29): each Settings section, Search
        apply_theme(app, theme)
        for show in page_tour(window):
            await _shown(show())
            await asyncio.sleep(0.15)
            report.add(audit_windows([window], theme))
        print(report.line(), flush=True)
        for f in report.contrast + report.clipped:
            print(f"  {theme}: {f.what}: {f.detail}", file=sys.stderr, flush=True)
        ok = ok and report.ok
    window.back_action.trigger()
    window.view.prefs.apply()
    return ok


async def _shown(page: object, bound_s: float = 10.0) -> None:
    """Once a Memory page ``page`` shows what it read (its entries and cards; at most
    ``bound_s`` seconds); at once for any other page."""
    import asyncio

    from chathub_desktop.gui.memory.fixed_page import MemoryPage

    if isinstance(page, MemoryPage):
        end = time.monotonic() + bound_s
        while (page.loads < 1 or page.dream_panel.loads < 1) and time.monotonic() < end:
            await asyncio.sleep(0.05)


async def shut_down(app: QApplication, window: MainWindow, services: Services | None) -> None:
    """Quit in order (issue 9), on the running loop, before Qt tears down:

    1. stop taking input: every window is hidden; the MCP servers start stopping on a
       worker thread (:func:`stop_tool_servers`, within :data:`SHUTDOWN_TASKS_S`);
    2. the window stops its timers and tray, cancels every reply (stored as
       ``interrupted`` with what arrived, APP-8) and every GUI task, and waits for them
       and for its worker threads; each task closes its own HTTP client and response
       streams on the way out;
    3. any task still on the loop is cancelled and awaited;
    4. async generators still alive are closed (``loop.shutdown_asyncgens``);
    5. the store is disposed on a worker thread (it waits for the store's threads, so
       none of them calls back into the loop later).

    The loop, its executor and the widgets go after this returns (:func:`run_gui`).
    """
    import asyncio

    for widget in app.topLevelWidgets():
        widget.hide()
    window.setEnabled(False)
    servers = asyncio.ensure_future(stop_tool_servers(services)) if services is not None else None
    await window.shutdown()
    current = asyncio.current_task()
    rest = [t for t in asyncio.all_tasks() if t is not current and t is not servers and not t.done()]
    for t in rest:
        t.cancel()
    if rest:
        await asyncio.wait(rest, timeout=SHUTDOWN_TASKS_S)
    await asyncio.get_running_loop().shutdown_asyncgens()
    if servers is not None:
        await servers
    if services is not None:
        await asyncio.to_thread(services.close)


async def stop_tool_servers(services: Services, budget_s: float = SHUTDOWN_TASKS_S) -> None:
    """Stop every MCP server with its process tree on a worker thread, within
    ``budget_s`` seconds (issue 25): the GUI thread keeps running meanwhile, and the
    quit's other steps run beside it (:func:`shut_down` starts it first)."""
    import asyncio

    await asyncio.to_thread(services.mcp.clients.close, budget_s)


def _disconnect(signal: SignalInstance, slot: Callable[[], None]) -> None:
    with contextlib.suppress(RuntimeError, TypeError):
        signal.disconnect(slot)


def _delete_widgets(app: QApplication) -> None:
    """Delete every top-level widget while the QApplication still exists, so no widget
    (and no Python slot on one) outlives it."""
    for widget in app.topLevelWidgets():
        widget.deleteLater()
    app.sendPostedEvents(None, QEvent.Type.DeferredDelete)


class StoreUnavailable(Exception):
    """The store cannot be opened; the message is the one-line reason."""


def _first_page(database_url: str | None, data_dir: Path | None, resume: ResumeIds) -> FirstPage | None:
    """The last topic's newest page read without the store (issue 29; ``resume``: the
    assistant and topic open at the last quit), or None (another store, nothing to show,
    or a file it cannot read: the store's read follows)."""
    # no Qt module on a worker: importing one beside the GUI thread crashed PySide6
    from chathub_desktop.services.topics.first_page import PAGE_ROWS, first_page

    try:
        return first_page(database_url, data_dir or default_data_dir(), PAGE_ROWS, resume)
    except (OSError, ValueError):  # an unknown role or status word: the store's read says why
        return None


def _load_tokenizer() -> None:
    """Build the default token encoding (``o200k_base``, what the badge counts the shown
    topic with unless its model says otherwise) before the store opens (issue 29). Its
    build holds the merge table twice, as a Python dict (~25 MB) beside the native copy
    (~46 MB): built after the services, that sat on top of everything they and SQLAlchemy
    hold and was the start-up's peak RSS. A missing or corrupt file is left for the
    badge's own load to report."""
    from chathub_desktop.storage.bulk_loading import release_free_memory
    from chathub_desktop.tokens.encodings import (
        EncodingUnavailable,
        encoding_name_for_model,
        get_encoding,
    )

    with contextlib.suppress(EncodingUnavailable):
        get_encoding(encoding_name_for_model(""))
    release_free_memory()  # the Python table's pages


def _open_store(database_url: str | None, data_dir: Path | None, bus: EventBus | None = None) -> Store:
    from chathub_desktop.services.container import open_store
    from chathub_desktop.storage.database import DatabaseError

    try:
        return open_store(database_url, data_dir, bus=bus)
    except (DatabaseError, OSError) as exc:
        raise StoreUnavailable(str(exc)) from exc


def _build_services(store: Store) -> Services:
    from chathub_desktop.services.container import build_services

    services = build_services(store)
    # the tokenizers load once the last topic is shown (TopicOpener._start_background, issue 29)
    freeze_startup_heap()
    return services


async def _first_of(*events: asyncio.Event) -> None:
    """Return once any of ``events`` is set."""
    import asyncio

    waits = [asyncio.ensure_future(e.wait()) for e in events]
    try:
        await asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for w in waits:
            w.cancel()


def freeze_startup_heap() -> None:
    """Move every object alive after start-up (modules, classes, Qt wrappers, the
    store's mappers) out of the cyclic GC's reach: they live as long as the process, and
    a full collection walking them held the GIL ~30 ms each time (issue 9). No collection
    first: at this point it freed nothing (0 objects of ~100,000) and held the last
    topic's rows back 0.1-0.5 s (issue 29)."""
    import gc

    gc.freeze()


def main() -> int:
    """Entry point of the ``chathub-desktop-gui`` script (no arguments; use the CLI's
    ``--data-dir`` / ``--database-url`` for those)."""
    from chathub_desktop import startup_gc

    startup_gc.pause()  # until the window painted (issue 29)
    try:
        return run_gui()
    finally:
        startup_gc.resume()


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
