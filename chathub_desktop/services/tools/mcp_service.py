"""MCP servers the user adds, per-assistant switches and approvals (issue 25, APP-11).

Both the CLI (``mcp add|list|test|remove|import``) and Settings → Tools use this
service. Configurations are checked by ``core.mcp_config`` (a refused paste writes
nothing and says why in one line); a whole paste or import lands in one write
transaction. Test starts the server in a connection of its own
(``services.tools.mcp_clients``) and caches the tool list it reports, so the badge can
count the schemas a send will post without starting anything.
"""

from __future__ import annotations

import contextlib
from collections.abc import Awaitable, Callable, Collection
from dataclasses import dataclass
from pathlib import Path

from chathub_desktop.core.mcp_config import (
    MAX_CONFIG_CHARS,
    McpConfigError,
    McpServerConfig,
    StoredMcpServer,
    ToolApproval,
    check_server_name,
    parse_mcp_servers,
)
from chathub_desktop.core.reasons import QT_TRANSLATE_NOOP, Reason
from chathub_desktop.services.assistants.assistant_service import AssistantService
from chathub_desktop.services.errors import InvalidInput, NotFound, SignInRequired
from chathub_desktop.services.input_files import FileRefused, read_regular
from chathub_desktop.services.tools.mcp_clients import McpClients, McpServerError, ServerTools
from chathub_desktop.storage import mcp_repository as repo
from chathub_desktop.storage.assistant_rows import all_assistants
from chathub_desktop.storage.database import Database
from chathub_desktop.storage.secrets import SecretUnavailable

__all__ = ["MAX_CONFIG_BYTES", "AssistantToolView", "McpService"]

MAX_CONFIG_BYTES = 4 * MAX_CONFIG_CHARS
"""Largest config file read (bytes): its text may then still be over the parser's
character bound, which refuses it in one line."""
#: The frame of a refused MCP config paste or file; the parser's own words inside (issue 27).
_NOTHING_IMPORTED = QT_TRANSLATE_NOOP("ServiceReasons", "nothing imported: %1")
_NO_SERVER = QT_TRANSLATE_NOOP("ServiceReasons", "no MCP server named %1")


@dataclass(frozen=True, slots=True)
class AssistantToolView:
    """One server tool as an assistant sees it: ``server``, ``tool``, whether the
    server is on for the assistant and the tool's ``approval``."""

    server: str
    tool: str
    description: str
    server_enabled: bool
    approval: ToolApproval


