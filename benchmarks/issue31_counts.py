"""The closing counts of issue 31, reproducible on any commit (not a benchmark: no timing).

Three figures over ``chathub_desktop/`` (generated forms left out), read with ``ast``:

- **quoted vocabulary words**: string literals compared (``==``, ``!=``, ``in``, ``is``;
  also inside a tuple, list or set on either side) that equal a value of a ``StrEnum``
  defined in ``core/`` -- statuses, phases, triggers, kinds, roles used as bare words;
- **SQLAlchemy outside storage**: modules outside ``storage/`` with an ``import sqlalchemy``
  or ``from sqlalchemy ...`` anywhere (function bodies and ``TYPE_CHECKING`` blocks too);
- **settings casts**: ``int()``/``float()``/``bool()``/``str()`` around a settings read
  (``X.value(KEY, ...)``/``X.get(KEY, ...)`` whose key is an UPPER_CASE constant or a
  ``"group/name"`` literal, or whose receiver is named ``*settings*``), directly, behind
  ``or`` or in a conditional expression, or through a local name assigned from one in the
  same function.

The word list comes from ``--words-from`` (default: the counted tree), so a before/after
pair can use one list::

    python benchmarks/issue31_counts.py                       # this checkout
    python benchmarks/issue31_counts.py --commit 74b4f8b^ --words-from .   # before issue 31
    python benchmarks/issue31_counts.py -v                    # every hit, file:line
"""

from __future__ import annotations

import argparse
import ast
import io
import re
import subprocess
import sys
import tarfile
import tempfile
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = "chathub_desktop"
CASTS = frozenset({"int", "float", "bool", "str"})
_SETTINGS_NAME = re.compile(r"settings", re.IGNORECASE)
_KEY_CONSTANT = re.compile(r"^[A-Z][A-Z0-9_]+$")


def sources(root: Path) -> Iterator[tuple[Path, ast.Module]]:
    """Every module of the package under ``root`` with its parsed tree (forms skipped)."""
    for path in sorted((root / PACKAGE).rglob("*.py")):
        if "forms" in path.relative_to(root).parts:
            continue
        yield path.relative_to(root), ast.parse(path.read_text(encoding="utf-8"), str(path))


def vocabulary(root: Path) -> frozenset[str]:
    """The values of every ``StrEnum`` class defined in ``core/`` under ``root``."""
    words: set[str] = set()
    for rel, tree in sources(root):
        if rel.parts[1] != "core":
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef) and any(
                    (isinstance(b, ast.Name) and b.id == "StrEnum")
                    or (isinstance(b, ast.Attribute) and b.attr == "StrEnum") for b in node.bases):
                for stmt in node.body:
                    if (isinstance(stmt, ast.Assign) and isinstance(stmt.value, ast.Constant)
                            and isinstance(stmt.value.value, str)):
                        words.add(stmt.value.value)
    return frozenset(words)


def quoted_words(tree: ast.Module, words: frozenset[str]) -> list[tuple[int, str]]:
    """``(line, word)`` of each vocabulary word compared as a literal in ``tree``."""
    hits = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Compare):
            continue
        for side in (node.left, *node.comparators):
            elts = side.elts if isinstance(side, ast.Tuple | ast.List | ast.Set) else [side]
            hits += [(e.lineno, e.value) for e in elts
                     if isinstance(e, ast.Constant) and isinstance(e.value, str) and e.value in words]
    return hits


