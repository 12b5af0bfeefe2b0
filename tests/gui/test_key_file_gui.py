"""The provider form offers "store in a file only you can read" (issue 28): chosen when
no OS keyring exists, it stores the key in the data dir's 0600 key file; About says where
each provider's key lives."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QDialogButtonBox

from chathub_desktop.storage.secrets import KeyringStatus


def test_a_key_in_the_file_when_there_is_no_keyring(window: Any, services: Any, qtbot: Any,
                                                    monkeypatch: Any) -> None:
    monkeypatch.setattr(services.providers, "keyring_status",
                        lambda: KeyringStatus(False, "keyring.backends.fail.Keyring", "no Secret Service is running"))
    settings = window.pages.open_settings()
    form = settings.providers_page.add_provider()
    ui = form.ui
    assert not ui.keyringRadio.isEnabled()
    assert ui.keyFileRadio.isVisible() and "file only you can read" in ui.keyFileRadio.text()
    assert "file only you can read" in ui.keyringWarning.text()
    ui.keyFileRadio.setChecked(True)
    assert ui.keyEdit.isEnabled()
    ui.nameEdit.setText("Local")
    ui.baseUrlEdit.setText("http://127.0.0.1:8080/v1")
    qtbot.keyClicks(ui.keyEdit, "sk-local-123")
    ui.buttonBox.button(QDialogButtonBox.StandardButton.Save).click()
    p = services.providers.get("Local")
    assert p.key_source == "file"
    assert services.providers.api_key("Local") == "sk-local-123"
    about = window.pages.open_about()
    qtbot.waitUntil(lambda: about.info is not None, timeout=5000)
    rows = dict(about.details())
    assert rows["Key of Local"].startswith("file ") and "provider-keys.cfg" in rows["Key of Local"]
    assert "only you can read it" in rows["Key of Local"]
