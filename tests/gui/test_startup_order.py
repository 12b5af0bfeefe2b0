"""Opening the window shows the last topic before background work starts (issue 29:
the search index catch-up and the recall vectors took the CPU from the first page)."""

from __future__ import annotations

from typing import Any

import pytest

from chathub_desktop.core.messages import Role
from chathub_desktop.gui.chat.message_jump import FIRST_ROWS
from chathub_desktop.gui.search.search_controller import SearchController
from chathub_desktop.gui.shell.main_window import MainWindow
from tests.gui.helpers import settled


def test_background_work_starts_after_the_last_topics_rows_are_shown(qloop, services, qtbot,
                                                                     monkeypatch) -> None:  # type: ignore[no-untyped-def]
    a = services.assistants.create("Helper")
    t = services.topics.create(a.id, "Long topic")
    for i in range(30):
        services.topics.append_message(t.id, Role.USER if i % 2 == 0 else Role.ASSISTANT, f"message {i}")
    started: list[tuple[int, int]] = []
    real = SearchController.index_now

    def record(self: SearchController) -> None:
        window: Any = self._w
        started.append((window.message_model.rowCount(), window.estimate.shown))
        real(self)

    monkeypatch.setattr(SearchController, "index_now", record)
    w = MainWindow(services)
    w.show()
    qtbot.waitExposed(w)
    settled(w, qtbot)
    qtbot.waitUntil(lambda: bool(started), timeout=10000)
    rows, badge = started[0]
    assert rows == 30  # the page was on screen before the first catch-up began
    assert badge == 1  # and the badge had its figure: the catch-up reads the topic too (issue 29)
    qtbot.waitUntil(lambda: w.estimate.shown > 0, timeout=10000)
    done: list[bool] = []
    qloop.create_task(w.shutdown()).add_done_callback(lambda _t: done.append(True))
    qtbot.waitUntil(lambda: bool(done), timeout=5000)
    w.close()
    w.deleteLater()


def test_with_no_topic_background_work_still_starts(qloop, services, qtbot,
                                                     monkeypatch) -> None:  # type: ignore[no-untyped-def]
    started: list[bool] = []
    monkeypatch.setattr(SearchController, "index_now", lambda self: started.append(True))
    w = MainWindow(services)  # no assistant, so no topic to show
    w.show()
    qtbot.waitExposed(w)
    qtbot.waitUntil(lambda: bool(started), timeout=10000)
    assert w.current_topic_id is None
    done: list[bool] = []
    qloop.create_task(w.shutdown()).add_done_callback(lambda _t: done.append(True))
    qtbot.waitUntil(lambda: bool(done), timeout=5000)
    w.close()
    w.deleteLater()


