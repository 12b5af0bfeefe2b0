"""Import a chat-history export into topics of one assistant: the one import pipeline
of every format (APP-5, APP-7, issue 15).

detect → stream conversations → stage → commit. The user picks a file (or drops it):
a ChatGPT or Claude ``conversations.json`` or their export ``.zip``, an Open WebUI or
LibreChat export JSON (:mod:`chathub_desktop.core.export_formats`). The format is
detected from the keys of the first conversation (or checked against the one asked
for). The file is streamed (``ijson``, C backend when present) through the bounds of
:mod:`chathub_desktop.core.json_bounds`, so memory stays flat whatever its size; a zip
is read member by member without extracting. Each conversation object is parsed by
its format's pure parser and becomes a topic (``Topic.source`` = the format's name).
A conversation already imported for this assistant (same source + ``source_id``) is
skipped; one that went on since gets only its new messages.

A conversation that is malformed (no ``mapping``, a bad time ...) is skipped and named
in :attr:`ImportResult.broken`; nothing of it is written, and the rest is imported
(``strict=True`` refuses the whole file instead, as does a file whose conversations
are all broken). Damaged JSON, a bound crossed or a database error refuse the file.

All or nothing, without holding the store (issue 10, "Nothing lost"): rows are written
in short chunks into staged topics no listing shows
(:mod:`~chathub_desktop.services.transfer.import_writer`); one short final transaction makes
the import visible; any failure or a cancel deletes the staged rows.

Synchronous, for a worker thread; progress through a callback, Cancel through a
``threading.Event`` polled on every 64 KiB block (APP-7).
"""

from __future__ import annotations

import contextlib
import io
import json
import logging
import os
import threading
import time
import zipfile
import zlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import IO, Any

import ijson

from chathub_desktop.core.chatgpt_export import (
    JSON_LIMITS,
    MAX_CONVERSATION_BYTES,
    MAX_EXPORT_BYTES,
    MAX_ZIP_RATIO,
)
from chathub_desktop.core.export_formats import FORMATS, ExportFormat, detect_format, format_named
from chathub_desktop.core.imported_chat import ExportFormatError, parse_timestamp
from chathub_desktop.core.json_bounds import (
    JsonBoundsError,
    JsonScanner,
    megabytes,
    replace_lone_surrogate_escapes,
)
from chathub_desktop.core.reasons import QT_TRANSLATE_NOOP, Reason
from chathub_desktop.services.errors import store_busy_reason
from chathub_desktop.services.input_files import FileRefused, open_regular
from chathub_desktop.services.transfer.import_images import ZipImages
from chathub_desktop.services.transfer.import_refusals import (
    NOTHING,
    an_export,
    cannot_read,
    describe_head,
    first_line,
    json_error_reason,
    keys_note,
)
from chathub_desktop.services.transfer.import_staging import StagingRun, begin_run, discard_run
from chathub_desktop.services.transfer.import_writer import ImportWriter
from chathub_desktop.storage import import_rows
from chathub_desktop.storage.attachment_blobs import sweep_recent
from chathub_desktop.storage.bulk_loading import gc_paused
from chathub_desktop.storage.database import Database
from chathub_desktop.storage.errors import SQLAlchemyError

__all__ = [
    "BrokenConversation",
    "ImportCancelled",
    "ImportFailed",
    "ImportProgress",
    "ImportResult",
    "UnknownAssistantError",
    "detect_file_format",
    "import_export",
]

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
#: The sniff of a file's first MB reads with the pure-Python backend: it stops at the
#: first object, and a yajl2_c generator left mid-way over fuzzed bytes once crashed the
#: process (a segmentation fault in the fuzz suite); the speed only matters for the read.
_ijson_sniff: Any = ijson.get_backend("python")


