"""Image sizes and image input tokens (TOK-5, REF-29): the width and height read from an
encoded image's header, and what one image sent to a model costs by its vendor's formula.

Pure functions over bytes, data URLs and pixel sizes; never raises on malformed input.
A leaf of ``core``: attachments size their images with it, the request assembler and the
token badge price them.
"""

from __future__ import annotations

import base64
import binascii
import math
import re
import struct

__all__ = [
    "FIXED_MEDIA_TOKENS",
    "claude_image_tokens",
    "claude_limits",
    "header_size",
    "image_size",
    "image_tokens",
    "openai_tile_tokens",
    "patch_count",
    "sized_image_tokens",
]

#: Allowance for an image whose size or model is unknown, a remote URL, or a video.
FIXED_MEDIA_TOKENS = 8192
#: Base64 characters decoded to find an image's header (JPEG SOF may follow EXIF data).
_HEADER_B64_CHARS = 262_144

_DATA_URL = re.compile(r"^data:([\w.+-]+/[\w.+-]+)?((?:;[^,;]*)*?);base64,", re.IGNORECASE)


def image_size(data_url: str) -> tuple[int, int] | None:
    """``(width, height)`` in pixels of a base64 data-URL image, or ``None``.

    Reads only the header bytes decoded from the start of the payload: PNG (IHDR),
    GIF (logical screen), WebP (VP8 / VP8L / VP8X) and JPEG (the first SOFn marker).
    Remote URLs, other formats and malformed data give ``None``; never raises.
    """
    m = _DATA_URL.match(data_url)
    if m is None:
        return None
    b64 = data_url[m.end(): m.end() + _HEADER_B64_CHARS]
    b64 = b64[: len(b64) - len(b64) % 4]
    try:
        data = base64.b64decode(b64, validate=False)
    except (binascii.Error, ValueError):
        return None
    return header_size(data)


def header_size(data: bytes) -> tuple[int, int] | None:
    """``(width, height)`` in pixels read from the first bytes of an encoded image (PNG,
    GIF, WebP or JPEG header), or ``None`` for anything else; never raises."""
    try:
        return _png(data) or _gif(data) or _webp(data) or _jpeg(data)
    except (struct.error, IndexError):
        return None


def _png(d: bytes) -> tuple[int, int] | None:
    if d[:8] == b"\x89PNG\r\n\x1a\n" and d[12:16] == b"IHDR":
        w, h = struct.unpack(">II", d[16:24])
        return (w, h) if w and h else None
    return None


def _gif(d: bytes) -> tuple[int, int] | None:
    if d[:6] in (b"GIF87a", b"GIF89a"):
        w, h = struct.unpack("<HH", d[6:10])
        return (w, h) if w and h else None
    return None


def _webp(d: bytes) -> tuple[int, int] | None:
    if d[:4] != b"RIFF" or d[8:12] != b"WEBP":
        return None
    chunk = d[12:16]
    if chunk == b"VP8 " and d[23:26] == b"\x9d\x01\x2a":
        w, h = struct.unpack("<HH", d[26:30])
        return (w & 0x3FFF, h & 0x3FFF)
    if chunk == b"VP8L" and d[20] == 0x2F:
        b = d[21:25]
        w = 1 + (b[0] | ((b[1] & 0x3F) << 8))
        h = 1 + ((b[1] >> 6) | (b[2] << 2) | ((b[3] & 0x0F) << 10))
        return (w, h)
    if chunk == b"VP8X":
        w = 1 + int.from_bytes(d[24:27], "little")
        h = 1 + int.from_bytes(d[27:30], "little")
        return (w, h)
    return None


_SOF = frozenset(range(0xC0, 0xD0)) - {0xC4, 0xC8, 0xCC}


def _jpeg(d: bytes) -> tuple[int, int] | None:
    if d[:2] != b"\xff\xd8":
        return None
    i = 2
    while i + 9 < len(d):
        if d[i] != 0xFF:
            return None
        marker = d[i + 1]
        if marker == 0xFF:  # fill byte
            i += 1
            continue
        if marker in (0xD8, 0x01) or 0xD0 <= marker <= 0xD7:
            i += 2
            continue
        length = struct.unpack(">H", d[i + 2: i + 4])[0]
        if marker in _SOF:
            h, w = struct.unpack(">HH", d[i + 5: i + 9])
            return (w, h) if w and h else None
        i += 2 + length
    return None


#: OpenAI tile models: id prefix → (base tokens, tokens per 512-px tile). Longest match wins.
_OPENAI_TILES: dict[str, tuple[int, int]] = {
    "gpt-4o-mini": (2833, 5667),
    "gpt-4o": (85, 170),
    "chatgpt-4o": (85, 170),
    "gpt-4.1": (85, 170),
    "gpt-4-turbo": (85, 170),
    "gpt-5.1": (70, 140),
}
#: OpenAI patch models: id prefix → (patch cap, multiplier). Longest match wins.
_OPENAI_PATCHES: dict[str, tuple[int, float]] = {
    "gpt-4.1-mini": (1536, 1.62),
    "gpt-4.1-nano": (2500, 1.2),
    "gpt-5": (2500, 1.2),
    "o3": (2500, 1.2),
    "o4": (2500, 1.2),
}
_CLAUDE_VERSION = re.compile(r"claude-(?:(?:opus|sonnet|haiku)-)?(\d+)(?:[-.](\d{1,2}))?(?!\d)")


def _longest_prefix(model: str, table: dict[str, object]) -> str | None:
    hits = [p for p in table if model == p or model.startswith(p + "-") or model.startswith(p + ".")
            or model.startswith(p + ":")]
    return max(hits, key=len) if hits else None


