"""The Memory page's item models pass Qt's ``QAbstractItemModelTester`` (issue 29, "How it
is built": every item model under pytest-qt's ``qtmodeltester``; issue 30's page is built
on them): the fixed-memory cards with notes, a filter and batched fetching (MEM-2, MEM-3),
and the dream timeline with a range card folded and opened (DRM-8)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QModelIndex, Qt

from chathub_desktop.core.dynamic_cards import CardKind
from chathub_desktop.core.fixed_memory import Note
from chathub_desktop.gui.memory.dream_cards import DreamCardModel
from chathub_desktop.gui.memory.entry_model import FETCH_BATCH, MemoryEntryModel
from chathub_desktop.services.dream.dream_cards import CardView
from chathub_desktop.services.memory.memory_service import MemoryEntryView


def _entries(n: int) -> list[MemoryEntryView]:
    return [MemoryEntryView(i, f"fact {i}: prefers metric units" if i % 3 else f"fact {i}", "owner" if i % 2 else "agent",
                            i % 5 != 0, paused=i % 7 == 0) for i in range(1, n + 1)]


def test_the_fixed_memory_model_passes_the_item_model_tester(qapp, qtmodeltester: Any) -> None:  # type: ignore[no-untyped-def]
    model = MemoryEntryModel()
    qtmodeltester.check(model)  # empty
    model.set_entries(_entries(12), notes=[Note(0, "# Preferences"), Note(5, "a free-form line")])
    qtmodeltester.check(model)
    assert model.rowCount() == 14  # twelve entries and the two notes where they stand (issue 30)
    assert model.data(model.index(0), Qt.ItemDataRole.DisplayRole) == "# Preferences"
    assert model.flags(model.index(0)) == Qt.ItemFlag.ItemIsEnabled  # a note: never selected or edited
    model.set_filter("metric")
    qtmodeltester.check(model)
    assert model.rowCount() == 8  # the entries that match, and no notes
    big = MemoryEntryModel()  # more than a batch: rows come in as the view asks
    big.set_entries(_entries(FETCH_BATCH * 3))
    qtmodeltester.check(big)
    while big.canFetchMore(QModelIndex()):
        big.fetchMore(QModelIndex())
    qtmodeltester.check(big)
    assert big.rowCount() == FETCH_BATCH * 3


def _card(number: int, tag: str, kind: CardKind, text: str, *, paused: bool = False) -> CardView:
    return CardView(number, tag, tag.replace("..", " – "), kind, text, kind == CardKind.DAY, paused)


def test_the_dream_card_model_passes_the_item_model_tester(qapp, qtmodeltester: Any) -> None:  # type: ignore[no-untyped-def]
    model = DreamCardModel()
    qtmodeltester.check(model)  # empty
    model.set_cards([_card(1, "2026-11-01..2026-11-07", CardKind.RANGE, "- a week of Rust\n- tests first"),
                     _card(2, "2026-11-08", CardKind.DAY, "- chose SQLite", paused=True),
                     _card(3, "2026-11-09", CardKind.DAY, "- wrote the importer")])
    qtmodeltester.check(model)
    # newest first (walk56 #8): the range card, #1, is the last row
    assert [model.card(r).number for r in range(3)] == [3, 2, 1] and model.row_of(1) == 2  # type: ignore[union-attr]
    assert model.is_folded(2) and not model.flags(model.index(2)) & Qt.ItemFlag.ItemIsEditable
    assert model.toggle_fold(2)  # the range card opened: its body, editable in place (issue 30)
    qtmodeltester.check(model)
    assert model.data(model.index(2)) == "- a week of Rust\n- tests first"
    assert model.flags(model.index(2)) & Qt.ItemFlag.ItemIsEditable
    assert not model.toggle_fold(1)  # a single-day card does not fold
