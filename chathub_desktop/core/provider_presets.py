"""Provider presets of the setup wizard (issue 28): for each well-known service its kind,
base URL and where to get a key. Pure data; the wizard fills the provider form from it.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from chathub_desktop.core.provider_kinds import ProviderKind


class PresetPlace(enum.Enum):
    """Where a preset's models run, which its icon shows (a generic glyph, no logo)."""

    CLOUD = "cloud"  # a vendor's own API
    ROUTER = "router"  # one API routing to many vendors
    LOCAL = "local"  # a server on this machine or network
    CUSTOM = "custom"  # an endpoint the user types


@dataclass(frozen=True)
class ProviderPreset:
    """One preset: ``name`` (also the provider's suggested name), its ``kind``, the API's
    ``base_url`` ("" for a custom endpoint the user types), ``key_url``, the page where a
    key is made ("" when unknown), ``needs_key`` (False for local servers) and ``place``
    (:class:`PresetPlace`: local servers need no key, a blank URL is custom)."""

    name: str
    kind: ProviderKind
    base_url: str
    key_url: str = ""
    needs_key: bool = True
    router: bool = False

    @property
    def place(self) -> PresetPlace:
        """Where the preset's models run (its icon)."""
        if not self.base_url:
            return PresetPlace.CUSTOM
        if not self.needs_key:
            return PresetPlace.LOCAL
        return PresetPlace.ROUTER if self.router else PresetPlace.CLOUD


_C = ProviderKind.OPENAI_COMPATIBLE
#: The presets in the order the wizard offers them.
PRESETS: tuple[ProviderPreset, ...] = (
    ProviderPreset("OpenAI", ProviderKind.OPENAI, "https://api.openai.com/v1", "https://platform.openai.com/api-keys"),
    ProviderPreset("Anthropic", ProviderKind.ANTHROPIC, "https://api.anthropic.com",
                   "https://console.anthropic.com/settings/keys"),
    ProviderPreset("OpenRouter", _C, "https://openrouter.ai/api/v1", "https://openrouter.ai/keys", router=True),
    ProviderPreset("DeepSeek", _C, "https://api.deepseek.com/v1", "https://platform.deepseek.com/api_keys"),
    ProviderPreset("Z.AI", _C, "https://api.z.ai/api/paas/v4", "https://z.ai/manage-apikey/apikey-list"),
    ProviderPreset("Inception", _C, "https://api.inceptionlabs.ai/v1", "https://platform.inceptionlabs.ai/"),
    ProviderPreset("Ollama", _C, "http://localhost:11434/v1", needs_key=False),
    ProviderPreset("LM Studio", _C, "http://localhost:1234/v1", needs_key=False),
    ProviderPreset("llama.cpp server", _C, "http://localhost:8080/v1", needs_key=False),
    ProviderPreset("vLLM", _C, "http://localhost:8000/v1", needs_key=False),
    ProviderPreset("Custom OpenAI-compatible", _C, ""),
    ProviderPreset("Custom Anthropic-compatible", ProviderKind.ANTHROPIC_COMPATIBLE, ""),
)
