"""The ``PROVIDER/MODEL`` chooser of Settings → System Agent (CMP-3, APP-10): a provider
combo and an editable model combo, optionally offering the provider's own models first
(:mod:`chathub_desktop.gui.settings.model_choices`, issue 28)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QEvent
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QSizePolicy, QWidget

from chathub_desktop.gui.shell.i18n import Texts, fill

if TYPE_CHECKING:  # types only: keeps SQLAlchemy off the window's start-up path
    from chathub_desktop.gui.settings.model_choices import ProviderModelList
    from chathub_desktop.services.providers.provider_models import ProviderModels

__all__ = ["ModelPicker"]

translate = QCoreApplication.translate


class ModelPicker(QWidget):
    """``PROVIDER/MODEL`` chooser: a provider combo (configured providers, plus
    ``none_text`` for "no provider": a bare model, or off) and an editable model combo.

    ``value()`` is ``PROVIDER/MODEL``, a bare model (``none_text`` provider and a model),
    or ``None`` (``allow_off``: the none entry turns the setting off). A stored value
    naming a provider that no longer exists shows as "NAME (not configured)" so saving
    reports it instead of silently picking another."""

    def __init__(self, none_text: str, model_ids: Sequence[str], *, allow_off: bool = False,
                 name: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._none_text = none_text
        self._allow_off = allow_off
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.setSpacing(6)
        self.provider_combo = QComboBox()
        self.provider_combo.setObjectName(f"{name}Provider")
        self.texts = t = Texts(self)
        t.bind(self.provider_combo.setAccessibleName, lambda: translate("ModelPicker", "Provider"))
        t.bind(self.provider_combo.setToolTip, lambda: translate("ModelPicker", "The configured provider the model "
                                                                                "runs on"))
        self.provider_combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.model_combo = QComboBox()
        self.model_combo.setObjectName(f"{name}Model")
        t.bind(self.model_combo.setAccessibleName, lambda: translate("ModelPicker", "Model"))
        self.model_combo.setEditable(True)
        self.model_combo.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        self.model_combo.addItems(list(model_ids))
        if (model_edit := self.model_combo.lineEdit()) is not None:  # the combo is editable
            t.bind(model_edit.setPlaceholderText, lambda: translate("ModelPicker", "model id, e.g. gpt-5-mini"))
        self.model_combo.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.model_combo.setMinimumContentsLength(12)
        row.addWidget(self.provider_combo)
        row.addWidget(self.model_combo, 1)
        self.provider_combo.currentIndexChanged.connect(self._sync)
        self._providers: list[str] = []
        self.models: ProviderModelList | None = None
        self.set_providers([])

    def attach_models(self, models: ProviderModels) -> ProviderModelList:
        """Offer the chosen provider's own models first, then the catalog models it can
        serve, with a refresh button (issue 28); read on a worker whenever the provider
        shown changes."""
        from chathub_desktop.gui.settings.model_choices import ProviderModelList

        self.models = ProviderModelList(self.provider_combo, self.model_combo, models, self, follow=False)
        layout = self.layout()
        if layout is not None:
            layout.addWidget(self.models.refresh_button)
        return self.models

    def set_providers(self, names: Sequence[str]) -> None:
        """Offer ``names`` (keeps the current choice when still listed)."""
        keep = self.provider_combo.currentData()
        self._providers = list(names)
        self.provider_combo.blockSignals(True)
        self.provider_combo.clear()
        self.provider_combo.addItem(translate("SystemAgentPage", self._none_text), None)
        for n in names:
            self.provider_combo.addItem(n, n)
        if keep is not None:
            self._select_provider(str(keep))
        self.provider_combo.blockSignals(False)
        self._sync()

    def _select_provider(self, name: str) -> None:
        idx = self.provider_combo.findData(name)
        if idx < 0:
            self.provider_combo.addItem(fill(translate("ModelPicker", "%1 (not configured)"), name), name)
            idx = self.provider_combo.count() - 1
        self.provider_combo.setCurrentIndex(idx)

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        """A language switch re-says the "no provider" entry (``none_text``)."""
        super().changeEvent(event)
        if event.type() == QEvent.Type.LanguageChange and self.provider_combo.count():
            self.provider_combo.setItemText(0, translate("SystemAgentPage", self._none_text))

    def set_value(self, value: object) -> None:
        """Show a stored setting (``PROVIDER/MODEL``, a bare model or ``None``)."""
        text = str(value or "").strip()
        self.provider_combo.blockSignals(True)
        if "/" in text:
            provider, model = text.split("/", 1)
            self._select_provider(provider.strip())
        else:
            self.provider_combo.setCurrentIndex(0)
            model = text
        self.provider_combo.blockSignals(False)
        self.model_combo.setCurrentText(model.strip())
        self._sync()

    def value(self) -> str | None:
        """The chosen setting value (see the class docstring)."""
        provider = self.provider_combo.currentData()
        model = self.model_combo.currentText().strip()
        if provider is None:
            if self._allow_off:
                return None
            return model or None
        return f"{provider}/{model}"

    def _sync(self, *_args: object) -> None:
        off = self._allow_off and self.provider_combo.currentData() is None
        self.model_combo.setEnabled(not off)
        if self.models is not None:
            self.models.refresh_button.setEnabled(self.provider_combo.currentData() is not None)
            self.models.reload()

