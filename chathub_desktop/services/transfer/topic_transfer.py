"""Topic → Export and its re-import (issue 14).

- :meth:`TopicTransfer.export_markdown`: the conversation for people — the title, then
  each message with its role, its time (UTC) and model, tool calls with their arguments,
  tool results, errors; hidden reasoning left out.
- :meth:`TopicTransfer.export_json`: every stored field of the topic and its messages
  (:data:`MESSAGE_FIELDS`), in ``seq`` order, as format :data:`FORMAT` version
  :data:`VERSION`. :meth:`TopicTransfer.import_json` reads it back into a new topic of
  any assistant: exporting that topic again gives the same JSON except the topic's id
  and ``exported_at``. An import is one write transaction; a second import of the same
  export into the same assistant is refused (its ``origin`` is the topic's source).

Bounds of the import (outside data): at most :data:`MAX_FILE_BYTES`, JSON nested at most
:data:`MAX_DEPTH` levels, at most :data:`MAX_MESSAGES` messages, each field of the type
and range it must have. A refused file writes nothing; :class:`InvalidInput` says why in
one line.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from chathub_desktop.core.clock import utcnow
from chathub_desktop.core.json_bounds import JsonBoundsError, JsonLimits, check_json_text, megabytes
from chathub_desktop.core.messages import MessageStatus, Role, TopicKind
from chathub_desktop.core.reasons import QT_TRANSLATE_NOOP, Reason
from chathub_desktop.core.request_assembly import NEVER_SENT_CONTENT_TYPES
from chathub_desktop.core.topic_titles import DEFAULT_TITLE, plain_title
from chathub_desktop.services.assistants.assistant_service import AssistantService
from chathub_desktop.services.errors import InvalidInput, found, no_topic
from chathub_desktop.services.input_files import read_regular
from chathub_desktop.services.input_rules import (
    MAX_MODEL_CHARS,
    MAX_NAME_CHARS,
    MAX_TITLE_CHARS,
    check_record_id,
)
from chathub_desktop.services.topics.topic_service import TopicService
from chathub_desktop.services.views import TopicView
from chathub_desktop.storage import topic_copies
from chathub_desktop.storage.database import Database
from chathub_desktop.storage.provider_lookup import provider_named

FORMAT = "chathub-topic"
VERSION = 1
#: Source name of imported topics (``topic.source``).
SOURCE = "chathub"
MAX_FILE_BYTES = 256 * 1024 * 1024
MAX_DEPTH = 8
MAX_MESSAGES = 1_000_000
MAX_STRING_BYTES = 32 * 1024 * 1024
_INT_FIELDS = ("input_tokens", "output_tokens", "cached_tokens", "cache_write_tokens", "reasoning_tokens")
#: Who wrote a message, as the Markdown export names them.
_SPEAKERS: dict[Role, str] = {Role.USER: "You", Role.ASSISTANT: "Assistant", Role.TOOL: "Tool", Role.SYSTEM: "System"}
_STR_FIELDS = ("tool_call_id", "tool_name", "error", "error_kind", "model", "finish_reason", "source_id")
#: Message fields an export carries (ids, the local token-count cache, the provider row
#: and the sending process are this store's own and are not exported).
MESSAGE_FIELDS = ("role", "content", "content_type", "status", "tool_calls", *_STR_FIELDS, *_INT_FIELDS,
                  "created_at", "edited_at")
_FIELD_CHARS = {"tool_call_id": 200, "tool_name": 200, "error_kind": 40, "model": 200, "finish_reason": 40,
                "source_id": 200, "content_type": 40}


def _iso(value: datetime | None) -> str | None:
    return value.astimezone(UTC).isoformat() if value is not None else None


class TopicTransfer:
    """Exports a topic as Markdown or JSON and imports such JSON (module docstring)."""

    def __init__(self, db: Database, topics: TopicService) -> None:
        self._db = db
        self._topics = topics


    def export_json(self, topic_id: int) -> dict[str, Any]:
        """The topic as a JSON-ready dict (format :data:`FORMAT`). Raises ``NotFound``.
        The topic's own model travels as ``model`` and its provider's name as
        ``model_provider`` (``null``: the assistant's; issue 14)."""
        with self._db.read() as s:
            copy = topic_copies.detached_copy(s, check_record_id(topic_id, "topic"))
        t, rows, provider_name = found(copy, no_topic(topic_id))
        origin = f"{t.source}:{t.source_id}" if t.source and t.source_id else f"topic:{t.id}:{_iso(t.created_at)}"
        if t.source == SOURCE and t.source_id:
            origin = t.source_id  # an imported topic keeps the origin it was imported with
        messages = []
        for m in rows:
            d: dict[str, Any] = {}
            for f in MESSAGE_FIELDS:
                value = getattr(m, f)
                d[f] = _iso(value) if isinstance(value, datetime) else value
            messages.append(d)
        return {
            "format": FORMAT, "version": VERSION, "exported_at": _iso(utcnow()), "origin": origin,
            "topic": {"id": t.id, "title": t.title, "title_generated": t.title_generated,
                      "untitled": bool(t.untitled), "kind": t.kind,
                      "pinned": bool(t.pinned), "archived": bool(t.archived), "snippet": t.snippet,
                      "model": t.model, "model_provider": provider_name if t.model else None,
                      "created_at": _iso(t.created_at), "updated_at": _iso(t.updated_at)},
            "messages": messages,
        }

    def export_markdown(self, topic_id: int) -> str:
        """The topic as Markdown for people (see the module docstring). Raises ``NotFound``."""
        with self._db.read() as s:
            copy = topic_copies.detached_copy(s, check_record_id(topic_id, "topic"))
        t, rows, _provider = found(copy, no_topic(topic_id))
        out = [f"# {plain_title(t.title)}", "",
               f"Exported from ChatHub Desktop {utcnow():%Y-%m-%d %H:%M} UTC · {len(rows)} messages", ""]
        for m in rows:
            if m.content_type in NEVER_SENT_CONTENT_TYPES:
                continue
            who = _SPEAKERS[m.role]
            if m.role == Role.TOOL and m.tool_name:
                who = f"Tool result · {m.tool_name}"
            meta = [f"{m.created_at:%Y-%m-%d %H:%M} UTC"]
            if m.model and m.role == Role.ASSISTANT:
                meta.append(m.model)
            if m.status != MessageStatus.COMPLETE:
                meta.append(m.status)
            out += [f"## {who} · {' · '.join(meta)}", ""]
            if m.content:
                out += [m.content, ""]
            for call in m.tool_calls or ():
                out += [f"**Tool call** `{call.get('name', '')}`", "", "```json", str(call.get("arguments", "")),
                        "```", ""]
            if m.error:
                out += [f"> Error: {m.error}", ""]
        return "\n".join(out).rstrip() + "\n"

    def import_file(self, path: Path, assistant: int | str) -> TopicView:
        """:meth:`import_json` of the file at ``path``; a file over :data:`MAX_FILE_BYTES`
        is refused before it is read, and so is a folder, FIFO, socket or device (issue 32).
        Raises :class:`InvalidInput` (also for an unreadable file)."""
        return self.import_json(read_regular(path, MAX_FILE_BYTES, what="topic export"), assistant)

    def import_json(self, data: bytes, assistant: int | str) -> TopicView:
        """A new topic of ``assistant`` from an :meth:`export_json` file's bytes. Raises
        :class:`InvalidInput` (one line) for a file that is not such an export or breaks
        a bound, or that this assistant already imported; ``NotFound`` for the assistant.
        A topic model whose provider this store does not have is kept on the assistant's
        provider (issue 14)."""
        doc = _parse(data)
        with self._db.write() as s:
            a = AssistantService.row(s, assistant)
            seen = topic_copies.imported_as(s, a.id, SOURCE, doc["origin"])
            if seen is not None:
                raise InvalidInput(Reason(QT_TRANSLATE_NOOP(
                    "ServiceReasons", "this export is already imported into %1 as topic %2"), (a.name, str(seen))))
            t = doc["topic"]
            provider = provider_named(s, t["model_provider"]) if t["model"] and t["model_provider"] else None
            topic_id = topic_copies.insert_topic(s, {
                "assistant_id": a.id, "title": t["title"], "title_generated": t["title_generated"],
                "untitled": t["untitled"],
                "kind": t["kind"], "pinned": t["pinned"], "archived": t["archived"], "snippet": t["snippet"],
                "created_at": t["created_at"], "updated_at": t["updated_at"], "source": SOURCE,
                "source_id": doc["origin"], "model": t["model"],
                "model_provider_id": provider.id if provider is not None else None}, doc["messages"])
        return self._topics.get(topic_id)


def _fail(reason: str | Reason) -> InvalidInput:
    """The refusal of a file that is not a topic export, its frame said in the interface
    language (issue 27); ``reason`` is the check's typed reason (or English kept as data)."""
    return InvalidInput(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "not a ChatHub topic export: %1"), (reason,)))


