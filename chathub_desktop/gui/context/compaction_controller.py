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

from chathub_desktop.core.compaction_kinds import (
    CompactionPhase,
    CompactionStatus,
    CompactionTrigger,
)
from chathub_desktop.core.reasons import Reason
from chathub_desktop.gui.settings.summarizer_choice import choose_button, missing_text, short_text
from chathub_desktop.gui.shell.i18n import QT_TRANSLATE_NOOP, Texts, fill
from chathub_desktop.gui.shell.open_topic_host import OpenTopicHost
from chathub_desktop.gui.shell.service_reasons import said, said_error
from chathub_desktop.gui.topics.topic_title import shown_title
from chathub_desktop.services.errors import ServiceError
from chathub_desktop.services.fault_place import PROVIDERS_PLACE, fault_provider, fault_sentence

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
    from chathub_desktop.services.compaction.compaction_outcome import CompactionOutcome
    from chathub_desktop.services.container import Services
    from chathub_desktop.services.events import CompactionProgress

translate = QCoreApplication.translate

COMPACT_TEXT = QT_TRANSLATE_NOOP("WindowActions", "&Compact now")
COMPACTING_TEXT = QT_TRANSLATE_NOOP("WindowActions", "Compacting…")
#: What an automatic compaction is doing, in the words a user reads in the status bar
#: (walk39: "Overflow rescue: compacting…" were engineers' words; the model sees none of these).
AUTO_STARTED: dict[CompactionTrigger, str] = {
    CompactionTrigger.TOKEN: QT_TRANSLATE_NOOP("CompactionOutcome",
                                               "The conversation is getting long: summarizing older messages…"),
    CompactionTrigger.MESSAGE_COUNT: QT_TRANSLATE_NOOP("CompactionOutcome",
                                                       "Past the history limit: summarizing older messages…"),
    CompactionTrigger.OVERFLOW: QT_TRANSLATE_NOOP("CompactionOutcome",
                                                  "Too long for the model: summarizing older messages…"),
    CompactionTrigger.THRESHOLD: QT_TRANSLATE_NOOP(
        "CompactionOutcome", "Near the context window: the chat model is summarizing older messages…"),
}
#: What an automatic compaction did, by trigger, when it compacted (walk39).
AUTO_DONE: dict[CompactionTrigger, str] = {
    CompactionTrigger.TOKEN: QT_TRANSLATE_NOOP(
        "CompactionOutcome", "Older messages were summarized to keep the conversation within its token budget"),
    CompactionTrigger.MESSAGE_COUNT: QT_TRANSLATE_NOOP(
        "CompactionOutcome", "Older messages were summarized: the topic passed its history limit"),
    CompactionTrigger.OVERFLOW: QT_TRANSLATE_NOOP(
        "CompactionOutcome", "The request was too long for the model, so older messages were summarized"),
    CompactionTrigger.THRESHOLD: QT_TRANSLATE_NOOP(
        "CompactionOutcome", "The chat model summarized older messages: the topic neared its context window"),
}
#: What an automatic compaction did when it did not compact, by status (walk39).
AUTO_NOT_DONE: dict[CompactionStatus, str] = {
    CompactionStatus.NOTHING_ELIGIBLE: QT_TRANSLATE_NOOP("CompactionOutcome",
                                                         "No older messages could be summarized yet"),
    CompactionStatus.FAILED: QT_TRANSLATE_NOOP("CompactionOutcome", "Summarizing older messages failed"),
    CompactionStatus.UNREACHABLE: QT_TRANSLATE_NOOP(
        "CompactionOutcome", "Summarized what could be; the next request is still above the target"),
    CompactionStatus.CANCELLED: QT_TRANSLATE_NOOP("CompactionOutcome", "Summarizing older messages was stopped"),
}
AUTO_STARTED_ANY = QT_TRANSLATE_NOOP("CompactionOutcome", "Summarizing older messages…")
AUTO_DONE_ANY = QT_TRANSLATE_NOOP("CompactionOutcome", "Older messages were summarized")


