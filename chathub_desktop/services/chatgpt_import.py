"""Import a ChatGPT data export into topics of one assistant (APP-5, APP-7).

Issue "File → Import → ChatGPT export": the user picks ``conversations.json`` or the
export ``.zip``; each conversation becomes a topic of the chosen assistant (active
branch only, see :mod:`chathub_desktop.core.chatgpt_export`). The file is streamed
(``ijson``, C backend when present), so memory stays flat whatever its size; a
``.zip`` is read member-by-member without extracting to disk. A conversation already
imported for this assistant (same ``source="chatgpt"`` + ``source_id``) is skipped, so
importing the same export twice does not duplicate topics.

All or nothing, without holding the store (issue 10, "Nothing lost"): the file is
parsed outside any transaction and its rows are written in chunks of
:data:`MESSAGE_CHUNK_ROWS`, each its own short write transaction, into *staged* topics
that no listing shows (:mod:`chathub_desktop.services.import_staging`); other writers
(a ``chat send``, the window) wait at most one chunk. One short final transaction makes
the whole import visible. A malformed or foreign file, a damaged zip, a database error
or a cancellation deletes the staged rows instead, so nothing is written; the staged
rows of a killed import are deleted at the next start.

The function is synchronous and meant to run off the GUI thread (a worker thread);
it reports progress through a callback and polls a ``threading.Event`` to cancel
(APP-7).
"""

from __future__ import annotations

import logging
import threading
import time
import zipfile
import zlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import IO, Any, cast

import ijson
from sqlalchemy import JSON, Table, bindparam, delete, func, insert, select, update
from sqlalchemy.engine import Connection
from sqlalchemy.exc import SQLAlchemyError

from chathub_desktop.core.chatgpt_export import (
    JSON_LIMITS,
    MAX_CONVERSATION_BYTES,
    MAX_EXPORT_BYTES,
    MAX_ZIP_RATIO,
    ExportFormatError,
    ImportedConversation,
    ImportedMessage,
    parse_conversation,
    parse_timestamp,
)
from chathub_desktop.core.json_bounds import (
    JsonBoundsError,
    JsonScanner,
    megabytes,
    replace_lone_surrogate_escapes,
)
from chathub_desktop.services.errors import store_busy_message
from chathub_desktop.services.import_staging import StagingRun, begin_run, discard_run, end_run
from chathub_desktop.storage.bulk_loading import gc_paused
from chathub_desktop.storage.database import Database
from chathub_desktop.storage.models import Assistant, Message, Topic

__all__ = [
    "SOURCE",
    "ImportCancelled",
    "ImportFailed",
    "ImportProgress",
    "ImportResult",
    "UnknownAssistantError",
    "import_chatgpt_export",
]

SOURCE = "chatgpt"
"""``Topic.source`` of every topic this importer creates."""

MESSAGE_CHUNK_ROWS = 2000
"""Message rows buffered before one ``executemany`` (topics of the chunk go first); each
chunk is one write transaction of a few tens of milliseconds."""

PROGRESS_INTERVAL_S = 0.1
"""Minimum seconds between two progress callbacks (the first and last always fire)."""

_log = logging.getLogger(__name__)
_BOM = b"\xef\xbb\xbf"
_SNIFF_BYTES = 4096
_OBJECT_KEYS_SCAN_BYTES = 1 << 20
_JSON_MEMBER = "conversations.json"
_READ_BYTES = 64 * 1024  # one block handed to the parser (and one Cancel poll)
_MEASURE_BYTES = 256 * 1024 * 1024  # how far past its limit an over-long text is measured
_RATIO_CHECK_BYTES = 64 * 1024 * 1024

try:
    _ijson: Any = ijson.get_backend("yajl2_c")
except Exception:  # pragma: no cover - pure-Python fallback when the C backend is missing
    _ijson = ijson


