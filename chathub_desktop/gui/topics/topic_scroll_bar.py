"""The message list's scroll bar at the scale of the whole topic (issue 29, "Long topics
at any depth").

The list view holds a window of the topic's messages (:mod:`.message_list_model`), so its
own scroll bar only spans that window. This bar spans the topic instead: one step is one
message, the value is the position (0-based, ``seq`` order) of the message at the view's
top, and the maximum means "the newest message at the bottom". Moving it (drag, click,
wheel, keys) emits ``position_wanted`` with the position asked for; the view scrolls
within its window or asks for the page there. Setting what is shown
(:meth:`TopicScrollBar.show_position`) emits nothing.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtWidgets import QScrollBar, QWidget

from chathub_desktop.gui.shell.i18n import Texts


class TopicScrollBar(QScrollBar):
    """A vertical scroll bar whose value is a message position in the open topic."""

    #: The user moved the bar: the position (0-based) to show at the view's top; the
    #: bar's maximum means the newest message at the bottom.
    position_wanted = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(Qt.Orientation.Vertical, parent)
        self.setObjectName("topicScrollBar")
        self.texts = Texts(self)  # re-said on a language switch (issue 27)
        self.texts.bind(self.setAccessibleName, lambda: QCoreApplication.translate("TopicScrollBar", "Position in the topic"))
        self.texts.bind(self.setAccessibleDescription, lambda: QCoreApplication.translate(
            "TopicScrollBar", "Drag to any message of the topic; the bottom is the newest message"))
        self._showing = False
        self.valueChanged.connect(self._on_value)

    def show_position(self, position: int, total: int, visible: int, *, at_bottom: bool) -> None:
        """Show that the message at ``position`` of ``total`` is at the view's top with
        about ``visible`` messages in view (``at_bottom``: the newest is in view)."""
        visible = max(1, visible)
        top = max(0, total - visible)
        self._showing = True
        try:
            self.setRange(0, top)
            self.setPageStep(visible)
            self.setSingleStep(1)
            self.setValue(top if at_bottom else min(position, top))
        finally:
            self._showing = False
        self.setVisible(top > 0)

    def at_newest(self, value: int) -> bool:
        """True when ``value`` means the newest message at the bottom."""
        return value >= self.maximum()

    def _on_value(self, value: int) -> None:
        if not self._showing:
            self.position_wanted.emit(value)
