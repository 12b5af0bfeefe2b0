"""Export and import of an assistant's memory documents (APP-5, issue 10 "Nothing lost").

:meth:`MemoryTransfer.export` writes fixed memory, dynamic memory and the provenance of
fixed entries (origin, trust, when recorded) as JSON or Markdown
(:mod:`chathub_desktop.core.memory_export`).

Import is two steps, so that nothing is written before the whole file has been checked
and the user has seen what will change:

1. :meth:`MemoryTransfer.preview_import` reads and checks the whole file (size, zip,
   binary, encoding, JSON depth, JSON that is not a memory file, a damaged Markdown
   export) and returns an :class:`ImportPreview`: fixed entries and dynamic cards before
   → after, and which provenance records stay, are replaced or are added. A bad file
   raises :class:`InvalidInput` with a one-line reason.
2. :meth:`MemoryTransfer.apply_import` stores the previewed documents in one
   ``db.write()``: the documents the file carries replace the current ones (dynamic
   memory keeps the replaced version for Restore, DRM-15) and provenance is restored for
   the entries the file names. If the assistant's memory changed since the preview, it
   raises :class:`ImportConflict` and writes nothing.

A plain Markdown/text document is imported as fixed memory: entry texts already recorded
keep their provenance, new ones are the owner's (REF-7).

Replace or Merge (issue 18 "Preview before replace"): Replace stores the file's documents
instead of the current ones; Merge (``mode=mx.ImportMode.MERGE``) adds the file's fixed entries to the
current ones, leaving out exact and near-duplicates and entries one there covers (the
paste's rule, :class:`RepeatIndex`; the user may tick a near or covered one back), and
leaves dynamic memory
as it is. Either preview lists the entries added, removed and edited
(:func:`~chathub_desktop.core.memory_diff.entry_changes`).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from pathlib import Path

from chathub_desktop.core import dynamic_memory as dm
from chathub_desktop.core import fixed_memory as fm
from chathub_desktop.core import memory_export as mx
from chathub_desktop.core.clock import utcnow
from chathub_desktop.core.memory_actions import ActionKind, ChangeAction
from chathub_desktop.core.memory_authors import ChangeAuthor, EntryOrigin
from chathub_desktop.core.memory_diff import EntryChanges, entry_changes
from chathub_desktop.core.memory_documents import DYNAMIC, FIXED
from chathub_desktop.core.memory_paste import RepeatIndex
from chathub_desktop.core.memory_repeats import Repeat, RepeatKind
from chathub_desktop.core.reasons import QT_TRANSLATE_NOOP, Reason
from chathub_desktop.core.secret_redaction import Redaction
from chathub_desktop.services.assistants.assistant_service import AssistantService
from chathub_desktop.services.breather import Breather
from chathub_desktop.services.errors import InvalidInput, ServiceError
from chathub_desktop.services.memory.memory_preview import count_reason
from chathub_desktop.services.memory.memory_sources import MEMORY_FILE_SOURCE, note_sources
from chathub_desktop.services.memory.secret_scan import redact_secrets
from chathub_desktop.services.transfer.memory_file_reader import CheckedFile, prepare, read_checked
from chathub_desktop.storage.database import Database
from chathub_desktop.storage.memory_change_queries import dynamic_row, put_back
from chathub_desktop.storage.memory_history import Author, authored
from chathub_desktop.storage.memory_transfer_rows import (
    memory_state,
    replace_pauses,
    replace_provenance,
)
from chathub_desktop.storage.session import Session

FORMATS = (mx.MemoryFileFormat.JSON, mx.MemoryFileFormat.MARKDOWN)
#: Import modes (issue 18): the file's documents replace the current ones, or its fixed
#: entries are added to them (duplicates skipped).
MODES = tuple(mx.ImportMode)
#: How the preview names each kind of file (``MemoryFile.kind``).
KIND_TEXT = {"json": QT_TRANSLATE_NOOP("ServiceReasons", "a ChatHub memory file (JSON)"),
                                                         "markdown": QT_TRANSLATE_NOOP(
                                                             "ServiceReasons", "a ChatHub memory file (Markdown)"),
                                                                                                         "plain": QT_TRANSLATE_NOOP("ServiceReasons", "a plain Markdown/text document (becomes fixed memory)")}


class ImportConflict(ServiceError):
    """The assistant's memory changed between the preview and the import; nothing was
    written. The message is user-facing."""


@dataclass(frozen=True)
class MemoryImportSummary:
    """What an import changed: fixed entries and dynamic cards now stored (None: that
    part was not in the file and was left alone) and provenance rows restored."""

    assistant_id: int
    fixed_entries: int | None
    dynamic_cards: int | None
    provenance_rows: int


@dataclass(frozen=True)
class MergeItem:
    """One fixed entry of a file a Merge offers (issue 30): its ``text``, the fixed entry
    it ``repeats`` (:class:`~chathub_desktop.core.memory_repeats.Repeat`: exactly, nearly
    — REF-16, or the paste's looser rule,
    :class:`~chathub_desktop.core.memory_paste.RepeatIndex` — or covered by it; an earlier
    entry of the same file is ``earlier``, numbered in the file; a paused one ``paused``;
    None when new) and whether the Merge ``added`` it (a repeat is left out unless the user ticks
    it; an exact one always is)."""

    text: str
    repeats: Repeat | None
    added: bool


@dataclass(frozen=True)
class ImportPreview:
    """What importing one checked memory file into one assistant will change.

    Counts: fixed entries and dynamic cards ``*_before`` → ``*_after`` (``*_after`` None:
    the file does not carry that part and it is kept); provenance records of fixed
    entries now (``provenance_before``), of which ``provenance_kept`` stay as they are and
    ``provenance_replaced`` are dropped or changed, plus ``provenance_added`` new ones;
    ``untrusted_after``: untrusted entries after the import (MEM-7). ``kind`` is the
    file's kind (``json`` / ``markdown`` / ``plain``). The documents and records to store
    and a fingerprint of the memory that was previewed travel with it, for
    :meth:`MemoryTransfer.apply_import`.
    """

    assistant_id: int
    assistant_name: str
    kind: str
    file_name: str | None
    fixed_before: int
    fixed_after: int | None
    dynamic_before: int
    dynamic_after: int | None
    provenance_before: int
    provenance_kept: int
    provenance_replaced: int
    provenance_added: int
    untrusted_after: int
    base: str = field(repr=False)
    fixed_document: str | None = field(repr=False)
    dynamic_document: str | None = field(repr=False)
    #: Records to store when fixed memory is replaced; ``recorded_at`` None → the import time.
    provenance: tuple[mx.Provenance, ...] = field(repr=False)
    #: Cards of the file shortened to the DRM-13 caps (or dropped by the document cap).
    dynamic_shortened: int = 0
    #: ``(document, text hash)`` of the items paused after the import (issue 18), for the
    #: documents the file carries.
    paused: tuple[tuple[str, str], ...] = field(default=(), repr=False)
    #: ``replace`` or ``merge`` (:data:`MODES`).
    mode: str = mx.ImportMode.REPLACE
    #: Merge: file entries added, and left out (repeats, or unticked by the user).
    merge_added: int = 0
    merge_skipped: int = 0
    #: Entries (cards, as ``"[tag] text"``) added / removed / edited; None: kept.
    fixed_changes: EntryChanges | None = field(default=None, repr=False)
    dynamic_changes: EntryChanges | None = field(default=None, repr=False)
    #: Kinds of likely secrets replaced by ``[redacted: KIND]`` in what is imported (issue 19).
    redacted: tuple[str, ...] = ()
    #: Merge: each fixed entry of the file, what it repeats and whether it is added (issue 30).
    merge_items: tuple[MergeItem, ...] = field(default=(), repr=False)
    #: The texts of the untrusted entries after the import, in document order (MEM-7;
    #: memhist54: "1 entry untrusted" did not say which).
    untrusted_texts: tuple[str, ...] = field(default=(), repr=False)
    #: Of :attr:`untrusted_texts`, those the import brings in or marks untrusted — not an
    #: entry in memory now that is untrusted already and stays so (walk56 #9: a Merge named
    #: it as if the import had marked it).
    untrusted_new: tuple[str, ...] = field(default=(), repr=False)

    def lines(self) -> list[str]:
        """The summary for the user, one line each: the file's kind, fixed memory, dynamic
        memory and provenance, before → after (the English of :meth:`line_reasons`)."""
        return [r.english() for r in self.line_reasons()]

    def line_reasons(self) -> list[Reason]:
        """:meth:`lines` typed (issue 27: the window says them in its language; the file's
        name, the counts and the redaction notice's kinds are data)."""
        kind = KIND_TEXT.get(self.kind)
        out = [Reason("%1: %2", (self.file_name or Reason(QT_TRANSLATE_NOOP("ServiceReasons", "the file")),
                                 Reason(kind) if kind else self.kind))]
        if self.mode == mx.ImportMode.MERGE and self.fixed_after is not None:
            # what the file's entries are, not how many the ticks add (walk55 #5: "skipped as
            # duplicates" counted near and covered ones, and the user may tick them back)
            new, exact, similar, earlier = self.merge_counts()
            line = Reason(QT_TRANSLATE_NOOP("ServiceReasons", "fixed memory: %1 now, none removed; the file's "
                                                              "entries: %2 new, %3 already in memory, %4 nearly "
                                                              "repeating an entry or covered by one"),
                          (count_reason(self.fixed_before, True), f"{new:,}", f"{exact:,}", f"{similar:,}"))
            if earlier:  # not in memory: a line above in the file (walk55b)
                line = line.with_notes(Reason(QT_TRANSLATE_NOOP("ServiceReasons", ", %1 repeating a line above it"),
                                              (f"{earlier:,}",)))
            out.append(line)
        elif self.fixed_after is None:
            out.append(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "fixed memory: unchanged, still %1 (the file has none)"),
                              (count_reason(self.fixed_before, True),)))
        else:
            doc = self.fixed_document or ""
            notes = sum(1 for line in doc.splitlines() if line.strip()) - self.fixed_after
            line = Reason(QT_TRANSLATE_NOOP("ServiceReasons", "fixed memory: %1 → %2"),
                          (count_reason(self.fixed_before, True), count_reason(self.fixed_after, True)))
            if notes > 0:
                line = line.with_notes(Reason(QT_TRANSLATE_NOOP("ServiceReasons", " and %1 of notes"), (Reason(
                    QT_TRANSLATE_NOOP("ServiceReasons", "%1 line") if notes == 1
                    else QT_TRANSLATE_NOOP("ServiceReasons", "%1 lines"), (f"{notes:,}",)),)))
            out.append(line.with_notes(Reason(QT_TRANSLATE_NOOP("ServiceReasons",
                                                                " (replaced; Memory → History can revert it)"))))
            if self.fixed_changes is not None:
                out.append(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "fixed entries: %1"),
                                  (self.fixed_changes.counts_reason(),)))
        if self.dynamic_after is None:
            out.append(Reason(QT_TRANSLATE_NOOP(
                "ServiceReasons", "dynamic memory: unchanged, still %1 (Merge adds fixed entries only)")
                              if self.mode == mx.ImportMode.MERGE
                              else QT_TRANSLATE_NOOP("ServiceReasons", "dynamic memory: unchanged, still %1 (the file has none)"),
                              (count_reason(self.dynamic_before, False),)))
        else:
            line = Reason(QT_TRANSLATE_NOOP("ServiceReasons", "dynamic memory: %1 → %2 (the current cards can be "
                                                              "restored%3)"),
                          (count_reason(self.dynamic_before, False), count_reason(self.dynamic_after, False),
                           Reason(QT_TRANSLATE_NOOP("ServiceReasons", "; %1 of the file shortened to the card and "
                                                                      "document caps"),
                                  (count_reason(self.dynamic_shortened, False),)) if self.dynamic_shortened else ""))
            out.append(line)
            if self.dynamic_changes is not None:
                out.append(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "dream cards: %1"),
                                  (self.dynamic_changes.counts_reason(),)))
        # who wrote each entry, said plainly (walk55 #5: "11 kept, 0 replaced, 1 new" of what?)
        if self.fixed_after is None:
            out.append(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "who wrote each entry (you, the assistant or a "
                                                                  "dream): unchanged for %1"),
                              (count_reason(self.provenance_before, True),)))
        else:
            if self.mode == mx.ImportMode.MERGE:
                line = Reason(QT_TRANSLATE_NOOP("ServiceReasons", "who wrote each entry: unchanged for the entries "
                                                                  "there; an added entry counts as written by you")
                              if self.kind == "plain"
                              else QT_TRANSLATE_NOOP("ServiceReasons", "who wrote each entry: unchanged for the "
                                                                       "entries there; an added entry keeps what the "
                                                                       "file says"))
            else:
                line = Reason(QT_TRANSLATE_NOOP("ServiceReasons", "who wrote each entry (you, the assistant or a "
                                                                  "dream): unchanged for %1, changed or removed for "
                                                                  "%2, first recorded for %3"),
                              (count_reason(self.provenance_kept, True), count_reason(self.provenance_replaced, True),
                               count_reason(self.provenance_added, True)))
            if self.untrusted_after:
                line = line.with_notes(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "; %1 untrusted"),
                                              (count_reason(self.untrusted_after, True),)))
            out.append(line)
        notice = Redaction("", self.redacted).notice_reason("the imported memory")
        if notice is not None:
            out.append(notice)
        return out

    def merge_counts(self) -> tuple[int, int, int, int]:
        """Merge: how many of the file's fixed entries are new, exact repeats of memory,
        near repeats of memory or covered by an entry, and repeats of an earlier entry of
        the file (:attr:`merge_items`; issue 30, walk55b)."""
        earlier = sum(1 for m in self.merge_items if m.repeats is not None and m.repeats.earlier)
        kinds = [m.repeats.kind if m.repeats is not None else None for m in self.merge_items
                 if m.repeats is None or not m.repeats.earlier]
        exact = kinds.count(RepeatKind.EXACT)
        return kinds.count(None), exact, len(kinds) - kinds.count(None) - exact, earlier

    def summary(self) -> str:
        """:meth:`lines` joined with newlines."""
        return "\n".join(self.lines())

    def to_json(self) -> dict[str, object]:
        """The counts as a JSON-ready dict (for ``--json``)."""
        def changes(c: EntryChanges | None) -> dict[str, int] | None:
            return None if c is None else {"added": len(c.added), "removed": len(c.removed),
                                           "edited": len(c.edited)}

        return {"assistant_id": self.assistant_id, "assistant": self.assistant_name, "kind": self.kind,
                "file": self.file_name, "mode": self.mode,
                "merge": {"added": self.merge_added, "skipped": self.merge_skipped,
                          "new": self.merge_counts()[0], "exact": self.merge_counts()[1],
                          "near_or_covered": self.merge_counts()[2],
                          "repeating_earlier": self.merge_counts()[3]} if self.mode == mx.ImportMode.MERGE else None,
                "changes": {"fixed": changes(self.fixed_changes), "dynamic": changes(self.dynamic_changes)},
                "fixed": {"before": self.fixed_before, "after": self.fixed_after},
                "dynamic": {"before": self.dynamic_before, "after": self.dynamic_after,
                            "shortened": self.dynamic_shortened},
                "provenance": {"before": self.provenance_before, "kept": self.provenance_kept,
                               "replaced": self.provenance_replaced, "added": self.provenance_added},
                "untrusted_after": self.untrusted_after, "untrusted_new": len(self.untrusted_new),
                "redacted": list(self.redacted)}


