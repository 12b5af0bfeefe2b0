"""The Proposals tab says what Accept will do, tells proposals apart, and Discard can be
undone (issue 30, walk56 #12 and #3; DRM-3, DRM-8, DRM-9).

- #12: with Keep N lowered while a proposal for 20 Nov waited, the range card became
  22 Nov – 24 Nov; the preview said "Accepting adds the card for 20 Nov 2026 and folds it
  into the range 22 Nov 2026 – 24 Nov 2026" and Accept dropped it with "That day already
  had a card; the proposal was dropped". Now the row and the preview say it can't be
  added — each covered day with its own reason — Accept is not offered, and the service's
  Accept refuses it with the very words the preview shows (one plan, both ask it).
- #3: rows said only "5 Dec 2026 · folds older cards"; each now shows the card's first
  words under its day. Discard dropped a proposal with no way back; it now offers Undo,
  which brings it back exactly, and the count follows.
"""
# ruff: noqa: ANN001

from __future__ import annotations

from datetime import date

import pytest
from PySide6.QtCore import Qt

from chathub_desktop.core import dynamic_memory as dm
from chathub_desktop.gui.memory.history_rows import WhenRole
from chathub_desktop.gui.shell.service_reasons import said
from chathub_desktop.services.errors import InvalidInput
from chathub_desktop.storage.models import DynamicMemoryDocument, utcnow
from tests.gui.test_dream_panel import helper, idle, open_page, seed_cards, summ  # noqa: F401  (fixtures)


def _nov(d: int) -> date:
    return date(2026, 11, d)


def _section(open_page, helper, qtbot, rows: int):  # type: ignore[no-untyped-def]  # noqa: F811
    page = open_page(helper)
    page.resize(1366, 768)
    idle(qtbot, page.dream_panel)
    section = page.dream_panel.show_proposals()
    qtbot.waitUntil(lambda: section.list.count() == rows and not section.ops.busy, timeout=5000)
    return page, section


def _select(section, qtbot, day: date) -> None:  # type: ignore[no-untyped-def]
    row = next(i for i, o in enumerate(section._shown) if o.proposal.history_day == day)
    section.list.setCurrentRow(row)
    qtbot.waitUntil(lambda: section.current_id() == section._shown[row].proposal.id, timeout=3000)


def test_a_covered_day_is_said_before_accept_and_accept_says_the_same(  # type: ignore[no-untyped-def]
        open_page, services, helper, qtbot):  # noqa: F811
    review = services.dreams.review
    seed_cards(services, helper, [_nov(22), _nov(24), _nov(25), _nov(26)])
    ids = {d: review.propose(helper, _nov(d), f"- Proposed for {d} Nov", None, None) for d in (20, 23, 27, 28)}
    services.dreams.set_keep(helper, 2)  # Keep N lowered while they wait: 22–24 fold into a range card
    cards = dm.parse_document(services.dreams.document(helper))
    with services.db.write() as s:  # and 27 Nov got a card meanwhile
        s.merge(DynamicMemoryDocument(assistant_id=helper, body=dm.render_document(
            dm.append_day_card(cards, _nov(27), "- Written by hand")), updated_at=utcnow()))
    doc = services.dreams.document(helper)
    _page, section = _section(open_page, helper, qtbot, 4)
    heads = [section.list.item(i).text() for i in range(4)]
    assert heads == ["20 Nov 2026 · can't be added", "23 Nov 2026 · can't be added", "27 Nov 2026 · can't be added",
                     "28 Nov 2026 · folds older cards"]
    why = {20: "20 Nov 2026 comes before range card #1 [22 Nov 2026 – 24 Nov 2026], which keeps the oldest days; "
               "this proposal can't be added",
           23: "23 Nov 2026 is already folded into range card #1 [22 Nov 2026 – 24 Nov 2026]; this proposal can't "
               "be added",
           27: "27 Nov 2026 already has a dream card (#4); this proposal can't be added"}
    for d, reason in why.items():
        _select(section, qtbot, _nov(d))
        preview = section.text.toPlainText()
        # the preview promises nothing Accept would not do …
        assert preview.endswith(f"{reason}. Discard it to clear it from the list."), preview
        assert "Accepting adds" not in preview and "folds it into" not in preview
        assert not section.accept_button.isEnabled() and not section.edit_button.isEnabled()
        assert section.discard_button.isEnabled()
        assert not section.accept_current() and not section.edit_current()
        # … and Accept refuses with the very words the preview shows; nothing is written, the proposal stays
        with pytest.raises(InvalidInput) as refused:
            review.accept(ids[d])
        assert refused.value.why is not None and said(refused.value.why) == reason
    assert len(set(why.values())) == 3  # each covered day its own true reason
    assert services.dreams.document(helper) == doc and review.count(helper) == 4
    # the one Accept would add says what it adds, and Accept adds exactly that
    _select(section, qtbot, _nov(28))
    assert section.accept_button.isEnabled()
    assert "Accepting adds the card for 28 Nov 2026. 2 older cards (25 Nov 2026, 26 Nov 2026) fold into the range " \
           "22 Nov 2026 – 24 Nov 2026 (now 22 Nov 2026 – 26 Nov 2026).\nThe dynamic memory goes from 4 to 3 cards." \
           in section.text.toPlainText()
    assert section.accept_current()
    qtbot.waitUntil(lambda: section.list.count() == 3 and not section.ops.busy, timeout=5000)
    after = dm.parse_document(services.dreams.document(helper))
    assert [c.display_tag for c in after] == ["2026-11-22 – 2026-11-26", "2026-11-27", "2026-11-28"]
    qtbot.waitUntil(lambda: section.status.text() == "Added the card for 28 Nov 2026 · 3 proposals wait for review",
                    timeout=5000)


