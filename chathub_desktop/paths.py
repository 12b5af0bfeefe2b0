"""The one place that knows where things live (user data dir, bundled resources).

``--data-dir`` / ``CHATHUB_DATA_DIR`` redirect the data dir; tests point it at
``tmp_path``. Resources are found inside the installed package (a wheel carries
``resources/`` and ``ui/`` as ``chathub_desktop/resources`` and ``chathub_desktop/ui``)
or, in a source checkout, next to the package.
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

APP_NAME = "chathub-desktop"
_PACKAGE_DIR = Path(__file__).resolve().parent


def default_data_dir() -> Path:
    """``CHATHUB_DATA_DIR`` if set, else the platform user-data dir (e.g. ``~/.local/share/chathub-desktop``)."""
    env = os.environ.get("CHATHUB_DATA_DIR")
    return Path(env).expanduser() if env else Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def _bundled(name: str) -> Path:
    inside = _PACKAGE_DIR / name
    return inside if inside.is_dir() else _PACKAGE_DIR.parent / name


def resources_dir() -> Path:
    """Directory holding icons, tokenizer files and the default model catalog."""
    return _bundled("resources")


def forms_dir() -> Path:
    """Directory holding the Qt Designer ``.ui`` forms."""
    return _bundled("ui")
