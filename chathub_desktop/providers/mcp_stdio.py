"""A stdio transport for MCP servers with a bound on each line (issues 25 and 32).

The SDK's ``stdio_client`` reads a line of any length into memory and keeps the server's
process to itself. :class:`StdioTransport` starts the server in a process group of its
own (so :attr:`StdioTransport.pid` names the whole tree), reads its stdout one line at a
time up to :data:`MAX_LINE_BYTES`, parses each line with the SDK's JSON-RPC adapter and
hands ``ClientSession`` the same ``(read, write)`` stream pair ``stdio_client`` does.

- A line past the bound: :class:`LineTooLong` goes down the read stream, the read
  stream closes, the server's process group is stopped and :attr:`StdioTransport.failure`
  keeps the one-line reason ("the server wrote a line over 64 MB").
- Leaving the context: stdin closes, the server has :data:`STDIN_GRACE_S` to exit, then
  the group gets SIGTERM and, :data:`KILL_AFTER_S` later, SIGKILL (the SDK's
  ``terminate_posix_process_tree``). POSIX only, like the rest of the app's process handling.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import AsyncIterator, Mapping, Sequence
from typing import TextIO

import anyio
from anyio.abc import Process
from anyio.streams.memory import MemoryObjectReceiveStream, MemoryObjectSendStream
from mcp.os.posix.utilities import terminate_posix_process_tree
from mcp.shared.message import SessionMessage
from mcp.types import jsonrpc_message_adapter

from chathub_desktop.providers.mcp_limits import MAX_HTTP_BODY_BYTES

__all__ = ["KILL_AFTER_S", "MAX_LINE_BYTES", "STDIN_GRACE_S", "LineBuffer", "LineTooLong", "StdioTransport",
           "parse_line"]

log = logging.getLogger(__name__)

MAX_LINE_BYTES = MAX_HTTP_BODY_BYTES
"""Longest line read from a stdio server (bytes): the HTTP transport's body bound."""
STDIN_GRACE_S = 2.0
"""How long a server may take to exit once its stdin closed (seconds)."""
KILL_AFTER_S = 2.0
"""Wait between SIGTERM and SIGKILL to the server's process group (seconds)."""
_EXIT_POLL_S = 0.02


class LineTooLong(Exception):
    """The server wrote a line longer than the bound; ``str(exc)`` is one line."""


def _size(limit: int) -> str:
    mib = 1024 * 1024
    return f"{limit // mib} MB" if limit % mib == 0 else f"{limit:,} bytes"


def parse_line(line: bytes) -> SessionMessage | Exception:
    """One stdout line (UTF-8 JSON, no newline) as the SDK's ``stdio_client`` parses it:
    the JSON-RPC message, or the ``ValueError`` that refused it, as a value for the
    session (which hands it to its message handler)."""
    try:
        return SessionMessage(jsonrpc_message_adapter.validate_json(line, by_name=False))
    except ValueError as exc:
        log.info("an MCP server wrote a line that is not JSON-RPC: %s",
                 str(exc).splitlines()[0] if str(exc) else type(exc).__name__)
        return exc


class LineBuffer:
    """Splits a byte stream into lines (without their ``\\n``) of at most ``limit`` bytes.
    Holds at most ``limit`` bytes of an unfinished line."""

    def __init__(self, limit: int) -> None:
        self._limit = limit
        self._pending = bytearray()

    def feed(self, chunk: bytes) -> list[bytes]:
        """The lines ``chunk`` completes, in order. Raises :class:`LineTooLong` (one line:
        "the server wrote a line over 64 MB") once a line passes the bound; the buffer is
        emptied then and should not be fed again."""
        lines: list[bytes] = []
        start = 0
        while (end := chunk.find(b"\n", start)) >= 0:
            self._take(chunk, start, end)
            lines.append(bytes(self._pending))
            self._pending.clear()
            start = end + 1
        self._take(chunk, start, len(chunk))
        return lines

    def _take(self, chunk: bytes, start: int, end: int) -> None:
        if len(self._pending) + end - start > self._limit:
            self._pending = bytearray()
            raise LineTooLong(f"the server wrote a line over {_size(self._limit)}")
        self._pending += chunk[start:end]


