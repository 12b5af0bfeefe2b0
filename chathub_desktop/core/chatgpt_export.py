"""Parse one conversation of a ChatGPT data export into plain frozen shapes (APP-5).

Pure: no I/O, no database, no clock. :mod:`chathub_desktop.services.transfer.chatgpt_import`
streams ``conversations.json`` and hands each conversation object (a ``dict`` as
``json``/``ijson`` builds it) to :func:`parse_conversation`.

The export format, as observed in real exports: a conversation has ``title``,
``create_time``/``update_time`` (float seconds since the Unix epoch, or null),
``conversation_id``/``id``, ``default_model_slug``, ``current_node`` and a
``mapping`` of node id -> ``{"id", "message", "parent", "children"}``. A message
has ``author`` (``role``, ``name``), ``content`` (``content_type`` plus ``parts``
/ ``text`` / ``result`` ... depending on the type), ``create_time``, ``status``,
``end_turn``, ``recipient`` (``all`` or a tool name such as ``browser``/``python``)
and ``metadata`` (``model_slug``, ``finish_details``,
``is_visually_hidden_from_conversation``, ``_cite_metadata`` ...).

Issue items implemented here ("File → Import → ChatGPT export"):

- follow the active branch: walk ``current_node`` back through ``parent``;
- keep timestamps and roles; keep tool calls and tool results (browser, code) as
  tool messages; skip hidden system nodes;
- never drop a user or assistant message on the active branch;
- a malformed conversation raises :class:`ExportFormatError` naming what is wrong
  and where.

Bounds (issue 12, APP-5): the importer refuses JSON nested deeper than
:data:`MAX_DEPTH`, one text over :data:`MAX_TEXT_BYTES`, one conversation over
:data:`MAX_CONVERSATION_BYTES` and a zip member over :data:`MAX_EXPORT_BYTES`; here a
message over :data:`MAX_MESSAGE_CHARS` is refused, and NUL characters and lone
surrogates are replaced by U+FFFD (counted in ``replaced_characters``), so SQLite and
PostgreSQL store the same text.
"""

from __future__ import annotations

import hashlib
import json
import math
import re
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import cast

from chathub_desktop.core.imported_chat import (
    MAX_MESSAGE_CHARS,
    NODE_AT,
    UNTITLED,
    Attachment,
    ExportFormatError,
    ImportedConversation,
    ImportedMessage,
    check_message_size,
    conversation_label,
    found_keys,
    kind_reason,
    parse_timestamp,
    refusal,
    short,
    source_key,
    time_problem,
    with_attachments,
)
from chathub_desktop.core.json_bounds import JsonLimits
from chathub_desktop.core.messages import MessageStatus, Role, ToolCall
from chathub_desktop.core.reasons import QT_TRANSLATE_NOOP, Reason
from chathub_desktop.core.stored_text import replace_unstorable

__all__ = [
    "UNTITLED",
    "ExportFormatError",
    "ImportedConversation",
    "ImportedMessage",
    "JSON_LIMITS",
    "MAX_CONVERSATION_BYTES",
    "MAX_DEPTH",
    "MAX_EXPORT_BYTES",
    "MAX_MESSAGE_CHARS",
    "MAX_TEXT_BYTES",
    "MAX_ZIP_RATIO",
    "active_branch",
    "conversation_label",
    "link_citations",
    "message_attachments",
    "parse_conversation",
    "parse_timestamp",
    "render_content",
    "render_private_citations",
]

MAX_DEPTH = 64
"""Deepest JSON nesting read; real exports stay near 20 (array, conversation, mapping,
node, message, content, parts, metadata and what the tools put in it)."""
MAX_TEXT_BYTES = 16 * 1024 * 1024
"""Longest single JSON string, in bytes as written in the file (16 MiB)."""
MAX_CONVERSATION_BYTES = 128 * 1024 * 1024
"""Most JSON bytes one conversation may take (it is built in memory whole)."""
MAX_EXPORT_BYTES = 8 * 1024 * 1024 * 1024
"""Largest ``conversations.json`` read from a zip, expanded, by its declared size (8 GiB;
the zip reader never yields more than a member declares)."""
MAX_ZIP_RATIO = 100
"""A zip member over 64 MiB expanding more than this many times its compressed size
is refused as a zip bomb (JSON exports compress 5–20 times)."""
JSON_LIMITS = JsonLimits(max_depth=MAX_DEPTH, max_string_bytes=MAX_TEXT_BYTES)
"""The bounds the streaming reader enforces (:class:`~chathub_desktop.core.json_bounds.JsonScanner`)."""

