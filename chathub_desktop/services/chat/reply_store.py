"""Store steps of a streaming reply shared by every reply path (send, retry, regenerate,
resend; APP-8, issue 10): refusing a topic another live process is answering, tool calls
made storable (APP-3), and the checkpointer that writes the text so far about once a
second so a crash loses little."""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import dataclasses
import time
from collections.abc import Callable

from chathub_desktop.core.clock import utcnow
from chathub_desktop.core.messages import ToolCall
from chathub_desktop.core.stored_text import replace_unstorable
from chathub_desktop.services.chat.process_identity import PROCESS_ID, stream_is_orphaned
from chathub_desktop.services.errors import InvalidInput
from chathub_desktop.storage.database import Database
from chathub_desktop.storage.session import Session
from chathub_desktop.storage.topic_repository import streaming_rows

#: Seconds between checkpoints of a streaming reply's text (issue 10: a crash loses less).
CHECKPOINT_S = 1.0


def refuse_foreign_stream(s: Session, topic_id: int, doing: str = "") -> None:
    """Inside a write transaction: :class:`InvalidInput` when another live ChatHub
    process is writing a reply in ``topic_id`` (APP-8); ``doing`` names the refused
    action in the message (default: a new reply)."""
    now = utcnow()
    if any(by != PROCESS_ID and not stream_is_orphaned(by, at, now)
           for by, at, _edited in streaming_rows(s, topic_id)):
        before = f" before {doing}" if doing else ""
        raise InvalidInput("another ChatHub window or command is still writing a reply in this "
                           f"topic; wait for it or stop it there{before}; if it no longer answers, mark its reply "
                           f"as interrupted (the reply's menu, or `chat interrupt --topic {topic_id}`)")


def storable_call(call: ToolCall) -> ToolCall:
    """``call`` with a NUL or lone surrogate in its name or arguments replaced by U+FFFD
    (no store keeps them, APP-3); itself when it has none."""
    name, n = replace_unstorable(call.name)
    arguments, m = replace_unstorable(call.arguments)
    return dataclasses.replace(call, name=name, arguments=arguments) if n or m else call


def calls_json(calls: list[ToolCall]) -> list[dict[str, str]] | None:
    """Tool calls as the ``message.tool_calls`` JSON column holds them (None: none)."""
    return [{"id": c.id, "name": c.name, "arguments": c.arguments} for c in calls] or None


class Checkpointer:
    """Writes a streaming reply's text so far on the store's workers, at most one write
    in flight, about every :data:`CHECKPOINT_S` seconds (or at once for a tool call)."""

    def __init__(self, db: Database, write: Callable[[str, list[ToolCall]], None]) -> None:
        self._db = db
        self._write = write
        self._last = time.monotonic()
        self._pending: concurrent.futures.Future[object] | None = None

    def maybe(self, parts: list[str], calls: list[ToolCall]) -> None:
        """Checkpoint when the last one is older than :data:`CHECKPOINT_S`."""
        if time.monotonic() - self._last >= CHECKPOINT_S:
            self.now(parts, calls)

    def now(self, parts: list[str], calls: list[ToolCall]) -> None:
        """Checkpoint now unless a write is still in flight."""
        if self._pending is not None and not self._pending.done():
            return
        self._last = time.monotonic()
        self._pending = self._db.submit(self._write, "".join(parts), list(calls))

    async def settled(self) -> None:
        """Wait for the write in flight (the final write must come after it)."""
        if self._pending is not None:
            with contextlib.suppress(Exception):
                await asyncio.shield(asyncio.wrap_future(self._pending))
