"""Parse one chat of an Open WebUI or LibreChat export (APP-5, issue 15).

Pure: no I/O. Both apps keep a message tree and show one branch of it; the product
keeps one branch per topic, so the active branch is imported and the other messages
are counted in ``ImportedConversation.branches_skipped``.

**Open WebUI** ("Export chats" writes an array; one chat is an object): ``id``,
``title``, ``created_at``/``updated_at`` (epoch seconds) and ``chat`` with ``models``
and ``history``: ``currentId`` and ``messages`` (id → ``{id, parentId, childrenIds,
role, content, timestamp, model, done, files, output}``). The branch is ``currentId``
back through ``parentId``. ``output`` items (Responses-style ``reasoning``,
``function_call``, ``function_call_output``, ``message``) give thinking, tool calls and
results; without them the ``<details type="reasoning">`` part of ``content`` becomes a
thinking message and ``<details type="tool_calls">`` parts are dropped from the text.

**LibreChat** (one conversation per file): ``conversationId``, ``title``, ``options``
(``model``) and ``messages`` (flat, linked by ``parentMessageId``) or, with
``recursive: true``, ``messagesTree``/``messages`` nested through ``children``. A
message has ``messageId``, ``parentMessageId`` (the all-zero id at the root),
``isCreatedByUser``, ``text`` and/or ``content`` parts (``text``, ``think``,
``tool_call``), ``createdAt`` (ISO 8601), ``model``, ``unfinished``, ``files``. The
branch ends at the newest leaf.
"""

from __future__ import annotations

import html
import json
import math
import re
from collections.abc import Iterator, Mapping
from datetime import UTC, datetime

from chathub_desktop.core.imported_chat import (
    MAX_MESSAGE_CHARS,
    UNTITLED,
    Attachment,
    Cleaner,
    ImportedConversation,
    ImportedMessage,
    answered_call,
    check_message_size,
    conversation_label,
    export_size,
    found_keys,
    kind_reason,
    message_at,
    newest_leaf,
    parse_timestamp,
    refusal,
    short,
    source_key,
    stable_id,
    time_problem,
    walk_branch,
    with_attachments,
)
from chathub_desktop.core.messages import MessageStatus, Role, ToolCall
from chathub_desktop.core.reasons import QT_TRANSLATE_NOOP, Reason, ReasonError

__all__ = ["MAX_MESSAGE_CHARS", "parse_librechat_conversation", "parse_openwebui_chat"]

NO_PARENT = "00000000-0000-0000-0000-000000000000"
"""LibreChat's parent id of a root message."""
_ROLES = {"user": Role.USER, "assistant": Role.ASSISTANT, "system": Role.SYSTEM, "tool": Role.TOOL}
_DETAILS = re.compile(r'<details type="(\w+)"[^>]*>(.*?)</details>\s*', re.DOTALL)
_SUMMARY = re.compile(r"<summary>.*?</summary>", re.DOTALL)
_MAX_DEPTH = 60  # nested LibreChat children (the JSON bound stops deeper files first)


def _stamp(value: object) -> datetime | None:
    """A UTC time from an export time: epoch seconds (milliseconds above 10^11 are
    divided) or ISO 8601. Raises ``ValueError`` for anything else."""
    if isinstance(value, int | float) and not isinstance(value, bool):
        seconds = value / 1000 if value > 1e11 else value
        try:
            return datetime.fromtimestamp(seconds, UTC)
        except (OverflowError, OSError, ValueError) as exc:
            raise ReasonError(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "%1 is out of range"), (repr(value),))) from exc
    return parse_timestamp(value)


def _epoch(value: object) -> float | None:
    """Seconds since the epoch of an export time (as :func:`_stamp`), or ``None``."""
    when = _stamp(value)
    return when.timestamp() if when is not None else None


