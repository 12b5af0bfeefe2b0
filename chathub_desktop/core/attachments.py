"""Image and file attachments of a user message: shapes, bounds, sizing rules and the
text the request carries for them (issue 14; TOK-1 "images", TOK-5, REF-29).

Pure (no Qt, no I/O): the services decode and resample images with a codec passed in
and store the bytes; this module decides what is accepted, how large an image may be
sent to each provider kind, and how a text file is inlined.

- An :class:`Attachment` is metadata (``sha256`` of the stored bytes, ``kind``
  ``image``/``file``, ``name``, ``mime``, ``size`` in bytes, ``width``/``height`` in
  pixels for images) plus, once loaded, ``data``: the encoded image, or a file's text
  as UTF-8. ``message.attachments`` stores :meth:`Attachment.meta` dicts.
- Images go out as base64 data URLs (REF-29: never a remote URL); text files are
  inlined after the message text as a ``<file name="…">`` block and counted as text.
- Provider limits (:func:`image_limits`): Anthropic "Vision" guide — images whose long
  edge exceeds 1568 px are scaled down by the API anyway (2576 px for the newest Claude
  models, our reading of REF-29) and the API takes at most 5 MB per image; OpenAI
  "Images and vision" — high detail first fits the image inside 2048×2048, so longer
  edges only cost upload bytes, and an image may be at most 20 MB. Other
  OpenAI-compatible servers (local llama.cpp, OpenRouter, …) publish no figure: the
  OpenAI edge with the stricter 5 MB byte limit.
"""

from __future__ import annotations

import base64
import math
import re
import struct
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

from chathub_desktop.core import image_tokens as pricing
from chathub_desktop.core.provider_kinds import ProviderKind
from chathub_desktop.core.reasons import QT_TRANSLATE_NOOP, Reason, ReasonError


class AttachmentKind(StrEnum):
    """What an attachment is; the value is what its stored metadata's ``kind`` holds."""

    IMAGE = "image"
    FILE = "file"


IMAGE = AttachmentKind.IMAGE
FILE = AttachmentKind.FILE

#: Largest file read from disk, the clipboard or a drop, bytes (before any decoding).
MAX_INPUT_BYTES = 40 * 1024 * 1024
#: Largest image decoded, pixels (a decompression bomb is refused before decoding).
MAX_INPUT_PIXELS = 60_000_000
#: Largest text file inlined, bytes (512 KiB ≈ 130,000 tokens of English).
MAX_TEXT_FILE_BYTES = 512 * 1024
#: Attachments per message.
MAX_ATTACHMENTS = 10
#: Longest attachment name kept, characters.
MAX_NAME_CHARS = 200

#: Image types every supported provider accepts (OpenAI, Anthropic: PNG, JPEG, GIF, WebP).
SENDABLE_IMAGE_TYPES = frozenset({"image/png", "image/jpeg", "image/gif", "image/webp"})

_SIGNATURES: tuple[tuple[bytes, int, str], ...] = (
    (b"\x89PNG\r\n\x1a\n", 0, "image/png"),
    (b"\xff\xd8\xff", 0, "image/jpeg"),
    (b"GIF87a", 0, "image/gif"),
    (b"GIF89a", 0, "image/gif"),
    (b"WEBP", 8, "image/webp"),
    (b"BM", 0, "image/bmp"),
)


class AttachmentRefused(ReasonError):
    """An attachment that is not accepted; ``str()`` is the one-line reason (English: the
    CLI's), ``reason`` the same typed for the composer (issue 27)."""


#: Why a file is refused (issue 27: typed; ``%1`` the file's name).
LOOKS_BINARY = QT_TRANSLATE_NOOP("ServiceReasons", "%1 looks binary; only images and text or code files can be "
                                                   "attached")
NOT_AN_IMAGE = QT_TRANSLATE_NOOP("ServiceReasons", "%1 is not a readable image")


