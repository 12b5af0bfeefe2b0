"""Memory export files: an assistant's fixed and dynamic memory with provenance and
dates, as JSON or Markdown, and back (APP-5, issue 10 "Nothing lost"). Pure, no I/O.

Both formats carry the two documents exactly as stored, so a round trip is lossless:

- **JSON** (``"format": "chathub-memory"``, ``"version": 1``): the documents, the fixed
  entries with their origin, trust and the UTC time it was recorded, and the dynamic
  cards (number, tag, visible text) for readers of the file. On import the documents
  are what counts; entries' provenance is matched to entry texts by hash (REF-7).
- **Markdown**: readable headings, each document between ``<!-- chathub:fixed chars=N
  -->`` / ``<!-- /chathub:fixed -->`` comments (N = its length in characters, so any
  text inside, even one that looks like a marker, comes back exactly) and provenance
  in a final ``<!-- chathub:provenance … -->`` comment. A Markdown or text document
  without these markers (a fixed-memory export, or a document written by hand) is read
  as the fixed document alone.

Reading checks the *whole* file before anything is used (:func:`read`, :func:`parse`):
a file over :data:`MAX_FILE_BYTES`, a zip archive, binary data, text that is not UTF-8
or UTF-16 with a byte-order mark (Notepad's; UTF-32 and UTF-16 without the mark are
named as such), JSON nested deeper than :data:`MAX_JSON_DEPTH`, JSON that is not a
memory file (an array, a number, another app's object, a ChatGPT export), JSON cut
short, and a Markdown export with any damaged block, marker or provenance comment are
all refused with :class:`MemoryFileError`, whose message names the problem in one line.
Nothing is ever half-read. A large file gets a first look before that
(:mod:`~chathub_desktop.core.memory_sniff`).
"""

from __future__ import annotations

import csv
import json
import re
from dataclasses import dataclass, field
from datetime import UTC, datetime
from enum import StrEnum

from chathub_desktop.core import dynamic_memory as dm
from chathub_desktop.core import fixed_memory as fm
from chathub_desktop.core.dynamic_cards import CardKind
from chathub_desktop.core.memory_authors import ORIGINS
from chathub_desktop.core.memory_documents import MemoryDocument
from chathub_desktop.core.reasons import QT_TRANSLATE_NOOP, Reason

FORMAT = "chathub-memory"
VERSION = 1
#: Largest memory file read, in bytes (64 MiB: ~150,000 fixed entries with provenance).
MAX_FILE_BYTES = 64 * 1024 * 1024
#: Deepest JSON nesting accepted; a memory file needs 4 levels.
MAX_JSON_DEPTH = 32
#: Bounds of a plain Markdown/text document taken as fixed memory, characters: fixed
#: memory is read by people and sent to the model (24,000 characters are injected, the
#: rest is searched), so a file far beyond these is not a memory document.
MAX_PLAIN_CHARS = 2_000_000
MAX_PLAIN_LINE_CHARS = 20_000
_MD_MAGIC = "<!-- chathub-memory v1 -->"
_BLOCK = re.compile(r"<!-- chathub:(fixed|dynamic) chars=(\d{1,12}) -->\n")
_PROVENANCE_OPEN = "<!-- chathub:provenance\n"
_PROVENANCE = re.compile(r"<!-- chathub:provenance\n(.*?)\n-->", re.S)
#: Any line that looks like one of our markers, intact or not.
_MARKER_LINE = re.compile(r"^[ \t]*<!--[ \t]*/?[ \t]*chathub", re.M | re.I)
#: The words of our markers anywhere, e.g. in an export whose comment lines were damaged.
_MARKER_WORD = re.compile(r"chathub-memory v|chathub:(?:fixed|dynamic|provenance)", re.I)
_JSON_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.S)
_JSON_BRACKET = re.compile(r"[\[\]{}]")
#: The first bytes of a zip archive.
ZIP_MAGIC = (b"PK\x03\x04", b"PK\x05\x06", b"PK\x07\x08")
_CHATGPT_HINT = Reason(QT_TRANSLATE_NOOP("ServiceReasons", "import ChatGPT exports with File → Import → ChatGPT "
                                                           "export, or `chathub-desktop import chatgpt`"))


class ImportMode(StrEnum):
    """How a memory file is imported (issue 18): its documents ``replace`` the current
    ones, or its fixed entries ``merge`` into them (duplicates skipped)."""

    REPLACE = "replace"
    MERGE = "merge"


class MemoryFileFormat(StrEnum):
    """What a memory export writes (APP-5): the whole memory file as ``json`` or
    ``markdown`` (fixed and dynamic memory with provenance), or the ``fixed`` document
    alone, as stored."""

    JSON = "json"
    MARKDOWN = "markdown"
    FIXED = "fixed"


