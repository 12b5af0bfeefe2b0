"""The window's error bar (issue 28): a bug anywhere (a slot, a task, the loop) shows
here as one line — what failed and the exception — with **Details…** (the traceback in
a non-modal dialog) and a close button. It never blocks the window; a newer error
replaces the line, and the count of earlier ones shows beside it.

Routing to it is :class:`~chathub_desktop.gui.shell.error_presenter.UnhandledErrors`' job.
The same bar shows a failed run that can be tried again (the dream panel, walkthrough
F2): then it has **Retry** too, and its Details say what failed instead of "a bug".
"""

from __future__ import annotations

import html
from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, QEvent, QPointF, QRectF
from PySide6.QtGui import (
    QFontDatabase,
    QGuiApplication,
    QPainter,
    QPaintEvent,
    QPalette,
    QPen,
    QTextOption,
)
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFrame,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from chathub_desktop.gui.design.icons import Icon, icon
from chathub_desktop.gui.design.palette import error_color
from chathub_desktop.gui.shell.i18n import QT_TRANSLATE_NOOP, Texts

RADIUS = 6.0  # px, corner radius of the bar
EDGE = 4.0  # px, width of its red left edge
#: Characters of the one-line reason before it is cut with "…".
MAX_LINE_CHARS = 240
#: The Details dialog's line under the summary for an unexpected error.
BUG_HINT = QT_TRANSLATE_NOOP("ErrorBar", "This is a bug in ChatHub Desktop. The same text is in chathub.log in the data "
                                         "folder.")
#: The bar's line for a bug, without and with what was being done (walk49 #8: never the
#: exception's repr; that is in Details…), filled by ``error_presenter.bug_line``.
SOMETHING_WRONG = QT_TRANSLATE_NOOP("ErrorBar", "Something went wrong.")
SOMETHING_WRONG_IN = QT_TRANSLATE_NOOP("ErrorBar", "Something went wrong (%1).")
#: The target of the line's one link (its action is the error's own, not the href).
LINK_HREF = "chathub-error-bar:link"


def one_line(text: str, limit: int = MAX_LINE_CHARS) -> str:
    """``text``'s first non-empty line, cut to ``limit`` characters."""
    first = next((line.strip() for line in text.splitlines() if line.strip()), "")
    return first if len(first) <= limit else first[: limit - 1] + "…"


def said_now(text: str | Callable[[], str]) -> str:
    """``text``, or what its builder says in the interface language now."""
    return text() if callable(text) else text


class ErrorDetailsDialog(QDialog):
    """The details (a traceback) of one error, read-only and selectable, in monospace
    wrapped at the dialog's width (walk51 #7: a long path ran off its right edge), with
    **Copy details** (all of it to the clipboard) and Close (non-modal); ``hint`` is the
    line under the summary."""

    def __init__(self, summary: str, details: str, parent: QWidget | None = None, *, hint: str = BUG_HINT) -> None:
        super().__init__(parent)
        self.setObjectName("errorDetails")
        self._summary = summary
        self.texts = t = Texts(self)  # re-said while open (issue 27)
        t.bind(self.setWindowTitle, lambda: QCoreApplication.translate("ErrorBar", "Error details"))
        self.resize(720, 420)
        layout = QVBoxLayout(self)
        head = QLabel(summary)
        head.setWordWrap(True)
        layout.addWidget(head)
        note = QLabel()
        t.bind(note.setText, lambda: QCoreApplication.translate("ErrorBar", hint))
        note.setWordWrap(True)
        layout.addWidget(note)
        self.text = QPlainTextEdit(details)
        self.text.setObjectName("errorTraceback")
        self.text.setReadOnly(True)
        self.text.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.text.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        # a path or a long name has no space to break at: broken anywhere then
        self.text.setWordWrapMode(QTextOption.WrapMode.WrapAtWordBoundaryOrAnywhere)
        layout.addWidget(self.text, 1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.copy_button = buttons.addButton("", QDialogButtonBox.ButtonRole.ActionRole)
        self.copy_button.setIcon(icon(Icon.COPY))
        t.bind(self.copy_button.setText, lambda: QCoreApplication.translate("ErrorBar", "Copy details"))
        self.copy_button.clicked.connect(self.copy)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)

    def copy(self) -> None:
        """Put the summary and the whole traceback on the clipboard (as written)."""
        QGuiApplication.clipboard().setText(f"{self._summary}\n\n{self.text.toPlainText()}")


