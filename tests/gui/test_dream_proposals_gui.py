"""Dream review on the Memory page (issue 19): with review on, a dream's card waits as a
proposal in the dream panel's Proposals tab; the tab title and the window's menu entries
(Assistant → Dream proposals…, Assistant → Memory…) count them; each shows its preview
(the card, and what accepting changes: the fold of older cards into which range); Accept
adds it to the dynamic memory and Discard drops it, by button or keyboard; a proposal
another process adds shows live (the store's change log watches ``dream_proposal``).

``CHATHUB_SHOTS=/dir`` saves an offscreen PNG of the Proposals tab."""

from __future__ import annotations

import os
from datetime import UTC, date, datetime, timedelta

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from chathub_desktop.core import dynamic_memory as dm
from chathub_desktop.core.messages import Role
from chathub_desktop.core.ui_language import UiLanguage
from chathub_desktop.gui.memory.dream_panel import DreamPanel
from chathub_desktop.gui.memory.proposals_section import proposals_tab_title
from tests.fakes.vendor_server import Reply
from tests.gui.helpers import add_fake_provider, reload_assistants
from tests.gui.shot_harness import shots_in_both_themes
from tests.gui.test_live_refresh_gui import (  # noqa: F401
    DEADLINE_MS,
    cli,
    finished,
    helper,
    history_yesterday,
    summ,
)

DAYS = (date(2026, 11, 28), date(2026, 11, 29))


def _settled(qtbot, window, page) -> None:  # type: ignore[no-untyped-def]
    """Wait until the page's reloads ran (none may fire after the window's loop ends)."""
    panel = page.dream_panel
    qtbot.waitUntil(lambda: not (panel.proposals._timer.isActive() or panel.refresh.timer.isActive()
                                 or page.refresh.timer.isActive() or window.runner.pending()), timeout=5000)


def _two_proposals(window, services, fake_vendor, qtbot, qloop) -> int:  # type: ignore[no-untyped-def]
    _pid, aid = add_fake_provider(services, fake_vendor.base_url)
    services.settings.set("history-compress-model", "Fake/gpt-5-mini")
    reload_assistants(window, qtbot, aid)
    topic = services.topics.create(aid, "Work").id
    for d in (DAYS[0] - timedelta(days=1), *DAYS):
        services.chat.append_row(topic, role=Role.USER, content=f"tables please ({d})",
                              created_at=datetime(d.year, d.month, d.day, 12, tzinfo=UTC))
    dreams = services.dreams
    fake_vendor.script(Reply(text_chunks=["- Older habit"]))
    task = qloop.create_task(dreams.run_day(aid, DAYS[0] - timedelta(days=1)))  # one card already kept
    qtbot.waitUntil(task.done, timeout=8000)
    dreams.set_keep(aid, 1)
    dreams.review.set_enabled(aid, True)
    fake_vendor.script(Reply(text_chunks=["- Wants tables"]), Reply(text_chunks=["Condensed older habit"]),
                       Reply(text_chunks=["- Wants tables, again"]), Reply(text_chunks=["Condensed again"]))
    for d in DAYS:
        task = qloop.create_task(dreams.run_day(aid, d))
        qtbot.waitUntil(task.done, timeout=8000)
        assert task.result().status == "proposed"
    return aid


