"""Previews before memory is replaced (issue 18 "Preview before replace"; MEM-3, DRM-7,
DRM-8, DRM-9, REF-10).

A raw Markdown save that removes entries, Clear (fixed memory or the dream cards), a
Keep N that folds cards and a dream run by hand that will fold show the user what will
change before anything is written: entries (or cards) added, removed and edited
(:func:`~chathub_desktop.core.memory_diff.entry_changes`) and which cards fold into
which range card. Each preview reads the document once (call it off the GUI thread:
``db.run`` / the page's runner) and carries the document's version token
(:func:`~chathub_desktop.core.document_version.document_version`); the write the user
confirms passes that token, so it is refused with
:class:`~chathub_desktop.services.errors.StaleDocument` when the document moved on
since the preview. Import previews live in :mod:`~chathub_desktop.services.transfer.memory_transfer`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from typing import TYPE_CHECKING

from chathub_desktop.core import dynamic_memory as dm
from chathub_desktop.core import fixed_memory as fm
from chathub_desktop.core.document_version import document_version
from chathub_desktop.core.dynamic_cards import CardKind
from chathub_desktop.core.memory_diff import EntryChanges, entry_changes
from chathub_desktop.core.memory_documents import MemoryDocument
from chathub_desktop.core.reasons import QT_TRANSLATE_NOOP, Day, Reason
from chathub_desktop.services.assistants.assistant_service import AssistantService
from chathub_desktop.storage.database import Database
from chathub_desktop.storage.memory_change_queries import current_body

if TYPE_CHECKING:
    from chathub_desktop.services.dream.dream_service import DreamDraft

FIXED, DYNAMIC = MemoryDocument.FIXED, MemoryDocument.DYNAMIC


def count_reason(count: int, fixed: bool) -> Reason:
    """"1 entry" / "3 entries" (fixed memory), "1 card" / "3 cards" (dynamic), typed."""
    if fixed:
        template = (QT_TRANSLATE_NOOP("ServiceReasons", "%1 entry") if count == 1
                    else QT_TRANSLATE_NOOP("ServiceReasons", "%1 entries"))
    else:
        template = (QT_TRANSLATE_NOOP("ServiceReasons", "%1 card") if count == 1
                    else QT_TRANSLATE_NOOP("ServiceReasons", "%1 cards"))
    return Reason(template, (f"{count:,}",))


@dataclass(frozen=True)
class FoldSummary:
    """A fold as plain values, for a sentence a user reads (memhist54, audit54 walk #4):
    the ``folded`` cards' tags (ISO days, ``2026-11-30``) in document order, which of
    them is the dream's ``new`` card (its tag; None: only older cards fold), ``into`` the
    range card's tag before the fold (``2026-11-26 – 2026-11-27``; None: a new range
    card) and ``span``, the range's first and last day after it (DRM-9, REF-10)."""

    folded: tuple[str, ...]
    new: str | None
    into: str | None
    span: tuple[date, date]


@dataclass(frozen=True)
class ChangePreview:
    """What one confirmed write will change in one memory document.

    ``document``: ``fixed`` or ``dynamic``; ``action``: what the user asked for, in
    words (``"Save the raw Markdown"``); ``before`` / ``after``: entries (or cards)
    now and after the write; ``changes``: the entry (card) texts added, removed and
    edited (cards as ``"[tag] text"``); ``folds``: one line per fold (which cards go
    into which range card, DRM-9), ``fold_reasons`` the same typed (issue 27);
    ``version``: the version token of the document previewed — pass it to the write (a
    newer document: ``StaleDocument``)."""

    assistant_id: int
    assistant_name: str
    document: str
    action: str
    before: int
    after: int
    changes: EntryChanges
    version: str
    folds: tuple[str, ...] = ()
    fold_reasons: tuple[Reason, ...] = ()
    #: The fold as plain values (None: nothing folds).
    fold: FoldSummary | None = None

    @property
    def removes(self) -> bool:
        """True when the write removes or rewrites something already stored."""
        return bool(self.changes.removed or self.changes.edited or self.folds)

    def lines(self) -> list[str]:
        """The summary, one line each: the counts before → after, the changes, the folds."""
        return [r.english() for r in self.line_reasons()] + list(self.folds)

    def line_reasons(self) -> list[Reason]:
        """The counts and changes lines of :meth:`lines` typed (issue 27); the folds'
        are :attr:`fold_reasons`."""
        fixed = self.document == FIXED
        what = (QT_TRANSLATE_NOOP("ServiceReasons", "fixed memory: %1 → %2") if fixed
                else QT_TRANSLATE_NOOP("ServiceReasons", "dynamic memory: %1 → %2"))
        changed = (QT_TRANSLATE_NOOP("ServiceReasons", "entries: %1") if fixed
                   else QT_TRANSLATE_NOOP("ServiceReasons", "cards: %1"))
        return [Reason(what, (count_reason(self.before, fixed), count_reason(self.after, fixed))),
                Reason(changed, (self.changes.counts_reason(),))]


