"""Settings → Tools → Import… reads a Claude Desktop config file (issue 25, APP-11;
issue 32's rule for files the user names)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from chathub_desktop.services.container import Services
from chathub_desktop.services.errors import InvalidInput, NotFound


def test_a_claude_desktop_config_file_adds_its_servers(services: Services, tmp_path: Path) -> None:
    config = tmp_path / "claude_desktop_config.json"
    config.write_text(json.dumps({"globalShortcut": "", "mcpServers": {
        "time": {"command": "uvx", "args": ["mcp-server-time"], "env": {"TZ": "UTC"}, "cwd": str(tmp_path)},
        "docs": {"type": "http", "url": "https://mcp.example.test/mcp"}}}), encoding="utf-8")
    assert services.mcp.import_file(config) == ["time", "docs"]
    time = services.mcp.get("time").config
    assert (time.command, time.args, dict(time.env), time.cwd) == ("uvx", ("mcp-server-time",), {"TZ": "UTC"},
                                                                   str(tmp_path))


def test_imported_servers_are_on_for_the_use_with_assistants_or_nothing_is_stored(
        services: Services, tmp_path: Path) -> None:
    """Issue 25: Import…'s "Use with" switches every imported server on for the ticked
    assistants in the same transaction; an assistant deleted meanwhile stores nothing."""
    helper = services.assistants.create("Helper").id
    services.assistants.create("Writer")
    config = tmp_path / "claude_desktop_config.json"
    config.write_text(json.dumps({"mcpServers": {"time": {"command": "uvx", "args": ["mcp-server-time"]},
                                                 "docs": {"type": "http", "url": "https://mcp.example.test/mcp"}}}),
                      encoding="utf-8")
    with pytest.raises(NotFound):
        services.mcp.import_file(config, use_with=(helper, 9_999))
    assert services.mcp.servers() == []
    assert services.mcp.import_file(config, use_with=(helper,)) == ["time", "docs"]
    assert services.mcp.users() == {"time": ["Helper"], "docs": ["Helper"]}
    assert services.mcp.enabled_servers("Writer") == set()


def test_a_fifo_a_device_or_a_folder_is_refused_in_one_line_and_nothing_is_added(
        services: Services, tmp_path: Path) -> None:
    fifo = tmp_path / "claude_desktop_config.json"
    os.mkfifo(fifo)
    try:
        for path, kind in ((fifo, "a named pipe (FIFO)"), (Path("/dev/zero"), "a character device"),
                           (tmp_path, "a folder")):
            with pytest.raises(InvalidInput) as err:
                services.mcp.import_file(path)
            assert str(err.value) == f"nothing imported: {path.name} is {kind}, not a regular file; nothing was read"
    finally:  # a reader stuck on the FIFO (a regression) gets end-of-file and ends
        try:
            os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
        except OSError:
            pass
    latin = tmp_path / "latin.json"
    latin.write_bytes('{"mcpServers": {"caf\xe9": {"command": "x"}}}'.encode("latin-1"))
    with pytest.raises(InvalidInput, match="^nothing imported: latin.json is not UTF-8 text$"):
        services.mcp.import_file(latin)
    assert services.mcp.servers() == []
