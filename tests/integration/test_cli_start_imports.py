"""Issue 28: a CLI command loads no library it does not use. The crash, concurrency and
live-refresh tests start hundreds of CLI processes and a user's script may too; httpx's
own command-line client (click, rich) and the Streamable HTTP MCP client (httpx2) were
about 0.1 s of CPU of every start (``benchmarks/bench_cli_start.py``: 1,179 → 1,069 ms)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]

_CODE = """
import sys
from chathub_desktop.cli import main
code = main(["topic", "list", "--database-url", sys.argv[1]])
print(code, sorted(m for m in ("click", "rich", "httpx2", "mcp") if m in sys.modules), "httpx" in sys.modules)
print(sorted(m.rsplit(".", 1)[1] for m in sys.modules if m.startswith("chathub_desktop.cli.")))
"""


def test_a_cli_command_loads_neither_httpx_s_own_cli_nor_the_mcp_http_client(tmp_path: Path) -> None:
    """``topic list`` on a store (services opened, MCP clients built) ends with exit 0 and
    none of click, rich, httpx2 or the mcp SDK loaded, nor httpx itself: it loads with the
    first request or connection check (issue 29), and listing topics makes none."""
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    env.pop("CHATHUB_DATABASE_URL", None)
    done = subprocess.run([sys.executable, "-c", _CODE, f"sqlite:///{tmp_path / 'store.sqlite3'}"],
                          capture_output=True, text=True, env=env, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split("\n")[-3] == "0 [] False", done.stdout
    # only the topic group's command modules (plus the top-level search and recall):
    # building every group's commands was ~50 ms of CPU of each start (issue 28)
    assert done.stdout.split("\n")[-2] == str(["common", "recall", "search", "topic_model", "topics",
                                               "versions"]), done.stdout


def test_an_option_value_that_names_a_group_still_runs_the_command(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """``--data-dir memory topic list``: the parser built for the first group word
    ("memory") lands in "topic", and the full parser reads the line again: the topics are
    listed (exit 0), the data dir is ./memory."""
    import chathub_desktop.cli
    from chathub_desktop.cli import main

    monkeypatch.setattr(chathub_desktop.cli, "cmd_gui", lambda *_: 99)  # a misread line opens no window
    monkeypatch.chdir(tmp_path)
    code = main(["--data-dir", "memory", "topic", "list", "--json",
                 "--database-url", f"sqlite:///{tmp_path / 'store.sqlite3'}"])
    assert (code, capsys.readouterr().out.strip()) == (0, "[]")
    assert (tmp_path / "memory").is_dir()
