"""Small real images for attachment tests (issue 14), encoded without Pillow or Qt."""

from __future__ import annotations

import struct
import zlib


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def png(width: int, height: int, rgb: tuple[int, int, int] = (200, 60, 40)) -> bytes:
    """A valid ``width``×``height`` RGB PNG: a colour gradient (so it is not trivially
    compressible to nothing)."""
    rows = bytearray()
    for y in range(height):
        rows.append(0)  # filter: none
        for x in range(width):
            rows += bytes(((rgb[0] + x) % 256, (rgb[1] + y) % 256, rgb[2]))
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", ihdr) + _chunk(b"IDAT", zlib.compress(bytes(rows)))
            + _chunk(b"IEND", b""))


def png_header(width: int, height: int) -> bytes:
    """Only a PNG signature and IHDR announcing ``width``×``height`` (no pixel data): a
    decompression bomb's announcement."""
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", ihdr)
