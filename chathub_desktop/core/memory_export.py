"""Memory export files: an assistant's fixed and dynamic memory with provenance and
dates, as JSON or Markdown, and back (APP-5). Pure, no I/O.

Both formats carry the two documents exactly as stored, so a round trip is lossless:

- **JSON** (``"format": "chathub-memory"``, ``"version": 1``): the documents, the fixed
  entries with their origin, trust and the UTC time it was recorded, and the dynamic
  cards (number, tag, visible text) for readers of the file. On import the documents
  are what counts; entries' provenance is matched to entry texts by hash (REF-7).
- **Markdown**: readable headings, each document between ``<!-- chathub:fixed chars=N
  -->`` / ``<!-- /chathub:fixed -->`` comments (N = its length in characters, so any
  text inside, even one that looks like a marker, comes back exactly) and provenance
  in a final ``<!-- chathub:provenance … -->`` comment. A Markdown file without these
  markers (a fixed-memory export, or a document written by hand) is read as the fixed
  document alone.

:func:`parse` raises :class:`MemoryFileError` with a one-line reason naming the bad
field; nothing is half-read.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from datetime import datetime

FORMAT = "chathub-memory"
VERSION = 1
ORIGINS = ("owner", "dream", "agent")
_MD_MAGIC = "<!-- chathub-memory v1 -->"
_BLOCK = re.compile(r"<!-- chathub:(fixed|dynamic) chars=(\d+) -->\n")
_PROVENANCE = re.compile(r"<!-- chathub:provenance\n(.*?)\n-->", re.S)


class MemoryFileError(ValueError):
    """A memory file cannot be read; the message says what is wrong, in one line."""


@dataclass(frozen=True)
class Provenance:
    """Where one fixed entry text came from (MEM-7, REF-7): ``text_hash`` (sha256 hex of
    the trimmed text), ``origin`` (owner / dream / agent), ``trusted``, ``recorded_at`` (UTC)."""

    text_hash: str
    origin: str
    trusted: bool
    recorded_at: datetime | None = None


@dataclass(frozen=True)
class MemoryFile:
    """The content of a memory file.

    ``fixed`` / ``dynamic``: the documents as stored (None: the file does not carry that
    part, e.g. a plain Markdown file has no dynamic memory); ``provenance`` for fixed
    entries; ``assistant`` and ``exported_at`` (UTC) as recorded by the exporter;
    ``plain``: a Markdown document without ChatHub's markers (written by hand or by
    another app), whose entries the importing user owns.
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


def _iso(value: datetime | None) -> str | None:
    return value.isoformat() if value is not None else None


def _provenance_json(p: Provenance) -> dict[str, object]:
    return {"hash": p.text_hash, "origin": p.origin, "trusted": p.trusted, "recorded_at": _iso(p.recorded_at)}


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


def _when(value: object, where: str) -> datetime | None:
    if value is None:
        return None
    if not isinstance(value, str):
        raise MemoryFileError(f"{where} must be an ISO 8601 time, not {type(value).__name__}")
    try:
        parsed = datetime.fromisoformat(value)
    except ValueError:
        raise MemoryFileError(f"{where} is not an ISO 8601 time: {value[:40]!r}") from None
    if parsed.tzinfo is None:
        raise MemoryFileError(f"{where} has no time zone: {value[:40]!r}")
    return parsed


def _provenance(items: object, where: str) -> tuple[Provenance, ...]:
    if items is None:
        return ()
    if not isinstance(items, list):
        raise MemoryFileError(f"{where} must be a list")
    out = []
    for i, item in enumerate(items):
        at = f"{where}[{i}]"
        if not isinstance(item, dict):
            raise MemoryFileError(f"{at} must be an object")
        h, origin, trusted = item.get("hash"), item.get("origin"), item.get("trusted", True)
        if not isinstance(h, str) or not re.fullmatch(r"[0-9a-f]{64}", h):
            raise MemoryFileError(f"{at}.hash must be a 64-character sha256 hex string")
        if origin not in ORIGINS:
            raise MemoryFileError(f"{at}.origin must be one of {', '.join(ORIGINS)}, not {origin!r}")
        if not isinstance(trusted, bool):
            raise MemoryFileError(f"{at}.trusted must be true or false")
        out.append(Provenance(h, str(origin), trusted, _when(item.get("recorded_at"), f"{at}.recorded_at")))
    return tuple(out)