class MemoryFileError(ValueError):
    """A memory file cannot be read; the message says what is wrong, in one line.
    ``reason`` is the typed :class:`Reason` when the check was typed (issue 27: the
    window says it in its language), else ``None`` and the English only."""

    def __init__(self, message: str | Reason) -> None:
        self.reason = message if isinstance(message, Reason) else None
        super().__init__(message.english() if isinstance(message, Reason) else message)


#: The parts of a memory file a check names, said in the interface language (issue 27);
#: a key of the file (``provenance[0].hash``) is data and stays as written.
_PLACES = {"the file": QT_TRANSLATE_NOOP("ServiceReasons", "the file"),
           "its provenance block": QT_TRANSLATE_NOOP("ServiceReasons", "its provenance block"),
           "the fixed memory block": QT_TRANSLATE_NOOP("ServiceReasons", "the fixed memory block"),
           "the dynamic memory block": QT_TRANSLATE_NOOP("ServiceReasons", "the dynamic memory block")}


def _place(where: str) -> str | Reason:
    """``where`` (a part of the file, or a key of it) as a reason's value."""
    return Reason(_PLACES[where]) if where in _PLACES else where


def _refusal(template: str, *values: str | Reason) -> MemoryFileError:
    """A refusal with its typed reason: ``template`` (marked where it is written) and
    ``values``."""
    return MemoryFileError(Reason(template, values))


@dataclass(frozen=True)
class Provenance:
    """Where one fixed entry text came from (MEM-7, REF-7): ``text_hash`` (sha256 hex of
    the trimmed text), ``origin`` (owner / dream / agent), ``trusted``, ``recorded_at`` (UTC).

    ``paused``: the user paused the item (issue 18); ``document``: ``fixed``, or
    ``dynamic`` for a record that only carries a dream card's pause (keyed by the hash of
    its visible text). Both are written only when not the default (``"paused": true``,
    ``"document": "dynamic"``), so a file without paused items is exactly what earlier
    versions wrote, and earlier versions reading a newer file ignore the extra keys (a
    dynamic record matches no fixed entry there)."""

    text_hash: str
    origin: str
    trusted: bool
    recorded_at: datetime | None = None
    paused: bool = False
    document: str = "fixed"


@dataclass(frozen=True)
class MemoryFile:
    """The content of a memory file.

    ``fixed`` / ``dynamic``: the documents as stored (None: the file does not carry that
    part, e.g. a plain Markdown file has no dynamic memory); ``provenance`` for fixed
    entries; ``assistant`` and ``exported_at`` (UTC) as recorded by the exporter;
    ``plain``: a Markdown document without ChatHub's markers (written by hand or by
    another app), whose entries the importing user owns. ``kind`` says which reader
    read it: ``json``, ``markdown`` (a Markdown export) or ``plain``.
    """

    fixed: str | None
    dynamic: str | None
    provenance: tuple[Provenance, ...] = ()
    assistant: str | None = None
    exported_at: datetime | None = None
    plain: bool = False
    #: Informative lists written to JSON for readers (ignored on import).
    entries: tuple[dict[str, object], ...] = field(default=(), compare=False)
    cards: tuple[dict[str, object], ...] = field(default=(), compare=False)
    kind: str = field(default="json", compare=False)


def _iso(value: datetime | None) -> str | None:
    return value.isoformat() if value is not None else None


def _provenance_json(p: Provenance) -> dict[str, object]:
    out: dict[str, object] = {"hash": p.text_hash, "origin": p.origin, "trusted": p.trusted,
                              "recorded_at": _iso(p.recorded_at)}
    if p.paused:
        out["paused"] = True
    if p.document != MemoryDocument.FIXED:
        out["document"] = p.document
    return out


def to_json(mf: MemoryFile) -> str:
    """The JSON text of ``mf`` (UTF-8 characters kept, 2-space indent, final newline)."""
    data = {
        "format": FORMAT,
        "version": VERSION,
        "assistant": mf.assistant,
        "exported_at": _iso(mf.exported_at),
        "fixed": None if mf.fixed is None else {"document": mf.fixed, "entries": list(mf.entries)},
        "dynamic": None if mf.dynamic is None else {"document": mf.dynamic, "cards": list(mf.cards)},
        "provenance": [_provenance_json(p) for p in mf.provenance],
    }
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"


def to_markdown(mf: MemoryFile) -> str:
    """The Markdown text of ``mf`` (see the module docstring for the layout)."""
    when = f"{mf.exported_at:%Y-%m-%d %H:%M} UTC" if mf.exported_at else "an unknown time"
    out = [_MD_MAGIC, f"# Memory of {mf.assistant or 'an assistant'}", "",
           f"Exported from ChatHub Desktop at {when}.", ""]
    for kind, title, doc in (("fixed", "Fixed memory", mf.fixed), ("dynamic", "Dynamic memory", mf.dynamic)):
        if doc is None:
            continue
        out += [f"## {title}", "", f"<!-- chathub:{kind} chars={len(doc)} -->\n{doc}\n<!-- /chathub:{kind} -->", ""]
    prov = json.dumps([_provenance_json(p) for p in mf.provenance], ensure_ascii=False)
    out.append(f"<!-- chathub:provenance\n{prov}\n-->")
    return "\n".join(out) + "\n"


