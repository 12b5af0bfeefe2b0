"""One window per data dir (issue 13): a second launch on the same data dir hands its
arguments to the running app, which raises its window, and exits.

The running app listens on a :class:`QLocalServer` whose name is derived from the
data dir (:func:`server_name`: a hash of its resolved path and the user, so two data
dirs never meet and the name stays short enough for a Unix socket path). A launch first
tries to connect: a running app answers ``ok`` to a one-line JSON message
``{"argv": [...], "cwd": "..."}`` and the launch ends. Otherwise it becomes the running
app and listens.

Connect-or-listen runs under a :class:`QLockFile` in the data dir, so two launches at
the same moment never both listen, and a socket left behind by a crashed app is removed
only when nobody answers on it. ``--new-instance`` skips all of this (a second, separate
window on the same store, which live refresh keeps in step).
"""

from __future__ import annotations

import getpass
import hashlib
import json
import os
from pathlib import Path

from PySide6.QtCore import QLockFile, QObject, Signal
from PySide6.QtNetwork import QLocalServer, QLocalSocket

#: Milliseconds to wait for a running app to accept a connection.
CONNECT_MS = 1500
#: Milliseconds a connected launch waits for the running app's answer (its event loop
#: may still be starting, or busy for a moment).
ANSWER_MS = 10_000
#: Milliseconds to wait for the data dir's launch lock.
LOCK_MS = 5000
#: Largest message accepted from a second launch, bytes (argv of a command line).
MAX_MESSAGE = 64 * 1024
LOCK_NAME = "window.lock"


def server_name(data_dir: Path) -> str:
    """The local-server name of ``data_dir`` for this user (stable across launches)."""
    try:
        user = getpass.getuser()
    except Exception:  # no login name (some containers)
        user = str(os.getuid()) if hasattr(os, "getuid") else "user"
    digest = hashlib.sha256(f"{user}\0{data_dir.expanduser().resolve()}".encode()).hexdigest()[:20]
    return f"chathub-desktop-{digest}"


class InstanceServer(QObject):
    """The running app's end: emits ``activated(argv)`` (on the GUI thread) when a
    second launch hands over its arguments. Close it with :meth:`close`."""

    activated = Signal(list)

    def __init__(self, server: QLocalServer) -> None:
        super().__init__()
        self._server = server
        server.setParent(self)
        server.newConnection.connect(self._on_connection)

    @property
    def name(self) -> str:
        """The server's name."""
        return self._server.serverName()

    def _on_connection(self) -> None:
        while self._server.hasPendingConnections():
            sock = self._server.nextPendingConnection()
            sock.readyRead.connect(lambda s=sock: self._read(s))
            sock.disconnected.connect(sock.deleteLater)

    def _read(self, sock: QLocalSocket) -> None:
        if not sock.canReadLine():
            if sock.bytesAvailable() > MAX_MESSAGE:
                sock.abort()
            return
        line = bytes(sock.readLine(MAX_MESSAGE).data())
        try:
            msg = json.loads(line.decode("utf-8"))
            argv = [str(a) for a in msg.get("argv", [])]
        except (ValueError, AttributeError, TypeError):
            sock.write(b"bad\n")
            sock.disconnectFromServer()
            return
        sock.write(b"ok\n")
        sock.flush()
        sock.disconnectFromServer()
        self.activated.emit(argv)

    def close(self) -> None:
        """Stop listening (the app is quitting)."""
        self._server.close()


class NotAnswering(Exception):
    """An app listens on this data dir but did not answer in time; the message is
    user-facing."""


def _hand_over(name: str, argv: list[str]) -> bool:
    """Send ``argv`` to the app listening on ``name``: True when it answered ``ok``,
    False when nobody listens. Raises :class:`NotAnswering` when an app accepted the
    connection but did not answer within :data:`ANSWER_MS`."""
    sock = QLocalSocket()
    sock.connectToServer(name)
    if not sock.waitForConnected(CONNECT_MS):
        return False
    payload = json.dumps({"argv": argv, "cwd": os.getcwd()}).encode("utf-8") + b"\n"
    sock.write(payload)
    sock.waitForBytesWritten(CONNECT_MS)
    answered = b""
    while b"\n" not in answered and sock.waitForReadyRead(ANSWER_MS):
        answered += bytes(sock.readAll().data())
    sock.disconnectFromServer()
    if not answered.startswith(b"ok"):
        raise NotAnswering("ChatHub is already running on this data dir but did not answer; "
                           "not opening a second window (--new-instance opens one anyway)")
    return True


def claim(data_dir: Path, argv: list[str]) -> InstanceServer | None:
    """Become the app of ``data_dir``, or hand ``argv`` to the one running.

    Returns the :class:`InstanceServer` to keep while running, or None when a running
    app took the arguments (the caller exits). Needs a Q(Core)Application. When the
    lock cannot be had within :data:`LOCK_MS` the check runs without it; when the name
    cannot be listened on, the app runs unreachable (a later launch opens a second
    window) rather than not at all. A socket is removed only when connecting to it was
    refused (a crashed app's). Raises :class:`NotAnswering` (see :func:`_hand_over`)
    and ``OSError`` when the data dir cannot be created."""
    data_dir.mkdir(parents=True, exist_ok=True)
    name = server_name(data_dir)
    lock = QLockFile(str(data_dir / LOCK_NAME))
    lock.setStaleLockTime(0)  # stale only when its process is gone
    locked = lock.tryLock(LOCK_MS)
    try:
        if _hand_over(name, argv):
            return None
        return _listen(name)
    finally:
        if locked:
            lock.unlock()


def _listen(name: str) -> InstanceServer:
    server = QLocalServer()
    server.setSocketOptions(QLocalServer.SocketOption.UserAccessOption)
    if not server.listen(name):
        # nobody answered on it (checked under the lock): a crashed app's socket
        QLocalServer.removeServer(name)
        server.listen(name)
    return InstanceServer(server)
