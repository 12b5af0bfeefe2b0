"""Issue 30 ("Regenerate on each single-day card, hidden on ranges and legacy cards, as
the seed says"; DRM-8, REF-8): a ``[legacy]`` card (the preamble of a document written
before dated cards) and a custom-tagged card show no refresh icon and no Regenerate, a
dated day card beside them does (audit54: the range case had a test, these had none)."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt

from chathub_desktop.core.dynamic_cards import CardKind
from chathub_desktop.gui.memory.dream_cards import RegenerableRole
from chathub_desktop.services.container import Services
from chathub_desktop.storage.models import DynamicMemoryDocument, utcnow
from tests.gui.helpers import shown_memory_page

DOC = ("#1 [legacy]:\nWrote before dated cards\n\n"
       "#2 [my notes]:\nA card the user tagged by hand\n\n"
       "#3 [2026-11-22]:\nWants the SQL first")


@pytest.fixture
def assistant(services: Services) -> int:
    aid = services.assistants.create("Helper", model="gpt-4o-mini").id
    with services.db.write() as s:
        s.merge(DynamicMemoryDocument(assistant_id=aid, body=DOC, updated_at=utcnow()))
    return aid


def test_legacy_and_custom_cards_have_no_regenerate_and_a_day_card_has(
        qloop: Any, services: Services, assistant: int, qtbot: Any) -> None:
    with shown_memory_page(services, assistant, qtbot) as page:
        panel = page.dream_panel
        qtbot.waitUntil(lambda: panel.model.rowCount() == 3, timeout=5000)
        model = panel.model
        kinds = {model.card(r).kind: r for r in range(3)}  # type: ignore[union-attr]
        assert set(kinds) == {CardKind.LEGACY, CardKind.CUSTOM, CardKind.DAY}
        for kind, regenerable in ((CardKind.LEGACY, False), (CardKind.CUSTOM, False), (CardKind.DAY, True)):
            row = kinds[kind]
            panel.list.setCurrentIndex(model.index(row))
            index = model.index(row)
            assert index.data(RegenerableRole) is regenerable, kind  # the row's refresh icon (DreamCardDelegate)
            assert ("Ctrl+R" in index.data(Qt.ItemDataRole.ToolTipRole)) is regenerable, kind
            assert panel.regenerate_action.isVisible() is regenerable, kind
