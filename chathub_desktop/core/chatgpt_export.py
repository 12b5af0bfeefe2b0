"""Parse one conversation of a ChatGPT data export into plain frozen shapes (APP-5).

Pure: no I/O, no database, no clock. :mod:`chathub_desktop.services.chatgpt_import`
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
from datetime import UTC, datetime

from chathub_desktop.core.json_bounds import JsonLimits, megabytes
from chathub_desktop.core.messages import MessageStatus, Role, ToolCall
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
    "parse_conversation",
    "parse_timestamp",
    "render_content",
]

UNTITLED = "Untitled conversation"
"""Title given to a conversation whose ``title`` is missing, null or blank."""

MAX_DEPTH = 64
"""Deepest JSON nesting read; real exports stay near 20 (array, conversation, mapping,
node, message, content, parts, metadata and what the tools put in it)."""
MAX_TEXT_BYTES = 16 * 1024 * 1024
"""Longest single JSON string, in bytes as written in the file (16 MiB)."""
MAX_MESSAGE_CHARS = 16 * 1024 * 1024
"""Longest message text after its parts are joined, in characters."""
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


class ExportFormatError(ValueError):
    """The export is not shaped like a ChatGPT export.

    ``str(exc)`` is a one-line, user-facing message naming what is wrong and where,
    e.g. ``"conversation 3 ('Trip plan'): mapping is not an object (found a list)"``.
    """


@dataclass(frozen=True, slots=True)
class ImportedMessage:
    """One message of the active branch, ready to be stored (APP-5).

    - ``source_id``: the mapping node id (``str``).
    - ``role``: :class:`Role`; tool results are ``Role.TOOL``.
    - ``content``: display text (characters); ``""`` when the message had none.
    - ``content_type``: the export's ``content.content_type`` (``text``, ``code``,
      ``thoughts``, ``tether_quote`` ...), at most 40 characters.
    - ``created_at``: timezone-aware UTC; when the node has no time, the previous
      message's time, then the conversation's ``create_time``; ``None`` only when
      none of these is known.
    - ``tool_name``: for a tool message, ``author.name`` (``browser``, ``python`` ...).
    - ``tool_calls``: calls an assistant message made (a message addressed to a
      tool through ``recipient``).
    - ``tool_call_id``: for a tool message, the id of the call it answers, or ``None``.
    - ``model``: ``metadata.model_slug`` or ``None``.
    - ``status``: ``INTERRUPTED`` for a cut-off reply, else ``COMPLETE``.
    """

    source_id: str
    role: Role
    content: str
    content_type: str = "text"
    created_at: datetime | None = None
    tool_name: str | None = None
    tool_calls: tuple[ToolCall, ...] = ()
    tool_call_id: str | None = None
    model: str | None = None
    status: MessageStatus = MessageStatus.COMPLETE


@dataclass(frozen=True, slots=True)
class ImportedConversation:
    """One exported conversation reduced to its active branch (APP-5).

    - ``source_id``: ``conversation_id`` (else ``id``); when both are missing, a
      stable ``"sha256:<hex>"`` of the conversation's content, so a re-import of
      the same file maps to the same topic. At most 200 characters.
    - ``title``: the export's title, or :data:`UNTITLED`; at most 500 characters.
    - ``created_at`` / ``updated_at``: timezone-aware UTC or ``None``.
    - ``model``: ``default_model_slug``, else the last message's ``model_slug``.
    - ``messages``: the active branch, root first.
    - ``replaced_characters``: NUL characters and lone surrogates replaced by U+FFFD in
      the title and messages (no store keeps them).
    """

    source_id: str
    title: str
    created_at: datetime | None
    updated_at: datetime | None
    model: str | None
    messages: tuple[ImportedMessage, ...]
    replaced_characters: int = 0


def conversation_label(conv: object, index: int) -> str:
    """``"conversation N ('title')"`` for error messages; ``index`` is 0-based, N is 1-based."""
    title = conv.get("title") if isinstance(conv, dict) else None
    if isinstance(title, str) and title.strip():
        shown = title.strip()
        if len(shown) > 60:
            shown = shown[:57] + "..."
        return f"conversation {index + 1} ({shown!r})"
    return f"conversation {index + 1}"


def _kind(value: object) -> str:
    """A JSON-ish name for the type of ``value`` ("an object", "a list", ...)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, list | tuple):
        return "a list"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, int | float):
        return "a number"
    return type(value).__name__


