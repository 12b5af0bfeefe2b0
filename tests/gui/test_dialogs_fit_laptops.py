"""Every dialog of the window fits a laptop (issue 29, "Fits a laptop"): at 1366×768 at
100 % scale and at 1280×720 at 125 % (1024×576 logical pixels), less a title bar and a
panel, each dialog can take the screen's size (its minimum size allows it) and, at that
size, the contrast and clipping audit finds no text cut (STYLE.md: every dialog fits
1366×768)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from PySide6.QtWidgets import QApplication, QDialog

from chathub_desktop.gui.design.audit import audit_window
from tests.gui.helpers import reload_assistants

#: The room a dialog has: the screen's logical size less a title bar and a panel (60 px).
SCREENS = {"1366x768@100%": (1366, 768 - 60), "1280x720@125%": (1024, 576 - 60)}


def _fits(dialog: QDialog) -> list[str]:
    """What does not fit of the shown ``dialog`` on each screen: a minimum size larger than
    the room, or a text cut at the size it gets there."""
    problems = []
    for screen, (w, h) in SCREENS.items():
        dialog.resize(min(dialog.sizeHint().width(), w), min(dialog.sizeHint().height(), h))
        QApplication.processEvents()  # the resize and the layout it asks for
        if dialog.width() > w or dialog.height() > h:
            problems.append(f"{screen}: {dialog.objectName()} is at least {dialog.width()}×{dialog.height()}")
            continue
        problems += [f"{screen}: {f.what}: {f.detail}" for f in audit_window(dialog, "light").clipped]
    return problems


def _about(window: Any) -> QDialog:
    return window.pages.open_about()


def _shortcuts(window: Any) -> QDialog:
    return window.pages.open_shortcuts()


def _new_assistant(window: Any) -> QDialog:
    return window.pages.open_new_assistant()


def _edit_assistant(window: Any) -> QDialog:
    return window.pages.open_edit_assistant()


def _import(window: Any) -> QDialog:
    return window.pages.open_import()


def _setup(window: Any) -> QDialog:
    return window.pages.open_setup()


def _provider_form(window: Any) -> QDialog:
    from chathub_desktop.gui.settings.provider_form import ProviderFormDialog

    dlg = ProviderFormDialog(window.svc.providers, window.runner, None, window)
    dlg.open()
    return dlg


def _error_details(window: Any) -> QDialog:
    from chathub_desktop.gui.shell.error_bar import ErrorDetailsDialog

    dlg = ErrorDetailsDialog("The provider refused the request", "Traceback (most recent call last):\n" * 80, window)
    dlg.open()
    return dlg


def _pasted(window: Any) -> QDialog:
    from chathub_desktop.gui.chat.pasted_chips import PastedView

    dlg = PastedView("a pasted line of a log file, long enough to wrap on a small screen\n" * 400, window)
    dlg.open()
    return dlg


def _paste_memory(window: Any) -> QDialog:
    from chathub_desktop.gui.memory.memory_paste_dialog import PasteMemoryDialog

    dlg = PasteMemoryDialog(window.svc, window.runner, window.current_assistant_id(), window)
    dlg.open()
    return dlg


def _mcp_server(window: Any) -> QDialog:
    from chathub_desktop.gui.settings.mcp_server_dialog import McpServerDialog

    async def never(_config: Any) -> Any:
        raise AssertionError("not started")

    dlg = McpServerDialog(window.runner, never, lambda *_a: None, parent=window,
                          assistants=[(1, "Helper"), (2, "Coder")])
    dlg.open()
    return dlg


def _model_card(window: Any) -> QDialog:
    from chathub_desktop.gui.settings.model_card_dialog import ModelCardDialog

    dlg = ModelCardDialog(window.svc.models, [], window.runner, window.presenter, model="acme-local-7b",
                          parent=window)
    dlg.open()
    return dlg


def _change_preview(window: Any) -> QDialog:
    from chathub_desktop.core.memory_diff import EntryChanges
    from chathub_desktop.gui.memory.change_preview import ChangePreviewDialog, PreviewOption

    card = "[2026-11-29]\n" + "\n".join(f"- a remembered line {i} about the backfill and its row counts"
                                       for i in range(40))
    option = PreviewOption("add", "Add", ["cards: 1 added"], EntryChanges(added=[card], removed=["[2026-11-28] Old"]),
                           panes=(("New card", card),), primary=True)
    dlg = ChangePreviewDialog(window, "Dream now", "Add the dream card?", [option], "Add card")
    dlg.open()
    return dlg


def _summary(window: Any) -> QDialog:
    from chathub_desktop.gui.context.summary_dialog import SummaryDialog

    a = window.current_assistant_id()
    topic = window.svc.topics.create(a, "Trip").id
    window.svc.compaction.edit_summary(topic, "We plan the Kyoto trip. " * 200, expected="")
    dlg = SummaryDialog(window.svc, topic, title="Trip", parent=window, runner=window.runner)
    dlg.open()
    return dlg


DIALOGS: dict[str, Callable[[Any], QDialog]] = {
    "about": _about, "shortcuts": _shortcuts, "new assistant": _new_assistant, "edit assistant": _edit_assistant,
    "import": _import, "setup wizard": _setup, "provider form": _provider_form, "error details": _error_details,
    "pasted text": _pasted, "paste memory": _paste_memory, "mcp server": _mcp_server, "model card": _model_card,
    "change preview": _change_preview, "summary": _summary,
}


@pytest.mark.parametrize("name", list(DIALOGS))
def test_the_dialog_fits_a_laptop_screen_at_100_and_125_percent(window, services, qtbot, name) -> None:  # type: ignore[no-untyped-def]
    reload_assistants(window, qtbot, services.assistants.create("Helper").id)
    dialog = DIALOGS[name](window)
    qtbot.waitExposed(dialog)
    if hasattr(dialog, "is_loaded"):  # a dialog that reads on a worker fills in first (issue 29)
        qtbot.waitUntil(dialog.is_loaded, timeout=10000)
    try:
        assert _fits(dialog) == []
    finally:
        dialog.hide()
