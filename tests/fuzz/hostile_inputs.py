"""Hostile and broken files for the fuzz suite (issue 12): mutations of real exports,
generated JSON shaped like them, and the fixed examples the issue names, written to
disk in pieces so that building a 300 MB case does not itself take 300 MB."""

from __future__ import annotations

import io
import json
import zipfile
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

from tests.fakes.chatgpt_exports import (
    browser_conversation,
    python_conversation,
    reasoning_conversation,
    sample_export,
    simple_conversation,
)

#: Byte strings that broke importers before: deep nesting, numbers too large, escapes
#: of NUL and lone surrogates, bytes that are no UTF-8, structure characters, a text
#: longer than one 64 KiB read block.
HOSTILE_TOKENS: tuple[bytes, ...] = (
    b"[" * 100, b"]" * 50, b'{"a":' * 80, b"[[[[[[[[", b"}}}}", b"9" * 30, b"-" + b"9" * 400, b"9" * 5000,
    b"1e999", b"1e-999", b"0.0000000000000000000000000001", b'"\\ud800"', b'"\\udc00x"',
    b'"a\\u0000b"', b"\\u0000", b"\\ud83d", b"\xff\xfe", b"\xc0\xaf", b"\xed\xa0\x80", b"\x00",
    b'"', b"\\", b"\\\\", b"null", b"true", b"[]", b"{}", b",", b":", b'"mapping"',
    b'"parts":[[[[[[1]]]]]]', b'"metadata":{"a":{"b":{"c":[]}}}', b'"current_node":"zz"',
    b'"' + b"x" * 70_000 + b'"', b'"' + b"\\n" * 40_000 + b'"', b"\r\n", b"\xef\xbb\xbf",
)

_MUTATION = st.tuples(
    st.sampled_from(("flip", "delete", "insert", "truncate", "duplicate", "replace")),
    st.floats(0, 1), st.integers(0, 255), st.sampled_from(HOSTILE_TOKENS), st.integers(1, 64),
)


def apply_mutations(data: bytes, ops: Iterable[tuple[str, float, int, bytes, int]]) -> bytes:
    """``data`` with each mutation applied in turn (positions are fractions of its length)."""
    buf = bytearray(data)
    for kind, where, byte, token, width in ops:
        pos = int(where * len(buf)) if buf else 0
        if kind == "flip" and buf:
            buf[min(pos, len(buf) - 1)] = byte
        elif kind == "delete":
            del buf[pos:pos + width]
        elif kind == "insert":
            buf[pos:pos] = token
        elif kind == "truncate":
            del buf[pos:]
        elif kind == "duplicate":
            buf[pos:pos] = buf[pos:pos + width * 16]
        else:
            buf[pos:pos + len(token)] = token
    return bytes(buf)


def mutated(base: bytes, max_ops: int = 4) -> st.SearchStrategy[bytes]:
    """Mutations of ``base``: 1..max_ops flips, deletions, insertions of hostile tokens,
    cuts, duplications and overwrites."""
    return st.lists(_MUTATION, min_size=1, max_size=max_ops).map(lambda ops: apply_mutations(base, ops))


def chatgpt_bases() -> list[bytes]:
    """Real-format exports to mutate: a mixed export and single special conversations."""
    return [json.dumps(sample_export(4)).encode(),
            json.dumps([browser_conversation()[0]]).encode(),
            json.dumps([python_conversation()[0], reasoning_conversation()[0]], ensure_ascii=False).encode(),
            json.dumps([simple_conversation("Ünïcode ✓", seed=7)[0]], ensure_ascii=False).encode()]


_HOSTILE_TEXT = st.one_of(
    st.text(max_size=30),
    st.sampled_from(["\x00", "\ud800", "\udfff", "a\x00b", "\ud83d\ude00", "【3:0†source】", "", " "]),
    st.integers(0, 3).map(lambda k: "y" * (70_000 * k)),
)
_LEAF = st.one_of(st.none(), st.booleans(), st.integers(-(2**70), 2**70),
                  st.floats(allow_nan=False, allow_infinity=False), _HOSTILE_TEXT)
_VALUE = st.recursive(_LEAF, lambda kids: st.lists(kids, max_size=3)
                      | st.dictionaries(st.sampled_from(["text", "parts", "content_type", "name", "a"]),
                                        kids, max_size=3), max_leaves=12)


