"""The icon provider (issue 29): bundled Lucide SVGs (ISC, ``resources/icons/lucide``,
licence beside them), recoloured for the theme and the widget state.

:func:`icon` returns a ``QIcon`` whose engine renders the SVG at paint time in the
current application palette's colours: ``Normal`` in the text colour, ``Disabled`` in
the disabled-text colour, ``Active`` (hover) in the link colour (the accent hue at
text contrast) and ``Selected`` in the highlighted-text colour. A theme switch therefore recolours every icon with the next
repaint; nothing is re-set. Rendered pixmaps are cached per (size, colour).

A label cannot hold an icon, only a pixmap rendered once: :class:`GlyphLabel` is the
label that shows an icon and renders it again when the palette changes (walk37 #6: the
wizard's and the empty states' pictures stayed dark after a switch to the dark theme).
"""

from __future__ import annotations

import atexit
import enum
import os
import shutil
import tempfile
from functools import cache

from PySide6.QtCore import QByteArray, QEvent, QPoint, QRect, QSize
from PySide6.QtGui import QColor, QGuiApplication, QIcon, QIconEngine, QPainter, QPalette, QPixmap
from PySide6.QtSvg import QSvgRenderer
from PySide6.QtWidgets import QLabel, QWidget

from chathub_desktop.paths import resources_dir

__all__ = ["GlyphLabel", "Icon", "IconTint", "icon", "icon_file", "icon_folder", "icon_svg"]


class Icon(enum.Enum):
    """Every icon the window uses, by meaning; the value is the Lucide file name."""

    NEW_TOPIC = "message-square-plus"
    NEW_ASSISTANT = "user-plus"
    EDIT_ASSISTANT = "user-pen"
    MEMORY = "brain"
    SEARCH = "search"
    SETTINGS = "settings"
    ATTACH = "paperclip"
    SEND = "arrow-up"
    STOP = "circle-stop"
    COPY = "copy"
    REGENERATE = "refresh-cw"
    CONTINUE = "chevrons-right"  # continue a reply cut at the length limit (walk53b #4)
    PIN = "pin"
    EXPORT = "upload"
    IMPORT = "download"
    PASTE_IMPORT = "clipboard-paste"
    IMPORT_FILE = "file-input"  # an import of one format's export file (File → Import → ChatGPT…)
    EXPORT_JSON = "file-braces"
    EXPORT_MARKDOWN = "file-text"
    SHOW_ARCHIVED = "folder-archive"
    COMPACT_FOCUS = "focus"  # Compact with focus…
    PROPOSALS = "inbox"  # dream cards waiting for review
    WARNING = "triangle-alert"  # a message box's warning (the style's standard icon)
    ERROR = "circle-alert"  # a message box's critical error
    ABOUT = "info"
    EDIT = "pencil"
    DELETE = "trash-2"
    RENAME = "text-cursor-input"
    QUIT = "log-out"
    SHORTCUTS = "keyboard"
    FOLDER = "folder-open"
    SETUP = "wand-sparkles"
    PROVIDERS = "plug"
    SYSTEM_AGENT = "bot"
    COMPACT = "fold-vertical"
    SUMMARY = "scroll-text"
    UNDO = "undo-2"
    SIDEBAR = "panel-left"
    THEME = "sun-moon"
    LANGUAGE = "languages"
    PRIVATE = "eye-off"
    ARCHIVE = "archive"
    LARGER = "a-arrow-up"
    SMALLER = "a-arrow-down"
    NOTIFICATIONS = "bell"
    HELP = "circle-help"
    DREAM = "moon-star"
    PAUSE = "pause"
    RESUME = "play"  # a paused entry's toggle (walk56 #11: it showed the pause glyph too)
    HISTORY = "history"
    ADD = "plus"
    CLEAR = "x"
    CLEAR_ALL = "list-x"  # empty a whole list (the dream cards' Clear, walk51 #6)
    ACCEPT = "check"
    JUMP_START = "arrow-up-to-line"
    JUMP_END = "arrow-down-to-line"
    CHATS = "message-square"
    STREAMING = "loader"
    MORE = "ellipsis"
    BACK = "arrow-left"
    MODELS = "box"
    TOOLS = "wrench"
    STORAGE = "database"
    CLOUD_SERVICE = "cloud"  # a provider preset: a vendor's own API
    ROUTER_SERVICE = "route"  # a provider preset: a router to many vendors
    LOCAL_SERVER = "server"  # a provider preset: a server on this machine or network
    DROP_DOWN = "chevron-down"  # a drop-down's arrow (stylesheet image, walk36 #8)
    STEP_UP = "chevron-up"  # a spin box's up arrow (stylesheet image, walk40)
    FOLDED = "chevron-right"  # a closed disclosure ("Advanced", walk51)
    THEME_LIGHT = "sun"  # Settings → Appearance's theme segments (walk51)
    THEME_DARK = "moon"
    THEME_SYSTEM = "monitor"


class IconTint(enum.Enum):
    """Which colour an icon's normal state takes: the text colour, or the text colour on
    an accent-filled control (the Send button); ``SOFT_SELECTION``: the text colour also
    when selected, for a list whose selection is a soft tint under dark text (the
    Settings sections), where the highlighted-text colour would be faint."""

    TEXT = "text"
    ON_ACCENT = "on_accent"
    SOFT_SELECTION = "soft_selection"


def icon_dir() -> str:
    """Folder of the bundled SVGs."""
    return str(resources_dir() / "icons" / "lucide")