def auto_started_text(trigger: CompactionTrigger) -> str:
    """The status-bar line while an automatic compaction of ``trigger`` runs (walk39), in
    the interface language (issue 27)."""
    return translate("CompactionOutcome", AUTO_STARTED.get(trigger, AUTO_STARTED_ANY))


def auto_outcome_text(trigger: CompactionTrigger, status: CompactionStatus | None) -> str:
    """The status-bar line when an automatic compaction of ``trigger`` ends with ``status``
    (None: stopped), in plain words (walk39) and the interface language (issue 27)."""
    if status == CompactionStatus.COMPACTED:
        return translate("CompactionOutcome", AUTO_DONE.get(trigger, AUTO_DONE_ANY))
    said_status = status if status in AUTO_NOT_DONE else CompactionStatus.CANCELLED
    return translate("CompactionOutcome", AUTO_NOT_DONE[said_status])


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def outcome_text(outcome: CompactionOutcome) -> str:
    """One line for a ``CompactionOutcome`` (CMP-6) in the interface language (issue 27:
    its typed ``why`` when it has one, else its ``message``): compacted (what it means for
    the next request first, walk53 #7, then what was done) / nothing to compact yet (why, walkthrough F11) / failed (reason) / could not
    reach the target. The English ``message`` decides which frame (it starts the same
    whatever the language)."""
    status = outcome.status
    message = outcome.message or ""
    why = outcome.why
    before, after = outcome.before_tokens, outcome.after_tokens
    tokens = fill(translate("CompactionOutcome", " · next request %1 → %2 tokens"), f"{before:,}", f"{after:,}") \
        if isinstance(before, int) and isinstance(after, int) else ""
    if status == CompactionStatus.COMPACTED:
        if message.startswith("compacted"):
            detail = _capital(said(why) if isinstance(why, Reason) else message)
            if isinstance(before, int) and isinstance(after, int):  # walk53 #7: what it means first
                return fill(translate("CompactionOutcome", "The next request now takes %1 tokens instead of "
                                                           "%2. %3."),
                            f"{after:,}", f"{before:,}", detail.rstrip("."))
            return detail
        return fill(translate("CompactionOutcome", "Compacted: %1"), said(why) if isinstance(why, Reason)
                    else message) + tokens
    if status == CompactionStatus.NOTHING_ELIGIBLE:
        if message.startswith("nothing to gain: "):  # issue 28: the run kept the old state
            return _capital(said(why)) if isinstance(why, Reason) else fill(translate(
                "CompactionOutcome", "Nothing to gain: %1"), message.removeprefix("nothing to gain: "))
        detail = said(why) if isinstance(why, Reason) else message.removeprefix("nothing eligible: ")
        return fill(translate("CompactionOutcome", "Nothing to compact yet: %1."), detail) if detail \
            else translate("CompactionOutcome", "Nothing to compact yet.")
    if status == CompactionStatus.FAILED:
        detail = said(why) if isinstance(why, Reason) else message
        return fill(translate("CompactionOutcome", "Compaction failed: %1"), detail) if detail \
            else translate("CompactionOutcome", "Compaction failed")
    if status == CompactionStatus.UNREACHABLE:
        if message.startswith("compacted"):  # it did compact: say that first (walk39 #4)
            return _capital(said(why) if isinstance(why, Reason) else message) + tokens
        detail = said(why) if isinstance(why, Reason) else message.removeprefix("could not reach the target: ")
        return fill(translate("CompactionOutcome", "Could not reach the target: %1"), detail) + tokens
    return message or status


class CompactionHost(OpenTopicHost, Protocol):
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


