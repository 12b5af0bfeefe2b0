"""The provider form (APP-1, APP-2, APP-6: Settings → Providers' Add and Edit, the setup
wizard's provider step; the page itself is ``gui.settings.providers_page``), in the interface
language (issue 27).

The form (``ui/provider_form.ui``) offers four key places, each with its own field: the
OS keyring, a file only the user can read (when the store has one), an environment
variable, or no key. When the keyring is not usable (``providers.keyring_status().usable``
False) its radio is disabled and its field hidden, one warning says why and names the
other places, and the file is preselected (the environment variable where there is no
key file; walkthrough F9). The warning is hidden while "No key" is chosen. Service errors
(:class:`ServiceError`) appear inline in the form. A language switch re-says the form's
Designer texts (``retranslateUi``) and the ones set here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QEvent, Signal
from PySide6.QtGui import QIcon, QShowEvent
from PySide6.QtWidgets import QDialog, QLineEdit, QWidget

from chathub_desktop.core.key_places import KeyPlace
from chathub_desktop.core.provider_kinds import ProviderKind
from chathub_desktop.gui.design import Tone, set_tone
from chathub_desktop.gui.forms.ui_provider_form import Ui_ProviderForm
from chathub_desktop.gui.settings.save_anyway import SaveAnyway
from chathub_desktop.gui.shell.help_button import note_more, note_text
from chathub_desktop.gui.shell.i18n import QT_TRANSLATE_NOOP, Texts, fill
from chathub_desktop.gui.shell.service_reasons import said, said_error
from chathub_desktop.services.assistants.app_info import keyring_reason
from chathub_desktop.services.errors import ServiceError
from chathub_desktop.services.views import ProviderView

if TYPE_CHECKING:
    from chathub_desktop.gui.settings.connection_test import ConnectionTest
    from chathub_desktop.gui.shell.task_runner import TaskRunner
    from chathub_desktop.services.providers.connection_check import ConnectionCheck
    from chathub_desktop.services.providers.provider_models import ProviderModels
    from chathub_desktop.services.providers.provider_service import ProviderService

__all__ = ["ProviderFormDialog", "key_source_text", "kind_label"]

translate = QCoreApplication.translate

#: The kinds' names in menus (``ProviderKind.label`` is the English one the CLI prints).
_KIND_LABELS = {
    ProviderKind.OPENAI: QT_TRANSLATE_NOOP("ProviderForm", "OpenAI"),
    ProviderKind.OPENAI_COMPATIBLE: QT_TRANSLATE_NOOP(
        "ProviderForm", "OpenAI-compatible (OpenRouter, DeepSeek, Z.AI, Inception, Ollama, LM Studio, vLLM)"),
    ProviderKind.OPENAI_RESPONSES: QT_TRANSLATE_NOOP("ProviderForm", "OpenAI Responses"),
    ProviderKind.ANTHROPIC: QT_TRANSLATE_NOOP("ProviderForm", "Anthropic"),
    ProviderKind.ANTHROPIC_COMPATIBLE: QT_TRANSLATE_NOOP("ProviderForm", "Anthropic-compatible"),
}


def kind_label(kind: ProviderKind) -> str:
    """``kind``'s name in the interface language (issue 27)."""
    return translate("ProviderForm", _KIND_LABELS[kind])


def key_source_text(source: str) -> str:
    """Human text for ``ProviderView.key_source`` (``keyring`` / ``file`` / ``env:VAR`` /
    ``none``) in the interface language, lower case first (issue 27)."""
    if source == KeyPlace.KEYRING:
        return translate("ProviderForm", "key in OS keyring")
    if source == KeyPlace.FILE:
        return translate("ProviderForm", "key in a file only you can read")
    if source.startswith("env:"):
        return fill(translate("ProviderForm", "key from $%1"), source[4:])
    return translate("ProviderForm", "no key")


