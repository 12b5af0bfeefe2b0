"""The application stylesheet, compiled from the tokens (issue 29).

Like OBS Studio's themes and Telegram Desktop's style files, colours, spaces, radii and
text sizes are named once (:mod:`~chathub_desktop.gui.design.tokens`) and compiled here
into Qt stylesheet rules. Each rule that colours text records the (text, background)
token pair it paints, so the contrast test checks exactly what the sheet uses
(:attr:`Stylesheet.pairs`). Widgets opt into rules by object name or by the dynamic
properties ``tone`` (:class:`~chathub_desktop.gui.design.tokens.Tone`) and ``textSize``
(:class:`~chathub_desktop.gui.design.tokens.TypeScale`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from chathub_desktop.gui.design.tokens import (
    AVATAR_COLOURS,
    AVATAR_EMOJI,
    AVATAR_TEXT,
    HEADING_WEIGHT,
    PENDING_TONE,
    ChipKind,
    Colours,
    IconSize,
    Radius,
    Space,
    TextSize,
    Tone,
    TypeScale,
    caption_pt,
    emoji_patch,
)

__all__ = ["READING_WIDGETS", "Stylesheet", "TextPair", "build_stylesheet", "painted_pairs"]

_SURFACES = ("window", "sidebar", "surface", "raised")


@dataclass(frozen=True)
class TextPair:
    """Text token ``fg`` painted on background token ``bg`` by ``where`` (a selector or a
    painter); ``large``: large text or an icon (3:1 suffices)."""

    where: str
    fg: str
    bg: str
    large: bool = False


@dataclass
class Stylesheet:
    """The compiled sheet: ``text`` for ``QApplication.setStyleSheet`` and the text/background
    ``pairs`` it paints."""

    text: str = ""
    pairs: list[TextPair] = field(default_factory=list)


class _Builder:
    def __init__(self, c: Colours) -> None:
        self.c = c
        self.rules: list[str] = []
        self.pairs: list[TextPair] = []

    def rule(self, selector: str, *, fg: str | None = None, bg: str | None = None,
             on: tuple[str, ...] = _SURFACES, large: bool = False, extra: dict[str, str] | None = None,
             **props: object) -> None:
        """One rule. ``fg``/``bg`` are token names; ``on``: the surfaces a text with no
        background of its own sits on; other keywords are properties (``_`` → ``-``),
        ``extra`` properties by their own names."""
        body: list[str] = []
        if fg is not None:
            body.append(f"color: {getattr(self.c, fg)};")
            for b in (bg,) if bg is not None else on:
                self.pairs.append(TextPair(selector, fg, b, large))
        if bg is not None:
            body.append(f"background-color: {getattr(self.c, bg)};")
        for name, value in props.items():
            body.append(f"{name.replace('_', '-')}: {value};")
        for name, value in (extra or {}).items():
            body.append(f"{name}: {value};")
        self.rules.append(f"{selector} {{ {' '.join(body)} }}")


#: The widgets whose text is read rather than scanned (:attr:`TypeScale.READING`): the
#: conversation and its in-place editor, the composer's draft, the memory and dream cards
#: and a card's in-place editor.
READING_WIDGETS = ("QListView#messageList", "QPlainTextEdit#inlineEditBox", "QPlainTextEdit#draft",
                   "QListView#memoryList", "QListView#dreamCardList", "QPlainTextEdit#memoryCardEditor")


def _pt(points: float, scale: TypeScale) -> str:
    size = caption_pt(points) if scale is TypeScale.CAPTION else points * scale.value
    return f"{size:.1f}pt"


def build_stylesheet(c: Colours, points: float, drop_down_arrow: str = "",
                     text: TextSize = TextSize.DEFAULT, up_arrow: str = "") -> Stylesheet:
    """The application stylesheet for token set ``c`` and a base font of ``points`` pt;
    ``drop_down_arrow``: the path of the styled drop-downs' arrow image (none: those
    drop-downs keep the style's own button); the conversation and the draft at
    ``text``'s size (walk29 #24); ``up_arrow`` with ``drop_down_arrow``: spin boxes'
    step arrows (none: spin boxes keep the style's own look)."""
    b = _Builder(c)
    # the reading text at READING × View → Text size (issue 29, walk52b): the lists paint
    # their rows in their own font, and a sheet's font does not reach a list's child
    # widgets, so the editors opened over rows are named too
    b.rule(", ".join(READING_WIDGETS), font_size=f"{points * TypeScale.READING.value * text.factor:.1f}pt")
    line = f"1px solid {c.border}"
    # the shell
    b.rule("QWidget#sidebar", bg="sidebar")
    # caption-size CJK strokes in the muted colour painted 3.62:1 ("话题", issue 27 audit, as the
    # wizard's headings below): the sidebar's heading takes the text colour too
    b.rule("QLabel#sectionLabel", fg="text", on=("sidebar",), font_weight=HEADING_WEIGHT,
           font_size=_pt(points, TypeScale.CAPTION))
    b.rule("QLabel#assistantTitle", fg="text", on=("sidebar",), font_weight=HEADING_WEIGHT,
           font_size=_pt(points, TypeScale.TITLE))
    b.rule("QSplitter::handle", background=c.border, width="1px", height="1px")
    b.rule("QFrame#pageRule", background=c.border, border="none")
    b.rule("QStatusBar", fg="text_muted", on=("window",))
    # the status line floats over the pages as a toast (walk51 #5): a raised card; in the dark
    # its shadow hardly shows on the dark surfaces, so its edge is the 3:1 outline (walk52 #3)
    toast_edge = c.indicator if c.dark else c.border_strong
    b.rule("QStatusBar#statusLine", fg="text", bg="raised", border=f"1px solid {toast_edge}",
           border_radius=f"{Radius.LG}px", padding=f"{Space.XXS}px {Space.XS}px")
    b.rule("QFrame#welcomePanel", bg="surface", border="none")
    b.rule("QLabel#welcome", fg="text", bg="surface")
    b.rule("QLabel#pageTitle, QLabel#dialogTitle", fg="text", font_weight=HEADING_WEIGHT, font_size=_pt(points, TypeScale.TITLE))
    # the setup wizard (walk36 #9): numbered steps, the current one on an accent disc; the
    # preset tiles select softly (tint and accent border, not a filled bar). The digits are
    # bold: a thin one painted no pixel of its own colour in zh_CN (1.15:1 as painted)
    disc = f"{(Space.XL + Space.SM) // 2}px"
    b.rule('QLabel#setupStepNumber[step="current"]', fg="on_accent", bg="accent", border_radius=disc,
           font_weight=700)
    b.rule('QLabel#setupStepNumber[step="done"]', fg="selected_text", bg="selected", border_radius=disc,
           font_weight=700)
    b.rule('QLabel#setupStepNumber[step="todo"]', fg="text", bg="hover", border_radius=disc, font_weight=700)
    # the wizard's section headings sit on the window in caption size: muted CJK strokes that
    # thin paint no pixel of their own colour (3.75:1 as painted), so they take the text colour
    b.rule("QWizard QLabel#sectionLabel", fg="text", on=("window",))
    b.rule('QLabel#setupStepName[step="current"]', fg="text", font_weight=HEADING_WEIGHT)
    b.rule('QLabel#setupStepName[step="done"], QLabel#setupStepName[step="todo"]', fg="text_muted")
    b.rule("QListView#setupProviders", fg="text", bg="raised", outline="0",
           selection_background_color=c.selected, selection_color=c.selected_text)
    b.rule("QListView#setupProviders::item:selected", fg="selected_text", bg="selected")
    b.rule("QListView#setupPresets", fg="text", bg="window", border="none", outline="0",
           selection_background_color=c.selected, selection_color=c.selected_text)
    b.rule("QListView#setupPresets::item", fg="text", bg="raised", border=line,
           border_radius=f"{Radius.MD}px", padding=f"0 {Space.SM}px")
    b.rule("QListView#setupPresets::item:hover", fg="text", bg="hover")
    b.rule("QListView#setupPresets::item:selected", fg="selected_text", bg="selected",
           border=f"1px solid {c.accent}")
    b.rule("QLabel#formSection", fg="text", font_weight=HEADING_WEIGHT)  # a section of a Settings form
    b.rule("QFrame#chatHeader", border="none", border_bottom=f"1px solid {c.border}")
    b.rule("QLabel#chatHeaderTitle", fg="text", font_weight=HEADING_WEIGHT, font_size=_pt(points, TypeScale.TITLE))
    # no rule draws the message list (issue 29): a background or border rule on a scroll area
    # makes Qt's sheet style turn its viewport's autoFillBackground off, and a viewport that is
    # not opaque repaints whole on every scroll step instead of moving its pixels; the list
    # paints the palette's Base (the surface token) itself, its jump-button gutter too
    # lists of the sidebar: soft selection, rounded rows
    b.rule("QListView#topicList", fg="text", bg="sidebar", border="none", outline="0",
           selection_background_color=c.selected, selection_color=c.selected_text)
    b.pairs.append(TextPair("QListView#topicList selected", "selected_text", "selected"))
    b.rule("QListView#topicList::item", border_radius=f"{Radius.MD}px", padding=f"0 {Space.XS}px")
    b.rule("QListView#topicList::item:hover", fg="text", bg="hover")
    b.rule("QListView#topicList::item:selected", fg="selected_text", bg="selected")
    # the Settings page's section list (issue 29) and its provider list, styled as the topic list
    for name in ("settingsSections", "providerList"):
        b.rule(f"QListView#{name}", fg="text", bg="sidebar", border="none", outline="0",
               selection_background_color=c.selected, selection_color=c.selected_text)
        b.pairs.append(TextPair(f"QListView#{name} selected", "selected_text", "selected"))
        b.rule(f"QListView#{name}::item", border_radius=f"{Radius.MD}px", padding=f"{Space.SM}px {Space.MD}px")
        b.rule(f"QListView#{name}::item:hover", fg="text", bg="hover")
        b.rule(f"QListView#{name}::item:selected", fg="selected_text", bg="selected")
    # the assistant editor's avatar grid (issue 29): round-cornered cells that light on hover;
    # light cells in both themes (walk45 #9: 🎵 and ⚖️ were lost on the dark grid), the
    # current one in the selection tint with a ring
    b.rule("QListView#avatarGrid", fg="text", bg="raised", outline="0")
    b.rule("QListView#avatarGrid::item", fg="emoji_tile_text", bg="emoji_tile", border_radius=f"{Radius.MD}px",
           padding="0", margin=f"{Space.XXS}px", border=f"{Space.XXS}px solid {c.emoji_tile}")
    b.rule("QListView#avatarGrid::item:hover", fg="emoji_tile_text", bg="emoji_tile_hover",
           border=f"{Space.XXS}px solid {c.emoji_tile_hover}")
    b.rule("QListView#avatarGrid::item:selected", fg="emoji_tile_text", bg="emoji_tile_selected",
           border=f"{Space.XXS}px solid {c.focus}")
    # the chosen avatar at the grid's size in its field (walk45 #9: it was body-sized)
    b.rule("QComboBox#avatarCombo, QComboBox#avatarCombo QLineEdit", font_size=_pt(points, TypeScale.HEADING))
    # the chosen face on the grid's light cell, not the dark input (🎵 sat dark on dark; issue 29)
    b.rule("QComboBox#avatarCombo, QComboBox#avatarCombo QLineEdit", fg="emoji_tile_text", bg="emoji_tile",
           selection_background_color=c.accent, selection_color=c.on_accent,
           placeholder_text_color=c.emoji_tile_hint)
    b.pairs.append(TextPair("QComboBox#avatarCombo placeholder", "emoji_tile_hint", "emoji_tile"))
    # Search (walk36 #8): underline tabs, rounded drop-downs, the hits on a rounded card
    # (their soft selection tint is painted by search_page's delegate)
    # (issue 29: a dialog's tabs too, e.g. the assistant editor's, not the boxed native ones)
    underline = ("QTabWidget#searchTabs", 'QTabWidget[underline="true"]')

    def tabs(part: str) -> str:
        return ", ".join(f"{w}{part}" for w in underline)

    b.rule(tabs("::pane"), border="none", border_top=line)
    b.rule(tabs(" > QTabBar::tab"), fg="text_muted", on=("window",), background="transparent",
           border="none", border_bottom="2px solid transparent", padding=f"{Space.SM}px {Space.XS}px",
           margin_right=f"{Space.XL}px")
    b.rule(tabs(" > QTabBar::tab:hover"), fg="text", on=("window",))
    b.rule(tabs(" > QTabBar::tab:selected"), fg="text", on=("window",),
           border_bottom=f"2px solid {c.accent}", font_weight=HEADING_WEIGHT)
    b.rule("QListWidget#searchMessages, QListWidget#searchMemory", bg="surface", border="none", outline="0",
           padding=f"{Space.XS}px 0")
    search_combos = ", ".join(f"QComboBox#{n}" for n in ("searchAssistant", "searchPeriod", "searchRole",
                                                          "dreamWeekday", "dreamDayPicker"))
    b.rule(search_combos, fg="text", bg="raised", border=line, border_radius=f"{Radius.LG}px",
           padding=f"{Space.XS}px {Space.MD}px", min_height=f"{Space.XL + Space.XS}px")
    b.rule(", ".join(f"{n}:hover" for n in search_combos.split(", ")), fg="text", bg="hover")
    b.rule(", ".join(f"{n}:focus" for n in search_combos.split(", ")), border=f"1px solid {c.focus}")
    if drop_down_arrow:
        b.rule(", ".join(f"{n}::drop-down" for n in search_combos.split(", ")), border="none",
               width=f"{Space.XL + Space.XS}px")
        b.rule(", ".join(f"{n}::down-arrow" for n in search_combos.split(", ")), image=f'url("{drop_down_arrow}")',
               width=f"{IconSize.SM}px", height=f"{IconSize.SM}px")
    b.rule(", ".join(f"{n} QAbstractItemView" for n in search_combos.split(", ")), fg="text", bg="raised",
           border=line, outline="0", selection_background_color=c.selected, selection_color=c.selected_text)
    b.pairs.append(TextPair("search drop-down selected", "selected_text", "selected"))
    # Settings → Providers' detail pane (walk29 #9): a raised card beside the list
    b.rule("QFrame#providerDetail", bg="raised", border=line, border_radius=f"{Radius.LG}px")
    b.rule("QLabel#providerTitle", fg="text", on=("raised",), font_weight=HEADING_WEIGHT)
    # the Settings pages' rows (walk51): a rounded raised card per topic, thin lines between
    # its rows, an "Advanced" disclosure as a quiet text button with a chevron
    b.rule("QFrame#settingGroup", bg="raised", border=line, border_radius=f"{Radius.LG}px")
    # Settings → Models (walk53 #10: a bare spreadsheet): its rows on that card, muted column
    # titles over a thin line, roomy rows that tint on hover, no grid
    b.rule("QTableWidget#modelCards", fg="text", bg="raised", border="none", outline="0",
           selection_background_color=c.selected, selection_color=c.selected_text)
    b.pairs.append(TextPair("QTableWidget#modelCards selected", "selected_text", "selected"))
    b.rule("QTableWidget#modelCards::item", padding=f"{Space.SM}px {Space.XS}px",
           border_bottom=f"1px solid {c.border}")
    b.rule("QTableWidget#modelCards::item:hover", fg="text", bg="hover")
    b.rule("QTableWidget#modelCards::item:selected", fg="selected_text", bg="selected")
    b.rule("QTableWidget#modelCards QHeaderView::section", fg="text_muted", bg="raised", border="none",
           border_bottom=f"1px solid {c.border}", padding=f"{Space.XS}px {Space.XS}px")
    b.rule("QFrame#settingDivider", background=c.border, border="none", margin=f"0 {Space.XL}px")
    b.rule("QLabel#settingTitle", fg="text", on=("raised",))
    b.rule('QToolButton[disclosure="true"]', fg="text", on=("raised",), padding=f"{Space.XS}px {Space.SM}px")
    b.rule('QToolButton[disclosure="true"]:checked', fg="text", on=("raised",), background="transparent")
    b.rule('QToolButton[disclosure="true"]:hover', fg="text", bg="hover")
    b.rule('QToolButton[disclosure="true"]:focus',  # the ring's room from the padding (ring54, below)
           padding=f"{Space.XS - Space.XXS}px {Space.SM - Space.XXS}px")
    # buttons
    b.rule("QPushButton", fg="text", bg="raised", border=line, border_radius=f"{Radius.MD}px",
           padding=f"{Space.XS}px {Space.LG}px", min_height=f"{Space.XL + Space.XS}px")
    b.rule("QPushButton:hover", fg="text", bg="hover")
    b.rule("QPushButton:pressed", fg="text", bg="hover", border=f"1px solid {c.border_strong}")
    b.rule("QPushButton:focus", border=f"1px solid {c.focus}")
    b.rule("QPushButton:default", border=f"1px solid {c.accent}")
    b.rule("QPushButton:disabled", color=c.disabled, background_color=c.raised)
    b.rule("QPushButton#sendButton, QPushButton#resendButton", fg="on_accent", bg="accent", border="none",
           border_radius=f"{Radius.LG}px", padding=f"{Space.XS}px {Space.MD}px")
    b.rule("QPushButton#sendButton:hover, QPushButton#resendButton:hover", fg="on_accent", bg="accent_hover")
    b.rule("QPushButton#sendButton:disabled", background_color=c.hover, color=c.disabled)
    # on the accent fill the ring is the text's colour, as a primary button's (walk49 #3)
    b.rule("QPushButton#sendButton:focus, QPushButton#resendButton:focus, QPushButton#stopButton:focus",
           border=f"{Space.XXS}px solid {c.on_accent}")
    # a page's one primary action (an empty state's "Add…"): accent-filled
    b.rule('QPushButton[primary="true"]', fg="on_accent", bg="accent", border=f"1px solid {c.accent}")
    b.rule('QPushButton[primary="true"]:hover', fg="on_accent", bg="accent_hover")
    b.rule('QPushButton[primary="true"]:focus', border=f"1px solid {c.on_accent}")
    # off, it reads as off (walk55 #4: Merge's Import with nothing ticked kept its accent fill)
    b.rule('QPushButton[primary="true"]:disabled', color=c.disabled, background_color=c.raised, border=line)
    # Stop takes Send's place and look while a reply streams (walk36 #5)
    b.rule("QPushButton#stopButton", fg="on_accent", bg="accent", border="none",
           border_radius=f"{Radius.LG}px", padding=f"{Space.XS}px {Space.MD}px")
    b.rule("QPushButton#stopButton:hover", fg="on_accent", bg="accent_hover")
    # a segmented control (walk40: Off / Daily / Weekly in one track, not a native drop-down)
    # and pill tabs (the dream cards' Cards / Proposals): the chosen one raised on the track
    b.rule('QFrame[segmented="true"]', bg="hover", border="none", border_radius=f"{Radius.LG}px")
    # a 1 px border in the track's colour on every segment: the chosen one's line takes no extra
    # width, so a segment chosen before its first show is not cut by 2 px (memlook52: "Daily")
    b.rule('QFrame[segmented="true"] > QPushButton#segment', fg="text", bg="hover", border=f"1px solid {c.hover}",
           border_radius=f"{Radius.MD}px", padding=f"{Space.XXS}px {Space.LG}px",
           min_height=f"{Space.XL + Space.XXS}px")
    b.rule('QFrame[segmented="true"] > QPushButton#segment:hover', fg="text", bg="raised")
    # no bold for the chosen one: a segment is sized for its regular text (walk40 shot: "Weekly" cut);
    # the selection tint, as the pill tabs (walk45 #8: raised on the dark track was 43,45,49 on 52,54,60)
    b.rule('QFrame[segmented="true"] > QPushButton#segment:checked', fg="selected_text", bg="selected", border=line)
    b.rule('QFrame[segmented="true"] > QPushButton#segment:focus', border=f"1px solid {c.focus}")
    b.rule('QFrame[segmented="true"] > QPushButton#segment:disabled', color=c.disabled, background_color=c.hover)
    # the Proposals tab's day list (walk40): soft rounded selection, as the topic list
    b.rule("QListView#proposalList", fg="text", bg="raised", border=line, border_radius=f"{Radius.MD}px",
           outline="0", padding=f"{Space.XXS}px", selection_background_color=c.selected,
           selection_color=c.selected_text)
    b.pairs.append(TextPair("QListView#proposalList selected", "selected_text", "selected"))
    b.rule("QListView#proposalList::item", border_radius=f"{Radius.SM}px", padding=f"{Space.XS}px {Space.SM}px")
    b.rule("QListView#proposalList::item:hover", fg="text", bg="hover")
    b.rule("QListView#proposalList::item:selected", fg="selected_text", bg="selected")
    b.rule("QPlainTextEdit#proposalText", fg="text", bg="raised")
    b.rule("QTabWidget#dreamTabs::pane", border="none", border_top=line, top="-1px")
    b.rule("QTabWidget#dreamTabs > QTabBar::tab", fg="text", bg="window", border="none",
           border_radius=f"{Radius.LG}px", padding=f"{Space.XS}px {Space.LG}px",
           margin=f"0 {Space.XS}px {Space.XS}px 0")
    b.rule("QTabWidget#dreamTabs > QTabBar::tab:hover", fg="text", bg="hover")
    b.rule("QTabWidget#dreamTabs > QTabBar::tab:selected", fg="selected_text", bg="selected", font_weight=HEADING_WEIGHT)
    b.rule("QTabWidget#dreamTabs > QTabBar::tab:disabled", color=c.disabled)
    # the keyboard's tab (walk56 #7: only the style's 1 px dotted line): the buttons' ring,
    # its width from the padding so the pill keeps its size; no dotted line
    b.rule("QTabWidget#dreamTabs > QTabBar", outline="0")
    b.rule("QTabWidget#dreamTabs > QTabBar::tab:focus", border=f"{Space.XXS}px solid {c.focus}",
           padding=f"{Space.XS - Space.XXS}px {Space.LG - Space.XXS}px")
    # spin boxes as the design system's fields (walk40: "a spin box" of the old style)
    if drop_down_arrow and up_arrow:  # styled frames need their own arrows (Qt drops the style's)
        spins = ("QSpinBox", "QDoubleSpinBox")

        def each(part: str) -> str:
            return ", ".join(f"{w}{part}" for w in spins)

        b.rule(each(""), fg="text", bg="raised", border=line, border_radius=f"{Radius.MD}px",
               padding=f"{Space.XXS}px {Space.XS}px", min_height=f"{Space.XL + Space.XS}px")
        b.rule(each(":focus"), border=f"1px solid {c.focus}")
        b.rule(each(":disabled"), color=c.disabled)
        b.rule(each("::up-button") + ", " + each("::down-button"), border="none", background="transparent",
               width=f"{Space.XL}px", extra={"subcontrol-origin": "border"})
        b.rule(each("::up-button"), extra={"subcontrol-position": "top right"})
        b.rule(each("::down-button"), extra={"subcontrol-position": "bottom right"})
        b.rule(each("::up-button:hover") + ", " + each("::down-button:hover"), background=c.hover,
               border_radius=f"{Radius.SM}px")
        b.rule(each("::up-arrow"), image=f'url("{up_arrow}")', width=f"{Space.LG - 2}px",
               height=f"{Space.LG - 2}px")
        b.rule(each("::down-arrow"), image=f'url("{drop_down_arrow}")', width=f"{Space.LG - 2}px",
               height=f"{Space.LG - 2}px")
    b.rule("QToolButton", fg="text", border="none", border_radius=f"{Radius.MD}px",
           padding=f"{Space.XS}px", background="transparent")
    b.rule("QToolButton:hover", fg="text", bg="hover")
    b.rule("QToolButton:pressed, QToolButton:checked", fg="text", bg="selected")
    b.rule("QToolButton:disabled", color=c.disabled)
    b.rule("QToolButton::menu-indicator", image="none", width="0")
    # the keyboard's place (walk49 #3): a ring in the focus colour on every Tab stop; the
    # named buttons below set their own border, so they repeat it. The ring takes its width
    # from the padding (a negative one where there is none), so a focused button asks for
    # the size it had (ring54: the audit read the Memory page's ← "needs 33 px, has 29").
    # Not a clear border kept unfocused: under any border Qt insets a rounded background by
    # half its width, and hover and checked tiles would shrink
    ring_width = Space.XXS
    ring = f"{ring_width}px solid {c.focus}"
    b.rule("QToolButton:focus, QToolButton#newTopicButton:focus, QToolButton#topicModelPicker:focus, "
           "QToolButton#assistantAvatar:focus", border=ring)
    b.rule("QToolButton:focus", padding=f"{Space.XS - ring_width}px")
    b.rule("QListView#topicList:focus", border=ring, border_radius=f"{Radius.MD}px")
    # the Memory page's body takes Tab to scroll by keys (issue 29): its ring in room it
    # always keeps, so focusing it does not move the page (walk55b #7: no ring at all)
    b.rule("QScrollArea#memoryPageScroll", border=f"{ring_width}px solid transparent")
    b.rule("QScrollArea#memoryPageScroll:focus", border=ring)
    # the message action bar's icon buttons (issue 29): no padding and a ring-wide border,
    # clear until focused, so every state has the one box the bar is sized from and the
    # bar fits the header band above a reply's first line (walk39 #3)
    b.rule("QFrame#messageActionBar QToolButton", padding="0", border=f"{Space.XXS}px solid transparent")
    b.rule("QFrame#messageActionBar QToolButton:focus", border=ring)
    # the topic list's New topic (issue 29): a labelled button over the list, as "New chat"
    b.rule("QToolButton#newTopicButton", fg="text", bg="raised", border=line, border_radius=f"{Radius.LG}px",
           padding=f"{Space.SM}px {Space.MD}px", font_weight=HEADING_WEIGHT)
    b.rule("QToolButton#newTopicButton:hover", fg="text", bg="hover")
    b.rule("QToolButton#newTopicButton:focus",  # its 1 px line is part of the ring's width
           padding=f"{Space.SM - ring_width + 1}px {Space.MD - ring_width + 1}px")
    # the navigation rail (issue 29): icon entries, the shown page's checked; a round avatar
    b.rule("QFrame#navRail", bg="window", border="none", border_right=line)
    b.rule("QToolButton#railButton", border_radius=f"{Radius.LG}px", padding="0")
    b.rule("QToolButton#railButton:focus", padding=f"-{ring_width}px")
    b.rule("QToolButton#assistantAvatar", fg="on_accent", bg="accent", border="none",
           border_radius=f"{IconSize.AVATAR // 2}px", font_weight=700, padding="0")
    b.rule("QToolButton#assistantAvatar:focus", padding=f"-{ring_width}px")  # the ring over the disc's edge
    b.rule("QToolButton#assistantAvatar:hover, QToolButton#assistantAvatar:pressed", fg="on_accent",
           bg="accent_hover")
    b.rule(f'QToolButton#assistantAvatar[avatarTone="{PENDING_TONE}"]', fg="text", bg="raised", border=line)
    b.rule(f'QToolButton#assistantAvatar[avatarTone="{PENDING_TONE}"]:focus', border=ring,
           padding=f"-{ring_width - 1}px")
    # an empty chat (walk29 #19, #20): a large avatar, a title, prompt tiles
    b.rule("QFrame#chatEmpty", bg="surface", border="none")
    b.rule("QLabel#greetingAvatar", fg="on_accent", bg="accent", border="none",
           border_radius=f"{IconSize.GREETING // 2}px", font_weight=700, font_size=_pt(points, TypeScale.HEADING))
    b.rule("QLabel#greetingTitle", fg="text", bg="surface", font_weight=HEADING_WEIGHT, font_size=_pt(points, TypeScale.HEADING))
    b.rule("QPushButton#promptTile", fg="text", bg="raised", border=line, border_radius=f"{Radius.LG}px",
           padding=f"{Space.MD}px {Space.LG}px", text_align="left")
    b.rule("QPushButton#promptTile:hover", fg="text", bg="hover")
    # each assistant's avatar colour (walk29 #23; gui.avatar: white text at 4.5:1 on each)
    # and an emoji on a pale tint of it (issue 29), a size larger than a letter
    for n, colour in enumerate(AVATAR_COLOURS):
        b.rule(f'QToolButton#assistantAvatar[avatarTone="{n}"], QLabel#greetingAvatar[avatarTone="{n}"]',
               extra={"background-color": colour, "color": AVATAR_TEXT})
        tint = emoji_patch(colour, c)  # light in dark too: 🎵 read 2.5:1 on the dark rail (issue 29)
        # the emoji in px from the avatar's side, not the app's points: at a larger font
        # (or font DPI) it wanted 36 px of the 32 px button (rail51)
        b.rule(f'QToolButton#assistantAvatar[avatarTone="e{n}"]', fg="emoji_tile_text", bg="emoji_tile",
               font_size=f"{round(IconSize.AVATAR * AVATAR_EMOJI)}px", extra={"background-color": tint})
        b.rule(f'QLabel#greetingAvatar[avatarTone="e{n}"]', fg="emoji_tile_text", bg="emoji_tile",
               font_size=f"{points * TypeScale.HEADING.value * 1.6:.1f}pt", extra={"background-color": tint})
    # a title's help (APP-6; walk40): a small muted info glyph (HelpMark paints it; walk53: a
    # ringed bold "?" read as a question), the help in its tooltip
    b.rule('QToolButton[helpMark="true"]', fg="text_muted", border=f"{ring_width}px solid transparent",
           border_radius=f"{Space.XL // 2}px", padding="0")  # the border: the focus ring's room
    b.rule('QToolButton[helpMark="true"]:hover, QToolButton[helpMark="true"]:focus', fg="text", bg="hover")
    b.rule('QToolButton[helpMark="true"]:focus', border=ring)  # the keyboard's ring, as every other button's
    # every other "?" (a field's help, the import dialog's, the popover's cache help): bold at
    # body size for the same reason, in the text colour, no ring
    b.rule('QToolButton[helpGlyph="true"]', fg="text", font_weight=700, font_size=_pt(points, TypeScale.BODY))
    b.rule("QToolButton#topicModelPicker", fg="text", border=line, border_radius=f"{Radius.LG}px",
           padding=f"{Space.XXS}px {Space.MD}px", on=("raised",))
    b.rule("QToolButton#topicModelPicker:focus",
           padding=f"{Space.XXS - ring_width + 1}px {Space.MD - ring_width + 1}px")
    # a private topic's toggle in the composer (walk52b): a chip tinted as a state, saying
    # "Private"; the same box as the bare icon, so nothing moves when it turns on
    b.rule("QToolButton#privateToggle:checked, QToolButton#privateToggle:checked:hover", fg="selected_text",
           bg="selected", border_radius=f"{Radius.LG}px")
    # text inputs
    b.rule("QLineEdit, QPlainTextEdit, QTextEdit", border=line, border_radius=f"{Radius.MD}px",
           padding=f"{Space.XXS}px {Space.XS}px", selection_background_color=c.accent,
           selection_color=c.on_accent)
    b.pairs.append(TextPair("QLineEdit selection", "on_accent", "accent"))
    b.rule("QLineEdit:focus, QPlainTextEdit:focus, QTextEdit:focus", border=f"1px solid {c.focus}")
    # the raw editor's preview beside it (walk55b #18): the editor's frame; its cards' text at the
    # editor's text inset — the frame's padding here, the editor's document margin the cards' own inset
    b.rule("QListView#rawPreview", fg="text", bg="surface", border=line, border_radius=f"{Radius.MD}px", outline="0",
           padding=f"{Space.XS}px {Space.XS}px {Space.XXS}px {Space.XS}px")
    b.rule("QListView#rawPreview:focus", border=f"1px solid {c.focus}")
    # between the two frames a gap (still the handle that resizes them), not a line beside a frame
    b.rule("QSplitter#rawSplit::handle", background="transparent", width=f"{Space.SM}px", height=f"{Space.SM}px")
    # the composer: one rounded card holding the draft and its toolbar
    b.rule("QFrame#composer", bg="surface", border="none")
    b.rule("QFrame#composerCard", bg="raised", border=f"1px solid {c.border_strong}",
           border_radius=f"{Radius.XL}px")
    b.rule("QPlainTextEdit#draft", fg="text", bg="raised", border="none", padding="0")
    b.pairs.append(TextPair("QPlainTextEdit#draft placeholder", "placeholder", "raised"))
    # edit in place (issue 29): a raised card over the message's bubble
    b.rule("QFrame#inlineEditor", bg="raised", border=f"1px solid {c.focus}", border_radius=f"{Radius.LG}px")
    b.rule("QPlainTextEdit#inlineEditBox", fg="text", bg="raised", border="none", padding="0")
    # a memory card's in-place editor (walk50 #1): opaque over the card, its footer strip too
    b.rule("QPlainTextEdit#memoryCardEditor", fg="text", bg="raised", border=f"1px solid {c.focus}")
    b.rule("QLabel#cardEditorFooter", bg="raised")
    b.pairs.append(TextPair("QLabel#cardEditorFooter", "text_muted", "raised"))
    # its notice when the card changed elsewhere (walk57 #2): over the same raised strip
    b.rule("QWidget#cardEditorNotice, QLabel#cardEditorNoticeText", bg="raised")
    b.pairs.append(TextPair("QLabel#cardEditorNoticeText warning", "warning", "raised"))
    b.pairs.append(TextPair("QLabel#cardEditorNoticeText muted", "text_muted", "raised"))
    b.rule("QFrame#replyNotice", bg="hover", border="none", border_radius=f"{Radius.MD}px")
    b.rule("QLabel#replyNoticeText", fg="text", on=("hover",))
    b.rule("QFrame#toolApproval", bg="hover", border="none", border_radius=f"{Radius.MD}px")
    b.rule("QLabel#toolApprovalText, QLabel#toolApprovalArguments", fg="text", on=("hover",))
    b.rule("QWidget#attachmentChip", border=f"1px solid {c.border_strong}", border_radius=f"{Radius.LG}px")
    # menus and tooltips
    b.rule("QMenu", fg="text", bg="raised", border=line, padding=f"{Space.XS}px")
    b.rule("QMenu::item", padding=f"{Space.XS}px {Space.XL + Space.XS}px {Space.XS}px {Space.MD}px",
           border_radius=f"{Radius.SM}px")
    b.rule("QMenu::item:selected", fg="text", bg="hover")
    b.rule("QMenu::item:disabled", color=c.disabled)
    # a checked entry with an icon shows its icon on a tinted, outlined tile: the style draws no
    # check mark beside an icon (a11y53: Show sidebar, Show archived topics)
    b.rule("QMenu::icon:checked", bg="selected", border=f"1px solid {c.focus}", border_radius=f"{Radius.SM}px")
    b.rule("QMenu::separator", height="1px", background=c.border, margin=f"{Space.XS}px {Space.SM}px")
    b.rule("QMenuBar", fg="text", bg="window")
    b.rule("QMenuBar::item", padding=f"{Space.XS}px {Space.MD}px", border_radius=f"{Radius.SM}px",
           background="transparent")
    b.rule("QMenuBar::item:selected", fg="text", bg="hover")
    b.rule("QToolTip", fg="tooltip_text", bg="tooltip", border=f"1px solid {c.tooltip_border}",
           padding=f"{Space.XS}px {Space.SM}px")
    # thin scroll bars
    for o, (thick, along) in {"vertical": ("width", "min-height"), "horizontal": ("height", "min-width")}.items():
        b.rule(f"QScrollBar:{o}", background="transparent", margin="0", extra={thick: f"{Space.LG - 2}px"})
        b.rule(f"QScrollBar::handle:{o}", background=c.border_strong, border_radius=f"{Radius.SM}px",
               margin=f"{Space.XXS}px", extra={along: f"{Space.HUGE}px"})
        b.rule(f"QScrollBar::add-line:{o}, QScrollBar::sub-line:{o}", border="none", background="none",
               extra={thick: "0"})
        b.rule(f"QScrollBar::add-page:{o}, QScrollBar::sub-page:{o}", background="none")
    # text by what it says, and by size
    for tone in Tone:
        if tone is not Tone.NORMAL:
            b.rule(f'QLabel[tone="{tone.value}"]', fg=_TONE_TOKEN[tone])
    for scale in TypeScale:
        b.rule(f'QLabel[textSize="{scale.name.lower()}"]', font_size=_pt(points, scale))
    return Stylesheet("\n".join(b.rules), b.pairs)


_TONE_TOKEN = {Tone.MUTED: "text_muted", Tone.ERROR: "error", Tone.WARNING: "warning",
               Tone.SUCCESS: "success", Tone.NORMAL: "text"}


def painted_pairs(c: Colours) -> list[TextPair]:
    """The text/background token pairs painted from the palette or by delegates (not by
    stylesheet rules): body and muted text, links, placeholder, chips, diff rows, icons,
    check box and radio button indicators."""
    pairs = [TextPair("palette Text", "text", s) for s in _SURFACES]
    pairs += [TextPair("palette PlaceholderText", "placeholder", s) for s in ("surface", "raised")]
    pairs += [TextPair("palette Link", "link", s) for s in ("surface", "raised", "window")]
    pairs += [TextPair("palette HighlightedText", "on_accent", "accent")]
    pairs += [TextPair(f"diff row {k}", "text", k) for k in
              ("diff_added", "diff_removed", "diff_edited", "diff_context")]
    pairs += [TextPair("icon", "text", s, large=True) for s in (*_SURFACES, "hover")]
    pairs += [TextPair("icon active", "link", s, large=True) for s in ("surface", "raised", "sidebar")]
    pairs += [TextPair(f"tone {t.value} on hover", _TONE_TOKEN[t], "hover") for t in (Tone.NORMAL, Tone.MUTED)]
    # check boxes and radio buttons (design.indicators), non-text: 3:1 (WCAG 1.4.11)
    pairs += [TextPair(f"{part} indicator", token, s, large=True)
              for part, token in (("unchecked", "indicator"), ("checked", "indicator_on"))
              for s in (*_SURFACES, "hover", "selected")]
    pairs += [TextPair("indicator tick", "indicator_mark", "indicator_on", large=True)]
    return pairs


def chip_pairs(c: Colours) -> list[tuple[ChipKind, str, str]]:
    """(kind, text, background) of every chip kind (:class:`ChipKind`) in theme ``c``;
    :class:`KeyError` when the theme lacks one."""
    return [(k, c.chip(k)[1], c.chip(k)[0]) for k in ChipKind]