# --- bytes → text ---------------------------------------------------------------------------


def _megabytes(n: int) -> str:
    return f"{n / (1024 * 1024):,.1f} MB"


def zip_refusal(conversations: bool) -> MemoryFileError:
    """The refusal of a zip archive (APP-5); ``conversations``: it names
    ``conversations.json`` (a ChatGPT export zip)."""
    if conversations:
        return _refusal(QT_TRANSLATE_NOOP("ServiceReasons", "this is a ChatGPT export zip, not a memory file; %1"),
                        _CHATGPT_HINT)
    return _refusal(QT_TRANSLATE_NOOP("ServiceReasons", "this is a zip archive, not a memory file (JSON or Markdown)"))


#: The encodings a memory file is read in, said in refusals of any other (issue 30: the
#: refusal of a Latin-1 file named UTF-8 only, while UTF-16 was read).
_ENCODINGS = Reason(QT_TRANSLATE_NOOP("ServiceReasons", "a memory file is JSON or Markdown saved as UTF-8, or as "
                                                        "UTF-16 with a byte-order mark"))
_UTF16_BOMS = (b"\xff\xfe", b"\xfe\xff")
_UTF32_BOMS = (b"\xff\xfe\x00\x00", b"\x00\x00\xfe\xff")


def _utf16_without_bom(data: bytes) -> bool:
    """True when ``data`` starts like UTF-16 text without a byte-order mark: of its first
    up to 64 bytes (two or more), every other one NUL and none of the rest (ASCII text,
    as Notepad's "Unicode" without the mark would hold)."""
    head = data[: min(64, len(data)) // 2 * 2]
    if len(head) < 2:
        return False
    even, odd = head[0::2], head[1::2]
    return (odd.count(0) == len(odd) and 0 not in even) or (even.count(0) == len(even) and 0 not in odd)


def decode(data: bytes) -> str:
    """The text of a memory file's bytes: UTF-8 (a byte-order mark is dropped) or UTF-16
    with a byte-order mark (Windows Notepad's "Unicode"), the encodings a refusal names.

    Raises :class:`MemoryFileError` for a file over :data:`MAX_FILE_BYTES`, a zip archive
    (a ChatGPT export zip included), UTF-32, UTF-16 without a byte-order mark, binary
    data (NUL bytes) and text in another encoding (Latin-1, Windows-1252 …).
    """
    if len(data) > MAX_FILE_BYTES:
        raise _refusal(QT_TRANSLATE_NOOP("ServiceReasons", "the file is %1; a memory file is at most %2"),
                       _megabytes(len(data)), _megabytes(MAX_FILE_BYTES))
    if data.startswith(ZIP_MAGIC):
        raise zip_refusal(b"conversations.json" in data)
    if data.startswith(_UTF32_BOMS):
        raise _refusal(QT_TRANSLATE_NOOP("ServiceReasons", "the file is UTF-32 text; %1"), _ENCODINGS)
    if data.startswith(_UTF16_BOMS):
        try:
            text = data.decode("utf-16")
        except UnicodeDecodeError as exc:
            raise _refusal(QT_TRANSLATE_NOOP("ServiceReasons", "the file is not UTF-8 text, nor the UTF-16 its "
                                                               "first bytes announce (byte %1)"), str(exc.start)) from None
    else:
        nul = data.find(b"\x00")
        if nul >= 0 and _utf16_without_bom(data):
            raise _refusal(QT_TRANSLATE_NOOP("ServiceReasons", "the file looks like UTF-16 text without a byte-order "
                                                               "mark; %1"), _ENCODINGS)
        if nul >= 0:
            raise _refusal(QT_TRANSLATE_NOOP("ServiceReasons", "this is a binary file (it holds NUL bytes, the first "
                                                               "at byte %1), not a memory file"), str(nul))
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise _refusal(QT_TRANSLATE_NOOP("ServiceReasons", "the file is not UTF-8 text (byte %1 at offset %2); %3"),
                           f"0x{data[exc.start]:02x}", str(exc.start), _ENCODINGS) from None
    return text.removeprefix("\ufeff")


def _check_text(text: str, where: str) -> None:
    """Refuse characters no store can keep: NUL and lone UTF-16 surrogates."""
    if "\x00" in text:
        raise _refusal(QT_TRANSLATE_NOOP("ServiceReasons", "%1 holds a NUL character (binary data), which memory "
                                                       "cannot hold"), _place(where))
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise _refusal(QT_TRANSLATE_NOOP("ServiceReasons", "%1 holds an invalid character (a lone UTF-16 surrogate "
                                                       "at position %2)"), _place(where), str(exc.start)) from None


# --- JSON -----------------------------------------------------------------------------------


def _check_depth(text: str, where: str) -> None:
    """Refuse JSON nested deeper than :data:`MAX_JSON_DEPTH` before parsing it, so no
    input can exhaust the parser's stack (brackets inside strings do not count)."""
    depth = 0
    for m in _JSON_BRACKET.finditer(_JSON_STRING.sub('""', text)):
        if m.group() in "[{":
            depth += 1
            if depth > MAX_JSON_DEPTH:
                raise _refusal(QT_TRANSLATE_NOOP(
                    "ServiceReasons", "%1 nests JSON more than %2 levels deep; a memory file never does"),
                    _place(where), str(MAX_JSON_DEPTH))
        else:
            depth -= 1


def nesting_refusal(text: str) -> MemoryFileError | None:
    """The refusal of JSON ``text`` nested deeper than :data:`MAX_JSON_DEPTH` (APP-5, as
    the full read words it), else None."""
    try:
        _check_depth(text, "the file")
    except MemoryFileError as exc:
        return exc
    return None


def _loads(text: str, where: str = "the file") -> object:
    """``json.loads`` after :func:`_check_depth`; a syntax error becomes a one-line
    :class:`MemoryFileError` that says when the text looks cut short, an integer too
    large to read (over 4,300 digits) one that says so."""
    _check_depth(text, where)
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        cut = exc.pos >= len(text.rstrip()) or exc.msg.startswith("Unterminated")
        why = Reason(QT_TRANSLATE_NOOP("ServiceReasons", "%1 is not valid JSON: %2 at line %3, column %4"),
                     (_place(where), exc.msg, str(exc.lineno), str(exc.colno)))  # the parser's words: a value
        raise MemoryFileError(why.with_notes(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "; it looks cut short")))
                              if cut else why) from None
    except RecursionError:  # pragma: no cover - the depth check comes first
        raise _refusal(QT_TRANSLATE_NOOP("ServiceReasons", "%1 nests JSON too deeply"), _place(where)) from None
    except ValueError:  # an integer of more than 4,300 digits
        raise _refusal(QT_TRANSLATE_NOOP("ServiceReasons", "%1 holds a number too large to read; a memory file's "
                                                           "numbers are small"), _place(where)) from None


