"""The fixed-memory page's whole-document actions (APP-5, issues 10, 15, 18 and 30): Clear
(after its preview), Export, Import (Merge or Replace, after their previews), Import from
another assistant and Copy, with the overflow menu and its button that offer them — a
component of :class:`~chathub_desktop.gui.memory.fixed_page.MemoryPage`, given the page as a
:class:`~chathub_desktop.gui.memory.host.FixedMemoryHost`."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import (
    QCoreApplication,
    QLocale,
    QObject,
    QTimer,
    Signal,
)
from PySide6.QtGui import (
    QAction,
    QGuiApplication,
)
from PySide6.QtWidgets import (
    QFileDialog,
    QMenu,
    QToolButton,
    QWidget,
)

from chathub_desktop.core.memory_export import ImportMode, MemoryFileFormat
from chathub_desktop.gui.design.icons import Icon, icon
from chathub_desktop.gui.dialogs.file_dialogs import (
    open_memory_export_dialog,
    open_memory_import_dialog,
)
from chathub_desktop.gui.memory import change_preview
from chathub_desktop.gui.memory.change_preview import PreviewOption
from chathub_desktop.gui.memory.change_rows import PreviewChoice
from chathub_desktop.gui.memory.host import FixedMemoryHost
from chathub_desktop.gui.memory.import_words import import_lines
from chathub_desktop.gui.memory.memory_paste_dialog import PasteMemoryDialog
from chathub_desktop.gui.shell.i18n import Texts, fill
from chathub_desktop.private_files import write_private
from chathub_desktop.services.errors import ServiceError
from chathub_desktop.services.memory.memory_preview import ChangePreview
from chathub_desktop.services.transfer.memory_file_reader import CheckedFile
from chathub_desktop.services.transfer.memory_transfer import ImportPreview

translate = QCoreApplication.translate

def summary_lines(preview: ImportPreview) -> Callable[[], list[str]]:
    """A maker of an import's summary in the interface language: short sentences
    (:func:`~.import_words.import_lines`; walk56 #9), said again on a language switch."""
    return lambda: import_lines(preview)


class ExportFailed(ServiceError):
    """The export file could not be written (its reason and path, one line)."""


class TransferActions(QObject):
    """Clear, Export, Import, Import from another assistant and Copy for ``host``, as
    actions in :attr:`more_menu` behind :attr:`more_button` (the page's toolbar shows the
    button); dialogs open over ``parent``. ``import_finished(imported)`` tells how a
    memory import ended (issue 10), ``export_finished(written)`` how an export did."""

    import_finished = Signal(bool)
    export_finished = Signal(bool)

    def __init__(self, host: FixedMemoryHost, parent: QWidget) -> None:
        super().__init__(parent)
        self._host = host
        self._parent = parent
        self._export_dialog: QFileDialog | None = None
        self._import_dialog: QFileDialog | None = None
        #: The open Import from another assistant dialog (issue 15), None before the first.
        self.paste_dialog: PasteMemoryDialog | None = None
        t = self.texts = Texts(parent)  # re-said on a language switch (issue 27)
        self.import_action = self._action(
            t, Icon.IMPORT, self.open_import, lambda: translate("MemoryPage", "&Import…"), lambda: translate(
                "MemoryPage", "Merge a memory file's fixed entries into this memory, or replace it (JSON or "
                              "Markdown); a preview shows what changes first"))
        self.paste_action = self._action(
            t, Icon.PASTE_IMPORT, self.open_paste_import,
            lambda: translate("MemoryPage", "Import from another &assistant…"), lambda: translate(
                "MemoryPage", "Paste what ChatGPT, Claude or another assistant remembers about you; each fact "
                              "becomes an entry"))
        self.export_action = self._action(
            t, Icon.EXPORT, self.open_export, lambda: translate("MemoryPage", "E&xport…"), lambda: translate(
                "MemoryPage", "Save this assistant's memory to a file: fixed and dynamic memory with where each "
                              "entry came from (JSON or Markdown), or the fixed document alone"))
        self.copy_action = self._action(
            t, Icon.COPY, self.copy_document, lambda: translate("MemoryPage", "&Copy document"),
            lambda: translate("MemoryPage", "Copy the memory document (Markdown) to the clipboard"))
        self.clear_action = self._action(
            t, Icon.CLEAR, self.clear_memory, lambda: translate("MemoryPage", "C&lear…"), lambda: translate(
                "MemoryPage", "Remove every fixed-memory entry, after showing what goes (Memory → History can "
                              "revert it)"))
        # the rarer whole-document actions live in the overflow menu (issue 30)
        self.more_menu = QMenu(parent)
        self.more_menu.setObjectName("memoryMoreMenu")
        self.more_menu.setToolTipsVisible(True)
        for a in (self.import_action, self.paste_action, self.export_action, self.copy_action):
            self.more_menu.addAction(a)
        self.more_menu.addSeparator()
        self.more_menu.addAction(self.clear_action)
        self.more_button = QToolButton()
        self.more_button.setObjectName("memoryMoreButton")
        self.more_button.setIcon(icon(Icon.MORE))
        t.bind(self.more_button.setAccessibleName, lambda: translate("MemoryPage", "More memory actions"))
        t.bind(self.more_button.setToolTip, lambda: translate(
            "MemoryPage", "Import, Import from another assistant, Export, Copy, Clear"))
        self.more_button.setMenu(self.more_menu)
        self.more_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)

    def _action(self, t: Texts, glyph: Icon, slot: Callable[[], object], text: Callable[[], str],
                tip: Callable[[], str]) -> QAction:
        a = QAction(self._parent)
        a.setIcon(icon(glyph))
        t.bind(a.setText, text)
        t.bind(a.setToolTip, tip)
        a.triggered.connect(lambda _checked=False: slot())
        return a

    def set_enabled(self, on: bool) -> None:
        """Enable Export, Copy and Clear (off while the raw editor or History is shown or
        a change is being written); the imports stay offered."""
        for a in (self.export_action, self.copy_action, self.clear_action):
            a.setEnabled(on)

    def open_paste_import(self) -> PasteMemoryDialog:
        """Import from another assistant… (issue 15): the paste dialog, non-blocking."""
        dlg = PasteMemoryDialog(self._host.svc, self._host.runner, self._host.assistant_id, self._parent)
        self.paste_dialog = dlg
        dlg.open()
        return dlg

    def clear_memory(self) -> None:
        """Clear…: show every entry that goes (computed on the worker thread), then remove
        them all on confirmation with the previewed version token (a memory changed
        meanwhile is refused, issue 10); History can revert it (issue 18)."""
        def checked(preview: object) -> None:
            assert isinstance(preview, ChangePreview)
            if preview.before or preview.changes.removed:
                QTimer.singleShot(0, lambda: self._confirm_clear(preview))
            else:
                self._host.show_status(translate("MemoryPage", "Fixed memory is already empty"))

        self._host.ops.start(translate("MemoryPage", "Clear"), lambda: self._host.svc.previews.clear_fixed(self._host.assistant_id), checked)

    def _confirm_clear(self, preview: ChangePreview) -> None:
        name = self._host.assistant.name if self._host.assistant else translate("MemoryPage", "this assistant")
        clear = translate("MemoryPage", "Clear")
        if change_preview.ask(self._parent, lambda: translate("MemoryPage", "Clear fixed memory"),
                              lambda: fill(translate("MemoryPage", "Remove all of %1's fixed memory? Memory → History "
                                                                   "can revert it."), name),
                              [PreviewOption("clear", clear, change_preview.said_lines(preview), preview.changes)],
                              lambda: translate("MemoryPage", "Clear")) is None:
            return

        def done(_r: object) -> None:
            self._host.show_status(translate("MemoryPage", "Cleared fixed memory — History can revert it"))
            self._host.schedule_reload()

        self._host.ops.start(translate("MemoryPage", "Clear"), lambda: self._host.svc.memory.clear(self._host.assistant_id, version=preview.version), done,
                       on_fail=self._host.schedule_reload)

    def open_export(self) -> QFileDialog:
        """Export…: a non-blocking save dialog with the memory file formats (APP-5); the
        file is written on accept."""
        name = (self._host.assistant.name if self._host.assistant else "assistant").strip() or "assistant"
        safe = "".join(ch if ch.isalnum() or ch in "-_ " else "_" for ch in name).strip()
        self._export_dialog = open_memory_export_dialog(self._parent, f"{safe} memory", self.export_to)
        return self._export_dialog

    def export_to(self, path: Path, fmt: str = MemoryFileFormat.FIXED) -> bool:
        """Write the memory to ``path`` as ``fmt`` (``json``, ``markdown`` or ``fixed``:
        the fixed document as stored), read and written on a worker (issue 29);
        ``export_finished(ok)`` tells the outcome (a failure is shown inline). False
        (nothing started) while another change of the page runs."""
        svc, aid = self._host.svc, self._host.assistant_id

        def write() -> None:
            text = svc.memory.export_markdown(aid) if fmt == MemoryFileFormat.FIXED else svc.memory_files.export(aid, fmt)
            try:
                write_private(path, text.encode("utf-8"))  # 0600 (issue 12)
            except OSError as exc:
                raise ExportFailed(f"could not write {path}: {exc.strerror or exc}") from None

        def done(_r: object) -> None:
            self._host.show_status(fill(translate("MemoryPage", "Exported to %1"), path.name))
            self.export_finished.emit(True)

        return self._host.ops.start(translate("MemoryPage", "Export"), write, done, on_fail=lambda: self.export_finished.emit(False))

    def open_import(self) -> QFileDialog:
        """Import…: choose a memory file (non-blocking); :meth:`import_from` runs on accept."""
        self._import_dialog = open_memory_import_dialog(self._parent, self.import_from)
        return self._import_dialog

    def import_from(self, path: Path, *, confirmed: bool = False) -> bool:
        """Check the whole file at ``path`` on a worker thread first (a file that is not a
        memory file or a plain document is refused with its reason shown inline), then
        ask, showing what will change (skipped when ``confirmed``), then import it in one
        transaction on a worker thread (issue 10). ``import_finished(imported)`` tells the
        outcome; False (nothing started) while another change of this page runs."""
        files = self._host.svc.memory_files
        aid = self._host.assistant_id

        def check() -> tuple[ImportPreview, ImportPreview | None, CheckedFile]:
            # read and parsed once, off this process's interpreter lock when large, then
            # previewed both ways (issues 18, 30)
            checked = files.read_file(path)
            replace = files.preview_import(aid, checked, name=path.name)
            merge = (files.preview_import(aid, checked, name=path.name, mode=ImportMode.MERGE)
                     if replace.fixed_after is not None else None)
            return replace, merge, checked

        started = self._host.ops.start(
            translate("MemoryPage", "Import"), check,
            on_ok=lambda previews: QTimer.singleShot(0, lambda: self._confirm_import(path, previews, confirmed)),
            on_fail=lambda: self.import_finished.emit(False))
        return started

    def _confirm_import(self, path: Path, previews: object, confirmed: bool) -> None:
        """The checked file's preview, Replace or Merge (outside any coroutine: it runs a
        modal dialog); ``confirmed``: Replace without asking."""
        assert isinstance(previews, tuple)
        replace, merge, checked = previews
        assert isinstance(replace, ImportPreview)
        chosen: ImportPreview = replace
        ticks: list[bool] = []
        if not confirmed:
            options = [PreviewOption(ImportMode.REPLACE, lambda: translate(
                "MemoryPage", "Replace: the file's memory instead of the current one"),
                                     summary_lines(replace), replace.fixed_changes)]
            if isinstance(merge, ImportPreview):  # first, so checked: Merge loses nothing (issue 28)
                # the file's entries to tick, repeats of what is there unticked and named (issue 30)
                choices = tuple(PreviewChoice(m.text, m.repeats, m.added) for m in merge.merge_items)
                options.insert(0, PreviewOption(ImportMode.MERGE, lambda: translate(
                    "MemoryPage", "Merge: add the file's fixed entries to the current ones"),
                                                summary_lines(merge), merge.fixed_changes, choices=choices,
                                                primary=True))  # Merge loses nothing: Import is the default (walk53c #4)
            name = self._host.assistant.name if self._host.assistant else translate("MemoryPage", "this assistant")
            file_name = path.name
            key = change_preview.ask(self._parent, lambda: translate("MemoryPage", "Import memory"),
                                     lambda: fill(translate("MemoryPage", "Import %1 into %2's memory?"), file_name, name),
                                     options, lambda: translate("MemoryPage", "Import"), ticks)
            if key is None:
                self.import_finished.emit(False)
                return
            chosen = merge if key == ImportMode.MERGE and isinstance(merge, ImportPreview) else replace
        files = self._host.svc.memory_files
        default = [m.added for m in chosen.merge_items]
        retick = chosen.mode == ImportMode.MERGE and len(ticks) == len(default) and ticks != default

        def write() -> object:
            final = files.rechoose(chosen, checked, ticks) if retick else chosen  # the file is not read again
            return final, files.apply_import(final)

        def imported(result: object) -> None:
            assert isinstance(result, tuple)
            final = result[0]
            self._host.schedule_reload()
            self._host.show_status(fill(translate("MemoryPage", "Merged %1: %2 added, %3 left out",
                                                  "the entries the user left unticked: repeats, or any they chose"),
                                        path.name, QLocale().toString(final.merge_added),
                                        QLocale().toString(final.merge_skipped)) if final.mode == ImportMode.MERGE
                                   else fill(translate("MemoryPage", "Imported %1"), path.name))
            self.import_finished.emit(True)

        def refused() -> None:
            self._host.schedule_reload()  # e.g. a conflict: show the memory as it is now
            self.import_finished.emit(False)

        if not self._host.ops.start(translate("MemoryPage", "Import"), write, on_ok=imported, on_fail=refused):
            self.import_finished.emit(False)

    def copy_document(self) -> None:
        """Copy the Markdown document (read on a worker) to the clipboard."""
        def done(text: object) -> None:
            assert isinstance(text, str)
            QGuiApplication.clipboard().setText(text)
            self._host.show_status(translate("MemoryPage", "Copied the memory document"))

        self._host.ops.start(translate("MemoryPage", "Copy"), lambda: self._host.svc.memory.export_markdown(self._host.assistant_id), done)
