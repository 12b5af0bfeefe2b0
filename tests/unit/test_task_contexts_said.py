"""Every task the window starts names what it was doing in words the interface says
(issue 27): an error box's title or a status line's start is a ``TaskContext`` name
(``gui/shell/task_contexts.py``) or a text already translated where the task starts, never
a task's internal name ("topic-list") nor English built with an f-string. Walks the
source of ``chathub_desktop/gui`` (cheap: no widgets)."""

from __future__ import annotations

import ast
from pathlib import Path

from chathub_desktop.gui.shell.task_contexts import TASK_CONTEXTS

GUI = Path(__file__).resolve().parents[2] / "chathub_desktop" / "gui"
#: Calls whose result is in the interface language already.
SAID_CALLS = {"translate", "fill", "said_run", "said", "said_context"}
#: Parameters that forward a context to the runner; their callers are walked instead.
FORWARDED = {("service_ops.py", "what"), ("reply_versions.py", "context"), ("task_runner.py", "context")}


def _callee(node: ast.expr) -> str:
    func = node.func if isinstance(node, ast.Call) else node
    return func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""


def _said(value: ast.expr, file: str) -> str | None:
    """Why ``value`` is not a said context (None: it is)."""
    if isinstance(value, ast.Constant) and isinstance(value.value, str):
        return None if value.value in TASK_CONTEXTS else f"{value.value!r} is not in TASK_CONTEXTS"
    if isinstance(value, ast.Call) and _callee(value) in SAID_CALLS:
        return None
    if isinstance(value, ast.Name) and (file, value.id) in FORWARDED:
        return None
    return f"{ast.unparse(value)} is neither a TaskContext name nor translated"


def _offences() -> list[str]:
    found = []
    for path in sorted(GUI.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Attribute):
                continue
            where = f"{path.relative_to(GUI)}:{node.lineno}"
            kw = {k.arg: k.value for k in node.keywords}
            attr = node.func.attr
            if attr in ("run", "track", "present") and len(node.args) >= (2 if attr == "run" else 1):
                if "context" not in kw and attr != "present":
                    found.append(f"{where}: {attr}() without a context")
                elif "context" in kw and (why := _said(kw["context"], path.name)):
                    found.append(f"{where}: {why}")
            elif attr == "start" and _callee(node.func.value) == "ops" and node.args:
                if why := _said(node.args[0], path.name):
                    found.append(f"{where}: ops.start: {why}")
            elif attr == "_track" and len(node.args) == 2 and (why := _said(node.args[1], path.name)):
                found.append(f"{where}: _track: {why}")
    return found


def test_every_task_the_window_starts_has_a_said_context() -> None:
    assert _offences() == []


def test_the_walk_finds_a_task_without_a_context(tmp_path: Path) -> None:
    """The walk itself: an internal name as the only label, and an f-string, are found."""
    tree = ast.parse('runner.run("topic-list", show())\nrunner.run("x", go(), context=f"Test {name}")')
    calls = [n for n in ast.walk(tree) if isinstance(n, ast.Call) and _callee(n) == "run"]
    assert ["context" in {k.arg for k in c.keywords} for c in calls] == [False, True]
    assert _said(calls[1].keywords[0].value, "x.py") == "f'Test {name}' is neither a TaskContext name nor translated"
    assert _said(ast.parse('"Topics"').body[0].value, "x.py") is None  # type: ignore[attr-defined]
