"""File → Import → Chat history export… (APP-5, APP-7, issue 15).

Pick (or drop onto the window) a ChatGPT or Claude ``conversations.json`` or export
``.zip``, or an Open WebUI / LibreChat export ``.json``, and the target assistant; the
format is detected from the file (in a worker thread) unless one is chosen. Import: the importer runs in a worker thread (never on the GUI thread); its progress
callback emits a Qt signal, which is queued to the GUI thread and shows MB read / total
and conversations done. Cancel sets the importer's cancel event: it rolls back and
writes nothing. Errors (``ImportFailed``) are shown in the dialog. Its texts follow a
language switch while it is open (issue 27); the export's own words (a conversation's
title, why a conversation was skipped) stay as the file and the parsers say them; the importer's
frames (why it refused a file, how each app exports) are typed reasons said in the interface language.
The end state is one summary line with its icon and no progress bar, over a primary
Open topic (the first topic imported) and Close (walk50 #8).
"""

from __future__ import annotations

import asyncio
import functools
import threading
from collections.abc import Callable, Sequence
from pathlib import Path

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtGui import QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QProgressBar,
    QPushButton,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from chathub_desktop.core.export_formats import FORMATS
from chathub_desktop.gui.design import Tone, mark_help, set_tone
from chathub_desktop.gui.design.icons import GlyphLabel, Icon
from chathub_desktop.gui.design.tokens import IconSize
from chathub_desktop.gui.shell.i18n import QT_TRANSLATE_NOOP, Texts, fill
from chathub_desktop.gui.shell.nav_rail import AssistantItem
from chathub_desktop.gui.shell.service_reasons import said
from chathub_desktop.gui.shell.task_runner import TaskRunner
from chathub_desktop.services.container import Services
from chathub_desktop.services.transfer.chat_import import (
    ImportCancelled,
    ImportFailed,
    ImportProgress,
    ImportResult,
    detect_file_format,
)
from chathub_desktop.services.transfer.claude_memory import has_claude_memory

#: The Format combo's first item (translated where shown).
DETECT = QT_TRANSLATE_NOOP("ImportDialog", "Detect from the file")
#: The Cancel button's two words (translated where shown).
CANCEL = QT_TRANSLATE_NOOP("ImportDialog", "Cancel")
CLOSE = QT_TRANSLATE_NOOP("ImportDialog", "Close")
_MB = 1024 * 1024


def _tr(text: str) -> str:
    """``text`` (marked with ``QT_TRANSLATE_NOOP``) in the interface language."""
    return QCoreApplication.translate("ImportDialog", text)


def file_filter() -> str:
    """The file dialog's filter in the interface language."""
    return QCoreApplication.translate("ImportDialog", "Chat history exports (*.json *.zip);;All files (*)")


def result_text(result: ImportResult) -> str:
    """``Imported N topics and M messages (K already imported, skipped)`` in the interface
    language, with singular nouns for 1; an export without any conversation says so
    instead. The skipped conversations' own reasons stay as the parsers word them."""
    translate = QCoreApplication.translate
    r = result
    if not (r.topics_created or r.topics_updated or r.topics_skipped):
        return translate("ImportDialog", "The export holds no conversations; nothing was imported")
    # each count in a plain name: lupdate reads a plural's n only as one
    created, imported, updated, skipped = r.topics_created, r.messages_imported, r.topics_updated, r.topics_skipped
    text = fill(translate("ImportDialog", "Imported %1 and %2", "topics, messages"),
                translate("ImportDialog", "%Ln topic(s)", None, created),
                translate("ImportDialog", "%Ln message(s)", None, imported))
    if updated:
        text += translate("ImportDialog", "; %Ln earlier import(s) got their new messages", None, updated)
    if skipped:
        text += translate("ImportDialog", " (%Ln already imported, skipped)", None, skipped)
    if r.broken:
        named = "; ".join(said(b.note_reason()) for b in r.broken[:3])
        text += fill(translate("ImportDialog", "; %1 skipped: %2", "count, the conversations and why"),
                     f"{len(r.broken):,}", named)
        if len(r.broken) > 3:
            text += fill(translate("ImportDialog", "; and %1 more"), f"{len(r.broken) - 3:,}")
    branches, replaced = r.branch_messages_skipped, r.characters_replaced
    if branches:
        text += translate("ImportDialog", "; %Ln message(s) on other branches not imported (a topic keeps one branch)",
                          None, branches)
    if replaced:
        text += translate("ImportDialog", "; %Ln character(s) that no store keeps (NUL or a lone surrogate) "
                          "replaced by %1", None, replaced).replace("%1", "\ufffd")
    return text


