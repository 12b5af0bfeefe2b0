"""First-run setup (issue 16): a provider, a model, an assistant, optionally history.

Short pages, each skippable (Skip setup closes it; Help → Setup… reopens it), with
Back / Continue / Finish buttons (walk29 #13):

1. what ChatHub keeps where;
2. **Provider**: the configured providers (one line saying what to do while there are
   none), the presets as a grid of icon tiles, Add provider… (the usual provider form:
   key to the keyring, a file only the user can read, or an environment variable) and Test connection, which asks
   the provider for its models (:func:`~chathub_desktop.services.providers.connection_check.check_connection`);
3. **Assistant**: its name, provider and model (the tested provider's models first,
   then the catalog's) and instructions; created when the page is left;
4. **Summaries** (issue 28): the History Compress model (CMP-3), chosen from the
   provider's own models with a small one preselected; saved as the System Agent
   setting when the page is left, so Compact now works without typing an id; beside it
   "Dream every night at 02:00 UTC" with the user's own time (ticked; the new assistant's
   DRM-2 schedule, stored in UTC; walk39: the schedule stayed Off and setup never asked);
5. **History**: import a ChatGPT export, and a memory file into the new assistant,
   after the setup closes.

The window opens it by itself on a store without providers and assistants, once per
data dir (``setup/shown`` in the window's ``QSettings``).

Every text is in the ``SetupWizard`` translation context and re-said on a language
switch (issue 27: :class:`~chathub_desktop.gui.shell.i18n.Texts`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial

from PySide6.QtCore import QCoreApplication, QSize, Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QPushButton,
    QWidget,
    QWizard,
    QWizardPage,
)

from chathub_desktop.core.avatars import DEFAULT_AVATAR
from chathub_desktop.core.provider_presets import ProviderPreset
from chathub_desktop.gui.design import Tone, repolish, set_tone
from chathub_desktop.gui.design.icons import Icon
from chathub_desktop.gui.design.tokens import IconSize
from chathub_desktop.gui.settings.model_choices import (
    fill_model_combo,
    select_first_model,
)
from chathub_desktop.gui.shell.empty_state import make_primary
from chathub_desktop.gui.shell.i18n import QT_TRANSLATE_NOOP, Texts, fill
from chathub_desktop.gui.shell.screen_room import fitted_to_screen
from chathub_desktop.gui.shell.service_reasons import said_error
from chathub_desktop.gui.shell.setup_steps import (
    COLUMN_WIDTH,
    STEPS,
    column,
    illustration,
    labelled_rows,
    page_header,
    preset_grid,
    preset_icon,
    rich_label,
    section_label,
    sentence,
    setup_error_label,
    step_rows,
    tr,
)
from chathub_desktop.gui.shell.setup_summarizer import SummarizerPage
from chathub_desktop.gui.shell.task_runner import TaskRunner
from chathub_desktop.services.container import Services
from chathub_desktop.services.errors import NameTaken, ServiceError
from chathub_desktop.services.providers.connection_check import ConnectionCheck
from chathub_desktop.services.views import AssistantView, ProviderView

__all__ = ["SetupFinished", "SetupWizard", "page_header"]

translate = QCoreApplication.translate

INTRO = QT_TRANSLATE_NOOP(
    "SetupWizard",
    "<p>ChatHub Desktop talks to language models with <b>your own API keys</b>. Your "
    "conversations and what your assistants remember stay in a database on this computer; "
    "keys stay in the system keyring, in a file only you can read, or in environment variables.</p>"
)
#: The steps after the welcome, counted (walk49 #9: "Four short steps" beside an indicator of 5).
STEPS_AHEAD = QT_TRANSLATE_NOOP(
    "SetupWizard",
    "<p>After this page, %n short step(s): a provider, an assistant, the model that writes summaries, "
    "and, if you like, your ChatGPT history. "
    "Skip any of them; <b>⋯ → Help → Setup…</b> (bottom left) brings this back.</p>"
)


def steps_ahead_text() -> str:
    """:data:`STEPS_AHEAD` translated, with the number of steps the indicator shows after
    the welcome (``len(STEPS) - 1``, plural-aware)."""
    return translate("SetupWizard", STEPS_AHEAD, None, len(STEPS) - 1)


def name_taken_text(name: str) -> str:
    """What the setup says when an assistant called ``name`` exists (walk29 #18): the
    problem and the fix in one sentence."""
    return fill(translate("SetupWizard", "An assistant named “%1” already exists — choose another name."), name)


#: Rows of configured providers shown before the list scrolls.
PROVIDER_LIST_ROWS = 3

#: What the provider step says while no provider exists (walk29 #17: not an empty box).
NO_PROVIDER_TEXT = QT_TRANSLATE_NOOP("SetupWizard", "No provider yet. Pick one below; its form opens filled in.")


class ProviderPage(QWizardPage):
    """The providers (an empty-state line while there are none); the presets as a grid
    (kind, base URL, where to get a key) and Add provider…, which opens the provider form
    filled from the chosen one (also a double-click); Test connection (issue 28)."""

    def __init__(self, wizard: SetupWizard) -> None:
        super().__init__()
        self._wizard = wizard
        self.texts = t = Texts(self)
        self.presets = preset_grid(t)
        lay = column(self, max(COLUMN_WIDTH, self.presets.minimumWidth()))  # every tile whole
        lay.addWidget(page_header(QT_TRANSLATE_NOOP("SetupWizard", "Add a provider"),
                                  QT_TRANSLATE_NOOP("SetupWizard", "A provider runs the models you chat with: OpenAI, "
                                                    "Anthropic, OpenRouter, DeepSeek, or a local server such as "
                                                    "Ollama."), 1))
        self.list = QListWidget()
        self.list.setObjectName("setupProviders")
        t.bind(self.list.setAccessibleName, lambda: translate("SetupWizard", "Configured providers"))
        self.list.setIconSize(QSize(IconSize.SM, IconSize.SM))
        self.list_label = section_label(QT_TRANSLATE_NOOP("SetupWizard", "Your providers"), t)
        lay.addWidget(self.list_label)
        lay.addWidget(self.list)
        self.empty_label = QLabel()
        t.bind(self.empty_label.setText, lambda: tr(NO_PROVIDER_TEXT))
        self.empty_label.setObjectName("setupNoProvider")
        self.empty_label.setWordWrap(True)
        set_tone(self.empty_label, Tone.MUTED)
        lay.addWidget(self.empty_label)
        self.presets.currentRowChanged.connect(lambda _r: self._show_key_hint())
        self.presets.itemActivated.connect(self._add_from)
        lay.addWidget(section_label(QT_TRANSLATE_NOOP("SetupWizard", "Presets"), t))
        lay.addWidget(self.presets)
        row = QHBoxLayout()
        self.add_button = make_primary(QPushButton())  # the step's one action
        t.bind(self.add_button.setText, lambda: translate("SetupWizard", "&Add provider…"))
        self.add_button.setObjectName("setupAddProvider")
        t.bind(self.add_button.setToolTip, lambda: translate(
            "SetupWizard", "Name, kind, base URL and where the key comes from, filled from the preset"))
        self.add_button.clicked.connect(self.add_provider)
        self.test_button = QPushButton()
        t.bind(self.test_button.setText, lambda: translate("SetupWizard", "&Test connection"))
        t.bind(self.test_button.setToolTip, lambda: translate(
            "SetupWizard", "Ask the selected provider for its models with its key"))
        self.test_button.clicked.connect(self.test_connection)
        row.addWidget(self.add_button)
        row.addWidget(self.test_button)
        row.addStretch(1)
        lay.addLayout(row)
        self.key_hint = rich_label("")
        self.key_hint.setObjectName("setupKeyHint")
        self.key_hint.setOpenExternalLinks(True)
        set_tone(self.key_hint, Tone.MUTED)
        lay.addWidget(self.key_hint)
        self._show_key_hint()
        self.result_label = QLabel()
        self.result_label.setObjectName("setupTestResult")
        self.result_label.setWordWrap(True)
        lay.addWidget(self.result_label)
        lay.addStretch(1)
        self.list.currentRowChanged.connect(lambda _r: self._sync())
        self._sync()

    def initializePage(self) -> None:  # noqa: N802 - Qt override
        """Fill the list from the store (read on a worker)."""
        self.reload()

    def reload(self, select: str | None = None, *, test: bool = False) -> None:
        """Re-read the providers on a worker; then select ``select`` (a name) or the first,
        and Test connection when ``test``."""
        self._wizard.load_providers(select, test=test)

    def show_providers(self, select: str | None = None) -> None:
        """List the wizard's providers as last read; select ``select`` (a name) or the first."""
        from chathub_desktop.gui.settings.providers_page import (
            provider_icon,  # as Settings → Providers
        )

        self.list.clear()
        for p in self._wizard.providers:  # its preset's mark (walk52 #11: a plug for llama.cpp's "L")
            item = QListWidgetItem(provider_icon(p, IconSize.SM), f"{p.name} — {p.base_url}")
            item.setData(Qt.ItemDataRole.UserRole, p.name)
            self.list.addItem(item)
            if p.name == select:
                self.list.setCurrentItem(item)
        if self.list.currentRow() < 0 and self.list.count():
            self.list.setCurrentRow(0)
        self._sync()
        self.completeChanged.emit()

    def selected(self) -> str | None:
        """The selected provider's name."""
        item = self.list.currentItem()
        return str(item.data(Qt.ItemDataRole.UserRole)) if item is not None else None

    def _sync(self) -> None:
        self.test_button.setEnabled(self.selected() is not None and not self._wizard.testing)
        has = self.list.count() > 0
        self.list.setVisible(has)
        self.list_label.setVisible(has)
        self.empty_label.setVisible(not has)
        self.add_button.setProperty("primary", not self.ready())  # walk50 #9: until then Add is the step's action
        repolish(self.add_button)
        if self.wizard() is not None:  # added to it: the wizard's buttons exist
            self._wizard.sync_primary()
        rows = min(self.list.count(), PROVIDER_LIST_ROWS)
        if rows:  # as tall as its rows, up to PROVIDER_LIST_ROWS; then it scrolls
            self.list.setFixedHeight(rows * self.list.sizeHintForRow(0) + 2 * self.list.frameWidth())

    def ready(self) -> bool:
        """True once a provider answered Test connection: Continue is then the step's
        action, before it Add provider… is (walk50 #9)."""
        return any(c.ok for c in self._wizard.tested.values())

    def isComplete(self) -> bool:  # noqa: N802 - Qt override
        """Next needs a provider."""
        return self.list.count() > 0

    def preset(self) -> ProviderPreset:
        """The chosen preset."""
        item = self.presets.currentItem() or self.presets.item(0)
        data = item.data(Qt.ItemDataRole.UserRole)
        assert isinstance(data, ProviderPreset)
        return data

    def _show_key_hint(self) -> None:
        p = self.preset()

        def text() -> str:
            if not p.needs_key:
                return fill(translate("SetupWizard", "%1 runs on your computer and needs no key; start it before "
                                                     "Test connection."), p.name)
            if p.key_url:
                return fill(translate("SetupWizard", 'Get a key at <a href="%1">%1</a>, then paste it in the form.'),
                            p.key_url)
            return translate("SetupWizard", "Type your provider's base URL in the form; its documentation says "
                                            "where keys are made.")

        self.texts.bind(self.key_hint.setText, text)

    def _add_from(self, item: QListWidgetItem) -> None:
        """A preset tile was activated (double-click, Enter): its form."""
        self.presets.setCurrentItem(item)
        self.add_provider()

    def add_provider(self) -> QWidget:
        """The provider form, filled from the preset; a saved provider is selected and tested."""
        from chathub_desktop.gui.settings.provider_form import ProviderFormDialog

        dlg = ProviderFormDialog(self._wizard.svc.providers, self._wizard.runner, None, self,
                                 models=self._wizard.svc.provider_models)
        p = self.preset()
        taken = {v.name for v in self._wizard.providers}
        name = p.name if p.base_url and p.name not in taken else ""
        dlg.prefill(name, p.kind, p.base_url, p.needs_key, preset_icon(p))
        dlg.saved.connect(lambda view: self._saved(view.name, dlg.typed_model))
        self._wizard.provider_form = dlg
        dlg.open()
        return dlg

    def _saved(self, name: str, typed_model: str) -> None:
        """A provider was saved: select and test it, unless it was saved anyway without a
        model list (issue 28): then its list is the model id typed, said here, and a
        second test that would only say "no list" is not made."""
        if not typed_model:
            self.reload(name, test=True)
            return
        self._wizard.tested[name] = ConnectionCheck(True, "", (typed_model,))
        set_tone(self.result_label, Tone.NORMAL)
        self.texts.bind(self.result_label.setText, lambda: fill(translate(
            "SetupWizard", "✓ %1 saved without a model list; its model: %2"), name, typed_model))
        self.reload(name)
        self._wizard.connection_tested.emit(name, True)

    def test_connection(self) -> None:
        """Ask the selected provider for its models (in the background)."""
        name = self.selected()
        if name is None or self._wizard.testing:
            return
        self._wizard.testing = True
        self._sync()
        set_tone(self.result_label, Tone.NORMAL)
        self.texts.bind(self.result_label.setText,
                        lambda: fill(translate("SetupWizard", "Asking %1 for its models…"), name))
        self._wizard.runner.run("setup-test", self._test(name), context="Test connection")

    async def _test(self, name: str) -> None:
        try:
            result = await self._wizard.svc.provider_models.test(name)  # remembered for every chooser
        except ServiceError as exc:
            result = ConnectionCheck(False, said_error(exc))
        finally:
            self._wizard.testing = False
            self._sync()
        self._wizard.tested[name] = result
        self._sync()
        set_tone(self.result_label, Tone.NORMAL if result.ok else Tone.ERROR)
        self.texts.bind(self.result_label.setText, lambda: ("✓ " if result.ok else "✗ ") + result.message)
        self._wizard.connection_tested.emit(name, result.ok)


class AssistantPage(QWizardPage):
    """Name, provider, model and instructions of the first assistant (a model whose window
    is small starts with a max output, ``core.budget.default_max_output``)."""

    def __init__(self, wizard: SetupWizard) -> None:
        super().__init__()
        self._wizard = wizard
        self._creating = False
        self.texts = t = Texts(self)
        lay = column(self)  # the header above the form, as on every page (walk29 #18)
        lay.addWidget(page_header(QT_TRANSLATE_NOOP("SetupWizard", "Create an assistant"),
                                  QT_TRANSLATE_NOOP("SetupWizard", "An assistant has a model, instructions and its "
                                                                   "own memory. You can add more later."), 2))
        form = QFormLayout()
        lay.addLayout(form)
        lay.addStretch(1)
        self.name_edit = QLineEdit(translate("SetupWizard", "Assistant"))  # a value: set once
        self.name_edit.setObjectName("setupAssistantName")
        self.provider_combo = QComboBox()
        self.provider_combo.setObjectName("setupAssistantProvider")
        self.model_combo = QComboBox()
        self.model_combo.setObjectName("setupAssistantModel")
        self.model_combo.setEditable(True)
        t.bind(self.model_combo.setToolTip, lambda: translate(
            "SetupWizard", "The tested provider's models come first; you may type any model id"))
        self.instructions_edit = QPlainTextEdit()
        t.bind(self.instructions_edit.setPlaceholderText, lambda: translate(
            "SetupWizard", "Optional, e.g. “Answer briefly; use metric units.”"))
        self.instructions_edit.setMaximumHeight(90)
        self.error_label = setup_error_label("setupAssistantError")
        labelled_rows(form, t, ((QT_TRANSLATE_NOOP("SetupWizard", "&Name:"), self.name_edit),
                              (QT_TRANSLATE_NOOP("SetupWizard", "&Provider:"), self.provider_combo),
                              (QT_TRANSLATE_NOOP("SetupWizard", "&Model:"), self.model_combo),
                              (QT_TRANSLATE_NOOP("SetupWizard", "&Instructions:"), self.instructions_edit)))
        form.addRow(self.error_label)
        self.provider_combo.currentIndexChanged.connect(lambda _i: self._fill_models())
        self.name_edit.textChanged.connect(lambda _t: self.completeChanged.emit())

    def initializePage(self) -> None:  # noqa: N802 - Qt override
        """Providers, the tested one first selected; its models."""
        chosen = self._wizard.provider_page.selected()
        self.provider_combo.clear()
        for p in self._wizard.providers:
            self.provider_combo.addItem(p.name, p.name)
        if chosen is not None:
            self.provider_combo.setCurrentIndex(max(0, self.provider_combo.findData(chosen)))
        self._fill_models()

    def _fill_models(self) -> None:
        name = self.provider_combo.currentData()
        tested = self._wizard.tested.get(str(name)) if name else None
        offered = list(tested.models) if tested is not None and tested.ok else []
        typed = self.model_combo.currentText()
        fill_model_combo(self.model_combo, offered, self._wizard.catalog_for(name, offered),
                         tested.windows if tested is not None and tested.ok else (),
                         provider=self.provider_combo.currentText())
        if offered or not typed:
            select_first_model(self.model_combo)

    def isComplete(self) -> bool:  # noqa: N802 - Qt override
        """Next needs a name (and no create under way)."""
        return bool(self.name_edit.text().strip()) and not self._creating

    def validatePage(self) -> bool:  # noqa: N802 - Qt override
        """Once created, leave; else create the assistant on a worker (issue 29) and stay:
        the page moves on when it is stored, or shows the refusal."""
        if self._wizard.created_assistant is not None:
            return True
        self._creating = True
        self.completeChanged.emit()
        svc = self._wizard.svc
        name, provider = self.name_edit.text(), self.provider_combo.currentData()
        model, instructions = self.model_combo.currentText().strip(), self.instructions_edit.toPlainText().strip()

        def create() -> AssistantView:  # on a worker: a small window's model starts with a max output (issue 28)
            cap = svc.provider_models.default_max_output(provider, model) if provider and model else None
            return svc.assistants.create(name, provider=provider, model=model, instructions=instructions,
                                         max_tokens=cap, max_tokens_enabled=cap is not None,
                                         avatar=DEFAULT_AVATAR)  # a face, not a letter (issue 29)

        self._wizard.runner.run("setup-assistant", self._create(create), context="Setup")
        return False

    async def _create(self, create: Callable[[], AssistantView]) -> None:
        try:
            view = await self._wizard.runner.run_in_thread(create)
        except NameTaken as exc:
            taken = exc.name
            self.texts.bind(self.error_label.setText, lambda: name_taken_text(taken))
            self.name_edit.setFocus()
            self.name_edit.selectAll()
            return
        except ServiceError as exc:
            self.error_label.setText(sentence(said_error(exc)))
            return
        finally:
            self._creating = False
            self.completeChanged.emit()
        self._wizard.created_assistant = view.id
        self.error_label.clear()
        self._wizard.next()


class HistoryPage(QWizardPage):
    """Optionally import a ChatGPT export, and a memory file, after the setup."""

    def __init__(self) -> None:
        super().__init__()
        self.texts = t = Texts(self)
        lay = column(self)
        lay.addWidget(page_header(QT_TRANSLATE_NOOP("SetupWizard", "Bring your history (optional)"),
                                  QT_TRANSLATE_NOOP("SetupWizard", "Your earlier chats and an assistant's memory, if "
                                                                   "you have them."), 4))
        lay.addWidget(illustration(Icon.HISTORY))
        lay.addWidget(rich_label(QT_TRANSLATE_NOOP("SetupWizard", "ChatGPT → Settings → Data controls → Export data "
                                               "sends you a zip. Each conversation in it becomes a topic of your "
                                               "assistant; nothing is uploaded anywhere."), t))
        self.import_check = QCheckBox()
        t.bind(self.import_check.setText, lambda: translate("SetupWizard", "&Import a ChatGPT export when the setup "
                                                                           "closes"))
        self.import_check.setObjectName("setupImport")
        lay.addWidget(self.import_check)
        lay.addWidget(rich_label(QT_TRANSLATE_NOOP("SetupWizard", "An assistant's memory exported from ChatHub (JSON or "
                                               "Markdown) can become this assistant's memory; you see what changes "
                                               "before it is written."), t))
        self.memory_check = QCheckBox()
        t.bind(self.memory_check.setText, lambda: translate("SetupWizard", "Import a &memory file into the new "
                                                                           "assistant"))
        self.memory_check.setObjectName("setupImportMemory")
        lay.addWidget(self.memory_check)
        lay.addStretch(1)


@dataclass(frozen=True)
class SetupFinished:
    """What Finish hands the window (issue 29: no sentinel id): the assistant the setup
    created (None: none) and whether to import a ChatGPT export and a memory file now."""

    assistant_id: int | None
    import_chats: bool
    import_memory: bool


#: The wizard's size: three preset tiles to a row; fits a 1366×768 screen.
WIZARD_SIZE = QSize(760, 560)

#: The wizard's button texts (walk29 #13: no "< Back" / "Next >").
BUTTON_TEXTS = {QWizard.WizardButton.BackButton: QT_TRANSLATE_NOOP("SetupWizard", "Back"),
                QWizard.WizardButton.NextButton: QT_TRANSLATE_NOOP("SetupWizard", "Continue"),
                QWizard.WizardButton.FinishButton: QT_TRANSLATE_NOOP("SetupWizard", "Finish"),
                QWizard.WizardButton.CancelButton: QT_TRANSLATE_NOOP("SetupWizard", "Skip setup")}


class SetupWizard(QWizard):
    """The first-run setup. ``services``, ``runner`` (background work), ``catalog_ids``
    (model ids to suggest). ``finished_setup`` carries a :class:`SetupFinished` on
    Finish; Skip setup is the wizard's Cancel."""

    #: Finish was pressed: a :class:`SetupFinished`.
    finished_setup = Signal(object)
    connection_tested = Signal(str, bool)

    def __init__(self, services: Services, runner: TaskRunner, catalog_ids: Sequence[str] = (),
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("setupWizard")
        self.texts = t = Texts(self)
        t.bind(self.setWindowTitle, lambda: translate("SetupWizard", "Set up ChatHub Desktop"))
        self.setWizardStyle(QWizard.WizardStyle.ClassicStyle)
        self.svc = services
        self.runner = runner
        self.catalog_ids = list(catalog_ids)
        #: ``{provider name: (kind, base URL)}`` as the pages last listed them.
        self.provider_places: dict[str, tuple[str, str]] = {}
        self.tested: dict[str, ConnectionCheck] = {}
        self.testing = False
        self.created_assistant: int | None = None
        self.provider_form: QWidget | None = None
        #: The configured providers as last read on a worker (:meth:`load_providers`).
        self.providers: list[ProviderView] = []
        intro = QWizardPage()
        intro_lay = column(intro)
        intro_lay.addWidget(page_header(QT_TRANSLATE_NOOP("SetupWizard", "Welcome to ChatHub Desktop"),
                                        QT_TRANSLATE_NOOP("SetupWizard", "Set up in about a minute."), 0))
        intro_lay.addWidget(illustration(None))
        intro_lay.addWidget(rich_label(INTRO, t))
        self.steps_ahead = rich_label("")
        t.bind(self.steps_ahead.setText, steps_ahead_text)
        intro_lay.addWidget(self.steps_ahead)
        intro_lay.addLayout(step_rows(t))
        intro_lay.addStretch(1)
        self.provider_page = ProviderPage(self)
        self.assistant_page = AssistantPage(self)
        self.summarizer_page = SummarizerPage(self)
        self.history_page = HistoryPage()
        for page in (intro, self.provider_page, self.assistant_page, self.summarizer_page, self.history_page):
            self.addPage(page)
        self.setOption(QWizard.WizardOption.NoCancelButtonOnLastPage, True)  # Finish alone at the end
        # plain words instead of Qt's "< Back" / "Next >" (walk29 #13)
        for button, text in BUTTON_TEXTS.items():
            t.bind(partial(self.setButtonText, button), partial(tr, text))
        t.bind(self.button(QWizard.WizardButton.CancelButton).setToolTip, lambda: translate(
            "SetupWizard", "Close; ⋯ → Help → Setup… (bottom left) brings it back"))
        self.currentIdChanged.connect(lambda _id: self.sync_primary())
        self.sync_primary()
        self.accepted.connect(lambda: self.finished_setup.emit(SetupFinished(
            self.created_assistant, self.history_page.import_check.isChecked(),
            self.history_page.memory_check.isChecked())))
        self.resize(fitted_to_screen(WIZARD_SIZE, self))  # 1280×720 at 125 % too (issue 29)

    def sync_primary(self) -> None:
        """The step's forward button is the filled primary one (walk51 #6: Finish was an
        outline button while Continue was filled): Finish always, Continue on every step
        but the provider step before a provider answered (Add provider… is its action
        then); Back and Skip setup stay secondary. A primary Continue is also the
        default button (Enter)."""
        on_provider = self.currentPage() is self.provider_page and not self.provider_page.ready()
        for which, primary in ((QWizard.WizardButton.NextButton, not on_provider),
                               (QWizard.WizardButton.FinishButton, True)):
            button = self.button(which)
            if button.property("primary") != primary:
                button.setProperty("primary", primary)
                repolish(button)
        cont = self.button(QWizard.WizardButton.NextButton)
        if isinstance(cont, QPushButton):
            cont.setDefault(not on_provider)

    def load_providers(self, select: str | None = None, *, test: bool = False) -> None:
        """Read the configured providers on a worker (issue 29), then show them on the
        provider step, selecting ``select`` (a name) or the first; ``test``: then Test
        connection on it (a provider just saved)."""
        self.runner.run("setup-providers", self._load_providers(select, test), context="Setup")

    async def _load_providers(self, select: str | None, test: bool) -> None:
        self.providers = list(await self.runner.run_in_thread(self.svc.providers.list))
        for p in self.providers:
            self.provider_places[p.name] = (p.kind, p.base_url)
        self.provider_page.show_providers(select)
        if test:
            self.provider_page.test_connection()

    def chosen_provider(self) -> str | None:
        """The provider chosen for the assistant, else the one selected on the provider
        step (the Summaries step starts from it)."""
        chosen = self.assistant_page.provider_combo.currentData() or self.provider_page.selected()
        return str(chosen) if chosen is not None else None

    def chat_model(self) -> str:
        """The assistant step's model id, as chosen or typed ("" for none)."""
        return self.assistant_page.model_combo.currentText().strip()

    def busy(self) -> bool:
        """True while a read or write of the setup runs on a worker (tests wait on it)."""
        return any(self.runner.is_running(name) for name in ("setup-providers", "setup-assistant",
                                                              "setup-summarizer"))

    def catalog_for(self, provider: object, offered: Sequence[str]) -> list[str]:
        """The bundled catalog's ids to offer under ``provider`` (a name) beside the
        ``offered`` ones it serves: none under a local server, the maker's own under its
        API (``core.model_ids.catalog_fits``; walk36 saw 43 cloud ids under llama.cpp)."""
        from chathub_desktop.core.model_ids import catalog_fits

        place = self.provider_places.get(str(provider)) if provider else None
        return [m for m in self.catalog_ids
                if m not in offered and (place is None or catalog_fits(m, *place))]