def _when(value: object, where: str) -> datetime | None:
    if value is None:
        return None
    if not isinstance(value, str):
        raise _refusal(QT_TRANSLATE_NOOP("ServiceReasons", "%1 must be an ISO 8601 time, not %2"), where,
                       type(value).__name__)
    try:
        parsed = datetime.fromisoformat(value)
    except ValueError:
        raise _refusal(QT_TRANSLATE_NOOP("ServiceReasons", "%1 is not an ISO 8601 time: %2"), where,
                       repr(value[:40])) from None
    if parsed.tzinfo is None:
        raise _refusal(QT_TRANSLATE_NOOP("ServiceReasons", "%1 has no time zone: %2"), where, repr(value[:40]))
    try:
        return parsed.astimezone(UTC)
    except OverflowError:
        raise _refusal(QT_TRANSLATE_NOOP("ServiceReasons", "%1 is out of range: %2"), where, repr(value[:40])) from None


def _provenance(items: object, where: str) -> tuple[Provenance, ...]:
    if items is None:
        return ()
    if not isinstance(items, list):
        raise _refusal(QT_TRANSLATE_NOOP("ServiceReasons", "%1 must be a list"), where)
    out = []
    for i, item in enumerate(items):
        at = f"{where}[{i}]"
        if not isinstance(item, dict):
            raise _refusal(QT_TRANSLATE_NOOP("ServiceReasons", "%1 must be an object"), at)
        h, origin, trusted = item.get("hash"), item.get("origin"), item.get("trusted", True)
        if not isinstance(h, str) or not re.fullmatch(r"[0-9a-f]{64}", h):
            raise _refusal(QT_TRANSLATE_NOOP("ServiceReasons", "%1 must be a 64-character sha256 hex string"),
                           f"{at}.hash")
        if not isinstance(origin, str) or origin not in ORIGINS:
            raise _refusal(QT_TRANSLATE_NOOP("ServiceReasons", "%1 must be one of %2, not %3"), f"{at}.origin",
                           ", ".join(ORIGINS), _short(origin))
        if not isinstance(trusted, bool):
            raise _refusal(QT_TRANSLATE_NOOP("ServiceReasons", "%1 must be true or false"), f"{at}.trusted")
        paused, document = item.get("paused", False), item.get("document", MemoryDocument.FIXED.value)
        if not isinstance(paused, bool):
            raise _refusal(QT_TRANSLATE_NOOP("ServiceReasons", "%1 must be true or false"), f"{at}.paused")
        if document not in {d.value for d in MemoryDocument}:
            raise _refusal(QT_TRANSLATE_NOOP("ServiceReasons", "%1 must be fixed or dynamic, not %2"),
                           f"{at}.document", _short(document))
        out.append(Provenance(h, origin, trusted, _when(item.get("recorded_at"), f"{at}.recorded_at"),
                              paused, str(document)))
    return tuple(out)


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:39] + "…"


