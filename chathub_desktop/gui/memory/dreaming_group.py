"""The Memory page's Dreaming memory group (DRM-1, APP-6; issue 30, walk2): its title row
— a fold arrow, the title and its help, the Topic snippets switch and, folded, a
one-line summary — over :class:`~chathub_desktop.gui.memory.dream_panel.DreamPanel`,
which scrolls inside the group's pane so fixed memory keeps its share of a short window,
with the panel's Dream now bar pinned under it (it never moves while lines come and go).
Folded, the group is its title row and fixed memory takes the rest of the splitter."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QFrame,
    QHBoxLayout,
    QLabel,
    QScrollArea,
    QSplitter,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from chathub_desktop.gui.design import Tone, set_tone
from chathub_desktop.gui.help_button import help_button
from chathub_desktop.gui.memory.dream_panel import DreamPanel
from chathub_desktop.gui.memory.page_common import section_title

DREAMING_HELP = (
    "<p><b>Dreaming memory</b> is what the assistant learns on its own: a scheduled "
    "memory dream reads the topics you were active in the day before and adds a dated "
    "card about how you like to work (tone, format, tool habits), not a recap.</p>"
    "<p>It prefers topic summaries from compaction (Chat Preference: Limit history "
    "messages and Summarize history); a topic without one still contributes a short "
    "excerpt of that day's messages. The dream never changes your fixed memory.</p>"
)
SNIPPETS_HELP = (
    "<p><b>Topic snippets</b> keeps a short snippet of each topic's summary so later "
    "requests and the memory dream can reuse it.</p>"
    "<p>Snippets come from compaction summaries, which need Limit history messages and "
    "Summarize history under Chat Preference; topics without a summary still reach the "
    "dream through an excerpt of their recent messages.</p>"
)


class DreamingGroup(QWidget):
    """The group around ``panel``, the lower pane of ``splitter`` (which it adds itself
    to). ``snippets_toggled(on)`` is the user's click on Topic snippets (the page stores
    it); :meth:`set_shown` folds and unfolds."""

    snippets_toggled = Signal(bool)

    def __init__(self, panel: DreamPanel, splitter: QSplitter) -> None:
        super().__init__()
        self.setObjectName("dreamingMemoryPane")
        self.panel = panel
        self._splitter = splitter
        self._unfolded_sizes: list[int] = []
        #: False while the group is folded to its title row.
        self.shown = True
        section = QWidget()
        section.setObjectName("dreamingMemorySection")
        section.setAutoFillBackground(False)
        dlay = QVBoxLayout(section)
        dlay.setContentsMargins(0, 4, 0, 0)
        dlay.setSpacing(8)
        self._section = section
        self.scroll_area = QScrollArea()
        self.scroll_area.setObjectName("dreamingMemoryScroll")
        self.scroll_area.setWidget(section)
        self.scroll_area.setWidgetResizable(True)
        self.scroll_area.setFrameShape(QFrame.Shape.NoFrame)
        self.scroll_area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.scroll_area.viewport().setAutoFillBackground(False)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(6)
        lay.addWidget(self.scroll_area, 1)

        row = QHBoxLayout()
        row.setSpacing(4)
        self.fold_button = QToolButton()
        self.fold_button.setObjectName("dreamingFoldButton")
        self.fold_button.setAutoRaise(True)
        self.fold_button.setArrowType(Qt.ArrowType.DownArrow)
        self.fold_button.setAccessibleName("Fold dreaming memory")
        self.fold_button.setToolTip("Fold the Dreaming memory group to this line, giving fixed memory the page "
                                    "(click again to unfold)")
        self.fold_button.clicked.connect(lambda _c=False: self.set_shown(not self.shown))
        row.addWidget(self.fold_button)
        self.title = section_title("Dreaming memory")
        self.title.setToolTip(DREAMING_HELP)
        row.addWidget(self.title)
        row.addWidget(help_button(DREAMING_HELP, "dreamingHelp"))
        row.addSpacing(16)
        self.snippets_switch = QCheckBox("&Topic snippets")
        self.snippets_switch.setObjectName("topicSnippetsSwitch")
        self.snippets_switch.setToolTip(SNIPPETS_HELP)
        self.snippets_switch.toggled.connect(self.snippets_toggled.emit)
        row.addWidget(self.snippets_switch)
        row.addWidget(help_button(SNIPPETS_HELP, "topicSnippetsHelp"))
        row.addSpacing(12)
        self.summary = QLabel()  # what the folded group holds
        self.summary.setObjectName("dreamingSummary")
        set_tone(self.summary, Tone.MUTED)
        self.summary.hide()
        row.addWidget(self.summary, 1)
        row.addStretch(1)
        dlay.addLayout(row)
        dlay.addWidget(panel, 1)
        lay.addWidget(panel.action_bar)  # Dream now stays put under the scrolling group
        splitter.addWidget(self)

    def set_snippets(self, on: bool) -> None:
        """Show the stored Topic snippets setting (no ``snippets_toggled``)."""
        self.snippets_switch.blockSignals(True)
        self.snippets_switch.setChecked(on)
        self.snippets_switch.blockSignals(False)

    def set_shown(self, on: bool) -> None:
        """Unfold (``on``) or fold the group; folded, it is its title row and a one-line
        summary (schedule, cards, proposals) and the splitter gives the rest to fixed
        memory; unfolded, the split is as it was."""
        if on == self.shown:
            return
        self.shown = on
        self.fold_button.setArrowType(Qt.ArrowType.DownArrow if on else Qt.ArrowType.RightArrow)
        self.fold_button.setAccessibleName("Fold dreaming memory" if on else "Show dreaming memory")
        if not on:
            self._unfolded_sizes = self._splitter.sizes()
            self.summary.setText(self.panel.summary())
        self.panel.setVisible(on)
        self.panel.action_bar.setVisible(on)
        self.summary.setVisible(not on)
        if on:
            self.setMaximumHeight(16_777_215)
            if self._unfolded_sizes:
                self._splitter.setSizes(self._unfolded_sizes)
            return
        h = self._section.sizeHint().height() + 2 * self.scroll_area.frameWidth()
        self.setMaximumHeight(h)
        total = sum(self._splitter.sizes())
        self._splitter.setSizes([max(0, total - h), h])
