"""A card edited in place while the memory changes elsewhere (MEM-3, DRM-8; issues 10 and
30, walk57 #2 and #7): the version check still refuses a stale save, and now the user sees
what they would overwrite — the newer text in the editor, above their draft, at once when
the store watcher hears the change or after a refused Enter — and chooses: Keep mine saves
over it (a further change elsewhere is still refused), Use theirs drops the draft; an
entry deleted elsewhere is offered back as a new entry. The raw editor turns Save off while
the memory changed elsewhere, and Reload keeps the user's text beside the newer memory.

The concurrent writes come from a second ``Services`` on the same SQLite file (another
process: its events never reach this page, except through the store watcher)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import date
from typing import Any

import pytest
from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QWidget

from chathub_desktop.gui.memory.card_editor import CardTextEdit
from chathub_desktop.services.container import Services, open_services
from tests.gui.test_dream_panel import card_editor, helper, open_page, seed_cards, summ  # noqa: F401

#: The page's size in a 1366×768 and an 800×560 window (the rail takes 56 px).
PAGE_SIZES = [(1310, 768), (744, 560)]
CLI_TEXT = "CLI rewrote this entry from a terminal"


@contextmanager
def elsewhere(services: Services) -> Iterator[Services]:
    """Another process's services on the same store."""
    other = open_services(services.database_url)
    try:
        yield other
    finally:
        other.close()


@contextmanager
def watching(services: Services, qtbot: Any) -> Iterator[None]:
    """The store watcher on, as while the window is shown (live refresh, issue 13)."""
    services.watcher.start()
    qtbot.waitUntil(services.watcher.ready.is_set, timeout=5000)
    try:
        yield
    finally:
        services.watcher.stop()


def _seed(services: Services, assistant: int, qtbot: Any, page: Any, n: int = 12) -> None:
    services.memory.save_raw(assistant, "".join(f"#{i}: Entry number {i}\n" for i in range(1, n + 1)))
    page.schedule_reload()
    qtbot.waitUntil(lambda: page.model.total() == n and not page.runner.pending(), timeout=5000)


def _idle(page: Any, qtbot: Any) -> None:
    qtbot.waitUntil(lambda: not page.busy and not page.runner.pending(), timeout=5000)


def _editor(page: Any) -> CardTextEdit | None:
    ed = page.list.findChild(CardTextEdit, "memoryCardEditor")
    return ed if ed is not None and ed.isVisible() else None


def _open_on(page: Any, qtbot: Any, number: int, typed: str) -> CardTextEdit:
    page.select_number(number)
    page.entry_actions.edit_current()
    ed = _editor(page)
    assert ed is not None
    qtbot.keyClicks(ed, typed)
    return ed


def _on_screen(page: Any, w: QWidget) -> bool:
    """``w`` shows whole in the page's visible part."""
    shown = page.body_scroll.viewport()
    return shown.rect().contains(QRect(w.mapTo(shown, QPoint(0, 0)), w.size()))


def _noticed(ed: CardTextEdit | None, words: str) -> bool:
    return ed is not None and ed.notice.isVisible() and words in ed.notice.label.text()


def _texts(services: Services, assistant: int) -> list[str]:
    return [e.text for e in services.memory.entries(assistant)]


@pytest.mark.parametrize("size", PAGE_SIZES)
def test_a_refused_edit_shows_the_newer_text_next_to_the_draft(page, services, assistant, qtbot, size):  # type: ignore[no-untyped-def]
    """walk57 #2: the refusal said "The list shows the newer memory now" under the list's
    box while the editor reopened over the card with the old text — the newer text was
    nowhere on screen. Now the editor says it above the draft, in sight at both sizes."""
    page.resize(*size)
    _seed(services, assistant, qtbot, page)
    ed = _open_on(page, qtbot, 4, " (typed in the window)")
    with elsewhere(services) as other:
        other.memory.edit(assistant, 4, CLI_TEXT)
    qtbot.keyClick(ed, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: _noticed(_editor(page), CLI_TEXT), timeout=5000)
    again = _editor(page)
    assert again is not None
    assert again.toPlainText() == "Entry number 4 (typed in the window)"  # the draft, in the editor
    assert again.notice.label.text() == ("Nothing was saved. Changed elsewhere while you were editing — #4 now "
                                         f"says: “{CLI_TEXT}”")
    assert again.footer.toolTip() == "Enter keeps mine · Shift+Enter new line · Esc uses theirs"
    assert again.notice.keep_button.text() == "Keep mine" and again.notice.drop_button.text() == "Use theirs"
    qtbot.waitUntil(lambda: _on_screen(page, again.notice.label) and _on_screen(page, again.notice.keep_button)
                    and again.viewport().geometry().top() >= again.notice.geometry().bottom(), timeout=3000)
    assert not page.error_label.isVisible()  # said next to the editor, not under the list far away
    assert _texts(services, assistant)[3] == CLI_TEXT
    qtbot.keyClick(again, Qt.Key.Key_Escape)  # Use theirs: the draft goes, the newer text stays
    qtbot.waitUntil(lambda: _editor(page) is None and page.model.entry(3).text == CLI_TEXT, timeout=5000)
    _idle(page, qtbot)
    assert _texts(services, assistant)[3] == CLI_TEXT


