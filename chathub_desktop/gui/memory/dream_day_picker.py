"""Try a dream on any past day (issue 14): the day chooser next to Dream now. It lists
the finished UTC days that had activity, newest first ("Yesterday · 2026-11-30 · 3
topics, 41 messages"), read on a worker thread; Dream now dreams over the chosen day.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, date, datetime
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QComboBox, QWidget

if TYPE_CHECKING:
    from chathub_desktop.services.dream.dream_days import ActiveDay


def day_text(d: ActiveDay, today: date) -> str:
    """A chooser line: relative name (Yesterday, a weekday within the week), the ISO day
    and what it holds."""
    ago = (today - d.day).days
    name = "Yesterday" if ago == 1 else f"{d.day:%A}" if ago < 7 else f"{d.day:%d %b %Y}".lstrip("0")
    topics = f"{d.topics} topic{'s' if d.topics != 1 else ''}"
    return f"{name} · {d.day.isoformat()} · {topics}, {d.messages:,} message{'s' if d.messages != 1 else ''}"


class DreamDayPicker(QComboBox):
    """The day chooser; :meth:`load` fills it from ``fetch`` (a blocking service call run
    by ``run_in_thread``)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("dreamDayPicker")
        self.setToolTip("The finished UTC day Dream now reads (days with messages, newest first)")
        self.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.setEnabled(False)
        self.days: list[ActiveDay] = []

    async def load(self, fetch: Callable[[], list[ActiveDay]],
                   run_in_thread: Callable[..., object]) -> None:
        """Re-read the days, keeping the chosen one when it is still offered."""
        keep = self.selected_day()
        days: list[ActiveDay] = await run_in_thread(fetch)  # type: ignore[misc]
        today = datetime.now(UTC).date()
        self.days = days
        self.clear()
        for d in days:
            self.addItem(day_text(d, today), d.day)
        if not days:
            self.addItem("no finished day has messages yet", None)
        idx = self.findData(keep) if keep is not None else -1
        self.setCurrentIndex(max(0, idx))
        self.setEnabled(bool(days))

    def selected_day(self) -> date | None:
        """The chosen day, or None when none is offered."""
        value = self.currentData()
        return value if isinstance(value, date) else None
