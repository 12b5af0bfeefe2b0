"""Which provider is a local/self-hosted server (issue 24, REF-27): only there can a far
smaller input report mean the server cut the prompt; a hosted vendor's report is its bill."""

from __future__ import annotations

import pytest

from chathub_desktop.core.base_urls import is_self_hosted
from chathub_desktop.core.provider_kinds import ProviderKind

COMPATIBLE = ProviderKind.OPENAI_COMPATIBLE


@pytest.mark.parametrize("url", [
    "http://127.0.0.1:11434/v1",  # Ollama's default
    "http://localhost:1234/v1",  # LM Studio's default
    "http://[::1]:8080/v1",  # llama.cpp server
    "http://10.0.0.7:8000/v1",  # vLLM on the LAN
    "http://192.168.1.20/v1",
    "http://172.20.3.4:9000/v1",
    "http://100.101.102.103:8000/v1",  # a tailnet address
    "http://gpu-box:8000/v1",  # a single-label LAN name
    "http://ollama.local:11434/v1",
    "https://models.example.com:11434/v1",  # Ollama's port on any host
    "http://inference.example.com:8000/v1",  # vLLM's port
    "http://inference.example.com:8080/v1",  # llama.cpp's port
    "http://studio.example.com:1234/v1",  # LM Studio's port
])
def test_an_openai_compatible_server_on_a_local_address_or_a_local_servers_port_is_self_hosted(url: str) -> None:
    assert is_self_hosted(COMPATIBLE, url)


@pytest.mark.parametrize("url", [
    "https://openrouter.ai/api/v1",
    "https://api.deepseek.com/v1",
    "https://api.z.ai/api/paas/v4",
    "https://api.inceptionlabs.ai/v1",
    "https://8.8.8.8/v1",
    "not a url",
    "",
])
def test_a_hosted_openai_compatible_vendor_is_not_self_hosted(url: str) -> None:
    assert not is_self_hosted(COMPATIBLE, url)


@pytest.mark.parametrize("kind", [ProviderKind.OPENAI, ProviderKind.OPENAI_RESPONSES, ProviderKind.ANTHROPIC,
                                  ProviderKind.ANTHROPIC_COMPATIBLE])
def test_the_hosted_kinds_are_never_self_hosted_whatever_their_url(kind: ProviderKind) -> None:
    assert not is_self_hosted(kind, "http://127.0.0.1:11434/v1")
    assert not is_self_hosted(kind, kind.default_base_url)
