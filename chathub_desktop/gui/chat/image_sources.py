"""Which image sources a rendered message may show (issue 32). Pure: no Qt, no I/O.

A message's Markdown image is drawn only when its source is a ``data:`` URL of a
PNG, JPEG, GIF or WebP image within the bounds below (the bytes announce the type and
the pixel size in their header, checked before anything is decoded), or an attachment
the product stored, named by its content hash: ``chathub-attachment:<sha256 hex>``
(:func:`stored_hash`; its bytes come from the store, with the same checks,
:func:`stored_image`). Any other source
— a path of any kind, ``file:``, ``qrc:``, ``http(s):``, a device, a FIFO, a socket —
is never opened: the message shows a link-like placeholder with the image's text and
source instead (:func:`chathub_desktop.gui.chat.markdown_render.render_markdown`).

The one SVG drawn is a formula the renderer typeset itself (:func:`add_typeset`,
:func:`typeset_svg`): an SVG data URL in a message is a placeholder like any other.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import re
import threading
from collections import OrderedDict
from dataclasses import dataclass

from chathub_desktop.core.attachments import SENDABLE_IMAGE_TYPES, fit_size, header_size, sniff_mime

#: Largest image drawn from a data URL, bytes before base64 (the 5 MB per image most
#: providers take, ``core.attachments.COMPATIBLE_LIMITS``).
MAX_IMAGE_BYTES = 5 * 1024 * 1024
#: Largest image drawn, pixels per edge and in all (decoding is done on the GUI thread
#: while a document is laid out: 16 MP is about 0.1 s).
MAX_IMAGE_EDGE = 8192
MAX_IMAGE_PIXELS = 16_000_000
#: Longest edge an image is shown at in a bubble, px (scaled down, aspect kept).
SHOWN_EDGE = 480

_DATA = re.compile(r"^data:(image/[a-z0-9.+-]+)(;[^,]*)?;base64,", re.IGNORECASE)

#: Scheme of a stored attachment's image source: ``chathub-attachment:<sha256 hex>``.
ATTACHMENT_SCHEME = "chathub-attachment"
_STORED = re.compile(rf"^{ATTACHMENT_SCHEME}:([0-9a-f]{{64}})$", re.IGNORECASE)
#: The stored-attachment sources in a text (for the store look-up before rendering).
STORED_IN_TEXT = re.compile(rf"{ATTACHMENT_SCHEME}:([0-9a-fA-F]{{64}})")


@dataclass(frozen=True, slots=True)
class DataImage:
    """A data-URL image that may be drawn: its ``mime``, encoded ``data``, pixel size
    ``width``×``height`` and the size it is shown at, ``shown`` (px)."""

    mime: str
    data: bytes
    width: int
    height: int

    @property
    def shown(self) -> tuple[int, int]:
        """``(width, height)`` in a bubble: at most :data:`SHOWN_EDGE` px per edge."""
        return fit_size(self.width, self.height, SHOWN_EDGE)


def stored_hash(src: str) -> str | None:
    """The content hash (lower-case hex) of a ``chathub-attachment:<sha256>`` source,
    else ``None``."""
    m = _STORED.match(src)
    return m.group(1).lower() if m else None


def stored_hashes(text: str) -> frozenset[str]:
    """The content hashes of every stored-attachment source named in ``text``."""
    return frozenset(h.lower() for h in STORED_IN_TEXT.findall(text))


def stored_image(data: bytes) -> DataImage | None:
    """The image of a stored attachment's bytes ``data`` when they are a PNG, JPEG, GIF
    or WebP image within the bounds of :func:`data_image`; else ``None`` (never
    decodes pixels)."""
    mime = sniff_mime(data) if len(data) <= MAX_IMAGE_BYTES else None
    return _checked(mime or "", data)


def _checked(mime: str, data: bytes) -> DataImage | None:
    if mime not in SENDABLE_IMAGE_TYPES or sniff_mime(data) != mime:
        return None
    size = header_size(data)
    if size is None:
        return None
    w, h = size
    if not (0 < w <= MAX_IMAGE_EDGE and 0 < h <= MAX_IMAGE_EDGE and w * h <= MAX_IMAGE_PIXELS):
        return None
    return DataImage(mime, data, w, h)


def data_image(src: str) -> DataImage | None:
    """The image of ``src`` when it is a base64 ``data:`` URL of a PNG, JPEG, GIF or
    WebP image of at most :data:`MAX_IMAGE_BYTES` bytes, :data:`MAX_IMAGE_EDGE` px per
    edge and :data:`MAX_IMAGE_PIXELS` pixels whose bytes match its declared type; else
    ``None`` (never raises, never decodes pixels)."""
    m = _DATA.match(src)
    if m is None:
        return None
    payload = src[m.end():]
    if len(payload) > (MAX_IMAGE_BYTES + 2) // 3 * 4 + 4:
        return None
    try:
        data = base64.b64decode(payload.replace("%2B", "+").replace("%2F", "/").replace("%3D", "="),
                                validate=True)
    except (binascii.Error, ValueError):
        return None
    return _checked(m.group(1).lower(), data)


#: Typeset formulas remembered (data URLs, by digest): more than the typesetter's cache.
TYPESET_KEPT = 4096
_typeset: OrderedDict[bytes, None] = OrderedDict()
_typeset_lock = threading.Lock()


def _digest(src: str) -> bytes:
    return hashlib.blake2b(src.encode("utf-8", "surrogatepass"), digest_size=16).digest()


def add_typeset(src: str) -> None:
    """Remember ``src``, the SVG data URL of a formula the renderer typeset (issue 16),
    as one :func:`typeset_svg` may draw (the last :data:`TYPESET_KEPT`)."""
    key = _digest(src)
    with _typeset_lock:
        _typeset[key] = None
        _typeset.move_to_end(key)
        while len(_typeset) > TYPESET_KEPT:
            _typeset.popitem(last=False)


def typeset_svg(src: str) -> bytes | None:
    """The SVG bytes of ``src`` when it is a formula the renderer typeset
    (:func:`add_typeset`), else ``None`` (an SVG from anywhere else is never drawn).
    Never raises."""
    if not src.startswith(_SVG_PREFIX):
        return None
    with _typeset_lock:
        known = _digest(src) in _typeset
    if not known:
        return None
    try:
        return base64.b64decode(src[len(_SVG_PREFIX):], validate=True)
    except (binascii.Error, ValueError):
        return None


_SVG_PREFIX = "data:image/svg+xml;base64,"
