"""The setup wizard's frame (walk36 #9): the numbered step indicator every page starts
with, the page header, and the centred column a page's content sits in, so a short page
reads as one block in the middle rather than a few lines in a corner; and the parts its
pages share (issue 29: split from ``setup_wizard``): the rich-text label, the page
picture, the welcome's step preview, the preset tiles and the section heading. Texts are
in the ``SetupWizard`` translation context and re-said on a language switch (issue 27)."""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from functools import partial

from PySide6.QtCore import QCoreApplication, QSize, Qt
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import (
    QFormLayout,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QListView,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
)

from chathub_desktop.core.provider_presets import PRESETS, PresetPlace, ProviderPreset
from chathub_desktop.gui.design import Space, Tone, repolish, set_tone
from chathub_desktop.gui.design.app_icon import app_icon
from chathub_desktop.gui.design.icons import GlyphLabel, Icon, IconTint, icon
from chathub_desktop.gui.design.tokens import IconSize
from chathub_desktop.gui.design.vendor_marks import mark_of, vendor_icon
from chathub_desktop.gui.shell.i18n import QT_TRANSLATE_NOOP, Texts, fill

__all__ = ["PRESET_COLUMNS", "STEPS", "StepIndicator", "StepState", "column", "illustration", "labelled_rows",
           "page_header", "preset_grid", "preset_icon", "rich_label", "section_label", "sentence", "setup_error_label",
           "step_rows", "tr"]

translate = QCoreApplication.translate

#: The wizard's steps, in order, as the indicator names them.
STEPS: tuple[str, ...] = (QT_TRANSLATE_NOOP("SetupWizard", "Welcome"), QT_TRANSLATE_NOOP("SetupWizard", "Provider"),
                          QT_TRANSLATE_NOOP("SetupWizard", "Assistant"), QT_TRANSLATE_NOOP("SetupWizard", "Summaries"),
                          QT_TRANSLATE_NOOP("SetupWizard", "History"))


def tr(text: str) -> str:
    """``text`` (a source marked in the ``SetupWizard`` context) in the shown language."""
    return translate("SetupWizard", text)


class StepState(StrEnum):
    """Where a step stands, as the indicator's ``step`` property (the stylesheet's
    ``QLabel#setupStep…[step="…"]`` rules)."""

    DONE = "done"
    CURRENT = "current"
    TODO = "todo"


#: The widest a page's content column grows (px); wider windows keep it centred.
COLUMN_WIDTH = 620


class StepIndicator(QWidget):
    """``1 Welcome › 2 Provider › …`` with step ``current`` (0-based) marked: its number
    in an accent disc and its name in bold; steps before it read as done. Each number is a
    ``QLabel#setupStepNumber`` and each name a ``QLabel#setupStepName`` whose ``step``
    property is a :class:`StepState` (the stylesheet's rules). ``steps`` are
    source texts of the ``SetupWizard`` context, shown translated."""

    def __init__(self, current: int, steps: Sequence[str] = STEPS, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("setupSteps")
        self.current = current
        self.texts = Texts(self)
        self.texts.bind(self.setAccessibleName, lambda: fill(QCoreApplication.translate(
            "SetupWizard", "Step %1 of %2: %3"), str(current + 1), str(len(steps)), tr(steps[current])))
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, Space.LG)
        row.setSpacing(Space.XS)
        row.addStretch(1)
        self.names: list[QLabel] = []
        for i, name in enumerate(steps):
            state = StepState.CURRENT if i == current else StepState.DONE if i < current else StepState.TODO
            number = QLabel(str(i + 1))
            number.setObjectName("setupStepNumber")
            number.setAlignment(Qt.AlignmentFlag.AlignCenter)
            number.setFixedSize(Space.XL + Space.SM, Space.XL + Space.SM)
            text = QLabel()
            self.texts.bind(text.setText, partial(tr, name))
            text.setObjectName("setupStepName")
            for label in (number, text):
                label.setProperty("step", state.value)
                repolish(label)
            row.addWidget(number)
            row.addWidget(text)
            self.names.append(text)
            if i < len(steps) - 1:
                gap = QLabel("›")
                set_tone(gap, Tone.MUTED)
                row.addSpacing(Space.XS)
                row.addWidget(gap)
                row.addSpacing(Space.XS)
        row.addStretch(1)

    def current_name(self) -> str:
        """The marked step's name."""
        return self.names[self.current].text()