@st.composite
def chatgpt_shaped(draw: st.DrawFn) -> bytes:
    """A ``conversations.json`` whose structure is a ChatGPT export's but whose values are
    anything: wrong types, hostile text, nested values where strings belong."""
    n = draw(st.integers(1, 4))
    mapping: dict[str, Any] = {}
    parent = None
    for i in range(n):
        node = f"n{i}"
        wrong = draw(st.integers(0, 5)) == 0  # mostly well-typed, so most cases import
        author = st.fixed_dictionaries({"role": st.sampled_from(["user", "assistant", "tool", "system", "critic"]),
                                        "name": st.one_of(st.none(), _HOSTILE_TEXT)})
        content = st.fixed_dictionaries(
            {"content_type": st.sampled_from(["text", "code", "multimodal_text", "thoughts",
                                              "tether_browsing_display", "execution_output", "x"]),
             "parts": st.lists(st.one_of(_HOSTILE_TEXT, _VALUE), max_size=3), "text": _HOSTILE_TEXT})
        message = {
            "author": draw(_VALUE if wrong else author),
            "content": draw(_VALUE if wrong else content),
            "create_time": draw(_LEAF if wrong else st.one_of(st.none(), st.floats(0, 2e9))),
            "metadata": draw(_VALUE),
            "recipient": draw(st.one_of(st.just("all"), _HOSTILE_TEXT)),
        }
        mapping[node] = {"id": node, "parent": parent, "children": [], "message": message}
        parent = node
    conv = {"title": draw(st.one_of(_HOSTILE_TEXT, st.none(), _VALUE)),
            "conversation_id": draw(st.one_of(_HOSTILE_TEXT, _LEAF)),
            "create_time": draw(st.one_of(st.none(), st.floats(0, 2e9), _LEAF)),
            "update_time": draw(st.one_of(st.none(), st.floats(0, 2e9))), "mapping": mapping,
            "current_node": draw(st.one_of(st.just(parent), _LEAF))}
    return json.dumps([conv]).encode()


