"""The main window's actions and menus (issue #2; split from ``main_window``): every
menu action with its shortcut and tooltip, the app menu behind the rail's ⋯ button
(issue 29: no classic menu bar, as in Cherry Studio or LobeHub; on macOS its submenus
also fill the native menu bar), and the icons of the menu actions. The builders set the actions as attributes of the window, which its
components reach through their Protocols; each builder is given the window typed as the
Protocol of what it uses (:class:`ActionsHost`, :class:`MenusHost`, :class:`ChromeHost`,
:class:`DecoratedHost`; issue 29) and, where it owns widgets, the window as their owner.
"""

from __future__ import annotations

import html
import sys
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QCoreApplication, QSize
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QComboBox, QLabel, QMainWindow, QMenu, QToolButton, QWidget

from chathub_desktop.gui.context.compaction_controller import COMPACT_TEXT
from chathub_desktop.gui.design.icons import Icon, icon
from chathub_desktop.gui.design.tokens import IconSize
from chathub_desktop.gui.shell.i18n import QT_TRANSLATE_NOOP, Texts, fill, said
from chathub_desktop.gui.shell.nav_rail import NavRail, PageHost, PageId, PageShortcuts, RailRoutes

if TYPE_CHECKING:
    from chathub_desktop.gui.chat.reply_versions import ReplyVersionsController
    from chathub_desktop.gui.chat.send_controller import SendController
    from chathub_desktop.gui.context.compaction_controller import CompactionController
    from chathub_desktop.gui.search.search_controller import SearchController
    from chathub_desktop.gui.shell.view_menu import ViewController
    from chathub_desktop.gui.shell.window_pages import WindowPages
    from chathub_desktop.gui.topics.topic_actions import TopicActions
    from chathub_desktop.gui.topics.topic_delete import TopicDeletes
    from chathub_desktop.gui.topics.topic_sidebar import TopicSidebar


#: The key that opens the app menu (GNOME and KDE open a window's menu with F10).
APP_MENU_KEY = "F10"


def tool_button(action: QAction, label: str, glyph: Icon) -> QToolButton:
    """An icon button for ``action`` (issue 29): the icon ``glyph``, the action's tooltip,
    ``label`` as its accessible name (and the action's icon text, so menus keep the
    action's own text); it follows the action's enabled state."""
    action.setIcon(icon(glyph))
    action.setIconText(label)
    b = QToolButton()
    b.setDefaultAction(action)
    b.setAutoRaise(True)
    b.setAccessibleName(label)
    b.setIconSize(QSize(IconSize.MD, IconSize.MD))
    return b


def window_action(owner: QWidget, text: str, slot: object, shortcut: QKeySequence | str | None = None,
                  tip: str = "") -> QAction:
    """A QAction ``text`` of ``owner`` that calls ``slot``, with ``shortcut`` and ``tip``
    (tooltip and status tip); added to ``owner`` so the shortcut works without a menu."""
    a = QAction(text, owner)
    if shortcut is not None:
        a.setShortcuts([QKeySequence(shortcut)])  # setShortcut() would build Qt's namespace
    set_tip(a, tip)
    a.triggered.connect(slot)
    owner.addAction(a)
    return a


def set_tip(a: QAction, tip: str) -> None:
    """``tip`` as ``a``'s tooltip and status tip (nothing for an empty ``tip``)."""
    if tip:
        a.setToolTip(tip)
        a.setStatusTip(tip)


