"""Test connection in Add/Edit provider (issue 14): a button under the form that asks
the provider for its models with the values as typed (not saved yet) and says what
worked — reachable, key accepted, how many models — in one line; the list is kept for
the assistant dialog (``ProviderModels``) once the provider is saved.

The check runs as an asyncio task on the window's loop (httpx, bounded by
``connection_check.TIMEOUT_S``); closing the form cancels it.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QObject
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton

from chathub_desktop.gui.design import Tone, set_tone
from chathub_desktop.gui.shell.i18n import Texts, fill
from chathub_desktop.gui.shell.service_reasons import said

if TYPE_CHECKING:
    from chathub_desktop.gui.settings.provider_form import ProviderFormDialog
    from chathub_desktop.services.providers.connection_check import ConnectionCheck
    from chathub_desktop.services.providers.provider_models import ProviderModels
    from chathub_desktop.services.views import ProviderView


translate = QCoreApplication.translate


class ConnectionTest(QObject):
    """The Test connection row of one provider form."""

    def __init__(self, form: ProviderFormDialog, models: ProviderModels) -> None:
        super().__init__(form)
        self._form = form
        self._models = models
        self.result: ConnectionCheck | None = None
        self._task: asyncio.Task[None] | None = None
        self.button = QPushButton()
        self.button.setObjectName("testConnectionButton")
        self.texts = t = Texts(self.button)  # re-said on a language switch (issue 27)
        t.bind(self.button.setText, lambda: translate("ConnectionTest", "&Test connection"))
        t.bind(self.button.setToolTip, lambda: translate("ConnectionTest", "Ask the provider for its model list with "
                                                                           "these settings (nothing is saved)"))
        self.button.clicked.connect(self.start)
        self.label = QLabel()
        self.label.setObjectName("testConnectionResult")
        self.label.setWordWrap(True)
        row = QHBoxLayout()
        row.addWidget(self.button)
        row.addWidget(self.label, 1)
        layout = form.ui.mainLayout
        layout.insertLayout(layout.indexOf(form.ui.errorLabel), row)
        form.saved.connect(self._on_saved)
        form.finished.connect(lambda _code: self.cancel())

    def start(self) -> asyncio.Task[None]:
        """Run the check with the form's current values."""
        self.cancel()
        self.button.setEnabled(False)
        set_tone(self.label, Tone.MUTED)
        self.label.setText(translate("ConnectionTest", "Testing…"))
        self._task = asyncio.get_event_loop().create_task(self._run())
        return self._task

    def cancel(self) -> None:
        """Stop a running check."""
        if self._task is not None and not self._task.done():
            self._task.cancel()

    async def _run(self) -> None:
        ui = self._form.ui
        provider = self._form.provider
        key = self._form.pasted_key()  # the keyring's or the key file's field
        stored = ui.keyringRadio.isChecked() or ui.keyFileRadio.isChecked()
        try:
            result = await self._models.test_values(
                ui.nameEdit.text(), str(ui.kindCombo.currentData()), ui.baseUrlEdit.text(),
                key=key or None, key_env=ui.envEdit.text().strip() if ui.envRadio.isChecked() else None,
                stored_key_of=provider.id if provider is not None and stored and not key else None)
        finally:
            self.button.setEnabled(True)
        self.result = result
        set_tone(self.label, Tone.SUCCESS if result.ok else Tone.ERROR)  # as the pane says it (walk42 #10)
        self.label.setText(("✓ " if result.ok else "✗ ") + explained(result, keyed=not ui.noKeyRadio.isChecked()))
        if result.ok and provider is not None:
            await asyncio.to_thread(self._models.remember, provider.id, result.models)

    def _on_saved(self, view: ProviderView) -> None:
        """A new provider saved after a good test keeps its list (``saved`` carries the
        stored provider)."""
        if self.result is not None and self.result.ok:
            asyncio.get_event_loop().create_task(asyncio.to_thread(self._models.remember, view.id,
                                                                   self.result.models))


def explained(result: ConnectionCheck, *, keyed: bool) -> str:
    """The one line, with what worked spelled out for a good answer: ``keyed`` when a key
    was sent (walk40: a server asked without one read "key accepted"); the model count
    once and how long the answer took, in the interface language (a failure's typed
    reason too, issue 27)."""
    said_line = said(result.why) if result.why is not None else result.message
    if not result.ok:
        return said_line
    n = len(result.models)
    took = fill(translate("ConnectionTest", "answered in %1 s"), f"{result.seconds:.1f}")
    if keyed:
        return fill(translate("ConnectionTest", "reachable, key accepted, %n model(s) offered — %1", None, n), took)
    return fill(translate("ConnectionTest", "reachable without a key, %n model(s) offered — %1", None, n), took)
