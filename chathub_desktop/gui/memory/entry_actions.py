"""The fixed-memory page's entry actions (MEM-2, MEM-7, issues 10 and 18): add, edit in
place (with the version token of the document shown), delete, mark trusted, pause and
copy one entry. Mixed into :class:`~chathub_desktop.gui.memory.fixed_page.MemoryPage`;
every write is a ``services.memory`` call on the page's worker."""

from __future__ import annotations

from PySide6.QtGui import (
    QGuiApplication,
)
from PySide6.QtWidgets import (
    QInputDialog,
    QLineEdit,
)

from chathub_desktop.gui import confirm
from chathub_desktop.services.errors import StaleDocument
from chathub_desktop.services.memory_service import MemoryEntryView

#: Added to the refusal of an entry edit: the editor is opened again with the user's text.
ENTRY_STALE_HINT = ("The list shows the newer memory now and your text is back in the editor: Enter "
                    "saves it, Esc drops it.")
#: A worker's answer meaning "refused as stale" (so the GUI thread can keep the text).
_STALE = object()


class EntryActions:
    """The entry actions of the Memory page (mixed into ``MemoryPage``; uses its
    ``svc``, ``ops``, ``list``, ``model`` and status helpers)."""

    def add_memory(self) -> QInputDialog:
        """Add memory (Ctrl+N): a small non-blocking input dialog; returns it."""
        dlg = QInputDialog(self)
        dlg.setObjectName("addMemoryDialog")
        dlg.setWindowTitle("Add memory")
        dlg.setLabelText("New fixed-memory entry (one line; it is added at the end):")
        dlg.setInputMode(QInputDialog.InputMode.TextInput)
        dlg.setOkButtonText("Add")
        dlg.resize(520, dlg.sizeHint().height())
        dlg.textValueSelected.connect(self.add_entry)
        self._add_dialog = dlg
        dlg.open()
        return dlg

    def add_entry(self, text: str) -> bool:
        """Append ``text`` as an owner entry and select it; False when nothing started."""
        if not text.strip():
            return False

        def done(view: object) -> None:
            assert isinstance(view, MemoryEntryView)
            self._select_number = view.number
            self.show_status(f"Added #{view.number}")
            self.schedule_reload()

        return self.ops.start("Add memory", lambda: self.svc.memory.add(self.assistant_id, text), done)

    def edit_current(self) -> None:
        """Open the in-place editor on the selected card (Enter, double-click; Esc cancels)."""
        idx = self.list.currentIndex()
        if idx.isValid():
            self.list.setFocus()
            self.list.edit(idx)

    def _edit_entry(self, number: int, text: str) -> MemoryEntryView | None:
        """Store an in-place edit made on the document of ``self._version``; returns the
        card to show meanwhile (None: not started). Refused as stale, the list is reloaded
        and the editor opens again with the user's text (issue 10)."""
        old = next((v for v in self.model.entries() if v.number == number), None)
        if old is None:
            return None
        version = self._version

        def write() -> object:
            try:
                return self.svc.memory.edit(self.assistant_id, number, text, version=version,
                                            expected_text=old.text)
            except StaleDocument as exc:
                return (_STALE, str(exc))

        def done(view: object) -> None:
            if isinstance(view, tuple) and view[0] is _STALE:
                self.show_error(f"Edit #{number}: {view[1]}. {ENTRY_STALE_HINT}")
                self._reopen = (number, old.text, text)
                self.schedule_reload()
                return
            assert isinstance(view, MemoryEntryView)
            self._select_number = view.number
            self.show_status(f"Saved #{view.number}")
            self.schedule_reload()

        if not self.ops.start(f"Edit #{number}", write, done, self.schedule_reload):
            return None
        return MemoryEntryView(number, " ".join(text.split()), "owner", True)

    def _reopen_editor(self, number: int, old_text: str, text: str) -> None:
        """After a refused edit: open the editor on that card (found by the text it had,
        else its number) holding the user's ``text`` again."""
        self._reopen = None
        views = self.model.entries()
        found = next((v.number for v in views if v.text == old_text), number)
        row = self.model.row_of(found)
        if row is None:
            return
        self.model.ensure_row(row)
        idx = self.model.index(row)
        self.list.setCurrentIndex(idx)
        self.list.setFocus()
        self.list.edit(idx)
        editor = self.list.findChild(QLineEdit, "memoryCardEditor")
        if editor is not None:
            editor.setText(text)

    def delete_current(self) -> None:
        """Delete the selected card after confirmation (Del); later entries renumber."""
        e = self.current_entry()
        if e is None:
            return
        preview = e.text if len(e.text) <= 120 else e.text[:120] + "…"
        if not confirm.ask(self, "Delete memory",
                           f"Delete #{e.number}: “{preview}”?\nThe entries after it are renumbered."):
            return

        def done(_r: object) -> None:
            # the card that moves up into this row is selected after the reload
            self.show_status(f"Deleted #{e.number}")
            self.schedule_reload()

        self.ops.start(f"Delete #{e.number}", lambda: self.svc.memory.delete(
            self.assistant_id, e.number, expected_text=e.text), done)

    def mark_current_trusted(self) -> None:
        """Clear the untrusted mark of the selected card (MEM-7)."""
        e = self.current_entry()
        if e is None or e.trusted:
            return

        def done(view: object) -> None:
            assert isinstance(view, MemoryEntryView)
            self._select_number = view.number
            self.show_status(f"#{view.number} is trusted now")
            self.schedule_reload()

        self.ops.start(f"Mark #{e.number} trusted", lambda: self.svc.memory.clear_untrusted(
            self.assistant_id, e.number, expected_text=e.text), done)

    def toggle_pause_current(self) -> None:
        """Pause the selected entry, or resume it when paused (issue 18)."""
        e = self.current_entry()
        if e is None:
            return

        def done(view: object) -> None:
            assert isinstance(view, MemoryEntryView)
            self._select_number = view.number
            self.show_status(f"#{view.number} is {'paused: kept, not sent' if view.paused else 'sent again'}")
            self.schedule_reload()

        self.ops.start(f"Pause #{e.number}", lambda: self.svc.memory.set_paused(
            self.assistant_id, e.number, not e.paused, expected_text=e.text), done)

    def _copy_entry(self) -> None:
        e = self.current_entry()
        if e is not None:
            QGuiApplication.clipboard().setText(e.text)
            self.show_status(f"Copied #{e.number}")
