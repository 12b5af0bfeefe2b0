"""The assistant dialog's model field (issue 14): the chosen provider's own models (the
list its last Test connection fetched) first, then the bundled catalog; under the field,
the model's context window — or, for a model without a card, that its window is the
provider's fallback. Store reads run on a worker thread; the hint waits
:data:`HINT_DELAY_MS` after the last key.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QTimer
from PySide6.QtWidgets import QLabel

from chathub_desktop.gui.design import Tone, set_tone

if TYPE_CHECKING:
    from chathub_desktop.gui.assistant_dialog import AssistantDialog
    from chathub_desktop.services.provider_models import ProviderModels

HINT_DELAY_MS = 250


class ModelChoices(QObject):
    """Fills ``dialog``'s model combo per provider and shows the window hint."""

    def __init__(self, dialog: AssistantDialog, models: ProviderModels) -> None:
        super().__init__(dialog)
        self._dialog = dialog
        self._models = models
        self._tasks: set[asyncio.Task[None]] = set()
        ui = dialog.ui
        self.hint = QLabel()
        self.hint.setObjectName("modelWindowHint")
        self.hint.setWordWrap(True)
        set_tone(self.hint, Tone.MUTED)
        row, _role = ui.formLayout.getLayoutPosition(ui.modelRow)
        ui.formLayout.insertRow(row + 1, "", self.hint)
        self.own: tuple[str, ...] = ()
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(HINT_DELAY_MS)
        self._timer.timeout.connect(lambda: self._spawn(self._hint()))
        ui.providerCombo.currentIndexChanged.connect(lambda _i: self._spawn(self._fill()))
        ui.modelCombo.currentTextChanged.connect(lambda _t: self._timer.start())
        dialog.finished.connect(lambda _c: self.cancel())
        self._spawn(self._fill())

    def _spawn(self, coro: object) -> None:
        task = asyncio.get_event_loop().create_task(coro)  # type: ignore[arg-type]
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def cancel(self) -> None:
        """Stop pending reads (the dialog closed)."""
        self._timer.stop()
        for t in list(self._tasks):
            t.cancel()

    def pending(self) -> bool:
        """True while a read is running (tests wait on it)."""
        return any(not t.done() for t in self._tasks) or self._timer.isActive()

    async def _fill(self) -> None:
        pid = self._dialog.ui.providerCombo.currentData()
        own, catalog = await asyncio.to_thread(self._models.choices, pid)
        combo = self._dialog.ui.modelCombo
        text = combo.currentText()
        combo.blockSignals(True)
        combo.clear()
        combo.addItems(list(own))
        if own and catalog:
            combo.insertSeparator(len(own))
        combo.addItems(list(catalog))
        combo.setCurrentText(text)
        combo.blockSignals(False)
        self.own = own
        await self._hint()

    async def _hint(self) -> None:
        model = self._dialog.ui.modelCombo.currentText().strip()
        if not model:
            self.hint.setText("")
            return
        pid = self._dialog.ui.providerCombo.currentData()
        card = await asyncio.to_thread(self._models.card, pid, model)
        if model != self._dialog.ui.modelCombo.currentText().strip():
            return  # typed on meanwhile
        source = "offered by this provider" if model in self.own else "not in this provider's list"
        if card.known:
            self.hint.setText(f"{card.context_window:,}-token context window · {source}")
        else:
            self.hint.setText(f"No model card: its {card.context_window:,}-token window is the provider's "
                              f"fallback (set the real one with `chathub-desktop model set`) · {source}")
