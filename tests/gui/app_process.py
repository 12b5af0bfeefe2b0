"""Starts the real app in its own process for the tests that quit it (issue 9's
``quit_driver``, walk45 #1's ``draft_quit_driver``): offscreen, with fault tracebacks,
no OS keyring and ``CHATHUB_DATA_DIR`` set to the run's own folder. The process is a
fork of the CLI fork server (``tests/fakes/cli_fork.py``, issue 28): a separate process
that skips a fresh interpreter's imports of the non-GUI package."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.fakes import cli_fork

#: The repository: the drivers run as ``python -m tests.gui.<driver>`` from here.
ROOT = Path(__file__).resolve().parents[2]


def run_driver(driver: str, data_dir: Path, *args: str, timeout: float) -> subprocess.CompletedProcess[str]:
    """Run ``python -m tests.gui.<driver> DATA_DIR ARGS…`` to its end (at most
    ``timeout`` seconds, else ``subprocess.TimeoutExpired``) and return it with its
    output as text; the caller checks the exit code."""
    env = {
        **os.environ,
        "QT_QPA_PLATFORM": "offscreen",
        "PYTHONFAULTHANDLER": "1",
        "PYTHONPATH": os.pathsep.join(dict.fromkeys(p for p in (str(ROOT), os.environ.get("PYTHONPATH")) if p)),
        "PYTHON_KEYRING_BACKEND": "keyring.backends.fail.Keyring",
        "CHATHUB_DATA_DIR": str(data_dir),
    }
    env.pop("CHATHUB_DATABASE_URL", None)
    return cli_fork.run([sys.executable, "-m", f"tests.gui.{driver}", str(data_dir), *args],
                        capture_output=True, text=True, env=env, timeout=timeout, cwd=ROOT)