class ImportFailed(Exception):
    """The import did not happen; nothing was written. ``str(exc)`` is user-facing.

    Raised for: a missing/unreadable file, a file that is not JSON, a damaged zip or one
    without ``conversations.json``, JSON that is not an export of the format asked for
    (expected vs found is named), a malformed conversation under ``strict`` (named by
    number and title), a file whose conversations are all malformed, a database error.
    Raised with a typed :class:`~chathub_desktop.core.reasons.Reason` first, ``str(exc)``
    is its English and ``why`` keeps it for the window (issue 27); else ``why`` is None.
    """

    def __init__(self, *args: object) -> None:
        first = args[0] if args else None
        self.why: Reason | None = first if isinstance(first, Reason) else None
        if self.why is not None:
            args = (self.why.english(), *args[1:])
        super().__init__(*args)


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
class BrokenConversation:
    """A conversation skipped because it is malformed: its ``title`` (or ``None``),
    1-based ``number`` in the file and the ``reason`` (one line, e.g. ``has no mapping``;
    ``why`` the same typed, issue 27, or None)."""

    number: int
    title: str | None
    reason: str
    why: Reason | None = None

    def note(self) -> str:
        """``'Corrupted entry' has no mapping`` (or ``conversation 2 has …`` untitled)."""
        return self.note_reason().english()

    def note_reason(self) -> Reason:
        """:meth:`note` typed (issue 27): "conversation N" is the app's word, the title and
        the parser's reason are data."""
        who: str | Reason = (repr(self.title) if self.title
                             else Reason(QT_TRANSLATE_NOOP("ServiceReasons", "conversation %1"), (str(self.number),)))
        joiner = "%1 %2" if self.reason.startswith(("has ", "is ", "looks ")) else "%1: %2"
        return Reason(joiner, (who, self.reason if self.why is None else self.why))


@dataclass(frozen=True, slots=True)
class ImportResult:
    """What an import wrote: topics created, conversations skipped because already
    imported unchanged (or repeated in the same file), message rows inserted, topics
    that were imported before and got the messages a newer export added to them,
    characters that no store keeps (NUL, lone surrogates) replaced by U+FFFD, the
    malformed conversations skipped (``broken``, nothing of them written), messages on
    branches other than the active one (``branch_messages_skipped``) and the format
    read (``format_name``, e.g. ``claude``); ``topic_ids``: the topics created (file
    order), then those that got new messages (walk50 #8: the dialog's Open topic)."""

    topics_created: int
    topics_skipped: int
    messages_imported: int
    topics_updated: int = 0
    characters_replaced: int = 0
    broken: tuple[BrokenConversation, ...] = ()
    branch_messages_skipped: int = 0
    format_name: str = "chatgpt"
    topic_ids: tuple[int, ...] = ()

    def replaced_note(self) -> str:
        """``""``, or a sentence saying how many characters were replaced by U+FFFD."""
        n = self.characters_replaced
        if not n:
            return ""
        return (f"{n:,} character{'s' if n != 1 else ''} that no store keeps (NUL or a lone "
                "surrogate) replaced by \ufffd")

    def broken_note(self) -> str:
        """``""``, or ``1 skipped: 'Corrupted entry' has no mapping`` (at most 3 named)."""
        if not self.broken:
            return ""
        named = "; ".join(b.note() for b in self.broken[:3])
        more = f"; and {len(self.broken) - 3:,} more" if len(self.broken) > 3 else ""
        return f"{len(self.broken):,} skipped: {named}{more}"


class _TooLarge(Exception):
    """A bound of the streaming reader was crossed; ``reason`` the user-facing reason
    (``str(exc)`` its English)."""

    def __init__(self, reason: Reason) -> None:
        super().__init__(reason.english())
        self.reason = reason


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
            limit = megabytes(MAX_CONVERSATION_BYTES)
            raise _TooLarge(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "conversation %1 is more than %2 of JSON"),
                                   (f"{self.conversation:,}", limit),
                                   (Reason(QT_TRANSLATE_NOOP("ServiceReasons", "; the limit is %1 per conversation"), (limit,)),)))
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
        raise _TooLarge(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "conversation %1 has a message of %2 (a text starting at byte %3)"),
                               (f"{self.conversation:,}", size, f"{scanner.long_string_at or 0:,}"),
                               (Reason(QT_TRANSLATE_NOOP("ServiceReasons", "; the limit is %1 per message"),
                                       (megabytes(JSON_LIMITS.max_string_bytes),)),)))


@dataclass(frozen=True, slots=True)
class _Source:
    path: Path
    member: str | None  # name inside the zip, or None for a plain file
    total_bytes: int
    label: str

    @contextmanager
    def open(self) -> Iterator[IO[bytes]]:
        with _open_checked(self.path) as raw:
            if self.member is None:
                yield raw
            else:
                with zipfile.ZipFile(raw) as zf, zf.open(self.member) as fh:
                    yield fh


