"""Fixed memory documents: parse, normalize, append, update, delete (MEM-2, MEM-3, REF-1, REF-2, REF-7).

Pure functions over one Markdown document (``str``), no I/O. Lengths are Python
characters (code points).

Format (REF-1):

- An *entry* is one line ``#N: text``: at line start ``#``, ASCII digits, ``:``, at
  most one whitespace character, then the content. The entry text is the content
  trimmed, with every whitespace run collapsed to one space (``ENTRY_RE``).
- Every other line is *free-form* (headings, notes, blank lines, a line with ``#7``
  mid-text, ``#1 [2024-05-01]:`` ...) and is kept byte for byte, line ending included.
- Lines end at ``\\n`` (a ``\\r`` right before it belongs to the ending, so ``\\r\\n``
  documents round-trip). The last line may have no ending.

Whitespace means the ECMAScript ``\\s`` set (what the web product trims), so trimming
and collapsing agree with documents written there.
"""

from __future__ import annotations

import hashlib
import operator
import re
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache

#: ECMAScript ``\s``: the whitespace set used for trimming and collapsing (REF-1).
_WS_CLASS = "\\t\\n\\v\\f\\r \\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff"
_WS_RUN = re.compile(f"[{_WS_CLASS}]+")
_WS_STRIP = "\t\n\v\f\r \u00a0\u1680" + "".join(map(chr, range(0x2000, 0x200B))) + "\u2028\u2029\u202f\u205f\u3000\ufeff"

#: An entry line (without its line ending): ``#``, digits, ``:``, one optional
#: whitespace character, content (REF-1).
ENTRY_RE = re.compile(f"#([0-9]+):[{_WS_CLASS}]?(.*)", re.DOTALL)
_ENTRY_HEAD = re.compile("#([0-9]+):")
#: Every entry line of a whole document: its number and its content after the one
#: optional space (a ``\r`` of a ``\r\n`` ending included: cleaning trims it).
_ENTRY_LINES = re.compile("^#([0-9]+): ?(.*)$", re.MULTILINE)

#: Each entry in a failure listing is cut to this many characters plus ``…`` (REF-2).
LISTING_CUT_CHARS = 80

ELLIPSIS = "…"


_WIDE_WS = tuple("\u00a0\u1680\u2028\u2029\u202f\u205f\u3000\ufeff") + tuple(
    chr(c) for c in range(0x2000, 0x200B)
)


def _is_clean(text: str) -> bool:
    """True when ``text`` has no whitespace but single inner spaces (C-speed substring
    checks: a regex search is ten times slower over long texts)."""
    if (
        text[0] == " " or text[-1] == " " or "  " in text or "\n" in text or "\t" in text
        or "\r" in text or "\v" in text or "\f" in text
    ):
        return False
    return text.isascii() or not any(ch in text for ch in _WIDE_WS)


def clean_text(text: str) -> str:
    """``text`` trimmed, every whitespace run (newlines too) collapsed to one space (REF-1).

    Whitespace is the ECMAScript ``\\s`` set (what the web product trims).
    """
    if text and _is_clean(text):
        return text  # the common case: a stored entry is already clean
    return _WS_RUN.sub(" ", text).strip(_WS_STRIP)


def trim(text: str) -> str:
    """``text`` with leading/trailing (ECMAScript) whitespace removed."""
    return text.strip(_WS_STRIP)


def text_hash(text: str) -> str:
    """Provenance key of an entry text: sha256 hex (64 chars) of its trimmed UTF-8 bytes (REF-7)."""
    return hashlib.sha256(trim(text).encode("utf-8")).hexdigest()


#: Texts :func:`text_hashes` hashes per C-level pass (about 1 ms: the interpreter lock is
#: free for another thread between passes, never held for the whole list).
HASH_SLICE = 512
_hexdigest = operator.methodcaller("hexdigest")
_utf8 = operator.methodcaller("encode", "utf-8")
_trim = operator.methodcaller("strip", _WS_STRIP)


