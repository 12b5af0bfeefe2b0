"""The design tokens (issue 29): every colour, space, radius and text size of the window,
named once. Pure data, no Qt: :mod:`~chathub_desktop.gui.design.palette` turns a
:class:`Colours` into a ``QPalette`` and :mod:`~chathub_desktop.gui.design.stylesheet`
into the application stylesheet, so a widget names a token (or a :class:`Tone`), never a
literal colour or size.

Colours are ``#rrggbb`` strings. Text pairs reach WCAG 2.1 contrast 4.5:1 on every
surface they are painted on (3:1 for large text and icons); ``tests/unit/test_design_tokens.py``
checks every pair the stylesheet uses, in both themes.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

__all__ = ["CAPTION_MIN_PT", "ChipKind", "DARK", "LIGHT", "META_OF_READING", "TOAST_ELEVATION", "Colours", "Elevation", "IconSize", "Radius", "Space", "Theme", "Tone", "TypeScale",
           "Width", "caption_pt", "colours_for", "emoji_patch", "meta_pt"]


class Space(enum.IntEnum):
    """The spacing scale, px (margins, gaps, paddings)."""

    XXS = 2
    XS = 4
    SM = 6
    MD = 8
    LG = 12
    XL = 16
    XXL = 24
    HUGE = 40


class IconSize(enum.IntEnum):
    """Icon sides, px."""

    SM = 16
    MD = 18
    LG = 20
    AVATAR = 32  # the navigation rail's round assistant avatar
    GREETING = 56  # the assistant's avatar over an empty chat (walk29 #20)
    APP = 64  # the app icon in About (a bundled PNG size: no scaling blur)


class Width(enum.IntEnum):
    """Column widths, px."""

    FORM = 640  # the widest a settings form grows (walk39: no full-width forms)
    SETTINGS = 960  # the widest a settings page of rows grows (walk51: label left, control right)
    DETAIL = 880  # the widest a list's detail card grows (walk42 #5: not half the pane)
    READING = 860  # the conversation's column, centred on a wide window; the composer's too (walk36 #1)
    TOAST = 560  # the widest a status toast's text runs before it wraps (walk52 #3: ~75 Latin characters)
    QUESTION = 420  # a question's sentence without an icon (walk53c #5: Qt sized it to 160 px, 4 words a line)


#: The smallest main window the app supports, px (width, height; walk49 #4): every page
#: fits it without two scroll bars; the screenshot scripts shoot it.
MIN_WINDOW: tuple[int, int] = (800, 560)


@dataclass(frozen=True)
class Elevation:
    """A floating surface's drop shadow (:mod:`~chathub_desktop.gui.design.elevation`):
    ``blur`` radius and downward ``offset``, px, in the theme's ``shadow`` colour at
    ``alpha`` (light theme) or ``dark_alpha`` (0–1: stronger on the dark surfaces, where
    a shadow shows less)."""

    blur: int
    offset: int
    alpha: float
    dark_alpha: float


#: The status toast over the composer (polish52: a border alone did not lift it off the
#: messages it floats over), as Cherry Studio's and LobeHub's message toasts.
TOAST_ELEVATION = Elevation(blur=18, offset=3, alpha=0.45, dark_alpha=0.75)


class Radius(enum.IntEnum):
    """Corner radii, px."""

    SM = 4
    MD = 6
    LG = 10
    XL = 14


#: Assistant avatar colours (walk29 #23), the same in both themes: each carries white
#: text at 4.5:1 or more; an assistant's colour is picked by its id. Ordered so that
#: neighbours (ids n and n+1, the last and the first) are at least 60° of hue apart
#: (issue 29: two assistants made one after the other never look alike): red, teal,
#: pink, green, violet, brown, purple, blue.
AVATAR_COLOURS: tuple[str, ...] = ("#c92a2a", "#0b7285", "#c2255c", "#237032", "#7048e8", "#9c4a00",
                                   "#862e9c", "#3b5bdb")
#: How opaque an emoji avatar's round patch is: its colour at this alpha over the theme's
#: light ``emoji_tile`` (:func:`emoji_patch`), a soft tint in either theme (issue 29: an
#: emoji on a saturated disc reads as a sticker; Cherry Studio and LobeHub put it on a
#: pale patch; over the dark surfaces 🎵 read at 2.5:1).
AVATAR_TINT_ALPHA = 0.22
#: An emoji's font size in the rail's round avatar button as a share of its side
#: (:attr:`IconSize.AVATAR`): 16 px, so the emoji and the two spaces a tool button adds
#: around its text fit the 32 px at any app font size or font DPI (rail51: it needed 36).
AVATAR_EMOJI = 0.5
#: The initial's colour on every avatar colour.
AVATAR_TEXT = "#ffffff"
#: ``avatarTone`` of the rail's avatar before the assistants are read (start-up,
#: walk45 #4): a blank neutral disc rather than the accent's "+".
PENDING_TONE = "pending"


class TypeScale(float, enum.Enum):
    """Text sizes as factors of the app's font size (the desktop's; View → Text size
    scales the reading text on top, :class:`TextSize`). On a 10 pt (13.3 px) desktop
    font: captions and meta 12 px, chrome 13.3 px, reading text 15 px (issue 29, walk52b:
    replies at 13 px and meta at 11 px read small beside Claude's 16 px replies and
    Cherry Studio's and LobeHub's 14 px with 12 px meta)."""

    CAPTION = 0.9  # meta (times, model chips, card chips, dates), descriptions, notes
    BODY = 1.0  # chrome: lists, buttons, forms
    READING = 1.125  # what people read all day: replies, user bubbles, the draft, memory cards
    TITLE = 1.15
    HEADING = 1.45


#: A reading list's meta text (a row's time and model chip, a card's chips) against the
#: list's reading font: caption size of the app's font at any View → Text size.
META_OF_READING = TypeScale.CAPTION.value / TypeScale.READING.value
#: The smallest caption and meta text, pt: 12 px at the 96 dpi of a desktop at 100 %
#: (walk52b: meta at 11 px read small; Cherry Studio's is 12 px). On a 9 pt desktop font
#: (Windows' Segoe UI) captions are as large as the body rather than 10.8 px.
CAPTION_MIN_PT = 9.0


def caption_pt(points: float) -> float:
    """The caption size, pt, for text whose :attr:`TypeScale.CAPTION` size is ``points`` ×
    the factor: that size, never under :data:`CAPTION_MIN_PT`."""
    return max(CAPTION_MIN_PT, points * TypeScale.CAPTION.value)


def meta_pt(reading: float) -> float:
    """The meta text's size, pt, beside reading text of ``reading`` pt (a message row's time
    and model chip, a memory card's chips): caption size, never under :data:`CAPTION_MIN_PT`."""
    return max(CAPTION_MIN_PT, reading * META_OF_READING)


