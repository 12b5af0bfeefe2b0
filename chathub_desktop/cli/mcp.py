"""``mcp`` commands: MCP servers whose tools the assistants may use (issue 25, APP-11).

``mcp add|list|test|login|logout|remove|import`` manage servers (``login``/``logout``: OAuth sign-in and out); ``mcp enable|disable`` switch a
server on for an assistant and ``mcp approval`` keeps a tool's Ask/Always/Never.
``chat send --approve-tools`` answers every Ask with "allow once" for scripts.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from chathub_desktop.cli.common import CommandError, emit, emit_rows, read_text_file
from chathub_desktop.core.mcp_config import (
    McpConfigError,
    McpServerConfig,
    McpTransport,
    ToolApproval,
)

if TYPE_CHECKING:
    from chathub_desktop.services.container import Services

__all__ = ["add_mcp_commands"]


def add_mcp_commands(
    mcp: argparse._SubParsersAction[argparse.ArgumentParser], common: argparse.ArgumentParser
) -> None:
    """The ``mcp`` group's actions."""
    p = mcp.add_parser("add", help="add a stdio (--command) or Streamable HTTP (--url) server", parents=[common])
    p.add_argument("name", help="letters, digits, '_', '.', '-' (prefixes its tools' names)")
    where = p.add_mutually_exclusive_group(required=True)
    where.add_argument("--command", help="program that runs the server (found on your login shell's PATH)")
    where.add_argument("--url", help="Streamable HTTP endpoint, http(s)://…")
    p.add_argument("--arg", action="append", default=[], metavar="ARG", help="one argument (repeatable)")
    p.add_argument("--env", action="append", default=[], metavar="NAME=VALUE",
                   help="an environment variable for the server (repeatable)")
    p.add_argument("--cwd", help="working folder of the server")
    p.add_argument("--header", action="append", default=[], metavar="NAME: VALUE",
                   help="an HTTP header (repeatable)")
    p.add_argument("--replace", action="store_true", help="overwrite a server of the same name")
    p.set_defaults(func=cmd_mcp_add)
    p = mcp.add_parser("list", help="servers and their tools", parents=[common])
    p.set_defaults(func=cmd_mcp_list)
    p = mcp.add_parser("test", help="start a server, list its tools, stop it", parents=[common])
    p.add_argument("name")
    p.set_defaults(func=cmd_mcp_test)
    p = mcp.add_parser("login", help="sign in to a Streamable HTTP server that asks for OAuth (opens the browser)",
                       parents=[common])
    p.add_argument("name")
    p.add_argument("--no-browser", action="store_true", help="only print the sign-in address")
    p.set_defaults(func=cmd_mcp_login)
    p = mcp.add_parser("logout", help="sign out of a server: delete its OAuth tokens from the keyring or key file",
                       parents=[common])
    p.add_argument("name")
    p.set_defaults(func=cmd_mcp_logout)
    p = mcp.add_parser("remove", help="remove a server", parents=[common])
    p.add_argument("name")
    p.set_defaults(func=cmd_mcp_remove)
    p = mcp.add_parser("import", help="add the mcpServers of a JSON file (e.g. claude_desktop_config.json); "
                                      "'-' reads a pasted block from stdin", parents=[common])
    p.add_argument("path", help="a file, or - for stdin")
    p.add_argument("--replace", action="store_true", help="overwrite servers of the same names")
    p.set_defaults(func=cmd_mcp_import)
    for action, on in (("enable", True), ("disable", False)):
        p = mcp.add_parser(action, help=f"{'offer' if on else 'stop offering'} a server's tools to an assistant",
                           parents=[common])
        p.add_argument("name")
        p.add_argument("--assistant", required=True)
        p.set_defaults(func=cmd_mcp_enable, enabled=on)
    p = mcp.add_parser("approval", help="ask (default), always run, or never offer one tool", parents=[common])
    p.add_argument("name")
    p.add_argument("tool")
    p.add_argument("approval", choices=[a.value for a in ToolApproval])
    p.add_argument("--assistant", required=True)
    p.set_defaults(func=cmd_mcp_approval)
    p = mcp.add_parser("tools", help="an assistant's server tools and their approvals", parents=[common])
    p.add_argument("--assistant", required=True)
    p.set_defaults(func=cmd_mcp_tools)


def _pairs(values: list[str], sep: str, what: str) -> dict[str, str]:
    out = {}
    for value in values:
        key, found, rest = value.partition(sep)
        if not found or not key.strip():
            raise CommandError(f"{what} {value[:60]!r} is not NAME{sep}VALUE")
        out[key.strip()] = rest.strip() if sep == ":" else rest
    return out


def cmd_mcp_add(args: argparse.Namespace, svc: Services) -> int:
    """``mcp add``: a checked configuration, stored (nothing stored when refused)."""
    try:
        if args.url:
            config = McpServerConfig.http(args.name, args.url, _pairs(args.header, ":", "header"))
        else:
            config = McpServerConfig.stdio(args.name, args.command, tuple(args.arg),
                                           _pairs(args.env, "=", "environment variable"), args.cwd)
    except McpConfigError as exc:
        raise CommandError(str(exc)) from None
    svc.mcp.add(config, replace=args.replace)
    emit(args, {"added": config.name}, lambda: print(f"added MCP server {config.name} "
                                                     f"(`mcp test {config.name}` starts it once)"))
    return 0