def test_proposals_show_on_the_memory_page_counted_and_accepted_or_discarded(  # type: ignore[no-untyped-def]
        window, services, fake_vendor, qtbot, qloop):
    aid = _two_proposals(window, services, fake_vendor, qtbot, qloop)
    controls = window.context_controls
    qtbot.waitUntil(lambda: controls.proposals_action.text() == "Dream &proposals (2)…", timeout=3000)
    assert window.memory_action.text() == "&Memory (2 dream proposals)…"
    section = controls.open_proposals()  # the menu entry opens the page at the Proposals tab
    assert section is not None
    page = window.dialogs["memory"]
    panel = page.dream_panel
    assert panel.tabs.currentIndex() == 1 and panel.tabs.currentWidget().isAncestorOf(section) and section.isVisible()
    qtbot.waitUntil(lambda: section.list.count() == 2, timeout=5000)
    assert panel.tabs.tabText(1) == proposals_tab_title(2) == "&Proposals (2)"
    assert section.review_box.isChecked()
    assert [section.list.item(i).text() for i in range(2)] == [f"{d.day} {d:%b %Y} · folds older cards" for d in DAYS]
    preview = section.text.toPlainText()
    assert preview.startswith(f"Card for {DAYS[0].day} {DAYS[0]:%b %Y}:\n• Wants tables")  # rendered as cards are
    # what accepting does, as a user reads it (memhist54, audit54 walk #4), not "fold: 1 card (#1 [2026-11-27]) …"
    assert preview.endswith("Accepting adds the card for 28 Nov 2026. 1 older card (27 Nov 2026) folds into a new "
                            "range card for 27 Nov 2026.\nThe dynamic memory goes from 1 to 2 cards.\nThe range card is "
                            "re-summarized by the History Compress model.")
    out = os.environ.get("CHATHUB_SHOTS")
    if out:
        page.grab().save(os.path.join(out, "memory-proposals.png"))
    # keyboard: Ctrl+Enter on the list accepts the selected proposal
    section.list.setFocus()
    qtbot.keyClick(section.list, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: section.list.count() == 1 and not section.ops.busy, timeout=5000)
    qtbot.waitUntil(lambda: section.status.text() == f"Added the card for {DAYS[0].day} {DAYS[0]:%b %Y} · 1 proposal "
                                                     "waits for review", timeout=5000)
    assert panel.tabs.tabText(1) == "&Proposals (1)"
    cards = dm.parse_document(services.dreams.document(aid))
    assert [(c.kind, dm.visible_body(c)) for c in cards] == [("range", "Condensed older habit"), ("day", "- Wants tables")]
    # Del discards the other one; the dynamic memory stays as it is
    qtbot.keyClick(section.list, Qt.Key.Key_Delete)
    qtbot.waitUntil(lambda: section.list.count() == 0 and not section.ops.busy, timeout=5000)
    # walk45 #8: one centred line of what proposals are, no blank panes, no greyed buttons
    assert section.empty.isVisible() and section.empty_help.isVisible()
    assert section.empty_label.text() == "No dream card waits for review."
    assert section.empty_what.text() == "With review on, each dream's new card waits here until you accept or discard it."
    assert not (section.panes.isVisible() or section.accept_button.isVisible() or section.discard_button.isVisible())
    qtbot.waitUntil(lambda: section.status.text() == f"Discarded the card for {DAYS[1].day} {DAYS[1]:%b %Y} — the "
                    "dynamic memory is unchanged · nothing else waits", timeout=5000)  # the count stays true (issue 30)
    assert section.undo_button.isVisible()  # walk56 #3: Undo beside it for a few seconds
    assert dm.parse_document(services.dreams.document(aid)) == cards
    assert services.dreams.review.proposals(aid) == []
    qtbot.waitUntil(lambda: panel.tabs.tabText(1) == "&Proposals", timeout=3000)
    qtbot.waitUntil(lambda: controls.proposals_action.text() == "Dream &proposals…", timeout=3000)
    assert window.memory_action.text() == "&Memory…"
    section.review_box.setChecked(False)
    qtbot.waitUntil(lambda: not services.dreams.review.enabled(aid), timeout=3000)
    _settled(qtbot, window, page)


def test_a_proposal_whose_own_card_folds_says_so_not_older_cards(  # type: ignore[no-untyped-def]
        window, services, fake_vendor, qtbot, qloop):
    """bits54: with the later proposal accepted first, accepting the earlier one folds only
    its own card into the range — the row and the note said "folds older cards" and
    "re-summarized" (the dream's re-summary no longer fits: the texts are joined)."""
    aid = _two_proposals(window, services, fake_vendor, qtbot, qloop)
    section = window.context_controls.open_proposals()
    assert section is not None
    page = window.dialogs["memory"]
    qtbot.waitUntil(lambda: section.list.count() == 2, timeout=5000)
    section.list.setCurrentRow(1)
    assert section.accept_current()
    qtbot.waitUntil(lambda: section.list.count() == 1 and not section.ops.busy, timeout=5000)
    qtbot.waitUntil(lambda: section.list.item(0).text() == "28 Nov 2026 · folds into a range card", timeout=5000)
    preview = section.text.toPlainText()
    assert "older" not in preview and "re-summarized" not in preview, preview
    # a one-day range is said as that day once (memlang54), not "27 Nov 2026 – 27 Nov 2026"
    assert preview.endswith("Accepting adds the card for 28 Nov 2026 and folds it into the range 27 Nov 2026 "
                            "(now 27 Nov 2026 – 28 Nov 2026).\nThe dynamic memory keeps 2 cards.\nThe range card joins the "
                            "folded cards' text."), preview
    shots_in_both_themes(page, "proposal-own-fold")
    assert section.accept_current()
    qtbot.waitUntil(lambda: section.list.count() == 0 and not section.ops.busy, timeout=5000)
    cards = dm.parse_document(services.dreams.document(aid))
    assert [c.kind for c in cards] == ["range", "day"] and "Wants tables" in dm.visible_body(cards[0])
    _settled(qtbot, window, page)


