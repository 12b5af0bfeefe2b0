"""The harness the offscreen screenshot scripts share (a helper, not a test): the Qt
application on a qasync loop, services over a fresh SQLite store with an in-memory
keyring, the main window shown on one topic, the token popover grabbed, and the
``python -m tests.gui.<script> [OUT_DIR]`` entry point (default ``/tmp/chathub-shots``).

Run the scripts from the repository root with ``QT_QPA_PLATFORM=offscreen`` (set here
too when missing), e.g. ``python -m tests.gui.usage_screenshot``.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import os
import sys
import tempfile
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from chathub_desktop.gui.design.tokens import MIN_WINDOW

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("CHATHUB_ALLOW_TEST_DOUBLES", "1")

DEFAULT_OUT = Path("/tmp/chathub-shots")
"""Where the scripts write their PNG files when no OUT_DIR is given."""
REPO = Path(__file__).resolve().parents[2]
"""The repository's root (``docs/`` takes the images a script refreshes)."""


def shots_in_both_themes(widget: Any, name: str) -> None:
    """For a test, with ``CHATHUB_SHOTS=/dir``: ``widget`` saved in both themes as
    ``<name>-<theme>.png``, each after the theme's layout requests ran (a grab right after
    the switch showed buttons at their old sizes), ending in the light theme; nothing
    without the variable."""
    out = os.environ.get("CHATHUB_SHOTS")
    if not out:
        return
    from PySide6.QtWidgets import QApplication

    from chathub_desktop.gui.design.theme import apply_theme

    app = QApplication.instance()
    for theme in ("light", "dark", "light"):  # back to light for the rest of the test
        apply_theme(app, theme, hint=False)  # type: ignore[arg-type]
        for _ in range(3):  # polish, then the layouts it asked for
            QApplication.processEvents()
        widget.grab().save(os.path.join(out, f"{name}-{theme}.png"))


def offscreen_loop() -> tuple[Any, concurrent.futures.ThreadPoolExecutor]:
    """``(loop, pool)``: the application and its qasync event loop, made the current one
    with asyncgen hooks installed, as the app does; ``pool`` runs its ``to_thread`` work
    (the caller shuts it down when done)."""
    import qasync

    from chathub_desktop.app_bootstrap import make_application
    from chathub_desktop.gui.shell.task_runner import install_asyncgen_hooks

    app = make_application()
    loop = qasync.QEventLoop(app)
    # plain threads for to_thread, as run_gui sets them (qasync's default starts QThreads
    # that abort the process when still alive at exit)
    pool = concurrent.futures.ThreadPoolExecutor(max_workers=4, thread_name_prefix="shot-loop")
    loop.set_default_executor(pool)
    asyncio.set_event_loop(loop)
    install_asyncgen_hooks(loop)
    return loop, pool


@contextmanager
def offscreen_services(prefix: str) -> Iterator[tuple[Any, Any]]:
    """``(loop, services)``: the application and its qasync event loop
    (:func:`offscreen_loop`), an in-memory keyring, and services over a new store in
    a temporary folder named ``prefix…``; the services are closed on the way out."""
    import keyring

    from chathub_desktop.services.container import open_services
    from tests.fakes.memory_keyring import MemoryKeyring

    keyring.set_keyring(MemoryKeyring())
    tmp = Path(tempfile.mkdtemp(prefix=prefix))
    loop, pool = offscreen_loop()
    svc = open_services(f"sqlite:///{tmp / 'store.sqlite3'}")
    try:
        yield loop, svc
    finally:
        pool.shutdown(wait=True)
        svc.close()


async def open_window(svc: Any, topic: int, size: tuple[int, int]) -> Any:
    """The main window at ``size`` (pixels), shown, with ``topic`` selected and painted."""
    from chathub_desktop.gui.shell.main_window import MainWindow

    w = MainWindow(svc)
    w.resize(*size)
    w.show()
    await w.load_assistants()  # read on a worker (issue 29)
    w.select_topic(topic)
    await asyncio.sleep(0.3)
    return w


#: The window sizes the scripts shoot: a laptop and the smallest the window supports.
SIZES = ((1366, 768), MIN_WINDOW)


async def themed_windows(svc: Any, topic: int, sizes: tuple[tuple[int, int], ...] = SIZES,
                         settle_s: float = 0.0) -> AsyncIterator[tuple[Any, str, str]]:
    """For each of ``sizes`` (pixels), light then dark: the main window opened on
    ``topic`` in that theme, settled ``settle_s`` seconds; yields ``(window, theme, tag)``
    with ``tag`` ``"<W>x<H>-<theme>"`` and shuts the window down when the loop body is
    done with it."""
    for size in sizes:
        for theme in ("light", "dark"):
            w = await open_window(svc, topic, size)
            w.view.prefs.set_theme(theme)
            await asyncio.sleep(settle_s)
            try:
                yield w, theme, f"{size[0]}x{size[1]}-{theme}"
            finally:
                await close_window(w)


