"""What the Proposals tab says (issue 19 "Dream review", issue 30; DRM-3, DRM-8, DRM-9): the
tab's title and the menu entry with the count, each row's two lines (its day and what its
fold takes — or that it can't be added — then the card's first words, walk56 #3), and the
preview: the card as the timeline renders it, then what accepting does — from the
service's :class:`~chathub_desktop.services.dream.dream_review.ProposalOutlook`, planned by
the function Accept calls, so the preview says exactly what Accept will do (walk56 #12).
Pure text in the interface language; no widget here."""

from __future__ import annotations

import html
from collections.abc import Sequence
from datetime import date
from typing import Protocol

from PySide6.QtCore import QCoreApplication, QLocale

from chathub_desktop.core.dynamic_memory import FoldMethod
from chathub_desktop.gui.memory.card_markdown import HEADING_MARK, card_shown
from chathub_desktop.gui.memory.card_panes import card_html
from chathub_desktop.gui.memory.dream_cards import chip_text
from chathub_desktop.gui.shell.day_format import format_day
from chathub_desktop.gui.shell.i18n import QT_TRANSLATE_NOOP, fill
from chathub_desktop.gui.shell.service_reasons import said
from chathub_desktop.services.dream.dream_review import ProposalOutlook, ProposalView
from chathub_desktop.services.memory.memory_preview import FoldSummary

__all__ = ["FOLD_HOW", "AcceptCounts", "accept_lines", "outlook_lines", "preview_html", "proposals_label",
           "proposals_tab_title", "row_fold", "row_head", "row_words"]

translate = QCoreApplication.translate

#: How a proposal's fold makes the range card (``ProposalView.fold``), said of the range
#: card alone: which cards fold is the preview's sentence (bits54: "Older cards fold…"
#: was wrong when only the new card folds).
FOLD_HOW = {FoldMethod.MODEL: QT_TRANSLATE_NOOP("MemoryPage", "The range card is re-summarized by the History "
                                                              "Compress model."),
            FoldMethod.CONCATENATED: QT_TRANSLATE_NOOP("MemoryPage", "The range card joins the folded cards' text.")}
#: Characters of a card a row keeps for its second line (the delegate elides it to the width).
ROW_WORDS = 160


def proposals_label(count: int) -> str:
    """The Assistant menu entry, with the count when there are proposals (in the
    interface language)."""
    return fill(translate("MemoryPage", "Dream &proposals (%1)…"), str(count)) if count \
        else translate("MemoryPage", "Dream &proposals…")


def proposals_tab_title(count: int) -> str:
    """The Proposals tab's title: its badge is the count."""
    return fill(translate("MemoryPage", "&Proposals (%1)"), str(count)) if count \
        else translate("MemoryPage", "&Proposals")


def _fold_line(p: ProposalView, fold: FoldSummary | None) -> str:
    """How accepting makes the range card ("" when nothing folds)."""
    return translate("MemoryPage", FOLD_HOW.get(p.fold, p.fold)) if p.fold and fold is not None else ""


def row_fold(fold: FoldSummary | None) -> str:
    """A proposal row's suffix: what its fold takes (bits54) — older cards, or only the
    new card into a range card; "" when nothing folds."""
    if fold is None:
        return ""
    if any(t != fold.new for t in fold.folded):
        return translate("MemoryPage", " · folds older cards")
    return translate("MemoryPage", " · folds into a range card")


def row_head(o: ProposalOutlook) -> str:
    """A row's first line: its day, and what its fold takes — or that Accept can't add it
    (walk56 #12: the user sees it before clicking)."""
    day = format_day(o.proposal.history_day)
    if o.refused is not None:
        return fill(translate("MemoryPage", "%1 · can't be added"), day)
    return f"{day}{row_fold(o.fold)}"


def row_words(text: str) -> str:
    """A row's second line: the card's first words as the timeline shows them (bullets,
    headings and Markdown marks as there), its lines run together; the list elides it to
    one line (walk56 #3: "5 Dec 2026 · folds older cards" told two proposals apart by day
    alone)."""
    lines = [ln.replace(HEADING_MARK, "").strip() for ln in card_shown(text[:4 * ROW_WORDS]).split("\n")]
    words = " ".join(ln for ln in lines if ln)
    words = words.removeprefix("• ")
    return words[:ROW_WORDS]


