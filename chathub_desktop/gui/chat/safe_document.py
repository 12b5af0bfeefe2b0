"""A ``QTextDocument`` that loads nothing it was not given (issue 32).

Qt's own ``QTextDocument.loadResource`` reads any ``<img src>`` or stylesheet link it
meets: a relative name against the working directory, an absolute path, ``file:`` and
``qrc:`` URLs — ``/dev/zero`` without end, a FIFO until someone writes to it. And when
an image resource comes back empty, Qt's image handler tries ``QImage.load(name)`` on
the same name. :class:`SafeTextDocument` replaces the loader: an image is decoded only
from a ``data:`` URL that :func:`~chathub_desktop.gui.chat.image_sources.data_image`
accepts (scaled to the size it is shown at) or a formula the renderer typeset; every
other image is a transparent pixel
(non-empty, so Qt does not try the file itself) and every other resource is refused.

The renderer already turns a refused image into a visible placeholder; this class is
the second line, used by every document that shows text from a message, a search hit
or an import.
"""

from __future__ import annotations

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QObject, QSize, QUrl
from PySide6.QtGui import QColor, QImage, QImageReader, QPainter, QTextDocument
from PySide6.QtSvg import QSvgRenderer

from chathub_desktop.gui.chat.image_sources import (
    MAX_IMAGE_EDGE,
    DataImage,
    data_image,
    typeset_svg,
)

__all__ = ["SafeTextDocument", "decode_image", "decode_shown"]

_IMAGE = int(QTextDocument.ResourceType.ImageResource.value)


def _blank() -> QImage:
    img = QImage(1, 1, QImage.Format.Format_ARGB32)
    img.fill(QColor(0, 0, 0, 0))
    return img


def decode_shown(src: str) -> QImage | None:
    """The image of data URL ``src`` decoded at its shown size (at most
    :data:`~chathub_desktop.gui.chat.image_sources.SHOWN_EDGE` px per edge), or ``None``
    when :func:`~chathub_desktop.gui.chat.image_sources.data_image` refuses it or Qt cannot
    decode it. A formula the renderer typeset
    (:func:`~chathub_desktop.gui.chat.image_sources.typeset_svg`) is drawn at its own size."""
    svg = typeset_svg(src)
    if svg is not None:
        return _draw_svg(svg)
    found = data_image(src)
    return None if found is None else decode_image(found)


def _draw_svg(svg: bytes) -> QImage | None:
    """A typeset formula's SVG drawn on a transparent image of its own size (``None``
    when Qt cannot read it or it is larger than ``MAX_IMAGE_EDGE`` px per edge)."""
    renderer = QSvgRenderer(QByteArray(svg))
    size = renderer.defaultSize()
    if not renderer.isValid() or not (0 < size.width() <= MAX_IMAGE_EDGE and 0 < size.height() <= MAX_IMAGE_EDGE):
        return None
    image = QImage(size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(QColor(0, 0, 0, 0))
    painter = QPainter(image)
    renderer.render(painter)
    painter.end()
    return image


def decode_image(found: DataImage) -> QImage | None:
    """``found`` decoded at its shown size (``None`` when Qt cannot decode it or its
    header lied about its size). Qt's decoder lets go of the interpreter lock: run it
    on a worker thread."""
    buf = QBuffer()
    buf.setData(QByteArray(found.data))
    buf.open(QIODevice.OpenModeFlag.ReadOnly)
    reader = QImageReader(buf)
    reader.setAutoTransform(False)
    size = reader.size()
    if not size.isValid() or size.width() != found.width or size.height() != found.height:
        return None  # the decoder disagrees with the header: not drawn
    w, h = found.shown
    if (w, h) != (found.width, found.height):
        reader.setScaledSize(QSize(w, h))
    image = reader.read()
    buf.close()
    return None if image.isNull() else image


class SafeTextDocument(QTextDocument):
    """``QTextDocument`` whose resources are limited to accepted ``data:`` images (see
    the module docstring). ``refused`` counts the resources it turned down."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.refused = 0

    def loadResource(self, type: int, name: QUrl | str) -> object:  # noqa: A002 - Qt's signature
        """An accepted data-URL image as a ``QImage``; a transparent pixel for any other
        image; ``None`` for anything else. Never touches the file system or network."""
        name = QUrl(name)
        if int(type) == _IMAGE:
            if name.scheme().lower() == "data":
                image = decode_shown(name.toString())
                if image is not None:
                    return image
            self.refused += 1
            return _blank()
        self.refused += 1
        return None