def _document(part: object, where: str) -> str | None:
    if part is None:
        return None
    if not isinstance(part, dict) or not isinstance(part.get("document"), str):
        raise _refusal(QT_TRANSLATE_NOOP("ServiceReasons", "%1 must be an object with a text \"document\""), where)
    doc = str(part["document"])
    _check_text(doc, f"{where}.document")
    return doc


class ForeignJson(StrEnum):
    """Which JSON that is not a memory file a refusal names (:func:`foreign_json`): an
    ``object`` without ``"format": "chathub-memory"``, an ``array``, or a ``chatgpt``
    export (an array of conversations)."""

    OBJECT = "object"
    ARRAY = "array"
    CHATGPT = "chatgpt"


def foreign_json(kind: ForeignJson) -> MemoryFileError:
    """The one-line refusal of JSON of ``kind`` that is not a memory file (APP-5), the
    same whether the whole file was parsed or its first look decided
    (:mod:`~chathub_desktop.core.memory_sniff`)."""
    if kind == ForeignJson.CHATGPT:
        return _refusal(QT_TRANSLATE_NOOP("ServiceReasons", "this is a ChatGPT export (conversations.json), not "
                                                            "a memory file; %1"), _CHATGPT_HINT)
    if kind == ForeignJson.ARRAY:
        return _refusal(QT_TRANSLATE_NOOP("ServiceReasons", "this is a JSON array, not a ChatHub memory file "
                                                            "(expected an object with %1)"), f'"format": "{FORMAT}"')
    return _refusal(QT_TRANSLATE_NOOP("ServiceReasons", "this is JSON but not a ChatHub memory file (expected %1)"),
                    f'"format": "{FORMAT}"')


def _not_ours(data: object) -> MemoryFileError:
    """Why valid JSON ``data`` is not a memory file."""
    if isinstance(data, list):
        chatgpt = bool(data) and all(isinstance(x, dict) and "mapping" in x for x in data[:50])
        return foreign_json(ForeignJson.CHATGPT if chatgpt else ForeignJson.ARRAY)
    if isinstance(data, dict):
        return foreign_json(ForeignJson.OBJECT)
    kind = {bool: QT_TRANSLATE_NOOP("ServiceReasons", "true or false"), str: QT_TRANSLATE_NOOP("ServiceReasons", "a string"),
            type(None): "null"}.get(type(data), QT_TRANSLATE_NOOP("ServiceReasons", "a number"))
    return _refusal(QT_TRANSLATE_NOOP("ServiceReasons", "this is JSON (%1), not a ChatHub memory file"),
                    kind if kind == "null" else Reason(kind))


def _parse_json(text: str) -> MemoryFile:
    try:
        data = _loads(text)
    except MemoryFileError as exc:
        if '"mapping"' in text[:1_000_000] and text.lstrip().startswith("["):
            raise _refusal(QT_TRANSLATE_NOOP("ServiceReasons", "this looks like a ChatGPT export (conversations.json), "
                                                               "not a memory file, and %1; %2"),
                           exc.reason or str(exc), _CHATGPT_HINT) from None
        raise
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise _not_ours(data)
    version = data.get("version")
    if type(version) is not int or version != VERSION:
        raise _refusal(QT_TRANSLATE_NOOP("ServiceReasons", "memory file version %1 is not supported (this app reads %2)"),
                       _short(version), str(VERSION))
    assistant = data.get("assistant")
    return MemoryFile(
        fixed=_document(data.get("fixed"), "fixed"),
        dynamic=_document(data.get("dynamic"), "dynamic"),
        provenance=_provenance(data.get("provenance"), "provenance"),
        assistant=assistant if isinstance(assistant, str) else None,
        exported_at=_when(data.get("exported_at"), "exported_at"),
        kind="json",
    )


def _json_like(stripped: str) -> bool:
    """True when a text offered as a document is JSON, or JSON cut short or damaged: an
    object; an array of objects (``[{…``, e.g. a ChatGPT export); another array that
    parses, or fails only where the text ends (``[1, 2``); a one-line number, string,
    true, false or null. Markdown that merely starts with ``[`` (``[a link](…)``,
    ``[[Home]]``, ``[ ] task``, ``[2026-01-01] note``) is not."""
    head = stripped[0]
    if head == "{":
        return True
    if head == "[":
        if stripped[1:].lstrip().startswith("{"):
            return True
        _check_depth(stripped, "the file")
        try:
            json.loads(stripped)
        except json.JSONDecodeError as exc:
            return exc.pos >= len(stripped) or exc.msg.startswith("Unterminated string")
        except ValueError:  # a number too large: JSON all the same
            return True
        return True
    if head in '"-0123456789tfn' and "\n" not in stripped:
        try:
            json.loads(stripped)
        except ValueError:
            return False
        return True
    return False