class McpService:
    """Server configurations, their tests, and what each assistant may use; a running
    server's ``tools/list_changed`` updates its cached tool list.

    ``on_change`` is called after any change that alters the tools a request carries
    (the badge's estimate is then recomputed)."""

    def __init__(self, db: Database, clients: McpClients, *, on_change: Callable[[], None] | None = None) -> None:
        self._db = db
        self.clients = clients
        self._on_change = on_change or (lambda: None)
        clients.on_tools_changed = self._tools_changed

    def _tools_changed(self, config: McpServerConfig, listed: ServerTools) -> None:
        """A running server sent ``tools/list_changed``: cache its new list (a worker
        thread), unless the server was edited or removed meanwhile."""
        with self._db.read() as s:
            stored = repo.find_server(s, config.name)
        if stored is not None and stored.config == config:
            self.remember_tools(stored.id, listed)

    # --- servers -----------------------------------------------------------------
    def servers(self) -> list[StoredMcpServer]:
        """Every configured server, by name."""
        with self._db.read() as s:
            return repo.list_servers(s)

    def get(self, name: str) -> StoredMcpServer:
        """The server called ``name``; :class:`NotFound` otherwise (also for a name no
        server can have)."""
        try:
            check_server_name(name)
        except McpConfigError:
            raise NotFound(Reason(_NO_SERVER, (repr(str(name)[:60]),))) from None
        with self._db.read() as s:
            found = repo.find_server(s, name)
        if found is None:
            raise NotFound(Reason(_NO_SERVER, (repr(name),)))
        return found

    def add(self, config: McpServerConfig, *, replace: bool = False) -> None:
        """Store ``config`` (built by ``McpServerConfig.stdio``/``http``, so checked).
        :class:`InvalidInput` when the name is taken and ``replace`` is False."""
        self.add_many((config,), replace=replace)

    def add_many(self, configs: tuple[McpServerConfig, ...], *, replace: bool = False,
                 use_with: Collection[int] = ()) -> list[str]:
        """Store all ``configs`` in one transaction, switched on for the assistants
        ``use_with`` (ids; Paste JSON… and Import…'s "Use with", issue 25), or none:
        :class:`InvalidInput` names the first one whose name is taken unless ``replace``;
        :class:`NotFound` when an assistant is gone. Returns their names."""
        with self._db.write() as s:
            clashes = repo.add_servers(s, configs, replace=replace)
            if clashes and not replace:  # raising rolls the whole paste back
                raise InvalidInput(Reason(QT_TRANSLATE_NOOP(
                    "ServiceReasons", "an MCP server named %1 exists already; nothing was added (replace it to "
                                      "overwrite)"), (repr(clashes[0]),)))
            if use_with:
                rows = dict.fromkeys(AssistantService.row(s, assistant).id for assistant in use_with)
                for config in configs:
                    stored = repo.find_server(s, config.name)
                    assert stored is not None
                    for row in rows:
                        repo.set_server_enabled(s, row, stored.id, True)
        self._on_change()
        return [c.name for c in configs]

    def import_text(self, text: str, *, replace: bool = False, use_with: Collection[int] = ()) -> list[str]:
        """Add the servers of an ``mcpServers`` JSON text (a pasted block or a Claude
        Desktop config), switched on for ``use_with`` (assistant ids); all or none.
        :class:`InvalidInput` (one line) when the text is refused
        (``core.mcp_config.parse_mcp_servers``) or a name is taken."""
        try:
            configs = parse_mcp_servers(text)
        except McpConfigError as exc:
            raise InvalidInput(Reason(_NOTHING_IMPORTED, (exc.reason,))) from None
        return self.add_many(configs, replace=replace, use_with=use_with)

    def import_file(self, path: Path, *, replace: bool = False, use_with: Collection[int] = ()) -> list[str]:
        """:meth:`import_text` of a file (e.g. ``claude_desktop_config.json``) of at most
        :data:`MAX_CONFIG_BYTES` bytes; :class:`InvalidInput` (one line, nothing stored)
        when it cannot be read, is not UTF-8, or is a folder, FIFO or device (refused
        before it is opened, so a FIFO never blocks the worker: issue 32's rule)."""
        try:
            data = read_regular(path, MAX_CONFIG_BYTES, what="config file")
        except FileRefused as exc:
            raise InvalidInput(Reason(_NOTHING_IMPORTED, (exc.why or str(exc),))) from None
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            raise InvalidInput(Reason(_NOTHING_IMPORTED, (Reason(QT_TRANSLATE_NOOP(
                "ServiceReasons", "%1 is not UTF-8 text"), (path.name,)),))) from None
        return self.import_text(text, replace=replace, use_with=use_with)

    def remove(self, name: str) -> None:
        """Delete a server with its per-assistant switches; :class:`NotFound` when absent."""
        self.get(name)
        with self._db.write() as s:
            if not repo.remove_server(s, name):
                raise NotFound(Reason(_NO_SERVER, (repr(name),)))
        with contextlib.suppress(SecretUnavailable):  # the server is gone either way
            self.clients.forget_tokens(name)
        self._on_change()

    async def test(self, name: str) -> ServerTools:
        """Start the server once, list its tools, stop it, and cache the list. Raises
        :class:`InvalidInput` with the one-line reason (and stderr tail) when it fails."""
        stored = await self._db.run(self.get, name)  # the store's worker threads, not the loop's
        try:
            listed = await self.clients.test(stored.config)
        except McpServerError as exc:
            raise _refusal(exc) from None
        await self._db.run(self.remember_tools, stored.id, listed)
        return listed

    async def sign_in(self, name: str, open_url: Callable[[str], Awaitable[None]]) -> ServerTools:
        """OAuth sign-in to the stored HTTP server ``name`` (issue 25): ``open_url``
        shows the server's authorization page; the tokens go to the keyring (or the key
        file), the server is marked signed in (its connections read them from now on),
        then the tools are listed and cached as by :meth:`test`.
        :class:`InvalidInput` (one line) when it fails or times out."""
        stored = await self._db.run(self.get, name)
        try:
            listed = await self.clients.sign_in(stored.config, open_url)
        except McpServerError as exc:
            raise InvalidInput(exc.said()) from None
        await self._db.run(self._mark_signed_in, name, True)
        await self._db.run(self.remember_tools, stored.id, listed)
        return listed

    def sign_out(self, name: str) -> Reason:
        """Forget the OAuth sign-in of the server ``name`` (issue 25; blocking, a worker):
        its tokens are deleted from the keyring and the key file, and it is no longer
        marked signed in. Returns the one line saying so (typed: the CLI prints its
        English, issue 27). :class:`NotFound` when absent;
        :class:`InvalidInput` (one line, nothing changed) when the keyring or key file
        cannot be changed."""
        self.get(name)
        try:
            places = self.clients.forget_tokens(name)
        except SecretUnavailable as exc:
            raise InvalidInput(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "%1: not signed out: %2"),
                                      (name, exc.said()))) from None
        self._mark_signed_in(name, False)
        if not places:
            return Reason(QT_TRANSLATE_NOOP("ServiceReasons", "Signed out of %1; no sign-in was kept."), (name,))
        where = places[0] if len(places) == 1 else Reason(QT_TRANSLATE_NOOP("ServiceReasons", "%1 and %2"),
                                                          (places[0], places[1]))
        return Reason(QT_TRANSLATE_NOOP("ServiceReasons", "Signed out of %1: its tokens were deleted from %2."),
                      (name, where))

    def _mark_signed_in(self, name: str, signed_in: bool) -> None:
        with self._db.write() as s:
            repo.set_signed_in(s, name, signed_in)

    async def test_config(self, config: McpServerConfig) -> ServerTools:
        """Start ``config`` once (not stored yet: Settings → Tools → Add server… → Test),
        list its tools and stop it. :class:`InvalidInput` with the one-line reason (and
        stderr tail) when it fails; nothing is written either way."""
        try:
            return await self.clients.test(config)
        except McpServerError as exc:
            raise _refusal(exc) from None

    async def sign_in_config(self, config: McpServerConfig, open_url: Callable[[str], Awaitable[None]]
                             ) -> ServerTools:
        """:meth:`sign_in` for a form not stored yet (Settings → Tools → Add server… →
        Sign in): the tokens are kept under ``config.name``; nothing is written to the
        store. :class:`InvalidInput` (one line) when it fails."""
        try:
            return await self.clients.sign_in(config, open_url)
        except McpServerError as exc:
            raise _refusal(exc) from None

    def save(self, config: McpServerConfig, *, replace: bool, listed: ServerTools | None = None,
             use_with: Collection[int] = ()) -> None:
        """Store ``config`` (``replace``: an edit of the server of that name, whose
        switches and approvals stay) with the tool list a Test of it just read, and
        switch it on for the assistants ``use_with`` (ids; Add server…'s "Use with",
        walk37 #2), in one write transaction. :class:`InvalidInput` when the name is
        taken and not ``replace``; :class:`NotFound` when an assistant is gone (nothing stored)."""
        with self._db.write() as s:
            clashes = repo.add_servers(s, (config,), replace=replace)
            if clashes and not replace:
                raise InvalidInput(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "an MCP server named %1 exists already"),
                                          (repr(config.name),)))
            stored = repo.find_server(s, config.name)
            assert stored is not None
            if listed is not None:
                repo.store_tools(s, stored.id, listed.tools, listed.name, listed.version)
            for assistant in use_with:
                repo.set_server_enabled(s, AssistantService.row(s, assistant).id, stored.id, True)
        self._on_change()

    def users(self) -> dict[str, list[str]]:
        """``server name → names of the assistants it is on for`` (Settings → Tools'
        "Used by"; a server no assistant uses is absent)."""
        with self._db.read() as s:
            by_id = repo.users_by_server(s)
            names = {a.id: a.name for a in all_assistants(s)}
            return {srv.config.name: [names[a] for a in by_id[srv.id] if a in names]
                    for srv in repo.list_servers(s) if srv.id in by_id}

    def remember_tools(self, server_id: int, listed: ServerTools) -> None:
        """Cache a connect's tool list (blocking; the store's worker threads)."""
        with self._db.write() as s:
            repo.store_tools(s, server_id, listed.tools, listed.name, listed.version)
        self._on_change()

    # --- per assistant -----------------------------------------------------------
    def set_server_enabled(self, assistant: int | str, server: str, enabled: bool) -> None:
        """Switch ``server``'s tools on or off for ``assistant``."""
        server_id = self.get(server).id
        with self._db.write() as s:
            repo.set_server_enabled(s, AssistantService.row(s, assistant).id, server_id, enabled)
        self._on_change()

    def set_approval(self, assistant: int | str, server: str, tool: str, approval: ToolApproval) -> None:
        """Keep ``approval`` for ``tool`` of ``server`` for ``assistant`` (``never``: the
        tool is not offered)."""
        stored = self.get(server)
        if not tool or len(tool) > 200 or not tool.isprintable() or not _utf8(tool):
            raise InvalidInput(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "%1 is not a tool name"),
                                      (repr(str(tool)[:60]),)))
        if stored.tools is not None and tool not in {t.name for t in stored.tools}:
            raise NotFound(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "%1 has no tool named %2"), (server, repr(tool))))
        with self._db.write() as s:
            repo.set_approval(s, AssistantService.row(s, assistant).id, stored.id, tool, approval)
        self._on_change()

    def enabled_servers(self, assistant: int | str) -> set[str]:
        """Names of the servers switched on for ``assistant``."""
        with self._db.read() as s:
            enabled = repo.enabled_server_ids(s, AssistantService.row(s, assistant).id)
            return {srv.config.name for srv in repo.list_servers(s) if srv.id in enabled}

    def assistant_tools(self, assistant: int | str) -> list[AssistantToolView]:
        """Every known server tool with its state for ``assistant`` (the memory tools
        are not among them: MEM-4)."""
        with self._db.read() as s:
            assistant_id = AssistantService.row(s, assistant).id
            enabled = repo.enabled_server_ids(s, assistant_id)
            approvals = repo.approvals(s, assistant_id)
            servers = repo.list_servers(s)
        return [AssistantToolView(srv.config.name, t.name, t.description, srv.id in enabled,
                                  approvals.get((srv.id, t.name), ToolApproval.ASK))
                for srv in servers for t in srv.tools or ()]


def _utf8(text: str) -> bool:
    """True when ``text`` encodes as UTF-8 (no lone surrogate)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _refusal(exc: McpServerError) -> InvalidInput:
    """The service error of a failed connect: :class:`SignInRequired` when the server
    asked for a sign-in (the form then offers one), else :class:`InvalidInput`."""
    return SignInRequired(exc.said()) if exc.needs_sign_in else InvalidInput(exc.said())