def card_label(card: dm.Card) -> str:
    """A card as the previews list it: ``"[tag] visible text"``."""
    return f"[{card.display_tag}] {dm.visible_body(card)}"


def fold_lines(cards: Sequence[dm.Card], plan: dm.FoldPlan | None) -> tuple[Reason, ...]:
    """The fold of ``plan`` in words, typed (issue 27): which of ``cards`` (numbered 1..n
    in document order) fold into which range card, and its span (DRM-9, REF-10); a folded
    card not in ``cards`` is the dream's new one (a dream over a day older than the kept
    ones), named "the new card". Numbers, tags and dates are data. ``()`` for None."""
    if plan is None:
        return ()
    ids = {id(c): i for i, c in enumerate(cards, 1)}
    named: list[str | Reason] = [f"#{ids[id(c)]} [{c.display_tag}]" if id(c) in ids
             else Reason(QT_TRANSLATE_NOOP("ServiceReasons", "the new card [%1]"), (c.display_tag,)) for c in plan.folded]
    numbers: str | Reason = named[0]
    for more in named[1:]:
        numbers = Reason("%1, %2", (numbers, more))
    start, end = plan.span
    into = (Reason(QT_TRANSLATE_NOOP("ServiceReasons", "a new range card")) if plan.existing_range is None
            else Reason(QT_TRANSLATE_NOOP("ServiceReasons", "range card #%1 [%2]"), (str(ids.get(id(plan.existing_range), "?")),
                                                                  plan.existing_range.display_tag)))
    return (Reason(QT_TRANSLATE_NOOP("ServiceReasons", "fold: %1 (%2) into %3, which then covers %4 – %5"),
                   (count_reason(len(plan.folded), False), numbers, into, Day(start), Day(end))),)


def _cards_preview(aid: int, name: str, action: str, cards: list[dm.Card], after: list[dm.Card],
                   plan: dm.FoldPlan | None, version: str) -> ChangePreview:
    """The dynamic-memory preview of ``cards`` becoming ``after`` (folding ``plan``)."""
    changes = entry_changes([card_label(c) for c in cards], [card_label(c) for c in after])
    if plan is not None:  # a fold: the folded cards go, the range card is new or rewritten
        shown = {card_label(c) for c in cards}
        new = [card_label(c) for c in after if card_label(c) not in shown]
        made = [card_label(c) for c in after if c.kind == CardKind.RANGE and card_label(c) not in shown]
        old_range = None if plan.existing_range is None else card_label(plan.existing_range)
        edited = [(old_range, made[0])] if old_range is not None and made else []
        changes = EntryChanges(added=[t for t in new if not edited or t != edited[0][1]],
                               removed=[card_label(c) for c in plan.folded if c in cards], edited=edited)
    folds = fold_lines(cards, plan)
    return ChangePreview(aid, name, DYNAMIC, action, len(cards), len(after), changes, version,
                         tuple(r.english() for r in folds), folds, fold_summary(cards, plan))


def fold_summary(cards: Sequence[dm.Card], plan: dm.FoldPlan | None) -> FoldSummary | None:
    """``plan`` as a :class:`FoldSummary` (a folded card not in ``cards`` is the dream's
    new one); None for None."""
    if plan is None:
        return None
    kept = {id(c) for c in cards}
    new = next((c.display_tag for c in plan.folded if id(c) not in kept), None)
    into = None if plan.existing_range is None else plan.existing_range.display_tag
    return FoldSummary(tuple(c.display_tag for c in plan.folded), new, into, plan.span)