def cmd_mcp_list(args: argparse.Namespace, svc: Services) -> int:
    """``mcp list``: every server with where it runs and its last known tools."""
    servers = svc.mcp.servers()
    data = [{"name": s.config.name, "transport": s.config.transport.value,
             "command": s.config.command, "args": list(s.config.args), "url": s.config.url,
             "server": s.server_name, "version": s.server_version, "signed_in": s.config.signed_in,
             "tools": None if s.tools is None else [t.name for t in s.tools]} for s in servers]

    def line(row: dict[str, object]) -> str:
        where = row["url"] if row["transport"] == McpTransport.HTTP.value else " ".join(
            [str(row["command"]), *map(str, row["args"])])  # type: ignore[call-overload]
        tools = "not tested yet" if row["tools"] is None else f"{len(row['tools'])} tools"  # type: ignore[arg-type]
        return f"{row['name']}\t{row['transport']}\t{where}\t{tools}"

    emit_rows(args, data, data, "no MCP servers (add one with `mcp add` or `mcp import`)", line)
    return 0


def cmd_mcp_test(args: argparse.Namespace, svc: Services) -> int:
    """``mcp test``: the server's name, version and tools, or one line why it failed."""
    listed = asyncio.run(svc.mcp.test(args.name))
    data = {"name": listed.name, "version": listed.version,
            "tools": [{"name": t.name, "description": t.description} for t in listed.tools]}

    def human() -> None:
        print(f"{args.name}: {listed.name} {listed.version}, {len(listed.tools)} tools")
        for t in listed.tools:
            print(f"  {t.name}\t{t.description.splitlines()[0] if t.description else ''}")

    emit(args, data, human)
    return 0


def cmd_mcp_login(args: argparse.Namespace, svc: Services) -> int:
    """``mcp login``: OAuth sign-in (issue 25). The authorization address is printed on
    stderr (and opened in the browser unless ``--no-browser``); the tokens go to the
    keyring or the key file, never the store. Prints what ``mcp test`` prints."""

    async def open_url(url: str) -> None:
        print(f"Sign in to {args.name} at: {url}", file=sys.stderr, flush=True)
        if not args.no_browser:
            from chathub_desktop.services.tools.mcp_oauth import open_in_browser

            await open_in_browser(url)

    listed = asyncio.run(svc.mcp.sign_in(args.name, open_url))
    emit(args, {"name": listed.name, "version": listed.version, "signed_in": args.name,
                "tools": [{"name": t.name, "description": t.description} for t in listed.tools]},
         lambda: print(f"{args.name}: signed in; {listed.name} {listed.version}, {len(listed.tools)} tools"))
    return 0


def cmd_mcp_logout(args: argparse.Namespace, svc: Services) -> int:
    """``mcp logout``: the server's OAuth tokens deleted (issue 25), one line saying where from."""
    note = svc.mcp.sign_out(args.name).english()
    emit(args, {"signed_out": args.name, "note": note}, lambda: print(note))
    return 0


def cmd_mcp_remove(args: argparse.Namespace, svc: Services) -> int:
    """``mcp remove``."""
    svc.mcp.remove(args.name)
    emit(args, {"removed": args.name}, lambda: print(f"removed MCP server {args.name}"))
    return 0


def cmd_mcp_import(args: argparse.Namespace, svc: Services) -> int:
    """``mcp import``: all servers of the file (or stdin) or none, with one line why."""
    if args.path == "-":
        from chathub_desktop.core.mcp_config import MAX_CONFIG_CHARS

        try:
            text = sys.stdin.read(MAX_CONFIG_CHARS + 1)
        except (OSError, UnicodeDecodeError) as exc:
            raise CommandError(f"cannot read the config from stdin: {exc}") from None
    else:
        text = read_text_file(Path(args.path), "the MCP config")
    names = svc.mcp.import_text(text, replace=args.replace)
    emit(args, {"added": names}, lambda: print(f"added {len(names)} MCP servers: {', '.join(names)}"))
    return 0


def cmd_mcp_enable(args: argparse.Namespace, svc: Services) -> int:
    """``mcp enable`` / ``mcp disable`` for one assistant."""
    svc.mcp.set_server_enabled(args.assistant, args.name, args.enabled)
    state = "on" if args.enabled else "off"
    emit(args, {"server": args.name, "assistant": args.assistant, "enabled": args.enabled},
         lambda: print(f"{args.name}'s tools are {state} for {args.assistant}"))
    return 0


def cmd_mcp_approval(args: argparse.Namespace, svc: Services) -> int:
    """``mcp approval``: keep ask/always/never for one tool of one assistant."""
    svc.mcp.set_approval(args.assistant, args.name, args.tool, ToolApproval(args.approval))
    emit(args, {"server": args.name, "tool": args.tool, "approval": args.approval},
         lambda: print(f"{args.name}/{args.tool}: {args.approval} for {args.assistant}"))
    return 0


def cmd_mcp_tools(args: argparse.Namespace, svc: Services) -> int:
    """``mcp tools``: the assistant's server tools (the memory tools are not listed: MEM-4)."""
    views = svc.mcp.assistant_tools(args.assistant)
    data = [{"server": v.server, "tool": v.tool, "enabled": v.server_enabled, "approval": v.approval.value}
            for v in views]
    emit_rows(args, data, data, "no server tools known (add a server and run `mcp test`)",
              lambda r: f"{r['server']}\t{r['tool']}\t{'on' if r['enabled'] else 'off'}\t{r['approval']}")
    return 0