class _Builder:
    """Collects the stored messages of one conversation (shared by both formats)."""

    def __init__(self, where: Reason, clean: Cleaner, created: datetime | None) -> None:
        self.where = where
        self.clean = clean
        self.messages: list[ImportedMessage] = []
        self.calls: list[tuple[str, str]] = []
        self.last_time = created
        self._models: dict[str, str] = {}  # a model name as given → cleaned (one per conversation)

    def at(self, mid: str) -> Reason:
        """``conversation N ('title'), message 'mid'`` for an error message, built only
        when one is raised (formatting it for every message showed in the import benchmark)."""
        return message_at(self.where, repr(mid))

    def when(self, value: object, mid: str) -> datetime | None:
        """The message's time (``value``), else the previous message's."""
        try:
            t = value if isinstance(value, datetime) else _stamp(value)
        except ValueError as exc:
            raise refusal(self.at(mid), Reason(QT_TRANSLATE_NOOP("ServiceReasons", "the time is not a time (%1)"), (time_problem(exc),))) from exc
        if t is None:
            return self.last_time
        self.last_time = t
        return t

    def add(self, mid: str, sid: str, role: Role, text: str, when: datetime | None, ctype: str = "text", *,
            model: str | None = None, status: MessageStatus = MessageStatus.COMPLETE,
            tool_calls: tuple[ToolCall, ...] = (), tool_name: str | None = None,
            tool_call_id: str | None = None, attachments: tuple[Attachment, ...] = ()) -> None:
        if attachments:
            text = with_attachments(text, attachments)
        check_message_size(text, lambda: self.at(mid))
        c = self.clean
        if model is not None:
            cached = self._models.get(model)
            if cached is None:
                cached = self._models[model] = c(short(model, 200))
            model = cached
        self.messages.append(ImportedMessage(
            source_id=c(source_key(sid)), role=role, content=c(text) if text else "", content_type=ctype,
            created_at=when, model=model or None,
            status=status, tool_calls=tool_calls, tool_name=c(short(tool_name, 200)) if tool_name else None,
            tool_call_id=c(short(tool_call_id, 200)) if tool_call_id else None,
            attachments=c.attachments(attachments) if attachments else ()))

    def call(self, call_id: str, name: str, arguments: str) -> ToolCall:
        self.calls.append((call_id, name))
        return ToolCall(id=self.clean(short(call_id, 200)), name=self.clean(short(name, 200)),
                        arguments=self.clean(arguments))

    def match(self, ref: object, name: str | None) -> str | None:
        """The call a tool result answers (:func:`answered_call`)."""
        return answered_call(self.calls, ref, name)


class _Ids:
    """Source ids of the messages one exported message becomes: ``mid``, ``mid#1`` ..."""

    def __init__(self, mid: str) -> None:
        self._mid = mid
        self.used = 0

    def next(self) -> str:
        """The next id."""
        self.used += 1
        return self._mid if self.used == 1 else f"{self._mid}#{self.used - 1}"


def _str(value: object) -> str | None:
    return value if isinstance(value, str) and value else None


def _title(conv: Mapping[str, object], *more: object) -> str:
    for value in (conv.get("title"), *more):
        if isinstance(value, str) and value.strip():
            return short(value.strip(), 500)
    return UNTITLED


def _output_text(parts: object) -> str:
    """Text of Responses-style ``content``/``output`` parts (``output_text``/``input_text``)."""
    if isinstance(parts, str):
        return parts
    if not isinstance(parts, list):
        return ""
    return "\n\n".join(p["text"] for p in parts if isinstance(p, dict) and isinstance(p.get("text"), str))


def _webui_files(message: Mapping[str, object]) -> tuple[Attachment, ...]:
    items = message.get("files")
    if not isinstance(items, list):
        return ()
    out = []
    for item in items:
        if not isinstance(item, dict):
            continue
        raw_file = item.get("file")
        file: dict[str, object] = raw_file if isinstance(raw_file, dict) else {}
        raw_meta, raw_data = file.get("meta"), file.get("data")
        meta: dict[str, object] = raw_meta if isinstance(raw_meta, dict) else {}
        data: dict[str, object] = raw_data if isinstance(raw_data, dict) else {}
        name = _str(item.get("name")) or _str(meta.get("name")) or _str(file.get("filename")) or "attachment"
        out.append(Attachment(short(" ".join(name.split()), 300),
                              _str(meta.get("content_type")) or _str(item.get("type")),
                              export_size(item.get("size") if "size" in item else meta.get("size")),
                              _str(data.get("content"))))
    return tuple(out)


def _split_details(content: str) -> tuple[str, str]:
    """``(reasoning, answer)`` of Open WebUI content with ``<details>`` blocks."""
    reasoning: list[str] = []

    def take(m: re.Match[str]) -> str:
        if m.group(1) == "reasoning":
            body = _SUMMARY.sub("", m.group(2)).strip()
            lines = [ln[1:].lstrip() if ln.startswith(">") else ln for ln in html.unescape(body).splitlines()]
            reasoning.append("\n".join(lines).strip())
        return ""

    answer = _DETAILS.sub(take, content) if "<details" in content else content
    return "\n\n".join(r for r in reasoning if r), answer.strip() if reasoning or answer != content else answer


