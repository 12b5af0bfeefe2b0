"""Issue 28: a CLI command loads no library it does not use. The crash, concurrency and
live-refresh tests start hundreds of CLI processes and a user's script may too; httpx's
own command-line client (click, rich) and the Streamable HTTP MCP client (httpx2) were
about 0.1 s of CPU of every start (``benchmarks/bench_cli_start.py``: 1,179 → 1,069 ms)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]

_CODE = """
import sys
from chathub_desktop.cli import main
code = main(["topic", "list", "--database-url", sys.argv[1]])
print(code, sorted(m for m in ("click", "rich", "httpx2", "mcp") if m in sys.modules), "httpx" in sys.modules)
"""


def test_a_cli_command_loads_neither_httpx_s_own_cli_nor_the_mcp_http_client(tmp_path: Path) -> None:
    """``topic list`` on a store (services opened, MCP clients built, httpx imported for the
    providers) ends with exit 0 and none of click, rich, httpx2 or the mcp SDK loaded."""
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    env.pop("CHATHUB_DATABASE_URL", None)
    done = subprocess.run([sys.executable, "-c", _CODE, f"sqlite:///{tmp_path / 'store.sqlite3'}"],
                          capture_output=True, text=True, env=env, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split("\n")[-2] == "0 [] True", done.stdout
