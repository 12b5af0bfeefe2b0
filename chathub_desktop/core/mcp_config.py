"""MCP server configurations and the ``mcpServers`` JSON users paste or import (issue 25,
APP-11).

Pure: no I/O. A configuration is a stdio server (command, arguments, environment,
working folder) or a Streamable HTTP server (URL, headers). :func:`parse_mcp_servers`
reads the ``mcpServers`` object of a Claude Desktop config file, a pasted ``{"mcpServers":
{...}}`` block or the bare ``{name: {...}}`` map inside it, with bounds on every size
(APP-5); input past a bound or of the wrong shape raises :class:`McpConfigError` whose
text is one line saying why, and nothing is returned.

Tool names on the wire are ``<server>__<tool>`` (:func:`wire_tool_name`): unique per
request, inside the 64-character ``[A-Za-z0-9_-]`` alphabet the vendors accept, and
never one of the memory tools' names (MEM-4), so a result is always seen as external
output by MEM-7.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum

from chathub_desktop.core.json_bounds import JsonBoundsError, JsonLimits, check_json_text
from chathub_desktop.core.reasons import QT_TRANSLATE_NOOP, Reason, ReasonError

__all__ = [
    "MAX_CONFIG_CHARS",
    "ApprovalDecision",
    "ApprovalRequest",
    "MAX_SERVERS",
    "McpConfigError",
    "McpServerConfig",
    "McpTool",
    "McpTransport",
    "StoredMcpServer",
    "ToolApproval",
    "check_server_name",
    "config_from_form",
    "form_lines",
    "parse_mcp_servers",
    "wire_tool_name",
]

MAX_CONFIG_CHARS = 1_000_000
"""Longest pasted or imported config text (characters); a Claude Desktop file is a few KB."""
MAX_SERVERS = 100
"""Most servers one paste or import may add."""
MAX_NAME_CHARS = 40
"""Longest server name (characters, ``[A-Za-z0-9_.-]``)."""
MAX_ARGS = 256
"""Most command-line arguments of one stdio server."""
MAX_ARG_CHARS = 8192
"""Longest command, argument, working folder, environment value or header value (characters)."""
MAX_ENV = 256
"""Most environment variables (or HTTP headers) of one server."""
MAX_URL_CHARS = 2048
"""Longest Streamable HTTP URL (characters)."""
MAX_WIRE_NAME = 64
"""Longest tool name the vendors accept (OpenAI and Anthropic: ``^[a-zA-Z0-9_-]{1,64}$``)."""

_LIMITS = JsonLimits(max_depth=8, max_string_bytes=64 * 1024)
_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]*$")
_ENV_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
_HEADER_NAME = re.compile(r"^[!#$%&'*+.^_`|~0-9A-Za-z-]+$")
_WIRE_UNSAFE = re.compile(r"[^A-Za-z0-9_-]")


class McpTransport(StrEnum):
    """How the app talks to a server: a child process over stdin/stdout, or HTTP."""

    STDIO = "stdio"
    HTTP = "http"


class ToolApproval(StrEnum):
    """What happens when the model calls a tool (issue 25): ``ask`` the user each time
    (the default), ``always`` run it, ``never`` — the tool is not offered at all."""

    ASK = "ask"
    ALWAYS = "always"
    NEVER = "never"


class ApprovalDecision(StrEnum):
    """The user's answer to an Ask: run this call, run every call of the tool from now
    on (kept as ``always``), or refuse."""

    ALLOW_ONCE = "allow-once"
    ALWAYS = "always"
    DENY = "deny"


@dataclass(frozen=True, slots=True)
class ApprovalRequest:
    """A call waiting for the user: where (``topic_id``, ``assistant_id``), which
    ``server`` and ``tool``, and the model's ``arguments`` as JSON text."""

    topic_id: int
    assistant_id: int
    server: str
    tool: str
    arguments: str


class McpConfigError(ReasonError):
    """A configuration refused; ``str(exc)`` is one English line saying why, ``reason``
    the same typed (issue 27: the window says it in its language)."""


def _refused(template: str, *values: str | Reason) -> McpConfigError:
    """The :class:`McpConfigError` of ``template`` (marked with ``QT_TRANSLATE_NOOP``
    where written) and ``values`` (names, figures: data)."""
    return McpConfigError(Reason(template, values))