@contextmanager
def _open_checked(path: Path) -> Iterator[IO[bytes]]:
    """``path`` opened as a regular file, checked again at each open (issue 32: a FIFO
    or device swapped in after :func:`_locate` is refused, never read)."""
    try:
        with open_regular(path) as raw:
            yield raw
    except FileRefused as exc:
        raise ImportFailed(exc.why or str(exc)) from None


def _locate(path: Path) -> _Source:
    """Find the JSON to read: the file itself, or ``conversations.json`` in a zip."""
    try:
        if not path.exists():
            raise ImportFailed(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "%1: file not found"), (path.name,)))
        if path.is_dir():
            raise ImportFailed(Reason(QT_TRANSLATE_NOOP(
                "ServiceReasons", "%1 is a folder; choose the export's conversations.json or its .zip"), (path.name,)))
        with _open_checked(path) as fh:
            size = os.fstat(fh.fileno()).st_size
            is_zip = zipfile.is_zipfile(fh)
    except OSError as exc:
        raise ImportFailed(cannot_read(path.name, exc)) from exc
    if not is_zip:
        return _Source(path, None, size, path.name)
    try:
        with _open_checked(path) as fh, zipfile.ZipFile(fh) as zf:
            infos = [i for i in zf.infolist() if not i.is_dir()]
    except (zipfile.BadZipFile, OSError) as exc:
        raise ImportFailed(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "%1 is a damaged zip file: %2"),
                                  (path.name, str(exc)))) from exc
    hits = [
        i for i in infos if i.filename.replace("\\", "/").rsplit("/", 1)[-1].lower() == _JSON_MEMBER
    ]
    if not hits:
        names = ", ".join(i.filename for i in infos[:6])
        found = (Reason(QT_TRANSLATE_NOOP("ServiceReasons", "%1 and %2 more"), (names, str(len(infos) - 6)))
                 if len(infos) > 6 else Reason("%1", (names,)) if names
                 else Reason(QT_TRANSLATE_NOOP("ServiceReasons", "nothing")))
        raise ImportFailed(Reason(QT_TRANSLATE_NOOP(
            "ServiceReasons", "%1 is a zip without %2; expected a ChatGPT or Claude data export (found: %3)"),
            (path.name, _JSON_MEMBER, found)))
    best = min(hits, key=lambda i: (i.filename.count("/"), i.filename))
    label = f"{path.name}:{best.filename}"
    if best.file_size > MAX_EXPORT_BYTES:
        raise ImportFailed(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "%1 expands to %2; the limit is %3"),
                                  (label, megabytes(best.file_size), megabytes(MAX_EXPORT_BYTES)), (NOTHING,)))
    if best.file_size > _RATIO_CHECK_BYTES and best.file_size > MAX_ZIP_RATIO * max(best.compress_size, 1):
        raise ImportFailed(Reason(QT_TRANSLATE_NOOP(
            "ServiceReasons", "%1 would expand from %2 to %3 (%4 times; exports compress at most about 20 times): "
                              "refused as a zip bomb"),
            (label, megabytes(best.compress_size), megabytes(best.file_size),
             f"{best.file_size // max(best.compress_size, 1):,}"), (NOTHING,)))
    return _Source(path, best.filename, best.file_size, label)


def _images_of(source: _Source, form: ExportFormat) -> contextlib.AbstractContextManager[ZipImages | None]:
    """The zip's images for a ChatGPT export zip (issue 14), else nothing."""
    if source.member is None or form.name != "chatgpt":
        return contextlib.nullcontext()
    return _zip_images(source.path)


@contextmanager
def _zip_images(path: Path) -> Iterator[ZipImages]:
    with _open_checked(path) as fh, ZipImages(fh) as images:
        yield images


