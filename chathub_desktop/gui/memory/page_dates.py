"""Dates the Memory page says, in the interface language (issue 30): ``QLocale``'s long
date in sentences ("Wednesday, December 2, 2026"), its short date in compact rows
("12/2/26", "02.12.26", "2026/12/2"). A time of the dream schedule stays in UTC and
says so ("Thu 12/3/26 02:00 UTC", DRM-2); dream card tags stay as stored (DRM-8).
"""

from __future__ import annotations

from datetime import UTC, date, datetime

from PySide6.QtCore import QDate, QLocale


def _qdate(d: date) -> QDate:
    return QDate(d.year, d.month, d.day)


def long_date(d: date) -> str:
    """``d`` as the locale's long date, for a sentence or a heading."""
    return QLocale().toString(_qdate(d), QLocale.FormatType.LongFormat)


def short_date(d: date) -> str:
    """``d`` as the locale's short date, for a row or a compact line."""
    return QLocale().toString(_qdate(d), QLocale.FormatType.ShortFormat)


def long_iso(day: str) -> str:
    """:func:`long_date` of an ISO day (``2026-12-02``); any other text as it is."""
    try:
        return long_date(date.fromisoformat(day))
    except ValueError:
        return day


def utc_stamp(dt: datetime, *, seconds: bool = False) -> str:
    """``Thu 12/3/26 02:00 UTC`` for an aware (or naive, taken as UTC) time: the short
    weekday and date of the locale, the 24-hour UTC time and "UTC"."""
    at = dt.replace(tzinfo=UTC) if dt.tzinfo is None else dt.astimezone(UTC)
    locale = QLocale()
    day = locale.dayName(at.isoweekday(), QLocale.FormatType.ShortFormat)
    clock = f"{at:%H:%M:%S}" if seconds else f"{at:%H:%M}"
    return f"{day} {short_date(at.date())} {clock} UTC"
