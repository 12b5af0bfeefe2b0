"""The navigation rail and the page host of the main window (issue 29).

:class:`NavRail` is the slim column at the window's left: the assistant switcher as a
round avatar with the assistant's initial at the top (its menu lists the assistants and
New / Edit assistant), then Chats, Memory and Search, and Settings and the app menu (⋯) at the bottom. It
holds no window: the caller gives it the actions of its menu and hears
``entry_chosen(RailEntry)`` and ``assistant_chosen(int)``.

:class:`PageHost` is the stack of pages beside the rail, addressed by :class:`PageId`:
``add_page(PageId.MEMORY, page)`` once and the rail's Memory entry shows it in the
window; an entry without a page falls back to what the caller opens instead.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass

import shiboken6
from PySide6.QtCore import QCoreApplication, QEvent, QObject, QSize, Signal
from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QMenu,
    QStackedWidget,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from chathub_desktop.gui.design import is_dark
from chathub_desktop.gui.design.avatar import (
    avatar_icon,
    avatar_text,
    initial_of,
    is_emoji,
    set_avatar_tone,
)
from chathub_desktop.gui.design.icons import Icon, icon
from chathub_desktop.gui.design.tokens import PENDING_TONE, IconSize, Space
from chathub_desktop.gui.shell.i18n import QT_TRANSLATE_NOOP, Texts, fill

__all__ = ["AssistantItem", "NavRail", "PageHost", "PageId", "PageShortcuts", "RailEntry", "RailRoutes", "initial_of",
           "shell"]


class PageId(enum.Enum):
    """A page the window shows beside the rail."""

    CHATS = "chats"
    MEMORY = "memory"
    SEARCH = "search"
    SETTINGS = "settings"


class RailEntry(enum.Enum):
    """An entry of the rail; the value is its English accessible name (marked for
    translation: the rail shows :meth:`label`)."""

    CHATS = QT_TRANSLATE_NOOP("NavRail", "Chats")
    MEMORY = QT_TRANSLATE_NOOP("NavRail", "Memory")
    SEARCH = QT_TRANSLATE_NOOP("NavRail", "Search")
    SETTINGS = QT_TRANSLATE_NOOP("NavRail", "Settings")

    def label(self) -> str:
        """The entry's name in the interface language (issue 27)."""
        return _tr(self.value)


def _tr(text: str) -> str:
    """``text``, marked in context ``NavRail``, in the interface language."""
    return QCoreApplication.translate("NavRail", text)


@dataclass(frozen=True)
class _Look:
    icon: Icon
    tip: str


_LOOKS = {
    RailEntry.CHATS: _Look(Icon.CHATS, QT_TRANSLATE_NOOP("NavRail", "The assistant's topics and the open chat; "
                                                         "click again to show or hide the topics (Ctrl+B)")),
    RailEntry.MEMORY: _Look(Icon.MEMORY, QT_TRANSLATE_NOOP(
        "NavRail", "The assistant's memory: fixed memory and the memory dream (Ctrl+M)")),
    RailEntry.SEARCH: _Look(Icon.SEARCH, QT_TRANSLATE_NOOP("NavRail", "Search every topic's messages (Ctrl+K)")),
    RailEntry.SETTINGS: _Look(Icon.SETTINGS, QT_TRANSLATE_NOOP("NavRail", "Providers, models and the System Agent "
                                                                          "(Ctrl+,)")),
}

#: Side of an entry's square button, px.
BUTTON_SIDE = IconSize.LG + 2 * Space.LG

#: The entry that stands for each page (its button is shown checked).
_ENTRY_OF_PAGE = {PageId.CHATS: RailEntry.CHATS, PageId.MEMORY: RailEntry.MEMORY,
                  PageId.SEARCH: RailEntry.SEARCH, PageId.SETTINGS: RailEntry.SETTINGS}


@dataclass(frozen=True)
class AssistantItem:
    """One assistant of the switcher's menu: its id, name and chosen avatar (None: its
    initial; walk29 #23)."""

    id: int
    name: str
    avatar: str | None = None


def _centred(widget: QWidget) -> QHBoxLayout:
    """A row holding ``widget`` in its middle (no ``Qt`` alignment flag: the rail is built
    before first paint, when PySide6's ``Qt`` namespace is not loaded yet)."""
    row = QHBoxLayout()
    row.setContentsMargins(0, 0, 0, 0)
    row.addStretch(1)
    row.addWidget(widget)
    row.addStretch(1)
    return row


