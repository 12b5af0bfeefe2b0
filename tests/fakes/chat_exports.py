"""Builders for Claude.ai, Open WebUI and LibreChat exports, and the newer ChatGPT
shapes, in the real formats (tests and benchmarks, APP-5, issue 15).

Shapes follow real exports as shipped in other projects' test fixtures (see
``/work/shared/samples``-style files): Claude's ``conversations.json`` (``uuid``,
``name``, ``chat_messages`` with ``sender``, ``text``, ``content`` blocks,
``attachments``, ``files``), Open WebUI's "Export chats" array (``chat.history`` with
``currentId`` and ``messages`` linked by ``parentId``/``childrenIds``, ``output``
items), LibreChat's conversation export (``conversationId``, ``messages`` with
``parentMessageId`` or nested ``children``). Texts mix CJK, emoji and RTL scripts.
"""

from __future__ import annotations

import json
import random
import zipfile
from pathlib import Path
from typing import Any

Conversation = dict[str, Any]

CJK = "東京で会いましょう。天気はどうですか？"
EMOJI = "Deploy done 🚀🎉 (👩🏽‍💻 approved)"
RTL = "שלום עולם — مرحبا بالعالم"
NO_PARENT = "00000000-0000-0000-0000-000000000000"


def iso(seconds: float) -> str:
    """An ISO 8601 UTC time with milliseconds and ``Z``, as Claude and LibreChat write."""
    from datetime import UTC, datetime

    return datetime.fromtimestamp(seconds, UTC).strftime("%Y-%m-%dT%H:%M:%S.%f")[:-3] + "Z"


# --- Claude.ai -------------------------------------------------------------------------


def claude_message(uid: str, sender: str, t: float, text: str = "", content: list[Any] | None = None,
                   **extra: Any) -> dict[str, Any]:
    """One ``chat_messages`` item."""
    msg: dict[str, Any] = {"uuid": uid, "text": text, "sender": sender, "created_at": iso(t),
                           "updated_at": iso(t), "attachments": [], "files": []}
    if content is not None:
        msg["content"] = content
    msg.update(extra)
    return msg


def claude_text(text: str, t: float) -> dict[str, Any]:
    """A ``text`` content block with its timestamps."""
    return {"start_timestamp": iso(t), "stop_timestamp": iso(t + 1), "type": "text", "text": text,
            "citations": []}


def claude_conversation(uid: str = "c0ffee00-0000-4000-8000-000000000001", t0: float = 1_714_585_000.0,
                        name: str = "Trip to Tokyo") -> Conversation:
    """A Claude conversation with: a human message with an attachment (extracted text)
    and an image file, an assistant reply with thinking, a tool_use, its tool_result and
    a final text; then a plain human/assistant pair using only ``text`` (older exports).
    Expected stored messages: user, thinking, tool call, tool result, assistant text,
    user, assistant = 7."""
    return {
        "uuid": uid, "name": name, "summary": "", "created_at": iso(t0), "updated_at": iso(t0 + 100),
        "account": {"uuid": "acc-1"},
        "chat_messages": [
            claude_message("m1", "human", t0 + 1, f"Plan my day. {CJK}",
                           [claude_text(f"Plan my day. {CJK}", t0 + 1)],
                           attachments=[{"file_name": "itinerary.txt", "file_size": 42, "file_type": "text/plain",
                                         "extracted_content": "09:00 Senso-ji\n12:00 Ramen"}],
                           files=[{"file_name": "map.png"}]),
            claude_message("m2", "assistant", t0 + 2, "", [
                {"type": "thinking", "thinking": "The user wants a schedule; check the weather first.",
                 "summaries": [{"summary": "Planning"}], "start_timestamp": iso(t0 + 2)},
                {"type": "tool_use", "id": "toolu_01", "name": "web_search", "input": {"query": "Tokyo weather"}},
                {"type": "tool_result", "tool_use_id": "toolu_01", "name": "web_search",
                 "content": [{"type": "text", "text": "Sunny, 24°C"}], "is_error": False},
                claude_text(f"Sunny all day. {EMOJI}", t0 + 3),
            ]),
            claude_message("m3", "human", t0 + 4, f"Translate: {RTL}"),
            claude_message("m4", "assistant", t0 + 5, "Hello world — in Hebrew and Arabic."),
        ],
    }


