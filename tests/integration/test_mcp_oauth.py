"""OAuth sign-in to a Streamable HTTP MCP server (issue 25), against a local server built
with the official SDK's server auth pieces (``tests/fakes/mcp_oauth_server.py``: 401 with
``WWW-Authenticate``, metadata, dynamic registration, PKCE; it approves at once).

Before sign-in Test fails with one line saying how to sign in; sign-in opens the
authorization page (here followed by an HTTP client standing in for the browser), the
code comes back to the loopback listener, and the tokens land in the keyring — never in
the store or the log; Test then works without a browser, and removing the server
forgets its tokens. Sign out (``McpService.sign_out``, ``mcp logout``) deletes them and
says where from; a server never signed in never reads the secret store."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import random
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import httpx
import keyring
import pytest

from chathub_desktop.core.mcp_config import McpServerConfig
from chathub_desktop.core.reasons import Reason
from chathub_desktop.services.container import Services
from chathub_desktop.services.errors import InvalidInput
from chathub_desktop.services.tools.mcp_clients import McpClients, McpServerError
from chathub_desktop.services.tools.mcp_oauth import (
    MAX_CALLBACK_BYTES,
    LoopbackCallback,
    SignInNeeded,
    TokenSlots,
)
from chathub_desktop.storage.secrets import SERVICE_NAME, FileSecretStore, KeyringSecretStore
from tests.integration.test_mcp_servers import wait_for_port

SERVER = str(Path(__file__).parents[1] / "fakes" / "mcp_oauth_server.py")


@pytest.fixture
def locked_url() -> Iterator[str]:
    """The MCP endpoint of a running OAuth-protected server."""
    with locked_server() as url:
        yield url


@contextlib.contextmanager
def locked_server() -> Iterator[str]:
    """Run the OAuth-protected server; yields its MCP endpoint."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = subprocess.Popen([sys.executable, SERVER, str(port)], env={"CHATHUB_ALLOW_TEST_DOUBLES": "1", "PATH": ""},
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_for_port(port)
        yield f"http://127.0.0.1:{port}/mcp"
    finally:
        server.terminate()
        server.wait(10)


async def browser(url: str) -> None:
    """What the user's browser does: open the authorization page (which approves at
    once) and follow its redirect to the app's loopback callback."""
    async with httpx.AsyncClient(follow_redirects=True, timeout=10) as client:
        answer = await client.get(url)
    assert answer.status_code == 200 and "Signed in" in answer.text


