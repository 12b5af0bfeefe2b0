"""Headless commands over the same services the window uses (issue #2 "Headless commands").

``chathub-desktop`` with no command opens the window. Every command takes
``--data-dir`` / ``--database-url``, prints human text (``--json`` for JSON) and exits
non-zero with a one-line reason on bad input: 1 for a refused operation, 2 for usage.
A command that has to wait for another ChatHub process's write says so on stderr; a
store that stays busy ends it with one line and exit code 1, never a traceback (issue 10).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from chathub_desktop import __version__
from chathub_desktop.core.provider_kinds import ProviderKind
from chathub_desktop.services.errors import ServiceError, store_busy_message

if TYPE_CHECKING:  # the window path loads none of this before it shows
    from datetime import date

    from chathub_desktop.services.container import Services
    from chathub_desktop.services.events import ChatEvent

PROG = "chathub-desktop"
#: Help of ``--if-version`` (issue 10: a stale edit never overwrites a newer save).
_IF_VERSION = "refuse (and change nothing) unless memory still has this version (see `memory version`)"


class CommandError(Exception):
    """A command cannot run; the message is printed as one line and the exit code is 1."""


def _common() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(add_help=False)
    p.add_argument("--data-dir", type=_data_dir, default=argparse.SUPPRESS,
                   help="folder for the default SQLite store (default: the platform user-data dir)")
    p.add_argument("--database-url", default=argparse.SUPPRESS,
                   help="any SQLAlchemy URL, e.g. postgresql+psycopg://user@host/db "
                        "(default: $CHATHUB_DATABASE_URL, else SQLite in the data dir)")
    p.add_argument("--json", action="store_true", default=argparse.SUPPRESS, help="print JSON")
    return p


def build_parser() -> argparse.ArgumentParser:
    """The full argument parser (also used by ``--help``)."""
    from chathub_desktop.core.assistant_settings import SETTABLE_KEYS as SETTABLE
    common = _common()
    parser = argparse.ArgumentParser(
        prog=PROG, parents=[common],
        description="ChatHub Desktop: chat with your own API keys; assistant memory and compaction. "
                    "Run without a command to open the window.",
    )
    parser.add_argument("--version", action="version", version=f"{PROG} {__version__}")
    sub = parser.add_subparsers(dest="group", metavar="COMMAND")

    def group(name: str, help_: str) -> argparse._SubParsersAction[argparse.ArgumentParser]:
        g = sub.add_parser(name, help=help_, parents=[common])
        return g.add_subparsers(dest="action", metavar="ACTION", required=True)

    gui = sub.add_parser("gui", help="open the window (the default)", parents=[common])
    gui.set_defaults(func=cmd_gui)

    prov = group("provider", "LLM providers and their API keys")
    p = prov.add_parser("add", help="add a provider", parents=[common])
    p.add_argument("name")
    p.add_argument("--kind", required=True, choices=[k.value for k in ProviderKind])
    p.add_argument("--base-url", help="API base URL (default: the kind's usual URL)")
    keys = p.add_mutually_exclusive_group()
    keys.add_argument("--api-key-env", metavar="VAR", help="read the key from this environment variable")
    keys.add_argument("--no-key", action="store_true", help="no key (local servers)")
    p.set_defaults(func=cmd_provider_add)
    p = prov.add_parser("update", help="change a provider's base URL or key source", parents=[common])
    p.add_argument("name")
    p.add_argument("--base-url")
    keys = p.add_mutually_exclusive_group()
    keys.add_argument("--api-key-env", metavar="VAR", help="read the key from this environment variable")
    keys.add_argument("--set-key", action="store_true", help="ask for a new key and store it in the keyring")
    keys.add_argument("--no-key", action="store_true", help="forget the stored key (local servers)")
    p.set_defaults(func=cmd_provider_update)
    p = prov.add_parser("list", help="list providers", parents=[common])
    p.set_defaults(func=cmd_provider_list)
    p = prov.add_parser("delete", help="delete a provider and its stored key", parents=[common])
    p.add_argument("name")
    p.set_defaults(func=cmd_provider_delete)

    asst = group("assistant", "assistants and their settings")
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

    top = group("topic", "topics (conversations)")
    p = top.add_parser("create", help="create a topic", parents=[common])
    p.add_argument("--assistant", required=True)
    p.add_argument("--title")
    p.set_defaults(func=cmd_topic_create)
    p = top.add_parser("list", help="list topics", parents=[common])
    p.add_argument("--assistant")
    p.set_defaults(func=cmd_topic_list)
    p = top.add_parser("show", help="print a topic's messages", parents=[common])
    p.add_argument("topic_id", type=int)
    p.set_defaults(func=cmd_topic_show)
    p = top.add_parser("rename", help="rename a topic", parents=[common])
    p.add_argument("topic_id", type=int)
    p.add_argument("title")
    p.set_defaults(func=cmd_topic_rename)
    p = top.add_parser("delete", help="delete a topic", parents=[common])
    p.add_argument("topic_id", type=int)
    p.set_defaults(func=cmd_topic_delete)
    p = top.add_parser("compact", help="compact now: summarize completed turns (CMP-6)", parents=[common])
    p.add_argument("topic_id", type=int)
    p.set_defaults(func=cmd_topic_compact)
    p = top.add_parser("summary", help="show the topic summary, its model, cursor and debug log",
                       parents=[common])
    p.add_argument("topic_id", type=int)
    p.set_defaults(func=cmd_topic_summary)
    p = top.add_parser("estimate", help="tokens the next request will carry", parents=[common])
    p.add_argument("topic_id", type=int)
    p.add_argument("--draft", default="")
    p.set_defaults(func=cmd_topic_estimate)

    imp = group("import", "import chat history")
    p = imp.add_parser("chatgpt", help="import a ChatGPT data export (conversations.json or .zip)",
                       parents=[common])
    p.add_argument("path", type=Path)
    p.add_argument("--assistant", required=True)
    p.set_defaults(func=cmd_import_chatgpt)

    chat = group("chat", "send messages")
    p = chat.add_parser("send", help="send a message and stream the reply", parents=[common])
    p.add_argument("--topic", type=int, required=True)
    p.add_argument("text")
    p.set_defaults(func=cmd_chat_send)

    mem = group("memory", "an assistant's fixed memory (MEM-2)")
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
    p.set_defaults(func=cmd_memory_delete)
    p = mem.add_parser("edit", help="replace entry N's text (its number is kept)", parents=[common])
    p.add_argument("--assistant", required=True)
    p.add_argument("number", type=int)
    p.add_argument("text")
    p.add_argument("--if-version", metavar="TOKEN", help=_IF_VERSION)
    p.set_defaults(func=cmd_memory_edit)
    p = mem.add_parser("save", help="replace the fixed-memory document with a Markdown file (the raw editor's "
                       "Save: entries renumbered, other lines kept)", parents=[common])
    p.add_argument("--assistant", required=True)
    p.add_argument("path", type=Path)
    p.add_argument("--if-version", metavar="TOKEN", help=_IF_VERSION)
    p.set_defaults(func=cmd_memory_save)
    p = mem.add_parser("version", help="version tokens of the fixed and dynamic memory documents "
                       "(for --if-version)", parents=[common])
    p.add_argument("--assistant", required=True)
    p.set_defaults(func=cmd_memory_version)
    p = mem.add_parser("export", help="print or save memory: the fixed document as stored (default), or fixed + "
                       "dynamic memory with provenance as JSON or Markdown", parents=[common])
    p.add_argument("--assistant", required=True)
    p.add_argument("--format", choices=("fixed", "json", "markdown"), default="fixed")
    p.add_argument("--output", type=Path, help="write to this file instead of printing")
    p.set_defaults(func=cmd_memory_export)
    p = mem.add_parser("import", help="replace an assistant's memory from a JSON or Markdown memory file "
                       "(a plain Markdown document becomes fixed memory)", parents=[common])
    p.add_argument("--assistant", required=True)
    p.add_argument("path", type=Path)
    p.add_argument("--dry-run", action="store_true", help="check the file and print what would change; write nothing")
    p.set_defaults(func=cmd_memory_import)

    drm = group("dream", "the memory dream and an assistant's dynamic memory cards (DRM)")
    p = drm.add_parser("run-due", help="run every due scheduled dream now (for cron or a systemd timer)",
                       parents=[common])
    p.add_argument("--even-if-paused", action="store_true", help="run them even while dreams are paused")
    p.set_defaults(func=cmd_dream_run_due)
    p = drm.add_parser("pause", help="pause scheduled dreams (the window's and run-due's)", parents=[common])
    p.set_defaults(func=cmd_dream_pause, paused=True)
    p = drm.add_parser("resume", help="resume scheduled dreams", parents=[common])
    p.set_defaults(func=cmd_dream_pause, paused=False)
    p = drm.add_parser("run", help="dream over one UTC history day now (default: yesterday)", parents=[common])
    p.add_argument("--assistant", required=True)
    p.add_argument("--day", type=_utc_day, help="YYYY-MM-DD (UTC)")
    p.set_defaults(func=cmd_dream_run)
    p = drm.add_parser("schedule", help="show or set the schedule (times are UTC)", parents=[common])
    p.add_argument("--assistant", required=True)
    p.add_argument("--frequency", choices=("off", "daily", "weekly"))
    p.add_argument("--time", help="HH:MM, 24-hour UTC (default 02:00)")
    p.add_argument("--weekday", type=int, choices=range(7), metavar="0-6", help="for weekly: 0 = Sunday … 6 = Saturday")
    p.add_argument("--keep", type=int, help="keep this many single-day cards (1-90, default 14); older ones fold")
    p.set_defaults(func=cmd_dream_schedule)
    p = drm.add_parser("cards", help="the dynamic memory cards", parents=[common])
    p.add_argument("--assistant", required=True)
    p.set_defaults(func=cmd_dream_cards)
    p = drm.add_parser("edit", help="replace card N's text", parents=[common])
    p.add_argument("--assistant", required=True)
    p.add_argument("number", type=int)
    p.add_argument("text")
    p.add_argument("--if-version", metavar="TOKEN", help=_IF_VERSION)
    p.set_defaults(func=cmd_dream_edit)
    p = drm.add_parser("delete", help="delete card N (the rest renumber)", parents=[common])
    p.add_argument("--assistant", required=True)
    p.add_argument("number", type=int)
    p.add_argument("--if-version", metavar="TOKEN", help=_IF_VERSION)
    p.set_defaults(func=cmd_dream_delete)
    p = drm.add_parser("regenerate", help="re-run the dream for single-day card N's day", parents=[common])
    p.add_argument("--assistant", required=True)
    p.add_argument("number", type=int)
    p.set_defaults(func=cmd_dream_regenerate)
    p = drm.add_parser("clear", help="remove every card (restore brings them back)", parents=[common])
    p.add_argument("--assistant", required=True)
    p.add_argument("--if-version", metavar="TOKEN", help=_IF_VERSION)
    p.set_defaults(func=cmd_dream_clear)
    p = drm.add_parser("restore", help="swap dynamic memory with its previous version", parents=[common])
    p.add_argument("--assistant", required=True)
    p.set_defaults(func=cmd_dream_restore)

    mod = group("model", "your own model cards: context window and max output (beat the bundled catalog)")
    p = mod.add_parser("set", help="add or replace a model card", parents=[common])
    p.add_argument("model")
    p.add_argument("--context-window", type=int, required=True, help="tokens")
    p.add_argument("--max-output", type=int, help="tokens")
    p.add_argument("--reasoning", action="store_true", help="the model thinks before answering")
    p.add_argument("--provider", help="only for this provider (default: every provider)")
    p.set_defaults(func=cmd_model_set)
    p = mod.add_parser("list", help="your model cards", parents=[common])
    p.set_defaults(func=cmd_model_list)
    p = mod.add_parser("delete", help="remove a model card", parents=[common])
    p.add_argument("model")
    p.add_argument("--provider")
    p.set_defaults(func=cmd_model_delete)
    p = mod.add_parser("import", help="import a catalog JSON file (model_catalog.json format)", parents=[common])
    p.add_argument("path", type=Path)
    p.add_argument("--provider")
    p.set_defaults(func=cmd_model_import)

    st = group("settings", "application settings (System Agent models)")
    p = st.add_parser("set", help="set a setting, e.g. history-compress-model PROVIDER/MODEL",
                      parents=[common])
    p.add_argument("key")
    p.add_argument("value")
    p.set_defaults(func=cmd_settings_set)
    p = st.add_parser("list", help="show every setting", parents=[common])
    p.set_defaults(func=cmd_settings_list)
    return parser


# --- output helpers ------------------------------------------------------------------
def _emit(args: argparse.Namespace, data: object, human: Callable[[], None]) -> None:
    if getattr(args, "json", False):
        print(json.dumps(data, ensure_ascii=False, indent=2, default=str))
    else:
        human()


def _emit_rows(
    args: argparse.Namespace, data: object, rows: Sequence[object], empty: str, line: Callable[[Any], str]
) -> None:
    """A list command's output: JSON ``data``, or one ``line(row)`` per row (``empty``
    when there are none)."""

    _emit(args, data, lambda: print("\n".join(line(r) for r in rows) if rows else empty))


def _data_dir(text: str) -> Path:
    if not text.strip():
        raise argparse.ArgumentTypeError("the data folder cannot be empty")
    path = Path(text).expanduser()
    if path.exists() and not path.is_dir():
        raise argparse.ArgumentTypeError(f"{text} is a file, not a folder")
    return path


def _no_display() -> str | None:
    """Why no window can open here (Linux/BSD without X11 or Wayland), else None."""
    if not sys.platform.startswith(("linux", "freebsd", "openbsd")):
        return None
    if os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY") or os.environ.get("QT_QPA_PLATFORM"):
        return None
    return ("no display found to open the window on (DISPLAY and WAYLAND_DISPLAY are unset); "
            "run it in a desktop session, use a headless command (see --help), or set "
            "QT_QPA_PLATFORM=offscreen")


def _utc_day(text: str) -> date:
    from datetime import date

    try:
        return date.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a YYYY-MM-DD day: {text!r}") from None


# --- commands ------------------------------------------------------------------------
def cmd_gui(args: argparse.Namespace, _svc: Services | None) -> int:
    """Open the main window (blocks until it closes). Exit code 1 with a one-line reason
    when there is no display to open it on."""
    from chathub_desktop.app_bootstrap import run_gui

    reason = _no_display()
    if reason is not None:
        print(f"{PROG}: error: {reason}", file=sys.stderr)
        return 1
    return run_gui(data_dir=getattr(args, "data_dir", None), database_url=getattr(args, "database_url", None))


def cmd_provider_add(args: argparse.Namespace, svc: Services) -> int:
    """``provider add``: key from ``--api-key-env``, else asked and stored in the keyring."""
    api_key = None
    if not args.api_key_env and not args.no_key:
        status = svc.providers.keyring_status()
        if not status.usable:
            raise CommandError(f"{status.reason}; pass --api-key-env VAR (or --no-key for a local server)")
        api_key = _read_key(args.name)
    view = svc.providers.add(args.name, args.kind, args.base_url, api_key=api_key, api_key_env=args.api_key_env)
    _emit(args, view.to_json(), lambda: print(f"added provider {view.name} ({view.kind}, key: {view.key_source})"))
    return 0


def _read_key(name: str) -> str:
    if sys.stdin.isatty():
        import getpass

        key = getpass.getpass(f"API key for {name}: ").strip()
    else:
        key = sys.stdin.readline().strip()
    if not key:
        raise CommandError("no API key given; pass --api-key-env VAR or --no-key")
    return key


def cmd_provider_update(args: argparse.Namespace, svc: Services) -> int:
    """``provider update``: base URL and/or key source."""
    api_key = None
    if args.set_key:
        status = svc.providers.keyring_status()
        if not status.usable:
            raise CommandError(f"{status.reason}; pass --api-key-env VAR instead")
        api_key = _read_key(args.name)
    view = svc.providers.update(
        args.name, base_url=args.base_url, api_key=api_key,
        api_key_env=args.api_key_env if args.api_key_env else ("" if args.no_key else None),
        clear_key=args.no_key,
    )
    _emit(args, view.to_json(), lambda: print(f"updated provider {view.name} ({view.base_url}, key: {view.key_source})"))
    return 0


def cmd_provider_list(args: argparse.Namespace, svc: Services) -> int:
    """``provider list``."""
    rows = svc.providers.list()

    _emit_rows(args, [p.to_json() for p in rows], rows, "no providers; add one with `chathub-desktop provider add`", lambda p: f"{p.name}\t{p.kind}\t{p.base_url}\tkey: {p.key_source}")
    return 0


def cmd_provider_delete(args: argparse.Namespace, svc: Services) -> int:
    """``provider delete``."""
    svc.providers.delete(args.name)
    _emit(args, {"deleted": args.name}, lambda: print(f"deleted provider {args.name}"))
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
    _emit(args, view.to_json(), lambda: print(f"created assistant {view.name} ({view.provider_name}/{view.model})"))
    return 0


def cmd_assistant_list(args: argparse.Namespace, svc: Services) -> int:
    """``assistant list``."""
    rows = svc.assistants.list()

    _emit_rows(args, [a.to_json() for a in rows], rows, "no assistants; create one with `chathub-desktop assistant create`", lambda a: f"{a.name}\t{a.provider_name or '-'}/{a.model or '-'}")
    return 0


def cmd_assistant_show(args: argparse.Namespace, svc: Services) -> int:
    """``assistant show``."""
    view = svc.assistants.get(args.name)
    _emit(args, view.to_json(), lambda: [print(f"{k}: {v}") for k, v in view.to_json().items()])
    return 0


def cmd_assistant_delete(args: argparse.Namespace, svc: Services) -> int:
    """``assistant delete``."""
    svc.assistants.delete(args.name)
    _emit(args, {"deleted": args.name}, lambda: print(f"deleted assistant {args.name}"))
    return 0


def cmd_assistant_set(args: argparse.Namespace, svc: Services) -> int:
    """``assistant set NAME KEY VALUE``."""
    view = svc.assistants.set_from_text(args.name, args.key, args.value)
    _emit(args, view.to_json(), lambda: print(f"{view.name}: {args.key} = {args.value}"))
    return 0


def cmd_topic_create(args: argparse.Namespace, svc: Services) -> int:
    """``topic create``."""
    view = svc.topics.create(args.assistant, args.title)
    _emit(args, view.to_json(), lambda: print(f"created topic {view.id}: {view.title}"))
    return 0


def cmd_topic_list(args: argparse.Namespace, svc: Services) -> int:
    """``topic list``."""
    rows = svc.topics.list(args.assistant)

    _emit_rows(args, [t.to_json() for t in rows], rows, "no topics", lambda t: f"{t.id}\t{t.updated_at:%Y-%m-%d %H:%M}\t{t.message_count} messages\t{t.title}")
    return 0


def cmd_topic_show(args: argparse.Namespace, svc: Services) -> int:
    """``topic show``: messages in order with role, time (UTC) and text; tool messages included."""
    topic = svc.topics.get(args.topic_id)
    msgs = svc.topics.messages(args.topic_id)

    def human() -> None:
        print(f"# {topic.title} (topic {topic.id}, {len(msgs)} messages)")
        for m in msgs:
            who = m.role if not m.tool_name else f"{m.role}:{m.tool_name}"
            flags = "" if m.status == "complete" else f" [{m.status}]"
            flags += " [cut off at max tokens]" if m.cut_off else ""
            print(f"\n[{m.created_at:%Y-%m-%d %H:%M:%S}Z] {who}{flags}")
            if m.content:
                print(m.content)
            for call in m.tool_calls:
                print(f"→ tool call {call.get('name')}: {call.get('arguments')}")
            if m.error:
                print(f"error: {m.error}")

    _emit(args, {"topic": topic.to_json(), "messages": [m.to_json() for m in msgs]}, human)
    return 0


def cmd_topic_rename(args: argparse.Namespace, svc: Services) -> int:
    """``topic rename``."""
    view = svc.topics.rename(args.topic_id, args.title)
    _emit(args, view.to_json(), lambda: print(f"renamed topic {view.id}: {view.title}"))
    return 0


def cmd_topic_delete(args: argparse.Namespace, svc: Services) -> int:
    """``topic delete``."""
    svc.topics.delete(args.topic_id)
    _emit(args, {"deleted": args.topic_id}, lambda: print(f"deleted topic {args.topic_id}"))
    return 0


def cmd_topic_estimate(args: argparse.Namespace, svc: Services) -> int:
    """``topic estimate``: the badge's figure with the popover's breakdown — parts, total,
    input budget, watermarks, history window, anchor used or not, cache block (TOK-1..6)."""
    est = svc.estimates.estimate(args.topic_id, args.draft)

    def human() -> None:
        a, h = est.anchor, est.history
        print(f"next request: {est.total:,} tokens of {est.input_budget:,} input budget "
              f"({est.ratio:.0%}; window {est.context_window:,}, {est.encoding})")
        if not est.window_known:
            print(f"note: this model is not in the catalog; the window {est.context_window:,} is the provider's "
                  "fallback — set the real one with `chathub-desktop model set MODEL --context-window N`")
        if est.threshold_trigger is not None:
            print(f"threshold compaction: above {est.threshold_trigger:,} estimated tokens "
                  f"(this request: about {est.threshold_estimate or 0:,}, at one token per three characters)")
        else:
            print(f"watermarks: high {est.high_watermark:.0%}, low {est.low_watermark:.0%}")
        print(f"parts, counted locally ({est.local_total:,} in all; the figure above applies the "
              f"correction x{est.correction:.2f} from {est.correction_samples} replies and the provider's report):")
        for name, tokens in est.parts.items():
            print(f"  {name}: {tokens:,}")
        if a.used:
            print(f"anchor: {a.mode} on message {a.message_id} (reported {a.reported_input:,}) "
                  f"+ {a.tail_tokens:,} counted since")
        else:
            print(f"anchor: not used ({a.mode}{': ' + a.reason if a.reason else ''})")
        limit = "off" if h.configured_limit is None else str(h.configured_limit)
        if h.expanded_to is not None:
            limit += f", expanded to {h.expanded_to}"
        print(f"history: {h.included} of {h.topic_messages} included, {h.dropped_by_limit} dropped by limit, "
              f"{h.dropped_by_cursor} covered by summary; limit {limit}; whole topic ~{h.topic_tokens:,} tokens")
        print(f"last compaction: {h.last_compaction or 'never'}")
        if h.warning:
            print("warning: older turns are dropped and there is no usable summary")
        print(f"cache: {est.cache.line}" + (f" (from {est.cache.model})" if est.cache.model else ""))

    _emit(args, est.to_json(), human)
    return 0


def cmd_topic_compact(args: argparse.Namespace, svc: Services) -> int:
    """``topic compact``: run Compact now; prints the outcome with before/after estimates.
    Exit code 0 for compacted / nothing eligible / could not reach the target, 1 for failed."""
    assert svc.compaction is not None
    import asyncio

    out = asyncio.run(svc.compaction.compact(args.topic_id))

    def human() -> None:
        before = f"{out.before_tokens:,}" if out.before_tokens is not None else "?"
        after = f"{out.after_tokens:,}" if out.after_tokens is not None else "?"
        budget = f"{out.input_budget:,}" if out.input_budget is not None else "?"
        print(out.message if out.message.lower().startswith(out.status_text.lower()) else
              f"{out.status_text}: {out.message}")
        print(f"next request, counted locally: {before} → {after} tokens of {budget} input budget "
              f"(high {out.high:.2f}, low {out.low:.2f})")
        if out.cursor_message_id is not None:
            print(f"summary covers messages through id {out.cursor_message_id}")

    _emit(args, out.to_json(), human)
    return 1 if out.status == "failed" else 0


def cmd_topic_summary(args: argparse.Namespace, svc: Services) -> int:
    """``topic summary``: the rolling summary, the model that wrote it, its cursor and
    the debug log (CMP-17, CMP-18)."""
    assert svc.compaction is not None
    view = svc.compaction.summary(args.topic_id)

    def human() -> None:
        if not view.text:
            print(f"topic {args.topic_id} has no summary yet")
        else:
            when = view.updated_at.strftime("%Y-%m-%d %H:%M:%SZ") if view.updated_at else "?"
            print(f"# summary of topic {args.topic_id} by {view.model or '?'} "
                  f"(through message {view.cursor_message_id}, {when})")
            print(view.text)
        if view.debug_log:
            print("\n# debug log")
            for e in view.debug_log:
                print(f"{e.get('at')}  {e.get('trigger')}  {e.get('result')}  "
                      f"high {e.get('high')} low {e.get('low')}  "
                      f"{e.get('before_tokens')} → {e.get('after_tokens')} tokens  "
                      f"through {e.get('compacted_through')}")

    _emit(args, view.to_json(), human)
    return 0


def cmd_import_chatgpt(args: argparse.Namespace, svc: Services) -> int:
    """``import chatgpt``: one transaction; prints topics and messages imported."""
    from chathub_desktop.services.chatgpt_import import ImportFailed, import_chatgpt_export

    assistant = svc.assistants.get(args.assistant)
    import threading

    cancel = threading.Event()
    try:
        result = import_chatgpt_export(svc.db, assistant.id, args.path, cancel=cancel)
    except ImportFailed as exc:
        raise CommandError(str(exc)) from None
    except KeyboardInterrupt:
        raise CommandError("import cancelled; nothing was written") from None
    data = {
        "topics_imported": result.topics_created,
        "topics_skipped": result.topics_skipped,
        "topics_updated": result.topics_updated,
        "messages_imported": result.messages_imported,
    }
    _emit(args, data, lambda: print(
        f"imported {result.topics_created} topic{'s' if result.topics_created != 1 else ''} and "
        f"{result.messages_imported} message{'s' if result.messages_imported != 1 else ''}"
        + (f"; {result.topics_updated} earlier imports got their new messages" if result.topics_updated else "")
        + (f" ({result.topics_skipped} already imported, skipped)" if result.topics_skipped else "")
    ))
    return 0


def cmd_chat_send(args: argparse.Namespace, svc: Services) -> int:
    """``chat send``: same path as the window; the reply streams to stdout."""
    import asyncio
    import contextlib

    from chathub_desktop.services.events import ReplyDelta

    streaming = not getattr(args, "json", False)

    def on_event(ev: ChatEvent) -> None:
        if streaming and isinstance(ev, ReplyDelta) and ev.topic_id == args.topic:
            sys.stdout.write(ev.text)
            sys.stdout.flush()

    svc.bus.subscribe(on_event)

    async def run() -> int:
        task = svc.chat.start_send(args.topic, args.text)
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
        if out.status == "error":
            print(f"{PROG}: error: {out.error}", file=sys.stderr)
            return 1
        if out.notice:
            print(f"{PROG}: note: {out.notice}", file=sys.stderr)
        return 0

    try:
        return asyncio.run(run())
    except KeyboardInterrupt:
        return 130


def cmd_memory_list(args: argparse.Namespace, svc: Services) -> int:
    """``memory list``: entries with origin and trust (MEM-7)."""
    rows = svc.memory.entry_views(args.assistant)

    _emit_rows(args, [vars(e) for e in rows], rows, "no fixed memory yet", lambda e: f"#{e.number}: {e.text}  ({e.origin or 'unrecorded'}){'' if e.trusted else '  [untrusted]'}")
    return 0


def cmd_memory_add(args: argparse.Namespace, svc: Services) -> int:
    """``memory add``: an owner entry."""
    view = svc.memory.add(args.assistant, args.text)
    _emit(args, vars(view), lambda: print(f"added #{view.number}: {view.text}"))
    return 0


def cmd_memory_delete(args: argparse.Namespace, svc: Services) -> int:
    """``memory delete``."""
    svc.memory.delete(args.assistant, args.number)
    _emit(args, {"deleted": args.number}, lambda: print(f"deleted #{args.number}; the rest renumbered"))
    return 0


def cmd_memory_edit(args: argparse.Namespace, svc: Services) -> int:
    """``memory edit``: an owner edit of one entry; ``--if-version`` guards it (issue 10)."""
    view = svc.memory.edit(args.assistant, args.number, args.text, version=args.if_version)
    _emit(args, vars(view), lambda: print(f"saved #{view.number}: {view.text}"))
    return 0


def cmd_memory_save(args: argparse.Namespace, svc: Services) -> int:
    """``memory save``: the whole fixed-memory document from a file, as the raw editor
    saves it (MEM-3); with ``--if-version`` refused when memory changed since (issue 10)."""
    try:
        text = args.path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else "it is not UTF-8 text"
        raise CommandError(f"cannot read {args.path}: {reason}") from None
    doc = svc.memory.save_raw(args.assistant, text, version=args.if_version)
    from chathub_desktop.core.document_version import document_version
    from chathub_desktop.core.fixed_memory import entries

    n = len(entries(doc))
    data = {"entries": n, "version": document_version(doc)}
    _emit(args, data, lambda: print(f"saved {n} entr{'y' if n == 1 else 'ies'}; version {data['version']}"))
    return 0


def cmd_memory_version(args: argparse.Namespace, svc: Services) -> int:
    """``memory version``: the tokens ``--if-version`` compares (issue 10)."""
    data = {"fixed": svc.memory.version(args.assistant), "dynamic": svc.dreams.snapshot(args.assistant).version}
    _emit(args, data, lambda: print(f"fixed {data['fixed']}\ndynamic {data['dynamic']}"))
    return 0


def cmd_memory_export(args: argparse.Namespace, svc: Services) -> int:
    """``memory export``: the fixed document exactly as stored, or a whole memory file
    (``--format json|markdown``, APP-5); ``--output`` writes it to a file."""
    if args.format == "fixed":
        text = svc.memory.export_markdown(args.assistant)
    else:
        text = svc.memory_files.export(args.assistant, args.format)
    if args.output is None:
        if getattr(args, "json", False) and args.format != "json":
            print(json.dumps({"format": args.format, "text": text}, ensure_ascii=False, indent=2))
        else:
            sys.stdout.write(text)
        return 0
    try:
        args.output.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise CommandError(f"cannot write {args.output}: {exc.strerror or exc}") from None
    _emit(args, {"written": str(args.output), "characters": len(text)},
          lambda: print(f"wrote {args.output} ({len(text):,} characters)"))
    return 0


def cmd_memory_import(args: argparse.Namespace, svc: Services) -> int:
    """``memory import``: check the whole file, print what will change, then import it in
    one transaction (``--dry-run``: only check and print). A bad file changes nothing
    (APP-5, issue 10)."""
    from chathub_desktop.services.memory_transfer import ImportConflict

    json_out = getattr(args, "json", False)
    preview = svc.memory_files.preview_import(args.assistant, args.path)
    if not json_out:
        for line in preview.lines():
            print(line)
    if args.dry_run:
        _emit(args, {**preview.to_json(), "imported": False},
              lambda: print("dry run: nothing was changed"))
        return 0
    for attempt in range(3):  # no one confirmed this preview: re-check when memory moved meanwhile
        try:
            out = svc.memory_files.apply_import(preview)
            break
        except ImportConflict:
            if attempt == 2:
                raise
            preview = svc.memory_files.preview_import(args.assistant, args.path)
    parts = []
    if out.fixed_entries is not None:
        parts.append(f"{out.fixed_entries} fixed memory entr{'y' if out.fixed_entries == 1 else 'ies'}")
    if out.dynamic_cards is not None:
        parts.append(f"{out.dynamic_cards} dynamic memory card{'' if out.dynamic_cards == 1 else 's'}")
    _emit(args, {**vars(out), **preview.to_json(), "imported": True},
          lambda: print(f"imported {' and '.join(parts)} into {args.assistant}"))
    return 0


def _outcome_json(o: Any) -> dict[str, object]:
    return {"assistant_id": o.assistant_id, "history_day": o.history_day.isoformat(), "status": o.status,
            "message": o.message, "card_number": o.card_number, "fold": o.fold}


def cmd_dream_run_due(args: argparse.Namespace, svc: Services) -> int:
    """``dream run-due``: every due scheduled run, each at most once (DRM-6, APP-4).
    Exit code 1 when one failed (it is retried at the next cycle), 130 for Ctrl+C."""
    if svc.dreams.paused() and not args.even_if_paused:
        _emit(args, [], lambda: print("dreams are paused (`chathub-desktop dream resume`, or --even-if-paused)"))
        return 0
    outcomes = _until_interrupted(svc.dreams.run_due(even_if_paused=args.even_if_paused))
    if outcomes is None:
        return 130
    names = {a.id: a.name for a in svc.assistants.list()}
    _emit_rows(args, [_outcome_json(o) for o in outcomes], outcomes, "no dream is due",
               lambda o: f"{names.get(o.assistant_id, o.assistant_id)}, {o.history_day}: {o.status}: {o.message}")
    return 1 if any(o.status == "failed" for o in outcomes) else 0


def _until_interrupted(coro: Any) -> Any:
    """Run ``coro``; Ctrl+C cancels it (the service records a stopped run) and returns
    None after printing ``[stopped]``."""
    import asyncio

    try:
        return asyncio.run(coro)
    except KeyboardInterrupt:
        print("\n[stopped]", file=sys.stderr)
        return None


def cmd_dream_pause(args: argparse.Namespace, svc: Services) -> int:
    """``dream pause`` / ``dream resume`` (APP-4)."""
    svc.dreams.set_paused(args.paused)
    _emit(args, {"paused": args.paused},
          lambda: print("scheduled dreams are paused" if args.paused else "scheduled dreams run again"))
    return 0


def cmd_dream_run(args: argparse.Namespace, svc: Services) -> int:
    """``dream run``: dream over one history day now (not a scheduled run)."""
    from datetime import UTC, datetime, timedelta

    day = args.day or (datetime.now(UTC).date() - timedelta(days=1))
    out = _until_interrupted(svc.dreams.run_day(args.assistant, day))
    if out is None:
        return 130
    _emit(args, _outcome_json(out), lambda: print(f"{out.status}: {out.message}"))
    return 1 if out.status == "failed" else 0


def cmd_dream_schedule(args: argparse.Namespace, svc: Services) -> int:
    """``dream schedule``: show, or set frequency/time/weekday and Keep N (DRM-2, DRM-7)."""
    view = svc.dreams.settings(args.assistant)
    if args.time is not None and not args.time.strip():
        raise CommandError("--time cannot be empty; give HH:MM in UTC")
    freq = args.frequency or view.schedule.frequency
    notes = []
    if args.weekday is not None and freq != "weekly":
        notes.append("note: --weekday only matters for --frequency weekly")
    if (args.time or args.weekday is not None) and freq == "off":
        notes.append("note: the schedule is off; add --frequency daily or weekly to dream")
    for line in notes:
        print(line, file=sys.stderr)
    if args.frequency or args.time or args.weekday is not None:
        sch = view.schedule
        view = svc.dreams.set_schedule(args.assistant, args.frequency or sch.frequency, args.time or sch.time_utc,
                                       sch.weekday if args.weekday is None else args.weekday)
    if args.keep is not None:
        view = svc.dreams.set_keep(args.assistant, args.keep)
    last = view.last_run
    data = {"frequency": view.schedule.frequency, "time_utc": view.schedule.time_utc,
            "weekday": view.schedule.weekday, "keep": view.keep,
            "next_at": view.next_at.isoformat() if view.next_at else None,
            "due_day": view.due_day.isoformat() if view.due_day else None,
            "last_run": None if last is None else {
                "history_day": last.history_day.isoformat(), "status": last.status,
                "started_at": last.started_at.isoformat(), "error": last.error,
                "heartbeat_at": last.heartbeat_at.isoformat() if last.heartbeat_at else None,
                "stalled": last.stalled,
                "prior_stopped_at": last.prior_stopped_at.isoformat() if last.prior_stopped_at else None,
                "note": last.note}}

    def human() -> None:
        print(f"schedule: {view.schedule.describe()}; keep {view.keep} single-day cards")
        if view.next_at:
            print(f"next dream: {view.next_at:%Y-%m-%d %H:%M} UTC")
        if last is not None:
            hint = f" ({last.error})" if last.error else ""
            status = "stopped without finishing" if last.stalled else last.status
            print(f"last scheduled run: {last.started_at:%Y-%m-%d %H:%M} UTC for {last.history_day}: {status}{hint}"
                  + (f"; {last.note}" if last.note else ""))
            if last.status == "failed" and last.next_retry_at is not None and view.due_day is None:
                print(f"retry: from {last.next_retry_at:%Y-%m-%d %H:%M} UTC")
        if view.due_day is not None:
            print(f"due now: the dream for {view.due_day} runs at the next check (the open app, or "
                  "`chathub-desktop dream run-due`)")
        if view.schedule.enabled and view.next_at is None:
            print("memory is off for this assistant, so its dreams do not run")

    _emit(args, data, human)
    return 0


def _print_cards(args: argparse.Namespace, cards: Sequence[Any]) -> None:
    _emit_rows(args, [vars(c) for c in cards], cards, "no dynamic memory yet",
               lambda c: f"#{c.number} [{c.display_tag}]:\n{c.text}\n")


def cmd_dream_cards(args: argparse.Namespace, svc: Services) -> int:
    """``dream cards``: the visible text of every card (DRM-8)."""
    _print_cards(args, svc.dreams.cards(args.assistant))
    return 0


def cmd_dream_edit(args: argparse.Namespace, svc: Services) -> int:
    """``dream edit``."""
    _print_cards(args, svc.dreams.edit_card(args.assistant, args.number, args.text, version=args.if_version))
    return 0


def cmd_dream_delete(args: argparse.Namespace, svc: Services) -> int:
    """``dream delete``."""
    _print_cards(args, svc.dreams.delete_card(args.assistant, args.number, version=args.if_version))
    return 0


def cmd_dream_regenerate(args: argparse.Namespace, svc: Services) -> int:
    """``dream regenerate``: re-run one single-day card's day (DRM-8)."""
    out = _until_interrupted(svc.dreams.regenerate(args.assistant, args.number))
    if out is None:
        return 130
    _emit(args, _outcome_json(out), lambda: print(f"{out.status}: {out.message}"))
    return 1 if out.status == "failed" else 0