class ActionsHost(Protocol):
    """What :func:`build_actions` and :func:`retranslate_actions` use of the window (issue
    29): what the actions call (the pages, the topic commands, sending, compaction, the
    rail's menu) and the actions themselves, which they set; the main window is one."""

    pages: WindowPages
    page_host: PageHost
    rail: NavRail
    sending: SendController
    compaction: CompactionController
    import_action: QAction
    import_format_actions: list[QAction]
    quit_action: QAction
    providers_action: QAction
    back_action: QAction
    app_menu_action: QAction
    new_assistant_action: QAction
    edit_assistant_action: QAction
    memory_action: QAction
    about_action: QAction
    data_folder_action: QAction
    shortcuts_action: QAction
    setup_action: QAction
    new_topic_action: QAction
    rename_topic_action: QAction
    delete_topic_action: QAction
    stop_action: QAction
    compact_action: QAction
    summary_action: QAction
    system_agent_action: QAction

    def request_quit(self) -> None:
        """Quit (the app ends even with a tray)."""
        ...

    def new_topic(self, *, private: bool = False) -> None:
        """Start a new topic."""
        ...

    def rename_topic(self) -> None:
        """Rename the selected topic."""
        ...

    def delete_topic(self) -> bool:
        """Delete the selected topic (after asking)."""
        ...


def build_actions(w: ActionsHost, owner: QWidget) -> None:
    """Create the window's menu actions as attributes of ``w`` (each with its shortcut,
    added to ``owner``, the window as a widget, so its shortcut works before a menu shows
    it); their texts and tooltips come from :func:`retranslate_actions`."""
    w.import_action = window_action(owner, "", lambda *_: w.pages.open_import(), "Ctrl+I")
    from chathub_desktop.core.export_formats import FORMATS

    w.import_format_actions = [
        window_action(owner, "", lambda *_, name=f.name: w.pages.open_import(name), None) for f in FORMATS]
    w.quit_action = window_action(owner, "", w.request_quit, "Ctrl+Q")
    w.providers_action = window_action(owner, "", w.pages.open_settings, "Ctrl+,")
    w.back_action = window_action(owner, "", lambda: w.page_host.show_page(PageId.CHATS), "Esc")
    w.app_menu_action = window_action(owner, "", lambda: w.rail.more.showMenu(), APP_MENU_KEY)
    w.new_assistant_action = window_action(owner, "", w.pages.open_new_assistant, None)
    w.edit_assistant_action = window_action(owner, "", w.pages.open_edit_assistant, "Ctrl+E")
    w.memory_action = window_action(owner, "", w.pages.open_memory, "Ctrl+M")
    w.about_action = window_action(owner, "", w.pages.open_about, None)
    w.data_folder_action = window_action(owner, "", w.pages.open_data_folder, None)
    w.shortcuts_action = window_action(owner, "", w.pages.open_shortcuts, "Ctrl+/")
    w.setup_action = window_action(owner, "", w.pages.open_setup, None)
    w.new_topic_action = window_action(owner, "", w.new_topic, "Ctrl+N")
    w.rename_topic_action = window_action(owner, "", w.rename_topic, "F2")
    w.delete_topic_action = QAction(owner)
    w.delete_topic_action.setShortcuts(QKeySequence.StandardKey.Delete)
    w.delete_topic_action.triggered.connect(w.delete_topic)
    w.stop_action = window_action(owner, "", w.sending.stop_current, "Esc")
    w.compact_action = window_action(owner, "", lambda: w.compaction.compact_topic(), "Ctrl+Shift+K")
    w.summary_action = window_action(owner, "", lambda: w.compaction.open_summary(), "Ctrl+Shift+S")
    w.system_agent_action = window_action(owner, "", w.pages.open_system_agent, None)
    retranslate_actions(w)


def _t(text: str) -> str:
    """``text``, marked elsewhere in context ``WindowActions``, in the interface language."""
    return QCoreApplication.translate("WindowActions", text)


