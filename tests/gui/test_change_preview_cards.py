"""The dream preview shows a card as a card (walk36 #14): its lines as written, wrapped
in the dialog's width, not one line cut by "…" in a grey tree."""

from __future__ import annotations

from PySide6.QtCore import Qt

from chathub_desktop.core.memory_diff import EntryChanges
from chathub_desktop.gui.memory.change_preview import ChangePreviewDialog, PreviewOption
from chathub_desktop.gui.memory.change_rows import RowGroup

CARD = ("[2026-11-29]\n- Wants the SQL before any explanation, with the rollback script beside every "
        "migration and the row counts checked after each batch of the backfill\n- Reads diffs, not prose")


def test_a_previewed_card_keeps_its_lines_and_its_whole_text(qtbot) -> None:  # type: ignore[no-untyped-def]
    option = PreviewOption("add", "Add", ["cards: 1 added"], EntryChanges(added=[CARD], removed=["[2026-11-28] Old"]),
                           ("Added", "Folded into the range card", "Edited"))
    dlg = ChangePreviewDialog(None, "Dream now", "Add the dream card?", [option], "Add card")
    qtbot.addWidget(dlg)
    dlg.show()
    qtbot.waitExposed(dlg)
    (shown,) = dlg.rows(RowGroup.ADDED)
    assert shown == CARD  # every word, line by line
    top = dlg.tree.topLevelItem(0)
    text = top.child(0).text(0)
    assert "…" not in text and text.count("\n") >= 3  # wrapped inside the width, not cut
    assert "- Reads diffs, not prose" in text.split("\n")
    assert not dlg.tree.rootIsDecorated() and dlg.tree.indentation() == 0
    assert dlg.rows(RowGroup.REMOVED) == ["[2026-11-28] Old"]


def test_the_dream_preview_makes_add_card_the_primary_default_action(qtbot) -> None:  # type: ignore[no-untyped-def]
    """walk49 #2b: the dream's preview is there to add the card: "Add card" is the
    accent-filled default (Enter adds it), Cancel secondary; a removal's preview keeps
    Cancel the default (Enter writes nothing)."""
    option = PreviewOption("add", "Add", ["Adds a card for 29 Nov"], EntryChanges(added=[CARD]),
                           panes=(("New card", CARD),), primary=True)
    dlg = ChangePreviewDialog(None, "Dream now", "Add the dream card?", [option], "Add card")
    qtbot.addWidget(dlg)
    dlg.show()
    qtbot.waitExposed(dlg)
    assert dlg.action_button.isDefault() and dlg.action_button.property("primary") is True
    assert not dlg.cancel_button.isDefault() and not dlg.cancel_button.autoDefault()
    pane = dlg.panes.browsers[0]
    pane.setFocus()
    qtbot.keyClick(pane, Qt.Key.Key_Return)  # Enter from the card as shown
    assert dlg.chosen == "add" and dlg.result() == ChangePreviewDialog.DialogCode.Accepted

    clear = PreviewOption("clear", "Clear", ["Removes 1 entry"], EntryChanges(removed=["Old"]))
    dlg = ChangePreviewDialog(None, "Clear fixed memory", "Clear?", [clear], "Clear")
    qtbot.addWidget(dlg)
    dlg.show()
    qtbot.waitExposed(dlg)
    assert dlg.cancel_button.isDefault() and not dlg.action_button.isDefault()
    assert not dlg.action_button.property("primary")
    qtbot.keyClick(dlg.tree, Qt.Key.Key_Return)
    assert dlg.chosen is None and dlg.result() == ChangePreviewDialog.DialogCode.Rejected


def test_merge_makes_import_the_default_and_replace_gives_it_back_to_cancel(qtbot) -> None:  # type: ignore[no-untyped-def]
    """walk53c #4: an import's Merge (it loses nothing) has Import as the accent-filled
    default, not Cancel; choosing Replace (it removes entries) makes Cancel the default."""
    merge = PreviewOption("merge", "Merge", ["fixed memory: 3 → 6"], EntryChanges(added=["Likes tea"]), primary=True)
    replace = PreviewOption("replace", "Replace", ["fixed memory: 3 → 3"], EntryChanges(removed=["Old"]))
    dlg = ChangePreviewDialog(None, "Import memory", "Import?", [merge, replace], "Import")
    qtbot.addWidget(dlg)
    dlg.show()
    qtbot.waitExposed(dlg)
    assert dlg.action_button.isDefault() and dlg.action_button.property("primary") is True
    assert not dlg.cancel_button.isDefault()
    dlg.radios.button(1).click()
    assert dlg.cancel_button.isDefault() and not dlg.action_button.isDefault()
    assert not dlg.action_button.property("primary")
    dlg.radios.button(0).click()
    assert dlg.action_button.isDefault() and not dlg.cancel_button.isDefault()
