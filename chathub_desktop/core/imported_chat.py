"""The shapes every chat-history importer produces, and helpers they share (APP-5).

Pure: no I/O, no database, no clock. Each format's parser
(:mod:`~chathub_desktop.core.chatgpt_export`, :mod:`~chathub_desktop.core.claude_export`,
:mod:`~chathub_desktop.core.webui_export`) reduces one exported conversation to an
:class:`ImportedConversation`; the one import pipeline
(:mod:`chathub_desktop.services.transfer.chat_import`) stores it.

Attachments (issue 15): a message's files are kept as :class:`Attachment` and listed at
the end of its stored text (name, type, size), followed by the file text when the
export carries it, so the history a continued topic sends still holds them.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import UTC, datetime

from chathub_desktop.core.attachments import Attachment as StoredAttachment
from chathub_desktop.core.json_bounds import megabytes
from chathub_desktop.core.messages import MessageStatus, Role, ToolCall
from chathub_desktop.core.reasons import QT_TRANSLATE_NOOP, Reason, ReasonError
from chathub_desktop.core.stored_text import replace_unstorable

__all__ = [
    "MAX_MESSAGE_CHARS",
    "NODE_AT",
    "UNTITLED",
    "Attachment",
    "Cleaner",
    "ExportFormatError",
    "ImportedConversation",
    "ImportedMessage",
    "answered_call",
    "check_message_size",
    "conversation_label",
    "export_size",
    "found_keys",
    "human_size",
    "json_kind",
    "message_at",
    "kind_reason",
    "newest_leaf",
    "parse_timestamp",
    "refusal",
    "short",
    "source_key",
    "stable_id",
    "time_problem",
    "walk_branch",
    "with_attachments",
]

UNTITLED = "Untitled conversation"
"""Title given to a conversation whose title is missing, null or blank."""
MAX_MESSAGE_CHARS = 16 * 1024 * 1024
"""Longest text of one stored message (parts joined, attachments listed), in characters;
the same for every format."""


@dataclass(frozen=True, slots=True)
class Attachment:
    """A file a message carried: ``name`` (at most 300 characters), ``mime_type`` (or
    ``None``), ``size_bytes`` (bytes, or ``None`` when the export does not say) and the
    ``text`` the export extracted from it (``None`` when it has none)."""

    name: str
    mime_type: str | None = None
    size_bytes: int | None = None
    text: str | None = None


class ExportFormatError(ReasonError):
    """A conversation of the export is not shaped like the format being read.

    ``str(exc)`` is a one-line, user-facing English message naming what is wrong and
    where, e.g. ``"conversation 3 ('Trip plan'): mapping is not an object (found a
    list)"`` (what the CLI prints). ``reason`` is the same typed (issue 27: the window
    says it in its language) and ``brief`` what is wrong without where or its notes
    (the import dialog's skip note, which names the conversation itself).
    """

    def __init__(self, reason: Reason, brief: Reason | None = None) -> None:
        super().__init__(reason)
        self.brief = brief or reason


_MESSAGE_AT = QT_TRANSLATE_NOOP("ServiceReasons", "%1, message %2")
NODE_AT = QT_TRANSLATE_NOOP("ServiceReasons", "%1, node %2")
#: The place inside a conversation a brief names: ``message 'id'``, ``node 'id'``.
_PLACES = {_MESSAGE_AT: QT_TRANSLATE_NOOP("ServiceReasons", "message %1"),
           NODE_AT: QT_TRANSLATE_NOOP("ServiceReasons", "node %1")}


def refusal(where: Reason, problem: Reason, sep: str = ": ") -> ExportFormatError:
    """The :class:`ExportFormatError` for ``problem`` at ``where`` (a
    :func:`conversation_label`, or a :func:`message_at` or node in one), joined by
    ``sep`` (``": "`` or ``" "``). Its ``brief`` is ``problem`` without its notes, after
    the message or node it is about (the conversation left out)."""
    brief = Reason(problem.template, problem.args)
    place = _PLACES.get(where.template)
    if place is not None:
        brief = Reason(f"%1{sep}%2", (Reason(place, where.args[1:]), brief))
    return ExportFormatError(Reason(f"%1{sep}%2", (where, problem)), brief)


_NOT_A_TIME = QT_TRANSLATE_NOOP("ServiceReasons", "%1 is not a time")

_KINDS: dict[type, Reason] = {
    bool: Reason(QT_TRANSLATE_NOOP("ServiceReasons", "a boolean")),
    dict: Reason(QT_TRANSLATE_NOOP("ServiceReasons", "an object")),
    list: Reason(QT_TRANSLATE_NOOP("ServiceReasons", "a list")),
    tuple: Reason(QT_TRANSLATE_NOOP("ServiceReasons", "a list")),
    str: Reason(QT_TRANSLATE_NOOP("ServiceReasons", "a string")),
    int: Reason(QT_TRANSLATE_NOOP("ServiceReasons", "a number")),
    float: Reason(QT_TRANSLATE_NOOP("ServiceReasons", "a number")),
}


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
    - ``attachments``: files the message carried (already listed at the end of
      ``content`` by :func:`with_attachments`).
    - ``image_assets``: ids of the images the message showed (ChatGPT
      ``image_asset_pointer`` parts, e.g. ``file-abc123``), at most ten; the import
      looks for their files in the export zip (issue 14).
    - ``media``: those images, read from the zip, as loaded
      :class:`chathub_desktop.core.attachments.Attachment` (stored as attachments).
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
    attachments: tuple[Attachment, ...] = ()
    image_assets: tuple[str, ...] = ()
    media: tuple[StoredAttachment, ...] = ()


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
    - ``branches_skipped``: messages on branches other than the active one (not
      imported; the product keeps one branch per topic).
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
    branches_skipped: int = 0


def kind_reason(value: object) -> Reason:
    """A JSON-ish name for the type of ``value`` ("an object", "a list", ...), typed."""
    if value is None:
        return Reason("null")
    for kind, said in _KINDS.items():
        if isinstance(value, kind):
            return said
    return Reason("%1", (type(value).__name__,))


def found_keys(obj: Iterable[object]) -> str | Reason:
    """The first eight keys of ``obj`` in order, comma-separated (the keys are data), or
    the typed word "none" when it has none (said in the interface language, issue 27)."""
    return ", ".join(sorted(str(k) for k in obj)[:8]) or Reason(QT_TRANSLATE_NOOP("ServiceReasons", "none"))


def time_problem(exc: ValueError) -> str | Reason:
    """What :func:`parse_timestamp` said was wrong with a time, for the "(…)" of a
    refusal: its typed reason, or the text of any other ``ValueError``."""
    return exc.reason if isinstance(exc, ReasonError) else str(exc)


def json_kind(value: object) -> str:
    """A JSON-ish name for the type of ``value`` ("an object", "a list", ...)."""
    return kind_reason(value).english()


def parse_timestamp(value: object) -> datetime | None:
    """Convert an export time to a UTC-aware ``datetime``.

    Accepts seconds since the Unix epoch as ``int``/``float``/``Decimal`` or a numeric
    string, or an ISO 8601 string (naive ones are taken as UTC); ``None`` gives ``None``.
    Raises :class:`ReasonError` (a ``ValueError``; typed, the value shown as data) for
    anything else (booleans, containers, NaN, out of range).
    """
    if value is None:
        return None
    if isinstance(value, bool):
        raise ReasonError(Reason(_NOT_A_TIME, (_KINDS[bool],)))
    if isinstance(value, str):
        text = value.strip()
        if not text:
            return None
        if len(text) >= 10 and text[4] == "-":  # ISO 8601 (YYYY-...), the usual case: no failed float()
            try:
                parsed = datetime.fromisoformat(text.replace("Z", "+00:00"))
            except ValueError:
                pass  # the full path below names the problem
            else:
                return parsed.replace(tzinfo=UTC) if parsed.tzinfo is None else parsed.astimezone(UTC)
        try:
            value = float(text)
        except ValueError:
            try:
                parsed = datetime.fromisoformat(text.replace("Z", "+00:00"))
            except ValueError as exc:
                raise ReasonError(Reason(_NOT_A_TIME, (repr(value),))) from exc
            return parsed.replace(tzinfo=UTC) if parsed.tzinfo is None else parsed.astimezone(UTC)
    try:
        seconds = float(value)  # type: ignore[arg-type]
    except (TypeError, ValueError) as exc:
        raise ReasonError(Reason(_NOT_A_TIME, (kind_reason(value),))) from exc
    if not math.isfinite(seconds):
        raise ReasonError(Reason(_NOT_A_TIME, (repr(value),)))
    try:
        return datetime.fromtimestamp(seconds, UTC)
    except (OverflowError, OSError, ValueError) as exc:
        raise ReasonError(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "%1 is out of range"), (repr(value),))) from exc


def conversation_label(conv: object, index: int, title_key: str = "title") -> Reason:
    """``"conversation N ('title')"`` for error messages (typed: "conversation" is the
    app's word, the title data); ``index`` is 0-based, N is 1-based; ``title_key``
    names the title field (``name`` in a Claude export)."""
    title = conv.get(title_key) if isinstance(conv, dict) else None
    if isinstance(title, str) and title.strip():
        shown = title.strip()
        if len(shown) > 60:
            shown = shown[:57] + "..."
        return Reason(QT_TRANSLATE_NOOP("ServiceReasons", "conversation %1 (%2)"), (str(index + 1), repr(shown)))
    return Reason(QT_TRANSLATE_NOOP("ServiceReasons", "conversation %1"), (str(index + 1),))


def message_at(where: Reason, message: str) -> Reason:
    """``"<where>, message <message>"`` (``message`` as the export names it, or its number)."""
    return Reason(_MESSAGE_AT, (where, message))


def short(value: str, limit: int) -> str:
    """``value`` cut to at most ``limit`` characters."""
    return value if len(value) <= limit else value[:limit]


def source_key(value: str) -> str:
    """An id that fits the 200-character ``source_id`` columns (longer ones are hashed
    to ``"sha256:<hex>"``)."""
    if len(value) <= 200:
        return value
    return "sha256:" + hashlib.sha256(value.encode("utf-8")).hexdigest()


def human_size(n: int) -> str:
    """``n`` bytes as ``"512 B"``, ``"2.0 KB"``, ``"1.2 MB"`` (binary units)."""
    if n < 1024:
        return f"{n} B"
    if n < 1024 * 1024:
        return f"{n / 1024:.1f} KB"
    return f"{n / (1024 * 1024):,.1f} MB"


def _fence(text: str) -> str:
    """A backtick fence longer than any backtick run inside ``text`` (at least 3)."""
    longest = run = 0
    for ch in text:
        run = run + 1 if ch == "`" else 0
        longest = max(longest, run)
    return "`" * max(3, longest + 1)


def with_attachments(text: str, attachments: tuple[Attachment, ...]) -> str:
    """``text`` followed by one line per attachment (``📎 name · type · size``), then
    each attachment's extracted text in a fenced block headed by its name. ``text``
    comes back unchanged when there are no attachments."""
    if not attachments:
        return text
    lines = []
    for a in attachments:
        facts = [f for f in (a.mime_type, human_size(a.size_bytes) if a.size_bytes is not None else None) if f]
        lines.append("📎 " + " · ".join([a.name, *facts]))
    blocks = ["\n".join(lines)]
    for a in attachments:
        if a.text:
            fence = _fence(a.text)
            blocks.append(f"File text of {a.name}:\n{fence}\n{a.text}\n{fence}")
    return "\n\n".join([text, *blocks]) if text else "\n\n".join(blocks)


def check_message_size(text: str, at: Reason | Callable[[], Reason]) -> None:
    """Raise :class:`ExportFormatError` (``"<at>: this message is 17.0 MB; the limit is
    16.0 MB per message"``) when ``text`` is longer than :data:`MAX_MESSAGE_CHARS`
    (characters). ``at`` names the message, or makes its name (only on error)."""
    if len(text) > MAX_MESSAGE_CHARS:
        size = megabytes(len(text.encode("utf-8", "surrogatepass")))
        where = at() if callable(at) else at
        raise refusal(where, Reason(QT_TRANSLATE_NOOP("ServiceReasons", "this message is %1"), (size,), (
            Reason(QT_TRANSLATE_NOOP("ServiceReasons", "; the limit is %1 per message"), (megabytes(MAX_MESSAGE_CHARS),)),)))


def export_size(value: object) -> int | None:
    """A file size (bytes) an export gives, when it is a finite number in ``[0, 2**53)``;
    else ``None``."""
    if isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value) and 0 <= value < 1 << 53:
        return int(value)
    return None


def answered_call(calls: list[tuple[str, str]], ref: object, name: str | None) -> str | None:
    """The id of the tool call a tool result answers: ``ref`` when the export names it,
    else the latest call (``calls``: ``(id, tool name)`` in order) of tool ``name``,
    else the latest call; ``None`` before any call."""
    if isinstance(ref, str) and ref:
        return ref
    return next((c for c, n in reversed(calls) if n == name), calls[-1][0] if calls else None)


def walk_branch(parents: dict[str, str | None], leaf: str, where: Reason) -> list[str]:
    """Ids from the root to ``leaf``, following ``parents`` (id → parent id, or ``None``
    at a root); a parent not in ``parents`` ends the walk (a fragment). Raises
    :class:`ExportFormatError` (prefixed by ``where``) when the links form a cycle."""
    path: list[str] = []
    seen: set[str] = set()
    cur: str | None = leaf
    while cur is not None and cur in parents:
        if cur in seen:
            raise refusal(where, Reason(QT_TRANSLATE_NOOP("ServiceReasons", "the parent links of message %1 form a cycle"),
                                        (repr(cur),)))
        seen.add(cur)
        path.append(cur)
        cur = parents[cur]
    path.reverse()
    return path


def newest_leaf(order: list[str], parents: dict[str, str | None], times: dict[str, float]) -> str | None:
    """The message without children whose time is largest (ties and unknown times: the
    one listed last in ``order``); ``None`` when ``order`` is empty."""
    has_child = {p for p in parents.values() if p is not None}
    best: str | None = None
    best_time = -math.inf
    for node in order:
        if node in has_child:
            continue
        t = times.get(node, -math.inf)
        if best is None or t >= best_time:
            best, best_time = node, t
    return best if best is not None else (order[-1] if order else None)


def stable_id(*parts: object) -> str:
    """``"sha256:<hex>"`` of ``parts``: an id for a conversation the export gives none."""
    return "sha256:" + hashlib.sha256(repr(parts).encode("utf-8", "surrogatepass")).hexdigest()


class Cleaner:
    """Replaces NUL characters and lone surrogates by U+FFFD in every text it is called
    on (no store keeps them) and counts them in ``replaced``."""

    def __init__(self) -> None:
        self.replaced = 0

    def __call__(self, text: str) -> str:
        """``text`` with unstorable characters replaced; adds their count to ``replaced``."""
        out, n = replace_unstorable(text)
        self.replaced += n
        return out

    def attachments(self, files: tuple[Attachment, ...]) -> tuple[Attachment, ...]:
        """``files`` with their name, type and text cleaned."""
        return tuple(Attachment(self(a.name), a.mime_type and self(a.mime_type), a.size_bytes,
                                a.text and self(a.text)) for a in files)
