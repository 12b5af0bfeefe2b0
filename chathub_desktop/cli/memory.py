"""``memory`` commands: an assistant's fixed memory, its version tokens, export and import,
the history of every memory change and Revert (MEM-2, MEM-3, MEM-7, APP-5, issues 10, 18)."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from chathub_desktop.cli.common import (
    EXPECT_HELP,
    IF_VERSION,
    CommandError,
    emit,
    emit_rows,
    read_text_file,
    record_id,
)
from chathub_desktop.core.memory_export import MemoryFileFormat
from chathub_desktop.private_files import write_private

if TYPE_CHECKING:
    from chathub_desktop.core.memory_diff import DiffLine
    from chathub_desktop.services.container import Services
    from chathub_desktop.services.memory.memory_history_service import PauseMark


def add_memory_commands(
    mem: argparse._SubParsersAction[argparse.ArgumentParser], common: argparse.ArgumentParser
) -> None:
    """The ``memory`` group's actions."""
    p = mem.add_parser("list", help="numbered entries with their origin", parents=[common])
    p.add_argument("--assistant", required=True)
    p.set_defaults(func=cmd_memory_list)
    p = mem.add_parser("add", help="append an entry", parents=[common])
    p.add_argument("--assistant", required=True)
    p.add_argument("text")
    p.set_defaults(func=cmd_memory_add)
    p = mem.add_parser("delete", help="delete entry N (the rest renumber)", parents=[common])
    p.add_argument("--assistant", required=True)
    p.add_argument("number", type=int)
    p.add_argument("--expect", metavar="TEXT", help=EXPECT_HELP)
    p.set_defaults(func=cmd_memory_delete)
    p = mem.add_parser("edit", help="replace entry N's text (its number is kept)", parents=[common])
    p.add_argument("--assistant", required=True)
    p.add_argument("number", type=int)
    p.add_argument("text")
    p.add_argument("--if-version", metavar="TOKEN", help=IF_VERSION)
    p.add_argument("--expect", metavar="TEXT", help=EXPECT_HELP)
    p.set_defaults(func=cmd_memory_edit)
    p = mem.add_parser("save", help="replace the fixed-memory document with a Markdown file (the raw editor's "
                       "Save: entries renumbered, other lines kept)", parents=[common])
    p.add_argument("--assistant", required=True)
    p.add_argument("path", type=Path)
    p.add_argument("--if-version", metavar="TOKEN", help=IF_VERSION)
    p.set_defaults(func=cmd_memory_save)
    p = mem.add_parser("version", help="version tokens of the fixed and dynamic memory documents "
                       "(for --if-version)", parents=[common])
    p.add_argument("--assistant", required=True)
    p.set_defaults(func=cmd_memory_version)
    p = mem.add_parser("export", help="print or save memory: the fixed document as stored (default), or fixed + "
                       "dynamic memory with provenance as JSON or Markdown", parents=[common])
    p.add_argument("--assistant", required=True)
    p.add_argument("--format", choices=[f.value for f in MemoryFileFormat], default=MemoryFileFormat.FIXED.value)
    p.add_argument("--output", type=Path, help="write to this file instead of printing")
    p.set_defaults(func=cmd_memory_export)
    p = mem.add_parser("import", help="replace an assistant's memory from a JSON or Markdown memory file "
                       "(a plain Markdown document becomes fixed memory)", parents=[common])
    p.add_argument("--assistant", required=True)
    p.add_argument("path", type=Path)
    p.add_argument("--dry-run", action="store_true", help="check the file and print what would change; write nothing")
    p.add_argument("--merge", action="store_true",
                   help="add the file's fixed entries to the current ones instead of replacing them (exact and "
                   "near-duplicates skipped and counted; dynamic memory kept)")
    p.set_defaults(func=cmd_memory_import)
    p = mem.add_parser("history", help="every change of fixed and dynamic memory, newest first: when (UTC), "
                       "who, what", parents=[common])
    p.add_argument("--assistant", required=True)
    p.add_argument("--limit", type=int, default=50, help="at most this many changes (default 50)")
    p.add_argument("--diff", type=int, metavar="CHANGE_ID", help="print that change's line diff instead")
    p.set_defaults(func=cmd_memory_history)
    p = mem.add_parser("revert", help="put back the memory document a change replaced (itself a recorded "
                       "change)", parents=[common])
    p.add_argument("--assistant", required=True)
    p.add_argument("change_id", type=record_id)
    how = p.add_mutually_exclusive_group()
    how.add_argument("--only", action="store_true",
                     help="undo only that change on the memory as it is now, every later change kept (an entry it "
                     "deleted put back, one it added taken out, one it edited given its old text); refused when an "
                     "entry it wrote was edited or deleted since")
    how.add_argument("--overwrite", action="store_true",
                     help="revert even though the document changed after that change (prints what it overwrites)")
    p.set_defaults(func=cmd_memory_revert)


