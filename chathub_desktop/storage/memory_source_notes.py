"""SQL for the source notes of imported fixed-memory entries (issue 15, MEM-7).

``app_setting`` row ``memory-source:<assistant id>`` holds ``{text hash: {"source",
"at", "file" (optional)}}``; ``services.memory.memory_sources`` describes the notes and shows
them. Both functions take the caller's session: a note is written in the same
``Database.write()`` transaction that adds its entries.
"""

from __future__ import annotations

from collections.abc import Mapping

from sqlalchemy.orm import Session

from chathub_desktop.storage.models import AppSetting

__all__ = ["SOURCE_KEY_PREFIX", "add_notes", "read_notes"]

#: ``app_setting`` key prefix of the sources noted for imported entries (issue 15).
SOURCE_KEY_PREFIX = "memory-source:"


def read_notes(s: Session, assistant_id: int) -> dict[str, dict[str, str]]:
    """Text hash → note (``source``, ``at``, maybe ``file``) of ``assistant_id``'s
    imported entries; ``{}`` when none were imported (malformed values are skipped)."""
    row = s.get(AppSetting, f"{SOURCE_KEY_PREFIX}{assistant_id}")
    raw = row.value if row is not None and isinstance(row.value, dict) else {}
    return {h: n for h, n in raw.items() if isinstance(n, dict) and isinstance(n.get("source"), str)}


def add_notes(s: Session, assistant_id: int, notes: Mapping[str, Mapping[str, str]]) -> None:
    """Merge ``notes`` (text hash → note) into ``assistant_id``'s stored notes, in the
    caller's write transaction ``s`` (a hash already noted gets the new note)."""
    key = f"{SOURCE_KEY_PREFIX}{assistant_id}"
    row = s.get(AppSetting, key)
    merged = dict(row.value) if row is not None and isinstance(row.value, dict) else {}
    merged.update({h: dict(n) for h, n in notes.items()})
    if row is None:
        s.add(AppSetting(key=key, value=merged))
    else:
        row.value = merged