def retranslate_actions(w: ActionsHost) -> None:
    """Set the text and tooltip of every action :func:`build_actions` made, in the
    interface language (at build and on each language change, issue 27)."""
    translate = QCoreApplication.translate
    texts: dict[QAction, tuple[str, str]] = {
        w.import_action: (translate("WindowActions", "Chat history export…"),
                          translate("WindowActions", "Import conversations from a ChatGPT, Claude, Open WebUI or "
                                              "LibreChat export (the format is detected)")),
        w.quit_action: (translate("WindowActions", "&Quit"),
                        translate("WindowActions", "Quit ChatHub Desktop (a reply being written is kept as interrupted)")),
        w.providers_action: (translate("WindowActions", "&Providers…"),
                             translate("WindowActions", "Settings: LLM providers and their API keys, models, the System "
                                                 "Agent, tools, storage and appearance (Ctrl+,)")),
        w.back_action: (translate("WindowActions", "Back to chats"),
                        translate("WindowActions", "Leave Settings or Search for the chats (Esc)")),
        w.app_menu_action: (translate("WindowActions", "Open the menu"),
                            fill(translate("WindowActions", "The app menu: import, topic, assistant, view, help (%1)"),
                                 APP_MENU_KEY)),
        w.new_assistant_action: (translate("WindowActions", "&New…"), translate("WindowActions", "Create an assistant (Alt+A, N)")),
        w.edit_assistant_action: (translate("WindowActions", "&Edit…"),
                                  translate("WindowActions", "Edit the selected assistant's settings (Ctrl+E)")),
        w.memory_action: (translate("WindowActions", "&Memory…"),
                          translate("WindowActions", "The selected assistant's memory: switch, fixed memory and the "
                                              "memory dream (Ctrl+M)")),
        w.about_action: (translate("WindowActions", "&About ChatHub Desktop"),
                         translate("WindowActions", "Version, data folder, database and where API keys are kept")),
        w.data_folder_action: (translate("WindowActions", "Open &data folder"),
                               translate("WindowActions", "Show the folder holding your data in the file manager")),
        w.shortcuts_action: (translate("WindowActions", "&Keyboard shortcuts"),
                             translate("WindowActions", "Every keyboard shortcut of the window (Ctrl+/)")),
        w.setup_action: (translate("WindowActions", "&Setup…"),
                         translate("WindowActions", "The first-run setup: a provider, an assistant, your history")),
        w.new_topic_action: (translate("WindowActions", "New &topic"),
                             translate("WindowActions", "Start a new topic with this assistant (Ctrl+N)")),
        w.rename_topic_action: (translate("WindowActions", "&Rename topic"),
                                translate("WindowActions", "Rename the selected topic (F2)")),
        w.delete_topic_action: (translate("WindowActions", "&Delete topic"),
                                translate("WindowActions", "Delete the selected topic and its messages (Del)")),
        w.stop_action: (translate("WindowActions", "Stop"),
                        translate("WindowActions", "Stop the reply being written, or the compaction running, "
                                            "in this topic (Esc)")),
        w.summary_action: (translate("WindowActions", "View topic &summary…"),
                           translate("WindowActions", "The topic's rolling summary, its model, Copy / Export and the "
                                               "compaction debug log (Ctrl+Shift+S)")),
        w.system_agent_action: (translate("WindowActions", "System &Agent…"),
                                translate("WindowActions", "History Compress model, topic naming model and summary "
                                                    "archives")),
    }
    for a, (text, tip) in texts.items():
        a.setText(text)
        set_tip(a, tip)
    w.delete_topic_action.setStatusTip("")  # a plain QAction before: tooltip only
    w.compact_action.setText(_t(COMPACT_TEXT))
    set_tip(w.compact_action, translate("WindowActions", "Summarize this topic's completed turns now with the History "
                                                  "Compress model; messages stay (Ctrl+Shift+K)"))
    from chathub_desktop.core.export_formats import FORMATS

    for a, f in zip(w.import_format_actions, FORMATS, strict=True):
        a.setText(fill(translate("WindowActions", "%1 export…"), f.label))
        set_tip(a, fill(translate("WindowActions", "Import conversations from a %1 export. %2"), f.label,
                        translate("ServiceReasons", f.how_to_export)))  # issue 27


class ChromeHost(ActionsHost, Protocol):
    """What :func:`retranslate_window` re-says besides the actions: the topic list's
    column, the assistant selection, the opening and store-wait lines."""

    sidebar: TopicSidebar
    assistant_combo: QComboBox
    opening: QLabel
    store_wait_label: QLabel


