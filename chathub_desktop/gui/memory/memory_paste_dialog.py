"""Memory page → "Import from another assistant…" (issue 15; MEM-2, MEM-7, REF-16).

The user asks ChatGPT or Claude "what do you remember about me" (or copies its saved
memories) and pastes the answer. It is split into one fact per entry
(:func:`chathub_desktop.core.memory_paste.split_facts`), shown with a checkbox each in the
list a Merge shows (:class:`~chathub_desktop.gui.memory.change_rows.ChangeRows`, walk55 #3);
facts already in memory (exactly, nearly — REF-16 — or covered by an entry that says more),
or repeating an earlier fact of the paste, are marked with what they repeat (a paused
entry said paused) and left unticked (an exact one cannot be ticked). Add
appends the ticked ones as owner entries in one write, the source noted in their
provenance (:meth:`~chathub_desktop.services.memory.memory_service.MemoryService.add_many`).
"From a Claude export zip…" fills the box with the memory a Claude.ai export holds
(:mod:`chathub_desktop.services.transfer.claude_memory`).
Store reads, splitting and the write run in worker threads, never on the GUI thread.

:func:`attach_paste_import` puts the action next to a memory page's Import… button.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QLocale, QSize, QTimer, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from chathub_desktop.core import dynamic_memory as dm
from chathub_desktop.core.memory_paste import PastedFact, mark_duplicates, split_facts
from chathub_desktop.gui.design import set_tone
from chathub_desktop.gui.design.tokens import Tone
from chathub_desktop.gui.memory.change_rows import ChangeRows, PreviewChoice
from chathub_desktop.gui.shell.i18n import QT_TRANSLATE_NOOP, Texts, fill
from chathub_desktop.gui.shell.screen_room import fitted_to_screen
from chathub_desktop.gui.shell.service_reasons import said_error
from chathub_desktop.gui.shell.task_runner import TaskRunner
from chathub_desktop.services.container import Services
from chathub_desktop.services.errors import InvalidInput
from chathub_desktop.services.transfer.claude_memory import read_claude_memory

translate = QCoreApplication.translate
#: The sources offered (the last is translated where shown: it is the user's words then).
SOURCES = ("ChatGPT", "Claude", "Gemini", QT_TRANSLATE_NOOP("MemoryPaste", "Another assistant"))
ASK = QT_TRANSLATE_NOOP("MemoryPaste", "Ask the other assistant “What do you remember about me?” (or copy its saved "
                                       "memories) and paste its answer here. Each fact becomes one memory entry.")


def _title(ticked: int, facts: int) -> str:
    """The facts' group title, counting the ticks (walk55 #4)."""
    return fill(translate("MemoryPaste", "Pasted: ticked facts are added (%1 of %2)"), QLocale().toString(ticked),
                QLocale().toString(facts))


