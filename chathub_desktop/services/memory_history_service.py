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
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from chathub_desktop.core.document_version import document_version
from chathub_desktop.core.memory_diff import DiffLine, line_diff
from chathub_desktop.services.assistant_service import AssistantService
from chathub_desktop.services.errors import InvalidInput, NotFound, StaleDocument
from chathub_desktop.services.memory_service import record_provenance
from chathub_desktop.storage import memory_history as mh
from chathub_desktop.storage.database import Database
from chathub_desktop.storage.models import (
    DynamicMemoryDocument,
    FixedMemoryDocument,
    MemoryChange,
    Topic,
    utcnow,
)

#: Changes a History listing returns at most (newest first).
LIST_LIMIT = 500
_DOCUMENT_NAMES = {mh.FIXED: "fixed memory", mh.DYNAMIC: "dynamic memory"}


class RevertConflict(StaleDocument):
    """The document changed after the change being reverted; nothing was written. The
    message is user-facing and says how many later changes a revert would overwrite."""


@dataclass(frozen=True)
class ChangeView:
    """One recorded change: ``id``, ``document`` (``fixed`` / ``dynamic``), ``at`` (aware
    UTC), ``author`` (``owner`` / ``model`` / ``dream`` / ``import`` / ``revert`` /
    ``system``), ``author_detail`` (topic id, day, file name or change id), ``who`` (the
    author in words: "you", "the model in topic “Trip”", "the dream for 2026-01-02",
    "import of notes.md"), ``action`` and the document sizes in characters."""

    id: int
    document: str
    at: datetime
    author: str
    author_detail: str | None
    who: str
    action: str
    before_chars: int
    after_chars: int

    def to_json(self) -> dict[str, object]:
        """The change as a JSON-ready dict (``memory history --json``)."""
        return {"id": self.id, "document": self.document, "at": self.at.isoformat(), "author": self.author,
                "author_detail": self.author_detail, "who": self.who, "action": self.action,
                "before_chars": self.before_chars, "after_chars": self.after_chars}


@dataclass(frozen=True)
class ChangeDetail:
    """A change with its documents ``before`` and ``after`` and their line ``diff``."""

    change: ChangeView
    before: str
    after: str
    diff: list[DiffLine]


@dataclass(frozen=True)
class RevertPreview:
    """What reverting ``change`` does: the ``current`` document becomes ``target`` (the
    document before the change); ``later`` changes of the document came after it
    (``moved_on`` when any did); ``version`` is the token of ``current`` to pass to
    :meth:`MemoryHistory.revert`; ``diff`` is current → target."""

    change: ChangeView
    current: str
    target: str
    later: int
    version: str
    diff: list[DiffLine]

    @property
    def moved_on(self) -> bool:
        """True when the document changed after the change being reverted."""
        return self.later > 0


def _who(s: Session, author: str, detail: str | None) -> str:
    if author == "owner":
        return "you"
    if author == "model":
        topic = s.get(Topic, int(detail)) if detail and detail.isdigit() else None
        if topic is not None:
            return f"the model in topic “{topic.title}”"
        return f"the model in topic #{detail}" if detail else "the model"
    if author == "dream":
        return f"the dream for {detail}" if detail else "the dream"
    if author == "import":
        return f"import of {detail}" if detail else "an import"
    if author == "revert":
        return f"revert of change #{detail}"
    return "an unattributed write"


