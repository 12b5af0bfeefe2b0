"""The provider form offers "store in a file only you can read" (issue 28): chosen when
no OS keyring exists, it stores the key in the data dir's 0600 key file; About says where
each provider's key lives."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QDialogButtonBox, QLabel

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
    assert ui.keyFileEdit.isEnabled()
    ui.nameEdit.setText("Local")
    ui.baseUrlEdit.setText("http://127.0.0.1:8080/v1")
    qtbot.keyClicks(ui.keyFileEdit, "sk-local-123")
    ui.buttonBox.button(QDialogButtonBox.StandardButton.Save).click()
    qtbot.waitUntil(lambda: not form.saving(), timeout=5000)  # stored on a worker (issue 29)
    p = services.providers.get("Local")
    assert p.key_source == "file"
    assert services.providers.api_key("Local") == "sk-local-123"
    about = window.pages.open_about()
    qtbot.waitUntil(lambda: about.info is not None, timeout=5000)
    rows = dict(about.details())
    assert rows["Key of Local"].startswith("file ") and "provider-keys.cfg" in rows["Key of Local"]
    assert "only you can read it" in rows["Key of Local"]


def test_without_a_keyring_the_form_says_where_keys_can_live(window: Any, services: Any, qtbot: Any,
                                                            monkeypatch: Any) -> None:
    """Walkthrough F9: no OS keyring. The OpenAI preset starts on the key file (not an
    environment variable), whose row has its own key field; the keyring row has none; one
    warning names the cause once and both other places, and it is gone for "No key";
    Settings → Providers says where keys can live."""
    from chathub_desktop.core.provider_presets import PRESETS

    monkeypatch.setattr(services.providers, "keyring_status",
                        lambda: KeyringStatus(False, "keyring.backends.fail.Keyring",
                                              "no OS keyring is available, or read the key from an environment "
                                              "variable", "no OS keyring is available"))
    settings = window.pages.open_settings()
    assert ("API keys live in the OS keyring, in a file only you can read, or in an environment variable"
            in settings.providers_page.findChild(QLabel).text())
    form = settings.providers_page.add_provider()
    openai = next(p for p in PRESETS if p.name == "OpenAI")
    form.prefill(openai.name, openai.kind, openai.base_url, openai.needs_key)
    ui = form.ui
    assert ui.keyFileRadio.isChecked() and not ui.envRadio.isChecked()
    assert ui.keyFileEdit.isEnabled() and not ui.keyEdit.isVisibleTo(form)
    assert ui.keyringWarning.text() == ("⚠ No OS keyring is available. Keep the key in a file only you can read "
                                        "(not encrypted) or in an environment variable.")
    assert ui.keyringWarning.text().count("environment variable") == 1
    assert ui.keyringWarning.isVisibleTo(form)
    ui.noKeyRadio.setChecked(True)
    assert not ui.keyringWarning.isVisibleTo(form)
    ui.envRadio.setChecked(True)
    assert ui.keyringWarning.isVisibleTo(form) and not ui.keyFileEdit.isEnabled()
    form.reject()
