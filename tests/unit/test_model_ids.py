"""Picking a small History Compress model from a provider's list (issue 28, CMP-3)."""

from __future__ import annotations

import pytest

from chathub_desktop.core.model_ids import is_chat_model, is_small_model, small_model


@pytest.mark.parametrize("model", ["gpt-5-mini", "claude-3-5-haiku-latest", "gemini-2.0-flash", "smollm2-135m",
                                   "llama-3.2-1b-instruct", "qwen2.5:3b", "mistral-small-latest", "gpt-4.1-nano",
                                   "Qwen2.5-1.5B-Instruct"])
def test_small_models_are_recognised(model: str) -> None:
    assert is_small_model(model)


@pytest.mark.parametrize("model", ["gpt-5", "claude-sonnet-4-5", "llama-3.1-70b", "deepseek-chat", "minimax-m1",
                                   "qwen2.5-14b", "text-embedding-3-small", "gpt-4o-mini-tts", "smallville-13b"])
def test_large_or_non_chat_models_are_not(model: str) -> None:
    assert not is_small_model(model)


def test_the_first_small_chat_model_in_the_providers_order() -> None:
    assert small_model(["gpt-5", "text-embedding-3-small", "gpt-5-mini", "gpt-5-nano"]) == "gpt-5-mini"
    assert small_model(["llama-3.1-70b"]) is None
    assert not is_chat_model("whisper-1")


@pytest.mark.parametrize(("model", "kind", "url", "fits"), [
    ("claude-sonnet-4-5", "openai_compatible", "http://127.0.0.1:8080/v1", False),  # llama.cpp server
    ("deepseek-chat", "openai_compatible", "http://localhost:11434/v1", False),  # Ollama
    ("gpt-5-mini", "openai_compatible", "http://192.168.1.20:8000/v1", False),  # vLLM on the LAN
    ("claude-sonnet-4-5", "anthropic", "https://api.anthropic.com", True),
    ("gpt-5-mini", "anthropic", "https://api.anthropic.com", False),
    ("deepseek-chat", "openai_compatible", "https://api.deepseek.com/v1", True),
    ("claude-sonnet-4-5", "openai_compatible", "https://api.deepseek.com/v1", False),
    ("claude-sonnet-4-5", "openai_compatible", "https://openrouter.ai/api/v1", True),
    ("gpt-5-mini", "openai", "https://api.openai.com/v1", True),
    ("claude-sonnet-4-5", "openai", "https://api.openai.com/v1", False),
    ("gpt-4o", "openai", "http://127.0.0.1:9/v1", True),  # the OpenAI kind serves OpenAI models
])
def test_catalog_models_fit_only_providers_that_can_serve_them(model: str, kind: str, url: str, fits: bool) -> None:
    from chathub_desktop.core.model_ids import catalog_fits

    assert catalog_fits(model, kind, url) is fits
