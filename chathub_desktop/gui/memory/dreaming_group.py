"""The Memory page's Dreaming memory group (DRM-1, APP-6; issue 30, walk2, walk29): its
title row — a fold arrow, the title and its ``?`` help or, folded, a one-line summary
(walk40: the helper lines became the titles' help, APP-6) — then
:class:`~chathub_desktop.gui.memory.dream_panel.DreamPanel`: a card of setting rows (Topic
snippets, the dream schedule, Keep dream cards; memlook52), the Dream now bar, and the
cards with room for three rows. It sits under fixed memory and
the page scrolls as a whole when the window is short (walk29 #15: a pane of its own
squeezed the cards to nothing at 800×560). Folded, the group is its title row and fixed
memory takes the room; while fixed memory is empty, the group takes a taller window's
room instead (walk36 #7)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QHBoxLayout,
    QLabel,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from chathub_desktop.gui.design import Tone, set_tone
from chathub_desktop.gui.design.tokens import Space
from chathub_desktop.gui.memory.dream_panel import DreamPanel
from chathub_desktop.gui.memory.list_fit import FixedListFit
from chathub_desktop.gui.memory.page_common import help_mark, section_title, tight
from chathub_desktop.gui.settings.setting_rows import SettingRow
from chathub_desktop.gui.shell.i18n import QT_TRANSLATE_NOOP, Texts

translate = QCoreApplication.translate

DREAMING_HELP = QT_TRANSLATE_NOOP("MemoryPage",
    "<p><b>Dreaming memory</b> is what the assistant learns on its own. The <b>memory "
    "dream</b> — on the schedule below, or Dream now — reads the topics you were active "
    "in on a day and writes one dated <b>dream card</b> about how you like to work "
    "(tone, format, tool habits), not a recap. The dream cards make up <b>Dynamic "
    "memory</b> at the bottom of this group.</p>"
    "<p>It prefers topic summaries from compaction (Chat Preference: Limit history "
    "messages and Summarize history); a topic without one still contributes a short "
    "excerpt of that day's messages. The dream never changes your fixed memory.</p>"
)
#: The one-line summaries of the ``?`` marks (their accessible descriptions; the help is their tooltip).
DREAMING_LINE = QT_TRANSLATE_NOOP(
    "MemoryPage", "What the assistant learns by itself: a scheduled dream turns a day's chats into a dated card.")
SNIPPETS_LINE = QT_TRANSLATE_NOOP(
    "MemoryPage", "Keeps a snippet of each topic's summary for later requests and the dream.")
SNIPPETS_HELP = QT_TRANSLATE_NOOP("MemoryPage",
    "<p><b>Topic snippets</b> keeps a short snippet of each topic's summary so later "
    "requests and the memory dream can reuse it.</p>"
    "<p>Snippets come from compaction summaries, which need Limit history messages and "
    "Summarize history under Chat Preference; topics without a summary still reach the "
    "dream through an excerpt of their recent messages.</p>"
)


class DreamingGroup(QWidget):
    """The group around ``panel``, under fixed memory on the page (``parent``: where it
    waits, hidden, until the page places it). ``snippets_toggled(on)`` is the user's click
    on Topic snippets (the page stores it); :meth:`set_shown` folds and unfolds
    (``shown_changed``)."""

    snippets_toggled = Signal(bool)
    #: The group was unfolded (True) or folded (False).
    shown_changed = Signal(bool)

    def __init__(self, panel: DreamPanel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("dreamingMemoryPane")
        self.panel = panel
        #: False while the group is folded to its title row.
        self.shown = True
        self.texts = t = Texts(self)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, Space.XS, 0, 0)
        lay.setSpacing(Space.SM)

        row = QHBoxLayout()
        row.setSpacing(Space.XS)
        self.fold_button = QToolButton()
        self.fold_button.setObjectName("dreamingFoldButton")
        self.fold_button.setAutoRaise(True)
        self.fold_button.setArrowType(Qt.ArrowType.DownArrow)
        self._say_fold()
        t.bind(self.fold_button.setToolTip, lambda: translate(
            "MemoryPage", "Fold the Dreaming memory group to this line, giving fixed memory the page "
                          "(click again to unfold)"))
        self.fold_button.clicked.connect(lambda _c=False: self.set_shown(not self.shown))
        row.addWidget(self.fold_button)
        self.title = section_title()
        t.bind(self.title.setText, lambda: translate("MemoryPage", "Dreaming memory"))
        t.bind(self.title.setToolTip, lambda: translate("MemoryPage", DREAMING_HELP))
        row.addWidget(self.title)
        #: What the group is: the title's ``?`` (APP-6; walk40: no helper lines before the cards).
        self.help = help_mark(DREAMING_LINE, DREAMING_HELP, "dreamingHelp", t)
        row.addWidget(self.help)
        row.addSpacing(Space.XL)
        self.snippets_switch = QCheckBox()
        self.snippets_switch.setObjectName("topicSnippetsSwitch")
        t.bind(self.snippets_switch.setToolTip, lambda: translate("MemoryPage", SNIPPETS_HELP))
        self.snippets_switch.toggled.connect(self.snippets_toggled.emit)
        self.snippets_help = help_mark(SNIPPETS_LINE, SNIPPETS_HELP, "topicSnippetsHelp", t)
        #: Topic snippets as the first row of the group's card (memlook52: a setting row, as Settings'):
        #: its name and ``?``, what it does, the switch at the right.
        self.snippets_row = SettingRow(self.snippets_switch, lambda: translate("MemoryPage", "&Topic snippets"), t,
                                       description=lambda: translate("MemoryPage", SNIPPETS_LINE),
                                       aside=self.snippets_help, name="topicSnippetsRow")
        panel.settings_card.insert_first(tight(self.snippets_row))
        self.summary = QLabel()  # what the folded group holds
        self.summary.setObjectName("dreamingSummary")
        set_tone(self.summary, Tone.MUTED)
        self.summary.hide()
        row.addWidget(self.summary, 1)
        row.addStretch(1)
        lay.addLayout(row)
        self._unfolded = QWidget(self)  # what folding hides: the panel (made in the group: in no window, it asked the style)
        ul = QVBoxLayout(self._unfolded)
        ul.setContentsMargins(0, 0, 0, 0)
        ul.setSpacing(Space.SM)
        ul.addWidget(panel, 1)
        lay.addWidget(self._unfolded, 1)

    def set_snippets(self, on: bool) -> None:
        """Show the stored Topic snippets setting (no ``snippets_toggled``)."""
        self.snippets_switch.blockSignals(True)
        self.snippets_switch.setChecked(on)
        self.snippets_switch.blockSignals(False)

    def _say_fold(self) -> None:
        """The fold button's name: what a click does now."""
        on = self.shown
        self.texts.bind(self.fold_button.setAccessibleName, lambda: translate("MemoryPage", "Fold dreaming memory")
                        if on else translate("MemoryPage", "Show dreaming memory"))

    def set_shown(self, on: bool) -> None:
        """Unfold (``on``) or fold the group; folded, it is its title row and a one-line
        summary (schedule, cards, proposals) and fixed memory takes the room."""
        if on == self.shown:
            return
        self.shown = on
        self.fold_button.setArrowType(Qt.ArrowType.DownArrow if on else Qt.ArrowType.RightArrow)
        self._say_fold()
        if not on:
            self.texts.bind(self.summary.setText, self.panel.summary)
        self._unfolded.setVisible(on)
        self.summary.setVisible(not on)
        self.shown_changed.emit(on)


