"""The main window's topic compaction (CMP-6, CMP-13, CMP-15, CMP-18, APP-7).

Topic → Compact now (Ctrl+Shift+K) and View topic summary… (Ctrl+Shift+S), also in the
topic list's context menu and the token popover. While a run is in flight for the open
topic the actions read "Compacting…" and are disabled, the status bar shows its batches
with a Stop button (Esc stops it too) and the outcome afterwards.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QHBoxLayout, QLabel, QProgressBar, QPushButton, QSizePolicy, QWidget

from chathub_desktop.core.compaction import CompactionPhase, CompactionStatus, CompactionTrigger
from chathub_desktop.gui.settings.summarizer_choice import choose_button, missing_text, short_text
from chathub_desktop.gui.shell.i18n import QT_TRANSLATE_NOOP
from chathub_desktop.services.errors import ServiceError
from chathub_desktop.services.events import CompactionProgress

if TYPE_CHECKING:
    import asyncio

    from PySide6.QtGui import QAction

    from chathub_desktop.gui.chat.composer import Composer
    from chathub_desktop.gui.chat.message_list_model import MessageListModel
    from chathub_desktop.gui.chat.send_controller import SendController
    from chathub_desktop.gui.context.estimate_controller import EstimateController
    from chathub_desktop.gui.context.summary_dialog import SummaryDialog
    from chathub_desktop.gui.shell.chat_events import ChatEvents
    from chathub_desktop.gui.shell.task_runner import TaskRunner
    from chathub_desktop.gui.topics.topic_list_model import TopicListModel
    from chathub_desktop.services.container import Services

COMPACT_TEXT = QT_TRANSLATE_NOOP("WindowActions", "&Compact now")
COMPACTING_TEXT = QT_TRANSLATE_NOOP("WindowActions", "Compacting…")
#: Human names of compaction triggers (status bar).
TRIGGER_TEXT: dict[str, str] = {
    CompactionTrigger.MANUAL: "Compact now",
    CompactionTrigger.TOKEN: "Token auto-compact",
    CompactionTrigger.MESSAGE_COUNT: "History limit compaction",
    CompactionTrigger.OVERFLOW: "Overflow rescue",
    CompactionTrigger.THRESHOLD: "Threshold compaction",
}


def outcome_text(outcome: object) -> str:
    """One line for a ``CompactionOutcome`` (CMP-6): compacted (before → after tokens) /
    nothing to compact yet (why, walkthrough F11) / failed (reason) / could not reach the target."""
    status = str(getattr(outcome, "status", ""))
    message = str(getattr(outcome, "message", "") or "")
    before, after = getattr(outcome, "before_tokens", None), getattr(outcome, "after_tokens", None)
    tokens = f" · next request {before:,} → {after:,} tokens" if isinstance(before, int) and isinstance(after, int) \
        else ""
    if status == CompactionStatus.COMPACTED:
        body = message[:1].upper() + message[1:] if message.startswith("compacted") else f"Compacted: {message}"
        return f"{body}{tokens}"
    if status == CompactionStatus.NOTHING_ELIGIBLE:
        if message.startswith("nothing to gain: "):  # issue 28: the run kept the old state
            return "Nothing to gain: " + message.removeprefix("nothing to gain: ")
        detail = message.removeprefix("nothing eligible: ")
        return f"Nothing to compact yet: {detail}." if detail else "Nothing to compact yet."
    if status == CompactionStatus.FAILED:
        return f"Compaction failed: {message}" if message else "Compaction failed"
    if status == CompactionStatus.UNREACHABLE:
        if message.startswith("compacted"):  # it did compact: say that first (walk39 #4)
            return f"{message[:1].upper()}{message[1:]}{tokens}"
        detail = message.removeprefix("could not reach the target: ")
        return f"Could not reach the target: {detail}{tokens}"
    return message or status


class CompactionHost(Protocol):
    """What compaction uses of the window (issue 29); the main window is one. Its
    store-bound parts (``runner``, ``events``, the models) are used only after
    :meth:`CompactionController.bind`."""

    runner: TaskRunner
    events: ChatEvents
    composer: Composer
    message_model: MessageListModel
    topic_model: TopicListModel
    estimate: EstimateController
    sending: SendController
    compact_action: QAction
    summary_action: QAction
    dialogs: dict[str, QWidget]

    @property
    def current_topic_id(self) -> int | None:
        """The open topic."""
        ...

    def show_status(self, text: str, ms: int = 5000) -> None:
        """A line in the status bar for ``ms`` milliseconds."""
        ...


class CompactionController:
    """Compact now, its status-bar progress (label, bar, Stop) and the summary viewer for
    ``window``. The window builds its actions from :meth:`compact_topic` /
    :meth:`open_summary` and puts :attr:`box` in its status bar; the token popover asks
    :meth:`is_compacting`, :meth:`outcome` and :meth:`needs_summarizer`.

    When a run fails because no History Compress model can run, the outcome says so in
    plain words and the status bar keeps it with "Choose History Compress model…" (which
    asks the window's events for Settings → System Agent) until the next run or until the
    System Agent page is saved (issue 28)."""

    def __init__(self, window: CompactionHost, parent: QWidget) -> None:
        self._w = window
        self._parent = parent  # the summary viewer's
        self._svc: Services | None = None  # bind()
        self._compacting: set[int] = set()  # topics whose Compact now this window started
        self._tasks: dict[int, asyncio.Task[object]] = {}
        self._outcomes: dict[int, str] = {}  # last outcome line per topic (popover)
        self._progress: dict[int, str] = {}  # status-bar progress text per running topic
        self._missing: dict[int, str] = {}  # topic → short line: its last run found no History Compress model
        self.box = QWidget()
        self.box.setObjectName("compactionProgress")
        bl = QHBoxLayout(self.box)
        bl.setContentsMargins(0, 0, 8, 0)
        bl.setSpacing(6)
        self.label = QLabel()
        self.label.setObjectName("compactionLabel")
        self.bar = QProgressBar()
        self.bar.setObjectName("compactionBar")
        self.bar.setFixedWidth(110)
        self.bar.setMaximumHeight(14)
        self.bar.setTextVisible(False)
        self.stop_button = QPushButton("Stop")
        self.stop_button.setObjectName("compactionStop")
        self.stop_button.setToolTip("Stop this compaction (Esc); nothing of it is stored")
        self.stop_button.clicked.connect(self.stop)
        self.stop_button.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self.box.setSizePolicy(QSizePolicy.Policy.Maximum, QSizePolicy.Policy.Preferred)
        bl.addWidget(self.label)
        bl.addWidget(self.bar)
        bl.addWidget(self.stop_button)
        self.choose_button = choose_button("chooseSummarizer")
        self.choose_button.clicked.connect(lambda: self._w.events.summarizer_choice_requested.emit())
        bl.addWidget(self.choose_button)
        self.box.hide()

    def outcome(self, topic_id: int) -> str | None:
        """The last outcome line of ``topic_id``'s compaction in this window, if any."""
        return self._outcomes.get(topic_id)

    def needs_summarizer(self, topic_id: int) -> bool:
        """True when ``topic_id``'s last run here found no History Compress model (issue 28)."""
        return topic_id in self._missing

    def summarizer_changed(self) -> None:
        """The System Agent page was saved: forget "no History Compress model" notes."""
        self._missing.clear()
        self.sync()
        self.show_progress()

    def bind(self, services: Services) -> None:
        """The window is attached to ``services``: compaction is available from now."""
        self._svc = services

    def is_compacting(self, topic_id: int) -> bool:
        """True while a compaction of ``topic_id`` runs (started here, or by a send)."""
        c = self._svc.compaction if self._svc is not None else None
        return topic_id in self._compacting or (c is not None and c.in_flight(topic_id))

    def summary_cursor(self, topic_id: int) -> int | None:
        """The last message id the topic summary covers (CMP-2), or None."""
        c = self._svc.compaction if self._svc is not None else None
        if c is None:
            return None
        try:
            return c.summary(topic_id).cursor_message_id
        except ServiceError:
            return None

    def refresh_cursor(self) -> asyncio.Task[int | None] | None:
        """Re-read the open topic's summary cursor on a worker thread and mark it in the
        message list (after a compaction, an edit or another process's change); returns
        the task, whose result is the cursor (None: no topic open)."""
        w = self._w
        tid = w.current_topic_id
        if tid is None:
            return None
        return w.runner.run("summary-cursor", self._refresh_cursor(tid), context="Summary", quiet=True)

    async def _refresh_cursor(self, topic_id: int) -> int | None:
        cursor = await self._w.runner.run_in_thread(self.summary_cursor, topic_id)
        if topic_id == self._w.current_topic_id:
            self._w.message_model.set_summary_cursor(cursor)
        return cursor

    def sync(self) -> None:
        """Compact now reads "Compacting…" and is disabled while the open topic compacts."""
        w = self._w
        available = self._svc is not None and self._svc.compaction is not None
        tid = w.current_topic_id
        busy = tid is not None and available and self.is_compacting(tid)
        w.compact_action.setEnabled(available and tid is not None and not busy)
        w.compact_action.setText(QCoreApplication.translate("WindowActions", COMPACTING_TEXT if busy else COMPACT_TEXT))
        w.summary_action.setEnabled(available and tid is not None)
        if self._svc is not None:
            w.sending.sync()
            w.composer.badge.popover.sync()

    def compact_topic(self, topic_id: int | None = None, focus: str = "") -> asyncio.Task[object] | None:
        """Compact now for ``topic_id`` (default: the open topic), with the user's
        ``focus`` instructions (issue 19); returns the task, or None when nothing was
        started (no topic, no compaction, already running)."""
        w = self._w
        tid = w.current_topic_id if topic_id is None else topic_id
        if tid is None or self._svc is None or self._svc.compaction is None:
            return None
        if self.is_compacting(tid):
            w.show_status("This topic is already compacting; wait for that run to finish (Esc stops it)")
            return None
        from chathub_desktop.services.memory import secret_scan

        secret_scan.warm_up()  # the summary is redacted (issue 19): compiled now, not at start (issue 29)
        self._compacting.add(tid)
        self._outcomes.pop(tid, None)
        self._missing.pop(tid, None)
        self._progress[tid] = "Compacting…"
        task = w.runner.run(f"compact:{tid}", self._compact(tid, focus), context="Compact now")
        self._tasks[tid] = task
        self.sync()
        self.show_progress()
        return task

    async def _compact(self, topic_id: int, focus: str = "") -> None:
        from chathub_desktop.services.compaction.compaction_service import CompactionInProgress

        w = self._w
        assert self._svc is not None and self._svc.compaction is not None
        try:
            outcome = await self._svc.compaction.compact(topic_id, focus=focus)
        except CompactionInProgress as exc:
            w.show_status(str(exc).capitalize())
            return
        except ServiceError as exc:
            self._outcomes[topic_id] = f"Compaction failed: {exc}"
            raise
        finally:
            self._compacting.discard(topic_id)
            self._tasks.pop(topic_id, None)
            self._progress.pop(topic_id, None)
            self.sync()
            self.show_progress()
        problem = getattr(outcome, "summarizer_problem", None)
        if problem is not None:
            model = getattr(outcome, "model", None)
            text = missing_text(problem, model)
            self._missing[topic_id] = short_text(problem, model)
        else:
            text = outcome_text(outcome)
        self._outcomes[topic_id] = text
        self.sync()
        self.show_progress()
        if topic_id == w.current_topic_id:
            if problem is None:  # else the progress box says it, with its button
                w.show_status(text, 10000)
            self.refresh_cursor()
            w.estimate.schedule(invalidate=True)

    def stop(self) -> None:
        """Stop the open topic's compaction (Stop in the status bar, Esc): nothing of a
        cancelled run is stored (CMP-13)."""
        w = self._w
        tid = w.current_topic_id
        if tid is None or self._svc is None or self._svc.compaction is None:
            return
        stopped = self._svc.compaction.cancel(tid)
        task = self._tasks.get(tid)
        if task is not None and not task.done():
            task.cancel()
            stopped = True
        if stopped:
            self._outcomes[tid] = "Compaction stopped — the summary is unchanged"
            w.show_status(self._outcomes[tid], 5000)

    def on_progress(self, event: CompactionProgress) -> None:
        """A compaction run's progress: started, a batch done, finished."""
        topic_id, trigger, phase, done, total = event.topic_id, event.trigger, event.phase, event.done, event.total
        status = event.status
        if phase == CompactionPhase.STARTED:
            self._progress[topic_id] = "Compacting…" if trigger == CompactionTrigger.MANUAL else \
                f"{TRIGGER_TEXT.get(trigger, 'Compaction')}: compacting…"
        elif phase == CompactionPhase.BATCH:
            self._progress[topic_id] = f"Compacting… batch {done} of {total}"
        elif phase == CompactionPhase.FINISHED:
            self._progress.pop(topic_id, None)
            if trigger != CompactionTrigger.MANUAL and topic_id == self._w.current_topic_id:
                from chathub_desktop.gui.context.summary_dialog import RESULT_TEXT

                text = f"{TRIGGER_TEXT.get(trigger, 'Compaction')}: " + (
                    "stopped" if status in (None, CompactionStatus.CANCELLED) else RESULT_TEXT.get(status, status))
                self._outcomes[topic_id] = text
                self._w.show_status(text, 8000)
        self.sync()
        batch = phase == CompactionPhase.BATCH
        self.show_progress(topic_id, done if batch else 0, total if batch else 0)

    def show_progress(self, topic_id: int | None = None, done: int = 0, total: int = 0) -> None:
        """The status-bar progress of the open topic's run (hidden when none)."""
        if self._svc is None:
            return
        tid = self._w.current_topic_id
        text = self._progress.get(tid) if tid is not None else None
        missing = tid is not None and tid in self._missing and text is None
        self.choose_button.setVisible(missing)
        self.bar.setVisible(not missing)
        self.stop_button.setVisible(not missing)
        self.label.setToolTip(self._outcomes.get(tid, "") if missing and tid is not None else "")
        if missing and tid is not None:
            self.label.setText(self._missing[tid])
            self.box.show()
            return
        if text is None or tid is None or not self.is_compacting(tid):
            self.box.hide()
            return
        if topic_id == tid:
            if total:
                self.bar.setRange(0, total)
                self.bar.setValue(done)
            else:
                self.bar.setRange(0, 0)  # busy until the first batch is done
        self.label.setText(text)
        self.box.show()

    def open_summary(self, topic_id: int | None = None) -> SummaryDialog | None:
        """Topic → View topic summary… (non-blocking; one viewer, re-pointed at the topic)."""
        from chathub_desktop.gui.context.summary_dialog import SummaryDialog

        w = self._w
        tid = w.current_topic_id if topic_id is None else topic_id
        if tid is None or self._svc is None or self._svc.compaction is None:
            return None
        old = w.dialogs.get("summary")
        if isinstance(old, SummaryDialog):
            old.close()
        row = w.topic_model.row_of(tid)
        t = w.topic_model.topic_at(row) if row is not None else None
        dlg = SummaryDialog(self._svc, tid, events=w.events, title=t.title if t is not None else "",
                            parent=self._parent, runner=w.runner)
        w.dialogs["summary"] = dlg
        dlg.open()
        return dlg
