"""File → Import → ChatGPT export… (APP-5, APP-7).

Pick ``conversations.json`` or the export ``.zip`` and the target assistant, then
Import: the importer runs in a worker thread (never on the GUI thread); its progress
callback emits a Qt signal, which is queued to the GUI thread and shows MB read / total
and conversations done. Cancel sets the importer's cancel event: it rolls back and
writes nothing. Errors (``ImportFailed``) are shown in the dialog.
"""

from __future__ import annotations

import asyncio
import functools
import threading
from pathlib import Path

from PySide6.QtCore import Qt, Signal
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

from chathub_desktop.gui.task_runner import TaskRunner
from chathub_desktop.services.chatgpt_import import (
    ImportCancelled,
    ImportFailed,
    ImportProgress,
    ImportResult,
    import_chatgpt_export,
)
from chathub_desktop.services.container import Services

FILE_FILTER = "ChatGPT export (conversations.json *.zip *.json);;All files (*)"
_MB = 1024 * 1024


def _count(n: int, one: str, many: str) -> str:
    return f"{n:,} {one if n == 1 else many}"


def result_text(result: ImportResult) -> str:
    """``Imported N topics and M messages (K already imported, skipped)``, with singular
    nouns for 1; an export without any conversation says so instead."""
    if not (result.topics_created or result.topics_updated or result.topics_skipped):
        return "The export holds no conversations; nothing was imported"
    text = (f"Imported {_count(result.topics_created, 'topic', 'topics')} and "
            f"{_count(result.messages_imported, 'message', 'messages')}")
    if result.topics_updated:
        text += (f"; {_count(result.topics_updated, 'earlier import', 'earlier imports')} "
                 f"got {'its' if result.topics_updated == 1 else 'their'} new messages")
    if result.topics_skipped:
        text += f" ({result.topics_skipped:,} already imported, skipped)"
    if result.characters_replaced:
        text += f"; {result.replaced_note()}"
    return text


def progress_text(p: ImportProgress) -> str:
    """``12.3 of 100.0 MB read · 42 conversations``."""
    return (f"{p.bytes_read / _MB:,.1f} of {p.total_bytes / _MB:,.1f} MB read · "
            f"{p.conversations_done:,} conversations")