_CONTEXT_TYPES = frozenset({"user_editable_context", "model_editable_context"})
_ROLES = {"user": Role.USER, "assistant": Role.ASSISTANT, "tool": Role.TOOL, "system": Role.SYSTEM}
_PART_PLACEHOLDERS = {
    "image_asset_pointer": "[image]",
    "audio_asset_pointer": "[audio]",
    "real_time_user_audio_video_asset_pointer": "[audio]",
    "video_container_asset_pointer": "[video]",
}


def _text_of_part(part: object) -> str:
    """Text of one ``parts`` item: strings as is, media pointers as a placeholder."""
    if isinstance(part, str):
        return part
    if isinstance(part, dict):
        ptype = part.get("content_type")
        placeholder = _PART_PLACEHOLDERS.get(ptype) if isinstance(ptype, str) else None
        if placeholder is not None:
            return placeholder
        text = part.get("text")
        if isinstance(text, str):
            return text
        return f"[{ptype}]" if isinstance(ptype, str) and ptype else "[attachment]"
    if part is None:
        return ""
    return str(part)


def _join_parts(parts: object) -> str:
    if not isinstance(parts, list):
        return ""
    if len(parts) == 1 and isinstance(parts[0], str):
        return parts[0]
    texts = [_text_of_part(p) for p in parts]
    return "\n\n".join(t for t in texts if t)


_CITATION_MARK = re.compile(r"【[^】\n]{1,80}】")


def link_citations(text: str, metadata: object) -> str:
    """Replace ChatGPT's citation markers (``【3:0†source】``) in ``text`` with Markdown
    links to the cited pages, from ``metadata.citations`` (``start_ix``/``end_ix``
    character offsets, ``metadata.title``/``url``). A span that is not a marker is left
    alone; a marker whose citation names no url is removed. Text without citations
    comes back unchanged."""
    cites = metadata.get("citations") if isinstance(metadata, dict) else None
    if not isinstance(cites, list) or not cites:
        return text
    spans: list[tuple[int, int, str]] = []
    for c in cites:
        if not isinstance(c, dict):
            continue
        start, end = c.get("start_ix"), c.get("end_ix")
        if not (isinstance(start, int) and isinstance(end, int) and 0 <= start < end <= len(text)):
            continue
        if not _CITATION_MARK.fullmatch(text[start:end]):
            continue
        meta = c.get("metadata")
        raw_url = meta.get("url") if isinstance(meta, dict) else None
        raw_title = meta.get("title") if isinstance(meta, dict) else None
        url = raw_url if isinstance(raw_url, str) else ""
        title = raw_title if isinstance(raw_title, str) and raw_title.strip() else url
        title = " ".join(title.split()).replace("[", "(").replace("]", ")")
        title = title if len(title) <= 60 else title[:59] + "…"
        spans.append((start, end, f" [{title}]({url})" if url else ""))
    for start, end, link in sorted(spans, reverse=True):
        text = text[:start] + link + text[end:]
    return text


_PRIVATE_MARK = re.compile("\ue200([a-z_]{1,40})\ue202([^\ue200\ue201]{0,2000})\ue201")
_QUOTE_CHARS = 160


