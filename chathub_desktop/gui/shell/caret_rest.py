"""The caret stops blinking after a while without input (issue 29: quiet at rest).

A focused text box blinks its caret: Qt wakes the process twice a second for it, for as
long as the box keeps the keyboard. Since the draft takes the keyboard at start
(issue 29), that was the window's only wake-up at rest (120 a minute; the rest is the
store's change watcher). GTK stops the blink after ``cursor-blink-timeout`` (10 s)
without input and blinks again on the next key, click or focus change; :class:`CaretRest`
does the same for the whole application: :data:`BLINK_TIMEOUT_MS` after the last key,
click or focus change in the focused widget, Qt's cursor flash time is set to 0 (a
steady caret, shown) until the next one restores it.

Only the focused widget (and its viewport) is watched, not every event of the
application: a filter there would run Python for each of them (issue 28).
"""

from __future__ import annotations

import shiboken6
from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QAbstractScrollArea, QWidget

__all__ = ["BLINK_TIMEOUT_MS", "CaretRest"]

#: Milliseconds without a key, click or focus change before the caret stops blinking
#: (GTK's ``cursor-blink-timeout`` default, 10 s).
BLINK_TIMEOUT_MS = 10_000

#: The events in the focused widget that count as input: the caret blinks again.
_INPUT = frozenset({QEvent.Type.KeyPress, QEvent.Type.InputMethod, QEvent.Type.MouseButtonPress,
                    QEvent.Type.MouseButtonDblClick})


class CaretRest(QObject):
    """Stops the caret's blink ``timeout_ms`` milliseconds after the last input in the
    focused widget and starts it again on the next key, click or focus change, for the
    whole of ``app`` (a child of it). A flash time of 0 at start (the platform blinks
    nothing) is left alone."""

    def __init__(self, app: QGuiApplication, timeout_ms: int = BLINK_TIMEOUT_MS) -> None:
        super().__init__(app)
        self._app = app
        self._closed = False
        self._hints = app.styleHints()
        self._flash_ms = self._hints.cursorFlashTime()  # the platform's, restored on input
        self._resting = False
        self._watched: list[QObject] = []
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(timeout_ms)
        self._timer.timeout.connect(self._rest)
        if self._flash_ms > 0:
            app.focusObjectChanged.connect(self._follow)
            self._follow(app.focusObject())

    @property
    def resting(self) -> bool:
        """True while the caret is held steady (no input for the timeout)."""
        return self._resting

    def close(self) -> None:
        """Stops watching, gives the platform's flash time back and deletes this (the app
        quits, or a test ends). Idempotent."""
        if self._closed:
            return
        self._closed = True
        if self._flash_ms > 0:
            self._app.focusObjectChanged.disconnect(self._follow)
        self._follow(None)
        if self._resting:
            self._resting = False
            self._hints.setCursorFlashTime(self._flash_ms)
        self.deleteLater()

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        """Qt: a key or click in the focused widget makes the caret blink again."""
        if event.type() in _INPUT:
            self._wake()
        return False

    def _follow(self, focus: QObject | None) -> None:
        """The keyboard moved to ``focus`` (None: no window of the app has it)."""
        for old in self._watched:
            if shiboken6.isValid(old):  # a widget deleted with the keyboard is gone already
                old.removeEventFilter(self)
        self._watched = []
        if not isinstance(focus, QWidget):
            self._timer.stop()  # nothing blinks
            return
        self._watched = [focus]
        if isinstance(focus, QAbstractScrollArea):  # its clicks land on the viewport
            self._watched.append(focus.viewport())
        for w in self._watched:
            w.installEventFilter(self)
        self._wake()

    def _wake(self) -> None:
        if self._resting:
            self._resting = False
            self._hints.setCursorFlashTime(self._flash_ms)
        self._timer.start()

    def _rest(self) -> None:
        self._resting = True
        self._hints.setCursorFlashTime(0)  # Qt: 0 is a caret that does not blink