class CompactionController:
    """Compact now, its status-bar progress (label, bar, Stop) and the summary viewer for
    ``window``. The window builds its actions from :meth:`compact_topic` /
    :meth:`open_summary` and puts :attr:`box` in its status bar; the token popover asks
    :meth:`is_compacting`, :meth:`outcome` and :meth:`needs_summarizer`.

    When a run fails because no History Compress model can run, the outcome says so in
    plain words and the status bar keeps it with "Choose History Compress model…" (which
    asks the window's events for Settings → System Agent) until the next run or until the
    System Agent page is saved (issue 28). A run that failed because its server could
    not be reached keeps a short line with "Settings → Providers" (the chat error line's
    link, as a button: Settings opens at that provider) until the next run (memerr54)."""

    def __init__(self, window: CompactionHost, parent: QWidget) -> None:
        self._w = window
        self._parent = parent  # the summary viewer's
        self._svc: Services | None = None  # bind()
        self._compacting: set[int] = set()  # topics whose Compact now this window started
        self._tasks: dict[int, asyncio.Task[object]] = {}
        self._outcomes: dict[int, str] = {}  # last outcome line per topic (popover)
        self._progress: dict[int, str] = {}  # status-bar progress text per running topic
        self._missing: dict[int, str] = {}  # topic → short line: its last run found no History Compress model
        self._fault: dict[int, str] = {}  # topic → the provider its last run could not reach (memerr54)
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
        self.stop_button = QPushButton()
        self.stop_button.setObjectName("compactionStop")
        self.texts = t = Texts(self.stop_button)  # re-said on a language switch (issue 27)
        t.bind(self.stop_button.setText, lambda: translate("CompactionOutcome", "Stop"))
        t.bind(self.stop_button.setToolTip, lambda: translate("CompactionOutcome", "Stop this compaction (Esc); nothing "
                                                                                   "of it is stored"))
        self.stop_button.clicked.connect(self.stop)
        self.stop_button.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self.box.setSizePolicy(QSizePolicy.Policy.Maximum, QSizePolicy.Policy.Preferred)
        bl.addWidget(self.label)
        bl.addWidget(self.bar)
        bl.addWidget(self.stop_button)
        self.choose_button = choose_button("chooseSummarizer")
        self.choose_button.clicked.connect(lambda: self._w.events.summarizer_choice_requested.emit())
        bl.addWidget(self.choose_button)
        self.providers_button = QPushButton()
        self.providers_button.setObjectName("compactionProviders")
        t.bind(self.providers_button.setText, lambda: translate("MessageList", PROVIDERS_PLACE))
        t.bind(self.providers_button.setToolTip, lambda: translate(
            "CompactionOutcome", "Open Settings → Providers at the provider that could not be reached"))
        self.providers_button.clicked.connect(self._open_providers)
        bl.addWidget(self.providers_button)
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
            w.composer.badge.sync_popover()

    def compact_topic(self, topic_id: int | None = None, focus: str = "") -> asyncio.Task[object] | None:
        """Compact now for ``topic_id`` (default: the open topic), with the user's
        ``focus`` instructions (issue 19); returns the task, or None when nothing was
        started (no topic, no compaction, already running). The draft takes the keyboard."""
        w = self._w
        tid = w.current_topic_id if topic_id is None else topic_id
        if tid is None or self._svc is None or self._svc.compaction is None:
            return None
        if self.is_compacting(tid):
            w.show_status(translate("CompactionOutcome", "This topic is already compacting; wait for that run to "
                                                         "finish (Esc stops it)"))
            return None
        from chathub_desktop.services.memory import secret_scan

        secret_scan.warm_up()  # the summary is redacted (issue 19): compiled now, not at start (issue 29)
        self._compacting.add(tid)
        self._outcomes.pop(tid, None)
        self._missing.pop(tid, None)
        self._fault.pop(tid, None)
        self._progress[tid] = translate("CompactionOutcome", "Compacting…")
        task = w.runner.run(f"compact:{tid}", self._compact(tid, focus), context="Compact now")
        self._tasks[tid] = task
        self.sync()
        self.show_progress()
        if tid == w.current_topic_id:
            w.sending.to_draft()  # as after a send (walk52b #7: the sidebar toggle kept it)
        return task

    async def _compact(self, topic_id: int, focus: str = "") -> None:
        from chathub_desktop.services.compaction.compaction_service import CompactionInProgress

        w = self._w
        assert self._svc is not None and self._svc.compaction is not None
        try:
            outcome = await self._svc.compaction.compact(topic_id, focus=focus)
        except CompactionInProgress as exc:
            w.show_status(said_error(exc).capitalize())
            return
        except ServiceError as exc:
            self._outcomes[topic_id] = fill(translate("CompactionOutcome", "Compaction failed: %1"), said_error(exc))
            raise
        finally:
            self._compacting.discard(topic_id)
            self._tasks.pop(topic_id, None)
            self._progress.pop(topic_id, None)
            self.sync()
            self.show_progress()
        problem = outcome.summarizer_problem
        if problem is not None:
            model = outcome.model
            text = missing_text(problem, model)
            self._missing[topic_id] = short_text(problem, model)
        else:
            text = outcome_text(outcome)
            fault = fault_provider(outcome.why) if outcome.status == CompactionStatus.FAILED else None
            if fault is not None:  # its server could not be reached: kept with the way to Providers
                self._fault[topic_id] = fault
        self._outcomes[topic_id] = text
        self.sync()
        self.show_progress()
        if topic_id == w.current_topic_id:
            if problem is None and topic_id not in self._fault:  # else the box says it, with its button (bits54)
                w.show_status(text, 10000)
            self.refresh_cursor()
            w.estimate.schedule(invalidate=True)

    def _open_providers(self) -> None:
        """Settings → Providers at the provider the open topic's last run could not reach."""
        tid = self._w.current_topic_id
        self._w.events.providers_requested.emit(self._fault.get(tid, "") if tid is not None else "")

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
            self._outcomes[tid] = translate("CompactionOutcome", "Compaction stopped — the summary is unchanged")
            w.show_status(self._outcomes[tid], 5000)
            w.sending.to_draft()  # the status bar's Stop hides: not on to the sidebar toggle

    def on_progress(self, event: CompactionProgress) -> None:
        """A compaction run's progress: started, a batch done, finished."""
        topic_id, trigger, phase, done, total = event.topic_id, event.trigger, event.phase, event.done, event.total
        status = event.status
        if phase == CompactionPhase.STARTED:
            self._progress[topic_id] = translate("CompactionOutcome", "Compacting…") \
                if trigger == CompactionTrigger.MANUAL else auto_started_text(trigger)
        elif phase == CompactionPhase.BATCH:
            self._progress[topic_id] = fill(translate("CompactionOutcome", "Compacting… batch %1 of %2"), str(done),
                                            str(total))
        elif phase == CompactionPhase.FINISHED:
            self._progress.pop(topic_id, None)
            if trigger != CompactionTrigger.MANUAL and topic_id == self._w.current_topic_id:
                text = auto_outcome_text(trigger, status)
                sentence = fault_sentence(event.why) if status == CompactionStatus.FAILED else None
                if sentence is not None:  # the box says it with Settings → Providers, no toast beside it (bits54)
                    self._fault[topic_id] = fault_provider(sentence) or ""
                    text = fill(translate("CompactionOutcome", "Compaction failed: %1"), said(sentence))
                else:
                    self._fault.pop(topic_id, None)
                    self._w.show_status(text, 8000)
                self._outcomes[topic_id] = text
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
        fault = tid is not None and tid in self._fault and text is None and not missing
        self.choose_button.setVisible(missing)
        self.providers_button.setVisible(fault)
        self.bar.setVisible(not missing and not fault)
        self.stop_button.setVisible(not missing and not fault)
        self.label.setToolTip(self._outcomes.get(tid, "") if (missing or fault) and tid is not None else "")
        if missing and tid is not None:
            self.label.setText(self._missing[tid])
            self.box.show()
            return
        if fault and tid is not None:
            self.label.setText(fill(translate("CompactionOutcome", "Compaction failed: can't reach %1"),
                                    self._fault[tid]))
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
        dlg = SummaryDialog(self._svc, tid, events=w.events, title=shown_title(t) if t is not None else "",
                            parent=self._parent, runner=w.runner)
        w.dialogs["summary"] = dlg
        dlg.open()
        return dlg
