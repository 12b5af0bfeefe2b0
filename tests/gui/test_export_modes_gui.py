"""Exports written from the window are 0600 (issue 28): topic export (Markdown, JSON) and
Memory → Export, also over a file that was 0644."""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import Any

import pytest

from chathub_desktop.core.messages import Role
from tests.gui.helpers import reload_assistants

pytestmark = pytest.mark.skipif(os.name != "posix", reason="POSIX file modes")


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def _old_file(path: Path) -> Path:
    path.write_text("")
    path.chmod(0o644)
    return path


def test_window_exports_are_private(window: Any, services: Any, qtbot: Any, tmp_path: Path) -> None:
    services.assistants.create("Helper")
    topic = services.topics.create("Helper", "Tea").id
    services.topics.append_message(topic, Role.USER, "I like tea")
    reload_assistants(window, qtbot)
    for fmt in ("md", "json"):
        path = _old_file(tmp_path / f"topic.{fmt}")
        window.topic_actions.export_to(topic, fmt, path)
        qtbot.waitUntil(lambda p=path: p.stat().st_size > 0, timeout=5000)
        assert _mode(path) == 0o600, fmt
    page = window.pages.open_memory()
    for fmt in ("fixed", "json", "markdown"):
        path = _old_file(tmp_path / f"memory-{fmt}.txt")
        with qtbot.waitSignal(page.transfer.export_finished, timeout=5000):  # written on a worker
            assert page.transfer.export_to(path, fmt)
        assert _mode(path) == 0o600, fmt
