"""Image decoding and re-encoding with Qt's ``QImage`` (issue 14), for
``services.chat.attachment_service.ImageCodec`` and for thumbnails.

``QImage`` is reentrant: these functions run on worker threads (never on the GUI
thread for a large image). The size rule and the limits come from
``core.attachments``; this module only resamples and encodes.
"""

from __future__ import annotations

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, Qt
from PySide6.QtGui import QImage, QPainter

from chathub_desktop.core.reasons import QT_TRANSLATE_NOOP, Reason, ReasonError

#: JPEG qualities tried in turn until the image fits its byte limit.
JPEG_QUALITIES = (90, 82, 72, 60, 45)


def encode(image: QImage, fmt: str, quality: int = -1) -> bytes:
    """``image`` encoded as ``fmt`` (``PNG``/``JPEG``; ``quality`` 0–100, -1 = default).
    Raises ``ValueError`` when Qt cannot encode it."""
    data = QByteArray()
    buf = QBuffer(data)
    buf.open(QIODevice.OpenModeFlag.WriteOnly)
    ok = image.save(buf, fmt, quality)  # type: ignore[call-overload]  # the stub says bytes; run time takes str
    buf.close()
    if not ok:
        raise ReasonError(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "could not encode the image as %1"), (fmt,)))
    return bytes(data.data())


class QtImageCodec:
    """``ImageCodec`` with ``QImage``: smooth scaling; PNG for images with transparency
    when that fits the byte limit, else JPEG at falling quality (transparency is then
    flattened onto white)."""

    def fit(self, data: bytes, width: int, height: int, max_bytes: int) -> tuple[bytes, str]:
        """``data`` decoded, scaled to ``width``×``height`` px and encoded within
        ``max_bytes``; returns ``(bytes, mime)``. Raises ``ValueError`` when it cannot be
        decoded or made small enough."""
        image = QImage.fromData(data)
        if image.isNull():
            raise ReasonError(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "the image could not be decoded")))
        if (image.width(), image.height()) != (width, height):
            image = image.scaled(width, height, Qt.AspectRatioMode.IgnoreAspectRatio,
                                 Qt.TransformationMode.SmoothTransformation)
        if image.hasAlphaChannel():
            png = encode(image, "PNG")
            if len(png) <= max_bytes:
                return png, "image/png"
            flat = QImage(image.size(), QImage.Format.Format_RGB32)
            flat.fill(Qt.GlobalColor.white)
            painter = QPainter(flat)
            painter.drawImage(0, 0, image)
            painter.end()
            image = flat
        else:
            image = image.convertToFormat(QImage.Format.Format_RGB32)
        for quality in JPEG_QUALITIES:
            jpeg = encode(image, "JPEG", quality)
            if len(jpeg) <= max_bytes:
                return jpeg, "image/jpeg"
        raise ReasonError(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "still above %1 KB at the lowest quality"),
                                 (f"{max_bytes // 1024:,}",)))


def thumbnail(data: bytes, edge: int) -> QImage:
    """``data`` decoded and scaled (aspect kept, smooth) to fit ``edge``×``edge`` px; a
    null ``QImage`` when it cannot be decoded. Call it on a worker thread."""
    image = QImage.fromData(data)
    if image.isNull():
        return image
    if max(image.width(), image.height()) > edge:
        image = image.scaled(edge, edge, Qt.AspectRatioMode.KeepAspectRatio,
                             Qt.TransformationMode.SmoothTransformation)
    return image
