"""Models the provider serves, in every model chooser (issue 28): the fake vendor serves
its own names; Settings → System Agent (both model fields) and the assistant dialog offer
them first, then only catalog models that provider can serve, and the id stays free text.
"""

from __future__ import annotations

from typing import Any

from chathub_desktop.gui.settings.model_choices import model_rows
from chathub_desktop.services.container import Services
from tests.fakes.vendor_server import FakeVendor
from tests.gui.helpers import loaded, reload_assistants

SERVED = ["llama-3.1-8b-instruct", "smollm2-135m"]


def _items(combo: Any) -> list[str]:
    return model_rows(combo)


def test_system_agent_offers_the_providers_models_and_refreshes(
        window: Any, services: Services, qtbot: Any, fake_vendor: FakeVendor) -> None:
    fake_vendor.models = list(SERVED)
    p = services.providers.add("Local", "openai_compatible", fake_vendor.base_url)
    services.provider_models.remember(p.id, ["old-model"])
    services.settings.set("history-compress-model", "Local/old-model")
    page = window.pages.open_system_agent().system_page
    compress, naming = page.compress_picker, page.naming_picker
    qtbot.waitUntil(lambda: _items(compress.model_combo) == ["old-model"], timeout=5000)
    assert compress.model_combo.currentText() == "old-model"
    compress.models.refresh_button.click()  # asks the server again
    qtbot.waitUntil(lambda: _items(compress.model_combo) == SERVED, timeout=5000)
    assert services.provider_models.cached(p.id) == tuple(SERVED)
    compress.model_combo.setCurrentText("smollm2-135m")
    naming.provider_combo.setCurrentIndex(naming.provider_combo.findData("Local"))
    qtbot.waitUntil(lambda: _items(naming.model_combo) == SERVED, timeout=5000)
    assert not [t for t in _items(naming.model_combo) if t.startswith(("claude", "deepseek"))]
    naming.model_combo.setCurrentText("my-own-id")  # free text still goes
    page.save_button.click()
    qtbot.waitUntil(lambda: page.status_label.text() == "Saved.")  # stored on a worker (issue 29)
    assert services.settings.get("history-compress-model") == "Local/smollm2-135m"
    qtbot.waitUntil(lambda: not compress.models.pending() and not naming.models.pending(), timeout=5000)
    window.dialogs["settings"].back()


def test_new_assistant_offers_what_setup_tested(
        window: Any, services: Services, qtbot: Any, fake_vendor: FakeVendor) -> None:
    """The setup's Test connection is remembered, so New assistant lists the server's
    ``smollm2-135m`` and not the bundled catalog."""
    fake_vendor.models = list(SERVED)
    services.providers.add("Local", "openai_compatible", fake_vendor.base_url)
    wizard = window.pages.open_setup()
    wizard.next()
    qtbot.waitUntil(lambda: not wizard.busy(), timeout=5000)  # the providers are read on a worker
    wizard.provider_page.test_connection()
    qtbot.waitUntil(lambda: wizard.provider_page.result_label.text()[:1] in ("✓", "✗"), timeout=5000)
    wizard.reject()
    dlg = loaded(window.pages.open_new_assistant(), qtbot)
    qtbot.waitUntil(lambda: dlg.model_choices.own == tuple(SERVED), timeout=5000)
    assert _items(dlg.ui.modelCombo) == SERVED
    qtbot.waitUntil(lambda: not dlg.model_choices.pending(), timeout=5000)
    dlg.reject()


def test_switching_the_assistants_model_renames_the_topic_picker(
        window: Any, services: Services, qtbot: Any, fake_vendor: FakeVendor) -> None:
    """Issue 28 bug: after the assistant's model is switched in its dialog, the topic's
    picker (a topic with no own choice) names the new model."""
    from tests.gui.helpers import add_fake_provider

    pid, aid = add_fake_provider(services, fake_vendor.base_url, model="llama-3.1-8b-instruct")
    services.provider_models.remember(pid, SERVED)
    topic = services.topics.create(aid).id
    reload_assistants(window, qtbot, aid)
    window.select_topic(topic)
    picker = window.model_picker.picker
    qtbot.waitUntil(lambda: picker.view is not None and picker.view.topic_id == topic, timeout=5000)
    assert picker.text() == "llama-3.1-8b-instruct (assistant default) ▾"
    dlg = loaded(window.pages.open_edit_assistant(), qtbot)
    qtbot.waitUntil(lambda: not dlg.model_choices.pending(), timeout=5000)
    dlg.ui.modelCombo.setCurrentText("smollm2-135m")
    qtbot.waitUntil(lambda: not dlg.model_choices.pending(), timeout=5000)
    dlg.ui.buttonBox.accepted.emit()
    qtbot.waitUntil(lambda: services.assistants.get(aid).model == "smollm2-135m", timeout=5000)
    qtbot.waitUntil(lambda: picker.text() == "smollm2-135m (assistant default) ▾", timeout=5000)
    assert window.model_picker.picker.view.model == "smollm2-135m"
    again = loaded(window.pages.open_edit_assistant(), qtbot)  # the dialog names it too
    qtbot.waitUntil(lambda: not again.model_choices.pending(), timeout=5000)
    assert again.ui.modelCombo.currentText() == "smollm2-135m"
    again.reject()