# --- Markdown -------------------------------------------------------------------------------


def _line_at(text: str, pos: int) -> tuple[int, str]:
    """(1-based line number, that line cut to 60 characters) of offset ``pos``."""
    start = text.rfind("\n", 0, pos) + 1
    end = text.find("\n", pos)
    line = text[start: end if end >= 0 else len(text)]
    return text.count("\n", 0, pos) + 1, (line if len(line) <= 60 else line[:59] + "…")


def _parse_markdown_export(text: str) -> MemoryFile:
    """A Markdown export, read strictly: every marker line must be an intact block, the
    provenance comment must be present and last; anything else is damage."""
    if text[len(_MD_MAGIC):len(_MD_MAGIC) + 1] not in ("\n", "\r"):
        raise _refusal(QT_TRANSLATE_NOOP("ServiceReasons", "the file is damaged: its first line should be exactly %1"),
                       _MD_MAGIC)
    docs: dict[str, str] = {}
    prov: tuple[Provenance, ...] | None = None
    pos = len(_MD_MAGIC)
    while (m := _MARKER_LINE.search(text, pos)) is not None:
        at = m.start()
        line_no, line = _line_at(text, at)
        if prov is not None:
            raise _refusal(QT_TRANSLATE_NOOP("ServiceReasons", "the file is damaged: line %1 comes after the "
                                                               "provenance block that ends an export"), str(line_no))
        block = _BLOCK.match(text, at)
        if block is not None:
            kind, n = block.group(1), int(block.group(2))
            if kind in docs:
                raise _refusal(QT_TRANSLATE_NOOP("ServiceReasons", "the file is damaged: %1 appears twice (line %2)"),
                               _place(f"the {kind} memory block"), str(line_no))
            start = block.end()
            end = start + n
            close = f"\n<!-- /chathub:{kind} -->"
            after = end + len(close)
            if text[end:after] != close or text[after:after + 1] not in ("\n", "\r", ""):
                raise _refusal(QT_TRANSLATE_NOOP("ServiceReasons", "%1 at line %2 is damaged: it should hold exactly "
                                                                   "%3 characters and end with %4"),
                               _place(f"the {kind} memory block"), str(line_no), f"{n:,}", f"<!-- /chathub:{kind} -->")
            docs[kind] = text[start:end]
            pos = after
            continue
        if text.startswith(_PROVENANCE_OPEN, at):
            found = _PROVENANCE.match(text, at)
            if found is None:
                raise _refusal(QT_TRANSLATE_NOOP("ServiceReasons", "the file is damaged: its provenance block (line %1) "
                                                                   "is cut off"), str(line_no))
            prov = _provenance(_loads(found.group(1), "its provenance block"), "provenance")
            pos = found.end()
            continue
        raise _refusal(QT_TRANSLATE_NOOP("ServiceReasons", "the file is damaged: line %1 is a broken memory block "
                                                           "marker: %2"), str(line_no), repr(line))
    if prov is None:  # the exporter always ends with it: the file was cut short
        raise _refusal(QT_TRANSLATE_NOOP("ServiceReasons", "the file is damaged: its provenance block at the end is "
                                                           "missing or cut off"))
    if text[pos:].strip():
        line_no, _ = _line_at(text, pos + len(text[pos:]) - len(text[pos:].lstrip()))
        raise _refusal(QT_TRANSLATE_NOOP("ServiceReasons", "the file is damaged: there is text after its provenance "
                                                           "block (line %1)"), str(line_no))
    for kind, doc in docs.items():
        _check_text(doc, f"the {kind} memory block")
    first = _BLOCK.search(text)
    title = re.search(r"^# Memory of (.+)$", text[: first.start() if first else pos], re.M)
    return MemoryFile(fixed=docs.get("fixed"), dynamic=docs.get("dynamic"), provenance=prov,
                      assistant=title.group(1).strip() if title else None, kind="markdown")


