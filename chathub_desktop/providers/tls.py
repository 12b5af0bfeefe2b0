"""The one verifying TLS context of the app's HTTP clients (httpx's default: certifi's
CA bundle), built once per process: loading the bundle costs 20-130 ms of CPU, and a
send, a Test connection and a model-list refresh each make a new client."""

from __future__ import annotations

import functools
import ssl

import httpx


@functools.lru_cache(maxsize=1)
def tls_context() -> ssl.SSLContext:
    """httpx's default verifying context (``httpx.create_ssl_context()``), shared by every
    client of the process; it is not changed after it is built."""
    return httpx.create_ssl_context()