def imports_sqlalchemy(tree: ast.Module) -> bool:
    """Whether ``tree`` imports ``sqlalchemy`` (or a submodule) anywhere."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Import) and any(a.name.split(".")[0] == "sqlalchemy" for a in node.names):
            return True
        if isinstance(node, ast.ImportFrom) and node.level == 0 and (node.module or "").split(".")[0] == "sqlalchemy":
            return True
    return False


def _dotted(node: ast.expr) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return f"{_dotted(node.value)}.{node.attr}"
    return ""


def _settings_read(node: ast.expr) -> bool:
    """``X.value(KEY, ...)`` / ``X.get(KEY, ...)`` that reads a setting (see the module
    docstring), also as the first operand of an ``or`` or a branch of ``a if c else b``."""
    if isinstance(node, ast.BoolOp) and isinstance(node.op, ast.Or):
        return _settings_read(node.values[0])
    if isinstance(node, ast.IfExp):
        return _settings_read(node.body) or _settings_read(node.orelse)
    if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
            and node.func.attr in ("value", "get") and node.args):
        return False
    key = node.args[0]
    by_key = ((isinstance(key, ast.Name) and bool(_KEY_CONSTANT.match(key.id)))
              or (isinstance(key, ast.Constant) and isinstance(key.value, str) and "/" in key.value))
    return by_key or bool(_SETTINGS_NAME.search(_dotted(node.func.value)))


def settings_casts(tree: ast.Module) -> list[tuple[int, int]]:
    """``(line, column)`` of each cast around a settings read in ``tree``."""
    lines = []
    scopes: list[ast.AST] = [tree, *(n for n in ast.walk(tree)
                                     if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef))]
    for scope in scopes:
        body = list(ast.iter_child_nodes(scope))
        read_into = {t.id for n in body for s in ast.walk(n) if isinstance(s, ast.Assign)
                     and _settings_read(s.value) for t in s.targets if isinstance(t, ast.Name)}
        for n in body:
            for call in ast.walk(n):
                if (isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id in CASTS
                        and len(call.args) == 1):
                    arg = call.args[0]
                    if _settings_read(arg) or (isinstance(arg, ast.Name) and arg.id in read_into):
                        lines.append((call.lineno, call.col_offset))
    return sorted(set(lines))


def count(root: Path, words: frozenset[str], verbose: bool) -> dict[str, int]:
    """The three figures for the tree at ``root`` (each hit printed when ``verbose``)."""
    figures = {"quoted vocabulary words": 0, "SQLAlchemy outside storage": 0, "settings casts": 0}
    for rel, tree in sources(root):
        found = quoted_words(tree, words)
        figures["quoted vocabulary words"] += len(found)
        outside = rel.parts[1] != "storage" and imports_sqlalchemy(tree)
        figures["SQLAlchemy outside storage"] += outside
        casts = settings_casts(tree)
        figures["settings casts"] += len(casts)
        if verbose:
            for line, word in found:
                print(f"  word  {rel}:{line} {word!r}")
            if outside:
                print(f"  sql   {rel}")
            for line, col in casts:
                print(f"  cast  {rel}:{line}:{col}")
    return figures


def checkout(commit: str, into: Path) -> Path:
    """The package as of ``commit`` (``git archive``) unpacked under ``into``."""
    data = subprocess.run(["git", "-C", str(ROOT), "archive", commit, PACKAGE],
                          check=True, capture_output=True).stdout
    with tarfile.open(fileobj=io.BytesIO(data)) as tar:
        tar.extractall(into, filter="data")
    return into


def main(argv: list[str] | None = None) -> int:
    """Print the figures; exit 0."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--root", type=Path, default=ROOT, help="a checkout to count (default: this one)")
    ap.add_argument("--commit", help="count this commit of this repository instead (git archive)")
    ap.add_argument("--words-from", type=Path, help="a checkout whose core StrEnums give the words")
    ap.add_argument("-v", "--verbose", action="store_true", help="list every hit")
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="issue31-counts-") as tmp:
        root = checkout(args.commit, Path(tmp)) if args.commit else args.root.resolve()
        words = vocabulary((args.words_from or root).resolve())
        figures = count(root, words, args.verbose)
    print(f"tree: {args.commit or root} · {len(words)} StrEnum words from {args.words_from or 'the same tree'}")
    for name, value in figures.items():
        print(f"{name}: {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
