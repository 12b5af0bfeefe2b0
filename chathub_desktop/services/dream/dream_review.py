"""Dream review (issue 19): with an assistant's review switch on, a dream's new card and
the fold it needs land as a *proposal* instead of in the dynamic memory; the user
accepts it (applied then, exactly as a dream would have) or discards it. With the switch
off, dreams behave as before.

One proposal per assistant and history day; a day with a pending proposal is not
dreamt again. Accepting re-reads the cards under the write lock: when they changed since
the proposal (a card edited or deleted, another fold), the proposed re-summary no longer
matches and the fold falls back to concatenation (DRM-9), as a dream over changed cards
would. A day that meanwhile got a card, or lies in or before the range card (Keep N was
lowered while the proposal waited), gets no card — as a dream over that day would not:
Accept refuses it with its own reason and the proposal stays until discarded. What the
Proposals tab says accepting does (:meth:`DreamReview.outlooks`) and what Accept does come
from one plan (:func:`~.proposal_plan.plan_accept`; walk56 #12). Discard returns what it
dropped, and :meth:`DreamReview.restore` brings it back (the tab's Undo).
"""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime
from typing import TYPE_CHECKING

from chathub_desktop.core import dynamic_memory as dm
from chathub_desktop.core.reasons import QT_TRANSLATE_NOOP, Day, Reason
from chathub_desktop.core.secret_redaction import Redaction
from chathub_desktop.services.assistants.assistant_service import AssistantService
from chathub_desktop.services.dream.dream_reasons import (
    DreamReason,
    day_reason,
    fold_note,
    redacted_note,
)
from chathub_desktop.services.dream.proposal_plan import (
    AcceptPlan,
    DayCover,
    covered,
    fold_key,
    plan_accept,
)
from chathub_desktop.services.errors import EMPTY_CARD, InvalidInput, NotFound
from chathub_desktop.services.memory.memory_preview import FoldSummary, fold_summary
from chathub_desktop.services.memory.secret_scan import redact_secrets
from chathub_desktop.storage.assistant_rows import update_assistant
from chathub_desktop.storage.dream_rows import (
    StoredProposal,
    add_proposal,
    day_proposal,
    proposal_rows,
    take_proposal,
)
from chathub_desktop.storage.session import Session

if TYPE_CHECKING:
    from chathub_desktop.services.dream.dream_service import DreamOutcome, DreamService

__all__ = ["DiscardedProposal", "DreamReview", "ProposalOutlook", "ProposalView", "fold_key", "proposal_lines"]


@dataclass(frozen=True)
class ProposalView:
    """A pending proposal: ``id``, the assistant, the ``history_day`` (UTC) it covers,
    the card ``text``, ``fold`` (how the older cards would be folded; None without a
    fold) and ``created_at`` (UTC)."""

    id: int
    assistant_id: int
    history_day: date
    text: str
    fold: dm.FoldMethod | None
    created_at: datetime

    def to_json(self) -> dict[str, object]:
        """JSON-ready dict (ISO 8601 dates)."""
        return {"id": self.id, "assistant_id": self.assistant_id, "history_day": self.history_day.isoformat(),
                "text": self.text, "fold": self.fold, "created_at": self.created_at.isoformat()}


def _view(p: StoredProposal) -> ProposalView:
    return ProposalView(p.id, p.assistant_id, p.history_day, p.body, p.fold_how, p.created_at)


@dataclass(frozen=True)
class DiscardedProposal:
    """What :meth:`DreamReview.discard` dropped, for :meth:`DreamReview.restore` (the
    Proposals tab's Undo, issue 30): its UTC ``history_day``; the stored row stays the
    service's (the window does not read storage)."""

    stored: StoredProposal

    @property
    def history_day(self) -> date:
        """The UTC day the dropped proposal's card covers."""
        return self.stored.history_day


@dataclass(frozen=True)
class ProposalOutlook:
    """A pending proposal and what accepting it does now (issue 30, walk56 #12), from the
    plan Accept itself makes (:func:`~.proposal_plan.plan_accept`): ``proposal`` (its
    ``fold`` how accepting makes the range card now, None when nothing folds),
    ``refused`` (why Accept adds nothing, typed — exactly what Accept raises — and
    ``cover`` its kind; None when it adds the card), the card counts ``before`` and
    ``after``, and ``fold`` (which cards fold into which range, None without a fold)."""

    proposal: ProposalView
    refused: Reason | None
    cover: DayCover | None
    before: int
    after: int
    fold: FoldSummary | None


