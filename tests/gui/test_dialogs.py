"""Settings → Providers and the assistant dialog (APP-1, APP-2, APP-6, APP-9)."""

from __future__ import annotations

from PySide6.QtWidgets import QDialogButtonBox

from chathub_desktop.core.provider_kinds import ProviderKind
from chathub_desktop.storage.secrets import KeyringStatus
from tests.gui.helpers import loaded, reload_assistants, saved


def _save(form, qtbot) -> None:  # type: ignore[no-untyped-def]
    """Save, and wait for the write on the worker (issue 29)."""
    form.ui.buttonBox.button(QDialogButtonBox.StandardButton.Save).click()
    qtbot.waitUntil(lambda: not form.saving(), timeout=5000)


def _select_kind(form, kind: ProviderKind) -> None:  # type: ignore[no-untyped-def]
    form.ui.kindCombo.setCurrentIndex(form.ui.kindCombo.findData(kind.value))


def test_add_provider_with_keyring(window, services, qtbot):  # type: ignore[no-untyped-def]
    settings = window.pages.open_settings()
    form = settings.providers_page.add_provider()
    assert form.ui.keyringRadio.isEnabled() and form.ui.keyringRadio.isChecked()
    _select_kind(form, ProviderKind.ANTHROPIC)
    assert form.ui.baseUrlEdit.text() == ProviderKind.ANTHROPIC.default_base_url
    qtbot.keyClicks(form.ui.nameEdit, "Claude")
    qtbot.keyClicks(form.ui.keyEdit, "sk-ant-123")
    _save(form, qtbot)
    p = services.providers.get("Claude")
    assert p.kind == "anthropic" and p.key_source == "keyring"
    assert services.providers.api_key(p.id) == "sk-ant-123"
    qtbot.waitUntil(lambda: settings.providers_page.list.count() == 1, timeout=5000)  # re-read on a worker
    assert not form.isVisible()
    # System Agent offers it: its pickers re-read the providers on a worker (issue 29)
    pickers = (settings.system_page.compress_picker, settings.system_page.naming_picker)
    qtbot.waitUntil(lambda: all(p.provider_combo.findData("Claude") >= 0 for p in pickers), timeout=5000)


def test_delete_provider_asks_then_deletes_on_a_worker(window, services, qtbot, monkeypatch):  # type: ignore[no-untyped-def]
    """APP-2, issue 29: Delete asks first, then the provider is deleted on a store worker
    and leaves the list and the System Agent pickers."""
    from chathub_desktop.gui.dialogs import confirm

    services.providers.add("Gone", "openai", "http://127.0.0.1:9/v1", api_key_env="X_KEY")
    settings = window.pages.open_settings()
    page = settings.providers_page
    qtbot.waitUntil(lambda: page.list.count() == 1, timeout=5000)  # read on a worker
    asked: list[str] = []
    monkeypatch.setattr(confirm, "ask", lambda _p, _t, text, action="Delete": asked.append(text) or True)
    page.delete_selected()
    assert asked == ["Delete provider “Gone” and its stored API key? Assistants using it keep their settings "
                     "but cannot send until you pick another."]
    qtbot.waitUntil(lambda: page.list.count() == 0, timeout=5000)
    assert services.providers.list() == [] and not page.error_label.isVisible()
    pickers = (settings.system_page.compress_picker, settings.system_page.naming_picker)
    qtbot.waitUntil(lambda: all(p.provider_combo.findData("Gone") < 0 for p in pickers), timeout=5000)


def test_the_provider_switch_takes_its_models_out_of_the_choosers(window, services, qtbot):  # type: ignore[no-untyped-def]
    """Issue 29: Settings → Providers' detail pane turns a provider off on a worker: the
    list and the title say "(off)", the System Agent pickers drop it; on again, it is back."""
    services.providers.add("Spare", "openai", "http://127.0.0.1:9/v1", api_key_env="X_KEY")
    settings = window.pages.open_settings()
    page = settings.providers_page
    qtbot.waitUntil(lambda: page.list.count() == 1, timeout=5000)  # read on a worker
    switch = page.detail.enabled_switch
    assert switch.isChecked() and switch.text() == "&Use this provider"
    pickers = (settings.system_page.compress_picker, settings.system_page.naming_picker)
    qtbot.waitUntil(lambda: all(p.provider_combo.findData("Spare") >= 0 for p in pickers), timeout=5000)
    switch.click()
    qtbot.waitUntil(lambda: page.list.item(0).text() == "Spare (off)", timeout=5000)
    assert services.providers.get("Spare").enabled is False and page.detail.title.text() == "Spare (off)"
    assert not switch.isChecked() and switch.isEnabled()
    qtbot.waitUntil(lambda: all(p.provider_combo.findData("Spare") < 0 for p in pickers), timeout=5000)
    switch.click()
    qtbot.waitUntil(lambda: page.list.item(0).text() == "Spare", timeout=5000)
    qtbot.waitUntil(lambda: all(p.provider_combo.findData("Spare") >= 0 for p in pickers), timeout=5000)
    qtbot.waitUntil(lambda: not any(p.models.pending() for p in pickers), timeout=5000)  # their lists read


