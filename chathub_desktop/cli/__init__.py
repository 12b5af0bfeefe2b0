"""Headless commands over the same services the window uses (issue #2 "Headless commands").

``chathub-desktop`` with no command opens the window. Every command takes
``--data-dir`` / ``--database-url``, prints human text (``--json`` for JSON) and exits
non-zero with a one-line reason on bad input: 1 for a refused operation, 2 for usage.
A command that has to wait for another ChatHub process's write says so on stderr; a
store that stays busy ends it with one line and exit code 1, never a traceback (issue 10).
Ctrl+C ends any command with "Interrupted" and exit code 130; what it was writing is
rolled back (every write is one transaction). An unexpected failure — a bug — prints
one line naming the log file that holds its traceback (issue 12).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from chathub_desktop import __version__
from chathub_desktop.cli.common import PROG, CommandError, common_options
from chathub_desktop.services.errors import ServiceError, store_busy_message

if TYPE_CHECKING:  # the window path loads none of this before it shows
    from chathub_desktop.services.container import Services

__all__ = ["PROG", "CommandError", "build_parser", "cmd_gui", "main"]

NEW_INSTANCE = ("open another window even when one is open on this data dir (by default a second "
                "launch brings the open window to the front and exits)")


#: The command groups in ``--help`` order: name, help line, and the modules and functions
#: (``module:function``) that add their commands.
_GROUPS: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("provider", "LLM providers and their API keys", ("providers:add_provider_commands",)),
    ("assistant", "assistants and their settings", ("chat:add_assistant_commands",)),
    ("topic", "topics (conversations)", ("topics:add_topic_commands",)),
    ("import", "import chat history", ("chat:add_import_commands",)),
    ("chat", "send messages", ("chat:add_chat_commands",)),
    ("memory", "an assistant's fixed memory", ("memory:add_memory_commands",)),
    ("mcp", "MCP servers: tools the assistants may use", ("mcp:add_mcp_commands",)),
    ("dream", "the memory dream and an assistant's dynamic memory cards",
     ("dream:add_dream_commands", "dream_review:add_review_commands")),
    ("model", "your own model cards: context window and max output (beat the bundled catalog)",
     ("providers:add_model_commands",)),
    ("settings", "application settings (System Agent models)", ("chat:add_settings_commands",)),
    ("db", "whole stores: copy one into a new database (SQLite ↔ PostgreSQL)", ("db:add_db_commands",)),
)
#: Where the top-level ``search`` and ``recall`` commands sit among the groups in ``--help``.
_SEARCH_BEFORE = "settings"


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The argument parser (also used by ``--help``). With ``only`` (a group name such as
    ``"topic"``) the other groups are placeholders that take any arguments: a command
    line of that group parses exactly as with the full parser, without importing and
    building every other group's commands (issue 28: each CLI process start). ``None``
    builds them all."""
    import importlib

    from chathub_desktop.cli import recall, search

    common = common_options()
    parser = argparse.ArgumentParser(
        prog=PROG, parents=[common],
        description="ChatHub Desktop: chat with your own API keys; assistant memory and compaction. "
                    "Run without a command to open the window.",
    )
    parser.add_argument("--version", action="version", version=f"{PROG} {__version__}")
    parser.add_argument("--new-instance", action="store_true", default=argparse.SUPPRESS, help=NEW_INSTANCE)
    sub = parser.add_subparsers(dest="group", metavar="COMMAND")

    gui = sub.add_parser("gui", help="open the window (the default)", parents=[common])
    gui.add_argument("--new-instance", action="store_true", default=argparse.SUPPRESS, help=NEW_INSTANCE)
    gui.add_argument("--smoke", action="store_true",
                     help="open the window, check that it paints and that the store and the "
                          "tokenizer work, print one line and quit (for installers and packagers)")
    gui.set_defaults(func=cmd_gui)

    for name, help_, adders in _GROUPS:
        if name == _SEARCH_BEFORE:
            search.add_search_command(sub, common)
            recall.add_recall_command(sub, common)
        g = sub.add_parser(name, help=help_, parents=[common])
        if only is not None and name != only:
            g.add_argument("_rest", nargs=argparse.REMAINDER, help=argparse.SUPPRESS)
            continue
        actions = g.add_subparsers(dest="action", metavar="ACTION", required=True)
        for adder in adders:
            module, function = adder.split(":")
            getattr(importlib.import_module(f"chathub_desktop.cli.{module}"), function)(actions, common)
    return parser


