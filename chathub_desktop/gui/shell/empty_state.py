"""An empty list's stand-in (walk29 #10, walk36 #11): what the page is for and what to do,
in place of a bare grid of column headers — an icon, a short title, one muted line, a
primary button that adds the first entry and, optionally, a secondary button (an import,
or "Learn more", which unfolds a longer explanation in place). Given a translation
``context``, its texts are that context's sources, shown translated and re-said on a
language switch (issue 27)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from chathub_desktop.gui.design import Tone, repolish, set_tone
from chathub_desktop.gui.design.icons import GlyphLabel, Icon
from chathub_desktop.gui.design.tokens import IconSize, Space
from chathub_desktop.gui.shell.i18n import QT_TRANSLATE_NOOP, Texts

__all__ = ["LEARN_MORE", "EmptyState", "make_primary"]

#: The secondary button's text when it unfolds ``details``.
LEARN_MORE = QT_TRANSLATE_NOOP("EmptyState", "Learn more")

#: The widest the text of an empty state runs (px), so its lines stay readable.
TEXT_WIDTH = 520


def make_primary(button: QPushButton) -> QPushButton:
    """Give ``button`` the page's primary look (accent-filled: the stylesheet's
    ``[primary="true"]`` rule); returns it."""
    button.setProperty("primary", True)
    repolish(button)
    return button


class EmptyState(QWidget):
    """``glyph`` (large, optional) over ``title`` (optional, the page title style) and
    ``text`` (muted, wrapped), then a primary button labelled ``action`` (:attr:`button`;
    hidden while ``action`` is "", until :meth:`set_action`) and, with ``secondary``, a plain button beside it (:attr:`secondary`). With
    ``details`` and no ``secondary``, the secondary button is :data:`LEARN_MORE` and
    unfolds ``details`` (:attr:`details`) in place. Widgets are named from ``name`` for
    tests and the audit (``NAMEText``, ``NAMEButton``, ``NAMESecondary``, ``NAMEDetails``).
    With ``context`` (a translation context), every text is a source marked there
    (``QT_TRANSLATE_NOOP``), shown in the interface language and re-said on a switch;
    without it, texts are shown as given."""

    def __init__(self, text: str, action: str, name: str, parent: QWidget | None = None, *,
                 glyph: Icon | None = None, title: str = "", secondary: str = "", details: str = "",
                 context: str = "") -> None:
        super().__init__(parent)
        self.setObjectName(name)
        self._context = context
        self.texts = Texts(self)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(Space.XL, Space.XXL, Space.XL, Space.XXL)
        middle = QHBoxLayout()
        body = QWidget()  # a centred column: wrapped lines get the height their width needs
        body.setMaximumWidth(TEXT_WIDTH)
        middle.addStretch(1)
        middle.addWidget(body, 100)
        middle.addStretch(1)
        outer.addStretch(1)
        outer.addLayout(middle)
        outer.addStretch(2)
        lay = QVBoxLayout(body)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(Space.MD)
        self.glyph: GlyphLabel | None = None
        if glyph is not None:
            self.glyph = GlyphLabel(glyph, IconSize.GREETING)
            self.glyph.setObjectName(f"{name}Glyph")
            self.glyph.setAlignment(Qt.AlignmentFlag.AlignHCenter)
            lay.addWidget(self.glyph)
        self.title: QLabel | None = None
        if title:
            self.title = QLabel()
            self._say(self.title.setText, title)
            self.title.setObjectName("pageTitle")
            self.title.setAlignment(Qt.AlignmentFlag.AlignHCenter)
            lay.addWidget(self.title)
        self.label = self._text(text, f"{name}Text")
        lay.addWidget(self.label)
        self.details: QLabel | None = None
        if details:
            self.details = self._text(details, f"{name}Details")
            self.details.hide()
            lay.addWidget(self.details)
        row = QHBoxLayout()
        row.setSpacing(Space.MD)
        row.addStretch(1)
        self.button = make_primary(QPushButton())
        self._say(self.button.setText, action)
        self.button.setObjectName(f"{name}Button")
        if not action:
            # hidden until set_action; never shown while it has no parent: a widget shown
            # without one opens as a window, and the window lost the keyboard to it (look50:
            # Settings from the rail flashed two, leaving nothing focused)
            self.button.hide()
        row.addWidget(self.button)
        self.secondary: QPushButton | None = None
        if secondary or details:
            self.secondary = QPushButton()
            if secondary:
                self._say(self.secondary.setText, secondary)
            else:
                self.texts.bind(self.secondary.setText, lambda: QCoreApplication.translate("EmptyState", LEARN_MORE))
            self.secondary.setObjectName(f"{name}Secondary")
            if not secondary:
                self.secondary.setCheckable(True)
                self.secondary.toggled.connect(self._unfold)
            row.addWidget(self.secondary)
        row.addStretch(1)
        lay.addSpacing(Space.XS)
        lay.addLayout(row)

    def _say(self, setter: Callable[[str], object], text: str) -> None:
        """Show ``text`` through ``setter``: translated in the page's context when it has one."""
        if self._context:
            context = self._context
            self.texts.bind(setter, lambda: QCoreApplication.translate(context, text))
        else:
            setter(text)

    def set_text(self, text: str) -> None:
        """Say ``text`` (a source of the page's context, when it has one) as the muted line."""
        self._say(self.label.setText, text)

    def set_title(self, title: str) -> None:
        """Say ``title`` (a source of the page's context, when it has one) as the title;
        the state must have been built with one."""
        if self.title is not None:
            self._say(self.title.setText, title)

    def set_action(self, action: str) -> None:
        """Label the primary button ``action`` (a source of the page's context, when it
        has one), or hide it (``""``)."""
        if action:
            self._say(self.button.setText, action)
        self.button.setVisible(bool(action))

    def _text(self, text: str, name: str) -> QLabel:
        label = QLabel()
        self._say(label.setText, text)
        label.setObjectName(name)
        label.setWordWrap(True)
        label.setAlignment(Qt.AlignmentFlag.AlignHCenter)
        set_tone(label, Tone.MUTED)
        return label

    def _unfold(self, shown: bool) -> None:
        if self.details is not None:
            self.details.setVisible(shown)
