"""One window per data dir (issue 13): a second launch on the same data dir hands its
arguments to the running app, which brings its window to the front, and exits 0;
``--new-instance`` opens a second window; another data dir never meets the first; two
launches at once leave exactly one app. The launches are real processes (forks of the
CLI fork server, ``tests/gui/instance_launch.py``); every wait is for a condition, its
bound scaled for a loaded machine (issue 28)."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest
from PySide6.QtNetwork import QLocalSocket

from chathub_desktop.gui.shell.single_instance import claim, server_name
from chathub_desktop.storage.first_page import STORE_FILE
from tests.fakes import cli_fork
from tests.wait_scale import scale

REPO = Path(__file__).resolve().parents[2]
#: Seconds a launch may take to hand over and exit (start-up of Python + Qt included):
#: a hang bound, scaled as the condition waits are (tests/wait_scale.py).
HANDOVER_S = 30.0 * scale()
ALREADY = "already open for"


def launch(data_dir: Path, *extra: str) -> subprocess.Popen[str]:
    """``chathub-desktop [extra] --data-dir DATA_DIR`` as a real process (offscreen), its
    reach bound scaled (``tests/gui/instance_launch.py``)."""
    env = {**os.environ, "PYTHONPATH": str(REPO), "QT_QPA_PLATFORM": "offscreen"}
    env.pop("CHATHUB_DATABASE_URL", None)
    return cli_fork.Popen([sys.executable, "-m", "tests.gui.instance_launch", *extra, "--data-dir", str(data_dir)],
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)


def listening(name: str) -> bool:
    sock = QLocalSocket()
    sock.connectToServer(name)
    ok = sock.waitForConnected(200)
    sock.abort()
    return ok


def wait_listening(qtbot, data_dir: Path, proc: subprocess.Popen[str]) -> None:  # type: ignore[no-untyped-def]
    name = server_name(data_dir)
    deadline = time.monotonic() + HANDOVER_S
    while not listening(name):
        assert proc.poll() is None, proc.communicate()
        assert time.monotonic() < deadline, "the first app never listened"
        qtbot.wait(100)


def opened_store(proc: subprocess.Popen[str], data_dir: Path) -> bool:
    """Whether ``proc`` holds ``data_dir``'s store file open: it went past the
    single-instance check and is an app (Linux ``/proc``)."""
    store = str(data_dir.resolve() / STORE_FILE)
    fds = Path(f"/proc/{proc.pid}/fd")
    try:
        return any(os.readlink(fd) == store for fd in fds.iterdir())
    except OSError:  # it ended, or a descriptor closed while listed
        return False


def wait_opened(qtbot, data_dir: Path, proc: subprocess.Popen[str]) -> None:  # type: ignore[no-untyped-def]
    """Wait until ``proc`` has opened ``data_dir``'s store; fails if it ends first."""
    deadline = time.monotonic() + HANDOVER_S
    while not opened_store(proc, data_dir):
        assert proc.poll() is None, proc.communicate()
        assert time.monotonic() < deadline, "the app never opened its store"
        qtbot.wait(100)


def stop(proc: subprocess.Popen[str]) -> None:
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(10)
    proc.communicate()


