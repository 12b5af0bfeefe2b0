"""Provider-reported context windows (issue 28, NUM-2): Test connection reads the window
a ``/models`` answer carries (OpenRouter ``context_length``, LM Studio
``max_context_length``, llama.cpp ``meta.n_ctx_train`` and the ``/props`` window it
serves), keeps it beside the list, and a model without a user card gets it as its
window — user card > provider figure > catalog > fallback."""

from __future__ import annotations

import asyncio

from chathub_desktop.core.model_cards import WindowSource
from chathub_desktop.services.container import Services
from tests.fakes.vendor_server import FakeVendor


def _test(services: Services, fake_vendor: FakeVendor, kind: str = "openai_compatible") -> int:
    p = services.providers.add("Fake", kind, fake_vendor.base_url)
    result = asyncio.run(services.provider_models.test(p.id))
    assert result.ok, result.message
    return p.id


def test_reported_windows_are_kept_and_used_for_models_without_a_card(
        services: Services, fake_vendor: FakeVendor) -> None:
    fake_vendor.models = ["gpt-4o", "router/any-model", "studio-model", "silent-model"]
    fake_vendor.model_fields = {
        "router/any-model": {"context_length": 32_768},
        "studio-model": {"max_context_length": 16_384},
        "gpt-4o": {"context_length": 64_000},  # the provider serves it smaller than the catalog says
        "silent-model": {"context_length": True},  # no figure
    }
    pid = _test(services, fake_vendor)
    assert services.provider_models.windows(pid) == {
        "router/any-model": 32_768, "studio-model": 16_384, "gpt-4o": 64_000}
    card = services.provider_models.card(pid, "router/any-model")
    assert card.known and card.context_window == 32_768 and card.window_source is WindowSource.PROVIDER
    assert services.provider_models.card(pid, "gpt-4o").context_window == 64_000  # beats the catalog
    silent = services.provider_models.card(pid, "silent-model")
    assert not silent.known and silent.window_source is WindowSource.FALLBACK
    services.models.set("router/any-model", context_window=8_000, provider="Fake")
    mine = services.provider_models.card(pid, "router/any-model")
    assert mine.context_window == 8_000 and mine.window_source is WindowSource.USER_CARD  # the user's card wins


def test_a_llama_cpp_server_is_asked_the_window_it_serves(services: Services, fake_vendor: FakeVendor) -> None:
    fake_vendor.models = ["smollm2-135m"]
    fake_vendor.model_fields = {"smollm2-135m": {"owned_by": "llamacpp", "meta": {"n_ctx_train": 8192}}}
    fake_vendor.props = {"default_generation_settings": {"n_ctx": 4096}}
    pid = _test(services, fake_vendor)
    assert services.provider_models.windows(pid) == {"smollm2-135m": 4096}
    fake_vendor.props = None  # an older server without /props: the trained window
    asyncio.run(services.provider_models.test(pid))
    assert services.provider_models.windows(pid) == {"smollm2-135m": 8192}


def test_a_new_list_replaces_the_windows_and_deleting_the_provider_drops_them(
        services: Services, fake_vendor: FakeVendor) -> None:
    fake_vendor.models = ["m1"]
    fake_vendor.model_fields = {"m1": {"context_length": 4096}}
    pid = _test(services, fake_vendor)
    fake_vendor.model_fields = {}
    asyncio.run(services.provider_models.test(pid))
    assert services.provider_models.windows(pid) == {}
    fake_vendor.model_fields = {"m1": {"context_length": 4096}}
    asyncio.run(services.provider_models.test(pid))
    services.providers.delete(pid)
    assert services.provider_models.windows(pid) == {} and services.provider_models.cached(pid) == ()


def test_an_ollama_server_is_asked_the_window_it_serves_not_the_trained_one(
        services: Services, fake_vendor: FakeVendor) -> None:
    """Issue 28: Ollama's ``/api/show`` reports the trained window (131,072); the served
    one is the loaded model's (``/api/ps``), else the Modelfile's ``num_ctx``, else the
    server's default (4,096 since v0.6.7). A model without ``tools`` in its capabilities
    takes none."""
    fake_vendor.models = ["llama3.2:latest", "qwen2.5:0.5b", "tuned:8k"]
    fake_vendor.ollama_version = "0.12.3"
    trained = {"llama.context_length": 131072}
    fake_vendor.ollama_show = {
        "llama3.2:latest": {"model_info": trained, "capabilities": ["completion", "tools"]},
        "qwen2.5:0.5b": {"model_info": trained, "capabilities": ["completion"]},
        "tuned:8k": {"parameters": "num_ctx 8192\ntemperature 0.2", "model_info": trained},
    }
    fake_vendor.ollama_ps = {"models": [{"name": "qwen2.5:0.5b", "model": "qwen2.5:0.5b", "context_length": 2048}]}
    pid = _test(services, fake_vendor)
    assert services.provider_models.windows(pid) == {"llama3.2:latest": 4096, "qwen2.5:0.5b": 2048, "tuned:8k": 8192}
    assert services.provider_models.takes_no_tools(pid, "qwen2.5:0.5b")
    assert not services.provider_models.takes_no_tools(pid, "llama3.2:latest")
    card = services.provider_models.card(pid, "llama3.2:latest")
    assert card.context_window == 4096 and card.window_source is WindowSource.PROVIDER
    fake_vendor.ollama_version = "0.6.6"  # an older server: its default was 2,048
    fake_vendor.ollama_ps = {"models": []}
    asyncio.run(services.provider_models.test(pid))
    assert services.provider_models.windows(pid)["llama3.2:latest"] == 2048
    assert fake_vendor.requests == []  # the probes are not chat requests
