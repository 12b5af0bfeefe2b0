"""The committed ``chathub_desktop/gui/forms/ui_*.py`` match their ``ui/*.ui`` sources."""

from __future__ import annotations

from pathlib import Path

import pytest

from chathub_desktop.gui import form_compiler


def test_generated_forms_are_current(tmp_path: Path) -> None:
    if form_compiler.uic_executable() is None:
        pytest.skip("pyside6-uic is not installed")
    ui_files = sorted(form_compiler.UI_DIR.glob("*.ui"))
    assert ui_files, "no ui/*.ui forms found"
    written = form_compiler.compile_all(form_compiler.UI_DIR, tmp_path)
    assert len(written) == len(ui_files)
    for fresh in written:
        committed = form_compiler.FORMS_DIR / fresh.name
        assert committed.exists(), f"{committed.name} missing: run python -m chathub_desktop.gui.form_compiler"
        assert committed.read_text(encoding="utf-8") == fresh.read_text(encoding="utf-8"), (
            f"{committed.name} is out of date: run python -m chathub_desktop.gui.form_compiler"
        )
        assert committed.read_text(encoding="utf-8").startswith("# generated")
