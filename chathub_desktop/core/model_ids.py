"""What a model id says about the model (issue 28): whether it is a chat model at all
(not an embedding, speech or image model) and whether it looks small — a good History
Compress candidate (CMP-3). Pure: ids in, ids out.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from chathub_desktop.core.provider_kinds import ProviderKind

#: Words that mark an id that cannot answer a chat request.
_NOT_CHAT = re.compile(r"embed|tts|whisper|dall-e|moderation|transcribe|rerank|image|audio|realtime|speech")
#: Names of small tiers and parameter counts up to about 4B (``135m``, ``1b``, ``3.8b``).
_SMALL = re.compile(r"(?:^|[^a-z0-9])(?:mini|small|haiku|flash|nano|lite|tiny|\d{2,3}m|[0-3](?:\.\d+)?b|4b)"
                    r"(?:$|[^a-z0-9])")


def is_chat_model(model_id: str) -> bool:
    """False for ids of embedding, speech, image and moderation models."""
    return _NOT_CHAT.search(model_id.lower()) is None


def is_small_model(model_id: str) -> bool:
    """True when the id names a small tier (mini, small, haiku, flash, nano, lite, tiny)
    or a parameter count up to 4B (``smollm2-135m``, ``qwen2.5-1.5b``, ``llama-3.2-3b``)."""
    return is_chat_model(model_id) and _SMALL.search(model_id.lower()) is not None


def small_model(model_ids: Sequence[str]) -> str | None:
    """The first small chat model of ``model_ids`` (the provider's order), or None."""
    return next((m for m in model_ids if is_small_model(m)), None)


#: Who makes a catalog model, by the start of its id.
_VENDOR_PREFIXES = (
    ("claude", "anthropic"), ("deepseek", "deepseek"), ("glm", "zhipu"), ("mercury", "inception"),
    ("gemini", "google"), ("grok", "xai"), ("mistral", "mistral"), ("kimi", "moonshot"), ("moonshot", "moonshot"),
    ("qwen", "qwen"), ("minimax", "minimax"), ("gpt", "openai"), ("o1", "openai"), ("o3", "openai"),
    ("o4", "openai"), ("chatgpt", "openai"), ("codex", "openai"),
)
#: Hosts of vendors' own OpenAI-/Anthropic-compatible APIs and the vendor they serve.
_VENDOR_HOSTS = (
    ("api.deepseek.com", "deepseek"), ("bigmodel.cn", "zhipu"), ("z.ai", "zhipu"),
    ("inceptionlabs.ai", "inception"), ("generativelanguage.googleapis.com", "google"), ("x.ai", "xai"),
    ("mistral.ai", "mistral"), ("moonshot", "moonshot"), ("dashscope", "qwen"), ("minimax", "minimax"),
    ("api.openai.com", "openai"), ("api.anthropic.com", "anthropic"),
)
#: Hosts that route to every vendor's models.
_ROUTERS = ("openrouter.ai",)
_LOCAL = re.compile(r"^(localhost|127\.|0\.0\.0\.0|\[?::1\]?|10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.)")


def vendor_of(model_id: str) -> str | None:
    """The maker of a catalog model by its id's start (``claude-…`` → ``anthropic``), or None."""
    low = model_id.lower().rsplit("/", 1)[-1]
    return next((v for prefix, v in _VENDOR_PREFIXES if low.startswith(prefix)), None)


def catalog_fits(model_id: str, kind: str, base_url: str) -> bool:
    """Whether a bundled-catalog model can be offered under a provider of ``kind`` at
    ``base_url`` (issue 28): the OpenAI and Anthropic kinds serve their maker's models; of
    a compatible kind, a local server serves only what it lists (never Claude or DeepSeek
    from the catalog), a vendor's own API its own models, a router or an unknown remote
    host any."""
    vendor = vendor_of(model_id)
    if kind in (ProviderKind.OPENAI, ProviderKind.OPENAI_RESPONSES):
        return vendor == "openai"
    if kind == ProviderKind.ANTHROPIC:
        return vendor == "anthropic"
    host = re.sub(r"^[a-z]+://", "", base_url.strip().lower()).split("/", 1)[0].rsplit("@", 1)[-1]
    host = host.rsplit(":", 1)[0] if host.count(":") == 1 else host
    if _LOCAL.match(host):
        return False
    if any(host.endswith(r) for r in _ROUTERS):
        return True
    served = next((v for h, v in _VENDOR_HOSTS if h in host), None)
    return served is None or vendor == served


_REASONING_MODEL = re.compile(r"^(o1|o3|o4|gpt-5)([-.:]|$)", re.IGNORECASE)


def uses_max_completion_tokens(model: str) -> bool:
    """True for OpenAI reasoning models (o1, o3, o4-*, gpt-5*, any ``vendor/`` prefix) that
    take ``max_completion_tokens`` instead of ``max_tokens`` and only their default
    temperature. Pure: the topic namer reads it without loading the HTTP client (issue 29)."""
    return bool(_REASONING_MODEL.match(model.rsplit("/", 1)[-1]))