def _first_keys(fh: IO[bytes], skip: int, prefix: str) -> tuple[list[str], list[str]]:
    """Keys of the first object at ``prefix`` (``item``: the array's first item, ``""``:
    the top-level object) and the keys one level inside it, from at most the first MB."""
    fh.read(skip)
    head = fh.read(_OBJECT_KEYS_SCAN_BYTES)
    try:
        JsonScanner(JSON_LIMITS).feed(head)
    except JsonBoundsError as exc:  # parse only what is shallow enough
        head = head[: exc.offset]
    head = replace_lone_surrogate_escapes(head)[0]  # as the reader does: the parser fails on some
    whole = _whole_first_object(head, prefix)
    if whole is not None:  # the same keys, parsed at C speed
        return list(whole), [k for name, v in whole.items() if "." not in name and isinstance(v, dict) for k in v]
    keys: list[str] = []
    inner: list[str] = []
    dot = f"{prefix}." if prefix else ""
    try:
        for path, event, value in _ijson_sniff.parse(io.BytesIO(head)):
            if path == prefix and event == "map_key":
                keys.append(str(value))
            elif event == "map_key" and path.startswith(dot) and path.count(".") == prefix.count(".") + bool(prefix):
                inner.append(str(value))
            elif path == prefix and event == "end_map":
                break
    except (ijson.JSONError, ValueError):  # incl. the Python backend's JSONDecodeError; the read names it
        pass
    return keys, inner


def _whole_first_object(head: bytes, prefix: str) -> dict[str, Any] | None:
    """The first object at ``prefix`` (``item``: the array's first item, ``""``: the
    top-level object) when ``head`` holds all of it as valid JSON, decoded by the standard
    library's C scanner; else ``None`` (the caller parses what there is event by event).
    A 2,000-message first conversation took the pure-Python sniff 1-3 s (issue 28)."""
    try:
        text = head.decode("utf-8")
    except UnicodeDecodeError as exc:  # a character cut at the end of the head is no error
        if exc.start < len(head) - 3:
            return None
        text = head[: exc.start].decode("utf-8")
    at = len(text) - len(text.lstrip(_JSON_SPACE))
    if prefix:
        if text[at:at + 1] != "[":
            return None
        at += 1 + len(text[at + 1:]) - len(text[at + 1:].lstrip(_JSON_SPACE))
    try:
        first, _end = _FIRST_OBJECT.raw_decode(text, at)
    except (ValueError, RecursionError):  # incomplete, invalid, NaN, an over-long number
        return None
    return first if isinstance(first, dict) else None


def _no_constant(name: str) -> None:
    raise ValueError(f"{name} is not JSON")


_JSON_SPACE = " \t\n\r"
#: Strict JSON as ijson reads it: no NaN or Infinity.
_FIRST_OBJECT = json.JSONDecoder(parse_constant=_no_constant)


def _sniff(source: _Source, wanted: ExportFormat | None) -> tuple[int, str, ExportFormat | None, list[str]]:
    """How to read ``source``: ``(bytes to skip (a BOM), the ijson prefix of its
    conversations (``item`` for an array, ``""`` for one conversation object), the
    detected format or ``None``, the first conversation's keys)``.

    Raises :class:`ImportFailed` naming what was found instead of JSON, or a top-level
    object that is no conversation of any known format."""
    expected = an_export(wanted.label if wanted else "chat")
    try:
        with source.open() as fh:
            head = fh.read(_SNIFF_BYTES)
            skip = len(_BOM) if head.startswith(_BOM) else 0
            stripped = head[skip:].lstrip()
            if not stripped:
                raise ImportFailed(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "%1 is empty; expected %2"),
                                          (source.label, expected)))
            first = stripped[:1]
            if first in (b"[", b"{"):
                prefix = "item" if first == b"[" else ""
                with source.open() as again:
                    keys, inner = _first_keys(again, skip, prefix)
                fmt = detect_format(keys, inner)
                if first == b"{" and fmt is None:
                    raise ImportFailed(Reason(QT_TRANSLATE_NOOP(
                        "ServiceReasons", "%1 is a JSON object%2; expected %3: a conversations.json (a JSON array "
                                          "of conversations) or one conversation"),
                        (source.label, keys_note(keys, first_conversation=False), expected)))
                return skip, prefix, fmt, keys
    except (zipfile.BadZipFile, zlib.error, EOFError, RuntimeError) as exc:
        raise ImportFailed(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "%1: the zip is damaged or encrypted (%2)"),
                                  (source.label, str(exc)))) from exc
    except OSError as exc:
        raise ImportFailed(cannot_read(source.label, exc)) from exc
    if stripped.startswith(b"PK\x03\x04"):  # a zip whose central directory is missing
        raise ImportFailed(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "%1 is a damaged or truncated zip file"),
                                  (source.label,)))
    raise ImportFailed(Reason(QT_TRANSLATE_NOOP(
        "ServiceReasons", "%1 %2; expected %3 (a conversations.json, an export .json or the export .zip)"),
        (source.label, describe_head(stripped), expected)))