@dataclass(frozen=True)
class _Record:
    origin: str
    trusted: bool
    created_at: datetime


@dataclass(frozen=True)
class _Current:
    """The assistant's memory as stored: documents and provenance by text hash."""

    fixed: str
    dynamic: str
    provenance: dict[str, _Record]
    #: ``(document, text hash)`` of the paused items (issue 18).
    paused: frozenset[tuple[str, str]] = frozenset()

    @property
    def fingerprint(self) -> str:
        h = hashlib.sha256()
        for part in (self.fixed, self.dynamic):
            h.update(part.encode("utf-8"))
            h.update(b"\x00")
        for key in sorted(self.provenance):
            r = self.provenance[key]
            h.update(f"{key}:{r.origin}:{int(r.trusted)}\n".encode())
        return h.hexdigest()


def _refused(name: str | None, exc: mx.MemoryFileError) -> InvalidInput:
    """The refusal of memory file ``name`` that ``exc`` found wrong, its frame (and the
    check's reason, when typed) said in the interface language (issue 27)."""
    what: str | Reason = name or Reason(QT_TRANSLATE_NOOP("ServiceReasons", "this file"))
    return InvalidInput(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "cannot import %1: %2; nothing was changed"),
                               (what, exc.reason or str(exc))))


def _current(s: Session, aid: int) -> _Current:
    fixed, dynamic, rows, paused = memory_state(s, aid)
    return _Current(fixed, dynamic, {h: _Record(o, t, c) for h, o, t, c in rows}, paused)


