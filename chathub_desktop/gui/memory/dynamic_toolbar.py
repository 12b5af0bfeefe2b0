"""The Dynamic memory title row of the Memory page (DRM-8, DRM-15, APP-6; issue 30): the
title with its ``?``, the card count, and the cards' tool buttons — Copy, Clear, Restore
previous version, and (once Dream now's bar is built) Regenerate, Edit and Delete for the
selected card — each greyed in place with its tooltip saying why (walk51b #3), their
words beside the most used while the row has room (:mod:`.tool_labels`). A component of
:class:`~chathub_desktop.gui.memory.dream_panel.DreamPanel` (struct56: split from it), given
the slots its buttons run; the panel says what applies (:class:`BarState`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QHBoxLayout, QLabel, QToolButton, QWidget

from chathub_desktop.gui.design import Tone, set_tone
from chathub_desktop.gui.design.icons import Icon
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
    "one line: click it or press Space to read its days. <b>Regenerate</b> (the refresh "
    "icon, Ctrl+R) runs the dream again for that card's day only; range cards and old "
    "undated blobs cannot be regenerated. <b>Copy</b> puts exactly the text you see on "
    "the clipboard, <b>Clear</b> removes every card, and <b>Restore previous version</b> "
    "undoes the last change (restoring again redoes it).</p>"
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
    lays out :attr:`row`); ``copy_all``, ``clear`` and ``restore`` run those buttons, and
    Ctrl+Shift+C copies every card anywhere on the page. ``texts`` re-says every name and
    tooltip on a language switch (issue 27); ``buttons`` makes them."""

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
        # icon buttons, as fixed memory's toolbar has (walk51 #6): the name is the tooltip's and the reader's
        self.copy_button = buttons.tool(QT_TRANSLATE_NOOP("MemoryPage", "Copy"), "copyDreamCards", QT_TRANSLATE_NOOP(
            "MemoryPage", "Copy every card as shown — #N, date and text — to the clipboard (Ctrl+Shift+C)"),
            copy_all, Icon.COPY)
        self.clear_button = buttons.tool(QT_TRANSLATE_NOOP("MemoryPage", "Clear"), "clearDreamCards", QT_TRANSLATE_NOOP(
            "MemoryPage", "Remove every dream card (asks first; Restore previous version brings them back)"),
            clear, Icon.CLEAR_ALL)
        self.restore_button = buttons.tool(QT_TRANSLATE_NOOP("MemoryPage", "Restore previous version"),
                                           "restoreDreamCards", QT_TRANSLATE_NOOP(
            "MemoryPage", "Undo the last change to the dream cards (restore again to redo it)"),
            restore, Icon.UNDO)
        copy_all_action = QAction(owner)
        t.bind(copy_all_action.setText, lambda: translate("MemoryPage", "Copy all dream cards"))
        copy_all_action.setShortcut(QKeySequence("Ctrl+Shift+C"))
        copy_all_action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        copy_all_action.triggered.connect(lambda _c=False: copy_all())
        owner.addAction(copy_all_action)
        self.card_buttons: tuple[QToolButton, ...] = ()
        self.labels: ToolLabels | None = None

    def add_card_buttons(self, regenerate: tuple[Callable[[], str], Callable[[], object]],
                         edit: tuple[Callable[[], str], Callable[[], object]],
                         delete: tuple[Callable[[], str], Callable[[], object]]) -> None:
        """Regenerate, Edit and Delete for the selected card, each ``(tooltip maker, slot)``
        (Dream now's bar step: the list's actions give their tooltips), then the words
        beside the most used while the row has room."""
        b = self._buttons
        self.regenerate_button = b.tool(QT_TRANSLATE_NOOP("MemoryPage", "Regenerate"), "regenerateDreamCard",
                                        regenerate[0], regenerate[1], Icon.REGENERATE)
        self.edit_button = b.tool(QT_TRANSLATE_NOOP("MemoryPage", "Edit"), "editDreamCard", edit[0], edit[1],
                                  Icon.EDIT)
        self.delete_button = b.tool(QT_TRANSLATE_NOOP("MemoryPage", "Delete"), "deleteDreamCard", delete[0],
                                    delete[1], Icon.DELETE)
        # one row of icons: one that does not apply is greyed in place and says why, so nothing
        # moves when the selection goes or a dream fails (walk51b #3); off the Cards tab the row
        # is hidden, its room kept
        self.card_buttons = (self.restore_button, self.copy_button, self.clear_button, self.regenerate_button,
                             self.edit_button, self.delete_button)
        for w in self.card_buttons:
            keep = w.sizePolicy()
            keep.setRetainSizeWhenHidden(True)
            w.setSizePolicy(keep)
            self.row.addWidget(w)
        #: Words beside Copy, Regenerate and Edit, the most used, while the row has room (a component;
        #: walk52b #8: six bare icons, where Cherry labels them).
        self.labels = ToolLabels(self._owner, (self.title, self.help, self.count_label), self.card_buttons,
                                 (self.copy_button, self.regenerate_button, self.edit_button), self.row.spacing())
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
        """Each button enabled when it applies, else greyed saying why (walk51b #3)."""
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
        offer(self.copy_button, none)
        offer(self.clear_button, none or busy)
        # after Clear it is how the cards come back
        offer(self.restore_button, busy if s.can_restore else QT_TRANSLATE_NOOP(
            "MemoryPage", "Nothing to restore yet: no change to the dream cards."))