def progress_text(p: ImportProgress) -> str:
    """``12.3 of 100.0 MB read · 42 conversations`` in the interface language."""
    done = p.conversations_done
    return fill(QCoreApplication.translate("ImportDialog", "%1 of %2 MB read · %3", "MB read, MB in all, conversations"),
                f"{p.bytes_read / _MB:,.1f}", f"{p.total_bytes / _MB:,.1f}",
                QCoreApplication.translate("ImportDialog", "%Ln conversation(s)", None, done))


class ImportDialog(QDialog):
    """The import window. ``services``, ``runner`` (runs the import task), the
    ``assistants`` to offer (the window's list, already read on a worker: nothing is read
    on the GUI thread, issue 29) and the preselected ``assistant_id``.
    ``imported(assistant_id, ImportResult)`` on success."""

    imported = Signal(int, object)
    #: ``(assistant_id, topic_id)``: the user chose Open topic after an import (walk50 #8).
    open_topic = Signal(int, int)
    progressed = Signal(object)  # ImportProgress, emitted from the worker thread (queued)

    def __init__(self, services: Services, runner: TaskRunner, assistants: Sequence[AssistantItem],
                 assistant_id: int | None, parent: QWidget | None = None, fmt: str | None = None) -> None:
        super().__init__(parent)
        self.setAcceptDrops(True)
        self.resize(600, 300)
        self._svc = services
        self._runner = runner
        self._cancel: threading.Event | None = None
        self.task: asyncio.Task[ImportResult] | None = None
        self.result_message = ""
        self.texts = t = Texts(self)  # re-said on a language switch (issue 27)
        translate = QCoreApplication.translate
        t.bind(self.setWindowTitle, lambda: translate("ImportDialog", "Import chat history"))
        layout = QVBoxLayout(self)
        intro = QLabel()
        t.bind(intro.setText, lambda: translate(
            "ImportDialog", "Each conversation becomes a topic of the chosen assistant (the branch you last viewed). "
            "Importing the same export again skips conversations already imported and adds only the new messages of "
            "those that went on. You can drop the file onto this window."))
        intro.setWordWrap(True)
        layout.addWidget(intro)
        form = QFormLayout()
        row = QHBoxLayout()
        self.path_edit = QLineEdit()
        t.bind(self.path_edit.setPlaceholderText, lambda: translate(
            "ImportDialog", "conversations.json, an export .json or the export .zip"))
        t.bind(self.path_edit.setToolTip, lambda: "\n".join(  # how each app exports (issue 27)
            fill(translate("ImportDialog", "%1: %2", "an app, how it exports"), f.label,
                 translate("ServiceReasons", f.how_to_export)) for f in FORMATS))
        self.browse_button = QPushButton()
        t.bind(self.browse_button.setText, lambda: translate("ImportDialog", "&Browse…"))
        t.bind(self.browse_button.setToolTip, lambda: translate("ImportDialog", "Choose the export file"))
        self.browse_button.clicked.connect(self.browse)
        row.addWidget(self.path_edit, 1)
        row.addWidget(self.browse_button)
        file_label = QLabel()
        t.bind(file_label.setText, lambda: translate("ImportDialog", "&File:"))
        file_label.setBuddy(self.path_edit)
        form.addRow(file_label, row)
        frow = QHBoxLayout()
        self.format_combo = QComboBox()
        self.format_combo.addItem("", None)
        t.bind(functools.partial(self.format_combo.setItemText, 0), lambda: translate("ImportDialog", DETECT))
        for f in FORMATS:
            self.format_combo.addItem(f.label, f.name)
        self.format_combo.setCurrentIndex(max(0, self.format_combo.findData(fmt)) if fmt else 0)
        t.bind(self.format_combo.setToolTip, lambda: translate(
            "ImportDialog", "Which app the export comes from; detected from the file's first conversation unless "
            "you choose one"))
        self.detected_label = QLabel()
        self.detected_label.setObjectName("detectedFormat")
        frow.addWidget(self.format_combo)
        frow.addWidget(self.detected_label, 1)
        format_label = QLabel()
        t.bind(format_label.setText, lambda: translate("ImportDialog", "F&ormat:"))
        format_label.setBuddy(self.format_combo)
        form.addRow(format_label, frow)
        arow = QHBoxLayout()
        self.assistant_combo = QComboBox()
        for a in assistants:
            self.assistant_combo.addItem(a.name, a.id)
        if assistant_id is not None:
            self.assistant_combo.setCurrentIndex(max(0, self.assistant_combo.findData(assistant_id)))
        help_button = QToolButton()
        help_button.setText("?")
        help_button.setAutoRaise(True)
        mark_help(help_button)
        t.bind(help_button.setToolTip, lambda: translate(
            "ImportDialog", "Imported conversations become topics of this assistant; its instructions and memory "
            "apply when you continue them."))
        arow.addWidget(self.assistant_combo, 1)
        arow.addWidget(help_button)
        assistant_label = QLabel()
        t.bind(assistant_label.setText, lambda: translate("ImportDialog", "&Into assistant:"))
        assistant_label.setBuddy(self.assistant_combo)
        form.addRow(assistant_label, arow)
        layout.addLayout(form)
        self.progress = QProgressBar()
        self.progress.setRange(0, 1000)
        self.progress.setValue(0)
        self.progress.setTextVisible(True)
        self.progress.hide()
        layout.addWidget(self.progress)
        status_row = QHBoxLayout()
        self.status_icon = GlyphLabel(Icon.ACCEPT, IconSize.MD)  # the end state's mark (walk50 #8)
        self.status_icon.setObjectName("importDoneIcon")
        self.status_icon.setAlignment(Qt.AlignmentFlag.AlignTop)
        self.status_icon.hide()
        self.status_label = QLabel()
        self.status_label.setWordWrap(True)
        self.status_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        status_row.addWidget(self.status_icon)
        status_row.addWidget(self.status_label, 1)
        layout.addLayout(status_row)
        layout.addStretch(1)
        self.buttons = QDialogButtonBox()
        self.import_button = self.buttons.addButton("", QDialogButtonBox.ButtonRole.AcceptRole)
        t.bind(self.import_button.setText, lambda: translate("ImportDialog", "&Import"))
        t.bind(self.import_button.setToolTip, lambda: translate(
            "ImportDialog", "Start importing (you can cancel; nothing is written until it completes)"))
        self.open_button = QPushButton()
        self.open_button.setObjectName("importOpenTopic")
        t.bind(self.open_button.setText, lambda: translate("ImportDialog", "&Open topic"))
        t.bind(self.open_button.setToolTip, lambda: translate("ImportDialog", "Show the first imported topic"))
        self.buttons.addButton(self.open_button, QDialogButtonBox.ButtonRole.ActionRole)
        self.open_button.hide()
        self.open_button.clicked.connect(self._open_topic)
        self._opens: tuple[int, int] | None = None  # (assistant, topic) Open topic shows
        self.cancel_button = self.buttons.addButton(QDialogButtonBox.StandardButton.Cancel)
        t.bind(self.cancel_button.setToolTip, lambda: translate("ImportDialog", "Stop the import; nothing is written"))
        self._cancel_text(CANCEL)
        self.import_button.clicked.connect(self.start)
        self.cancel_button.clicked.connect(self.cancel_or_close)
        layout.addWidget(self.buttons)
        self.progressed.connect(self._on_progress, Qt.ConnectionType.QueuedConnection)
        self.path_edit.textChanged.connect(self._on_path_changed)
        self.path_edit.textChanged.connect(self._detect)
        self.assistant_combo.currentIndexChanged.connect(self._on_path_changed)
        self._sync()

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:  # noqa: N802 - Qt override
        """Accept a dragged local file."""
        urls = event.mimeData().urls()
        if urls and urls[0].isLocalFile() and not self.is_running():
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:  # noqa: N802 - Qt override
        """A dropped file becomes the file to import (its format is then detected)."""
        urls = event.mimeData().urls()
        if urls and urls[0].isLocalFile() and not self.is_running():
            self.path_edit.setText(urls[0].toLocalFile())
            event.acceptProposedAction()

    def _detect(self) -> None:
        """Detect the chosen file's format in a worker thread; show it next to Format."""
        text = self.path_edit.text().strip()
        self.texts.bind(self.detected_label.setText, str)
        if not text:
            return
        path = Path(text).expanduser()

        async def run() -> None:
            try:
                fmt = await self._runner.run_in_thread(detect_file_format, path)
            except ImportFailed:
                return
            if self.path_edit.text().strip() != text:
                return  # another file was chosen meanwhile
            self.texts.bind(self.detected_label.setText, (lambda: fill(QCoreApplication.translate("ImportDialog", "Detected: %1 export"), fmt.label))
                            if fmt else lambda: QCoreApplication.translate("ImportDialog", "Not a format this app reads"))

        self._runner.run("detect-import-format", run(), context="Import", quiet=True)

    def _on_path_changed(self) -> None:
        """A new file or assistant after an import: offer Import again and drop the
        previous result, which no longer describes what is in the fields."""
        if not self.is_running() and self.import_button.isHidden():
            self.import_button.show()
            self.progress.hide()
            self._show("")
            self._cancel_text(CANCEL)
            self._end_state(None)
        self._sync()

    def _sync(self) -> None:
        running = self.is_running()
        self.import_button.setEnabled(
            not running and bool(self.path_edit.text().strip()) and self.assistant_combo.count() > 0
        )
        self.path_edit.setEnabled(not running)
        self.browse_button.setEnabled(not running)
        self.assistant_combo.setEnabled(not running)
        self.format_combo.setEnabled(not running)

    def is_running(self) -> bool:
        """True while the import task runs."""
        return self.task is not None and not self.task.done()

    def browse(self) -> None:
        """Choose the file with a file dialog."""
        path, _ = QFileDialog.getOpenFileName(self, QCoreApplication.translate("ImportDialog", "Chat history export"), self.path_edit.text(), file_filter())
        if path:
            self.path_edit.setText(path)

    def start(self) -> None:
        """Start the import in a worker thread (no-op while one runs)."""
        if self.is_running():
            return
        path = Path(self.path_edit.text().strip()).expanduser()
        assistant_id = self.assistant_combo.currentData()
        if assistant_id is None:
            self._show(lambda: QCoreApplication.translate("ImportDialog", "Create an assistant first."), error=True)
            return
        self._cancel = threading.Event()
        self.progress.setValue(0)
        self._format(lambda: QCoreApplication.translate("ImportDialog", "Starting…"))
        self.progress.show()
        self._show("")
        self._cancel_text(CANCEL)
        self.task = self._runner.run("import-chats", self._run(int(assistant_id), path, self._cancel),
                                     context=QCoreApplication.translate("ImportDialog", "Import failed"))
        self._sync()

    async def _run(self, assistant_id: int, path: Path, cancel: threading.Event) -> ImportResult:
        job = functools.partial(
            self._svc.import_chats, assistant_id, path, self.format_combo.currentData(),
            progress=self.progressed.emit, cancel=cancel,
        )
        try:
            result = await self._runner.run_in_thread(job)
        except ImportCancelled:
            self._show(lambda: QCoreApplication.translate("ImportDialog", "Import cancelled; nothing was imported."))
            self.progress.hide()
            self._finish()
            return ImportResult(0, 0, 0)
        except ImportFailed as exc:
            why = exc.why  # typed: said in the interface language, again on a switch (issue 27)
            self._show((lambda: said(why)) if why is not None else str(exc), error=True)
            self.progress.hide()
            self._finish()
            return ImportResult(0, 0, 0)
        except asyncio.CancelledError:
            cancel.set()
            raise
        self.progress.hide()  # the summary line says it ended (walk50 #8)
        self.result_message = result_text(result)
        memory = result.format_name == "claude" and await self._runner.run_in_thread(has_claude_memory, path)

        def result_line() -> str:
            note = QCoreApplication.translate("ImportDialog", " This export also holds what Claude remembers about you: Assistant → Memory… → Import from "
                       "another assistant… → From a Claude export zip… offers it as entries.") if memory else ""
            return fill(QCoreApplication.translate("ImportDialog", "%1.%2", "the result, a note"), result_text(result), note)
        self._show(result_line)
        self._finish(done=True)
        self._end_state((assistant_id, result.topic_ids[0]) if result.topic_ids else None)
        self.imported.emit(assistant_id, result)
        return result

    def _end_state(self, opens: tuple[int, int] | None) -> None:
        """After an import: the summary's icon, and Open topic as the primary, default
        button when ``opens`` (assistant, topic) is set, else Close; ``None`` before
        one (a new file or assistant) hides both marks (walk50 #8)."""
        done = self.import_button.isHidden()
        self._opens = opens
        self.status_icon.setVisible(done)
        self.open_button.setVisible(opens is not None)
        primary = self.open_button if opens is not None else self.cancel_button if done else None
        for button in (self.open_button, self.cancel_button, self.import_button):
            button.setProperty("primary", button is primary)
            button.setDefault(button is primary)
            button.style().unpolish(button)
            button.style().polish(button)

    def _open_topic(self) -> None:
        """Open topic: ask the window to show the first imported topic, and close."""
        if self._opens is not None:
            self.open_topic.emit(*self._opens)
            self.accept()

    def _finish(self, done: bool = False) -> None:
        self._cancel_text(CLOSE)
        self.cancel_button.setEnabled(True)
        if done:
            self.import_button.hide()
        self.task = None
        self._sync()

    def _on_progress(self, p: ImportProgress) -> None:
        if self.task is None:
            return
        self.progress.setValue(int(p.fraction * 1000))
        self._format(functools.partial(progress_text, p))

    def _show(self, text: str | Callable[[], str], *, error: bool = False) -> None:
        """The status line: a fixed text (the importer's own words) or a maker re-said on
        a language switch."""
        set_tone(self.status_label, Tone.ERROR if error else Tone.NORMAL)
        self.texts.bind(self.status_label.setText, text if callable(text) else functools.partial(str, text))

    def _format(self, make: Callable[[], str]) -> None:
        self.texts.bind(self.progress.setFormat, make)

    def _cancel_text(self, source: str) -> None:
        self.texts.bind(self.cancel_button.setText, functools.partial(_tr, source))

    def cancel_or_close(self) -> None:
        """While running: ask the importer to stop (it rolls back). Otherwise close."""
        if self.is_running() and self._cancel is not None:
            self._cancel.set()
            self._format(lambda: QCoreApplication.translate("ImportDialog", "Cancelling…"))
            self.cancel_button.setEnabled(False)
            return
        self.cancel_button.setEnabled(True)
        self.reject()

    def reject(self) -> None:
        """Closing the window cancels a running import."""
        if self.is_running() and self._cancel is not None:
            self._cancel.set()
            self._format(lambda: QCoreApplication.translate("ImportDialog", "Cancelling…"))
            return
        super().reject()