def _parse(argv: list[str]) -> argparse.Namespace:
    """``argv`` parsed by a parser that builds only the group the first group name in it
    names; when argparse reads that word otherwise (an option's value, say) and lands
    in another group, the full parser parses it again."""
    names = {name for name, _, _ in _GROUPS}
    guess = next((a for a in argv if a in names), None)
    if guess is None:
        return build_parser().parse_args(argv)
    args = build_parser(guess).parse_args(argv)
    if getattr(args, "group", None) in names - {guess}:
        return build_parser().parse_args(argv)
    return args


def _no_display() -> str | None:
    """Why no window can open here (Linux/BSD without X11 or Wayland), else None."""
    if not sys.platform.startswith(("linux", "freebsd", "openbsd")):
        return None
    if os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY") or os.environ.get("QT_QPA_PLATFORM"):
        return None
    return ("no display found to open the window on (DISPLAY and WAYLAND_DISPLAY are unset); "
            "run it in a desktop session, use a headless command (see --help), or set "
            "QT_QPA_PLATFORM=offscreen")


def cmd_gui(args: argparse.Namespace, _svc: Services | None) -> int:
    """Open the main window (blocks until it closes). Exit code 1 with a one-line reason
    when there is no display to open it on. The cyclic garbage collector waits from here
    until the window painted (:mod:`chathub_desktop.startup_gc`, issue 29)."""
    reason = _no_display()
    if reason is not None:
        print(f"{PROG}: error: {reason}", file=sys.stderr)
        return 1
    from chathub_desktop import startup_gc

    startup_gc.pause()  # before PySide6 and the window's modules load
    try:
        from chathub_desktop.app_bootstrap import run_gui

        return run_gui(data_dir=getattr(args, "data_dir", None), database_url=getattr(args, "database_url", None),
                       smoke=bool(getattr(args, "smoke", False)),
                       new_instance=bool(getattr(args, "new_instance", False)), argv=list(sys.argv[1:]))
    finally:
        startup_gc.resume()  # a way out before the paint (another instance's window, a failure)


def _fail(args: argparse.Namespace, exc: BaseException | str) -> int:
    """The one-line reason on stderr (and ``{"error": reason}`` on stdout with
    ``--json``, for scripts); exit code 1."""
    print(f"{PROG}: error: {exc}", file=sys.stderr)
    if getattr(args, "json", False):
        print(json.dumps({"error": str(exc)}, ensure_ascii=False))
    return 1


