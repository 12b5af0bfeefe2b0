"""Store steps of a streaming reply shared by every reply path (send, retry, regenerate,
resend; APP-8, issue 10): refusing a topic another live process is answering, tool calls
made storable (APP-3), the checkpointer that writes the text so far about once a
second so a crash loses little (of a runaway reply, its start: huge51), and the writes
that end a reply row."""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import dataclasses
import time
from collections.abc import Callable

from chathub_desktop.core.clock import utcnow
from chathub_desktop.core.messages import ToolCall
from chathub_desktop.core.reasons import QT_TRANSLATE_NOOP, Reason, reason_data
from chathub_desktop.core.stored_text import replace_unstorable
from chathub_desktop.services.chat.process_identity import PROCESS_ID, stream_is_orphaned
from chathub_desktop.services.chat.reply_text import ReplyText
from chathub_desktop.services.chat.send_results import StreamResult
from chathub_desktop.services.errors import InvalidInput
from chathub_desktop.storage.database import Database
from chathub_desktop.storage.session import Session
from chathub_desktop.storage.topic_repository import streaming_rows, update_reply

#: Another process writes a reply in the topic (issue 27: typed; ``%1`` the topic id).
_FOREIGN = QT_TRANSLATE_NOOP("ServiceReasons", "another ChatHub window or command is still writing a reply in this "
                                               "topic; wait for it or stop it there; if it no longer answers, mark "
                                               "its reply as interrupted (the reply's menu, or `chat interrupt "
                                               "--topic %1`)")
_FOREIGN_BEFORE_DELETE = QT_TRANSLATE_NOOP("ServiceReasons", "another ChatHub window or command is still writing a "
                                                             "reply in this topic; wait for it or stop it there before "
                                                             "deleting it; if it no longer answers, mark its reply as "
                                                             "interrupted (the reply's menu, or `chat interrupt "
                                                             "--topic %1`)")

#: Seconds between checkpoints of a streaming reply's text (issue 10: a crash loses less).
CHECKPOINT_S = 1.0
#: ...times one more per this many characters the reply holds (stream50: a checkpoint
#: writes the whole text so far, so a huge reply is written about once per
#: ``CHECKPOINT_S`` per 256 KB it holds, not its whole size every second).
CHECKPOINT_CHARS = 1 << 18
#: Most characters a checkpoint holds: the start of a longer reply (huge51). Writing a
#: text costs the store about three times its size at once (the joined text, SQLite's
#: copy of it, the row it makes) beside the reply still streaming; a 16 MB runaway reply's
#: checkpoint made most of its send's peak. 2 M characters is four times what a model
#: with a 128 K-token output limit writes (about 0.5 M); only a runaway reply is longer,
#: and a crash then keeps its first 2 M characters.
CHECKPOINT_MAX_CHARS = 1 << 21


def refuse_foreign_stream(s: Session, topic_id: int, *, deleting: bool = False) -> None:
    """Inside a write transaction: :class:`InvalidInput` when another live ChatHub
    process is writing a reply in ``topic_id`` (APP-8); ``deleting``: the refused action
    is the topic's deletion (default: a new reply)."""
    now = utcnow()
    if any(by != PROCESS_ID and not stream_is_orphaned(by, at, now)
           for by, at, _edited in streaming_rows(s, topic_id)):
        raise InvalidInput(Reason(_FOREIGN_BEFORE_DELETE if deleting else _FOREIGN, (str(topic_id),)))


def storable_call(call: ToolCall) -> ToolCall:
    """``call`` with a NUL or lone surrogate in its name or arguments replaced by U+FFFD
    (no store keeps them, APP-3); itself when it has none."""
    name, n = replace_unstorable(call.name)
    arguments, m = replace_unstorable(call.arguments)
    return dataclasses.replace(call, name=name, arguments=arguments) if n or m else call


def calls_json(calls: list[ToolCall]) -> list[dict[str, str]] | None:
    """Tool calls as the ``message.tool_calls`` JSON column holds them (None: none)."""
    return [{"id": c.id, "name": c.name, "arguments": c.arguments} for c in calls] or None