def _references(metadata: object) -> list[tuple[int | None, int | None, str | None, dict[str, object]]]:
    """``(start, end, matched_text, fields)`` of every ``metadata.content_references``
    and ``metadata.citations`` entry; ``fields`` merges the entry, its ``metadata`` and
    its first ``items`` entry (where newer exports put ``title``/``url``)."""
    if not isinstance(metadata, dict):
        return []
    out: list[tuple[int | None, int | None, str | None, dict[str, object]]] = []
    for key, start_key, end_key in (("content_references", "start_idx", "end_idx"),
                                    ("citations", "start_ix", "end_ix")):
        entries = metadata.get(key)
        if not isinstance(entries, list):
            continue
        for entry in entries:
            if not isinstance(entry, dict):
                continue
            fields: dict[str, object] = {}
            items = entry.get("items")
            if isinstance(items, list) and items and isinstance(items[0], dict):
                fields.update(items[0])
            inner = entry.get("metadata")
            if isinstance(inner, dict):
                fields.update(inner)
            fields.update({k: v for k, v in entry.items() if k not in ("items", "metadata")})
            start, end, matched = entry.get(start_key), entry.get(end_key), entry.get("matched_text")
            out.append((start if isinstance(start, int) and not isinstance(start, bool) else None,
                        end if isinstance(end, int) and not isinstance(end, bool) else None,
                        matched if isinstance(matched, str) else None, fields))
    return out


def _one_line(value: object, limit: int) -> str:
    text = " ".join(value.split()) if isinstance(value, str) else ""
    text = text.replace("[", "(").replace("]", ")")
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _render_reference(kind: str, args: str, fields: dict[str, object] | None) -> str:
    """The readable form of one ``\\ue200kind\\ue202args\\ue201`` marker."""
    if fields is not None:
        url = fields.get("url")
        name = _one_line(fields.get("name") or fields.get("title") or fields.get("file_name"), 80)
        quote = _one_line(fields.get("text") or fields.get("snippet") or fields.get("quote"), _QUOTE_CHARS)
        if isinstance(url, str) and url.startswith(("http://", "https://")):
            return f" [{name or url}]({url})"
        if name:
            return f" [{name}: “{quote}”]" if quote else f" [{name}]"
    if kind == "filecite":
        return " [cited file]"
    if kind == "entity":
        try:
            value = json.loads(args)
        except ValueError:
            return ""
        if isinstance(value, list) and len(value) > 1 and isinstance(value[1], str):
            return value[1]
    return ""


def render_private_citations(text: str, metadata: object) -> str:
    """Replace the markers newer ChatGPT answers write with private-use characters
    (``\\ue200filecite\\ue202turn0file0\\ue201``, ``\\ue200cite\\ue202turn0search1\\ue201``,
    ``\\ue200entity\\ue202[...]\\ue201`` ...) by references (issue 15).

    A marker is matched to an entry of ``metadata.content_references``
    (``start_idx``/``end_idx``/``matched_text``) or ``metadata.citations``
    (``start_ix``/``end_ix``) whose span covers exactly the marker, else whose
    ``matched_text`` equals it. A match with an http(s) ``url`` becomes a Markdown link;
    one with a file ``name`` becomes ``[name]``, or ``[name: “quoted span”]`` when the
    entry holds the quoted ``text`` (at most 160 characters). An unmatched file marker
    becomes ``[cited file]``, an entity its name; any other marker is removed. Text
    without markers comes back unchanged."""
    if "\ue200" not in text:
        return text
    refs = _references(metadata)
    by_span = {(s, e): f for s, e, _m, f in refs if s is not None and e is not None}
    by_text: dict[str, dict[str, object]] = {}
    for _s, _e, m, f in refs:
        if m is not None:
            by_text.setdefault(m, f)

    def replace(match: re.Match[str]) -> str:
        fields = by_span.get((match.start(), match.end()))
        if fields is None:
            fields = by_text.get(match.group(0))
        out = _render_reference(match.group(1), match.group(2), fields)
        if out.startswith(" ") and (match.start() == 0 or text[match.start() - 1].isspace()):
            out = out[1:]
        return out

    return _PRIVATE_MARK.sub(replace, text)


#: Image assets kept per message (the rest stay ``[image]`` placeholders).
MAX_IMAGE_ASSETS = 10
_ASSET_ID = re.compile(r"^[A-Za-z0-9_-]{4,120}$")


