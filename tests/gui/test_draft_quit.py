"""A draft outlives quitting the real app (walk45 #1): the app (``run_gui``, its own
process) makes a new topic, a draft is typed and Quit is chosen at once; the next start
opens that topic with the draft in its composer (the quit wrote it on a store worker
before the store closed, the write delay not yet over)."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

from chathub_desktop.core.messages import Role
from chathub_desktop.services.container import open_services
from tests.gui.app_process import run_driver
from tests.gui.draft_quit_driver import DRAFT


def _run(data_dir: Path, url: str, step: str) -> subprocess.CompletedProcess[str]:
    proc = run_driver("draft_quit_driver", data_dir, url, step, timeout=90)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "Traceback" not in proc.stderr, proc.stderr[-2000:]
    return proc


def test_a_draft_left_at_quit_is_there_at_the_next_start(tmp_path: Path) -> None:
    data_dir = tmp_path / "data"
    data_dir.mkdir()
    url = f"sqlite:///{data_dir / 'store.sqlite3'}"
    svc = open_services(url)
    try:
        helper = svc.assistants.create("Helper").id
        svc.topics.append_message(svc.topics.create(helper, "Trip to Lisbon").id, Role.USER, "Where should I stay?")
    finally:
        svc.close()
    left = re.search(r"LEFT (\d+)", _run(data_dir, url, "leave").stdout)
    assert left is not None
    shown = re.search(r"SHOWN (\d+) (.*)", _run(data_dir, url, "show").stdout)
    assert shown is not None
    assert (int(shown.group(1)), shown.group(2)) == (int(left.group(1)), DRAFT)
