"""The suite's per-test hang guard outlasts the store's write-lock wait (tidy47 #3): with
both at 120 s a test stuck behind another writer was killed as a hang before the store
could say StoreBusy and what it waited on, so the two looked the same."""

from __future__ import annotations

import tomllib
from pathlib import Path

from chathub_desktop.storage.database import WRITE_WAIT_S

PYPROJECT = Path(__file__).resolve().parents[2] / "pyproject.toml"


def test_the_hang_guard_is_clearly_longer_than_the_write_lock_wait() -> None:
    guard = float(tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["tool"]["pytest"]["ini_options"]["timeout"])
    assert guard >= WRITE_WAIT_S * 1.25, f"pytest timeout {guard:.0f} s vs WRITE_WAIT_S {WRITE_WAIT_S:.0f} s"