@cache
def icon_svg(name: Icon) -> bytes:
    """The SVG source of ``name``. Raises ``FileNotFoundError`` when it is not bundled."""
    with open(f"{icon_dir()}/{name.value}.svg", "rb") as f:
        return f.read()


@cache
def icon_folder() -> str:
    """A folder for the recoloured SVGs of :func:`icon_file` and the indicators, removed when the app exits."""
    folder = tempfile.mkdtemp(prefix="chathub-icons-")
    atexit.register(shutil.rmtree, folder, True)
    return folder


@cache
def icon_file(name: Icon, colour: str) -> str:
    """The path of ``name``'s SVG in ``colour`` (``#rrggbb``), for a stylesheet's
    ``image: url(…)`` (which reads files only; Qt's SVG reader draws ``currentColor``
    black). Written once per colour. Raises ``OSError`` when the temp folder is not writable."""
    path = os.path.join(icon_folder(), f"{name.value}-{colour.lstrip('#')}.svg")
    with open(path, "wb") as f:
        f.write(icon_svg(name).replace(b"currentColor", colour.encode("ascii")))
    return path.replace(os.sep, "/")


def _colour(mode: QIcon.Mode, tint: IconTint) -> QColor:
    pal = QGuiApplication.palette()
    r = QPalette.ColorRole
    if mode == QIcon.Mode.Disabled:
        return pal.color(QPalette.ColorGroup.Disabled, r.ButtonText)
    if tint is IconTint.ON_ACCENT or (mode == QIcon.Mode.Selected and tint is not IconTint.SOFT_SELECTION):
        return pal.color(r.HighlightedText)
    if mode == QIcon.Mode.Active:
        return pal.color(r.Link)  # the accent hue at text contrast
    return pal.color(r.ButtonText)


#: Rendered icons shared by every engine, by (icon, width, height, colour): a page built
#: again (another assistant's Memory page) rendered each of its icons' SVGs anew, ~1.5 ms
#: each on the GUI thread (issue 30). Cleared past :data:`_PIXMAP_CAP` entries.
_PIXMAPS: dict[tuple[Icon, int, int, str], QPixmap] = {}
_PIXMAP_CAP = 512


class _SvgEngine(QIconEngine):
    """Renders one SVG with ``currentColor`` replaced by the state's palette colour."""

    def __init__(self, name: Icon, tint: IconTint) -> None:
        super().__init__()
        self._name = name
        self._tint = tint

    def pixmap(self, size: QSize, mode: QIcon.Mode, state: QIcon.State) -> QPixmap:  # noqa: N802 - Qt override
        """The icon at ``size`` in the colour of ``mode``; a null pixmap for an empty
        ``size``, as Qt's own engines give (a tool button squeezed under its icon's height
        asks for, e.g., 16 × -1 px: painting on that null pixmap warned, stall54b)."""
        if size.isEmpty():
            return QPixmap()
        colour = _colour(mode, self._tint).name()
        key = (self._name, size.width(), size.height(), colour)
        pm = _PIXMAPS.get(key)
        if pm is None:
            pm = QPixmap(size)
            pm.fill(QColor(0, 0, 0, 0))
            svg = icon_svg(self._name).replace(b"currentColor", colour.encode())
            renderer = QSvgRenderer(QByteArray(svg))
            painter = QPainter(pm)
            side = min(size.width(), size.height())
            renderer.render(painter, QRect(QPoint((size.width() - side) // 2, (size.height() - side) // 2),
                                           QSize(side, side)))
            painter.end()
            if len(_PIXMAPS) > _PIXMAP_CAP:
                _PIXMAPS.clear()
            _PIXMAPS[key] = pm
        return pm

    def paint(self, painter: QPainter, rect: QRect, mode: QIcon.Mode, state: QIcon.State) -> None:
        """Draw the icon into ``rect``."""
        painter.drawPixmap(rect, self.pixmap(rect.size(), mode, state))

    def clone(self) -> QIconEngine:
        """A copy (Qt detaches icons)."""
        return _SvgEngine(self._name, self._tint)

    def key(self) -> str:
        """The engine's kind."""
        return "chathub-svg"


def icon(name: Icon, tint: IconTint = IconTint.TEXT) -> QIcon:
    """A themed icon for ``name``."""
    return QIcon(_SvgEngine(name, tint))


#: The events after which a :class:`GlyphLabel` renders its icon again (a theme switch
#: sets the application palette and stylesheet; a widget sees one or more of these).
_REPAINT_EVENTS = (QEvent.Type.PaletteChange, QEvent.Type.ApplicationPaletteChange, QEvent.Type.StyleChange)


class GlyphLabel(QLabel):
    """A label showing ``glyph`` at ``size`` × ``size`` px (logical) in the theme's
    colours, rendered again on every palette change, so a live theme switch recolours it
    (walk37 #6). ``glyph`` may be any ``QIcon`` (the app icon) or an :class:`Icon`."""

    def __init__(self, glyph: Icon | QIcon, size: int, parent: QWidget | None = None, *,
                 tint: IconTint = IconTint.TEXT) -> None:
        super().__init__(parent)
        self._icon = glyph if isinstance(glyph, QIcon) else icon(glyph, tint)
        self._size = size
        self._render()

    def set_glyph(self, glyph: Icon | QIcon, tint: IconTint = IconTint.TEXT) -> None:
        """Show ``glyph`` instead."""
        self._icon = glyph if isinstance(glyph, QIcon) else icon(glyph, tint)
        self._render()

    def _render(self) -> None:
        self.setPixmap(self._icon.pixmap(self._size, self._size))

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        """Render the icon again in the new palette's colours."""
        super().changeEvent(event)
        if event.type() in _REPAINT_EVENTS:
            self._render()
