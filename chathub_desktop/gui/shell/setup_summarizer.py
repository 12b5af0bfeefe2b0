"""The setup's Summaries step (issue 28; issue 29: split from ``setup_wizard``): the
History Compress model (CMP-3) chosen from the provider's own models with a small one
preselected, stored as the System Agent setting when the page is left, and "Dream every
night at 02:00 UTC" in the user's own time (the new assistant's DRM-2 schedule, in UTC).

The page reads what it needs of the wizard through :class:`SummarizerHost`. Its texts are
in the ``SetupWizard`` translation context and re-said on a language switch (issue 27)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QCheckBox, QComboBox, QFormLayout, QWizardPage

from chathub_desktop.core.app_settings import HISTORY_COMPRESS_MODEL
from chathub_desktop.core.dream_schedule import DEFAULT_TIME, DreamFrequency, Schedule
from chathub_desktop.core.model_ids import is_chat_model, small_model
from chathub_desktop.gui.design import Tone, set_tone
from chathub_desktop.gui.design.icons import Icon
from chathub_desktop.gui.settings.model_choices import fill_model_combo
from chathub_desktop.gui.shell.i18n import QT_TRANSLATE_NOOP, Texts, fill
from chathub_desktop.gui.shell.service_reasons import said_error
from chathub_desktop.gui.shell.setup_steps import (
    column,
    illustration,
    labelled_rows,
    page_header,
    rich_label,
    sentence,
    setup_error_label,
)
from chathub_desktop.gui.shell.task_runner import TaskRunner
from chathub_desktop.services.container import Services
from chathub_desktop.services.errors import ServiceError
from chathub_desktop.services.providers.connection_check import ConnectionCheck
from chathub_desktop.services.views import ProviderView

__all__ = ["DREAM_NOTE", "SUMMARIZER_NOTE", "SummarizerHost", "SummarizerPage", "dream_choice_text"]

translate = QCoreApplication.translate


class SummarizerHost(Protocol):
    """What the Summaries page needs of the wizard (issue 29: a small contract, not the
    wizard): the services and runner, the providers as last read and their connection
    tests (by name), the assistant the setup created (None: none yet), the catalog's ids
    for a provider, the provider and chat model chosen on the earlier steps, and Next."""

    @property
    def svc(self) -> Services: ...

    @property
    def runner(self) -> TaskRunner: ...

    @property
    def providers(self) -> Sequence[ProviderView]: ...

    @property
    def tested(self) -> dict[str, ConnectionCheck]: ...

    @property
    def created_assistant(self) -> int | None: ...

    def catalog_for(self, provider: object, offered: Sequence[str]) -> list[str]:
        """The catalog's ids to offer under ``provider`` beside the ``offered`` ones."""
        ...

    def chosen_provider(self) -> str | None:
        """The provider chosen for the assistant, else the one selected on the provider step."""
        ...

    def chat_model(self) -> str:
        """The assistant's model id as typed or chosen ("" for none)."""
        ...

    def next(self) -> None:
        """Move on to the next step."""
        ...


#: The note under the History Compress model (CMP-3; the seed's advice, in our words).
SUMMARIZER_NOTE = QT_TRANSLATE_NOOP("SetupWizard", "A smaller model is usually quicker and cheaper for summaries. "
                                                  "The chat model works too, but when it is busy, summaries can fail.")


#: What the nightly dream does, under its check box (DRM-3; our words).
DREAM_NOTE = QT_TRANSLATE_NOOP("SetupWizard", "Each night this model reads the day's conversations and notes how you "
                                              "like to work, as a card in the assistant's memory. The Memory page "
                                              "changes the time or turns it off.")


def dream_choice_text() -> str:
    """The dream check box: the default 02:00 UTC slot (REF-17) in the user's own time,
    e.g. ``Dream every night at 03:00 in Berlin (02:00 UTC)``; UTC alone on a UTC system."""
    from chathub_desktop.core.clock import utcnow
    from chathub_desktop.gui.memory.dream_words import local_time, system_zone

    zone, place = system_zone()
    if place == "UTC":
        return fill(translate("SetupWizard", "&Dream every night at %1 UTC"), DEFAULT_TIME)
    mine, _both = local_time(Schedule(DreamFrequency.DAILY, DEFAULT_TIME), utcnow(), zone, place)
    return fill(translate("SetupWizard", "&Dream every night at %1 (%2 UTC)"), mine, DEFAULT_TIME)