def parse_openwebui_chat(conv: dict[str, object], index: int) -> ImportedConversation:
    """One Open WebUI chat (an item of "Export chats", or a lone chat object) reduced to
    its active branch (APP-5, issue 15). Roles ``user``/``assistant``/``system``;
    times from ``timestamp`` (epoch seconds); models from ``model`` (else the chat's
    first of ``models``); ``done: false`` → interrupted; ``files`` listed, with their
    extracted ``data.content`` as file text.

    Raises :class:`ExportFormatError` naming the chat for: not an object, no
    ``chat.history.messages`` (nor a ``chat.messages`` list), messages that are not
    objects, an unknown role, a bad time, a message over :data:`MAX_MESSAGE_CHARS`, a
    cycle of parent links."""
    clean = Cleaner()
    where = conversation_label(conv, index)
    if not isinstance(conv, dict):
        raise refusal(where, Reason(QT_TRANSLATE_NOOP("ServiceReasons", "expected an object, found %1"), (kind_reason(conv),)))
    chat = conv.get("chat") if isinstance(conv.get("chat"), dict) else conv
    assert isinstance(chat, dict)
    history = chat.get("history")
    nodes = history.get("messages") if isinstance(history, dict) else None
    if nodes is None and isinstance(chat.get("messages"), list):  # older exports: a flat list
        flat = chat["messages"]
        nodes, prev = {}, None
        for i, m in enumerate(flat):
            if isinstance(m, dict):
                mid = str(m.get("id") or f"#{i}")
                nodes[mid] = {**m, "parentId": m.get("parentId", prev)}
                prev = mid
        history = {"currentId": prev}
    if not isinstance(nodes, dict):
        raise refusal(where, Reason(QT_TRANSLATE_NOOP("ServiceReasons", "has no chat history"), (), (
            Reason(QT_TRANSLATE_NOOP("ServiceReasons", "; not an Open WebUI chat (keys found: %1)"), (found_keys(chat),)),)), " ")
    assert isinstance(history, dict)
    parents: dict[str, str | None] = {}
    for mid, node in nodes.items():
        if not isinstance(node, dict):
            raise refusal(where, Reason(QT_TRANSLATE_NOOP("ServiceReasons", "message %1 is not an object (found %2)"), (repr(mid), kind_reason(node))))
        parent = node.get("parentId")
        parents[mid] = parent if isinstance(parent, str) and parent != mid else None
    current = history.get("currentId")
    if isinstance(current, str) and current in nodes:
        leaf: str | None = current
    else:
        times: dict[str, float] = {}
        for mid, node in nodes.items():
            try:
                t = _epoch(node.get("timestamp"))
            except ValueError:
                t = None
            times[mid] = t if t is not None else -math.inf
        leaf = newest_leaf(list(nodes), parents, times)
    branch = walk_branch(parents, leaf, where) if leaf is not None else []
    try:
        created = _stamp(conv.get("created_at"))
        updated = _stamp(conv.get("updated_at"))
    except ValueError as exc:
        raise refusal(where, Reason(QT_TRANSLATE_NOOP("ServiceReasons", "created_at/updated_at is not a time (%1)"), (time_problem(exc),))) from exc
    models = chat.get("models")
    chat_model = _str(models[0]) if isinstance(models, list) and models else None
    raw_id = conv.get("id")
    source_id = (clean(source_key(str(raw_id))) if isinstance(raw_id, str | int) and not isinstance(raw_id, bool)
                 and str(raw_id).strip() else stable_id(conv.get("title"), created, sorted(nodes)[:50], index))
    out = _Builder(where, clean, created)
    for mid in branch:
        node = nodes[mid]
        role_name = node.get("role")
        role = _ROLES.get(role_name) if isinstance(role_name, str) else None
        if role is None:
            raise refusal(out.at(mid), Reason(QT_TRANSLATE_NOOP("ServiceReasons", "role is not user, assistant or system (found %1)"),
                                              (f"{role_name!r:.40}",)))
        when = out.when(node.get("timestamp"), mid)
        model = _str(node.get("model")) or (chat_model if role is Role.ASSISTANT else None)
        status = MessageStatus.INTERRUPTED if node.get("done") is False else MessageStatus.COMPLETE
        files = _webui_files(node)
        content = node.get("content")
        text = content if isinstance(content, str) else _output_text(content)
        output = node.get("output")
        ids = _Ids(mid)
        sid = ids.next

        answer_parts: list[str] = []
        if role is Role.ASSISTANT and isinstance(output, list) and output:
            for item in output:
                if not isinstance(item, dict):
                    continue
                kind = item.get("type")
                if kind == "reasoning":
                    thought = _output_text(item.get("content")) or _output_text(item.get("summary"))
                    if thought.strip():
                        out.add(mid, sid(), Role.ASSISTANT, thought, when, "thinking", model=model)
                elif kind == "function_call":
                    call_id = _str(item.get("call_id")) or _str(item.get("id")) or f"call_{mid}_{ids.used}"
                    name = _str(item.get("name")) or "tool"
                    args = item.get("arguments")
                    arguments = args if isinstance(args, str) else json.dumps(args or {}, ensure_ascii=False)
                    out.add(mid, sid(), Role.ASSISTANT, "", when, "tool_use", model=model,
                            tool_calls=(out.call(call_id, name, arguments),))
                elif kind == "function_call_output":
                    answered = out.match(item.get("call_id"), None)
                    tool = next((nm for c, nm in reversed(out.calls) if c == answered), None)
                    out.add(mid, sid(), Role.TOOL, _output_text(item.get("output")), when, "tool_result",
                            tool_name=tool, tool_call_id=answered)
                elif kind == "message":
                    answer_parts.append(_output_text(item.get("content")))
            answer = "\n\n".join(p for p in answer_parts if p) or _split_details(text)[1]
        else:
            reasoning, answer = (_split_details(text) if role is Role.ASSISTANT and "<details" in text
                                 else ("", text))
            if reasoning:
                out.add(mid, sid(), Role.ASSISTANT, reasoning, when, "thinking", model=model)
        if role is Role.SYSTEM and not answer.strip():
            continue
        out.add(mid, sid(), role, answer, when, model=model if role is Role.ASSISTANT else None,
                status=status, attachments=files)
    return ImportedConversation(
        source_id=source_id, title=clean(_title(conv, chat.get("title"))),
        created_at=created, updated_at=updated,
        model=clean(short(chat_model, 200)) if chat_model else None, messages=tuple(out.messages),
        replaced_characters=clean.replaced, branches_skipped=len(nodes) - len(branch))


