"""Dream proposals on the Memory page (issue 19 "Dream review"): with an assistant's
review switch on, a dream's new card — and the fold of older cards it needs — waits here
until the user accepts it (applied then, as the dream would have) or discards it.

:class:`ProposalsSection` is the dream panel's Proposals tab: the review switch, one row
per proposal (its day and whether it folds — or that it can't be added — over the card's
first words, walk56 #3), its preview (the card's text and what accepting changes: counts
and which cards fold into which range, from the service's ``outlooks``, planned by the
function Accept itself calls, walk56 #12; the words are :mod:`.proposal_words`), Accept,
Edit and Discard — the panes and buttons only while a proposal waits; else one centred
line of what proposals are, with its ``?`` help (walk45 #8: the empty tab was two blank
panes and greyed buttons). A proposal whose day already has a card or is covered by the
range card says why in its row and preview; only Discard is offered for it. Edit (issue
30 "Accept / Edit / Discard") opens the proposed card's text in place of the preview, with
the live count against 3,200 (DRM-13); Enter or Accept then adds the edited card, Esc
cancels. Discard drops the proposal at once and offers Undo beside its outcome for
:data:`UNDO_MS`, which brings it back exactly. Keyboard: the list takes focus with Tab;
Enter edits the selected proposal, Ctrl+Enter accepts it, Del discards it
(:class:`~.proposal_keys.ProposalKeys`, declared actions the shortcut list names), Alt+A /
Alt+E / Alt+D press the buttons. ``count_changed(n)`` tells the tab title and the window's
menu entries the count. Reads and writes run on the page's worker; the section re-reads on
``MemoryChanged`` of its assistant — its own writes, and another process's through the
store's change log (``dream_proposal`` is watched, migration 0012).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import date

from PySide6.QtCore import QCoreApplication, Qt, QTimer, Signal
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from chathub_desktop.core.dynamic_memory import SINGLE_CARD_MAX
from chathub_desktop.gui.design import Space, Tone, set_tone
from chathub_desktop.gui.memory.card_editor import CardTextEdit
from chathub_desktop.gui.memory.card_markdown import HEADING_MARK, card_shown
from chathub_desktop.gui.memory.history_rows import HistoryRowDelegate, WhenRole
from chathub_desktop.gui.memory.page_common import error_label, help_mark
from chathub_desktop.gui.memory.proposal_keys import ProposalKeys
from chathub_desktop.gui.memory.proposal_words import (
    accept_lines,
    outlook_lines,
    preview_html,
    proposals_label,
    proposals_tab_title,
    row_fold,
    row_head,
    row_words,
)
from chathub_desktop.gui.shell.chat_events import ChatEvents
from chathub_desktop.gui.shell.day_format import format_day
from chathub_desktop.gui.shell.error_presenter import ErrorPresenter
from chathub_desktop.gui.shell.i18n import QT_TRANSLATE_NOOP, Texts, fill
from chathub_desktop.gui.shell.service_ops import ServiceOps
from chathub_desktop.gui.shell.service_reasons import said_error
from chathub_desktop.gui.shell.task_runner import TaskRunner
from chathub_desktop.services.container import Services
from chathub_desktop.services.dream.dream_review import DiscardedProposal, ProposalOutlook
from chathub_desktop.services.errors import ServiceError
from chathub_desktop.services.events import MemoryChanged

__all__ = ["UNDO_MS", "ProposalsSection", "accept_lines", "preview_html", "proposals_label", "proposals_tab_title",
           "row_fold"]

translate = QCoreApplication.translate

EMPTY_TEXT = QT_TRANSLATE_NOOP("MemoryPage", "No dream card waits for review.")
#: The empty tab's second line: what a proposal is (walk45 #8: two blank panes said nothing).
EMPTY_WHAT = QT_TRANSLATE_NOOP("MemoryPage", "With review on, each dream's new card waits here until you accept or "
                                             "discard it.")
PROPOSALS_LINE = QT_TRANSLATE_NOOP("MemoryPage", "Dream cards waiting for you to accept or discard them.")
PROPOSALS_HELP = QT_TRANSLATE_NOOP("MemoryPage",
    "<p><b>Proposals</b> are dream cards waiting for your review.</p>"
    "<p>With <i>Review new dream cards before they are kept</i> on, a dream does not add its card "
    "(or fold older cards) at once: the card waits here. <b>Accept</b> adds it to the dynamic "
    "memory as the dream would have; <b>Discard</b> drops it and the dynamic memory stays as it "
    "is (<b>Undo</b>, offered for a few seconds, brings it back).</p>"
    "<p>A card for a day that already has a card, or that the range card already covers, can't be "
    "added: its row says so; discard it.</p>")
REVIEW_TIP = QT_TRANSLATE_NOOP("MemoryPage", "On: each dream's new card (and any fold of older cards) waits in "
                                             "Proposals until you accept or discard it. Off: dreams add their cards "
                                             "at once.")
#: The proposal editor's key hint (Enter accepts the edited card).
EDIT_KEYS_HINT = QT_TRANSLATE_NOOP("MemoryPage", "Enter accepts · Shift+Enter new line · Esc cancels")
#: How long a discarded proposal can be brought back (Undo), milliseconds (as a deleted topic).
UNDO_MS = 10_000


@dataclass(frozen=True, slots=True)
class ProposalAccepted:
    """An Accept on the Proposals tab added the card of UTC day ``day`` (DRM-8, issue 19)."""

    day: date


class ProposalsSection(QWidget):
    """The review switch and the pending proposals of ``assistant_id`` (module docstring).
    ``loaded`` fires after each (re)load applied; ``loads`` counts them; ``accepted``
    (a :class:`ProposalAccepted`) after an Accept added its card; ``said`` after an
    outcome is said in ``status`` (the page keeps it in sight). ``keys``: the panel's
    Accept / Edit / Discard proposal actions, attached to the list here (walk55b #10)."""

    count_changed = Signal(int)
    accepted = Signal(ProposalAccepted)
    loaded = Signal()
    #: An Accept, Discard or review switch said its outcome in :attr:`status`.
    said = Signal()
    #: A proposal was selected: the row of its buttons, to be kept in view (walk56 #3).
    shown = Signal(QWidget)
    #: Edit opened the editor: to be kept whole in view, with the buttons under it (walk56 #3).
    editing = Signal(QWidget, QWidget)

    def __init__(self, services: Services, assistant_id: int, *, events: ChatEvents, runner: TaskRunner,
                 presenter: ErrorPresenter, keys: ProposalKeys, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("proposalsSection")
        self.svc = services
        self.assistant_id = assistant_id
        self.events = events
        self.runner = runner
        #: Accept / Edit / Discard proposal (Ctrl+Enter, Enter, Del) on the list, the panel's actions.
        self.keys = keys
        self.loads = 0
        self.count = 0
        #: Says the last outcome on the status line (None: nothing said yet).
        self._said: Callable[[], str] | None = None
        self._shown: list[ProposalOutlook] = []
        #: The last discarded proposal while Undo can bring it back (None: nothing to undo).
        self._gone: DiscardedProposal | None = None
        self._select: int | None = None  # the proposal to select after the next read (Undo's)
        self._undo_timer = QTimer(self)
        self._undo_timer.setSingleShot(True)
        self._undo_timer.setInterval(UNDO_MS)
        self._undo_timer.timeout.connect(self._undo_expired)
        self._editing: int | None = None  # the proposal whose text the editor holds
        self._reading = False  # a read refills the list: its re-selection scrolls no page
        self._task = f"proposals-load-{id(self)}"
        self._following = True
        self.ops = ServiceOps(runner, presenter, self.show_error, lambda _b: self._sync(), f"proposals-op-{id(self)}")
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(40)  # coalesce an op's result and its MemoryChanged
        self._timer.timeout.connect(self._start_load)
        self._build()
        events.memory_changed.connect(self._on_memory_changed)
        self._start_load()

    def _build(self) -> None:
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 4, 0, 0)
        lay.setSpacing(6)
        self.texts = t = Texts(self)
        self.review_box = QCheckBox()
        self.review_box.setObjectName("dreamReviewSwitch")
        t.bind(self.review_box.setText, lambda: translate("MemoryPage", "&Review new dream cards before they are kept"))
        t.bind(self.review_box.setToolTip, lambda: translate("MemoryPage", REVIEW_TIP))
        self.review_box.toggled.connect(self._set_review)
        lay.addWidget(self.review_box)
        self.empty = self._build_empty(t)
        lay.addWidget(self.empty, 1)
        # the list and the preview, shown only while a proposal waits (walk45 #8)
        self.panes = QWidget()
        self.panes.setObjectName("proposalPanes")
        row = QHBoxLayout(self.panes)
        row.setContentsMargins(0, 0, 0, 0)
        self.list = QListWidget()
        self.list.setObjectName("proposalList")
        # two lines a row: its day (and fold), then the card's first words, muted (walk56 #3)
        self.list.setItemDelegate(HistoryRowDelegate(self.list))
        self.list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.list.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        self.list.setUniformItemSizes(True)
        self.list.setWordWrap(False)
        t.bind(self.list.setAccessibleName, lambda: translate("MemoryPage", "Dream proposals"))
        t.bind(self.list.setToolTip, lambda: translate(
            "MemoryPage", "Enter edits the selected proposal, Ctrl+Enter accepts it, Del discards it"))
        self.list.currentRowChanged.connect(self._show_current)
        self.text = QTextBrowser()
        self.text.setObjectName("proposalText")
        self.text.setOpenLinks(False)
        t.bind(self.text.setAccessibleName, lambda: translate("MemoryPage", "What accepting the proposal adds"))
        self.editor = CardTextEdit(cap=SINGLE_CARD_MAX, hint=EDIT_KEYS_HINT)
        self.editor.setObjectName("proposalEditor")
        t.bind(self.editor.setAccessibleName, lambda: translate("MemoryPage", "The proposed card's text"))
        self.editor.submitted.connect(self.accept_current)
        self.editor.cancelled.connect(self.cancel_edit)
        self.editor.textChanged.connect(self._sync_accept)
        self.editor.hide()
        row.addWidget(self.list, 2)
        row.addWidget(self.text, 3)
        row.addWidget(self.editor, 3)
        lay.addWidget(self.panes)
        # the buttons right under the proposal, kept in view as one is selected (walk56 #3)
        self.action_row = QWidget()
        self.action_row.setObjectName("proposalActions")
        brow = QHBoxLayout(self.action_row)
        brow.setContentsMargins(0, 0, 0, 0)
        self.accept_button = QPushButton()
        self.accept_button.setObjectName("acceptProposal")
        t.bind(self.accept_button.setText, lambda: translate("MemoryPage", "&Accept"))
        t.bind(self.accept_button.setToolTip, lambda: translate(
            "MemoryPage", "Add this card to the dynamic memory, with its fold (Ctrl+Enter)"))
        self.edit_button = QPushButton()
        self.edit_button.setObjectName("editProposal")
        t.bind(self.edit_button.setText, lambda: translate("MemoryPage", "&Edit"))
        t.bind(self.edit_button.setToolTip, lambda: translate(
            "MemoryPage", "Edit this card's text before you accept it (Enter; Esc cancels)"))
        self.discard_button = QPushButton()
        self.discard_button.setObjectName("discardProposal")
        t.bind(self.discard_button.setText, lambda: translate("MemoryPage", "&Discard"))
        t.bind(self.discard_button.setToolTip, lambda: translate(
            "MemoryPage", "Drop this card; the dynamic memory stays as it is (Del)"))
        for b, slot in ((self.accept_button, self.accept_current), (self.edit_button, self.edit_current),
                        (self.discard_button, self.discard_current)):
            b.setAutoDefault(False)
            b.clicked.connect(lambda _c=False, slot=slot: slot())
            brow.addWidget(b)
        # the list's keys are the panel's declared actions: the shortcut list names them (walk55b #10)
        self.keys.attach(self.list, accept=self.accept_current, edit=self.edit_current, discard=self.discard_current)
        self.status = QLabel()
        self.status.setObjectName("proposalStatus")
        self.status.setWordWrap(True)
        brow.addWidget(self.status, 1)
        # a Discard's Undo, beside what it said, for UNDO_MS (issue 30, walk56 #3)
        self.undo_button = QPushButton()
        self.undo_button.setObjectName("undoDiscardProposal")
        self.undo_button.setAutoDefault(False)
        t.bind(self.undo_button.setText, lambda: translate("MemoryPage", "Undo"))
        t.bind(self.undo_button.setToolTip, lambda: translate(
            "MemoryPage", "Bring back the proposal you just discarded, as it was"))
        self.undo_button.clicked.connect(lambda _c=False: self.undo_discard())
        self.undo_button.hide()
        brow.addWidget(self.undo_button)
        lay.addWidget(self.action_row)
        self.error_label = error_label("proposalError")
        lay.addWidget(self.error_label)
        lay.addStretch(1)
        t.call(self._say_rows)  # the rows and the preview, again after each language switch
        self._sync()

    def _build_empty(self, t: Texts) -> QWidget:
        """The empty tab: "No dream card waits for review." with its ``?`` help, and what
        proposals are under it, centred (walk45 #8); hidden until the first read says
        there is none."""
        box = QWidget()
        box.setObjectName("proposalsEmpty")
        outer = QVBoxLayout(box)
        outer.setContentsMargins(Space.XL, Space.XL, Space.XL, Space.XL)
        outer.setSpacing(Space.XS)
        head = QHBoxLayout()
        head.setSpacing(Space.SM)
        self.empty_label = QLabel()
        self.empty_label.setObjectName("proposalsEmptyText")
        set_tone(self.empty_label, Tone.MUTED)
        t.bind(self.empty_label.setText, lambda: translate("MemoryPage", EMPTY_TEXT))
        self.empty_help = help_mark(PROPOSALS_LINE, PROPOSALS_HELP, "proposalsHelp", t)
        head.addStretch(1)
        head.addWidget(self.empty_label)
        head.addWidget(self.empty_help, 0, Qt.AlignmentFlag.AlignVCenter)
        head.addStretch(1)
        self.empty_what = QLabel()
        self.empty_what.setObjectName("proposalsEmptyWhat")
        self.empty_what.setWordWrap(True)
        self.empty_what.setAlignment(Qt.AlignmentFlag.AlignCenter)
        set_tone(self.empty_what, Tone.MUTED)
        t.bind(self.empty_what.setText, lambda: translate("MemoryPage", EMPTY_WHAT))
        outer.addStretch(1)
        outer.addLayout(head)
        outer.addWidget(self.empty_what)
        outer.addStretch(2)
        box.hide()
        return box

    # --- loading ----------------------------------------------------------------------------
    def schedule_reload(self) -> None:
        """Re-read the proposals soon, on the worker (bursts coalesce)."""
        if self._following:
            self._timer.start()

    def _fetch(self) -> tuple[bool, list[ProposalOutlook]]:
        """Worker thread: the review switch and each proposal with what accepting it does
        now — planned by the function Accept calls (walk56 #12: the preview promised a
        fold and Accept refused the day)."""
        review = self.svc.dreams.review
        return review.enabled(self.assistant_id), review.outlooks(self.assistant_id)

    def _start_load(self) -> None:
        if self._following and not self.runner.is_running(self._task):
            self.runner.run(self._task, self._load(), context="Dream proposals")
        elif self._following:
            self._timer.start(120)  # a load is running: read again after it

    async def _load(self) -> None:
        try:
            on, shown = await self.runner.run_in_thread(self._fetch)
        except ServiceError as exc:
            self.show_error(said_error(exc))
            return
        self._apply(on, shown)

    def _apply(self, on: bool, shown: list[ProposalOutlook]) -> None:
        self.review_box.blockSignals(True)
        self.review_box.setChecked(on)
        self.review_box.blockSignals(False)
        ids = [o.proposal.id for o in shown]
        if self._editing is not None and self._editing not in ids:
            self._end_edit()  # accepted or discarded meanwhile: nothing left to edit
        # the one being edited stays selected; else the one Undo brought back, else the selected one
        keep = self._editing if self._editing is not None else \
            self._select if self._select is not None else self.current_id()
        self._select = None
        self._shown = shown
        self._reading = True
        self.list.clear()
        for o in shown:
            item = QListWidgetItem()
            item.setData(Qt.ItemDataRole.UserRole, o.proposal.id)
            item.setToolTip(card_shown(o.proposal.text).replace(HEADING_MARK, ""))
            self.list.addItem(item)
        if ids:
            self.list.setCurrentRow(ids.index(keep) if keep in ids else 0)
        self._reading = False
        self.count = len(shown)
        self.loads += 1
        self._say_rows()
        self._show_said()
        self._sync()
        self.fit_panes()
        if self.loads == 1:  # the tab's first show: its buttons in view
            self.show_actions()
        self.count_changed.emit(self.count)
        self.loaded.emit()

    def _say_rows(self) -> None:
        """Each row: its day and what its fold takes, or that it can't be added
        (:func:`~.proposal_words.row_head`), over the card's first words
        (:func:`~.proposal_words.row_words`); and the selected one's preview."""
        for row, o in enumerate(self._shown[:self.list.count()]):
            item = self.list.item(row)
            item.setText(row_head(o))
            item.setData(WhenRole, row_words(o.proposal.text))
        self._show_preview(self.list.currentRow())

    def _show_preview(self, row: int) -> None:
        """The preview of the proposal on ``row``: its card, then what accepting does."""
        if 0 <= row < len(self._shown):
            o = self._shown[row]
            self.text.setHtml(preview_html(o.proposal, outlook_lines(o), o.fold))
        elif not self._shown:
            self.text.clear()

    def _on_memory_changed(self, event: MemoryChanged) -> None:
        if event.assistant_id == self.assistant_id:
            self.schedule_reload()

    # --- state --------------------------------------------------------------------------------
    def current_id(self) -> int | None:
        """The selected proposal's id."""
        item = self.list.currentItem()
        return int(item.data(Qt.ItemDataRole.UserRole)) if item is not None else None

    def _show_current(self, row: int) -> None:
        self._show_preview(row)
        self._sync()
        self.fit_panes()
        if not self._reading:  # a reload moves no page
            self.show_actions()

    def _current(self) -> ProposalOutlook | None:
        """The selected proposal's outlook."""
        pid = self.current_id()
        return next((o for o in self._shown if o.proposal.id == pid), None)

    def show_actions(self) -> None:
        """Ask the page to keep the selected proposal's buttons in view (walk56 #3): as one
        is selected, as the tab opens, and after its first read."""
        if self.current_id() is not None and self.isVisible():
            self.shown.emit(self.action_row)

    def fit_panes(self) -> None:
        """The list and the preview as tall as their content — the list's rows or the
        preview's text, whichever is taller — between a few lines and a bound, so Accept /
        Edit / Discard sit right under the proposal (walk56 #3: two proposals got a
        screen-tall pane with the buttons below the fold; SPEC DM-REVIEW)."""
        line = self.fontMetrics().lineSpacing()
        rows = sum(max(self.list.sizeHintForRow(i), 0) for i in range(self.list.count()))
        list_h = rows + 2 * self.list.frameWidth() + Space.SM
        doc = self.text.document().clone(self)
        doc.setTextWidth(max(self.text.viewport().width(), 1))
        text_h = int(doc.size().height()) + 2 * self.text.frameWidth() + Space.SM
        doc.deleteLater()
        low = 8 * line if self._editing is not None else 4 * line  # the editor: its text and count line
        self.panes.setFixedHeight(min(max(list_h, text_h, low), 16 * line))

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt override
        """A new width wraps the preview anew: its height follows (:meth:`fit_panes`)."""
        super().resizeEvent(event)
        self.fit_panes()

    def _say(self, message: Callable[[], str]) -> None:
        """The outcome of the last Accept / Discard / review switch (a maker of its text),
        with the count that is left, kept true by every reload (issue 30: it went stale
        after Accept) and re-said on a language switch."""
        self._said = message
        self._show_said()
        self.said.emit()

    def _show_said(self) -> None:
        said = self._said
        if said is None:
            self.status.clear()
            return
        n = self.count
        self.texts.bind(self.status.setText, lambda: fill(translate("MemoryPage", "%1 · %2"), said(), translate(
            "MemoryPage", "%n proposal(s) wait(s) for review", None, n) if n else translate("MemoryPage", "nothing else waits")))

    def _sync(self) -> None:
        """Enable Accept / Edit / Discard for a selected proposal (only Accept, and not the
        list, while its text is edited; only Discard for one Accept would refuse, walk56
        #12); show the panes and the buttons only while one waits, else (once read) the
        empty state (walk45 #8); Undo while a Discard can be undone."""
        has = self.current_id() is not None and not self.ops.busy
        current = self._current()
        addable = has and current is not None and current.refused is None
        waiting = bool(self._shown)
        editing = self._editing is not None
        self._keep_focus(has, addable, waiting)
        self._sync_accept()
        self.edit_button.setEnabled(addable and not editing)
        self.discard_button.setEnabled(has and not editing)
        self.list.setEnabled(not editing)  # the edit belongs to one proposal
        for w in (self.panes, self.accept_button, self.edit_button, self.discard_button):
            w.setVisible(waiting)
        self.empty.setVisible(not waiting and self.loads > 0)
        self.undo_button.setVisible(self._gone is not None)
        self.undo_button.setEnabled(self._gone is not None and not self.ops.busy)

    def _sync_accept(self) -> None:
        """Accept is enabled for a selected proposal it would add (not one whose day is
        covered: the preview says why, walk56 #12), not while a write runs nor while the
        edited text is over the cap (the editor's footer says so)."""
        editing = self._editing is not None
        current = self._current()
        self.accept_button.setEnabled(current is not None and current.refused is None and not self.ops.busy
                                      and not (editing and self.editor.too_long()))

    def _keep_focus(self, has: bool, addable: bool, waiting: bool) -> None:
        """Before a button or the list that has the keyboard is greyed or hidden, hand the
        focus to what stays here: the list while a proposal waits, else the review switch.
        Qt would give it to the next widget of the chain and the page's scroll area would
        scroll there — to the top, so "Added as card #1" was off screen (walk52b #2)."""
        focused = self.window().focusWidget()
        going: tuple[QWidget, ...] = () if has else (self.accept_button, self.edit_button, self.discard_button)
        if not addable:
            going += (self.accept_button, self.edit_button)
        if not waiting:
            going += (self.list, self.text, self.editor, self.accept_button, self.edit_button, self.discard_button)
        if self._gone is None:
            going += (self.undo_button,)
        if focused in going:
            (self.list if waiting else self.review_box).setFocus(Qt.FocusReason.OtherFocusReason)

    def show_error(self, message: str) -> None:
        """Show ``message`` inline (empty hides it)."""
        self.error_label.setText(message)
        self.error_label.setVisible(bool(message))

    # --- changes ------------------------------------------------------------------------------
    def _set_review(self, on: bool) -> None:
        def done(_r: object) -> None:
            self._say(lambda: translate("MemoryPage", "New dream cards wait here for review") if on
                      else translate("MemoryPage", "Dreams add their cards at once"))

        self.ops.start(translate("MemoryPage", "Review new dream cards"), lambda: self.svc.dreams.review.set_enabled(self.assistant_id, on),
                       done, on_fail=self.schedule_reload)

    def edit_current(self) -> bool:
        """Edit: the selected proposal's card text in an editor in place of the preview
        (the caret at its end, the count against 3,200); Enter or Accept adds the edited
        card, Esc cancels. False when no proposal is selected or a write is going."""
        current = self._current()
        if current is None or current.refused is not None or self.ops.busy:
            return False  # a card Accept would refuse is not worth editing (walk56 #12)
        pid, text = current.proposal.id, current.proposal.text
        if self._editing != pid:
            self._editing = pid
            self.editor.set_text(text)
        self.editor.show()
        self.editor.setFocus(Qt.FocusReason.OtherFocusReason)  # before the list greys: the page must not scroll
        self.text.hide()
        self._sync()
        self.fit_panes()
        self.editing.emit(self.editor, self.action_row)  # its text in view, not only its count line (walk56 #3)
        return True

    def cancel_edit(self) -> None:
        """Esc: drop the edit; the proposal stays as the dream wrote it."""
        self._end_edit()
        self._sync()

    def _end_edit(self) -> None:
        """Close the editor; the keyboard goes back to the list when the editor had it."""
        self._editing = None
        self.list.setEnabled(True)
        if self.editor.hasFocus():
            self.list.setFocus(Qt.FocusReason.OtherFocusReason)
        self.editor.hide()
        self.text.show()
        self.fit_panes()

    def accept_current(self) -> bool:
        """Accept: apply the selected proposal (its card and fold, in one write) — with
        the editor's text while it is being edited (refused over the cap: the footer says
        so, nothing is written); False when nothing started, or for a proposal Accept
        would refuse (its day is covered: the preview says why, walk56 #12)."""
        current = self._current()
        if current is None or current.refused is not None:
            return False
        pid, day = current.proposal.id, current.proposal.history_day
        edited = self.editor.toPlainText() if self._editing == pid else None
        if edited is not None and self.editor.too_long():
            return False

        def done(_number: object) -> None:
            if edited is not None:
                self._end_edit()
            # named by its day: a card's number is its place and moves (walk52b #2)
            self._say(lambda: fill(translate("MemoryPage", "Added the card for %1"), format_day(day)))
            self.accepted.emit(ProposalAccepted(day))
            self.schedule_reload()

        return self.ops.start(translate("MemoryPage", "Accept"), lambda: self.svc.dreams.review.accept(pid, edited),
                              done, on_fail=self.schedule_reload)

    def discard_current(self) -> bool:
        """Discard: drop the selected proposal at once (the dynamic memory stays as it is)
        and offer Undo beside what it said for :data:`UNDO_MS` (issue 30, walk56 #3: it
        went with no question and no way back)."""
        current = self._current()
        if current is None:
            return False
        pid, day = current.proposal.id, current.proposal.history_day

        def done(gone: object) -> None:
            if isinstance(gone, DiscardedProposal):
                self._gone = gone
                self._undo_timer.start()
            self._say(lambda: fill(translate("MemoryPage", "Discarded the card for %1 — the dynamic memory is "
                                                           "unchanged"), format_day(day)))
            self.schedule_reload()

        return self.ops.start(translate("MemoryPage", "Discard"), lambda: self.svc.dreams.review.discard(pid), done,
                              on_fail=self.schedule_reload)

    def undo_discard(self) -> bool:
        """Undo: the proposal the last Discard dropped waits again exactly as it was (its
        card, fold and place) and is selected; False when there is nothing to undo."""
        gone = self._gone
        if gone is None or self.ops.busy:
            return False
        self._gone = None
        self._undo_timer.stop()
        day = gone.history_day

        def done(pid: object) -> None:
            self._select = pid if isinstance(pid, int) else None
            self._say(lambda: fill(translate("MemoryPage", "The card for %1 is back"), format_day(day)))
            self.schedule_reload()

        def failed() -> None:
            self._sync()
            self.schedule_reload()

        return self.ops.start(translate("MemoryPage", "Undo"), lambda: self.svc.dreams.review.restore(gone), done,
                              on_fail=failed)

    def _undo_expired(self) -> None:
        """The Undo period ended: the discard stays; Undo goes."""
        self._gone = None
        self._sync()

    def detach(self) -> None:
        """Stop following the bus and cancel this section's reads (the page closes)."""
        self._timer.stop()
        self._undo_timer.stop()
        self.runner.cancel(self._task)
        if self._following:
            self._following = False
            self.events.memory_changed.disconnect(self._on_memory_changed)
