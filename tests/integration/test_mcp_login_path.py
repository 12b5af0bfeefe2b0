"""A stdio server found on the PATH of the user's login shell (issue 25, APP-11).

An app started from a desktop menu gets a short ``PATH`` (no ``~/.local/bin``, no
nvm or uv folders), so ``npx``/``uvx`` servers fail to start there. Real processes
here: ``/bin/sh -l`` reading a ``.profile`` in a temporary home that adds a folder
holding a launcher for the SDK-built probe server; the app's own ``PATH`` lacks it.
"""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path

import pytest

from chathub_desktop.core.mcp_config import McpServerConfig
from chathub_desktop.services.tools.mcp_clients import McpClients, McpServerError, login_path

PROBE = str(Path(__file__).parents[1] / "fakes" / "mcp_probe_server.py")
LAUNCHER = "chathub-probe-mcp"
#: What a menu launcher typically hands the app.
MENU_PATH = "/usr/bin:/bin"


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A home whose login profile puts ``~/tools/bin`` (holding the launcher) first."""
    bin_dir = tmp_path / "tools" / "bin"
    bin_dir.mkdir(parents=True)
    launcher = bin_dir / LAUNCHER
    launcher.write_text(f'#!/bin/sh\nexec "{sys.executable}" "{PROBE}" "$@"\n', encoding="utf-8")
    launcher.chmod(0o755)
    (tmp_path / ".profile").write_text(f'export PATH="{bin_dir}:$PATH"\n', encoding="utf-8")
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("SHELL", "/bin/sh")
    monkeypatch.setenv("PATH", MENU_PATH)
    return bin_dir


def test_login_path_puts_the_profiles_folders_first_and_keeps_the_apps(home: Path) -> None:
    path = login_path().split(os.pathsep)
    assert path[0] == str(home)
    assert {"/usr/bin", "/bin"} <= set(path)


def test_a_shell_that_cannot_start_leaves_the_apps_path(home: Path) -> None:
    assert login_path({**os.environ, "SHELL": str(home / "no-such-shell")}) == MENU_PATH


def test_a_server_named_by_a_bare_command_starts_from_a_menu_launcher(home: Path) -> None:
    """The default client asks the login shell, so the launcher is found; a client
    limited to the app's own PATH says in one line where it looked."""
    config = McpServerConfig.stdio("probe", LAUNCHER, (), {"CHATHUB_ALLOW_TEST_DOUBLES": "1"})
    clients = McpClients()
    try:
        listed = asyncio.run(clients.test(config))
    finally:
        clients.close()
    assert "echo" in {t.name for t in listed.tools}
    menu_only = McpClients(path=lambda: os.environ["PATH"])
    try:
        with pytest.raises(McpServerError) as err:
            asyncio.run(menu_only.test(config))
    finally:
        menu_only.close()
    assert str(err.value) == f"probe: {LAUNCHER!r} was not found on PATH ({MENU_PATH})"