def test_the_assistant_dialogs_refresh_asks_the_server_again(
        window: Any, services: Services, qtbot: Any, fake_vendor: FakeVendor) -> None:
    fake_vendor.models = list(SERVED)
    p = services.providers.add("Local", "openai_compatible", fake_vendor.base_url)
    services.provider_models.remember(p.id, ["old-model"])
    dlg = loaded(window.pages.open_new_assistant(), qtbot)
    choices = dlg.model_choices
    qtbot.waitUntil(lambda: choices.own == ("old-model",), timeout=5000)
    choices.refresh_button.click()
    qtbot.waitUntil(lambda: choices.own == tuple(SERVED), timeout=5000)
    assert _items(dlg.ui.modelCombo) == SERVED
    qtbot.waitUntil(lambda: not choices.pending(), timeout=5000)
    dlg.reject()


def test_the_choosers_show_the_window_the_provider_reports(
        window: Any, services: Services, qtbot: Any, fake_vendor: FakeVendor) -> None:
    """Issue 28: "shown with its window where the provider says it" — a llama.cpp-style
    server reports ``n_ctx_train`` and serves 4,096 tokens (``/props``); the assistant
    dialog's list, its hint, the topic's picker and the card the badge reads all say so."""
    from chathub_desktop.gui.settings.model_choices import WINDOW_ROLE
    from tests.gui.helpers import add_fake_provider

    fake_vendor.models = list(SERVED)
    fake_vendor.model_fields = {"smollm2-135m": {"meta": {"n_ctx_train": 8192}}}
    fake_vendor.props = {"default_generation_settings": {"n_ctx": 4096}}
    pid, aid = add_fake_provider(services, fake_vendor.base_url, model="smollm2-135m")
    topic = services.topics.create(aid).id
    reload_assistants(window, qtbot, aid)
    window.select_topic(topic)
    dlg = loaded(window.pages.open_edit_assistant(), qtbot)
    choices = dlg.model_choices
    qtbot.waitUntil(lambda: not choices.pending(), timeout=5000)
    choices.refresh_button.click()
    qtbot.waitUntil(lambda: choices.windows == {"smollm2-135m": 4096} and not choices.pending(), timeout=5000)
    combo = dlg.ui.modelCombo
    row = combo.findText("smollm2-135m")
    assert combo.itemData(row, WINDOW_ROLE) == 4096
    assert combo.itemData(combo.findText("llama-3.1-8b-instruct"), WINDOW_ROLE) is None
    combo.setCurrentText("smollm2-135m")
    qtbot.waitUntil(lambda: not choices.pending(), timeout=5000)
    assert choices.hint.text() == ("4,096-token context window (reported by the provider) · "
                                   "offered by this provider")
    dlg.reject()
    assert services.provider_models.card(pid, "smollm2-135m").context_window == 4096
    window.model_picker.sync()
    picker = window.model_picker.picker
    qtbot.waitUntil(lambda: any(g.windows for g in picker.groups), timeout=5000)
    picker._build()  # what opening the menu does
    actions = picker.actions_by_text()
    assert actions["smollm2-135m"].text() == "smollm2-135m\t4k"
    assert actions["llama-3.1-8b-instruct"].text() == "llama-3.1-8b-instruct"
    services.settings.set("history-compress-model", "Fake/smollm2-135m")
    dlg = window.pages.open_system_agent()
    page = dlg.system_page
    qtbot.waitUntil(lambda: not page.resolving() and not page.compress_picker.models.pending(), timeout=5000)
    assert page.compress_info.text() == ("In use: Fake/smollm2-135m · context window 4,096 tokens "
                                         "(reported by the provider)")
    dlg.back()