def text_hashes(texts: Iterable[str]) -> list[str]:
    """:func:`text_hash` of each of ``texts``, in order. Hashed in passes of
    :data:`HASH_SLICE` texts chained through ``map`` (no Python frame per text: 10,000
    entries of a large memory hash in about half the time of a loop, issue 30)."""
    items = texts if isinstance(texts, list) else list(texts)
    out: list[str] = []
    sha = hashlib.sha256
    for i in range(0, len(items), HASH_SLICE):
        out += map(_hexdigest, map(sha, map(_utf8, map(_trim, items[i:i + HASH_SLICE]))))
    return out


@dataclass(frozen=True, slots=True)
class Entry:
    """One numbered entry: ``number`` (as written, ≥ 0) and its cleaned single-line ``text``."""

    number: int
    text: str


@dataclass(frozen=True, slots=True)
class Line:
    """One physical line of a document.

    - ``body``: the line without its ending; ``ending``: ``"\\n"``, ``"\\r\\n"`` or ``""``.
    - ``number``/``text``: set for an entry line (``text`` cleaned per REF-1), else None.
    ``body + ending`` is exactly the original line.
    """

    body: str
    ending: str
    number: int | None = None
    text: str | None = None

    @property
    def is_entry(self) -> bool:
        """True for a ``#N: text`` line."""
        return self.number is not None


def _line(body: str, ending: str) -> Line:
    m = _ENTRY_HEAD.match(body) if body.startswith("#") else None
    if m is None:
        return Line(body, ending)
    start = m.end()
    if body[start : start + 1] == " ":  # ENTRY_RE's one optional whitespace (others: trimmed)
        start += 1
    return Line(body, ending, int(m.group(1)), clean_text(body[start:]))


def parse(doc: str) -> list[Line]:
    """Split ``doc`` into :class:`Line` s; ``"".join(l.body + l.ending ...) == doc`` (REF-1).

    The last few documents' parses are cached (a tool call reads the same document several
    times; a 5 MB memory takes ~70 ms to parse)."""
    return list(_parse_cached(doc))


@lru_cache(maxsize=4)
def _parse_cached(doc: str) -> tuple[Line, ...]:
    if not doc:
        return ()
    raw = doc.split("\n")
    tail = raw.pop()  # text after the last "\n" ("" when the document ends with one)
    lines = [_line(b[:-1], "\r\n") if b.endswith("\r") else _line(b, "\n") for b in raw]
    if tail:
        lines.append(_line(tail, ""))
    return tuple(lines)


@dataclass(frozen=True, slots=True)
class Note:
    """A run of free-form lines of the raw document (MEM-3: headings, notes), shown where
    it stands: ``after`` entry lines come before it (0: above the first entry); ``text``
    is its lines as typed, joined with ``\n`` (issue 30)."""

    after: int
    text: str


def notes(doc: str) -> list[Note]:
    """The free-form runs of ``doc`` between its entries; blank lines separate runs and
    are not notes themselves. The last few documents' notes are cached (the Memory page
    asks on every open; issue 30)."""
    return list(_notes_cached(doc))


@lru_cache(maxsize=4)
def _notes_cached(doc: str) -> tuple[Note, ...]:
    if doc.count("\n") + (not doc.endswith("\n")) == len(_entries_cached(doc)):
        return ()  # every line an entry: nothing to parse (10,000 entries, issue 30)
    out: list[Note] = []
    run: list[str] = []
    seen = 0

    def flush() -> None:
        if run:
            out.append(Note(seen, "\n".join(run)))
            run.clear()

    for line in parse(doc):
        if line.is_entry:
            flush()
            seen += 1
        elif line.body.strip():
            run.append(line.body.rstrip())
        else:
            flush()
    flush()
    return tuple(out)