def detect_file_format(path: Path) -> ExportFormat | None:
    """The format of the export at ``path`` (a file or zip), from its first
    conversation's keys; ``None`` when it is no known format. Reads at most about a MB.
    Raises :class:`ImportFailed` for a file that cannot be read or is not JSON."""
    source = _locate(Path(path))
    return _sniff(source, None)[2]


@gc_paused()  # millions of short-lived parsed objects; a full collection would stall the window
def _chosen_format(source: _Source, wanted: ExportFormat | None) -> tuple[ExportFormat, int, str]:
    """``(format, bytes to skip, ijson prefix of the conversations)`` of ``source``: the
    ``wanted`` format, else the one detected; :class:`ImportFailed` for a file of another
    known format than ``wanted`` or of none this app reads."""
    skip, prefix, detected, keys = _sniff(source, wanted)
    if wanted is not None and detected is not None and detected is not wanted:
        raise ImportFailed(Reason(QT_TRANSLATE_NOOP(
            "ServiceReasons", "%1 looks like a %2 export, not a %3 export; import it as %2"),
            (source.label, detected.label, wanted.label), (NOTHING,)))
    if wanted is None and detected is None and not keys and prefix == "item":
        detected = FORMATS[0]  # an empty array (or items that are no objects: named per item)
    form = wanted or detected
    if form is None:
        names = ", ".join(f.label for f in FORMATS)
        raise ImportFailed(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "%1 is not an export this app reads%2; it reads %3"),
                                  (source.label, keys_note(keys, first_conversation=True), names), (NOTHING,)))
    return form, skip, prefix


class _Reporter:
    """Calls ``progress`` with :class:`ImportProgress` at most every
    :data:`PROGRESS_INTERVAL_S` seconds (always when forced)."""

    def __init__(self, progress: Callable[[ImportProgress], None] | None, total: int) -> None:
        self._progress = progress
        self._total = total
        self._last = 0.0

    def __call__(self, bytes_read: int, done: int, force: bool = False) -> None:
        if self._progress is None:
            return
        now = time.monotonic()
        if force or now - self._last >= PROGRESS_INTERVAL_S:
            self._last = now
            self._progress(ImportProgress(min(bytes_read, self._total), self._total, done))


@dataclass
class _Tally:
    """What a run counted so far: conversations ``done`` (read), ``skipped`` (already
    imported and unchanged, or repeated), characters ``replaced``, off-branch messages
    skipped, the ``broken`` conversations and the first parser error."""

    done: int = 0
    skipped: int = 0
    replaced: int = 0
    branch_skips: int = 0
    broken: list[BrokenConversation] = field(default_factory=list)
    first_error: ExportFormatError | None = None


class _Conversations:
    """Turns each conversation of the stream into topic writes: new ones are added,
    ones imported before are appended to when they went on, repeats are skipped; a
    malformed one is listed broken (or, ``strict``, refuses the file)."""

    def __init__(self, form: ExportFormat, writer: ImportWriter, known: dict[str, tuple[int, datetime]],
                 images: ZipImages | None, strict: bool) -> None:
        self._form = form
        self._writer = writer
        self._known = known
        self._images = images
        self._strict = strict
        self._seen: set[str] = set()
        self.tally = _Tally()

    def take(self, conv: Any, index: int) -> None:
        """Import conversation ``index`` (0-based) of the stream (``conv`` as the JSON
        parser gave it: the format's parser checks its shape)."""
        form, known, tally = self._form, self._known, self.tally
        quick_id = conv.get(form.id_key) if form.id_key and isinstance(conv, dict) else None
        if isinstance(quick_id, str) and (
            quick_id in self._seen or (quick_id in known and not _newer(conv, known[quick_id][1], form))
        ):
            tally.skipped += 1  # already imported and unchanged: not even parsed
            return
        try:
            parsed = form.parse(conv, index)
        except ExportFormatError as exc:
            if self._strict:
                raise
            tally.first_error = tally.first_error or exc
            tally.broken.append(_broken(conv, index, exc, form))
            return
        if self._images is not None:
            parsed = self._images.attach(parsed)  # issue 14: the zip's images
        if parsed.source_id in self._seen:
            tally.skipped += 1
            return
        self._seen.add(parsed.source_id)
        if parsed.source_id in known:
            if not self._writer.append(known[parsed.source_id][0], parsed):
                tally.skipped += 1
                return
        else:
            self._writer.add(parsed)
        tally.replaced += parsed.replaced_characters
        tally.branch_skips += parsed.branches_skipped


