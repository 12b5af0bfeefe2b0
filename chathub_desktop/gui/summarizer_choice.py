"""Says in plain words that no History Compress model can run, with a button that opens
Settings → System Agent (CMP-3, issue 28).

Compact now (status bar), the token popover and the dream panel use the same wording and
the same button; the button asks :class:`~chathub_desktop.gui.chat_events.ChatEvents`
(``summarizer_choice_requested``), which the main window answers by opening the page.
"""

from __future__ import annotations

from PySide6.QtWidgets import QPushButton, QWidget

from chathub_desktop.core.summarizer_problem import SummarizerProblem

#: The button's text (the same in every place).
CHOOSE_TEXT = "Choose History Compress model…"

_TEXT = {
    SummarizerProblem.EMPTY: "No History Compress model is chosen, so nothing can be summarized.",
    SummarizerProblem.NO_PROVIDER: (
        "None of your providers serves the History Compress model (the model that writes summaries)."),
}


def missing_text(problem: SummarizerProblem, model: str | None = None) -> str:
    """One line for ``problem``: what is wrong and where to fix it; ``model`` is the
    configured id when there is one (shown in quotes, never alone)."""
    line = _TEXT[problem]
    if model and problem is SummarizerProblem.NO_PROVIDER:
        line = line.removesuffix(".") + f": “{model}”."
    return f"{line} Choose one in Settings → System Agent."


def short_text(problem: SummarizerProblem, model: str | None = None) -> str:
    """A status-bar length form of :func:`missing_text` (the full line goes in its tooltip)."""
    if problem is SummarizerProblem.NO_PROVIDER and model:
        return f"Can't summarize: no provider serves “{model}”"
    return "Can't summarize: no History Compress model"


def choose_button(name: str, parent: QWidget | None = None) -> QPushButton:
    """A hidden "Choose History Compress model…" button named ``name`` (its owner shows it
    beside a :func:`missing_text` line and connects ``clicked``)."""
    b = QPushButton(CHOOSE_TEXT, parent)
    b.setObjectName(name)
    b.setToolTip("Open Settings → System Agent to pick the model that writes summaries")
    b.hide()
    return b
