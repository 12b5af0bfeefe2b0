"""Parse one conversation of a Claude.ai data export (APP-5, issue 15).

Pure: no I/O. The export's ``conversations.json`` is an array of conversations:
``uuid``, ``name``, ``created_at``/``updated_at`` (ISO 8601, UTC), optional
``current_leaf_message_uuid`` and ``model``, and ``chat_messages`` in order. A message
has ``uuid``, ``sender`` (``human``/``assistant``), ``created_at``, ``text`` and/or
``content`` blocks (``text``; ``thinking`` with ``thinking``; ``tool_use`` with ``id``,
``name``, ``input``; ``tool_result`` with ``tool_use_id``, ``name``, ``content``,
``is_error``), ``attachments`` (``file_name``, ``file_type``, ``file_size``,
``extracted_content``), ``files`` (``file_name``; images and other uploads without
text) and, in newer exports, ``parent_message_uuid``.

One stored message per run of text blocks; a thinking block becomes an assistant
message with ``content_type="thinking"``, a ``tool_use`` an assistant message with its
:class:`~chathub_desktop.core.messages.ToolCall`, a ``tool_result`` a tool message
linked to its call. Pieces after the first get ``<uuid>#<n>`` as their source id.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from datetime import datetime

from chathub_desktop.core import imported_chat as chat
from chathub_desktop.core.imported_chat import (
    MAX_MESSAGE_CHARS,
    Attachment,
    Cleaner,
    ImportedConversation,
    ImportedMessage,
)
from chathub_desktop.core.messages import MessageStatus, Role, ToolCall
from chathub_desktop.core.reasons import QT_TRANSLATE_NOOP, Reason

__all__ = ["MAX_MESSAGE_CHARS", "parse_claude_conversation"]

_SENDERS = {"human": Role.USER, "user": Role.USER, "assistant": Role.ASSISTANT}


def _text_of(value: object) -> str:
    """Text of a ``tool_result`` ``content``: a string, or its text blocks joined."""
    if isinstance(value, str):
        return value
    if isinstance(value, list):
        texts = []
        for item in value:
            if isinstance(item, str):
                texts.append(item)
            elif isinstance(item, dict) and isinstance(item.get("text"), str):
                texts.append(item["text"])
        return "\n\n".join(t for t in texts if t)
    if isinstance(value, dict) and isinstance(value.get("text"), str):
        return str(value["text"])
    return ""


def _attachments(message: Mapping[str, object]) -> tuple[Attachment, ...]:
    """``attachments`` (with their extracted text) then ``files``/``files_v2`` not
    already listed by name."""
    out: list[Attachment] = []
    names: set[str] = set()
    for key in ("attachments", "files", "files_v2"):
        items = message.get(key)
        if not isinstance(items, list):
            continue
        for item in items:
            if not isinstance(item, dict):
                continue
            raw = item.get("file_name") or item.get("name")
            name = chat.short(" ".join(raw.split()), 300) if isinstance(raw, str) and raw.strip() else "attachment"
            if key != "attachments" and name in names:
                continue
            names.add(name)
            mime = item.get("file_type") or item.get("file_kind")
            size = item.get("file_size")
            text = item.get("extracted_content")
            out.append(Attachment(
                name=name,
                mime_type=chat.short(mime, 100) if isinstance(mime, str) and mime else None,
                size_bytes=chat.export_size(size),
                text=text if isinstance(text, str) and text else None))
    return tuple(out)


class _Pieces:
    """The stored messages one Claude message becomes: the first keeps the message's
    uuid as source id, the next ones ``<uuid>#<n>``."""

    def __init__(self, base: str, at: Reason, when: datetime | None, model: str | None, clean: Cleaner) -> None:
        self.items: list[ImportedMessage] = []
        self._base, self._at, self._when, self._model, self._clean = base, at, when, model, clean

    def add(self, role: Role, text: str, ctype: str = "text", *, tool_calls: tuple[ToolCall, ...] = (),
            tool_name: str | None = None, tool_call_id: str | None = None) -> None:
        """Append one piece; raises :class:`ExportFormatError` over :data:`MAX_MESSAGE_CHARS`."""
        chat.check_message_size(text, self._at)
        sid = self._base if not self.items else chat.short(f"{self._base}#{len(self.items)}", 200)
        self.items.append(ImportedMessage(
            source_id=sid, role=role, content=self._clean(text), content_type=ctype, created_at=self._when,
            tool_name=tool_name, tool_calls=tool_calls, tool_call_id=tool_call_id,
            model=self._model if role is Role.ASSISTANT else None, status=MessageStatus.COMPLETE))


