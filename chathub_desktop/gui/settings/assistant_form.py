"""The assistant editor's face (issue 29, walk52b: "a plain Qt form with six more '?'"):
the avatar and the name at the top, then four groups as tabs — **Prompt**, **Model &
parameters**, **Memory & context**, **Advanced** — each a scrolling column of setting
cards (:class:`~chathub_desktop.gui.settings.setting_rows.SettingRow`, as Settings and the
Memory page lay out theirs, and as Cherry Studio and LobeHub lay out an assistant's
settings): a title with a one-line description at the left, the control at the right.
The description's tooltip (and its "More" link, when long) holds the full help the
form's ``?`` buttons showed (APP-6; the seeds put no ``?`` on these fields).

Built in code, as the rows are (it was ``ui/assistant_dialog.ui``); the widgets keep the
Designer form's names (``nameEdit``, ``maxTokensCheck`` …), which the dialog, the model
chooser and the tests use. The header and the Prompt group are built at once; the other
groups when first shown or asked for (:meth:`AssistantForm.build`, and any of their names
read before builds the groups until it exists), which the dialog does over idle turns
after it opens (issue 29: the editor opens as fast as the Designer form did). Every text is said through the owner's
:class:`~chathub_desktop.gui.shell.i18n.Texts`, again after a language switch (issue 27).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QScrollArea,
    QSpinBox,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from chathub_desktop.gui.design import Space, Tone, TypeScale, set_text_size, set_tone
from chathub_desktop.gui.design.indicators import BARE_INDICATOR
from chathub_desktop.gui.settings import assistant_texts as tx
from chathub_desktop.gui.settings.setting_rows import SettingGroup, SettingRow, row_box
from chathub_desktop.gui.shell.help_button import field_note, note_text
from chathub_desktop.gui.shell.i18n import Texts, said

__all__ = ["AssistantForm"]

translate = QCoreApplication.translate

#: A text said in the interface language (a maker for :meth:`Texts.bind`).
Said = Callable[[], str]

#: The instructions field's least height, in lines of its font (a prompt is read whole).
INSTRUCTION_LINES = 8


def _tr(source: str) -> Callable[[], str]:
    """A maker saying ``source`` (an "AssistantDialog" source) in the interface language."""
    return said("AssistantDialog", source)


def _switch(name: str) -> QCheckBox:
    """A check box shown as the bare switch of a row whose title names it."""
    box = QCheckBox()
    box.setObjectName(name)
    box.setProperty(BARE_INDICATOR, True)
    return box


def _spin(name: str, low: int, high: int, step: int, value: int) -> QSpinBox:
    spin = QSpinBox()
    spin.setObjectName(name)
    spin.setRange(low, high)
    spin.setSingleStep(step)
    spin.setValue(value)
    spin.setGroupSeparatorShown(True)
    return spin


def _real_spin(name: str, low: float, high: float, step: float, value: float) -> QDoubleSpinBox:
    spin = QDoubleSpinBox()
    spin.setObjectName(name)
    spin.setDecimals(2)
    spin.setRange(low, high)
    spin.setSingleStep(step)
    spin.setValue(value)
    return spin


class AssistantForm:
    """The editor's widgets, laid out on ``dialog`` (a plain holder, not a widget: the
    dialog owns every widget through its layout). ``texts`` says them now and after each
    language switch. :attr:`notes` maps a row's object name to its description label.
    ``built(tab name)`` is called after a later group ("modelTab", "chatPrefTab",
    "advancedTab") is built; its widgets exist from then on."""

    # the later groups' widgets, set when their group is built (:meth:`build`)
    providerCombo: QComboBox
    modelCombo: QComboBox
    modelColumn: QVBoxLayout
    modelRow: QHBoxLayout
    maxTokensCheck: QCheckBox
    maxTokensSpin: QSpinBox
    samplingIntro: QLabel
    temperatureCheck: QCheckBox
    temperatureSpin: QDoubleSpinBox
    topPCheck: QCheckBox
    topPSpin: QDoubleSpinBox
    effortCheck: QCheckBox
    effortCombo: QComboBox
    thinkingCheck: QCheckBox
    thinkingSpin: QSpinBox
    samplingSent: QLabel
    memoryCheck: QCheckBox
    recallCheck: QCheckBox
    historyLimitCheck: QCheckBox
    historyLimitSpin: QSpinBox
    summarizeCheck: QCheckBox
    presetCombo: QComboBox
    autoCompactCheck: QCheckBox
    highWatermarkSpin: QDoubleSpinBox
    lowWatermarkValue: QLabel
    probeSummariesCheck: QCheckBox
    cardLanguageCombo: QComboBox
    cardLanguageLabel: QLabel
    templateEdit: QLineEdit

    def __init__(self, dialog: QDialog, texts: Texts, built: Callable[[str], None]) -> None:
        self._t = texts
        self._built = built
        #: Each row's description (a field note: the full help as its tooltip), by row name.
        self.notes: dict[str, QLabel] = {}
        self._pages: dict[str, QVBoxLayout] = {}
        #: The groups' columns not shown yet, by tab name: a widget in none is not polished
        #: (the stylesheet matched) when the dialog opens — 27 ms of a 42 ms open, load 6.
        self._bodies: dict[str, QWidget] = {}
        #: The four groups' columns by tab name, each holding its cards (shown in its tab or not yet).
        self.columns: dict[str, QWidget] = {}
        #: The four groups' cards, by object name (their headings are the cards' titles).
        self.cards: dict[str, SettingGroup] = {}
        self.mainLayout = QVBoxLayout(dialog)
        self.mainLayout.setSpacing(Space.LG)
        self._header()
        self.tabs = QTabWidget()
        self.tabs.setObjectName("tabs")
        self.tabs.setProperty("underline", True)  # the design system's tabs (issue 29), as Search's
        self.tabs.setDocumentMode(True)
        self.mainLayout.addWidget(self.tabs, 1)
        self.promptTab = self._tab("promptTab", tx.TAB_PROMPT)
        self.modelTab = self._tab("modelTab", tx.TAB_MODEL)
        self.chatPrefTab = self._tab("chatPrefTab", tx.TAB_MEMORY)
        self.advancedTab = self._tab("advancedTab", tx.TAB_ADVANCED)
        #: The groups not built yet, by tab name: their builders (:meth:`build`).
        self._later: dict[str, Callable[[], None]] = {"modelTab": self._model_page, "chatPrefTab": self._memory_page,
                                                      "advancedTab": self._advanced_page}
        self._prompt_page()
        self.tabs.currentChanged.connect(self._attach)
        self._attach(self.tabs.currentIndex())
        self.errorLabel = QLabel()
        self.errorLabel.setObjectName("errorLabel")
        self.errorLabel.setWordWrap(True)
        set_tone(self.errorLabel, Tone.ERROR)
        self.mainLayout.addWidget(self.errorLabel)
        self.buttonBox = QDialogButtonBox(QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Cancel)
        self.buttonBox.setObjectName("buttonBox")
        self.mainLayout.addWidget(self.buttonBox)

    # --- the parts ---------------------------------------------------------------------------

    def _header(self) -> None:
        """The avatar and the name side by side over the tabs (walk52b: who is edited first)."""
        t = self._t
        self.avatarCombo = QComboBox()
        self.avatarCombo.setObjectName("avatarCombo")
        self.avatarCombo.setEditable(True)
        t.bind(self.avatarCombo.setToolTip, lambda: translate(
            "AssistantDialog", "Its avatar in the sidebar, its menu and the greeting: an emoji, or one or two "
                               "letters (empty: the name's initial)"))
        t.bind(self.avatarCombo.setAccessibleName, lambda: translate("AssistantDialog", "Avatar"))
        self.nameEdit = QLineEdit()
        self.nameEdit.setObjectName("nameEdit")
        t.bind(self.nameEdit.setPlaceholderText, lambda: translate("AssistantDialog", "e.g. Coder, Writer, Tutor"))
        t.bind(self.nameEdit.setToolTip, lambda: translate("AssistantDialog", "A unique name for this assistant"))
        self.nameLabel = QLabel()
        self.nameLabel.setObjectName("nameLabel")
        self.nameLabel.setBuddy(self.nameEdit)
        t.bind(self.nameLabel.setText, lambda: translate("AssistantDialog", "&Name"))
        column = QVBoxLayout()
        column.setSpacing(Space.XXS)
        column.addWidget(self.nameLabel)
        column.addWidget(self.nameEdit)
        row = QHBoxLayout()
        row.setSpacing(Space.LG)
        row.addWidget(self.avatarCombo, 0, Qt.AlignmentFlag.AlignBottom)
        row.addLayout(column, 1)
        self.mainLayout.addLayout(row)

    def _tab(self, name: str, title: str) -> QScrollArea:
        """A tab named ``name`` whose page scrolls (usable at 800×560); :meth:`_page` gives
        its column of cards."""
        body = QWidget()
        body.setObjectName(f"{name}Body")
        lay = QVBoxLayout(body)
        lay.setContentsMargins(0, Space.LG, Space.SM, Space.LG)
        lay.setSpacing(Space.XL)
        area = QScrollArea()
        area.setObjectName(name)
        area.setFrameShape(QFrame.Shape.NoFrame)
        area.setWidgetResizable(True)
        area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self._bodies[name] = body  # put in its tab when first shown (:meth:`_attach`)
        self.columns[name] = body
        self._pages[name] = lay
        index = self.tabs.addTab(area, "")
        self._t.bind(lambda text: self.tabs.setTabText(index, text), _tr(title))
        # Its scroll area is a Tab stop: a screen reader names it as the tab (issue 29).
        self._t.bind(lambda text: area.setAccessibleName(text.replace("&&", "&")), _tr(title))
        return area

    def __getattr__(self, name: str) -> object:
        """A later group's widget read before its group was built: the groups are built
        (in tab order) until it exists; ``AttributeError`` for any other name."""
        later = self.__dict__.get("_later")
        if name.startswith("_") or not later:
            raise AttributeError(name)
        for group in list(later):
            self.build(group)
            if name in self.__dict__:
                return self.__dict__[name]
        raise AttributeError(name)

    def pending(self) -> list[str]:
        """The tab names of the groups not built yet, in tab order."""
        return list(self._later)

    def is_built(self, group: str) -> bool:
        """True once group ``group`` (a tab name) has its widgets."""
        return group not in self._later

    def build(self, group: str) -> None:
        """Build group ``group`` (a tab name) unless it is built, then tell the owner."""
        builder = self._later.pop(group, None)
        if builder is not None:
            builder()
            self._built(group)

    def _attach(self, index: int) -> None:
        """Build group ``index`` and put its column in its tab, the first time it is shown."""
        area = self.tabs.widget(index)
        if not isinstance(area, QScrollArea):
            return
        self.build(area.objectName())
        body = self._bodies.pop(area.objectName(), None)
        if body is not None:
            area.setWidget(body)

    def _page(self, tab: QWidget) -> QVBoxLayout:
        """The column of cards of ``tab``."""
        return self._pages[tab.objectName()]

    def _card(self, tab: QWidget, name: str, heading: Said | None) -> SettingGroup:
        """A new card named ``name`` under ``heading`` at the end of ``tab``'s column."""
        card = SettingGroup(self._t, heading, name=name)
        self._page(tab).addWidget(card)
        self.cards[name] = card
        return card

    def _row(self, card: SettingGroup, control: QWidget | None, name: str, title: Said, line: str, full: str, *,
             stacked: bool = False, buddy: QWidget | None = None, tip: QWidget | None = None) -> SettingRow:
        """A row named ``name`` of ``card``: ``title`` over ``line``, whose tooltip (and
        "More" link when long) is ``full`` ("AssistantDialog" sources); ``control`` at the
        right (under the text when ``stacked``). ``tip`` says the same tooltip on hover
        (APP-6: the field says what the note's tooltip says)."""
        note = field_note("", "", f"{name}Note")

        def say() -> None:
            note_text(note, translate("AssistantDialog", line), translate("AssistantDialog", full))
            if tip is not None:
                tip.setToolTip(note.toolTip())

        self._t.call(say)
        self.notes[name] = note
        row = SettingRow(control, title, self._t, note=note, stacked=stacked, buddy=buddy, name=name)
        lay = row.layout()
        if lay is not None:  # the Memory page's rows: the four groups' cards in less height
            lay.setContentsMargins(Space.XL, Space.MD, Space.XL, Space.MD)
        card.add(row)
        return row

    def _prompt_page(self) -> None:
        t = self._t
        self.instructionsEdit = QPlainTextEdit()
        self.instructionsEdit.setObjectName("instructionsEdit")
        self.instructionsEdit.setTabChangesFocus(True)
        self.instructionsEdit.setMinimumHeight(self.instructionsEdit.fontMetrics().lineSpacing() * INSTRUCTION_LINES)
        t.bind(self.instructionsEdit.setPlaceholderText, lambda: translate("AssistantDialog", "System instructions sent at the start of every request"))
        t.bind(self.instructionsEdit.setToolTip, _tr(tx.INSTRUCTIONS_HELP))
        card = self._card(self.promptTab, "promptCard", None)
        self._page(self.promptTab).setStretchFactor(card, 1)  # the prompt takes the group's height
        row = self._row(card, self.instructionsEdit, "instructionsRow",
                        lambda: translate("AssistantDialog", "&Instructions"), tx.INSTRUCTIONS_HELP,
                        tx.INSTRUCTIONS_HELP, stacked=True)
        lay = row.layout()
        if isinstance(lay, QVBoxLayout):  # the room goes to the field, not between the title's lines
            lay.setStretch(0, 0)
            lay.setStretch(1, 1)

    def _model_page(self) -> None:
        t = self._t
        card = self._card(self.modelTab, "modelCard", lambda: translate("AssistantDialog", "Model"))
        self.providerCombo = QComboBox()
        self.providerCombo.setObjectName("providerCombo")
        self.providerCombo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)  # filled after the read
        self._row(card, self.providerCombo, "providerRow", lambda: translate("AssistantDialog", "&Provider"), tx.PROVIDER_LINE, tx.PROVIDER_HELP, tip=self.providerCombo)
        self.modelCombo = QComboBox()
        self.modelCombo.setObjectName("modelCombo")
        self.modelCombo.setEditable(True)
        chooser = QWidget()
        #: The model chooser's column: the combo's line (:attr:`modelRow`), then its window hint.
        self.modelColumn = QVBoxLayout(chooser)
        self.modelColumn.setContentsMargins(0, 0, 0, 0)
        self.modelColumn.setSpacing(Space.XS)
        self.modelRow = QHBoxLayout()
        self.modelRow.setSpacing(Space.SM)
        self.modelRow.addWidget(self.modelCombo, 1)
        self.modelColumn.addLayout(self.modelRow)
        self._row(card, chooser, "modelRow", lambda: translate("AssistantDialog", "Chat &model"), tx.MODEL_LINE, tx.MODEL_HELP, stacked=True,
                  buddy=self.modelCombo)
        self.maxTokensCheck = _switch("maxTokensCheck")
        self.maxTokensSpin = _spin("maxTokensSpin", 1, 1_000_000, 256, 4096)
        t.bind(self.maxTokensSpin.setSuffix, lambda: translate("AssistantDialog", " tokens"))
        self._row(card, row_box(self.maxTokensSpin, self.maxTokensCheck), "maxTokensRow", lambda: translate("AssistantDialog", "Max &tokens"),
                  tx.MAX_TOKENS_LINE, tx.MAX_TOKENS_HELP, buddy=self.maxTokensCheck, tip=self.maxTokensCheck)
        self.samplingIntro = QLabel()
        self.samplingIntro.setObjectName("samplingIntro")
        self.samplingIntro.setWordWrap(True)
        set_tone(self.samplingIntro, Tone.MUTED)
        set_text_size(self.samplingIntro, TypeScale.CAPTION)
        t.bind(self.samplingIntro.setText, _tr(tx.SAMPLING_INTRO))
        sampling = self._card(self.modelTab, "samplingCard", lambda: translate("AssistantDialog", "Sampling"))
        column = sampling.layout()
        assert isinstance(column, QVBoxLayout)
        column.insertWidget(1, self.samplingIntro)  # under the heading, over the card
        self.temperatureCheck = _switch("temperatureCheck")
        self.temperatureSpin = _real_spin("temperatureSpin", 0.0, 2.0, 0.1, 1.0)
        self._row(sampling, row_box(self.temperatureSpin, self.temperatureCheck), "temperatureRow", lambda: translate("AssistantDialog", "T&emperature"),
                  tx.TEMPERATURE_LINE, tx.TEMPERATURE_HELP, buddy=self.temperatureCheck, tip=self.temperatureCheck)
        self.topPCheck = _switch("topPCheck")
        self.topPSpin = _real_spin("topPSpin", 0.0, 1.0, 0.05, 1.0)
        self._row(sampling, row_box(self.topPSpin, self.topPCheck), "topPRow", lambda: translate("AssistantDialog", "T&op-p"), tx.TOP_P_LINE,
                  tx.TOP_P_HELP, buddy=self.topPCheck, tip=self.topPCheck)
        self.effortCheck = _switch("effortCheck")
        self.effortCombo = QComboBox()
        self.effortCombo.setObjectName("effortCombo")
        self._row(sampling, row_box(self.effortCombo, self.effortCheck), "effortRow", lambda: translate("AssistantDialog", "&Reasoning effort"),
                  tx.EFFORT_LINE, tx.EFFORT_HELP, buddy=self.effortCheck, tip=self.effortCheck)
        self.thinkingCheck = _switch("thinkingCheck")
        self.thinkingSpin = _spin("thinkingSpin", 1024, 1_000_000, 1024, 2048)
        t.bind(self.thinkingSpin.setSuffix, lambda: translate("AssistantDialog", " tokens"))
        self._row(sampling, row_box(self.thinkingSpin, self.thinkingCheck), "thinkingRow", lambda: translate("AssistantDialog", "Thin&king budget"),
                  tx.THINKING_LINE, tx.THINKING_HELP, buddy=self.thinkingCheck, tip=self.thinkingCheck)
        self.samplingSent = QLabel()
        self.samplingSent.setObjectName("samplingSent")
        self.samplingSent.setWordWrap(True)
        set_tone(self.samplingSent, Tone.MUTED)
        self._page(self.modelTab).addWidget(self.samplingSent)
        self._page(self.modelTab).addStretch(1)

    def _memory_page(self) -> None:
        t = self._t
        memory = self._card(self.chatPrefTab, "memoryCard", lambda: translate("AssistantDialog", "Memory"))
        self.memoryCheck = _switch("memoryCheck")
        self._row(memory, self.memoryCheck, "memoryRow", lambda: translate("AssistantDialog", "Enable assistant &memory"), tx.MEMORY_LINE, tx.MEMORY_HELP, tip=self.memoryCheck)
        self.recallCheck = _switch("recallCheck")
        self._row(memory, self.recallCheck, "recallRow", lambda: translate("AssistantDialog", "&Recall earlier topics"), tx.RECALL_LINE, tx.RECALL_HELP, tip=self.recallCheck)
        # the seeds' name for the history settings (the Memory page's helps point here)
        history = self._card(self.chatPrefTab, "historyCard", lambda: translate("AssistantDialog", "Chat Preference"))
        self.historyLimitCheck = _switch("historyLimitCheck")
        self.historyLimitSpin = _spin("historyLimitSpin", 0, 100_000, 1, 20)
        t.bind(self.historyLimitSpin.setSuffix, lambda: translate("AssistantDialog", " messages"))
        t.bind(self.historyLimitSpin.setToolTip, lambda: translate("AssistantDialog", "How many of the newest topic messages each request sends"))
        self._row(history, row_box(self.historyLimitSpin, self.historyLimitCheck), "historyLimitRow",
                  lambda: translate("AssistantDialog", "&Limit history messages"), tx.HISTORY_LIMIT_LINE, tx.HISTORY_LIMIT_HELP,
                  buddy=self.historyLimitCheck, tip=self.historyLimitCheck)
        self.summarizeCheck = _switch("summarizeCheck")
        self._row(history, self.summarizeCheck, "summarizeRow", lambda: translate("AssistantDialog", "&Summarize history"), tx.SUMMARIZE_LINE,
                  tx.SUMMARIZE_HELP, tip=self.summarizeCheck)
        compact = self._card(self.chatPrefTab, "compactCard", lambda: translate("AssistantDialog", "Compact"))
        self.presetCombo = QComboBox()
        self.presetCombo.setObjectName("presetCombo")
        self.presetCombo.setMinimumContentsLength(10)
        self._row(compact, self.presetCombo, "presetRow", lambda: translate("AssistantDialog", "Assist p&reset"), tx.PRESET_LINE, tx.PRESET_HELP)
        self.autoCompactCheck = _switch("autoCompactCheck")
        self._row(compact, self.autoCompactCheck, "autoCompactRow", lambda: translate("AssistantDialog", "Token &auto-compact"), tx.AUTO_COMPACT_LINE,
                  tx.AUTO_COMPACT_HELP, tip=self.autoCompactCheck)
        self.highWatermarkSpin = _real_spin("highWatermarkSpin", 0.5, 0.99, 0.01, 0.8)
        t.bind(self.highWatermarkSpin.setToolTip, lambda: translate("AssistantDialog", "Share of the input budget at which token auto-compact starts "
                                                      "(0.50–0.99)"))
        self._row(compact, self.highWatermarkSpin, "highWatermarkRow", lambda: translate("AssistantDialog", "&High watermark"), tx.HIGH_WATERMARK_LINE,
                  tx.HIGH_WATERMARK_HELP)
        self.lowWatermarkValue = QLabel()
        self.lowWatermarkValue.setObjectName("lowWatermarkValue")
        t.bind(self.lowWatermarkValue.setToolTip, _tr(tx.LOW_WATERMARK_HELP))
        self._row(compact, self.lowWatermarkValue, "lowWatermarkRow", lambda: translate("AssistantDialog", "Low watermark"), tx.LOW_WATERMARK_LINE,
                  tx.LOW_WATERMARK_HELP)
        self.probeSummariesCheck = _switch("probeSummariesCheck")
        self._row(compact, self.probeSummariesCheck, "probesRow", lambda: translate("AssistantDialog", "Check new summaries with &probes"),
                  tx.PROBES_LINE, tx.PROBES_HELP, tip=self.probeSummariesCheck)
        self.cardLanguageCombo = QComboBox()
        self.cardLanguageCombo.setObjectName("cardLanguageCombo")
        self.cardLanguageCombo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)  # its first item whole
        row = self._row(compact, self.cardLanguageCombo, "cardLanguageRow", lambda: translate("AssistantDialog", "Lan&guage of summaries and dream cards"),
                        tx.CARD_LANGUAGE_LINE, tx.CARD_LANGUAGE_HELP, tip=self.cardLanguageCombo)
        self.cardLanguageLabel = row.title
        self._page(self.chatPrefTab).addStretch(1)

    def _advanced_page(self) -> None:
        self.templateEdit = QLineEdit("{{text}}")
        self.templateEdit.setObjectName("templateEdit")
        card = self._card(self.advancedTab, "advancedCard", lambda: translate("AssistantDialog", "Input"))
        self._row(card, self.templateEdit, "templateRow", lambda: translate("AssistantDialog", "Input &template"), tx.TEMPLATE_LINE, tx.TEMPLATE_HELP,
                  stacked=True, tip=self.templateEdit)
        self._page(self.advancedTab).addStretch(1)
