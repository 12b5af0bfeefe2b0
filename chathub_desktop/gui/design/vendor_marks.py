"""Each preset vendor's own mark (walk39: "a generic cloud icon for every vendor"): a
lettermark in a tinted rounded square, drawn here from the design tokens — no logo file,
no trademark copied. Settings → Providers' list and detail pane and the setup wizard's
tiles show it; a provider that matches no preset keeps the glyph of where its models run.

The tile colours are :data:`~chathub_desktop.gui.design.tokens.AVATAR_COLOURS` (white
letters at 4.5:1 or more on each, in both themes).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QIcon, QPainter, QPixmap

from chathub_desktop.core.provider_presets import PRESETS, ProviderPreset
from chathub_desktop.gui.design.tokens import AVATAR_COLOURS, AVATAR_TEXT, IconSize, Radius

__all__ = ["VENDOR_MARKS", "VendorMark", "mark_of", "name_mark", "preset_named", "vendor_icon"]


@dataclass(frozen=True)
class VendorMark:
    """A preset's mark: one or two ``letters`` on the tile colour ``AVATAR_COLOURS[tone]``."""

    letters: str
    tone: int

    @property
    def colour(self) -> str:
        """The tile's ``#rrggbb``."""
        return AVATAR_COLOURS[self.tone % len(AVATAR_COLOURS)]


#: Preset name → its mark; neighbours in the wizard's grid get different colours.
VENDOR_MARKS: dict[str, VendorMark] = {
    "OpenAI": VendorMark("OA", 5),
    "Anthropic": VendorMark("A", 4),
    "OpenRouter": VendorMark("OR", 0),
    "DeepSeek": VendorMark("DS", 3),
    "Z.AI": VendorMark("Z", 1),
    "Inception": VendorMark("In", 2),
    "Ollama": VendorMark("Ol", 7),
    "LM Studio": VendorMark("LM", 6),
    "llama.cpp server": VendorMark("L", 4),
    "vLLM": VendorMark("vL", 0),
}


def mark_of(preset: ProviderPreset | None) -> VendorMark | None:
    """``preset``'s mark; None for a custom endpoint or no preset."""
    return VENDOR_MARKS.get(preset.name) if preset is not None and preset.base_url else None


def name_mark(name: str) -> VendorMark | None:
    """A letter mark made from a provider's own ``name`` (walk42 #5: a custom URL had a
    generic icon): the initials of its first two words (one letter for one word), in
    capitals, on a tile colour picked from the name; None for a name without a letter."""
    words = [w for w in name.split() if w[:1].isalnum()]
    if not words:
        return None
    letters = "".join(w[0] for w in words[:2]).upper()
    return VendorMark(letters, sum(map(ord, name)) % len(AVATAR_COLOURS))


def preset_named(name: str) -> ProviderPreset | None:
    """The preset called ``name`` (None for another name)."""
    return next((p for p in PRESETS if p.name == name), None)


@lru_cache(maxsize=64)
def vendor_icon(mark: VendorMark, side: int = IconSize.MD) -> QIcon:
    """A rounded square ``side`` px wide in ``mark``'s colour with its letters in white
    (painted at twice the size for sharp high-DPI lists), made once per mark and size."""
    scale = 2
    pixmap = QPixmap(side * scale, side * scale)
    pixmap.fill(Qt.GlobalColor.transparent)
    p = QPainter(pixmap)
    p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QColor(mark.colour))
    box = QRectF(0, 0, side * scale, side * scale)
    radius = Radius.SM * scale * side / IconSize.MD
    p.drawRoundedRect(box, radius, radius)
    font = QFont()
    font.setBold(True)
    font.setPixelSize(round(side * scale * (0.5 if len(mark.letters) == 1 else 0.42)))
    p.setFont(font)
    p.setPen(QColor(AVATAR_TEXT))
    p.drawText(box, int(Qt.AlignmentFlag.AlignCenter), mark.letters)
    p.end()
    pixmap.setDevicePixelRatio(scale)
    mark_icon = QIcon(pixmap)
    mark_icon.addPixmap(pixmap, QIcon.Mode.Selected)  # a chosen row keeps the vendor's colour, not a tinted one
    return mark_icon