class ImportDialog(QDialog):
    """The import window. ``services``, ``runner`` (runs the import task), and the
    preselected ``assistant_id``. ``imported(assistant_id, ImportResult)`` on success."""

    imported = Signal(int, object)
    progressed = Signal(object)  # ImportProgress, emitted from the worker thread (queued)

    def __init__(self, services: Services, runner: TaskRunner, assistant_id: int | None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Import ChatGPT export")
        self.resize(560, 260)
        self._svc = services
        self._runner = runner
        self._cancel: threading.Event | None = None
        self.task: asyncio.Task[ImportResult] | None = None
        self.result_message = ""
        layout = QVBoxLayout(self)
        intro = QLabel("Each ChatGPT conversation becomes a topic of the chosen assistant "
                       "(the branch you last viewed). Importing the same export again skips "
                       "conversations already imported.")
        intro.setWordWrap(True)
        layout.addWidget(intro)
        form = QFormLayout()
        row = QHBoxLayout()
        self.path_edit = QLineEdit()
        self.path_edit.setPlaceholderText("conversations.json or the export .zip")
        self.path_edit.setToolTip("ChatGPT → Settings → Data controls → Export data sends you a zip; "
                                  "pick it, or the conversations.json inside it.")
        self.browse_button = QPushButton("&Browse…")
        self.browse_button.setToolTip("Choose the export file")
        self.browse_button.clicked.connect(self.browse)
        row.addWidget(self.path_edit, 1)
        row.addWidget(self.browse_button)
        file_label = QLabel("&File:")
        file_label.setBuddy(self.path_edit)
        form.addRow(file_label, row)
        arow = QHBoxLayout()
        self.assistant_combo = QComboBox()
        for a in services.assistants.list():
            self.assistant_combo.addItem(a.name, a.id)
        if assistant_id is not None:
            self.assistant_combo.setCurrentIndex(max(0, self.assistant_combo.findData(assistant_id)))
        help_button = QToolButton()
        help_button.setText("?")
        help_button.setAutoRaise(True)
        help_button.setToolTip("Imported conversations become topics of this assistant; its "
                               "instructions and memory apply when you continue them.")
        arow.addWidget(self.assistant_combo, 1)
        arow.addWidget(help_button)
        assistant_label = QLabel("&Into assistant:")
        assistant_label.setBuddy(self.assistant_combo)
        form.addRow(assistant_label, arow)
        layout.addLayout(form)
        self.progress = QProgressBar()
        self.progress.setRange(0, 1000)
        self.progress.setValue(0)
        self.progress.setTextVisible(True)
        self.progress.hide()
        layout.addWidget(self.progress)
        self.status_label = QLabel()
        self.status_label.setWordWrap(True)
        self.status_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout.addWidget(self.status_label)
        layout.addStretch(1)
        self.buttons = QDialogButtonBox()
        self.import_button = self.buttons.addButton("&Import", QDialogButtonBox.ButtonRole.AcceptRole)
        self.import_button.setToolTip("Start importing (you can cancel; nothing is written until it completes)")
        self.cancel_button = self.buttons.addButton(QDialogButtonBox.StandardButton.Cancel)
        self.cancel_button.setToolTip("Stop the import; nothing is written")
        self.import_button.clicked.connect(self.start)
        self.cancel_button.clicked.connect(self.cancel_or_close)
        layout.addWidget(self.buttons)
        self.progressed.connect(self._on_progress, Qt.ConnectionType.QueuedConnection)
        self.path_edit.textChanged.connect(self._on_path_changed)
        self.assistant_combo.currentIndexChanged.connect(self._on_path_changed)
        self._sync()

    def _on_path_changed(self) -> None:
        """A new file or assistant after an import: offer Import again and drop the
        previous result, which no longer describes what is in the fields."""
        if not self.is_running() and self.import_button.isHidden():
            self.import_button.show()
            self.progress.hide()
            self._show("")
            self.cancel_button.setText("Cancel")
        self._sync()

    def _sync(self) -> None:
        running = self.is_running()
        self.import_button.setEnabled(
            not running and bool(self.path_edit.text().strip()) and self.assistant_combo.count() > 0
        )
        self.path_edit.setEnabled(not running)
        self.browse_button.setEnabled(not running)
        self.assistant_combo.setEnabled(not running)

    def is_running(self) -> bool:
        """True while the import task runs."""
        return self.task is not None and not self.task.done()

    def browse(self) -> None:
        """Choose the file with a file dialog."""
        path, _ = QFileDialog.getOpenFileName(self, "ChatGPT export", self.path_edit.text(), FILE_FILTER)
        if path:
            self.path_edit.setText(path)

    def start(self) -> None:
        """Start the import in a worker thread (no-op while one runs)."""
        if self.is_running():
            return
        path = Path(self.path_edit.text().strip()).expanduser()
        assistant_id = self.assistant_combo.currentData()
        if assistant_id is None:
            self._show("Create an assistant first.", error=True)
            return
        self._cancel = threading.Event()
        self.progress.setValue(0)
        self.progress.setFormat("Starting…")
        self.progress.show()
        self._show("")
        self.cancel_button.setText("Cancel")
        self.task = self._runner.run("import-chatgpt", self._run(int(assistant_id), path, self._cancel),
                                     context="Import failed")
        self._sync()

    async def _run(self, assistant_id: int, path: Path, cancel: threading.Event) -> ImportResult:
        job = functools.partial(
            import_chatgpt_export, self._svc.db, assistant_id, path,
            progress=self.progressed.emit, cancel=cancel,
        )
        try:
            result = await self._runner.run_in_thread(job)
        except ImportCancelled as exc:
            self._show(str(exc) or "Import cancelled; nothing was imported.")
            self.progress.hide()
            self._finish()
            return ImportResult(0, 0, 0)
        except ImportFailed as exc:
            self._show(str(exc), error=True)
            self.progress.hide()
            self._finish()
            return ImportResult(0, 0, 0)
        except asyncio.CancelledError:
            cancel.set()
            raise
        self.progress.setValue(1000)
        self.progress.setFormat("Done")
        self.result_message = result_text(result)
        self._show(self.result_message + ".")
        self._finish(done=True)
        self.imported.emit(assistant_id, result)
        return result

    def _finish(self, done: bool = False) -> None:
        self.cancel_button.setText("Close")
        self.cancel_button.setEnabled(True)
        if done:
            self.import_button.hide()
        self.task = None
        self._sync()

    def _on_progress(self, p: ImportProgress) -> None:
        if self.task is None:
            return
        self.progress.setValue(int(p.fraction * 1000))
        self.progress.setFormat(progress_text(p))

    def _show(self, text: str, *, error: bool = False) -> None:
        self.status_label.setStyleSheet("color: #c0262d;" if error else "")
        self.status_label.setText(text)

    def cancel_or_close(self) -> None:
        """While running: ask the importer to stop (it rolls back). Otherwise close."""
        if self.is_running() and self._cancel is not None:
            self._cancel.set()
            self.progress.setFormat("Cancelling…")
            self.cancel_button.setEnabled(False)
            return
        self.cancel_button.setEnabled(True)
        self.reject()

    def reject(self) -> None:
        """Closing the window cancels a running import."""
        if self.is_running() and self._cancel is not None:
            self._cancel.set()
            self.progress.setFormat("Cancelling…")
            return
        super().reject()