class PasteMemoryDialog(QDialog):
    """Paste, preview with checkboxes, add the ticked facts. ``added(int)``: how many
    entries were added."""

    added = Signal(int)

    def __init__(self, services: Services, runner: TaskRunner, assistant_id: int,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.texts = t = Texts(self)  # re-said while open (issue 27)
        t.bind(self.setWindowTitle, lambda: translate("MemoryPaste", "Import memory from another assistant"))
        self.resize(fitted_to_screen(QSize(640, 520), self))  # a small screen too (issue 29)
        self._svc = services
        self._runner = runner
        self._aid = assistant_id
        self._fixed: list[str] | None = None
        self._paused: frozenset[int] = frozenset()  # numbers of the paused fixed entries
        self._cards: list[dm.Card] = []
        self.facts: list[PastedFact] = []
        #: The Claude export zip the pasted text was read from, if any (issue 15).
        self.source_file: str | None = None
        layout = QVBoxLayout(self)
        intro = QLabel()
        t.bind(intro.setText, lambda: translate("MemoryPaste", ASK))
        intro.setWordWrap(True)
        layout.addWidget(intro)
        row = QHBoxLayout()
        source_label = QLabel()
        t.bind(source_label.setText, lambda: translate("MemoryPaste", "&From:"))
        self.source_combo = QComboBox()
        self.source_combo.setEditable(True)
        self.source_combo.addItems([*SOURCES[:-1], translate("MemoryPaste", SOURCES[-1])])
        t.bind(functools.partial(self.source_combo.setItemText, len(SOURCES) - 1),
               lambda: translate("MemoryPaste", SOURCES[-1]))
        t.bind(self.source_combo.setToolTip, lambda: translate("MemoryPaste", "Noted in the provenance of every "
                                                                              "entry added"))
        source_label.setBuddy(self.source_combo)
        row.addWidget(source_label)
        row.addWidget(self.source_combo, 1)
        self.claude_button = QPushButton()
        t.bind(self.claude_button.setText, lambda: translate("MemoryPaste", "From a Claude export &zip…"))
        t.bind(self.claude_button.setToolTip, lambda: translate(
            "MemoryPaste", "Read what Claude remembers (memories.json, with each project's memory) from the Claude.ai "
                           "data export zip into the box below"))
        self.claude_button.clicked.connect(self.choose_claude_zip)
        row.addWidget(self.claude_button)
        layout.addLayout(row)
        self.paste_edit = QPlainTextEdit()
        t.bind(self.paste_edit.setPlaceholderText, lambda: translate("MemoryPaste", "Paste the answer here…"))
        t.bind(self.paste_edit.setAccessibleName, lambda: translate("MemoryPaste", "Pasted memory"))
        layout.addWidget(self.paste_edit, 2)
        #: What a Claude export zip held, when it held nothing or was refused.
        self.summary_label = QLabel()
        self.summary_label.setWordWrap(True)
        self.summary_label.hide()
        layout.addWidget(self.summary_label)
        #: The facts, as a Merge lists a file's entries (walk55 #3).
        self.fact_list = ChangeRows()
        self.fact_list.setObjectName("pastedFacts")
        t.bind(self.fact_list.setAccessibleName, lambda: translate("MemoryPaste", "Facts to add"))
        t.bind(self.fact_list.setToolTip, lambda: translate("MemoryPaste", "Untick what should not become a memory "
                                                                           "entry"))
        layout.addWidget(self.fact_list, 3)
        foot = QHBoxLayout()
        #: Why Add is off while there are facts (walk55 #4).
        self.add_note = QLabel()
        self.add_note.setObjectName("pasteAddNote")
        set_tone(self.add_note, Tone.MUTED)
        self.add_note.hide()
        foot.addWidget(self.add_note, 1)
        self.buttons = QDialogButtonBox()
        self.add_button = self.buttons.addButton(translate("MemoryPaste", "&Add"), QDialogButtonBox.ButtonRole.AcceptRole)
        t.bind(self.add_button.setToolTip, lambda: translate("MemoryPaste", "Add the ticked facts as entries at the "
                                                                            "end of the fixed memory"))
        self.buttons.addButton(QDialogButtonBox.StandardButton.Cancel)
        self.buttons.rejected.connect(self.reject)
        self.add_button.clicked.connect(self.add_checked)
        foot.addWidget(self.buttons)
        layout.addLayout(foot)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(250)
        self._timer.timeout.connect(self.refresh)
        self.paste_edit.textChanged.connect(self._timer.start)
        self.fact_list.ticks_changed.connect(lambda _n: self._sync())
        t.call(self._say_facts)  # each fact's note and the counts, again after a switch
        self._runner.run("paste-memory-load", self._load(), context="Import memory", quiet=True)

    async def _load(self) -> None:
        """Read the fixed entries (which are paused) and dream cards once (worker thread)."""
        def read() -> tuple[list[str], frozenset[int], list[dm.Card]]:
            entries = self._svc.memory.entry_views(self._aid)
            paused = frozenset(e.number for e in entries if e.paused)
            return [e.text for e in entries], paused, dm.parse_document(self._svc.dreams.document(self._aid))

        self._fixed, self._paused, self._cards = await self._runner.run_in_thread(read)
        if self.paste_edit.toPlainText().strip():
            self.refresh()

    def refresh(self) -> None:
        """Split the pasted text and mark duplicates (worker thread); fill the list."""
        text = self.paste_edit.toPlainText()
        fixed, cards, paused = list(self._fixed or []), list(self._cards), self._paused

        async def run() -> None:
            facts = await self._runner.run_in_thread(lambda: mark_duplicates(split_facts(text), fixed, cards, paused))
            if self.paste_edit.toPlainText() == text:
                self.show_facts(facts)

        self._runner.run("paste-memory-split", run(), context="Import memory", quiet=True)

    def show_facts(self, facts: Sequence[PastedFact]) -> None:
        """Fill the list: one checkable row per fact, a repeat unticked with the entry it
        repeats named (an exact one cannot be ticked), as a Merge lists a file's entries."""
        self.facts = list(facts)
        self.fact_list.clear_rows()
        if self.facts:
            self.fact_list.set_choices([PreviewChoice(f.text, f.repeats, f.repeats is None) for f in self.facts],
                                       None, _title)
        self._sync()

    def _say_facts(self) -> None:
        """Each fact's row (its "already in memory" note), the title and Add's note, in the interface language."""
        self.fact_list.resay_choices()
        self._sync()

    def checked_texts(self) -> list[str]:
        """The ticked facts, in order."""
        return [f.text for f, on in zip(self.facts, self.fact_list.ticks, strict=False) if on]

    def _sync(self) -> None:
        n = len(self.checked_texts())
        self.add_button.setText(translate("MemoryPaste", "&Add %n entry(ies)", None, n) if n
                                else translate("MemoryPaste", "&Add"))
        self.add_button.setEnabled(n > 0)
        note = ""
        if self.facts and not n:
            note = (translate("MemoryPaste", "Tick a fact to add it")
                    if any(f.repeats is None or not f.repeats.exact for f in self.facts)
                    else translate("MemoryPaste", "Nothing to add: each fact is already in memory"))
        self.add_note.setText(note)
        self.add_note.setVisible(bool(note))

    def choose_claude_zip(self) -> None:
        """Pick a Claude export zip; its memory fills the paste box."""
        path, _ = QFileDialog.getOpenFileName(self, translate("MemoryPaste", "Claude data export"), "",
                                              translate("MemoryPaste", "Claude export (*.zip);;All files (*)"))
        if path:
            self.load_claude_zip(Path(path))

    def load_claude_zip(self, path: Path) -> None:
        """Read the memory of the Claude export at ``path`` (worker thread) into the box;
        the source becomes Claude. A zip without memory or unreadable says so."""
        async def run() -> None:
            try:
                text = await self._runner.run_in_thread(read_claude_memory, path)
            except InvalidInput as exc:
                self._say_zip(said_error(exc))
                return
            if not text:
                self._say_zip(fill(translate("MemoryPaste", "%1 holds no memories.json: nothing Claude remembered"),
                                   path.name))
                return
            self._say_zip("")
            self.source_combo.setCurrentText("Claude")
            self.paste_edit.setPlainText(text)
            self.source_file = path.name  # noted with the entries (issue 15)

        self._runner.run("paste-memory-claude", run(), context="Import memory", quiet=True)

    def _say_zip(self, text: str) -> None:
        self.summary_label.setText(text)
        self.summary_label.setVisible(bool(text))

    def add_checked(self) -> None:
        """Add the ticked facts as owner entries (one write, worker thread), then close."""
        texts = self.checked_texts()
        if not texts:
            return
        source = self.source_combo.currentText().strip() or translate("MemoryPaste", SOURCES[-1])
        file = self.source_file if source == "Claude" else None  # the zip the text came from
        self.add_button.setEnabled(False)

        async def run() -> None:
            views = await self._runner.run_in_thread(
                lambda: self._svc.memory.add_many(self._aid, texts, source=source, file=file))
            self.added.emit(len(views))
            self.accept()

        self._runner.run("paste-memory-add", run(), context="Import memory")
