"""``python -m tests.fakes.cli_fork_server SOCKET``: a CLI "fork server" for the tests
(issue 28). It imports the non-GUI package once (and builds the bundled tokenizers and
the secret detector's rules), then serves ``python -m MODULE ARGS`` requests on the
Unix socket ``SOCKET``: each is a
fork of this interpreter that takes the request's stdin/stdout/stderr (passed as file
descriptors), environment, working directory and umask and runs the module as
``__main__``, exactly as a fresh ``python -m`` (or ``python -c CODE``) would, minus the
~1 s of imports each fresh CLI process paid. What a module computes for its process at
import is computed again in the fork: the process identity (``PROCESS_ID``);
:func:`preload` refuses any other module value naming the server's pid. The fork is a
real separate process: its pid can be signalled and SIGKILLed, it opens its own store
connections, and its exit status goes back over the request's connection.
``tests/fakes/cli_fork.py`` is the client.

Protocol, per connection: the client sends 4 bytes (big-endian length of the JSON body)
with three descriptors (stdin, stdout, stderr) attached, then the JSON body
``{"module", "args", "env", "cwd", "umask", "new_session", "process_group"}``; the
server answers ``<pid>\\n`` when the fork runs and ``<wait status>\\n`` when it ended.
The server ends when its stdin (a pipe from the test process) closes.
"""

from __future__ import annotations

import gc
import importlib
import io
import json
import os
import pkgutil
import selectors
import signal
import socket
import struct
import sys
import threading
from dataclasses import dataclass

#: The modules a request may run (``python -m`` targets), and ``-c`` (``python -c CODE``).
RUNNABLE = frozenset({"chathub_desktop", "chathub_desktop.cli", "tests.integration.cli_child",
                      "tests.integration.concurrency_workers", "tests.gui.instance_launch", "tests.gui.quit_driver",
                      "tests.gui.draft_quit_driver", "tests.integration.special_file_cases", "-c"})
#: Packages imported before the first fork: everything a CLI command may load, no GUI.
_PRELOAD = ("chathub_desktop.cli", "chathub_desktop.core", "chathub_desktop.tokens",
            "chathub_desktop.providers", "chathub_desktop.storage", "chathub_desktop.services")
#: Largest request body in bytes (an environment and a command line).
MAX_REQUEST = 1 << 20


@dataclass
class Request:
    """One ``python -m`` to run: the module, its arguments, environment, working
    directory, umask, session/group wishes and the received stdio descriptors."""

    module: str
    args: list[str]
    env: dict[str, str]
    cwd: str
    umask: int
    new_session: bool
    process_group: int
    fds: list[int]


def preload() -> None:
    """Import every non-GUI module a command may load and build both tokenizers and the
    secret detector's rules, so a fork pays none of it; refuse to serve if that started
    a thread (a fork copies only the calling thread)."""
    for root in _PRELOAD:
        package = importlib.import_module(root)
        for info in pkgutil.walk_packages(package.__path__, root + "."):
            if info.name.endswith((".__main__", ".migrations")) or ".migrations." in info.name:
                continue
            importlib.import_module(info.name)
    importlib.import_module("chathub_desktop.logging_setup")
    for name in ("sqlalchemy.dialects.sqlite", "sqlalchemy.dialects.postgresql.psycopg", "psycopg",
                 "alembic.command", "httpx"):
        try:
            importlib.import_module(name)
        except ImportError:
            pass
    from chathub_desktop.tokens.encodings import get_encoding

    get_encoding("o200k_base")
    get_encoding("cl100k_base")
    # the secret detector's compiled rules (issue 28): each command that remembers text
    # (memory add, a compaction, a dream, an import) built them again from the rule cache,
    # about 0.3-0.5 s of a forked memory add's 0.4-0.6 s of CPU; built once here, single-threaded
    from chathub_desktop.services.memory import secret_scan

    secret_scan.library_status()
    assert "PySide6.QtCore" not in sys.modules, "the CLI fork server must not load Qt"
    pid = str(os.getpid())
    per_process = sorted(f"{name}.{attr}" for name, module in list(sys.modules.items())
                         if name.startswith("chathub_desktop") for attr, value in vars(module).items()
                         if isinstance(value, str) and pid in value.split(":") and attr != "PROCESS_ID")
    assert not per_process, f"module state naming the server's pid, a fork would inherit it: {per_process}"
    assert threading.active_count() == 1, f"preloading started threads: {threading.enumerate()}"
    if os.path.isdir("/proc/self/task"):  # native threads too (the rule compiler's, a tokenizer's)
        tasks = os.listdir("/proc/self/task")
        assert len(tasks) == 1, f"preloading started native threads: {tasks}"


def _read_exact(conn: socket.socket, n: int) -> bytes:
    data = b""
    while len(data) < n:
        part = conn.recv(n - len(data))
        if not part:
            raise EOFError("the client went away mid-request")
        data += part
    return data


def receive(conn: socket.socket) -> Request:
    """Read one request (length, descriptors, JSON body) from ``conn``; raises
    ``EOFError``/``ValueError`` on a short or malformed one (its descriptors closed)."""
    head, fds, _flags, _addr = socket.recv_fds(conn, 4, 3)
    try:
        head += _read_exact(conn, 4 - len(head))
        (size,) = struct.unpack("!I", head)
        if size > MAX_REQUEST or len(fds) != 3:
            raise ValueError(f"bad request: {size} bytes, {len(fds)} descriptors")
        body = json.loads(_read_exact(conn, size))
        if body["module"] not in RUNNABLE:
            raise ValueError(f"not a runnable module: {body['module']!r}")
        return Request(str(body["module"]), [str(a) for a in body["args"]], dict(body["env"]),
                       str(body["cwd"]), int(body["umask"]), bool(body["new_session"]),
                       int(body["process_group"]), list(fds))
    except BaseException:
        for fd in fds:
            os.close(fd)
        raise


