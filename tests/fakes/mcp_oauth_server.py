"""An OAuth-protected Streamable HTTP MCP server for tests, built with the official SDK's
server auth pieces (issue 25).

Run as ``python mcp_oauth_server.py PORT``: an MCP server at ``http://127.0.0.1:PORT/mcp``
that answers 401 with ``WWW-Authenticate`` until a bearer token it issued is sent, and
is its own authorization server (metadata, dynamic client registration, ``/authorize``,
``/token`` with PKCE). ``/authorize`` approves at once: it redirects to the client's
``redirect_uri`` with a code, as a browser would after the user said yes. Tool:
``whoami()`` returns ``signed in``. Test double only: the program refuses to run unless
``CHATHUB_ALLOW_TEST_DOUBLES=1``.
"""

from __future__ import annotations

import os
import secrets
import sys
import time

if os.environ.get("CHATHUB_ALLOW_TEST_DOUBLES") != "1":
    raise SystemExit("tests/fakes/mcp_oauth_server.py is a test double (set CHATHUB_ALLOW_TEST_DOUBLES=1)")

from mcp.server.auth.provider import (  # noqa: E402
    AccessToken,
    AuthorizationCode,
    AuthorizationParams,
    RefreshToken,
    construct_redirect_uri,
)
from mcp.server.auth.settings import AuthSettings, ClientRegistrationOptions  # noqa: E402
from mcp.server.mcpserver import MCPServer  # noqa: E402
from mcp.shared.auth import OAuthClientInformationFull, OAuthToken  # noqa: E402


class ApprovingProvider:
    """An in-memory authorization server that approves every request."""

    def __init__(self) -> None:
        self.clients: dict[str, OAuthClientInformationFull] = {}
        self.codes: dict[str, AuthorizationCode] = {}
        self.tokens: dict[str, AccessToken] = {}
        self.refresh: dict[str, RefreshToken] = {}

    async def get_client(self, client_id: str) -> OAuthClientInformationFull | None:
        return self.clients.get(client_id)

    async def register_client(self, client_info: OAuthClientInformationFull) -> None:
        assert client_info.client_id is not None
        self.clients[client_info.client_id] = client_info

    async def authorize(self, client: OAuthClientInformationFull, params: AuthorizationParams) -> str:
        code = secrets.token_urlsafe(16)
        assert client.client_id is not None
        self.codes[code] = AuthorizationCode(
            code=code, scopes=params.scopes or [], expires_at=time.time() + 300, client_id=client.client_id,
            code_challenge=params.code_challenge, redirect_uri=params.redirect_uri,
            redirect_uri_provided_explicitly=params.redirect_uri_provided_explicitly, resource=params.resource)
        return construct_redirect_uri(str(params.redirect_uri), code=code, state=params.state)

    async def load_authorization_code(self, client: OAuthClientInformationFull, authorization_code: str
                                      ) -> AuthorizationCode | None:
        return self.codes.get(authorization_code)

    async def exchange_authorization_code(self, client: OAuthClientInformationFull, authorization_code: AuthorizationCode
                                          ) -> OAuthToken:
        del self.codes[authorization_code.code]
        assert client.client_id is not None
        token, refresh = secrets.token_hex(16), secrets.token_hex(16)
        self.tokens[token] = AccessToken(token=token, client_id=client.client_id, scopes=authorization_code.scopes,
                                         expires_at=int(time.time()) + 3600, resource=authorization_code.resource)
        self.refresh[refresh] = RefreshToken(token=refresh, client_id=client.client_id, scopes=authorization_code.scopes)
        return OAuthToken(access_token=token, token_type="Bearer", expires_in=3600, refresh_token=refresh,
                          scope=" ".join(authorization_code.scopes) or None)

    async def load_refresh_token(self, client: OAuthClientInformationFull, refresh_token: str) -> RefreshToken | None:
        return self.refresh.get(refresh_token)

    async def exchange_refresh_token(self, client: OAuthClientInformationFull, refresh_token: RefreshToken,
                                     scopes: list[str]) -> OAuthToken:
        raise NotImplementedError

    async def load_access_token(self, token: str) -> AccessToken | None:
        return self.tokens.get(token)

    async def revoke_token(self, token: AccessToken | RefreshToken) -> None:
        self.tokens.pop(token.token, None)

    async def exchange_identity_assertion(self, client: OAuthClientInformationFull, params: object) -> OAuthToken:
        raise NotImplementedError


def main(port: int) -> None:
    base = f"http://127.0.0.1:{port}"
    app = MCPServer("locked", auth_server_provider=ApprovingProvider(), auth=AuthSettings(
        issuer_url=base, resource_server_url=f"{base}/mcp",  # type: ignore[arg-type]
        client_registration_options=ClientRegistrationOptions(enabled=True)))

    @app.tool()
    def whoami() -> str:
        """Say that the caller is signed in."""
        return "signed in"

    app.run("streamable-http", host="127.0.0.1", port=port)


if __name__ == "__main__":
    main(int(sys.argv[1]))