def test_sign_in_keeps_tokens_in_the_keyring_only(
        services: Services, locked_url: str, tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    services.mcp.add(McpServerConfig.http("locked", locked_url))
    with pytest.raises(InvalidInput) as refused:
        asyncio.run(services.mcp.test("locked"))
    assert str(refused.value) == ("locked: the server asks you to sign in (Settings → Tools → Edit… → Sign in, "
                                  "or `chathub-desktop mcp login locked`)")

    opened: list[str] = []

    async def open_url(url: str) -> None:
        opened.append(url)
        asyncio.get_running_loop().create_task(browser(url))

    listed = asyncio.run(services.mcp.sign_in("locked", open_url))
    assert [t.name for t in listed.tools] == ["whoami"]
    assert len(opened) == 1 and "code_challenge=" in opened[0]
    assert services.mcp.get("locked").config.signed_in  # the marker; the tokens are not in the store
    kept = keyring.get_password(SERVICE_NAME, "mcp-oauth:locked")
    assert kept is not None
    token = json.loads(kept)["tokens"]["access_token"]
    assert len(token) >= 16
    # never in the store (every file of the data dir and the database) or the log
    store = Path(services.database_url.removeprefix("sqlite:///"))
    for path in [store, *store.parent.glob("store.sqlite3*"), *tmp_path.rglob("*")]:
        if path.is_file():
            assert token.encode() not in path.read_bytes(), path
    assert token not in caplog.text

    assert [t.name for t in asyncio.run(services.mcp.test("locked")).tools] == ["whoami"]  # no browser now
    assert len(opened) == 1
    services.mcp.remove("locked")
    assert keyring.get_password(SERVICE_NAME, "mcp-oauth:locked") is None


def test_cli_login_opens_the_browser_and_test_then_works(
        locked_url: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """``mcp login``: the address goes to the browser (and stderr), the sign-in
    completes, and ``mcp test`` lists the tools afterwards."""
    from chathub_desktop.cli import main

    opened: list[str] = []

    def fake_browser(url: str) -> bool:
        opened.append(url)
        answer = httpx.get(url, follow_redirects=True, timeout=10)
        return answer.status_code == 200

    monkeypatch.setattr("webbrowser.open", fake_browser)
    assert main(["mcp", "add", "locked", "--url", locked_url]) == 0
    assert main(["mcp", "test", "locked"]) == 1
    assert "mcp login locked" in capsys.readouterr().err
    assert main(["mcp", "login", "locked"]) == 0
    out, err = capsys.readouterr()
    assert out.startswith("locked: signed in; locked ") and "1 tools" in out
    assert len(opened) == 1 and f"Sign in to locked at: {opened[0]}" in err
    assert main(["mcp", "test", "locked"]) == 0 and "whoami" in capsys.readouterr().out
    # mcp logout: the tokens go, in one line; the server asks for a sign-in again
    assert main(["mcp", "logout", "locked"]) == 0
    assert capsys.readouterr().out == "Signed out of locked: its tokens were deleted from the OS keyring.\n"
    assert keyring.get_password(SERVICE_NAME, "mcp-oauth:locked") is None
    assert main(["mcp", "test", "locked"]) == 1 and "mcp login locked" in capsys.readouterr().err
    assert main(["mcp", "logout", "locked"]) == 0
    assert capsys.readouterr().out == "Signed out of locked; no sign-in was kept.\n"
    assert main(["mcp", "logout", "nosuch"]) == 1


def test_the_loopback_listener_takes_only_a_callback_with_a_code() -> None:
    """Fuzz (issue 25 parser rule): random and oversized requests, other paths and an
    error redirect never produce a code; the first real callback does."""
    rng = random.Random(25)
    junk = [bytes(rng.randrange(256) for _ in range(rng.randrange(1, 300))) + b"\r\n\r\n" for _ in range(20)]
    junk += [b"GET /elsewhere?code=x&state=y HTTP/1.1\r\n\r\n", b"POST /callback?code=x HTTP/1.1\r\n\r\n",
             b"GET /callback?code=" + b"a" * (MAX_CALLBACK_BYTES + 10) + b" HTTP/1.1\r\n\r\n", b"GET /callback"]

    async def send(port: int, data: bytes) -> bytes:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(data)
        writer.write_eof()
        answer = await reader.read()
        writer.close()
        return answer

    async def scenario() -> tuple[str, str | None]:
        cb = LoopbackCallback(timeout_s=10)
        await cb.start()
        port = int(cb.redirect_uri.split(":")[2].split("/")[0])
        try:
            for data in junk:
                await send(port, data)
            assert cb._got is not None and not cb._got.done()
            await send(port, b"GET /callback?error=access_denied&state=s HTTP/1.1\r\n\r\n")
            with pytest.raises(SignInNeeded, match="access_denied"):
                await cb.result()
            cb2 = LoopbackCallback(timeout_s=10)
            await cb2.start()
            port2 = int(cb2.redirect_uri.split(":")[2].split("/")[0])
            answer = await send(port2, b"GET /callback?code=abc&state=s1 HTTP/1.1\r\nHost: x\r\n\r\n")
            assert b"200 OK" in answer
            got = await cb2.result()
            await cb2.close()
            return got.code, got.state
        finally:
            await cb.close()

    assert asyncio.run(scenario()) == ("abc", "s1")


class CountingSlots:
    """A secret store that records every call (issue 25: who touches the keyring)."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, str]] = []
        self.kept: dict[str, str] = {}

    def get(self, name: str) -> str | None:
        self.calls.append(("get", name))
        return self.kept.get(name)

    def set(self, name: str, value: str) -> None:
        self.calls.append(("set", name))
        self.kept[name] = value

    def delete(self, name: str) -> list[Reason]:
        self.calls.append(("delete", name))
        return [Reason("memory")] if self.kept.pop(name, None) is not None else []


def test_a_server_never_signed_in_never_touches_the_secret_store(locked_url: str) -> None:
    """Issue 25: a server asking for OAuth that the user never signed in to is refused
    with the sign-in hint without one secret store read or write (its client
    registration is dropped); marked signed in, it reads its tokens. (A plain HTTP
    server: ``test_mcp_servers.test_streamable_http_server``.)"""
    slots = CountingSlots()
    clients = McpClients(tokens=slots)
    try:
        locked = McpServerConfig.http("locked", locked_url)
        with pytest.raises(McpServerError) as refused:
            asyncio.run(clients.test(locked))
        assert refused.value.needs_sign_in
        assert slots.calls == []
        with pytest.raises(McpServerError):  # marked signed in (the kept tokens are gone): the store is read
            asyncio.run(clients.test(McpServerConfig("locked", locked.transport, url=locked_url, signed_in=True)))
        assert ("get", "locked") in slots.calls
    finally:
        clients.close()


def test_sign_out_with_the_key_file_deletes_the_tokens_there(tmp_path: Path) -> None:
    """Issue 25 Sign out on a machine without a keyring: the tokens kept in the 0600 key
    file are deleted from it, and the answer names the file; a second sign-out finds none."""
    from keyring.backends.fail import Keyring as NoKeyring

    keyring.set_keyring(NoKeyring())  # type: ignore[no-untyped-call]  # the autouse fixture puts its own back afterwards
    key_file = FileSecretStore(tmp_path / "keys.cfg")
    slots = TokenSlots(KeyringSecretStore(), key_file)
    slots.set("docs", '{"tokens": {"access_token": "abc"}}')
    assert key_file.get("docs", kind="mcp-oauth") is not None
    assert [p.english() for p in slots.delete("docs")] == [f"the key file {tmp_path / 'keys.cfg'}"]
    assert key_file.get("docs", kind="mcp-oauth") is None
    assert slots.delete("docs") == []
