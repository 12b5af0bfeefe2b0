"""The provider's own models (issue 14): Test connection with a form's unsaved values,
the fetched list kept per provider in the store, the dialog's choices (provider's models
first, catalog second) and the fallback-window card of a model without one."""

from __future__ import annotations

import asyncio

import pytest

from chathub_desktop.services.container import Services, open_services
from tests.fakes.vendor_server import FakeVendor


def test_unsaved_values_are_tested_with_the_typed_key(services: Services, fake_vendor: FakeVendor) -> None:
    fake_vendor.models_key = "sk-right"
    good = asyncio.run(services.provider_models.test_values("New", "openai", fake_vendor.base_url + "/",
                                                            key="sk-right"))
    assert good.ok and good.models == ("fake-model",)
    bad = asyncio.run(services.provider_models.test_values("New", "openai", fake_vendor.base_url, key="sk-wrong"))
    assert not bad.ok and bad.message == "New refused the API key (401 Unauthorized)"
    assert services.providers.list() == []  # nothing was saved


def test_a_missing_env_var_or_a_bad_url_is_the_answer(services: Services, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NO_SUCH_KEY_VAR", raising=False)
    r = asyncio.run(services.provider_models.test_values("X", "openai", "https://api.example.com/v1",
                                                         key_env="NO_SUCH_KEY_VAR"))
    assert not r.ok and "NO_SUCH_KEY_VAR is not set" in r.message
    r = asyncio.run(services.provider_models.test_values("X", "openai", "ftp://nowhere"))
    assert not r.ok and "\n" not in r.message


def test_a_stored_providers_list_is_kept_and_offered_first(tmp_path, fake_vendor: FakeVendor) -> None:  # type: ignore[no-untyped-def]
    url = f"sqlite:///{tmp_path / 's.sqlite3'}"
    svc = open_services(url)
    p = svc.providers.add("Fake", "openai", fake_vendor.base_url, api_key="sk")
    assert svc.provider_models.choices(p.id)[0] == ()
    assert asyncio.run(svc.provider_models.test(p.id)).ok
    svc.close()
    svc = open_services(url)  # kept in the store, not only in memory
    try:
        own, catalog = svc.provider_models.choices(p.id)
        assert own == ("fake-model",)
        assert "gpt-4o" in catalog and "fake-model" not in catalog
    finally:
        svc.close()


def test_a_model_without_a_card_gets_the_fallback_window(services: Services) -> None:
    p = services.providers.add("Local", "openai_compatible", "http://127.0.0.1:9/v1")
    known = services.provider_models.card(p.id, "gpt-4o")
    unknown = services.provider_models.card(p.id, "my-own-finetune")
    assert known.known and known.context_window == 128_000
    assert not unknown.known and unknown.context_window > 0
    services.models.set("my-own-finetune", context_window=32_000, provider="Local")
    assert services.provider_models.card(p.id, "my-own-finetune").context_window == 32_000
