"""Exports are written whole or not at all (issue 28: exports are 0600; CI saw a test
read an export while it was still being written)."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from chathub_desktop.private_files import write_private


def test_an_export_replaces_the_old_file_at_once_private_and_leaves_no_temp_file(tmp_path: Path) -> None:
    path = tmp_path / "topic.md"
    path.write_text("old export")
    os.chmod(path, 0o644)
    before = os.stat(path).st_ino
    write_private(path, b"# Middle\n\n## You\n")
    assert path.read_bytes() == b"# Middle\n\n## You\n"
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    assert os.stat(path).st_ino != before  # a new file took the name: a reader saw old or new, never half
    assert sorted(p.name for p in tmp_path.iterdir()) == ["topic.md"]


def test_a_failed_write_keeps_the_old_file_and_removes_its_temp_file(tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "topic.md"
    path.write_text("old export")

    def disk_full(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", disk_full)
    with pytest.raises(OSError, match="No space left"):
        write_private(path, b"new export")
    assert path.read_text() == "old export"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["topic.md"]
