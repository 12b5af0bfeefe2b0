"""What a model id says about the model (issue 28): whether it is a chat model at all
(not an embedding, speech or image model) and whether it looks small — a good History
Compress candidate (CMP-3). Pure: ids in, ids out.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

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
