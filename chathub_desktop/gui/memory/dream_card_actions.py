"""The dream cards' actions (DRM-8, DRM-15, issues 10, 18 and 30): edit in place (with the
version token of the document shown; a card changed elsewhere meanwhile is said at once
above the draft, quoting the newer text, and saved over only on Keep mine, with a fresh
version check — walk57 #2), delete, pause, clear (after its preview),
restore the previous version, copy — a component of
:class:`~chathub_desktop.gui.memory.dream_panel.DreamPanel`, given it as a
:class:`CardsHost`. There is no Add: only the dream writes dated cards."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QCoreApplication, QObject, Qt, QTimer
from PySide6.QtGui import QAction, QGuiApplication, QKeySequence
from PySide6.QtWidgets import QAbstractItemDelegate, QAbstractItemView, QListView, QWidget

from chathub_desktop.gui.dialogs import confirm
from chathub_desktop.gui.memory import change_preview
from chathub_desktop.gui.memory.card_editor import CardTextEdit
from chathub_desktop.gui.memory.card_notice import EditNotice, NoticeKind
from chathub_desktop.gui.memory.change_preview import PreviewOption
from chathub_desktop.gui.memory.dream_cards import card_name
from chathub_desktop.gui.memory.edit_conflict import Fate, find_card
from chathub_desktop.gui.shell.i18n import QT_TRANSLATE_NOOP, Texts, fill
from chathub_desktop.services.dream.dream_service import CardsSnapshot, CardView
from chathub_desktop.services.errors import StaleDocument
from chathub_desktop.services.memory.memory_preview import ChangePreview

if TYPE_CHECKING:
    from chathub_desktop.gui.memory.dream_cards import DreamCardModel
    from chathub_desktop.gui.shell.service_ops import ServiceOps
    from chathub_desktop.services.container import Services


class CardsHost(Protocol):
    """What the card actions are given by their panel."""

    svc: Services
    assistant_id: int
    ops: ServiceOps
    list: QListView
    model: DreamCardModel

    @property
    def version(self) -> str:
        """The version token of the document the cards show (issue 10)."""

    def show_status(self, message: str | Callable[[], str], ms: int = 8000) -> None:
        """The panel's status line (``ms`` 0: kept; a callable is re-said on a language switch)."""

    def show_error(self, message: str) -> None:
        """The panel's inline error ("" hides it)."""

    def schedule_reload(self) -> None:
        """Re-read the settings and cards soon."""

    def select_number(self, number: int) -> None:
        """Select card ``number`` now."""

    def current_card(self) -> CardView | None:
        """The selected card."""

    def card(self, number: int | None) -> CardView | None:
        """Card ``number``, or the selected one for None."""

    def card_count(self) -> int:
        """How many cards the list shows."""

    def mark_after_load(self, tag: str) -> None:
        """Once the next load is shown: select the card of ``tag``, scroll to it and mark it
        briefly (walk52b #2)."""


translate = QCoreApplication.translate


