"""Says in plain words that no History Compress model can run, with a button that opens
Settings → System Agent (CMP-3, issue 28).

Compact now (status bar), the token popover and the dream panel use the same wording and
the same button, in the interface language (issue 27: the typed reason is put into
words here, at the window's edge); the button asks :class:`~chathub_desktop.gui.shell.chat_events.ChatEvents`
(``summarizer_choice_requested``), which the main window answers by opening the page.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QPushButton, QWidget

from chathub_desktop.core.summarizer_problem import SummarizerProblem
from chathub_desktop.gui.shell.i18n import QT_TRANSLATE_NOOP, Texts, fill

#: The button's text (the same in every place; a ``SummarizerChoice`` source).
CHOOSE_TEXT = QT_TRANSLATE_NOOP("SummarizerChoice", "Choose History Compress model…")
translate = QCoreApplication.translate


def missing_text(problem: SummarizerProblem, model: str | None = None) -> str:
    """One line for ``problem``: what is wrong and where to fix it; ``model`` is the
    configured id when there is one (shown in quotes, never alone)."""
    if problem is SummarizerProblem.EMPTY:
        return translate("SummarizerChoice", "No History Compress model is chosen, so nothing can be summarized. "
                                             "Choose one in Settings → System Agent.")
    if model:
        return fill(translate("SummarizerChoice", "None of your providers serves the History Compress model (the "
                                                  "model that writes summaries): “%1”. Choose one in Settings → "
                                                  "System Agent."), model)
    return translate("SummarizerChoice", "None of your providers serves the History Compress model (the model that "
                                         "writes summaries). Choose one in Settings → System Agent.")


def short_text(problem: SummarizerProblem, model: str | None = None) -> str:
    """A status-bar length form of :func:`missing_text` (the full line goes in its tooltip)."""
    if problem is SummarizerProblem.NO_PROVIDER and model:
        return fill(translate("SummarizerChoice", "Can't summarize: no provider serves “%1”"), model)
    return translate("SummarizerChoice", "Can't summarize: no History Compress model")


def choose_button(name: str, parent: QWidget | None = None) -> QPushButton:
    """A hidden "Choose History Compress model…" button named ``name`` (its owner shows it
    beside a :func:`missing_text` line and connects ``clicked``)."""
    b = QPushButton(parent)
    b.setObjectName(name)
    texts = Texts(b)
    texts.bind(b.setText, lambda: translate("SummarizerChoice", CHOOSE_TEXT))
    texts.bind(b.setToolTip, lambda: translate(
        "SummarizerChoice", "Open Settings → System Agent to pick the model that writes summaries"))
    b.hide()
    return b
