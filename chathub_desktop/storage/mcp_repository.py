"""SQL for MCP servers and their per-assistant switches and approvals (issue 25, APP-11).

Every function takes the caller's session: reads run in ``Database.read()``, writes in
one ``Database.write()`` transaction (which holds the write lock first), so a paste of
several servers lands whole or not at all.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from chathub_desktop.core.mcp_config import (
    McpServerConfig,
    McpTool,
    McpTransport,
    StoredMcpServer,
    ToolApproval,
)
from chathub_desktop.storage.models import AssistantMcpServer, AssistantMcpTool, McpServer

__all__ = [
    "add_servers",
    "approvals",
    "enabled_server_ids",
    "find_server",
    "list_servers",
    "remove_server",
    "set_approval",
    "set_server_enabled",
    "servers_off",
    "set_signed_in",
    "store_tools",
    "users_by_server",
]


def list_servers(s: Session) -> list[StoredMcpServer]:
    """Every server, by name."""
    return [_stored(row) for row in s.scalars(select(McpServer).order_by(McpServer.name))]


def find_server(s: Session, name: str) -> StoredMcpServer | None:
    """The server called ``name``, or ``None``."""
    row = s.scalars(select(McpServer).where(McpServer.name == name)).first()
    return _stored(row) if row is not None else None


def add_servers(s: Session, configs: Sequence[McpServerConfig], *, replace: bool = False) -> list[str]:
    """Insert ``configs``; returns the names of those that already existed and were
    left alone (or, with ``replace``, overwritten, their cached tool list dropped)."""
    existing = {row.name: row for row in s.scalars(select(McpServer).where(
        McpServer.name.in_([c.name for c in configs])))}
    clashes = []
    for config in configs:
        row = existing.get(config.name)
        if row is not None:
            clashes.append(config.name)
            if not replace:
                continue
            row.tools = None
            row.server_info = None
        else:
            row = McpServer(name=config.name)
            s.add(row)
        row.transport = config.transport.value
        row.command, row.args, row.env, row.cwd = config.command, list(config.args), dict(config.env), config.cwd
        row.url, row.headers = config.url, dict(config.headers)
        row.signed_in = config.signed_in or bool(row.signed_in)  # only a sign-out clears it
    s.flush()
    return clashes


def set_signed_in(s: Session, name: str, signed_in: bool) -> bool:
    """Mark the server called ``name`` signed in with OAuth (or signed out); False when absent."""
    row = s.scalars(select(McpServer).where(McpServer.name == name)).first()
    if row is None:
        return False
    row.signed_in = signed_in
    return True


def remove_server(s: Session, name: str) -> bool:
    """Delete the server called ``name`` with its switches and approvals; False when absent."""
    row = s.scalars(select(McpServer).where(McpServer.name == name)).first()
    if row is None:
        return False
    s.execute(delete(AssistantMcpTool).where(AssistantMcpTool.server_id == row.id))
    s.execute(delete(AssistantMcpServer).where(AssistantMcpServer.server_id == row.id))
    s.delete(row)
    return True


def store_tools(s: Session, server_id: int, tools: Iterable[McpTool], name: str, version: str) -> None:
    """Cache the tool list and identity a connect to ``server_id`` reported."""
    row = s.get(McpServer, server_id)
    if row is None:  # removed while it was connecting
        return
    row.tools = [{"name": t.name, "description": t.description, "input_schema": dict(t.input_schema)}
                 for t in tools]
    row.server_info = {"name": name, "version": version}


def enabled_server_ids(s: Session, assistant_id: int) -> set[int]:
    """Servers switched on for ``assistant_id``."""
    return set(s.scalars(select(AssistantMcpServer.server_id).where(
        AssistantMcpServer.assistant_id == assistant_id)))


def servers_off(s: Session, assistant_id: int) -> list[str]:
    """Names of the configured servers not switched on for ``assistant_id``, by name."""
    on = enabled_server_ids(s, assistant_id)
    return [name for sid, name in s.execute(select(McpServer.id, McpServer.name).order_by(McpServer.name))
            if sid not in on]


def users_by_server(s: Session) -> dict[int, list[int]]:
    """``server id → ids of the assistants it is switched on for`` (ascending; a server
    no assistant uses is absent)."""
    users: dict[int, list[int]] = {}
    rows = s.execute(select(AssistantMcpServer.server_id, AssistantMcpServer.assistant_id)
                     .order_by(AssistantMcpServer.server_id, AssistantMcpServer.assistant_id))
    for server_id, assistant_id in rows:
        users.setdefault(server_id, []).append(assistant_id)
    return users


def set_server_enabled(s: Session, assistant_id: int, server_id: int, enabled: bool) -> None:
    """Switch ``server_id``'s tools on or off for ``assistant_id``."""
    row = s.get(AssistantMcpServer, (assistant_id, server_id))
    if enabled and row is None:
        s.add(AssistantMcpServer(assistant_id=assistant_id, server_id=server_id))
    elif not enabled and row is not None:
        s.delete(row)


def approvals(s: Session, assistant_id: int) -> dict[tuple[int, str], ToolApproval]:
    """``(server id, tool name) → approval`` set for ``assistant_id`` (absent: ask)."""
    rows = s.scalars(select(AssistantMcpTool).where(AssistantMcpTool.assistant_id == assistant_id))
    return {(r.server_id, r.tool): ToolApproval(r.approval) for r in rows}


def set_approval(s: Session, assistant_id: int, server_id: int, tool: str, approval: ToolApproval) -> None:
    """Keep ``approval`` for one tool of one assistant (``ask`` removes the row)."""
    row = s.get(AssistantMcpTool, (assistant_id, server_id, tool))
    if approval is ToolApproval.ASK:
        if row is not None:
            s.delete(row)
    elif row is None:
        s.add(AssistantMcpTool(assistant_id=assistant_id, server_id=server_id, tool=tool,
                               approval=approval.value))
    else:
        row.approval = approval.value


def _stored(row: McpServer) -> StoredMcpServer:
    if McpTransport(row.transport) is McpTransport.HTTP:
        config = McpServerConfig(row.name, McpTransport.HTTP, url=row.url, headers=dict(row.headers or {}),
                                 signed_in=bool(row.signed_in))
    else:
        config = McpServerConfig(row.name, McpTransport.STDIO, command=row.command,
                                 args=tuple(row.args or ()), env=dict(row.env or {}), cwd=row.cwd)
    tools = None
    if row.tools is not None:
        tools = tuple(McpTool(str(t.get("name", "")), str(t.get("description") or ""),
                              dict(t.get("input_schema") or {}))  # type: ignore[call-overload]
                      for t in row.tools if isinstance(t, dict))
    info = row.server_info or {}
    return StoredMcpServer(row.id, config, tools, str(info.get("name", "")), str(info.get("version", "")))