def _branch(messages: list[object], conv: Mapping[str, object], where: Reason) -> tuple[list[int], int]:
    """Indices of the active branch's messages, in order, and how many were left out.

    With ``parent_message_uuid`` links: from ``current_leaf_message_uuid`` (else the
    newest leaf) back to the root. Without them: every message, in the export's order."""
    ids: list[str] = []
    parents: dict[str, str | None] = {}
    times: dict[str, float] = {}
    linked = False
    for i, m in enumerate(messages):
        if not isinstance(m, dict):
            raise chat.refusal(where, Reason(QT_TRANSLATE_NOOP("ServiceReasons", "message %1 is not an object (found %2)"),
                                             (str(i + 1), chat.kind_reason(m))))
        uid = m.get("uuid")
        key = str(uid) if isinstance(uid, str | int) and not isinstance(uid, bool) else f"#{i}"
        if key in parents:
            key = f"{key}#{i}"
        parent = m.get("parent_message_uuid")
        linked = linked or isinstance(parent, str)
        ids.append(key)
        parents[key] = parent if isinstance(parent, str) and parent != key else None
        try:
            when = chat.parse_timestamp(m.get("created_at"))
        except ValueError:
            when = None
        times[key] = when.timestamp() if when is not None else -math.inf
    if not linked:
        return list(range(len(messages))), 0
    leaf = conv.get("current_leaf_message_uuid")
    start = leaf if isinstance(leaf, str) and leaf in parents else chat.newest_leaf(ids, parents, times)
    if start is None:
        return [], 0
    on_branch = set(chat.walk_branch(parents, start, where))
    keep = [i for i, key in enumerate(ids) if key in on_branch]
    return keep, len(ids) - len(keep)


