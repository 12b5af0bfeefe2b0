"""Test connection (issue 16) against the fake vendor over HTTP: the model list, a
refused key, an unreachable server, a non-API answer."""

from __future__ import annotations

import asyncio
import socket

from chathub_desktop.services.providers.connection_check import check_connection
from tests.fakes.vendor_server import FakeVendor


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_models_are_listed_with_the_key(services, fake_vendor: FakeVendor) -> None:
    fake_vendor.models_key = "sk-right"
    services.providers.add("Fake", "openai", fake_vendor.base_url, api_key="sk-right")
    result = asyncio.run(check_connection(services.providers, "Fake"))
    assert result.ok and result.models == ("fake-model",)
    assert result.message.startswith("Connected to Fake in ") and result.message.endswith("1 model offered")


def test_a_wrong_key_is_named_as_refused(services, fake_vendor: FakeVendor) -> None:
    fake_vendor.models_key = "sk-right"
    services.providers.add("Fake", "anthropic", fake_vendor.base_url, api_key="sk-wrong")
    result = asyncio.run(check_connection(services.providers, "Fake"))
    assert not result.ok and result.message == "Fake refused the API key (401 Unauthorized)"


def test_an_unreachable_server_names_the_url(services) -> None:
    url = f"http://127.0.0.1:{_free_port()}/v1"
    services.providers.add("Gone", "openai_compatible", url)
    result = asyncio.run(check_connection(services.providers, "Gone", timeout_s=5))
    assert not result.ok and result.message.startswith(f"cannot connect to {url}/models")


def test_a_server_that_is_not_the_api_says_so(services, fake_vendor: FakeVendor) -> None:
    services.providers.add("Wrong", "openai_compatible", fake_vendor.base_url + "/nested")
    result = asyncio.run(check_connection(services.providers, "Wrong"))
    assert not result.ok and result.message == f"{fake_vendor.base_url}/nested/models answered 404 Not Found"
