"""The short date the memory history rows still use (issue 30): ``QLocale``'s short date
("12/2/26"). The rest of the Memory page writes days with
:mod:`~chathub_desktop.gui.shell.day_format`, which the history panel can adopt too.
"""

from __future__ import annotations

from datetime import date

from PySide6.QtCore import QDate, QLocale


def short_date(d: date) -> str:
    """``d`` as the locale's short date, for a row or a compact line."""
    return QLocale().toString(QDate(d.year, d.month, d.day), QLocale.FormatType.ShortFormat)