def image_assets(content: object) -> tuple[str, ...]:
    """Ids of the images a ``multimodal_text`` content shows (issue 14): the path of each
    ``image_asset_pointer`` part's ``asset_pointer`` (``file-service://file-abc123`` →
    ``file-abc123``, ``sediment://file_00…`` → ``file_00…``), well-formed ids only, at
    most :data:`MAX_IMAGE_ASSETS`. The export zip names the image file after that id."""
    parts = content.get("parts") if isinstance(content, dict) else None
    if not isinstance(parts, list):
        return ()
    out: list[str] = []
    for part in parts:
        if not (isinstance(part, dict) and part.get("content_type") == "image_asset_pointer"):
            continue
        pointer = part.get("asset_pointer")
        if not isinstance(pointer, str):
            continue
        asset = pointer.rsplit("://", 1)[-1].rsplit("/", 1)[-1]
        if _ASSET_ID.match(asset) and asset not in out:
            out.append(asset)
        if len(out) >= MAX_IMAGE_ASSETS:
            break
    return tuple(out)


def message_attachments(metadata: object) -> tuple[Attachment, ...]:
    """The files of ``metadata.attachments`` (``name``, ``mime_type``, ``size``, and
    ``text``/``extracted_content`` when the export carries the file's text); entries
    that are not objects are ignored, a missing name reads ``attachment``."""
    items = metadata.get("attachments") if isinstance(metadata, dict) else None
    if not isinstance(items, list):
        return ()
    out = []
    for item in items:
        if not isinstance(item, dict):
            continue
        name = item.get("name") or item.get("file_name")
        mime = item.get("mime_type") or item.get("mimeType")
        size = item.get("size") if "size" in item else item.get("file_size")
        text = item.get("text") if isinstance(item.get("text"), str) else item.get("extracted_content")
        out.append(Attachment(
            name=short(" ".join(name.split()), 300) if isinstance(name, str) and name.strip() else "attachment",
            mime_type=short(mime, 100) if isinstance(mime, str) and mime else None,
            size_bytes=int(size) if isinstance(size, int | float) and not isinstance(size, bool)
            and math.isfinite(size) and 0 <= size < 1 << 53 else None,
            text=text if isinstance(text, str) and text else None,
        ))
    return tuple(out)


def _render_cite_list(metadata: object) -> str:
    """Readable list of ``_cite_metadata.metadata_list`` entries (title and url)."""
    if not isinstance(metadata, dict):
        return ""
    cite = metadata.get("_cite_metadata")
    items = cite.get("metadata_list") if isinstance(cite, dict) else None
    if not isinstance(items, list):
        return ""
    lines = []
    for item in items:
        if not isinstance(item, dict):
            continue
        title = item.get("title") if isinstance(item.get("title"), str) else ""
        url = item.get("url") if isinstance(item.get("url"), str) else ""
        if title and url:
            lines.append(f"- {title} — {url}")
        elif title or url:
            lines.append(f"- {title or url}")
    return "\n".join(lines)


def _render_page(content: Mapping[str, object]) -> str:
    """``tether_quote`` / ``sonic_webpage``: title, url, a blank line, the quoted text."""
    head = [
        v
        for v in (content.get("title"), content.get("url") or content.get("domain"))
        if isinstance(v, str) and v
    ]
    text = content.get("text")
    body = text if isinstance(text, str) else ""
    if head and body:
        return "\n".join(head) + "\n\n" + body
    return "\n".join(head) or body


def _render_thoughts(content: Mapping[str, object]) -> str:
    thoughts = content.get("thoughts")
    if not isinstance(thoughts, list):
        return ""
    blocks = []
    for thought in thoughts:
        if isinstance(thought, str):
            pieces = [thought]
        elif isinstance(thought, dict):
            pieces = [
                v
                for v in (thought.get("summary"), thought.get("content"))
                if isinstance(v, str) and v
            ]
        else:
            continue
        if pieces:
            blocks.append("\n".join(pieces))
    return "\n\n".join(blocks)


def _best_effort_text(content: Mapping[str, object]) -> str:
    """Text of an unknown content type: the first of parts / text / result / content."""
    parts = content.get("parts")
    if isinstance(parts, list):
        return _join_parts(parts)
    for key in ("text", "result", "content", "summary"):
        value = content.get(key)
        if isinstance(value, str) and value:
            return value
    return ""


