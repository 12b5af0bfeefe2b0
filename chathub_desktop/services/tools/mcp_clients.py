"""Sessions with MCP servers, one per server, on a loop thread of their own (issue 25, APP-11).

The official SDK (``mcp`` 2.x) is the client; nothing here speaks JSON-RPC. Servers run
on a dedicated asyncio loop in a daemon thread, not on the window's qasync loop: a
session must outlive the loop of its caller (the CLI runs each command under its own
``asyncio.run``), and the SDK's process handling runs on the plain asyncio loop it is
tested on. ``benchmarks/bench_mcp_start_stall.py`` measured both ways: neither stalls
the window beyond this machine's noise while a server starts and answers. Callers on any loop
await :meth:`McpClients.tools` / :meth:`McpClients.call`; cancelling that await (Stop)
cancels the call on the server's loop.

- Started lazily: a server starts at its first use and keeps running.
- The tool list is read at every (re)connect and handed back so the store can cache it,
  and read again when the server sends ``tools/list_changed`` (:attr:`McpClients.on_tools_changed`).
- A server whose connection died is restarted at its next use, after a back-off that
  doubles from :data:`RESTART_BACKOFF_S` up to :data:`RESTART_BACKOFF_MAX_S`.
- A call has a deadline (:data:`CALL_TIMEOUT_S`); a result is read whole up to
  :data:`MAX_RESULT_CHARS` (CMP-19: never cut with a marker; a larger one is an error).
- The last :data:`STDERR_TAIL_BYTES` of a stdio server's stderr go into its error.
- ``PATH`` for stdio servers is the user's login shell's (``login_path``) before the
  app's, so ``npx``/``uvx`` start from a menu launcher too.
- stdio servers run under :class:`~chathub_desktop.providers.mcp_stdio.StdioTransport`:
  each line they write is bounded (64 MB; a longer one ends the session with one line).
- :meth:`McpClients.close` stops every server with its whole process tree (stdin
  closes, then SIGTERM/SIGKILL to the process group) and ends the thread.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import json
import logging
import math
import os
import shutil
import signal
import subprocess
import threading
import time
from collections import deque
from collections.abc import Awaitable, Callable, Coroutine, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol, TextIO, TypeVar

from chathub_desktop.core.mcp_config import McpServerConfig, McpTool, McpTransport
from chathub_desktop.core.mcp_reasons import RESTARTING_IN, STDERR, named
from chathub_desktop.core.reasons import QT_TRANSLATE_NOOP, Reason
from chathub_desktop.providers.mcp_limits import MAX_HTTP_BODY_BYTES
from chathub_desktop.services.tools.mcp_oauth import (
    SIGN_IN_TIMEOUT_S,
    LoopbackCallback,
    SecretSlots,
    SignInNeeded,
    oauth_auth,
)

if TYPE_CHECKING:
    from mcp.client.session import MessageHandlerFnT

    from chathub_desktop.providers.mcp_stdio import StdioTransport

__all__ = [
    "CALL_TIMEOUT_S",
    "McpClients",
    "McpConnector",
    "McpServerError",
    "ServerTools",
    "ToolResult",
    "login_path",
]

log = logging.getLogger(__name__)
T = TypeVar("T")

CALL_TIMEOUT_S = 120.0
"""Longest a tool call may run before it is ended with an error (seconds)."""
START_TIMEOUT_S = 60.0
"""Longest a server may take to start and list its tools (seconds)."""
RESTART_BACKOFF_S = 1.0
"""Wait before the first restart of a crashed server (seconds); doubles per crash."""
RESTART_BACKOFF_MAX_S = 60.0
"""Longest wait between restarts (seconds)."""
STDERR_TAIL_BYTES = 4096
"""How much of a stdio server's latest stderr output an error carries (bytes)."""
MAX_TOOLS = 500
"""Most tools read from one server; a larger list is an error."""
MAX_TOOL_JSON_CHARS = 64 * 1024
"""Longest name + description + input schema of one tool (characters); longer ones are left out."""
MAX_RESULT_CHARS = 16 * 1024 * 1024
"""Longest tool result accepted (characters); a larger result is an error, never cut."""
MAX_LIST_PAGES = 20
"""Most ``tools/list`` pages read from one server."""
_KILL_RESERVE_S = 0.5
_LOGIN_PATH_TIMEOUT_S = 5.0
_LOGIN_PATH_MARK = "__CHATHUB_LOGIN_PATH__="