@dataclass(frozen=True, slots=True)
class Attachment:
    """One attachment of a user message (see the module docstring for the fields).

    ``data`` is ``None`` until the bytes are loaded from the store (planning needs only
    the metadata; the request that is posted needs the data)."""

    sha256: str
    kind: str
    name: str
    mime: str
    size: int
    width: int | None = None
    height: int | None = None
    data: bytes | None = None

    def meta(self) -> dict[str, object]:
        """The JSON-safe metadata stored in ``message.attachments`` (no bytes)."""
        out: dict[str, object] = {"sha256": self.sha256, "kind": self.kind, "name": self.name,
                                  "mime": self.mime, "bytes": self.size}
        if self.width is not None and self.height is not None:
            out["width"], out["height"] = self.width, self.height
        return out

    @property
    def loaded(self) -> bool:
        """True when :attr:`data` holds the bytes."""
        return self.data is not None

    def with_data(self, data: bytes | None) -> Attachment:
        """A copy carrying ``data``."""
        return Attachment(self.sha256, self.kind, self.name, self.mime, self.size,
                          self.width, self.height, data)


_SHA = re.compile(r"^[0-9a-f]{64}$")


def from_meta(value: object) -> Attachment | None:
    """An :class:`Attachment` (without data) from a stored metadata dict, or ``None`` for
    anything malformed (wrong types, unknown kind, a bad hash); never raises."""
    if not isinstance(value, Mapping):
        return None
    sha, kind, name, mime, size = (value.get(k) for k in ("sha256", "kind", "name", "mime", "bytes"))  # noqa: E501
    if not (isinstance(sha, str) and _SHA.match(sha) and kind in (IMAGE, FILE)
            and isinstance(name, str) and isinstance(mime, str)
            and isinstance(size, int) and not isinstance(size, bool) and size >= 0):
        return None
    w, h = value.get("width"), value.get("height")
    ok = isinstance(w, int) and isinstance(h, int) and not isinstance(w, bool) and w > 0 and h > 0
    return Attachment(sha, str(kind), name[:MAX_NAME_CHARS], mime[:100], size,
                      w if ok else None, h if ok else None)


def attachments_of(values: object) -> tuple[Attachment, ...]:
    """The well-formed attachments of a stored ``message.attachments`` list (others are
    skipped), at most :data:`MAX_ATTACHMENTS`."""
    if not isinstance(values, list):
        return ()
    found = (from_meta(v) for v in values[:MAX_ATTACHMENTS])
    return tuple(a for a in found if a is not None)


def sha256_hex(data: bytes) -> str:
    """Lower-case hex SHA-256 of ``data`` (the blob key)."""
    import hashlib  # OpenSSL loads with the first hash, not before the window's first paint (issue 29)

    return hashlib.sha256(data).hexdigest()


def clean_name(name: str) -> str:
    """The file's base name without control characters, at most :data:`MAX_NAME_CHARS`;
    ``"attachment"`` when nothing is left."""
    base = re.split(r"[\\/]", name)[-1]
    base = "".join(c for c in base if c.isprintable()).strip()
    return base[:MAX_NAME_CHARS] or "attachment"


def sniff_mime(data: bytes) -> str | None:
    """The image type announced by the first bytes (PNG, JPEG, GIF, WebP, BMP), else
    ``None``. WebP also needs the ``RIFF`` container."""
    for magic, offset, mime in _SIGNATURES:
        if data[offset:offset + len(magic)] == magic:
            if mime == "image/webp" and data[:4] != b"RIFF":
                continue
            return mime
    return None


def header_size(data: bytes) -> tuple[int, int] | None:
    """``(width, height)`` from an encoded image's header without decoding it (PNG, GIF,
    WebP, JPEG, BMP), else ``None``."""
    if data[:2] == b"BM" and len(data) >= 26:
        w, h = struct.unpack("<ii", data[18:26])
        return (abs(w), abs(h)) if w and h else None
    return pricing.header_size(data)