def render_content(content: Mapping[str, object], metadata: object = None) -> str:
    """Display text of a message ``content`` object (characters).

    ``text``/``multimodal_text``: string parts joined with a blank line, media parts as
    ``[image]``/``[audio]`` placeholders; ``code``/``execution_output``: the text;
    ``tether_browsing_display``: the result, or the cited titles/urls from
    ``metadata._cite_metadata.metadata_list`` when the result is empty;
    ``tether_quote``/``sonic_webpage``: title, url and text; ``system_error``:
    ``"name: text"``; ``thoughts``: each thought's summary and content;
    ``reasoning_recap``: its ``content``. Any other type: best-effort text, maybe ``""``.
    """
    ctype = content.get("content_type")
    if ctype in ("text", "multimodal_text"):
        parts = content.get("parts")
        joined = _join_parts(parts)
        if isinstance(parts, list) and len(parts) == 1 and isinstance(parts[0], str):
            return link_citations(joined, metadata)
        return joined
    if ctype in ("code", "execution_output"):
        text = content.get("text")
        return text if isinstance(text, str) else _best_effort_text(content)
    if ctype == "tether_browsing_display":
        result = content.get("result")
        if isinstance(result, str) and result.strip():
            return result
        summary = content.get("summary")
        return _render_cite_list(metadata) or (summary if isinstance(summary, str) else "")
    if ctype in ("tether_quote", "sonic_webpage"):
        return _render_page(content)
    if ctype == "system_error":
        name, text = content.get("name"), content.get("text")
        text = text if isinstance(text, str) else ""
        return f"{name}: {text}" if isinstance(name, str) and name else text
    if ctype == "thoughts":
        return _render_thoughts(content)
    if ctype == "reasoning_recap":
        recap = content.get("content")
        return recap if isinstance(recap, str) else ""
    return _best_effort_text(content)


def _node_time(node: object) -> float:
    """``message.create_time`` of a node as a sortable float (missing → -inf)."""
    if isinstance(node, dict):
        message = node.get("message")
        if isinstance(message, dict):
            t = message.get("create_time")
            if isinstance(t, int | float) and not isinstance(t, bool):
                return float(t)
            try:
                parsed = parse_timestamp(t)
            except ValueError:
                return -math.inf
            if parsed is not None:
                return parsed.timestamp()
    return -math.inf


def _has_live_child(node: dict[str, object], mapping: Mapping[str, object]) -> bool:
    children = node.get("children")
    if not isinstance(children, list):
        return False
    return any(isinstance(c, str) and c in mapping for c in children)


def active_branch(mapping: Mapping[str, object], current_node: object, where: Reason) -> list[str]:
    """Node ids of the active branch, root first.

    Walks from ``current_node`` through ``parent`` until the parent is null or is not
    in ``mapping`` (a fragment without a root). When ``current_node`` is missing or
    not in ``mapping``, starts from the newest leaf instead: the node without children
    in ``mapping`` whose message ``create_time`` is largest (ties: the one listed last).
    ``where`` prefixes error messages. Raises :class:`ExportFormatError` for a node that
    is not an object, a ``parent`` that is not a string, or a cycle.
    """
    if not mapping:
        return []
    start: str | None = (
        current_node if isinstance(current_node, str) and current_node in mapping else None
    )
    if start is None:
        best_time = -math.inf
        for node_id, node in mapping.items():
            if not isinstance(node, dict):
                raise refusal(where, Reason(QT_TRANSLATE_NOOP("ServiceReasons", "node %1 is not an object (found %2)"), (repr(node_id), kind_reason(node),)))
            if _has_live_child(node, mapping):
                continue
            t = _node_time(node)
            if start is None or t >= best_time:
                start, best_time = node_id, t
        if start is None:  # every node has a child: a cycle somewhere; fall back to the last one
            start = next(reversed(list(mapping)))
    path: list[str] = []
    seen: set[str] = set()
    cur: str | None = start
    while cur is not None and cur in mapping:
        if cur in seen:
            raise refusal(where, Reason(QT_TRANSLATE_NOOP("ServiceReasons", "the parent links of node %1 form a cycle"), (repr(cur),)))
        seen.add(cur)
        path.append(cur)
        node = mapping[cur]
        if not isinstance(node, dict):
            raise refusal(where, Reason(QT_TRANSLATE_NOOP("ServiceReasons", "node %1 is not an object (found %2)"), (repr(cur), kind_reason(node),)))
        parent = node.get("parent")
        if parent is not None and not isinstance(parent, str):
            raise refusal(where, Reason(QT_TRANSLATE_NOOP("ServiceReasons", "node %1 has a parent that is not a string (found %2)"), (repr(cur), kind_reason(parent),)))
        cur = parent
    path.reverse()
    return path