def retranslate_window(w: ChromeHost) -> None:
    """Set the window's own chrome (the topic list's heading and buttons, the opening and
    store-wait lines) and its actions in the interface language. The menus re-say their
    own titles (:func:`title_menus`, and the View menu its texts): a menu is a top-level
    widget, so a sweep of top-level widgets (the app's exit, a test's teardown, a script
    closing one of two windows) may delete it before its window, which then must not
    touch it on a language change (session 51)."""
    translate = QCoreApplication.translate
    retranslate_actions(w)
    w.sidebar.retranslate()
    w.assistant_combo.setAccessibleName(translate("MainWindow", "Assistant"))
    w.opening.setText(f'<div align="center">{html.escape(translate("Composer", "Opening your chats…"))}</div>')
    w.store_wait_label.setText(translate("MainWindow", "Waiting for the store — another ChatHub process is writing…"))


def title_menus(w: MenusHost) -> None:
    """Title the app menu and its submenus in the interface language, now and after each
    switch: each menu re-says its own title on the language change it hears (a
    :class:`~chathub_desktop.gui.shell.i18n.Texts` of its own), so a menu deleted before
    its window takes its binding with it (session 51)."""
    titles = ((w.app_menu, QT_TRANSLATE_NOOP("WindowActions", "Menu")),
              (w.import_menu, QT_TRANSLATE_NOOP("WindowActions", "&Import")),
              (w.topic_menu, QT_TRANSLATE_NOOP("WindowActions", "&Topic")),
              (w.assistant_menu, QT_TRANSLATE_NOOP("WindowActions", "&Assistant")),
              (w.settings_menu, QT_TRANSLATE_NOOP("WindowActions", "&Settings")),
              (w.help_menu, QT_TRANSLATE_NOOP("WindowActions", "&Help")))
    for menu, title in titles:
        Texts(menu).bind(menu.setTitle, said("WindowActions", title))


class MenusHost(ActionsHost, Protocol):
    """What :func:`build_menus` and :func:`title_menus` use of the window (issue 29): its
    actions, the controllers whose actions the menus hold (search, reply versions, the
    topic deletes' Undo, the View menu), the rail and the page host; and the menus, the
    rail's routes and the page keys, which they set; the main window is one."""

    search: SearchController
    versions: ReplyVersionsController
    deletes: TopicDeletes
    view: ViewController
    app_menu: QMenu
    import_menu: QMenu
    topic_menu: QMenu
    assistant_menu: QMenu
    settings_menu: QMenu
    help_menu: QMenu
    rail_routes: RailRoutes
    page_keys: PageShortcuts


