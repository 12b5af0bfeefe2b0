"""The Proposals tab's keys as declared actions (DRM-8, issue 30 "Accept / Edit / Discard",
walk55b #10): Accept proposal (Ctrl+Enter), Edit proposal (Enter) and Discard proposal
(Del). The dream panel makes them with its tabs, so Help → Keyboard shortcuts lists them
under the page before the tab's section is built (it is built on the tab's first show);
the section then attaches them to its list, where they act only while the list has the
keyboard (as the entries' and the cards' Enter and Del do on their lists)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QWidget

from chathub_desktop.gui.shell.i18n import Texts

__all__ = ["ProposalKeys"]

translate = QCoreApplication.translate


class ProposalKeys:
    """The three actions of the Proposals list (DRM-8, walk55b #10), owned by ``owner``
    (the Proposals tab) and named in the interface language through ``texts``; their
    keys do nothing until :meth:`attach` gives them a list and what they do."""

    def __init__(self, owner: QWidget, texts: Texts) -> None:
        self.accept = self._action(owner, texts, lambda: translate("MemoryPage", "Accept proposal"),
                                   [QKeySequence("Ctrl+Return"), QKeySequence("Ctrl+Enter")])
        self.edit = self._action(owner, texts, lambda: translate("MemoryPage", "Edit proposal"),
                                 [QKeySequence("Return"), QKeySequence("Enter")])
        self.discard = self._action(owner, texts, lambda: translate("MemoryPage", "Discard proposal"),
                                    [QKeySequence(QKeySequence.StandardKey.Delete)])

    @staticmethod
    def _action(owner: QWidget, texts: Texts, name: Callable[[], str], keys: Sequence[QKeySequence]) -> QAction:
        action = QAction(owner)
        texts.bind(action.setText, name)
        action.setShortcuts(list(keys))
        action.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)  # the list's own keys, not the page's
        return action

    def attach(self, target: QWidget, *, accept: Callable[[], object], edit: Callable[[], object],
               discard: Callable[[], object]) -> None:
        """Make the keys act on ``target`` (the Proposals list) while it has the keyboard:
        ``accept``, ``edit`` and ``discard`` the selected proposal."""
        for action, slot in ((self.accept, accept), (self.edit, edit), (self.discard, discard)):
            action.triggered.connect(lambda _c=False, slot=slot: slot())
            target.addAction(action)
