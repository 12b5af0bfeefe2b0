"""What the provider form shows when Save found no model list (issue 28, walk40 #5: a
provider whose URL answers no model list could be saved, and no chooser could then offer
a model): the one-line reason, a field for the model id the server runs and "Save
anyway", enabled once an id is typed (a local server without ``/models`` is legitimate).
A component of :class:`~chathub_desktop.gui.settings.provider_form.ProviderFormDialog`.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QHBoxLayout, QLabel, QLineEdit, QPushButton, QVBoxLayout, QWidget

from chathub_desktop.gui.design import Tone, set_tone
from chathub_desktop.gui.shell.i18n import Texts, fill
from chathub_desktop.gui.shell.service_reasons import said
from chathub_desktop.services.providers.connection_check import ConnectionCheck

__all__ = ["SaveAnyway", "no_list_text"]

translate = QCoreApplication.translate


def no_list_text(result: ConnectionCheck) -> str:
    """The one line of a check that brought no model list: its reason (an answer with an
    empty list says so), in the interface language."""
    if result.ok:
        reason = translate("ProviderForm", "the server answered with an empty model list")
    else:
        reason = said(result.why) if result.why is not None else result.message
    return fill(translate("ProviderForm", "No model list from this URL: %1. Check the URL, or type the model id "
                                          "the server runs and Save anyway."), reason)


class SaveAnyway(QWidget):
    """The row, hidden until :meth:`offer`; ``on_save(model_id)`` runs on "Save anyway"."""

    def __init__(self, on_save: Callable[[str], None], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("saveAnywayRow")
        self.texts = t = Texts(self)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        self.label = QLabel()
        self.label.setObjectName("noModelListLabel")
        self.label.setWordWrap(True)
        set_tone(self.label, Tone.WARNING)
        lay.addWidget(self.label)
        row = QHBoxLayout()
        self.model_edit = QLineEdit()
        self.model_edit.setObjectName("saveAnywayModel")
        t.bind(self.model_edit.setPlaceholderText, lambda: translate("ProviderForm", "Model id, e.g. smollm2-135m"))
        t.bind(self.model_edit.setAccessibleName, lambda: translate("ProviderForm", "Model id the server runs"))
        self.button = QPushButton()
        self.button.setObjectName("saveAnywayButton")
        t.bind(self.button.setText, lambda: translate("ProviderForm", "Save &anyway"))
        t.bind(self.button.setToolTip, lambda: translate("ProviderForm", "Save this provider with the model id "
                                                                         "typed as its model list"))
        self.button.setEnabled(False)
        self.model_edit.textChanged.connect(lambda text: self.button.setEnabled(bool(text.strip())))
        self.model_edit.returnPressed.connect(self._save)
        self.button.clicked.connect(self._save)
        self._on_save = on_save
        row.addWidget(self.model_edit, 1)
        row.addWidget(self.button)
        lay.addLayout(row)
        self.hide()

    def offer(self, result: ConnectionCheck) -> None:
        """Say why there is no list (re-said on a language switch) and show the row."""
        self.texts.bind(self.label.setText, lambda: no_list_text(result))
        self.show()
        self.model_edit.setFocus()

    def model_id(self) -> str:
        """The model id typed ("" when none)."""
        return self.model_edit.text().strip()

    def _save(self) -> None:
        if self.model_id() and self.button.isEnabled():
            self._on_save(self.model_id())