def _entry(label: str, action: QAction, parent: QWidget) -> QAction:
    """A menu entry named ``label`` (marked in context ``NavRail``; shown translated) that
    triggers ``action`` and follows its icon, tooltip and enabled state."""
    entry = QAction(action.icon(), _tr(label), parent)
    entry.setToolTip(action.toolTip())
    action.changed.connect(lambda: entry.setToolTip(action.toolTip()))
    entry.setEnabled(action.isEnabled())
    action.enabledChanged.connect(entry.setEnabled)
    action.changed.connect(lambda: entry.setIcon(action.icon()))
    entry.triggered.connect(action.trigger)
    return entry


class NavRail(QFrame):
    """The rail. ``assistant_actions``: (label, action) of the entries under the
    assistant list in the avatar's menu, e.g. ("New assistant…", Assistant → New…): each
    entry shows the label, triggers the action and follows its enabled state.

    ``entry_chosen(RailEntry)`` when an entry is clicked; ``assistant_chosen(int)`` when
    an assistant is picked from the avatar's menu. Every control takes Tab focus (a
    tool button's default)."""

    entry_chosen = Signal(RailEntry)
    assistant_chosen = Signal(int)

    def __init__(self, assistant_actions: Sequence[tuple[str, QAction]], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("navRail")
        lay = QVBoxLayout(self)
        lay.setContentsMargins(Space.SM, Space.LG, Space.SM, Space.LG)
        lay.setSpacing(Space.SM)
        self.avatar = QToolButton(self)
        self.avatar.setObjectName("assistantAvatar")
        self.avatar.setFixedSize(IconSize.AVATAR, IconSize.AVATAR)
        self.avatar.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.menu = QMenu(self.avatar)
        self.menu.setToolTipsVisible(True)
        self.avatar.setMenu(self.menu)
        self._labels = tuple(label for label, _action in assistant_actions)
        self._assistant_actions = tuple(_entry(label, action, self) for label, action in assistant_actions)
        #: The assistants shown (None: not read yet, the avatar waits blank on a neutral tone
        #: rather than offering "+" to a user who has some; walk45 #4).
        self._items: tuple[Sequence[AssistantItem], int | None] | None = None
        self._dark = False
        self._menu_keys = ""
        self._group = QActionGroup(self)
        lay.addLayout(_centred(self.avatar))
        lay.addSpacing(Space.MD)
        self.buttons: dict[RailEntry, QToolButton] = {}
        for entry, look in _LOOKS.items():
            if entry is RailEntry.SETTINGS:
                lay.addStretch(1)
            b = QToolButton(self)
            b.setObjectName("railButton")
            b.setIcon(icon(look.icon))
            b.setIconSize(QSize(IconSize.LG, IconSize.LG))
            b.setCheckable(entry in _ENTRY_OF_PAGE.values())
            b.setFixedSize(BUTTON_SIDE, BUTTON_SIDE)
            b.clicked.connect(lambda _c=False, e=entry: self._clicked(e))
            lay.addLayout(_centred(b))
            self.buttons[entry] = b
        self.more = QToolButton(self)
        self.more.setObjectName("railButton")
        self.more.setIcon(icon(Icon.MORE))
        self.more.setIconSize(QSize(IconSize.LG, IconSize.LG))
        self.more.setFixedSize(BUTTON_SIDE, BUTTON_SIDE)
        self.more.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        lay.addLayout(_centred(self.more))
        self.show_page(PageId.CHATS)
        self.retranslate()
        # the avatar's menu re-says itself on the change it hears, not through the rail: a
        # top-level widget, it may be deleted before the rail (session 51)
        self._menu_texts = Texts(self.menu)
        self._menu_texts.call(self._say_menu)

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        """Re-set the texts when the interface language changes (issue 27); paint the
        menu's emoji discs again for a new theme (issue 29: their ground is the theme's),
        unless that menu was deleted first (rail51: the rebuild raised then)."""
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        elif (event.type() == QEvent.Type.PaletteChange and self._items is not None and self._dark != is_dark()
              and shiboken6.isValid(self.menu)):
            self.set_assistants(*self._items)
        super().changeEvent(event)

    def retranslate(self) -> None:
        """Set every text of the rail in the interface language."""
        self.setAccessibleName(QCoreApplication.translate("NavRail", "Navigation"))
        for entry, b in self.buttons.items():
            tip = _tr(_LOOKS[entry].tip)
            b.setToolTip(fill(QCoreApplication.translate("NavRail", "%1: %2"), entry.label(), tip))
            b.setAccessibleName(entry.label())
            b.setAccessibleDescription(tip)
        for label, act in zip(self._labels, self._assistant_actions, strict=True):
            act.setText(_tr(label))
        self.more.setAccessibleName(QCoreApplication.translate("NavRail", "Menu"))
        tip = QCoreApplication.translate("NavRail", "Import, topic, assistant, view and help; About and Quit")
        self.more.setToolTip(fill(QCoreApplication.translate("NavRail", "Menu: %1 (%2)"), tip, self._menu_keys))
        self.more.setAccessibleDescription(tip)

    def _say_menu(self) -> None:
        """The avatar and its menu of assistants in the interface language."""
        if self._items is not None:
            self.set_assistants(*self._items)
        else:
            self._pending()

    def _pending(self) -> None:
        """Before the first read: the assistant menu's actions, a blank neutral avatar."""
        self.menu.clear()
        for act in self._assistant_actions:
            self.menu.addAction(act)
        self.avatar.setText("")
        # set before the avatar's first polish, which applies it: a repolish here built
        # the style's enums before the first paint (~30 ms)
        self.avatar.setProperty("avatarTone", PENDING_TONE)
        what = QCoreApplication.translate("NavRail", "Assistant")
        self.avatar.setAccessibleName(what)  # named, and said on hover, from the first paint (issue 29)
        self.avatar.setToolTip(fill(QCoreApplication.translate("NavRail", "%1. Switch assistant, or create or edit "
                                                                          "one"), what))

    def set_app_menu(self, menu: QMenu, keys: str) -> None:
        """The menu of the rail's last button: the app's menu (import, topic, assistant,
        view, help, about, quit), opened also with ``keys``."""
        self.more.setMenu(menu)
        self._menu_keys = keys
        self.retranslate()

    def set_assistants(self, items: Sequence[AssistantItem], current: int | None) -> None:
        """List ``items`` in the avatar's menu, each with its own avatar (walk29 #23), with
        ``current`` checked; the avatar shows its initial on its colour (a "+" on the
        accent when there is no assistant yet)."""
        self._items = (tuple(items), current)
        self._dark = is_dark()  # the theme the menu's icons were painted for
        self.menu.clear()
        for a in self._group.actions():
            self._group.removeAction(a)
        name, shown = "", None
        for item in items:
            act = self.menu.addAction(avatar_icon(item.name, item.id, avatar=item.avatar), item.name)
            act.setCheckable(True)
            act.setChecked(item.id == current)
            act.setToolTip(fill(QCoreApplication.translate("NavRail", "Show %1's topics"), item.name))
            self._group.addAction(act)
            act.triggered.connect(lambda _c=False, aid=item.id: self.assistant_chosen.emit(aid))
            if item.id == current:
                name, shown = item.name, item.avatar
                bold = act.font()
                bold.setBold(True)  # the shown one: its icon replaces the check mark
                act.setFont(bold)
        if items:
            self.menu.addSeparator()
        for act in self._assistant_actions:
            self.menu.addAction(act)
        glyph = avatar_text(name, shown) if name else "+"
        self.avatar.setText(glyph)
        set_avatar_tone(self.avatar, current if name else None, is_emoji(glyph))
        what = (fill(QCoreApplication.translate("NavRail", "Assistant: %1"), name) if name
                else QCoreApplication.translate("NavRail", "Assistant: none yet"))
        self.avatar.setAccessibleName(what)
        self.avatar.setToolTip(fill(QCoreApplication.translate("NavRail", "%1. Switch assistant, or create or edit "
                                                                          "one"), what))

    def show_page(self, page: PageId) -> None:
        """Check the entry that stands for ``page``."""
        for entry, b in self.buttons.items():
            if b.isCheckable():
                b.setChecked(_ENTRY_OF_PAGE[page] is entry)

    def _clicked(self, entry: RailEntry) -> None:
        b = self.buttons[entry]
        if b.isCheckable() and not b.isChecked():  # a click on the shown page keeps it shown
            b.setChecked(True)
        self.entry_chosen.emit(entry)


class PageHost(QStackedWidget):
    """The window's pages by :class:`PageId`; ``page_shown(PageId)`` after each switch."""

    page_shown = Signal(PageId)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("pageHost")
        self._pages: dict[PageId, QWidget] = {}

    def add_page(self, page_id: PageId, page: QWidget) -> None:
        """Host ``page`` as ``page_id`` (replacing an earlier page of that id)."""
        old = self._pages.pop(page_id, None)
        if old is not None:
            self.removeWidget(old)
        self._pages[page_id] = page
        self.addWidget(page)

    def page(self, page_id: PageId) -> QWidget | None:
        """The page hosted as ``page_id``, if any."""
        return self._pages.get(page_id)

    def current_page_id(self) -> PageId | None:
        """The id of the page shown."""
        return next((pid for pid, w in self._pages.items() if w is self.currentWidget()), None)

    def show_page(self, page_id: PageId) -> bool:
        """Show ``page_id``'s page; False (nothing changes) when none is hosted."""
        page = self._pages.get(page_id)
        if page is None:
            return False
        self.setCurrentWidget(page)
        self.page_shown.emit(page_id)
        return True


def shell(rail: NavRail, host: PageHost, status: QWidget | None = None) -> QWidget:
    """The window's central widget: ``rail`` at the left, ``host`` filling the rest, with
    ``status`` (the status line) under it."""
    central = QWidget()
    row = QHBoxLayout(central)
    row.setContentsMargins(0, 0, 0, 0)
    row.setSpacing(0)
    row.addWidget(rail)
    column = QVBoxLayout()
    column.setSpacing(0)
    column.addWidget(host, 1)
    if status is not None:
        column.addWidget(status)
    row.addLayout(column, 1)
    return central


class PageShortcuts(QObject):
    """Keys that mean one thing: the shortcuts of each page's window actions (``actions``
    by :class:`PageId`; an action may serve several pages) work only while one of its
    pages is shown, so a key the Memory page uses (Ctrl+N adds an entry, Del deletes
    one) never also triggers the chats page's action (New topic, Delete topic), and Esc
    is Stop on the chats page but Back on Settings and Search — Qt runs neither when
    two shortcuts of one window match (issues 29, 30). Every chats-page action that acts
    on the open topic (Pin, Archive, Rename, Regenerate reply, …) is the chats page's
    alone, so no key reaches the hidden chat from another page (walk56 #2: Ctrl+Shift+A
    archived it, and Ctrl+R on a dream card ran neither Regenerate). The menus keep every
    action."""

    def __init__(self, host: PageHost, actions: dict[PageId, list[QAction]]) -> None:
        super().__init__(host)
        self._actions: dict[PageId, list[QAction]] = {page: list(acts) for page, acts in actions.items()}
        self._keys = {a: a.shortcuts() for acts in actions.values() for a in acts}
        self._shown = host.current_page_id() or PageId.CHATS
        host.page_shown.connect(self.scope)
        self.scope(self._shown)

    def add(self, page: PageId, actions: list[QAction]) -> None:
        """Make ``actions`` (built after the menus: the topic actions, New private topic,
        Attach files) ``page``'s too, their keys as they are now, scoped at once."""
        for a in actions:
            self._keys.setdefault(a, a.shortcuts())
            if a not in self._actions.setdefault(page, []):
                self._actions[page].append(a)
        self.scope(self._shown)

    def scope(self, shown: PageId) -> None:
        """Give the actions of ``shown`` their keys and take them from the other pages'."""
        self._shown = shown
        active = self._actions.get(shown, [])
        for a in [a for a in self._keys if a not in active] + list(active):  # take first, then give
            a.setShortcuts(self._keys[a] if a in active else [])


class RailRoutes(QObject):
    """Carries out ``rail``'s entries over ``host``: Chats shows the chats page (on the
    chats page it triggers ``topics``, showing or hiding the topic list); Memory triggers
    ``memory``, which hosts the selected assistant's Memory page and shows it; Search
    and Settings trigger ``search`` and ``settings``, which host their pages and show
    them. The Memory entry follows
    ``memory``'s enabled state; the checked entry follows the page shown."""

    def __init__(self, rail: NavRail, host: PageHost, *, topics: QAction, memory: QAction, search: QAction,
                 settings: QAction) -> None:
        super().__init__(rail)
        self._rail, self._host = rail, host
        self._topics, self._memory, self._search, self._settings = topics, memory, search, settings
        rail.entry_chosen.connect(self.go)
        host.page_shown.connect(rail.show_page)
        rail.buttons[RailEntry.MEMORY].setEnabled(memory.isEnabled())
        memory.enabledChanged.connect(rail.buttons[RailEntry.MEMORY].setEnabled)

    def go(self, entry: RailEntry) -> None:
        """Carry out ``entry`` (see the class docstring)."""
        if entry is RailEntry.CHATS:
            if self._host.current_page_id() is PageId.CHATS:
                self._topics.trigger()
            self._host.show_page(PageId.CHATS)
        else:  # the action hosts and shows the page; until then the shown page stays checked
            self._rail.show_page(self._host.current_page_id() or PageId.CHATS)
            {RailEntry.MEMORY: self._memory, RailEntry.SEARCH: self._search,
             RailEntry.SETTINGS: self._settings}[entry].trigger()
