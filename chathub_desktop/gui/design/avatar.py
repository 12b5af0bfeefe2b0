"""Assistant avatars (issue 29, walk29 #23): an assistant's initial on a round patch of
its own colour, so assistants tell apart at a glance in the rail, its menu and the
greeting of an empty chat.

The colour is one of :data:`~chathub_desktop.gui.design.tokens.AVATAR_COLOURS`, chosen
by the assistant's id (stable across renames and restarts). A letter is white on that
colour; an emoji sits on a pale tint of it over a light ground in both themes
(:data:`AVATAR_TINT_ALPHA`, issue 29), as in Cherry Studio and LobeHub. Widgets styled by the sheet carry it as the ``avatarTone``
property (:func:`set_avatar_tone`); menus get a painted icon (:func:`avatar_icon`).
"""

from __future__ import annotations

from functools import lru_cache

from PySide6.QtCore import QEvent, QRectF
from PySide6.QtGui import QColor, QFont, QIcon, QPainter, QPaintEvent, QPixmap
from PySide6.QtWidgets import QLabel, QWidget

from chathub_desktop.gui.design import current_colours, is_dark, repolish
from chathub_desktop.gui.design.tokens import (
    AVATAR_COLOURS,
    AVATAR_TEXT,
    IconSize,
    emoji_patch,
)

__all__ = ["AVATAR_TEXT", "AvatarFace", "avatar_colour", "avatar_fill", "avatar_icon", "avatar_ink", "avatar_text", "avatar_tone", "drawable",
           "initial_of", "is_emoji", "set_avatar_tone"]


def initial_of(name: str) -> str:
    """The avatar's letter for an assistant called ``name``: its first letter or digit,
    upper-cased; "?" when it has none."""
    return next((ch.upper() for ch in name if ch.isalnum()), "?")


def avatar_text(name: str, avatar: str | None) -> str:
    """What an assistant's avatar shows: its chosen emoji or letters (walk29 #23), else
    the initial of ``name``; the initial too for an emoji no installed font can draw
    whole (walk37 #8: no tofu box, also for a sequence whose first symbol is drawable)."""
    if avatar and (avatar.isalnum() or drawable(avatar)):
        return avatar
    return initial_of(name)


#: Parts of an emoji sequence that are not drawn on their own: the joiner, the text and
#: emoji selectors, the keycap mark, the tag characters of a subdivision flag.
_NOT_DRAWN = frozenset({0x200D, 0xFE0E, 0xFE0F, 0x20E3, *range(0xE0020, 0xE0080)})


def drawable(text: str) -> bool:
    """Whether the installed fonts draw every symbol of ``text`` (joiners and selectors
    aside), so it shows without a tofu box (walk37 #8). About 1 ms for a new emoji, then
    cached per code point."""
    return all(_drawable(ord(ch)) for ch in text if ord(ch) not in _NOT_DRAWN)


@lru_cache(maxsize=256)
def _drawable(code: int) -> bool:
    """Whether a font has the character ``code``: the default font's, or one of the
    fallbacks the platform's font matching tries after it (one look, not one per
    installed family: that walk took 0.18 s on the GUI thread)."""
    from PySide6.QtGui import QFontMetrics

    return QFontMetrics(QFont()).inFontUcs4(code)


def avatar_tone(assistant_id: int) -> int:
    """The index into :data:`AVATAR_COLOURS` of the assistant with ``assistant_id``."""
    return assistant_id % len(AVATAR_COLOURS)


def avatar_colour(assistant_id: int) -> str:
    """The avatar colour (``#rrggbb``) of the assistant with ``assistant_id``."""
    return AVATAR_COLOURS[avatar_tone(assistant_id)]


def is_emoji(shown: str) -> bool:
    """Whether an avatar showing ``shown`` (:func:`avatar_text`) shows an emoji, not letters."""
    return bool(shown) and not shown.isalnum() and shown not in ("?", "+")


