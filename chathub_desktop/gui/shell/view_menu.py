"""The View menu of the window's app menu (issue 16; Settings → Appearance shows its choices too): theme, text size and the sidebar.

- Theme → Follow the system / Light / Dark (:mod:`chathub_desktop.gui.design.theme`).
- Text size → Smaller (Ctrl+-) / Default (Ctrl+0) / Larger (Ctrl+= or Ctrl++): the
  conversation and the composer's draft (walk29 #24; :class:`~chathub_desktop.gui.design.tokens.TextSize`).
- Desktop notifications (on by default; :mod:`chathub_desktop.gui.shell.notifications`).
- Send with Enter (Shift+Enter: new line) / Send with Ctrl+Enter (issue 29).
- Language → System / English / 简体中文 / 日本語 (issue 27; :mod:`chathub_desktop.gui.shell.i18n`),
  applied at once.
- Show sidebar (Ctrl+B). Below :data:`NARROW_PX` of window width the sidebar folds
  away by itself so the chat keeps its room, and comes back when the window is wide
  again; hiding it by hand while wide keeps it hidden.

The choices are kept in the window's ``QSettings`` (``view/…``). Every text is set
again by :meth:`ViewController.retranslate` when the language changes: the View menu
hears the change itself (a ``Texts`` of its own), never through the window, so a menu
deleted before its window is not touched (session 51).
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QSettings, Signal
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QApplication, QMainWindow, QMenu, QWidget

from chathub_desktop.core.ui_language import UiLanguage
from chathub_desktop.gui.chat.send_keys import SendKey
from chathub_desktop.gui.design.icons import Icon, icon
from chathub_desktop.gui.design.theme import ViewPrefs
from chathub_desktop.gui.design.tokens import TextSize, Theme
from chathub_desktop.gui.shell.i18n import QT_TRANSLATE_NOOP, LanguageSwitcher, Texts, fill

__all__ = ["NARROW_PX", "ViewController"]

#: Window width (px) below which the sidebar folds away.
NARROW_PX = 820
#: Show sidebar's key, said in its tooltip whatever page holds the key now (walk56 #2)
SIDEBAR_KEY = "Ctrl+B"
_CTX = "ViewMenu"
_THEME_LABELS = {Theme.SYSTEM: QT_TRANSLATE_NOOP("ViewMenu", "Follow the &system"),
                 Theme.LIGHT: QT_TRANSLATE_NOOP("ViewMenu", "&Light"), Theme.DARK: QT_TRANSLATE_NOOP("ViewMenu", "&Dark")}
_SEND_LABELS = {
    SendKey.ENTER: (QT_TRANSLATE_NOOP("ViewMenu", "Send with &Enter"),
                    QT_TRANSLATE_NOOP("ViewMenu", "Enter sends the message, Shift+Enter makes a new line")),
    SendKey.CTRL_ENTER: (QT_TRANSLATE_NOOP("ViewMenu", "Send with &Ctrl+Enter"),
                         QT_TRANSLATE_NOOP("ViewMenu", "Ctrl+Enter sends the message, Enter makes a new line"))}


def _tr(text: str) -> str:
    """``text`` (marked in context ``ViewMenu``) in the interface language."""
    return QCoreApplication.translate(_CTX, text)


class ViewController(QObject):
    """Builds the View menu (``menu``, for the caller to place in the app menu) and keeps
    the sidebar ``sidebar`` folded on narrow windows.
    ``send_key_changed(SendKey)`` fires when the user picks the other send key;
    ``language`` installs the interface language chosen under View → Language."""

    send_key_changed = Signal(object)

    def __init__(self, window: QMainWindow, sidebar: QWidget, settings: QSettings | None) -> None:
        super().__init__(window)
        self._window = window
        self._sidebar = sidebar
        app = QApplication.instance()
        assert isinstance(app, QApplication)
        self.prefs = ViewPrefs(app, settings)
        self.prefs.apply(hint=False)  # the hint after the first paint: MainWindow.attach()
        self.language = LanguageSwitcher(self, app, settings)
        self.language.apply()
        self.menu = QMenu(window)
        self.menu.setToolTipsVisible(True)
        self.theme_menu = self.menu.addMenu(icon(Icon.THEME), "")
        self.theme_group = QActionGroup(self)
        self.theme_actions: dict[Theme, QAction] = {}
        for name in _THEME_LABELS:
            a = QAction(self.theme_group)
            a.setCheckable(True)
            a.setChecked(name == self.prefs.theme)
            a.triggered.connect(lambda _on=False, n=name: self.prefs.set_theme(n))
            self.theme_menu.addAction(a)
            self.theme_actions[name] = a
        self.language_menu = self.menu.addMenu(icon(Icon.LANGUAGE), "")
        self.language_group = QActionGroup(self)
        self.language_actions: dict[UiLanguage, QAction] = {}
        for lang in UiLanguage:
            a = QAction(lang.native_name, self.language_group)
            a.setCheckable(True)
            a.setChecked(lang is self.language.choice)
            a.triggered.connect(lambda _on=False, chosen=lang: self.language.apply(chosen))
            self.language_menu.addAction(a)
            self.language_actions[lang] = a
        self.menu.addSeparator()
        self.send_key_group = QActionGroup(self)
        self.send_key_actions: dict[SendKey, QAction] = {}
        for key in _SEND_LABELS:
            a = QAction(self.send_key_group)
            a.setCheckable(True)
            a.setChecked(key is self.prefs.send_key)
            a.triggered.connect(lambda _on=False, k=key: self._set_send_key(k))
            self.menu.addAction(a)
            self.send_key_actions[key] = a
        self.menu.addSeparator()
        self.text_size_menu = self.menu.addMenu(icon(Icon.LARGER), "")
        self.text_size_group = QActionGroup(self)
        self.smaller_action = self._text_size(TextSize.SMALLER, [QKeySequence.StandardKey.ZoomOut])
        self.default_size_action = self._text_size(TextSize.DEFAULT, ["Ctrl+0"])
        self.larger_action = self._text_size(TextSize.LARGER, [QKeySequence.StandardKey.ZoomIn, "Ctrl+="])
        self.menu.addSeparator()
        self.sidebar_action = self._add(self._toggle_sidebar, [SIDEBAR_KEY])
        self.sidebar_action.setCheckable(True)
        self.sidebar_action.setChecked(True)
        self.menu.addSeparator()
        self.notifications_action = QAction(self._window)
        self.notifications_action.setCheckable(True)
        self.notifications_action.setChecked(self.prefs.notifications)
        self.notifications_action.toggled.connect(self.prefs.set_notifications)
        self.menu.addAction(self.notifications_action)
        self._hidden_by_hand = False
        self._narrow = False
        self.texts = Texts(self.menu)  # the menu's own language change re-says it, not the window's
        self.texts.call(self.retranslate)
        window.installEventFilter(self)

    def retranslate(self) -> None:
        """Set every text of the View menu in the interface language (at build and on
        each language change; the language names stay in their own script)."""
        self.menu.setTitle(QCoreApplication.translate("ViewMenu", "&View"))
        self.text_size_menu.setTitle(QCoreApplication.translate("ViewMenu", "Text si&ze"))
        self.theme_menu.setTitle(QCoreApplication.translate("ViewMenu", "&Theme"))
        self.language_menu.setTitle(QCoreApplication.translate("ViewMenu", "&Language"))
        self.language_actions[UiLanguage.SYSTEM].setText(QCoreApplication.translate("ViewMenu", "&System"))
        self.language_menu.setToolTip(QCoreApplication.translate(
            "ViewMenu", "The language of the window's text; what the model reads stays as it is"))
        for name, a in self.theme_actions.items():
            a.setText(_tr(_THEME_LABELS[name]))
        for key, a in self.send_key_actions.items():
            a.setText(_tr(_SEND_LABELS[key][0]))
            a.setToolTip(_tr(_SEND_LABELS[key][1]))
        texts = {
            self.larger_action: (QCoreApplication.translate("ViewMenu", "&Larger"),
                                 QCoreApplication.translate("ViewMenu", "Larger text in the conversation and the "
                                                                        "message box")),
            self.smaller_action: (QCoreApplication.translate("ViewMenu", "&Smaller"),
                                  QCoreApplication.translate("ViewMenu", "Smaller text in the conversation and the "
                                                                         "message box")),
            self.default_size_action: (QCoreApplication.translate("ViewMenu", "&Default"),
                                       QCoreApplication.translate("ViewMenu", "The conversation at the window's "
                                                                              "text size")),
            self.notifications_action: (
                QCoreApplication.translate("ViewMenu", "Desktop &notifications"),
                QCoreApplication.translate("ViewMenu", "Tell me when a reply finishes while the window is away, "
                                                       "and what a scheduled memory dream did")),
        }
        for a, (text, tip) in texts.items():
            a.setText(text)
            a.setToolTip(tip)
        keys = QKeySequence(SIDEBAR_KEY).toString(QKeySequence.SequenceFormat.NativeText)
        self.sidebar_action.setText(QCoreApplication.translate("ViewMenu", "Show side&bar"))
        self.sidebar_action.setToolTip(fill(QCoreApplication.translate(
            "ViewMenu", "Show or hide the assistants and topics (%1; folds away by itself "
                        "when the window is narrow)"), keys))

    def _text_size(self, size: TextSize, keys: list[QKeySequence.StandardKey | str]) -> QAction:
        """A checkable Text size entry with ``keys`` as its shortcuts."""
        a = self._add(lambda: self.prefs.set_text_size(size), keys, self.text_size_menu)
        a.setCheckable(True)
        a.setChecked(size is self.prefs.text_size)
        self.text_size_group.addAction(a)
        return a

    def _add(self, slot: object, keys: list[QKeySequence.StandardKey | str], menu: QMenu | None = None) -> QAction:
        a = QAction(self._window)
        shortcuts: list[QKeySequence] = []
        for k in keys:
            shortcuts += QKeySequence.keyBindings(k) if isinstance(k, QKeySequence.StandardKey) else [QKeySequence(k)]
        a.setShortcuts(list(dict.fromkeys(shortcuts)))
        a.triggered.connect(slot)
        self._window.addAction(a)
        (menu or self.menu).addAction(a)
        return a

    def _set_send_key(self, key: SendKey) -> None:
        self.prefs.set_send_key(key)
        self.send_key_changed.emit(key)

    def _toggle_sidebar(self) -> None:
        shown = self.sidebar_action.isChecked()
        self._sidebar.setVisible(shown)
        if not self._narrow:
            self._hidden_by_hand = not shown

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        """Fold or unfold the sidebar when the window crosses :data:`NARROW_PX`."""
        if obj is self._window and event.type() == QEvent.Type.Resize:
            narrow = self._window.width() < NARROW_PX
            if narrow != self._narrow:
                self._narrow = narrow
                shown = not narrow and not self._hidden_by_hand
                self._sidebar.setVisible(shown)
                self.sidebar_action.setChecked(shown)
        return False
