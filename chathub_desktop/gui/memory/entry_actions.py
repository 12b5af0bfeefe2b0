"""The fixed-memory page's entry actions (MEM-2, MEM-7, issues 10, 18 and 30): add, edit in
place (with the version token of the document shown), delete, mark trusted, pause and
copy one entry; Add is an inline multi-line editor at the top of the list that stays open for
the next entry (walk56 #16: five facts were five Ctrl+N). When the entry being edited
changes elsewhere — seen by a read while the editor is open, or by a refused save — the
editor says so at once above the user's draft, quoting the newer text, and Enter (Keep
mine) saves the draft over it only then, with a fresh version check; an entry deleted
elsewhere is offered back as a new entry (walk57 #2). A component of :class:`~chathub_desktop.gui.memory.fixed_page.MemoryPage`,
given the page as a :class:`~chathub_desktop.gui.memory.host.FixedListHost` and its card
list; every write is a ``services.memory`` call on the page's worker."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication, QLocale, QObject, Qt
from PySide6.QtGui import (
    QAction,
    QGuiApplication,
    QKeySequence,
    QTextCursor,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QListView,
    QWidget,
)

from chathub_desktop.core.memory_authors import EntryOrigin
from chathub_desktop.gui.dialogs import confirm
from chathub_desktop.gui.memory.card_editor import ADD_KEYS_HINT, CardTextEdit
from chathub_desktop.gui.memory.card_notice import EditNotice, NoticeKind
from chathub_desktop.gui.memory.edit_conflict import EditBase, Fate, find_entry
from chathub_desktop.gui.memory.entry_model import MemoryEntryModel
from chathub_desktop.gui.memory.host import FixedListHost
from chathub_desktop.gui.shell.i18n import Texts, fill
from chathub_desktop.gui.shell.service_reasons import said_error
from chathub_desktop.services.errors import StaleDocument
from chathub_desktop.services.memory.memory_service import FixedMemorySnapshot, MemoryEntryView

translate = QCoreApplication.translate


@dataclass(frozen=True, slots=True)
class StaleEdit:
    """A worker's answer to an entry edit refused as stale (issue 10): ``reason`` is the
    refusal in the interface language; the GUI thread keeps the user's text."""

    reason: str


