"""The English lang42 left inside translated frames (issue 27, lang43): the export
parsers' reasons (a skip note, "not a valid X export: …"), the JSON bounds and the MCP
config checks are typed, said through the marker pseudo-locale (⟦…⟧ around every
translated template) and in Chinese, while ``str(exc)`` keeps the English the CLI prints.
Names, keys, titles and figures stay data.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from chathub_desktop.core.chatgpt_export import parse_conversation
from chathub_desktop.core.claude_export import parse_claude_conversation
from chathub_desktop.core.imported_chat import ExportFormatError
from chathub_desktop.core.json_bounds import PIECE_BYTES, JsonLimits, JsonScanner
from chathub_desktop.core.mcp_config import (
    McpConfigError,
    McpTransport,
    config_from_form,
    parse_mcp_servers,
)
from chathub_desktop.gui.shell.service_reasons import said, said_error
from tests.gui.test_i18n import _Pseudo
from tests.gui.test_i18n_service_texts import _Installed, _language


def _refusal(parse: Any, conv: object, index: int = 2) -> ExportFormatError:
    with pytest.raises(ExportFormatError) as caught:
        parse(conv, index)
    return caught.value


def test_an_export_parser_reason_keeps_its_english_and_is_said_in_chinese(qapp: Any) -> None:
    """ChatGPT: a mapping that is a list; Claude: a message's unknown sender (a place
    inside the conversation) and a conversation with no messages (its keys as data)."""
    mapping = _refusal(parse_conversation, {"title": "Trip plan", "mapping": []})
    sender = _refusal(parse_claude_conversation, {"name": "Notes", "chat_messages": [
        {"uuid": "a", "sender": "bot", "text": "hi", "created_at": "2024-01-01T00:00:00Z"}]}, 0)
    no_messages = _refusal(parse_claude_conversation, {"name": "Empty", "uuid": "u1"}, 0)
    assert str(mapping) == "conversation 3 ('Trip plan'): mapping is not an object (found a list)"
    assert str(sender) == "conversation 1 ('Notes'), message 1: sender is not human or assistant (found 'bot')"
    assert str(no_messages) == "conversation 1 ('Empty') has no chat_messages; not a Claude conversation (keys found: name, uuid)"
    with _Installed(_Pseudo()):
        assert said_error(mapping) == "⟦conversation 3 ('Trip plan')⟧⟦: ⟧⟦mapping is not an object (found ⟦a list⟧)⟧"
        assert said_error(sender) == ("⟦⟦conversation 1 ('Notes')⟧, message 1⟧⟦: ⟧"
                                      "⟦sender is not human or assistant (found 'bot')⟧")
        assert said(no_messages.brief) == "⟦has no chat_messages⟧"  # the skip note's part: no keys
    with _language("zh_CN"):
        assert said_error(mapping) == "第 3 个对话（'Trip plan'）：mapping 不是对象（发现的是列表）"
        assert said_error(no_messages) == ("第 1 个对话（'Empty'） 没有 chat_messages；不是 Claude 对话"
                                           "（找到的键：name, uuid）")
    with _language("ja"):
        assert said_error(sender) == "会話 1（'Notes'）、メッセージ 1：sender が human でも assistant でもありません（'bot' でした）"


def _export(tmp_path: Path, conversations: list[object]) -> Path:
    path = tmp_path / "conversations.json"
    path.write_text(json.dumps(conversations), encoding="utf-8")
    return path


def test_a_skip_note_and_a_refused_file_are_said_in_the_interface_language(services: Any, qapp: Any,
                                                                           tmp_path: Path) -> None:
    """Import chats: a malformed conversation among good ones is skipped with a typed
    note (its title as data); a file of malformed ones only is refused as "not a valid
    ChatGPT export", the parser's reason said inside that frame."""
    from chathub_desktop.gui.dialogs.import_dialog import result_text
    from chathub_desktop.services.transfer import chat_import

    aid = services.assistants.create("Helper").id
    good = {"title": "Fine", "conversation_id": "c1", "mapping": {}}
    broken = {"title": "Corrupted entry", "conversation_id": "c2", "mapping": {"n": "not a node"},
              "current_node": "n"}
    result = chat_import.import_export(services.db, aid, _export(tmp_path, [good, broken]), "chatgpt")
    assert [b.reason for b in result.broken] == ["node 'n' is not an object (found a string)"]
    assert result_text(result).endswith("; 1 skipped: 'Corrupted entry': node 'n' is not an object (found a string)")
    with _Installed(_Pseudo()):
        assert "'Corrupted entry'⟦: ⟧⟦node 'n' is not an object (found ⟦a string⟧)⟧" in result_text(result)
    with _language("zh_CN"):
        assert result_text(result).endswith("'Corrupted entry'：节点 'n' 不是对象（发现的是字符串）")
    with pytest.raises(chat_import.ImportFailed) as caught:
        chat_import.import_export(services.db, aid, _export(tmp_path, [broken]), "chatgpt")
    assert str(caught.value) == ("conversations.json is not a valid ChatGPT export: conversation 1 ('Corrupted entry'): "
                                 "node 'n' is not an object (found a string). Nothing was imported.")
    why = caught.value.why
    assert why is not None
    with _language("zh_CN"):
        assert said(why) == ("conversations.json 不是有效的 ChatGPT 导出：第 1 个对话（'Corrupted entry'）："
                             "节点 'n' 不是对象（发现的是字符串）。未导入任何内容。")


def test_json_bounds_and_mcp_config_checks_are_said_in_chinese(qapp: Any) -> None:
    """The JSON bounds (a config nested too deep) and the MCP config checks (a bad server
    name, an environment line without "=") keep their English for the CLI."""
    deep = "[" * 80
    scanner = JsonScanner(JsonLimits(max_depth=64, max_string_bytes=PIECE_BYTES))
    with pytest.raises(ValueError) as bounds:
        scanner.feed(deep.encode())
    assert str(bounds.value) == "nests JSON more than 64 levels deep (at byte 64)"
    with pytest.raises(McpConfigError) as config:
        parse_mcp_servers('{"mcpServers": {"files": {"command": "npx", "args": "x"}}}')
    with pytest.raises(McpConfigError) as form:
        config_from_form("files", McpTransport.STDIO, command="npx", env="TOKEN")
    assert str(config.value) == "server 'files': \"args\" must be a list of strings"
    assert str(form.value) == "server 'files': environment line 1 is not NAME=VALUE"
    with _Installed(_Pseudo()):
        assert said_error(config.value) == "⟦server 'files': \"args\" must be a list of strings⟧"
        assert said_error(bounds.value) == "⟦nests JSON more than 64 levels deep (at byte 64)⟧"
    with _language("zh_CN"):
        assert said_error(bounds.value) == "的 JSON 嵌套超过 64 层（位于第 64 字节）"
        assert said_error(form.value) == "服务器 'files'：环境变量第 1 行不是 NAME=VALUE"
