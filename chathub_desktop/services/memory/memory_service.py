"""Fixed memory of an assistant: the editor's operations, provenance, injection and the
model's memory tools (MEM-1..MEM-8, REF-1..REF-7).

Every write runs in one ``Database.write()`` transaction that holds the store's write
lock from its first statement, and reads the document inside it: the document and its
provenance rows change together or not at all, and two writers (windows, ``memory``
commands, the model's tools) serialize instead of losing each other's entries (issue 10).
An editor passes the version token of the document it showed (``version=``, see
:func:`~chathub_desktop.core.document_version.document_version`); a save over a newer
document raises :class:`StaleDocument` and changes nothing. Provenance is keyed by the sha256 of the trimmed entry text
(REF-7); only entry texts that are *new* in a write get an origin, so re-saving an
untrusted entry never turns it into ``owner``. Rows of texts that leave the document
are removed (dream rows are left to dynamic memory).

Assistants are referenced by id or name. Errors are :class:`InvalidInput` /
:class:`NotFound` / :class:`StaleDocument` with one-line messages; nothing is written
when one is raised.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache

from chathub_desktop.core import dynamic_memory as dm
from chathub_desktop.core import fixed_memory as fm
from chathub_desktop.core.clock import utcnow
from chathub_desktop.core.document_version import bytes_version, document_version
from chathub_desktop.core.memory_actions import ActionKind, ChangeAction, pause_action
from chathub_desktop.core.memory_authors import ORIGINS, ChangeAuthor, EntriesAdded, EntryOrigin
from chathub_desktop.core.memory_injection import build_memory_block, without_paused
from chathub_desktop.core.memory_tools import (
    ADD,
    MEMORY_TOOL_NAMES,
    MEMORY_TOOLS,
    READ,
    SEARCH,
    TRUST_WINDOW,
    UPDATE,
    run_tool,
    write_is_untrusted,
)
from chathub_desktop.core.messages import ToolCall, ToolSpec, TopicKind
from chathub_desktop.core.reasons import QT_TRANSLATE_NOOP, Reason
from chathub_desktop.core.secret_redaction import Redaction
from chathub_desktop.services.assistants.assistant_service import AssistantService
from chathub_desktop.services.errors import (
    EMPTY_EDIT,
    EMPTY_ENTRY,
    InvalidInput,
    NotFound,
    StaleDocument,
)
from chathub_desktop.services.events import SecretsRedacted
from chathub_desktop.services.memory.memory_sources import SOURCE_KEY_PREFIX as SOURCE_KEY_PREFIX
from chathub_desktop.services.memory.memory_sources import (
    ImportSource,
    import_source,
    note_sources,
    read_notes,
)
from chathub_desktop.services.memory.secret_scan import redact_secrets
from chathub_desktop.storage.database import Database
from chathub_desktop.storage.memory_change_queries import current_body, fixed_body_bytes, put_back
from chathub_desktop.storage.memory_history import DYNAMIC, FIXED, Author, authored
from chathub_desktop.storage.memory_marks import (
    drop_provenance,
    entry_origin,
    paused_hashes,
    provenance_marks,
    provenance_of,
    provenance_rows,
    put_provenance,
    recent_tool_rows,
    set_pause,
    untrusted_hashes,
)
from chathub_desktop.storage.session import Session
from chathub_desktop.storage.topic_rows import topic_facts

#: A memory entry asked for by a number it no longer has (issue 27: said in the window).
_NO_ENTRY = QT_TRANSLATE_NOOP("ServiceReasons", "no memory entry #%1")


@lru_cache(maxsize=8)
def _hashed(doc: str) -> tuple[tuple[fm.Entry, str], ...]:
    """``(entry, text_hash)`` per entry of a document, cached: injection runs on every
    request, the Memory page reads on every open, and a large memory takes ~0.1–0.3 s of
    Python to parse and hash (issue 30)."""
    entries = fm.entries(doc)
    return tuple(zip(entries, fm.text_hashes([e.text for e in entries]), strict=True))


@lru_cache(maxsize=8)
def _hashed_entries(doc: str) -> tuple[tuple[int, str], ...]:
    """``(number, text_hash)`` per entry of a document, cached (see :func:`_hashed`)."""
    return tuple((e.number, h) for e, h in _hashed(doc))



def _author_for(origin: str, topic_id: int | None, action: str) -> Author:
    """The history author of a write with provenance ``origin`` (issue 18)."""
    if origin == EntryOrigin.AGENT:
        return Author(ChangeAuthor.MODEL, None if topic_id is None else str(topic_id), action)
    return Author(ChangeAuthor.DREAM if origin == EntryOrigin.DREAM else ChangeAuthor.OWNER, None, action)


def _tool_action(name: str, result_json: str) -> str:
    """"added entry #3" / "updated entry #2" / "deleted entry #5" for a memory-tool write."""
    try:
        result = json.loads(result_json)
    except ValueError:
        result = {}
    number = result.get("number", result.get("deleted")) if isinstance(result, dict) else None
    kind = {"add": ActionKind.ADDED_ENTRY, "update": ActionKind.UPDATED_ENTRY, "delete": ActionKind.DELETED_ENTRY}
    if number is not None and name in kind:
        return ChangeAction(kind[name], (str(number),)).english()
    return {"add": "added", "update": "updated", "delete": "deleted"}.get(name, name)


def record_provenance(
    s: Session,
    assistant_id: int,
    old_doc: str,
    new_doc: str,
    written: Iterable[str] | None,
    *,
    origin: str,
    trusted: bool,
    topic_id: int | None = None,
) -> None:
    """Provenance for texts new in this write; drop rows of texts that left (REF-7), in
    session ``s`` of the write (a revert of fixed memory uses it too, issue 18).

    ``written``: the texts this write produced (None = every entry of ``new_doc``).
    """
    old_texts = {e.text for e in fm.entries(old_doc)}
    new_texts = {e.text for e in fm.entries(new_doc)}
    candidates = new_texts if written is None else {fm.clean_text(t) for t in written}
    for text in sorted(candidates - old_texts):
        if text not in new_texts:
            continue
        put_provenance(s, assistant_id, fm.text_hash(text), origin=origin, trusted=trusted, topic_id=topic_id,
                       now=utcnow())
    drop_provenance(s, assistant_id, [fm.text_hash(t) for t in old_texts - new_texts])
    s.flush()


def paused_numbers(s: Session, assistant_id: int, doc: str) -> frozenset[int]:
    """Numbers of the paused entries of fixed-memory document ``doc``."""
    hidden = paused_hashes(s, assistant_id, FIXED)
    return frozenset(n for n, h in _hashed_entries(doc) if h in hidden) if hidden else frozenset()


def _without_paused_cards(dynamic: str, hidden: frozenset[str]) -> str:
    """The dynamic document without the paused cards (keyed by their visible text)."""
    if not hidden or not dynamic:
        return dynamic
    cards = dm.parse_document(dynamic)
    kept = [c for c in cards if fm.text_hash(dm.visible_body(c)) not in hidden]
    return dynamic if len(kept) == len(cards) else dm.render_document(kept)


#: The only topic kind that is offered memory tools (MEM-4): one-to-one regular chats.
TOOL_TOPIC_KIND = TopicKind.REGULAR


@dataclass(frozen=True)
class MemoryEntryView:
    """One fixed-memory card: ``number`` (1..n), ``text``, ``origin`` (an
    :class:`EntryOrigin`, None when unrecorded) and ``trusted`` (unrecorded → True) (MEM-7)."""

    number: int
    text: str
    origin: EntryOrigin | None
    trusted: bool
    #: Paused by the user: kept and searchable here, not injected, not offered to the model (issue 18).
    paused: bool = False
    #: Kinds of likely secrets redacted from the text just written (issue 19), else ().
    redacted: tuple[str, ...] = ()
    #: Where an imported entry came from (issue 15; ``source.line()``: ``imported from
    #: Claude (export data.zip, 2026-11-30)``); None for entries written here.
    source: ImportSource | None = None

    @classmethod
    def build(cls, number: int, text: str, origin: EntryOrigin | None, trusted: bool, paused: bool,
              source: ImportSource | None) -> MemoryEntryView:
        """The view ``cls(number, text, origin, trusted, paused, source=source)`` is, made
        without the frozen ``__init__``'s ``object.__setattr__`` per field: 2–3× faster, and
        the Memory page's worker builds 10,000 of them on a first open, holding the
        interpreter lock the window's thread waits for (issue 30). Still frozen, equal and
        hashed as any other view."""
        view = object.__new__(cls)
        view.__dict__.update({"number": number, "text": text, "origin": origin, "trusted": trusted, "paused": paused,
                              "redacted": (), "source": source})
        return view


@dataclass(frozen=True)
class FixedMemorySnapshot:
    """What an editor opens: the stored ``document`` (Markdown), its ``version`` token
    (pass it back on save) and the ``entries`` as cards, all from one read (issue 10)."""

    document: str
    version: str
    entries: list[MemoryEntryView]


@dataclass(frozen=True)
class ToolTrace:
    """A tool message of the current turn not yet stored, for the trust check (REF-7)."""

    tool_name: str | None
    content_type: str | None = "text"


class MemoryService:
    """Fixed memory per assistant (MEM-2, MEM-3, MEM-7) and the memory tools (MEM-4, MEM-5).

    - ``dynamic_cards``: optional parser of the dynamic-memory document into numbered
      cards (objects with ``number``/``text``, REF-8) so searchMemory covers dream
      cards too; without it only fixed entries are searched.
    - ``dynamic_render``: optional function turning the stored dynamic document into
      the text injected (e.g. hiding overflow framing); default: the document as stored.
    - ``on_change``: called with the assistant id after a committed change (GUI refresh).
    """

    def __init__(
        self,
        db: Database,
        *,
        dynamic_cards: Callable[[str], Sequence[fm.Entry]] | None = None,
        dynamic_render: Callable[[str], str] | None = None,
        on_change: Callable[[int], None] | None = None,
        on_redacted: Callable[[SecretsRedacted], None] | None = None,
    ) -> None:
        self._db = db
        self._dynamic_cards = dynamic_cards
        self._dynamic_render = dynamic_render
        self._on_change = on_change
        self._on_redacted = on_redacted
        #: assistant id → ((document, marks, paused, notes), cards) of the last full read (issue 30)
        self._last_views: dict[int, tuple[tuple[object, ...], list[MemoryEntryView]]] = {}
        #: assistant id → (version token, document) of the last snapshot (issue 30)
        self._last_doc: dict[int, tuple[str, str]] = {}

    # --- helpers ---------------------------------------------------------------------

    @staticmethod
    def _doc(s: Session, assistant_id: int) -> str:
        # Inside write() the store's write lock is already held (row locks would add
        # nothing, and SQLite has none): this read is the one the write is based on.
        return current_body(s, assistant_id, FIXED)

    @staticmethod
    def _check_version(doc: str, version: str | None) -> None:
        if version is not None and document_version(doc) != version:
            raise StaleDocument()

    @staticmethod
    def _resolve(doc: str, number: int, expected_text: str | None) -> int:
        """The number entry ``number`` has now: itself when ``expected_text`` is None or
        still its text, else the entry holding ``expected_text`` (the memory was
        renumbered meanwhile). Raises :class:`StaleDocument` when that text is gone."""
        if expected_text is None:
            return number
        want = fm.clean_text(expected_text)
        items = fm.entries(doc)
        if 0 < number <= len(items) and items[number - 1].text == want:
            return number
        for e in items:
            if e.text == want:
                return e.number
        raise StaleDocument(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "entry #%1 changed in another window or "
                                                                       "command since it was shown; nothing was "
                                                                       "changed"), (str(number),)))

    @staticmethod
    def _store(s: Session, assistant_id: int, body: str) -> None:
        put_back(s, assistant_id, FIXED, body, utcnow())

    _record = staticmethod(record_provenance)

    def _changed(self, assistant_id: int) -> None:
        if self._on_change is not None:
            self._on_change(assistant_id)

    def _redacted(self, assistant_id: int, where: str, red: Redaction, topic_id: int | None = None) -> None:
        """Tell ``on_redacted`` (the event bus) when ``red`` took something out (issue 19)."""
        if red.changed and self._on_redacted is not None:
            self._on_redacted(SecretsRedacted(assistant_id, where, red.kinds, red.notice(where), topic_id))

    @staticmethod
    def _untrusted_numbers(s: Session, assistant_id: int, doc: str) -> set[int]:
        bad = untrusted_hashes(s, assistant_id)
        if not bad:
            return set()
        return {number for number, h in _hashed_entries(doc) if h in bad}

    @staticmethod
    def _entry(doc: str, number: int) -> fm.Entry:
        for e in fm.entries(doc):
            if e.number == number:
                return e
        raise NotFound(Reason(_NO_ENTRY, (str(number),)))

    # --- reading ---------------------------------------------------------------------

    def document(self, assistant: int | str) -> str:
        """The fixed-memory document (Markdown, as stored; ``""`` when none) (MEM-3)."""
        with self._db.read() as s:
            return self._doc(s, AssistantService.row(s, assistant).id)

    def entries(self, assistant: int | str) -> list[fm.Entry]:
        """The numbered entries in document order (MEM-2)."""
        return fm.entries(self.document(assistant))

    def _views(self, s: Session, assistant_id: int, doc: str) -> list[MemoryEntryView]:
        """Every card of ``doc`` with its provenance. The marks are read each time (plain
        tuples); when they and the document are those of the last call for this
        assistant, the same view objects come back without being rebuilt (issue 30: the
        page re-reads 10,000 entries on every open, and building them held the GIL)."""
        marks = provenance_marks(s, assistant_id)
        paused = paused_hashes(s, assistant_id, FIXED)
        notes = read_notes(s, assistant_id)
        key = (doc, marks, paused, notes)
        last = self._last_views.get(assistant_id)
        if last is not None and last[0] == key:
            return list(last[1])
        build = MemoryEntryView.build
        out = []
        for e, h in _hashed(doc):
            m = marks.get(h)
            out.append(build(e.number, e.text, m[0] if m else None, m[1] if m else True, h in paused,
                             import_source(notes.get(h)) if notes else None))
        self._last_views[assistant_id] = (key, out)
        return list(out)

    @staticmethod
    def _view(s: Session, assistant_id: int, doc: str, number: int) -> MemoryEntryView:
        """Entry ``number``'s card with its provenance. Raises :class:`NotFound`."""
        for e, h in _hashed(doc):
            if e.number == number:
                r = provenance_rows(s, assistant_id, [h]).get(h)
                notes = read_notes(s, assistant_id)
                return MemoryEntryView(e.number, e.text, entry_origin(r.origin) if r else None, r.trusted if r else True,
                                       h in paused_hashes(s, assistant_id, FIXED),
                                       source=import_source(notes.get(h)) if notes else None)
        raise NotFound(Reason(_NO_ENTRY, (str(number),)))

    def entry_views(self, assistant: int | str) -> list[MemoryEntryView]:
        """The cards with their provenance (MEM-7): origin None / trusted True when unrecorded."""
        return self.snapshot(assistant).entries

    def snapshot(self, assistant: int | str) -> FixedMemorySnapshot:
        """The document, its version token and its cards from one read: what the Memory
        page's raw and entry editors open (issue 10). Raises :class:`NotFound`."""
        with self._db.read() as s:
            a = AssistantService.row(s, assistant)
            doc, version = self._snapshot_doc(s, a.id)
            return FixedMemorySnapshot(doc, version, self._views(s, a.id, doc))

    def _snapshot_doc(self, s: Session, assistant_id: int) -> tuple[str, str]:
        """The stored document and its version token. The body is read as bytes and hashed
        (the interpreter lock released); an unchanged body comes back as the document last
        decoded, the same object, so its parse and views are found in their caches without
        hashing 3 MB of text again. Decoding it held the lock ~4.5 ms per read of 10,000
        entries while the window waited (issue 30)."""
        raw = fixed_body_bytes(s, assistant_id)
        version = bytes_version(raw)
        last = self._last_doc.get(assistant_id)
        if last is not None and last[0] == version:
            return last[1], version
        doc = raw.decode("utf-8")
        self._last_doc[assistant_id] = (version, doc)
        return doc, version

    def version(self, assistant: int | str) -> str:
        """The version token of the stored document (what ``version=`` of a save expects)."""
        return document_version(self.document(assistant))

    def export_markdown(self, assistant: int | str) -> str:
        """The fixed-memory document as a Markdown file's text: exactly as stored, plus a
        final newline when it lacks one (``""`` for an empty memory)."""
        doc = self.document(assistant)
        return doc if not doc or doc.endswith("\n") else doc + "\n"

    # --- the user's edits (owner) ------------------------------------------------------

    def save_raw(self, assistant: int | str, text: str, *, version: str | None = None) -> str:
        """Save the raw editor document (MEM-3): normalize (renumber 1..n, free-form lines
        kept byte for byte), store, and record ``owner``/trusted for entry texts that were
        not in the previous document. Saving the same text twice changes nothing.
        ``version``: the token of the document the editor showed; when the stored one is
        newer, raises :class:`StaleDocument` and keeps it (issue 10). Returns the stored
        document. Likely secrets are replaced by ``[redacted: KIND]`` first and a
        :class:`SecretsRedacted` event says which (issue 19)."""
        red = redact_secrets(text)
        new_doc = fm.normalize(red.text)
        with self._db.write() as s:
            a = AssistantService.row(s, assistant)
            old_doc = self._doc(s, a.id)
            if new_doc == old_doc:
                return new_doc
            self._check_version(old_doc, version)
            authored(s, Author(ChangeAuthor.OWNER, None, ChangeAction(ActionKind.SAVED_RAW).english()))
            self._store(s, a.id, new_doc)
            self._record(s, a.id, old_doc, new_doc, None, origin=EntryOrigin.OWNER, trusted=True)
            aid = a.id
        self._changed(aid)
        self._redacted(aid, "the memory", red)
        return new_doc

    def clear(self, assistant: int | str, *, version: str | None = None) -> None:
        """Clear fixed memory: the document becomes empty (every entry and line goes;
        Memory → History can revert it, issue 18). ``version``: the token of the document
        the preview showed (:meth:`MemoryPreviews.clear_fixed`); a newer one raises
        :class:`StaleDocument` and writes nothing. Provenance and pauses stay keyed by
        text, so a revert brings the entries back as they were."""
        with self._db.write() as s:
            a = AssistantService.row(s, assistant)
            old_doc = self._doc(s, a.id)
            self._check_version(old_doc, version)
            if not old_doc:
                return
            authored(s, Author(ChangeAuthor.OWNER, None, ChangeAction(ActionKind.CLEARED_FIXED).english()))
            self._store(s, a.id, "")
            aid = a.id
        self._changed(aid)

    def add(
        self,
        assistant: int | str,
        text: str,
        origin: str = EntryOrigin.OWNER,
        *,
        trusted: bool = True,
        topic_id: int | None = None,
    ) -> MemoryEntryView:
        """Append one entry (Add memory, MEM-2; number = highest + 1, REF-1). Records
        ``origin``/``trusted`` unless the same text is already an entry; returns the new
        card as stored, with ``redacted`` naming the likely secrets replaced by
        ``[redacted: KIND]`` (issue 19). Raises :class:`InvalidInput` for an empty text or
        an unknown origin."""
        if origin not in ORIGINS:
            raise InvalidInput(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "origin must be one of %1, got %2"),
                                      (", ".join(ORIGINS), repr(origin))))
        red = redact_secrets(fm.clean_text(text))
        cleaned = red.text
        if not cleaned:
            raise InvalidInput(EMPTY_ENTRY)
        with self._db.write() as s:
            a = AssistantService.row(s, assistant)
            old_doc = self._doc(s, a.id)
            new_doc, number = fm.append(old_doc, cleaned)
            authored(s, _author_for(origin, topic_id, ChangeAction(ActionKind.ADDED_ENTRY, (str(number),)).english()))
            self._store(s, a.id, new_doc)
            self._record(s, a.id, old_doc, new_doc, [cleaned], origin=origin, trusted=trusted,
                         topic_id=topic_id)
            aid = a.id
            view = self._view(s, aid, new_doc, number)
        self._changed(aid)
        self._redacted(aid, "the memory entry", red)
        return replace(view, redacted=red.kinds)

    def add_many(self, assistant: int | str, texts: Sequence[str], *, source: str,
                 file: str | None = None) -> list[MemoryEntryView]:
        """Append ``texts`` as owner entries in ONE write transaction (issue 15, "Import from
        another assistant", MEM-2, MEM-7), in order, skipping empty ones and texts already
        an entry; ``source`` (e.g. ``"ChatGPT"``, at most 60 characters) and the ``file``
        they came in (e.g. a Claude export zip's name) are noted in their provenance
        (:mod:`~chathub_desktop.services.memory.memory_sources`: text hash → source, file and UTC
        time; shown as ``MemoryEntryView.source``, read back by :meth:`entry_sources`).
        Returns the new cards."""
        note = fm.clean_text(source)[:60] or "another assistant"
        with self._db.write() as s:
            a = AssistantService.row(s, assistant)
            old_doc = doc = self._doc(s, a.id)
            present = {e.text for e in fm.entries(doc)}
            numbers: list[int] = []
            added: list[str] = []
            for text in texts:
                cleaned = fm.clean_text(text)
                if not cleaned or cleaned in present:
                    continue
                doc, number = fm.append(doc, cleaned)
                present.add(cleaned)
                numbers.append(number)
                added.append(cleaned)
            if not added:
                return []
            authored(s, Author(ChangeAuthor.IMPORT, note, EntriesAdded(len(added), note).english()))
            self._store(s, a.id, doc)
            self._record(s, a.id, old_doc, doc, added, origin=EntryOrigin.OWNER, trusted=True)
            note_sources(s, a.id, added, note, file=file)
            aid = a.id
            views = [self._view(s, aid, doc, n) for n in numbers]
        self._changed(aid)
        return views

    def entry_sources(self, assistant: int | str) -> dict[int, str]:
        """Entry number → the assistant it was imported from (:meth:`add_many`), for the
        entries that came that way."""
        with self._db.read() as s:
            a = AssistantService.row(s, assistant)
            notes = read_notes(s, a.id)
            out = {}
            for e in fm.entries(self._doc(s, a.id)):
                note = notes.get(fm.text_hash(e.text))
                if note is not None:
                    out[e.number] = note["source"]
            return out

    def edit(self, assistant: int | str, number: int, new_text: str, *, version: str | None = None,
             expected_text: str | None = None) -> MemoryEntryView:
        """Edit a card in place (MEM-2): the number is kept; a changed text is ``owner``.
        ``version``: the token of the document the editor showed (a newer one raises
        :class:`StaleDocument`); ``expected_text``: the text the card showed, to find it
        after a renumbering (gone: :class:`StaleDocument`) (issue 10). Returns the card as
        stored (``redacted``: as for :meth:`add`). Raises :class:`NotFound` (no such entry)
        or :class:`InvalidInput` (empty text)."""
        red = redact_secrets(new_text)
        new_text = red.text
        with self._db.write() as s:
            a = AssistantService.row(s, assistant)
            old_doc = self._doc(s, a.id)
            self._check_version(old_doc, version)
            number = self._resolve(old_doc, number, expected_text)
            res = fm.edit_entry(old_doc, number, new_text)
            if res.status is fm.EditStatus.NOT_FOUND:
                raise NotFound(Reason(_NO_ENTRY, (str(number),)))
            if not res.ok:
                raise InvalidInput(EMPTY_EDIT)
            authored(s, Author(ChangeAuthor.OWNER, None, ChangeAction(ActionKind.EDITED_ENTRY, (str(number),)).english()))
            self._store(s, a.id, res.doc)
            self._record(s, a.id, old_doc, res.doc, [res.new_text or ""], origin=EntryOrigin.OWNER, trusted=True)
            aid = a.id
            view = self._view(s, aid, res.doc, number)
        self._changed(aid)
        self._redacted(aid, "the memory entry", red)
        return replace(view, redacted=red.kinds)

    def delete(self, assistant: int | str, number: int, *, expected_text: str | None = None) -> None:
        """Delete a card (MEM-2); later entries renumber. ``expected_text``: the text the
        card showed (found again after a renumbering; gone: :class:`StaleDocument`).
        Raises :class:`NotFound`."""
        with self._db.write() as s:
            a = AssistantService.row(s, assistant)
            old_doc = self._doc(s, a.id)
            number = self._resolve(old_doc, number, expected_text)
            res = fm.delete_entry(old_doc, number)
            if not res.ok:
                raise NotFound(Reason(_NO_ENTRY, (str(number),)))
            authored(s, Author(ChangeAuthor.OWNER, None, ChangeAction(ActionKind.DELETED_ENTRY, (str(number),)).english()))
            self._store(s, a.id, res.doc)
            self._record(s, a.id, old_doc, res.doc, [], origin=EntryOrigin.OWNER, trusted=True)
            aid = a.id
        self._changed(aid)

    def set_paused(self, assistant: int | str, number: int, paused: bool, *,
                   expected_text: str | None = None) -> MemoryEntryView:
        """Pause (or resume) entry ``number``: a paused entry stays in the document and in
        the editor's search, but is not injected and not offered to the model's tools
        (issue 18); the history records it as the user's ("paused entry #3", walk55 #2).
        ``expected_text`` as for :meth:`delete`. Raises :class:`NotFound`."""
        with self._db.write() as s:
            a = AssistantService.row(s, assistant)
            doc = self._doc(s, a.id)
            number = self._resolve(doc, number, expected_text)
            set_pause(s, a.id, FIXED, fm.text_hash(self._entry(doc, number).text), paused, utcnow(), body=doc,
                      author=Author(ChangeAuthor.OWNER, None, pause_action(FIXED, number, paused).english()))
            aid = a.id
            view = self._view(s, aid, doc, number)
        self._changed(aid)
        return view

    def clear_untrusted(self, assistant: int | str, number: int, *,
                        expected_text: str | None = None) -> MemoryEntryView:
        """The user vouches for entry ``number``: its mark becomes trusted (origin kept) (MEM-7).
        ``expected_text`` as for :meth:`delete`. Raises :class:`NotFound` for an unknown number."""
        with self._db.write() as s:
            a = AssistantService.row(s, assistant)
            doc = self._doc(s, a.id)
            number = self._resolve(doc, number, expected_text)
            entry = self._entry(doc, number)
            row = provenance_of(s, a.id, fm.text_hash(entry.text))
            if row is not None:
                row.trusted = True
            aid = a.id
            s.flush()
            view = self._view(s, aid, doc, number)
        self._changed(aid)
        return view

    # --- the model's side ------------------------------------------------------------

    def injection_block(self, assistant: int | str, count: Callable[[str], int] | None = None) -> str:
        """The text for ``AssemblyInput.memory_block`` (REF-6, MEM-6..MEM-8): fixed, then
        dynamic memory, untrusted entries in their own data-only section, capped at
        24,000 characters and at ``memory_budget_tokens`` tokens when ``count`` is given.
        ``""`` when memory is off (MEM-1) or empty."""
        with self._db.read() as s:
            a = AssistantService.row(s, assistant)
            if not a.memory_enabled:
                return ""
            fixed = self._doc(s, a.id)
            dynamic = current_body(s, a.id, DYNAMIC)
            untrusted = self._untrusted_numbers(s, a.id, fixed)
            budget = a.memory_budget_tokens
            fixed = without_paused(fixed, paused_numbers(s, a.id, fixed))
            dynamic = _without_paused_cards(dynamic, paused_hashes(s, a.id, DYNAMIC))
        if self._dynamic_render is not None and dynamic:
            dynamic = self._dynamic_render(dynamic)
        return build_memory_block(
            fixed, dynamic, untrusted_numbers=untrusted,
            budget_tokens=budget if count is not None else None, count=count,
        )

    def tool_specs(self, assistant: int | str) -> tuple[ToolSpec, ...]:
        """The memory tools (MEM-4): all five with memory on, ``()`` when it is off (MEM-1).
        The request plan leaves them out of private and group/member topics
        (``core.request_plan.without_memory``)."""
        with self._db.read() as s:
            enabled = AssistantService.row(s, assistant).memory_enabled
        return MEMORY_TOOLS if enabled else ()

    @staticmethod
    def _recent_traces(s: Session, topic_id: int) -> list[ToolTrace]:
        """The topic's latest non-memory tool messages, oldest first (REF-7)."""
        return [ToolTrace(name, ctype) for name, ctype in recent_tool_rows(s, topic_id, MEMORY_TOOL_NAMES, TRUST_WINDOW)]

    def execute_tool(
        self,
        assistant_id: int | str,
        topic_id: int,
        call: ToolCall,
        *,
        pending_tool_messages: Sequence[ToolTrace] = (),
    ) -> str:
        """Run one model memory-tool call and return its JSON result text (MEM-4, MEM-5, MEM-7).

        One transaction: read the document, apply :func:`run_tool`, store the change and
        record ``agent`` provenance for new texts, trusted unless
        :func:`write_is_untrusted` over the topic's last 10 non-memory tool messages
        (from the message table, followed by ``pending_tool_messages`` — this turn's tool
        results not stored yet). With memory off the result is a ``memory_off`` failure;
        in a private topic a ``private_topic`` failure (issue 19), in a group/member topic a
        ``not_one_to_one`` failure (MEM-4). Likely secrets in an
        add/update text are stored as ``[redacted: KIND]`` and the result says so
        (``redacted`` kinds and a ``notice``, issue 19).
        Raises :class:`NotFound` for an unknown assistant or a topic of another assistant.
        """
        changed = False
        arguments, red = _redact_arguments(call.arguments) if call.name in (ADD, UPDATE) else (call.arguments, None)
        with self._db.write() as s:
            a = AssistantService.row(s, assistant_id)
            topic = topic_facts(s, topic_id)
            if topic is None or topic.assistant_id != a.id:
                raise NotFound(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "no topic %1 for assistant %2"),
                                  (str(topic_id), repr(a.name))))
            if not a.memory_enabled:
                return '{"ok":false,"error":"memory_off","message":"Memory is turned off for this assistant."}'
            if topic.private:  # issue 19: the tools are not offered there; a stray call reads nothing
                return ('{"ok":false,"error":"private_topic","message":"This topic is private: '
                        'memory is not used here."}')
            if topic.kind != TOOL_TOPIC_KIND:  # MEM-4: not offered in group/member topics either
                return ('{"ok":false,"error":"not_one_to_one","message":"Memory tools are used only in '
                        'one-to-one topic chats."}')
            old_doc = self._doc(s, a.id)
            cards: Sequence[fm.Entry] = ()
            if self._dynamic_cards is not None and call.name in (SEARCH, READ):
                dynamic = current_body(s, a.id, DYNAMIC)
                if dynamic:
                    hidden = paused_hashes(s, a.id, DYNAMIC)
                    cards = [c for c in self._dynamic_cards(dynamic) if fm.text_hash(c.text) not in hidden]
            outcome = run_tool(call.name, arguments, old_doc, dynamic_cards=cards,
                               paused=paused_numbers(s, a.id, old_doc))
            if outcome.new_doc is not None:
                untrusted = bool(outcome.written_texts) and write_is_untrusted(
                    [*self._recent_traces(s, topic_id), *pending_tool_messages]
                )
                authored(s, Author(ChangeAuthor.MODEL, str(topic_id), _tool_action(call.name, outcome.result_json)))
                self._store(s, a.id, outcome.new_doc)
                self._record(s, a.id, old_doc, outcome.new_doc, outcome.written_texts,
                             origin=EntryOrigin.AGENT, trusted=not untrusted, topic_id=topic_id)
                changed = True
            aid = a.id
        if changed:
            self._changed(aid)
        if red is None or not red.changed or not changed:
            return outcome.result_json
        self._redacted(aid, "the memory entry", red, topic_id)
        return _with_notice(outcome.result_json, red)


