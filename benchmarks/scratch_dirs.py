"""Scratch data directories for the benchmarks: each is removed when the benchmark's
interpreter exits, so runs leave no ``/tmp/chathub-bench-*`` stores behind (a 20,000-message
store is ~37 MB)."""

from __future__ import annotations

import atexit
import shutil
import tempfile
from pathlib import Path


def scratch_dir(name: str) -> Path:
    """A new empty directory ``/tmp/chathub-bench-<name>-XXXX``, removed (with everything in
    it) at interpreter exit; errors while removing are ignored."""
    path = Path(tempfile.mkdtemp(prefix=f"chathub-bench-{name}-"))
    atexit.register(shutil.rmtree, path, True)
    return path