def save_preview(doc: str, limit: int = 2000) -> tuple[list[tuple[int | None, str]], int, int]:
    """What saving ``doc`` as the raw document gives (MEM-3), for the editor's preview
    (issue 30): ``(rows, entries, notes)`` — ``rows`` the first ``limit`` non-blank lines
    as ``(number, text)``, numbered 1..n in document order for entries and ``None`` for
    free-form lines kept as typed; ``entries`` / ``notes`` count all of them."""
    rows: list[tuple[int | None, str]] = []
    entries = free = 0
    for line in parse(doc):
        if line.is_entry:
            entries += 1
            item: tuple[int | None, str] = (entries, line.text or "")
        elif line.body.strip():
            free += 1
            item = (None, line.body.rstrip())
        else:
            continue
        if len(rows) < limit:
            rows.append(item)
    return rows, entries, free


def _entry_line(number: int, text: str) -> str:
    return f"#{number}: {text}" if text else f"#{number}:"


def _join(lines: list[Line]) -> str:
    return "".join(line.body + line.ending for line in lines)


def normalize(doc: str) -> str:
    """The document a user's Save stores (MEM-3, REF-1).

    Entries are renumbered 1..n in document order and rewritten as ``#N: text`` with
    cleaned text; free-form lines and every line ending are kept exactly.
    Idempotent: ``normalize(normalize(d)) == normalize(d)``.
    """
    out: list[str] = []
    n = 0
    for line in parse(doc):
        if line.number is None:
            out.append(line.body + line.ending)
        else:
            n += 1
            out.append(_entry_line(n, line.text or "") + line.ending)
    return "".join(out)


def entries(doc: str, pause: Callable[[], object] | None = None) -> list[Entry]:
    """The entries of ``doc`` in document order, numbers as written (REF-1): what
    :func:`parse` gives for its entry lines, read in one regex pass without a
    :class:`Line` per line, and cleaned one by one unless the document is plain
    ASCII that cleaning would not change (10,000 entries: a tenth of the parse; issue 30).
    The last few documents' entries are cached. ``pause``: called between regex passes
    and every :data:`PAUSE_ENTRIES` entries made when the document is not cached (a
    background worker lets the window's thread have the interpreter lock, stall54b)."""
    return list(_entries_cached(doc, pause))


#: Characters of a document one regex pass reads at most (about 1 ms): a pass over a whole
#: 3.5 MB memory held the interpreter lock ~20 ms in one C call, and the window's thread
#: waited that long for it (issue 30).
SCAN_CHARS = 1 << 16


#: Entries made between two calls of :func:`entries`' ``pause`` (about 1 ms of CPU).
PAUSE_ENTRIES = 200


def entry_pairs(doc: str, chunk: int = SCAN_CHARS, pause: Callable[[], object] | None = None) -> list[tuple[str, str]]:
    """``(number digits, content)`` of every entry line of ``doc`` (``_ENTRY_LINES``'s
    matches), read in passes of about ``chunk`` characters cut at line ends, so another
    thread gets the interpreter lock between them (``pause`` is called between them)."""
    out: list[tuple[str, str]] = []
    pos, n = 0, len(doc)
    while pos < n:
        if pause is not None and pos:
            pause()
        end = doc.find("\n", pos + chunk)
        end = n if end < 0 else end + 1
        out += _ENTRY_LINES.findall(doc, pos, end)
        pos = end
    return out


#: The last few documents' entries, least recently used first (:func:`entries`).
_ENTRIES: OrderedDict[str, tuple[Entry, ...]] = OrderedDict()
_ENTRIES_KEPT = 4
_entries_lock = threading.Lock()


def _entries_cached(doc: str, pause: Callable[[], object] | None = None) -> tuple[Entry, ...]:
    with _entries_lock:
        made = _ENTRIES.get(doc)
        if made is not None:
            _ENTRIES.move_to_end(doc)
            return made
    pairs = entry_pairs(doc, pause=pause)
    clean = _is_clean_document(doc)
    out: list[Entry] = []
    for at in range(0, len(pairs), PAUSE_ENTRIES):
        if pause is not None and at:
            pause()
        part = pairs[at:at + PAUSE_ENTRIES]
        out += [_entry(int(n), text) for n, text in part] if clean else [
            _entry(int(n), clean_text(text)) for n, text in part]
    made = tuple(out)
    with _entries_lock:
        _ENTRIES[doc] = made
        _ENTRIES.move_to_end(doc)
        while len(_ENTRIES) > _ENTRIES_KEPT:
            _ENTRIES.popitem(last=False)
    return made


