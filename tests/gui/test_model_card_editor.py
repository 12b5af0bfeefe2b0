"""The model card editor (issue 28; NUM-2, CMP-8): the token popover's "the context
window is a fallback" note opens it on the topic's model; saving 8,192 tokens (on a
worker) makes the badge's budget follow at once; a refused value says why in one line."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtWidgets import QDialogButtonBox

from chathub_desktop.gui.dialogs import confirm
from chathub_desktop.gui.settings.model_card_dialog import ModelCardDialog
from chathub_desktop.gui.settings.models_page import ModelsPage
from chathub_desktop.gui.settings.settings_page import SettingsSection
from chathub_desktop.services.container import Services
from tests.fakes.vendor_server import FakeVendor
from tests.gui.helpers import add_fake_provider, reload_assistants


def _open_fallback_topic(window: Any, services: Services, qtbot: Any, fake_vendor: FakeVendor) -> Any:
    _pid, aid = add_fake_provider(services, fake_vendor.base_url, model="acme-local-7b")
    topic = services.topics.create(aid).id
    reload_assistants(window, qtbot, aid)
    window.select_topic(topic)
    badge = window.composer.badge
    qtbot.waitUntil(lambda: badge.estimate is not None and badge.estimate.topic_id == topic, timeout=5000)
    assert not badge.estimate.window_known  # no card: the provider kind's fallback window
    return badge


def test_the_fallback_note_opens_the_editor_and_the_badge_follows_8192(window: Any, services: Services, qtbot: Any,
                                                                       fake_vendor: FakeVendor) -> None:
    badge = _open_fallback_topic(window, services, qtbot, fake_vendor)
    assert badge.estimate.context_window != 8192
    badge.open_popover()
    button = badge.popover.edit_card_button
    assert button.isVisible() and button.text() == "Set acme-local-7b's window…"
    button.click()
    qtbot.waitUntil(lambda: window.estimate.card_dialog is not None)  # opens once providers are read (issue 29)
    dialog = window.estimate.card_dialog
    assert isinstance(dialog, ModelCardDialog)
    qtbot.waitExposed(dialog)
    assert dialog.model_edit.text() == "acme-local-7b" and dialog.provider_combo.currentText() == "Fake"
    dialog.window_spin.setValue(8192)
    dialog.buttons.button(QDialogButtonBox.StandardButton.Save).click()
    qtbot.waitUntil(lambda: not dialog.isVisible(), timeout=5000)
    qtbot.waitUntil(lambda: badge.estimate.context_window == 8192, timeout=5000)
    assert badge.estimate.window_known and badge.estimate.input_budget <= 8192
    assert f"of {badge.estimate.input_budget:,} input tokens" in badge.toolTip()
    [card] = services.models.list()
    assert (card.provider, card.model, card.context_window) == ("Fake", "acme-local-7b", 8192)


def test_a_refused_card_says_why_and_stays_open(window: Any, services: Services, qtbot: Any,
                                                fake_vendor: FakeVendor) -> None:
    badge = _open_fallback_topic(window, services, qtbot, fake_vendor)
    badge.open_popover()
    badge.popover.edit_card_button.click()
    qtbot.waitUntil(lambda: window.estimate.card_dialog is not None)  # opens once providers are read (issue 29)
    dialog = window.estimate.card_dialog
    dialog.window_spin.setValue(4096)
    dialog.max_output_check.setChecked(True)
    dialog.max_output_spin.setValue(8192)  # above the window
    dialog.tokenizer_combo.setCurrentIndex(dialog.tokenizer_combo.findData("cl100k_base"))
    dialog.buttons.button(QDialogButtonBox.StandardButton.Save).click()
    qtbot.waitUntil(lambda: dialog.error_label.isVisible(), timeout=5000)
    assert "max output must be between 1 and the context window" in dialog.error_label.text()
    assert dialog.isVisible() and services.models.list() == []
    dialog.max_output_spin.setValue(1024)
    dialog.buttons.button(QDialogButtonBox.StandardButton.Save).click()
    qtbot.waitUntil(lambda: not dialog.isVisible(), timeout=5000)
    qtbot.waitUntil(lambda: badge.estimate.encoding == "cl100k_base", timeout=5000)  # the card's tokenizer counts


def test_settings_models_tab_adds_edits_and_deletes_a_card(window: Any, services: Services, qtbot: Any,
                                                           fake_vendor: FakeVendor,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    badge = _open_fallback_topic(window, services, qtbot, fake_vendor)
    dlg = window.pages.open_settings()
    page = dlg.pages[SettingsSection.MODELS]
    assert isinstance(page, ModelsPage) and page.table.rowCount() == 0
    dlg.show_section(SettingsSection.MODELS)
    with qtbot.waitSignal(page.editor_opened, timeout=5000) as opened:  # providers read on a worker
        page.add()
    editor = opened.args[0]
    assert editor is page.dialog and editor.isVisible()
    editor.model_edit.setText("acme-local-7b")
    editor.window_spin.setValue(8192)
    editor.buttons.button(QDialogButtonBox.StandardButton.Save).click()
    qtbot.waitUntil(lambda: page.table.rowCount() == 1, timeout=5000)
    assert page.table.item(0, 0).text() == "Every provider" and page.table.item(0, 2).text() == "8k"
    assert page.table.item(0, 2).toolTip() == "8,192"
    qtbot.waitUntil(lambda: badge.estimate.context_window == 8192, timeout=5000)
    page.table.selectRow(0)
    asked: list[str] = []
    monkeypatch.setattr(confirm, "ask", lambda _p, _t, text, action="Delete": asked.append(text) or False)
    page.delete()  # Cancel: the card stays
    assert asked == ["Delete your card of “acme-local-7b” (every provider)? Its 8,192-token window is then "
                     "taken from the provider or the bundled catalog again."]
    assert not page.ops.busy and page.table.rowCount() == 1 and services.models.list()
    monkeypatch.setattr(confirm, "ask", lambda *_a, **_k: True)
    page.delete()
    qtbot.waitUntil(lambda: page.table.rowCount() == 0, timeout=5000)
    qtbot.waitUntil(lambda: badge.estimate.context_window != 8192, timeout=5000)


def test_the_max_output_column_says_what_a_dream_card_gets_when_no_card_sets_one(
        window: Any, services: Services, qtbot: Any) -> None:
    """walk50 #2: smollm2-135m showed Max output "—" while its dream cards stopped at
    512 tokens; the column names that cap until the card editor sets a max output."""
    services.models.set("smollm2-135m", 2048)
    services.models.set("acme-local-7b", 2048, max_output=1024)
    page = window.pages.open_settings().pages[SettingsSection.MODELS]
    qtbot.waitUntil(lambda: page.table.rowCount() == 2, timeout=5000)
    cells = {page.table.item(r, 1).text(): page.table.item(r, 4) for r in range(2)}
    assert cells["smollm2-135m"].text() == "not set"  # walk51b: in a word; the cap in its tooltip
    assert "a dream card asks for at most 512 tokens" in cells["smollm2-135m"].toolTip()
    assert cells["acme-local-7b"].toolTip() == "1,024"


def test_a_window_failure_opens_the_card_on_the_context_window_selected(window: Any, services: Services,
                                                                         qtbot: Any) -> None:
    """walk51b #4: the editor opens with the caret in the field the failure asks to raise
    (here the Context window, selected), under a title line."""
    from PySide6.QtWidgets import QLabel

    from chathub_desktop.gui.settings.card_field import CardField

    dialog = ModelCardDialog(services.models, services.providers.list(), window.runner, window.presenter,
                             model="smollm2-135m", window=2048, focus=CardField.WINDOW, parent=window)
    dialog.show()
    qtbot.waitUntil(dialog.isVisible, timeout=5000)
    assert dialog.focusWidget() in (dialog.window_spin, dialog.window_spin.lineEdit())
    assert dialog.window_spin.lineEdit().selectedText() == "2,048"
    assert not dialog.max_output_check.isChecked()  # only the cap's failure ticks Max output
    title = dialog.findChild(QLabel, "dialogTitle")
    assert title is not None and title.text() == "Model card"
    dialog.reject()
