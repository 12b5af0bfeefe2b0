"""The mcpServers parser and tool names on the wire (issue 25, APP-11, APP-5, MEM-4)."""

from __future__ import annotations

import json
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chathub_desktop.core.mcp_config import (
    MAX_CONFIG_CHARS,
    MAX_SERVERS,
    McpConfigError,
    McpServerConfig,
    McpTransport,
    parse_mcp_servers,
    wire_tool_name,
)
from chathub_desktop.core.memory_tools import BUILTIN_TOOL_NAMES, is_external_tool_output
from tests.cases import cases

CLAUDE_DESKTOP = {
    "mcpServers": {
        "filesystem": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem", "/home/me"]},
        "git": {"command": "uvx", "args": ["mcp-server-git"], "env": {"GIT_AUTHOR": "me"}, "cwd": "/srv"},
        "remote": {"type": "streamable-http", "url": "https://example.test/mcp",
                   "headers": {"Authorization": "Bearer x"}},
    },
    "globalShortcut": "Ctrl+Space",
}


def test_a_claude_desktop_config_reads_in_order() -> None:
    servers = parse_mcp_servers(json.dumps(CLAUDE_DESKTOP))
    assert [s.name for s in servers] == ["filesystem", "git", "remote"]
    assert servers[0] == McpServerConfig.stdio("filesystem", "npx", (
        "-y", "@modelcontextprotocol/server-filesystem", "/home/me"))
    assert servers[1].env == {"GIT_AUTHOR": "me"} and servers[1].cwd == "/srv"
    assert servers[2].transport is McpTransport.HTTP and servers[2].headers == {"Authorization": "Bearer x"}


def test_a_bare_server_map_is_a_pasted_block() -> None:
    assert [s.name for s in parse_mcp_servers('{"time": {"command": "uvx", "args": ["mcp-server-time"]}}')] == ["time"]


@pytest.mark.parametrize(("text", "why"), [
    ("", "the config is not JSON"),
    ("[1, 2]", "expected a JSON object"),
    ('{"mcpServers": {}}', "the config names no servers"),
    ('{"mcpServers": {"a b": {"command": "x"}}}', "server name 'a b' must be"),
    ('{"mcpServers": {"x": {"args": []}}}', "server 'x' has neither \"command\" nor \"url\""),
    ('{"mcpServers": {"x": {"command": ""}}}', "server 'x': command is empty"),
    ('{"mcpServers": {"x": {"command": "a", "args": [1]}}}', "\"args\" must be a list of strings"),
    ('{"mcpServers": {"x": {"url": "ftp://h/"}}}', "the url must be http:// or https://"),
    ('{"mcpServers": {"x": {"url": "https://h/", "type": "sse"}}}', "transport 'sse' is not supported"),
    ('{"mcpServers": {"x": {"command": "a", "env": {"1X": "v"}}}}', "environment variable name '1X'"),
    ('{"mcpServers": {"x": {"url": "https://h/", "headers": {"X": "a\\nb"}}}}', "contains a line break"),
    ('{"mcpServers": {"x": {"command": "a\\u0000"}}}', "contains a NUL character"),
    ('{"mcpServers": {"x": {"command": "a", "args": ["\\ud800"]}}}', "is not valid Unicode text"),
    ("[" * 100 + "]" * 100, "nests JSON more than 8 levels deep"),
])
def test_refusals_say_why_in_one_line(text: str, why: str) -> None:
    with pytest.raises(McpConfigError) as err:
        parse_mcp_servers(text)
    assert why in str(err.value) and "\n" not in str(err.value)


def test_sizes_are_bounded() -> None:
    with pytest.raises(McpConfigError, match="longer than 1,000,000 characters"):
        parse_mcp_servers(" " * (MAX_CONFIG_CHARS + 1))
    many = {"mcpServers": {f"s{i}": {"command": "x"} for i in range(MAX_SERVERS + 1)}}
    with pytest.raises(McpConfigError, match=f"more than {MAX_SERVERS} servers"):
        parse_mcp_servers(json.dumps(many))
    with pytest.raises(McpConfigError, match="more than 256 arguments"):
        parse_mcp_servers(json.dumps({"x": {"command": "a", "args": ["b"] * 257}}))


def test_wire_names_fit_the_vendors_and_never_look_like_memory_tools() -> None:
    """MEM-4/MEM-7: a server tool named like a memory tool stays external."""
    assert wire_tool_name("time", "get_current_time") == "time__get_current_time"
    assert wire_tool_name("my.server", "add") == "my_server__add"
    assert wire_tool_name("notes", "add") not in BUILTIN_TOOL_NAMES
    assert is_external_tool_output(wire_tool_name("notes", "add"))
    long_a, long_b = wire_tool_name("s" * 40, "t" * 40 + "a"), wire_tool_name("s" * 40, "t" * 40 + "b")
    assert long_a != long_b
    assert all(re.fullmatch(r"[A-Za-z0-9_-]{1,64}", n) for n in (long_a, long_b, wire_tool_name("x", "ü/ö")))


def test_the_form_reads_back_what_it_shows() -> None:
    """Settings → Tools → Add server… (issue 25): lines in, a checked config out, and
    ``form_lines`` writes the same lines back for Edit."""
    from chathub_desktop.core.mcp_config import config_from_form, form_lines

    config = config_from_form(" git ", McpTransport.STDIO, command="uvx", args="mcp-server-git\n\n--repository\n/srv",
                              env="GIT_AUTHOR=me=you\n", cwd=" ")
    assert config == McpServerConfig.stdio("git", "uvx", ("mcp-server-git", "--repository", "/srv"),
                                           {"GIT_AUTHOR": "me=you"}, None)
    assert form_lines(config) == ("mcp-server-git\n--repository\n/srv", "GIT_AUTHOR=me=you")
    remote = config_from_form("docs", McpTransport.HTTP, url="https://example.test/mcp ",
                              headers="Authorization: Bearer a:b")
    assert remote.headers == {"Authorization": "Bearer a:b"} and form_lines(remote) == ("", "Authorization: Bearer a:b")
    with pytest.raises(McpConfigError, match=r"^server 'docs': header line 1 is not Name: value$"):
        config_from_form("docs", McpTransport.HTTP, url="https://example.test/mcp", headers="Authorization")
    with pytest.raises(McpConfigError, match="more than 1,000,000 characters"):
        config_from_form("x", McpTransport.STDIO, command="a", args="b" * MAX_CONFIG_CHARS)


@settings(max_examples=cases(300), deadline=None)
@given(st.sampled_from(list(McpTransport)), st.lists(st.text(), min_size=7, max_size=7))
def test_the_form_fuzzed_gives_a_config_or_one_line_why(transport: McpTransport, fields: list[str]) -> None:
    """Any text in the form's fields: a checked config, or :class:`McpConfigError` in one line."""
    from chathub_desktop.core.mcp_config import config_from_form

    name, command, args, env, cwd, url, headers = fields
    try:
        config_from_form(name, transport, command=command, args=args, env=env, cwd=cwd, url=url, headers=headers)
    except McpConfigError as exc:
        assert "\n" not in str(exc) and str(exc)
