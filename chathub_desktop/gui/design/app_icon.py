"""The app's icon for the window, the tray and the taskbar (issue 16).

The icon theme's ``io.chathub.Desktop`` wins when the desktop has one installed (a
distribution package may ship its own); otherwise the PNG sizes bundled in
``resources/icons/hicolor`` (rendered from the SVG by ``packaging/render_icons.py``) and
the SVG itself for any other size.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QIcon

from chathub_desktop.paths import resources_dir

#: The icon name the desktop file and the AppStream metainfo use.
APP_ICON_NAME = "io.chathub.Desktop"

__all__ = ["APP_ICON_NAME", "app_icon", "bundled_icon_files"]


def bundled_icon_files(root: Path | None = None) -> list[Path]:
    """The bundled icon files, largest fixed size last, then the SVG (empty list when the
    resources hold none). ``root``: the resources dir (default :func:`resources_dir`)."""
    icons = (root or resources_dir()) / "icons"
    pngs = sorted(icons.glob(f"hicolor/*x*/apps/{APP_ICON_NAME}.png"),
                  key=lambda p: int(p.parts[-3].split("x")[0]))
    svg = icons / f"{APP_ICON_NAME}.svg"
    return pngs + ([svg] if svg.is_file() else [])


def app_icon() -> QIcon:
    """The app icon: the installed theme icon, else the bundled files (never null when
    the package's resources are present)."""
    themed = QIcon.fromTheme(APP_ICON_NAME)
    if not themed.isNull():
        return themed
    icon = QIcon()
    for path in bundled_icon_files():
        icon.addFile(str(path))
    return icon