def parse_timestamp(value: object) -> datetime | None:
    """Convert an export time to a UTC-aware ``datetime``.

    Accepts seconds since the Unix epoch as ``int``/``float``/``Decimal`` or a numeric
    string, or an ISO 8601 string (naive ones are taken as UTC); ``None`` gives ``None``.
    Raises ``ValueError`` for anything else (booleans, containers, NaN, out of range).
    """
    if value is None:
        return None
    if isinstance(value, bool):
        raise ValueError("a boolean is not a time")
    if isinstance(value, str):
        text = value.strip()
        if not text:
            return None
        try:
            value = float(text)
        except ValueError:
            try:
                parsed = datetime.fromisoformat(text.replace("Z", "+00:00"))
            except ValueError as exc:
                raise ValueError(f"{value!r} is not a time") from exc
            return parsed.replace(tzinfo=UTC) if parsed.tzinfo is None else parsed.astimezone(UTC)
    try:
        seconds = float(value)  # type: ignore[arg-type]
    except (TypeError, ValueError) as exc:
        raise ValueError(f"{_kind(value)} is not a time") from exc
    if not math.isfinite(seconds):
        raise ValueError(f"{value!r} is not a time")
    try:
        return datetime.fromtimestamp(seconds, UTC)
    except (OverflowError, OSError, ValueError) as exc:
        raise ValueError(f"{value!r} is out of range") from exc


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


def active_branch(mapping: Mapping[str, object], current_node: object, where: str) -> list[str]:
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
                raise ExportFormatError(
                    f"{where}: node {node_id!r} is not an object (found {_kind(node)})"
                )
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
            raise ExportFormatError(f"{where}: the parent links of node {cur!r} form a cycle")
        seen.add(cur)
        path.append(cur)
        node = mapping[cur]
        if not isinstance(node, dict):
            raise ExportFormatError(
                f"{where}: node {cur!r} is not an object (found {_kind(node)})"
            )
        parent = node.get("parent")
        if parent is not None and not isinstance(parent, str):
            raise ExportFormatError(
                f"{where}: node {cur!r} has a parent that is not a string (found {_kind(parent)})"
            )
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


def _short(value: str, limit: int) -> str:
    return value if len(value) <= limit else value[:limit]


