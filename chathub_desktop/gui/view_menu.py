"""The View menu of the window's app menu (issue 16; Settings → Appearance shows its choices too): theme, text size and the sidebar.

- Theme → Follow the system / Light / Dark (:mod:`chathub_desktop.gui.design.theme`).
- Larger text (Ctrl++), Smaller text (Ctrl+-), Default text size (Ctrl+0).
- Desktop notifications (on by default; :mod:`chathub_desktop.gui.notifications`).
- Send with Enter (Shift+Enter: new line) / Send with Ctrl+Enter (issue 29).
- Show sidebar (Ctrl+B). Below :data:`NARROW_PX` of window width the sidebar folds
  away by itself so the chat keeps its room, and comes back when the window is wide
  again; hiding it by hand while wide keeps it hidden.

The choices are kept in the window's ``QSettings`` (``view/…``).
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QSettings, Signal
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QApplication, QMainWindow, QMenu, QWidget

from chathub_desktop.gui.design.icons import Icon, icon
from chathub_desktop.gui.design.theme import ViewPrefs
from chathub_desktop.gui.send_keys import SendKey

__all__ = ["NARROW_PX", "ViewController"]

#: Window width (px) below which the sidebar folds away.
NARROW_PX = 820
_THEME_LABELS = {"system": "Follow the &system", "light": "&Light", "dark": "&Dark"}
_SEND_LABELS = {SendKey.ENTER: ("Send with &Enter", "Enter sends the message, Shift+Enter makes a new line"),
                SendKey.CTRL_ENTER: ("Send with &Ctrl+Enter", "Ctrl+Enter sends the message, Enter makes a new line")}


class ViewController(QObject):
    """Builds the View menu (``menu``, for the caller to place in the app menu) and keeps
    the sidebar ``sidebar`` folded on narrow windows.
    ``send_key_changed(SendKey)`` fires when the user picks the other send key."""

    send_key_changed = Signal(object)

    def __init__(self, window: QMainWindow, sidebar: QWidget, settings: QSettings | None) -> None:
        super().__init__(window)
        self._window = window
        self._sidebar = sidebar
        app = QApplication.instance()
        assert isinstance(app, QApplication)
        self.prefs = ViewPrefs(app, settings)
        self.prefs.apply(hint=False)  # the hint after the first paint: MainWindow.attach()
        self.menu = QMenu("&View", window)
        self.menu.setToolTipsVisible(True)
        theme_menu = self.menu.addMenu(icon(Icon.THEME), "&Theme")
        self.theme_group = QActionGroup(self)
        self.theme_actions: dict[str, QAction] = {}
        for name, label in _THEME_LABELS.items():
            a = QAction(label, self.theme_group)
            a.setCheckable(True)
            a.setChecked(name == self.prefs.theme)
            a.triggered.connect(lambda _on=False, n=name: self.prefs.set_theme(n))
            theme_menu.addAction(a)
            self.theme_actions[name] = a
        self.menu.addSeparator()
        self.send_key_group = QActionGroup(self)
        self.send_key_actions: dict[SendKey, QAction] = {}
        for key, (label, tip) in _SEND_LABELS.items():
            a = QAction(label, self.send_key_group)
            a.setCheckable(True)
            a.setChecked(key is self.prefs.send_key)
            a.setToolTip(tip)
            a.triggered.connect(lambda _on=False, k=key: self._set_send_key(k))
            self.menu.addAction(a)
            self.send_key_actions[key] = a
        self.menu.addSeparator()
        self.larger_action = self._add("&Larger text", lambda: self.prefs.step_font(+1),
                                       [QKeySequence.StandardKey.ZoomIn, "Ctrl+="],
                                       "Make all text one point larger")
        self.smaller_action = self._add("&Smaller text", lambda: self.prefs.step_font(-1),
                                        [QKeySequence.StandardKey.ZoomOut],
                                        "Make all text one point smaller")
        self.default_size_action = self._add("&Default text size", lambda: self.prefs.set_font_size(0),
                                             ["Ctrl+0"], "The desktop's own text size")
        self.menu.addSeparator()
        self.sidebar_action = self._add("Show side&bar", self._toggle_sidebar, ["Ctrl+B"], "")
        self.sidebar_action.setCheckable(True)
        self.sidebar_action.setChecked(True)
        keys = self.sidebar_action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
        self.sidebar_action.setToolTip(f"Show or hide the assistants and topics ({keys}; folds away by itself "
                                       "when the window is narrow)")
        self.menu.addSeparator()
        self.notifications_action = QAction("Desktop &notifications", self._window)
        self.notifications_action.setToolTip("Tell me when a reply finishes while the window is away, and "
                                             "what a scheduled memory dream did")
        self.notifications_action.setCheckable(True)
        self.notifications_action.setChecked(self.prefs.notifications)
        self.notifications_action.toggled.connect(self.prefs.set_notifications)
        self.menu.addAction(self.notifications_action)
        self._hidden_by_hand = False
        self._narrow = False
        window.installEventFilter(self)

    def _add(self, text: str, slot: object, keys: list[QKeySequence.StandardKey | str], tip: str) -> QAction:
        a = QAction(text, self._window)
        shortcuts: list[QKeySequence] = []
        for k in keys:
            shortcuts += QKeySequence.keyBindings(k) if isinstance(k, QKeySequence.StandardKey) else [QKeySequence(k)]
        a.setShortcuts(list(dict.fromkeys(shortcuts)))
        a.setToolTip(tip)
        a.triggered.connect(slot)
        self._window.addAction(a)
        self.menu.addAction(a)
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
