"""Files are checked before they are read (issue 32): a device, a FIFO, a socket or a
folder named as an attachment, an import or a memory file is refused at once with one
line and nothing stored; a regular file is read only up to its limit."""

from __future__ import annotations

import json
import os
import socket
import sys
from pathlib import Path

import pytest

from chathub_desktop.services.errors import InvalidInput
from chathub_desktop.services.input_files import FileRefused, open_regular, read_regular
from tests.fakes import cli_fork

ROOT = Path(__file__).resolve().parents[2]


def test_cli_refuses_devices_and_a_fifo_at_once_with_one_line(tmp_path: Path) -> None:
    """`chat send --attach /dev/zero` (and /dev/urandom, a FIFO), `memory save`,
    `memory import`, every chat import, `model import`, `topic summary --set-file` and a
    SQLite `--database-url` naming one: one line each, exit 1, nothing stored. Before the fix these read without end or
    blocked on the FIFO; the timeout ends such a run instead of hanging the suite."""
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    env = {**os.environ, "CHATHUB_DATA_DIR": str(tmp_path / "data"), "PYTHONPATH": str(ROOT)}
    # a fork of the pre-imported CLI interpreter (tests/fakes/cli_fork.py), ~1 s of imports less
    done = cli_fork.run([sys.executable, "-m", "tests.integration.special_file_cases", str(fifo)],
                        cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    cases, stored = lines[:-1], lines[-1]["stored"]
    assert len(cases) == 33
    for case in cases:
        assert case["code"] == 1, case
        assert case["err"].count("\n") == 1, case
        if case["argv"][0] == "--database-url":  # the store itself
            assert case["err"].endswith(": not a regular file\n"), case
            continue
        name = Path(case["argv"][next(i for i, a in enumerate(case["argv"]) if a.startswith("/"))]).name
        kind = "named pipe (FIFO)" if name == "pipe" else "character device"
        assert f"{name} is a {kind}, not a regular file" in case["err"], case
    assert [t["id"] for t in stored["topics"]] == [1]
    assert stored["messages"]["messages"] == []
    assert [e["text"] for e in stored["memory"]] == ["kept entry"]
    assert stored["cards"] == []
    assert stored["summary"]["text"] == ""


def test_a_symlink_to_a_device_a_socket_and_a_folder_are_refused(tmp_path: Path) -> None:
    link = tmp_path / "innocent.txt"
    link.symlink_to("/dev/zero")
    sock_path = tmp_path / "s.sock"
    sock = socket.socket(socket.AF_UNIX)
    sock.bind(str(sock_path))
    try:
        for path, kind in ((link, "a character device"), (sock_path, "a socket"), (tmp_path, "a folder")):
            with pytest.raises(FileRefused, match=f"is {kind}, not a regular file"):
                read_regular(path, 1024)
    finally:
        sock.close()
    assert issubclass(FileRefused, InvalidInput)  # services and the CLI print it as one line


def test_a_regular_file_is_read_only_up_to_its_limit(tmp_path: Path) -> None:
    small = tmp_path / "a.txt"
    small.write_bytes(b"12345")
    assert read_regular(small, 5) == b"12345"
    with pytest.raises(FileRefused, match="larger than"):
        read_regular(small, 4)
    # a regular file whose stated size is 0 but which has more to read (procfs)
    assert os.stat("/proc/self/maps").st_size == 0
    with pytest.raises(FileRefused, match="larger than"):
        read_regular("/proc/self/maps", 16)
    with pytest.raises(FileRefused, match="cannot read missing.txt"):
        read_regular(tmp_path / "missing.txt", 16)


def test_the_open_file_is_the_checked_one_and_blocks_normally(tmp_path: Path) -> None:
    path = tmp_path / "b.bin"
    path.write_bytes(b"x" * 10)
    with open_regular(path) as fh:
        assert os.get_blocking(fh.fileno())
        assert os.fstat(fh.fileno()).st_ino == os.stat(path).st_ino
        assert fh.read() == b"x" * 10