def _bare(model: str) -> str:
    """Model id without a vendor prefix (``openai/gpt-4o`` → ``gpt-4o``), lower case."""
    return model.rsplit("/", 1)[-1].strip().lower()


def openai_tile_tokens(width: int, height: int, base: int, per_tile: int) -> int:
    """OpenAI high-detail tiles: fit inside 2048×2048, then scale so the short edge is at
    most 768, count 512-px tiles; ``base + per_tile × tiles`` (REF-29)."""
    w, h = float(width), float(height)
    if max(w, h) > 2048:
        f = 2048 / max(w, h)
        w, h = w * f, h * f
    if min(w, h) > 768:
        f = 768 / min(w, h)
        w, h = w * f, h * f
    tiles = math.ceil(round(w, 6) / 512) * math.ceil(round(h, 6) / 512)
    return base + per_tile * tiles


def patch_count(width: int, height: int, patch: int, cap: int) -> int:
    """Patches of ``patch`` px covering the image, shrunk (aspect kept) to at most ``cap``.

    ``ceil(w/p) × ceil(h/p)``; over the cap the image is scaled by
    ``sqrt(cap·p² / (w·h))``, then further so whole patches fit along both edges.
    """
    raw = math.ceil(width / patch) * math.ceil(height / patch)
    if raw <= cap:
        return raw
    f = math.sqrt(cap * patch * patch / (width * height))
    w, h = width * f, height * f
    f2 = min(math.floor(w / patch) / (w / patch), math.floor(h / patch) / (h / patch))
    w, h = w * f2, h * f2
    return max(1, min(cap, math.ceil(round(w, 6) / patch) * math.ceil(round(h, 6) / patch)))


def claude_image_tokens(width: int, height: int, long_edge: int, budget: int) -> int:
    """Claude: fit the long edge to ``long_edge``, then 28-px patches capped at ``budget``;
    one token per patch (REF-29)."""
    w, h = float(width), float(height)
    if max(w, h) > long_edge:
        f = long_edge / max(w, h)
        w, h = w * f, h * f
    return patch_count(max(1, round(w)), max(1, round(h)), 28, budget)


def claude_limits(model: str) -> tuple[int, int] | None:
    """``(long edge px, patch budget)`` of a Claude model id (lower case, no vendor
    prefix), or ``None`` when ``model`` names no Claude version (REF-29)."""
    m = _CLAUDE_VERSION.search(model)
    if m is None:
        return None
    major, minor = int(m.group(1)), int(m.group(2) or 0)
    if (major, minor) >= (4, 6):
        return 2576, 4784
    return 1568, 1568


def image_tokens(model: str, url: str) -> int:
    """Input tokens of one image sent to ``model`` (TOK-5, REF-29).

    Only base64 data URLs are measured (a remote image is never fetched). Formulas:

    - OpenAI tile models (``gpt-4o``, ``gpt-4.1``, ``gpt-4-turbo``: 85 + 170/tile;
      ``gpt-4o-mini``: 2833 + 5667/tile; ``gpt-5.1``: 70 + 140/tile) — the image is
      fitted inside 2048×2048, then its short edge scaled down to 768, and covered by
      512-px tiles (:func:`openai_tile_tokens`). Source: OpenAI "Images and vision →
      Calculating costs", as summarised in SPEC REF-29.
    - Newer OpenAI ids (``gpt-5``/``gpt-5-mini``/…, ``gpt-5.2``+, ``o3``, ``o4-mini``,
      ``gpt-4.1-nano``) — 32-px patches capped at 2500, × 1.2; ``gpt-4.1-mini`` capped
      at 1536, × 1.62 (:func:`patch_count`), rounded up. Same source.
    - Claude — long edge fitted to 1568 px, 28-px patches capped at 1568 (one token per
      patch ≈ w·h/750, Anthropic "Vision → Calculate image costs"); Claude 4.6 and later
      (our reading of "newest Claude" in REF-29): long edge 2576, cap 4784.
    - Anything else — unknown model, unknown size, remote URL, video — the fixed
      allowance :data:`FIXED_MEDIA_TOKENS` (8192).
    """
    if not url.lower().startswith("data:image/"):
        return FIXED_MEDIA_TOKENS
    return sized_image_tokens(model, image_size(url))


def sized_image_tokens(model: str, size: tuple[int, int] | None) -> int:
    """Input tokens of one image of ``size`` = ``(width, height)`` pixels sent to
    ``model``, by the formulas of :func:`image_tokens`; ``None`` (size unknown) or an
    unknown model → :data:`FIXED_MEDIA_TOKENS` (TOK-5, REF-29)."""
    if size is None or size[0] <= 0 or size[1] <= 0:
        return FIXED_MEDIA_TOKENS
    w, h = size
    bare = _bare(model)
    if bare.startswith("claude"):
        limits = claude_limits(bare)
        return claude_image_tokens(w, h, *limits) if limits else FIXED_MEDIA_TOKENS
    patch_key = _longest_prefix(bare, _OPENAI_PATCHES)  # type: ignore[arg-type]
    tile_key = _longest_prefix(bare, _OPENAI_TILES)  # type: ignore[arg-type]
    if patch_key and (not tile_key or len(patch_key) > len(tile_key)):
        cap, mult = _OPENAI_PATCHES[patch_key]
        return math.ceil(patch_count(w, h, 32, cap) * mult - 1e-9)
    if tile_key:
        base, per_tile = _OPENAI_TILES[tile_key]
        return openai_tile_tokens(w, h, base, per_tile)
    return FIXED_MEDIA_TOKENS