#: The slots' own setters (they skip the frozen ``__setattr__``).
_set_number: Callable[[Entry, int], None] = vars(Entry)["number"].__set__
_set_text: Callable[[Entry, str], None] = vars(Entry)["text"].__set__


def _entry(number: int, text: str) -> Entry:
    """``Entry(number, text)`` without the frozen ``__init__``'s ``object.__setattr__`` per
    field (3× faster: a large memory's first read makes 10,000, issue 30)."""
    e = object.__new__(Entry)
    _set_number(e, number)
    _set_text(e, text)
    return e


def _is_clean_document(doc: str) -> bool:
    """True when no entry text of ``doc`` needs cleaning: ASCII with no whitespace but
    single spaces and line ends, no space before a line end (C-speed checks; a document
    with other characters is cleaned entry by entry: over 3 MB of CJK text the same
    substring checks take 5–10 ms each, all of it holding the interpreter lock)."""
    return doc.isascii() and not (
        "  " in doc or " \n" in doc or doc.endswith(" ") or "\t" in doc or "\r" in doc
        or "\v" in doc or "\f" in doc
    )


def listing(items: list[Entry]) -> list[str]:
    """``#N: text`` per entry, texts longer than 80 characters cut to 80 plus ``…`` (REF-2)."""
    out = []
    for e in items:
        text = e.text if len(e.text) <= LISTING_CUT_CHARS else e.text[:LISTING_CUT_CHARS] + ELLIPSIS
        out.append(f"#{e.number}: {text}")
    return out


def _newline_for(lines: list[Line]) -> str:
    for line in reversed(lines):
        if line.ending:
            return line.ending
    return "\n"


def append(doc: str, text: str) -> tuple[str, int]:
    """Add ``text`` as a new last entry numbered highest N + 1 (1 when none) (REF-1).

    The text is cleaned (trim + collapse). Returns ``(new_doc, number)``. A document
    not ending in a newline gets one before the new line; the new line ends with the
    document's newline style. Raises ``ValueError`` for a text that is empty after
    cleaning.
    """
    cleaned = clean_text(text)
    if not cleaned:
        raise ValueError("the memory text is empty")
    lines = parse(doc)
    number = max((line.number for line in lines if line.number is not None), default=0) + 1
    nl = _newline_for(lines)
    prefix = doc if (not doc or doc.endswith("\n")) else doc + nl
    return prefix + _entry_line(number, cleaned) + nl, number


def append_all(doc: str, texts: Sequence[str]) -> tuple[str, list[int]]:
    """:func:`append` of each of ``texts`` in order, in one pass (REF-1): the document
    is parsed once, not once per text, so an import's Merge of 10,000 entries takes a
    fraction of a second rather than minutes (issue 30). Returns ``(new_doc, numbers)``,
    exactly what repeated :func:`append` would give. Raises ``ValueError`` (nothing
    appended) when a text is empty after cleaning."""
    cleaned = [clean_text(t) for t in texts]
    if not all(cleaned):
        raise ValueError("the memory text is empty")
    if not cleaned:
        return doc, []
    lines = parse(doc)
    first = max((line.number for line in lines if line.number is not None), default=0) + 1
    nl = _newline_for(lines)
    prefix = doc if (not doc or doc.endswith("\n")) else doc + nl
    numbers = list(range(first, first + len(cleaned)))
    return prefix + "".join(_entry_line(n, t) + nl for n, t in zip(numbers, cleaned, strict=True)), numbers


class EditStatus(StrEnum):
    """How an entry edit ended (REF-2); the memory tools report the value as their error code."""

    OK = "ok"
    NOT_FOUND = "not_found"
    MISMATCH = "mismatch"
    EMPTY_MATCH = "empty_match"
    EMPTY_TEXT = "empty_text"