class ImportFailed(Exception):
    """The import did not happen; nothing was written. ``str(exc)`` is user-facing.

    Raised for: a missing/unreadable file, a file that is not JSON, a damaged zip or one
    without ``conversations.json``, JSON that is not a ChatGPT export (expected vs found
    is named), a malformed conversation (named by number and title), a database error.
    """


class ImportCancelled(ImportFailed):
    """The user cancelled (the ``cancel`` event was set); everything was rolled back."""


class UnknownAssistantError(ImportFailed, ValueError):
    """``assistant_id`` names no assistant; nothing was written."""


@dataclass(frozen=True, slots=True)
class ImportProgress:
    """Progress of a running import (APP-7).

    ``bytes_read`` / ``total_bytes``: bytes of JSON read so far / in all (for a zip,
    uncompressed bytes of ``conversations.json``); ``conversations_done``: conversations
    parsed so far, skipped duplicates included. ``bytes_read`` never decreases and ends
    equal to ``total_bytes``.
    """

    bytes_read: int
    total_bytes: int
    conversations_done: int

    @property
    def fraction(self) -> float:
        """``bytes_read / total_bytes`` in ``[0, 1]`` (1.0 for an empty file)."""
        return 1.0 if self.total_bytes <= 0 else min(1.0, self.bytes_read / self.total_bytes)


@dataclass(frozen=True, slots=True)
class ImportResult:
    """What an import wrote: topics created, conversations skipped because already
    imported unchanged (or repeated in the same file), message rows inserted, topics
    that were imported before and got the messages a newer export added to them, and
    characters that no store keeps (NUL, lone surrogates) replaced by U+FFFD."""

    topics_created: int
    topics_skipped: int
    messages_imported: int
    topics_updated: int = 0
    characters_replaced: int = 0

    def replaced_note(self) -> str:
        """``""``, or a sentence saying how many characters were replaced by U+FFFD."""
        n = self.characters_replaced
        if not n:
            return ""
        return (f"{n:,} character{'s' if n != 1 else ''} that no store keeps (NUL or a lone "
                "surrogate) replaced by \ufffd")


class _TooLarge(Exception):
    """A bound of the streaming reader was crossed; ``str(exc)`` is the user-facing reason."""


