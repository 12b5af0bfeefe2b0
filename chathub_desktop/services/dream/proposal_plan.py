"""What adding a day's card does, planned once (DRM-3, DRM-9; issue 30, walk56 #12).

- :func:`covered`: why a day gets no new card — it has one (``HAS_CARD``), it lies in the
  range card's days (``IN_RANGE``) or before them (``BEFORE_RANGE``: the range card holds
  the oldest days, DRM-9; a day before its end would reorder it). Every writer asks it:
  a dream run, the schedule form's catch-up, a proposal and its Accept.
- :func:`with_day_card`: the cards after a day's card is added and Keep N folds, the
  computation a dream's commit and an accepted proposal both store.
- :func:`plan_accept`: what accepting a dream proposal does now, as an :class:`AcceptPlan`
  — refused (and why, typed), or the card, the fold and the cards after. The Proposals
  tab's preview and Accept both call it, so the preview says exactly what Accept does
  (walk56 #12: the preview promised "folds it into the range 22 Nov – 24 Nov" and Accept
  then dropped the proposal with "That day already had a card").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from enum import StrEnum

from chathub_desktop.core import dynamic_memory as dm
from chathub_desktop.core.document_version import document_version
from chathub_desktop.core.reasons import Day, Reason
from chathub_desktop.services.dream.dream_reasons import DreamReason, day_reason
from chathub_desktop.storage.dream_rows import StoredProposal

__all__ = ["AcceptPlan", "Covered", "DayCover", "covered", "covered_reason", "fold_key", "plan_accept",
           "with_day_card"]


class DayCover(StrEnum):
    """Why a day gets no new card (DRM-3, DRM-9): it ``HAS_CARD``; it lies ``IN_RANGE``
    (between the range card's first and last day); it lies ``BEFORE_RANGE`` (older than
    the range card's first day: the range keeps the oldest days)."""

    HAS_CARD = "has_card"
    IN_RANGE = "in_range"
    BEFORE_RANGE = "before_range"


@dataclass(frozen=True)
class Covered:
    """A day that gets no new card: ``how`` (:class:`DayCover`), and the card that covers
    it — its ``number`` (1-based, document order) and the ``card``."""

    how: DayCover
    number: int
    card: dm.Card


def covered(cards: Sequence[dm.Card], day: date) -> Covered | None:
    """Why ``day`` cannot get a new card among ``cards`` (module docstring), None when it can."""
    for i, c in enumerate(cards, 1):
        if c.day == day:
            return Covered(DayCover.HAS_CARD, i, c)
        if c.span is not None and day <= c.span[1]:
            return Covered(DayCover.IN_RANGE if day >= c.span[0] else DayCover.BEFORE_RANGE, i, c)
    return None


def _span(card: dm.Card) -> str | Day | Reason:
    """A range card's days as a reason's value: its day, or its first and last day."""
    if card.span is None:
        return card.display_tag
    start, end = card.span
    return Day(start) if start == end else Reason("%1 – %2", (Day(start), Day(end)))


def covered_reason(cover: Covered, day: date) -> Reason:
    """``cover`` in words, typed: ``2026-11-20 already has a dream card (#3)``, ``… is
    already folded into range card #1 [2026-11-18 – 2026-11-24]`` or ``… comes before range
    card #1 [2026-11-22 – 2026-11-24], which keeps the oldest days`` (each its own
    template: the three are different facts)."""
    if cover.how is DayCover.HAS_CARD:
        return day_reason(DreamReason.HAS_CARD, day, str(cover.number))
    template = DreamReason.FOLDED_INTO if cover.how is DayCover.IN_RANGE else DreamReason.BEFORE_RANGE
    return day_reason(template, day, str(cover.number), _span(cover.card))


def with_day_card(cards: Sequence[dm.Card], day: date, body: str, keep: int, plan: dm.FoldPlan | None,
                  fold: tuple[str, dm.FoldMethod] | None, current: bool) -> tuple[list[dm.Card], dm.FoldPlan | None]:
    """``cards`` with the card for ``day`` added and Keep ``keep``'s fold applied, and that
    fold's plan (DRM-9): ``plan`` as it is while ``current`` (the document is the one it
    was made on), else planned again; the range card's body is ``fold``'s when the fold
    is the planned one, else the concatenation. Not capped yet (the store caps, DRM-13).
    Raises ``ValueError`` when ``day`` has a card."""
    grown = dm.append_day_card(cards, day, body)
    now_plan = plan if current else dm.plan_retention(grown, keep)
    if now_plan is None:
        return grown, None
    same = plan is not None and (now_plan.folded, now_plan.existing_range) == (plan.folded, plan.existing_range)
    range_body = fold[0] if same and fold is not None else dm.concat_fold_body(now_plan)
    return dm.apply_fold(grown, now_plan, range_body), now_plan


def fold_key(plan: dm.FoldPlan | None) -> str | None:
    """Which cards a fold merges, as text (the tags of the folded cards and of the range
    card); ``None`` without a fold."""
    if plan is None:
        return None
    tags = [c.tag for c in plan.folded]
    return "|".join(tags) + "#" + (plan.existing_range.tag if plan.existing_range is not None else "")


@dataclass(frozen=True)
class AcceptPlan:
    """What accepting ``proposal`` with ``card`` as its text does on the stored ``cards``
    (document version ``version``) at Keep ``keep``: ``refused`` — why nothing can be
    added (typed, what Accept raises) — or the fold ``plan`` and whether it is the fold
    the dream made (``same``: its re-summary is stored, else the texts are joined)."""

    proposal: StoredProposal
    card: str
    keep: int
    cards: tuple[dm.Card, ...]
    version: str
    cover: Covered | None
    plan: dm.FoldPlan | None
    same: bool

    @property
    def refused(self) -> Reason | None:
        """Why Accept adds nothing: ``"2026-11-20 comes before range card #1 [2026-11-22 –
        2026-11-24], which keeps the oldest days; this proposal can't be added"``."""
        if self.cover is None:
            return None
        return Reason(DreamReason.CANT_ACCEPT, (covered_reason(self.cover, self.proposal.history_day),))

    @property
    def fold(self) -> tuple[str, dm.FoldMethod] | None:
        """The dream's range body and method, when its fold is the one accepting makes."""
        p = self.proposal
        return (p.fold_body or "", p.fold_how or dm.FoldMethod.MODEL) if self.same else None

    @property
    def fold_how(self) -> dm.FoldMethod | None:
        """How accepting makes the range card: the dream's method, concatenation when the
        cards changed since (DRM-9), None when nothing folds or nothing is added."""
        if self.plan is None or self.cover is not None:
            return None
        return (self.proposal.fold_how or dm.FoldMethod.MODEL) if self.same else dm.FoldMethod.CONCATENATED

    @property
    def planned_on(self) -> str | None:
        """The version token the plan holds for (None: the commit plans the fold again)."""
        return self.version if self.same else None

    def after(self) -> list[dm.Card]:
        """The cards accepting leaves (within the caps, DRM-13): what Accept stores.
        Raises ``ValueError`` for a refused plan."""
        if self.cover is not None:
            raise ValueError("a refused proposal adds nothing")
        cards, _plan = with_day_card(self.cards, self.proposal.history_day, self.card, self.keep,
                                     self.plan if self.same else None, self.fold, self.same)
        return dm.enforce_caps(cards, self.keep)


def plan_accept(proposal: StoredProposal, card: str, keep: int, body: str) -> AcceptPlan:
    """What accepting ``proposal`` with ``card`` as its text does to the stored document
    ``body`` at Keep ``keep`` (module docstring): refused when its day is covered
    (:func:`covered`), else the fold Keep N asks for."""
    cards = dm.parse_document(body)
    cover = covered(cards, proposal.history_day)
    if cover is not None:
        return AcceptPlan(proposal, card, keep, tuple(cards), document_version(body), cover, None, False)
    plan = dm.plan_retention(dm.append_day_card(cards, proposal.history_day, card), keep)
    same = plan is not None and fold_key(plan) == proposal.fold_key and proposal.fold_body is not None
    return AcceptPlan(proposal, card, keep, tuple(cards), document_version(body), None, plan, same)