def cmd_dream_clear(args: argparse.Namespace, svc: Services) -> int:
    """``dream clear``."""
    _print_cards(args, svc.dreams.clear(args.assistant, version=args.if_version))
    return 0


def cmd_dream_restore(args: argparse.Namespace, svc: Services) -> int:
    """``dream restore``: the previous version back (DRM-15)."""
    _print_cards(args, svc.dreams.restore(args.assistant))
    return 0


def cmd_model_set(args: argparse.Namespace, svc: Services) -> int:
    """``model set``."""
    view = svc.models.set(args.model, args.context_window, provider=args.provider,
                          max_output=args.max_output, reasoning=args.reasoning)
    _emit(args, view.to_json(), lambda: print(
        f"{view.model}: context window {view.context_window:,} tokens"
        + (f", max output {view.max_output:,}" if view.max_output else "")
        + (f" (provider {view.provider})" if view.provider else " (every provider)")))
    return 0


def cmd_model_list(args: argparse.Namespace, svc: Services) -> int:
    """``model list``."""
    rows = svc.models.list()

    def line(c: Any) -> str:
        out = f"max output {c.max_output:,}" if c.max_output else "max output from the catalog"
        return f"{c.model}: window {c.context_window:,}, {out} ({'on ' + c.provider if c.provider else 'every provider'})"

    _emit_rows(args, [c.to_json() for c in rows], rows, "no model cards of your own; the bundled catalog applies", line)
    return 0