def _parse_plain(text: str) -> MemoryFile:
    stripped = text.strip()
    if _json_like(stripped):
        _parse_json(text)  # raises: JSON that is not a memory file, or broken JSON
        raise _refusal(QT_TRANSLATE_NOOP("ServiceReasons", "this is JSON but not a ChatHub memory file"))  # pragma: no cover
    if _MD_MAGIC.startswith(stripped):
        raise _refusal(QT_TRANSLATE_NOOP("ServiceReasons", "the file is cut short: it holds only %1, the start of a "
                                                           "memory file"), repr(stripped))
    marker = _MARKER_LINE.search(text) or _MARKER_WORD.search(text)
    if marker is not None:
        line_no, line = _line_at(text, marker.start())
        if stripped.lower().startswith("<!-- chathub-memory"):
            raise _refusal(QT_TRANSLATE_NOOP("ServiceReasons", "this memory file's version line %1 is not one this app "
                                                               "reads (%2)"), repr(line), _MD_MAGIC)
        raise _refusal(QT_TRANSLATE_NOOP("ServiceReasons", "the file is damaged: it holds a memory block marker (line "
                                                           "%1: %2) but does not start with %3"),
                       str(line_no), repr(line), _MD_MAGIC)
    _check_text(text, "the file")
    table = _table_shape(text)
    if table is not None:
        raise _refusal(QT_TRANSLATE_NOOP("ServiceReasons", "this is %1, not a memory document (%2)"), table,
                       _KNOWN_FORMATS)
    if len(text) > MAX_PLAIN_CHARS:
        raise _refusal(QT_TRANSLATE_NOOP("ServiceReasons", "this is not a memory document: it has %1 characters of "
                                                           "plain text (the limit is %2)"),
                       f"{len(text):,}", f"{MAX_PLAIN_CHARS:,}")
    longest = max(text.split("\n"), key=len)
    if len(longest) > MAX_PLAIN_LINE_CHARS:
        line_no = text.split("\n").index(longest) + 1
        raise _refusal(QT_TRANSLATE_NOOP("ServiceReasons", "this is not a memory document: line %1 has %2 characters "
                                                           "(a plain document's lines stay under %3)"),
                       str(line_no), f"{len(longest):,}", f"{MAX_PLAIN_LINE_CHARS:,}")
    return MemoryFile(fixed=_list_items_as_entries(text), dynamic=None, plain=True, kind="plain")


#: A Markdown list item: ``- text``, ``* text``, ``+ text``, ``1. text`` or ``1) text``.
_LIST_ITEM = re.compile(r"^[ \t]*(?:[-*+]|[0-9]{1,4}[.)])[ \t]+(\S.*)$")
#: Lines that make a text Markdown: a heading or entry, a list item, a quote, a table row.
_MARKDOWN_LINE = re.compile(r"^[ \t]*(?:#|>|\||(?:[-*+]|[0-9]{1,4}[.)])[ \t])")
#: What a memory file may be, for refusals.
_KNOWN_FORMATS = Reason(QT_TRANSLATE_NOOP("ServiceReasons", "a memory file is a ChatHub JSON or Markdown export, or a "
                                                             "Markdown/text document"))
#: File names that are tables, whatever they hold (issue 32).
_TABLE_SUFFIXES = (".csv", ".tsv")
_TABLE_NAMES = {",": QT_TRANSLATE_NOOP("ServiceReasons", "a CSV table (%1 columns, %2 rows)"),
                ";": QT_TRANSLATE_NOOP("ServiceReasons", "a CSV table (semicolon-separated) (%1 columns, %2 rows)"),
                "\t": QT_TRANSLATE_NOOP("ServiceReasons", "a tab-separated table (%1 columns, %2 rows)")}


def _table_shape(text: str) -> Reason | None:
    """What kind of table ``text`` is (``"a CSV table (3 columns, 4 rows)"``), or None
    when it reads as a document (issue 32: a CSV replaced fixed memory). A table: at
    least two lines, none of them Markdown, every row with the same number (≥ 2) of
    fields under one delimiter (comma, semicolon or tab); with a comma or a semicolon
    no field starts with a space — prose writes ``, `` and CSV does not."""
    lines = [line for line in text.splitlines() if line.strip()]
    if len(lines) < 2 or any(_MARKDOWN_LINE.match(line) for line in lines):
        return None
    for delimiter in (",", ";", "\t"):
        try:
            rows = list(csv.reader(lines, delimiter=delimiter))
        except csv.Error:  # a field over csv's size limit, a NUL: not a table
            continue
        widths = {len(row) for row in rows}
        if len(widths) != 1 or (width := widths.pop()) < 2:
            continue
        if delimiter != "\t" and any(field[:1].isspace() for row in rows for field in row[1:]):
            continue
        return Reason(_TABLE_NAMES[delimiter], (str(width), f"{len(rows):,}"))
    return None


def _list_items_as_entries(text: str) -> str:
    """A plain document with no ``#N:`` entry whose list items are its facts (a bullet
    list written by hand or by another app): each item becomes an entry, numbered in
    order; headings and other lines stay as notes, byte for byte. A document that has
    entries already, or no list item, is kept as it is (REF-1)."""
    if fm.entries(text):
        return text
    lines = text.splitlines(keepends=True)
    if not any(_LIST_ITEM.match(line.rstrip("\r\n")) for line in lines):
        return text
    out, number = [], 0
    for line in lines:
        body = line.rstrip("\r\n")
        m = _LIST_ITEM.match(body)
        if m is None:
            out.append(line)
            continue
        number += 1
        out.append(f"#{number}: {m.group(1).strip()}{line[len(body):]}")
    return "".join(out)


