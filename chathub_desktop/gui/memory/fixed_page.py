"""Assistant → Memory (MEM-1..MEM-3, MEM-7, DRM-1, APP-6): the memory master switch, the
assistant's fixed memory as numbered cards plus the raw Markdown editor, and the
Dreaming memory group (Topic snippets, then
:class:`~chathub_desktop.gui.memory.dream_panel.DreamPanel`: the dream schedule, Dream now and
the dynamic-memory cards). The two sections share the page through a splitter.

- The cards are one :class:`QListView` over :class:`MemoryEntryModel` painted by
  :class:`MemoryCardDelegate` — no widget per entry, rows handed to the view in batches
  (``fetchMore``) and laid out in batches, so a memory of 10,000 entries stays smooth.
- Every change is a :class:`~chathub_desktop.services.memory_service.MemoryService`
  call; the service publishes ``TopicChanged(0)`` after each committed change (the
  user's here, or the model's memory tool during a chat), and the page re-reads the
  entries in a worker thread, keeping the selected card and the scroll position.
- Known errors (:class:`ServiceError`, a file that cannot be written) are shown inline;
  anything else goes to the window's error presenter.
- The raw editor and the entry editor save with the version token of the document
  they showed: a save over a newer document (another window, a command, the model) is
  refused, the user's text is kept and the page offers the newer version (issue 10).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from PySide6.QtCore import (
    QAbstractListModel,
    QEvent,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import (
    QAction,
    QFont,
    QGuiApplication,
    QKeyEvent,
    QKeySequence,
    QShowEvent,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFrame,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QLineEdit,
    QListView,
    QPlainTextEdit,
    QPushButton,
    QSplitter,
    QStackedWidget,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from chathub_desktop.gui import confirm
from chathub_desktop.gui.chat_events import ChatEvents
from chathub_desktop.gui.error_presenter import ErrorPresenter
from chathub_desktop.gui.file_dialogs import open_memory_export_dialog, open_memory_import_dialog
from chathub_desktop.gui.help_button import help_button
from chathub_desktop.gui.memory.card_delegate import (
    MemoryCardDelegate,
    NumberRole,
    OriginRole,
    PausedRole,
    TrustedRole,
)
from chathub_desktop.gui.memory.history_view import MemoryHistoryDialog
from chathub_desktop.gui.service_ops import ServiceOps
from chathub_desktop.gui.task_runner import TaskRunner
from chathub_desktop.private_files import write_private
from chathub_desktop.services.container import Services
from chathub_desktop.services.errors import NotFound, ServiceError, StaleDocument
from chathub_desktop.services.memory_service import FixedMemorySnapshot, MemoryEntryView
from chathub_desktop.services.memory_transfer import ImportPreview
from chathub_desktop.services.views import AssistantView

# --- help texts (APP-6) -------------------------------------------------------------------

MEMORY_SWITCH_HELP = (
    "<p><b>Enable assistant memory</b> is this assistant's master switch.</p>"
    "<p>When it is off, no fixed or dynamic memory is sent with any request, no memory "
    "dream runs for this assistant and the model is not offered its memory tools. "
    "Your entries stay here untouched, and topic compaction (Chat Preference) keeps "
    "working as before.</p>"
)
DREAMING_HELP = (
    "<p><b>Dreaming memory</b> is what the assistant learns on its own: a scheduled "
    "memory dream reads the topics you were active in the day before and adds a dated "
    "card about how you like to work (tone, format, tool habits), not a recap.</p>"
    "<p>It prefers topic summaries from compaction (Chat Preference: Limit history "
    "messages and Summarize history); a topic without one still contributes a short "
    "excerpt of that day's messages. The dream never changes your fixed memory.</p>"
)
SNIPPETS_HELP = (
    "<p><b>Topic snippets</b> keeps a short snippet of each topic's summary so later "
    "requests and the memory dream can reuse it.</p>"
    "<p>Snippets come from compaction summaries, which need Limit history messages and "
    "Summarize history under Chat Preference; topics without a summary still reach the "
    "dream through an excerpt of their recent messages.</p>"
)
FIXED_MEMORY_HELP = (
    "<p><b>Fixed memory</b> belongs to you: facts, preferences and standing "
    "instructions this assistant sees in every chat.</p>"
    "<p>The assistant can add or correct entries itself with its built-in memory tool "
    "(it must quote the current text before changing one). Automatic summarization and "
    "the memory dream read it but never rewrite it.</p>"
    "<p>Cards show who wrote each entry: <i>owner</i> (you), <i>dream</i> or "
    "<i>agent</i> (the model). An entry the model wrote right after reading web or "
    "plugin output is marked <i>untrusted</i> and is sent as data, not as instructions, "
    "until you mark it trusted.</p>"
)
RAW_EDIT_HELP = (
    "<p>The whole fixed memory as one Markdown document. Lines <code>#N: text</code> "
    "are entries; any other line (headings, notes, blank lines) is kept exactly as you "
    "type it.</p><p>Save renumbers the entries 1, 2, 3… in document order.</p>"
)

#: The raw editor's notice when the stored document moved on (issue 10).
RAW_STALE_NOTICE = ("The memory changed in another window or command while you were editing, so "
                    "saving this text would overwrite that change and is refused. Your text stays "
                    "here; Reload shows the newer version.")
#: Added to the refusal of an entry edit: the editor is opened again with the user's text.
ENTRY_STALE_HINT = ("The list shows the newer memory now and your text is back in the editor: Enter "
                    "saves it, Esc drops it.")
#: A worker's answer meaning "refused as stale" (so the GUI thread can keep the text).
_STALE = object()

EMPTY_TEXT = ("No fixed memory yet.\nUse Add memory (Ctrl+N), or ask the assistant to "
              "remember something.")

ORIGIN_TIPS = {
    "owner": "Written by you in this editor",
    "dream": "Written by the memory dream",
    "agent": "Written by the model with its memory tool",
}
UNTRUSTED_TIP = (
    "The model wrote this entry while its recent history held web or plugin output, so it "
    "is sent as data, not instructions. Mark it trusted if you agree with it."
)

# --- the model ----------------------------------------------------------------------------


#: Rows handed to the view per ``fetchMore``.
FETCH_BATCH = 256


class MemoryEntryModel(QAbstractListModel):
    """The fixed-memory cards (:class:`MemoryEntryView`) of one assistant.

    Holds every entry but exposes them to the view ``FETCH_BATCH`` rows at a time.
    ``edit_handler(number, text)`` stores an in-place edit (``setData``) and returns the
    stored entry, or None when it failed.
    """

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._views: list[MemoryEntryView] = []
        self._shown = 0
        self.edit_handler: Callable[[int, str], MemoryEntryView | None] | None = None

    # loading
    def set_entries(self, views: Sequence[MemoryEntryView], keep_rows: int = 0) -> None:
        """Replace every entry; at least ``keep_rows`` rows (and one batch) are shown."""
        self.beginResetModel()
        self._views = list(views)
        self._shown = min(len(self._views), max(FETCH_BATCH, keep_rows))
        self.endResetModel()

    def total(self) -> int:
        """Every entry, shown or not yet fetched."""
        return len(self._views)

    def entries(self) -> list[MemoryEntryView]:
        """Every entry (a copy)."""
        return list(self._views)

    def entry(self, row: int) -> MemoryEntryView | None:
        """The entry on ``row`` (shown rows only)."""
        return self._views[row] if 0 <= row < self._shown else None

    def ensure_row(self, row: int) -> None:
        """Fetch rows until ``row`` is shown."""
        row = min(row, len(self._views) - 1)
        if row >= self._shown:
            self.beginInsertRows(QModelIndex(), self._shown, row)
            self._shown = row + 1
            self.endInsertRows()

    # Qt API
    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else self._shown

    def canFetchMore(self, parent: QModelIndex | QPersistentModelIndex) -> bool:
        return not parent.isValid() and self._shown < len(self._views)

    def fetchMore(self, parent: QModelIndex | QPersistentModelIndex) -> None:
        if parent.isValid():
            return
        self.ensure_row(min(len(self._views), self._shown + FETCH_BATCH) - 1)

    def data(self, index: QModelIndex | QPersistentModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        v = self.entry(index.row()) if index.isValid() else None
        if v is None:
            return None
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole):
            return v.text
        if role == NumberRole:
            return v.number
        if role == OriginRole:
            return v.origin
        if role == TrustedRole:
            return v.trusted
        if role == PausedRole:
            return v.paused
        if role == Qt.ItemDataRole.AccessibleTextRole:
            return (f"#{v.number}: {v.text}" + ("" if v.trusted else " (untrusted)")
                    + (" (paused)" if v.paused else ""))
        if role == Qt.ItemDataRole.ToolTipRole:
            tip = ORIGIN_TIPS.get(v.origin or "", "Origin not recorded")
            if not v.trusted:
                tip += "\nUntrusted: " + UNTRUSTED_TIP
            return f"#{v.number} · {tip}\nDouble-click or F2 to edit, Del to delete"
        return None

    def flags(self, index: QModelIndex | QPersistentModelIndex) -> Qt.ItemFlag:
        base = super().flags(index)
        return base | Qt.ItemFlag.ItemIsEditable if index.isValid() else base

    def setData(self, index: QModelIndex | QPersistentModelIndex, value: object,
                role: int = Qt.ItemDataRole.EditRole) -> bool:
        v = self.entry(index.row()) if index.isValid() else None
        if v is None or role != Qt.ItemDataRole.EditRole or self.edit_handler is None:
            return False
        text = str(value)
        if text == v.text:
            return False
        stored = self.edit_handler(v.number, text)
        if stored is None:
            return False
        row = index.row()
        if 0 <= row < len(self._views) and self._views[row].number == stored.number:
            self._views[row] = stored
            self.dataChanged.emit(index, index)
        return True


# --- the page -----------------------------------------------------------------------------


def _section_title(text: str) -> QLabel:
    label = QLabel(text)
    label.setObjectName("sectionTitle")
    f = label.font()
    f.setBold(True)
    f.setPointSizeF(f.pointSizeF() * 1.15)
    label.setFont(f)
    return label


class MemoryPage(QDialog):
    """Assistant → Memory for ``assistant_id`` (non-modal).

    ``events``: the window's bus bridge (the page makes its own when None);
    ``runner``: where entry reloads run in a worker thread (own runner when None);
    ``presenter``: where bugs are shown. ``loaded`` fires after each (re)load applied.
    """

    loaded = Signal()
    #: A memory import ended: True when the file was imported (issue 10).
    import_finished = Signal(bool)

    def __init__(
        self,
        services: Services,
        assistant_id: int,
        *,
        events: ChatEvents | None = None,
        runner: TaskRunner | None = None,
        presenter: ErrorPresenter | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("memoryPage")
        self.setWindowTitle("Memory")
        self.setModal(False)
        self.svc = services
        self.assistant_id = assistant_id
        self.presenter = presenter or ErrorPresenter(self)
        self._own_runner = runner is None
        self.runner = runner or TaskRunner(self.presenter, max_threads=1)
        self._own_events = events is None
        self.events = events or ChatEvents(services.bus, self)
        self.events.topic_changed.connect(self._on_topic_changed)
        self._following = True
        self._task_name = f"memory-load-{id(self)}"
        self._loading = False
        self._load_again = False
        self._stale = False
        self.ops = ServiceOps(self.runner, self.presenter, self.show_error, lambda _busy: self._sync_buttons(),
                              f"{self._task_name}-op")
        self._select_number: int | None = None
        self._raw_base: str | None = None  # the document the raw editor started from
        self._raw_version = ""  # its version token, passed on save (issue 10)
        self._version = ""  # version token of the document the cards show
        self._reopen: tuple[int, str, str] | None = None  # (number, old text, user's text) after a refusal
        self._raw_shown = ""  # the editor's raw text right after loading it
        self._raw_crlf = False
        self.assistant: AssistantView | None = None
        self.loads = 0
        self._reload_timer = QTimer(self)
        self._reload_timer.setSingleShot(True)
        self._reload_timer.setInterval(40)  # coalesce bursts of tool writes
        self._reload_timer.timeout.connect(self._start_load)
        self._status_timer = QTimer(self)
        self._status_timer.setSingleShot(True)
        self._build()
        screen = self.screen().availableGeometry() if self.screen() is not None else None
        height = 900 if screen is None else max(560, min(900, screen.height() - 60))
        self.resize(780, height)
        self.splitter.setSizes([height * 2 // 5, height * 3 // 5])
        self._start_load()

    # --- construction ---------------------------------------------------------------------
    def _build(self) -> None:
        outer = QVBoxLayout(self)
        outer.setContentsMargins(16, 14, 16, 12)
        outer.setSpacing(8)

        # master switch (MEM-1)
        srow = QHBoxLayout()
        srow.setSpacing(2)
        self.memory_switch = QCheckBox("&Enable assistant memory")
        self.memory_switch.setObjectName("memorySwitch")
        self.memory_switch.setToolTip(MEMORY_SWITCH_HELP)
        self.memory_switch.toggled.connect(self._on_switch)
        self.switch_help = help_button(MEMORY_SWITCH_HELP, "memorySwitchHelp")
        srow.addWidget(self.memory_switch)
        srow.addWidget(self.switch_help)
        srow.addStretch(1)
        outer.addLayout(srow)
        self.off_hint = QLabel("Memory is off: nothing below is sent to the model and it gets no memory tools.")
        self.off_hint.setObjectName("memoryOffHint")
        self.off_hint.setWordWrap(True)
        self.off_hint.setStyleSheet("color: #b35c00;")
        outer.addWidget(self.off_hint)

        line = QFrame()
        line.setFrameShape(QFrame.Shape.HLine)
        line.setFrameShadow(QFrame.Shadow.Sunken)
        outer.addWidget(line)

        # fixed memory above, dreaming memory below; the user can move the split
        fixed = QWidget()
        fixed.setObjectName("fixedMemorySection")
        flay = QVBoxLayout(fixed)
        flay.setContentsMargins(0, 0, 0, 4)
        flay.setSpacing(8)
        dreaming = QWidget()
        dreaming.setObjectName("dreamingMemorySection")
        dlay = QVBoxLayout(dreaming)
        dlay.setContentsMargins(0, 4, 0, 0)
        dlay.setSpacing(8)
        self.splitter = QSplitter(Qt.Orientation.Vertical)
        self.splitter.setObjectName("memorySplitter")
        self.splitter.setChildrenCollapsible(False)
        self.splitter.addWidget(fixed)
        self.splitter.addWidget(dreaming)
        self.splitter.setStretchFactor(0, 1)
        self.splitter.setStretchFactor(1, 1)
        outer.addWidget(self.splitter, 1)

        # Fixed memory title row
        trow = QHBoxLayout()
        trow.setSpacing(4)
        self.fixed_title = _section_title("Fixed memory")
        self.fixed_title.setToolTip(FIXED_MEMORY_HELP)
        self.fixed_help = help_button(FIXED_MEMORY_HELP, "fixedMemoryHelp")
        trow.addWidget(self.fixed_title)
        trow.addWidget(self.fixed_help)
        trow.addStretch(1)
        self.add_action = QAction("&Add memory…", self)
        self.add_action.setShortcut(QKeySequence("Ctrl+N"))
        self.add_action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        self.add_action.setToolTip("Add one entry at the end (Ctrl+N)")
        self.add_action.triggered.connect(self.add_memory)
        self.addAction(self.add_action)
        self.add_button = self._button("Add memory", self.add_action)
        self.add_button.setObjectName("addMemoryButton")
        self.raw_action = QAction("&Edit", self)
        self.raw_action.setShortcut(QKeySequence("Ctrl+E"))
        self.raw_action.setToolTip("Edit the whole memory as one Markdown document (Ctrl+E)")
        self.raw_action.triggered.connect(self.open_raw)
        self.addAction(self.raw_action)
        self.raw_button = self._button("Edit", self.raw_action)
        self.raw_button.setObjectName("rawEditButton")
        self.export_action = QAction("E&xport…", self)
        self.export_action.setToolTip("Save this assistant's memory to a file: fixed and dynamic memory with "
                                      "where each entry came from (JSON or Markdown), or the fixed document alone")
        self.export_action.triggered.connect(self.open_export)
        self.export_button = self._button("Export…", self.export_action)
        self.export_button.setObjectName("exportButton")
        self.import_action = QAction("&Import…", self)
        self.import_action.setToolTip("Replace this assistant's memory with a memory file (JSON or Markdown); "
                                      "a plain Markdown document becomes its fixed memory")
        self.import_action.triggered.connect(self.open_import)
        self.import_button = self._button("Import…", self.import_action)
        self.import_button.setObjectName("importButton")
        self.copy_action = QAction("&Copy", self)
        self.copy_action.setToolTip("Copy the memory document (Markdown) to the clipboard")
        self.copy_action.triggered.connect(self.copy_document)
        self.copy_button = self._button("Copy", self.copy_action)
        self.copy_button.setObjectName("copyButton")
        self.history_action = QAction("&History…", self)
        self.history_action.setToolTip("Every change of this assistant's fixed and dynamic memory — when, who, "
                                       "what — with Revert")
        self.history_action.triggered.connect(self.open_history)
        self.history_button = self._button("History…", self.history_action)
        self.history_button.setObjectName("historyButton")
        self.history_dialog: MemoryHistoryDialog | None = None
        for b in (self.add_button, self.raw_button, self.import_button, self.export_button, self.copy_button,
                  self.history_button):
            trow.addWidget(b)
        flay.addLayout(trow)
        self.fixed_intro = QLabel("Facts, preferences and standing instructions this assistant "
                                  "keeps across every chat. You own them; the assistant may add "
                                  "entries with its memory tool.")
        self.fixed_intro.setWordWrap(True)
        self.fixed_intro.setStyleSheet("color: palette(placeholder-text);")
        flay.addWidget(self.fixed_intro)

        self.stack = QStackedWidget()
        flay.addWidget(self.stack, 1)
        self.stack.addWidget(self._build_cards())
        self.stack.addWidget(self._build_raw())

        self.error_label = QLabel()
        self.error_label.setObjectName("errorLabel")
        self.error_label.setWordWrap(True)
        self.error_label.setStyleSheet("color: #c0262d;")
        self.error_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.error_label.hide()
        flay.addWidget(self.error_label)

        # Dreaming memory group: the topic-snippets switch (DRM-1), then the dream panel
        drow = QHBoxLayout()
        drow.setSpacing(4)
        self.dream_title = _section_title("Dreaming memory")
        self.dream_title.setToolTip(DREAMING_HELP)
        drow.addWidget(self.dream_title)
        drow.addWidget(help_button(DREAMING_HELP, "dreamingHelp"))
        drow.addSpacing(16)
        self.snippets_switch = QCheckBox("&Topic snippets")
        self.snippets_switch.setObjectName("topicSnippetsSwitch")
        self.snippets_switch.setToolTip(SNIPPETS_HELP)
        self.snippets_switch.toggled.connect(self._on_snippets)
        drow.addWidget(self.snippets_switch)
        drow.addWidget(help_button(SNIPPETS_HELP, "topicSnippetsHelp"))
        drow.addStretch(1)
        dlay.addLayout(drow)
        from chathub_desktop.gui.memory.dream_panel import DreamPanel  # it builds on this module

        self.dream_panel = DreamPanel(self.svc, self.assistant_id, events=self.events, runner=self.runner,
                                      presenter=self.presenter)
        dlay.addWidget(self.dream_panel, 1)

        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.buttons.rejected.connect(self.reject)
        self.buttons.button(QDialogButtonBox.StandardButton.Close).setAutoDefault(False)
        outer.addWidget(self.buttons)

    @staticmethod
    def _button(text: str, action: QAction) -> QToolButton:
        b = QToolButton()
        action.setIconText(text)  # kept when the action changes (iconText() drops "…")
        b.setDefaultAction(action)
        b.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        return b

    def _build_cards(self) -> QWidget:
        w = QWidget()
        lay = QVBoxLayout(w)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(6)
        self.model = MemoryEntryModel(self)
        self.model.edit_handler = self._edit_entry
        self.list = QListView()
        self.list.setObjectName("memoryList")
        self.list.setAccessibleName("Fixed memory entries")
        self.list.setModel(self.model)
        self.delegate = MemoryCardDelegate(self.list)
        self.list.setItemDelegate(self.delegate)
        self.list.setUniformItemSizes(False)
        self.list.setLayoutMode(QListView.LayoutMode.Batched)
        self.list.setBatchSize(200)
        self.list.setResizeMode(QListView.ResizeMode.Adjust)
        self.list.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        self.list.verticalScrollBar().setSingleStep(20)
        self.list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.list.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.list.setEditTriggers(QAbstractItemView.EditTrigger.DoubleClicked
                                  | QAbstractItemView.EditTrigger.EditKeyPressed)
        self.list.setMouseTracking(True)
        self.list.setFrameShape(QFrame.Shape.NoFrame)
        self.list.viewport().setAutoFillBackground(False)
        self.list.installEventFilter(self)
        self.model.modelReset.connect(self.delegate.clear_cache)
        self.list.selectionModel().currentChanged.connect(lambda *_a: self._sync_buttons())
        self.model.modelReset.connect(self._sync_buttons)

        self.edit_card_action = QAction("&Edit entry", self.list)
        self.edit_card_action.setShortcut(QKeySequence("F2"))
        self.edit_card_action.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
        self.edit_card_action.setToolTip("Edit the selected entry in place (F2; Enter saves)")
        self.edit_card_action.triggered.connect(self.edit_current)
        self.trust_action = QAction("Mark as &trusted", self.list)
        self.trust_action.setToolTip("Clear the untrusted mark of the selected entry")
        self.trust_action.triggered.connect(self.mark_current_trusted)
        self.copy_entry_action = QAction("Copy entry &text", self.list)
        self.copy_entry_action.triggered.connect(self._copy_entry)
        self.delete_action = QAction("&Delete entry", self.list)
        self.delete_action.setShortcut(QKeySequence(QKeySequence.StandardKey.Delete))
        self.delete_action.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
        self.delete_action.setToolTip("Delete the selected entry; the ones after it renumber (Del)")
        self.delete_action.triggered.connect(self.delete_current)
        self.pause_action = QAction("&Pause / resume entry", self.list)
        self.pause_action.setShortcut(QKeySequence("Ctrl+P"))
        self.pause_action.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
        self.pause_action.setToolTip("A paused entry stays here but is not sent to the model and not offered to "
                                     "its memory tools (Ctrl+P toggles)")
        self.pause_action.triggered.connect(self.toggle_pause_current)
        for a in (self.edit_card_action, self.trust_action, self.pause_action, self.copy_entry_action,
                  self.delete_action):
            self.list.addAction(a)
        self.list.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)

        self.empty_label = QLabel("Loading…")
        self.empty_label.setObjectName("emptyLabel")
        self.empty_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty_label.setStyleSheet("color: palette(placeholder-text);")
        self.cards_stack = QStackedWidget()
        self.cards_stack.addWidget(self.list)
        self.cards_stack.addWidget(self.empty_label)
        self.cards_stack.setCurrentWidget(self.empty_label)
        lay.addWidget(self.cards_stack, 1)

        brow = QHBoxLayout()
        brow.setSpacing(4)
        self.count_label = QLabel()
        self.count_label.setObjectName("countLabel")
        self.status_label = QLabel()
        self.status_label.setObjectName("statusLabel")
        self.status_label.setStyleSheet("color: palette(placeholder-text);")
        self._status_timer.timeout.connect(self.status_label.clear)
        self.trust_button = QPushButton("Mark as trusted")
        self.trust_button.setObjectName("trustButton")
        self.trust_button.setToolTip(self.trust_action.toolTip())
        self.trust_button.clicked.connect(self.mark_current_trusted)
        self.delete_button = QPushButton("Delete")
        self.delete_button.setObjectName("deleteButton")
        self.delete_button.setToolTip(self.delete_action.toolTip())
        self.delete_button.clicked.connect(self.delete_current)
        for b in (self.trust_button, self.delete_button):
            b.setAutoDefault(False)
        brow.addWidget(self.count_label)
        brow.addSpacing(10)
        brow.addWidget(self.status_label, 1)
        brow.addWidget(self.trust_button)
        brow.addWidget(self.delete_button)
        lay.addLayout(brow)
        return w

    def _build_raw(self) -> QWidget:
        w = QWidget()
        lay = QVBoxLayout(w)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(6)
        hrow = QHBoxLayout()
        hrow.setSpacing(4)
        hint = QLabel("Raw document — entries are lines <code>#N: text</code>; other lines are kept as typed.")
        hint.setWordWrap(True)
        hrow.addWidget(hint, 1)
        self.raw_help = help_button(RAW_EDIT_HELP, "rawEditHelp")
        hrow.addWidget(self.raw_help)
        lay.addLayout(hrow)
        self.raw_edit = QPlainTextEdit()
        self.raw_edit.setObjectName("rawEdit")
        self.raw_edit.setAccessibleName("Fixed memory document")
        self.raw_edit.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        self.raw_edit.setTabChangesFocus(False)
        mono = QFont("monospace")
        mono.setStyleHint(QFont.StyleHint.Monospace)
        self.raw_edit.setFont(mono)
        lay.addWidget(self.raw_edit, 1)
        self.raw_notice = QLabel()
        self.raw_notice.setObjectName("rawNotice")
        self.raw_notice.setWordWrap(True)
        self.raw_notice.setStyleSheet("color: #b35c00;")
        self.raw_notice.hide()
        lay.addWidget(self.raw_notice)
        brow = QHBoxLayout()
        self.raw_reload_button = QPushButton("Reload")
        self.raw_reload_button.setObjectName("rawReloadButton")
        self.raw_reload_button.setToolTip("Show the newer memory in the editor (your text here is discarded)")
        self.raw_reload_button.clicked.connect(self.reload_raw)
        self.raw_reload_button.setAutoDefault(False)
        self.raw_reload_button.hide()
        brow.addWidget(self.raw_reload_button)
        brow.addStretch(1)
        self.cancel_raw_button = QPushButton("Cancel")
        self.cancel_raw_button.setObjectName("cancelRawButton")
        self.cancel_raw_button.setToolTip("Discard the changes in this view")
        self.cancel_raw_button.clicked.connect(self.cancel_raw)
        self.save_raw_button = QPushButton("Save")
        self.save_raw_button.setObjectName("saveRawButton")
        self.save_raw_button.setToolTip("Renumber the entries and save (Ctrl+S); other lines are kept exactly")
        self.save_raw_button.clicked.connect(self.save_raw)
        save_action = QAction("Save", self.raw_edit)
        save_action.setShortcut(QKeySequence(QKeySequence.StandardKey.Save))
        save_action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        save_action.triggered.connect(self.save_raw)
        self.raw_edit.addAction(save_action)
        for b in (self.cancel_raw_button, self.save_raw_button):
            b.setAutoDefault(False)
        brow.addWidget(self.cancel_raw_button)
        brow.addWidget(self.save_raw_button)
        lay.addLayout(brow)
        return w

    # --- loading ----------------------------------------------------------------------------
    def reload_now(self) -> None:
        """Read the assistant and its entries on this thread and show them."""
        try:
            a, snap = self._fetch()
        except ServiceError as exc:
            self._gone(exc)
            return
        self._apply(a, snap)

    def schedule_reload(self) -> None:
        """Re-read the entries soon, in a worker thread (bursts are coalesced)."""
        self._reload_timer.start()

    def _start_load(self) -> None:
        if self._loading:
            self._load_again = True
            return
        if self.list.state() == QAbstractItemView.State.EditingState:
            self._reload_timer.start(300)  # never reset the model under the open editor
            return
        self._loading = True
        self.runner.run(self._task_name, self._load(), context="Memory")

    async def _load(self) -> None:
        try:
            try:
                a, snap = await self.runner.run_in_thread(self._fetch)
            except ServiceError as exc:
                self._gone(exc)
                return
            self._apply(a, snap)
        finally:
            self._loading = False
            if self._load_again:
                self._load_again = False
                self._reload_timer.start()

    def _fetch(self) -> tuple[AssistantView, FixedMemorySnapshot]:
        return self.svc.assistants.get(self.assistant_id), self.svc.memory.snapshot(self.assistant_id)

    def _gone(self, exc: ServiceError) -> None:
        self.show_error(str(exc) if not isinstance(exc, NotFound) else "This assistant no longer exists.")
        for w in (self.memory_switch, self.add_button, self.raw_button, self.import_button, self.export_button,
                  self.copy_button, self.list, self.dream_panel):
            w.setEnabled(False)

    def _apply(self, a: AssistantView, snap: FixedMemorySnapshot) -> None:
        views = snap.entries
        self._version = snap.version
        self.assistant = a
        self.setWindowTitle(f"Memory — {a.name}")
        self.memory_switch.blockSignals(True)
        self.memory_switch.setChecked(a.memory_enabled)
        self.memory_switch.blockSignals(False)
        self.off_hint.setVisible(not a.memory_enabled)
        self.snippets_switch.blockSignals(True)
        self.snippets_switch.setChecked(a.topic_snippets)
        self.snippets_switch.blockSignals(False)
        if a.memory_enabled != self.dream_panel.memory_enabled:
            self.dream_panel.set_memory_enabled(a.memory_enabled)
        if views != self.model.entries() or self._select_number is not None:
            self._set_entries(views)
        untrusted = sum(1 for v in views if not v.trusted)
        n = len(views)
        text = f"{n:,} {'entry' if n == 1 else 'entries'}"
        if untrusted:
            text += f" · {untrusted:,} untrusted"
        self.count_label.setText(text)
        self.empty_label.setText(EMPTY_TEXT)
        self.cards_stack.setCurrentWidget(self.list if views else self.empty_label)
        if self._raw_base is not None and snap.document != self._raw_base:
            self.raw_notice.setText(RAW_STALE_NOTICE)
            self.raw_notice.show()
            self.raw_reload_button.show()
        if self._reopen is not None:
            self._reopen_editor(*self._reopen)
        self.loads += 1
        self._sync_buttons()
        self.loaded.emit()

    def _set_entries(self, views: list[MemoryEntryView]) -> None:
        """Swap the entries, keeping the selected card (found by its text, else its row)
        and the scroll position; select ``_select_number`` when set."""
        cur = self.current_entry()
        row = self.list.currentIndex().row()
        bar = self.list.verticalScrollBar()
        scroll = bar.value()
        shown = self.model.rowCount()
        target: int | None = None
        if self._select_number is not None:
            target = next((i for i, v in enumerate(views) if v.number == self._select_number), None)
        elif cur is not None:
            target = next((i for i, v in enumerate(views) if v.text == cur.text), None)
            if target is None and views:
                target = min(row, len(views) - 1)
        self.model.set_entries(views, keep_rows=max(shown, (target or 0) + 1))
        if target is not None:
            idx = self.model.index(target)
            self.list.setCurrentIndex(idx)
        self.list.doItemsLayout()
        if self._select_number is not None and target is not None:
            self.list.scrollTo(self.model.index(target), QAbstractItemView.ScrollHint.EnsureVisible)
        else:
            bar.setValue(min(scroll, bar.maximum()))
        self._select_number = None

    def _on_topic_changed(self, topic_id: int) -> None:
        if topic_id != 0:  # 0: memory or assistant settings changed (any assistant)
            return
        if self.isVisible():
            self.schedule_reload()
        else:
            self._stale = True  # re-read when shown again

    # --- state ------------------------------------------------------------------------------
    def current_entry(self) -> MemoryEntryView | None:
        """The selected card."""
        idx = self.list.currentIndex()
        return self.model.entry(idx.row()) if idx.isValid() else None

    def select_number(self, number: int) -> None:
        """Select (and show) entry ``number``."""
        for i, v in enumerate(self.model.entries()):
            if v.number == number:
                self.model.ensure_row(i)
                idx = self.model.index(i)
                self.list.setCurrentIndex(idx)
                self.list.scrollTo(idx)
                return

    @property
    def busy(self) -> bool:
        """True while a change is being written (further changes wait for it)."""
        return self.ops.busy

    def _sync_buttons(self) -> None:
        e = self.current_entry()
        raw = self.stack.currentIndex() == 1 or self.ops.busy
        for w in (self.delete_button, self.delete_action, self.edit_card_action, self.copy_entry_action):
            w.setEnabled(e is not None and not raw)
        untrusted = e is not None and not e.trusted
        self.trust_button.setEnabled(untrusted and not raw)
        self.trust_action.setEnabled(untrusted and not raw)
        self.trust_button.setVisible(any(not v.trusted for v in self.model.entries()) or untrusted)
        for a in (self.add_action, self.raw_action, self.export_action, self.copy_action):
            a.setEnabled(not raw)
        self.save_raw_button.setEnabled(not self.ops.busy)
        self.cancel_raw_button.setEnabled(not self.ops.busy)

    def show_error(self, message: str) -> None:
        """Show ``message`` inline (empty hides it)."""
        self.error_label.setText(message)
        self.error_label.setVisible(bool(message))

    def show_status(self, message: str) -> None:
        """Short confirmation next to the count; cleared after a few seconds."""
        self.status_label.setText(message)
        self._status_timer.start(5000)

    # --- actions ----------------------------------------------------------------------------
    def _on_switch(self, on: bool) -> None:
        res = self.ops.call("Memory switch", lambda: self.svc.assistants.update(self.assistant_id, memory_enabled=on))
        if res is None:
            self.memory_switch.blockSignals(True)
            self.memory_switch.setChecked(not on)
            self.memory_switch.blockSignals(False)
            return
        self.off_hint.setVisible(not on)
        self.show_status("Memory on" if on else "Memory off")

    def _on_snippets(self, on: bool) -> None:
        res = self.ops.call("Topic snippets", lambda: self.svc.assistants.update(self.assistant_id, topic_snippets=on))
        if res is None:
            self.snippets_switch.blockSignals(True)
            self.snippets_switch.setChecked(not on)
            self.snippets_switch.blockSignals(False)

    def add_memory(self) -> QInputDialog:
        """Add memory (Ctrl+N): a small non-blocking input dialog; returns it."""
        dlg = QInputDialog(self)
        dlg.setObjectName("addMemoryDialog")
        dlg.setWindowTitle("Add memory")
        dlg.setLabelText("New fixed-memory entry (one line; it is added at the end):")
        dlg.setInputMode(QInputDialog.InputMode.TextInput)
        dlg.setOkButtonText("Add")
        dlg.resize(520, dlg.sizeHint().height())
        dlg.textValueSelected.connect(self.add_entry)
        self._add_dialog = dlg
        dlg.open()
        return dlg

    def add_entry(self, text: str) -> bool:
        """Append ``text`` as an owner entry and select it; False when nothing started."""
        if not text.strip():
            return False

        def done(view: object) -> None:
            assert isinstance(view, MemoryEntryView)
            self._select_number = view.number
            self.show_status(f"Added #{view.number}")
            self.schedule_reload()

        return self.ops.start("Add memory", lambda: self.svc.memory.add(self.assistant_id, text), done)

    def edit_current(self) -> None:
        """Open the in-place editor on the selected card (F2, double-click)."""
        idx = self.list.currentIndex()
        if idx.isValid():
            self.list.setFocus()
            self.list.edit(idx)

    def _edit_entry(self, number: int, text: str) -> MemoryEntryView | None:
        """Store an in-place edit made on the document of ``self._version``; returns the
        card to show meanwhile (None: not started). Refused as stale, the list is reloaded
        and the editor opens again with the user's text (issue 10)."""
        old = next((v for v in self.model.entries() if v.number == number), None)
        if old is None:
            return None
        version = self._version

        def write() -> object:
            try:
                return self.svc.memory.edit(self.assistant_id, number, text, version=version,
                                            expected_text=old.text)
            except StaleDocument as exc:
                return (_STALE, str(exc))

        def done(view: object) -> None:
            if isinstance(view, tuple) and view[0] is _STALE:
                self.show_error(f"Edit #{number}: {view[1]}. {ENTRY_STALE_HINT}")
                self._reopen = (number, old.text, text)
                self.schedule_reload()
                return
            assert isinstance(view, MemoryEntryView)
            self._select_number = view.number
            self.show_status(f"Saved #{view.number}")
            self.schedule_reload()

        if not self.ops.start(f"Edit #{number}", write, done, self.schedule_reload):
            return None
        return MemoryEntryView(number, " ".join(text.split()), "owner", True)

    def _reopen_editor(self, number: int, old_text: str, text: str) -> None:
        """After a refused edit: open the editor on that card (found by the text it had,
        else its number) holding the user's ``text`` again."""
        self._reopen = None
        views = self.model.entries()
        row = next((i for i, v in enumerate(views) if v.text == old_text),
                   next((i for i, v in enumerate(views) if v.number == number), None))
        if row is None:
            return
        self.model.ensure_row(row)
        idx = self.model.index(row)
        self.list.setCurrentIndex(idx)
        self.list.setFocus()
        self.list.edit(idx)
        editor = self.list.findChild(QLineEdit, "memoryCardEditor")
        if editor is not None:
            editor.setText(text)

    def delete_current(self) -> None:
        """Delete the selected card after confirmation (Del); later entries renumber."""
        e = self.current_entry()
        if e is None:
            return
        preview = e.text if len(e.text) <= 120 else e.text[:120] + "…"
        if not confirm.ask(self, "Delete memory",
                           f"Delete #{e.number}: “{preview}”?\nThe entries after it are renumbered."):
            return

        def done(_r: object) -> None:
            # the card that moves up into this row is selected after the reload
            self.show_status(f"Deleted #{e.number}")
            self.schedule_reload()

        self.ops.start(f"Delete #{e.number}", lambda: self.svc.memory.delete(
            self.assistant_id, e.number, expected_text=e.text), done)

    def mark_current_trusted(self) -> None:
        """Clear the untrusted mark of the selected card (MEM-7)."""
        e = self.current_entry()
        if e is None or e.trusted:
            return

        def done(view: object) -> None:
            assert isinstance(view, MemoryEntryView)
            self._select_number = view.number
            self.show_status(f"#{view.number} is trusted now")
            self.schedule_reload()

        self.ops.start(f"Mark #{e.number} trusted", lambda: self.svc.memory.clear_untrusted(
            self.assistant_id, e.number, expected_text=e.text), done)

    def toggle_pause_current(self) -> None:
        """Pause the selected entry, or resume it when paused (issue 18)."""
        e = self.current_entry()
        if e is None:
            return

        def done(view: object) -> None:
            assert isinstance(view, MemoryEntryView)
            self._select_number = view.number
            self.show_status(f"#{view.number} is {'paused: kept, not sent' if view.paused else 'sent again'}")
            self.schedule_reload()

        self.ops.start(f"Pause #{e.number}", lambda: self.svc.memory.set_paused(
            self.assistant_id, e.number, not e.paused, expected_text=e.text), done)

    def _copy_entry(self) -> None:
        e = self.current_entry()
        if e is not None:
            QGuiApplication.clipboard().setText(e.text)
            self.show_status(f"Copied #{e.number}")

    # raw view (MEM-3)
    def open_raw(self) -> None:
        """Edit: show the whole document in the raw editor (with its version token)."""
        snap = self.ops.call("Edit", lambda: self.svc.memory.snapshot(self.assistant_id))
        if not isinstance(snap, FixedMemorySnapshot):
            return
        doc = snap.document
        self._raw_base, self._raw_version = doc, snap.version
        self._raw_crlf = "\r\n" in doc and doc.count("\r\n") == doc.count("\n")
        self.raw_edit.setPlainText(doc)
        self._raw_shown = self.raw_edit.document().toRawText()
        self.raw_notice.hide()
        self.raw_reload_button.hide()
        self.stack.setCurrentIndex(1)
        self.raw_edit.setFocus()
        self._sync_buttons()

    def raw_text(self) -> str:
        """The raw editor's text exactly as typed (no-break spaces kept; Qt's own
        paragraph separators become ``\\n``, or ``\\r\\n`` for a CRLF document)."""
        shown = self.raw_edit.document().toRawText()
        if self._raw_base is not None and shown == self._raw_shown:
            return self._raw_base  # untouched: exactly what was loaded
        text = shown.replace("\u2029", "\n")
        if self._raw_crlf:
            text = text.replace("\n", "\r\n")
        return text

    def raw_changed(self) -> bool:
        """True when the raw editor's text differs from what it was opened with."""
        return self._raw_base is not None and self.raw_edit.document().toRawText() != self._raw_shown

    def save_raw(self) -> None:
        """Save the raw view: the service renumbers and keeps free-form lines; back to the
        cards. Refused when the memory changed since the editor opened (issue 10): the
        text stays, the notice offers Reload."""
        if self.stack.currentIndex() != 1:
            return
        text, version = self.raw_text(), self._raw_version

        def done(_doc: object) -> None:
            if self.stack.currentIndex() == 1:
                self._close_raw()
            self.show_status("Saved")
            self.schedule_reload()

        self.ops.start("Save", lambda: self.svc.memory.save_raw(self.assistant_id, text, version=version), done,
                       on_fail=self.schedule_reload)

    def reload_raw(self) -> None:
        """Reload: the newer document into the raw editor (asking first when the user's
        text differs from what was opened)."""
        if self.raw_changed() and not confirm.ask(
                self, "Reload memory", "Discard your text and show the newer memory?", "Reload"):
            return
        self.show_error("")
        self.open_raw()

    def cancel_raw(self) -> None:
        """Discard the raw view's changes."""
        self.show_error("")
        self._close_raw()
        self.schedule_reload()

    def _close_raw(self) -> None:
        self._raw_base = None
        self.raw_notice.hide()
        self.raw_reload_button.hide()
        self.stack.setCurrentIndex(0)
        self.list.setFocus()
        self._sync_buttons()

    # export / copy
    def open_history(self) -> MemoryHistoryDialog:
        """Memory → History (issue 18): the changes newest first, their diff, Revert."""
        if self.history_dialog is None:
            self.history_dialog = MemoryHistoryDialog(self.svc, self.assistant_id, events=self.events,
                                                      presenter=self.presenter, parent=self)
        else:
            self.history_dialog.reload()
        self.history_dialog.show()
        self.history_dialog.raise_()
        return self.history_dialog

    def open_export(self) -> QFileDialog:
        """Export…: a non-blocking save dialog with the memory file formats (APP-5); the
        file is written on accept."""
        name = (self.assistant.name if self.assistant else "assistant").strip() or "assistant"
        safe = "".join(ch if ch.isalnum() or ch in "-_ " else "_" for ch in name).strip()
        self._export_dialog = open_memory_export_dialog(self, f"{safe} memory", self.export_to)
        return self._export_dialog

    def export_to(self, path: Path, fmt: str = "fixed") -> bool:
        """Write the memory to ``path`` as ``fmt`` (``json``, ``markdown`` or ``fixed``:
        the fixed document as stored); False (error shown inline) on failure."""
        if fmt == "fixed":
            text = self.ops.call("Export", lambda: self.svc.memory.export_markdown(self.assistant_id))
        else:
            text = self.ops.call("Export", lambda: self.svc.memory_files.export(self.assistant_id, fmt))
        if not isinstance(text, str):
            return False
        try:
            write_private(path, text.encode("utf-8"))  # 0600 (issue 12)
        except OSError as exc:
            self.show_error(f"Export failed: {exc.strerror or exc} ({path})")
            return False
        self.show_status(f"Exported to {path.name}")
        return True

    def open_import(self) -> QFileDialog:
        """Import…: choose a memory file (non-blocking); :meth:`import_from` runs on accept."""
        self._import_dialog = open_memory_import_dialog(self, self.import_from)
        return self._import_dialog

    def import_from(self, path: Path, *, confirmed: bool = False) -> bool:
        """Check the whole file at ``path`` on a worker thread first (a file that is not a
        memory file or a plain document is refused with its reason shown inline), then
        ask, showing what will change (skipped when ``confirmed``), then import it in one
        transaction on a worker thread (issue 10). ``import_finished(imported)`` tells the
        outcome; False (nothing started) while another change of this page runs."""
        files = self.svc.memory_files
        aid = self.assistant_id
        started = self.ops.start(
            "Import", lambda: files.preview_import(aid, path),
            on_ok=lambda preview: QTimer.singleShot(0, lambda: self._confirm_import(path, preview, confirmed)),
            on_fail=lambda: self.import_finished.emit(False))
        return started

    def _confirm_import(self, path: Path, preview: object, confirmed: bool) -> None:
        """The checked file's question (outside any coroutine: it runs a modal box)."""
        assert isinstance(preview, ImportPreview)
        lines = preview.lines()
        if not confirmed and not confirm.ask(
                self, "Import memory",
                f"Replace {self.assistant.name if self.assistant else 'this assistant'}'s memory with "
                f"{path.name}?\n\n" + "\n".join(lines[1:]), "Replace"):
            self.import_finished.emit(False)
            return
        files = self.svc.memory_files

        def imported(_result: object) -> None:
            self.reload_now()
            self.show_status(f"Imported {path.name}")
            self.import_finished.emit(True)

        def refused() -> None:
            self.reload_now()  # e.g. a conflict: show the memory as it is now
            self.import_finished.emit(False)

        if not self.ops.start("Import", lambda: files.apply_import(preview), on_ok=imported, on_fail=refused):
            self.import_finished.emit(False)

    def copy_document(self) -> None:
        """Copy the Markdown document to the clipboard."""
        text = self.ops.call("Copy", lambda: self.svc.memory.export_markdown(self.assistant_id))
        if isinstance(text, str):
            QGuiApplication.clipboard().setText(text)
            self.show_status("Copied the memory document")

    # --- Qt overrides -------------------------------------------------------------------------
    def eventFilter(self, obj: QObject, event: QEvent) -> bool:
        if obj is self.list and event.type() == QEvent.Type.FontChange:
            self.delegate.clear_cache()
        return super().eventFilter(obj, event)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self._stale:
            self._stale = False
            self.schedule_reload()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Esc while this page's memory dream runs stops the dream (APP-7) instead of
        closing the page."""
        if event.key() == Qt.Key.Key_Escape and self.dream_panel.dreaming and self.dream_panel.stop():
            event.accept()
            return
        super().keyPressEvent(event)

    def reject(self) -> None:
        """Esc / Close: in the raw view, leave it (asking first when it was changed)."""
        if self.stack.currentIndex() == 1:
            if self.raw_changed() and not confirm.ask(
                    self, "Discard changes", "Discard the changes to the memory document?", "Discard"):
                return
            self.cancel_raw()
            return
        super().reject()

    def done(self, r: int) -> None:
        self._reload_timer.stop()
        self.runner.cancel(self._task_name)
        super().done(r)

    def detach(self) -> None:
        """Stop following the bus (the page is closing for good)."""
        self._reload_timer.stop()
        self.runner.cancel(self._task_name)
        self.dream_panel.detach()
        if self.history_dialog is not None:
            self.history_dialog.detach()
        if not self._following:
            return
        self._following = False
        self.events.topic_changed.disconnect(self._on_topic_changed)
        if self._own_events:
            self.events.detach()
