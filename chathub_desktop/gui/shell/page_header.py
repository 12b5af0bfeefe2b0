"""The header of a window page that is not the chats page (issue 29): a Back button and
the page's title, as Settings and Search show them beside the rail."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QSize, Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QToolButton, QWidget

from chathub_desktop.gui.design.icons import Icon, icon
from chathub_desktop.gui.design.tokens import IconSize, Space
from chathub_desktop.gui.shell.i18n import Texts

__all__ = ["PageHeader"]


class PageHeader(QWidget):
    """``title`` after a Back button; ``back_requested`` when the button is clicked (the
    window also gives Esc to Back while the page is shown: ``PageShortcuts``). The Back
    button's texts follow the interface language (issue 27); the caller says the title."""

    back_requested = Signal()

    def __init__(self, title: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        row = QHBoxLayout(self)
        row.setContentsMargins(Space.LG, Space.MD, Space.LG, Space.MD)
        row.setSpacing(Space.MD)
        self.back_button = QToolButton(self)
        self.back_button.setObjectName("pageBack")
        self.back_button.setIcon(icon(Icon.BACK))
        self.back_button.setIconSize(QSize(IconSize.MD, IconSize.MD))
        self.back_button.setAutoRaise(True)
        self.texts = Texts(self)
        self.texts.bind(self.back_button.setAccessibleName,
                        lambda: QCoreApplication.translate("PageHeader", "Back to chats"))
        self.texts.bind(self.back_button.setToolTip,
                        lambda: QCoreApplication.translate("PageHeader", "Back to chats (Esc)"))
        self.back_button.clicked.connect(self.back_requested)
        self.title = QLabel(title, self)
        self.title.setObjectName("pageTitle")
        row.addWidget(self.back_button)
        row.addWidget(self.title, 1)
