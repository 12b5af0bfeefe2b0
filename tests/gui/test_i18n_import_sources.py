"""Where an imported memory entry came from, said whole in the interface language
(walk53 #5, issue 27): zh_CN showed the chip "来自 a memory file" — the store's English
word for a memory file put into "from %1". The chip, the tooltip's "imported from …" line
and History's "added N entries from …" are whole translated labels now; an assistant's
name ("Claude") stays as data. And a transport failure's plain sentence (walk53 #2) is
said in Chinese and Japanese too."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from chathub_desktop.gui.memory.source_words import added_from, source_chip, source_line
from chathub_desktop.gui.shell.service_reasons import said
from chathub_desktop.providers.errors import error_from_exception
from chathub_desktop.providers.fault_words import fault_reason
from chathub_desktop.services.memory.memory_sources import MEMORY_FILE_SOURCE, ImportSource
from tests.gui.test_i18n_service_texts import _language

_SAID = {
    "zh_CN": ("来自记忆文件", "来自 Claude", "导入自记忆文件 notes.md（2026年11月30日）",
              "导入自 Claude（导出文件 data.zip）", "从记忆文件添加了 3 条"),
    "ja": ("メモリファイルから", "Claude から", "メモリファイル notes.md からインポート（2026年11月30日）",
           "Claude からインポート（エクスポート data.zip）", "メモリファイルから 3 件を追加"),
}


@pytest.mark.parametrize("lang", sorted(_SAID))
def test_a_memory_file_source_is_said_whole(lang: str, qapp: Any) -> None:
    chip, named, line, export, added = _SAID[lang]
    with _language(lang):
        assert source_chip(MEMORY_FILE_SOURCE) == chip
        assert source_chip("Claude") == named
        assert source_line(ImportSource(MEMORY_FILE_SOURCE, "notes.md", "2026-11-30")).replace(" ", "") \
            == line.replace(" ", "")  # the long date's spacing is the locale's
        assert source_line(ImportSource("Claude", "data.zip")) == export
        assert added_from(3, MEMORY_FILE_SOURCE) == added
        assert "memory file" not in source_chip(MEMORY_FILE_SOURCE) + source_line(ImportSource(MEMORY_FILE_SOURCE))


def test_english_reads_as_before_with_the_file_said_once(qapp: Any) -> None:
    assert source_chip(MEMORY_FILE_SOURCE) == "from a memory file"
    assert source_line(ImportSource("Claude", "data.zip")) == "imported from Claude (export data.zip)"
    assert source_line(ImportSource(MEMORY_FILE_SOURCE)) == "imported from a memory file"
    assert added_from(1, "Claude") == "added 1 entry from Claude"


def test_a_server_that_is_down_is_said_in_chinese_and_japanese(qapp: Any) -> None:
    exc = error_from_exception(httpx.ConnectError("All connection attempts failed"),
                               url="http://127.0.0.1:8080/v1/chat/completions")
    why = fault_reason(exc, "llama.cpp", kept_text=False)
    assert why is not None
    assert why.english() == ("ChatHub can't reach llama.cpp at 127.0.0.1:8080 — is the server running? "
                             "Retry, or check Settings → Providers.")
    with _language("zh_CN"):
        assert said(why) == "ChatHub 无法连接到位于 127.0.0.1:8080 的 llama.cpp——服务器在运行吗？请重试，或检查“设置 → 服务商”。"
    with _language("ja"):
        assert said(why).startswith("ChatHub は 127.0.0.1:8080 の llama.cpp に接続できません。")
