"""Issue 31 ("Services.db is handed to four GUI modules"): the window reaches the store
only through services; no module under ``gui/`` reads ``Services.db`` (import-linter
cannot see an attribute, so this reads the source)."""

from __future__ import annotations

import ast
from pathlib import Path

GUI = Path(__file__).resolve().parents[2] / "chathub_desktop" / "gui"


def test_no_window_module_reads_the_services_database() -> None:
    found = []
    for path in sorted(GUI.rglob("*.py")):
        if "forms" in path.parts:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and node.attr == "db":
                found.append(f"{path.relative_to(GUI)}:{node.lineno}")
    assert found == []