class MemoryToolProvider:
    """Offers the memory tools through the chat tool registry (MEM-4): the model's calls
    go to :meth:`MemoryService.execute_tool` for the topic they were made in (APP-8)."""

    def __init__(self, memory: MemoryService) -> None:
        self._memory = memory

    def tool_specs(self, assistant_id: int) -> tuple[ToolSpec, ...]:
        """The five memory tools, or none when the assistant's memory is off (MEM-1)."""
        return self._memory.tool_specs(assistant_id)

    def execute(self, assistant_id: int, topic_id: int, call: ToolCall) -> str:
        """Run one memory-tool call; returns its JSON result."""
        return self._memory.execute_tool(assistant_id, topic_id, call)


def _redact_arguments(arguments: str | None) -> tuple[str | None, Redaction]:
    """A memory tool call's JSON arguments with likely secrets in its ``text`` /
    ``new_text`` redacted (issue 19); unparsable arguments are left for ``run_tool``
    to refuse."""
    try:
        args = json.loads(arguments or "{}")
    except ValueError:
        return arguments, Redaction(arguments or "")
    if not isinstance(args, dict):
        return arguments, Redaction(arguments or "")
    kinds: list[str] = []
    for key in ("text", "new_text"):
        value = args.get(key)
        if isinstance(value, str):
            red = redact_secrets(value)
            args[key] = red.text
            kinds.extend(red.kinds)
    if not kinds:
        return arguments, Redaction(arguments or "")
    return json.dumps(args, ensure_ascii=False), Redaction("", tuple(kinds))


def _with_notice(result_json: str, red: Redaction) -> str:
    """The tool result with ``redacted`` kinds and a ``notice`` for the model added."""
    try:
        result = json.loads(result_json)
    except ValueError:
        return result_json
    if not isinstance(result, dict):
        return result_json
    result["redacted"] = list(red.kinds)
    result["notice"] = red.notice("the memory entry") + " Do not try to store them again."
    return json.dumps(result, ensure_ascii=False, separators=(",", ":"))