def avatar_fill(assistant_id: int, shown: str) -> QColor:
    """The round patch behind ``shown`` (:func:`avatar_text`): the assistant's colour
    under letters, a pale tint of it on the theme in effect's light ``emoji_tile``
    (:func:`~chathub_desktop.gui.design.tokens.emoji_patch`) under an emoji, so a dark
    emoji reads in the dark theme too (issue 29)."""
    if is_emoji(shown):
        return QColor(emoji_patch(avatar_colour(assistant_id), current_colours()))
    return QColor(avatar_colour(assistant_id))


def avatar_ink(shown: str) -> QColor:
    """The pen for ``shown`` on its patch: white on a letter's colour, the dark
    ``emoji_tile_text`` on an emoji's light disc (a font drawing it in one colour)."""
    return QColor(current_colours().emoji_tile_text if is_emoji(shown) else AVATAR_TEXT)


def set_avatar_tone(widget: QWidget, assistant_id: int | None, emoji: bool = False) -> None:
    """Colour ``widget`` (a sheet-styled avatar) as the assistant's avatar: its colour
    under a letter, a tint of it under an emoji (``emoji``); None: the accent."""
    tone = "" if assistant_id is None else f"{'e' if emoji else ''}{avatar_tone(assistant_id)}"
    if (widget.property("avatarTone") or "") != tone:  # unset is the accent too
        widget.setProperty("avatarTone", tone)
        repolish(widget)


def avatar_icon(name: str, assistant_id: int, side: int = IconSize.LG, avatar: str | None = None) -> QIcon:
    """A round icon ``side`` px wide: ``avatar`` (else the initial of ``name``) on the
    assistant's colour, an emoji on its tint (painted at twice the size for sharp
    high-DPI menus)."""
    from PySide6.QtCore import Qt  # not at import: the rail is built before the first paint

    scale = 2
    pixmap = QPixmap(side * scale, side * scale)
    pixmap.fill(Qt.GlobalColor.transparent)
    p = QPainter(pixmap)
    p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    p.setPen(Qt.PenStyle.NoPen)
    shown = avatar_text(name, avatar)
    p.setBrush(avatar_fill(assistant_id, shown))
    box = QRectF(0, 0, side * scale, side * scale)
    p.drawEllipse(box)
    font = QFont()
    font.setBold(True)
    font.setPixelSize(round(side * scale * (0.6 if is_emoji(shown) else 0.5)))
    p.setFont(font)
    p.setPen(avatar_ink(shown))
    p.drawText(box, int(Qt.AlignmentFlag.AlignCenter), shown)
    p.end()
    pixmap.setDevicePixelRatio(scale)
    return QIcon(pixmap)


class AvatarFace(QLabel):
    """A label showing an assistant's round avatar as a picture (:func:`avatar_icon`),
    painted again when the theme changes (issue 29: an emoji's disc is the theme's), and
    in its own colours even while its window is disabled: the start-up shows the
    assistant before the window takes input (walk45 #4: Qt greyed it until then)."""

    def __init__(self, side: int) -> None:
        super().__init__()
        self.setFixedSize(side, side)
        self._shown: tuple[int, str, str | None] | None = None
        self._dark = False

    def show_face(self, assistant_id: int, name: str, avatar: str | None) -> None:
        """Show the avatar of assistant ``assistant_id`` called ``name`` (``avatar``: its
        emoji or letters, None: its initial)."""
        self._shown = (assistant_id, name, avatar)
        self._dark = is_dark()
        side = self.width()
        self.setPixmap(avatar_icon(name, assistant_id, side, avatar).pixmap(side))

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        """Paint the face again on a theme switch."""
        if event.type() == QEvent.Type.PaletteChange and self._shown is not None and self._dark != is_dark():
            self.show_face(*self._shown)
        super().changeEvent(event)

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 - Qt override
        """Paint the picture centred, as an enabled label does."""
        pm = self.pixmap()
        if self.isEnabled() or pm.isNull():
            super().paintEvent(event)
            return
        side = pm.deviceIndependentSize()
        p = QPainter(self)
        p.drawPixmap(int((self.width() - side.width()) / 2), int((self.height() - side.height()) / 2), pm)
        p.end()
