"""Settings → Models reads as the other Settings pages (issue 29, walk53 #10: "a bare
spreadsheet table"): its rows on the pages' rounded card, as tall as its rows (no empty
grid under them, no scroll bar for three models), the model id first, and the actions
with their icons; at 800×560 too."""

from __future__ import annotations

from typing import Any

from chathub_desktop.gui.settings.models_page import MODEL_COLUMN, ModelsPage
from chathub_desktop.gui.settings.settings_page import SettingsSection
from chathub_desktop.services.container import Services
from tests.gui.helpers import layout_at_rest


def test_the_models_sit_on_a_card_as_tall_as_their_rows(window: Any, services: Services, qtbot: Any) -> None:
    local = services.providers.add("llama.cpp server", "openai_compatible", "http://127.0.0.1:8083/v1")
    services.provider_models.remember(local.id, ["smollm2-135m", "mystery-1"], {"smollm2-135m": 2048})
    services.models.set("acme-13b", 16384, max_output=4096)
    for size in ((1366, 768), (800, 560)):
        window.resize(*size)
        settings = window.pages.open_settings()
        page = settings.pages[SettingsSection.MODELS]
        assert isinstance(page, ModelsPage)
        settings.show_section(SettingsSection.MODELS)
        table = page.table
        qtbot.waitUntil(lambda t=table: t.rowCount() == 3 and t.isVisible(), timeout=5000)
        layout_at_rest(window, qtbot)
        assert page.card.objectName() == "settingGroup" and page.card.isAncestorOf(table)
        assert table.horizontalHeader().visualIndex(MODEL_COLUMN) == 0  # the model first
        assert not table.verticalScrollBar().isVisible(), size  # three rows in view whole
        assert page.add_button.geometry().top() - page.card.geometry().bottom() < table.rowHeight(0), size
        assert all(not b.icon().isNull() for b in (page.add_button, page.edit_button, page.delete_button))
        window.back_action.trigger()
