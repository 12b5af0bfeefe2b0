"""Settings → Providers (APP-1, APP-2, APP-6): list, add, edit, delete providers.

The add/edit form (``ui/provider_form.ui``) offers three key sources: the OS keyring
(password field), an environment variable, or no key. When the keyring is not usable
(``providers.keyring_status().usable`` False) its radio is disabled, the reason is shown
and the env-var option is preselected — a key is never silently stored in plain text.
Service errors (:class:`ServiceError`) appear inline in the form.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from chathub_desktop.core.provider_kinds import ProviderKind
from chathub_desktop.gui import confirm
from chathub_desktop.gui.forms.ui_provider_form import Ui_ProviderForm
from chathub_desktop.services.errors import ServiceError
from chathub_desktop.services.views import ProviderView

if TYPE_CHECKING:  # types only: keeps SQLAlchemy off the window's start-up path
    from chathub_desktop.services.provider_service import ProviderService

ProviderIdRole = Qt.ItemDataRole.UserRole + 1


def key_source_text(source: str) -> str:
    """Human text for ``ProviderView.key_source`` (``keyring`` / ``env:VAR`` / ``none``)."""
    if source == "keyring":
        return "key in OS keyring"
    if source.startswith("env:"):
        return f"key from ${source[4:]}"
    return "no key"


class ProviderFormDialog(QDialog):
    """Add (``provider`` None) or edit one provider.

    On Save calls ``ProviderService.add``/``update``; a :class:`ServiceError` is shown in
    the form and the dialog stays open. ``saved(ProviderView)`` fires on success.
    """

    saved = Signal(object)

    def __init__(self, providers: ProviderService, provider: ProviderView | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ui = Ui_ProviderForm()
        self.ui.setupUi(self)
        self._providers = providers
        self._provider = provider
        self._url_touched = False
        ui = self.ui
        for kind in ProviderKind:
            ui.kindCombo.addItem(kind.label, kind.value)
        ui.kindCombo.currentIndexChanged.connect(self._on_kind_changed)
        ui.baseUrlEdit.textEdited.connect(self._on_url_edited)
        for radio in (ui.keyringRadio, ui.envRadio, ui.noKeyRadio):
            radio.toggled.connect(self._sync_key_fields)
        ui.buttonBox.accepted.connect(self._save)
        ui.buttonBox.rejected.connect(self.reject)
        ui.errorLabel.hide()
        status = providers.keyring_status()
        self.keyring_usable = status.usable
        if status.usable:
            ui.keyringWarning.setText(f"Keys are stored with {status.backend}." if status.backend else "")
            ui.keyringWarning.setStyleSheet("color: palette(mid);")
            ui.keyringRadio.setChecked(True)
        else:
            ui.keyringRadio.setEnabled(False)
            ui.keyEdit.setEnabled(False)
            ui.keyringWarning.setText(
                f"⚠ The OS keyring is not available: {status.reason or 'no secure backend'}. "
                "Use an environment variable for the key."
            )
            ui.envRadio.setChecked(True)
        if provider is None:
            self.setWindowTitle("Add provider")
            self._on_kind_changed()
        else:
            self.setWindowTitle(f"Edit provider {provider.name}")
            ui.kindCombo.setCurrentIndex(max(0, ui.kindCombo.findData(provider.kind)))
            ui.kindCombo.setEnabled(False)
            ui.nameEdit.setText(provider.name)
            ui.nameEdit.setEnabled(False)
            ui.baseUrlEdit.setText(provider.base_url)
            self._url_touched = True
            if provider.key_source.startswith("env:"):
                ui.envRadio.setChecked(True)
                ui.envEdit.setText(provider.key_source[4:])
            elif provider.key_source == "keyring" and status.usable:
                ui.keyringRadio.setChecked(True)
                ui.keyEdit.setPlaceholderText("Stored in the keyring — leave empty to keep it")
            elif provider.key_source == "none":
                ui.noKeyRadio.setChecked(True)
        self._sync_key_fields()
        ui.nameEdit.setFocus()

    def _on_url_edited(self, _text: str) -> None:
        self._url_touched = bool(self.ui.baseUrlEdit.text().strip())

    def _on_kind_changed(self, *_args: object) -> None:
        kind = ProviderKind(self.ui.kindCombo.currentData())
        if not self._url_touched:
            self.ui.baseUrlEdit.setText(kind.default_base_url)
        if self._provider is None and not kind.needs_api_key and not self.ui.keyEdit.text():
            self.ui.noKeyRadio.setChecked(True)

    def _sync_key_fields(self, *_args: object) -> None:
        ui = self.ui
        ui.keyEdit.setEnabled(ui.keyringRadio.isChecked() and self.keyring_usable)
        ui.envEdit.setEnabled(ui.envRadio.isChecked())

    def show_error(self, message: str) -> None:
        """Show ``message`` inline (red, under the form)."""
        self.ui.errorLabel.setText(message)
        self.ui.errorLabel.setVisible(bool(message))

    def _save(self) -> None:
        ui = self.ui
        key = ui.keyEdit.text().strip() if ui.keyringRadio.isChecked() else None
        env = ui.envEdit.text().strip() if ui.envRadio.isChecked() else None
        if ui.envRadio.isChecked() and not env:
            self.show_error("Enter the name of the environment variable that holds the key.")
            return
        try:
            if self._provider is None:
                if ui.keyringRadio.isChecked() and not key:
                    self.show_error("Paste the API key, or choose another key source.")
                    return
                view = self._providers.add(
                    ui.nameEdit.text(), str(ui.kindCombo.currentData()), ui.baseUrlEdit.text().strip() or None,
                    api_key=key or None, api_key_env=env or None,
                )
            else:
                view = self._update(self._provider, key, env)
                if view is None:
                    return
        except ServiceError as exc:
            self.show_error(str(exc))
            return
        self.saved.emit(view)
        self.accept()

    def _update(self, provider: ProviderView, key: str | None, env: str | None) -> ProviderView | None:
        ui = self.ui
        url = ui.baseUrlEdit.text().strip()
        if ui.keyringRadio.isChecked():
            if not key and provider.key_source != "keyring":
                self.show_error("Paste the API key, or choose another key source.")
                return None
            return self._providers.update(provider.id, base_url=url, api_key=key or None)
        if ui.envRadio.isChecked():
            return self._providers.update(provider.id, base_url=url, api_key_env=env, clear_key=True)
        return self._providers.update(provider.id, base_url=url, api_key_env="", clear_key=True)


class ProvidersPage(QWidget):
    """The Providers tab: a list with Add / Edit / Delete. ``changed`` after any change."""

    changed = Signal()

    def __init__(self, providers: ProviderService, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._providers = providers
        self.form: ProviderFormDialog | None = None
        layout = QVBoxLayout(self)
        intro = QLabel("Providers are the APIs your assistants chat through. "
                       "API keys live in the OS keyring or an environment variable, never in the database.")
        intro.setWordWrap(True)
        layout.addWidget(intro)
        self.list = QListWidget()
        self.list.setObjectName("providerList")
        self.list.setAlternatingRowColors(True)
        self.list.itemDoubleClicked.connect(lambda _item: self.edit_selected())
        self.list.currentRowChanged.connect(self._sync_buttons)
        layout.addWidget(self.list, 1)
        row = QHBoxLayout()
        self.add_button = QPushButton("&Add…")
        self.add_button.setToolTip("Add a provider (OpenAI, Anthropic, OpenRouter, a local server, …)")
        self.edit_button = QPushButton("&Edit…")
        self.edit_button.setToolTip("Change the selected provider's URL or key source")
        self.delete_button = QPushButton("&Delete")
        self.delete_button.setToolTip("Delete the selected provider and its stored key")
        self.add_button.clicked.connect(self.add_provider)
        self.edit_button.clicked.connect(self.edit_selected)
        self.delete_button.clicked.connect(self.delete_selected)
        for b in (self.add_button, self.edit_button, self.delete_button):
            row.addWidget(b)
        row.addStretch(1)
        layout.addLayout(row)
        self.error_label = QLabel()
        self.error_label.setStyleSheet("color: #c0262d;")
        self.error_label.setWordWrap(True)
        self.error_label.hide()
        layout.addWidget(self.error_label)
        self.reload()

    def reload(self) -> None:
        """Re-read the providers."""
        current = self.list.currentItem()
        keep = current.data(ProviderIdRole) if current else None
        self.list.clear()
        for p in self._providers.list():
            item = QListWidgetItem(f"{p.name} — {ProviderKind(p.kind).label.split(' (')[0]} · {p.base_url} · "
                                   f"{key_source_text(p.key_source)}")
            item.setData(ProviderIdRole, p.id)
            item.setToolTip(f"{p.name}\nKind: {ProviderKind(p.kind).label}\nURL: {p.base_url}\n"
                            f"{key_source_text(p.key_source).capitalize()}")
            self.list.addItem(item)
            if p.id == keep:
                self.list.setCurrentItem(item)
        self._sync_buttons()

    def _sync_buttons(self, *_args: object) -> None:
        has = self.list.currentItem() is not None
        self.edit_button.setEnabled(has)
        self.delete_button.setEnabled(has)

    def _open_form(self, provider: ProviderView | None) -> ProviderFormDialog:
        self.form = ProviderFormDialog(self._providers, provider, self)
        self.form.saved.connect(lambda _v: (self.reload(), self.changed.emit()))
        self.form.open()
        return self.form

    def add_provider(self) -> ProviderFormDialog:
        """Open the add form (non-blocking); returns it."""
        return self._open_form(None)

    def edit_selected(self) -> ProviderFormDialog | None:
        """Open the edit form for the selected provider."""
        item = self.list.currentItem()
        if item is None:
            return None
        try:
            view = self._providers.get(int(item.data(ProviderIdRole)))
        except ServiceError as exc:
            self._error(str(exc))
            return None
        return self._open_form(view)

    def delete_selected(self) -> None:
        """Delete the selected provider after confirmation."""
        item = self.list.currentItem()
        if item is None:
            return
        pid = int(item.data(ProviderIdRole))
        name = item.text().split(" — ")[0]
        if not confirm.ask(self, "Delete provider",
                           f"Delete provider “{name}” and its stored API key? "
                           "Assistants using it keep their settings but cannot send until you pick another."):
            return
        try:
            self._providers.delete(pid)
        except ServiceError as exc:
            self._error(str(exc))
            return
        self.reload()
        self.changed.emit()

    def _error(self, message: str) -> None:
        self.error_label.setText(message)
        self.error_label.setVisible(bool(message))


class SettingsDialog(QDialog):
    """Settings window; today one page, Providers (later: System Agent, Memory…)."""

    providers_changed = Signal()

    def __init__(self, providers: ProviderService, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Settings")
        self.resize(640, 420)
        layout = QVBoxLayout(self)
        self.tabs = QTabWidget()
        self.providers_page = ProvidersPage(providers)
        self.providers_page.changed.connect(self.providers_changed)
        self.tabs.addTab(self.providers_page, "Providers")
        layout.addWidget(self.tabs)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
