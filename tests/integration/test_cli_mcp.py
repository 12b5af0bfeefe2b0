"""``mcp`` commands and ``chat send --approve-tools`` (issue 25, APP-11)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from chathub_desktop.cli import main
from chathub_desktop.core.messages import ToolCall
from tests.fakes.vendor_server import FakeVendor, Reply

TIME_SERVER = str(Path(sys.executable).parent / "mcp-server-time")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_add_list_test_remove(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "mcp", "add", "time", "--command", TIME_SERVER, "--arg=--local-timezone",
                       "--arg", "UTC")
    assert code == 0 and "added MCP server time" in out
    code, out, _ = run(capsys, "mcp", "list")
    assert code == 0 and "time\tstdio" in out and "not tested yet" in out
    code, out, _ = run(capsys, "mcp", "test", "time")
    assert code == 0 and out.startswith("time: mcp-time ") and "get_current_time" in out
    code, out, _ = run(capsys, "mcp", "list", "--json")
    assert json.loads(out)[0]["tools"] == ["get_current_time", "convert_time"]
    code, _, err = run(capsys, "mcp", "add", "time", "--command", "x")
    assert code == 1 and "exists already" in err and len(err.strip().splitlines()) == 1
    assert run(capsys, "mcp", "remove", "time")[0] == 0
    code, out, _ = run(capsys, "mcp", "list")
    assert "no MCP servers" in out


def test_import_of_a_claude_desktop_config_is_all_or_nothing(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    good = tmp_path / "claude_desktop_config.json"
    good.write_text(json.dumps({"globalShortcut": "", "mcpServers": {
        "time": {"command": "uvx", "args": ["mcp-server-time"]},
        "docs": {"type": "http", "url": "https://mcp.example.test/mcp", "headers": {"X-Team": "a"}}}}))
    code, out, _ = run(capsys, "mcp", "import", str(good))
    assert code == 0 and "added 2 MCP servers: time, docs" in out
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"mcpServers": {"new": {"command": "a"}, "worse": {"args": []}}}))
    code, _, err = run(capsys, "mcp", "import", str(bad))
    assert code == 1 and err.strip().endswith("nothing imported: server 'worse' has neither \"command\" nor \"url\"")
    code, out, _ = run(capsys, "mcp", "list", "--json")
    assert [s["name"] for s in json.loads(out)] == ["docs", "time"]


def test_chat_send_approve_tools_runs_an_ask_tool(
        capsys: pytest.CaptureFixture[str], fake_vendor: FakeVendor, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FAKE_KEY", "sk-cli")
    assert run(capsys, "provider", "add", "Fake", "--kind", "openai", "--base-url", fake_vendor.base_url,
               "--api-key-env", "FAKE_KEY")[0] == 0
    assert run(capsys, "assistant", "create", "Helper", "--provider", "Fake", "--model", "gpt-4o")[0] == 0
    assert run(capsys, "topic", "create", "--assistant", "Helper")[0] == 0
    assert run(capsys, "mcp", "add", "time", "--command", TIME_SERVER)[0] == 0
    assert run(capsys, "mcp", "enable", "time", "--assistant", "Helper")[0] == 0
    call = Reply(text_chunks=[], tool_calls=[ToolCall("c1", "time__get_current_time", '{"timezone": "UTC"}')])
    fake_vendor.script(call, Reply(text_chunks=["Refused."]), call, Reply(text_chunks=["Done."]))
    assert run(capsys, "chat", "send", "--topic", "1", "time?")[0] == 0
    assert "needs the user's approval" in json.dumps(fake_vendor.requests[1].body)
    code, out, _ = run(capsys, "chat", "send", "--topic", "1", "time now?", "--approve-tools")
    assert code == 0 and "Done." in out
    assert '\\"timezone\\": \\"UTC\\"' in json.dumps(fake_vendor.requests[3].body)
    code, out, _ = run(capsys, "mcp", "tools", "--assistant", "Helper")
    assert "time\tget_current_time\ton\task" in out


def test_chat_send_says_once_which_server_did_not_start_and_goes_on(
        capsys: pytest.CaptureFixture[str], fake_vendor: FakeVendor, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 25: a server that fails to start before ``chat send`` is one stderr line
    naming it and why (its stderr tail); the reply comes without that server's tools."""
    monkeypatch.setenv("FAKE_KEY", "sk-cli")
    assert run(capsys, "provider", "add", "Fake", "--kind", "openai", "--base-url", fake_vendor.base_url,
               "--api-key-env", "FAKE_KEY")[0] == 0
    assert run(capsys, "assistant", "create", "Helper", "--provider", "Fake", "--model", "gpt-4o")[0] == 0
    assert run(capsys, "topic", "create", "--assistant", "Helper")[0] == 0
    failing = "import sys; sys.stderr.write('no API key in WEATHER_KEY\\n'); sys.exit(3)"
    assert run(capsys, "mcp", "add", "weather", "--command", sys.executable, "--arg=-c", f"--arg={failing}")[0] == 0
    assert run(capsys, "mcp", "enable", "weather", "--assistant", "Helper")[0] == 0
    fake_vendor.script(Reply(text_chunks=["Hello without tools."]))
    code, out, err = run(capsys, "chat", "send", "--topic", "1", "weather?")
    assert code == 0 and "Hello without tools." in out
    notes = [line for line in err.splitlines() if "did not start" in line]
    assert len(notes) == 1 and "tool server weather did not start; the reply goes on without its tools" in notes[0]
    assert "no API key in WEATHER_KEY" in notes[0]
    assert "weather__" not in json.dumps(fake_vendor.requests[-1].body)
