"""Assistant → Memory → Dreaming memory: the memory dream's schedule, Dream now, and the
dynamic-memory cards (DRM-2, DRM-5, DRM-7, DRM-8, DRM-15, APP-6, APP-7).

:class:`DreamPanel` sits in the Memory page under the Topic snippets switch:

- **Schedule form** (DRM-2, DRM-7): Off / Daily / Weekly, a weekday (Weekly only;
  0 = Sunday), a UTC time ``HH:MM`` and Keep dream cards (1–90). Save calls
  ``DreamService.set_schedule`` and then ``set_keep`` (which stores N and folds extra
  cards in one transaction); an invalid value is refused by the service, its message is
  shown inline and nothing is stored. Below: the next slot and — when the schedule is on
  — the latest scheduled run with its status and failure hint (DRM-5).
- **Dream now** (DRM-3, APP-7) dreams over yesterday (the UTC day before now) as a
  manual run, with the ``DreamProgress`` phases and a Stop that cancels the task (Esc on
  the page stops it too). The outcome goes to the status line in its bar, above the
  cards (walk36 #7). Progress of a scheduled
  run (the tray's dream timer) shows here as well, and Stop cancels that run.
- **Cards** (DRM-8, DRM-15): one :class:`QListView` over :class:`DreamCardModel`,
  painted by :class:`DreamCardDelegate` (``#N``, a date chip, the body, and a refresh
  icon on single-day cards only). Edit in place (Enter, double-click: a multi-line editor
  counting against the card's cap),
  Delete (Del), Regenerate (refresh icon, Ctrl+R; hidden on range and legacy cards),
  Copy (the service's visible text), Clear (after a preview of the cards that go, issue 18) and Restore previous
  version. There is no Add: only the dream writes dated cards. Edits carry the version
  token of the document the card was shown from: a save over a newer document is
  refused, the list shows the newer cards and the editor opens again with the user's
  text (issue 10).

The schedule form, the runs and the card actions (with the list's actions) are
components given this panel as a small Protocol (:mod:`.dream_schedule_form`,
:mod:`.dream_runs`, :mod:`.dream_card_actions`; issue 30); the status line and the failure
lines (a failed run's bar with Retry, Edit model card… and Choose History Compress
model…, the error line) are components given what they use (:mod:`.dream_status`,
:mod:`.dream_failure`), and so is the Dynamic memory title row with the cards' buttons
(:mod:`.dynamic_toolbar`); the cards' model, delegate and editor live in :mod:`.dream_cards`
and :mod:`.card_editor`.

Every decision is a ``services.dreams`` call; reads and writes run in the page's
worker thread (:class:`~chathub_desktop.gui.shell.task_runner.TaskRunner`), the dream itself
is a task on the loop. The panel re-reads on ``MemoryChanged`` (any writer: the dream,
the CLI's edits through this process's services, another page).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from datetime import date

from PySide6.QtCore import (
    QCoreApplication,
    QSize,
    Qt,
    Signal,
)
from PySide6.QtGui import (
    QAction,
    QKeySequence,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QLabel,
    QListView,
    QProgressBar,
    QSizePolicy,
    QStackedWidget,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from chathub_desktop.core.dynamic_cards import CardKind
from chathub_desktop.core.reasons import Reason
from chathub_desktop.gui.design import Tone, set_tone
from chathub_desktop.gui.design.icons import Icon, icon
from chathub_desktop.gui.design.tokens import Space
from chathub_desktop.gui.memory import dream_empty, dream_failure, dynamic_toolbar
from chathub_desktop.gui.memory.card_mark import CardMark
from chathub_desktop.gui.memory.dream_card_actions import DreamCardActions
from chathub_desktop.gui.memory.dream_cards import DreamCardDelegate, DreamCardModel, count_text
from chathub_desktop.gui.memory.dream_day_picker import DreamDayPicker
from chathub_desktop.gui.memory.dream_failure import DreamFailure
from chathub_desktop.gui.memory.dream_reads import DreamData, DreamReads
from chathub_desktop.gui.memory.dream_runs import DreamRuns
from chathub_desktop.gui.memory.dream_schedule_form import ScheduleForm
from chathub_desktop.gui.memory.dream_status import DreamStatusLine
from chathub_desktop.gui.memory.dream_words import describe_schedule
from chathub_desktop.gui.memory.dynamic_toolbar import BarState, DynamicToolbar
from chathub_desktop.gui.memory.list_grow import ListToContent
from chathub_desktop.gui.memory.page_common import (
    MIN_ROWS,
    card_list,
    one_layout_pass,
)
from chathub_desktop.gui.memory.panel_buttons import PanelButtons
from chathub_desktop.gui.memory.proposal_keys import ProposalKeys
from chathub_desktop.gui.memory.proposals_section import (
    ProposalAccepted,
    ProposalsSection,
    proposals_tab_title,
)
from chathub_desktop.gui.settings.card_field import CardField
from chathub_desktop.gui.settings.setting_rows import SettingGroup
from chathub_desktop.gui.shell.chat_events import ChatEvents
from chathub_desktop.gui.shell.day_format import format_day
from chathub_desktop.gui.shell.error_presenter import ErrorPresenter
from chathub_desktop.gui.shell.i18n import QT_TRANSLATE_NOOP, Texts, fill
from chathub_desktop.gui.shell.service_ops import ServiceOps
from chathub_desktop.gui.shell.tab_order import follow_layout
from chathub_desktop.gui.shell.task_runner import TaskRunner
from chathub_desktop.services.container import Services
from chathub_desktop.services.dream.dream_days import ActiveDay
from chathub_desktop.services.dream.dream_service import (
    CardsSnapshot,
    CardView,
    DreamSettingsView,
)
from chathub_desktop.services.errors import NotFound

translate = QCoreApplication.translate

# --- help texts (APP-6) -------------------------------------------------------------------

#: The Dynamic memory title's ``?`` (its tooltip and one-line summary) live in :mod:`.dynamic_toolbar`.
DYNAMIC_HELP, DYNAMIC_LINE = dynamic_toolbar.DYNAMIC_HELP, dynamic_toolbar.DYNAMIC_LINE
#: The failure bar's Details line under the summary (lives in :mod:`.dream_failure`).
FAILURE_HINT = dream_failure.FAILURE_HINT
#: What the empty card list says lives in :mod:`.dream_empty` (imported here for the panel's users).
EMPTY_TEXT, DREAM_NOW_NOTE = dream_empty.EMPTY_TEXT, dream_empty.DREAM_NOW_NOTE
empty_text, empty_line = dream_empty.empty_text, dream_empty.empty_line

#: Cards laid out per pass of the event loop.
DREAM_LAYOUT_BATCH = 16


# --- the panel ----------------------------------------------------------------------------


class DreamTabs(QTabWidget):
    """The Cards / Proposals tabs: on Proposals (tab 1) as tall as that tab's content
    (SPEC DM-REVIEW, issue 30 walk56 #3). Qt's tab widget asks every page for its size,
    the Cards stack's 12 cards included, and the Proposals pane took their height."""

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt override
        """Qt's hint on Cards; on Proposals the height of the bar and that tab alone."""
        hint = super().sizeHint()
        if self.currentIndex() == 1:
            hint.setHeight(self.minimumSizeHint().height())
        return hint


class DreamPanel(QWidget):
    """The Dreaming memory group's schedule form, Dream now and cards for ``assistant_id``
    (see the module docstring; DRM-2, DRM-5, DRM-7, DRM-8, DRM-15, APP-7).

    ``events``/``runner``/``presenter``: the Memory page's bus bridge, task runner and
    error presenter. ``loaded`` fires after each (re)load was applied (``loads`` counts
    them). Known errors (``ServiceError``) are shown inline in ``error_label``; bugs go to
    the presenter. ``load_now=False``: no first read of its own; the page reads the panel's
    data with its own (``reads.fetch``) and hands it over (``reads.load_from``, :class:`DreamReads`).
    ``bars_later``: the title row, the cards and their tabs now; Dream now's bar and the lines
    under it by :meth:`build_bars` (the page's next step: the whole panel was 7–8 ms of GUI
    CPU in one turn, issue 30), which whatever shows in them calls first."""

    loaded = Signal()
    #: The Proposals tab said an outcome (Accept, Discard) in its status line (a QWidget).
    proposal_said = Signal(QWidget)
    #: The proposal editor opened: the page keeps it whole in view, its buttons too (walk56 #3).
    proposal_editor = Signal(QWidget, QWidget)

    def __init__(self, services: Services, assistant_id: int, *, events: ChatEvents, runner: TaskRunner,
                 presenter: ErrorPresenter, parent: QWidget | None = None, load_now: bool = True,
                 schedule_later: bool = False, bars_later: bool = False) -> None:
        super().__init__(parent)
        self.setObjectName("dreamPanel")
        self.svc = services
        self.assistant_id = assistant_id
        self.events = events
        self.runner = runner
        self.presenter = presenter
        self.view: DreamSettingsView | None = None
        self._paused = False  # whether scheduled dreams are paused, as last read
        self.memory_enabled = True
        self.loads = 0
        self.ops = ServiceOps(self.runner, self.presenter, self.show_error, self._on_busy, f"dream-op-{id(self)}")
        #: Dream now, Regenerate and Stop (a component given this panel; DRM-3, APP-7).
        self.runs = DreamRuns(self, self, lambda: self.schedule.local_zone)
        #: Edit, Delete, Pause, Clear, Restore, Copy (a component given this panel).
        self.card_actions = DreamCardActions(self, self)
        self._version = ""  # version token of the document the cards show (issue 10)
        self.texts = Texts(self)
        #: Makes the panel's buttons, their words re-said on a language switch (a component).
        self.buttons = PanelButtons(self.texts)
        self._schedule: ScheduleForm | None = None
        self._unplaced: ScheduleForm | None = None  # made, not yet in the card (make_schedule)
        #: True once Dream now's bar and the lines under it are made (:meth:`build_bars`).
        self.built = False
        self._build()
        if not bars_later:
            self.build_bars()
        if not schedule_later:
            self.build_schedule()
        #: The reads on a worker (a component); ``refresh`` coalesces bursts and owns the bus connections.
        self.reads = DreamReads(self, self, services, assistant_id, events=events, runner=runner, view=self.list,
                                delegate=self.delegate, cancel_more=self.runs.cancel,
                                while_editing=lambda snap: self.card_actions.newer_read(snap))
        self.refresh = self.reads.refresh
        #: The cards as tall as they are: the page scrolls over them, not the list (memlook52).
        self.grow = ListToContent(self.list, self.delegate,
                                  lambda: self.delegate.rows_height(MIN_ROWS) if self.model.rowCount() else 0,
                                  lambda: self.model.rowCount() > 0)
        self.refresh.follow(events.dream_progress, self.runs.on_dream_progress)  # shown in the bar: builds it
        if load_now:
            self.reads.start()

    # --- construction ---------------------------------------------------------------------
    def _build(self) -> None:
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(Space.SM)
        #: The group's settings as rows of one card (memlook52: as Settings lays them out): Topic
        #: snippets (put first by the group), then the schedule form's rows when it is built.
        self.settings_card = SettingGroup(self.texts, name="dreamSettingsCard")
        lay.addWidget(self.settings_card)

        t = self.texts
        #: The Dynamic memory title row: its title, ``?``, count and the cards' buttons (a component).
        self.toolbar = bar = DynamicToolbar(self, t, self.buttons, copy_all=self.card_actions.copy_all,
                                            clear=self.card_actions.clear_cards,
                                            restore=self.card_actions.restore_previous)
        self.cards_title, self.cards_help, self.count_label = bar.title, bar.help, bar.count_label
        #: The overflow menu's Copy all dream cards (Ctrl+Shift+C), Restore previous version, Clear all dream cards….
        self.copy_all_action, self.restore_action, self.clear_action = bar.copy_action, bar.restore_action, \
            bar.clear_action
        self.more_button, self.more_menu = bar.more_button, bar.more_menu
        lay.addLayout(bar.row)  # the cards' icons and, after Dream now's bar is built, the selected card's

        # the cards (DRM-8)
        # declared: __init__ reads them, and mypy checks it before this method
        self.model: DreamCardModel = DreamCardModel(self)
        self.list: QListView
        self.delegate: DreamCardDelegate
        self.list, self.delegate = card_list("dreamCardList", "", self.model, self.model.face,
                                               DreamCardDelegate)
        t.bind(self.list.setAccessibleName, lambda: translate("MemoryPage", "Dynamic memory cards"))
        t.call(lambda: self.list.viewport().update())  # chips, folded lines in the language; viewport asked anew (walk51 #2)
        # a range card's day headings in the language's date style; their height may change (memview54)
        t.call(lambda: self.list.doItemsLayout() if self.model.resay_days() else None)
        self.list.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        # laid out a few cards per pass of the event loop: 90 cards never freeze a frame (issue 30)
        self.list.setLayoutMode(QListView.LayoutMode.Batched)
        self.list.setBatchSize(DREAM_LAYOUT_BATCH)
        #: The card a confirmation names, shown and marked (a component; walk52b #2).
        self.mark = CardMark(self.list, self.model)
        self.model.modelReset.connect(self.sync)
        self.list.selectionModel().currentChanged.connect(lambda *_a: self.sync())
        self.list.selectionModel().selectionChanged.connect(lambda *_a: self.sync())
        self.delegate.regenerate_clicked.connect(lambda n: self.runs.regenerate(n))
        self.delegate.edit_requested.connect(self.card_actions.edit_card)
        # a click on a folded range card, or on an opened one's header (walk55b #8)
        self.delegate.fold_requested.connect(self.card_actions.toggle_fold)
        self.model.edit_handler = self.card_actions.save_edit  # edits in place (issue 30)

        #: Edit, Regenerate, Copy, Delete, Expand / fold and Pause on the list (its keys and context menu).
        ca = self.card_actions
        ca.add_list_actions(t, regenerate=lambda: self.runs.regenerate())
        self.edit_action, self.regenerate_action, self.copy_card_action = ca.edit_action, ca.regenerate_action, \
            ca.copy_action
        self.delete_action, self.fold_action, self.pause_action = ca.delete_action, ca.fold_action, ca.pause_action
        self.list.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)

        self.empty_label = QLabel()
        # until the first read: no claim that there is no card (walk45 #3; the read says what there is)
        t.bind(self.empty_label.setText, lambda: translate("MemoryPage", "Loading…"))
        self.empty_label.setObjectName("dreamEmptyLabel")
        self.empty_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty_label.setWordWrap(True)
        set_tone(self.empty_label, Tone.MUTED)
        self.cards_stack = QStackedWidget()
        self.cards_stack.addWidget(self.list)
        self.cards_stack.addWidget(self.empty_label)
        self.cards_stack.setCurrentWidget(self.empty_label)
        self._proposals: ProposalsSection | None = None
        self._waiting = 0  # the proposals' count as the panel last read it (the tab's badge)
        self._said_dreaming = False  # whether the empty list last said a dream runs
        self._lay = lay  # the bars' place
        # the cards and, beside them, the proposals waiting for review (issue 19): that tab's
        # section is built, and reads, on its first show (issue 30: the page opens within a frame)
        self._proposals_tab = QWidget()
        self._proposals_tab.setObjectName("proposalsTab")
        QVBoxLayout(self._proposals_tab).setContentsMargins(0, 0, 0, 0)
        #: Its list's keys, declared now: Help → Keyboard shortcuts lists them before it is built (walk55b #10).
        self.proposal_keys = ProposalKeys(self._proposals_tab, t)
        self.tabs = DreamTabs()
        self.tabs.setObjectName("dreamTabs")
        # not document mode: the pane draws its top line whole under the tabs (walk56 #16: as the
        # bar's base the line ran above them, broken by each tab)
        self.tabs.addTab(self.cards_stack, "")
        self.tabs.addTab(self._proposals_tab, "")
        t.bind(functools.partial(self.tabs.setTabText, 0), lambda: translate("MemoryPage", "&Cards"))
        t.bind(functools.partial(self.tabs.setTabToolTip, 1), lambda: translate(
            "MemoryPage", "Dream cards waiting for your accept or discard (dream review)"))
        t.call(lambda: self.tabs.setTabText(1, proposals_tab_title(self.proposal_count())))
        self.tabs.currentChanged.connect(self._on_tab)
        self._fit_tabs(0)
        lay.addWidget(self.tabs, 1)

    def build_bars(self) -> None:
        """Make Dream now's bar, the selected card's buttons, the status and failure lines
        unless they are (``bars_later``: the page's step after the panel's)."""
        if self.built:
            return
        t, lay = self.texts, self._lay
        # Dream now, progress and Stop (APP-7)
        brow = QHBoxLayout()
        brow.setSpacing(4)
        self.dream_now_button = self.buttons.push(QT_TRANSLATE_NOOP("MemoryPage", "Dream now"), "dreamNowButton", "",
                                           lambda: self.runs.dream_now())
        #: Ctrl+Shift+D: enabled exactly when the button is (walk55b #2: it ran while the button was off).
        self.dream_action = dream_action = QAction(self)
        t.bind(dream_action.setText, lambda: translate("MemoryPage", "Dream now"))
        dream_action.setShortcut(QKeySequence("Ctrl+Shift+D"))
        dream_action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        dream_action.triggered.connect(lambda _c=False: self.runs.dream_now())
        self.addAction(dream_action)
        self.progress_bar = QProgressBar()
        self.progress_bar.setObjectName("dreamProgressBar")
        self.progress_bar.setRange(0, 0)  # busy: a run has phases, not a measurable amount
        self.progress_bar.setFixedWidth(90)
        self.progress_bar.setMaximumHeight(14)
        self.progress_bar.setTextVisible(False)
        t.bind(self.progress_bar.setToolTip, lambda: translate("MemoryPage", "A memory dream is running"))
        self.progress_bar.hide()
        self.stop_button = self.buttons.push(QT_TRANSLATE_NOOP("MemoryPage", "Stop"), "stopDreamButton", QT_TRANSLATE_NOOP(
            "MemoryPage", "Stop this dream (Esc); nothing of it is stored"), lambda: self.runs.stop())
        self.stop_button.hide()
        #: What the last dream or change did: its own row under the Dream now bar, wrapped (a component).
        self.status_label = DreamStatusLine(t, lambda: self.runs.running)
        brow.addWidget(self.dream_now_button)
        self.day_picker = DreamDayPicker()  # issue 14: any finished day with activity
        self.day_picker.currentIndexChanged.connect(lambda _i: self.sync())
        brow.addWidget(self.day_picker)
        brow.addWidget(self.day_picker.note, 20)  # in the chooser's place when no day is offered: the row's room
        brow.addWidget(self.progress_bar)
        brow.addWidget(self.stop_button)
        brow.addStretch(1)
        bar = self.toolbar
        bar.add_card_buttons((self.regenerate_action.toolTip, lambda: self.runs.regenerate()),
                             (self.edit_action.toolTip, lambda: self.card_actions.edit_card()),
                             (self.delete_action.toolTip, self.card_actions.delete_card))
        self.regenerate_button, self.edit_button, self.delete_button = \
            bar.regenerate_button, bar.edit_button, bar.delete_button
        self.card_buttons, self.tool_labels = bar.card_buttons, bar.labels
        self.dream_now_button.setIcon(icon(Icon.DREAM))
        #: Dream now and its status line: one bar above the cards, so Dream
        #: now is in view without scrolling at 1366×768 (walk36 #7) and nothing above it
        #: comes and goes (issue 30).
        self.action_bar = QWidget()
        self.action_bar.setObjectName("dreamActionBar")
        self.action_bar.setLayout(brow)
        brow.setContentsMargins(0, 0, 0, 0)
        lay.insertWidget(lay.indexOf(self.tabs), self.action_bar)
        lay.insertWidget(lay.indexOf(self.tabs), self.status_label.slot)  # one line's room kept (walk56 #10)
        #: A failed run with Retry and the fixes it names, and the error line: under Dream now's
        #: bar and its status line, above the cards — next to the control it is about (walk53
        #: #11: at the page's bottom it was far from Dream now); nothing above Dream now moves
        #: (a component).
        self.failure = DreamFailure(self.svc, self.runner, self.presenter,
                                    summarizer_choice=self.events.summarizer_choice_requested.emit,
                                    providers=self.events.providers_requested.emit,
                                    status=lambda make: self.show_status(make, 0))
        self.failure_bar, self.error_label = self.failure.bar, self.failure.error_label
        self.choose_summarizer_button, self.card_button = self.failure.choose_button, self.failure.card_button
        lay.insertWidget(lay.indexOf(self.tabs), self.failure)
        self.built = True
        self.sync()

    # --- loading ----------------------------------------------------------------------------
    def schedule_reload(self) -> None:
        """Re-read the settings and cards soon, in a worker thread (bursts coalesce)."""
        self.reads.changed()

    def make_schedule(self) -> None:
        """The schedule form made, not yet in the card: the page's build step before
        :meth:`build_schedule` (stall53: made and shown in one turn, 12–15 ms of the GUI
        thread's CPU, the largest step of the page made ahead)."""
        if self._schedule is None and self._unplaced is None:
            # made in this panel's window: a widget outside the active window asks the (Python)
            # style whether it is active at each polish (issue 30)
            self._unplaced = ScheduleForm(self, self.settings_card, foot_later=True)  # its foot when placed
            self._unplaced.hide()  # not shown with the card before it is in the card's layout

    def build_schedule(self) -> ScheduleForm:
        """The schedule form at the top (a component given this panel; DRM-2, DRM-5,
        DRM-7), built now unless it was: the page builds it on turns of its own
        (``schedule_later``, :meth:`make_schedule`; issue 30)."""
        if self._schedule is None:
            self.make_schedule()
            form, self._unplaced = self._unplaced, None
            assert form is not None
            form.build_foot()  # stall54c: made with the form, one 6–8 ms step
            self._schedule = form
            self.settings_card.add(form)
            form.show()
            form.set_memory_enabled(self.memory_enabled)
            if self.view is not None:  # a read came first
                form.show_settings(self.view, self._paused)
        return self._schedule

    @property
    def schedule(self) -> ScheduleForm:
        """The schedule form (built now when it was not yet)."""
        return self._schedule if self._schedule is not None else self.build_schedule()

    def apply_read(self, data: DreamData) -> None:
        """Show a read (:class:`DreamReads`) laid out in one pass; ``loaded`` fires after."""
        view, snap, paused, waiting, shown, _days = data  # the days: show_days, on a later turn
        self.build_bars()
        with one_layout_pass(self, self.action_bar, self.schedule):  # the buttons and lines it shows, laid out once
            self._show_data(view, snap, paused, waiting, shown)
            self.sync()
        self.card_actions.reopen_pending()
        self.loads += 1
        self.sync()
        self.loaded.emit()

    def show_days(self, days: list[ActiveDay]) -> None:
        """After a read: the days the chooser offers (``days`` read with the panel's data,
        :class:`DreamReads`); an empty list then says what comes."""
        self.build_bars()
        self.day_picker.show_days(days)
        self.sync()  # Dream now and its tooltip follow the days read (no index change when none is offered)
        if not self.model.rowCount():
            self._say_empty()

    def _show_data(self, view: DreamSettingsView, snap: CardsSnapshot, paused: bool, waiting: int,
                   shown: list[str]) -> None:
        cards = snap.cards
        if self._proposals is None and waiting != self._waiting:  # the section, once built, keeps its own count
            self._on_proposal_count(waiting)
        self._version = snap.version
        self.view = view
        self._paused = paused
        self.schedule.show_settings(view, paused)
        if cards != self.model.cards():
            self._set_cards(cards, shown)
        self.mark.apply()
        self.texts.bind(self.count_label.setText, lambda: count_text(cards))
        self.toolbar.fit()  # the count's width may have changed
        if not cards:
            self._say_empty()
        self.cards_stack.setCurrentWidget(self.list if cards else self.empty_label)
        self.refresh.keep_rows(bool(cards))  # no room for three cards around the empty line

    def _say_empty(self) -> None:
        """The empty list's lines: the past days the chooser offers, else when today's chats
        first become a card (:func:`empty_line`; walk50 #7). The chooser does not take the
        keyboard: Ctrl+M lands at the top of the page (:class:`.top_focus.TopFocus`)."""
        if self.view is None:
            return
        schedule, (zone, place) = self.view.schedule, self.schedule.local_zone
        days, dreaming = len(self.day_picker.days), self.runs.running
        self._said_dreaming = dreaming
        self.texts.bind(self.empty_label.setText,
                        lambda: empty_line(schedule, self.schedule.clock(), zone, place, days, dreaming=dreaming))
        self.texts.bind(self.empty_label.setToolTip,
                        lambda: empty_text(schedule, self.schedule.clock(), zone, place, days))

    def _set_cards(self, cards: list[CardView], shown: list[str] | None = None) -> None:
        """Swap the cards, keeping the selected one (by tag and text, then tag, then the
        row: the rows are newest first, walk56 #8)."""
        cur = self.current_card()
        row = self.list.currentIndex().row()
        scroll = self.list.verticalScrollBar().value()
        keep = None if cur is None else next((c for c in cards if (c.tag, c.text) == (cur.tag, cur.text)), None) \
            or next((c for c in cards if c.tag == cur.tag), None)
        self.model.set_cards(cards, shown)
        target = self.model.row_of(keep.number) if keep is not None else \
            min(row, len(cards) - 1) if cur is not None and cards and row >= 0 else None
        if target is not None:
            self.list.setCurrentIndex(self.model.index(target))
        self.list.doItemsLayout()
        self.list.verticalScrollBar().setValue(min(scroll, self.list.verticalScrollBar().maximum()))

    # --- state ------------------------------------------------------------------------------
    def current_card(self) -> CardView | None:
        """The selected card: the current row when it is painted selected (walk55b #7: the
        list took a current row with the keyboard without selecting it, and Edit and
        Delete acted on a card nothing showed)."""
        idx = self.list.currentIndex()
        if not idx.isValid() or not self.list.selectionModel().isSelected(idx):
            return None
        return self.model.card(idx.row())

    def select_number(self, number: int) -> None:
        """Select (and show) card ``number``."""
        if (row := self.model.row_of(number)) is not None:
            idx = self.model.index(row)
            self.list.setCurrentIndex(idx)
            self.list.scrollTo(idx)

    @property
    def busy(self) -> bool:
        """True while a change is being written (the next one waits for it)."""
        return self.ops.busy

    def _on_busy(self, _busy: bool) -> None:
        self.sync()
        if self._schedule is not None:
            self._schedule.sync()

    def set_memory_enabled(self, on: bool) -> None:
        """Mirror the assistant's memory switch (MEM-1: memory off → no dream runs), so
        Dream now and Regenerate are disabled with a note."""
        self.memory_enabled = on
        if self._schedule is not None:  # else it is given the switch when built
            self._schedule.set_memory_enabled(on)
        self.sync()

    def selected_day(self) -> date | None:
        """The day chosen beside Dream now (None: yesterday)."""
        self.build_bars()
        return self.day_picker.selected_day()

    def offer_summarizer_choice(self, on: bool) -> None:
        """Show (or hide) the button that chooses a History Compress model (issue 28)."""
        self.build_bars()
        self.failure.offer(summarizer=on)

    def mark_after_load(self, tag: str) -> None:
        """Once the next load is shown: select the card of ``tag``, scroll to it and mark it
        briefly (walk52b #2: a card is named by its day, its number may change)."""
        self.mark.expect(tag)

    def sync(self) -> None:
        """Fit the buttons to the selected card, the write queue and what runs now."""
        if not self.built:
            return  # build_bars syncs
        c = self.current_card()
        has_cards = self.model.rowCount() > 0
        running = self.runs.running
        can_dream = self.memory_enabled and not running
        if not has_cards and running != self._said_dreaming:
            self._say_empty()  # a run started or ended: the empty list says so (walk52 #11)
        for w in (self.edit_action, self.delete_action, self.copy_card_action):
            w.setEnabled(c is not None and not self.ops.busy)
        regenerable = c is not None and c.regenerable
        self.fold_action.setEnabled(c is not None and c.kind == CardKind.RANGE)
        self.regenerate_action.setVisible(regenerable)
        self.regenerate_action.setEnabled(regenerable and can_dream)
        self.toolbar.sync(BarState(
            has_cards=has_cards, card=self.tabs.currentIndex() == 0 and c is not None, regenerable=regenerable,
            memory_on=self.memory_enabled, running=running, busy=self.ops.busy,
            can_restore=self.view is not None and self.view.can_restore))
        chosen = self.day_picker.selected_day()
        # walk39 #2: with no finished day to read, Dream now is off and says why
        self.dream_now_button.setEnabled(can_dream and chosen is not None)
        self.dream_action.setEnabled(self.dream_now_button.isEnabled())  # the button is the one source
        on = self.memory_enabled
        day = format_day(chosen) if chosen is not None else ""
        dreamt = self.day_picker.dreamt > 0
        self.texts.bind(self.dream_now_button.setToolTip, lambda: translate(
            "MemoryPage", "Memory is off for this assistant: turn it on to dream") if not on else translate(
            "MemoryPage", "Every finished day with messages already has a card: Regenerate (↻) a card to dream "
                          "over its day again") if not day and dreamt else translate(
            "MemoryPage", "No finished day has messages yet: a dream reads a whole UTC day once it is over, so "
                          "the first card can come tomorrow") if not day else fill(translate(
            "MemoryPage", "Dream over %1 (UTC, the day chosen beside) now and add its card (Ctrl+Shift+D). This is "
                          "not a scheduled run."), day))
        show = running
        self.progress_bar.setVisible(show)
        self.stop_button.setVisible(show)
        self.stop_button.setEnabled(show)

    def show_error(self, message: str) -> None:
        """Show ``message`` inline (empty hides it)."""
        self.build_bars()
        self.failure.show_error(message)

    def show_failure(self, summary: str | Callable[[], str], details: str | Callable[[], str],
                     retry: Callable[[], object] | None, provider: str | None = None) -> None:
        """Show a failed run in :attr:`failure_bar` until dismissed (walkthrough F2), its
        "Settings → Providers" linked to ``provider`` when a transport fault names one;
        builders are said again after a language switch (memlang54)."""
        self.build_bars()
        self.failure.show_failure(summary, details, retry, provider)

    def hide_failure(self) -> None:
        """Hide :attr:`failure_bar` and the fixes it named (a new run starts)."""
        self.build_bars()
        self.failure.hide_failure()

    def offer_model_card(self, field: CardField | None) -> None:
        """Show Edit model card… under the failed run, opening on ``field`` (its cap or
        window, issue 30, walk51b #4); None hides it."""
        self.build_bars()
        self.failure.offer(card=field if field is not None else False)

    def show_status(self, message: str | Callable[[], str], ms: int = 8000, *, until_reviewed: bool = False,
                    note: Callable[[], str] | None = None, quiet: bool = False) -> None:
        """The status line (:meth:`DreamStatusLine.say`: under the Dream now bar, in a
        place kept for it); cleared after ``ms`` (0: kept); a callable is said again after
        a language switch; ``until_reviewed``: cleared too once a proposal is reviewed;
        ``note``: a quiet line under it; ``quiet``: a scheduled run's news, one line."""
        self.build_bars()
        self.status_label.say(message, ms, until_reviewed=until_reviewed, note=note, quiet=quiet)

    def summary(self) -> str:
        """One line for the folded group: ``Dream: Daily at 02:00 UTC — 03:00 in Berlin · 4
        cards · 1 proposal to review`` (DRM-2: the stored UTC time with the user's beside it,
        for the next firing, as the schedule form says it)."""
        view = self.view
        if view is None:
            said = translate("MemoryPage", "Off")
        else:
            zone, place = self.schedule.local_zone
            said = describe_schedule(view.schedule, view.next_at, zone, place)
        parts = [fill(translate("MemoryPage", "Dream: %1"), said)]
        n = self.model.rowCount()
        parts.append(translate("MemoryPage", "%Ln card(s)", None, n))
        waiting = self.proposal_count()
        if waiting:
            parts.append(translate("MemoryPage", "%Ln proposal(s) to review", None, waiting))
        return " · ".join(parts)

    # --- changes ----------------------------------------------------------------------------
    def current_number(self, card: CardView) -> int:
        """The number ``card`` has now, for Regenerate (which replaces that day's card by
        its day inside its own write): a dream may have appended or merged cards since
        the list was loaded. Worker thread. Raises :class:`NotFound` when it changed."""
        cards = self.svc.dreams.cards(self.assistant_id)
        n = card.number
        if 0 < n <= len(cards) and (cards[n - 1].tag, cards[n - 1].text) == (card.tag, card.text):
            return n
        for c in cards:
            if (c.tag, c.text) == (card.tag, card.text):
                return c.number
        raise NotFound(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "card #%1 [%2] changed in the meantime; nothing "
                                                                 "was changed"), (str(n), card.display_tag)))

    def card(self, number: int | None) -> CardView | None:
        """Card ``number``, or the selected one for None."""
        if number is None:
            return self.current_card()
        row = self.model.row_of(number)
        return self.model.card(row) if row is not None else None

    @property
    def version(self) -> str:
        """The version token of the document the cards show (issue 10)."""
        return self._version

    def card_count(self) -> int:
        """How many cards the list shows."""
        return self.model.rowCount()

    # --- closing ----------------------------------------------------------------------------
    def show_proposals(self) -> ProposalsSection:
        """Bring the Proposals tab to the front (Assistant → Dream proposals…, issue 19)."""
        section = self.proposals
        self.tabs.setCurrentWidget(self._proposals_tab)
        section.list.setFocus()
        return section

    @property
    def proposals(self) -> ProposalsSection:
        """The Proposals tab's section (issue 19), built — and read — on first use: the
        tab's first show or a caller that needs it (issue 30)."""
        if self._proposals is None:
            self.build_bars()
            section = self._proposals = ProposalsSection(self.svc, self.assistant_id, events=self.events,
                                                         runner=self.runner, presenter=self.presenter,
                                                         keys=self.proposal_keys)
            section.count_changed.connect(self._on_proposal_count)
            section.accepted.connect(self._on_proposal_accepted)
            section.said.connect(lambda: self.proposal_said.emit(section.status))
            section.shown.connect(self.proposal_said)  # its buttons in sight as one is selected (walk56 #3)
            section.editing.connect(self.proposal_editor)
            lay = self._proposals_tab.layout()
            assert lay is not None
            lay.addWidget(section)
            section.show()  # now, not on the next turn (a layout shows a new child later)
            follow_layout(self)  # its controls Tab after the tab bar, not after the window's last (walk55b #6)
        return self._proposals

    @property
    def proposals_built(self) -> bool:
        """True once the Proposals tab's section exists (its first show, issue 30)."""
        return self._proposals is not None

    def proposal_count(self) -> int:
        """The proposals waiting for review: the section's count once it is built, else
        the panel's last read."""
        return self._proposals.count if self._proposals is not None else self._waiting

    def _on_proposal_accepted(self, event: ProposalAccepted) -> None:
        """A proposal was accepted: its day's card (tagged with the ISO day) is marked once
        the cards are re-read."""
        self.mark_after_load(event.day.isoformat())
        self.schedule_reload()

    def _on_proposal_count(self, n: int) -> None:
        if n < self._waiting:  # one was accepted or discarded: "… accept or discard it" is stale (issue 30)
            self.status_label.reviewed()
        self._waiting = n
        self.day_picker.set_waiting(n)
        self.tabs.setTabText(1, proposals_tab_title(n))

    def _fit_tabs(self, index: int) -> None:
        """On the Proposals tab (``index`` 1) the cards behind take no room: a card added
        behind it (Accept) pushed "Added as card #1" below the window's edge (walk52b #2),
        and the tab is as tall as its own content (walk56 #3: it kept the Cards stack's
        height, a screen of white with Accept below the fold). On the Cards tab both
        count again, as before. The tab bar stays where it is either way."""
        proposals = index == 1
        policy = self.cards_stack.sizePolicy()
        policy.setVerticalPolicy(QSizePolicy.Policy.Ignored if proposals else QSizePolicy.Policy.Preferred)
        self.cards_stack.setSizePolicy(policy)
        self.tabs.updateGeometry()

    def _on_tab(self, index: int) -> None:
        self._fit_tabs(index)
        if index == 1:
            self.proposals.show_actions()  # built on its first show; its buttons in view (walk56 #3)
        # the cards' buttons act on cards: off the Cards tab they are not shown (issue 30, walk52 #4)
        self.toolbar.show_tab(index == 0)
        self.sync()

    def detach(self) -> None:
        """Stop following the bus and cancel this panel's work (the page closes for good)."""
        self.refresh.detach()
        for form in (self._schedule, self._unplaced):
            if form is not None:
                form.detach()
        if self._proposals is not None:
            self._proposals.detach()
        self.card_actions.close_editor()