def test_a_proposal_another_process_adds_shows_live(window, services, helper, summ, qtbot):  # type: ignore[no-untyped-def]  # noqa: F811
    """The CLI (a real second process) dreams with review on while the page is open."""
    day = history_yesterday(services, helper)
    services.dreams.review.set_enabled(helper, True)
    reload_assistants(window, qtbot, helper)
    page = window.pages.open_memory()
    section = page.dream_panel.proposals
    qtbot.waitUntil(lambda: section.loads >= 1, timeout=5000)
    assert section.list.count() == 0
    page.dream_panel.show_proposals()
    assert section.empty.isVisible() and not section.panes.isVisible()  # walk45 #8
    assert not section.accept_button.isVisible()
    summ.script(Reply(text_chunks=["Prefers bullet points over prose"]))
    out = finished(qtbot, cli(services, "dream", "run", "--assistant", "Helper", "--day", day))
    assert out.startswith("proposed:")
    qtbot.waitUntil(lambda: section.list.count() == 1, timeout=DEADLINE_MS)
    assert page.dream_panel.tabs.tabText(1) == "&Proposals (1)"
    assert "Prefers bullet points over prose" in section.text.toPlainText()
    assert section.panes.isVisible() and section.accept_button.isVisible() and not section.empty.isVisible()
    finished(qtbot, cli(services, "dream", "discard", str(section.current_id())))
    qtbot.waitUntil(lambda: section.list.count() == 0, timeout=DEADLINE_MS)
    _settled(qtbot, window, page)


def test_edit_a_proposal_in_place_then_accept_it_or_cancel(  # type: ignore[no-untyped-def]
        window, services, fake_vendor, qtbot, qloop):
    """Issue 30 "the review queue with Accept / Edit / Discard and a count that stays true":
    Enter (or Edit) opens the proposed card's text in place of the preview with its count
    against 3,200 (DRM-13); Esc cancels and nothing is written; a text over the cap is not
    accepted; Enter adds the edited card and the count drops."""
    aid = _two_proposals(window, services, fake_vendor, qtbot, qloop)
    section = window.context_controls.open_proposals()
    assert section is not None
    page = window.dialogs["memory"]
    panel = page.dream_panel
    qtbot.waitUntil(lambda: section.list.count() == 2, timeout=5000)
    assert section.edit_button.isVisible() and section.edit_button.text() == "&Edit"
    section.list.setFocus()
    qtbot.keyClick(section.list, Qt.Key.Key_Return)
    editor = section.editor
    assert editor.isVisible() and not section.text.isVisible() and editor.hasFocus()
    assert editor.toPlainText() == "- Wants tables"
    assert editor.footer.text().startswith("14 / 3,200 characters")
    assert not (section.list.isEnabled() or section.discard_button.isEnabled() or section.edit_button.isEnabled())
    qtbot.keyClicks(editor, " with units")
    qtbot.keyClick(editor, Qt.Key.Key_Escape)  # cancel: the dream's text stays, nothing written
    assert not editor.isVisible() and section.text.isVisible() and section.list.hasFocus()
    assert [p.text for p in services.dreams.review.proposals(aid)] == ["- Wants tables", "- Wants tables, again"]
    qtbot.mouseClick(section.edit_button, Qt.MouseButton.LeftButton)
    assert editor.toPlainText() == "- Wants tables"  # the cancelled draft is gone
    editor.set_text("x" * 3201)
    assert "too long to save" in editor.footer.text() and not section.accept_button.isEnabled()
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    assert editor.isVisible() and not section.ops.busy and len(services.dreams.review.proposals(aid)) == 2
    editor.set_text("- Wants tables")
    assert section.accept_button.isEnabled()
    qtbot.keyClicks(editor, " with units")
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: section.list.count() == 1 and not section.ops.busy, timeout=5000)
    qtbot.waitUntil(lambda: section.status.text() == f"Added the card for {DAYS[0].day} {DAYS[0]:%b %Y} · 1 proposal "
                                                     "waits for review", timeout=5000)
    assert not editor.isVisible() and section.list.isEnabled() and section.list.hasFocus()
    assert panel.tabs.tabText(1) == "&Proposals (1)"
    cards = dm.parse_document(services.dreams.document(aid))
    assert [(c.kind, dm.visible_body(c)) for c in cards] == [("range", "Condensed older habit"),
                                                             ("day", "- Wants tables with units")]
    _settled(qtbot, window, page)