def _parse(data: bytes) -> dict[str, Any]:
    """Checked, typed contents of an export (see the module docstring's bounds)."""
    if len(data) > MAX_FILE_BYTES:
        raise InvalidInput(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "the file is %1; a topic export is at most %2"),
                                  (megabytes(len(data)), megabytes(MAX_FILE_BYTES))))
    try:
        text = data.decode("utf-8")
        check_json_text(text, JsonLimits(MAX_DEPTH, MAX_STRING_BYTES))
        raw = json.loads(text)
    except UnicodeDecodeError as exc:
        raise _fail(Reason(QT_TRANSLATE_NOOP(
            "ServiceReasons", "it is not UTF-8 text (byte %1)"), (f"{exc.start:,}",))) from None
    except JsonBoundsError as exc:
        raise InvalidInput(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "not a ChatHub topic export: it %1"),
                                  (exc.reason,))) from None
    except (json.JSONDecodeError, RecursionError) as exc:
        raise _fail(Reason(QT_TRANSLATE_NOOP(
            "ServiceReasons", "invalid JSON (%1)"), (getattr(exc, "msg", "too deep"),))) from None
    if not isinstance(raw, dict) or raw.get("format") != FORMAT:
        raise _fail(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "no \"format\": \"%1\""), (FORMAT,)))
    if raw.get("version") != VERSION:
        raise _fail(Reason(QT_TRANSLATE_NOOP(
            "ServiceReasons", "version %1 is not %2"), (repr(raw.get("version"))[:40], str(VERSION))))
    origin = _str(raw, "origin", 200, required=True)
    t = raw.get("topic")
    if not isinstance(t, dict):
        raise _fail(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "no \"topic\" object")))
    title = " ".join(_str(t, "title", MAX_TITLE_CHARS, required=True).split())
    topic = {"title": title or DEFAULT_TITLE, "title_generated": _bool(t, "title_generated"),
             "untitled": _bool(t, "untitled") or not title, "kind": _str(t, "kind", 20) or TopicKind.REGULAR.value,
             "pinned": _bool(t, "pinned"), "archived": _bool(t, "archived"),
             "snippet": _str(t, "snippet", 100_000), "model": _str(t, "model", MAX_MODEL_CHARS) or None,
             "model_provider": _str(t, "model_provider", MAX_NAME_CHARS), "created_at": _time(t, "created_at", required=True),
             "updated_at": _time(t, "updated_at", required=True)}
    msgs = raw.get("messages")
    if not isinstance(msgs, list):
        raise _fail(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "no \"messages\" list")))
    if len(msgs) > MAX_MESSAGES:
        raise _fail(Reason(QT_TRANSLATE_NOOP(
            "ServiceReasons", "%1 messages; at most %2"), (f"{len(msgs):,}", f"{MAX_MESSAGES:,}")))
    return {"origin": origin, "topic": topic, "messages": [_message(m, i) for i, m in enumerate(msgs, 1)]}


