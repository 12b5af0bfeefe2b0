"""Stored attachments drawn inline where a message names them by content hash (issue
32): ``![chart](chathub-attachment:<sha256>)``.

:class:`StoredImages` keeps the decoded images (at their shown size) of the hashes the
message view asked for. A hash it has not seen starts a load through ``start(sha)``
(the attachments controller reads the blob on a worker and decodes it there with
:func:`decode_stored`, then calls :meth:`StoredImages.deliver`); :attr:`arrived` then
tells the message delegate to render the messages that name it again. Only bytes from
the store are ever decoded: a hash the store does not hold, or bytes that are not an
image within the bounds of :mod:`~chathub_desktop.gui.chat.image_sources`, stay a
placeholder with the image's text. Nothing is read from a file or the network.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Iterable

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QImage

from chathub_desktop.gui.chat.image_sources import ATTACHMENT_SCHEME, stored_image
from chathub_desktop.gui.chat.safe_document import decode_image

__all__ = ["CACHE_SIZE", "StoredImages", "decode_stored", "source_of"]

#: Decoded images kept (each at most 480×480 px).
CACHE_SIZE = 200


def source_of(sha: str) -> str:
    """The image source that names stored attachment ``sha``."""
    return f"{ATTACHMENT_SCHEME}:{sha}"


def decode_stored(data: bytes | None) -> QImage | None:
    """A stored attachment's bytes decoded at their shown size, or ``None`` when they
    are missing or not an image within bounds. Run it on a worker thread."""
    found = stored_image(data) if data else None
    return None if found is None else decode_image(found)


class StoredImages(QObject):
    """Decoded stored attachments by content hash; ``start(sha)`` begins loading one
    (off the GUI thread) and ends in :meth:`deliver`."""

    arrived = Signal(str)  # the hash whose image (or absence) is now known

    def __init__(self, start: Callable[[str], None], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._start = start
        self._images: OrderedDict[str, QImage] = OrderedDict()
        self._pending: set[str] = set()
        self._missing: set[str] = set()

    def known(self, hashes: Iterable[str]) -> dict[str, QImage]:
        """The decoded images among ``hashes``; loading starts (once) for the ones never
        asked for. GUI thread."""
        out: dict[str, QImage] = {}
        for sha in hashes:
            image = self._images.get(sha)
            if image is not None:
                self._images.move_to_end(sha)
                out[sha] = image
            elif sha not in self._pending and sha not in self._missing:
                self._pending.add(sha)
                self._start(sha)
        return out

    def deliver(self, sha: str, image: QImage | None) -> None:
        """The image of ``sha`` decoded on a worker (``None``: not in the store or not a
        drawable image). GUI thread."""
        self._pending.discard(sha)
        if image is None or image.isNull():
            self._missing.add(sha)
        else:
            self._images[sha] = image
            while len(self._images) > CACHE_SIZE:
                self._images.popitem(last=False)
        self.arrived.emit(sha)
