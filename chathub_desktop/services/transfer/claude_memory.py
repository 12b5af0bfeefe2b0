"""What Claude remembers, read from a Claude.ai export zip (issue 15, APP-5).

A Claude export zip may hold ``memories.json`` (``[{"conversations_memory": text,
"project_memories": {project uuid: text}, ...}]``) and ``projects.json`` (``[{uuid,
name, prompt_template, ...}]``, or ``projects/<uuid>.json`` files). :func:`read_claude_memory`
turns them into one Markdown text the Memory page's "Import from another assistant…"
preview splits into facts, so nothing is written until the user picks the entries.

Bounds (issue 12): a member over :data:`MAX_MEMBER_BYTES` is refused, JSON is checked
with the importer's depth/size limits before it is parsed, text must be UTF-8.
"""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

from chathub_desktop.core.chatgpt_export import JSON_LIMITS
from chathub_desktop.core.json_bounds import JsonBoundsError, check_json_text, megabytes
from chathub_desktop.core.reasons import QT_TRANSLATE_NOOP, Reason
from chathub_desktop.services.errors import InvalidInput
from chathub_desktop.services.input_files import open_regular

__all__ = ["MAX_MEMBER_BYTES", "has_claude_memory", "read_claude_memory"]

MAX_MEMBER_BYTES = 32 * 1024 * 1024
"""Largest ``memories.json`` / project file read (expanded size; real ones are KBs)."""


_NOT_JSON = QT_TRANSLATE_NOOP("ServiceReasons", "%1 is not valid JSON (%2)")


def _member(zf: zipfile.ZipFile, name: str) -> zipfile.ZipInfo | None:
    hits = [i for i in zf.infolist() if i.filename.replace("\\", "/").rsplit("/", 1)[-1].lower() == name]
    return min(hits, key=lambda i: i.filename.count("/")) if hits else None


def _load(zf: zipfile.ZipFile, info: zipfile.ZipInfo, label: str) -> object:
    if info.file_size > MAX_MEMBER_BYTES:
        raise InvalidInput(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "%1 is %2; the limit is %3"),
                                  (f"{label}:{info.filename}", megabytes(info.file_size), megabytes(MAX_MEMBER_BYTES))))
    try:
        text = zf.read(info).decode("utf-8-sig")
        check_json_text(text, JSON_LIMITS)
        return json.loads(text)
    except UnicodeDecodeError:
        raise InvalidInput(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "%1 is not UTF-8 text"),
                                  (f"{label}:{info.filename}",))) from None
    except JsonBoundsError as exc:  # typed: said in the interface language (issue 27)
        raise InvalidInput(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "%1 is not valid JSON (it %2)"),
                                  (f"{label}:{info.filename}", exc.reason))) from None
    except (ValueError, RecursionError) as exc:
        raise InvalidInput(Reason(_NOT_JSON, (f"{label}:{info.filename}", str(exc).splitlines()[0][:120]))) from None


def has_claude_memory(path: Path) -> bool:
    """Whether ``path`` is a zip holding ``memories.json`` (no error for other files)."""
    try:
        with open_regular(path) as fh, zipfile.ZipFile(fh) as zf:
            return _member(zf, "memories.json") is not None
    except (OSError, zipfile.BadZipFile, InvalidInput):
        return False


def read_claude_memory(path: Path) -> str:
    """The memory a Claude export zip holds, as Markdown: the account's
    ``conversations_memory``, then each project's memory under ``## <project name>``
    (names from ``projects.json`` or ``projects/*.json``; the uuid when unknown).
    ``""`` when the zip holds no memory. Raises :class:`InvalidInput` (one line) for a
    file that is not a readable zip, a member over the limits, or JSON that is damaged."""
    label = Path(path).name
    try:
        with open_regular(path) as fh, zipfile.ZipFile(fh) as zf:
            info = _member(zf, "memories.json")
            if info is None:
                return ""
            data = _load(zf, info, label)
            names: dict[str, str] = {}
            projects: list[object] = []
            listed = _member(zf, "projects.json")
            if listed is not None:
                loaded = _load(zf, listed, label)
                projects = loaded if isinstance(loaded, list) else []
            else:
                for i in zf.infolist()[:2000]:
                    parts = i.filename.replace("\\", "/").split("/")
                    if len(parts) >= 2 and parts[-2] == "projects" and parts[-1].endswith(".json"):
                        projects.append(_load(zf, i, label))
    except (OSError, zipfile.BadZipFile, EOFError, RuntimeError) as exc:
        raise InvalidInput(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "cannot read %1 as a Claude export zip (%2)"),
                                  (label, str(exc)))) from None  # the zip library's words: a value
    for p in projects:
        if isinstance(p, dict) and isinstance(p.get("uuid"), str) and isinstance(p.get("name"), str):
            names[p["uuid"]] = p["name"]
    blocks: list[str] = []
    for entry in data if isinstance(data, list) else [data]:
        if not isinstance(entry, dict):
            continue
        main = entry.get("conversations_memory")
        if isinstance(main, str) and main.strip():
            blocks.append(main.strip())
        per_project = entry.get("project_memories")
        if isinstance(per_project, dict):
            for uid, text in per_project.items():
                if isinstance(text, str) and text.strip():
                    blocks.append(f"## {names.get(str(uid), str(uid))}\n\n{text.strip()}")
    return "\n\n".join(blocks)
