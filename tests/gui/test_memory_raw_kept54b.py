"""The raw editor's unsaved words survive a look at History (issue 30, audit54b): History
is a panel of the page, so opening it with the raw editor dirty and coming Back finds the
editor open with what was typed, and Save then stores it (MEM-3)."""

from __future__ import annotations


def test_unsaved_raw_text_is_kept_through_history_and_saved_after(  # type: ignore[no-untyped-def]
        page, services, assistant, qtbot):
    """Type "#2: Has a dog called Bolt" in the raw editor, open History, go Back: the
    editor is still open with that line; Save makes it entry #2."""
    services.memory.add(assistant, "Writes Python")
    qtbot.waitUntil(lambda: page.model.total() == 1, timeout=5000)
    page.raw.open_raw()
    qtbot.waitUntil(lambda: page.raw.is_open, timeout=5000)  # read on a worker
    page.raw.raw_edit.setPlainText("#1: Writes Python\n#2: Has a dog called Bolt\n")
    page.history_button.click()
    history = page.history
    assert history is not None and page.history_open
    qtbot.waitUntil(lambda: history.loads >= 1 and history.list.count() >= 1, timeout=5000)
    history.back_button.click()
    assert not page.history_open
    assert page.raw.is_open
    assert page.raw.raw_edit.toPlainText() == "#1: Writes Python\n#2: Has a dog called Bolt\n"
    page.raw.save_raw_button.click()
    qtbot.waitUntil(lambda: not page.raw.is_open and page.model.total() == 2, timeout=5000)
    assert [e.text for e in services.memory.entries(assistant)] == ["Writes Python", "Has a dog called Bolt"]
    qtbot.waitUntil(lambda: not page.runner.pending() and not page.busy, timeout=5000)