def _view(s: Session, row: MemoryChange) -> ChangeView:
    return ChangeView(row.id, row.document, row.at, row.author, row.author_detail,
                      _who(s, row.author, row.author_detail), row.action, row.before_chars, row.after_chars)


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
            rows = s.scalars(select(MemoryChange).where(MemoryChange.assistant_id == a.id)
                             .order_by(MemoryChange.id.desc()).limit(limit))
            return [_view(s, r) for r in rows]

    @staticmethod
    def _row(s: Session, aid: int, change_id: int) -> MemoryChange:
        row = s.get(MemoryChange, change_id)
        if row is None or row.assistant_id != aid:
            raise NotFound(f"no memory change #{change_id} for this assistant (it may be older than the history keeps)")
        return row

    def detail(self, assistant: int | str, change_id: int) -> ChangeDetail:
        """Change ``change_id`` with its documents and line diff. Raises :class:`NotFound`."""
        with self._db.read() as s:
            a = AssistantService.row(s, assistant)
            row = self._row(s, a.id, change_id)
            before, after = mh.documents(s, row)
            view = _view(s, row)
        return ChangeDetail(view, before, after, line_diff(before, after))

    @staticmethod
    def _current(s: Session, aid: int, document: str) -> str:
        row = s.get(FixedMemoryDocument, aid) if document == mh.FIXED else s.get(DynamicMemoryDocument, aid)
        return row.body if row is not None else ""

    @staticmethod
    def _later(s: Session, row: MemoryChange) -> int:
        return int(s.scalar(select(func.count()).select_from(MemoryChange).where(
            MemoryChange.assistant_id == row.assistant_id, MemoryChange.document == row.document,
            MemoryChange.id > row.id)) or 0)

    def revert_preview(self, assistant: int | str, change_id: int) -> RevertPreview:
        """What reverting ``change_id`` would write and overwrite. Writes nothing."""
        with self._db.read() as s:
            a = AssistantService.row(s, assistant)
            row = self._row(s, a.id, change_id)
            target, after = mh.documents(s, row)
            current = self._current(s, a.id, row.document)
            later = 0 if current == after else max(1, self._later(s, row))
            view = _view(s, row)
        return RevertPreview(view, current, target, later, document_version(current), line_diff(current, target))

    def revert(self, assistant: int | str, change_id: int, *, version: str | None = None) -> ChangeView:
        """Put back the document change ``change_id`` replaced, as a new change (author
        ``revert``). ``version``: the token of the current document from
        :meth:`revert_preview`, needed when the document moved on since that change.
        Raises :class:`RevertConflict` (moved on, no ``version``), :class:`StaleDocument`
        (``version`` no longer current), :class:`InvalidInput` (the document is already
        that version) or :class:`NotFound`; nothing is written then."""
        with self._db.write() as s:
            a = AssistantService.row(s, assistant)
            row = self._row(s, a.id, change_id)
            target, after = mh.documents(s, row)
            current = self._current(s, a.id, row.document)
            name = _DOCUMENT_NAMES[row.document]
            if current == target:
                raise InvalidInput(f"{name} is already as it was before change #{change_id}; nothing to revert")
            if version is not None:
                if document_version(current) != version:
                    raise StaleDocument(f"{name} changed again since the revert was shown; nothing was reverted")
            elif current != after:
                later = max(1, self._later(s, row))
                raise RevertConflict(
                    f"{name} changed {later:,} time{'s' if later != 1 else ''} after change #{change_id}; "
                    "reverting it would also undo that — nothing was reverted (look at what it overwrites "
                    "first: History → Revert, or memory revert --overwrite)")
            mh.authored(s, mh.Author("revert", str(change_id), f"reverted change #{change_id} ({row.action})"))
            now = utcnow()
            if row.document == mh.FIXED:
                doc = s.get(FixedMemoryDocument, a.id)
                if doc is None:
                    s.add(FixedMemoryDocument(assistant_id=a.id, body=target, updated_at=now))
                else:
                    doc.body, doc.updated_at = target, now
                record_provenance(s, a.id, current, target, None, origin="owner", trusted=True)
            else:
                dyn = s.get(DynamicMemoryDocument, a.id)
                if dyn is None:
                    s.add(DynamicMemoryDocument(assistant_id=a.id, body=target, backup_body="", updated_at=now))
                else:  # DRM-15: the replaced version stays restorable
                    dyn.backup_body, dyn.body, dyn.updated_at = dyn.body, target, now
            s.flush()
            newest = s.scalars(select(MemoryChange).where(MemoryChange.assistant_id == a.id)
                               .order_by(MemoryChange.id.desc()).limit(1)).one()
            view = _view(s, newest)
            aid = a.id
        self._on_change(aid)
        return view
