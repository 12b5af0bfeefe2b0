"""The model card editor (issue 28; NUM-2, CMP-4, CMP-8): a model's context window, max
output and tokenizer, for one provider or every provider — the window's form of
``chathub-desktop model set``. Opened from Settings → Models, from the token
popover's "the context window is a fallback" note and from the assistant dialog's
"No model card" hint (:class:`CardEditor`, walk50 #5).

The save runs on a worker thread (``ServiceOps``); a refused value is shown in one line
and the dialog stays open. ``saved(ModelCardView)`` fires after the card is stored (the
window then recounts the badge: the service already dropped the estimate cache).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from chathub_desktop.gui.settings.card_field import CardField
from chathub_desktop.gui.shell.error_presenter import ErrorPresenter
from chathub_desktop.gui.shell.i18n import QT_TRANSLATE_NOOP, Texts, said
from chathub_desktop.gui.shell.service_ops import ServiceOps
from chathub_desktop.gui.shell.task_runner import TaskRunner
from chathub_desktop.services.views import ProviderView

if TYPE_CHECKING:  # types only: keeps SQLAlchemy off the window's start-up path
    from chathub_desktop.services.providers.model_card_service import (
        ModelCardService,
        ModelCardView,
    )
    from chathub_desktop.services.providers.provider_service import ProviderService

#: Tokenizers offered (the bundled encodings; ``None``: chosen by model id).
TOKENIZERS: tuple[tuple[str, str | None], ...] = (
    (QT_TRANSLATE_NOOP("ModelCardDialog", "Chosen by model id"), None),
    (QT_TRANSLATE_NOOP("ModelCardDialog", "o200k_base (GPT-4o and later, most models)"), "o200k_base"),
    (QT_TRANSLATE_NOOP("ModelCardDialog", "cl100k_base (GPT-4, GPT-3.5)"), "cl100k_base"))
translate = QCoreApplication.translate
#: Largest window the spin box offers, tokens (the service's own limit).
MAX_WINDOW = 100_000_000


class ModelCardDialog(QDialog):
    """Edit (or add) the card of ``model`` on ``provider_id`` (``None``: every provider).

    ``card``: the user's stored card to start from, if any; ``window``: the context
    window to offer when there is none (e.g. the fallback the estimate used), tokens.
    """

    saved = Signal(object)

    def __init__(self, models: ModelCardService, providers: Sequence[ProviderView], runner: TaskRunner,
                 presenter: ErrorPresenter, *, model: str = "", provider_id: int | None = None,
                 card: ModelCardView | None = None, window: int = 8192, focus: CardField = CardField.MODEL,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("modelCardDialog")
        self.texts = t = Texts(self)
        t.bind(self.setWindowTitle, lambda: translate("ModelCardDialog", "Model card"))
        self._models = models
        layout = QVBoxLayout(self)
        title = QLabel()  # the title line (walk51b #4): a window title alone shows nowhere on some desktops
        title.setObjectName("dialogTitle")
        t.bind(title.setText, lambda: translate("ModelCardDialog", "Model card"))
        layout.addWidget(title)
        intro = QLabel()
        t.bind(intro.setText, lambda: translate("ModelCardDialog", "Your card beats the bundled catalog: the badge, "
                                                "compaction and the history window use its context window."))
        intro.setWordWrap(True)
        intro.setProperty("tone", "muted")
        layout.addWidget(intro)
        form = QFormLayout()
        self.model_edit = QLineEdit(model)
        self.model_edit.setObjectName("cardModel")
        t.bind(self.model_edit.setPlaceholderText, lambda: translate("ModelCardDialog", "model id, e.g. smollm2-135m"))
        form.addRow(self._label(lambda: translate("ModelCardDialog", "&Model:"), self.model_edit), self.model_edit)
        self.provider_combo = QComboBox()
        self.provider_combo.setObjectName("cardProvider")
        self.provider_combo.addItem("", None)
        t.bind(lambda text: self.provider_combo.setItemText(0, text),
               lambda: translate("ModelCardDialog", "Every provider"))
        for p in providers:
            self.provider_combo.addItem(p.name, p.name)
        names = {p.id: p.name for p in providers}
        start = card.provider if card is not None else names.get(provider_id) if provider_id is not None else None
        self.provider_combo.setCurrentIndex(max(0, self.provider_combo.findData(start)))
        form.addRow(self._label(lambda: translate("ModelCardDialog", "&Provider:"), self.provider_combo),
                    self.provider_combo)
        self.window_spin = self._spin("cardWindow", card.context_window if card else window)
        form.addRow(self._label(lambda: translate("ModelCardDialog", "Context &window:"), self.window_spin),
                    self.window_spin)
        self.max_output_check = QCheckBox()
        t.bind(self.max_output_check.setText, lambda: translate("ModelCardDialog", "Max &output:"))
        # never above the window offered: ticking the box then saves a value the service takes (issue 30)
        self.max_output_spin = self._spin("cardMaxOutput", card.max_output if card and card.max_output
                                          else min(4096, card.context_window if card else window))
        self.max_output_check.toggled.connect(self.max_output_spin.setEnabled)
        self.max_output_check.setChecked(bool(card and card.max_output))
        self.max_output_spin.setEnabled(self.max_output_check.isChecked())
        t.bind(self.max_output_check.setToolTip, lambda: translate(
            "ModelCardDialog", "The model's largest reply; reserved from the window when lower than it and the "
            "assistant's max tokens is off"))
        form.addRow(self.max_output_check, self.max_output_spin)
        self.tokenizer_combo = QComboBox()
        self.tokenizer_combo.setObjectName("cardTokenizer")
        for i, (label, name) in enumerate(TOKENIZERS):
            self.tokenizer_combo.addItem("", name)
            t.bind(functools.partial(self.tokenizer_combo.setItemText, i), said("ModelCardDialog", label))
        self.tokenizer_combo.setCurrentIndex(max(0, self.tokenizer_combo.findData(card.encoding if card else None)))
        form.addRow(self._label(lambda: translate("ModelCardDialog", "&Tokenizer:"), self.tokenizer_combo),
                    self.tokenizer_combo)
        self.reasoning_check = QCheckBox()
        t.bind(self.reasoning_check.setText, lambda: translate("ModelCardDialog", "The model &reasons before answering"))
        self.reasoning_check.setChecked(bool(card and card.reasoning))
        form.addRow("", self.reasoning_check)
        layout.addLayout(form)
        self.error_label = QLabel()
        self.error_label.setObjectName("cardError")
        self.error_label.setWordWrap(True)
        self.error_label.setProperty("tone", "error")
        self.error_label.hide()
        layout.addWidget(self.error_label)
        row = QHBoxLayout()
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self.save)
        self.buttons.rejected.connect(self.reject)
        row.addWidget(self.buttons)
        layout.addLayout(row)
        self.ops = ServiceOps(runner, presenter, self.show_error, self._busy, "save-model-card")
        self._focus(focus)

    def _focus(self, field: CardField) -> None:
        """Put the caret in ``field`` with its text selected (Max output is ticked first)."""
        if field is CardField.MAX_OUTPUT:
            self.max_output_check.setChecked(True)
        if field is CardField.MODEL:
            self.model_edit.setFocus()
            self.model_edit.selectAll()
            return
        spin = self.max_output_spin if field is CardField.MAX_OUTPUT else self.window_spin
        spin.setFocus()
        spin.selectAll()

    def _label(self, make: Callable[[], str], buddy: QWidget) -> QLabel:
        """A form row's label for ``buddy``, saying ``make()`` in the interface language."""
        label = QLabel()
        label.setBuddy(buddy)
        self.texts.bind(label.setText, make)
        return label

    def _spin(self, name: str, value: int) -> QSpinBox:
        spin = QSpinBox()
        spin.setObjectName(name)
        spin.setRange(1, MAX_WINDOW)
        spin.setSingleStep(1024)
        self.texts.bind(spin.setSuffix, lambda: translate("ModelCardDialog", " tokens"))
        spin.setGroupSeparatorShown(True)
        spin.setValue(value)
        return spin

    def show_error(self, text: str) -> None:
        """Show ``text`` in one line under the form (``""`` hides it)."""
        self.error_label.setText(text)
        self.error_label.setVisible(bool(text))

    def _busy(self, busy: bool) -> None:
        save = self.buttons.button(QDialogButtonBox.StandardButton.Save)
        if save is not None:
            save.setEnabled(not busy)

    def save(self) -> None:
        """Store the card on a worker thread; on success emit ``saved`` and close."""
        model = self.model_edit.text().strip()
        provider = self.provider_combo.currentData()
        window = self.window_spin.value()
        max_output = self.max_output_spin.value() if self.max_output_check.isChecked() else None
        encoding = self.tokenizer_combo.currentData()
        reasoning = self.reasoning_check.isChecked()
        models = self._models
        self.ops.start(translate("ModelCardDialog", "Save the model card"),
                       lambda: models.set(model, window, provider=provider, max_output=max_output,
                                          reasoning=reasoning, encoding=encoding),
                       on_ok=self._saved)

    def _saved(self, view: object) -> None:
        self.saved.emit(view)
        self.accept()