def store_checkpoint(db: Database, reply_id: int, text: str, calls: list[ToolCall]) -> None:
    """Store what streaming reply ``reply_id`` has so far (only while still ``streaming``):
    a crash then loses at most the text since this checkpoint (issue 10). Worker thread."""
    with db.write() as s:
        update_reply(s, reply_id, {"content": text, "tool_calls": calls_json(calls)}, only_streaming=True)


def store_finish(db: Database, r: StreamResult) -> int | None:
    """Write the reply's final text, status and usage; returns its topic id (``None``
    when the row is gone, e.g. its topic was deleted). Worker thread."""
    u = r.usage
    with db.write() as s:
        return update_reply(s, r.reply_id, {
            "content": r.text, "status": r.status, "error": r.error, "error_kind": r.error_kind,
            "error_reason": reason_data(r.why) if r.why is not None else None,
            "finish_reason": r.finish_reason, "tool_calls": calls_json(list(r.calls)),
            "input_tokens": u.input_tokens, "output_tokens": u.output_tokens, "cached_tokens": u.cached_tokens,
            "cache_write_tokens": u.cache_write_tokens, "reasoning_tokens": u.reasoning_tokens,
            "receipt": r.receipt, "token_count": None,
        })


def store_end(db: Database, reply_id: int, fields: dict[str, object]) -> int | None:
    """Set ``fields`` (``MESSAGE_FIELDS`` names) on reply ``reply_id`` only while it is
    still ``streaming``; returns its topic id, ``None`` when it is gone or already
    ended (nothing written). Worker thread."""
    with db.write() as s:
        return update_reply(s, reply_id, fields, only_streaming=True)


class Checkpointer:
    """Writes a streaming reply's text so far on the store's workers, at most one write
    in flight, about every :data:`CHECKPOINT_S` seconds (or at once for a tool call), and
    at most its first :data:`CHECKPOINT_MAX_CHARS` characters."""

    def __init__(self, db: Database, write: Callable[[str, list[ToolCall]], None]) -> None:
        self._db = db
        self._write = write
        self._last = time.monotonic()
        self._pending: concurrent.futures.Future[object] | None = None
        self._kept = 0  # characters the last checkpoint held

    def maybe(self, text: ReplyText, calls: list[ToolCall]) -> None:
        """Checkpoint when the last one is older than :data:`CHECKPOINT_S` (times one
        more per :data:`CHECKPOINT_CHARS` the reply holds), unless it already holds
        all a checkpoint keeps."""
        if self._kept < CHECKPOINT_MAX_CHARS and (
                time.monotonic() - self._last >= CHECKPOINT_S * (1 + text.chars // CHECKPOINT_CHARS)):
            self.now(text, calls)

    def now(self, text: ReplyText, calls: list[ToolCall]) -> None:
        """Checkpoint now unless a write is still in flight."""
        if self._pending is not None and not self._pending.done():
            return
        self._last = time.monotonic()
        pieces, self._kept = _start_of(text.pieces(), CHECKPOINT_MAX_CHARS)
        self._pending = self._db.submit(self._joined, pieces, list(calls))

    def _joined(self, parts: list[str], calls: list[ToolCall]) -> None:
        """Worker side: join the text there, not on the loop (a huge reply's join takes
        milliseconds), and write it."""
        self._write("".join(parts), calls)

    async def settled(self) -> None:
        """Wait for the write in flight (the final write must come after it)."""
        if self._pending is not None:
            with contextlib.suppress(Exception):
                await asyncio.shield(asyncio.wrap_future(self._pending))


def _start_of(pieces: list[str], most: int) -> tuple[list[str], int]:
    """The pieces of the first ``most`` characters of ``pieces`` (the last one cut) and
    how many characters they hold."""
    out: list[str] = []
    held = 0
    for piece in pieces:
        if held + len(piece) > most:
            out.append(piece[:most - held])
            return out, most
        out.append(piece)
        held += len(piece)
    return out, held