def test_the_proposals_keys_are_listed_once_under_the_page_and_still_act(  # type: ignore[no-untyped-def]
        window, services, fake_vendor, qtbot, qloop):
    """walk55b #10: Help → Keyboard shortcuts listed the Memory page's keys but not the
    Proposals list's — Accept proposal (Ctrl+Enter), Discard proposal (Del) and Edit
    proposal (Enter) are listed once, under the page, before its Proposals tab is shown,
    in the interface language; and the keys act on the list as before."""
    aid = _two_proposals(window, services, fake_vendor, qtbot, qloop)
    window.memory_action.trigger()
    page = window.dialogs["memory"]
    qtbot.waitUntil(lambda: page.findChild(DreamPanel) is not None and page.dream_panel.loads >= 1
                    and not window.runner.pending(), timeout=5000)
    panel = page.dream_panel
    assert not panel.proposals_built  # the tab was never shown
    dlg = window.pages.open_shortcuts()
    title = page.windowTitle()
    keys = {(title, "Accept proposal", "Ctrl+Return, Ctrl+Enter"), (title, "Discard proposal", "Del"),
            (title, "Edit proposal", "Return, Enter")}
    assert keys <= set(dlg.rows), dlg.rows
    names = [what for _where, what, _keys in dlg.rows]
    assert [names.count(what) for _where, what, _keys in sorted(keys)] == [1, 1, 1]
    assert dlg.rows[0][0] == title  # walk56 #15: the page's keys first, the window's after
    dlg.close()
    try:
        window.view.language_actions[UiLanguage.CHINESE_SIMPLIFIED].trigger()
        qtbot.waitUntil(lambda: panel.proposal_keys.edit.text() == "编辑提议", timeout=3000)
        dlg = window.pages.open_shortcuts()
        on_page = [what for where, what, _keys in dlg.rows if where == page.windowTitle()]  # keys in Qt's words
        assert [on_page.count(what) for what in ("接受提议", "丢弃提议", "编辑提议")] == [1, 1, 1], on_page
        assert "保存做梦时间表" in on_page  # the schedule's Ctrl+S was named in English
        said = [keys.split(", ") for _where, _what, keys in dlg.rows]  # Return and Enter are both 回车
        assert [k for k in said if len(set(k)) != len(k)] == [], dlg.rows
        dlg.close()
    finally:
        window.view.language.apply(UiLanguage.SYSTEM)
    qtbot.waitUntil(lambda: panel.proposal_keys.edit.text() == "Edit proposal", timeout=3000)
    window.activateWindow()  # the keys go to the window again, the dialog closed
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window, timeout=3000)
    section = panel.show_proposals()
    qtbot.waitUntil(lambda: section.list.count() == 2, timeout=5000)
    section.list.setFocus()
    pad = Qt.KeyboardModifier.KeypadModifier
    qtbot.keyClick(section.list, Qt.Key.Key_Enter, pad)  # Enter edits…
    assert section.editor.isVisible() and section.editor.hasFocus()
    qtbot.keyClick(section.editor, Qt.Key.Key_Escape)  # … Esc cancels
    assert not section.editor.isVisible() and section.list.hasFocus()
    qtbot.keyClick(section.list, Qt.Key.Key_Enter, Qt.KeyboardModifier.ControlModifier | pad)  # Ctrl+Enter accepts
    qtbot.waitUntil(lambda: section.list.count() == 1 and not section.ops.busy, timeout=5000)
    assert [p.history_day for p in services.dreams.review.proposals(aid)] == [DAYS[1]]
    qtbot.keyClick(section.list, Qt.Key.Key_Delete)  # Del discards
    qtbot.waitUntil(lambda: section.list.count() == 0 and not section.ops.busy, timeout=5000)
    assert services.dreams.review.proposals(aid) == []
    _settled(qtbot, window, page)
