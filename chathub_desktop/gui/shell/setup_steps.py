"""The setup wizard's frame (walk36 #9): the numbered step indicator every page starts
with, the page header, and the centred column a page's content sits in, so a short page
reads as one block in the middle rather than a few lines in a corner. Texts are in the
``SetupWizard`` translation context and re-said on a language switch (issue 27)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QHBoxLayout, QLabel, QVBoxLayout, QWidget

from chathub_desktop.gui.design import Space, Tone, repolish, set_tone
from chathub_desktop.gui.shell.i18n import QT_TRANSLATE_NOOP, Texts, fill

__all__ = ["STEPS", "StepIndicator", "column", "page_header"]

#: The wizard's steps, in order, as the indicator names them.
STEPS: tuple[str, ...] = (QT_TRANSLATE_NOOP("SetupWizard", "Welcome"), QT_TRANSLATE_NOOP("SetupWizard", "Provider"),
                          QT_TRANSLATE_NOOP("SetupWizard", "Assistant"), QT_TRANSLATE_NOOP("SetupWizard", "Summaries"),
                          QT_TRANSLATE_NOOP("SetupWizard", "History"))


def _tr(text: str) -> str:
    return QCoreApplication.translate("SetupWizard", text)

#: The widest a page's content column grows (px); wider windows keep it centred.
COLUMN_WIDTH = 620


class StepIndicator(QWidget):
    """``1 Welcome › 2 Provider › …`` with step ``current`` (0-based) marked: its number
    in an accent disc and its name in bold; steps before it read as done. Each number is a
    ``QLabel#setupStepNumber`` and each name a ``QLabel#setupStepName`` whose ``step``
    property is ``done``, ``current`` or ``todo`` (the stylesheet's rules). ``steps`` are
    source texts of the ``SetupWizard`` context, shown translated."""

    def __init__(self, current: int, steps: Sequence[str] = STEPS, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("setupSteps")
        self.current = current
        self.texts = Texts(self)
        self.texts.bind(self.setAccessibleName, lambda: fill(QCoreApplication.translate(
            "SetupWizard", "Step %1 of %2: %3"), str(current + 1), str(len(steps)), _tr(steps[current])))
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, Space.LG)
        row.setSpacing(Space.XS)
        row.addStretch(1)
        self.names: list[QLabel] = []
        for i, name in enumerate(steps):
            state = "current" if i == current else "done" if i < current else "todo"
            number = QLabel(str(i + 1))
            number.setObjectName("setupStepNumber")
            number.setAlignment(Qt.AlignmentFlag.AlignCenter)
            number.setFixedSize(Space.XL + Space.SM, Space.XL + Space.SM)
            text = QLabel()
            self.texts.bind(text.setText, partial(_tr, name))
            text.setObjectName("setupStepName")
            for label in (number, text):
                label.setProperty("step", state)
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
    texts.bind(head.setText, lambda: _tr(title))
    head.setObjectName("pageTitle")
    head.setWordWrap(True)
    lay.addWidget(head)
    sub = QLabel()
    texts.bind(sub.setText, lambda: _tr(subtitle))
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