def test_a_second_launch_raises_the_running_window(window, qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """The running app (this process) is hidden in the tray; `chathub-desktop` again on
    its data dir brings the window back and exits 0 with one line."""
    data = tmp_path / "data-a"
    instance = claim(data, [])
    assert instance is not None
    instance.listen().activated.connect(window.bring_to_front)
    try:
        window.hide()
        proc = launch(data, "gui")
        qtbot.waitUntil(lambda: proc.poll() is not None, timeout=int(HANDOVER_S * 1000))
        out, err = proc.communicate()
        assert proc.returncode == 0, err
        assert ALREADY in out
        qtbot.waitUntil(lambda: window.launches_handed_over == 1, timeout=3000)
        assert window.isVisible()
    finally:
        instance.close()


def test_launches_of_real_processes(qapp, qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """A running app in its own process: a second launch exits (0, one line) and the
    first keeps running; --new-instance and another data dir each open a window."""
    data = tmp_path / "data"
    first = launch(data)
    others: list[subprocess.Popen[str]] = []
    try:
        wait_listening(qtbot, data, first)
        second = launch(data)
        out, err = second.communicate(timeout=HANDOVER_S)
        assert second.returncode == 0, err
        assert ALREADY in out
        assert first.poll() is None
        others = [launch(data, "--new-instance"), launch(tmp_path / "elsewhere")]
        # each is an app of its own: past the single-instance check, its store open (a
        # wait for that, not 6 s of sleep, issue 28); "elsewhere" listens itself
        wait_opened(qtbot, data, others[0])
        wait_listening(qtbot, tmp_path / "elsewhere", others[1])
        assert [p.poll() for p in others] == [None, None]
        assert first.poll() is None
    finally:
        for p in [first, *others]:
            stop(p)


def test_two_launches_at_once_leave_one_app(qapp, qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """Started together on a new data dir: one listens, the other hands over to it."""
    data = tmp_path / "data"
    procs = [launch(data), launch(data)]
    try:
        deadline = time.monotonic() + HANDOVER_S
        while all(p.poll() is None for p in procs) and time.monotonic() < deadline:
            qtbot.wait(100)
        done = [p for p in procs if p.poll() is not None]
        assert len(done) == 1
        out, err = done[0].communicate()
        assert done[0].returncode == 0, err
        assert ALREADY in out
        assert listening(server_name(data))
    finally:
        for p in procs:
            stop(p)


def test_an_app_that_does_not_answer_keeps_its_socket(qapp, tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """A listening app that does not answer (busy) is not mistaken for a crashed one:
    the launch says so and its socket is left alone (no second window)."""
    from PySide6.QtNetwork import QLocalServer

    import chathub_desktop.gui.shell.single_instance as si

    monkeypatch.setattr(si, "ANSWER_MS", 300)
    data = tmp_path / "busy"
    held = claim(data, [])  # the busy app: it holds the data dir's lock ...
    assert held is not None
    busy = QLocalServer()  # ... and listens, but never answers
    assert busy.listen(server_name(data))
    try:
        try:
            claim(data, [])
        except si.NotAnswering as exc:
            assert "did not answer" in str(exc)
        else:
            raise AssertionError("claim() went on as if nobody listened")
        assert busy.isListening() and listening(server_name(data))
    finally:
        busy.close()
        held.close()


def test_a_crashed_app_does_not_block_the_next_start(qapp, qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """A lock and a socket left by a killed app: the next launch is the app at once."""
    data = tmp_path / "crashed"
    first = launch(data)
    try:
        wait_listening(qtbot, data, first)  # the lock and the socket are there
        assert (data / "window.lock").exists()
    finally:
        first.kill()
        first.communicate()
    again = launch(data)
    try:
        # it listens itself (the killed app cannot answer): it is the app, nobody took its
        # arguments (a wait for that, not 6 s of sleep, issue 28)
        wait_listening(qtbot, data, again)
        assert again.poll() is None
    finally:
        stop(again)


@pytest.mark.expect_log(r"the data folder .*shared is readable or writable by others")
def test_a_first_launch_makes_a_private_data_dir_without_a_note(qapp, qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """Walkthrough F4 (issue 12): under umask 022 the data dir a first launch creates is
    0700, window.ini and window.lock are 0600, and no "chmod 700" note is printed. A
    folder that exists keeps its mode (issue 32)."""
    data = tmp_path / "fresh" / "data"
    env = {**os.environ, "PYTHONPATH": str(REPO), "QT_QPA_PLATFORM": "offscreen", "CHATHUB_DATA_DIR": str(data)}
    env.pop("CHATHUB_DATABASE_URL", None)
    old = os.umask(0o022)
    try:  # no arguments at all, as a desktop launcher starts it
        first = cli_fork.Popen([sys.executable, "-m", "chathub_desktop"], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, env=env)
    finally:
        os.umask(old)
    try:
        wait_listening(qtbot, data, first)
        modes = {p.name: stat.S_IMODE(os.stat(p).st_mode) for p in (data, data / "window.ini", data / "window.lock")}
        assert modes == {"data": 0o700, "window.ini": 0o600, "window.lock": 0o600}
    finally:
        first.terminate()
        _, err = first.communicate(timeout=HANDOVER_S)
    assert "chmod 700" not in err
    shared = tmp_path / "shared"
    shared.mkdir()
    shared.chmod(0o755)
    held = claim(shared, [])
    assert held is not None
    held.close()
    assert stat.S_IMODE(os.stat(shared).st_mode) == 0o755
