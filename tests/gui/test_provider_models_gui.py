"""The provider's own models in the window (issue 14): Add/Edit provider's Test
connection says what worked and keeps the list; the assistant dialog offers the
provider's models first, the catalog second, and says when a window is a fallback."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QDialogButtonBox

from chathub_desktop.core.provider_kinds import ProviderKind
from chathub_desktop.services.container import Services
from tests.fakes.vendor_server import FakeVendor
from tests.gui.helpers import loaded


def test_test_connection_on_an_unsaved_provider_then_save_keeps_the_list(
        window: Any, services: Services, qtbot: Any, fake_vendor: FakeVendor) -> None:
    fake_vendor.models_key = "sk-right"
    settings = window.pages.open_settings()
    form = settings.providers_page.add_provider()
    test = form.connection_test
    assert test is not None and test.button.text() == "&Test connection"
    form.ui.kindCombo.setCurrentIndex(form.ui.kindCombo.findData(ProviderKind.OPENAI_COMPATIBLE.value))
    form.ui.baseUrlEdit.setText(fake_vendor.base_url)
    qtbot.keyClicks(form.ui.nameEdit, "Fake")
    form.ui.keyringRadio.setChecked(True)
    qtbot.keyClicks(form.ui.keyEdit, "sk-wrong")
    test.button.click()
    qtbot.waitUntil(lambda: test.label.text().startswith("✗"), timeout=10000)
    assert test.label.text() == "✗ Fake refused the API key (401 Unauthorized)"
    assert test.label.property("tone") == "error"  # red as the pane's line (walk42 #10)
    form.ui.keyEdit.setText("sk-right")
    test.button.click()
    qtbot.waitUntil(lambda: test.label.text().startswith("✓"), timeout=10000)
    assert test.label.text().startswith("✓ reachable, key accepted, 1 model offered — answered in ")
    assert test.label.text().count("model") == 1  # walk40: the count was said twice
    assert test.label.property("tone") == "success"
    fake_vendor.models_key = None  # a local server: asked without a key (walk40 #6)
    form.ui.noKeyRadio.setChecked(True)
    test.button.click()
    qtbot.waitUntil(lambda: "without a key" in test.label.text(), timeout=10000)
    assert test.label.text().startswith("✓ reachable without a key, 1 model offered — answered in ")
    assert "key accepted" not in test.label.text()
    form.ui.keyringRadio.setChecked(True)
    fake_vendor.models_key = "sk-right"
    assert services.providers.list() == []
    form.ui.buttonBox.button(QDialogButtonBox.StandardButton.Save).click()
    qtbot.waitUntil(lambda: not form.saving(), timeout=5000)  # stored on a worker (issue 29)
    pid = services.providers.get("Fake").id
    qtbot.waitUntil(lambda: services.provider_models.cached(pid) == ("fake-model",), timeout=5000)


def test_a_provider_just_added_is_the_one_the_page_shows(
        window: Any, services: Services, qtbot: Any, fake_vendor: FakeVendor) -> None:
    """walk40 #7: after Save, the detail pane kept showing the provider chosen before."""
    services.providers.add("Alpha", "openai_compatible", fake_vendor.base_url)
    page = window.pages.open_settings().providers_page
    qtbot.waitUntil(lambda: page.current_id() is not None, timeout=5000)
    form = page.add_provider()
    form.ui.kindCombo.setCurrentIndex(form.ui.kindCombo.findData(ProviderKind.OPENAI_COMPATIBLE.value))
    form.ui.baseUrlEdit.setText(fake_vendor.base_url)
    qtbot.keyClicks(form.ui.nameEdit, "Zulu")
    form.ui.noKeyRadio.setChecked(True)
    form.ui.buttonBox.button(QDialogButtonBox.StandardButton.Save).click()
    qtbot.waitUntil(lambda: not form.saving(), timeout=5000)
    zulu = services.providers.get("Zulu").id
    qtbot.waitUntil(lambda: page.current_id() == zulu, timeout=5000)
    assert page.views[zulu].name == "Zulu"