def _flatten(items: object, parent: str | None, depth: int, where: Reason) -> Iterator[tuple[dict[str, object], str | None]]:
    """``(message, parent id)`` of a LibreChat list, nested ``children`` included."""
    if not isinstance(items, list):
        raise refusal(where, Reason(QT_TRANSLATE_NOOP("ServiceReasons", "messages is not a list (found %1)"), (kind_reason(items),)))
    if depth > _MAX_DEPTH:
        raise refusal(where, Reason(QT_TRANSLATE_NOOP("ServiceReasons", "messages nest more than %1 levels deep"), (str(_MAX_DEPTH),)))
    for i, m in enumerate(items):
        if not isinstance(m, dict):
            raise refusal(where, Reason(QT_TRANSLATE_NOOP("ServiceReasons", "message %1 is not an object (found %2)"), (str(i + 1), kind_reason(m))))
        yield m, parent
        children = m.get("children")
        if isinstance(children, list) and children:
            mid = m.get("messageId")
            yield from _flatten(children, mid if isinstance(mid, str) else None, depth + 1, where)


def _librechat_files(message: Mapping[str, object]) -> tuple[Attachment, ...]:
    items = message.get("files")
    if not isinstance(items, list):
        return ()
    return tuple(
        Attachment(short(" ".join(str(f.get("filename") or f.get("name") or "attachment").split()), 300),
                   _str(f.get("type")), export_size(f.get("bytes")), _str(f.get("text")))
        for f in items if isinstance(f, dict))


