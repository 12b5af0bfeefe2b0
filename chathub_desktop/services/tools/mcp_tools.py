"""Server tools in the request and their calls in the send loop (issue 25, APP-11, MEM-7).

:class:`McpToolProvider` is one more tool provider of ``services.chat.tool_registry``: its
specs are the cached tool lists of the servers switched on for the assistant (tools
approved ``never`` left out), named ``<server>__<tool>`` (``core.mcp_config.wire_tool_name``)
so they never look like the memory tools (MEM-4) and their results count as external
output for MEM-7. Send and badge read the same specs (TOK-1).

A call is approved first (``ask`` asks the :class:`ToolApprover`; ``always`` runs;
an unknown or ``never`` tool is refused), then run on its server by
``services.tools.mcp_clients``. Every failure — denied, server down, deadline, bad
arguments — becomes a tool result ``{"error": ...}`` the model reads; the full result
text is stored and sent (CMP-19).
"""

from __future__ import annotations

import functools
import json
import logging
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Protocol

from chathub_desktop.core.mcp_config import (
    ApprovalDecision,
    ApprovalRequest,
    StoredMcpServer,
    ToolApproval,
    wire_tool_name,
)
from chathub_desktop.core.messages import ToolCall, ToolSpec
from chathub_desktop.services.chat.tool_registry import Prepared, ServerDown, ToolOutcome
from chathub_desktop.services.tools.mcp_clients import McpServerError
from chathub_desktop.services.tools.mcp_service import McpService
from chathub_desktop.storage import mcp_repository as repo
from chathub_desktop.storage.database import Database

__all__ = ["ApprovalDecision", "ApprovalRequest", "McpToolProvider", "ToolApprover", "fixed_approver"]

log = logging.getLogger(__name__)

#: The back-off suffix ``McpClients`` adds to a down server's error (not a new failure).
_RESTARTING = re.compile(r"; restarting in \d+ s$")


class ToolApprover(Protocol):
    """Whoever answers an Ask (the chat view, or the CLI's ``--approve-tools``)."""

    async def decide(self, request: ApprovalRequest) -> ApprovalDecision:
        """The user's decision for ``request``; may wait as long as the user does."""
        ...


@dataclass(frozen=True, slots=True)
class _FixedApprover:
    decision: ApprovalDecision

    async def decide(self, request: ApprovalRequest) -> ApprovalDecision:
        return self.decision


def fixed_approver(decision: ApprovalDecision) -> ToolApprover:
    """An approver that answers every Ask with ``decision`` (``chat send
    --approve-tools`` allows once; without a window nobody can say yes: deny)."""
    return _FixedApprover(decision)


@dataclass(frozen=True, slots=True)
class _Offered:
    server: StoredMcpServer
    tool: str
    approval: ToolApproval


