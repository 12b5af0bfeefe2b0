"""The first-start panel of the chat area (no assistant yet, issue 16, walkthrough F5):
what ChatHub is, the setup (Help → Setup…) as a button, and the manual way.

It shows after the store opened and no assistant exists; the window swaps it for the
message list once one does. Its texts are in the ``WelcomePanel`` translation context,
re-said on a language switch (issue 27).
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent
from PySide6.QtGui import QAction, QShowEvent
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from chathub_desktop.gui.chat.send_keys import SendKey
from chathub_desktop.gui.design.tokens import Space
from chathub_desktop.gui.shell.i18n import QT_TRANSLATE_NOOP, fill

__all__ = ["WelcomePanel", "welcome_html"]

#: The button's text; it runs Help → Setup….
SETUP_BUTTON_TEXT = QT_TRANSLATE_NOOP("WelcomePanel", "Start setup…")


def welcome_html(key: SendKey) -> str:
    """The first-start text (no assistant yet), naming Help → Setup… and the key that
    sends (issue 29), in the interface language."""
    translate = QCoreApplication.translate
    return fill("""
<div align="center">
<h2>%1</h2>
<p>%2</p>
<p>%3</p>
<p>%4</p>
</div>
""", translate("WelcomePanel", "Welcome to ChatHub Desktop"),
        translate("WelcomePanel", "Chat with your own API keys, keep every conversation on this computer."),
        translate("WelcomePanel", "<b>⋯ → Help → Setup…</b> (bottom left) adds a provider and an assistant in four short "
                           "steps."),
        fill(translate("WelcomePanel", "Or on your own: <b>Settings → Providers…</b> (Ctrl+,), then <b>Assistant → New…</b>; "
                                "type below and press <b>%1</b>.<br>Your history: <b>File → Import → Chat history "
                                "export…</b> (Ctrl+I: ChatGPT, Claude, Open WebUI, LibreChat)."), key.label))


class WelcomePanel(QFrame):
    """The welcome text with a button that triggers ``setup`` (the Help → Setup…
    action); the button follows the action's enabled state. Built before the window's
    first paint, so it names no ``Qt`` enum (PySide6 builds that namespace in ~20 ms)."""

    def __init__(self, setup: QAction, key: SendKey = SendKey.ENTER, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("welcomePanel")  # a QFrame: the sheet paints its surface
        self._key = key
        self._setup = setup
        # its rich text is laid out when the panel first shows (issue 29: ~2 ms a setting,
        # twice before the window's first paint, for a panel a returning user never sees)
        self._stale = True
        self.label = QLabel()  # centred by its HTML
        self.label.setObjectName("welcome")
        self.label.setWordWrap(True)
        self.setup_button = QPushButton(QCoreApplication.translate("WelcomePanel", SETUP_BUTTON_TEXT))
        self.setup_button.setObjectName("welcomeSetup")
        self.setup_button.setDefault(True)
        self.setup_button.setToolTip(setup.toolTip())
        self.setup_button.setEnabled(setup.isEnabled())
        self.setup_button.clicked.connect(setup.trigger)
        setup.enabledChanged.connect(self.setup_button.setEnabled)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(Space.HUGE, Space.HUGE, Space.HUGE, Space.HUGE)
        lay.setSpacing(Space.XL)
        lay.addStretch(1)
        lay.addWidget(self.label)
        row = QHBoxLayout()
        row.addStretch(1)
        row.addWidget(self.setup_button)
        row.addStretch(1)
        lay.addLayout(row)
        lay.addStretch(1)

    def text(self) -> str:
        """The welcome's HTML."""
        self._say()
        return self.label.text()

    def set_send_key(self, key: SendKey) -> None:
        """Name ``key`` as the key that sends."""
        self._key = key
        self._stale = True
        if self.isVisible():
            self._say()

    def _say(self) -> None:
        """Set the welcome's text when it changed since it was last set."""
        if self._stale:
            self._stale = False
            self.label.setText(welcome_html(self._key))

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 - Qt override
        """The text, before the panel's first paint."""
        self._say()
        super().showEvent(event)

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        """A language switch says the welcome and its button again (the window re-says
        the setup action's tooltip first)."""
        super().changeEvent(event)
        if event.type() == QEvent.Type.LanguageChange:
            self._stale = True
            if self.isVisible():
                self._say()
            self.setup_button.setText(QCoreApplication.translate("WelcomePanel", SETUP_BUTTON_TEXT))
            self.setup_button.setToolTip(self._setup.toolTip())
