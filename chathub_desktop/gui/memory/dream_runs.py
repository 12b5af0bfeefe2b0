"""The dream panel's runs (DRM-3, APP-7): Dream now over the chosen day, Regenerate one
card, the phases of a run on the status line, Stop (also for a scheduled run of the
same assistant). Mixed into :class:`~chathub_desktop.gui.memory.dream_panel.DreamPanel`."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from datetime import UTC, date, datetime, timedelta

from chathub_desktop.services.dream_service import (
    DreamOutcome,
)
from chathub_desktop.services.errors import ServiceError

#: TaskRunner name of the dream timer's run (tray.DreamRunner); Stop here cancels it.
RUN_DUE_TASK = "dreams-run-due"

#: Status-line text of each ``DreamProgress`` phase (``{day}``: the history day).
PHASE_TEXT = {
    "started": "Dreaming over {day}…",
    "reading": "Reading the topics of {day}…",
    "dreaming": "Asking the History Compress model about {day}…",
    "folding": "Merging older cards into a range card…",
}


def yesterday_utc(now: datetime | None = None) -> date:
    """The UTC calendar day before ``now`` (aware; default: the current time) — the
    history day of Dream now (DRM-3)."""
    now = now or datetime.now(UTC)
    return (now.astimezone(UTC) - timedelta(days=1)).date()


def outcome_text(status: str, message: str) -> str:
    """The status line for a finished run (``DreamOutcome.status`` / ``message``)."""
    if status == "failed":
        return f"Dream failed: {message}" if message else "Dream failed"
    return message[:1].upper() + message[1:] if message else status


class DreamRuns:
    """Dream now, Regenerate and Stop of the dream panel (mixed into ``DreamPanel``:
    uses its ``svc``, ``runner``, ``day_picker`` and status helpers)."""

    def dream_now(self) -> asyncio.Task[None] | None:
        """Dream now (Ctrl+D): dream over the chosen day (default yesterday, UTC) as a manual run; returns its
        task, or None when a run is going or memory is off."""
        if not self.memory_enabled or self._dreaming is not None or self._external_day is not None:
            return None
        day = self.day_picker.selected_day() or yesterday_utc()
        return self._start_dream("Dream now", day.isoformat(),
                                 lambda: self.svc.dreams.run_day(self.assistant_id, day))

    def regenerate(self, number: int | None = None) -> asyncio.Task[None] | None:
        """Regenerate card ``number`` (default: the selected one): dream over its day
        again and replace its text (Ctrl+R, the refresh icon). Only single-day cards;
        returns the task, or None when nothing started."""
        card = self._card(number)
        if card is None or not card.regenerable or not self.memory_enabled or self._dreaming is not None \
                or self._external_day is not None:
            return None
        self.select_number(card.number)

        async def go() -> DreamOutcome:
            current = await self.runner.run_in_thread(self._current_number, card)
            return await self.svc.dreams.regenerate(self.assistant_id, current)

        return self._start_dream(f"Regenerate #{card.number}", card.tag, go)

    def _start_dream(self, what: str, day: str, make: Callable[[], Awaitable[DreamOutcome]]) -> asyncio.Task[None]:
        self._dreaming = what
        self.show_error("")
        self.show_status(PHASE_TEXT["started"].format(day=day), 0)
        self._sync()
        return self.runner.run(self._dream_task, self._dream(what, make), context=what)

    async def _dream(self, what: str, make: Callable[[], Awaitable[DreamOutcome]]) -> None:
        try:
            try:
                outcome = await make()
            except asyncio.CancelledError:
                self.show_status(f"{what} stopped — nothing was written")
                raise
            except ServiceError as exc:
                self.show_status("")
                self.show_error(f"{what}: {exc}")
                return
        finally:
            self._dreaming = None
            self._sync()
        self.show_status(outcome_text(outcome.status, outcome.message), 15000)
        self._select_number = outcome.card_number
        self.schedule_reload()

    def stop(self) -> bool:
        """Stop (Esc on the page): cancel this panel's run, else the scheduled run that is
        dreaming for this assistant. True when something was stopped."""
        if self._dreaming is not None:
            return self.runner.cancel(self._dream_task)
        if self._external_day is not None:
            stopped = self.runner.cancel(RUN_DUE_TASK)
            if stopped:
                self._external_day = None
                self.show_status("Scheduled dream stopped — it is tried again later")
                self._sync()
            return stopped
        return False

    def _on_dream_progress(self, assistant_id: int, day: str, phase: str, status: str, message: str) -> None:
        if assistant_id != self.assistant_id:
            return
        own = self._dreaming is not None
        if phase == "finished":
            if not own and self._external_day is not None:
                self._external_day = None
                self.show_status(f"Scheduled dream: {outcome_text(status, message)}", 15000)
            self._sync()
            self.schedule_reload()
            return
        if not own:
            self._external_day = day
        text = PHASE_TEXT.get(phase)
        if text is not None:
            self.show_status(text.format(day=day), 0)
        self._sync()

    @property
    def progress_text(self) -> str:
        """The status line while a run is going (its current phase)."""
        return self.status_label.text()