class McpServerError(Exception):
    """A server could not be started, listed or called; ``str(exc)`` is one line for the
    user (and the model, in a tool result), ending with the tail of the server's stderr
    when it wrote any. Raised with a typed :class:`Reason` (issue 27), ``str(exc)`` is
    its English and ``why`` keeps it for the window; else ``why`` is None.
    ``needs_sign_in``: the HTTP server asked for an OAuth sign-in (issue 25)."""

    def __init__(self, message: str | Reason, *, needs_sign_in: bool = False) -> None:
        self.why = message if isinstance(message, Reason) else None
        super().__init__(message.english() if isinstance(message, Reason) else message)
        self.needs_sign_in = needs_sign_in

    def said(self) -> Reason | str:
        """The typed reason when there is one, else the text."""
        return self.why if self.why is not None else str(self)




def _asks_sign_in(exc: BaseException | None, depth: int = 0) -> bool:
    """Whether ``exc`` (or what it wraps: groups, causes, contexts) is ``SignInNeeded``."""
    if exc is None or depth > 8:
        return False
    if isinstance(exc, SignInNeeded):
        return True
    inner = list(exc.exceptions) if isinstance(exc, BaseExceptionGroup) else []
    return any(_asks_sign_in(e, depth + 1) for e in (*inner, exc.__cause__, exc.__context__))


class McpConnector(Protocol):
    """Where a session's streams come from when not from the config's own transport
    (issue 25): :meth:`connect` returns an async context manager that yields the SDK's
    ``(read, write)`` streams for ``config`` and closes them on exit, or ``None`` for
    the usual child process (stdio) or URL (Streamable HTTP). The unit tests pass one
    that connects to an SDK server in the same process over the SDK's in-memory streams."""

    def connect(self, config: McpServerConfig) -> contextlib.AbstractAsyncContextManager[tuple[Any, Any]] | None:
        """The streams of a session with ``config``'s server, or ``None`` (the usual transport)."""


@dataclass(frozen=True, slots=True)
class ServerTools:
    """What a connect learnt: the server's ``name`` and ``version`` and its ``tools``."""

    name: str
    version: str
    tools: tuple[McpTool, ...]


@dataclass(frozen=True, slots=True)
class ToolResult:
    """A call's result as text for the model (text parts joined; other parts as JSON),
    ``is_error`` when the server flagged it, ``elapsed_s`` the time the call took."""

    text: str
    is_error: bool
    elapsed_s: float


def login_path(env: Mapping[str, str] | None = None) -> str:
    """``PATH`` as the user's login shell (``$SHELL -l``) sets it, followed by the
    entries of ``env``'s ``PATH`` it lacks; ``env``'s ``PATH`` alone when the shell
    fails or takes longer than 5 s. Blocking: call it off the GUI thread."""
    env = dict(os.environ if env is None else env)
    own = env.get("PATH", os.defpath)
    shell = env.get("SHELL") or "/bin/sh"
    try:
        done = subprocess.run([shell, "-l", "-c", f'printf "\\n{_LOGIN_PATH_MARK}%s\\n" "$PATH"'],
                              stdin=subprocess.DEVNULL, capture_output=True, timeout=_LOGIN_PATH_TIMEOUT_S,
                              env=env, check=False)
    except (OSError, subprocess.SubprocessError):
        return own
    lines = [ln for ln in done.stdout[-65536:].decode("utf-8", "replace").splitlines()
             if ln.startswith(_LOGIN_PATH_MARK)]
    if not lines:
        return own
    entries = [p for p in lines[-1][len(_LOGIN_PATH_MARK):].split(os.pathsep) if p]
    entries += [p for p in own.split(os.pathsep) if p and p not in entries]
    return os.pathsep.join(entries)


#: Seconds a failure waits for the server's stderr to reach its end before quoting it.
STDERR_SETTLE_S = 1.0


