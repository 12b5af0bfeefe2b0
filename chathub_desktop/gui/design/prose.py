"""Design tokens of rendered message text (issue 29, walk29 #3): headings, code blocks,
quotes, tables and inline code, for the light and dark themes. Pure data, no Qt:
:mod:`~chathub_desktop.gui.chat.markdown_render` writes them into the HTML it makes (Qt's rich
text has no external stylesheet), :mod:`~chathub_desktop.gui.chat.message_documents` into
each document's default style sheet.

Code colours are two Pygments styles: :class:`GitHubLight` (after GitHub's light theme:
red keywords, blue constants, purple functions, no bold) and :class:`OneDarkPlus`
(Pygments' ``one-dark`` with comments lightened to 4.5:1 on the block background).
``tests/unit/test_prose_tokens.py`` checks the text pairs' contrast in both themes.
"""

from __future__ import annotations

from dataclasses import dataclass

from pygments.style import Style
from pygments.styles.onedark import OneDarkStyle
from pygments.token import (
    Comment,
    Error,
    Generic,
    Keyword,
    Name,
    Number,
    Operator,
    Punctuation,
    String,
    Text,
    Token,
)

__all__ = ["DARK_PROSE", "HEADING_SCALE", "LIGHT_PROSE", "GitHubLight", "OneDarkPlus", "Prose", "prose_for"]

#: Heading sizes, factors of the body text size (h4 to h6 are body size, bold).
HEADING_SCALE: dict[int, float] = {1: 1.5, 2: 1.3, 3: 1.15}


class GitHubLight(Style):  # type: ignore[misc]  # pygments is untyped
    """Code colours after GitHub's light theme (every colour 4.5:1 on ``#f6f8fa``)."""

    name = "chathub-github-light"
    background_color = "#f6f8fa"
    styles = {
        Token: "#1f2328",
        Text: "#1f2328",
        Comment: "italic #59636e",
        Comment.Preproc: "#cf222e",
        Keyword: "#cf222e",
        Keyword.Constant: "#0550ae",
        Keyword.Type: "#953800",
        Operator: "#1f2328",
        Operator.Word: "#cf222e",
        Punctuation: "#1f2328",
        Name: "#1f2328",
        Name.Builtin: "#953800",
        Name.Builtin.Pseudo: "#0550ae",
        Name.Function: "#6639ba",
        Name.Class: "#953800",
        Name.Decorator: "#6639ba",
        Name.Exception: "#953800",
        Name.Tag: "#116329",
        Name.Attribute: "#0550ae",
        Name.Constant: "#0550ae",
        Name.Variable: "#953800",
        Number: "#0550ae",
        String: "#0a3069",
        String.Escape: "#0550ae",
        String.Regex: "#116329",
        Generic.Deleted: "#82071e",
        Generic.Inserted: "#116329",
        Generic.Heading: "#0550ae",
        Generic.Subheading: "#0550ae",
        Generic.Emph: "italic",
        Generic.Strong: "bold",
        Error: "#82071e",
    }


_ONE_DARK_RED = "#ef7b84"  # one-dark's #e06c75 at 4.5:1 on its background


class OneDarkPlus(OneDarkStyle):  # type: ignore[misc]  # pygments is untyped
    """Pygments' ``one-dark`` with plain names in the text colour, functions blue and not
    bold, its reds and comments raised to 4.5:1 on its background."""

    name = "chathub-one-dark"
    styles = {
        **{token: value.replace("#E06C75", _ONE_DARK_RED) for token, value in OneDarkStyle.styles.items()},
        Comment: "italic #969dab",
        Name: "#abb2bf",
        Name.Function: "#61afef",
        Name.Function.Magic: "#56b6c2",
    }


@dataclass(frozen=True)
class Prose:
    """One theme's colours of rendered message text (``#rrggbb``).

    ``code_bg`` / ``code_text``: a code block's body; ``code_header_bg`` /
    ``code_header_text``: its header bar (language, Copy); ``code_border``: its outline;
    ``inline_code_bg``: a ``code`` span's background; ``quote_bar`` / ``quote_text``: a
    quote's side bar and text; ``table_header_bg``: a table's header row;
    ``table_rule``: a table's grid lines; ``caret``: the streaming reply's end mark."""

    dark: bool
    code_bg: str
    code_text: str
    code_header_bg: str
    code_header_text: str
    code_border: str
    inline_code_bg: str
    quote_bar: str
    quote_text: str
    table_header_bg: str
    table_rule: str
    caret: str

    @property
    def code_style(self) -> type[Style]:
        """The Pygments style of code blocks."""
        return OneDarkPlus if self.dark else GitHubLight


LIGHT_PROSE = Prose(
    dark=False, code_bg="#f6f8fa", code_text="#1f2328", code_header_bg="#eaeef2", code_header_text="#4b535d",
    code_border="#d8dee4", inline_code_bg="#eceff2", quote_bar="#c9d1d9", quote_text="#555d69",
    table_header_bg="#f1f3f6", table_rule="#d8dee4", caret="#3b5bdb",
)

DARK_PROSE = Prose(
    dark=True, code_bg="#282c34", code_text="#abb2bf", code_header_bg="#21252b", code_header_text="#a9aeb6",
    code_border="#3e4451", inline_code_bg="#383b42", quote_bar="#50535a", quote_text="#a9aeb6",
    table_header_bg="#2b2d31", table_rule="#44474e", caret="#7b93f2",
)


def prose_for(dark: bool) -> Prose:
    """The light or dark prose colours."""
    return DARK_PROSE if dark else LIGHT_PROSE