def build_menus(w: MenusHost, owner: QMainWindow) -> None:
    """Build the app menu (the rail's ⋯ button, F10; on macOS the menu bar of ``owner``,
    the window as a widget, which owns the menus) from ``w``'s actions and its
    controllers' (search, reply versions, the View menu), with the rail's routes and the
    keys each page owns. The topic actions add their entries to the Topic and Import
    menus after (:class:`~chathub_desktop.gui.topics.topic_actions.TopicActions`)."""
    app_menu = w.app_menu = QMenu(owner)
    import_menu = w.import_menu = QMenu(owner)
    import_menu.addAction(w.import_action)
    import_menu.addSeparator()
    for action in w.import_format_actions:
        import_menu.addAction(action)
    topic_menu = w.topic_menu = QMenu(owner)
    topic_menu.addAction(w.search.action)
    topic_menu.addAction(w.new_topic_action)
    topic_menu.addAction(w.rename_topic_action)
    topic_menu.addAction(w.delete_topic_action)
    topic_menu.addAction(w.deletes.undo_action)
    topic_menu.addSeparator()
    topic_menu.addAction(w.compact_action)
    topic_menu.addAction(w.summary_action)
    topic_menu.addSeparator()
    topic_menu.addAction(w.stop_action)
    topic_menu.addAction(w.versions.regenerate_action)
    topic_menu.addMenu(w.versions.regenerate_with_menu)
    assistant_menu = w.assistant_menu = QMenu(owner)
    assistant_menu.addAction(w.new_assistant_action)
    assistant_menu.addAction(w.edit_assistant_action)
    assistant_menu.addAction(w.memory_action)
    settings_menu = w.settings_menu = QMenu(owner)
    settings_menu.addAction(w.providers_action)
    settings_menu.addAction(w.system_agent_action)
    w.rail_routes = RailRoutes(w.rail, w.page_host, topics=w.view.sidebar_action,
                               memory=w.memory_action, search=w.search.action,
                               settings=w.providers_action)
    # Esc stops a reply on the chats and Memory pages and goes back from Settings and Search;
    # what acts on the open topic is the chats page's alone (walk56 #2); Ctrl+B also flips
    # Settings' "Show sidebar" switch, shown there
    w.page_keys = PageShortcuts(w.page_host, {
        PageId.CHATS: [w.new_topic_action, w.rename_topic_action, w.delete_topic_action, w.deletes.undo_action,
                       w.compact_action, w.summary_action, w.versions.regenerate_action, w.edit_assistant_action,
                       w.stop_action, w.view.sidebar_action],
        PageId.MEMORY: [w.stop_action],
        PageId.SETTINGS: [w.back_action, w.view.sidebar_action], PageId.SEARCH: [w.back_action]})
    help_menu = w.help_menu = QMenu(owner)
    help_menu.addAction(w.setup_action)
    help_menu.addAction(w.shortcuts_action)
    help_menu.addAction(w.data_folder_action)
    submenus = (import_menu, topic_menu, assistant_menu, w.view.menu, settings_menu, help_menu)
    for m, glyph in zip(submenus, (Icon.IMPORT, Icon.CHATS, Icon.SYSTEM_AGENT, Icon.THEME, Icon.SETTINGS, Icon.HELP),
                        strict=True):
        m.menuAction().setIcon(icon(glyph))
        app_menu.addMenu(m)
    app_menu.addSeparator()
    app_menu.addAction(w.about_action)
    app_menu.addAction(w.quit_action)
    if sys.platform == "darwin":  # the native menu bar, as every Mac app has
        for m in submenus:
            owner.menuBar().addMenu(m)
    for m in (app_menu, *submenus):
        m.setToolTipsVisible(True)
    w.rail.set_app_menu(app_menu, APP_MENU_KEY)
    title_menus(w)


class DecoratedHost(MenusHost, Protocol):
    """What :func:`decorate_actions` puts icons on: the menus' actions and the topic actions'."""

    topic_actions: TopicActions


def decorate_actions(w: DecoratedHost) -> None:
    """An icon on every menu action that has a conventional one (issue 29)."""
    glyphs = {
        w.import_action: Icon.IMPORT, w.quit_action: Icon.QUIT, w.providers_action: Icon.PROVIDERS,
        w.new_assistant_action: Icon.NEW_ASSISTANT, w.edit_assistant_action: Icon.EDIT_ASSISTANT,
        w.memory_action: Icon.MEMORY,
        w.system_agent_action: Icon.SYSTEM_AGENT, w.about_action: Icon.ABOUT,
        w.data_folder_action: Icon.FOLDER, w.shortcuts_action: Icon.SHORTCUTS,
        w.setup_action: Icon.SETUP, w.stop_action: Icon.STOP, w.compact_action: Icon.COMPACT,
        w.summary_action: Icon.SUMMARY, w.search.action: Icon.SEARCH,
        w.versions.regenerate_action: Icon.REGENERATE, w.deletes.undo_action: Icon.UNDO,
        w.topic_actions.pin_action: Icon.PIN, w.topic_actions.archive_action: Icon.ARCHIVE,
        w.topic_actions.import_action: Icon.IMPORT, w.view.sidebar_action: Icon.SIDEBAR,
        w.view.larger_action: Icon.LARGER, w.view.smaller_action: Icon.SMALLER,
        w.view.notifications_action: Icon.NOTIFICATIONS, w.back_action: Icon.BACK, w.app_menu_action: Icon.MORE,
    }
    glyphs.update(dict.fromkeys(w.import_format_actions, Icon.IMPORT_FILE))
    for action, glyph in glyphs.items():
        action.setIcon(icon(glyph))
