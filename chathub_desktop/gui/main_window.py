"""The main window (issue #2 "Foundation"): assistants and topics on the left, the
message view and the input area on the right, menus, shortcuts and the status bar.

Widgets hold no business rules: every decision is a service call (``Services``); long
or cancellable work goes through :class:`~chathub_desktop.gui.task_runner.TaskRunner`.
A reply keeps streaming when the user switches topic (APP-8): the service owns the send
task; this window only follows the current topic's events.

Topic compaction (CMP-6, CMP-13, CMP-15, CMP-18, APP-7): Topic → Compact now
(Ctrl+Shift+K) and View topic summary… (Ctrl+Shift+S), also in the topic list's context
menu and the token popover. While a run is in flight for the open topic the actions
read "Compacting…" and are disabled, the status bar shows its batches with a Stop
button (Esc stops it too) and the outcome afterwards. The message list marks the last
message the summary covers; Edit message… / Delete message refresh the view and badge.

Memory dreams and the tray (APP-4, DRM-6): attach() starts a
:class:`~chathub_desktop.gui.tray.DreamRunner` (a due scheduled dream runs while the
app is open, caught up once shortly after start) and a
:class:`~chathub_desktop.gui.tray.TrayController`; Assistant → Run due dreams now /
Pause dreams mirror its menu. When a system tray exists, closing the window hides it
there (dreams keep firing); File → Quit (Ctrl+Q) or the tray's Quit ends the app.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6 import QtCore
from PySide6.QtCore import (
    QByteArray,
    QItemSelectionModel,
    QModelIndex,
    QSettings,
    QTimer,
    Signal,
)
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QFrame,
    QHBoxLayout,
    QLabel,
    QListView,
    QMainWindow,
    QProgressBar,
    QPushButton,
    QSizePolicy,
    QSplitter,
    QStackedWidget,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from chathub_desktop.gui import confirm
from chathub_desktop.gui.composer import Composer
from chathub_desktop.gui.error_presenter import ErrorPresenter
from chathub_desktop.gui.reply_notice import ReplyNoticeBar, ReplyNotices
from chathub_desktop.services.errors import ServiceError

if TYPE_CHECKING:
    import asyncio

    from chathub_desktop.gui.assistant_dialog import AssistantDialog
    from chathub_desktop.gui.help_menu import AboutDialog, ShortcutsDialog
    from chathub_desktop.gui.import_dialog import ImportDialog
    from chathub_desktop.gui.settings_dialog import SettingsDialog
    from chathub_desktop.gui.setup_wizard import SetupWizard
    from chathub_desktop.gui.summary_dialog import SummaryDialog
    from chathub_desktop.gui.task_runner import TaskRunner
    from chathub_desktop.gui.tray import DreamRunner, TrayController
    from chathub_desktop.services.container import Services
    from chathub_desktop.services.dream_service import DreamOutcome
    from chathub_desktop.services.views import EstimateView

APP_TITLE = "ChatHub Desktop"
COMPACT_TEXT = "&Compact now"
COMPACTING_TEXT = "Compacting…"
#: Human names of compaction triggers (status bar).
TRIGGER_TEXT = {
    "manual": "Compact now",
    "token_threshold": "Token auto-compact",
    "message_count": "History limit compaction",
    "overflow": "Overflow rescue",
    "threshold": "Threshold compaction",
}


def outcome_text(outcome: object) -> str:
    """One line for a ``CompactionOutcome`` (CMP-6): compacted (before → after tokens) /
    nothing eligible / failed (reason) / could not reach the target."""
    status = str(getattr(outcome, "status", ""))
    message = str(getattr(outcome, "message", "") or "")
    before, after = getattr(outcome, "before_tokens", None), getattr(outcome, "after_tokens", None)
    tokens = f" · next request {before:,} → {after:,} tokens" if isinstance(before, int) and isinstance(after, int) \
        else ""
    if status == "compacted":
        body = message[:1].upper() + message[1:] if message.startswith("compacted") else f"Compacted: {message}"
        return f"{body}{tokens}"
    if status == "nothing_eligible":
        detail = message.removeprefix("nothing eligible: ")
        return f"Nothing eligible: {detail}" if detail else "Nothing eligible"
    if status == "failed":
        return f"Compaction failed: {message}" if message else "Compaction failed"
    if status == "unreachable":
        detail = message.removeprefix("could not reach the target: ")
        return f"Could not reach the target: {detail}{tokens}"
    return message or status

WELCOME_HTML = """
<div align="center">
<h2>Welcome to ChatHub Desktop</h2>
<p>Chat with your own API keys, keep every conversation on this computer.</p>
<ol>
<li><b>Settings → Providers…</b> (Ctrl+,) — add OpenAI, Anthropic, OpenRouter or a local server.</li>
<li><b>Assistant → New…</b> — choose its provider, model and instructions.</li>
<li>Type below and press <b>Ctrl+Enter</b>. Or import your history:
<b>File → Import → Chat history export…</b> (Ctrl+I: ChatGPT, Claude, Open WebUI, LibreChat).</li>
</ol>
</div>
"""


def _tool_button(action: QAction, label: str) -> QToolButton:
    """A text button for ``action``. It shows ``label`` (set as the action's icon text,
    so menus keep the action's own text) and the action's tooltip, and follows the
    action's enabled state."""
    action.setIconText(label)
    b = QToolButton()
    b.setDefaultAction(action)
    b.setAutoRaise(False)
    return b


class MainWindow(QMainWindow):
    """ChatHub Desktop's window over ``services``.

    ``settings_file``: an INI path to remember the window geometry in (None: not
    remembered, as in tests). ``quit_requested`` fires when the window closes or Quit is
    chosen; the composition root then awaits :meth:`shutdown`.
    """

    quit_requested = Signal()
    topic_opened = Signal(int)

    def __init__(self, services: Services | None = None, settings_file: Path | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(APP_TITLE)
        self.setObjectName("mainWindow")
        self._settings_file = settings_file
        self.presenter = ErrorPresenter(self, self.show_status)
        self._topic_id: int | None = None
        self._drafts: dict[int, str] = {}  # unsent text per topic, kept while the app runs
        self._estimate_running = False
        self._estimate_pending = False
        self._estimate_invalidate = False
        self.estimates_shown = 0
        self.launches_handed_over = 0  # later launches on this data dir (bring_to_front)
        self.dialogs: dict[str, QWidget] = {}
        self._compacting: set[int] = set()  # topics whose Compact now this window started
        self._compaction_tasks: dict[int, asyncio.Task[object]] = {}
        self._outcomes: dict[int, str] = {}  # last outcome line per topic (popover)
        self._progress: dict[int, str] = {}  # status-bar progress text per running topic
        self._quitting = False  # Quit was chosen: closing ends the app even with a tray
        self.dream_runner: DreamRunner | None = None  # attach()
        self.tray: TrayController | None = None  # attach()
        self._build_actions()
        self._build_ui()
        self._build_menus()
        self.resize(1280, 800)
        self._restore_geometry()
        if services is not None:
            self.attach(services)
        else:  # inert until attach(): only Quit and About work
            self.centralWidget().setEnabled(False)
            self.menuBar().setEnabled(False)
            for a in (*self.actions(), self.delete_topic_action):
                a.setEnabled(a in (self.quit_action, self.about_action))
            self.show_status("Opening your chats…", 0)

    def attach(self, services: Services) -> None:
        """Bind the window to ``services`` and fill it. ``run_gui`` shows the window
        first and attaches once the store is open, so the window appears at once."""
        # loaded after first paint: asyncio, the list models and the message painter
        from chathub_desktop.gui.chat_events import ChatEvents
        from chathub_desktop.gui.context_controls import ContextControls
        from chathub_desktop.gui.message_list_model import MessageListModel
        from chathub_desktop.gui.message_list_view import MessageListView
        from chathub_desktop.gui.task_runner import TaskRunner
        from chathub_desktop.gui.topic_list_delegate import TopicListDelegate
        from chathub_desktop.gui.topic_list_model import TopicListModel

        self.svc = services
        self.view.prefs.apply_hint()
        self.runner: TaskRunner = TaskRunner(self.presenter)
        self.events = ChatEvents(services.bus, self)
        self._wire()
        self.topic_model = TopicListModel(services.topics, self.events, self)
        self.topic_list.setModel(self.topic_model)
        self.topic_list.setItemDelegate(TopicListDelegate(self.topic_list))
        self.topic_list.selectionModel().currentChanged.connect(self._on_topic_selected)
        self.message_model = MessageListModel(services.topics, self.events, self)
        self.message_model.cursor_lookup = self._summary_cursor
        self.message_view = MessageListView(self.message_model)
        self.message_view.edit_requested.connect(self.edit_message)
        self.message_view.delete_requested.connect(self.delete_message)
        self.message_view.code_copied.connect(lambda _first: self.show_status("Code block copied", 3000))
        self.message_view.retry_requested.connect(self.retry_reply)
        self.reply_notices = ReplyNotices(self.reply_notice, self.events, lambda: self._topic_id,
                                          self._stop_topic, self.retry_reply_in, self)
        self.stack.addWidget(self.message_view)
        self.context_controls = ContextControls(self)  # issue 19: privacy, receipts, secrets, focus
        self.composer.badge.bind_services(services)
        self.composer.badge.bind_controller(self.compact_topic, self.open_summary,
                                            self.is_compacting, self._outcomes.get)
        self._connect_events()
        self.search.bind(self.events)  # issue 14: keeps the search index filled
        self.versions.bind(self.events)  # issue 14: the version arrows
        for a in (*self.actions(), self.delete_topic_action):
            a.setEnabled(True)  # reload_assistants() narrows them to the selection
        self.centralWidget().setEnabled(True)
        self.menuBar().setEnabled(True)
        self.statusBar().clearMessage()
        self.reload_assistants()
        self._start_dreams()
        from chathub_desktop.gui.live_refresh import LiveRefresh

        self.live = LiveRefresh(self)  # other processes' writes, while visible (issue 13)
        self.runner.run("first-run", self._first_run(), context="Setup")

    def _start_dreams(self) -> None:
        """The dream timer and the tray (APP-4, DRM-6); after first paint, like all of attach()."""
        from chathub_desktop.gui.tray import DreamRunner, TrayController

        if self.dream_runner is not None:
            return
        self.dream_runner = DreamRunner(self.svc, self.runner, status=self.show_status, parent=self)
        self.dream_runner.load_paused()
        self.tray = TrayController(self, self.dream_runner, self.quit_action, parent=self)
        self.assistant_menu.addSeparator()
        self.assistant_menu.addAction(self.tray.run_due_action)
        self.assistant_menu.addAction(self.tray.pause_action)
        self.dream_runner.run_finished.connect(self._on_dreams_ran)
        self.dream_runner.start()
        from chathub_desktop.gui.notifications import Notifier

        self.notifier = Notifier(self, self.runner, enabled=lambda: self.view.prefs.notifications)

    def _on_dreams_ran(self, outcomes: list[DreamOutcome]) -> None:
        """A scheduled run ended: a notification per outcome worth telling, and the open
        Memory page re-reads its last-run line."""
        combo = self.assistant_combo
        self.notifier.on_dreams_ran(outcomes, lambda aid: combo.itemText(combo.findData(aid)))
        page = self.dialogs.get("memory")
        panel = getattr(page, "dream_panel", None)
        if panel is not None:
            panel.schedule_reload()

    # --- construction ---------------------------------------------------------------------
    def _wire(self) -> None:
        """What only matters once the window takes input. It runs in attach(), after
        first paint, because building PySide6's ``Qt`` namespace costs about 20 ms."""
        self.delete_topic_action.setShortcutContext(QtCore.Qt.ShortcutContext.WidgetShortcut)
        self.topic_list.setEditTriggers(QAbstractItemView.EditTrigger.EditKeyPressed)
        self.topic_list.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.topic_list.setContextMenuPolicy(QtCore.Qt.ContextMenuPolicy.ActionsContextMenu)
        self.composer.wire()

    def _action(self, text: str, slot: object, shortcut: QKeySequence | str | None = None,
                tip: str = "") -> QAction:
        a = QAction(text, self)
        if shortcut is not None:
            a.setShortcuts([QKeySequence(shortcut)])  # setShortcut() would build Qt's namespace
        if tip:
            a.setToolTip(tip)
            a.setStatusTip(tip)
        a.triggered.connect(slot)  # type: ignore[arg-type]
        self.addAction(a)
        return a

    def _build_actions(self) -> None:
        self.import_action = self._action("Chat history export…", lambda *_: self.open_import(), "Ctrl+I",
                                          "Import conversations from a ChatGPT, Claude, Open WebUI or "
                                          "LibreChat export (the format is detected)")
        from chathub_desktop.core.export_formats import FORMATS

        self.import_format_actions = [
            self._action(f"{f.label} export…", lambda *_, name=f.name: self.open_import(name), None,
                         f"Import conversations from a {f.label} export. {f.how_to_export}")
            for f in FORMATS]
        self.quit_action = self._action("&Quit", self.request_quit, "Ctrl+Q",
                                        "Quit ChatHub Desktop (a reply being written is kept as interrupted)")
        self.providers_action = self._action("&Providers…", self.open_settings, "Ctrl+,",
                                             "Add or change LLM providers and their API keys")
        self.new_assistant_action = self._action("&New…", self.open_new_assistant, "Ctrl+Shift+N",
                                                 "Create an assistant (Ctrl+Shift+N)")
        self.edit_assistant_action = self._action("&Edit…", self.open_edit_assistant, "Ctrl+E",
                                                  "Edit the selected assistant's settings (Ctrl+E)")
        self.memory_action = self._action("&Memory…", self.open_memory, "Ctrl+M",
                                          "The selected assistant's memory: switch, fixed memory and the memory "
                                          "dream (Ctrl+M)")
        self.about_action = self._action("&About ChatHub Desktop", self.open_about, None,
                                         "Version, data folder, database and where API keys are kept")
        self.data_folder_action = self._action("Open &data folder", self.open_data_folder, None,
                                               "Show the folder holding your data in the file manager")
        self.shortcuts_action = self._action("&Keyboard shortcuts", self.open_shortcuts, "Ctrl+/",
                                             "Every keyboard shortcut of the window (Ctrl+/)")
        self.setup_action = self._action("&Setup…", self.open_setup, None,
                                         "The first-run setup: a provider, an assistant, your history")
        self.new_topic_action = self._action("New &topic", self.new_topic, "Ctrl+N",
                                             "Start a new topic with this assistant (Ctrl+N)")
        self.rename_topic_action = self._action("&Rename topic", self.rename_topic, "F2",
                                                "Rename the selected topic (F2)")
        self.delete_topic_action = QAction("&Delete topic", self)
        self.delete_topic_action.setShortcuts(QKeySequence.StandardKey.Delete)
        self.delete_topic_action.setToolTip("Delete the selected topic and its messages (Del)")
        self.delete_topic_action.triggered.connect(self.delete_topic)
        self.stop_action = self._action("Stop", self.stop_current, "Esc",
                                        "Stop the reply being written, or the compaction running, "
                                        "in this topic (Esc)")
        self.compact_action = self._action(COMPACT_TEXT, lambda: self.compact_topic(), "Ctrl+Shift+K",
                                           "Summarize this topic's completed turns now with the History "
                                           "Compress model; messages stay (Ctrl+Shift+K)")
        self.summary_action = self._action("View topic &summary…", lambda: self.open_summary(), "Ctrl+Shift+S",
                                           "The topic's rolling summary, its model, Copy / Export and the "
                                           "compaction debug log (Ctrl+Shift+S)")
        self.system_agent_action = self._action("System &Agent…", self.open_system_agent, None,
                                                "History Compress model, topic naming model and summary archives")

    def _build_ui(self) -> None:
        # sidebar
        side = QWidget()
        side.setObjectName("sidebar")
        sl = QVBoxLayout(side)
        sl.setContentsMargins(10, 10, 6, 10)
        sl.setSpacing(6)
        a_label = QLabel("&Assistant")
        a_label.setObjectName("sectionLabel")
        sl.addWidget(a_label)
        self.assistant_combo = QComboBox()
        self.assistant_combo.setObjectName("assistantCombo")
        self.assistant_combo.setToolTip("The assistant whose topics are listed below")
        a_label.setBuddy(self.assistant_combo)
        self.assistant_combo.currentIndexChanged.connect(self._on_assistant_changed)
        sl.addWidget(self.assistant_combo)
        arow = QHBoxLayout()
        arow.setSpacing(4)
        self.new_assistant_button = _tool_button(self.new_assistant_action, "New assistant")
        self.edit_assistant_button = _tool_button(self.edit_assistant_action, "Edit assistant")
        arow.addWidget(self.new_assistant_button)
        arow.addWidget(self.edit_assistant_button)
        self.memory_button = _tool_button(self.memory_action, "Memory")
        arow.addWidget(self.memory_button)
        arow.addStretch(1)
        sl.addLayout(arow)
        sl.addSpacing(8)
        t_label = QLabel("&Topics")
        t_label.setObjectName("sectionLabel")
        sl.addWidget(t_label)
        self.topic_list = QListView()  # single selection; its editing and menu: _wire()
        self.topic_list.setObjectName("topicList")
        self.topic_list.setUniformItemSizes(True)
        self.topic_list.setAccessibleName("Topics")
        self.topic_list.setSpacing(1)
        self.topic_list.addAction(self.delete_topic_action)
        self.topic_list.addAction(self.rename_topic_action)
        self.topic_list.insertAction(self.delete_topic_action, self.new_topic_action)
        sep = QAction(self.topic_list)
        sep.setSeparator(True)
        self.topic_list.addAction(sep)
        self.topic_list.addAction(self.compact_action)
        self.topic_list.addAction(self.summary_action)
        t_label.setBuddy(self.topic_list)
        sl.addWidget(self.topic_list, 1)
        trow = QHBoxLayout()
        trow.setSpacing(4)
        self.new_topic_button = _tool_button(self.new_topic_action, "New topic")
        self.rename_topic_button = _tool_button(self.rename_topic_action, "Rename")
        self.delete_topic_button = _tool_button(self.delete_topic_action, "Delete")
        for b in (self.new_topic_button, self.rename_topic_button, self.delete_topic_button):
            trow.addWidget(b)
        trow.addStretch(1)
        sl.addLayout(trow)
        # chat side
        chat = QWidget()
        cl = QVBoxLayout(chat)
        cl.setContentsMargins(0, 0, 0, 0)
        cl.setSpacing(0)
        self.welcome = QLabel(WELCOME_HTML)  # centred by its HTML
        self.welcome.setObjectName("welcome")
        self.welcome.setWordWrap(True)
        self.welcome.setMargin(40)
        self.stack = QStackedWidget()
        self.stack.addWidget(self.welcome)  # the message view joins in attach()
        cl.addWidget(self.stack, 1)
        self.reply_notice = ReplyNoticeBar()  # issue 12: a silent provider, a short Retry-After
        cl.addWidget(self.reply_notice)
        line = QFrame()
        line.setFrameShape(QFrame.Shape.HLine)
        line.setFrameShadow(QFrame.Shadow.Sunken)
        cl.addWidget(line)
        self.composer = Composer()
        self.composer.send_requested.connect(self.send_message)
        self.composer.stop_requested.connect(self.stop_current)
        self.composer.draft_settled.connect(lambda _t: self.schedule_estimate())
        cl.addWidget(self.composer)
        self.splitter = QSplitter()
        self.splitter.addWidget(side)
        self.splitter.addWidget(chat)
        self.splitter.setStretchFactor(0, 0)
        self.splitter.setStretchFactor(1, 1)
        self.splitter.setSizes([280, 1000])
        self.splitter.setChildrenCollapsible(False)
        side.setMinimumWidth(200)
        self.setCentralWidget(self.splitter)
        self.sidebar = side
        self.model_label = QLabel()
        self.model_label.setToolTip("Provider and chat model of the selected assistant")
        # compaction progress (APP-7): label + bar + Stop, shown while a run is going
        self.compaction_box = QWidget()
        self.compaction_box.setObjectName("compactionProgress")
        bl = QHBoxLayout(self.compaction_box)
        bl.setContentsMargins(0, 0, 8, 0)
        bl.setSpacing(6)
        self.compaction_label = QLabel()
        self.compaction_label.setObjectName("compactionLabel")
        self.compaction_bar = QProgressBar()
        self.compaction_bar.setObjectName("compactionBar")
        self.compaction_bar.setFixedWidth(110)
        self.compaction_bar.setMaximumHeight(14)
        self.compaction_bar.setTextVisible(False)
        self.compaction_stop = QPushButton("Stop")
        self.compaction_stop.setObjectName("compactionStop")
        self.compaction_stop.setToolTip("Stop this compaction (Esc); nothing of it is stored")
        self.compaction_stop.clicked.connect(self.stop_compaction)
        self.compaction_stop.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self.compaction_box.setSizePolicy(QSizePolicy.Policy.Maximum, QSizePolicy.Policy.Preferred)
        bl.addWidget(self.compaction_label)
        bl.addWidget(self.compaction_bar)
        bl.addWidget(self.compaction_stop)
        self.compaction_box.hide()
        # issue 10: a write of this window waits for another ChatHub process
        self.store_wait_label = QLabel("Waiting for the store — another ChatHub process is writing…")
        self.store_wait_label.setObjectName("storeWaiting")
        self.store_wait_label.hide()
        self.statusBar().addPermanentWidget(self.store_wait_label)
        self.statusBar().addPermanentWidget(self.compaction_box)
        self.statusBar().addPermanentWidget(self.model_label)

    def _build_menus(self) -> None:
        mb = self.menuBar()
        file_menu = mb.addMenu("&File")
        import_menu = file_menu.addMenu("&Import")
        import_menu.addAction(self.import_action)
        import_menu.addSeparator()
        for action in self.import_format_actions:
            import_menu.addAction(action)
        file_menu.addSeparator()
        file_menu.addAction(self.quit_action)
        topic_menu = self.topic_menu = mb.addMenu("&Topic")
        from chathub_desktop.gui.search_controller import SearchController

        self.search = SearchController(self)  # issue 14: Ctrl+K / Ctrl+Shift+F
        topic_menu.addAction(self.search.action)
        topic_menu.addAction(self.new_topic_action)
        topic_menu.addAction(self.rename_topic_action)
        topic_menu.addAction(self.delete_topic_action)
        topic_menu.addSeparator()
        topic_menu.addAction(self.compact_action)
        topic_menu.addAction(self.summary_action)
        topic_menu.addSeparator()
        topic_menu.addAction(self.stop_action)
        from chathub_desktop.gui.reply_versions import ReplyVersionsController

        self.versions = ReplyVersionsController(self)  # issue 14: Regenerate (Ctrl+R), Resend, ‹ 2 / 3 ›
        topic_menu.addAction(self.versions.regenerate_action)
        from chathub_desktop.gui.topic_actions import TopicActions

        self.topic_actions = TopicActions(self, topic_menu, import_menu)  # issue 14
        assistant_menu = self.assistant_menu = mb.addMenu("&Assistant")
        assistant_menu.addAction(self.new_assistant_action)
        assistant_menu.addAction(self.edit_assistant_action)
        assistant_menu.addAction(self.memory_action)
        settings_menu = mb.addMenu("&Settings")
        settings_menu.addAction(self.providers_action)
        settings_menu.addAction(self.system_agent_action)
        from chathub_desktop.gui.view_menu import ViewController

        self.view = ViewController(self, self.sidebar, self._qsettings())
        help_menu = mb.addMenu("&Help")
        help_menu.addAction(self.setup_action)
        help_menu.addAction(self.shortcuts_action)
        help_menu.addAction(self.data_folder_action)
        help_menu.addSeparator()
        help_menu.addAction(self.about_action)
        for m in (file_menu, topic_menu, assistant_menu, settings_menu, help_menu, import_menu):
            m.setToolTipsVisible(True)

    def _connect_events(self) -> None:
        ev = self.events
        ev.message_added.connect(self._on_message_added)
        ev.reply_finished.connect(self._on_reply_finished)
        ev.topic_changed.connect(self._on_topic_changed)
        ev.compaction_progress.connect(self._on_compaction_progress)
        ev.store_waiting.connect(self.store_wait_label.setVisible)  # queued from worker threads

    # --- geometry ---------------------------------------------------------------------------
    def _qsettings(self) -> QSettings | None:
        if self._settings_file is None:
            return None
        return QSettings(str(self._settings_file), QSettings.Format.IniFormat)

    def _restore_geometry(self) -> None:
        s = self._qsettings()
        if s is None:
            return
        geo = s.value("window/geometry")
        if isinstance(geo, QByteArray):
            self.restoreGeometry(geo)
        split = s.value("window/splitter")
        if isinstance(split, QByteArray):
            self.splitter.restoreState(split)

    def _save_geometry(self) -> None:
        s = self._qsettings()
        if s is not None:
            s.setValue("window/geometry", self.saveGeometry())
            s.setValue("window/splitter", self.splitter.saveState())

    # --- status -----------------------------------------------------------------------------
    def show_status(self, text: str, ms: int = 5000) -> None:
        """A message in the status bar for ``ms`` milliseconds (0: until replaced), cut
        with "…" to the room left of the permanent labels; the whole text is the
        status bar's tooltip (issue 16)."""
        bar = self.statusBar()
        room = bar.width() - sum(w.width() + 12 for w in (self.store_wait_label, self.compaction_box,
                                                             self.model_label) if w.isVisible()) - 24
        room, shown = max(80, room), text
        if bar.isVisible() and bar.fontMetrics().horizontalAdvance(text) > room:  # Qt's namespace only then
            from PySide6.QtCore import Qt

            shown = bar.fontMetrics().elidedText(text, Qt.TextElideMode.ElideRight, room)
        bar.setToolTip(text if shown != text else "")
        bar.showMessage(shown, ms)

    # --- assistants -------------------------------------------------------------------------
    def current_assistant_id(self) -> int | None:
        """The selected assistant's id."""
        data = self.assistant_combo.currentData()
        return int(data) if data is not None else None

    def reload_assistants(self, select_id: int | None = None) -> None:
        """Re-read assistants; keep (or switch to ``select_id``) the selection."""
        keep = select_id if select_id is not None else self.current_assistant_id()
        self.assistant_combo.blockSignals(True)
        self.assistant_combo.clear()
        for a in self.svc.assistants.list():
            self.assistant_combo.addItem(a.name, a.id)
            self.assistant_combo.setItemData(
                self.assistant_combo.count() - 1,
                f"{a.name}: {a.model or 'no model'} via {a.provider_name or 'no provider'}",
                QtCore.Qt.ItemDataRole.ToolTipRole,
            )
        if keep is not None and self.assistant_combo.findData(keep) >= 0:
            self.assistant_combo.setCurrentIndex(self.assistant_combo.findData(keep))
        self.assistant_combo.blockSignals(False)
        self._on_assistant_changed()

    def _on_assistant_changed(self, *_args: object) -> None:
        aid = self.current_assistant_id()
        has = aid is not None
        self.edit_assistant_action.setEnabled(has)
        self.memory_action.setEnabled(has)
        self.new_topic_action.setEnabled(has)
        self.composer.set_can_send(has, "Create an assistant first (Assistant → New…)")
        self.update_assistant_label()
        self.topic_model.load(aid)
        self._sync_topic_actions()
        if self.topic_model.rowCount() > 0:
            self.select_topic_row(0)
        else:
            self.open_topic(None)

    def update_assistant_label(self) -> None:
        """Show the selected assistant's model and provider above the messages."""
        aid = self.current_assistant_id()
        if aid is None:
            self.model_label.setText("No assistant")
            self.message_view.delegate.assistant_name = "Assistant"
            return
        try:
            a = self.svc.assistants.get(aid)
        except ServiceError:
            return
        self.message_view.delegate.assistant_name = a.name
        self.model_label.setText(f"{a.model or 'no model'} · {a.provider_name or 'no provider'}")

    # --- topics -----------------------------------------------------------------------------
    @property
    def current_topic_id(self) -> int | None:
        """The open topic."""
        return self._topic_id

    def select_topic_row(self, row: int) -> None:
        """Select (and open) the topic on ``row``."""
        idx = self.topic_model.index(row)
        self.topic_list.selectionModel().setCurrentIndex(
            idx, QItemSelectionModel.SelectionFlag.ClearAndSelect
        )

    def select_topic(self, topic_id: int) -> None:
        """Select (and open) ``topic_id`` when listed."""
        row = self.topic_model.row_of(topic_id)
        if row is not None:
            self.select_topic_row(row)

    def _on_topic_selected(self, current: QModelIndex, _previous: QModelIndex) -> None:
        t = self.topic_model.topic_at(current.row()) if current.isValid() else None
        self.open_topic(t.id if t else None)
        self._sync_topic_actions()

    def _sync_topic_actions(self) -> None:
        has = self.topic_list.currentIndex().isValid()
        self.rename_topic_action.setEnabled(has)
        self.delete_topic_action.setEnabled(has)
        self._sync_compaction()

    def open_topic(self, topic_id: int | None) -> None:
        """Show ``topic_id`` in the message view (newest page only) and re-estimate."""
        if topic_id == self._topic_id and topic_id is not None:
            return
        if self._topic_id is not None:  # each topic keeps its own unsent draft
            draft = self.composer.text()
            if draft:
                self._drafts[self._topic_id] = draft
            else:
                self._drafts.pop(self._topic_id, None)
        self.composer.set_text(self._drafts.pop(topic_id, "") if topic_id is not None else "")
        self._topic_id = topic_id
        self.message_view.set_sending_first(False)
        self.message_model.show_page(None)
        if topic_id is not None:  # the store read and the Markdown rendering run off the GUI thread
            self.runner.run("open-topic", self._show_topic(topic_id), context="Open topic")
        no_assistant = self.current_assistant_id() is None
        self.stack.setCurrentWidget(self.welcome if no_assistant else self.message_view)
        self._sync_sending()
        self._show_progress()
        if hasattr(self, "reply_notices"):
            self.reply_notices.sync()
        self.badge_estimate(None)
        self.schedule_estimate()
        if topic_id is not None:
            self.topic_opened.emit(topic_id)

    def reload_topic(self) -> None:
        """Read the open topic's newest page again (another process changed it)."""
        if self._topic_id is not None:
            self.runner.run("open-topic", self._show_topic(self._topic_id), context="Open topic")

    async def _show_topic(self, topic_id: int) -> None:
        """Fetch the newest page of ``topic_id`` and render its Markdown on worker threads,
        then show it (unless another topic was opened meanwhile)."""
        page = await self.runner.run_in_thread(self.message_model.fetch_page, topic_id)
        rendered = await self.runner.run_in_thread(self.message_view.delegate.page_renderer(page.views))
        if self._topic_id != topic_id:
            return
        self.message_view.delegate.add_rendered(rendered)
        self.message_model.show_page(page)

    def new_topic(self, *, private: bool = False) -> int | None:
        """Create a "New topic" (``private``: issue 19) for the current assistant and open
        it; returns its id."""
        aid = self.current_assistant_id()
        if aid is None:
            self.show_status("Create an assistant first (Assistant → New…)")
            return None
        try:
            t = self.svc.topics.create(aid, private=private)
        except ServiceError as exc:
            self.presenter.present(exc, context="New topic")
            return None
        self.select_topic_row(self.topic_model.insert_first(t))
        self.composer.draft.setFocus()
        return t.id

    def rename_topic(self) -> None:
        """Edit the selected topic's title in place (F2)."""
        idx = self.topic_list.currentIndex()
        if idx.isValid():
            self.topic_list.setFocus()
            self.topic_list.edit(idx)

    def delete_topic(self) -> None:
        """Delete the selected topic after confirmation (a running reply is stopped)."""
        idx = self.topic_list.currentIndex()
        t = self.topic_model.topic_at(idx.row()) if idx.isValid() else None
        if t is None:
            return
        if not confirm.ask(self, "Delete topic",
                           f"Delete “{t.title}” and its {t.message_count:,} messages? This cannot be undone."):
            return
        self.svc.chat.stop(t.id)
        try:
            self.svc.topics.delete(t.id)
        except ServiceError as exc:
            self.presenter.present(exc, context="Delete topic")
            return
        row = idx.row()
        self.topic_model.remove(t.id)
        if self.topic_model.rowCount() > 0:
            self.select_topic_row(min(row, self.topic_model.rowCount() - 1))
        else:
            self.open_topic(None)
        self.show_status(f"Deleted “{t.title}”")

    def _on_topic_changed(self, topic_id: int) -> None:
        if topic_id == 0:  # assistant settings changed
            self.update_assistant_label()
            self.schedule_estimate(invalidate=True)
        elif topic_id == self._topic_id:  # compaction, edit, delete, title
            self.message_model.refresh_cursor()
            self.schedule_estimate(invalidate=True)
        if self.topic_model.rename_error:
            self.show_status(self.topic_model.rename_error)
            self.topic_model.rename_error = None

    # --- sending ----------------------------------------------------------------------------
    def send_message(self, text: str) -> asyncio.Task[object] | None:
        """Send ``text`` into the open topic (a new topic when none is open)."""
        if not text.strip():
            return None
        topic_id = self._topic_id
        if topic_id is None:
            topic_id = self.new_topic()
            if topic_id is None:
                return None
        try:
            task = self.svc.chat.start_send(topic_id, text)
        except ServiceError as exc:
            self.presenter.present(exc, context="Cannot send")
            return None
        self.composer.clear()
        if self.message_model.rowCount() == 0:
            self.message_view.set_sending_first(True)
        self.runner.track(task, context="Sending failed")
        task.add_done_callback(lambda t, tid=topic_id, txt=text: self._on_send_done(tid, txt, t))
        self._sync_sending()
        self.message_view.scroll_to_end()
        return task  # type: ignore[return-value]

    def _on_send_done(self, topic_id: int, text: str, task: asyncio.Task[object]) -> None:
        self._sync_sending()
        self.message_view.set_sending_first(False)
        if task.cancelled():
            return
        exc = task.exception()
        if isinstance(exc, ServiceError) and topic_id == self._topic_id and not self.composer.text():
            self.composer.set_text(text)  # nothing was stored: give the draft back
        notice = getattr(task.result(), "notice", None) if exc is None else None
        if notice:
            self.show_status(f"Reply {notice}", 15000)

    def retry_reply(self, message_id: int) -> asyncio.Task[object] | None:
        """Retry in the open topic (the Retry pill of its last reply, issue 12)."""
        return None if self._topic_id is None else self.retry_reply_in(self._topic_id, message_id)

    def retry_reply_in(self, topic_id: int, message_id: int) -> asyncio.Task[object] | None:
        """Ask again for reply ``message_id`` of ``topic_id`` (a stalled one is stopped
        first, its text so far replaced); a refusal is shown in one line (issue 12)."""
        task = self.svc.chat.start_retry(topic_id, message_id)
        self.runner.track(task, context="Cannot retry")
        task.add_done_callback(lambda _t: self._sync_sending())
        self._sync_sending()
        self.message_view.scroll_to_end()
        return task

    def _stop_topic(self, topic_id: int) -> None:
        if self.svc.chat.stop(topic_id):
            self.show_status("Stopped — the text so far is kept", 3000)

    def stop_current(self) -> None:
        """Esc: stop the reply streaming into the open topic, else its compaction."""
        if self._topic_id is None:
            return
        if self.svc.chat.stop(self._topic_id):
            self.show_status("Stopped — the text so far is kept", 3000)
        elif self.is_compacting(self._topic_id):
            self.stop_compaction()

    def _sync_sending(self) -> None:
        sending = self._topic_id is not None and self.svc.chat.is_sending(self._topic_id)
        self.composer.set_sending(sending)
        compacting = self._topic_id is not None and self.is_compacting(self._topic_id)
        self.stop_action.setEnabled(sending or compacting)

    # --- compaction (CMP-6, CMP-13, APP-7) -------------------------------------------------
    def is_compacting(self, topic_id: int) -> bool:
        """True while a compaction of ``topic_id`` runs (started here, or by a send)."""
        c = getattr(self, "svc", None) and self.svc.compaction
        return topic_id in self._compacting or (c is not None and c.in_flight(topic_id))

    def _summary_cursor(self, topic_id: int) -> int | None:
        c = self.svc.compaction
        if c is None:
            return None
        try:
            return c.summary(topic_id).cursor_message_id
        except ServiceError:
            return None

    def _sync_compaction(self) -> None:
        """Compact now reads "Compacting…" and is disabled while the open topic compacts."""
        available = hasattr(self, "svc") and self.svc.compaction is not None
        tid = self._topic_id
        busy = tid is not None and available and self.is_compacting(tid)
        self.compact_action.setEnabled(available and tid is not None and not busy)
        self.compact_action.setText(COMPACTING_TEXT if busy else COMPACT_TEXT)
        self.summary_action.setEnabled(available and tid is not None)
        if hasattr(self, "svc"):
            self._sync_sending()
            self.composer.badge.popover.sync()

    def compact_topic(self, topic_id: int | None = None, focus: str = "") -> asyncio.Task[object] | None:
        """Compact now for ``topic_id`` (default: the open topic), with the user's
        ``focus`` instructions (issue 19); returns the task, or None when nothing was
        started (no topic, no compaction, already running)."""
        tid = self._topic_id if topic_id is None else topic_id
        if tid is None or self.svc.compaction is None:
            return None
        if self.is_compacting(tid):
            self.show_status("This topic is already compacting; wait for that run to finish (Esc stops it)")
            return None
        self._compacting.add(tid)
        self._outcomes.pop(tid, None)
        self._progress[tid] = "Compacting…"
        task = self.runner.run(f"compact:{tid}", self._compact(tid, focus), context="Compact now")
        self._compaction_tasks[tid] = task
        self._sync_compaction()
        self._show_progress()
        return task

    async def _compact(self, topic_id: int, focus: str = "") -> None:
        from chathub_desktop.services.compaction_service import CompactionInProgress

        assert self.svc.compaction is not None
        try:
            outcome = await self.svc.compaction.compact(topic_id, focus=focus)
        except CompactionInProgress as exc:
            self.show_status(str(exc).capitalize())
            return
        except ServiceError as exc:
            self._outcomes[topic_id] = f"Compaction failed: {exc}"
            raise
        finally:
            self._compacting.discard(topic_id)
            self._compaction_tasks.pop(topic_id, None)
            self._progress.pop(topic_id, None)
            self._sync_compaction()
            self._show_progress()
        text = outcome_text(outcome)
        self._outcomes[topic_id] = text
        self._sync_compaction()
        if topic_id == self._topic_id:
            self.show_status(text, 10000)
            self.message_model.refresh_cursor()
            self.schedule_estimate(invalidate=True)

    def stop_compaction(self) -> None:
        """Stop the open topic's compaction (Stop in the status bar, Esc): nothing of a
        cancelled run is stored (CMP-13)."""
        tid = self._topic_id
        if tid is None or self.svc.compaction is None:
            return
        stopped = self.svc.compaction.cancel(tid)
        task = self._compaction_tasks.get(tid)
        if task is not None and not task.done():
            task.cancel()
            stopped = True
        if stopped:
            self._outcomes[tid] = "Compaction stopped — the summary is unchanged"
            self.show_status(self._outcomes[tid], 5000)

    def _on_compaction_progress(self, topic_id: int, trigger: str, phase: str, done: int, total: int,
                                status: str) -> None:
        if phase == "started":
            self._progress[topic_id] = "Compacting…" if trigger == "manual" else \
                f"{TRIGGER_TEXT.get(trigger, 'Compaction')}: compacting…"
        elif phase == "batch":
            self._progress[topic_id] = f"Compacting… batch {done} of {total}"
        elif phase == "finished":
            self._progress.pop(topic_id, None)
            if trigger != "manual" and topic_id == self._topic_id:
                from chathub_desktop.gui.summary_dialog import RESULT_TEXT

                text = f"{TRIGGER_TEXT.get(trigger, 'Compaction')}: " + (
                    "stopped" if status == "cancelled" else RESULT_TEXT.get(status, status))
                self._outcomes[topic_id] = text
                self.show_status(text, 8000)
        self._sync_compaction()
        self._show_progress(topic_id, done if phase == "batch" else 0, total if phase == "batch" else 0)

    def _show_progress(self, topic_id: int | None = None, done: int = 0, total: int = 0) -> None:
        """The status-bar progress of the open topic's run (hidden when none)."""
        if not hasattr(self, "svc"):
            return
        tid = self._topic_id
        text = self._progress.get(tid) if tid is not None else None
        if text is None or tid is None or not self.is_compacting(tid):
            self.compaction_box.hide()
            return
        if topic_id == tid:
            if total:
                self.compaction_bar.setRange(0, total)
                self.compaction_bar.setValue(done)
            else:
                self.compaction_bar.setRange(0, 0)  # busy until the first batch is done
        self.compaction_label.setText(text)
        self.compaction_box.show()

    def open_summary(self, topic_id: int | None = None) -> SummaryDialog | None:
        """Topic → View topic summary… (non-blocking; one viewer, re-pointed at the topic)."""
        from chathub_desktop.gui.summary_dialog import SummaryDialog

        tid = self._topic_id if topic_id is None else topic_id
        if tid is None or self.svc.compaction is None:
            return None
        old = self.dialogs.get("summary")
        if isinstance(old, SummaryDialog):
            old.close()
        title = ""
        row = self.topic_model.row_of(tid)
        t = self.topic_model.topic_at(row) if row is not None else None
        if t is not None:
            title = t.title
        dlg = SummaryDialog(self.svc, tid, events=self.events, title=title, parent=self)
        self.dialogs["summary"] = dlg
        dlg.open()
        return dlg

    # --- message edits (CMP-15) -------------------------------------------------------------
    def edit_message(self, message_id: int) -> QWidget | None:
        """Message → Edit message… (non-blocking); the view and badge refresh on save."""
        from chathub_desktop.gui.message_edit_dialog import MessageEditDialog

        if self.svc.messages is None:
            return None
        row = self.message_model.row_of(message_id)
        m = self.message_model.message_at(row) if row is not None else None
        if m is None:
            return None
        cursor = self.message_model.summary_cursor
        crow = self.message_model.row_of(cursor) if cursor is not None else None
        covered = crow is not None and row is not None and row <= crow
        dlg = MessageEditDialog(self.svc.messages, m, covered=covered, parent=self)
        dlg.saved.connect(lambda v: self._after_message_change(v.id, edited=True, cursor=cursor))
        dlg.resend_requested.connect(self.versions.resend)  # issue 14: a new branch here
        self.dialogs["edit_message"] = dlg
        dlg.open()
        return dlg

    def delete_message(self, message_id: int) -> bool:
        """Message → Delete message, after confirmation."""
        if self.svc.messages is None:
            return False
        if not confirm.ask(self, "Delete message",
                           "Delete this message from the topic? This cannot be undone."):
            return False
        cursor = self.message_model.summary_cursor
        try:
            self.svc.messages.delete_message(message_id)
        except ServiceError as exc:
            self.presenter.present(exc, context="Delete message")
            return False
        self._after_message_change(message_id, edited=False, cursor=cursor)
        return True

    def _after_message_change(self, message_id: int, *, edited: bool, cursor: int | None) -> None:
        if edited:
            self.message_model.refresh_message(message_id)
        else:
            self.message_model.remove_message(message_id)
        self.message_model.refresh_cursor()
        self.schedule_estimate(invalidate=True)
        what = "Message edited" if edited else "Message deleted"
        if cursor is not None and self.message_model.summary_cursor is None:
            what += " — the topic summary covered it and was cleared; the next compaction rebuilds it"
        self.show_status(what, 6000)

    def _on_message_added(self, topic_id: int, _message_id: int) -> None:
        if topic_id == self._topic_id:
            self._sync_sending()
            self.schedule_estimate(invalidate=True)

    def _on_reply_finished(self, topic_id: int, _message_id: int, status: str, error: str) -> None:
        row = self.topic_model.row_of(topic_id)
        topic = self.topic_model.topic_at(row) if row is not None else None
        if getattr(self, "notifier", None) is not None:
            self.notifier.on_reply_finished(topic.title if topic else "", status, error)
        # the send task ends right after this event: re-check the buttons once it has
        QTimer.singleShot(0, self._sync_sending)
        QTimer.singleShot(100, self._sync_sending)
        if topic_id == self._topic_id:
            self.schedule_estimate(invalidate=True)
            if status == "error" and error:
                self.show_status(f"The reply failed: {error}", 8000)  # the error says whose

    # --- token estimate (TOK-1, TOK-2) --------------------------------------------------------
    def schedule_estimate(self, invalidate: bool = False) -> None:
        """Recount the badge for the open topic and the current draft, in a worker thread.

        Runs never overlap: a request while one runs is remembered and started after it.
        ``invalidate`` (the topic's history changed) drops the service's cached history
        right before the next run starts, so a run that began earlier cannot leave a
        stale cache behind. Typing does not invalidate: only the draft is recounted.
        """
        self._estimate_pending = True
        self._estimate_invalidate = self._estimate_invalidate or invalidate
        if not self._estimate_running:
            self._start_estimate()

    def _start_estimate(self) -> None:
        if not self._estimate_pending:
            return
        self._estimate_pending = False
        topic_id = self._topic_id
        if topic_id is None:
            self._estimate_invalidate = False
            self.badge_estimate(None)
            return
        if self._estimate_invalidate:
            self.svc.estimates.invalidate(topic_id)
            self._estimate_invalidate = False
        self._estimate_running = True
        self.runner.run("estimate", self._estimate(topic_id, self.composer.text()),
                        context="Token estimate", quiet=True)

    async def _estimate(self, topic_id: int, draft: str) -> None:
        try:
            e = await self.runner.run_in_thread(self.svc.estimates.estimate, topic_id, draft)
            if topic_id == self._topic_id:
                self.badge_estimate(e)
        finally:
            self._estimate_running = False
            if self._estimate_pending:
                QTimer.singleShot(0, self._start_estimate)

    def badge_estimate(self, e: EstimateView | None) -> None:
        """Show ``e`` on the badge."""
        if e is not None:
            self.estimates_shown += 1
        self.composer.badge.show_estimate(e)

    # --- dialogs ---------------------------------------------------------------------------
    def open_settings(self) -> SettingsDialog:
        """Settings → Providers… (non-blocking); returns the dialog."""
        from chathub_desktop.gui.settings_dialog import SettingsDialog  # loaded on first use

        dlg = SettingsDialog(self.svc.providers, self, services=self.svc, model_ids=self._model_ids())
        dlg.providers_changed.connect(lambda: self.reload_assistants())
        if dlg.system_page is not None:
            dlg.system_page.saved.connect(lambda: self.schedule_estimate(invalidate=True))
        self.dialogs["settings"] = dlg
        dlg.open()
        return dlg

    def open_system_agent(self) -> SettingsDialog:
        """Settings → System Agent… (non-blocking)."""
        dlg = self.open_settings()
        dlg.show_system_agent()
        return dlg

    def _model_ids(self) -> list[str]:
        return [e.id for e in self.svc.catalog.entries]

    def open_new_assistant(self) -> AssistantDialog:
        """Assistant → New… (non-blocking)."""
        from chathub_desktop.gui.assistant_dialog import AssistantDialog  # loaded on first use

        dlg = AssistantDialog(self.svc.assistants, self.svc.providers, None, self._model_ids(), self,
                              provider_models=self.svc.provider_models)
        dlg.saved.connect(lambda a: self.reload_assistants(a.id))
        self.dialogs["assistant"] = dlg
        dlg.open()
        return dlg

    def open_edit_assistant(self) -> AssistantDialog | None:
        """Assistant → Edit… for the selected assistant (non-blocking)."""
        aid = self.current_assistant_id()
        if aid is None:
            return None
        try:
            a = self.svc.assistants.get(aid)
        except ServiceError as exc:
            self.presenter.present(exc)
            return None
        from chathub_desktop.gui.assistant_dialog import AssistantDialog

        dlg = AssistantDialog(self.svc.assistants, self.svc.providers, a, self._model_ids(), self,
                              provider_models=self.svc.provider_models)
        dlg.saved.connect(lambda v: self.reload_assistants(v.id))
        self.dialogs["assistant"] = dlg
        dlg.open()
        return dlg

    def open_memory(self) -> QWidget | None:
        """Assistant → Memory… (Ctrl+M) for the selected assistant (non-blocking; one page
        per assistant, raised when already open)."""
        from chathub_desktop.gui.memory.fixed_page import MemoryPage

        aid = self.current_assistant_id()
        if aid is None:
            return None
        old = self.dialogs.get("memory")
        if isinstance(old, MemoryPage) and old.assistant_id == aid:
            if not old.isVisible():  # it heard no events while closed: read it again
                old.schedule_reload()
                old.dream_panel.schedule_reload()
            old.show()
            old.raise_()
            old.activateWindow()
            return old
        if isinstance(old, MemoryPage):
            old.detach()
            old.close()
        page = MemoryPage(self.svc, aid, events=self.events, runner=self.runner,
                          presenter=self.presenter, parent=self)
        from chathub_desktop.gui.memory_paste_dialog import attach_paste_import

        attach_paste_import(page)  # issue 15: Import from another assistant…
        self.dialogs["memory"] = page
        page.show()
        return page

    def open_import(self, fmt: str | None = None) -> ImportDialog | None:
        """File → Import → Chat history export… (``fmt`` ``None``: detected from the
        file) or one format's entry (issue 15); non-blocking."""
        if self.assistant_combo.count() == 0:
            self.presenter.present(ServiceError("Create an assistant first: imported conversations "
                                                "become its topics (Assistant → New…)."), context="Import")
            return None
        # ijson is not on the start-up path
        from chathub_desktop.gui.import_dialog import ImportDialog

        dlg = ImportDialog(self.svc, self.runner, self.current_assistant_id(), self, fmt=fmt)
        dlg.imported.connect(self._on_imported)
        self.dialogs["import"] = dlg
        dlg.open()
        return dlg

    def _on_imported(self, assistant_id: int, result: object) -> None:
        from chathub_desktop.gui.import_dialog import result_text

        self.show_status(result_text(result), 10000)  # type: ignore[arg-type]
        if assistant_id == self.current_assistant_id():
            keep = self._topic_id
            self.topic_model.load(assistant_id)
            if keep is not None and self.topic_model.row_of(keep) is not None:
                self.select_topic(keep)
            elif self.topic_model.rowCount():
                self.select_topic_row(0)
        else:
            self.reload_assistants(assistant_id)

    def open_about(self) -> AboutDialog:
        """Help → About (non-blocking): the facts are read on a worker thread."""
        from chathub_desktop.gui.help_menu import AboutDialog

        dlg = AboutDialog(self)
        self.dialogs["about"] = dlg
        dlg.open()
        if getattr(self, "svc", None) is not None:
            self.runner.run("about", self._fill_about(dlg), context="About")
        return dlg

    async def _fill_about(self, dlg: AboutDialog) -> None:
        info = await self.runner.run_in_thread(self.svc.about)
        dlg.set_info(info)

    def open_setup(self) -> SetupWizard:
        """Help → Setup… (non-blocking); also opened once on an empty store."""
        from chathub_desktop.gui.setup_wizard import SetupWizard

        wizard = SetupWizard(self.svc, self.runner, self._model_ids(), self)
        wizard.finished_setup.connect(self._on_setup_finished)
        self.dialogs["setup"] = wizard
        wizard.open()
        return wizard

    def _on_setup_finished(self, assistant_id: int, import_chats: bool, import_memory: bool) -> None:
        self.reload_assistants(assistant_id or None)
        if import_memory:
            page = self.open_memory()
            if page is not None:
                page.open_import()  # type: ignore[attr-defined]
        if import_chats:
            self.open_import()

    async def _first_run(self) -> None:
        """Open the setup once per data dir on a store with no provider and no assistant."""
        s = self._qsettings()
        if s is None or str(s.value("setup/shown", "")) == "true":
            return
        empty = await self.runner.run_in_thread(
            lambda: not self.svc.providers.list() and not self.svc.assistants.list())
        s.setValue("setup/shown", "true")
        if empty:
            self.open_setup()

    def open_data_folder(self) -> None:
        """Help → Open data folder."""
        from chathub_desktop.gui.help_menu import open_data_folder

        if not open_data_folder(self.svc.data_dir):
            self.show_status(f"No file manager answered; the data folder is {self.svc.data_dir}", 15000)

    def open_shortcuts(self) -> ShortcutsDialog:
        """Help → Keyboard shortcuts: the window's and every open page's (non-blocking)."""
        from chathub_desktop.gui.help_menu import ShortcutsDialog

        sections: list[tuple[str, QWidget]] = [("Window", self)]
        sections += [(w.windowTitle() or name, w) for name, w in self.dialogs.items()
                     if w.isVisible() and name not in ("about", "shortcuts")]
        dlg = ShortcutsDialog(sections, self)
        self.dialogs["shortcuts"] = dlg
        dlg.open()
        return dlg

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
        self.show_status("ChatHub was started again: this window is the one for your data")

    # --- quitting --------------------------------------------------------------------------
    def request_quit(self) -> None:
        """File → Quit (Ctrl+Q), also the tray's Quit: end the app, even when the window
        is hidden in the tray."""
        self._quitting = True
        if not self.close():  # refused only when something ignored the close event
            self._save_geometry()
            self.quit_requested.emit()

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
        if hasattr(self, "live"):
            self.live.stop()
        if self.dream_runner is not None:
            self.dream_runner.stop()
        self.search.stop_indexing()
        if self.tray is not None:
            self.tray.shutdown()
        if getattr(self, "notifier", None) is not None:
            self.notifier.closing = True  # replies stopped by the quit are not news
        if hasattr(self, "svc"):
            await self.svc.chat.shutdown()
        if hasattr(self, "runner"):
            await self.runner.shutdown()
        if hasattr(self, "events"):
            self.events.detach()
