"""``subprocess`` for CLI children, through a fork server (issue 28).

The crash, concurrency and live-refresh tests start hundreds of ``python -m
chathub_desktop ...`` processes; each fresh interpreter spent about 1 s of CPU importing
the package before it did anything (``benchmarks/bench_cli_start.py``). :class:`Popen`
and :func:`run` take the same arguments as ``subprocess``'s; a command line
``[sys.executable, "-m", MODULE, ...]`` for one of
``tests.fakes.cli_fork_server.RUNNABLE`` (or ``[sys.executable, "-c", CODE, ...]``) is served by a fork of one pre-imported
interpreter per test process (``tests/fakes/cli_fork_server.py``): still a separate
process with its own pid (signals and SIGKILL reach it), stdio, environment, working
directory and exit status. Anything else (another program, ``pass_fds``, a ``PYTHON*``
or locale variable that differs from the server's, which a fresh interpreter would read
at start-up) runs as a fresh interpreter, as does everything with
``CHATHUB_TEST_FORK_CLI=0``. Tests that measure a fresh process (its imports, its peak
RSS, its start-up) keep using ``subprocess``.
"""

from __future__ import annotations

import atexit
import json
import os
import select
import socket
import struct
import subprocess
import sys
import tempfile
import threading
from pathlib import Path
from typing import Any

from tests.fakes.cli_fork_server import RUNNABLE

REPO = Path(__file__).resolve().parents[2]
#: ``0`` runs every CLI child as a fresh interpreter.
SWITCH_ENV = "CHATHUB_TEST_FORK_CLI"
#: Exit code reported when the server vanished before telling a child's status.
LOST = 255

PIPE = subprocess.PIPE
DEVNULL = subprocess.DEVNULL
STDOUT = subprocess.STDOUT
CompletedProcess = subprocess.CompletedProcess
TimeoutExpired = subprocess.TimeoutExpired


def _startup_keys(env: dict[str, str]) -> dict[str, str]:
    """The variables a fresh interpreter reads at start-up (beyond what a fork takes over
    itself: ``PYTHONUNBUFFERED``, ``PYTHONFAULTHANDLER``, ``PYTHONPATH``)."""
    own = {"PYTHONUNBUFFERED", "PYTHONFAULTHANDLER", "PYTHONPATH"}
    return {k: v for k, v in env.items()
            if (k.startswith(("PYTHON", "LC_")) and not k.startswith("PYTHON_") or k == "LANG")
            and k not in own}


class _Server:
    """The fork server of this process: started on first use, ended at exit."""

    def __init__(self) -> None:
        self.dir = tempfile.mkdtemp(prefix="chathub-cli-fork-")
        self.socket_path = os.path.join(self.dir, "s")
        env = {k: v for k, v in os.environ.items()
               if not k.startswith(("CHATHUB_", "PYTEST_"))}
        env["PYTHONPATH"] = str(REPO)
        self.startup = _startup_keys(env)
        self.log = open(os.path.join(self.dir, "server.log"), "wb")  # noqa: SIM115
        self.proc = subprocess.Popen([sys.executable, "-m", "tests.fakes.cli_fork_server", self.socket_path],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.log,
                                     cwd=REPO, env=env)
        assert self.proc.stdout is not None
        ready = self.proc.stdout.readline()
        if ready != b"ready\n":
            self.proc.wait(30)
            raise RuntimeError(f"the CLI fork server did not start: {Path(self.log.name).read_text()[-2000:]}")

    def connect(self) -> socket.socket:
        """A new connection for one request."""
        conn = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        conn.connect(self.socket_path)
        return conn

    def close(self) -> None:
        """End the server (its stdin closes) and remove its socket directory."""
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.close()
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(10)
        self.proc.stdout.close()
        self.log.close()
        for name in os.listdir(self.dir):
            os.unlink(os.path.join(self.dir, name))
        os.rmdir(self.dir)


_lock = threading.Lock()
_server: _Server | None = None


def _the_server() -> _Server:
    global _server
    with _lock:
        if _server is None or _server.proc.poll() is not None:
            _server = _Server()
            atexit.register(_server.close)
        return _server


def forkable(args: Any, env: dict[str, str] | None, **options: Any) -> str | None:
    """The module to run when ``args`` (with these Popen ``options``) can be served by a
    fork, else None."""
    if os.environ.get(SWITCH_ENV, "1") == "0" or isinstance(args, (str, bytes, os.PathLike)):
        return None
    argv = [os.fspath(a) if isinstance(a, os.PathLike) else a for a in args]
    if len(argv) < 3 or argv[0] != sys.executable:
        return None
    if argv[1] == "-c":
        module = "-c"
    elif argv[1] == "-m" and argv[2] in RUNNABLE:
        module = str(argv[2])
    else:
        return None
    if any(options.get(k) for k in ("shell", "executable", "preexec_fn", "pass_fds", "user", "group",
                                     "extra_groups", "startupinfo")):
        return None
    env = dict(os.environ) if env is None else env
    if env.get("PYTHONPATH", str(REPO)) not in ("", str(REPO)):
        return None
    if _startup_keys(env) != _the_server().startup:
        return None
    return module


