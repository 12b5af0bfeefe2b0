"""Memory → History (issue 18): every recorded change of the assistant's fixed and
dynamic memory, newest first, as a timeline — who did what, then when (local time, to
the second when neighbours share a minute) and to which memory (:mod:`.history_rows`) —
with the selected change's entries or line diff beside the list (below it on a narrow
page; :mod:`.history_detail`), and Revert (itself a recorded change). A panel of the
Memory page (issue 30): it takes the page's whole content area under its own heading,
and Back (``closed``) or Esc returns to the page where it was (walk53b #1).

Reads and the revert run in the page's worker thread
(:class:`~chathub_desktop.gui.shell.task_runner.TaskRunner`); the list reloads when the
assistant's memory changes (``MemoryChanged`` — also published for other processes'
writes — and the fixed page's ``SettingsChanged``). Revert first shows what it will
write (:mod:`.history_revert`): an older change is undone on its own, every later change
kept, or the memory restored to before it (walk57 #1). After it a status line says what
happened and offers Undo (Ctrl+Z on the panel), and the new change is selected at the
top of the list (walk57 #4).
"""

from __future__ import annotations

import html
from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QHelpEvent, QKeySequence, QResizeEvent
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QListWidgetItem,
    QPushButton,
    QSplitter,
    QTextEdit,
    QToolTip,
    QVBoxLayout,
    QWidget,
)

from chathub_desktop.core.memory_documents import MemoryDocument
from chathub_desktop.gui.design import Tone, set_tone
from chathub_desktop.gui.design.icons import Icon, icon
from chathub_desktop.gui.design.tokens import Space
from chathub_desktop.gui.memory.history_detail import (
    detail_head,
    diff_html,
    entries_html,
    entry_numbers,
    notes_html,
    pause_html,
)
from chathub_desktop.gui.memory.history_revert import RevertChoice, ask_revert, done_status
from chathub_desktop.gui.memory.history_rows import (
    WhenRole,
    change_label,
    change_rows,
    same_minute,
    timeline_list,
    utc_time,
)
from chathub_desktop.gui.memory.page_common import section_title
from chathub_desktop.gui.shell.chat_events import ChatEvents
from chathub_desktop.gui.shell.error_presenter import ErrorPresenter
from chathub_desktop.gui.shell.i18n import QT_TRANSLATE_NOOP, Texts
from chathub_desktop.gui.shell.service_ops import ServiceOps
from chathub_desktop.gui.shell.task_runner import TaskRunner
from chathub_desktop.services.container import Services
from chathub_desktop.services.events import MemoryChanged
from chathub_desktop.services.memory.memory_history_service import (
    ChangeDetail,
    ChangeView,
    RevertPreview,
)

__all__ = ["EMPTY_TEXT", "SIDE_BY_SIDE_MIN", "MemoryHistoryView", "entries_html", "entry_numbers", "utc_time"]

translate = QCoreApplication.translate

EMPTY_TEXT = QT_TRANSLATE_NOOP("MemoryPage", "No memory changes recorded yet.")
#: Below this width (px) the detail goes under the list, not beside it.
SIDE_BY_SIDE_MIN = 760