def check_input_size(name: str, size: int) -> None:
    """Refuse an input of ``size`` bytes above :data:`MAX_INPUT_BYTES` (read nothing
    more of it). Raises :class:`AttachmentRefused`."""
    if size > MAX_INPUT_BYTES:
        raise AttachmentRefused(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "%1 is %2 MB; attachments are limited to "
                                                                           "%3 MB"),
                                       (name, f"{size / 1048576:.1f}", str(MAX_INPUT_BYTES // 1048576))))


def check_pixels(name: str, width: int, height: int) -> None:
    """Refuse an image whose header announces more than :data:`MAX_INPUT_PIXELS` pixels or
    a zero edge, before it is decoded. Raises :class:`AttachmentRefused`."""
    if width <= 0 or height <= 0:
        raise AttachmentRefused(Reason(NOT_AN_IMAGE, (name,)))
    if width * height > MAX_INPUT_PIXELS:
        raise AttachmentRefused(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "%1 is %2×%3 pixels; images are limited "
                                                                           "to %4 megapixels"),
                                       (name, f"{width:,}", f"{height:,}", str(MAX_INPUT_PIXELS // 1_000_000))))


@dataclass(frozen=True, slots=True)
class ImageLimits:
    """What one provider kind accepts: ``long_edge`` pixels, ``max_bytes`` of encoded
    image (before base64), and the types it takes."""

    long_edge: int
    max_bytes: int
    types: frozenset[str] = SENDABLE_IMAGE_TYPES


#: OpenAI (Chat Completions and Responses): 2048-px fit, 20 MB per image.
OPENAI_LIMITS = ImageLimits(2048, 20 * 1024 * 1024)
#: Anthropic: 1568 px long edge, 5 MB per image — base64 adds a third, so 3.75 MB raw.
ANTHROPIC_LIMITS = ImageLimits(1568, 5 * 1024 * 1024 * 3 // 4)
#: Newest Claude models (4.6 and later, REF-29): 2576 px long edge, same byte limit.
ANTHROPIC_NEW_LIMITS = ImageLimits(2576, 5 * 1024 * 1024 * 3 // 4)
#: Any other OpenAI-compatible server: the OpenAI edge, 5 MB.
COMPATIBLE_LIMITS = ImageLimits(2048, 5 * 1024 * 1024)


def image_limits(provider_kind: str | None, model: str = "") -> ImageLimits:
    """The :class:`ImageLimits` for a provider kind (``ProviderKind`` value; ``None`` =
    no provider yet → the strictest edge and bytes) and model id (see the module
    docstring for the sources)."""
    if provider_kind in (ProviderKind.ANTHROPIC, ProviderKind.ANTHROPIC_COMPATIBLE) or (
            provider_kind is None and "claude" in model.lower()):
        limits = pricing.claude_limits(model.rsplit("/", 1)[-1].lower())
        return ANTHROPIC_NEW_LIMITS if limits and limits[0] > 1568 else ANTHROPIC_LIMITS
    if provider_kind in (ProviderKind.OPENAI, ProviderKind.OPENAI_RESPONSES):
        return OPENAI_LIMITS
    if provider_kind is None:
        return ImageLimits(ANTHROPIC_LIMITS.long_edge, ANTHROPIC_LIMITS.max_bytes)
    return COMPATIBLE_LIMITS


def fit_size(width: int, height: int, long_edge: int) -> tuple[int, int]:
    """``(width, height)`` scaled down, aspect kept, so the longer edge is at most
    ``long_edge`` pixels (unchanged when it already fits); each edge at least 1."""
    if max(width, height) <= long_edge:
        return width, height
    f = long_edge / max(width, height)
    return max(1, min(long_edge, math.floor(width * f + 0.5))), max(1, min(long_edge, math.floor(height * f + 0.5)))


def needs_reencode(mime: str, width: int, height: int, size: int, limits: ImageLimits) -> bool:
    """True when an image must be resampled or re-encoded before it can be sent: a type
    the provider does not take, an edge over the limit, or too many bytes."""
    return mime not in limits.types or max(width, height) > limits.long_edge or size > limits.max_bytes


def decode_text(name: str, data: bytes) -> str:
    """The text of a text or code file, bounded: at most :data:`MAX_TEXT_FILE_BYTES`,
    UTF-8 (a BOM is dropped) or UTF-16 with a BOM, no NUL bytes, few control characters.
    Line endings become ``\\n``. Raises :class:`AttachmentRefused` with the reason
    (binary, too large, not UTF-8)."""
    if len(data) > MAX_TEXT_FILE_BYTES:
        raise AttachmentRefused(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "%1 is %2 KB; text files are limited to "
                                                                           "%3 KB"),
                                       (name, f"{len(data) / 1024:,.0f}", str(MAX_TEXT_FILE_BYTES // 1024))))
    if data[:2] in (b"\xff\xfe", b"\xfe\xff"):
        try:
            text = data.decode("utf-16")
        except UnicodeDecodeError:
            raise AttachmentRefused(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "%1 is not valid UTF-16 text"),
                                           (name,))) from None
    else:
        if b"\x00" in data:
            raise AttachmentRefused(Reason(LOOKS_BINARY, (name,)))
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise AttachmentRefused(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "%1 is not UTF-8 text; only images and "
                                                                               "text or code files can be attached"),
                                           (name,))) from None
    if "\x00" in text:
        raise AttachmentRefused(Reason(LOOKS_BINARY, (name,)))
    control = sum(1 for c in text if c < " " and c not in "\t\n\r\f\v\x1b")
    if control > max(8, len(text) // 100):
        raise AttachmentRefused(Reason(LOOKS_BINARY, (name,)))
    return text.replace("\r\n", "\n").replace("\r", "\n")


def file_attachment(name: str, text: str, mime: str = "text/plain") -> Attachment:
    """A loaded ``file`` attachment for ``text`` (stored as UTF-8; the hash is of those
    bytes)."""
    data = text.encode("utf-8")
    return Attachment(sha256_hex(data), FILE, clean_name(name), mime, len(data), data=data)


def image_attachment(name: str, data: bytes, mime: str, width: int, height: int) -> Attachment:
    """A loaded ``image`` attachment for encoded ``data`` of ``width``×``height`` px."""
    return Attachment(sha256_hex(data), IMAGE, clean_name(name), mime, len(data), width, height, data)


def file_block(name: str, text: str) -> str:
    """The marker a text file is inlined with: ``<file name="NAME">``, the text, and
    ``</file>`` on their own lines (quotes and angle brackets in the name escaped; a
    text's own final newline is not doubled)."""
    safe = name.replace("&", "&amp;").replace('"', "&quot;").replace("<", "&lt;").replace(">", "&gt;")
    body = text if text.endswith("\n") else text + "\n"
    return f'<file name="{safe}">\n{body}</file>'


def file_text(att: Attachment) -> str:
    """The inlined block of a loaded file attachment. Raises ``ValueError`` when its
    text is not loaded (a caller bug: counting or sending needs it)."""
    if att.data is None:
        raise ValueError(f"the text of attachment {att.name} is not loaded")
    return file_block(att.name, att.data.decode("utf-8", errors="replace"))


def inlined_content(content: str, attachments: Sequence[Attachment]) -> str:
    """``content`` followed by each loaded file attachment's block, blank-line separated
    (what the request carries for a user message with files)."""
    parts = inlined_parts(content, attachments)
    return parts[0] if len(parts) == 1 else "".join(parts)


def inlined_parts(content: str, attachments: Sequence[Attachment]) -> list[str]:
    """The pieces :func:`inlined_content` joins, in order (``content``, ``"\\n\\n"``, each
    file block), so a count can read them without the joined copy (issue 29)."""
    blocks = [file_text(a) for a in attachments if a.kind == FILE]
    if not blocks:
        return [content]
    parts = [content] if content else []
    for block in blocks:
        if parts:
            parts.append("\n\n")
        parts.append(block)
    return parts


def data_url(att: Attachment) -> str:
    """``data:<mime>;base64,<data>`` of a loaded image (REF-29: images go by value).
    Raises ``ValueError`` when its bytes are not loaded."""
    if att.data is None:
        raise ValueError(f"the bytes of attachment {att.name} are not loaded")
    return f"data:{att.mime};base64,{base64.b64encode(att.data).decode('ascii')}"


def image_tokens(att: Attachment, model: str) -> int:
    """Input tokens of an image attachment for ``model`` from its stored pixel size
    (TOK-5, REF-29; 8192 when the size or the model is unknown)."""
    size = (att.width, att.height) if att.width and att.height else None
    return pricing.sized_image_tokens(model, size)


_OVER_BUDGET = QT_TRANSLATE_NOOP("ServiceReasons", "%1 is ~%2 tokens; this model's input budget is %3")
_MESSAGE_WITH = QT_TRANSLATE_NOOP("ServiceReasons", "This message with its %1 attachments")


def over_budget(name: str, tokens: int, budget: int) -> Reason:
    """The refusal for an attachment named ``name`` above the input budget (typed, so the
    window says it in the interface language, walk54 #2), e.g. in English
    ``report.txt is ~41,200 tokens; this model's input budget is 30,000``."""
    return Reason(_OVER_BUDGET, (name, f"{tokens:,}", f"{budget:,}"))


def set_over_budget(count: int, tokens: int, budget: int) -> Reason:
    """:func:`over_budget` for a message's ``count`` attachments together."""
    return Reason(_OVER_BUDGET, (Reason(_MESSAGE_WITH, (str(count),)), f"{tokens:,}", f"{budget:,}"))