def test_keep_mine_saves_over_only_once_chosen_and_a_further_change_is_refused(page, services, assistant, qtbot):  # type: ignore[no-untyped-def]
    """Keep mine writes the draft over the newer text the user saw, with a fresh version
    check: a second change elsewhere meanwhile is refused again and shown in its turn."""
    _seed(services, assistant, qtbot, page)
    ed = _open_on(page, qtbot, 4, " (mine)")
    with elsewhere(services) as other:
        other.memory.edit(assistant, 4, CLI_TEXT)
    qtbot.keyClick(ed, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: _noticed(_editor(page), CLI_TEXT), timeout=5000)
    assert _texts(services, assistant)[3] == CLI_TEXT  # nothing written before the choice
    with elsewhere(services) as other:
        other.memory.edit(assistant, 4, "Rewritten a second time")
    shown = _editor(page)
    assert shown is not None
    shown.notice.keep_button.click()  # Keep mine over the text shown — which moved on again
    qtbot.waitUntil(lambda: _noticed(_editor(page), "“Rewritten a second time”"), timeout=5000)
    assert _texts(services, assistant)[3] == "Rewritten a second time"
    final = _editor(page)
    assert final is not None and final.toPlainText() == "Entry number 4 (mine)"
    final.notice.keep_button.click()
    qtbot.waitUntil(lambda: _texts(services, assistant)[3] == "Entry number 4 (mine)", timeout=5000)
    _idle(page, qtbot)
    assert len(_texts(services, assistant)) == 12


def test_a_change_elsewhere_is_said_in_the_open_editor_at_once(page, services, assistant, qtbot):  # type: ignore[no-untyped-def]
    """walk57 #2: for seconds nothing hinted at the other write (the raw editor warned at
    once). Now the store watcher's news reaches the open editor: the newer text shows
    above the draft before any Enter, and Enter then keeps mine in one go."""
    _seed(services, assistant, qtbot, page)
    ed = _open_on(page, qtbot, 4, " (mine)")
    with watching(services, qtbot):
        with elsewhere(services) as other:
            other.memory.edit(assistant, 4, CLI_TEXT)
        qtbot.waitUntil(lambda: _noticed(ed, CLI_TEXT), timeout=5000)
    assert ed.notice.label.text() == f"Changed elsewhere while you were editing — #4 now says: “{CLI_TEXT}”"
    assert _editor(page) is ed and ed.toPlainText() == "Entry number 4 (mine)"  # the draft left alone
    qtbot.keyClick(ed, Qt.Key.Key_Return)  # Keep mine, knowingly
    qtbot.waitUntil(lambda: _texts(services, assistant)[3] == "Entry number 4 (mine)", timeout=5000)
    _idle(page, qtbot)


def test_a_change_to_another_entry_does_not_stop_the_edit(page, services, assistant, qtbot):  # type: ignore[no-untyped-def]
    """Another entry added elsewhere while #4 is edited: nothing to choose — Enter saves
    #4 as meant, the added entry kept."""
    _seed(services, assistant, qtbot, page)
    ed = _open_on(page, qtbot, 4, " (mine)")
    with watching(services, qtbot):
        with elsewhere(services) as other:
            other.memory.add(assistant, "Added from a terminal")
        qtbot.waitUntil(lambda: page.entry_actions._newer is not None, timeout=5000)
    assert not ed.notice.isVisible()
    qtbot.keyClick(ed, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: _texts(services, assistant)[3] == "Entry number 4 (mine)", timeout=5000)
    assert _texts(services, assistant)[-1] == "Added from a terminal"
    _idle(page, qtbot)


