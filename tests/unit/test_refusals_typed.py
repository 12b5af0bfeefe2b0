"""Every refusal a service raises is typed (issue 27, lang47): no ``InvalidInput``,
``NotFound``, ``StaleDocument`` … is built from finished English — a string literal, an
f-string or ``str(exc)`` — anywhere in the package, so the window can always say it in
the interface language (``gui/shell/service_reasons.said_error``) while the CLI prints
the reason's English. A lower layer's refusal is raised again as ``refused(exc)`` or its
``reason`` / ``said()``."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "chathub_desktop"
#: The service errors and the parsers' typed refusal; ``found(value, message)`` too.
RAISED = {"ServiceError", "InvalidInput", "NotFound", "StaleDocument", "NameTaken", "SignInRequired", "ReasonError"}


def _finished_english(node: ast.expr) -> bool:
    """A literal, an f-string, ``str(…)`` or a concatenation of texts."""
    return (isinstance(node, ast.Constant | ast.JoinedStr | ast.BinOp)
            or (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "str"))


def _untyped(path: Path) -> list[str]:
    """``file:line`` of each refusal in ``path`` built from finished English."""
    found: list[str] = []
    text = path.read_text(encoding="utf-8")
    if not any(f"{name}(" in text for name in (*RAISED, "found")):  # most files raise none: not parsed
        return found
    for node in ast.walk(ast.parse(text)):
        if not isinstance(node, ast.Call):
            continue
        name = node.func.id if isinstance(node.func, ast.Name) else (
            node.func.attr if isinstance(node.func, ast.Attribute) else "")
        args = node.args[1:] if name == "found" else node.args if name in RAISED else []
        if args and _finished_english(args[0]):
            found.append(f"{path.name}:{node.lineno}")
    return found


def test_no_refusal_is_raised_as_finished_english() -> None:
    untyped = [f"{path.parent.name}/{where}" for path in sorted(PACKAGE.rglob("*.py")) for where in _untyped(path)]
    assert untyped == []


def test_the_walk_finds_an_untyped_refusal(tmp_path: Path) -> None:
    """The walk itself: each finished-English shape is found, a typed one is not."""
    sample = tmp_path / "sample.py"
    text = ('raise InvalidInput("plain")\nraise NotFound(f"no topic {t}")\nraise InvalidInput(str(exc))\n'
            'x = found(row, f"no message {m}")\nraise InvalidInput(Reason(TEMPLATE, (v,)))\n')
    sample.write_text(text, encoding="utf-8")
    assert _untyped(sample) == ["sample.py:1", "sample.py:2", "sample.py:3", "sample.py:4"]