#: Reading text's line height, percent of the font's (chatlook52, walk52 #8: replies were
#: dense; Qt puts the extra under each line, so more made one-line bubbles bottom-heavy).
READING_LINE_HEIGHT = 125
#: Between two paragraphs of a reply, px (was 8: paragraphs ran together).
PARAGRAPH_GAP = int(Space.LG)


#: The weight of headings and titles (CSS numbers). Bold, not semibold: Qt synthesizes a bold
#: (FreeType embolden) for a face with none only from QFont.Bold, 700; the CJK fallback
#: WenQuanYi Micro Hei has no bold face, so 600 painted 简体中文 headings regular (walk51b #6).
HEADING_WEIGHT = 700


class Theme(enum.StrEnum):
    """View → Theme (issue 16): the light or dark token set, or the platform's scheme
    followed live (``SYSTEM``); the words are what ``view/theme`` keeps."""

    SYSTEM = "system"
    LIGHT = "light"
    DARK = "dark"


class TextSize(enum.Enum):
    """View → Text size (walk29 #24): the reading text (the conversation, the composer's
    draft, the memory cards: :attr:`TypeScale.READING`) times :attr:`factor`; the rest of
    the window keeps its size."""

    SMALLER = "smaller"
    DEFAULT = "default"
    LARGER = "larger"

    @property
    def factor(self) -> float:
        """The reading text's size against its default (:attr:`TypeScale.READING`)."""
        return {"smaller": 0.88, "default": 1.0, "larger": 1.2}[self.value]


class Tone(enum.Enum):
    """What a piece of text says, hence its colour token: set on a label with
    :func:`~chathub_desktop.gui.design.set_tone` (the stylesheet's ``[tone="…"]`` rules)."""

    NORMAL = "normal"
    MUTED = "muted"  # secondary text: descriptions, counts, captions, notes
    ERROR = "error"
    WARNING = "warning"
    SUCCESS = "success"


class ChipKind(enum.Enum):
    """The colour kind of a chip: the memory cards' marks (an entry's origin, untrusted,
    paused, imported; a dream card's day, range or older text) and a by-meaning search
    hit (session 51). Each theme has a (background, text) pair for every kind
    (:meth:`Colours.chip`); an enum, not a string, so a mistyped kind fails at once
    instead of painting in another kind's colours (issue 30)."""

    OWNER = "owner"
    DREAM = "dream"
    AGENT = "agent"
    UNTRUSTED = "untrusted"
    RANGE = "range"
    LEGACY = "legacy"
    PAUSED = "paused"
    IMPORTED = "imported"
    SIMILAR = "similar"