def test_an_entry_deleted_elsewhere_offers_the_draft_as_a_new_entry(page, services, assistant, qtbot):  # type: ignore[no-untyped-def]
    """walk57: Enter after the CLI deleted the entry was refused; the draft had nowhere to
    go. Now it waits in the Add editor, which says why; Enter adds it at the end."""
    page.resize(744, 560)
    _seed(services, assistant, qtbot, page)
    ed = _open_on(page, qtbot, 4, " (mine)")
    with elsewhere(services) as other:
        other.memory.delete(assistant, 4)
    qtbot.keyClick(ed, Qt.Key.Key_Return)
    add = page.entry_actions.add_editor_if_made
    qtbot.waitUntil(lambda: add is not None or page.entry_actions.add_editor_if_made is not None, timeout=5000)
    add = page.entry_actions.add_editor_if_made
    qtbot.waitUntil(lambda: add.isVisible() and add.notice.isVisible(), timeout=5000)
    assert add.toPlainText() == "Entry number 4 (mine)"
    assert add.notice.label.text() == ("Nothing was saved. Deleted elsewhere while you were editing: #4 is no longer "
                                       "in the memory.")
    assert add.notice.keep_button.text() == "Add as new entry"
    qtbot.waitUntil(lambda: _on_screen(page, add.notice.label), timeout=3000)
    add.notice.keep_button.click()
    qtbot.waitUntil(lambda: _texts(services, assistant)[-1] == "Entry number 4 (mine)", timeout=5000)
    assert len(_texts(services, assistant)) == 12
    qtbot.waitUntil(lambda: not add.notice.isVisible(), timeout=5000)
    _idle(page, qtbot)


def test_an_entry_deleted_while_its_editor_is_open_is_said_there(page, services, assistant, qtbot):  # type: ignore[no-untyped-def]
    """Heard by the store watcher: the open editor says the entry is gone; Add as new
    entry adds the draft (nothing else is overwritten)."""
    _seed(services, assistant, qtbot, page)
    ed = _open_on(page, qtbot, 4, " (mine)")
    with watching(services, qtbot):
        with elsewhere(services) as other:
            other.memory.delete(assistant, 4)
        qtbot.waitUntil(lambda: _noticed(ed, "Deleted elsewhere"), timeout=5000)
    assert ed.notice.keep_button.text() == "Add as new entry" and ed.notice.drop_button.text() == "Drop"
    ed.notice.keep_button.click()
    qtbot.waitUntil(lambda: _texts(services, assistant)[-1] == "Entry number 4 (mine)", timeout=5000)
    assert _texts(services, assistant)[3] == "Entry number 5"
    _idle(page, qtbot)


def test_a_dream_card_changed_elsewhere_is_said_in_its_editor(open_page, services, helper, qtbot):  # type: ignore[no-untyped-def]  # noqa: F811
    """The dream card's twin (walk57 #2, `dream edit` from the CLI): the newer card text
    shows above the draft at once; Keep mine saves over it."""
    seed_cards(services, helper, [date(2026, 11, 29), date(2026, 11, 30)])
    panel = open_page(helper).dream_panel
    ed = panel.card_actions.edit_card(2)
    assert ed is not None
    ed.setPlainText("Mine")
    with watching(services, qtbot):
        with elsewhere(services) as other:
            other.dreams.edit_card(helper, 2, "Written by the other window")
        qtbot.waitUntil(lambda: _noticed(card_editor(panel), "“Written by the other window”"), timeout=5000)
    shown = card_editor(panel)
    assert shown is ed and ed.toPlainText() == "Mine"
    assert ed.notice.label.text().startswith("Changed elsewhere while you were editing — the card for 30 Nov")
    ed.notice.keep_button.click()
    qtbot.waitUntil(lambda: services.dreams.cards(helper)[1].text == "Mine", timeout=5000)
    qtbot.waitUntil(lambda: not panel.busy and not panel.runner.pending(), timeout=5000)


