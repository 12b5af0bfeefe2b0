"""Non-blocking file dialogs shared by the pages that export and import files."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtWidgets import QFileDialog, QWidget

from chathub_desktop.core.memory_export import MemoryFileFormat


def open_markdown_save_dialog(
    parent: QWidget, title: str, file_name: str, on_path: Callable[[Path], object]
) -> QFileDialog:
    """Open (not exec) a "save as Markdown" dialog starting at ``~/file_name``; the chosen
    path goes to ``on_path``. Returns the dialog (keep a reference while it is open)."""
    dlg = QFileDialog(parent, title, str(Path.home() / file_name), "Markdown (*.md);;All files (*)")
    dlg.setObjectName("exportDialog")
    dlg.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
    dlg.setDefaultSuffix("md")
    dlg.fileSelected.connect(lambda p: on_path(Path(p)))
    dlg.open()
    return dlg


#: Export formats of a memory file: name filter → ``MemoryTransfer.export`` format
#: (``fixed``: the fixed-memory document alone, as stored) and file suffix (APP-5).
MEMORY_EXPORT_FILTERS = {
    "Memory file, fixed and dynamic memory with provenance (*.json)": (MemoryFileFormat.JSON, "json"),
    "Memory file as Markdown, fixed and dynamic memory (*.md)": (MemoryFileFormat.MARKDOWN, "md"),
    "Fixed memory document only (*.md)": (MemoryFileFormat.FIXED, "md"),
}


def open_memory_export_dialog(
    parent: QWidget, file_stem: str, on_path: Callable[[Path, str], object]
) -> QFileDialog:
    """Open a save dialog offering :data:`MEMORY_EXPORT_FILTERS`; ``on_path(path, fmt)``
    gets the chosen path and format. Returns the dialog (keep a reference)."""
    filters = list(MEMORY_EXPORT_FILTERS)
    dlg = QFileDialog(parent, "Export memory", str(Path.home() / f"{file_stem}.json"), ";;".join(filters))
    dlg.setObjectName("memoryExportDialog")
    dlg.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
    dlg.setDefaultSuffix("json")

    def suffix(name: str) -> None:
        dlg.setDefaultSuffix(MEMORY_EXPORT_FILTERS.get(name, ("json", "json"))[1])

    dlg.filterSelected.connect(suffix)
    dlg.fileSelected.connect(
        lambda p: on_path(Path(p), MEMORY_EXPORT_FILTERS.get(dlg.selectedNameFilter(), ("json", "json"))[0]))
    dlg.open()
    return dlg


def open_memory_import_dialog(parent: QWidget, on_path: Callable[[Path], object]) -> QFileDialog:
    """Open a dialog choosing a memory file to import (JSON or Markdown); ``on_path(path)``."""
    dlg = QFileDialog(parent, "Import memory", str(Path.home()),
                      "Memory files (*.json *.md *.markdown *.txt);;All files (*)")
    dlg.setObjectName("memoryImportDialog")
    dlg.setFileMode(QFileDialog.FileMode.ExistingFile)
    dlg.fileSelected.connect(lambda p: on_path(Path(p)))
    dlg.open()
    return dlg
