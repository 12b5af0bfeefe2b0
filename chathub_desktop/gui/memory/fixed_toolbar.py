"""The fixed memory's toolbar on the Memory page (issue 30): one row of icon buttons —
their names beside them while the row has room (the page's :class:`~.tool_labels.ToolLabels`) — for
the common actions — Add memory (Ctrl+N), Edit raw (Ctrl+E), Search memory (Ctrl+F) and
History — over actions of the page (their shortcuts work anywhere on it); the overflow
menu (:mod:`.transfer_actions`) holds the rest; and the compact empty state's Add. The
page gives the slots."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QToolButton, QWidget

from chathub_desktop.gui.design import Tone, set_tone
from chathub_desktop.gui.design.icons import Icon, icon
from chathub_desktop.gui.design.tokens import Space
from chathub_desktop.gui.memory.page_texts import EMPTY_LINE
from chathub_desktop.gui.shell.i18n import Texts, fill

translate = QCoreApplication.translate


class FixedToolbar:
    """Add, Edit raw, Search and History of the fixed memory on ``owner`` (the page, which
    lays out :meth:`buttons`); ``add``, ``raw``, ``search`` and ``history`` run them.
    ``texts`` re-says every name and tooltip on a language switch (issue 27)."""

    def __init__(self, owner: QWidget, texts: Texts, *, add: Callable[[], object], raw: Callable[[], object],
                 search: Callable[[], object], history: Callable[[], object]) -> None:
        self.texts = t = texts
        self.add_action = QAction(owner)
        t.bind(self.add_action.setText, lambda: translate("MemoryPage", "&Add memory"))
        self.add_action.setShortcut(QKeySequence("Ctrl+N"))
        self.add_action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        t.bind(self.add_action.setToolTip, lambda: translate(
            "MemoryPage", "Add entries at the end: type each in the editor above the list and press Enter (Ctrl+N)"))
        self.add_action.triggered.connect(lambda _c=False: add())
        owner.addAction(self.add_action)
        self.add_button = self._button(lambda: translate("MemoryPage", "Add memory"), self.add_action, Icon.ADD)
        self.add_button.setObjectName("addMemoryButton")
        self.raw_action = QAction(owner)
        t.bind(self.raw_action.setText, lambda: translate("MemoryPage", "&Edit raw"))
        self.raw_action.setShortcut(QKeySequence("Ctrl+E"))
        t.bind(self.raw_action.setToolTip, lambda: translate(
            "MemoryPage", "Edit the whole memory as one Markdown document (Ctrl+E)"))
        self.raw_action.triggered.connect(lambda _c=False: raw())
        owner.addAction(self.raw_action)
        self.raw_button = self._button(lambda: translate("MemoryPage", "Edit raw"), self.raw_action, Icon.EDIT)
        self.raw_button.setObjectName("rawEditButton")
        self.search_action = QAction(owner)
        t.bind(self.search_action.setText, lambda: translate("MemoryPage", "&Search memory"))
        self.search_action.setShortcut(QKeySequence(QKeySequence.StandardKey.Find))
        self.search_action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        keys = self.search_action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
        t.bind(self.search_action.setToolTip, lambda: fill(translate(
            "MemoryPage", "Narrow the list to entries that share words with what you type (%1)"), keys))
        self.search_action.triggered.connect(lambda _c=False: search())
        owner.addAction(self.search_action)
        self.search_button = self._button(lambda: translate("MemoryPage", "Search memory"), self.search_action,
                                          Icon.SEARCH)
        self.search_button.setObjectName("searchMemoryButton")
        self.history_action = QAction(owner)
        t.bind(self.history_action.setText, lambda: translate("MemoryPage", "&History…"))
        t.bind(self.history_action.setToolTip, lambda: translate(
            "MemoryPage", "Every change of this assistant's fixed and dynamic memory — when, who, what — with Revert"))
        self.history_action.triggered.connect(lambda _c=False: history())
        self.history_button = self._button(lambda: translate("MemoryPage", "History…"), self.history_action,
                                           Icon.HISTORY)
        self.history_button.setObjectName("historyButton")

    def empty_state(self) -> CompactEmpty:
        """The compact empty state of an empty fixed memory: one line and an Add button
        running Add memory (walk36 #7); hidden until the page shows it."""
        return CompactEmpty(self.texts, self.add_action)

    def buttons(self) -> tuple[QToolButton, ...]:
        """Add, Edit raw, Search and History, in the toolbar's order."""
        return self.add_button, self.raw_button, self.search_button, self.history_button

    def _button(self, text: Callable[[], str], action: QAction, glyph: Icon) -> QToolButton:
        """An icon button for ``action`` named ``text()`` (its accessible name, re-said on a
        language switch; the tooltip is the action's)."""
        b = QToolButton()
        # kept when the action changes (iconText() drops "…")
        self.texts.bind(action.setIconText, text)
        action.setIcon(icon(glyph))
        b.setDefaultAction(action)
        self.texts.bind(b.setAccessibleName, lambda: text().rstrip("…"))
        b.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonIconOnly)
        return b


class CompactEmpty(QWidget):
    """An empty fixed memory as one muted line (:data:`~.page_texts.EMPTY_LINE`) and Add
    (``add``: the toolbar's action), instead of a box with room for cards (walk36 #7)."""

    def __init__(self, texts: Texts, add: QAction) -> None:
        super().__init__()
        self.setObjectName("fixedMemoryEmpty")
        row = QHBoxLayout(self)
        row.setContentsMargins(0, Space.XS, 0, Space.XS)
        row.setSpacing(Space.MD)
        self.line = QLabel()
        texts.bind(self.line.setText, lambda: translate("MemoryPage", EMPTY_LINE))
        self.line.setObjectName("fixedMemoryEmptyLine")
        self.line.setWordWrap(True)
        set_tone(self.line, Tone.MUTED)
        # text only: the toolbar's + is Add memory already (walk45 #8: one plus, not two)
        self.add_button = QPushButton()
        self.add_button.setObjectName("emptyAddMemoryButton")
        texts.bind(self.add_button.setText, lambda: translate("MemoryPage", "Add memory"))
        texts.bind(self.add_button.setToolTip, add.toolTip)
        self.add_button.setAutoDefault(False)
        self.add_button.clicked.connect(add.trigger)
        row.addWidget(self.line, 1)
        row.addWidget(self.add_button)
        self.hide()
