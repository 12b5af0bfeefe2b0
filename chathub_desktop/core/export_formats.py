"""The chat-history export formats the importer reads, and how a file's format is
recognised (APP-5, issue 15).

Pure: no I/O. :mod:`chathub_desktop.services.transfer.chat_import` streams a file and asks
:func:`detect_format` which format its first conversation has, from the object keys it
holds (the conversation's own keys, and the keys one level below).

Formats (:data:`FORMATS`, by ``name``):

- ``chatgpt``: ChatGPT ``conversations.json`` (an array, or one conversation object),
  or the data-export zip; a conversation has a ``mapping``.
- ``claude``: Claude.ai ``conversations.json`` or its export zip; a conversation has
  ``chat_messages`` (and ``uuid``/``name``).
- ``openwebui``: Open WebUI chat export; a chat has ``chat.history.messages`` (a tree
  with ``parentId``/``childrenIds`` and ``currentId``).
- ``librechat``: LibreChat conversation export; an object with ``conversationId`` and
  ``messages`` or ``messagesTree`` (``parentMessageId`` links, or nested ``children``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from chathub_desktop.core.reasons import QT_TRANSLATE_NOOP

if TYPE_CHECKING:
    from chathub_desktop.core.imported_chat import ImportedConversation

__all__ = ["FORMATS", "ExportFormat", "detect_format", "format_named"]


@dataclass(frozen=True, slots=True)
class ExportFormat:
    """One readable export format.

    - ``name``: the CLI word and ``Topic.source`` of its topics (``chatgpt`` ...).
    - ``label``: the app's name for users (``ChatGPT``).
    - ``zip_member``: the file a zip export holds the conversations in, or ``None``
      when the app exports no zip.
    - ``parse``: ``(conversation object, 0-based index) -> ImportedConversation``;
      raises :class:`~chathub_desktop.core.imported_chat.ExportFormatError`.
    - ``id_key`` / ``updated_key``: the conversation's id and last-update time fields,
      read before parsing to skip a conversation imported before and unchanged;
      ``None`` when the format has no such field (every conversation is parsed and
      only its new messages are added).
    - ``how_to_export``: one sentence on getting the export from the app (README, help;
      the window says it in the ``ServiceReasons`` context, issue 27).
    """

    name: str
    label: str
    zip_member: str | None
    parse: Callable[[dict[str, object], int], ImportedConversation]
    id_key: str | None
    updated_key: str | None
    how_to_export: str

    @property
    def a_label(self) -> str:
        """The label with its indefinite article: "a ChatGPT", "an Open WebUI"."""
        return f"{'an' if self.label[:1] in 'AEIOU' else 'a'} {self.label}"


# The parsers load on the first import, not with the window's menus (issue 29: ~20 ms
# before the first paint).
def _chatgpt(conv: dict[str, object], index: int) -> ImportedConversation:
    """:func:`chatgpt_export.parse_conversation`."""
    from chathub_desktop.core.chatgpt_export import parse_conversation as parse

    return parse(conv, index)


def _claude(conv: dict[str, object], index: int) -> ImportedConversation:
    """:func:`claude_export.parse_claude_conversation`."""
    from chathub_desktop.core.claude_export import parse_claude_conversation as parse

    return parse(conv, index)


def _openwebui(conv: dict[str, object], index: int) -> ImportedConversation:
    """:func:`webui_export.parse_openwebui_chat`."""
    from chathub_desktop.core.webui_export import parse_openwebui_chat as parse

    return parse(conv, index)


def _librechat(conv: dict[str, object], index: int) -> ImportedConversation:
    """:func:`webui_export.parse_librechat_conversation`."""
    from chathub_desktop.core.webui_export import parse_librechat_conversation as parse

    return parse(conv, index)


FORMATS: tuple[ExportFormat, ...] = (
    ExportFormat("chatgpt", "ChatGPT", "conversations.json", _chatgpt,
                 "conversation_id", "update_time",
                 QT_TRANSLATE_NOOP("ServiceReasons", "ChatGPT → Settings → Data controls → Export data; the "
                                                     "e-mailed zip, or the conversations.json inside it.")),
    ExportFormat("claude", "Claude", "conversations.json", _claude,
                 "uuid", "updated_at",
                 QT_TRANSLATE_NOOP("ServiceReasons", "Claude.ai → Settings → Privacy → Export data; the e-mailed "
                                                     "zip, or the conversations.json inside it.")),
    ExportFormat("openwebui", "Open WebUI", None, _openwebui, "id", "updated_at",
                 QT_TRANSLATE_NOOP("ServiceReasons", "Open WebUI → Settings → Chats → Export chats (one JSON file "
                                                     "of all chats), or a chat's ⋯ menu → Download → Export chat "
                                                     "(.json).")),
    ExportFormat("librechat", "LibreChat", None, _librechat, None, None,
                 QT_TRANSLATE_NOOP("ServiceReasons", "LibreChat → a conversation's ⋯ menu → Export → JSON (with "
                                                     "branches).")),
)
"""Every readable format, in the order File → Import lists them."""


def format_named(name: str) -> ExportFormat:
    """The format called ``name`` (``chatgpt``, ``claude``, ``openwebui``, ``librechat``);
    raises ``KeyError`` for any other name."""
    for fmt in FORMATS:
        if fmt.name == name:
            return fmt
    raise KeyError(name)


def detect_format(keys: Iterable[str], inner: Iterable[str] = ()) -> ExportFormat | None:
    """The format whose conversation has these top-level ``keys`` (and ``inner`` keys:
    those of the objects directly inside it, e.g. ``chat``'s ``history``); ``None``
    when none fits.

    ``mapping`` → ChatGPT; ``chat_messages`` → Claude; ``chat`` holding ``history``
    (or ``history`` itself) → Open WebUI; ``conversationId`` with ``messages`` or
    ``messagesTree`` → LibreChat."""
    top, below = set(keys), set(inner)
    if "mapping" in top:
        return format_named("chatgpt")
    if "chat_messages" in top:
        return format_named("claude")
    if "conversationId" in top and ({"messages", "messagesTree"} & top):
        return format_named("librechat")
    if ("chat" in top and ("history" in below or "messages" in below)) or "history" in top:
        return format_named("openwebui")
    return None