def claude_plain(uid: str, name: str, turns: int, t0: float) -> Conversation:
    """A Claude conversation of ``turns`` human/assistant pairs of plain text."""
    msgs = []
    for i in range(turns):
        msgs.append(claude_message(f"{uid}-h{i}", "human", t0 + 2 * i, f"Question {i} {CJK}",
                                   [claude_text(f"Question {i} {CJK}", t0 + 2 * i)]))
        msgs.append(claude_message(f"{uid}-a{i}", "assistant", t0 + 2 * i + 1, f"Answer {i} {EMOJI}",
                                   [claude_text(f"Answer {i} {EMOJI}", t0 + 2 * i + 1)]))
    return {"uuid": uid, "name": name, "created_at": iso(t0), "updated_at": iso(t0 + 2 * turns),
            "chat_messages": msgs}


def claude_export() -> list[Conversation]:
    """Three conversations: the rich one, a broken one in the middle (``chat_messages``
    is an object) and a plain one."""
    broken = {"uuid": "c0ffee00-0000-4000-8000-00000000bad0", "name": "Corrupted entry",
              "created_at": iso(1_714_590_000), "updated_at": iso(1_714_590_000), "chat_messages": {"oops": 1}}
    return [claude_conversation(), broken, claude_plain("c0ffee00-0000-4000-8000-000000000003", "Plain", 2,
                                                        1_714_600_000.0)]


# --- Open WebUI ------------------------------------------------------------------------


def webui_node(mid: str, parent: str | None, children: list[str], role: str, content: str, t: int,
               **extra: Any) -> dict[str, Any]:
    """One ``history.messages`` entry."""
    node = {"id": mid, "parentId": parent, "childrenIds": children, "role": role, "content": content,
            "timestamp": t}
    node.update(extra)
    return node


def webui_chat(cid: str = "owui-1", t0: int = 1_700_000_000, title: str = "Branches and tools") -> Conversation:
    """An Open WebUI chat whose first answer was regenerated (two assistant children;
    ``currentId`` follows the second), with a reasoning answer, a tool-call answer
    (``output`` items) and a user message with a file. Active branch: u1, a1b, u2,
    a2 (thinking + call + result + text) = 4 nodes, 8 stored messages; 1 node skipped."""
    messages = {
        "u1": webui_node("u1", None, ["a1a", "a1b"], "user", f"What is 15 * 17? {CJK}", t0,
                         files=[{"type": "file", "name": "notes.md", "size": 12,
                                 "file": {"meta": {"name": "notes.md", "content_type": "text/markdown", "size": 12},
                                          "data": {"content": "# notes\nhi"}}}]),
        "a1a": webui_node("a1a", "u1", [], "assistant", "250", t0 + 5, model="llama3.1:latest"),
        "a1b": webui_node("a1b", "u1", ["u2"], "assistant",
                          '<details type="reasoning" done="true" duration="3"><summary>Thought for 3 seconds'
                          "</summary>&gt; 15 * 17 = 150 + 105</details>255", t0 + 10, model="deepseek-r1"),
        "u2": webui_node("u2", "a1b", ["a2"], "user", f"Weather in Paris? {RTL}", t0 + 20),
        "a2": webui_node("a2", "u2", [], "assistant",
                         '<details type="tool_calls"><summary>Tool Executed</summary>"Paris: 18C"</details>'
                         f"Rain, 18C {EMOJI}", t0 + 30, model="gpt-4o", done=True, output=[
                             {"type": "reasoning", "id": "r1", "content": [{"type": "output_text",
                                                                           "text": "Call the weather tool."}]},
                             {"type": "function_call", "id": "fc1", "call_id": "call_1", "name": "get_weather",
                              "arguments": '{"city":"Paris"}', "status": "completed"},
                             {"type": "function_call_output", "id": "fo1", "call_id": "call_1",
                              "output": [{"type": "input_text", "text": "Paris: 18C, rain"}]},
                             {"type": "message", "id": "m1", "role": "assistant",
                              "content": [{"type": "output_text", "text": f"Rain, 18C {EMOJI}"}]}]),
    }
    return {"id": cid, "user_id": "u", "title": title,
            "chat": {"title": title, "models": ["gpt-4o"], "history": {"currentId": "a2", "messages": messages}},
            "created_at": t0, "updated_at": t0 + 30, "share_id": None, "archived": False, "meta": {}}


def webui_plain(cid: str, turns: int, t0: int) -> Conversation:
    """A linear Open WebUI chat of ``turns`` pairs."""
    messages: dict[str, Any] = {}
    prev = None
    for i in range(2 * turns):
        mid = f"{cid}-{i}"
        nxt = [f"{cid}-{i + 1}"] if i + 1 < 2 * turns else []
        messages[mid] = webui_node(mid, prev, nxt, "user" if i % 2 == 0 else "assistant",
                                   f"Line {i} {CJK}", t0 + i, **({"model": "llama3"} if i % 2 else {}))
        prev = mid
    return {"id": cid, "title": f"Chat {cid}", "chat": {"models": ["llama3"],
                                                        "history": {"currentId": prev, "messages": messages}},
            "created_at": t0, "updated_at": t0 + 2 * turns}


