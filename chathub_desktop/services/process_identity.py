"""Who sent a request: ``HOST:PID:NONCE`` of this process, stored on every reply.

It lets the badge trust only anchors this process sent (TOK-4) and lets start-up tell a
reply cut by a crash from one another live process is still streaming (APP-8).
"""

from __future__ import annotations

import os
import socket
import uuid
from datetime import datetime, timedelta

#: This process's identity, ``HOST:PID:NONCE``.
PROCESS_ID = f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:12]}"
#: A streaming reply of another machine's process older than this is taken as abandoned.
FOREIGN_STREAM_TIMEOUT = timedelta(hours=6)


def stream_is_orphaned(sent_by: str | None, started_at: datetime, now: datetime) -> bool:
    """Whether a reply still marked ``streaming`` can no longer be finished by its sender.

    Same host: its process is gone (``os.kill(pid, 0)`` fails) — or it is this process,
    which never leaves a stream it is not running. Another host: it started more than
    :data:`FOREIGN_STREAM_TIMEOUT` ago. Unknown sender: orphaned.
    """
    if not sent_by or sent_by.count(":") < 2:
        return True
    host, pid_text, _nonce = sent_by.rsplit(":", 2)
    if host != socket.gethostname():
        return now - started_at > FOREIGN_STREAM_TIMEOUT
    if sent_by == PROCESS_ID:
        return False
    try:
        pid = int(pid_text)
        os.kill(pid, 0)
    except (ValueError, ProcessLookupError):
        return True
    except PermissionError:  # alive, another user's
        return False
    return False