async def sizes_and_themes(w: Any, settle_s: float = 0.6) -> AsyncIterator[tuple[tuple[int, int], str, str]]:
    """Window ``w`` resized to each of :data:`SIZES`, light then dark, settled
    ``settle_s`` seconds each time; yields ``(size, theme, tag)`` with ``tag``
    ``"<W>x<H>-<theme>"``."""
    for size in SIZES:
        w.resize(*size)
        for theme in ("light", "dark"):
            w.view.prefs.set_theme(theme)
            await asyncio.sleep(settle_s)
            yield size, theme, f"{size[0]}x{size[1]}-{theme}"


async def grab(widget: Any, path: Path, settle_s: float = 0.3) -> None:
    """Let ``widget`` settle for ``settle_s`` seconds (the loop runs), then save it to
    ``path`` (PNG)."""
    await asyncio.sleep(settle_s)
    widget.grab().save(str(path))


async def grab_popover(w: Any, path: Path, settle_s: float = 0.3) -> None:
    """Open the composer's token popover, save it to ``path`` (PNG) and hide it."""
    w.composer.badge.open_popover()
    await grab(w.composer.badge.popover, path, settle_s)
    w.composer.badge.popover.hide()


def audited(widget: Any, name: str, theme: str) -> bool:
    """Run the design audit (contrast, clipping) over ``widget`` as painted now in
    ``theme``; print ``name``, its line and each finding; True when it passed."""
    from chathub_desktop.gui.design.audit import audit_window

    report = audit_window(widget, theme)
    print(name, report.line(), *(f"\n  {f.what}: {f.detail}" for f in report.contrast + report.clipped))
    return bool(report.ok)


async def close_window(w: Any) -> None:
    """Shut the window's work down (streams, workers) and close it."""
    await w.shutdown()
    w.close()


def store_day_cards(svc: Any, assistant_id: int, days: list[tuple[Any, str]]) -> None:
    """Write ``assistant_id``'s dream document as one single-day card per ``(date, body)``
    of ``days``, in that order (as dreams made them)."""
    from chathub_desktop.core import dynamic_memory as dm
    from chathub_desktop.storage.models import DynamicMemoryDocument, utcnow

    cards: list[dm.Card] = []
    for day, body in days:
        cards = dm.append_day_card(cards, day, body)
    with svc.db.write() as s:
        s.merge(DynamicMemoryDocument(assistant_id=assistant_id, body=dm.render_document(cards), updated_at=utcnow()))


async def until(ready: Callable[[], object], step_s: float = 0.05) -> None:
    """Let the loop run until ``ready()`` is true, looking every ``step_s`` seconds."""
    while not ready():
        await asyncio.sleep(step_s)


class Shots:
    """Grabs and audits for a script: ``shots(widget, name, theme)`` saves ``widget`` as
    ``OUT/<stem>.png``, ``stem`` being ``pattern`` filled with ``name`` and ``theme``, and
    prints its design audit line (:func:`audited`); :attr:`bad` counts the failed audits."""

    def __init__(self, out: Path, pattern: str = "{name}") -> None:
        self.out = out
        self.pattern = pattern
        self.bad = 0

    def __call__(self, widget: Any, name: str, theme: str) -> None:
        """Save ``widget`` as painted now and audit it in ``theme``."""
        stem = self.pattern.format(name=name, theme=theme)
        widget.grab().save(str(self.out / f"{stem}.png"))
        self.bad += not audited(widget, stem, theme)

    @property
    def exit_code(self) -> int:
        """1 when an audit failed, else 0."""
        return 1 if self.bad else 0


def english_when_no_locale() -> None:
    """Dates and numbers in English when the system names no locale (``C``, as here)."""
    from PySide6.QtCore import QLocale

    if QLocale.system().language() == QLocale.Language.C:
        QLocale.setDefault(QLocale("en"))


async def window_in_theme(svc: Any, size: tuple[int, int], theme: str) -> Any:
    """A new main window at ``size`` (pixels), shown, its assistants read, then ``theme``
    applied to the application (after the window's own)."""
    from PySide6.QtWidgets import QApplication

    from chathub_desktop.gui.design.theme import apply_theme
    from chathub_desktop.gui.shell.main_window import MainWindow

    w = MainWindow(svc)
    w.resize(*size)
    w.show()
    await w.load_assistants()
    apply_theme(QApplication.instance(), theme)  # type: ignore[arg-type]
    return w


async def open_memory(w: Any) -> Any:
    """Window ``w``'s Memory page, opened and read (its fixed list and its dream panel)."""
    page = w.pages.open_memory()
    assert page is not None
    await until(lambda: page.loads >= 1 and page.dream_panel.loads >= 1)
    return page


async def dispose_window(w: Any) -> None:
    """:func:`close_window`, then delete it and let the loop take it away (0.2 s)."""
    await close_window(w)
    w.deleteLater()
    await asyncio.sleep(0.2)


async def shown_window(svc: Any, settle_s: float = 0.5) -> Any:
    """A new main window at its default size, shown, its assistants read, settled
    ``settle_s`` seconds."""
    from chathub_desktop.gui.shell.main_window import MainWindow

    window = MainWindow(svc)
    window.show()
    await window.load_assistants()
    await asyncio.sleep(settle_s)
    return window