def cmd_memory_list(args: argparse.Namespace, svc: Services) -> int:
    """``memory list``: entries with origin and trust (MEM-7)."""
    rows = svc.memory.entry_views(args.assistant)

    emit_rows(args, [vars(e) for e in rows], rows, "no fixed memory yet", lambda e: f"#{e.number}: {e.text}  ({e.origin or 'unrecorded'}){'' if e.trusted else '  [untrusted]'}")
    return 0


def cmd_memory_add(args: argparse.Namespace, svc: Services) -> int:
    """``memory add``: an owner entry."""
    view = svc.memory.add(args.assistant, args.text)
    emit(args, vars(view), lambda: print(f"added #{view.number}: {view.text}"))
    return 0


def cmd_memory_delete(args: argparse.Namespace, svc: Services) -> int:
    """``memory delete``."""
    svc.memory.delete(args.assistant, args.number, expected_text=args.expect)
    emit(args, {"deleted": args.number}, lambda: print(f"deleted #{args.number}; the rest renumbered"))
    return 0


def cmd_memory_edit(args: argparse.Namespace, svc: Services) -> int:
    """``memory edit``: an owner edit of one entry; ``--if-version`` guards it (issue 10)."""
    view = svc.memory.edit(args.assistant, args.number, args.text, version=args.if_version,
                           expected_text=args.expect)
    emit(args, vars(view), lambda: print(f"saved #{view.number}: {view.text}"))
    return 0


def cmd_memory_save(args: argparse.Namespace, svc: Services) -> int:
    """``memory save``: the whole fixed-memory document from a file, as the raw editor
    saves it (MEM-3); with ``--if-version`` refused when memory changed since (issue 10)."""
    text = read_text_file(args.path, "memory document")
    doc = svc.memory.save_raw(args.assistant, text, version=args.if_version)
    from chathub_desktop.core.document_version import document_version
    from chathub_desktop.core.fixed_memory import entries

    n = len(entries(doc))
    data = {"entries": n, "version": document_version(doc)}
    emit(args, data, lambda: print(f"saved {n} entr{'y' if n == 1 else 'ies'}; version {data['version']}"))
    return 0


def cmd_memory_version(args: argparse.Namespace, svc: Services) -> int:
    """``memory version``: the tokens ``--if-version`` compares (issue 10)."""
    data = {"fixed": svc.memory.version(args.assistant), "dynamic": svc.dreams.snapshot(args.assistant).version}
    emit(args, data, lambda: print(f"fixed {data['fixed']}\ndynamic {data['dynamic']}"))
    return 0


def cmd_memory_export(args: argparse.Namespace, svc: Services) -> int:
    """``memory export``: the fixed document exactly as stored, or a whole memory file
    (``--format json|markdown``, APP-5); ``--output`` writes it to a file."""
    if args.format == MemoryFileFormat.FIXED:
        text = svc.memory.export_markdown(args.assistant)
    else:
        text = svc.memory_files.export(args.assistant, args.format)
    if args.output is None:
        if getattr(args, "json", False) and args.format != MemoryFileFormat.JSON:
            print(json.dumps({"format": args.format, "text": text}, ensure_ascii=False, indent=2))
        else:
            sys.stdout.write(text)
        return 0
    try:
        write_private(args.output, text.encode("utf-8"))  # 0600: memory is private (issue 12)
    except OSError as exc:
        raise CommandError(f"cannot write {args.output}: {exc.strerror or exc}") from None
    emit(args, {"written": str(args.output), "characters": len(text)},
          lambda: print(f"wrote {args.output} ({len(text):,} characters)"))
    return 0