def webui_export() -> list[Conversation]:
    """The branched chat, a broken one (``history.messages`` is a list), a plain one."""
    broken = {"id": "owui-bad", "title": "Corrupted entry", "chat": {"history": {"messages": [1, 2]}},
              "created_at": 1_700_000_500, "updated_at": 1_700_000_500}
    return [webui_chat(), broken, webui_plain("owui-3", 2, 1_700_001_000)]


# --- LibreChat -------------------------------------------------------------------------


def librechat_message(mid: str, parent: str, user: bool, text: str, t: float, **extra: Any) -> dict[str, Any]:
    """One LibreChat message."""
    m = {"messageId": mid, "parentMessageId": parent, "conversationId": "lc-1", "isCreatedByUser": user,
         "sender": "User" if user else "GPT-4", "text": text, "createdAt": iso(t), "updatedAt": iso(t),
         "model": None if user else "gpt-4o", "error": False, "unfinished": False}
    m.update(extra)
    return m


def librechat_flat(t0: float = 1_714_000_000.0) -> Conversation:
    """A flat LibreChat export (``messages`` with ``parentMessageId``) with a branch: the
    first answer has two follow-ups; the newest leaf is on the second. Active branch:
    u1, a1, u3, a3 (a3 has content parts: think, tool_call with output, text) →
    u1, a1, u3, thinking, call, result, a3 text = 7 stored; 2 messages skipped."""
    return {
        "conversationId": "lc-1", "endpoint": "openAI", "title": f"Branches {RTL}",
        "exportAt": "13:18:04 GMT-0400", "branches": True, "recursive": False,
        "options": {"model": "gpt-4o", "endpoint": "openAI"},
        "messages": [
            librechat_message("u1", NO_PARENT, True, f"Hi {CJK}", t0),
            librechat_message("a1", "u1", False, "Hello!", t0 + 1),
            librechat_message("u2", "a1", True, "first follow-up", t0 + 2),
            librechat_message("a2", "u2", False, "old answer", t0 + 3),
            librechat_message("u3", "a1", True, "edited follow-up", t0 + 4,
                              files=[{"filename": "plan.pdf", "type": "application/pdf", "bytes": 2048}]),
            librechat_message("a3", "u3", False, "", t0 + 5, content=[
                {"type": "think", "think": "Look it up."},
                {"type": "tool_call", "tool_call": {"id": "call_9", "name": "search", "args": '{"q":"x"}',
                                                    "output": "result text"}},
                {"type": "text", "text": f"Found it {EMOJI}"}]),
        ],
    }


def librechat_tree() -> Conversation:
    """The same conversation as :func:`librechat_flat`, written with ``recursive: true``
    and nested ``children`` (LibreChat's "include branches" export)."""
    flat = librechat_flat()
    by_id = {m["messageId"]: dict(m, children=[]) for m in flat["messages"]}
    roots = []
    for m in flat["messages"]:
        node = by_id[m["messageId"]]
        (by_id[m["parentMessageId"]]["children"] if m["parentMessageId"] in by_id else roots).append(node)
    return {**{k: v for k, v in flat.items() if k != "messages"}, "recursive": True, "messagesTree": roots}


# --- ChatGPT, newer shapes -------------------------------------------------------------


def chatgpt_node(nid: str, parent: str | None, children: list[str], role: str | None, text: str | None,
                 t: float | None, metadata: dict[str, Any] | None = None) -> dict[str, Any]:
    """A mapping node (``role=None``: the root, ``message: null``)."""
    message = None if role is None else {
        "id": nid, "author": {"role": role, "name": None, "metadata": {}}, "create_time": t,
        "content": {"content_type": "text", "parts": [text or ""]}, "status": "finished_successfully",
        "metadata": metadata or {}, "recipient": "all"}
    return {"id": nid, "message": message, "parent": parent, "children": children}


FILECITE = "\ue200filecite\ue202turn0file0\ue201"