class Popen(subprocess.Popen):  # type: ignore[type-arg]
    """``subprocess.Popen`` whose CLI children are forks of the pre-imported server (see
    the module docstring); the rest is ``subprocess.Popen`` unchanged (pipes,
    ``communicate``, timeouts, ``send_signal``/``kill``, ``returncode``)."""

    _forked = False
    _fork_fd = -1
    _fork_buf = b""
    _fork_status = 0

    def _execute_child(self, args, executable, preexec_fn, close_fds, pass_fds, cwd, env,  # type: ignore[no-untyped-def]
                       startupinfo, creationflags, shell, p2cread, p2cwrite, c2pread, c2pwrite,
                       errread, errwrite, restore_signals, gid, gids, uid, umask, start_new_session,
                       process_group):
        module = forkable(args, env, shell=shell, executable=executable, preexec_fn=preexec_fn,
                          pass_fds=pass_fds, user=uid, group=gid, extra_groups=gids, startupinfo=startupinfo)
        if module is None:
            return super()._execute_child(  # type: ignore[misc]
                args, executable, preexec_fn, close_fds, pass_fds, cwd, env, startupinfo, creationflags, shell,
                p2cread, p2cwrite, c2pread, c2pwrite, errread, errwrite, restore_signals, gid, gids, uid, umask,
                start_new_session, process_group)
        if umask < 0:
            umask = os.umask(0o077)
            os.umask(umask)
        body = json.dumps({
            "module": module, "args": [os.fspath(a) for a in list(args)[2 if module == "-c" else 3:]],
            "env": dict(os.environ) if env is None else {os.fsdecode(k): os.fsdecode(v) for k, v in env.items()},
            "cwd": os.fspath(cwd) if cwd is not None else os.getcwd(), "umask": umask,
            "new_session": bool(start_new_session), "process_group": process_group,
        }).encode()
        fds = [p2cread if p2cread != -1 else 0, c2pwrite if c2pwrite != -1 else 1,
               errwrite if errwrite != -1 else 2]
        conn = _the_server().connect()
        try:
            socket.send_fds(conn, [struct.pack("!I", len(body))], fds)
            conn.sendall(body)
            line = b""
            while not line.endswith(b"\n"):
                part = conn.recv(64)
                if not part:
                    raise RuntimeError(f"the CLI fork server refused {list(args)[:4]}")
                line += part
        except BaseException:
            conn.close()
            raise
        self.pid = int(line)
        self._child_created = True
        self._forked = True
        self._fork_fd = conn.detach()
        self._close_pipe_fds(p2cread, p2cwrite, c2pread, c2pwrite, errread, errwrite)  # type: ignore[attr-defined]

    def _try_wait(self, wait_flags: int) -> tuple[int, int]:
        """(pid, wait status) from the server, or (0, 0) while the child runs
        (``WNOHANG``); caller holds ``_waitpid_lock``."""
        if not self._forked:
            return super()._try_wait(wait_flags)  # type: ignore[misc,no-any-return]
        if self._fork_fd < 0:  # already told
            return self.pid, self._fork_status
        while not self._fork_buf.endswith(b"\n"):
            if wait_flags & os.WNOHANG and not select.select([self._fork_fd], [], [], 0)[0]:
                return 0, 0
            part = os.read(self._fork_fd, 64)
            if not part:
                print(f"cli_fork: the fork server went away before child {self.pid} ended", file=sys.stderr)
                self._fork_buf = f"{LOST << 8}\n".encode()
                break
            self._fork_buf += part
        os.close(self._fork_fd)
        self._fork_fd = -1
        status = int(self._fork_buf)
        self._fork_buf = b""
        self._fork_status = status
        return self.pid, status

    def _internal_poll(self, _deadstate: int | None = None, **_kw: Any) -> int | None:
        if not self._forked:
            return super()._internal_poll(_deadstate)  # type: ignore[misc,no-any-return]
        if self.returncode is None and self._waitpid_lock.acquire(False):  # type: ignore[attr-defined]
            try:
                if self.returncode is None:
                    pid, status = self._try_wait(os.WNOHANG)
                    if pid == self.pid:
                        self._handle_exitstatus(status)  # type: ignore[attr-defined]
            finally:
                self._waitpid_lock.release()  # type: ignore[attr-defined]
        return self.returncode


def run(args: Any, *, input: str | bytes | None = None, capture_output: bool = False,  # noqa: A002
        timeout: float | None = None, check: bool = False, **kwargs: Any) -> subprocess.CompletedProcess[Any]:
    """``subprocess.run`` over :class:`Popen` (same arguments and result)."""
    if input is not None:
        kwargs["stdin"] = subprocess.PIPE
    if capture_output:
        kwargs["stdout"] = kwargs["stderr"] = subprocess.PIPE
    with Popen(args, **kwargs) as process:
        try:
            stdout, stderr = process.communicate(input, timeout=timeout)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
            raise
        except BaseException:
            process.kill()
            raise
        retcode = process.poll()
        assert retcode is not None
    if check and retcode:
        raise subprocess.CalledProcessError(retcode, process.args, output=stdout, stderr=stderr)
    return subprocess.CompletedProcess(process.args, retcode, stdout, stderr)
