"""Export and import of an assistant's memory documents (APP-5).

:meth:`MemoryTransfer.export` writes fixed memory, dynamic memory and the provenance of
fixed entries (origin, trust, when recorded) as JSON or Markdown
(:mod:`chathub_desktop.core.memory_export`). :meth:`MemoryTransfer.import_text` reads
either format back into an assistant in one transaction: the documents the file carries
replace the current ones (dynamic memory keeps the replaced version for Restore,
DRM-15), and provenance is restored for the entries it names. A plain Markdown document
is imported as fixed memory written by the owner. A bad file raises
:class:`InvalidInput` with a one-line reason and writes nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from sqlalchemy import delete, select

from chathub_desktop.core import dynamic_memory as dm
from chathub_desktop.core import fixed_memory as fm
from chathub_desktop.core import memory_export as mx
from chathub_desktop.services.assistant_service import AssistantService
from chathub_desktop.services.errors import InvalidInput
from chathub_desktop.storage.database import Database
from chathub_desktop.storage.models import (
    DynamicMemoryDocument,
    FixedMemoryDocument,
    MemoryProvenance,
    utcnow,
)

FORMATS = ("json", "markdown")


@dataclass(frozen=True)
class MemoryImportSummary:
    """What an import changed: fixed entries and dynamic cards now stored (None: that
    part was not in the file and was left alone) and provenance rows restored."""

    assistant_id: int
    fixed_entries: int | None
    dynamic_cards: int | None
    provenance_rows: int


class MemoryTransfer:
    """Memory files in and out of the store. ``on_change(assistant_id)`` runs after an
    import commits."""

    def __init__(self, db: Database, *, on_change: Callable[[int], None] | None = None) -> None:
        self._db = db
        self._on_change = on_change or (lambda _aid: None)

    def export(self, assistant: int | str, fmt: str = "json") -> str:
        """The memory file text of ``assistant`` in ``fmt`` (``json`` or ``markdown``).
        Raises :class:`InvalidInput` for another format, ``NotFound`` for the assistant."""
        if fmt not in FORMATS:
            raise InvalidInput(f"memory export format must be json or markdown, not {fmt!r}")
        with self._db.read() as s:
            a = AssistantService.row(s, assistant)
            fixed_row = s.get(FixedMemoryDocument, a.id)
            dyn_row = s.get(DynamicMemoryDocument, a.id)
            fixed = fixed_row.body if fixed_row else ""
            dynamic = dyn_row.body if dyn_row else ""
            rows = {r.text_hash: r for r in s.scalars(
                select(MemoryProvenance).where(MemoryProvenance.assistant_id == a.id))}
            name = a.name
        entries, provenance = [], []
        for e in fm.entries(fixed):
            r = rows.get(fm.text_hash(e.text))
            entries.append({"number": e.number, "text": e.text, "origin": r.origin if r else None,
                            "trusted": r.trusted if r else True,
                            "recorded_at": r.created_at.isoformat() if r else None})
            if r is not None:
                provenance.append(mx.Provenance(r.text_hash, r.origin, r.trusted, r.created_at))
        cards = [{"number": i, "tag": c.tag, "text": dm.visible_body(c)}
                 for i, c in enumerate(dm.parse_document(dynamic), 1)]
        mf = mx.MemoryFile(fixed, dynamic, tuple(provenance), name, utcnow(),
                           entries=tuple(entries), cards=tuple(cards))
        return mx.to_json(mf) if fmt == "json" else mx.to_markdown(mf)

    def import_text(self, assistant: int | str, text: str) -> MemoryImportSummary:
        """Replace ``assistant``'s memory with the file ``text`` (JSON or Markdown), in one
        transaction. Raises :class:`InvalidInput` naming what is wrong; nothing is written then."""
        try:
            mf = mx.parse(text)
        except mx.MemoryFileError as exc:
            raise InvalidInput(f"cannot import this memory file: {exc}") from None
        now = utcnow()
        with self._db.write() as s:
            a = AssistantService.row(s, assistant)
            aid = a.id
            restored = 0
            if mf.fixed is not None:
                doc = fm.normalize(mf.fixed) if mf.plain else mf.fixed  # an export comes back verbatim
                row = s.get(FixedMemoryDocument, aid, with_for_update=True)
                if row is None:
                    s.add(FixedMemoryDocument(assistant_id=aid, body=doc, updated_at=now))
                else:
                    row.body, row.updated_at = doc, now
                s.execute(delete(MemoryProvenance).where(MemoryProvenance.assistant_id == aid))
                by_hash = {p.text_hash: p for p in mf.provenance}
                for h in dict.fromkeys(fm.text_hash(e.text) for e in fm.entries(doc)):
                    p = by_hash.get(h)
                    if p is None and not mf.plain:
                        continue  # unrecorded in the export: stays unrecorded (trusted)
                    s.add(MemoryProvenance(
                        assistant_id=aid, text_hash=h, origin=p.origin if p else "owner",
                        trusted=p.trusted if p else True, created_at=(p.recorded_at if p and p.recorded_at else now),
                    ))
                    restored += 1
            if mf.dynamic is not None:
                drow = s.get(DynamicMemoryDocument, aid, with_for_update=True)
                if drow is None:
                    s.add(DynamicMemoryDocument(assistant_id=aid, body=mf.dynamic, backup_body="", updated_at=now))
                elif drow.body != mf.dynamic:
                    drow.backup_body, drow.body, drow.updated_at = drow.body, mf.dynamic, now
            fixed_n = None if mf.fixed is None else len(fm.entries(doc))
            dyn_n = None if mf.dynamic is None else len(dm.parse_document(mf.dynamic))
        self._on_change(aid)
        return MemoryImportSummary(aid, fixed_n, dyn_n, restored)
