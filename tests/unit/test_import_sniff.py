"""The import's format sniff (APP-5, issue 28): the keys of the first conversation come
from the standard library's C scanner when the first MB holds all of it, and are the
same keys the event-by-event read finds (it still reads a cut or broken head)."""

from __future__ import annotations

import io
import json

import pytest

from chathub_desktop.services.transfer import chat_import
from tests.fakes.chat_exports import claude_conversation, librechat_flat, webui_chat


def _keys(data: bytes, prefix: str, fast: bool, monkeypatch: pytest.MonkeyPatch) -> tuple[list[str], list[str]]:
    with monkeypatch.context() as m:
        if not fast:
            m.setattr(chat_import, "_whole_first_object", lambda _head, _prefix: None)
        return chat_import._first_keys(io.BytesIO(data), 0, prefix)


def _long_chatgpt(messages: int) -> list[dict[str, object]]:
    """One ChatGPT conversation of ``messages`` nodes, ``current_node`` after its mapping."""
    mapping = {f"n{i}": {"id": f"n{i}", "parent": f"n{i - 1}" if i else None, "children": [f"n{i + 1}"],
                         "message": {"author": {"role": "user" if i % 2 == 0 else "assistant"},
                                     "content": {"content_type": "text", "parts": [f"Message {i}: some text."]}}}
               for i in range(messages)}
    return [{"title": "Long", "create_time": 1.0, "mapping": mapping, "current_node": f"n{messages - 1}"}]


CASES = [
    (json.dumps(_long_chatgpt(2000)).encode(), "item"),
    (json.dumps([claude_conversation()]).encode(), "item"),
    (json.dumps([webui_chat()]).encode(), "item"),
    (json.dumps(librechat_flat()).encode(), ""),
    ('\n [ {"a.b": {"x": 1}, "k": {"y": [1, {"z": 2}]}, "s": "é😀\\ud800"}]'.encode(), "item"),
    (b'[{"title": "T", "mapping": {"a": NaN}, "current_node": "a"}]', "item"),  # NaN: not JSON
    (b'[{"title": "T", "mapping": {"a": 1}', "item"),  # cut inside the first object
    (b'[{"title": "T", "mapping": {"a": "\xff"}}]', "item"),  # not UTF-8
    (b"[]", "item"),
    (b'[1, {"a": 2}]', "item"),
]


@pytest.mark.parametrize(("data", "prefix"), CASES, ids=range(len(CASES)))
def test_the_sniff_finds_the_keys_the_event_read_finds(data: bytes, prefix: str,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    assert _keys(data, prefix, True, monkeypatch) == _keys(data, prefix, False, monkeypatch)


def test_a_whole_first_conversation_is_not_read_event_by_event(monkeypatch: pytest.MonkeyPatch) -> None:
    """A 2,000-message first conversation: the pure-Python events (1-3 s for it) are
    not used; its keys and the mapping's node ids are found."""

    class Unused:
        def parse(self, _fh: object) -> object:
            raise AssertionError("the first MB was parsed event by event")

    monkeypatch.setattr(chat_import, "_ijson_sniff", Unused())
    keys, inner = chat_import._first_keys(io.BytesIO(CASES[0][0]), 0, "item")
    assert keys == ["title", "create_time", "mapping", "current_node"]
    assert inner[:2] == ["n0", "n1"] and len(inner) == 2000
