"""The recall vectors filling in the window's background (issue 26), and the panel that
shows how far they are with Pause / Resume.

:class:`VectorFill` embeds the messages that have no vector yet, :data:`BATCH` per worker
call (``SemanticRecall.backfill_batch``; the engine releases the GIL, so the window stays
fluid), pausing :data:`PAUSE_S` between calls so the second core stays free for the
window's own work. It emits :class:`~chathub_desktop.services.search.semantic_recall.BackfillProgress`
after each batch. Paused, it stops between batches and keeps what it stored; resumed,
it goes on where it stopped (the missing rows are the state). Search never waits for
it: messages without a vector are found by their words. With the environment variable
:data:`PAUSED_ENV` set to ``paused`` it starts paused (a slow machine, or the GUI tests,
which resume it where they test it); ``chathub-desktop recall fill`` still fills.

:class:`RecallVectorsPanel` is the Settings → Storage part that shows those figures.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Callable, Coroutine
from typing import Any, Protocol, TypeVar

from PySide6.QtCore import QCoreApplication, QObject, Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QProgressBar, QPushButton, QVBoxLayout, QWidget

from chathub_desktop.gui.shell.i18n import Texts
from chathub_desktop.gui.shell.i18n import fill as fill_in
from chathub_desktop.services.search.semantic_recall import BackfillProgress, SemanticRecall

__all__ = ["BATCH", "PAUSED_ENV", "PAUSE_S", "RecallVectorsPanel", "VectorFill", "starts_paused"]

T = TypeVar("T")
translate = QCoreApplication.translate

#: Messages embedded per worker call, and the pause between calls (seconds).
BATCH = 4
PAUSE_S = 0.2
#: ``CHATHUB_RECALL_FILL=paused``: the fill starts paused (module doc), and the window
#: does not embed memory entries in the background at start.
PAUSED_ENV = "CHATHUB_RECALL_FILL"


def starts_paused() -> bool:
    """Whether background embedding starts paused (:data:`PAUSED_ENV` is ``paused``)."""
    return os.environ.get(PAUSED_ENV, "").strip().lower() == "paused"


class Runner(Protocol):
    """What the fill needs of the window's task runner."""

    def run(self, name: str, coro: Coroutine[Any, Any, Any], *, context: str = "",
            quiet: bool = False) -> asyncio.Task[Any] | None:
        """Start ``coro`` as the task ``name``."""
        ...

    def is_running(self, name: str) -> bool:
        """Whether task ``name`` is still running."""
        ...

    async def run_in_thread(self, fn: Callable[..., T], *args: Any) -> T:
        """Await ``fn(*args)`` on a worker thread."""
        ...


class VectorFill(QObject):
    """Fills the recall vectors in the background (module doc). ``progressed`` carries a
    :class:`BackfillProgress` after each batch and after :meth:`refresh`."""

    progressed = Signal(object)
    TASK = "recall-vectors"

    def __init__(self, runner: Runner, semantic: SemanticRecall, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._runner = runner
        self._semantic = semantic
        self.paused = starts_paused()
        self.last: BackfillProgress | None = None

    def start(self) -> None:
        """Go on filling unless paused or already running."""
        if not self.paused and not self._runner.is_running(self.TASK):
            self._runner.run(self.TASK, self._fill(), context="Recall vectors", quiet=True)

    def set_paused(self, paused: bool) -> None:
        """Pause (between batches) or resume."""
        self.paused = paused
        if not paused:
            self.start()
        elif self.last is not None:
            self._emit(BackfillProgress(self.last.done, self.last.total, cancelled=True))

    def refresh(self) -> None:
        """Read the figures again (a worker read) and emit them."""
        self._runner.run("recall-vectors-figures", self._refresh(), context="Recall vectors", quiet=True)

    async def _refresh(self) -> None:
        state = await self._runner.run_in_thread(self._semantic.progress)
        self._emit(BackfillProgress(state.done, state.total, cancelled=self.paused and not state.complete))

    async def _fill(self) -> None:
        state = await self._runner.run_in_thread(self._semantic.progress)
        self._emit(state)
        while not self.paused and not state.complete:
            stored = await self._runner.run_in_thread(self._semantic.backfill_batch, BATCH)
            if stored == 0:  # the rest is gone (deleted meanwhile): read the figures again
                state = await self._runner.run_in_thread(self._semantic.progress)
                self._emit(state)
                break
            state = BackfillProgress(min(state.done + stored, state.total), state.total)
            self._emit(state)
            await asyncio.sleep(PAUSE_S)

    def _emit(self, state: BackfillProgress) -> None:
        self.last = state
        self.progressed.emit(state)


class RecallVectorsPanel(QWidget):
    """Settings → Storage: how many messages recall can find by meaning, a progress bar
    (``bar``), the one-line ``status`` and ``pause_button`` (Pause / Resume)."""

    def __init__(self, fill: VectorFill, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._fill = fill
        self.texts = t = Texts(self)  # issue 27: re-said on a language switch
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        title = QLabel()
        t.bind(title.setText, lambda: "<b>" + translate("RecallVectors", "Recall by meaning") + "</b>")
        layout.addWidget(title)
        explain = QLabel()
        t.bind(explain.setText, lambda: translate(
            "RecallVectors", "Assistants can look back at earlier topics by what they meant, not only by their words. "
                             "Each message is prepared once, on this computer, in the background."))
        explain.setWordWrap(True)
        layout.addWidget(explain)
        row = QHBoxLayout()
        self.bar = QProgressBar()
        t.bind(self.bar.setAccessibleName, lambda: translate("RecallVectors", "Messages prepared for recall by meaning"))
        self.bar.setTextVisible(False)
        row.addWidget(self.bar, 1)
        self.pause_button = QPushButton()
        t.bind(self.pause_button.setText, self._pause_text)
        t.bind(self.pause_button.setToolTip, lambda: translate(
            "RecallVectors", "Stop preparing messages for now; what is done is kept"))
        self.pause_button.clicked.connect(self._toggle)
        row.addWidget(self.pause_button)
        layout.addLayout(row)
        self.status = QLabel()
        t.bind(self.status.setText, lambda: translate("RecallVectors", "Counting messages…"))
        self.status.setWordWrap(True)
        layout.addWidget(self.status)
        fill.progressed.connect(self._show)
        if fill.last is not None:
            self._show(fill.last)
        fill.refresh()

    def _toggle(self) -> None:
        self._fill.set_paused(not self._fill.paused)
        self.pause_button.setText(self._pause_text())

    def _pause_text(self) -> str:
        return translate("RecallVectors", "Resume") if self._fill.paused else translate("RecallVectors", "Pause")

    def _show(self, state: object) -> None:
        assert isinstance(state, BackfillProgress)
        self.bar.setRange(0, max(state.total, 1))
        self.bar.setValue(state.done if state.total else 1)
        done, total = f"{state.done:,}", f"{state.total:,}"

        def text() -> str:
            if state.complete:
                return (fill_in(translate("RecallVectors", "All %1 messages are ready."), total) if state.total
                        else translate("RecallVectors", "No messages yet."))
            if self._fill.paused:
                return fill_in(translate("RecallVectors", "Paused: %1 of %2 messages ready; the rest are found by "
                                                          "their words."), done, total)
            return fill_in(translate("RecallVectors", "Preparing: %1 of %2 messages ready."), done, total)

        self.texts.bind(self.status.setText, text)
        self.pause_button.setText(self._pause_text())
        self.pause_button.setEnabled(not state.complete)