async def languages_sizes_themes(window: Any, languages: tuple[Any, ...]) -> AsyncIterator[tuple[str, str]]:
    """Window ``window`` in each of ``languages`` (``UiLanguage``), at each of
    :data:`SIZES`, light then dark; yields ``(theme, tag)`` with ``tag``
    ``"<lang>-<W>x<H>-<theme>"`` each time (the caller settles and shoots). The language
    goes back to System at the end."""
    from chathub_desktop.core.ui_language import UiLanguage

    for lang in languages:
        window.view.language_actions[lang].trigger()
        for size in SIZES:
            window.resize(*size)
            for theme in ("light", "dark"):
                window.view.prefs.set_theme(theme)
                yield theme, f"{lang.value}-{size[0]}x{size[1]}-{theme}"
    window.view.language.apply(UiLanguage.SYSTEM)


#: ``shot(widget, name)``: grab ``widget`` as ``<lang>-<theme>-<name>.png`` and audit it.
Shot = Callable[[Any, str], None]


def shoot_languages(loop: Any, svc: Any, out: Path, size: tuple[int, int],
                    scene: Callable[[Any, str, Shot], Awaitable[None]]) -> int:
    """The issue 27 screenshot loop: the main window at ``size`` (pixels); for 简体中文 and
    日本語, light then dark, switch (0.5 s to settle) and await ``scene(window, theme,
    shot)``; each ``shot`` saves a PNG in ``out`` and prints the design audit's line.
    The language goes back to System and the window is shut down after. Returns 1 when
    a shot's audit failed, else 0 (the script's exit code)."""
    from PySide6.QtWidgets import QApplication

    from chathub_desktop.core.ui_language import UiLanguage
    from chathub_desktop.gui.shell.main_window import MainWindow

    window = MainWindow(svc)
    window.resize(*size)
    window.show()

    async def scenario() -> int:
        bad = 0
        app = QApplication.instance()
        assert app is not None
        await asyncio.sleep(0.5)
        for lang in (UiLanguage.CHINESE_SIMPLIFIED, UiLanguage.JAPANESE):
            window.view.language_actions[lang].trigger()
            for theme in ("light", "dark"):

                def shot(widget: Any, name: str, prefix: str = f"{lang.value}-{theme}", theme: str = theme) -> None:
                    nonlocal bad
                    app.processEvents()
                    widget.grab().save(str(out / f"{prefix}-{name}.png"))
                    bad += not audited(widget, f"{prefix}-{name}", theme)

                window.view.prefs.set_theme(theme)
                await asyncio.sleep(0.5)
                await scene(window, theme, shot)
        window.view.language.apply(UiLanguage.SYSTEM)
        await window.shutdown()
        window.close()
        return bad

    return 1 if loop.run_until_complete(scenario()) else 0


async def shot_dialog(shot: Shot, dialog: Any, name: str, settle_s: float = 0.5) -> None:
    """Show ``dialog``, let it settle ``settle_s`` seconds, ``shot`` it as ``name`` and
    close it (reject)."""
    dialog.show()
    await asyncio.sleep(settle_s)
    shot(dialog, name)
    dialog.reject()


def shoot_light_window(loop: Any, svc: Any, size: tuple[int, int],
                       scene: Callable[[Any], Awaitable[None]]) -> None:
    """The main window over ``svc`` in the light theme at ``size`` (pixels), shown; once
    it has settled 0.3 s, ``await scene(window)`` on ``loop`` (from
    :func:`offscreen_services`), then the window's work is shut down."""
    from chathub_desktop.gui.shell.main_window import MainWindow

    window = MainWindow(svc)
    window.view.prefs.set_theme("light")
    window.resize(*size)
    window.show()

    async def scenario() -> None:
        await asyncio.sleep(0.3)
        await scene(window)
        await window.shutdown()

    play(loop, scenario)


def play(loop: Any, scene: Callable[[], Awaitable[None]]) -> int:
    """Make ``loop`` (from :func:`offscreen_services`) the current event loop and run
    ``scene()`` on it to its end; returns 0 (a script's exit code)."""
    asyncio.set_event_loop(loop)
    loop.run_until_complete(scene())
    return 0


def run(main: Callable[[Path], int], default: Path = DEFAULT_OUT) -> None:
    """Exit with ``main(OUT_DIR)``; OUT_DIR is the first argument or ``default``
    (:data:`DEFAULT_OUT` unless given; created when missing). The event loop policy is
    reset first (a script's ``main`` makes its own qasync loop)."""
    asyncio.set_event_loop_policy(None)
    out_dir = Path(sys.argv[1]) if len(sys.argv) > 1 else default
    out_dir.mkdir(parents=True, exist_ok=True)
    code = main(out_dir)
    print(out_dir)
    sys.exit(code)


async def close_page(page: Any) -> None:
    """Close a Memory page a shot made: detached from the window's events, closed, its
    task runner shut down (the close every page shot ends with)."""
    page.detach()
    page.close()
    await page.runner.shutdown()