def _message(m: object, i: int) -> dict[str, Any]:
    if not isinstance(m, dict):
        raise _fail(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "message %1 is not an object"), (str(i),)))
    for key in ("role", "status"):  # checked as text first: a list or an object is named, not a crash (issue 32)
        if key in m and not isinstance(m[key], str):
            raise _fail(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "message %1: \"%2\" is not text"), (str(i), key)))
    role = m.get("role")
    if role not in {r.value for r in Role}:
        raise _fail(Reason(QT_TRANSLATE_NOOP(
            "ServiceReasons", "message %1 has role %2"), (str(i), repr(str(role)[:40]))))
    status = m.get("status", MessageStatus.COMPLETE.value)
    if status not in {st.value for st in MessageStatus}:
        raise _fail(Reason(QT_TRANSLATE_NOOP(
            "ServiceReasons", "message %1 has status %2"), (str(i), repr(str(status)[:40]))))
    if status == MessageStatus.STREAMING.value:  # nothing will ever finish it here
        status = MessageStatus.INTERRUPTED.value
    out: dict[str, Any] = {"role": role, "status": status, "content": _str(m, "content", None) or "",
                           "content_type": _str(m, "content_type", 40) or "text",
                           "tool_calls": _calls(m.get("tool_calls"), i),
                           "created_at": _time(m, "created_at", required=True), "edited_at": _time(m, "edited_at")}
    for f in _STR_FIELDS:
        out[f] = _str(m, f, _FIELD_CHARS.get(f))
    for f in _INT_FIELDS:
        v = m.get(f)
        if v is not None and (not isinstance(v, int) or isinstance(v, bool) or not 0 <= v < 2**31):
            raise _fail(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "message %1: %2 is not a token count"), (str(i), f)))
        out[f] = v
    return out


