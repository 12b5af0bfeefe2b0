"""Who sent a request: the identity of this process, stored on every reply.

It lets the badge trust only anchors this process sent (TOK-4) and lets start-up tell a
reply cut by a crash from one another live process is still streaming (APP-8).

An identity is ``HOST:PID:NONCE:BIRTH`` (issue 32). ``BIRTH`` is ``STARTTIME@BOOT``: the
process's start time in clock ticks since boot (``/proc/<pid>/stat`` field 22) and the
first 8 hex digits of ``/proc/sys/kernel/random/boot_id``; empty where ``/proc`` is
missing. A PID alone is not an owner: PIDs wrap (at 32,768 by default) and a reboot
reuses them, so a live process with the stored PID but another birth is not the sender.
Identities stored before (``HOST:PID:NONCE``) are still read; for them a process that
started after the reply did is not its sender either.
"""

from __future__ import annotations

import os
import socket
import uuid
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

#: The host part of an identity: the host name cut so an identity fits its 64-character column.
HOST = socket.gethostname()[:20]
#: A streaming reply of another machine's process older than this is taken as abandoned.
FOREIGN_STREAM_TIMEOUT = timedelta(hours=6)
#: Slack when comparing a process's start with a reply's (boot time is whole seconds).
_START_SLACK = timedelta(seconds=2)
_PROC = Path("/proc")


@dataclass(frozen=True, slots=True)
class SenderIdentity:
    """A parsed identity: ``birth`` is ``None`` for one stored before issue 32 (or where
    ``/proc`` is missing)."""

    host: str
    pid: int
    nonce: str
    birth: str | None


def _boot_id() -> str | None:
    try:
        return (_PROC / "sys/kernel/random/boot_id").read_text(encoding="ascii").strip().replace("-", "")[:8] or None
    except OSError:
        return None


def _stat_fields(pid: int) -> list[str] | None:
    """Fields 3… of ``/proc/<pid>/stat`` (after the command name, which may hold spaces)."""
    try:
        text = (_PROC / str(pid) / "stat").read_text(encoding="ascii", errors="replace")
    except OSError:
        return None
    fields = text.rpartition(")")[2].split()
    return fields if len(fields) >= 20 else None


def process_birth(pid: int) -> str | None:
    """``STARTTIME@BOOT`` of the live process ``pid``; ``None`` when it is gone or this
    system has no ``/proc``."""
    fields, boot = _stat_fields(pid), _boot_id()
    if fields is None or boot is None:
        return None
    return f"{fields[19]}@{boot}"  # field 22 (starttime) is the 20th after the name


def process_started_at(pid: int) -> datetime | None:
    """When the live process ``pid`` started (UTC), from ``/proc``; ``None`` when unknown."""
    fields = _stat_fields(pid)
    try:
        boot = next(int(line.split()[1]) for line in (_PROC / "stat").read_text(encoding="ascii").splitlines()
                    if line.startswith("btime "))
        ticks = int(fields[19]) if fields is not None else None
    except (OSError, StopIteration, ValueError, IndexError):
        return None
    if ticks is None:
        return None
    return datetime.fromtimestamp(boot + ticks / os.sysconf("SC_CLK_TCK"), UTC)


def parse_identity(text: str | None) -> SenderIdentity | None:
    """``HOST:PID:NONCE:BIRTH`` or the older ``HOST:PID:NONCE`` parsed; ``None`` for
    anything else (an unknown sender)."""
    if not text:
        return None
    parts = text.split(":")
    if len(parts) >= 4 and "@" in parts[-1]:
        *host, pid_text, nonce, birth = parts
    elif len(parts) >= 3:
        *host, pid_text, nonce = parts
        birth = ""
    else:
        return None
    try:
        pid = int(pid_text)
    except ValueError:
        return None
    return SenderIdentity(":".join(host), pid, nonce, birth or None)


def _identity() -> str:
    birth = process_birth(os.getpid())
    return f"{HOST}:{os.getpid()}:{uuid.uuid4().hex[:12]}" + (f":{birth}" if birth else "")


#: This process's identity (see the module docstring).
PROCESS_ID = _identity()


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # alive, another user's
        return True
    except (OverflowError, ValueError):
        return False
    return True


def stream_is_orphaned(sent_by: str | None, started_at: datetime, now: datetime) -> bool:
    """Whether a reply still marked ``streaming`` can no longer be finished by its sender.

    Same host: not this process (which never leaves a stream it is not running) and
    either its PID is gone, or the live process with that PID is another one — its
    birth differs from the stored one, or (an identity without a birth) it started
    after the reply did (issue 32). Another host: it started more than
    :data:`FOREIGN_STREAM_TIMEOUT` ago. Unknown sender: orphaned.
    """
    who = parse_identity(sent_by)
    if who is None:
        return True
    if who.host not in (HOST, socket.gethostname()):
        return now - started_at > FOREIGN_STREAM_TIMEOUT
    if sent_by == PROCESS_ID:
        return False
    if who.pid == os.getpid() or not _alive(who.pid):
        return True
    if who.birth is not None:
        birth = process_birth(who.pid)
        return birth is not None and birth != who.birth
    began = process_started_at(who.pid)
    started = started_at if started_at.tzinfo is not None else started_at.replace(tzinfo=UTC)
    return began is not None and began > started + _START_SLACK