def _source_key(value: str) -> str:
    """An id that fits the 200-character ``source_id`` columns (long ones are hashed)."""
    if len(value) <= 200:
        return value
    return "sha256:" + hashlib.sha256(value.encode("utf-8")).hexdigest()


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
    replaced = 0

    def clean(text: str) -> str:
        nonlocal replaced
        out, n = replace_unstorable(text)
        replaced += n
        return out

    where = conversation_label(conv, index)
    if not isinstance(conv, dict):
        raise ExportFormatError(f"{where}: expected an object, found {_kind(conv)}")
    if "mapping" not in conv:
        if "chat_messages" in conv:
            raise ExportFormatError(
                f"{where}: has 'chat_messages' but no 'mapping': this looks like a Claude "
                "export, not a ChatGPT export"
            )
        keys = ", ".join(sorted(str(k) for k in conv)[:8]) or "none"
        raise ExportFormatError(
            f"{where}: no 'mapping' (keys found: {keys}); not a ChatGPT conversation"
        )
    mapping = conv["mapping"]
    if mapping is None:
        mapping = {}
    if not isinstance(mapping, dict):
        raise ExportFormatError(f"{where}: mapping is not an object (found {_kind(mapping)})")

    title_value = conv.get("title")
    if title_value is not None and not isinstance(title_value, str):
        raise ExportFormatError(f"{where}: title is not a string (found {_kind(title_value)})")
    title = (
        clean(_short(title_value.strip(), 500))
        if isinstance(title_value, str) and title_value.strip()
        else UNTITLED
    )

    try:
        conv_created = parse_timestamp(conv.get("create_time"))
        conv_updated = parse_timestamp(conv.get("update_time"))
    except ValueError as exc:
        raise ExportFormatError(f"{where}: create_time/update_time is not a time ({exc})") from exc

    raw_id = conv.get("conversation_id") or conv.get("id")
    if isinstance(raw_id, str | int) and not isinstance(raw_id, bool) and str(raw_id).strip():
        source_id = clean(_source_key(str(raw_id).strip()))
    else:
        source_id = _stable_source_id(conv, mapping, index)

    messages: list[ImportedMessage] = []
    calls: list[tuple[str, str, list[bool]]] = []
    last_time = conv_created
    last_model: str | None = None
    for node_id in active_branch(mapping, conv.get("current_node"), where):
        node = mapping[node_id]
        message = node.get("message")
        if message is None:
            continue
        at = f"{where}, node {node_id!r}"
        if not isinstance(message, dict):
            raise ExportFormatError(f"{at}: message is not an object (found {_kind(message)})")
        author = message.get("author")
        if not isinstance(author, dict):
            raise ExportFormatError(f"{at}: author is not an object (found {_kind(author)})")
        role_name = author.get("role")
        if not isinstance(role_name, str):
            raise ExportFormatError(f"{at}: author.role is not a string (found {_kind(role_name)})")
        content = message.get("content")
        if content is None:
            content = {"content_type": "text", "parts": []}
        if not isinstance(content, dict):
            raise ExportFormatError(f"{at}: content is not an object (found {_kind(content)})")
        ctype = content.get("content_type")
        if not isinstance(ctype, str) or not ctype:
            ctype = "text" if "parts" in content else "unknown"
        if ctype in _CONTEXT_TYPES:
            continue
        metadata = message.get("metadata")
        if not isinstance(metadata, dict):
            metadata = {}
        text = render_content(content, metadata)
        if len(text) > MAX_MESSAGE_CHARS:
            size = megabytes(len(text.encode("utf-8", "surrogatepass")))
            raise ExportFormatError(
                f"{at}: this message is {size}; the limit is {megabytes(MAX_MESSAGE_CHARS)} per message"
            )
        text = clean(text)
        if role_name == "system" and (
            metadata.get("is_visually_hidden_from_conversation") or not text.strip()
        ):
            continue

        try:
            created = parse_timestamp(message.get("create_time"))
        except ValueError as exc:
            raise ExportFormatError(f"{at}: create_time is not a time ({exc})") from exc
        if created is None:
            created = last_time
        else:
            last_time = created

        model = metadata.get("model_slug")
        model = clean(_short(model, 200)) if isinstance(model, str) and model else None
        if model:
            last_model = model
        status = (
            MessageStatus.INTERRUPTED
            if _is_interrupted(message, metadata)
            else MessageStatus.COMPLETE
        )
        msg_id = clean(_source_key(str(node_id)))

        role = _ROLES.get(role_name)
        tool_name: str | None = None
        tool_call_id: str | None = None
        tool_calls: tuple[ToolCall, ...] = ()
        if role is Role.ASSISTANT:
            recipient = message.get("recipient")
            if isinstance(recipient, str) and recipient and recipient != "all":
                call = ToolCall(
                    id=clean(_short(f"call_{node_id}", 200)),
                    name=clean(_short(recipient, 200)),
                    arguments=json.dumps({"code": text}, ensure_ascii=False),
                )
                tool_calls = (call,)
                calls.append((call.id, call.name, [False]))
                text = ""
        elif role is None or role is Role.TOOL:
            name = author.get("name")
            tool_name = (
                clean(_short(name, 200))
                if isinstance(name, str) and name
                else (None if role is Role.TOOL else clean(_short(role_name, 200)))
            )
            role = Role.TOOL
            tool_call_id = _match_call(calls, tool_name)

        messages.append(
            ImportedMessage(
                source_id=msg_id,
                role=role,
                content=text,
                content_type=clean(_short(ctype, 40)),
                created_at=created,
                tool_name=tool_name,
                tool_calls=tool_calls,
                tool_call_id=tool_call_id,
                model=model,
                status=status,
            )
        )

    default_model = conv.get("default_model_slug")
    conv_model = (
        clean(_short(default_model, 200))
        if isinstance(default_model, str) and default_model
        else last_model
    )
    return ImportedConversation(
        source_id=source_id,
        title=title,
        created_at=conv_created,
        updated_at=conv_updated,
        model=conv_model,
        messages=tuple(messages),
        replaced_characters=replaced,
    )
