"""What a tool server's failure says, typed (issue 27, ``core.reasons``): the frames the
MCP clients put around the server's, the system's and the SDK's own words (which stay
values), and the window takes apart again to name the server once
(``gui.chat.tool_server_notice``). No I/O."""

from __future__ import annotations

from chathub_desktop.core.reasons import QT_TRANSLATE_NOOP, Reason

__all__ = ["NAMED", "RESTARTING_IN", "STDERR", "named"]

#: The server's name, then what failed (punctuation only: ``service_reasons`` says it).
NAMED = "%1: %2"
#: What failed, then the tail of the server's stderr.
STDERR = QT_TRANSLATE_NOOP("ServiceReasons", "%1 — stderr: %2")
#: A crashed server's failure while its restart waits out the back-off (seconds).
RESTARTING_IN = QT_TRANSLATE_NOOP("ServiceReasons", "%1; restarting in %2 s")


def named(server: str, what: Reason | str) -> Reason:
    """``"time: what failed"``: a failure said with its server's name first."""
    return Reason(NAMED, (server, what))
