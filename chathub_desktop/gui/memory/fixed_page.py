"""Assistant → Memory (MEM-1..MEM-3, MEM-7, DRM-1, APP-6): the memory master switch (a
setting row on a card, as Settings lays out a choice; memlook52), the
assistant's fixed memory as numbered cards plus the raw Markdown editor, and the
Dreaming memory group (:class:`~chathub_desktop.gui.memory.dreaming_group.DreamingGroup`:
Topic snippets, then :class:`~chathub_desktop.gui.memory.dream_panel.DreamPanel` — the dream
schedule, Dream now and the dynamic-memory cards — scrolling in its pane, foldable). The
fixed memory comes first; the page scrolls as a whole, the fixed list as tall as its cards
while they fit (a long list is a box most of the page high, :mod:`.list_fit`; memfit52). All of
it is one column at most ``Width.SETTINGS`` wide, centred (memlook52: not hugging the left
edge of a wide window).

- The cards are one :class:`QListView` over
  :class:`~chathub_desktop.gui.memory.entry_model.MemoryEntryModel` painted by
  :class:`~chathub_desktop.gui.memory.fixed_cards.FixedCardDelegate` — no widget per entry, rows handed to the view in batches
  (``fetchMore``) and laid out in batches, so a memory of 10,000 entries stays smooth.
- Every change is a :class:`~chathub_desktop.services.memory.memory_service.MemoryService`
  call; the service publishes ``SettingsChanged`` after each committed change (the
  user's here, or the model's memory tool during a chat), and the page re-reads the
  entries in a worker thread, keeping the selected card and the scroll position.
- Known errors (:class:`ServiceError`, a file that cannot be written) are shown inline;
  anything else goes to the window's error presenter.
- The raw editor and the entry editor save with the version token of the document
  they showed: a save over a newer document (another window, a command, the model) is
  refused, the user's text is kept and the page offers the newer version (issue 10).
- The page opens within a frame (issue 30): the header and fixed memory are built at
  once, the Dreaming memory group on the turn after the first paint
  (:class:`~chathub_desktop.gui.shell.after_paint.BuildSteps`), the raw editor and the
  Proposals tab on first use; the first read starts after the group has painted.
- The page is composed (issue 30): the entry actions, the raw editor and Clear /
  History / Export / Import / Copy are components (:mod:`.entry_actions`,
  :mod:`.raw_editor`, :mod:`.transfer_actions`) given the page as a small Protocol
  (:mod:`.host`); the memory switch (:mod:`.memory_switch`), the open editor kept in view
  (:mod:`.editor_in_view`) and the Dreaming memory group's steps
  (:class:`~chathub_desktop.gui.memory.dreaming_group.DreamingParts`) are given what they
  use; :class:`~chathub_desktop.gui.memory.fixed_reads.FixedReads` owns the reads. The window shows the page with one function,
  :func:`~chathub_desktop.gui.shell.window_pages.show_memory_page`.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from PySide6.QtCore import (
    QCoreApplication,
    QEvent,
    QObject,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import (
    QKeyEvent,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QFrame,
    QHBoxLayout,
    QLabel,
    QListView,
    QScrollArea,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from chathub_desktop.core.fixed_memory import Note
from chathub_desktop.gui.design import Tone, set_tone
from chathub_desktop.gui.design.tokens import Space
from chathub_desktop.gui.memory.dream_panel import DreamPanel
from chathub_desktop.gui.memory.dreaming_group import DreamingGroup, DreamingParts
from chathub_desktop.gui.memory.editor_in_view import EditorInView
from chathub_desktop.gui.memory.entry_actions import EntryActions
from chathub_desktop.gui.memory.entry_model import MemoryEntryModel
from chathub_desktop.gui.memory.fixed_cards import FixedCardDelegate
from chathub_desktop.gui.memory.fixed_filter_row import FilterRow
from chathub_desktop.gui.memory.fixed_reads import FixedReads
from chathub_desktop.gui.memory.fixed_toolbar import FixedToolbar
from chathub_desktop.gui.memory.history_view import MemoryHistoryView
from chathub_desktop.gui.memory.list_fit import FixedListFit, PageStack
from chathub_desktop.gui.memory.memory_switch import MemorySwitch
from chathub_desktop.gui.memory.page_column import CentredColumn, ColumnTwin
from chathub_desktop.gui.memory.page_common import (
    card_list,
    error_label,
    help_mark,
    one_layout_pass,
    section_title,
)
from chathub_desktop.gui.memory.page_status import PageStatus
from chathub_desktop.gui.memory.page_texts import (
    EMPTY_LINE,
    EMPTY_TEXT,
    FIXED_MEMORY_HELP,
    FIXED_MEMORY_LINE,
    MEMORY_SWITCH_HELP,
)
from chathub_desktop.gui.memory.raw_editor import RawEditor
from chathub_desktop.gui.memory.raw_room import RawRoom
from chathub_desktop.gui.memory.tool_labels import ToolLabels
from chathub_desktop.gui.memory.top_focus import TopFocus
from chathub_desktop.gui.memory.transfer_actions import TransferActions
from chathub_desktop.gui.shell.after_paint import BuildSteps
from chathub_desktop.gui.shell.chat_events import ChatEvents
from chathub_desktop.gui.shell.error_presenter import ErrorPresenter
from chathub_desktop.gui.shell.i18n import Texts, fill
from chathub_desktop.gui.shell.page_header import PageHeader
from chathub_desktop.gui.shell.service_ops import ServiceOps
from chathub_desktop.gui.shell.service_reasons import said_error
from chathub_desktop.gui.shell.tab_order import follow_layout
from chathub_desktop.gui.shell.task_runner import TaskRunner
from chathub_desktop.services.container import Services
from chathub_desktop.services.errors import NotFound, ServiceError
from chathub_desktop.services.memory.memory_service import FixedMemorySnapshot, MemoryEntryView
from chathub_desktop.services.views import AssistantView

translate = QCoreApplication.translate
__all__ = ["EMPTY_LINE", "FIXED_MEMORY_HELP", "MEMORY_SWITCH_HELP", "MemoryPage"]

#: Cards laid out per pass of the event loop (each pass well under a frame, issue 30).
FIXED_LAYOUT_BATCH = 40


def cards_in_view(scroll: QScrollArea, delegate: FixedCardDelegate) -> int:
    """How many one-line cards fill ``scroll``'s visible height, one more for a part
    card (≥ 1): the fixed list's first layout batch, all of it the page can show."""
    return max(1, scroll.viewport().height() // max(1, delegate.rows_height(1)) + 1)


# --- the page -----------------------------------------------------------------------------


class MemoryPage(QWidget):
    """Assistant → Memory for ``assistant_id``: a page (a plain widget the window shows, never a
    dialog over the chat; :func:`~chathub_desktop.gui.memory.page_hookup.show_memory_page`).

    ``events``: the window's bus bridge (the page makes its own when None);
    ``runner``: where entry reloads run in a worker thread (own runner when None);
    ``presenter``: where bugs are shown; ``read_on_show``: a page made ahead, hidden, reads
    first when it is shown (:mod:`.page_prepare`). ``loaded`` fires after each (re)load applied.
    """

    loaded = Signal()
    #: The header's Back (the window shows the chats again).
    back_requested = Signal()

    def __init__(
        self,
        services: Services,
        assistant_id: int,
        *,
        events: ChatEvents | None = None,
        runner: TaskRunner | None = None,
        presenter: ErrorPresenter | None = None,
        parent: QWidget | None = None,
        read_on_show: bool = False,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("memoryPage")
        self.svc = services
        self.assistant_id = assistant_id
        self.presenter = presenter or ErrorPresenter(self)
        self._own_runner = runner is None
        self.runner = runner or TaskRunner(self.presenter, max_threads=1)
        self._own_events = events is None
        self.events = events or ChatEvents(services.bus, self)
        self._task_name = f"memory-load-{id(self)}"
        self.ops = ServiceOps(self.runner, self.presenter, self.show_error, lambda _busy: self._sync_buttons(),
                              f"{self._task_name}-op")
        self._select_number: int | None = None
        self._version = ""  # version token of the document the cards show
        self.assistant: AssistantView | None = None
        self.loads = 0
        #: Where Ctrl+M lands: the filter box, or the empty state's Add (a component).
        self.top_focus = TopFocus(self, lambda: self.empty_add_button if self.compact_empty else self.filter_edit
                                  if self.model.total() and self.stack.currentIndex() == 0 else self.list,
                                  lambda: self.loads > 0)
        #: Clear, Export, Import, Import from another assistant and Copy: the overflow menu
        #: (a component given this page).
        self.transfer = TransferActions(self, self)
        #: The History panel, made on first use.
        self.history: MemoryHistoryView | None = None
        self._history_frame: QWidget | None = None  # History's place in the page, made with it
        self._history_from = 0  # the page's scroll (px) when History opened: Back returns there
        #: True while History takes the page's content area.
        self.history_open = False
        #: Every text of the page, re-said on a language switch (issue 27).
        self.texts = Texts(self)
        self._made_ahead = read_on_show
        #: True once the whole first build ran: a page made ahead builds what is under fixed
        #: memory's title row on a later step (:meth:`build_lower`; stall54c: one 8–9 ms step).
        self.built = False
        self._build()
        if not read_on_show:
            self.build_lower()

    # --- construction ---------------------------------------------------------------------
    def _build(self) -> None:
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.setSpacing(0)
        #: "← Memory · <assistant>", as Settings and Search (walk29 #15); Back goes to the chats.
        self.header = PageHeader("")
        self._say_title()
        # ← leaves History first, to the page (walk53c #3: two back arrows went to different places);
        # while History shows, its "← Back to memory" is the one way back in view (memview54), the
        # header's ← hidden in place (the title does not move) and Esc still goes back
        self.header.back_requested.connect(
            lambda: self.close_history() if self.history_open else self.back_requested.emit())
        keep = self.header.back_button.sizePolicy()
        keep.setRetainSizeWhenHidden(True)
        self.header.back_button.setSizePolicy(keep)
        outer.addWidget(self.header)
        # the rest scrolls as a whole in a short window: no list is squeezed to nothing (walk29 #15);
        # its content is one column of a readable width, centred (memlook52: as the Settings pages)
        body = QWidget()
        body.setObjectName("memoryPageBody")
        centre = QHBoxLayout(body)
        centre.setContentsMargins(0, 0, 0, 0)
        column = QWidget()
        column.setObjectName("memoryPageColumn")
        self._column = column
        centre.addWidget(column)  # centred by the layout's margins (CentredColumn)
        self.body_scroll = QScrollArea()
        self.body_scroll.setObjectName("memoryPageScroll")
        self.body_scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.body_scroll.setWidgetResizable(True)
        self.body_scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.body_scroll.setWidget(body)
        self.texts.bind(self.body_scroll.setAccessibleName,  # a Tab stop (issue 29)
                        lambda: translate("MemoryPage", "Fixed memory and dreaming memory"))
        # the scroll bar's room is kept while it is hidden, so nothing moves sideways when it comes
        #: The column's width and place (a component).
        self.centring = CentredColumn(self.body_scroll, centre)
        #: The open card editor kept whole in view (a component).
        self.editor_view = EditorInView(self.body_scroll)
        outer.addWidget(self.body_scroll, 1)
        self._page_layout = outer  # History takes the body's place in it (walk53b #1)
        outer = QVBoxLayout(column)
        self._body_layout = outer
        outer.setContentsMargins(Space.XL, 0, Space.XL, Space.LG)
        outer.setSpacing(Space.MD)

        # master switch (MEM-1), first row, with what it does beside it (a component)
        t = self.texts
        self.switch = MemorySwitch(outer, t, self.ops, lambda on: self.svc.assistants.update(
            self.assistant_id, memory_enabled=on), self)
        self.memory_switch, self.switch_help = self.switch.switch, self.switch.help

        # fixed memory above, dreaming memory below; the user can move the split
        fixed = QWidget()
        self._fixed_section = fixed
        fixed.setObjectName("fixedMemorySection")
        flay = QVBoxLayout(fixed)
        flay.setContentsMargins(0, 0, 0, 4)
        flay.setSpacing(8)
        # fixed memory takes a taller window's room (walk2); the Dreaming memory group below
        # keeps its own height, its lines growing the page downwards (walk29)
        outer.addWidget(fixed, 1)

        # Fixed memory title row
        trow = QHBoxLayout()
        trow.setSpacing(4)
        self.fixed_title = section_title("")
        t.bind(self.fixed_title.setText, lambda: translate("MemoryPage", "Fixed memory"))
        t.bind(self.fixed_title.setToolTip, lambda: translate("MemoryPage", FIXED_MEMORY_HELP))
        trow.addWidget(self.fixed_title)
        #: What fixed memory is: the title's ``?`` (APP-6; walk40).
        self.fixed_help = help_mark(FIXED_MEMORY_LINE, FIXED_MEMORY_HELP, "fixedMemoryHelp", t)
        trow.addWidget(self.fixed_help)
        trow.addSpacing(Space.MD)
        #: Short confirmations ("Added #3"), beside the title: seen in every state of the list.
        self.status_label = PageStatus(t)
        trow.addWidget(self.status_label, 100)
        trow.addStretch(1)
        #: Add, Edit raw, Search and History: the toolbar's icon buttons (a component).
        self.toolbar = bar = FixedToolbar(self, t, add=self.add_memory, raw=lambda: self.raw.open_raw(),
                                          search=self.focus_filter, history=self.open_history)
        self.add_action, self.raw_action = bar.add_action, bar.raw_action
        self.search_action, self.history_action = bar.search_action, bar.history_action
        self.add_button, self.raw_button = bar.add_button, bar.raw_button
        self.search_button, self.history_button = bar.search_button, bar.history_button
        #: The overflow menu's button: Import, Import from another assistant, Export, Copy, Clear.
        self.more_button = self.transfer.more_button
        for b in (self.add_button, self.raw_button, self.search_button, self.history_button, self.more_button):
            trow.addWidget(b)
        #: Their names beside the icons while the row has room, as the dream row's (a component; issue 30).
        self.tool_labels = ToolLabels(fixed, (self.fixed_title, self.fixed_help), (*bar.buttons(), self.more_button),
                                      bar.buttons(), trow.spacing() + Space.MD)
        t.call(self.tool_labels.fit)  # the words' widths change with the language
        flay.addLayout(trow)
        self._fixed_layout = flay

    def build_lower(self) -> None:
        """Build the rest of the page's first part: the compact empty state, the cards (or
        raw editor, History), the error line, the Dreaming memory group's maker, the reads
        and the later build steps. Called by the constructor, or by the maker of a page made
        ahead (``read_on_show``) on a step of its own (.page_prepare), before it is hosted."""
        flay = self._fixed_layout
        # the compact empty state: one line and Add (shown by :meth:`_sync_empty`)
        self.empty_row = row = self.toolbar.empty_state()
        self.empty_line, self.empty_add_button = row.line, row.add_button
        flay.addWidget(row)

        self.stack = PageStack()  # the cards, the raw editor or History
        flay.addWidget(self.stack, 1)
        self.stack.addWidget(self._build_cards())
        self._raw: RawEditor | None = None  # built on first use (issue 30)
        #: The raw editor open, the memory switch and the Dreaming memory group give way (walk56 #6).
        self.raw_room = RawRoom(self.body_scroll, lambda: (self.switch.card, self.parts.group))

        self.error_label = error_label("errorLabel")
        flay.addWidget(self.error_label)

        # the Dreaming memory group comes on later turns (:meth:`_build_dreaming`), a part a step
        # the dream panel, hidden until its group takes it, reads with the entries, its schedule on a later step
        new_panel = partial(DreamPanel, self.svc, self.assistant_id, events=self.events, runner=self.runner,
                            presenter=self.presenter, load_now=False, schedule_later=True, bars_later=True,
                            parent=self)
        self.parts = DreamingParts(new_panel, self._body_layout, fit=lambda: FixedListFit(
            self.body_scroll, self.cards_stack, self.list, self.delegate),
            snippets=self._on_snippets, folded=self._sync_empty, reveal=self.editor_view.reveal)
        #: The entries' reads on a worker (a component); ``refresh`` coalesces bursts of writes.
        self.reads = FixedReads(self, self, self.svc, self.assistant_id, self.runner, self.list, self.delegate,
                                lambda: self.dream_panel, task_name=self._task_name, read_on_show=self._made_ahead,
                                while_editing=lambda snap: self.entry_actions.newer_read(snap))
        self.refresh = self.reads.refresh
        # memory or assistant settings (any assistant)
        self.refresh.follow(self.events.settings_changed, lambda _event: self.reads.changed())
        #: The part seen first is built above; the dream panel's title row and cards on the turn
        #: after the first paint, Dream now's bar on the next (stall54b: the whole panel was
        #: 7–8 ms of GUI CPU in one turn), the Dreaming memory group around
        #: it on the next, put in the page on the next, its schedule form made on the next and
        #: put in its card on the next (stall53), Tab set to follow the page's layout on the next
        #: (walk55b #6: the schedule, made last, came after the cards); the first read after their paint, with no
        #: worker running meanwhile (issue 30: each turn under a frame). A page made ahead (``read_on_show``) is driven a
        #: step a turn by its maker (.page_prepare).
        self.steps = BuildSteps(self, [self.parts.make_panel, lambda: self.parts.make_panel().build_bars(),
                                       self.parts.make_group, self._build_dreaming,
                                       lambda: self.dream_panel.make_schedule(),
                                       lambda: self.dream_panel.build_schedule(),
                                       lambda: follow_layout(self._column)],
                                self.reads.first, start=not self._made_ahead)
        self.built = True

    def _build_dreaming(self) -> None:
        """The Dreaming memory group put in the page, and the fixed list's fit to it."""
        panel, group = self.parts.place()
        # the dream list has no scroll of its own (memlook52): a card made current moves the page
        panel.list.selectionModel().currentChanged.connect(
            lambda cur, _prev: self.editor_view.reveal_row(panel.list, cur))
        panel.mark.revealed.connect(lambda cur: self.editor_view.reveal_row(panel.list, cur))  # a saved card
        panel.proposal_said.connect(self.editor_view.keep_whole)  # "Added the card for …" in sight
        panel.proposal_editor.connect(self.editor_view.reveal)  # the proposal's editor whole (walk56 #3)
        if self.assistant is not None:  # a read came first (a caller needed the panel early)
            panel.set_memory_enabled(self.assistant.memory_enabled)
            group.set_snippets(self.assistant.topic_snippets)
        if self.raw_room.taken:  # placed while the raw editor has the page
            self.raw_room.take()
        self._sync_empty()

    @property
    def dream_panel(self) -> DreamPanel:
        """The Dreaming memory group's panel (schedule, Dream now, cards); built now when
        the page's later steps have not run yet."""
        if self.parts.panel is None or not self.parts.panel.built:
            self.steps.ensure()
        assert self.parts.panel is not None
        return self.parts.panel

    @property
    def dreaming(self) -> DreamingGroup:
        """The Dreaming memory group (built and put in the page now when it has not been yet)."""
        if self.parts.fit is None:
            self.steps.ensure()
        assert self.parts.group is not None
        return self.parts.group

    @property
    def snippets_switch(self) -> QCheckBox:
        """The Topic snippets switch (DRM-1), in the Dreaming memory group's title row."""
        return self.dreaming.snippets_switch

    @property
    def list_fit(self) -> FixedListFit:
        """The fixed list's height: its cards' while they fit, else a box most of the
        page's visible height (memfit52, walk52b #1)."""
        if self.parts.fit is None:
            self.steps.ensure()
        assert self.parts.fit is not None
        return self.parts.fit

    def add_memory(self) -> None:
        """Add memory (Ctrl+N): the inline editor above the list, in place of the compact
        empty state when the memory is empty."""
        self.entry_actions.add_memory()

    def _place_add_editor(self, editor: QWidget) -> None:
        """The Add editor goes above the list; the compact empty state gives way to it."""
        self._cards_layout.insertWidget(self._cards_layout.indexOf(self.cards_stack), editor)
        editor.installEventFilter(self)
        follow_layout(self._column)  # Tab reaches it where it shows, not after the page's last (walk55b #6)

    @property
    def compact_empty(self) -> bool:
        """True while the page shows an empty fixed memory as one line and Add (walk36 #7)."""
        return not self.empty_row.isHidden()

    def _sync_empty(self) -> None:
        """An empty memory (no entry, no note, no filter, the cards shown, no Add editor
        open) is one line and Add (walk36 #7); otherwise the list is shown, as tall as
        :attr:`list_fit` says, or — the Add editor open on an empty memory — nothing under
        the editor. The dream cards below take a taller window's room."""
        ed = self.entry_actions.add_editor_if_made
        empty = (self.loads > 0 and self.model.entry_count() == 0 and not self.model.notes()
                 and not self.filter_edit.text().strip() and self.stack.currentIndex() == 0
                 and (ed is None or ed.isHidden()))
        self.empty_row.setVisible(empty)
        self.stack.setVisible(not empty)
        # the Add editor open on an empty memory: no "No fixed memory yet" under it (walk53 #9)
        adding = ed is not None and not ed.isHidden()
        self.cards_stack.setVisible(not (adding and self.model.total() == 0 and not self.filter_edit.text().strip()))
        # a tall page's slack goes under Dream now (the dream cards), so nothing shown under
        # them moves it; the raw editor and History take it (fix30)
        cards = self.stack.currentIndex() == 0
        lay = self._body_layout
        lay.setStretchFactor(self._fixed_section, 0 if cards else 1)
        group = self.parts.group
        if group is None:  # not built yet: its step calls this again
            return
        lay.setStretchFactor(group, 1 if cards and group.shown else 0)
        lay.setStretch(lay.count() - 1, 1 if cards and not group.shown else 0)
        self.list_fit.schedule()

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        """Qt: the Add editor opening or closing re-checks the compact empty state."""
        if event.type() == QEvent.Type.ShowToParent:
            self._sync_empty()  # at once: the editor takes the focus next
        elif event.type() == QEvent.Type.HideToParent:
            QTimer.singleShot(0, self, self._sync_empty)
        return super().eventFilter(obj, event)

    def _build_cards(self) -> QWidget:
        w = QWidget()
        lay = QVBoxLayout(w)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(6)
        self.model = MemoryEntryModel(self)
        self.list, self.delegate = card_list("memoryList", "", self.model, self.model.face, FixedCardDelegate)
        t = self.texts
        t.bind(self.list.setAccessibleName, lambda: translate("MemoryPage", "Fixed memory entries"))
        t.call(lambda: self.list.viewport().update())  # the chips in the language; viewport asked anew (walk51 #2)
        self.list.setLayoutMode(QListView.LayoutMode.Batched)
        self.list.setBatchSize(FIXED_LAYOUT_BATCH)
        self.list.setEditTriggers(QAbstractItemView.EditTrigger.DoubleClicked)
        #: Add, edit in place, delete, trust, pause, copy (a component given this page).
        # Add memory is an inline editor above the list (walk2), built on first use
        self.entry_actions = EntryActions(self, self.list, self.model, self, self._place_add_editor,
                                          self.editor_view.keep_whole)
        self._cards_layout = lay
        ea = self.entry_actions
        self.list.selectionModel().currentChanged.connect(lambda *_a: self._sync_buttons())
        self.list.selectionModel().selectionChanged.connect(lambda *_a: self._sync_buttons())
        assert isinstance(self.delegate, FixedCardDelegate)
        self.delegate.pause_clicked.connect(self._toggle_pause)
        self.delegate.editor_shown.connect(self.editor_view.reveal)
        self.model.modelReset.connect(self._sync_buttons)

        #: Edit, Mark as trusted, Copy, Delete and Pause on the list (Enter, Del, Ctrl+P; its context menu).
        ea.add_list_actions(t)
        self.edit_card_action, self.trust_action = ea.edit_action, ea.trust_action
        self.copy_entry_action, self.delete_action, self.pause_action = ea.copy_action, ea.delete_action, ea.pause_action
        self.list.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)

        self.empty_label = QLabel()
        t.bind(self.empty_label.setText, lambda: translate("MemoryPage", "Loading…"))
        self.empty_label.setObjectName("emptyLabel")
        self.empty_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        set_tone(self.empty_label, Tone.MUTED)
        self.cards_stack = QStackedWidget()
        self.cards_stack.addWidget(self.list)
        self.cards_stack.addWidget(self.empty_label)
        self.cards_stack.setCurrentWidget(self.empty_label)
        #: The filter box (REF-3 words, narrows the cards as the user types), the count and the
        #: card buttons: one row above the cards (a component).
        self.filter_row = brow = FilterRow(t, filtered=self._on_filter, done=self.list.setFocus,
                                           trust=self.trust_action, delete=self.delete_action)
        self.filter_edit, self.count_label = brow.filter_edit, brow.count_label
        self.trust_button, self.delete_button = brow.trust_button, brow.delete_button
        lay.addLayout(brow)
        lay.addWidget(self.cards_stack, 1)
        return w

    # --- filter -----------------------------------------------------------------------------
    def focus_filter(self) -> None:
        """Search (Ctrl+F): the filter box scrolled into sight, the cursor in it, its text selected."""
        self.filter_row.focus(self.body_scroll)

    def _show_count(self) -> None:
        """``7 entries · 1 untrusted``, or ``1 of 7 entries match`` while filtering."""
        self.filter_row.say_count(self.model.entry_count(), self.model.untrusted_listed(), self.model.total())

    def _on_filter(self, text: str) -> None:
        self.model.set_filter(text)
        self._show_count()
        n = self.model.total()
        if text.strip():
            self._say_empty()
        self.cards_stack.setCurrentWidget(self.list if n else self.empty_label)
        self._sync_empty()
        self._sync_buttons()

    # --- loading ----------------------------------------------------------------------------
    def schedule_reload(self) -> None:
        """Re-read the entries soon, in a worker thread (bursts are coalesced)."""
        self.reads.changed(shown=False)

    def read_failed(self, exc: ServiceError) -> None:
        """A read was refused: say why; the page's controls go grey."""
        self.show_error(said_error(exc) if not isinstance(exc, NotFound)
                        else translate("MemoryPage", "This assistant no longer exists."))
        for w in (self.memory_switch, self.add_button, self.raw_button, self.more_button, self.list,
                  self.dream_panel):
            w.setEnabled(False)

    def apply_read(self, a: AssistantView, snap: FixedMemorySnapshot, notes: list[Note]) -> None:
        """Show a read (:class:`FixedReads`) laid out in one pass; ``loaded`` fires after."""
        land = self.top_focus.waiting()
        with one_layout_pass(self.body_scroll.widget(), self._column, self._fixed_section):  # what it shows, laid out once
            self._show_read(a, snap, notes)
            self.loads += 1
            self._sync_empty()
            self._sync_buttons()
        self.entry_actions.reopen_pending()
        self._sync_empty()
        self._sync_buttons()
        if land:
            self.top_focus.land()
        self.loaded.emit()

    def _show_read(self, a: AssistantView, snap: FixedMemorySnapshot, notes: list[Note]) -> None:
        views = snap.entries
        self._version = snap.version
        self.assistant = a
        self._say_title(a.name)
        self.switch.show_read(a.memory_enabled)
        self.dreaming.set_snippets(a.topic_snippets)
        if a.memory_enabled != self.dream_panel.memory_enabled:
            self.dream_panel.set_memory_enabled(a.memory_enabled)
        if views != self.model.entries() or notes != self.model.notes() or self._select_number is not None:
            self._set_entries(views, notes)
        self._show_count()
        self._say_empty()
        self.cards_stack.setCurrentWidget(self.list if self.model.total() else self.empty_label)
        if self._raw is not None:
            self._raw.document_changed(snap.document)

    def _say_title(self, name: str | None = None) -> None:
        """The window title and the header: whose memory this is (walk29 #15)."""
        if name is None:
            self.texts.bind(self.setWindowTitle, lambda: translate("MemoryPage", "Memory"))
            self.texts.bind(self.header.title.setText, lambda: translate("MemoryPage", "Memory"))
            return
        self.texts.bind(self.setWindowTitle, lambda: fill(translate("MemoryPage", "Memory — %1"), name))
        self.texts.bind(self.header.title.setText, lambda: fill(translate("MemoryPage", "Memory · %1"), name))

    def _say_empty(self) -> None:
        """The empty list's text: nothing yet, or nothing matching the filter."""
        typed = self.filter_edit.text().strip()
        self.texts.bind(self.empty_label.setText, lambda: translate("MemoryPage", EMPTY_TEXT) if not typed
                        else fill(translate("MemoryPage", "No entry matches “%1”."), typed))

    def _set_entries(self, views: list[MemoryEntryView], notes: list[Note]) -> None:
        """Swap the entries, keeping the selected card (found by its text, else its row)
        and the scroll position; select ``_select_number`` when set."""
        cur = self.current_entry()
        row = self.list.currentIndex().row()
        bar = self.list.verticalScrollBar()
        scroll = bar.value()
        shown = self.model.rowCount()
        target: int | None = None
        number = self._select_number
        if number is None and cur is not None:
            number = next((v.number for v in views if v.text == cur.text), None)
        self.model.set_entries(views, keep_rows=shown, notes=notes)
        target = self.model.row_of(number) if number is not None else None
        if target is None and cur is not None and self.model.total():
            target = min(row, self.model.total() - 1)
        if target is not None:
            self.model.ensure_row(target)
            idx = self.model.index(target)
            self.list.setCurrentIndex(idx)
        if scroll == 0 and target is None:  # the first batch: the cards the page can show (stall54c: 40 were ~3 ms)
            self.list.setBatchSize(min(FIXED_LAYOUT_BATCH, cards_in_view(self.body_scroll, self.delegate)))
        self.list.doItemsLayout()  # the rest a batch a turn
        self.list.setBatchSize(FIXED_LAYOUT_BATCH)
        if self._select_number is not None and target is not None:
            self.editor_view.show_row(self.list, self.model.index(target))  # the list, then the page
        else:
            bar.setValue(min(scroll, bar.maximum()))
        self._select_number = None

    # --- state ------------------------------------------------------------------------------
    def current_entry(self) -> MemoryEntryView | None:
        """The selected card: the current row when it is painted selected (walk55 #10: the
        list takes a current row on focus without selecting it, and "Delete #1" was offered
        beside the Add editor with no row highlighted)."""
        idx = self.list.currentIndex()
        if not idx.isValid() or not self.list.selectionModel().isSelected(idx):
            return None
        return self.model.entry(idx.row())

    @property
    def version(self) -> str:
        """The version token of the document the cards show (issue 10)."""
        return self._version

    def select_after_load(self, number: int) -> None:
        """Select entry ``number`` once the next load is shown."""
        self._select_number = number

    def select_number(self, number: int) -> None:
        """Select (and show) entry ``number``."""
        row = self.model.row_of(number)
        if row is not None:
            self.model.ensure_row(row)
            idx = self.model.index(row)
            self.list.setCurrentIndex(idx)
            self.list.scrollTo(idx)

    @property
    def busy(self) -> bool:
        """True while a change is being written (further changes wait for it)."""
        return self.ops.busy

    def _sync_buttons(self) -> None:
        e = self.current_entry()
        raw = self.stack.currentIndex() != 0 or self.history_open or self.ops.busy  # the raw editor or History shown
        for w in (self.delete_button, self.delete_action, self.edit_card_action, self.copy_entry_action):
            w.setEnabled(e is not None and not raw)
        untrusted = e is not None and not e.trusted and not raw
        self.trust_action.setEnabled(untrusted)
        self.filter_row.say_selected(e.number if e is not None and not raw else None, untrusted=untrusted,
                                     trust_shown=self.model.untrusted_listed() > 0, trust_room=self.model.untrusted() > 0)
        for a in (self.add_action, self.raw_action, self.search_action):
            a.setEnabled(not raw)
        self.transfer.set_enabled(not raw)
        if self._raw is not None:
            self._raw.set_busy(self.ops.busy)

    def show_error(self, message: str) -> None:
        """Show ``message`` inline (empty hides it)."""
        self.error_label.setText(message)
        self.error_label.setVisible(bool(message))

    def show_status(self, message: str | Callable[[], str]) -> None:
        """Short confirmation next to the count; cleared after a few seconds (see
        :meth:`PageStatus.say`)."""
        self.status_label.say(message)

    # --- actions ----------------------------------------------------------------------------
    def _on_snippets(self, on: bool) -> None:
        """The user's click on Topic snippets (DRM-1): stored on a worker; put back when refused."""
        if not self.ops.start("Topic snippets", lambda: self.svc.assistants.update(self.assistant_id, topic_snippets=on),
                              on_fail=lambda: self.dreaming.set_snippets(not on)):
            self.dreaming.set_snippets(not on)

    def _toggle_pause(self, number: int) -> None:
        """The card's pause toggle: select it and pause or resume it (as Ctrl+P)."""
        self.select_number(number)
        self.entry_actions.toggle_pause_current()

    # --- Qt overrides -------------------------------------------------------------------------
    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Esc: stops this page's memory dream when one runs (APP-7), else leaves the raw
        view (asking first when it was changed); a page is not closed by Esc."""
        if event.key() == Qt.Key.Key_Escape:
            panel = self.parts.panel
            if panel is not None and panel.runs.dreaming and panel.runs.stop():
                event.accept()
                return
            if self._raw is not None and self._raw.is_open:
                event.accept()
                self.raw.leave()
                return
            if self.history_open:
                event.accept()
                self.close_history()
                return
        super().keyPressEvent(event)

    def open_history(self) -> MemoryHistoryView:
        """History (issue 18): every change of this memory with its diff and Revert, a
        panel of the page (issue 30) that takes the page's content area under its own
        heading (walk53b #1: not a box among the sections); Back or Esc returns to the
        page as it was, scrolled where it was (the hidden body keeps its place)."""
        if self.history is None:
            self.history = MemoryHistoryView(self.svc, self.assistant_id, events=self.events, runner=self.runner,
                                             presenter=self.presenter)
            self.history.closed.connect(self.close_history)
            frame = self._history_frame = QWidget(self)
            frame.setObjectName("memoryHistoryFrame")
            around = QHBoxLayout(frame)
            around.addWidget(self.history)
            # as wide as the page's column and where it is (memhist54: about 10 px wider)
            ColumnTwin(self.centring, frame, around, Space.XL, Space.SM, Space.LG, edge=Space.XXS)  # the ring's room
            self._page_layout.addWidget(frame, 1)
        else:
            self.history.reload()
        if not self.history_open:
            self._history_from = self.body_scroll.verticalScrollBar().value()
        self.history_open = True
        self.header.back_button.hide()
        self.body_scroll.hide()
        if self._history_frame is not None:
            self._history_frame.show()
        self.history.list.setFocus()
        self._sync_buttons()
        return self.history

    def close_history(self) -> None:
        """Back from History: the page again, scrolled where it was, History's button focused."""
        if self._history_frame is None:
            return
        self.history_open = False
        self.header.back_button.show()
        self._history_frame.hide()
        self.body_scroll.show()
        self._sync_empty()  # walk55b #5: entries reverted meanwhile left the list's old height, a gap
        self._sync_buttons()
        self.history_button.setFocus()  # focus back on what opened it; the page stays where it was
        self.body_scroll.verticalScrollBar().setValue(self._history_from)

    def _show_raw(self, on: bool) -> None:
        """Show the raw editor, given the page (:class:`RawRoom`), or the cards again as they were."""
        if on:
            self.raw_room.take()
        self.stack.setCurrentWidget(self.raw if on else self.stack.widget(0))
        self._sync_empty()
        if not on:
            self.raw_room.give_back()
            self.list.setFocus()
        self._sync_buttons()

    @property
    def raw(self) -> RawEditor:
        """The raw Markdown editor (a component given this page; MEM-3), built on first
        use: Edit raw, or a caller that needs it (issue 30: the page opens within a frame)."""
        if self._raw is None:
            raw = self._raw = RawEditor(self)
            raw.opened.connect(lambda: self._show_raw(True))
            raw.closed.connect(lambda: self._show_raw(False))
            self.stack.addWidget(raw)
            follow_layout(self._column)  # Tab through it where it shows (walk55b #6)
            raw.set_busy(self.ops.busy)
        return self._raw

    def detach(self) -> None:
        """Stop following the bus (the page is closing for good)."""
        self.refresh.detach()
        if self._raw is not None:
            self._raw.detach()
        self.steps.cancel()
        if self.parts.panel is not None:
            self.parts.panel.detach()
        if self.history is not None:
            self.history.detach()
        if self._own_events:
            self.events.detach()
            self._own_events = False
