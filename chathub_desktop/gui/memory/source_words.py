"""Where an imported memory entry came from, said in the interface language as whole
labels and sentences (walk53 #5, issue 27): the chip ``from Claude`` / ``from a memory
file`` and the tooltip's ``imported from …`` line. An entry a memory file brought in is
noted with the service's English word for it (``MEMORY_FILE_SOURCE``, data that stays
English in the store): it is said here as its own label, never put into ``from %1``
(zh_CN showed "来自 a memory file")."""

from __future__ import annotations

from datetime import date

from PySide6.QtCore import QCoreApplication

from chathub_desktop.core.reasons import QT_TRANSLATE_NOOP
from chathub_desktop.gui.shell.day_format import format_day
from chathub_desktop.gui.shell.i18n import fill
from chathub_desktop.services.memory.memory_sources import MEMORY_FILE_SOURCE, ImportSource

__all__ = ["added_from", "source_chip", "source_line"]

translate = QCoreApplication.translate

#: The tooltip line, by (a memory file's, has a file name, has a day); %1.. the name
#: (an assistant's), the file, the day, in that order of what is present.
_LINES: dict[tuple[bool, bool, bool], str] = {
    (False, True, True): QT_TRANSLATE_NOOP("MemoryPage", "imported from %1 (export %2, %3)"),
    (False, True, False): QT_TRANSLATE_NOOP("MemoryPage", "imported from %1 (export %2)"),
    (False, False, True): QT_TRANSLATE_NOOP("MemoryPage", "imported from %1 (%2)"),
    (False, False, False): QT_TRANSLATE_NOOP("MemoryPage", "imported from %1"),
    (True, True, True): QT_TRANSLATE_NOOP("MemoryPage", "imported from the memory file %1 (%2)"),
    (True, True, False): QT_TRANSLATE_NOOP("MemoryPage", "imported from the memory file %1"),
    (True, False, True): QT_TRANSLATE_NOOP("MemoryPage", "imported from a memory file (%1)"),
    (True, False, False): QT_TRANSLATE_NOOP("MemoryPage", "imported from a memory file"),
}


def source_chip(name: str) -> str:
    """The card chip of an entry imported from ``name`` (a stored source name):
    ``from Claude``, or ``from a memory file`` as one label."""
    if name == MEMORY_FILE_SOURCE:
        return translate("MemoryPage", "from a memory file")
    return fill(translate("MemoryPage", "from %1"), name)


def source_line(source: ImportSource) -> str:
    """``source`` as the entry tooltip's line, the day in the interface language's
    long date: ``imported from Claude (export data.zip, 30 Nov 2026)``."""
    from_file = source.name == MEMORY_FILE_SOURCE
    day = format_day(date.fromisoformat(source.day)) if source.day else ""
    values = ([] if from_file else [source.name]) + ([source.file] if source.file else []) + ([day] if day else [])
    return fill(translate("MemoryPage", _LINES[(from_file, bool(source.file), bool(day))]), *values)


def added_from(count: int, source: str) -> str:
    """A History row's action for ``count`` entries added from ``source`` (a stored
    source name; a memory file's said as its own phrase)."""
    if source == MEMORY_FILE_SOURCE:
        return translate("MemoryPage", "added %n entry(ies) from a memory file", None, count)
    return fill(translate("MemoryPage", "added %n entry(ies) from %1", None, count), source)
