"""``assistant``, ``import``, ``chat`` and ``settings`` commands (issue #2 "Headless commands")."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from chathub_desktop.cli.common import PROG, CommandError, emit, emit_rows, record_id
from chathub_desktop.core.app_settings import SETTINGS, WholeSetting
from chathub_desktop.core.compaction import CompactionPhase
from chathub_desktop.core.messages import MessageStatus

if TYPE_CHECKING:
    from chathub_desktop.core.attachments import Attachment
    from chathub_desktop.services.container import Services
    from chathub_desktop.services.events import ChatEvent, CompactionProgress


def add_assistant_commands(
    asst: argparse._SubParsersAction[argparse.ArgumentParser], common: argparse.ArgumentParser
) -> None:
    """The ``assistant`` group's actions."""
    from chathub_desktop.core.assistant_settings import SETTABLE_KEYS as SETTABLE

    p = asst.add_parser("create", help="create an assistant", parents=[common])
    p.add_argument("name")
    p.add_argument("--provider", required=True)
    p.add_argument("--model", required=True)
    p.add_argument("--instructions", default="")
    p.add_argument("--input-template", default="{{text}}")
    p.add_argument("--max-tokens", type=int, help="completion cap; also turns its switch on")
    p.set_defaults(func=cmd_assistant_create)
    p = asst.add_parser("list", help="list assistants", parents=[common])
    p.set_defaults(func=cmd_assistant_list)
    p = asst.add_parser("show", help="show an assistant's settings", parents=[common])
    p.add_argument("name")
    p.set_defaults(func=cmd_assistant_show)
    p = asst.add_parser("delete", help="delete an assistant with its topics and memory", parents=[common])
    p.add_argument("name")
    p.set_defaults(func=cmd_assistant_delete)
    p = asst.add_parser("set", help="change one setting (see `assistant set --help`)", parents=[common])
    p.add_argument("name")
    p.add_argument("key", help="provider, " + ", ".join(SETTABLE))
    p.add_argument("value")
    p.set_defaults(func=cmd_assistant_set)


def add_import_commands(
    imp: argparse._SubParsersAction[argparse.ArgumentParser], common: argparse.ArgumentParser
) -> None:
    """The ``import`` group's actions."""
    from chathub_desktop.core.export_formats import FORMATS

    for fmt in FORMATS:
        p = imp.add_parser(fmt.name, help=f"import {fmt.a_label} export ({fmt.how_to_export})",
                           parents=[common])
        p.add_argument("path", type=Path)
        p.add_argument("--assistant", required=True)
        p.add_argument("--strict", action="store_true",
                       help="refuse the whole file when one conversation is malformed "
                            "(default: skip it and name it)")
        p.set_defaults(func=cmd_import_chatgpt, import_format=fmt.name)
    p = imp.add_parser("chathub", help="import a topic exported with `topic export --format json`",
                       parents=[common])
    p.add_argument("path", type=Path)
    p.add_argument("--assistant", required=True)
    p.set_defaults(func=cmd_import_chathub)


def cmd_import_chathub(args: argparse.Namespace, svc: Services) -> int:
    """``import chathub``: one exported topic back into a new topic (issue 14)."""
    view = svc.topic_files.import_file(args.path, args.assistant)
    emit(args, view.to_json(), lambda: print(f"imported topic {view.id}: {view.title} ({view.message_count} messages)"))
    return 0