def test_add_provider_with_env_var_and_inline_error(window, services, qtbot):  # type: ignore[no-untyped-def]
    services.providers.add("Taken", "openai", api_key_env="X_KEY")
    settings = window.pages.open_settings()
    form = settings.providers_page.add_provider()
    _select_kind(form, ProviderKind.OPENAI)
    form.ui.baseUrlEdit.setText("")
    qtbot.keyClicks(form.ui.baseUrlEdit, "https://openrouter.ai/api/v1")
    _select_kind(form, ProviderKind.OPENAI_COMPATIBLE)  # a URL the user typed is kept
    assert form.ui.baseUrlEdit.text() == "https://openrouter.ai/api/v1"
    form.ui.envRadio.setChecked(True)
    assert form.ui.envEdit.isEnabled() and not form.ui.keyEdit.isEnabled()
    form.ui.envEdit.setText("OPENROUTER_API_KEY")
    form.ui.nameEdit.setText("Taken")
    _save(form, qtbot)
    assert form.isVisible()
    assert "already exists" in form.ui.errorLabel.text()
    form.ui.nameEdit.setText("OpenRouter")
    _save(form, qtbot)
    p = services.providers.get("OpenRouter")
    assert p.key_source == "env:OPENROUTER_API_KEY"
    assert p.base_url == "https://openrouter.ai/api/v1"


def test_keyring_unavailable_disables_radio(window, services, monkeypatch):  # type: ignore[no-untyped-def]
    monkeypatch.setattr(services.providers, "keyring_status",
                        lambda: KeyringStatus(False, "fail.Keyring", "no Secret Service is running"))
    form = window.pages.open_settings().providers_page.add_provider()
    assert not form.ui.keyringRadio.isEnabled()
    assert not form.ui.keyEdit.isVisibleTo(form)  # the disabled row has no field (walkthrough F9)
    assert form.ui.keyFileRadio.isChecked()  # the key file, not an environment variable
    assert "no secret service is running" in form.ui.keyringWarning.text().lower()


def test_help_buttons_have_tooltips(window, qtbot):  # type: ignore[no-untyped-def]
    form = window.pages.open_settings().providers_page.add_provider()
    for note in (form.ui.kindNote, form.ui.nameNote, form.ui.baseUrlNote, form.ui.keyNote):  # walk29 #14
        assert note.isVisibleTo(form) and len(note.toolTip()) > 20
    form.reject()
    dlg = loaded(window.pages.open_new_assistant(), qtbot)
    notes = dlg.ui.notes  # issue 29: a line under each title, the help as its tooltip (no "?")
    for name in ("providerRow", "modelRow", "templateRow", "maxTokensRow", "memoryRow"):
        assert notes[name].text() and len(notes[name].toolTip()) > 20
    assert "{{text}}" in notes["templateRow"].toolTip()
    assert "neither reserved nor sent" in notes["maxTokensRow"].toolTip()