class _CountingReader:
    """The binary ``read()`` the JSON parser pulls from: counts bytes, bounds them and
    polls ``cancel`` on every block (APP-7; a block is at most 64 KiB, so Cancel acts
    within milliseconds even inside one huge conversation).

    Each block is scanned (:class:`JsonScanner`, the bounds of
    :data:`~chathub_desktop.core.chatgpt_export.JSON_LIMITS`) before the parser gets it:
    too deep raises :class:`JsonBoundsError` at once; a text over the limit is measured
    to its end (at most :data:`_MEASURE_BYTES` more) without being parsed, then raised.
    Escapes of lone surrogates are rewritten as ``\\ufffd`` (counted in ``replaced``;
    the parser would make ``?`` of some and fail on others).
    The importer sets ``mark`` (bytes read when the last conversation ended) and
    ``conversation`` (1-based number of the one being read); one conversation over
    :data:`MAX_CONVERSATION_BYTES` raises :class:`_TooLarge`.
    """

    def __init__(self, raw: IO[bytes], skip: int, cancel: threading.Event | None) -> None:
        self._raw = raw
        self._cancel = cancel
        self._scanner = JsonScanner(JSON_LIMITS)
        self._carry = b""
        self.replaced = 0  # lone surrogate escapes rewritten as \\ufffd
        self.bytes_read = 0
        self.mark = 0
        self.conversation = 1
        if skip:
            self.bytes_read = len(raw.read(skip))
            self.mark = self._scanner.offset = self.bytes_read  # offsets count from the file start

    def _check_cancel(self) -> None:
        if self._cancel is not None and self._cancel.is_set():
            raise ImportCancelled("import cancelled; nothing was imported")

    def read(self, size: int = -1) -> bytes:
        self._check_cancel()
        chunk = self._raw.read(_READ_BYTES if size < 0 or size > _READ_BYTES else size)
        self.bytes_read += len(chunk)
        data, self._carry = self._carry + chunk, b""
        if chunk:  # keep a \\uXXXX escape the block may have cut for the next block
            cut = data.find(b"\\", max(0, len(data) - 12))  # a surrogate pair is 12 bytes
            while cut > 0 and data[cut - 1] == 0x5C:  # the whole run of backslashes, for parity
                cut -= 1
            if cut > 0:
                data, self._carry = data[:cut], data[cut:]
        data, n = replace_lone_surrogate_escapes(data)
        self.replaced += n
        if self.bytes_read - self.mark > MAX_CONVERSATION_BYTES:
            raise _TooLarge(f"conversation {self.conversation:,} is more than "
                            f"{megabytes(MAX_CONVERSATION_BYTES)} of JSON; the limit is "
                            f"{megabytes(MAX_CONVERSATION_BYTES)} per conversation")
        self._scanner.feed(data)
        if self._scanner.long_string_at is not None:
            self._measure()
        return data

    def _measure(self) -> None:
        """Read on (without parsing) to the end of the over-long text, then raise."""
        scanner, budget = self._scanner, _MEASURE_BYTES
        scanner.feed(self._carry)  # bytes held back come first
        self._carry = b""
        while scanner.in_string and budget > 0:
            self._check_cancel()
            more = self._raw.read(_READ_BYTES)
            if not more:
                break
            budget -= len(more)
            scanner.feed(more)
        size = megabytes(scanner.string_bytes)
        size = f"more than {size}" if scanner.in_string else size
        raise _TooLarge(f"conversation {self.conversation:,} has a message of {size} (a text starting at "
                        f"byte {scanner.long_string_at or 0:,}); the limit is "
                        f"{megabytes(JSON_LIMITS.max_string_bytes)} per message")


@dataclass(frozen=True, slots=True)
class _Source:
    path: Path
    member: str | None  # name inside the zip, or None for a plain file
    total_bytes: int
    label: str

    @contextmanager
    def open(self) -> Iterator[IO[bytes]]:
        if self.member is None:
            with open(self.path, "rb") as fh:
                yield fh
        else:
            with zipfile.ZipFile(self.path) as zf, zf.open(self.member) as fh:
                yield fh


def _locate(path: Path) -> _Source:
    """Find the JSON to read: the file itself, or ``conversations.json`` in a zip."""
    try:
        if not path.is_file():
            raise ImportFailed(
                f"{path.name}: file not found"
                if not path.exists()
                else f"{path.name} is a folder; choose the export's conversations.json or its .zip"
                if path.is_dir()
                else f"{path.name} is not a regular file"
            )
        size = path.stat().st_size
        is_zip = zipfile.is_zipfile(path)
    except OSError as exc:
        raise ImportFailed(f"cannot read {path.name}: {exc.strerror or exc}") from exc
    if not is_zip:
        return _Source(path, None, size, path.name)
    try:
        with zipfile.ZipFile(path) as zf:
            infos = [i for i in zf.infolist() if not i.is_dir()]
    except (zipfile.BadZipFile, OSError) as exc:
        raise ImportFailed(f"{path.name} is a damaged zip file: {exc}") from exc
    hits = [
        i for i in infos if i.filename.replace("\\", "/").rsplit("/", 1)[-1].lower() == _JSON_MEMBER
    ]
    if not hits:
        names = ", ".join(i.filename for i in infos[:6]) or "nothing"
        more = f" and {len(infos) - 6} more" if len(infos) > 6 else ""
        raise ImportFailed(
            f"{path.name} is a zip without {_JSON_MEMBER}; expected a ChatGPT data export "
            f"(found: {names}{more})"
        )
    best = min(hits, key=lambda i: (i.filename.count("/"), i.filename))
    label = f"{path.name}:{best.filename}"
    if best.file_size > MAX_EXPORT_BYTES:
        raise ImportFailed(f"{label} expands to {megabytes(best.file_size)}; the limit is "
                           f"{megabytes(MAX_EXPORT_BYTES)}. Nothing was imported.")
    if best.file_size > _RATIO_CHECK_BYTES and best.file_size > MAX_ZIP_RATIO * max(best.compress_size, 1):
        raise ImportFailed(
            f"{label} would expand from {megabytes(best.compress_size)} to {megabytes(best.file_size)} "
            f"({best.file_size // max(best.compress_size, 1):,} times; exports compress at most about 20 "
            "times): refused as a zip bomb. Nothing was imported.")
    return _Source(path, best.filename, best.file_size, label)