def chatgpt_file_conversation(cid: str = "6b0f0d9c-0000-4000-8000-00000000f11e", t0: float = 1_756_000_000.0,
                              title: str = "Quarterly report") -> Conversation:
    """A modern ChatGPT conversation: a user message with ``metadata.attachments`` (one
    with extracted text) and an answer citing the file with a ``filecite`` marker
    matched by ``content_references`` (span + quoted text) and a second, unmatched one."""
    answer = f"Revenue grew 12% {FILECITE}. See also \ue200filecite\ue202turn0file9\ue201."
    start = answer.index(FILECITE)
    meta = {"model_slug": "gpt-5", "content_references": [
        {"matched_text": FILECITE, "start_idx": start, "end_idx": start + len(FILECITE), "type": "file",
         "name": "q3.pdf", "id": "file-abc", "source": "my_files", "text": "Revenue grew 12% year over year"}]}
    mapping = {
        "root": chatgpt_node("root", None, ["u1"], None, None, None),
        "u1": chatgpt_node("u1", "root", ["a1"], "user", f"Summarise the report {EMOJI}", t0 + 1, {
            "attachments": [{"id": "file-abc", "name": "q3.pdf", "size": 1_258_291, "mime_type": "application/pdf"},
                            {"id": "file-def", "name": "notes.txt", "size": 20, "mime_type": "text/plain",
                             "text": "remember the margins"}]}),
        "a1": chatgpt_node("a1", "u1", [], "assistant", answer, t0 + 2, meta),
    }
    return {"title": title, "create_time": t0, "update_time": t0 + 2, "mapping": mapping, "current_node": "a1",
            "conversation_id": cid, "id": cid, "default_model_slug": "gpt-5", "memory_scope": "global_enabled",
            "disabled_tool_ids": [], "async_status": None}


def chatgpt_with_broken_middle() -> list[Conversation]:
    """Three conversations; the middle one, "Corrupted entry", has no ``mapping``."""
    broken = {"title": "Corrupted entry", "create_time": 1_756_000_500.0, "update_time": 1_756_000_500.0,
              "conversation_id": "6b0f0d9c-0000-4000-8000-000000000002", "id": "6b0f0d9c-0000-4000-8000-000000000002"}
    second = chatgpt_file_conversation("6b0f0d9c-0000-4000-8000-000000000003", 1_756_001_000.0, "Weeknight pasta")
    return [chatgpt_file_conversation(), broken, second]


# --- files -----------------------------------------------------------------------------


def write_json(path: Path, data: Any) -> Path:
    """``data`` as UTF-8 JSON (raw non-ASCII, as the apps write it)."""
    path.write_text(json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8")
    return path


def write_claude_zip(path: Path, conversations: list[Conversation]) -> Path:
    """A Claude export zip: ``conversations.json``, ``users.json``, ``projects.json``."""
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("conversations.json", json.dumps(conversations, ensure_ascii=False))
        zf.writestr("users.json", json.dumps([{"uuid": "acc-1", "full_name": "Test"}]))
        zf.writestr("projects.json", json.dumps([]))
    return path


def generate_export(kind: str, path: Path, target_mb: float, seed: int = 7) -> Path:
    """A realistic ``kind`` export (``claude``, ``openwebui``, ``librechat``) of about
    ``target_mb`` MB, written as a stream (benchmarks): an array of conversations
    (for LibreChat, whose app writes one conversation per file, an array of such
    exports, which the importer reads too)."""
    rng = random.Random(seed)
    words = ("the of and to in is that for it with as was on be by this are from or have an they "
             "which one you were her all she there would their we him been has when who will more no "
             f"if out so said what up its about into than them can only other new some time {CJK} {EMOJI}").split()

    def prose(n: int) -> str:
        return " ".join(rng.choice(words) for _ in range(n))

    target = int(target_mb * 1024 * 1024)
    t0 = 1_700_000_000
    with open(path, "w", encoding="utf-8") as fh:
        written = 0
        fh.write("[")
        c = 0
        while written < target:
            turns = rng.randint(2, 30)
            if kind == "librechat":
                prev, msgs = NO_PARENT, []
                for i in range(2 * turns):
                    msgs.append(librechat_message(f"b{c}-{i}", prev, i % 2 == 0, prose(rng.randint(40, 400)),
                                                  t0 + c * 1000 + i))
                    prev = f"b{c}-{i}"
                conv = {"conversationId": f"bench-{c}", "title": f"Bench {c}", "options": {"model": "gpt-4o"},
                        "messages": msgs}
            elif kind == "claude":
                conv = claude_plain(f"bench-{c}", f"Bench {c}", turns, t0 + c * 1000)
                for m in conv["chat_messages"]:
                    m["text"] = prose(rng.randint(40, 400))
                    m["content"] = [claude_text(m["text"], t0)]
            else:
                conv = webui_plain(f"bench-{c}", turns, t0 + c * 1000)
                for node in conv["chat"]["history"]["messages"].values():
                    node["content"] = prose(rng.randint(40, 400))
            chunk = ("," if c else "") + json.dumps(conv, ensure_ascii=False)
            fh.write(chunk)
            written += len(chunk.encode())
            c += 1
        fh.write("]")
    return path
