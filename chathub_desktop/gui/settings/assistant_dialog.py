"""Assistant → New / Edit (APP-9, CMP-8, CMP-1; issue 29): the avatar and the name at
the top, then four groups of setting cards (:mod:`~chathub_desktop.gui.settings.assistant_form`):
**Prompt** — the instructions; **Model & parameters** — provider, chat model, max tokens
with its switch, and the sampling settings (temperature, top-p, reasoning effort, thinking
budget), each sent only while switched on (issue 28, ``core.sampling``): a combination
the provider's wire format would reject is named in one line and Save waits until it is
fixed; **Memory & context** — the memory master switch and Recall earlier topics (issue
26, enabled only with memory on), Limit history messages, Summarize history and the
Compact card (Assist preset, token auto-compact, the high watermark with the low one
(high − 0.2, at least 0.1) shown read-only, the probes, and the language of this
assistant's summaries and dream cards — issue 27: the conversation's by default);
**Advanced** — the input template, ``{{text}}`` said in words.

Validation (template must contain ``{{text}}``, names unique, max tokens ≥ 1) is the
service's; its :class:`ServiceError` is shown inline and the dialog stays open.

Every text is in the interface language and re-said while the dialog is open (issue 27).

Nothing is read or written on the GUI thread (issue 29): the dialog opens at once with
its form disabled and a busy cursor, the providers (and the edited assistant) are read
on a store worker, then the form is filled and enabled; Save stores on a
worker and closes when that ends. A read that ends after the dialog closed is dropped.
Only the header and the Prompt group are built as it opens: each other group is built
(and filled from what was read) when first shown, or over the idle turns after the fill,
one a turn; ``loaded`` fires when all are (issue 29: it opens as fast as the Designer
form did).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, QEvent, QSize, Qt, QTimer, Signal
from PySide6.QtWidgets import QCheckBox, QDialog, QDialogButtonBox, QWidget

from chathub_desktop.core.avatars import AvatarRefused, clean_avatar, first_free_avatar
from chathub_desktop.core.budget import default_max_output
from chathub_desktop.core.card_language import CardLanguage
from chathub_desktop.core.compaction import (
    DEFAULT_HIGH_WATERMARK,
    DEFAULT_PRESET,
    SUMMARY_CAPS,
    watermarks,
)
from chathub_desktop.core.provider_kinds import ProviderKind, WireProtocol
from chathub_desktop.core.sampling import EFFORTS, UNSET, Sampling, sampling_reason
from chathub_desktop.gui.settings.assistant_form import AssistantForm
from chathub_desktop.gui.settings.avatar_picker import install_avatar_grid, offered_avatars
from chathub_desktop.gui.shell.i18n import QT_TRANSLATE_NOOP, Texts, fill
from chathub_desktop.gui.shell.range_hint import RangeHint, install_range_hints
from chathub_desktop.gui.shell.screen_room import fitted_to_screen
from chathub_desktop.gui.shell.service_reasons import said, said_error
from chathub_desktop.services.errors import ServiceError
from chathub_desktop.services.views import AssistantView

if TYPE_CHECKING:  # types only: keeps SQLAlchemy off the window's start-up path
    from chathub_desktop.gui.settings.model_card_dialog import CardEditor
    from chathub_desktop.gui.settings.model_choices import ModelChoices
    from chathub_desktop.gui.shell.task_runner import TaskRunner
    from chathub_desktop.services.assistants.assistant_service import AssistantService
    from chathub_desktop.services.providers.provider_models import ProviderModels
    from chathub_desktop.services.providers.provider_service import ProviderService
    from chathub_desktop.services.views import ProviderView

translate = QCoreApplication.translate

#: Default completion cap offered when the switch is turned on, tokens.
DEFAULT_MAX_TOKENS = 4096
#: The wire formats as the "Sent" line under the sampling card names them.
WIRE_NAMES = {WireProtocol.OPENAI_CHAT: "OpenAI Chat Completions", WireProtocol.OPENAI_RESPONSES: "OpenAI Responses",
              WireProtocol.ANTHROPIC_MESSAGES: "Anthropic Messages"}
#: Default history limit offered when the switch is turned on, messages.
DEFAULT_HISTORY_LIMIT = 20
#: The size the dialog opens at when the screen has room (px): each group's cards in view.
PREFERRED_SIZE = QSize(720, 640)


#: The sampling settings as the "Sent" line names them (translated where shown).
SAMPLING_NAMES = (QT_TRANSLATE_NOOP("AssistantDialog", "temperature"), QT_TRANSLATE_NOOP("AssistantDialog", "top-p"),
                  QT_TRANSLATE_NOOP("AssistantDialog", "reasoning effort"),
                  QT_TRANSLATE_NOOP("AssistantDialog", "thinking budget"))


class AssistantDialog(QDialog):
    """Create (``assistant_id`` None) or edit an assistant.

    ``model_ids``: suggestions for the editable model combo (the catalog's ids); any
    text is accepted. With ``provider_models`` the combo offers the chosen provider's own
    models first and says when a model's window is a fallback (issue 14), linking to the
model card editor through ``cards`` (walk50 #5). ``runner``
    reads and stores on its workers (issue 29). ``loaded`` fires once the form is
    filled and all its groups built; ``saved(AssistantView)`` fires after the service stored it.
    """

    saved = Signal(object)
    loaded = Signal()

    def __init__(
        self,
        assistants: AssistantService,
        providers: ProviderService,
        runner: TaskRunner,
        assistant_id: int | None = None,
        model_ids: Sequence[str] = (),
        parent: QWidget | None = None,
        *,
        provider_models: ProviderModels | None = None,
        cards: CardEditor | None = None,
    ) -> None:
        super().__init__(parent)
        self.texts = t = Texts(self)
        self._assistants = assistants
        self._providers = providers
        self._runner = runner
        self._provider_models = provider_models
        self._cards = cards
        self._model_ids = list(model_ids)
        self._assistant: AssistantView | None = None
        #: The providers read for the form; None until the read returned.
        self._read_providers: Sequence[ProviderView] | None = None
        self.range_hints: list[RangeHint] = []
        self.ui = AssistantForm(self, t, self._group_built)
        #: The max tokens :meth:`suggest_max_output` filled in (None: none, or the user's).
        self._suggested: int | None = None
        self._protocols: dict[int, WireProtocol] = {}
        self._task = f"assistant-dialog:{id(self)}"
        self._loaded = False
        ui = self.ui
        self._error = ""
        # walk29 #23: an emoji or letters as its avatar; empty shows the name's initial
        install_avatar_grid(ui.avatarCombo)  # a grid of emoji the fonts draw (issue 29; walk37 #8)
        ui.avatarCombo.setCurrentText("")
        ui.nameEdit.textChanged.connect(self._avatar_hint)
        self._avatar_hint("")
        ui.errorLabel.hide()
        ui.buttonBox.accepted.connect(self._save)
        ui.buttonBox.rejected.connect(self.reject)
        self.finished.connect(lambda _r: self._runner.cancel(self._task))  # a late reply is dropped
        t.bind(self.setWindowTitle, lambda: translate("AssistantDialog", "New assistant") if assistant_id is None
               else translate("AssistantDialog", "Edit assistant"))
        self.model_choices: ModelChoices | None = None
        self._fit_screen()
        self._set_busy(True)
        self._runner.run(self._task, self._load(assistant_id), context="Open the assistant")

    def _fit_screen(self) -> None:
        """Open at :data:`PREFERRED_SIZE`, smaller on a screen without room for it (1280×720
        at 125 % is 1024×576): the groups scroll inside (issue 29)."""
        self.resize(fitted_to_screen(PREFERRED_SIZE, self))

    def _group_built(self, group: str) -> None:
        """Group ``group`` (a tab name) was just built: its controls wired, its spin boxes
        given range hints, and (once read) filled."""
        self.range_hints += install_range_hints(self.ui.columns[group])
        if group == "modelTab":
            self._setup_model()
        elif group == "chatPrefTab":
            self._setup_memory()
        if self._read_providers is not None:
            self._fill_group(group)

    def _setup_model(self) -> None:
        """The Model & parameters group's choices and links."""
        ui, t = self.ui, self.texts
        ui.providerCombo.addItem("", None)
        t.bind(lambda text: ui.providerCombo.setItemText(0, text),
               lambda: translate("AssistantDialog", "(none — pick one later)"))
        ui.modelCombo.addItems(self._model_ids)
        ui.modelCombo.setCurrentText("")
        if (model_edit := ui.modelCombo.lineEdit()) is not None:  # the combo is editable
            t.bind(model_edit.setPlaceholderText, lambda: translate("AssistantDialog", "model id, e.g. gpt-4o-mini"))
        ui.maxTokensCheck.toggled.connect(ui.maxTokensSpin.setEnabled)
        t.bind(ui.maxTokensSpin.setToolTip, lambda: translate(
            "AssistantDialog", "Completion cap in tokens (reserved and sent only when the switch is on)"))
        self._setup_sampling()

    def _setup_memory(self) -> None:
        """The Memory & context group's choices and links (CMP-1, issues 26 and 27)."""
        ui = self.ui
        ui.memoryCheck.toggled.connect(ui.recallCheck.setEnabled)  # recall needs memory (issue 26)
        for preset in SUMMARY_CAPS:
            ui.presetCombo.addItem(preset, preset)
        # issue 27: the conversation's language (None) first, the default that changes nothing
        ui.cardLanguageCombo.addItem("", None)
        for language in CardLanguage:  # native names, as View → Language shows them
            ui.cardLanguageCombo.addItem(language.native_name, language.value)
        self.texts.bind(lambda text: ui.cardLanguageCombo.setItemText(0, text),
                        lambda: translate("AssistantDialog", "Same as the conversation"))
        self.texts.call(self._say_presets)
        ui.historyLimitCheck.toggled.connect(ui.historyLimitSpin.setEnabled)
        ui.autoCompactCheck.toggled.connect(self._sync_watermarks)
        ui.highWatermarkSpin.valueChanged.connect(self._sync_watermarks)

    def _say_presets(self) -> None:
        """The presets' tooltips: their figures."""
        ui = self.ui
        for i, (preset, cap) in enumerate(SUMMARY_CAPS.items()):
            ui.presetCombo.setItemData(i, fill(translate("AssistantDialog", "%1: summary up to about %2 tokens"),
                                               preset, f"{cap}"), Qt.ItemDataRole.ToolTipRole)
        ui.presetCombo.setToolTip(fill(translate("AssistantDialog", "Summary length: %1 tokens"), " · ".join(
            f"{preset} ~{cap}" for preset, cap in SUMMARY_CAPS.items())))

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        """After a language switch (the bound texts are re-said by :attr:`texts` first), the
        texts built from figures are said again; a refusal from Save stays shown."""
        super().changeEvent(event)
        if event.type() == QEvent.Type.LanguageChange:
            kept = self._error
            if self.ui.is_built("chatPrefTab"):
                self._sync_watermarks()
            self._sync_sampling()
            if kept and not self._error:
                self.show_error(kept)

    def _say_title(self, name: str) -> None:
        self.texts.bind(self.setWindowTitle, lambda: fill(translate("AssistantDialog", "Edit assistant %1"), name))

    def is_loaded(self) -> bool:
        """True once the form shows what the store holds (tests wait on it)."""
        return self._loaded

    def is_busy(self) -> bool:
        """True while the form is being read or saved (its fields and Save disabled)."""
        return not self.ui.tabs.isEnabled()

    def _set_busy(self, busy: bool) -> None:
        """While reading or saving: the form and Save disabled, a busy cursor (issue 29)."""
        for part in (self.ui.tabs, self.ui.avatarCombo, self.ui.nameEdit):
            part.setEnabled(not busy)
        save = self.ui.buttonBox.button(QDialogButtonBox.StandardButton.Save)
        if save is not None:
            save.setEnabled(not busy)
        if busy:
            self.setCursor(Qt.CursorShape.BusyCursor)
        else:
            self.unsetCursor()

    async def _load(self, assistant_id: int | None) -> None:
        try:
            providers, assistant, taken = await self._runner.run_in_thread(self._read, assistant_id)
        except ServiceError as exc:  # the assistant was deleted meanwhile: said in one line
            self.unsetCursor()
            self.show_error(said_error(exc))
            return
        if assistant is None:  # a new one starts with a face no other assistant shows (issue 29)
            self.ui.avatarCombo.setCurrentText(first_free_avatar(taken, offered_avatars()) or "")
        self._fill(providers, assistant)

    def _read(self, assistant_id: int | None) -> tuple[list[ProviderView], AssistantView | None, list[str | None]]:
        """On a store worker: the providers, the edited assistant and (for a new one) the
        avatars the others show."""
        if assistant_id is not None:
            return self._providers.list(), self._assistants.get(assistant_id), []
        return self._providers.list(), None, [a.avatar for a in self._assistants.list()]

    def _fill(self, providers: Sequence[ProviderView], assistant: AssistantView | None) -> None:
        """Show ``providers`` and ``assistant`` (None: a new one's defaults) in the groups
        built so far (the others when built), enable the form, then build the other groups
        one an idle turn and emit ``loaded``."""
        ui = self.ui
        self._assistant = assistant
        self._read_providers = providers
        self._protocols = {p.id: ProviderKind(p.kind).protocol for p in providers}
        if assistant is not None:
            self._say_title(assistant.name)
            ui.nameEdit.setText(assistant.name)
            ui.avatarCombo.setCurrentText(assistant.avatar or "")
            ui.instructionsEdit.setPlainText(assistant.instructions)
        for group in ("modelTab", "chatPrefTab", "advancedTab"):
            if ui.is_built(group):
                self._fill_group(group)
        self._set_busy(False)
        self._sync_sampling()
        ui.nameEdit.setFocus()
        QTimer.singleShot(0, self, self._build_next)

    def _build_next(self) -> None:
        """Build the next group not built yet (one an idle turn); after the last, ``loaded``."""
        pending = self.ui.pending()
        if pending:
            self.ui.build(pending[0])
            QTimer.singleShot(0, self, self._build_next)
            return
        self._loaded = True
        self.loaded.emit()

    def _fill_group(self, group: str) -> None:
        """Show what was read in group ``group`` (a tab name), just built or built before the read."""
        ui = self.ui
        assistant = self._assistant
        if group == "modelTab":
            for p in self._read_providers or ():  # a turned-off one only while it is this assistant's (issue 29)
                if p.enabled or (assistant is not None and p.id == assistant.provider_id):
                    ui.providerCombo.addItem(p.name, p.id)
            if assistant is None:
                if ui.providerCombo.count() > 1:
                    ui.providerCombo.setCurrentIndex(1)
                ui.maxTokensCheck.setChecked(False)
                ui.maxTokensSpin.setValue(DEFAULT_MAX_TOKENS)
            else:
                ui.providerCombo.setCurrentIndex(max(0, ui.providerCombo.findData(assistant.provider_id)))
                ui.modelCombo.setCurrentText(assistant.model)
                ui.maxTokensCheck.setChecked(assistant.max_tokens_enabled)
                ui.maxTokensSpin.setValue(assistant.max_tokens or DEFAULT_MAX_TOKENS)
            ui.maxTokensSpin.setEnabled(ui.maxTokensCheck.isChecked())
            self._set_sampling(UNSET if assistant is None else Sampling(
                assistant.temperature, assistant.top_p, assistant.reasoning_effort, assistant.thinking_budget))
            self._sync_sampling()
            if self._provider_models is not None:
                from chathub_desktop.gui.settings.model_choices import ModelChoices

                self.model_choices = ModelChoices(self, self._provider_models, self._cards)
        elif group == "chatPrefTab":
            ui.memoryCheck.setChecked(assistant.memory_enabled if assistant else True)
            ui.recallCheck.setChecked(assistant.recall_topics if assistant else True)
            self._set_chat_preference(assistant)
            ui.recallCheck.setEnabled(ui.memoryCheck.isChecked())
            ui.historyLimitSpin.setEnabled(ui.historyLimitCheck.isChecked())
            self._sync_watermarks()
        elif group == "advancedTab" and assistant is not None:
            ui.templateEdit.setText(assistant.input_template)

    def _set_chat_preference(self, a: AssistantView | None) -> None:
        ui = self.ui
        ui.historyLimitCheck.setChecked(a.history_limit_enabled if a else False)
        ui.historyLimitSpin.setValue(a.history_limit if a and a.history_limit else DEFAULT_HISTORY_LIMIT)
        ui.summarizeCheck.setChecked(a.summarize_history if a else False)
        preset = a.compact_preset if a else DEFAULT_PRESET
        ui.presetCombo.setCurrentIndex(max(0, ui.presetCombo.findData(preset)))
        ui.autoCompactCheck.setChecked(a.auto_compact if a else True)
        ui.probeSummariesCheck.setChecked(a.probe_summaries if a else False)
        ui.cardLanguageCombo.setCurrentIndex(max(0, ui.cardLanguageCombo.findData(a.card_language if a else None)))
        ui.highWatermarkSpin.setValue(a.high_watermark if a else DEFAULT_HIGH_WATERMARK)

    def _sampling_rows(self) -> tuple[tuple[QCheckBox, QWidget], ...]:
        ui = self.ui
        return ((ui.temperatureCheck, ui.temperatureSpin), (ui.topPCheck, ui.topPSpin),
                (ui.effortCheck, ui.effortCombo), (ui.thinkingCheck, ui.thinkingSpin))

    def _setup_sampling(self) -> None:
        ui = self.ui
        ui.effortCombo.addItems(list(EFFORTS))
        ui.effortCombo.setCurrentText("low")
        for check, field in self._sampling_rows():
            check.toggled.connect(field.setEnabled)
            check.toggled.connect(self._sync_sampling)
        for spin in (ui.temperatureSpin, ui.topPSpin):
            spin.valueChanged.connect(self._sync_sampling)
        ui.thinkingSpin.valueChanged.connect(self._sync_sampling)
        ui.effortCombo.currentIndexChanged.connect(self._sync_sampling)
        ui.providerCombo.currentIndexChanged.connect(self._sync_sampling)
        ui.maxTokensCheck.toggled.connect(self._sync_sampling)
        ui.maxTokensSpin.valueChanged.connect(self._sync_sampling)

    def _set_sampling(self, s: Sampling) -> None:
        ui = self.ui
        ui.temperatureCheck.setChecked(s.temperature is not None)
        ui.temperatureSpin.setValue(s.temperature if s.temperature is not None else 1.0)
        ui.topPCheck.setChecked(s.top_p is not None)
        ui.topPSpin.setValue(s.top_p if s.top_p is not None else 1.0)
        ui.effortCheck.setChecked(s.reasoning_effort is not None)
        if s.reasoning_effort is not None:
            ui.effortCombo.setCurrentText(s.reasoning_effort)
        ui.thinkingCheck.setChecked(s.thinking_budget is not None)
        if s.thinking_budget is not None:
            ui.thinkingSpin.setValue(s.thinking_budget)
        for check, field in self._sampling_rows():
            field.setEnabled(check.isChecked())

    def sampling(self) -> Sampling:
        """The sampling card's settings; a row switched off is ``None`` (not sent)."""
        ui = self.ui
        return Sampling(
            round(ui.temperatureSpin.value(), 2) if ui.temperatureCheck.isChecked() else None,
            round(ui.topPSpin.value(), 2) if ui.topPCheck.isChecked() else None,
            ui.effortCombo.currentText() if ui.effortCheck.isChecked() else None,
            ui.thinkingSpin.value() if ui.thinkingCheck.isChecked() else None,
        )

    def _protocol(self) -> WireProtocol | None:
        pid = self.ui.providerCombo.currentData()
        return self._protocols.get(pid) if isinstance(pid, int) else None

    def sampling_problem(self) -> str | None:
        """Why a provider would reject the sampling settings with this max tokens, in the
        interface language, or ``None``."""
        ui = self.ui
        cap = ui.maxTokensSpin.value() if ui.maxTokensCheck.isChecked() else None
        reason = sampling_reason(self.sampling(), cap)
        return None if reason is None else said(reason)

    def _sync_sampling(self, *_args: object) -> None:
        ui = self.ui
        if not ui.is_built("modelTab"):  # nothing to say yet: its settings are as stored
            return
        protocol = self._protocol()
        sent = self.sampling().sent(protocol)
        values = (sent.temperature, sent.top_p, sent.reasoning_effort, sent.thinking_budget)
        names = [translate("AssistantDialog", name) for name, value in zip(SAMPLING_NAMES, values, strict=True)
                 if value is not None]
        where = WIRE_NAMES[protocol] if protocol else translate("AssistantDialog", "no provider yet")
        ui.samplingSent.setText(fill(translate("AssistantDialog", "Sent (%1): %2"), where, ", ".join(names) if names
                                     else translate("AssistantDialog", "nothing; provider defaults")))
        problem = self.sampling_problem()
        self.show_error(problem or "")
        save = ui.buttonBox.button(QDialogButtonBox.StandardButton.Save)
        if save is not None:
            save.setEnabled(problem is None)

    def _sync_watermarks(self, *_args: object) -> None:
        ui = self.ui
        on = ui.autoCompactCheck.isChecked()
        ui.highWatermarkSpin.setEnabled(on)
        ui.lowWatermarkValue.setEnabled(on)
        ui.lowWatermarkValue.setText(f"{watermarks(ui.highWatermarkSpin.value())[1]:.2f}")

    def suggest_max_output(self, context_window: int | None, card_max_output: int | None) -> None:
        """A new assistant whose chosen model has a small window starts with max tokens on
        at ``core.budget.default_max_output`` (issue 28: a 2,048-token model rambled to
        its window's end); a choice the user made in those two fields stays, and a model
        with a larger window takes back a suggestion made for the previous one."""
        if self._assistant is not None:
            return
        ui = self.ui
        ours = (self._suggested is not None and ui.maxTokensCheck.isChecked()
                and ui.maxTokensSpin.value() == self._suggested)
        if not ours and (self._suggested is not None or ui.maxTokensCheck.isChecked()):
            return  # the user's own choice
        cap = default_max_output(context_window, card_max_output)
        self._suggested = cap
        ui.maxTokensSpin.setValue(cap if cap is not None else DEFAULT_MAX_TOKENS)
        ui.maxTokensCheck.setChecked(cap is not None)

    def open_chat_preference(self) -> None:
        """Show the Memory & context group (history, compact: CMP-1)."""
        self.ui.tabs.setCurrentWidget(self.ui.chatPrefTab)

    def show_error(self, message: str) -> None:
        """Show ``message`` inline under the form (``""`` hides the line)."""
        self._error = message
        self.ui.errorLabel.setText(message)
        self.ui.errorLabel.setVisible(bool(message))

    def _avatar_hint(self, name: str) -> None:
        """The avatar field shows the initial an empty choice stands for."""
        if (edit := self.ui.avatarCombo.lineEdit()) is not None:
            edit.setPlaceholderText(next((ch.upper() for ch in name if ch.isalnum()), "A"))

    def values(self) -> dict[str, object]:
        """The form as service keyword arguments."""
        ui = self.ui
        return {
            "name": ui.nameEdit.text(),
            "avatar": ui.avatarCombo.currentText().strip() or None,
            "provider": ui.providerCombo.currentData(),
            "model": ui.modelCombo.currentText().strip(),
            "instructions": ui.instructionsEdit.toPlainText(),
            "input_template": ui.templateEdit.text(),
            "max_tokens": ui.maxTokensSpin.value(),
            "max_tokens_enabled": ui.maxTokensCheck.isChecked(),
            "memory_enabled": ui.memoryCheck.isChecked(),
            "recall_topics": ui.recallCheck.isChecked(),
            **self.chat_preference(),
            **self.sampling_values(),
        }

    def sampling_values(self) -> dict[str, object]:
        """The sampling settings as service keyword arguments (issue 28)."""
        s = self.sampling()
        return {"temperature": s.temperature, "top_p": s.top_p,
                "reasoning_effort": s.reasoning_effort, "thinking_budget": s.thinking_budget}

    def chat_preference(self) -> dict[str, object]:
        """The history and compact cards as service keyword arguments (CMP-1)."""
        ui = self.ui
        return {
            "history_limit_enabled": ui.historyLimitCheck.isChecked(),
            "history_limit": ui.historyLimitSpin.value(),
            "summarize_history": ui.summarizeCheck.isChecked(),
            "compact_preset": str(ui.presetCombo.currentData() or DEFAULT_PRESET),
            "auto_compact": ui.autoCompactCheck.isChecked(),
            "probe_summaries": ui.probeSummariesCheck.isChecked(),
            "card_language": ui.cardLanguageCombo.currentData(),
            "high_watermark": round(ui.highWatermarkSpin.value(), 2),
        }

    def _save(self) -> None:
        if self._read_providers is None or self.is_busy():  # still reading, or saving
            return
        v = self.values()
        try:  # refused before anything is written (a new assistant is created in two steps)
            clean_avatar(v["avatar"])  # type: ignore[arg-type]
        except AvatarRefused as exc:
            self.show_error(said_error(exc))
            return
        if self._assistant is None:  # a new one is created, then given the rest of the form
            extra = {k: v.pop(k) for k in ("avatar", "memory_enabled", "recall_topics",
                                          *self.chat_preference(), *self.sampling_values())}
        else:
            extra = {}
        self._set_busy(True)
        self._runner.run(self._task, self._store(v, extra), context="Save the assistant")

    async def _store(self, v: dict[str, Any], extra: dict[str, Any]) -> None:
        try:
            view = await self._runner.run_in_thread(self._write, v, extra)
        except ServiceError as exc:
            self._set_busy(False)
            self._sync_sampling()
            self.show_error(said_error(exc))
            return
        self._set_busy(False)  # closing at once: never painted enabled
        self.saved.emit(view)
        self.accept()

    def _write(self, v: dict[str, Any], extra: dict[str, Any]) -> AssistantView:
        """On a store worker: update the edited assistant with the form's values ``v``,
        or create one from ``v`` and give it ``extra`` (no widget is read here)."""
        if self._assistant is not None:
            return self._assistants.update(self._assistant.id, **v)
        view = self._assistants.create(
            str(v["name"]), provider=v["provider"], model=str(v["model"]),
            instructions=str(v["instructions"]), input_template=str(v["input_template"]),
            max_tokens=int(v["max_tokens"]), max_tokens_enabled=bool(v["max_tokens_enabled"]))
        return self._assistants.update(view.id, **extra)