def _calls(value: object, i: int) -> list[dict[str, str]] | None:
    if value is None:
        return None
    if not isinstance(value, list) or len(value) > 1000:
        raise _fail(Reason(QT_TRANSLATE_NOOP(
            "ServiceReasons", "message %1: tool_calls is not a list of calls"), (str(i),)))
    calls = []
    for c in value:
        if not isinstance(c, dict) or not all(isinstance(c.get(k, ""), str) for k in ("id", "name", "arguments")):
            raise _fail(Reason(QT_TRANSLATE_NOOP(
                "ServiceReasons", "message %1: a tool call is not {id, name, arguments} text"), (str(i),)))
        calls.append({k: str(c.get(k, "")) for k in ("id", "name", "arguments")})
    return calls


def _str(d: dict[str, Any], key: str, limit: int | None, *, required: bool = False) -> Any:
    v = d.get(key)
    if v is None and not required:
        return None
    if not isinstance(v, str):
        raise _fail(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "\"%1\" is not text"), (key,)))
    if limit is not None and len(v) > limit:
        raise _fail(Reason(QT_TRANSLATE_NOOP(
            "ServiceReasons", "\"%1\" is longer than %2 characters"), (key, f"{limit:,}")))
    if "\x00" in v:
        raise _fail(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "\"%1\" holds a NUL character"), (key,)))
    return v


def _bool(d: dict[str, Any], key: str) -> bool:
    v = d.get(key, False)
    if not isinstance(v, bool):
        raise _fail(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "\"%1\" is not true or false"), (key,)))
    return v


def _time(d: dict[str, Any], key: str, *, required: bool = False) -> datetime | None:
    v = d.get(key)
    if v is None and not required:
        return None
    try:
        when = datetime.fromisoformat(str(v)) if isinstance(v, str) and len(v) <= 40 else None
    except ValueError:
        when = None
    if when is None or when.tzinfo is None:
        raise _fail(Reason(QT_TRANSLATE_NOOP(
            "ServiceReasons", "\"%1\" is not an ISO 8601 time with a UTC offset"), (key,)))
    return when.astimezone(UTC)