#: Exit code after Ctrl+C (128 + SIGINT, as shells report it).
INTERRUPTED = 130


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``chathub-desktop`` script. Returns the exit code: 0, 1 for a
    refused operation (one line on stderr), 2 for usage, 130 after Ctrl+C."""
    if argv is None:
        argv = sys.argv[1:]
    if not argv:  # the window, without building every command's parser first
        return cmd_gui(argparse.Namespace(), None)
    if any("\x00" in a for a in argv):
        print(f"{PROG}: error: an argument contains a NUL character", file=sys.stderr)
        return 2
    try:
        return _run(list(argv))
    except KeyboardInterrupt:
        print(f"\n{PROG}: Interrupted", file=sys.stderr)
        return INTERRUPTED


def _run(argv: list[str]) -> int:
    args = _parse(argv)
    from chathub_desktop.logging_setup import configure_logging

    log_file = configure_logging(getattr(args, "data_dir", None), verbose=getattr(args, "verbose", False))
    func = getattr(args, "func", None)
    if func is None or func is cmd_gui:
        return cmd_gui(args, None)
    if getattr(args, "no_store", False):  # names its own stores (db copy)
        try:
            return int(func(args, None))
        except (ServiceError, CommandError) as exc:
            return _fail(args, exc)
    from chathub_desktop.services.container import open_services
    from chathub_desktop.services.events import EventBus
    from chathub_desktop.storage.database import DatabaseError

    bus = EventBus()
    bus.subscribe(_waiting_notice)  # before start-up's own writes, which may wait too
    bus.subscribe(_redaction_notice)
    bus.subscribe(_tool_server_notice)
    created = _new_sqlite_file(getattr(args, "database_url", None))
    try:
        svc = open_services(getattr(args, "database_url", None), getattr(args, "data_dir", None), bus=bus)
    except (DatabaseError, ValueError, OSError) as exc:
        return _fail(args, exc)
    except Exception as exc:  # e.g. "database is locked" while starting up
        return _unexpected(args, exc, log_file)
    if created is not None:  # a mistyped path must not look like lost data
        print(f"{PROG}: {created} did not exist; a new, empty store was created there", file=sys.stderr)
    try:
        return int(func(args, svc))
    except (ServiceError, CommandError) as exc:
        return _fail(args, exc)
    except BrokenPipeError:  # e.g. `topic list | head -1`: stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except UnicodeEncodeError:  # a lone surrogate (e.g. undecodable bytes in an argument) reached the store
        return _fail(args, "a text contains characters that are not valid Unicode (a lone surrogate, e.g. from "
                           "undecodable bytes in an argument); nothing of it was written")
    except Exception as exc:  # the store stayed busy (StoreBusy, "database is locked"), or a bug
        return _unexpected(args, exc, log_file)
    finally:
        svc.close()


def _new_sqlite_file(url: str | None) -> Path | None:
    """The file an explicit ``--database-url`` names when it is an SQLite file that does
    not exist yet (opening it creates an empty store), else None."""
    if not url:
        return None
    from chathub_desktop.storage.urls import new_sqlite_file

    return new_sqlite_file(url)  # an unparseable URL: open_database says why


def _unexpected(args: argparse.Namespace, exc: Exception, log_file: object) -> int:
    """A busy store's one line, else a bug: its traceback goes to the log file and the
    user reads one line naming it (exit code 1)."""
    busy = store_busy_message(exc)
    if busy is not None:
        return _fail(args, busy)
    import logging

    logging.getLogger("chathub_desktop.cli").error("command failed", exc_info=exc)
    where = f"; the details are in {log_file}" if log_file else ""
    return _fail(args, f"internal error ({type(exc).__name__}: {str(exc)[:200]}){where}")


def _redaction_notice(event: object) -> None:
    """One stderr line when likely secrets were redacted before text was remembered
    (issue 19): ``Redacted from the memory entry: 1 openai-api-key (…)``."""
    from chathub_desktop.services.events import SecretsRedacted

    if isinstance(event, SecretsRedacted):
        print(event.notice, file=sys.stderr)


def _tool_server_notice(event: object) -> None:
    """One stderr line when a tool server did not start before a send (issue 25): the
    send goes on without its tools."""
    from chathub_desktop.services.events import ToolServerDown

    if isinstance(event, ToolServerDown):
        print(f"{PROG}: note: tool server {event.server} did not start; the reply goes on without its tools: "
              f"{event.reason.removeprefix(event.server + ': ')}", file=sys.stderr)


def _waiting_notice(event: object) -> None:
    """One stderr line each time this command starts waiting for another process's
    write (issue 10), so a wait never looks like a hang."""
    from chathub_desktop.services.events import StoreWaiting

    if isinstance(event, StoreWaiting) and event.waiting:
        print(f"{PROG}: waiting for the store — another ChatHub process is writing…", file=sys.stderr,
              flush=True)