@dataclass(frozen=True)
class Colours:
    """One theme's colour tokens.

    Surfaces: ``window`` (the shell), ``sidebar``, ``surface`` (the chat column, inputs,
    lists), ``raised`` (cards, buttons, the composer), ``hover`` and ``selected`` (list
    rows). Check boxes and radio buttons (WCAG 1.4.11, 3:1 on every surface):
    ``indicator`` (the outline of an unchecked one), ``indicator_on`` (the fill of a
    checked one), ``indicator_mark`` (its tick or dot, on ``indicator_on``).
    Text: ``text``, ``text_muted`` (secondary), ``placeholder``, ``disabled``,
    ``on_accent`` (text on ``accent``), ``link``, ``error``, ``warning``, ``success``;
    ``selected_text`` on ``selected``; ``tag_text``, a message row's caption-size tags
    ("stopped", "interrupted") on their grey pill: antialiasing paints such thin glyphs
    well below their colour's contrast, the more so at some glyph positions, so it is
    much stronger than ``text_muted`` (look50: ``text_muted`` read 5.48:1 there by the
    tokens, 4.4:1 as painted; a burner run painted a 6.72:1 tag_text at 4.38:1). Lines: ``border``, ``border_strong``, ``focus``.
    Tooltips: ``tooltip_text`` on ``tooltip`` inside a 1 px ``tooltip_border`` — dark in
    both themes (the light theme's is near-black, the dark theme's a step above
    ``raised``, ringed so it stands off the dark window).
    Diff rows (memory history and change previews): ``diff_added``, ``diff_removed``,
    ``diff_edited``, ``diff_context``, read with ``text``. The avatar picker's cells:
    ``emoji_tile`` (``_hover``, ``_selected``) light in both themes, so the dark emoji
    (🎵, ⚖️, 💼) read as well as the bright ones (walk45 #9); ``emoji_tile_text`` for a
    letter on them, ``emoji_tile_hint`` for the editor field's placeholder initial.
    ``emoji_tile`` is also the ground of every emoji avatar's disc (:func:`emoji_patch`)
    and of the editor's avatar field (issue 29). ``chips``: kind → (bg, fg).
    """

    dark: bool
    window: str
    sidebar: str
    surface: str
    raised: str
    hover: str
    selected: str
    selected_text: str
    text: str
    text_muted: str
    tag_text: str
    placeholder: str
    disabled: str
    accent: str
    accent_hover: str
    on_accent: str
    link: str
    link_visited: str
    error: str
    warning: str
    success: str
    border: str
    border_strong: str
    focus: str
    indicator: str
    indicator_on: str
    indicator_mark: str
    tooltip: str
    tooltip_text: str
    tooltip_border: str
    shadow: str
    diff_added: str
    diff_removed: str
    diff_edited: str
    diff_context: str
    emoji_tile: str
    emoji_tile_hover: str
    emoji_tile_selected: str
    emoji_tile_text: str
    emoji_tile_hint: str
    chips: Mapping[ChipKind, tuple[str, str]] = field(default_factory=dict)

    def surfaces(self) -> dict[str, str]:
        """Every background a label or plain text may sit on, by token name."""
        return {"window": self.window, "sidebar": self.sidebar, "surface": self.surface,
                "raised": self.raised}

    def tone(self, tone: Tone) -> str:
        """The text colour of ``tone``."""
        return {Tone.NORMAL: self.text, Tone.MUTED: self.text_muted, Tone.ERROR: self.error,
                Tone.WARNING: self.warning, Tone.SUCCESS: self.success}[tone]

    def chip(self, kind: ChipKind) -> tuple[str, str]:
        """(background, text) of a chip of ``kind``; every kind has a pair in both themes
        (a unit test checks their contrast). Raises :class:`KeyError` for a theme built
        without one."""
        return self.chips[kind]