def _stable_source_id(conv: Mapping[str, object], mapping: Mapping[str, object], index: int) -> str:
    """``sha256:<hex>`` of title, times and node ids: the same conversation hashes the same."""
    basis = json.dumps(
        [
            conv.get("title"),
            str(conv.get("create_time")),
            str(conv.get("update_time")),
            list(mapping),
        ],
        ensure_ascii=True,
        default=str,
    )
    if not mapping and conv.get("create_time") is None:
        basis += f"#{index}"  # nothing identifies it: fall back to its position
    return "sha256:" + hashlib.sha256(basis.encode("utf-8")).hexdigest()


def _is_interrupted(message: Mapping[str, object], metadata: Mapping[str, object]) -> bool:
    if message.get("status") == "in_progress":
        return True
    details = metadata.get("finish_details")
    return isinstance(details, dict) and details.get("type") == "interrupted"


def _match_call(calls: list[tuple[str, str, list[bool]]], tool_name: str | None) -> str | None:
    """Id of the latest unmatched call named ``tool_name``, else the latest call."""
    for call_id, name, matched in reversed(calls):
        if not matched[0] and name == tool_name:
            matched[0] = True
            return call_id
    return calls[-1][0] if calls else None


class _Cleaner:
    """:func:`replace_unstorable` that counts what it replaced (``replaced``)."""

    def __init__(self) -> None:
        self.replaced = 0

    def __call__(self, text: str) -> str:
        out, n = replace_unstorable(text)
        self.replaced += n
        return out


@dataclass
class _BranchWalk:
    """What parsing a branch carries from node to node: the tool ``calls`` not yet
    answered (``(id, name, [answered])``), the latest message time and model."""

    calls: list[tuple[str, str, list[bool]]]
    last_time: datetime | None
    last_model: str | None = None


def _conversation_mapping(conv: object, where: Reason) -> dict[str, object]:
    """``conv["mapping"]`` (``{}`` for null); :class:`ExportFormatError` when ``conv`` is
    not a ChatGPT conversation (a Claude export is named as such)."""
    if not isinstance(conv, dict):
        raise refusal(where, Reason(QT_TRANSLATE_NOOP("ServiceReasons", "expected an object, found %1"), (kind_reason(conv),)))
    if "mapping" not in conv:
        if "chat_messages" in conv:
            raise refusal(where, Reason(QT_TRANSLATE_NOOP("ServiceReasons", "has 'chat_messages' but no 'mapping': this looks like a "
                                                                   "Claude export, not a ChatGPT export")))
        raise refusal(where, Reason(QT_TRANSLATE_NOOP("ServiceReasons", "has no mapping"), (), (
            Reason(QT_TRANSLATE_NOOP("ServiceReasons", "; not a ChatGPT conversation (keys found: %1)"), (found_keys(conv),)),)), " ")
    mapping = conv["mapping"]
    if mapping is None:
        mapping = {}
    if not isinstance(mapping, dict):
        raise refusal(where, Reason(QT_TRANSLATE_NOOP("ServiceReasons", "mapping is not an object (found %1)"), (kind_reason(mapping),)))
    return mapping


def _conversation_title(conv: Mapping[str, object], where: Reason, clean: _Cleaner) -> str:
    """The conversation's title (at most 500 characters), :data:`UNTITLED` when blank."""
    title_value = conv.get("title")
    if title_value is not None and not isinstance(title_value, str):
        raise refusal(where, Reason(QT_TRANSLATE_NOOP("ServiceReasons", "title is not a string (found %1)"), (kind_reason(title_value),)))
    if isinstance(title_value, str) and title_value.strip():
        return clean(short(title_value.strip(), 500))
    return UNTITLED


