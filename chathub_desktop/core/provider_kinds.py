"""Provider kinds the user can configure and the wire protocol each one speaks (APP-1)."""

from __future__ import annotations

from enum import StrEnum


class WireProtocol(StrEnum):
    """The three HTTP wire formats ChatHub Desktop speaks."""

    OPENAI_CHAT = "openai_chat"
    OPENAI_RESPONSES = "openai_responses"
    ANTHROPIC_MESSAGES = "anthropic_messages"


class ProviderKind(StrEnum):
    """What the user picks in Settings → Providers.

    ``openai_compatible`` covers OpenRouter, DeepSeek, Z.AI, Inception and local
    servers (Ollama, LM Studio, vLLM, llama.cpp).
    """

    OPENAI = "openai"
    OPENAI_COMPATIBLE = "openai_compatible"
    OPENAI_RESPONSES = "openai_responses"
    ANTHROPIC = "anthropic"
    ANTHROPIC_COMPATIBLE = "anthropic_compatible"

    @property
    def protocol(self) -> WireProtocol:
        """Wire protocol used to talk to a provider of this kind."""
        return _PROTOCOLS[self]

    @property
    def label(self) -> str:
        """Human label for menus."""
        return _LABELS[self]

    @property
    def default_base_url(self) -> str:
        """Base URL offered when the user adds a provider of this kind."""
        return _DEFAULT_URLS[self]

    @property
    def needs_api_key(self) -> bool:
        """False only for kinds where local servers commonly run without a key."""
        return self is not ProviderKind.OPENAI_COMPATIBLE


_PROTOCOLS = {
    ProviderKind.OPENAI: WireProtocol.OPENAI_CHAT,
    ProviderKind.OPENAI_COMPATIBLE: WireProtocol.OPENAI_CHAT,
    ProviderKind.OPENAI_RESPONSES: WireProtocol.OPENAI_RESPONSES,
    ProviderKind.ANTHROPIC: WireProtocol.ANTHROPIC_MESSAGES,
    ProviderKind.ANTHROPIC_COMPATIBLE: WireProtocol.ANTHROPIC_MESSAGES,
}
_LABELS = {
    ProviderKind.OPENAI: "OpenAI",
    ProviderKind.OPENAI_COMPATIBLE: "OpenAI-compatible (OpenRouter, DeepSeek, Z.AI, Inception, Ollama, LM Studio, vLLM)",
    ProviderKind.OPENAI_RESPONSES: "OpenAI Responses",
    ProviderKind.ANTHROPIC: "Anthropic",
    ProviderKind.ANTHROPIC_COMPATIBLE: "Anthropic-compatible",
}
_DEFAULT_URLS = {
    ProviderKind.OPENAI: "https://api.openai.com/v1",
    ProviderKind.OPENAI_COMPATIBLE: "http://127.0.0.1:11434/v1",
    ProviderKind.OPENAI_RESPONSES: "https://api.openai.com/v1",
    ProviderKind.ANTHROPIC: "https://api.anthropic.com/v1",
    ProviderKind.ANTHROPIC_COMPATIBLE: "https://api.anthropic.com/v1",
}