LIGHT = Colours(
    dark=False,
    window="#f4f5f7", sidebar="#eceef2", surface="#ffffff", raised="#ffffff",
    hover="#e3e6eb", selected="#dce4fd", selected_text="#16213d",
    text="#1f2328", text_muted="#555d69", tag_text="#3b424a", placeholder="#6a737d", disabled="#8c959f",
    accent="#3b5bdb", accent_hover="#3049b8", on_accent="#ffffff",
    link="#1f55c7", link_visited="#6f42c1",
    error="#b3261e", warning="#8f4e00", success="#176f30",
    border="#d5d9e0", border_strong="#b5bcc6", focus="#3b5bdb",
    indicator="#6e7781", indicator_on="#3b5bdb", indicator_mark="#ffffff",
    tooltip="#1f2328", tooltip_text="#f4f5f7", tooltip_border="#1f2328", shadow="#767676",
    diff_added="#d9f2e3", diff_removed="#fbdcdc", diff_edited="#fff1cc", diff_context="#e9ebef",
    emoji_tile="#ffffff", emoji_tile_hover="#e3e6eb", emoji_tile_selected="#dce4fd", emoji_tile_text="#1f2328",
    emoji_tile_hint="#555d69",
    chips=MappingProxyType({
        ChipKind.OWNER: ("#dbe8fb", "#1f4f96"), ChipKind.DREAM: ("#ece0fa", "#5b2d91"),
        ChipKind.AGENT: ("#d9f2ec", "#12614f"), ChipKind.UNTRUSTED: ("#fde7cf", "#8a4200"),
        ChipKind.RANGE: ("#d8eef3", "#145a6b"), ChipKind.LEGACY: ("#e6e6e6", "#4a4a4a"),
        ChipKind.PAUSED: ("#e9e9e9", "#555555"), ChipKind.IMPORTED: ("#fbeed5", "#7a4b00"),
        ChipKind.SIMILAR: ("#e4e8fb", "#2c3f94"),
    }),
)

DARK = Colours(
    dark=True,
    window="#1e1f22", sidebar="#18191b", surface="#232428", raised="#2b2d31",
    hover="#34363c", selected="#33406b", selected_text="#f2f4ff",
    text="#e8eaed", text_muted="#a9aeb6", tag_text="#d2d6db", placeholder="#9aa0a8", disabled="#6f747a",
    accent="#3d5bd9", accent_hover="#4a67e3", on_accent="#ffffff",
    link="#8ab4f8", link_visited="#c58af9",
    error="#ff8a80", warning="#f2b65a", success="#6fcf8f",
    border="#3a3c42", border_strong="#50535a", focus="#7b93f2",
    indicator="#8b919a", indicator_on="#7b93f2", indicator_mark="#18191b",
    # a tooltip one step above the raised surfaces, ringed (polish52: a light box on the
    # dark window glared; Cherry Studio, LobeHub and VS Code keep it dark in dark)
    tooltip="#3c3f46", tooltip_text="#e8eaed", tooltip_border="#5c6068", shadow="#000000",
    diff_added="#1f3d2b", diff_removed="#4a2326", diff_edited="#4a3e1c", diff_context="#33353a",
    # a light cell on the dark surfaces: 🎵 read at 2.5:1 on "raised", 4.6:1 here; ⚖️ as on white
    emoji_tile="#eceef2", emoji_tile_hover="#ffffff", emoji_tile_selected="#dce4fd", emoji_tile_text="#1f2328",
    emoji_tile_hint="#555d69",
    chips=MappingProxyType({
        ChipKind.OWNER: ("#23395c", "#a9c8f5"), ChipKind.DREAM: ("#3b2a55", "#d2b8f3"),
        ChipKind.AGENT: ("#1f4a40", "#9fe0cf"), ChipKind.UNTRUSTED: ("#5a3413", "#ffc48a"),
        ChipKind.RANGE: ("#1d4450", "#9bd6e4"), ChipKind.LEGACY: ("#3a3a3a", "#cfcfcf"),
        ChipKind.PAUSED: ("#444444", "#c4c4c4"), ChipKind.IMPORTED: ("#4d3512", "#f0c98a"),
        ChipKind.SIMILAR: ("#2a3358", "#b7c4f7"),
    }),
)


def emoji_patch(colour: str, c: Colours) -> str:
    """The opaque disc (``#rrggbb``) under an emoji avatar of avatar colour ``colour``
    (``#rrggbb``): the colour at :data:`AVATAR_TINT_ALPHA` over ``c.emoji_tile``, light in
    both themes so a dark emoji (🎵) reads in dark too (issue 29)."""
    top, ground = (tuple(int(x[i:i + 2], 16) for i in (1, 3, 5)) for x in (colour, c.emoji_tile))
    return "#" + "".join(f"{round(t * AVATAR_TINT_ALPHA + g * (1 - AVATAR_TINT_ALPHA)):02x}"
                         for t, g in zip(top, ground, strict=True))


def colours_for(dark: bool) -> Colours:
    """The light or dark token set."""
    return DARK if dark else LIGHT
