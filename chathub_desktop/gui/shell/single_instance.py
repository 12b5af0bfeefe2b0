"""One window per data dir (issue 13): a second launch on the same data dir hands its
arguments to the running app, which raises its window, and exits.

The running app holds a :class:`QLockFile` in the data dir for as long as it runs
(Qt sees a lock whose process is gone as stale, so a crash never blocks the next
start), and listens on a :class:`QLocalServer` whose name is derived from the data dir
(:func:`server_name`: a hash of its resolved path and the user, so two data dirs never
meet and the name stays short enough for a Unix socket path). A launch that gets the
lock is the app: that costs about a millisecond before the first paint, and the server
(QtNetwork, ~20 ms to load) starts after it (:meth:`InstanceLock.listen`). A launch
that finds the lock held connects to the server — retrying while the holder is still
starting — and sends a one-line JSON message ``{"argv": [...], "cwd": "..."}``; the app
answers ``ok`` and the launch ends. ``--new-instance`` skips all of this (a second,
separate window on the same store, which live refresh keeps in step).
"""

from __future__ import annotations

import getpass
import json
import os
import time
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCryptographicHash, QLockFile, QObject, Signal

from chathub_desktop.private_files import PRIVATE_FILE_MODE, make_private_dir

if TYPE_CHECKING:  # QtNetwork loads after the window's first paint
    from PySide6.QtNetwork import QLocalServer, QLocalSocket

#: Milliseconds to wait for a running app to accept a connection.
CONNECT_MS = 1500
#: Milliseconds a connected launch waits for the running app's answer (its event loop
#: may still be starting, or busy for a moment).
ANSWER_MS = 10_000
#: Seconds a launch that found the lock held keeps trying to reach its holder (which
#: may still be starting: it listens only after its first paint).
REACH_S = 15.0
#: Largest message accepted from a second launch, bytes (argv of a command line).
MAX_MESSAGE = 64 * 1024
LOCK_NAME = "window.lock"


def server_name(data_dir: Path) -> str:
    """The local-server name of ``data_dir`` for this user (stable across launches)."""
    try:
        user = getpass.getuser()
    except Exception:  # no login name (some containers)
        user = str(os.getuid()) if hasattr(os, "getuid") else "user"
    # Qt's SHA-256 (the same digest as hashlib's): hashlib loads OpenSSL, ~2 ms before the first paint (issue 29)
    key = f"{user}\0{data_dir.expanduser().resolve()}".encode()
    digest = bytes(QCryptographicHash.hash(key, QCryptographicHash.Algorithm.Sha256).toHex().data()).decode()[:20]
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
    from PySide6.QtNetwork import QLocalSocket

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


class InstanceLock:
    """The running app's hold on its data dir: the lock file (taken by :func:`claim`)
    and, once :meth:`listen` ran, the server. :meth:`close` releases both."""

    def __init__(self, lock: QLockFile, name: str) -> None:
        self._lock = lock
        self.name = name
        self.server: InstanceServer | None = None

    def listen(self) -> InstanceServer:
        """Start the server (after the window's first paint). A socket file left by a
        crashed app is removed first: the lock proves nobody else is the app."""
        from PySide6.QtNetwork import QLocalServer

        server = QLocalServer()
        server.setSocketOptions(QLocalServer.SocketOption.UserAccessOption)
        if not server.listen(self.name):
            QLocalServer.removeServer(self.name)
            server.listen(self.name)  # when even this fails, later launches cannot reach us
        self.server = InstanceServer(server)
        return self.server

    def close(self) -> None:
        """Stop listening and release the lock (the app is quitting)."""
        if self.server is not None:
            self.server.close()
            self.server.deleteLater()
            self.server = None
        self._lock.unlock()


def _held(lock: QLockFile, data_dir: Path, name: str) -> InstanceLock:
    """Wrap a taken lock; its file (QLockFile creates it with the umask) becomes 0600."""
    if os.name == "posix":
        os.chmod(data_dir / LOCK_NAME, PRIVATE_FILE_MODE)
    return InstanceLock(lock, name)


def claim(data_dir: Path, argv: list[str]) -> InstanceLock | None:
    """Become the app of ``data_dir``, or hand ``argv`` to the one running.

    Returns the :class:`InstanceLock` to keep while running (call ``listen()`` once
    the window is shown), or None when a running app took the arguments (the caller
    exits). Needs a Q(Core)Application. Raises :class:`NotAnswering` when the lock's
    holder cannot be reached within :data:`REACH_S` or does not answer, and
    ``OSError`` when the data dir cannot be created.

    A data dir made here is 0700 and the lock file 0600 (issue 12, walkthrough F4); a
    folder that exists keeps its mode (issue 32)."""
    make_private_dir(data_dir)
    name = server_name(data_dir)
    lock = QLockFile(str(data_dir / LOCK_NAME))
    lock.setStaleLockTime(0)  # stale only when its process is gone
    if lock.tryLock(0):
        return _held(lock, data_dir, name)
    deadline = time.monotonic() + REACH_S
    while True:
        if _hand_over(name, argv):
            return None
        if lock.tryLock(0):  # the holder quit meanwhile
            return _held(lock, data_dir, name)
        if time.monotonic() >= deadline:
            raise NotAnswering("ChatHub is already running on this data dir but cannot be reached; "
                               "not opening a second window (--new-instance opens one anyway)")
        time.sleep(0.1)