class MemoryPreviews:
    """Previews of writes that replace memory (see the module docstring). Every method
    reads in one transaction and writes nothing; ``NotFound`` for an unknown assistant."""

    def __init__(self, db: Database) -> None:
        self._db = db

    def _read(self, assistant: int | str) -> tuple[int, str, int, str, str]:
        with self._db.read() as s:
            a = AssistantService.row(s, assistant)
            return (a.id, a.name, a.keep_dream_cards, current_body(s, a.id, FIXED), current_body(s, a.id, DYNAMIC))

    def _fixed(self, assistant: int | str, action: str, after_doc: str) -> ChangePreview:
        aid, name, _keep, doc, _dyn = self._read(assistant)
        before = [e.text for e in fm.entries(doc)]
        after = [e.text for e in fm.entries(after_doc)]
        return ChangePreview(aid, name, FIXED, action, len(before), len(after),
                             entry_changes(before, after, numbered=True), document_version(doc))

    def raw_save(self, assistant: int | str, text: str) -> ChangePreview:
        """What saving ``text`` from the raw Markdown editor changes (MEM-3: normalized
        as the save stores it)."""
        return self._fixed(assistant, "Save the raw Markdown", fm.normalize(text))

    def clear_fixed(self, assistant: int | str) -> ChangePreview:
        """What Clear of fixed memory removes (every entry and line; History can revert it)."""
        return self._fixed(assistant, "Clear fixed memory", "")

    def _dynamic(self, assistant: int | str, action: str, change: dm.CardsChange, day: date | None = None,
                 keep: int | None = None, card: str | None = None, fold_body: str | None = None) -> ChangePreview:
        aid, name, stored_keep, _fixed, body = self._read(assistant)
        cards = dm.parse_document(body)
        keep = stored_keep if keep is None else keep
        plan: dm.FoldPlan | None = None
        if change == dm.CardsChange.CLEAR:
            after: list[dm.Card] = []
        elif change == dm.CardsChange.KEEP:
            plan = dm.plan_retention(cards, keep)
            after = dm.apply_retention(cards, keep)
        else:  # a dream for ``day``: its card (text unknown yet) is appended, then Keep N folds
            assert day is not None
            grown = dm.append_day_card(cards, day, card if card is not None else "(the dream's new card)")
            plan = dm.plan_retention(grown, keep)
            after = (dm.enforce_caps(dm.apply_fold(grown, plan, fold_body), keep)
                     if plan is not None and fold_body is not None else dm.apply_retention(grown, keep))
        return _cards_preview(aid, name, action, cards, after, plan, document_version(body))

    @staticmethod
    def dream_draft(draft: DreamDraft) -> ChangePreview:
        """What committing Dream now's ``draft`` adds and folds (issue 18), shown from the
        draft itself: the cards it was made on, its card, and its fold plan and range body
        (issue 31: the fold is planned once, by the draft; the commit applies the same
        plan). ``version`` is the token of the document the draft read, so a document
        changed since the draft refuses the commit (``StaleDocument``). Reads nothing."""
        cards = list(draft.before)
        grown = dm.append_day_card(cards, draft.history_day, draft.body)
        plan = draft.plan
        if plan is None:  # as apply_retention with nothing to fold
            after = dm.enforce_caps([dm.cap_card(c) for c in grown], draft.keep)
        else:
            fold = draft.fold_body if draft.fold_body is not None else dm.concat_fold_body(plan)
            after = dm.enforce_caps(dm.apply_fold(grown, plan, fold), draft.keep)
        return _cards_preview(draft.assistant_id, draft.assistant_name, f"Dream for {draft.history_day.isoformat()}",
                              cards, after, plan, draft.version)

    def clear_dynamic(self, assistant: int | str) -> ChangePreview:
        """What Clear of the dream cards removes (DRM-8; Restore brings them back, DRM-15)."""
        return self._dynamic(assistant, "Clear the dream cards", dm.CardsChange.CLEAR)

    def keep(self, assistant: int | str, keep: int) -> ChangePreview:
        """What saving Keep dream cards = ``keep`` folds by concatenation (DRM-7, DRM-9).
        Raises ``ValueError`` for ``keep`` outside 1–90."""
        return self._dynamic(assistant, f"Keep {keep} dream cards", dm.CardsChange.KEEP, keep=keep)

    def dream_day(self, assistant: int | str, day: date, body: str | None = None,
                  fold_body: str | None = None) -> ChangePreview:
        """What a dream over ``day`` run by hand adds and folds. ``body``: the card the
        model wrote (a draft, issue 18; without it a placeholder stands for it) and
        ``fold_body`` the range card's body it folds into (without it the fold is shown
        by concatenation); which cards fold into which range is known either way."""
        return self._dynamic(assistant, f"Dream for {day.isoformat()}", dm.CardsChange.DREAM, day=day, card=body,
                             fold_body=fold_body)
