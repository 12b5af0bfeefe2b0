"""GUI test fixtures (PLATFORM.md "Qt + asyncio in tests").

- ONE qasync loop for the whole session, created with ``already_running=True`` and kept
  referenced forever; never stopped or closed (``stop()`` quits the QApplication and
  breaks every later ``qtbot.waitUntil``).
- The loop is made the current/running loop only inside tests that ask for ``qloop``
  (or ``window``), and unset afterwards so non-GUI asyncio tests are unaffected.
- Tests are plain sync functions driven by ``qtbot.waitUntil``/``waitSignal``; never
  ``run_until_complete``.
- A test that leaves a task it created unfinished fails at teardown.
- Store work on the GUI thread fails the test (issue 29): a ``Database.read()`` /
  ``write()`` opened on the main thread with window code (``chathub_desktop/gui``) on the
  call stack raises :class:`GuiThreadStoreCall` and is reported at teardown, even when
  the window caught the exception. A test's own set-up calls (no window code on the
  stack) are allowed, and so are the blocking test entries (:data:`BLOCKING_TEST_ENTRIES`)
  when a test calls them.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import gc
import itertools
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from types import FrameType

import pytest

from chathub_desktop.gui.shell.task_runner import install_asyncgen_hooks
from tests.gui.helpers import settled, shown_memory_page

_LOOP: asyncio.AbstractEventLoop | None = None
_GUI_DIR = str(Path(__file__).resolve().parents[2] / "chathub_desktop" / "gui")


#: Window functions that read the store on the calling thread by contract, for tests and
#: benchmarks only, by (file, function): allowed when a test (no window code) calls them;
#: called by window code, or any other window store read, fails its test. Shrink it,
#: never grow it (issue 29).
BLOCKING_TEST_ENTRIES: frozenset[tuple[str, str]] = frozenset({
    # MessageListModel.open_topic: fetch a page and show it at once (the window fetches on a worker)
    ("message_list_model.py", "open_topic"),
})


def _window_code(frame: FrameType | None) -> bool:
    return frame is not None and frame.f_code.co_filename.startswith(_GUI_DIR)


class GuiThreadStoreCall(AssertionError):
    """Window code opened a store session on the GUI thread (issue 29)."""


@pytest.fixture(autouse=True)
def gui_thread_store_calls() -> Iterator[list[str]]:
    """Refuse, and fail the test for, every store session window code opens on the GUI
    thread; the call site is named (issue 29: store work runs on the store workers).
    Yields the list of refused sites (``file.py:line function``)."""
    from chathub_desktop.storage import database

    found: list[str] = []

    def check() -> None:
        if threading.current_thread() is not threading.main_thread():
            return
        site = None  # the innermost window frame: named in the refusal
        frame: FrameType | None = sys._getframe(1)
        while frame is not None:
            if _window_code(frame):
                name = Path(frame.f_code.co_filename).name
                site = site or f"{name}:{frame.f_lineno} {frame.f_code.co_name}"
                if (name, frame.f_code.co_name) in BLOCKING_TEST_ENTRIES and not _window_code(frame.f_back):
                    return  # a test's own blocking read, entered from the test
            frame = frame.f_back
        if site is not None:
            found.append(site)
            raise GuiThreadStoreCall(f"store session opened on the GUI thread by {site}")

    previous = database.set_session_check(check)
    try:
        yield found
    finally:
        database.set_session_check(previous)
    if found:
        pytest.fail("store work on the GUI thread (issue 29): " + "; ".join(dict.fromkeys(found)))


@pytest.fixture(scope="session", autouse=True)
def _english_interface(qapp):  # type: ignore[no-untyped-def]
    """English as the app shows it, for pages a test builds without a window: its plural
    forms ("1 card", "3 cards"; ``chathub_en`` holds only those) and English number
    formats ("10,000", not the C locale's "10000"). In the app the window's language
    switcher installs both before the first paint (issue 27)."""
    from PySide6.QtCore import QLocale, QTranslator

    from chathub_desktop.gui.shell.i18n import translations_dir

    english = QTranslator()
    assert english.load("chathub_en", translations_dir())
    qapp.installTranslator(english)
    if QLocale.system().language() == QLocale.Language.C:  # as LanguageSwitcher.apply for "System"
        QLocale.setDefault(QLocale("en"))
    yield english
    qapp.removeTranslator(english)


@pytest.fixture(autouse=True)
def _interface_language_restored(qapp, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:  # type: ignore[no-untyped-def]
    """Put the interface language back after every test (issue 30): the translators it
    installed, ``QLocale``'s default, the app's ``UI_LANGUAGE`` (the language
    :mod:`~chathub_desktop.gui.shell.day_format` writes dates in) and the CJK font
    fallback. A test that switched to Chinese and put back only the first two left a
    later page without a window writing "22 11月 2026" in the same worker."""
    import shiboken6
    from PySide6.QtCore import QLocale, QTranslator
    from PySide6.QtGui import QFont

    from chathub_desktop.gui.shell.i18n import ENGLISH_BASE, UI_LANGUAGE

    locale, language = QLocale(), qapp.property(UI_LANGUAGE)
    family = qapp.font().family()
    substitutes = QFont.substitutes(family)
    installed: list[QTranslator] = []
    removed: list[QTranslator] = []  # a test that takes one out and puts it back leaves it
    install, remove = qapp.installTranslator, qapp.removeTranslator

    def tracked(translator: QTranslator) -> bool:
        if not any(t is translator for t in removed):
            installed.append(translator)
        return bool(install(translator))

    def untracked(translator: QTranslator) -> bool:
        removed.append(translator)
        return bool(remove(translator))

    monkeypatch.setattr(qapp, "installTranslator", tracked)
    monkeypatch.setattr(qapp, "removeTranslator", untracked)
    yield
    for translator in installed:  # the session's English base stays (install_english_base)
        if shiboken6.isValid(translator) and translator.objectName() != ENGLISH_BASE:
            qapp.removeTranslator(translator)
    if QLocale() != locale:
        QLocale.setDefault(locale)
    if qapp.property(UI_LANGUAGE) != language:
        qapp.setProperty(UI_LANGUAGE, language)
    if QFont.substitutes(family) != substitutes:
        QFont.removeSubstitutions(family)
        if substitutes:
            QFont.insertSubstitutions(family, substitutes)


@pytest.fixture(scope="session")
def session_loop(qapp):  # type: ignore[no-untyped-def]
    """The one session-wide qasync loop (kept in a module global forever)."""
    global _LOOP
    if _LOOP is None:
        import qasync

        _LOOP = qasync.QEventLoop(qapp, already_running=True)
        # plain threads for to_thread, as run_gui sets them (qasync's default starts QThreads)
        _LOOP.set_default_executor(
            concurrent.futures.ThreadPoolExecutor(max_workers=4, thread_name_prefix="test-loop"))
        asyncio.events._set_running_loop(None)  # only tests that ask get it
        # the process-wide tokenizers, once: a window warms them on a worker after its first
        # topic (issue 29), and its shutdown would otherwise wait for that native load
        from chathub_desktop.tokens.encodings import EXPECTED_SHA256, get_encoding

        for name in EXPECTED_SHA256:
            get_encoding(name)
    return _LOOP


@pytest.fixture
def qloop(session_loop, qtbot) -> Iterator[asyncio.AbstractEventLoop]:  # type: ignore[no-untyped-def]
    """The qasync loop as this test's running loop; fails the test if it leaks tasks."""
    loop = session_loop
    asyncio.set_event_loop(loop)
    asyncio.events._set_running_loop(loop)
    old_hooks = install_asyncgen_hooks(loop)
    before = set(asyncio.all_tasks(loop))
    try:
        yield loop
        gc.collect()  # finalize dropped async generators on the loop while it is ours
        leaked: list[asyncio.Task[object]] = []

        def settled() -> bool:
            leaked[:] = [t for t in asyncio.all_tasks(loop) if t not in before and not t.done()]
            return not leaked

        try:
            qtbot.waitUntil(settled, timeout=3000)
        except Exception:
            names = ", ".join(t.get_name() for t in leaked)
            for t in leaked:
                t.cancel()
            qtbot.wait(50)
            pytest.fail(f"test leaked unfinished asyncio tasks: {names}")
    finally:
        sys.set_asyncgen_hooks(*old_hooks)
        asyncio.events._set_running_loop(None)
        asyncio.set_event_loop(None)


@pytest.fixture
def window(qloop, services, qtbot):  # type: ignore[no-untyped-def]
    """A shown MainWindow over the test's services; shut down (replies interrupted,
    tasks cancelled) on teardown."""
    from chathub_desktop.gui.shell.main_window import MainWindow
    from chathub_desktop.gui.shell.window_geometry import OPENING_SIZE

    w = MainWindow(services)
    w.resize(OPENING_SIZE)  # as on a laptop: the test screen (800×800) would fold the sidebar
    w.show()
    qtbot.waitExposed(w)
    settled(w, qtbot)
    yield w
    done: list[bool] = []
    task = qloop.create_task(w.shutdown())
    task.add_done_callback(lambda _t: done.append(True))
    qtbot.waitUntil(lambda: bool(done), timeout=5000)
    for dlg in list(w.dialogs.values()):
        dlg.close()
    w.close()
    w.deleteLater()


@pytest.fixture(autouse=True)
def _unanswered_previews_fail(monkeypatch: pytest.MonkeyPatch) -> None:
    """A preview before memory is replaced (issue 18) is a modal dialog: a test that does
    not answer it fails at once instead of hanging on ``exec()``."""
    from chathub_desktop.gui.memory import change_preview

    def unanswered(_parent, title, heading, _options, _action, *_ticked):  # type: ignore[no-untyped-def]
        raise AssertionError(f"unanswered preview {change_preview.said_text(title)!r}: "
                             f"{change_preview.said_text(heading)}")

    monkeypatch.setattr(change_preview, "ask", unanswered)


@pytest.fixture(autouse=True)
def _recall_fill_paused(monkeypatch: pytest.MonkeyPatch) -> None:
    """The recall vectors' background fill starts paused in window tests (issue 26): it
    would embed every test's messages on a worker, minutes of CPU over the suite; the
    tests of the fill resume it (tests/gui/test_recall_vectors_gui.py)."""
    from chathub_desktop.gui.shell.vector_fill import PAUSED_ENV

    monkeypatch.setenv(PAUSED_ENV, "paused")


@pytest.fixture(autouse=True)
def _memory_page_not_made_ahead(monkeypatch: pytest.MonkeyPatch) -> None:
    """No Memory page is made ahead in window tests (issue 30's idle preparation, issue
    28): every window test that ran past the 1.5 s idle delay built, polished, laid out
    and painted a hidden Memory page it never opened, and on a loaded machine most of
    them did. The tests of that preparation start it at once
    (tests/gui/test_memory_page_prepared.py); the others open Memory as a user who
    opens it within the delay."""
    from chathub_desktop.gui.memory import page_prepare

    monkeypatch.setattr(page_prepare, "PREPARE_AFTER_MS", 10**9)


@pytest.fixture(autouse=True)
def _leftovers_freed(qapp) -> Iterator[None]:  # type: ignore[no-untyped-def]
    """Delete the top-level widgets a test leaves behind, collect, then freeze what
    survives (issue 28). A parentless menu, popover or message box outlived its window,
    and its signal connections (held by Qt, unseen by the garbage collector) kept the
    closed window alive with its services and store engine: the heap grew by a window
    per test (1.1 M objects after 250 GUI tests, 0.35 M now) and every later full
    collection walked all of it (teardowns of 11-14 s late in a loaded worker).
    ``gc.freeze()`` moves what is still alive after the test (the session's QApplication,
    loop, imported modules, SQLAlchemy's bounded caches) out of the collector's reach, so
    each later ``gc.collect()`` walks only one test's objects. Every
    :data:`_FULL_COLLECT_EVERY` tests everything is unfrozen first, so garbage cycles of
    objects frozen while alive (a cache entry evicted later) are freed too."""
    import shiboken6
    from PySide6.QtCore import QCoreApplication, QEvent

    before = {id(w) for w in qapp.topLevelWidgets()}
    yield
    left = [w for w in qapp.topLevelWidgets() if id(w) not in before and shiboken6.isValid(w)]
    for widget in left:
        widget.close()
        widget.deleteLater()
    if left:
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    if next(_TEARDOWNS) % _FULL_COLLECT_EVERY == 0:
        gc.unfreeze()
    gc.collect()
    gc.freeze()


#: Tests between full collections (the others walk only one test's objects).
_FULL_COLLECT_EVERY = 100
_TEARDOWNS = itertools.count(1)


@pytest.fixture
def assistant(services):  # type: ignore[no-untyped-def]
    """An assistant "Helper" (gpt-4o-mini); its id. The Memory page tests' own."""
    return services.assistants.create("Helper", model="gpt-4o-mini").id


@pytest.fixture
def page(qloop, services, assistant, qtbot):  # type: ignore[no-untyped-def]
    """The Memory page of :func:`assistant`, shown (``tests.gui.helpers.shown_memory_page``);
    a test file with a ``page`` of its own uses that."""
    with shown_memory_page(services, assistant, qtbot) as p:
        yield p
