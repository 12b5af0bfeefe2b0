"""The main window's dialogs and pages: Settings, assistants, Memory, Import, Help and
the first-run setup (issue 2, issue 15, issue 16). Each opens non-blocking, is kept in
``window.dialogs`` under its name, and is loaded on first use (not on the start-up path)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QCoreApplication, QObject
from PySide6.QtWidgets import QApplication, QPlainTextEdit, QTextEdit, QWidget

from chathub_desktop.core.reasons import Reason
from chathub_desktop.gui.shell.i18n import QT_TRANSLATE_NOOP, Texts, fill
from chathub_desktop.gui.shell.nav_rail import AssistantItem, PageHost, PageId
from chathub_desktop.gui.shell.open_topic_host import OpenTopicHost
from chathub_desktop.gui.shell.window_settings import SETUP_SHOWN, keep, kept
from chathub_desktop.services.errors import ServiceError

if TYPE_CHECKING:
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QComboBox, QScrollArea

    from chathub_desktop.gui.context.compaction_controller import CompactionController
    from chathub_desktop.gui.context.estimate_controller import EstimateController
    from chathub_desktop.gui.dialogs.import_dialog import ImportDialog
    from chathub_desktop.gui.memory.fixed_page import MemoryPage
    from chathub_desktop.gui.memory.page_prepare import PagePrep
    from chathub_desktop.gui.search.search_controller import SearchController
    from chathub_desktop.gui.settings.assistant_dialog import AssistantDialog
    from chathub_desktop.gui.settings.settings_page import ActionGroup, SettingsPage
    from chathub_desktop.gui.shell.chat_events import ChatEvents
    from chathub_desktop.gui.shell.error_presenter import ErrorPresenter
    from chathub_desktop.gui.shell.help_menu import AboutDialog, ShortcutsDialog
    from chathub_desktop.gui.shell.setup_wizard import SetupFinished, SetupWizard
    from chathub_desktop.gui.shell.task_runner import TaskRunner
    from chathub_desktop.gui.shell.view_menu import ViewController
    from chathub_desktop.gui.shell.window_geometry import WindowGeometry
    from chathub_desktop.gui.topics.topic_actions import TopicActions
    from chathub_desktop.gui.topics.topic_model_picker import TopicModelController
    from chathub_desktop.services.container import Services


class WarmWhenWriting(QObject):
    """Runs ``warm`` once, the first time the keyboard lands in an editable text editor
    (a :class:`QPlainTextEdit` or :class:`QTextEdit`, not read-only) inside ``page``:
    the secret rules a save redacts with (issue 19) compile while the user writes, not
    while they open or scroll the page — compiled 2 s after the open, they held the
    interpreter lock through its first scroll (walk55: stalls of 22–55 ms with the GUI
    thread's own turns under 11 ms; 10–13 ms without). Parented to ``page``."""

    def __init__(self, page: QWidget, warm: Callable[[], None]) -> None:
        super().__init__(page)
        self._page = page
        self._warm: Callable[[], None] | None = warm
        app = QApplication.instance()
        assert isinstance(app, QApplication)
        app.focusChanged.connect(self._focus)

    def _focus(self, _old: QWidget | None, new: QWidget | None) -> None:
        if self._warm is None or not isinstance(new, (QPlainTextEdit, QTextEdit)) or new.isReadOnly() \
                or not self._page.isAncestorOf(new):
            return
        warm, self._warm = self._warm, None
        QApplication.instance().focusChanged.disconnect(self._focus)  # type: ignore[union-attr]
        warm()


def _mark_setup_shown(settings: QSettings) -> None:
    keep(settings, SETUP_SHOWN, True)
    settings.sync()


def host_memory_page(host: PageHost, page: QWidget) -> QWidget:
    """Put the Memory ``page`` in the window's page ``host`` (issues 29, 30): a page of the
    window beside the rail, never a dialog over the chat, in a scroll area so a small
    window (800×560) keeps its size; hosting it again keeps its scroll and selection.
    Hosted hidden until :func:`show_memory_page`; returns the scroll area it is in."""
    from PySide6.QtWidgets import QScrollArea

    hosted = host.page(PageId.MEMORY)
    if isinstance(hosted, QScrollArea) and hosted.widget() is page:
        return hosted
    frame = hosted if isinstance(hosted, QScrollArea) and hosted.widget() is None else memory_frame(host)
    frame.setWidget(page)
    return frame


def memory_frame(host: PageHost) -> QScrollArea:
    """An empty scroll area hosted (hidden) as the Memory page, for a page to be made in
    (:mod:`~chathub_desktop.gui.memory.page_prepare`: made in place, a page is not styled
    again when it is hosted); the frame of another page it replaces is deleted."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QFrame, QScrollArea

    hosted = host.page(PageId.MEMORY)
    frame = QScrollArea()
    frame.setObjectName("memoryPageFrame")
    frame.setFrameShape(QFrame.Shape.NoFrame)
    frame.setWidgetResizable(True)
    frame.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # the page's own scroll area is the Tab stop (walk55b #7)
    Texts(frame).bind(frame.setAccessibleName, lambda: QCoreApplication.translate("WindowPages", "Memory page"))
    host.add_page(PageId.MEMORY, frame)
    if hosted is not None:
        hosted.deleteLater()  # the frame of another assistant's page
    return frame


def show_memory_page(host: PageHost, page: QWidget) -> None:
    """Host the Memory ``page`` (:func:`host_memory_page`) and show it."""
    host_memory_page(host, page)
    host.show_page(PageId.MEMORY)


def _appearance(v: ViewController) -> tuple[ActionGroup, ...]:
    """Settings → Appearance's rows over the View menu's actions (walk51): the theme and
    the text size as segments in their natural order (Light / Dark / System, Smaller /
    Default / Larger), the language in a drop-down, the send key as two segments, the
    window's switches; each with a one-line description."""
    from chathub_desktop.core.ui_language import UiLanguage
    from chathub_desktop.gui.chat.send_keys import SendKey
    from chathub_desktop.gui.design.icons import Icon
    from chathub_desktop.gui.design.tokens import Theme
    from chathub_desktop.gui.settings.settings_page import ActionGroup, Choice

    look = QT_TRANSLATE_NOOP("SettingsPage", "Look")
    typing = QT_TRANSLATE_NOOP("SettingsPage", "Language and typing")
    window = QT_TRANSLATE_NOOP("SettingsPage", "Window")
    return (
        ActionGroup(QT_TRANSLATE_NOOP("SettingsPage", "Theme"),
                    [v.theme_actions[t] for t in (Theme.LIGHT, Theme.DARK, Theme.SYSTEM)],
                    QT_TRANSLATE_NOOP("SettingsPage", "Light or dark; System follows your computer's setting."),
                    Choice.SEGMENTED, look,
                    (QT_TRANSLATE_NOOP("SettingsPage", "Light"), QT_TRANSLATE_NOOP("SettingsPage", "Dark"),
                     QT_TRANSLATE_NOOP("SettingsPage", "System")),
                    (Icon.THEME_LIGHT, Icon.THEME_DARK, Icon.THEME_SYSTEM)),
        ActionGroup(QT_TRANSLATE_NOOP("SettingsPage", "Text size"),
                    [v.smaller_action, v.default_size_action, v.larger_action],
                    QT_TRANSLATE_NOOP("SettingsPage", "The conversation and the message box; Ctrl+minus and Ctrl+plus "
                                                      "change it too."),
                    Choice.SEGMENTED, look),
        ActionGroup(QT_TRANSLATE_NOOP("SettingsPage", "Language"), [v.language_actions[lang] for lang in UiLanguage],
                    QT_TRANSLATE_NOOP("SettingsPage", "The language of menus and pages; what the model reads stays "
                                                      "as it is."),
                    Choice.COMBO, typing),
        ActionGroup(QT_TRANSLATE_NOOP("SettingsPage", "Send key"),
                    [v.send_key_actions[k] for k in (SendKey.ENTER, SendKey.CTRL_ENTER)],
                    QT_TRANSLATE_NOOP("SettingsPage", "The key that sends a message; the other one starts a new line."),
                    Choice.SEGMENTED, typing,
                    (QT_TRANSLATE_NOOP("SettingsPage", "Enter"), QT_TRANSLATE_NOOP("SettingsPage", "Ctrl+Enter"))),
        ActionGroup(window, [v.sidebar_action, v.notifications_action], heading=window),
    )


class PagesHost(OpenTopicHost, Protocol):
    """What the dialogs and pages use of the window (issue 29); the main window is one:
    the services and the window's runner, presenter and bus signals to give a page, where
    pages are hosted and dialogs kept (``dialogs``, by name), and the controllers a page
    reports to (the badge's estimate, the model menu, compaction, the topic list)."""

    svc: Services
    runner: TaskRunner
    presenter: ErrorPresenter
    events: ChatEvents
    page_host: PageHost
    dialogs: dict[str, QWidget]
    remembered: WindowGeometry
    takes_input: bool
    assistant_combo: QComboBox
    estimate: EstimateController
    compaction: CompactionController
    model_picker: TopicModelController
    topic_actions: TopicActions
    search: SearchController
    view: ViewController

    def current_assistant_id(self) -> int | None:
        """The selected assistant."""
        ...

    def reload_assistants(self, select_id: int | None = None) -> None:
        """Read the assistants again on a worker and select ``select_id``."""
        ...

    async def load_assistants(self, select_id: int | None = None) -> None:
        """Read the assistants on a worker and switch to ``select_id``."""
        ...

    def select_topic(self, topic_id: int) -> None:
        """Select (and open) ``topic_id`` when listed."""
        ...


class WindowPages:
    """Opens the dialogs and pages of the window ``host``; every ``open_*`` returns the
    dialog. ``parent``: the window as the dialogs' parent (and the owner of the Memory
    page made ahead)."""

    def __init__(self, host: PagesHost, parent: QWidget) -> None:
        self._w = host
        self._parent = parent
        self._prep: PagePrep | None = None
        self._settled = False  # the window settled once: pages are made ahead from then on

    def _model_ids(self) -> list[str]:
        return [e.id for e in self._w.svc.catalog.entries]

    def open_settings(self) -> SettingsPage:
        """Settings (Ctrl+,): the Settings page in the window (issue 29), built on first
        use and kept, so it comes back at the section and scroll it was left at (and
        with unsaved System Agent edits kept); the provider list is read again."""
        from chathub_desktop.gui.settings.settings_page import SettingsPage

        w = self._w
        page = w.dialogs.get("settings")
        if page is None:
            page = self._settings_page()
            w.dialogs["settings"] = page
            w.page_host.add_page(PageId.SETTINGS, page)
        elif not page.isVisible():
            assert isinstance(page, SettingsPage)
            page.providers_page.reload()  # a provider added meanwhile (the wizard, `provider add`)
        assert isinstance(page, SettingsPage)
        w.page_host.show_page(PageId.SETTINGS)
        page.sections.setFocus()
        return page

    def open_providers(self, name: str = "") -> SettingsPage:
        """Settings at Providers, with the provider called ``name`` chosen when it is
        listed (walk53b #6: a reply's error line links here); returns the page."""
        from chathub_desktop.gui.settings.settings_page import SettingsSection

        page = self.open_settings()
        page.show_section(SettingsSection.PROVIDERS)
        page.providers_page.reload(named=name)
        return page

    def _settings_page(self) -> SettingsPage:
        from chathub_desktop.gui.settings.models_page import ModelsPage
        from chathub_desktop.gui.settings.settings_page import SettingsPage
        from chathub_desktop.gui.settings.tools_page import ToolsPage

        w = self._w
        models = ModelsPage(w.svc, w.runner, w.presenter)
        models.changed.connect(lambda: w.estimate.schedule(invalidate=True))  # the badge recounts
        tools = ToolsPage(w.svc, w.runner, w.presenter)
        tools.changed.connect(lambda: w.estimate.schedule(invalidate=True))  # schemas are in every request
        w.events.tools_changed.connect(lambda _e: tools.reload())  # another process's `mcp add` (issue 25)
        appearance = _appearance(w.view)
        page = SettingsPage(w.svc.providers, services=w.svc, runner=w.runner, model_ids=self._model_ids(),
                            models_page=models, tools_page=tools, appearance=appearance,
                            vector_fill=w.search.vector_fill())
        page.back_requested.connect(lambda: w.page_host.show_page(PageId.CHATS))
        page.providers_changed.connect(lambda: w.reload_assistants())
        page.providers_changed.connect(lambda: w.model_picker.sync())  # a provider turned off leaves the menu
        if page.system_page is not None:
            page.system_page.saved.connect(lambda: w.estimate.schedule(invalidate=True))
            page.system_page.saved.connect(w.compaction.summarizer_changed)  # issue 28
        return page

    def open_system_agent(self) -> SettingsPage:
        """Settings → System Agent: the Settings page at that section."""
        page = self.open_settings()
        page.show_system_agent()
        return page

    def open_new_assistant(self) -> AssistantDialog:
        """Assistant → New… (non-blocking; the form fills once the providers are read on
        a worker, issue 29)."""
        return self._assistant_dialog(None)

    def open_edit_assistant(self) -> AssistantDialog | None:
        """Assistant → Edit… for the selected assistant (non-blocking; the form fills once
        it is read on a worker, issue 29); None when none is selected."""
        aid = self._w.current_assistant_id()
        return self._assistant_dialog(aid) if aid is not None else None

    def _assistant_dialog(self, assistant_id: int | None) -> AssistantDialog:
        from chathub_desktop.gui.settings.assistant_dialog import AssistantDialog
        from chathub_desktop.gui.settings.model_card_dialog import CardEditor

        w = self._w
        dlg = AssistantDialog(w.svc.assistants, w.svc.providers, w.runner, assistant_id, self._model_ids(), self._parent,
                              provider_models=w.svc.provider_models,
                              cards=CardEditor(w.svc.models, w.svc.providers, w.runner, w.presenter))
        dlg.saved.connect(lambda v: w.reload_assistants(v.id))
        w.dialogs["assistant"] = dlg
        dlg.open()
        return dlg

    def memory_page(self) -> MemoryPage | None:
        """The Memory page when one was opened (shown or not), else None."""
        page = self._w.dialogs.get("memory")
        if page is None:
            return None
        from chathub_desktop.gui.memory.fixed_page import MemoryPage

        return page if isinstance(page, MemoryPage) else None

    def prepare_memory(self) -> None:
        """The window is idle after start, or shows another assistant after a switch: make
        the Memory page of the assistant in view ahead, hidden, a step per idle turn
        (:mod:`~chathub_desktop.gui.memory.page_prepare`, issue 30), so that its first
        open only shows it and reads. A page made or making for another assistant is
        discarded, and so is a hidden page opened for another assistant (its next open
        would discard it); nothing when that assistant's page is made, making or open,
        when another's page is in view, or before the window first settled."""
        from chathub_desktop.gui.memory.page_prepare import PagePrep

        w = self._w
        self._settled = True
        aid = w.current_assistant_id()
        if aid is None:
            return
        if self._prep is not None:
            if self._prep.assistant_id == aid:
                return
            self.drop_prepared()
        old = self.memory_page()
        if old is not None:
            if old.assistant_id == aid or old.isVisible():
                return
            w.dialogs.pop("memory", None)
            old.detach()
            old.close()
            old.deleteLater()
        # the secret rules are not compiled here: they hold ~44 MB, and the window at rest
        # stays under 200 MB (issue 29); writing on the page starts them (WarmWhenWriting)
        self._prep = PagePrep(self._parent, aid, lambda: memory_frame(w.page_host),
                              lambda parent: self._new_memory_page(aid, read_on_show=True, parent=parent),
                              lambda page: host_memory_page(w.page_host, page))

    def assistant_switched(self) -> None:
        """Another assistant is in view. With the Memory page shown, the page follows: it
        becomes that assistant's (issue 30: the page is "for the assistant in view"; walk57
        #3: it stayed on the old one, and Add memory wrote there). Otherwise its Memory page
        is made ahead once idle (:meth:`prepare_memory`), when the window has settled once."""
        shown = self.memory_page()
        aid = self._w.current_assistant_id()
        if shown is not None and shown.isVisible() and aid is not None and shown.assistant_id != aid:
            self.open_memory()
            return
        if self._settled:
            self.prepare_memory()

    @property
    def prepared(self) -> MemoryPage | None:
        """The Memory page made ahead, once every step of its making ran (else None)."""
        prep = self._prep
        return prep.page if prep is not None and prep.done else None

    def drop_prepared(self) -> None:
        """Discard a page made ahead and never opened (the window closes)."""
        prep, self._prep = self._prep, None
        if prep is not None:
            prep.drop()
            prep.deleteLater()

    def detach_memory(self) -> None:
        """Stop the open Memory page following the bus (the window shuts down)."""
        page = self._w.dialogs.get("memory")
        if page is None:  # never opened: its module need not load now
            return
        from chathub_desktop.gui.memory.fixed_page import MemoryPage

        if isinstance(page, MemoryPage):
            page.detach()

    def _new_memory_page(self, aid: int, *, read_on_show: bool = False, parent: QWidget | None = None) -> MemoryPage:
        from chathub_desktop.gui.memory.fixed_page import MemoryPage

        w = self._w
        page = MemoryPage(w.svc, aid, events=w.events, runner=w.runner, presenter=w.presenter,
                          read_on_show=read_on_show, parent=parent)
        page.back_requested.connect(lambda: w.page_host.show_page(PageId.CHATS))
        return page

    def open_memory(self) -> MemoryPage | None:
        """Assistant → Memory… (Ctrl+M) for the selected assistant (one page per
        assistant, raised when already open); None when no assistant is selected. A page
        shown for the first time takes the keyboard at its top (``top_focus``); one shown
        again keeps the focus it had, as its scroll and selection."""
        from chathub_desktop.gui.memory.fixed_page import MemoryPage
        from chathub_desktop.services.memory import secret_scan

        w = self._w
        aid = w.current_assistant_id()
        if aid is None:
            return None
        prep, self._prep = self._prep, None
        ready = prep.take(aid) if prep is not None else None
        if prep is not None:
            prep.deleteLater()
        if ready is not None:  # made ahead (never with a page open): it reads on this show
            WarmWhenWriting(ready, secret_scan.warm_up)
            w.dialogs["memory"] = ready
            show_memory_page(w.page_host, ready)
            ready.top_focus.land()
            return ready
        old = w.dialogs.get("memory")
        if isinstance(old, MemoryPage) and old.assistant_id == aid:
            if not old.isVisible():  # it heard no events while closed: read it again
                old.schedule_reload()
                old.dream_panel.schedule_reload()
            show_memory_page(w.page_host, old)  # the same widget: its scroll and selection are kept
            return old
        if isinstance(old, MemoryPage):
            old.detach()
            old.close()
            old.deleteLater()
        page = self._new_memory_page(aid)
        WarmWhenWriting(page, secret_scan.warm_up)  # a save redacts (issue 19): compiled when writing starts
        w.dialogs["memory"] = page
        show_memory_page(w.page_host, page)
        page.top_focus.land()
        return page

    def open_import(self, fmt: str | None = None) -> ImportDialog | None:
        """File → Import → Chat history export… (``fmt`` ``None``: detected from the
        file) or one format's entry (issue 15); None without an assistant."""
        w = self._w
        if w.assistant_combo.count() == 0:
            w.presenter.present(ServiceError(Reason(QT_TRANSLATE_NOOP(
                "ServiceReasons", "Create an assistant first: imported conversations become its topics (Assistant "
                                  "→ New…)."))), context="Import")
            return None
        from chathub_desktop.gui.dialogs.import_dialog import (
            ImportDialog,  # ijson is not on the start-up path
        )

        combo = w.assistant_combo  # read on a worker by the window (issue 29)
        assistants = [AssistantItem(int(combo.itemData(i)), combo.itemText(i)) for i in range(combo.count())]
        dlg = ImportDialog(w.svc, w.runner, assistants, w.current_assistant_id(), self._parent, fmt=fmt)
        dlg.imported.connect(self._on_imported)
        dlg.open_topic.connect(self._open_imported)
        w.dialogs["import"] = dlg
        dlg.open()
        return dlg

    def _on_imported(self, assistant_id: int, result: object) -> None:
        from chathub_desktop.gui.dialogs.import_dialog import result_text

        w = self._w
        w.show_status(result_text(result), 10000)  # type: ignore[arg-type]
        if assistant_id == w.current_assistant_id():
            w.topic_actions.reload(keep=w.current_topic_id)
        else:
            w.reload_assistants(assistant_id)

    def _open_imported(self, assistant_id: int, topic_id: int) -> None:
        """The import dialog's Open topic: list ``assistant_id``'s topics again (read on a
        worker) and open ``topic_id`` (walk50 #8)."""
        w = self._w

        async def show() -> None:
            await w.load_assistants(assistant_id)
            w.select_topic(topic_id)

        w.runner.run("open-imported-topic", show(), context="Import")

    def open_about(self) -> AboutDialog:
        """Help → About: the facts are read on a worker thread."""
        from chathub_desktop.gui.shell.help_menu import AboutDialog

        w = self._w
        dlg = AboutDialog(self._parent)
        w.dialogs["about"] = dlg
        dlg.open()
        if w.takes_input:  # the services are attached
            w.runner.run("about", self._fill_about(dlg), context="About")
        return dlg

    async def _fill_about(self, dlg: AboutDialog) -> None:
        info = await self._w.runner.run_in_thread(self._w.svc.about)
        dlg.set_info(info)

    def open_setup(self) -> SetupWizard:
        """Help → Setup…; also opened once on an empty store (:meth:`first_run`)."""
        from chathub_desktop.gui.shell.setup_wizard import SetupWizard

        w = self._w
        wizard = SetupWizard(w.svc, w.runner, self._model_ids(), self._parent)
        wizard.finished_setup.connect(self._on_setup_finished)
        w.dialogs["setup"] = wizard
        wizard.open()
        return wizard

    def _on_setup_finished(self, done: SetupFinished) -> None:
        self._w.runner.run("setup-finished", self._after_setup(done), context="Setup")

    async def _after_setup(self, done: SetupFinished) -> None:
        await self._w.load_assistants(done.assistant_id)
        if done.import_memory:
            page = self.open_memory()
            if page is not None:
                page.transfer.open_import()
        if done.import_chats:
            self.open_import()

    async def first_run(self) -> None:
        """Open the setup on a store with no provider and no assistant until the user
        finished or closed it once (walkthrough F5: a first launch that ended while the
        setup was open shows it again); a store with either never shows it."""
        w = self._w
        s = w.remembered.qsettings()
        if s is None or kept(s, SETUP_SHOWN):
            return
        empty = await w.runner.run_in_thread(lambda: not w.svc.providers.list() and not w.svc.assistants.list())
        if not empty:
            _mark_setup_shown(s)
            return
        settings = s
        # finished = Finish, Skip setup, Esc or the close button: never a quit that only hides it
        self.open_setup().finished.connect(lambda _result: _mark_setup_shown(settings))

    def open_data_folder(self) -> None:
        """Help → Open data folder (the path in the status bar when no file manager answers)."""
        from chathub_desktop.gui.shell.help_menu import open_data_folder

        w = self._w
        if not open_data_folder(w.svc.data_dir):
            w.show_status(fill(QCoreApplication.translate("WindowPages", "No file manager answered; the data folder "
                                                          "is %1"), str(w.svc.data_dir)), 15000)

    def open_shortcuts(self) -> ShortcutsDialog:
        """Help → Keyboard shortcuts: every open page's, then the window's (walk56 #15: opened
        on the Memory page, its keys came last, behind a scroll)."""
        from chathub_desktop.gui.shell.help_menu import ShortcutsDialog

        w = self._w
        sections: list[tuple[str, QWidget]] = [(d.windowTitle() or name, d) for name, d in w.dialogs.items()
                                               if d.isVisible() and name not in ("about", "shortcuts")]
        sections.append(("Window", self._parent))
        dlg = ShortcutsDialog(sections, self._parent)
        w.dialogs["shortcuts"] = dlg
        dlg.open()
        return dlg
