"""The test command type-checks every body of the window (issue 29: "mypy with
check_untyped_defs over gui/ at 0"): tests/run.sh runs ``mypy`` with the project's own
configuration, which lists gui/, excludes none of it and silences none of it but the
generated Qt Designer forms."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _mypy() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]


def test_the_test_command_runs_mypy_on_the_configured_files() -> None:
    lines = [ln.split("#", 1)[0].strip() for ln in (ROOT / "tests/run.sh").read_text(encoding="utf-8").splitlines()]
    # no paths or flags: the files and checks are the ones pyproject.toml names
    assert '"$VENV"/bin/mypy' in lines


def test_every_gui_module_is_checked_with_its_untyped_bodies() -> None:
    conf = _mypy()
    assert "chathub_desktop/gui" in conf["files"]
    assert "exclude" not in conf
    gui = [o for o in conf["overrides"] if "chathub_desktop.gui.*" in o["module"]]
    assert gui and gui[0]["check_untyped_defs"] is True


def test_only_the_generated_forms_are_silenced() -> None:
    silenced: list[str] = []
    for override in _mypy()["overrides"]:
        modules = override["module"] if isinstance(override["module"], list) else [override["module"]]
        if override.get("ignore_errors") or override.get("follow_imports") in ("silent", "skip"):
            silenced += [m for m in modules if m.startswith("chathub_desktop")]
    assert silenced == ["chathub_desktop.gui.forms.*"]
    forms = ROOT / "chathub_desktop/gui/forms"
    for source in forms.glob("*.py"):
        if source.name != "__init__.py":
            assert source.read_text(encoding="utf-8").startswith("# generated from "), source.name