def add_chat_commands(
    chat: argparse._SubParsersAction[argparse.ArgumentParser], common: argparse.ArgumentParser
) -> None:
    """The ``chat`` group's actions."""
    p = chat.add_parser("send", help="send a message and stream the reply", parents=[common],
                        description=SEND_DESCRIPTION)
    p.add_argument("--topic", type=record_id, required=True)
    p.add_argument("text")
    _progress_option(p)
    p.add_argument("--attach", action="append", type=Path, default=[], metavar="PATH",
                   help="attach an image or a text/code file (repeatable; images are sized down "
                        "to the provider's limits)")
    p.add_argument("--approve-tools", action="store_true",
                   help="run MCP tool calls set to Ask without asking (allow once each); "
                        "without it they are refused and the model is told so")
    p.set_defaults(func=cmd_chat_send, mode="send")
    p = chat.add_parser("retry", help="ask again for the topic's last reply (after an error or Stop)",
                        parents=[common])
    p.add_argument("--topic", type=record_id, required=True)
    _progress_option(p)
    p.set_defaults(func=cmd_chat_send, mode="retry")
    p = chat.add_parser("regenerate", help="ask again for the topic's last reply; the old one stays a "
                        "version (`topic versions`)", parents=[common])
    p.add_argument("--topic", type=record_id, required=True)
    _progress_option(p)
    p.set_defaults(func=cmd_chat_send, mode="regenerate")
    p = chat.add_parser("resend", help="edit one of your messages and ask again from there; the old "
                        "branch stays a version", parents=[common])
    p.add_argument("--message", type=record_id, required=True)
    p.add_argument("text")
    _progress_option(p)
    p.set_defaults(func=cmd_chat_send, mode="resend")
    p = chat.add_parser("interrupt", help="mark a reply another window or command left unfinished as "
                        "interrupted, when that window or command no longer answers (what arrived is kept)",
                        parents=[common])
    p.add_argument("--topic", type=record_id, required=True)
    p.set_defaults(func=cmd_chat_interrupt)


#: ``chat send --help``'s description (walk50 #4: a compaction first said nothing for 75 s).
SEND_DESCRIPTION = (
    "Send TEXT to the topic and write the reply's text to stdout as it arrives (flushed per chunk), "
    "so stdout is the reply only; with --json, one JSON object once the reply is complete instead. "
    "Progress, such as compacting the topic's history before the request ('compacting history: "
    "batch 1/2…'), goes to stderr, one line each, when stderr is a terminal or with --progress."
)


def _progress_option(p: argparse.ArgumentParser) -> None:
    """``--progress``: progress lines on stderr even when it is not a terminal (walk50 #4)."""
    p.add_argument("--progress", action="store_true",
                   help="report progress (e.g. compacting history) on stderr even when it is not a terminal")


def progress_line(ev: CompactionProgress) -> str:
    """The stderr line for one compaction progress event (walk50 #4, CMP-6): started, the
    next of ``total`` batches, or how it ended."""
    if ev.phase is CompactionPhase.STARTED:
        return f"{PROG}: compacting history…"
    if ev.phase is CompactionPhase.BATCH:
        if ev.done < ev.total:
            return f"{PROG}: compacting history: batch {ev.done + 1}/{ev.total}…"
        return f"{PROG}: compacting history: {ev.done}/{ev.total} batches summarized"
    status = ev.status.value.replace("_", " ") if ev.status is not None else "done"
    return f"{PROG}: compacting history: {status}"