def test_tokenizers_load_after_the_last_topics_rows_are_shown(qloop, services, qtbot, tmp_path,
                                                              monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Issue 29 (content of the last topic within 0.5 s of start): opening the store
    loads no tokenizer (~0.35 s) and runs no full GC collection (0.1-0.5 s, it freed
    nothing); the window loads the tokenizers on a worker once the rows show."""
    import gc

    from chathub_desktop import app_bootstrap
    from chathub_desktop.services.context.estimate_service import EstimateService

    warmed: list[int] = []
    window: list[MainWindow] = []
    monkeypatch.setattr(EstimateService, "warm_up",
                        lambda self: warmed.append(window[0].message_model.rowCount() if window else -1))
    heap: list[str] = []

    def collect(*_a: object) -> int:
        heap.append("collect")
        return 0

    with pytest.MonkeyPatch.context() as m:  # not this test process's heap
        m.setattr(gc, "collect", collect)
        m.setattr(gc, "freeze", lambda: heap.append("freeze"))
        opened = app_bootstrap._build_services(
            app_bootstrap._open_store(f"sqlite:///{tmp_path / 'other.sqlite3'}", tmp_path))
    opened.close()
    assert warmed == []
    assert heap == ["freeze"]  # start-up objects leave the GC's reach without a full collection first
    a = services.assistants.create("Helper")
    t = services.topics.create(a.id, "Long topic")
    for i in range(30):
        services.topics.append_message(t.id, Role.USER if i % 2 == 0 else Role.ASSISTANT, f"message {i}")
    w = MainWindow(services)
    window.append(w)
    w.show()
    qtbot.waitExposed(w)
    qtbot.waitUntil(lambda: bool(warmed), timeout=10000)
    assert warmed == [30]  # the page was on screen before the tokenizers began to load
    settled(w, qtbot)
    done: list[bool] = []
    qloop.create_task(w.shutdown()).add_done_callback(lambda _t: done.append(True))
    qtbot.waitUntil(lambda: bool(done), timeout=5000)
    w.close()
    w.deleteLater()


def test_secret_rules_compile_when_something_may_be_remembered_not_at_start(qloop, services, qtbot,
                                                                           monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Issue 29 (RSS under 200 MB at rest): the secret detector's rules (about 44 MB)
    are not compiled while the window only shows a topic; a stored message (a reply
    may call the memory tool, a compaction may follow) and writing on the Memory page,
    where a save redacts (issue 19), start them — opening it alone does not."""
    from chathub_desktop.services.context.estimate_service import EstimateService
    from chathub_desktop.services.memory import secret_scan

    secret: list[bool] = []
    monkeypatch.setattr(secret_scan, "warm_up", lambda: secret.append(True))
    warmed: list[bool] = []
    monkeypatch.setattr(EstimateService, "warm_up", lambda self: warmed.append(True))
    a = services.assistants.create("Helper")
    t = services.topics.create(a.id, "Topic")
    services.topics.append_message(t.id, Role.USER, "hello")
    w = MainWindow(services)
    w.show()
    qtbot.waitExposed(w)
    qtbot.waitUntil(lambda: bool(warmed), timeout=10000)  # the start-up background work has begun
    settled(w, qtbot)
    assert secret == []
    services.topics.append_message(t.id, Role.USER, "remember that I like tea")
    qtbot.waitUntil(lambda: secret == [True], timeout=10000)
    page = w.pages.open_memory()
    assert page is not None
    settled(w, qtbot)
    # walk55: opened and scrolled, the page does not compile them (they held the
    # interpreter lock through its first scroll); the first editor the user writes in does
    qtbot.wait(2500)
    assert secret == [True]
    page.add_action.trigger()  # the Add editor takes the keyboard
    qtbot.waitUntil(lambda: secret == [True, True], timeout=10000)
    settled(w, qtbot)
    done: list[bool] = []
    qloop.create_task(w.shutdown()).add_done_callback(lambda _t: done.append(True))
    qtbot.waitUntil(lambda: bool(done), timeout=5000)
    w.close()
    w.deleteLater()


def test_the_last_topics_rows_show_on_the_store_alone_and_input_waits_for_every_service(
        qloop, services, qtbot) -> None:  # type: ignore[no-untyped-def]
    """Issue 29 (content of the last topic within 0.5 s of start): ``attach_store`` shows
    the last topic's newest rows with only the store's services; the window takes no
    input until ``attach`` gives it the rest (no action that needs a service, no Send),
    and the badge counts after that."""
    a = services.assistants.create("Helper")
    t = services.topics.create(a.id, "Long topic")
    for i in range(30):
        services.topics.append_message(t.id, Role.USER if i % 2 == 0 else Role.ASSISTANT, f"message {i}")
    w = MainWindow(None)
    w.show()
    qtbot.waitExposed(w)
    shown: list[int] = []
    w.opening_shown.connect(lambda: shown.append(w.message_model.rowCount()))
    w.attach_store(services.store)
    qtbot.waitUntil(lambda: bool(shown), timeout=10000)
    assert shown == [FIRST_ROWS]  # the rows in view painted before any other service existed
    qtbot.waitUntil(lambda: w.message_model.rowCount() == 30, timeout=10000)  # then the rest of the page
    assert w.current_topic_id == t.id
    assert not hasattr(w, "svc")
    assert not w.new_topic_action.isEnabled() and not w.delete_topic_action.isEnabled()
    assert not w.memory_action.isEnabled() and not w.composer.send_action.isEnabled()
    assert w.estimate.shown == 0
    from PySide6.QtGui import QPalette

    from chathub_desktop.gui.chat.message_colors import row_colors

    pal = w.message_view.palette()  # the window is still disabled: the rows keep their active text colour
    assert not w.message_view.isEnabled()
    assert row_colors(pal)[0].text == pal.color(QPalette.ColorGroup.Active, QPalette.ColorRole.Text)
    assert pal.color(QPalette.ColorRole.Text) != pal.color(QPalette.ColorGroup.Active, QPalette.ColorRole.Text)
    w.attach(services)
    assert w.new_topic_action.isEnabled() and w.delete_topic_action.isEnabled() and w.memory_action.isEnabled()
    qtbot.waitUntil(lambda: w.estimate.shown > 0, timeout=10000)
    w.composer.draft.setPlainText("hello")
    qtbot.waitUntil(w.composer.send_action.isEnabled, timeout=5000)
    settled(w, qtbot)
    done: list[bool] = []
    qloop.create_task(w.shutdown()).add_done_callback(lambda _t: done.append(True))
    qtbot.waitUntil(lambda: bool(done), timeout=5000)
    w.close()
    w.deleteLater()


#: Modules the first page has no use for (issue 29): the rest of the services, built
#: once the last topic's rows painted, and the libraries only they load.
NOT_FOR_THE_FIRST_PAGE = ("chathub_desktop.services.tools", "chathub_desktop.services.dream",
                          "chathub_desktop.services.transfer", "chathub_desktop.services.search",
                          "chathub_desktop.services.memory", "chathub_desktop.services.compaction",
                          "chathub_desktop.services.context", "mcp", "httpx", "alembic",
                          # the single-instance listener (QtNetwork) starts once the rows painted (start47)
                          "PySide6.QtNetwork")
#: What loads once the first page's rows painted, before the store opens (issue 29: the
#: tokenizer's table is built while the process is smallest, so its build is not the peak).
NOT_BEFORE_THE_FIRST_ROWS = ("tiktoken",)
#: What the window's first paint has no use for (issue 29: the first paint against a bare
#: window's): the event loop and the import's export parsers load after it, the MCP
#: configuration with the tool-approval controller, ctypes with the heap setting (huge51),
#: and OpenSSL's hashes not at all (the single-instance name is Qt's SHA-256).
NOT_BEFORE_THE_FIRST_PAINT = ("asyncio", "qasync", "chathub_desktop.core.chatgpt_export",
                              "chathub_desktop.core.claude_export", "chathub_desktop.core.webui_export",
                              "chathub_desktop.core.mcp_config", "hashlib", "ctypes")
#: What the page read before the store opens has no use for (issue 29: SQLAlchemy and
#: its ORM mapping took ~0.7 s of CPU before the rows).
NOT_BEFORE_THE_STORE = ("sqlalchemy", "chathub_desktop.storage.models", "chathub_desktop.storage.database",
                        "chathub_desktop.services.container")
#: What every service built and attached still has no use for (issue 29: httpx, ~3.6 MB,
#: loads with the first request, not with the services).
NOT_AT_REST = ("httpx",)

FIRST_PAGE_PROBE = """
import json, sys, threading
from pathlib import Path
from chathub_desktop import app_bootstrap
from chathub_desktop.gui.shell.main_window import MainWindow

seen = {}
def listed(prefixes):
    return sorted(m for m in list(sys.modules) if m != "httpx._main"  # chathub_desktop's stub
                  and any(m == p or m.startswith(p + ".") for p in prefixes))
opened = threading.Event()  # the store opens once the page read before it painted
open_store = app_bootstrap._open_store
def open_store_after(*args):
    opened.wait(60)
    return open_store(*args)
app_bootstrap._open_store = open_store_after
load_tokenizer = app_bootstrap._load_tokenizer
def load_tokenizer_after():
    opened.wait(60)
    load_tokenizer()
    seen["tokenizer_loaded"] = listed(ROWS)
app_bootstrap._load_tokenizer = load_tokenizer_after
def first_painted(window):
    seen["first_rows"] = window.message_model.rowCount()
    seen["first_loaded"] = listed(PREFIXES + EARLY + ROWS)
    opened.set()
show_first_page = MainWindow.show_first_page
def show_first_page_and_watch(self, page, bus):
    self.first_page_shown.connect(lambda: first_painted(self))
    show_first_page(self, page, bus)
MainWindow.show_first_page = show_first_page_and_watch
def painted(window):
    seen["rows"] = window.message_model.rowCount()
    seen["loaded"] = listed(PREFIXES)
attach_store = MainWindow.attach_store
def attach_store_and_watch(self, store):
    self.opening_shown.connect(lambda: painted(self))
    attach_store(self, store)
MainWindow.attach_store = attach_store_and_watch
attach = MainWindow.attach
def attach_and_quit(self, services):
    attach(self, services)
    seen["attached"] = listed(REST)
    self.request_quit()
MainWindow.attach = attach_and_quit
from chathub_desktop import logging_setup
configure_logging = logging_setup.configure_logging
def configure_logging_after_paint(*args):  # run_gui's first step after the window's first paint
    seen["paint_loaded"] = listed(PAINT)
    return configure_logging(*args)
logging_setup.configure_logging = configure_logging_after_paint
code = app_bootstrap.run_gui(Path(sys.argv[1]))  # one instance: its listener starts too
print("PROBE", json.dumps(seen), code)
"""


def test_showing_the_first_page_loads_no_other_service(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Issue 29: the real start-up path (``run_gui``) paints the window before asyncio,
    qasync or the import's parsers load, and the last topic's rows before it imports
    the other services (MCP, dreams, transfer, search, memory, compaction, the badge's
    context), the libraries only they use (the MCP SDK, httpx, Alembic on a current
    store) or QtNetwork (the single-instance listener), and httpx not even once every
    service is attached (it loads with the first request); on the default SQLite store, its
    rows in view paint before SQLAlchemy, the store's services or tiktoken are loaded (the
    tokenizer's table is built after them, before the store opens)."""
    import json
    import os
    import subprocess
    import sys
    from pathlib import Path

    from chathub_desktop.services.container import open_services
    from chathub_desktop.storage.database import sqlite_url_for

    svc = open_services(sqlite_url_for(tmp_path), tmp_path)
    a = svc.assistants.create("Helper")
    t = svc.topics.create(a.id, "Long topic")
    for i in range(12):
        svc.topics.append_message(t.id, Role.USER if i % 2 == 0 else Role.ASSISTANT, f"message {i}")
    svc.close()
    env = {k: v for k, v in os.environ.items() if not k.startswith("CHATHUB_")}
    env["QT_QPA_PLATFORM"] = "offscreen"
    code = FIRST_PAGE_PROBE.replace("PREFIXES", repr(NOT_FOR_THE_FIRST_PAGE)).replace(
        "EARLY", repr(NOT_BEFORE_THE_STORE)).replace("PAINT", repr(NOT_BEFORE_THE_FIRST_PAINT)).replace(
        "ROWS", repr(NOT_BEFORE_THE_FIRST_ROWS)).replace("REST", repr(NOT_AT_REST))
    done = subprocess.run([sys.executable, "-c", code, str(tmp_path)], capture_output=True, text=True,
                          timeout=90, env=env, cwd=Path(__file__).resolve().parents[2], check=False)
    line = next((x for x in done.stdout.splitlines() if x.startswith("PROBE ")), None)
    assert line is not None, done.stderr[-2000:]
    seen, exit_code = line.removeprefix("PROBE ").rsplit(" ", 1)
    probe = json.loads(seen)
    assert exit_code == "0"
    assert probe["paint_loaded"] == []  # the window painted before the loop machinery loaded
    assert probe["first_rows"] == 12  # painted before the store opened
    assert probe["first_loaded"] == []
    assert "tiktoken" in probe["tokenizer_loaded"]  # after them, before the store
    assert probe["rows"] == 12  # what the window had painted when the modules were listed
    assert probe["loaded"] == []
    assert probe["attached"] == []  # every service attached, no request made: no HTTP client
