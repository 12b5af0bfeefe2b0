"""OAuth for Streamable HTTP MCP servers, on the official SDK's client (issue 25).

A server that answers 401 with ``WWW-Authenticate`` is signed in to with the SDK's
:class:`mcp.client.auth.OAuthClientProvider` (discovery, dynamic client registration,
authorization code with PKCE, refresh). What it keeps — tokens and the registered
client — is one JSON secret per server in the OS keyring, or in the 0600 key file when
no keyring is usable (like API keys; never the store, an export or a log).

- :func:`oauth_auth` builds the ``httpx2.Auth`` of one connection. Without ``sign_in``
  it never opens a browser: a server that wants a new sign-in fails with one line
  saying how to sign in (:data:`SIGN_IN_HINT`).
- :class:`LoopbackCallback` is the redirect target of an interactive sign-in: a
  one-shot HTTP listener on ``127.0.0.1`` (RFC 8252) that receives ``code`` and
  ``state``.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Awaitable, Callable
from typing import Any, Protocol
from urllib.parse import parse_qs, urlsplit

from chathub_desktop.core.reasons import QT_TRANSLATE_NOOP, Reason
from chathub_desktop.storage.secrets import FileSecretStore, KeyringSecretStore, SecretUnavailable

log = logging.getLogger(__name__)

#: The one line a server that needs a (new) sign-in fails with; ``{name}``: the server.
SIGN_IN_HINT = ("{name}: the server asks you to sign in (Settings → Tools → Edit… → Sign in, "
                "or `chathub-desktop mcp login {name}`)")
#: Largest stored token JSON read back (characters); larger is treated as none.
MAX_SECRET_CHARS = 64 * 1024
#: Seconds an interactive sign-in waits for the browser to come back.
SIGN_IN_TIMEOUT_S = 300.0
#: Largest request line plus headers the loopback listener reads (bytes).
MAX_CALLBACK_BYTES = 16 * 1024
_CALLBACK_PATH = "/callback"
#: The secret stores' user prefix of MCP tokens (``mcp-oauth:<server>``).
SLOT_KIND = "mcp-oauth"
_DONE_PAGE = (b"HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\nConnection: close\r\n\r\n"
              b"<!doctype html><title>ChatHub</title><p>Signed in. You can close this tab.</p>")


class SignInNeeded(Exception):
    """The server wants a sign-in and this connection may not open a browser."""


def _not_a_sign_in_request(record: logging.LogRecord) -> bool:
    """Drop the SDK's "OAuth flow error" traceback for a server that merely asks for a
    sign-in (an ordinary state the user is told about in one line)."""
    exc = record.exc_info[1] if record.exc_info else None
    return not isinstance(exc, SignInNeeded)


logging.getLogger("mcp.client.auth.oauth2").addFilter(_not_a_sign_in_request)


class SecretSlots(Protocol):
    """Blocking get/set/delete of one secret string per MCP server name."""

    def get(self, name: str) -> str | None:
        """The stored secret, or ``None``."""

    def set(self, name: str, value: str) -> None:
        """Store ``value`` for ``name``."""

    def delete(self, name: str) -> list[Reason]:
        """Forget ``name``'s secret (no error when none); returns where one was deleted,
        typed (e.g. ``[Reason("the OS keyring")]``, empty when none was kept). Raises
        ``SecretUnavailable`` when a place that may hold it cannot be changed."""


class _Storage:
    """The SDK's ``TokenStorage`` over one server's secret slot (JSON ``tokens`` and
    ``client``); keyring calls run on a worker thread. ``slots`` ``None``: a server not
    signed in — nothing is read or written (a registration the flow makes is dropped),
    so a slow or locked keyring costs it nothing."""

    def __init__(self, slots: SecretSlots | None, name: str, *, forget_client: bool = False) -> None:
        self._slots = slots
        self._name = name
        self._forget_client = forget_client  # a new sign-in registers its own redirect URI

    async def _read(self) -> dict[str, Any]:
        if self._slots is None:
            return {}
        text = await asyncio.to_thread(self._slots.get, self._name)
        if not text or len(text) > MAX_SECRET_CHARS:
            return {}
        try:
            data = json.loads(text)
        except ValueError:
            return {}
        return data if isinstance(data, dict) else {}

    async def _write(self, key: str, value: dict[str, Any]) -> None:
        if self._slots is None:
            return
        data = await self._read()
        data[key] = value
        await asyncio.to_thread(self._slots.set, self._name, json.dumps(data))

    async def get_tokens(self) -> Any:
        """The stored ``OAuthToken`` or ``None``."""
        from mcp.shared.auth import OAuthToken

        raw = (await self._read()).get("tokens")
        try:
            return OAuthToken.model_validate(raw) if isinstance(raw, dict) else None
        except ValueError:
            return None

    async def set_tokens(self, tokens: Any) -> None:
        """Keep ``tokens`` (an ``OAuthToken``)."""
        await self._write("tokens", tokens.model_dump(mode="json", exclude_none=True))

    async def get_client_info(self) -> Any:
        """The registered client (``OAuthClientInformationFull``) or ``None``."""
        from mcp.shared.auth import OAuthClientInformationFull

        if self._forget_client:
            return None
        raw = (await self._read()).get("client")
        try:
            return OAuthClientInformationFull.model_validate(raw) if isinstance(raw, dict) else None
        except ValueError:
            return None

    async def set_client_info(self, client_info: Any) -> None:
        """Keep the registered client."""
        self._forget_client = False
        await self._write("client", client_info.model_dump(mode="json", exclude_none=True))


class LoopbackCallback:
    """A one-shot redirect target on ``127.0.0.1`` (a free port): :meth:`start`, then
    :attr:`redirect_uri` for the client's registration, then :meth:`result` waits (at
    most ``timeout_s`` seconds) for the browser's ``GET /callback?code=…&state=…``.
    :meth:`close` always."""

    def __init__(self, timeout_s: float = SIGN_IN_TIMEOUT_S) -> None:
        self._timeout_s = timeout_s
        self._server: asyncio.Server | None = None
        self._got: asyncio.Future[dict[str, str]] | None = None
        self.redirect_uri = ""

    async def start(self) -> None:
        """Listen on a free loopback port."""
        self._got = asyncio.get_running_loop().create_future()
        self._server = await asyncio.start_server(self._answer, "127.0.0.1", 0, limit=MAX_CALLBACK_BYTES)
        port = self._server.sockets[0].getsockname()[1]
        self.redirect_uri = f"http://127.0.0.1:{port}{_CALLBACK_PATH}"

    async def _answer(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 10)
        except (asyncio.IncompleteReadError, asyncio.LimitOverrunError, TimeoutError):
            writer.close()
            return
        line = head.split(b"\r\n", 1)[0].decode("latin-1")
        parts = line.split(" ")
        target = urlsplit(parts[1]) if len(parts) == 3 and parts[0] == "GET" else None
        if target is None or target.path != _CALLBACK_PATH:
            writer.write(b"HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n")
        else:
            query = {k: v[0] for k, v in parse_qs(target.query).items()}
            writer.write(_DONE_PAGE)
            if self._got is not None and not self._got.done():
                self._got.set_result(query)
        with contextlib.suppress(OSError):
            await writer.drain()
        writer.close()

    async def result(self) -> Any:
        """The ``AuthorizationCodeResult`` the browser brought back. Raises
        ``TimeoutError`` after ``timeout_s``; ``SignInNeeded`` when the server sent an
        error instead of a code."""
        from mcp.shared.auth import AuthorizationCodeResult

        assert self._got is not None
        query = await asyncio.wait_for(asyncio.shield(self._got), self._timeout_s)
        if "code" not in query:
            raise SignInNeeded(f"the sign-in was refused: {query.get('error', 'no code')[:200]}")
        return AuthorizationCodeResult(code=query["code"], state=query.get("state"), iss=query.get("iss"))

    async def close(self) -> None:
        """Stop listening."""
        if self._server is not None:
            self._server.close()
            with contextlib.suppress(OSError):
                await self._server.wait_closed()
            self._server = None


async def open_in_browser(url: str) -> None:
    """Show ``url`` (a server's authorization page) in the user's browser, without
    blocking the loop that awaits it."""
    import webbrowser

    await asyncio.to_thread(webbrowser.open, url)


class TokenSlots:
    """:class:`SecretSlots` in the OS keyring when it is usable, else in the 0600 key
    file (``storage.secrets``), under ``mcp-oauth:<server>``."""

    def __init__(self, keyring_store: KeyringSecretStore, key_file: FileSecretStore) -> None:
        self._keyring = keyring_store
        self._file = key_file

    def _store(self) -> KeyringSecretStore | FileSecretStore:
        return self._keyring if self._keyring.status().usable else self._file

    def get(self, name: str) -> str | None:
        """The stored JSON, or ``None``. Raises ``SecretUnavailable``."""
        return self._store().get(name, kind=SLOT_KIND)

    def set(self, name: str, value: str) -> None:
        """Store ``value``. Raises ``SecretUnavailable``."""
        self._store().set(name, value, kind=SLOT_KIND)

    def delete(self, name: str) -> list[Reason]:
        """Forget the tokens of ``name`` in both places; returns the places that held
        them, typed (``"the OS keyring"``, ``"the key file <path>"``, issue 27). Raises
        ``SecretUnavailable`` (one line) when a place cannot be read or changed and none
        held them."""
        places: list[Reason] = []
        failure: SecretUnavailable | None = None
        labelled: list[tuple[KeyringSecretStore | FileSecretStore, Reason]] = []
        if self._keyring.status().usable:
            labelled.append((self._keyring, Reason(QT_TRANSLATE_NOOP("ServiceReasons", "the OS keyring"))))
        if self._file.path.exists():  # else nothing is there (and reading would create its folder)
            labelled.append((self._file, Reason(QT_TRANSLATE_NOOP("ServiceReasons", "the key file %1"),
                                                (str(self._file.path),))))
        for store, label in labelled:
            try:
                if store.get(name, kind=SLOT_KIND) is not None:
                    store.delete(name, kind=SLOT_KIND)
                    places.append(label)
            except SecretUnavailable as exc:
                failure = failure or exc
        if failure is not None and not places:
            raise failure
        return places


def oauth_auth(server_url: str, name: str, slots: SecretSlots | None, *,
               sign_in: tuple[LoopbackCallback, Callable[[str], Awaitable[None]]] | None = None) -> Any:
    """The SDK's OAuth provider (an ``httpx2.Auth``) for the server ``name`` at ``server_url``, keeping its
    tokens in ``slots`` (``None``: the server was never signed in to; nothing is read, and a
    server that asks for a sign-in fails with :data:`SIGN_IN_HINT`). ``sign_in``: ``(callback, open_url)`` for an interactive
    sign-in (a fresh client registration with the callback's redirect URI;
    ``open_url`` shows the authorization page); without it a needed sign-in raises
    :class:`SignInNeeded` with :data:`SIGN_IN_HINT`."""
    from mcp.client.auth import OAuthClientProvider
    from mcp.shared.auth import OAuthClientMetadata

    redirect = sign_in[0].redirect_uri if sign_in else "http://127.0.0.1/callback"
    metadata = OAuthClientMetadata(
        client_name="ChatHub Desktop", redirect_uris=[redirect],  # type: ignore[list-item]
        grant_types=["authorization_code", "refresh_token"], response_types=["code"],
        token_endpoint_auth_method="none")

    async def refuse(_url: str) -> None:
        raise SignInNeeded(SIGN_IN_HINT.format(name=name))

    async def no_code() -> Any:
        raise SignInNeeded(SIGN_IN_HINT.format(name=name))

    if sign_in is None:
        return OAuthClientProvider(server_url, metadata, _Storage(slots, name), redirect_handler=refuse,
                                   callback_handler=no_code)
    callback, open_url = sign_in
    return OAuthClientProvider(server_url, metadata, _Storage(slots, name, forget_client=True),
                               redirect_handler=open_url, callback_handler=callback.result)
