"""Non-blocking file dialogs shared by the pages that export Markdown."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtWidgets import QFileDialog, QWidget


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
