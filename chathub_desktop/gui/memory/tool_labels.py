"""Words beside a row's most used icons while the row has room (issue 30, walk52b #8: the
Dynamic memory row was six bare icons with tooltips only; Cherry labels its card
actions). A component of :class:`~chathub_desktop.gui.memory.dream_panel.DreamPanel`
and of the fixed memory's title row on the page (memcards53: its Add, Edit raw, Search and
History stayed bare beside the labelled dream row), given the row's widgets.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import QToolButton, QWidget

from chathub_desktop.gui.design.tokens import Space


class ToolLabels(QObject):
    """Shows the text of each of ``labelled`` (icon buttons of ``host``'s row) beside its
    icon while ``host`` is at least as wide as the whole row needs with them — ``others``
    (the row's other widgets, at their preferred widths), every one of ``buttons`` and
    ``spacing`` px between neighbours — else the icons alone (their tooltips and names
    stay). Fitted again when ``host`` is resized and after :meth:`fit` (a language switch);
    only the labelled buttons change, so nothing else in the row moves."""

    def __init__(self, host: QWidget, others: Sequence[QWidget], buttons: Sequence[QToolButton],
                 labelled: Sequence[QToolButton], spacing: int) -> None:
        super().__init__(host)
        self._host, self._others, self._buttons = host, tuple(others), tuple(buttons)
        self._labelled, self._spacing = tuple(labelled), spacing
        self._bare: dict[QToolButton, int] = {}  # each button's width as an icon alone, px
        host.installEventFilter(self)

    def words_width(self, b: QToolButton) -> int:
        """Px the text of ``b`` adds beside its icon (the text and a gap before it)."""
        return b.fontMetrics().horizontalAdvance(b.text().replace("&", "")) + Space.SM

    def needed(self) -> int:
        """Px the row needs with the labelled buttons' words shown."""
        for b in self._buttons:
            if b.toolButtonStyle() == Qt.ToolButtonStyle.ToolButtonIconOnly:
                self._bare[b] = b.sizeHint().width()
        parts = [w.sizeHint().width() for w in self._others if not w.isHidden()]
        parts += [self._bare.get(b, b.sizeHint().width()) for b in self._buttons]
        gaps = self._spacing * max(0, len(parts) - 1)
        return sum(parts) + gaps + sum(self.words_width(b) for b in self._labelled)

    def fit(self) -> None:
        """Words beside the labelled icons when the row has room for them, else icons alone."""
        style = Qt.ToolButtonStyle.ToolButtonTextBesideIcon if self._host.width() >= self.needed() \
            else Qt.ToolButtonStyle.ToolButtonIconOnly
        for b in self._labelled:
            if b in self._bare:  # the row may shrink to bare icons (a Qt tool button is Fixed at its words' width)
                b.setMinimumWidth(self._bare[b])
            if b.toolButtonStyle() != style:
                b.setToolButtonStyle(style)

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        """Qt: ``host`` resized → fit the labels to its new width."""
        if obj is self._host and event.type() == QEvent.Type.Resize:
            self.fit()
        return False