def _failure(exc: Exception, label: str, form: ExportFormat, reader: _CountingReader | None, total: int,
             done: int) -> ImportFailed:
    """The one-line :class:`ImportFailed` for what stopped an import (a bug is logged)."""
    if isinstance(exc, ImportFailed):
        return exc
    if isinstance(exc, ExportFormatError):
        return ImportFailed(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "%1 is not a valid %2 export: %3"),
                                   (label, form.label, exc.reason), (NOTHING,)))
    if isinstance(exc, JsonBoundsError):
        return ImportFailed(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "%1 %2 in conversation %3; %4 never nests that deep"),
                                   (label, exc.reason, f"{done + 1:,}", an_export(form.label)), (NOTHING,)))
    if isinstance(exc, _TooLarge):
        return ImportFailed(Reason("%1: %2", (label, exc.reason), (NOTHING,)))
    if isinstance(exc, ijson.JSONError | UnicodeDecodeError):
        return ImportFailed(json_error_reason(label, exc, reader.bytes_read if reader is not None else None, total, done, form.label))
    if isinstance(exc, zipfile.BadZipFile | zlib.error | EOFError):
        return ImportFailed(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "%1: the zip is damaged (%2)"),
                                   (label, first_line(exc)), (NOTHING,)))
    if isinstance(exc, OSError):
        return ImportFailed(cannot_read(label, exc).with_notes(NOTHING))
    busy = store_busy_reason(exc)  # StoreBusy: another process kept the store
    if busy is not None:
        return ImportFailed(busy.with_notes(NOTHING))
    if isinstance(exc, SQLAlchemyError):
        return ImportFailed(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "database error while importing %1: %2"),
                                   (label, first_line(exc)), (NOTHING,)))
    _log.error("%s import of %s failed", form.label, label, exc_info=exc)  # a bug or an unforeseen shape
    return ImportFailed(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "could not import %1: %2: %3"),
                               (label, type(exc).__name__, str(exc)), (NOTHING,)))


