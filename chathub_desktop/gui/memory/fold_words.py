"""How a change preview says dream cards and a fold (DRM-7, DRM-9, issue 30, walk56 #5):
a card as the timeline shows it — its day or span in the page's date style, then its
plain words (no ``[date:…]`` storage marks, no Markdown marks) — and a Keep N's fold in
sentences: which older cards fold into which range card, the span it then covers, and
the card count before and after. The cards folded are said as folded, never removed:
their text goes into the range card.

The services list a card as ``"[tag] text"``
(:func:`~chathub_desktop.services.memory.memory_preview.card_label`) and the fold as a
:class:`~chathub_desktop.services.memory.memory_preview.FoldSummary`; these plain
functions word them in the interface language (the CLI keeps the services' English)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import date

from PySide6.QtCore import QCoreApplication, QLocale

from chathub_desktop.gui.memory.card_markdown import HEADING_MARK, card_shown
from chathub_desktop.gui.memory.dream_cards import chip_text
from chathub_desktop.gui.memory.dream_words import keep_together
from chathub_desktop.gui.shell.day_format import format_day
from chathub_desktop.gui.shell.i18n import fill
from chathub_desktop.services.memory.memory_preview import ChangePreview, FoldSummary

translate = QCoreApplication.translate

#: A card as the services list it: ``[tag] text``.
_LABEL = re.compile(r"\[([^\]\n]*)\] ?(.*)", re.DOTALL)
#: A range card's day mark (DRM-13), a storage detail the row's span already says.
_DAY_MARK = re.compile(r"^\s*\[date:\d{4}-\d{2}-\d{2}\]\s*$", re.MULTILINE)
#: A shown line's list mark (``•``, ``☐``, ``☑``), dropped when lines are joined.
_LIST_MARK = re.compile(r"^\s*[•☐☑]\s+")
#: Days a fold's summary names one by one at most (more: the first and the last).
NAMED_DAYS = 3


def card_words(text: str) -> str:
    """A card's stored ``text`` as plain words on one line: its shown lines
    (:func:`card_shown`: headings, bullets and emphasis without their marks) without a
    range's ``[date:…]`` marks, joined with `` · ``: ``# How you work`` / ``- **Bullet
    points**, no prose`` → ``How you work · Bullet points, no prose`` (DRM-8, DRM-12)."""
    shown = card_shown(_DAY_MARK.sub("", text)).replace(HEADING_MARK, "")
    return " · ".join(_LIST_MARK.sub("", ln).strip() for ln in shown.splitlines() if ln.strip())


def _split(label: str) -> tuple[str, str] | None:
    m = _LABEL.fullmatch(label)
    return None if m is None else (m.group(1), m.group(2))


def card_row(label: str) -> str:
    """A card listed as ``[tag] text`` as a preview row: its day or span as the page
    says it (:func:`chip_text`: ``24 Nov 2026``, ``22 Nov 2026 – 23 Nov 2026``) on a
    line of its own, then :func:`card_words`; any other text as its words (DRM-8)."""
    parts = _split(label)
    if parts is None:
        return card_words(label)
    tag, text = parts
    words = card_words(text)
    return f"{chip_text(tag)}\n{words}" if words else chip_text(tag)


def card_tip(label: str) -> str:
    """A card listed as ``[tag] text`` whole, as the timeline shows it (a row's tooltip):
    its day or span, then its shown lines (:func:`card_shown`; DRM-8)."""
    parts = _split(label)
    shown = card_shown(label if parts is None else parts[1]).replace(HEADING_MARK, "")
    return shown if parts is None else f"{chip_text(parts[0])}\n{shown}".rstrip("\n")


def card_edit_row(before: str, after: str) -> str:
    """A card rewritten (a range card a fold grows): its span before → after, then its
    words after — ``22 Nov 2026 – 23 Nov 2026 → 22 Nov 2026 – 26 Nov 2026`` / ``Ana
    planned a trip to Kyoto…`` (DRM-9)."""
    old, new = _split(before), _split(after)
    if old is None or new is None:
        return f"{card_words(before)}  →  {card_words(after)}"
    span = chip_text(old[0]) if old[0] == new[0] else f"{chip_text(old[0])}  →  {chip_text(new[0])}"
    words = card_words(new[1])
    return f"{span}\n{words}" if words else span


def _whole(days: str) -> str:
    """A day or span (``22 Nov 2026 – 23 Nov 2026``) that a wrapping summary breaks only
    around its dash, never inside a day (``2026年11|月22日``; :func:`keep_together`)."""
    return " – ".join(keep_together(day) for day in days.split(" – "))


def _span(span: tuple[date, date]) -> str:
    start, end = span
    return _whole(format_day(start) if start == end else f"{format_day(start)} – {format_day(end)}")


def _days(tags: Sequence[str]) -> str:
    """The folded cards' days: each when few (``24 Nov 2026, 25 Nov 2026``), else the
    first and the last (``1 Nov 2026 to 20 Nov 2026``)."""
    if len(tags) <= NAMED_DAYS:
        return translate("MemoryPage", ", ", "between days in a list").join(_whole(chip_text(t)) for t in tags)
    return fill(translate("MemoryPage", "%1 to %2", "the first and last of many folded cards' days"),
                _whole(chip_text(tags[0])), _whole(chip_text(tags[-1])))


def fold_sentence(fold: FoldSummary) -> str:
    """Which cards ``fold`` folds into which range card and the span it then covers, in a
    sentence (DRM-9): ``3 older cards (24 Nov 2026, 25 Nov 2026, 26 Nov 2026) fold into
    the range 22 Nov 2026 – 23 Nov 2026 (now 22 Nov 2026 – 26 Nov 2026).`` — the words of
    a proposal's preview (:func:`~.proposals_section.accept_lines`); a day never wraps
    inside."""
    older = [t for t in fold.folded if t != fold.new]
    n, span = len(older), _span(fold.span)
    if fold.into is None:
        return fill(translate("MemoryPage", "%n older card(s) (%1) fold into a new range card for %2.", None, n),
                    _days(older), span)
    return fill(translate("MemoryPage", "%n older card(s) (%1) fold into the range %2 (now %3).", None, n),
                _days(older), _whole(chip_text(fold.into)), span)


def count_sentence(before: int, after: int) -> str:
    """The dream cards before → after: ``The dynamic memory goes from 12 to 9 cards.``
    (DRM-7)."""
    if after == before:
        return translate("MemoryPage", "The dynamic memory keeps %n card(s).", None, after)
    return fill(translate("MemoryPage", "The dynamic memory goes from %1 to %n card(s).", None, after),
                QLocale().toString(before))


def keep_lines(preview: ChangePreview) -> list[str]:
    """A Keep N's fold preview in sentences (DRM-7, DRM-9; walk56 #5: "dynamic memory: 12
    cards → 9 cards / cards: 0 added, 3 removed, 1 edited / fold: 3 cards (#2
    [2026-11-24], …)"): the fold, then the card count before → after (the heading says
    that the folded cards' text is joined into the range card)."""
    lines = [] if preview.fold is None else [fold_sentence(preview.fold)]
    return [*lines, count_sentence(preview.before, preview.after)]
