"""The history of an assistant's memory, and Revert (issue 18 "History"; MEM-2, MEM-3,
MEM-7, DRM-8, DRM-15).

Changes are recorded by the store itself in the transaction of each write
(:mod:`chathub_desktop.storage.memory_history`); this service lists them newest first,
shows one as a line diff and puts an earlier version back.

Revert of change C puts back the document C replaced (C's *before*), exactly as it was
stored, as a change of its own (author ``revert``). When the document has moved on since
C (later changes), a plain revert is refused with :class:`RevertConflict` and writes
nothing (the stale-document rule of issue 10); :meth:`MemoryHistory.revert_preview`
shows what the revert would overwrite and its ``version`` token, and a revert passing
that token goes ahead — unless the document moved again meanwhile
(:class:`~chathub_desktop.services.errors.StaleDocument`). Reverted fixed memory gets
provenance like a raw save: texts it brings back are the owner's (REF-7).

Undo of change C (:meth:`MemoryHistory.undo`, walk57 #1) undoes only C on the document
as it is now — an entry C deleted put back where it stood, one it added taken out, one it
edited given its old text (:mod:`chathub_desktop.core.memory_undo`) — and keeps every
later change: what a user means by the row they picked. The revert preview says whether
it applies (:attr:`RevertPreview.undo`); it does not when an entry C wrote was edited or
deleted since (:class:`UndoConflict`, nothing written). Both write in one transaction
that holds the write lock before it reads the document and checks the version token.

A pause or resume of an item is a change that leaves the document as it is (walk55 #2):
its Revert sets the item's pause back (resumes what it paused), by the item's text, and
a revert of a document change does not count it among the changes it overwrites.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Protocol

from chathub_desktop.core import dynamic_memory as dm
from chathub_desktop.core import fixed_memory as fm
from chathub_desktop.core.clock import utcnow
from chathub_desktop.core.document_version import document_version
from chathub_desktop.core.memory_actions import PAUSES, ActionKind, ChangeAction, ChangeWho, WhoKind
from chathub_desktop.core.memory_authors import ChangeAuthor, EntriesAdded, EntryOrigin
from chathub_desktop.core.memory_diff import DiffLine, EntryChanges, entry_changes, line_diff
from chathub_desktop.core.memory_documents import MemoryDocument
from chathub_desktop.core.memory_undo import MemoryUndo, UndoStatus, undo_cards, undo_fixed
from chathub_desktop.core.reasons import QT_TRANSLATE_NOOP, Reason
from chathub_desktop.services.assistants.assistant_service import AssistantService
from chathub_desktop.services.errors import InvalidInput, NotFound, StaleDocument, found
from chathub_desktop.services.input_rules import id_in_range
from chathub_desktop.services.memory.memory_preview import card_label
from chathub_desktop.services.memory.memory_service import record_provenance
from chathub_desktop.storage import memory_change_queries as mq
from chathub_desktop.storage import memory_history as mh
from chathub_desktop.storage.database import Database
from chathub_desktop.storage.memory_marks import set_pause
from chathub_desktop.storage.session import Session

#: Changes a History listing returns at most (newest first).
LIST_LIMIT = 500
_DOCUMENT_NAMES: dict[str, str] = {mh.FIXED: QT_TRANSLATE_NOOP("ServiceReasons", "fixed memory"),
                                   mh.DYNAMIC: QT_TRANSLATE_NOOP("ServiceReasons", "dynamic memory")}


class RevertConflict(StaleDocument):
    """The document changed after the change being reverted; nothing was written. The
    message is user-facing and says how many later changes a revert would overwrite."""


class UndoConflict(StaleDocument):
    """The change cannot be undone on its own (MEM-2, DRM-8): an entry (or card) it wrote
    was edited or deleted since (walk57 #1); nothing was written. The message names it."""


@dataclass(frozen=True)
class ChangeView:
    """One recorded change: ``id``, ``document`` (``fixed`` / ``dynamic``), ``at`` (aware
    UTC), ``author`` (``owner`` / ``model`` / ``dream`` / ``import`` / ``revert`` /
    ``system``), ``author_detail`` (topic id, day, file name or change id), ``who`` (the
    author in words: "you", "the model in topic “Trip”", "the dream for 2026-01-02",
    "import of notes.md"), ``action`` and the document sizes in characters; ``added``: a
    pasted import's action, typed (the window says it with its plural form, issue 30);
    ``by`` and ``did``: ``who`` and any other action typed (None: a line not of the set),
    which the window says in the interface language (issue 27)."""

    id: int
    document: str
    at: datetime
    author: str
    author_detail: str | None
    who: str
    action: str
    before_chars: int
    after_chars: int
    added: EntriesAdded | None
    by: ChangeWho
    did: ChangeAction | None

    def to_json(self) -> dict[str, object]:
        """The change as a JSON-ready dict (``memory history --json``)."""
        return {"id": self.id, "document": self.document, "at": self.at.isoformat(), "author": self.author,
                "author_detail": self.author_detail, "who": self.who, "action": self.action,
                "before_chars": self.before_chars, "after_chars": self.after_chars}


@dataclass(frozen=True)
class PauseMark:
    """A pause a change set (issue 18, walk55 #2): item ``number`` of ``document`` (as
    numbered in the document then) — ``text`` as the page lists it (an entry's text, a
    card as ``[tag] text``), ``text_hash`` the pause's key — is ``paused`` (True: no
    longer sent to the model) or resumed (False)."""

    document: str
    number: int
    text: str
    text_hash: str
    paused: bool

    def to_json(self) -> dict[str, object]:
        """The pause as a JSON-ready dict (``memory history --diff --json``; the key left out)."""
        return {"document": self.document, "number": self.number, "text": self.text, "paused": self.paused}


@dataclass(frozen=True)
class ChangeDetail:
    """A change with its documents ``before`` and ``after``, their line ``diff`` and the
    ``entries`` (or cards) it added, removed and edited (walk52 #7: History shows those,
    not the monospace diff); ``pause``: the pause it set (a pause, a resume or a revert
    of one; None for a change of the text)."""

    change: ChangeView
    before: str
    after: str
    diff: list[DiffLine]
    entries: EntryChanges
    pause: PauseMark | None = None


def undo_of(document: str, before: str, after: str, current: str) -> MemoryUndo:
    """Change ``before`` → ``after`` of ``document`` undone on its own on ``current``
    (MEM-2, DRM-8; walk57 #1; cards listed as the previews list them)."""
    if document == MemoryDocument.FIXED:
        return undo_fixed(before, after, current)
    return undo_cards(before, after, current, card_label)


def document_entries(document: str, text: str) -> list[str]:
    """The entries of a fixed-memory ``text`` (their texts), or the cards of a dynamic one
    as the previews list them (``[tag] text``)."""
    if document == MemoryDocument.FIXED:
        return [e.text for e in fm.entries(text)]
    return [card_label(c) for c in dm.parse_document(text)]


@dataclass(frozen=True)
class RevertPreview:
    """What reverting ``change`` does: the ``current`` document becomes ``target`` (the
    document before the change); ``later`` changes of the document came after it
    (``moved_on`` when any did); ``version`` is the token of ``current`` to pass to
    :meth:`MemoryHistory.revert`; ``diff`` is current → target and ``entries`` the entries
    (or cards) that go back (walk55 #4: the question counts them, not lines); ``pause``:
    for a pause's change, the pause the revert sets (the document stays as it is);
    ``undo``: when the document moved on, what undoing only this change on the current
    document does (:meth:`MemoryHistory.undo`, walk57 #1), or why it cannot."""

    change: ChangeView
    current: str
    target: str
    later: int
    version: str
    diff: list[DiffLine]
    entries: EntryChanges = field(default_factory=EntryChanges)
    pause: PauseMark | None = None
    undo: MemoryUndo | None = None

    @property
    def moved_on(self) -> bool:
        """True when the document changed after the change being reverted."""
        return self.later > 0


def _item(document: str, body: str, number: int) -> tuple[str, str] | None:
    """Item ``number`` of ``body`` (a ``document``) as ``(text as listed, pause key)`` —
    the key the services pause it by — or None when it has no such item."""
    if document == MemoryDocument.FIXED:
        entry = next((e for e in fm.entries(body) if e.number == number), None)
        return None if entry is None else (entry.text, fm.text_hash(entry.text))
    cards = dm.parse_document(body)
    if not 1 <= number <= len(cards):
        return None
    card = cards[number - 1]
    return card_label(card), fm.text_hash(dm.visible_body(card))


def _pause_of(s: Session, aid: int, change_id: int) -> PauseMark | None:
    """The pause change ``change_id`` set: a pause or resume row's, a revert of one the
    opposite (walking back to the pause row); None for a change of a document's text, or
    when the pause row a revert undid is no longer kept."""
    flip = False
    for _ in range(LIST_LIMIT):  # each revert names an older change; bounded all the same
        row = mq.change_of(s, aid, change_id)
        if row is None or not mh.is_mark(row):
            return None
        did = ChangeAction.read(row.action)
        if did is not None and did.kind is ActionKind.REVERTED and did.args[0].isdigit():
            change_id, flip = int(did.args[0]), not flip
            continue
        paused = PAUSES.get(did.kind) if did is not None else None
        if did is None or paused is None:
            return None
        number = int(did.args[0])
        item = _item(row.document, mh.documents(s, row)[1], number)
        return None if item is None else PauseMark(row.document, number, *item, paused=paused != flip)
    return None


#: A revert refused because the item already is as the revert would set it, by document
#: and the pause it would set.
_ALREADY: dict[tuple[str, bool], str] = {
    (MemoryDocument.FIXED, True): QT_TRANSLATE_NOOP("ServiceReasons", "that entry is already paused; nothing to revert"),
    (MemoryDocument.FIXED, False): QT_TRANSLATE_NOOP("ServiceReasons", "that entry is already sent to the model; "
                                                                       "nothing to revert"),
    (MemoryDocument.DYNAMIC, True): QT_TRANSLATE_NOOP("ServiceReasons", "that card is already paused; nothing to revert"),
    (MemoryDocument.DYNAMIC, False): QT_TRANSLATE_NOOP("ServiceReasons", "that card is already sent to the model; "
                                                                         "nothing to revert"),
}


def _who(s: Session, author: str, detail: str | None) -> ChangeWho:
    if author == ChangeAuthor.OWNER:
        return ChangeWho(WhoKind.YOU)
    if author == ChangeAuthor.MODEL:
        title = mq.topic_title(s, int(detail)) if detail and detail.isdecimal() else None
        if title is not None:
            return ChangeWho(WhoKind.MODEL_IN_TOPIC, (title,))
        return ChangeWho(WhoKind.MODEL_IN_TOPIC_NUMBER, (detail,)) if detail else ChangeWho(WhoKind.MODEL)
    if author == ChangeAuthor.DREAM:
        return ChangeWho(WhoKind.DREAM_FOR, (detail,)) if detail else ChangeWho(WhoKind.DREAM)
    if author == ChangeAuthor.IMPORT:
        return ChangeWho(WhoKind.IMPORT_OF, (detail,)) if detail else ChangeWho(WhoKind.AN_IMPORT)
    if author == ChangeAuthor.REVERT:
        return ChangeWho(WhoKind.REVERT_OF, (detail or "",))
    return ChangeWho(WhoKind.UNATTRIBUTED)


class _ChangeFields(Protocol):
    """What a :class:`ChangeView` shows of a recorded change row (``storage.memory_change_queries``)."""

    @property
    def id(self) -> int: ...
    @property
    def document(self) -> str: ...
    @property
    def at(self) -> datetime: ...
    @property
    def author(self) -> str: ...
    @property
    def author_detail(self) -> str | None: ...
    @property
    def action(self) -> str: ...
    @property
    def before_chars(self) -> int: ...
    @property
    def after_chars(self) -> int: ...


def _view(s: Session, row: _ChangeFields) -> ChangeView:
    by = _who(s, row.author, row.author_detail)
    added = EntriesAdded.read(row.action) if row.author == ChangeAuthor.IMPORT else None
    return ChangeView(row.id, row.document, row.at, row.author, row.author_detail, by.english(), row.action,
                      row.before_chars, row.after_chars, added, by, None if added else ChangeAction.read(row.action))


def _stored_id(change_id: int) -> int:
    """``change_id`` when an engine can store it; :class:`NotFound` past 2,147,483,647,
    the answer for a missing change (PostgreSQL refused such an id with an internal
    error: a CLI fuzz case, issue 12)."""
    if not id_in_range(change_id):
        raise NotFound(_gone(change_id))
    return change_id


def _check_version(document: str, current: str, version: str) -> None:
    """:class:`StaleDocument` when ``current`` is not the document of token ``version``
    (the one the revert question was shown on): a stale question never overwrites a
    newer save (issue 10)."""
    if document_version(current) != version:
        raise StaleDocument(Reason(QT_TRANSLATE_NOOP(
            "ServiceReasons", "%1 changed again since the revert was shown; nothing was reverted"),
            (Reason(_DOCUMENT_NAMES[document]),)))


def _gone(change_id: int) -> Reason:
    return Reason(QT_TRANSLATE_NOOP("ServiceReasons", "no memory change #%1 for this assistant (it may be older than "
                                                      "the history keeps)"), (str(change_id),))


class MemoryHistory:
    """History and Revert of fixed and dynamic memory (see the module docstring).
    ``on_change(assistant_id)`` runs after a revert commits (the pages refresh)."""

    def __init__(self, db: Database, *, on_change: Callable[[int], None] | None = None) -> None:
        self._db = db
        self._on_change = on_change or (lambda _aid: None)

    def changes(self, assistant: int | str, limit: int = LIST_LIMIT) -> list[ChangeView]:
        """The assistant's recorded changes, newest first (at most ``limit``). Raises
        :class:`NotFound` for an unknown assistant."""
        with self._db.read() as s:
            a = AssistantService.row(s, assistant)
            return [_view(s, r) for r in mq.newest_changes(s, a.id, limit)]

    def detail(self, assistant: int | str, change_id: int) -> ChangeDetail:
        """Change ``change_id`` with its documents and line diff. Raises :class:`NotFound`."""
        with self._db.read() as s:
            a = AssistantService.row(s, assistant)
            row = found(mq.change_of(s, a.id, _stored_id(change_id)), _gone(change_id))
            before, after = mh.documents(s, row)
            view = _view(s, row)
            pause = _pause_of(s, a.id, row.id)
        doc = view.document
        return ChangeDetail(view, before, after, line_diff(before, after),
                            entry_changes(document_entries(doc, before), document_entries(doc, after),
                                          numbered=doc == MemoryDocument.FIXED), pause)

    def revert_preview(self, assistant: int | str, change_id: int) -> RevertPreview:
        """What reverting ``change_id`` would write and overwrite. Writes nothing."""
        with self._db.read() as s:
            a = AssistantService.row(s, assistant)
            row = found(mq.change_of(s, a.id, _stored_id(change_id)), _gone(change_id))
            view = _view(s, row)
            current = mq.current_body(s, a.id, row.document)
            pause = _pause_of(s, a.id, row.id)
            if pause is not None:  # the document stays as it is
                return RevertPreview(view, current, current, 0, document_version(current), [],
                                     pause=replace(pause, paused=not pause.paused))
            target, after = mh.documents(s, row)
            later = 0 if current == after else max(1, mq.later_changes(s, row))
        doc = view.document
        return RevertPreview(view, current, target, later, document_version(current), line_diff(current, target),
                             entry_changes(document_entries(doc, current), document_entries(doc, target),
                                           numbered=doc == MemoryDocument.FIXED),
                             undo=undo_of(doc, target, after, current) if later else None)

    def revert(self, assistant: int | str, change_id: int, *, version: str | None = None) -> ChangeView:
        """Put back the document change ``change_id`` replaced, as a new change (author
        ``revert``). ``version``: the token of the current document from
        :meth:`revert_preview`, needed when the document moved on since that change.
        Raises :class:`RevertConflict` (moved on, no ``version``), :class:`StaleDocument`
        (``version`` no longer current), :class:`InvalidInput` (the document is already
        that version) or :class:`NotFound`; nothing is written then. A pause's change is
        reverted by setting the item's pause back, the document left as it is
        (:class:`InvalidInput` when the item already is so)."""
        return self._write(assistant, change_id, lambda s, row, current: _put_back(s, row, current, version))

    def undo(self, assistant: int | str, change_id: int, *, version: str | None = None) -> ChangeView:
        """Undo only change ``change_id`` on the document as it is now (MEM-2, DRM-8, DRM-15), as a new change
        (author ``revert``, action ``undid change #N (…)``), every later change kept
        (walk57 #1; see :mod:`chathub_desktop.core.memory_undo`). ``version``: the token of
        the current document from :meth:`revert_preview` (None: undo on whatever is
        current). Raises :class:`StaleDocument` (``version`` no longer current),
        :class:`UndoConflict` (an entry the change wrote was edited or deleted since),
        :class:`InvalidInput` (the memory already holds what the change replaced) or
        :class:`NotFound`; nothing is written then. A pause's change is undone as
        :meth:`revert` undoes it (its item's pause set back)."""
        return self._write(assistant, change_id, lambda s, row, current: _undo_only(s, row, current, version))

    def _write(self, assistant: int | str, change_id: int,
               write: Callable[[Session, mh.Change, str], None]) -> ChangeView:
        """One revert or undo of change ``change_id``: in one write transaction, which
        holds the write lock before the document is read (a stale question never
        overwrites a newer save, issue 10), a pause's change sets the item's pause back,
        any other is ``write(session, change row, current document)``; the new change."""
        with self._db.write() as s:
            a = AssistantService.row(s, assistant)
            row = found(mq.change_of(s, a.id, _stored_id(change_id)), _gone(change_id))
            current = mq.current_body(s, a.id, row.document)
            pause = _pause_of(s, a.id, row.id)
            if pause is None:
                write(s, row, current)
            elif not set_pause(s, a.id, row.document, pause.text_hash, not pause.paused, utcnow(), body=current,
                               author=_author(row, ActionKind.REVERTED)):
                raise InvalidInput(Reason(_ALREADY[row.document, not pause.paused]))
            view = _view(s, mq.newest_changes(s, a.id, 1)[0])
            aid = a.id
        self._on_change(aid)
        return view


def _author(row: mh.Change, kind: ActionKind) -> mh.Author:
    """The author of a revert (``kind`` REVERTED) or an undo (UNDID) of ``row``."""
    return mh.Author(ChangeAuthor.REVERT, str(row.id), ChangeAction(kind, (str(row.id), row.action)).english())


def _store(s: Session, row: mh.Change, current: str, body: str) -> None:
    """Write ``body`` as ``row``'s document (it was ``current``) at once, fixed memory's
    entries it brings back as the owner's (REF-7)."""
    mq.put_back(s, row.assistant_id, row.document, body, utcnow())  # DRM-15: dynamic keeps a backup
    if row.document == mh.FIXED:
        record_provenance(s, row.assistant_id, current, body, None, origin=EntryOrigin.OWNER, trusted=True)
    s.flush()


def _put_back(s: Session, row: mh.Change, current: str, version: str | None) -> None:
    """:meth:`MemoryHistory.revert` of a change of the text: its document before it."""
    target, after = mh.documents(s, row)
    name = _DOCUMENT_NAMES[row.document]
    if current == target:
        raise InvalidInput(Reason(QT_TRANSLATE_NOOP(
            "ServiceReasons", "%1 is already as it was before change #%2; nothing to revert"),
            (Reason(name), str(row.id))))
    if version is not None:
        _check_version(row.document, current, version)
    elif current != after:
        later = max(1, mq.later_changes(s, row))
        raise RevertConflict(Reason(QT_TRANSLATE_NOOP(
            "ServiceReasons", "%1 changed %2 time after change #%3; reverting it would also undo that — "
            "nothing was reverted (undo only that change: History → Revert, or memory revert --only; or look at "
            "what a revert overwrites first: memory revert --overwrite)") if later == 1 else QT_TRANSLATE_NOOP(
            "ServiceReasons", "%1 changed %2 times after change #%3; reverting it would also undo that — "
            "nothing was reverted (undo only that change: History → Revert, or memory revert --only; or look at "
            "what a revert overwrites first: memory revert --overwrite)"), (Reason(name), f"{later:,}", str(row.id))))
    mh.authored(s, _author(row, ActionKind.REVERTED))
    _store(s, row, current, target)


def _undo_only(s: Session, row: mh.Change, current: str, version: str | None) -> None:
    """:meth:`MemoryHistory.undo` of a change of the text: that change undone on
    ``current`` (walk57 #1)."""
    if version is not None:
        _check_version(row.document, current, version)
    before, after = mh.documents(s, row)
    plan = undo_of(row.document, before, after, current)
    if plan.status is UndoStatus.CONFLICT:
        raise UndoConflict(Reason(QT_TRANSLATE_NOOP(
            "ServiceReasons", "“%1” was changed or deleted after change #%2, so that change cannot be undone on "
                              "its own; nothing was undone"), (plan.blocked or "", str(row.id))))
    if plan.status is UndoStatus.ALREADY:
        raise InvalidInput(Reason(QT_TRANSLATE_NOOP(
            "ServiceReasons", "%1 already holds what change #%2 replaced; nothing to undo"),
            (Reason(_DOCUMENT_NAMES[row.document]), str(row.id))))
    mh.authored(s, _author(row, ActionKind.UNDID))
    _store(s, row, current, plan.document)