def _first_line(exc: BaseException) -> str:
    text = exc.args[0] if exc.args else str(exc)
    if isinstance(text, bytes):
        text = text.decode("utf-8", "replace")
    return (str(text).strip().splitlines() or [type(exc).__name__])[0]


def _top_level_keys(fh: IO[bytes], skip: int) -> list[str]:
    """Keys of a top-level JSON object, read from at most the first 1 MB."""
    fh.read(skip)
    head = fh.read(_OBJECT_KEYS_SCAN_BYTES)
    try:
        JsonScanner(JSON_LIMITS).feed(head)
    except JsonBoundsError as exc:  # parse only what is shallow enough
        head = head[: exc.offset]
    keys: list[str] = []
    try:
        for prefix, event, value in _ijson.parse(head):
            if prefix == "" and event == "map_key":
                keys.append(str(value))
                if len(keys) >= 8:
                    break
    except ijson.JSONError:
        pass
    return keys


def _sniff(source: _Source) -> int:
    """Check the document starts like a JSON array; return the bytes to skip (BOM).

    Raises :class:`ImportFailed` naming what was found instead.
    """
    try:
        with source.open() as fh:
            head = fh.read(_SNIFF_BYTES)
            skip = len(_BOM) if head.startswith(_BOM) else 0
            stripped = head[skip:].lstrip()
            if not stripped:
                raise ImportFailed(
                    f"{source.label} is empty; expected a ChatGPT conversations.json"
                )
            first = stripped[:1]
            if first == b"[":
                return skip
            if first == b"{":
                keys = []
                with source.open() as again:
                    keys = _top_level_keys(again, skip)
                shown = f" (keys: {', '.join(keys)})" if keys else ""
                raise ImportFailed(
                    f"{source.label} is a JSON object{shown}; expected a ChatGPT "
                    "conversations.json, which is a JSON array of conversations"
                )
    except (zipfile.BadZipFile, zlib.error, EOFError, RuntimeError) as exc:
        raise ImportFailed(f"{source.label}: the zip is damaged or encrypted ({exc})") from exc
    except OSError as exc:
        raise ImportFailed(f"cannot read {source.label}: {exc.strerror or exc}") from exc
    if stripped.startswith(b"PK\x03\x04"):  # a zip whose central directory is missing
        raise ImportFailed(f"{source.label} is a damaged or truncated zip file")
    raise ImportFailed(f"{source.label} {_describe_head(stripped)}; expected a ChatGPT "
                       "conversations.json or the export .zip")


def _describe_head(head: bytes) -> str:
    """What a file that is not a JSON array starts with, in words for the user."""
    try:
        text = head[:200].decode("utf-8")
    except UnicodeDecodeError:
        return "is binary data, not JSON"
    word = text.split(None, 1)[0] if text.split() else ""
    if word.rstrip(",]}") in ("null", "true", "false") or word[:1] in '"-0123456789':
        return f"holds a single JSON value ({word[:20]}), not a list of conversations"
    if any(not (c.isprintable() or c in "\r\n\t") for c in text):
        return "is binary data, not JSON"
    first = text.strip().splitlines()[0][:40] if text.strip() else ""
    return f"is not JSON (it starts with “{first}”)"