class CardEditor:
    """Opens :class:`ModelCardDialog` on one model once the providers are read on a worker
    (walk50 #5: the assistant dialog's "No model card" hint offers this in-window way
    instead of pointing at the CLI). ``dialog``: the last editor opened (tests)."""

    def __init__(self, models: ModelCardService, providers: ProviderService, runner: TaskRunner,
                 presenter: ErrorPresenter) -> None:
        self._models = models
        self._providers = providers
        self._runner = runner
        self._presenter = presenter
        self.dialog: ModelCardDialog | None = None

    def open(self, model: str, provider_id: int | None, window: int, parent: QWidget,
             on_saved: Callable[[], None], *, card: ModelCardView | None = None,
             focus: CardField = CardField.MODEL) -> None:
        """Open the editor for ``model`` on ``provider_id`` (None: every provider), offering
        ``window`` (tokens, the fallback in use) as its context window, over ``parent``;
        ``card``: the user's stored card to start from (the dream's Edit model card…,
        issue 30); ``focus``: the field the caret starts in, selected (walk51b #4). ``on_saved``
        runs after the card is stored. Non-blocking."""
        self._runner.run("model-card-editor", self._open(model, provider_id, window, parent, on_saved, card, focus),
                         context="Model card")

    async def _open(self, model: str, provider_id: int | None, window: int, parent: QWidget,
                    on_saved: Callable[[], None], card: ModelCardView | None, focus: CardField) -> None:
        providers = await self._runner.run_in_thread(self._providers.list)
        dialog = ModelCardDialog(self._models, providers, self._runner, self._presenter, model=model,
                                 provider_id=provider_id, card=card, window=window, focus=focus, parent=parent)
        dialog.saved.connect(lambda _view: on_saved())
        self.dialog = dialog
        dialog.open()