def test_a_dream_card_deleted_elsewhere_keeps_the_draft_on_the_clipboard(open_page, services, helper, qtbot):  # type: ignore[no-untyped-def]  # noqa: F811
    seed_cards(services, helper, [date(2026, 11, 29), date(2026, 11, 30)])
    panel = open_page(helper).dream_panel
    ed = panel.card_actions.edit_card(2)
    assert ed is not None
    ed.setPlainText("Mine, kept")
    with elsewhere(services) as other:
        other.dreams.delete_card(helper, 2)
    qtbot.keyClick(ed, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: panel.error_label.isVisible(), timeout=5000)
    assert panel.error_label.text().startswith("Nothing was saved. Deleted elsewhere: the card for 30 Nov")
    assert QGuiApplication.clipboard().text() == "Mine, kept"
    assert len(services.dreams.cards(helper)) == 1
    qtbot.waitUntil(lambda: not panel.busy and not panel.runner.pending(), timeout=5000)


# --- the raw editor (walk57 #7) --------------------------------------------------------------

def _open_raw(page: Any, qtbot: Any) -> Any:
    page.raw_action.trigger()
    qtbot.waitUntil(lambda: page.raw.is_open, timeout=5000)
    return page.raw


def test_raw_save_is_off_while_the_memory_changed_elsewhere(page, services, assistant, qtbot):  # type: ignore[no-untyped-def]
    """walk57 #7: the amber notice showed, Save stayed on and pressing it refused in red.
    Now Save is off (its tooltip says why), Ctrl+S does nothing, nothing is written."""
    _seed(services, assistant, qtbot, page, n=3)
    raw = _open_raw(page, qtbot)
    raw.raw_edit.setPlainText("#1: Entry number 1\n#2: typed in the window\n")
    with watching(services, qtbot):
        with elsewhere(services) as other:
            other.memory.add(assistant, "Walk57 CLI: added from a terminal")
        qtbot.waitUntil(lambda: raw.raw_notice.isVisible(), timeout=5000)
    assert not raw.save_raw_button.isEnabled()
    assert raw.save_raw_button.toolTip().startswith("Off: the memory changed elsewhere")
    assert raw.raw_notice.text().startswith("The memory changed in another window or command while you were editing. "
                                            "Save is off")
    raw.save_raw()  # Ctrl+S's slot
    _idle(page, qtbot)
    assert not page.error_label.isVisible()
    assert _texts(services, assistant) == ["Entry number 1", "Entry number 2", "Entry number 3",
                                           "Walk57 CLI: added from a terminal"]


def test_raw_reload_keeps_the_users_text_beside_the_newer_memory(page, services, assistant, qtbot):  # type: ignore[no-untyped-def]
    """walk57 #7: Reload asked "Discard your text and show the newer memory?" — the only way
    out dropped the user's lines. Now Reload asks nothing: the newer memory is in the editor
    (Save on again) and the user's text beside it, read-only, a button switching it with
    the preview; it is gone once the editor closes."""
    _seed(services, assistant, qtbot, page, n=3)
    raw = _open_raw(page, qtbot)
    mine = "#1: Entry number 1\n#2: Entry number 2\n#3: Entry number 3\n#4: typed in the window\n"
    raw.raw_edit.setPlainText(mine)
    with elsewhere(services) as other:
        other.memory.add(assistant, "Walk57 CLI: added from a terminal")
    raw.save_raw_button.click()  # unheard so far: the save finds out, writes nothing, turns Save off
    qtbot.waitUntil(lambda: raw.raw_notice.isVisible() and not raw.save_raw_button.isEnabled(), timeout=5000)
    raw.raw_reload_button.click()
    qtbot.waitUntil(lambda: "#4: Walk57 CLI: added from a terminal" in raw.raw_edit.toPlainText(), timeout=5000)
    assert raw.aside.edit.isVisible() and raw.aside.edit.toPlainText() == mine and raw.aside.edit.isReadOnly()
    assert raw.aside.button.isVisible() and raw.aside.button.text() == "Show the preview"
    assert raw.preview_label.text() == "Your text before Reload — read-only, copy what you need"
    assert raw.save_raw_button.isEnabled() and not raw.raw_notice.isVisible()
    raw.aside.button.click()  # the preview again
    assert raw.preview.isVisible() and not raw.aside.edit.isVisible()
    assert raw.aside.button.text() == "Show your text"
    assert raw.preview_label.text().startswith("Saving gives")
    raw.aside.button.click()
    assert raw.aside.edit.isVisible()
    raw.cancel_raw()
    _idle(page, qtbot)
    assert not raw.aside.button.isVisible() and raw.aside.text is None
