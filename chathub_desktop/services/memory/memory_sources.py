"""Where imported fixed-memory entries came from (issue 15 "Paste what another assistant
remembers"; MEM-7 provenance).

An entry added by "Import from another assistant…" (pasted text, or the memory of a
Claude.ai export zip) or by a memory file import has a *source note*: app_setting
``memory-source:<assistant id>`` holds ``{text hash: {"source": "Claude", "file":
"data-2026-11-30.zip" (optional), "at": ISO 8601 UTC}}``. The note follows the entry's
text: an edited entry (a new text) has none. The Memory page shows it in the entry's
provenance (a chip and the tooltip): :meth:`ImportSource.line` → ``imported from Claude
(export data-2026-11-30.zip, 2026-11-30)``. Notes are written inside the caller's write
transaction (the one that adds the entries).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime

from chathub_desktop.core import fixed_memory as fm
from chathub_desktop.core.clock import utcnow
from chathub_desktop.storage.memory_source_notes import SOURCE_KEY_PREFIX, add_notes, read_notes
from chathub_desktop.storage.session import Session

__all__ = ["MEMORY_FILE_SOURCE", "SOURCE_KEY_PREFIX", "ImportSource", "import_source", "note_sources", "read_notes"]

#: The source noted for entries a memory file brings in (issue 15; the file name goes with it).
#: Here, not in the transfer service, so the Memory page names it without loading imports.
MEMORY_FILE_SOURCE = "a memory file"
#: Longest source name and file name kept (characters).
MAX_NAME = 60
MAX_FILE = 120


def note_sources(s: Session, assistant_id: int, texts: Iterable[str], source: str, *, file: str | None = None,
                 at: datetime | None = None) -> None:
    """Note ``source`` (an assistant's name, at most :data:`MAX_NAME` characters), the
    ``file`` it came in (its name, optional) and the time ``at`` (UTC, default now) for
    every entry text of ``texts``, in the caller's write transaction ``s``."""
    note: dict[str, str] = {"source": fm.clean_text(source)[:MAX_NAME] or "another assistant",
                            "at": (at or utcnow()).isoformat()}
    if file:
        note["file"] = fm.clean_text(file)[:MAX_FILE]
    add_notes(s, assistant_id, {fm.text_hash(t): note for t in texts})


@dataclass(frozen=True)
class ImportSource:
    """Where one imported entry came from: the assistant's ``name`` (``"Claude"``), the
    ``file`` it came in (None when pasted) and the UTC ``day`` of the import (ISO, None
    when unrecorded)."""

    name: str
    file: str | None = None
    day: str | None = None

    def line(self) -> str:
        """``imported from Claude (export data.zip, 2026-11-30)``; without a file
        ``imported from ChatGPT (2026-11-30)``."""
        parts = ([f"export {self.file}"] if self.file else []) + ([self.day] if self.day else [])
        return f"imported from {self.name}" + (f" ({', '.join(parts)})" if parts else "")


def import_source(note: Mapping[str, str] | None) -> ImportSource | None:
    """The :class:`ImportSource` of a note (None for no note)."""
    if note is None:
        return None
    try:
        day: str | None = datetime.fromisoformat(note.get("at", "")).date().isoformat()
    except ValueError:
        day = None
    return ImportSource(note["source"], note.get("file") or None, day)
