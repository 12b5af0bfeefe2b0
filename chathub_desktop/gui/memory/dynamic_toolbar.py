"""The Dynamic memory title row of the Memory page (DRM-8, DRM-15, APP-6; issue 30): the
title with its ``?``, the card count, and one toolbar as fixed memory's (walk55b #20: icon
buttons and labelled ones were mixed): icon buttons for the selected card's common
actions — Regenerate (Ctrl+R), Edit (Enter) and Delete (Del), their names beside them
while the row has room (:mod:`.tool_labels`) — and an overflow menu for the whole
timeline's rarer ones: Copy all dream cards (Ctrl+Shift+C anywhere on the page), Restore
previous version and Clear all dream cards…. A button or item that does not apply is
greyed in place, its tooltip saying why (walk51b #3). A component of
:class:`~chathub_desktop.gui.memory.dream_panel.DreamPanel` (struct56: split from it), given
the slots its actions run; the panel says what applies (:class:`BarState`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QHBoxLayout, QLabel, QMenu, QToolButton, QWidget

from chathub_desktop.gui.design import Tone, set_tone
from chathub_desktop.gui.design.icons import Icon, icon
from chathub_desktop.gui.design.tokens import Space
from chathub_desktop.gui.memory.page_common import help_mark
from chathub_desktop.gui.memory.panel_buttons import PanelButtons
from chathub_desktop.gui.memory.tool_labels import ToolLabels
from chathub_desktop.gui.shell.i18n import QT_TRANSLATE_NOOP, Texts

__all__ = ["DYNAMIC_HELP", "DYNAMIC_LINE", "BarState", "DynamicToolbar"]

translate = QCoreApplication.translate

DYNAMIC_HELP = QT_TRANSLATE_NOOP("MemoryPage",
    "<p><b>Dynamic memory</b> holds the dream cards — what the memory dream has learned: "
    "numbered cards, each tagged with the UTC day — or range of days — it came from. The "
    "model sees them after fixed memory.</p>"
    "<p>Edit a card (Enter or double-click) or delete it (Del). A range card is folded to "
    "one line: click it or press Space to read its days; click its header, with the "
    "chevron, to fold it again. <b>Regenerate</b> (the refresh icon, Ctrl+R) runs the dream "
    "again for that card's day only; range cards and old undated blobs cannot be "
    "regenerated. In the <b>…</b> menu, <b>Copy all dream cards</b> (Ctrl+Shift+C) puts "
    "exactly the text you see on the clipboard, <b>Clear all dream cards</b> removes every "
    "card, and <b>Restore previous version</b> undoes the last change (restoring again "
    "redoes it).</p>"
    "<p>There is no Add: only the dream writes dated cards. A new card that mostly "
    "repeats an existing one is skipped. <b>Keep dream cards</b> counts single-day cards "
    "only: the days older than those are merged into the range card.</p>"
)
#: The one-line summary of the Dynamic memory title's ``?`` (its accessible description; walk40).
DYNAMIC_LINE = QT_TRANSLATE_NOOP(
    "MemoryPage", "Dated cards the dream wrote; the model sees them after fixed memory. Only the dream adds cards.")


@dataclass(frozen=True, slots=True)
class BarState:
    """What the buttons of the row fit to (DRM-8): ``has_cards``; ``card``: a card is
    selected on the Cards tab; ``regenerable``: it is a single-day card; ``memory_on``,
    ``running`` (a dream runs), ``busy`` (a change is being written), ``can_restore``."""

    has_cards: bool
    card: bool
    regenerable: bool
    memory_on: bool
    running: bool
    busy: bool
    can_restore: bool


class DynamicToolbar:
    """The Dynamic memory title row on ``owner`` (the panel: it holds the shortcut and
    lays out :attr:`row`); ``copy_all``, ``clear`` and ``restore`` run the overflow menu's
    actions, and Ctrl+Shift+C copies every card anywhere on the page. ``texts`` re-says
    every name and tooltip on a language switch (issue 27); ``buttons`` makes them."""

    def __init__(self, owner: QWidget, texts: Texts, buttons: PanelButtons, *, copy_all: Callable[[], object],
                 clear: Callable[[], object], restore: Callable[[], object]) -> None:
        self._owner, self._texts, self._buttons = owner, texts, buttons
        t = texts
        self.row = hrow = QHBoxLayout()
        hrow.setSpacing(4)
        self.title = QLabel()
        self.title.setObjectName("dynamicMemoryTitle")
        f = self.title.font()
        f.setBold(True)
        self.title.setFont(f)
        t.bind(self.title.setText, lambda: translate("MemoryPage", "Dynamic memory"))
        t.bind(self.title.setToolTip, lambda: translate("MemoryPage", DYNAMIC_HELP))
        self.count_label = QLabel()
        self.count_label.setObjectName("dreamCountLabel")
        set_tone(self.count_label, Tone.MUTED)
        #: What the cards are: the title's ``?`` (APP-6; walk40: no helper lines before the cards).
        self.help = help_mark(DYNAMIC_LINE, DYNAMIC_HELP, "dynamicMemoryHelp", t)
        hrow.addWidget(self.title)
        hrow.addWidget(self.help)
        hrow.addSpacing(Space.SM)
        hrow.addWidget(self.count_label)
        hrow.addStretch(1)
        # the whole timeline's actions: the overflow menu, as fixed memory's Import, Export, Copy, Clear
        self.copy_action = buttons.action(QT_TRANSLATE_NOOP("MemoryPage", "&Copy all dream cards"), QT_TRANSLATE_NOOP(
            "MemoryPage", "Copy every card as shown — #N, date and text — to the clipboard (Ctrl+Shift+C)"),
            copy_all, Icon.COPY, owner)
        self.copy_action.setShortcut(QKeySequence("Ctrl+Shift+C"))  # anywhere on the page, menu open or not
        self.copy_action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        owner.addAction(self.copy_action)
        self.restore_action = buttons.action(QT_TRANSLATE_NOOP("MemoryPage", "&Restore previous version"),
                                             QT_TRANSLATE_NOOP("MemoryPage", "Undo the last change to the dream cards "
                                                                             "(restore again to redo it)"),
                                             restore, Icon.UNDO, owner)
        self.clear_action = buttons.action(QT_TRANSLATE_NOOP("MemoryPage", "C&lear all dream cards…"), QT_TRANSLATE_NOOP(
            "MemoryPage", "Remove every dream card (asks first; Restore previous version brings them back)"),
            clear, Icon.CLEAR_ALL, owner)
        self.more_menu = QMenu(owner)
        self.more_menu.setObjectName("dreamMoreMenu")
        self.more_menu.setToolTipsVisible(True)  # a greyed item says why (walk51b #3)
        self.more_menu.addAction(self.copy_action)
        self.more_menu.addAction(self.restore_action)
        self.more_menu.addSeparator()
        self.more_menu.addAction(self.clear_action)
        self.more_button = QToolButton()
        self.more_button.setObjectName("dreamMoreButton")
        self.more_button.setIcon(icon(Icon.MORE))
        t.bind(self.more_button.setAccessibleName, lambda: translate("MemoryPage", "More dream card actions"))
        t.bind(self.more_button.setToolTip, lambda: translate(
            "MemoryPage", "Copy all dream cards, Restore previous version, Clear all dream cards"))
        self.more_button.setMenu(self.more_menu)
        self.more_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)  # Space or a click opens it
        self.card_buttons: tuple[QToolButton, ...] = ()
        self.labels: ToolLabels | None = None

    def add_card_buttons(self, regenerate: tuple[Callable[[], str], Callable[[], object]],
                         edit: tuple[Callable[[], str], Callable[[], object]],
                         delete: tuple[Callable[[], str], Callable[[], object]]) -> None:
        """Regenerate, Edit and Delete for the selected card, each ``(tooltip maker, slot)``
        (Dream now's bar step: the list's actions give their tooltips), and the overflow
        menu's button after them; their names beside the icons while the row has room."""
        b = self._buttons
        self.regenerate_button = b.tool(QT_TRANSLATE_NOOP("MemoryPage", "Regenerate"), "regenerateDreamCard",
                                        regenerate[0], regenerate[1], Icon.REGENERATE)
        self.edit_button = b.tool(QT_TRANSLATE_NOOP("MemoryPage", "Edit"), "editDreamCard", edit[0], edit[1],
                                  Icon.EDIT)
        self.delete_button = b.tool(QT_TRANSLATE_NOOP("MemoryPage", "Delete"), "deleteDreamCard", delete[0],
                                    delete[1], Icon.DELETE)
        named = (self.regenerate_button, self.edit_button, self.delete_button)
        # one row: a button that does not apply is greyed in place and says why, so nothing
        # moves when the selection goes or a dream fails (walk51b #3); off the Cards tab the row
        # is hidden, its room kept
        self.card_buttons = (*named, self.more_button)
        for w in self.card_buttons:
            keep = w.sizePolicy()
            keep.setRetainSizeWhenHidden(True)
            w.setSizePolicy(keep)
            self.row.addWidget(w)
        #: Their names beside the icons while the row has room, as fixed memory's toolbar (a component;
        #: walk52b #8, walk55b #20).
        self.labels = ToolLabels(self._owner, (self.title, self.help, self.count_label), self.card_buttons, named,
                                 self.row.spacing())
        self._texts.call(self.labels.fit)  # the words' widths change with the language

    def fit(self) -> None:
        """Words beside the icons again (the count's width may have changed)."""
        if self.labels is not None:
            self.labels.fit()

    def show_tab(self, cards: bool) -> None:
        """The cards' buttons act on cards: off the Cards tab they are not shown, their room
        kept (issue 30, walk52 #4)."""
        for w in self.card_buttons:
            w.setVisible(cards)

    def sync(self, s: BarState) -> None:
        """Each button and item enabled when it applies, else greyed saying why (walk51b #3)."""
        busy = QT_TRANSLATE_NOOP("MemoryPage", "Another change is still being written.") if s.busy else ""
        none = QT_TRANSLATE_NOOP("MemoryPage", "There is no dream card yet.") if not s.has_cards else ""
        # the selected card's buttons act on the Cards tab (issue 30), greyed elsewhere (walk51b #3)
        card = none or (QT_TRANSLATE_NOOP("MemoryPage", "Open the Cards tab and select a card first.")
                        if not s.card else busy)
        offer = self._buttons.offer
        offer(self.edit_button, card)
        offer(self.delete_button, card)
        offer(self.regenerate_button, card or (QT_TRANSLATE_NOOP(
            "MemoryPage", "A card of several days cannot be dreamt again: only a single day's card can.")
            if not s.regenerable else QT_TRANSLATE_NOOP("MemoryPage", "Memory is off for this assistant.")
            if not s.memory_on else QT_TRANSLATE_NOOP("MemoryPage", "A dream is running.")
            if s.running else ""))
        offer(self.copy_action, none)
        offer(self.clear_action, none or busy)
        # after Clear it is how the cards come back
        offer(self.restore_action, busy if s.can_restore else QT_TRANSLATE_NOOP(
            "MemoryPage", "Nothing to restore yet: no change to the dream cards."))
