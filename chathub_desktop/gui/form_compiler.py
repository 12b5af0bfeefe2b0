"""Compiles the Designer forms ``ui/*.ui`` into ``chathub_desktop/gui/forms/ui_*.py``.

Run ``python -m chathub_desktop.gui.form_compiler`` after editing a ``.ui`` file; the
generated modules are committed, and ``tests/gui/test_forms_current.py`` fails when one
is out of date. Needs ``pyside6-uic`` (shipped with PySide6) on ``PATH``.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

#: The repository's ``ui/`` folder (source forms).
UI_DIR = Path(__file__).resolve().parents[2] / "ui"
#: Where the generated modules live.
FORMS_DIR = Path(__file__).resolve().parent / "forms"
#: First line of every generated module.
HEADER = "# generated from ui/{name} by pyside6-uic — do not edit; run python -m chathub_desktop.gui.form_compiler\n"


def uic_executable() -> str | None:
    """Path of ``pyside6-uic`` (next to the running interpreter first), or None."""
    local = Path(sys.executable).with_name("pyside6-uic")
    if local.exists():
        return str(local)
    return shutil.which("pyside6-uic")


def compile_form(ui_file: Path) -> str:
    """Python source for ``ui_file``: the header line plus ``pyside6-uic`` output.
    Raises ``RuntimeError`` when the compiler is missing or fails."""
    uic = uic_executable()
    if uic is None:
        raise RuntimeError("pyside6-uic not found")
    result = subprocess.run([uic, str(ui_file)], capture_output=True, text=True, check=False)
    if result.returncode != 0:
        raise RuntimeError(f"pyside6-uic failed for {ui_file.name}: {result.stderr.strip()}")
    # the compiler's version line would make the committed forms depend on the Qt release
    # installed (6.11 on CPython 3.11, 6.12 later: pyproject.toml)
    source = re.sub(r"(## Created by: Qt User Interface Compiler) version \S+", r"\1", result.stdout)
    return HEADER.format(name=ui_file.name) + source


def target_for(ui_file: Path, forms_dir: Path = FORMS_DIR) -> Path:
    """``ui/foo_bar.ui`` → ``forms/ui_foo_bar.py``."""
    return forms_dir / f"ui_{ui_file.stem}.py"


def compile_all(ui_dir: Path = UI_DIR, forms_dir: Path = FORMS_DIR) -> list[Path]:
    """(Re)write every generated module; returns the files written."""
    forms_dir.mkdir(parents=True, exist_ok=True)
    init = forms_dir / "__init__.py"
    if not init.exists():
        init.write_text('"""Modules generated from ui/*.ui by pyside6-uic (do not edit)."""\n')
    written = []
    for ui_file in sorted(ui_dir.glob("*.ui")):
        target = target_for(ui_file, forms_dir)
        target.write_text(compile_form(ui_file), encoding="utf-8")
        written.append(target)
    return written


if __name__ == "__main__":  # pragma: no cover
    for path in compile_all():
        print(path)