def serve(path: str) -> Request | None:
    """Accept requests on ``path`` until stdin closes (returns None); in each fork,
    returns that fork's :class:`Request` with every server descriptor closed."""
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(path)
    listener.listen(64)
    sel = selectors.DefaultSelector()
    sel.register(listener, selectors.EVENT_READ, "accept")
    sel.register(sys.stdin.fileno(), selectors.EVENT_READ, "stdin")
    running: dict[int, tuple[socket.socket, int]] = {}  # pid → (client connection, pidfd)
    gc.collect()
    gc.freeze()  # forks share the preloaded objects' pages instead of copying them on a collection
    sys.stdout.write("ready\n")
    sys.stdout.flush()
    while True:
        for key, _ in sel.select():
            if key.data == "stdin":
                if not os.read(sys.stdin.fileno(), 4096):
                    return None
            elif key.data == "accept":
                conn, _ = listener.accept()
                try:
                    req = receive(conn)
                except (EOFError, ValueError, OSError, KeyError, TypeError) as exc:
                    print(f"cli fork server: refused a request: {exc}", file=sys.stderr, flush=True)
                    conn.close()
                    continue
                pid = os.fork()
                if pid == 0:
                    sel.close()
                    listener.close()
                    conn.close()
                    for other, pidfd in running.values():
                        other.close()
                        os.close(pidfd)
                    return req
                for fd in req.fds:
                    os.close(fd)
                pidfd = os.pidfd_open(pid)
                running[pid] = (conn, pidfd)
                sel.register(pidfd, selectors.EVENT_READ, pid)
                conn.sendall(f"{pid}\n".encode())
            else:
                pid = key.data
                conn, pidfd = running.pop(pid)
                sel.unregister(pidfd)
                os.close(pidfd)
                _, status = os.waitpid(pid, 0)
                try:
                    conn.sendall(f"{status}\n".encode())
                except OSError:
                    pass  # the test process stopped waiting
                conn.close()


def _stdio(env: dict[str, str]) -> None:
    """New ``sys.stdin/stdout/stderr`` on descriptors 0-2, buffered as a fresh interpreter
    with this environment buffers them (``PYTHONUNBUFFERED``: write-through)."""
    unbuffered = bool(env.get("PYTHONUNBUFFERED"))
    encoding = sys.stdout.encoding

    def writer(fd: int, errors: str, line: bool) -> io.TextIOWrapper:
        raw = io.FileIO(fd, "wb", closefd=False)
        buffer: io.RawIOBase | io.BufferedWriter = raw if unbuffered else io.BufferedWriter(raw)
        return io.TextIOWrapper(buffer, encoding=encoding, errors=errors,  # type: ignore[arg-type]
                                line_buffering=line, write_through=unbuffered)

    stdin = io.TextIOWrapper(io.BufferedReader(io.FileIO(0, "rb", closefd=False)), encoding=encoding,
                             errors=sys.stdin.errors)
    stdout = writer(1, sys.stdout.errors or "strict", os.isatty(1))
    stderr = writer(2, "backslashreplace", True)
    sys.stdin = sys.__stdin__ = stdin
    sys.stdout = sys.__stdout__ = stdout
    sys.stderr = sys.__stderr__ = stderr


def _own_identity() -> None:
    """Give the fork its own process identity (``HOST:PID:NONCE:BIRTH``, APP-8), which
    ``process_identity`` computes at import: every module's ``PROCESS_ID`` binding of the
    server's identity is replaced by the fork's (a stream it leaves when killed must
    name the dead fork, not the live server)."""
    from chathub_desktop.services.chat import process_identity

    old, new = process_identity.PROCESS_ID, process_identity._identity()
    for module in list(sys.modules.values()):
        if getattr(module, "PROCESS_ID", None) is old:
            module.PROCESS_ID = new


def become(req: Request) -> None:
    """In the fork: take the request's process attributes and stdio, then run its module
    as ``__main__`` (its SystemExit or exception ends the process as in ``python -m``)."""
    import faulthandler
    import runpy

    signal.signal(signal.SIGINT, signal.default_int_handler)
    if req.new_session:
        os.setsid()
    elif req.process_group >= 0:
        os.setpgid(0, req.process_group)
    os.umask(req.umask)
    for target, fd in enumerate(req.fds):
        os.dup2(fd, target)
    for fd in set(req.fds):
        if fd > 2:
            os.close(fd)
    _own_identity()
    os.chdir(req.cwd)
    os.environ.clear()
    os.environ.update(req.env)
    _stdio(req.env)
    if req.env.get("PYTHONFAULTHANDLER"):
        faulthandler.enable()
    else:
        faulthandler.disable()
    if req.module == "-c":
        import types

        sys.path[0] = ""  # as ``python -c``
        sys.argv = ["-c", *req.args[1:]]
        main = types.ModuleType("__main__")
        sys.modules["__main__"] = main
        exec(compile(req.args[0], "<string>", "exec"), main.__dict__)
        return
    sys.path[0] = req.cwd  # ``python -m`` puts the working directory first
    sys.argv = [req.module, *req.args]
    runpy.run_module(req.module, run_name="__main__", alter_sys=True)


def main() -> None:
    """Preload, serve; a fork leaves :func:`serve` with its request and becomes it."""
    preload()
    req = serve(sys.argv[1])
    if req is not None:
        become(req)


if __name__ == "__main__":
    main()
