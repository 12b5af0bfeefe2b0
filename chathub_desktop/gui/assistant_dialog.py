"""Assistant → New / Edit (APP-9, CMP-8): name, provider, chat model, instructions,
input template, max tokens with its on/off switch, and the memory master switch.

The form is ``ui/assistant_dialog.ui``. Validation (template must contain ``{{text}}``,
names unique, max tokens ≥ 1) is the service's; its :class:`ServiceError` is shown
inline and the dialog stays open.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QDialog, QWidget

from chathub_desktop.gui.forms.ui_assistant_dialog import Ui_AssistantDialog
from chathub_desktop.services.errors import ServiceError
from chathub_desktop.services.views import AssistantView

if TYPE_CHECKING:  # types only: keeps SQLAlchemy off the window's start-up path
    from chathub_desktop.services.assistant_service import AssistantService
    from chathub_desktop.services.provider_service import ProviderService

#: Default completion cap offered when the switch is turned on, tokens.
DEFAULT_MAX_TOKENS = 4096


class AssistantDialog(QDialog):
    """Create (``assistant`` None) or edit an assistant.

    ``model_ids``: suggestions for the editable model combo (the catalog's ids); any
    text is accepted. ``saved(AssistantView)`` fires after the service stored it.
    """

    saved = Signal(object)

    def __init__(
        self,
        assistants: AssistantService,
        providers: ProviderService,
        assistant: AssistantView | None = None,
        model_ids: Sequence[str] = (),
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.ui = Ui_AssistantDialog()
        self.ui.setupUi(self)
        self._assistants = assistants
        self._assistant = assistant
        ui = self.ui
        ui.providerCombo.addItem("(none — pick one later)", None)
        for p in providers.list():
            ui.providerCombo.addItem(p.name, p.id)
        ui.modelCombo.addItems(list(model_ids))
        ui.modelCombo.setCurrentText("")
        ui.modelCombo.lineEdit().setPlaceholderText("model id, e.g. gpt-4o-mini")
        ui.maxTokensCheck.toggled.connect(ui.maxTokensSpin.setEnabled)
        ui.maxTokensCheck.setToolTip(ui.maxTokensHelp.toolTip())
        ui.maxTokensSpin.setToolTip("Completion cap in tokens (reserved and sent only when the switch is on)")
        ui.templateEdit.setToolTip(ui.templateHelp.toolTip())
        ui.memoryCheck.setToolTip(ui.memoryHelp.toolTip())
        ui.errorLabel.hide()
        ui.buttonBox.accepted.connect(self._save)
        ui.buttonBox.rejected.connect(self.reject)
        if assistant is None:
            self.setWindowTitle("New assistant")
            if ui.providerCombo.count() > 1:
                ui.providerCombo.setCurrentIndex(1)
            ui.maxTokensCheck.setChecked(False)
            ui.maxTokensSpin.setValue(DEFAULT_MAX_TOKENS)
            ui.memoryCheck.setChecked(True)
        else:
            self.setWindowTitle(f"Edit assistant {assistant.name}")
            ui.nameEdit.setText(assistant.name)
            idx = ui.providerCombo.findData(assistant.provider_id)
            ui.providerCombo.setCurrentIndex(max(0, idx))
            ui.modelCombo.setCurrentText(assistant.model)
            ui.instructionsEdit.setPlainText(assistant.instructions)
            ui.templateEdit.setText(assistant.input_template)
            ui.maxTokensCheck.setChecked(assistant.max_tokens_enabled)
            ui.maxTokensSpin.setValue(assistant.max_tokens or DEFAULT_MAX_TOKENS)
            ui.memoryCheck.setChecked(assistant.memory_enabled)
        ui.maxTokensSpin.setEnabled(ui.maxTokensCheck.isChecked())
        ui.nameEdit.setFocus()

    def show_error(self, message: str) -> None:
        """Show ``message`` inline under the form."""
        self.ui.errorLabel.setText(message)
        self.ui.errorLabel.setVisible(bool(message))

    def values(self) -> dict[str, object]:
        """The form as service keyword arguments."""
        ui = self.ui
        return {
            "name": ui.nameEdit.text(),
            "provider": ui.providerCombo.currentData(),
            "model": ui.modelCombo.currentText().strip(),
            "instructions": ui.instructionsEdit.toPlainText(),
            "input_template": ui.templateEdit.text(),
            "max_tokens": ui.maxTokensSpin.value(),
            "max_tokens_enabled": ui.maxTokensCheck.isChecked(),
            "memory_enabled": ui.memoryCheck.isChecked(),
        }

    def _save(self) -> None:
        v = self.values()
        try:
            if self._assistant is None:
                memory = v.pop("memory_enabled")
                view = self._assistants.create(
                    str(v["name"]),
                    provider=v["provider"],  # type: ignore[arg-type]
                    model=str(v["model"]),
                    instructions=str(v["instructions"]),
                    input_template=str(v["input_template"]),
                    max_tokens=int(v["max_tokens"]),  # type: ignore[call-overload]
                    max_tokens_enabled=bool(v["max_tokens_enabled"]),
                )
                if view.memory_enabled != memory:
                    view = self._assistants.update(view.id, memory_enabled=memory)
            else:
                view = self._assistants.update(self._assistant.id, **v)
        except ServiceError as exc:
            self.show_error(str(exc))
            return
        self.saved.emit(view)
        self.accept()
