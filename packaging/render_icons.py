"""Render the app icon's hicolor PNG sizes from its SVG.

``python packaging/render_icons.py`` (offscreen is fine) writes
``resources/icons/hicolor/<N>x<N>/apps/io.chathub.Desktop.png`` for every size in
:data:`SIZES` from ``resources/icons/io.chathub.Desktop.svg``. Run it after editing the
SVG and commit the PNGs: the window, the tray, the bundle and the desktop file use them.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ICON_NAME = "io.chathub.Desktop"
SVG = ROOT / "resources" / "icons" / f"{ICON_NAME}.svg"
#: Pixel sizes of the hicolor theme's fixed-size directories that desktops look up.
SIZES = (16, 22, 24, 32, 48, 64, 128, 256, 512)


def png_path(size: int, root: Path = ROOT) -> Path:
    """Where the ``size`` × ``size`` PNG lives under ``resources/icons/hicolor``."""
    return root / "resources" / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{ICON_NAME}.png"


def main() -> int:
    """Render every size; returns 0."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QGuiApplication, QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    _app = QGuiApplication(sys.argv[:1])
    renderer = QSvgRenderer(str(SVG))
    if not renderer.isValid():
        raise SystemExit(f"cannot read {SVG}")
    for size in SIZES:
        image = QImage(size, size, QImage.Format.Format_ARGB32)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        renderer.render(painter)
        painter.end()
        target = png_path(size)
        target.parent.mkdir(parents=True, exist_ok=True)
        if not image.save(str(target)):
            raise SystemExit(f"cannot write {target}")
        print(target.relative_to(ROOT))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