class _StderrTail:
    """A pipe the server writes its stderr into and a thread keeping its last bytes."""

    def __init__(self) -> None:
        read_fd, write_fd = os.pipe()
        self.writer: TextIO = open(write_fd, "w", encoding="utf-8")  # noqa: SIM115 - closed in spawned()/close()
        self._reader = os.fdopen(read_fd, "rb", buffering=0)
        self._tail: deque[bytes] = deque()
        self._size = 0
        self._lock = threading.Lock()
        #: Set once every writer closed the pipe: the server's processes are gone.
        self.ended = threading.Event()
        self._thread = threading.Thread(target=self._drain, name="mcp-stderr", daemon=True)
        self._thread.start()

    def spawned(self) -> None:
        """Close our copy of the write end once the server holds its own, so the pipe
        ends when the server's processes end."""
        with contextlib.suppress(OSError):
            self.writer.close()

    def _drain(self) -> None:
        with self._reader:
            while chunk := self._reader.read(4096):
                with self._lock:
                    self._tail.append(chunk)
                    self._size += len(chunk)
                    while self._size - len(self._tail[0]) >= STDERR_TAIL_BYTES:
                        self._size -= len(self._tail.popleft())
        self.ended.set()

    def text(self) -> str:
        """The last non-empty stderr line(s), up to :data:`STDERR_TAIL_BYTES`, on one line."""
        with self._lock:
            data = b"".join(self._tail)[-STDERR_TAIL_BYTES:]
        lines = [ln.strip() for ln in data.decode("utf-8", "replace").splitlines() if ln.strip()]
        return " | ".join(lines[-3:])[-600:]

    def close(self) -> None:
        """Close our end of the pipe; the thread ends once the server's copies are closed."""
        with contextlib.suppress(OSError):
            self.writer.close()


@dataclass
class _Connection:
    """One server's running session (lives on the MCP loop)."""

    config: McpServerConfig
    session: Any = None
    task: asyncio.Task[None] | None = None
    stop: asyncio.Event = field(default_factory=asyncio.Event)
    ready: asyncio.Future[ServerTools] | None = None
    stderr: _StderrTail | None = None
    #: The stdio transport of the running session (its pid and, once it ended the session, why).
    stdio: StdioTransport | None = None
    crashes: int = 0
    retry_at: float = 0.0
    last_error: Reason | None = None
    #: The newest tool list: the connect's, then each ``tools/list_changed`` re-read.
    listed: ServerTools | None = None
    #: The re-read a ``tools/list_changed`` started (one at a time; a strong reference).
    relist: asyncio.Task[None] | None = None
    #: An interactive OAuth sign-in (issue 25): the loopback callback and the URL opener.
    sign_in: tuple[LoopbackCallback, Callable[[str], Awaitable[None]]] | None = None


