"""Work that starts once a widget has painted (issues 29 and 30).

A page's or a topic's first paint — polish, layout, icons, the rows' documents — is the
longest turn of the event loop when it opens. A worker thread running Python meanwhile
(reading 10,000 memory entries, counting a topic's tokens) made that turn wait for the
interpreter lock at each of its dozens of calls into Python: the Memory page's first
open froze the window 116 ms for 25 ms of its own work. So the work that can wait a
frame waits for the paint.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QWidget

#: Milliseconds the work waits at most for a paint (a widget built hidden never paints).
UNPAINTED_START_MS = 100


class _AfterPaint(QObject):
    """Calls ``start`` on the turn of the event loop after ``widget``'s next paint, or
    ``fallback_ms`` after it was made when nothing painted by then."""

    def __init__(self, widget: QWidget, start: Callable[[], None], fallback_ms: int) -> None:
        super().__init__(widget)
        self._widget = widget
        self._start = start
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._go)
        self._timer.start(fallback_ms)
        widget.installEventFilter(self)

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        """Qt: a paint schedules the start for the next turn (after the whole paint)."""
        if event.type() == QEvent.Type.Paint:
            self._widget.removeEventFilter(self)
            self._timer.start(0)
        return False

    def _go(self) -> None:
        self._widget.removeEventFilter(self)
        self.deleteLater()
        self._start()


def after_paint(widget: QWidget, start: Callable[[], None], fallback_ms: int = UNPAINTED_START_MS) -> None:
    """Run ``start`` on the turn after ``widget`` next paints (at most ``fallback_ms``
    milliseconds from now when it does not). ``start`` runs on the GUI thread; it should
    only hand work to a worker."""
    _AfterPaint(widget, start, fallback_ms)
