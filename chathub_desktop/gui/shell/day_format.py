"""One way to write a day, and a day with its time, in the interface language (issue 30,
walk50 #6: the Memory page wrote one day four ways — "5/1/24", "2024-05-01", "Wednesday,
May 1, 2024", "Sat 12/5/26 02:00 UTC").

The style is a medium date — month name, no weekday: "1 May 2024", "2024年5月1日" — from
a pattern the translators set per language (the "Dates" context), and month names from
the ``QLocale`` of the interface language (not the desktop's locale: an English window
on a German desktop says "1 May 2024", not "1 Mai 2024"): :class:`LanguageSwitcher
<chathub_desktop.gui.shell.i18n.LanguageSwitcher>` keeps the shown language in the
application's ``UI_LANGUAGE`` property; before its first switch (tests, a window not built
yet) ``QLocale()`` stands in.
A time of the dream schedule stays in UTC and says so (DRM-2): ``5 Dec 2026, 02:00 UTC``.
Every other time is stored in UTC and shown in the desktop's own zone (issue 29, walk53
#8: message meta, the topic list, search results and the summary all say the same day of
the same instant): :func:`format_local_time` for a message's meta line.
"""

from __future__ import annotations

from datetime import UTC, date, datetime, tzinfo

from PySide6.QtCore import QCoreApplication, QDate, QLocale

from chathub_desktop.gui.shell.i18n import QT_TRANSLATE_NOOP, UI_LANGUAGE, fill

translate = QCoreApplication.translate

#: The medium date pattern (Qt date format: ``d`` day, ``MMM`` short month name,
#: ``yyyy`` year); translators give their language's own ("yyyy年M月d日").
DAY_PATTERN = QT_TRANSLATE_NOOP("Dates", "d MMM yyyy")
#: A day and a time of day ("5 Dec 2026, 02:00 UTC").
DAY_TIME = QT_TRANSLATE_NOOP("Dates", "%1, %2")


def interface_locale() -> QLocale:
    """The ``QLocale`` of the interface language (the application's ``UI_LANGUAGE``
    property: ``en``, ``ja``, ``zh_CN``), else ``QLocale()``."""
    app = QCoreApplication.instance()
    name = app.property(UI_LANGUAGE) if app is not None else None
    return QLocale(name) if isinstance(name, str) and name else QLocale()


def format_day(d: date) -> str:
    """``d`` in the medium style of the interface language: ``1 May 2024``,
    ``2024年5月1日``."""
    return interface_locale().toString(QDate(d.year, d.month, d.day), translate("Dates", DAY_PATTERN))


def format_iso_day(day: str) -> str:
    """:func:`format_day` of an ISO day (``2024-05-01``); any other text as it is."""
    try:
        return format_day(date.fromisoformat(day))
    except ValueError:
        return day


def as_local(at: datetime) -> datetime:
    """``at`` (aware; naive is taken as UTC, as the store keeps it) in the desktop's time
    zone (the ``TZ`` in effect)."""
    return (at.replace(tzinfo=UTC) if at.tzinfo is None else at).astimezone()


def format_day_time(at: datetime, zone: tzinfo | None = UTC, label: str = "UTC", *, seconds: bool = False) -> str:
    """``at`` (aware; naive is taken as UTC) as its day in ``zone`` (None: the desktop's
    zone) and its 24-hour time there followed by ``label``: ``5 Dec 2026, 02:00 UTC``;
    ``label`` "" writes the time alone."""
    when = as_local(at) if zone is None else (at.replace(tzinfo=UTC) if at.tzinfo is None else at).astimezone(zone)
    clock = f"{when:%H:%M:%S}" if seconds else f"{when:%H:%M}"
    return fill(translate("Dates", DAY_TIME), format_day(when.date()), f"{clock} {label}".rstrip())


def format_local_time(at: datetime, now: datetime | None = None) -> str:
    """``at`` (UTC stored) as a message's meta line writes it in the desktop's zone: the
    24-hour time alone on today's local day (``12:18``), else the day and the time
    (``7 Jan 2024, 12:18``; issue 29). ``now`` stands in for the clock (tests)."""
    local = as_local(at)
    today = as_local(now or datetime.now(UTC)).date()
    return f"{local:%H:%M}" if local.date() == today else format_day_time(at, None, "")