def _newly_untrusted(cur: _Current, untrusted: tuple[str, ...]) -> tuple[str, ...]:
    """Of the entries ``untrusted`` after an import, those it brings in or marks: all but
    the entries of fixed memory now that are untrusted already (MEM-7, walk56 #9)."""
    already: set[str] = set()
    for e in fm.entries(cur.fixed):
        h = fm.text_hash(e.text)
        r = cur.provenance.get(h)
        if r is not None and not r.trusted:
            already.add(h)
    return tuple(t for t in untrusted if fm.text_hash(t) not in already)


def _card_label(card: dm.Card) -> str:
    return f"[{card.display_tag}] {dm.visible_body(card)}"


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
            raise InvalidInput(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "memory export format must be json or "
                                                                          "markdown, not %1"), (repr(fmt),)))
        with self._db.read() as s:
            a = AssistantService.row(s, assistant)
            cur = _current(s, a.id)
            name = a.name
        entries: list[dict[str, object]] = []
        provenance: list[mx.Provenance] = []
        for e in fm.entries(cur.fixed):
            h = fm.text_hash(e.text)
            r = cur.provenance.get(h)
            paused = (FIXED, h) in cur.paused
            entries.append({"number": e.number, "text": e.text, "origin": r.origin if r else None,
                            "trusted": r.trusted if r else True,
                            "recorded_at": r.created_at.isoformat() if r else None,
                            **({"paused": True} if paused else {})})
            if r is not None:
                provenance.append(mx.Provenance(h, r.origin, r.trusted, r.created_at, paused))
            elif paused:  # an unrecorded entry counts as trusted (REF-7); the record carries its pause
                provenance.append(mx.Provenance(h, EntryOrigin.OWNER, True, None, True))
        cards: list[dict[str, object]] = []
        for i, c in enumerate(dm.parse_document(cur.dynamic), 1):
            text = dm.visible_body(c)
            paused = (DYNAMIC, fm.text_hash(text)) in cur.paused
            cards.append({"number": i, "tag": c.tag, "text": text, **({"paused": True} if paused else {})})
            if paused:
                provenance.append(mx.Provenance(fm.text_hash(text), EntryOrigin.DREAM, True, None, True, DYNAMIC))
        mf = mx.MemoryFile(cur.fixed, cur.dynamic, tuple(provenance), name, utcnow(),
                           entries=tuple(entries), cards=tuple(cards))
        return mx.to_json(mf) if fmt == mx.MemoryFileFormat.JSON else mx.to_markdown(mf)

    # --- import ------------------------------------------------------------------------------

    def read_file(self, path: Path, name: str | None = None) -> CheckedFile:
        """The memory file at ``path`` read and checked whole, and made ready to import
        (likely secrets redacted), without holding the interpreter lock long in this
        process (issue 30,
        :func:`~chathub_desktop.services.transfer.memory_file_reader.read_checked`): what
        :meth:`preview_import` and :meth:`rechoose` take, so a file is read once for the
        previews and the import. Raises :class:`InvalidInput` with a one-line reason."""
        try:
            return read_checked(path, name)
        except mx.MemoryFileError as exc:
            raise _refused(name or path.name, exc) from None

    def preview_import(self, assistant: int | str, source: Path | bytes | str | CheckedFile, *,
                       name: str | None = None, mode: str = mx.ImportMode.REPLACE,
                       take: Sequence[bool] | None = None) -> ImportPreview:
        """Check the whole memory file ``source`` (a path, the file's bytes, or its text;
        or the file :meth:`read_file` read) and say what importing it into ``assistant``
        would change. Writes nothing.

        ``name`` is the file name shown in the summary (a path gives its own); a ``.json``
        name must hold JSON. Raises :class:`InvalidInput` with a one-line reason for a file
        that is not a memory file or a plain Markdown/text document, or whose dynamic
        memory is far over the DRM-13 caps for the assistant's Keep dream cards
        (:func:`~memory_export.check_dynamic_caps`; within them it is cut to the caps and
        the preview says how many cards were shortened), ``NotFound`` for the assistant.
        ``mode``: ``replace`` (default) or ``merge`` (:data:`MODES`, issue 18). ``take``
        (Merge): per fixed entry of the file, whether to add it — the user's ticks; None
        adds the new ones and leaves out the repeats (issue 30); an exact repeat is never
        added. A ``take`` of another length than the file's entries is refused."""
        if mode not in MODES:
            raise InvalidInput(Reason(QT_TRANSLATE_NOOP(
                "ServiceReasons", "import mode must be replace or merge, not %1"),
                                      (repr(mode),)))
        if isinstance(source, Path):
            name = name or source.name
            source = self.read_file(source, name)
        if not isinstance(source, CheckedFile):
            try:
                source = prepare(mx.read(source, name) if isinstance(source, bytes) else mx.parse(source))
            except mx.MemoryFileError as exc:
                raise _refused(name, exc) from None
        mf, fixed_doc, kinds = source.file, source.fixed, source.redacted
        file_hash = source.file_hash  # redacted entry text hash → the file's (for its provenance)
        with self._db.read() as s:
            a = AssistantService.row(s, assistant)
            cur = _current(s, a.id)
            aid, aname, keep = a.id, a.name, a.keep_dream_cards
        if mode == mx.ImportMode.MERGE:
            return self._merge_preview(aid, aname, mf, name, fixed_doc, cur, kinds, take)
        dynamic_doc, shortened = None, 0
        if mf.dynamic is not None:  # DRM-13: an import meets the caps like every other write
            try:
                mx.check_dynamic_caps(mf.dynamic, keep)  # far over them: refused, not cut
            except mx.MemoryFileError as exc:
                raise _refused(name, exc) from None
            file_cards = dm.parse_document(mf.dynamic)
            capped = dm.enforce_caps(file_cards, keep)
            dyn_red = redact_secrets(dm.render_document(capped))
            dynamic_doc, kinds = dyn_red.text, kinds + dyn_red.kinds
            stored = set(capped)
            shortened = sum(1 for c in file_cards if c not in stored and dm.in_current_layout(c) not in stored)
        before = len(fm.entries(cur.fixed))
        dyn_before = len(dm.parse_document(cur.dynamic))
        records: tuple[mx.Provenance, ...] = ()
        kept = replaced = added = 0
        distrusted = tuple(e.text for e in fm.entries(cur.fixed)
                           if (r := cur.provenance.get(fm.text_hash(e.text))) is not None and not r.trusted)
        paused: list[tuple[str, str]] = []
        if dynamic_doc is not None:
            hidden = {p.text_hash for p in mf.provenance if p.document == DYNAMIC and p.paused}
            paused += [(DYNAMIC, h) for h in dict.fromkeys(
                fm.text_hash(dm.visible_body(c)) for c in dm.parse_document(dynamic_doc)) if h in hidden]
        if fixed_doc is not None:
            by_hash = {p.text_hash: p for p in mf.provenance if p.document == FIXED}
            if mf.plain:  # a plain document carries no pauses: entries paused now stay paused
                hidden = {h for d, h in cur.paused if d == FIXED}
            else:
                hidden = {p.text_hash for p in mf.provenance if p.document == FIXED and p.paused}
            paused += [(FIXED, h) for h in dict.fromkeys(fm.text_hash(e.text) for e in fm.entries(fixed_doc))
                       if h in hidden]
            out: list[mx.Provenance] = []
            for h in dict.fromkeys(fm.text_hash(e.text) for e in fm.entries(fixed_doc)):
                p = by_hash.get(file_hash.get(h, h))
                if p is not None and p.text_hash != h:
                    p = mx.Provenance(h, p.origin, p.trusted, p.recorded_at)
                if p is None and mf.plain:  # REF-7: a text already recorded keeps its origin
                    old = cur.provenance.get(h)
                    p = mx.Provenance(h, old.origin, old.trusted, old.created_at) if old is not None \
                        else mx.Provenance(h, "owner", True, None)
                if p is not None:  # unrecorded in an export: stays unrecorded (trusted)
                    out.append(p)
            records = tuple(out)
            new = {p.text_hash: (p.origin, p.trusted) for p in records}
            kept = sum(1 for h, r in cur.provenance.items() if new.get(h) == (r.origin, r.trusted))
            replaced = len(cur.provenance) - kept
            added = sum(1 for h in new if h not in cur.provenance)
            untrusted_hashes = {p.text_hash for p in records if not p.trusted}
            distrusted = tuple(e.text for e in fm.entries(fixed_doc) if fm.text_hash(e.text) in untrusted_hashes)
        return ImportPreview(
            assistant_id=aid, assistant_name=aname, kind=mf.kind, file_name=name,
            fixed_before=before, fixed_after=None if fixed_doc is None else len(fm.entries(fixed_doc)),
            dynamic_before=dyn_before,
            dynamic_after=None if dynamic_doc is None else len(dm.parse_document(dynamic_doc)),
            provenance_before=len(cur.provenance), provenance_kept=len(cur.provenance) if fixed_doc is None else kept,
            provenance_replaced=replaced, provenance_added=added, untrusted_after=len(distrusted),
            untrusted_texts=distrusted, untrusted_new=_newly_untrusted(cur, distrusted),
            base=cur.fingerprint, fixed_document=fixed_doc, dynamic_document=dynamic_doc, provenance=records,
            dynamic_shortened=shortened, paused=tuple(paused), redacted=kinds,
            fixed_changes=None if fixed_doc is None else entry_changes(
                [e.text for e in fm.entries(cur.fixed)], [e.text for e in fm.entries(fixed_doc)]),
            dynamic_changes=None if dynamic_doc is None else entry_changes(
                [_card_label(c) for c in dm.parse_document(cur.dynamic)],
                [_card_label(c) for c in dm.parse_document(dynamic_doc)]),
        )

    @staticmethod
    def _merge_preview(aid: int, aname: str, mf: mx.MemoryFile, name: str | None, file_fixed: str | None,
                       cur: _Current, redacted: tuple[str, ...] = (),
                       take: Sequence[bool] | None = None) -> ImportPreview:
        """Merge: the file's fixed entries appended to the current ones unless they repeat
        one (the paste's rule, :class:`RepeatIndex`: exact, REF-16 near, near without
        the subject words, or covered by one; also of an entry added before them) — ``take`` overrides that
        per entry, except for exact repeats; current provenance and pauses stay, added
        entries bring the file's (REF-7: a plain document's are the owner's). Dynamic
        memory is left as it is."""
        current = fm.entries(cur.fixed)
        # an entry with no text (``#3:``) is no fact to add (it made the preview fail)
        file_entries = [e for e in fm.entries(file_fixed) if e.text] if file_fixed is not None else []
        if take is not None and len(take) != len(file_entries):
            raise InvalidInput(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "the choice covers %1 entries but the file "
                                                                          "has %2; check the file again"),
                                      (f"{len(take):,}", f"{len(file_entries):,}")))
        index = RepeatIndex([e.text for e in current] + [e.text for e in file_entries])
        breathe = Breather()  # ~1 ms per entry of 10,000: let the window's thread run (issue 30)
        for e in current:
            index.add(e.number, e.text)
            breathe()
        added, skipped, texts = [], 0, []
        items: list[MergeItem] = []
        from_file: dict[int, int] = {}  # number an added entry gets -> its number in the file
        number = max((e.number for e in current), default=0)  # the numbers fm.append gives
        for i, e in enumerate(file_entries):
            breathe()
            hit = index.find(e.text)
            if hit is not None and hit.number in from_file:  # not in memory yet (walk55b)
                hit = replace(hit, number=from_file[hit.number], earlier=True)
            elif hit is not None and (FIXED, fm.text_hash(hit.text)) in cur.paused:
                hit = replace(hit, paused=True)
            wanted = (hit is None if take is None else bool(take[i])) and not (hit is not None and hit.exact)
            items.append(MergeItem(e.text, hit, wanted))
            if not wanted:
                skipped += 1
                continue
            number += 1
            texts.append(e.text)
            index.add(number, e.text)
            from_file[number] = i + 1
            added.append(fm.text_hash(fm.clean_text(e.text)))
        doc, numbers = fm.append_all(cur.fixed, texts)  # one pass (10,000 appends took minutes)
        assert numbers == list(from_file)
        records = [mx.Provenance(h, r.origin, r.trusted, r.created_at) for h, r in cur.provenance.items()]
        by_hash = {p.text_hash: p for p in mf.provenance if p.document == FIXED}
        fresh = [h for h in dict.fromkeys(added) if h not in cur.provenance]
        for h in fresh:
            p = by_hash.get(h)
            records.append(p if p is not None else mx.Provenance(h, "owner", True, None))
        paused = [(d, h) for d, h in sorted(cur.paused) if d == FIXED]
        if not mf.plain:
            paused += [(FIXED, h) for h in fresh if (p := by_hash.get(h)) is not None and p.paused]
        untrusted = {p.text_hash for p in records if not p.trusted}
        after = fm.entries(doc)
        distrusted = tuple(e.text for e in after if fm.text_hash(e.text) in untrusted)
        return ImportPreview(
            assistant_id=aid, assistant_name=aname, kind=mf.kind, file_name=name,
            fixed_before=len(current), fixed_after=None if file_fixed is None else len(after),
            dynamic_before=len(dm.parse_document(cur.dynamic)), dynamic_after=None,
            provenance_before=len(cur.provenance), provenance_kept=len(cur.provenance), provenance_replaced=0,
            provenance_added=len(fresh),
            untrusted_after=len(distrusted), untrusted_texts=distrusted,
            untrusted_new=_newly_untrusted(cur, distrusted),
            base=cur.fingerprint, fixed_document=None if file_fixed is None else doc, dynamic_document=None,
            provenance=tuple(records), paused=tuple(paused), mode=mx.ImportMode.MERGE, merge_added=len(added),
            merge_skipped=skipped, redacted=redacted, merge_items=tuple(items),
            fixed_changes=None if file_fixed is None else entry_changes([e.text for e in current],
                                                                         [e.text for e in after]),
        )

    def rechoose(self, preview: ImportPreview, source: bytes | str | CheckedFile,
                 take: Sequence[bool]) -> ImportPreview:
        """The Merge ``preview`` of ``source`` again with the user's ticks ``take`` (one per
        file entry, :attr:`ImportPreview.merge_items`; issue 30). Raises
        :class:`ImportConflict` (nothing to write) when the memory changed since
        ``preview`` was shown, so :meth:`apply_import` stores only what the user saw."""
        again = self.preview_import(preview.assistant_id, source, name=preview.file_name, mode=mx.ImportMode.MERGE, take=take)
        if again.base != preview.base:
            raise ImportConflict(f"{preview.assistant_name}'s memory changed since the file was checked; nothing "
                                 "was imported — check the file again to see what it would change")
        return again

    def apply_import(self, preview: ImportPreview) -> MemoryImportSummary:
        """Store what ``preview`` showed, in one write transaction that re-reads the memory
        under the store's write lock. Raises :class:`ImportConflict` (nothing written) when
        the assistant's memory changed since the preview, ``NotFound`` when the assistant
        is gone."""
        now = utcnow()
        aid = preview.assistant_id
        with self._db.write() as s:
            a = AssistantService.row(s, aid)
            cur = _current(s, aid)
            if cur.fingerprint != preview.base:
                raise ImportConflict(
                    f"{a.name}'s memory changed since the file was checked (fixed memory now has "
                    f"{len(fm.entries(cur.fixed)):,} entries, dynamic memory {len(dm.parse_document(cur.dynamic)):,} "
                    "cards); nothing was imported — check the file again to see what it would change")
            had = {e.text for e in fm.entries(cur.fixed)}  # issue 15: note where the new entries came from
            brought = [] if preview.fixed_document is None else [
                e.text for e in fm.entries(preview.fixed_document) if e.text not in had]
            # the history names the file and how many new entries it brought (memview54)
            did = (ChangeAction(ActionKind.IMPORTED_ENTRIES, (preview.file_name, str(len(brought))))
                   if preview.file_name and brought else ChangeAction(ActionKind.IMPORTED, (preview.file_name,))
                   if preview.file_name else ChangeAction(ActionKind.IMPORTED_UNNAMED))
            authored(s, Author(ChangeAuthor.IMPORT, preview.file_name, did.english()))
            if preview.fixed_document is not None:
                put_back(s, aid, FIXED, preview.fixed_document, now)
                replace_provenance(s, aid, [{"text_hash": p.text_hash, "origin": p.origin, "trusted": p.trusted,
                                             "created_at": p.recorded_at or now} for p in preview.provenance])
                if brought:
                    note_sources(s, aid, brought, MEMORY_FILE_SOURCE, file=preview.file_name, at=now)
            for document, part in ((FIXED, preview.fixed_document), (DYNAMIC, preview.dynamic_document)):
                if part is None:
                    continue  # issue 18: pauses of a document the file does not carry stay
                replace_pauses(s, aid, document, [h for d, h in preview.paused if d == document], now)
            if preview.dynamic_document is not None:
                drow = dynamic_row(s, aid)
                if drow is None or drow.body != preview.dynamic_document:  # DRM-15: the old body is the backup
                    put_back(s, aid, DYNAMIC, preview.dynamic_document, now)
        self._on_change(aid)
        return MemoryImportSummary(aid, preview.fixed_after, preview.dynamic_after,
                                   len(preview.provenance) if preview.fixed_document is not None else 0)

    def import_text(self, assistant: int | str, text: str | bytes) -> MemoryImportSummary:
        """:meth:`preview_import` then :meth:`apply_import` of the file ``text`` (JSON or
        Markdown; text or bytes), for scripts with no one to confirm. Raises
        :class:`InvalidInput` naming what is wrong, or :class:`ImportConflict`; nothing is
        written then."""
        return self.apply_import(self.preview_import(assistant, text))