def _conversation_source_id(conv: Mapping[str, object], mapping: Mapping[str, object], index: int,
                            clean: _Cleaner) -> str:
    """The conversation's id in the export, else a stable id made of its content."""
    raw_id = conv.get("conversation_id") or conv.get("id")
    if isinstance(raw_id, str | int) and not isinstance(raw_id, bool) and str(raw_id).strip():
        return clean(source_key(str(raw_id).strip()))
    return _stable_source_id(conv, mapping, index)


def _node_message(node: Mapping[str, object], at: Reason) -> tuple[dict[str, object], dict[str, object],
                                                                  str, dict[str, object]] | None:
    """``(message, author, author role, content)`` of a node, None for a node without a
    message; :class:`ExportFormatError` for one that is not shaped like a message."""
    message = node.get("message")
    if message is None:
        return None
    if not isinstance(message, dict):
        raise refusal(at, Reason(QT_TRANSLATE_NOOP("ServiceReasons", "message is not an object (found %1)"), (kind_reason(message),)))
    author = message.get("author")
    if not isinstance(author, dict):
        raise refusal(at, Reason(QT_TRANSLATE_NOOP("ServiceReasons", "author is not an object (found %1)"), (kind_reason(author),)))
    role_name = author.get("role")
    if not isinstance(role_name, str):
        raise refusal(at, Reason(QT_TRANSLATE_NOOP("ServiceReasons", "author.role is not a string (found %1)"), (kind_reason(role_name),)))
    content = message.get("content")
    if content is None:
        content = {"content_type": "text", "parts": []}
    if not isinstance(content, dict):
        raise refusal(at, Reason(QT_TRANSLATE_NOOP("ServiceReasons", "content is not an object (found %1)"), (kind_reason(content),)))
    return message, author, role_name, content


def _tool_fields(node_id: str, message: Mapping[str, object], author: Mapping[str, object], role_name: str,
                 text: str, walk: _BranchWalk, clean: _Cleaner
                 ) -> tuple[Role, str, str | None, str | None, tuple[ToolCall, ...]]:
    """``(role, content, tool name, tool call id, tool calls)``: an assistant message
    addressed to a tool becomes a call (its text the ``code`` argument); a tool author's
    message answers the latest unmatched call of its name."""
    role = _ROLES.get(role_name)
    if role is Role.ASSISTANT:
        recipient = message.get("recipient")
        if isinstance(recipient, str) and recipient and recipient != "all":
            call = ToolCall(
                id=clean(short(f"call_{node_id}", 200)),
                name=clean(short(recipient, 200)),
                arguments=json.dumps({"code": text}, ensure_ascii=False),
            )
            walk.calls.append((call.id, call.name, [False]))
            return role, "", None, None, (call,)
        return role, text, None, None, ()
    if role is None or role is Role.TOOL:
        name = author.get("name")
        tool_name = (
            clean(short(name, 200))
            if isinstance(name, str) and name
            else (None if role is Role.TOOL else clean(short(role_name, 200)))
        )
        return Role.TOOL, text, tool_name, _match_call(walk.calls, tool_name), ()
    return role, text, None, None, ()


def _parse_node(node_id: str, node: Mapping[str, object], where: Reason, walk: _BranchWalk,
                clean: _Cleaner) -> ImportedMessage | None:
    """One branch node as an :class:`ImportedMessage`, or None for a node that is
    skipped (no message, an editable-context node, a hidden or empty system message)."""
    at = Reason(NODE_AT, (where, repr(node_id)))
    parts = _node_message(node, at)
    if parts is None:
        return None
    message, author, role_name, content = parts
    ctype = content.get("content_type")
    if not isinstance(ctype, str) or not ctype:
        ctype = "text" if "parts" in content else "unknown"
    if ctype in _CONTEXT_TYPES:
        return None
    metadata = message.get("metadata")
    if not isinstance(metadata, dict):
        metadata = {}
    text = render_private_citations(render_content(content, metadata), metadata)
    attachments = message_attachments(metadata)
    text = with_attachments(text, attachments)
    check_message_size(text, at)
    text = clean(text)
    if role_name == "system" and (metadata.get("is_visually_hidden_from_conversation") or not text.strip()):
        return None

    try:
        created = parse_timestamp(message.get("create_time"))
    except ValueError as exc:
        raise refusal(at, Reason(QT_TRANSLATE_NOOP("ServiceReasons", "create_time is not a time (%1)"), (time_problem(exc),))) from exc
    if created is None:
        created = walk.last_time
    else:
        walk.last_time = created

    model = metadata.get("model_slug")
    model = clean(short(model, 200)) if isinstance(model, str) and model else None
    if model:
        walk.last_model = model
    status = MessageStatus.INTERRUPTED if _is_interrupted(message, metadata) else MessageStatus.COMPLETE
    msg_id = clean(source_key(str(node_id)))
    role, text, tool_name, tool_call_id, tool_calls = _tool_fields(
        node_id, message, author, role_name, text, walk, clean)
    return ImportedMessage(
        source_id=msg_id,
        role=role,
        content=text,
        content_type=clean(short(ctype, 40)),
        created_at=created,
        tool_name=tool_name,
        tool_calls=tool_calls,
        tool_call_id=tool_call_id,
        model=model,
        status=status,
        attachments=tuple(
            Attachment(clean(a.name), a.mime_type and clean(a.mime_type), a.size_bytes, a.text and clean(a.text))
            for a in attachments),
        image_assets=image_assets(content),
    )