def _document(part: object, where: str) -> str | None:
    if part is None:
        return None
    if not isinstance(part, dict) or not isinstance(part.get("document"), str):
        raise MemoryFileError(f"{where} must be an object with a text \"document\"")
    return str(part["document"])


def _parse_json(text: str) -> MemoryFile:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise MemoryFileError(f"not valid JSON: {exc.msg} at line {exc.lineno}, column {exc.colno}") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise MemoryFileError(f"not a ChatHub memory file (expected \"format\": \"{FORMAT}\")")
    if data.get("version") != VERSION:
        raise MemoryFileError(f"memory file version {data.get('version')!r} is not supported (this app reads {VERSION})")
    assistant = data.get("assistant")
    return MemoryFile(
        fixed=_document(data.get("fixed"), "fixed"),
        dynamic=_document(data.get("dynamic"), "dynamic"),
        provenance=_provenance(data.get("provenance"), "provenance"),
        assistant=assistant if isinstance(assistant, str) else None,
        exported_at=_when(data.get("exported_at"), "exported_at"),
    )


def _parse_markdown(text: str) -> MemoryFile:
    if not text.startswith(_MD_MAGIC):
        head = text.lstrip()[:1]
        if head in ("[", "{"):
            try:
                json.loads(text)
            except json.JSONDecodeError:
                pass
            else:  # JSON, but not ours: never store it as a memory document
                raise MemoryFileError("this is JSON but not a ChatHub memory file (a ChatGPT export is "
                                      "imported with File → Import → ChatGPT export, or `import chatgpt`)")
        return MemoryFile(fixed=text, dynamic=None, plain=True)
    docs: dict[str, str] = {}
    pos = 0
    while (m := _BLOCK.search(text, pos)) is not None:
        kind, n = m.group(1), int(m.group(2))
        start = m.end()
        end = start + n
        close = f"\n<!-- /chathub:{kind} -->"
        if kind in docs:
            raise MemoryFileError(f"the {kind} memory block appears twice")
        if text[end:end + len(close)] != close:
            raise MemoryFileError(f"the {kind} memory block is damaged: it should hold exactly {n} characters")
        docs[kind] = text[start:end]
        pos = end + len(close)
    prov_match = _PROVENANCE.search(text, pos)
    if prov_match is None:  # the exporter always ends with it: the file was cut short
        raise MemoryFileError("the file is damaged: its provenance block at the end is missing or cut off")
    try:
        prov = _provenance(json.loads(prov_match.group(1)), "provenance")
    except json.JSONDecodeError:
        raise MemoryFileError("the file is damaged: its provenance block at the end is not valid JSON") from None
    title = re.search(r"^# Memory of (.+)$", text[:pos or len(text)], re.M)
    return MemoryFile(fixed=docs.get("fixed"), dynamic=docs.get("dynamic"), provenance=prov,
                      assistant=title.group(1).strip() if title else None)


def parse(text: str) -> MemoryFile:
    """Read a memory file: JSON when its first non-blank character is ``{``, else
    Markdown. Raises :class:`MemoryFileError` for anything unreadable or a file that
    carries neither document."""
    text = text.removeprefix("\ufeff")
    if not text.strip():
        raise MemoryFileError("the file is empty")
    mf = _parse_json(text) if text.lstrip().startswith("{") else _parse_markdown(text)
    if mf.fixed is None and mf.dynamic is None:
        raise MemoryFileError("the file holds neither fixed nor dynamic memory")
    return mf
