"""The window's one line when a tool server did not start before a send (issue 25).

``ChatService`` publishes :class:`~chathub_desktop.services.events.ToolServerDown` once
per failure (the send goes on without that server's tools); :class:`ToolServerNotices`
shows it in the window's error bar: the server, that the reply goes on without its
tools, and why (its stderr tail), with the whole reason under Details….
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QObject

from chathub_desktop.core.mcp_reasons import NAMED, STDERR
from chathub_desktop.core.reasons import Reason
from chathub_desktop.gui.shell.chat_events import ChatEvents
from chathub_desktop.gui.shell.error_bar import ErrorBar
from chathub_desktop.gui.shell.i18n import QT_TRANSLATE_NOOP, fill
from chathub_desktop.gui.shell.service_reasons import said
from chathub_desktop.services.events import ToolServerDown

__all__ = ["SERVER_DOWN_HINT", "ToolServerNotices", "server_down_line"]

#: The Details line under the summary (not a bug: the server's command or settings).
SERVER_DOWN_HINT = QT_TRANSLATE_NOOP("ErrorBar", "A tool server did not start. Check its command and settings in "
                                                 "Settings → Tools; its own words are below.")


def server_down_line(event: ToolServerDown) -> str:
    """The one line: ``Tool server "time" did not start; replies go on without its
    tools: could not start: … — stderr: …`` (the reason without its leading name)."""
    reason = (said(_unnamed(event.why, event.server)) if event.why is not None
              else event.reason.removeprefix(f"{event.server}: "))
    template = QCoreApplication.translate("ToolServers", "Tool server \u201c%1\u201d did not start; replies go on "
                                                         "without its tools: %2")
    return fill(template, event.server, reason)


def _unnamed(why: Reason, server: str) -> Reason:
    """``why`` without its leading ``server: `` (the line names the server itself)."""
    if why.template == STDERR and why.args and isinstance(why.args[0], Reason):
        return Reason(why.template, (_unnamed(why.args[0], server), *why.args[1:]), why.notes)
    if why.template == NAMED and len(why.args) == 2 and why.args[0] == server:  # noqa: PLR2004 - name, what
        what = why.args[1]
        return what.with_notes(*why.notes) if isinstance(what, Reason) else Reason("%1", (what,), why.notes)
    return why


class ToolServerNotices(QObject):
    """Shows each :class:`ToolServerDown` of ``events`` in ``bar`` (GUI thread: the
    signal is queued there from the send loop)."""

    def __init__(self, events: ChatEvents, bar: ErrorBar, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._bar = bar
        events.tool_server_down.connect(self._on_down)

    def _on_down(self, event: ToolServerDown) -> None:
        self._bar.show_error(server_down_line(event), event.reason, hint=SERVER_DOWN_HINT)
