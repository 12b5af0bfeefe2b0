"""The Memory page's panels tell the truth (issue 30, walk52 #4–#7, #11a): the proposals'
count and status lines stay true after Accept, the cards' buttons are off the Proposals
tab, a proposal's preview is rendered as the cards are, and the empty timeline says a
dream is running while one runs."""

from __future__ import annotations

from chathub_desktop.gui.design.tokens import ChipKind
from chathub_desktop.gui.memory.card_markdown import HEADING_MARK
from chathub_desktop.gui.shell.day_format import format_day
from tests.fakes.vendor_server import Reply
from tests.gui.shot_harness import shots_in_both_themes
from tests.gui.test_dream_panel import active_yesterday, helper, idle, open_page, summ  # noqa: F401

#: A model's card with a heading, bullets and a fenced block (walk52 #4: shown raw).
FENCED = ("## Python habits\n- Rounds numbers with `round()` in reports\n- Prefers metric units\n"
          "```python\nprint(round(2.5))\n```\nAsked about tables on Monday.")


def test_a_proposal_is_previewed_rendered_and_its_status_lines_stay_true(  # type: ignore[no-untyped-def]
        open_page, services, helper, summ, qtbot):  # noqa: F811
    """Dream now with review on proposes a card: its preview shows bullets and no fences;
    one proposal is counted as one (not "1 more"); Accept clears "… waits in Proposals.";
    the cards' buttons are hidden on the Proposals tab and back on the Cards tab."""
    day = active_yesterday(services, helper)
    services.dreams.review.set_enabled(helper, True)
    panel = open_page(helper).dream_panel
    summ.script(Reply(text_chunks=[FENCED]))
    panel.runs.dream_now()
    qtbot.waitUntil(lambda: not panel.runs.dreaming, timeout=5000)
    qtbot.waitUntil(lambda: bool(services.dreams.review.proposals(helper)), timeout=5000)
    idle(qtbot, panel)
    # said in short words (memlang54, walk54 #4), not "Proposed a card … accept or discard it"
    assert panel.status_label.text() == f"A card for {format_day(day)} waits in Proposals."
    assert panel.status_label.isVisible()
    section = panel.show_proposals()
    qtbot.waitUntil(lambda: section.list.count() == 1, timeout=5000)
    assert not any(b.isVisible() for b in panel.card_buttons)  # walk52 #4: cards' buttons on Proposals
    shots_in_both_themes(panel, "proposal-rendered")
    shown = section.text.toPlainText()
    assert "• Rounds numbers with round() in reports" in shown and "print(round(2.5))" in shown
    assert "```" not in shown and "##" not in shown and HEADING_MARK not in shown
    # the review switch's line counts the one proposal shown as one, not "1 more"
    section.review_box.setChecked(False)
    qtbot.waitUntil(lambda: section.status.text().startswith("Dreams add their cards at once"), timeout=5000)
    section.review_box.setChecked(True)
    qtbot.waitUntil(lambda: section.status.text() == "New dream cards wait here for review · 1 proposal waits for review",
                    timeout=5000)
    assert section.accept_current()
    qtbot.waitUntil(lambda: section.list.count() == 0 and not section.ops.busy, timeout=5000)
    qtbot.waitUntil(lambda: section.status.text() == f"Added the card for {format_day(day)} · nothing else waits",
                    timeout=5000)
    assert not panel.status_label.isVisible() and panel.status_label.text() == ""  # no stale "waits in Proposals"
    panel.tabs.setCurrentIndex(0)
    assert all(b.isVisible() for b in panel.card_buttons)
    idle(qtbot, panel)


def test_the_empty_timeline_says_a_dream_runs_while_one_runs(  # type: ignore[no-untyped-def]
        open_page, services, helper, summ, qtbot):  # noqa: F811
    """walk52 #11: while Dream now runs, the empty list said "…press Dream now"."""
    active_yesterday(services, helper)
    panel = open_page(helper).dream_panel
    assert "press Dream now" in panel.empty_label.text()  # a past day waits in the chooser
    summ.script(Reply(text_chunks=["- Wants tables"], delay_s=5.0))
    panel.runs.dream_now()
    qtbot.waitUntil(lambda: len(summ.requests) == 1, timeout=5000)
    assert panel.empty_label.text() == ("No dream cards yet.\n"
                                        "Dreaming now — its card appears here when the dream is done.")
    shots_in_both_themes(panel, "dreaming-empty")
    panel.stop_button.click()
    qtbot.waitUntil(lambda: not panel.runs.running, timeout=5000)
    assert "press Dream now" in panel.empty_label.text()
    idle(qtbot, panel)


