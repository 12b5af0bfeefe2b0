"""The main window (issue #2 "Foundation"): assistants and topics on the left, the
message view and the input area on the right, the navigation rail with its app menu,
shortcuts and the status line (issue 29: no classic menu bar or status bar).

Widgets hold no business rules: every decision is a service call (``Services``); long
or cancellable work goes through :class:`~chathub_desktop.gui.shell.task_runner.TaskRunner`.
Its components hold the rest, each given what it needs through a small Protocol:
``switcher`` (:mod:`~chathub_desktop.gui.chat.assistant_switcher`: the selected assistant),
``opener`` (:mod:`~chathub_desktop.gui.topics.topic_opener`: listing and opening topics, drafts),
``sending`` (:mod:`~chathub_desktop.gui.chat.send_controller`: Send, Retry, Stop),
``compaction`` (:mod:`~chathub_desktop.gui.context.compaction_controller`: Compact now, its
progress, the summary viewer), ``estimate`` (the token badge runs), ``message_actions``
(Edit / Delete message, CMP-15) and ``pages`` (:mod:`~chathub_desktop.gui.shell.window_pages`:
every dialog and page), ``sidebar`` (:mod:`~chathub_desktop.gui.topics.topic_sidebar`: the
topic list's column) and ``remembered`` (:mod:`~chathub_desktop.gui.shell.window_geometry`:
what is remembered between runs). Its actions and menus are built by
:mod:`~chathub_desktop.gui.shell.window_actions`.

Memory dreams and the tray (APP-4, DRM-6): attach() starts a ``DreamRunner`` (a due
dream runs while the app is open) and a ``TrayController`` (gui.tray). With a system
tray, closing the window hides it there; Quit (Ctrl+Q) or the tray's Quit ends the app.
The chat column's empty states (no topic, an empty topic): gui.chat_empty.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6 import QtCore
from PySide6.QtCore import (
    QCoreApplication,
    QEvent,
    Signal,
)
from PySide6.QtGui import QAction, QCloseEvent
from PySide6.QtWidgets import (
    QComboBox,
    QLabel,
    QListView,
    QMainWindow,
    QSplitter,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from chathub_desktop.gui.chat.assistant_switcher import AssistantSwitcher
from chathub_desktop.gui.chat.composer import Composer
from chathub_desktop.gui.chat.message_actions import MessageActions
from chathub_desktop.gui.chat.reply_notice import ReplyNoticeBar, ReplyNotices
from chathub_desktop.gui.chat.send_controller import SendController
from chathub_desktop.gui.chat.send_keys import SendKey
from chathub_desktop.gui.chat.tool_approval import ToolApprovalBar, ToolApprovals
from chathub_desktop.gui.context.compaction_controller import CompactionController
from chathub_desktop.gui.context.estimate_controller import EstimateController
from chathub_desktop.gui.design.tokens import MIN_WINDOW
from chathub_desktop.gui.shell.error_bar import ErrorBar
from chathub_desktop.gui.shell.error_presenter import ErrorPresenter
from chathub_desktop.gui.shell.floating_notices import ChatEdges, FloatingNotices
from chathub_desktop.gui.shell.focus_chain import FocusChain
from chathub_desktop.gui.shell.i18n import QT_TRANSLATE_NOOP
from chathub_desktop.gui.shell.nav_rail import (
    NavRail,
    PageHost,
    PageId,
    shell,
)
from chathub_desktop.gui.shell.status_line import StatusLine
from chathub_desktop.gui.shell.welcome_panel import WelcomePanel
from chathub_desktop.gui.shell.window_actions import (
    build_actions,
    build_menus,
    decorate_actions,
    retranslate_window,
)
from chathub_desktop.gui.shell.window_geometry import WindowGeometry
from chathub_desktop.gui.shell.window_pages import WindowPages
from chathub_desktop.gui.topics.topic_delete import TopicDeletes
from chathub_desktop.gui.topics.topic_opener import TopicOpener
from chathub_desktop.gui.topics.topic_sidebar import TopicSidebar

if TYPE_CHECKING:
    import asyncio

    from PySide6.QtWidgets import QMenu

    from chathub_desktop.gui.chat.attachments import AttachmentController
    from chathub_desktop.gui.chat.chat_header import ChatHeader
    from chathub_desktop.gui.chat.message_inline_edit import InlineEditor
    from chathub_desktop.gui.chat.message_list_model import MessageListModel
    from chathub_desktop.gui.chat.message_list_view import MessageListView
    from chathub_desktop.gui.chat.reply_versions import ReplyVersionsController
    from chathub_desktop.gui.search.search_controller import SearchController
    from chathub_desktop.gui.shell.chat_events import ChatEvents
    from chathub_desktop.gui.shell.live_refresh import LiveRefresh
    from chathub_desktop.gui.shell.nav_rail import PageShortcuts, RailRoutes
    from chathub_desktop.gui.shell.notifications import Notifier
    from chathub_desktop.gui.shell.task_runner import TaskRunner
    from chathub_desktop.gui.shell.tray import DreamRunner, TrayController
    from chathub_desktop.gui.shell.view_menu import ViewController
    from chathub_desktop.gui.topics.topic_actions import TopicActions
    from chathub_desktop.gui.topics.topic_list_model import TopicListModel
    from chathub_desktop.services.container import Services, Store
    from chathub_desktop.services.events import EventBus
    from chathub_desktop.services.topics.first_page import FirstPage
    from chathub_desktop.services.views import AssistantView

APP_TITLE = "ChatHub Desktop"
#: What the chat area says while the store opens (before attach()).
OPENING_TEXT = QT_TRANSLATE_NOOP("Composer", "Opening your chats…")


@dataclass(frozen=True)
class ChatColumn:
    """The chat column's parts, once built over the bus (issue 29: the window's first
    start-up stage, :meth:`MainWindow.show_first_page` or :meth:`MainWindow.attach_store`):
    the GUI task runner, the bus's Qt signals, the message list and its editor in place."""

    runner: TaskRunner
    events: ChatEvents
    message_view: MessageListView
    inline_editor: InlineEditor