class SummarizerPage(QWizardPage):
    """The History Compress model (CMP-3, issue 28): a provider and one of its models (the
    tested list first, a small model preselected; the chat model allowed; any id typed),
    and whether the new assistant dreams every night (DRM-2). Leaving the page stores
    ``history-compress-model`` as ``PROVIDER/MODEL`` and that schedule."""

    def __init__(self, host: SummarizerHost) -> None:
        super().__init__()
        self._host = host
        self._storing = False
        self._stored: tuple[str, bool] | None = None
        self.texts = t = Texts(self)
        lay = column(self)
        lay.addWidget(page_header(QT_TRANSLATE_NOOP("SetupWizard", "Choose the model that writes summaries"),
                                  QT_TRANSLATE_NOOP("SetupWizard", "The History Compress model summarizes long "
                                                    "topics and writes memory dream cards. Settings → System Agent "
                                                    "changes it later."), 3))
        lay.addWidget(illustration(Icon.SUMMARY))
        form = QFormLayout()
        lay.addLayout(form)
        lay.addStretch(1)
        self.provider_combo = QComboBox()
        self.provider_combo.setObjectName("setupSummarizerProvider")
        self.model_combo = QComboBox()
        self.model_combo.setObjectName("setupSummarizerModel")
        self.model_combo.setEditable(True)
        t.bind(self.model_combo.setToolTip, lambda: translate(
            "SetupWizard", "The provider's own models come first; you may type any model id"))
        self.note = rich_label(SUMMARIZER_NOTE, t)
        self.note.setObjectName("setupSummarizerNote")
        set_tone(self.note, Tone.MUTED)
        self.error_label = setup_error_label("setupSummarizerError")
        labelled_rows(form, t, ((QT_TRANSLATE_NOOP("SetupWizard", "&Provider:"), self.provider_combo),
                              (QT_TRANSLATE_NOOP("SetupWizard", "History Compress &model:"), self.model_combo)))
        form.addRow(self.note)
        self.dream_check = QCheckBox()  # issue 28: setup asks about the dream (DRM-2)
        self.dream_check.setObjectName("setupDream")
        self.dream_check.setChecked(True)
        t.bind(self.dream_check.setText, dream_choice_text)
        self.dream_note = rich_label(DREAM_NOTE, t)
        set_tone(self.dream_note, Tone.MUTED)
        form.addRow(self.dream_check)
        form.addRow(self.dream_note)
        form.addRow(self.error_label)
        self.provider_combo.currentIndexChanged.connect(lambda _i: self._fill_models())
        self.model_combo.currentTextChanged.connect(lambda _t: self.completeChanged.emit())

    def initializePage(self) -> None:  # noqa: N802 - Qt override
        """The providers, the assistant's one selected; its models, a small one chosen."""
        chosen = self._host.chosen_provider()
        self.provider_combo.blockSignals(True)
        self.provider_combo.clear()
        for p in self._host.providers:
            self.provider_combo.addItem(p.name, p.name)
        if chosen is not None:
            self.provider_combo.setCurrentIndex(max(0, self.provider_combo.findData(chosen)))
        self.provider_combo.blockSignals(False)
        self._fill_models()

    def _fill_models(self) -> None:
        name = self.provider_combo.currentData()
        tested = self._host.tested.get(str(name)) if name else None
        offered = [m for m in (tested.models if tested is not None and tested.ok else ()) if is_chat_model(m)]
        chat = self._host.chat_model()
        fill_model_combo(self.model_combo, offered, self._host.catalog_for(name, offered),
                         tested.windows if tested is not None and tested.ok else (),
                         provider=self.provider_combo.currentText())
        # a small served model; else the chat model (it is served); else the first served one
        self.model_combo.setCurrentText(small_model(offered) or chat or (offered[0] if offered else ""))

    def setting(self) -> str:
        """``PROVIDER/MODEL`` as it will be stored ("" without a provider or model)."""
        name, model = self.provider_combo.currentData(), self.model_combo.currentText().strip()
        return f"{name}/{model}" if name and model else ""

    def _choices(self) -> tuple[str, bool]:
        return self.setting(), self.dream_check.isChecked()

    def isComplete(self) -> bool:  # noqa: N802 - Qt override
        """Next needs a provider and a model (and no store under way)."""
        return bool(self.setting()) and not self._storing

    def validatePage(self) -> bool:  # noqa: N802 - Qt override
        """Once the shown choice is stored, leave; else store it on a worker (issue 29) and
        stay: the page moves on when it is stored, or shows the refusal."""
        value = self._choices()
        if value == self._stored:
            return True
        self._storing = True
        self.completeChanged.emit()
        self._host.runner.run("setup-summarizer", self._store(value), context="Setup")
        return False

    def _write(self, value: tuple[str, bool]) -> None:
        """On a worker: the System Agent setting, and the new assistant's dream schedule
        (daily at 02:00 UTC, or off)."""
        svc, (setting, dream) = self._host.svc, value
        svc.settings.set(HISTORY_COMPRESS_MODEL, setting)
        if self._host.created_assistant is not None:
            svc.dreams.set_schedule(self._host.created_assistant,
                                   DreamFrequency.DAILY if dream else DreamFrequency.OFF, DEFAULT_TIME)

    async def _store(self, value: tuple[str, bool]) -> None:
        try:
            await self._host.runner.run_in_thread(self._write, value)
        except ServiceError as exc:
            self.error_label.setText(sentence(said_error(exc)))
            return
        finally:
            self._storing = False
            self.completeChanged.emit()
        self._stored = value
        self.error_label.clear()
        self._host.next()
