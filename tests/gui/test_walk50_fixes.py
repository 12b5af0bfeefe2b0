"""What a new user tripped on in walk50 (issues 28, 29): the window offers its own way to
set a model card instead of the CLI (#5), and the History Compress model is a separate
setting that may be the chat model (#5, CMP-3)."""

from __future__ import annotations

from tests.gui.helpers import add_fake_provider, loaded, reload_assistants


def test_no_model_card_hint_opens_the_card_editor_not_the_cli(window, services, fake_vendor, qtbot):  # type: ignore[no-untyped-def]
    """walk50 #5: Edit assistant said "set the real one with `chathub-desktop model set`"
    while Settings → Models has an editor: the hint links to that editor instead, and
    after the save it names the card's window (NUM-2)."""
    _pid, aid = add_fake_provider(services, fake_vendor.base_url, model="my-local-llm")
    reload_assistants(window, qtbot, aid)
    dlg = loaded(window.pages.open_edit_assistant(), qtbot)
    hint = dlg.model_choices.hint
    qtbot.waitUntil(lambda: "No model card" in hint.text(), timeout=10000)
    assert "chathub-desktop" not in hint.text() and "Add its model card…</a>" in hint.text()
    hint.linkActivated.emit("#card")
    cards = dlg.model_choices._cards
    qtbot.waitUntil(lambda: cards.dialog is not None and cards.dialog.isVisible(), timeout=10000)
    editor = cards.dialog
    assert editor.model_edit.text() == "my-local-llm" and editor.provider_combo.currentText() == "Fake"
    editor.window_spin.setValue(32768)
    editor.save()
    qtbot.waitUntil(lambda: "32,768-token context window ·" in hint.text(), timeout=10000)
    assert "No model card" not in hint.text()
    dlg.reject()


def test_system_agent_says_the_compress_model_is_a_separate_setting(window, services, qtbot):  # type: ignore[no-untyped-def]
    """walk50 #5: System Agent said "never your chat model" although setup rightly allows
    the chat model (CMP-3): it is a separate setting; a small fast model is better."""
    services.providers.add("Summ", "openai", "http://127.0.0.1:9/v1", api_key="k")
    dlg = window.pages.open_system_agent()
    page = dlg.system_page
    for text in (page.compress_note.text(), page.compress_note.toolTip(), page.compress_picker.toolTip()):
        assert "never" not in text and "separate setting" in text and "small fast model" in text


def test_before_the_first_topic_the_model_chip_names_the_assistant_s_model(window, services, fake_vendor, qtbot):  # type: ignore[no-untyped-def]
    """walk50 #9: before the first topic the chip read "No topic" while the welcome text
    said "gpt-4o-mini answers": the chip names the assistant's model (disabled: a model
    per topic needs a topic)."""
    _pid, aid = add_fake_provider(services, fake_vendor.base_url, model="gpt-4o-mini")
    reload_assistants(window, qtbot, aid)
    picker = window.model_picker.picker
    assert window.current_topic_id is None
    qtbot.waitUntil(lambda: picker.text() == "gpt-4o-mini", timeout=10000)
    assert "gpt-4o-mini (the assistant's model) answers a new topic" in picker.toolTip()
    assert not picker.isEnabled()


def test_after_a_tested_provider_continue_is_the_wizard_s_primary_button(window, fake_vendor, qtbot, monkeypatch):  # type: ignore[no-untyped-def]
    """walk50 #9: "Add provider…" stayed the primary button after a provider was added and
    tested; then Continue is the primary, default button."""
    from PySide6.QtWidgets import QWizard

    fake_vendor.models_key = "sk-setup"
    monkeypatch.setenv("CHATHUB_SETUP_TEST_KEY", "sk-setup")
    wizard = window.pages.open_setup()
    wizard.next()  # the introduction
    page = wizard.provider_page
    qtbot.waitUntil(lambda: not wizard.busy(), timeout=5000)
    cont = wizard.button(QWizard.WizardButton.NextButton)
    assert page.add_button.property("primary") is True and cont.property("primary") is False
    ui = page.add_provider().ui
    ui.kindCombo.setCurrentIndex(ui.kindCombo.findData("openai_compatible"))
    ui.nameEdit.setText("Local")
    ui.baseUrlEdit.setText(fake_vendor.base_url)
    ui.envRadio.setChecked(True)
    ui.envEdit.setText("CHATHUB_SETUP_TEST_KEY")
    ui.buttonBox.accepted.emit()
    qtbot.waitUntil(lambda: page.result_label.text().startswith("✓"), timeout=10000)
    assert cont.property("primary") is True and cont.isDefault()
    assert page.add_button.property("primary") is False
    wizard.reject()