def _warm_memory_cards() -> None:
    """The window is idle after start: set up the Memory page's card painting now, a few
    ms a turn, so the first open of Memory does not pay it (issue 30)."""
    from chathub_desktop.gui.memory.card_warmup import warm_card_paint_later

    warm_card_paint_later()


class MainWindow(QMainWindow):
    """ChatHub Desktop's window over ``services``.

    ``settings_file``: an INI path to remember the window geometry in (None: not
    remembered, as in tests). ``quit_requested`` fires when the window closes or Quit is
    chosen; the composition root then awaits :meth:`shutdown`. Store reads and writes run
    on the store workers (issue 29): ``topics_listed`` and ``topic_created`` say when their
    results are shown.
    """

    quit_requested = Signal()
    topic_opened = Signal(int)
    # the parts the window's components reach through their Protocols (issue 29); set
    # while building the chat column (show_first_page / attach_store) or the window;
    # ``store`` and ``svc`` are properties over what attach_store() / attach() gave
    runner: TaskRunner
    events: ChatEvents
    topic_model: TopicListModel
    message_model: MessageListModel
    message_view: MessageListView
    chat_header: ChatHeader
    attachments: AttachmentController
    notifier: Notifier | None
    composer: Composer
    topic_list: QListView
    sidebar: TopicSidebar
    central: QWidget
    switcher: AssistantSwitcher
    tool_approval_bar: ToolApprovalBar
    error_bar: ErrorBar
    status_line: StatusLine
    notices: FloatingNotices
    assistant_combo: QComboBox
    stack: QStackedWidget
    page_host: PageHost
    focus_chain: FocusChain
    splitter: QSplitter
    reply_notice: ReplyNoticeBar
    search: SearchController
    versions: ReplyVersionsController
    view: ViewController
    topic_menu: QMenu
    assistant_menu: QMenu
    import_menu: QMenu
    settings_menu: QMenu
    help_menu: QMenu
    # the menu actions and their controllers (gui.window_actions builds them)
    quit_action: QAction
    import_action: QAction
    import_format_actions: list[QAction]
    providers_action: QAction
    new_assistant_action: QAction
    edit_assistant_action: QAction
    data_folder_action: QAction
    shortcuts_action: QAction
    back_action: QAction
    app_menu_action: QAction
    app_menu: QMenu
    setup_action: QAction
    new_topic_action: QAction
    compact_action: QAction
    system_agent_action: QAction
    topic_actions: TopicActions
    rail_routes: RailRoutes
    page_keys: PageShortcuts
    about_action: QAction
    memory_action: QAction
    rename_topic_action: QAction
    delete_topic_action: QAction
    summary_action: QAction
    stop_action: QAction
    sending: SendController
    compaction: CompactionController
    estimate: EstimateController
    message_actions: MessageActions
    pages: WindowPages
    deletes: TopicDeletes
    #: The topic list was read (on a store worker) and its selection made (issue 29).
    topics_listed = Signal()
    #: ``new_topic`` created this topic and opened it.
    topic_created = Signal(int)
    #: Once: the first listing's open topic painted its rows, or there was none (issue 29).
    opening_shown = Signal()
    #: Once: the rows in view of the page read before the store opened painted (issue 29).
    first_page_shown = Signal()

    def __init__(self, services: Services | None = None, settings_file: Path | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(APP_TITLE)
        self.setObjectName("mainWindow")
        # the start-up stages' parts, typed (issue 29: two-stage start-up, no hasattr)
        self._store: Store | None = None  # attach_store()
        self._services: Services | None = None  # attach()
        self._column: ChatColumn | None = None  # _build_column()
        self.live: LiveRefresh | None = None  # attach(): other processes' writes (issue 13)
        self.remembered = WindowGeometry(settings_file)  # geometry, the topic open at quit
        self.presenter = ErrorPresenter(self, self.show_status)
        self.opener = TopicOpener(self, self)  # the open topic, its listing and drafts
        self._resume_topic: int | None = None  # attach_store: the topic open at the last quit
        self.opener.topics_listed.connect(self.topics_listed)
        self.opener.topic_created.connect(self.topic_created)
        self.opener.topic_opened.connect(self.topic_opened)
        self.opener.opening_shown.connect(self.opening_shown)
        self.opener.settled.connect(_warm_memory_cards)
        self.opener.settled.connect(lambda: self.pages.prepare_memory())
        self.opener.preview_shown.connect(self.first_page_shown)
        self.takes_input = False  # True once attach() gave the window every service
        self.launches_handed_over = 0  # later launches on this data dir (bring_to_front)
        self.dialogs: dict[str, QWidget] = {}
        # the window's controllers, along its seams
        self.sending = SendController(self, self)
        self.compaction = CompactionController(self, self)
        self.estimate = EstimateController(self)
        self.message_actions = MessageActions(self, self)
        self.pages = WindowPages(self, self)
        self.deletes = TopicDeletes(self, self)
        self._quitting = False  # Quit was chosen: closing ends the app even with a tray
        self.dream_runner: DreamRunner | None = None  # attach()
        self.notifier = None  # attach()
        self.tray: TrayController | None = None  # attach()
        build_actions(self, self)
        self._build_ui()
        self._build_menus()
        self.setMinimumSize(*MIN_WINDOW)  # walk49 #4: 640×480 cut Settings off
        self.remembered.restore(self, self.splitter)  # within the screen's free room (issue 29)
        if services is not None:
            self.attach(services)
        else:  # inert until attach(): only Quit and About work
            self.central.setEnabled(False)
            for a in (*self.actions(), self.delete_topic_action):
                a.setEnabled(a in (self.quit_action, self.about_action))
            # "Opening your chats…" is said in the chat's place only: a status line shown
            # now would hide at attach and shift the rows by its height (issue 29)

    @property
    def store(self) -> Store:
        """The store :meth:`attach_store` gave; AttributeError before it (issue 29)."""
        if self._store is None:
            raise AttributeError("MainWindow.store: attach_store() has not run")
        return self._store

    @store.setter
    def store(self, store: Store) -> None:
        self._store = store

    @property
    def svc(self) -> Services:
        """The services :meth:`attach` gave; AttributeError before it (issue 29)."""
        if self._services is None:
            raise AttributeError("MainWindow.svc: attach() has not run")
        return self._services

    @svc.setter
    def svc(self, services: Services) -> None:
        self._services = services

    def show_first_page(self, page: FirstPage, bus: EventBus) -> None:
        """Before the store opens (issue 29: the last topic's rows within 0.5 s): build
        the chat column over ``bus`` (the one the store will publish on) and show
        ``page``, read without the store (``services.topics.first_page``);
        ``first_page_shown`` once its rows in view painted. :meth:`attach_store` then
        reads the page again and keeps these rows when it is the same."""
        self._build_column(bus)
        delegate = self.message_view.delegate  # the replies' headers as the switcher will show them
        delegate.assistant_name, delegate.assistant_id = page.assistant_name, page.assistant_id
        delegate.assistant_avatar = page.assistant_avatar
        # walk45 #4: the assistant's name and face and its topic list as read, disabled until attach
        self.switcher.preview(page.assistant_id, page.assistant_name, page.assistant_avatar)
        self.topic_model.show(page.assistant_id, list(page.topics))
        row = self.topic_model.row_of(page.topic_id) if page.topic_id is not None else None
        if row is not None:
            selection = self.topic_list.selectionModel()
            selection.blockSignals(True)  # shown, not opened: the store's listing opens it
            self.select_topic_row(row)
            selection.blockSignals(False)
        self.opener.preview(page)
        if page.topic_id is not None:
            self.chat_header.show_topic(page.topic_id)
            self.stack.setCurrentWidget(self.chat_page)
            self.empty_states.sync()

    def attach_store(self, store: Store) -> None:
        """First stage of attaching (issue 29): the topic list and the chat column over
        ``store`` alone, then the assistants, their topics and the open topic's newest
        page read on store workers (``opening_shown`` once its rows painted). The window
        takes no input until :meth:`attach` gives it every service."""
        self.store = store
        self._build_column(store.bus)
        self.late_topics.bind(store.topics)  # the list models' and the drafts' reads
        resume = self.remembered.resume_ids()  # the assistant and topic open at the last quit (walk45 #11)
        self._resume_topic = resume.topic_id
        self.reload_assistants(resume.assistant_id)

    def _build_column(self, bus: EventBus) -> None:
        """The topic list's model and the chat column over ``bus``, once (the store's
        reads are bound to them by :meth:`attach_store`)."""
        if self._column is not None:
            return
        # loaded after first paint: asyncio, the list models and the message painter
        from chathub_desktop.gui.chat.chat_empty import ChatEmptyStates, EmptyActions, fill_composer
        from chathub_desktop.gui.chat.chat_header import ChatHeader  # it reads Qt's namespace
        from chathub_desktop.gui.chat.column_align import ComposerColumn
        from chathub_desktop.gui.chat.message_inline_edit import InlineEditor
        from chathub_desktop.gui.chat.message_jump import TopicJumps
        from chathub_desktop.gui.chat.message_list_model import MessageListModel
        from chathub_desktop.gui.chat.message_list_view import MessageListView
        from chathub_desktop.gui.shell.chat_events import ChatEvents
        from chathub_desktop.gui.shell.task_runner import TaskRunner
        from chathub_desktop.gui.topics.late_topics import LateTopics
        from chathub_desktop.gui.topics.topic_list_delegate import TopicListDelegate
        from chathub_desktop.gui.topics.topic_list_model import TopicListModel

        self.view.prefs.apply_hint()
        self.runner: TaskRunner = TaskRunner(self.presenter)
        self.events = ChatEvents(bus, self)
        self._wire()
        self.late_topics = LateTopics()  # bound by attach_store
        self.topic_model = TopicListModel(self.late_topics, self.events, self.runner, self)
        self.topic_model.rename_refused.connect(self.show_status)
        self.topic_list.setModel(self.topic_model)
        self.sidebar.watch(self.topic_model)  # an empty list says so (walk52 #11)
        self.topic_list.setItemDelegate(TopicListDelegate(self.topic_list))
        self.opener.follow_selection()
        self.message_model = MessageListModel(self.late_topics, self.events, self, reads=self.runner)
        self.message_model.pages.cursor_lookup = self.compaction.summary_cursor
        self.message_view = MessageListView(self.message_model)
        self.inline_editor = InlineEditor(self.message_view, self.message_model)  # issue 29: edit in place
        self.jumps = TopicJumps(self.message_model, self.message_view, self.runner, self)  # issue 29
        self.composer_column = ComposerColumn(self.message_view, self.composer, self)  # walk45 #10
        self.chat_header = ChatHeader(self.topic_model, self.view.sidebar_action,  # issue 29: title, list toggle
                                      face=self.switcher.face)
        self.chat_page = QWidget()
        page = QVBoxLayout(self.chat_page)
        page.setContentsMargins(0, 0, 0, 0)
        page.setSpacing(0)
        page.addWidget(self.chat_header)
        self.notices.set_header(self.chat_header)  # the error bar floats under it
        self.notices.set_messages(self.message_view, self.message_view.set_bottom_clearance)  # polish52
        self.empty_states = ChatEmptyStates(  # walk29 #19, #20: the next step; an empty topic's greeting
            self.message_view, self.message_model, self.message_view.shows_empty_text, lambda: self.opener.shown_id,
            self.switcher.ready, EmptyActions(self.providers_action, self.edit_assistant_action),
            functools.partial(fill_composer, self.composer))
        self.empty_states.watch(self.message_model.modelReset, self.message_model.rowsInserted,
                                self.message_model.rowsRemoved, self.composer.send_requested)
        page.addWidget(self.empty_states.stack, 1)
        self.stack.addWidget(self.chat_page)
        self.focus_chain.set_regions((self.rail, self.sidebar, self.chat_header, self.page_host, self.composer),
                                     self.page_host)
        self._column = ChatColumn(self.runner, self.events, self.message_view, self.inline_editor)
        self.on_send_key(self.view.prefs.send_key)
        self.composer.set_can_send(False, OPENING_TEXT)  # until every service is attached

    def attach(self, services: Services) -> None:
        """Bind the window to ``services`` and fill it (after :meth:`attach_store` on
        ``services.store``, which this runs first when it has not). ``run_gui`` shows the
        window first, attaches the store once it is open and every service once the
        first page painted, so the window appears at once and its rows follow."""
        from chathub_desktop.gui.context.context_controls import ContextControls

        early = self._store is not None  # the first page was read on the store alone
        if not early:
            self.attach_store(services.store)
        self.svc = services
        self.compaction.bind(services)
        self.message_view.edit_requested.connect(self.message_actions.edit_message)
        self.inline_editor.resend_requested.connect(self.versions.resend)
        self.inline_editor.save_requested.connect(self.message_actions.save_text)
        self.message_view.delete_requested.connect(self.message_actions.delete_message)
        self.message_view.code_copied.connect(
            lambda _first: self.show_status(QCoreApplication.translate("MainWindow", "Code block copied"), 3000))
        self.message_view.link_refused.connect(self.show_status)  # issue 32
        self.message_view.providers_requested.connect(self.events.providers_requested)  # walk53b #6
        self.message_view.retry_requested.connect(self.sending.retry_reply)
        self.message_view.continue_requested.connect(self.sending.continue_reply)
        self.message_view.summary_requested.connect(self.compaction.open_summary)  # walk52b #6
        self.message_view.interrupt_requested.connect(self.message_actions.interrupt_reply)
        self.reply_notices = ReplyNotices(self.reply_notice, self.events, lambda: self.opener.topic_id,
                                          self.sending.stop_topic, self.sending.retry_reply_in, self)
        self.tool_approvals = ToolApprovals(self.tool_approval_bar, lambda: self.opener.topic_id, self.switcher.name_of)
        self.svc.mcp_tools.approver = self.tool_approvals  # Ask is answered in the chat (issue 25)
        from chathub_desktop.gui.chat.tool_server_notice import ToolServerNotices

        self.tool_server_notices = ToolServerNotices(self.events, self.error_bar, self)
        self.context_controls = ContextControls(self, self)  # issue 19: privacy, receipts, secrets, focus
        from chathub_desktop.gui.topics.topic_model_picker import TopicModelController

        self.model_picker = TopicModelController(self, services.topic_models, self.events, self,  # issue 14
                                                 assistant=self.switcher.ready)
        self.composer.set_model_chip(self.model_picker.picker, self.model_picker.picker)  # a model per topic
        QWidget.setTabOrder(self.composer.badge, self.model_picker.picker)  # beside it for Tab too (walk49 #3)
        self.topic_opened.connect(lambda _tid: self.model_picker.sync())
        self.topic_list.selectionModel().currentChanged.connect(lambda *_a: self.model_picker.sync_later())
        self.composer.badge.bind_services(services)
        from chathub_desktop.gui.chat.attachments import AttachmentController
        from chathub_desktop.gui.shell.window_events import (
            WindowEventRoutes,  # the bus's types: after the paint
        )

        self.attachments = AttachmentController(  # issue 14: paste, drop, pick; thumbnails
            self, service=services.attachments, runner=self.runner, composer=self.composer, view=self.message_view,
            status=self.show_status, topic=lambda: self.opener.topic_id, topic_opened=self.topic_opened,
            estimate=self.estimate.schedule)
        ta = self.topic_actions  # what acts on the open topic: the chats page's keys alone (walk56 #2)
        self.page_keys.add(PageId.CHATS, [ta.pin_action, ta.archive_action, self.attachments.action,
                                          self.context_controls.privacy.new_private_action])
        self.composer.badge.bind_controller(self.compaction.compact_topic, self.compaction.open_summary,
                                            self.compaction.is_compacting, self.compaction.outcome,
                                            self.compaction.needs_summarizer)
        self.composer.badge.choose_summarizer_requested.connect(self.events.summarizer_choice_requested)
        #: The bus's events routed to the window's parts (a component).
        self.event_routes = WindowEventRoutes(
            self.events, self, sending=self.sending, compaction=self.compaction, estimate=self.estimate,
            switcher=self.switcher, open_topic=lambda: self.opener.topic_id,
            store_waiting=self.store_wait_label.setVisible, choose_summarizer=self.pages.open_system_agent,
            open_providers=self.pages.open_providers)
        self.search.bind(self.events)  # issue 14: keeps the search index filled
        self.versions.bind(self.events, self.model_picker.picker)  # issue 14: the version arrows
        self.takes_input = True
        for a in (*self.actions(), self.delete_topic_action):
            a.setEnabled(True)  # the listing narrows them to the selection
        self.deletes.sync()
        self.central.setEnabled(True)
        self.opener.focus_draft()  # the window takes input: typing goes into the open topic's box
        self.status_line.clearMessage()
        if early:  # what follows the assistant and the topic read on the store alone
            self.switcher.show_selected()
            self.sync_topic_actions()
            tid = self.opener.topic_id
            if tid is not None:
                self.topic_shown(tid)
                self.model_picker.sync()
                self.compaction.refresh_cursor()
                self.versions.refresh()
        self._start_dreams()
        from chathub_desktop.gui.shell.live_refresh import LiveRefresh

        self.live = LiveRefresh(self, self)  # other processes' writes, while visible (issue 13)
        self.runner.run("first-run", self.pages.first_run(), context="Setup")
        self.opener.services_ready()

    def _start_dreams(self) -> None:
        """The dream timer, the tray and the notifications (APP-4, DRM-6); after first
        paint, like all of attach()."""
        from chathub_desktop.gui.shell.window_dreams import start_dreams

        if self.dream_runner is not None:
            return
        combo = self.assistant_combo
        dreams = start_dreams(self, self.svc, self.runner, status=self.show_status, quit_action=self.quit_action,
                              changes=(self.events.settings_changed, self.events.assistants_changed),
                              menu=self.assistant_menu, memory_page=self.pages.memory_page,
                              assistant_name=lambda aid: combo.itemText(combo.findData(aid)),
                              notifications=lambda: self.view.prefs.notifications)
        self.dream_runner, self.tray, self.notifier = dreams.runner, dreams.tray, dreams.notifier

    # --- construction ---------------------------------------------------------------------
    def _wire(self) -> None:
        """What only matters once the window takes input. It runs in attach(), after
        first paint, because building PySide6's ``Qt`` namespace costs about 20 ms."""
        self.delete_topic_action.setShortcutContext(QtCore.Qt.ShortcutContext.WidgetShortcut)
        self.sidebar.wire()
        self.composer.wire()

    def _build_menus(self) -> None:
        """The controllers that own menu entries, each given the window as its host (issue
        14: search Ctrl+K, reply versions Ctrl+R, the View menu, the topic actions), and
        the app menu they fill (:func:`build_menus`)."""
        from chathub_desktop.gui.chat.reply_versions import ReplyVersionsController
        from chathub_desktop.gui.search.search_controller import SearchController
        from chathub_desktop.gui.shell.view_menu import ViewController
        from chathub_desktop.gui.topics.topic_actions import TopicActions

        self.search = SearchController(self, self)
        self.versions = ReplyVersionsController(self, self)
        self.view = ViewController(self, self.sidebar, self.remembered.qsettings())
        self.view.send_key_changed.connect(self.on_send_key)
        build_menus(self, self)
        self.topic_actions = TopicActions(self, self, self.topic_menu, self.import_menu)
        self.on_send_key(self.view.prefs.send_key)
        retranslate_window(self)
        decorate_actions(self)

    def _build_ui(self) -> None:
        # the assistant switcher is the rail's avatar (issue 29); its hidden combo holds the selection
        self.rail = NavRail(((QT_TRANSLATE_NOOP("NavRail", "New assistant…"), self.new_assistant_action),
                             (QT_TRANSLATE_NOOP("NavRail", "Edit assistant…"), self.edit_assistant_action)))
        self.switcher = AssistantSwitcher(self, self.rail, (self.edit_assistant_action, self.memory_action,
                                                            self.new_topic_action))
        self.assistant_combo = self.switcher.combo
        self.assistant_title = self.switcher.title
        side = self.sidebar = TopicSidebar(self.assistant_title, self.new_topic_action, self.rename_topic_action,
                                           self.delete_topic_action, (self.compact_action, self.summary_action))
        self.topic_list = side.topic_list
        # chat side
        chat = QWidget()
        cl = QVBoxLayout(chat)
        cl.setContentsMargins(0, 0, 0, 0)
        cl.setSpacing(0)
        self.welcome = WelcomePanel(self.setup_action)  # walkthrough F5: names Help → Setup…, with a button
        # until attach(): a returning user must not read the first-run welcome (issue 28)
        self.opening = QLabel()  # centred by its HTML (retranslate_window), as the welcome
        self.opening.setObjectName("opening")
        self.stack = QStackedWidget()
        self.stack.addWidget(self.opening)
        self.stack.addWidget(self.welcome)  # the message view joins in attach()
        self.error_bar = ErrorBar()  # issue 28: any bug, one line and Details…; floats (walk51 #5)
        cl.addWidget(self.stack, 1)
        self.reply_notice = ReplyNoticeBar()  # issue 12: a silent provider, a short Retry-After
        cl.addWidget(self.reply_notice)
        self.tool_approval_bar = ToolApprovalBar()  # issue 25: a tool call waiting for the user
        cl.addWidget(self.tool_approval_bar)
        self.composer = Composer()
        self.composer.send_requested.connect(self.sending.send_message)
        self.composer.refused.connect(lambda why: self.show_status(why, 8000))  # never a silent Send (issue 28)
        self.composer.stop_requested.connect(self.sending.stop_current)
        self.composer.draft_settled.connect(lambda _t: self.estimate.schedule())
        cl.addWidget(self.composer)
        self.splitter = QSplitter()
        self.splitter.addWidget(side)
        self.splitter.addWidget(chat)
        self.splitter.setStretchFactor(0, 0)
        self.splitter.setStretchFactor(1, 1)
        self.splitter.setSizes([280, 1000])
        self.splitter.setChildrenCollapsible(False)
        side.setMinimumWidth(200)
        self.page_host = PageHost()
        self.page_host.add_page(PageId.CHATS, self.splitter)
        self.status_line = StatusLine()  # shown only while it has something to say (issue 29)
        self.page_host.page_shown.connect(self.status_line.page_shown)
        self.central = shell(self.rail, self.page_host)  # the rail and every page
        self.notices = FloatingNotices(  # walk51 #5: both float over the pages, moving nothing
            self.page_host, self.status_line, self.error_bar,
            ChatEdges(chat, self.composer.card, (self.reply_notice, self.tool_approval_bar, self.composer)), self)
        self.setCentralWidget(self.central)
        # Tab in screen order, F6 by region (walk49 #3); the chat header joins in _build_column
        self.focus_chain = FocusChain(self, (self.rail, self.sidebar, self.page_host, self.composer), self.page_host)
        # issue 10: a write of this window waits for another ChatHub process
        self.store_wait_label: QLabel = QLabel()  # its text: retranslate_window
        self.store_wait_label.setObjectName("storeWaiting")
        self.store_wait_label.hide()
        self.status_line.add_permanent(self.store_wait_label)
        self.status_line.add_permanent(self.deletes.undo_button)
        self.status_line.add_permanent(self.compaction.box)  # APP-7

    def on_send_key(self, key: SendKey) -> None:
        """The send key changed (View menu): the composer, the welcome and the empty-topic
        text say the new key."""
        self.composer.set_send_key(key)
        self.welcome.set_send_key(key)
        if self._column is not None:
            self._column.message_view.empty_key = key
            self._column.inline_editor.set_send_key(key)
            self._column.message_view.viewport().update()

    def _save_geometry(self) -> None:
        in_view = (self.current_assistant_id(), self.opener.topic_id) if self._store is not None else None
        self.remembered.save(self, self.splitter, in_view)

    # --- status -----------------------------------------------------------------------------
    def show_status(self, text: str, ms: int = 5000, topic_id: int | None = None) -> None:
        """A message in the status line for ``ms`` milliseconds (0: until replaced),
        wrapped to at most three lines at a readable width; a longer one is cut there and
        offers Details… with the whole text, also its tooltip; its time stands still while
        the pointer is on it (walk52 #3: it was cut to one line). A message about ``topic_id`` goes when another topic opens ("Stopped"
        stayed on a fresh New topic)."""
        self.status_line.say(text, ms)
        self.status_line.about_topic(topic_id)

    # --- assistants (gui.assistant_switcher) ------------------------------------------------
    def current_assistant_id(self) -> int | None:
        """The selected assistant's id."""
        return self.switcher.current_id()

    def reload_assistants(self, select_id: int | None = None) -> None:
        """Re-read assistants on a store worker; keep (or switch to ``select_id``) the
        selection, then list its topics (``topics_listed`` fires when shown, issue 29)."""
        self.switcher.reload(select_id)

    async def load_assistants(self, select_id: int | None = None) -> None:
        """Read assistants on a store worker, keep (or switch to ``select_id``) the
        selection and list its topics; returns once they are shown."""
        await self.switcher.load(select_id)

    def update_assistant_label(self) -> None:
        """Re-read the selected assistant on a store worker and show its model and
        provider (its settings changed)."""
        self.switcher.update_label()

    def assistant_shown(self, assistant: AssistantView | None) -> None:
        """The selected assistant (as last read) is shown: its name on its replies, Send
        and the empty states follow it (SwitcherHost)."""
        self._sync_empty()
        delegate = self.message_view.delegate
        delegate.assistant_name = "Assistant" if assistant is None else assistant.name
        delegate.assistant_id = None if assistant is None else assistant.id
        delegate.assistant_avatar = None if assistant is None else assistant.avatar
        self.message_view.viewport().update()
        self.pages.assistant_switched()  # its Memory page is made ahead once idle (issue 30)

    def _sync_empty(self) -> None:
        """Send on or off (with why) and the chat column's empty state (walk29 #19)."""
        from chathub_desktop.gui.chat.chat_empty import send_block

        why = send_block(self.switcher.ready(), self.opener.topic_id is not None) if self.takes_input else OPENING_TEXT
        self.composer.set_can_send(why is None, why or "")
        self.empty_states.sync()

    # --- topics (gui.topic_opener) ----------------------------------------------------------
    @property
    def current_topic_id(self) -> int | None:
        """The open topic."""
        return self.opener.topic_id

    def list_topics(self, keep: int | None = None) -> asyncio.Task[None]:
        """Re-read the selected assistant's topics on a store worker; then select ``keep``
        when listed, else the first topic (``topics_listed`` fires, issue 29). Returns the
        task."""
        return self.opener.list_topics(keep)

    async def show_topics(self, assistant_id: int | None) -> None:
        """List ``assistant_id``'s topics and open the first; returns once shown (SwitcherHost)."""
        keep, self._resume_topic = self._resume_topic, None  # once: later listings open the newest
        await self.opener.show_list(assistant_id, keep)

    def select_topic_row(self, row: int) -> None:
        """Select (and open) the topic on ``row``."""
        self.opener.select_row(row)

    def select_topic(self, topic_id: int) -> None:
        """Select (and open) ``topic_id`` when listed."""
        self.opener.select(topic_id)

    def sync_topic_actions(self) -> None:
        """Rename / Delete / Compact follow the topic list's selection (TopicHost), once
        the window takes input."""
        has = self.takes_input and self.topic_list.currentIndex().isValid()
        self.rename_topic_action.setEnabled(has)
        self.delete_topic_action.setEnabled(has)
        self.compaction.sync()

    def open_topic(self, topic_id: int | None) -> None:
        """Show ``topic_id`` in the message view (newest page only) and re-estimate."""
        self.opener.open(topic_id)

    def topic_shown(self, topic_id: int | None) -> None:
        """``topic_id`` is the open topic: its header, the page (the welcome without an
        assistant), Send, compaction progress and the reply bars follow (TopicHost; the
        parts that need every service once :meth:`attach` gave them)."""
        self.chat_header.show_topic(topic_id)
        self.status_line.topic_shown(topic_id)
        self.stack.setCurrentWidget(self.welcome if self.current_assistant_id() is None else self.chat_page)
        self._sync_empty()
        if self.takes_input:
            self.sending.sync()
            self.compaction.show_progress()
            self.reply_notices.sync()
            self.tool_approvals.sync()
            if topic_id is None:  # the chip names the assistant's model (walk50 #9)
                self.model_picker.sync()

    def reload_topic(self) -> None:
        """Read the open topic's newest page again (another process changed it); after a
        jump to the start, its first page (issue 29)."""
        self.opener.reload()

    def new_topic(self, *, private: bool = False) -> None:
        """Create a "New topic" (``private``: issue 19) for the current assistant on a
        store worker and open it (``topic_created`` fires)."""
        self.opener.start_new(private=private)  # the composer is the new topic's from now on (walk45 #2)

    async def create_topic(self, *, private: bool = False) -> int | None:
        """Create a topic on a store worker, open it and return its id (None: refused,
        said in one line)."""
        return await self.opener.create(private=private)

    def rename_topic(self) -> None:
        """Edit the selected topic's title in place (F2)."""
        idx = self.topic_list.currentIndex()
        if idx.isValid():
            self.topic_list.setFocus()
            self.topic_list.edit(idx)

    def delete_topic(self) -> bool:
        """Delete the selected topic after confirmation, with Undo (:mod:`~chathub_desktop.gui.topics.topic_delete`)."""
        return self.deletes.delete()

    def forget_topic(self, topic_id: int, row: int) -> None:
        """``topic_id`` (listed on ``row``) left the list: its draft goes, and when it was
        open the topic now on that row (or the last one) opens instead."""
        self.opener.forget(topic_id, row)

    def bring_to_front(self, argv: list[str]) -> None:
        """Another launch on this data dir handed over ``argv`` (issue 13): show the
        window (also from the tray or minimized), raise it and give it focus."""
        state = self.windowState()
        if state & QtCore.Qt.WindowState.WindowMinimized:
            self.setWindowState(state & ~QtCore.Qt.WindowState.WindowMinimized)
        self.show()
        self.raise_()
        self.activateWindow()
        self.launches_handed_over += 1
        self.show_status(QCoreApplication.translate("MainWindow", "ChatHub was started again: this window is the one for your data"))

    # --- quitting --------------------------------------------------------------------------
    def request_quit(self) -> None:
        """File → Quit (Ctrl+Q), also the tray's Quit: end the app, even when the window
        is hidden in the tray."""
        self._quitting = True
        if not self.close():  # refused only when something ignored the close event
            self._save_geometry()
            self.quit_requested.emit()

    def focusNextPrevChild(self, next: bool) -> bool:  # noqa: A002, N802 - Qt override
        """Tab / Shift+Tab through :attr:`focus_chain` (walk49 #3); Qt's own chain where
        the focus sits outside it."""
        return self.focus_chain.step(next) or super().focusNextPrevChild(next)

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        """Re-set the window's own texts, actions and menus when the language changes (issue 27)."""
        if event.type() == QEvent.Type.LanguageChange:
            retranslate_window(self)
            self.switcher.retranslate()
            if self._services is not None:  # the topic list exists once the store is attached
                self.topic_model.retranslate()  # an untitled topic's "New topic" (issue 27)
        super().changeEvent(event)

    def closeEvent(self, event: QCloseEvent) -> None:
        """Closing the window: with a tray icon (and unless Quit was chosen) hide to the
        tray, where dreams keep firing (APP-4); otherwise remember the geometry and tell
        the composition root to shut down (``quit_requested``)."""
        self._save_geometry()
        if not self._quitting and self.tray is not None and self.tray.hides_on_close:
            event.ignore()
            self.hide()
            self.tray.hidden_to_tray()
            return
        event.accept()
        self.quit_requested.emit()

    async def shutdown(self) -> None:
        """Stop the dream timer and the tray icon, every reply (stored as interrupted,
        APP-8) and every GUI task (a dream in flight is recorded as stopped and retried)."""
        if self.live is not None:
            self.live.stop()
        self.pages.drop_prepared()
        self.pages.detach_memory()  # the one page that follows the bus
        if self.dream_runner is not None:
            self.dream_runner.stop()
        self.search.stop_indexing()
        if self.tray is not None:
            self.tray.shutdown()
        if self.notifier is not None:
            self.notifier.closing = True  # replies stopped by the quit are not news
        if self._services is not None:
            await self._services.chat.shutdown()
            await self.opener.discard_at_quit()  # drafts kept (walk45 #1); a new topic left unused goes (issue 27)
            await self.deletes.flush()
        if self._column is not None:
            await self._column.runner.shutdown()
            self._column.events.detach()