class DreamCardActions(QObject):
    """Edit (in place), Delete, Pause, Clear, Restore and Copy for ``host``; confirmations open
    over ``parent``."""

    def __init__(self, host: CardsHost, parent: QWidget) -> None:
        super().__init__(parent)
        self._host = host
        self._parent = parent
        self._reopen: tuple[CardView, str] | None = None  # (the card as edited, user's text) after a refusal
        #: What the open editor saves over once a newer read was shown to it (walk57 #2):
        #: the card as that read has it (None: deleted there) and that read's version token.
        self._newer: tuple[CardView | None, str] | None = None

    def add_list_actions(self, t: Texts, *, regenerate: Callable[[], object]) -> None:
        """The list's actions (its keys and context menu): Edit (Enter), Regenerate
        (Ctrl+R, ``regenerate()``), Copy card text, Delete (Del), Expand / fold a range card
        (Space, :meth:`toggle_fold`) and Pause / resume (Ctrl+P); ``t`` re-says them on a language
        switch (issue 27)."""
        self._host.list.itemDelegate().closeEditor.connect(lambda *_a: self._forget_newer())
        self.edit_action = self._action(t, QT_TRANSLATE_NOOP("MemoryPage", "&Edit card"), "Return", QT_TRANSLATE_NOOP(
            "MemoryPage", "Edit the selected card's text in place (Enter; Enter saves, Shift+Enter new line, Esc "
                          "cancels)"), lambda: self.edit_card())
        self.edit_action.setShortcuts([QKeySequence("Return"), QKeySequence("Enter")])
        self.regenerate_action = self._action(t, QT_TRANSLATE_NOOP("MemoryPage", "&Regenerate"), "Ctrl+R",
                                              QT_TRANSLATE_NOOP("MemoryPage", "Dream over the selected card's day "
                                                                "again and replace its text (Ctrl+R)"), regenerate)
        self.copy_action = self._action(t, QT_TRANSLATE_NOOP("MemoryPage", "&Copy card text"),
                                        QKeySequence.StandardKey.Copy, QT_TRANSLATE_NOOP(
                                            "MemoryPage", "Copy the selected card's text (Ctrl+C)"), self.copy_card)
        self.delete_action = self._action(t, QT_TRANSLATE_NOOP("MemoryPage", "&Delete card"),
                                          QKeySequence.StandardKey.Delete, QT_TRANSLATE_NOOP(
                                              "MemoryPage", "Delete the selected card (Del)"), self.delete_card)
        self.fold_action = self._action(t, QT_TRANSLATE_NOOP("MemoryPage", "E&xpand / fold range card"), "Space",
                                        QT_TRANSLATE_NOOP("MemoryPage", "Show the days folded into the selected range "
                                                          "card, or fold them again (Space)"), self.toggle_fold)
        self.pause_action = self._action(t, QT_TRANSLATE_NOOP("MemoryPage", "&Pause / resume card"), "Ctrl+P",
                                         QT_TRANSLATE_NOOP("MemoryPage", "A paused card stays here but is not sent to "
                                                           "the model and not offered to its memory search (Ctrl+P "
                                                           "toggles)"), self.toggle_pause)

    def toggle_fold(self) -> None:
        """Expand the selected range card to read its days, or fold it again (Space)."""
        view, model = self._host.list, self._host.model
        row = view.currentIndex().row()
        if model.toggle_fold(row):
            view.doItemsLayout()  # the row's height changed
            view.scrollTo(model.index(row))

    def _action(self, t: Texts, text: str, keys: QKeySequence.StandardKey | str, tip: str,
                slot: Callable[[], object]) -> QAction:
        a = QAction(self._host.list)
        t.bind(a.setText, lambda: translate("MemoryPage", text))
        a.setShortcut(QKeySequence(keys))
        a.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
        t.bind(a.setToolTip, lambda: translate("MemoryPage", tip))
        a.triggered.connect(lambda _checked=False: slot())
        self._host.list.addAction(a)
        return a

    def close_editor(self) -> None:
        """Close the in-place editor when one is open (the panel closes): nothing is saved."""
        editor = self._open_editor()
        if editor is not None:
            self._host.list.itemDelegate().closeEditor.emit(editor, QAbstractItemDelegate.EndEditHint.RevertModelCache)

    def _forget_newer(self) -> None:
        self._newer = None

    def _open_editor(self) -> CardTextEdit | None:
        view = self._host.list
        editor = view.findChild(CardTextEdit, "memoryCardEditor")
        return editor if editor is not None and view.state() == QAbstractItemView.State.EditingState else None

    def newer_read(self, snap: CardsSnapshot) -> None:
        """Cards read while the in-place editor is open (the list waits for it to close):
        when the edited card changed or went, the editor says so at once above the draft
        (walk57 #2); the draft's next save is made on this read."""
        editor = self._open_editor()
        card = self._host.model.card(self._host.list.currentIndex().row()) if editor is not None else None
        if editor is None or card is None:
            return
        if self._newer is not None:
            seen, version = self._newer
        else:
            seen, version = card, self._host.version
        if seen is None or snap.version == version:
            return  # gone already said, or nothing new
        found = find_card(seen.tag, seen.text, snap.cards)
        now = next((c for c in snap.cards if c.tag == seen.tag), None)
        self._newer = (now, snap.version)
        if found.fate is Fate.DELETED:
            editor.set_notice(EditNotice(NoticeKind.CARD_DELETED, card_name(card)))
        elif found.fate is Fate.CHANGED and now is not None:
            editor.set_notice(EditNotice(NoticeKind.CARD_CHANGED, card_name(now), now.text))

    def edit_card(self, number: int | None = None, text: str | None = None) -> CardTextEdit | None:
        """Edit card ``number`` (default: the selected one) in place (Enter, double-click;
        a folded range card is unfolded first); ``text`` replaces the stored text in the
        editor (a refused edit reopened). An editor already open on it is focused, its draft
        kept (issue 30). Returns the editor, None when no card."""
        card = self._host.card(number)
        if card is None:
            return None
        self._host.select_number(card.number)
        view, model = self._host.list, self._host.model
        idx = view.currentIndex()
        if model.is_folded(idx.row()):
            model.toggle_fold(idx.row())
        open_editor = view.indexWidget(idx)
        if isinstance(open_editor, CardTextEdit):  # already open: focus it, keep the draft (walk50b #3)
            if text is not None:
                open_editor.set_text(text)
            open_editor.setFocus()
            return open_editor
        view.setFocus()
        view.edit(idx)
        editor = view.findChild(CardTextEdit, "memoryCardEditor")
        if editor is not None and text is not None:
            editor.set_text(text)
        return editor

    def save_edit(self, number: int, text: str) -> bool:
        """Store an in-place edit of card ``number`` made on the document of the panel's
        version token (or of the newer read the editor showed: :meth:`newer_read`), in one
        write transaction (the service re-reads under the lock and refuses a newer
        document: nothing is overwritten, issue 10). A refusal (stale, or a text the
        service does not take) opens the editor again after the reload with the user's
        text, saying what changed (walk57 #2). Entered on a card deleted elsewhere, the
        text goes to the clipboard. False when nothing started."""
        card = self._host.card(number)
        if card is None:
            return False
        newer, self._newer = self._newer, None
        if newer is not None and newer[0] is None:  # the user chose Copy my text
            self._copy_draft(card, text)
            return False
        shown, version = newer if newer is not None and newer[0] is not None else (card, self._host.version)
        assert shown is not None

        def write() -> object:
            try:
                return self._host.svc.dreams.edit_card(self._host.assistant_id, shown.number, text, version=version,
                                                       expected=(shown.tag, shown.text))
            except StaleDocument as exc:
                return exc

        def done(views: object) -> None:
            if isinstance(views, StaleDocument):  # said next to the editor, once the newer cards are read
                self._reopen = (shown, text)
                self._host.schedule_reload()
                return
            assert isinstance(views, list)
            mine = next((v for v in views if v.tag == card.tag), None)
            if mine is not None:  # named by its day, shown and marked: its number may change (walk52b #2)
                self._host.mark_after_load(mine.tag)
                self._host.show_status(lambda: fill(translate("MemoryPage", "Saved %1"), card_name(mine)))
            self._host.schedule_reload()

        def refused() -> None:
            self._reopen = (shown, text)
            self._host.schedule_reload()

        return self._host.ops.start(fill(translate("MemoryPage", "Edit %1"), card_name(card)), write, done,
                                    on_fail=refused)

    def _copy_draft(self, card: CardView, text: str, *, refused: bool = False) -> None:
        """The draft of ``card``, deleted elsewhere, to the clipboard, and the panel says so
        (``refused``: as the reason its save was refused, next to the list)."""
        QGuiApplication.clipboard().setText(text)
        said = fill(translate("MemoryPage", "Deleted elsewhere: %1. Your text is on the clipboard."), card_name(card))
        if refused:
            self._host.show_error(fill(translate("MemoryPage", "Nothing was saved. %1"), said))
        else:
            self._host.show_status(said)

    def reopen_pending(self) -> None:
        """After a refused edit and the reload: the editor again on that card (found by
        its day) holding the user's text, with a notice quoting what it says now — Keep
        mine (Enter) saves over it, Use theirs (Esc) drops the draft; a card gone, the
        draft goes to the clipboard and the panel says so (walk57 #2)."""
        if self._reopen is None:
            return
        shown, text = self._reopen
        self._reopen = None
        cards = self._host.model.cards()
        found = find_card(shown.tag, shown.text, cards)
        if found.fate is Fate.DELETED:
            self._copy_draft(shown, text, refused=True)
            return
        editor = self.edit_card(found.number, text)
        now = self._host.card(found.number)
        if editor is not None and now is not None:
            kind = NoticeKind.CARD_CHANGED if found.fate is Fate.CHANGED else NoticeKind.CARD_SAME
            editor.set_notice(EditNotice(kind, card_name(now), now.text, refused=True))

    def delete_card(self) -> None:
        """Delete the selected card after confirmation (Del); later cards renumber."""
        card = self._host.current_card()
        if card is None:
            return
        preview = card.text if len(card.text) <= 160 else card.text[:160] + "…"
        if not confirm.ask(self._parent, translate("MemoryPage", "Delete dream card"),
                           fill(translate("MemoryPage", "Delete %1?\n\n%2\n\nRestore previous version undoes this."),
                                card_name(card), preview), translate("MemoryPage", "Delete")):
            return

        def done(_r: object) -> None:
            self._host.show_status(fill(translate("MemoryPage", "Deleted %1"), card_name(card)))
            self._host.schedule_reload()

        self._host.ops.start(fill(translate("MemoryPage", "Delete %1"), card_name(card)), lambda: self._host.svc.dreams.delete_card(
            self._host.assistant_id, card.number, expected=(card.tag, card.text)), done)

    def toggle_pause(self) -> None:
        """Pause the selected card, or resume it when paused (issue 18)."""
        card = self._host.current_card()
        if card is None:
            return

        def done(_r: object) -> None:
            self._host.show_status(fill(translate("MemoryPage", "Resumed %1: it is sent again") if card.paused
                                        else translate("MemoryPage", "Paused %1: kept, not sent"), card_name(card)))
            self._host.schedule_reload()

        self._host.ops.start(fill(translate("MemoryPage", "Pause %1"), card_name(card)), lambda: self._host.svc.dreams.set_card_paused(
            self._host.assistant_id, card.number, not card.paused, expected=(card.tag, card.text)), done)

    def clear_cards(self) -> None:
        """Clear: show every card that goes (the preview is computed on the worker thread,
        issue 18), then remove them on confirmation with the previewed version token (a
        document changed meanwhile is refused, issue 10). Restore brings them back."""
        if self._host.card_count() == 0:
            return

        def checked(preview: object) -> None:
            assert isinstance(preview, ChangePreview)
            QTimer.singleShot(0, lambda: self._confirm_clear(preview))

        self._host.ops.start(translate("MemoryPage", "Clear"), lambda: self._host.svc.previews.clear_dynamic(self._host.assistant_id), checked)

    def _confirm_clear(self, preview: ChangePreview) -> None:
        n = preview.before
        clear = translate("MemoryPage", "Clear")
        if change_preview.ask(self._parent, lambda: translate("MemoryPage", "Clear dynamic memory"),
                              lambda: translate("MemoryPage", "Remove all %n dream card(s)? Restore previous version "
                                                              "brings them back.", None, n),
                              [PreviewOption("clear", clear, change_preview.said_lines(preview), preview.changes,
                                             cards=True)],  # each card as the page says it (walk56 #5)
                              lambda: translate("MemoryPage", "Clear")) is None:
            return

        def done(_r: object) -> None:
            self._host.show_status(translate("MemoryPage", "Cleared the dream cards — Restore previous version brings "
                                                           "them back"))
            self._host.schedule_reload()

        self._host.ops.start(translate("MemoryPage", "Clear"), lambda: self._host.svc.dreams.clear(self._host.assistant_id, version=preview.version), done,
                       on_fail=self._host.schedule_reload)

    def restore_previous(self) -> None:
        """Restore previous version (DRM-15); doing it again redoes the change."""
        def done(views: object) -> None:
            n = len(views) if isinstance(views, list) else 0
            self._host.show_status(translate("MemoryPage", "Restored the previous version (%Ln card(s)); restore again "
                                                           "to undo", None, n))
            self._host.schedule_reload()

        self._host.ops.start(translate("MemoryPage", "Restore"), lambda: self._host.svc.dreams.restore(self._host.assistant_id), done)

    def copy_all(self) -> None:
        """Copy: exactly the cards' visible text, never a framing line (DRM-8); the text is
        read on a worker (issue 29)."""
        dreams, assistant = self._host.svc.dreams, self._host.assistant_id

        def copied(text: object) -> None:
            if isinstance(text, str) and text:
                QGuiApplication.clipboard().setText(text)
                n = self._host.card_count()
                self._host.show_status(translate("MemoryPage", "Copied %Ln card(s)", None, n))

        if not self._host.ops.start(translate("MemoryPage", "Copy"), lambda: dreams.copy_text(assistant), copied):
            self._host.show_status(translate("MemoryPage", "Another change is still being written; try again in a "
                                                           "moment."))

    def copy_card(self) -> None:
        """Copy the selected card's text (Ctrl+C on the list)."""
        card = self._host.current_card()
        if card is not None:
            QGuiApplication.clipboard().setText(card.text)
            self._host.show_status(fill(translate("MemoryPage", "Copied the text of %1"), card_name(card)))
