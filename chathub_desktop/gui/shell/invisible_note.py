"""What the window says where it left invisible characters out of outside text (issue
32, issue 28; session 51: the note was English only and read "1 invisible characters").

:func:`~chathub_desktop.core.invisible_text.thin_invisible` (pure, Qt-free) decides what
is left out and returns how many; the words are said here, in the interface language
with Qt's ``%n`` plural forms ("1 invisible character not shown", "3,000 invisible
characters not shown", "3,000 个不可见字符未显示").
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from chathub_desktop.core.invisible_text import thin_invisible

__all__ = ["hidden_note", "shown_line"]


def hidden_note(count: int) -> str:
    """The one line said where ``count`` invisible characters were left out ("" for
    none), in the interface language with its plural form and the locale's digit
    grouping, e.g. ``"3,000 invisible characters not shown"``."""
    if not count:
        return ""
    return QCoreApplication.translate("InvisibleText", "%Ln invisible character(s) not shown", None, count)


def shown_line(text: str) -> str:
    """``text`` (a title, a model id, a receipt value) for a plain-text label: thinned
    by :func:`~chathub_desktop.core.invisible_text.thin_invisible`, with
    :func:`hidden_note` in brackets after it when any were left out."""
    shown, hidden = thin_invisible(text)
    return f"{shown} [{hidden_note(hidden)}]" if hidden else shown
