"""Help beside fields (APP-6): the one-line note that replaced the ``?`` button in
Settings and the provider form (walk29 #14), whose full text stays reachable as its
tooltip and, when long, behind a small "More" link."""

from __future__ import annotations

import html

from PySide6.QtCore import QCoreApplication, QPoint, QSize, Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QLabel, QSizePolicy, QToolTip, QWidget

from chathub_desktop.gui.design import Tone, TypeScale, set_text_size, set_tone

__all__ = ["MORE_AFTER", "FieldNote", "field_note", "note_more", "note_text"]

#: A note's full text longer than this many characters (tags included) gets a "More" link.
MORE_AFTER = 160


def note_more(label: QLabel, short: str, full: str, *, more: bool = True) -> QLabel:
    """Make ``label`` a field note: ``short`` (plain text, one line where it fits) in the
    muted caption style, ``full`` (rich text) as its tooltip and accessible description;
    a ``full`` longer than :data:`MORE_AFTER` adds a "More" link that shows it (APP-6)
    unless ``more`` is False (the tooltip alone). Returns ``label``; :func:`note_text`
    says it again (in another language)."""
    label.setWordWrap(True)
    set_tone(label, Tone.MUTED)
    set_text_size(label, TypeScale.CAPTION)
    # the link shows the note's full text as it is then (a language switch re-says it)
    label.linkActivated.connect(
        lambda _href: QToolTip.showText(label.mapToGlobal(QPoint(0, label.height())), label.toolTip(), label))
    return note_text(label, short, full, more=more)


def note_text(label: QLabel, short: str, full: str, *, more: bool = True) -> QLabel:
    """Set a field note's texts (see :func:`note_more`), e.g. after a language switch
    (issue 27); "More" is translated in the ``FieldNote`` context. Returns ``label``."""
    label.setToolTip(full)
    label.setAccessibleDescription(full)
    if more and len(full) > MORE_AFTER:
        label.setTextFormat(Qt.TextFormat.RichText)
        more_word = QCoreApplication.translate("FieldNote", "More")
        label.setText(f'{html.escape(short)} <a href="#more">{more_word}</a>')
        label.setTextInteractionFlags(Qt.TextInteractionFlag.LinksAccessibleByMouse
                                      | Qt.TextInteractionFlag.LinksAccessibleByKeyboard)
    else:
        label.setTextFormat(Qt.TextFormat.PlainText)
        label.setText(short)
    return label


class FieldNote(QLabel):
    """A wrapped label whose height hint is its height at the width it was given, so a
    form does not reserve the taller hint a narrow guess gives (walk29 #14: gaps around
    the notes)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._fitted = -1
        # the field's width in a form (ExpandingFieldsGrow keeps a Preferred label narrow)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt override
        """The usual hint, with the height for the current width once laid out."""
        hint = super().sizeHint()
        if self.width() > 0 and self.wordWrap():
            return QSize(hint.width(), self.heightForWidth(self.width()))
        return hint

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt override
        """Re-announce the hint when the wrapped height changes with the width."""
        super().resizeEvent(event)
        fitted = self.heightForWidth(self.width())
        if fitted != self._fitted:
            self._fitted = fitted
            self.updateGeometry()


def field_note(short: str, full: str, name: str, *, more: bool = True) -> QLabel:
    """A new field note named ``name`` (see :func:`note_more`)."""
    label = FieldNote()
    label.setObjectName(name)
    return note_more(label, short, full, more=more)