class _Writer:
    """Buffers parsed conversations, writes them into staged topics of ``run`` with Core
    ``executemany`` (one write transaction per chunk) and publishes them at the end."""

    def __init__(self, db: Database, run: StagingRun, now: datetime) -> None:
        self._db = db
        self._run = run
        self._assistant_id = run.assistant_id
        self._now = now
        # (conversation, its messages to write, the visible topic they continue or None)
        self._pending: list[tuple[ImportedConversation, list[ImportedMessage], int | None]] = []
        self._pending_rows = 0
        self._staged: dict[int, int] = {}  # staged new topic id -> its message rows
        self._continuations: dict[int, tuple[int, int, datetime]] = {}  # staged id -> (target, rows, updated)
        self.topics = 0
        self.messages = 0
        self.updated = 0
        self.dropped = 0  # staged conversations another import published first
        topic_table = cast(Table, Topic.__table__)
        self._topic_stmt = insert(topic_table).returning(
            topic_table.c.id, sort_by_parameter_order=True
        )
        # A JSON bind with none_as_null: rows without calls store SQL NULL (like the ORM
        # leaves an unset column), not the JSON text 'null'.
        self._message_stmt = insert(cast(Table, Message.__table__)).values(
            tool_calls=bindparam("tool_calls_json", type_=JSON(none_as_null=True))
        )

    def append(self, topic_id: int, conv: ImportedConversation) -> bool:
        """Stage the messages of ``conv`` that ``topic_id`` does not hold yet, to go after
        its last row at publish time, when the stored messages are all on ``conv``'s
        active branch (the conversation went on after the earlier export). False when
        nothing is new or the branch no longer contains what was imported."""
        with self._db.read() as s:
            stored = set(s.execute(select(Message.source_id).where(Message.topic_id == topic_id)).scalars())
        stored.discard(None)
        branch = {m.source_id for m in conv.messages}
        if not stored <= branch:  # the user switched branches: keep what was imported
            return False
        new = [m for m in conv.messages if m.source_id not in stored]
        if not new:
            return False
        self._buffer(conv, new, topic_id)
        return True

    @staticmethod
    def _row(topic_id: int, seq: int, m: ImportedMessage, fallback: object) -> dict[str, object]:
        return {
            "topic_id": topic_id,
            "seq": seq,
            "role": m.role.value,
            "content": m.content,
            "content_type": m.content_type,
            "tool_calls_json": [{"id": c.id, "name": c.name, "arguments": c.arguments} for c in m.tool_calls]
            if m.tool_calls
            else None,
            "tool_call_id": m.tool_call_id,
            "tool_name": m.tool_name,
            "status": m.status.value,
            "model": m.model,
            "source_id": m.source_id,
            "created_at": m.created_at or fallback,
        }

    def add(self, conv: ImportedConversation) -> None:
        """Stage ``conv`` as a new topic."""
        self._buffer(conv, list(conv.messages), None)

    def _buffer(self, conv: ImportedConversation, messages: list[ImportedMessage], target: int | None) -> None:
        self._pending.append((conv, messages, target))
        self._pending_rows += len(messages) + 1
        if self._pending_rows >= MESSAGE_CHUNK_ROWS:
            self.flush()

    def flush(self) -> None:
        """Write the buffered conversations as staged topics: one short write transaction."""
        if not self._pending:
            return
        pending, self._pending, self._pending_rows = self._pending, [], 0
        topic_rows = []
        for conv, _messages, _target in pending:
            first = next((m.created_at for m in conv.messages if m.created_at), None)
            last = next((m.created_at for m in reversed(conv.messages) if m.created_at), None)
            created = conv.created_at or first or self._now
            topic_rows.append(
                {
                    "assistant_id": self._assistant_id,
                    "title": conv.title,
                    "title_generated": True,  # the export named it: never retitled (APP-10)
                    "kind": "regular",
                    "source": self._run.source,  # staged: hidden until the run is published
                    "source_id": conv.source_id,
                    "created_at": created,
                    "updated_at": conv.updated_at or last or created,
                }
            )
        with self._db.write_connection() as conn:
            ids = conn.execute(self._topic_stmt, topic_rows).scalars().all()
            rows: list[dict[str, object]] = []
            for (conv, messages, target), topic_id, topic_row in zip(pending, ids, topic_rows, strict=True):
                fallback = topic_row["created_at"] if target is None else (conv.updated_at or self._now)
                rows.extend(self._row(topic_id, seq, m, fallback) for seq, m in enumerate(messages, start=1))
                if target is None:
                    self._staged[topic_id] = len(messages)
                else:
                    self._continuations[topic_id] = (target, len(messages), conv.updated_at or self._now)
            if rows:
                conn.execute(self._message_stmt, rows)

    def publish(self) -> None:
        """Make the run visible in ONE short write transaction: continued conversations
        get their new messages after their current last row, new topics become
        ``source="chatgpt"`` topics, and conversations another import published first
        are dropped (counted as skipped)."""
        a, src = self._assistant_id, self._run.source
        with self._db.write_connection() as conn:
            gone: list[int] = []
            for staged, (target, rows, when) in self._continuations.items():
                alive = conn.execute(select(Topic.id).where(Topic.id == target)).first() is not None
                overlap = alive and conn.execute(
                    select(func.count()).select_from(Message).where(
                        Message.topic_id == target,
                        Message.source_id.in_(select(Message.source_id).where(Message.topic_id == staged)))
                ).scalar()
                if not alive or overlap:  # deleted, or another import added them meanwhile
                    gone.append(staged)
                    self.dropped += 1
                    continue
                last = conn.execute(select(func.max(Message.seq)).where(Message.topic_id == target)).scalar() or 0
                conn.execute(update(Message).where(Message.topic_id == staged)
                             .values(topic_id=target, seq=Message.seq + last))
                conn.execute(update(Topic).where(Topic.id == target).values(updated_at=when))
                gone.append(staged)
                self.updated += 1
                self.messages += rows
            _delete_topics(conn, gone)  # the continuations' staged rows (moved or dropped)
            visible = select(Topic.source_id).where(Topic.assistant_id == a, Topic.source == SOURCE)
            twins = list(conn.execute(select(Topic.id).where(
                Topic.assistant_id == a, Topic.source == src, Topic.source_id.in_(visible))).scalars())
            self.dropped += len(twins)
            _delete_topics(conn, twins)
            conn.execute(update(Topic).where(Topic.assistant_id == a, Topic.source == src).values(source=SOURCE))
            end_run(conn, self._run)
        for tid in twins:
            self._staged.pop(tid, None)
        self.topics = len(self._staged)
        self.messages += sum(self._staged.values())