class MemoryHistoryView(QWidget):
    """The History view of one assistant's memory (see the module docstring).
    ``loaded`` fires after each list (re)load; ``reverted(change_id)`` after a revert or
    undo of change ``change_id`` made here (the view itself then says so and offers Undo;
    the page follows through ``MemoryChanged``); ``closed`` when the user goes back to
    the cards."""

    loaded = Signal()
    reverted = Signal(int)
    closed = Signal()

    def __init__(self, services: Services, assistant_id: int, *, events: ChatEvents | None = None,
                 runner: TaskRunner | None = None, presenter: ErrorPresenter | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("memoryHistory")
        self.svc = services
        self.assistant_id = assistant_id
        self.presenter = presenter or ErrorPresenter(self)
        self.runner = runner or TaskRunner(self.presenter, max_threads=1)
        self._own_events = events is None
        self.events = events or ChatEvents(services.bus, self)
        self.ops = ServiceOps(self.runner, self.presenter, self.show_error, self._on_busy,
                              f"memory-history-{id(self)}")
        self.changes: list[ChangeView] = []
        self.detail: ChangeDetail | None = None
        self._numbers: dict[str, int] = {}  # the detail's entry numbers (:func:`entry_numbers`)
        self.loads = 0
        self._undoable: ChangeView | None = None  # the last revert made here, while Undo can undo it
        self._select: int | None = None  # the change to select (and scroll to) on the next load
        self._status: Callable[[], str] | None = None  # the status line, said in the language in use
        self._reload = QTimer(self, singleShot=True, interval=150)
        self._reload.timeout.connect(self.reload)
        self._build()
        self.events.memory_changed.connect(self._on_memory_changed)
        self.events.settings_changed.connect(self._on_settings_changed)
        self.reload()

    def _build(self) -> None:
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        self.texts = t = Texts(self)
        # its own heading and the way back first (walk53b #1: a view of its own, as Claude's)
        top = QHBoxLayout()
        self.back_button = QPushButton(self)
        self.back_button.setObjectName("historyBackButton")
        self.back_button.setIcon(icon(Icon.BACK))
        t.bind(self.back_button.setText, lambda: translate("MemoryPage", "Back to memory"))
        t.bind(self.back_button.setToolTip, lambda: translate("MemoryPage", "Show the memory page again (Esc)"))
        self.back_button.clicked.connect(self.closed.emit)
        top.addWidget(self.back_button)
        self.heading = section_title("")
        t.bind(self.heading.setText, lambda: translate("MemoryPage", "Memory history"))
        top.addWidget(self.heading, 1)
        lay.addLayout(top)
        self.split = split = QSplitter(Qt.Orientation.Horizontal, self)
        split.setChildrenCollapsible(False)
        self.list = timeline_list(split)
        self.list.setMinimumHeight(4 * (2 * self.list.fontMetrics().lineSpacing() + 2 * Space.SM))  # four changes
        self.list.currentRowChanged.connect(self._on_row)
        self.diff = QTextEdit(split)
        self.diff.setObjectName("historyDiff")
        self.diff.setReadOnly(True)
        self.diff.viewport().installEventFilter(self)  # the heading's UTC time as its tooltip
        split.setSizes([420, 480])
        lay.addWidget(split, 1)
        self.error = QLabel(self)
        self.error.setObjectName("historyError")
        self.error.setWordWrap(True)
        set_tone(self.error, Tone.ERROR)
        self.error.hide()
        lay.addWidget(self.error)
        # after a revert: what happened, and Undo (walk57 #4: nothing was said)
        said = QHBoxLayout()
        self.status = QLabel(self)
        self.status.setObjectName("historyStatus")
        self.status.setWordWrap(True)
        self.status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        said.addWidget(self.status, 1)
        self.undo_button = QPushButton(self)
        self.undo_button.setObjectName("historyUndoButton")
        self.undo_button.setIcon(icon(Icon.UNDO))
        t.bind(self.undo_button.setText, lambda: translate("MemoryPage", "Undo"))
        t.bind(self.undo_button.setToolTip, lambda: translate(
            "MemoryPage", "Put memory back as it was before this revert (Ctrl+Z)"))
        self.undo_button.clicked.connect(lambda: self.undo_last_revert())
        said.addWidget(self.undo_button, 0, Qt.AlignmentFlag.AlignTop)
        lay.addLayout(said)
        self.undo_action = QAction(self)
        self.undo_action.setShortcut(QKeySequence.StandardKey.Undo)
        self.undo_action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        self.undo_action.triggered.connect(lambda: self.undo_last_revert())
        self.addAction(self.undo_action)
        t.call(self._say_status)
        row = QHBoxLayout()
        self.summary = QLabel(self)
        row.addWidget(self.summary, 1)
        self.revert_button = QPushButton(self)
        self.revert_button.setObjectName("revertButton")
        t.bind(self.revert_button.setText, lambda: translate("MemoryPage", "Revert this change…"))
        t.bind(self.revert_button.setToolTip, lambda: translate(
            "MemoryPage", "Undo the selected change — on its own when later changes followed it, or by restoring "
                          "memory to before it; asks first (the revert is itself a change you can undo)"))
        self.revert_button.clicked.connect(lambda: self.revert_selected())
        row.addWidget(self.revert_button)
        lay.addLayout(row)
        t.call(self._say_rows)
        self._sync()

    # --- loading ---------------------------------------------------------------------

    def reload(self) -> None:
        """Re-read the changes in the worker; the selected change stays selected."""
        self.runner.run(f"memory-history-load-{id(self)}", self._load(), context="Memory history")

    async def _load(self) -> None:
        changes = await self.runner.run_in_thread(self.svc.history.changes, self.assistant_id)
        selected = self.selected()
        keep = selected.id if selected is not None else None
        self.changes = list(changes)
        self.list.blockSignals(True)
        self.list.clear()
        for c in self.changes:
            item = QListWidgetItem()
            item.setData(Qt.ItemDataRole.UserRole, c.id)
            self.list.addItem(item)
        self._say_rows()
        self.list.blockSignals(False)
        n = len(self.changes)
        self.texts.bind(self.summary.setText, lambda: translate("MemoryPage", "%Ln change(s), newest first", None, n)
                        if n else translate("MemoryPage", EMPTY_TEXT))
        made = self._undoable
        if made is not None and any(c.id > made.id and c.document == made.document for c in self.changes):
            self._undoable = None  # memory moved on since: Undo would be refused (issue 10), so it goes
            self._say_status()
        if self._select is not None and any(c.id == self._select for c in self.changes):
            keep, self._select = self._select, None  # the change a revert just made: at the top (walk57 #4)
        row = next((i for i, c in enumerate(self.changes) if c.id == keep), 0 if self.changes else -1)
        self.list.setCurrentRow(row)
        if row >= 0:
            self.list.scrollToItem(self.list.item(row))
        if row >= 0 and (self.detail is None or self.detail.change.id != self.changes[row].id):
            self._on_row(row)
        self.loads += 1
        self._sync()
        self.loaded.emit()

    def _say_rows(self) -> None:
        """Each change's row in the interface language (again after each switch)."""
        known = self.known()
        shown = self.changes[:self.list.count()]
        for row, (c, seconds) in enumerate(zip(shown, same_minute(shown), strict=True)):
            item = self.list.item(row)
            what, when = change_rows(c, known, seconds=seconds)
            item.setText(what)
            item.setData(WhenRole, when)
            item.setToolTip(change_label(c, known))
            item.setData(Qt.ItemDataRole.AccessibleTextRole, change_label(c, known))

    def known(self) -> dict[int, ChangeView]:
        """The listed changes by id (a revert's row quotes the one it undid)."""
        return {c.id: c for c in self.changes}

    def _on_memory_changed(self, event: MemoryChanged) -> None:
        if event.assistant_id == self.assistant_id:
            self._reload.start()

    def _on_settings_changed(self, _event: object) -> None:  # memory changed (this or another window)
        self._reload.start()

    def selected(self) -> ChangeView | None:
        """The selected change (None when the list is empty)."""
        row = self.list.currentRow()
        return self.changes[row] if 0 <= row < len(self.changes) else None

    def _on_row(self, row: int) -> None:
        if not 0 <= row < len(self.changes):
            self.diff.setHtml(f"<i>{html.escape(translate('MemoryPage', EMPTY_TEXT))}</i>")
            return
        change_id = self.changes[row].id
        self.runner.run(f"memory-history-diff-{id(self)}", self._show(change_id), context="Memory history")

    async def _show(self, change_id: int) -> None:
        detail = await self.runner.run_in_thread(self.svc.history.detail, self.assistant_id, change_id)
        numbers = {} if not detail.entries.edited else await self.runner.run_in_thread(
            entry_numbers, detail.change.document, detail.after)
        self.detail, self._numbers = detail, numbers
        self._render()
        self._sync()

    def _render(self) -> None:
        """The selected change's detail in the theme's colours: the entries it added,
        removed and changed, then the notes; the changed lines in words when no entry
        changed."""
        detail = self.detail
        if detail is None:
            return
        c = detail.change
        if detail.pause is not None:
            self.diff.setHtml(detail_head(c, self.known(), sizes=False) + pause_html(detail.pause))
            return
        fixed = c.document == MemoryDocument.FIXED
        self.diff.setHtml(detail_head(c, self.known(), sizes=detail.entries.empty) + (
            diff_html(detail.diff) if detail.entries.empty else entries_html(
                detail.entries, cards=not fixed, numbers=self._numbers) + (notes_html(detail.diff) if fixed else "")))

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        """Qt: over the detail's heading (its first block) the tooltip says the change's time
        in UTC (the heading says it in local time)."""
        detail = self.detail
        if (event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent) and detail is not None
                and obj is self.diff.viewport()):
            if self.diff.cursorForPosition(event.pos()).blockNumber() == 0:
                QToolTip.showText(event.globalPos(), utc_time(detail.change), self.diff)
            else:
                QToolTip.hideText()
            return True
        return super().eventFilter(obj, event)

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        """Qt: a theme switch paints the detail in the new theme's diff colours (its HTML
        carried the old ones: light text on the light theme's green in the dark one)."""
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange:
            self._render()

    # --- revert ----------------------------------------------------------------------

    def revert_selected(self, *, choice: RevertChoice | None = None) -> bool:
        """Ask the service what reverting the selected change writes, ask the user
        (:func:`ask_revert`: an older change undone on its own, or memory restored to
        before it) and do what they chose. ``choice``: skip the question (tests). False
        when nothing is selected or a change runs."""
        c = self.selected()
        if c is None or self.ops.busy:
            return False
        # the question after the preview's task, outside any coroutine: a modal dialog's own
        # event loop inside a task left every other task unwoken for good (walk56 #1)
        return self.ops.start(translate("MemoryPage", "Revert"), lambda: self.svc.history.revert_preview(self.assistant_id, c.id),
                              lambda p: QTimer.singleShot(0, self, lambda: self._confirm_revert(p, choice)))

    def _confirm_revert(self, preview: RevertPreview, choice: RevertChoice | None) -> None:
        if choice is None:
            choice = ask_revert(self, preview, self.known())
        c, aid, version = preview.change, self.assistant_id, preview.version
        if choice is RevertChoice.UNDO_ONLY:  # only this change, on the memory as it is now (walk57 #1)
            self.ops.start(translate("MemoryPage", "Revert"), lambda: self.svc.history.undo(aid, c.id, version=version),
                           lambda view: self._reverted(choice, c, view))
        elif choice is RevertChoice.RESTORE:
            self.ops.start(translate("MemoryPage", "Revert"), lambda: self.svc.history.revert(aid, c.id, version=version),
                           lambda view: self._reverted(choice, c, view))

    def _reverted(self, choice: RevertChoice, change: ChangeView, made: ChangeView) -> None:
        """After a revert (or undo) of ``change`` recorded as ``made``: say so with Undo,
        select the new change at the top (walk57 #4)."""
        self._undoable, self._select = made, made.id
        self._say(lambda: done_status(choice, change, self.known()))
        self._focus_list()
        self.reverted.emit(change.id)
        self.reload()

    def undo_last_revert(self) -> bool:
        """Undo the last revert made here (the status line's Undo, Ctrl+Z on the panel):
        the memory put back byte for byte as it was before it — itself a revert of that
        revert, refused with nothing written when memory changed since (issue 10). False
        when there is none to undo or a change runs."""
        made = self._undoable
        if made is None or self.ops.busy:
            return False
        aid = self.assistant_id
        return self.ops.start(translate("MemoryPage", "Undo"), lambda: self.svc.history.revert(aid, made.id),
                              self._undone)

    def _undone(self, made: ChangeView) -> None:
        self._undoable, self._select = None, made.id
        self._say(lambda: translate("MemoryPage", "Revert undone: memory is as it was before it."))
        self._focus_list()
        self.reverted.emit(made.id)
        self.reload()

    def _focus_list(self) -> None:
        """Focus on the list, whose new top row is selected: the Revert button was disabled
        while the revert ran, which sent the focus on (in the window: out of the panel,
        where Ctrl+Z could not reach the panel's Undo; walk57 #4)."""
        if self.isVisible():
            self.list.setFocus()

    def _say(self, status: Callable[[], str] | None) -> None:
        self._status = status
        self._say_status()

    def _say_status(self) -> None:
        """The status line (again after a language switch), with Undo while it can undo."""
        text = self._status() if self._status is not None else ""
        self.status.setText(text)
        self.status.setVisible(bool(text))
        self.undo_button.setVisible(bool(text) and self._undoable is not None)
        self.undo_action.setEnabled(self._undoable is not None)

    # --- state -----------------------------------------------------------------------

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt override
        """Qt: the detail beside the list on a wide page, under it on a narrow one."""
        super().resizeEvent(event)
        wide = event.size().width() >= SIDE_BY_SIDE_MIN
        orientation = Qt.Orientation.Horizontal if wide else Qt.Orientation.Vertical
        if orientation != self.split.orientation():
            self.split.setOrientation(orientation)
            # the list and the detail share the room evenly (a list on top took all but 100 px)
            self.split.setSizes([1, 1])

    def show_error(self, message: str) -> None:
        """The inline error line (``""`` hides it); an error replaces the status line."""
        self.error.setText(message)
        self.error.setVisible(bool(message))
        if message:
            self._say(None)

    def _on_busy(self, _busy: bool) -> None:
        self._sync()

    def _sync(self) -> None:
        self.revert_button.setEnabled(self.selected() is not None and not self.ops.busy)
        self.undo_button.setEnabled(not self.ops.busy)

    def detach(self) -> None:
        """Stop following the bus and cancel the loads (the page is closing)."""
        self._reload.stop()
        self.events.memory_changed.disconnect(self._on_memory_changed)
        self.events.settings_changed.disconnect(self._on_settings_changed)
        if self._own_events:
            self.events.detach()