@dataclass(frozen=True, slots=True)
class MemoryEditResult:
    """Outcome of :func:`update` / :func:`delete` and the user edits (REF-2).

    - ``status``: ``ok``, ``not_found`` (no entry with that number), ``mismatch``
      (``match`` not in the entry's text), ``empty_match`` or ``empty_text``.
    - ``doc``: the new document on ``ok``, otherwise the unchanged input.
    - ``number``: the entry's number on ``ok`` (for delete: the number it had).
    - ``old_text`` / ``new_text``: the entry text before/after (``new_text`` None on delete).
    - ``entries``: on failure, the current entries as ``#N: text`` (cut per REF-2); empty on ok.
    """

    status: EditStatus
    doc: str
    number: int | None = None
    old_text: str | None = None
    new_text: str | None = None
    entries: tuple[str, ...] = ()

    @property
    def ok(self) -> bool:
        """True when the document changed as asked."""
        return self.status is EditStatus.OK


def _fail(status: EditStatus, doc: str, lines: list[Line]) -> MemoryEditResult:
    current = [Entry(line.number, line.text or "") for line in lines if line.number is not None]
    return MemoryEditResult(status, doc, entries=tuple(listing(current)))


def _find(lines: list[Line], number: int) -> int | None:
    for i, line in enumerate(lines):
        if line.number == number:
            return i
    return None


def _check(lines: list[Line], number: int, match: str | None) -> tuple[EditStatus, int | None]:
    if match is not None and not trim(match):
        return EditStatus.EMPTY_MATCH, None
    idx = _find(lines, number)
    if idx is None:
        return EditStatus.NOT_FOUND, None
    if match is not None and match not in (lines[idx].text or ""):
        return EditStatus.MISMATCH, None
    return EditStatus.OK, idx


def _replace(doc: str, number: int, match: str | None, new_text: str) -> MemoryEditResult:
    lines = parse(doc)
    status, idx = _check(lines, number, match)
    if idx is None:
        return _fail(status, doc, lines)
    cleaned = clean_text(new_text)
    if not cleaned:
        return _fail(EditStatus.EMPTY_TEXT, doc, lines)
    old = lines[idx]
    lines[idx] = Line(_entry_line(number, cleaned), old.ending, number, cleaned)
    return MemoryEditResult(EditStatus.OK, _join(lines), number, old.text, cleaned)


def _remove(doc: str, number: int, match: str | None) -> MemoryEditResult:
    lines = parse(doc)
    status, idx = _check(lines, number, match)
    if idx is None:
        return _fail(status, doc, lines)
    old = lines.pop(idx)
    return MemoryEditResult(EditStatus.OK, normalize(_join(lines)), number, old.text, None)


def update(doc: str, number: int, match: str, new_text: str) -> MemoryEditResult:
    """The model's update (REF-2): replace entry ``number``'s text with ``new_text``.

    ``match`` must be a non-blank, case-sensitive substring of the entry's current
    (cleaned) text. The number is kept and no other line changes. On any failure
    (``empty_match``, ``not_found``, ``mismatch``, ``empty_text``) the document is
    returned unchanged with the current entry listing. Never appends.
    """
    return _replace(doc, number, match, new_text)


def delete(doc: str, number: int, match: str) -> MemoryEditResult:
    """The model's delete (REF-2): remove entry ``number`` when ``match`` is found in it.

    On success the remaining entries are renumbered 1..n (free-form lines kept); on
    failure nothing changes and the result lists the current entries.
    """
    return _remove(doc, number, match)


def edit_entry(doc: str, number: int, new_text: str) -> MemoryEditResult:
    """The user's in-place card edit (MEM-2): like :func:`update` without the match proof."""
    return _replace(doc, number, None, new_text)


def delete_entry(doc: str, number: int) -> MemoryEditResult:
    """The user's card delete (MEM-2): like :func:`delete` without the match proof; the rest renumber."""
    return _remove(doc, number, None)
