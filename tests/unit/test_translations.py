"""The shipped translations are complete and fresh (issue 27): every marked string of the
translated files has a finished Simplified Chinese and Japanese entry, nothing obsolete,
English carries its plural forms, placeholders and mnemonics survive translation, and
the committed .ts/.qm equal what packaging/build_translations.py makes from the code
(so a new or changed string that is not translated fails here)."""

from __future__ import annotations

import importlib.util
import re
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]
I18N = ROOT / "resources" / "i18n"
pytestmark = pytest.mark.skipif(shutil.which("pyside6-lupdate") is None
                                and not (Path(__import__("sys").executable).parent / "pyside6-lupdate").exists(),
                                reason="PySide6's lupdate is not installed")


def _builder() -> ModuleType:
    spec = importlib.util.spec_from_file_location("build_translations", ROOT / "packaging" / "build_translations.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _messages(lang: str) -> list[ET.Element]:
    return list(ET.parse(I18N / f"chathub_{lang}.ts").getroot().iter("message"))


@pytest.mark.parametrize("lang", ["zh_CN", "ja"])
def test_every_string_has_a_finished_translation(lang: str) -> None:
    messages = _messages(lang)
    assert len(messages) > 150
    for m in messages:
        source = m.findtext("source") or ""
        tr = m.find("translation")
        assert tr is not None and tr.get("type") is None, f"{lang}: unfinished or obsolete: {source!r}"
        forms = [f.text or "" for f in tr.iter("numerusform")] if m.get("numerus") == "yes" else [tr.text or ""]
        assert forms == [f for f in forms if f.strip()], f"{lang}: empty translation of {source!r}"
        assert len(forms) == 1  # Chinese and Japanese have no plural
        for text in forms:
            assert sorted(re.findall(r"%L?[n1-9]", text)) == sorted(re.findall(r"%L?[n1-9]", source)), (lang, source)
            # walk42 #9: no "(&T)" shortcut marker, which shows as a literal "(T)" (the Topics
            # header read "话题(T)"); a mnemonic only on a Latin letter the text has ("&URL")
            assert not re.search(r"\(&\w\)", text), (lang, source, text)
            # a source "&&" is a literal "&" (no mnemonic): a translation may say it in
            # words ("模型与参数" for "Model && parameters", issue 29) but adds none
            assert text.count("&&") <= source.count("&&"), (lang, source)
            assert text.replace("&&", "").count("&") <= source.replace("&&", "").count("&"), (lang, source)


#: Words a Memory-page concept no longer goes by (issue 30, walk55 #1/#2: the Chinese page
#: said 梦境记忆 and 记忆梦境, the Japanese one 記憶ドリーム beside ドリームメモリ, Merge was
#: 統合 and マージ in one dialog, an entry 項目 and エントリ). The words kept: zh_CN 梦境记忆
#: (Dreaming memory), 做梦 (the memory dream, its run), 梦境卡片, 动态记忆, 范围卡片, 合并,
#: 条目, 不可信; ja ドリームメモリ, ドリーム, ドリームカード, 動的メモリ, 範囲カード,
#: 単日カード, 統合, 項目, 未信頼.
OUTGROWN_WORDS = {
    "zh_CN": r"记忆梦境|记忆做梦|区间卡片|未信任|不受信任|梦境(?!记忆|卡片|提议|审阅)",
    "ja": r"記憶ドリーム|メモリのドリーム|ドリームのカード|期間の?カード|1 ?日分のカード|マージ|エントリ|信頼されていない",
}


@pytest.mark.parametrize("lang", ["zh_CN", "ja"])
def test_each_memory_concept_has_one_word(lang: str) -> None:
    said = [(m.findtext("source"), "".join(t.itertext())) for m in _messages(lang) for t in m.iter("translation")]
    assert [(source, text) for source, text in said if re.search(OUTGROWN_WORDS[lang], text)] == []


def test_english_keeps_only_its_plural_forms() -> None:
    plurals = {m.findtext("source"): [f.text for f in m.iter("numerusform")] for m in _messages("en")}
    assert plurals[" (%n earlier)"] == [" (%n earlier)", " (%n earlier)"]
    assert plurals["%Ln message(s) · last active %1"] == ["%Ln message · last active %1",
                                                         "%Ln messages · last active %1"]
    assert all(m.get("numerus") == "yes" for m in _messages("en"))
    # issue 27, lang45: the base translator of every path (install_english_base) has both forms
    unfinished = [src for src, forms in plurals.items() if len(forms) != 2 or not all(f and f.strip() for f in forms)]
    assert unfinished == []
    assert plurals["%Ln entry(ies)"] == ["%Ln entry", "%Ln entries"]


def test_the_committed_files_are_what_the_build_script_makes() -> None:
    assert _builder().stale() == []


def test_a_new_string_left_untranslated_fails(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    builder = _builder()
    extra = tmp_path / "new_widget.py"
    extra.write_text('from PySide6.QtCore import QCoreApplication\n'
                     'LABEL = QCoreApplication.translate("NewWidget", "A new label")\n', encoding="utf-8")
    monkeypatch.setattr(builder, "SOURCES", (*builder.SOURCES, str(extra)))
    assert builder.stale() == ["chathub_ja.ts", "chathub_zh_CN.ts"]


def test_no_string_hides_behind_a_helper_lupdate_cannot_see() -> None:
    """lupdate reads only translate(…) and QT_TRANSLATE_NOOP(…) with literal texts: a
    literal handed to a local helper (``_tr("…")``) would never reach the .ts files."""
    hidden = [f"{path}:{n}" for path in _builder().SOURCES
              for n, line in enumerate((ROOT / path).read_text(encoding="utf-8").splitlines(), 1)
              if re.search(r"\b_tr?\(\s*[\"']", line)]
    assert hidden == []