class ErrorBar(QFrame):
    """One line for the latest error, **Details…** and ×; hidden when empty.

    ``summary`` and ``details`` (the traceback) of the error shown are kept for
    :meth:`open_details`; ``count`` counts errors since the bar was last closed.
    ``hint``: the Details dialog's line under the summary (default: it is a bug);
    ``name``: the object name; ``max_chars``: the line's length before it is cut with "…"
    (it wraps up to that). An error shown with a ``retry`` has a **Retry** button, which
    hides the bar and calls it."""

    def __init__(self, parent: QWidget | None = None, *, hint: str = BUG_HINT, name: str = "errorBar",
                 max_chars: int = MAX_LINE_CHARS) -> None:
        super().__init__(parent)
        self.setObjectName(name)
        self.summary = ""
        self.details = ""
        self.count = 0
        self._hint = hint
        self._max_chars = max_chars
        self._shown_hint = hint  # the Details line of the error shown
        self._retry: Callable[[], object] | None = None
        self._link: tuple[str | Callable[[], str], Callable[[], object]] | None = None
        # the error's words as said now: built again after a language switch (memlang54)
        self._say: tuple[str | Callable[[], str], str | Callable[[], str]] = ("", "")
        self._dialog: ErrorDetailsDialog | None = None
        layout = QHBoxLayout(self)
        layout.setContentsMargins(int(EDGE) + 10, 4, 6, 4)
        self.label = QLabel()
        self.label.setObjectName("errorBarText")
        self.label.setWordWrap(True)
        self.label.linkActivated.connect(self._follow_link)
        layout.addWidget(self.label, 1)
        self.retry_button = QPushButton()
        self.retry_button.setObjectName(f"{name}Retry")
        self.retry_button.clicked.connect(self.retry)
        self.retry_button.hide()
        layout.addWidget(self.retry_button)
        self.details_button = QPushButton()
        self.details_button.setObjectName(f"{name}Details")
        self.details_button.clicked.connect(self.open_details)
        layout.addWidget(self.details_button)
        self.close_button = QToolButton()
        self.close_button.setObjectName(f"{name}Close")
        self.close_button.setText("×")
        self.close_button.clicked.connect(self.dismiss)
        layout.addWidget(self.close_button)
        self.retranslate()
        self.hide()

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        """Re-set the texts when the interface language changes (issue 27)."""
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def retranslate(self) -> None:
        """Set the bar's texts in the interface language; the error shown is said again
        when it was given as builders (memlang54), else it keeps its words."""
        translate = QCoreApplication.translate
        self.label.setAccessibleName(translate("ErrorBar", "Error"))
        self.retry_button.setText(translate("ErrorBar", "Retry"))
        self.retry_button.setToolTip(translate("ErrorBar", "Try it again now"))
        self.details_button.setText(translate("ErrorBar", "Details…"))
        self.details_button.setToolTip(translate("ErrorBar", "Show the traceback of this error")
                                       if self._shown_hint == BUG_HINT
                                       else translate("ErrorBar", "Show what failed and why"))
        self.close_button.setAccessibleName(translate("ErrorBar", "Dismiss error"))
        self.close_button.setToolTip(translate("ErrorBar", "Hide this error"))
        if self.count:
            self.summary = one_line(said_now(self._say[0]), self._max_chars)
            self.details = said_now(self._say[1])
            self._show_summary()

    def paintEvent(self, _event: QPaintEvent) -> None:  # noqa: N802 - Qt override
        """A rounded panel in the palette's AlternateBase with an error-red edge; the
        colours are read at paint time, so a theme switch needs nothing else."""
        pal = self.palette()
        red = error_color(pal)
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        box = QRectF(self.rect()).adjusted(0.5, 0.5, -0.5, -0.5)
        painter.setPen(QPen(red, 1))
        painter.setBrush(pal.color(QPalette.ColorRole.AlternateBase))
        painter.drawRoundedRect(box, RADIUS, RADIUS)
        painter.setPen(QPen(red, EDGE))
        painter.drawLine(QPointF(box.left() + EDGE / 2, box.top() + RADIUS),
                         QPointF(box.left() + EDGE / 2, box.bottom() - RADIUS))
        painter.end()

    def show_error(self, summary: str | Callable[[], str], details: str | Callable[[], str],
                   retry: Callable[[], object] | None = None, *, hint: str | None = None,
                   link: tuple[str | Callable[[], str], Callable[[], object]] | None = None) -> None:
        """Show ``summary`` (its first line, cut at ``max_chars``) and keep ``details`` for Details…; with
        ``retry``, a Retry button calls it. ``hint`` (a ``QT_TRANSLATE_NOOP("ErrorBar", …)``
        text): this error's Details line instead of the bar's own (not a bug: a tool
        server that did not start, issue 25). ``link``: (words of ``summary``, action) —
        the first place those words appear is a link that calls the action (memerr54).
        Given as builders (``lambda: translate(…)``), ``summary``, ``details`` and the
        link's words are said again after a language switch (memlang54: the Memory page's
        failure line stayed English in 简体中文); plain strings keep their words."""
        self.count += 1
        self._retry = retry
        self._link = link
        self._shown_hint = hint or self._hint
        self.retry_button.setVisible(retry is not None)
        self._say = (summary, details)
        self.retranslate()  # says the error, and the Details tooltip follows the hint
        self.show()

    def _show_summary(self) -> None:
        from PySide6.QtCore import (
            Qt,  # not at import: the bar is made before the first paint (test_startup)
        )

        n = self.count - 1  # a plain name: lupdate cannot read an expression as the plural's n
        earlier = QCoreApplication.translate("ErrorBar", " (%n earlier)", None, n)
        line = self.summary + (earlier if self.count > 1 else "")
        words = html.escape(said_now(self._link[0]), quote=False) if self._link is not None else ""
        shown = html.escape(line, quote=False)
        linked = bool(words) and words in shown
        self.label.setTextFormat(Qt.TextFormat.RichText if linked else Qt.TextFormat.PlainText)
        # the palette's link colour, read at paint time: right in both themes and after a switch
        self.label.setText(shown.replace(words, f'<a href="{LINK_HREF}">{words}</a>', 1) if linked else line)
        self.label.setTextInteractionFlags(Qt.TextInteractionFlag.TextBrowserInteraction if linked
                                           else Qt.TextInteractionFlag.LinksAccessibleByMouse)  # QLabel's default
        self.label.setToolTip(self.summary)

    def _follow_link(self, _href: str) -> None:
        if self._link is not None:
            self._link[1]()

    def open_details(self) -> ErrorDetailsDialog:
        """Open the traceback of the error shown, non-modal (a second click reuses it)."""
        if self._dialog is not None:
            self._dialog.close()
            self._dialog.deleteLater()
        self._dialog = ErrorDetailsDialog(self.summary, self.details, self.window(), hint=self._shown_hint)
        self._dialog.show()
        return self._dialog

    def retry(self) -> None:
        """Retry: hide the bar, then call the error's ``retry`` (nothing without one)."""
        again = self._retry
        self.dismiss()
        if again is not None:
            again()

    def dismiss(self) -> None:
        """Hide the bar and forget the count and the retry."""
        self.count = 0
        self._retry = None
        self._link = None
        self._say = ("", "")
        self.retry_button.hide()
        self.hide()