class EntryActions(QObject):
    """The entry actions for ``host`` on ``view`` over ``model``; dialogs open over
    ``parent``; ``place_add`` puts the Add editor on the page, ``reveal`` scrolls the page to
    show a widget whole (until the user scrolls). A refused in-place edit is kept (:meth:`reopen_pending` opens it again after
    the reload, saying what changed); a read while an editor is open is shown to it
    (:meth:`newer_read`)."""

    def __init__(self, host: FixedListHost, view: QListView, model: MemoryEntryModel, parent: QWidget,
                 place_add: Callable[[QWidget], None], reveal: Callable[[QWidget], None]) -> None:
        super().__init__(parent)
        self._host = host
        self._parent = parent
        self.list = view
        self.model = model
        self._reopen: tuple[EditBase, str] | None = None  # (what the edit was made on, user's text) after a refusal
        #: What the open in-place editor saves over, once a newer read was shown to it (walk57 #2).
        self._newer: tuple[Fate, EditBase] | None = None
        view.itemDelegate().closeEditor.connect(lambda *_a: self._forget_newer())
        self._place_add = place_add
        self._reveal = reveal
        self._add_editor: CardTextEdit | None = None
        self._add_texts: Texts | None = None  # the Add editor's, made with it
        model.edit_handler = self.edit_entry

    def add_list_actions(self, t: Texts) -> None:
        """The list's actions (its context menu and keys): Edit (Enter), Mark as trusted,
        Copy entry text, Delete (Del) and Pause / resume (Ctrl+P); ``t`` re-says them on a
        language switch (issue 27)."""
        self.edit_action = QAction(self.list)
        t.bind(self.edit_action.setText, lambda: translate("MemoryPage", "&Edit entry"))
        self.edit_action.setShortcuts([QKeySequence("Return"), QKeySequence("Enter")])
        self.edit_action.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
        t.bind(self.edit_action.setToolTip, lambda: translate(
            "MemoryPage", "Edit the selected entry in place (Enter or double-click; Enter saves, Esc cancels)"))
        self.edit_action.triggered.connect(lambda _c=False: self.edit_current())
        self.trust_action = QAction(self.list)
        t.bind(self.trust_action.setText, lambda: translate("MemoryPage", "Mark as &trusted"))
        t.bind(self.trust_action.setToolTip, lambda: translate(
            "MemoryPage", "Clear the untrusted mark of the selected entry"))
        self.trust_action.triggered.connect(lambda _c=False: self.mark_current_trusted())
        self.copy_action = QAction(self.list)
        t.bind(self.copy_action.setText, lambda: translate("MemoryPage", "Copy entry &text"))
        self.copy_action.triggered.connect(lambda _c=False: self.copy_entry())
        self.delete_action = QAction(self.list)
        t.bind(self.delete_action.setText, lambda: translate("MemoryPage", "&Delete entry"))
        self.delete_action.setShortcut(QKeySequence(QKeySequence.StandardKey.Delete))
        self.delete_action.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
        t.bind(self.delete_action.setToolTip, lambda: translate(
            "MemoryPage", "Delete the selected entry; the ones after it renumber (Del)"))
        self.delete_action.triggered.connect(lambda _c=False: self.delete_current())
        self.pause_action = QAction(self.list)
        t.bind(self.pause_action.setText, lambda: translate("MemoryPage", "&Pause / resume entry"))
        self.pause_action.setShortcut(QKeySequence("Ctrl+P"))
        self.pause_action.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
        t.bind(self.pause_action.setToolTip, lambda: translate(
            "MemoryPage", "A paused entry stays here but is not sent to the model and not offered to its memory "
                          "tools (Ctrl+P toggles)"))
        self.pause_action.triggered.connect(lambda _c=False: self.toggle_pause_current())
        for a in (self.edit_action, self.trust_action, self.pause_action, self.copy_action,
                  self.delete_action):
            self.list.addAction(a)

    @property
    def add_editor(self) -> CardTextEdit:
        """The inline Add memory editor, made on first use and handed to ``place_add``
        (the page puts it above the list; not built while the page opens)."""
        if self._add_editor is None:
            ed = CardTextEdit(hint=ADD_KEYS_HINT)
            ed.setObjectName("addMemoryEditor")
            texts = self._add_texts = Texts(ed)
            texts.bind(ed.setAccessibleName, lambda: translate("MemoryPage", "New fixed-memory entry"))
            ed.setFixedHeight(ed.height_for(3))
            ed.notice_resized.connect(lambda: ed.setFixedHeight(ed.height_for(3)))  # an entry deleted elsewhere
            ed.submitted.connect(self._submit_add)
            ed.cancelled.connect(self._cancel_add)
            ed.hide()
            self._place_add(ed)
            self._add_editor = ed
            self._say_added(None)
        return self._add_editor

    @property
    def add_editor_if_made(self) -> CardTextEdit | None:
        """The Add editor when it was made (None before the first Add)."""
        return self._add_editor

    def _say_added(self, number: int | None) -> None:
        """The Add editor's placeholder: what to type, or — after entry ``number`` was added
        with the editor kept open — that the next one goes here too (walk56 #16)."""
        ed, texts = self.add_editor, self._add_texts
        assert texts is not None
        if number is None:
            texts.bind(ed.setPlaceholderText, lambda: translate(
                "MemoryPage", "A new fact, preference or instruction; it is added at the end"))
        else:
            texts.bind(ed.setPlaceholderText, lambda: fill(translate(
                "MemoryPage", "Added #%1. Type the next entry, or press Esc to close."), QLocale().toString(number)))

    def add_memory(self) -> CardTextEdit:
        """Add memory (Ctrl+N): show the inline editor at the top of the list and put the
        cursor in it (Enter adds and keeps it open for the next, Shift+Enter new line, Esc
        closes); returns it."""
        ed = self.add_editor
        ed.show()
        ed.setFocus()
        ed.moveCursor(QTextCursor.MoveOperation.End)  # a refused add's text stays: add to it
        return ed

    def _submit_add(self) -> None:
        """Enter in the Add editor: add its text; once it is stored the editor empties and
        stays open, the cursor in it, for the next entry (walk56 #16) — the added one is
        selected and scrolled to in the list; a refusal keeps the text and shows why. Enter
        in an empty editor closes it."""
        ed = self.add_editor
        text = ed.toPlainText()
        if not text.strip():
            self._cancel_add()
            return

        def added(view: MemoryEntryView) -> None:
            if ed.toPlainText() == text:  # not what was typed on meanwhile
                ed.clear()
                ed.set_notice(None)
            self._say_added(view.number)

        self.add_entry(text, added)

    def _cancel_add(self) -> None:
        """Esc in the Add editor: drop it and return to the list."""
        self.add_editor.clear()
        self.add_editor.set_notice(None)
        self.add_editor.hide()
        self._say_added(None)
        self.list.setFocus()

    def add_entry(self, text: str, then: Callable[[MemoryEntryView], None] | None = None) -> bool:
        """Append ``text`` as an owner entry (line breaks become spaces: an entry is one
        line of the document, REF-1) and select it; ``then(view)`` runs once it is stored.
        False when nothing started."""
        if not text.strip():
            return False

        def done(view: object) -> None:
            assert isinstance(view, MemoryEntryView)
            if then is not None:
                then(view)
            self._host.select_after_load(view.number)
            self._host.show_status(lambda: fill(translate("MemoryPage", "Added #%1"), str(view.number)))
            self._host.schedule_reload()

        return self._host.ops.start(translate("MemoryPage", "Add memory"), lambda: self._host.svc.memory.add(self._host.assistant_id, text), done)

    def edit_current(self) -> None:
        """Open the in-place editor on the selected card (Enter, double-click; Esc cancels);
        on a card whose editor is open, focus that editor (issue 30)."""
        idx = self.list.currentIndex()
        if not idx.isValid():
            return
        open_editor = self.list.indexWidget(idx)
        if isinstance(open_editor, CardTextEdit):  # already open: focus it, keep the draft (walk50b #3)
            open_editor.setFocus()
            return
        self.list.setFocus()
        self.list.edit(idx)

    def _open_editor(self) -> CardTextEdit | None:
        """The in-place editor open on the current card (None when none is)."""
        if self.list.state() != QAbstractItemView.State.EditingState:
            return None
        editor = self.list.indexWidget(self.list.currentIndex())
        return editor if isinstance(editor, CardTextEdit) else None

    def _forget_newer(self) -> None:
        self._newer = None

    def newer_read(self, snap: FixedMemorySnapshot) -> None:
        """A read made while the in-place editor is open (the list waits for it to close):
        when the edited entry changed or went, the editor says so at once above the draft
        (walk57 #2: the walkthrough saw nothing for seconds, then a refusal); the draft's
        next save is made on this read. Nothing happens without an editor."""
        editor = self._open_editor()
        entry = self.model.entry(self.list.currentIndex().row()) if editor is not None else None
        if editor is None or entry is None:
            return
        fate, base = self._newer if self._newer is not None else (Fate.UNCHANGED, None)
        if base is None:
            base = EditBase.of(self._host.version, entry.number, entry.text, self.model.entries())
        if snap.version == base.version or fate is Fate.DELETED:
            return
        found = find_entry(base, snap.entries)
        if found.fate is Fate.DELETED:
            self._newer = (Fate.DELETED, base)
            editor.set_notice(EditNotice(NoticeKind.ENTRY_DELETED, f"#{base.number}"))
            return
        # an entry unchanged stays as it was shown (a notice of an earlier change with it)
        self._newer = (found.fate if fate is Fate.UNCHANGED else fate,
                       EditBase.of(snap.version, found.number, found.text, snap.entries))
        if found.fate is Fate.CHANGED:
            editor.set_notice(EditNotice(NoticeKind.ENTRY_CHANGED, f"#{found.number}", found.text))

    def edit_entry(self, number: int, text: str) -> MemoryEntryView | None:
        """Store an in-place edit made on the document of ``self._host.version`` (or on the
        newer read the editor showed: :meth:`newer_read`); returns the card to show
        meanwhile (None: not started). Refused as stale, the list is reloaded and the
        editor opens again with the user's text, saying what changed (issue 10, walk57 #2).
        Entered on an entry deleted elsewhere, the text is added as a new entry."""
        old = next((v for v in self.model.entries() if v.number == number), None)
        if old is None:
            return None
        newer, self._newer = self._newer, None
        if newer is not None and newer[0] is Fate.DELETED:
            self.add_entry(text)  # the user chose Add as new entry
            return None
        base = newer[1] if newer is not None else EditBase.of(self._host.version, number, old.text,
                                                               self.model.entries())

        def write() -> MemoryEntryView | StaleEdit:
            try:
                return self._host.svc.memory.edit(self._host.assistant_id, base.number, text, version=base.version,
                                                  expected_text=base.text)
            except StaleDocument as exc:
                return StaleEdit(said_error(exc))

        def done(view: MemoryEntryView | StaleEdit) -> None:
            if isinstance(view, StaleEdit):  # said next to the editor, once the newer memory is read
                self._reopen = (base, text)
                self._host.schedule_reload()
                return
            self._host.select_after_load(view.number)
            self._host.show_status(lambda: fill(translate("MemoryPage", "Saved #%1"), str(view.number)))
            self._host.schedule_reload()

        if not self._host.ops.start(fill(translate("MemoryPage", "Edit #%1"), str(number)), write, done, self._host.schedule_reload):
            return None
        return MemoryEntryView(number, " ".join(text.split()), EntryOrigin.OWNER, True)

    def reopen_pending(self) -> None:
        """After a refused edit and the reload: the editor again on that entry (found by
        its text, else as rewritten at its number) holding the user's text, with a notice
        quoting what it says now — Keep mine (Enter) saves over it, Use theirs (Esc) drops
        the draft; gone, the draft waits in the Add editor with the offer to add it as a
        new entry (walk57 #2)."""
        if self._reopen is None:
            return
        base, text = self._reopen
        self._reopen = None
        found = find_entry(base, self.model.entries())
        if found.fate is Fate.DELETED:
            self._offer_add(base.number, text)
            return
        row = self.model.row_of(found.number)
        if row is None:
            return
        self.model.ensure_row(row)
        idx = self.model.index(row)
        self.list.setCurrentIndex(idx)
        self.list.setFocus()
        self.list.edit(idx)
        editor = self._open_editor()
        if editor is not None:
            editor.set_text(text)
            kind = NoticeKind.ENTRY_CHANGED if found.fate is Fate.CHANGED else NoticeKind.ENTRY_SAME
            editor.set_notice(EditNotice(kind, f"#{found.number}", found.text, refused=True))

    def _offer_add(self, number: int, text: str) -> None:
        """Entry ``number`` was deleted elsewhere: the user's ``text`` in the Add editor, which
        says so; Enter adds it, Esc drops it (walk57 #2)."""
        editor = self.add_memory()
        typed = editor.toPlainText().strip()
        editor.set_text(f"{typed}\n{text}" if typed else text)
        editor.set_notice(EditNotice(NoticeKind.ENTRY_DELETED, f"#{number}", refused=True))
        self._reveal(editor)

    def delete_current(self) -> None:
        """Delete the selected card after confirmation (Del); later entries renumber."""
        e = self._host.current_entry()
        if e is None:
            return
        preview = e.text if len(e.text) <= 120 else e.text[:120] + "…"
        if not confirm.ask(self._parent, translate("MemoryPage", "Delete memory"),
                           fill(translate("MemoryPage", "Delete #%1: “%2”?\nThe entries after it are renumbered."),
                                str(e.number), preview), translate("MemoryPage", "Delete")):
            return

        def done(_r: object) -> None:
            # the card that moves up into this row is selected after the reload
            self._host.show_status(fill(translate("MemoryPage", "Deleted #%1"), str(e.number)))
            self._host.schedule_reload()

        self._host.ops.start(fill(translate("MemoryPage", "Delete #%1"), str(e.number)), lambda: self._host.svc.memory.delete(
            self._host.assistant_id, e.number, expected_text=e.text), done)

    def mark_current_trusted(self) -> None:
        """Clear the untrusted mark of the selected card (MEM-7)."""
        e = self._host.current_entry()
        if e is None or e.trusted:
            return

        def done(view: object) -> None:
            assert isinstance(view, MemoryEntryView)
            self._host.select_after_load(view.number)
            self._host.show_status(fill(translate("MemoryPage", "#%1 is trusted now"), str(view.number)))
            self._host.schedule_reload()

        self._host.ops.start(fill(translate("MemoryPage", "Mark #%1 trusted"), str(e.number)), lambda: self._host.svc.memory.clear_untrusted(
            self._host.assistant_id, e.number, expected_text=e.text), done)

    def toggle_pause_current(self) -> None:
        """Pause the selected entry, or resume it when paused (issue 18)."""
        e = self._host.current_entry()
        if e is None:
            return

        def done(view: object) -> None:
            assert isinstance(view, MemoryEntryView)
            self._host.select_after_load(view.number)
            self._host.show_status(fill(translate("MemoryPage", "#%1 is paused: kept, not sent") if view.paused
                                        else translate("MemoryPage", "#%1 is sent again"), str(view.number)))
            self._host.schedule_reload()

        self._host.ops.start(fill(translate("MemoryPage", "Pause #%1"), str(e.number)), lambda: self._host.svc.memory.set_paused(
            self._host.assistant_id, e.number, not e.paused, expected_text=e.text), done)

    def copy_entry(self) -> None:
        """Copy the selected entry's text (context menu)."""
        e = self._host.current_entry()
        if e is not None:
            QGuiApplication.clipboard().setText(e.text)
            self._host.show_status(fill(translate("MemoryPage", "Copied #%1"), str(e.number)))