def _outlook(plan: AcceptPlan) -> ProposalOutlook:
    view = dataclasses.replace(_view(plan.proposal), fold=plan.fold_how)
    cards = list(plan.cards)
    if plan.cover is not None:
        return ProposalOutlook(view, plan.refused, plan.cover.how, len(cards), len(cards), None)
    return ProposalOutlook(view, None, None, len(cards), len(plan.after()), fold_summary(cards, plan.plan))


class DreamReview:
    """Proposals of one :class:`DreamService` (which calls :meth:`propose` from its runs)."""

    def __init__(self, dreams: DreamService) -> None:
        self._dreams = dreams
        self._db = dreams._db

    def enabled(self, assistant: int | str) -> bool:
        """True when ``assistant``'s dreams wait for review. Raises ``NotFound``."""
        with self._db.read() as s:
            return bool(AssistantService.row(s, assistant).dream_review)

    def set_enabled(self, assistant: int | str, on: bool) -> bool:
        """Turn dream review on or off (pending proposals stay until accepted or
        discarded); returns the new state."""
        with self._db.write() as s:
            aid = AssistantService.row(s, assistant).id
            update_assistant(s, aid, {"dream_review": bool(on)})
        self._dreams._changed(aid)
        return bool(on)

    def propose(self, aid: int, day: date, body: str, plan: dm.FoldPlan | None,
                fold: tuple[str, dm.FoldMethod] | None) -> int | None:
        """Store the card for ``day`` (and its fold) as a proposal; its id, or None when
        that day already has a proposal or a card, or lies in or before the range card."""
        with self._db.write() as s:
            if day_proposal(s, aid, day) is not None:
                return None
            if covered(dm.parse_document(self._dreams._body(s, aid)), day) is not None:
                return None
            pid = add_proposal(s, StoredProposal(0, aid, day, body, fold[0] if fold is not None else None,
                                                 fold[1] if fold is not None else None, fold_key(plan),
                                                 self._dreams._clock()))
        self._dreams._changed(aid)
        return pid

    async def propose_run(self, aid: int, day: date, body: str, plan: dm.FoldPlan | None,
                          fold: tuple[str, dm.FoldMethod] | None, red: Redaction, read: tuple[Reason, ...],
                          left_out: int) -> DreamOutcome:
        """A dream run's end with review on: its card stored as a proposal (``proposed``),
        or ``exists`` when the day got a card or a proposal meanwhile. ``red``: what
        was redacted from the card; ``read``: the run's note on what it read."""
        from chathub_desktop.services.dream.dream_service import EXISTS, PROPOSED, _outcome

        pid = await asyncio.shield(self._db.run(self.propose, aid, day, body, plan, fold))
        if pid is None:
            return _outcome(aid, day, EXISTS, day_reason(DreamReason.GOT_CARD_OR_PROPOSAL, day))
        note = (() if fold is None else (fold_note(fold[1], proposed=True),)) + redacted_note(red)
        proposed = Reason(DreamReason.PROPOSED, (Day(day), str(pid), Reason("", notes=note)), read)
        return _outcome(aid, day, PROPOSED, proposed, None, None if fold is None else fold[1], left_out)

    def proposals(self, assistant: int | str | None = None) -> list[ProposalView]:
        """Pending proposals (one assistant's, or all), oldest day first."""
        with self._db.read() as s:
            aid = AssistantService.row(s, assistant).id if assistant is not None else None
            return [_view(p) for p in proposal_rows(s, aid)]

    def folds_now(self, assistant: int | str) -> dict[int, dm.FoldMethod | None]:
        """Each pending proposal of ``assistant`` (by id) → how accepting it now makes the
        range card: the dream's method while the cards are as the dream saw them,
        concatenation when they changed since (DRM-9), None when nothing would fold
        (bits54: the Proposals note said "re-summarized" for a fold that would join texts)
        or nothing would be added. Raises ``NotFound``."""
        return {o.proposal.id: o.proposal.fold for o in self.outlooks(assistant)}

    def outlooks(self, assistant: int | str) -> list[ProposalOutlook]:
        """``assistant``'s pending proposals, oldest day first, each with what accepting
        it does now (:class:`ProposalOutlook`) — planned by the function Accept calls, so
        the Proposals tab says exactly what Accept will do (walk56 #12). Raises ``NotFound``."""
        with self._db.read() as s:
            aid = AssistantService.row(s, assistant).id
            return [_outlook(self._plan(s, p, p.body)) for p in proposal_rows(s, aid)]

    def _plan(self, s: Session, p: StoredProposal, card: str) -> AcceptPlan:
        """Proposal ``p`` with ``card`` as its text, planned on the stored cards and Keep N
        in ``s`` (:func:`~.proposal_plan.plan_accept`)."""
        keep = AssistantService.row(s, p.assistant_id).keep_dream_cards
        return plan_accept(p, card, keep, self._dreams._body(s, p.assistant_id))

    def count(self, assistant: int | str) -> int:
        """How many proposals ``assistant`` has waiting (the Memory page's badge)."""
        return len(self.proposals(assistant))

    def accept(self, proposal_id: int, text: str | None = None) -> int | None:
        """Apply proposal ``proposal_id`` to the dynamic memory and drop it, in one write
        transaction; returns the new card's number (None: Keep N folded it straight into
        the range card, as the preview said). ``text``: the user's edit of the
        proposed card (issue 30 "Accept / Edit / Discard"), stored instead of the dream's,
        by the rules of every card write: likely secrets redacted (issue 19), marker lines
        escaped (REF-15), and a text over the day card's cap refused, never cut (DRM-13:
        3,200). The history records the card as the user's acceptance (walk55 #3). The
        plan is :meth:`outlooks`' (walk56 #12). Raises ``NotFound``; ``InvalidInput``
        (nothing written, the proposal kept) for an empty text, one over the cap, or a day
        that has a card or lies in or before the range card (its own reason each: "…
        already has a dream card (#3); this proposal can't be added", "… comes before range
        card #1 […], which keeps the oldest days; …")."""
        red = None if text is None else self._checked(text)
        dreams = self._dreams
        with self._db.write() as s:
            p = self._take(s, proposal_id)
            aid, day = p.assistant_id, p.history_day
            plan = self._plan(s, p, p.body if red is None else red.text.strip())
            if plan.refused is not None:
                raise InvalidInput(plan.refused)  # rolls the take back: the proposal stays
            number = dreams.commit_card_in(s, aid, day, plan.card, plan.keep, plan.plan if plan.same else None,
                                           plan.fold, plan.planned_on, accepted=True)
        if red is not None:
            dreams._redacted(aid, red)
        dreams._changed(aid)
        return number

    @staticmethod
    def _checked(text: str) -> Redaction:
        """``text`` (an edited proposal) redacted, or ``InvalidInput`` when it is empty or
        stored would exceed the day card's cap (DRM-13)."""
        if not text.strip():
            raise InvalidInput(EMPTY_CARD)
        red = redact_secrets(text)
        stored = len(dm.escape_body(red.text.strip()))
        if stored > dm.SINGLE_CARD_MAX:
            raise InvalidInput(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "a dream card holds at most %1 characters; "
                                                                          "this text has %2"),
                                      (f"{dm.SINGLE_CARD_MAX:,}", f"{stored:,}")))
        return red

    def discard(self, proposal_id: int) -> DiscardedProposal:
        """Drop proposal ``proposal_id`` (the dynamic memory is unchanged); returns what it
        held, for :meth:`restore` (the Proposals tab's Undo, issue 30). Raises ``NotFound``."""
        with self._db.write() as s:
            gone = self._take(s, proposal_id)
        self._dreams._changed(gone.assistant_id)
        return DiscardedProposal(gone)

    def restore(self, discarded: DiscardedProposal) -> int:
        """Undo :meth:`discard`: proposal ``gone`` waits again exactly as it was — its
        card, fold and time, under its old id while that is free; returns its id. Raises
        ``NotFound`` for a deleted assistant and ``InvalidInput`` when its day got another
        proposal meanwhile (nothing written)."""
        gone = discarded.stored
        with self._db.write() as s:
            aid = AssistantService.row(s, gone.assistant_id).id
            other = day_proposal(s, aid, gone.history_day)
            if other is not None:
                raise InvalidInput(day_reason(DreamReason.PROPOSAL_BACK_TAKEN, gone.history_day, str(other)))
            pid = add_proposal(s, gone, same_id=True)
        self._dreams._changed(aid)
        return pid

    @staticmethod
    def _take(s: Session, proposal_id: int) -> StoredProposal:
        row = take_proposal(s, proposal_id)
        if row is None:
            raise NotFound(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "no dream proposal %1"), (str(proposal_id),)))
        return row


def proposal_lines(proposals: Sequence[ProposalView]) -> list[str]:
    """One line per proposal for people: ``#3 2026-11-30 (fold: model) first line…``."""
    out = []
    for p in proposals:
        first = p.text.strip().splitlines()[0] if p.text.strip() else ""
        fold = f" (and a fold: {p.fold})" if p.fold else ""
        out.append(f"#{p.id} {p.history_day.isoformat()}{fold}: {first[:100]}")
    return out