def test_assistant_dialog_creates_assistant(window, services, qtbot):  # type: ignore[no-untyped-def]
    p = services.providers.add("Local", "openai_compatible", "http://127.0.0.1:9/v1")
    reload_assistants(window, qtbot)
    dlg = loaded(window.pages.open_new_assistant(), qtbot)
    ui = dlg.ui
    assert ui.templateEdit.text() == "{{text}}"
    assert not ui.maxTokensCheck.isChecked() and not ui.maxTokensSpin.isEnabled()
    ui.maxTokensCheck.setChecked(True)
    assert ui.maxTokensSpin.isEnabled()
    ui.maxTokensCheck.setChecked(False)
    assert not ui.maxTokensSpin.isEnabled()
    qtbot.keyClicks(ui.nameEdit, "Writer")
    ui.providerCombo.setCurrentIndex(ui.providerCombo.findData(p.id))
    ui.modelCombo.setCurrentText("my-local-model")
    ui.instructionsEdit.setPlainText("Write clearly.")
    ui.templateEdit.setText("no placeholder")
    saved(dlg, qtbot)
    assert dlg.isVisible() and "{{text}}" in ui.errorLabel.text()
    ui.templateEdit.setText("Please: {{text}}")
    ui.memoryCheck.setChecked(False)
    saved(dlg, qtbot)
    a = services.assistants.get("Writer")
    assert (a.provider_id, a.model, a.instructions, a.input_template) == (
        p.id, "my-local-model", "Write clearly.", "Please: {{text}}")
    assert a.max_tokens_enabled is False and a.memory_enabled is False
    qtbot.waitUntil(lambda: window.assistant_combo.currentText() == "Writer")  # re-read on a worker (issue 29)
    # edit: switch max tokens on
    dlg = loaded(window.pages.open_edit_assistant(), qtbot)
    dlg.ui.maxTokensCheck.setChecked(True)
    dlg.ui.maxTokensSpin.setValue(2048)
    saved(dlg, qtbot)
    a = services.assistants.get("Writer")
    assert a.max_tokens_enabled and a.max_tokens == 2048


def test_topics_new_rename_delete(window, services, qtbot, monkeypatch):  # type: ignore[no-untyped-def]
    from PySide6.QtCore import Qt

    from chathub_desktop.gui.dialogs import confirm

    a = services.assistants.create("Solo")
    reload_assistants(window, qtbot, a.id)
    window.topic_list.setFocus()
    with qtbot.waitSignal(window.topic_created):  # created on a worker (issue 29)
        qtbot.keyClick(window, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    assert window.topic_model.rowCount() == 1
    assert window.topic_model.topic_at(0).title == "New topic"
    tid = window.current_topic_id
    assert window.topic_model.setData(window.topic_model.index(0), "Renamed")
    qtbot.waitUntil(lambda: services.topics.get(tid).title == "Renamed")
    monkeypatch.setattr(confirm, "ask", lambda *a, **k: True)
    window.topic_list.setFocus()
    monkeypatch.setattr("chathub_desktop.gui.topics.topic_delete.UNDO_MS", 50)
    qtbot.keyClick(window.topic_list, Qt.Key.Key_Delete)
    assert window.topic_model.rowCount() == 0  # at once; the store follows after the undo period
    qtbot.waitUntil(lambda: services.topics.list(a.id) == [], timeout=3000)
    assert window.current_topic_id is None


def test_a_question_without_an_icon_reads_as_a_title_a_sentence_and_a_named_action(qtbot) -> None:  # type: ignore[no-untyped-def]
    """walk53c #5: Revert asked in a box with a big "?" platform icon. ``icon=False`` asks
    as Claude and Cherry Studio do: no icon, the title as a bold heading, the sentence as
    written (a file name's "<b>" stays text), the named action beside Cancel, Cancel the
    default; picking the action answers True."""
    from PySide6.QtCore import Qt, QTimer
    from PySide6.QtWidgets import QApplication, QLabel, QMessageBox

    from chathub_desktop.gui.dialogs import confirm

    seen: dict[str, object] = {}

    def answer(pick: str) -> None:
        box = QApplication.activeModalWidget()
        if not isinstance(box, QMessageBox):
            QTimer.singleShot(20, lambda: answer(pick))
            return
        words = box.findChild(QLabel, "qt_msgbox_informativelabel")
        seen.update(icon=box.icon(), heading=box.text(), words=words.text() if words else None,
                    plain=words.textFormat() if words else None, default=box.defaultButton().text(),
                    buttons=sorted(b.text() for b in box.buttons()))
        next(b for b in box.buttons() if b.text() == pick).click()

    QTimer.singleShot(0, lambda: answer("Revert"))
    sentence = "Undo “Imported <b>notes</b>.md”? 3 lines of fixed memory go back to how they were."
    assert confirm.ask(None, "Revert memory", sentence, "Revert", icon=False) is True
    assert seen["icon"] == QMessageBox.Icon.NoIcon
    assert seen["heading"] == "<b>Revert memory</b>"
    assert seen["words"] == sentence and seen["plain"] == Qt.TextFormat.PlainText
    assert seen["default"] == "Cancel" and seen["buttons"] == ["Cancel", "Revert"]
    QTimer.singleShot(0, lambda: answer("Cancel"))
    assert confirm.ask(None, "Revert memory", sentence, "Revert", icon=False) is False
