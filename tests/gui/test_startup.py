"""The window appears before the store is open, then fills in (issue #2 benchmark (a))."""

from __future__ import annotations

import os
import subprocess
import sys

from tests.fakes import cli_fork
from tests.gui.helpers import settled
from tests.wait_scale import scale


def test_window_shows_first_and_fills_in_on_attach(qloop, services, qtbot) -> None:  # type: ignore[no-untyped-def]
    from chathub_desktop.gui.shell.main_window import MainWindow

    services.assistants.create("Helper")
    w = MainWindow(None)
    w.show()
    qtbot.waitExposed(w)
    assert not w.centralWidget().isEnabled()
    assert w.stack.currentWidget() is w.opening and "Opening" in w.opening.text()
    assert w.status_line.currentMessage() == ""  # said once; a line here would shift the rows when it went (issue 29)
    assert not w.new_topic_action.isEnabled() and not w.import_action.isEnabled()  # inert
    assert w.quit_action.isEnabled()
    w.attach(services)
    assert w.centralWidget().isEnabled()
    settled(w, qtbot)  # the assistants are read on a store worker (issue 29)
    assert w.assistant_combo.currentText() == "Helper"
    assert w.new_topic_action.isEnabled() and w.import_action.isEnabled()
    # the buttons keep their labels when their actions are re-enabled
    labels = [b.text() for b in (w.sidebar.rename_topic_button, w.sidebar.delete_topic_button, w.sidebar.new_topic_button)]
    assert labels == ["Rename topic", "Delete topic", "New topic"]
    assert w.rail.avatar.text() == "H"  # the rail's switcher shows "Helper"'s initial (issue 29)
    done: list[bool] = []
    qloop.create_task(w.shutdown()).add_done_callback(lambda _t: done.append(True))
    qtbot.waitUntil(lambda: bool(done), timeout=5000)
    w.close()


def test_first_paint_loads_neither_the_store_stack_nor_qt_namespace(tmp_path) -> None:
    """Up to the window's first paint nothing heavy loads (issue #2 benchmark (a)):
    not SQLAlchemy, Alembic, httpx or tiktoken (they load on a worker thread after the
    window is shown), nor PySide6's ``Qt`` namespace (~20 ms to build; the window
    wires its shortcuts and menus in attach())."""
    code = (
        "import sys, PySide6.QtCore as C\n"
        "from chathub_desktop.app_bootstrap import make_application\n"
        "from chathub_desktop.gui.shell.main_window import MainWindow\n"
        "app = make_application()\n"
        f"w = MainWindow(None, settings_file={str(tmp_path / 'window.ini')!r})\n"
        "w.show(); app.processEvents()\n"
        "print(sorted(m for m in ('sqlalchemy', 'alembic', 'httpx', 'tiktoken') if m in sys.modules),"
        " 'Qt' in C.__dict__)\n"
    )
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env).stdout
    assert out.strip() == "[] False"


def test_imports_after_the_window_keep_no_source_text() -> None:
    """Issue 29 (RSS under 200 MB with a long topic open): PySide6 read the source of
    every module imported after it into ``linecache`` and kept it (~30 MB for the
    window's ~870 modules); the composition root makes the same check without keeping
    lines, so importing the window and the store stack caches no file."""
    code = (
        "import linecache\n"
        "import chathub_desktop.app_bootstrap\n"
        "import chathub_desktop.gui.shell.main_window\n"
        "import chathub_desktop.services.container\n"
        "print(len([f for f in linecache.cache if f.endswith('.py')]))\n"
    )
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env).stdout
    assert out.strip() == "0"


GC_PROBE = """
import gc, sys
from pathlib import Path
from chathub_desktop.gui.shell.main_window import MainWindow
from chathub_desktop import logging_setup
seen = {}
build = MainWindow.__init__
def build_and_look(self, *args, **kwargs):
    seen["building"] = gc.isenabled()
    build(self, *args, **kwargs)
MainWindow.__init__ = build_and_look
configure_logging = logging_setup.configure_logging
def after_paint(*args):  # run_gui's first step after the window's first paint
    seen["painted"] = gc.isenabled()
    seen["frozen"] = gc.get_freeze_count() > 1000
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication
    QTimer.singleShot(0, lambda: [w.close() for w in QApplication.topLevelWidgets() if w.isVisible()])
    return configure_logging(*args)
logging_setup.configure_logging = after_paint
from chathub_desktop.cli import main
code = main([])
print("GC", seen, gc.isenabled(), code)
"""


def test_collector_waits_while_the_window_is_built_and_runs_once_it_painted(tmp_path) -> None:
    """Issue 29 (start-up within 1.5x a bare window): the window's entry point pauses the
    cyclic garbage collector while the window's modules load and its widgets are built
    (it walked them again and again, ~12 ms of CPU before the first paint); once the
    window painted, what lives by then is frozen out of its reach and it runs again, and
    it still runs when the app has quit."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "CHATHUB_DATA_DIR": str(tmp_path / "data")}
    env.pop("CHATHUB_DATABASE_URL", None)
    out = subprocess.run([sys.executable, "-c", GC_PROBE], capture_output=True, text=True, env=env,
                         timeout=60 * scale(), check=False)
    line = next((ln for ln in out.stdout.splitlines() if ln.startswith("GC ")), None)
    assert line is not None, out.stderr[-2000:]
    assert line == "GC {'building': False, 'painted': True, 'frozen': True} True 0", out.stderr[-2000:]


def test_smoke_start_paints_the_window_and_quits(tmp_path) -> None:
    """``gui --smoke`` (what the bundle build runs, issue 16): the store opens in a
    fresh data dir, the window paints with the app icon, a bundled tokenizer counts,
    one OK line, exit 0. A fork of the CLI fork server (the same start, without a fresh
    interpreter's imports); its timeout is a hang bound, scaled for a loaded machine
    (issue 28: past 60 s at load 9-11)."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    out = cli_fork.run([sys.executable, "-m", "chathub_desktop", "gui", "--smoke",
                        "--data-dir", str(tmp_path / "data")],
                       capture_output=True, text=True, env=env, timeout=60 * scale())
    assert out.returncode == 0, out.stdout + out.stderr
    line = next(ln for ln in out.stdout.splitlines() if ln.startswith("CHATHUB_SMOKE"))
    assert line.startswith("CHATHUB_SMOKE_OK version=")
    assert "tokens=4 " in line  # "ChatHub smoke test" in o200k_base
    assert (tmp_path / "data").is_dir()
    # issue 29: the window switched live to each theme and nothing it paints is faint or cut
    audits = [ln.split() for ln in out.stdout.splitlines() if ln.startswith("CHATHUB_AUDIT ")]
    assert [a[1] for a in audits] == ["theme=light", "theme=dark"], out.stdout + out.stderr
    for a in audits:  # the window and the setup wizard over it, on its first and last page (walkthrough F6)
        assert int(a[2].removeprefix("widgets=")) >= 30
        assert a[3:] == ["contrast_failures=0", "clipped=0"], out.stderr


def test_window_and_tray_use_the_bundled_app_icon(qapp) -> None:  # type: ignore[no-untyped-def]
    from chathub_desktop.app_bootstrap import make_application
    from chathub_desktop.gui.design.app_icon import app_icon

    app = make_application()
    icon = app_icon()
    assert not icon.isNull()
    assert {s.width() for s in icon.availableSizes()} >= {16, 32, 48, 256}
    assert not app.windowIcon().isNull()