def parse_librechat_conversation(conv: dict[str, object], index: int) -> ImportedConversation:
    """One LibreChat conversation export reduced to its active branch, the newest leaf
    back to the root (APP-5, issue 15). ``isCreatedByUser`` → user, else assistant;
    ``content`` parts: ``text`` joined, ``think`` → a thinking message, ``tool_call``
    → a call and, with its ``output``, a tool result; ``unfinished`` → interrupted;
    ``files`` listed; the model from ``model``, else ``options.model``.

    Raises :class:`ExportFormatError` naming the conversation for: not an object, no
    ``messages``/``messagesTree`` list, a message that is not an object, a bad
    ``createdAt``, a message over :data:`MAX_MESSAGE_CHARS`, a cycle of parent links."""
    clean = Cleaner()
    where = conversation_label(conv, index)
    if not isinstance(conv, dict):
        raise refusal(where, Reason(QT_TRANSLATE_NOOP("ServiceReasons", "expected an object, found %1"), (kind_reason(conv),)))
    tree = conv.get("messagesTree") if "messagesTree" in conv else conv.get("messages")
    if tree is None:
        raise refusal(where, Reason(QT_TRANSLATE_NOOP("ServiceReasons", "has no messages"), (), (
            Reason(QT_TRANSLATE_NOOP("ServiceReasons", "; not a LibreChat conversation (keys found: %1)"), (found_keys(conv),)),)), " ")
    nodes: dict[str, dict[str, object]] = {}
    parents: dict[str, str | None] = {}
    times: dict[str, float] = {}
    stamps: dict[str, datetime | None] = {}
    for i, (m, nested_parent) in enumerate(_flatten(tree, None, 0, where)):
        raw = m.get("messageId")
        mid = raw if isinstance(raw, str) and raw and raw not in nodes else f"#{i}"
        parent = m.get("parentMessageId")
        parent = parent if isinstance(parent, str) and parent != NO_PARENT else nested_parent
        nodes[mid] = m
        parents[mid] = parent if parent != mid else None
        try:
            stamp = _stamp(m.get("createdAt"))
        except ValueError as exc:
            raise refusal(message_at(where, repr(mid)), Reason(QT_TRANSLATE_NOOP("ServiceReasons", "createdAt is not a time (%1)"),
                                                                 (time_problem(exc),))) from exc
        stamps[mid] = stamp
        times[mid] = stamp.timestamp() if stamp is not None else -math.inf
    leaf = newest_leaf(list(nodes), parents, times)
    branch = walk_branch(parents, leaf, where) if leaf is not None else []
    options = conv.get("options") if isinstance(conv.get("options"), dict) else {}
    assert isinstance(options, dict)
    conv_model = _str(options.get("model"))
    raw_id = conv.get("conversationId")
    source_id = (clean(source_key(raw_id.strip())) if isinstance(raw_id, str) and raw_id.strip()
                 else stable_id(conv.get("title"), sorted(nodes)[:50], index))
    on_branch = [stamps[m] for m in branch if stamps[m] is not None]
    out = _Builder(where, clean, on_branch[0] if on_branch else None)
    for mid in branch:
        m = nodes[mid]
        role = Role.USER if m.get("isCreatedByUser") is True else Role.ASSISTANT
        when = out.when(stamps[mid], mid)
        model = (_str(m.get("model")) or conv_model) if role is Role.ASSISTANT else None
        status = MessageStatus.INTERRUPTED if m.get("unfinished") is True else MessageStatus.COMPLETE
        ids = _Ids(mid)
        sid = ids.next

        texts: list[str] = []
        parts = m.get("content")
        if isinstance(parts, list) and parts:
            for p in parts:
                if not isinstance(p, dict):
                    continue
                kind = p.get("type")
                if kind == "text":
                    value = p.get("text")
                    texts.append(value if isinstance(value, str) else _output_text([value]) if isinstance(value, dict)
                                 else "")
                elif kind == "think" and _str(p.get("think")):
                    out.add(mid, sid(), Role.ASSISTANT, str(p["think"]), when, "thinking", model=model)
                elif kind == "tool_call" and isinstance(p.get("tool_call"), dict):
                    tc = p["tool_call"]
                    assert isinstance(tc, dict)
                    name = _str(tc.get("name")) or "tool"
                    call_id = _str(tc.get("id")) or f"call_{mid}_{ids.used}"
                    args = tc.get("args")
                    arguments = args if isinstance(args, str) else json.dumps(args or {}, ensure_ascii=False)
                    out.add(mid, sid(), Role.ASSISTANT, "", when, "tool_use", model=model,
                            tool_calls=(out.call(call_id, name, arguments),))
                    if isinstance(tc.get("output"), str):
                        out.add(mid, sid(), Role.TOOL, str(tc["output"]), when, "tool_result",
                                tool_name=name, tool_call_id=call_id)
        text = "\n\n".join(t for t in texts if t)
        if not text and isinstance(m.get("text"), str):
            text = str(m["text"])
        out.add(mid, sid(), role, text, when, model=model, status=status,
                attachments=_librechat_files(m))
    return ImportedConversation(
        source_id=source_id, title=clean(_title(conv, options.get("title"))),
        created_at=min(on_branch) if on_branch else None,  # type: ignore[type-var]
        updated_at=max(on_branch) if on_branch else None,  # type: ignore[type-var]
        model=clean(short(conv_model, 200)) if conv_model else None, messages=tuple(out.messages),
        replaced_characters=clean.replaced, branches_skipped=len(nodes) - len(branch))