class McpClients:
    """Every server's session, on one dedicated loop thread (see the module doc).

    ``path`` returns the ``PATH`` stdio servers get (default :func:`login_path`, asked
    once, on the MCP thread); ``call_timeout_s`` / ``start_timeout_s``: deadlines in
    seconds; ``max_http_body_bytes``: the bound on a Streamable HTTP server's non-SSE
    answer (``providers.mcp_limits``); ``max_stdio_line_bytes``: the bound on one line a stdio
    server writes (``providers.mcp_stdio``); ``connector``: where sessions' streams come
    from before the config's own transport (:class:`McpConnector`; ``None``: always the
    config's). Thread-safe; every method may be awaited from any event loop."""

    def __init__(self, *, path: Callable[[], str] = login_path, call_timeout_s: float = CALL_TIMEOUT_S,
                 start_timeout_s: float = START_TIMEOUT_S, max_http_body_bytes: int | None = None,
                 max_stdio_line_bytes: int | None = None, tokens: SecretSlots | None = None,
                 connector: McpConnector | None = None) -> None:
        self._connector = connector
        self.max_http_body_bytes = max_http_body_bytes or MAX_HTTP_BODY_BYTES
        # mcp_stdio.MAX_LINE_BYTES is this same bound; importing that module here would
        # load the mcp SDK (~0.7 s) at every start, CLI commands included
        self.max_stdio_line_bytes = max_stdio_line_bytes or MAX_HTTP_BODY_BYTES
        self._path_source = path
        #: Where HTTP servers' OAuth tokens live (``None``: no OAuth, issue 25).
        self._tokens = tokens
        self._path: str | None = None
        self.call_timeout_s = call_timeout_s
        self.start_timeout_s = start_timeout_s
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()
        self._connections: dict[str, _Connection] = {}
        self._closed = False
        #: Called (on a worker thread) with a server's config and its new tool list
        #: after it sent ``tools/list_changed`` (``McpService`` caches the list).
        self.on_tools_changed: Callable[[McpServerConfig, ServerTools], None] | None = None

    # --- public API (any loop) ----------------------------------------------------
    async def tools(self, config: McpServerConfig) -> ServerTools:
        """The server's identity and tools, starting it when it is not running (a
        changed ``config`` restarts it). Raises :class:`McpServerError` (one line)."""
        return await self._submit(self._ensure(config))

    async def call(self, config: McpServerConfig, tool: str, arguments: dict[str, object]) -> ToolResult:
        """Call ``tool`` with ``arguments`` on the server (started when needed), within
        :attr:`call_timeout_s`. Raises :class:`McpServerError` when the server cannot be
        reached, the call times out or the result is too large; cancelling the await
        cancels the call."""
        return await self._submit(self._call(config, tool, arguments))

    async def test(self, config: McpServerConfig) -> ServerTools:
        """Start ``config`` in a connection of its own, list its tools and stop it again
        (Settings → Tools → Test, ``mcp test``). Raises :class:`McpServerError`."""
        return await self._submit(self._test(config))

    async def sign_in(self, config: McpServerConfig, open_url: Callable[[str], Awaitable[None]]) -> ServerTools:
        """Sign in to the OAuth-protected HTTP server ``config`` (issue 25): its
        authorization page goes to ``open_url`` (the user's browser), the code comes back
        to a loopback listener, the tokens are kept in the secret store; then its tools
        are listed as by :meth:`test`. Waits at most ``mcp_oauth.SIGN_IN_TIMEOUT_S``.
        Raises :class:`McpServerError` (one line)."""
        if config.transport is not McpTransport.HTTP or self._tokens is None:
            raise McpServerError(named(config.name, Reason(QT_TRANSLATE_NOOP(
                "ServiceReasons", "only a Streamable HTTP server can be signed in to"))))
        return await self._submit(self._sign_in(config, open_url))

    def forget_tokens(self, name: str) -> list[Reason]:
        """Delete the OAuth tokens kept for the server ``name`` (sign-out, removal;
        blocking). Returns where they were (empty: none kept). Raises
        ``SecretUnavailable`` when the keyring or key file cannot be changed."""
        return self._tokens.delete(name) if self._tokens is not None else []

    def running(self) -> list[str]:
        """Names of the servers with a live session."""
        return sorted(name for name, c in self._connections.items() if c.session is not None)

    def close(self, timeout_s: float = 10.0) -> None:
        """Stop every server with its process tree and end the loop thread (quit).
        Blocking, for a worker thread (the app's quit runs it there, beside its other
        shutdown work): returns within ``timeout_s`` seconds in all (the servers stop
        in parallel; a stdio server's process group still there then gets SIGKILL);
        calling it again does nothing."""
        deadline = time.monotonic() + timeout_s
        with self._lock:
            if self._closed:
                return
            self._closed = True
            loop, thread = self._loop, self._thread
        if loop is None or thread is None:
            return
        groups = [c.stdio.pid for c in list(self._connections.values()) if c.stdio is not None and c.stdio.pid]
        future = asyncio.run_coroutine_threadsafe(self._stop_all(), loop)
        kill_at = deadline - min(_KILL_RESERVE_S, timeout_s / 4)
        with contextlib.suppress(concurrent.futures.TimeoutError, RuntimeError):
            future.result(max(0.0, kill_at - time.monotonic()))
        if not future.done():
            for pgid in groups:  # the transports own their process groups: what is left gets SIGKILL
                with contextlib.suppress(OSError):
                    os.killpg(pgid, signal.SIGKILL)
            with contextlib.suppress(concurrent.futures.TimeoutError, RuntimeError):
                future.result(max(0.0, deadline - time.monotonic()))
        if not future.done():
            log.warning("MCP servers still stopping after %.0f s", timeout_s)
        loop.call_soon_threadsafe(loop.stop)
        thread.join(max(0.0, deadline - time.monotonic()))
        if not thread.is_alive():
            loop.close()

    # --- the loop thread --------------------------------------------------------
    async def _submit(self, coro: Coroutine[Any, Any, T]) -> T:
        loop = self._ensure_loop()
        if loop is None:
            coro.close()
            raise McpServerError(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "the tool servers are shut down")))
        return await asyncio.wrap_future(asyncio.run_coroutine_threadsafe(coro, loop))

    def _ensure_loop(self) -> asyncio.AbstractEventLoop | None:
        with self._lock:
            if self._closed:
                return None
            if self._loop is None:
                loop = asyncio.new_event_loop()
                thread = threading.Thread(target=self._run_loop, args=(loop,), name="mcp-loop", daemon=True)
                self._loop, self._thread = loop, thread
                thread.start()
            return self._loop

    @staticmethod
    def _run_loop(loop: asyncio.AbstractEventLoop) -> None:
        asyncio.set_event_loop(loop)
        loop.run_forever()
        with contextlib.suppress(RuntimeError):
            loop.run_until_complete(loop.shutdown_asyncgens())

    async def _stop_all(self) -> None:
        connections = list(self._connections.values())
        self._connections.clear()
        await asyncio.gather(*(self._stop(c) for c in connections), return_exceptions=True)

    async def _stop(self, conn: _Connection) -> None:
        conn.stop.set()
        if conn.task is not None:
            with contextlib.suppress(BaseException):
                await conn.task

    # --- connections (on the MCP loop) ------------------------------------------
    async def _ensure(self, config: McpServerConfig) -> ServerTools:
        conn = self._connections.get(config.name)
        if conn is not None and conn.config != config:
            self._connections.pop(config.name, None)
            await self._stop(conn)
            conn = None
        if conn is not None and conn.ready is not None and conn.ready.done() and conn.task is not None \
                and conn.task.done():
            # the session ended (crash or error): restart after the back-off
            wait = conn.retry_at - time.monotonic()
            if wait > 0:
                raise McpServerError(Reason(RESTARTING_IN, (conn.last_error or named(config.name, ""),
                                                             str(math.ceil(wait)))))
            conn.ready = None
        if conn is None:
            conn = _Connection(config)
            self._connections[config.name] = conn
        if conn.ready is None:
            conn.ready = _new_ready()
            conn.stop = asyncio.Event()
            conn.task = asyncio.get_running_loop().create_task(self._serve(conn, conn.ready))
        listed = await asyncio.shield(conn.ready)
        return conn.listed or listed

    async def _serve(self, conn: _Connection, ready: asyncio.Future[ServerTools],
                     start_timeout_s: float | None = None) -> None:
        """Hold one session open until :attr:`_Connection.stop` is set or it dies
        (``start_timeout_s``: the handshake's deadline, default :attr:`start_timeout_s`)."""
        try:
            async with self._open(conn) as session:
                listed = await asyncio.wait_for(self._handshake(session), start_timeout_s or self.start_timeout_s)
                conn.session = session
                conn.crashes = 0
                conn.listed = listed
                ready.set_result(listed)
                await self._watch(conn)
        except BaseException as exc:  # noqa: BLE001 - every failure becomes the server's error
            message = self._describe(conn, exc)
            if not ready.done():
                ready.set_exception(McpServerError(message, needs_sign_in=_asks_sign_in(exc)))
            if isinstance(exc, asyncio.CancelledError):
                raise
            if not conn.stop.is_set():
                self._crashed(conn, message)
        finally:
            conn.session = None
            conn.listed = None
            if conn.relist is not None:
                conn.relist.cancel()
            if conn.stderr is not None:
                conn.stderr.close()
            if not ready.done():
                ready.set_exception(McpServerError(named(conn.config.name, Reason(QT_TRANSLATE_NOOP(
                    "ServiceReasons", "stopped")))))

    @staticmethod
    def _crashed(conn: _Connection, message: Reason) -> None:
        """Count a crash of ``conn``'s server: ``message`` (one line, starting with its
        name) is what later uses say until the back-off is over."""
        conn.crashes += 1
        conn.last_error = message
        backoff = min(RESTART_BACKOFF_S * 2 ** (conn.crashes - 1), RESTART_BACKOFF_MAX_S)
        conn.retry_at = time.monotonic() + backoff
        log.info("MCP server %s ended: %s", conn.config.name, message.english())

    async def _watch(self, conn: _Connection) -> None:
        """Wait for stop; a stdio server whose stderr closes (its processes exited) ends
        the session: a crash."""
        while not conn.stop.is_set():
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(conn.stop.wait(), 0.5)
            if conn.stderr is not None and conn.stderr.ended.is_set() and not conn.stop.is_set():
                raise McpServerError(_exited(conn))

    async def _lost(self, conn: _Connection) -> McpServerError:
        """The session of ``conn`` closed under a call (the server died or dropped the
        connection): end it now, count the crash and say so in one line with the exit
        status and stderr tail, so the next use waits out the back-off and restarts
        it instead of meeting the dead session again."""
        counted = conn.task is not None and conn.task.done()  # the session's own end counted it
        first = not conn.stop.is_set()  # not a parallel call of the same session
        await self._stop(conn)  # a crashed process is reaped here; its status is known after
        if counted:
            return McpServerError(conn.last_error or named(conn.config.name, _exited(conn)))
        message = self._describe(conn, McpServerError(_exited(conn)))
        if first:
            self._crashed(conn, message)
        return McpServerError(message)

    @contextlib.asynccontextmanager
    async def _open(self, conn: _Connection) -> Any:
        from mcp import ClientSession

        async with contextlib.AsyncExitStack() as stack:
            streams = self._connector.connect(conn.config) if self._connector is not None else None
            if streams is not None:
                read, write = await stack.enter_async_context(streams)
            elif conn.config.transport is McpTransport.HTTP:
                from mcp.client.streamable_http import streamable_http_client

                from chathub_desktop.providers.mcp_http import mcp_http_client

                http = await stack.enter_async_context(
                    mcp_http_client(dict(conn.config.headers), self.max_http_body_bytes, auth=self._auth(conn)))
                # one SSE event may hold a whole result (the SDK's default cap is 1 MB)
                read, write = await stack.enter_async_context(streamable_http_client(
                    conn.config.url, http_client=http, max_sse_event_size=self.max_http_body_bytes))
            else:
                read, write = await stack.enter_async_context(self._stdio(conn))
            yield await stack.enter_async_context(ClientSession(read, write,
                                                                message_handler=self._notified(conn)))

    @contextlib.asynccontextmanager
    async def _stdio(self, conn: _Connection) -> Any:
        from mcp.client.stdio import get_default_environment

        from chathub_desktop.providers.mcp_stdio import StdioTransport

        conn.stdio = None
        if self._path is None:
            self._path = await asyncio.to_thread(self._path_source)
        config = conn.config
        command = shutil.which(config.command, path=self._path) if os.sep not in config.command else config.command
        if command is None:
            raise McpServerError(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "%1 was not found on PATH (%2)"),
                                        (repr(config.command), self._path[:300])))
        conn.stderr = _StderrTail()
        env = {**get_default_environment(), "PATH": self._path, **config.env}
        conn.stdio = StdioTransport(command, config.args, env=env, cwd=config.cwd, stderr=conn.stderr.writer,
                                    max_line_bytes=self.max_stdio_line_bytes)
        async with conn.stdio.open() as streams:
            conn.stderr.spawned()  # the child holds its own copy of the pipe now
            yield streams

    def _notified(self, conn: _Connection) -> MessageHandlerFnT:
        """The session's message handler: ``tools/list_changed`` re-reads the tool list
        in a task of its own (a request awaited inside the handler would hold up the
        session's reader); other notifications and transport errors are left to the
        session (a dead transport ends it, see :meth:`_watch`)."""
        from mcp.types import ToolListChangedNotification

        async def handle(message: Any) -> None:
            if isinstance(message, ToolListChangedNotification) and conn.session is not None:
                if conn.relist is not None:
                    conn.relist.cancel()
                conn.relist = asyncio.get_running_loop().create_task(self._relist(conn))
        return handle

    async def _relist(self, conn: _Connection) -> None:
        """Read the tool list again after ``tools/list_changed`` and hand it on."""
        session, old = conn.session, conn.listed
        if session is None or old is None:
            return
        try:
            tools = await asyncio.wait_for(self._list_tools(session), self.start_timeout_s)
        except Exception as exc:  # noqa: BLE001 - the old list stays; the next connect reads it again
            log.info("MCP server %s: re-reading its tools failed: %s", conn.config.name,
                     self._describe(conn, exc).english())
            return
        listed = ServerTools(old.name, old.version, tools)
        conn.listed = listed
        if self.on_tools_changed is not None and tools != old.tools:
            await asyncio.to_thread(self.on_tools_changed, conn.config, listed)

    async def _handshake(self, session: Any) -> ServerTools:
        init = await session.initialize()
        info = getattr(init, "server_info", None)
        tools = await self._list_tools(session)
        return ServerTools(getattr(info, "name", "") or "", getattr(info, "version", "") or "", tools)

    async def _list_tools(self, session: Any) -> tuple[McpTool, ...]:
        """Every page of ``tools/list`` (bounded: :data:`MAX_LIST_PAGES`, :data:`MAX_TOOLS`)."""
        tools: list[McpTool] = []
        cursor = None
        for _ in range(MAX_LIST_PAGES):
            from mcp.types import PaginatedRequestParams

            page = await session.list_tools(params=PaginatedRequestParams(cursor=cursor) if cursor else None)
            for tool in page.tools:
                description = tool.description or ""
                schema = dict(tool.input_schema or {})
                if len(tool.name) + len(description) + len(json.dumps(schema)) > MAX_TOOL_JSON_CHARS:
                    log.info("MCP tool %s left out: larger than %d characters", tool.name, MAX_TOOL_JSON_CHARS)
                    continue
                tools.append(McpTool(tool.name, description, schema))
            if len(tools) > MAX_TOOLS:
                raise McpServerError(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "the server lists more than %1 tools"),
                                            (str(MAX_TOOLS),)))
            cursor = page.next_cursor
            if not cursor:
                break
        return tuple(tools)

    async def _call(self, config: McpServerConfig, tool: str, arguments: dict[str, object]) -> ToolResult:
        await self._ensure(config)
        conn = self._connections[config.name]
        session = conn.session
        if session is None:
            raise McpServerError(conn.last_error or named(config.name, Reason(QT_TRANSLATE_NOOP(
                "ServiceReasons", "not running"))))
        started = time.monotonic()
        try:
            result = await asyncio.wait_for(session.call_tool(tool, arguments), self.call_timeout_s)
        except TimeoutError:
            took = Reason(QT_TRANSLATE_NOOP("ServiceReasons", "%1 took longer than %2 s"),
                          (tool, f"{self.call_timeout_s:.0f}"))
            raise McpServerError(named(config.name, took)) from None
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # noqa: BLE001 - the SDK's and the transport's errors alike
            if _connection_closed(exc) and self._connections.get(config.name) is conn:
                raise await self._lost(conn) from None
            raise McpServerError(self._describe(conn, exc)) from None
        text = _result_text(result)
        if len(text) > MAX_RESULT_CHARS:
            larger = Reason(QT_TRANSLATE_NOOP("ServiceReasons", "the result of %1 is larger than %2 MB"),
                            (tool, str(MAX_RESULT_CHARS // (1024 * 1024))))
            raise McpServerError(named(config.name, larger))
        return ToolResult(text, bool(getattr(result, "is_error", False)), time.monotonic() - started)

    def _auth(self, conn: _Connection) -> Any:
        """The OAuth flow of an HTTP connection, unless OAuth is off or the user set
        an ``Authorization`` header of their own. The secret store is read only for a
        server the user signed in to (``config.signed_in``) or is signing in to now."""
        config = conn.config
        if self._tokens is None or any(k.lower() == "authorization" for k in config.headers):
            return None
        slots = self._tokens if config.signed_in or conn.sign_in is not None else None
        return oauth_auth(config.url, config.name, slots, sign_in=conn.sign_in)

    async def _sign_in(self, config: McpServerConfig, open_url: Callable[[str], Awaitable[None]]) -> ServerTools:
        callback = LoopbackCallback()
        await callback.start()
        conn = _Connection(config, sign_in=(callback, open_url))
        ready = _new_ready()
        conn.task = asyncio.get_running_loop().create_task(self._serve(conn, ready, SIGN_IN_TIMEOUT_S))
        try:
            return await ready
        finally:
            await self._stop(conn)
            await callback.close()

    async def _test(self, config: McpServerConfig) -> ServerTools:
        conn = _Connection(config)
        ready = _new_ready()
        conn.task = asyncio.get_running_loop().create_task(self._serve(conn, ready))
        try:
            return await ready
        finally:
            await self._stop(conn)

    @staticmethod
    def _describe(conn: _Connection, exc: BaseException) -> Reason:
        """One line, typed: the server, what failed, the tail of its stderr."""
        while isinstance(exc, BaseExceptionGroup) and exc.exceptions:
            exc = exc.exceptions[0]
        name = conn.config.name
        what: Reason | str
        if isinstance(exc, McpServerError):
            what = exc.said()
        elif isinstance(exc, TimeoutError):
            what = Reason(QT_TRANSLATE_NOOP("ServiceReasons", "no answer to the handshake"))
        elif isinstance(exc, OSError):
            what = Reason(QT_TRANSLATE_NOOP("ServiceReasons", "could not start: %1"), (str(exc.strerror or exc),))
        else:  # the SDK's or the server's own words
            what = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        english = what.english() if isinstance(what, Reason) else what
        said = named(name, what) if not english.startswith(f"{name}:") else (
            what if isinstance(what, Reason) else Reason("%1", (what,)))
        if conn.stdio is not None and conn.stdio.failure:
            said = named(name, conn.stdio.failure)  # the transport's reason beats its symptoms
        tail = ""
        if conn.stderr is not None:
            # a server that exits at once: its last words may still be in the pipe on a busy
            # machine; its drain thread reaches the end moments later (CI under load)
            conn.stderr.ended.wait(STDERR_SETTLE_S)
            tail = conn.stderr.text()
        return Reason(STDERR, (said, tail)) if tail else said


def _connection_closed(exc: BaseException) -> bool:
    """Whether a call failed because its session's connection closed (the SDK's
    ``CONNECTION_CLOSED``), as opposed to an error the server answered with."""
    from mcp.shared.exceptions import MCPError
    from mcp.types import CONNECTION_CLOSED

    return isinstance(exc, MCPError) and exc.code == CONNECTION_CLOSED


def _exited(conn: _Connection) -> Reason:
    """Why a session ended without a stop: a stdio server's exit status when known."""
    code = conn.stdio.returncode if conn.stdio is not None else None
    if code is None:
        return Reason(QT_TRANSLATE_NOOP("ServiceReasons", "the server closed the connection") if conn.stdio is None
                      else QT_TRANSLATE_NOOP("ServiceReasons", "the server exited"))
    if code < 0:
        try:
            name = signal.Signals(-code).name
        except ValueError:
            name = f"signal {-code}"
        return Reason(QT_TRANSLATE_NOOP("ServiceReasons", "the server was ended by %1"), (name,))
    return Reason(QT_TRANSLATE_NOOP("ServiceReasons", "the server exited with status %1"), (str(code),))


def _new_ready() -> asyncio.Future[ServerTools]:
    """A future for a connect's outcome whose error counts as seen even when nobody
    waits for it (a crash while idle)."""
    ready: asyncio.Future[ServerTools] = asyncio.get_running_loop().create_future()
    ready.add_done_callback(lambda f: None if f.cancelled() else f.exception())
    return ready


def _result_text(result: Any) -> str:
    """The text the model gets for a ``tools/call`` result: text parts joined by blank
    lines, any other part (image, resource) as its JSON; the structured content when
    there is no part."""
    parts = []
    for item in getattr(result, "content", None) or ():
        if getattr(item, "type", None) == "text":
            parts.append(item.text)
        else:
            parts.append(item.model_dump_json(by_alias=True, exclude_none=True))
    if not parts and getattr(result, "structured_content", None) is not None:
        parts.append(json.dumps(result.structured_content, ensure_ascii=False))
    return "\n\n".join(parts)
