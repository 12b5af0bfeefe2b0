"""Every export is a 0600 file, as the README says (issue 28, issue 12): topic export
(Markdown and JSON) and memory export from the CLI — also over a file that was 0644."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from chathub_desktop.cli import main
from chathub_desktop.core.messages import Role
from chathub_desktop.services.container import open_services

pytestmark = pytest.mark.skipif(os.name != "posix", reason="POSIX file modes")


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@pytest.fixture
def data(tmp_path: Path) -> Path:
    """A data dir with assistant A, topic 1 ("I like tea") and a fixed memory line."""
    folder = tmp_path / "data"
    svc = open_services(None, folder)
    try:
        svc.assistants.create("A")
        topic = svc.topics.create("A", "Tea talk").id
        svc.topics.append_message(topic, Role.USER, "I like tea")
    finally:
        svc.close()
    assert main(["memory", "add", "--assistant", "A", "Likes tea", "--data-dir", str(folder)]) == 0
    return folder


@pytest.mark.parametrize("fmt", ["md", "json"])
def test_cli_topic_export_is_private(data: Path, tmp_path: Path, fmt: str) -> None:
    out = tmp_path / f"topic.{fmt}"
    out.write_text("old")
    out.chmod(0o644)  # a file the user already had there
    assert main(["topic", "export", "1", "--format", fmt, "--output", str(out), "--data-dir", str(data)]) == 0
    assert mode(out) == 0o600
    assert "I like tea" in out.read_text()


def test_cli_memory_export_is_private(data: Path, tmp_path: Path) -> None:
    out = tmp_path / "memory.md"
    out.write_text("old")
    out.chmod(0o644)
    assert main(["memory", "export", "--assistant", "A", "--output", str(out), "--data-dir", str(data)]) == 0
    assert mode(out) == 0o600 and "Likes tea" in out.read_text()
