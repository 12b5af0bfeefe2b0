"""What the Memory page's components are given (issue 30): a small Protocol instead of a
base class they are mixed into. The page satisfies it; a component keeps its own state."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from chathub_desktop.gui.shell.chat_events import ChatEvents
    from chathub_desktop.gui.shell.error_presenter import ErrorPresenter
    from chathub_desktop.gui.shell.service_ops import ServiceOps
    from chathub_desktop.gui.shell.task_runner import TaskRunner
    from chathub_desktop.services.container import Services
    from chathub_desktop.services.memory.memory_service import MemoryEntryView
    from chathub_desktop.services.views import AssistantView


class FixedMemoryHost(Protocol):
    """The fixed-memory side of the page a component works for: the services and the
    assistant, the page's write queue (``ops``), its bus bridge and error presenter, and
    its status line, inline error and reloads."""

    svc: Services
    assistant_id: int
    ops: ServiceOps
    events: ChatEvents
    presenter: ErrorPresenter
    runner: TaskRunner

    @property
    def assistant(self) -> AssistantView | None:
        """The assistant as last read (None before the first load)."""

    def show_status(self, message: str | Callable[[], str]) -> None:
        """A short confirmation on the page's status line (a callable is re-said on a
        language switch)."""

    def show_error(self, message: str) -> None:
        """An inline error ("" hides it)."""

    def schedule_reload(self) -> None:
        """Re-read the entries soon on a worker."""


class FixedListHost(FixedMemoryHost, Protocol):
    """A fixed-memory host with the card list: the version token of the document the
    cards show, the selected entry, and which entry to select after the next load."""

    @property
    def version(self) -> str:
        """The version token of the document the cards show (issue 10)."""

    def current_entry(self) -> MemoryEntryView | None:
        """The selected card's entry."""

    def select_after_load(self, number: int) -> None:
        """Select entry ``number`` once the next load is shown."""