class ProviderFormDialog(QDialog):
    """Add (``provider`` None) or edit one provider.

    On Save calls ``ProviderService.add``/``update`` on ``runner``'s worker (issue 29); a
    :class:`ServiceError` is shown in the form and the dialog stays open.
    ``saved(ProviderView)`` fires on success.

    With ``models`` (Settings and the setup wizard), Save of a provider without a key (a
    local server: its model list is the only sign it serves anything) first asks the URL
    for its models (issue 28, walk40 #5); with no list it saves nothing, says why and
    offers "Save anyway" with a model id typed, which becomes the provider's list.
    """

    saved = Signal(object)

    def __init__(self, providers: ProviderService, runner: TaskRunner, provider: ProviderView | None = None,
                 parent: QWidget | None = None, *, models: ProviderModels | None = None) -> None:
        super().__init__(parent)
        self._runner = runner
        self._models = models
        #: The model id "Save anyway" stored as the provider's list ("" otherwise).
        self.typed_model = ""
        self.ui = Ui_ProviderForm()
        self.ui.setupUi(self)
        self.texts = Texts(self)
        self._providers = providers
        self._provider = provider
        self.provider = provider  # the provider edited (None: a new one)
        self.connection_test: ConnectionTest | None = None  # set by ProvidersPage (issue 14)
        self._url_touched = False
        ui = self.ui
        for kind in ProviderKind:
            ui.kindCombo.addItem("", kind.value)
        ui.kindCombo.currentIndexChanged.connect(self._on_kind_changed)
        ui.baseUrlEdit.textEdited.connect(self._on_url_edited)
        for radio in (ui.keyringRadio, ui.keyFileRadio, ui.envRadio, ui.noKeyRadio):
            radio.toggled.connect(self._sync_key_fields)
        ui.buttonBox.accepted.connect(self._save)
        ui.buttonBox.rejected.connect(self.reject)
        ui.errorLabel.hide()
        self.save_anyway = SaveAnyway(self._save_anyway, self)
        ui.mainLayout.insertWidget(ui.mainLayout.indexOf(ui.errorLabel) + 1, self.save_anyway)  # over the buttons
        for note in (ui.kindNote, ui.nameNote, ui.baseUrlNote, ui.keyNote):  # walk29 #14: notes, not "?"
            note_more(note, note.text(), note.toolTip())
        status = providers.keyring_status()
        self.keyring_usable = status.usable
        has_file = providers.key_file is not None
        ui.keyFileRadio.setVisible(has_file)
        ui.keyFileEdit.setVisible(has_file)
        if status.usable:
            backend = keyring_reason(status.backend)
            self.texts.bind(ui.keyringWarning.setText, lambda: fill(translate(  # walk29 #17
                "ProviderForm", "The keyring option keeps it in %1."), said(backend)))
            set_tone(ui.keyringWarning, Tone.MUTED)
            ui.keyringRadio.setChecked(True)
        else:
            ui.keyringRadio.setEnabled(False)
            ui.keyEdit.hide()
            cause = status.cause or status.reason or "no secure keyring backend"  # the keyring's own words
            self.texts.bind(ui.keyringWarning.setText, lambda: fill(translate(
                "ProviderForm", "⚠ %1. Keep the key in a file only you can read (not encrypted) or in an environment "
                "variable.") if has_file else translate(
                "ProviderForm", "⚠ %1. Keep the key in an environment variable."), cause[:1].upper() + cause[1:]))
            (ui.keyFileRadio if has_file else ui.envRadio).setChecked(True)
        if provider is None:
            self.texts.bind(self.setWindowTitle, lambda: translate("ProviderForm", "Add provider"))
            self._on_kind_changed()
        else:
            self.texts.bind(self.setWindowTitle, lambda: fill(translate("ProviderForm", "Edit provider %1"),
                                                              provider.name))
            ui.kindCombo.setCurrentIndex(max(0, ui.kindCombo.findData(provider.kind)))
            ui.kindCombo.setEnabled(False)
            ui.nameEdit.setText(provider.name)
            ui.nameEdit.setEnabled(False)
            ui.baseUrlEdit.setText(provider.base_url)
            self._url_touched = True
            if provider.key_source.startswith("env:"):
                ui.envRadio.setChecked(True)
                ui.envEdit.setText(provider.key_source[4:])
            elif provider.key_source == KeyPlace.KEYRING and status.usable:
                ui.keyringRadio.setChecked(True)
                self.texts.bind(ui.keyEdit.setPlaceholderText, lambda: translate(
                    "ProviderForm", "Stored in the keyring — leave empty to keep it"))
            elif provider.key_source == KeyPlace.FILE.value:
                ui.keyFileRadio.setChecked(True)
                self.texts.bind(ui.keyFileEdit.setPlaceholderText, lambda: translate(
                    "ProviderForm", "Stored in the key file — leave empty to keep it"))
            elif provider.key_source == "none":
                ui.noKeyRadio.setChecked(True)
        self.texts.call(self._say_kinds)
        self._sync_key_fields()
        ui.nameEdit.setFocus()

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 - Qt override
        """Qt: open as tall as the form at its width, wrapped notes included (type53: the
        caption-size notes at 12 px wrap to two lines in the Designer size, and the fields
        were squeezed into it), never taller than the screen."""
        super().showEvent(event)
        lay = self.layout()
        if lay is None:
            return
        lay.activate()
        need = lay.totalHeightForWidth(self.width()) if lay.hasHeightForWidth() else lay.totalSizeHint().height()
        screen = self.screen().availableGeometry().height()
        if self.height() < need:
            self.resize(self.width(), min(need, screen))

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        """A language switch re-says the Designer texts, then the ones set in code (the
        form's ``retranslateUi`` blanks the warning and the error line)."""
        super().changeEvent(event)
        if event.type() == QEvent.Type.LanguageChange:
            ui = self.ui
            ui.retranslateUi(self)
            for note in (ui.kindNote, ui.nameNote, ui.baseUrlNote, ui.keyNote):
                note_text(note, note.text(), note.toolTip())
            self.texts.retranslate()
            self._sync_key_fields()

    def _say_kinds(self) -> None:
        """Name the kinds in the combo in the interface language."""
        combo = self.ui.kindCombo
        for i in range(combo.count()):
            combo.setItemText(i, kind_label(ProviderKind(combo.itemData(i))))

    def _on_url_edited(self, _text: str) -> None:
        self._url_touched = bool(self.ui.baseUrlEdit.text().strip())

    def prefill(self, name: str, kind: ProviderKind, base_url: str, needs_key: bool,
                glyph: QIcon | None = None) -> None:
        """Start a new provider from a preset (the setup wizard's, issue 28): its name,
        kind and base URL ("" leaves the kind's default for the user to edit); no key
        place is chosen for a server that needs none. ``glyph``: the preset's icon, shown
        at the start of the name field."""
        ui = self.ui
        if glyph is not None:
            action = ui.nameEdit.addAction(glyph, QLineEdit.ActionPosition.LeadingPosition)
            action.setObjectName("presetGlyph")
        ui.kindCombo.setCurrentIndex(max(0, ui.kindCombo.findData(kind.value)))
        ui.nameEdit.setText(name)
        if base_url:
            ui.baseUrlEdit.setText(base_url)
            self._url_touched = True
        if not needs_key:
            ui.noKeyRadio.setChecked(True)

    def _on_kind_changed(self, *_args: object) -> None:
        kind = ProviderKind(self.ui.kindCombo.currentData())
        if not self._url_touched:
            self.ui.baseUrlEdit.setText(kind.default_base_url)
        if self._provider is None and not kind.needs_api_key and not self.pasted_key():
            self.ui.noKeyRadio.setChecked(True)

    def _sync_key_fields(self, *_args: object) -> None:
        ui = self.ui
        ui.keyEdit.setEnabled(ui.keyringRadio.isChecked() and self.keyring_usable)
        ui.keyFileEdit.setEnabled(ui.keyFileRadio.isChecked())
        ui.envEdit.setEnabled(ui.envRadio.isChecked())
        ui.keyringWarning.setVisible(bool(ui.keyringWarning.text()) and not ui.noKeyRadio.isChecked())

    def pasted_key(self) -> str:
        """The key typed in the field of the chosen place ("" for an environment variable
        or no key)."""
        place = self._key_place()
        edit = self.ui.keyEdit if place is KeyPlace.KEYRING else self.ui.keyFileEdit if place is KeyPlace.FILE \
            else None
        return edit.text().strip() if edit is not None else ""

    def _key_place(self) -> KeyPlace | None:
        """Where a pasted key goes: the OS keyring, the key file, or None (no stored key)."""
        if self.ui.keyringRadio.isChecked():
            return KeyPlace.KEYRING
        return KeyPlace.FILE if self.ui.keyFileRadio.isChecked() else None

    def show_error(self, message: str) -> None:
        """Show ``message`` inline (red, under the form)."""
        self.ui.errorLabel.setText(message)
        self.ui.errorLabel.setVisible(bool(message))

    def _refuse(self, make: Callable[[], str]) -> None:
        """Show the form's own refusal ``make()`` inline, re-said on a language switch."""
        self.texts.bind(self.show_error, make)

    def _save(self) -> None:
        """Check the form, then add or update the provider on the runner's worker (issue 29);
        a refusal is shown inline and the dialog stays open. A provider without a key is
        first asked for its model list (see the class docstring)."""
        write = self._write_call()
        if write is None:
            return
        self.ui.buttonBox.setEnabled(False)
        self._runner.run(f"provider-save:{id(self)}", self._store(write, check=self._checks_list()),
                         context="Save provider")

    def _save_anyway(self, model_id: str) -> None:
        """"Save anyway" with ``model_id`` typed: saved without asking again; the id is
        the provider's model list, so every chooser offers it."""
        write = self._write_call()
        if write is None or self.saving():
            return
        self.ui.buttonBox.setEnabled(False)
        self.save_anyway.button.setEnabled(False)
        self._runner.run(f"provider-save:{id(self)}", self._store(write, model_id=model_id), context="Save provider")

    def _checks_list(self) -> bool:
        return self._models is not None and self.ui.noKeyRadio.isChecked()

    def saving(self) -> bool:
        """True while Save's check or write runs on the worker (tests wait on it)."""
        return self._runner.is_running(f"provider-save:{id(self)}")

    async def _store(self, write: Callable[[], ProviderView], *, check: bool = False, model_id: str = "") -> None:
        result: ConnectionCheck | None = None
        try:
            if check and self._models is not None:
                ui = self.ui
                self.show_error("")
                result = await self._models.test_values(ui.nameEdit.text(), str(ui.kindCombo.currentData()),
                                                        ui.baseUrlEdit.text())
                if not (result.ok and result.models):  # walk40 #5: never saved unusable in silence
                    self.save_anyway.offer(result)
                    return
            view = await self._runner.run_in_thread(write)
            if self._models is not None and (model_id or result is not None):  # every chooser offers them
                models = [model_id] if result is None else list(result.models)
                windows = {} if result is None else dict(result.windows)
                no_tools = () if result is None else result.no_tools
                await self._runner.run_in_thread(self._models.remember, view.id, models, windows, no_tools)
            self.typed_model = model_id
        except ServiceError as exc:
            message = said_error(exc)
            self._refuse(lambda: message)
            return
        finally:
            self.ui.buttonBox.setEnabled(True)
            self.save_anyway.button.setEnabled(bool(self.save_anyway.model_id()))
        self.saved.emit(view)
        self.accept()

    def _write_call(self) -> Callable[[], ProviderView] | None:
        """The store write Save makes (run on a worker), or None with the reason shown."""
        ui = self.ui
        place = self._key_place()
        key = self.pasted_key() if place is not None else None
        env = ui.envEdit.text().strip() if ui.envRadio.isChecked() else None
        if ui.envRadio.isChecked() and not env:
            self._refuse(lambda: translate("ProviderForm", "Enter the name of the environment variable that holds "
                                                           "the key."))
            return None
        providers, provider = self._providers, self._provider
        no_key = lambda: translate("ProviderForm", "Paste the API key, or choose another key source.")  # noqa: E731
        if provider is None:
            if place is not None and not key:
                self._refuse(no_key)
                return None
            name, kind, url = ui.nameEdit.text(), str(ui.kindCombo.currentData()), ui.baseUrlEdit.text().strip()
            return lambda: providers.add(name, kind, url or None, api_key=key or None, api_key_env=env or None,
                                         key_place=place or KeyPlace.KEYRING)
        url = ui.baseUrlEdit.text().strip()
        pid = provider.id
        if place is not None:
            if not key and provider.key_source != place.value:
                self._refuse(no_key)
                return None
            return lambda: providers.update(pid, base_url=url, api_key=key or None, key_place=place)
        return lambda: providers.update(pid, base_url=url, api_key_env=env or "", clear_key=True)
