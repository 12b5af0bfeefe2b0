"""Quit with an MCP server running (issue 25): the servers stop on a worker thread within
the quit's budget while the GUI thread keeps turning, and no server process is left.

Real parts: the SDK-built probe server over stdio, the window's runner on the session's
qasync loop, ``app_bootstrap.stop_tool_servers`` as :func:`shut_down` runs it."""

from __future__ import annotations

import sys
import threading
from pathlib import Path
from typing import Any

from PySide6.QtCore import QTimer

from chathub_desktop.app_bootstrap import SHUTDOWN_TASKS_S, stop_tool_servers
from chathub_desktop.core.mcp_config import McpServerConfig
from chathub_desktop.services.container import Services
from tests.integration.test_mcp_tools import processes_in

PROBE = str(Path(__file__).parents[1] / "fakes" / "mcp_probe_server.py")


def test_quit_stops_a_running_server_off_the_gui_thread(window: Any, services: Services, qtbot: Any,
                                                        tmp_path: Path) -> None:
    folder = tmp_path / "probe-home"
    folder.mkdir()
    config = McpServerConfig.stdio("probe", sys.executable, (PROBE,), {"CHATHUB_ALLOW_TEST_DOUBLES": "1"},
                                   str(folder))
    started = window.runner.run("start-probe", services.mcp.clients.tools(config))
    qtbot.waitUntil(started.done, timeout=60000)
    assert [t.name for t in started.result().tools][:1] == ["echo"]
    assert services.mcp.clients.running() == ["probe"] and len(processes_in(folder)) == 1
    closing = threading.Event()
    real_close = services.mcp.clients.close

    def close(timeout_s: float = 10.0) -> None:
        closing.set()
        try:
            real_close(timeout_s)
        finally:
            closing.clear()

    services.mcp.clients.close = close  # type: ignore[method-assign]
    ticks: list[int] = []
    timer = QTimer()
    timer.timeout.connect(lambda: ticks.append(1) if closing.is_set() else None)  # turns while servers stop
    timer.start(0)
    stopping = window.runner.run("stop-servers", stop_tool_servers(services, SHUTDOWN_TASKS_S))
    qtbot.waitUntil(stopping.done, timeout=int(SHUTDOWN_TASKS_S * 1000) + 5000)
    timer.stop()
    stopping.result()
    assert ticks, "the GUI thread did not turn while the servers stopped"
    assert services.mcp.clients.running() == []
    assert processes_in(folder) == []