def parse_conversation(conv: dict[str, object], index: int) -> ImportedConversation:
    """Reduce one exported conversation to its active branch (APP-5, issue "ChatGPT export").

    ``conv`` is one item of the top-level array of ``conversations.json``; ``index`` is
    its 0-based position (error messages say ``conversation index+1``).

    Rules: the branch is :func:`active_branch`; nodes with ``message: null``, hidden
    system nodes (``metadata.is_visually_hidden_from_conversation`` or an empty system
    text) and ``user_editable_context``/``model_editable_context`` nodes are skipped;
    every other node on the branch becomes one :class:`ImportedMessage`, user and
    assistant ones always (empty or of an unknown type included). An assistant message
    addressed to a tool (``recipient`` other than ``all``) carries
    ``ToolCall(id="call_<node id>", name=recipient, arguments=json.dumps({"code": text}))``
    and empty content. A ``tool`` author gives a :attr:`Role.TOOL` message linked to the
    latest unmatched call with the same name (else the latest call, else none). Reasoning
    (``thoughts``) is kept as an assistant message with ``content_type="thoughts"``.

    Every text (title, ids, content, names, tool arguments) has its NUL characters and
    lone surrogates replaced by U+FFFD, counted in ``replaced_characters``.

    Raises :class:`ExportFormatError` for a structure that is not a ChatGPT conversation
    (not an object, no ``mapping``, ``mapping`` not an object, a node/message/author/
    content that is not an object, a bad time, a parent cycle; a Claude export is named
    as such) and for a message over :data:`MAX_MESSAGE_CHARS` ("this message is N MB").
    """
    clean = _Cleaner()
    where = conversation_label(conv, index)
    mapping = _conversation_mapping(conv, where)
    title = _conversation_title(conv, where, clean)
    try:
        conv_created = parse_timestamp(conv.get("create_time"))
        conv_updated = parse_timestamp(conv.get("update_time"))
    except ValueError as exc:
        raise refusal(where, Reason(QT_TRANSLATE_NOOP("ServiceReasons", "create_time/update_time is not a time (%1)"), (time_problem(exc),))) from exc
    source_id = _conversation_source_id(conv, mapping, index, clean)

    walk = _BranchWalk(calls=[], last_time=conv_created)
    branch = active_branch(mapping, conv.get("current_node"), where)
    on_branch = set(branch)
    off_branch = sum(1 for nid, node in mapping.items()
                     if nid not in on_branch and isinstance(node, dict) and node.get("message") is not None)
    messages = [m for node_id in branch
                if (m := _parse_node(node_id, cast(dict[str, object], mapping[node_id]), where, walk, clean))
                is not None]

    default_model = conv.get("default_model_slug")
    conv_model = clean(short(default_model, 200)) if isinstance(default_model, str) and default_model else walk.last_model
    return ImportedConversation(
        source_id=source_id,
        title=title,
        created_at=conv_created,
        updated_at=conv_updated,
        model=conv_model,
        messages=tuple(messages),
        replaced_characters=clean.replaced,
        branches_skipped=off_branch,
    )