class StdioTransport:
    """One stdio server: ``command`` with ``args``, ``env`` (the whole environment) and
    ``cwd``; its stderr goes to ``stderr`` (a file with a descriptor). Use
    :meth:`open` once; :attr:`pid` is the server's pid (and process group) once started,
    :attr:`failure` the one-line reason the transport ended the connection, if it did."""

    def __init__(self, command: str, args: Sequence[str], *, env: Mapping[str, str], cwd: str | None,
                 stderr: TextIO, max_line_bytes: int = MAX_LINE_BYTES) -> None:
        self._argv = [command, *args]
        self._env = dict(env)
        self._cwd = cwd
        self._stderr = stderr
        self._limit = max_line_bytes
        self._process: Process | None = None
        self.failure: str | None = None

    @property
    def pid(self) -> int | None:
        """The server's pid, which is also its process group id; ``None`` before the start."""
        return self._process.pid if self._process is not None else None

    @property
    def returncode(self) -> int | None:
        """The server's exit status once it ended (negative: the signal that ended it);
        ``None`` while it runs or before the start."""
        return self._process.returncode if self._process is not None else None

    @contextlib.asynccontextmanager
    async def open(self) -> AsyncIterator[tuple[MemoryObjectReceiveStream[SessionMessage | Exception],
                                                MemoryObjectSendStream[SessionMessage]]]:
        """Start the server and yield ``(read, write)`` for ``ClientSession``; on exit
        (any path, cancellation too) stop it as the module doc says. Raises ``OSError``
        when the command cannot be started."""
        process = await anyio.open_process(self._argv, env=self._env, cwd=self._cwd, stderr=self._stderr,
                                           start_new_session=True)
        self._process = process
        read_in, read_out = anyio.create_memory_object_stream[SessionMessage | Exception](0)
        write_in, write_out = anyio.create_memory_object_stream[SessionMessage](0)

        async def writer() -> None:
            assert process.stdin is not None
            try:
                async with write_out:
                    async for message in write_out:
                        data = message.message.model_dump_json(by_alias=True, exclude_unset=True)
                        await process.stdin.send(data.encode("utf-8") + b"\n")
            except (anyio.ClosedResourceError, anyio.BrokenResourceError, OSError):
                await read_in.aclose()  # the session sees the connection end

        try:
            async with anyio.create_task_group() as tasks:
                tasks.start_soon(self._reader, process, read_in)
                tasks.start_soon(writer)
                try:
                    yield read_out, write_in
                finally:
                    with anyio.CancelScope(shield=True):
                        await read_out.aclose()
                        await write_in.aclose()
                        await self._stop(process, grace_s=STDIN_GRACE_S)
                    tasks.cancel_scope.cancel()
        finally:
            with anyio.CancelScope(shield=True):
                await self._stop(process, grace_s=0.0)
                await process.aclose()

    async def _reader(self, process: Process, read_in: MemoryObjectSendStream[SessionMessage | Exception]) -> None:
        """Split stdout into bounded lines, parse each and send it to the session; on a
        line past the bound, send :class:`LineTooLong` and stop the server."""
        assert process.stdout is not None
        lines = LineBuffer(self._limit)
        async with read_in:
            try:
                async for chunk in process.stdout:
                    for line in lines.feed(chunk):
                        if line.strip() and not await self._send(parse_line(line), read_in):
                            # the session is gone: discard the rest, so a server stuck writing can
                            # still see its stdin close and exit on its own
                            async for _ in process.stdout:
                                pass
                            return
            except LineTooLong as exc:
                self.failure = str(exc)
                await self._send(exc, read_in)
                with anyio.CancelScope(shield=True):
                    await self._stop(process, grace_s=0.0)
            except (anyio.ClosedResourceError, anyio.BrokenResourceError, OSError):
                return

    @staticmethod
    async def _send(item: SessionMessage | Exception,
                    read_in: MemoryObjectSendStream[SessionMessage | Exception]) -> bool:
        """Hand ``item`` to the session; False when the session is gone."""
        try:
            await read_in.send(item)
        except (anyio.ClosedResourceError, anyio.BrokenResourceError):
            return False
        return True

    @staticmethod
    async def _stop(process: Process, *, grace_s: float) -> None:
        """Close stdin, give the server ``grace_s`` seconds, then SIGTERM and SIGKILL its group."""
        assert process.stdin is not None
        with contextlib.suppress(OSError, anyio.ClosedResourceError, anyio.BrokenResourceError):
            await process.stdin.aclose()
        with anyio.move_on_after(grace_s):
            while process.returncode is None:
                await anyio.sleep(_EXIT_POLL_S)
        # the group may outlive its leader: signal it either way (ESRCH returns at once)
        await terminate_posix_process_tree(process, KILL_AFTER_S)