def test_save_of_a_server_without_a_model_list_says_so_and_offers_save_anyway(
        window: Any, services: Services, qtbot: Any, fake_vendor: FakeVendor) -> None:
    """walk40 #5: a provider whose URL answers no model list was saved in silence, and no
    chooser could offer a model. Save asks first; without a list nothing is saved, the
    form says why and "Save anyway" takes the model id the server runs as its list."""
    page = window.pages.open_settings().providers_page
    form = page.add_provider()
    form.ui.kindCombo.setCurrentIndex(form.ui.kindCombo.findData(ProviderKind.OPENAI_COMPATIBLE.value))
    form.ui.baseUrlEdit.setText(fake_vendor.base_url.removesuffix("/v1") + "/nolist/v1")  # /models answers 404
    qtbot.keyClicks(form.ui.nameEdit, "Local")
    form.ui.noKeyRadio.setChecked(True)
    form.ui.buttonBox.button(QDialogButtonBox.StandardButton.Save).click()
    qtbot.waitUntil(lambda: not form.saving(), timeout=10000)
    assert services.providers.list() == [] and form.isVisible()
    row = form.save_anyway
    assert row.isVisible() and row.label.text().startswith("No model list from this URL: ")
    assert row.label.text().endswith("Check the URL, or type the model id the server runs and Save anyway.")
    assert not row.button.isEnabled()  # a model id first
    qtbot.keyClicks(row.model_edit, "smollm2-135m")
    row.button.click()
    qtbot.waitUntil(lambda: not form.saving() and not form.isVisible(), timeout=10000)
    pid = services.providers.get("Local").id
    assert services.provider_models.cached(pid) == ("smollm2-135m",)


def test_save_of_a_server_with_a_model_list_keeps_it(
        window: Any, services: Services, qtbot: Any, fake_vendor: FakeVendor) -> None:
    page = window.pages.open_settings().providers_page
    form = page.add_provider()
    form.ui.kindCombo.setCurrentIndex(form.ui.kindCombo.findData(ProviderKind.OPENAI_COMPATIBLE.value))
    form.ui.baseUrlEdit.setText(fake_vendor.base_url)
    qtbot.keyClicks(form.ui.nameEdit, "Local")
    form.ui.noKeyRadio.setChecked(True)
    form.ui.buttonBox.button(QDialogButtonBox.StandardButton.Save).click()
    qtbot.waitUntil(lambda: not form.saving() and not form.isVisible(), timeout=10000)
    assert not form.save_anyway.isVisible()
    assert services.provider_models.cached(services.providers.get("Local").id) == ("fake-model",)


def test_the_assistant_dialog_offers_the_providers_models_first(
        window: Any, services: Services, qtbot: Any, fake_vendor: FakeVendor) -> None:
    p = services.providers.add("Fake", "openai_compatible", fake_vendor.base_url)
    services.provider_models.remember(p.id, ["fake-model", "another-model"])
    dlg = loaded(window.pages.open_new_assistant(), qtbot)
    choices = dlg.model_choices
    qtbot.waitUntil(lambda: choices.own == ("fake-model", "another-model"), timeout=5000)
    combo = dlg.ui.modelCombo
    items = [combo.itemText(i) for i in range(combo.count())]
    # issue 28: no catalog models under a local server; walkthrough F7: its heading, free text last
    assert items == ["Served by Fake", "fake-model", "another-model", "Another model: type its id in the field"]
    combo.setCurrentText("fake-model")
    qtbot.waitUntil(lambda: "fallback" in choices.hint.text(), timeout=5000)
    assert "offered by this provider" in choices.hint.text()
    combo.setCurrentText("gpt-4o")
    qtbot.waitUntil(lambda: choices.hint.text().startswith("128,000-token context window"), timeout=5000)
    qtbot.waitUntil(lambda: not choices.pending(), timeout=5000)
    dlg.reject()