class McpToolProvider:
    """The tools of the assistant's servers (see the module doc). ``approver`` answers
    Asks; none set: every Ask is denied with a one-line reason the model reads."""

    def __init__(self, db: Database, service: McpService) -> None:
        self._db = db
        self._service = service
        self.approver: ToolApprover | None = None
        # servers that failed to start at the last send → the reason reported (no back-off
        # suffix); their tools stay out of the request until a start succeeds
        self._down: dict[int, str] = {}

    # --- what the request carries (store threads) ---------------------------------
    def tool_specs(self, assistant_id: int) -> tuple[ToolSpec, ...]:
        """Specs of every offered tool of the assistant's switched-on servers, from the
        cached tool lists (a server never connected offers nothing yet; one that failed
        to start at the last send offers nothing until it starts)."""
        return tuple(ToolSpec(name, o.server.tools_by_name[o.tool].description,
                              dict(o.server.tools_by_name[o.tool].input_schema))
                     for name, o in self._offered(assistant_id).items())

    def handles(self, assistant_id: int, name: str) -> bool:
        """Whether the call ``name`` is one of this assistant's server tools, including a
        down server's (left out of the request; a call the model makes anyway runs, or
        returns that server's reason). Blocking store read."""
        return name in self._offered(assistant_id, down_too=True)

    def _offered(self, assistant_id: int, *, down_too: bool = False) -> dict[str, _Offered]:
        with self._db.read() as s:
            enabled = repo.enabled_server_ids(s, assistant_id)
            if not enabled:
                return {}
            approvals = repo.approvals(s, assistant_id)
            servers = [srv for srv in repo.list_servers(s) if srv.id in enabled]
        offered: dict[str, _Offered] = {}
        down = {} if down_too else dict(self._down)  # a send's prepare may replace it meanwhile
        for srv in servers:
            if srv.id in down:
                continue
            for tool in srv.tools or ():
                approval = approvals.get((srv.id, tool.name), ToolApproval.ASK)
                if approval is not ToolApproval.NEVER:
                    offered[wire_tool_name(srv.config.name, tool.name)] = _Offered(srv, tool.name, approval)
        return offered

    # --- before a send (any loop) --------------------------------------------------
    async def prepare(self, assistant_id: int) -> Prepared:
        """Start the assistant's switched-on servers that are not running (lazily, at
        the first send that needs them) and cache the tool list of each one's latest
        connect (a restarted server's list replaces the old one). ``changed`` when a
        list changed or a server's tools left or came back (the caller re-plans). A
        server that fails to start leaves the request until a later send starts it; it
        is in ``down`` once per failure (not again while it stays down for the same
        reason: a back-off's "restarting in N s" is the same failure)."""
        with self._db.read() as s:
            enabled = repo.enabled_server_ids(s, assistant_id)
            servers = [srv for srv in repo.list_servers(s) if srv.id in enabled] if enabled else []
        changed = False
        down: list[ServerDown] = []
        for srv in servers:  # a running server answers from its last connect's list
            try:
                listed = await self._service.clients.tools(srv.config)
            except McpServerError as exc:
                reason = str(exc)
                failure = _RESTARTING.sub("", reason)
                if self._down.get(srv.id) != failure:
                    log.info("MCP server not started for a send: %s", reason)
                    down.append(ServerDown(srv.config.name, reason, exc.why))
                    changed = changed or srv.id not in self._down
                    self._down = {**self._down, srv.id: failure}
                continue
            if srv.id in self._down:
                self._down = {k: v for k, v in self._down.items() if k != srv.id}
                changed = True
            if listed.tools != srv.tools:
                await self._db.run(self._service.remember_tools, srv.id, listed)
                changed = True
        return Prepared(changed, tuple(down))

    # --- a call (the send loop's loop) ------------------------------------------------
    async def acall(self, assistant_id: int, topic_id: int, call: ToolCall,
                    run: Callable[..., Awaitable[object]]) -> ToolOutcome:
        """Approve and run ``call``; returns the tool result text (errors as
        ``{"error": ...}``) and, when the server answered, how long the call took.
        ``run`` runs a blocking function on the store's threads."""
        offered = await run(functools.partial(self._offered, assistant_id, down_too=True))
        assert isinstance(offered, dict)
        found = offered.get(call.name)
        if found is None:
            return _error(f"the tool {call.name!r} is not available")
        try:
            arguments = json.loads(call.arguments or "{}")
        except ValueError:
            return _error(f"the arguments of {call.name} are not JSON")
        if not isinstance(arguments, dict):
            return _error(f"the arguments of {call.name} must be a JSON object")
        server = found.server.config.name
        if found.approval is ToolApproval.ASK:
            request = ApprovalRequest(topic_id, assistant_id, server, found.tool, call.arguments or "{}")
            if self.approver is None:
                return _error(f"{found.tool} on {server} needs the user's approval and nobody could be asked")
            decision = await self.approver.decide(request)
            if decision is ApprovalDecision.DENY:
                return _error(f"the user denied this call of {found.tool} on {server}")
            if decision is ApprovalDecision.ALWAYS:
                await run(self._service.set_approval, assistant_id, server, found.tool, ToolApproval.ALWAYS)
        try:
            result = await self._service.clients.call(found.server.config, found.tool, arguments)
        except McpServerError as exc:
            return _error(str(exc))
        return ToolOutcome(result.text, result.elapsed_s)


def _error(message: str) -> ToolOutcome:
    return ToolOutcome(json.dumps({"error": message}, ensure_ascii=False))
