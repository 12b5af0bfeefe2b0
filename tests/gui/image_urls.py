"""Images as the message view meets them (issue 32): a Qt-encoded PNG of any size (fast at
4000×3000, unlike the pure-Python ``tests.fakes.images.png``) and its data URL."""

from __future__ import annotations

import base64

from PySide6.QtCore import QBuffer, QByteArray, QIODevice
from PySide6.QtGui import QColor, QImage


def qt_png(width: int, height: int) -> bytes:
    """A ``width``×``height`` PNG filled with one colour, encoded by Qt."""
    img = QImage(width, height, QImage.Format.Format_RGB32)
    img.fill(QColor(20, 120, 220))
    data = QByteArray()
    buf = QBuffer(data)
    buf.open(QIODevice.OpenModeFlag.WriteOnly)
    img.save(buf, "PNG")
    buf.close()
    return bytes(data.data())


def data_url(data: bytes, mime: str = "image/png") -> str:
    """``data:<mime>;base64,…`` of ``data``."""
    return f"data:{mime};base64,{base64.b64encode(data).decode()}"
