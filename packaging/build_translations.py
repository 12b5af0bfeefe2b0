"""Extract the interface's strings into ``resources/i18n/*.ts`` and build the ``.qm``
files the app loads (issue 27).

    python packaging/build_translations.py            # update the .ts, then build the .qm
    python packaging/build_translations.py --release  # only build the .qm from the .ts
    python packaging/build_translations.py --check    # exit 1 when a .ts or .qm is stale

``pyside6-lupdate`` reads :data:`SOURCES` (strings marked with
``QCoreApplication.translate("Context", "…")`` or ``QT_TRANSLATE_NOOP``) and merges them
into each ``chathub_<lang>.ts`` (obsolete entries dropped, no line numbers so edits
elsewhere do not churn the files); a text with ``%n`` is marked as a plural. English
keeps only the plural entries ("1 topic" / "3 topics"); its other texts are the sources.
``pyside6-lrelease`` then writes ``chathub_<lang>.qm`` beside each ``.ts``. Both ``.ts``
and ``.qm`` are committed, so a clean clone, a wheel and the PyInstaller bundle (which
takes ``resources/`` whole) have them; ``tests/unit/test_translations.py`` runs
``--check``. Edit translations in Qt Linguist (``pyside6-linguist``) or any editor.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
I18N = ROOT / "resources" / "i18n"
#: Generated modules lupdate must not read (the Designer form's strings come from its ``.ui``).
_GENERATED = ("chathub_desktop/gui/forms/ui_provider_form.py",)
#: What marks a file as holding interface strings: a ``translate(`` call or ``QT_TRANSLATE_NOOP``.
_MARKED = re.compile(r"\btranslate\(\s*[\"'A-Z_]|QT_TRANSLATE_NOOP\(")


def _sources() -> tuple[str, ...]:
    """Every module of the app whose text holds a translation mark, sorted, and the Designer
    form (continue54: a hand-kept list silently dropped a new module's "↻ Retry")."""
    found = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "chathub_desktop").rglob("*.py")
                   if _MARKED.search(p.read_text(encoding="utf-8"))
                   and str(p.relative_to(ROOT)) not in _GENERATED)
    return (*found, "ui/provider_form.ui")


#: The files lupdate reads.
SOURCES = _sources()
#: The shipped translations (English: plural forms only).
LANGUAGES = ("zh_CN", "ja", "en")


def _tool(name: str) -> str:
    """The PySide6 tool ``name`` beside this Python, else on PATH."""
    here = Path(sys.executable).parent / name
    found = str(here) if here.exists() else shutil.which(name)
    if found is None:
        raise SystemExit(f"{name} not found: install PySide6 (pyside6-essentials)")
    return found


_MESSAGE = re.compile(r"<message(?: numerus=\"yes\")?>\s*<source>(?P<source>.*?)</source>(?P<rest>.*?)</message>\n?\s*",
                      re.S)
_FORM = re.compile(r"<numerusform>(.*?)</numerusform>", re.S)


def _plural_forms(ts: Path) -> dict[str, list[str]]:
    """The finished plural forms in ``ts`` by source text (lupdate flattens them: it does
    not see the ``n`` argument of a Python ``translate`` call)."""
    if not ts.exists():
        return {}
    found = {}
    for m in _MESSAGE.finditer(ts.read_text(encoding="utf-8")):
        forms = _FORM.findall(m.group("rest"))
        if forms and 'type="unfinished"' not in m.group("rest") and all(forms):
            found[m.group("source")] = forms
    return found


def _mark_plurals(ts: Path, kept: dict[str, list[str]], *, plurals_only: bool, forms: int) -> None:
    """Mark every message whose source has ``%n`` as a plural with its ``kept`` forms, or
    ``forms`` empty ones to fill (English 2; Chinese and Japanese 1), so Linguist offers a
    field per form. ``plurals_only``: drop the other messages (English needs only its
    plural forms)."""
    text = ts.read_text(encoding="utf-8")

    def plural(m: re.Match[str]) -> str:
        block, source, rest = m.group(0), m.group("source"), m.group("rest")
        if "%n" not in source and "%Ln" not in source:
            return "" if plurals_only else block
        old = kept.get(source)
        body = ('<translation type="unfinished">' + "<numerusform></numerusform>" * forms if old is None
                else "<translation>" + "".join(f"<numerusform>{f}</numerusform>" for f in old))
        rest = re.sub(r"<translation[^>]*>.*?</translation>", lambda _m: body + "</translation>", rest, flags=re.S)
        tail = block[block.index("</message>"):]
        return f'<message numerus="yes">\n        <source>{source}</source>{rest}{tail}'

    text = _MESSAGE.sub(plural, text)
    # lupdate turns any "#:" comment above a call into a note for translators; here "#:" is
    # the attribute doc comment of Sphinx, never meant for them
    text = re.sub(r"\n\s*<extracomment>.*?</extracomment>", "", text, flags=re.S)
    if plurals_only:  # contexts left without a message
        text = re.sub(r"<context>\s*<name>[^<]*</name>\s*</context>\s*", "", text)
    ts.write_text(text, encoding="utf-8")


def update(folder: Path = I18N) -> None:
    """Merge the strings of :data:`SOURCES` into ``folder``'s ``.ts`` files."""
    folder.mkdir(parents=True, exist_ok=True)
    for lang in LANGUAGES:
        ts = folder / f"chathub_{lang}.ts"
        kept = _plural_forms(ts)
        cmd = [_tool("pyside6-lupdate"), *SOURCES, "-locations", "none", "-no-obsolete",
               "-source-language", "en", "-target-language", lang, "-ts", str(ts)]
        subprocess.run(cmd, cwd=ROOT, check=True, capture_output=True)
        _mark_plurals(ts, kept, plurals_only=lang == "en", forms=2 if lang == "en" else 1)


def release(src: Path = I18N, out: Path = I18N) -> None:
    """Build ``out/chathub_<lang>.qm`` from each ``src/chathub_<lang>.ts``."""
    for lang in LANGUAGES:
        subprocess.run([_tool("pyside6-lrelease"), "-silent", str(src / f"chathub_{lang}.ts"),
                        "-qm", str(out / f"chathub_{lang}.qm")], check=True)


def stale() -> list[str]:
    """The committed files that differ from a fresh update and build (empty: all fresh)."""
    with tempfile.TemporaryDirectory() as tmp:
        scratch = Path(tmp)
        for f in I18N.glob("chathub_*.ts"):
            shutil.copy(f, scratch / f.name)
        update(scratch)
        release(scratch, scratch)
        return sorted(f.name for f in scratch.iterdir()
                      if not (I18N / f.name).exists() or (I18N / f.name).read_bytes() != f.read_bytes())


def main(argv: list[str]) -> int:
    """See the module docstring; returns the exit code."""
    if "--check" in argv:
        bad = stale()
        for name in bad:
            print(f"stale: resources/i18n/{name} (run python packaging/build_translations.py)")
        return 1 if bad else 0
    if "--release" not in argv:
        update()
    release()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