def test_system_agent_refuses_a_history_compress_model_it_cannot_run(
        window: Any, services: Services, qtbot: Any, fake_vendor: FakeVendor) -> None:
    """Walkthrough F7 (CMP-3): with only a local server, the default gpt-5-mini "on the
    first OpenAI provider" is not usable and the page says so; an unchanged choice never
    blocks saving another field, but changing it to a model that cannot run is refused
    in one line and stores nothing; the server's own model saves."""
    fake_vendor.models = list(SERVED)
    p = services.providers.add("Local", "openai_compatible", fake_vendor.base_url)
    services.provider_models.remember(p.id, SERVED)
    settings = window.pages.open_system_agent()
    page = settings.system_page
    qtbot.waitUntil(lambda: not page.resolving(), timeout=5000)
    assert page.compress_info.text().startswith("Not usable yet:")
    page.archives_check.setChecked(True)
    page.save_button.click()
    qtbot.waitUntil(lambda: page.status_label.text() == "Saved.", timeout=5000)
    assert services.settings.get("compaction-archives") is True
    compress = page.compress_picker
    compress.model_combo.setCurrentText("gpt-4.1-nano")  # still "on the first OpenAI provider": none
    page.archives_check.setChecked(False)
    page.save_button.click()
    qtbot.waitUntil(lambda: page.error_label.isVisible(), timeout=5000)
    assert page.error_label.text() == (
        "History Compress: not usable, nothing was saved: none of your providers serves the History Compress "
        "model 'gpt-4.1-nano' (the model that writes summaries). Pick a provider and model.")
    assert services.settings.get("compaction-archives") is True  # nothing was saved
    compress.provider_combo.setCurrentIndex(compress.provider_combo.findData("Local"))
    compress.model_combo.setCurrentText("smollm2-135m")
    page.save_button.click()
    qtbot.waitUntil(lambda: page.status_label.text() == "Saved.", timeout=5000)
    assert not page.error_label.isVisible()
    assert services.settings.get("history-compress-model") == "Local/smollm2-135m"
    qtbot.waitUntil(lambda: not compress.models.pending() and not page.resolving(), timeout=5000)
    settings.back()


def test_every_combo_chooser_heads_its_groups_and_ends_with_free_text(
        window: Any, services: Services, qtbot: Any, fake_vendor: FakeVendor) -> None:
    """Walkthrough F7: under a local server that was never tested the catalog's models
    come under "Bundled catalog", not bare; once it listed its models they come first
    under "Served by Local"; the free-text line is last; headings cannot be chosen."""
    from PySide6.QtCore import Qt

    from chathub_desktop.gui.settings.model_choices import HEADING_ROLE

    fake_vendor.models = list(SERVED)
    services.providers.add("Local", "openai", fake_vendor.base_url, api_key="sk-local")
    dlg = loaded(window.pages.open_new_assistant(), qtbot)
    choices = dlg.model_choices
    qtbot.waitUntil(lambda: not choices.pending() and dlg.ui.modelCombo.count() > 0, timeout=5000)
    combo = dlg.ui.modelCombo
    texts = [combo.itemText(i) for i in range(combo.count())]
    assert texts[0] == "Bundled catalog" and texts[-1] == "Another model: type its id in the field"
    assert "Served by Local" not in texts and len(model_rows(combo)) == len(texts) - 2
    choices.refresh_button.click()  # asks the server: its own models come first, headed
    qtbot.waitUntil(lambda: choices.own == tuple(SERVED) and not choices.pending(), timeout=5000)
    texts = [combo.itemText(i) for i in range(combo.count())]
    assert texts[:3] == ["Served by Local", *SERVED]
    assert "Bundled catalog" in texts[3:] and texts[-1] == "Another model: type its id in the field"
    headings = [i for i in range(combo.count()) if combo.itemData(i, HEADING_ROLE)]
    assert [texts[i] for i in headings] == ["Served by Local", "Bundled catalog",
                                           "Another model: type its id in the field"]
    flags = combo.model().flags(combo.model().index(headings[0], 0))
    assert not flags & Qt.ItemFlag.ItemIsSelectable and not flags & Qt.ItemFlag.ItemIsEnabled
    dlg.reject()