def parse_claude_conversation(conv: dict[str, object], index: int) -> ImportedConversation:
    """Reduce one Claude.ai conversation to stored messages (APP-5, issue 15).

    ``conv`` is one item of ``conversations.json``; ``index`` its 0-based position.
    Roles: ``human`` → user, ``assistant`` → assistant; times from ``created_at`` (a
    message without one takes the previous one's, then the conversation's); a human
    message's ``attachments``/``files`` are listed after its text, with each
    attachment's ``extracted_content`` as its file text. Empty messages without
    attachments are dropped. NUL characters and lone surrogates become U+FFFD.

    Raises :class:`ExportFormatError` naming the conversation for: not an object, no
    ``chat_messages`` (a ChatGPT conversation is named as such) or not a list, a
    message that is not an object, an unknown ``sender``, a time that is not a time,
    a message over :data:`MAX_MESSAGE_CHARS`, a cycle of parent links.
    """
    clean = Cleaner()
    where = chat.conversation_label(conv, index, "name")
    if not isinstance(conv, dict):
        raise chat.refusal(where, Reason(QT_TRANSLATE_NOOP("ServiceReasons", "expected an object, found %1"), (chat.kind_reason(conv),)))
    messages = conv.get("chat_messages")
    if messages is None:
        if "mapping" in conv:
            raise chat.refusal(where, Reason(QT_TRANSLATE_NOOP("ServiceReasons", "has 'mapping' but no 'chat_messages': this looks "
                                                                        "like a ChatGPT export, not a Claude export")), " ")
        raise chat.refusal(where, Reason(QT_TRANSLATE_NOOP("ServiceReasons", "has no chat_messages"), (), (
            Reason(QT_TRANSLATE_NOOP("ServiceReasons", "; not a Claude conversation (keys found: %1)"), (chat.found_keys(conv),)),)), " ")
    if not isinstance(messages, list):
        raise chat.refusal(where, Reason(QT_TRANSLATE_NOOP("ServiceReasons", "chat_messages is not a list (found %1)"), (chat.kind_reason(messages),)))
    name = conv.get("name")
    title = clean(chat.short(name.strip(), 500)) if isinstance(name, str) and name.strip() else chat.UNTITLED
    try:
        created = chat.parse_timestamp(conv.get("created_at"))
        updated = chat.parse_timestamp(conv.get("updated_at"))
    except ValueError as exc:
        raise chat.refusal(where, Reason(QT_TRANSLATE_NOOP("ServiceReasons", "created_at/updated_at is not a time (%1)"), (chat.time_problem(exc),))) from exc
    uid = conv.get("uuid")
    source_id = (clean(chat.source_key(str(uid).strip())) if isinstance(uid, str) and uid.strip()
                 else chat.stable_id(conv.get("name"), conv.get("created_at"), len(messages), index))
    model = conv.get("model")
    conv_model = clean(chat.short(model, 200)) if isinstance(model, str) and model else None

    keep, skipped = _branch(messages, conv, where)
    out: list[ImportedMessage] = []
    calls: list[tuple[str, str]] = []
    last_time = created
    for i in keep:
        m = messages[i]
        assert isinstance(m, dict)
        at = chat.message_at(where, str(i + 1))
        sender = m.get("sender")
        role = _SENDERS.get(sender) if isinstance(sender, str) else None
        if role is None:
            raise chat.refusal(at, Reason(QT_TRANSLATE_NOOP("ServiceReasons", "sender is not human or assistant (found %1)"), (f"{sender!r:.40}",)))
        try:
            when = chat.parse_timestamp(m.get("created_at"))
        except ValueError as exc:
            raise chat.refusal(at, Reason(QT_TRANSLATE_NOOP("ServiceReasons", "created_at is not a time (%1)"), (chat.time_problem(exc),))) from exc
        when = when or last_time
        last_time = when
        uid = m.get("uuid")
        base = clean(chat.source_key(str(uid))) if isinstance(uid, str) and uid else f"{source_id[:180]}#{i}"
        pieces = _Pieces(base, at, when, conv_model, clean)
        piece = pieces.add
        blocks = m.get("content")
        texts: list[str] = []
        if isinstance(blocks, list) and blocks:
            for b, block in enumerate(blocks):
                if not isinstance(block, dict):
                    continue
                btype = block.get("type")
                if btype == "text" and isinstance(block.get("text"), str):
                    texts.append(block["text"])
                    continue
                if texts:
                    piece(role, "\n\n".join(t for t in texts if t))
                    texts = []
                if btype == "thinking":
                    thought = block.get("thinking")
                    if isinstance(thought, str) and thought.strip():
                        piece(Role.ASSISTANT, thought, "thinking")
                elif btype == "tool_use":
                    raw_id = block.get("id")
                    call_id = clean(chat.short(raw_id, 200)) if isinstance(raw_id, str) and raw_id else f"call_{base}_{b}"
                    tname = block.get("name")
                    tool = clean(chat.short(tname, 200)) if isinstance(tname, str) and tname else "tool"
                    arguments = json.dumps(block.get("input", {}), ensure_ascii=False, default=str)
                    piece(Role.ASSISTANT, "", "tool_use",
                          tool_calls=(ToolCall(id=chat.short(call_id, 200), name=tool, arguments=clean(arguments)),))
                    calls.append((call_id, tool))
                elif btype == "tool_result":
                    ref = block.get("tool_use_id")
                    tname = block.get("name")
                    result_tool = clean(chat.short(tname, 200)) if isinstance(tname, str) and tname else None
                    answered = chat.answered_call(calls, clean(chat.short(ref, 200)) if isinstance(ref, str) else None,
                                                  result_tool)
                    body = _text_of(block.get("content"))
                    if block.get("is_error") is True:
                        body = f"Error: {body}" if body else "Error"
                    piece(Role.TOOL, body, "tool_result", tool_name=result_tool, tool_call_id=answered)
            if texts:
                piece(role, "\n\n".join(t for t in texts if t))
        else:
            text = m.get("text")
            if isinstance(text, str) and text:
                piece(role, text)
        files = _attachments(m)
        if files:
            files = clean.attachments(files)
            items = pieces.items
            host = next((k for k in range(len(items) - 1, -1, -1) if items[k].role is role
                         and items[k].content_type == "text"), None)
            if host is None:
                piece(role, "")
                host = len(items) - 1
            p = items[host]
            items[host] = ImportedMessage(p.source_id, p.role, chat.with_attachments(p.content, files), p.content_type,
                                           p.created_at, p.tool_name, p.tool_calls, p.tool_call_id, p.model,
                                           p.status, files)
        out.extend(pieces.items)
    return ImportedConversation(source_id=source_id, title=title, created_at=created, updated_at=updated,
                                model=conv_model, messages=tuple(out), replaced_characters=clean.replaced,
                                branches_skipped=skipped)
