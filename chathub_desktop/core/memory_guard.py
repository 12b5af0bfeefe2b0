"""What the model's memory tools refuse before they change anything (issue 18; MEM-4,
MEM-5, REF-16). Pure, no I/O; :func:`~chathub_desktop.core.memory_tools.run_tool` asks
:func:`refusal` first.

- **No duplicates by rewording**: an ``add`` (or an ``update``'s new text) that repeats a
  stored entry — equal after case and whitespace normalization, or a REF-16
  near-duplicate — writes nothing and says "already stored as #N".
- **No ambiguous update**: an ``update`` whose ``match`` is not in entry ``number`` but is
  in two or more other entries is refused with the candidate numbers.
- **Paused entries** (the user paused them): not offered — ``update`` / ``delete`` /
  ``readMemory`` of one answer as if it did not exist, and an ``add`` repeating one is
  refused without naming it.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Mapping

from chathub_desktop.core import fixed_memory as fm
from chathub_desktop.core.memory_diff import duplicate_of
from chathub_desktop.core.memory_documents import MemoryDocument


def _dump(obj: dict[str, object]) -> str:
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))


def _number(value: object) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str) and value.strip().lstrip("#").isdecimal():
        return int(value.strip().lstrip("#"))
    return None


def _already(number: int, paused: Collection[int]) -> str:
    if number in paused:
        return _dump({"ok": False, "error": "already_stored",
                      "message": "Already stored (the user paused that entry). Nothing saved."})
    return _dump({"ok": False, "error": "already_stored", "number": number,
                  "message": f"Already stored as #{number}. Nothing saved."})


def refusal(name: str, args: Mapping[str, object], doc: str, paused: Collection[int] = ()) -> str | None:
    """The tool result refusing call ``name`` with ``args`` on fixed-memory document
    ``doc`` (``paused``: numbers of paused entries), or None to let it run. Malformed
    arguments are left to the tool itself (its own ``invalid_arguments`` result)."""
    if name == "add":
        text = args.get("text")
        if not isinstance(text, str) or not fm.clean_text(text):
            return None
        found = duplicate_of(fm.clean_text(text), [(e.number, e.text) for e in fm.entries(doc)])
        return None if found is None else _already(found, paused)
    number = _number(args.get("number"))
    if number is None:
        return None
    source = args.get("source", MemoryDocument.FIXED)
    if number in paused and (name in ("update", "delete") or (name == "readMemory" and source == MemoryDocument.FIXED)):
        return _dump({"ok": False, "error": "not_found",
                      "message": f"No entry #{number}. Use searchMemory to find it."})
    if name != "update":
        return None
    items = [e for e in fm.entries(doc) if e.number not in paused]
    match, new_text = args.get("match"), args.get("new_text")
    target = next((e for e in items if e.number == number), None)
    if isinstance(match, str) and match and target is not None and match not in target.text:
        candidates = [e.number for e in items if match in e.text]
        if len(candidates) >= 2:
            return _dump({"ok": False, "error": "ambiguous", "candidates": candidates,
                          "message": f"Entry #{number} does not contain that match text, and entries "
                                     f"{', '.join(f'#{n}' for n in candidates)} all do. Nothing changed; "
                                     "retry with the number of the one you mean."})
    if isinstance(new_text, str) and fm.clean_text(new_text) and target is not None:
        others = [(e.number, e.text) for e in fm.entries(doc) if e.number != number]
        found = duplicate_of(fm.clean_text(new_text), others)
        if found is not None:
            return _already(found, paused)
    return None
