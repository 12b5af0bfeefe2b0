"""The window's memory dreams (APP-4, DRM-6): the dream timer, the tray and the desktop
notifications, started once the store is attached (after first paint). Split from the
main window (rail51): built from what it needs, holding no window but the widget the
tray shows and the notifications name.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import SignalInstance
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu, QWidget

from chathub_desktop.gui.shell.notifications import Notifier
from chathub_desktop.gui.shell.task_runner import TaskRunner
from chathub_desktop.gui.shell.tray import DreamRunner, TrayController

if TYPE_CHECKING:
    from chathub_desktop.gui.memory.fixed_page import MemoryPage
    from chathub_desktop.services.container import Services
    from chathub_desktop.services.dream.dream_service import DreamOutcome


@dataclass(frozen=True)
class WindowDreams:
    """What :func:`start_dreams` started: the timer, the tray, the notifications."""

    runner: DreamRunner
    tray: TrayController
    notifier: Notifier


def start_dreams(window: QWidget, services: Services, runner: TaskRunner, *, status: Callable[[str, int], None],
                 changes: Sequence[SignalInstance], quit_action: QAction, menu: QMenu,
                 memory_page: Callable[[], MemoryPage | None], assistant_name: Callable[[int], str],
                 notifications: Callable[[], bool]) -> WindowDreams:
    """Start the dream timer over ``services`` (its tasks on ``runner``, its outcomes said
    through ``status`` unless the Memory page of that assistant is in view; ``changes``
    wake it), the tray for ``window`` (its Quit ``quit_action``; Run due and Pause also
    in ``menu``) and the notifications (while ``notifications()``; ``assistant_name``
    names an assistant id). A run's end also has the open Memory page re-read its
    last-run line."""

    def in_view(assistant_id: int) -> bool:
        page = memory_page()
        return page is not None and page.isVisible() and page.assistant_id == assistant_id

    dreams = DreamRunner(services, runner, status=status, parent=window, changes=changes, on_page=in_view)
    runner.run("dreams-paused", dreams.load_paused(), context="Pause dreams")
    tray = TrayController(window, dreams, quit_action, parent=window)
    menu.addSeparator()
    menu.addAction(tray.run_due_action)
    menu.addAction(tray.pause_action)
    notifier = Notifier(window, runner, enabled=notifications)

    def ran(outcomes: list[DreamOutcome]) -> None:
        notifier.on_dreams_ran(outcomes, assistant_name)
        page = memory_page()
        if page is not None:
            page.dream_panel.schedule_reload()

    dreams.run_finished.connect(ran)
    dreams.start()
    return WindowDreams(dreams, tray, notifier)
