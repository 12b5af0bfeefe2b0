"""File → Import → ChatGPT export (APP-5, APP-7): the ChatGPT door of the one import
pipeline, :mod:`chathub_desktop.services.transfer.chat_import` (issue 15).

Kept so callers that import ChatGPT only (benchmarks, tests, the ``import chatgpt``
command) read as before; the pipeline, its bounds, staging and results are shared.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path

from chathub_desktop.services.transfer.chat_import import (
    BrokenConversation,
    ImportCancelled,
    ImportFailed,
    ImportProgress,
    ImportResult,
    UnknownAssistantError,
    import_export,
)
from chathub_desktop.storage.database import Database

__all__ = [
    "SOURCE",
    "BrokenConversation",
    "ImportCancelled",
    "ImportFailed",
    "ImportProgress",
    "ImportResult",
    "UnknownAssistantError",
    "import_chatgpt_export",
]

SOURCE = "chatgpt"
"""``Topic.source`` of every topic this importer creates."""


def import_chatgpt_export(
    db: Database,
    assistant_id: int,
    path: Path,
    *,
    strict: bool = False,
    progress: Callable[[ImportProgress], None] | None = None,
    cancel: threading.Event | None = None,
) -> ImportResult:
    """Import a ChatGPT ``conversations.json`` (an array or one conversation object) or
    its export zip into topics of ``assistant_id``: :func:`~chathub_desktop.services.
    chat_import.import_export` with ``fmt="chatgpt"`` (same arguments, result and
    errors; a Claude or other known export is refused naming its format)."""
    return import_export(db, assistant_id, path, "chatgpt", strict=strict, progress=progress, cancel=cancel)
