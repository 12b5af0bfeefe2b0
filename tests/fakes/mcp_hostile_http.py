"""A Streamable HTTP MCP server that answers every request with a hostile body (issue 32).

    CHATHUB_ALLOW_TEST_DOUBLES=1 python tests/fakes/mcp_hostile_http.py PORT

Every POST to ``/MODE`` gets that mode's answer (a GET is refused with 405, as a server
without a notification stream does):

- ``endless-sse-line``: ``text/event-stream``, then one ``data:`` line that never ends.
- ``sse-gzip-bomb``: ``text/event-stream`` sent ``Content-Encoding: gzip``, 2 GB of
  zeros compressed as they are sent (about 1,000 : 1).
- ``json-gzip-bomb``: the same bomb as an ``application/json`` answer.
- ``huge-json``: an ``application/json`` answer that never ends (plain bytes).

Each body ends when the client hangs up.
Test double only: it refuses to run unless ``CHATHUB_ALLOW_TEST_DOUBLES=1``.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

if os.environ.get("CHATHUB_ALLOW_TEST_DOUBLES") != "1":
    raise SystemExit("tests/fakes/mcp_hostile_http.py is a test double (set CHATHUB_ALLOW_TEST_DOUBLES=1)")

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.fakes.hostile_bodies import GB, KB, gzip_bomb  # noqa: E402 - after the path

MODES = ("endless-sse-line", "sse-gzip-bomb", "json-gzip-bomb", "huge-json")


def _endless(head: bytes, piece: bytes) -> Iterator[bytes]:
    yield head
    while True:
        yield piece


def _answer(mode: str) -> tuple[str, bool, Iterator[bytes]]:
    """(content type, gzip-encoded, body) for ``mode``."""
    if mode == "endless-sse-line":
        return "text/event-stream", False, _endless(b'data: {"jsonrpc":"2.0","id":0,"result":"', b"x" * (64 * KB))
    if mode == "sse-gzip-bomb":
        return "text/event-stream", True, gzip_bomb(2 * GB)()
    if mode == "json-gzip-bomb":
        return "application/json", True, gzip_bomb(2 * GB)()
    return "application/json", False, _endless(b'{"jsonrpc":"2.0","id":0,"result":"', b"x" * (64 * KB))


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.0"  # the body runs until the connection closes

    def do_GET(self) -> None:  # noqa: N802 - the http.server hook
        self.send_response(405)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def do_DELETE(self) -> None:  # noqa: N802 - the http.server hook
        self.do_GET()

    def do_POST(self) -> None:  # noqa: N802 - the http.server hook
        self.rfile.read(int(self.headers.get("Content-Length") or 0))
        mode = self.path.strip("/")
        if mode not in MODES:
            self.send_error(404)
            return
        kind, gzipped, body = _answer(mode)
        self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("Mcp-Session-Id", "hostile")
        if gzipped:
            self.send_header("Content-Encoding", "gzip")
        self.send_header("Connection", "close")
        self.end_headers()
        try:
            for chunk in body:
                self.wfile.write(chunk)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the client hung up: what the test wants

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - the base's name
        """Quiet."""


def main() -> None:
    """Serve on 127.0.0.1:``sys.argv[1]`` (0: any free port) until killed; print
    ``ready PORT`` once listening."""
    server = ThreadingHTTPServer(("127.0.0.1", int(sys.argv[1])), _Handler)
    server.daemon_threads = True
    print(f"ready {server.server_address[1]}", flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