def cmd_model_delete(args: argparse.Namespace, svc: Services) -> int:
    """``model delete``."""
    svc.models.delete(args.model, provider=args.provider)
    _emit(args, {"deleted": args.model}, lambda: print(f"deleted the card of {args.model}"))
    return 0


def cmd_model_import(args: argparse.Namespace, svc: Services) -> int:
    """``model import``: one transaction; a bad entry writes nothing."""
    n = svc.models.import_catalog(args.path, provider=args.provider)
    _emit(args, {"imported": n}, lambda: print(f"imported {n} model card{'s' if n != 1 else ''}"))
    return 0


def cmd_settings_set(args: argparse.Namespace, svc: Services) -> int:
    """``settings set KEY VALUE``."""
    svc.settings.set(args.key, args.value)
    _emit(args, {args.key: args.value}, lambda: print(f"{args.key} = {args.value}"))
    return 0


def cmd_settings_list(args: argparse.Namespace, svc: Services) -> int:
    """``settings list``."""
    data = svc.settings.all()
    def shown(v: object) -> str:
        return "on" if v is True else "off" if v is False else "(not set)" if v is None else str(v)

    _emit(args, data, lambda: [print(f"{k} = {shown(v)}") for k, v in data.items()])
    return 0


def _fail(args: argparse.Namespace, exc: BaseException | str) -> int:
    """The one-line reason on stderr (and ``{"error": reason}`` on stdout with
    ``--json``, for scripts); exit code 1."""
    print(f"{PROG}: error: {exc}", file=sys.stderr)
    if getattr(args, "json", False):
        print(json.dumps({"error": str(exc)}, ensure_ascii=False))
    return 1


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``chathub-desktop`` script. Returns the exit code."""
    if argv is None:
        argv = sys.argv[1:]
    if not argv:  # the window, without building every command's parser first
        return cmd_gui(argparse.Namespace(), None)
    parser = build_parser()
    args = parser.parse_args(argv)
    func = getattr(args, "func", None)
    if func is None or func is cmd_gui:
        return cmd_gui(args, None)
    from chathub_desktop.services.container import open_services
    from chathub_desktop.services.events import EventBus
    from chathub_desktop.storage.database import DatabaseError

    bus = EventBus()
    bus.subscribe(_waiting_notice)  # before start-up's own writes, which may wait too
    try:
        svc = open_services(getattr(args, "database_url", None), getattr(args, "data_dir", None), bus=bus)
    except (DatabaseError, ValueError, OSError) as exc:
        return _fail(args, exc)
    except Exception as exc:  # e.g. "database is locked" while starting up
        busy = store_busy_message(exc)
        if busy is None:
            raise
        return _fail(args, busy)
    try:
        return int(func(args, svc))
    except (ServiceError, CommandError) as exc:
        return _fail(args, exc)
    except BrokenPipeError:  # e.g. `topic list | head -1`: stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except Exception as exc:  # the store stayed busy (StoreBusy, "database is locked")
        busy = store_busy_message(exc)
        if busy is None:
            raise
        return _fail(args, busy)
    finally:
        svc.close()


def _waiting_notice(event: object) -> None:
    """One stderr line each time this command starts waiting for another process's
    write (issue 10), so a wait never looks like a hang."""
    from chathub_desktop.services.events import StoreWaiting

    if isinstance(event, StoreWaiting) and event.waiting:
        print(f"{PROG}: waiting for the store — another ChatHub process is writing…", file=sys.stderr,
              flush=True)


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