def page_header(title: str, subtitle: str, step: int | None = None) -> QWidget:
    """The header every setup page starts with (walkthrough F15: one style, not Qt's two):
    the :class:`StepIndicator` at ``step`` (0-based; None: none), ``title`` as the design
    system's page title (``QLabel#pageTitle``) and ``subtitle`` as a muted lead line under
    it. QWizard's own title/subtitle are not used: it draws a page without a subtitle in
    another style. ``title`` and ``subtitle`` are source texts of the ``SetupWizard``
    context (marked with ``QT_TRANSLATE_NOOP``), shown translated and re-said on a switch."""
    header = QWidget()
    header.setObjectName("pageHeader")
    texts = Texts(header)
    lay = QVBoxLayout(header)
    lay.setContentsMargins(0, 0, 0, Space.MD)
    lay.setSpacing(Space.XS)
    if step is not None:
        lay.addWidget(StepIndicator(step))
    head = QLabel()
    texts.bind(head.setText, lambda: tr(title))
    head.setObjectName("pageTitle")
    head.setWordWrap(True)
    lay.addWidget(head)
    sub = QLabel()
    texts.bind(sub.setText, lambda: tr(subtitle))
    sub.setObjectName("pageSubtitle")
    sub.setWordWrap(True)
    sub.setTextFormat(Qt.TextFormat.RichText)
    set_tone(sub, Tone.MUTED)
    lay.addWidget(sub)
    return header


def column(page: QWidget, width: int = COLUMN_WIDTH) -> QVBoxLayout:
    """Lay ``page`` out as a centred column at most ``width`` px wide and return the
    column's layout (add the page's widgets to it; it ends with no stretch)."""
    outer = QHBoxLayout(page)
    outer.setContentsMargins(0, Space.LG, 0, Space.LG)
    body = QWidget()
    body.setObjectName("setupColumn")
    body.setMaximumWidth(width)
    outer.addStretch(1)
    outer.addWidget(body, 100)
    outer.addStretch(1)
    lay = QVBoxLayout(body)
    lay.setContentsMargins(0, 0, 0, 0)
    return lay


def sentence(reason: str) -> str:
    """A service's one-line ``reason`` as a sentence: capital first letter, final full stop."""
    text = reason.strip()
    if not text:
        return text
    return text[:1].upper() + text[1:] + ("" if text.endswith((".", "!", "?", "…")) else ".")


def _bold(text: str) -> str:
    """``text`` (a ``SetupWizard`` source) translated, in bold."""
    return f"<b>{tr(text)}</b>"


def rich_label(text: str, texts: Texts | None = None) -> QLabel:
    """A wrapping rich-text label; with ``texts``, ``text`` is a ``SetupWizard`` source
    shown translated and re-said on a switch."""
    label = QLabel(text)
    if texts is not None:
        texts.bind(label.setText, lambda: tr(text))
    label.setWordWrap(True)
    label.setTextFormat(Qt.TextFormat.RichText)
    return label


def illustration(glyph: Icon | None) -> QLabel:
    """A page's picture, centred: ``glyph`` large in the theme's text colour, or the app
    icon (None)."""
    size = IconSize.APP if glyph is None else IconSize.GREETING
    label = GlyphLabel(app_icon() if glyph is None else glyph, size)
    label.setObjectName("setupIllustration")
    label.setAlignment(Qt.AlignmentFlag.AlignHCenter)
    label.setContentsMargins(0, Space.MD, 0, Space.MD)
    return label


#: What the welcome lists under its text: each later step's icon, name and one line.
STEP_ROWS = ((Icon.PROVIDERS, QT_TRANSLATE_NOOP("SetupWizard", "Provider"),
              QT_TRANSLATE_NOOP("SetupWizard", "where your models run, with your key")),
             (Icon.SYSTEM_AGENT, QT_TRANSLATE_NOOP("SetupWizard", "Assistant"),
              QT_TRANSLATE_NOOP("SetupWizard", "a name, a model and instructions")),
             (Icon.SUMMARY, QT_TRANSLATE_NOOP("SetupWizard", "Summaries"),
              QT_TRANSLATE_NOOP("SetupWizard", "the model that condenses long topics")),
             (Icon.HISTORY, QT_TRANSLATE_NOOP("SetupWizard", "History"),
              QT_TRANSLATE_NOOP("SetupWizard", "your ChatGPT chats and a memory file, if you like")))