@dataclass(frozen=True, slots=True)
class McpServerConfig:
    """One MCP server. ``transport`` decides which fields matter: stdio uses ``command``,
    ``args``, ``env`` (added to the inherited environment) and ``cwd`` (``None``: the
    app's); HTTP uses ``url`` and ``headers``. ``signed_in`` (HTTP): the user signed in
    with OAuth, so a connection reads its tokens from the secret store; it is not part of
    an ``mcpServers`` block and set only by the store and a sign-in. Build through
    :meth:`stdio` / :meth:`http` to get the bounds checked."""

    name: str
    transport: McpTransport
    command: str = ""
    args: tuple[str, ...] = ()
    env: Mapping[str, str] = field(default_factory=dict)
    cwd: str | None = None
    url: str = ""
    headers: Mapping[str, str] = field(default_factory=dict)
    signed_in: bool = False

    @classmethod
    def stdio(cls, name: str, command: str, args: tuple[str, ...] = (), env: Mapping[str, str] | None = None,
              cwd: str | None = None) -> McpServerConfig:
        """A checked stdio configuration; :class:`McpConfigError` when a field is out of bounds."""
        check_server_name(name)
        _check_text(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "server %1: command"), (repr(name),)),
                        command, required=True)
        if len(args) > MAX_ARGS:
            raise _refused(QT_TRANSLATE_NOOP("ServiceReasons", "server %1: more than %2 arguments"), repr(name), str(MAX_ARGS))
        for arg in args:
            _check_text(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "server %1: an argument"), (repr(name),)),
                        arg)
        env = dict(env or {})
        _check_map(name, False, env, _ENV_NAME)
        if cwd is not None:
            _check_text(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "server %1: working folder"), (repr(name),)),
                        cwd, required=True)
        return cls(name, McpTransport.STDIO, command=command, args=tuple(args), env=env, cwd=cwd)

    @classmethod
    def http(cls, name: str, url: str, headers: Mapping[str, str] | None = None) -> McpServerConfig:
        """A checked Streamable HTTP configuration; :class:`McpConfigError` when the URL
        is not http(s) or a field is out of bounds."""
        check_server_name(name)
        if not isinstance(url, str) or not re.match(r"^https?://[^\s/]+", url) or len(url) > MAX_URL_CHARS:
            raise _refused(QT_TRANSLATE_NOOP("ServiceReasons", "server %1: the url must be http:// or https:// (at most %2 characters)"),
                           repr(name), str(MAX_URL_CHARS))
        headers = dict(headers or {})
        _check_map(name, True, headers, _HEADER_NAME)
        return cls(name, McpTransport.HTTP, url=url, headers=headers)


@dataclass(frozen=True, slots=True)
class McpTool:
    """One tool a server lists: its own ``name``, ``description`` and JSON-schema
    ``input_schema`` (as the server sent them)."""

    name: str
    description: str
    input_schema: Mapping[str, object]


@dataclass(frozen=True, slots=True)
class StoredMcpServer:
    """A server as stored: its ``id``, ``config``, the tool list of its last connect
    (``None``: never connected) and its last ``server_name`` / ``server_version``."""

    id: int
    config: McpServerConfig
    tools: tuple[McpTool, ...] | None = None
    server_name: str = ""
    server_version: str = ""

    @property
    def tools_by_name(self) -> dict[str, McpTool]:
        """The cached tools by their own name (empty when never connected)."""
        return {t.name: t for t in self.tools or ()}


def check_server_name(name: object) -> str:
    """``name`` when it is a usable server name (1–40 of ``[A-Za-z0-9_.-]``, starting
    with a letter or digit); :class:`McpConfigError` otherwise."""
    if not isinstance(name, str) or not name or len(name) > MAX_NAME_CHARS or not _NAME.match(name):
        shown = repr(name)[:60]
        raise _refused(QT_TRANSLATE_NOOP("ServiceReasons", "server name %1 must be 1-%2 letters, digits, '_', '.' or '-'"), shown,
                       str(MAX_NAME_CHARS))
    return name