def test_only_telling_provenance_chips_and_a_named_pause_toggle(qloop, services, qtbot):  # type: ignore[no-untyped-def]
    """walk52 #5: every entry had an "owner" chip (所有者 in zh: "property owner"); the
    owner is the default, so only dream / agent / untrusted / paused / "from …" show a chip,
    while the tooltip and the accessible description still say who wrote the entry and
    what the ⏸ toggle does."""
    from PySide6.QtCore import Qt

    from tests.gui.helpers import shown_memory_page

    aid = services.assistants.create("Helper", model="gpt-4o-mini").id
    services.memory.add(aid, "Prefers metric units")
    services.memory.add(aid, "Asked for tables twice", origin="agent", trusted=False)
    services.memory.set_paused(aid, 1, True)
    with shown_memory_page(services, aid, qtbot) as page:
        qtbot.waitUntil(lambda: page.model.rowCount() == 2, timeout=5000)
        owner, agent = page.model.index(0), page.model.index(1)
        assert page.delegate.chips(owner) == [("paused", ChipKind.PAUSED)]
        assert page.delegate.chips(agent) == [("agent", ChipKind.AGENT), ("⚠ untrusted", ChipKind.UNTRUSTED)]
        assert "Written by you in this editor" in owner.data(Qt.ItemDataRole.ToolTipRole)
        assert owner.data(Qt.ItemDataRole.AccessibleDescriptionRole) == (
            "Written by you in this editor. Resume: the assistant sees this entry again (Ctrl+P)")
        assert agent.data(Qt.ItemDataRole.AccessibleDescriptionRole) == (
            "Written by the model with its memory tool. Pause: the assistant won't see this entry (Ctrl+P)")


def test_a_cut_card_keeps_its_line_structure(qapp):  # type: ignore[no-untyped-def]
    """walk52 #6: a card cut at its line budget ran its heading, bullets and code into one
    last line cut with "…"; the last shown line is its own line, with "…" after it."""
    from PySide6.QtGui import QFont

    from chathub_desktop.gui.memory.card_lines import layout_lines

    text = "\u2028".join(("Python habits", "• rounds with round()", "print(round(2.5))", "Asked about tables"))
    lines = layout_lines(text, QFont(), 600, 3)
    assert lines == ["Python habits", "• rounds with round()", "print(round(2.5)) …"]


def test_history_shows_entries_added_removed_and_changed_in_the_page_date_style(  # type: ignore[no-untyped-def]
        qloop, services, qtbot):
    """walk52 #7: History was a monospace unified diff ("@@ lines 1–3", "- #2" / "+ #2")
    dated "12/5/26" while the page says "1 May 2024": each change lists its entries as
    Added / Removed / Changed (old → new, the words marked on the design tokens' diff
    colours), dated as the page dates; Revert stays."""
    from chathub_desktop.core.memory_diff import EntryChanges
    from chathub_desktop.gui.design import current_colours
    from chathub_desktop.gui.memory.history_rows import WhenRole
    from chathub_desktop.gui.memory.history_view import entries_html
    from tests.gui.helpers import shown_memory_page

    aid = services.assistants.create("Helper", model="gpt-4o-mini").id
    services.memory.add(aid, "Prefers metric units")
    services.memory.add(aid, "Lives in Berlin")
    services.memory.edit(aid, 1, "Prefers imperial units")
    services.memory.delete(aid, 2)
    with shown_memory_page(services, aid, qtbot) as page:
        history = page.open_history()
        qtbot.waitUntil(lambda: history.list.count() == 4 and history.detail is not None, timeout=5000)
        newest = history.changes[0]
        assert history.list.item(0).text() == "You deleted entry #2"
        assert history.list.item(0).data(WhenRole).startswith(f"{format_day(newest.at.date())}, ")
        assert history.diff.toPlainText().endswith("Removed\nLives in Berlin")
        history.list.setCurrentRow(1)  # the edit
        qtbot.waitUntil(lambda: history.detail is not None and history.detail.change.id == history.changes[1].id,
                        timeout=5000)
        text = history.diff.toPlainText()
        assert text.endswith("Changed\n#1 Prefers metric units\n→ Prefers imperial units") and "@@" not in text
        assert format_day(history.changes[1].at.date()) in text
        assert history.revert_button.isEnabled()
    c = current_colours()
    marked = entries_html(EntryChanges(edited=[("Prefers metric units", "Prefers imperial units")]))
    assert f'<s style="background:{c.diff_removed}">metric</s>' in marked
    assert f'<span style="background:{c.diff_added}">imperial</span>' in marked