def test_each_row_shows_the_cards_first_words(open_page, services, helper, qtbot):  # type: ignore[no-untyped-def]  # noqa: F811
    review = services.dreams.review
    long = "# How you work\n- **Bullet points**, no prose\n- Short intros only\n" + "- More detail " * 40
    review.propose(helper, _nov(20), "- Booked the vet for Miso", None, None)
    review.propose(helper, _nov(21), long, None, None)
    _page, section = _section(open_page, helper, qtbot, 2)
    rows = [(section.list.item(i).text(), section.list.item(i).data(WhenRole)) for i in range(2)]
    assert rows[0] == ("20 Nov 2026", "Booked the vet for Miso")
    head, words = rows[1]
    assert head == "21 Nov 2026" and words.startswith("How you work • Bullet points, no prose • Short intros only")
    assert "\n" not in words and "#" not in words and "**" not in words
    # two lines a row, the words on one line elided to the list's width
    view = section.list
    rect = view.visualRect(view.model().index(1, 0))
    assert rect.height() >= 2 * view.fontMetrics().lineSpacing()
    assert rect.width() <= view.viewport().width() and view.horizontalScrollBar().maximum() == 0


def test_discard_then_undo_brings_the_proposal_and_the_count_back(  # type: ignore[no-untyped-def]
        open_page, services, helper, qtbot):  # noqa: F811
    review = services.dreams.review
    review.propose(helper, _nov(20), "- Booked the vet for Miso", None, None)
    review.propose(helper, _nov(21), "- Asks for type hints in every example", None, None)
    before = review.proposals(helper)
    page, section = _section(open_page, helper, qtbot, 2)
    panel = page.dream_panel
    assert panel.tabs.tabText(1) == "&Proposals (2)"
    section.list.setFocus()
    qtbot.keyClick(section.list, Qt.Key.Key_Delete)  # Del discards the selected (first) one at once
    qtbot.waitUntil(lambda: section.list.count() == 1 and not section.ops.busy, timeout=5000)
    assert [p.history_day for p in review.proposals(helper)] == [_nov(21)]
    assert panel.tabs.tabText(1) == "&Proposals (1)"
    assert section.status.text() == ("Discarded the card for 20 Nov 2026 — the dynamic memory is unchanged · 1 "
                                     "proposal waits for review")
    assert section.undo_button.isVisible() and section.undo_button.text() == "Undo"
    qtbot.mouseClick(section.undo_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: section.list.count() == 2 and not section.ops.busy, timeout=5000)
    assert review.proposals(helper) == before  # exactly as it was: id, text, fold, time
    assert panel.tabs.tabText(1) == "&Proposals (2)" and section.count == 2
    assert section.current_id() == before[0].id  # the one brought back is selected
    assert section.status.text() == "The card for 20 Nov 2026 is back · 2 proposals wait for review"
    assert not section.undo_button.isVisible()
    # Undo is offered for a few seconds only; then the discard stays
    assert section.discard_current()
    qtbot.waitUntil(lambda: section.list.count() == 1 and not section.ops.busy, timeout=5000)
    assert section.undo_button.isVisible() and section._undo_timer.isActive()
    section._undo_timer.setInterval(10)
    section._undo_timer.start()
    qtbot.waitUntil(lambda: not section.undo_button.isVisible(), timeout=3000)
    assert not section.undo_discard() and review.count(helper) == 1
    assert panel.tabs.tabText(1) == "&Proposals (1)"
