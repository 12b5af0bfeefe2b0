"""The dream panel's buttons (walk51 #6, walk51b #3; struct52: split from ``dream_panel``):
push buttons, icon buttons and menu actions whose words and tooltips are re-said on a
language switch, and an icon button or action greyed in place with its tooltip saying why."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, QObject, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QPushButton, QToolButton

from chathub_desktop.gui.design.icons import Icon, icon
from chathub_desktop.gui.shell.i18n import Texts

__all__ = ["PanelButtons"]

translate = QCoreApplication.translate


class PanelButtons:
    """Makes buttons whose sources are marked in the "MemoryPage" context, bound to
    ``texts`` (the panel's); keeps each icon button's and action's own tooltip for :meth:`offer`."""

    def __init__(self, texts: Texts) -> None:
        self._texts = texts
        self._tips: dict[QToolButton | QAction, Callable[[], str]] = {}  # each one's own tooltip

    def push(self, text: str, name: str, tip: str | Callable[[], str], slot: Callable[[], object]) -> QPushButton:
        """A button saying ``text`` with the tooltip ``tip`` (sources marked in "MemoryPage",
        or a maker: another widget's tooltip), both re-said on a language switch."""
        b = QPushButton()
        b.setObjectName(name)
        self._texts.bind(b.setText, lambda: translate("MemoryPage", text))
        if tip:
            self._texts.bind(b.setToolTip, tip if callable(tip) else lambda: translate("MemoryPage", tip))
        b.setAutoDefault(False)
        b.clicked.connect(lambda _checked=False: slot())
        return b

    def tool(self, text: str, name: str, tip: str | Callable[[], str], slot: Callable[[], object],
             glyph: Icon) -> QToolButton:
        """An icon button showing ``glyph``, named ``text`` for screen readers and with the
        tooltip ``tip`` (as :meth:`push`), both re-said on a language switch (walk51 #6)."""
        b = QToolButton()
        b.setObjectName(name)
        b.setIcon(icon(glyph))
        b.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonIconOnly)
        self._texts.bind(b.setText, lambda: translate("MemoryPage", text))
        self._texts.bind(b.setAccessibleName, lambda: translate("MemoryPage", text))
        self._tips[b] = tip if callable(tip) else lambda: translate("MemoryPage", tip)
        self._texts.bind(b.setToolTip, self._tips[b])
        b.clicked.connect(lambda _checked=False: slot())
        return b

    def action(self, text: str, tip: str, slot: Callable[[], object], glyph: Icon, parent: QObject) -> QAction:
        """A menu action saying ``text`` with ``glyph`` and the tooltip ``tip`` (sources
        marked in "MemoryPage"), both re-said on a language switch (walk55b #20: the
        Dynamic memory row's overflow menu)."""
        a = QAction(parent)
        a.setIcon(icon(glyph))
        self._texts.bind(a.setText, lambda: translate("MemoryPage", text))
        self._tips[a] = lambda: translate("MemoryPage", tip)
        self._texts.bind(a.setToolTip, self._tips[a])
        a.triggered.connect(lambda _checked=False: slot())
        return a

    def offer(self, b: QToolButton | QAction, why_off: str) -> None:
        """Enable icon button or action ``b`` (made by :meth:`tool` or :meth:`action`) when
        ``why_off`` is "", else grey it in place, its tooltip saying why on a second line (a
        source marked in "MemoryPage"; walk51b #3)."""
        b.setEnabled(not why_off)
        tip = self._tips[b]
        self._texts.bind(b.setToolTip, tip if not why_off else lambda: tip() + "\n" + translate("MemoryPage", why_off))
