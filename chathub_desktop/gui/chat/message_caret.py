"""The caret that blinks where a streaming reply's text ends (walk29 #24; issue 29: split
from ``message_list_view``). Its timer runs only while a reply streams, so the window
stays quiet at rest; when none streams the caret is left shown."""

from __future__ import annotations

from PySide6.QtCore import QObject, QTimer
from PySide6.QtWidgets import QAbstractScrollArea

from chathub_desktop.core.messages import MessageStatus, Role
from chathub_desktop.gui.chat.message_delegate import MessageDelegate
from chathub_desktop.gui.chat.message_list_model import MessageListModel

__all__ = ["CARET_BLINK_MS", "CARET_ROWS", "StreamingCaret"]

#: Half a blink of the streaming caret, ms (walk29 #24).
CARET_BLINK_MS = 530
#: Rows from the end searched for a streaming reply (it is the last, or one before a
#: tool result).
CARET_ROWS = 4


class StreamingCaret(QObject):
    """Blinks ``delegate``'s caret (``caret_on``) in ``view``'s viewport while a reply of
    ``model`` streams, following the model's row and data changes; ``timer`` is the blink
    timer (active only while a reply streams).

    The viewport is asked of ``view`` at each blink, never kept (walk51 #2): Qt made it,
    and PySide may drop the Python object standing for it while it lives on — a kept one
    then raised "Internal C++ object (QWidget) already deleted" at every blink."""

    def __init__(self, model: MessageListModel, delegate: MessageDelegate, view: QAbstractScrollArea,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._model = model
        self._delegate = delegate
        self._view = view
        self.timer = QTimer(self)
        self.timer.setInterval(CARET_BLINK_MS)
        self.timer.timeout.connect(self._blink)
        for signal in (model.rowsInserted, model.rowsRemoved, model.dataChanged, model.modelReset):
            signal.connect(self.sync)

    def _streaming_rows(self) -> list[int]:
        """Rows near the end holding a reply being written."""
        n = self._model.rowCount()
        rows = []
        for row in range(max(0, n - CARET_ROWS), n):
            m = self._model.message_at(row)
            if m is not None and m.role == Role.ASSISTANT and m.status == MessageStatus.STREAMING:
                rows.append(row)
        return rows

    def sync(self, *_args: object) -> None:
        """Blink while a reply streams; stop (caret shown) when none does."""
        if self._streaming_rows():
            if not self.timer.isActive():
                self._delegate.caret_on = True
                self.timer.start()
        elif self.timer.isActive():
            self.timer.stop()
            self._delegate.caret_on = True

    def _blink(self) -> None:
        rows = self._streaming_rows()
        if not rows:
            self.sync()
            return
        self._delegate.caret_on = not self._delegate.caret_on
        viewport = self._view.viewport()
        for row in rows:
            rect = self._delegate.caret_rect(self._model.index(row))
            if not rect.isEmpty():
                viewport.update(rect.adjusted(-1, -1, 1, 1))
