"""The one place that builds model lists for a model field (issues 14 and 28).

:func:`fill_model_combo` puts the provider's own models (the list its last Test
connection fetched) first, a separator, then the bundled catalog's models that provider
can serve; the field stays editable for any id typed (free text last).
:class:`ProviderModelList` keeps a model combo filled for the provider chosen in a
provider combo, reading on a worker thread, and offers a refresh button that asks the
provider again (Settings → System Agent uses it). :class:`ModelChoices` is the assistant
dialog's field with its context-window hint (the hint waits :data:`HINT_DELAY_MS` after
the last key). The topic's picker and Regenerate with read the same lists through
``TopicModelService.choices``.
"""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine, Sequence
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, QTimer
from PySide6.QtWidgets import QComboBox, QLabel, QToolButton

from chathub_desktop.gui.design import Tone, set_tone
from chathub_desktop.gui.design.icons import Icon, icon

if TYPE_CHECKING:
    from chathub_desktop.gui.assistant_dialog import AssistantDialog
    from chathub_desktop.services.provider_models import ProviderModels

HINT_DELAY_MS = 250


def fill_model_combo(combo: QComboBox, own: Sequence[str], catalog: Sequence[str]) -> None:
    """Offer ``own`` (the provider's models), a separator, then ``catalog`` in ``combo``,
    keeping the text shown (an id typed or stored stays)."""
    text = combo.currentText()
    combo.blockSignals(True)
    combo.clear()
    combo.addItems(list(own))
    if own and catalog:
        combo.insertSeparator(len(own))
    combo.addItems(list(catalog))
    combo.setCurrentText(text)
    combo.blockSignals(False)


class ProviderModelList(QObject):
    """Keeps ``model_combo`` filled with the models of the provider chosen in
    ``provider_combo`` (its item data: a provider name, or None for the catalog alone);
    lists are read on a worker thread. :attr:`refresh_button` asks the provider for its
    models again (Test connection, remembered for every chooser). ``follow`` False: the
    owner calls :meth:`reload` itself (it also changes the provider with signals blocked)."""

    def __init__(self, provider_combo: QComboBox, model_combo: QComboBox, models: ProviderModels,
                 parent: QObject | None = None, *, follow: bool = True) -> None:
        super().__init__(parent)
        self._providers = provider_combo
        self._combo = model_combo
        self._models = models
        self._tasks: set[asyncio.Task[None]] = set()
        self.own: tuple[str, ...] = ()
        self.refresh_button = QToolButton()
        self.refresh_button.setIcon(icon(Icon.REGENERATE))  # ask again
        self.refresh_button.setObjectName(f"{model_combo.objectName()}Refresh")
        self.refresh_button.setAccessibleName("Refresh the provider's models")
        self.refresh_button.setToolTip("Ask the provider for the models it serves now")
        self.refresh_button.clicked.connect(lambda: self._spawn(self._refresh()))
        if follow:
            provider_combo.currentIndexChanged.connect(lambda _i: self.reload())
        self.reload()

    def reload(self) -> None:
        """Read the chosen provider's list again (on a worker) and fill the combo."""
        self._spawn(self._fill())

    def _spawn(self, coro: Coroutine[object, object, None]) -> None:
        try:
            loop = asyncio.get_event_loop()
        except RuntimeError:  # no event loop (a page built outside the app): the list stays as built
            coro.close()
            return
        task = loop.create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def cancel(self) -> None:
        """Stop pending reads (the page closed)."""
        for t in list(self._tasks):
            t.cancel()

    def pending(self) -> bool:
        """True while a read or refresh runs (tests wait on it)."""
        return any(not t.done() for t in self._tasks)

    async def _fill(self) -> None:
        name = self._providers.currentData()
        own, catalog = await asyncio.to_thread(self._models.choices_named, str(name) if name else None)
        if name != self._providers.currentData():
            return  # another provider was chosen meanwhile
        fill_model_combo(self._combo, own, catalog)
        self.own = own

    async def _refresh(self) -> None:
        name = self._providers.currentData()
        if not name:
            return
        self.refresh_button.setEnabled(False)
        try:
            result = await self._models.test(str(name))
            self.refresh_button.setToolTip("Ask the provider for the models it serves now"
                                           + ("" if result.ok else f" (last try: {result.message})"))
        finally:
            self.refresh_button.setEnabled(True)
        await self._fill()


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
        self.refresh_button = QToolButton()  # issue 28: ask the provider again
        self.refresh_button.setIcon(icon(Icon.REGENERATE))  # ask again
        self.refresh_button.setObjectName("modelComboRefresh")
        self.refresh_button.setAccessibleName("Refresh the provider's models")
        self.refresh_button.setToolTip("Ask the provider for the models it serves now")
        self.refresh_button.clicked.connect(lambda: self._spawn(self._refresh()))
        ui.modelRow.insertWidget(ui.modelRow.indexOf(ui.modelCombo) + 1, self.refresh_button)
        self.own: tuple[str, ...] = ()
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(HINT_DELAY_MS)
        self._timer.timeout.connect(lambda: self._spawn(self._hint()))
        ui.providerCombo.currentIndexChanged.connect(lambda _i: self._spawn(self._fill()))
        ui.modelCombo.currentTextChanged.connect(lambda _t: self._timer.start())
        dialog.finished.connect(lambda _c: self.cancel())
        self._spawn(self._fill())

    def _spawn(self, coro: Coroutine[Any, Any, None]) -> None:
        task = asyncio.get_event_loop().create_task(coro)
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
        fill_model_combo(self._dialog.ui.modelCombo, own, catalog)
        self.own = own
        await self._hint()

    async def _refresh(self) -> None:
        pid = self._dialog.ui.providerCombo.currentData()
        if pid is None:
            return
        self.refresh_button.setEnabled(False)
        try:
            result = await self._models.test(int(pid))
            self.refresh_button.setToolTip("Ask the provider for the models it serves now"
                                           + ("" if result.ok else f" (last try: {result.message})"))
        finally:
            self.refresh_button.setEnabled(True)
        await self._fill()

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
