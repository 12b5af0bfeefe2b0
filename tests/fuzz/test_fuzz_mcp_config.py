"""Fuzz: pasted or imported ``mcpServers`` JSON (issue 25, APP-5). Every case adds its
servers or is a one-line refusal with the store unchanged, within the harness's time
and memory bounds (:mod:`tests.fuzz.harness`)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from chathub_desktop.services.container import Services
from chathub_desktop.services.errors import InvalidInput
from tests.fuzz.harness import check_case, fuzz_settings
from tests.fuzz.hostile_inputs import mutated

pytestmark = pytest.mark.fuzz

_BASE = json.dumps({"mcpServers": {
    "time": {"command": "uvx", "args": ["mcp-server-time", "--local-timezone", "UTC"]},
    "git": {"command": "uvx", "args": ["mcp-server-git"], "env": {"A": "b"}, "cwd": "/tmp"},
    "web": {"type": "http", "url": "https://example.test/mcp", "headers": {"X-Key": "v"}},
}}).encode()

_VALUES = st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=40),
                       lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                                    max_size=4),
                       max_leaves=12)
_SERVER = st.fixed_dictionaries({}, optional={
    "command": _VALUES, "args": _VALUES, "env": _VALUES, "cwd": _VALUES,
    "url": _VALUES | st.sampled_from(["https://h/mcp", "http://127.0.0.1:1/"]), "headers": _VALUES,
    "type": _VALUES | st.sampled_from(["http", "stdio", "sse"])})
_SHAPED = st.dictionaries(st.text(max_size=12), _SERVER | _VALUES, max_size=5).map(
    lambda servers: json.dumps({"mcpServers": servers}).encode())


def _paste(services: Services, data: bytes) -> str:
    text = data.decode("utf-8", "replace")
    return check_case("mcpServers", services.db, lambda: services.mcp.import_text(text), InvalidInput)


@fuzz_settings(80)
@given(data=mutated(_BASE))
def test_mutated_configs(services: Services, data: bytes) -> None:
    """Flips, cuts, deep brackets and hostile tokens in a real Claude Desktop block."""
    _paste(services, data)


@fuzz_settings(80)
@given(data=_SHAPED)
def test_config_shaped_json(services: Services, data: bytes) -> None:
    """The mcpServers structure with any values in its fields."""
    _paste(services, data)
