"""One TLS context per process for every chat and model-list client (issue 28: loading
certifi's CA bundle costs 20-130 ms of CPU, and each Test connection, model-list
refresh and send builds a new client)."""

from __future__ import annotations

import asyncio
import ssl

import pytest

from chathub_desktop.providers.factory import make_http_client
from chathub_desktop.providers.model_list import check_endpoint
from chathub_desktop.providers.tls import tls_context
from tests.fakes.vendor_server import FakeVendor


def test_model_list_checks_and_chat_clients_reuse_the_one_context(
        fake_vendor: FakeVendor, monkeypatch: pytest.MonkeyPatch) -> None:
    shared = tls_context()
    built: list[object] = []
    real = ssl.create_default_context
    monkeypatch.setattr(ssl, "create_default_context", lambda *a, **k: built.append(a) or real(*a, **k))
    for _ in range(2):  # Test connection twice: the provider's models both times
        check = asyncio.run(check_endpoint("Fake", "openai_compatible", fake_vendor.base_url, None))
        assert check.ok and check.models == ("fake-model",), check.message

    async def chat_client() -> None:
        await make_http_client().aclose()

    asyncio.run(chat_client())
    assert built == [] and tls_context() is shared