def _delete_topics(conn: Connection, ids: list[int]) -> None:
    """Delete topics ``ids`` with their messages (500 per statement)."""
    for i in range(0, len(ids), 500):
        chunk = ids[i:i + 500]
        conn.execute(delete(Message).where(Message.topic_id.in_(chunk)))
        conn.execute(delete(Topic).where(Topic.id.in_(chunk)))


@gc_paused()  # millions of short-lived parsed objects; a full collection would stall the window
def import_chatgpt_export(
    db: Database,
    assistant_id: int,
    path: Path,
    *,
    progress: Callable[[ImportProgress], None] | None = None,
    cancel: threading.Event | None = None,
) -> ImportResult:
    """Import a ChatGPT export into topics of ``assistant_id`` (APP-5, APP-7).

    ``path``: ``conversations.json`` (a top-level JSON array) or the export ``.zip``
    (its ``conversations.json`` member at any folder depth, streamed, not extracted).
    Each new conversation becomes a topic (``source="chatgpt"``, ``source_id`` = the
    conversation id, title, created/updated times from the export) holding its active
    branch as messages ``seq`` 1..n.

    ``progress`` is called from this thread with :class:`ImportProgress`, at most every
    :data:`PROGRESS_INTERVAL_S` seconds, once at the start and once at the end
    (``bytes_read == total_bytes``). ``cancel`` is polled on every 64 KiB block the
    parser reads (so inside one huge conversation too), between conversations and
    before the import is made visible.

    Bounds (issue 12): nesting over ``MAX_DEPTH``, one text over ``MAX_TEXT_BYTES``,
    one message over ``MAX_MESSAGE_CHARS``, one conversation over
    ``MAX_CONVERSATION_BYTES``, a zip member over ``MAX_EXPORT_BYTES`` or expanding
    more than ``MAX_ZIP_RATIO`` times, a number too large and text that is not UTF-8
    are each refused with their own one-line :class:`ImportFailed`; NUL characters and
    lone surrogates are replaced by U+FFFD (``ImportResult.characters_replaced``).

    Returns :class:`ImportResult`. Raises :class:`UnknownAssistantError` (a
    ``ValueError``) for an unknown assistant, :class:`ImportCancelled` when cancelled,
    :class:`ImportFailed` for any unreadable, foreign or malformed input or database
    error (a store another process kept busy included). On any exception nothing is
    visible and the staged rows are deleted (see the module docstring).
    """
    source = _locate(Path(path))
    skip = _sniff(source)
    total = source.total_bytes
    done = 0
    skipped = 0
    replaced = 0
    last_report = 0.0

    def report(bytes_read: int, force: bool = False) -> None:
        nonlocal last_report
        if progress is None:
            return
        now = time.monotonic()
        if force or now - last_report >= PROGRESS_INTERVAL_S:
            last_report = now
            progress(ImportProgress(min(bytes_read, total), total, done))

    report(0, force=True)
    reader: _CountingReader | None = None
    run: StagingRun | None = None
    try:
        try:
            with db.read() as session:
                if session.execute(select(Assistant.id).where(Assistant.id == assistant_id)).first() is None:
                    raise UnknownAssistantError(
                        f"assistant {assistant_id} does not exist; nothing was imported"
                    )
                known: dict[str, tuple[int, datetime]] = {
                    sid: (tid, upd)
                    for sid, tid, upd in session.execute(
                        select(Topic.source_id, Topic.id, Topic.updated_at).where(
                            Topic.assistant_id == assistant_id, Topic.source == SOURCE
                        )
                    )
                    if sid is not None
                }
            seen: set[str] = set()
            run = begin_run(db, assistant_id)
            writer = _Writer(db, run, datetime.now(UTC))
            with source.open() as raw:
                reader = _CountingReader(raw, skip, cancel)
                for index, conv in enumerate(_ijson.items(reader, "item", use_float=True)):
                    reader.mark, reader.conversation = reader.bytes_read, index + 2
                    if cancel is not None and cancel.is_set():
                        raise ImportCancelled("import cancelled; nothing was imported")
                    quick_id = conv.get("conversation_id") if isinstance(conv, dict) else None
                    if isinstance(quick_id, str) and (
                        quick_id in seen or (quick_id in known and not _newer(conv, known[quick_id][1]))
                    ):
                        skipped += 1  # already imported and unchanged: not even parsed
                    else:
                        parsed = parse_conversation(conv, index)
                        if parsed.source_id in seen:
                            skipped += 1
                        elif parsed.source_id in known:
                            seen.add(parsed.source_id)
                            if not writer.append(known[parsed.source_id][0], parsed):
                                skipped += 1
                            else:
                                replaced += parsed.replaced_characters
                        else:
                            seen.add(parsed.source_id)
                            writer.add(parsed)
                            replaced += parsed.replaced_characters
                    done += 1
                    report(reader.bytes_read)
            if cancel is not None and cancel.is_set():
                raise ImportCancelled("import cancelled; nothing was imported")
            writer.flush()
            if cancel is not None and cancel.is_set():
                raise ImportCancelled("import cancelled; nothing was imported")
            writer.publish()
            run = None  # published: nothing to discard
        except BaseException:
            if run is not None:
                _discard(db, run)
            raise
    except ImportFailed:
        raise
    except ExportFormatError as exc:
        raise ImportFailed(
            f"{source.label} is not a valid ChatGPT export: {exc}. Nothing was imported."
        ) from exc
    except JsonBoundsError as exc:
        raise ImportFailed(
            f"{source.label} {exc} in conversation {done + 1:,}; a ChatGPT export never nests "
            "that deep. Nothing was imported."
        ) from exc
    except _TooLarge as exc:
        raise ImportFailed(f"{source.label}: {exc}. Nothing was imported.") from exc
    except (ijson.JSONError, UnicodeDecodeError) as exc:
        raise ImportFailed(_json_error_text(source.label, exc, reader, total, done)) from exc
    except (zipfile.BadZipFile, zlib.error, EOFError) as exc:
        raise ImportFailed(
            f"{source.label}: the zip is damaged ({_first_line(exc)}). Nothing was imported."
        ) from exc
    except OSError as exc:
        raise ImportFailed(
            f"cannot read {source.label}: {exc.strerror or exc}. Nothing was imported."
        ) from exc
    except SQLAlchemyError as exc:
        busy = store_busy_message(exc)
        raise ImportFailed(
            f"{busy}. Nothing was imported." if busy else
            f"database error while importing {source.label}: {_first_line(exc)}. Nothing was imported."
        ) from exc
    except Exception as exc:  # a bug or an unforeseen shape: still one clear line, logged
        busy = store_busy_message(exc)  # StoreBusy: another process kept the store
        if busy is not None:
            raise ImportFailed(f"{busy}. Nothing was imported.") from exc
        _log.exception("ChatGPT import of %s failed", source.label)
        raise ImportFailed(
            f"could not import {source.label}: {type(exc).__name__}: {exc}. Nothing was imported."
        ) from exc
    report(total, force=True)
    return ImportResult(
        topics_created=writer.topics, topics_skipped=skipped + writer.dropped,
        messages_imported=writer.messages, topics_updated=writer.updated,
        characters_replaced=replaced + (reader.replaced if reader is not None else 0),
    )