class DreamingParts:
    """The Memory page's Dreaming memory group, made a part per build step (issue 30: each
    step under a frame): :meth:`make_panel` (the dream panel, hidden under ``page`` until
    its group takes it), :meth:`make_group` (the group around it), :meth:`place` (the
    group put at the end of ``layout``, the page's body, and the fixed list's fit made by
    ``fit()``). ``panel``, ``group``, ``fit``: None until made.
    ``snippets(on)``: the user's click on Topic snippets; ``folded()``: the group was
    folded or unfolded; ``reveal(editor)``: a card editor opened in the dream cards."""

    def __init__(self, make: Callable[[], DreamPanel], layout: QVBoxLayout, *,
                 fit: Callable[[], FixedListFit],
                 snippets: Callable[[bool], None], folded: Callable[[], None],
                 reveal: Callable[[QWidget], None]) -> None:
        self._make, self._layout, self._fit = make, layout, fit
        self._snippets, self._folded, self._reveal = snippets, folded, reveal
        self.panel: DreamPanel | None = None
        self.group: DreamingGroup | None = None
        self.fit: FixedListFit | None = None

    def make_panel(self) -> DreamPanel:
        """The dream panel (a step of its own), made now unless it was."""
        if self.panel is None:
            self.panel = self._make()
        return self.panel

    def make_group(self) -> DreamingGroup:
        """The group around the dream panel, with its Topic snippets switch (DRM-1)."""
        panel = self.make_panel()
        if self.group is None:  # a hidden child of the panel's page until placed: in no window of its own, every
            # widget of it asked the style (Python) whether its window was active, at each polish (issue 30)
            group = self.group = DreamingGroup(panel, panel.parentWidget())
            group.hide()  # not shown with the page before it is placed
            group.snippets_toggled.connect(self._snippets)
        return self.group

    def place(self) -> tuple[DreamPanel, DreamingGroup]:
        """The group put in the page under fixed memory, and the fixed list's fit to it."""
        group, panel, outer = self.make_group(), self.make_panel(), self._layout
        outer.addWidget(group)
        group.show()  # now, not on the next turn (a layout shows a new child later)
        outer.addStretch(0)  # a folded group's slack (never room above Dream now)
        group.shown_changed.connect(lambda _on: self._folded())
        panel.delegate.editor_shown.connect(self._reveal)
        self.fit = self._fit()
        return panel, group