def step_rows(texts: Texts) -> QGridLayout:
    """The welcome's preview of the steps ahead (:data:`STEP_ROWS`): an icon, the step's
    name in bold and what it sets up, muted; translated through ``texts``."""
    grid = QGridLayout()
    grid.setContentsMargins(Space.XXL, Space.LG, 0, 0)
    grid.setHorizontalSpacing(Space.LG)
    grid.setVerticalSpacing(Space.MD)
    for row, (glyph, name, what) in enumerate(STEP_ROWS):
        mark = GlyphLabel(glyph, IconSize.LG)
        title = QLabel()
        texts.bind(title.setText, partial(_bold, name))
        text = QLabel()
        texts.bind(text.setText, partial(tr, what))
        text.setWordWrap(True)
        set_tone(text, Tone.MUTED)
        grid.addWidget(mark, row, 0)
        grid.addWidget(title, row, 1)
        grid.addWidget(text, row, 2)
    grid.setColumnStretch(2, 1)
    return grid


#: The glyph of each kind of preset without a vendor mark (a custom endpoint).
PLACE_ICONS = {PresetPlace.CLOUD: Icon.CLOUD_SERVICE, PresetPlace.ROUTER: Icon.ROUTER_SERVICE,
               PresetPlace.LOCAL: Icon.LOCAL_SERVER, PresetPlace.CUSTOM: Icon.PROVIDERS}


def preset_icon(preset: ProviderPreset) -> QIcon:
    """``preset``'s picture: its vendor's lettermark (walk39), else its place's glyph."""
    mark = mark_of(preset)
    return vendor_icon(mark) if mark is not None else icon(PLACE_ICONS[preset.place], IconTint.SOFT_SELECTION)


def preset_grid(texts: Texts) -> QListWidget:
    """The presets as a grid of icon-and-name tiles (walk29 #17), in :data:`PRESETS` order;
    each item's ``UserRole`` holds its :class:`ProviderPreset`; translated via ``texts``."""
    grid = QListWidget()
    grid.setObjectName("setupPresets")
    texts.bind(grid.setAccessibleName, lambda: translate("SetupWizard", "Provider presets"))
    texts.bind(grid.setToolTip, lambda: translate("SetupWizard", "Fills in the kind and base URL; change anything "
                                                                 "in the form"))
    grid.setFlow(QListView.Flow.LeftToRight)  # icon left of the name, tiles in rows
    grid.setWrapping(True)
    grid.setResizeMode(QListView.ResizeMode.Adjust)
    grid.setMovement(QListView.Movement.Static)
    grid.setUniformItemSizes(True)
    grid.setIconSize(QSize(IconSize.MD, IconSize.MD))
    # as wide as the longest name beside its icon: no name is cut
    longest = max(grid.fontMetrics().horizontalAdvance(p.name) for p in PRESETS)
    tile = QSize(longest + IconSize.MD + 4 * Space.MD, IconSize.MD + 2 * Space.MD)
    grid.setGridSize(tile)
    grid.setSpacing(0)
    for preset in PRESETS:
        item = QListWidgetItem(preset_icon(preset), preset.name)
        item.setData(Qt.ItemDataRole.UserRole, preset)
        if preset.base_url:
            item.setToolTip(preset.base_url)
        else:
            texts.bind(item.setToolTip, lambda: translate("SetupWizard", "A base URL you type"))
        item.setSizeHint(tile - QSize(Space.XS, Space.XS))  # every tile as wide as its cell
        grid.addItem(item)
    rows = -(-len(PRESETS) // PRESET_COLUMNS)
    grid.setFixedHeight(rows * tile.height() + 2 * grid.frameWidth() + Space.XS)
    grid.setMinimumWidth(PRESET_COLUMNS * tile.width() + 2 * grid.frameWidth() + Space.XS)
    grid.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    grid.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    grid.setCurrentRow(0)
    return grid


#: How many preset tiles share a row in the wizard.
PRESET_COLUMNS = 3


def section_label(text: str, texts: Texts) -> QLabel:
    """A small section heading (the design system's ``QLabel#sectionLabel``): ``text``, a
    ``SetupWizard`` source, translated through ``texts``."""
    label = QLabel()
    texts.bind(label.setText, lambda: tr(text))
    label.setObjectName("sectionLabel")
    return label


def labelled_rows(form: QFormLayout, texts: Texts, rows: Sequence[tuple[str, QWidget]]) -> None:
    """Add a row to ``form`` per ``(label, widget)``: ``label`` a ``SetupWizard`` source
    with a mnemonic, translated through ``texts``; the label is the widget's buddy."""
    for text, widget in rows:
        label = QLabel()
        texts.bind(label.setText, partial(tr, text))
        label.setBuddy(widget)
        form.addRow(label, widget)


def setup_error_label(name: str) -> QLabel:
    """A page's refusal line (object name ``name``): wrapping, in the error tone."""
    label = QLabel()
    label.setObjectName(name)
    set_tone(label, Tone.ERROR)
    label.setWordWrap(True)
    return label