def parse(text: str) -> MemoryFile:
    """Read a memory file's text: JSON when it starts with ``{``, a Markdown export when
    it starts with the export's first line, else a plain document (refused when it is
    JSON or looks like broken JSON or a damaged export). Raises :class:`MemoryFileError`
    for anything unreadable or a file that carries neither document."""
    text = text.removeprefix("\ufeff")
    if not text.strip():
        raise _refusal(QT_TRANSLATE_NOOP("ServiceReasons", "the file is empty"))
    if "\x00" in text:
        raise _refusal(QT_TRANSLATE_NOOP("ServiceReasons", "this is a binary file (it holds NUL characters), not a "
                                                           "memory file"))
    if text.lstrip().startswith("{"):
        mf = _parse_json(text)
    elif text.startswith(_MD_MAGIC):
        mf = _parse_markdown_export(text)
    else:
        mf = _parse_plain(text)
    if mf.fixed is None and mf.dynamic is None:
        raise _refusal(QT_TRANSLATE_NOOP("ServiceReasons", "the file holds neither fixed nor dynamic memory"))
    return mf


#: How far over a DRM-13 cap an imported dynamic document may be and still be cut to
#: the caps like any other write (a hand-edited file, an older export); beyond it the
#: file is refused (a 10 MB card, thousands of cards).
IMPORT_OVER_CAP_FACTOR = 8


def check_dynamic_caps(document: str, keep: int) -> None:
    """Refuse a dynamic-memory document far over the DRM-13 caps for an assistant
    keeping ``keep`` dream cards: a single-day card's stored body over
    :data:`IMPORT_OVER_CAP_FACTOR` × :data:`~dynamic_memory.SINGLE_CARD_MAX` characters, a
    range card's over that factor × :data:`~dynamic_memory.RANGE_CARD_MAX`, the whole
    document over the factor × ``keep × 3200 + 6400`` characters (card headers included),
    or more than the factor × ``keep + 1`` cards. Within those bounds the import cuts the
    document to the caps (``dynamic_memory.enforce_caps``). Raises
    :class:`MemoryFileError` naming the card or the totals; ``ValueError`` for ``keep``
    outside 1..90."""
    cap = dm.document_cap(keep)
    factor = IMPORT_OVER_CAP_FACTOR
    cards = dm.parse_document(document)
    for i, card in enumerate(cards, 1):
        limit = {CardKind.DAY: dm.SINGLE_CARD_MAX, CardKind.RANGE: dm.RANGE_CARD_MAX}.get(card.kind)
        if limit is not None and len(card.body) > factor * limit:
            template = (QT_TRANSLATE_NOOP("ServiceReasons", "dynamic memory card #%1 [%2] has %3 characters; a "
                                          "single-day card holds at most %4 (DRM-13), and one over %5 times that is "
                                          "refused rather than cut") if card.kind == CardKind.DAY
                        else QT_TRANSLATE_NOOP("ServiceReasons", "dynamic memory card #%1 [%2] has %3 characters; a "
                                               "range card holds at most %4 (DRM-13), and one over %5 times that is "
                                               "refused rather than cut"))
            raise _refusal(template, str(i), card.display_tag, f"{len(card.body):,}", f"{limit:,}", str(factor))
    if len(document) > factor * cap or len(cards) > factor * (keep + 1):
        raise _refusal(QT_TRANSLATE_NOOP("ServiceReasons", "its dynamic memory has %1 cards and %2 characters; keeping "
                                                           "%3 dream cards, an assistant's dynamic memory holds at most "
                                                           "%4 characters (DRM-13: %5); raise Keep dream cards or "
                                                           "import fewer cards"),
                       f"{len(cards):,}", f"{len(document):,}", str(keep), f"{cap:,}",
                       f"{keep} × {dm.SINGLE_CARD_MAX:,} + {dm.RANGE_CARD_MAX:,}")


def check_name(name: str | None) -> None:
    """Refuse a file by its name alone (APP-5): a ``.csv`` / ``.tsv`` file is a table, not
    memory, whatever it holds (issue 32). Raises :class:`MemoryFileError`."""
    suffix = next((k for k in _TABLE_SUFFIXES if name is not None and name.lower().endswith(k)), None)
    if suffix is not None:
        raise _refusal(QT_TRANSLATE_NOOP("ServiceReasons", "a %1 file is a table, not a memory document (%2)"), suffix,
                       _KNOWN_FORMATS)


def read(data: bytes, name: str | None = None) -> MemoryFile:
    """Check and read a whole memory file from its bytes (:func:`decode`, then
    :func:`parse`). ``name`` (the file name, optional) adds two checks: a ``.json`` file
    must hold JSON, and a ``.csv`` / ``.tsv`` file is a table, not memory (issue 32). Raises :class:`MemoryFileError` naming the problem."""
    check_name(name)
    text = decode(data)
    if name is not None and name.lower().endswith(".json") and text.strip() \
            and not text.lstrip().startswith(("{", "[")):
        raise _refusal(QT_TRANSLATE_NOOP("ServiceReasons", "%1 is named .json but does not hold JSON"), name)
    return parse(text)
