"""Images of a ChatGPT export zip shown as attachments of their messages (issue 14).

A ChatGPT data export zip carries the files users uploaded next to
``conversations.json``, named after their asset id (``file-abc123-photo.jpg``,
``file_00000000…-<uuid>.png``, at any folder depth). :class:`ZipImages` indexes the
zip's members once and, per imported message, reads the images its
``image_asset_pointer`` parts name — bounded: each at most
``core.attachments.MAX_INPUT_BYTES`` and :data:`MAX_ZIP_RATIO` times its compressed
size, the pixel count checked from the header before anything is kept, at most
:data:`MAX_TOTAL_BYTES` per import. An image that is missing, too large or unreadable
stays the ``[image]`` placeholder it already is in the text.
"""

from __future__ import annotations

import dataclasses
import zipfile
from typing import IO

from chathub_desktop.core import attachments as att
from chathub_desktop.core.imported_chat import ImportedConversation, ImportedMessage

#: Image bytes read from one export, in all.
MAX_TOTAL_BYTES = 1024 * 1024 * 1024
#: Largest expansion accepted for an image member (images barely compress).
MAX_ZIP_RATIO = 50
_SUFFIXES = (".png", ".jpg", ".jpeg", ".gif", ".webp", ".bmp")


class ZipImages:
    """The image members of an export zip, by base name, read from ``fh`` (the zip, open
    and kept open by the caller). Use as a context manager."""

    def __init__(self, fh: IO[bytes]) -> None:
        self._zip = zipfile.ZipFile(fh)
        self._members: list[tuple[str, zipfile.ZipInfo]] = [
            (i.filename.replace("\\", "/").rsplit("/", 1)[-1], i)
            for i in self._zip.infolist()
            if not i.is_dir() and i.filename.lower().endswith(_SUFFIXES)
        ]
        self.read_bytes = 0
        self.attached = 0

    def __enter__(self) -> ZipImages:
        return self

    def __exit__(self, *exc: object) -> None:
        self._zip.close()

    def _member(self, asset: str) -> tuple[str, zipfile.ZipInfo] | None:
        for base, info in self._members:
            if base.startswith(asset) and (len(base) == len(asset) or base[len(asset)] in "-._"):
                return base, info
        return None

    def _read(self, asset: str) -> att.Attachment | None:
        found = self._member(asset)
        if found is None:
            return None
        base, info = found
        if (info.file_size > att.MAX_INPUT_BYTES or info.file_size > MAX_ZIP_RATIO * max(info.compress_size, 1)
                or self.read_bytes + info.file_size > MAX_TOTAL_BYTES):
            return None
        try:
            data = self._zip.read(info)
        except (zipfile.BadZipFile, OSError, RuntimeError, ValueError):
            return None
        self.read_bytes += len(data)
        mime = att.sniff_mime(data)
        size = att.header_size(data)
        if mime is None or size is None:
            return None
        try:
            att.check_pixels(base, *size)
        except att.AttachmentRefused:
            return None
        name = base[len(asset):].lstrip("-._") or base
        return att.image_attachment(name, data, mime, *size)

    def attach(self, conv: ImportedConversation) -> ImportedConversation:
        """``conv`` with each message's images (``image_assets``) read into ``media``."""
        if not any(m.image_assets for m in conv.messages):
            return conv
        messages: list[ImportedMessage] = []
        for m in conv.messages:
            media = tuple(a for a in (self._read(x) for x in m.image_assets) if a is not None)
            self.attached += len(media)
            messages.append(dataclasses.replace(m, media=media) if media else m)
        return dataclasses.replace(conv, messages=tuple(messages))
