"""The model's memory tools and the trust check for its writes (MEM-4, MEM-5, MEM-7, REF-2..REF-7).

Pure, no I/O. :data:`MEMORY_TOOLS` are the specs offered in a one-to-one regular topic
with memory on; :func:`run_tool` applies one call to a fixed-memory document and
returns the JSON result text for the model plus the new document (the service stores
it and the provenance). Tool results are JSON objects; failures are results with
``"ok": false`` and an ``error`` code, never exceptions, so the model can retry in the
same turn.

Result sizes are measured in UTF-16 code units (what the web product's string lengths
count); readMemory results stay under :data:`RESULT_LIMIT` (REF-5).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Protocol

from chathub_desktop.core import fixed_memory as fm
from chathub_desktop.core import memory_guard
from chathub_desktop.core.memory_documents import DYNAMIC, FIXED
from chathub_desktop.core.memory_search import (
    DEFAULT_LIMIT,
    MAX_LIMIT,
    PAGE_UNITS,
    MemoryIndex,
    read_page,
    utf16_len,
)
from chathub_desktop.core.messages import ToolSpec
from chathub_desktop.core.recall_tools import RECALL_TOOL_NAMES
from chathub_desktop.core.stored_text import describe_unstorable, first_unstorable

ADD, UPDATE, DELETE, SEARCH, READ = "add", "update", "delete", "searchMemory", "readMemory"


#: Names of the memory tools; their own results never taint a write (REF-7).
MEMORY_TOOL_NAMES: frozenset[str] = frozenset({ADD, UPDATE, DELETE, SEARCH, READ})

#: REF-5: a readMemory result serializes to fewer than this many UTF-16 code units.
RESULT_LIMIT = 8000

#: Failure results list current entries only up to about this many characters; a
#: longer listing is a window around the requested number (the full list can be huge).
LISTING_LIMIT = 6000

#: Longest fixed entry the model may write with add/update, in characters (after
#: cleaning): a fact or a preference, not a document (issue 12; the user's own
#: editor has no such cap).
AGENT_ENTRY_MAX_CHARS = 2000

#: REF-7: how many of the topic's latest tool messages the trust check looks at.
TRUST_WINDOW = 10

#: Tool names of web browsing (ChatGPT exports and common vendor built-ins).
WEB_TOOL_NAMES: frozenset[str] = frozenset(
    {"browser", "web", "web.run", "web_search", "web_search_preview", "web_fetch",
     "myfiles_browser", "browse", "search", "fetch"}
)
#: Content types that carry fetched web text (ChatGPT exports).
WEB_CONTENT_TYPES: frozenset[str] = frozenset(
    {"tether_browsing_display", "tether_quote", "sonic_webpage", "browsing_display"}
)
#: Built-in, non-browsing tools whose results do not carry third-party text.
BUILTIN_TOOL_NAMES: frozenset[str] = MEMORY_TOOL_NAMES | frozenset(
    {"python", "dalle", "dalle.text2im", "bio", "code_interpreter"}
)

_NUMBER_SCHEMA = {"type": "integer", "minimum": 1, "description": "The entry number, as in #N."}
_MATCH_SCHEMA = {
    "type": "string",
    "description": (
        "A short phrase copied exactly (case-sensitive) from that entry's current text, "
        "proving you are changing the entry you think you are."
    ),
}

#: The memory tools in offer order (MEM-4, MEM-5). Not user plugins.
MEMORY_TOOLS: tuple[ToolSpec, ...] = (
    ToolSpec(
        ADD,
        "Save one new fact, preference or standing instruction to this assistant's fixed "
        "memory. Use it when the user asks you to remember something, or states a durable "
        "preference. Returns the new entry's number.",
        {
            "type": "object",
            "properties": {"text": {"type": "string", "description": "The entry, one line, at most 2,000 characters."}},
            "required": ["text"],
            "additionalProperties": False,
        },
    ),
    ToolSpec(
        UPDATE,
        "Replace the text of one fixed-memory entry. Give its number and a phrase from its "
        "current text; if the phrase is not found (numbers shift after deletions) nothing "
        "changes and you get the current entries to retry with.",
        {
            "type": "object",
            "properties": {
                "number": _NUMBER_SCHEMA,
                "match": _MATCH_SCHEMA,
                "new_text": {"type": "string", "description": "The entry's new text, one line, at most 2,000 characters."},
            },
            "required": ["number", "match", "new_text"],
            "additionalProperties": False,
        },
    ),
    ToolSpec(
        DELETE,
        "Remove one fixed-memory entry, e.g. when the user asks you to forget something. "
        "Give its number and a phrase from its current text; on a mismatch nothing is "
        "removed and you get the current entries. Later entries are renumbered.",
        {
            "type": "object",
            "properties": {"number": _NUMBER_SCHEMA, "match": _MATCH_SCHEMA},
            "required": ["number", "match"],
            "additionalProperties": False,
        },
    ),
    ToolSpec(
        SEARCH,
        "Search this assistant's memory (fixed entries and dream cards) by keywords; works "
        "for any language including Chinese, Japanese and Korean. Returns the best hits "
        "with entry numbers and short snippets. Use it when the injected memory was "
        "truncated or you need a detail you do not see.",
        {
            "type": "object",
            "properties": {
                "query": {"type": "string", "description": "Keywords or a phrase."},
                "limit": {
                    "type": "integer", "minimum": 1, "maximum": MAX_LIMIT,
                    "description": f"How many hits (default {DEFAULT_LIMIT}).",
                },
            },
            "required": ["query"],
            "additionalProperties": False,
        },
    ),
    ToolSpec(
        READ,
        "Read one memory item in full: a fixed-memory entry, or a dream card with source "
        "\"dynamic\" (use the source and number of a searchMemory hit). Long items come in "
        "pages: when the result says truncated, call again with offset set to nextOffset "
        "until truncated is false.",
        {
            "type": "object",
            "properties": {
                "source": {
                    "type": "string", "enum": [FIXED, DYNAMIC],
                    "description": "\"fixed\" for a fixed-memory entry (the default) or \"dynamic\" "
                                   "for a dream card, as in a searchMemory hit.",
                },
                "number": {"type": "integer", "minimum": 1,
                           "description": "The entry or card number, as in #N or a searchMemory hit."},
                "offset": {
                    "type": "integer", "minimum": 0,
                    "description": "Where to continue (nextOffset of the previous page); default 0.",
                },
            },
            "required": ["number"],
            "additionalProperties": False,
        },
    ),
)


@dataclass(frozen=True, slots=True)
class ToolOutcome:
    """What one memory tool call did.

    - ``result_json``: the tool result for the model (a JSON object as text).
    - ``new_doc``: the new fixed-memory document, or None when nothing changed.
    - ``written_texts``: entry texts this call wrote (add/update), for provenance (REF-7).
    """

    result_json: str
    new_doc: str | None = None
    written_texts: list[str] = field(default_factory=list)


class _ToolTrace(Protocol):
    @property
    def tool_name(self) -> str | None: ...

    @property
    def content_type(self) -> str | None: ...


def is_external_tool_output(tool_name: str | None, content_type: str | None = None) -> bool:
    """True when a tool message carries third-party text (REF-7, MEM-7).

    External: web-browsing content types (``tether_browsing_display``,
    ``tether_quote`` ...), web-browsing tool names (``browser``, ``web``, ``web.*`` ...),
    MCP-style names (starting ``mcp`` or containing ``__``) and every other tool not
    in :data:`BUILTIN_TOOL_NAMES` (including a nameless tool message). The memory
    tools' own results are never external; the recall tools' always are (issue 26:
    text from earlier conversations is data, not the user speaking now).
    """
    name = (tool_name or "").strip()
    if name in MEMORY_TOOL_NAMES:
        return False
    if name in RECALL_TOOL_NAMES:
        return True
    if (content_type or "").strip().lower() in WEB_CONTENT_TYPES:
        return True
    low = name.lower()
    if low in WEB_TOOL_NAMES or low.startswith(("web.", "browser.")):
        return True
    if low.startswith("mcp") or "__" in low:
        return True
    return low not in BUILTIN_TOOL_NAMES


def write_is_untrusted(recent_tool_messages: Iterable[_ToolTrace]) -> bool:
    """True when a model memory write must be stored untrusted (REF-7, MEM-7).

    ``recent_tool_messages``: the topic's tool messages oldest → newest (objects with
    ``tool_name`` and ``content_type``). The memory tools' own results are skipped
    (they never taint, and cannot push an external result out of the window); of the
    rest, the last :data:`TRUST_WINDOW` (10) are checked with
    :func:`is_external_tool_output`.
    """
    others = [m for m in recent_tool_messages if (m.tool_name or "") not in MEMORY_TOOL_NAMES]
    return any(is_external_tool_output(m.tool_name, m.content_type) for m in others[-TRUST_WINDOW:])


# --- running a call ---------------------------------------------------------------------


class _ArgError(Exception):
    pass


def _dump(obj: dict[str, object]) -> str:
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))


def _error(code: str, message: str, **extra: object) -> str:
    return _dump({"ok": False, "error": code, "message": message, **extra})


def _args(arguments_json: str | None) -> dict[str, object]:
    text = (arguments_json or "").strip() or "{}"
    try:
        args = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise _ArgError(f"arguments are not valid JSON: {exc}") from None
    if not isinstance(args, dict):
        raise _ArgError("arguments must be a JSON object")
    return args


def _int(args: dict[str, object], key: str, *, default: int | None = None, minimum: int = 0) -> int:
    value = args.get(key)
    if value is None:
        if default is not None:
            return default
        raise _ArgError(f"missing required argument {key!r}")
    if isinstance(value, bool):
        raise _ArgError(f"{key!r} must be a whole number")
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, str) and value.strip().lstrip("#").isdecimal():
        value = int(value.strip().lstrip("#"))
    if not isinstance(value, int):
        raise _ArgError(f"{key!r} must be a whole number")
    if value < minimum:
        raise _ArgError(f"{key!r} must be at least {minimum}")
    return value


def _str(args: dict[str, object], key: str) -> str:
    value = args.get(key)
    if value is None:
        raise _ArgError(f"missing required argument {key!r}")
    if not isinstance(value, str):
        raise _ArgError(f"{key!r} must be a string")
    return value


def _refuse_text(text: str, key: str) -> str | None:
    """The failure result for an entry text the model may not write, else None: over
    :data:`AGENT_ENTRY_MAX_CHARS` (``too_long``; the text is not echoed back) or holding
    a NUL character or a lone surrogate (``invalid_text``; no store keeps them)."""
    if len(text) > AGENT_ENTRY_MAX_CHARS:
        return _error("too_long", f"{key} has {len(text):,} characters; an entry you write holds at most "
                      f"{AGENT_ENTRY_MAX_CHARS:,}. Nothing saved. Save a short summary instead, or split "
                      "it into a few entries.", length=len(text), limit=AGENT_ENTRY_MAX_CHARS)
    bad = first_unstorable(text)
    if bad is not None:
        return _error("invalid_text", f"{key} holds {describe_unstorable(text[bad])} at position {bad}, "
                      "which memory cannot store. Nothing saved. Remove it and retry.")
    return None


def _bounded_listing(items: Sequence[str], number: int | None) -> tuple[list[str], bool]:
    """The listing, or a window around ``number`` when it exceeds :data:`LISTING_LIMIT`."""
    if sum(len(s) + 3 for s in items) <= LISTING_LIMIT:
        return list(items), False
    centre = min(max((number or 1) - 1, 0), len(items) - 1)
    lo = hi = centre
    size = len(items[centre]) + 3
    while True:
        grew = False
        if lo > 0 and size + len(items[lo - 1]) + 3 <= LISTING_LIMIT:
            lo -= 1
            size += len(items[lo]) + 3
            grew = True
        if hi < len(items) - 1 and size + len(items[hi + 1]) + 3 <= LISTING_LIMIT:
            hi += 1
            size += len(items[hi]) + 3
            grew = True
        if not grew:
            return list(items[lo : hi + 1]), True


_EDIT_MESSAGES = {
    "not_found": "No entry #{n}. Nothing changed. The current entries are listed; retry with the right number.",
    "mismatch": "Entry #{n} does not contain that match text (numbers may have shifted). Nothing changed. The current entries are listed; retry.",
    "empty_match": "match must be a non-empty phrase from the entry's current text. Nothing changed.",
    "empty_text": "new_text is empty. Nothing changed; use delete to remove an entry.",
}


def _edit_result(res: fm.MemoryEditResult, number: int) -> str:
    listed, cut = _bounded_listing(res.entries, number)
    extra: dict[str, object] = {"entries": listed, "entryCount": len(res.entries)}
    if cut:
        extra["listingCut"] = True
    return _error(res.status, _EDIT_MESSAGES[res.status].format(n=number), **extra)


@lru_cache(maxsize=4)
def _entries_for(doc: str) -> tuple[fm.Entry, ...]:
    """Parsed entries of a document, cached (readMemory pages re-read the same memory)."""
    return tuple(fm.entries(doc))


@lru_cache(maxsize=4)
def _index_for(doc: str, dynamic_key: tuple[tuple[int, str], ...]) -> MemoryIndex:
    return MemoryIndex(_entries_for(doc), [fm.Entry(n, t) for n, t in dynamic_key])


def _read_result(entry: fm.Entry, offset: int, source: str) -> str:
    units = PAGE_UNITS
    while True:
        page = read_page(entry.text, offset, units)
        obj: dict[str, object] = {
            "ok": True, "source": source, "number": entry.number, "offset": page.offset, "length": page.total,
            "text": page.text, "truncated": page.truncated,
        }
        if page.next_offset is not None:
            obj["nextOffset"] = page.next_offset
        out = _dump(obj)
        size = utf16_len(out)
        if size < RESULT_LIMIT or units <= 2:
            return out
        # Escapes (\n, \", control characters) made the result too long: shrink the page.
        units = max(2, min(units - 1, int(units * (RESULT_LIMIT - 200) / size)))


def run_tool(
    name: str,
    arguments_json: str | None,
    doc: str,
    *,
    dynamic_cards: Sequence[fm.Entry] = (),
    paused: frozenset[int] = frozenset(),
) -> ToolOutcome:
    """Apply one memory tool call to fixed-memory document ``doc`` (MEM-4, MEM-5, REF-2..REF-5).

    - ``add(text)`` → ``{"ok":true,"number":N,"text":...}``; the entry gets highest N + 1.
    - ``add``/``update`` refuse a text over :data:`AGENT_ENTRY_MAX_CHARS` characters
      (``too_long``, with ``length`` and ``limit``, the text not echoed) or holding a NUL
      or lone surrogate (``invalid_text``); nothing changes then.
    - ``update(number, match, new_text)`` / ``delete(number, match)`` → ok, or a failure
      result (``not_found``, ``mismatch``, ``empty_match``, ``empty_text``) carrying the
      current entries (``#N: text``, cut to 80 characters + ``…``; a window around
      ``number`` when the whole list would exceed :data:`LISTING_LIMIT`).
    - ``searchMemory(query, limit?)`` → ``{"ok":true,"hits":[{source,number,score,snippet}]}``
      over the entries and ``dynamic_cards``.
    - ``readMemory(number, offset?, source?)`` → one page of fixed entry ``number``, or
      with ``source`` ``"dynamic"`` of dream card ``number`` of ``dynamic_cards`` (its
      visible text): ``source``, ``number``, ``text``, ``offset``, ``length`` (UTF-16
      code units), ``truncated``, and ``nextOffset`` when cut. Under 8,000 units.

    Bad JSON, missing or mistyped arguments and unknown tools give ``invalid_arguments``
    / ``unknown_tool`` results. Never raises; ``new_doc`` is None unless ``doc`` changed.

    ``paused``: numbers of fixed entries the user paused; with the duplicate and
    ambiguity rules they are applied first by :func:`memory_guard.refusal` (issue 18),
    and searchMemory leaves them out. ``dynamic_cards`` come without paused cards.
    """
    try:
        args = _args(arguments_json)
        refused = memory_guard.refusal(name, args, doc, paused)
        if refused is not None:
            return ToolOutcome(refused)
        if name == ADD:
            text = fm.clean_text(_str(args, "text"))
            if not text:
                return ToolOutcome(_error("empty_text", "text is empty. Nothing saved."))
            refused = _refuse_text(text, "text")
            if refused is not None:
                return ToolOutcome(refused)
            new_doc, number = fm.append(doc, text)
            return ToolOutcome(_dump({"ok": True, "number": number, "text": text}), new_doc, [text])
        if name == UPDATE:
            number = _int(args, "number", minimum=0)
            new_text = _str(args, "new_text")
            refused = _refuse_text(fm.clean_text(new_text), "new_text")
            if refused is not None:
                return ToolOutcome(refused)
            res = fm.update(doc, number, _str(args, "match"), new_text)
            if not res.ok:
                return ToolOutcome(_edit_result(res, number))
            return ToolOutcome(
                _dump({"ok": True, "number": number, "text": res.new_text, "previous": res.old_text}),
                res.doc,
                [res.new_text or ""],
            )
        if name == DELETE:
            number = _int(args, "number", minimum=0)
            res = fm.delete(doc, number, _str(args, "match"))
            if not res.ok:
                return ToolOutcome(_edit_result(res, number))
            return ToolOutcome(
                _dump({"ok": True, "deleted": number, "text": res.old_text,
                       "note": "Later entries were renumbered."}),
                res.doc,
            )
        if name == SEARCH:
            query = _str(args, "query")
            limit = min(MAX_LIMIT, _int(args, "limit", default=DEFAULT_LIMIT, minimum=1))
            key = tuple((c.number, c.text) for c in dynamic_cards)
            hits = [h for h in _index_for(doc, key).search(query, limit + len(paused))
                    if h.source != FIXED or h.number not in paused][:limit]
            return ToolOutcome(_dump({
                "ok": True,
                "hits": [
                    {"source": h.source, "number": h.number, "score": round(h.score, 4),
                     "snippet": h.snippet}
                    for h in hits
                ],
            }))
        if name == READ:
            number = _int(args, "number", minimum=0)
            offset = _int(args, "offset", default=0, minimum=0)
            source = args.get("source", FIXED)
            if source not in (FIXED, DYNAMIC):
                raise _ArgError(f"'source' must be {FIXED!r} or {DYNAMIC!r}")
            items = _entries_for(doc) if source == FIXED else dynamic_cards
            found = next((e for e in items if e.number == number), None)
            what = "entry" if source == FIXED else "dream card"
            if found is None:
                return ToolOutcome(_error("not_found", f"No {what} #{number}. Use searchMemory to find it."))
            total = utf16_len(found.text)
            if offset > total:
                return ToolOutcome(_error("bad_offset", f"offset {offset} is past the {what}'s end ({total})."))
            return ToolOutcome(_read_result(found, offset, str(source)))
        return ToolOutcome(_error("unknown_tool", f"unknown memory tool {name!r}"))
    except _ArgError as exc:
        return ToolOutcome(_error("invalid_arguments", str(exc)))