def parse_mcp_servers(text: str) -> tuple[McpServerConfig, ...]:
    """The servers of an ``mcpServers`` JSON text, in the order written.

    Accepts a whole Claude Desktop config (``{"mcpServers": {...}, ...}``; other keys
    ignored) or the bare map of name → server. A server with ``url`` (and optional
    ``headers``; ``type`` ``http``/``streamable-http``) is HTTP; one with ``command``
    (and optional ``args``, ``env``, ``cwd``) is stdio. Raises :class:`McpConfigError`
    (one line) for text over :data:`MAX_CONFIG_CHARS`, JSON that is invalid or nested or
    long beyond bounds, more than :data:`MAX_SERVERS` servers, a repeated name or a
    server of the wrong shape; nothing is returned then.
    """
    if len(text) > MAX_CONFIG_CHARS:
        raise _refused(QT_TRANSLATE_NOOP("ServiceReasons", "the config is longer than %1 characters"), f"{MAX_CONFIG_CHARS:,}")
    try:
        check_json_text(text, _LIMITS)
        data = json.loads(text)
    except JsonBoundsError as exc:
        raise _refused(QT_TRANSLATE_NOOP("ServiceReasons", "the config %1"), exc.reason) from None
    except (ValueError, RecursionError) as exc:
        raise _refused(QT_TRANSLATE_NOOP("ServiceReasons", "the config is not JSON (%1)"), str(exc).splitlines()[0][:120]) from None
    if isinstance(data, dict) and "mcpServers" in data:
        data = data["mcpServers"]
    if not isinstance(data, dict):
        raise _refused(QT_TRANSLATE_NOOP("ServiceReasons", "expected a JSON object with an \"mcpServers\" object of servers"))
    if not data:
        raise _refused(QT_TRANSLATE_NOOP("ServiceReasons", "the config names no servers"))
    if len(data) > MAX_SERVERS:
        raise _refused(QT_TRANSLATE_NOOP("ServiceReasons", "the config names more than %1 servers"), str(MAX_SERVERS))
    return tuple(_server(name, body) for name, body in data.items())


def form_lines(config: McpServerConfig) -> tuple[str, str]:
    """The two multi-line fields of the Add/Edit server form for ``config``: arguments
    (one a line) and environment (``NAME=VALUE``) for stdio, ``""`` and headers
    (``Name: value``) for HTTP; :func:`config_from_form` reads them back."""
    if config.transport is McpTransport.HTTP:
        return "", "\n".join(f"{k}: {v}" for k, v in config.headers.items())
    return "\n".join(config.args), "\n".join(f"{k}={v}" for k, v in config.env.items())


def config_from_form(name: str, transport: McpTransport, *, command: str = "", args: str = "", env: str = "",
                     cwd: str = "", url: str = "", headers: str = "") -> McpServerConfig:
    """A checked configuration from the Add/Edit server form (Settings → Tools, issue 25):
    ``args`` one argument a line (blank lines skipped), ``env`` ``NAME=VALUE`` lines,
    ``headers`` ``Name: value`` lines, ``cwd`` empty for the app's folder. Raises
    :class:`McpConfigError` (one line) for a field out of bounds, a line without its
    separator or all fields together longer than :data:`MAX_CONFIG_CHARS` characters."""
    if sum(map(len, (name, command, args, env, cwd, url, headers))) > MAX_CONFIG_CHARS:
        raise _refused(QT_TRANSLATE_NOOP("ServiceReasons", "the form holds more than %1 characters"), f"{MAX_CONFIG_CHARS:,}")
    name = check_server_name(name.strip())
    if transport is McpTransport.HTTP:
        return McpServerConfig.http(name, url.strip(), _form_pairs(name, headers, ":"))
    lines = [ln for ln in args.splitlines() if ln.strip()]
    if len(lines) > MAX_ARGS:
        raise _refused(QT_TRANSLATE_NOOP("ServiceReasons", "server %1: more than %2 arguments"), repr(name), str(MAX_ARGS))
    return McpServerConfig.stdio(name, command.strip(), tuple(lines), _form_pairs(name, env, "="),
                                 cwd.strip() or None)


def _form_pairs(name: str, text: str, sep: str) -> dict[str, str]:
    """The ``NAME=VALUE`` (``sep`` ``=``: environment) or ``Name: value`` (headers) lines."""
    out: dict[str, str] = {}
    env = sep == "="
    for n, line in enumerate((ln for ln in text.splitlines() if ln.strip()), 1):
        if n > MAX_ENV:
            raise _refused(QT_TRANSLATE_NOOP("ServiceReasons", "server %1: more than %2 environment lines") if env
                           else QT_TRANSLATE_NOOP("ServiceReasons", "server %1: more than %2 header lines"), repr(name), str(MAX_ENV))
        key, found, value = line.partition(sep)
        if not found or not key.strip():
            raise _refused(QT_TRANSLATE_NOOP("ServiceReasons", "server %1: environment line %2 is not %3") if env
                           else QT_TRANSLATE_NOOP("ServiceReasons", "server %1: header line %2 is not %3"), repr(name), str(n),
                           "NAME=VALUE" if env else "Name: value")
        out[key.strip()] = value.strip() if sep == ":" else value
    return out