def _days(tags: Sequence[str]) -> str:
    """Card tags as the page names their days (``26 Nov 2026, 27 Nov 2026``)."""
    return translate("MemoryPage", ", ", "between days in a list").join(chip_text(t) for t in tags)


def _span(span: tuple[date, date]) -> str:
    """A range's first and last day as the page says them (one day: that day)."""
    start, end = span
    return format_day(start) if start == end else f"{format_day(start)} – {format_day(end)}"


class AcceptCounts(Protocol):
    """What :func:`accept_lines` reads of a preview: the card counts ``before`` and
    ``after`` and the ``fold`` (a service ``ChangePreview`` or a ``ProposalOutlook``)."""

    @property
    def before(self) -> int:
        """Cards now."""
        ...

    @property
    def after(self) -> int:
        """Cards after accepting."""
        ...

    @property
    def fold(self) -> FoldSummary | None:
        """The fold accepting makes (None: none)."""
        ...


def accept_lines(day: date, preview: AcceptCounts) -> list[str]:
    """What accepting the card for ``day`` does, as sentences a user reads (memhist54,
    audit54 walk #4: "dynamic memory: 4 cards → 4 cards / cards: 0 added, 0 removed, 1
    edited / fold: …"): the card it adds, which cards fold into which range and the
    range's span after (DRM-9), then the card count before and after; days in the page's
    date style, counts with their plural forms."""
    f = preview.fold
    card = format_day(day)
    if f is None:
        said_now = fill(translate("MemoryPage", "Accepting adds the card for %1."), card)
    elif f.new is not None:
        said_now = (fill(translate("MemoryPage", "Accepting adds the card for %1 and folds it into a new range card "
                                                 "for %2."), card, _span(f.span))
                    if f.into is None else
                    fill(translate("MemoryPage", "Accepting adds the card for %1 and folds it into the range %2 "
                                                 "(now %3)."), card, chip_text(f.into), _span(f.span)))
    else:
        said_now = fill(translate("MemoryPage", "Accepting adds the card for %1."), card)
    older = [t for t in f.folded if t != f.new] if f is not None else []
    if f is not None and older:
        n, span = len(older), _span(f.span)
        said_now += " " + (
            fill(translate("MemoryPage", "%n older card(s) (%1) fold into a new range card for %2.", None, n),
                 _days(older), span) if f.into is None else
            fill(translate("MemoryPage", "%n older card(s) (%1) fold into the range %2 (now %3).", None, n),
                 _days(older), chip_text(f.into), span))
    after = preview.after
    count = (translate("MemoryPage", "The dynamic memory keeps %n card(s).", None, after) if after == preview.before
             else fill(translate("MemoryPage", "The dynamic memory goes from %1 to %n card(s).", None, after),
                       QLocale().toString(preview.before)))
    return [said_now, count]


def outlook_lines(o: ProposalOutlook) -> list[str]:
    """What accepting ``o``'s proposal does, in the interface language: the sentences of
    :func:`accept_lines`, or — for a day Accept refuses — the very reason Accept gives
    ("20 Nov 2026 comes before range card #1 [22 Nov 2026 – 24 Nov 2026], which keeps the
    oldest days; this proposal can't be added") and what to do (walk56 #12)."""
    if o.refused is not None:
        return [fill(translate("MemoryPage", "%1. Discard it to clear it from the list."), said(o.refused))]
    return accept_lines(o.proposal.history_day, o)


def preview_html(p: ProposalView, lines: list[str], fold: FoldSummary | None = None) -> str:
    """What the preview pane shows, as HTML: the card for its day rendered as the timeline
    and Dream now's preview render it (:func:`card_html`: fences dropped, bullets as •,
    headings bold; walk52 #4 showed raw ```python fences), then what accepting does
    (:func:`accept_lines`), how the range card is made when ``fold`` (the preview's), every
    text escaped."""
    how = _fold_line(p, fold)
    head = html.escape(fill(translate("MemoryPage", "Card for %1:"), format_day(p.history_day)))
    tail = "<br>".join(html.escape(ln) for ln in lines)
    return (f"<b>{head}</b><br>{card_html(p.text)}<br><br>{tail}"
            + (f"<br>{html.escape(how)}" if how else ""))