def cmd_memory_import(args: argparse.Namespace, svc: Services) -> int:
    """``memory import``: check the whole file, print what will change, then import it in
    one transaction (``--dry-run``: only check and print; ``--merge``: add the file's fixed
    entries to the current ones, duplicates skipped, issue 18). A bad file changes nothing
    (APP-5, issue 10)."""
    from chathub_desktop.services.transfer.memory_transfer import ImportConflict

    json_out = getattr(args, "json", False)
    mode = "merge" if args.merge else "replace"
    preview = svc.memory_files.preview_import(args.assistant, args.path, mode=mode)
    if not json_out:
        for line in preview.lines():
            print(line)
    if args.dry_run:
        emit(args, {**preview.to_json(), "imported": False},
              lambda: print("dry run: nothing was changed"))
        return 0
    for attempt in range(3):  # no one confirmed this preview: re-check when memory moved meanwhile
        try:
            out = svc.memory_files.apply_import(preview)
            break
        except ImportConflict:
            if attempt == 2:
                raise
            preview = svc.memory_files.preview_import(args.assistant, args.path, mode=mode)
    parts = []
    if args.merge and out.fixed_entries is not None:  # what was added, not the total
        added = preview.merge_added
        _new, exact, similar, earlier = preview.merge_counts()  # walk55 #5: a near repeat is not "already stored"
        left = ([f"{exact} already stored"] if exact else []) + (
            [f"{similar} near or covered repeat{'' if similar == 1 else 's'} left out"] if similar else []) + (
            [f"{earlier} repeating a line above it"] if earlier else [])
        parts.append(f"{added} new fixed memory entr{'y' if added == 1 else 'ies'}"
                     + (f" ({', '.join(left)})" if left else "")
                     + f"; fixed memory now has {out.fixed_entries}")
    elif out.fixed_entries is not None:
        parts.append(f"{out.fixed_entries} fixed memory entr{'y' if out.fixed_entries == 1 else 'ies'}")
    if out.dynamic_cards is not None:
        parts.append(f"{out.dynamic_cards} dynamic memory card{'' if out.dynamic_cards == 1 else 's'}")
    emit(args, {**vars(out), **preview.to_json(), "imported": True},
          lambda: print(f"{'merged' if args.merge else 'imported'} {' and '.join(parts) or 'nothing'} "
                        f"into {args.assistant}"))
    return 0


def _diff_text(lines: Sequence[DiffLine]) -> str:
    from chathub_desktop.core.memory_diff import DiffKind

    return "\n".join(f"{ln.kind.value if ln.kind != DiffKind.HUNK else '@@'} {ln.text}" for ln in lines)


def _pause_text(pause: PauseMark) -> str:
    """What a pause or resume row did (walk55 #2: the document stays as it is, so its diff
    is empty), from the pause the change set: ``paused entry #3: Plays the cello``,
    ``resumed card #1: [2026-11-28] Likes tables`` (issue 18, MEM-2, DRM-15)."""
    from chathub_desktop.core.memory_documents import MemoryDocument

    item = "entry" if pause.document == MemoryDocument.FIXED else "card"
    return f"{'paused' if pause.paused else 'resumed'} {item} #{pause.number}: {pause.text}"


def cmd_memory_history(args: argparse.Namespace, svc: Services) -> int:
    """``memory history``: the recorded changes, newest first, or one change's diff (issue
    18); a pause or resume row's (or its revert's) says what it did to which item."""
    if args.diff is not None:
        d = svc.history.detail(args.assistant, args.diff)
        said = _pause_text(d.pause) if d.pause is not None else _diff_text(d.diff) or "no line changed"
        emit(args, {**d.change.to_json(), "before": d.before, "after": d.after,
                    "diff": [{"kind": ln.kind.value, "text": ln.text} for ln in d.diff],
                    "pause": d.pause.to_json() if d.pause is not None else None},
             lambda: print(said))
        return 0
    rows = svc.history.changes(args.assistant, max(1, args.limit))
    emit_rows(args, [c.to_json() for c in rows], rows, "no memory changes recorded yet",
              lambda c: f"#{c.id}  {c.at:%Y-%m-%d %H:%M:%S} UTC  {c.document:<7}  {c.who}: {c.action}")
    return 0


def cmd_memory_revert(args: argparse.Namespace, svc: Services) -> int:
    """``memory revert``: put back what change CHANGE_ID replaced; refused when the document
    moved on since, unless ``--overwrite`` (which prints what it overwrites) (issue 18).
    ``--only`` undoes only that change on the memory as it is now (walk57 #1)."""
    if args.only:
        view = svc.history.undo(args.assistant, args.change_id)
        emit(args, view.to_json(), lambda: print(f"undid change #{args.change_id} ({view.document} memory), later "
                                                 f"changes kept; recorded as change #{view.id}"))
        return 0
    version = None
    if args.overwrite:
        preview = svc.history.revert_preview(args.assistant, args.change_id)
        version = preview.version
        if preview.moved_on and not getattr(args, "json", False):
            print(f"overwriting {preview.later:,} later change(s):", file=sys.stderr)
            print(_diff_text(preview.diff), file=sys.stderr)
    view = svc.history.revert(args.assistant, args.change_id, version=version)
    emit(args, view.to_json(), lambda: print(f"reverted change #{args.change_id} ({view.document} memory); "
                                             f"recorded as change #{view.id}"))
    return 0