def _json_error_text(label: str, exc: Exception, reader: _CountingReader | None, total: int, done: int) -> str:
    """The one-line message for a parser error: a number too large, text that is not
    UTF-8, or (anything else) JSON that is cut short or damaged."""
    where = f"in conversation {done + 1:,}"
    detail = _first_line(exc)
    if isinstance(exc, UnicodeDecodeError) or "invalid bytes in UTF8" in detail:
        return (f"{label} holds text that is not valid UTF-8 {where} (bytes that are no character); "
                "a ChatGPT export is UTF-8. Nothing was imported.")
    if "integer overflow" in detail or "floating point) overflow" in detail:
        return (f"{label} holds a number too large to read {where} (a ChatGPT export's numbers are "
                "times and counts). Nothing was imported.")
    after = f" after {reader.bytes_read:,} of {total:,} bytes" if reader is not None else ""
    return (f"{label} is not valid JSON{after} ({detail}); the file may be truncated or damaged. "
            "Nothing was imported.")


def _discard(db: Database, run: StagingRun) -> None:
    """Delete what a failed or cancelled run staged; if even that fails, the next start
    does it (the run stays registered)."""
    try:
        discard_run(db, run)
    except Exception:
        _log.warning("could not delete the staged rows of a failed import yet", exc_info=True)


def _newer(conv: dict[str, object], stored_updated: datetime) -> bool:
    """Whether the export's ``update_time`` is after the topic's stored time (a
    conversation that went on after the earlier export). Unreadable times: not newer."""
    when = parse_timestamp(conv.get("update_time"))
    if when is None:
        return False
    if stored_updated.tzinfo is None:
        stored_updated = stored_updated.replace(tzinfo=UTC)
    return when > stored_updated + timedelta(seconds=1)