def wire_tool_name(server: str, tool: str) -> str:
    """The name a server's tool carries in a request: ``<server>__<tool>`` with every
    character outside ``[A-Za-z0-9_-]`` replaced by ``_``; past 64 characters, cut and
    ended with 8 hex digits of its SHA-256 so two long names stay apart."""
    name = _WIRE_UNSAFE.sub("_", f"{server}__{tool}")
    if len(name) <= MAX_WIRE_NAME:
        return name
    digest = hashlib.sha256(f"{server}\0{tool}".encode("utf-8", "surrogatepass")).hexdigest()[:8]
    return f"{name[:MAX_WIRE_NAME - 9]}_{digest}"


def _server(name: object, body: object) -> McpServerConfig:
    check_server_name(name)
    assert isinstance(name, str)
    if not isinstance(body, dict):
        raise _refused(QT_TRANSLATE_NOOP("ServiceReasons", "server %1 is not a JSON object"), repr(name))
    if "url" in body:
        kind = body.get("type", "http")
        if kind not in ("http", "streamable-http", "streamableHttp"):
            raise _refused(QT_TRANSLATE_NOOP("ServiceReasons", "server %1: transport %2 is not supported (stdio or Streamable HTTP)"),
                           repr(name), repr(str(kind)[:40]))
        return McpServerConfig.http(name, body["url"], _string_map(name, "headers", body.get("headers")))
    if "command" not in body:
        raise _refused(QT_TRANSLATE_NOOP("ServiceReasons", "server %1 has neither \"command\" nor \"url\""), repr(name))
    args = body.get("args", [])
    if not isinstance(args, list) or not all(isinstance(a, str) for a in args):
        raise _refused(QT_TRANSLATE_NOOP("ServiceReasons", "server %1: \"args\" must be a list of strings"), repr(name))
    cwd = body.get("cwd")
    if cwd is not None and not isinstance(cwd, str):
        raise _refused(QT_TRANSLATE_NOOP("ServiceReasons", "server %1: \"cwd\" must be a string"), repr(name))
    return McpServerConfig.stdio(name, body["command"], tuple(args),
                                 _string_map(name, "env", body.get("env")), cwd)


def _string_map(name: str, key: str, value: object) -> dict[str, str]:
    if value is None:
        return {}
    if not isinstance(value, dict) or not all(isinstance(v, str) for v in value.values()):
        raise _refused(QT_TRANSLATE_NOOP("ServiceReasons", "server %1: \"%2\" must be an object of strings"), repr(name), key)
    return dict(value)


def _check_text(what: Reason, value: object, *, required: bool = False) -> None:
    """Refuse ``value`` (the field ``what``) unless it is a string within the bounds."""
    if not isinstance(value, str):
        raise _refused(QT_TRANSLATE_NOOP("ServiceReasons", "%1 must be a string"), what)
    if required and not value.strip():
        raise _refused(QT_TRANSLATE_NOOP("ServiceReasons", "%1 is empty"), what)
    if len(value) > MAX_ARG_CHARS:
        raise _refused(QT_TRANSLATE_NOOP("ServiceReasons", "%1 is longer than %2 characters"), what, str(MAX_ARG_CHARS))
    if "\0" in value:
        raise _refused(QT_TRANSLATE_NOOP("ServiceReasons", "%1 contains a NUL character"), what)
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise _refused(QT_TRANSLATE_NOOP("ServiceReasons", "%1 is not valid Unicode text (a lone surrogate)"), what) from None


def _check_map(name: str, headers: bool, values: Mapping[str, str], key_pattern: re.Pattern[str]) -> None:
    """Refuse environment variables (``headers`` False) or headers out of bounds."""
    if len(values) > MAX_ENV:
        raise _refused(QT_TRANSLATE_NOOP("ServiceReasons", "server %1: more than %2 headers") if headers
                       else QT_TRANSLATE_NOOP("ServiceReasons", "server %1: more than %2 environment variables"), repr(name), str(MAX_ENV))
    for key, value in values.items():
        if not isinstance(key, str) or len(key) > 200 or not key_pattern.match(key):
            raise _refused(QT_TRANSLATE_NOOP("ServiceReasons", "server %1: header name %2 is not valid") if headers
                           else QT_TRANSLATE_NOOP("ServiceReasons", "server %1: environment variable name %2 is not valid"),
                           repr(name), repr(str(key)[:40]))
        what = Reason(QT_TRANSLATE_NOOP("ServiceReasons", "server %1: header %2") if headers
                      else QT_TRANSLATE_NOOP("ServiceReasons", "server %1: environment variable %2"), (repr(name), key))
        _check_text(what, value)
        if "\n" in value or "\r" in value:
            raise _refused(QT_TRANSLATE_NOOP("ServiceReasons", "%1 contains a line break"), what)
