"""The question before memory is replaced (issue 18 "Preview before replace"): what an
import (Replace or Merge), a raw save that removes entries, Clear or a fold will change —
counts, then the entries (cards) added, removed and edited, and the folds — and a button
that does it. Nothing is written unless the user picks it.

The previews are computed by the services on the page's worker thread
(:mod:`chathub_desktop.services.memory.memory_preview`, ``MemoryTransfer.preview_import``); this
module only shows them. :func:`ask` is the one entry point, so tests can replace it like
:func:`chathub_desktop.gui.dialogs.confirm.ask`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication, QEvent, QLocale, Qt
from PySide6.QtWidgets import (
    QButtonGroup,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QRadioButton,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from chathub_desktop.core.memory_diff import EntryChanges
from chathub_desktop.gui.design import repolish, set_tone
from chathub_desktop.gui.design.tokens import Tone
from chathub_desktop.gui.memory.card_panes import CardPanes, fitted_size
from chathub_desktop.gui.memory.change_rows import ChangeRows, PreviewChoice, RowGroup, short
from chathub_desktop.gui.memory.fold_words import card_edit_row, card_row, card_tip
from chathub_desktop.gui.shell.i18n import QT_TRANSLATE_NOOP, Texts, fill
from chathub_desktop.gui.shell.service_reasons import said
from chathub_desktop.services.memory.memory_preview import ChangePreview
from chathub_desktop.services.transfer.memory_transfer import ImportPreview

translate = QCoreApplication.translate

#: A text the dialog shows: a maker called again on each language switch (it holds the
#: caller's ``translate`` call and values, issue 27), or a fixed text shown as it is.
Said = Callable[[], str] | str


def _maker(text: Said) -> Callable[[], str]:
    return text if callable(text) else (lambda: text)


def said_lines(preview: ChangePreview | ImportPreview) -> Callable[[], list[str]]:
    """A maker of ``preview``'s summary lines in the interface language (issue 27: its
    counts, changes and folds typed)."""
    folds = preview.fold_reasons if isinstance(preview, ChangePreview) else ()
    return lambda: [said(r) for r in (*preview.line_reasons(), *folds)]


def said_text(text: Said) -> str:
    """``text`` as shown now (a maker called, a fixed text as it is)."""
    return text() if callable(text) else text


@dataclass(frozen=True)
class PreviewOption:
    """One way to go ahead: ``key`` returned by :func:`ask`, ``label`` of its radio button
    (when there are several; a maker is called again on a language switch, issue 27), the
    summary ``lines`` and the entry ``changes`` it makes
    (None: no entry list), and the ``titles`` of its groups."""

    key: str
    label: Said
    lines: Sequence[str] | Callable[[], Sequence[str]]
    changes: EntryChanges | None = None
    #: Titles of the added / removed / edited groups (a fold's removed cards are folded).
    titles: tuple[str, str, str] = (QT_TRANSLATE_NOOP("MemoryPage", "Added"), QT_TRANSLATE_NOOP("MemoryPage", "Removed"),
                                    QT_TRANSLATE_NOOP("MemoryPage", "Edited"))
    #: Rows to tick instead of the Added group (a Merge's file entries, repeats unticked).
    choices: tuple[PreviewChoice, ...] = ()
    #: Cards shown side by side instead of the entry list, each ``(title, stored text)``
    #: with its Markdown rendered as the timeline does (a dream's card; Regenerate's old
    #: and new card, walk42 #2).
    panes: tuple[tuple[Said, str], ...] = ()
    #: The Cancel button's label (None: Cancel), e.g. "Keep the old card".
    cancel: Said | None = None
    #: Going ahead is what the preview is for (a dream's new card, walk49 #2b): the action
    #: is the accent-filled primary button and the default on Enter; else Cancel is the
    #: default and the action looks secondary (a preview of a removal or a replacement).
    primary: bool = False
    #: A line shown above the summary in the warning tone (walk50 #2: "This card mostly
    #: repeats itself …"); None: no warning.
    warning: Said | None = None
    #: The rows are dream cards (``"[tag] text"``, as the services list them), each said
    #: as the timeline says it: its day or span, then its plain words on two lines at most
    #: (walk56 #5: ``[date:…]`` marks and Markdown were shown).
    cards: bool = False
    #: The changes are a fold's: the "removed" cards are folded into the range card, listed
    #: as such (:attr:`RowGroup.FOLDED`, untinted), never as removed (walk56 #5).
    folds: bool = False

    def shown_lines(self) -> list[str]:
        """The summary lines as shown now (a maker called: the interface language)."""
        return list(self.lines() if callable(self.lines) else self.lines)


class ChangePreviewDialog(QDialog):
    """The preview: a heading, the chosen option's summary and its changes as a tree
    (Added / Removed / Edited, or entries to tick: :class:`ChangeRows`), radio buttons when
    there are several options, the ``action`` button and Cancel (the default, unless the
    option shown is :attr:`PreviewOption.primary`)."""

    def __init__(self, parent: QWidget | None, title: Said, heading: Said, options: Sequence[PreviewOption],
                 action: Said) -> None:
        super().__init__(parent)
        self.setObjectName("changePreviewDialog")
        self.texts = t = Texts(self)  # title, heading and action re-said on a switch (issue 27)
        t.bind(self.setWindowTitle, _maker(title))
        self.resize(640, 460)
        self.options = list(options)
        self.chosen: str | None = None
        #: The user's ticks per option key (its choices', in order; issue 30).
        self.ticks: dict[str, list[bool]] = {o.key: [c.ticked and c.enabled for c in o.choices]
                                             for o in self.options}
        self._shown_key = ""
        lay = QVBoxLayout(self)
        head = QLabel()
        t.bind(head.setText, _maker(heading))
        head.setObjectName("previewHeading")
        head.setWordWrap(True)
        head.setStyleSheet("font-weight: bold;")
        lay.addWidget(head)
        self.radios = QButtonGroup(self)
        for i, opt in enumerate(self.options if len(self.options) > 1 else []):
            rb = QRadioButton()
            t.bind(rb.setText, _maker(opt.label))
            rb.setObjectName(f"previewOption_{opt.key}")
            self.radios.addButton(rb, i)
            lay.addWidget(rb)
        self.warning = QLabel()
        self.warning.setObjectName("previewWarning")
        self.warning.setWordWrap(True)
        set_tone(self.warning, Tone.WARNING)
        lay.addWidget(self.warning)
        self.summary = QLabel()
        self.summary.setObjectName("previewSummary")
        self.summary.setWordWrap(True)
        self.summary.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        lay.addWidget(self.summary)
        self.tree = ChangeRows()
        self.tree.setObjectName("previewChanges")
        self.tree.setAccessibleName(translate("MemoryPage", "What will change"))
        self.tree.ticks_changed.connect(lambda _n: self._say_ticked())
        lay.addWidget(self.tree, 1)
        #: The cards side by side (an option with :attr:`PreviewOption.panes`).
        self.panes = CardPanes(self.texts, [(p[0], p[1]) for o in self.options[:1] for p in o.panes])
        lay.addWidget(self.panes, 1)
        self.panes.setVisible(bool(self.panes.browsers))
        if self.panes.browsers:
            self.resize(fitted_size(parent))
        foot = QHBoxLayout()
        #: Why the action is off (walk55 #4: a Merge with nothing ticked adds nothing).
        self.action_note = QLabel()
        self.action_note.setObjectName("previewActionNote")
        set_tone(self.action_note, Tone.MUTED)
        foot.addWidget(self.action_note, 1)
        box = QDialogButtonBox()
        self.action_button = QPushButton()
        t.bind(self.action_button.setText, _maker(action))
        self.action_button.setObjectName("previewAction")
        box.addButton(self.action_button, QDialogButtonBox.ButtonRole.AcceptRole)
        cancel = box.addButton(QDialogButtonBox.StandardButton.Cancel)
        if cancel is not None and self.options and self.options[0].cancel is not None:
            t.bind(cancel.setText, _maker(self.options[0].cancel))
        self.cancel_button = cancel
        box.accepted.connect(self._accept)
        box.rejected.connect(self.reject)
        foot.addWidget(box)
        lay.addLayout(foot)
        self.radios.idClicked.connect(self.show_option)
        if self.radios.buttons():
            self.radios.buttons()[0].setChecked(True)
        self.show_option(0)

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        """A language switch re-says the change list (its group titles and notes; the
        ticks stay); :attr:`texts` re-says the title, heading and action."""
        super().changeEvent(event)
        if event.type() == QEvent.Type.LanguageChange and self._shown_key:
            self.tree.setAccessibleName(translate("MemoryPage", "What will change"))
            self.show_option(max(0, self.radios.checkedId()))

    def _say_default(self, primary: bool) -> None:
        """The shown option's default button (fix53b: Merge's Import, not Cancel): the
        action, accent-filled, when going ahead is the point; else Cancel."""
        self.action_button.setProperty("primary", primary)
        repolish(self.action_button)
        self.action_button.setDefault(primary)
        self.action_button.setAutoDefault(primary)
        if self.cancel_button is not None:
            self.cancel_button.setDefault(not primary)
            self.cancel_button.setAutoDefault(not primary)

    def current(self) -> PreviewOption:
        """The option shown (the checked radio button, or the only one)."""
        i = self.radios.checkedId()
        return self.options[i if i >= 0 else 0]

    def show_option(self, i: int) -> None:
        """Show option ``i``'s summary and changes."""
        opt = self.options[i]
        self._say_default(opt.primary)
        self._shown_key = opt.key
        self.summary.setText("\n".join(opt.shown_lines()))
        self.summary.setVisible(bool(self.summary.text()))  # no blank line under the heading
        self.warning.setText(_maker(opt.warning)() if opt.warning is not None else "")
        self.warning.setVisible(opt.warning is not None)
        self.tree.clear_rows()
        c = opt.changes
        if c is None or opt.panes:
            self.tree.hide()
            self._say_ticked()
            return
        self.tree.show()
        if opt.choices:
            self.tree.set_choices(opt.choices, self.ticks[opt.key], lambda ticked, n: fill(
                translate("MemoryPage", "From the file: ticked entries are added (%1 of %2)"),
                QLocale().toString(ticked), QLocale().toString(n)),
                                  translate("MemoryPage", "… and %1 more (new ones added, repeats left out)"))
        gone = RowGroup.FOLDED if opt.folds else RowGroup.REMOVED
        if opt.cards:  # each card as the timeline says it, its whole face the tooltip (walk56 #5)
            for kind, title, labels in ((RowGroup.ADDED, opt.titles[0], [] if opt.choices else c.added),
                                        (gone, opt.titles[1], c.removed)):
                if labels:
                    self.tree.add_group(kind, translate("MemoryPage", title), [card_row(t) for t in labels],
                                        [card_tip(t) for t in labels])
            if c.edited:
                self.tree.add_group(RowGroup.EDITED, translate("MemoryPage", opt.titles[2]),
                                    [card_edit_row(a, b) for a, b in c.edited], [card_tip(b) for _a, b in c.edited])
        groups: list[tuple[RowGroup, str, list[str]]] = [] if opt.cards else [
            (RowGroup.ADDED, opt.titles[0], [] if opt.choices else list(c.added)),
            (gone, opt.titles[1], list(c.removed)),
            (RowGroup.EDITED, opt.titles[2], [f"{short(a, 70)}  →  {short(b, 70)}" for a, b in c.edited])]
        for kind, title, rows in groups:
            if rows:
                self.tree.add_group(kind, translate("MemoryPage", title), rows)
        if c.empty and not opt.choices:
            self.tree.add_note(translate("MemoryPage", "No entry changes."))
        self._say_ticked()

    def _say_ticked(self) -> None:
        """The action on only when the shown option does something: a Merge with nothing
        ticked adds nothing, so Import is off and the line beside it says why (walk55 #4)."""
        opt = self.current()
        idle = bool(opt.choices) and not any(self.ticks[opt.key])
        note = ""
        if idle:
            note = (translate("MemoryPage", "Tick an entry to import it") if any(c.enabled for c in opt.choices)
                    else translate("MemoryPage", "Nothing to add: each of the file's entries is already in memory"))
        self.action_button.setEnabled(not idle)
        self.action_note.setText(note)
        self.action_note.setVisible(idle)

    def choice_items(self) -> list[QTreeWidgetItem]:
        """The checkable rows shown (tests, screenshots)."""
        return self.tree.choice_items()

    def rows(self, kind: RowGroup) -> list[str]:
        """The texts listed under ``kind`` (added / removed / edited / folded), unwrapped."""
        return self.tree.rows(kind)

    def _accept(self) -> None:
        self.chosen = self.current().key
        self.accept()


def ask(parent: QWidget | None, title: Said, heading: Said, options: Sequence[PreviewOption],
        action: Said, ticked: list[bool] | None = None) -> str | None:
    """Show the preview modally; the key of the option the user went ahead with, or
    None (Cancel / Esc). ``title``, ``heading`` and ``action`` are makers (re-said while
    the dialog is open) or fixed texts. ``ticked`` (when given) receives the chosen option's ticks, one
    per :attr:`PreviewOption.choices`."""
    dlg = ChangePreviewDialog(parent, title, heading, options, action)
    dlg.exec()
    if ticked is not None and dlg.chosen is not None:
        ticked[:] = dlg.ticks[dlg.chosen]
    return dlg.chosen