def import_export(
    db: Database,
    assistant_id: int,
    path: Path,
    fmt: str | None = None,
    *,
    strict: bool = False,
    progress: Callable[[ImportProgress], None] | None = None,
    cancel: threading.Event | None = None,
) -> ImportResult:
    """Import a chat-history export into topics of ``assistant_id`` (APP-5, APP-7, issue 15).

    ``path``: a ``conversations.json`` (a JSON array of conversations, or one
    conversation object), an app's export ``.json``, or the export ``.zip`` (its
    ``conversations.json`` at any folder depth, streamed, not extracted). ``fmt``:
    ``chatgpt``, ``claude``, ``openwebui``, ``librechat`` or ``None`` to detect it; a
    file of another known format than ``fmt`` is refused naming the format it is.
    Each new conversation becomes a topic (``source`` = the format's name,
    ``source_id`` = the conversation id, title and times from the export) holding its
    active branch as messages ``seq`` 1..n.

    A malformed conversation is skipped and listed in :attr:`ImportResult.broken`
    (nothing of it written); with ``strict=True`` it refuses the whole file, as does a
    file in which every conversation is malformed.

    ``progress`` is called from this thread with :class:`ImportProgress`, at most every
    :data:`PROGRESS_INTERVAL_S` seconds, once at the start and once at the end
    (``bytes_read == total_bytes``). ``cancel`` is polled on every 64 KiB block the
    parser reads, between conversations and before the import is made visible.

    Bounds (issue 12), the same for every format: nesting over ``MAX_DEPTH``, one text
    over ``MAX_TEXT_BYTES``, one conversation over ``MAX_CONVERSATION_BYTES``, a zip
    member over ``MAX_EXPORT_BYTES`` or expanding more than ``MAX_ZIP_RATIO`` times, a
    number too large and text that is not UTF-8 each refuse the file with their own
    one-line :class:`ImportFailed`; NUL characters and lone surrogates are replaced by
    U+FFFD (``ImportResult.characters_replaced``).

    Returns :class:`ImportResult`. Raises :class:`UnknownAssistantError` (a
    ``ValueError``) for an unknown assistant, ``KeyError`` for an unknown ``fmt``,
    :class:`ImportCancelled` when cancelled, :class:`ImportFailed` for any unreadable,
    foreign or malformed input or database error. On any exception nothing is visible
    and the staged rows are deleted.
    """
    source = _locate(Path(path))
    form, skip, prefix = _chosen_format(source, format_named(fmt) if fmt is not None else None)
    total = source.total_bytes
    report = _Reporter(progress, total)

    def check_cancel() -> None:
        if cancel is not None and cancel.is_set():
            raise ImportCancelled("import cancelled; nothing was imported")

    report(0, 0, force=True)
    reader: _CountingReader | None = None
    run: StagingRun | None = None
    tally = _Tally()
    try:
        try:
            with db.read() as session:
                if not import_rows.assistant_exists(session, assistant_id):
                    raise UnknownAssistantError(
                        f"assistant {assistant_id} does not exist; nothing was imported"
                    )
                known = import_rows.imported_topics(session, assistant_id, form.name)
            run = begin_run(db, assistant_id)
            writer = ImportWriter(db, run, datetime.now(UTC), form.name)
            with source.open() as raw, _images_of(source, form) as images:
                reader = _CountingReader(raw, skip, cancel)
                conversations = _Conversations(form, writer, known, images, strict)
                tally = conversations.tally
                for index, conv in enumerate(_ijson.items(reader, prefix, use_float=True)):
                    reader.mark, reader.conversation = reader.bytes_read, index + 2
                    check_cancel()
                    conversations.take(conv, index)
                    tally.done += 1
                    report(reader.bytes_read, tally.done)
            if tally.first_error is not None and len(tally.broken) == tally.done:
                raise tally.first_error  # nothing in the file is a conversation of this format
            check_cancel()
            writer.flush()
            check_cancel()
            writer.publish()
            run = None  # published: nothing to discard
        except BaseException:
            if run is not None:
                _discard(db, run)
            raise
    except Exception as exc:
        failed = _failure(exc, source.label, form, reader, total, tally.done)
        if failed is exc:
            raise
        raise failed from exc
    report(total, tally.done, force=True)
    return ImportResult(
        topics_created=writer.topics, topics_skipped=tally.skipped + writer.dropped,
        messages_imported=writer.messages, topics_updated=writer.updated,
        characters_replaced=tally.replaced + (reader.replaced if reader is not None else 0),
        broken=tuple(tally.broken), branch_messages_skipped=tally.branch_skips, format_name=form.name,
        topic_ids=writer.topic_ids,
    )


def _broken(conv: object, index: int, exc: ExportFormatError, form: ExportFormat) -> BrokenConversation:
    """The :class:`BrokenConversation` of a conversation its parser refused."""
    raw = None
    if isinstance(conv, dict):
        raw = conv.get("name") if form.name == "claude" else conv.get("title")
    title = " ".join(raw.split())[:60] if isinstance(raw, str) and raw.strip() else None
    return BrokenConversation(index + 1, title, exc.brief.english()[:200], exc.brief)


def _discard(db: Database, run: StagingRun) -> None:
    """Delete what a failed or cancelled run staged; if even that fails, the next start
    does it (the run stays registered)."""
    try:
        discard_run(db, run)
        with db.write() as s:  # images only the discarded rows referred to (issue 14)
            sweep_recent(s)
    except Exception:
        _log.warning("could not delete the staged rows of a failed import yet", exc_info=True)


def _newer(conv: dict[str, object], stored_updated: datetime, form: ExportFormat) -> bool:
    """Whether the conversation's last-update field (``form.updated_key``) is after the
    topic's stored time (it went on after the earlier export). Missing: not newer;
    unreadable: treated as newer, so the parser names the problem."""
    raw = conv.get(form.updated_key) if form.updated_key else None
    if isinstance(raw, int | float) and not isinstance(raw, bool) and raw > 1e11:
        raw = raw / 1000  # milliseconds
    try:
        when = parse_timestamp(raw)
    except ValueError:
        return True  # unreadable: parse it (its parser names the problem)
    if when is None:
        return False
    if stored_updated.tzinfo is None:
        stored_updated = stored_updated.replace(tzinfo=UTC)
    return when > stored_updated + timedelta(seconds=1)
