"""The fixed-memory page's raw Markdown editor (MEM-3, issues 10, 18 and 30): the whole
document in one editor, saved with the version token it was opened with (a newer
document is refused, the text stays and Reload is offered); a save that removes
entries first shows what goes. While the memory changed elsewhere since it opened, Save
is off (saving would overwrite that change) and Reload shows the newer document with the
user's text kept beside it to copy from (:mod:`.raw_aside`; walk57 #7). Beside it, what saving gives as the page will show it —
numbered cards with their marks, notes, the lines that will not be what they look like
marked — following the lines in view and the cursor (:mod:`.raw_preview_view`; walk56 #6).
Ctrl+S saves from anywhere in it; Esc (the page's) leaves it. A component of
:class:`~chathub_desktop.gui.memory.fixed_page.MemoryPage`, given the page as a
:class:`~chathub_desktop.gui.memory.host.FixedMemoryHost`; it says ``opened`` and
``closed`` and the page shows it, given the page's height (:mod:`.raw_room`), or the cards."""

from __future__ import annotations

from PySide6.QtCore import (
    QCoreApplication,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import (
    QFont,
)
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from chathub_desktop.gui.design import Space, Tone, TypeScale, set_text_size, set_tone
from chathub_desktop.gui.dialogs import confirm
from chathub_desktop.gui.memory import change_preview
from chathub_desktop.gui.memory.card_delegate import CARD_MARGIN_X, CARD_PAD
from chathub_desktop.gui.memory.change_preview import PreviewOption
from chathub_desktop.gui.memory.host import FixedMemoryHost
from chathub_desktop.gui.memory.page_common import description, save_shortcut
from chathub_desktop.gui.memory.raw_aside import RawAside
from chathub_desktop.gui.memory.raw_preview import EntryMarks, RawPreview, build_preview, marks_of
from chathub_desktop.gui.memory.raw_preview_view import PreviewFollow, RawPreviewModel, preview_view
from chathub_desktop.gui.shell.i18n import QT_TRANSLATE_NOOP, Texts, fill
from chathub_desktop.services.memory.memory_preview import ChangePreview
from chathub_desktop.services.memory.memory_service import FixedMemorySnapshot

translate = QCoreApplication.translate

RAW_EDIT_HELP = QT_TRANSLATE_NOOP("MemoryPage",
    "<p>The whole fixed memory as one Markdown document. Lines <code>#N: text</code> "
    "are entries; any other line (headings, notes, blank lines) is kept exactly as you "
    "type it.</p><p>Save renumbers the entries 1, 2, 3… in document order.</p>"
)

#: The raw editor's notice when the stored document moved on (issue 10).
RAW_STALE_NOTICE = QT_TRANSLATE_NOOP("MemoryPage", "The memory changed in another window or command while you "
                                                   "were editing. Save is off so that change is not overwritten: "
                                                   "Reload shows the newer memory and keeps your text beside it.")
#: The editor's least height in lines (a short window scrolls the page instead).
RAW_MIN_LINES = 8

#: The one line above the editor (its tooltip is :data:`RAW_EDIT_HELP`).
RAW_LINE = QT_TRANSLATE_NOOP("MemoryPage", "Raw document — entries are lines <code>#N: text</code>; other lines are "
                                           "kept as typed.")


class RawEditor(QWidget):
    """The raw view of the fixed memory for ``host`` (see the module docstring)."""

    #: The editor holds a document now (the page shows it).
    opened = Signal()
    #: The editor was left (saved or cancelled; the page shows the cards again).
    closed = Signal()

    def __init__(self, host: FixedMemoryHost, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("rawEditor")
        self._host = host
        self._raw_base: str | None = None  # the document the editor started from
        self._raw_version = ""  # its version token, passed on save (issue 10)
        self._raw_shown = ""  # the editor's raw text right after loading it
        self._raw_crlf = False
        self._marks: dict[str, EntryMarks] = {}  # the stored marks of each entry text (MEM-7)
        self._stale = False  # the stored document moved on: Save is off (walk57 #7)
        self._kept: str | None = None  # the user's text, to keep beside the newer memory once read
        self._busy = False
        self._gives = (0, 0)  # what saving gives: entries, notes (the preview's label)
        self._build()

    def _build(self) -> None:
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(6)
        self.texts = t = Texts(self)
        #: One line on the format; the full help is its tooltip (APP-6, walk29 #14).
        self.raw_description = description(RAW_LINE, RAW_EDIT_HELP, "rawEditHelp", t)
        #: What saving gives, at the row's end over the preview: above the preview alone it
        #: put the preview's frame lower than the editor's (walk55b #18).
        self.preview_label = QLabel()
        self.preview_label.setObjectName("rawPreviewLabel")
        set_tone(self.preview_label, Tone.MUTED)
        set_text_size(self.preview_label, TypeScale.CAPTION)
        head = QHBoxLayout()
        head.setSpacing(Space.LG)
        head.addWidget(self.raw_description, 1)
        head.addWidget(self.preview_label, 0, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignTop)
        lay.addLayout(head)
        self.raw_edit = QPlainTextEdit()
        self.raw_edit.setObjectName("rawEdit")
        t.bind(self.raw_edit.setAccessibleName, lambda: translate("MemoryPage", "Fixed memory document"))
        self.raw_edit.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        self.raw_edit.setTabChangesFocus(False)
        mono = QFont("monospace")
        mono.setStyleHint(QFont.StyleHint.Monospace)
        self.raw_edit.setFont(mono)
        # its text where the preview's cards have theirs, beside it (walk55b #18)
        self.raw_edit.document().setDocumentMargin(CARD_MARGIN_X + CARD_PAD)
        self.raw_edit.setMinimumHeight(RAW_MIN_LINES * self.raw_edit.fontMetrics().lineSpacing())
        # beside it: what saving gives as the page will show it — numbered entries with their
        # marks, notes, marked lines — following the lines in view (issue 30, walk56 #6)
        self.preview_model = RawPreviewModel(self)
        self.preview, self.preview_delegate = preview_view(self.preview_model)
        t.bind(self.preview.setAccessibleName, lambda: translate("MemoryPage", "What saving gives"))
        self.follow = PreviewFollow(self.raw_edit, self.preview, self.preview_model)
        split = QSplitter(Qt.Orientation.Horizontal)
        split.setObjectName("rawSplit")
        split.setChildrenCollapsible(False)
        #: The user's text kept beside the newer memory after Reload, in the preview's place.
        self.aside = RawAside(self.preview, t, mono, CARD_MARGIN_X + CARD_PAD, self)
        self.aside.shown.connect(lambda _on: self._say_gives())
        split.addWidget(self.raw_edit)
        split.addWidget(self.aside.stack)
        for i in range(2):  # halves: the cards wrap in the preview as the text does in the editor
            split.setStretchFactor(i, 1)
        split.setSizes([500, 500])
        lay.addWidget(split, 1)
        self._preview_timer = QTimer(self)
        self._preview_timer.setSingleShot(True)
        self._preview_timer.setInterval(250)  # typing: once it rests
        self._preview_timer.timeout.connect(self._start_preview)
        self._preview_task = f"raw-preview-{id(self)}"
        self.raw_edit.textChanged.connect(self._preview_timer.start)
        self.raw_notice = QLabel()
        self.raw_notice.setObjectName("rawNotice")
        self.raw_notice.setWordWrap(True)
        set_tone(self.raw_notice, Tone.WARNING)
        self.raw_notice.hide()
        lay.addWidget(self.raw_notice)
        brow = QHBoxLayout()
        self.raw_reload_button = QPushButton()
        self.raw_reload_button.setObjectName("rawReloadButton")
        t.bind(self.raw_reload_button.setText, lambda: translate("MemoryPage", "Reload"))
        t.bind(self.raw_reload_button.setToolTip, lambda: translate(
            "MemoryPage", "Show the newer memory in the editor; your text is kept beside it"))
        self.raw_reload_button.clicked.connect(self.reload_raw)
        self.raw_reload_button.setAutoDefault(False)
        self.raw_reload_button.hide()
        brow.addWidget(self.raw_reload_button)
        brow.addWidget(self.aside.button)
        brow.addStretch(1)
        self.cancel_raw_button = QPushButton()
        self.cancel_raw_button.setObjectName("cancelRawButton")
        t.bind(self.cancel_raw_button.setText, lambda: translate("MemoryPage", "Cancel"))
        t.bind(self.cancel_raw_button.setToolTip, lambda: translate("MemoryPage", "Discard the changes in this view"))
        self.cancel_raw_button.clicked.connect(self.cancel_raw)
        self.save_raw_button = QPushButton()
        self.save_raw_button.setObjectName("saveRawButton")
        t.bind(self.save_raw_button.setText, lambda: translate("MemoryPage", "Save"))
        self.save_raw_button.clicked.connect(self.save_raw)
        # Ctrl+S anywhere in the raw view (the preview, the buttons), not only in the editor
        save_shortcut(self, t, lambda: translate("MemoryPage", "Save raw Markdown"), self.save_raw)
        for b in (self.cancel_raw_button, self.save_raw_button):
            b.setAutoDefault(False)
        brow.addWidget(self.cancel_raw_button)
        brow.addWidget(self.save_raw_button)
        lay.addLayout(brow)
        self._sync_save()

    def _start_preview(self) -> None:
        if self.is_open:
            text = self.raw_text()
            self._host.runner.run(self._preview_task, self._preview(text), context="Memory preview", quiet=True)

    async def _preview(self, text: str) -> None:
        marks = self._marks
        preview = await self._host.runner.run_in_thread(build_preview, text, marks)
        if not self.is_open:
            return
        self.preview_model.set_preview(preview)
        self.follow.follow(cursor=True)
        self._gives = (preview.entries, preview.notes)
        self._say_gives()

    def _say_gives(self) -> None:
        """The line over the right-hand side: what saving gives, or whose text is shown."""
        if self.aside.button.isChecked():
            self.texts.bind(self.preview_label.setText, lambda: translate(
                "MemoryPage", "Your text before Reload — read-only, copy what you need"))
            return
        entries, notes = self._gives
        self.texts.bind(self.preview_label.setText, lambda: fill(
            translate("MemoryPage", "Saving gives %1 and keeps %2"),
            translate("MemoryPage", "%Ln entry(ies)", None, entries), translate("MemoryPage", "%Ln note(s)", None, notes)))

    def detach(self) -> None:
        """Stop previewing (the page closes for good)."""
        self._preview_timer.stop()
        self._host.runner.cancel(self._preview_task)

    @property
    def is_open(self) -> bool:
        """True while the editor holds a document."""
        return self._raw_base is not None

    def set_busy(self, busy: bool) -> None:
        """Save and Cancel wait while another change of the page is written."""
        self._busy = busy
        self._sync_save()
        self.cancel_raw_button.setEnabled(not busy)

    def _sync_save(self) -> None:
        """Save is off while a change is written and while the memory changed elsewhere
        (saving would overwrite that change: walk57 #7); its tooltip says which."""
        self.save_raw_button.setEnabled(not self._busy and not self._stale)
        if self._stale:
            self.texts.bind(self.save_raw_button.setToolTip, lambda: translate(
                "MemoryPage", "Off: the memory changed elsewhere. Reload shows it, your text kept beside it"))
        else:
            self.texts.bind(self.save_raw_button.setToolTip, lambda: translate(
                "MemoryPage", "Renumber the entries and save (Ctrl+S); other lines are kept exactly"))

    @property
    def stale(self) -> bool:
        """True while the stored document moved on from the one being edited (Save off)."""
        return self._stale

    def document_changed(self, document: str) -> None:
        """The stored document is ``document`` now: when it moved on from the one being
        edited, say so, turn Save off and offer Reload (issue 10, walk57 #7)."""
        if self._raw_base is not None and document != self._raw_base:
            self._went_stale()

    def _went_stale(self) -> None:
        self._stale = True
        self.texts.bind(self.raw_notice.setText, lambda: translate("MemoryPage", RAW_STALE_NOTICE))
        self.raw_notice.show()
        self.raw_reload_button.show()
        self._sync_save()

    def leave(self) -> None:
        """Leave the raw view, asking first when its text was changed (or a text is kept
        beside it)."""
        if (self.raw_changed() or self.aside.text is not None) and not confirm.ask(
                self, translate("MemoryPage", "Discard changes"),
                translate("MemoryPage", "Discard the changes to the memory document?"),
                translate("MemoryPage", "Discard")):
            return
        self.cancel_raw()

    # raw view (MEM-3)
    def open_raw(self) -> bool:
        """Edit raw: read the whole document (with its version token) on a worker, then
        show it in the raw editor (``opened``). False (nothing started) while a change
        of the page is being written."""
        def read() -> tuple[FixedMemorySnapshot, dict[str, EntryMarks]]:
            snap = self._host.svc.memory.snapshot(self._host.assistant_id)
            return snap, marks_of(snap.entries)

        return self._host.ops.start(translate("MemoryPage", "Edit"), read, self._show_raw)

    def _show_raw(self, read: tuple[FixedMemorySnapshot, dict[str, EntryMarks]]) -> None:
        snap, self._marks = read
        doc = snap.document
        self._raw_base, self._raw_version = doc, snap.version
        self._raw_crlf = "\r\n" in doc and doc.count("\r\n") == doc.count("\n")
        self.preview_model.set_preview(RawPreview())  # not the last visit's rows meanwhile
        self.raw_edit.setPlainText(doc)
        self._raw_shown = self.raw_edit.document().toRawText()
        self._preview_timer.stop()
        self._start_preview()  # at once: no typing to wait for
        self.raw_notice.hide()
        self.raw_reload_button.hide()
        self._stale = False
        self._sync_save()
        if self._kept is not None:  # Reload: the user's text beside the newer memory
            self.aside.keep(self._kept)
            self._kept = None
        self.opened.emit()
        self.raw_edit.setFocus()

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
        cards. A save that removes entries first shows what goes (issue 18; the preview
        is computed on the worker thread). Refused when the memory changed since the
        editor opened (issue 10): the text stays, Save turns off and the notice offers
        Reload (walk57 #7: Save stayed on and refused in red)."""
        if not self.is_open or self._stale:
            return
        text, version = self.raw_text(), self._raw_version

        def checked(preview: object) -> None:
            assert isinstance(preview, ChangePreview)
            if preview.version != version:  # changed elsewhere meanwhile: nothing is written
                if self.is_open and self._raw_version == version:
                    self._went_stale()
                self._host.schedule_reload()
                return
            if not preview.changes.removed:
                QTimer.singleShot(0, lambda: self._write_raw(text, version))
                return
            QTimer.singleShot(0, lambda: self._confirm_raw(text, preview))

        self._host.ops.start(translate("MemoryPage", "Save"), lambda: self._host.svc.previews.raw_save(self._host.assistant_id, text), checked,
                       on_fail=self._host.schedule_reload)

    def _confirm_raw(self, text: str, preview: ChangePreview) -> None:
        n = len(preview.changes.removed)
        save = translate("MemoryPage", "Save")
        if change_preview.ask(self, lambda: translate("MemoryPage", "Save memory"),
                              lambda: translate("MemoryPage", "This save removes %Ln entry(ies):", None, n),
                              [PreviewOption("save", save, change_preview.said_lines(preview), preview.changes)],
                              lambda: translate("MemoryPage", "Save")) is None:
            return  # the editor stays open with the text
        self._write_raw(text, preview.version)

    def _write_raw(self, text: str, version: str) -> None:
        def done(_doc: object) -> None:
            if self.is_open:
                self._close_raw()
            self._host.show_status(translate("MemoryPage", "Saved"))
            self._host.schedule_reload()

        self._host.ops.start(translate("MemoryPage", "Save"), lambda: self._host.svc.memory.save_raw(self._host.assistant_id, text, version=version), done,
                       on_fail=self._host.schedule_reload)

    def reload_raw(self) -> None:
        """Reload: the newer document into the raw editor; a text the user changed is kept
        beside it, read-only, to copy from (walk57 #7: Reload asked to discard it)."""
        if self.raw_changed():
            self._kept = self.raw_text()
        self._host.show_error("")
        if not self.open_raw():
            self._kept = None

    def cancel_raw(self) -> None:
        """Discard the raw view's changes."""
        self._host.show_error("")
        self._close_raw()
        self._host.schedule_reload()

    def _close_raw(self) -> None:
        self._raw_base = None
        self._stale = False
        self._sync_save()
        self.aside.drop()
        self.raw_notice.hide()
        self.raw_reload_button.hide()
        self.closed.emit()