def add_settings_commands(
    st: argparse._SubParsersAction[argparse.ArgumentParser], common: argparse.ArgumentParser
) -> None:
    """The ``settings`` group's actions; ``set --help`` lists the declared settings."""
    p = st.add_parser("set", help="set a setting, e.g. history-compress-model PROVIDER/MODEL",
                      parents=[common], epilog=_settings_epilog(),
                      formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("key")
    p.add_argument("value")
    p.set_defaults(func=cmd_settings_set)
    p = st.add_parser("list", help="show every setting", parents=[common])
    p.set_defaults(func=cmd_settings_list)


def _settings_epilog() -> str:
    """One line per declared setting: key, help, range and default (issue 31)."""
    lines = ["settings:"]
    for key, setting in SETTINGS.items():
        span = f", {setting.low:,}–{setting.high:,}" if isinstance(setting, WholeSetting) else ""
        lines.append(f"  {key:<24} {setting.help}{span}; default {setting.shown(setting.default)}")
    return "\n".join(lines)


def cmd_chat_interrupt(args: argparse.Namespace, svc: Services) -> int:
    """``chat interrupt``: the way out of a topic whose reply another window or command
    claimed and no longer finishes (issue 32); Send, Retry and Delete work again."""
    ids = svc.topics.interrupt_streams(args.topic)
    emit(args, {"interrupted": ids}, lambda: print(
        f"marked {len(ids)} repl{'y' if len(ids) == 1 else 'ies'} in topic {args.topic} as interrupted; "
        "what arrived is kept and `chat retry` can ask again"))
    return 0


def cmd_assistant_create(args: argparse.Namespace, svc: Services) -> int:
    """``assistant create``."""
    if not args.model.strip():
        raise CommandError("the chat model must not be empty")
    view = svc.assistants.create(
        args.name, provider=args.provider, model=args.model, instructions=args.instructions,
        input_template=args.input_template, max_tokens=args.max_tokens,
        max_tokens_enabled=args.max_tokens is not None,
    )
    emit(args, view.to_json(), lambda: print(f"created assistant {view.name} ({view.provider_name}/{view.model})"))
    return 0


def cmd_assistant_list(args: argparse.Namespace, svc: Services) -> int:
    """``assistant list``."""
    rows = svc.assistants.list()

    emit_rows(args, [a.to_json() for a in rows], rows, "no assistants; create one with `chathub-desktop assistant create`", lambda a: f"{a.name}\t{a.provider_name or '-'}/{a.model or '-'}")
    return 0


def cmd_assistant_show(args: argparse.Namespace, svc: Services) -> int:
    """``assistant show``."""
    view = svc.assistants.get(args.name)
    def human() -> None:
        for k, v in view.to_json().items():
            print(f"{k}: {v}")

    emit(args, view.to_json(), human)
    return 0


def cmd_assistant_delete(args: argparse.Namespace, svc: Services) -> int:
    """``assistant delete``."""
    svc.assistants.delete(args.name)
    emit(args, {"deleted": args.name}, lambda: print(f"deleted assistant {args.name}"))
    return 0


def cmd_assistant_set(args: argparse.Namespace, svc: Services) -> int:
    """``assistant set NAME KEY VALUE``."""
    view = svc.assistants.set_from_text(args.name, args.key, args.value)
    emit(args, view.to_json(), lambda: print(f"{view.name}: {args.key} = {args.value}"))
    return 0


def cmd_import_chatgpt(args: argparse.Namespace, svc: Services) -> int:
    """``import chatgpt|claude|openwebui|librechat PATH --assistant NAME [--strict]``
    (APP-5, issue 15): one import; prints topics and messages imported and the
    malformed conversations skipped."""
    import threading

    from chathub_desktop.services.transfer.chat_import import ImportFailed, import_export

    assistant = svc.assistants.get(args.assistant)
    cancel = threading.Event()
    try:
        result = import_export(svc.db, assistant.id, args.path, getattr(args, "import_format", "chatgpt"),
                               strict=bool(getattr(args, "strict", False)), cancel=cancel)
    except ImportFailed as exc:
        raise CommandError(str(exc)) from None
    except KeyboardInterrupt:
        raise CommandError("import cancelled; nothing was written") from None
    data = {
        "format": result.format_name,
        "topics_imported": result.topics_created,
        "topics_skipped": result.topics_skipped,
        "topics_updated": result.topics_updated,
        "messages_imported": result.messages_imported,
        "characters_replaced": result.characters_replaced,
        "broken": [{"number": b.number, "title": b.title, "reason": b.reason} for b in result.broken],
        "branch_messages_skipped": result.branch_messages_skipped,
    }
    emit(args, data, lambda: print(
        f"imported {result.topics_created} topic{'s' if result.topics_created != 1 else ''} and "
        f"{result.messages_imported} message{'s' if result.messages_imported != 1 else ''}"
        + (f"; {result.topics_updated} earlier imports got their new messages" if result.topics_updated else "")
        + (f" ({result.topics_skipped} already imported, skipped)" if result.topics_skipped else "")
        + (f"; {result.broken_note()}" if result.broken else "")
        + (f"; {result.branch_messages_skipped} message{'s' if result.branch_messages_skipped != 1 else ''} on other branches not imported"
           if result.branch_messages_skipped else "")
        + (f"; {result.replaced_note()}" if result.characters_replaced else "")
    ))
    return 0


def cmd_chat_send(args: argparse.Namespace, svc: Services) -> int:
    """``chat send`` / ``retry`` / ``regenerate`` / ``resend`` (issue 14): same path as
    the window; the reply streams to stdout; a silent server or a short
    ``Retry-After`` is told on stderr (issue 12), and so is a compaction's progress when
    stderr is a terminal or with ``--progress`` (walk50 #4)."""
    import asyncio
    import contextlib

    from chathub_desktop.services.events import (
        CompactionProgress,
        ReplyDelta,
        ReplyRetrying,
        ReplyStalled,
    )

    streaming = not getattr(args, "json", False)
    progress = bool(getattr(args, "progress", False)) or sys.stderr.isatty()
    if args.mode == "resend":
        args.topic = svc.topics.message(args.message).topic_id

    def on_event(ev: ChatEvent) -> None:
        if streaming and isinstance(ev, ReplyDelta) and ev.topic_id == args.topic:
            sys.stdout.write(ev.text)
            sys.stdout.flush()
        elif isinstance(ev, ReplyStalled) and ev.topic_id == args.topic and ev.silent_s:  # issue 12
            print(f"\n{PROG}: no data from {ev.host} for {ev.silent_s:.0f} s; still waiting "
                  "(Ctrl+C stops, `chat retry` asks again)", file=sys.stderr, flush=True)
        elif isinstance(ev, ReplyRetrying) and ev.topic_id == args.topic:
            print(f"{PROG}: {ev.reason}; retrying in {ev.wait_s:.0f} s", file=sys.stderr, flush=True)
        elif progress and isinstance(ev, CompactionProgress) and ev.topic_id == args.topic:
            print(progress_line(ev), file=sys.stderr, flush=True)

    attachments = _prepared(svc, args.topic, getattr(args, "attach", []) or [])
    if getattr(args, "approve_tools", False):  # issue 25: scripts answer every Ask
        from chathub_desktop.services.tools.mcp_tools import ApprovalDecision, fixed_approver

        svc.mcp_tools.approver = fixed_approver(ApprovalDecision.ALLOW_ONCE)
    svc.bus.subscribe(on_event)

    async def run() -> int:
        if args.mode == "retry":
            task = svc.chat.start_retry(args.topic)
        elif args.mode == "regenerate":
            task = svc.versions.start_regenerate(args.topic)
        elif args.mode == "resend":
            task = svc.versions.start_resend(args.message, args.text)
        else:
            task = svc.chat.start_send(args.topic, args.text, attachments)
        try:
            out = await asyncio.shield(task)
        except asyncio.CancelledError:  # Ctrl+C: Stop keeps what arrived
            svc.chat.stop(args.topic)
            with contextlib.suppress(asyncio.CancelledError):
                await task
            print("\n[stopped]", file=sys.stderr)
            return 130
        if streaming:
            print()
        if getattr(args, "json", False):
            print(json.dumps({
                "topic_id": args.topic, "user_message_id": out.user_message_id,
                "reply_message_id": out.reply_message_id, "status": out.status, "text": out.text,
                "error": out.error, "error_kind": out.error_kind,
                "finish_reason": out.finish_reason, "notice": out.notice,
                "usage": {"input_tokens": out.usage.input_tokens, "output_tokens": out.usage.output_tokens,
                          "cached_tokens": out.usage.cached_tokens,
                          "cache_write_tokens": out.usage.cache_write_tokens},
            }, indent=2))
        if out.status in (MessageStatus.ERROR, MessageStatus.CUT):
            print(f"{PROG}: error: {out.error}", file=sys.stderr)
            return 1
        if out.notice:
            print(f"{PROG}: note: {out.notice}", file=sys.stderr)
        return 0

    try:
        return asyncio.run(run())
    except KeyboardInterrupt:
        return 130


def _prepared(svc: Services, topic: int, paths: list[Path]) -> tuple[Attachment, ...]:
    """``chat send --attach`` files prepared for ``topic`` (issue 14): the same bounds,
    sizing and budget refusals as the window (``InvalidInput`` names the file)."""
    if not paths:
        return ()
    from chathub_desktop.gui.chat.image_codec import QtImageCodec  # Qt only when images may need it

    codec = QtImageCodec()
    return tuple(svc.attachments.prepare_path(topic, p, codec) for p in paths)


def cmd_settings_set(args: argparse.Namespace, svc: Services) -> int:
    """``settings set KEY VALUE``."""
    svc.settings.set(args.key, args.value)
    emit(args, {args.key: args.value}, lambda: print(f"{args.key} = {args.value}"))
    return 0


def cmd_settings_list(args: argparse.Namespace, svc: Services) -> int:
    """``settings list``."""
    data = svc.settings.all()

    def human() -> None:
        for k, v in data.items():
            print(f"{k} = {SETTINGS[k].shown(v)}")

    emit(args, data, human)
    return 0