def zipped(data: bytes, name: str = "conversations.json") -> bytes:
    """``data`` as the only JSON member of an export zip (deflated)."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("chat.html", "<html></html>")
        zf.writestr(name, data)
    return out.getvalue()


# --- the fixed examples of the issue (big ones are written in pieces) -----------------------


def _conversation_around(text_json: bytes) -> tuple[bytes, bytes]:
    """The bytes before and after a message's first part, for a conversation whose one
    user message has the part ``text_json`` (already JSON)."""
    head = (b'[{"title":"Big","conversation_id":"big-1","current_node":"a","mapping":{"a":{"id":"a",'
            b'"parent":null,"children":[],"message":{"author":{"role":"user"},'
            b'"content":{"content_type":"text","parts":[')
    return head, b"]}}}}}]"


def write_deep_brackets(path: Path, depth: int) -> Path:
    """``[`` × depth then ``]`` × depth (the 400 KB export of 200,000 levels)."""
    path.write_bytes(b"[" * depth + b"]" * depth)
    return path


def write_deep_parts(path: Path, depth: int) -> Path:
    """One message whose ``parts`` nest ``depth`` lists."""
    head, tail = _conversation_around(b"[" * depth + b'"x"' + b"]" * depth)
    path.write_bytes(head + b"[" * depth + b'"x"' + b"]" * depth + tail)
    return path


def write_deep_metadata(path: Path, depth: int) -> Path:
    """One message whose ``metadata`` nests ``depth`` objects."""
    path.write_bytes(b'[{"title":"M","mapping":{"a":{"id":"a","parent":null,"children":[],"message":'
                     b'{"author":{"role":"user"},"content":{"content_type":"text","parts":["hi"]},'
                     b'"metadata":' + b'{"a":' * depth + b"1" + b"}" * depth + b"}}}}]")
    return path


def _write_big_string(fh: Any, n_bytes: int) -> None:
    block = b"z" * (1 << 20)
    left = n_bytes
    while left > 0:
        fh.write(block[: min(left, len(block))])
        left -= len(block)


def write_huge_message(path: Path, n_bytes: int) -> Path:
    """One message of ``n_bytes`` characters (the 80 MB string)."""
    head, tail = _conversation_around(b"")
    with path.open("wb") as fh:
        fh.write(head + b'"')
        _write_big_string(fh, n_bytes)
        fh.write(b'"' + tail)
    return path


def write_zip_bomb(path: Path, n_bytes: int) -> Path:
    """A small zip whose ``conversations.json`` expands to one ``n_bytes`` string (the
    293 KB zip of 300 MB)."""
    head, tail = _conversation_around(b"")
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf, \
            zf.open("conversations.json", "w", force_zip64=True) as fh:
        fh.write(head + b'"')
        _write_big_string(fh, n_bytes)
        fh.write(b'"' + tail)
    return path


def write_zip_long_string(path: Path, n_bytes: int) -> Path:
    """A zip of ordinary ratio (text that does not compress well) holding one message of
    ``n_bytes``: refused by the text bound, not the zip-bomb check."""
    import random

    rng = random.Random(12)
    head, tail = _conversation_around(b"")
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf, \
            zf.open("conversations.json", "w", force_zip64=True) as fh:
        fh.write(head + b'"')
        for _ in range(n_bytes // (1 << 20)):
            fh.write(rng.randbytes(1 << 19).hex().encode())
        fh.write(b'"' + tail)
    return path


def format_bases() -> list[tuple[str, bytes]]:
    """Real-format exports of every other importer (issue 15), and ChatGPT's newer
    shapes (one conversation object; file citations, attachments, a broken entry)."""
    from tests.fakes import chat_exports as cx

    def dump(value: object) -> bytes:
        return json.dumps(value, ensure_ascii=False).encode()

    return [("claude", dump(cx.claude_export())), ("openwebui", dump(cx.webui_export())),
            ("librechat", dump(cx.librechat_flat())), ("librechat", dump(cx.librechat_tree())),
            ("chatgpt", dump(cx.chatgpt_file_conversation())), ("chatgpt", dump(cx.chatgpt_with_broken_middle()))]


@st.composite
def format_shaped(draw: st.DrawFn) -> tuple[str, bytes]:
    """An export with a format's structure whose values are anything (wrong types,
    hostile text, nesting) where its parser reads fields."""
    fmt = draw(st.sampled_from(["claude", "openwebui", "librechat"]))
    value = st.one_of(_HOSTILE_TEXT, _VALUE, st.floats(0, 2e12))
    n = draw(st.integers(1, 4))
    if fmt == "claude":
        msgs = [{"uuid": draw(st.one_of(st.just(f"m{i}"), _LEAF)), "sender": draw(st.sampled_from(["human", "assistant", "x"])),
                 "text": draw(value), "created_at": draw(value), "parent_message_uuid": draw(st.one_of(st.none(), _LEAF)),
                 "content": draw(st.lists(st.fixed_dictionaries(
                     {"type": st.sampled_from(["text", "thinking", "tool_use", "tool_result", "x"]), "text": value,
                      "thinking": value, "input": value, "content": value, "name": value, "tool_use_id": value}),
                     max_size=3)),
                 "attachments": draw(st.lists(st.fixed_dictionaries(
                     {"file_name": value, "file_size": value, "extracted_content": value}), max_size=2))}
                for i in range(n)]
        return fmt, json.dumps([{"uuid": draw(value), "name": draw(value), "created_at": draw(value),
                                 "chat_messages": msgs}]).encode()
    if fmt == "openwebui":
        nodes = {f"n{i}": {"id": f"n{i}", "parentId": draw(st.one_of(st.just(f"n{i - 1}"), _LEAF)),
                           "role": draw(st.sampled_from(["user", "assistant", "system", "x"])),
                           "content": draw(value), "timestamp": draw(value), "model": draw(value),
                           "files": draw(_VALUE), "output": draw(st.one_of(_VALUE, st.lists(st.fixed_dictionaries(
                               {"type": st.sampled_from(["reasoning", "function_call", "function_call_output",
                                                         "message"]), "content": value, "arguments": value,
                                "output": value, "call_id": value}), max_size=3)))}
                 for i in range(n)}
        return fmt, json.dumps([{"id": draw(value), "title": draw(value), "created_at": draw(value),
                                 "chat": {"history": {"currentId": draw(st.one_of(st.just(f"n{n - 1}"), _LEAF)),
                                                      "messages": nodes}}}]).encode()
    msgs = [{"messageId": f"m{i}", "parentMessageId": draw(st.one_of(st.just(f"m{i - 1}"), _LEAF)),
             "isCreatedByUser": draw(st.one_of(st.booleans(), _LEAF)), "text": draw(value),
             "createdAt": draw(value), "content": draw(_VALUE), "files": draw(_VALUE),
             "children": draw(st.one_of(st.just([]), _VALUE))} for i in range(n)]
    return fmt, json.dumps({"conversationId": draw(value), "title": draw(value), "messages": msgs}).encode()
